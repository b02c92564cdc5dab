//! The Markdown report of one results directory: `REPORT.md` beside `runs.csv`.
//!
//! It answers the origin study's question, "what does the complexity look like?", from the result
//! files alone (it never runs a solver): time and outcome shares per (N, α, solver, mode) (and, for
//! `unique` puzzles, median times per (N, difficulty) side by side per solver), paired
//! speed ratios, which solver (and paradigm) is fastest where and how much the encoding matters
//! ([`winners`]), how the median time grows with N (polynomial and exponential fits), at the
//! hardness peak and off it ([`peak_growth`]), where each solver's search effort peaks in α compared
//! with the Latin-square literature ([`peaks`]), how often generated instances were solvable, the
//! figures written by [`crate::plot`], and conclusions generated from those numbers. Times of runs
//! stopped by the time limit (or the memory cap) count as the limit, so medians marked `≥` are
//! lower bounds. The numbers come from [`crate::results`], which the figures read too.

mod analysis;
mod conclusions;
mod peak_growth;
mod peaks;
mod variants;
mod winners;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::results::{self, fmt_limit, fmt_num, Alpha, PeakAt, Results};
use analysis::{Analysis, Growth, Pairing, MIN_FIT_POINTS, UNIQUE_MODE};

/// The report's file name inside the results directory.
pub const REPORT_FILE: &str = "REPORT.md";

/// Writes `dir/REPORT.md` from `dir/runs.csv` (and `dir/meta.json` when present); returns its path.
pub fn write_report(dir: &Path) -> anyhow::Result<PathBuf> {
    let results = Results::load(dir)?;
    let text = render(&results, dir);
    let path = dir.join(REPORT_FILE);
    fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}

/// The whole report as Markdown.
fn render(results: &Results, dir: &Path) -> String {
    let analysis = Analysis::of(results);
    let mut out = String::new();
    header(&mut out, results);
    cell_table(&mut out, results, &analysis);
    difficulty_table(&mut out, results);
    solvability_table(&mut out, &analysis);
    ratio_table(&mut out, &analysis);
    winners::section(&mut out, results, &analysis);
    variants::section(&mut out, results, &analysis);
    growth_section(&mut out, &analysis);
    peak_growth::section(&mut out, results, &analysis);
    peaks::section(&mut out, &analysis);
    figures(&mut out, dir);
    out.push_str("\n## Conclusions\n\n");
    for line in conclusions::bullets(results, &analysis) {
        let _ = writeln!(out, "- {line}");
    }
    out
}

/// Title, meta information, counts and how times are censored.
fn header(out: &mut String, results: &Results) {
    let _ = writeln!(out, "# Report: {}\n", results.name());
    if let Some(serde_json::Value::Object(meta)) = &results.meta {
        out.push_str("## Setup (meta.json)\n\n");
        for (key, value) in meta {
            flatten_meta(out, key, value, 0);
        }
        out.push('\n');
    }
    let instances = results.instances().len();
    let _ = writeln!(
        out,
        "**Runs:** {} on {} instances; solvers: {}; modes: {}.\n",
        results.rows.len(),
        instances,
        results.solvers().join(", "),
        results.modes().join(", ")
    );
    let limit = match results.time_limit {
        Some(t) => format!("the time limit ({} s)", fmt_limit(t)),
        None => "the time limit (none was reached)".to_owned(),
    };
    let _ = writeln!(
        out,
        "Times are wall seconds of the solve. Runs stopped by the time limit or the memory cap could \
         not finish; they count as {limit} rather than being dropped, so a statistic marked `≥` is \
         censored (a lower bound). `error` runs are left out of the times but counted in the shares.\n"
    );
}

