//! Unit tests of reading, detection and writing: each test states one rule of the module doc.

use super::*;

const P: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn reads_characters_and_integers_alike() {
    let a = parse(P, "t", None, None).unwrap();
    let ints: Vec<String> = P.chars().map(|c| if c == '.' { "0".into() } else { c.to_string() }).collect();
    let b = parse(&ints.join(" "), "t", None, None).unwrap();
    let c = parse(&ints.join(","), "t", None, None).unwrap();
    assert_eq!(a[0].puzzle, b[0].puzzle);
    assert_eq!(a[0].puzzle, c[0].puzzle);
    assert_eq!(a[0].puzzle.givens(), 30);
}

#[test]
fn letters_are_digits_ten_and_up_in_any_case() {
    let line: String = "123456789ABCDEFG".repeat(16);
    let g = parse(&line.to_lowercase(), "t", Some(Format::Line), None).unwrap();
    assert_eq!(g[0].puzzle.get(15), 16);
}

#[test]
fn errors_name_line_and_column() {
    let text = format!("# comment\n{P}\n{}?{}\n", &P[..10], &P[11..]);
    let err = parse(&text, "f.txt", None, None).unwrap_err();
    assert_eq!((err.at.line, err.at.column), (3, 11));
    assert!(err.to_string().starts_with("f.txt:3:11: cell 11: unknown symbol '?'"), "{err}");
    let err = parse(&P[..80], "f.txt", None, None).unwrap_err();
    assert!(matches!(err.kind, ParseErrorKind::CellCount { found: 80, .. }), "{err}");
    let err = parse("", "f.txt", None, None).unwrap_err();
    assert_eq!(err.kind, ParseErrorKind::Empty);
    let err = parse("1 2 0 0 0 0 0 0 5 0 0 0 0 0 0 0", "f.txt", Some(Format::Line), None).unwrap_err();
    assert_eq!((err.at.line, err.at.column), (1, 17));
    assert!(matches!(err.kind, ParseErrorKind::Value { cell: 9, value: 5, n: 4 }));
}

#[test]
fn grid_format_skips_separator_lines_and_detects_itself() {
    let g = parse(P, "t", None, None).unwrap().remove(0).puzzle;
    let pretty = to_pretty(&g);
    assert_eq!(detect(&pretty), Format::Grid);
    assert_eq!(parse(&pretty, "t", None, None).unwrap()[0].puzzle, g);
    let grid = to_grid(&g);
    assert_eq!(detect(&grid), Format::Grid);
    assert_eq!(parse(&grid, "t", None, None).unwrap()[0].puzzle, g);
}

/// `P` as nine lines of nine symbols.
fn compact_rows(p: &str) -> String {
    p.as_bytes().chunks(9).map(|r| format!("{}\n", std::str::from_utf8(r).unwrap())).collect()
}

#[test]
fn pretty_borders_give_the_box_shape() {
    let text = "+-----+-----+-----+\n\
                | 1 2 | 3 4 | 5 6 |\n\
                | 3 4 | 5 6 | 1 2 |\n\
                | 5 6 | 1 2 | 3 4 |\n\
                +-----+-----+-----+\n\
                | 2 1 | 4 3 | 6 5 |\n\
                | 4 3 | 6 5 | 2 1 |\n\
                | 6 5 | 2 1 | 4 3 |\n\
                +-----+-----+-----+\n";
    let g = parse(text, "t", None, None).unwrap().remove(0).puzzle;
    assert_eq!(g.shape(), Shape::new(3, 2).unwrap());
    assert_eq!(parse(text, "t", None, Some(Shape::new(3, 2).unwrap())).unwrap()[0].puzzle, g);
    assert_eq!(to_pretty(&g), text);
    let err = parse(text, "f", None, Some(Shape::new(2, 3).unwrap())).unwrap_err();
    assert_eq!(err.at.line, 2);
    assert!(
        matches!(err.kind, ParseErrorKind::BoxMismatch { borders, given }
            if borders == Shape::new(3, 2).unwrap() && given == Shape::new(2, 3).unwrap()),
        "{err}"
    );
    assert!(err.to_string().contains("the borders show 3x2 boxes, but --box gives 2x3"), "{err}");
}

