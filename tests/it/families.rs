//! The literature's instance families end to end through the real binary: a config with Latin
//! squares (`latin = [N]`, QWH when planted, QCP when filled at random) beside a Sudoku of the same
//! N, and both hole patterns, runs verified; balanced instances hold the same number of holes in
//! every row and column (± 1), and every box for Sudoku; the report and the figures tell the
//! families and patterns apart.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Output;

use sudoku_lab::experiment::record::RunRow;
use sudoku_lab::format::{self, Format};
use sudoku_lab::generate::Holes;
use sudoku_lab::grid::{Grid, HouseKind, Shape};

fn sudoku_lab(args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-lab")).args(args).output().expect("the binary runs")
}

fn rows(folder: &Path) -> Vec<RunRow> {
    let mut reader = csv::Reader::from_path(folder.join("runs.csv")).unwrap();
    reader.deserialize().map(|r| r.unwrap()).collect()
}

const CONFIG: &str = r#"
name = "families"
latin = [6]
boxes = ["2x3"]
alphas = [0.3, 0.5, 0.7]
modes = ["planted", "random"]
holes = ["uniform", "balanced"]
repeats = 2
solvers = ["backtrack", "dlx", "sat"]
time_limit = 20.0
seed = 34
"#;

/// One instance of `instances.txt`: its key comment's fields and its puzzle.
struct Instance {
    shape: Shape,
    mode: String,
    holes: Holes,
    givens: usize,
    puzzle: Grid,
}

fn instances(folder: &Path) -> Vec<Instance> {
    let text = fs::read_to_string(folder.join("instances.txt")).unwrap();
    let mut out = Vec::new();
    let mut lines = text.lines().filter(|l| l.starts_with("# id=") || !l.starts_with('#'));
    while let (Some(key), Some(line)) = (lines.next(), lines.next()) {
        let field =
            |name: &str| key.split_whitespace().find_map(|w| w.strip_prefix(&format!("{name}="))).map(str::to_owned);
        let shape: Shape = field("box").unwrap().parse().unwrap();
        let puzzle_text = line.split(':').next().unwrap();
        let holes = if field("holes").as_deref() == Some("balanced") { Holes::Balanced } else { Holes::Uniform };
        out.push(Instance {
            shape,
            mode: field("mode").unwrap(),
            holes,
            givens: field("givens").unwrap().parse().unwrap(),
            puzzle: format::parse(puzzle_text, "instances.txt", Some(Format::Line), Some(shape))
                .unwrap()
                .remove(0)
                .puzzle,
        });
    }
    out
}

