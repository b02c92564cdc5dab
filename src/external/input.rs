//! The file an external solver reads, written by [`crate::export`], and what the harness must
//! remember of it to read the answer back ([`Key`]).
//!
//! Every file is the one `export` writes for its target (so `sudoku-lab export --to grid` or
//! `--to dzn` shows a user what the solver will read): the `grid` input is a `# box=RxC` comment
//! (the form the harness's readers take a box shape from) and the puzzle in line format
//! ([`write_grid`]); the `dzn` input is MiniZinc data ([`write_dzn`]): the model
//! (`peers/minizinc/sudoku.mzn`) is the solver's, the data only the puzzle.
//!
//! A puzzle the harness proves infeasible before modelling still gets a file the solver must
//! answer: a CNF with the empty clause (as `export` writes it) and, for `mps`/`lp`, a one-column
//! model `z = 2`, `z` binary, which no solution satisfies; a puzzle with no empty cell gets the
//! same model with `z = 1` (the clique model of a full grid has no column). So a peer is never
//! credited with an answer it did not give. `grid` and `dzn` need no such care: they hold the
//! givens as they are, clashes included, for the solver to refute.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use super::definition::{Input, Model};
use crate::export::{self, write_cnf_encoded, write_col, write_dzn, write_grid, ExportError, Exported, Target};
use crate::grid::Grid;
use crate::solve::ilp::Formulation;
use crate::solve::sat::cnf::Encoding;

/// What decoding an answer needs to know of the input file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Key {
    /// CNF: variable i + 1 stands for `columns[i]` = (cell, colour); `None` when the file is
    /// the empty clause (the puzzle was proven infeasible before encoding).
    Cnf(Option<Vec<(usize, usize)>>),
    /// MPS/LP: the column names in the file's order (GLPK's raw answers number columns).
    Mip(Vec<String>),
    /// A colouring or the grid itself: nothing beyond the puzzle.
    Plain,
}

/// Writes `puzzle` to `path` as `input` (with `model` for `mps`/`lp`).
pub fn write(puzzle: &Grid, input: Input, model: Option<Model>, path: &Path) -> Result<Key, ExportError> {
    let io_at = |source| ExportError::Io { path: path.to_path_buf(), source };
    match input {
        Input::Cnf | Input::CnfMinimal => {
            let encoding = if input == Input::Cnf { Encoding::Full } else { Encoding::Minimal };
            let columns = write_file(path, |out| write_cnf_encoded(puzzle, encoding, out)).map_err(io_at)?;
            Ok(Key::Cnf(columns))
        }
        Input::Col => {
            write_file(path, |out| write_col(puzzle, out)).map_err(io_at)?;
            Ok(Key::Plain)
        }
        Input::Grid => {
            write_file(path, |out| write_grid(puzzle, out)).map_err(io_at)?;
            Ok(Key::Plain)
        }
        Input::Dzn => {
            write_file(path, |out| write_dzn(puzzle, out)).map_err(io_at)?;
            Ok(Key::Plain)
        }
        Input::Mps | Input::Lp => {
            let target = if input == Input::Mps { Target::Mps } else { Target::Lp };
            let formulation = match model {
                Some(Model::Edge) => Formulation::Edge,
                _ => Formulation::Clique,
            };
            match export::export(puzzle, target, formulation, path)? {
                Exported::Written(_) => {}
                Exported::Skipped(why) => {
                    let feasible = why.starts_with("no empty cell");
                    write_file(path, |out| trivial_model(out, input, feasible, &why)).map_err(io_at)?;
                }
            }
            let text = std::fs::read_to_string(path).map_err(io_at)?;
            Ok(Key::Mip(column_order(&text)))
        }
    }
}

/// Creates `path` and writes it through a buffer.
fn write_file<T>(path: &Path, write: impl FnOnce(&mut BufWriter<File>) -> io::Result<T>) -> io::Result<T> {
    let mut out = BufWriter::new(File::create(path)?);
    let value = write(&mut out)?;
    out.flush()?;
    Ok(value)
}

/// The one-column model of the module doc: `z = 1` (feasible) or `z = 2` (infeasible), `z` binary.
fn trivial_model(out: &mut impl Write, input: Input, feasible: bool, why: &str) -> io::Result<()> {
    let rhs = if feasible { 1 } else { 2 };
    if input == Input::Mps {
        writeln!(out, "* sudoku-lab: {why}")?;
        writeln!(out, "NAME sudoku\nROWS\n N  obj\n E  r0\nCOLUMNS")?;
        writeln!(out, "    MARKER  'MARKER'  'INTORG'\n    z  r0  1\n    MARKER  'MARKER'  'INTEND'")?;
        writeln!(out, "RHS\n    rhs  r0  {rhs}\nBOUNDS\n UP bnd  z  1\nENDATA")
    } else {
        writeln!(out, "\\ sudoku-lab: {why}")?;
        writeln!(out, "minimize\n obj: 0 z\nsubject to\n r0: z = {rhs}\nbounds\n 0 <= z <= 1\ngeneral\n z\nend")
    }
}

