//! Nothing a solver starts outlives the harness (issue 31, items 3, 4, 7 and 8), end to end
//! through the real binary: a solver that ignores SIGTERM and forks — one child in a session of
//! its own — is left with nothing of it in the process table when `run` is killed with SIGKILL,
//! sent two signals, or interrupted once, when `solve` is interrupted, and when the solver kills
//! its own worker; with a cgroup where the machine offers one, and with the fallback alone. Its
//! temporary work folder goes with it; an answer after the time limit is `limit`; a `version`
//! command's background child neither blocks the run nor survives it.
//!
//! Every process of a test carries `SUDOKU_LAB_TEST_TOKEN=<unique>` in its environment (the
//! variable is inherited), and "nothing of ours" means no live process in `/proc` carries it.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use sudoku_lab::experiment::record::RunOutcome;

use crate::common;

const TOKEN: &str = "SUDOKU_LAB_TEST_TOKEN";

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_sudoku-lab")
}

fn fake(name: &str) -> String {
    common::data("fake-solvers").join(name).display().to_string()
}

/// A token no other test (or test run) carries.
fn token(test: &str) -> String {
    format!("{test}-{}", std::process::id())
}

/// Live processes carrying `token` (zombies have no environment left and are not counted).
fn ours(token: &str) -> Vec<u32> {
    let entry = format!("{TOKEN}={token}");
    fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            fs::read(format!("/proc/{pid}/environ"))
                .is_ok_and(|env| env.split(|&b| b == 0).any(|e| e == entry.as_bytes()))
        })
        .collect()
}

/// Waits (at most `limit`) until `done` holds; returns whether it did.
fn wait_for(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    done()
}

/// Asserts that nothing carrying `token` is left after a few seconds.
fn assert_nothing_left(token: &str, what: &str) {
    let gone = wait_for(Duration::from_secs(5), || ours(token).is_empty());
    let left: Vec<String> = ours(token)
        .iter()
        .map(|p| format!("{p}: {}", fs::read_to_string(format!("/proc/{p}/cmdline")).unwrap_or_default()))
        .collect();
    assert!(gone, "{what}: processes survived: {left:?}");
}

/// A file of one external definition `name` running `script` on a grid; `PIDS` is `dir/pids`.
fn definitions(dir: &Path, name: &str, script: &str, extra: &str) -> PathBuf {
    let text = format!(
        "[[external]]\nname = \"{name}\"\ninput = \"grid\"\ncommand = [\"{}\", \"{{input}}\", \"{{limit_s}}\"]\n\
         answer = \"grid\"\nenv = {{ SUDOKU_LAB = \"{}\", PIDS = \"{}\" }}\n{extra}\n",
        fake(script),
        bin(),
        dir.join("pids").display()
    );
    let path = dir.join("defs.toml");
    fs::write(&path, text).unwrap();
    path
}

/// A config of one 9×9 planted instance for `solvers`.
fn config(dir: &Path, solvers: &str, time_limit: f64) -> PathBuf {
    let text = format!(
        "name = \"contain\"\nboxes = [\"3x3\"]\nalphas = [0.45]\nmodes = [\"planted\"]\nrepeats = 1\n\
         solvers = [{solvers}]\ntime_limit = {time_limit}\nseed = 3\nexternal = [\"defs.toml\"]\n"
    );
    let path = dir.join("contain.toml");
    fs::write(&path, text).unwrap();
    path
}

/// `sudoku-lab ARGS` in the background, carrying `token`, with or without a cgroup.
fn start(args: &[&str], token: &str, cgroup: bool) -> Child {
    let mut command = Command::new(bin());
    command.args(args).env(TOKEN, token).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null());
    if !cgroup {
        command.env("SUDOKU_LAB_NO_CGROUP", "1");
    }
    command.spawn().expect("the binary runs")
}

/// Waits until the fake solver has recorded itself in `dir/pids` (it has forked by then).
fn wait_for_solver(dir: &Path) {
    let started =
        wait_for(Duration::from_secs(20), || fs::read_to_string(dir.join("pids")).is_ok_and(|t| !t.is_empty()));
    assert!(started, "the fake solver started");
    std::thread::sleep(Duration::from_millis(200));
}

fn signal(child: &Child, signal: i32) {
    // SAFETY: kill only sends a signal to our own child.
    unsafe { libc::kill(child.id() as libc::pid_t, signal) };
}

