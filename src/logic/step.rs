//! The next deductions, explained one at a time: what a hint shows a player.
//!
//! [`Logic::next_steps`] replays the solver's strategy (easiest technique first, restarting after
//! every step) from a partly filled grid, but stops at the first placed digit and reports each step:
//! the technique, the cells it rests on (its *basis*), and what it places or eliminates. It only
//! reads the techniques' results, so [`Logic::solve`] and the ratings are unchanged by it.
//!
//! Complexity: as many technique sweeps as steps before the first placement (usually one).

use super::board::{Board, Tables};
use super::{fish, intersections, subsets, Logic, Technique};
use crate::grid::Grid;

/// One deduction of the logical solver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The technique used.
    pub technique: Technique,
    /// The cells the deduction rests on (the pattern a player should look at).
    pub basis: Vec<usize>,
    /// The digit placed, as (cell, digit), for singles.
    pub placement: Option<(usize, u8)>,
    /// The candidates removed, as (cell, digit), for the other techniques.
    pub eliminations: Vec<(usize, u8)>,
}

impl Logic {
    /// The steps the solver takes from `grid` up to and including its first placement; `None`
    /// when the grid is full, contradictory, or the techniques are stuck before placing a digit.
    pub fn next_steps(&mut self, grid: &Grid) -> Option<Vec<Step>> {
        assert_eq!(grid.shape(), self.t.shape, "logical solver built for another shape");
        let (t, b) = (&self.t, &mut self.b);
        b.load(t, grid);
        let mut steps = Vec::new();
        // Each elimination step removes at least one of the at most N³ candidates.
        for _ in 0..=t.n * t.n * t.n {
            if b.broken || b.empty == 0 {
                return None;
            }
            if let Some(step) = single(t, b) {
                steps.push(step);
                return Some(steps);
            }
            steps.push(elimination(t, b)?);
        }
        None
    }
}

/// The first naked single (in cell order), else the first hidden single (in house order).
fn single(t: &Tables, b: &Board) -> Option<Step> {
    let shape = t.shape;
    if let Some(cell) = (0..b.cand.len()).find(|&c| b.cand[c] != 0 && b.cand[c].count_ones() == 1) {
        let digit = b.cand[cell].trailing_zeros() as u8 + 1;
        // One filled peer for each digit the cell cannot take.
        let peers = shape.peers(cell);
        let basis = (1..=t.n as u8)
            .filter(|&d| d != digit)
            .filter_map(|d| peers.iter().copied().find(|&p| b.value[p] == d))
            .collect();
        return Some(Step {
            technique: Technique::NakedSingle,
            basis,
            placement: Some((cell, digit)),
            eliminations: Vec::new(),
        });
    }
    for h in 0..t.house_count() {
        let house = t.house(h);
        for d in 0..t.n {
            let bit = 1u64 << d;
            let mut places = house.iter().filter(|&&c| b.cand[c as usize] & bit != 0);
            if let (Some(&cell), None) = (places.next(), places.next()) {
                let basis = house.iter().map(|&c| c as usize).filter(|&c| c != cell as usize).collect();
                return Some(Step {
                    technique: Technique::HiddenSingle,
                    basis,
                    placement: Some((cell as usize, d as u8 + 1)),
                    eliminations: Vec::new(),
                });
            }
        }
    }
    None
}

/// The first elimination step of the easiest technique that makes one (applied to `b`).
fn elimination(t: &Tables, b: &mut Board) -> Option<Step> {
    let before = b.cand.clone();
    let (technique, basis) = if let Some((technique, _, at)) = intersections::locked_candidates(t, b) {
        let removed = removed_digits(&before, &b.cand);
        let shared = &t.intersections[at].shared;
        (technique, shared.iter().map(|&c| c as usize).filter(|&c| before[c] & removed != 0).collect())
    } else if let Some((technique, (_, h, mask))) = subset(t, b) {
        let cells = t.house(h).iter().enumerate().filter(|(i, _)| mask & (1u64 << i) != 0);
        (technique, cells.map(|(_, &c)| c as usize).collect())
    } else if let Some((_, corners)) = fish::x_wing(t, b) {
        (Technique::XWing, corners.to_vec())
    } else {
        return None;
    };
    let eliminations = before
        .iter()
        .zip(&b.cand)
        .enumerate()
        .flat_map(|(cell, (&was, &now))| digits(was & !now).map(move |d| (cell, d)))
        .collect();
    Some(Step { technique, basis, placement: None, eliminations })
}