/// The cell-digit column names (`x_rRcC_D`) in order of first appearance, which is the column
/// order of an MPS file and of an LP file as GLPK reads it.
pub fn column_order(text: &str) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        if cell_of_column(word).is_some() && seen.insert(word) {
            out.push(word.to_string());
        }
    }
    out
}

/// The (row, column, digit), each from 1, a column name `x_rRcC_D` stands for
/// ([`crate::solve::ilp::column_name`] writes them).
pub fn cell_of_column(name: &str) -> Option<(usize, usize, u8)> {
    let rest = name.strip_prefix("x_r")?;
    let (row, rest) = rest.split_once('c')?;
    let (col, digit) = rest.split_once('_')?;
    let parse = |s: &str| s.parse::<usize>().ok().filter(|&v| v >= 1 && s.chars().all(|c| c.is_ascii_digit()));
    Some((parse(row)?, parse(col)?, u8::try_from(parse(digit)?).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::to_line;
    use crate::generate::{planted, rng_from_seed};
    use crate::grid::Shape;

    #[test]
    fn every_input_is_written_and_remembers_its_key() {
        let p = planted(Shape::new(2, 2).unwrap(), 0.4, &mut rng_from_seed(5)).puzzle;
        let dir = tempfile::tempdir().unwrap();
        for input in Input::ALL {
            let path = dir.path().join(format!("p.{}", input.extension()));
            let key = write(&p, input, Some(Model::Clique), &path).unwrap();
            let text = std::fs::read_to_string(&path).unwrap();
            match (input, key) {
                (Input::Cnf | Input::CnfMinimal, Key::Cnf(Some(columns))) => {
                    assert_eq!(columns.len(), text.lines().filter(|l| l.starts_with("c var ")).count());
                }
                (Input::Mps | Input::Lp, Key::Mip(names)) => {
                    assert!(!names.is_empty() && names.iter().all(|n| text.contains(n.as_str())));
                }
                (Input::Grid, Key::Plain) => assert_eq!(text, format!("# box=2x2\n{}\n", to_line(&p))),
                (Input::Col, Key::Plain) => assert!(text.contains("p edge 20 ")),
                (Input::Dzn, Key::Plain) => assert!(text.contains("n = 4;") && text.ends_with("|];\n")),
                (input, key) => panic!("{input}: {key:?}"),
            }
        }
    }

    #[test]
    fn dzn_holds_the_shape_and_the_givens_row_by_row_with_0_for_a_hole() {
        let puzzle = crate::format::parse("1...\n..2.\n.3..\n...4\n", "test", None, None).unwrap().remove(0).puzzle;
        let mut text = Vec::new();
        write_dzn(&puzzle, &mut text).unwrap();
        assert_eq!(
            String::from_utf8(text).unwrap(),
            "% sudoku-lab: a 4×4 puzzle, boxes 2x2, 4 givens, 0 for a hole\n\
             n = 4;\n\
             box_rows = 2;\n\
             box_cols = 2;\n\
             givens = [|\n  \
             1, 0, 0, 0 |\n  \
             0, 0, 2, 0 |\n  \
             0, 3, 0, 0 |\n  \
             0, 0, 0, 4 |];\n"
        );
        // A 2×3 box: rows and columns of the box are told apart.
        let p = planted(Shape::new(2, 3).unwrap(), 0.5, &mut rng_from_seed(3)).puzzle;
        let mut text = Vec::new();
        write_dzn(&p, &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("n = 6;\nbox_rows = 2;\nbox_cols = 3;\n"), "{text}");
        assert_eq!(text.lines().filter(|l| l.starts_with("  ") && l.split(", ").count() == 6).count(), 6);
    }

    #[test]
    fn a_puzzle_infeasible_before_modelling_still_gets_a_model_to_refute() {
        let mut cells = vec![0u8; 16];
        (cells[0], cells[1]) = (1, 1);
        let bad = Grid::from_cells(Shape::new(2, 2).unwrap(), cells).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.mps");
        assert_eq!(write(&bad, Input::Mps, Some(Model::Clique), &path).unwrap(), Key::Mip(Vec::new()));
        assert!(std::fs::read_to_string(&path).unwrap().contains("rhs  r0  2"));
        let path = dir.path().join("p.cnf");
        assert_eq!(write(&bad, Input::Cnf, None, &path).unwrap(), Key::Cnf(None));
        assert!(std::fs::read_to_string(&path).unwrap().contains("p cnf 0 1"));
    }
}
