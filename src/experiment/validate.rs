//! The one check of `runs.csv` rows that every reader applies — `run --resume` and `merge` (through
//! [`super::folder::read_runs`]), `report` and `plot` (through `crate::results`) — so a row one
//! of them accepts, none refuses later.
//!
//! A row must name a known outcome and mode, a valid box shape with its side `n`, a fill fraction
//! in 0..=1, and times and memory that are finite, non-negative and believable (no time beyond
//! twice the longest limit, [`crate::solve::MAX_SECONDS`]); all rows of a file belong to
//! one experiment (the one `meta.json` names, when the reader knows it); and no two rows are the
//! same run — the same instance (box, mode, hole pattern, level, repeat) and solver (the config's variant name).
//! Errors name the file, the line and the column at fault.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::record::{RunMode, RunRow};
use crate::format::{Location, Positions};
use crate::generate::{Holes, Mode};
use crate::grid::Shape;

/// Largest believable peak memory of a run, MiB (a pebibyte).
const MAX_PEAK_MB: f64 = (1u64 << 30) as f64;

/// The measured quantities that must be finite and non-negative when present: column name and value.
/// A new measured column (e.g. CPU seconds) is one more line here.
fn measures(row: &RunRow) -> [(&'static str, Option<f64>); 4] {
    [
        ("seconds", Some(row.seconds)),
        ("build_seconds", row.build_seconds),
        ("peak_rss_mb", row.peak_rss_mb),
        ("cpu_seconds", row.cpu_seconds),
    ]
}

/// What is wrong with a row, and the column it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowProblem {
    /// The column (a name of `COLUMNS`) whose value is wrong.
    pub column: &'static str,
    /// What is wrong, in words.
    pub message: String,
}

/// What is wrong with one row on its own (its fields, not its neighbours), if anything.
pub fn row_problem(row: &RunRow) -> Option<RowProblem> {
    let problem = |column: &'static str, message: String| Some(RowProblem { column, message });
    let modes = [Mode::Random, Mode::Planted, Mode::Unique].map(Mode::name);
    let in_set = !row.set.is_empty();
    if in_set != (row.mode == RunMode::Set) {
        return problem(
            "mode",
            format!(
                "mode '{}' with set '{}'; expected one of {} with no set, or mode {} with the set's name",
                row.mode,
                row.set,
                modes.join(", "),
                RunMode::Set
            ),
        );
    }
    if in_set && row.instance.is_empty() {
        return problem("instance", format!("set '{}' without the puzzle's id in the instance column", row.set));
    }
    match Shape::new(row.box_rows, row.box_cols) {
        Err(e) => return problem("box_rows", e.to_string()),
        Ok(shape) if shape.n() != row.n => {
            return problem("n", format!("n = {}, but a {shape} box gives N = {}", row.n, shape.n()));
        }
        Ok(_) => {}
    }
    if !(0.0..=1.0).contains(&row.alpha) {
        return problem("alpha", format!("alpha = {}; expected a fill fraction from 0 to 1", row.alpha));
    }
    for (column, value) in measures(row) {
        if let Some(v) = value.filter(|v| !(v.is_finite() && *v >= 0.0)) {
            return problem(column, format!("{column} = {v}; expected a non-negative number"));
        }
    }
    // No time limit exceeds a year (`MAX_SECONDS`), and no run is timed past its limit by more
    // than the grace; no process holds a pebibyte.
    for (column, value) in measures(row) {
        let most = if column == "peak_rss_mb" { MAX_PEAK_MB } else { 2.0 * crate::solve::MAX_SECONDS };
        if let Some(v) = value.filter(|v| *v > most) {
            return problem(column, format!("{column} = {v}; more than any run measures (at most {most})"));
        }
    }
    if row.experiment.is_empty() || row.solver.is_empty() {
        let column = if row.experiment.is_empty() { "experiment" } else { "solver" };
        return problem(column, "the experiment and solver columns must not be empty".into());
    }
    None
}

/// A row of `runs.csv` that fails the check, with its file, line and column.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{at}: {message}")]
pub struct BadRow {
    /// The file, the 1-based line of the row (of the field, once its column is known) and the
    /// 1-based column of the field at fault in that line (0 until the reader locates it).
    pub at: Location,
    /// The column (a name of `COLUMNS`) at fault, if one is.
    pub column: Option<&'static str>,
    /// What is wrong.
    pub message: String,
}

/// Where the rows of a CSV file stand in it: the 1-based line of a byte and the line and column
/// of a row's field, counted from the bytes themselves (after `\r\n` endings, the `csv` reader's
/// own line count is one short, and its byte position of a row is the `\n` before it). Columns
/// count characters, as an editor does ([`Positions`]: rows are asked for in order, so counting
/// goes on from the last one, linear over the file).
#[derive(Debug)]
pub(crate) struct Places<'a> {
    text: &'a str,
    positions: Positions<'a>,
}

