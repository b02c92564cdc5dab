//! The experiment runner end to end: the real binary in temporary folders.
//!
//! Configs live in `tests/data/experiment-*.toml`. Runs are compared on their non-timing columns
//! (everything but `seconds`, `build_seconds` and `peak_rss_mb`); `experiment-small` has a
//! generous limit so that no run's outcome depends on the clock. Test hooks (environment
//! variables read by the runner and its workers) make crashes, hangs and memory blow-ups
//! happen on cue.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use sudoku_lab::experiment::record::RunOutcome;

use proptest::prelude::*;
use sudoku_lab::experiment::record::{RunRow, COLUMNS};
use tempfile::TempDir;

use crate::common::{self, code_and_err, edit_runs, file, report_and_plot, with_field};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-lab");

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

fn small() -> PathBuf {
    data("experiment-small.toml")
}

/// `sudoku-lab ARGS` with extra environment variables.
fn sudoku_lab(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args).envs(env.iter().copied());
    cmd.output().expect("the binary runs")
}

/// `run CONFIG --out OUT EXTRA…`.
fn run(config: &Path, out: &Path, extra: &[&str], env: &[(&str, &str)]) -> Output {
    let mut args = vec!["run", config.to_str().unwrap(), "--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    sudoku_lab(&args, env)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn assert_ok(o: &Output) {
    assert!(o.status.success(), "exit {:?}\n{}", o.status.code(), stderr(o));
}

fn rows(folder: &Path) -> Vec<RunRow> {
    let mut reader = csv::Reader::from_path(folder.join("runs.csv")).unwrap();
    reader.deserialize().map(|r| r.unwrap()).collect()
}

/// The rows with their timing columns blanked.
fn untimed(folder: &Path) -> Vec<RunRow> {
    let mut rows = rows(folder);
    for r in &mut rows {
        (r.seconds, r.build_seconds, r.peak_rss_mb, r.cpu_seconds) = (0.0, None, None, None);
        r.certify_seconds = r.certify_seconds.map(|_| 0.0);
    }
    rows
}

/// One uninterrupted run of `experiment-small`, shared by the tests that compare against it. It
/// lives in Cargo's scratch folder for integration tests (a static is never dropped, so a
/// `TempDir` here would be left in /tmp by every test run), replaced by each test process.
fn baseline() -> PathBuf {
    static BASE: OnceLock<PathBuf> = OnceLock::new();
    BASE.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("experiment-baseline");
        let _ = fs::remove_dir_all(&dir);
        assert_ok(&run(&small(), &dir, &["--jobs", "2"], &[]));
        dir
    })
    .clone()
}

fn assert_same_as_baseline(folder: &Path) {
    let base = baseline();
    let (got, want) = (untimed(folder), untimed(&base));
    assert_eq!(got.len(), want.len(), "row count");
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(g, w);
    }
    let instances = |f: &Path| fs::read_to_string(f.join("instances.txt")).unwrap();
    assert_eq!(instances(folder), instances(&base));
}

/// Every file of a folder, by name, with its bytes.
fn snapshot(folder: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap())
        .map(|e| (e.file_name().to_string_lossy().into_owned(), fs::read(e.path()).unwrap()))
        .collect();
    files.sort();
    files
}

#[test]
fn a_run_writes_runs_meta_and_reusable_instances() {
    let folder = &baseline();
    let text = fs::read_to_string(folder.join("runs.csv")).unwrap();
    assert_eq!(text.lines().next().unwrap(), COLUMNS.join(","));
    let rows = rows(folder);
    assert_eq!(rows.len(), 36 * 3);
    assert!(rows
        .iter()
        .all(|r| r.experiment == "small" && r.outcome != RunOutcome::Limit && r.outcome != RunOutcome::Error));
    assert!(rows.iter().any(|r| r.outcome == RunOutcome::Infeasible), "random instances include unsolvable ones");
    assert!(rows.iter().filter(|r| r.outcome == RunOutcome::Solved).all(|r| r.verified == Some(true)));
    assert!(rows.iter().all(|r| r.agree == Some(true)), "three finished solvers per instance agree");
    let meta: serde_json::Value = serde_json::from_str(&fs::read_to_string(folder.join("meta.json")).unwrap()).unwrap();
    assert_eq!(meta["name"], "small");
    assert_eq!(meta["config"]["time_limit"], 20.0);
    assert_eq!(meta["config"]["solvers"][0], "ilp-edge");
    for key in ["crate_version", "git_revision", "highs_version", "started", "finished"] {
        assert!(meta[key].as_str().is_some_and(|s| !s.is_empty()), "{key}: {}", meta[key]);
    }
    assert!(meta["machine"]["cores"].as_u64().unwrap() >= 1);
    // instances.txt is input for `solve`: one answer line per instance, checked against the planted
    // solutions it carries.
    let out = sudoku_lab(&["solve", folder.join("instances.txt").to_str().unwrap(), "--solver", "backtrack"], &[]);
    assert_ok(&out);
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 36);
}

#[test]
fn bad_configs_and_foreign_folders_exit_2_and_touch_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    assert_ok(&run(&small(), &out, &[], &[]));
    let before = snapshot(&out);
    let good = fs::read_to_string(small()).unwrap();
    let cases = [
        ("seed = 5", "seed = 5\nrepeat = 3", "unknown field `repeat`"),
        ("\"backtrack\"]", "\"backtracking\"]", "unknown solver 'backtracking'; expected one of: ilp-edge"),
        ("alphas = [0.2, 0.5]", "alphas = [0.2, 1.5]", "alphas[1]: α = 1.5 is outside [0, 1]"),
        ("repeats = 3", "repeats = 0", "repeats: 0 repeats make an empty grid of runs"),
        ("modes = [\"random\", \"planted\"]", "modes = []", "modes: no instance mode"),
        ("boxes = [\"2x2\", \"2x3\", \"3x3\"]", "boxes = [\"2x2\", \"2x\"]", "boxes[1]: '2x' is not a box shape"),
        ("time_limit = 20.0", "time_limit = 25.0", "from a different config (differs in: time_limit)"),
        ("seed = 5", "seed = 5", "already holds 108 runs of this config; pass --resume"),
    ];
    for (i, (from, to, message)) in cases.iter().enumerate() {
        assert!(good.contains(from), "{from}");
        let config = dir.path().join(format!("bad-{i}.toml"));
        fs::write(&config, good.replace(from, to)).unwrap();
        let o = run(&config, &out, &[], &[]);
        assert_eq!(o.status.code(), Some(2), "{to}: {}", stderr(&o));
        assert!(stderr(&o).contains(message), "{to}: {}", stderr(&o));
        assert_eq!(snapshot(&out), before, "{to}: the results folder changed");
    }
    let o = run(&small(), &out, &["--shard", "1/2", "--resume"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("holds the whole experiment, not shard 1/2"), "{}", stderr(&o));
    assert_eq!(snapshot(&out), before);
}

