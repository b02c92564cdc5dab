//! `portfolio`: the race of several solvers in worker processes — the first verified answer wins
//! and names its member, a stuck member never holds the race up, members stop with the race, the
//! limit holds when nobody answers, and `run` records the winner. Every grid is checked by the
//! oracle.

use std::time::{Duration, Instant};

use sudoku_lab::format::read_puzzles;
use sudoku_lab::solve::portfolio::{members, DEFAULT_MEMBERS};
use sudoku_lab::solve::{solve, Limits, Outcome, SolverKind, SolverOptions};

use crate::common::{corpus, data, run, stderr, stdout};

/// Runs `solve --solver portfolio` on `input` with extra arguments and environment.
fn portfolio_stats(input: &str, args: &[&str], env: &[(&str, &str)]) -> (std::process::Output, Vec<Vec<String>>) {
    let dir = tempfile::tempdir().unwrap();
    let stats = dir.path().join("stats.csv");
    let puzzles = dir.path().join("p.txt");
    std::fs::write(&puzzles, input).unwrap();
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-lab"));
    cmd.args(["solve", puzzles.to_str().unwrap(), "--solver", "portfolio", "--stats", stats.to_str().unwrap()]);
    cmd.args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    let rows = std::fs::read_to_string(&stats).unwrap_or_default().lines().map(csv_fields).collect();
    (out, rows)
}

/// The fields of one CSV line (quoted fields kept whole).
fn csv_fields(line: &str) -> Vec<String> {
    let mut r = csv::ReaderBuilder::new().has_headers(false).from_reader(line.as_bytes());
    r.records().next().map(|rec| rec.unwrap().iter().map(String::from).collect()).unwrap_or_default()
}

fn column(rows: &[Vec<String>], name: &str) -> Vec<String> {
    let at = rows[0].iter().position(|c| c == name).unwrap_or_else(|| panic!("no column {name}: {:?}", rows[0]));
    rows[1..].iter().map(|r| r[at].clone()).collect()
}

#[test]
fn the_default_members_are_one_search_and_both_cdcl_backends() {
    assert_eq!(DEFAULT_MEMBERS, [SolverKind::Backtrack, SolverKind::Sat, SolverKind::Kissat]);
    assert_eq!(members(&SolverOptions::default()), DEFAULT_MEMBERS.to_vec());
    let two = SolverOptions { members: vec![SolverKind::Dlx, SolverKind::Sat], ..SolverOptions::default() };
    assert_eq!(members(&two), [SolverKind::Dlx, SolverKind::Sat]);
    assert_eq!(SolverKind::Portfolio.processes(&two), 2);
    assert_eq!(SolverKind::Sat.processes(&two), 1);
}

#[test]
fn the_first_verified_answer_wins_and_names_its_member() {
    // In-process, as the registry builds it: members run in workers of the built binary.
    let mut portfolio = SolverKind::Portfolio.build(&SolverOptions::default());
    for (p, s) in corpus("9x9-hardest11").into_iter().take(3) {
        let r = solve(portfolio.as_mut(), &p.puzzle, &Limits::seconds(30.0)).unwrap();
        assert_eq!(r.outcome, Outcome::Solved(s.puzzle.clone()), "line {}", p.line);
        let winner = r.stats.winner.clone().expect("the winner is named");
        assert!(["backtrack", "sat", "kissat"].contains(&winner.as_str()), "{winner}");
        let note = r.note.unwrap();
        assert!(note.starts_with(&format!("won by {winner} at ")), "{note}");
        assert!(r.stats.seconds + r.stats.build_seconds < 30.0);
    }
    // An unsolvable puzzle: the first proof ends the race.
    let dead = sudoku_lab::format::parse("12.........3...4", "t", None, None).unwrap().remove(0).puzzle;
    let r = solve(portfolio.as_mut(), &dead, &Limits::seconds(10.0)).unwrap();
    assert_eq!(r.outcome, Outcome::Infeasible);
}

