//! A config file's values checked and resolved, key by key: one function per key (or per group of
//! keys that constrain each other), each returning the resolved value or the key's refusal
//! ([`Refused`]); [`resolve`] calls them in the order the keys are documented and locates a
//! refusal at its value in the file. The size of the whole is checked after the sets are read
//! (`size.rs`).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::file::{located, ConfigFile, ExternalItem};
use super::questions::{self, Offered};
use super::{is_uniform_holes, reads_highs_threads, uniform_holes, Config, ConfigError, Overrides};
use super::{DEFAULT_MEMORY_MB, DEFAULT_UNIQUE_BUDGET, MIN_MEMORY_MB};
use crate::experiment::solvers::{Runs, SolverEntry};
use crate::external::definition::{check_unique, Checks};
use crate::external::{load_file, Definition};
use crate::format::Word;
use crate::generate::{Holes, Mode};
use crate::grid::Shape;
use crate::logic::Rating;
use crate::solve::SolverKind;

/// A value refused: its key (with an index for a list item, `alphas[2]`) and what is wrong with
/// it, and what would be right.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Refused {
    /// The key.
    pub key: String,
    /// What is wrong.
    pub message: String,
}

/// Refuses the value of `key`.
fn refuse(key: impl Into<String>, message: impl Into<String>) -> Refused {
    Refused { key: key.into(), message: message.into() }
}

/// Checks a parsed file (`source`, holding `text`) and resolves it: every check of the module
/// doc of [`super`], in key order; the first refusal is the error, located at its value.
pub(super) fn resolve(file: ConfigFile, source: &str, text: &str) -> Result<Config, ConfigError> {
    let invalid =
        |r: Refused| ConfigError::Invalid { at: located(source, text, &r.key), key: r.key, message: r.message };
    name(&file.name).map_err(invalid)?;
    let boxes = boxes(&file).map_err(invalid)?;
    let generated = !boxes.is_empty();
    let alphas = alphas(&file.alphas).map_err(invalid)?;
    modes(generated, &file.modes).map_err(invalid)?;
    let holes = holes(file.holes, &file.modes).map_err(invalid)?;
    alphas_fit_modes(&file.modes, &alphas).map_err(invalid)?;
    let difficulties = difficulties(&file.difficulties, &file.modes).map_err(invalid)?;
    let unique_budget = unique_budget(&file.modes, file.unique_budget).map_err(invalid)?;
    let repeats = repeats(generated, file.repeats).map_err(invalid)?;
    let solver_seeds = solver_seeds(file.solver_seeds).map_err(invalid)?;
    let named: Vec<String> = file.solvers.iter().filter_map(|v| v.as_str().map(str::to_string)).collect();
    let external = externals(file.external, source, text, &named)?;
    let solvers = solvers(file.solvers, &external).map_err(invalid)?;
    crate::solve::check_seconds(file.time_limit).map_err(|why| invalid(refuse("time_limit", why)))?;
    let memory_mb = memory_mb(file.memory_mb).map_err(invalid)?;
    jobs(file.jobs).map_err(invalid)?;
    let offered = Offered {
        solvers: solvers.iter().map(|s| s.name.as_str()).collect(),
        groups: groups(&file.modes, &holes, &boxes, &file.sets),
        boxes: &boxes,
        alphas: &alphas,
    };
    questions::check(&file.questions, &offered).map_err(|(key, message)| invalid(refuse(key, message)))?;
    Ok(Config {
        name: file.name,
        boxes,
        alphas,
        modes: file.modes,
        holes,
        difficulties,
        unique_budget,
        repeats,
        solver_seeds,
        solvers,
        time_limit: file.time_limit,
        memory_mb,
        seed: file.seed,
        jobs: file.jobs,
        external,
        sets: file.sets,
        certify: file.certify.unwrap_or(true),
        questions: file.questions,
        catalog: Arc::default(),
        folder: PathBuf::new(),
        overrides: Overrides::default(),
    })
}

