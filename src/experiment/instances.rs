//! The instances of an experiment: which there are, the seed of each, and the `instances.txt` file.
//!
//! A config's instances are enumerated in one canonical order — box, then mode, then hole pattern
//! (planted instances only; [`Holes`]), then level, then repeat — and an instance's **id** is its
//! place in that order. Its seed is a fixed, portable hash
//! (a splitmix64 fold, never `std`'s `DefaultHasher`) of the master seed and its coordinates, and
//! it is generated from its own `rand_chacha` stream seeded by that seed, so the order of the runs,
//! the shards and the number of jobs never change an instance. The hole pattern enters the hash
//! only when it is not uniform, so every instance made before hole patterns existed keeps its seed. Shard I of K holds the ids with
//! id mod K = I − 1 (round robin, so every shard gets a similar mix of sizes).
//!
//! The level is a fill fraction α for modes `random` and `planted`, and a difficulty
//! ([`Rating`]) for mode `unique`: a puzzle with exactly one solution that the logical solver rates
//! exactly so, from [`generate_unique`]. A unique instance's `alpha` column is the constant
//! [`UNIQUE_ALPHA`] (0), not its real fill: the column is part of the key that maps a row back to
//! its instance, which must be known without generating it, and a per-instance value would split
//! the report's per-difficulty cells into one cell per puzzle; the `givens` column holds the real
//! fill.
//!
//! After the generated grid come the puzzles of the config's instance sets ([`super::sets`]), set
//! by set in config order, puzzle by puzzle in id order, each `repeats` times: instance id G + k
//! for the k-th of them, G the generated grid's size. A set puzzle's seed hashes the master seed,
//! the set's name, the puzzle's id (`FILE#NUMBER`) and the repeat, so it does not change when other
//! files or sets are added; only the numeric instance id (the canonical order) does.
//!
//! The `unique` instances are generated up front ([`held_instances`]), before the results folder is
//! touched. A unique puzzle may not be found: each has `unique_budget` seconds (and the generator's
//! attempt cap), and the first one that cannot be made stops the run with a [`GenerationError`]
//! naming it, before any solve — a partial grid of difficulties would bias every comparison made
//! from it. The budget only decides whether generation gives up, never which puzzle it returns
//! (the generator is deterministic for its random stream), so it cannot change an instance.
//! The `random` and `planted` instances cannot fail, so they are generated lazily, one at a time
//! as the runner reaches them ([`Stream`]): memory holds the instances in flight, not the grid.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::config::Config;
use super::sets::Expect;
use crate::format::to_line;
use crate::generate::{planted_with, random_fill, rng_from_seed, Holes, Mode};
use crate::grid::{Grid, Shape};
use crate::logic::Rating;
use crate::puzzle::{generate_unique, Exhausted, PuzzleError, PuzzleSpec};

/// The `alpha` column of a `unique` instance (see the module doc; `givens` holds the real fill).
pub const UNIQUE_ALPHA: f64 = 0.0;

/// Where on a sweep's second axis an instance sits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Level {
    /// Fill fraction α (modes `random` and `planted`).
    Alpha(f64),
    /// Difficulty: the exact rating of a puzzle with one solution (mode `unique`).
    Difficulty(Rating),
}

impl Level {
    /// The `alpha` column.
    pub fn alpha(self) -> f64 {
        match self {
            Level::Alpha(a) => a,
            Level::Difficulty(_) => UNIQUE_ALPHA,
        }
    }

    /// The `difficulty` column (empty for α levels).
    pub fn difficulty(self) -> &'static str {
        match self {
            Level::Alpha(_) => "",
            Level::Difficulty(r) => r.name(),
        }
    }

    /// Folds the level into a seed hash: a tag for the kind of level, then its value.
    fn fold_into(self, h: u64) -> u64 {
        match self {
            Level::Alpha(a) => fold(fold(h, 0), a.to_bits()),
            Level::Difficulty(r) => fold(fold(h, 1), rating_code(r)),
        }
    }
}

