//! Figures and report from small results fixtures (`tests/data/results-fixture`, an α sweep in the
//! oldest `runs.csv` layout; `tests/data/results-fixture-unique`, `unique` puzzles by difficulty;
//! `tests/data/results-fixture-sat`, all five solver kinds with SAT conflicts and planted power
//! laws; each written by its `make_fixture.py`): files exist with the right format and size, the
//! report opens with at most eight findings and a summary of one number per cell above its details
//! rule, its tables hold the rows and numbers computed here by hand, and the findings only claim
//! what the data supports. Duplicated, foreign or negative rows are refused naming their line, a
//! corrupt `meta.json` is said, and a full disk leaves no cut report or figure.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use sudoku_lab::plot::plot_results;
use sudoku_lab::report::{write_report, DETAILS_RULE, FINDINGS_HEADING, MAX_FINDINGS};

use crate::common::{code_and_err, data, edit_runs, report_and_plot, stderr, sudoku_lab, through_bash, with_field};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/results-fixture");
const UNIQUE_FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/results-fixture-unique");
const SAT_FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/results-fixture-sat");

/// The oldest `runs.csv` layout: no dead ends, no CDCL statistics.
const HEADER: &str = "experiment,box_rows,box_cols,n,alpha,mode,difficulty,rep,seed,givens,solver,outcome,seconds,\
build_seconds,nodes,guesses,variables,constraints,lp_iterations,peak_rss_mb,verified,agree,note";
/// The layout before the SAT solvers: dead ends (`backtracks`), but not `conflicts`, `decisions`,
/// `propagations`.
const PRE_SAT_HEADER: &str = "experiment,box_rows,box_cols,n,alpha,mode,difficulty,rep,seed,givens,solver,outcome,\
seconds,build_seconds,nodes,guesses,backtracks,variables,constraints,lp_iterations,peak_rss_mb,verified,agree,note";
/// The current layout, with the CDCL statistics appended.
const HEADER_WITH_CDCL: &str = "experiment,box_rows,box_cols,n,alpha,mode,difficulty,rep,seed,givens,solver,outcome,\
seconds,build_seconds,nodes,guesses,backtracks,variables,constraints,lp_iterations,peak_rss_mb,verified,agree,note,\
conflicts,decisions,propagations";

/// A temp dir holding a copy of the fixture (`meta.json` only when asked).
fn fixture(with_meta: bool) -> tempfile::TempDir {
    copy_fixture(FIXTURE, with_meta)
}

/// A temp dir holding a copy of the fixture in `from` (`meta.json` only when asked).
fn copy_fixture(from: &str, with_meta: bool) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut files = vec!["runs.csv"];
    if with_meta {
        files.push("meta.json");
    }
    for name in files {
        fs::copy(Path::new(from).join(name), dir.path().join(name)).expect("copy fixture");
    }
    dir
}

/// The file names in `written`.
fn file_names(written: &[PathBuf]) -> BTreeSet<String> {
    written.iter().map(|p| p.file_name().expect("file name").to_string_lossy().into_owned()).collect()
}

/// Width and height from a PNG's IHDR chunk, after checking the signature.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = fs::read(path).expect("read png");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{} lacks the PNG signature", path.display());
    assert_eq!(&bytes[12..16], b"IHDR", "{}: first chunk is not IHDR", path.display());
    let be = |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    (be(16), be(20))
}

/// Width and height attributes of an SVG's root element.
fn svg_size(path: &Path) -> (u32, u32) {
    let text = fs::read_to_string(path).expect("svg is UTF-8 text");
    let start = text.trim_start();
    assert!(start.starts_with("<svg") || start.starts_with("<?xml"), "{} is not SVG", path.display());
    let tag_start = text.find("<svg").expect("an <svg> element");
    let tag = &text[tag_start..tag_start + text[tag_start..].find('>').expect("closed tag")];
    let attr = |name: &str| -> u32 {
        let key = format!(" {name}=\"");
        let at = tag.find(&key).unwrap_or_else(|| panic!("no {name} in {tag}")) + key.len();
        tag[at..].split('"').next().and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("bad {name} in {tag}"))
    };
    (attr("width"), attr("height"))
}

/// The contents of an SVG's `<text>` elements, trimmed and unescaped, in document order.
fn svg_texts(path: &Path) -> Vec<String> {
    let text = fs::read_to_string(path).expect("svg is UTF-8 text");
    let unescape = |t: &str| {
        t.replace("&lt;", "<").replace("&gt;", ">").replace("&apos;", "'").replace("&quot;", "\"").replace("&amp;", "&")
    };
    text.split("<text").skip(1).filter_map(|t| Some(unescape(t[t.find('>')? + 1..t.find("</text>")?].trim()))).collect()
}

/// Seconds from a time as the report prints it (`2.79 µs`, `4.37 ms`, `1.20 s`, `2.78 h`); `None`
/// for anything else, such as a bare number.
fn seconds_of(text: &str) -> Option<f64> {
    let (number, unit) = text.split_once(' ')?;
    let size = match unit {
        "ns" => 1e-9,
        "µs" => 1e-6,
        "ms" => 1e-3,
        "s" => 1.0,
        "h" => 3600.0,
        _ => return None,
    };
    Some(number.parse::<f64>().ok()? * size)
}

/// The part of the report above the details rule: findings, key figure, summary.
fn above_details(report: &str) -> &str {
    let at = report.find(&format!("\n{DETAILS_RULE}\n")).expect("a details rule");
    &report[..at]
}

/// The key findings, one per numbered line.
fn findings(report: &str) -> Vec<&str> {
    let top = above_details(report);
    let at = top.find(FINDINGS_HEADING).expect("a findings heading");
    top[at..]
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with('#') && !l.starts_with("!["))
        .filter_map(|l| l.split_once(". ").filter(|(n, _)| n.parse::<usize>().is_ok()).map(|(_, f)| f))
        .collect()
}

/// One `wilcoxon` row of `comparisons.csv` in `dir`: the pair (a, b) in `scope`, as written.
#[derive(Debug)]
struct Compared {
    ratio: String,
    n: String,
}

/// The `wilcoxon` row of `comparisons.csv` in `dir` for (`a`, `b`) in `scope`, in that order.
fn compared_in(dir: &Path, scope: &str, a: &str, b: &str) -> Compared {
    let mut reader = csv::Reader::from_path(dir.join("comparisons.csv")).expect("comparisons.csv");
    for record in reader.records() {
        let r = record.expect("a row");
        if &r[0] == scope && &r[1] == a && &r[2] == b && &r[7] == "wilcoxon" {
            return Compared { ratio: r[4].to_owned(), n: r[3].to_owned() };
        }
    }
    panic!("no {scope} row for {a} over {b}");
}

/// The finding starting with `start`.
fn finding<'a>(report: &'a str, start: &str) -> &'a str {
    let all = findings(report);
    all.iter().find(|f| f.starts_with(start)).unwrap_or_else(|| panic!("no finding {start}…: {all:#?}"))
}

/// The trimmed cells of a Markdown table row.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(|c| c.trim().to_owned()).collect()
}

/// The cell in `column` of the row starting with `row` in the table whose header starts with
/// `header`.
fn cell(report: &str, header: &str, row: &str, column: &str) -> String {
    let mut lines = report.lines().skip_while(|l| !l.starts_with(header));
    let head = cells(lines.next().unwrap_or_else(|| panic!("no table {header} in\n{report}")));
    let at = head.iter().position(|h| h == column).unwrap_or_else(|| panic!("no column {column} in {head:?}"));
    let line = lines
        .take_while(|l| l.starts_with('|'))
        .find(|l| l.starts_with(row))
        .unwrap_or_else(|| panic!("no row {row} in table {header}"));
    cells(line)[at].clone()
}

/// The report written for a copy of `fixture` (with its `meta.json`).
fn report_of(fixture: &str) -> String {
    let dir = copy_fixture(fixture, true);
    fs::read_to_string(write_report(dir.path()).expect("report")).expect("read report")
}

