//! `play` without a terminal: the game state machine (moves, undo/redo, score, mistakes, hints,
//! pause, create mode, winning), saves and the ranking on disk, and the drawing on ratatui's
//! `TestBackend`.

use std::time::Duration;

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use sudoku_lab::format;
use sudoku_lab::grid::{Grid, Shape};
use sudoku_lab::logic::{Rating, Technique};
use sudoku_lab::play::game::Placed;
use sudoku_lab::play::hint::Hint;
use sudoku_lab::play::ranking::Ranking;
use sudoku_lab::play::saves::SavedGame;
use sudoku_lab::play::settings::Settings;
use sudoku_lab::play::store::{Store, GAMES, RANKING};
use sudoku_lab::play::{setup, view, App, Effect, Event, Game, Key, Screen};
use sudoku_lab::verify;

const SECOND: Duration = Duration::from_secs(1);

fn four_by_four() -> Game {
    setup::generated(Shape::new(2, 2).unwrap(), Rating::Easy, 1, Duration::ZERO).unwrap()
}

fn nine_by_nine() -> Game {
    let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    setup::from_puzzle(format::parse(text, "t", None, None).unwrap().remove(0).puzzle, Duration::ZERO).unwrap()
}

fn first_empty(game: &Game) -> usize {
    (0..game.puzzle.cells().len()).find(|&c| game.puzzle.get(c) == 0).unwrap()
}

/// A digit other than the solution's that fits the cell (repeats nowhere), if any.
fn wrong_but_fitting(game: &Game, cell: usize) -> Option<u8> {
    (1..=game.shape().n() as u8).find(|&d| d != game.solution.get(cell) && game.fits(cell, d))
}

fn app_with(game: Game) -> App {
    let mut app = App::new(Settings::default(), vec![], Ranking::default(), 1, 1_767_225_600);
    app.start(game, Duration::ZERO);
    app
}

fn key(app: &mut App, k: Key, now: Duration) {
    app.update(Event::Key(k), now);
}

