//! Certified verdicts, end to end through the real binary: every "infeasible" of `run` and every
//! "none" of `solve` is backed by a proof the independent checker (`rate`, installed by
//! `scripts/setup.sh`) accepted, or it does not count; a solver that says "no solution" to
//! everything never finishes a run, whatever the expectations and repeats say; expected verdicts
//! are honoured by `solve` as by `run`, and a verified solution beats them.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use sudoku_lab::experiment::record::RunRow;

use common::{puzzles, rows, sudoku_lab};

fn fake(script: &str) -> String {
    common::data("fake-solvers").join(script).display().to_string()
}

/// `liar` (always UNSAT) and `garbage-proof` (UNSAT with a proof that proves nothing) as
/// definitions in `dir/fakes.toml`.
fn fakes(dir: &Path) -> PathBuf {
    let path = dir.join("fakes.toml");
    let text = format!(
        "[[external]]\nname = \"liar\"\ninput = \"cnf\"\ncommand = [\"{}\", \"{{input}}\"]\nanswer = \"sat-competition\"\n\n\
         [[external]]\nname = \"garbage-proof\"\ninput = \"cnf\"\ncommand = [\"{}\", \"{{input}}\", \"{{proof}}\"]\n\
         answer = \"sat-competition\"\n",
        fake("unsat.sh"),
        fake("garbage-proof.sh")
    );
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
        assert_eq!((r.outcome.as_str(), r.certificate.as_str()), ("infeasible", "checked"), "{r:?}");
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
fn random_fills_with_sat_ilp_and_backtrack_have_every_infeasible_row_checked() {
    let dir = tempfile::tempdir().unwrap();
    let grid = "boxes = [\"4x4\"]\nalphas = [0.6, 0.7]\nmodes = [\"random\"]\nrepeats = 3\n";
    let cfg = config(dir.path(), &["sat", "ilp-clique", "backtrack"], grid, "");
    let out = dir.path().join("out");
    let o = run(&cfg, &out, &["--jobs", "2"]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let rows = rows(&out);
    let infeasible: Vec<&RunRow> = rows.iter().filter(|r| r.outcome == "infeasible").collect();
    assert!(infeasible.len() >= 3, "16×16 random fills at α 0.6–0.7 are mostly unsolvable: {rows:?}");
    for r in &infeasible {
        assert_eq!(r.certificate, "checked", "{r:?}");
    }
    for r in rows.iter().filter(|r| r.outcome != "infeasible") {
        assert_eq!(r.certificate, "", "no proof applies to a solution: {r:?}");
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
            let word = if solvers.len() == 1 { "failed" } else { "" };
            assert_eq!((r.outcome.as_str(), r.certificate.as_str()), ("infeasible", word), "{r:?}");
        }
        let text = report(&out);
        let par2 = text.lines().find(|l| l.contains("PAR-2 over all runs")).unwrap();
        assert!(par2.contains("`liar` 40.0 s (0 of 4 finished)"), "{par2}");
        assert!(!text.contains("a peer wins") && !text.contains("an external solver wins"), "{text}");
        let o = sudoku_lab(&["plot", out.to_str().unwrap()]);
        assert!(o.status.success(), "{}", common::stderr(&o));
        let cactus = fs::read_to_string(out.join("cactus.svg")).unwrap_or_default();
        assert!(!cactus.contains("liar (4 of 4)") && !cactus.contains("liar (1 of"), "the liar finishes nothing");
        if solvers.len() == 2 {
            assert!(text.contains("1 puzzle(s) have a wrong expected verdict"), "{text}");
            assert!(par2.contains("`backtrack`") && par2.contains("(4 of 4 finished)"), "{par2}");
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
        assert_eq!(r.certificate, word, "{r:?}");
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
    assert!(rows(&off).iter().all(|r| r.certificate == "off"));
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