/// One bullet per scalar of `meta.json`, nested objects one level deep.
fn flatten_meta(out: &mut String, key: &str, value: &serde_json::Value, depth: usize) {
    use serde_json::Value;
    let text = match value {
        Value::Object(map) if depth == 0 => {
            for (k, v) in map {
                flatten_meta(out, &format!("{key}.{k}"), v, depth + 1);
            }
            return;
        }
        Value::Null => return,
        Value::Array(items) if items.is_empty() => return,
        Value::Array(items) if items.iter().any(|v| v.is_object() || v.is_array()) => {
            format!("{} entries", items.len())
        }
        Value::String(s) => s.clone(),
        Value::Array(items) => items
            .iter()
            .map(|v| v.as_str().map(str::to_owned).unwrap_or_else(|| v.to_string()))
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    };
    let text: String =
        if text.chars().count() > 160 { text.chars().take(157).chain("…".chars()).collect() } else { text };
    let _ = writeln!(out, "- {key}: {}", escape_cell(&text));
}

/// The main table: median and p90 time and outcome shares per cell.
fn cell_table(out: &mut String, results: &Results, analysis: &Analysis) {
    out.push_str("## Time and outcomes per (N, α, solver, mode)\n\n");
    let with_difficulty = analysis.cells.keys().any(|k| !k.difficulty.1.is_empty());
    let difficulty_head = if with_difficulty { " difficulty |" } else { "" };
    let _ = writeln!(
        out,
        "| N | box | mode |{difficulty_head} α | solver | runs | median s | p90 s | solved | infeasible | limit | memory | error |"
    );
    let columns = 13 + usize::from(with_difficulty);
    let _ = writeln!(out, "|{}", "---|".repeat(columns));
    for (key, s) in &analysis.cells {
        let secs = |v: Option<f64>| fmt_secs(results, v);
        let difficulty = if with_difficulty { format!(" {} |", or_dash(&key.difficulty.1)) } else { String::new() };
        let share = |k: usize| fmt_pct(k, s.runs);
        let _ = writeln!(
            out,
            "| {} | {}×{} | {} |{difficulty} {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            key.n,
            key.shape.0,
            key.shape.1,
            key.mode,
            alpha_cell(&key.mode, key.alpha),
            key.solver.1,
            s.runs,
            secs(s.median()),
            secs(s.quantile(0.9)),
            share(s.solved),
            share(s.infeasible),
            share(s.limit),
            share(s.memory),
            share(s.error),
        );
    }
    out.push('\n');
}

/// Median time per (N, difficulty) of `unique` puzzles, one column per solver; nothing without them.
///
/// The main table has the same medians one solver per row; side by side they read as a comparison.
fn difficulty_table(out: &mut String, results: &Results) {
    let groups = results.summarize(|r| {
        (r.mode == UNIQUE_MODE)
            .then(|| (r.n, results::difficulty_order(&r.difficulty), results::solver_order(&r.solver)))
    });
    if groups.is_empty() {
        return;
    }
    let mut solvers: Vec<&(usize, String)> = groups.keys().map(|k| &k.2).collect();
    solvers.sort();
    solvers.dedup();
    let mut rows: Vec<(usize, &(usize, String))> = groups.keys().map(|k| (k.0, &k.1)).collect();
    rows.dedup();
    out.push_str(
        "## Median time by difficulty

",
    );
    out.push_str(
        "Unique puzzles (exactly one solution) by difficulty: median seconds over the repeats of each \
         (N, difficulty); `≥` marks a median at the time limit (a lower bound). Shares and p90 are in \
         the table above.\n\n",
    );
    let heads: String = solvers.iter().map(|s| format!(" {} |", s.1)).collect();
    let _ = writeln!(out, "| N | difficulty |{heads}");
    let _ = writeln!(out, "|{}", "---|".repeat(2 + solvers.len()));
    for (n, difficulty) in rows {
        let cells: String = solvers
            .iter()
            .map(|solver| {
                let median = groups.get(&(n, difficulty.clone(), (*solver).clone())).and_then(|s| s.median());
                format!(" {} |", fmt_secs(results, median))
            })
            .collect();
        let _ = writeln!(out, "| {n} | {} |{cells}", or_dash(&difficulty.1));
    }
    out.push('\n');
}

