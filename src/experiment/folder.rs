//! A results folder on disk: `runs.csv`, `meta.json` and `instances.txt`, and the few ways they
//! are written — appended and flushed row group by row group, or replaced whole by writing a
//! temporary file and renaming it over the old one, so a crash leaves either version, never half.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::meta::Meta;
use super::record::{RunCertificate, RunOutcome, RunRow, COLUMNS};
use super::validate::{BadRow, Places, RowChecker};
use crate::format::Location;

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
    /// A row of `runs.csv` that fails the row check ([`super::validate`]).
    #[error(transparent)]
    BadRow(#[from] BadRow),
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
    /// Certification is on but the proof checker is missing; nothing was run.
    #[error(
        "certification (on unless `certify = false` or --no-certify) needs the proof checker `rate`, which was not \
         found: {hint}; or turn certification off, leaving every \"infeasible\" verdict unchecked",
        hint = crate::certificates::INSTALL_HINT
    )]
    NoChecker,
    /// Certification could not go on (the proof checker vanished mid-run); every instance
    /// certified before is kept for `--resume`, which certifies the rest.
    #[error(
        "certification stopped the run: {reason}. Every instance finished before is kept in {folder}; once the \
         checker works again ({hint}), continue with: sudoku-lab run CONFIG --out {folder} --resume",
        hint = crate::certificates::INSTALL_HINT
    )]
    Certification {
        /// The results folder.
        folder: PathBuf,
        /// What failed.
        reason: String,
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

/// The report `report` writes into a results folder.
pub const REPORT_FILE: &str = "REPORT.md";
/// The comparisons of every pair of solvers `report` writes beside it (docs/statistics.md).
pub const COMPARISONS_FILE: &str = "comparisons.csv";
/// The estimates of every solver `report` writes beside it (docs/statistics.md).
pub const ESTIMATES_FILE: &str = "estimates.csv";
/// The lock file of a results folder.
pub const LOCK_FILE: &str = ".lock";

/// The temporary file `path` is written to before it is renamed over `path`: hidden, beside it,
/// with the same extension (`dir/.REPORT.tmp.md`), so a crash leaves no file that looks final.
pub fn temp_path(path: &Path) -> PathBuf {
    let stem = path.file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match path.extension() {
        Some(ext) => format!(".{stem}.tmp.{}", ext.to_string_lossy()),
        None => format!(".{stem}.tmp"),
    };
    path.with_file_name(name)
}

/// Moves a finished temporary file (written and flushed) over `path`; removes it on failure.
pub fn commit_temp(tmp: &Path, path: &Path) -> Result<(), ExperimentError> {
    let synced = File::open(tmp).and_then(|f| f.sync_all());
    if let Err(e) = synced.and_then(|()| fs::rename(tmp, path)) {
        let _ = fs::remove_file(tmp);
        return Err(io_at(path)(e));
    }
    Ok(())
}

/// Replaces `path` with `bytes` atomically (temporary file, then rename): a full disk or a crash
/// leaves the old file, never a part of the new one. The error names `path`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), ExperimentError> {
    let tmp = temp_path(path);
    let written = File::create(&tmp).and_then(|mut file| file.write_all(bytes).and_then(|_| file.sync_all()));
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(io_at(path)(e));
    }
    commit_temp(&tmp, path)
}

/// Writes every file of `files` (path and bytes) as [`write_atomic`] does one, all or none: each
/// goes to its temporary file first, in order, and only when every one is written are they moved
/// into place; the first that fails is named and every temporary file removed, so a full disk
/// leaves the old files (or none), never a new one beside an old one.
pub fn write_atomic_all(files: &[(PathBuf, Vec<u8>)]) -> Result<(), ExperimentError> {
    let mut written: Vec<PathBuf> = Vec::new();
    for (path, bytes) in files {
        let tmp = temp_path(path);
        let result = File::create(&tmp).and_then(|mut file| file.write_all(bytes).and_then(|_| file.sync_all()));
        if let Err(e) = result {
            for t in written.iter().chain([&tmp]) {
                let _ = fs::remove_file(t);
            }
            return Err(io_at(path)(e));
        }
        written.push(tmp);
    }
    for (tmp, (path, _)) in written.iter().zip(files) {
        commit_temp(tmp, path)?;
    }
    Ok(())
}

