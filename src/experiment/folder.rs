//! A results folder on disk: `runs.csv`, `meta.json` and `instances.txt`, and the few ways they
//! are written — appended and flushed row group by row group, or replaced whole by writing a
//! temporary file and renaming it over the old one, so a crash leaves either version, never half.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::meta::Meta;
use super::record::{RunRow, COLUMNS};

/// The runs file: one row per (instance, solver).
pub const RUNS_FILE: &str = "runs.csv";
/// The provenance file.
pub const META_FILE: &str = "meta.json";
/// The instances file (line format).
pub const INSTANCES_FILE: &str = "instances.txt";

/// Why the runner or `merge` stopped.
#[derive(Debug, Error)]
pub enum ExperimentError {
    /// A bad config.
    #[error(transparent)]
    Config(#[from] super::config::ConfigError),
    /// An instance that could not be generated (a unique puzzle out of reach); nothing was run.
    #[error(transparent)]
    Generation(#[from] super::instances::GenerationError),
    /// A results folder that must not be written to as asked; nothing was changed.
    #[error("refusing to use {folder}: {reason}")]
    Refused {
        /// The folder.
        folder: PathBuf,
        /// Why, and what to do instead.
        reason: String,
    },
    /// A results file that cannot be read as one.
    #[error("{path}: {message}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A signal stopped the run; every finished instance is kept for `--resume`.
    #[error(
        "stopped by {signal}: {done} of {total} instances done and kept in {folder}; \
         continue with: sudoku-lab run CONFIG --out {folder} --resume"
    )]
    Interrupted {
        /// The signal's name.
        signal: String,
        /// Its number (the exit code is 128 + it).
        number: i32,
        /// The results folder.
        folder: PathBuf,
        /// Instances done (this session and before).
        done: usize,
        /// Instances in the run.
        total: usize,
    },
    /// An I/O failure.
    #[error("{path}: {source}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The failure.
        source: io::Error,
    },
}

/// Attaches a path to an I/O error.
pub fn io_at(path: &Path) -> impl FnOnce(io::Error) -> ExperimentError + '_ {
    move |source| ExperimentError::Io { path: path.to_path_buf(), source }
}

/// Replaces `path` with `bytes` atomically (temporary file, then rename).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), ExperimentError> {
    let tmp = path.with_extension("tmp");
    let mut file = File::create(&tmp).map_err(io_at(&tmp))?;
    file.write_all(bytes).and_then(|_| file.sync_all()).map_err(io_at(&tmp))?;
    fs::rename(&tmp, path).map_err(io_at(path))
}

/// Reads `meta.json`, `None` when the folder has none.
pub fn read_meta(folder: &Path) -> Result<Option<Meta>, ExperimentError> {
    let path = folder.join(META_FILE);
    let text = match fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_at(&path)(e)),
    };
    let meta = serde_json::from_str(&text)
        .map_err(|e| ExperimentError::Corrupt { path, message: format!("not a sudoku-lab meta.json: {e}") })?;
    Ok(Some(meta))
}

/// Writes `meta.json` atomically.
pub fn write_meta(folder: &Path, meta: &Meta) -> Result<(), ExperimentError> {
    let mut json = serde_json::to_string_pretty(meta).expect("meta always serializes");
    json.push('\n');
    write_atomic(&folder.join(META_FILE), json.as_bytes())
}

/// The columns every `runs.csv` has had: those before `conflicts`; the ones after were appended
/// one release at a time, so an older file's header is [`COLUMNS`] cut short after one of them.
const FIRST_COLUMNS: usize = 24;

/// Whether `header` is the current one or an older one: [`COLUMNS`] cut short, at least the
/// [`FIRST_COLUMNS`].
fn known_header(header: &csv::StringRecord) -> bool {
    header.len() >= FIRST_COLUMNS
        && header.len() <= COLUMNS.len()
        && header.iter().eq(COLUMNS[..header.len()].iter().copied())
}

/// Reads every row of `runs.csv` (none when it does not exist), checking the header: the current
/// one, or an older one whose missing last columns read as empty. A last line without its newline
/// is a write cut short by a crash: it is left out, and the flag says so.
pub fn read_runs(path: &Path) -> Result<(Vec<RunRow>, bool), ExperimentError> {
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((Vec::new(), false)),
        Err(e) => return Err(io_at(path)(e)),
    };
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let torn = whole < bytes.len();
    let corrupt = |message: String| ExperimentError::Corrupt { path: path.to_path_buf(), message };
    let mut reader = csv::Reader::from_reader(&bytes[..whole]);
    let header = reader.headers().map_err(|e| corrupt(e.to_string()))?.clone();
    if header.is_empty() {
        return Ok((Vec::new(), torn));
    }
    if !known_header(&header) {
        return Err(corrupt(format!("unexpected header; expected {}", COLUMNS.join(","))));
    }
    let rows: Result<Vec<RunRow>, _> =
        reader.deserialize().enumerate().map(|(i, r)| r.map_err(|e| corrupt(format!("row {}: {e}", i + 1)))).collect();
    Ok((rows?, torn))
}

