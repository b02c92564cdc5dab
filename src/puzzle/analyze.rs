//! Analysis of one puzzle: conflicts, solution count, determined cells, rating and symmetry.
//!
//! A cell is **determined** when it holds the same digit in every solution (the backbone). Up to
//! 16×16 the `backtrack` solver's search ([`Searcher`]: digit bands at 9×9, bitboards above)
//! counts first, within a node budget: when it exhausts the tree below the cap, the count is
//! exact and the determined cells are those on which every solution agrees (a 9×9 count in
//! microseconds, where CaDiCaL needs a millisecond to load the formula). Otherwise — the cap
//! reached, the budget spent, or a larger grid — both come from CDCL
//! ([`crate::solve::sat::survey`]): the strongest solver here, which settles in seconds the 25×25
//! puzzles that backtracking cannot count within minutes. The count is exact when the search
//! completes, a lower bound when it reaches the cap or the time limit. The determined cells are exact when proven (no solution
//! differs from them); when the time limit cuts the proof short they are those agreeing over the
//! solutions *found*: an upper bound (every truly determined cell is shown, a shown one might
//! still differ in a solution not found). With no solution found in time, they are unknown; with
//! no solution at all, there are none (the vacuous "every solution agrees" is no use to anyone).
//!
//! Complexity: counting is one SAT call per solution (NP-hard each, in the worst case);
//! completing the backbone takes at most one call per cell still in doubt, usually a handful.

use std::time::Instant;

use serde::Serialize;

use super::certify::{Certificate, Certifier};
use super::symmetry::{symmetries, Symmetry};
use crate::certificates::Statement;
use crate::grid::Grid;
use crate::logic::{Logic, Rating, Techniques};
use crate::solve::sat::{cnf, survey, CountEnd};
use crate::solve::search::backtrack::{SearchLimits, Stop};
use crate::solve::search::Searcher;
use crate::solve::SolveError;
use crate::verify::{self, Conflict};

/// How the solution count ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SearchEnd {
    /// The whole search tree was explored: the count is exact.
    Complete,
    /// More solutions than the cap were found: the count is a lower bound.
    MaxSolutions,
    /// The time limit passed: the count is a lower bound.
    TimeLimit,
}

/// What [`analyze()`] found.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// Number of givens.
    pub givens: usize,
    /// Repeated digits among the givens (then there is no solution).
    pub conflicts: Vec<Conflict>,
    /// Solutions found: exact when `search` is `Complete`, else a lower bound (cap + 1 when the
    /// cap was passed).
    pub solutions: u64,
    /// How the count ended.
    pub search: SearchEnd,
    /// The determined cells (0 elsewhere); the solution when unique. Exact only when
    /// `determined_exact`; otherwise the cells agreeing over the solutions found (an upper bound),
    /// or none when no solution was found in time.
    pub determined: Grid,
    /// True when `determined` is proven.
    pub determined_exact: bool,
    /// Why the puzzle has no solution, when the givens already show it (beyond `conflicts`).
    pub infeasible: Option<String>,
    /// The rating and techniques, for a puzzle with exactly one solution.
    pub rating: Option<(Rating, Techniques)>,
    /// The symmetries of the pattern of givens.
    pub symmetries: Vec<Symmetry>,
    /// The certificate of the strongest claim without a witness ([`Analysis::claim`]), once
    /// [`certify`] has run; `None` before, or when there is no such claim.
    pub certificate: Option<Certificate>,
}

impl Analysis {
    /// True when the count is not exact.
    pub fn capped(&self) -> bool {
        self.search != SearchEnd::Complete
    }

    /// True when the puzzle has exactly one solution (proven).
    pub fn is_unique(&self) -> bool {
        !self.capped() && self.solutions == 1
    }

    /// The claim of this analysis that no solution witnesses, as a statement a proof can certify:
    /// "no solution", "this is the only solution" or "these cells are determined" (exact, some
    /// of them empty in the puzzle). `None` when every claim is witnessed by solutions found (an
    /// undetermined cell), or is no claim at all (a count stopped at a limit).
    pub fn claim(&self, puzzle: &Grid) -> Option<Statement> {
        match (self.search, self.solutions) {
            (SearchEnd::Complete, 0) => Some(Statement::NoSolution),
            (SearchEnd::Complete, 1) => Some(Statement::unique(puzzle, &self.determined)),
            (_, 0) => None,
            _ if !self.determined_exact => None,
            _ => {
                let fixed: Vec<(usize, u8)> = (0..puzzle.cells().len())
                    .filter(|&c| puzzle.get(c) == 0 && self.determined.get(c) != 0)
                    .map(|c| (c, self.determined.get(c)))
                    .collect();
                (!fixed.is_empty()).then_some(Statement::Fixed(fixed))
            }
        }
    }
}

