//! Text formats in and out: `line`, `grid`, `json` and `pretty`.
//!
//! Reading turns a whole input (a file or stdin) into [`Entry`] values, one per puzzle, and every
//! failure into a [`ParseError`] that names the source, the line and the column. Writing turns a
//! grid back into text. The public collections in `../shared/data/` are line files: N² characters
//! (`.`/`0` empty, `1`–`9`, then `A`… for 10 and up) or N² whitespace-separated integers.

use std::fmt;
use std::io::Read;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::grid::{Grid, Shape, ShapeError};

/// A text format for puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// One puzzle per line: N² symbols or N² separated integers; `PUZZLE:SOLUTION` and
    /// `PUZZLE:COUNT:SOLUTION` accepted.
    Line,
    /// N rows of N separated integers; box-separator lines ignored.
    Grid,
    /// `{"box":[r,c],"cells":[[…],…]}`, one object per puzzle.
    Json,
    /// Box borders and aligned columns, for people (read back as `grid`).
    Pretty,
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
    /// A line with more `:`-separated parts than `PUZZLE:COUNT:SOLUTION`.
    #[error("expected PUZZLE, PUZZLE:SOLUTION or PUZZLE:COUNT:SOLUTION, found {parts} ':'-separated parts")]
    Parts {
        /// Parts found.
        parts: usize,
    },
    /// A count field that is no integer.
    #[error("solution count '{0}' is not a non-negative integer")]
    Count(String),
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
    /// Malformed JSON.
    #[error("JSON: {0}")]
    Json(String),
    /// The input could not be read.
    #[error("cannot read: {0}")]
    Io(String),
}

/// A parse failure with its location: source name, 1-based line and column (0 when unknown).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct ParseError {
    /// File name, or `<stdin>`.
    pub file: String,
    /// 1-based line (0 when the error concerns the whole input).
    pub line: usize,
    /// 1-based column (0 when unknown).
    pub col: usize,
    /// What was wrong.
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.col) {
            (0, _) => write!(f, "{}: {}", self.file, self.kind),
            (line, 0) => write!(f, "{}:{line}: {}", self.file, self.kind),
            (line, col) => write!(f, "{}:{line}:{col}: {}", self.file, self.kind),
        }
    }
}

/// Reads a whole input: a file path, or `-` for stdin. Returns the text and the source's name.
pub fn read_source(path: &str) -> Result<(String, String), ParseError> {
    let name = if path == "-" { "<stdin>".to_string() } else { path.to_string() };
    let mut text = String::new();
    let result = if path == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(path).map(|t| text = t)
    };
    result.map_err(|e| ParseError { file: name.clone(), line: 0, col: 0, kind: ParseErrorKind::Io(e.to_string()) })?;
    Ok((text, name))
}

/// Reads and parses a file (or `-` for stdin) in one step.
pub fn read_puzzles(path: &str, format: Option<Format>, shape: Option<Shape>) -> Result<Vec<Entry>, ParseError> {
    let (text, name) = read_source(path)?;
    parse(&text, &name, format, shape)
}

/// Parses every puzzle in `text`. `format` forces a format (auto-detected when `None`); `shape`
/// forces a box shape (the default shape for the cell count when `None`).
pub fn parse(text: &str, source: &str, format: Option<Format>, shape: Option<Shape>) -> Result<Vec<Entry>, ParseError> {
    let at = |line: usize, col: usize, kind: ParseErrorKind| ParseError { file: source.to_string(), line, col, kind };
    let format = format.unwrap_or_else(|| detect(text));
    let entries = match format {
        Format::Line => parse_lines(text, shape).map_err(|(l, c, k)| at(l, c, k))?,
        Format::Grid | Format::Pretty => parse_grids(text, shape).map_err(|(l, c, k)| at(l, c, k))?,
        Format::Json => parse_json(text, shape).map_err(|(l, c, k)| at(l, c, k))?,
    };
    if entries.is_empty() {
        return Err(at(0, 0, ParseErrorKind::Empty));
    }
    Ok(entries)
}

