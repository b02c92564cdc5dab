//! Someone else's program run under the harness's rules: in a process group of its own, marked
//! and contained ([`super::contain`]) so it dies with its worker, stdout and stderr captured to
//! files (each capped: past the cap the output is drained and dropped), its whole tree's memory
//! sampled, stopped at a deadline (SIGTERM to the tree, then SIGKILL), and whatever it left behind
//! stopped once it has exited. The external solvers' adapter ([`crate::external`]) only builds the
//! command and reads the answer; starting, timing, signalling and capturing live here, beside the
//! workers' own process handling (BenchExec's split between tool adapters and the runner).

use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::contain;
use super::tree::{become_subreaper, reap_exited, stop_tree, tree_rss_kb};

/// How a program exited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// It exited with this status.
    Code(i32),
    /// A signal ended it.
    Signal(i32),
    /// The wait failed: nothing is known.
    Unknown,
}

/// A program to run: its command line, environment and working folder, and where its output goes.
#[derive(Debug, Clone)]
pub struct Spec {
    /// The program and its arguments, expanded.
    pub argv: Vec<String>,
    /// Environment variables set for it.
    pub env: Vec<(String, String)>,
    /// Its working folder.
    pub cwd: PathBuf,
    /// The file its stdout is captured to, and the bytes kept.
    pub stdout: (PathBuf, u64),
    /// The file its stderr is captured to, and the bytes kept.
    pub stderr: (PathBuf, u64),
    /// When to stop its tree, from its start; `None`: never.
    pub deadline: Option<Duration>,
}

/// What running a program saw.
#[derive(Debug, Clone, PartialEq)]
pub struct Waited {
    /// How it exited.
    pub status: Exit,
    /// Wall seconds from its start to its exit (or its stop).
    pub seconds: f64,
    /// True when it was stopped at the deadline.
    pub stopped: bool,
    /// Largest resident memory of its tree, KiB (sampled, and the kernel's own peak of the program).
    pub peak_rss_kb: Option<u64>,
    /// Bytes it wrote to stdout in all (kept or dropped).
    pub stdout_bytes: u64,
}

/// Runs `spec` to its end or its deadline (see the module doc). Errors when the program cannot be
/// started.
///
/// Call it only in a process of its own, the worker ([`crate::experiment::worker`]): it makes that
/// process the subreaper of its descendants and, once the program has exited, stops every process
/// still below it.
pub fn run(spec: &Spec) -> std::io::Result<Waited> {
    become_subreaper();
    let mut command = Command::new(&spec.argv[0]);
    command
        .args(&spec.argv[1..])
        .envs(spec.env.iter().map(|(k, v)| (k, v)))
        .current_dir(&spec.cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let start = Instant::now();
    // Marked below the worker, and killed with it should it die.
    let mut child = contain::spawn(command, &contain::new_mark(), libc::SIGKILL)?;
    let stdout = capture(child.stdout.take().expect("piped"), spec.stdout.0.clone(), spec.stdout.1);
    let stderr = capture(child.stderr.take().expect("piped"), spec.stderr.0.clone(), spec.stderr.1);
    let mut waited = wait(child.id(), start, spec.deadline);
    // Whatever the program left behind is ours now (we are its subreaper): stop it, so it frees
    // the pipes and the cores.
    stop_tree(std::process::id(), false);
    reap_exited();
    waited.stdout_bytes = stdout.join().unwrap_or(0);
    let _ = stderr.join();
    Ok(waited)
}

/// Waits for `pid` (reaping it with its resource usage), sampling its tree's memory, and stops
/// its tree at `deadline`.
fn wait(pid: u32, start: Instant, deadline: Option<Duration>) -> Waited {
    let mut peak: Option<u64> = None;
    let mut stopped = false;
    let raw = pid as libc::pid_t;
    let done =
        |status, peak, stopped| Waited { status, seconds: secs(start), stopped, peak_rss_kb: peak, stdout_bytes: 0 };
    loop {
        let mut status = 0;
        // SAFETY: wait4 writes into the status integer and the zeroed rusage struct we own.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let got = unsafe { libc::wait4(raw, &mut status, libc::WNOHANG, &mut usage) };
        if got == raw {
            let own = u64::try_from(usage.ru_maxrss).ok();
            let exit = if libc::WIFEXITED(status) {
                Exit::Code(libc::WEXITSTATUS(status))
            } else if libc::WIFSIGNALED(status) {
                Exit::Signal(libc::WTERMSIG(status))
            } else {
                Exit::Unknown
            };
            return done(exit, peak.max(own), stopped);
        }
        if got < 0 {
            return done(Exit::Unknown, peak, stopped);
        }
        peak = peak.max(tree_rss_kb(pid));
        if !stopped && deadline.is_some_and(|d| start.elapsed() > d) {
            stopped = true;
            stop_tree(pid, true);
            continue;
        }
        std::thread::sleep(super::POLL.min(Duration::from_millis(5) + start.elapsed() / 10));
    }
}

/// Seconds since `t`.
fn secs(t: Instant) -> f64 {
    t.elapsed().as_secs_f64()
}

/// Copies `from` to the file `to` on a thread, keeping the first `cap` bytes and draining the
/// rest; the thread returns the bytes seen in all.
fn capture(mut from: impl Read + Send + 'static, to: PathBuf, cap: u64) -> std::thread::JoinHandle<u64> {
    std::thread::spawn(move || {
        let mut file = File::create(&to).ok();
        let mut buf = vec![0u8; 64 << 10];
        let mut seen: u64 = 0;
        loop {
            let n = match from.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let keep = cap.saturating_sub(seen).min(n as u64) as usize;
            if keep > 0 {
                if let Some(f) = file.as_mut() {
                    if f.write_all(&buf[..keep]).is_err() {
                        file = None;
                    }
                }
            }
            seen += n as u64;
        }
        seen
    })
}

/// A signal's name.
pub fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGABRT => "SIGABRT",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGINT => "SIGINT",
        _ => "signal",
    }
}

