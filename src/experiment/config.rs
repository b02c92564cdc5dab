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

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::sets::{Catalog, SetConfig};
use super::solvers::{Runs, SolverEntry};
use crate::external::definition::{check_unique, Checks, DefinitionError, DefinitionFile};
use crate::external::{load_file, Definition};
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

/// Most runs (instances × solvers) one config may name. The committed experiments have a few
/// thousand; ten million at a millisecond each is already three hours of one core. Larger grids
/// are refused up front, with their size, before anything is allocated.
pub const MAX_RUNS: u64 = 10_000_000;

/// Most bytes of `unique` puzzles (and solutions) one run may hold in memory: they are generated
/// before the first run (the other modes one at a time, as they run); larger runs are refused with
/// advice to shard them.
pub const MAX_INSTANCE_BYTES: u64 = 1 << 30;

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

/// A config file as written: every key it may hold (any other key is an error).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    name: String,
    #[serde(default)]
    boxes: Vec<String>,
    #[serde(default)]
    sizes: Vec<usize>,
    #[serde(default)]
    latin: Vec<usize>,
    #[serde(default)]
    alphas: Vec<f64>,
    #[serde(default)]
    modes: Vec<Mode>,
    holes: Option<Vec<Holes>>,
    #[serde(default)]
    difficulties: Vec<String>,
    unique_budget: Option<f64>,
    repeats: Option<u32>,
    solvers: Vec<toml::Value>,
    time_limit: f64,
    memory_mb: Option<u64>,
    seed: u64,
    jobs: Option<usize>,
    #[serde(default)]
    external: Vec<ExternalItem>,
    #[serde(default)]
    sets: Vec<SetConfig>,
    certify: Option<bool>,
}

/// An `external` item as written: a definition file's path, or an inline definition table.
#[derive(Debug)]
enum ExternalItem {
    File(String),
    Table(Box<DefinitionFile>),
}

