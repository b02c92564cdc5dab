//! The summary under the key findings: small tables with one number per cell, a row per (mode, N)
//! and a column per solver, computed from the same runs as the details below them.
//!
//! - *Median total time*: the median seconds of each solver (stopped runs counted as the limit,
//!   `≥` where the median is the limit), **bold** for the lowest median at that N and every
//!   median whose 95 % interval overlaps its interval (`estimates.csv`: the data do not tell them
//!   apart), and per mode a PAR-2 row over all N.
//! - *Runs not finished*: per solver, the runs stopped by a limit or ended in an error, beside the
//!   instances of the (mode, N) and those no solver finished.
//! - *Peak α*: where each solver's search effort peaks in α ([`super::peaks`]; its time peak when it
//!   records no effort), for sweeps of at least three α values.
//!
//! The times come from [`Score`], which takes the time of a run as a closure: [`time_tables`] is
//! called with the results' clock, and another measure of time (CPU seconds) is one more call.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::analysis::Analysis;
use super::finding::{Stated, What};
use super::fmt_secs;
use super::peaks::{EffortPeak, Peak};
use crate::experiment::record::RunRow;
use crate::results::stats::{Quantity, Test};
use crate::results::{cell_scope, Group, Uncertainty, ALL_SCOPE, VIRTUAL_BEST};
use crate::results::{fmt_round_seconds, fmt_seconds, solver_order, PeakAt, Results, PAR_FACTOR};

/// A (mode, N) row of the summary tables.
type RowKey = (Group, usize);

/// The summary section; nothing when there are no runs.
pub(crate) fn section(out: &mut String, results: &Results, analysis: &Analysis, u: &Uncertainty) {
    if results.rows.is_empty() {
        return;
    }
    out.push_str("## Summary\n\n");
    let clock = results.clock;
    time_tables(out, results, u, "total time", &|r: &RunRow| clock.seconds(r));
    unfinished_table(out, results, analysis);
    peak_table(out, results, &analysis.peaks);
}

/// The median-time table on the measure `time` (named `what`, e.g. `total time`), with a PAR-2
/// row per mode; the medians' intervals from `u`.
pub(crate) fn time_tables(
    out: &mut String,
    results: &Results,
    u: &Uncertainty,
    what: &str,
    time: &dyn Fn(&RunRow) -> f64,
) {
    let solvers = results.solvers();
    let cells = results.score_by(|r| Some(((Group::of(r), r.n), r.solver.clone())), time);
    let pooled = results.score_by(|r| Some((Group::of(r), r.solver.clone())), time);
    let rows: BTreeSet<&RowKey> = cells.keys().map(|k| &k.0).collect();
    let limit = match results.time_limit {
        Some(t) => format!("the {} limit", fmt_round_seconds(t)),
        None => "the time limit".to_owned(),
    };
    let _ = writeln!(
        out,
        "### Median {what} (`≥`: at {limit}, a lower bound; **bold**: the lowest, and those whose 95 % interval \
         overlaps its interval; PAR-2: mean with runs not finished counted as {PAR_FACTOR} × the limit)"
    );
    // The virtual best's column, after the solvers', where the statistics have it.
    let virtual_best = !u.virtual_best_par2.is_empty();
    let mut columns = solvers.clone();
    if virtual_best {
        columns.push(format!("*{VIRTUAL_BEST}*"));
    }
    header(out, results, &columns, &[]);
    for (mode, n) in &rows {
        let medians: Vec<(&String, f64)> =
            solvers.iter().filter_map(|s| Some((s, cells.get(&((mode.clone(), *n), s.clone()))?.median?))).collect();
        let best = best_and_ties(&medians, u, &cell_scope(mode, *n));
        let line: String = solvers
            .iter()
            .map(|s| {
                let Some(score) = cells.get(&((mode.clone(), *n), s.clone())) else { return " — |".to_owned() };
                let median = fmt_secs(results, score.median);
                if best.contains(&s.as_str()) {
                    format!(" **{median}** |")
                } else {
                    format!(" {median} |")
                }
            })
            .collect();
        let vbs = match u.estimate(&cell_scope(mode, *n), VIRTUAL_BEST, Quantity::Median) {
            // Counted as the tables count a stopped run: at the limit.
            Some(e) if virtual_best => {
                format!(" {} |", fmt_secs(results, Some(e.estimate.min(results.time_limit.unwrap_or(f64::INFINITY)))))
            }
            _ if virtual_best => " — |".to_owned(),
            _ => String::new(),
        };
        let _ = writeln!(out, "| {mode} | {n} |{line}{vbs}");
        let last_of_mode = rows.iter().rfind(|k| &k.0 == mode) == Some(&&(mode.clone(), *n));
        if last_of_mode {
            let par2: String = solvers
                .iter()
                .map(|s| match pooled.get(&(mode.clone(), s.clone())).and_then(|p| p.par2) {
                    Some(v) => format!(" {} |", fmt_seconds(v)),
                    None => " — |".to_owned(),
                })
                .collect();
            let vbs = match u.virtual_best_par2.iter().find(|(g, _)| g == mode) {
                Some((_, v)) if virtual_best => format!(" {} |", fmt_seconds(*v)),
                _ if virtual_best => " — |".to_owned(),
                _ => String::new(),
            };
            let _ = writeln!(out, "| {mode} | PAR-2, all N |{par2}{vbs}");
        }
    }
    out.push('\n');
    best_solvers(out, results, u);
}