/// Certifies the claim of `analysis` about `puzzle` ([`Analysis::claim`]) with `certifier`,
/// filling [`Analysis::certificate`]. A claim a solution refutes (a solver bug) comes back
/// [`Certificate::Refuted`] with that solution.
pub fn certify(puzzle: &Grid, analysis: &mut Analysis, certifier: &Certifier) -> Result<(), SolveError> {
    if let Some(statement) = analysis.claim(puzzle) {
        analysis.certificate = Some(certifier.certify(puzzle, &statement)?.certificate);
    }
    Ok(())
}

/// Analyses `puzzle`: counts its solutions exactly up to `max_solutions` (searching for one more
/// to tell "exactly K" from "more than K") and finds its determined cells, stopping at `deadline`
/// if given. Errors only when CaDiCaL fails (e.g. out of memory), with its message.
pub fn analyze(puzzle: &Grid, max_solutions: u64, deadline: Option<Instant>) -> Result<Analysis, SolveError> {
    let shape = puzzle.shape();
    let conflicts = verify::conflicts(puzzle);
    let mut analysis = Analysis {
        givens: puzzle.givens(),
        conflicts,
        solutions: 0,
        search: SearchEnd::Complete,
        determined: Grid::empty(shape),
        determined_exact: true,
        infeasible: None,
        rating: None,
        symmetries: symmetries(puzzle),
        certificate: None,
    };
    if !analysis.conflicts.is_empty() {
        return Ok(analysis);
    }
    if !count_by_search(puzzle, &mut analysis, max_solutions, deadline) {
        let count = survey(puzzle, max_solutions.saturating_add(1), deadline)?;
        analysis.solutions = count.solutions;
        analysis.search = match count.count_end {
            CountEnd::Exhausted => SearchEnd::Complete,
            CountEnd::Enough => SearchEnd::MaxSolutions,
            CountEnd::Interrupted => SearchEnd::TimeLimit,
        };
        analysis.determined = count.determined;
        analysis.determined_exact = count.determined_exact;
        analysis.infeasible = count.infeasible;
    }
    if analysis.is_unique() {
        analysis.rating = Some(Logic::new(shape).rate(puzzle));
    }
    Ok(analysis)
}

/// Grids up to this many cells are counted by search first (16×16).
const SEARCH_CELLS: usize = 256;

/// Search nodes a count by search may use before CDCL takes over.
const SEARCH_NODES: u64 = 100_000;

