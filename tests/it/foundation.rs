//! The foundation as a user meets it: formats, the oracle, generators and the CLI contract.

use proptest::prelude::*;
use sudoku_lab::format::{parse, write_entry, Format};
use sudoku_lab::generate::{planted, random_fill, rng_from_seed};
use sudoku_lab::grid::{Grid, Shape};
use sudoku_lab::verify::{conflicts, is_solution_of};

use crate::common::{code_and_err, corpus, data, file, run, stderr, stdout, through_bash};

const SHAPES: [(usize, usize); 6] = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)];

#[test]
fn the_public_collections_load_unchanged_with_valid_solutions() {
    let expected = [
        ("4x4-samples", 4, 3),
        ("6x6-forum", 6, 2),
        ("9x9-top95", 9, 95),
        ("9x9-hardest11", 9, 11),
        ("9x9-17clue-200", 9, 200),
        ("16x16-sample", 16, 1),
        ("16x16-gecode-10", 16, 10),
        ("25x25-sample", 25, 1),
    ];
    for (name, n, count) in expected {
        let pairs = corpus(name);
        assert_eq!(pairs.len(), count, "{name}");
        for (p, s) in &pairs {
            assert_eq!(p.puzzle.n(), n, "{name} line {}", p.line);
            assert!(is_solution_of(&p.puzzle, &s.puzzle), "{name} line {}", p.line);
        }
    }
    assert_eq!(corpus("6x6-forum")[0].0.puzzle.shape(), Shape::new(2, 3).unwrap());
}

#[test]
fn every_format_round_trips_for_every_shape() {
    for (r, c) in SHAPES {
        let shape = Shape::new(r, c).unwrap();
        let p = planted(shape, 0.4, &mut rng_from_seed(11));
        for format in [Format::Line, Format::Grid, Format::Json, Format::Pretty] {
            let text = write_entry(format, &p.puzzle, Some(&p.solution));
            let back = parse(&text, "t", None, Some(shape)).unwrap_or_else(|e| panic!("{format:?} {shape}: {e}"));
            assert_eq!(back.len(), 1, "{format:?} {shape}");
            assert_eq!(back[0].puzzle, p.puzzle, "{format:?} {shape}");
            // Auto-detection alone (no shape given) recovers the default shapes.
            if Shape::for_size(shape.n()) == Ok(shape) {
                assert_eq!(parse(&text, "t", None, None).unwrap()[0].puzzle, p.puzzle, "{format:?} {shape} detected");
            }
            if matches!(format, Format::Line | Format::Json) {
                assert_eq!(back[0].solution.as_ref(), Some(&p.solution), "{format:?} {shape} solution");
            }
        }
    }
}

#[test]
fn the_same_seed_gives_byte_identical_output_and_other_seeds_differ() {
    let args = ["generate", "--size", "9", "--alpha", "0.4", "--mode", "planted", "--seed", "7", "--count", "5"];
    let a = run(&args, "");
    let b = run(&args, "");
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(stdout(&a).lines().count(), 5);
    let mut other = args;
    other[8] = "8";
    assert_ne!(run(&other, "").stdout, a.stdout);
    for seed in 0..20 {
        let x = random_fill(Shape::new(3, 3).unwrap(), 0.5, &mut rng_from_seed(seed));
        let y = random_fill(Shape::new(3, 3).unwrap(), 0.5, &mut rng_from_seed(seed + 1000));
        assert_ne!(x, y);
    }
}

#[test]
fn line_output_uses_characters_up_to_9_and_integers_from_10() {
    let o = run(&["generate", "--size", "9", "--alpha", "0.5", "--seed", "1"], "");
    let line = stdout(&o);
    assert_eq!(line.trim().len(), 81);
    assert!(line.trim().chars().all(|c| c == '.' || c.is_ascii_digit()));
    let o = run(&["generate", "--size", "16", "--alpha", "0.5", "--seed", "1"], "");
    assert_eq!(stdout(&o).split_whitespace().count(), 256);
    let o = run(&["generate", "--size", "6", "--alpha", "1", "--seed", "2", "--with-solution"], "");
    let text = stdout(&o);
    let (puzzle, solution) = text.trim().split_once(':').expect("PUZZLE:SOLUTION");
    assert_eq!(puzzle, solution, "α = 1 keeps every cell");
}

