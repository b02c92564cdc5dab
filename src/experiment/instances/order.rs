//! The canonical order of a config's instances — box, then mode, then hole pattern (planted
//! instances only), then level, then repeat, then the sets' puzzles — and an instance's place in
//! it: its id ([`spec_of`], [`source_of`] go from an id back to its coordinates without listing
//! the others).

use std::fmt;

use crate::experiment::config::Config;
use crate::generate::{Holes, Mode};
use crate::grid::Shape;
use crate::logic::Rating;

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
