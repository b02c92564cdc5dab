//! External solvers, end to end through the real binary: a solver defined in a TOML file the
//! project has never seen runs in `solve` and `run`, and every way a solver can misbehave — a
//! wrong answer, "unsatisfiable" on a solvable instance, a hang that forked, a crash, garbage,
//! megabytes of output, a missing program, a slow writer of a huge answer — ends in its own status
//! while the experiment goes on. The solvers are the fakes of `tests/data/fake-solvers/`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

use sudoku_lab::experiment::record::{RunOutcome, RunRow};

use crate::common;

fn fake(name: &str) -> String {
    common::data("fake-solvers").join(name).display().to_string()
}

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_sudoku-lab")
}

/// `[[external]]` tables: (name, input, script, answer, extra lines).
fn definitions(solvers: &[(&str, &str, &str, &str, &str)]) -> String {
    solvers
        .iter()
        .map(|(name, input, script, answer, extra)| {
            format!(
                "[[external]]\nname = \"{name}\"\ninput = \"{input}\"\ncommand = [\"{}\", \"{{input}}\"{}]\nanswer = \"{answer}\"\nenv = {{ SUDOKU_LAB = \"{}\", PIDS = \"{{workdir}}/../../pids\" }}\n{extra}\n",
                fake(script),
                match (*answer, *script) {
                    ("minisat", _) => ", \"{output}\"",
                    (_, "quiet.sh") => ", \"{limit_s}\"",
                    (_, "cheat-dzn.sh") => ", \"{limit_ms}\"",
                    _ => "",
                },
                bin()
            )
        })
        .collect()
}

fn sudoku_lab(args: &[&str]) -> Output {
    std::process::Command::new(bin()).args(args).output().expect("the binary runs")
}

fn rows(folder: &Path) -> Vec<RunRow> {
    let mut reader = csv::Reader::from_path(folder.join("runs.csv")).unwrap();
    reader.deserialize().map(|r| r.unwrap()).collect()
}