type Located = (usize, usize, ParseErrorKind);

/// Content lines: 1-based number and text, skipping blank lines and `#` comments.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l)).filter(|(_, l)| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with('#')
    })
}

fn is_separator_line(line: &str) -> bool {
    let t = line.trim();
    t.chars().any(|c| matches!(c, '-' | '+' | '|' | '=')) && t.chars().all(|c| matches!(c, '-' | '+' | '|' | '=' | ' '))
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ','
}

/// Guesses the format from the first puzzle: JSON objects, grid rows, or line puzzles.
pub fn detect(text: &str) -> Format {
    let mut lines = content_lines(text);
    let Some((_, first)) = lines.next() else { return Format::Line };
    let first = first.trim();
    if first.starts_with('{') {
        return Format::Json;
    }
    if first.contains(':') {
        return Format::Line;
    }
    if is_separator_line(first) || first.contains('|') {
        return Format::Grid;
    }
    let tokens: Vec<&str> = first.split(is_separator).filter(|t| !t.is_empty()).collect();
    if tokens.len() == 1 {
        return Format::Line; // N² characters with no separators
    }
    let k = tokens.len();
    let m = (k as f64).sqrt().round() as usize;
    // A line of k = m² cells is a line puzzle of side m, unless m has no default box (then it can
    // only be a grid row of side k) or a value exceeds m (a grid row of side k = 16, 36, 64).
    if m * m != k || Shape::for_size(m).is_err() {
        return Format::Grid;
    }
    let max = tokens.iter().filter_map(|t| t.parse::<usize>().ok()).max().unwrap_or(0);
    if max > m {
        return Format::Grid;
    }
    Format::Line
}

/// Decodes one symbol of a character line: `.`/`0` empty, `1`–`9`, `A`–`Z` = 10–35.
fn symbol_value(c: char) -> Option<usize> {
    match c {
        '.' | '0' => Some(0),
        '1'..='9' => Some(c as usize - '0' as usize),
        'a'..='z' => Some(c as usize - 'a' as usize + 10),
        'A'..='Z' => Some(c as usize - 'A' as usize + 10),
        _ => None,
    }
}

/// Cells of one line part with the 1-based column of each; `offset` = column of the part's start − 1.
fn cells_of_part(part: &str, offset: usize) -> Result<Vec<(usize, usize)>, (usize, ParseErrorKind)> {
    let trimmed = part.trim();
    let lead = part.chars().take_while(|c| c.is_whitespace()).count();
    let mut cells = Vec::new();
    if !trimmed.chars().any(is_separator) {
        for (i, c) in trimmed.chars().enumerate() {
            let col = offset + lead + i + 1;
            let v = symbol_value(c).ok_or((col, ParseErrorKind::Symbol { cell: cells.len() + 1, symbol: c }))?;
            cells.push((v, col));
        }
        return Ok(cells);
    }
    let mut col = offset;
    let mut token = String::new();
    let mut start = 0;
    for c in part.chars().chain(std::iter::once(' ')) {
        col += 1;
        if is_separator(c) {
            if !token.is_empty() {
                let v = token_value(&token)
                    .ok_or((start, ParseErrorKind::Number { cell: cells.len() + 1, token: token.clone() }))?;
                cells.push((v, start));
                token.clear();
            }
        } else {
            if token.is_empty() {
                start = col;
            }
            token.push(c);
        }
    }
    Ok(cells)
}

fn token_value(token: &str) -> Option<usize> {
    if token == "." {
        Some(0)
    } else {
        token.parse().ok()
    }
}

