//! A process and everything it started: found, measured and stopped through the kernel's own
//! accounting (`/proc` and `getrusage`), so a solver that forks is measured and stopped whole.
//!
//! The worker makes itself a *child subreaper* ([`become_subreaper`]): a grandchild whose parent
//! exits (a double fork, a daemonising solver) is re-parented to the worker rather than to init,
//! so it stays in the worker's tree, where [`descendants`] finds it and [`stop_tree`] stops it, and
//! once reaped its CPU time reaches the worker's `RUSAGE_CHILDREN`. CPU time is user + system, of
//! the process and of all its children it has waited for; memory is the sum of resident sets.

use std::time::{Duration, Instant};

/// Makes this process the child subreaper of its descendants (Linux `PR_SET_CHILD_SUBREAPER`).
/// Returns false where the kernel refuses.
pub fn become_subreaper() -> bool {
    // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes one integer argument and touches no memory.
    unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1 as libc::c_ulong, 0, 0, 0) == 0 }
}

/// The live descendants of `pid` (children first, then theirs), read from
/// `/proc/PID/task/TID/children`, or from every process's parent in `/proc/*/stat` where that
/// file does not exist.
pub fn descendants(pid: u32) -> Vec<u32> {
    let mut found = Vec::new();
    let mut frontier = vec![pid];
    let mut by_parent: Option<Vec<(u32, u32)>> = None;
    while let Some(p) = frontier.pop() {
        let children = match children_of(p) {
            Some(c) => c,
            None => {
                let table = by_parent.get_or_insert_with(parent_table);
                table.iter().filter(|(_, parent)| *parent == p).map(|(child, _)| *child).collect()
            }
        };
        for c in children {
            if c != pid && !found.contains(&c) {
                found.push(c);
                frontier.push(c);
            }
        }
    }
    found
}

/// The children of `pid` from `/proc/PID/task/*/children` (`None` where the kernel lacks it).
fn children_of(pid: u32) -> Option<Vec<u32>> {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).ok()?;
    let mut out = Vec::new();
    let mut any = false;
    for task in tasks.flatten() {
        let Ok(text) = std::fs::read_to_string(task.path().join("children")) else { continue };
        any = true;
        out.extend(text.split_whitespace().filter_map(|p| p.parse::<u32>().ok()));
    }
    // A process that vanished has no tasks: it has no children either.
    any.then_some(out).or_else(|| (!std::path::Path::new(&format!("/proc/{pid}")).exists()).then(Vec::new))
}

/// (pid, parent pid) of every process.
fn parent_table() -> Vec<(u32, u32)> {
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(|pid| Some((pid, stat_fields(pid)?.parent)))
        .collect()
}

/// The fields of `/proc/PID/stat` this module reads.
#[derive(Debug, Clone, Copy, PartialEq)]
struct StatFields {
    parent: u32,
    /// utime + stime + cutime + cstime, in clock ticks.
    ticks: u64,
}

/// Reads `/proc/PID/stat` (the command name, in parentheses, may hold spaces: fields are counted
/// after its closing parenthesis).
fn stat_fields(pid: u32) -> Option<StatFields> {
    parse_stat(&std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
}

/// The fields of a `/proc/PID/stat` text.
fn parse_stat(text: &str) -> Option<StatFields> {
    let rest = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
    let parent = fields.get(1)?.parse().ok()?;
    let ticks = (11..=14).map(|i| fields.get(i).and_then(|f| f.parse::<u64>().ok())).sum::<Option<u64>>()?;
    Some(StatFields { parent, ticks })
}

/// Clock ticks per second of `/proc` times.
fn ticks_per_second() -> f64 {
    // SAFETY: sysconf reads a constant of the system and touches no memory.
    let t = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if t > 0 {
        t as f64
    } else {
        100.0
    }
}

/// CPU seconds (user + system, waited-for children included) of `pid` and of its live
/// descendants, from `/proc` (clock-tick resolution). `None` when `pid` is gone.
pub fn tree_cpu_seconds(pid: u32) -> Option<f64> {
    let own = stat_fields(pid)?.ticks;
    let rest: u64 = descendants(pid).into_iter().filter_map(stat_fields).map(|s| s.ticks).sum();
    Some((own + rest) as f64 / ticks_per_second())
}

/// Resident memory of `pid` and its live descendants, KiB (`None` when `pid` is gone).
pub fn tree_rss_kb(pid: u32) -> Option<u64> {
    let own = super::proc_status_kb(&pid.to_string(), "VmRSS")?;
    let rest: u64 = descendants(pid).into_iter().filter_map(|p| super::proc_status_kb(&p.to_string(), "VmRSS")).sum();
    Some(own + rest)
}

/// CPU seconds of this process (all threads) and of every child it has waited for, from
/// `getrusage` (microsecond resolution).
pub fn own_cpu_seconds() -> f64 {
    let seconds = |who| {
        // SAFETY: getrusage writes one rusage struct into the zeroed one we own.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(who, &mut usage) } != 0 {
            return 0.0;
        }
        let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
        tv(usage.ru_utime) + tv(usage.ru_stime)
    };
    seconds(libc::RUSAGE_SELF) + seconds(libc::RUSAGE_CHILDREN)
}

