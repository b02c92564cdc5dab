//! The instances of an experiment: which there are, the seed of each, and the `instances.txt` file.
//!
//! A config's instances are enumerated in one canonical order — box, then mode, then level, then
//! repeat — and an instance's **id** is its place in that order. Its seed is a fixed, portable hash
//! (a splitmix64 fold, never `std`'s `DefaultHasher`) of the master seed and its coordinates, and
//! it is generated from its own `rand_chacha` stream seeded by that seed, so the order of the runs,
//! the shards and the number of jobs never change an instance. Shard I of K holds the ids with
//! id mod K = I − 1 (round robin, so every shard gets a similar mix of sizes).
//!
//! Extension point — a third mode `unique` (puzzles with exactly one solution, from
//! `crate::puzzle::generate_unique`) with a `difficulties` axis of `crate::logic::Rating` replacing
//! α: add `Unique` to [`Mode`]; add a `Level::Difficulty(Rating)` variant, whose `alpha()` is a
//! constant (the `givens` column holds the real fill) and whose `difficulty()` is the rating's
//! name; give it an arm in [`levels`] (read from a `difficulties` key added to the config file) and
//! a tag in `Level::fold_into`; and generate it in [`generate`], which then returns a `Result`
//! (a puzzle of a given rating may not be found within its budget). Every `match` that needs an
//! arm is exhaustive, so the compiler lists them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::config::Config;
use crate::format::to_line;
use crate::generate::{planted, random_fill, rng_from_seed, Mode};
use crate::grid::{Grid, Shape};

/// Where on a sweep's second axis an instance sits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Level {
    /// Fill fraction α (modes `random` and `planted`).
    Alpha(f64),
}

impl Level {
    /// The `alpha` column.
    pub fn alpha(self) -> f64 {
        match self {
            Level::Alpha(a) => a,
        }
    }

    /// The `difficulty` column (empty for α levels).
    pub fn difficulty(self) -> &'static str {
        match self {
            Level::Alpha(_) => "",
        }
    }

    /// Folds the level into a seed hash: a tag for the kind of level, then its value.
    fn fold_into(self, h: u64) -> u64 {
        match self {
            Level::Alpha(a) => fold(fold(h, 0), a.to_bits()),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Alpha(a) => write!(f, "alpha={a}"),
        }
    }
}

/// The levels a config sweeps for one mode.
pub fn levels(config: &Config, mode: Mode) -> Vec<Level> {
    match mode {
        Mode::Random | Mode::Planted => config.alphas.iter().map(|&a| Level::Alpha(a)).collect(),
    }
}

/// The coordinates of one instance in a config's grid.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spec {
    /// Box shape.
    pub shape: Shape,
    /// Instance mode.
    pub mode: Mode,
    /// Fill fraction (or, later, difficulty).
    pub level: Level,
    /// Repeat index, 0-based.
    pub rep: u32,
}

