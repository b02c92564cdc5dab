//! The runner's side of a worker process: start it, hand it a job, and stop it when it overruns.
//!
//! A [`WorkerProcess`] is one `sudoku-lab worker` child. [`WorkerProcess::run`] sends a request and
//! waits for the marked answer line, polling every [`POLL`]: past the hard time limit, or when the
//! resident memory of the child and everything it started (`VmRSS` in `/proc/PID/status`, summed
//! over the tree: an external solver, a portfolio's members) exceeds the cap, the whole tree is
//! stopped (SIGTERM, then SIGKILL: [`super::tree::stop_tree`]) and the job is answered
//! [`Finish::Killed`], with the tree's CPU time until then; a child that dies on its own is
//! [`Finish::Died`]. After either, the caller drops the process and starts a fresh one; it does
//! the same when a worker keeps more than [`RECYCLE_KB`] resident after a job. Memory is sampled,
//! so an allocation burst shorter than one poll can pass the cap unseen.
//!
//! A worker is started contained ([`super::contain`]): marked, in a cgroup of its own where the
//! kernel allows, with SIGTERM as its parent-death signal (the worker then stops its tree and
//! exits). Whenever a worker is let go — killed, dead, or done — its cgroup is killed, every
//! process carrying its mark is killed, and the temporary folders it owned are removed, so a
//! worker killed by its own solver leaves nothing behind either.
//!
//! An answer that comes after the request's time limit (in the grace before the kill) is judged
//! by [`Response::judge_late`] here, for every caller.

use std::fs::OpenOptions;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::contain::{self, Cgroup};
use super::protocol::{proc_status_kb, Request, Response, MARKER, PARENT_ENV};
use super::tree::{stop_tree, tree_cpu_seconds, tree_rss_kb};

/// How often a running job's clock and memory are checked.
pub const POLL: Duration = Duration::from_millis(20);

/// A worker still holding more resident memory than this after a job, KiB, is replaced: the
/// allocator keeps freed memory, which would inflate the next job's peak and count against its
/// cap. A fresh worker holds about 10 MiB.
pub const RECYCLE_KB: u64 = 32 * 1024;

/// Why the runner killed a worker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kill {
    /// The job ran past the hard time limit.
    Time,
    /// The worker's resident memory exceeded the cap.
    Memory,
}

/// How a job ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Finish {
    /// The worker answered (boxed: a response with its statistics is much larger than a kill).
    Answered(Box<Response>),
    /// The runner killed the worker.
    Killed {
        /// Why.
        why: Kill,
        /// Seconds from the request to the kill.
        seconds: f64,
        /// The worker's peak resident memory, KiB (over its lifetime), if known.
        peak_rss_kb: Option<u64>,
        /// The resident memory seen at the kill, KiB.
        rss_kb: Option<u64>,
        /// CPU seconds the worker's tree spent on the job until the kill (`/proc`, clock ticks).
        cpu_seconds: Option<f64>,
    },
    /// The runner was asked to stop (a signal) and killed the worker mid-job: no answer.
    Stopped,
    /// The worker died, or the protocol broke.
    Died {
        /// Seconds from the request to the death.
        seconds: f64,
        /// What happened.
        note: String,
    },
}

/// A running `sudoku-lab worker` child.
#[derive(Debug)]
pub struct WorkerProcess {
    child: Child,
    stdin: ChildStdin,
    answers: Receiver<Result<Response, String>>,
    stop: Option<Arc<AtomicUsize>>,
    /// The mark of the worker's tree ([`contain`]), until it is let go.
    mark: Option<String>,
    /// The worker's cgroup, where one could be made.
    cgroup: Option<Cgroup>,
    /// The worker as an owner of temporary folders (`PID.START`), until it is let go.
    owner: Option<String>,
}

impl WorkerProcess {
    /// Starts `exe worker`, its stderr appended to `log`.
    pub fn spawn(exe: &Path, log: &Path) -> std::io::Result<WorkerProcess> {
        let log = OpenOptions::new().create(true).append(true).open(log)?;
        WorkerProcess::spawn_with(exe, Stdio::from(log))
    }

