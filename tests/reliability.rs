//! The reproductions of issue 27 (the harness attacked as a hostile user would), one test per
//! defect, through the real binary where the defect showed there, and the property tests that
//! throw arbitrary bytes, numbers and shapes at the readers: an error, never a panic.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{run, stderr, stdout};
use proptest::prelude::*;
use sudoku_lab::format::{self, Format};
use sudoku_lab::grid::{Shape, MAX_N};

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
