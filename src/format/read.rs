//! Reading: content lines, runs of cells, and the three readers (line puzzles, grids, JSON).

use serde::{Deserialize, Serialize};

use super::{Entry, ParseErrorKind, Positions};
use crate::grid::{Grid, Shape, ShapeError, MAX_N};

/// An error with its 1-based line and column (0 when unknown).
pub(super) type Located = (usize, usize, ParseErrorKind);

/// An error with its 1-based column only.
type AtCol = (usize, ParseErrorKind);

/// Content lines: 1-based number and text with any `#` comment cut off, skipping lines left blank.
pub(super) fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, strip_comment(l))).filter(|(_, l)| !l.trim().is_empty())
}

/// A content line with the box shape its comments give (see "Box shape" in the module doc): a
/// `box=RxC` word in the line's own comment or in the comment lines right before it.
pub(super) struct Content<'a> {
    /// 1-based line number.
    pub line: usize,
    /// The text before any `#`.
    pub text: &'a str,
    /// The shape a `box=RxC` comment gives, if one does.
    pub comment_box: Option<CommentBox>,
}

/// The shape a `box=RxC` comment gives, with the 1-based line and column of its `RxC`.
#[derive(Debug, Clone, Copy)]
pub(super) struct CommentBox {
    shape: Shape,
    line: usize,
    col: usize,
}

/// The `box=RxC` word of a comment, if it has one, with the character offset of its `RxC` in
/// `comment`; an error (at that offset) when its shape is out of range. A word that is no `RxC`
/// at all is ordinary comment text.
fn comment_box(comment: &str) -> Result<Option<(Shape, usize)>, (usize, ShapeError)> {
    for word in comment.split_whitespace() {
        if let Some(text) = word.strip_prefix("box=") {
            // `word` is a slice of `comment`: its byte offset is the distance between their starts.
            let start = word.as_ptr() as usize - comment.as_ptr() as usize;
            let at = comment[..start].chars().count() + "box=".len();
            return match text.parse::<Shape>() {
                Ok(shape) => Ok(Some((shape, at))),
                Err(ShapeError::Syntax { .. }) => Ok(None),
                Err(e) => Err((at, e)),
            };
        }
    }
    Ok(None)
}

/// Content lines as [`content_lines`] gives them, each with the shape of its `box=RxC` comment.
pub(super) fn content_with_box(text: &str) -> Result<Vec<Content<'_>>, Located> {
    let mut out = Vec::new();
    let mut pending = None;
    for (i, line) in text.lines().enumerate() {
        let content = strip_comment(line);
        let col = |at: usize| content.chars().count() + at + 1;
        let from_comment = comment_box(&line[content.len()..])
            .map_err(|(at, e)| (i + 1, col(at), ParseErrorKind::Shape(e)))?
            .map(|(shape, at)| CommentBox { shape, line: i + 1, col: col(at) });
        if content.trim().is_empty() {
            pending = from_comment.or(pending);
        } else {
            out.push(Content { line: i + 1, text: content, comment_box: from_comment.or(pending.take()) });
        }
    }
    Ok(out)
}

/// The shape of one puzzle: `--box` when given (a `box=` comment must agree with it: an error at
/// the comment's `RxC` when not), else the comment's, else none yet (derived from the cells).
fn shape_of(given: Option<Shape>, comment: Option<CommentBox>) -> Result<Option<Shape>, Located> {
    match (given, comment) {
        (Some(given), Some(c)) if given != c.shape => {
            Err((c.line, c.col, ParseErrorKind::CommentBox { comment: c.shape, given }))
        }
        (Some(given), _) => Ok(Some(given)),
        (None, comment) => Ok(comment.map(|c| c.shape)),
    }
}

/// The line up to its `#` comment, if any (`#` is no symbol in any format).
pub(super) fn strip_comment(line: &str) -> &str {
    line.split_once('#').map_or(line, |(before, _)| before)
}

/// A border line of a `pretty` grid: only `-`, `+`, `|`, `=` and spaces, at least one of the first four.
pub(super) fn is_separator_line(line: &str) -> bool {
    let t = line.trim();
    t.chars().any(|c| matches!(c, '-' | '+' | '|' | '=')) && t.chars().all(|c| matches!(c, '-' | '+' | '|' | '=' | ' '))
}

