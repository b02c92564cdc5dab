//! Helpers shared by the integration tests: the real binary and the corpus in `tests/data/`.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use sudoku_lab::format::{read_puzzles, Entry};

/// Path of a file under `tests/data/`.
pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

/// The puzzles of `tests/data/NAME.txt` paired with their solutions from `NAME.solutions.txt`.
pub fn corpus(name: &str) -> Vec<(Entry, Entry)> {
    let puzzles = read_puzzles(data(&format!("{name}.txt")).to_str().unwrap(), None, None).unwrap();
    let solutions = read_puzzles(data(&format!("{name}.solutions.txt")).to_str().unwrap(), None, None).unwrap();
    assert_eq!(puzzles.len(), solutions.len(), "{name}: one solution per puzzle");
    puzzles.into_iter().zip(solutions).collect()
}

/// Runs the real `sudoku-lab` binary with `args`, feeding `stdin`.
pub fn run(args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// Stdout of an output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Stderr of an output as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs the real `sudoku-lab` binary with `args` (no stdin).
pub fn sudoku_lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku-lab")).args(args).output().expect("the binary runs")
}

/// The rows of `folder/runs.csv`.
pub fn rows(folder: &std::path::Path) -> Vec<sudoku_lab::experiment::record::RunRow> {
    let mut reader = csv::Reader::from_path(folder.join("runs.csv")).unwrap();
    reader.deserialize().map(|r| r.unwrap()).collect()
}

/// The puzzle lines of `tests/data/NAME` (comments and blank lines left out).
pub fn puzzles(name: &str) -> Vec<String> {
    std::fs::read_to_string(data(name))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}
