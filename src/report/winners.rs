//! Which paradigm wins where: the fastest solver per (mode, N), and per α for short sweeps, with
//! the paired ratio to the runner-up; and the encoding ablations side by side (ilp-edge vs
//! ilp-clique, sat-minimal vs sat), which say how much the encoding matters inside one paradigm.
//!
//! The fastest solver is the one with the lowest median time (total: set-up + search, unless the
//! results are on the search-only clock) among the solvers that finished the most instances (all
//! of them, when any solver did): a solver that gives up on hard instances cannot win by being
//! quick on the easy ones. Medians count stopped runs as the time limit.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::fmt_secs;
use super::pairing::{find_pairing, Pairing};
use crate::experiment::record::RunMode;
use crate::results::Group;
use crate::results::{fmt_num, paradigm, solver_order, Alpha, Paradigm, Results, Summary, ENCODING_PAIRS};

/// Sweeps with at most this many α values also get the fastest solver per α.
pub(crate) const MAX_ALPHAS_PER_ALPHA_TABLE: usize = 6;

/// How one solver did in one cell.
#[derive(Debug, Clone)]
pub(crate) struct Standing {
    pub solver: String,
    pub runs: usize,
    /// Runs that ended in an answer (solved or proved infeasible).
    pub finished: usize,
    /// Median censored seconds.
    pub median: Option<f64>,
}

/// The solvers of one (mode, N) or (mode, N, α) cell, fastest first.
#[derive(Debug, Clone)]
pub(crate) struct Fastest {
    pub mode: Group,
    pub n: usize,
    /// `None` when pooled over α.
    pub alpha: Option<Alpha>,
    /// Most finished first, then lowest median time.
    pub standings: Vec<Standing>,
    /// The runner-up (`a`) against the fastest (`b`) on the same instances.
    pub versus: Option<Pairing>,
}

impl Fastest {
    /// The fastest solver, unless no solver finished any run.
    pub fn winner(&self) -> Option<&Standing> {
        self.standings.first().filter(|s| s.finished > 0)
    }

    /// The second in the ranking, when there is a winner.
    pub fn runner_up(&self) -> Option<&Standing> {
        self.winner().and(self.standings.get(1))
    }
}

/// The ranking per (mode, N) and, for sweeps of 2 to [`MAX_ALPHAS_PER_ALPHA_TABLE`] α values, per
/// (mode, N, α); empty with fewer than two solvers.
pub(crate) fn fastest(
    results: &Results,
    pairings: &[Pairing],
    alpha_pairings: &[Pairing],
) -> (Vec<Fastest>, Vec<Fastest>) {
    if results.solvers().len() < 2 {
        return (Vec::new(), Vec::new());
    }
    let by_size = results.summarize(|r| Some(((Group::of(r), r.n), None, solver_order(&r.solver))));
    let by_alpha = results.summarize(|r| {
        (r.mode != RunMode::Unique).then(|| ((Group::of(r), r.n), Some(Alpha::new(r.alpha)), solver_order(&r.solver)))
    });
    let mut alphas: BTreeMap<&(Group, usize), BTreeSet<Alpha>> = BTreeMap::new();
    for (scope, alpha, _) in by_alpha.keys() {
        alphas.entry(scope).or_default().extend(*alpha);
    }
    let short =
        |scope: &(Group, usize)| alphas.get(scope).is_some_and(|a| (2..=MAX_ALPHAS_PER_ALPHA_TABLE).contains(&a.len()));
    let per_alpha = rank(by_alpha.iter().filter(|((scope, _, _), _)| short(scope)), alpha_pairings);
    (rank(by_size.iter(), pairings), per_alpha)
}

/// A cell's key: (mode, N), α or pooled, solver in display order.
type CellKey = ((Group, usize), Option<Alpha>, (usize, String));

/// A cell without its solver: (mode, N) and α or pooled.
type Cell<'a> = (&'a (Group, usize), Option<Alpha>);