/// Instance verdicts: solvable (some solver solved it), infeasible (proved), unresolved.
fn solvability_table(out: &mut String, analysis: &Analysis) {
    out.push_str("## Solvable instances per (N, α, mode)\n\n");
    out.push_str(
        "An instance is *solvable* when some solver returned a verified solution, *infeasible* when \
         some solver proved it has none, *unresolved* when no solver finished. Planted instances \
         are solvable by construction; random ones (the origin study's generator) may not be.\n\n",
    );
    out.push_str("| mode | N | difficulty | α | instances | solvable | infeasible | unresolved |\n");
    out.push_str("|---|---|---|---|---|---|---|---|\n");
    for ((mode, n, difficulty, alpha), s) in &analysis.solvability {
        let _ = writeln!(
            out,
            "| {mode} | {n} | {} | {} | {} | {} | {} | {} |",
            or_dash(&difficulty.1),
            alpha_cell(mode, *alpha),
            s.instances,
            fmt_pct(s.solvable, s.instances),
            fmt_pct(s.infeasible, s.instances),
            fmt_pct(s.unresolved, s.instances),
        );
    }
    out.push('\n');
}

/// Paired speed ratios, per (mode, N) and pooled.
fn ratio_table(out: &mut String, analysis: &Analysis) {
    out.push_str("## Speed ratios on the same instances\n\n");
    out.push_str(
        "Runs are paired by (experiment, box shape, α, mode, difficulty, repeat, seed). The ratio is \
         the median over the instances **both solved** of t(A) / t(B): above 1 means B is faster. \
         Instances proved infeasible are not in the ratio; the last two columns count the paired \
         instances each solver did not finish (limit, memory or error).\n\n",
    );
    out.push_str("| A | B | mode | N | paired | both solved | median t(A)/t(B) | A unfinished | B unfinished |\n");
    out.push_str("|---|---|---|---|---|---|---|---|---|\n");
    for p in analysis.pooled_pairings.iter().chain(&analysis.size_pairings).chain(&analysis.pairings) {
        let (mode, n) = match &p.scope {
            Some((mode, n)) => (mode.clone(), n.to_string()),
            None => ("all".to_owned(), "all".to_owned()),
        };
        let _ = writeln!(out, "| {} | {} | {mode} | {n} | {} |", p.a, p.b, p.count_cells());
    }
    out.push('\n');
}

/// Least-squares fits of log10(median time) against log10 N and against N.
fn growth_section(out: &mut String, analysis: &Analysis) {
    out.push_str("## How cost grows with N\n\n");
    let _ = writeln!(
        out,
        "Per solver and mode, the median time at each N (pooled over α and repeats) is fitted by least \
         squares as log10 t = a + b·log10 N (polynomial: t ∝ N^b) and as log10 t = a + b·N \
         (exponential: t ∝ c^N with c = 10^b). Sizes whose median sits at the time limit are left \
         out (their true cost is unknown); at least {MIN_FIT_POINTS} sizes are needed for a fit.\n"
    );
    out.push_str("| solver | mode | sizes fitted | censored sizes | exponent b (t ∝ N^b) | R² | base c (t ∝ c^N) | R² | better fit |\n");
    out.push_str("|---|---|---|---|---|---|---|---|---|\n");
    for g in &analysis.growth {
        let fitted = list_or_dash(g.points.iter().map(|p| p.0.to_string()));
        let censored = list_or_dash(g.censored.iter().map(|n| n.to_string()));
        let _ = writeln!(out, "| {} | {} | {fitted} | {censored} |{}", g.solver, g.mode, fit_cells(g));
    }
    out.push('\n');
}

/// The fit columns of a growth row: exponent, R², base, R², better fit (or why there is none).
pub(crate) fn fit_cells(g: &Growth) -> String {
    let (exp_b, r2_p, base, r2_e, better) = match (g.power, g.exponential) {
        (Some(p), Some(e)) => (
            fmt_fixed(p.slope, 2),
            fmt_fixed(p.r2, 3),
            fmt_fixed(10f64.powf(e.slope), 3),
            fmt_fixed(e.r2, 3),
            better_fit(g).to_owned(),
        ),
        _ => {
            let note = format!("too few points ({} < {MIN_FIT_POINTS})", g.points.len());
            ("—".into(), "—".into(), "—".into(), "—".into(), note)
        }
    };
    format!(" {exp_b} | {r2_p} | {base} | {r2_e} | {better} |")
}