/// The first subset step, in the solver's order (pairs before triples, naked before hidden).
fn subset(t: &Tables, b: &mut Board) -> Option<(Technique, subsets::Subset)> {
    for k in [2, 3] {
        for naked in [true, false] {
            let step = if naked { subsets::naked(t, b, k) } else { subsets::hidden(t, b, k) };
            if let Some(found) = step {
                return Some((subsets::technique(naked, k), found));
            }
        }
    }
    None
}

/// The union of the digits removed from any cell.
fn removed_digits(before: &[u64], after: &[u64]) -> u64 {
    before.iter().zip(after).fold(0, |acc, (&was, &now)| acc | (was & !now))
}

/// The digits of a candidate bitset, ascending.
fn digits(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            d
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;
    use crate::logic::Rating;

    fn grid(text: &str) -> Grid {
        format::parse(text, "t", None, None).unwrap().remove(0).puzzle
    }

    #[test]
    fn a_cell_with_one_candidate_is_a_naked_single_resting_on_its_filled_peers() {
        // r1c1 sees 2 and 3 in its row and 4 in its column: it can only be 1.
        let g = grid(".23............4");
        let mut g2 = g.clone();
        g2.set(4, 4);
        g2.set(15, 0);
        let steps = Logic::new(g2.shape()).next_steps(&g2).expect("a step");
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].technique, Technique::NakedSingle);
        assert_eq!(steps[0].placement, Some((0, 1)));
        assert_eq!(steps[0].basis, vec![1, 2, 4]);
    }

    #[test]
    fn the_steps_end_with_a_placement_that_the_solution_agrees_with() {
        let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let puzzle = grid(text);
        let mut logic = Logic::new(puzzle.shape());
        if let Some(steps) = logic.next_steps(&puzzle) {
            let (cell, digit) = steps.last().and_then(|s| s.placement).expect("ends with a placement");
            assert_eq!(puzzle.get(cell), 0);
            assert!((1..=9).contains(&digit));
        }
        let easy = grid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
        let steps = logic.next_steps(&easy).expect("singles solve it");
        assert!(matches!(steps[0].technique, Technique::NakedSingle | Technique::HiddenSingle));
    }

    /// Following the hints from the givens, every placement is the solution's digit and no
    /// elimination removes it, until the grid is full; puzzles of every rating the techniques
    /// solve, from the generator.
    #[test]
    fn following_the_steps_solves_generated_puzzles_without_a_wrong_digit() {
        use crate::puzzle::{generate_unique, PuzzleSpec};
        let shape = crate::grid::Shape::new(3, 3).unwrap();
        for (rating, seed) in [(Rating::Easy, 1), (Rating::Medium, 2), (Rating::Hard, 3), (Rating::Hard, 4)] {
            let budget = std::time::Duration::from_secs(30);
            let made =
                generate_unique(shape, &PuzzleSpec::new(rating), &mut crate::generate::rng_from_seed(seed), budget)
                    .unwrap();
            let (mut grid, solution) = (made.puzzle.clone(), made.solution);
            let mut logic = Logic::new(shape);
            let mut used = std::collections::BTreeSet::new();
            while let Some(steps) = logic.next_steps(&grid) {
                for step in &steps {
                    used.insert(step.technique);
                    assert!(!step.basis.is_empty(), "{:?}", step);
                    for &(cell, d) in &step.eliminations {
                        assert_ne!(solution.get(cell), d, "{:?} removed the solution's digit", step.technique);
                    }
                }
                let (cell, digit) = steps.last().and_then(|s| s.placement).unwrap();
                assert_eq!(digit, solution.get(cell));
                grid.set(cell, digit);
            }
            assert_eq!(grid, solution, "{rating} seed {seed}");
            assert_eq!(used.iter().map(|t| t.level()).max(), Some(rating), "{used:?}");
        }
    }
}