/// The names of the groups a config's runs fall in, as the report prints them: each mode (`qwh`
/// and `qcp` for planted and random Latin squares), planted ones per hole pattern
/// (`planted/balanced`), and each set's name.
fn groups(
    modes: &[Mode],
    holes: &[Holes],
    boxes: &[Shape],
    sets: &[crate::experiment::sets::SetConfig],
) -> Vec<String> {
    let mut out = Vec::new();
    for &mode in modes {
        let mut bases = Vec::new();
        if mode == Mode::Unique || boxes.iter().any(|b| !b.is_latin()) {
            bases.push(mode.name().to_owned());
        }
        if mode != Mode::Unique && boxes.iter().any(Shape::is_latin) {
            bases.push(if mode == Mode::Planted { "qwh" } else { "qcp" }.to_owned());
        }
        for base in bases {
            if mode == Mode::Planted {
                out.extend(
                    holes.iter().map(|h| if *h == Holes::Uniform { base.clone() } else { format!("{base}/{h}") }),
                );
            } else {
                out.push(base);
            }
        }
    }
    out.extend(sets.iter().map(|s| s.name.clone()));
    out
}

/// `name`: a folder name (letters, digits, `-`, `_`, `.`; not starting with `.`).
fn name(name: &str) -> Result<(), Refused> {
    let name_ok = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if name.is_empty() || !name.chars().all(name_ok) || name.starts_with('.') {
        let why = format!("'{name}' is no folder name: use letters, digits, '-', '_' and '.'");
        return Err(refuse("name", why));
    }
    Ok(())
}

/// `boxes`, `sizes` and `latin` as box shapes, in that order, each at most once; none only for a
/// config of sets, which then names none of the generated grid's other keys.
fn boxes(file: &ConfigFile) -> Result<Vec<Shape>, Refused> {
    let mut boxes = Vec::new();
    for (i, text) in file.boxes.iter().enumerate() {
        boxes.push(text.parse::<Shape>().map_err(|e| refuse(format!("boxes[{i}]"), e.to_string()))?);
    }
    for (i, &n) in file.sizes.iter().enumerate() {
        boxes.push(Shape::for_size(n).map_err(|e| refuse(format!("sizes[{i}]"), e.to_string()))?);
    }
    for (i, &n) in file.latin.iter().enumerate() {
        let order = Shape::latin(n).ok().filter(|_| n >= 2).ok_or_else(|| {
            refuse(format!("latin[{i}]"), format!("order {n}: Latin squares here have order 2 to 64"))
        })?;
        boxes.push(order);
    }
    if boxes.is_empty() {
        grid_keys_without_boxes(file)?;
    }
    if let Some(dup) = first_duplicate(&boxes) {
        let why =
            format!("box {dup} is listed twice (sizes and latin orders resolve to boxes too: latin = [N] is box 1xN)");
        return Err(refuse("boxes", why));
    }
    Ok(boxes)
}

/// A config without box shapes: it must have sets, and none of `modes`, `alphas`, `repeats`.
fn grid_keys_without_boxes(file: &ConfigFile) -> Result<(), Refused> {
    if file.sets.is_empty() {
        return Err(refuse(
            "boxes",
            "no box shape: give boxes = [\"3x3\", …], sizes = [9, …] or latin = [30, …], or [[sets]] of puzzle files",
        ));
    }
    let key = if !file.modes.is_empty() {
        "modes"
    } else if !file.alphas.is_empty() {
        "alphas"
    } else if file.repeats.is_some() {
        "repeats"
    } else {
        return Ok(());
    };
    let why =
        format!("{key} apply to the generated grid, which has no boxes: give boxes = [\"3x3\", …], or leave {key} out");
    Err(refuse(key, why))
}

/// `alphas`: each in [0, 1], each level once (to four decimals); -0 is 0.
fn alphas(alphas: &[f64]) -> Result<Vec<f64>, Refused> {
    for (i, &a) in alphas.iter().enumerate() {
        if !(0.0..=1.0).contains(&a) {
            return Err(refuse(format!("alphas[{i}]"), format!("α = {a} is outside [0, 1]")));
        }
    }
    // -0.0 and 0.0 are the same α but not the same bits, and the bits seed the instances.
    let alphas: Vec<f64> = alphas.iter().map(|a| a + 0.0).collect();
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
            return Err(refuse(format!("alphas[{i}]"), why));
        }
    }
    Ok(alphas)
}