/// `run --repeats N --time-limit S` runs the config with those values (the first N repeats of each
/// cell: the full run's instances), records them in `meta.json`, and a resume must give the same.
#[test]
fn repeats_and_time_limit_overrides_are_the_config_run_and_a_resume_must_repeat_them() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let o = run(&small(), &out, &["--repeats", "1", "--time-limit", "10"], &[]);
    assert_ok(&o);
    assert!(stderr(&o).contains("run small (--repeats 1 --time-limit 10): 12 instances × 3 solvers"), "{}", stderr(&o));
    let meta: serde_json::Value = serde_json::from_str(&fs::read_to_string(out.join("meta.json")).unwrap()).unwrap();
    assert_eq!((meta["config"]["repeats"].as_u64(), meta["config"]["time_limit"].as_f64()), (Some(1), Some(10.0)));
    assert_eq!(meta["overrides"], serde_json::json!({"repeats": 1, "time_limit": 10.0}));
    assert_eq!(meta["runs"], 36);
    let first: Vec<RunRow> = untimed(&baseline()).into_iter().filter(|r| r.rep == 0).collect();
    assert_eq!(untimed(&out), first, "repeat 0 of every cell, as the full run made it");

    // A resume without the overrides (or with others) would run another config: refused, saying why.
    let before = snapshot(&out);
    for (extra, made) in [
        (&["--resume"][..], "this run has no overrides"),
        (&["--resume", "--repeats", "2", "--time-limit", "10"], "this run has --repeats 2 --time-limit 10"),
    ] {
        let o = run(&small(), &out, extra, &[]);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stderr(&o));
        let said =
            format!("its runs were made with --repeats 1 --time-limit 10, {made}: give the same to continue them");
        assert!(stderr(&o).contains(&said), "{extra:?}: {}", stderr(&o));
        assert_eq!(snapshot(&out), before, "{extra:?}: the results folder changed");
    }
    assert_ok(&run(&small(), &out, &["--resume", "--repeats", "1", "--time-limit", "10"], &[]));
    assert_eq!(untimed(&out), first);

    // Bad values are usage errors that name the flag, before anything is written.
    let fresh = dir.path().join("fresh");
    for (extra, message) in [
        (&["--repeats", "0"][..], "--repeats 0 makes an empty grid of runs; give 1 or more"),
        (&["--repeats", "x"], "invalid value 'x' for '--repeats <N>'"),
        (&["--time-limit", "0"], "0 is not a time limit"),
        (&["--repeats", "10000000"], "--repeats 10000000: 120000000 instances"),
    ] {
        let o = run(&small(), &fresh, extra, &[]);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(message), "{extra:?}: {}", stderr(&o));
        assert!(!fresh.exists(), "{extra:?}: nothing is written");
    }
    let sets = dir.path().join("sets.toml");
    let puzzles = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/9x9-top95.txt");
    fs::write(
        &sets,
        format!(
            "name = \"sets\"\nsolvers = [\"backtrack\"]\ntime_limit = 1.0\nseed = 1\n[[sets]]\nname = \"top\"\nfiles = [{:?}]\n",
            puzzles.to_str().unwrap()
        ),
    )
    .unwrap();
    let o = run(&sets, &fresh, &["--repeats", "2"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--repeats: experiment 'sets' generates no instances"), "{}", stderr(&o));
}

#[test]
fn the_same_config_gives_the_same_instances_and_results_with_any_jobs() {
    let dir = tempfile::tempdir().unwrap();
    assert_ok(&run(&small(), &dir.path().join("r"), &["--jobs", "1"], &[]));
    assert_same_as_baseline(&dir.path().join("r"));
}

#[test]
fn a_crash_mid_write_is_resumed_without_duplicates_or_losses() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let o = run(&small(), &out, &[], &[("SUDOKU_LAB_TEST_ABORT_AFTER", "5")]);
    assert!(!o.status.success(), "the hook aborts the runner");
    let text = fs::read_to_string(out.join("runs.csv")).unwrap();
    assert!(!text.ends_with('\n'), "the abort leaves a half-written line");
    assert!(text.lines().count() > 1 + 5 * 3, "five instances and part of a sixth");
    let o = run(&small(), &out, &[], &[]);
    assert_eq!(o.status.code(), Some(2), "continuing needs --resume: {}", stderr(&o));
    let o = run(&small(), &out, &["--resume"], &[]);
    assert_ok(&o);
    assert!(stderr(&o).contains("5 of 36 instances done"), "{}", stderr(&o));
    assert_same_as_baseline(&out);
    let meta: serde_json::Value = serde_json::from_str(&fs::read_to_string(out.join("meta.json")).unwrap()).unwrap();
    assert_eq!(meta["resumed"].as_array().map(Vec::len), Some(1));
}

#[test]
fn kill_9_partway_then_resume_matches_an_uninterrupted_run() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let runs = out.join("runs.csv");
    let mut child = Command::new(BIN)
        .args(["run", small().to_str().unwrap(), "--out", out.to_str().unwrap(), "--jobs", "2"])
        .env("SUDOKU_LAB_TEST_WORKER_DELAY_MS", "15")
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while fs::read_to_string(&runs).map_or(0, |t| t.lines().count()) < 1 + 4 * 3 {
        assert!(start.elapsed() < Duration::from_secs(30), "no rows appeared");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let written = fs::read_to_string(&runs).unwrap().lines().count() - 1;
    assert!(written < 36 * 3, "killed before the end ({written} rows)");
    assert_ok(&run(&small(), &out, &["--resume"], &[]));
    assert_same_as_baseline(&out);
}

#[test]
fn a_half_written_last_line_is_repaired_on_resume() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    assert_ok(&run(&small(), &out, &[], &[]));
    let text = fs::read_to_string(out.join("runs.csv")).unwrap();
    let cut = text.trim_end().rfind('\n').unwrap() + 20;
    fs::write(out.join("runs.csv"), &text[..cut]).unwrap();
    let o = run(&small(), &out, &["--resume"], &[]);
    assert_ok(&o);
    assert!(stderr(&o).contains("kept 105 complete runs, dropped 2"), "{}", stderr(&o));
    assert_same_as_baseline(&out);
}

#[test]
fn two_shards_merge_into_the_unsharded_run() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b, merged) = (dir.path().join("a"), dir.path().join("b"), dir.path().join("m"));
    assert_ok(&run(&small(), &a, &["--shard", "1/2"], &[]));
    assert_ok(&run(&small(), &b, &["--shard", "2/2"], &[]));
    assert_eq!(rows(&a).len() + rows(&b).len(), 36 * 3);
    let s = |p: &Path| p.to_str().unwrap().to_string();
    assert_ok(&sudoku_lab(&["merge", &s(&a), &s(&b), "--out", &s(&merged)], &[]));
    assert_same_as_baseline(&merged);
    // A merged folder is a whole run: resuming it finds nothing to do.
    let o = run(&small(), &merged, &["--resume"], &[]);
    assert_ok(&o);
    assert!(stderr(&o).contains("36 of 36 instances done, 0 to run"), "{}", stderr(&o));

    // More shards than instances would leave some empty: refused before anything is written.
    let o = run(&small(), &dir.path().join("empty"), &["--shard", "37/37"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("has 36 instances, so at most 36 shards (with 37 some would be empty)"),
        "{}",
        stderr(&o)
    );
    assert!(!dir.path().join("empty").exists());
    assert_ok(&run(&small(), &dir.path().join("last"), &["--shard", "36/36"], &[]));
    assert_eq!(rows(&dir.path().join("last")).len(), 3, "one instance");

    let o = sudoku_lab(&["merge", &s(&a), &s(&a), "--out", &s(&dir.path().join("x"))], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("another input folder also holds shard 1/2"), "{}", stderr(&o));
    let other = dir.path().join("other.toml");
    fs::write(&other, fs::read_to_string(small()).unwrap().replace("seed = 5", "seed = 6")).unwrap();
    let c = dir.path().join("c");
    assert_ok(&run(&other, &c, &["--shard", "2/2"], &[]));
    let o = sudoku_lab(&["merge", &s(&a), &s(&c), "--out", &s(&dir.path().join("y"))], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("config differs") && stderr(&o).contains("seed"), "{}", stderr(&o));
    assert!(!dir.path().join("y").exists());
}

