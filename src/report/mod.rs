//! The Markdown report of one results directory: `REPORT.md` beside `runs.csv`.
//!
//! It answers the origin study's question, "what does the complexity look like?", from the result
//! files alone (it never runs a solver), in two parts. Above the [`DETAILS_RULE`]: at most eight
//! key findings, each a sentence with its numbers and the table or figure it rests on
//! ([`findings`] chooses them; every estimate with its interval and n, a winner named only where
//! the comparison decides it: [`crate::results::Uncertainty`]), the Conclusions (a paragraph per
//! question the run can answer, and what it cannot decide), the key figure, and the [`summary`]
//! tables with one number per cell — what a reader needs in two minutes. Below it, every table the findings rest on: time and
//! outcome shares per (N, α, solver, mode) (and, for `unique` puzzles, median times per (N,
//! difficulty) side by side per solver), how often generated instances were solvable, the speed
//! ratio matrices ([`pairing`]), effort on the same instances ([`effort_pairs`]), which solver is
//! fastest where and how much the encoding matters ([`winners`]), config variants
//! ([`variants`]), the portfolio's races ([`portfolio`]), how the median time grows with N
//! ([`growth`]), at the hardness peak and off it ([`peak_growth`]), where each solver's effort
//! peaks in α ([`peaks`]), what each formulation's root LP decides ([`root_lp`]), against the Latin-square law ([`latin_law`]) and the published tables of
//! the instance families ([`literature`]), and the figures written by
//! [`crate::plot`]. Each fact is stated once.
//!
//! Times are total (set-up + search, [`Clock::Total`]) everywhere; the search alone
//! ([`Clock::Search`]) is a column of the main table and a figure. Times of runs stopped by the
//! time limit (or the memory cap) count as the limit, so medians marked `≥` are lower bounds. The
//! numbers come from [`crate::results`], which the figures read too.

mod analysis;
mod cpu;
mod effort_pairs;
mod finding;
mod findings;
mod growth;
mod latin_law;
mod literature;
mod pairing;
mod peak_growth;
mod peaks;
mod peers;
mod portfolio;
mod root_lp;
mod seeds;
mod summary;
mod variants;
mod winners;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::experiment::figure::Figure;
use crate::experiment::folder::{write_atomic_all, FolderLock, COMPARISONS_FILE, ESTIMATES_FILE};
use crate::experiment::record::{RunMode, RunOutcome, RunRow};
use crate::plot::caption;
use crate::results::Group;
use crate::results::{self, fmt_round_seconds, fmt_seconds, Alpha, Clock, PeakAt, Results};
use analysis::{Analysis, InstanceCell, Solvability};
use findings::Figures;
pub use findings::{CONCLUSIONS_HEADING, MAX_FINDINGS};

/// The report's file name inside the results directory.
pub use crate::experiment::folder::REPORT_FILE;

/// The line that separates what a reader needs in two minutes (findings, key figure, summary)
/// from the details below it.
pub const DETAILS_RULE: &str = "---";

/// The heading of the key findings.
pub const FINDINGS_HEADING: &str = "## Key findings";

/// The figures that can be the key figure under the findings, most telling first: the cactus
/// plot (instances finished against time), then time against N.
const KEY_FIGURES: [Figure; 5] =
    [Figure::Cactus, Figure::TimeVsN, Figure::Phase, Figure::TimeVsAlpha, Figure::TimeVsDifficulty];

/// The one judgement of a lone answer, nothing else known of its puzzle (no other run, no
/// expected verdict, no certificate): what the run said of itself and whether the oracle accepted
/// its grid (`Some(false)`: rejected). `solved`, `infeasible`, `wrong`, `limit`, `memory` or
/// `error`; the Python binding's `SolveResult.judged`.
pub fn judged_answer(outcome: RunOutcome, verified: Option<bool>) -> &'static str {
    results::judge_answer(results::Answer::said(outcome, verified), results::Evidence::default()).word()
}

/// The one judgement of each of `rows` (the rows of one results folder), as every table and
/// figure counts it: `solved`, `infeasible`, `wrong`, `limit`, `memory` or `error`, in row order.
pub fn judged_outcomes(rows: Vec<RunRow>) -> Vec<&'static str> {
    let results = Results::new(rows, None, None, None);
    results.rows.iter().map(|r| results.judged(r).word()).collect()
}

