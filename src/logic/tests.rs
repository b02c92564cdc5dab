//! Soundness and rating tests of the logical solver.

use proptest::prelude::*;

use super::*;
use crate::format;
use crate::generate::{planted, rng_from_seed};

/// Checks the solver's whole state against a known solution: every placed digit is the solution's,
/// and every empty cell keeps the solution's digit among its candidates.
fn assert_agrees(logic: &Logic, solution: &Grid, what: &str) {
    let placed = logic.placed();
    for cell in 0..solution.cells().len() {
        let (v, s) = (placed.get(cell), solution.get(cell));
        if v != 0 {
            assert_eq!(v, s, "{what}: cell {cell} placed {v}, the solution has {s}");
        } else {
            let bit = 1u64 << (s - 1);
            assert_ne!(logic.candidates(cell) & bit, 0, "{what}: cell {cell} lost its solution digit {s}");
        }
    }
}

fn corpus(text: &str) -> Vec<(Grid, Grid)> {
    format::parse(text, "corpus", None, None)
        .expect("the corpus parses")
        .into_iter()
        .map(|e| (e.puzzle, e.solution.expect("corpus lines carry solutions")))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Planted puzzles (often with many solutions): every deduction holds in the planted solution,
    /// at every cap, and a solved grid is that solution.
    #[test]
    fn never_places_a_wrong_digit_on_planted_puzzles(
        shape in prop::sample::select(vec![(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4), (4, 4)]),
        alpha in 0.2f64..0.9,
        seed in any::<u64>(),
    ) {
        let shape = Shape::new(shape.0, shape.1).unwrap();
        let p = planted(shape, alpha, &mut rng_from_seed(seed));
        let mut logic = Logic::new(shape);
        for cap in Rating::ALL {
            let outcome = logic.solve(&p.puzzle, cap);
            prop_assert_ne!(outcome.status, Status::Contradiction);
            assert_agrees(&logic, &p.solution, &format!("{shape} α={alpha} seed={seed} cap={cap}"));
            if outcome.status == Status::Solved {
                prop_assert_eq!(logic.placed(), p.solution.clone());
            }
        }
    }
}

#[test]
fn corpus_puzzles_never_get_a_wrong_digit_and_solved_means_the_known_solution() {
    let sets = [
        include_str!("../../tests/data/puzzle-top95.txt"),
        include_str!("../../tests/data/puzzle-17clue.txt"),
        include_str!("../../tests/data/puzzle-gecode9.txt"),
        include_str!("../../tests/data/puzzle-6x6.txt"),
        include_str!("../../tests/data/puzzle-16x16.txt"),
        include_str!("../../tests/data/puzzle-4x4.txt"),
    ];
    let mut by_rating = [0; 4];
    for text in sets {
        for (i, (puzzle, solution)) in corpus(text).into_iter().enumerate() {
            let mut logic = Logic::new(puzzle.shape());
            let (rating, _) = logic.rate(&puzzle);
            assert_agrees(&logic, &solution, &format!("corpus puzzle {i}"));
            if rating != Rating::Expert {
                assert_eq!(logic.placed(), solution, "corpus puzzle {i}");
            }
            by_rating[rating as usize] += 1;
        }
    }
    // The top95 set is famously beyond these techniques; the gecode and 4×4 ones are not.
    assert!(by_rating[Rating::Expert as usize] >= 25, "{by_rating:?}");
    assert!(by_rating[Rating::Easy as usize] >= 3, "{by_rating:?}");
}

#[test]
fn a_classic_newspaper_puzzle_is_easy_and_a_conflict_is_a_contradiction() {
    let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let puzzle = format::parse(text, "t", None, None).unwrap().remove(0).puzzle;
    let (rating, used) = rate(&puzzle);
    assert_eq!(rating, Rating::Easy);
    assert_eq!(used.count(Technique::NakedSingle) + used.count(Technique::HiddenSingle), 81 - 30);
    let bad = format::parse(&format!("55{}", &text[2..]), "t", None, None).unwrap().remove(0).puzzle;
    assert_eq!(Logic::new(bad.shape()).solve(&bad, Rating::Expert).status, Status::Contradiction);
}

#[test]
fn an_empty_grid_is_stuck_not_solved() {
    let shape = Shape::new(3, 3).unwrap();
    let outcome = Logic::new(shape).solve(&Grid::empty(shape), Rating::Expert);
    assert_eq!(outcome.status, Status::Stuck);
    assert_eq!(outcome.rating(), None);
    assert_eq!(rate(&Grid::empty(shape)).0, Rating::Expert);
}

#[test]
fn the_cap_limits_the_techniques_and_the_rating_is_the_hardest_used() {
    // The top95 and 17-clue samples hold puzzles of every rating; capping the techniques below a
    // puzzle's rating must leave it stuck, and any cap at or above it must solve it.
    let text = [include_str!("../../tests/data/puzzle-top95.txt"), include_str!("../../tests/data/puzzle-17clue.txt")];
    let mut logic = Logic::new(Shape::new(3, 3).unwrap());
    let mut seen = [0; 4];
    for (i, (puzzle, _)) in text.into_iter().flat_map(corpus).enumerate() {
        let (rating, used) = logic.rate(&puzzle);
        seen[rating as usize] += 1;
        if rating == Rating::Expert {
            continue;
        }
        assert_eq!(used.level(), rating);
        for cap in Rating::ALL {
            let solved = logic.solve(&puzzle, cap).status == Status::Solved;
            assert_eq!(solved, cap >= rating, "puzzle {i}: rating {rating}, cap {cap}");
        }
    }
    assert!(seen.iter().all(|&k| k > 0), "every rating occurs in the samples: {seen:?}");
}

#[test]
fn naked_and_hidden_pairs_eliminate_what_they_should() {
    let shape = Shape::new(2, 2).unwrap();
    let t = Tables::new(shape);
    // Naked pair {1,2} in r1c1, r1c2: 1 and 2 leave r1c3, r1c4.
    let mut b = Board::default();
    b.load(&t, &Grid::empty(shape));
    b.cand[0] = 0b0011;
    b.cand[1] = 0b0011;
    assert!(subsets::naked(&t, &mut b, 2).is_some());
    assert_eq!((b.cand[2] & 0b11, b.cand[3] & 0b11), (0, 0));
    // Hidden pair {1,2} in r1c1, r1c2 (1 and 2 removed from r1c3, r1c4): 3 and 4 leave them.
    let mut b = Board::default();
    b.load(&t, &Grid::empty(shape));
    b.remove(2, 0b0011);
    b.remove(3, 0b0011);
    assert!(subsets::hidden(&t, &mut b, 2).is_some());
    assert_eq!((b.cand[0], b.cand[1]), (0b0011, 0b0011));
}

#[test]
fn technique_levels_follow_the_rating_definitions() {
    let levels: Vec<Rating> = Technique::ALL.iter().map(|t| t.level()).collect();
    use Rating::{Easy, Hard, Medium};
    assert_eq!(levels, [Easy, Easy, Medium, Medium, Hard, Hard, Hard, Hard, Hard]);
    let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
    assert_eq!(names[8], "x-wing");
    assert_eq!(serde_json::to_string(&Technique::XWing).unwrap(), "\"x-wing\"");
    assert_eq!(serde_json::to_string(&Rating::Expert).unwrap(), "\"expert\"");
}
