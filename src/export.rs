//! Puzzles written out as models for other tools: DIMACS CNF (the `sat` encoding), LP and MPS (the
//! ILP formulations, as HiGHS writes them), DIMACS graph colouring (`.col`), the puzzle itself
//! with its box shape (`grid`) and MiniZinc data (`dzn`).
//!
//! This module owns the text of the CNF, colouring, grid and MiniZinc files (the files an
//! external solver reads are these, [`crate::external`] writes them through this module), the file names (`<stem>-<k>.<ext>`,
//! k counted from 1) and the atomic write: every file goes to a temporary file in the target
//! folder first and is renamed into place, so no reader ever sees half a file. The models come
//! from [`crate::solve::sat::cnf`], [`crate::solve::ilp`] (the only writer of LP and MPS, through
//! HiGHS) and [`crate::graph`]. A puzzle proven infeasible before modelling still gets a CNF (a
//! trivially unsatisfiable one that says why) and a colouring file (which has no proper
//! colouring), but no LP or MPS file: there is no model to write.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use rustsat::instances::Cnf;
use thiserror::Error;

use crate::format::to_line;
use crate::graph::{colour_of, ConstraintGraph};
use crate::grid::Grid;
use crate::solve::ilp::{self, Formulation, WriteOutcome};
use crate::solve::sat::cnf::{self, Encoded, Encoding};
use crate::solve::SolveError;
use crate::verify;

/// The version written into every file header.
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// A file format to export to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Target {
    /// DIMACS CNF of the `sat` encoding (full), with comments naming every cell variable.
    Cnf,
    /// CPLEX LP format of an ILP model, written by HiGHS.
    Lp,
    /// MPS format of an ILP model, written by HiGHS.
    Mps,
    /// DIMACS graph colouring: the constraint graph plus N colour nodes that pin the givens.
    Col,
    /// The puzzle itself: a `# box=RxC` line and the puzzle in line format (a `.txt` file).
    Grid,
    /// MiniZinc data: `n`, `box_rows`, `box_cols` and `givens` (0 for a hole).
    Dzn,
}

impl Target {
    /// The file extension: `cnf`, `lp`, `mps`, `col`, `txt` (grid) or `dzn`.
    pub fn extension(self) -> &'static str {
        match self {
            Target::Cnf => "cnf",
            Target::Lp => "lp",
            Target::Mps => "mps",
            Target::Col => "col",
            Target::Grid => "txt",
            Target::Dzn => "dzn",
        }
    }
}

/// What exporting one puzzle did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Exported {
    /// The file was written, at this path.
    Written(PathBuf),
    /// No file (LP and MPS only), and why: e.g. `infeasible before modelling: …`.
    Skipped(String),
}

