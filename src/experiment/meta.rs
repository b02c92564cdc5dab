//! `meta.json`: what a results folder was made from and where — the resolved config, the shard,
//! the code (crate version, the git revision it was built from, the program that ran, HiGHS
//! version) and the machine (CPU model, cores).
//!
//! The git revision is recorded by the build script (`build.rs`) when the binary is built: a run
//! never starts git, never reads a checkout, and so records the same revision whatever folder it
//! runs in and whatever `GIT_DIR` says.
//!
//! The HiGHS version is asked of the linked library itself through its C API (`Highs_version`),
//! the same library `highs-sys` builds into this binary for [`crate::solve::ilp`].

use std::ffi::{c_char, CStr};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::config::{Config, Overrides};
use super::instances::Shard;
use crate::external::definition::Written;

extern "C" {
    // HiGHS C API (`highs_c_api.h`): a static, NUL-terminated version string such as "1.11.0".
    fn Highs_version() -> *const c_char;
}

/// The machine a folder's runs were timed on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Machine {
    /// CPU model name (`/proc/cpuinfo`), or `unknown`.
    pub cpu: String,
    /// Logical cores available to the process.
    pub cores: usize,
    /// Operating system (`std::env::consts::OS`).
    pub os: String,
}

/// The contents of `meta.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Meta {
    /// The experiment's name (also in `config`; read on its own by the report).
    pub name: String,
    /// The resolved config: the values run, `run --repeats`/`--time-limit` included.
    pub config: Config,
    /// What `run --repeats`/`--time-limit` put in place of the config file's values (absent when
    /// nothing): `config` already holds them; a resume must run the same config.
    #[serde(default, skip_serializing_if = "Overrides::is_empty")]
    pub overrides: Overrides,
    /// The slice of the experiment this folder holds (`null` = all of it).
    pub shard: Option<Shard>,
    /// Instances in this folder's slice.
    pub instances: usize,
    /// Runs (rows) when complete: instances × solvers.
    pub runs: usize,
    /// Worker processes used.
    pub jobs: usize,
    /// `sudoku-lab` version.
    pub crate_version: String,
    /// `git rev-parse HEAD` of the source tree at build time (`+dirty` with uncommitted changes),
    /// or `unknown`.
    pub git_revision: String,
    /// The program that made the folder (`sudoku-lab`, or the Python interpreter running the
    /// module), as the operating system names it; empty in folders made before it was recorded.
    #[serde(default)]
    pub executable: String,
    /// HiGHS library version.
    pub highs_version: String,
    /// Where the runs were timed.
    pub machine: Machine,
    /// When the run started (UTC, RFC 3339).
    pub started: String,
    /// When it was resumed, each time.
    #[serde(default)]
    pub resumed: Vec<String>,
    /// When its last run finished (`null` while incomplete).
    pub finished: Option<String>,
    /// Each external solver's command, version and env as its file wrote them, by solver name:
    /// what [`Config::identity`] compares, so that the same experiment run from two checkouts
    /// resumes and merges (`config` holds them resolved, with this checkout's paths).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub external_as_written: std::collections::BTreeMap<String, Written>,
    /// The first line of each external solver's `version` command, by solver name.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub external_versions: std::collections::BTreeMap<String, String>,
    /// What kept the run's processes from outliving it on this machine (a cgroup v2 per worker,
    /// or the fallback: parent-death signal, subreaper, process marks), in words.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub containment: String,
    /// Each instance set's files, with their sizes and SHA-256 digests, as the folder was started
    /// with: `run --resume` and `merge` refuse files that changed since.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<super::sets::SetRecord>,
    /// The proof checker that judged the runs' certificates (name, program, version); `null` when
    /// certification was off, and in folders made before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checker: Option<crate::certificates::Checker>,
    /// For a merged folder: the shard folders' own `meta.json`, in shard order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged_from: Vec<Meta>,
    /// [`Config::digest`] of `config`, set whenever the file is written: a hand edit of the config
    /// afterwards (say of `time_limit`) no longer matches it. Empty in folders made before it was
    /// recorded, which are not checked.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub config_digest: String,
}