impl<'a> Places<'a> {
    /// The places of `text`, a whole CSV file.
    pub fn new(text: &'a str) -> Places<'a> {
        Places { text, positions: Positions::new(text) }
    }

    /// The 1-based line and column of byte `at` (clamped to the text).
    pub fn of_byte(&mut self, at: usize) -> (usize, usize) {
        self.positions.of(at)
    }

    /// The first byte of the row the `csv` reader places at byte `at`: past any line ends.
    pub fn row_start(&self, mut at: usize) -> usize {
        while matches!(self.text.as_bytes().get(at), Some(b'\r' | b'\n')) {
            at += 1;
        }
        at
    }

    /// The 1-based line and column of field `field` (0-based) of the row that starts at byte
    /// `start` (see [`Places::row_start`]); of the row's start when it has fewer fields.
    pub fn of_field(&mut self, start: usize, field: usize) -> (usize, usize) {
        let bytes = self.text.as_bytes();
        let (mut at, mut index, mut quoted) = (start, 0, false);
        while index < field && at < bytes.len() {
            match (bytes[at], quoted) {
                (b'"', true) if bytes.get(at + 1) == Some(&b'"') => at += 1,
                (b'"', _) => quoted = !quoted,
                (b',', false) => index += 1,
                (b'\n' | b'\r', false) => return self.of_byte(start),
                _ => {}
            }
            at += 1;
        }
        if index < field {
            return self.of_byte(start);
        }
        self.of_byte(at)
    }
}

/// What identifies an instance in a row: box, mode, hole pattern, level and repeat (the seed follows from
/// them and the config).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct RowKey {
    pub box_rows: usize,
    pub box_cols: usize,
    pub mode: RunMode,
    pub holes: Holes,
    pub alpha_bits: u64,
    pub difficulty: String,
    pub rep: u32,
    /// The instance set (empty for generated instances).
    pub set: String,
    /// The puzzle's id in its set (empty for generated instances).
    pub instance: String,
}

impl RowKey {
    /// The instance `row` was run on.
    pub fn of_row(row: &RunRow) -> RowKey {
        RowKey {
            box_rows: row.box_rows,
            box_cols: row.box_cols,
            mode: row.mode,
            holes: row.holes,
            alpha_bits: (row.alpha + 0.0).to_bits(),
            difficulty: row.difficulty.clone(),
            rep: row.rep,
            set: row.set.clone(),
            instance: row.instance.clone(),
        }
    }
}

/// What identifies a run: its instance, its solver and its solver seed (if any).
type RunKey = (RowKey, String, Option<u64>);

/// Checks the rows of one file as they are read, one at a time (see the module doc).
#[derive(Debug)]
pub struct RowChecker {
    path: PathBuf,
    experiment: Option<String>,
    /// Where the experiment name came from, for the error.
    named_by: String,
    seen: HashMap<RunKey, usize>,
}

impl RowChecker {
    /// A checker for the rows of `path`; `experiment` is the name they must carry when the
    /// reader knows it (from `meta.json`), else the first row's name is the one.
    pub fn new(path: &Path, experiment: Option<&str>) -> RowChecker {
        RowChecker {
            path: path.to_path_buf(),
            experiment: experiment.map(str::to_owned),
            named_by: "meta.json".into(),
            seen: HashMap::new(),
        }
    }