/// The single best solver over all instances, the virtual best against it, and the portfolio's
/// gap to the virtual best, each ratio with its interval and n.
fn best_solvers(out: &mut String, results: &Results, u: &Uncertainty) {
    let Some(single) = u.single_best(ALL_SCOPE) else { return };
    let gap = |solver: &str| {
        let c = u.comparisons.iter().find(|c| {
            c.scope == ALL_SCOPE && c.solver_a == solver && c.solver_b == VIRTUAL_BEST && c.test == Test::Wilcoxon
        })?;
        Some(Stated::estimate(What::Ratio, &[solver, VIRTUAL_BEST], &c.ratio_estimate()).claim())
    };
    let mut text = format!(
        "*{VIRTUAL_BEST}*: per instance, the fastest run of the solvers run (`portfolio` left out: it is itself a \
         selector). Single best solver over all instances (lowest PAR-2): {}",
        super::inline_code(single)
    );
    if let Some(g) = gap(single) {
        text.push_str(&format!(", t({single})/t({VIRTUAL_BEST}) = {g}"));
    }
    if results.solvers().iter().any(|s| s == "portfolio") {
        if let Some(g) = gap("portfolio") {
            text.push_str(&format!("; the portfolio's gap to the virtual best, t(portfolio)/t({VIRTUAL_BEST}) = {g}"));
        }
    }
    let _ = writeln!(out, "{text}.\n");
}

/// The solvers to bold among `medians` (solver, median): the lowest median, and every solver
/// whose median's interval in `scope` overlaps the lowest one's. Without intervals, the lowest
/// alone.
fn best_and_ties<'a>(medians: &[(&'a String, f64)], u: &Uncertainty, scope: &str) -> Vec<&'a str> {
    let Some(&(best, _)) = medians.iter().min_by(|a, b| a.1.total_cmp(&b.1).then_with(|| a.0.cmp(b.0))) else {
        return Vec::new();
    };
    let interval = |s: &str| u.estimate(scope, s, Quantity::Median).map(|e| (e.ci_low, e.ci_high));
    let Some((low, high)) = interval(best) else { return vec![best.as_str()] };
    medians
        .iter()
        .filter(|(s, _)| *s == best || interval(s).is_some_and(|(l, h)| l <= high && low <= h))
        .map(|(s, _)| s.as_str())
        .collect()
}

