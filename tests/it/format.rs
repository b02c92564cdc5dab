//! Reading puzzles as users write them, through the real binary: `pretty` box shapes from the
//! borders, compact grids, a byte-order mark, JSON arrays, trailing comments, and wrong counts.

use std::path::{Path, PathBuf};

use crate::common::{run, stderr, stdout};

const P: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Writes `text` to `name` in `dir` and returns its path as a string.
fn file(dir: &Path, name: &str, text: &str) -> String {
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// `sudoku-lab check FILE ARGS…`: exit code, stdout and stderr.
fn check(path: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let o = run(&[&["check", path], args].concat(), "");
    (o.status.code(), stdout(&o), stderr(&o))
}

#[test]
fn pretty_3x2_round_trips_through_check_with_its_shape_from_the_borders() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["generate", "--size", "6", "--box", "3x2", "--alpha", "1", "--seed", "4", "--format", "pretty"];
    let o = run(&args, "");
    assert!(o.status.success(), "{}", stderr(&o));
    let path = file(dir.path(), "p32.txt", &stdout(&o));
    let (code, out, err) = check(&path, &[]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("ok (36 givens)"), "{out}");
    assert_eq!(check(&path, &["--box", "3x2"]).0, Some(0));
    let (code, _, err) = check(&path, &["--box", "2x3"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("p32.txt:2: the borders show 3x2 boxes, but --box gives 2x3"), "{err}");
}

#[test]
fn compact_9x9_and_16x16_grids_are_solved_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let nine: String = P.as_bytes().chunks(9).map(|r| format!("{}\n", std::str::from_utf8(r).unwrap())).collect();
    let path = file(dir.path(), "nine.txt", &nine);
    assert_eq!(check(&path, &[]).0, Some(0));
    let o = run(&["solve", &path], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("5 3 4 6 7 8 9 1 2\n"), "{}", stdout(&o));
    // A full 16×16 solution, written with `1`–`9`, `A`–`G`, with two cells cleared.
    let o = run(&["generate", "--size", "16", "--alpha", "1", "--seed", "5"], "");
    let symbols = ".123456789ABCDEFG";
    let values: Vec<usize> = stdout(&o).split_whitespace().map(|t| t.parse().unwrap()).collect();
    let mut rows: Vec<String> =
        values.chunks(16).map(|r| r.iter().map(|&v| symbols.as_bytes()[v] as char).collect()).collect();
    rows[0].replace_range(0..1, ".");
    rows[15].replace_range(15..16, "0");
    let path = file(dir.path(), "sixteen.txt", &rows.iter().map(|r| format!("{r}\n")).collect::<String>());
    let (code, out, err) = check(&path, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("ok (254 givens)"), "{out}");
    let o = run(&["solve", &path], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let solved: Vec<usize> = stdout(&o).split_whitespace().map(|t| t.parse().unwrap()).collect();
    assert_eq!(solved, values);
}

#[test]
fn a_byte_order_mark_and_a_trailing_comment_are_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(dir.path(), "bom.txt", &format!("\u{feff}{P}\n"));
    let (code, out, err) = check(&path, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("ok (30 givens)"), "{out}");
    let path = file(dir.path(), "comment.txt", &format!("{P}   # Wikipedia's example\n{P}# again\n"));
    let (code, out, err) = check(&path, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.matches("ok (30 givens)").count(), 2, "{out}");
}

#[test]
fn a_json_array_of_puzzles_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["generate", "--size", "9", "--alpha", "0.4", "--count", "3", "--seed", "8", "--format", "json"], "");
    let objects: Vec<String> = stdout(&o).lines().map(|l| l.trim().to_string()).collect();
    let path = file(dir.path(), "array.json", &format!("[\n{}\n]\n", objects.join(",\n")));
    let (code, out, err) = check(&path, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().count(), 3, "{out}");
    let o = run(&["solve", &path, "--format", "json"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 3);
}

