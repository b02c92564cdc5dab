//! The integration tests: one binary, one module per subject, run with the rest of the suite by
//! `cargo test --release --locked` (`scripts/test.sh`). One subject alone: `cargo test --release
//! --test it certify::`; one test: `cargo test --release --test it -- --exact certify::NAME`.
//!
//! One binary instead of one per file: each test binary links the library with HiGHS, CaDiCaL and
//! kissat, and 23 of them spent most of a build linking (docs/benchmarks.md, "Test suite: one
//! binary against 23", has the numbers). The corpus and fixtures stay in `tests/data/`;
//! [`common`] holds the helpers every subject shares (the real binary, the corpus). Property tests
//! keep the failing cases proptest saved in `tests/proptest-regressions/<module>.txt`: beside a
//! `main.rs`, proptest's place for them is that folder parallel to this one.
//!
//! All these tests share one process, with the default parallel test threads, so none may change
//! what the process holds for the others: no `std::env::set_var`, no change of the current
//! folder, no signal handler, no `process::exit`. What they need of the process is safe to share:
//! - in-process solves that call HiGHS are serialised by the library's own lock
//!   (`solve::ilp::lock_highs`), CBC's by `good_lp`'s `singlethread-cbc`;
//! - signals go only to children a test started itself, by pid (`containment`, `certify`,
//!   `external`, `limits`, `experiment`, `play_e2e`), never to the process group, and the
//!   processes a test looks for in `/proc` carry a mark of that test alone (a token or marker with
//!   the test's name and this process's pid);
//! - `slurm`'s private cluster lives in a temporary folder on free ports and stops when its test
//!   ends;
//! - `play_e2e`'s pseudo-terminal: `ptyprocess` opens its master and its exec-error pipe without
//!   close-on-exec, so a child another test starts in that instant may inherit them; that can only
//!   delay the spawn (it waits for the pipe's end-of-file), never change what a test sees.
//!
//! One test cannot share the process, and is a binary of its own: `tests/cancel.rs`.
//! `solve::cancel::request()` stops every in-process search of the process at its next clock check,
//! so while it runs any other test's search here would end in `limit`.

mod common;

mod certify;
mod colour;
mod containment;
mod experiment;
mod export;
mod external;
mod families;
mod format;
mod foundation;
mod ilp;
mod layering;
mod limits;
mod placement;
mod play;
mod play_e2e;
mod plot_report;
mod portfolio;
mod puzzle;
mod readme;
mod results_doc;
mod sat;
mod sets;
mod slurm;
mod solvers;
mod statistics;
