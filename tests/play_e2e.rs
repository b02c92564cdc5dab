//! End to end: the real binary in a pseudo-terminal. Start a 4×4 game with a fixed seed, type its
//! solution, see the win screen, quit, and find the time in the saved ranking.
//!
//! The solution comes from the library (the same seed gives the same puzzle; the backtracking
//! solver answers, `verify` checks), never from the binary.

use std::time::Duration;

use expectrl::{Expect, Regex, Session};
use sudoku_lab::grid::Shape;
use sudoku_lab::logic::Rating;
use sudoku_lab::play::setup;
use sudoku_lab::solve::{self, Limits, SolverKind, SolverOptions};
use sudoku_lab::verify;

#[test]
fn a_4x4_game_typed_to_the_end_is_won_and_ranked() {
    let seed = 5;
    let game = setup::generated(Shape::new(2, 2).unwrap(), Rating::Easy, seed, Duration::ZERO).unwrap();
    let mut solver = SolverKind::Backtrack.build(&SolverOptions::default());
    let report = solve::solve(solver.as_mut(), &game.puzzle, &Limits::default()).unwrap();
    let solution = report.outcome.solution().expect("a generated puzzle has a solution").clone();
    assert!(verify::is_solution_of(&game.puzzle, &solution));

    let data = tempfile::tempdir().unwrap();
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-lab"));
    cmd.args(["play", "--size", "4", "--seed", &seed.to_string(), "--player", "e2e", "--data-dir"]);
    cmd.arg(data.path());
    cmd.env("TERM", "xterm-256color");
    let mut p = Session::spawn(cmd).expect("spawn the binary in a pty");
    p.get_process_mut().set_window_size(80, 24).unwrap();
    p.set_expect_timeout(Some(Duration::from_secs(8)));
    p.expect("Mistakes").expect("the game screen");

    // Row by row: type each empty cell's digit; four moves right wrap to the row start.
    let mut keys = String::new();
    for row in 0..4 {
        for col in 0..4 {
            let cell = row * 4 + col;
            if game.puzzle.get(cell) == 0 {
                keys.push((b'0' + solution.get(cell)) as char);
            }
            keys.push('l');
        }
        keys.push('j');
    }
    p.send(&keys).unwrap();
    p.expect(Regex("Puzzle.{0,16}solved!")).expect("the win screen");
    p.expect(Regex("#1.{0,16}in.{0,16}4x4-easy")).expect("ranked first");
    p.send("\r").unwrap();
    p.expect("New game").expect("back to the menu");
    p.send("q").unwrap();
    p.expect(expectrl::Eof).expect("the program ends");

    let ranking: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(data.path().join("ranking.json")).unwrap()).unwrap();
    let best = &ranking["categories"]["4x4-easy"][0];
    assert_eq!(best["player"], "e2e");
    assert!(best["millis"].as_u64().is_some(), "{ranking}");
    eprintln!("saved ranking: {ranking}");
}
