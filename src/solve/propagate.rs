//! Presolve by propagation for the MIP models (`SolverOptions::propagate`): naked and hidden singles
//! to a fixpoint before the model is built, so that the model holds only the cells the givens do
//! not force.
//!
//! The singles are the logic module's ([`crate::logic::Logic`] capped at [`Rating::Easy`]); every
//! placement they make holds in every solution, so solving the reduced puzzle solves the original
//! one, and a contradiction (a cell or a house-digit left without a place) proves it has none.
//!
//! Complexity: O(N³) for the tables, then O(N³) per sweep over at most N² placements.
//!
//! [`eliminate`] is the SAT solvers' preprocessing (`SolverOptions::preprocess`): the logic
//! module's techniques up to [`Rating::Hard`] (singles, locked candidates, naked and hidden pairs
//! and triples, X-wing) to a fixpoint, keeping both the placements and the candidates it removed,
//! so that the CNF is built over what is left. Every technique is sound, so the reduced formula
//! has exactly the solutions of the original one (counting stays exact).

use std::time::Instant;

use crate::graph::ConstraintGraph;
use crate::grid::Grid;
use crate::logic::{Logic, Rating, Status, Technique};
use crate::solve::candidates::Candidates;
use crate::solve::{Outcome, Report, Stats};

/// What propagation left of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Propagated {
    /// The singles filled every cell: this is the puzzle's only solution.
    Solved(Grid),
    /// The singles ran into a contradiction: the puzzle has no solution (the reason, in words).
    Infeasible(String),
    /// The puzzle with every forced digit placed, and how many cells that filled.
    Reduced(Grid, usize),
}

/// Naked and hidden singles on `puzzle` to a fixpoint (see the module doc).
pub fn singles(puzzle: &Grid) -> Propagated {
    let mut logic = Logic::new(puzzle.shape());
    let outcome = logic.solve(puzzle, Rating::Easy);
    let placed = outcome.techniques.count(Technique::NakedSingle) + outcome.techniques.count(Technique::HiddenSingle);
    match outcome.status {
        Status::Solved => Propagated::Solved(logic.placed()),
        Status::Contradiction => Propagated::Infeasible(format!(
            "propagation (naked and hidden singles) reached a contradiction after {placed} placements"
        )),
        Status::Stuck => Propagated::Reduced(logic.placed(), placed as usize),
    }
}

/// The MIP solvers' presolve step: with `on`, propagates `puzzle` and returns the reduced puzzle
/// with a note saying how many cells that placed, or `Err(report)` when propagation alone settles
/// the puzzle (the time since `started` counts as model building: no model was needed); without
/// `on`, `Ok(None)`.
pub fn presolve(puzzle: &Grid, on: bool, started: Instant) -> Result<Option<(Grid, String)>, Box<Report>> {
    if !on {
        return Ok(None);
    }
    let (outcome, note) = match singles(puzzle) {
        Propagated::Solved(grid) => {
            (Outcome::Solved(grid), "solved by propagation alone (naked and hidden singles)".into())
        }
        Propagated::Infeasible(why) => (Outcome::Infeasible, why),
        Propagated::Reduced(grid, placed) => {
            let empty = puzzle.cells().len() - puzzle.givens();
            return Ok(Some((grid, format!("propagation placed {placed} of {empty} empty cells"))));
        }
    };
    let stats = Stats {
        build_seconds: started.elapsed().as_secs_f64(),
        variables: Some(0),
        constraints: Some(0),
        ..Stats::default()
    };
    Err(Box::new(Report { outcome, stats, note: Some(note) }))
}

/// What the SAT preprocessing ([`eliminate`]) left of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Eliminated {
    /// The techniques filled every cell: this is the puzzle's only solution.
    Solved(Grid),
    /// The techniques reached a contradiction: no solution (the reason, in words).
    Infeasible(String),
    /// What is left to search.
    Reduced {
        /// The puzzle with every forced digit placed.
        puzzle: Grid,
        /// Per cell, the colours still possible (bit k = colour k; a filled cell keeps its own).
        keep: Vec<u64>,
        /// Cells the techniques filled.
        placed: usize,
        /// Candidates removed beyond what eliminating the givens removes (placements included).
        removed: usize,
    },
}