/// A temp dir holding `rows` under `header` and a `meta.json` with a time limit of `limit` seconds,
/// naming the rows' experiment.
fn results_dir(header: &str, rows: &[String], limit: f64) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::write(dir.path().join("runs.csv"), format!("{header}\n{}\n", rows.join("\n"))).expect("write csv");
    let name = rows.first().and_then(|r| r.split(',').next()).unwrap_or("x");
    let meta = format!(r#"{{"name": "{name}", "time_limit": {limit}}}"#);
    fs::write(dir.path().join("meta.json"), meta).expect("write meta");
    dir
}

#[test]
fn every_figure_is_written_as_svg_and_png_of_the_expected_size() {
    let dir = fixture(true);
    let written = plot_results(dir.path()).expect("plots");
    // Sizes follow from the fixture: 3 sizes N (one row of 3 panels), 2 modes (outcome grid 2 × 3);
    // the phase figure's notes hold a line of peaks per N.
    let expected = [
        ("time_vs_n", (1200, 760)),
        ("time_vs_n_search", (1200, 760)),
        ("time_vs_alpha", (1600, 488)),
        ("outcomes_vs_alpha", (1360, 668)),
        ("phase", (1600, 956)),
        ("cactus", (1200, 760)),
        ("scatter_fastest", (1000, 820)),
        ("scatter_origin", (1000, 820)),
    ];
    let names: BTreeSet<PathBuf> = written.iter().map(|p| PathBuf::from(p.file_name().expect("file name"))).collect();
    let wanted: BTreeSet<PathBuf> = expected
        .iter()
        .flat_map(|(stem, _)| ["svg", "png"].map(|ext| PathBuf::from(format!("{stem}.{ext}"))))
        .collect();
    assert_eq!(names, wanted);
    for (stem, size) in expected {
        let png = dir.path().join(format!("{stem}.png"));
        let svg = dir.path().join(format!("{stem}.svg"));
        assert!(written.contains(&png) && written.contains(&svg));
        assert_eq!(png_size(&png), size, "{stem}.png");
        assert_eq!(svg_size(&svg), size, "{stem}.svg");
        assert!(fs::metadata(&png).expect("png").len() > 10_000, "{stem}.png looks empty");
    }
    // Total time by default; the search-only view says so in its title.
    let title = |stem: &str| svg_texts(&dir.path().join(format!("{stem}.svg")));
    assert!(title("time_vs_n").iter().any(|t| t == "Total time (set-up + search) vs N"));
    assert!(title("time_vs_n_search").iter().any(|t| t == "Search-only view: search time vs N (set-up left out)"));
}

#[test]
fn figures_without_the_data_they_need_are_skipped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rows = [
        "x,3,3,9,0.4,planted,,0,1,32,backtrack,solved,0.001,,100,5,,,,3.5,true,,",
        "x,3,3,9,0.4,planted,,1,2,32,backtrack,solved,0.002,,120,7,,,,3.5,true,,",
    ];
    fs::write(dir.path().join("runs.csv"), format!("{HEADER}\n{}\n", rows.join("\n"))).expect("write csv");
    let written = plot_results(dir.path()).expect("plots");
    assert!(written.is_empty(), "one N and one α support no figure, got {written:?}");
    let report = fs::read_to_string(write_report(dir.path()).expect("report")).expect("read report");
    assert!(!report.contains("!["), "no figure to embed");
    assert!(report.contains("too few points (1 < 3)"));
    assert!(report.contains("Too few α values"));
}

#[test]
fn report_tables_hold_every_cell_and_hand_computed_numbers() {
    let dir = fixture(true);
    let report = fs::read_to_string(write_report(dir.path()).expect("report")).expect("read report");
    assert!(report.starts_with("# Report: fixture\n"));
    assert!(report.contains("- machine.cpu: Fixture CPU @ 3.0 GHz"));
    assert!(report.contains("**Runs:** 288 on 72 instances"));
    assert!(report.contains(
        "| N | box | mode | α | solver | runs | median | p90 | median search-only | solved | infeasible | wrong | \
         limit | memory | error |"
    ));
    // One table row per (N, α, solver, mode) of the CSV.
    let mut reader = csv::Reader::from_path(Path::new(FIXTURE).join("runs.csv")).expect("fixture csv");
    let mut cells = BTreeSet::new();
    for record in reader.records() {
        let r = record.expect("record");
        cells.insert(format!("| {} | {}×{} | {} | {} | {} | 3 |", &r[3], &r[1], &r[2], &r[5], &r[4], &r[10]));
    }
    assert_eq!(cells.len(), 3 * 4 * 2 * 4);
    for cell in &cells {
        assert!(report.contains(cell.as_str()), "no row {cell}");
    }
    // Pinned in the fixture: searches of 0.0210, 0.0235, 0.0300 s after a 0.01139 s build → total
    // median 0.03489, p90 0.03489 + 0.8 · 0.0065 = 0.04009; search-only median 0.0235.
    assert!(report.contains(
        "| 9 | 3×3 | planted | 0.4 | ilp-clique | 3 | 34.9 ms | 40.1 ms | 23.5 ms | 100 % | 0 % | 0 % | 0 % | 0 % | 0 % |"
    ));
    // backtrack-naive never finishes N = 16 below α = 0.8: its median is censored at the 10 s limit.
    assert!(report.contains(
        "| 16 | 4×4 | planted | 0.2 | backtrack-naive | 3 | ≥ 10.0 s | ≥ 10.0 s | ≥ 10.0 s | 0 % | 0 % | 0 % | 100 % | 0 % | 0 % |"
    ));
    // Random N = 9, α = 0.6: one of three instances solvable (two proved infeasible).
    assert!(report.contains("| random | 9 | — | 0.6 | 3 | 33 % | 67 % | 0 % |"));

    assert!(report.contains("## How cost grows with N"));
    assert!(report.contains("| solver | mode | sizes fitted | censored sizes | exponent b (t ∝ N^b) | R² |"));
    assert!(report.contains("| backtrack-naive | planted | 4, 9 | 16 | — | — | — | — | too few points (2 < 3); "));
    assert!(
        report.contains("| ilp-clique | planted | 4, 9, 16 | — | 2."),
        "ilp-clique grows like N^2.x by construction"
    );

    assert!(report.contains("## Hardness peak in α"));
    // This old layout has no dead ends: the backtracker's effort falls back to its search nodes.
    let peak = |row: &str| cell(&report, "| mode | N | α swept |", row, "effort peak: backtrack");
    assert_eq!(peak("| planted | 9 | 0.2, 0.4, 0.6, 0.8 |"), "0.4 (507 median search nodes)");
    assert_eq!(peak("| planted | 16 | 0.2, 0.4, 0.6, 0.8 |"), "0.6 (7318 median search nodes)");
    assert!(report.contains("42 %"));
}