/// Builds a grid from located cells, checking the count against `shape` (or deriving it).
fn build(cells: &[(usize, usize)], shape: Option<Shape>) -> Result<Grid, (usize, ParseErrorKind)> {
    let shape = match shape {
        Some(s) if s.cells() != cells.len() => {
            let expected = format!("{} for a {}×{} grid with {s} boxes", s.cells(), s.n(), s.n());
            return Err((0, ParseErrorKind::CellCount { found: cells.len(), expected }));
        }
        Some(s) => s,
        None => Shape::for_cells(cells.len()).map_err(|e| match e {
            ShapeError::NotSquare { .. } | ShapeError::OutOfRange { .. } => {
                let expected = "N² for a side N from 1 to 64 (81 for 9×9, 256 for 16×16)".to_string();
                (0, ParseErrorKind::CellCount { found: cells.len(), expected })
            }
            other => (0, ParseErrorKind::Shape(other)),
        })?,
    };
    let n = shape.n();
    if let Some((i, &(value, col))) = cells.iter().enumerate().find(|(_, (v, _))| *v > n) {
        return Err((col, ParseErrorKind::Value { cell: i + 1, value, n }));
    }
    let values = cells.iter().map(|&(v, _)| v as u8).collect();
    Ok(Grid::from_cells(shape, values).expect("count and values checked above"))
}

fn parse_lines(text: &str, shape: Option<Shape>) -> Result<Vec<Entry>, Located> {
    let mut entries = Vec::new();
    for (line_no, line) in content_lines(text) {
        let parts: Vec<&str> = line.split(':').collect();
        let mut offsets = Vec::with_capacity(parts.len());
        let mut off = 0;
        for p in &parts {
            offsets.push(off);
            off += p.chars().count() + 1;
        }
        let grid_at = |i: usize, shape: Option<Shape>| -> Result<Grid, Located> {
            let cells = cells_of_part(parts[i], offsets[i]).map_err(|(c, k)| (line_no, c, k))?;
            build(&cells, shape).map_err(|(c, k)| (line_no, if c == 0 { offsets[i] + 1 } else { c }, k))
        };
        let puzzle = grid_at(0, shape)?;
        let (count, solution) = match parts.len() {
            1 => (None, None),
            2 => (None, Some(grid_at(1, Some(puzzle.shape()))?)),
            3 => {
                let c = parts[1].trim();
                let count =
                    c.parse::<u64>().map_err(|_| (line_no, offsets[1] + 1, ParseErrorKind::Count(c.to_string())))?;
                (Some(count), Some(grid_at(2, Some(puzzle.shape()))?))
            }
            n => return Err((line_no, 0, ParseErrorKind::Parts { parts: n })),
        };
        entries.push(Entry { puzzle, solution, count, line: line_no });
    }
    Ok(entries)
}

fn parse_grids(text: &str, shape: Option<Shape>) -> Result<Vec<Entry>, Located> {
    let rows: Vec<(usize, &str)> = content_lines(text).filter(|(_, l)| !is_separator_line(l)).collect();
    let mut entries = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        let start_line = rows[i].0;
        let row_cells = |(line_no, line): (usize, &str)| -> Result<Vec<(usize, usize)>, Located> {
            let cleaned: String = line.chars().map(|c| if c == '|' { ' ' } else { c }).collect();
            let cells =
                cells_of_part(&format!(" {cleaned} "), 0).map_err(|(c, k)| (line_no, c.saturating_sub(1), k))?;
            Ok(cells.into_iter().map(|(v, c)| (v, c - 1)).collect())
        };
        let first = row_cells(rows[i])?;
        let n = shape.map(|s| s.n()).unwrap_or(first.len());
        let grid_shape = match shape {
            Some(s) => s,
            None => Shape::for_size(n).map_err(|e| (start_line, 0, ParseErrorKind::Shape(e)))?,
        };
        let mut cells = Vec::with_capacity(n * n);
        for r in 0..n {
            let Some(&row) = rows.get(i + r) else {
                return Err((rows[rows.len() - 1].0, 0, ParseErrorKind::Truncated { found: r, expected: n }));
            };
            let row_c = if r == 0 { first.clone() } else { row_cells(row)? };
            if row_c.len() != n {
                return Err((row.0, 0, ParseErrorKind::RowLength { found: row_c.len(), expected: n }));
            }
            if let Some(&(value, col)) = row_c.iter().find(|(v, _)| *v > n) {
                let cell = r * n + row_c.iter().position(|&(_, c)| c == col).unwrap_or(0) + 1;
                return Err((row.0, col, ParseErrorKind::Value { cell, value, n }));
            }
            cells.extend(row_c.into_iter().map(|(v, _)| v as u8));
        }
        let puzzle = Grid::from_cells(grid_shape, cells).expect("rows and values checked above");
        entries.push(Entry { puzzle, solution: None, count: None, line: start_line });
        i += n;
    }
    Ok(entries)
}

