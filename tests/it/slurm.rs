//! `experiments/slurm-array.sh` under a real Slurm: a private single-node cluster started by
//! `scripts/slurm-local.sh` (munged, slurmctld and slurmd on this machine, on free ports, with
//! state in a temporary folder), driven with the real `sbatch`, `squeue` and `scontrol`.
//!
//! The cluster's jobs run this build's `sudoku-lab` (its folder is put first on the PATH they
//! inherit). What they merge must equal a plain local `run` of the same config, row for row
//! (timing columns blanked) and in `instances.txt`; a requeued task must resume its shard, not
//! redo or duplicate it; bad input must fail the task with a message in its log. Slurm and munge
//! must be installed (`scripts/setup-slurm.sh`, which `scripts/test.sh` runs first): without them
//! these tests fail, they never skip. There is no accounting daemon, so `sacct` knows nothing:
//! job states come from `scontrol show job`, which keeps finished jobs for 10 minutes.
//!
//! The cluster lives as long as the pipe to its script's stdin: however this process ends, the
//! script sees end-of-file and stops every daemon it started.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::time::{Duration, Instant};

use sudoku_lab::experiment::record::RunRow;
use tempfile::TempDir;

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-lab");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// The config the jobs run: 36 generated instances and a set of 5 puzzles (its files in
/// [`SET_FOLDER`], beside it) × 3 solvers, a limit no run reaches.
const CONFIG: &str = "tests/data/experiment-slurm.toml";
/// The set's files, relative to the config's folder.
const SET_FOLDER: &str = "slurm-set";
/// How long any wait for the cluster may take before the test fails with the jobs' state.
const PATIENCE: Duration = Duration::from_secs(180);

fn root() -> &'static Path {
    Path::new(ROOT)
}

/// The PATH the jobs see: this build's `sudoku-lab` first.
fn path_with_bin() -> String {
    let bin_dir = Path::new(BIN).parent().expect("the binary is in a folder");
    format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The rows of `FOLDER/runs.csv` with their timing columns blanked.
fn untimed(folder: &Path) -> Vec<RunRow> {
    let mut reader = csv::Reader::from_path(folder.join("runs.csv")).unwrap();
    let mut rows: Vec<RunRow> = reader.deserialize().map(|r| r.unwrap()).collect();
    for r in &mut rows {
        (r.seconds, r.build_seconds, r.peak_rss_mb, r.cpu_seconds) = (0.0, None, None, None);
        r.certify_seconds = r.certify_seconds.map(|_| 0.0);
    }
    rows
}

fn instances(folder: &Path) -> String {
    fs::read_to_string(folder.join("instances.txt")).unwrap()
}

/// A plain local `run` of the config: what every Slurm run must reproduce.
fn local_run(dir: &Path) -> PathBuf {
    let out = dir.join("local");
    let o =
        Command::new(BIN).args(["run", CONFIG, "--jobs", "2", "--out"]).arg(&out).current_dir(root()).output().unwrap();
    assert!(o.status.success(), "local run: {}", text(&o.stderr));
    out
}

fn assert_same_results(got: &Path, want: &Path) {
    let (g, w) = (untimed(got), untimed(want));
    assert_eq!(g.len(), w.len(), "{} holds {} rows, the local run {}", got.display(), g.len(), w.len());
    for (g, w) in g.iter().zip(&w) {
        assert_eq!(g, w, "{}", got.display());
    }
    assert_eq!(instances(got), instances(want), "{}/instances.txt", got.display());
}

/// A submit folder laid out as the repository root: `experiments/slurm-array.sh` and the test
/// config under the name `experiments/phase.toml`, so that the guide's commands run as written.
fn submit_folder(dir: &Path, name: &str) -> PathBuf {
    let work = dir.join(name);
    fs::create_dir_all(work.join("experiments")).unwrap();
    fs::copy(root().join("experiments/slurm-array.sh"), work.join("experiments/slurm-array.sh")).unwrap();
    fs::copy(root().join(CONFIG), work.join("experiments/phase.toml")).unwrap();
    let set = Path::new(CONFIG).parent().expect("in a folder").join(SET_FOLDER);
    fs::create_dir_all(work.join("experiments").join(SET_FOLDER)).unwrap();
    for file in fs::read_dir(root().join(&set)).unwrap() {
        let file = file.unwrap().path();
        fs::copy(&file, work.join("experiments").join(SET_FOLDER).join(file.file_name().unwrap())).unwrap();
    }
    work
}

/// Every `slurm-*.out` log in a submit folder, by name.
fn logs(work: &Path) -> Vec<(String, String)> {
    let mut logs: Vec<(String, String)> = fs::read_dir(work)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("slurm-") && n.ends_with(".out"))
        .map(|n| (n.clone(), fs::read_to_string(work.join(&n)).unwrap_or_default()))
        .collect();
    logs.sort();
    logs
}