#[test]
fn planted_instances_verify_for_every_shape_up_to_36() {
    for (r, c) in [(2, 2), (2, 3), (3, 3), (2, 4), (3, 4), (4, 4), (5, 5), (6, 6)] {
        let shape = Shape::new(r, c).unwrap();
        for alpha in [0.0, 0.3, 0.6, 1.0] {
            let p = planted(shape, alpha, &mut rng_from_seed(99));
            assert!(is_solution_of(&p.puzzle, &p.solution), "{shape} α={alpha}");
            assert!(p.puzzle.cells().iter().zip(p.solution.cells()).all(|(&g, &s)| g == 0 || g == s));
            assert_eq!(p.puzzle.givens(), (alpha * shape.cells() as f64).round() as usize, "{shape} α={alpha}");
        }
    }
}

#[test]
fn planted_works_up_to_64x64() {
    for n in [49, 64] {
        let p = planted(Shape::for_size(n).unwrap(), 0.5, &mut rng_from_seed(3));
        assert!(is_solution_of(&p.puzzle, &p.solution), "{n}");
    }
}

#[test]
fn random_fill_has_no_conflicts_and_fills_at_most_alpha_on_average() {
    for (r, c) in [(2, 3), (3, 3), (4, 4)] {
        let shape = Shape::new(r, c).unwrap();
        for alpha in [0.2, 0.4, 0.6] {
            let givens: usize = (0..100)
                .map(|seed| {
                    let g = random_fill(shape, alpha, &mut rng_from_seed(seed));
                    assert!(conflicts(&g).is_empty(), "{shape} α={alpha} seed={seed}");
                    g.givens()
                })
                .sum();
            let fill = givens as f64 / (100.0 * shape.cells() as f64);
            assert!(fill <= alpha, "{shape}: mean fill {fill} > α = {alpha}");
        }
    }
}

#[test]
fn graph_prints_the_contracted_key_values() {
    let o = run(&["graph", "--size", "9"], "");
    let text = stdout(&o);
    for line in ["nodes: 81", "edges: 810", "degree: 20", "houses: 27"] {
        assert!(text.lines().any(|l| l == line), "missing '{line}' in\n{text}");
    }
    let o = run(&["graph", "--size", "6"], "");
    assert!(stdout(&o).lines().any(|l| l == "edges: 216"));
    let o = run(&["graph", "--size", "4", "--dot"], "");
    assert!(stdout(&o).starts_with("graph "));
    assert_eq!(stdout(&o).matches(" -- ").count(), 56);
}