/// Whether a file name is one the harness writes into a results folder: the results, the lock,
/// the report, the figures, worker logs, and the temporary files of any of them.
pub fn is_harness_file(name: &str) -> bool {
    let own = |name: &str| {
        let figure =
            |ext: &str| name.strip_suffix(ext).is_some_and(|stem| super::figure::Figure::of_stem(stem).is_some());
        let log = name
            .strip_prefix("worker-")
            .and_then(|n| n.strip_suffix(".log"))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        [RUNS_FILE, META_FILE, INSTANCES_FILE, REPORT_FILE, COMPARISONS_FILE, ESTIMATES_FILE, LOCK_FILE].contains(&name)
            || figure(".svg")
            || figure(".png")
            || log
    };
    // A temporary file `.STEM.tmp.EXT` (or `.STEM.tmp`) of one of them.
    let temp = name.strip_prefix('.').and_then(|rest| match rest.split_once(".tmp") {
        Some((stem, "")) => Some(stem.to_string()),
        Some((stem, ext)) if ext.starts_with('.') => Some(format!("{stem}{ext}")),
        _ => None,
    });
    own(name) || temp.is_some_and(|t| own(&t))
}

/// Whether a folder holds results (a `runs.csv`, `meta.json` or `instances.txt`).
pub fn is_results_folder(folder: &Path) -> bool {
    [RUNS_FILE, META_FILE, INSTANCES_FILE].iter().any(|name| folder.join(name).exists())
}

/// The files of `folder` the harness wrote and the others, each sorted (none when it is missing).
fn sort_files(folder: &Path) -> Result<(Vec<PathBuf>, Vec<String>), ExperimentError> {
    let (mut ours, mut foreign) = (Vec::new(), Vec::new());
    let entries = match fs::read_dir(folder) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((ours, foreign)),
        Err(e) => return Err(io_at(folder)(e)),
    };
    for entry in entries {
        let entry = entry.map_err(io_at(folder))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if is_harness_file(&name) && entry.file_type().is_ok_and(|t| t.is_file()) {
            ours.push(entry.path());
        } else if name == LOGS_DIR && entry.file_type().is_ok_and(|t| t.is_dir()) {
            // External solvers' kept output: removed by [`remove_results`] file by file.
        } else {
            foreign.push(name);
        }
    }
    ours.sort();
    foreign.sort();
    Ok((ours, foreign))
}

/// Refuses to replace the contents of a folder that holds files but no results, naming them:
/// `--force` is for replacing results, not for emptying folders.
pub fn check_replaceable(folder: &Path) -> Result<(), ExperimentError> {
    let (_, foreign) = sort_files(folder)?;
    if foreign.is_empty() || is_results_folder(folder) {
        return Ok(());
    }
    let shown: Vec<&str> = foreign.iter().take(5).map(String::as_str).collect();
    let more = if foreign.len() > 5 { format!(" and {} more", foreign.len() - 5) } else { String::new() };
    Err(ExperimentError::Refused {
        folder: folder.to_path_buf(),
        reason: format!(
            "it is not a results folder (no {RUNS_FILE} or {META_FILE}) and holds {}{more}; \
             --force only replaces results: choose another --out",
            shown.join(", ")
        ),
    })
}

