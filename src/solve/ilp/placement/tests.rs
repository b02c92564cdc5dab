//! Tests of `ilp-placement`'s parts as specifications: the Hungarian algorithm against every
//! permutation, the pricer against the enumeration of every placement (4×4, 6×6 with 2×3 boxes,
//! 9×9, a Latin square), the propagation of a node, and the solver on solvable and unsolvable
//! puzzles (HiGHS, behind the process-wide lock every HiGHS call of this crate takes, so tests may
//! run in parallel).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::branch::{children, propagate};
use super::pricing::{assignment, best_placement, placements, Priced};
use super::*;
use crate::generate::{planted, random_fill, rng_from_seed};
use crate::grid::Shape;
use crate::solve::search::backtrack::count_solutions;
use crate::solve::{solve, Outcome};

fn shape(r: usize, c: usize) -> Shape {
    Shape::new(r, c).expect("a valid shape")
}

/// Every permutation of 0..k.
fn permutations(k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(k - 1) {
        for i in 0..=p.len() {
            let mut q = p.clone();
            q.insert(i, k - 1);
            out.push(q);
        }
    }
    out
}

#[test]
fn the_hungarian_algorithm_finds_the_cheapest_permutation_and_refuses_forbidden_pairs() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for k in 1..=6 {
        for _ in 0..40 {
            let cost: Vec<f64> =
                (0..k * k).map(|_| if rng.random::<f64>() < 0.3 { 1e12 } else { rng.random::<f64>() - 0.5 }).collect();
            let best = permutations(k)
                .into_iter()
                .filter(|p| p.iter().enumerate().all(|(r, &c)| cost[r * k + c] < 1e11))
                .map(|p| p.iter().enumerate().map(|(r, &c)| cost[r * k + c]).sum::<f64>())
                .min_by(f64::total_cmp);
            match (assignment(&cost, k), best) {
                (Some((assigned, total)), Some(best)) => {
                    let mut cols = assigned.clone();
                    cols.sort_unstable();
                    assert_eq!(cols, (0..k).collect::<Vec<_>>(), "a permutation");
                    assert!((total - best).abs() < 1e-9, "k {k}: {total} vs {best}");
                }
                (None, None) => {}
                (got, best) => panic!("k {k}: {got:?} vs {best:?}"),
            }
        }
    }
}