/// A rating's fixed code in the seed hash (never its position in a list, which could change).
fn rating_code(r: Rating) -> u64 {
    match r {
        Rating::Easy => 0,
        Rating::Medium => 1,
        Rating::Hard => 2,
        Rating::Expert => 3,
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Alpha(a) => write!(f, "alpha={a}"),
            Level::Difficulty(r) => write!(f, "difficulty={r}"),
        }
    }
}

/// The levels a config sweeps for one mode.
pub fn levels(config: &Config, mode: Mode) -> Vec<Level> {
    match mode {
        Mode::Random | Mode::Planted => config.alphas.iter().map(|&a| Level::Alpha(a)).collect(),
        Mode::Unique => config.difficulties.iter().map(|&r| Level::Difficulty(r)).collect(),
    }
}

/// The hole patterns and levels a config sweeps for one mode, in canonical order: each hole
/// pattern's levels for `planted`, the levels with uniform holes for the other modes.
pub fn variants(config: &Config, mode: Mode) -> Vec<(Holes, Level)> {
    let holes: &[Holes] = if mode == Mode::Planted { &config.holes } else { &[Holes::Uniform] };
    holes.iter().flat_map(|&h| levels(config, mode).into_iter().map(move |l| (h, l))).collect()
}

/// The coordinates of one instance in a config's grid.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spec {
    /// Box shape.
    pub shape: Shape,
    /// Instance mode.
    pub mode: Mode,
    /// Hole pattern (uniform for every mode but `planted`).
    pub holes: Holes,
    /// Fill fraction or difficulty.
    pub level: Level,
    /// Repeat index, 0-based.
    pub rep: u32,
}

/// Every instance of a config, in canonical order: the index is the instance id.
pub fn specs(config: &Config) -> Vec<Spec> {
    let mut out = Vec::with_capacity(config.instance_count());
    for &shape in &config.boxes {
        for &mode in &config.modes {
            for (holes, level) in variants(config, mode) {
                out.extend((0..config.repeats).map(|rep| Spec { shape, mode, holes, level, rep }));
            }
        }
    }
    out
}

/// splitmix64's finaliser (Steele, Lea & Flood 2014): a bijection on `u64` that mixes every bit.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One step of the seed hash: mixes `x` into the running hash `h`.
fn fold(h: u64, x: u64) -> u64 {
    splitmix64(h.rotate_left(23) ^ x)
}

/// Version tag of the seed derivation: changing the hash changes every instance, so it would
/// change this tag too.
const SEED_SCHEME: u64 = 1;

/// The seed hash's tag before a hole pattern other than uniform.
const HOLES_TAG: u64 = 0x401E5;

/// A hole pattern's fixed code in the seed hash (uniform is never folded in).
fn holes_code(h: Holes) -> u64 {
    match h {
        Holes::Uniform => 0,
        Holes::Balanced => 1,
    }
}

/// The seed of an instance: a portable hash of the master seed and the instance's coordinates.
pub fn instance_seed(master: u64, spec: &Spec) -> u64 {
    let mode = match spec.mode {
        Mode::Random => 0,
        Mode::Planted => 1,
        Mode::Unique => 2,
    };
    let mut h = fold(fold(0, SEED_SCHEME), master);
    h = fold(fold(h, spec.shape.box_rows() as u64), spec.shape.box_cols() as u64);
    h = fold(h, mode);
    if spec.holes != Holes::Uniform {
        h = fold(fold(h, HOLES_TAG), holes_code(spec.holes));
    }
    h = spec.level.fold_into(h);
    fold(h, u64::from(spec.rep))
}

/// A puzzle of an instance set: the set (its place in the config), the puzzle (its place in the
/// set) and the repeat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetRef {
    /// Index into the config's `sets`.
    pub set: usize,
    /// Index into the set's puzzles.
    pub puzzle: usize,
    /// Repeat index, 0-based.
    pub rep: u32,
}

