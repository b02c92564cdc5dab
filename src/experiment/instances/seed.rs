//! The seed of an instance: a fixed, portable hash (a splitmix64 fold, never `std`'s
//! `DefaultHasher`) of the master seed and the instance's coordinates — its box, mode, hole
//! pattern (only when not uniform, so instances made before hole patterns keep their seeds),
//! level and repeat; for a set's puzzle the set's name, the puzzle's id and the repeat — so the
//! order of the runs, the shards and the number of jobs never change an instance.

use super::order::{Level, SetRef, Source, Spec};
use crate::experiment::config::Config;
use crate::generate::{Holes, Mode};
use crate::logic::Rating;

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

/// The seed of a set puzzle: a portable hash of the master seed, the set's name, the puzzle's id
/// and the repeat (see the module doc).
pub fn set_seed(config: &Config, r: SetRef) -> u64 {
    let id = config.catalog.sets[r.set].id(r.puzzle);
    let mut h = fold(fold(fold(0, SEED_SCHEME), config.seed), SET_TAG);
    h = fold_str(fold_str(h, &config.sets[r.set].name), &id);
    fold(h, u64::from(r.rep))
}

/// The seed of the instance from `source`.
pub fn seed_of(config: &Config, source: Source) -> u64 {
    match source {
        Source::Generated(spec) => instance_seed(config.seed, &spec),
        Source::Set(r) => set_seed(config, r),
    }
}

/// The seed a solver gets on run `index` (0-based) of an instance with `solver_seeds = k` > 1: a
/// portable hash of the master seed, the instance's seed and the index, so the runs of one
/// instance get distinct seeds and no run's seed depends on the order of the jobs. With k = 1 no
/// solver seed is given (each solver seeds itself from the puzzle, as before the key existed).
pub fn solver_seed(master: u64, instance_seed: u64, index: u32) -> u64 {
    let h = fold(fold(fold(0, SEED_SCHEME), master), SOLVER_TAG);
    fold(fold(h, instance_seed), u64::from(index))
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

/// The seed hash's tag for set puzzles (generated instances start with their box instead).
const SET_TAG: u64 = 0x5E7;

/// The seed hash's tag for solver seeds.
const SOLVER_TAG: u64 = 0x5EED;

/// A hole pattern's fixed code in the seed hash (uniform is never folded in).
fn holes_code(h: Holes) -> u64 {
    match h {
        Holes::Uniform => 0,
        Holes::Balanced => 1,
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

impl Level {
    /// Folds the level into a seed hash: a tag for the kind of level, then its value.
    fn fold_into(self, h: u64) -> u64 {
        match self {
            Level::Alpha(a) => fold(fold(h, 0), a.to_bits()),
            Level::Difficulty(r) => fold(fold(h, 1), rating_code(r)),
        }
    }
}

/// Folds a string into the hash: its length, then its bytes eight at a time (little-endian).
fn fold_str(h: u64, s: &str) -> u64 {
    s.as_bytes().chunks(8).fold(fold(h, s.len() as u64), |h, chunk| {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        fold(h, u64::from_le_bytes(word))
    })
}
