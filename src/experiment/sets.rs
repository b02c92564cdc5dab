//! Instance sets: the field's benchmarks and a user's own puzzle files as experiment instances.
//!
//! A config's `[[sets]]` tables name puzzle files by glob patterns relative to the config's
//! folder ([`SetConfig`]). [`resolve`] expands the patterns (sorted, each file once), reads every
//! file with [`crate::format`] (auto-detected per file unless the set names a format), and makes
//! each puzzle an instance — `repeats` of them, each with its own seed — with a stable id,
//! `FILE#NUMBER` (the file as the pattern matched it, puzzles numbered from 1 in file order), which
//! adding other files or sets never changes; the file is its canonical path (symlinks and `..`
//! resolved) relative to the config's canonical folder, so an id depends on the files and the
//! config's folder only, never on how the config's path or a pattern was spelled, and a file
//! matched twice (two patterns, `p/../p/a.txt`, a symlink loop under `**`) is read once. A set
//! never reads a file inside a results folder of the harness (a folder whose `meta.json` is
//! sudoku-lab's): `**` from a project root would otherwise match a run's own `instances.txt`. N,
//! box and fill come from the puzzle. Its **expected
//! verdict** comes from the set's `expect` when given, else from the file: `PUZZLE:COUNT[:SOLUTION]`
//! gives a count (0 unsolvable, 1 unique, more solvable), `PUZZLE:SOLUTION` a solution (so
//! solvable); a puzzle with neither has no expectation. Every file's size and SHA-256 go into
//! `meta.json` ([`SetFile`]), so `run --resume` and `merge` can refuse files that changed.
//!
//! Everything is read and checked before the first run: a pattern that matches nothing, a file
//! whose name holds a control character (a newline would break `instances.txt`), an unreadable
//! file, a byte that is no UTF-8, a malformed puzzle, a solution given with a puzzle that does not
//! solve it, or a set name used twice is a [`SetError`] naming the config key, and the file, line
//! and column where there is one.

use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::format::{self, Format, Location};
use crate::grid::{Grid, Shape};
use crate::verify;

/// The fill bin width of a set's report tables and figures when its puzzles span many fill levels.
pub const DEFAULT_FILL_BIN: f64 = 0.05;

/// The `mode` column of every run on a set's puzzle (its `set` column names the set).
pub const SET_MODE: &str = "set";

/// Words a set may not be named: the instance modes, which the report groups beside sets, and the
/// modes the report sees generated Latin squares as (`qwh`, `qcp`: `results::view`), so a set's
/// puzzles are never taken for generated ones (solvable by construction, say).
pub(crate) const RESERVED_NAMES: [&str; 6] = ["random", "planted", "unique", SET_MODE, "qwh", "qcp"];

/// What a puzzle is expected to have: at least one solution, none, or exactly one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Expect {
    /// At least one solution.
    Solvable,
    /// No solution.
    Unsolvable,
    /// Exactly one solution.
    Unique,
}

impl Expect {
    /// The verdict a solution count gives: 0 unsolvable, 1 unique, more solvable.
    pub fn of_count(count: u64) -> Expect {
        match count {
            0 => Expect::Unsolvable,
            1 => Expect::Unique,
            _ => Expect::Solvable,
        }
    }

    /// The verdict its word names (`solvable`, `unsolvable`, `unique`: the `expected` column).
    pub fn parse(word: &str) -> Option<Expect> {
        [Expect::Solvable, Expect::Unsolvable, Expect::Unique].into_iter().find(|e| e.name() == word.trim())
    }

    /// Its word, as in configs and the `expected` column.
    pub fn name(self) -> &'static str {
        match self {
            Expect::Solvable => "solvable",
            Expect::Unsolvable => "unsolvable",
            Expect::Unique => "unique",
        }
    }
}