#[test]
fn latin_squares_and_balanced_holes_run_verified_and_are_told_apart_in_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("families.toml");
    fs::write(&config, CONFIG).unwrap();
    let out = dir.path().join("out");
    let run = sudoku_lab(&["run", config.to_str().unwrap(), "--out", out.to_str().unwrap(), "--jobs", "1"]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));

    // 2 boxes × (3 α × 2 patterns planted + 3 α random) × 2 repeats, × 3 solvers.
    let runs = rows(&out);
    assert_eq!(runs.len(), 2 * (6 + 3) * 2 * 3);
    for r in runs.iter().filter(|r| r.mode.word() == "planted") {
        assert_eq!((r.outcome.word(), r.verified), ("solved", Some(true)), "{r:?}");
    }
    assert!(runs.iter().filter(|r| r.mode.word() == "random").all(|r| r.holes == Holes::Uniform));
    let balanced = runs.iter().filter(|r| r.holes == Holes::Balanced).count();
    assert_eq!(balanced, 2 * 3 * 2 * 3, "balanced planted runs of both families");
    assert!(runs.iter().all(|r| r.agree != Some(false)), "no disagreement");

    // The balanced instances: exactly N² − round(αN²) holes, within one of each other per house.
    let all = instances(&out);
    assert_eq!(all.len(), 2 * (6 + 3) * 2);
    for inst in all.iter().filter(|i| i.holes == Holes::Balanced) {
        assert_eq!(inst.mode, "planted");
        let n = inst.shape.n();
        assert_eq!(inst.puzzle.givens(), inst.givens);
        let mut by_kind: BTreeMap<HouseKind, Vec<usize>> = BTreeMap::new();
        for house in inst.shape.houses() {
            let holes = inst.shape.house_cells(house).into_iter().filter(|&c| inst.puzzle.get(c) == 0).count();
            by_kind.entry(house.kind).or_default().push(holes);
        }
        for (kind, houses) in &by_kind {
            // For a Latin square (1×N boxes) the boxes are the rows.
            let (lo, hi) = (houses.iter().min().unwrap(), houses.iter().max().unwrap());
            assert!(hi - lo <= 1, "{} {kind:?} {houses:?}", inst.shape);
            assert_eq!(houses.iter().sum::<usize>(), n * n - inst.givens);
        }
    }

    // The report names the families and the patterns as modes of their own.
    let report = sudoku_lab(&["report", out.to_str().unwrap()]);
    assert!(report.status.success(), "{}", String::from_utf8_lossy(&report.stderr));
    let text = fs::read_to_string(out.join("REPORT.md")).unwrap();
    for mode in ["qwh", "qwh/balanced", "qcp", "planted", "planted/balanced", "random"] {
        assert!(text.contains(&format!("| {mode} |")), "mode {mode} in a table:\n{text}");
    }
    assert!(text.contains("Latin square"), "{text}");
    // Against the literature: the published QWH peak beside each solver's, and both patterns side by side.
    let literature = &text[text.find("## Against the literature").expect("the section")..];
    assert!(literature.contains("| QWH | 6 |") && literature.contains("| 25 (α ≈ 0.32) |"), "{literature}");
    assert!(literature.contains("### Balanced against uniform holes"), "{literature}");
    assert!(literature.contains("| Sudoku (planted) | 6 |"), "{literature}");
    let plot = sudoku_lab(&["plot", out.to_str().unwrap()]);
    assert!(plot.status.success(), "{}", String::from_utf8_lossy(&plot.stderr));
    assert!(out.join("time_vs_alpha.svg").exists());
    let svg = fs::read_to_string(out.join("time_vs_alpha.svg")).unwrap();
    assert!(svg.contains("N = 6 (Sudoku and Latin squares)"), "the panel names both families");
}

#[test]
fn a_latin_square_read_without_its_box_gets_a_hint_and_solves_with_it() {
    // The cyclic Latin square of order 6 with a diagonal of holes: read with 6's default 2×3
    // boxes its givens clash in the boxes, so it has no solution; as a Latin square it has one.
    let cells: Vec<String> =
        (0..36).map(|i| if i / 6 == i % 6 { 0 } else { (i / 6 + i % 6) % 6 + 1 }).map(|v| v.to_string()).collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("latin6.txt");
    fs::write(&file, cells.join("") + "\n").unwrap();
    let as_sudoku = sudoku_lab(&["solve", file.to_str().unwrap(), "--solver", "backtrack"]);
    let stderr = String::from_utf8_lossy(&as_sudoku.stderr);
    assert_eq!(String::from_utf8_lossy(&as_sudoku.stdout).trim(), "none", "{stderr}");
    assert!(stderr.contains("hint: 1 puzzle(s) proven without a solution") && stderr.contains("--box 1x6"), "{stderr}");
    let as_latin = sudoku_lab(&["solve", file.to_str().unwrap(), "--solver", "backtrack", "--box", "1x6"]);
    let stderr = String::from_utf8_lossy(&as_latin.stderr);
    assert!(as_latin.status.success(), "{stderr}");
    assert!(!stderr.contains("hint"), "{stderr}");
    let answer = String::from_utf8_lossy(&as_latin.stdout);
    let latin = Some(Shape::latin(6).unwrap());
    let grid = format::parse(answer.trim(), "stdout", Some(Format::Line), latin).unwrap().remove(0).puzzle;
    let puzzle = format::parse(&cells.join(""), "puzzle", Some(Format::Line), latin).unwrap().remove(0).puzzle;
    assert!(sudoku_lab::verify::is_solution_of(&puzzle, &grid), "{answer}");
}