#[test]
fn a_hung_worker_is_killed_at_the_hard_limit_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let start = Instant::now();
    let o = run(&data("experiment-hang.toml"), &out, &[], &[("SUDOKU_LAB_TEST_WORKER_HANG", "backtrack-naive")]);
    assert_ok(&o);
    let rows = rows(&out);
    assert_eq!(rows.len(), 4);
    for r in &rows {
        match r.solver.as_str() {
            "backtrack-naive" => {
                assert_eq!(r.outcome, RunOutcome::Limit);
                assert!(r.seconds >= 2.2 && r.seconds < 5.0, "killed at 0.2 s + 2 s grace, not {}", r.seconds);
                assert!(r.note.contains("hard limit"), "{}", r.note);
            }
            _ => assert_eq!((r.outcome.word(), r.verified), ("solved", Some(true))),
        }
    }
    assert!(start.elapsed() < Duration::from_secs(20));
}

#[test]
fn a_worker_over_the_memory_cap_is_killed() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let o = run(&data("experiment-hang.toml"), &out, &[], &[("SUDOKU_LAB_TEST_WORKER_BLOAT", "backtrack-naive")]);
    assert_ok(&o);
    for r in rows(&out).iter().filter(|r| r.solver == "backtrack-naive") {
        assert_eq!(r.outcome, RunOutcome::Memory, "{r:?}");
        assert!(r.peak_rss_mb.is_some_and(|mb| mb > 100.0), "{r:?}");
        assert!(r.seconds < 2.2, "killed for memory before the hard limit: {r:?}");
    }
}

#[test]
fn a_disagreement_is_flagged_listed_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let o = run(&small(), &out, &[], &[("SUDOKU_LAB_TEST_WORKER_LIE", "ilp-clique")]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let rows = rows(&out);
    // Every solvable instance now has a liar; the unsolvable ones have none.
    let solvable = rows.iter().filter(|r| r.solver == "backtrack" && r.outcome == RunOutcome::Solved).count();
    // Only the liar's rows are blamed; the solvers that were right stay clean.
    let flagged: Vec<&RunRow> = rows.iter().filter(|r| r.agree == Some(false)).collect();
    assert_eq!(flagged.len(), solvable);
    assert!(flagged.iter().all(|r| r.solver == "ilp-clique"
        && r.note.contains(
            "DISAGREEMENT: solved by ilp-edge, backtrack but infeasible for ilp-clique: ilp-clique is wrong"
        )));
    let disputed: Vec<&RunRow> =
        rows.iter().filter(|r| r.solver != "ilp-clique" && flagged.iter().any(|f| f.seed == r.seed)).collect();
    assert_eq!(disputed.len(), solvable * 2);
    assert!(disputed.iter().all(|r| r.agree == Some(true) && !r.note.contains("DISAGREEMENT")), "{disputed:?}");
    let err = stderr(&o);
    assert!(err.contains(&format!("{solvable} instance(s) with a DISAGREEMENT")), "{err}");
    assert!(err.contains("ilp-clique gave a wrong answer"), "the summary names the wrong solver: {err}");
    // The report counts the wrong runs, not every row of a disputed instance.
    let report = sudoku_lab(&["report", out.to_str().unwrap()], &[]);
    assert!(report.status.success(), "{}", stderr(&report));
    let text = fs::read_to_string(out.join("REPORT.md")).unwrap();
    assert!(text.contains(&format!("{solvable} runs gave a wrong answer (`ilp-clique` {solvable})")), "{text}");
}

fn unique() -> PathBuf {
    data("experiment-unique.toml")
}

/// The puzzles of a results folder's `instances.txt`, each with the seed from its key comment.
fn instance_puzzles(folder: &Path) -> Vec<(u64, sudoku_lab::format::Entry)> {
    let text = fs::read_to_string(folder.join("instances.txt")).unwrap();
    let seeds: Vec<u64> = text
        .lines()
        .filter(|l| l.starts_with("# id="))
        .map(|l| l.split_whitespace().find_map(|t| t.strip_prefix("seed=")).unwrap().parse().unwrap())
        .collect();
    let entries = sudoku_lab::format::parse(&text, "instances.txt", None, None).unwrap();
    assert_eq!(seeds.len(), entries.len());
    seeds.into_iter().zip(entries).collect()
}

#[test]
fn a_unique_run_solves_puzzles_with_one_solution_rated_as_their_difficulty() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    assert_ok(&run(&unique(), &out, &[], &[]));
    let rows = rows(&out);
    assert_eq!(rows.len(), 2 * 2 * 2);
    for r in &rows {
        assert_eq!((r.mode.word(), r.alpha, r.outcome.word()), ("unique", 0.0, "solved"), "{r:?}");
        assert_eq!((r.verified, r.agree), (Some(true), Some(true)), "{r:?}");
    }
    let difficulties: Vec<&str> = rows.iter().step_by(4).map(|r| r.difficulty.as_str()).collect();
    assert_eq!(difficulties, ["easy", "expert"], "canonical order: difficulty, then repeat, then solver");
    let puzzles = instance_puzzles(&out);
    assert_eq!(puzzles.len(), 4);
    for (seed, entry) in &puzzles {
        let row = rows.iter().find(|r| r.seed == *seed).expect("every instance has rows");
        assert_eq!(sudoku_lab::solve::search::backtrack::count_solutions(&entry.puzzle, 2).0, 1, "seed {seed}");
        assert_eq!(sudoku_lab::logic::rate(&entry.puzzle).0.name(), row.difficulty, "seed {seed}");
        assert_eq!(entry.puzzle.givens(), row.givens);
        let solution = entry.solution.as_ref().expect("unique instances carry their solution");
        assert!(sudoku_lab::verify::is_solution_of(&entry.puzzle, solution));
    }
    // The report keeps the difficulties apart and shows no α for them.
    assert_ok(&sudoku_lab(&["report", out.to_str().unwrap()], &[]));
    let report = fs::read_to_string(out.join("REPORT.md")).unwrap();
    for d in ["easy", "expert"] {
        for s in ["backtrack", "ilp-clique"] {
            let cell = format!("| 9 | 3×3 | unique | {d} | — | {s} | 2 |");
            assert!(report.contains(&cell), "no row {cell} in\n{report}");
        }
        assert!(report.contains(&format!("| unique | 9 | {d} | — | 2 | 100 % |")), "{report}");
    }
}