/// Counts `puzzle`'s solutions by search (grids up to [`SEARCH_CELLS`] cells) and fills the
/// count, how it ended and the determined cells of `analysis`, as [`survey`] would: true when the
/// search settled it (the tree exhausted below the cap, or the deadline passed), false when CDCL
/// must (the cap reached, whose backbone needs CDCL, or the node budget spent; `analysis` is then
/// untouched).
fn count_by_search(puzzle: &Grid, analysis: &mut Analysis, max_solutions: u64, deadline: Option<Instant>) -> bool {
    if puzzle.cells().len() > SEARCH_CELLS {
        return false;
    }
    if crate::solve::cancel::past(deadline) {
        // The search reads its clock every 256 nodes only: a count past its deadline never starts.
        (analysis.search, analysis.determined_exact) = (SearchEnd::TimeLimit, false);
        return true;
    }
    let limits =
        SearchLimits { max_solutions: max_solutions.saturating_add(1), deadline, max_nodes: Some(SEARCH_NODES) };
    let mut agree: Option<Grid> = None;
    let mut found = 0;
    let search = Searcher::new(puzzle.shape()).search(puzzle, limits, &mut |cells| {
        found += 1;
        match &mut agree {
            None => agree = Some(Grid::from_cells(puzzle.shape(), cells.to_vec()).expect("digits are 1..=N")),
            Some(a) => {
                for (c, &d) in cells.iter().enumerate() {
                    if a.get(c) != d {
                        a.set(c, 0);
                    }
                }
            }
        }
        true
    });
    let end = match search.stop {
        Stop::Exhausted => SearchEnd::Complete,
        Stop::Deadline => SearchEnd::TimeLimit,
        Stop::SolutionLimit | Stop::NodeLimit => return false,
    };
    analysis.solutions = found;
    analysis.search = end;
    analysis.determined_exact = end == SearchEnd::Complete;
    match agree {
        Some(agree) => analysis.determined = agree,
        None if end == SearchEnd::Complete => analysis.infeasible = cnf::givens_dead_end(puzzle),
        None => {}
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    fn grid(text: &str) -> Grid {
        format::parse(text, "t", None, None).unwrap().remove(0).puzzle
    }

    #[test]
    fn two_solutions_leave_the_deadly_rectangle_undetermined() {
        // Solutions 1234/3412/2143/4321 and 1234/3412/4123/2341 differ in r3c1, r3c3, r4c1, r4c3.
        let a = analyze(&grid(".2343.12.1.3.3.."), 1000, None).unwrap();
        assert_eq!((a.solutions, a.search), (2, SearchEnd::Complete));
        assert_eq!(format::to_line(&a.determined), "12343412.1.3.3.1");
        assert_eq!(a.rating, None);
        assert!(a.determined_exact);
        let capped = analyze(&grid(".2343.12.1.3.3.."), 1, None).unwrap();
        assert_eq!((capped.solutions, capped.search), (2, SearchEnd::MaxSolutions));
        assert_eq!(format::to_line(&capped.determined), "12343412.1.3.3.1", "the backbone is completed past the cap");
        assert!(capped.determined_exact);
    }

    #[test]
    fn the_count_by_search_says_what_cdcl_says() {
        // Random fills (some without a solution, some with many) and planted puzzles of five
        // shapes, at caps 1, 3 and 50: the search's count, its end, the determined cells and the
        // reason for no solution are CaDiCaL's.
        use crate::generate::{planted, random_fill, rng_from_seed};
        let mut rng = rng_from_seed(42);
        let mut settled = [0; 3];
        for (r, c) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)] {
            let shape = crate::grid::Shape::new(r, c).unwrap();
            for i in 0..24 {
                let alpha = [0.2, 0.35, 0.5, 0.65][i % 4];
                let puzzle = if i % 2 == 0 {
                    random_fill(shape, alpha, &mut rng)
                } else {
                    planted(shape, alpha, &mut rng).puzzle
                };
                if !verify::conflicts(&puzzle).is_empty() {
                    continue;
                }
                for cap in [1, 3, 50] {
                    let mut a = analyze(&Grid::empty(shape), 0, None).unwrap();
                    if !count_by_search(&puzzle, &mut a, cap, None) {
                        continue;
                    }
                    settled[a.solutions.min(2) as usize] += 1;
                    let s = survey(&puzzle, cap + 1, None).unwrap();
                    let end =
                        if s.count_end == CountEnd::Exhausted { SearchEnd::Complete } else { SearchEnd::MaxSolutions };
                    let what = format!("{shape} cap {cap}: {}", format::to_line(&puzzle));
                    assert_eq!((a.solutions, a.search), (s.solutions, end), "{what}");
                    assert_eq!((&a.determined, a.determined_exact), (&s.determined, s.determined_exact), "{what}");
                    assert_eq!(a.infeasible, s.infeasible, "{what}");
                }
            }
        }
        assert!(settled.iter().all(|&k| k > 10), "no solution, one, several: {settled:?}");
    }

    #[test]
    fn an_empty_grid_has_no_determined_cell() {
        let a = analyze(&Grid::empty(crate::grid::Shape::for_size(9).unwrap()), 1000, None).unwrap();
        assert_eq!((a.solutions, a.search), (1001, SearchEnd::MaxSolutions));
        assert_eq!(a.determined.givens(), 0);
        assert!(a.determined_exact, "proven, although the count stopped at the cap");
    }

    #[test]
    fn a_deadline_in_the_past_leaves_everything_unknown() {
        let a = analyze(&grid(".2343.12.1.3.3.."), 1000, Some(Instant::now())).unwrap();
        assert_eq!((a.solutions, a.search), (0, SearchEnd::TimeLimit));
        assert!(!a.determined_exact);
    }

    #[test]
    fn the_claims_without_a_witness_are_certified() {
        let checker = crate::certificates::Checker::find().expect("the proof checker is installed by scripts/setup.sh");
        let certifier = Certifier::new(checker, std::time::Duration::from_secs(30));
        // Two solutions: "these 12 cells are determined" is the claim; unique and none likewise.
        for (text, claim) in
            [(".2343.12.1.3.3..", "fixed"), ("12343412214.4.2.", "unique"), ("1234341221434.1.", "none")]
        {
            let puzzle = grid(text);
            let mut a = analyze(&puzzle, 1000, None).unwrap();
            let statement = a.claim(&puzzle).expect("a claim");
            let kind = match statement {
                Statement::NoSolution => "none",
                Statement::Fixed(ref cells) if cells.len() == puzzle.cells().len() - puzzle.givens() => "unique",
                Statement::Fixed(_) => "fixed",
            };
            assert_eq!(kind, claim, "{text}");
            certify(&puzzle, &mut a, &certifier).unwrap();
            assert_eq!(a.certificate, Some(Certificate::Checked), "{text}");
        }
        // A wrong claim (a determined cell that is not) is refuted with a solution.
        let puzzle = grid(".2343.12.1.3.3..");
        let mut a = analyze(&puzzle, 1000, None).unwrap();
        a.determined.set(8, 2);
        certify(&puzzle, &mut a, &certifier).unwrap();
        assert!(matches!(a.certificate, Some(Certificate::Refuted(ref g)) if g.get(8) != 2));
    }

    #[test]
    fn conflicting_givens_have_no_solution_and_nothing_determined() {
        let a = analyze(&grid("11.............."), 1000, None).unwrap();
        assert_eq!(a.conflicts.len(), 2, "row 1 and box 1");
        assert_eq!((a.solutions, a.search), (0, SearchEnd::Complete));
        assert_eq!(a.determined.givens(), 0);
    }
}
