//! A group of runs summarised: outcome counts, censored times, and the search effort — each
//! solver's own hardware-independent count of how hard it had to work.
//!
//! The effort of a solver's runs is the first statistic its rows report, in this order: dead ends
//! (`backtracks`, the backtracking solvers' branches undone), conflicts (`conflicts`, the SAT
//! solvers' CDCL dead ends), nodes (`nodes`, branch-and-bound nodes for the ILP solvers), guesses
//! (`guesses`). Dead ends and conflicts measure hardness; guesses and a backtracker's nodes grow
//! with the empty cells even when every guess is right, so they are only a last resort.
//! A `portfolio` has no effort of its own: its row carries the counters of whichever member won
//! (dead ends on one instance, conflicts on the next), so [`super::Results::summarize`] leaves
//! them out and the portfolio is compared on time alone.

use super::stats;
use super::Paradigm;
use super::{base_solver, paradigm};

/// A search-effort statistic, in the order [`Summary::effort`] prefers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Effort {
    /// `backtracks`: branches undone by a backtracking solver.
    DeadEnds,
    /// `conflicts`: CDCL conflicts of a SAT solver.
    Conflicts,
    /// `nodes`: branch-and-bound nodes (ILP) or cells assigned (backtracking).
    Nodes,
    /// `guesses`: branching decisions of a backtracking solver.
    Guesses,
}

impl Effort {
    /// Every statistic, most preferred first.
    pub(crate) const PREFERENCE: [Effort; 4] = [Effort::DeadEnds, Effort::Conflicts, Effort::Nodes, Effort::Guesses];

    /// Its value in `row`, when the row reports it (never for a portfolio, whose counters are the
    /// winning member's).
    pub(crate) fn of(self, row: &crate::experiment::record::RunRow) -> Option<f64> {
        if paradigm(&row.solver) == Some(Paradigm::Portfolio) {
            return None;
        }
        let value = match self {
            Effort::DeadEnds => row.backtracks,
            Effort::Conflicts => row.conflicts,
            Effort::Nodes => row.nodes,
            Effort::Guesses => row.guesses,
        };
        value.map(|v| v as f64)
    }

    /// Its plural noun for `solver`'s runs: `dead ends`, `conflicts`, `B&B nodes` (the MIP solvers)
    /// or `search nodes` (anything else, `ilp-hybrid` included), `guesses`.
    pub(crate) fn noun(self, solver: &str) -> &'static str {
        match self {
            Effort::DeadEnds => "dead ends",
            Effort::Conflicts => "conflicts",
            // ilp-hybrid's nodes are those of its own search, not of a branch and bound.
            Effort::Nodes if paradigm(solver) == Some(Paradigm::Ilp) && base_solver(solver) != "ilp-hybrid" => {
                "B&B nodes"
            }
            Effort::Nodes => "search nodes",
            Effort::Guesses => "guesses",
        }
    }
}

/// Outcome counts and censored times of a group of runs.
#[derive(Debug, Clone, Default)]
pub(crate) struct Summary {
    pub runs: usize,
    pub solved: usize,
    pub infeasible: usize,
    /// Wrong answers ([`super::Judged::Wrong`]): unsolved, their time counted as the limit.
    pub wrong: usize,
    pub limit: usize,
    pub memory: usize,
    pub error: usize,
    /// Seconds of every run but `error` ones, limit/memory runs and wrong answers counted as the time limit.
    pub seconds: Vec<f64>,
    /// `backtracks` (dead ends) of the runs that report them.
    pub backtracks: Vec<f64>,
    /// `conflicts` (CDCL conflicts) of the runs that report them.
    pub conflicts: Vec<f64>,
    /// `guesses` of the runs that report them.
    pub guesses: Vec<f64>,
    /// `nodes` of the runs that report them.
    pub nodes: Vec<f64>,
}

impl Summary {
    /// Median censored seconds.
    pub fn median(&self) -> Option<f64> {
        stats::median(&self.seconds)
    }

    /// The `q`-quantile of censored seconds.
    pub fn quantile(&self, q: f64) -> Option<f64> {
        stats::quantile(&self.seconds, q)
    }

    /// The runs' values of one effort statistic (empty when none reports it).
    pub fn values(&self, effort: Effort) -> &[f64] {
        match effort {
            Effort::DeadEnds => &self.backtracks,
            Effort::Conflicts => &self.conflicts,
            Effort::Nodes => &self.nodes,
            Effort::Guesses => &self.guesses,
        }
    }

    /// The effort statistic of these runs (the first of [`Effort::PREFERENCE`] they report) and
    /// its values.
    pub fn effort_values(&self) -> Option<(Effort, &[f64])> {
        Effort::PREFERENCE.into_iter().map(|e| (e, self.values(e))).find(|(_, v)| !v.is_empty())
    }

    /// Median search effort, with the statistic it counts.
    pub fn effort(&self) -> Option<(Effort, f64)> {
        let (effort, values) = self.effort_values()?;
        stats::median(values).map(|m| (effort, m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effort_prefers_dead_ends_then_conflicts_then_nodes_then_guesses() {
        let mut s = Summary { guesses: vec![7.0], ..Summary::default() };
        assert_eq!(s.effort(), Some((Effort::Guesses, 7.0)));
        s.nodes = vec![5.0];
        assert_eq!(s.effort(), Some((Effort::Nodes, 5.0)));
        s.conflicts = vec![3.0];
        assert_eq!(s.effort(), Some((Effort::Conflicts, 3.0)));
        s.backtracks = vec![1.0, 2.0];
        assert_eq!(s.effort(), Some((Effort::DeadEnds, 1.5)));
        assert_eq!(Summary::default().effort(), None);
    }

    #[test]
    fn nodes_are_branch_and_bound_nodes_only_for_ilp() {
        assert_eq!(Effort::Nodes.noun("ilp-clique"), "B&B nodes");
        assert_eq!(Effort::Nodes.noun("backtrack"), "search nodes");
        assert_eq!(Effort::Nodes.noun("ilp-hybrid"), "search nodes");
        assert_eq!(Effort::Nodes.noun("ilp-hybrid+ipm"), "search nodes");
        assert_eq!(Effort::Conflicts.noun("sat"), "conflicts");
    }
}
