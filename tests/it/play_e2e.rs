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

/// Starts `play` on a new 4×4 game in a pseudo-terminal with its data in `data`, types a digit
/// into the first empty cell, and returns the session once the move is on screen.
fn game_in_a_pty(data: &std::path::Path) -> expectrl::session::OsSession {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-lab"));
    cmd.args(["play", "--size", "4", "--seed", "5", "--player", "sig", "--data-dir"]);
    cmd.arg(data);
    cmd.env("TERM", "xterm-256color");
    let mut p = Session::spawn(cmd).expect("spawn the binary in a pty");
    p.get_process_mut().set_window_size(80, 24).unwrap();
    p.set_expect_timeout(Some(Duration::from_secs(8)));
    p.expect("Mistakes").expect("the game screen");
    let game = setup::generated(Shape::new(2, 2).unwrap(), Rating::Easy, 5, Duration::ZERO).unwrap();
    let first_empty = (0..16).find(|&c| game.puzzle.get(c) == 0).unwrap();
    p.send("l".repeat(first_empty % 4) + &"j".repeat(first_empty / 4) + "1").unwrap();
    std::thread::sleep(Duration::from_millis(500)); // a few ticks: the move is made

    p
}

// Issue 27, item 13: SIGHUP or SIGTERM mid-game lost the game and, after TERM, left the terminal
// in raw mode and the alternate screen.
#[test]
fn sighup_and_sigterm_mid_game_save_it_and_restore_the_terminal() {
    for (signal, number) in [("TERM", 15), ("HUP", 1)] {
        let data = tempfile::tempdir().unwrap();
        let mut p = game_in_a_pty(data.path());
        let pid = p.get_process().pid().to_string();
        assert!(std::process::Command::new("kill").args([&format!("-{signal}"), &pid]).status().unwrap().success());
        let mut rest = Vec::new();
        std::io::Read::read_to_end(&mut p, &mut rest).ok();
        let rest = String::from_utf8_lossy(&rest);
        assert!(rest.contains("\u{1b}[?1049l"), "SIG{signal}: the alternate screen is left: {rest:?}");
        let status = p.get_process_mut().wait().unwrap();
        let status = format!("{status:?}");
        assert!(
            status.starts_with("Exited(") && status.ends_with(&format!(", {})", 128 + number)),
            "SIG{signal}: {status}"
        );
        let games: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(data.path().join("games.json")).expect("games.json written"))
                .unwrap();
        assert_eq!(games.as_array().map(Vec::len), Some(1), "SIG{signal}: {games}");
        assert_eq!(games[0]["player"], "sig");
        let filled = |key: &str| games[0][key].as_array().unwrap().iter().filter(|v| **v != 0).count();
        assert_eq!(filled("entries"), filled("puzzle") + 1, "SIG{signal}: the typed digit is saved");
    }
}

// Issue 27, item 14: in a terminal too small for the board, `j 5 i i` placed a digit, took 200
// points, counted a mistake and a hint.
#[test]
fn keys_typed_at_a_board_too_big_for_the_terminal_do_nothing() {
    let data = tempfile::tempdir().unwrap();
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-lab"));
    cmd.args(["play", "--size", "9", "--seed", "5", "--player", "small", "--data-dir"]);
    cmd.arg(data.path());
    cmd.env("TERM", "xterm-256color");
    let mut p = Session::spawn(cmd).expect("spawn the binary in a pty");
    p.get_process_mut().set_window_size(30, 10).unwrap();
    p.set_expect_timeout(Some(Duration::from_secs(8)));
    p.expect(Regex("too.{0,20}small")).expect("the too-small message");
    for k in ["j", "5", "i", "i", "x", "m"] {
        p.send(k).unwrap();
        std::thread::sleep(Duration::from_millis(150));
    }
    p.send("\u{3}").unwrap(); // Ctrl-C: save and quit
    p.expect(expectrl::Eof).expect("the program ends");
    let games: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(data.path().join("games.json")).unwrap()).unwrap();
    let game = &games[0];
    assert_eq!(game["entries"], game["puzzle"], "no digit placed: {game}");
    assert_eq!(
        (game["mistakes"].as_u64(), game["hints"].as_u64(), game["score"].as_i64()),
        (Some(0), Some(0), Some(0))
    );
    assert_eq!(game["cursor"], 0, "the selection did not move");
}
