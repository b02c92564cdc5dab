//! Reproducible experiments: a TOML config names a grid of (instance, solver) runs; the runner
//! solves each in a worker process under a hard time limit and a memory cap, and writes the
//! results folder that the plots and the report read.
//!
//! A results folder (`results/NAME/`) holds `runs.csv` (one [`record::RunRow`] per run),
//! `meta.json` ([`meta::Meta`]: the resolved config, code and machine) and `instances.txt` (every
//! instance in line format, re-runnable with `sudoku-lab solve`). Files by concept:
//! [`config`] (TOML), [`solvers`] (a config's solvers and variants), [`sets`] (instance sets: puzzle
//! files named by globs, each puzzle an instance with a stable id and an expected verdict),
//! [`instances`] (enumeration of the generated grid and the sets, seeds, shards), [`worker`] (the worker process's loop; its protocol and the handle that starts, times and kills it are
//! [`crate::solve::process`]), [`rows`] (jobs to rows,
//! cross-check), [`check`] (the cross-check itself), [`folder`] (files on disk), [`validate`] (the
//! row check every reader of `runs.csv` applies), [`progress`],
//! [`runner`] (`run`), [`isolate`] (one solve in a worker, for `solve`, `bench` and `analyze`),
//! [`signals`] (stopping a run cleanly) and [`merge`] (`merge`). External solvers
//! ([`crate::external`]) are defined in a config's `external` and run by the same workers under the
//! same limits; their output of runs that did not answer is kept in the folder's `logs/`.

pub mod certify;
pub mod check;
pub mod config;
pub mod figure;
pub mod folder;
pub mod instances;
pub mod isolate;
pub mod merge;
pub mod meta;
pub mod progress;
pub mod record;
pub mod rows;
pub mod runner;
pub mod sets;
pub mod signals;
pub mod solvers;
pub mod validate;
pub mod worker;

pub use check::{cross_check, Disagreement};
pub use config::{Config, ConfigError};
pub use folder::ExperimentError;
pub use instances::Shard;
pub use merge::{merge, MergeSummary};
pub use runner::{run, RunOptions, Summary};
