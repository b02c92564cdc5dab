//! The worker protocol: one JSON [`Request`] per line on a worker's stdin, one marked JSON
//! [`Response`] line per request on its stdout, and the `/proc` readings that watch its memory.

use serde::{Deserialize, Serialize};

use crate::grid::Grid;
use crate::solve::{Limits, SolverKind, SolverOptions, Stats};

/// Prefix of every protocol line the worker writes to stdout.
pub const MARKER: &str = "@sudoku-lab-worker ";

/// The runner's pid, set by whoever starts a worker ([`crate::experiment::worker::serve`] watches it).
pub const PARENT_ENV: &str = "SUDOKU_LAB_WORKER_PARENT";

/// One solve to run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// The runner's job number, echoed in the response.
    pub job: u64,
    /// What runs: a registry solver, or an external one.
    pub task: Task,
    /// Box rows r.
    pub box_rows: usize,
    /// Box columns c.
    pub box_cols: usize,
    /// The puzzle's N² cells, row-major, 0 = empty.
    pub cells: Vec<u8>,
    /// The solver's own time limit, seconds (`None`: unlimited).
    pub time_limit: Option<f64>,
    /// Stop counting after this many solutions (1: find one).
    #[serde(default = "one")]
    pub max_solutions: u64,
    /// The solver's options (HiGHS threads, presolve, log).
    #[serde(default)]
    pub options: SolverOptions,
}

impl Request {
    /// Job `job`: `task` with `options` on `puzzle` within `limits`.
    pub fn new(job: u64, task: Task, puzzle: &Grid, limits: &Limits, options: SolverOptions) -> Request {
        let shape = puzzle.shape();
        Request {
            job,
            task,
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            cells: puzzle.cells().to_vec(),
            time_limit: limits.time.map(|t| t.as_secs_f64()),
            max_solutions: limits.max_solutions,
            options,
        }
    }
}

/// What a request runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Task {
    /// A registry solver, in the worker's own process.
    Solver(SolverKind),
    /// An external solver's job: its definition, seed and log folder as the layer that defines
    /// external solvers writes them (JSON, so this protocol need not know their shape); the worker
    /// runs the program as its child, under the same limits.
    External(serde_json::Value),
}

fn one() -> u64 {
    1
}

/// What a run said of itself: the worker's answer and `runs.csv`'s `outcome` column, written as
/// its word (`solved`, `infeasible`, `limit`, `memory`, `error`). What it is worth is decided by
/// the one judgement (`results`), never by this word alone.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RunOutcome {
    /// A grid (verified before it counts).
    Solved,
    /// "No solution".
    Infeasible,
    /// Stopped at the time limit, or the solver's own "unknown".
    Limit,
    /// Stopped at the memory cap.
    Memory,
    /// No answer: a crash, unreadable output, a backend failure, a grid the oracle rejected.
    #[default]
    Error,
}

impl RunOutcome {
    /// Every outcome, in the column's documented order.
    pub const ALL: [RunOutcome; 5] =
        [RunOutcome::Solved, RunOutcome::Infeasible, RunOutcome::Limit, RunOutcome::Memory, RunOutcome::Error];

    /// Its word in `runs.csv` and the protocol.
    pub const fn word(self) -> &'static str {
        match self {
            RunOutcome::Solved => "solved",
            RunOutcome::Infeasible => "infeasible",
            RunOutcome::Limit => "limit",
            RunOutcome::Memory => "memory",
            RunOutcome::Error => "error",
        }
    }

    /// The outcome written as `word`, if any.
    pub fn parse(word: &str) -> Option<RunOutcome> {
        RunOutcome::ALL.into_iter().find(|o| o.word() == word)
    }

    /// `true` for an answer: solved or infeasible.
    pub fn answered(self) -> bool {
        matches!(self, RunOutcome::Solved | RunOutcome::Infeasible)
    }
}

impl std::fmt::Display for RunOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

