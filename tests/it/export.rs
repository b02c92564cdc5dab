//! `export` as a specification: every exported file is a real model of its puzzle. CNF files are
//! read back by rustsat's DIMACS parser and solved by CaDiCaL; LP and MPS files are read back and
//! solved by a fresh HiGHS instance; colouring files are checked against the counts their doc
//! states and against a known solution. Every grid decoded from a file is checked by the oracle.
//! Then the command line: file names, stdout, exit codes.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use rustsat::instances::SatInstance;
use rustsat::solvers::{Solve, SolverResult};
use rustsat::types::{Lit, TernaryVal};
use rustsat_cadical::CaDiCaL;
use sudoku_lab::export::{export, Exported, Target};
use sudoku_lab::external::definition::Input;
use sudoku_lab::external::input::write as write_input;
use sudoku_lab::format;
use sudoku_lab::generate::{planted, rng_from_seed, Planted};
use sudoku_lab::grid::{Grid, Shape};
use sudoku_lab::solve::ilp::{solve_model_file, write_model, FileAnswer, Formulation, WriteOutcome};
use sudoku_lab::solve::{Limits, Outcome};
use sudoku_lab::verify::is_solution_of;

use crate::common::{code_and_err, data, file, run, stderr, stdout, NINE};

fn shape(r: usize, c: usize) -> Shape {
    Shape::new(r, c).expect("a valid shape")
}

/// A planted 9×9 and a planted 6×6 (2×3 boxes) instance: puzzles with a known solution.
fn planted_pair() -> [Planted; 2] {
    [planted(shape(3, 3), 0.35, &mut rng_from_seed(11)), planted(shape(2, 3), 0.4, &mut rng_from_seed(12))]
}

fn grid(text: &str, shape: Shape) -> Grid {
    format::parse(text, "test", None, Some(shape)).expect("a valid puzzle").remove(0).puzzle
}

/// r1c3 sees 1 and 2 in its row and 3 and 4 in its column: no candidate, no solution.
fn dead_end_4x4() -> Grid {
    grid("12........3...4.", shape(2, 2))
}

/// Exports `puzzle` into `dir` as `name`, expecting a file.
fn exported(puzzle: &Grid, target: Target, formulation: Formulation, dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    match export(puzzle, target, formulation, &path).unwrap_or_else(|e| panic!("{name}: {e}")) {
        Exported::Written(written) => {
            assert_eq!(written, path);
            written
        }
        Exported::Skipped(why) => panic!("{name}: skipped: {why}"),
    }
}

/// A CNF file as its header counts, its clause lines and its `c var` names.
struct Dimacs {
    variables: usize,
    clauses: usize,
    clause_lines: Vec<Vec<i32>>,
    /// Variable → (cell, digit), from `c var V rRcC D`.
    names: BTreeMap<i32, (usize, u8)>,
    comments: Vec<String>,
}

/// Parses a DIMACS CNF by hand: the header, the clause lines (each ending in 0) and the names.
fn parse_cnf(text: &str, n: usize) -> Dimacs {
    let mut dimacs =
        Dimacs { variables: 0, clauses: 0, clause_lines: Vec::new(), names: BTreeMap::new(), comments: Vec::new() };
    let mut header = false;
    for line in text.lines() {
        if let Some(comment) = line.strip_prefix("c ") {
            assert!(!header, "comments come before the p line: {line}");
            if let Some(name) = comment.strip_prefix("var ") {
                let parts: Vec<&str> = name.split(' ').collect();
                let (var, cell, digit) = (parts[0].parse().unwrap(), parts[1], parts[2].parse().unwrap());
                let (r, c) = cell.strip_prefix('r').unwrap().split_once('c').unwrap();
                let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
                assert!(dimacs.names.insert(var, ((r - 1) * n + c - 1, digit)).is_none(), "{line} repeats");
            }
            dimacs.comments.push(comment.to_string());
        } else if let Some(p) = line.strip_prefix("p cnf ") {
            let counts: Vec<usize> = p.split_whitespace().map(|x| x.parse().unwrap()).collect();
            (dimacs.variables, dimacs.clauses, header) = (counts[0], counts[1], true);
        } else {
            assert!(header, "a clause before the p line: {line}");
            let lits: Vec<i32> = line.split(' ').map(|x| x.parse().unwrap()).collect();
            assert_eq!(lits.last(), Some(&0), "a clause line ends in 0: {line}");
            assert!(!lits[..lits.len() - 1].contains(&0));
            dimacs.clause_lines.push(lits[..lits.len() - 1].to_vec());
        }
    }
    assert!(header, "a p cnf line");
    dimacs
}