/// Removes what the harness wrote in `folder` — results, report, figures, worker logs, external
/// solvers' kept output, temporary files — and nothing else: the user's files stay. Refuses a
/// folder [`check_replaceable`] refuses.
pub fn remove_results(folder: &Path) -> Result<(), ExperimentError> {
    check_replaceable(folder)?;
    let (ours, _) = sort_files(folder)?;
    for path in ours.into_iter().filter(|p| !p.ends_with(LOCK_FILE)) {
        match fs::remove_file(&path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(io_at(&path)(e)),
            _ => {}
        }
    }
    remove_external_logs(&folder.join(LOGS_DIR))
}

/// The folder where external solvers' output is kept for runs that did not answer.
pub const LOGS_DIR: &str = "logs";

/// Removes what external solvers left in `logs/` (their kept output, work folders of killed
/// runs), and the folder once empty; any other file stays.
fn remove_external_logs(logs: &Path) -> Result<(), ExperimentError> {
    let Ok(entries) = fs::read_dir(logs) else { return Ok(()) };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        let path = entry.path();
        if name.starts_with(".work-") && path.is_dir() {
            fs::remove_dir_all(&path).map_err(io_at(&path))?;
        } else if (name.ends_with(".stdout") || name.ends_with(".stderr")) && path.is_file() {
            fs::remove_file(&path).map_err(io_at(&path))?;
        }
    }
    let _ = fs::remove_dir(logs);
    Ok(())
}

/// An exclusive lock on a results folder (`flock` on `FOLDER/.lock`), held by every command while
/// it writes the folder (`run`, `merge`, `plot`, `report`); the kernel releases it when the
/// process ends, however it ends.
#[derive(Debug)]
pub struct FolderLock {
    /// Holds the lock while open.
    _file: File,
    path: PathBuf,
}

impl FolderLock {
    /// Takes the lock of an existing folder, or refuses the folder when another process holds it.
    pub fn take(folder: &Path) -> Result<FolderLock, ExperimentError> {
        let path = folder.join(LOCK_FILE);
        let mut file =
            OpenOptions::new().create(true).truncate(false).read(true).write(true).open(&path).map_err(io_at(&path))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => {
                let holder = fs::read_to_string(&path).unwrap_or_default();
                let holder = holder.trim();
                let who = if holder.is_empty() { String::new() } else { format!(" (pid {holder})") };
                return Err(ExperimentError::Refused {
                    folder: folder.to_path_buf(),
                    reason: format!(
                        "another sudoku-lab command{who} is writing to it; wait for it to finish or stop it"
                    ),
                });
            }
            Err(fs::TryLockError::Error(e)) => return Err(io_at(&path)(e)),
        }
        let pid = std::process::id();
        let written = file.set_len(0).and_then(|()| writeln!(file, "{pid}"));
        written.map_err(io_at(&path))?;
        Ok(FolderLock { _file: file, path })
    }
}

impl Drop for FolderLock {
    /// Removes the lock file, then releases the lock: a command that ends, fails or is refused
    /// leaves the folder as it found it (only a killed one leaves the file, unlocked and harmless).
    fn drop(&mut self) {
        // Removed while still locked, so no other command can lock this inode in between. A file
        // we cannot remove is harmless: the lock is what counts.
        let _ = fs::remove_file(&self.path);
    }
}

/// Reads `meta.json`, `None` when the folder has none.
pub fn read_meta(folder: &Path) -> Result<Option<Meta>, ExperimentError> {
    let path = folder.join(META_FILE);
    let text = match fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_at(&path)(e)),
    };
    let mut meta: Meta = serde_json::from_str(&text)
        .map_err(|e| ExperimentError::Corrupt { path, message: format!("not a sudoku-lab meta.json: {e}") })?;
    meta.restore_as_written();
    meta.config.overrides = meta.overrides;
    // Continuing or merging runs under a config they were not made with would mix two experiments
    // in one folder without a word: a hand edit (say of `time_limit`) is refused.
    if !meta.config_intact() {
        let reason = format!("its {}; restore the file as the run wrote it", super::meta::edited_words(&meta.config));
        return Err(ExperimentError::Refused { folder: folder.to_path_buf(), reason });
    }
    Ok(Some(meta))
}