/// How long [`stop_tree`] waits between SIGTERM and SIGKILL.
pub const TERM_GRACE: Duration = Duration::from_millis(500);

/// Stops `pid`'s descendants (and `pid` itself when `with_root`): SIGTERM to each of them (and to
/// their process groups), then, after at most [`TERM_GRACE`], SIGKILL to whatever is left. The
/// tree is read before the first signal, so processes re-parented when their parent dies are
/// still reached. Zombies are left for their parent to reap.
pub fn stop_tree(pid: u32, with_root: bool) {
    let mut targets = descendants(pid);
    if with_root {
        targets.push(pid);
    }
    if targets.is_empty() {
        return;
    }
    signal_all(&targets, libc::SIGTERM);
    let start = Instant::now();
    while start.elapsed() < TERM_GRACE && targets.iter().any(|&p| alive(p)) {
        std::thread::sleep(Duration::from_millis(10));
    }
    // Late children of processes that ignored SIGTERM and forked meanwhile (a process signalled
    // twice is harmless).
    let late: Vec<u32> = descendants(pid).into_iter().chain(targets.iter().flat_map(|&p| descendants(p))).collect();
    targets.extend(late);
    signal_all(&targets, libc::SIGKILL);
}

/// Sends `signal` to every process of `pids` and to the process group each leads.
fn signal_all(pids: &[u32], signal: libc::c_int) {
    for &p in pids {
        let Ok(p) = libc::pid_t::try_from(p) else { continue };
        // SAFETY: kill only sends a signal; a process that is gone makes it fail harmlessly.
        unsafe {
            if libc::getpgid(p) == p {
                libc::kill(-p, signal);
            }
            libc::kill(p, signal);
        }
    }
}

/// True while `pid` exists and is not a zombie.
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|t| t.rfind(')').map(|i| t[i + 1..].trim_start().starts_with('Z')))
        .is_some_and(|zombie| !zombie)
}

/// Reaps every child of this process that has exited (the orphans a subreaper inherits); never
/// blocks.
pub fn reap_exited() {
    loop {
        let mut status = 0;
        // SAFETY: waitpid with WNOHANG writes the status into our integer and never blocks.
        let pid = unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG) };
        if pid <= 0 {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::os::unix::process::CommandExt;

    use super::*;

    #[test]
    fn stat_is_read_after_the_command_name() {
        let text = "42 (a (weird) name) S 7 42 42 0 -1 4194304 100 0 0 0 30 12 5 3 20 0 1 0 10 0 0";
        assert_eq!(parse_stat(text), Some(StatFields { parent: 7, ticks: 30 + 12 + 5 + 3 }));
        assert_eq!(parse_stat("garbage"), None);
    }

    #[test]
    fn a_forked_grandchild_is_found_measured_and_stopped() {
        let mut child = std::process::Command::new("sh")
            .args(["-c", "sleep 30 & sleep 30 & wait"])
            .process_group(0)
            .spawn()
            .expect("sh runs");
        let pid = child.id();
        let start = Instant::now();
        while descendants(pid).len() < 2 && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(10));
        }
        let found = descendants(pid);
        assert_eq!(found.len(), 2, "the two sleeps");
        assert!(tree_rss_kb(pid).is_some_and(|kb| kb > 0));
        assert!(tree_cpu_seconds(pid).is_some());
        stop_tree(pid, true);
        child.wait().expect("reaped");
        let start = Instant::now();
        while found.iter().any(|&p| alive(p)) && start.elapsed() < Duration::from_secs(2) {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(found.iter().all(|&p| !alive(p)), "no sleep survives");
    }
}