/// Where an instance comes from: the generated grid or an instance set.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Source {
    /// Generated from its coordinates and seed.
    Generated(Spec),
    /// Read from a set's file.
    Set(SetRef),
}

impl Source {
    /// The repeat index.
    pub fn rep(self) -> u32 {
        match self {
            Source::Generated(spec) => spec.rep,
            Source::Set(r) => r.rep,
        }
    }
}

/// An instance: generated, or a set's puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Instance {
    /// Place in the canonical order.
    pub id: usize,
    /// Where it comes from.
    pub source: Source,
    /// The instance's own seed.
    pub seed: u64,
    /// The puzzle.
    pub puzzle: Grid,
    /// Its known solution: the one a planted puzzle was cut from, a unique puzzle's only one, or
    /// the one a set's file gives with it.
    pub solution: Option<Grid>,
    /// Its expected verdict: a set puzzle's (from its file or its set); none for generated ones,
    /// whose modes say what is known.
    pub expected: Option<Expect>,
}

/// An instance that could not be generated: a unique puzzle not found within its budget.
#[derive(Debug, Clone, PartialEq, Error)]
#[error(
    "cannot generate instance {id} (box {shape}, mode {mode}, {level}, rep {rep}, seed {seed}): {reason}. \
     Nothing was run; {advice}",
    shape = .spec.shape, mode = .spec.mode.name(), level = .spec.level, rep = .spec.rep,
    advice = advice(.reason, *.budget)
)]
pub struct GenerationError {
    /// The instance id.
    pub id: usize,
    /// Its coordinates.
    pub spec: Spec,
    /// Its seed.
    pub seed: u64,
    /// The time budget it had.
    pub budget: Duration,
    /// Why the generator gave up (boxed: errors travel by value through every `Result`).
    pub reason: Box<PuzzleError>,
}

/// What to change in the config when a puzzle is out of reach: more time helps only when the time
/// budget ran out (the attempt cap is the generator's own and already generous).
fn advice(reason: &PuzzleError, budget: Duration) -> String {
    match reason {
        PuzzleError::Unreached { exhausted: Exhausted::Time, .. } => {
            format!("raise unique_budget (now {} s), or leave this difficulty out for this box", budget.as_secs_f64())
        }
        _ => "leave this difficulty out for this box".to_string(),
    }
}

/// Generates the instance of `spec` from its own stream, seeded by `seed`; a unique puzzle gets
/// `budget` wall time (which never changes the puzzle, only whether one is found).
pub fn generate(id: usize, spec: Spec, seed: u64, budget: Duration) -> Result<Instance, GenerationError> {
    let mut rng = rng_from_seed(seed);
    let (puzzle, solution) = match (spec.mode, spec.level) {
        (Mode::Random, Level::Alpha(a)) => (random_fill(spec.shape, a, &mut rng), None),
        (Mode::Planted, Level::Alpha(a)) => {
            let p = planted_with(spec.shape, a, spec.holes, &mut rng);
            (p.puzzle, Some(p.solution))
        }
        (Mode::Unique, Level::Difficulty(r)) => {
            let g = generate_unique(spec.shape, &PuzzleSpec::new(r), &mut rng, budget)
                .map_err(|reason| GenerationError { id, spec, seed, budget, reason: Box::new(reason) })?;
            (g.puzzle, Some(g.solution))
        }
        (Mode::Random | Mode::Planted, Level::Difficulty(_)) | (Mode::Unique, Level::Alpha(_)) => {
            unreachable!("levels() gives α levels to fill modes and difficulties to mode unique")
        }
    };
    Ok(Instance { id, source: Source::Generated(spec), seed, puzzle, solution, expected: None })
}

/// The instance of set puzzle `r` of `config` with id `id`, taken from the config's catalog.
pub fn set_instance(config: &Config, id: usize, r: SetRef) -> Instance {
    let p = &config.catalog.sets[r.set].puzzles[r.puzzle];
    Instance {
        id,
        source: Source::Set(r),
        seed: set_seed(config, r),
        puzzle: p.puzzle.clone(),
        solution: p.solution.clone(),
        expected: p.expected,
    }
}