/// Writes `meta.json` atomically, with the digest of the config it holds ([`Meta::config_digest`]).
pub fn write_meta(folder: &Path, meta: &Meta) -> Result<(), ExperimentError> {
    let meta = Meta { config_digest: meta.config.digest(), ..meta.clone() };
    let mut json = serde_json::to_string_pretty(&meta).expect("meta always serializes");
    json.push('\n');
    write_atomic(&folder.join(META_FILE), json.as_bytes())
}

/// Whether `header` names columns of [`COLUMNS`] only, each once: the current header, an older
/// one (fewer columns), or a hand-made file of some of them. Rows are read by these names; a row
/// without a column every run has is refused by its line.
fn known_header(header: &csv::StringRecord) -> bool {
    let mut seen = std::collections::HashSet::new();
    header.iter().all(|name| COLUMNS.contains(&name) && seen.insert(name))
}

/// Reads every row of `runs.csv` (none when it does not exist) for `run --resume` and `merge`, as
/// [`read_rows`] reads it; a last line without its newline is a write cut short by a crash: it is
/// left out, and the flag says so (the run that resumes the folder drops it).
pub fn read_runs(path: &Path) -> Result<(Vec<RunRow>, bool), ExperimentError> {
    match fs::metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok((Vec::new(), false)),
        _ => read_rows(path, None),
    }
}

/// Reads `runs.csv` for the report, the figures and the Python module, as [`read_rows`] reads it
/// (with `experiment`, rows of another experiment are refused too). A last line cut short is an
/// error here, with the hint to resume the run, which drops it and completes the folder.
pub fn read_runs_by_name(path: &Path, experiment: Option<&str>) -> Result<Vec<RunRow>, ExperimentError> {
    let (rows, torn) = read_rows(path, experiment)?;
    if torn {
        return Err(ExperimentError::Corrupt {
            path: path.to_path_buf(),
            message: "its last line is cut short (a run stopped while writing it); \
                      `sudoku-lab run CONFIG --out FOLDER --resume` drops that line and completes the runs"
                .into(),
        });
    }
    Ok(rows)
}

/// The one way `runs.csv` is read, by every command: an empty file holds no rows; a file that is
/// not text (refused at the line and column of its first byte that is no UTF-8, or of a NUL), or
/// whose header names a column that is no column of [`COLUMNS`] (or one twice), is refused
/// (missing optional columns read as empty); a line that repeats the header (two files joined) is
/// refused by its line; every row is checked ([`super::validate`]: the first bad row is the
/// error, with its file line and the column of its bad field). Rows are read by the header's
/// names. Returns the rows and whether the last line lacks its newline (a write cut short): that
/// line is left out.
pub fn read_rows(path: &Path, experiment: Option<&str>) -> Result<(Vec<RunRow>, bool), ExperimentError> {
    let bytes = fs::read(path).map_err(io_at(path))?;
    let corrupt = |message: String| ExperimentError::Corrupt { path: path.to_path_buf(), message };
    let bad_byte = |(line, column): (usize, usize), message: String| BadRow {
        at: Location::new(path.display().to_string(), line, column),
        column: None,
        message,
    };
    let text = match std::str::from_utf8(&bytes) {
        Ok(text) => text,
        Err(_) => {
            let e = crate::format::text_of(bytes.clone(), "").expect_err("not UTF-8");
            return Err(bad_byte((e.at.line, e.at.column), e.kind.to_string()).into());
        }
    };
    if let Some(nul) = text.find('\0') {
        return Err(bad_byte(Places::new(text).of_byte(nul), "a NUL byte; expected CSV text".into()).into());
    }
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let torn = whole < bytes.len();
    let mut reader = csv::Reader::from_reader(&bytes[..whole]);
    let header = reader.headers().map_err(|e| corrupt(format!("bad header: {e}")))?.clone();
    if header.is_empty() || header.iter().all(str::is_empty) {
        return Ok((Vec::new(), torn));
    }
    if !known_header(&header) {
        return Err(corrupt(format!("unexpected header; expected the columns {}", COLUMNS.join(","))));
    }
    Ok((checked_rows(&mut reader, &header, path, text, experiment)?, torn))
}

