//! The data directory: saved games, the ranking and the settings, each one JSON file.
//!
//! Files are written atomically (a temporary file in the same directory, flushed, then renamed
//! over the old one), so a crash never leaves half a file. A file that does not parse is never
//! overwritten: it is renamed aside to `NAME.corrupt-<unix seconds>`, reported, and the game goes
//! on with an empty value.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::de::DeserializeOwned;
use serde::Serialize;
use thiserror::Error;

/// The saved games.
pub const GAMES: &str = "games.json";
/// The ranking.
pub const RANKING: &str = "ranking.json";
/// The settings (player, theme, last size and difficulty).
pub const SETTINGS: &str = "settings.json";

/// A failure to read or write the data directory.
#[derive(Debug, Error)]
pub enum StoreError {
    /// No home directory to put the data directory in.
    #[error("no data directory could be found for this user; pass --data-dir")]
    NoDataDir,
    /// A file could not be read, written or renamed.
    #[error("{action} {path}")]
    Io {
        /// What was being done.
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// A value could not be turned into JSON.
    #[error("encoding {path} as JSON")]
    Encode {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: serde_json::Error,
    },
}

/// The data directory.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
}

/// A value read from the store, with a warning when its file was corrupt and moved aside.
#[derive(Debug)]
pub struct Loaded<T> {
    /// The value (the default when the file was missing or corrupt).
    pub value: T,
    /// What happened to a corrupt file.
    pub warning: Option<String>,
}

impl Store {
    /// The store in `dir`, or in the user's data directory (XDG on Linux) when `None`.
    pub fn open(dir: Option<PathBuf>) -> Result<Store, StoreError> {
        let dir = match dir {
            Some(d) => d,
            None => directories::ProjectDirs::from("", "", "sudoku-lab")
                .ok_or(StoreError::NoDataDir)?
                .data_dir()
                .to_path_buf(),
        };
        Ok(Store { dir })
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Reads `name`: the default when missing; when it does not parse (bad bytes, bad JSON, or
    /// values such as a box shape that are out of range), the file is renamed aside and the
    /// default returned with a warning.
    pub fn load<T: DeserializeOwned + Default>(&self, name: &str) -> Result<Loaded<T>, StoreError> {
        let path = self.dir.join(name);
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Loaded { value: T::default(), warning: None })
            }
            Err(source) => return Err(StoreError::Io { action: "reading", path, source }),
        };
        // Bytes that are no UTF-8 are as corrupt as JSON that does not parse (serde says so).
        match serde_json::from_slice(&bytes) {
            Ok(value) => Ok(Loaded { value, warning: None }),
            Err(err) => {
                let aside = self.dir.join(format!("{name}.corrupt-{}", unix_seconds()));
                fs::rename(&path, &aside).map_err(|source| StoreError::Io { action: "moving aside", path, source })?;
                let warning = format!("{name} was corrupt ({err}); kept as {}", aside.display());
                Ok(Loaded { value: T::default(), warning: Some(warning) })
            }
        }
    }

    /// Writes `value` to `name` atomically (temporary file, then rename).
    pub fn save<T: Serialize>(&self, name: &str, value: &T) -> Result<(), StoreError> {
        let path = self.dir.join(name);
        fs::create_dir_all(&self.dir).map_err(io("creating", &self.dir))?;
        let text =
            serde_json::to_string_pretty(value).map_err(|source| StoreError::Encode { path: path.clone(), source })?;
        let tmp = self.dir.join(format!(".{name}.tmp-{}", std::process::id()));
        let mut file = fs::File::create(&tmp).map_err(io("creating", &tmp))?;
        file.write_all(text.as_bytes()).map_err(io("writing", &tmp))?;
        file.sync_all().map_err(io("flushing", &tmp))?;
        fs::rename(&tmp, &path).map_err(io("renaming into place", &path))
    }
}

/// The error of `action` on `path`, for `map_err`.
fn io(action: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> StoreError {
    let path = path.to_path_buf();
    move |source| StoreError::Io { action, path, source }
}

/// Seconds since the Unix epoch (0 if the clock is before it).
pub fn unix_seconds() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_value_reads_back_and_a_missing_file_is_the_default() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::open(Some(tmp.path().join("data"))).unwrap();
        let empty: Loaded<Vec<u32>> = store.load(GAMES).unwrap();
        assert_eq!((empty.value, empty.warning), (vec![], None));
        store.save(GAMES, &vec![1u32, 2, 3]).unwrap();
        assert_eq!(store.load::<Vec<u32>>(GAMES).unwrap().value, vec![1, 2, 3]);
        let names: Vec<_> = fs::read_dir(store.dir()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, vec![std::ffi::OsString::from(GAMES)], "no temporary file left behind");
    }

    #[test]
    fn a_corrupt_file_is_moved_aside_reported_and_never_overwritten() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::open(Some(tmp.path().to_path_buf())).unwrap();
        fs::write(tmp.path().join(RANKING), "{ not json").unwrap();
        let loaded: Loaded<Vec<u32>> = store.load(RANKING).unwrap();
        assert!(loaded.value.is_empty());
        assert!(loaded.warning.unwrap().contains("corrupt"));
        store.save(RANKING, &vec![7u32]).unwrap();
        let aside: Vec<_> = fs::read_dir(tmp.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().contains(".corrupt-"))
            .collect();
        assert_eq!(aside.len(), 1);
        assert_eq!(fs::read_to_string(&aside[0]).unwrap(), "{ not json");
    }
}