#[test]
fn a_member_that_hangs_does_not_hold_the_race_up_and_is_stopped() {
    // Every `sat` job hangs (worker test hook): backtrack or kissat must win, and the hung member
    // must be killed when the race ends, not at the limit.
    let (p, s) = corpus("9x9-top95").remove(0);
    let line = sudoku_lab::format::to_line(&p.puzzle);
    let start = Instant::now();
    let (out, rows) = portfolio_stats(&line, &["--time-limit", "60"], &[("SUDOKU_LAB_TEST_WORKER_HANG", "sat")]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(start.elapsed() < Duration::from_secs(20), "the race waited for the hung member");
    let answer = sudoku_lab::format::parse(stdout(&out).trim(), "t", None, None).unwrap().remove(0).puzzle;
    assert_eq!(answer, s.puzzle);
    let winner = column(&rows, "winner");
    assert!(winner[0] == "backtrack" || winner[0] == "kissat", "{winner:?}");
    assert!(column(&rows, "note")[0].contains("sat: stopped"), "{:?}", column(&rows, "note"));
}

#[test]
fn when_no_member_answers_the_limit_holds_and_every_member_is_gone() {
    let hard = read_puzzles(data("36x36-hard.txt").to_str().unwrap(), None, None).unwrap().remove(0).puzzle;
    let line = sudoku_lab::format::to_line(&hard);
    let start = Instant::now();
    let (out, rows) = portfolio_stats(&line, &["--time-limit", "1", "--members", "sat,kissat"], &[]);
    let elapsed = start.elapsed();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(elapsed < Duration::from_secs(8), "a 1 s race took {elapsed:?}");
    assert_eq!(column(&rows, "outcome"), ["limit"]);
    assert_eq!(column(&rows, "winner"), [""]);
    let note = &column(&rows, "note")[0];
    // Members are named in the order chosen, whichever stopped first; kissat may overrun its
    // limit into the kill.
    assert!(note.starts_with("no member answered within the limit: sat: limit, kissat: "), "{note}");
}

#[test]
fn no_member_outlives_the_race() {
    // Every process the race starts inherits this marker; none may be left once `solve` is done.
    let marker = format!("race-{}-{:?}", std::process::id(), Instant::now());
    let hard = read_puzzles(data("36x36-hard.txt").to_str().unwrap(), None, None).unwrap().remove(0).puzzle;
    let line = sudoku_lab::format::to_line(&hard);
    let (out, rows) = portfolio_stats(&line, &["--time-limit", "1"], &[("SUDOKU_LAB_TEST_MARKER", &marker)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(column(&rows, "outcome"), ["limit"], "the hard 36×36 instance is not solved in 1 s");
    let needle = format!("SUDOKU_LAB_TEST_MARKER={marker}");
    let alive = || -> Vec<String> {
        std::fs::read_dir("/proc")
            .unwrap()
            .flatten()
            .filter(|e| {
                std::fs::read(e.path().join("environ"))
                    .is_ok_and(|env| env.split(|&b| b == 0).any(|v| v == needle.as_bytes()))
            })
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect()
    };
    // Members killed with the race are reaped at once; allow the parent watchdog's 100 ms poll.
    let deadline = Instant::now() + Duration::from_secs(2);
    while !alive().is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(alive(), Vec::<String>::new(), "processes of the race still alive");
}

#[test]
fn bad_member_lists_are_usage_errors() {
    for (members, expected) in [("sat,portfolio", "cannot race itself"), ("sat,sat", "sat is named twice")] {
        let o = run(&["solve", "-", "--solver", "portfolio", "--members", members], "1...............\n");
        assert_eq!(o.status.code(), Some(2), "{members}: {}", stderr(&o));
        assert!(stderr(&o).contains(expected), "{members}: {}", stderr(&o));
    }
}

#[test]
fn a_run_records_the_winner_and_every_answer_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("race.toml");
    std::fs::write(
        &config,
        "name = \"race\"\nboxes = [\"2x2\", \"3x3\"]\nalphas = [0.3, 0.6]\nmodes = [\"planted\", \"random\"]\n\
         repeats = 2\nsolvers = [\"portfolio\", \"backtrack\"]\ntime_limit = 20.0\nseed = 3\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let o = run(&["run", config.to_str().unwrap(), "--out", out.to_str().unwrap(), "--jobs", "2"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(out.join("runs.csv")).unwrap();
    let rows: Vec<Vec<String>> = text.lines().map(csv_fields).collect();
    let solver = column(&rows, "solver");
    let winner = column(&rows, "winner");
    let outcome = column(&rows, "outcome");
    let verified = column(&rows, "verified");
    let agree = column(&rows, "agree");
    assert_eq!(solver.iter().filter(|s| *s == "portfolio").count(), 16);
    for i in 0..solver.len() {
        if solver[i] == "portfolio" {
            assert!(["backtrack", "sat", "kissat"].contains(&winner[i].as_str()), "row {i}: {winner:?}");
            assert!(outcome[i] == "solved" || outcome[i] == "infeasible", "row {i}: {}", outcome[i]);
        } else {
            assert_eq!(winner[i], "", "only the portfolio has a winner");
        }
        if outcome[i] == "solved" {
            assert_eq!(verified[i], "true", "row {i}");
        }
        assert_ne!(agree[i], "false", "row {i}");
    }
}