fn screen(app: &App, w: u16, h: u16, now: Duration) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| view::draw(f, app, now)).unwrap();
    let buffer = terminal.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..h {
        let line: String = (0..w).map(|x| buffer[(x, y)].symbol().to_string()).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[test]
fn the_cursor_moves_and_wraps_and_givens_cannot_change() {
    let mut game = four_by_four();
    game.move_cursor(0, -1);
    assert_eq!(game.cursor, 3, "left from the first cell wraps to the row's end");
    game.move_cursor(-1, 0);
    assert_eq!(game.cursor, 15);
    let given = (0..16).find(|&c| game.is_given(c)).unwrap();
    game.cursor = given;
    let before = game.entries.clone();
    assert_eq!(game.type_digit(1, Duration::ZERO), Placed::Nothing);
    game.clear();
    assert_eq!(game.entries, before);
}

#[test]
fn undo_and_redo_have_no_limit_and_restore_the_score() {
    let mut game = four_by_four();
    let empties: Vec<usize> = (0..16).filter(|&c| !game.is_given(c)).collect();
    for &cell in &empties {
        game.cursor = cell;
        game.type_digit(game.solution.get(cell), Duration::ZERO);
    }
    let (full, score) = (game.entries.clone(), game.score);
    while game.undo() {}
    assert_eq!(game.entries, game.puzzle);
    assert_eq!(game.score, 0);
    while game.redo() {}
    assert_eq!((game.entries.clone(), game.score), (full, score));
    assert!(game.is_won());
}

#[test]
fn scoring_follows_the_python_game() {
    let mut game = nine_by_nine();
    let cell = first_empty(&game);
    game.cursor = cell;
    let right = game.solution.get(cell);
    // Right after the start: no thinking penalty.
    assert_eq!(
        game.type_digit(right, Duration::ZERO),
        Placed::Digit { valid: true, mistake: false, points: 100 * i64::from(right) }
    );
    // 12.5 s later, a digit that repeats in a house: −200 and −10 per whole second.
    game.move_cursor(0, 1);
    while game.is_given(game.cursor) {
        game.move_cursor(0, 1);
    }
    let peer_digit = game.entries.get(shape_peer_with_digit(&game));
    let placed = game.type_digit(peer_digit, Duration::from_millis(12_500));
    assert_eq!(placed, Placed::Digit { valid: false, mistake: true, points: -200 - 120 });
    assert_eq!(game.score, 100 * i64::from(right) - 320);
    assert_eq!(game.mistakes, 1);
}

fn shape_peer_with_digit(game: &Game) -> usize {
    game.shape().peers(game.cursor).into_iter().find(|&p| game.entries.get(p) != 0).unwrap()
}

#[test]
fn a_fitting_digit_that_contradicts_the_solution_is_a_mistake() {
    let mut game = nine_by_nine();
    let cell = (0..81).find(|&c| !game.is_given(c) && wrong_but_fitting(&game, c).is_some()).unwrap();
    game.cursor = cell;
    let d = wrong_but_fitting(&game, cell).unwrap();
    assert!(matches!(game.type_digit(d, Duration::ZERO), Placed::Digit { valid: true, mistake: true, .. }));
    assert_eq!(game.mistakes, 1);
    assert_eq!(game.wrong_cells(), vec![cell]);
}

#[test]
fn pencil_marks_toggle_in_notes_mode_and_undo() {
    let mut game = four_by_four();
    game.cursor = first_empty(&game);
    game.notes_mode = true;
    assert_eq!(game.type_digit(2, Duration::ZERO), Placed::Note);
    game.type_digit(4, Duration::ZERO);
    assert_eq!(game.notes[game.cursor], 0b1010);
    game.type_digit(2, Duration::ZERO);
    assert_eq!(game.notes[game.cursor], 0b1000);
    game.undo();
    assert_eq!(game.notes[game.cursor], 0b1010);
    assert_eq!(game.score, 0, "notes are not scored");
}

#[test]
fn a_hint_names_the_technique_and_its_cells_then_reveals_the_right_digit() {
    let mut app = app_with(nine_by_nine());
    key(&mut app, Key::Char('i'), SECOND);
    let Some(Hint::Logic { techniques, basis, cell, digit }) = app.hint.clone() else { panic!("{:?}", app.hint) };
    assert!(matches!(techniques[0], Technique::NakedSingle | Technique::HiddenSingle));
    assert!(!basis.is_empty());
    assert!(app.message.contains("single"), "{}", app.message);
    let game = &app.game.as_ref().unwrap().1;
    assert_eq!((game.hints, game.entries.get(cell)), (1, 0), "the first press shows, it does not fill");
    key(&mut app, Key::Char('i'), SECOND);
    let game = &app.game.as_ref().unwrap().1;
    assert_eq!(game.entries.get(cell), digit);
    assert_eq!(digit, game.solution.get(cell));
    assert_eq!(game.hints, 1);
}

#[test]
fn a_hint_points_at_mistakes_first() {
    let mut game = nine_by_nine();
    let cell = (0..81).find(|&c| !game.is_given(c) && wrong_but_fitting(&game, c).is_some()).unwrap();
    game.cursor = cell;
    game.type_digit(wrong_but_fitting(&game, cell).unwrap(), Duration::ZERO);
    assert_eq!(Hint::for_game(&game), Some(Hint::Wrong(vec![cell])));
}

#[test]
fn pause_stops_the_clock_and_hides_the_board() {
    let mut app = app_with(four_by_four());
    key(&mut app, Key::Char('p'), 10 * SECOND);
    let shown = screen(&app, 80, 24, 100 * SECOND);
    assert!(shown.contains("0:10 (paused)"), "{shown}");
    assert!(!shown.chars().any(|c| c.is_ascii_digit() && shown.contains(&format!(" {c} │"))), "{shown}");
    key(&mut app, Key::Char('p'), 100 * SECOND);
    assert_eq!(app.game.as_ref().unwrap().1.clock.elapsed(105 * SECOND), 15 * SECOND);
}

#[test]
fn typing_the_solution_wins_ranks_and_asks_to_save_the_ranking() {
    let mut app = app_with(four_by_four());
    let solution = app.game.as_ref().unwrap().1.solution.clone();
    for cell in 0..16 {
        app.update(Event::Click(cell), SECOND);
        let d = solution.get(cell);
        key(&mut app, Key::Char((b'0' + d) as char), SECOND * (cell as u32 + 1));
    }
    assert!(matches!(app.screen, Screen::Won(Some(1))), "{:?}", app.screen);
    assert!(app.take_effects().contains(&Effect::SaveRanking));
    let entry = &app.ranking.top("4x4-easy")[0];
    assert_eq!((entry.millis, entry.player.as_str(), entry.date.as_str()), (16_000, "player", "2026-01-01"));
    let shown = screen(&app, 80, 24, 20 * SECOND);
    assert!(shown.contains("Puzzle solved!") && shown.contains("#1 in 4x4-easy"), "{shown}");
}

#[test]
fn a_saved_game_comes_back_as_it_was_through_the_store() {
    let tmp = tempfile::tempdir().unwrap();
    let store = Store::open(Some(tmp.path().to_path_buf())).unwrap();
    let mut app = app_with(nine_by_nine());
    let cell = first_empty(&app.game.as_ref().unwrap().1);
    app.update(Event::Click(cell), SECOND);
    key(&mut app, Key::Char('n'), SECOND);
    key(&mut app, Key::Char('3'), SECOND);
    key(&mut app, Key::Char('q'), 42 * SECOND);
    assert!(matches!(app.screen, Screen::Menu));
    assert_eq!(app.take_effects(), vec![Effect::SaveGames]);
    store.save(GAMES, &app.saved).unwrap();
    let back: Vec<SavedGame> = store.load(GAMES).unwrap().value;
    assert_eq!(back, app.saved);
    let game = back[0].restore().unwrap();
    let original = &app.game.as_ref().unwrap().1;
    assert_eq!((&game.entries, &game.notes, game.cursor), (&original.entries, &original.notes, cell));
    assert_eq!(game.clock.elapsed(Duration::ZERO), 42 * SECOND);
    assert!(game.clock.is_paused(), "a restored game waits for the player");
}

#[test]
fn a_corrupt_ranking_file_is_reported_and_kept() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join(RANKING), "[1, 2").unwrap();
    let store = Store::open(Some(tmp.path().to_path_buf())).unwrap();
    let loaded = store.load::<Ranking>(RANKING).unwrap();
    assert_eq!(loaded.value, Ranking::default());
    assert!(loaded.warning.unwrap().contains("ranking.json.corrupt-"));
    assert!(!tmp.path().join(RANKING).exists());
}

