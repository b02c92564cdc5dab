//! The summary at the top of the report: one table a researcher reads in two minutes, computed
//! from the same [`Analysis`] as the full tables below it, so the two cannot disagree.
//!
//! One row per (mode, solver) and one column per N: the median total time (stopped runs counted
//! as the limit), bold for the fastest solver at that N ([`super::winners`]' ranking), the runs
//! the solver did not finish, and the α where its search effort peaks ([`super::peak_growth`]'s
//! peak: the effort peak, else the time peak). The last columns are the better of the two growth
//! laws over N ([`super::growth`]): pooled over α, at the hardness peak and off it. Three more rows
//! per mode name the fastest solver per N on total time and on search time alone, and count the
//! unresolved instances (no solver finished).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::analysis::Analysis;
use super::growth::Growth;
use super::peak_growth::OFF_PEAK;
use super::winners::{Fastest, Standing};
use super::{fmt_peak, fmt_secs};
use crate::results::{solver_order, Results, Summary};

/// One solver's summaries in one mode, by N.
type BySize<'a> = BTreeMap<usize, &'a Summary>;

/// The summary section; nothing when there are no runs.
pub(crate) fn section(out: &mut String, results: &Results, total: &Analysis, search: &Analysis) {
    let cells = results.summarize(|r| Some((r.mode.clone(), solver_order(&r.solver), r.n)));
    if cells.is_empty() {
        return;
    }
    let sizes: Vec<usize> = cells.keys().map(|k| k.2).collect::<BTreeSet<_>>().into_iter().collect();
    let mut rows: BTreeMap<(&str, &(usize, String)), BySize<'_>> = BTreeMap::new();
    for ((mode, solver, n), s) in &cells {
        rows.entry((mode.as_str(), solver)).or_default().insert(*n, s);
    }
    out.push_str("## Summary\n\n");
    let _ = writeln!(
        out,
        "Per mode and solver, at each N: the median total time in seconds (set-up + search; runs \
         stopped by the limit count as the limit, `≥` marks a median at the limit), **bold** for the \
         fastest solver at that N (the lowest median among the solvers that finished the most \
         instances), the runs it did not finish (limit, memory or error), and the α where its search \
         effort peaks (its time peak when it records no effort; `edge`: at the end of the sweep). The \
         growth columns give the better-fitting law over N (details in *How cost grows with N*): \
         pooled over α, at the hardness peak, and off it (α at least {OFF_PEAK} away). *Fastest, \
         search only* ranks the same way on search time alone (set-up such as the ILP model, the SAT \
         encoding or the DLX matrix left out); *unresolved* counts the instances no solver finished.\n"
    );
    let heads: String = sizes.iter().map(|n| format!(" N = {n} |")).collect();
    let _ = writeln!(out, "| mode | solver |{heads} growth, all α | growth at the peak | growth off the peak |");
    let _ = writeln!(out, "|{}", "---|".repeat(sizes.len() + 5));
    let modes: Vec<&str> = rows.keys().map(|k| k.0).collect::<BTreeSet<_>>().into_iter().collect();
    for mode in modes {
        for ((_, (_, solver)), by_size) in rows.iter().filter(|(k, _)| k.0 == mode) {
            let cells: String = sizes
                .iter()
                .map(|n| match by_size.get(n) {
                    Some(s) => format!(" {} |", size_cell(results, total, (mode, solver, *n), s)),
                    None => " — |".to_owned(),
                })
                .collect();
            let law = |g: Option<&Growth>| g.map_or_else(|| "—".to_owned(), Growth::short_law);
            let pooled = law(total.growth.iter().find(|g| g.mode == mode && &g.solver == solver));
            let peak = total.peak_growth.iter().find(|g| g.mode == mode && &g.solver == solver);
            let (at, off) = (law(peak.map(|g| &g.at_peak)), law(peak.map(|g| &g.off_peak)));
            let _ = writeln!(out, "| {mode} | {solver} |{cells} {pooled} | {at} | {off} |");
        }
        let fastest = |analysis: &Analysis, with_median: bool| -> String {
            sizes
                .iter()
                .map(|n| {
                    let f = analysis.fastest.iter().find(|f| f.mode == mode && f.n == *n);
                    format!(" {} |", fastest_cell(results, f, with_median))
                })
                .collect()
        };
        let _ = writeln!(out, "| {mode} | *fastest* |{} | | |", fastest(total, false));
        let _ = writeln!(out, "| {mode} | *fastest, search only* |{} | | |", fastest(search, true));
        let unresolved: String = sizes
            .iter()
            .map(|n| {
                let (k, of) = total
                    .solvability
                    .iter()
                    .filter(|((m, size, _, _), _)| m == mode && size == n)
                    .fold((0, 0), |(k, of), (_, s)| (k + s.unresolved, of + s.instances));
                if of == 0 {
                    " — |".to_owned()
                } else {
                    format!(" {k} of {of} |")
                }
            })
            .collect();
        let _ = writeln!(out, "| {mode} | *unresolved* |{unresolved} | | |");
    }
    out.push('\n');
}

/// One (mode, solver, N) cell: median (bold for the fastest), unfinished runs, peak α.
fn size_cell(results: &Results, total: &Analysis, (mode, solver, n): (&str, &str, usize), s: &Summary) -> String {
    let median = fmt_secs(results, s.median());
    let fastest = total.fastest.iter().find(|f| f.mode == mode && f.n == n).and_then(Fastest::winner);
    let mut text = if fastest.is_some_and(|w| w.solver == solver) { format!("**{median}**") } else { median };
    let unfinished = s.runs - s.solved - s.infeasible;
    if unfinished > 0 {
        let _ = write!(text, " · {unfinished} unfinished");
    }
    let size = total
        .peak_growth
        .iter()
        .find(|g| g.mode == mode && g.solver == solver)
        .and_then(|g| g.sizes.iter().find(|p| p.n == n));
    if let Some(p) = size {
        let elsewhere = if p.censored && !p.at.censored { ", limit elsewhere" } else { "" };
        let _ = write!(text, " · peak α {}{elsewhere}", fmt_peak(&p.at));
    }
    text
}

/// The fastest solver of one (mode, N), with its median when asked; a dash where the size is
/// missing, `none finished` where no solver finished a run.
fn fastest_cell(results: &Results, f: Option<&Fastest>, with_median: bool) -> String {
    match f.map(Fastest::winner) {
        None => "—".to_owned(),
        Some(None) => "none finished".to_owned(),
        Some(Some(Standing { solver, median, .. })) if with_median => {
            format!("{solver} ({} s)", fmt_secs(results, *median))
        }
        Some(Some(w)) => w.solver.clone(),
    }
}
