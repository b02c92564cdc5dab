//! The Markdown report of one results directory: `REPORT.md` beside `runs.csv`.
//!
//! It answers the origin study's question, "what does the complexity look like?", from the result
//! files alone (it never runs a solver): time and outcome shares per (N, α, solver, mode) (and, for
//! `unique` puzzles, median times per (N, difficulty) side by side per solver), paired
//! speed ratios, how the median time grows with N (polynomial and exponential fits), where the
//! hardness peak in α lies compared with the Latin-square literature, how often generated
//! instances were solvable, the figures written by [`crate::plot`], and conclusions generated from
//! those numbers. Times of runs stopped by the time limit (or the memory cap) count as the limit,
//! so medians marked `≥` are lower bounds.

mod analysis;
mod conclusions;
pub(crate) mod results;
pub(crate) mod stats;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Context;

pub(crate) use analysis::MIN_PEAK_ALPHAS;
use analysis::{Analysis, Growth, Pairing, PeakAt, MIN_FIT_POINTS, PEAK_SOLVER, UNIQUE_MODE};
use results::{Alpha, Results};

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
    growth_section(&mut out, &analysis);
    peak_section(&mut out, &analysis);
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
        let _ = writeln!(
            out,
            "| {} | {} | {mode} | {n} | {} | {} | {} | {} | {} |",
            p.a,
            p.b,
            p.paired,
            p.ratios.len(),
            p.median_ratio().map_or_else(|| "—".to_owned(), fmt_num),
            p.a_unfinished,
            p.b_unfinished,
        );
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
        let sizes = |ns: &mut dyn Iterator<Item = usize>| {
            let v: Vec<String> = ns.map(|n| n.to_string()).collect();
            if v.is_empty() {
                "—".to_owned()
            } else {
                v.join(", ")
            }
        };
        let fitted = sizes(&mut g.points.iter().map(|p| p.0));
        let censored = sizes(&mut g.censored.iter().copied());
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
        let _ = writeln!(
            out,
            "| {} | {} | {fitted} | {censored} | {exp_b} | {r2_p} | {base} | {r2_e} | {better} |",
            g.solver, g.mode
        );
    }
    out.push('\n');
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

/// Where the hardness peaks in α, per (mode, N), with the literature for comparison.
fn peak_section(out: &mut String, analysis: &Analysis) {
    out.push_str("## Hardness peak in α\n\n");
    out.push_str(
        "For Latin-square (quasigroup) completion, search cost peaks near 42 % pre-filled cells at \
         orders around 9 (Gomes & Selman 1997; Achlioptas et al. 2000), and the peak moves to higher \
         fill as the order grows. Below, the peak is the α with the largest median: of the \
         `backtrack` solver's dead ends (branches undone: hardware-independent, and zero when every \
         guess was right, unlike the guess count, which grows with the empty cells; guesses or nodes \
         when dead ends are missing), and of \
         each solver's time. `edge` means the peak is at the end of the sweep (it may lie outside); \
         `censored` means the maximum is the time limit (the peak cannot be located).\n\n",
    );
    if analysis.peaks.is_empty() {
        out.push_str("Too few α values (fewer than 3 per N) to locate a peak.\n\n");
        return;
    }
    let solvers: Vec<String> = {
        let mut v: Vec<String> = analysis.peaks.iter().flat_map(|p| p.times.iter().map(|t| t.0.clone())).collect();
        v.sort_by_key(|s| results::solver_order(s));
        v.dedup();
        v
    };
    let time_heads: String = solvers.iter().map(|s| format!(" time peak: {s} |")).collect();
    let _ = writeln!(out, "| mode | N | α swept | {PEAK_SOLVER} effort peak α | effort at peak |{time_heads}");
    let _ = writeln!(out, "|{}", "---|".repeat(5 + solvers.len()));
    for p in &analysis.peaks {
        let swept = p.alphas.iter().map(Alpha::to_string).collect::<Vec<_>>().join(", ");
        let (effort_at, effort_value) = match &p.effort {
            Some((word, at)) => (fmt_peak(at), format!("{} {word}", fmt_num(at.value))),
            None => ("—".to_owned(), "—".to_owned()),
        };
        let times: String = solvers
            .iter()
            .map(|s| match p.times.iter().find(|t| &t.0 == s) {
                Some((_, at)) => format!(" {} |", fmt_peak(at)),
                None => " — |".to_owned(),
            })
            .collect();
        let _ = writeln!(out, "| {} | {} | {swept} | {effort_at} | {effort_value} |{times}", p.mode, p.n);
    }
    out.push('\n');
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

/// A number with three significant digits (no exponent), e.g. `0.0235`, `12.3`, `1234`.
pub(crate) fn fmt_num(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let magnitude = x.abs().log10().floor() as i32;
    let decimals = (2 - magnitude).max(0) as usize;
    format!("{x:.decimals$}")
}

/// Seconds like [`fmt_num`], `≥`-prefixed when censored by the time limit, `—` when missing.
fn fmt_secs(results: &Results, seconds: Option<f64>) -> String {
    match seconds {
        Some(v) if results.is_censored(v) => format!("≥ {}", fmt_num(v)),
        Some(v) => fmt_num(v),
        None => "—".to_owned(),
    }
}

/// A time limit: whole seconds without decimals (`10`), anything else like [`fmt_num`].
pub(crate) fn fmt_limit(seconds: f64) -> String {
    if (seconds - seconds.round()).abs() < 1e-9 {
        format!("{seconds:.0}")
    } else {
        fmt_num(seconds)
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
    fn numbers_keep_three_significant_digits() {
        assert_eq!(fmt_num(0.0235), "0.0235");
        assert_eq!(fmt_num(12.345), "12.3");
        assert_eq!(fmt_num(1234.4), "1234");
        assert_eq!(fmt_num(10.0), "10.0");
        assert_eq!(fmt_num(0.0), "0");
        assert_eq!(fmt_pct(1, 3), "33 %");
    }
}