#[test]
fn create_mode_judges_the_typed_puzzle_then_plays_it() {
    let mut app = App::new(Settings { size: 0, ..Settings::default() }, vec![], Ranking::default(), 1, 0);
    app.selected = 6;
    key(&mut app, Key::Enter, SECOND);
    assert!(matches!(app.screen, Screen::Create));
    for c in ['1', '1'] {
        key(&mut app, Key::Char(c), SECOND);
        key(&mut app, Key::Right, SECOND);
    }
    key(&mut app, Key::Enter, SECOND);
    assert!(app.message.starts_with("No solution: the givens conflict"), "{}", app.message);
    key(&mut app, Key::Left, SECOND);
    key(&mut app, Key::Char('2'), SECOND);
    key(&mut app, Key::Enter, SECOND);
    assert!(app.message.starts_with("24 solutions; 2 cells are the same"), "{}", app.message);
    key(&mut app, Key::Enter, SECOND);
    assert!(matches!(app.screen, Screen::Playing));
    let game = &app.game.as_ref().unwrap().1;
    assert_eq!(format::to_line(&game.puzzle), "12..............");
    assert!(verify::is_solution_of(&game.puzzle, &game.solution));
}

#[test]
fn show_determined_fills_only_cells_equal_in_every_solution() {
    let puzzle = format::parse(".2343.12.1.3.3..", "t", None, None).unwrap().remove(0).puzzle;
    let mut app = app_with(setup::from_puzzle(puzzle, Duration::ZERO).unwrap());
    key(&mut app, Key::Char('m'), SECOND);
    let game = &app.game.as_ref().unwrap().1;
    assert_eq!(format::to_line(&game.entries), "12343412.1.3.3.1");
}

