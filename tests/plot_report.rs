//! Figures and report from small results fixtures (`tests/data/results-fixture`, an α sweep in the
//! oldest `runs.csv` layout; `tests/data/results-fixture-unique`, `unique` puzzles by difficulty;
//! `tests/data/results-fixture-sat`, all five solver kinds with SAT conflicts and planted power
//! laws; each written by its `make_fixture.py`): files exist with the right format and size, the
//! report's tables hold the rows and numbers computed here by hand, and the conclusions only claim
//! what the data supports.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use sudoku_lab::plot::plot_results;
use sudoku_lab::report::write_report;

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

/// The text of the report's `## Conclusions` section.
fn conclusions(report: &str) -> &str {
    let at = report.find("## Conclusions").expect("a Conclusions section");
    &report[at..]
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
    // Sizes follow from the fixture: 3 sizes N (one row of 3 panels), 2 modes (outcome grid 2 × 3).
    let expected = [
        ("time_vs_n", (1200, 760)),
        ("time_vs_n_search", (1200, 760)),
        ("time_vs_alpha", (1600, 488)),
        ("outcomes_vs_alpha", (1360, 668)),
        ("phase", (1600, 890)),
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
        "| N | box | mode | α | solver | runs | median s | p90 s | median search-only s | solved | infeasible | limit | \
         memory | error |"
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
        "| 9 | 3×3 | planted | 0.4 | ilp-clique | 3 | 0.0349 | 0.0401 | 0.0235 | 100 % | 0 % | 0 % | 0 % | 0 % |"
    ));
    // backtrack-naive never finishes N = 16 below α = 0.8: its median is censored at the 10 s limit.
    assert!(report.contains(
        "| 16 | 4×4 | planted | 0.2 | backtrack-naive | 3 | ≥ 10.0 | ≥ 10.0 | ≥ 10.0 | 0 % | 0 % | 100 % | 0 % | 0 % |"
    ));
    // Random N = 9, α = 0.6: one of three instances solvable (two proved infeasible).
    assert!(report.contains("| random | 9 | — | 0.6 | 3 | 33 % | 67 % | 0 % |"));

    assert!(report.contains("## How cost grows with N"));
    assert!(report.contains("| solver | mode | sizes fitted | censored sizes | exponent b (t ∝ N^b) | R² |"));
    assert!(report.contains("| backtrack-naive | planted | 4, 9 | 16 | — | — | — | — | too few points (2 < 3) |"));
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
fn conclusions_follow_from_the_fixture() {
    let dir = fixture(true);
    plot_results(dir.path()).expect("plots");
    let report = fs::read_to_string(write_report(dir.path()).expect("report")).expect("read report");
    for stem in ["time_vs_n", "time_vs_alpha", "outcomes_vs_alpha", "phase"] {
        assert!(report.contains(&format!("]({stem}.png)")), "{stem} not embedded");
    }
    let text = conclusions(&report);
    assert!(text.contains("backtrack-naive hit the time limit on 18 of 24 runs at N ≥ 16."));
    assert!(text.contains("ilp-edge hit the time limit (1) or ran out of memory (1) on 2 of 24 runs at N ≥ 16."));
    assert!(text.contains("ilp-clique, backtrack finished every run within the limits."));
    // ilp-clique searches 3.5× faster than ilp-edge by construction (jitter aside); its total-time
    // advantage, set-up included, is what the conclusions state.
    let pooled = "| ilp-edge | ilp-clique | all | all |";
    assert!(cell(&report, "| A | B |", pooled, "search-only t(A)/t(B)").starts_with("3."));
    let total = cell(&report, "| A | B |", pooled, "median t(A)/t(B)");
    assert!(text.contains(&format!("ilp-clique is {total}× faster than ilp-edge")), "{text}");
    assert!(text.contains("were solvable in 100 % at α = 0.2 (of 3); 67 % at α = 0.4 (of 3); 33 % at α = 0.6 (of 3); 0 % at α = 0.8 (of 3)."));
    // At N = 16 the naive solver only finished the α = 0.8 instances: 3 of 12 planted, none random.
    assert!(report.contains("| backtrack-naive | backtrack | planted | 16 | 12 | 3 |"));
    assert!(report.contains("| backtrack-naive | backtrack | random | 16 | 12 | 0 | — | 9 | 0 |"));
    // Where the naive solver looks faster, the 18 instances it did not finish are called out, once.
    assert_eq!(text.matches("overstate").count(), 1, "{text}");
    assert!(
        text.contains("overstate its advantage: backtrack-naive over ilp-edge (18 left out), backtrack-naive over ilp-clique (18 left out)."),
        "{text}"
    );
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
    let text = conclusions(&report);
    assert!(text.contains("No speed ratio between ilp-edge and ilp-clique"), "{text}");
    assert!(!text.contains("faster"), "a ratio was claimed: {text}");
    assert!(text.contains("ilp-edge hit the time limit on 3 of 3 runs at N ≥ 9 — all of them."));
    assert!(report.contains("| ilp-edge | ilp-clique | all | all | 3 | 0 | — | 3 | 0 |"));
}