/// What is said of a `meta.json` whose config no longer matches its `config_digest`, with the
/// time limit it now holds (the one value every report and figure reads from it).
pub fn edited_words(config: &Config) -> String {
    format!(
        "meta.json was edited after the run wrote it: its config no longer matches the config_digest written with \
         it (its time_limit now says {} s)",
        config.time_limit
    )
}

impl Meta {
    /// `false` when `config` was changed after the file was written: it no longer matches
    /// [`Meta::config_digest`]. `true` for folders written before the digest was recorded.
    /// Call it after [`Meta::restore_as_written`] (the digest covers the definitions as written).
    pub fn config_intact(&self) -> bool {
        self.config_digest.is_empty() || self.config_digest == self.config.digest()
    }

    /// Gives the config's external solvers back what their files wrote
    /// ([`Meta::external_as_written`]), which `config` does not hold; done when `meta.json` is read.
    pub fn restore_as_written(&mut self) {
        for def in &mut self.config.external {
            def.written = self.external_as_written.get(&def.name).cloned();
        }
    }

    /// A fresh `meta.json` for a run starting now on this machine.
    pub fn new(config: &Config, shard: Option<Shard>, instances: usize, jobs: usize) -> Meta {
        Meta {
            name: config.name.clone(),
            config: config.clone(),
            overrides: config.overrides,
            shard,
            instances,
            runs: instances * config.runs_per_instance(),
            jobs,
            crate_version: env!("CARGO_PKG_VERSION").to_string(),
            git_revision: git_revision().to_string(),
            executable: executable(),
            highs_version: highs_version(),
            external_versions: config
                .external
                .iter()
                .filter_map(|d| Some((d.name.clone(), crate::external::version_of(d)?)))
                .collect(),
            containment: crate::solve::process::contain::containment(),
            sets: super::sets::records(&config.sets, &config.catalog, &config.folder),
            external_as_written: config
                .external
                .iter()
                .filter_map(|d| Some((d.name.clone(), d.written.clone()?)))
                .collect(),
            machine: machine(),
            started: now_utc(),
            resumed: Vec::new(),
            finished: None,
            checker: None,
            merged_from: Vec::new(),
            config_digest: config.digest(),
        }
    }
}

/// The HiGHS version string of the linked library.
pub fn highs_version() -> String {
    // SAFETY: `Highs_version` takes no arguments and returns a pointer to a static NUL-terminated
    // string owned by the library (or null, checked below); it has no side effects.
    let ptr = unsafe { Highs_version() };
    if ptr.is_null() {
        return "unknown".into();
    }
    // SAFETY: non-null, NUL-terminated and static, as above.
    unsafe { CStr::from_ptr(ptr) }.to_string_lossy().into_owned()
}

/// The git revision of the source tree this binary was built from, `+dirty` when it had
/// uncommitted changes; `unknown` when it was built without git or outside a checkout. Recorded by
/// the build script: no git process is started and no checkout is read.
pub fn git_revision() -> &'static str {
    env!("SUDOKU_LAB_GIT_REVISION")
}

/// The path of the running program (`unknown` when the operating system does not say).
pub fn executable() -> String {
    std::env::current_exe().map_or_else(|_| "unknown".into(), |p| p.display().to_string())
}

/// This machine: CPU model, cores, OS.
pub fn machine() -> Machine {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into());
    Machine { cpu, cores: available_cores(), os: std::env::consts::OS.to_string() }
}

/// Logical cores available to this process (1 when unknown).
pub fn available_cores() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

/// The current time, UTC, RFC 3339 to the second (`2025-01-31T12:00:00Z`).
pub fn now_utc() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    rfc3339(secs)
}

/// Seconds since the Unix epoch as RFC 3339 UTC, by the civil-from-days algorithm
/// (Howard Hinnant, "chrono-Compatible Low-Level Date Algorithms").
pub fn rfc3339(secs: u64) -> String {
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_rfc3339() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(1_735_689_599), "2024-12-31T23:59:59Z");
    }

    #[test]
    fn highs_reports_a_version() {
        let v = highs_version();
        assert!(v.split('.').count() >= 2, "{v}");
    }
}