/// The CSV text of `rows`, with the header when `header` is true.
pub fn csv_text(rows: &[RunRow], header: bool) -> Vec<u8> {
    let mut w = csv::WriterBuilder::new().has_headers(false).from_writer(Vec::new());
    if header {
        w.write_record(COLUMNS).expect("writing to memory cannot fail");
    }
    for row in rows {
        w.serialize(row).expect("rows always serialize");
    }
    w.into_inner().expect("writing to memory cannot fail")
}

/// Replaces `runs.csv` with `rows` atomically.
pub fn write_runs(path: &Path, rows: &[RunRow]) -> Result<(), ExperimentError> {
    write_atomic(path, &csv_text(rows, true))
}

/// Appends row groups to `runs.csv`, each group in one write, flushed at once.
#[derive(Debug)]
pub struct RunsAppender {
    path: PathBuf,
    file: File,
}

impl RunsAppender {
    /// Opens `runs.csv` for appending, writing the header when the file is new or empty. A file
    /// of an older release (fewer columns) is first rewritten, atomically, with the current header.
    pub fn open(path: &Path) -> Result<RunsAppender, ExperimentError> {
        let current = csv_text(&[], true);
        let mut start = Vec::new();
        if let Ok(file) = File::open(path) {
            file.take(current.len() as u64).read_to_end(&mut start).map_err(io_at(path))?;
        }
        if !start.is_empty() && start != current {
            let (rows, _) = read_runs(path)?;
            write_runs(path, &rows)?;
        }
        let mut file = OpenOptions::new().create(true).append(true).open(path).map_err(io_at(path))?;
        if file.metadata().map_err(io_at(path))?.len() == 0 {
            file.write_all(&current).map_err(io_at(path))?;
        }
        Ok(RunsAppender { path: path.to_path_buf(), file })
    }

    /// Appends `rows` in one write and flushes it to the operating system.
    pub fn append(&mut self, rows: &[RunRow]) -> Result<(), ExperimentError> {
        self.append_bytes(&csv_text(rows, false))
    }

    /// Appends raw bytes (the test hook uses it to leave a half-written line).
    pub fn append_bytes(&mut self, bytes: &[u8]) -> Result<(), ExperimentError> {
        self.file.write_all(bytes).and_then(|_| self.file.flush()).map_err(io_at(&self.path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_older_runs_csv_reads_and_is_upgraded_before_rows_are_appended() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(RUNS_FILE);
        let row = RunRow { cpu_seconds: None, ..crate::experiment::record::tests::row() };
        // The header and row of a release before `winner`, `lp_solves` and `cpu_seconds`.
        let full = String::from_utf8(csv_text(std::slice::from_ref(&row), true)).unwrap();
        let cut = |line: &str| line.split(',').take(COLUMNS.len() - 3).collect::<Vec<_>>().join(",");
        let old: String = full.lines().map(|l| cut(l) + "\n").collect();
        fs::write(&path, &old).unwrap();
        assert_eq!(read_runs(&path).unwrap(), (vec![row.clone()], false), "missing columns read as empty");
        let mut appender = RunsAppender::open(&path).unwrap();
        let newer = RunRow { winner: Some("sat".into()), lp_solves: Some(2), cpu_seconds: Some(0.5), ..row.clone() };
        appender.append(std::slice::from_ref(&newer)).unwrap();
        assert_eq!(read_runs(&path).unwrap(), (vec![row, newer], false), "the old row kept, the new one whole");
        assert!(fs::read_to_string(&path).unwrap().starts_with(&COLUMNS.join(",")));
        // A header that is no release's is still refused.
        fs::write(&path, "experiment,box_rows,colour\n").unwrap();
        assert!(read_runs(&path).is_err());
    }

    #[test]
    fn a_half_written_last_line_is_left_out() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(RUNS_FILE);
        assert_eq!(read_runs(&path).unwrap(), (Vec::new(), false));
        fs::write(&path, COLUMNS.join(",")).unwrap();
        assert_eq!(read_runs(&path).unwrap(), (Vec::new(), true));
        let mut text = csv_text(&[], true);
        text.extend_from_slice(b"x,3,3,9,0.2,pla");
        fs::write(&path, &text).unwrap();
        assert_eq!(read_runs(&path).unwrap(), (Vec::new(), true));
    }
}