#[test]
fn findings_follow_from_the_fixture() {
    let dir = fixture(true);
    plot_results(dir.path()).expect("plots");
    let report = fs::read_to_string(write_report(dir.path()).expect("report")).expect("read report");
    // The cactus plot is the key figure, under the findings; the others are in the details.
    assert!(above_details(&report).contains("](cactus.png)"));
    for stem in ["time_vs_n", "time_vs_alpha", "outcomes_vs_alpha", "phase", "scatter_fastest", "scatter_origin"] {
        assert!(report.contains(&format!("]({stem}.png)")), "{stem} not embedded");
        assert!(!above_details(&report).contains(&format!("]({stem}.png)")), "{stem} above the details");
    }
    assert_eq!(report.matches("](cactus.png)").count(), 1, "the key figure is shown once");
    // Runs not finished: backtrack-naive stops on 9 of 12 planted N = 16 instances, ilp-edge on 1.
    let unfinished = "| mode | N | instances |";
    assert_eq!(cell(&report, unfinished, "| planted | 16 |", "backtrack-naive"), "9");
    assert_eq!(cell(&report, unfinished, "| planted | 16 |", "ilp-edge"), "1");
    assert_eq!(cell(&report, unfinished, "| planted | 16 |", "unresolved"), "0");
    // backtrack wins everywhere, in both modes, decidedly, its margin from comparisons.csv.
    let fastest = finding(&report, "Fastest solver by size");
    let margin = compared_in(dir.path(), "planted N=16", "ilp-clique", "backtrack");
    assert!(
        fastest.contains(&format!(
            "planted: backtracking (`backtrack`) at every N, ahead of `ilp-clique` at N = 16 by {}× (95 % CI",
            margin.ratio
        )) && fastest.contains(&format!("n = {}, p_adj", margin.n)),
        "{fastest} / {margin:?}"
    );
    assert!(fastest.contains("random: backtracking (`backtrack`) at every N, ahead of"), "{fastest}");
    let matrix = |n: usize, row: &str, column: &str| {
        let header = format!("### N = {n}: t(row) / t(column)");
        let at = report.find(&header).unwrap_or_else(|| panic!("no matrix for N = {n}"));
        cell(&report[at..], "| A \\ B |", &format!("| **{row}** |"), column)
    };
    // ilp-clique searches 3.5× faster than ilp-edge by construction; with the set-up the total-time
    // ratio over all instances is what the encoding finding states, from comparisons.csv.
    let encoding = finding(&report, "The model matters");
    let all = compared_in(dir.path(), "all", "ilp-edge", "ilp-clique");
    assert!(
        encoding.contains(&format!("`ilp-clique` is faster by {}× (95 % CI", all.ratio))
            && encoding.contains(&format!("n = {}", all.n)),
        "{encoding} / {all:?}"
    );
    // Both directions of a pair agree: the inverse ratio over the same instances.
    let (there, back) = (matrix(9, "ilp-edge", "backtrack"), matrix(9, "backtrack", "ilp-edge"));
    let value = |c: &str| c.split(' ').next().and_then(|v| v.parse::<f64>().ok()).expect("a number");
    assert!((value(&there) * value(&back) - 1.0).abs() < 0.02, "{there} {back}");
    // At N = 16 the naive solver only finished the α = 0.8 instances: 3 planted solved, 3 random
    // proved infeasible — proofs are finished runs, timed like solutions.
    assert!(matrix(16, "backtrack-naive", "backtrack").ends_with("(6)"));
    let origin = finding(&report, "The origin study's comparison, ILP (edge model) against naive backtracking");
    assert!(origin.contains("over all instances") && origin.contains("n = 72"), "{origin}");
    assert!(origin.contains("N = 4: `backtrack-naive` is faster than `ilp-edge` by"), "{origin}");
    assert!(origin.contains("scatter_origin.png"), "{origin}");
    let unresolved = finding(&report, "Unresolved");
    assert!(unresolved.contains("every one of the 72 instances was solved or proved infeasible"), "{unresolved}");
    assert!(unresolved.contains("`backtrack-naive` from N = 16"), "{unresolved}");
    // No old per-pair bullets; the Conclusions close the findings.
    assert!(!report.contains("\n- On the "), "{report}");
    let conclusions = &report[report.find("## Conclusions").expect("a Conclusions section")..];
    assert!(conclusions.starts_with("## Conclusions\n\n**Which solver wins where.** On planted instances, `backtrack` is decidedly fastest at N = 4, 9, 16."), "{conclusions}");
}

#[test]
fn no_ratio_is_claimed_when_one_solver_never_finished() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut rows = Vec::new();
    for rep in 0..3 {
        let seed = 100 + rep;
        rows.push(format!("x,3,3,9,0.3,planted,,{rep},{seed},24,ilp-clique,solved,0.05,,1,,729,324,10,30,true,,"));
        rows.push(format!("x,3,3,9,0.3,planted,,{rep},{seed},24,ilp-edge,limit,5.01,,1,,729,6561,10,30,,,time limit"));
    }
    fs::write(dir.path().join("runs.csv"), format!("{HEADER}\n{}\n", rows.join("\n"))).expect("write csv");
    fs::write(dir.path().join("meta.json"), r#"{"name": "x", "time_limit": 5}"#).expect("write meta");
    let report = fs::read_to_string(write_report(dir.path()).expect("report")).expect("read report");
    let text = findings(&report).join("\n");
    assert!(!text.contains("faster") && !text.contains("ahead"), "a ratio was claimed: {text}");
    assert!(
        text.contains("`ilp-edge` 10.0 s (95 % CI 10–10 s, n = 3), 0 solved"),
        "PAR-2 counts each stop as 2 × 5 s: {text}"
    );
    // Three instances cannot decide a comparison (Wilcoxon's smallest p is 0.25): no winner named.
    assert!(text.contains("no significant difference between the two fastest, `ilp-clique` and `ilp-edge`"), "{text}");
    assert_eq!(cell(&report, "| A \\ B |", "| **ilp-edge** |", "ilp-clique"), "— (0)");
    assert_eq!(cell(&report, "| mode | N | instances |", "| planted | 9 |", "ilp-edge"), "3");
}

#[test]
fn works_without_meta_json_using_the_longest_stopped_run_as_the_limit() {
    let dir = fixture(false);
    assert_eq!(plot_results(dir.path()).expect("plots").len(), 16);
    let report = fs::read_to_string(write_report(dir.path()).expect("report")).expect("read report");
    assert!(report.starts_with("# Report: fixture\n"));
    assert!(!report.contains("## Setup (meta.json)"));
    assert!(report.contains("they count as the time limit (10.0 s)"));
    assert!(report.contains("| 16 | 4×4 | random | 0.2 | backtrack-naive | 3 | ≥ 10.0 s |"));
}

#[test]
fn unique_puzzles_get_a_time_vs_difficulty_figure() {
    let dir = copy_fixture(UNIQUE_FIXTURE, true);
    let written = plot_results(dir.path()).expect("plots");
    // No α axis: only time vs N (two sizes; total and search-only), time vs difficulty (one
    // panel per N, 3 note lines), the cactus plot and the two scatters (no α: one colour).
    let expected = [
        ("time_vs_n", (1200, 760)),
        ("time_vs_n_search", (1200, 760)),
        ("time_vs_difficulty", (2 * 440 + 280, 380 + 50 + 22 * 3 + 14)),
        ("cactus", (1200, 760)),
        ("scatter_fastest", (1000, 820)),
        ("scatter_origin", (1000, 820)),
    ];
    let wanted: BTreeSet<String> =
        expected.iter().flat_map(|(stem, _)| ["svg", "png"].map(|ext| format!("{stem}.{ext}"))).collect();
    assert_eq!(file_names(&written), wanted);
    for (stem, size) in expected {
        let png = dir.path().join(format!("{stem}.png"));
        assert_eq!(png_size(&png), size, "{stem}.png");
        assert_eq!(svg_size(&dir.path().join(format!("{stem}.svg"))), size, "{stem}.svg");
        assert!(fs::metadata(&png).expect("png").len() > 10_000, "{stem}.png looks empty");
    }
    // The categorical axis names the difficulties in order; one panel per N.
    let texts = svg_texts(&dir.path().join("time_vs_difficulty.svg"));
    let at = |word: &str| texts.iter().position(|t| t == word).unwrap_or_else(|| panic!("no text {word}: {texts:?}"));
    assert!(at("easy") < at("medium") && at("medium") < at("hard") && at("hard") < at("expert"));
    assert!(at("N = 9") < at("N = 16"));
    at("some runs stopped here");
    at("median at the limit");

    let report = fs::read_to_string(write_report(dir.path()).expect("report")).expect("read report");
    assert!(report.contains("](time_vs_difficulty.png)"), "figure not embedded");
    assert!(report.contains("## Median time by difficulty"));
    let table: Vec<&str> = report
        .lines()
        .skip_while(|l| !l.starts_with("| N | difficulty | ilp-edge |"))
        .take_while(|l| l.starts_with('|'))
        .collect();
    assert_eq!(table[0], "| N | difficulty | ilp-edge | ilp-clique | backtrack-naive | backtrack |");
    let rows: Vec<String> = table[2..].iter().map(|l| l.split('|').take(3).collect::<Vec<_>>().join("|")).collect();
    let order: Vec<String> =
        [9, 16].iter().flat_map(|n| ["easy", "medium", "hard", "expert"].map(|d| format!("| {n} | {d} "))).collect();
    assert_eq!(rows, order, "one row per (N, difficulty), in difficulty order");
    // Pinned in the fixture: 0.0009, 0.0011, 0.0014 s → median 0.0011.
    assert!(table.iter().any(|l| l.starts_with("| 9 | hard |") && l.ends_with("| 1.10 ms |")), "{table:?}");
    // backtrack-naive hits the 10 s limit on 2 of 3 medium N = 16 puzzles: its median is censored.
    let medium = table.iter().find(|l| l.starts_with("| 16 | medium |")).expect("row");
    assert_eq!(medium.split('|').nth(5).map(str::trim), Some("≥ 10.0 s"), "{medium}");
    // ilp-edge hits it once on expert: its median is not censored.
    let expert = table.iter().find(|l| l.starts_with("| 16 | expert |")).expect("row");
    assert!(!expert.split('|').nth(3).expect("cell").contains('≥'), "{expert}");
}

