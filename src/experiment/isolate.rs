//! Solving in a worker process for the commands people run by hand (`solve`, `bench`,
//! `analyze`): whatever the backend, a solve stops within its time limit and memory cap.
//!
//! HiGHS and CaDiCaL are C/C++: a model that takes longer to build than the limit, or that
//! allocates more than the machine has, cannot be stopped from inside the process (HiGHS then
//! dies of `std::bad_alloc`). An [`Isolated`] solver sends each solve to one `sudoku-lab worker`
//! child, as `run` does ([`crate::solve::process`]), and kills it past the hard limit — the time
//! limit plus max(1 s, 10 %) — or above the memory cap; a fresh worker takes the next solve.
//! Every grid that comes back is checked by the oracle in this process too.

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;
use std::time::Duration;

use crate::external;
use crate::grid::Grid;
use crate::solve::process::{decode, Decoded};
use crate::solve::process::{Finish, Kill, Request, Task, WorkerProcess, RECYCLE_KB};
use crate::solve::{Limits, Outcome, Report, SolverKind, SolverOptions, Stats};

/// How an isolated solve ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Ended {
    /// The solver answered (a grid, a proof of infeasibility, or its own limit).
    Answered(Report),
    /// The solver failed: a backend error, or a grid the oracle rejects (`unverified`).
    Failed {
        /// What went wrong.
        message: String,
        /// True when the oracle rejected the solver's grid (a solver bug).
        unverified: bool,
        /// Whatever the solver measured.
        stats: Stats,
    },
    /// The worker was killed: past the hard limit, or above the memory cap (`memory`).
    Killed {
        /// True for the memory cap, false for the hard time limit.
        memory: bool,
        /// Seconds from the request to the kill.
        seconds: f64,
        /// What happened, in words.
        note: String,
    },
}

impl Ended {
    /// The outcome's label, as in `runs.csv`: `solved`, `infeasible`, `limit`, `memory`, `error`
    /// or `unverified`.
    pub fn label(&self) -> &'static str {
        match self {
            Ended::Answered(r) => r.outcome.label(),
            Ended::Failed { unverified: true, .. } => "unverified",
            Ended::Failed { .. } => "error",
            Ended::Killed { memory: true, .. } => "memory",
            Ended::Killed { memory: false, .. } => "limit",
        }
    }

    /// The solver's report, when it answered.
    pub fn report(&self) -> Option<&Report> {
        match self {
            Ended::Answered(r) => Some(r),
            _ => None,
        }
    }

    /// The measurements (for a kill: only the seconds until the kill).
    pub fn stats(&self) -> Stats {
        match self {
            Ended::Answered(r) => r.stats.clone(),
            Ended::Failed { stats, .. } => stats.clone(),
            Ended::Killed { seconds, .. } => Stats { seconds: *seconds, ..Stats::default() },
        }
    }

    /// The note: the solver's own, the error, or why it was killed.
    pub fn note(&self) -> String {
        match self {
            Ended::Answered(r) => r.note.clone().unwrap_or_default(),
            Ended::Failed { message, .. } => message.clone(),
            Ended::Killed { note, .. } => note.clone(),
        }
    }
}

pub use crate::solve::process::{default_memory_mb, hard_limit};

/// What the kernel measured of the last isolated solve: CPU seconds (user + system, of the worker
/// and every process it started) and the worker's peak resident memory, as `runs.csv` records
/// them (`cpu_seconds`, `peak_rss_mb`); `None` where nothing was measured (a worker that died).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Measured {
    /// CPU seconds of the solve.
    pub cpu_seconds: Option<f64>,
    /// Peak resident memory, MiB.
    pub peak_rss_mb: Option<f64>,
}

impl Measured {
    /// The measurements a worker's finish carries.
    fn of(finish: &Finish) -> Measured {
        let mib = |kb: u64| kb as f64 / 1024.0;
        match finish {
            Finish::Answered(r) => Measured { cpu_seconds: r.cpu_seconds, peak_rss_mb: r.peak_rss_kb.map(mib) },
            Finish::Killed { cpu_seconds, peak_rss_kb, .. } => {
                Measured { cpu_seconds: *cpu_seconds, peak_rss_mb: peak_rss_kb.map(mib) }
            }
            Finish::Stopped | Finish::Died { .. } => Measured::default(),
        }
    }
}

/// Solves one puzzle at a time in a worker process (see the module doc).
#[derive(Debug)]
pub struct Isolated {
    exe: PathBuf,
    options: SolverOptions,
    memory_mb: u64,
    worker: Option<WorkerProcess>,
    job: u64,
    stop: Option<Arc<AtomicUsize>>,
    measured: Measured,
}

