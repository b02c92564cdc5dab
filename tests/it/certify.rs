//! Certified verdicts, end to end through the real binary: every "infeasible" of `run` and every
//! "none" of `solve` is backed by a proof the independent checker (`rate`, installed by
//! `scripts/setup.sh`) accepted, or it does not count; a solver that says "no solution" to
//! everything never finishes a run, whatever the expectations and repeats say; expected verdicts
//! are honoured by `solve` as by `run`, and a verified solution beats them.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use sudoku_lab::experiment::record::{RunCertificate, RunOutcome, RunRow};

use crate::common::{self, certificate, puzzles, rows, sudoku_lab};

fn fake(script: &str) -> String {
    common::data("fake-solvers").join(script).display().to_string()
}

/// `liar` (always UNSAT), and as UNSAT answers with a `{proof}`: `garbage-proof` (a proof that
/// proves nothing), `rewriter` (rewrites its CNF into a trivially unsatisfiable one, with an empty
/// proof of that) and `fifo` (a named pipe for a proof), as definitions in `dir/fakes.toml`.
fn fakes(dir: &Path) -> PathBuf {
    let path = dir.join("fakes.toml");
    let mut text = format!(
        "[[external]]\nname = \"liar\"\ninput = \"cnf\"\ncommand = [\"{}\", \"{{input}}\"]\nanswer = \"sat-competition\"\n",
        fake("unsat.sh"),
    );
    for (name, script) in
        [("garbage-proof", "garbage-proof.sh"), ("rewriter", "rewrite-input.sh"), ("fifo", "fifo-proof.sh")]
    {
        text += &format!(
            "\n[[external]]\nname = \"{name}\"\ninput = \"cnf\"\ncommand = [\"{}\", \"{{input}}\", \"{{proof}}\"]\n\
             answer = \"sat-competition\"\n",
            fake(script)
        );
    }
    fs::write(&path, text).unwrap();
    path
}

/// A config over `dir/p/*.txt` with `solvers`, the fakes defined, and `extra` keys.
fn config(dir: &Path, solvers: &[&str], extra: &str, sets: &str) -> PathBuf {
    fakes(dir);
    let list = solvers.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ");
    let text = format!(
        "name = \"cert\"\nsolvers = [{list}]\ntime_limit = 20.0\nseed = 5\nexternal = [\"fakes.toml\"]\n{extra}\n{sets}"
    );
    let path = dir.join("cert.toml");
    fs::write(&path, text).unwrap();
    path
}