impl<'de> Deserialize<'de> for ExternalItem {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ExternalItem, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = ExternalItem;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a definition file's path or an [[external]] table")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<ExternalItem, E> {
                Ok(ExternalItem::File(v.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<ExternalItem, A::Error> {
                // Through the TOML reader's own map access, so the table's fields keep their spans.
                let table = DefinitionFile::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(ExternalItem::Table(Box::new(table)))
            }
        }
        d.deserialize_any(Visitor)
    }
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
        let file: ConfigFile = toml::from_str(text).map_err(|e| {
            let mut message = e.to_string().trim_end().to_string();
            if mixes_external_forms(text) {
                message.push_str(
                    "\n(hint: `external = [...]` and `[[external]]` tables are two ways to write one key; \
                     use one of them: list files and tables together as external = [\"solvers.toml\", { name = … }], \
                     or give every definition as an [[external]] table)",
                );
            }
            ConfigError::Syntax { path: source.to_string(), message }
        })?;
        let mut config = resolve(file, source, text)?;
        config.folder = Path::new(source).parent().map(Path::to_path_buf).unwrap_or_default();
        let catalog = super::sets::resolve(&config.sets, &config.folder).map_err(|e| ConfigError::Invalid {
            at: located(source, text, e.key.split('.').next().unwrap_or(&e.key)),
            key: e.key,
            message: e.message,
        })?;
        config.catalog = Arc::new(catalog);
        config.check_size().map_err(|message| ConfigError::Invalid {
            at: located(source, text, "sets"),
            key: "sets".into(),
            message,
        })?;
        Ok(config)
    }

    /// Reads the sets' files again, matched in `folder` (a config read from `meta.json` has none).
    pub fn read_sets(&mut self, folder: &Path) -> Result<(), super::sets::SetError> {
        self.folder = folder.to_path_buf();
        self.catalog = Arc::new(super::sets::resolve(&self.sets, folder)?);
        Ok(())
    }

    /// Refuses more than [`MAX_RUNS`] runs over the generated grid and the sets together.
    fn check_size(&self) -> Result<(), String> {
        let runs = (self.instance_count() as u64).saturating_mul(self.solvers.len() as u64);
        if runs <= MAX_RUNS {
            return Ok(());
        }
        Err(format!(
            "{} instances (the grid's and the sets' puzzles × their repeats) × {} solver(s) = {runs} runs; at most \
             {MAX_RUNS} runs per config: lower the repeats or split the sets into several configs",
            self.instance_count(),
            self.solvers.len()
        ))
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

    /// The config with `jobs` and `unique_budget` cleared (neither ever changes an instance or a
    /// result), its external solvers as their files wrote them (a relative program relative to
    /// its file, `{here}` unexpanded), and without the sets' puzzles and folder (the files are
    /// compared by their digests, [`super::sets::changed_file`]): two configs with equal identities
    /// give the same results, wherever their checkouts are.
    pub fn identity(&self) -> Config {
        let external = self.external.iter().map(Definition::as_written).collect();
        Config {
            jobs: None,
            unique_budget: None,
            external,
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

    /// Levels a mode sweeps: α values for `random`, α values × hole patterns for `planted`,
    /// difficulties for `unique`.
    pub fn level_count(&self, mode: Mode) -> usize {
        match mode {
            Mode::Random => self.alphas.len(),
            Mode::Planted => self.alphas.len() * self.holes.len(),
            Mode::Unique => self.difficulties.len(),
        }
    }

    /// Bytes the `unique` instances of one shard in `count` hold in memory (puzzle and solution,
    /// N² each), rounded up: they are generated before the first run (see [`MAX_INSTANCE_BYTES`]).
    pub fn held_bytes(&self, count: usize) -> u64 {
        let per_box: u64 = self.level_count(Mode::Unique) as u64 * u64::from(self.repeats);
        let total: u64 = self.boxes.iter().map(|b| per_box * 2 * b.cells() as u64).sum();
        total.div_ceil(count.max(1) as u64)
    }

    /// Instances of the generated grid: boxes × (levels of each mode) × repeats.
    pub fn generated_count(&self) -> usize {
        let levels: usize = self.modes.iter().map(|&m| self.level_count(m)).sum();
        self.boxes.len() * levels * self.repeats as usize
    }

    /// Instances in all: the generated grid's, then each set's puzzles × its repeats.
    pub fn instance_count(&self) -> usize {
        self.generated_count() + self.set_instance_count()
    }

    /// Instances of the sets: each puzzle × its set's repeats.
    pub fn set_instance_count(&self) -> usize {
        self.sets.iter().zip(&self.catalog.sets).map(|(s, r)| r.puzzles.len() * s.repeats as usize).sum()
    }

    /// The time budget to generate one `unique` puzzle.
    pub fn unique_budget(&self) -> std::time::Duration {
        std::time::Duration::from_secs_f64(self.unique_budget.unwrap_or(DEFAULT_UNIQUE_BUDGET))
    }
}

/// What `run --repeats` and `run --time-limit` put in place of a config file's `repeats` and
/// `time_limit`. The config then holds the values run, and `meta.json` keeps these beside it
/// (`overrides`), so a resume with other overrides is refused as a different config and says why.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Overrides {
    /// `--repeats`: instances per (box, mode, level) of the generated grid (a set keeps its own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repeats: Option<u32>,
    /// `--time-limit`: seconds per solve.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_limit: Option<f64>,
}

impl Overrides {
    /// True when nothing is overridden.
    pub fn is_empty(&self) -> bool {
        self.repeats.is_none() && self.time_limit.is_none()
    }
}

impl std::fmt::Display for Overrides {
    /// The flags that give them (`--repeats 1 --time-limit 0.5`), or `no overrides`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut flags = Vec::new();
        flags.extend(self.repeats.map(|r| format!("--repeats {r}")));
        flags.extend(self.time_limit.map(|t| format!("--time-limit {t}")));
        match flags.is_empty() {
            true => f.write_str("no overrides"),
            false => f.write_str(&flags.join(" ")),
        }
    }
}

