//! Instances made: a generated one from its own `rand_chacha` stream seeded by its seed, a set's
//! puzzle taken from the config's catalog. The `unique` instances of a shard are generated up
//! front ([`held_instances`]), the others one at a time as the runner reaches them ([`Stream`]).

use std::collections::BTreeMap;
use std::time::Duration;

use thiserror::Error;

use super::order::{source_of, spec_of, Level, SetRef, Source, Spec};
use super::seed::{instance_seed, set_seed};
use super::shard::{shard_ids, Shard};
use crate::experiment::config::Config;
use crate::experiment::sets::Expect;
use crate::generate::{planted_with, random_fill, rng_from_seed, Mode};
use crate::grid::Grid;
use crate::puzzle::{generate_unique, Exhausted, PuzzleError, PuzzleSpec};

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

/// The instances of a config that fall in `shard` (all of them when `None`), generated; stops at
/// the first that cannot be (see the module doc).
pub fn instances(config: &Config, shard: Option<Shard>) -> Result<Vec<Instance>, GenerationError> {
    Stream::new(config, shard, held_instances(config, shard)?).collect()
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