/// The log of array task `task` of job `id`.
fn task_log(work: &Path, id: &str, task: u32) -> String {
    fs::read_to_string(work.join(format!("slurm-{id}_{task}.out"))).unwrap_or_default()
}

/// One job or array task as `scontrol show job` sees it.
#[derive(Debug)]
struct JobState {
    /// `JobId` of a job, `ArrayJobId_ArrayTaskId` of an array task.
    name: String,
    state: String,
    /// Why it is pending (`None` when it is not).
    reason: String,
    restarts: u32,
}

/// A running `scripts/slurm-local.sh`.
struct Cluster {
    child: Child,
    stdin: Option<ChildStdin>,
    /// Holds the cluster's folder (`state/`) and the script's log.
    dir: TempDir,
    conf: PathBuf,
}

impl Cluster {
    /// Starts the cluster and waits until its node is idle.
    fn start() -> Cluster {
        let dir = tempfile::tempdir().unwrap();
        let log = fs::File::create(dir.path().join("slurm-local.log")).unwrap();
        let mut child = Command::new(root().join("scripts/slurm-local.sh"))
            .arg(dir.path().join("state"))
            .stdin(Stdio::piped())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("scripts/slurm-local.sh runs");
        let stdin = child.stdin.take();
        let mut cluster = Cluster { child, stdin, conf: dir.path().join("state/slurm.conf"), dir };
        let start = Instant::now();
        while !cluster.dir.path().join("state/env").exists() {
            if let Some(status) = cluster.child.try_wait().unwrap() {
                panic!("scripts/slurm-local.sh exited ({status}) before the cluster was up:\n{}", cluster.log());
            }
            assert!(
                start.elapsed() < Duration::from_secs(90),
                "the cluster did not come up in 90 s:\n{}",
                cluster.log()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        cluster
    }

    fn log(&self) -> String {
        fs::read_to_string(self.dir.path().join("slurm-local.log")).unwrap_or_default()
    }

    /// A Slurm client command for this cluster, run in `work` with this build on the PATH.
    fn command(&self, program: &str, work: &Path) -> Command {
        let mut cmd = Command::new(program);
        // Jobs run this build: a SUDOKU_LAB of the caller's would win over the PATH.
        cmd.current_dir(work).env("SLURM_CONF", &self.conf).env("PATH", path_with_bin()).env_remove("SUDOKU_LAB");
        cmd
    }

    fn output(&self, program: &str, args: &[&str], work: &Path) -> Output {
        self.command(program, work).args(args).output().unwrap_or_else(|e| panic!("{program}: {e}"))
    }

    /// `sbatch --parsable ARGS` with `env`; the job id.
    fn sbatch(&self, work: &Path, args: &[&str], env: &[(&str, &str)]) -> String {
        let o = self.command("sbatch", work).arg("--parsable").args(args).envs(env.iter().copied()).output().unwrap();
        assert!(o.status.success(), "sbatch {args:?}: {}", text(&o.stderr));
        text(&o.stdout).trim().to_string()
    }

    /// Every job and array task of job `id`.
    fn states(&self, id: &str, work: &Path) -> Vec<JobState> {
        let o = self.output("scontrol", &["--oneliner", "show", "job", id], work);
        assert!(o.status.success(), "scontrol show job {id}: {}", text(&o.stderr));
        let field = |line: &str, key: &str| -> Option<String> {
            line.split_whitespace().find_map(|w| w.strip_prefix(key)).map(String::from)
        };
        text(&o.stdout)
            .lines()
            .map(|l| JobState {
                name: match (field(l, "ArrayJobId="), field(l, "ArrayTaskId=")) {
                    (Some(a), Some(t)) => format!("{a}_{t}"),
                    _ => field(l, "JobId=").unwrap_or_default(),
                },
                state: field(l, "JobState=").unwrap_or_default(),
                reason: field(l, "Reason=").unwrap_or_default(),
                restarts: field(l, "Restarts=").and_then(|r| r.parse().ok()).unwrap_or(0),
            })
            .collect()
    }

    /// What to show when a wait fails: the queue, the jobs' records and logs, the daemons' logs.
    fn diagnosis(&self, ids: &[&str], work: &Path) -> String {
        let mut s = String::from("(no accounting, so no sacct: the state below is squeue's and scontrol's)\n");
        let squeue = self.output("squeue", &["--all"], work);
        s += &format!("$ squeue --all\n{}{}", text(&squeue.stdout), text(&squeue.stderr));
        for id in ids {
            let o = self.output("scontrol", &["show", "job", id], work);
            s += &format!("$ scontrol show job {id}\n{}{}", text(&o.stdout), text(&o.stderr));
        }
        for (name, log) in logs(work) {
            s += &format!("--- {name}:\n{log}");
        }
        for daemon in ["slurmctld.log", "slurmd.log"] {
            let log = fs::read_to_string(self.dir.path().join("state").join(daemon)).unwrap_or_default();
            let tail: Vec<&str> = log.lines().rev().take(15).collect();
            s += &format!("--- last lines of {daemon}:\n");
            tail.iter().rev().for_each(|l| s += &format!("{l}\n"));
        }
        s
    }

    /// Waits until no job of `ids` is pending or running, or one waits on a job that failed,
    /// then returns their states (by job, then task).
    fn wait(&self, ids: &[&str], work: &Path) -> Vec<JobState> {
        let start = Instant::now();
        loop {
            let o = self.output("squeue", &["--noheader", "--format=%i %T %r", "--jobs", &ids.join(",")], work);
            assert!(o.status.success(), "squeue: {}", text(&o.stderr));
            let queue = text(&o.stdout);
            // A merge whose array failed would wait forever.
            if queue.trim().is_empty() || queue.contains("DependencyNeverSatisfied") {
                break;
            }
            if start.elapsed() > PATIENCE {
                panic!(
                    "jobs {ids:?} still queued or running after {} s:\n{}",
                    PATIENCE.as_secs(),
                    self.diagnosis(ids, work)
                );
            }
            std::thread::sleep(Duration::from_millis(300));
        }
        let mut states: Vec<JobState> = ids.iter().flat_map(|id| self.states(id, work)).collect();
        // scontrol lists an array's tasks last first: by job, then task number.
        let numbers = |s: &JobState| -> Vec<u64> { s.name.split('_').map(|n| n.parse().unwrap_or(u64::MAX)).collect() };
        states.sort_by_key(numbers);
        states
    }

    /// Waits for `ids` and asserts that every job and task of them completed.
    fn wait_completed(&self, ids: &[&str], work: &Path) -> Vec<JobState> {
        let states = self.wait(ids, work);
        if states.is_empty() || states.iter().any(|s| s.state != "COMPLETED") {
            let summary: Vec<String> = states
                .iter()
                .map(|s| format!("{} {} ({}, {} restarts)", s.name, s.state, s.reason, s.restarts))
                .collect();
            panic!("not every job completed: {}\n{}", summary.join("; "), self.diagnosis(ids, work));
        }
        states
    }

    /// The pids the script reported for munged, slurmctld and slurmd.
    fn daemon_pids(&self) -> Vec<u32> {
        let log = self.log();
        let line = log.lines().find(|l| l.contains("slurm-local: up:")).expect("the script says when it is up");
        let pids = line.split(", pids ").nth(1).expect("the up line lists the pids");
        pids.split(" (").next().unwrap().split_whitespace().map(|p| p.parse().unwrap()).collect()
    }

    /// Stops the cluster (end of its stdin) and returns the script's log once it has exited 0.
    fn stop(mut self) -> String {
        let pids = self.daemon_pids();
        self.stdin.take();
        let status = wait_exit(&mut self.child, Duration::from_secs(60));
        let log = self.log();
        assert_eq!(status, Some(0), "slurm-local.sh did not stop cleanly:\n{log}");
        for pid in pids {
            assert!(!alive(pid), "daemon {pid} outlived the cluster:\n{log}");
        }
        let marker = format!("SUDOKU_LAB_SLURM_LOCAL={}", self.dir.path().join("state").display());
        let left = processes_with_env(&marker);
        assert!(left.is_empty(), "processes of the cluster left after the stop: {left:?}\n{log}");
        log
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // A failed test: end of stdin stops the cluster, as it would if this process died.
        self.stdin.take();
        if wait_exit(&mut self.child, Duration::from_secs(60)).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Waits up to `limit` for `child` to exit; its exit code (`Some(-1)` for a signal), `None` if it
/// is still running.
fn wait_exit(child: &mut Child, limit: Duration) -> Option<i32> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status.code().unwrap_or(-1));
        }
        if start.elapsed() > limit {
            return None;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn alive(pid: u32) -> bool {
    // A zombie (exited, not yet reaped) counts as gone.
    fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| !s.contains(") Z "))
}

/// Pids of the processes whose environment holds `entry` (`NAME=VALUE`).
fn processes_with_env(entry: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for e in fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else { continue };
        let mut environ = Vec::new();
        if fs::File::open(e.path().join("environ")).and_then(|mut f| f.read_to_end(&mut environ)).is_err() {
            continue;
        }
        if environ.split(|&b| b == 0).any(|v| v == entry.as_bytes()) && alive(pid) {
            found.push(pid);
        }
    }
    found
}

/// The Slurm commands of the guide's "Running on a cluster" page (`docs/cluster.md`).
fn readme_slurm_commands() -> Vec<String> {
    let readme = fs::read_to_string(root().join("docs/cluster.md")).unwrap();
    let section = &readme[readme.find("# Running on a cluster").expect("a 'Running on a cluster' page")..];
    let block = &section[section.find("```sh\n").expect("a sh block") + 6..];
    let block = &block[..block.find("```").expect("the block ends")];
    block.lines().map(str::trim).filter(|l| l.contains("sbatch ")).map(String::from).collect()
}

#[test]
fn slurm_array_jobs_reproduce_a_local_run_resume_when_requeued_and_fail_loudly_on_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let cluster = Cluster::start();
    let started = Instant::now();

