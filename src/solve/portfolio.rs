//! `portfolio`: the best of the harness on one puzzle — several solvers race, each in a worker
//! process of its own, and the first verified answer (a solution, or a proof that there is none)
//! wins; the others are killed at once.
//!
//! The solvers complement each other (`backtrack` fills an empty 64×64 grid before CDCL has loaded
//! its formula; CDCL resolves the hard phase where the search stalls), so the race is as fast as
//! the fastest member plus the cost of starting the processes (measured: docs/benchmarks.md, "The
//! portfolio's members and leash"). Members ([`SolverOptions::members`], default
//! [`DEFAULT_MEMBERS`]: `backtrack`, `sat`, `kissat`) get the portfolio's options (so `preprocess`
//! reaches its SAT members), its time limit, and each the portfolio's memory cap
//! ([`SolverOptions::memory_mb`], set by whoever enforces the cap; half the machine's memory by
//! hand). A member's answer counts only when it is `solved` with a grid the oracle accepts, or
//! `infeasible`; a member that stops at its limit, fails or is killed leaves the race to the
//! others. The report names the winner ([`Stats::winner`]); its effort counters are the winner's,
//! and its time is the race's wall time: `build_seconds` the winner's set-up, `seconds` the rest,
//! so their sum is the wall time from the first process started to the winning answer.
//!
//! Cores: the members run at once, one process each. `run` gives a portfolio job as many of its
//! job slots as the portfolio has members (at most all of them), so the race never shares a core
//! with another job; with fewer cores than members, the members share the cores the job holds.
//! Then the backtracking members (`backtrack`, `backtrack-naive`, `dlx`) race on a **leash**
//! ([`LEASH`]): their own time limit is 1 s, after which they leave their core to the CDCL members.
//! A search wins early or not at all, and members that outnumber the cores slow the race down at
//! the hardness peak (the races behind this: docs/benchmarks.md, "The portfolio's members and
//! leash").
//! The runner's memory readings see the portfolio's own process only: each member is held to the
//! cap separately, here.
//!
//! The worker executable is this executable when it is `sudoku-lab`, else `$SUDOKU_LAB` when set
//! (the Python package sets it to the `sudoku-lab` command it installs), else the `sudoku-lab`
//! beside the folder this executable is in (where cargo puts test binaries, `target/*/deps/`).

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use crate::grid::Grid;
use crate::solve::process::{
    decode, default_memory_mb, grace, Decoded, Finish, Kill, Request, RunOutcome, Task, WorkerProcess,
};
use crate::solve::{Limits, Outcome, Report, SolveError, Solver, SolverKind, SolverOptions, Stats};

/// The members when none are chosen: one search, both CDCL backends.
pub const DEFAULT_MEMBERS: [SolverKind; 3] = [SolverKind::Backtrack, SolverKind::Sat, SolverKind::Kissat];

/// The time limit of a backtracking member when the race has more members than cores (see the
/// module doc).
pub const LEASH: Duration = Duration::from_secs(1);

/// The environment variable naming the `sudoku-lab` executable that members run in.
pub const EXE_ENV: &str = "SUDOKU_LAB";

/// The portfolio solver (see the module doc).
#[derive(Debug, Clone)]
pub struct Portfolio {
    members: Vec<SolverKind>,
    options: SolverOptions,
    /// The cores the members share (the machine's, unless set by [`Portfolio::on_cores`]).
    cores: usize,
}

impl Portfolio {
    /// A portfolio of `options.members` (or [`DEFAULT_MEMBERS`]), passing `options` on to them.
    pub fn new(options: &SolverOptions) -> Portfolio {
        let members = members(options);
        let options = SolverOptions { members: Vec::new(), ..options.clone() };
        let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
        Portfolio { members, options, cores }
    }

    /// The same portfolio, its members sharing `cores` cores (which decides the [`LEASH`]).
    pub fn on_cores(self, cores: usize) -> Portfolio {
        Portfolio { cores: cores.max(1), ..self }
    }

    /// The time limit of `member` in a race under `limits`: the [`LEASH`] for a backtracking
    /// member when the members outnumber the cores, else the portfolio's own.
    fn member_limit(&self, member: SolverKind, limits: &Limits) -> Option<Duration> {
        let search = matches!(member, SolverKind::Backtrack | SolverKind::BacktrackNaive | SolverKind::Dlx);
        if search && self.members.len() > self.cores {
            Some(limits.time.map_or(LEASH, |t| t.min(LEASH)))
        } else {
            limits.time
        }
    }
}

/// The members `options` choose: `options.members`, or [`DEFAULT_MEMBERS`] when none.
pub fn members(options: &SolverOptions) -> Vec<SolverKind> {
    if options.members.is_empty() {
        DEFAULT_MEMBERS.to_vec()
    } else {
        options.members.clone()
    }
}