/// The seed of a set puzzle: a portable hash of the master seed, the set's name, the puzzle's id
/// and the repeat (see the module doc).
pub fn set_seed(config: &Config, r: SetRef) -> u64 {
    let id = config.catalog.sets[r.set].id(r.puzzle);
    let mut h = fold(fold(fold(0, SEED_SCHEME), config.seed), SET_TAG);
    h = fold_str(fold_str(h, &config.sets[r.set].name), &id);
    fold(h, u64::from(r.rep))
}

/// The seed hash's tag for set puzzles (generated instances start with their box instead).
const SET_TAG: u64 = 0x5E7;

/// Folds a string into the hash: its length, then its bytes eight at a time (little-endian).
fn fold_str(h: u64, s: &str) -> u64 {
    s.as_bytes().chunks(8).fold(fold(h, s.len() as u64), |h, chunk| {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        fold(h, u64::from_le_bytes(word))
    })
}

/// The source of instance `id`: the generated grid's coordinates below
/// [`Config::generated_count`], a set puzzle after; `None` past the last instance.
pub fn source_of(config: &Config, id: usize) -> Option<Source> {
    let generated = config.generated_count();
    if id < generated {
        return spec_of(config, id).map(Source::Generated);
    }
    let mut rest = id - generated;
    for (set, (c, r)) in config.sets.iter().zip(&config.catalog.sets).enumerate() {
        let here = r.puzzles.len() * c.repeats as usize;
        if rest < here {
            let repeats = c.repeats as usize;
            return Some(Source::Set(SetRef { set, puzzle: rest / repeats, rep: (rest % repeats) as u32 }));
        }
        rest -= here;
    }
    None
}

/// The sources of every instance of `config`, in canonical order (nothing is generated).
pub fn sources(config: &Config) -> impl Iterator<Item = Source> + '_ {
    let sets = config.sets.iter().zip(&config.catalog.sets).enumerate().flat_map(|(set, (c, r))| {
        (0..r.puzzles.len())
            .flat_map(move |puzzle| (0..c.repeats).map(move |rep| Source::Set(SetRef { set, puzzle, rep })))
    });
    specs(config).into_iter().map(Source::Generated).chain(sets)
}

/// The seed of the instance from `source`.
pub fn seed_of(config: &Config, source: Source) -> u64 {
    match source {
        Source::Generated(spec) => instance_seed(config.seed, &spec),
        Source::Set(r) => set_seed(config, r),
    }
}

/// The instances of a config that fall in `shard` (all of them when `None`), generated; stops at
/// the first that cannot be (see the module doc).
pub fn instances(config: &Config, shard: Option<Shard>) -> Result<Vec<Instance>, GenerationError> {
    Stream::new(config, shard, held_instances(config, shard)?).collect()
}

/// The coordinates of generated instance `id` in canonical order (box, mode, level, repeat),
/// computed without listing the others; `None` past the generated grid.
pub fn spec_of(config: &Config, id: usize) -> Option<Spec> {
    let repeats = config.repeats as usize;
    let per_box: usize = config.modes.iter().map(|&m| config.level_count(m) * repeats).sum();
    let shape = *config.boxes.get(id / per_box.max(1))?;
    let mut rest = id % per_box.max(1);
    for &mode in &config.modes {
        let here = config.level_count(mode) * repeats;
        if rest < here {
            let (holes, level) = variants(config, mode)[rest / repeats];
            return Some(Spec { shape, mode, holes, level, rep: (rest % repeats) as u32 });
        }
        rest -= here;
    }
    None
}

/// The ids of the instances in `shard` (all of them when `None`), in canonical order.
pub fn shard_ids(config: &Config, shard: Option<Shard>) -> std::iter::StepBy<std::ops::Range<usize>> {
    let (first, step) = shard.map_or((0, 1), |s| (s.index - 1, s.count));
    (first..config.instance_count()).step_by(step)
}

