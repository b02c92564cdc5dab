//! Reading puzzles as users write them, through the real binary: `pretty` box shapes from the
//! borders, compact grids, a byte-order mark, JSON arrays, trailing comments, and wrong counts; a
//! box shape that survives a pipe, a long line refused in linear time, and property tests that
//! throw arbitrary bytes, numbers and shapes at the readers: an error, never a panic.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use sudoku_lab::format::{self, Format};
use sudoku_lab::grid::{Shape, MAX_N};

use crate::common::{code_and_err, run, stderr, stdout};

const P: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Writes `text` to `name` in `dir` and returns its path as a string.
fn file(dir: &Path, name: &str, text: &str) -> String {
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// `sudoku-lab check FILE ARGS…`: exit code, stdout and stderr.
fn check(path: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let o = run(&[&["check", path], args].concat(), "");
    (o.status.code(), stdout(&o), stderr(&o))
}

#[test]
fn pretty_3x2_round_trips_through_check_with_its_shape_from_the_borders() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["generate", "--size", "6", "--box", "3x2", "--alpha", "1", "--seed", "4", "--format", "pretty"];
    let o = run(&args, "");
    assert!(o.status.success(), "{}", stderr(&o));
    let path = file(dir.path(), "p32.txt", &stdout(&o));
    let (code, out, err) = check(&path, &[]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("ok (36 givens)"), "{out}");
    assert_eq!(check(&path, &["--box", "3x2"]).0, Some(0));
    let (code, _, err) = check(&path, &["--box", "2x3"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("p32.txt:2: the borders show 3x2 boxes, but --box gives 2x3"), "{err}");
}

#[test]
fn compact_9x9_and_16x16_grids_are_solved_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let nine: String = P.as_bytes().chunks(9).map(|r| format!("{}\n", std::str::from_utf8(r).unwrap())).collect();
    let path = file(dir.path(), "nine.txt", &nine);
    assert_eq!(check(&path, &[]).0, Some(0));
    let o = run(&["solve", &path], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("5 3 4 6 7 8 9 1 2\n"), "{}", stdout(&o));
    // A full 16×16 solution, written with `1`–`9`, `A`–`G`, with two cells cleared.
    let o = run(&["generate", "--size", "16", "--alpha", "1", "--seed", "5"], "");
    let symbols = ".123456789ABCDEFG";
    let values: Vec<usize> = stdout(&o).split_whitespace().map(|t| t.parse().unwrap()).collect();
    let mut rows: Vec<String> =
        values.chunks(16).map(|r| r.iter().map(|&v| symbols.as_bytes()[v] as char).collect()).collect();
    rows[0].replace_range(0..1, ".");
    rows[15].replace_range(15..16, "0");
    let path = file(dir.path(), "sixteen.txt", &rows.iter().map(|r| format!("{r}\n")).collect::<String>());
    let (code, out, err) = check(&path, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("ok (254 givens)"), "{out}");
    let o = run(&["solve", &path], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let solved: Vec<usize> = stdout(&o).split_whitespace().map(|t| t.parse().unwrap()).collect();
    assert_eq!(solved, values);
}

#[test]
fn a_byte_order_mark_and_a_trailing_comment_are_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(dir.path(), "bom.txt", &format!("\u{feff}{P}\n"));
    let (code, out, err) = check(&path, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("ok (30 givens)"), "{out}");
    let path = file(dir.path(), "comment.txt", &format!("{P}   # Wikipedia's example\n{P}# again\n"));
    let (code, out, err) = check(&path, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.matches("ok (30 givens)").count(), 2, "{out}");
}

#[test]
fn a_json_array_of_puzzles_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["generate", "--size", "9", "--alpha", "0.4", "--count", "3", "--seed", "8", "--format", "json"], "");
    let objects: Vec<String> = stdout(&o).lines().map(|l| l.trim().to_string()).collect();
    let path = file(dir.path(), "array.json", &format!("[\n{}\n]\n", objects.join(",\n")));
    let (code, out, err) = check(&path, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().count(), 3, "{out}");
    let o = run(&["solve", &path, "--format", "json"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 3);
}

