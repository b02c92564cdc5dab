//! A human-style logical solver and the difficulty rating it defines.
//!
//! This module owns the techniques, the order they are tried in, and [`Rating`]. It works on a
//! grid of candidates (`u64` bitsets, so any shape up to 64×64) and applies only sound deductions:
//! every digit it places and every candidate it removes holds in *every* solution of the puzzle.
//! So it never places a wrong digit, and when it fills the grid the puzzle has exactly one
//! solution — no search needed.
//!
//! ## Glossary of techniques (easiest first)
//! - **naked single**: a cell with one candidate left takes it.
//! - **hidden single**: a digit with one place left in a house goes there.
//! - **pointing** (locked candidates, type 1): a box's candidates for a digit all lie in one row or
//!   column, so the digit leaves the rest of that row or column.
//! - **claiming** (locked candidates, type 2, box/line reduction): a row's or column's candidates
//!   for a digit all lie in one box, so the digit leaves the rest of that box.
//! - **naked pair / triple**: k = 2 or 3 cells of a house whose candidates together are k digits;
//!   those digits leave the house's other cells.
//! - **hidden pair / triple**: k digits whose places in a house are together k cells; every other
//!   digit leaves those cells.
//! - **X-wing**: a digit with exactly two places in each of two rows, in the same two columns (or
//!   vice versa); it leaves the rest of those columns (rows).
//!
//! ## Strategy and rating
//! After every step the solver restarts from the easiest technique, so a harder one is used only
//! when everything easier is stuck. The rating is the level of the hardest technique used:
//! `easy` = singles suffice, `medium` = locked candidates also needed, `hard` = subsets or X-wing
//! also needed, `expert` = these techniques do not solve the puzzle. The techniques are monotone
//! in effect: on a grid with fewer candidates, whatever one of them deduced is still deduced, by
//! it or by an easier one (an X-wing whose row lost a place becomes hidden singles, a naked triple
//! with a solved cell a naked pair). So the order within a level changes only the counts, and
//! removing a given never makes a puzzle easier (the generator visits each cell once because of
//! this). The techniques and their names follow the common catalogue (A. Stuart, *The Logic of
//! Sudoku*, 2007; the HoDoKu and Sudopedia technique lists).
//!
//! Complexity: each step costs at most one sweep of the technique that succeeds and of those
//! before it (O(N²) for singles, O(N³) for locked candidates and X-wing, O(N⁴) worst case for
//! triples); at most N³ candidates can be removed, so a solve is polynomial. A 9×9 singles-only
//! solve takes a few microseconds.

mod board;
mod fish;
mod intersections;
mod step;
mod subsets;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::grid::{Grid, Shape};
use board::{Board, Tables};
pub use step::Step;

/// Difficulty: the level of the hardest technique a puzzle needs (ordered easiest first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rating {
    /// Naked and hidden singles suffice.
    Easy,
    /// Locked candidates (pointing, claiming) are also needed.
    Medium,
    /// Naked or hidden pairs or triples, or X-wing, are also needed.
    Hard,
    /// The techniques above do not solve it (guessing or harder logic needed).
    Expert,
}

impl Rating {
    /// Every rating, easiest first.
    pub const ALL: [Rating; 4] = [Rating::Easy, Rating::Medium, Rating::Hard, Rating::Expert];

    /// The lowercase name, as in the CLI and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Rating::Easy => "easy",
            Rating::Medium => "medium",
            Rating::Hard => "hard",
            Rating::Expert => "expert",
        }
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A solving technique, easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Technique {
    /// A cell with one candidate.
    NakedSingle,
    /// A digit with one place in a house.
    HiddenSingle,
    /// A box's candidates for a digit confined to one line.
    Pointing,
    /// A line's candidates for a digit confined to one box.
    Claiming,
    /// Two cells of a house with the same two candidates.
    NakedPair,
    /// Two digits with the same two places in a house.
    HiddenPair,
    /// Three cells of a house with three candidates between them.
    NakedTriple,
    /// Three digits with three places between them in a house.
    HiddenTriple,
    /// A digit's two places in each of two rows (columns) share two columns (rows).
    XWing,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 9] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
    ];

    /// The kebab-case name, as in JSON and the human output.
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked-single",
            Technique::HiddenSingle => "hidden-single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked-pair",
            Technique::HiddenPair => "hidden-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::HiddenTriple => "hidden-triple",
            Technique::XWing => "x-wing",
        }
    }

    /// The rating a puzzle gets when this is the hardest technique it needs.
    pub fn level(self) -> Rating {
        match self {
            Technique::NakedSingle | Technique::HiddenSingle => Rating::Easy,
            Technique::Pointing | Technique::Claiming => Rating::Medium,
            _ => Rating::Hard,
        }
    }
}

/// How often each technique was applied (placements for singles, steps for the others).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Techniques([u32; 9]);

impl Techniques {
    /// How often `t` was applied.
    pub fn count(&self, t: Technique) -> u32 {
        self.0[t as usize]
    }

