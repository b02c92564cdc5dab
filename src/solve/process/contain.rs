//! Containment: nothing the harness starts outlives it.
//!
//! Every process the harness starts — a worker, an external solver, a `version` command — is
//! started by [`spawn`], which gives it three things:
//! - a **mark**: the environment variable [`MARK_ENV`], inherited by everything it starts in turn
//!   (forks, `setsid`, double forks: only a program that wipes its environment loses it). A mark
//!   names its owners, `PID.START.SEQ` per level joined by `/` (a portfolio's member worker is
//!   marked below its worker's mark), so [`kill_marked`] stops a whole tree found in `/proc`, and
//!   [`sweep`] stops the trees of owners that have died (PID and start time no longer match);
//! - the **parent-death signal** (`PR_SET_PDEATHSIG`), set between fork and exec and checked
//!   against a parent that died before it was set. The kernel sends it when the *thread* that
//!   forked exits, so every spawn is made by one thread that lives as long as the process;
//! - a **cgroup v2** of its own when the kernel offers one this process may create and fill
//!   ([`Cgroup`]): the cgroup2 mount is read from `/proc/self/mountinfo`, the cgroup is made below
//!   this process's own, and `cgroup.kill` stops everything in it at once, whatever it did to its
//!   environment or process group. Where that fails the marks and signals above are all there is
//!   ([`containment`] says which, for `meta.json`).
//!
//! Temporary folders of processes that may be killed are named after their owner
//! ([`temp_dir`]), so [`sweep`] removes those whose owner is gone.

use std::io;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The environment variable that marks every process the harness starts (see the module doc).
pub const MARK_ENV: &str = "SUDOKU_LAB_MARK";

/// Set (to anything) to use no cgroup even where one could be made: the fallback, for tests.
pub const NO_CGROUP_ENV: &str = "SUDOKU_LAB_NO_CGROUP";

/// The prefix of every temporary folder [`temp_dir`] makes.
pub const TEMP_PREFIX: &str = "sudoku-lab-";

/// The start time of `pid` in clock ticks since boot (`/proc/PID/stat` field 22).
fn start_ticks(pid: u32) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command name: state is field 3, start time field 22.
    text[text.rfind(')')? + 1..].split_whitespace().nth(19)?.parse().ok()
}

/// This process as an owner: `PID.START`.
pub fn owner() -> &'static str {
    static OWNER: OnceLock<String> = OnceLock::new();
    OWNER.get_or_init(|| {
        let pid = std::process::id();
        format!("{pid}.{}", start_ticks(pid).unwrap_or(0))
    })
}

/// `pid` as an owner (`PID.START`), while it runs.
pub fn owner_of(pid: u32) -> Option<String> {
    Some(format!("{pid}.{}", start_ticks(pid)?))
}

/// True while the owner `PID.START` (or `PID.START.SEQ`) runs: the PID exists and started then.
fn owner_alive(owner: &str) -> bool {
    let mut parts = owner.split('.');
    let (Some(pid), Some(ticks)) = (parts.next(), parts.next()) else { return false };
    match (pid.parse::<u32>(), ticks.parse::<u64>()) {
        (Ok(pid), Ok(ticks)) => start_ticks(pid) == Some(ticks),
        _ => false,
    }
}

/// A fresh mark for one tree this process starts: below the mark this process carries, if any.
pub fn new_mark() -> String {
    static SEQ: AtomicU64 = AtomicU64::new(0);
    let own = format!("{}.{}", owner(), SEQ.fetch_add(1, Ordering::Relaxed));
    match std::env::var(MARK_ENV) {
        Ok(above) if !above.is_empty() => format!("{above}/{own}"),
        _ => own,
    }
}

/// A command and where to send the child it becomes.
type SpawnRequest = (Command, Sender<io::Result<Child>>);

/// Starts `command` marked `mark`, with `death` as its parent-death signal, from the one thread
/// that makes every spawn of this process (see the module doc). Fails like
/// [`Command::spawn`], or when this process was already dying as the child started.
pub fn spawn(mut command: Command, mark: &str, death: libc::c_int) -> io::Result<Child> {
    command.env(MARK_ENV, mark);
    let parent = libc::pid_t::try_from(std::process::id()).map_err(io::Error::other)?;
    // SAFETY: between fork and exec only async-signal-safe calls: prctl and getppid.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, death as libc::c_ulong, 0, 0, 0) != 0 {
                return Err(io::Error::last_os_error());
            }
            // The parent died before the signal was armed: it will never come, so stop here.
            if libc::getppid() != parent {
                return Err(io::Error::from_raw_os_error(libc::ESRCH));
            }
            Ok(())
        });
    }
    static SPAWNER: OnceLock<Mutex<Sender<SpawnRequest>>> = OnceLock::new();
    let spawner = SPAWNER.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<SpawnRequest>();
        // Lives as long as the process: the sender is never dropped.
        std::thread::spawn(move || {
            for (mut command, reply) in rx {
                let _ = reply.send(command.spawn());
            }
        });
        Mutex::new(tx)
    });
    let (reply, child) = mpsc::channel();
    spawner
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .send((command, reply))
        .map_err(|_| io::Error::other("the spawning thread is gone"))?;
    child.recv().map_err(|_| io::Error::other("the spawning thread is gone"))?
}