/// Decodes one symbol: `.`/`0` empty, `1`–`9`, `A`–`Z` = 10–35 in either case.
fn symbol_value(c: char) -> Option<usize> {
    match c {
        '.' | '0' => Some(0),
        '1'..='9' => Some(c as usize - '0' as usize),
        'a'..='z' => Some(c as usize - 'a' as usize + 10),
        'A'..='Z' => Some(c as usize - 'A' as usize + 10),
        _ => None,
    }
}

fn token_value(token: &str) -> Option<usize> {
    if token == "." {
        Some(0)
    } else {
        token.parse().ok()
    }
}

/// Most cells any run can hold: a 64×64 line puzzle. A longer run is refused before its cells
/// are stored, so memory stays bounded whatever the input.
const MAX_CELLS: usize = MAX_N * MAX_N;

/// A piece of a run of cells: its 1-based column, its text and its length in characters.
struct Token<'a> {
    col: usize,
    text: &'a str,
    chars: usize,
}

/// Reads a run of cells (see "Cells" in the module doc): each cell's value and 1-based column.
/// `offset` is the column of `text`'s start − 1; `bars` makes `|` a separator; `expect` is the
/// number of cells wanted, when known. Linear in the length of `text`; a run of more than
/// [`MAX_CELLS`] cells is refused by count without being stored.
pub(super) fn read_cells(
    text: &str,
    offset: usize,
    bars: bool,
    expect: Option<usize>,
) -> Result<Vec<(usize, usize)>, AtCol> {
    let is_sep = |c: char| c.is_whitespace() || c == ',' || (bars && c == '|');
    // Pieces are kept as slices of `text`, and only the first MAX_CELLS + 1 of them: every piece
    // is at least one cell, so more pieces than that are too many cells whatever they hold.
    let mut tokens: Vec<Token> = Vec::new();
    let mut token_count = 0usize;
    let mut current: Option<(usize, usize, usize)> = None; // (byte start, column, characters)
    let mut finish = |start: usize, end: usize, col: usize, chars: usize| {
        token_count += 1;
        if tokens.len() <= MAX_CELLS {
            tokens.push(Token { col, text: &text[start..end], chars });
        }
    };
    for (i, (byte, c)) in text.char_indices().enumerate() {
        if is_sep(c) {
            if let Some((start, col, chars)) = current.take() {
                finish(start, byte, col, chars);
            }
        } else {
            match current.as_mut() {
                Some((_, _, chars)) => *chars += 1,
                None => current = Some((byte, offset + i + 1, 1)),
            }
        }
    }
    if let Some((start, col, chars)) = current {
        finish(start, text.len(), col, chars);
    }
    let too_many = |found: usize| (offset + 1, ParseErrorKind::CellCount { found, expected: expected_count(found) });
    if token_count > MAX_CELLS {
        return Err(too_many(token_count));
    }
    let ints: Vec<Option<usize>> = tokens.iter().map(|t| token_value(t.text)).collect();
    let syms_ok = tokens.iter().all(|t| t.text.chars().all(|c| symbol_value(c).is_some()));
    let sym_count: usize = tokens.iter().map(|t| t.chars).sum();
    let as_symbols = if tokens.len() <= 1 {
        true
    } else if ints.iter().all(Option::is_some) {
        let max = ints.iter().flatten().copied().max().unwrap_or(0);
        syms_ok
            && match expect {
                Some(n) => tokens.len() != n && sym_count == n,
                None => max > MAX_N,
            }
    } else {
        // A piece like `53.` is a run of symbols, a piece like `10` an integer: with a bad piece
        // among them, report it as what its neighbours are.
        let long = |t: &Token| t.chars > 1;
        syms_ok || !tokens.iter().any(|t| long(t) && token_value(t.text).is_some())
    };
    if as_symbols && sym_count > MAX_CELLS {
        return Err(too_many(sym_count));
    }
    let mut cells = Vec::with_capacity(if as_symbols { sym_count } else { tokens.len() });
    if as_symbols {
        for token in &tokens {
            for (i, c) in token.text.chars().enumerate() {
                let at = token.col + i;
                let v = symbol_value(c).ok_or((at, ParseErrorKind::Symbol { cell: cells.len() + 1, symbol: c }))?;
                cells.push((v, at));
            }
        }
    } else {
        for (token, v) in tokens.iter().zip(ints) {
            let v = v.ok_or_else(|| {
                (token.col, ParseErrorKind::Number { cell: cells.len() + 1, token: token.text.to_string() })
            })?;
            cells.push((v, token.col));
        }
    }
    Ok(cells)
}