impl<'de> Deserialize<'de> for RunOutcome {
    /// Reads its word; any other is refused naming the words it may be.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<RunOutcome, D::Error> {
        let word = String::deserialize(deserializer)?;
        RunOutcome::parse(word.trim()).ok_or_else(|| {
            let words: Vec<&str> = RunOutcome::ALL.iter().map(|o| o.word()).collect();
            serde::de::Error::custom(format!("expected one of {}", words.join(", ")))
        })
    }
}

/// What came of one solve.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Response {
    /// The request's job number.
    pub job: u64,
    /// What the solve said.
    pub outcome: RunOutcome,
    /// The solution's N² cells, when solved.
    pub solution: Option<Vec<u8>>,
    /// True when the solver returned a grid the oracle rejected (outcome `error`).
    pub unverified: bool,
    /// The solver's measurements (default when it failed).
    pub stats: Stats,
    /// Peak resident memory during the job, KiB (the worker's lifetime peak if `peak_is_lifetime`).
    pub peak_rss_kb: Option<u64>,
    /// True when the per-job peak reset was refused.
    pub peak_is_lifetime: bool,
    /// CPU seconds of the job: user + system of the worker and of every process it started and
    /// reaped (`getrusage`), set by the worker around the solve.
    #[serde(default)]
    pub cpu_seconds: Option<f64>,
    /// The solver's note or the error's text.
    pub note: String,
    /// An external solver's UNSAT answer with a `{proof}`: the CNF it was given and the proof it
    /// wrote, kept for the caller to check (and remove).
    #[serde(default)]
    pub proof: Option<ProofFiles>,
}

/// The files of a proof to check: the formula and the DRAT proof of its unsatisfiability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProofFiles {
    /// The DIMACS CNF the solver was given, as the harness wrote it again after the solver had
    /// exited (a copy the solver never had: it may have rewritten its own).
    pub cnf: std::path::PathBuf,
    /// The proof it wrote (which may be missing, or garbage).
    pub proof: std::path::PathBuf,
    /// Why the proof must not be handed to the checker, when it must not.
    #[serde(default)]
    pub problem: Option<ProofProblem>,
}

/// Why a solver's proof is not checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProofProblem {
    /// Not a regular file (a named pipe, a symbolic link, a folder, a device): why, in words.
    NotAFile(String),
    /// Larger than the harness reads: its size in bytes.
    TooLarge(u64),
}

/// What a worker's answer means for a puzzle, once decoded and checked by the oracle: the one
/// decoding of a [`Response`], used by the runner's rows, `solve`'s isolated solves and the
/// portfolio alike.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decoded {
    /// A grid the oracle accepts as a solution of the puzzle.
    Solved(Grid),
    /// "No solution".
    Infeasible,
    /// Stopped at the limit, or the solver's own "unknown".
    Limit,
    /// "Solved" with a grid the oracle rejects (or none, or one of another shape): a solver bug.
    Rejected,
    /// No answer (a failure, the memory cap); `unverified` when the worker itself found the
    /// solver's grid wrong.
    Failed {
        /// The worker's own oracle rejected the solver's grid.
        unverified: bool,
    },
}

/// Decodes `response` as an answer to `puzzle` ([`Decoded`]).
///
/// Complexity: O(N²) for a grid (the oracle's check), O(1) otherwise.
pub fn decode(puzzle: &Grid, response: &Response) -> Decoded {
    match response.outcome {
        RunOutcome::Solved => {
            let grid =
                response.solution.as_ref().and_then(|cells| Grid::from_cells(puzzle.shape(), cells.clone()).ok());
            match grid.filter(|g| crate::verify::is_solution_of(puzzle, g)) {
                Some(g) => Decoded::Solved(g),
                None => Decoded::Rejected,
            }
        }
        RunOutcome::Infeasible => Decoded::Infeasible,
        RunOutcome::Limit => Decoded::Limit,
        RunOutcome::Memory | RunOutcome::Error => Decoded::Failed { unverified: response.unverified },
    }
}