#[test]
fn a_prime_size_is_refused_unless_a_box_is_given() {
    let o = run(&["generate", "--size", "7", "--alpha", "0.3"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--box"), "{}", stderr(&o));
    let o = run(&["graph", "--box", "1x7"], "");
    assert!(stdout(&o).contains("nodes: 49"), "{}", stderr(&o));
    let o = run(&["generate", "--size", "9", "--alpha", "1.5"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("outside [0, 1]"));
}

#[test]
fn check_exits_0_without_conflicts_and_1_with() {
    let good = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    let o = run(&["check", "-"], good);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bad = "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    let o = run(&["check", "-"], &format!("{good}{bad}"));
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    assert!(text.contains("puzzle 2 (line 2): 2 conflict(s): digit 5 repeats in row 1 at r1c1, r1c2"), "{text}");
    assert!(text.contains("digit 5 repeats in row 1"), "{text}");
}

#[test]
fn parse_errors_name_file_line_and_column_and_exit_2() {
    let path = data("9x9-hardest11.txt");
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[1].replace_range(3..4, "?"); // line 2, column 4
    std::fs::write(&bad, lines.join("\n")).unwrap();
    let o = run(&["check", bad.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("bad.txt:2:4: cell 4: unknown symbol '?'"), "{err}");
    let o = run(&["check", "-"], "123\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("<stdin>:1:1: found 3 cells"), "{}", stderr(&o));
    let o = run(&["check", "/nonexistent/file.txt"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/nonexistent/file.txt: cannot read"), "{}", stderr(&o));
    let o = run(&["check", "-"], "# only a comment\n\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no puzzle found"));
}

fn solution_strategy() -> impl Strategy<Value = Grid> {
    (0usize..4, any::<u64>()).prop_map(|(i, seed)| {
        let (r, c) = [(2, 2), (2, 3), (3, 3), (3, 2)][i];
        planted(Shape::new(r, c).unwrap(), 1.0, &mut rng_from_seed(seed)).solution
    })
}

proptest! {
    #[test]
    fn verify_rejects_every_single_cell_change(solution in solution_strategy(), cell in any::<prop::sample::Index>(), shift in 1u8..64) {
        let empty = Grid::empty(solution.shape());
        prop_assert!(is_solution_of(&empty, &solution));
        let n = solution.n() as u8;
        let cell = cell.index(solution.cells().len());
        let mut changed = solution.clone();
        let old = changed.get(cell);
        changed.set(cell, (old - 1 + shift % (n - 1) + 1) % n + 1);
        prop_assert_ne!(changed.get(cell), old);
        prop_assert!(!is_solution_of(&empty, &changed));
        let mut cleared = solution.clone();
        cleared.set(cell, 0);
        prop_assert!(!is_solution_of(&empty, &cleared));
    }
}

// Issue 27, item 1: a box whose r×c overflows was accepted (n: 0), panicked `solve` and `analyze`,
// or allocated gigabytes.
#[test]
fn item01_a_box_whose_side_overflows_is_refused_by_every_command() {
    let huge = ["4294967296x4294967296", "9223372036854775809x2", "0x3", "9x8"];
    for shape in huge {
        for args in [
            vec!["graph", "--box", shape],
            vec!["generate", "--box", shape, "--alpha", "0.3"],
            vec!["puzzle", "--box", shape],
            vec!["check", "-", "--box", shape],
        ] {
            let (code, err) = code_and_err(&args, "");
            assert_eq!(code, Some(2), "{args:?}: {err}");
            assert!(err.contains("out of range"), "{args:?}: {err}");
        }
    }
    let dir = tempfile::tempdir().unwrap();
    for (r, c) in [("4294967296", "4294967296"), ("9223372036854775809", "2"), ("0", "0")] {
        let json = file(dir.path(), "p.json", &format!(r#"{{"box":[{r},{c}],"cells":[]}}"#));
        for cmd in ["check", "solve", "analyze", "export"] {
            let mut args = vec![cmd, json.as_str()];
            let out = dir.path().join("out");
            if cmd == "export" {
                args.extend(["--to", "cnf", "--out", out.to_str().unwrap()]);
            }
            let (code, err) = code_and_err(&args, "");
            assert_eq!(code, Some(2), "{cmd} {r}x{c}: {err}");
            assert!(err.contains(&format!("box {r}x{c} is out of range")) && !err.contains("panicked"), "{cmd}: {err}");
        }
    }
}

/// Runs `sudoku-lab ARGS` through bash with `redirect` applied (e.g. `>&-`); exit code and stderr.
fn with_redirect(redirect: &str, args: &[&str]) -> (Option<i32>, String) {
    through_bash(&format!("\"$0\" \"$@\" {redirect}; exit ${{PIPESTATUS[0]}}"), args)
}

// Issue 27, item 19: `generate … >&-` (stdout closed) exited 0 having written nothing.
#[test]
fn item19_a_closed_or_full_stdout_exits_2_and_a_closed_pipe_ends_quietly() {
    let generate = ["generate", "--size", "9", "--alpha", "0.3", "--count", "20000"];
    for redirect in [">&-", "> /dev/full"] {
        let (code, err) = with_redirect(redirect, &generate);
        assert_eq!(code, Some(2), "{redirect}: {err}");
        assert!(err.contains("writing to stdout"), "{redirect}: {err}");
    }
    let (code, err) = with_redirect(">&-", &["check", "-", "--box", "3x3"]);
    assert_eq!(code, Some(2), "{err}");
    let (code, err) = with_redirect("> /dev/null", &generate);
    assert_eq!(code, Some(0), "output thrown away on purpose is no error: {err}");
    let (code, err) = with_redirect("| head -c 100 > /dev/null", &generate);
    assert_eq!(code, Some(0), "a closed pipe ends quietly: {err}");
    assert!(!err.contains("error"), "{err}");
    // With stdout closed, a file opened later must not receive what was meant for stdout.
    let dir = tempfile::tempdir().unwrap();
    let stats = dir.path().join("stats.csv");
    let (code, _) = with_redirect("< /dev/null >&-", &["solve", "-", "--stats", stats.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    let text = std::fs::read_to_string(&stats).unwrap_or_default();
    assert!(!text.contains("534678912"), "a solution went into the stats file: {text}");
}