impl Isolated {
    /// Solves with `exe worker` (normally this executable), these options and this memory cap.
    pub fn new(exe: PathBuf, options: SolverOptions, memory_mb: u64) -> Isolated {
        Isolated { exe, options, memory_mb, worker: None, job: 0, stop: None, measured: Measured::default() }
    }

    /// Kills a running solve once `stop` is non-zero (it then ends as `Failed` with the message
    /// "stopped"): how a caller that waits on another thread (the Python binding) honours Ctrl-C.
    pub fn stop_on(mut self, stop: Arc<AtomicUsize>) -> Isolated {
        self.stop = Some(stop);
        self
    }

    /// What the kernel measured of the last solve (CPU seconds, peak memory).
    pub fn measured(&self) -> Measured {
        self.measured
    }

    /// Solves `puzzle` with `kind` within `limits`. Errors only when no worker can be started.
    pub fn solve(&mut self, kind: SolverKind, puzzle: &Grid, limits: &Limits) -> std::io::Result<Ended> {
        self.solve_task(Task::Solver(kind), kind.name(), puzzle, limits)
    }

    /// Solves `puzzle` with the external solver of `job` within `limits`, as [`Isolated::solve`].
    pub fn solve_external(&mut self, job: &external::Job, puzzle: &Grid, limits: &Limits) -> std::io::Result<Ended> {
        let task = Task::External(serde_json::to_value(job).map_err(std::io::Error::other)?);
        self.solve_task(task, &job.definition.name, puzzle, limits)
    }

    /// Runs `task` (named `name` in messages) on `puzzle` in the worker.
    fn solve_task(&mut self, task: Task, name: &str, puzzle: &Grid, limits: &Limits) -> std::io::Result<Ended> {
        if !self.worker.as_mut().is_some_and(WorkerProcess::is_alive) {
            // The worker's stderr is ours: HiGHS or a panic speaks to the person at the terminal.
            let worker = WorkerProcess::spawn_with(&self.exe, Stdio::inherit())?;
            self.worker = Some(match &self.stop {
                Some(stop) => worker.stop_on(Arc::clone(stop)),
                None => worker,
            });
        }
        let worker = self.worker.as_mut().expect("started just above");
        self.job += 1;
        let options = SolverOptions { memory_mb: Some(self.memory_mb), ..self.options.clone() };
        let request = Request::new(self.job, task, puzzle, limits, options);
        let hard = hard_limit(limits.time);
        let finish = worker.run(&request, hard, self.memory_mb.saturating_mul(1024));
        self.measured = Measured::of(&finish);
        let bloated = worker.resident_kb().is_some_and(|kb| kb > RECYCLE_KB);
        if bloated || !matches!(finish, Finish::Answered(_)) {
            self.worker = None;
        }
        Ok(self.ended(name, puzzle, finish, hard))
    }

    /// Translates a worker's finish, checking any grid with the oracle.
    fn ended(&self, name: &str, puzzle: &Grid, finish: Finish, hard: Duration) -> Ended {
        let response = match finish {
            Finish::Answered(r) => *r,
            Finish::Killed { why, seconds, peak_rss_kb, .. } => {
                let memory = why == Kill::Memory;
                let note = if memory {
                    let peak = peak_rss_kb.map(|kb| format!(" (peak {} MiB)", kb / 1024)).unwrap_or_default();
                    format!("killed: resident memory above the cap of {} MiB{peak}; raise --memory-mb", self.memory_mb)
                } else {
                    format!("killed: no answer within the hard limit of {:.1} s", hard.as_secs_f64())
                };
                return Ended::Killed { memory, seconds, note };
            }
            Finish::Stopped => {
                return Ended::Failed { message: "stopped".into(), unverified: false, stats: Stats::default() }
            }
            Finish::Died { note, seconds } => {
                let stats = Stats { seconds, ..Stats::default() };
                return Ended::Failed { message: format!("{name}: {note}"), unverified: false, stats };
            }
        };
        let note = (!response.note.is_empty()).then(|| response.note.clone());
        let decoded = decode(puzzle, &response);
        let stats = response.stats;
        let outcome = match decoded {
            Decoded::Solved(g) => Outcome::Solved(g),
            Decoded::Infeasible => Outcome::Infeasible,
            Decoded::Limit => Outcome::LimitReached,
            Decoded::Rejected => {
                let message = format!("{name}: BUG: returned a grid that is not a solution");
                return Ended::Failed { message, unverified: true, stats };
            }
            Decoded::Failed { unverified } => {
                let message =
                    if response.note.starts_with(name) { response.note } else { format!("{name}: {}", response.note) };
                return Ended::Failed { message, unverified, stats };
            }
        };
        Ended::Answered(Report { outcome, stats, note })
    }
}