/// Checks a choice of members: neither the portfolio itself nor a solver twice.
pub fn check_members(members: &[SolverKind]) -> Result<(), String> {
    if members.contains(&SolverKind::Portfolio) {
        return Err("a portfolio cannot race itself".to_string());
    }
    if let Some((i, twice)) = members.iter().enumerate().find(|(i, m)| members[..*i].contains(m)) {
        return Err(format!("{twice} is named twice (at {})", i + 1));
    }
    Ok(())
}

/// The `sudoku-lab` executable that worker processes run (see the module doc): every command
/// that starts workers (`run`, `solve`, `bench`, the portfolio) asks here.
pub fn worker_exe() -> Result<PathBuf, String> {
    let me = std::env::current_exe().map_err(|e| format!("cannot tell which executable this is: {e}"))?;
    if me.file_stem().is_some_and(|s| s == "sudoku-lab") {
        return Ok(me);
    }
    if let Some(exe) = std::env::var_os(EXE_ENV) {
        return Ok(PathBuf::from(exe));
    }
    let beside = me.parent().and_then(|deps| deps.parent()).map(|dir| dir.join("sudoku-lab"));
    match beside {
        Some(exe) if exe.is_file() => Ok(exe),
        _ => Err(format!("no sudoku-lab executable to start worker processes from {}: set {EXE_ENV}", me.display())),
    }
}

/// How one member's race ended.
struct Lap {
    member: SolverKind,
    finish: Finish,
}

impl Solver for Portfolio {
    fn name(&self) -> &'static str {
        "portfolio"
    }

    fn solve(&mut self, puzzle: &Grid, limits: &Limits) -> Result<Report, SolveError> {
        let exe = worker_exe().map_err(backend)?;
        let start = Instant::now();
        let mut race = self.race(&exe, puzzle, limits)?;
        let wall = start.elapsed().as_secs_f64();
        // The note names the members in the order they were chosen, whatever order they ended in.
        race.laps.sort_by_key(|l| self.members.iter().position(|&m| m == l.member));
        race.report(wall)
    }
}

/// A backend error of the portfolio.
fn backend(message: String) -> SolveError {
    SolveError::Backend { solver: "portfolio", message }
}

/// How a race ended: every member's lap, and the first decisive answer with its member.
struct Race {
    laps: Vec<Lap>,
    winner: Option<(SolverKind, Report)>,
}

impl Portfolio {
    /// Races the members on `puzzle`, each in a worker started from `exe`; the first decisive
    /// answer stops the others. A member's grid the oracle rejects, or a worker that cannot start,
    /// is an error (and stops the race).
    fn race(&self, exe: &Path, puzzle: &Grid, limits: &Limits) -> Result<Race, SolveError> {
        // A member past its limit is killed halfway into the grace a caller gives the portfolio
        // itself (max(1 s, 10 %), as for every worker), so the race always answers before that.
        let hard = limits.time.map_or(Duration::MAX, |t| t + grace(t) / 2);
        let memory_kb = self.options.memory_mb.unwrap_or_else(default_memory_mb).saturating_mul(1024);
        let request = |member: SolverKind| {
            let limits = Limits { time: self.member_limit(member, limits), ..limits.clone() };
            Request::new(1, Task::Solver(member), puzzle, &limits, self.options.clone())
        };
        let won = Arc::new(AtomicUsize::new(0));
        let (tx, rx) = mpsc::channel::<Result<Lap, String>>();
        let mut race = Race { laps: Vec::new(), winner: None };
        std::thread::scope(|scope| {
            for &member in &self.members {
                let (tx, won, request) = (tx.clone(), Arc::clone(&won), request(member));
                scope.spawn(move || {
                    let lap = WorkerProcess::spawn_with(exe, Stdio::inherit())
                        .map(|w| w.stop_on(won))
                        .map(|mut w| Lap { member, finish: w.run(&request, hard, memory_kb) })
                        .map_err(|e| format!("{member}: cannot start a worker from {}: {e}", exe.display()));
                    // The receiver outlives every sender in this scope.
                    let _ = tx.send(lap);
                });
            }
            drop(tx);
            for lap in rx {
                let lap = match lap {
                    Ok(lap) => lap,
                    Err(e) => {
                        won.store(1, Ordering::Relaxed);
                        return Err(backend(e));
                    }
                };
                if let Finish::Answered(r) = &lap.finish {
                    if r.outcome == RunOutcome::Solved && decisive(puzzle, &lap).is_none() {
                        won.store(1, Ordering::Relaxed);
                        let faults = format!("member {} returned a grid that is not a solution", lap.member);
                        return Err(SolveError::Unverified { solver: "portfolio", faults });
                    }
                }
                if race.winner.is_none() {
                    if let Some(report) = decisive(puzzle, &lap) {
                        won.store(1, Ordering::Relaxed);
                        race.winner = Some((lap.member, report));
                    }
                }
                race.laps.push(lap);
            }
            Ok(())
        })?;
        Ok(race)
    }
}

