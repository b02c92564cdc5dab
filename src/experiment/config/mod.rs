//! Experiment configs: the TOML files under `experiments/`, read, checked and resolved.
//!
//! A config names a grid of runs: box shapes (or sizes, or Latin-square orders: `latin = [33]` is
//! `boxes = ["1x33"]`) × instance modes × levels × repeats, each instance solved by every listed
//! solver under one time limit and memory cap. `holes = ["uniform", "balanced"]` makes each
//! planted level once per hole pattern ([`Holes`]; uniform only when left out). The level axis
//! depends on the mode: modes `random` and `planted` sweep the fill fractions α of `alphas`; mode
//! `unique` (puzzles with exactly one solution, [`crate::puzzle`]) sweeps the ratings of
//! `difficulties` instead, each puzzle generated within `unique_budget` seconds. A key for a mode the
//! config does not use is an error, as is a used mode without its key. The file is read strictly
//! (an unknown key is an error, not a silently ignored typo) and every value is checked before any
//! results folder is touched. The resolved [`Config`] — sizes turned into box shapes, defaults
//! filled in — is what `meta.json` records, and it is itself a valid config file.
//!
//! Beside (or instead of) the generated grid, `[[sets]]` tables name puzzle files
//! ([`super::sets`]): they are read when the config is, relative to its folder, so a pattern that
//! matches nothing or a malformed puzzle is refused before anything runs. `boxes`, `alphas`,
//! `modes` and `repeats` are then optional (all or none: a config without `boxes` generates
//! nothing).
//!
//! Files by concept: `file.rs` (the file as written, read strictly, and where a key's value is
//! written), `resolve.rs` (each key checked and resolved by a function of its own, refusals
//! located at their value), `size.rs` (instances and runs counted, the [`MAX_RUNS`] limit checked
//! once, after the sets are read) and [`Overrides`] (`run --repeats`, `run --time-limit`).

mod file;
mod overrides;
mod questions;
mod resolve;
mod size;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use overrides::Overrides;
pub use questions::{Estimand, Measure, Question};
pub use size::{Size, TooManyRuns, MAX_INSTANCE_BYTES, MAX_RUNS};

use super::sets::{Catalog, SetConfig};
use super::solvers::{Runs, SolverEntry};
use crate::external::definition::DefinitionError;
use crate::external::Definition;
use crate::format::Location;
use crate::generate::{Holes, Mode};
use crate::grid::Shape;
use crate::logic::Rating;
use crate::solve::SolverKind;

/// Memory cap per worker process when a config gives none, MiB.
pub const DEFAULT_MEMORY_MB: u64 = 4096;
/// The smallest memory cap, MiB: a worker holds about 20 MiB before it solves anything, so a
/// lower cap could not be held (a run at 1 MiB would still be recorded as solved at 15–19 MiB).
pub const MIN_MEMORY_MB: u64 = 64;

/// Wall-clock budget to generate one `unique` puzzle when a config gives none, seconds.
pub const DEFAULT_UNIQUE_BUDGET: f64 = 20.0;

/// Why a config was refused.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read config {path}: {source}")]
    Read {
        /// The config's path.
        path: String,
        /// The I/O failure.
        source: std::io::Error,
    },
    /// The TOML is malformed, has an unknown key, a missing key or a value of the wrong type.
    #[error("{path}: {message}")]
    Syntax {
        /// The config's path.
        path: String,
        /// The TOML reader's message, with line and column.
        message: String,
    },
    /// A value that parses but makes no sense.
    #[error("{at}: {key}: {message}")]
    Invalid {
        /// The config's path, with the line and column of the value when it can be found.
        at: Location,
        /// The offending key, with an index for list items (`alphas[2]`).
        key: String,
        /// What is wrong, and what would be right.
        message: String,
    },
    /// An external solver definition that cannot be used (located in its file).
    #[error(transparent)]
    External(#[from] DefinitionError),
}