    // 1. The guide's two commands, as written: the array, then the merge that waits for it.
    // The test machine may have less memory than the script asks for (4 GiB per CPU).
    let work = submit_folder(dir.path(), "readme");
    let commands = readme_slurm_commands();
    assert_eq!(commands.len(), 2, "the array and the merge: {commands:?}");
    assert!(commands[0].starts_with("jid=$(sbatch --parsable --array=1-4 "), "{}", commands[0]);
    assert!(commands[1].contains("--dependency=afterok:$jid") && commands[1].contains("--merge 4"), "{}", commands[1]);
    let script = format!("set -euo pipefail\n{}\necho \"array=$jid\"\n{}\n", commands[0], commands[1]);
    let o = cluster.command("bash", &work).args(["-c", &script]).env("SBATCH_MEM_PER_CPU", "500M").output().unwrap();
    assert!(o.status.success(), "the guide's commands: {}", text(&o.stderr));
    let out = text(&o.stdout);
    let array = out.lines().find_map(|l| l.strip_prefix("array=")).expect("the array's id").to_string();
    let merge = out.lines().find_map(|l| l.strip_prefix("Submitted batch job ")).expect("the merge's id").to_string();

    // Meanwhile, the same config locally.
    let local = local_run(dir.path());

    let states = cluster.wait_completed(&[&array, &merge], &work);
    let tasks: Vec<&str> = states.iter().map(|s| s.name.as_str()).collect();
    let want: Vec<String> = (1..=4).map(|t| format!("{array}_{t}")).chain([merge.clone()]).collect();
    assert_eq!(tasks, want, "four array tasks and the merge");
    for shard in 1..=4 {
        let folder = work.join(format!("results/phase-shard-{shard}-of-4"));
        // Instance ids 0..41 round robin: shard 1 holds 11 (0, 4, …, 40), the others 10.
        let held = (0..41).filter(|id| id % 4 == shard - 1).count();
        let rows = untimed(&folder);
        assert_eq!(rows.len(), held * 3, "shard {shard} holds its {held} instances");
        assert!(rows.iter().any(|r| r.set == "small-set") || shard > 1, "the set's puzzles run in the shards");
        let log = task_log(&work, &array, shard);
        assert!(log.contains(&format!("shard {shard}/4 -> results/phase-shard-{shard}-of-4")), "{log}");
    }
    assert_same_results(&work.join("results/phase"), &local);
    // The guide names the merge's log: %a of a job that is not an array is 4294967294.
    let merge_log = fs::read_to_string(work.join(format!("slurm-{merge}_4294967294.out"))).unwrap_or_default();
    assert!(
        merge_log.contains("merged 4 folder(s) into results/phase: 123 rows, 41 of 41 instances complete"),
        "{merge_log}"
    );