impl Response {
    /// Judges an answer that came after the time limit `time_limit` (seconds): past it, counted on
    /// the report's clock (set-up plus solve), a `solved` or `infeasible` answer is `limit` — the
    /// run did not finish within its limit, whatever it said in the grace — and its grid is
    /// dropped. A wrong grid stays an error. The one rule for built-in and external solvers.
    pub fn judge_late(&mut self, time_limit: Option<f64>) {
        let took = self.stats.seconds + self.stats.build_seconds;
        let Some(limit) = time_limit.filter(|&limit| took > limit) else { return };
        if !self.outcome.answered() {
            return;
        }
        let late =
            format!("answered {} after the time limit ({took:.3} s > {limit} s): counted as limit", self.outcome);
        self.note = if self.note.is_empty() { late } else { format!("{}; {late}", self.note) };
        self.outcome = RunOutcome::Limit;
        self.solution = None;
    }
}

/// Reads a `kB` field (`VmRSS`, `VmHWM`) of a `/proc/PID/status` text.
pub fn status_kb(status: &str, field: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with(field) && l[field.len()..].starts_with(':'))?;
    line[field.len() + 1..].split_whitespace().next()?.parse().ok()
}

/// A `kB` field of `/proc/<pid>/status` (`self` for this process).
pub fn proc_status_kb(pid: &str, field: &str) -> Option<u64> {
    status_kb(&std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?, field)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_decoding_checks_the_grid_and_keeps_what_the_worker_said() {
        let puzzle = Grid::from_cells(crate::grid::Shape::new(1, 2).unwrap(), vec![1, 0, 0, 0]).unwrap();
        let with = |outcome, solution: Option<Vec<u8>>, unverified| Response {
            outcome,
            solution,
            unverified,
            ..Response::default()
        };
        let right = Grid::from_cells(puzzle.shape(), vec![1, 2, 2, 1]).unwrap();
        assert_eq!(decode(&puzzle, &with(RunOutcome::Solved, Some(vec![1, 2, 2, 1]), false)), Decoded::Solved(right));
        assert_eq!(decode(&puzzle, &with(RunOutcome::Solved, Some(vec![2, 1, 1, 2]), false)), Decoded::Rejected);
        assert_eq!(decode(&puzzle, &with(RunOutcome::Solved, Some(vec![1, 2, 2]), false)), Decoded::Rejected);
        assert_eq!(decode(&puzzle, &with(RunOutcome::Solved, None, false)), Decoded::Rejected);
        assert_eq!(decode(&puzzle, &with(RunOutcome::Infeasible, None, false)), Decoded::Infeasible);
        assert_eq!(decode(&puzzle, &with(RunOutcome::Limit, None, false)), Decoded::Limit);
        assert_eq!(decode(&puzzle, &with(RunOutcome::Error, None, true)), Decoded::Failed { unverified: true });
        assert_eq!(decode(&puzzle, &with(RunOutcome::Memory, None, false)), Decoded::Failed { unverified: false });
    }

    fn answered(outcome: &str, seconds: f64, build_seconds: f64) -> Response {
        let stats = Stats { seconds, build_seconds, ..Stats::default() };
        let outcome = RunOutcome::parse(outcome).expect("an outcome's word");
        Response { outcome, solution: Some(vec![1]), stats, ..Response::default() }
    }

    #[test]
    fn an_answer_after_the_time_limit_is_a_limit_counting_the_set_up() {
        let mut late = answered("solved", 0.8, 0.3);
        late.judge_late(Some(1.0));
        assert_eq!((late.outcome, late.solution.as_ref()), (RunOutcome::Limit, None));
        assert!(late.note.contains("answered solved after the time limit"), "{}", late.note);
        let mut late = answered("infeasible", 1.5, 0.0);
        late.judge_late(Some(1.0));
        assert_eq!(late.outcome, RunOutcome::Limit);
    }

    #[test]
    fn an_answer_in_time_an_error_or_no_limit_is_left_as_it_is() {
        for (outcome, seconds, limit) in [("solved", 0.9, Some(1.0)), ("error", 5.0, Some(1.0)), ("solved", 9.0, None)]
        {
            let mut r = answered(outcome, seconds, 0.0);
            r.judge_late(limit);
            assert_eq!(r, answered(outcome, seconds, 0.0));
        }
    }
}