/// Ranks the solvers of each cell and pairs the runner-up with the winner.
fn rank<'a>(cells: impl Iterator<Item = (&'a CellKey, &'a Summary)>, pairings: &[Pairing]) -> Vec<Fastest> {
    let mut grouped: BTreeMap<Cell<'_>, Vec<Standing>> = BTreeMap::new();
    for ((scope, alpha, solver), s) in cells {
        grouped.entry((scope, *alpha)).or_default().push(Standing {
            solver: solver.1.clone(),
            runs: s.runs,
            finished: s.solved + s.infeasible,
            median: s.median(),
        });
    }
    grouped
        .into_iter()
        .map(|(((mode, n), alpha), mut standings)| {
            standings.sort_by(|x, y| {
                let key = |s: &Standing| (Reverse(s.finished), s.median.unwrap_or(f64::INFINITY));
                let (kx, ky) = (key(x), key(y));
                kx.0.cmp(&ky.0).then(kx.1.total_cmp(&ky.1)).then(solver_order(&x.solver).cmp(&solver_order(&y.solver)))
            });
            let mut f = Fastest { mode: mode.clone(), n: *n, alpha, standings, versus: None };
            if let (Some(w), Some(r)) = (f.winner(), f.runner_up()) {
                let scope = Some((Some(mode.clone()), *n));
                f.versus = find_pairing(pairings, (&r.solver, &w.solver), &scope, alpha);
            }
            f
        })
        .collect()
}

/// The paradigm's name, or `external` for a solver outside the registry (an external solver).
pub(crate) fn paradigm_name(solver: &str) -> &'static str {
    paradigm(solver).map_or("external", Paradigm::name)
}

/// One table row's cells after the scope columns.
fn row_cells(results: &Results, f: &Fastest) -> String {
    let Some(w) = f.winner() else {
        return " no solver finished a run | — | — | — | — | — | — | — | — |".to_owned();
    };
    let (runner, r_finished, r_median) = match f.runner_up() {
        Some(r) => (r.solver.clone(), format!("{}/{}", r.finished, r.runs), fmt_secs(results, r.median)),
        None => ("—".to_owned(), "—".to_owned(), "—".to_owned()),
    };
    let (ratio, both) = match &f.versus {
        Some(p) => (p.ratio().map_or_else(|| "—".to_owned(), fmt_num), p.ratios.len().to_string()),
        None => ("—".to_owned(), "—".to_owned()),
    };
    format!(
        " {} | {} | {}/{} | {} | {runner} | {r_finished} | {r_median} | {ratio} | {both} |",
        w.solver,
        paradigm_name(&w.solver),
        w.finished,
        w.runs,
        fmt_secs(results, w.median)
    )
}

/// The section: fastest solver per (mode, N), per α for short sweeps, and the encoding ablations
/// (from the comparisons per N over all modes).
pub(crate) fn section(
    out: &mut String,
    results: &Results,
    (fastest, per_alpha): (&[Fastest], &[Fastest]),
    per_size_all_modes: &[Pairing],
) {
    if fastest.is_empty() {
        return;
    }
    out.push_str("## Which solver is fastest where\n\n");
    out.push_str(
        "Per (mode, N): the solver with the lowest median total time among those that finished the most \
         instances (all of them, where any solver did), and the runner-up ranked the same way. The \
         ratio is the geometric mean over the instances **both finished** of t(runner-up) / t(fastest), \
         as in the matrices above: above 1 the fastest is also faster instance by instance. Paradigms: \
         ILP (ilp-edge, ilp-clique), backtracking (backtrack-naive, backtrack), SAT (sat, sat-minimal), \
         exact cover (dlx); solvers outside the registry are *external*.\n\n",
    );
    let head = "fastest | paradigm | finished | median | runner-up | finished | median | t(runner-up)/t(fastest) | both finished |";
    let mode = results.mode_heading();
    let _ = writeln!(out, "| {mode} | N | {head}");
    out.push_str("|---|---|---|---|---|---|---|---|---|---|---|\n");
    for f in fastest {
        let _ = writeln!(out, "| {} | {} |{}", f.mode, f.n, row_cells(results, f));
    }
    if !per_alpha.is_empty() {
        let _ = writeln!(
            out,
            "\nPer α (sweeps of at most {MAX_ALPHAS_PER_ALPHA_TABLE} α values), ranked the same way. This table \
             describes and does not test: the comparisons with intervals and tests are per (mode, N) (`comparisons.csv`), \
             and a ratio here is a point estimate from the instances of one α.\n"
        );
        let _ = writeln!(out, "| {mode} | N | α | {head}");
        out.push_str("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for f in per_alpha {
            let alpha = f.alpha.map_or_else(|| "—".to_owned(), |a| a.to_string());
            let _ = writeln!(out, "| {} | {} | {alpha} |{}", f.mode, f.n, row_cells(results, f));
        }
    }
    ablation_table(out, per_size_all_modes);
    out.push('\n');
}