#[test]
fn one_size_of_unique_puzzles_gives_one_difficulty_panel() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = fs::read_to_string(Path::new(UNIQUE_FIXTURE).join("runs.csv")).expect("fixture csv");
    let rows: Vec<&str> = text.lines().filter(|l| l.contains(",3,3,9,")).collect();
    assert_eq!(rows.len(), 4 * 3 * 4);
    let header = text.lines().next().expect("header");
    fs::write(dir.path().join("runs.csv"), format!("{header}\n{}\n", rows.join("\n"))).expect("write csv");
    let written = plot_results(dir.path()).expect("plots");
    let stems = ["time_vs_difficulty", "cactus", "scatter_fastest", "scatter_origin"];
    assert_eq!(file_names(&written), stems.iter().flat_map(|s| ["png", "svg"].map(|e| format!("{s}.{e}"))).collect());
    // One panel, widened so the notes fit.
    assert_eq!(png_size(&dir.path().join("time_vs_difficulty.png")), (860, 510));
    assert_eq!(svg_size(&dir.path().join("time_vs_difficulty.svg")), (860, 510));
}

#[test]
fn no_difficulty_figure_or_table_without_unique_rows() {
    let dir = fixture(true);
    // A stale figure from an earlier call is removed, so the report does not embed it.
    for ext in ["png", "svg"] {
        fs::write(dir.path().join(format!("time_vs_difficulty.{ext}")), "stale").expect("write stale");
    }
    let written = plot_results(dir.path()).expect("plots");
    assert!(!file_names(&written).iter().any(|f| f.starts_with("time_vs_difficulty")));
    for ext in ["png", "svg"] {
        assert!(!dir.path().join(format!("time_vs_difficulty.{ext}")).exists(), "stale .{ext} kept");
    }
    let report = fs::read_to_string(write_report(dir.path()).expect("report")).expect("read report");
    assert!(!report.contains("time_vs_difficulty"));
    assert!(!report.contains("Median time by difficulty"));
}

#[test]
fn each_solver_gets_its_own_effort_peak_side_by_side() {
    let report = report_of(SAT_FIXTURE);
    assert!(report.contains("solvers: ilp-edge, ilp-clique, backtrack, sat, sat-minimal;"), "display order");
    // By construction: conflicts peak at α = 0.5 (10 · 9^3 = 7290 at N = 9), dead ends at 0.4
    // (5 · 10 · 9 = 450), B&B nodes at 0.5 (3).
    let peak =
        |row: &str, solver: &str| cell(&report, "| mode | N | α swept |", row, &format!("effort peak: {solver}"));
    let n9 = "| planted | 9 | 0.2, 0.4, 0.5, 0.6, 0.8 |";
    assert_eq!(peak(n9, "sat"), "0.5 (7290 median conflicts)");
    assert_eq!(peak(n9, "backtrack"), "0.4 (450 median dead ends)");
    assert_eq!(peak(n9, "ilp-clique"), "0.5 (3.00 median B&B nodes)");
    assert_eq!(peak("| planted | 25 |", "sat"), "0.5 (1.6e5 median conflicts)", "large counts get an exponent");
    // The summary's peak table holds the same locations, one per cell.
    let peak_table = &report[report.find("### Peak α").expect("a peak table")..];
    let summary_peak = |solver: &str| cell(peak_table, "| mode | N | ilp-edge |", "| planted | 9 |", solver);
    assert_eq!((summary_peak("sat"), summary_peak("backtrack")), ("0.5".to_owned(), "0.4".to_owned()));
    // The finding names one solver's located peaks, how they move, and the Latin-square law once.
    // The finding: the time peak of the best solver by PAR-2 (sat), with its intervals.
    let text = finding(&report, "The hardness peak");
    let at = "α* = 0.5 (95 % CI 0.5–0.5, n = 15)";
    assert!(
        text.contains("`sat`") && text.contains(&format!("lies at {at} at N = 9, {at} at N = 16, {at} at N = 25")),
        "{text}"
    );
    assert!(text.contains("so the data do not show it moving"), "{text}");
    assert!(
        text.contains("steeper than the Latin-square law's N^1.55"),
        "the same fill at every N: holes ∝ N²: {text}"
    );
    assert_eq!(findings(&report).join("\n").matches(at).count(), 3, "said once per N among the findings");
    assert!(report.contains("42 %"), "the literature comparison stays");
}

#[test]
fn a_sat_peak_at_the_time_limit_is_marked_censored() {
    let mut rows = Vec::new();
    for (alpha, outcome, seconds, conflicts) in
        [(0.2, "solved", 0.01, 100), (0.5, "limit", 5.01, 90_000), (0.8, "solved", 0.002, 3)]
    {
        for rep in 0..3 {
            let seed = 1000 * (alpha * 10.0) as u64 + rep;
            rows.push(format!(
                "x,4,4,16,{alpha},planted,,{rep},{seed},0,sat,{outcome},{seconds},0.1,,,,4096,1000,,20,,,,{conflicts},1,1"
            ));
        }
    }
    let dir = results_dir(HEADER_WITH_CDCL, &rows, 5.0);
    let report = fs::read_to_string(write_report(dir.path()).expect("report")).expect("read report");
    let effort = cell(&report, "| mode | N | α swept |", "| planted | 16 |", "effort peak: sat");
    assert_eq!(effort, "0.5 (censored; ≥ 9.0e4 median conflicts)");
    assert!(!findings(&report).iter().any(|f| f.starts_with("The hardness peak")), "a censored peak is no finding");
    assert!(finding(&report, "Unresolved").contains("no solver's effort peak is clearly located at N = 16"));
    // Its cost at the peak is only a lower bound: shown as such, never fitted.
    assert!(report.contains("| sat | planted | 16 | 0.5 (censored) | ≥ 5.00 s | 0.2, 0.8 |"), "{report}");
    assert!(report.contains("| sat | planted | at the peak | — | 16 | — |"));
}

#[test]
fn growth_at_the_peak_recovers_the_planted_power_laws() {
    let report = report_of(SAT_FIXTURE);
    assert!(report.contains("## Growth at the hardness peak versus off it"));
    // sat takes 1e-4 · N^3 s at its peak (α = 0.5) and 1e-4 · N s at α = 0.2 and 0.8; α = 0.4 and
    // 0.6 (1e-4 · N^2 s) are closer than 0.15 to the peak and belong to neither series.
    assert!(report.contains("| sat | planted | 16 | 0.5 | 410 ms | 0.2, 0.8 | 1.60 ms |"), "{report}");
    let fit = |series: &str, column: &str| {
        cell(&report, "| solver | mode | series |", &format!("| sat | planted | {series} |"), column)
    };
    assert_eq!(fit("at the peak", "exponent b (t ∝ N^b)"), "3.00");
    assert_eq!(fit("off the peak", "exponent b (t ∝ N^b)"), "1.00");
    assert_eq!(fit("at the peak", "sizes fitted"), "9, 16, 25");
    assert_eq!(fit("at the peak", "censored sizes"), "—");
    // sat has the lowest PAR-2, so the growth finding speaks of it first; pooled over α its
    // instances mix N^1, N^2 and N^3, and three sizes name no law.
    let text = finding(&report, "Time grows with N");
    assert!(
        text.starts_with("Time grows with N (planted instances") && text.contains("): for `sat` polynomial"),
        "{text}"
    );
    assert!(
        text.contains("for `sat` polynomial (k = ") && text.contains("cannot be told apart from 3 sizes"),
        "{text}"
    );
}