fn config(dir: &Path, solvers: &[&str], external: &str, time_limit: f64) -> PathBuf {
    let list = solvers.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ");
    let text = format!(
        "name = \"ext\"\nboxes = [\"3x3\"]\nalphas = [0.45]\nmodes = [\"planted\"]\nrepeats = 2\nsolvers = [{list}]\n\
         time_limit = {time_limit}\nseed = 11\nexternal = [\"{external}\"]\n"
    );
    let path = dir.join("ext.toml");
    fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_solver_defined_by_a_user_runs_in_solve_and_in_run() {
    let dir = tempfile::tempdir().unwrap();
    let defs = definitions(&[
        ("cheat-sat", "cnf", "cheat-sat.sh", "sat-competition", "version = \"echo cheat-sat 0.1\""),
        ("cheat-minisat", "cnf-minimal", "cheat-sat.sh", "minisat", ""),
        ("cheat-grid", "grid", "cheat-grid.sh", "grid", "threads = 2"),
    ]);
    fs::write(dir.path().join("mine.toml"), defs).unwrap();

    // `solve`: the answers are the known solutions of the corpus.
    let corpus = common::corpus("9x9-sample");
    let input = common::data("9x9-sample.txt");
    let defs_path = dir.path().join("mine.toml");
    let out = sudoku_lab(&[
        "solve",
        input.to_str().unwrap(),
        "--external",
        defs_path.to_str().unwrap(),
        "--solver",
        "cheat-sat",
        "--solver",
        "cheat-minisat",
        "--solver",
        "cheat-grid",
        "--time-limit",
        "20",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let answers: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(answers.len(), corpus.len());
    for (answer, (_, solution)) in answers.iter().zip(&corpus) {
        assert_eq!(*answer, sudoku_lab::format::to_line(&solution.puzzle));
    }

    // `run`: a config names the file, relative to its own folder.
    let cfg = config(dir.path(), &["backtrack", "cheat-sat", "cheat-minisat", "cheat-grid"], "mine.toml", 20.0);
    let folder = dir.path().join("out");
    let out = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", folder.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let rows = rows(&folder);
    assert_eq!(rows.len(), 2 * 4);
    for r in &rows {
        assert_eq!((r.outcome.word(), r.verified, r.agree), ("solved", Some(true), Some(true)), "{r:?}");
        assert!(r.cpu_seconds.is_some_and(|c| c >= 0.0), "{r:?}");
        if r.solver != "backtrack" {
            assert!(r.build_seconds.is_some_and(|b| b > 0.0), "writing the input is set-up: {r:?}");
        }
    }
    let meta = fs::read_to_string(folder.join("meta.json")).unwrap();
    assert!(meta.contains("\"cheat-sat\": \"cheat-sat 0.1\""), "{meta}");
    // The resolved config holds the definitions inline, so meta.json alone says what ran.
    let meta: serde_json::Value = serde_json::from_str(&meta).unwrap();
    assert_eq!(meta["config"]["external"].as_array().map(Vec::len), Some(3));
}

#[test]
fn a_solver_that_says_unsat_to_everything_ranks_last_and_finishes_nothing() {
    // The liar answers in a few milliseconds, faster than any real solver: before the one
    // judgement of a run it ranked as a fast solver in the PAR-2 finding and the cactus plot.
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("liar.toml"), definitions(&[("liar", "cnf", "unsat.sh", "sat-competition", "")]))
        .unwrap();
    let cfg = config(dir.path(), &["sat", "liar"], "liar.toml", 5.0);
    let folder = dir.path().join("out");
    let out = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", folder.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "a wrong answer fails the run: {}", common::stderr(&out));
    assert!(common::stderr(&out).contains("liar gave a wrong answer"), "{}", common::stderr(&out));
    for r in rows(&folder) {
        let blamed = r.solver == "liar";
        assert_eq!(r.agree, Some(!blamed), "only the liar is blamed: {r:?}");
        assert_eq!(r.note.contains("DISAGREEMENT"), blamed, "{r:?}");
    }
    let report = sudoku_lab(&["report", folder.to_str().unwrap()]);
    assert!(report.status.success(), "{}", common::stderr(&report));
    let text = fs::read_to_string(folder.join("REPORT.md")).unwrap();
    let par2 = text.lines().find(|l| l.contains("PAR-2 over all instances")).expect("a PAR-2 finding");
    let (sat, liar) = (par2.find("`sat`").unwrap(), par2.find("`liar`").unwrap());
    assert!(sat < liar, "the liar ranks last: {par2}");
    assert!(par2.contains("`liar` 10.0 s (95 % CI 10–10 s, n = 2), 0 solved"), "{par2}");
    assert!(text.contains("2 runs gave a wrong answer (`liar` 2)"), "{text}");
    let plot = sudoku_lab(&["plot", folder.to_str().unwrap()]);
    assert!(plot.status.success(), "{}", common::stderr(&plot));
    let cactus = fs::read_to_string(folder.join("cactus.svg")).unwrap();
    assert!(cactus.contains("liar (0 of 2)") && cactus.contains("sat (2 of 2)"), "the cactus legend counts");
}

#[test]
fn every_misbehaviour_ends_in_its_own_status_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let defs = definitions(&[
        ("wrong", "grid", "wrong.sh", "grid", ""),
        ("unsat", "cnf", "unsat.sh", "sat-competition", ""),
        ("hang", "grid", "hang.sh", "grid", ""),
        ("crash", "grid", "crash.sh", "grid", ""),
        ("garbage", "cnf", "garbage.sh", "sat-competition", ""),
        ("flood", "cnf", "flood.sh", "sat-competition", ""),
        ("slow-huge", "grid", "slow-huge.sh", "grid", ""),
        ("quiet", "cnf", "quiet.sh", "sat-competition", ""),
    ]);
    fs::write(dir.path().join("bad.toml"), defs).unwrap();
    let solvers = ["backtrack", "wrong", "unsat", "hang", "crash", "garbage", "flood", "slow-huge", "quiet"];
    let cfg = config(dir.path(), &solvers, "bad.toml", 2.0);
    let folder = dir.path().join("out");
    let started = Instant::now();
    let out = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", folder.to_str().unwrap(), "--jobs", "2"]);
    // Exit 1: the run finished, and found answers that disagree or fail the oracle.
    assert_eq!(out.status.code(), Some(1), "{}", common::stderr(&out));
    assert!(common::stderr(&out).contains("but infeasible for unsat"), "{}", common::stderr(&out));
    assert!(started.elapsed() < Duration::from_secs(60), "the hangs were stopped: {:?}", started.elapsed());
    let rows = rows(&folder);
    assert_eq!(rows.len(), 2 * solvers.len(), "every run has its row");
    let logs = folder.join("logs");
    for r in &rows {
        let note = r.note.as_str();
        let expect = |outcome: &str, verified: Option<bool>, says: &str| {
            assert_eq!((r.outcome.word(), r.verified), (outcome, verified), "{}: {r:?}", r.solver);
            assert!(note.contains(says), "{}: note {note:?} should say {says:?}", r.solver);
        };
        match r.solver.as_str() {
            "backtrack" | "slow-huge" => expect("solved", Some(true), ""),
            "wrong" => expect("error", Some(false), "wrong answer: digit 1 repeats"),
            "unsat" => {
                expect("infeasible", None, "DISAGREEMENT");
                assert_eq!(r.agree, Some(false), "unsat on a planted instance is never a success");
            }
            "hang" => expect("limit", None, "stopped at the deadline"),
            "crash" => expect("error", None, "killed by signal 11 (SIGSEGV); stderr: about to crash"),
            "garbage" => expect("error", None, "unreadable answer: no 's' status line"),
            "flood" => expect("error", None, "stdout exceeded 64 MiB"),
            "quiet" => expect("limit", None, "no answer after the whole time limit (no 's' status line)"),
            other => panic!("unexpected solver {other}"),
        }
        assert!(r.cpu_seconds.is_some(), "{r:?}");
        let kept =
            logs.join(format!("{}-{}.stdout", rows.iter().position(|x| x == r).unwrap() / solvers.len(), r.solver));
        if r.solver == "flood" {
            let size = fs::metadata(&kept).map(|m| m.len()).unwrap_or(0);
            assert!(size > 0 && size <= 64 << 20, "flood's output is kept, capped: {size} bytes");
        }
    }
    // Nothing the hang started is left.
    let pids = fs::read_to_string(folder.join("pids")).unwrap_or_default();
    let pids: Vec<u32> = pids.split_whitespace().map(|p| p.parse().unwrap()).collect();
    assert_eq!(pids.len(), 4, "two hangs, each with a child");
    for pid in pids {
        let state = fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let alive = state.rsplit(')').next().is_some_and(|s| !s.trim_start().starts_with('Z') && !s.is_empty());
        assert!(!alive, "process {pid} of the hang survived: {state}");
    }
    // No work folder is left behind.
    let left: Vec<String> = fs::read_dir(&logs)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".work-"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// The names in `folder` of empty worker logs and of a `logs/` folder with nothing in it.
fn empty_leftovers(folder: &Path) -> Vec<String> {
    let mut left: Vec<String> = fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_name().to_string_lossy().starts_with("worker-") && e.metadata().unwrap().len() == 0)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    if fs::read_dir(folder.join("logs")).is_ok_and(|mut d| d.next().is_none()) {
        left.push("logs/".into());
    }
    left
}

#[test]
fn no_empty_logs_folder_is_left_by_a_finished_or_an_interrupted_run() {
    let dir = tempfile::tempdir().unwrap();
    let defs =
        definitions(&[("cheat-grid", "grid", "cheat-grid.sh", "grid", ""), ("hang", "grid", "hang.sh", "grid", "")]);
    fs::write(dir.path().join("mine.toml"), defs).unwrap();
    // Finished: every external run answered, so no output was kept and `logs/` holds nothing.
    let cfg = config(dir.path(), &["backtrack", "cheat-grid"], "mine.toml", 20.0);
    let folder = dir.path().join("finished");
    let out = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", folder.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    assert_eq!(empty_leftovers(&folder), Vec::<String>::new());
    // Interrupted: the answer came, then SIGTERM while `hang` runs (the run stops at once, its
    // rows for a later --resume).
    let cfg = config(dir.path(), &["cheat-grid", "hang"], "mine.toml", 600.0);
    let folder = dir.path().join("interrupted");
    let child = std::process::Command::new(bin())
        .args(["run", cfg.to_str().unwrap(), "--out", folder.to_str().unwrap(), "--jobs", "1"])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // `hang` writes its pid and its child's when it starts, after `cheat-grid` answered.
    let started = Instant::now();
    while fs::read_to_string(folder.join("pids")).map_or(0, |p| p.lines().count()) < 2 {
        assert!(started.elapsed() < Duration::from_secs(60), "hang did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: a plain kill(2) of our own child.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(143), "{}", common::stderr(&out));
    assert!(folder.join("meta.json").is_file(), "the run had begun writing");
    assert_eq!(empty_leftovers(&folder), Vec::<String>::new());
}

#[test]
fn bad_definitions_are_refused_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "[[external]]\nname = \"ghost\"\ninput = \"cnf\"\ncommand = [\"no-such-solver-anywhere\", \"{input}\"]\nanswer = \"sat-competition\"\n",
            "bad.toml:4:11: program 'no-such-solver-anywhere' is not on PATH (hint: install it",
        ),
        (
            "[[external]]\nname = \"ghost\"\ninput = \"cnf\"\ncommand = [\"sh\", \"{input}\"]\nanswer = \"grid\"\n",
            "bad.toml:5:10: a solver reading cnf cannot answer grid (hint: with input = \"cnf\", answer = sat-competition or minisat)",
        ),
        (
            "[[external]]\nname = \"ghost\"\ninput = \"cnf\"\ncommand = [\"sh\", \"{input}\"]\nanswer = \"sat-competition\"\ntimeout = 3\n",
            "bad.toml:6:1: unknown field `timeout`",
        ),
        (
            "[[external]]\nname = \"backtrack\"\ninput = \"grid\"\ncommand = [\"sh\", \"{input}\"]\nanswer = \"grid\"\n",
            "bad.toml:2:8: 'backtrack' is a built-in solver's name",
        ),
    ];
    for (defs, expected) in cases {
        fs::write(dir.path().join("bad.toml"), defs).unwrap();
        let name = if defs.contains("backtrack") { "backtrack" } else { "ghost" };
        let cfg = config(dir.path(), &["sat", name], "bad.toml", 1.0);
        let folder = dir.path().join("never");
        let out = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", folder.to_str().unwrap()]);
        let err = common::stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(expected), "{err}\nshould contain {expected}");
        assert!(!folder.exists(), "nothing was written");
        let puzzle = common::data("9x9-sample.txt");
        let out = sudoku_lab(&[
            "solve",
            puzzle.to_str().unwrap(),
            "--external",
            dir.path().join("bad.toml").to_str().unwrap(),
            "--solver",
            name,
        ]);
        assert_eq!(out.status.code(), Some(2), "{}", common::stderr(&out));
        assert!(common::stderr(&out).contains(expected), "{}", common::stderr(&out));
    }
    // A definition file may define peers that are not installed, as long as nothing runs them.
    fs::write(dir.path().join("bad.toml"), cases[0].0).unwrap();
    let cfg = config(dir.path(), &["backtrack"], "bad.toml", 1.0);
    let out = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", dir.path().join("fine").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
}