/// What a short command printed (a version query): its stdout and stderr as text, each read up to
/// 64 KiB, or why it could not be started; `overran` when it had not exited within `limit`. The
/// command's whole tree is stopped as soon as it exits or overruns — a background child it left
/// holding the output included — and its output is not waited for beyond the limit.
pub fn output_within(argv: &[String], env: &[(String, String)], limit: Duration) -> Result<Printed, std::io::Error> {
    let mut command = Command::new(&argv[0]);
    command
        .args(&argv[1..])
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mark = contain::new_mark();
    let mut child = contain::spawn(command, &mark, libc::SIGKILL)?;
    let read = |mut from: Box<dyn Read + Send>| {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = (&mut from).take(64 << 10).read_to_end(&mut bytes);
            let _ = tx.send(String::from_utf8_lossy(&bytes).into_owned());
            let _ = std::io::copy(&mut from, &mut std::io::sink());
        });
        rx
    };
    let out = read(Box::new(child.stdout.take().expect("piped")));
    let err = read(Box::new(child.stderr.take().expect("piped")));
    let start = Instant::now();
    let mut overran = false;
    while matches!(child.try_wait(), Ok(None)) {
        if start.elapsed() > limit {
            overran = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    // Whatever it left behind goes, so the pipes close and nothing outlives the caller's start.
    stop_tree(child.id(), true);
    contain::kill_marked(&mark);
    let _ = child.wait();
    let left = |rx: std::sync::mpsc::Receiver<String>| {
        rx.recv_timeout(limit.saturating_sub(start.elapsed()).max(Duration::from_millis(100))).unwrap_or_default()
    };
    Ok(Printed { stdout: left(out), stderr: left(err), overran })
}

/// What [`output_within`] read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printed {
    /// Its stdout (at most 64 KiB).
    pub stdout: String,
    /// Its stderr (at most 64 KiB).
    pub stderr: String,
    /// True when it had not exited within the limit.
    pub overran: bool,
}

/// The last non-empty line of the file at `path`, read from its last 4 KiB.
pub fn last_line(path: &Path) -> Option<String> {
    let text = std::fs::read(path).ok()?;
    let start = text.len().saturating_sub(4096);
    let tail = String::from_utf8_lossy(&text[start..]).into_owned();
    tail.lines().map(str::trim).rfind(|l| !l.is_empty()).map(str::to_owned)
}