#[test]
fn the_fastest_solver_is_named_per_size_with_its_margin_over_the_runner_up() {
    let report = report_of(SAT_FIXTURE);
    let table = "| mode | N | fastest |";
    assert_eq!(cell(&report, table, "| planted | 9 |", "fastest"), "backtrack");
    for n in [16, 25] {
        let row = format!("| planted | {n} |");
        assert_eq!(cell(&report, table, &row, "fastest"), "sat");
        assert_eq!(cell(&report, table, &row, "paradigm"), "SAT");
        assert_eq!(cell(&report, table, &row, "runner-up"), "sat-minimal");
        // sat-minimal takes twice sat's time on every instance.
        assert_eq!(cell(&report, table, &row, "t(runner-up)/t(fastest)"), "2.00");
    }
    // Five α values per N: a winner per α too (backtrack wins sat's peak at N = 16).
    assert_eq!(cell(&report, "| mode | N | α | fastest |", "| planted | 16 | 0.5 |", "fastest"), "backtrack");
    // The encoding ablations, weaker encoding first: 3× for ILP, 2× for SAT at every N.
    assert!(
        report.contains("| ILP | ilp-edge | ilp-clique | edge model vs clique model | 16 | 15 | 15 | 3.00 | 0 | 0 |")
    );
    assert!(report
        .contains("| SAT | sat-minimal | sat | minimal vs full (redundant-clause) encoding | 25 | 15 | 15 | 2.00 |"));
    // At N = 9 backtrack's lead over sat (4.19× on the instances both finished) is not significant
    // over 15 instances among the report's many comparisons; sat's over sat-minimal is.
    let text = finding(&report, "Fastest solver by size");
    assert!(
        text.contains(
            "at N = 9 no significant difference between the two fastest, `backtrack` and `sat`: t(`sat`)/t(`backtrack`) \
             = 4.19× (95 % CI"
        ) && text.contains("SAT (`sat`) from N = 16 on, ahead of `sat-minimal` at N = 25 by 2.00× (95 % CI 2.0–2.0, n = 15, p_adj"),
        "{text}"
    );
    let text = finding(&report, "The model matters");
    assert!(text.contains("`sat-minimal` against `sat` (minimal vs full (redundant-clause) encoding): `sat` is faster by 2.00× (95 % CI 2.0–2.0, n = 45"), "{text}");
}

#[test]
fn an_old_runs_csv_without_the_cdcl_columns_still_loads_and_reports() {
    let mut rows = Vec::new();
    for (alpha, dead_ends) in [(0.2, 1), (0.4, 40), (0.6, 2)] {
        for rep in 0..3 {
            let seed = 100 * (alpha * 10.0) as u64 + rep;
            rows.push(format!(
                "x,3,3,9,{alpha},planted,,{rep},{seed},16,backtrack,solved,0.001,,90,50,{dead_ends},,,,3.5,true,true,"
            ));
            rows.push(format!(
                "x,3,3,9,{alpha},planted,,{rep},{seed},16,ilp-clique,solved,0.05,,1,,,729,324,10,20,true,true,"
            ));
        }
    }
    let dir = results_dir(PRE_SAT_HEADER, &rows, 10.0);
    let written = plot_results(dir.path()).expect("plots");
    assert!(file_names(&written).contains("phase.svg"));
    let report = fs::read_to_string(write_report(dir.path()).expect("report")).expect("read report");
    assert!(report.contains("**Runs:** 18 on 9 instances"));
    let effort = cell(&report, "| mode | N | α swept |", "| planted | 9 |", "effort peak: backtrack");
    assert_eq!(effort, "0.4 (40.0 median dead ends)");
    assert_eq!(cell(&report, "| mode | N | fastest |", "| planted | 9 |", "fastest"), "backtrack");
}

#[test]
fn a_sat_only_folder_gets_a_phase_figure_naming_its_statistic() {
    let text = fs::read_to_string(Path::new(SAT_FIXTURE).join("runs.csv")).expect("fixture csv");
    let rows: Vec<String> = text.lines().skip(1).filter(|l| l.contains(",sat,")).map(str::to_owned).collect();
    assert_eq!(rows.len(), 3 * 5 * 3);
    let dir = results_dir(text.lines().next().expect("header"), &rows, 60.0);
    let written = plot_results(dir.path()).expect("plots");
    assert!(file_names(&written).contains("phase.png"), "{written:?}");
    let texts = svg_texts(&dir.path().join("phase.svg"));
    for wanted in ["N = 9: median conflicts", "N = 25: median conflicts", "sat: conflicts", "N = 9: peak α = 0.5 (sat)"]
    {
        assert!(texts.iter().any(|t| t == wanted), "no text {wanted}: {texts:?}");
    }
}

#[test]
fn the_phase_figure_draws_every_solver_with_an_effort_statistic() {
    let dir = copy_fixture(SAT_FIXTURE, true);
    plot_results(dir.path()).expect("plots");
    let texts = svg_texts(&dir.path().join("phase.svg"));
    for wanted in ["ilp-edge: B&B nodes", "backtrack: dead ends", "sat: conflicts", "sat-minimal: conflicts"] {
        assert!(texts.iter().any(|t| t == wanted), "no legend note {wanted}: {texts:?}");
    }
    // Three statistics in one panel: the title names none of them.
    assert!(texts.iter().any(|t| t == "N = 16: median search effort"), "{texts:?}");
}

#[test]
fn a_header_only_file_or_a_row_that_is_no_run_is_refused_with_its_line() {
    let empty = results_dir(HEADER_WITH_CDCL, &[], 1.0);
    for err in [plot_results(empty.path()).unwrap_err(), write_report(empty.path()).unwrap_err()] {
        assert!(err.to_string().contains("no runs, only a header"), "{err}");
    }
    let runs = fs::read_to_string(Path::new(SAT_FIXTURE).join("runs.csv")).unwrap();
    let header = runs.lines().next().unwrap();
    let row = runs.lines().nth(1).unwrap().to_string();
    let outcome = header.split(',').position(|c| c == "outcome").unwrap();
    let with = |column: usize, value: &str| -> String {
        let mut cells: Vec<&str> = row.split(',').collect();
        cells[column] = value;
        cells.join(",")
    };
    let seconds = header.split(',').position(|c| c == "seconds").unwrap();
    // The file line, and the column where the bad field starts.
    let at =
        |column: usize| format!("runs.csv:3:{}:", row.split(',').take(column).map(|c| c.len() + 1).sum::<usize>() + 1);
    for (bad, says) in [
        (with(seconds, "NaN"), format!("{} seconds = NaN; expected a non-negative number", at(seconds))),
        (with(seconds, "-1.5"), format!("{} seconds = -1.5", at(seconds))),
        (with(outcome, "solvd"), format!("{} outcome = 'solvd': expected one of solved, infeasible", at(outcome))),
    ] {
        let dir = results_dir(header, &[row.clone(), bad], 1.0);
        let err = write_report(dir.path()).unwrap_err().to_string();
        assert!(err.contains(&says), "{err}\nshould contain {says}");
    }
}