#[test]
fn unique_instances_are_the_same_in_every_run() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    assert_ok(&run(&unique(), &a, &["--jobs", "1"], &[]));
    assert_ok(&run(&unique(), &b, &["--jobs", "2"], &[]));
    let instances = |f: &Path| fs::read_to_string(f.join("instances.txt")).unwrap();
    assert_eq!(instances(&a), instances(&b));
    assert_eq!(untimed(&a), untimed(&b));
    // A shard generates only its own puzzles, and the same ones.
    let s = dir.path().join("s");
    assert_ok(&run(&unique(), &s, &["--shard", "2/3"], &[]));
    let puzzles = |f: &Path| -> Vec<_> {
        instance_puzzles(f).into_iter().map(|(seed, e)| (seed, e.puzzle, e.solution)).collect()
    };
    let shard: Vec<_> = puzzles(&a).into_iter().enumerate().filter(|(id, _)| id % 3 == 1).map(|(_, p)| p).collect();
    assert_eq!(puzzles(&s), shard);
}

#[test]
fn bad_unique_configs_exit_2_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let good = fs::read_to_string(unique()).unwrap();
    let cases = [
        (
            "\"expert\"]",
            "\"extreme\"]",
            "difficulties[1]: unknown difficulty 'extreme'; expected one of: easy, medium, hard, expert",
        ),
        ("difficulties = [\"easy\", \"expert\"]", "", "difficulties: no difficulty: mode unique needs difficulties"),
        ("modes = [\"unique\"]", "modes = [\"planted\"]\nalphas = [0.5]", "difficulties apply to mode unique only"),
        ("seed = 12", "seed = 12\nalphas = [0.5]", "alphas: only modes random and planted have fill fractions"),
        ("seed = 12", "seed = 12\nunique_budget = 0", "unique_budget: 0 is not a time limit"),
        ("seed = 12", "seed = 12\nunique_budget = 1e20", "unique_budget: 1e20 is not a time limit"),
        ("time_limit = 5.0", "time_limit = 1e19", "time_limit: 1e19 is not a time limit"),
        // Below the shortest limit (1 ms), and said in a few characters, not 300 digits.
        (
            "time_limit = 5.0",
            "time_limit = 1e-300",
            "time_limit: 1e-300 is not a time limit: give seconds from 0.001 (1 ms)",
        ),
        (
            "time_limit = 5.0",
            "time_limit = 0.0005",
            "time_limit: 0.0005 is not a time limit: give seconds from 0.001 (1 ms)",
        ),
        ("seed = 12", "seed = 12\nunique_budget = 1e-9", "unique_budget: 1e-9 is not a time limit"),
        // 4×4 puzzles never need more than singles: refused once the generator gives up, nothing run.
        (
            "boxes = [\"3x3\"]",
            "boxes = [\"3x3\", \"2x2\"]",
            "cannot generate instance 6 (box 2x2, mode unique, difficulty=expert",
        ),
        // Unique puzzles are made before the first run: more than 1 GiB of them is refused up front.
        (
            "boxes = [\"3x3\"]\nmodes = [\"unique\"]\ndifficulties = [\"easy\", \"expert\"]\nrepeats = 2",
            "boxes = [\"8x8\"]\nmodes = [\"unique\"]\ndifficulties = [\"easy\", \"expert\"]\nrepeats = 70000",
            "its unique puzzles, generated before the first run, would hold 1093 MiB in memory, more than 1024 MiB: \
             run it in shards (--shard I/K with K ≥ 2)",
        ),
    ];
    for (i, (from, to, message)) in cases.iter().enumerate() {
        assert!(good.contains(from), "{from}");
        let config = dir.path().join(format!("bad-{i}.toml"));
        fs::write(&config, good.replace(from, to)).unwrap();
        let out = dir.path().join(format!("r{i}"));
        let o = run(&config, &out, &[], &[]);
        assert_eq!(o.status.code(), Some(2), "{to}: {}", stderr(&o));
        assert!(stderr(&o).contains(message), "{to}: {}", stderr(&o));
        assert!(!stderr(&o).contains("0000000000"), "{to}: a number for people is short: {}", stderr(&o));
        assert!(!out.exists(), "{to}: the results folder was created");
    }
    // The refusal of a time limit points at its value, as every config error does.
    let config = dir.path().join("tiny-limit.toml");
    fs::write(&config, good.replace("time_limit = 5.0", "time_limit = 1e-300")).unwrap();
    let o = run(&config, &dir.path().join("tiny"), &[], &[]);
    let at = format!("{}:10:14: time_limit: 1e-300 is not a time limit", config.display());
    assert!(stderr(&o).contains(&at), "{}", stderr(&o));
    // `generate` makes random and planted instances only; unique puzzles come from `puzzle`.
    let o = sudoku_lab(&["generate", "--size", "9", "--alpha", "0.3", "--mode", "unique"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("sudoku-lab puzzle --size N --difficulty"), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
}

#[test]
fn random_and_planted_instances_are_generated_as_the_run_reaches_them() {
    // 140,000 planted 64×64 instances: 1.1 GiB of puzzles and solutions, and over a minute to
    // generate. The run starts at once all the same (it used to be refused for their size), and a
    // crash after the first instance leaves `instances.txt` holding only what was reached.
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("huge.toml");
    fs::write(
        &config,
        "name = \"huge\"\nboxes = [\"8x8\"]\nalphas = [0.9, 0.91, 0.92, 0.93, 0.94, 0.95, 0.96]\n\
         modes = [\"planted\"]\nrepeats = 20000\nsolvers = [\"backtrack\"]\ntime_limit = 30\nseed = 1\n",
    )
    .unwrap();
    let out = dir.path().join("r");
    let o = run(&config, &out, &["--jobs", "1"], &[("SUDOKU_LAB_TEST_ABORT_AFTER", "0")]);
    assert!(!o.status.success(), "the hook aborts the runner after the first instance: {}", stderr(&o));
    let text = fs::read_to_string(out.join("instances.txt")).unwrap();
    let reached = text.lines().filter(|l| l.starts_with("# id=")).count();
    assert!((1..=3).contains(&reached), "{reached} instances written, expected the first one or two");
    assert!(text.contains("# id=0 box=8x8 mode=planted alpha=0.9 rep=0"), "{text:.400}");
    let meta: serde_json::Value = serde_json::from_str(&fs::read_to_string(out.join("meta.json")).unwrap()).unwrap();
    assert_eq!(meta["instances"], 140_000);
}

/// The pids of `pid`'s worker processes, whichever of its threads started them (other children,
/// such as the `git` that `meta.json`'s revision comes from, are left out).
fn children(pid: u32) -> Vec<u32> {
    let tasks = fs::read_dir(format!("/proc/{pid}/task")).map(|d| d.flatten().collect::<Vec<_>>()).unwrap_or_default();
    let texts = tasks.iter().map(|t| fs::read_to_string(t.path().join("children")).unwrap_or_default());
    let pids = texts.flat_map(|t| t.split_whitespace().map(|p| p.parse().unwrap()).collect::<Vec<u32>>());
    let is_worker = |p: &u32| fs::read(format!("/proc/{p}/cmdline")).is_ok_and(|c| c.ends_with(b"\0worker\0"));
    pids.filter(is_worker).collect()
}

fn alive(pid: u32) -> bool {
    // A zombie (exited, not yet reaped) counts as gone.
    fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| !s.contains(") Z "))
}