/// Writes `dir/REPORT.md` from `dir/runs.csv` (and `dir/meta.json` when present); returns its path.
pub fn write_report(dir: &Path) -> anyhow::Result<PathBuf> {
    let _lock = if dir.is_dir() { Some(FolderLock::take(dir)?) } else { None };
    let results = Results::load(dir)?;
    let uncertainty = results.uncertainty();
    let text = render(&results, &uncertainty, dir);
    let path = dir.join(REPORT_FILE);
    // Atomic, all three: a full disk leaves the old report and tables (or none), never a cut one
    // that looks complete, nor a new table beside an old report.
    let files = [
        (path.clone(), text.into_bytes()),
        (dir.join(COMPARISONS_FILE), csv_bytes(&uncertainty.comparisons, &COMPARISON_COLUMNS)?),
        (dir.join(ESTIMATES_FILE), csv_bytes(&uncertainty.estimates, &ESTIMATE_COLUMNS)?),
    ];
    write_atomic_all(&files).context("cannot write the report")?;
    Ok(path)
}

/// The columns of `comparisons.csv`.
const COMPARISON_COLUMNS: [&str; 10] =
    ["scope", "solver_a", "solver_b", "n", "ratio", "ci_low", "ci_high", "test", "p", "p_adjusted"];
/// The columns of `estimates.csv`.
const ESTIMATE_COLUMNS: [&str; 7] = ["scope", "solver", "statistic", "estimate", "ci_low", "ci_high", "n"];

/// `rows` as CSV under `header` (the header alone when there are none).
fn csv_bytes<T: serde::Serialize>(rows: &[T], header: &[&str]) -> anyhow::Result<Vec<u8>> {
    let mut out = csv::WriterBuilder::new().has_headers(false).from_writer(Vec::new());
    out.write_record(header)?;
    for row in rows {
        out.serialize(row)?;
    }
    Ok(out.into_inner()?)
}

/// The whole report as Markdown, its statistics from `u`.
fn render(results: &Results, u: &results::Uncertainty, dir: &Path) -> String {
    let analysis = Analysis::of(results);
    let search = Analysis::of(&results.with_clock(Clock::Search));
    let present = present_figures(dir);
    let key = KEY_FIGURES.into_iter().find(|figure| present.contains(figure));
    let mut out = String::new();
    header(&mut out, results);
    let _ = writeln!(out, "{FINDINGS_HEADING}\n");
    let stems = Figures(present.iter().copied().collect());
    let found = findings::findings(results, &analysis, u, &stems);
    if found.is_empty() {
        out.push_str("No finding: the runs hold too little to compare or fit (see the details).\n");
    }
    for (i, finding) in found.iter().enumerate() {
        let _ = writeln!(out, "{}. {}", i + 1, finding.text);
    }
    let _ = writeln!(out, "\n{CONCLUSIONS_HEADING}\n");
    let mut paragraphs = findings::conclusions(results, &analysis, u);
    if paragraphs.is_empty() {
        paragraphs.push(
            "Nothing can be concluded yet: the runs have fewer than two solvers to compare, two sizes to fit or \
             three α levels to locate a peak in."
                .to_owned(),
        );
    }
    for paragraph in paragraphs {
        let _ = writeln!(out, "{paragraph}\n");
    }
    if let Some(stem) = key {
        let _ = writeln!(out, "![{}]({stem}.png)\n", caption(stem));
    }
    summary::section(&mut out, results, &analysis, u);
    let _ = writeln!(out, "{DETAILS_RULE}\n\n# Details\n");
    times_note(&mut out, results);
    peers::section(&mut out, results, &analysis.peers);
    cpu::section(&mut out, results);
    setup(&mut out, results);
    cell_table(&mut out, results, &analysis, &search);
    difficulty_table(&mut out, results);
    solvability_table(&mut out, results, &analysis);
    pairing::section(&mut out, results, &analysis.pairings);
    let mode = results.mode_heading();
    effort_pairs::section(&mut out, &analysis.effort_pairs, mode, results.seeded());
    winners::section(
        &mut out,
        results,
        (&analysis.fastest, &analysis.fastest_per_alpha),
        &analysis.pairings.per_size_all_modes,
    );
    variants::section(&mut out, results, &analysis);
    portfolio::section(&mut out, &analysis.races);
    growth::section(&mut out, &analysis.growth, u, mode);
    peak_growth::section(&mut out, results, &analysis.peak_growth, &analysis.peaks);
    peaks::section(&mut out, &analysis.peaks, mode);
    seeds::section(&mut out, u);
    root_lp::section(&mut out, results, u);
    latin_law::section(&mut out, &analysis.law, mode);
    literature::section(&mut out, results, &analysis.peaks, &analysis.law);
    integrity(&mut out, results);
    figures(&mut out, &present, key);
    out
}