/// Every instance of a config, in canonical order: the index is the instance id.
pub fn specs(config: &Config) -> Vec<Spec> {
    let mut out = Vec::with_capacity(config.instance_count());
    for &shape in &config.boxes {
        for &mode in &config.modes {
            for level in levels(config, mode) {
                out.extend((0..config.repeats).map(|rep| Spec { shape, mode, level, rep }));
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

/// The seed of an instance: a portable hash of the master seed and the instance's coordinates.
pub fn instance_seed(master: u64, spec: &Spec) -> u64 {
    let mode = match spec.mode {
        Mode::Random => 0,
        Mode::Planted => 1,
    };
    let mut h = fold(fold(0, SEED_SCHEME), master);
    h = fold(fold(h, spec.shape.box_rows() as u64), spec.shape.box_cols() as u64);
    h = spec.level.fold_into(fold(h, mode));
    fold(h, u64::from(spec.rep))
}

/// A generated instance.
#[derive(Debug, Clone, PartialEq)]
pub struct Instance {
    /// Place in the canonical order.
    pub id: usize,
    /// Coordinates.
    pub spec: Spec,
    /// The instance's own seed.
    pub seed: u64,
    /// The puzzle.
    pub puzzle: Grid,
    /// The solution a planted puzzle was cut from.
    pub planted: Option<Grid>,
}

/// Generates the instance of `spec` from its own stream, seeded by `seed`.
pub fn generate(id: usize, spec: Spec, seed: u64) -> Instance {
    let mut rng = rng_from_seed(seed);
    let (puzzle, solution) = match (spec.mode, spec.level) {
        (Mode::Random, Level::Alpha(a)) => (random_fill(spec.shape, a, &mut rng), None),
        (Mode::Planted, Level::Alpha(a)) => {
            let p = planted(spec.shape, a, &mut rng);
            (p.puzzle, Some(p.solution))
        }
    };
    Instance { id, spec, seed, puzzle, planted: solution }
}

/// The instances of a config that fall in `shard` (all of them when `None`), generated.
pub fn instances(config: &Config, shard: Option<Shard>) -> Vec<Instance> {
    specs(config)
        .into_iter()
        .enumerate()
        .filter(|(id, _)| shard.is_none_or(|s| s.contains(*id)))
        .map(|(id, spec)| generate(id, spec, instance_seed(config.seed, &spec)))
        .collect()
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
pub fn key_comment(instance: &Instance) -> String {
    let s = &instance.spec;
    format!(
        "# id={} box={} mode={} {} rep={} seed={} givens={}",
        instance.id,
        s.shape,
        s.mode.name(),
        s.level,
        s.rep,
        instance.seed,
        instance.puzzle.givens()
    )
}

/// One instance in `instances.txt`: its key comment, then the puzzle in line format (with
/// `:SOLUTION` for a planted puzzle, so `solve` also checks the answers against it).
pub fn instance_block(instance: &Instance) -> String {
    let line = match &instance.planted {
        Some(s) => format!("{}:{}", to_line(&instance.puzzle), to_line(s)),
        None => to_line(&instance.puzzle),
    };
    format!("{}\n{line}\n", key_comment(instance))
}

/// The header of `instances.txt`: what it holds and how to re-run it.
pub fn instances_header(config: &Config, shard: Option<Shard>) -> String {
    let slice = shard.map(|s| format!(", shard {s}")).unwrap_or_default();
    let mut h = format!(
        "# Instances of experiment '{}'{slice}: one puzzle per line (line format), planted ones as PUZZLE:SOLUTION,\n\
         # each after a comment with its id, box, mode, level, repeat, seed and givens.\n\
         # Re-run them with: sudoku-lab solve instances.txt --solver all --time-limit {}\n",
        config.name, config.time_limit
    );
    for shape in config.boxes.iter().filter(|b| Shape::for_size(b.n()).ok() != Some(**b)) {
        h.push_str(&format!(
            "# Box {shape} is not the default for N = {}: re-run those lines with --box {shape}.\n",
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
            modes = ["random", "planted"]
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
        let spec = Spec { shape: Shape::new(3, 3).unwrap(), mode: Mode::Planted, level: Level::Alpha(0.4), rep: 2 };
        assert_eq!(instance_seed(4, &spec), 0x4f52_35ba_4d42_f5a1, "{:#018x}", instance_seed(4, &spec));
    }

    #[test]
    fn shards_partition_the_instances_without_changing_them() {
        let c = config();
        let all = instances(&c, None);
        let mut joined: Vec<Instance> =
            (1..=3).flat_map(|i| instances(&c, Some(Shard { index: i, count: 3 }))).collect();
        joined.sort_by_key(|i| i.id);
        assert_eq!(joined, all);
    }

    #[test]
    fn blocks_round_trip_and_shards_parse() {
        let c = config();
        let text: String = instances(&c, None).iter().map(instance_block).collect();
        let blocks = read_blocks(&format!("{}{text}", instances_header(&c, None))).unwrap();
        assert_eq!(blocks.len(), c.instance_count());
        assert_eq!(blocks[5].0, 5);
        assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
        assert!("0/3".parse::<Shard>().is_err() && "4/3".parse::<Shard>().is_err() && "x".parse::<Shard>().is_err());
    }
}