/// What a cell count that is no N² should have been, in words, naming the nearest valid counts.
fn expected_count(found: usize) -> String {
    let n = (found as f64).sqrt().round() as usize;
    if n * n == found && n > MAX_N {
        return format!(
            "at most {} (N ≤ {MAX_N}); {found} cells would be a {n}×{n} grid, and N = {n} is out of range",
            MAX_N * MAX_N
        );
    }
    let below = (found as f64).sqrt().floor() as usize;
    let (lo, hi) = (below.clamp(1, MAX_N), (below + 1).min(MAX_N));
    let near = if lo == hi {
        format!("{} ({lo}×{lo})", lo * lo)
    } else {
        format!("{} ({lo}×{lo}) or {} ({hi}×{hi})", lo * lo, hi * hi)
    };
    format!("N² for a side N from 1 to {MAX_N}; the nearest are {near}")
}

/// Builds a grid from located cells, checking the count against `shape` (or deriving it).
fn build(cells: &[(usize, usize)], shape: Option<Shape>) -> Result<Grid, AtCol> {
    let shape = match shape {
        Some(s) if s.cells() != cells.len() => {
            let expected = format!("{} for a {}×{} grid with {s} boxes", s.cells(), s.n(), s.n());
            return Err((0, ParseErrorKind::CellCount { found: cells.len(), expected }));
        }
        Some(s) => s,
        None => Shape::for_cells(cells.len()).map_err(|e| match e {
            ShapeError::NotSquare { .. } | ShapeError::OutOfRange { .. } => {
                (0, ParseErrorKind::CellCount { found: cells.len(), expected: expected_count(cells.len()) })
            }
            ShapeError::NoBox { n } => {
                let expected = format!(
                    "N² for a side N with boxes (16, 36, 81, …); {} cells make a {n}×{n} grid, and {n} is prime (pass --box 1x{n} if you mean it)",
                    cells.len()
                );
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

/// Line puzzles: `PUZZLE`, `PUZZLE:SOLUTION`, `PUZZLE:COUNT` or `PUZZLE:COUNT:SOLUTION`, one per
/// line. The second part is a count when it is a decimal number shorter than a grid of the
/// puzzle's size (the usual form for puzzles with no solution or many).
pub(super) fn parse_lines(text: &str, given: Option<Shape>) -> Result<Vec<Entry>, Located> {
    let mut entries = Vec::new();
    for Content { line: line_no, text: line, comment_box } in content_with_box(text)? {
        let shape = shape_of(given, comment_box)?;
        let parts: Vec<&str> = line.split(':').collect();
        let mut offsets = Vec::with_capacity(parts.len());
        let mut off = 0;
        for p in &parts {
            offsets.push(off);
            off += p.chars().count() + 1;
        }
        let grid_at = |i: usize, shape: Option<Shape>| -> Result<Grid, Located> {
            let cells =
                read_cells(parts[i], offsets[i], false, shape.map(|s| s.cells())).map_err(|(c, k)| (line_no, c, k))?;
            build(&cells, shape).map_err(|(c, k)| (line_no, if c == 0 { offsets[i] + 1 } else { c }, k))
        };
        let puzzle = grid_at(0, shape)?;
        let (count, solution) = match parts.len() {
            1 => (None, None),
            2 if is_count(parts[1], puzzle.shape()) => {
                let c = parts[1].trim();
                let count =
                    c.parse::<u64>().map_err(|_| (line_no, offsets[1] + 1, ParseErrorKind::Count(c.to_string())))?;
                (Some(count), None)
            }
            2 => (None, Some(grid_at(1, Some(puzzle.shape()))?)),
            3 => {
                let c = parts[1].trim();
                let count =
                    c.parse::<u64>().map_err(|_| (line_no, offsets[1] + 1, ParseErrorKind::Count(c.to_string())))?;
                if count == 0 {
                    return Err((line_no, offsets[1] + 1, ParseErrorKind::ZeroWithSolution));
                }
                (Some(count), Some(grid_at(2, Some(puzzle.shape()))?))
            }
            n => return Err((line_no, 0, ParseErrorKind::Parts { parts: n })),
        };
        entries.push(Entry { puzzle, solution, count, line: line_no });
    }
    Ok(entries)
}

/// `true` when the part after a puzzle is a solution count rather than a solution: digits only,
/// fewer of them than the puzzle has cells.
fn is_count(part: &str, shape: Shape) -> bool {
    let part = part.trim();
    !part.is_empty() && part.len() < shape.cells() && part.bytes().all(|b| b.is_ascii_digit())
}

/// One content line of a grid: a border (rule) line, or a row of cells.
struct GridLine<'a> {
    line: usize,
    text: &'a str,
    /// Whether a rule line comes between this row and the previous one.
    after_rule: bool,
    /// The shape a `box=RxC` comment gives, if one does.
    comment_box: Option<CommentBox>,
}

/// Grids: N rows of N cells each, integers or symbols, with optional `pretty` borders.
pub(super) fn parse_grids(text: &str, given: Option<Shape>) -> Result<Vec<Entry>, Located> {
    let mut rows: Vec<GridLine> = Vec::new();
    let mut rule = false;
    // A `box=` comment before a grid's first line (or before its top border) is that grid's.
    let mut pending = None;
    for Content { line, text, comment_box } in content_with_box(text)? {
        if is_separator_line(text) {
            rule = true;
            pending = comment_box.or(pending);
        } else {
            rows.push(GridLine { line, text, after_rule: rule, comment_box: comment_box.or(pending.take()) });
            rule = false;
        }
    }
    let read_row =
        |row: &GridLine, n: Option<usize>| read_cells(row.text, 0, true, n).map_err(|(c, k)| (row.line, c, k));
    let mut entries = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        let start_line = rows[i].line;
        let shape = shape_of(given, rows[i].comment_box)?;
        let first = read_row(&rows[i], shape.map(|s| s.n()))?;
        let n = shape.map_or(first.len(), |s| s.n());
        if n == 0 || n > MAX_N {
            // A row of separators alone (`,`), or too long to be a row: no grid.
            return Err((start_line, 0, ParseErrorKind::Shape(ShapeError::OutOfRange { n })));
        }
        let mut cells = Vec::with_capacity(n * n);
        for r in 0..n {
            let Some(row) = rows.get(i + r) else {
                return Err((rows[rows.len() - 1].line, 0, ParseErrorKind::Truncated { found: r, expected: n }));
            };
            let row_c = if r == 0 { first.clone() } else { read_row(row, Some(n))? };
            if row_c.len() != n {
                return Err((row.line, 0, ParseErrorKind::RowLength { found: row_c.len(), expected: n }));
            }
            if let Some((c, &(value, col))) = row_c.iter().enumerate().find(|(_, (v, _))| *v > n) {
                return Err((row.line, col, ParseErrorKind::Value { cell: r * n + c + 1, value, n }));
            }
            cells.extend(row_c.into_iter().map(|(v, _)| v as u8));
        }
        let block = &rows[i..i + n];
        let grid_shape = match (shape, border_shape(block, &first, n)) {
            (_, Err(kind)) => return Err((start_line, 0, kind)),
            (Some(given), Ok(Some(borders))) if given != borders => {
                return Err((start_line, 0, ParseErrorKind::BoxMismatch { borders, given }))
            }
            (Some(given), _) => given,
            (None, Ok(Some(borders))) => borders,
            (None, Ok(None)) => Shape::for_size(n).map_err(|e| (start_line, 0, ParseErrorKind::Shape(e)))?,
        };
        let puzzle = Grid::from_cells(grid_shape, cells).expect("rows and values checked above");
        entries.push(Entry { puzzle, solution: None, count: None, line: start_line });
        i += n;
    }
    Ok(entries)
}

/// The box shape a grid's borders show, if they show one: the box width c from the `|` in its
/// first row (cells between bars), the box height r from the rule lines between rows.
fn border_shape(block: &[GridLine], first: &[(usize, usize)], n: usize) -> Result<Option<Shape>, ParseErrorKind> {
    let bars: Vec<usize> = block[0].text.chars().enumerate().filter(|&(_, c)| c == '|').map(|(i, _)| i + 1).collect();
    let mut widths: Vec<usize> = Vec::new();
    for w in bars.windows(2) {
        widths.push(first.iter().filter(|&&(_, col)| col > w[0] && col < w[1]).count());
    }
    widths.push(first.iter().filter(|&&(_, col)| bars.first().is_none_or(|&b| col < b)).count());
    widths.push(first.iter().filter(|&&(_, col)| bars.last().is_some_and(|&b| col > b)).count());
    widths.retain(|&w| w > 0);
    let cols = (widths.len() > 1 && widths.iter().all(|&w| w == widths[0])).then(|| widths[0]);
    let rows = block.iter().skip(1).position(|row| row.after_rule).map(|p| p + 1);
    let (r, c) = match (rows, cols) {
        (None, None) => return Ok(None),
        (Some(r), Some(c)) => (r, c),
        (Some(r), None) => (r, n / r),
        (None, Some(c)) => (n / c, c),
    };
    if r * c != n {
        return Err(ParseErrorKind::Borders { rows: r, cols: c, n });
    }
    Shape::new(r, c).map(Some).map_err(ParseErrorKind::Shape)
}

/// The JSON form of a puzzle: `{"box":[r,c],"cells":[[…],…]}`, optionally with `"count"` (its
/// solution count, as `PUZZLE:COUNT` gives it) and `"solution"`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct JsonPuzzle {
    #[serde(rename = "box", default, skip_serializing_if = "Option::is_none")]
    pub(super) box_shape: Option<[usize; 2]>,
    pub(super) cells: Vec<Vec<Option<usize>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) count: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) solution: Option<Vec<Vec<usize>>>,
}

