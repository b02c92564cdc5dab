//! The visual solve: the origin study's backtracking (`backtrack-naive`, which the Pygame
//! program also animated) replayed step by step at an adjustable speed.
//!
//! The search runs once, up front, through [`Naive::solve_observed`] with a recorder as its
//! observer; the animation then replays the recorded placements and undos, counting nodes and
//! dead ends as it goes. A search too long to record (more than [`MAX_STEPS`] steps or
//! [`MAX_TIME`]) is replayed as far as recorded, then jumps to the answer.

use std::time::Duration;

use crate::grid::Grid;
use crate::solve::search::naive::{Naive, Observer};
use crate::solve::{Limits, Outcome};
use crate::verify;

/// Steps recorded at most.
pub const MAX_STEPS: usize = 1_000_000;
/// Time the recorded search may take.
pub const MAX_TIME: Duration = Duration::from_secs(3);
/// Speeds offered, steps per second.
pub const SPEEDS: [u32; 9] = [2, 5, 10, 30, 100, 300, 1_000, 10_000, 100_000];

/// One step of the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchStep {
    /// A digit placed in a cell.
    Place(usize, u8),
    /// No digit fits the next cell.
    DeadEnd,
    /// A cell emptied to try its next digit.
    Undo(usize),
}

/// Records the steps of a search, up to [`MAX_STEPS`].
#[derive(Debug, Default)]
struct Recorder(Vec<SearchStep>);

impl Recorder {
    fn push(&mut self, step: SearchStep) {
        if self.0.len() < MAX_STEPS {
            self.0.push(step);
        }
    }
}

impl Observer for Recorder {
    fn placed(&mut self, cell: usize, digit: u8) {
        self.push(SearchStep::Place(cell, digit));
    }
    fn dead_end(&mut self) {
        self.push(SearchStep::DeadEnd);
    }
    fn undone(&mut self, cell: usize) {
        self.push(SearchStep::Undo(cell));
    }
}

/// How the search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchResult {
    /// A solution (verified).
    Solved(Grid),
    /// No solution exists.
    Infeasible,
    /// The search took longer than [`MAX_TIME`].
    TooLong,
}

/// A solve animation in progress.
#[derive(Debug, Clone)]
pub struct Animation {
    steps: Vec<SearchStep>,
    at: usize,
    /// The board as the search has it now.
    pub board: Grid,
    /// Placements so far.
    pub nodes: u64,
    /// Dead ends so far.
    pub dead_ends: u64,
    /// The last step shown.
    pub last: Option<SearchStep>,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// How the search ended.
    pub result: SearchResult,
    carry: f64,
    last_tick: Duration,
}

impl Animation {
    /// Runs the search on `puzzle` and gets ready to replay it from `now`.
    pub fn record(puzzle: &Grid, now: Duration) -> Animation {
        let mut recorder = Recorder::default();
        let limits = Limits { time: Some(MAX_TIME), ..Limits::default() };
        let report = Naive.solve_observed(puzzle, &limits, &mut recorder);
        let result = match report.outcome {
            Outcome::Solved(grid) if verify::is_solution_of(puzzle, &grid) => SearchResult::Solved(grid),
            Outcome::Infeasible => SearchResult::Infeasible,
            _ => SearchResult::TooLong,
        };
        Animation {
            steps: recorder.0,
            at: 0,
            board: puzzle.clone(),
            nodes: 0,
            dead_ends: 0,
            last: None,
            speed: 3,
            result,
            carry: 0.0,
            last_tick: now,
        }
    }

    /// Steps recorded.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// True when nothing was recorded (a full grid).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// True when every recorded step has been shown.
    pub fn is_done(&self) -> bool {
        self.at >= self.steps.len()
    }

    /// Steps per second now.
    pub fn steps_per_second(&self) -> u32 {
        SPEEDS[self.speed]
    }

    /// Faster (`step` > 0) or slower.
    pub fn change_speed(&mut self, step: isize) {
        self.speed = (self.speed as isize + step).clamp(0, SPEEDS.len() as isize - 1) as usize;
    }

    /// Shows the steps due between the last tick and `now`.
    pub fn tick(&mut self, now: Duration) {
        let dt = now.saturating_sub(self.last_tick).as_secs_f64();
        self.last_tick = now;
        self.carry += dt * f64::from(self.steps_per_second());
        let due = self.carry.floor();
        self.carry -= due;
        self.advance(due as usize);
    }

    /// Shows the next `k` steps.
    pub fn advance(&mut self, k: usize) {
        for _ in 0..k {
            let Some(&step) = self.steps.get(self.at) else { break };
            match step {
                SearchStep::Place(cell, digit) => {
                    self.board.set(cell, digit);
                    self.nodes += 1;
                }
                SearchStep::DeadEnd => self.dead_ends += 1,
                SearchStep::Undo(cell) => self.board.set(cell, 0),
            }
            self.last = Some(step);
            self.at += 1;
        }
        if self.is_done() {
            if let SearchResult::Solved(grid) = &self.result {
                self.board = grid.clone();
            }
        }
    }

    /// Jumps to the end.
    pub fn finish(&mut self) {
        self.advance(self.steps.len() - self.at.min(self.steps.len()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    #[test]
    fn the_replay_ends_on_the_verified_solution_with_the_solvers_counts() {
        let puzzle = format::parse("1.3.3..2.1.3.3.1", "t", None, None).unwrap().remove(0).puzzle;
        let mut a = Animation::record(&puzzle, Duration::ZERO);
        assert!(matches!(a.result, SearchResult::Solved(_)));
        a.tick(Duration::from_millis(500)); // 30 steps/s: 15 steps
        assert!(a.nodes > 0 && !a.is_done() || a.len() <= 15);
        a.finish();
        assert!(verify::is_solution_of(&puzzle, &a.board));
        let places = a.steps.iter().filter(|s| matches!(s, SearchStep::Place(..))).count() as u64;
        assert_eq!(a.nodes, places);
    }
}