/// A checkout of an experiment at `root`: a config naming `solvers/mine.toml`, whose solver is the
/// script beside it (a relative program) and whose env names `{here}`.
fn checkout(root: &Path) -> PathBuf {
    fs::create_dir_all(root.join("solvers")).unwrap();
    let script = root.join("solvers/cheat-grid.sh");
    fs::copy(fake("cheat-grid.sh"), &script).unwrap();
    let defs = format!(
        "[[external]]\nname = \"mine\"\ninput = \"grid\"\ncommand = [\"./cheat-grid.sh\", \"{{input}}\"]\nanswer = \"grid\"\n\
         env = {{ SUDOKU_LAB = \"{}\", DATA = \"{{here}}/data\" }}\n",
        bin()
    );
    fs::write(root.join("solvers/mine.toml"), defs).unwrap();
    config(root, &["backtrack", "mine"], "solvers/mine.toml", 20.0)
}

#[test]
fn the_same_experiment_from_two_checkouts_resumes_and_merges() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (checkout(&dir.path().join("a")), checkout(&dir.path().join("b")));
    let out = |name: &str| dir.path().join(name).display().to_string();
    let ok = |o: Output| assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
    ok(sudoku_lab(&["run", a.to_str().unwrap(), "--out", &out("one"), "--shard", "1/2"]));
    ok(sudoku_lab(&["run", b.to_str().unwrap(), "--out", &out("two"), "--shard", "2/2"]));
    // Resuming checkout a's shard from checkout b is the same experiment.
    ok(sudoku_lab(&["run", b.to_str().unwrap(), "--out", &out("one"), "--shard", "1/2", "--resume"]));
    ok(sudoku_lab(&["merge", &out("one"), &out("two"), "--out", &out("all")]));
    let rows = rows(&dir.path().join("all"));
    assert_eq!(rows.len(), 2 * 2);
    assert!(rows.iter().all(|r| r.outcome == RunOutcome::Solved), "{rows:?}");
    // What the files wrote is kept beside the resolved config, which holds this checkout's paths.
    let meta: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join("all/meta.json")).unwrap()).unwrap();
    assert_eq!(meta["external_as_written"]["mine"]["command"][0], "./cheat-grid.sh");
    assert_eq!(meta["external_as_written"]["mine"]["env"]["DATA"], "{here}/data");
    // A definition that differs as written is another experiment.
    let defs = dir.path().join("b/solvers/mine.toml");
    fs::write(&defs, fs::read_to_string(&defs).unwrap().replace("/data", "/other")).unwrap();
    let o = sudoku_lab(&["run", b.to_str().unwrap(), "--out", &out("two"), "--shard", "2/2", "--resume"]);
    assert_eq!(o.status.code(), Some(2), "{}", common::stderr(&o));
    assert!(common::stderr(&o).contains("differs in: external"), "{}", common::stderr(&o));
}