/// Reads a CNF file with rustsat's parser and solves it with CaDiCaL: the true variables, or
/// `None` when unsatisfiable.
fn cadical(path: &Path) -> Option<BTreeSet<i32>> {
    let text = fs::read_to_string(path).unwrap();
    let instance: SatInstance = SatInstance::from_dimacs(&mut text.as_bytes()).expect("rustsat reads the file");
    let variables = instance.n_vars();
    let (cnf, _) = instance.into_cnf();
    let mut solver = CaDiCaL::default();
    solver.add_cnf(cnf).unwrap();
    match solver.solve().unwrap() {
        SolverResult::Sat => Some(
            (1..=variables as i32)
                .filter(|&v| solver.lit_val(Lit::from_ipasir(v).unwrap()).unwrap() == TernaryVal::True)
                .collect(),
        ),
        SolverResult::Unsat => None,
        SolverResult::Interrupted => panic!("no limit was set"),
    }
}

#[test]
fn cnf_files_of_planted_puzzles_solve_to_verified_grids() {
    let dir = tempfile::tempdir().unwrap();
    for (i, p) in planted_pair().iter().enumerate() {
        let n = p.puzzle.n();
        let path = exported(&p.puzzle, Target::Cnf, Formulation::Clique, dir.path(), &format!("p-{i}.cnf"));
        let text = fs::read_to_string(&path).unwrap();
        let dimacs = parse_cnf(&text, n);
        assert_eq!(dimacs.comments[0], format!("sudoku-lab {} sat encoding (full)", env!("CARGO_PKG_VERSION")));
        assert_eq!(dimacs.comments[1], format!("puzzle {}", format::to_line(&p.puzzle)));
        assert_eq!(dimacs.comments[2], format!("box {}", p.puzzle.shape()));
        assert_eq!(dimacs.clauses, dimacs.clause_lines.len(), "the p line counts the clause lines");
        let highest = dimacs.clause_lines.iter().flatten().map(|l| l.unsigned_abs() as usize).max().unwrap();
        assert!(highest <= dimacs.variables, "literal {highest} above the p line's {}", dimacs.variables);
        let named: Vec<i32> = dimacs.names.keys().copied().collect();
        assert_eq!(named, (1..=named.len() as i32).collect::<Vec<_>>(), "named variables are 1, 2, …");
        assert!(dimacs.names.values().all(|&(cell, _)| p.puzzle.get(cell) == 0), "givens have no variable");

        let truth = cadical(&path).expect("a planted puzzle is satisfiable");
        let mut grid = p.puzzle.clone();
        for (var, &(cell, digit)) in &dimacs.names {
            if truth.contains(var) {
                assert_eq!(grid.get(cell), 0, "two true variables for one cell");
                grid.set(cell, digit);
            }
        }
        assert!(is_solution_of(&p.puzzle, &grid), "{n}×{n}: the CNF's model is not a solution");
    }
}