/// A checked, resolved experiment config.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Experiment name: the `experiment` column and the default folder `results/NAME`.
    pub name: String,
    /// Box shapes, in the order given (`sizes` resolved to their default boxes, then `latin`
    /// orders to 1×N boxes); empty when the config only runs instance sets.
    #[serde(with = "shape_names", default, skip_serializing_if = "Vec::is_empty")]
    pub boxes: Vec<Shape>,
    /// Fill fractions α, each in [0, 1] (modes `random` and `planted`; empty without them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alphas: Vec<f64>,
    /// Instance modes (empty when the config only runs instance sets).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modes: Vec<Mode>,
    /// Hole patterns of the `planted` instances, each a sweep of its own ([`Holes`]); `["uniform"]`
    /// when not given (and then not written, so configs from before hole patterns read the same).
    #[serde(default = "uniform_holes", skip_serializing_if = "is_uniform_holes")]
    pub holes: Vec<Holes>,
    /// Ratings of the `unique` puzzles (mode `unique` only; empty without it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub difficulties: Vec<Rating>,
    /// Seconds to generate one `unique` puzzle before the run is refused (mode `unique` only).
    /// It decides only whether generation gives up, never which puzzle it makes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique_budget: Option<f64>,
    /// Instances per (box, mode, level).
    pub repeats: u32,
    /// Runs of every (instance, solver), each with a solver seed of its own
    /// ([`super::instances::solver_seed`]); 1 (not written, so configs from before the key read
    /// the same): one run, each solver seeded by the puzzle alone, as before the key existed.
    #[serde(default = "one_seed", skip_serializing_if = "is_one_seed")]
    pub solver_seeds: u32,
    /// Solvers run on every instance, in this order: registry solvers and variants ([`super::solvers`]).
    pub solvers: Vec<SolverEntry>,
    /// Wall-clock limit per solve, seconds.
    pub time_limit: f64,
    /// Memory cap per worker process, MiB.
    pub memory_mb: u64,
    /// Master seed every instance seed is derived from.
    pub seed: u64,
    /// Worker processes (`--jobs` overrides; default: the number of cores). Never changes a result.
    pub jobs: Option<usize>,
    /// The external solvers `solvers` names, defined inline.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub external: Vec<Definition>,
    /// Instance sets, as written (patterns relative to [`Config::folder`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<SetConfig>,
    /// Certify every "infeasible": a proof-producing run on the puzzle's reference CNF, checked by
    /// the independent checker ([`crate::certificates`]); `true` unless the config says
    /// `certify = false` (raw-speed studies, whose "infeasible" verdicts are then unchecked).
    #[serde(default = "certify_default", skip_serializing_if = "is_certify_default")]
    pub certify: bool,
    /// The confirmatory questions of the report (`[[questions]]`, [`Question`]): the family its
    /// decisions are adjusted over. No run depends on them, so [`Config::identity`] leaves them out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub questions: Vec<Question>,
    /// The sets' puzzles, read when the config was (empty for a config read from `meta.json`
    /// until [`Config::read_sets`]).
    #[serde(skip)]
    pub catalog: Arc<Catalog>,
    /// The folder the config file is in: where the sets' patterns are matched.
    #[serde(skip)]
    pub folder: PathBuf,
    /// What the command line put in place of the file's values ([`Config::apply`]); the fields
    /// above already hold the values run. Kept in `meta.json` beside the config, not in it.
    #[serde(skip)]
    pub overrides: Overrides,
}

/// One run per (instance, solver) unless a config asks for more.
fn one_seed() -> u32 {
    1
}

/// True for the default (left out of a written config).
fn is_one_seed(k: &u32) -> bool {
    *k == 1
}

/// Certification is on unless a config turns it off.
fn certify_default() -> bool {
    true
}

/// True for the default (left out of a written config, so configs from before it read the same).
fn is_certify_default(certify: &bool) -> bool {
    *certify
}

/// The hole patterns of a config that names none: uniform only.
fn uniform_holes() -> Vec<Holes> {
    vec![Holes::Uniform]
}

/// True for the default hole patterns (left out of a written config).
fn is_uniform_holes(holes: &[Holes]) -> bool {
    holes == [Holes::Uniform]
}

/// `Shape` lists as `"RxC"` strings, the way configs write them.
mod shape_names {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::grid::Shape;

