//! The instances of an experiment: which there are, the seed of each, and the `instances.txt` file.
//!
//! A config's instances are enumerated in one canonical order — box, then mode, then hole pattern
//! (planted instances only; [`Holes`](crate::generate::Holes)), then level, then repeat — and an
//! instance's **id** is its place in that order. Its seed is a fixed, portable hash (a splitmix64
//! fold, never `std`'s `DefaultHasher`) of the master seed and its coordinates, and it is
//! generated from its own `rand_chacha` stream seeded by that seed, so the order of the runs, the
//! shards and the number of jobs never change an instance. The hole pattern enters the hash only
//! when it is not uniform, so every instance made before hole patterns existed keeps its seed.
//! Shard I of K holds the ids with id mod K = I − 1 (round robin, so every shard gets a similar
//! mix of sizes).
//!
//! The level is a fill fraction α for modes `random` and `planted`, and a difficulty
//! ([`Rating`](crate::logic::Rating)) for mode `unique`: a puzzle with exactly one solution that
//! the logical solver rates exactly so, from [`generate_unique`](crate::puzzle::generate_unique).
//! A unique instance's `alpha` column is the constant [`UNIQUE_ALPHA`] (0), not its real fill: the
//! column is part of the key that maps a row back to its instance, which must be known without
//! generating it, and a per-instance value would split the report's per-difficulty cells into one
//! cell per puzzle; the `givens` column holds the real fill.
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
//!
//! Files by concept: `order.rs` (the canonical order, an instance's coordinates and source),
//! `seed.rs` (the seed hash), `generate.rs` (instances made, held and streamed), `shard.rs`
//! ([`Shard`]) and `file.rs` (`instances.txt`).

mod file;
mod generate;
mod order;
mod seed;
mod shard;

pub use file::{instance_block, instances_header, key_comment, read_blocks};
pub use generate::{generate, held_instances, instances, set_instance, GenerationError, Instance, Stream};
pub use order::{levels, source_of, sources, spec_of, specs, variants, Level, SetRef, Source, Spec, UNIQUE_ALPHA};
pub use seed::{instance_seed, seed_of, set_seed, solver_seed};
pub use shard::{shard_ids, Shard};

#[cfg(test)]
mod tests;