/// Every row after `header`, deserialized by the header's names and checked ([`RowChecker`]);
/// `text` is the file's, where a bad row's line and the column of its bad field are found.
fn checked_rows<R: Read>(
    reader: &mut csv::Reader<R>,
    header: &csv::StringRecord,
    path: &Path,
    text: &str,
    experiment: Option<&str>,
) -> Result<Vec<RunRow>, ExperimentError> {
    let mut checker = RowChecker::new(path, experiment);
    let mut places = Places::new(text);
    let bad = |(line, column): (usize, usize), message: String| BadRow {
        at: Location::new(path.display().to_string(), line, column),
        column: None,
        message,
    };
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| {
            let start = places.row_start(e.position().map_or(text.len(), |p| p.byte() as usize));
            let message = match e.kind() {
                csv::ErrorKind::UnequalLengths { len, .. } => {
                    format!("not a row of {} columns: it has {len}", header.len())
                }
                _ => format!("not a row of {} columns: {e}", header.len()),
            };
            bad(places.of_byte(start), message)
        })?;
        let start = places.row_start(record.position().map_or(0, |p| p.byte() as usize));
        let (line, _) = places.of_byte(start);
        if record == *header {
            let message = "the header again: two runs.csv files joined? keep the first header only".to_string();
            return Err(bad((line, 1), message).into());
        }
        let row: RunRow = record.deserialize(Some(header)).map_err(|e| match e.kind() {
            csv::ErrorKind::Deserialize { err, .. } => {
                // A typed column's own error (an unknown outcome word) comes without its field:
                // the field is the one whose value its type refuses.
                let typed = || refused_word(header, &record);
                match err.field().map(|f| f as usize).or_else(typed) {
                    Some(field) => {
                        let name = header.get(field).unwrap_or("?");
                        let value = record.get(field).unwrap_or("");
                        bad(places.of_field(start, field), format!("{name} = '{value}': {}", err.kind()))
                    }
                    None => bad((line, 1), e.to_string()),
                }
            }
            _ => bad((line, 1), e.to_string()),
        })?;
        checker.check(line, &row).map_err(|mut e| {
            let field = e.column.and_then(|c| header.iter().position(|h| h == c));
            (e.at.line, e.at.column) = field.map_or((line, 1), |f| places.of_field(start, f));
            e
        })?;
        rows.push(row);
    }
    Ok(rows)
}

