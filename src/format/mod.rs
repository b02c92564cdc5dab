//! Text formats in and out: `line`, `grid`, `json` and `pretty`.
//!
//! Reading (`read.rs`) turns a whole input (a file or stdin) into [`Entry`] values, one per puzzle,
//! and every failure into a [`ParseError`] that names the source, the line and the column. Writing
//! (`write.rs`) turns a grid back into text. The public collections in `../shared/data/` are line
//! files: N² characters (`.`/`0` empty, `1`–`9`, then `A`… for 10 and up) or N² separated integers.
//!
//! Every format shares three conveniences: a UTF-8 byte-order mark is dropped, `#` starts a comment
//! that runs to the end of its line (a whole line or after a puzzle), and blank lines are ignored.
//!
//! # Cells
//! A run of cells — a line puzzle, a grid row — is split at spaces, tabs and commas (and at `|` in a
//! grid row). It is read as **integers** (`.` = 0) when every piece is one, unless a value above 64
//! shows the pieces are runs of symbols (`534 678 912`) or, when the row length N is known, only the
//! symbol reading gives N cells. Otherwise it is read as **symbols**, one character per cell: `.`/`0`
//! empty, `1`–`9`, `A`–`Z` (either case) for 10–35.
//!
//! # Box shape
//! `--box` (the `shape` argument) wins when given; a `pretty` grid's borders, a `box=RxC` comment
//! and a `json` object's `"box"` must then agree with it (and be valid shapes). Otherwise a `json`
//! object's `"box"` decides, or a `box=RxC` word in a comment — on the puzzle's line or on the
//! comment lines right before it (before a grid's first row or top border) —, then a grid's
//! borders (`|` between boxes gives the box width c, a `-+` rule line between boxes gives the box
//! height r; one of them suffices), and last the default shape for N ([`Shape::for_size`]). The
//! writers put a `# box=RxC` line before every `line` and `grid` puzzle whose shape is not the
//! default for its N, so a 3×2 puzzle survives a pipe.
//!
//! # Auto-detection
//! [`detect`] looks at the first content line and the block it starts (the lines up to the next
//! blank line, comments skipped), in this order:
//! 1. `{` or `[` first: `json` (one object, several, or an array of objects).
//! 2. A `:` in it: `line` (`PUZZLE:SOLUTION`, `PUZZLE:COUNT:SOLUTION`).
//! 3. A border line (`-`, `+`, `|`, `=` only) or a `|` in it: `grid` (this covers `pretty`).
//! 4. Otherwise let L be its cell count. When L = m² for a side m with a default box (16, 36, 64,
//!    81, 144, …), it is a **line puzzle** — unless L ≤ 64, the block holds at least two lines of L
//!    cells, and one of them holds a value above m: then those lines are rows of an L×L **grid**.
//!    So a file of 4×4 line puzzles (16 cells a line, values 1–4) stays line puzzles, while a
//!    compact 16×16 grid, whose rows hold values above 4, is a grid. A 16×16 grid whose first
//!    rows use only 1–4 needs `--input-format grid`.
//! 5. Otherwise (L is no N² of a usable side, e.g. 9 or 25 symbols) the lines are rows of an L×L
//!    **grid** when 2 ≤ L ≤ 64 and the block holds more than one line, and a (wrong) **line
//!    puzzle** otherwise, whose error names the count found and the counts expected.
//!
//! When auto-detection chose the format, errors about counts and values carry a note that says
//! why it chose it and which `--input-format`/`--box` to pass instead.
//!
//! Two pieces serve every reader of input files, these and the others (experiment configs,
//! external solver definitions, `runs.csv`): [`Location`], the place an error names
//! (`file:line:column`) and the one count of a byte offset into it, and [`Word`], a word naming
//! an enum's variant, read by serde and refused by its reader in its own words.

mod detect;
mod location;
mod read;
mod word;
mod write;

use std::fmt;
use std::io::Read;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::grid::{Grid, Shape, ShapeError};

pub use detect::{detect, detection, Detection};
pub use location::{Location, Positions};
pub use word::Word;
pub use write::{to_grid, to_json, to_line, to_pretty, write_counted, write_entry};

/// A text format for puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// One puzzle per line: N² symbols or N² separated integers; `PUZZLE:SOLUTION` and
    /// `PUZZLE:COUNT:SOLUTION` accepted.
    Line,
    /// N rows of N separated integers or N symbols; box-separator lines ignored.
    Grid,
    /// `{"box":[r,c],"cells":[[…],…]}`, one object per puzzle, or an array of such objects;
    /// `"count"` and `"solution"` accepted.
    Json,
    /// Box borders and aligned columns, for people (read back as `grid`, box shape from the borders).
    Pretty,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Line => "line",
            Format::Grid => "grid",
            Format::Json => "json",
            Format::Pretty => "pretty",
        })
    }
}