#[test]
fn a_bad_row_is_named_by_its_file_line_and_the_column_of_its_field_whatever_the_line_ends() {
    let runs = fs::read_to_string(Path::new(SAT_FIXTURE).join("runs.csv")).unwrap();
    let lines: Vec<&str> = runs.lines().collect();
    let header = lines[0];
    let outcome = header.split(',').position(|c| c == "outcome").unwrap();
    let seconds = header.split(',').position(|c| c == "seconds").unwrap();
    let with = |row: &str, column: usize, value: &str| -> String {
        let mut cells: Vec<&str> = row.split(',').collect();
        cells[column] = value;
        cells.join(",")
    };
    // 1-based column of field `column` of `row`.
    let col = |row: &str, column: usize| row.split(',').take(column).map(|c| c.len() + 1).sum::<usize>() + 1;
    let bad = with(lines[3], outcome, "solvd");
    let said = format!("runs.csv:4:{}: outcome = 'solvd': expected one of solved", col(&bad, outcome));
    let unreadable = with(lines[3], seconds, "soon");
    let unreadable_said = format!("runs.csv:4:{}: ", col(&unreadable, seconds));
    for ending in ["\n", "\r\n"] {
        for (row, said) in [(&bad, &said), (&unreadable, &unreadable_said)] {
            let dir = results_dir(header, &[lines[1].to_string(), lines[2].to_string(), row.clone()], 1.0);
            let text = fs::read_to_string(dir.path().join("runs.csv")).unwrap().replace('\n', ending);
            fs::write(dir.path().join("runs.csv"), text).unwrap();
            let err = write_report(dir.path()).unwrap_err().to_string();
            assert!(err.contains(said.as_str()), "{ending:?}: {err}\nshould contain {said}");
        }
    }
    // A byte that is no UTF-8: the line and column of the byte.
    let dir = results_dir(header, &[lines[1].to_string(), lines[2].to_string()], 1.0);
    let mut bytes = fs::read(dir.path().join("runs.csv")).unwrap();
    let at = bytes.len() - 4;
    bytes[at] = 0xff;
    fs::write(dir.path().join("runs.csv"), &bytes).unwrap();
    let err = write_report(dir.path()).unwrap_err().to_string();
    let said = format!("runs.csv:3:{}: byte 0xFF is no UTF-8; expected UTF-8 text", lines[2].len() - 2);
    assert!(err.contains(&said), "{err}\nshould contain {said}");
}

#[test]
fn the_summary_holds_one_number_per_cell_and_agrees_with_the_details() {
    let report = report_of(SAT_FIXTURE);
    let top = above_details(&report);
    assert!(top.contains("## Summary") && !top.contains("## Setup"), "the summary comes before the details");
    let medians = "| mode | N | ilp-edge |";
    // The same ranking as the full table below: backtrack at N = 9, sat from N = 16 on (bold).
    for (n, fastest) in [(9, "backtrack"), (16, "sat"), (25, "sat")] {
        let row = format!("| planted | {n} |");
        assert!(cell(&report, medians, &row, fastest).starts_with("**"), "{fastest} bold at N = {n}");
        assert_eq!(cell(&report, "| mode | N | fastest |", &row, "fastest"), fastest);
    }
    assert_eq!(cell(&report, medians, "| planted | 16 |", "sat"), "**23.0 ms**");
    assert_eq!(seconds_of("23.0 ms"), Some(0.023));
    // sat's median interval at N = 9 overlaps backtrack's: the data do not tell them apart, so both
    // are bold; ilp-edge's does not.
    assert_eq!(cell(&report, medians, "| planted | 9 |", "sat"), "**7.29 ms**");
    assert!(!cell(&report, medians, "| planted | 9 |", "ilp-edge").starts_with("**"));
    // PAR-2 of sat: every run finished, so the mean total time, 0.150 s.
    assert_eq!(cell(&report, medians, "| planted | PAR-2, all N |", "sat"), "150 ms");
    assert_eq!(cell(&report, "| mode | N | instances |", "| planted | 25 |", "unresolved"), "0");
}

#[test]
fn every_fixture_report_opens_with_findings_a_summary_and_its_details_below_a_rule() {
    for fixture in [FIXTURE, SAT_FIXTURE, UNIQUE_FIXTURE] {
        let dir = copy_fixture(fixture, true);
        plot_results(dir.path()).expect("plots");
        let report = fs::read_to_string(write_report(dir.path()).expect("report")).expect("read report");
        let top = above_details(&report);
        assert!(top.lines().count() <= 60, "{fixture}: {} lines above the details", top.lines().count());
        let found = findings(&report);
        assert!((1..=MAX_FINDINGS).contains(&found.len()), "{fixture}: {found:#?}");
        for f in &found {
            assert!(f.chars().any(|c| c.is_ascii_digit()), "a finding without a number: {f}");
            assert!(f.contains('*') || f.contains(".png"), "a finding that cites no table or figure: {f}");
            assert_eq!(f.matches(". ").count(), 0, "one sentence: {f}");
        }
        // One fact per summary cell: a time with its unit, `≥ time`, a count, a peak α with at most
        // one qualifier, or a dash.
        let summary = &top[top.find("## Summary").expect("a summary")..];
        for line in summary.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| mode |")) {
            for c in cells(line).iter().skip(2) {
                let bare = c.trim_matches('*').trim_start_matches("≥ ");
                let time = seconds_of(bare).is_some();
                let count = bare.parse::<usize>().is_ok();
                let peak = bare.split(' ').next().is_some_and(|a| a.split('–').all(|v| v.parse::<f64>().is_ok()))
                    && !time
                    && bare.matches('(').count() <= 1;
                assert!(time || count || peak || bare == "—", "{fixture}: cell '{c}' in {line}");
                assert!(!c.contains('·') && !c.contains(','), "{fixture}: two facts in '{c}'");
            }
        }
        // The speed ratios are a matrix per N, never bullets.
        let details = &report[top.len()..];
        assert!(details.contains("| A \\ B |"), "{fixture}: no ratio matrix");
        assert!(!details.contains("\n- On the "), "{fixture}: per-pair bullets");
        // No paragraph printed twice.
        let mut seen = BTreeSet::new();
        for paragraph in report.split("\n\n").map(str::trim).filter(|p| p.len() > 40 && !p.starts_with('|')) {
            assert!(seen.insert(paragraph), "{fixture}: printed twice: {paragraph}");
        }
    }
}

#[test]
fn total_time_decides_by_default_and_search_only_is_a_labelled_second_view() {
    // sat searches in 1 ms after a 10 ms encoding; backtrack searches in 3 ms with no set-up.
    let mut rows = Vec::new();
    for rep in 0..3 {
        let seed = 100 + rep;
        rows.push(format!("x,3,3,9,0.4,planted,,{rep},{seed},32,sat,solved,0.001,0.010,,,,,,,,true,true,,0,1,1"));
        rows.push(format!("x,3,3,9,0.4,planted,,{rep},{seed},32,backtrack,solved,0.003,0.0,5,1,0,,,,,true,true,,,,"));
    }
    let dir = results_dir(HEADER_WITH_CDCL, &rows, 10.0);
    let csv = fs::read(dir.path().join("runs.csv")).expect("csv");
    let report = fs::read_to_string(write_report(dir.path()).expect("report")).expect("read report");
    let summary = "| mode | N | backtrack |";
    assert_eq!(cell(&report, summary, "| planted | 9 |", "backtrack"), "**3.00 ms**");
    assert_eq!(cell(&report, summary, "| planted | 9 |", "sat"), "11.0 ms");
    assert!(report.contains("| 9 | 3×3 | planted | 0.4 | sat | 3 | 11.0 ms | 11.0 ms | 1.00 ms | 100 % |"), "{report}");
    assert_eq!(cell(&report, "| A \\ B |", "| **backtrack** |", "sat"), "0.273 (3)");
    assert!(finding(&report, "Fastest solver").contains("t(`sat`)/t(`backtrack`) = 3.67×"), "{report}");
    assert_eq!(fs::read(dir.path().join("runs.csv")).expect("csv"), csv, "runs.csv keeps both columns untouched");
}

#[test]
fn no_sentence_is_printed_twice() {
    // Two modes and four solvers: the caveats, the paradigms that never win and the peak
    // movement would each repeat per solver or per mode if they were not said once.
    for fixture in [FIXTURE, SAT_FIXTURE, UNIQUE_FIXTURE] {
        let report = report_of(fixture);
        let mut seen = BTreeSet::new();
        for line in report.lines().filter(|l| !l.starts_with('|')) {
            for sentence in line.split_inclusive(". ").map(str::trim).filter(|s| s.len() > 40) {
                assert!(seen.insert(sentence.to_owned()), "printed twice in {fixture}: {sentence}");
            }
        }
    }
}

/// A circle of an SVG: centre x, centre y, radius.
type SvgCircle = (f64, f64, f64);