    /// The techniques applied at least once, easiest first, with their counts.
    pub fn used(&self) -> impl Iterator<Item = (Technique, u32)> + '_ {
        Technique::ALL.into_iter().map(|t| (t, self.count(t))).filter(|&(_, k)| k > 0)
    }

    /// The level of the hardest technique applied (`easy` when none was).
    pub fn level(&self) -> Rating {
        self.used().map(|(t, _)| t.level()).max().unwrap_or(Rating::Easy)
    }

    fn add(&mut self, t: Technique, k: u32) {
        self.0[t as usize] += k;
    }
}

impl fmt::Display for Techniques {
    /// `naked-single ×40, pointing ×2`, or `none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.used().map(|(t, k)| format!("{} ×{k}", t.name())).collect();
        if parts.is_empty() {
            return f.write_str("none");
        }
        f.write_str(&parts.join(", "))
    }
}

impl Serialize for Techniques {
    /// A map from technique name to count, only techniques used.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        for (t, k) in self.used() {
            map.serialize_entry(t.name(), &k)?;
        }
        map.end()
    }
}

/// How a logical solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Every cell is filled: the puzzle has exactly this one solution.
    Solved,
    /// No allowed technique makes progress.
    Stuck,
    /// A cell or a house-digit has no place left: the puzzle has no solution.
    Contradiction,
}

/// The result of a logical solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LogicOutcome {
    /// How it ended.
    pub status: Status,
    /// What was applied.
    pub techniques: Techniques,
}

impl LogicOutcome {
    /// The rating when solved (the hardest level used), `None` otherwise.
    pub fn rating(&self) -> Option<Rating> {
        (self.status == Status::Solved).then(|| self.techniques.level())
    }
}

/// A reusable logical solver for one shape (tables and buffers kept between solves).
#[derive(Debug, Clone)]
pub struct Logic {
    t: Tables,
    b: Board,
}

impl Logic {
    /// A solver for `shape`. Complexity: O(N³) to build the tables.
    pub fn new(shape: Shape) -> Logic {
        Logic { t: Tables::new(shape), b: Board::default() }
    }

    /// The shape this solver works on.
    pub fn shape(&self) -> Shape {
        self.t.shape
    }

    /// Solves `puzzle` (of this solver's shape) using only techniques of level ≤ `cap`
    /// (`Expert` allows every technique, like `Hard`).
    pub fn solve(&mut self, puzzle: &Grid, cap: Rating) -> LogicOutcome {
        assert_eq!(puzzle.shape(), self.t.shape, "logical solver built for another shape");
        let (t, b) = (&self.t, &mut self.b);
        b.load(t, puzzle);
        let mut used = Techniques::default();
        let status = loop {
            let naked = b.naked_singles(t);
            used.add(Technique::NakedSingle, naked);
            if b.broken {
                break Status::Contradiction;
            }
            if b.empty == 0 {
                break Status::Solved;
            }
            if naked > 0 {
                continue;
            }
            let hidden = b.hidden_singles(t);
            used.add(Technique::HiddenSingle, hidden);
            if b.broken {
                break Status::Contradiction;
            }
            if hidden > 0 {
                continue;
            }
            if cap >= Rating::Medium {
                if let Some((technique, _, _)) = intersections::locked_candidates(t, b) {
                    used.add(technique, 1);
                    continue;
                }
            }
            if cap >= Rating::Hard && hard_step(t, b, &mut used) {
                continue;
            }
            break Status::Stuck;
        };
        LogicOutcome { status, techniques: used }
    }

    /// The rating of `puzzle` and the techniques used: `expert` when the techniques do not solve it
    /// (which includes every puzzle without exactly one solution).
    pub fn rate(&mut self, puzzle: &Grid) -> (Rating, Techniques) {
        let outcome = self.solve(puzzle, Rating::Expert);
        (outcome.rating().unwrap_or(Rating::Expert), outcome.techniques)
    }

    /// The digits placed by the last solve (the solution when it was `Solved`).
    pub fn placed(&self) -> Grid {
        self.b.grid(&self.t)
    }

    /// The candidates of `cell` after the last solve, bit d − 1 = digit d (0 for a filled cell).
    pub fn candidates(&self, cell: usize) -> u64 {
        self.b.cand[cell]
    }
}

/// One step of a hard-level technique, easiest first; true when one applied.
fn hard_step(t: &Tables, b: &mut Board, used: &mut Techniques) -> bool {
    for k in [2, 3] {
        for naked in [true, false] {
            let step = if naked { subsets::naked(t, b, k) } else { subsets::hidden(t, b, k) };
            if step.is_some() {
                used.add(subsets::technique(naked, k), 1);
                return true;
            }
        }
    }
    if fish::x_wing(t, b).is_some() {
        used.add(Technique::XWing, 1);
        return true;
    }
    false
}

/// The rating of `puzzle` (see [`Logic::rate`]), building a one-off solver.
pub fn rate(puzzle: &Grid) -> (Rating, Techniques) {
    Logic::new(puzzle.shape()).rate(puzzle)
}

#[cfg(test)]
mod tests;
