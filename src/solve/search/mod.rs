//! Backtracking: every search engine of the harness, behind the solvers `backtrack` and
//! `backtrack-naive`.
//!
//! - [`naive`]: `backtrack-naive`, the origin study's row-major search, kept faithful.
//! - [`backtrack`]: `backtrack`, which hands each grid to the engine that suits its size through a
//!   [`Searcher`]: [`band`] (9×9, JCZSolve-style digit-band words), [`planes`] (other grids up to
//!   256 cells: one bitboard per digit, with [`locked16`] for 16×16 and [`cellset`]'s wide words)
//!   and [`trail`] (larger grids: bitsets with a trail, house-digit branching and restarts).
//! - [`engine`]: the plain cell search (fewest candidates first) that the puzzle generators count
//!   solutions with, which the trail search also opens its restarts with.

pub mod backtrack;
pub mod band;
pub mod cellset;
pub mod engine;
pub mod locked16;
pub mod naive;
pub mod planes;
mod searcher;
pub mod trail;
mod word;

pub use searcher::Searcher;
pub(crate) use trail::luby;
pub use trail::Core;
pub use word::Word;