    pub fn serialize<S: Serializer>(shapes: &[Shape], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(shapes.iter().map(|b| b.to_string()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Shape>, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        names.iter().map(|n| n.parse::<Shape>().map_err(serde::de::Error::custom)).collect()
    }
}

impl Config {
    /// Reads and checks a config file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read { path: name.clone(), source })?;
        Config::parse(&text, &name)
    }

    /// Parses and checks config text; `source` names it in errors, and its folder is where the
    /// sets' patterns are matched (their files are read here).
    pub fn parse(text: &str, source: &str) -> Result<Config, ConfigError> {
        let mut config = resolve::resolve(file::read(text, source)?, source, text)?;
        config.folder = Path::new(source).parent().map(Path::to_path_buf).unwrap_or_default();
        let catalog = super::sets::resolve(&config.sets, &config.folder).map_err(|e| ConfigError::Invalid {
            at: file::located(source, text, e.key.split('.').next().unwrap_or(&e.key)),
            key: e.key,
            message: e.message,
        })?;
        config.catalog = Arc::new(catalog);
        Size::of(&config).check().map_err(|e| ConfigError::Invalid {
            at: file::located(source, text, e.key()),
            key: e.key().into(),
            message: e.to_string(),
        })?;
        Ok(config)
    }

    /// Reads the sets' files again, matched in `folder` (a config read from `meta.json` has none).
    pub fn read_sets(&mut self, folder: &Path) -> Result<(), super::sets::SetError> {
        self.folder = folder.to_path_buf();
        self.catalog = Arc::new(super::sets::resolve(&self.sets, folder)?);
        Ok(())
    }

    /// The definition of an external solver of this config.
    pub fn external_named(&self, name: &str) -> Option<&Definition> {
        self.external.iter().find(|d| d.name == name)
    }

    /// Cores one run of `entry` takes: a portfolio's members, HiGHS's `threads` (a variant's
    /// `highs_options`), an external solver's `threads`.
    pub fn cores(&self, entry: &SolverEntry) -> usize {
        match entry.runs {
            Runs::Registry(kind) if reads_highs_threads(kind) => {
                let threads = crate::solve::ilp::highs_threads(&entry.options).unwrap_or(1) as usize;
                threads.max(kind.processes(&entry.options))
            }
            Runs::Registry(kind) => kind.processes(&entry.options),
            Runs::External => self.external_named(&entry.name).map_or(1, |d| d.threads as usize),
        }
    }

    /// Checks that every HiGHS solver and every external solver of the config fits the `cores` a
    /// job may hold — the run's `--jobs`, at most the machine's cores: a `threads` beyond them
    /// would oversubscribe the cores (the run's scheduler never hands a job more than `--jobs`)
    /// and slow every run timed on them.
    pub fn check_threads(&self, cores: usize) -> Result<(), String> {
        for entry in &self.solvers {
            match entry.runs {
                Runs::Registry(kind) if reads_highs_threads(kind) => {
                    crate::solve::ilp::check_highs_threads(&entry.options, cores)
                        .map_err(|e| format!("{}: {e}", entry.name))?;
                }
                Runs::Registry(_) => {}
                Runs::External => {
                    if let Some(definition) = self.external_named(&entry.name) {
                        definition.check_threads(cores)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The config with `jobs`, `unique_budget` and `questions` cleared (none ever changes an
    /// instance or a result), its external solvers as their files wrote them (a relative program relative to
    /// its file, `{here}` unexpanded), and without the sets' puzzles and folder (the files are
    /// compared by their digests, [`super::sets::changed_file`]): two configs with equal identities
    /// give the same results, wherever their checkouts are.
    pub fn identity(&self) -> Config {
        let external = self.external.iter().map(Definition::as_written).collect();
        Config {
            jobs: None,
            unique_budget: None,
            external,
            questions: Vec::new(),
            catalog: Arc::default(),
            folder: PathBuf::new(),
            overrides: Overrides::default(),
            ..self.clone()
        }
    }

    /// The SHA-256 (hex) of the config's [`Config::identity`] as JSON: `meta.json` records it
    /// beside the config, so an edit of the config there afterwards shows ([`super::meta::Meta::config_intact`]).
    pub fn digest(&self) -> String {
        let json = serde_json::to_string(&self.identity()).expect("a config always serializes");
        super::sets::sha256_hex(json.as_bytes())
    }

    /// Runs per instance: every solver, [`Config::solver_seeds`] times.
    pub fn runs_per_instance(&self) -> usize {
        self.solvers.len() * self.solver_seeds as usize
    }

    /// The solver seed of run `index` of an instance seeded `instance_seed`: `None` with one run
    /// per (instance, solver) (see [`Config::solver_seeds`]).
    pub fn solver_seed(&self, instance_seed: u64, index: u32) -> Option<u64> {
        (self.solver_seeds > 1).then(|| super::instances::solver_seed(self.seed, instance_seed, index))
    }

    /// The time budget to generate one `unique` puzzle.
    pub fn unique_budget(&self) -> std::time::Duration {
        std::time::Duration::from_secs_f64(self.unique_budget.unwrap_or(DEFAULT_UNIQUE_BUDGET))
    }
}

/// Solvers whose HiGHS reads a `threads` option.
fn reads_highs_threads(kind: SolverKind) -> bool {
    super::solvers::runs_highs(kind) || matches!(kind, SolverKind::IlpHybrid | SolverKind::IlpPlacement)
}

#[cfg(test)]
mod tests;