/// The `unique` instances of `shard`, generated up front by id; stops at the first that cannot
/// be made (see the module doc).
pub fn held_instances(config: &Config, shard: Option<Shard>) -> Result<BTreeMap<usize, Instance>, GenerationError> {
    shard_ids(config, shard)
        .filter_map(|id| spec_of(config, id).filter(|s| s.mode == Mode::Unique).map(|spec| (id, spec)))
        .map(|(id, spec)| Ok((id, generate(id, spec, instance_seed(config.seed, &spec), config.unique_budget())?)))
        .collect()
}

/// The instances of a shard in canonical order, one at a time: the `unique` ones handed over
/// from [`held_instances`], the others generated when asked for (see the module doc).
#[derive(Debug)]
pub struct Stream<'a> {
    config: &'a Config,
    ids: std::iter::StepBy<std::ops::Range<usize>>,
    held: BTreeMap<usize, Instance>,
}

impl<'a> Stream<'a> {
    /// The instances of `shard`, with its `unique` ones already in `held`.
    pub fn new(config: &'a Config, shard: Option<Shard>, held: BTreeMap<usize, Instance>) -> Stream<'a> {
        Stream { config, ids: shard_ids(config, shard), held }
    }

    /// The config whose instances these are.
    pub fn config(&self) -> &'a Config {
        self.config
    }
}

impl Iterator for Stream<'_> {
    type Item = Result<Instance, GenerationError>;

    fn next(&mut self) -> Option<Self::Item> {
        let id = self.ids.next()?;
        Some(match (self.held.remove(&id), source_of(self.config, id)?) {
            (Some(instance), _) => Ok(instance),
            (None, Source::Generated(spec)) => {
                generate(id, spec, instance_seed(self.config.seed, &spec), self.config.unique_budget())
            }
            (None, Source::Set(r)) => Ok(set_instance(self.config, id, r)),
        })
    }
}

/// One of K disjoint slices of an experiment: `index` of `count`, 1-based, written `I/K`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Shard {
    /// Which slice, 1..=count.
    pub index: usize,
    /// How many slices.
    pub count: usize,
}

impl Shard {
    /// True when instance `id` belongs to this slice.
    pub fn contains(self, id: usize) -> bool {
        id % self.count == self.index - 1
    }