/// Title and what was run.
fn header(out: &mut String, results: &Results) {
    let _ = writeln!(out, "# Report: {}\n", results.name());
    let edited = if results.meta_edited.is_some() { ", from a meta.json edited after the run (see Setup)" } else { "" };
    let limit =
        results.time_limit.map_or_else(String::new, |t| format!("; time limit {}{edited}", fmt_round_seconds(t)));
    let sets: std::collections::BTreeSet<&str> =
        results.rows.iter().filter(|r| !r.set.is_empty()).map(|r| r.set.as_str()).collect();
    let modes: Vec<String> = results.modes().iter().filter(|m| !m.is_set()).map(Group::name).collect();
    let mut kinds = Vec::new();
    if !modes.is_empty() {
        kinds.push(format!("modes: {}", modes.join(", ")));
    }
    if !sets.is_empty() {
        let files = |set: &str| -> String {
            let mut files: Vec<&str> = results
                .rows
                .iter()
                .filter(|r| r.set == set)
                .filter_map(|r| r.instance.rsplit_once('#').map(|(f, _)| f))
                .collect();
            files.sort_unstable();
            files.dedup();
            if files.len() <= 3 {
                files.iter().map(|f| inline_code(f)).collect::<Vec<_>>().join(", ")
            } else {
                format!("{} files", files.len())
            }
        };
        let named: Vec<String> = sets.iter().map(|s| format!("{s} ({})", files(s))).collect();
        kinds.push(format!("instance sets: {}", named.join(", ")));
    }
    let _ = writeln!(
        out,
        "**Runs:** {} on {} instances; solvers: {}; {}{limit}.\n",
        results.rows.len(),
        results.instances().len(),
        results.solvers().join(", "),
        kinds.join("; ")
    );
}

/// What the times count and how they are censored.
fn times_note(out: &mut String, results: &Results) {
    let limit = match results.time_limit {
        Some(t) => format!("the time limit ({})", fmt_round_seconds(t)),
        None => "the time limit (none was reached)".to_owned(),
    };
    let _ = writeln!(
        out,
        "Times are total wall seconds of a run: set-up (`build_seconds`: the ILP model, the SAT \
         encoding, the DLX matrix) plus search (`seconds`), as the time limit counts them. Columns \
         and figures labelled *search-only* leave the set-up out; `runs.csv` keeps both. Runs \
         stopped by the time limit or the memory cap could not finish; they count as {limit} rather \
         than being dropped, so a statistic marked `≥` is censored (a lower bound). `error` runs are \
         left out of the times but counted in the shares.\n"
    );
}

/// Errors and wrong answers, said once: the wrong runs are those [`Results::judged`] calls wrong
/// (the `agree` column of older files marked every run of a disputed instance; it is not counted).
fn integrity(out: &mut String, results: &Results) {
    let judged = |j: results::Judged| results.rows.iter().filter(|r| results.judged(r) == j).count();
    let errors = judged(results::Judged::Error);
    let wrong: Vec<&RunRow> = results.wrong().collect();
    let rejected = wrong.iter().filter(|r| r.verified == Some(false)).count();
    let failed = wrong.iter().filter(|r| r.verified != Some(false) && results.proof_failed(r)).count();
    let mut by: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    for r in &wrong {
        *by.entry(r.solver.as_str()).or_default() += 1;
    }
    let named: Vec<String> = by.iter().map(|(s, k)| format!("{} {k}", inline_code(s))).collect();
    out.push_str("## Integrity\n\n");
    let _ = writeln!(
        out,
        "{errors} runs ended in an error (see the `note` column; left out of the times); {} runs gave a wrong \
         answer{} — {rejected} a solution the oracle rejected (`verified = false`), {failed} \"infeasible\" whose \
         certification failed (a proof the checker rejected, or a solution found: `certificate = failed`), {} \
         \"infeasible\" on a solvable instance or an unchecked answer contradicting the expected verdict. Wrong \
         answers count as unsolved: PAR-2 at twice the limit, times at the limit, never in a finished count.\n",
        wrong.len(),
        if named.is_empty() { String::new() } else { format!(" ({})", named.join(", ")) },
        wrong.len() - rejected - failed,
    );
    if let Some(c) = results.certification() {
        let checker = findings::checked_by(&c);
        let _ = writeln!(
            out,
            "Certificates: of {} \"infeasible\" answers, {} were checked by {checker} (a DRAT proof of the \
             puzzle's reference CNF, made by a CaDiCaL run of the harness's own, or the solver's own proof of \
             the CNF it was given; `certificate = checked`), {} failed, {} were refuted by a verified solution, {} \
             had no checked proof within the limits (`unproven`: not finished) and {} are unchecked \
             (certification off, or runs made before it: they count on trust).\n",
            c.claims, c.checked, c.failed, c.refuted, c.unproven, c.unchecked
        );
    }
    let expectations: Vec<&RunRow> = results
        .rows
        .iter()
        .filter(|r| r.contradicts_expected() && results.judged(r).finished())
        .take(MAX_WRONG_LISTED)
        .collect();
    if !expectations.is_empty() {
        out.push_str(
            "Expected verdicts that the answers show wrong (a verified solution, or a checked proof): the answers \
             count, the expectations do not.\n\n",
        );
        runs_table(out, &expectations, |r| &r.contradiction);
        out.push('\n');
    }
    let listed: Vec<&&RunRow> = wrong.iter().filter(|r| !r.instance.is_empty()).take(MAX_WRONG_LISTED).collect();
    if !listed.is_empty() {
        let listed: Vec<&RunRow> = listed.into_iter().copied().collect();
        runs_table(out, &listed, |r| if r.contradiction.is_empty() { &r.note } else { &r.contradiction });
        if wrong.len() > listed.len() {
            let _ = writeln!(out, "\n… and {} more in `runs.csv`.", wrong.len() - listed.len());
        }
        out.push('\n');
    }
}

