//! The cross-check of one puzzle's answers, shared by `solve` and the experiment runner.
//!
//! Finished solvers (those that did not stop at a limit) must agree on solvability; a solution
//! given with the puzzle (a planted one, or `PUZZLE:SOLUTION` input) must not be contradicted by an
//! all-infeasible verdict; and when the puzzle has one solution, every answer must be that one.

use crate::grid::Grid;
use crate::solve::search::backtrack::count_solutions;
use crate::solve::{Outcome, Report};
use crate::verify;

/// Cross-checks the finished solvers of one puzzle: they must agree on solvability, and on the
/// solution when it is unique (also against a known solution given with the puzzle). Returns the
/// disagreement in words. The solvers' answers are expected to be verified already
/// ([`crate::solve::solve`] does so).
pub fn cross_check<K: std::fmt::Display>(
    puzzle: &Grid,
    known: Option<&Grid>,
    reports: &[(K, Report)],
) -> Option<String> {
    let finished: Vec<&(K, Report)> = reports.iter().filter(|(_, r)| r.outcome != Outcome::LimitReached).collect();
    let solved: Vec<&(K, Report)> = finished.iter().copied().filter(|(_, r)| r.outcome.solution().is_some()).collect();
    if !solved.is_empty() && solved.len() < finished.len() {
        let say = |v: &[&(K, Report)]| v.iter().map(|(k, _)| k.to_string()).collect::<Vec<_>>().join(", ");
        let infeasible: Vec<_> = finished.iter().copied().filter(|(_, r)| r.outcome == Outcome::Infeasible).collect();
        return Some(format!("solved by {} but infeasible for {}", say(&solved), say(&infeasible)));
    }
    if known.is_some() && !finished.is_empty() && solved.is_empty() {
        return Some("a solution is given with the puzzle, but every finished solver says infeasible".into());
    }
    let mut answers: Vec<&Grid> = solved.iter().filter_map(|(_, r)| r.outcome.solution()).collect();
    answers.extend(known);
    let differ = answers.windows(2).any(|w| w[0] != w[1]);
    // Different valid answers are fine for a puzzle with several solutions (two distinct valid
    // answers prove there are several); only an answer the oracle rejects — a wrong known
    // solution — can contradict a unique puzzle, and only then is the unbounded count run.
    let all_valid = || answers.iter().all(|g| verify::is_solution_of(puzzle, g));
    if differ && !all_valid() && count_solutions(puzzle, 2).0 == 1 {
        return Some("the puzzle has one solution, but the solvers' answers differ".into());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{planted, rng_from_seed};
    use crate::grid::Shape;
    use crate::solve::{SolverKind, Stats};

    fn report(outcome: Outcome) -> Report {
        Report { outcome, stats: Stats::default(), note: None }
    }

    #[test]
    fn solvability_disagreements_are_caught_and_limits_ignored() {
        let p = planted(Shape::new(2, 2).unwrap(), 0.3, &mut rng_from_seed(3));
        let solved = (SolverKind::Backtrack, report(Outcome::Solved(p.solution.clone())));
        let infeasible = (SolverKind::IlpClique, report(Outcome::Infeasible));
        let limit = (SolverKind::IlpEdge, report(Outcome::LimitReached));
        assert!(cross_check(&p.puzzle, None, &[solved.clone(), limit.clone()]).is_none());
        let problem = cross_check(&p.puzzle, None, &[solved, infeasible.clone(), limit]).unwrap();
        assert_eq!(problem, "solved by backtrack but infeasible for ilp-clique");
        assert!(cross_check(&p.puzzle, Some(&p.solution), &[infeasible]).is_some());
    }
}
