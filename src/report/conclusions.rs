//! The report's conclusions, generated from the [`Analysis`] so that every sentence is backed by a
//! number in the tables above it. Claims are hedged when the data is thin and withheld when it is
//! missing (no speed ratio without instances both solved, no growth law from fewer than three sizes).
//! What the summary or a table already says in full (each growth law, each peak location) is not
//! said again here, and a caveat that applies to several claims is said once.

use std::collections::BTreeMap;

use super::analysis::Analysis;
use super::{effort_pairs, fmt_pct, latin_law, pairing, peak_growth, peaks, portfolio, winners};
use crate::experiment::record::RunRow;
use crate::results::{solver_order, Outcome, Results, Summary};
/// The random-fill mode of the origin study.
const RANDOM_MODE: &str = "random";
/// The always-solvable mode.
const PLANTED_MODE: &str = "planted";

/// Every conclusion, one Markdown bullet each (without the leading dash).
pub(crate) fn bullets(results: &Results, analysis: &Analysis) -> Vec<String> {
    if results.rows.is_empty() {
        return vec!["`runs.csv` holds no runs: nothing to conclude.".to_owned()];
    }
    let mut out = Vec::new();
    out.extend(pairing::bullets(&analysis.pairings));
    out.extend(effort_pairs::bullets(&analysis.effort_pairs));
    out.extend(winners::bullets(results, &analysis.fastest, &analysis.pairings.per_size_all_modes));
    out.extend(portfolio::bullets(&analysis.races));
    out.extend(limit_bullets(results));
    out.extend(solvability_bullets(analysis));
    out.extend(peak_growth::bullets(&analysis.peak_growth));
    out.extend(peaks::bullets(&analysis.peaks));
    out.extend(latin_law::bullets(&analysis.law));
    out.extend(integrity_bullets(results));
    out
}

/// Which solvers hit the time limit or the memory cap, and from which N on.
fn limit_bullets(results: &Results) -> Vec<String> {
    let by_size = results.summarize(|r| Some((solver_order(&r.solver), r.n)));
    let mut per_solver: BTreeMap<(usize, String), Vec<(usize, &Summary)>> = BTreeMap::new();
    for ((solver, n), s) in &by_size {
        per_solver.entry(solver.clone()).or_default().push((*n, s));
    }
    let mut out = Vec::new();
    let mut always_finished = Vec::new();
    for ((_, solver), sizes) in per_solver {
        let Some(first) = sizes.iter().find(|(_, s)| s.limit + s.memory > 0).map(|(n, _)| *n) else {
            if sizes.iter().all(|(_, s)| s.error == 0) {
                always_finished.push(solver);
            }
            continue;
        };
        let from: Vec<&Summary> = sizes.iter().filter(|(n, _)| *n >= first).map(|(_, s)| *s).collect();
        let runs: usize = from.iter().map(|s| s.runs).sum();
        let limit: usize = from.iter().map(|s| s.limit).sum();
        let memory: usize = from.iter().map(|s| s.memory).sum();
        let what = match (limit, memory) {
            (_, 0) => "hit the time limit".to_owned(),
            (0, _) => "ran out of memory".to_owned(),
            _ => format!("hit the time limit ({limit}) or ran out of memory ({memory})"),
        };
        let all = if limit + memory == runs { " — all of them" } else { "" };
        out.push(format!("{solver} {what} on {} of {runs} runs at N ≥ {first}{all}.", limit + memory));
    }
    if !always_finished.is_empty() {
        out.push(format!("{} finished every run within the limits.", always_finished.join(", ")));
    }
    out
}

/// How often the random generator's instances were solvable; planted instances that were not.
fn solvability_bullets(analysis: &Analysis) -> Vec<String> {
    let mut per_n: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let mut planted_infeasible = 0;
    for ((mode, n, _, alpha), s) in &analysis.solvability {
        if mode == PLANTED_MODE {
            planted_infeasible += s.infeasible;
        }
        if mode != RANDOM_MODE {
            continue;
        }
        let unresolved = if s.unresolved > 0 {
            format!(", {} unresolved", fmt_pct(s.unresolved, s.instances))
        } else {
            String::new()
        };
        per_n.entry(*n).or_default().push(format!(
            "{} at α = {alpha}{unresolved} (of {})",
            fmt_pct(s.solvable, s.instances),
            s.instances
        ));
    }
    let mut out: Vec<String> = per_n
        .into_iter()
        .map(|(n, cells)| format!("The random generator's instances at N = {n} were solvable in {}.", cells.join("; ")))
        .collect();
    if planted_infeasible > 0 {
        out.push(format!(
            "{planted_infeasible} planted instances were reported infeasible although planted instances are \
             solvable by construction: a generator or solver bug to investigate before trusting these numbers."
        ));
    }
    out
}

/// Errors, disagreements between solvers and answers the oracle rejected.
fn integrity_bullets(results: &Results) -> Vec<String> {
    let count = |f: &dyn Fn(&RunRow) -> bool| results.rows.iter().filter(|r| f(r)).count();
    let errors = count(&|r| Outcome::of(r) == Outcome::Error);
    let mut by_solver: BTreeMap<(usize, String), usize> = BTreeMap::new();
    for row in results.rows.iter().filter(|r| Outcome::of(r) == Outcome::Error) {
        *by_solver.entry(solver_order(&row.solver)).or_default() += 1;
    }
    let who: Vec<String> = by_solver.iter().map(|((_, s), k)| format!("{s} {k}")).collect();
    let disagree = count(&|r| r.agree == Some(false));
    let rejected = count(&|r| r.verified == Some(false));
    let mut out = Vec::new();
    if errors > 0 {
        out.push(format!(
            "{errors} runs ended in an error ({}; see the `note` column); they are excluded from the times.",
            who.join(", ")
        ));
    }
    if disagree + rejected > 0 {
        out.push(format!(
            "{disagree} runs disagreed with another solver on feasibility and {rejected} returned a solution \
             the oracle rejected: check these before trusting the comparison."
        ));
    } else {
        out.push(
            "No run was flagged as disagreeing with another solver (`agree = false`) or as returning a solution \
             the oracle rejected (`verified = false`)."
                .to_owned(),
        );
    }
    out
}