#[test]
fn either_border_alone_gives_the_box_shape() {
    for (r, c) in [(2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (1, 4)] {
        let shape = Shape::new(r, c).unwrap();
        let g = Grid::from_cells(shape, vec![0; shape.cells()]).unwrap();
        let pretty = to_pretty(&g);
        assert_eq!(parse(&pretty, "t", None, None).unwrap()[0].puzzle.shape(), shape, "{shape}");
        let bars_only: String = pretty.lines().filter(|l| !l.starts_with('+')).map(|l| format!("{l}\n")).collect();
        let rules_only = pretty.replace('|', " ");
        for text in [bars_only, rules_only] {
            if c > 1 && r > 1 {
                assert_eq!(parse(&text, "t", None, None).unwrap()[0].puzzle.shape(), shape, "{shape}\n{text}");
            }
        }
    }
    let uneven = "1 2 | 3 4 5 6\n".repeat(6);
    assert_eq!(parse(&uneven, "t", None, None).unwrap()[0].puzzle.shape(), Shape::new(2, 3).unwrap());
    let wrong = "1 2 3 4 | 5 6\n".repeat(6);
    assert_eq!(parse(&wrong, "t", None, None).unwrap()[0].puzzle.shape(), Shape::new(2, 3).unwrap());
    let bad = "+---+\n1 2 3 4 5 6\n1 2 3 4 5 6\n1 2 3 4 5 6\n1 2 3 4 5 6\n+---+\n1 2 3 4 5 6\n1 2 3 4 5 6\n";
    let err = parse(bad, "t", None, None).unwrap_err();
    assert!(matches!(err.kind, ParseErrorKind::Borders { rows: 4, n: 6, .. }), "{err}");
}

#[test]
fn compact_grids_of_n_lines_of_n_symbols_are_read() {
    let text = compact_rows(P);
    assert_eq!(detect(&text), Format::Grid);
    assert_eq!(parse(&text, "t", None, None).unwrap()[0].puzzle, parse(P, "t", None, None).unwrap()[0].puzzle);
    // With box separators: `|` and spaces between boxes, `-+` rule lines between bands.
    let boxed: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            let rule = if i > 0 && i % 3 == 0 { "---+---+---\n" } else { "" };
            format!("{rule}{}|{} {}\n", &l[..3], &l[3..6], &l[6..])
        })
        .collect();
    assert_eq!(parse(&boxed, "t", None, None).unwrap()[0].puzzle, parse(P, "t", None, None).unwrap()[0].puzzle);
    // Two grids, with or without a blank line between them.
    assert_eq!(parse(&format!("{text}\n{text}"), "t", None, None).unwrap().len(), 2);
    assert_eq!(parse(&format!("{text}{text}"), "t", None, None).unwrap().len(), 2);
}

#[test]
fn sixteen_symbols_a_line_are_4x4_puzzles_unless_a_value_exceeds_4() {
    let four = "1.3...2..4...1..\n".repeat(16);
    assert_eq!(detect(&four), Format::Line);
    assert_eq!(parse(&four, "t", None, None).unwrap().len(), 16);
    let line: String = "123456789ABCDEFG".chars().cycle().skip(3).take(16).collect();
    let sixteen: String = (0..16).map(|i| format!("{}\n", &format!("{line}{line}")[i..i + 16])).collect();
    assert_eq!(detect(&sixteen), Format::Grid);
    let g = parse(&sixteen, "t", None, None).unwrap().remove(0).puzzle;
    assert_eq!((g.n(), g.get(0)), (16, 4));
    // Forced, the same text reads the other way (or fails saying why).
    assert_eq!(parse(&four, "t", Some(Format::Grid), None).unwrap()[0].puzzle.n(), 16);
    let err = parse(&sixteen, "t", Some(Format::Line), None).unwrap_err();
    assert!(matches!(err.kind, ParseErrorKind::Value { n: 4, .. }), "{err}");
    assert_eq!(err.hint, None, "no note when the format was given");
    // A truncated 16×16 grid is still a grid, and the note says how to read lines instead.
    let short: String = sixteen.lines().take(5).map(|l| format!("{l}\n")).collect();
    let err = parse(&short, "t", None, None).unwrap_err();
    assert!(matches!(err.kind, ParseErrorKind::Truncated { found: 5, expected: 16 }), "{err}");
    assert!(err.to_string().contains("--input-format line"), "{err}");
}