/// JSON: puzzle objects one after another, or arrays of them, `#` comments allowed between.
pub(super) fn parse_json(text: &str, shape: Option<Shape>) -> Result<Vec<Entry>, Located> {
    // Blank out comments (keeping every other byte where it is, so offsets map to lines and columns).
    let stripped: String = text
        .lines()
        .map(|l| format!("{}{}", strip_comment(l), " ".repeat(l.len() - strip_comment(l).len())))
        .collect::<Vec<_>>()
        .join("\n");
    // Offsets only grow, so lines and columns are counted on from the last offset asked for:
    // linear overall, however many puzzles one line holds.
    let positions = std::cell::RefCell::new(Positions::new(&stripped));
    let line_col = |offset: usize| positions.borrow_mut().of(offset);
    let skip_ws = |pos: usize| pos + stripped[pos..].len() - stripped[pos..].trim_start().len();
    let json_error = |pos: usize, e: serde_json::Error| {
        let (line, col) = line_col(pos);
        let col = if e.line() == 1 { col + e.column().saturating_sub(1) } else { e.column() };
        (line + e.line().saturating_sub(1), col, ParseErrorKind::Json(e.to_string()))
    };
    let mut entries = Vec::new();
    let mut pos = skip_ws(0);
    let mut in_array = false;
    while pos < stripped.len() {
        let rest = &stripped[pos..];
        if !in_array && rest.starts_with('[') {
            in_array = true;
            pos = skip_ws(pos + 1);
            if stripped[pos..].starts_with(']') {
                in_array = false;
                pos = skip_ws(pos + 1);
            }
            continue;
        }
        let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<JsonPuzzle>();
        let item = match stream.next() {
            Some(Ok(item)) => item,
            Some(Err(e)) => return Err(json_error(pos, e)),
            None => break,
        };
        let end = pos + stream.byte_offset();
        let object = &stripped[pos..end];
        // Where a value of the object is: its key's value, or that value's row or cell.
        let at = |key: &str, indices: &[usize]| line_col(pos + json_offset(object, key, indices).unwrap_or(0));
        entries.push(json_entry(item, shape, line_col(pos).0, at)?);
        pos = skip_ws(end);
        if in_array {
            let (l, c) = line_col(pos);
            match stripped[pos..].chars().next() {
                Some(',') => pos = skip_ws(pos + 1),
                Some(']') => {
                    in_array = false;
                    pos = skip_ws(pos + 1);
                }
                _ => return Err((l, c, ParseErrorKind::Json("expected ',' or ']' after a puzzle in an array".into()))),
            }
        }
    }
    if in_array {
        let (l, c) = line_col(stripped.len());
        return Err((l, c, ParseErrorKind::Json("the array is not closed with ']'".into())));
    }
    Ok(entries)
}