/// The field of `record` holding a word its column's type does not know (`outcome`,
/// `certificate`), if any: serde's error for such a word does not say which field it came from.
fn refused_word(header: &csv::StringRecord, record: &csv::StringRecord) -> Option<usize> {
    type Knows = fn(&str) -> bool;
    let known: [(&str, Knows); 2] = [
        ("outcome", |w| RunOutcome::parse(w).is_some()),
        ("certificate", |w| w.is_empty() || RunCertificate::parse(w).is_some()),
    ];
    header.iter().enumerate().find_map(|(field, name)| {
        let (_, knows) = known.iter().find(|(column, _)| *column == name)?;
        (!knows(record.get(field)?.trim())).then_some(field)
    })
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
        // The header and row of a release before `winner`, `lp_solves`, `cpu_seconds` and the
        // instance-set columns.
        let full = String::from_utf8(csv_text(std::slice::from_ref(&row), true)).unwrap();
        let cut = |line: &str| line.split(',').take(COLUMNS.len() - 7).collect::<Vec<_>>().join(",");
        let old: String = full.lines().map(|l| cut(l) + "\n").collect();
        fs::write(&path, &old).unwrap();
        assert_eq!(read_runs(&path).unwrap(), (vec![row.clone()], false), "missing columns read as empty");
        let mut appender = RunsAppender::open(&path).unwrap();
        let newer = RunRow {
            solver: "portfolio".into(),
            winner: Some("sat".into()),
            lp_solves: Some(2),
            cpu_seconds: Some(0.5),
            ..row.clone()
        };
        appender.append(std::slice::from_ref(&newer)).unwrap();
        assert_eq!(read_runs(&path).unwrap(), (vec![row, newer], false), "the old row kept, the new one whole");
        assert!(fs::read_to_string(&path).unwrap().starts_with(&COLUMNS.join(",")));
        // A header that is no release's is still refused.
        fs::write(&path, "experiment,box_rows,colour\n").unwrap();
        assert!(read_runs(&path).is_err());
    }

    #[test]
    fn every_reader_refuses_what_is_no_runs_csv_naming_the_line_and_column() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(RUNS_FILE);
        let row = crate::experiment::record::tests::row();
        let one = csv_text(std::slice::from_ref(&row), true);
        let err = |bytes: &[u8]| {
            fs::write(&path, bytes).unwrap();
            let (a, b) =
                (read_runs(&path).unwrap_err().to_string(), read_runs_by_name(&path, None).unwrap_err().to_string());
            assert_eq!(a, b, "both readers say the same");
            a
        };
        // An empty file holds no rows, for both.
        fs::write(&path, b"").unwrap();
        assert_eq!(read_runs(&path).unwrap(), (Vec::new(), false));
        assert_eq!(read_runs_by_name(&path, None).unwrap(), Vec::new());
        // Bytes that are no text: the line and column of the first bad one.
        let e = err(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\xff\xfe\n");
        assert!(e.contains("runs.csv:1:1: byte 0x89 is no UTF-8; expected UTF-8 text"), "{e}");
        let e = err(b"experiment\nsmall\0\n");
        assert!(e.contains("runs.csv:2:6: a NUL byte; expected CSV text"), "{e}");
        let mut joined = one.clone();
        joined.extend_from_slice(&one);
        let e = err(&joined);
        assert!(e.contains("runs.csv:3:1: the header again"), "{e}");
        let absurd = String::from_utf8(one.clone()).unwrap().replacen(&format!(",{},", row.seconds), ",1e308,", 1);
        let e = err(absurd.as_bytes());
        // The column where the bad field starts.
        let col = absurd.lines().nth(1).unwrap().find(",1e308,").unwrap() + 2;
        assert!(e.contains(&format!("runs.csv:2:{col}: seconds = 1000")), "{e}");
        assert!(e.contains("more than any run measures"), "{e}");
        // A word a typed column does not know: the column where it starts, and the words it may be.
        let checked = RunRow { certificate: Some(RunCertificate::Checked), ..row.clone() };
        let text = String::from_utf8(csv_text(&[checked], true)).unwrap().replacen(",checked,", ",chekced,", 1);
        let e = err(text.as_bytes());
        let col = text.lines().nth(1).unwrap().find(",chekced,").unwrap() + 2;
        let said = format!("runs.csv:2:{col}: certificate = 'chekced': expected one of checked, failed, unproven, off");
        assert!(e.contains(&said), "{e}");
        // A cut last line: resume drops it; the report is told how to mend the folder.
        let mut cut = one.clone();
        cut.extend_from_slice(b"small,3,3,9,0.2,pla");
        fs::write(&path, &cut).unwrap();
        assert_eq!(read_runs(&path).unwrap(), (vec![row], true));
        let e = read_runs_by_name(&path, None).unwrap_err().to_string();
        assert!(e.contains("last line is cut short") && e.contains("--resume"), "{e}");
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