/// Runs not finished per solver, with the instances of each (mode, N) and those no solver finished.
fn unfinished_table(out: &mut String, results: &Results, analysis: &Analysis) {
    let solvers = results.solvers();
    let cells = results.score_by(|r| Some(((Group::of(r), r.n), r.solver.clone())), |r| r.seconds);
    let mut instances: BTreeMap<RowKey, (usize, usize)> = BTreeMap::new();
    for ((mode, n, _, _), s) in &analysis.solvability {
        let e = instances.entry((mode.clone(), *n)).or_default();
        e.0 += s.instances;
        e.1 += s.unresolved;
    }
    out.push_str("### Runs not finished (stopped by the time limit or the memory cap, or an error)\n");
    header(out, results, &solvers, &["instances", "unresolved"]);
    for (key, (count, unresolved)) in &instances {
        let line: String = solvers
            .iter()
            .map(|s| match cells.get(&(key.clone(), s.clone())) {
                Some(score) => format!(" {} |", score.unfinished),
                None => " — |".to_owned(),
            })
            .collect();
        let _ = writeln!(out, "| {} | {} | {count} | {unresolved} |{line}", key.0, key.1);
    }
    out.push('\n');
}

/// Each solver's peak α per (mode, N) sweep; nothing without a sweep long enough to have one.
fn peak_table(out: &mut String, results: &Results, peaks: &[Peak]) {
    if peaks.is_empty() {
        return;
    }
    let mut solvers: Vec<String> =
        peaks.iter().flat_map(|p| p.times.iter().map(|t| t.0.clone())).collect::<BTreeSet<_>>().into_iter().collect();
    solvers.sort_by_key(|s| solver_order(s));
    out.push_str(
        "### Peak α: where each solver's search effort is largest (`edge`: at the end of the sweep; `censored`: \
         the median time there is the limit; `uncertain`: the limit is reached elsewhere in the sweep)\n",
    );
    header(out, results, &solvers, &[]);
    for p in peaks {
        let line: String = solvers
            .iter()
            .map(|s| {
                let effort = p.efforts.iter().find(|e| &e.solver == s);
                let time = p.times.iter().find(|t| &t.0 == s).map(|t| &t.1);
                format!(" {} |", peak_cell(effort, time))
            })
            .collect();
        let _ = writeln!(out, "| {} | {} |{line}", p.mode, p.n);
    }
    out.push('\n');
}

/// The table head: mode (or set), N, the `extra` columns, then one column per solver.
fn header(out: &mut String, results: &Results, solvers: &[String], extra: &[&str]) {
    let extra_heads: String = extra.iter().map(|e| format!(" {e} |")).collect();
    let heads: String = solvers.iter().map(|s| format!(" {s} |")).collect();
    let _ = writeln!(out, "| {} | N |{extra_heads}{heads}", results.mode_heading());
    let _ = writeln!(out, "|---|---|{}", "---:|".repeat(extra.len() + solvers.len()));
}

/// One solver's peak as one fact: the α (or tied range) and at most one qualifier.
pub(crate) fn peak_cell(effort: Option<&EffortPeak>, time: Option<&PeakAt>) -> String {
    let (at, elsewhere) = match (effort, time) {
        (Some(e), _) => (&e.at, !e.censored_elsewhere.is_empty()),
        (None, Some(t)) => (t, false),
        (None, None) => return "—".to_owned(),
    };
    let location = match (at.alphas.first(), at.alphas.last()) {
        (Some(a), Some(b)) if a != b => format!("{a}–{b}"),
        (Some(a), _) => a.to_string(),
        _ => return "—".to_owned(),
    };
    if at.censored {
        format!("{location} (censored)")
    } else if elsewhere {
        format!("{location} (uncertain)")
    } else if at.edge {
        format!("{location} (edge)")
    } else {
        location
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::Alpha;

    #[test]
    fn a_peak_cell_holds_one_location_and_at_most_one_qualifier() {
        let at = |alphas: &[f64], censored, edge| PeakAt {
            alphas: alphas.iter().map(|a| Alpha::new(*a)).collect(),
            value: 1.0,
            censored,
            edge,
        };
        assert_eq!(peak_cell(None, Some(&at(&[0.4], false, false))), "0.4");
        assert_eq!(peak_cell(None, Some(&at(&[0.0, 0.2], false, true))), "0–0.2 (edge)");
        assert_eq!(peak_cell(None, Some(&at(&[0.4], true, true))), "0.4 (censored)");
        assert_eq!(peak_cell(None, None), "—");
    }
}