#[test]
fn solve_counts_a_wrong_answer_as_wrong_not_as_unknown() {
    let dir = tempfile::tempdir().unwrap();
    let defs = dir.path().join("wrong.toml");
    fs::write(&defs, definitions(&[("wrong", "grid", "wrong.sh", "grid", "")])).unwrap();
    let input = common::data("9x9-sample.txt");
    let out = sudoku_lab(&[
        "solve",
        input.to_str().unwrap(),
        "--external",
        defs.to_str().unwrap(),
        "--solver",
        "wrong",
        "--time-limit",
        "20",
    ]);
    let err = common::stderr(&out);
    let puzzles = common::corpus("9x9-sample").len();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("0 solved, 0 proven without a solution (certified by rate "), "{err}");
    let summary = format!("0 unknown (every solver stopped, or no checked proof), {puzzles} answered wrong");
    assert!(err.contains(&summary), "{err}");
    assert!(err.lines().any(|l| l.starts_with("puzzle 1 (line ") && l.contains("): wrong: ")), "{err}");
}

#[test]
fn a_minizinc_solver_reads_the_dzn_and_its_grids_are_verified_and_its_unsat_certified() {
    // The fake reads n, box_rows, box_cols and the givens back from the `.dzn`, so a wrong
    // shape, a lost row or a shifted cell comes back as a wrong answer or an error; it answers
    // only when `{limit_ms}` is the 20 s limit in milliseconds.
    let dir = tempfile::tempdir().unwrap();
    let defs = dir.path().join("mzn.toml");
    fs::write(&defs, definitions(&[("cheat-dzn", "dzn", "cheat-dzn.sh", "minizinc", "")])).unwrap();
    let solve = |file: &str| {
        let input = common::data(file);
        let args = ["solve", input.to_str().unwrap(), "--external", defs.to_str().unwrap(), "--solver", "cheat-dzn"];
        sudoku_lab(&[&args[..], &["--time-limit", "20", "--format", "line"]].concat())
    };
    // 9×9, 16×16 and 6×6 (boxes of 2 rows and 3 columns): the answers are the known solutions.
    for name in ["9x9-sample", "16x16-sample", "6x6-forum"] {
        let out = solve(&format!("{name}.txt"));
        assert_eq!(out.status.code(), Some(0), "{name}: {}", common::stderr(&out));
        let answers: Vec<String> = std::str::from_utf8(&out.stdout).unwrap().lines().map(String::from).collect();
        let expected: Vec<String> =
            common::corpus(name).iter().map(|(_, s)| sudoku_lab::format::to_line(&s.puzzle)).collect();
        assert_eq!(answers, expected, "{name}");
    }
    // =====UNSATISFIABLE===== is "no solution", and counts once the proof checker agrees.
    let out = solve("9x9-unsolvable.txt");
    let err = common::stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("0 solved, 10 proven without a solution (certified by rate "), "{err}");

    // `run`: every answer verified; the input file is a `.dzn`.
    let cfg = config(dir.path(), &["backtrack", "cheat-dzn"], "mzn.toml", 20.0);
    let folder = dir.path().join("out");
    let out = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", folder.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let rows = rows(&folder);
    assert_eq!(rows.len(), 2 * 2);
    for r in &rows {
        assert_eq!((r.outcome.word(), r.verified, r.agree), ("solved", Some(true), Some(true)), "{r:?}");
    }
}