/// Checks `best_placement` against the enumeration on `trials` random weightings of the cells
/// `allowed` marks.
fn pricer_agrees_with_enumeration(shape: Shape, allowed: &[bool], trials: usize, seed: u64) {
    let all = placements(shape, allowed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..trials {
        let weight: Vec<f64> = (0..shape.cells()).map(|_| rng.random::<f64>() * 2.0 - 1.0).collect();
        let best = all.iter().map(|p| p.iter().map(|&c| weight[c]).sum::<f64>()).max_by(f64::total_cmp);
        match (best_placement(shape, allowed, &weight, None), best) {
            (Priced::Best { cells, weight: w }, Some(best)) => {
                assert!((w - best).abs() < 1e-9, "{}: pricer {w}, enumeration {best}", shape.family());
                assert!(all.contains(&cells), "the pricer's cells are a placement");
                assert!((cells.iter().map(|&c| weight[c]).sum::<f64>() - w).abs() < 1e-9, "its weight is its cells'");
            }
            (Priced::None, None) => {}
            (got, best) => panic!("{}: pricer {got:?}, enumeration {best:?}", shape.family()),
        }
    }
}

/// The cells where colour `k` is a candidate after the givens of `puzzle`.
fn allowed_for(puzzle: &Grid, k: usize) -> Vec<bool> {
    let graph = ConstraintGraph::shared(puzzle.shape());
    Candidates::new(puzzle, &graph).cells.iter().map(|m| m & 1 << k != 0).collect()
}

#[test]
fn the_pricer_finds_the_best_placement_that_enumeration_finds() {
    // Unrestricted 4×4 (2×2 boxes) and 6×6 (2×3 boxes): every placement allowed; 4·2·2·1 = 16
    // and 6·4·2·2·1·1·3 = 288 of them (row by row, a band's rows avoiding its used boxes).
    for s in [shape(2, 2), shape(2, 3)] {
        let all = vec![true; s.cells()];
        assert_eq!(placements(s, &all).len(), if s.n() == 4 { 16 } else { 288 }, "{}", s.family());
        pricer_agrees_with_enumeration(s, &all, 200, 1);
    }
    // 9×9: 6⁶ = 46 656 placements of a digit on an empty grid, and planted puzzles' candidates.
    let s = shape(3, 3);
    let all = vec![true; s.cells()];
    assert_eq!(placements(s, &all).len(), 46_656);
    pricer_agrees_with_enumeration(s, &all, 30, 2);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for (i, alpha) in [0.2, 0.3, 0.4].into_iter().enumerate() {
        let puzzle = planted(s, alpha, &mut rng).puzzle;
        for k in [0, 4, 8] {
            pricer_agrees_with_enumeration(s, &allowed_for(&puzzle, k), 20, 10 + i as u64);
        }
    }
    // A Latin square of order 5 (boxes are rows): the pricer is one assignment.
    let latin = Shape::latin(5).expect("a Latin shape");
    pricer_agrees_with_enumeration(latin, &vec![true; latin.cells()], 100, 4);
    let mut masked = vec![true; latin.cells()];
    for cell in [0, 6, 12, 18] {
        masked[cell] = false;
    }
    pricer_agrees_with_enumeration(latin, &masked, 100, 5);
}

#[test]
fn the_pricer_says_none_when_a_digit_has_no_placement() {
    let s = shape(2, 2);
    // Row 0 keeps only column 0, row 1 only column 1: both in box 0, so no placement.
    let mut allowed = vec![true; s.cells()];
    for c in 1..4 {
        allowed[s.cell(0, c)] = false;
    }
    for c in [0, 2, 3] {
        allowed[s.cell(1, c)] = false;
    }
    assert!(placements(s, &allowed).is_empty());
    assert_eq!(best_placement(s, &allowed, &vec![0.0; s.cells()], None), Priced::None);
}

#[test]
fn propagation_places_naked_and_hidden_singles_and_finds_contradictions() {
    let s = shape(2, 2);
    let graph = ConstraintGraph::shared(s);
    let all = vec![0b1111u64; s.cells()];
    // x(r1c1, 1) = 1: digit 1 leaves every peer of r1c1.
    let (mut one, mut zero) = children(&all, 0, 0);
    assert!(propagate(s, graph.houses(), &mut one));
    assert_eq!(one[0], 1);
    for peer in s.peers(0) {
        assert_eq!(one[peer] & 1, 0, "peer {peer}");
    }
    // x(r1c1, 1) = 0 alone decides nothing else.
    assert!(propagate(s, graph.houses(), &mut zero));
    assert_eq!(zero[0], 0b1110);
    // Two cells of a row forced to the same digit: a contradiction.
    let mut clash = all.clone();
    clash[0] = 1;
    clash[1] = 1;
    assert!(!propagate(s, graph.houses(), &mut clash));
    // A row where no cell may take digit 4: a contradiction.
    let mut missing = all;
    for c in 0..4 {
        missing[s.cell(0, c)] &= 0b0111;
    }
    assert!(!propagate(s, graph.houses(), &mut missing));
}

fn solver() -> IlpPlacement {
    IlpPlacement::new(&SolverOptions::default())
}

#[test]
fn the_solver_solves_planted_puzzles_and_every_answer_verifies() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for (s, alpha) in [(shape(2, 2), 0.2), (shape(2, 3), 0.3), (shape(3, 3), 0.25), (shape(3, 3), 0.4)] {
        for _ in 0..3 {
            let puzzle = planted(s, alpha, &mut rng).puzzle;
            let report = solve(&mut solver(), &puzzle, &Limits::seconds(60.0)).expect("no backend failure");
            let grid = report.outcome.solution().unwrap_or_else(|| panic!("{}: {report:?}", s.family()));
            assert!(crate::verify::is_solution_of(&puzzle, grid));
            assert!(report.stats.nodes.is_some_and(|n| n >= 1) && report.stats.constraints.is_some());
        }
    }
}