#[test]
fn separated_integers_of_the_wrong_count_say_what_was_found_and_expected() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(dir.path(), "eighty.txt", &format!("{}\n", vec!["0"; 80].join(" ")));
    let (code, _, err) = check(&path, &[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("eighty.txt:1:1: found 80 cells"), "{err}");
    assert!(err.contains("81 (9×9)"), "{err}");
    let path = file(dir.path(), "big.txt", &format!("{}\n", vec!["0"; 4225].join(" ")));
    let (code, _, err) = check(&path, &[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("big.txt:1:1: found 4225 cells"), "{err}");
    assert!(err.contains("65×65") && err.contains("N ≤ 64"), "{err}");
}

#[test]
fn ambiguous_sixteen_symbol_lines_stay_4x4_puzzles_and_the_note_says_how_to_force_a_grid() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["generate", "--size", "4", "--alpha", "0.5", "--count", "16", "--seed", "1"], "");
    let path = file(dir.path(), "fours.txt", &stdout(&o));
    let (code, out, err) = check(&path, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().count(), 16, "{out}");
    // Read as rows of one 16×16 grid when asked; a wrong 16×16 row count says how to read lines.
    let (code, out, _) = check(&path, &["--input-format", "grid"]);
    assert_eq!((code, out.lines().count()), (Some(1), 1), "{out}");
    let rows: String = (0..5).map(|_| "123456789ABCDEFG\n").collect();
    let path = file(dir.path(), "short.txt", &rows);
    let (code, _, err) = check(&path, &[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("short.txt:5: grid ends after 5 rows; expected 16"), "{err}");
    assert!(err.contains("--input-format line"), "{err}");
}

#[test]
fn errors_give_the_line_and_column_of_the_value_or_byte_at_fault() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        // A `box=` comment out of range: the column of its shape.
        ("b.txt", format!("# box=0x0\n{P}\n"), "b.txt:1:7: box 0x0 is out of range"),
        ("c.txt", format!("{P}  # id=3 box=9x9\n"), "c.txt:1:95: box 9x9 is out of range"),
        // A JSON value out of range: the line and column of the value, in cells and solution.
        (
            "j5.json",
            "{\"cells\": [[1, 2, 3, 4],\n  [0, 0, 0, 0],\n  [0, 0, 9, 0],\n  [0, 0, 0, 0]]}\n".into(),
            "j5.json:3:10: cell 11: value 9 is above N = 4; expected 0..=4",
        ),
        (
            "s.json",
            "{\"cells\":[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],\"solution\":[[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,7]]}".into(),
            "s.json:1:101: cell 16: value 7 is above N = 4",
        ),
        // A row of the wrong length: its bracket; a box out of range: its value.
        ("r.json", "[\n {\"cells\":[[1,2,3,4],[0,0,0],[0,0,0,0],[0,0,0,0]]}\n]".into(), "r.json:2:22: row has 3 cells"),
        ("x.json", "{\"box\": [0, 0], \"cells\": [[1]]}".into(), "x.json:1:9: box 0x0 is out of range"),
    ];
    for (name, text, said) in cases {
        let (code, _, err) = check(&file(dir.path(), name, &text), &[]);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains(said), "{err}\nshould contain {said}");
    }
    // A byte that is no UTF-8: the line and column of the first one, from a file or stdin.
    let mut bytes = format!("{P}\n53..7").into_bytes();
    bytes.extend_from_slice(b"\xff...6\n");
    let path = dir.path().join("u.txt");
    std::fs::write(&path, &bytes).unwrap();
    let (code, _, err) = check(path.to_str().unwrap(), &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("u.txt:2:6: byte 0xFF is no UTF-8; expected UTF-8 text"), "{err}");
}

#[test]
fn a_json_box_that_disagrees_with_box_is_refused_as_a_comment_s_is() {
    let dir = tempfile::tempdir().unwrap();
    let cells = "\"cells\":[[1,2,3,4],[0,0,0,0],[0,0,0,0],[0,0,0,0]]";
    let wide = file(dir.path(), "wide.json", &format!("{{\"box\":[1,4],{cells}}}\n"));
    let (code, _, err) = check(&wide, &["--box", "2x2"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("wide.json:1:8: the file says \"box\": 1x4, but --box gives 2x2; drop --box to take the shape from the file"),
        "{err}"
    );
    assert_eq!(check(&wide, &["--box", "1x4"]).0, Some(0), "agreeing is fine");
    assert_eq!(check(&wide, &[]).0, Some(0));
    // An invalid box is refused even when --box would give a valid one.
    let zero = file(dir.path(), "zero.json", &format!("{{\"box\":[0,0],{cells}}}\n"));
    let (code, _, err) = check(&zero, &["--box", "2x2"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("zero.json:1:8: box 0x0 is out of range"), "{err}");
}

// Issue 27, item 3: reading one long line was quadratic: 800k symbols took 30 s, 100 MB never
// ended.
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

// Issue 27, item 4: non-square boxes did not survive a pipe: `generate --box 3x2 … | solve -` read
// another shape and said "none: conflicting givens" with exit 0. The writers now add `# box=RxC`.
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