#[test]
fn a_byte_order_mark_and_trailing_comments_are_dropped() {
    let text = format!("\u{feff}{P}\n{P} # from the Wikipedia article\n{P}:1:{P}#count unchecked here\n");
    let entries = parse(&text, "t", None, None).unwrap();
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[2].count, Some(1));
    let err = parse(&format!("\u{feff}{}?{}", &P[..4], &P[5..]), "t", None, None).unwrap_err();
    assert_eq!((err.at.line, err.at.column), (1, 5), "columns count from after the mark");
    let json = format!("\u{feff}{} # one\n", to_json(&entries[0].puzzle, None));
    assert_eq!(parse(&json, "t", None, None).unwrap()[0].puzzle, entries[0].puzzle);
}

#[test]
fn json_arrays_of_puzzles_are_read_with_their_lines() {
    let g = parse(P, "t", None, None).unwrap().remove(0).puzzle;
    let one = to_json(&g, None);
    let text = format!("[\n  {one},\n  {one}\n]\n{one}\n[]\n[{one}]");
    let entries = parse(&text, "t", None, None).unwrap();
    assert_eq!(entries.iter().map(|e| e.line).collect::<Vec<_>>(), [2, 3, 5, 7]);
    assert!(entries.iter().all(|e| e.puzzle == g));
    let err = parse(&format!("[{one} {one}]"), "t", None, None).unwrap_err();
    assert!(matches!(err.kind, ParseErrorKind::Json(_)), "{err}");
    assert_eq!(err.at.column, one.len() + 3);
    let err = parse(&format!("[{one},\n"), "t", None, None).unwrap_err();
    assert!(err.to_string().contains("not closed"), "{err}");
    let err = parse("[\n {\"cells\": [[1, 2], [3]]}]", "f", None, None).unwrap_err();
    assert_eq!(err.at.line, 2);
}

#[test]
fn wrong_counts_say_what_was_found_and_what_was_expected() {
    let zeros = |k: usize| vec!["0"; k].join(" ");
    let err = parse(&zeros(80), "f", None, None).unwrap_err();
    assert_eq!((err.at.line, err.at.column), (1, 1));
    let msg = err.to_string();
    assert!(msg.contains("found 80 cells") && msg.contains("81 (9×9)"), "{msg}");
    let msg = parse(&zeros(4225), "f", None, None).unwrap_err().to_string();
    assert!(msg.contains("found 4225 cells") && msg.contains("N ≤ 64") && msg.contains("65×65"), "{msg}");
    let msg = parse(&P[..9], "f", None, None).unwrap_err().to_string();
    assert!(msg.contains("found 9 cells") && msg.contains("a grid N lines of N cells"), "{msg}");
    let msg = parse(&format!("{P}\n{P}"), "f", None, Some(Shape::new(4, 4).unwrap())).unwrap_err().to_string();
    assert!(msg.contains("found 81 cells; expected 256 for a 16×16 grid with 4x4 boxes"), "{msg}");
}

#[test]
fn runs_of_cells_read_as_integers_or_symbols() {
    let cells = |t: &str, n: Option<usize>| -> Vec<usize> {
        read::read_cells(t, 0, true, n).unwrap().into_iter().map(|(v, _)| v).collect()
    };
    assert_eq!(cells("10 2 . 16", None), [10, 2, 0, 16]);
    assert_eq!(cells("1 2 A b", None), [1, 2, 10, 11]);
    assert_eq!(cells("53.|.7.", None), [5, 3, 0, 0, 7, 0]);
    assert_eq!(cells("534 678 912", None), [5, 3, 4, 6, 7, 8, 9, 1, 2]);
    assert_eq!(cells("12 34", None), [12, 34]);
    assert_eq!(cells("12 34", Some(4)), [1, 2, 3, 4]);
    let err = read::read_cells("10 2 ?3", 0, false, None).unwrap_err();
    assert!(matches!(err, (6, ParseErrorKind::Number { cell: 3, .. })), "{err:?}");
    let err = read::read_cells("53. .?.", 0, false, None).unwrap_err();
    assert!(matches!(err, (6, ParseErrorKind::Symbol { cell: 5, symbol: '?' })), "{err:?}");
}