    eprintln!("slurm: the guide's array and merge done at {:.1} s", started.elapsed().as_secs_f64());

    // 2. A task requeued halfway resumes its shard: nothing redone, nothing duplicated. Each
    // solve sleeps 60 ms first, so the task is still running when it is requeued.
    let work = submit_folder(dir.path(), "requeue");
    let slow = [("SUDOKU_LAB_TEST_WORKER_DELAY_MS", "60"), ("SBATCH_MEM_PER_CPU", "500M")];
    let script = "experiments/slurm-array.sh";
    let array = cluster.sbatch(&work, &["--array=1-2", "--cpus-per-task=1", script, "experiments/phase.toml"], &slow);
    let task = format!("{array}_1");
    let runs = work.join("results/phase-shard-1-of-2/runs.csv");
    let start = Instant::now();
    while fs::read_to_string(&runs).map_or(0, |t| t.lines().count()) < 1 + 2 * 3 {
        assert!(start.elapsed() < PATIENCE, "task 1 wrote no rows:\n{}", cluster.diagnosis(&[&array], &work));
        std::thread::sleep(Duration::from_millis(50));
    }
    let o = cluster.output("scontrol", &["requeue", &task], &work);
    assert!(o.status.success(), "scontrol requeue {task}: {}", text(&o.stderr));
    let written = fs::read_to_string(&runs).unwrap().lines().count() - 1;
    assert!(written < 21 * 3, "requeued before the shard was done ({written} rows)");
    // The task starts again once its old launch credential has expired: 6 s on this cluster
    // (cred_expire=5; Slurm's default is 2 minutes).
    let merge = cluster.sbatch(
        &work,
        &[&format!("--dependency=afterok:{array}"), script, "--merge", "2", "experiments/phase.toml"],
        &slow,
    );
    let states = cluster.wait_completed(&[&array, &merge], &work);
    let restarts: Vec<(&str, u32)> = states.iter().map(|s| (s.name.as_str(), s.restarts)).collect();
    assert_eq!(restarts, [(task.as_str(), 1), (format!("{array}_2").as_str(), 0), (merge.as_str(), 0)]);
    let log = task_log(&work, &array, 1);
    assert!(
        log.contains("stopped by SIGTERM: ") && log.contains(" of 21 instances done and kept"),
        "the first attempt stops cleanly:\n{log}"
    );
    assert!(
        log.contains("-> results/phase-shard-1-of-2 (resuming), restart 1") && log.contains("resuming: "),
        "the second resumes:\n{log}"
    );
    let meta: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(work.join("results/phase-shard-1-of-2/meta.json")).unwrap()).unwrap();
    assert_eq!(meta["resumed"].as_array().map(Vec::len), Some(1), "{meta}");
    let mut shard = untimed(&work.join("results/phase-shard-1-of-2"));
    assert_eq!(shard.len(), 21 * 3, "every run of the shard once");
    shard.sort_by_key(|r| (r.seed, r.solver.clone()));
    shard.dedup_by_key(|r| (r.seed, r.solver.clone()));
    assert_eq!(shard.len(), 21 * 3, "no run twice");
    assert_same_results(&work.join("results/phase"), &local);

    eprintln!("slurm: the requeued array and its merge done at {:.1} s", started.elapsed().as_secs_f64());

    // 3. Bad input fails the task, with the reason in its log, and writes no results.
    let work = submit_folder(dir.path(), "bad");
    let mem = [("SBATCH_MEM_PER_CPU", "500M")];
    let one = "--cpus-per-task=1";
    let missing = cluster.sbatch(&work, &["--array=1-2", one, script, "experiments/nope.toml"], &mem);
    let numbered = cluster.sbatch(&work, &["--array=2-3", one, script, "experiments/phase.toml"], &mem);
    let no_bin = {
        let o = cluster
            .command("sbatch", &work)
            .args(["--parsable", "--array=1-1", one, script, "experiments/phase.toml"])
            .env("PATH", "/usr/bin:/bin")
            .envs(mem)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", text(&o.stderr));
        text(&o.stdout).trim().to_string()
    };
    let states = cluster.wait(&[&missing, &numbered, &no_bin], &work);
    assert_eq!(states.len(), 5, "{states:?}");
    assert!(states.iter().all(|s| s.state == "FAILED"), "{states:?}");
    let expect = [
        (&missing, 1, "slurm-array.sh: config experiments/nope.toml not found"),
        (&numbered, 2, "array tasks must be numbered 1..K (task I runs shard I/K), but this array's 2 task(s) run from 2 to 3: submit with --array=1-2"),
        (&no_bin, 1, "slurm-array.sh: sudoku-lab not found on PATH (/usr/bin:/bin)"),
    ];
    for (id, task, message) in expect {
        let log = task_log(&work, id, task);
        assert!(log.contains(message), "job {id}_{task}: expected '{message}' in its log:\n{log}");
    }
    assert!(!work.join("results").exists(), "a failed task wrote results");
    eprintln!("slurm: bad input failed its tasks at {:.1} s", started.elapsed().as_secs_f64());

    let log = cluster.stop();
    assert!(log.contains("no process of the cluster is left"), "{log}");
}