    /// Refuses more slices than `config` (read from `source`) has instances: some would be empty,
    /// a mis-sized job array rather than an experiment.
    pub fn check(self, config: &Config, source: &str) -> Result<(), String> {
        let total = config.instance_count();
        if self.count <= total {
            return Ok(());
        }
        Err(format!(
            "{source} has {total} instances, so at most {total} shards (with {} some would be empty)",
            self.count
        ))
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("'{s}' is not a shard: expected I/K with 1 ≤ I ≤ K, e.g. 1/4");
        let (i, k) = s.split_once('/').ok_or_else(bad)?;
        let (index, count): (usize, usize) =
            (i.trim().parse().map_err(|_| bad())?, k.trim().parse().map_err(|_| bad())?);
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl TryFrom<String> for Shard {
    type Error = String;

    fn try_from(s: String) -> Result<Shard, String> {
        s.parse()
    }
}

impl From<Shard> for String {
    fn from(s: Shard) -> String {
        s.to_string()
    }
}

/// The comment line that introduces an instance in `instances.txt`.
pub fn key_comment(config: &Config, instance: &Instance) -> String {
    match instance.source {
        Source::Generated(s) => format!(
            "# id={} box={} mode={}{} {} rep={} seed={} givens={}",
            instance.id,
            s.shape,
            s.mode.name(),
            if s.holes == Holes::Uniform { String::new() } else { format!(" holes={}", s.holes) },
            s.level,
            s.rep,
            instance.seed,
            instance.puzzle.givens()
        ),
        Source::Set(r) => format!(
            "# id={} box={} set={} instance={} rep={} seed={} givens={}{}",
            instance.id,
            instance.puzzle.shape(),
            config.sets[r.set].name,
            config.catalog.sets[r.set].id(r.puzzle),
            r.rep,
            instance.seed,
            instance.puzzle.givens(),
            instance.expected.map(|e| format!(" expect={}", e.name())).unwrap_or_default()
        ),
    }
}

/// One instance in `instances.txt`: its key comment, then the puzzle in line format (with
/// `:SOLUTION` when the solution is known — planted and unique puzzles — so `solve` also checks
/// the answers against it).
pub fn instance_block(config: &Config, instance: &Instance) -> String {
    let line = match &instance.solution {
        Some(s) => format!("{}:{}", to_line(&instance.puzzle), to_line(s)),
        None => to_line(&instance.puzzle),
    };
    format!("{}\n{line}\n", key_comment(config, instance))
}

/// The header of `instances.txt`: what it holds and how to re-run it.
pub fn instances_header(config: &Config, shard: Option<Shard>) -> String {
    let slice = shard.map(|s| format!(", shard {s}")).unwrap_or_default();
    let mut h = format!(
        "# Instances of experiment '{}'{slice}: one puzzle per line (line format), planted and unique ones as\n\
         # PUZZLE:SOLUTION, each after a comment with its id, box, mode (then holes=balanced for balanced\n\
         # holes), level (alpha or difficulty), repeat, seed and givens.\n\
         # Re-run them with: sudoku-lab solve instances.txt --solver all --time-limit {}\n",
        config.name, config.time_limit
    );
    for shape in config.boxes.iter().filter(|b| Shape::for_size(b.n()).ok() != Some(**b)) {
        h.push_str(&format!(
            "# Box {shape} is not the default for N = {}: the box=RxC in each line's comment gives it (no --box needed).\n",
            shape.n()
        ));
    }
    h
}

/// Splits `instances.txt` into (id, block) pairs, block = key comment and puzzle line.
pub fn read_blocks(text: &str) -> Result<Vec<(usize, String)>, String> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((i, line)) = lines.next() {
        let Some(rest) = line.strip_prefix("# id=") else { continue };
        let id = rest.split_whitespace().next().and_then(|t| t.parse().ok());
        let id = id.ok_or_else(|| format!("line {}: no instance id after '# id='", i + 1))?;
        let (_, puzzle) = lines.next().ok_or_else(|| format!("line {}: instance {id} has no puzzle line", i + 1))?;
        out.push((id, format!("{line}\n{puzzle}\n")));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> Config {
        let text = r#"
            name = "t"
            boxes = ["2x2", "2x3"]
            alphas = [0.0, 0.3]
            modes = ["random", "planted", "unique"]
            difficulties = ["easy"]
            repeats = 3
            solvers = ["backtrack"]
            time_limit = 1
            seed = 11
        "#;
        Config::parse(text, "t").unwrap()
    }

    #[test]
    fn seeds_are_pinned_and_distinct() {
        let c = config();
        let seeds: Vec<u64> = specs(&c).iter().map(|s| instance_seed(c.seed, s)).collect();
        let distinct: std::collections::HashSet<_> = seeds.iter().collect();
        assert_eq!(distinct.len(), seeds.len());
        // Pinned: a change here changes every committed instance (bump SEED_SCHEME if intended).
        let spec = Spec {
            shape: Shape::new(3, 3).unwrap(),
            mode: Mode::Planted,
            holes: Holes::Uniform,
            level: Level::Alpha(0.4),
            rep: 2,
        };
        assert_eq!(instance_seed(4, &spec), 0x4f52_35ba_4d42_f5a1, "{:#018x}", instance_seed(4, &spec));
        let spec = Spec { level: Level::Difficulty(Rating::Hard), mode: Mode::Unique, ..spec };
        assert_eq!(instance_seed(4, &spec), 0x556c_5361_bc9a_42ec, "{:#018x}", instance_seed(4, &spec));
    }

    #[test]
    fn the_committed_seed004_instances_keep_their_ids_seeds_and_puzzles() {
        // Hole patterns joined the seed hash after seed004 was run: its rows (an older runs.csv,
        // without a holes column) must still map to this config's instances with the same seeds,
        // and its instances.txt must come out byte for byte.
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let config = Config::load(&root.join("experiments/seed004.toml")).unwrap();
        assert_eq!(config.holes, [Holes::Uniform]);
        let (rows, _) = crate::experiment::folder::read_runs(&root.join("results/seed004/runs.csv")).unwrap();
        assert!(rows.len() > 1000 && rows.iter().all(|r| r.holes == Holes::Uniform));
        let index = crate::experiment::rows::RowIndex::new(&config);
        for row in &rows {
            index.locate(row).unwrap();
        }
        let committed = std::fs::read_to_string(root.join("results/seed004/instances.txt")).unwrap();
        let blocks = read_blocks(&committed).unwrap();
        for &(id, ref block) in blocks.iter().step_by(37) {
            let Some(Source::Generated(spec)) = source_of(&config, id) else { panic!("id {id}") };
            let instance = generate(id, spec, instance_seed(config.seed, &spec), Duration::from_secs(20)).unwrap();
            assert_eq!(&instance_block(&config, &instance), block, "instance {id}");
        }
    }

    #[test]
    fn balanced_holes_add_instances_after_the_uniform_ones_without_moving_their_seeds() {
        let plain = config();
        let text =
            toml::to_string(&plain).unwrap().replace("repeats = 3", "holes = [\"uniform\", \"balanced\"]\nrepeats = 3");
        let both = Config::parse(&text, "t").unwrap();
        assert_eq!(both.instance_count(), plain.instance_count() + 2 * 2 * 3);
        let seeds =
            |c: &Config| -> Vec<(Spec, u64)> { specs(c).into_iter().map(|s| (s, instance_seed(c.seed, &s))).collect() };
        let (old, new) = (seeds(&plain), seeds(&both));
        let uniform: Vec<_> = new.iter().filter(|(s, _)| s.holes == Holes::Uniform).cloned().collect();
        assert_eq!(uniform, old, "uniform instances keep coordinates, order and seeds");
        let balanced: std::collections::HashSet<u64> =
            new.iter().filter(|(s, _)| s.holes == Holes::Balanced).map(|(_, seed)| *seed).collect();
        assert_eq!(balanced.len(), 12);
        assert!(old.iter().all(|(_, seed)| !balanced.contains(seed)));
        for (id, spec) in specs(&both).into_iter().enumerate() {
            assert_eq!(spec_of(&both, id), Some(spec));
            if spec.holes == Holes::Balanced {
                let i = generate(id, spec, instance_seed(both.seed, &spec), Duration::from_secs(1)).unwrap();
                assert!(
                    key_comment(&both, &i).contains("mode=planted holes=balanced alpha="),
                    "{}",
                    key_comment(&both, &i)
                );
            }
        }
    }

    #[test]
    fn unique_instances_have_one_solution_rate_as_asked_and_repeat() {
        let shape = Shape::new(3, 3).unwrap();
        let budget = Duration::from_secs(20);
        for (rep, rating) in Rating::ALL.into_iter().enumerate() {
            let spec = Spec {
                shape,
                mode: Mode::Unique,
                holes: Holes::Uniform,
                level: Level::Difficulty(rating),
                rep: rep as u32,
            };
            let seed = instance_seed(1, &spec);
            let i = generate(rep, spec, seed, budget).unwrap();
            assert_eq!(crate::logic::rate(&i.puzzle).0, rating);
            assert_eq!(crate::solve::search::backtrack::count_solutions(&i.puzzle, 2).0, 1);
            let solution = i.solution.as_ref().expect("a unique puzzle carries its solution");
            assert!(crate::verify::is_solution_of(&i.puzzle, solution));
            assert_eq!(generate(rep, spec, seed, budget).unwrap(), i, "deterministic for its seed");
            assert_eq!((spec.level.alpha(), spec.level.difficulty()), (UNIQUE_ALPHA, rating.name()));
            assert!(key_comment(&config(), &i).contains(&format!("mode=unique difficulty={rating} rep={rep}")));
        }
    }

    #[test]
    fn an_unreachable_unique_puzzle_is_an_error_that_names_it() {
        let text = r#"
            name = "t"
            boxes = ["2x2"]
            modes = ["unique"]
            difficulties = ["easy", "hard"]
            repeats = 1
            solvers = ["backtrack"]
            time_limit = 1
            seed = 3
        "#;
        let err = instances(&Config::parse(text, "t").unwrap(), None).unwrap_err();
        assert_eq!((err.id, err.spec.level), (1, Level::Difficulty(Rating::Hard)));
        let message = err.to_string();
        assert!(
            message.starts_with("cannot generate instance 1 (box 2x2, mode unique, difficulty=hard, rep 0"),
            "{message}"
        );
        assert!(
            message.contains("no hard 4×4") && message.ends_with("leave this difficulty out for this box"),
            "{message}"
        );
        let spec = Spec { shape: Shape::new(4, 4).unwrap(), ..err.spec };
        let out_of_time = generate(0, spec, 1, Duration::ZERO).unwrap_err().to_string();
        assert!(out_of_time.contains("raise unique_budget (now 0 s)"), "{out_of_time}");
    }

    #[test]
    fn spec_of_inverts_the_canonical_order() {
        let c = config();
        let all = specs(&c);
        for (id, spec) in all.iter().enumerate() {
            assert_eq!(spec_of(&c, id).as_ref(), Some(spec), "id {id}");
        }
        assert_eq!(spec_of(&c, all.len()), None);
        let shard = Shard { index: 2, count: 3 };
        let ids: Vec<usize> = shard_ids(&c, Some(shard)).collect();
        assert_eq!(ids, (0..all.len()).filter(|&id| shard.contains(id)).collect::<Vec<_>>());
    }

    #[test]
    fn only_unique_instances_are_held_and_the_stream_hands_them_over_in_order() {
        let c = config();
        let held = held_instances(&c, None).unwrap();
        assert!(
            !held.is_empty()
                && held.values().all(|i| matches!(i.source, Source::Generated(s) if s.mode == Mode::Unique))
        );
        assert_eq!(held.len(), specs(&c).iter().filter(|s| s.mode == Mode::Unique).count());
        let streamed: Vec<Instance> = Stream::new(&c, None, held.clone()).map(Result::unwrap).collect();
        assert_eq!(streamed.iter().map(|i| i.id).collect::<Vec<_>>(), (0..c.instance_count()).collect::<Vec<_>>());
        assert!(held.values().all(|h| streamed[h.id] == *h), "held instances pass through unchanged");
    }

    #[test]
    fn shards_partition_the_instances_without_changing_them() {
        let c = config();
        let all = instances(&c, None).unwrap();
        let mut joined: Vec<Instance> =
            (1..=3).flat_map(|i| instances(&c, Some(Shard { index: i, count: 3 })).unwrap()).collect();
        joined.sort_by_key(|i| i.id);
        assert_eq!(joined, all);
    }

    #[test]
    fn blocks_round_trip_and_shards_parse() {
        let c = config();
        let text: String = instances(&c, None).unwrap().iter().map(|i| instance_block(&c, i)).collect();
        let blocks = read_blocks(&format!("{}{text}", instances_header(&c, None))).unwrap();
        assert_eq!(blocks.len(), c.instance_count());
        assert_eq!(blocks[5].0, 5);
        assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
        assert!("0/3".parse::<Shard>().is_err() && "4/3".parse::<Shard>().is_err() && "x".parse::<Shard>().is_err());
    }
}
