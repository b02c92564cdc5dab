//! The summary under the key findings: small tables with one number per cell, a row per (mode, N)
//! and a column per solver, computed from the same runs as the details below them.
//!
//! - *Median total time*: the median seconds of each solver (stopped runs counted as the limit,
//!   `≥` where the median is the limit), **bold** for the fastest solver at that N
//!   ([`super::winners`]' ranking), and per mode a PAR-2 row over all N.
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
use super::fmt_secs;
use super::peaks::{EffortPeak, Peak};
use super::winners::Fastest;
use crate::experiment::record::RunRow;
use crate::results::Group;
use crate::results::{fmt_round_seconds, fmt_seconds, solver_order, PeakAt, Results, PAR_FACTOR};

/// A (mode, N) row of the summary tables.
type RowKey = (Group, usize);

/// The summary section; nothing when there are no runs.
pub(crate) fn section(out: &mut String, results: &Results, analysis: &Analysis) {
    if results.rows.is_empty() {
        return;
    }
    out.push_str("## Summary\n\n");
    let clock = results.clock;
    time_tables(out, results, analysis, "total time", &|r: &RunRow| clock.seconds(r));
    unfinished_table(out, results, analysis);
    peak_table(out, results, &analysis.peaks);
}

/// The median-time table on the measure `time` (named `what`, e.g. `total time`), with a PAR-2
/// row per mode.
pub(crate) fn time_tables(
    out: &mut String,
    results: &Results,
    analysis: &Analysis,
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
        "### Median {what} (`≥`: at {limit}, a lower bound; **bold**: fastest; PAR-2: mean with runs not \
         finished counted as {PAR_FACTOR} × the limit)"
    );
    header(out, results, &solvers, &[]);
    for (mode, n) in &rows {
        let winner = analysis.fastest.iter().find(|f| &f.mode == mode && f.n == *n).and_then(Fastest::winner);
        let line: String = solvers
            .iter()
            .map(|s| {
                let Some(score) = cells.get(&((mode.clone(), *n), s.clone())) else { return " — |".to_owned() };
                let median = fmt_secs(results, score.median);
                if winner.is_some_and(|w| &w.solver == s) {
                    format!(" **{median}** |")
                } else {
                    format!(" {median} |")
                }
            })
            .collect();
        let _ = writeln!(out, "| {mode} | {n} |{line}");
        let last_of_mode = rows.iter().rfind(|k| &k.0 == mode) == Some(&&(mode.clone(), *n));
        if last_of_mode {
            let par2: String = solvers
                .iter()
                .map(|s| match pooled.get(&(mode.clone(), s.clone())).and_then(|p| p.par2) {
                    Some(v) => format!(" {} |", fmt_seconds(v)),
                    None => " — |".to_owned(),
                })
                .collect();
            let _ = writeln!(out, "| {mode} | PAR-2, all N |{par2}");
        }
    }
    out.push('\n');
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