#[test]
fn an_infeasible_puzzle_exports_an_unsatisfiable_cnf_that_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (dead_end_4x4(), "cell r1c3 has no candidate"),
        (grid("1.1.............", shape(2, 2)), "conflicting givens: digit 1 repeats in row 1"),
    ];
    for (i, (puzzle, reason)) in cases.iter().enumerate() {
        let path = exported(puzzle, Target::Cnf, Formulation::Clique, dir.path(), &format!("bad-{i}.cnf"));
        let text = fs::read_to_string(&path).unwrap();
        let dimacs = parse_cnf(&text, 4);
        let why = dimacs.comments.iter().find_map(|c| c.strip_prefix("infeasible: ")).expect("a reason");
        assert!(why.starts_with(reason), "{why}");
        assert_eq!((dimacs.variables, dimacs.clauses), (0, 1));
        assert_eq!(dimacs.clause_lines, vec![Vec::<i32>::new()], "one empty clause");
        assert!(text.ends_with("p cnf 0 1\n0\n"));
        assert_eq!(cadical(&path), None, "CaDiCaL finds it unsatisfiable");
    }
}

/// Decodes `x_rRcC_D` columns above 0.5 into a copy of `puzzle`.
fn decode_columns(puzzle: &Grid, point: &[(String, f64)]) -> Grid {
    let n = puzzle.n();
    let mut grid = puzzle.clone();
    for (name, _) in point.iter().filter(|(_, value)| *value > 0.5) {
        let rest = name.strip_prefix("x_r").unwrap_or_else(|| panic!("column {name}"));
        let (rc, digit) = rest.split_once('_').unwrap();
        let (r, c) = rc.split_once('c').unwrap();
        let (r, c, digit): (usize, usize, u8) = (r.parse().unwrap(), c.parse().unwrap(), digit.parse().unwrap());
        let cell = (r - 1) * n + c - 1;
        assert!(grid.get(cell) == 0 || grid.get(cell) == digit, "{name} contradicts the grid");
        grid.set(cell, digit);
    }
    grid
}