/// A `[[sets]]` table of a config, as written (and as `meta.json` records it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetConfig {
    /// A short name: the `set` column, the report's and the figures' label.
    pub name: String,
    /// Glob patterns of puzzle files, relative to the config file's folder.
    pub files: Vec<String>,
    /// The files' format; auto-detected per file when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<Format>,
    /// The box shape (`RxC`) of puzzles whose shape is not the default for their size.
    #[serde(default, rename = "box", skip_serializing_if = "Option::is_none")]
    pub shape: Option<String>,
    /// The expected verdict of every puzzle of the set (overrides what the files say).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<Expect>,
    /// Runs per puzzle and solver, each with its own seed.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub repeats: u32,
    /// Width of the fill bins the report and figures group the puzzles by, when they span many
    /// fill levels ([`DEFAULT_FILL_BIN`] when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fill_bin: Option<f64>,
}

fn one() -> u32 {
    1
}

fn is_one(v: &u32) -> bool {
    *v == 1
}

/// One file of a set, as `meta.json` records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetFile {
    /// The file as its pattern matched it, relative to the config's folder, with `/` separators.
    pub path: String,
    /// Its size in bytes.
    pub bytes: u64,
    /// The SHA-256 of its content, in hex.
    pub sha256: String,
}

/// One puzzle of a set.
#[derive(Debug, Clone, PartialEq)]
pub struct SetPuzzle {
    /// Index of its file in [`ResolvedSet::files`].
    pub file: usize,
    /// Its number in the file, from 1.
    pub number: usize,
    /// The 1-based line it starts on.
    pub line: usize,
    /// The puzzle.
    pub puzzle: Grid,
    /// A solution given with it, if any.
    pub solution: Option<Grid>,
    /// Its expected verdict, if any.
    pub expected: Option<Expect>,
}

/// A set with its files read.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ResolvedSet {
    /// Its files in id order (sorted paths).
    pub files: Vec<SetFile>,
    /// Every puzzle, file by file.
    pub puzzles: Vec<SetPuzzle>,
}

impl ResolvedSet {
    /// The stable id of puzzle `i`: `FILE#NUMBER`.
    pub fn id(&self, i: usize) -> String {
        let p = &self.puzzles[i];
        format!("{}#{}", self.files[p.file].path, p.number)
    }
}

/// Every set of a config, resolved, in config order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Catalog {
    /// One per `[[sets]]` table.
    pub sets: Vec<ResolvedSet>,
}

/// A set that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct SetError {
    /// The config key it is about (`sets[1].files[0]`, `sets[2]`).
    pub key: String,
    /// What is wrong, naming the file (and its line and column) where there is one.
    pub message: String,
}

/// Checks the tables themselves: names, repeats, fill bins, box shapes.
pub fn check(sets: &[SetConfig]) -> Result<(), SetError> {
    let bad = |i: usize, key: &str, message: String| SetError { key: format!("sets[{i}]{key}"), message };
    let mut names = BTreeSet::new();
    for (i, set) in sets.iter().enumerate() {
        let name_ok = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
        if set.name.is_empty() || !set.name.chars().all(name_ok) || set.name.starts_with(['.', '-']) {
            let why = format!("set name '{}': use letters, digits, '-', '_' and '.'", set.name);
            return Err(bad(i, ".name", why));
        }
        if RESERVED_NAMES.contains(&set.name.as_str()) {
            let why = format!("'{}' names an instance mode; give the set another name", set.name);
            return Err(bad(i, ".name", why));
        }
        if !names.insert(set.name.as_str()) {
            return Err(bad(i, ".name", format!("set name '{}' is used twice", set.name)));
        }
        if set.files.is_empty() {
            return Err(bad(i, ".files", "no file pattern: give files = [\"puzzles/*.txt\", …]".into()));
        }
        if set.repeats == 0 {
            return Err(bad(i, ".repeats", "0 repeats run nothing; give 1 or more".into()));
        }
        if let Some(w) = set.fill_bin.filter(|w| !(*w > 0.0 && *w <= 1.0)) {
            return Err(bad(i, ".fill_bin", format!("fill_bin = {w}; expected a width in (0, 1], e.g. 0.05")));
        }
        if let Some(shape) = &set.shape {
            shape.parse::<Shape>().map_err(|e| bad(i, ".box", e.to_string()))?;
        }
    }
    Ok(())
}