/// Starts `run` on the hang config with every backtrack-naive job hanging, and waits until a
/// worker is running one.
fn start_hung_run(out: &Path) -> (std::process::Child, Vec<u32>) {
    let child = Command::new(BIN)
        .args(["run", data("experiment-hang.toml").to_str().unwrap(), "--out", out.to_str().unwrap()])
        .env("SUDOKU_LAB_TEST_WORKER_HANG", "backtrack-naive")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let workers = loop {
        let w = children(child.id());
        if !w.is_empty() {
            break w;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "no worker started");
        std::thread::sleep(Duration::from_millis(10));
    };
    (child, workers)
}

fn wait_stopped(pid: u32) {
    let start = Instant::now();
    while !fs::read_to_string(format!("/proc/{pid}/stat")).unwrap().contains(") T ") {
        assert!(start.elapsed() < Duration::from_secs(5), "{pid} did not stop within 5 s of SIGSTOP");
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn wait_gone(pids: &[u32]) {
    let start = Instant::now();
    while pids.iter().any(|&p| alive(p)) {
        assert!(start.elapsed() < Duration::from_secs(5), "worker {pids:?} outlived its parent by 5 s");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn sigterm_stops_the_run_cleanly_kills_its_workers_and_resume_completes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let (child, workers) = start_hung_run(&out);
    std::thread::sleep(Duration::from_millis(200));
    let status = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(143), "128 + SIGTERM\n{}", stderr(&o));
    assert!(stderr(&o).contains("stopped by SIGTERM") && stderr(&o).contains("--resume"), "{}", stderr(&o));
    wait_gone(&workers);
    assert!(rows(&out).iter().all(|r| r.outcome != RunOutcome::Error), "no row for the job cut short");
    assert_ok(&run(&data("experiment-hang.toml"), &out, &["--resume"], &[]));
    assert_eq!(rows(&out).len(), 4);
}

#[test]
fn a_worker_dies_with_its_parent_even_after_kill_9() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, workers) = start_hung_run(&dir.path().join("r"));
    child.kill().unwrap(); // SIGKILL: no handler runs
    child.wait().unwrap();
    wait_gone(&workers);
}

#[test]
fn force_discards_the_old_report_figures_and_logs_but_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    assert_ok(&run(&data("experiment-hang.toml"), &out, &[], &[]));
    for name in ["REPORT.md", "time_vs_n.svg", "time_vs_n.png", "worker-1.log", "notes.txt"] {
        fs::write(out.join(name), "old").unwrap();
    }
    assert_ok(&run(&data("experiment-hang.toml"), &out, &["--force"], &[]));
    let left: Vec<String> =
        fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    for gone in ["REPORT.md", "time_vs_n.svg", "time_vs_n.png", "worker-1.log"] {
        assert!(!left.contains(&gone.to_string()), "{gone} survived --force: {left:?}");
    }
    assert!(left.contains(&"notes.txt".to_string()), "a file that is not ours stays: {left:?}");
    assert_eq!(rows(&out).len(), 4);
}