#[test]
fn the_solve_animation_counts_nodes_and_ends_on_a_verified_solution() {
    let mut app = app_with(four_by_four());
    key(&mut app, Key::Char('s'), SECOND);
    app.update(Event::Tick, 2 * SECOND);
    let Screen::Solving(animation) = &app.screen else { panic!("{:?}", app.screen) };
    assert!(animation.nodes > 0);
    let shown = screen(&app, 80, 24, 2 * SECOND);
    assert!(shown.contains("Nodes") && shown.contains("Dead ends"), "{shown}");
    key(&mut app, Key::Enter, 2 * SECOND);
    key(&mut app, Key::Esc, 2 * SECOND);
    let game = &app.game.as_ref().unwrap().1;
    assert!(game.solved_by_computer && game.is_won());
}

#[test]
fn a_4x4_board_is_drawn_with_its_boxes_givens_and_cursor() {
    let game = setup::from_puzzle(
        Grid::from_cells(Shape::new(2, 2).unwrap(), vec![1, 2, 3, 4, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap(),
        Duration::ZERO,
    )
    .unwrap();
    let app = app_with(game);
    let shown = screen(&app, 60, 12, Duration::ZERO);
    let board: Vec<String> = shown.lines().skip(1).take(7).map(|l| l.chars().take(16).collect::<String>()).collect();
    assert_eq!(
        board,
        [
            " ┌──────┬──────┐",
            " │[1] 2 │ 3  4 │",
            " │ 3  4 │      │",
            " ├──────┼──────┤",
            " │      │      │",
            " │      │      │",
            " └──────┴──────┘",
        ]
    );
}

#[test]
fn a_9x9_board_shows_a_conflict_with_a_marker_when_checking() {
    let mut app = app_with(nine_by_nine());
    app.update(Event::Click(2), SECOND); // r1c3, beside the given 5 3
    key(&mut app, Key::Char('5'), SECOND);
    key(&mut app, Key::Char('v'), SECOND);
    key(&mut app, Key::Right, SECOND);
    let shown = screen(&app, 80, 24, SECOND);
    assert!(shown.contains("│!5! 3 !5!│"), "{shown}");
    assert!(shown.contains("Mistakes  1"), "{shown}");
}

#[test]
fn the_help_overlay_lists_every_key() {
    let mut app = app_with(four_by_four());
    key(&mut app, Key::Char('?'), SECOND);
    let shown = screen(&app, 100, 30, SECOND);
    for (keys, _) in sudoku_lab::play::playing::KEYS {
        assert!(shown.contains(keys), "{keys} missing from\n{shown}");
    }
    key(&mut app, Key::Char('x'), SECOND);
    assert!(!app.help, "any key closes the help");
}

/// The guide's "Play" page (`docs/play.md`) shows this capture and every key
/// (`cargo test --release --test it -- play::readme_capture --nocapture` prints the capture).
#[test]
fn readme_capture() {
    let mut app = app_with(nine_by_nine());
    app.settings.player = "ana".to_string();
    for (cell, d) in [(2, '4'), (3, '6'), (11, '2')] {
        app.update(Event::Click(cell), SECOND);
        key(&mut app, Key::Char(d), 20 * SECOND);
    }
    key(&mut app, Key::Char('i'), 83 * SECOND);
    let capture = screen(&app, 72, 15, 83 * SECOND);
    println!("{capture}");
    let capture: Vec<&str> = capture.lines().filter(|l| !l.is_empty()).collect();
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/play.md")).unwrap();
    assert!(readme.contains(&capture.join("\n")), "docs/play.md capture out of date:\n{}", capture.join("\n"));
    for (keys, what) in sudoku_lab::play::playing::KEYS {
        assert!(readme.contains(&format!("| {keys} | {what} |")), "docs/play.md lacks the key row {keys}");
    }
}

#[test]
fn a_terminal_too_small_says_so() {
    let app = app_with(nine_by_nine());
    let shown = screen(&app, 30, 10, SECOND);
    assert!(shown.contains("too small"), "{shown}");
}

/// The JSON of one saved 4×4 game, for tests to corrupt.
fn saved_four_by_four_json() -> serde_json::Value {
    let saved = SavedGame::of(&four_by_four(), 1, "ana", 0, SECOND);
    serde_json::to_value(vec![saved]).unwrap()
}

#[test]
fn a_saved_game_with_a_zero_or_overflowing_box_is_a_corrupt_file_not_a_panic() {
    for (rows, cols) in [(0u64, 0u64), (4_294_967_296, 4_294_967_296), (9_223_372_036_854_775_809, 2)] {
        let tmp = tempfile::tempdir().unwrap();
        let mut json = saved_four_by_four_json();
        json[0]["label"]["shape"] = serde_json::json!({ "box_rows": rows, "box_cols": cols });
        std::fs::write(tmp.path().join(GAMES), json.to_string()).unwrap();
        let store = Store::open(Some(tmp.path().to_path_buf())).unwrap();
        let loaded = store.load::<Vec<SavedGame>>(GAMES).unwrap();
        assert!(loaded.value.is_empty(), "{rows}x{cols} must not list a game");
        let warning = loaded.warning.unwrap();
        assert!(warning.contains("games.json was corrupt") && warning.contains("out of range"), "{warning}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Any number put into any numeric field of a saved game: it loads and restores, or it is
    /// refused; restoring never panics and a restored game can be described and moved about.
    #[test]
    fn any_number_in_a_saved_game_is_restored_or_refused(field in 0usize..12, index in 0usize..20, value in proptest::prelude::any::<u64>()) {
        let mut json = saved_four_by_four_json();
        let game = &mut json[0];
        let target = match field {
            0 => &mut game["label"]["shape"]["box_rows"],
            1 => &mut game["label"]["shape"]["box_cols"],
            2 => &mut game["puzzle"][index % 16],
            3 => &mut game["solution"][index % 16],
            4 => &mut game["determined"][index % 16],
            5 => &mut game["entries"][index % 16],
            6 => &mut game["notes"][index % 16],
            7 => &mut game["cursor"],
            8 => &mut game["millis"],
            9 => &mut game["mistakes"],
            10 => &mut game["score"],
            _ => &mut game["label"]["seed"],
        };
        *target = serde_json::json!(value);
        if let Ok(games) = serde_json::from_value::<Vec<SavedGame>>(json) {
            let _ = games[0].describe();
            if let Ok(mut game) = games[0].restore() {
                game.move_cursor(1, 1);
                let _ = game.type_digit(1, SECOND);
                let app = app_with(game);
                let _ = screen(&app, 80, 30, SECOND);
            }
        }
    }
}

#[test]
fn arbitrary_bytes_in_games_json_are_moved_aside_never_a_panic() {
    // Bytes that are no UTF-8 were an error ("reading games.json") that stopped every start.
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join(GAMES), [0x5b, 0xff, 0x5d]).unwrap();
    let loaded = Store::open(Some(tmp.path().to_path_buf())).unwrap().load::<Vec<SavedGame>>(GAMES).unwrap();
    assert!(loaded.value.is_empty() && loaded.warning.unwrap().contains("games.json was corrupt"));

    let mut runner = proptest::test_runner::TestRunner::new(proptest::test_runner::Config::with_cases(64));
    let bytes = proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400);
    runner
        .run(&bytes, |bytes| {
            let tmp = tempfile::tempdir().unwrap();
            std::fs::write(tmp.path().join(GAMES), &bytes).unwrap();
            let store = Store::open(Some(tmp.path().to_path_buf())).unwrap();
            let loaded = store.load::<Vec<SavedGame>>(GAMES).expect("bad bytes are a corrupt file, not an error");
            for saved in &loaded.value {
                let _ = saved.restore();
            }
            Ok(())
        })
        .unwrap();
}

// Issue 27, item 14: while the board was hidden ("terminal is too small"), keys still played.
#[test]
fn while_the_board_is_hidden_only_the_keys_that_leave_act() {
    let app = app_with(nine_by_nine());
    let small = ratatui::layout::Rect::new(0, 0, 30, 10);
    assert!(screen(&app, 30, 10, SECOND).contains("too small"));
    for k in [Key::Char('j'), Key::Char('5'), Key::Char('i'), Key::Char('s'), Key::Char('x'), Key::Enter] {
        assert!(!view::acts(&app, small, Event::Key(k)), "{k:?} acts on a hidden board");
    }
    assert!(!view::acts(&app, small, Event::Click(0)));
    for k in [Key::Char('q'), Key::Esc, Key::Ctrl('c')] {
        assert!(view::acts(&app, small, Event::Key(k)), "{k:?} must still leave");
    }
    let big = ratatui::layout::Rect::new(0, 0, 80, 30);
    assert!(view::acts(&app, big, Event::Key(Key::Char('5'))), "a visible board takes every key");
}