/// The `(cx, cy, r)` of every `<circle>` of an SVG.
fn svg_circles(path: &Path) -> Vec<SvgCircle> {
    let text = fs::read_to_string(path).expect("svg is UTF-8 text");
    let attr = |tag: &str, name: &str| -> f64 {
        let key = format!(" {name}=\"");
        let at = tag.find(&key).unwrap_or_else(|| panic!("no {name} in {tag}")) + key.len();
        tag[at..].split('"').next().and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("bad {name} in {tag}"))
    };
    text.split("<circle")
        .skip(1)
        .map(|t| &t[..t.find('>').expect("closed tag")])
        .map(|t| (attr(t, "cx"), attr(t, "cy"), attr(t, "r")))
        .collect()
}

#[test]
fn cactus_and_scatter_figures_come_from_a_small_runs_csv_with_timeouts_on_the_border() {
    // sat solves all three instances; backtrack solves one and hits the 10 s limit on two; an
    // external solver unknown to the registry finishes one and errs on two.
    let mut rows = Vec::new();
    for (rep, alpha) in [(0, 0.2), (1, 0.4), (2, 0.6)] {
        let seed = 100 + rep;
        let bt = if rep == 0 { "solved,0.002" } else { "limit,10.3" };
        let ext = if rep == 0 { "solved,0.5" } else { "error,0.1" };
        rows.push(format!(
            "x,3,3,9,{alpha},planted,,{rep},{seed},32,sat,solved,0.0{rep}1,0.001,,,,,,,,true,true,,0,1,1"
        ));
        rows.push(format!("x,3,3,9,{alpha},planted,,{rep},{seed},32,backtrack,{bt},0.0,5,1,0,,,,,true,true,,,,"));
        rows.push(format!("x,3,3,9,{alpha},planted,,{rep},{seed},32,minisat,{ext},,,,,,,,,,,,,,"));
    }
    let dir = results_dir(HEADER_WITH_CDCL, &rows, 10.0);
    let written = file_names(&plot_results(dir.path()).expect("plots"));
    for stem in ["cactus", "scatter_fastest"] {
        assert!(written.contains(&format!("{stem}.png")) && written.contains(&format!("{stem}.svg")), "{written:?}");
    }
    assert!(!written.contains("scatter_origin.svg"), "no ilp-edge, no origin pair");
    let texts = svg_texts(&dir.path().join("cactus.svg"));
    for wanted in ["sat (3 of 3)", "backtrack (1 of 3)", "minisat (1 of 3)", "time limit (10 s)"] {
        assert!(texts.iter().any(|t| t == wanted), "no {wanted}: {texts:?}");
    }
    // The time axis (2 ms to the 10 s limit) labels its decades with a unit, not as bare seconds.
    assert!(texts.iter().any(|t| t == "total time per instance, log scale"), "{texts:?}");
    for tick in ["10 ms", "100 ms", "1 s", "10 s"] {
        assert!(texts.iter().any(|t| t == tick), "no tick {tick}: {texts:?}");
    }
    assert!(!texts.iter().any(|t| t == "0.01" || t == "0.001"), "bare seconds on an axis: {texts:?}");
    // PAR-2: sat first (lowest), then backtrack (13.3 s), then minisat (13.5 s): the scatter is sat
    // (x) against backtrack (y).
    let scatter = dir.path().join("scatter_fastest.svg");
    assert!(svg_texts(&scatter).iter().any(|t| t == "Per instance: sat against backtrack, total time"));
    // Points are in the plotting area, left of the legend column (280 px of the 1000 px width).
    let points: Vec<SvgCircle> = svg_circles(&scatter).into_iter().filter(|c| c.0 < 720.0).collect();
    let (finished, stopped): (Vec<&SvgCircle>, Vec<&SvgCircle>) = points.iter().partition(|c| c.2 < 4.0);
    assert_eq!((finished.len(), stopped.len()), (1, 2), "{points:?}");
    // backtrack's two timeouts share the top border, far above the finished point, at sat's times.
    assert_eq!(stopped[0].1, stopped[1].1, "{points:?}");
    assert!(finished[0].1 > stopped[0].1 + 100.0, "{points:?}");
    assert!(stopped[0].0 != stopped[1].0, "each at its own x: sat's time");
    let report = fs::read_to_string(write_report(dir.path()).expect("report")).expect("read report");
    assert!(above_details(&report).contains("](cactus.png)"));
    assert!(report.contains("| **minisat** |"), "an external solver is a solver like any other");
    assert!(finding(&report, "Fastest solver").contains("the two fastest, `sat` and `minisat`"), "{report}");
}

/// A results folder of `sat` beside an external solver named `other`, whose definition in
/// `meta.json` runs `command`; on the puzzles of `sets`, on generated ones (`on_grid`), or both.
fn versus(other: &str, command: &[&str], sets: &[&str], on_grid: bool) -> String {
    let header = "experiment,box_rows,box_cols,n,alpha,mode,difficulty,rep,seed,givens,solver,outcome,seconds,\
build_seconds,verified,agree,note,cpu_seconds,set,instance";
    let mut rows = Vec::new();
    for rep in 0..2 {
        for (solver, seconds) in [("sat", 0.5), (other, 2.0)] {
            for set in sets {
                rows.push(format!(
                    "vs,3,3,9,0.3,set,,0,{rep},24,{solver},solved,{seconds},0.01,true,true,,{seconds},{set},{set}.txt#{}",
                    rep + 1
                ));
            }
            if on_grid {
                rows.push(format!(
                    "vs,3,3,9,0.3,planted,,{rep},{rep},24,{solver},solved,{seconds},0.01,true,true,,{seconds},,"
                ));
            }
        }
    }
    let dir = tempfile::tempdir().expect("temp dir");
    fs::write(dir.path().join("runs.csv"), format!("{header}\n{}\n", rows.join("\n"))).expect("write csv");
    let meta = serde_json::json!({
        "name": "vs",
        "config": {
            "time_limit": 10.0,
            "external": [{ "name": other, "input": "cnf", "answer": "sat-competition", "command": command }]
        }
    });
    fs::write(dir.path().join("meta.json"), meta.to_string()).expect("write meta");
    fs::read_to_string(write_report(dir.path()).expect("report")).expect("read report")
}

/// Whether the report calls any solver a peer.
fn says_peer(report: &str) -> bool {
    ["best peer", "a peer", "the peer", "| peer |", "against the peers", "no peer"].iter().any(|w| report.contains(w))
}

#[test]
fn a_users_own_solver_is_an_external_solver_and_a_set_column_is_headed_set() {
    let own_solver = ["./my-solver", "{input}"];
    // A user's own solver on a user's own sets: no peer, no `mode` column, no modes.
    let own = versus("my-solver", &own_solver, &["mine", "theirs"], false);
    assert!(own.contains("## Ours against the external solvers"), "{own}");
    assert!(own.contains("| mine | 9 | 0.3 | my-solver | external | 2/2 |"), "{own}");
    assert!(!says_peer(&own), "{own}");
    assert!(own.contains("| set | N |") && !own.contains("| mode |"), "{own}");
    let fastest = finding(&own, "Fastest solver by size");
    assert!(fastest.contains("): mine: ") && fastest.contains("; theirs: ") && !own.contains("modes"), "{own}");
    // Both kinds of instance: the column holds modes and set names.
    let both = versus("my-solver", &own_solver, &["mine"], true);
    assert!(both.contains("| mode / set | N |") && both.contains("| mine | 9 |") && both.contains("| planted | 9 |"));
    let fastest = finding(&both, "Fastest solver by size");
    assert!(fastest.contains("): mine: ") && fastest.contains("; planted: "), "{both}");
    // Generated instances only: `mode`, as ever.
    let grid = versus("my-solver", &own_solver, &[], true);
    assert!(grid.contains("| mode | N |") && !grid.contains("| set |"), "{grid}");
    // A solver of peers/solvers.toml, run as defined there (paths compared by their last part), is a peer.
    let peer = versus("cadical-cli", &["/usr/bin/cadical", "-q", "-t", "{limit_s}", "{input}"], &[], true);
    assert!(peer.contains("## Ours against the peers") && peer.contains("| cadical-cli | peer |"), "{peer}");
    // The same name running something else is someone's own solver.
    let named = versus("cadical-cli", &["./my-cadical", "{input}"], &[], true);
    assert!(named.contains("| cadical-cli | external |") && !says_peer(&named), "{named}");
}

