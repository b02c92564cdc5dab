//! The cross-check of one puzzle's answers, shared by `solve` and the experiment runner.
//!
//! Finished solvers (those that did not stop at a limit) must agree on solvability; a solution
//! given with the puzzle (a planted one, or `PUZZLE:SOLUTION` input) must not be contradicted by an
//! all-infeasible verdict; and when the puzzle has one solution, every answer must be that one.

use crate::grid::Grid;
use crate::solve::search::backtrack::count_solutions;
use crate::solve::{Outcome, Report};
use crate::verify;

/// A disagreement over one puzzle: what is wrong, and which solvers gave the wrong answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// The disagreement in words, naming the solvers.
    pub text: String,
    /// Indexes (into the reports cross-checked) of the runs whose answers are wrong: the
    /// "infeasible" claims when a verified solution exists (another solver's, or the one given with
    /// the puzzle); every finished run when only the answers' differences show a fault.
    pub wrong: Vec<usize>,
}

impl std::fmt::Display for Disagreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// Cross-checks the finished solvers of one puzzle: they must agree on solvability, and on the
/// solution when it is unique (also against a known solution given with the puzzle). Returns the
/// disagreement with the runs to blame. The solvers' answers are expected to be verified already
/// ([`crate::solve::solve`] does so), so a returned solution is right and an "infeasible" beside it
/// is wrong.
pub fn cross_check<K: std::fmt::Display>(
    puzzle: &Grid,
    known: Option<&Grid>,
    reports: &[(K, Report)],
) -> Option<Disagreement> {
    let finished: Vec<usize> = (0..reports.len()).filter(|&i| reports[i].1.outcome != Outcome::LimitReached).collect();
    let solved: Vec<usize> = finished.iter().copied().filter(|&i| reports[i].1.outcome.solution().is_some()).collect();
    let infeasible: Vec<usize> =
        finished.iter().copied().filter(|&i| reports[i].1.outcome == Outcome::Infeasible).collect();
    let say = |v: &[usize]| v.iter().map(|&i| reports[i].0.to_string()).collect::<Vec<_>>().join(", ");
    if !solved.is_empty() && !infeasible.is_empty() {
        return Some(Disagreement {
            text: format!(
                "solved by {} but infeasible for {}: {} is wrong",
                say(&solved),
                say(&infeasible),
                say(&infeasible)
            ),
            wrong: infeasible,
        });
    }
    if known.is_some() && !infeasible.is_empty() {
        return Some(Disagreement {
            text: format!("a solution is given with the puzzle, but {} says infeasible", say(&infeasible)),
            wrong: infeasible,
        });
    }
    let mut answers: Vec<&Grid> = solved.iter().filter_map(|&i| reports[i].1.outcome.solution()).collect();
    answers.extend(known);
    let differ = answers.windows(2).any(|w| w[0] != w[1]);
    // Different valid answers are fine for a puzzle with several solutions (two distinct valid
    // answers prove there are several); only an answer the oracle rejects — a wrong known
    // solution — can contradict a unique puzzle, and only then is the unbounded count run.
    let all_valid = || answers.iter().all(|g| verify::is_solution_of(puzzle, g));
    if differ && !all_valid() && count_solutions(puzzle, 2).0 == 1 {
        return Some(Disagreement {
            text: "the puzzle has one solution, but the solvers' answers differ".into(),
            wrong: solved,
        });
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
        assert_eq!(problem.text, "solved by backtrack but infeasible for ilp-clique: ilp-clique is wrong");
        assert_eq!(problem.wrong, [1], "only the infeasible claim is blamed");
        let given = cross_check(&p.puzzle, Some(&p.solution), &[infeasible]).unwrap();
        assert_eq!(given.wrong, [0]);
    }
}