/// Reads every set of a config whose folder is `folder` (see the module doc).
///
/// Complexity: O(total bytes of the files) time and space.
pub fn resolve(sets: &[SetConfig], folder: &Path) -> Result<Catalog, SetError> {
    check(sets)?;
    let mut catalog = Catalog::default();
    for (i, set) in sets.iter().enumerate() {
        catalog.sets.push(resolve_one(i, set, folder)?);
    }
    Ok(catalog)
}

/// The files a set's patterns match, in id order, each with its id path (see the module doc) and
/// its canonical path.
fn matched_files(i: usize, set: &SetConfig, folder: &Path) -> Result<Vec<(String, PathBuf)>, SetError> {
    let here = if folder.as_os_str().is_empty() { Path::new(".") } else { folder };
    let base = std::fs::canonicalize(here).unwrap_or_else(|_| here.to_path_buf());
    let mut results = ResultsFolders::default();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut out = Vec::new();
    for (j, pattern) in set.files.iter().enumerate() {
        let key = format!("sets[{i}].files[{j}]");
        let full = if Path::new(pattern).is_absolute() { PathBuf::from(pattern) } else { folder.join(pattern) };
        let paths = glob::glob(&full.to_string_lossy())
            .map_err(|e| SetError { key: key.clone(), message: format!("'{pattern}' is no glob pattern: {e}") })?;
        let (mut found, mut in_results): (Vec<(String, PathBuf)>, usize) = (Vec::new(), 0);
        for entry in paths {
            let path = entry.map_err(|e| SetError { key: key.clone(), message: format!("cannot read {e}") })?;
            // A broken symlink, or one in a loop, names no file.
            let Ok(real) = std::fs::canonicalize(&path) else { continue };
            if !real.is_file() {
                continue;
            }
            if results.holds(&real) {
                in_results += 1;
                continue;
            }
            let shown = pathdiff::diff_paths(&real, &base).unwrap_or_else(|| real.clone());
            let shown = shown.to_string_lossy().replace('\\', "/");
            if let Some(c) = shown.chars().find(|c| c.is_control()) {
                let message = format!(
                    "'{}' has a control character (U+{:04X}) in its name; rename the file: an instance's id \
                     names it on one line of instances.txt, runs.csv and the report",
                    shown.escape_debug(),
                    u32::from(c)
                );
                return Err(SetError { key, message });
            }
            found.push((shown, real));
        }
        if found.is_empty() {
            let looked = if folder.as_os_str().is_empty() { ".".to_string() } else { folder.display().to_string() };
            let skipped = match in_results {
                0 => String::new(),
                k => format!("; {k} file(s) inside results folders of sudoku-lab are never read as puzzles"),
            };
            let message = format!("'{pattern}' matches no file (relative to the config's folder, {looked}){skipped}");
            return Err(SetError { key, message });
        }
        for (shown, path) in found {
            if seen.insert(shown.clone()) {
                out.push((shown, path));
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

/// Which folders are results folders of the harness (hold a `meta.json` written by `run`),
/// remembered per folder.
#[derive(Default)]
struct ResultsFolders(std::collections::HashMap<PathBuf, bool>);

impl ResultsFolders {
    /// `true` when `file` lies inside a results folder, at any depth.
    fn holds(&mut self, file: &Path) -> bool {
        file.ancestors().skip(1).any(|dir| *self.0.entry(dir.to_path_buf()).or_insert_with(|| is_results_folder(dir)))
    }
}

/// `true` when `dir/meta.json` is one `run` wrote: a JSON object with the resolved `config` and
/// the `crate_version` beside it.
fn is_results_folder(dir: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(dir.join(META_JSON)) else { return false };
    serde_json::from_str::<serde_json::Value>(&text)
        .is_ok_and(|m| m.get("config").is_some_and(|c| c.is_object()) && m.get("crate_version").is_some())
}

/// The file [`is_results_folder`] looks for (the runner's `META_FILE`).
const META_JSON: &str = "meta.json";

/// Reads one set (the `i`-th of its config).
fn resolve_one(i: usize, set: &SetConfig, folder: &Path) -> Result<ResolvedSet, SetError> {
    let shape = set.shape.as_ref().map(|s| s.parse::<Shape>().expect("checked"));
    let mut resolved = ResolvedSet::default();
    for (shown, path) in matched_files(i, set, folder)? {
        let key = format!("sets[{i}]");
        let bytes = read_file(&path)
            .map_err(|e| SetError { key: key.clone(), message: format!("cannot read {}: {e}", path.display()) })?;
        let text = format::text_of(bytes.clone(), &path.display().to_string())
            .map_err(|e| SetError { key: key.clone(), message: e.to_string() })?;
        let entries = format::parse(&text, &path.display().to_string(), set.format, shape)
            .map_err(|e| SetError { key: key.clone(), message: in_config_words(&e.to_string()) })?;
        let file = resolved.files.len();
        if let Some(bad) =
            entries.iter().find(|e| e.solution.as_ref().is_some_and(|s| !verify::is_solution_of(&e.puzzle, s)))
        {
            let message = format!(
                "{}: the solution given with the puzzle is not a solution of it (a wrong line, or a wrong file)",
                Location::line(path.display().to_string(), bad.line)
            );
            return Err(SetError { key: key.clone(), message });
        }
        for (k, entry) in entries.into_iter().enumerate() {
            let expected = set.expect.or(match (entry.count, &entry.solution) {
                (Some(c), _) => Some(Expect::of_count(c)),
                (None, Some(_)) => Some(Expect::Solvable),
                (None, None) => None,
            });
            resolved.puzzles.push(SetPuzzle {
                file,
                number: k + 1,
                line: entry.line,
                puzzle: entry.puzzle,
                solution: entry.solution,
                expected,
            });
        }
        resolved.files.push(SetFile { path: shown, bytes: bytes.len() as u64, sha256: sha256_hex(&bytes) });
    }
    Ok(resolved)
}

/// A reader's message with the command line's flags said as a set's keys.
fn in_config_words(message: &str) -> String {
    message
        .replace("pass --input-format grid", "give the set format = \"grid\"")
        .replace("pass --input-format line", "give the set format = \"line\"")
        .replace("--input-format json", "format = \"json\"")
        .replace("--input-format", "the set's format")
        .replace("with --box RxC", "with the set's box = \"RxC\"")
        .replace("--box", "the set's box")
}

/// The whole content of a file.
fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The SHA-256 of `bytes` in lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// What differs between the files a folder was started with (`recorded`, set name → files) and
/// the files of `catalog` now: the first file added, removed or changed, in words; `None` when
/// they are the same.
pub fn changed_file(sets: &[SetConfig], recorded: &[SetRecord], catalog: &Catalog) -> Option<String> {
    for (set, now) in sets.iter().zip(&catalog.sets) {
        let Some(then) = recorded.iter().find(|r| r.name == set.name) else {
            return Some(format!("set {} is not in the folder's meta.json", set.name));
        };
        for file in &now.files {
            match then.files.iter().find(|f| f.path == file.path) {
                None => return Some(format!("{} is new in set {}", file.path, set.name)),
                Some(old) if old != file => {
                    return Some(format!(
                        "{} changed since the folder was started (SHA-256 {} then, {} now)",
                        file.path,
                        short(&old.sha256),
                        short(&file.sha256)
                    ))
                }
                Some(_) => {}
            }
        }
        if let Some(gone) = then.files.iter().find(|f| !now.files.iter().any(|n| n.path == f.path)) {
            return Some(format!("{} of set {} is gone", gone.path, set.name));
        }
    }
    None
}

/// The first 12 hex digits of a digest.
fn short(hex: &str) -> &str {
    &hex[..hex.len().min(12)]
}

/// A set's files as `meta.json` records them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetRecord {
    /// The set's name.
    pub name: String,
    /// The folder its patterns were matched in (the config's), absolute when known.
    pub folder: String,
    /// Its files, in id order.
    pub files: Vec<SetFile>,
}

/// The records of `catalog`'s sets, matched in `folder` (recorded absolute when it can be
/// resolved; the empty folder of a bare config file name is the current one).
pub fn records(sets: &[SetConfig], catalog: &Catalog, folder: &Path) -> Vec<SetRecord> {
    let here = if folder.as_os_str().is_empty() { Path::new(".") } else { folder };
    let folder = std::fs::canonicalize(here).unwrap_or_else(|_| folder.to_path_buf());
    sets.iter()
        .zip(&catalog.sets)
        .map(|(s, r)| SetRecord { name: s.name.clone(), folder: folder.display().to_string(), files: r.files.clone() })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// P's one solution.
    const S: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn set(name: &str, files: &[&str]) -> SetConfig {
        SetConfig {
            name: name.into(),
            files: files.iter().map(|f| f.to_string()).collect(),
            format: None,
            shape: None,
            expect: None,
            repeats: 1,
            fill_bin: None,
        }
    }

    #[test]
    fn puzzles_get_stable_ids_and_expected_verdicts_from_their_lines() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("d")).unwrap();
        std::fs::write(dir.path().join("d/b.txt"), format!("{P}:0\n{P}:3\n")).unwrap();
        std::fs::write(dir.path().join("d/a.txt"), format!("# a comment\n{P}\n{P}:1:{S}\n")).unwrap();
        let catalog = resolve(&[set("mine", &["d/*.txt"])], dir.path()).unwrap();
        let s = &catalog.sets[0];
        let ids: Vec<String> = (0..s.puzzles.len()).map(|i| s.id(i)).collect();
        assert_eq!(ids, ["d/a.txt#1", "d/a.txt#2", "d/b.txt#1", "d/b.txt#2"]);
        let expected: Vec<Option<Expect>> = s.puzzles.iter().map(|p| p.expected).collect();
        assert_eq!(expected, [None, Some(Expect::Unique), Some(Expect::Unsolvable), Some(Expect::Solvable)]);
        assert_eq!((s.puzzles[0].line, s.puzzles[1].line), (2, 3));
        assert_eq!(s.files[0].sha256, sha256_hex(&std::fs::read(dir.path().join("d/a.txt")).unwrap()));
        // Adding a file before them changes no id.
        std::fs::write(dir.path().join("d/0.txt"), format!("{P}\n")).unwrap();
        let more = resolve(&[set("mine", &["d/*.txt"])], dir.path()).unwrap();
        assert_eq!(more.sets[0].id(1), "d/a.txt#1");
        let unique = SetConfig { expect: Some(Expect::Unique), ..set("mine", &["d/b.txt"]) };
        let forced = resolve(&[unique], dir.path()).unwrap();
        assert!(forced.sets[0].puzzles.iter().all(|p| p.expected == Some(Expect::Unique)), "expect overrides");
    }

    #[test]
    fn bad_sets_are_refused_naming_the_key_and_the_file() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("bad.txt"), format!("{P}\n{}x\n", &P[..80])).unwrap();
        let err = |sets: &[SetConfig]| resolve(sets, dir.path()).unwrap_err();
        let e = err(&[set("s", &["none-*.txt"])]);
        assert_eq!(e.key, "sets[0].files[0]");
        assert!(e.message.contains("'none-*.txt' matches no file"), "{e}");
        let e = err(&[set("s", &["bad.txt"])]);
        assert!(e.message.contains("bad.txt:2:81"), "file, line and column: {e}");
        let e = err(&[set("s", &["bad.txt"]), set("s", &["bad.txt"])]);
        assert_eq!((e.key.as_str(), e.message.as_str()), ("sets[1].name", "set name 's' is used twice"));
        assert!(err(&[set("planted", &["bad.txt"])]).message.contains("names an instance mode"));
        for mode in ["qwh", "qcp", "unique", "random"] {
            assert!(err(&[set(mode, &["bad.txt"])]).message.contains("names an instance mode"), "{mode}");
        }
        let e = err(&[SetConfig { shape: Some("3x".into()), ..set("s", &["bad.txt"]) }]);
        assert_eq!(e.key, "sets[0].box");
        // A given solution that does not solve its puzzle: the file is wrong, nothing runs.
        let wrong = P.replace('.', "1");
        std::fs::write(dir.path().join("wrong.txt"), format!("{P}\n{P}:{wrong}\n")).unwrap();
        let e = err(&[set("s", &["wrong.txt"])]);
        assert!(e.message.contains("wrong.txt:2: the solution given with the puzzle is not a solution of it"), "{e}");
    }

    #[test]
    fn ids_are_canonical_paths_relative_to_the_configs_folder_and_each_file_is_read_once() {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap();
        let p = root.join("p");
        std::fs::create_dir_all(&p).unwrap();
        std::fs::write(p.join("a.txt"), format!("{P}\n")).unwrap();
        // A symlink loop under `**`, and the same file spelled two ways.
        std::os::unix::fs::symlink("..", p.join("loop")).unwrap();
        let abs = format!("{}/**/*.txt", root.display());
        let sets = [set("s", &["**/*.txt", "p/../p/a.txt", &abs])];
        let ids = |folder: &Path| {
            let catalog = resolve(&sets, folder).unwrap();
            (0..catalog.sets[0].puzzles.len()).map(|i| catalog.sets[0].id(i)).collect::<Vec<_>>()
        };
        assert_eq!(ids(&root), ["p/a.txt#1"], "one file, one puzzle");
        // The config's folder spelled relative to the working folder gives the same ids.
        let cwd = std::env::current_dir().unwrap();
        let relative = pathdiff::diff_paths(&root, &cwd).unwrap();
        assert_eq!(ids(&relative), ["p/a.txt#1"]);
    }

    #[test]
    fn a_results_folder_of_the_harness_is_never_read_as_puzzles() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("p")).unwrap();
        std::fs::write(dir.path().join("p/a.txt"), format!("{P}\n")).unwrap();
        let res = dir.path().join("results/run");
        std::fs::create_dir_all(res.join("sub")).unwrap();
        std::fs::write(res.join("instances.txt"), format!("{P}\n")).unwrap();
        std::fs::write(res.join("sub/more.txt"), format!("{P}\n")).unwrap();
        std::fs::write(res.join(META_JSON), r#"{"name":"x","config":{},"crate_version":"0.1.0"}"#).unwrap();
        let catalog = resolve(&[set("s", &["**/*.txt"])], dir.path()).unwrap();
        assert_eq!(catalog.sets[0].files.iter().map(|f| f.path.as_str()).collect::<Vec<_>>(), ["p/a.txt"]);
        let e = resolve(&[set("s", &["results/**/*.txt"])], dir.path()).unwrap_err();
        assert!(e.message.contains("2 file(s) inside results folders of sudoku-lab are never read"), "{e}");
        // A meta.json that is not the harness's keeps its folder readable.
        std::fs::write(res.join(META_JSON), r#"{"name":"x"}"#).unwrap();
        assert_eq!(resolve(&[set("s", &["**/*.txt"])], dir.path()).unwrap().sets[0].files.len(), 3);
        assert_eq!(META_JSON, crate::experiment::folder::META_FILE);
    }

    #[test]
    fn a_changed_file_is_named() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.txt"), format!("{P}\n")).unwrap();
        let sets = [set("s", &["*.txt"])];
        let then = records(&sets, &resolve(&sets, dir.path()).unwrap(), dir.path());
        assert_eq!(changed_file(&sets, &then, &resolve(&sets, dir.path()).unwrap()), None);
        std::fs::write(dir.path().join("a.txt"), format!("{P}\n{P}\n")).unwrap();
        let said = changed_file(&sets, &then, &resolve(&sets, dir.path()).unwrap()).unwrap();
        assert!(said.starts_with("a.txt changed since the folder was started"), "{said}");
        std::fs::write(dir.path().join("b.txt"), format!("{P}\n")).unwrap();
        std::fs::write(dir.path().join("a.txt"), format!("{P}\n")).unwrap();
        let said = changed_file(&sets, &then, &resolve(&sets, dir.path()).unwrap()).unwrap();
        assert_eq!(said, "b.txt is new in set s");
    }
}
