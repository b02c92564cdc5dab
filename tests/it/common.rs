//! Helpers shared by the integration tests: the real binary, the corpus in `tests/data/`, edits
//! of a results folder's `runs.csv`, and the intervals the docs quote from a folder's tables.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
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
    // A command may exit before it has read all of its input (a usage error, a refusal of the first
    // line), and then the pipe is closed: what it printed and its exit code are what tests look at.
    match child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.unwrap(),
    }
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
pub fn rows(folder: &Path) -> Vec<sudoku_lab::experiment::record::RunRow> {
    let mut reader = csv::Reader::from_path(folder.join("runs.csv")).unwrap();
    reader.deserialize().map(|r| r.unwrap()).collect()
}

/// A row's `certificate` as `runs.csv` writes it: its word, or empty.
pub fn certificate(row: &sudoku_lab::experiment::record::RunRow) -> &'static str {
    row.certificate.map_or("", |c| c.word())
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

/// Writes `text` to `dir/name` and returns the path as a string.
pub fn file(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Exit code and stderr of `sudoku-lab ARGS` with `stdin`.
pub fn code_and_err(args: &[&str], stdin: &str) -> (Option<i32>, String) {
    let o = run(args, stdin);
    (o.status.code(), stderr(&o))
}

/// Rewrites `runs.csv` in `folder` line by line with `edit` (line 1 is the header).
pub fn edit_runs(folder: &Path, edit: impl Fn(usize, &str) -> Vec<String>) {
    let path = folder.join("runs.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<String> = text.lines().enumerate().flat_map(|(i, l)| edit(i + 1, l)).collect();
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
}

/// Replaces field `column` (0-based) of a CSV line without quoted commas.
pub fn with_field(line: &str, column: usize, value: &str) -> String {
    let mut fields: Vec<&str> = line.split(',').collect();
    fields[column] = value;
    fields.join(",")
}

/// Exit code and stderr of `report DIR` and `plot DIR`.
pub fn report_and_plot(dir: &Path) -> [(Option<i32>, String); 2] {
    let d = dir.to_str().unwrap();
    [code_and_err(&["report", d], ""), code_and_err(&["plot", d], "")]
}

/// Runs `script` in bash with `$0` the binary and `$@` the `args`; exit code and stderr.
pub fn through_bash(script: &str, args: &[&str]) -> (Option<i32>, String) {
    let o = std::process::Command::new("bash")
        .args(["-c", script, env!("CARGO_BIN_EXE_sudoku-lab")])
        .args(args)
        .output()
        .unwrap();
    (o.status.code(), stderr(&o))
}

/// A solvable 9×9 puzzle as one line, for the commands that read it on stdin.
pub const NINE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";

/// Every `95 % CI low–high, n = k` in `text`, as numbers (`−` read as a minus sign).
pub fn intervals_in(text: &str) -> Vec<(f64, f64, usize)> {
    let number = |s: &str| s.trim().replace('−', "-").parse::<f64>().unwrap_or_else(|_| panic!("not a number: {s:?}"));
    text.split("95 % CI ")
        .skip(1)
        .map(|rest| {
            let (range, after) = rest.split_once(", n = ").unwrap_or_else(|| panic!("no n after: {rest}"));
            let (low, high) = range.split_once('–').unwrap_or_else(|| panic!("no range: {range}"));
            let n: String = after.chars().take_while(char::is_ascii_digit).collect();
            (number(low), number(high), n.parse().unwrap())
        })
        .collect()
}

/// `true` when `dir`'s `estimates.csv` has a row with this interval and n, or its
/// `comparisons.csv` a row with it or its inverse; the README and docs/results.md write the ends
/// with two significant digits, the files with three.
pub fn table_has(dir: &Path, low: f64, high: f64, n: usize) -> bool {
    let near = |written: f64, exact: f64| (written - exact).abs() <= 0.051 * exact.abs() + 1e-3;
    let rows = |file: &str, columns: [usize; 3]| -> Vec<(f64, f64, usize)> {
        let mut reader = csv::Reader::from_path(dir.join(file)).unwrap();
        reader
            .records()
            .map(|r| r.unwrap())
            .map(|r| (r[columns[0]].parse().unwrap(), r[columns[1]].parse().unwrap(), r[columns[2]].parse().unwrap()))
            .collect()
    };
    let estimates = rows("estimates.csv", [4, 5, 6]);
    let comparisons = rows("comparisons.csv", [5, 6, 3]);
    estimates.iter().any(|&(l, h, k)| k == n && near(low, l) && near(high, h))
        || comparisons.iter().any(|&(l, h, k)| {
            k == n && ((near(low, l) && near(high, h)) || (near(low, 1.0 / h) && near(high, 1.0 / l)))
        })
}

/// The folders under `results/` that the repository holds (as `results/NAME`, sorted): what git
/// tracks, never what a run on this checkout wrote beside them (the main job's `results/quick`, a
/// user's own experiment), so the suite reads the same files after `scripts/main.sh` as on a
/// clean clone. Outside a git checkout, the folders `.gitignore` names are left out instead.
pub fn committed_results() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tracked = Command::new("git").arg("-C").arg(root).args(["ls-files", "-z", "--", "results"]).output();
    let mut folders: Vec<String> = match tracked {
        Ok(o) if o.status.success() => String::from_utf8(o.stdout)
            .expect("git prints paths as UTF-8")
            .split('\0')
            .filter_map(|path| path.strip_prefix("results/")?.split_once('/').map(|(name, _)| name.to_string()))
            .collect(),
        _ => {
            let ignored = std::fs::read_to_string(root.join(".gitignore")).unwrap_or_default();
            std::fs::read_dir(root.join("results"))
                .expect("the results folder")
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|name| root.join("results").join(name).is_dir())
                .filter(|name| !ignored.lines().any(|l| l.trim() == format!("/results/{name}/")))
                .collect()
        }
    };
    folders.sort();
    folders.dedup();
    folders.into_iter().map(|name| format!("results/{name}")).collect()
}