/// One puzzle object as an entry; `at(key, indices)` is the line and column of a value in it
/// (`("cells", [r, c])` a cell, `("cells", [r])` a row, `("box", [])` the box), where errors point.
fn json_entry(
    item: JsonPuzzle,
    given: Option<Shape>,
    line: usize,
    at: impl Fn(&str, &[usize]) -> (usize, usize),
) -> Result<Entry, Located> {
    let located = |(line, col): (usize, usize), kind: ParseErrorKind| (line, col, kind);
    let n = item.cells.len();
    let from_file = match item.box_shape {
        Some([r, c]) => Some(Shape::new(r, c).map_err(|e| located(at("box", &[]), e.into()))?),
        None => None,
    };
    let shape = match (given, from_file) {
        (Some(given), Some(json)) if given != json => {
            return Err(located(at("box", &[]), ParseErrorKind::JsonBox { json, given }))
        }
        (Some(s), _) | (None, Some(s)) => s,
        (None, None) => Shape::for_size(n).map_err(|e| located(at("cells", &[]), e.into()))?,
    };
    let n = shape.n();
    let to_grid = |key: &str, rows: Vec<Vec<usize>>| -> Result<Grid, Located> {
        if rows.len() != n {
            return Err(located(at(key, &[]), ParseErrorKind::Truncated { found: rows.len(), expected: n }));
        }
        let mut cells = Vec::with_capacity(n * n);
        for (r, row) in rows.into_iter().enumerate() {
            if row.len() != n {
                return Err(located(at(key, &[r]), ParseErrorKind::RowLength { found: row.len(), expected: n }));
            }
            if let Some((c, &value)) = row.iter().enumerate().find(|(_, v)| **v > n) {
                let kind = ParseErrorKind::Value { cell: r * n + c + 1, value, n };
                return Err(located(at(key, &[r, c]), kind));
            }
            cells.extend(row.into_iter().map(|v| v as u8));
        }
        Ok(Grid::from_cells(shape, cells).expect("rows and values checked above"))
    };
    let rows = item.cells.into_iter().map(|r| r.into_iter().map(|v| v.unwrap_or(0)).collect()).collect();
    let puzzle = to_grid("cells", rows)?;
    if item.count == Some(0) && item.solution.is_some() {
        return Err(located(at("count", &[]), ParseErrorKind::ZeroWithSolution));
    }
    let solution = item.solution.map(|rows| to_grid("solution", rows)).transpose()?;
    Ok(Entry { puzzle, solution, count: item.count, line })
}