/// The JSON form of a puzzle: `{"box":[r,c],"cells":[[…],…]}`, optionally with `"solution"`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonPuzzle {
    #[serde(rename = "box", default, skip_serializing_if = "Option::is_none")]
    box_shape: Option<[usize; 2]>,
    cells: Vec<Vec<Option<usize>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    solution: Option<Vec<Vec<usize>>>,
}

fn parse_json(text: &str, shape: Option<Shape>) -> Result<Vec<Entry>, Located> {
    let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
    let stripped: String =
        text.lines().map(|l| if l.trim_start().starts_with('#') { "" } else { l }).collect::<Vec<_>>().join("\n");
    let mut stream = serde_json::Deserializer::from_str(&stripped).into_iter::<JsonPuzzle>();
    let mut entries = Vec::new();
    loop {
        let start = stream.byte_offset();
        let item = match stream.next() {
            None => break,
            Some(Ok(item)) => item,
            Some(Err(e)) => return Err((e.line(), e.column(), ParseErrorKind::Json(e.to_string()))),
        };
        let line = line_of(start + stripped[start..].len() - stripped[start..].trim_start().len());
        let n = item.cells.len();
        let shape = match (shape, item.box_shape) {
            (Some(s), _) => s,
            (None, Some([r, c])) => Shape::new(r, c).map_err(|e| (line, 0, e.into()))?,
            (None, None) => Shape::for_size(n).map_err(|e| (line, 0, e.into()))?,
        };
        let to_cells = |rows: Vec<Vec<usize>>| -> Result<Vec<(usize, usize)>, Located> {
            if rows.len() != shape.n() {
                return Err((line, 0, ParseErrorKind::Truncated { found: rows.len(), expected: shape.n() }));
            }
            let mut cells = Vec::new();
            for row in rows {
                if row.len() != shape.n() {
                    return Err((line, 0, ParseErrorKind::RowLength { found: row.len(), expected: shape.n() }));
                }
                cells.extend(row.into_iter().map(|v| (v, 0)));
            }
            Ok(cells)
        };
        let rows = item.cells.into_iter().map(|r| r.into_iter().map(|v| v.unwrap_or(0)).collect()).collect();
        let puzzle = build(&to_cells(rows)?, Some(shape)).map_err(|(_, k)| (line, 0, k))?;
        let solution = match item.solution {
            Some(rows) => Some(build(&to_cells(rows)?, Some(shape)).map_err(|(_, k)| (line, 0, k))?),
            None => None,
        };
        entries.push(Entry { puzzle, solution, count: None, line });
    }
    Ok(entries)
}

/// The symbol of a digit in character lines: `.` for empty, `1`–`9`, then `A`….
fn symbol(value: u8) -> char {
    match value {
        0 => '.',
        1..=9 => (b'0' + value) as char,
        _ => (b'A' + value - 10) as char,
    }
}

/// One puzzle as a line: characters for N ≤ 9, space-separated integers (0 = empty) for N ≥ 10.
pub fn to_line(grid: &Grid) -> String {
    if grid.n() <= 9 {
        grid.cells().iter().map(|&v| symbol(v)).collect()
    } else {
        grid.cells().iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
    }
}