#[test]
fn a_second_run_on_a_folder_in_use_is_refused_and_touches_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let (mut first, _) = start_hung_run(&out);
    // Freeze the first run (it keeps its lock) so that whatever it writes cannot race the
    // snapshots: instances are generated as the run reaches them, so instances.txt and runs.csv
    // grow while it runs. Its workers still run; their logs are not results files.
    let status = Command::new("kill").args(["-STOP", &first.id().to_string()]).status().unwrap();
    assert!(status.success());
    wait_stopped(first.id());
    let results = || {
        let files = snapshot(&out);
        files.into_iter().filter(|(name, _)| !name.starts_with("worker-")).collect::<Vec<_>>()
    };
    let before = results();
    let o = run(&data("experiment-hang.toml"), &out, &["--resume"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let expected = format!("another sudoku-lab command (pid {}) is writing to it", first.id());
    assert!(stderr(&o).contains(&expected), "{}", stderr(&o));
    assert_eq!(results(), before);
    first.kill().unwrap();
    first.wait().unwrap();
    // The kernel released the lock with the process: the folder can be resumed.
    assert_ok(&run(&data("experiment-hang.toml"), &out, &["--resume"], &[]));
    assert!(!out.join(".lock").exists(), "a finished run removes its lock file");
}

#[test]
fn a_run_refused_by_the_folder_lock_prints_no_banner() {
    // The banner ("run hang: … → FOLDER") came before the lock was tried, so a refused run first
    // announced a run it never made.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    fs::create_dir(&out).unwrap();
    // This process holds the folder's lock, as another command writing to it would.
    let lock = fs::File::create(out.join(".lock")).unwrap();
    lock.try_lock().unwrap();
    fs::write(out.join(".lock"), format!("{}\n", std::process::id())).unwrap();
    let o = run(&data("experiment-hang.toml"), &out, &[], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("is writing to it"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("run hang"), "no banner for a refused run: {}", stderr(&o));
    // Refused for its folder's contents, it says nothing of a run either.
    drop(lock);
    fs::remove_file(out.join(".lock")).unwrap();
    fs::write(out.join("instances.txt"), "someone else's\n").unwrap();
    let o = run(&data("experiment-hang.toml"), &out, &[], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(!stderr(&o).contains("run hang"), "no banner for a refused run: {}", stderr(&o));
    // Once the run starts, the banner is its first line.
    let o = run(&data("experiment-hang.toml"), &dir.path().join("fresh"), &[], &[]);
    assert_ok(&o);
    assert!(stderr(&o).starts_with("run hang: 2 instances × 2 solvers"), "{}", stderr(&o));
}

/// A config of one planted 4×4 instance solved by `backtrack`: a run of well under a second.
const TINY: &str = "name = \"tiny\"\nboxes = [\"2x2\"]\nalphas = [0.5]\nmodes = [\"planted\"]\nrepeats = 1\n\
                    solvers = [\"backtrack\"]\ntime_limit = 10.0\nmemory_mb = 256\nseed = 1\n";

/// A scratch folder with [`TINY`] written as `tiny.toml` and run once into `r`: (the folder, the
/// config, the results).
fn tiny_run() -> (TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("tiny.toml");
    fs::write(&config, TINY).unwrap();
    let out = dir.path().join("r");
    assert_ok(&run(&config, &out, &[], &[]));
    (dir, config, out)
}

#[test]
fn a_hand_edited_time_limit_in_meta_json_is_refused_by_resume_and_said_by_report_and_plot() {
    let (_dir, config, out) = tiny_run();
    // Untouched, the folder resumes and reports without a word about meta.json.
    assert_ok(&run(&config, &out, &["--resume"], &[]));
    let o = sudoku_lab(&["report", out.to_str().unwrap()], &[]);
    assert_ok(&o);
    assert!(!stderr(&o).contains("edited"), "{}", stderr(&o));
    // The runs were made with 10 s; someone writes 0.5 s into meta.json.
    let meta_path = out.join("meta.json");
    let text = fs::read_to_string(&meta_path).unwrap();
    assert!(text.contains("\"time_limit\": 10.0"), "{text}");
    fs::write(&meta_path, text.replace("\"time_limit\": 10.0", "\"time_limit\": 0.5")).unwrap();
    let edited = "meta.json was edited after the run wrote it: its config no longer matches the config_digest";
    // --resume refuses it, with the config as it was and with the config edited to match.
    for limit in ["10.0", "0.5"] {
        fs::write(&config, TINY.replace("time_limit = 10.0", &format!("time_limit = {limit}"))).unwrap();
        let o = run(&config, &out, &["--resume"], &[]);
        assert_eq!(o.status.code(), Some(2), "config time_limit {limit}: {}", stderr(&o));
        assert!(stderr(&o).contains(edited), "config time_limit {limit}: {}", stderr(&o));
    }
    // report and plot read it, and say so: on stderr and in REPORT.md.
    let o = sudoku_lab(&["report", out.to_str().unwrap()], &[]);
    assert_ok(&o);
    assert!(stderr(&o).contains(&format!("warning: {}", out.join(edited).display())), "{}", stderr(&o));
    let report = fs::read_to_string(out.join("REPORT.md")).unwrap();
    assert!(report.contains("time limit 500 ms, from a meta.json edited after the run"), "{report}");
    assert!(report.contains(edited), "{report}");
    let o = sudoku_lab(&["plot", out.to_str().unwrap()], &[]);
    assert_ok(&o);
    assert!(stderr(&o).contains(edited), "{}", stderr(&o));
}

#[test]
fn resume_refuses_a_folder_whose_runs_another_build_made() {
    let (_dir, config, out) = tiny_run();
    let meta_path = out.join("meta.json");
    let text = fs::read_to_string(&meta_path).unwrap();
    let meta: serde_json::Value = serde_json::from_str(&text).unwrap();
    let ours = meta["git_revision"].as_str().unwrap().to_string();
    // The same build continues its own folder.
    assert_ok(&run(&config, &out, &["--resume"], &[]));
    // meta.json says another build made the runs: continuing would put two builds in one folder.
    fs::write(&meta_path, text.replace(&format!("\"{ours}\""), "\"0123456789abcdef\"")).unwrap();
    let o = run(&config, &out, &["--resume"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let said = stderr(&o);
    assert!(said.contains("made by a build of revision 0123456789abcdef"), "{said}");
    assert!(said.contains(&format!("this program is a build of {ours}")), "{said}");
    assert!(said.contains("--force"), "{said}");
    assert_eq!(fs::read_to_string(&meta_path).unwrap().matches("0123456789abcdef").count(), 1, "nothing rewritten");
    // --force starts over with this build.
    assert_ok(&run(&config, &out, &["--force"], &[]));
    assert!(fs::read_to_string(&meta_path).unwrap().contains(&format!("\"{ours}\"")));
}

#[test]
fn provenance_is_the_builds_revision_and_no_git_runs_at_run_time() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("tiny.toml");
    fs::write(&config, TINY).unwrap();
    // A `git` first on PATH that leaves a mark when anyone starts it, and a GIT_DIR naming some
    // other repository: a run must consult neither.
    let bin = dir.path().join("bin");
    fs::create_dir(&bin).unwrap();
    let mark = dir.path().join("git-was-started");
    let fake_git = bin.join("git");
    fs::write(
        &fake_git,
        format!("#!/bin/sh\ntouch '{}'\necho 0000000000000000000000000000000000000000\n", mark.display()),
    )
    .unwrap();
    fs::set_permissions(&fake_git, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let other = dir.path().join("other-repo/.git");
    fs::create_dir_all(&other).unwrap();
    let out = dir.path().join("r");
    let path = format!("{}:/usr/bin:/bin", bin.display());
    let env = [("PATH", path.as_str()), ("GIT_DIR", other.to_str().unwrap()), ("GIT_WORK_TREE", "/")];
    let o = run(&config, &out, &[], &env);
    assert_ok(&o);
    assert!(!mark.exists(), "a run started git");
    let meta: serde_json::Value = serde_json::from_str(&fs::read_to_string(out.join("meta.json")).unwrap()).unwrap();
    let revision = sudoku_lab::experiment::meta::git_revision();
    assert_eq!(meta["git_revision"], revision);
    if Path::new(env!("CARGO_MANIFEST_DIR")).join(".git").exists() {
        let hex = revision.trim_end_matches("+dirty");
        assert!(hex.len() >= 40 && hex.chars().all(|c| c.is_ascii_hexdigit()), "built in a checkout: {revision}");
    }
    assert_eq!(meta["executable"], fs::canonicalize(BIN).unwrap().display().to_string());
    assert_eq!(meta["crate_version"], env!("CARGO_PKG_VERSION"));
}

/// A finished run of `tests/data/experiment-hang.toml` (4 runs, well under a second) in `dir/name`.
fn small_run(dir: &Path, name: &str) -> std::path::PathBuf {
    let out = dir.join(name);
    let config = data("experiment-hang.toml");
    let o = common::run(&["run", config.to_str().unwrap(), "--out", out.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    out
}

// Issue 27, item 7: `run --resume` kept a row with `outcome = solvd` or `seconds = -1` that
// `report` then refused: every reader now checks rows the same way.
#[test]
fn item07_resume_merge_report_and_plot_refuse_the_same_bad_row_with_the_same_words() {
    let dir = tempfile::tempdir().unwrap();
    for (column, value, said) in [(11, "solvd", "outcome = 'solvd': expected one of"), (12, "-1", "seconds = -1")] {
        let out = small_run(dir.path(), &format!("r-{value}"));
        edit_runs(&out, |i, l| vec![if i == 3 { with_field(l, column, value) } else { l.into() }]);
        // The file line and the column where the bad field starts.
        let runs = std::fs::read_to_string(out.join("runs.csv")).unwrap();
        let before: usize = runs.lines().nth(2).unwrap().split(',').take(column).map(|f| f.len() + 1).sum();
        let said = format!("runs.csv:3:{}: {said}", before + 1);
        let config = data("experiment-hang.toml");
        let (o, merged) = (out.to_str().unwrap(), dir.path().join(format!("m-{value}")));
        let resumed = code_and_err(&["run", config.to_str().unwrap(), "--out", o, "--resume"], "");
        let merge = code_and_err(&["merge", o, "--out", merged.to_str().unwrap()], "");
        let [report, plot] = report_and_plot(&out);
        for (what, (code, err)) in [("run --resume", resumed), ("merge", merge), ("report", report), ("plot", plot)] {
            assert_eq!(code, Some(2), "{what}: {err}");
            assert!(err.contains(&said), "{what}: expected '{said}' in: {err}");
        }
        assert!(!merged.exists(), "a refused merge writes nothing");
    }
}

// Issue 27, item 8: `merge … --out DIR --force` ignored the lock of a `run` writing DIR.
#[test]
fn item08_merge_respects_the_lock_of_a_command_writing_its_output_folder() {
    let dir = tempfile::tempdir().unwrap();
    let shard = small_run(dir.path(), "a");
    let busy = small_run(dir.path(), "busy");
    let before = std::fs::read(busy.join("runs.csv")).unwrap();
    // Hold the folder's lock as a running `run` does.
    let lock = std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(busy.join(".lock")).unwrap();
    lock.try_lock().unwrap();
    let (code, err) = code_and_err(&["merge", shard.to_str().unwrap(), "--out", busy.to_str().unwrap(), "--force"], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("is writing to it"), "{err}");
    assert_eq!(std::fs::read(busy.join("runs.csv")).unwrap(), before, "nothing replaced");
    for cmd in ["report", "plot"] {
        let (code, err) = code_and_err(&[cmd, busy.to_str().unwrap()], "");
        assert_eq!(code, Some(2), "{cmd}: {err}");
        assert!(err.contains("is writing to it"), "{cmd}: {err}");
    }
    drop(lock);
    let (code, err) = code_and_err(&["merge", shard.to_str().unwrap(), "--out", busy.to_str().unwrap(), "--force"], "");
    assert_eq!(code, Some(0), "unlocked, the merge goes ahead: {err}");
}

// Issue 27, item 9: `run CFG --out DIR --force` on a folder that is not a results folder deleted
// its images and report without a word.
#[test]
fn item09_force_refuses_a_folder_that_holds_no_results_and_keeps_the_users_files() {
    let dir = tempfile::tempdir().unwrap();
    let config = data("experiment-hang.toml");
    let photos = dir.path().join("photos");
    std::fs::create_dir(&photos).unwrap();
    let names = ["holiday.png", "logo.svg", "REPORT.md", "notes.txt"];
    for name in names {
        std::fs::write(photos.join(name), name).unwrap();
    }
    let shard = small_run(dir.path(), "a");
    let p = photos.to_str().unwrap();
    for args in [
        vec!["run", config.to_str().unwrap(), "--out", p, "--force"],
        vec!["merge", shard.to_str().unwrap(), "--out", p, "--force"],
    ] {
        let (code, err) = code_and_err(&args, "");
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("is not a results folder") && err.contains("holiday.png, logo.svg"), "{err}");
    }
    for name in names {
        assert_eq!(std::fs::read_to_string(photos.join(name)).unwrap(), name, "{name} untouched");
    }
    // In a results folder, --force replaces what the harness wrote and keeps everything else.
    let out = small_run(dir.path(), "r");
    for name in ["holiday.png", "logo.svg", "phase.svg", "REPORT.md"] {
        std::fs::write(out.join(name), "old").unwrap();
    }
    let o = common::run(&["run", config.to_str().unwrap(), "--out", out.to_str().unwrap(), "--force"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.join("holiday.png").exists() && out.join("logo.svg").exists(), "not ours: kept");
    assert!(!out.join("phase.svg").exists() && !out.join("REPORT.md").exists(), "ours: replaced");
}

// Issue 27, item 12: `merge` of a shard with a duplicated row said the run "is also in" the same
// folder.
#[test]
fn item12_a_row_duplicated_within_one_shard_is_reported_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let shard = small_run(dir.path(), "shd");
    edit_runs(&shard, |i, l| if i == 2 { vec![l.into(), l.into()] } else { vec![l.into()] });
    let out = dir.path().join("out");
    let (code, err) = code_and_err(&["merge", shard.to_str().unwrap(), "--out", out.to_str().unwrap()], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("shd/runs.csv:3:1: a second run of") && err.contains("the first is on line 2"), "{err}");
    assert!(!err.contains("is also in"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any bytes appended to a valid runs.csv, or any number put into one of its fields: `report`
    /// loads it or refuses it with an error naming runs.csv, never a panic.
    #[test]
    fn any_runs_csv_is_loaded_or_refused(
        extra in prop::collection::vec(any::<u8>(), 0..200),
        field in 0usize..23,
        value in prop_oneof![any::<f64>().prop_map(|v| v.to_string()), any::<i64>().prop_map(|v| v.to_string()), "[a-z ,\"]{0,8}"],
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("runs.csv");
        let text = std::fs::read_to_string(data("results-fixture").join("runs.csv")).unwrap();
        let mut lines: Vec<String> = text.lines().take(9).map(str::to_owned).collect();
        lines[3] = with_field(&lines[3], field, &value);
        let mut bytes = (lines.join("\n") + "\n").into_bytes();
        bytes.extend(&extra);
        std::fs::write(&path, &bytes).unwrap();
        match sudoku_lab::experiment::folder::read_runs(&path) {
            Ok((rows, _)) => prop_assert!(rows.iter().all(|r| sudoku_lab::experiment::validate::row_problem(r).is_none())),
            Err(e) => prop_assert!(e.to_string().contains("runs.csv"), "{}", e),
        }
    }
}

// Issue 27, item 5: `alphas = [0.3, 0.30000000000000004]` was two levels that `report` (4 decimals)
// merged.
#[test]
fn item05_two_alphas_equal_to_four_decimals_are_refused_as_one_level() {
    let dir = tempfile::tempdir().unwrap();
    let config = std::fs::read_to_string(data("experiment-hang.toml")).unwrap();
    for (alphas, said) in [
        ("[0.3, 0.30000000000000004]", "alphas[1]: α = 0.30000000000000004 is α = 0.3 (alphas[0]) to four decimals"),
        ("[0.3, 0.30001]", "alphas[1]: α = 0.30001 is α = 0.3 (alphas[0]) to four decimals"),
        ("[0.3, -0.0, 0.0]", "alphas[2]: α = 0 is listed twice"),
    ] {
        let path = file(dir.path(), "c.toml", &config.replace("alphas = [0.3]", &format!("alphas = {alphas}")));
        let (code, err) = code_and_err(&["run", &path, "--out", dir.path().join("r").to_str().unwrap()], "");
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains(said), "{alphas}: {err}");
    }
    let path = file(dir.path(), "c.toml", &config.replace("alphas = [0.3]", "alphas = [0.3, 0.3001]"));
    let o = common::run(&["run", &path, "--out", dir.path().join("ok").to_str().unwrap()], "");
    assert!(o.status.success(), "levels apart at four decimals are two: {}", stderr(&o));
}

// Issue 49, item 5: solver seeds. `solver_seeds = k` runs every (instance, solver) k times, each run
// with a seed of its own in `solver_seed`; the instances are those of one run per solver.
#[test]
fn solver_seeds_run_every_instance_and_solver_k_times_each_with_its_own_seed() {
    let dir = tempfile::tempdir().unwrap();
    let config = fs::read_to_string(data("experiment-seeds.toml")).unwrap();
    let keyed = file(dir.path(), "seeds.toml", &format!("{config}solver_seeds = 4\n"));
    let (by_key, by_flag, once) = (dir.path().join("key"), dir.path().join("flag"), dir.path().join("once"));
    assert_ok(&run(Path::new(&keyed), &by_key, &[], &[]));
    assert_ok(&run(&data("experiment-seeds.toml"), &by_flag, &["--solver-seeds", "4"], &[]));
    assert_ok(&run(&data("experiment-seeds.toml"), &once, &[], &[]));
    let rows = untimed(&by_key);
    assert_eq!(rows.len(), 4 * 3 * 4, "4 instances × 3 solvers × 4 seeds");
    let mut seeds: std::collections::BTreeMap<(u64, String), Vec<u64>> = Default::default();
    for r in &rows {
        seeds.entry((r.seed, r.solver.clone())).or_default().push(r.solver_seed.expect("every run has a seed"));
        assert_eq!(r.outcome, RunOutcome::Solved, "{r:?}");
        assert_eq!(r.agree, Some(true), "every run agrees with every other: {r:?}");
    }
    assert_eq!(seeds.len(), 4 * 3);
    for ((instance, solver), mut s) in seeds.clone() {
        s.dedup();
        assert_eq!(s.len(), 4, "{solver} on instance {instance}: four distinct solver seeds");
    }
    // Every solver of an instance gets the same k seeds (they are the instance's, not the solver's).
    let per_instance = |solver: &str| -> Vec<Vec<u64>> {
        seeds.iter().filter(|((_, s), _)| s == solver).map(|(_, v)| v.clone()).collect()
    };
    assert_eq!(per_instance("sat"), per_instance("backtrack"));
    // The key and the flag run the same; meta.json records the key in the config, the flag as an
    // override; the instances are those of one run per solver.
    assert_eq!(rows, untimed(&by_flag));
    let meta = |f: &Path| -> serde_json::Value {
        serde_json::from_str(&fs::read_to_string(f.join("meta.json")).unwrap()).unwrap()
    };
    assert_eq!(meta(&by_key)["config"]["solver_seeds"], 4);
    assert_eq!(meta(&by_flag)["overrides"]["solver_seeds"], 4);
    assert!(meta(&once)["config"].get("solver_seeds").is_none(), "k = 1 is not written");
    let instances = |f: &Path| fs::read_to_string(f.join("instances.txt")).unwrap();
    assert_eq!(instances(&by_key), instances(&once));
    // A resume with the same flag finds every run done; without it the config differs.
    assert_ok(&run(&data("experiment-seeds.toml"), &by_flag, &["--resume", "--solver-seeds", "4"], &[]));
    assert_eq!(rows, untimed(&by_flag));
    let (code, err) = code_and_err(
        &["run", data("experiment-seeds.toml").to_str().unwrap(), "--out", by_flag.to_str().unwrap(), "--resume"],
        "",
    );
    assert_eq!(code, Some(2), "{err}");
}

// With one solver seed (the default) nothing changes: the runs are those of the binary before solver
// seeds (`experiment-seeds-main.csv`, from ae60467), times aside, and `solver_seed` stays empty.
#[test]
fn one_solver_seed_runs_as_before_solver_seeds_existed() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    assert_ok(&run(&data("experiment-seeds.toml"), &out, &[], &[]));
    let before = dir.path().join("before");
    fs::create_dir(&before).unwrap();
    fs::copy(data("experiment-seeds-main.csv"), before.join("runs.csv")).unwrap();
    let (now, then) = (untimed(&out), untimed(&before));
    assert_eq!(now.len(), 12);
    assert_eq!(now, then);
    assert!(now.iter().all(|r| r.solver_seed.is_none()));
}

#[test]
fn solver_seeds_other_than_a_positive_count_are_refused_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let config = fs::read_to_string(data("experiment-seeds.toml")).unwrap();
    let out = dir.path().join("r");
    for (value, said) in [("0", "solver_seeds: 0 solver seeds"), ("-3", "solver_seeds: -3 solver seeds")] {
        let path = file(dir.path(), "c.toml", &format!("{config}solver_seeds = {value}\n"));
        let (code, err) = code_and_err(&["run", &path, "--out", out.to_str().unwrap()], "");
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains(said) && err.contains("c.toml:14"), "{value}: {err}");
    }
    let (code, err) = code_and_err(
        &[
            "run",
            data("experiment-seeds.toml").to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--solver-seeds",
            "0",
        ],
        "",
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--solver-seeds 0"), "{err}");
    assert!(!out.exists(), "a refused run touches nothing");
}

// Every seeded solver takes a solver seed and still answers (kissat's seed option once failed:
// its C API returns the previous value, 0, which rustsat reads as a refusal).
#[test]
fn every_seeded_solver_solves_with_solver_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let config = fs::read_to_string(data("experiment-seeds.toml")).unwrap().replace(
        "solvers = [\"sat\", \"backtrack\", \"ilp-clique\"]",
        "solvers = [\"kissat\", \"sat-minimal\", \"ilp-edge\", \"ilp-clique-cbc\", \"ilp-hybrid\", \
         { solver = \"ilp-clique\", name = \"ilp-clique+perturb\", perturb = true }]",
    );
    let path = file(dir.path(), "c.toml", &config);
    let out = dir.path().join("r");
    assert_ok(&run(Path::new(&path), &out, &["--solver-seeds", "3"], &[]));
    let rows = untimed(&out);
    assert_eq!(rows.len(), 4 * 6 * 3);
    for r in &rows {
        assert_eq!(r.outcome, RunOutcome::Solved, "{r:?}");
        assert!(r.solver_seed.is_some());
    }
}

// Issue 50, item 4: the two literature formulations take solver seeds like every ILP solver
// (HiGHS's `random_seed`), each run with its own, and still answer.
#[test]
fn ilp_pop_and_ilp_placement_solve_with_solver_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let config = fs::read_to_string(data("experiment-seeds.toml"))
        .unwrap()
        .replace("boxes = [\"3x3\", \"4x4\"]", "boxes = [\"3x3\"]")
        .replace("solvers = [\"sat\", \"backtrack\", \"ilp-clique\"]", "solvers = [\"ilp-pop\", \"ilp-placement\"]");
    let path = file(dir.path(), "c.toml", &config);
    let out = dir.path().join("r");
    assert_ok(&run(Path::new(&path), &out, &["--solver-seeds", "3"], &[]));
    let rows = untimed(&out);
    assert_eq!(rows.len(), 2 * 2 * 3);
    for r in &rows {
        assert_eq!(r.outcome, RunOutcome::Solved, "{r:?}");
    }
    for solver in ["ilp-pop", "ilp-placement"] {
        for rep in 0..2 {
            let seeds: std::collections::HashSet<u64> =
                rows.iter().filter(|r| r.solver == solver && r.rep == rep).filter_map(|r| r.solver_seed).collect();
            assert_eq!(seeds.len(), 3, "{solver}, instance {rep}: three distinct solver seeds");
        }
    }
}

// Issue 49, item 5, Done when: `solver_seeds = 4` on planted 25×25 at α = 0.45 with `sat` gives
// four distinct solver seeds per instance, and CaDiCaL's search differs between them (the seed
// renumbers the variables: its own seed option alone changed no conflict count on these).
#[test]
fn solver_seeds_change_cadicals_search() {
    let dir = tempfile::tempdir().unwrap();
    let config = "name = \"seeds-25\"\nboxes = [\"5x5\"]\nalphas = [0.45]\nmodes = [\"planted\"]\nrepeats = 3\n\
                  solvers = [\"sat\"]\nsolver_seeds = 4\ntime_limit = 60.0\nmemory_mb = 2048\nseed = 11\n";
    let path = file(dir.path(), "c.toml", config);
    let out = dir.path().join("r");
    assert_ok(&run(Path::new(&path), &out, &[], &[]));
    let rows = untimed(&out);
    assert_eq!(rows.len(), 3 * 4);
    let mut runs: std::collections::BTreeMap<u64, Vec<(u64, u64)>> = Default::default();
    for r in &rows {
        assert_eq!(r.outcome, RunOutcome::Solved, "{r:?}");
        let conflicts = r.conflicts.expect("CaDiCaL counts its conflicts");
        runs.entry(r.seed).or_default().push((r.solver_seed.expect("a solver seed"), conflicts));
    }
    assert_eq!(runs.len(), 3);
    for (instance, runs) in runs {
        let seeds: std::collections::BTreeSet<u64> = runs.iter().map(|r| r.0).collect();
        assert_eq!(seeds.len(), 4, "instance {instance}: four distinct solver seeds");
        let conflicts: std::collections::BTreeSet<u64> = runs.iter().map(|r| r.1).collect();
        assert!(conflicts.len() > 1, "instance {instance}: the same conflicts under every seed: {runs:?}");
    }
}