impl Race {
    /// The portfolio's report of the race, which took `wall` seconds: the winner's answer, else a
    /// limit, or an error when every member failed; the note says how each member ended.
    fn report(self, wall: f64) -> Result<Report, SolveError> {
        match self.winner {
            Some((member, report)) => {
                let build = report.stats.build_seconds.min(wall);
                let stats = Stats {
                    seconds: wall - build,
                    build_seconds: build,
                    winner: Some(member.name().to_string()),
                    ..report.stats
                };
                let mut note = format!("won by {member} at {wall:.3} s");
                let rest = others(&self.laps, Some(member));
                if !rest.is_empty() {
                    note.push_str(&format!(" ({rest})"));
                }
                if let Some(own) = report.note.filter(|n| !n.is_empty()) {
                    note.push_str(&format!("; {member}: {own}"));
                }
                Ok(Report { outcome: report.outcome, stats, note: Some(note) })
            }
            None if self.laps.iter().all(|l| matches!(l.finish, Finish::Died { .. })) => {
                Err(backend(format!("every member failed: {}", others(&self.laps, None))))
            }
            None => Ok(Report {
                outcome: Outcome::LimitReached,
                stats: Stats { seconds: wall, ..Stats::default() },
                note: Some(format!("no member answered within the limit: {}", others(&self.laps, None))),
            }),
        }
    }
}

/// How each member but `except` ended, for the note: `MEMBER: WORD`, comma-separated.
fn others(laps: &[Lap], except: Option<SolverKind>) -> String {
    let parts: Vec<String> = laps
        .iter()
        .filter(|l| Some(l.member) != except)
        .map(|l| format!("{}: {}", l.member, lap_word(&l.finish)))
        .collect();
    parts.join(", ")
}

/// The member's report when it is an answer that ends the race: a solution the oracle accepts, or
/// a proof of infeasibility.
fn decisive(puzzle: &Grid, lap: &Lap) -> Option<Report> {
    let Finish::Answered(response) = &lap.finish else { return None };
    let note = (!response.note.is_empty()).then(|| response.note.clone());
    let outcome = match decode(puzzle, response) {
        Decoded::Solved(grid) => Outcome::Solved(grid),
        Decoded::Infeasible => Outcome::Infeasible,
        Decoded::Limit | Decoded::Rejected | Decoded::Failed { .. } => return None,
    };
    Some(Report { outcome, stats: response.stats.clone(), note })
}

/// A member's end in a word or two, for the note.
fn lap_word(finish: &Finish) -> String {
    match finish {
        Finish::Answered(r) if r.unverified => "unverified".to_string(),
        Finish::Answered(r) => r.outcome.to_string(),
        Finish::Killed { why: Kill::Time, .. } => "killed at the hard limit".to_string(),
        Finish::Killed { why: Kill::Memory, .. } => "killed above the memory cap".to_string(),
        Finish::Stopped => "stopped".to_string(),
        Finish::Died { note, .. } => format!("died ({note})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backtracking_members_race_on_a_leash_only_when_the_members_outnumber_the_cores() {
        let limits = Limits { time: Some(Duration::from_secs(300)), ..Limits::default() };
        let three = Portfolio::new(&SolverOptions::default());
        let crowded = three.clone().on_cores(2);
        assert_eq!(crowded.member_limit(SolverKind::Backtrack, &limits), Some(LEASH));
        assert_eq!(crowded.member_limit(SolverKind::Sat, &limits), limits.time, "CDCL keeps the whole limit");
        assert_eq!(crowded.member_limit(SolverKind::Kissat, &limits), limits.time);
        let roomy = three.on_cores(3);
        assert_eq!(roomy.member_limit(SolverKind::Backtrack, &limits), limits.time, "a core each: no leash");
        // A limit below the leash stays; no limit at all becomes the leash.
        let short = Limits { time: Some(Duration::from_millis(200)), ..Limits::default() };
        assert_eq!(crowded.member_limit(SolverKind::Backtrack, &short), short.time);
        assert_eq!(crowded.member_limit(SolverKind::Backtrack, &Limits::default()), Some(LEASH));
        let dlx = Portfolio::new(&SolverOptions {
            members: vec![SolverKind::Dlx, SolverKind::Sat],
            ..SolverOptions::default()
        });
        assert_eq!(dlx.on_cores(1).member_limit(SolverKind::Dlx, &limits), Some(LEASH));
    }
}
