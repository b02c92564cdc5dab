//! Tests of `ilp-hybrid`: the reading of an LP point and the restart schedule as specifications
//! (no HiGHS), then the solver on planted, unsolvable and hard puzzles (HiGHS, behind the
//! process-wide lock that every HiGHS call of this crate takes, so tests may run in parallel).

use super::branch::{
    budget, fewest_then_most_decided, leanings, most_decided, rounding_order, Leaning, FLOOR_WEIGHT, RESTART_UNIT,
};
use super::*;
use crate::generate::{planted, random_fill, rng_from_seed};
use crate::grid::Shape;
use crate::solve::search::backtrack::count_solutions;
use crate::solve::{solve, Outcome};

#[test]
fn restart_budgets_follow_the_luby_sequence_in_units_of_dead_ends() {
    let luby = [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1];
    let budgets: Vec<u64> = (1..=16).map(budget).collect();
    assert_eq!(budgets, luby.map(|l| l * RESTART_UNIT));
    // Every budget recurs and they grow without bound: run 2^k − 1 gets 2^(k−1) units.
    assert_eq!(budget((1 << 20) - 1), RESTART_UNIT << 19);
}

#[test]
fn rounding_orders_every_candidate_once_and_puts_an_lp_one_first() {
    let weighted = [(0, 0.0), (3, 1.0), (5, 0.0), (7, 0.0)];
    let mut rng = rng_from_seed(1);
    let mut first_is_the_one = 0;
    for _ in 0..1000 {
        let order = rounding_order(&weighted, &mut rng);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [0, 3, 5, 7], "a permutation of the candidates");
        first_is_the_one += usize::from(order[0] == 3);
    }
    // P(a 0-valued digit beats the 1) ≈ 3 · 10⁻³ / 1.001 per draw.
    assert!(first_is_the_one >= 980, "{first_is_the_one} of 1000");
}

#[test]
fn rounding_follows_the_lp_values_in_proportion() {
    // Values 0.75 and 0.25: the first goes first with probability (0.75 + f) / (1 + 2f).
    let weighted = [(1, 0.25), (2, 0.75)];
    let mut rng = rng_from_seed(2);
    let draws = 20_000;
    let first_two = (0..draws).filter(|_| rounding_order(&weighted, &mut rng)[0] == 2).count();
    let expected = (0.75 + FLOOR_WEIGHT) / (1.0 + 2.0 * FLOOR_WEIGHT);
    let share = first_two as f64 / draws as f64;
    assert!((share - expected).abs() < 0.02, "share {share}, expected {expected}");
    // Seeded: the same seed gives the same orders.
    let orders = |seed| {
        let mut rng = rng_from_seed(seed);
        (0..50).map(|_| rounding_order(&weighted, &mut rng)).collect::<Vec<_>>()
    };
    assert_eq!(orders(9), orders(9));
    assert_ne!(orders(9), orders(10));
}

#[test]
fn leanings_skip_placed_cells_and_eliminated_candidates_and_the_branching_rules_pick_as_documented() {
    // Cells 0, 1, 2 with their columns; cell 1 is placed, colour 2 of cell 2 is eliminated.
    let columns = [(0, 0), (0, 1), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)];
    let values = [0.4, 0.6, 1.0, 0.0, 0.3, 0.1, 0.9];
    let placed = |cell: usize| cell == 1;
    let allowed = |cell: usize, colour: usize| !(cell == 2 && colour == 2);
    let got = leanings(&columns, &values, &placed, &allowed);
    assert_eq!(
        got,
        [
            Leaning { cell: 0, colour: 1, value: 0.6, candidates: 2 },
            Leaning { cell: 2, colour: 0, value: 0.3, candidates: 2 },
        ]
    );
    assert_eq!(most_decided(&got).map(|l| l.cell), Some(0));
    // Ties go to the cell with fewer candidates, then to the first.
    let tie = [
        Leaning { cell: 4, colour: 0, value: 0.5, candidates: 3 },
        Leaning { cell: 6, colour: 1, value: 0.5, candidates: 2 },
        Leaning { cell: 8, colour: 1, value: 0.5, candidates: 2 },
    ];
    assert_eq!(most_decided(&tie).map(|l| l.cell), Some(6));
    assert_eq!(most_decided(&[]), None);
    // Fail-first: the fewest candidates win over a larger LP value; the LP breaks the ties.
    let mixed = [
        Leaning { cell: 1, colour: 0, value: 0.9, candidates: 3 },
        Leaning { cell: 2, colour: 1, value: 0.4, candidates: 2 },
        Leaning { cell: 3, colour: 2, value: 0.6, candidates: 2 },
        Leaning { cell: 5, colour: 2, value: 0.6, candidates: 2 },
    ];
    assert_eq!(most_decided(&mixed).map(|l| l.cell), Some(1));
    assert_eq!(fewest_then_most_decided(&mixed).map(|l| l.cell), Some(3));
    assert_eq!(fewest_then_most_decided(&[]), None);
}