/// `modes`: at least one for a generated grid, each once.
fn modes(generated: bool, modes: &[Mode]) -> Result<(), Refused> {
    if generated && modes.is_empty() {
        return Err(refuse(
            "modes",
            "no instance mode: give modes = [\"random\", \"planted\"], [\"unique\"] or some of them",
        ));
    }
    if let Some(dup) = first_duplicate(modes) {
        return Err(refuse("modes", format!("mode {} is listed twice", dup.name())));
    }
    Ok(())
}

/// `holes`: uniform when left out; at least one, each once, others than uniform only with mode
/// `planted`.
fn holes(holes: Option<Vec<Holes>>, modes: &[Mode]) -> Result<Vec<Holes>, Refused> {
    let holes = holes.unwrap_or_else(uniform_holes);
    if holes.is_empty() {
        return Err(refuse(
            "holes",
            "no hole pattern: give holes = [\"uniform\", \"balanced\"] or one of them, or leave holes out (uniform)",
        ));
    }
    if let Some(dup) = first_duplicate(&holes) {
        return Err(refuse("holes", format!("hole pattern {dup} is listed twice")));
    }
    if !is_uniform_holes(&holes) && !modes.contains(&Mode::Planted) {
        return Err(refuse(
            "holes",
            "hole patterns apply to mode planted only (random fills and unique puzzles choose no holes): add \"planted\" to modes, or leave holes out",
        ));
    }
    Ok(holes)
}

/// `alphas` given exactly when mode `random` or `planted` is.
fn alphas_fit_modes(modes: &[Mode], alphas: &[f64]) -> Result<(), Refused> {
    let fill_modes = modes.iter().any(|m| matches!(m, Mode::Random | Mode::Planted));
    match (fill_modes, alphas.is_empty()) {
        (true, true) => Err(refuse("alphas", "no fill fraction: modes random and planted need alphas = [0.2, …]")),
        (false, false) => Err(refuse(
            "alphas",
            "only modes random and planted have fill fractions; mode unique sweeps difficulties, so leave alphas out",
        )),
        _ => Ok(()),
    }
}

/// `difficulties`: ratings, each once, given exactly when mode `unique` is.
fn difficulties(words: &[Word<Rating>], modes: &[Mode]) -> Result<Vec<Rating>, Refused> {
    let mut difficulties = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let rating = word.variant().map_err(|name| {
            let names: Vec<&str> = Rating::ALL.iter().map(|r| r.name()).collect();
            refuse(
                format!("difficulties[{i}]"),
                format!("unknown difficulty '{name}'; expected one of: {}", names.join(", ")),
            )
        })?;
        difficulties.push(rating);
    }
    if let Some(dup) = first_duplicate(&difficulties) {
        return Err(refuse("difficulties", format!("difficulty {dup} is listed twice")));
    }
    match (modes.contains(&Mode::Unique), difficulties.is_empty()) {
        (true, true) => Err(refuse(
            "difficulties",
            "no difficulty: mode unique needs difficulties = [\"easy\", \"medium\", \"hard\", \"expert\"] or some of them",
        )),
        (false, false) => Err(refuse(
            "difficulties",
            "difficulties apply to mode unique only: add \"unique\" to modes, or leave difficulties out",
        )),
        _ => Ok(difficulties),
    }
}

/// `unique_budget`: with mode `unique` only, [`DEFAULT_UNIQUE_BUDGET`] when left out.
fn unique_budget(modes: &[Mode], budget: Option<f64>) -> Result<Option<f64>, Refused> {
    match (modes.contains(&Mode::Unique), budget) {
        (false, Some(_)) => Err(refuse(
            "unique_budget",
            "the generation budget applies to mode unique only: add \"unique\" to modes, or leave it out",
        )),
        (true, b) => {
            let b = b.unwrap_or(DEFAULT_UNIQUE_BUDGET);
            Ok(Some(crate::solve::check_seconds(b).map_err(|why| refuse("unique_budget", why))?))
        }
        (false, None) => Ok(None),
    }
}

