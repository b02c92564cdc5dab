//! How big a config is — its instances (the generated grid's and the sets'), its runs
//! (instances × solvers), the bytes its `unique` puzzles hold — and the limits on it: at most
//! [`MAX_RUNS`] runs, checked once, when the config is read (after its sets, whose puzzles count)
//! and again when `run --repeats` changes it.

use thiserror::Error;

use super::Config;
use crate::generate::Mode;

/// Most runs (instances × solvers) one config may name. The committed experiments have a few
/// thousand; ten million at a millisecond each is already three hours of one core. Larger grids
/// are refused up front, with their size, before anything is allocated.
pub const MAX_RUNS: u64 = 10_000_000;

/// Most bytes of `unique` puzzles (and solutions) one run may hold in memory: they are generated
/// before the first run (the other modes one at a time, as they run); larger runs are refused with
/// advice to shard them.
pub const MAX_INSTANCE_BYTES: u64 = 1 << 30;

impl Config {
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
}

/// The size of a config, counted without overflow (a count past `u64` stays at its maximum, which
/// is over every limit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    /// Box shapes of the generated grid.
    pub boxes: u64,
    /// Levels per box: each mode's levels, summed ([`Config::level_count`]).
    pub levels: u64,
    /// Instances per (box, mode, level).
    pub repeats: u64,
    /// Instances of the generated grid: boxes × levels × repeats.
    pub generated: u64,
    /// Instances of the sets: each puzzle × its set's repeats.
    pub from_sets: u64,
    /// Solvers run on every instance.
    pub solvers: u64,
    /// Runs of every (instance, solver): `solver_seeds`.
    pub seeds: u64,
}

impl Size {
    /// The size of `config` (its sets as read: none for a config read from `meta.json` until
    /// [`Config::read_sets`]).
    pub fn of(config: &Config) -> Size {
        let levels = config.modes.iter().map(|&m| config.level_count(m) as u64).fold(0, u64::saturating_add);
        let boxes = config.boxes.len() as u64;
        let repeats = u64::from(config.repeats);
        let from_sets = config
            .sets
            .iter()
            .zip(&config.catalog.sets)
            .map(|(s, r)| (r.puzzles.len() as u64).saturating_mul(u64::from(s.repeats)))
            .fold(0, u64::saturating_add);
        Size {
            boxes,
            levels,
            repeats,
            generated: boxes.saturating_mul(levels).saturating_mul(repeats),
            from_sets,
            solvers: config.solvers.len() as u64,
            seeds: u64::from(config.solver_seeds),
        }
    }

    /// Runs of every instance: its solvers, each `seeds` times.
    pub fn per_instance(&self) -> u64 {
        self.solvers.saturating_mul(self.seeds)
    }

    /// The runs of one instance as a refusal counts them: `2 solver(s)`, or `2 solver(s) × 4
    /// solver seeds`.
    fn per_instance_text(&self) -> String {
        match self.seeds {
            1 => format!("{} solver(s)", self.solvers),
            k => format!("{} solver(s) × {k} solver seeds", self.solvers),
        }
    }

    /// Instances in all: the generated grid's and the sets'.
    pub fn instances(&self) -> u64 {
        self.generated.saturating_add(self.from_sets)
    }

    /// Runs of the generated grid alone.
    pub fn generated_runs(&self) -> u64 {
        self.generated.saturating_mul(self.per_instance())
    }

    /// Runs in all.
    pub fn runs(&self) -> u64 {
        self.instances().saturating_mul(self.per_instance())
    }

    /// Refuses more than [`MAX_RUNS`] runs. When the generated grid alone is over, the error
    /// names its axes (the `repeats` to lower); otherwise it counts the grid and the sets together.
    pub fn check(self) -> Result<(), TooManyRuns> {
        if self.generated_runs() > MAX_RUNS {
            Err(TooManyRuns::Generated(self))
        } else if self.runs() > MAX_RUNS {
            Err(TooManyRuns::Total(self))
        } else {
            Ok(())
        }
    }
}

/// A config that names more than [`MAX_RUNS`] runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum TooManyRuns {
    /// The generated grid alone has too many.
    #[error(
        "{} box shape(s) × {} level(s) × {} repeats = {} instances, × {} = {} runs; \
         at most {MAX_RUNS} runs per config: lower repeats or split the grid into several configs",
        .0.boxes, .0.levels, .0.repeats, .0.generated, .0.per_instance_text(), .0.generated_runs()
    )]
    Generated(Size),
    /// The grid and the sets together have too many.
    #[error(
        "{} instances (the grid's and the sets' puzzles × their repeats) × {} = {} runs; at most \
         {MAX_RUNS} runs per config: lower the repeats or split the sets into several configs",
        .0.instances(), .0.per_instance_text(), .0.runs()
    )]
    Total(Size),
}

impl TooManyRuns {
    /// The config key to blame: `repeats` for the generated grid, `sets` for the two together.
    pub fn key(&self) -> &'static str {
        match self {
            TooManyRuns::Generated(_) => "repeats",
            TooManyRuns::Total(_) => "sets",
        }
    }

    /// The same refusal, counted as the grid and the sets together.
    pub fn counted_together(self) -> TooManyRuns {
        match self {
            TooManyRuns::Generated(size) | TooManyRuns::Total(size) => TooManyRuns::Total(size),
        }
    }
}