/// The mark of `pid` (`None`: unmarked, gone, or not ours to read).
fn mark_of(pid: u32) -> Option<String> {
    let environ = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
    let key = format!("{MARK_ENV}=");
    environ
        .split(|&b| b == 0)
        .find(|entry| entry.starts_with(key.as_bytes()))
        .map(|entry| String::from_utf8_lossy(&entry[key.len()..]).into_owned())
}

/// Every marked process (but this one) with its mark.
fn marked() -> Vec<(u32, String)> {
    let me = std::process::id();
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| pid != me)
        .filter_map(|pid| Some((pid, mark_of(pid)?)))
        .collect()
}

/// SIGKILLs, until none is left (at most 2 s), every process whose mark `doomed` picks; returns
/// how many were killed.
fn kill_where(doomed: impl Fn(&str) -> bool) -> usize {
    let start = Instant::now();
    let mut killed = 0;
    loop {
        let targets: Vec<u32> = marked().into_iter().filter(|(_, m)| doomed(m)).map(|(p, _)| p).collect();
        if targets.is_empty() || start.elapsed() > Duration::from_secs(2) {
            return killed;
        }
        for pid in targets {
            // SAFETY: kill only sends a signal; a process that is gone makes it fail harmlessly.
            if unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) } == 0 {
                killed += 1;
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// True when `mark` is `tree` or below it.
fn within(mark: &str, tree: &str) -> bool {
    mark.strip_prefix(tree).is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// SIGKILLs every process of the tree marked `mark` (its own and everything below it), wherever
/// in the process table it went; returns how many.
pub fn kill_marked(mark: &str) -> usize {
    kill_where(|m| within(m, mark))
}

/// Stops what dead owners left: marked processes one of whose owners is gone, their cgroups,
/// and their temporary folders. Runs once per process, before its first [`spawn`] of a worker.
pub fn sweep() {
    static ONCE: OnceLock<()> = OnceLock::new();
    ONCE.get_or_init(|| {
        kill_where(|m| m.split('/').any(|owner| !owner_alive(owner)));
        Cgroup::sweep();
        sweep_temp(|owner| !owner_alive(owner));
    });
}

/// A temporary folder `sudoku-lab-LABEL-OWNER-XXXXXX` owned by this process: removed when
/// dropped, or by a later [`sweep`] (or [`remove_temp_of`]) once this process is gone.
pub fn temp_dir(label: &str) -> io::Result<tempfile::TempDir> {
    tempfile::Builder::new().prefix(&format!("{TEMP_PREFIX}{label}-{}-", owner())).tempdir()
}

/// The owner in a [`temp_dir`] name.
fn temp_owner(name: &str) -> Option<&str> {
    let rest = name.strip_prefix(TEMP_PREFIX)?;
    let mut parts = rest.rsplitn(3, '-');
    let (_random, owner, _label) = (parts.next()?, parts.next()?, parts.next()?);
    let mut fields = owner.split('.');
    let fine =
        fields.next()?.parse::<u32>().is_ok() && fields.next()?.parse::<u64>().is_ok() && fields.next().is_none();
    fine.then_some(owner)
}

/// Removes the temporary folders whose owner `gone` picks.
fn sweep_temp(gone: impl Fn(&str) -> bool) {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if temp_owner(&name).is_some_and(&gone) {
            // Another sweeper may be removing it too: either way it goes.
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Removes the temporary folders of `owner` (`PID.START`), a process that was killed.
pub fn remove_temp_of(owner: &str) {
    sweep_temp(|o| o == owner);
}

/// What contains the processes of this machine's runs, in words (for `meta.json`).
pub fn containment() -> String {
    match Cgroup::root() {
        Ok(root) => format!(
            "cgroup v2 per worker under {} (cgroup.kill), parent-death signal, child subreaper, process marks",
            root.display()
        ),
        Err(why) => format!("parent-death signal, child subreaper, process marks (no cgroup: {why})"),
    }
}

/// One cgroup v2 holding one worker and everything it starts; killed and removed when dropped.
#[derive(Debug)]
pub struct Cgroup {
    path: PathBuf,
}

impl Cgroup {
    /// The folder this process's cgroups are made in: its own cgroup in the cgroup2 hierarchy, if
    /// one can be made there and offers `cgroup.kill` (probed once, with a cgroup made and removed).
    pub fn root() -> Result<&'static Path, String> {
        static ROOT: OnceLock<Result<PathBuf, String>> = OnceLock::new();
        ROOT.get_or_init(|| {
            if std::env::var_os(NO_CGROUP_ENV).is_some() {
                return Err(format!("{NO_CGROUP_ENV} is set"));
            }
            let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").map_err(|e| e.to_string())?;
            let mount = cgroup2_mount(&mountinfo).ok_or("no cgroup2 mount")?;
            let cgroups = std::fs::read_to_string("/proc/self/cgroup").map_err(|e| e.to_string())?;
            let own = cgroups.lines().find_map(|l| l.strip_prefix("0::")).ok_or("not in the cgroup2 hierarchy")?;
            let root = match own.trim_start_matches('/') {
                "" => mount,
                below => mount.join(below),
            };
            let probe = root.join(format!("sudoku-lab-{}.probe", owner()));
            std::fs::create_dir(&probe).map_err(|e| format!("cannot make a cgroup in {}: {e}", root.display()))?;
            let usable = probe.join("cgroup.kill").exists();
            // SAFETY: access only reads the NUL-terminated path we own.
            let procs = std::ffi::CString::new(probe.join("cgroup.procs").into_os_string().into_encoded_bytes());
            let writable = procs.is_ok_and(|p| unsafe { libc::access(p.as_ptr(), libc::W_OK) } == 0);
            let _ = std::fs::remove_dir(&probe);
            match (usable, writable) {
                (true, true) => Ok(root),
                (false, _) => Err(format!("no cgroup.kill in {} (kernel before 5.14)", root.display())),
                (true, false) => Err(format!("cannot move processes into cgroups under {}", root.display())),
            }
        })
        .as_ref()
        .map(PathBuf::as_path)
        .map_err(String::clone)
    }

    /// A new cgroup holding `pid`, named after `mark`'s last level (`None` where no cgroup can be
    /// made or filled: the fallback then holds alone).
    pub fn holding(pid: u32, mark: &str) -> Option<Cgroup> {
        let root = Cgroup::root().ok()?;
        let name = mark.rsplit('/').next().unwrap_or(mark);
        let path = root.join(format!("sudoku-lab-{name}"));
        std::fs::create_dir(&path).ok()?;
        let cgroup = Cgroup { path };
        std::fs::write(cgroup.path.join("cgroup.procs"), pid.to_string()).ok()?;
        Some(cgroup)
    }

    /// Kills every process in the cgroup (and in cgroups below it) at once.
    pub fn kill(&self) {
        let _ = std::fs::write(self.path.join("cgroup.kill"), "1");
    }

    /// Removes the cgroups of dead owners (killing what is left in them).
    fn sweep() {
        let Ok(root) = Cgroup::root() else { return };
        let Ok(entries) = std::fs::read_dir(root) else { return };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(owner) = name.strip_prefix("sudoku-lab-") else { continue };
            if !owner_alive(owner) {
                drop(Cgroup { path: entry.path() });
            }
        }
    }
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        self.kill();
        remove_cgroup(&self.path);
    }
}

/// Removes a cgroup folder and those below it, waiting (at most 1 s) for killed processes to go.
fn remove_cgroup(path: &Path) {
    if let Ok(entries) = std::fs::read_dir(path) {
        for entry in entries.flatten() {
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                remove_cgroup(&entry.path());
            }
        }
    }
    let start = Instant::now();
    while std::fs::remove_dir(path).is_err() && path.exists() && start.elapsed() < Duration::from_secs(1) {
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The mount point of the cgroup2 file system in a `/proc/self/mountinfo` text.
fn cgroup2_mount(mountinfo: &str) -> Option<PathBuf> {
    mountinfo.lines().find_map(|line| {
        // Fields: id parent major:minor root mount-point options [optional…] - type source super.
        let (left, right) = line.split_once(" - ")?;
        let mount = left.split_whitespace().nth(4)?;
        (right.split_whitespace().next()? == "cgroup2").then(|| PathBuf::from(mount))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cgroup2_mount_is_found_in_a_hybrid_mountinfo() {
        let text = "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n\
                    35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n\
                    41 31 0:38 / /sys/fs/cgroup/unified rw,relatime shared:9 - cgroup2 cgroup2 rw\n";
        assert_eq!(cgroup2_mount(text), Some(PathBuf::from("/sys/fs/cgroup/unified")));
        assert_eq!(cgroup2_mount("31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n"), None);
    }

    #[test]
    fn a_mark_covers_its_tree_and_nothing_beside_it() {
        assert!(within("1.2.0", "1.2.0"));
        assert!(within("1.2.0/5.6.1", "1.2.0"));
        assert!(!within("1.2.01", "1.2.0"));
        assert!(!within("1.2.0", "1.2.0/5.6.1"));
    }

    #[test]
    fn a_temp_folder_names_its_owner_and_this_one_is_alive() {
        assert_eq!(temp_owner("sudoku-lab-external-123.456-AbC9x"), Some("123.456"));
        assert_eq!(temp_owner("sudoku-lab-external-Ab3xYz"), None, "an old name without an owner is left alone");
        assert!(owner_alive(owner()));
        assert!(!owner_alive("4194305.1"), "no PID is above the kernel's largest");
        assert!(!owner_alive("garbage"));
        let dir = temp_dir("test").expect("a temp folder");
        let name = dir.path().file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(temp_owner(&name), Some(owner()));
    }
}