/// One puzzle read from an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The puzzle (0 = empty cell).
    pub puzzle: Grid,
    /// A solution given beside it (`PUZZLE:SOLUTION` or `PUZZLE:COUNT:SOLUTION`), if any.
    pub solution: Option<Grid>,
    /// A solution count given beside it (`PUZZLE:COUNT:SOLUTION`), if any.
    pub count: Option<u64>,
    /// 1-based line where the puzzle starts.
    pub line: usize,
}

/// What was wrong with the input.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// The input holds no puzzle.
    #[error("no puzzle found: the input is empty or holds only blank lines and comments")]
    Empty,
    /// A symbol that is no digit and no empty marker.
    #[error("cell {cell}: unknown symbol '{symbol}'; expected '.' or '0' for empty, 1-9, or A-Z for 10 and up")]
    Symbol {
        /// 1-based cell number.
        cell: usize,
        /// The symbol found.
        symbol: char,
    },
    /// A token that is no integer.
    #[error("cell {cell}: '{token}' is not a number; expected an integer (0 or '.' for empty)")]
    Number {
        /// 1-based cell number.
        cell: usize,
        /// The token found.
        token: String,
    },
    /// A digit above N.
    #[error("cell {cell}: value {value} is above N = {n}; expected 0..={n}")]
    Value {
        /// 1-based cell number.
        cell: usize,
        /// The value found.
        value: usize,
        /// N.
        n: usize,
    },
    /// A line whose cell count is not N² (or not the N² of the shape asked for).
    #[error("found {found} cells; expected {expected}")]
    CellCount {
        /// Cells found.
        found: usize,
        /// What was expected, in words.
        expected: String,
    },
    /// A grid row with the wrong number of cells.
    #[error("row has {found} cells; expected {expected} (one per column)")]
    RowLength {
        /// Cells found.
        found: usize,
        /// N.
        expected: usize,
    },
    /// A grid that ends before its N rows.
    #[error("grid ends after {found} rows; expected {expected}")]
    Truncated {
        /// Rows found.
        found: usize,
        /// N.
        expected: usize,
    },
    /// Grid borders that show boxes which do not tile an N×N grid.
    #[error("the borders show boxes of {rows} rows × {cols} columns, which do not tile a {n}×{n} grid")]
    Borders {
        /// Box rows seen between rule lines.
        rows: usize,
        /// Box columns seen between `|` separators.
        cols: usize,
        /// N, the row length.
        n: usize,
    },
    /// Grid borders that disagree with the box shape given with `--box`.
    #[error(
        "the borders show {borders} boxes, but --box gives {given}; drop --box to take the shape from the borders"
    )]
    BoxMismatch {
        /// The shape the borders show.
        borders: Shape,
        /// The shape given.
        given: Shape,
    },
    /// A `box=RxC` comment that disagrees with the box shape given with `--box`.
    #[error("the comment says box={comment}, but --box gives {given}; drop --box to take the shape from the comment")]
    CommentBox {
        /// The shape the comment gives.
        comment: Shape,
        /// The shape given.
        given: Shape,
    },
    /// A line with more `:`-separated parts than `PUZZLE:COUNT:SOLUTION`.
    #[error("expected PUZZLE, PUZZLE:SOLUTION or PUZZLE:COUNT:SOLUTION, found {parts} ':'-separated parts")]
    Parts {
        /// Parts found.
        parts: usize,
    },
    /// A count field that is no integer.
    #[error("solution count '{0}' is not a non-negative integer")]
    Count(String),
    /// `PUZZLE:0:SOLUTION`: a count of no solution beside a solution.
    #[error("solution count 0 beside a solution: give the count of solutions (1 or more), or drop the solution")]
    ZeroWithSolution,
    /// A shape that is impossible or has no default box.
    #[error("{0}")]
    Shape(#[from] ShapeError),
    /// A solution whose shape differs from its puzzle's.
    #[error("the solution is {found}, the puzzle {expected}")]
    SolutionShape {
        /// Puzzle shape.
        expected: Shape,
        /// Solution shape.
        found: Shape,
    },
    /// A JSON object's `"box"` that disagrees with the box shape given with `--box`.
    #[error("the file says \"box\": {json}, but --box gives {given}; drop --box to take the shape from the file")]
    JsonBox {
        /// The shape the object's `"box"` gives.
        json: Shape,
        /// The shape given.
        given: Shape,
    },
    /// Malformed JSON.
    #[error("JSON: {0}")]
    Json(String),
    /// A byte that is no UTF-8 (the line and column are those of the byte).
    #[error("byte 0x{0:02X} is no UTF-8; expected UTF-8 text")]
    Utf8(u8),
    /// The input could not be read.
    #[error("cannot read: {0}")]
    Io(String),
}