/// `run` on the immortal solver, ended by `end`, leaves nothing behind.
fn a_run_ended_by(end: &str, signals: &[i32], cgroup: bool) {
    let token = token(&format!("run-{end}-{cgroup}"));
    let dir = tempfile::tempdir().unwrap();
    definitions(dir.path(), "immortal", "immortal.sh", "");
    let cfg = config(dir.path(), "\"immortal\"", 60.0);
    let out = dir.path().join("out");
    let mut run = start(&["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()], &token, cgroup);
    wait_for_solver(dir.path());
    assert!(ours(&token).len() >= 4, "runner, worker, solver and its children run");
    for &s in signals {
        signal(&run, s);
        // Apart, so the kernel does not merge them: the second comes while the first is handled.
        std::thread::sleep(Duration::from_millis(100));
    }
    run.wait().unwrap();
    assert_nothing_left(&token, &format!("run ended by {end} (cgroup: {cgroup})"));
}

#[test]
fn item03_a_run_killed_with_sigkill_leaves_no_process() {
    a_run_ended_by("SIGKILL", &[libc::SIGKILL], true);
    a_run_ended_by("SIGKILL", &[libc::SIGKILL], false);
}

#[test]
fn item03_a_run_sent_two_signals_at_once_leaves_no_process() {
    a_run_ended_by("two SIGTERMs", &[libc::SIGTERM, libc::SIGTERM], false);
    a_run_ended_by("SIGINT", &[libc::SIGINT], true);
}

#[test]
fn item03_04_an_interrupted_solve_leaves_no_process_and_no_work_folder() {
    for (s, cgroup) in [(libc::SIGINT, false), (libc::SIGTERM, true)] {
        let token = token(&format!("solve-{s}-{cgroup}"));
        let dir = tempfile::tempdir().unwrap();
        let defs = definitions(dir.path(), "immortal", "immortal.sh", "");
        let input = common::data("9x9-sample.txt");
        let args = ["solve", input.to_str().unwrap(), "--external", defs.to_str().unwrap(), "--solver", "immortal"];
        let mut solve = start(&args, &token, cgroup);
        wait_for_solver(dir.path());
        let work = fs::read_to_string(dir.path().join("pids.dirs")).unwrap();
        let work = PathBuf::from(work.trim());
        assert!(work.starts_with(std::env::temp_dir()) && work.is_dir(), "{work:?}");
        signal(&solve, s);
        solve.wait().unwrap();
        assert_nothing_left(&token, &format!("solve ended by signal {s} (cgroup: {cgroup})"));
        // The worker removes it after stopping its tree when it sees its parent gone (it polls for
        // that); under load that can take a few seconds, so the wait is generous: what is checked
        // is that the folder goes, not how fast.
        assert!(wait_for(Duration::from_secs(15), || !work.exists()), "the work folder {work:?} is removed");
    }
}

#[test]
fn item03_a_worker_killed_by_its_own_solver_leaves_no_process() {
    for cgroup in [true, false] {
        let token = token(&format!("parricide-{cgroup}"));
        let dir = tempfile::tempdir().unwrap();
        definitions(dir.path(), "parricide", "parricide.sh", "");
        let cfg = config(dir.path(), "\"parricide\"", 20.0);
        let out = dir.path().join("out");
        let args = ["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()];
        let status = start(&args, &token, cgroup).wait().unwrap();
        assert!(status.success(), "the run goes on and finishes: {status:?}");
        let runs = fs::read_to_string(out.join("runs.csv")).unwrap();
        assert!(runs.contains("worker died"), "{runs}");
        assert_nothing_left(&token, &format!("a worker killed by its solver (cgroup: {cgroup})"));
    }
}

#[test]
fn item04_a_work_folder_whose_owner_is_gone_is_swept_at_the_next_start() {
    // The owner `4194305.1` cannot exist: no PID is above the kernel's largest.
    let left = std::env::temp_dir().join("sudoku-lab-external-4194305.1-Xy12Ab");
    fs::create_dir_all(left.join("sub")).unwrap();
    fs::write(left.join("sub/input.txt"), "x").unwrap();
    let input = common::data("9x9-sample.txt");
    let out = common::run(&["solve", input.to_str().unwrap(), "--solver", "backtrack"], "");
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    assert!(!left.exists(), "the leftover work folder is swept");
}

#[test]
fn item07_an_answer_after_the_time_limit_is_a_limit() {
    let token = token("late");
    let dir = tempfile::tempdir().unwrap();
    // `{limit_s}` is 1: the answer comes 1.1 s in, before the worker's deadline of 1.5 s.
    let defs = definitions(dir.path(), "late", "late.sh", "");
    let text = fs::read_to_string(&defs).unwrap().replace("\"{limit_s}\"", "\"1.1\"");
    fs::write(&defs, text).unwrap();
    let cfg = config(dir.path(), "\"late\", \"backtrack\"", 1.0);
    let out = dir.path().join("out");
    let status = start(&["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()], &token, true).wait().unwrap();
    assert!(status.success(), "{status:?}");
    let mut reader = csv::Reader::from_path(out.join("runs.csv")).unwrap();
    let rows: Vec<sudoku_lab::experiment::record::RunRow> = reader.deserialize().map(|r| r.unwrap()).collect();
    let late = rows.iter().find(|r| r.solver == "late").unwrap();
    assert_eq!(late.outcome, RunOutcome::Limit, "{late:?}");
    assert!(late.note.contains("answered solved after the time limit"), "{late:?}");
    assert!(late.seconds + late.build_seconds.unwrap_or(0.0) > 1.0, "{late:?}");
    let backtrack = rows.iter().find(|r| r.solver == "backtrack").unwrap();
    assert_eq!(backtrack.outcome, RunOutcome::Solved, "an answer in time stays an answer");
}

#[test]
fn item08_a_version_command_that_leaves_a_child_neither_blocks_the_run_nor_survives_it() {
    let token = token("version");
    let dir = tempfile::tempdir().unwrap();
    let version = "version = [\"sh\", \"-c\", \"sleep 60 & echo late 1.0\"]";
    definitions(dir.path(), "cheat", "cheat-grid.sh", version);
    let cfg = config(dir.path(), "\"cheat\"", 20.0);
    let out = dir.path().join("out");
    let started = Instant::now();
    let status = start(&["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()], &token, false).wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert!(started.elapsed() < Duration::from_secs(15), "the run took {:?}", started.elapsed());
    let meta = fs::read_to_string(out.join("meta.json")).unwrap();
    assert!(meta.contains("\"cheat\": \"late 1.0\""), "{meta}");
    assert!(meta.contains("\"containment\""), "meta.json says what contained the run: {meta}");
    assert_nothing_left(&token, "a version command's background child");
}