fn run(cfg: &Path, out: &Path, more: &[&str]) -> Output {
    let mut args = vec!["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()];
    args.extend(more);
    sudoku_lab(&args)
}

fn report(out: &Path) -> String {
    let o = sudoku_lab(&["report", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    fs::read_to_string(out.join("REPORT.md")).unwrap()
}

#[test]
fn every_infeasible_row_of_an_unsolvable_set_is_checked_and_the_report_names_the_checker() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("p")).unwrap();
    fs::copy(common::data("9x9-unsolvable.txt"), dir.path().join("p/none.txt")).unwrap();
    let cfg = config(dir.path(), &["sat", "backtrack"], "", "[[sets]]\nname = \"none\"\nfiles = [\"p/none.txt\"]\n");
    let out = dir.path().join("out");
    let o = run(&cfg, &out, &[]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let rows = rows(&out);
    assert_eq!(rows.len(), 20);
    for r in &rows {
        assert_eq!((r.outcome.word(), certificate(r)), ("infeasible", "checked"), "{r:?}");
        assert!(r.certify_seconds.is_some(), "{r:?}");
    }
    // Each puzzle is certified once: one of its two rows paid for it.
    let paid = rows.iter().filter(|r| r.certify_seconds.unwrap() > 0.0).count();
    assert_eq!(paid, 10);
    let meta: serde_json::Value = serde_json::from_str(&fs::read_to_string(out.join("meta.json")).unwrap()).unwrap();
    let version = meta["checker"]["version"].as_str().unwrap().to_owned();
    assert!(version.starts_with("rate "), "{meta}");
    let text = report(&out);
    let line = format!("of 20 \"infeasible\" answers, 20 checked by `{version}`");
    assert!(text.contains(&line), "{text}");
}

#[test]
fn the_report_names_the_checker_meta_json_records_not_rate_whatever_ran() {
    // SUDOKU_LAB_PROOF_CHECKER names a program of the user's; whatever it is, it is believed, so
    // the report must say which program checked, and the version it gave — it said `rate 0.3.0`
    // (the version only), and meta.json called every checker `rate`.
    let dir = tempfile::tempdir().unwrap();
    let rate = sudoku_lab::certificates::Checker::find().expect("rate is installed (scripts/setup.sh)");
    let wrapper = dir.path().join("my-checker");
    let script = format!(
        "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'my-checker 9.9'; exit 0; fi\nexec '{}' \"$@\"\n",
        rate.program.display()
    );
    fs::write(&wrapper, script).unwrap();
    fs::set_permissions(&wrapper, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let cfg = config(dir.path(), &["sat"], "", unsolvable_set(dir.path(), 2));
    let out = dir.path().join("out");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .args(["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()])
        .env("SUDOKU_LAB_PROOF_CHECKER", &wrapper)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", common::stderr(&o));
    assert!(rows(&out).iter().all(|r| certificate(r) == "checked"));
    let meta: serde_json::Value = serde_json::from_str(&fs::read_to_string(out.join("meta.json")).unwrap()).unwrap();
    let checker = &meta["checker"];
    assert_eq!(checker["name"], "my-checker", "{meta}");
    assert_eq!(checker["program"].as_str(), wrapper.to_str(), "{meta}");
    assert_eq!(checker["version"], "my-checker 9.9", "{meta}");
    let text = report(&out);
    let named = format!("2 checked by `my-checker 9.9` (`{}`)", wrapper.display());
    assert!(text.contains(&named), "{text}");
    assert!(!text.contains("rate 0.3"), "{text}");
}

#[test]
fn random_fills_with_sat_ilp_and_backtrack_have_every_infeasible_row_checked() {
    let dir = tempfile::tempdir().unwrap();
    let grid = "boxes = [\"4x4\"]\nalphas = [0.6, 0.7]\nmodes = [\"random\"]\nrepeats = 3\n";
    let cfg = config(dir.path(), &["sat", "ilp-clique", "backtrack"], grid, "");
    let out = dir.path().join("out");
    let o = run(&cfg, &out, &["--jobs", "2"]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let rows = rows(&out);
    let infeasible: Vec<&RunRow> = rows.iter().filter(|r| r.outcome == RunOutcome::Infeasible).collect();
    assert!(infeasible.len() >= 3, "16×16 random fills at α 0.6–0.7 are mostly unsolvable: {rows:?}");
    for r in &infeasible {
        assert_eq!(certificate(r), "checked", "{r:?}");
    }
    for r in rows.iter().filter(|r| r.outcome != RunOutcome::Infeasible) {
        assert_eq!(certificate(r), "", "no proof applies to a solution: {r:?}");
    }
}

#[test]
fn a_liar_never_finishes_whatever_the_expectations_and_repeats_say() {
    // A solvable puzzle a file says has none, run four times; the liar alone, then beside backtrack.
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("p")).unwrap();
    let p = &puzzles("9x9-top95.txt")[0];
    fs::write(dir.path().join("p/claims.txt"), format!("{p}:0\n")).unwrap();
    let sets = "[[sets]]\nname = \"claims\"\nfiles = [\"p/claims.txt\"]\nrepeats = 4\n";
    for solvers in [&["liar"][..], &["liar", "backtrack"]] {
        let cfg = config(dir.path(), solvers, "", sets);
        let out = dir.path().join(format!("out-{}", solvers.len()));
        let o = run(&cfg, &out, &[]);
        assert_eq!(o.status.code(), Some(1), "{}", common::stderr(&o));
        for r in rows(&out).iter().filter(|r| r.solver == "liar") {
            // Alone, certification finds the solution; beside backtrack, its verified one refutes the claim.
            assert_eq!((r.outcome.word(), certificate(r)), ("infeasible", "failed"), "{r:?}");
            let by =
                if solvers.len() == 1 { "certification found a solution" } else { "backtrack's verified solution" };
            assert!(r.note.contains(by), "{r:?}");
        }
        let text = report(&out);
        let par2 = text.lines().find(|l| l.contains("PAR-2 over all instances")).unwrap();
        assert!(par2.contains("`liar` 40.0 s (95 % CI 40–40 s, n = ") && par2.contains("), 0 solved"), "{par2}");
        assert!(!text.contains("a peer wins") && !text.contains("an external solver wins"), "{text}");
        let o = sudoku_lab(&["plot", out.to_str().unwrap()]);
        assert!(o.status.success(), "{}", common::stderr(&o));
        let cactus = fs::read_to_string(out.join("cactus.svg")).unwrap_or_default();
        assert!(!cactus.contains("liar (4 of 4)") && !cactus.contains("liar (1 of"), "the liar finishes nothing");
        if solvers.len() == 2 {
            assert!(text.contains("1 puzzle(s) have a wrong expected verdict"), "{text}");
            assert!(par2.contains("`backtrack`") && par2.contains("n = 4), 4 solved"), "{par2}");
        }
    }
}

#[test]
fn a_rejected_proof_is_a_wrong_answer_and_a_missing_checker_stops_the_run_before_it_starts() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("p")).unwrap();
    let none = &puzzles("9x9-unsolvable.txt")[..2];
    fs::write(dir.path().join("p/none.txt"), none.join("\n") + "\n").unwrap();
    let sets = "[[sets]]\nname = \"none\"\nfiles = [\"p/none.txt\"]\n";
    let cfg = config(dir.path(), &["sat", "garbage-proof"], "", sets);
    let out = dir.path().join("out");
    let o = run(&cfg, &out, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", common::stderr(&o));
    assert!(common::stderr(&o).contains("rate rejected the solver's proof"), "{}", common::stderr(&o));
    for r in rows(&out) {
        let word = if r.solver == "sat" { "checked" } else { "failed" };
        assert_eq!(certificate(&r), word, "{r:?}");
    }
    assert!(report(&out).contains("2 failed: a proof rejected, or a solution found (wrong answers)"));
    // Without the checker, nothing runs; with certification off, the verdicts are unchecked.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .args(["run", cfg.to_str().unwrap(), "--out", dir.path().join("x").to_str().unwrap()])
        .env("SUDOKU_LAB_PROOF_CHECKER", "/nonexistent/rate")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", common::stderr(&o));
    assert!(common::stderr(&o).contains("needs the proof checker `rate`"), "{}", common::stderr(&o));
    assert!(!dir.path().join("x").exists(), "nothing was written");
    let cfg = config(dir.path(), &["sat"], "certify = false", sets);
    let off = dir.path().join("off");
    let o = run(&cfg, &off, &[]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    assert!(rows(&off).iter().all(|r| certificate(r) == "off"));
    let text = report(&off);
    assert!(
        text.contains("none of the 2 \"infeasible\" answers is backed by a checked proof (certification off"),
        "{text}"
    );
}

#[test]
fn solve_honours_expected_verdicts_and_certifies_none() {
    let dir = tempfile::tempdir().unwrap();
    let defs = fakes(dir.path());
    let p = &puzzles("9x9-top95.txt")[0];
    let file = dir.path().join("one.txt");
    fs::write(&file, format!("{p}:1\n")).unwrap();
    let args = |more: &[&'static str]| {
        let mut a = vec!["solve", file.to_str().unwrap(), "--external", defs.to_str().unwrap(), "-s", "liar"];
        a.extend_from_slice(more);
        a.into_iter().map(str::to_owned).collect::<Vec<_>>()
    };
    let call = |a: Vec<String>| sudoku_lab(&a.iter().map(String::as_str).collect::<Vec<_>>());
    // Certified: the "no solution" is refuted by the solution certification finds, which is printed.
    let o = call(args(&[]));
    let err = common::stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("WRONG: liar claimed no solution, but certification found one"), "{err}");
    assert!(err.contains("CONTRADICTION: liar: infeasible, but the puzzle is expected unique"), "{err}");
    assert_eq!(common::stdout(&o).trim().len(), 81, "the solution: {}", common::stdout(&o));
    // Unchecked: the expectation still catches the lie, and nothing is called proven.
    let o = call(args(&["--no-certify"]));
    let err = common::stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("0 solved, 0 claimed without a solution (unchecked: --no-certify)"), "{err}");
    assert!(err.contains("1 contradicting the expected verdict"), "{err}");
    // A puzzle without a solution: "none", certified.
    let none = dir.path().join("none.txt");
    fs::write(&none, puzzles("9x9-unsolvable.txt")[0].clone() + "\n").unwrap();
    let o = sudoku_lab(&["solve", none.to_str().unwrap(), "-s", "sat"]);
    let err = common::stderr(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(common::stdout(&o).trim(), "none");
    assert!(err.contains("1 proven without a solution (certified by rate"), "{err}");
}

/// The first `count` puzzles of the unsolvable 9×9 sample in `dir/p/none.txt`, and the `[[sets]]`
/// table naming them `none`.
fn unsolvable_set(dir: &Path, count: usize) -> &'static str {
    fs::create_dir_all(dir.join("p")).unwrap();
    fs::write(dir.join("p/none.txt"), puzzles("9x9-unsolvable.txt")[..count].join("\n") + "\n").unwrap();
    "[[sets]]\nname = \"none\"\nfiles = [\"p/none.txt\"]\n"
}

/// Rewrites `out/runs.csv` with `edit` applied to every row (a file as an older build wrote it).
fn edit_rows(out: &Path, mut edit: impl FnMut(&mut RunRow)) {
    let path = out.join("runs.csv");
    let mut rows: Vec<RunRow> = csv::Reader::from_path(&path).unwrap().deserialize().map(|r| r.unwrap()).collect();
    rows.iter_mut().for_each(&mut edit);
    let mut writer = csv::Writer::from_path(&path).unwrap();
    rows.iter().for_each(|r| writer.serialize(r).unwrap());
    writer.flush().unwrap();
}

/// The rows of `out` of `solver`.
fn of<'a>(rows: &'a [RunRow], solver: &str) -> Vec<&'a RunRow> {
    rows.iter().filter(|r| r.solver == solver).collect()
}

/// Three top95 puzzles with their count and solution (`PUZZLE:1:SOLUTION`) in `dir/p/known.txt`.
fn known_puzzles(dir: &Path) {
    fs::create_dir_all(dir.join("p")).unwrap();
    let (p, s) = (puzzles("9x9-top95.txt"), puzzles("9x9-top95.solutions.txt"));
    let lines: Vec<String> = (0..3).map(|i| format!("{}:1:{}", p[i], s[i])).collect();
    fs::write(dir.join("p/known.txt"), lines.join("\n") + "\n").unwrap();
}

#[test]
fn a_solver_that_rewrites_its_input_is_never_checked_finished_or_ranked() {
    let dir = tempfile::tempdir().unwrap();
    known_puzzles(dir.path());
    // Beside sat, on puzzles whose file gives their solution, certification on.
    let sets = "[[sets]]\nname = \"known\"\nfiles = [\"p/known.txt\"]\n";
    let cfg = config(dir.path(), &["rewriter", "sat"], "", sets);
    let out = dir.path().join("with-sat");
    let o = run(&cfg, &out, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", common::stderr(&o));
    let all = rows(&out);
    for r in of(&all, "rewriter") {
        assert_eq!((r.outcome.word(), certificate(r)), ("infeasible", "failed"), "{r:?}");
        assert!(r.note.contains("the solver changed its input file"), "{r:?}");
        assert!(r.note.contains("rate rejected the solver's proof"), "checked against the harness's copy: {r:?}");
    }
    assert!(of(&all, "sat").iter().all(|r| r.outcome == RunOutcome::Solved && r.verified == Some(true)));
    assert!(!out.join("logs").exists() || fs::read_dir(out.join("logs")).unwrap().next().is_none(), "no proof left");
    let text = report(&out);
    let par2 = text.lines().find(|l| l.contains("PAR-2 over all instances")).unwrap();
    assert!(par2.contains("`rewriter` 40.0 s (95 % CI 40–40 s, n = 3), 0 solved") && par2.contains("`sat`"), "{par2}");
    assert!(
        !text.contains("wrong expected verdict")
            && !text.contains("a peer wins")
            && !text.contains("an external solver wins"),
        "{text}"
    );
    assert!(text.contains("of 3 \"infeasible\" answers, 0 checked"), "{text}");
    let o = sudoku_lab(&["plot", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    assert!(!fs::read_to_string(out.join("cactus.svg")).unwrap().contains("rewriter (3 of 3)"));

    // Alone, certification off, the set expected solvable: its own "proof" is rejected all the same.
    fs::write(dir.path().join("p/plain.txt"), puzzles("9x9-top95.txt")[..3].join("\n") + "\n").unwrap();
    let sets = "[[sets]]\nname = \"plain\"\nfiles = [\"p/plain.txt\"]\nexpect = \"solvable\"\n";
    let cfg = config(dir.path(), &["rewriter"], "certify = false", sets);
    let out = dir.path().join("alone");
    let o = run(&cfg, &out, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", common::stderr(&o));
    for r in rows(&out) {
        assert_eq!(certificate(&r), "failed", "{r:?}");
    }
    let text = report(&out);
    assert!(text.contains("`rewriter` 40.0 s (95 % CI 40–40 s, n = 3), 0 solved"), "{text}");
    assert!(!text.contains("wrong expected verdict"), "{text}");

    // On planted instances, certification on: never counted as checked.
    let grid = "boxes = [\"3x3\"]\nalphas = [0.5]\nmodes = [\"planted\"]\nrepeats = 3\n";
    let cfg = config(dir.path(), &["rewriter"], grid, "");
    let out = dir.path().join("planted");
    let o = run(&cfg, &out, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", common::stderr(&o));
    for r in rows(&out) {
        assert_eq!(certificate(&r), "failed", "{r:?}");
        assert!(r.note.contains("refuted: the puzzle has a solution (the solution it was generated from)"), "{r:?}");
    }
    let text = report(&out);
    assert!(text.contains("of 3 \"infeasible\" answers, 0 checked"), "{text}");
}

#[test]
fn an_old_checked_row_beside_a_verified_solution_counts_as_refuted_not_checked() {
    // A runs.csv written before the fix: the rewriter's rows say `checked` on a planted instance.
    let dir = tempfile::tempdir().unwrap();
    let grid = "boxes = [\"2x2\"]\nalphas = [0.5]\nmodes = [\"planted\"]\nrepeats = 2\n";
    let cfg = config(dir.path(), &["liar", "backtrack"], grid, "certify = false");
    let out = dir.path().join("out");
    run(&cfg, &out, &[]);
    edit_rows(&out, |r| {
        if r.solver == "liar" {
            r.certificate = Some(RunCertificate::Checked);
        }
    });
    let text = report(&out);
    assert!(text.contains("of 2 \"infeasible\" answers, 0 were checked"), "{text}");
    assert!(text.contains("2 were refuted by a verified solution"), "{text}");
}

#[test]
fn a_proof_that_is_a_named_pipe_is_refused_unread_and_nothing_is_left_behind() {
    let dir = tempfile::tempdir().unwrap();
    let sets = unsolvable_set(dir.path(), 2);
    // A checker that would wait on the pipe for its whole limit (320 s here) is never started on it.
    let cfg = config(dir.path(), &["fifo", "sat"], "", sets);
    let out = dir.path().join("out");
    let o = run(&cfg, &out, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", common::stderr(&o));
    for r in of(&rows(&out), "fifo") {
        assert_eq!(certificate(r), "failed", "{r:?}");
        assert!(r.note.contains("refused unread") && r.note.contains("is a named pipe, not a regular file"), "{r:?}");
    }
    assert!(of(&rows(&out), "sat").iter().all(|r| certificate(r) == "checked"));
    let logs: Vec<_> = fs::read_dir(out.join("logs")).map(|d| d.flatten().collect()).unwrap_or_default();
    assert!(logs.is_empty(), "no pipe or CNF left: {logs:?}");
}

/// A wrapper around the real checker at `dir/checker.sh`: it counts its checks in `dir/calls`,
/// and with `vanish_at` K deletes itself during check K (which still runs).
fn wrapped_checker(dir: &Path, vanish_at: Option<u32>) -> PathBuf {
    let rate = sudoku_lab::certificates::Checker::find().expect("rate is installed by scripts/setup.sh").program;
    let path = dir.join("checker.sh");
    let calls = dir.join("calls");
    let vanish = vanish_at.map(|k| format!("[ \"$n\" -ge {k} ] && rm -f \"$0\"\n")).unwrap_or_default();
    let text = format!(
        "#!/bin/sh\n[ \"$1\" = --version ] && exec {rate} --version\nn=$(( $(cat {calls} 2>/dev/null || echo 0) + 1 ))\n\
         echo $n > {calls}\n{vanish}exec {rate} \"$@\"\n",
        rate = rate.display(),
        calls = calls.display()
    );
    fs::write(&path, text).unwrap();
    fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    path
}

fn run_with_checker(cfg: &Path, out: &Path, checker: &Path, more: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .args(["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap(), "--jobs", "1"])
        .args(more)
        .env("SUDOKU_LAB_PROOF_CHECKER", checker)
        .output()
        .unwrap()
}

#[test]
fn a_checker_that_vanishes_stops_the_run_and_resume_certifies_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let sets = unsolvable_set(dir.path(), 6);
    let cfg = config(dir.path(), &["sat"], "", sets);
    let out = dir.path().join("out");
    // The checker certifies two puzzles, then is gone: the run stops, says how to go on, and no
    // row calls a correct verdict unproven.
    let checker = wrapped_checker(dir.path(), Some(2));
    let o = run_with_checker(&cfg, &out, &checker, &[]);
    let err = common::stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("certification stopped the run") && err.contains("could not be started"), "{err}");
    assert!(err.contains("--resume"), "{err}");
    let before = rows(&out);
    assert_eq!(before.len(), 2, "{before:?}");
    assert!(before.iter().all(|r| certificate(r) == "checked"), "{before:?}");
    // Back again: --resume runs the rest, every verdict checked.
    let checker = wrapped_checker(dir.path(), None);
    let o = run_with_checker(&cfg, &out, &checker, &["--resume"]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let after = rows(&out);
    assert_eq!(after.len(), 6);
    assert!(after.iter().all(|r| r.outcome == RunOutcome::Infeasible && certificate(r) == "checked"), "{after:?}");
}

#[test]
fn resume_certifies_again_the_rows_left_unproven() {
    // A runs.csv from before the fix, where a vanished checker left correct verdicts `unproven`.
    let dir = tempfile::tempdir().unwrap();
    let sets = unsolvable_set(dir.path(), 3);
    let cfg = config(dir.path(), &["sat", "backtrack"], "", sets);
    let out = dir.path().join("out");
    assert!(run(&cfg, &out, &[]).status.success());
    edit_rows(&out, |r| {
        (r.certificate, r.note) = (Some(RunCertificate::Unproven), "the solver's proof: could not be started".into())
    });
    let checker = wrapped_checker(dir.path(), None);
    let o = run_with_checker(&cfg, &out, &checker, &["--resume"]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let after = rows(&out);
    assert_eq!(after.len(), 6);
    assert!(after.iter().all(|r| certificate(r) == "checked"), "{after:?}");
    assert_eq!(fs::read_to_string(dir.path().join("calls")).unwrap().trim(), "3", "one check a puzzle");
}

#[test]
fn sigterm_during_a_check_ends_the_run_at_once_and_leaves_the_instance_for_resume() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(dir.path(), &["garbage-proof"], "", unsolvable_set(dir.path(), 1));
    let out = dir.path().join("out");
    // A checker that answers --version, then says it started and waits for ever.
    let started = dir.path().join("started");
    let checker = dir.path().join("stuck.sh");
    fs::write(
        &checker,
        format!(
            "#!/bin/sh\n[ \"$1\" = --version ] && echo 'stuck 1.0' && exit 0\necho $$ > {}\nexec sleep 100000\n",
            started.display()
        ),
    )
    .unwrap();
    fs::set_permissions(&checker, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .args(["run", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()])
        .env("SUDOKU_LAB_PROOF_CHECKER", &checker)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    while !started.exists() {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let pid = fs::read_to_string(&started).unwrap().trim().parse::<i32>().unwrap();
    // SAFETY: a signal to the child we started.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(128 + 15));
    let mut err = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
    assert!(err.contains("stopped by SIGTERM: 0 of 1 instances done"), "{err}");
    assert!(rows(&out).is_empty(), "the instance is left for --resume");
    // SAFETY: signal 0 only asks whether the checker is still there.
    assert_ne!(unsafe { libc::kill(pid, 0) }, 0, "the checker is gone");
    let logs: Vec<_> = fs::read_dir(out.join("logs")).map(|d| d.flatten().collect()).unwrap_or_default();
    assert!(logs.is_empty(), "no CNF or proof left: {logs:?}");
}

#[test]
fn a_complete_grid_is_unique_with_a_checked_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let solved = puzzles("9x9-top95.solutions.txt")[0].clone();
    let file = dir.path().join("full.txt");
    fs::write(&file, format!("{solved}\n")).unwrap();
    let o = sudoku_lab(&["analyze", file.to_str().unwrap()]);
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(out.contains("certificate: checked"), "{out}");
    assert!(!out.contains("failed") && !err.contains("solver bug"), "{out}{err}");
    let o =
        sudoku_lab(&["puzzle", "--size", "9", "--difficulty", "easy", "--givens", "81-81", "--certify", "--seed", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
    assert!(!common::stdout(&o).contains('.'), "a full grid: {}", common::stdout(&o));
}

#[test]
fn solve_blames_the_liar_not_a_true_expectation() {
    let dir = tempfile::tempdir().unwrap();
    let defs = fakes(dir.path());
    let (p, s) = (&puzzles("9x9-top95.txt")[0], &puzzles("9x9-top95.solutions.txt")[0]);
    let file = dir.path().join("one.txt");
    fs::write(&file, format!("{p}:{s}\n")).unwrap();
    for certify in [true, false] {
        let mut args = vec!["solve", file.to_str().unwrap(), "--external", defs.to_str().unwrap(), "-s", "rewriter"];
        if !certify {
            args.push("--no-certify");
        }
        let o = sudoku_lab(&args);
        let err = common::stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(err.contains("WRONG: rewriter claimed no solution"), "{err}");
        assert!(err.contains("CONTRADICTION: rewriter: infeasible, but the puzzle is expected solvable"), "{err}");
        assert!(!err.contains("the expectation is wrong"), "{err}");
        assert!(err.contains("0 proven without a solution") || err.contains("0 claimed without a solution"), "{err}");
    }
}

#[test]
fn ilp_pop_says_none_to_an_unsolvable_puzzle_and_solve_certifies_it() {
    let dir = tempfile::tempdir().unwrap();
    let none = dir.path().join("none.txt");
    fs::write(&none, puzzles("9x9-unsolvable.txt")[0].clone() + "\n").unwrap();
    let o = sudoku_lab(&["solve", none.to_str().unwrap(), "-s", "ilp-pop"]);
    let err = common::stderr(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(common::stdout(&o).trim(), "none");
    assert!(err.contains("1 proven without a solution (certified by rate"), "{err}");
}
