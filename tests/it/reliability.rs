//! The reproductions of issue 27 (the harness attacked as a hostile user would), one test per
//! defect, through the real binary where the defect showed there, and the property tests that
//! throw arbitrary bytes, numbers and shapes at the readers: an error, never a panic.

use std::path::Path;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use sudoku_lab::format::{self, Format};
use sudoku_lab::grid::{Shape, MAX_N};

use crate::common::{run, stderr, stdout};

/// Writes `text` to `dir/name` and returns the path as a string.
fn file(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Exit code and stderr of `sudoku-lab ARGS` with `stdin`.
fn code_and_err(args: &[&str], stdin: &str) -> (Option<i32>, String) {
    let o = run(args, stdin);
    (o.status.code(), stderr(&o))
}

// 1. A box whose r×c overflows was accepted (n: 0), panicked `solve` and `analyze`, or allocated
//    gigabytes.
#[test]
fn item01_a_box_whose_side_overflows_is_refused_by_every_command() {
    let huge = ["4294967296x4294967296", "9223372036854775809x2", "0x3", "9x8"];
    for shape in huge {
        for args in [
            vec!["graph", "--box", shape],
            vec!["generate", "--box", shape, "--alpha", "0.3"],
            vec!["puzzle", "--box", shape],
            vec!["check", "-", "--box", shape],
        ] {
            let (code, err) = code_and_err(&args, "");
            assert_eq!(code, Some(2), "{args:?}: {err}");
            assert!(err.contains("out of range"), "{args:?}: {err}");
        }
    }
    let dir = tempfile::tempdir().unwrap();
    for (r, c) in [("4294967296", "4294967296"), ("9223372036854775809", "2"), ("0", "0")] {
        let json = file(dir.path(), "p.json", &format!(r#"{{"box":[{r},{c}],"cells":[]}}"#));
        for cmd in ["check", "solve", "analyze", "export"] {
            let mut args = vec![cmd, json.as_str()];
            let out = dir.path().join("out");
            if cmd == "export" {
                args.extend(["--to", "cnf", "--out", out.to_str().unwrap()]);
            }
            let (code, err) = code_and_err(&args, "");
            assert_eq!(code, Some(2), "{cmd} {r}x{c}: {err}");
            assert!(err.contains(&format!("box {r}x{c} is out of range")) && !err.contains("panicked"), "{cmd}: {err}");
        }
    }
}

// 3. Reading one long line was quadratic: 800k symbols took 30 s, 100 MB never ended.
#[test]
fn item03_a_long_line_is_refused_in_linear_time() {
    let symbols = "1".repeat(4_000_000);
    let integers = "1 ".repeat(2_000_000);
    let grid_row = format!("{}\n{}\n", "1".repeat(100_000), "1".repeat(100_000));
    for (what, text) in [("symbols", &symbols), ("integers", &integers), ("grid rows", &grid_row)] {
        for format in [None, Some(Format::Line), Some(Format::Grid)] {
            let started = Instant::now();
            let err = format::parse(text, "long", format, None).unwrap_err();
            let took = started.elapsed();
            assert!(took < Duration::from_secs(2), "{what} as {format:?} took {took:?}");
            let said = err.to_string();
            assert!(said.contains("cells") || said.contains("out of range"), "{what} as {format:?}: {said}");
        }
    }
    // A JSON file of many puzzles on one line reads in linear time too.
    let one = r#"{"box":[2,2],"cells":[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}"#;
    let array = format!("[{}]", vec![one; 20_000].join(","));
    let started = Instant::now();
    assert_eq!(format::parse(&array, "many.json", None, None).unwrap().len(), 20_000);
    assert!(started.elapsed() < Duration::from_secs(3), "took {:?}", started.elapsed());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any bytes, read in any format with or without a box shape: puzzles of valid shapes, or an
    /// error that names the source; never a panic.
    #[test]
    fn any_bytes_read_as_puzzles_or_as_an_error(
        bytes in prop::collection::vec(any::<u8>(), 0..600),
        format in prop::option::of(prop_oneof![Just(Format::Line), Just(Format::Grid), Just(Format::Json), Just(Format::Pretty)]),
        shape in prop::option::of((1usize..=8, 1usize..=8)),
    ) {
        let text = String::from_utf8_lossy(&bytes);
        let shape = shape.and_then(|(r, c)| Shape::new(r, c).ok());
        match format::parse(&text, "fuzz", format, shape) {
            Ok(entries) => {
                for e in entries {
                    let n = e.puzzle.n();
                    prop_assert!((1..=MAX_N).contains(&n));
                    prop_assert_eq!(e.puzzle.cells().len(), n * n);
                    prop_assert!(e.puzzle.cells().iter().all(|&v| v as usize <= n));
                }
            }
            Err(err) => prop_assert!(err.to_string().starts_with("fuzz"), "{}", err),
        }
    }

    /// Text made of the symbols the readers know (digits, letters, separators, borders, JSON):
    /// the likeliest to get far into a reader.
    #[test]
    fn any_puzzle_like_text_reads_as_puzzles_or_as_an_error(
        text in "[0-9A-Za-z.:|+\\-, \\n{}\\[\\]\"#]{0,400}",
        shape in prop::option::of((any::<usize>(), any::<usize>())),
    ) {
        let shape = shape.and_then(|(r, c)| Shape::new(r, c).ok());
        for format in [None, Some(Format::Line), Some(Format::Grid), Some(Format::Json)] {
            if let Ok(entries) = format::parse(&text, "fuzz", format, shape) {
                for e in entries {
                    prop_assert_eq!(e.puzzle.cells().len(), e.puzzle.n() * e.puzzle.n());
                }
            }
        }
    }

    /// JSON puzzles with arbitrary box numbers and cell arrays: a grid of the checked shape or an
    /// error.
    #[test]
    fn any_json_box_and_cells_read_as_a_valid_grid_or_an_error(
        r in prop_oneof![0usize..10, any::<usize>()],
        c in prop_oneof![0usize..10, any::<usize>()],
        rows in prop::collection::vec(prop::collection::vec(0usize..20, 0..10), 0..10),
    ) {
        let json = serde_json::json!({ "box": [r, c], "cells": rows }).to_string();
        if let Ok(entries) = format::parse(&json, "fuzz", None, None) {
            let shape = entries[0].puzzle.shape();
            prop_assert_eq!((shape.box_rows(), shape.box_cols()), (r, c));
            prop_assert!(r * c <= MAX_N);
        }
    }
}

/// The `tests/data` file `name`.
fn data(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

/// A temp dir holding a copy of the report fixture (`runs.csv`, `meta.json`) in `r/`.
fn fixture() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let r = dir.path().join("r");
    std::fs::create_dir(&r).unwrap();
    for name in ["runs.csv", "meta.json"] {
        std::fs::copy(data("results-fixture").join(name), r.join(name)).unwrap();
    }
    (dir, r)
}

/// A finished run of `tests/data/experiment-hang.toml` (4 runs, well under a second) in `dir/name`.
fn small_run(dir: &Path, name: &str) -> std::path::PathBuf {
    let out = dir.join(name);
    let config = data("experiment-hang.toml");
    let o = run(&["run", config.to_str().unwrap(), "--out", out.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    out
}

/// Rewrites `runs.csv` in `folder` line by line with `edit` (line 1 is the header).
fn edit_runs(folder: &Path, edit: impl Fn(usize, &str) -> Vec<String>) {
    let path = folder.join("runs.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<String> = text.lines().enumerate().flat_map(|(i, l)| edit(i + 1, l)).collect();
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
}

/// Replaces field `column` (0-based) of a CSV line without quoted commas.
fn with_field(line: &str, column: usize, value: &str) -> String {
    let mut fields: Vec<&str> = line.split(',').collect();
    fields[column] = value;
    fields.join(",")
}

/// Exit code and stderr of `report DIR` and `plot DIR`.
fn report_and_plot(dir: &Path) -> [(Option<i32>, String); 2] {
    let d = dir.to_str().unwrap();
    [code_and_err(&["report", d], ""), code_and_err(&["plot", d], "")]
}

/// An edit of runs.csv, line by line (see [`edit_runs`]).
type LineEdit = dyn Fn(usize, &str) -> Vec<String>;

// 6. `report` and `plot` trusted runs.csv blindly: duplicated rows, a row of another experiment
//    and negative set-up times were counted.
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
        let (_dir, r) = fixture();
        edit_runs(&r, edit);
        for (code, err) in report_and_plot(&r) {
            assert_eq!(code, Some(2), "{err}");
            assert!(err.contains(said), "expected '{said}' in: {err}");
        }
        assert!(!r.join("REPORT.md").exists() && !r.join("time_vs_n.svg").exists(), "nothing written");
    }
    let (_dir, r) = fixture();
    edit_runs(&r, |i, l| if i == 2 { vec![l.into(), l.into()] } else { vec![l.into()] });
    let (_, err) = &report_and_plot(&r)[0];
    assert!(
        err.contains("runs.csv:3:1: a second run of ilp-edge on 2x2 planted alpha=0.2 rep=0; the first is on line 2"),
        "{err}"
    );
}

// 7. `run --resume` kept a row with `outcome = solvd` or `seconds = -1` that `report` then refused:
//    every reader now checks rows the same way.
#[test]
fn item07_resume_merge_report_and_plot_refuse_the_same_bad_row_with_the_same_words() {
    let dir = tempfile::tempdir().unwrap();
    for (column, value, said) in [(11, "solvd", "outcome = 'solvd': expected one of"), (12, "-1", "seconds = -1")] {
        let out = small_run(dir.path(), &format!("r-{value}"));
        edit_runs(&out, |i, l| vec![if i == 3 { with_field(l, column, value) } else { l.into() }]);
        // The file line and the column where the bad field starts.
        let runs = std::fs::read_to_string(out.join("runs.csv")).unwrap();
        let before: usize = runs.lines().nth(2).unwrap().split(',').take(column).map(|f| f.len() + 1).sum();
        let said = format!("runs.csv:3:{}: {said}", before + 1);
        let config = data("experiment-hang.toml");
        let (o, merged) = (out.to_str().unwrap(), dir.path().join(format!("m-{value}")));
        let resumed = code_and_err(&["run", config.to_str().unwrap(), "--out", o, "--resume"], "");
        let merge = code_and_err(&["merge", o, "--out", merged.to_str().unwrap()], "");
        let [report, plot] = report_and_plot(&out);
        for (what, (code, err)) in [("run --resume", resumed), ("merge", merge), ("report", report), ("plot", plot)] {
            assert_eq!(code, Some(2), "{what}: {err}");
            assert!(err.contains(&said), "{what}: expected '{said}' in: {err}");
        }
        assert!(!merged.exists(), "a refused merge writes nothing");
    }
}

// 8. `merge … --out DIR --force` ignored the lock of a `run` writing DIR.
#[test]
fn item08_merge_respects_the_lock_of_a_command_writing_its_output_folder() {
    let dir = tempfile::tempdir().unwrap();
    let shard = small_run(dir.path(), "a");
    let busy = small_run(dir.path(), "busy");
    let before = std::fs::read(busy.join("runs.csv")).unwrap();
    // Hold the folder's lock as a running `run` does.
    let lock = std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(busy.join(".lock")).unwrap();
    lock.try_lock().unwrap();
    let (code, err) = code_and_err(&["merge", shard.to_str().unwrap(), "--out", busy.to_str().unwrap(), "--force"], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("is writing to it"), "{err}");
    assert_eq!(std::fs::read(busy.join("runs.csv")).unwrap(), before, "nothing replaced");
    for cmd in ["report", "plot"] {
        let (code, err) = code_and_err(&[cmd, busy.to_str().unwrap()], "");
        assert_eq!(code, Some(2), "{cmd}: {err}");
        assert!(err.contains("is writing to it"), "{cmd}: {err}");
    }
    drop(lock);
    let (code, err) = code_and_err(&["merge", shard.to_str().unwrap(), "--out", busy.to_str().unwrap(), "--force"], "");
    assert_eq!(code, Some(0), "unlocked, the merge goes ahead: {err}");
}

// 9. `run CFG --out DIR --force` on a folder that is not a results folder deleted its images and
//    report without a word.
#[test]
fn item09_force_refuses_a_folder_that_holds_no_results_and_keeps_the_users_files() {
    let dir = tempfile::tempdir().unwrap();
    let config = data("experiment-hang.toml");
    let photos = dir.path().join("photos");
    std::fs::create_dir(&photos).unwrap();
    let names = ["holiday.png", "logo.svg", "REPORT.md", "notes.txt"];
    for name in names {
        std::fs::write(photos.join(name), name).unwrap();
    }
    let shard = small_run(dir.path(), "a");
    let p = photos.to_str().unwrap();
    for args in [
        vec!["run", config.to_str().unwrap(), "--out", p, "--force"],
        vec!["merge", shard.to_str().unwrap(), "--out", p, "--force"],
    ] {
        let (code, err) = code_and_err(&args, "");
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("is not a results folder") && err.contains("holiday.png, logo.svg"), "{err}");
    }
    for name in names {
        assert_eq!(std::fs::read_to_string(photos.join(name)).unwrap(), name, "{name} untouched");
    }
    // In a results folder, --force replaces what the harness wrote and keeps everything else.
    let out = small_run(dir.path(), "r");
    for name in ["holiday.png", "logo.svg", "phase.svg", "REPORT.md"] {
        std::fs::write(out.join(name), "old").unwrap();
    }
    let o = run(&["run", config.to_str().unwrap(), "--out", out.to_str().unwrap(), "--force"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.join("holiday.png").exists() && out.join("logo.svg").exists(), "not ours: kept");
    assert!(!out.join("phase.svg").exists() && !out.join("REPORT.md").exists(), "ours: replaced");
}

/// Runs `sudoku-lab ARGS` with files limited to `kib` KiB, as on a full disk (SIGXFSZ ignored,
/// so a write past the limit fails with an error instead of killing the process).
fn with_file_limit(kib: u32, args: &[&str]) -> (Option<i32>, String) {
    through_bash(&format!("trap '' XFSZ; ulimit -f {kib}; exec \"$0\" \"$@\""), args)
}

/// Runs `script` in bash with `$0` the binary and `$@` the `args`; exit code and stderr.
fn through_bash(script: &str, args: &[&str]) -> (Option<i32>, String) {
    let o = std::process::Command::new("bash")
        .args(["-c", script, env!("CARGO_BIN_EXE_sudoku-lab")])
        .args(args)
        .output()
        .unwrap();
    (o.status.code(), stderr(&o))
}

// 10. Disk full: `report` left a 4096-byte REPORT.md that looked complete; `plot` failed without
//     naming the file and left a 0-byte SVG.
#[test]
fn item10_a_full_disk_leaves_no_cut_report_or_figure_and_the_error_names_the_file() {
    let (_dir, r) = fixture();
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

// 11. A corrupt meta.json made `report` drop its Setup section silently.
#[test]
fn item11_a_corrupt_meta_json_is_said_on_stderr_and_in_the_report() {
    let (_dir, r) = fixture();
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

// 12. `merge` of a shard with a duplicated row said the run "is also in" the same folder.
#[test]
fn item12_a_row_duplicated_within_one_shard_is_reported_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let shard = small_run(dir.path(), "shd");
    edit_runs(&shard, |i, l| if i == 2 { vec![l.into(), l.into()] } else { vec![l.into()] });
    let out = dir.path().join("out");
    let (code, err) = code_and_err(&["merge", shard.to_str().unwrap(), "--out", out.to_str().unwrap()], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("shd/runs.csv:3:1: a second run of") && err.contains("the first is on line 2"), "{err}");
    assert!(!err.contains("is also in"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any bytes appended to a valid runs.csv, or any number put into one of its fields: `report`
    /// loads it or refuses it with an error naming runs.csv, never a panic.
    #[test]
    fn any_runs_csv_is_loaded_or_refused(
        extra in prop::collection::vec(any::<u8>(), 0..200),
        field in 0usize..23,
        value in prop_oneof![any::<f64>().prop_map(|v| v.to_string()), any::<i64>().prop_map(|v| v.to_string()), "[a-z ,\"]{0,8}"],
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("runs.csv");
        let text = std::fs::read_to_string(data("results-fixture").join("runs.csv")).unwrap();
        let mut lines: Vec<String> = text.lines().take(9).map(str::to_owned).collect();
        lines[3] = with_field(&lines[3], field, &value);
        let mut bytes = (lines.join("\n") + "\n").into_bytes();
        bytes.extend(&extra);
        std::fs::write(&path, &bytes).unwrap();
        match sudoku_lab::experiment::folder::read_runs(&path) {
            Ok((rows, _)) => prop_assert!(rows.iter().all(|r| sudoku_lab::experiment::validate::row_problem(r).is_none())),
            Err(e) => prop_assert!(e.to_string().contains("runs.csv"), "{}", e),
        }
    }
}

// 4. Non-square boxes did not survive a pipe: `generate --box 3x2 … | solve -` read another shape
//    and said "none: conflicting givens" with exit 0. The writers now add `# box=RxC`.
#[test]
fn item04_a_non_default_box_survives_a_pipe_in_line_and_grid_format() {
    for shape in ["3x2", "1x4", "4x2", "4x3", "2x6", "2x8", "1x64"] {
        for format in ["line", "grid"] {
            let generate =
                ["generate", "--box", shape, "--mode", "planted", "--alpha", "0.8", "--count", "3", "--format", format];
            let o = run(&generate, "");
            assert!(o.status.success(), "{}", stderr(&o));
            let text = stdout(&o);
            assert!(text.contains(&format!("# box={shape}\n")), "{shape} {format}: {text}");
            let o = run(&["solve", "-", "--solver", "backtrack"], &text);
            assert_eq!(o.status.code(), Some(0), "{shape} {format}: {}", stderr(&o));
            assert!(stderr(&o).contains("3 solved"), "{shape} {format}: {}", stderr(&o));
            assert_eq!(stdout(&o).matches(&format!("# box={shape}")).count(), 3, "solutions keep the shape");
            let (code, err) = code_and_err(&["check", "-", "--box", "9x9"], &text);
            assert_eq!(code, Some(2), "{err}");
        }
    }
    // A default shape needs no comment: the output of 9×9 and 2×3 puzzles is as before.
    let o = run(&["generate", "--size", "6", "--mode", "planted", "--alpha", "0.5"], "");
    assert!(!stdout(&o).contains('#'), "{}", stdout(&o));
    // --box that disagrees with the comment is an error naming both.
    let o = run(&["generate", "--box", "3x2", "--mode", "planted", "--alpha", "0.5"], "");
    let (code, err) = code_and_err(&["check", "-", "--box", "2x3"], &stdout(&o));
    assert_eq!(code, Some(2));
    assert!(err.contains("the comment says box=3x2, but --box gives 2x3"), "{err}");
}

// 5. `alphas = [0.3, 0.30000000000000004]` was two levels that `report` (4 decimals) merged.
#[test]
fn item05_two_alphas_equal_to_four_decimals_are_refused_as_one_level() {
    let dir = tempfile::tempdir().unwrap();
    let config = std::fs::read_to_string(data("experiment-hang.toml")).unwrap();
    for (alphas, said) in [
        ("[0.3, 0.30000000000000004]", "alphas[1]: α = 0.30000000000000004 is α = 0.3 (alphas[0]) to four decimals"),
        ("[0.3, 0.30001]", "alphas[1]: α = 0.30001 is α = 0.3 (alphas[0]) to four decimals"),
        ("[0.3, -0.0, 0.0]", "alphas[2]: α = 0 is listed twice"),
    ] {
        let path = file(dir.path(), "c.toml", &config.replace("alphas = [0.3]", &format!("alphas = {alphas}")));
        let (code, err) = code_and_err(&["run", &path, "--out", dir.path().join("r").to_str().unwrap()], "");
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains(said), "{alphas}: {err}");
    }
    let path = file(dir.path(), "c.toml", &config.replace("alphas = [0.3]", "alphas = [0.3, 0.3001]"));
    let o = run(&["run", &path, "--out", dir.path().join("ok").to_str().unwrap()], "");
    assert!(o.status.success(), "levels apart at four decimals are two: {}", stderr(&o));
}

const NINE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";

// 17. Options that do not apply were ignored with exit 0; the config loader refuses the same.
#[test]
fn item17_an_option_no_chosen_solver_reads_is_refused() {
    for (args, said) in [
        (
            vec!["solve", "-", "--solver", "sat", "--highs-option", "threads=2"],
            "--highs-option does not apply to sat: only ilp-edge, ilp-clique, ilp-hybrid read it",
        ),
        (vec!["solve", "-", "--solver", "sat", "--members", "sat,backtrack"], "--members does not apply to sat"),
        (vec!["solve", "-", "--solver", "backtrack", "--preprocess"], "--preprocess does not apply to backtrack"),
        (vec!["solve", "-", "--solver", "sat", "--presolve", "off"], "--presolve does not apply to sat"),
        (vec!["bench", "-", "--solver", "dlx", "--propagate"], "--propagate does not apply to dlx"),
        (vec!["bench", "-", "--limit", "0"], "0 is not in 1.."),
    ] {
        let (code, err) = code_and_err(&args, NINE);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
    }
    // An option read by one of several solvers is fine.
    let (code, err) = code_and_err(&["solve", "-", "--solver", "sat", "--solver", "ilp-clique", "--perturb"], NINE);
    assert_eq!(code, Some(0), "{err}");
    let (code, err) = code_and_err(&["solve", "-", "--solver", "portfolio", "--members", "sat,backtrack"], NINE);
    assert_eq!(code, Some(0), "{err}");
}

// 18. `export` silently overwrote existing files (a hand-edited `h3-1.cnf`); `--out` naming a file
//     said "File exists (os error 17)".
#[test]
fn item18_export_refuses_to_overwrite_and_names_a_file_given_as_out() {
    let dir = tempfile::tempdir().unwrap();
    let input = file(dir.path(), "h3.txt", &NINE.repeat(2));
    let out = dir.path().join("cnf");
    let export = |extra: &[&str]| {
        let mut args = vec!["export", input.as_str(), "--to", "cnf", "--out", out.to_str().unwrap()];
        args.extend(extra);
        code_and_err(&args, "")
    };
    assert_eq!(export(&[]).0, Some(0));
    std::fs::write(out.join("h3-1.cnf"), "c edited by hand\n").unwrap();
    std::fs::remove_file(out.join("h3-2.cnf")).unwrap();
    let (code, err) = export(&[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("h3-1.cnf already exist") && err.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(out.join("h3-1.cnf")).unwrap(), "c edited by hand\n");
    assert!(!out.join("h3-2.cnf").exists(), "nothing written when refused");
    assert_eq!(export(&["--force"]).0, Some(0));
    assert!(std::fs::read_to_string(out.join("h3-1.cnf")).unwrap().starts_with("c "));
    assert_ne!(std::fs::read_to_string(out.join("h3-1.cnf")).unwrap(), "c edited by hand\n");
    // --out naming a file.
    let (code, err) =
        code_and_err(&["export", input.as_str(), "--to", "cnf", "--out", out.join("h3-1.cnf").to_str().unwrap()], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("h3-1.cnf is not a directory"), "{err}");
}

/// Runs `sudoku-lab ARGS` through bash with `redirect` applied (e.g. `>&-`); exit code and stderr.
fn with_redirect(redirect: &str, args: &[&str]) -> (Option<i32>, String) {
    through_bash(&format!("\"$0\" \"$@\" {redirect}; exit ${{PIPESTATUS[0]}}"), args)
}

// 19. `generate … >&-` (stdout closed) exited 0 having written nothing.
#[test]
fn item19_a_closed_or_full_stdout_exits_2_and_a_closed_pipe_ends_quietly() {
    let generate = ["generate", "--size", "9", "--alpha", "0.3", "--count", "20000"];
    for redirect in [">&-", "> /dev/full"] {
        let (code, err) = with_redirect(redirect, &generate);
        assert_eq!(code, Some(2), "{redirect}: {err}");
        assert!(err.contains("writing to stdout"), "{redirect}: {err}");
    }
    let (code, err) = with_redirect(">&-", &["check", "-", "--box", "3x3"]);
    assert_eq!(code, Some(2), "{err}");
    let (code, err) = with_redirect("> /dev/null", &generate);
    assert_eq!(code, Some(0), "output thrown away on purpose is no error: {err}");
    let (code, err) = with_redirect("| head -c 100 > /dev/null", &generate);
    assert_eq!(code, Some(0), "a closed pipe ends quietly: {err}");
    assert!(!err.contains("error"), "{err}");
    // With stdout closed, a file opened later must not receive what was meant for stdout.
    let dir = tempfile::tempdir().unwrap();
    let stats = dir.path().join("stats.csv");
    let (code, _) = with_redirect("< /dev/null >&-", &["solve", "-", "--stats", stats.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    let text = std::fs::read_to_string(&stats).unwrap_or_default();
    assert!(!text.contains("534678912"), "a solution went into the stats file: {text}");
}

// 15. `analyze` on a 49×49 grid with one given: `--time-limit 2` took 3.2–4.1 s; 64×64 empty at 2
//     took 3.1 s. It must stop within the limit plus the grace `solve` uses: max(1 s, 10 %).
#[test]
fn item15_analyze_stops_within_its_time_limit_and_the_grace_of_solve() {
    let grid = |n: usize, given: bool| {
        let mut cells = vec!["0"; n * n];
        if given {
            cells[0] = "1";
        }
        cells.join(" ") + "\n"
    };
    for (text, limit) in [(grid(49, true), 2.0), (grid(49, true), 3.0), (grid(64, false), 2.0)] {
        let started = Instant::now();
        let o = run(&["analyze", "-", "--time-limit", &limit.to_string()], &text);
        let took = started.elapsed().as_secs_f64();
        let grace = f64::max(1.0, 0.1 * limit);
        assert!(took < limit + grace, "{limit} s limit took {took:.2} s: {}", stderr(&o));
        assert!(stdout(&o).contains("time limit reached"), "{}", stdout(&o));
    }
}

// 16. `memory_mb = 1` / `solve --memory-mb 1` were accepted, and runs over the cap were recorded
//     as solved (peak_rss_mb 15–19).
#[test]
fn item16_a_memory_cap_below_what_a_worker_needs_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let config = std::fs::read_to_string(data("experiment-hang.toml")).unwrap();
    for cap in ["1", "63"] {
        let path = file(dir.path(), "c.toml", &config.replace("memory_mb = 100", &format!("memory_mb = {cap}")));
        let (code, err) = code_and_err(&["run", &path, "--out", dir.path().join("r").to_str().unwrap()], "");
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains(&format!("memory_mb: a memory cap of {cap} MiB is below the 64 MiB")), "{err}");
        assert!(!dir.path().join("r").exists(), "nothing run");
        for cmd in ["solve", "bench"] {
            let (code, err) = code_and_err(&[cmd, "-", "--memory-mb", cap], NINE);
            assert_eq!(code, Some(2), "{cmd}: {err}");
            assert!(err.contains("--memory-mb") && err.contains("64.."), "{cmd}: {err}");
        }
    }
    let (code, err) = code_and_err(&["solve", "-", "--memory-mb", "64"], NINE);
    assert_eq!(code, Some(0), "{err}");
}