/// Why an export failed (an infeasible puzzle is not a failure).
#[derive(Debug, Error)]
pub enum ExportError {
    /// Writing or renaming a file failed.
    #[error("writing {}", path.display())]
    Io {
        /// The file being written.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: io::Error,
    },
    /// HiGHS failed to build or write a model.
    #[error(transparent)]
    Model(#[from] SolveError),
}

/// The file name of puzzle `k` (1-based) of the input named `stem`: `<stem>-<k>.<ext>`.
pub fn file_name(stem: &str, k: usize, target: Target) -> String {
    format!("{stem}-{k}.{}", target.extension())
}

/// The stem file names start with: the input file's stem (`puzzles` for `data/puzzles.txt`), or
/// `stdin` for `-`.
pub fn input_stem(input: &str) -> String {
    if input == "-" {
        return "stdin".to_string();
    }
    Path::new(input).file_stem().map_or_else(|| "puzzles".to_string(), |s| s.to_string_lossy().into_owned())
}

/// Writes `puzzle` to `path` as `target`, atomically; `formulation` chooses the ILP model of LP
/// and MPS files and is ignored otherwise. The file's format follows `target`, not `path`.
pub fn export(puzzle: &Grid, target: Target, formulation: Formulation, path: &Path) -> Result<Exported, ExportError> {
    let temp = temp_path(path, target);
    let io_error = |source| ExportError::Io { path: path.to_path_buf(), source };
    let written = match target {
        Target::Cnf => write_text(&temp, |out| write_cnf(puzzle, out)).map(|()| None),
        Target::Col => write_text(&temp, |out| write_col(puzzle, out)).map(|()| None),
        Target::Grid => write_text(&temp, |out| write_grid(puzzle, out)).map(|()| None),
        Target::Dzn => write_text(&temp, |out| write_dzn(puzzle, out)).map(|()| None),
        Target::Lp | Target::Mps => match ilp::write_model(puzzle, formulation, &temp) {
            Ok(WriteOutcome::Written { .. }) => File::open(&temp).and_then(|f| f.sync_all()).map(|()| None),
            Ok(WriteOutcome::Infeasible(why)) => Ok(Some(format!("infeasible before modelling: {why}"))),
            Ok(WriteOutcome::NoColumns) if puzzle.is_full() => {
                Ok(Some("no empty cell: the clique model has no columns (the edge model has)".to_string()))
            }
            // POP only: every empty cell is left one candidate, and no two of them clash.
            Ok(WriteOutcome::NoColumns) => {
                Ok(Some("no column: every empty cell has a single candidate (the givens decide the grid)".to_string()))
            }
            Err(e) => {
                discard(&temp);
                return Err(e.into());
            }
        },
    };
    match written {
        Ok(None) => {
            fs::rename(&temp, path).map_err(|e| {
                discard(&temp);
                io_error(e)
            })?;
            Ok(Exported::Written(path.to_path_buf()))
        }
        Ok(Some(why)) => Ok(Exported::Skipped(why)),
        Err(e) => {
            discard(&temp);
            Err(io_error(e))
        }
    }
}

/// The temporary file beside `path`: hidden, unique to this process, and ending in the target's
/// extension (HiGHS picks the format it writes from the extension).
fn temp_path(path: &Path, target: Target) -> PathBuf {
    let name = path.file_name().map_or_else(|| "export".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{}.tmp.{}", std::process::id(), target.extension()))
}

/// Removes a temporary file left by a failed write; there may be none, so errors are ignored.
fn discard(temp: &Path) {
    let _ = fs::remove_file(temp);
}

/// Creates `path`, writes it through a buffer with `write`, and syncs it to disk.
fn write_text(path: &Path, write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>) -> io::Result<()> {
    let mut out = BufWriter::new(File::create(path)?);
    write(&mut out)?;
    out.into_inner().map_err(|e| e.into_error())?.sync_all()
}

/// Writes the DIMACS CNF of the `sat` encoding ([`Encoding::Full`]) of `puzzle`.
///
/// The header comments give the version, the puzzle in line format, the box shape and the meaning
/// of every cell variable (`c var 17 r2c3 5`: variable 17 true puts digit 5 in cell r2c3; givens
/// have no variable; variables above the named ones are auxiliary). A puzzle proven infeasible
/// before encoding (conflicting givens, or a dead end of eliminating the givens) gets
/// `c infeasible: <reason>`, `p cnf 0 1` and the empty clause `0`.
///
/// Complexity: that of [`cnf::encode`], O(N⁴) clauses with pairwise at-most-one.
pub fn write_cnf(puzzle: &Grid, out: &mut impl Write) -> io::Result<()> {
    write_cnf_encoded(puzzle, Encoding::Full, out).map(|_| ())
}

/// [`write_cnf`] in either encoding; returns what variable i + 1 stands for (`columns[i]` =
/// (cell, colour)), or `None` for a puzzle proven infeasible before encoding.
pub fn write_cnf_encoded(
    puzzle: &Grid,
    encoding: Encoding,
    out: &mut impl Write,
) -> io::Result<Option<Vec<(usize, usize)>>> {
    let name = match encoding {
        Encoding::Full => "sat encoding (full)",
        Encoding::Minimal => "sat-minimal encoding",
    };
    writeln!(out, "c sudoku-lab {VERSION} {name}")?;
    writeln!(out, "c puzzle {}", to_line(puzzle))?;
    writeln!(out, "c box {}", puzzle.shape())?;
    writeln!(out, "c family {}", puzzle.shape().family())?;
    let infeasible = |out: &mut dyn Write, why: &str| -> io::Result<Option<Vec<(usize, usize)>>> {
        writeln!(out, "c infeasible: {why}")?;
        writeln!(out, "p cnf 0 1")?;
        writeln!(out, "0")?;
        Ok(None)
    };
    // The encoding leaves the givens out, so it cannot see a conflict between two of them.
    if let Some(conflict) = verify::conflicts(puzzle).first() {
        return infeasible(out, &format!("conflicting givens: {conflict}"));
    }
    let mut clauses = Cnf::new();
    let encoded = cnf::encode(puzzle, encoding, &mut clauses)
        .map_err(|_| io::Error::new(io::ErrorKind::OutOfMemory, "out of memory while encoding the puzzle"))?;
    let model = match encoded {
        Encoded::Model(model) => model,
        Encoded::Infeasible(why) => return infeasible(out, &why),
    };
    let named = model.columns.len();
    let aux = match encoding {
        Encoding::Full => "auxiliary (at-most-one ladders)",
        Encoding::Minimal => "auxiliary",
    };
    writeln!(
        out,
        "c variables 1..{named} are cell digits: `c var V rRcC D` means variable V true puts digit D in \
         cell rRcC; givens have no variable; variables above {named} are {aux}"
    )?;
    for line in cnf::variable_names(&model.columns, puzzle.n()) {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "p cnf {} {}", model.variables, clauses.len())?;
    for clause in clauses.iter() {
        for lit in clause.iter() {
            write!(out, "{} ", lit.to_ipasir())?;
        }
        writeln!(out, "0")?;
    }
    Ok(Some(model.columns))
}

/// Writes `puzzle` as a DIMACS graph-colouring instance (`p edge V E`, `e u v`, nodes 1-based).
///
/// Nodes 1..N² are the cells in row-major order (cell rRcC is node (R − 1)·N + C) joined as in
/// the constraint graph. Nodes N² + 1..N² + N are colour nodes forming a clique; node N² + D
/// stands for digit D, and each given cell is joined to the N − 1 colour nodes of the other
/// digits. So in any proper N-colouring, a given shares its digit's colour node's colour, and
/// reading each cell's colour through the colour nodes gives a solution. V = N² + N and
/// E = N²(3N − r − c − 1)/2 + N(N − 1)/2 + givens·(N − 1).
///
/// Complexity: O(N³ + givens·N) time, O(N³) space (the constraint graph).
pub fn write_col(puzzle: &Grid, out: &mut impl Write) -> io::Result<()> {
    let shape = puzzle.shape();
    let n = shape.n();
    let cells = n * n;
    let graph = ConstraintGraph::new(shape);
    let edges = graph.graph().edge_count() + n * (n - 1) / 2 + puzzle.givens() * (n - 1);
    writeln!(out, "c sudoku-lab {VERSION} constraint graph (DIMACS colouring)")?;
    writeln!(out, "c puzzle {}", to_line(puzzle))?;
    writeln!(out, "c box {shape}")?;
    writeln!(out, "c family {}", shape.family())?;
    writeln!(out, "c nodes 1..{cells}: the cells, row-major (cell rRcC is node (R-1)*{n}+C), joined when peers")?;
    writeln!(
        out,
        "c nodes {}..{}: colour nodes, a clique; node {cells}+D stands for digit D, and each given \
         cell is joined to the colour nodes of the other digits",
        cells + 1,
        cells + n
    )?;
    writeln!(out, "c a proper {n}-colouring, read through the colour nodes, is a solution")?;
    writeln!(out, "p edge {} {edges}", cells + n)?;
    for (u, v) in graph.edges() {
        writeln!(out, "e {} {}", u + 1, v + 1)?;
    }
    for a in 0..n {
        for b in a + 1..n {
            writeln!(out, "e {} {}", cells + a + 1, cells + b + 1)?;
        }
    }
    for (cell, &digit) in puzzle.cells().iter().enumerate().filter(|(_, &d)| d != 0) {
        for k in (0..n).filter(|&k| k != colour_of(digit)) {
            writeln!(out, "e {} {}", cell + 1, cells + k + 1)?;
        }
    }
    Ok(())
}

/// Writes `puzzle` as the `grid` input of an external solver: a `# box=RxC` comment (the form the
/// harness's readers take a box shape from) and the puzzle in line format, givens as they are
/// (clashes included, for the solver to refute).
///
/// Time and space O(N²).
pub fn write_grid(puzzle: &Grid, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "# box={}\n{}", puzzle.shape(), to_line(puzzle))
}

/// Writes `puzzle` as MiniZinc data: `n` (digits), `box_rows` and `box_cols` (the box shape
/// r×c) and `givens`, an n×n array in MiniZinc's 2-D literal (`[| … | … |]`), one row a line
/// ended by `|` (the last by `|]`), 0 for a hole. A digit is written as itself, so the model's
/// `1..n` are the grid's digits.
///
/// Time and space O(N²).
pub fn write_dzn(puzzle: &Grid, out: &mut impl Write) -> io::Result<()> {
    let (n, shape) = (puzzle.n(), puzzle.shape());
    writeln!(out, "% sudoku-lab: a {n}×{n} puzzle, boxes {shape}, {} givens, 0 for a hole", puzzle.givens())?;
    writeln!(out, "n = {n};\nbox_rows = {};\nbox_cols = {};", shape.box_rows(), shape.box_cols())?;
    writeln!(out, "givens = [|")?;
    for row in 0..n {
        let cells: Vec<String> = (0..n).map(|col| puzzle.get(row * n + col).to_string()).collect();
        let end = if row + 1 == n { " |];" } else { " |" };
        writeln!(out, "  {}{end}", cells.join(", "))?;
    }
    Ok(())
}
