//! The report's conclusions, generated from the [`Analysis`] so that every sentence is backed by a
//! number in the tables above it. Claims are hedged when the data is thin and withheld when it is
//! missing (no speed ratio without instances both solved, no growth law from fewer than three sizes).

use std::collections::BTreeMap;

use super::analysis::{Analysis, Growth, Pairing};
use super::{better_fit, fmt_pct, peak_growth, peaks, speedup_phrase, winners};
use crate::experiment::record::RunRow;
use crate::results::{fmt_num, solver_order, Outcome, Results, Summary};

/// Below this many paired instances a ratio is called indicative.
const FEW_PAIRS: usize = 5;
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
    out.extend(ratio_bullets(analysis));
    out.extend(winners::bullets(results, analysis));
    out.extend(limit_bullets(results));
    out.extend(solvability_bullets(analysis));
    out.extend(analysis.growth.iter().map(growth_bullet));
    out.extend(peak_growth::bullets(analysis));
    out.extend(peaks::bullets(&analysis.peaks));
    out.extend(integrity_bullets(results));
    out
}

/// One bullet per solver pair, pooled over all instances, noting where the faster one changes with N.
fn ratio_bullets(analysis: &Analysis) -> Vec<String> {
    analysis
        .pooled_pairings
        .iter()
        .map(|p| {
            let unfinished = format!(
                "{} did not finish {} of the {} paired instances, {} {}",
                p.a, p.a_unfinished, p.paired, p.b, p.b_unfinished
            );
            let Some(ratio) = p.median_ratio() else {
                return format!("No speed ratio between {} and {}: no instance was solved by both ({unfinished}).", p.a, p.b);
            };
            let sizes: Vec<String> = p.sizes.iter().map(|n| n.to_string()).collect();
            let hedge = if p.ratios.len() < FEW_PAIRS { " Few instances: indicative only." } else { "" };
            let (faster, faster_unfinished) = if ratio >= 1.0 { (&p.b, p.b_unfinished) } else { (&p.a, p.a_unfinished) };
            let caution = if faster_unfinished > 0 {
                format!(
                    " The ratio leaves out the {faster_unfinished} instances {faster} did not finish, so it likely overstates \
                     {faster}'s advantage."
                )
            } else {
                String::new()
            };
            format!(
                "On the {} instances both solved (N = {}), {} (median of per-instance time ratios); \
                 {unfinished}.{}{caution}{hedge}",
                p.ratios.len(),
                sizes.join(", "),
                speedup_phrase(p, ratio),
                crossover(analysis, p)
            )
        })
        .collect()
}

/// " By N, A is faster at N = …, B at N = …." when the faster solver changes with N; else empty.
fn crossover(analysis: &Analysis, pooled: &Pairing) -> String {
    let mut a_faster = Vec::new();
    let mut b_faster = Vec::new();
    for p in analysis.size_pairings.iter().filter(|p| p.a == pooled.a && p.b == pooled.b) {
        let (Some(ratio), Some((_, n))) = (p.median_ratio(), &p.scope) else { continue };
        if ratio > 1.0 {
            b_faster.push(n.to_string());
        } else if ratio < 1.0 {
            a_faster.push(n.to_string());
        }
    }
    if a_faster.is_empty() || b_faster.is_empty() {
        return String::new();
    }
    format!(
        " The faster solver changes with N: {} is faster at N = {}, {} at N = {}.",
        pooled.a,
        a_faster.join(", "),
        pooled.b,
        b_faster.join(", ")
    )
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

/// The growth law of one (solver, mode), or why there is none.
fn growth_bullet(g: &Growth) -> String {
    let sizes: Vec<String> = g.points.iter().map(|p| p.0.to_string()).collect();
    let censored = if g.censored.is_empty() {
        String::new()
    } else {
        let ns: Vec<String> = g.censored.iter().map(|n| n.to_string()).collect();
        format!(" (its median reaches the time limit at N = {})", ns.join(", "))
    };
    let (Some(p), Some(e)) = (g.power, g.exponential) else {
        return format!(
            "{} ({}): too few sizes with an uncensored median ({}) to fit a growth law{censored}.",
            g.solver,
            g.mode,
            g.points.len()
        );
    };
    let verdict = match better_fit(g) {
        "similar" => "the two fit about equally well".to_owned(),
        better => format!("the {better} law fits better"),
    };
    let hedge = if g.points.len() <= 4 {
        format!(" With only {} sizes this is indicative.", g.points.len())
    } else {
        String::new()
    };
    format!(
        "{} ({}): over N = {}, the median time grows like N^{:.2} (R² {:.3}) or {}^N (R² {:.3}); {verdict}{censored}.{hedge}",
        g.solver,
        g.mode,
        sizes.join(", "),
        p.slope,
        p.r2,
        fmt_num(10f64.powf(e.slope)),
        e.r2,
    )
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