fn hybrid() -> Hybrid {
    Hybrid::new(&SolverOptions::default())
}

#[test]
fn solves_planted_9x9_and_16x16_puzzles_and_the_answers_verify() {
    let mut solver = hybrid();
    for (r, c, alpha) in [(3, 3, 0.2), (3, 3, 0.4), (3, 3, 0.5), (4, 4, 0.3), (4, 4, 0.45), (4, 4, 0.6)] {
        for seed in 0..3 {
            let p = planted(Shape::new(r, c).expect("a valid shape"), alpha, &mut rng_from_seed(seed));
            let report = solve(&mut solver, &p.puzzle, &Limits::seconds(60.0)).expect("no backend failure");
            let Outcome::Solved(grid) = &report.outcome else { panic!("{r}×{c} α {alpha} seed {seed}: {report:?}") };
            assert!(is_solution_of(&p.puzzle, grid));
            assert_eq!(report.stats.nodes.map(|n| n >= 1), Some(true));
        }
    }
}

#[test]
fn proves_infeasibility_of_unsolvable_puzzles_by_exhausting_the_search() {
    // Random 9×9 fills that backtracking proves unsolvable and the root propagation does not:
    // the hybrid must say so too, with a note that names how (the root LP, or an exhausted tree).
    let stuck = |g: &Grid| Logic::new(g.shape()).solve(g, Rating::Medium).status == Status::Stuck;
    let unsolvable: Vec<Grid> = (0..3000)
        .map(|seed| random_fill(Shape::new(3, 3).expect("3×3"), 0.35, &mut rng_from_seed(seed)))
        .filter(|g| crate::verify::conflicts(g).is_empty() && stuck(g) && count_solutions(g, 1).0 == 0)
        .take(5)
        .collect();
    assert_eq!(unsolvable.len(), 5, "some 35 % random fills are unsolvable beyond propagation");
    let mut solver = hybrid();
    let mut exhausted = 0;
    for puzzle in &unsolvable {
        let report = solve(&mut solver, puzzle, &Limits::seconds(60.0)).expect("no backend failure");
        assert_eq!(report.outcome, Outcome::Infeasible, "{}", crate::format::to_line(puzzle));
        let note = report.note.unwrap_or_default();
        assert!(note.contains("search tree exhausted") || note.contains("root"), "{note}");
        exhausted += usize::from(note.contains("search tree exhausted"));
    }
    // Found by scanning such fills: one whose root LP is feasible, so only the search proves it.
    let deep = random_fill(Shape::new(3, 3).expect("3×3"), 0.3, &mut rng_from_seed(1794));
    assert!(stuck(&deep) && count_solutions(&deep, 1).0 == 0, "unsolvable beyond propagation");
    let report = solve(&mut solver, &deep, &Limits::seconds(60.0)).expect("no backend failure");
    assert_eq!(report.outcome, Outcome::Infeasible);
    exhausted += usize::from(report.note.is_some_and(|n| n.contains("search tree exhausted")));
    assert!(exhausted >= 1, "at least one proof needs the search, not only the root");
}

#[test]
fn the_same_puzzle_gives_the_same_search() {
    let p = planted(Shape::new(5, 5).expect("5×5"), 0.4, &mut rng_from_seed(3));
    let run = || {
        let report = solve(&mut hybrid(), &p.puzzle, &Limits::seconds(120.0)).expect("no backend failure");
        let s = &report.stats;
        (report.outcome.clone(), s.nodes, s.guesses, s.backtracks, s.lp_iterations, s.lp_solves)
    };
    let first = run();
    assert!(matches!(first.0, Outcome::Solved(_)), "{first:?}");
    assert!(first.5.is_some_and(|k| k >= 1), "the root LP is a HiGHS solve: {first:?}");
    assert_eq!(run(), first);
}

#[test]
fn a_short_time_limit_on_a_hard_36x36_puzzle_is_honoured() {
    // Planted 36×36 at α 0.45: hours for a plain search, and more than 1 s for this solver.
    let p = planted(Shape::new(6, 6).expect("6×6"), 0.45, &mut rng_from_seed(21));
    let report = solve(&mut hybrid(), &p.puzzle, &Limits::seconds(1.0)).expect("no backend failure");
    assert_eq!(report.outcome, Outcome::LimitReached, "{:?}", report.note);
    // Generous: the bound checks that the deadline is polled, not how fast anything runs.
    assert!(report.stats.seconds < 10.0, "stopped after {} s", report.stats.seconds);
}