/// The SAT preprocessing: the logic techniques up to `hard` on `puzzle` (see the module doc).
///
/// Complexity: as [`Logic::solve`] at the hard level: O(N⁴) per step in the worst case (triples),
/// at most N³ steps; in practice a 36×36 grid at the hard phase takes milliseconds.
pub fn eliminate(puzzle: &Grid) -> Eliminated {
    let mut logic = Logic::new(puzzle.shape());
    let outcome = logic.solve(puzzle, Rating::Hard);
    match outcome.status {
        Status::Solved => Eliminated::Solved(logic.placed()),
        Status::Contradiction => Eliminated::Infeasible(format!(
            "preprocessing (logic up to pairs, triples and X-wing) reached a contradiction: {}",
            outcome.techniques
        )),
        Status::Stuck => {
            let reduced = logic.placed();
            let before = Candidates::new(puzzle, &ConstraintGraph::new(puzzle.shape()));
            let keep: Vec<u64> = (0..reduced.cells().len())
                .map(|c| match reduced.get(c) {
                    0 => logic.candidates(c),
                    d => 1 << (d - 1),
                })
                .collect();
            let count = |m: &u64| m.count_ones() as usize;
            let removed = before.cells.iter().map(count).sum::<usize>() - keep.iter().map(count).sum::<usize>();
            let placed = reduced.givens() - puzzle.givens();
            Eliminated::Reduced { puzzle: reduced, keep, placed, removed }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse;
    use crate::verify::is_solution_of;

    fn parse_line(text: &str) -> Result<Grid, crate::format::ParseError> {
        Ok(parse(text, "t", None, None)?.remove(0).puzzle)
    }

    #[test]
    fn an_easy_puzzle_is_solved_and_the_answer_keeps_the_givens() {
        let puzzle =
            parse_line("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..").unwrap();
        let Propagated::Solved(grid) = singles(&puzzle) else { panic!("singles solve this easy puzzle") };
        assert!(is_solution_of(&puzzle, &grid));
    }

    #[test]
    fn a_hard_puzzle_is_reduced_to_a_superset_of_its_givens_that_its_solution_extends() {
        // Arto Inkala's "world's hardest", and its solution.
        let puzzle =
            parse_line("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..").unwrap();
        let solution =
            parse_line("812753649943682175675491283154237896369845721287169534521974368438526917796318452").unwrap();
        match singles(&puzzle) {
            Propagated::Reduced(reduced, placed) => {
                assert_eq!(reduced.givens(), puzzle.givens() + placed);
                assert!(puzzle.cells().iter().zip(reduced.cells()).all(|(&p, &r)| p == 0 || p == r));
                assert!(is_solution_of(&reduced, &solution), "every placement holds in the solution");
            }
            other => panic!("expected a partial reduction, got {other:?}"),
        }
    }

    #[test]
    fn elimination_keeps_every_solution_digit_and_removes_candidates_on_a_hard_puzzle() {
        // top95 #4 (data/9x9-top95.txt): the techniques place 21 cells and then get stuck.
        let puzzle =
            parse_line("48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....").unwrap();
        let solution =
            parse_line("487312695593684271126597384735849162914265837268731549851476923379128456642953718").unwrap();
        let Eliminated::Reduced { puzzle: reduced, keep, placed, removed } = eliminate(&puzzle) else {
            panic!("logic alone does not solve this puzzle")
        };
        assert_eq!(reduced.givens(), puzzle.givens() + placed);
        assert!(removed >= placed, "a placement removes at least itself");
        assert!(
            placed > 0 && removed > placed,
            "the techniques place digits and remove more candidates: {placed}, {removed}"
        );
        for (c, kept) in keep.iter().enumerate() {
            assert_ne!(kept & 1 << (solution.get(c) - 1), 0, "cell {c} lost its solution digit");
        }
    }

    #[test]
    fn elimination_solves_an_easy_puzzle_and_proves_a_contradiction() {
        let easy =
            parse_line("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..").unwrap();
        assert!(matches!(eliminate(&easy), Eliminated::Solved(g) if is_solution_of(&easy, &g)));
        let dead =
            parse_line("1234567...........................8........9.....................................").unwrap();
        assert!(matches!(eliminate(&dead), Eliminated::Infeasible(why) if why.contains("contradiction")));
    }

    #[test]
    fn a_forced_contradiction_proves_infeasibility() {
        // Row 1 holds 1–7, and r4c8 = 8 and r5c8 = 9 rule both 8 and 9 out of r1c8: no candidate.
        let puzzle =
            parse_line("1234567...........................8........9.....................................").unwrap();
        assert!(matches!(singles(&puzzle), Propagated::Infeasible(why) if why.contains("contradiction")));
    }
}