/// Every HiGHS use of this binary, in one test: HiGHS must not run twice at once in a process.
#[test]
fn lp_and_mps_files_of_both_models_are_real_models_highs_solves() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits::seconds(120.0);
    for (i, p) in planted_pair().iter().enumerate() {
        let n = p.puzzle.n();
        for formulation in [Formulation::Edge, Formulation::Clique] {
            for target in [Target::Lp, Target::Mps] {
                let name = format!("p{i}-{formulation:?}.{}", target.extension());
                let path = exported(&p.puzzle, target, formulation, dir.path(), &name);
                let point = match solve_model_file(&path, &limits).unwrap_or_else(|e| panic!("{name}: {e}")) {
                    FileAnswer::Point(point) => point,
                    other => panic!("{name}: {other:?}"),
                };
                let columns = if formulation == Formulation::Edge { n * n * n } else { point.len() };
                assert_eq!(point.len(), columns, "{name}: the edge model has N³ columns");
                assert!(point.iter().all(|(c, _)| c.starts_with("x_r")), "{name}: every column is named");
                // The edge model names the givens' columns too; the clique model has none for them.
                let from =
                    if formulation == Formulation::Edge { Grid::empty(p.puzzle.shape()) } else { p.puzzle.clone() };
                let grid = decode_columns(&from, &point);
                assert!(is_solution_of(&p.puzzle, &grid), "{name}: HiGHS's point is not a solution");
            }
        }
    }

    // The edge model of a dead end is written, and HiGHS finds it infeasible; the clique model
    // proves it before modelling and writes nothing.
    let dead = dead_end_4x4();
    let path = exported(&dead, Target::Lp, Formulation::Edge, dir.path(), "dead-edge.lp");
    assert!(matches!(solve_model_file(&path, &limits), Ok(FileAnswer::NoPoint(Outcome::Infeasible, _))));
    let clique = dir.path().join("dead-clique.lp");
    match export(&dead, Target::Lp, Formulation::Clique, &clique).unwrap() {
        Exported::Skipped(why) => assert!(why.starts_with("infeasible before modelling: cell r1c3"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert!(!clique.exists());
    let conflict = grid("1.1.............", shape(2, 2));
    let outcome = write_model(&conflict, Formulation::Edge, &dir.path().join("conflict.mps")).unwrap();
    assert!(matches!(outcome, WriteOutcome::Infeasible(ref why) if why.starts_with("conflicting givens")));

    // A full grid: no clique columns, so no clique file; the edge model is still a model.
    let full = &planted_pair()[1].solution;
    assert_eq!(write_model(full, Formulation::Clique, &dir.path().join("full.lp")).unwrap(), WriteOutcome::NoColumns);
    let outcome = write_model(full, Formulation::Edge, &dir.path().join("full.mps")).unwrap();
    assert_eq!(outcome, WriteOutcome::Written { columns: 216, rows: 36 + 6 * 216 });

    // Nothing but the finished files is left in the folder: no temporary files.
    let hidden: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with('.'))
        .collect();
    assert!(hidden.is_empty(), "temporary files left: {hidden:?}");
}

/// A DIMACS colouring file as its node count and edge set; asserts the p line and `e` lines agree.
fn parse_col(text: &str) -> (usize, BTreeSet<(usize, usize)>) {
    let (mut nodes, mut count) = (0, 0);
    let mut edges = BTreeSet::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[0] {
            "c" => {}
            "p" => {
                assert_eq!(words[1], "edge");
                (nodes, count) = (words[2].parse().unwrap(), words[3].parse().unwrap());
            }
            "e" => {
                let (u, v): (usize, usize) = (words[1].parse().unwrap(), words[2].parse().unwrap());
                assert!(u != v && (1..=nodes).contains(&u) && (1..=nodes).contains(&v), "{line}");
                assert!(edges.insert((u.min(v), u.max(v))), "{line} repeats");
            }
            other => panic!("unexpected line kind {other}"),
        }
    }
    assert_eq!(edges.len(), count, "the p line counts the e lines");
    (nodes, edges)
}

#[test]
fn col_files_hold_the_constraint_graph_and_colour_nodes_that_pin_the_givens() {
    let dir = tempfile::tempdir().unwrap();
    for (i, p) in planted_pair().iter().enumerate() {
        let s = p.puzzle.shape();
        let (n, r, c, givens) = (s.n(), s.box_rows(), s.box_cols(), p.puzzle.givens());
        let path = exported(&p.puzzle, Target::Col, Formulation::Clique, dir.path(), &format!("p-{i}.col"));
        let (nodes, edges) = parse_col(&fs::read_to_string(&path).unwrap());
        assert_eq!(nodes, n * n + n);
        assert_eq!(edges.len(), n * n * (3 * n - r - c - 1) / 2 + n * (n - 1) / 2 + givens * (n - 1));
        let is_colour_node = |v: usize| v > n * n;
        for cell in 0..n * n {
            let pins = edges.iter().filter(|&&(u, v)| u == cell + 1 && is_colour_node(v)).count();
            let expected = if p.puzzle.get(cell) != 0 { n - 1 } else { 0 };
            assert_eq!(pins, expected, "cell {cell}: colour-node neighbours");
        }
        // The known solution (digit d = colour d − 1), colour node N² + k + 1 ↦ colour k.
        let colour = |v: usize| if is_colour_node(v) { v - n * n - 1 } else { p.solution.get(v - 1) as usize - 1 };
        for &(u, v) in &edges {
            assert_ne!(colour(u), colour(v), "edge {u}-{v} joins two nodes of one colour");
        }
    }
}