/// Items joined by commas, or a dash when there are none.
pub(crate) fn list_or_dash(items: impl Iterator<Item = String>) -> String {
    let v: Vec<String> = items.collect();
    if v.is_empty() {
        "—".to_owned()
    } else {
        v.join(", ")
    }
}

/// Which of the two fits explains more variance ("similar" when R² differ by under 0.01).
pub(crate) fn better_fit(g: &Growth) -> &'static str {
    match (g.power, g.exponential) {
        (Some(p), Some(e)) if (p.r2 - e.r2).abs() < 0.01 => "similar",
        (Some(p), Some(e)) if p.r2 > e.r2 => "polynomial",
        (Some(_), Some(_)) => "exponential",
        _ => "—",
    }
}

/// A peak location such as `0.4`, `0.2–0.6 (censored)` or `0.8 (edge)`.
pub(crate) fn fmt_peak(at: &PeakAt) -> String {
    let mut text = match (at.alphas.first(), at.alphas.last()) {
        (Some(a), Some(b)) if a != b => format!("{a}–{b}"),
        (Some(a), _) => a.to_string(),
        _ => "—".to_owned(),
    };
    if at.censored {
        text.push_str(" (censored)");
    } else if at.edge {
        text.push_str(" (edge)");
    }
    text
}

/// Embeds the figures that exist in `dir`.
fn figures(out: &mut String, dir: &Path) {
    let present: Vec<_> =
        crate::plot::FIGURES.iter().filter(|(stem, _)| dir.join(format!("{stem}.png")).exists()).collect();
    if present.is_empty() {
        return;
    }
    out.push_str("## Figures\n\n");
    for (stem, caption) in present {
        let _ = writeln!(out, "![{caption}]({stem}.png)\n\n*{caption}* ([SVG]({stem}.svg))\n");
    }
}

/// `pairing` stated as "B is k× faster than A" (or the reverse), for a median ratio t(A)/t(B).
pub(crate) fn speedup_phrase(p: &Pairing, ratio: f64) -> String {
    if ratio >= 1.0 {
        format!("{} is {}× faster than {}", p.b, fmt_num(ratio), p.a)
    } else {
        format!("{} is {}× faster than {}", p.a, fmt_num(1.0 / ratio), p.b)
    }
}

/// Seconds like [`fmt_num`], `≥`-prefixed when censored by the time limit, `—` when missing.
pub(crate) fn fmt_secs(results: &Results, seconds: Option<f64>) -> String {
    match seconds {
        Some(v) if results.is_censored(v) => format!("≥ {}", fmt_num(v)),
        Some(v) => fmt_num(v),
        None => "—".to_owned(),
    }
}

/// A number with `decimals` fixed decimals.
fn fmt_fixed(x: f64, decimals: usize) -> String {
    format!("{x:.decimals$}")
}

/// `k` of `total` as a whole percentage, e.g. `67 %`; `—` for an empty total.
pub(crate) fn fmt_pct(k: usize, total: usize) -> String {
    if total == 0 {
        "—".to_owned()
    } else {
        format!("{:.0} %", 100.0 * k as f64 / total as f64)
    }
}

/// The α column of a table: a dash for `unique` puzzles, whose `alpha` column is a placeholder
/// (they have a difficulty instead; `givens` holds their real fill).
fn alpha_cell(mode: &str, alpha: Alpha) -> String {
    if mode == UNIQUE_MODE {
        "—".to_owned()
    } else {
        alpha.to_string()
    }
}

/// `text`, or a dash when empty.
fn or_dash(text: &str) -> &str {
    if text.is_empty() {
        "—"
    } else {
        text
    }
}

/// Keeps free text from breaking a Markdown table row.
fn escape_cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_whole_percentages() {
        assert_eq!(fmt_pct(1, 3), "33 %");
        assert_eq!(fmt_pct(0, 0), "—");
    }
}