#[test]
fn works_without_meta_json_using_the_longest_stopped_run_as_the_limit() {
    let dir = fixture(false);
    assert_eq!(plot_results(dir.path()).expect("plots").len(), 10);
    let report = fs::read_to_string(write_report(dir.path()).expect("report")).expect("read report");
    assert!(report.starts_with("# Report: fixture\n"));
    assert!(!report.contains("## Setup (meta.json)"));
    assert!(report.contains("they count as the time limit (10.0 s)"));
    assert!(report.contains("| 16 | 4×4 | random | 0.2 | backtrack-naive | 3 | ≥ 10.0 |"));
}

#[test]
fn unique_puzzles_get_a_time_vs_difficulty_figure() {
    let dir = copy_fixture(UNIQUE_FIXTURE, true);
    let written = plot_results(dir.path()).expect("plots");
    // No α axis: only time vs N (two sizes; total and search-only) and time vs difficulty (one
    // panel per N, 3 note lines).
    let expected = [
        ("time_vs_n", (1200, 760)),
        ("time_vs_n_search", (1200, 760)),
        ("time_vs_difficulty", (2 * 440 + 280, 380 + 50 + 22 * 3 + 14)),
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
    assert!(table.iter().any(|l| l.starts_with("| 9 | hard |") && l.ends_with("| 0.00110 |")), "{table:?}");
    // backtrack-naive hits the 10 s limit on 2 of 3 medium N = 16 puzzles: its median is censored.
    let medium = table.iter().find(|l| l.starts_with("| 16 | medium |")).expect("row");
    assert_eq!(medium.split('|').nth(5).map(str::trim), Some("≥ 10.0"), "{medium}");
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
    assert_eq!(
        file_names(&written),
        BTreeSet::from(["time_vs_difficulty.png".into(), "time_vs_difficulty.svg".into()])
    );
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
    let text = conclusions(&report);
    // Where each peak is stays in the table; the conclusions say how the peaks move, once per mode.
    assert_eq!(text.matches("How the effort peak moves with N (planted instances").count(), 1, "{text}");
    assert!(text.contains("backtrack (0.4 at N = 9, 0.4 at N = 16, 0.4 at N = 25)"), "{text}");
    assert!(text.contains("sat (0.5 at N = 9, 0.5 at N = 16, 0.5 at N = 25)"), "{text}");
    assert!(!text.contains("The sat search effort"), "the peak table is not repeated in prose");
    // backtrack's 0.4 and the others' 0.5 are one α step apart.
    assert!(text.contains(
        "they are within one α step of each other at N = 9 (ilp-edge 0.5, ilp-clique 0.5, backtrack 0.4, sat 0.5, \
         sat-minimal 0.5)"
    ));
    assert!(text.contains("Latin squares"), "the literature comparison stays");
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
    assert!(conclusions(&report).contains("too few clearly located peaks to tell for sat"));
    // Its cost at the peak is only a lower bound: shown as such, never fitted.
    assert!(report.contains("| sat | planted | 16 | 0.5 (censored) | ≥ 5.00 | 0.2, 0.8 |"), "{report}");
    assert!(report.contains("| sat | planted | at the peak | — | 16 | — |"));
}

#[test]
fn growth_at_the_peak_recovers_the_planted_power_laws() {
    let report = report_of(SAT_FIXTURE);
    assert!(report.contains("## Growth at the hardness peak versus off it"));
    // sat takes 1e-4 · N^3 s at its peak (α = 0.5) and 1e-4 · N s at α = 0.2 and 0.8; α = 0.4 and
    // 0.6 (1e-4 · N^2 s) are closer than 0.15 to the peak and belong to neither series.
    assert!(report.contains("| sat | planted | 16 | 0.5 | 0.410 | 0.2, 0.8 | 0.00160 |"), "{report}");
    let fit = |series: &str, column: &str| {
        cell(&report, "| solver | mode | series |", &format!("| sat | planted | {series} |"), column)
    };
    assert_eq!(fit("at the peak", "exponent b (t ∝ N^b)"), "3.00");
    assert_eq!(fit("off the peak", "exponent b (t ∝ N^b)"), "1.00");
    assert_eq!(fit("at the peak", "sizes fitted"), "9, 16, 25");
    assert_eq!(fit("at the peak", "censored sizes"), "—");
    let text = conclusions(&report);
    let sat = text.lines().find(|l| l.starts_with("- sat (planted): cost grows")).expect("a sat bullet");
    assert!(sat.contains("cost grows faster at the hardness peak than off it (exponent 3.0 vs 1.0)"), "{sat}");
    assert!(sat.contains("at the peak t ∝ N^3.00 (R² 1.000"), "{sat}");
    assert!(sat.contains("off the peak (α at least 0.15 away) t ∝ N^1.00 (R² 1.000"), "{sat}");
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
    let text = conclusions(&report);
    assert!(
        text.contains(
            "backtrack (backtracking) at N = 9, sat (SAT) from N = 16 on. No ILP solver (ilp-edge, ilp-clique) wins at \
             any N. At N = 25, sat is 2.00× faster than sat-minimal on the 15 instances both solved"
        ),
        "{text}"
    );
    assert!(text.contains("How much the encoding matters in SAT"));
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
    for wanted in ["N = 9: median conflicts", "N = 25: median conflicts", "sat: conflicts", "peak α = 0.5 (sat)"] {
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
    for (bad, says) in [
        (with(seconds, "NaN"), "runs.csv:3: seconds = NaN; expected a non-negative number"),
        (with(seconds, "-1.5"), "runs.csv:3: seconds = -1.5"),
        (with(outcome, "solvd"), "runs.csv:3: outcome 'solvd'; expected one of solved, infeasible"),
    ] {
        let dir = results_dir(header, &[row.clone(), bad], 1.0);
        let err = write_report(dir.path()).unwrap_err().to_string();
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn the_summary_names_the_fastest_solver_per_size_and_the_growth_laws() {
    let report = report_of(SAT_FIXTURE);
    let summary_at = report.find("## Summary").expect("a summary");
    assert!(summary_at < report.find("## Setup").expect("a setup section"), "the summary comes first");
    let summary = "| mode | solver |";
    // The same ranking as the full table below: backtrack at N = 9, sat from N = 16 on.
    for (n, fastest) in [(9, "backtrack"), (16, "sat"), (25, "sat")] {
        let column = format!("N = {n}");
        assert_eq!(cell(&report, summary, "| planted | *fastest* |", &column), fastest);
        assert_eq!(cell(&report, "| mode | N | fastest |", &format!("| planted | {n} |"), "fastest"), fastest);
    }
    // sat's median at N = 16 (bold: the fastest there) and its effort peak; no run unfinished.
    assert_eq!(cell(&report, summary, "| planted | sat |", "N = 16"), "**0.0230** · peak α 0.5");
    assert_eq!(cell(&report, summary, "| planted | backtrack |", "N = 9"), "**0.00100** · peak α 0.4");
    // sat takes 1e-4 · N^3 s at its peak and 1e-4 · N s well off it (see make_fixture.py).
    assert_eq!(cell(&report, summary, "| planted | sat |", "growth at the peak"), "N^3.00 (R² 1.000)");
    assert_eq!(cell(&report, summary, "| planted | sat |", "growth off the peak"), "N^1.00 (R² 1.000)");
    assert_eq!(cell(&report, summary, "| planted | *unresolved* |", "N = 25"), "0 of 15");
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
    let summary = "| mode | solver |";
    assert_eq!(cell(&report, summary, "| planted | backtrack |", "N = 9"), "**0.00300**");
    assert_eq!(cell(&report, summary, "| planted | sat |", "N = 9"), "0.0110");
    assert_eq!(cell(&report, summary, "| planted | *fastest* |", "N = 9"), "backtrack");
    assert_eq!(cell(&report, summary, "| planted | *fastest, search only* |", "N = 9"), "sat (0.00100 s)");
    assert!(report.contains("| 9 | 3×3 | planted | 0.4 | sat | 3 | 0.0110 | 0.0110 | 0.00100 | 100 % |"), "{report}");
    let pooled = "| backtrack | sat | all | all |";
    assert_eq!(cell(&report, "| A | B |", pooled, "median t(A)/t(B)"), "0.273");
    assert_eq!(cell(&report, "| A | B |", pooled, "search-only t(A)/t(B)"), "3.00");
    assert!(conclusions(&report).contains("backtrack is 3.67× faster than sat"), "{report}");
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