    /// Starts `exe worker` with its stderr going to `stderr`.
    pub fn spawn_with(exe: &Path, stderr: Stdio) -> std::io::Result<WorkerProcess> {
        // Leftovers of runs whose owner died (a `kill -9`) go before anything new starts.
        contain::sweep();
        let mut command = Command::new(exe);
        command
            .arg("worker")
            .env(PARENT_ENV, std::process::id().to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .process_group(0);
        let mark = contain::new_mark();
        let mut child = contain::spawn(command, &mark, libc::SIGTERM)?;
        // The worker starts nothing before its first request, so the cgroup holds all it starts.
        let cgroup = Cgroup::holding(child.id(), &mark);
        let owner = contain::owner_of(child.id());
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = child.stdout.take().expect("stdout was piped");
        let (tx, answers) = mpsc::channel();
        // The reader thread ends when the child's stdout closes (it exited or was killed).
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                // Marked lines only: anything else on the child's stdout is ignored.
                let Some(at) = line.find(MARKER) else { continue };
                let answer = serde_json::from_str(&line[at + MARKER.len()..]).map_err(|e| format!("bad answer: {e}"));
                if tx.send(answer).is_err() {
                    break;
                }
            }
        });
        Ok(WorkerProcess { child, stdin, answers, stop: None, mark: Some(mark), cgroup, owner })
    }

    /// Makes [`WorkerProcess::run`] kill the job and answer [`Finish::Stopped`] once `stop` is
    /// non-zero (the runner sets it to the signal number; the portfolio when a member has won).
    pub fn stop_on(mut self, stop: Arc<AtomicUsize>) -> WorkerProcess {
        self.stop = Some(stop);
        self
    }

    /// Runs one job: answered, killed past `hard_limit` or above `memory_kb`, stopped, or died. After
    /// anything but [`Finish::Answered`] the process is spent: drop it.
    pub fn run(&mut self, request: &Request, hard_limit: Duration, memory_kb: u64) -> Finish {
        let start = Instant::now();
        let died = |start: Instant, note: String| Finish::Died { seconds: start.elapsed().as_secs_f64(), note };
        let line = serde_json::to_string(request).expect("requests always serialize");
        if let Err(e) = writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush()) {
            return died(start, format!("worker unreachable: {e}; {}", self.exit_status()));
        }
        let pid = self.child.id();
        let cpu_start = tree_cpu_seconds(pid);
        loop {
            match self.answers.recv_timeout(POLL) {
                Ok(Ok(mut answer)) if answer.job == request.job => {
                    answer.judge_late(request.time_limit);
                    return Finish::Answered(Box::new(answer));
                }
                Ok(Ok(_stale)) => continue,
                Ok(Err(e)) => return died(start, e),
                Err(RecvTimeoutError::Disconnected) if !self.stopping() => {
                    return died(start, format!("worker died: {}", self.exit_status()))
                }
                Err(_) => {}
            }
            if self.stopping() {
                self.kill();
                return Finish::Stopped;
            }
            let rss_kb = tree_rss_kb(pid);
            let why = if start.elapsed() > hard_limit {
                Kill::Time
            } else if rss_kb.is_some_and(|kb| kb > memory_kb) {
                Kill::Memory
            } else {
                continue;
            };
            let peak_rss_kb = proc_status_kb(&pid.to_string(), "VmHWM").max(rss_kb);
            let cpu_seconds = tree_cpu_seconds(pid).zip(cpu_start).map(|(end, start)| (end - start).max(0.0));
            self.kill();
            return Finish::Killed { why, seconds: start.elapsed().as_secs_f64(), peak_rss_kb, rss_kb, cpu_seconds };
        }
    }

    /// True once the stop flag is set.
    fn stopping(&self) -> bool {
        self.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed) != 0)
    }

    /// True while the child has not exited (a worker that died between jobs is replaced before
    /// the next job is blamed for it).
    pub fn is_alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The child's resident memory now, KiB (`None` when unknown).
    pub fn resident_kb(&self) -> Option<u64> {
        proc_status_kb(&self.child.id().to_string(), "VmRSS")
    }

    /// Stops the child and everything it started (SIGTERM, then SIGKILL), also what left its tree
    /// (its cgroup, its mark), reaps it and removes its temporary folders.
    fn kill(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            stop_tree(self.child.id(), true);
        }
        // Both fail only if the child is already gone, which is what we want.
        let _ = self.child.kill();
        // Dropped: killed, then removed.
        drop(self.cgroup.take());
        if let Some(mark) = self.mark.take() {
            contain::kill_marked(&mark);
        }
        let _ = self.child.wait();
        if let Some(owner) = self.owner.take() {
            contain::remove_temp_of(&owner);
        }
    }

    /// The child's exit status in words (waiting briefly for it to finish exiting).
    fn exit_status(&mut self) -> String {
        for _ in 0..50 {
            match self.child.try_wait() {
                Ok(Some(status)) => return status.to_string(),
                Ok(None) => std::thread::sleep(Duration::from_millis(10)),
                Err(e) => return format!("status unknown ({e})"),
            }
        }
        "still running".to_string()
    }
}

impl Drop for WorkerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The grace a worker solving by hand gets past its own time limit before it is killed:
/// max(1 s, 10 %) of the limit.
pub fn grace(time_limit: Duration) -> Duration {
    time_limit.mul_f64(0.1).max(Duration::from_secs(1))
}

/// The hard limit of a solve by hand: the time limit plus its [`grace`] (none without a limit).
pub fn hard_limit(time_limit: Option<Duration>) -> Duration {
    time_limit.map_or(Duration::MAX, |t| t + grace(t))
}

/// A default memory cap for solves by hand, MiB: half the machine's memory (4 GiB when unknown).
pub fn default_memory_mb() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| super::protocol::status_kb(&m, "MemTotal"))
        .map_or(4096, |kb| (kb / 1024 / 2).max(256))
}