/// A temp dir holding a copy of the report fixture (`runs.csv`, `meta.json`) in `r/`.
fn fixture_in_folder() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let r = dir.path().join("r");
    std::fs::create_dir(&r).unwrap();
    for name in ["runs.csv", "meta.json"] {
        std::fs::copy(data("results-fixture").join(name), r.join(name)).unwrap();
    }
    (dir, r)
}

/// An edit of runs.csv, line by line (see [`edit_runs`]).
type LineEdit = dyn Fn(usize, &str) -> Vec<String>;

// Issue 27, item 6: `report` and `plot` trusted runs.csv blindly: duplicated rows, a row of another
// experiment and negative set-up times were counted.
#[test]
fn item06_report_and_plot_refuse_duplicated_foreign_and_negative_rows_naming_the_line() {
    // The bad field of line 2 starts in the column after the 13 fields before it.
    let fixture_row = std::fs::read_to_string(data("results-fixture").join("runs.csv")).unwrap();
    let before: usize = fixture_row.lines().nth(1).unwrap().split(',').take(13).map(|f| f.len() + 1).sum();
    let negative = format!("runs.csv:2:{}: build_seconds = -5; expected a non-negative number", before + 1);
    let cases: [(&str, Box<LineEdit>); 3] = [
        (
            "a second run of",
            Box::new(|i, l| if (2..=30).contains(&i) { vec![l.into(), l.into()] } else { vec![l.into()] }),
        ),
        (
            "runs.csv:5:1: experiment 'other', but meta.json is experiment 'fixture'",
            Box::new(|i, l| vec![if i == 5 { with_field(l, 0, "other") } else { l.into() }]),
        ),
        (&negative, Box::new(|i, l| vec![if i >= 2 { with_field(l, 13, "-5") } else { l.into() }])),
    ];
    for (said, edit) in cases {
        let (_dir, r) = fixture_in_folder();
        edit_runs(&r, edit);
        for (code, err) in report_and_plot(&r) {
            assert_eq!(code, Some(2), "{err}");
            assert!(err.contains(said), "expected '{said}' in: {err}");
        }
        assert!(!r.join("REPORT.md").exists() && !r.join("time_vs_n.svg").exists(), "nothing written");
    }
    let (_dir, r) = fixture_in_folder();
    edit_runs(&r, |i, l| if i == 2 { vec![l.into(), l.into()] } else { vec![l.into()] });
    let (_, err) = &report_and_plot(&r)[0];
    assert!(
        err.contains("runs.csv:3:1: a second run of ilp-edge on 2x2 planted alpha=0.2 rep=0; the first is on line 2"),
        "{err}"
    );
}

/// so a write past the limit fails with an error instead of killing the process).
fn with_file_limit(kib: u32, args: &[&str]) -> (Option<i32>, String) {
    through_bash(&format!("trap '' XFSZ; ulimit -f {kib}; exec \"$0\" \"$@\""), args)
}

// Issue 27, item 10: disk full: `report` left a 4096-byte REPORT.md that looked complete; `plot`
// failed without naming the file and left a 0-byte SVG.
#[test]
fn item10_a_full_disk_leaves_no_cut_report_or_figure_and_the_error_names_the_file() {
    let (_dir, r) = fixture_in_folder();
    let d = r.to_str().unwrap();
    std::fs::write(r.join("REPORT.md"), "the old report").unwrap();
    let (code, err) = with_file_limit(4, &["report", d]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("REPORT.md"), "{err}");
    assert_eq!(std::fs::read_to_string(r.join("REPORT.md")).unwrap(), "the old report", "the old report is kept");
    let (code, err) = with_file_limit(4, &["plot", d]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("cannot write") && err.contains(".svg"), "{err}");
    let left: Vec<String> =
        std::fs::read_dir(&r).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    assert!(!left.iter().any(|n| n.ends_with(".svg") || n.ends_with(".png") || n.contains(".tmp")), "{left:?}");
    // With room, both complete.
    assert_eq!(code_and_err(&["report", d], "").0, Some(0));
    assert!(
        std::fs::read_to_string(r.join("REPORT.md")).unwrap().contains("# Details"),
        "the whole report, up to its details"
    );
}

// Issue 27, item 11: a corrupt meta.json made `report` drop its Setup section silently.
#[test]
fn item11_a_corrupt_meta_json_is_said_on_stderr_and_in_the_report() {
    let (_dir, r) = fixture_in_folder();
    std::fs::write(r.join("meta.json"), "{\"name\": \"fixture\", ").unwrap();
    let (code, err) = code_and_err(&["report", r.to_str().unwrap()], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("warning: ") && err.contains("meta.json: is corrupt"), "{err}");
    let report = std::fs::read_to_string(r.join("REPORT.md")).unwrap();
    assert!(
        report.contains("## Setup (meta.json)\n\nUnknown: ") && report.contains("meta.json: is corrupt"),
        "{report}"
    );
}

// Issue 61, item 3: `plot` drew every figure or none, for every solver, at fixed sizes, with the
// scatter fixed to the two best by PAR-2 and the origin study's pair.
#[test]
fn plot_draws_one_figure_on_request_for_the_solvers_and_pair_asked_with_its_caption_beside_it() {
    let (_dir, r) = fixture_in_folder();
    let dir = r.to_str().unwrap();
    let o = sudoku_lab(&["plot", dir, "--figure", "scatter", "--pair", "ilp-clique", "backtrack"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let stem = r.join("scatter_ilp-clique_vs_backtrack");
    let svg = std::fs::read_to_string(stem.with_extension("svg")).unwrap();
    assert!(svg.contains("ilp-clique total time") && svg.contains("backtrack total time"), "the pair asked for");
    assert!(stem.with_extension("png").is_file());
    let caption = std::fs::read_to_string(stem.with_extension("txt")).unwrap();
    assert!(caption.starts_with("Per instance, ilp-clique (x) against backtrack (y)"), "{caption}");
    let mut files: Vec<String> = std::fs::read_dir(&r)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| !name.starts_with('.'))
        .collect();
    files.sort();
    let pair = ["png", "svg", "txt"].map(|ext| format!("scatter_ilp-clique_vs_backtrack.{ext}"));
    assert_eq!(
        files,
        [vec!["meta.json".to_owned(), "runs.csv".to_owned()], pair.to_vec()].concat(),
        "that figure only"
    );

    let o = sudoku_lab(&[
        "plot",
        dir,
        "--figure",
        "cactus",
        "--solvers",
        "backtrack,ilp-clique",
        "--format",
        "png",
        "--width",
        "640",
        "--height",
        "480",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(png_size(&r.join("cactus.png")), (640, 480));
    assert!(!r.join("cactus.svg").exists(), "PNG only, as asked");
    let o = sudoku_lab(&["plot", dir, "--figure", "cactus", "--solvers", "backtrack,ilp-clique", "--format", "svg"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let cactus = std::fs::read_to_string(r.join("cactus.svg")).unwrap();
    assert!(cactus.contains("ilp-clique (") && cactus.contains("backtrack ("), "the solvers asked for");
    assert!(!cactus.contains("ilp-edge") && !cactus.contains("backtrack-naive"), "and no others");

    let unknown = sudoku_lab(&["plot", dir, "--figure", "scatter", "--pair", "ilp-clique", "sat"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        stderr(&unknown)
            .contains("no runs of solver `sat` (the runs hold ilp-edge, ilp-clique, backtrack-naive, backtrack)"),
        "{}",
        stderr(&unknown)
    );
    let twice = sudoku_lab(&["plot", dir, "--figure", "time_vs_n", "--pair", "ilp-clique", "backtrack"]);
    assert_eq!(twice.status.code(), Some(2), "--pair belongs to the scatter: {}", stderr(&twice));
}