#[test]
fn the_cli_writes_one_named_file_per_puzzle_and_prints_its_path() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("two.txt");
    let pair = [planted_pair()[0].puzzle.clone(), planted(shape(3, 3), 0.5, &mut rng_from_seed(13)).puzzle];
    fs::write(&input, pair.iter().map(|g| format!("{}\n", format::to_line(g))).collect::<String>()).unwrap();
    let out = dir.path().join("cnf/nested");
    let o = run(&["export", input.to_str().unwrap(), "--to", "cnf", "--out", out.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let expected: Vec<PathBuf> = vec![out.join("two-1.cnf"), out.join("two-2.cnf")];
    let printed: Vec<PathBuf> = stdout(&o).lines().map(PathBuf::from).collect();
    assert_eq!(printed, expected);
    assert!(expected.iter().all(|p| p.is_file()));
    assert_eq!(fs::read_dir(&out).unwrap().count(), 2, "nothing else in the folder");
    for (path, puzzle) in expected.iter().zip(&pair) {
        assert!(fs::read_to_string(path).unwrap().contains(&format!("c puzzle {}\n", format::to_line(puzzle))));
    }
    assert!(stderr(&o).contains("2 puzzle(s): 2 cnf file(s) written"), "{}", stderr(&o));

    // From stdin the stem is `stdin`; --input-format and --box are honoured as in `solve`.
    let six = "1..4.6.5..2.2.1..4..4.3.3..6...4..12\n";
    let o = run(
        &["export", "-", "--to", "col", "--box", "2x3", "--input-format", "line", "--out", out.to_str().unwrap()],
        six,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), out.join("stdin-1.col").to_str().unwrap());
    assert!(fs::read_to_string(out.join("stdin-1.col")).unwrap().contains("c box 2x3\n"));
    let o = run(&["export", "-", "--to", "col", "--box", "3x2", "--out", out.to_str().unwrap(), "--force"], six);
    assert!(fs::read_to_string(out.join("stdin-1.col")).unwrap().contains("c box 3x2\n"), "{}", stderr(&o));

    // An infeasible puzzle gets no clique LP file, a note on stderr, and exit 0.
    let o = run(&["export", "-", "--to", "lp", "--out", out.to_str().unwrap()], "12........3...4.\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("puzzle 1: infeasible before modelling: cell r1c3 has no candidate"), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert!(!out.join("stdin-1.lp").exists());
}

/// `--to grid` and `--to dzn` write, byte for byte, the file an external solver with `input =
/// "grid"` or `"dzn"` reads; the grid file reads back as its puzzle, box shape included.
#[test]
fn grid_and_dzn_files_are_what_an_external_solver_reads() {
    let dir = tempfile::tempdir().unwrap();
    let six = planted(shape(2, 3), 0.5, &mut rng_from_seed(21)).puzzle;
    let three_by_two = planted(shape(3, 2), 0.5, &mut rng_from_seed(22)).puzzle;
    let input = dir.path().join("pair.txt");
    let text: String =
        [&six, &three_by_two].iter().map(|g| format!("# box={}\n{}\n", g.shape(), format::to_line(g))).collect();
    fs::write(&input, text).unwrap();
    for (to, kind, ext) in [("grid", Input::Grid, "txt"), ("dzn", Input::Dzn, "dzn")] {
        let out = dir.path().join(to);
        let o = run(&["export", input.to_str().unwrap(), "--to", to, "--out", out.to_str().unwrap()], "");
        assert!(o.status.success(), "{to}: {}", stderr(&o));
        let printed: Vec<PathBuf> = stdout(&o).lines().map(PathBuf::from).collect();
        assert_eq!(printed, [out.join(format!("pair-1.{ext}")), out.join(format!("pair-2.{ext}"))], "{to}");
        assert!(stderr(&o).contains(&format!("2 puzzle(s): 2 {ext} file(s) written")), "{}", stderr(&o));
        for (path, puzzle) in printed.iter().zip([&six, &three_by_two]) {
            let reference = dir.path().join(format!("solver-reads.{ext}"));
            write_input(puzzle, kind, None, &reference).unwrap();
            assert_eq!(fs::read(path).unwrap(), fs::read(&reference).unwrap(), "{to}: {}", path.display());
            if kind == Input::Grid {
                let back = format::parse(&fs::read_to_string(path).unwrap(), "grid", None, None).unwrap();
                assert_eq!(back[0].puzzle, *puzzle, "the box shape comes back from `# box=`");
            } else {
                let text = fs::read_to_string(path).unwrap();
                let (r, c) = (puzzle.shape().box_rows(), puzzle.shape().box_cols());
                assert!(text.contains(&format!("n = 6;\nbox_rows = {r};\nbox_cols = {c};\n")), "{text}");
            }
        }
    }
}

#[test]
fn bad_input_exits_2_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let missing = dir.path().join("missing.txt");
    // (A command that never reads stdin gets none: writing to it could race the child's exit.)
    for (args, stdin) in [
        (vec!["export", missing.to_str().unwrap(), "--to", "cnf", "--out", out.to_str().unwrap()], ""),
        (vec!["export", "-", "--to", "cnf", "--out", out.to_str().unwrap()], "12x4\n"),
    ] {
        let o = run(&args, stdin);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with("error: "), "{}", stderr(&o));
        assert!(!out.exists(), "no folder is created for bad input");
    }
    // --model chooses the ILP formulation of lp and mps files: with cnf or col it was ignored
    // without a word; now it is refused, naming the targets that read it.
    let sample = data("9x9-sample.txt");
    for to in ["cnf", "col"] {
        let args = ["export", sample.to_str().unwrap(), "--to", to, "--model", "edge", "--out", out.to_str().unwrap()];
        let o = run(&args, "");
        assert_eq!(o.status.code(), Some(2), "--to {to} --model edge: {}", stderr(&o));
        assert!(
            stderr(&o)
                .contains(&format!("--model chooses the ILP formulation of lp and mps files; --to {to} has none")),
            "{}",
            stderr(&o)
        );
        assert!(!out.exists(), "nothing is written");
    }
    let o = run(&["export", data("9x9-sample.txt").to_str().unwrap(), "--to", "dimacs", "--out", "x"], "");
    assert_eq!(o.status.code(), Some(2), "an unknown --to is a usage error");
}