/// The integrity section's table of set runs: set, instance, solver, outcome, expected verdict
/// and `why` of each.
fn runs_table(out: &mut String, rows: &[&RunRow], why: impl Fn(&RunRow) -> &str) {
    out.push_str("| set | instance | solver | outcome | expected | why |\n|---|---|---|---|---|---|\n");
    for r in rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            escape_cell(&r.set),
            escape_cell(&r.instance),
            escape_cell(&r.solver),
            r.outcome,
            or_dash(&r.expected),
            escape_cell(why(r))
        );
    }
}

/// Most wrong runs of instance sets the integrity section lists by puzzle id.
const MAX_WRONG_LISTED: usize = 50;

/// The resolved configuration and machine, from `meta.json` when present.
fn setup(out: &mut String, results: &Results) {
    if let Some(problem) = &results.meta_problem {
        let _ = writeln!(
            out,
            "## Setup (meta.json)\n\nUnknown: {problem}; the time limit is taken as the longest stopped run.\n"
        );
    }
    if let Some(serde_json::Value::Object(meta)) = &results.meta {
        out.push_str("## Setup (meta.json)\n\n");
        if let Some(words) = &results.meta_edited {
            let _ = writeln!(out, "**Edited:** {words}; this report reads it as it now is.\n");
        }
        for (key, value) in meta {
            flatten_meta(out, key, value, 0);
        }
        out.push('\n');
    }
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

/// The main table: median and p90 total time, median search-only time and outcome shares per cell.
fn cell_table(out: &mut String, results: &Results, analysis: &Analysis, search: &Analysis) {
    out.push_str("## Time and outcomes per (N, α, solver, mode)\n\n");
    let with_difficulty = analysis.cells.keys().any(|k| !k.difficulty.1.is_empty());
    let difficulty_head = if with_difficulty { " difficulty |" } else { "" };
    let _ = writeln!(
        out,
        "| N | box | {} |{difficulty_head} α | solver | runs | median | p90 | median search-only | solved | infeasible | wrong | limit | memory | error |",
        results.mode_heading()
    );
    let columns = 15 + usize::from(with_difficulty);
    let _ = writeln!(out, "|{}", "---|".repeat(columns));
    for (key, s) in &analysis.cells {
        let secs = |v: Option<f64>| fmt_secs(results, v);
        let difficulty = if with_difficulty { format!(" {} |", or_dash(&key.difficulty.1)) } else { String::new() };
        let share = |k: usize| fmt_pct(k, s.runs);
        let search_median = search.cells.get(key).and_then(|s| s.median());
        let _ = writeln!(
            out,
            "| {} | {}×{}{} | {} |{difficulty} {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            key.n,
            key.shape.0,
            key.shape.1,
            // 1×N boxes are the rows: a Latin square (QWH when planted), not a Sudoku.
            if key.shape.0 == 1 || key.shape.1 == 1 { " (Latin square)" } else { "" },
            key.mode,
            alpha_cell(&key.mode, key.alpha),
            key.solver.1,
            s.runs,
            secs(s.median()),
            secs(s.quantile(0.9)),
            secs(search_median),
            share(s.solved),
            share(s.infeasible),
            share(s.wrong),
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
        (r.mode == RunMode::Unique)
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
fn solvability_table(out: &mut String, results: &Results, analysis: &Analysis) {
    out.push_str("## Solvable instances per (N, α, mode)\n\n");
    out.push_str(
        "An instance is *solvable* when some solver returned a verified solution, *infeasible* when \
         some solver proved it has none, *unresolved* when no solver finished. Planted instances \
         are solvable by construction; random ones (the origin study's generator) may not be. \
         Neighbouring α values with the same counts share a row (`0–0.95`); `instances` is per α.\n\n",
    );
    let _ = writeln!(
        out,
        "| {} | N | difficulty | α | instances | solvable | infeasible | unresolved |",
        results.mode_heading()
    );
    out.push_str("|---|---|---|---|---|---|---|---|\n");
    // Runs of neighbouring α values of one (mode, N, difficulty) with the same counts.
    let mut runs: Vec<(&InstanceCell, Alpha, &Solvability)> = Vec::new();
    for (key, s) in &analysis.solvability {
        let counts = |s: &Solvability| (s.instances, s.solvable, s.infeasible, s.unresolved);
        match runs.last_mut() {
            Some((first, last, t))
                if first.0 == key.0 && first.1 == key.1 && first.2 == key.2 && counts(t) == counts(s) =>
            {
                *last = key.3;
            }
            _ => runs.push((key, key.3, s)),
        }
    }
    for ((mode, n, difficulty, first), last, s) in runs {
        let alpha = if *first == last {
            alpha_cell(mode, *first)
        } else {
            format!("{}–{}", alpha_cell(mode, *first), alpha_cell(mode, last))
        };
        let _ = writeln!(
            out,
            "| {mode} | {n} | {} | {alpha} | {} | {} | {} | {} |",
            or_dash(&difficulty.1),
            s.instances,
            fmt_pct(s.solvable, s.instances),
            fmt_pct(s.infeasible, s.instances),
            fmt_pct(s.unresolved, s.instances),
        );
    }
    out.push('\n');
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

/// The figures that exist in `dir` (as PNG), in [`Figure::ALL`]'s order.
fn present_figures(dir: &Path) -> Vec<Figure> {
    Figure::ALL.into_iter().filter(|stem| dir.join(format!("{stem}.png")).exists()).collect()
}

/// Embeds the figures present but the key figure, which is under the findings already.
fn figures(out: &mut String, present: &[Figure], key: Option<Figure>) {
    let rest: Vec<Figure> = present.iter().copied().filter(|f| Some(*f) != key).collect();
    if rest.is_empty() {
        return;
    }
    out.push_str("## Figures\n\n");
    for stem in rest {
        let caption = caption(stem);
        let _ = writeln!(out, "![{caption}]({stem}.png)\n\n*{caption}* ([SVG]({stem}.svg))\n");
    }
}

/// Seconds with a unit ([`fmt_seconds`]), `≥`-prefixed when censored by the time limit, `—` when
/// missing.
pub(crate) fn fmt_secs(results: &Results, seconds: Option<f64>) -> String {
    match seconds {
        Some(v) if results.is_censored(v) => format!("≥ {}", fmt_seconds(v)),
        Some(v) => fmt_seconds(v),
        None => "—".to_owned(),
    }
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
fn alpha_cell(mode: &Group, alpha: Alpha) -> String {
    if mode.is_unique() {
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

/// `text` as Markdown inline code that shows it whole: fenced by one backtick more than its
/// longest run of backticks, padded with a space where it starts or ends with one (CommonMark's
/// rule), line breaks as spaces.
pub(crate) fn inline_code(text: &str) -> String {
    let text = text.replace(['\r', '\n'], " ");
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') { " " } else { "" };
    format!("{fence}{pad}{text}{pad}{fence}")
}

/// Keeps free text from breaking a Markdown table row.
fn escape_cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_code_keeps_backticks_and_line_breaks_inside() {
        assert_eq!(inline_code("backtrack"), "`backtrack`");
        assert_eq!(inline_code("a`b.txt"), "``a`b.txt``");
        assert_eq!(inline_code("``x"), "``` ``x ```");
        assert_eq!(inline_code("a\nb"), "`a b`");
    }

    #[test]
    fn shares_are_whole_percentages() {
        assert_eq!(fmt_pct(1, 3), "33 %");
        assert_eq!(fmt_pct(0, 0), "—");
    }
}