/// `repeats`: 1 or more for a generated grid (1 for a config of sets, which never uses it).
fn repeats(generated: bool, repeats: Option<u32>) -> Result<u32, Refused> {
    match (generated, repeats) {
        (true, None) => Err(refuse("repeats", "missing: give repeats = 1 or more")),
        (true, Some(0)) => Err(refuse("repeats", "0 repeats make an empty grid of runs; give 1 or more")),
        (_, r) => Ok(r.unwrap_or(1)),
    }
}

/// `solver_seeds`: runs of every (instance, solver), each with its own solver seed; 1 when left
/// out, and at most [`MAX_SOLVER_SEEDS`].
fn solver_seeds(k: Option<i64>) -> Result<u32, Refused> {
    match k {
        None => Ok(1),
        Some(k) if (1..=i64::from(MAX_SOLVER_SEEDS)).contains(&k) => Ok(k as u32),
        Some(k) => Err(refuse(
            "solver_seeds",
            format!("{k} solver seeds: give 1 (one run per instance and solver) to {MAX_SOLVER_SEEDS}"),
        )),
    }
}

/// The most solver seeds a config may ask for (the runs are capped by [`super::MAX_RUNS`] too).
pub(super) const MAX_SOLVER_SEEDS: u32 = 1000;

/// `external`: the definition files and inline tables of a config (`source`, holding `text`);
/// keeps the definitions `wanted` names (only their programs must be installed).
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

/// `solvers`: registry solvers, variants and the `external` solvers, at least one, each once; a
/// HiGHS solver never with `threads = 0` (every core of the machine).
fn solvers(values: Vec<toml::Value>, external: &[Definition]) -> Result<Vec<SolverEntry>, Refused> {
    let mut solvers = Vec::new();
    for (i, value) in values.into_iter().enumerate() {
        let entry = SolverEntry::from_toml(value).map_err(|e| refuse(format!("solvers[{i}]"), e))?;
        if entry.runs == Runs::External && !external.iter().any(|d| d.name == entry.name) {
            let unknown = entry.name.parse::<SolverKind>().err().unwrap_or_default();
            let why = format!("{unknown}, or an external solver defined under `external`");
            return Err(refuse(format!("solvers[{i}]"), why));
        }
        if entry.kind().is_some_and(reads_highs_threads) && crate::solve::ilp::highs_threads(&entry.options) == Some(0)
        {
            let why = format!(
                "{}: threads = 0 lets HiGHS take every core of the machine; give the count the job is to hold",
                entry.name
            );
            return Err(refuse(format!("solvers[{i}]"), why));
        }
        solvers.push(entry);
    }
    if solvers.is_empty() {
        let names: Vec<&str> = SolverKind::ALL.iter().map(|k| k.name()).collect();
        return Err(refuse("solvers", format!("no solver: give one or more of {}", names.join(", "))));
    }
    let names: Vec<&str> = solvers.iter().map(|e| e.name.as_str()).collect();
    if let Some(dup) = first_duplicate(&names) {
        return Err(refuse("solvers", format!("solver {dup} is listed twice")));
    }
    Ok(solvers)
}

/// `memory_mb`: at least [`MIN_MEMORY_MB`], [`DEFAULT_MEMORY_MB`] when left out.
fn memory_mb(memory_mb: Option<u64>) -> Result<u64, Refused> {
    let memory_mb = memory_mb.unwrap_or(DEFAULT_MEMORY_MB);
    if memory_mb < MIN_MEMORY_MB {
        let why = format!(
            "a memory cap of {memory_mb} MiB is below the {MIN_MEMORY_MB} MiB a worker process needs to hold a run to it \
             (it takes about 20 MiB before it solves anything)"
        );
        return Err(refuse("memory_mb", why));
    }
    Ok(memory_mb)
}

/// `jobs`: 1 or more when given.
fn jobs(jobs: Option<usize>) -> Result<(), Refused> {
    match jobs {
        Some(0) => Err(refuse("jobs", "0 jobs run nothing; give 1 or more, or leave it out (one per core)")),
        _ => Ok(()),
    }
}

/// The first item that occurs twice, if any.
fn first_duplicate<T: Copy + Eq + std::hash::Hash>(items: &[T]) -> Option<T> {
    let mut seen = HashSet::new();
    items.iter().copied().find(|x| !seen.insert(*x))
}