#[test]
fn every_detection_explains_itself() {
    let cases = [
        ("{\"cells\":[[1]]}", Format::Json),
        (&format!("{P}:{P}"), Format::Line),
        ("+---+\n", Format::Grid),
        (P, Format::Line),
        ("1 2 3 4 5 6 7 8 9\n", Format::Line),
        ("1 2 3 4 5 6 7 8 9\n1 2 3 4 5 6 7 8 9\n", Format::Grid),
        ("", Format::Line),
        ("# only a comment\n", Format::Line),
    ];
    for (text, format) in cases {
        let d = detection(text);
        assert_eq!(d.format, format, "{text}");
        assert!(!d.reason.is_empty(), "{text}");
    }
}

#[test]
fn a_box_comment_gives_the_shape_of_the_next_puzzle_only() {
    let line = "4361.5..3...16...33.25.66.4....5..34";
    let text = format!("# id=1 box=3x2 mode=planted\n{line}\n{line}  # box=3x2\n{line}\n");
    let entries = parse(&text, "t", Some(Format::Line), None).unwrap();
    let shapes: Vec<String> = entries.iter().map(|e| e.puzzle.shape().to_string()).collect();
    assert_eq!(shapes, ["3x2", "3x2", "2x3"]);
    // A comment word that is no shape is comment text; one out of range is an error at its line.
    assert!(parse(&format!("# box=wide\n{line}\n"), "t", None, None).is_ok());
    let err = parse(&format!("# box=9x9\n{line}\n"), "t", None, None).unwrap_err();
    assert_eq!(err.at.line, 1);
    assert!(err.to_string().contains("box 9x9 is out of range"), "{err}");
    // Written and read back, in line and grid format, with the solution riding along.
    let grid = parse(&text, "t", None, None).unwrap().remove(0).puzzle;
    for format in [Format::Line, Format::Grid] {
        let written = write_entry(format, &grid, None);
        assert!(written.starts_with("# box=3x2\n"), "{written}");
        assert_eq!(parse(&written, "t", Some(format), None).unwrap()[0].puzzle, grid);
    }
}

#[test]
fn a_count_without_a_solution_is_read_as_the_count() {
    // The usual form for puzzles with no solution (0) or many: `PUZZLE:COUNT`.
    let text = format!("{P}:0\n{P}:25\n{P}:1:{P}\n1234341221434321:2\n");
    let entries = parse(&text, "t", None, None).unwrap();
    let counts: Vec<(Option<u64>, bool)> = entries.iter().map(|e| (e.count, e.solution.is_some())).collect();
    assert_eq!(counts, [(Some(0), false), (Some(25), false), (Some(1), true), (Some(2), false)]);
    // A second part as long as a grid is a solution, even when it is all digits.
    let solved = parse("1234341221434321:1234341221434321\n", "t", None, None).unwrap();
    assert_eq!((solved[0].count, solved[0].solution.is_some()), (None, true));
    let err = parse(&format!("{P}:x\n"), "t", None, None).unwrap_err();
    assert_eq!(err.at.line, 1, "a part that is neither is an error: {err}");
}

#[test]
fn a_count_of_zero_beside_a_solution_is_refused_where_it_stands() {
    // `PUZZLE:0:SOLUTION` says "no solution" and shows one: the file contradicts itself.
    let text = format!("{P}:1\n{P}:0:{P}\n");
    let err = parse(&text, "t", None, None).unwrap_err();
    assert_eq!((err.at.line, err.at.column), (2, P.len() + 2), "{err}");
    assert!(err.to_string().contains("solution count 0 beside a solution"), "{err}");
}