    /// Checks the row on 1-based `line` of the file.
    /// The error names the column at fault ([`BadRow::column`]; the reader, which knows where the
    /// row's fields stand, gives their file column): none for a second run of the same solver.
    pub fn check(&mut self, line: usize, row: &RunRow) -> Result<(), BadRow> {
        let bad = |column: Option<&'static str>, message: String| BadRow {
            at: Location::line(self.path.display().to_string(), line),
            column,
            message,
        };
        if let Some(RowProblem { column, message }) = row_problem(row) {
            return Err(bad(Some(column), message));
        }
        match &self.experiment {
            Some(name) if *name != row.experiment => {
                return Err(bad(
                    Some("experiment"),
                    format!(
                        "experiment '{}', but {} is experiment '{name}': one folder holds one experiment",
                        row.experiment, self.named_by
                    ),
                ));
            }
            Some(_) => {}
            None => {
                self.experiment = Some(row.experiment.clone());
                self.named_by = format!("line {line}");
            }
        }
        if let Some(first) = self.seen.insert((RowKey::of_row(row), row.solver.clone(), row.solver_seed), line) {
            let level = if row.difficulty.is_empty() {
                format!("alpha={}", row.alpha)
            } else {
                format!("difficulty={}", row.difficulty)
            };
            let holes = if row.holes == Holes::Uniform { String::new() } else { format!(" holes={}", row.holes) };
            let seed = row.solver_seed.map(|s| format!(" with solver seed {s}")).unwrap_or_default();
            return Err(bad(
                None,
                format!(
                    "a second run of {}{seed} on {}x{} {}{holes} {level} rep={}; the first is on line {first}",
                    row.solver, row.box_rows, row.box_cols, row.mode, row.rep
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;

    fn check_all(rows: &[RunRow], experiment: Option<&str>) -> Result<(), String> {
        let mut checker = RowChecker::new(Path::new("d/runs.csv"), experiment);
        rows.iter().enumerate().try_for_each(|(i, r)| checker.check(i + 2, r)).map_err(|e| e.to_string())
    }

    #[test]
    fn a_row_with_an_unknown_outcome_or_a_negative_time_is_refused_naming_file_and_line() {
        let cases = [
            (RunRow { seconds: -1.0, ..row() }, "seconds = -1"),
            (RunRow { build_seconds: Some(-5.0), ..row() }, "build_seconds = -5"),
            (RunRow { peak_rss_mb: Some(f64::NAN), ..row() }, "peak_rss_mb = NaN"),
            (RunRow { seconds: f64::INFINITY, ..row() }, "seconds = inf"),
            (RunRow { seconds: 1e308, ..row() }, "seconds = 100000000000000000000"),
            (RunRow { cpu_seconds: Some(1e12), ..row() }, "cpu_seconds = 1000000000000; more than any run measures"),
            (RunRow { mode: RunMode::Set, ..row() }, "mode 'set' with set ''"),
            (RunRow { box_rows: 0, ..row() }, "box 0x3 is out of range"),
            (RunRow { n: 8, ..row() }, "n = 8, but a 3x3 box gives N = 9"),
            (RunRow { alpha: 1.5, ..row() }, "alpha = 1.5"),
        ];
        for (bad, said) in cases {
            let err = check_all(&[row(), RunRow { rep: 1, ..bad }], None).unwrap_err();
            assert!(err.starts_with("d/runs.csv:3: ") && err.contains(said), "{err}");
        }
        assert_eq!(check_all(&[row(), RunRow { rep: 1, ..row() }], Some("x")), Ok(()));
    }

    #[test]
    fn places_are_file_lines_and_character_columns_whatever_the_line_ends() {
        for end in ["\n", "\r\n"] {
            let text = ["h1,h2,h3", "a,\"b,\"\"x\"\"\",c", "é,\"two", "lines\",z"].join(end) + end;
            let mut places = Places::new(&text);
            // The `csv` reader places the second row at the `\n` of a `\r\n` before it.
            let second = places.row_start(text.find("a,").unwrap() - end.len() + 1);
            assert_eq!(second, text.find("a,").unwrap());
            assert_eq!(places.of_field(second, 0), (2, 1));
            assert_eq!(places.of_field(second, 2), (2, 13), "quoted commas and quotes are inside the field");
            assert_eq!(places.of_field(second, 7), (2, 1), "no such field: the row's start");
            let third = places.row_start(text.find("é").unwrap());
            assert_eq!(places.of_field(third, 1), (3, 3), "columns count characters");
            assert_eq!(places.of_field(third, 2), (4, 8), "a quoted line break moves the field down a line");
        }
    }

    #[test]
    fn rows_of_another_experiment_and_a_second_run_of_the_same_solver_are_refused() {
        let other = RunRow { experiment: "y".into(), rep: 1, ..row() };
        let err = check_all(&[row(), other.clone()], None).unwrap_err();
        assert!(err.contains("d/runs.csv:3: experiment 'y', but line 2 is experiment 'x'"), "{err}");
        let err = check_all(&[other], Some("x")).unwrap_err();
        assert!(err.contains("d/runs.csv:2: experiment 'y', but meta.json is experiment 'x'"), "{err}");
        let err = check_all(&[row(), RunRow { seconds: 2.0, ..row() }], None).unwrap_err();
        assert!(
            err.contains(
                "d/runs.csv:3: a second run of backtrack on 3x3 planted alpha=0.2 rep=0; the first is on line 2"
            ),
            "{err}"
        );
        // Another solver, repeat, α or variant of the same instance is another run.
        let others = [
            RunRow { solver: "sat".into(), ..row() },
            RunRow { solver: "sat+pre".into(), ..row() },
            RunRow { rep: 1, ..row() },
            RunRow { alpha: 0.3, ..row() },
        ];
        assert_eq!(check_all(&[&[row()][..], &others].concat(), None), Ok(()));
    }
}