#[test]
fn an_external_solver_whose_threads_exceed_a_jobs_cores_is_refused_before_any_folder() {
    let dir = tempfile::tempdir().unwrap();
    let defs = definitions(&[("cheat-grid", "grid", "cheat-grid.sh", "grid", "threads = 64")]);
    fs::write(dir.path().join("mine.toml"), defs).unwrap();
    let cfg = config(dir.path(), &["backtrack", "cheat-grid"], "mine.toml", 20.0);
    let folder = dir.path().join("never");
    let out = sudoku_lab(&["run", cfg.to_str().unwrap(), "--out", folder.to_str().unwrap(), "--jobs", "2"]);
    let err = common::stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("mine.toml:2:8: cheat-grid: threads = 64 is more than the 2 core(s) a run holds here"),
        "{err}"
    );
    assert!(!folder.exists(), "refused before the folder was made");
    // `solve` holds this machine's cores, fewer than 64 here as on any machine the tests run on.
    let input = common::data("9x9-sample.txt");
    let defs_path = dir.path().join("mine.toml");
    let args = ["solve", input.to_str().unwrap(), "--external", defs_path.to_str().unwrap(), "--solver", "cheat-grid"];
    let out = sudoku_lab(&args);
    let err = common::stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("cheat-grid: threads = 64 is more than the"), "{err}");
}