#[test]
fn separated_integers_of_the_wrong_count_say_what_was_found_and_expected() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(dir.path(), "eighty.txt", &format!("{}\n", vec!["0"; 80].join(" ")));
    let (code, _, err) = check(&path, &[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("eighty.txt:1:1: found 80 cells"), "{err}");
    assert!(err.contains("81 (9×9)"), "{err}");
    let path = file(dir.path(), "big.txt", &format!("{}\n", vec!["0"; 4225].join(" ")));
    let (code, _, err) = check(&path, &[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("big.txt:1:1: found 4225 cells"), "{err}");
    assert!(err.contains("65×65") && err.contains("N ≤ 64"), "{err}");
}

#[test]
fn ambiguous_sixteen_symbol_lines_stay_4x4_puzzles_and_the_note_says_how_to_force_a_grid() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["generate", "--size", "4", "--alpha", "0.5", "--count", "16", "--seed", "1"], "");
    let path = file(dir.path(), "fours.txt", &stdout(&o));
    let (code, out, err) = check(&path, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().count(), 16, "{out}");
    // Read as rows of one 16×16 grid when asked; a wrong 16×16 row count says how to read lines.
    let (code, out, _) = check(&path, &["--input-format", "grid"]);
    assert_eq!((code, out.lines().count()), (Some(1), 1), "{out}");
    let rows: String = (0..5).map(|_| "123456789ABCDEFG\n").collect();
    let path = file(dir.path(), "short.txt", &rows);
    let (code, _, err) = check(&path, &[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("short.txt:5: grid ends after 5 rows; expected 16"), "{err}");
    assert!(err.contains("--input-format line"), "{err}");
}

#[test]
fn errors_give_the_line_and_column_of_the_value_or_byte_at_fault() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        // A `box=` comment out of range: the column of its shape.
        ("b.txt", format!("# box=0x0\n{P}\n"), "b.txt:1:7: box 0x0 is out of range"),
        ("c.txt", format!("{P}  # id=3 box=9x9\n"), "c.txt:1:95: box 9x9 is out of range"),
        // A JSON value out of range: the line and column of the value, in cells and solution.
        (
            "j5.json",
            "{\"cells\": [[1, 2, 3, 4],\n  [0, 0, 0, 0],\n  [0, 0, 9, 0],\n  [0, 0, 0, 0]]}\n".into(),
            "j5.json:3:10: cell 11: value 9 is above N = 4; expected 0..=4",
        ),
        (
            "s.json",
            "{\"cells\":[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],\"solution\":[[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,7]]}".into(),
            "s.json:1:101: cell 16: value 7 is above N = 4",
        ),
        // A row of the wrong length: its bracket; a box out of range: its value.
        ("r.json", "[\n {\"cells\":[[1,2,3,4],[0,0,0],[0,0,0,0],[0,0,0,0]]}\n]".into(), "r.json:2:22: row has 3 cells"),
        ("x.json", "{\"box\": [0, 0], \"cells\": [[1]]}".into(), "x.json:1:9: box 0x0 is out of range"),
    ];
    for (name, text, said) in cases {
        let (code, _, err) = check(&file(dir.path(), name, &text), &[]);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains(said), "{err}\nshould contain {said}");
    }
    // A byte that is no UTF-8: the line and column of the first one, from a file or stdin.
    let mut bytes = format!("{P}\n53..7").into_bytes();
    bytes.extend_from_slice(b"\xff...6\n");
    let path = dir.path().join("u.txt");
    std::fs::write(&path, &bytes).unwrap();
    let (code, _, err) = check(path.to_str().unwrap(), &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("u.txt:2:6: byte 0xFF is no UTF-8; expected UTF-8 text"), "{err}");
}

#[test]
fn a_json_box_that_disagrees_with_box_is_refused_as_a_comment_s_is() {
    let dir = tempfile::tempdir().unwrap();
    let cells = "\"cells\":[[1,2,3,4],[0,0,0,0],[0,0,0,0],[0,0,0,0]]";
    let wide = file(dir.path(), "wide.json", &format!("{{\"box\":[1,4],{cells}}}\n"));
    let (code, _, err) = check(&wide, &["--box", "2x2"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("wide.json:1:8: the file says \"box\": 1x4, but --box gives 2x2; drop --box to take the shape from the file"),
        "{err}"
    );
    assert_eq!(check(&wide, &["--box", "1x4"]).0, Some(0), "agreeing is fine");
    assert_eq!(check(&wide, &[]).0, Some(0));
    // An invalid box is refused even when --box would give a valid one.
    let zero = file(dir.path(), "zero.json", &format!("{{\"box\":[0,0],{cells}}}\n"));
    let (code, _, err) = check(&zero, &["--box", "2x2"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("zero.json:1:8: box 0x0 is out of range"), "{err}");
}
