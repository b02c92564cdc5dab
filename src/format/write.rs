//! Writing: one grid as a line, a grid of integers, a bordered `pretty` grid, or a JSON object.

use super::read::JsonPuzzle;
use super::Format;
use crate::grid::{Grid, Shape};

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
    json_text(puzzle, None, solution)
}

/// [`to_json`] with a `"count"` (the puzzle's solution count) when given.
fn json_text(puzzle: &Grid, count: Option<u64>, solution: Option<&Grid>) -> String {
    let rows = |g: &Grid| -> Vec<Vec<usize>> {
        g.cells().chunks(g.n()).map(|r| r.iter().map(|&v| v as usize).collect()).collect()
    };
    let shape = puzzle.shape();
    let json = JsonPuzzle {
        box_shape: Some([shape.box_rows(), shape.box_cols()]),
        cells: rows(puzzle).into_iter().map(|r| r.into_iter().map(Some).collect()).collect(),
        count,
        solution: solution.map(rows),
    };
    serde_json::to_string(&json).expect("plain integers always serialize")
}

/// One puzzle in `format`, ending in a newline; a solution, if given, rides along (`PUZZLE:SOLUTION`
/// in line format, a `"solution"` field in JSON, a commented block after grid and pretty output).
pub fn write_entry(format: Format, puzzle: &Grid, solution: Option<&Grid>) -> String {
    write_counted(format, puzzle, None, solution)
}

/// [`write_entry`] with the puzzle's solution count, when given, riding along too:
/// `PUZZLE:COUNT[:SOLUTION]` in line format, a `"count"` field in JSON, a `# count: K` comment
/// after grid and pretty output.
pub fn write_counted(format: Format, puzzle: &Grid, count: Option<u64>, solution: Option<&Grid>) -> String {
    let text = entry_text(format, puzzle, count, solution);
    match box_comment(format, puzzle) {
        Some(comment) => comment + &text,
        None => text,
    }
}

/// The `# box=RxC` line a `line` or `grid` puzzle needs to be read back with its shape: only when
/// the shape is not the default for its N (`pretty` shows it in its borders, `json` in `"box"`).
pub fn box_comment(format: Format, puzzle: &Grid) -> Option<String> {
    let shape = puzzle.shape();
    let default = Shape::for_size(shape.n()).ok() == Some(shape);
    (!default && matches!(format, Format::Line | Format::Grid)).then(|| format!("# box={shape}\n"))
}

fn entry_text(format: Format, puzzle: &Grid, count: Option<u64>, solution: Option<&Grid>) -> String {
    match format {
        Format::Line => {
            let mut line = to_line(puzzle);
            if let Some(count) = count {
                line.push_str(&format!(":{count}"));
            }
            if let Some(s) = solution {
                line.push_str(&format!(":{}", to_line(s)));
            }
            line + "\n"
        }
        Format::Json => format!("{}\n", json_text(puzzle, count, solution)),
        Format::Grid | Format::Pretty => {
            let render = if format == Format::Grid { to_grid } else { to_pretty };
            let mut out = render(puzzle);
            if let Some(count) = count {
                out.push_str(&format!("# count: {count}\n"));
            }
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