/// The array script run directly, with the variables Slurm would set: bad input is refused
/// before anything is written, with a message that says what to do.
#[test]
fn the_array_script_refuses_bad_input_before_writing_anything() {
    let dir = tempfile::tempdir().unwrap();
    let work = submit_folder(dir.path(), "w");
    let array = |min: &str, max: &str, count: &str| {
        vec![
            ("SLURM_ARRAY_TASK_ID", min.to_string()),
            ("SLURM_ARRAY_TASK_MIN", min.to_string()),
            ("SLURM_ARRAY_TASK_MAX", max.to_string()),
            ("SLURM_ARRAY_TASK_COUNT", count.to_string()),
            ("PATH", path_with_bin()),
        ]
    };
    let with_bin = vec![("PATH", path_with_bin())];
    // (arguments, environment, the message expected on stderr)
    type Case<'a> = (Vec<&'a str>, Vec<(&'a str, String)>, &'a str);
    let cases: Vec<Case> = vec![
        (
            vec!["experiments/nope.toml"],
            array("1", "2", "2"),
            "config experiments/nope.toml not found (working directory ",
        ),
        (
            vec!["experiments/phase.toml"],
            array("0", "1", "2"),
            "but this array's 2 task(s) run from 0 to 1: submit with --array=1-2",
        ),
        (vec!["experiments/phase.toml"], array("2", "3", "2"), "run from 2 to 3: submit with --array=1-2"),
        (vec!["experiments/phase.toml"], array("1", "3", "2"), "run from 1 to 3: submit with --array=1-2"),
        (vec!["experiments/phase.toml"], with_bin.clone(), "not an array task: submit with sbatch --array=1-K"),
        // 42 tasks for 41 instances: `run` refuses the shard rather than write an empty one.
        (vec!["experiments/phase.toml"], array("1", "42", "42"), "has 41 instances, so at most 41 shards"),
        (vec![], with_bin.clone(), "expected one config file, got 0 argument(s)"),
        (vec!["--merge", "x", "experiments/phase.toml"], with_bin.clone(), "--merge needs the number of shards K"),
        (
            vec!["--merge", "2", "experiments/phase.toml"],
            with_bin.clone(),
            "no results in results/phase-shard-1-of-2 results/phase-shard-2-of-2",
        ),
        (
            vec!["experiments/phase.toml"],
            vec![("SLURM_ARRAY_TASK_ID", "1".into()), ("PATH", "/usr/bin:/bin".into())],
            "sudoku-lab not found on PATH (/usr/bin:/bin): put it on PATH before submitting",
        ),
        (
            vec!["experiments/phase.toml"],
            vec![("SUDOKU_LAB", "/nonexistent/sudoku-lab".into())],
            "SUDOKU_LAB=/nonexistent/sudoku-lab is not an executable file",
        ),
    ];
    for (args, env, message) in cases {
        let o = Command::new("bash")
            .arg("experiments/slurm-array.sh")
            .args(&args)
            .current_dir(&work)
            .env_remove("SUDOKU_LAB")
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env_remove("SLURM_ARRAY_TASK_MIN")
            .env_remove("SLURM_ARRAY_TASK_MAX")
            .env_remove("SLURM_ARRAY_TASK_COUNT")
            .envs(env.iter().map(|(k, v)| (k, v.as_str())))
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?} {env:?}: {}", text(&o.stderr));
        assert!(text(&o.stderr).contains(message), "{args:?} {env:?}: expected '{message}' in\n{}", text(&o.stderr));
        assert!(!work.join("results").exists(), "{args:?} {env:?}: results written");
    }
}