// Issue 27, item 18: `export` silently overwrote existing files (a hand-edited `h3-1.cnf`); `--out`
// naming a file said "File exists (os error 17)".
#[test]
fn item18_export_refuses_to_overwrite_and_names_a_file_given_as_out() {
    let dir = tempfile::tempdir().unwrap();
    let input = file(dir.path(), "h3.txt", &NINE.repeat(2));
    let out = dir.path().join("cnf");
    let export = |extra: &[&str]| {
        let mut args = vec!["export", input.as_str(), "--to", "cnf", "--out", out.to_str().unwrap()];
        args.extend(extra);
        code_and_err(&args, "")
    };
    assert_eq!(export(&[]).0, Some(0));
    std::fs::write(out.join("h3-1.cnf"), "c edited by hand\n").unwrap();
    std::fs::remove_file(out.join("h3-2.cnf")).unwrap();
    let (code, err) = export(&[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("h3-1.cnf already exist") && err.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(out.join("h3-1.cnf")).unwrap(), "c edited by hand\n");
    assert!(!out.join("h3-2.cnf").exists(), "nothing written when refused");
    assert_eq!(export(&["--force"]).0, Some(0));
    assert!(std::fs::read_to_string(out.join("h3-1.cnf")).unwrap().starts_with("c "));
    assert_ne!(std::fs::read_to_string(out.join("h3-1.cnf")).unwrap(), "c edited by hand\n");
    // --out naming a file.
    let (code, err) =
        code_and_err(&["export", input.as_str(), "--to", "cnf", "--out", out.join("h3-1.cnf").to_str().unwrap()], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("h3-1.cnf is not a directory"), "{err}");
}
