//! Which engine a shape's `backtrack` search runs: [`crate::solve::search::band`] for 9×9,
//! [`crate::solve::search::planes`] for the other grids of at most 256 cells, else the exact-cover
//! search of [`super::Core`] at the narrowest word that holds N digits.

use crate::grid::{Grid, Shape};
use crate::solve::search::band::Bands;
use crate::solve::search::engine::{Search, SearchLimits};
use crate::solve::search::planes::{Planes, U256};

use super::Core;

/// The search for a shape: digit-band words for 9×9, digit bitboards for the other grids up to
/// 256 cells, else the exact-cover bitsets at the narrowest word that holds N digits.
#[derive(Debug, Clone)]
pub enum Searcher {
    /// 9×9 with 3×3 boxes.
    Band(Bands),
    /// N² ≤ 128 (4×4 … 10×10) except 9×9.
    Small(Planes<u128>),
    /// 128 < N² ≤ 256 (12×12 … 16×16).
    Medium(Planes<U256>),
    /// N ≤ 32 with more than 256 cells (17×17 … 32×32).
    Middle(Core<u32>),
    /// 32 < N ≤ 64.
    Wide(Core<u64>),
}

impl Searcher {
    /// A search for `shape`.
    pub fn new(shape: Shape) -> Searcher {
        if Bands::fits(shape) {
            return Searcher::Band(Bands::new());
        }
        if Planes::<u128>::fits(shape) {
            return Searcher::Small(Planes::new(shape));
        }
        if Planes::<U256>::fits(shape) {
            return Searcher::Medium(Planes::new(shape));
        }
        match shape.n() {
            0..=32 => Searcher::Middle(Core::new(shape)),
            _ => Searcher::Wide(Core::new(shape)),
        }
    }

    /// The shape this search is built for.
    pub fn shape(&self) -> Shape {
        match self {
            Searcher::Band(_) => Bands::shape(),
            Searcher::Small(s) => s.shape(),
            Searcher::Medium(s) => s.shape(),
            Searcher::Middle(s) => s.shape(),
            Searcher::Wide(s) => s.shape(),
        }
    }

    /// Turns locked candidates on or off in the exact-cover search (the bitboard and band
    /// searches always use them).
    pub fn set_locked_candidates(&mut self, on: bool) {
        match self {
            Searcher::Band(_) | Searcher::Small(_) | Searcher::Medium(_) => {}
            Searcher::Middle(s) => s.set_locked_candidates(on),
            Searcher::Wide(s) => s.set_locked_candidates(on),
        }
    }

    /// Mixes a solver seed into the restarts' tie-breaks of the exact-cover search
    /// ([`Core::set_seed`]); the bitboard and band searches never restart, so take none.
    pub fn set_seed(&mut self, seed: Option<u64>) {
        match self {
            Searcher::Band(_) | Searcher::Small(_) | Searcher::Medium(_) => {}
            Searcher::Middle(s) => s.set_seed(seed),
            Searcher::Wide(s) => s.set_seed(seed),
        }
    }

    /// Searches `puzzle` (see [`Core::search`]).
    pub fn search(
        &mut self,
        puzzle: &Grid,
        limits: SearchLimits,
        on_solution: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Search {
        match self {
            Searcher::Band(s) => s.search(puzzle, limits, on_solution),
            Searcher::Small(s) => s.search(puzzle, limits, on_solution),
            Searcher::Medium(s) => s.search(puzzle, limits, on_solution),
            Searcher::Middle(s) => s.search(puzzle, limits, on_solution),
            Searcher::Wide(s) => s.search(puzzle, limits, on_solution),
        }
    }
}