/// A parse failure with its location: source name, 1-based line and column (0 when unknown).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct ParseError {
    /// Where: the file name (or `<stdin>`), the line (0 when the error concerns the whole
    /// input) and the column (0 when unknown).
    pub at: Location,
    /// What was wrong.
    pub kind: ParseErrorKind,
    /// How the format was guessed and what to pass instead, when auto-detection may have misread.
    pub hint: Option<String>,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.kind)?;
        match &self.hint {
            Some(hint) => write!(f, "\n  note: {hint}"),
            None => Ok(()),
        }
    }
}

/// Reads a whole input: a file path, or `-` for stdin. Returns the text and the source's name;
/// input that is no UTF-8 is an error at the line and column of its first bad byte.
pub fn read_source(path: &str) -> Result<(String, String), ParseError> {
    let name = if path == "-" { "<stdin>".to_string() } else { path.to_string() };
    let mut bytes = Vec::new();
    let result = if path == "-" {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::read(path).map(|b| bytes = b)
    };
    result.map_err(|e| ParseError {
        at: Location::file(&name),
        kind: ParseErrorKind::Io(e.to_string()),
        hint: None,
    })?;
    Ok((text_of(bytes, &name)?, name))
}

/// `bytes` as text, or an error naming `source` and the line and column of the first byte that is
/// no UTF-8 (columns counted in characters, a leading byte-order mark not counted, as the readers
/// count them).
pub fn text_of(bytes: Vec<u8>, source: &str) -> Result<String, ParseError> {
    String::from_utf8(bytes).map_err(|e| {
        let valid_up_to = e.utf8_error().valid_up_to();
        let bytes = e.into_bytes();
        let before = std::str::from_utf8(&bytes[..valid_up_to]).expect("valid up to here");
        let mut at = Location::of_offset(source, before, valid_up_to);
        if at.line == 1 && before.starts_with('\u{feff}') {
            at.column -= 1;
        }
        ParseError { at, kind: ParseErrorKind::Utf8(bytes[valid_up_to]), hint: None }
    })
}

/// Reads and parses a file (or `-` for stdin) in one step.
pub fn read_puzzles(path: &str, format: Option<Format>, shape: Option<Shape>) -> Result<Vec<Entry>, ParseError> {
    let (text, name) = read_source(path)?;
    parse(&text, &name, format, shape)
}

/// Parses every puzzle in `text`. `format` forces a format (auto-detected when `None`, see the
/// module doc); `shape` forces a box shape (see the module doc for where it comes from otherwise).
pub fn parse(text: &str, source: &str, format: Option<Format>, shape: Option<Shape>) -> Result<Vec<Entry>, ParseError> {
    parse_as(text, source, format, shape).map(|(entries, _)| entries)
}

/// Like [`parse`], and also returns the format used (the one given, or the one detected).
pub fn parse_as(
    text: &str,
    source: &str,
    format: Option<Format>,
    shape: Option<Shape>,
) -> Result<(Vec<Entry>, Format), ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let detected = format.is_none().then(|| detection(text));
    let format = format.or(detected.as_ref().map(|d| d.format)).expect("given or detected");
    let at = |(line, col, kind): read::Located| {
        let hint = detected.as_ref().filter(|_| kind.may_be_misdetection()).and_then(Detection::hint);
        ParseError { at: Location::new(source, line, col), kind, hint }
    };
    let entries = match format {
        Format::Line => read::parse_lines(text, shape).map_err(at)?,
        Format::Grid | Format::Pretty => read::parse_grids(text, shape).map_err(at)?,
        Format::Json => read::parse_json(text, shape).map_err(at)?,
    };
    if entries.is_empty() {
        return Err(at((0, 0, ParseErrorKind::Empty)));
    }
    Ok((entries, format))
}

impl ParseErrorKind {
    /// Whether this error could come from reading the input in the wrong format.
    fn may_be_misdetection(&self) -> bool {
        matches!(
            self,
            ParseErrorKind::CellCount { .. }
                | ParseErrorKind::RowLength { .. }
                | ParseErrorKind::Truncated { .. }
                | ParseErrorKind::Value { .. }
                | ParseErrorKind::Shape(_)
                | ParseErrorKind::Borders { .. }
        )
    }
}

#[cfg(test)]
mod tests;