/// The encoding ablations present in the data, one row per N (pooled over modes).
pub(crate) fn ablations(per_size_all_modes: &[Pairing]) -> Vec<(Paradigm, &'static str, Vec<Pairing>)> {
    ENCODING_PAIRS
        .iter()
        .filter_map(|&(p, weaker, stronger, what)| {
            let rows: Vec<Pairing> = per_size_all_modes
                .iter()
                .filter(|q| (q.a == weaker && q.b == stronger) || (q.a == stronger && q.b == weaker))
                .filter_map(|q| q.oriented(weaker))
                .collect();
            (!rows.is_empty()).then_some((p, what, rows))
        })
        .collect()
}

/// How much the encoding matters in each paradigm: the paired ratio of its two encodings per N.
fn ablation_table(out: &mut String, per_size_all_modes: &[Pairing]) {
    let pairs = ablations(per_size_all_modes);
    if pairs.is_empty() {
        return;
    }
    out.push_str("\n### How much the encoding matters\n\n");
    out.push_str(
        "Each paradigm's two encodings run on the same engine, so their paired ratio isolates the \
         encoding: the geometric mean over the instances both finished (all modes) of t(A) / t(B), A the \
         weaker encoding; above 1 the stronger encoding B is faster.\n\n",
    );
    out.push_str(
        "| paradigm | A | B | what differs | N | paired | both finished | t(A)/t(B) | A unfinished | B unfinished |\n",
    );
    out.push_str("|---|---|---|---|---|---|---|---|---|---|\n");
    for (paradigm, what, rows) in pairs {
        for p in rows {
            let n = p.scope.as_ref().map_or_else(|| "all".to_owned(), |s| s.1.to_string());
            let _ = writeln!(out, "| {} | {} | {} | {what} | {n} | {} |", paradigm.name(), p.a, p.b, p.count_cells());
        }
    }
}

/// Where a solver wins among the sizes `all`: `at every N`, `at N ≤ 16`, `from N = 25 on`, `at N = 9, 25`.
pub(crate) fn region(wins: &[usize], all: &[usize]) -> String {
    let Some(start) = all.iter().position(|n| Some(n) == wins.first()) else { return String::new() };
    let contiguous = all.get(start..start + wins.len()) == Some(wins);
    let list = || wins.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ");
    match (contiguous, wins.len()) {
        (true, k) if k == all.len() => "at every N".to_owned(),
        (true, k) if k >= 2 && start == 0 => format!("at N ≤ {}", wins[k - 1]),
        (true, k) if k >= 2 && start + k == all.len() => format!("from N = {} on", wins[0]),
        _ => format!("at N = {}", list()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_read_as_ranges_at_the_ends_and_lists_elsewhere() {
        let all = [9, 16, 25, 36];
        assert_eq!(region(&[9, 16], &all), "at N ≤ 16");
        assert_eq!(region(&[25, 36], &all), "from N = 25 on");
        assert_eq!(region(&[9, 16, 25, 36], &all), "at every N");
        assert_eq!(region(&[16], &all), "at N = 16");
        assert_eq!(region(&[9], &all), "at N = 9");
        assert_eq!(region(&[9, 25], &all), "at N = 9, 25");
        assert_eq!(region(&[16, 25], &all), "at N = 16, 25");
    }

    #[test]
    fn the_solver_that_finished_more_wins_even_if_slower() {
        let s = |solver: &str, finished: usize, median: f64| (solver.to_owned(), finished, median);
        let cells: Vec<(CellKey, Summary)> = [s("sat", 3, 2.0), s("backtrack", 2, 0.1), s("ilp-clique", 3, 5.0)]
            .into_iter()
            .map(|(solver, finished, median)| {
                let summary = Summary { runs: 3, solved: finished, seconds: vec![median; 3], ..Summary::default() };
                (((Group::PLANTED, 9), None, solver_order(&solver)), summary)
            })
            .collect();
        let ranked = rank(cells.iter().map(|(k, s)| (k, s)), &[]);
        let names: Vec<&str> = ranked[0].standings.iter().map(|s| s.solver.as_str()).collect();
        assert_eq!(names, ["sat", "ilp-clique", "backtrack"]);
        assert_eq!(ranked[0].winner().map(|w| w.solver.as_str()), Some("sat"));
    }
}