/// N rows of N space-separated integers (0 = empty), columns aligned.
pub fn to_grid(grid: &Grid) -> String {
    let n = grid.n();
    let width = n.to_string().len();
    let mut out = String::new();
    for row in grid.cells().chunks(n) {
        let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}

/// The grid with box borders and aligned columns, `.` for empty cells.
pub fn to_pretty(grid: &Grid) -> String {
    let shape = grid.shape();
    let n = shape.n();
    let width = n.to_string().len();
    let segment = "-".repeat(shape.box_cols() * (width + 1) + 1);
    let rule = format!("+{}+\n", vec![segment; n / shape.box_cols()].join("+"));
    let mut out = String::new();
    for (r, row) in grid.cells().chunks(n).enumerate() {
        if r % shape.box_rows() == 0 {
            out.push_str(&rule);
        }
        for (c, &v) in row.iter().enumerate() {
            if c > 0 && c % shape.box_cols() == 0 {
                out.push_str(" |");
            } else if c == 0 {
                out.push('|');
            }
            let s = if v == 0 { ".".to_string() } else { v.to_string() };
            out.push_str(&format!(" {s:>width$}"));
        }
        out.push_str(" |\n");
    }
    out.push_str(&rule);
    out
}

/// One JSON object on one line: `{"box":[r,c],"cells":[[…],…]}` (0 = empty), with `"solution"` if given.
pub fn to_json(puzzle: &Grid, solution: Option<&Grid>) -> String {
    let rows = |g: &Grid| -> Vec<Vec<usize>> {
        g.cells().chunks(g.n()).map(|r| r.iter().map(|&v| v as usize).collect()).collect()
    };
    let shape = puzzle.shape();
    let json = JsonPuzzle {
        box_shape: Some([shape.box_rows(), shape.box_cols()]),
        cells: rows(puzzle).into_iter().map(|r| r.into_iter().map(Some).collect()).collect(),
        solution: solution.map(rows),
    };
    serde_json::to_string(&json).expect("plain integers always serialize")
}

/// One puzzle in `format`, ending in a newline; a solution, if given, rides along (`PUZZLE:SOLUTION`
/// in line format, a `"solution"` field in JSON, a commented block after grid and pretty output).
pub fn write_entry(format: Format, puzzle: &Grid, solution: Option<&Grid>) -> String {
    match format {
        Format::Line => match solution {
            Some(s) => format!("{}:{}\n", to_line(puzzle), to_line(s)),
            None => format!("{}\n", to_line(puzzle)),
        },
        Format::Json => format!("{}\n", to_json(puzzle, solution)),
        Format::Grid | Format::Pretty => {
            let render = if format == Format::Grid { to_grid } else { to_pretty };
            let mut out = render(puzzle);
            if let Some(s) = solution {
                out.push_str("# solution:\n");
                for l in render(s).lines() {
                    out.push_str(&format!("# {l}\n"));
                }
            }
            out.push('\n');
            out
        }
    }
}

#[cfg(test)]
mod tests {
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
        assert_eq!((err.line, err.col), (3, 11));
        assert!(err.to_string().starts_with("f.txt:3:11: cell 11: unknown symbol '?'"), "{err}");
        let err = parse(&P[..80], "f.txt", None, None).unwrap_err();
        assert!(matches!(err.kind, ParseErrorKind::CellCount { found: 80, .. }), "{err}");
        let err = parse("", "f.txt", None, None).unwrap_err();
        assert_eq!(err.kind, ParseErrorKind::Empty);
        let err = parse("1 2 0 0 0 0 0 0 5 0 0 0 0 0 0 0", "f.txt", Some(Format::Line), None).unwrap_err();
        assert_eq!((err.line, err.col), (1, 17));
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
}