/// The byte offset in `object` (the text of one JSON object) of the value of its key `key`, then
/// of element `indices[0]` of that array, and so on; `None` when there is none. Only called for an
/// object serde has read, so the text is valid JSON.
///
/// Complexity: O(length of `object`).
fn json_offset(object: &str, key: &str, indices: &[usize]) -> Option<usize> {
    let text = JsonText { bytes: object.as_bytes() };
    let mut i = text.after(text.skip_ws(0), b'{')?;
    loop {
        let end = text.string_end(i);
        let name = object.get(i + 1..end.saturating_sub(1))?;
        i = text.after(text.skip_ws(end), b':')?;
        if name == key {
            break;
        }
        i = text.after(text.skip_ws(text.value_end(i)), b',')?;
    }
    for &index in indices {
        i = text.after(i, b'[')?;
        for _ in 0..index {
            i = text.after(text.skip_ws(text.value_end(i)), b',')?;
        }
    }
    Some(i)
}

/// The text of one valid JSON object, read by byte offsets for [`json_offset`]: each method
/// takes the offset where something starts and gives the offset where it ends.
struct JsonText<'a> {
    bytes: &'a [u8],
}

impl JsonText<'_> {
    /// The first offset from `i` on that is not whitespace.
    fn skip_ws(&self, mut i: usize) -> usize {
        while self.bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        i
    }

    /// Past `byte` at `i` and the whitespace after it; `None` when `i` holds anything else.
    fn after(&self, i: usize, byte: u8) -> Option<usize> {
        (self.bytes.get(i) == Some(&byte)).then(|| self.skip_ws(i + 1))
    }

    /// The end of the string that starts at `i` (its opening quote), past its closing quote.
    fn string_end(&self, mut i: usize) -> usize {
        i += 1;
        while let Some(&b) = self.bytes.get(i) {
            i += match b {
                b'\\' => 2,
                b'"' => return i + 1,
                _ => 1,
            };
        }
        i
    }

    /// The end of the value that starts at `i`.
    fn value_end(&self, mut i: usize) -> usize {
        match self.bytes.get(i) {
            Some(b'"') => self.string_end(i),
            Some(b'[' | b'{') => self.nested_end(i),
            _ => {
                while self.bytes.get(i).is_some_and(|b| !b.is_ascii_whitespace() && !matches!(b, b',' | b']' | b'}')) {
                    i += 1;
                }
                i
            }
        }
    }

    /// The end of the array or object that starts at `i`, past its closing bracket.
    fn nested_end(&self, mut i: usize) -> usize {
        let mut depth = 0;
        while let Some(&b) = self.bytes.get(i) {
            match b {
                b'"' => {
                    i = self.string_end(i);
                    continue;
                }
                b'[' | b'{' => depth += 1,
                b']' | b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return i + 1;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        i
    }
}