impl Config {
    /// Puts `overrides` in place of the file's `repeats` and `time_limit`, checked as those keys
    /// are (at least one repeat, a time limit [`crate::solve::check_seconds`] accepts, at most
    /// [`MAX_RUNS`] runs); an error names the flag and what it expects. `--repeats` on a config
    /// that generates no instances (sets only, each with its own `repeats`) is refused.
    pub fn apply(&mut self, overrides: Overrides) -> Result<(), String> {
        if let Some(repeats) = overrides.repeats {
            if repeats == 0 {
                return Err("--repeats 0 makes an empty grid of runs; give 1 or more".into());
            }
            if self.generated_count() == 0 {
                return Err(format!(
                    "--repeats: experiment '{}' generates no instances (its [[sets]] each have their own `repeats`)",
                    self.name
                ));
            }
            self.repeats = repeats;
            self.check_size().map_err(|why| format!("--repeats {repeats}: {why}"))?;
        }
        if let Some(seconds) = overrides.time_limit {
            self.time_limit = crate::solve::check_seconds(seconds).map_err(|why| format!("--time-limit: {why}"))?;
        }
        self.overrides = overrides;
        Ok(())
    }
}

/// True when `text` writes `external` both as a key (`external = [...]`) and as `[[external]]`
/// tables, which TOML refuses as a key defined twice.
fn mixes_external_forms(text: &str) -> bool {
    let lines = || text.lines().map(|l| l.split('#').next().unwrap_or("").trim().replace(' ', ""));
    lines().any(|l| l.starts_with("external=")) && lines().any(|l| l == "[[external]]")
}

/// Solvers whose HiGHS reads a `threads` option.
fn reads_highs_threads(kind: SolverKind) -> bool {
    super::solvers::runs_highs(kind) || kind == SolverKind::IlpHybrid
}

/// Reads the `external` items of a config (`source`, holding `text`): definition files and inline
/// tables; keeps the definitions `wanted` names.
fn externals(
    items: Vec<ExternalItem>,
    source: &str,
    text: &str,
    wanted: &[String],
) -> Result<Vec<Definition>, ConfigError> {
    let reserved = |n: &str| n == "all" || n.parse::<SolverKind>().is_ok();
    let is_wanted = |n: &str| wanted.iter().any(|w| w == n);
    let checks = Checks { reserved: &reserved, wanted: &is_wanted };
    let folder = Path::new(source).parent().unwrap_or(Path::new(""));
    let mut defs = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        match item {
            ExternalItem::File(name) => {
                let beside = folder.join(&name);
                let path = if beside.is_file() || !Path::new(&name).is_file() { beside } else { name.clone().into() };
                if !path.is_file() {
                    let key = format!("external[{i}]");
                    return Err(ConfigError::Invalid {
                        at: located(source, text, &key),
                        key,
                        message: format!(
                            "no definition file {name} (looked in {} and in the current folder)",
                            if folder.as_os_str().is_empty() { "." } else { folder.to_str().unwrap_or("?") }
                        ),
                    });
                }
                defs.extend(load_file(&path, checks)?);
            }
            ExternalItem::Table(table) => defs.push(table.resolve(source, text, folder, checks)?),
        }
    }
    check_unique(&defs, source)?;
    defs.retain(|d| is_wanted(&d.name));
    Ok(defs)
}