#[test]
fn random_fills_get_the_verdict_backtracking_gets_and_infeasible_ones_say_how() {
    // Random 9×9 fills at α 0.3 (many unsolvable): the verdict agrees with a complete count,
    // and every "infeasible" names its proof (propagation, the root LP, or the exhausted tree).
    let mut proofs = std::collections::BTreeMap::new();
    for seed in 0..150 {
        let puzzle = random_fill(shape(3, 3), 0.3, &mut rng_from_seed(seed));
        if !crate::verify::conflicts(&puzzle).is_empty() {
            continue;
        }
        let solvable = count_solutions(&puzzle, 1).0 > 0;
        let report = solve(&mut solver(), &puzzle, &Limits::seconds(60.0)).expect("no backend failure");
        assert_eq!(matches!(report.outcome, Outcome::Solved(_)), solvable, "seed {seed}: {report:?}");
        if !solvable {
            assert_eq!(report.outcome, Outcome::Infeasible, "seed {seed}");
            let note = report.note.unwrap_or_default();
            let how = ["propagation", "no feasible point", "has no placement", "tree exhausted"]
                .into_iter()
                .find(|how| note.contains(how))
                .unwrap_or_else(|| panic!("seed {seed}: no proof named in {note}"));
            *proofs.entry(how).or_insert(0) += 1;
        }
    }
    assert!(proofs.contains_key("propagation"), "{proofs:?}");
    // Two of tests/data/9x9-unsolvable.txt that backtracking refutes only after guessing: the
    // root LP's Lagrangian bound proves the first, the second's root LP is feasible and only the
    // exhausted branch-and-price tree proves it.
    for (line, how) in [
        ("...98..6..5.3.........1........38..5.....6..3.1..9........52.....2.7.............", "no feasible point"),
        (".2..........4.6.......8...1.61..5.3.7..3.4....94...2...78.32.1.....9.6..9..14...8", "tree exhausted"),
    ] {
        let puzzle = crate::format::parse(line, "test", None, None).expect("a puzzle").remove(0).puzzle;
        let report = solve(&mut solver(), &puzzle, &Limits::seconds(60.0)).expect("no backend failure");
        assert_eq!(report.outcome, Outcome::Infeasible, "{report:?}");
        assert!(report.note.as_ref().is_some_and(|n| n.contains(how)), "{how}: {:?}", report.note);
    }
}

#[test]
fn the_root_lp_alone_refutes_a_dead_end_of_the_givens_before_any_pricing_round() {
    // Row 1 misses digit 1, and the box of its two empty cells already holds a 1: digit 1 has no
    // placement, so the master's convexity row for it is empty and the LP infeasible (the clique
    // model's row for (row 1, digit 1) is empty too).
    let puzzle = crate::format::parse("23....1.........", "test", None, None).expect("a puzzle").remove(0).puzzle;
    let mut root = IlpPlacement::new(&SolverOptions { root: true, ..SolverOptions::default() });
    let report = solve(&mut root, &puzzle, &Limits::seconds(60.0)).expect("no backend failure");
    assert_eq!(report.outcome, Outcome::Infeasible, "{report:?}");
    assert_eq!(report.stats.root_lp, Some(RootLp::Infeasible));
    assert_eq!(report.stats.pricing_rounds, Some(0), "no round priced");
    assert!(report.note.as_deref().unwrap_or("").starts_with("digit 1 has no candidate cell in row 1"), "{report:?}");
}

#[test]
fn a_short_time_limit_is_a_limit_never_a_verdict() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let puzzle = planted(shape(5, 5), 0.3, &mut rng).puzzle;
    let report = solve(&mut solver(), &puzzle, &Limits::seconds(0.05)).expect("no backend failure");
    assert!(matches!(report.outcome, Outcome::LimitReached | Outcome::Solved(_)), "{report:?}");
}