/// Where the value of `key` (`name`, or a list item `solvers[1]`) is in the config's `text`; just
/// `source` when it cannot be found.
fn located(source: &str, text: &str, key: &str) -> Location {
    let span = || -> Option<std::ops::Range<usize>> {
        let doc = toml_edit::ImDocument::parse(text).ok()?;
        let (name, index) = match key.split_once('[') {
            Some((name, rest)) => (name, Some(rest.split(']').next()?.parse::<usize>().ok()?)),
            None => (key, None),
        };
        match (doc.as_table().get(name)?, index) {
            (item, None) => item.span(),
            (toml_edit::Item::Value(value), Some(i)) => value.as_array()?.get(i)?.span(),
            (toml_edit::Item::ArrayOfTables(tables), Some(i)) => tables.get(i)?.span(),
            _ => None,
        }
    };
    match span() {
        Some(span) => Location::of_offset(source, text, span.start),
        None => Location::file(source),
    }
}

/// Checks a parsed file and resolves it: every check of the module doc, in key order.
fn resolve(file: ConfigFile, source: &str, text: &str) -> Result<Config, ConfigError> {
    let invalid = |key: String, message: String| ConfigError::Invalid { at: located(source, text, &key), key, message };
    let name_ok = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if file.name.is_empty() || !file.name.chars().all(name_ok) || file.name.starts_with('.') {
        let why = format!("'{}' is no folder name: use letters, digits, '-', '_' and '.'", file.name);
        return Err(invalid("name".into(), why));
    }
    let mut boxes = Vec::new();
    for (i, text) in file.boxes.iter().enumerate() {
        boxes.push(text.parse::<Shape>().map_err(|e| invalid(format!("boxes[{i}]"), e.to_string()))?);
    }
    for (i, &n) in file.sizes.iter().enumerate() {
        boxes.push(Shape::for_size(n).map_err(|e| invalid(format!("sizes[{i}]"), e.to_string()))?);
    }
    for (i, &n) in file.latin.iter().enumerate() {
        let order = Shape::latin(n).ok().filter(|_| n >= 2).ok_or_else(|| {
            invalid(format!("latin[{i}]"), format!("order {n}: Latin squares here have order 2 to 64"))
        })?;
        boxes.push(order);
    }
    let generated = !boxes.is_empty();
    if !generated && file.sets.is_empty() {
        return Err(invalid(
            "boxes".into(),
            "no box shape: give boxes = [\"3x3\", …], sizes = [9, …] or latin = [30, …], or [[sets]] of puzzle files"
                .into(),
        ));
    }
    if !generated && (!file.modes.is_empty() || !file.alphas.is_empty() || file.repeats.is_some()) {
        let key = if !file.modes.is_empty() {
            "modes"
        } else if !file.alphas.is_empty() {
            "alphas"
        } else {
            "repeats"
        };
        return Err(invalid(
            key.into(),
            format!(
                "{key} apply to the generated grid, which has no boxes: give boxes = [\"3x3\", …], or leave {key} out"
            ),
        ));
    }
    if let Some(dup) = first_duplicate(&boxes) {
        return Err(invalid(
            "boxes".into(),
            format!("box {dup} is listed twice (sizes and latin orders resolve to boxes too: latin = [N] is box 1xN)"),
        ));
    }
    for (i, &a) in file.alphas.iter().enumerate() {
        if !(0.0..=1.0).contains(&a) {
            return Err(invalid(format!("alphas[{i}]"), format!("α = {a} is outside [0, 1]")));
        }
    }
    // -0.0 and 0.0 are the same α but not the same bits, and the bits seed the instances.
    let alphas: Vec<f64> = file.alphas.iter().map(|a| a + 0.0).collect();
    // Two α are one level when they agree to four decimals: the report groups runs that way.
    let level = |a: f64| (a * 10_000.0).round() as i64;
    for i in 0..alphas.len() {
        if let Some(j) = (0..i).find(|&j| level(alphas[j]) == level(alphas[i])) {
            let why = if alphas[j] == alphas[i] {
                format!("α = {} is listed twice", alphas[i])
            } else {
                format!(
                    "α = {} is α = {} (alphas[{j}]) to four decimals, the precision results are grouped by; list each α once",
                    alphas[i], alphas[j]
                )
            };
            return Err(invalid(format!("alphas[{i}]"), why));
        }
    }
    if generated && file.modes.is_empty() {
        return Err(invalid(
            "modes".into(),
            "no instance mode: give modes = [\"random\", \"planted\"], [\"unique\"] or some of them".into(),
        ));
    }
    if let Some(dup) = first_duplicate(&file.modes) {
        return Err(invalid("modes".into(), format!("mode {} is listed twice", dup.name())));
    }
    let holes = file.holes.unwrap_or_else(uniform_holes);
    if holes.is_empty() {
        return Err(invalid(
            "holes".into(),
            "no hole pattern: give holes = [\"uniform\", \"balanced\"] or one of them, or leave holes out (uniform)"
                .into(),
        ));
    }
    if let Some(dup) = first_duplicate(&holes) {
        return Err(invalid("holes".into(), format!("hole pattern {dup} is listed twice")));
    }
    if !is_uniform_holes(&holes) && !file.modes.contains(&Mode::Planted) {
        return Err(invalid(
            "holes".into(),
            "hole patterns apply to mode planted only (random fills and unique puzzles choose no holes): add \"planted\" to modes, or leave holes out"
                .into(),
        ));
    }
    let fill_modes = file.modes.iter().any(|m| matches!(m, Mode::Random | Mode::Planted));
    let unique = file.modes.contains(&Mode::Unique);
    match (fill_modes, alphas.is_empty()) {
        (true, true) => {
            return Err(invalid(
                "alphas".into(),
                "no fill fraction: modes random and planted need alphas = [0.2, …]".into(),
            ))
        }
        (false, false) => return Err(invalid(
            "alphas".into(),
            "only modes random and planted have fill fractions; mode unique sweeps difficulties, so leave alphas out"
                .into(),
        )),
        _ => {}
    }
    let mut difficulties = Vec::new();
    for (i, name) in file.difficulties.iter().enumerate() {
        let rating = Rating::ALL.into_iter().find(|r| r.name() == name.as_str()).ok_or_else(|| {
            let names: Vec<&str> = Rating::ALL.iter().map(|r| r.name()).collect();
            invalid(
                format!("difficulties[{i}]"),
                format!("unknown difficulty '{name}'; expected one of: {}", names.join(", ")),
            )
        })?;
        difficulties.push(rating);
    }
    if let Some(dup) = first_duplicate(&difficulties) {
        return Err(invalid("difficulties".into(), format!("difficulty {dup} is listed twice")));
    }
    match (unique, difficulties.is_empty()) {
        (true, true) => {
            return Err(invalid(
                "difficulties".into(),
                "no difficulty: mode unique needs difficulties = [\"easy\", \"medium\", \"hard\", \"expert\"] or some of them"
                    .into(),
            ))
        }
        (false, false) => {
            return Err(invalid(
                "difficulties".into(),
                "difficulties apply to mode unique only: add \"unique\" to modes, or leave difficulties out".into(),
            ))
        }
        _ => {}
    }
    let unique_budget = match (unique, file.unique_budget) {
        (false, Some(_)) => {
            return Err(invalid(
                "unique_budget".into(),
                "the generation budget applies to mode unique only: add \"unique\" to modes, or leave it out".into(),
            ))
        }
        (true, b) => {
            let b = b.unwrap_or(DEFAULT_UNIQUE_BUDGET);
            Some(crate::solve::check_seconds(b).map_err(|why| invalid("unique_budget".into(), why))?)
        }
        (false, None) => None,
    };
    let repeats = match (generated, file.repeats) {
        (true, None) => return Err(invalid("repeats".into(), "missing: give repeats = 1 or more".into())),
        (true, Some(0)) => {
            return Err(invalid("repeats".into(), "0 repeats make an empty grid of runs; give 1 or more".into()))
        }
        (_, r) => r.unwrap_or(1),
    };
    let named: Vec<String> = file.solvers.iter().filter_map(|v| v.as_str().map(str::to_string)).collect();
    let external = externals(file.external, source, text, &named)?;
    let mut solvers = Vec::new();
    for (i, value) in file.solvers.into_iter().enumerate() {
        let entry = SolverEntry::from_toml(value).map_err(|e| invalid(format!("solvers[{i}]"), e))?;
        if entry.runs == Runs::External && !external.iter().any(|d| d.name == entry.name) {
            let unknown = entry.name.parse::<SolverKind>().err().unwrap_or_default();
            let why = format!("{unknown}, or an external solver defined under `external`");
            return Err(invalid(format!("solvers[{i}]"), why));
        }
        if entry.kind().is_some_and(reads_highs_threads) && crate::solve::ilp::highs_threads(&entry.options) == Some(0)
        {
            let why = format!(
                "{}: threads = 0 lets HiGHS take every core of the machine; give the count the job is to hold",
                entry.name
            );
            return Err(invalid(format!("solvers[{i}]"), why));
        }
        solvers.push(entry);
    }
    if solvers.is_empty() {
        let names: Vec<&str> = SolverKind::ALL.iter().map(|k| k.name()).collect();
        return Err(invalid("solvers".into(), format!("no solver: give one or more of {}", names.join(", "))));
    }
    let names: Vec<&str> = solvers.iter().map(|e| e.name.as_str()).collect();
    if let Some(dup) = first_duplicate(&names) {
        return Err(invalid("solvers".into(), format!("solver {dup} is listed twice")));
    }
    if let Err(why) = crate::solve::check_seconds(file.time_limit) {
        return Err(invalid("time_limit".into(), why));
    }
    let memory_mb = file.memory_mb.unwrap_or(DEFAULT_MEMORY_MB);
    if memory_mb < MIN_MEMORY_MB {
        let why = format!(
            "a memory cap of {memory_mb} MiB is below the {MIN_MEMORY_MB} MiB a worker process needs to hold a run to it \
             (it takes about 20 MiB before it solves anything)"
        );
        return Err(invalid("memory_mb".into(), why));
    }
    let levels: u64 = file
        .modes
        .iter()
        .map(|m| match m {
            Mode::Random => alphas.len() as u64,
            Mode::Planted => (alphas.len() * holes.len()) as u64,
            Mode::Unique => difficulties.len() as u64,
        })
        .sum();
    let instances = (boxes.len() as u64).saturating_mul(levels).saturating_mul(u64::from(repeats));
    let runs = instances.saturating_mul(solvers.len() as u64);
    if runs > MAX_RUNS {
        return Err(invalid(
            "repeats".into(),
            format!(
                "{} box shape(s) × {levels} level(s) × {} repeats = {instances} instances, × {} solver(s) = {runs} runs; \
                 at most {MAX_RUNS} runs per config: lower repeats or split the grid into several configs",
                boxes.len(),
                repeats,
                solvers.len()
            ),
        ));
    }
    if file.jobs == Some(0) {
        return Err(invalid(
            "jobs".into(),
            "0 jobs run nothing; give 1 or more, or leave it out (one per core)".into(),
        ));
    }
    Ok(Config {
        name: file.name,
        boxes,
        alphas,
        modes: file.modes,
        holes,
        difficulties,
        unique_budget,
        repeats,
        solvers,
        time_limit: file.time_limit,
        memory_mb,
        seed: file.seed,
        jobs: file.jobs,
        external,
        sets: file.sets,
        certify: file.certify.unwrap_or(true),
        catalog: Arc::default(),
        folder: PathBuf::new(),
        overrides: Overrides::default(),
    })
}

/// The first item that occurs twice, if any.
fn first_duplicate<T: Copy + Eq + std::hash::Hash>(items: &[T]) -> Option<T> {
    let mut seen = HashSet::new();
    items.iter().copied().find(|x| !seen.insert(*x))
}

#[cfg(test)]
mod tests;
