//! Where in an input something is: a file, a 1-based line and a 1-based column, written
//! `file:line:column` as compilers and editors write them.
//!
//! Every reader that refuses input says where with a [`Location`] — the puzzle formats here,
//! experiment configs and their instance sets, external solver definitions, the rows of
//! `runs.csv` — and every one of them turns a byte offset into a line and a column the same way,
//! here ([`Location::of_offset`], or [`Positions`] for a reader that asks in order): lines are
//! counted by `\n`, columns in characters (not bytes) from the line's start, as an editor counts.

use std::fmt;

/// A place in an input: the file (or `<stdin>`, or whatever names the input), a 1-based line and
/// a 1-based column; 0 for a line or column that is not known (an error about the whole file, or
/// about a whole line).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Location {
    /// The input's name: a file's path as given, `<stdin>`, …
    pub file: String,
    /// 1-based line (0 when not known).
    pub line: usize,
    /// 1-based column, in characters (0 when not known).
    pub column: usize,
}

impl Location {
    /// Line `line`, column `column` of `file`.
    pub fn new(file: impl Into<String>, line: usize, column: usize) -> Location {
        Location { file: file.into(), line, column }
    }

    /// The whole of `file`: no line, no column.
    pub fn file(file: impl Into<String>) -> Location {
        Location::new(file, 0, 0)
    }

    /// Line `line` of `file`, no column.
    pub fn line(file: impl Into<String>, line: usize) -> Location {
        Location::new(file, line, 0)
    }

    /// The place of byte `offset` of `text`, the content of `file` (an offset past the end is
    /// the end).
    ///
    /// Complexity: O(offset) time, O(1) space.
    pub fn of_offset(file: impl Into<String>, text: &str, offset: usize) -> Location {
        let (line, column) = Positions::new(text).of(offset);
        Location::new(file, line, column)
    }
}

impl fmt::Display for Location {
    /// `file:line:column`; `file:line` without a column, `file` without a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => f.write_str(&self.file),
            (line, 0) => write!(f, "{}:{line}", self.file),
            (line, column) => write!(f, "{}:{line}:{column}", self.file),
        }
    }
}

/// The 1-based line and column of byte offsets of one text, for a reader that asks for them in
/// increasing order (the rows of a CSV file, the puzzles of a JSON stream): each answer counts on
/// from the last one, so asking for every offset of a text is linear overall, however many
/// answers one line holds. An offset below the last one asked for is counted from the start.
#[derive(Debug, Clone)]
pub struct Positions<'a> {
    text: &'a str,
    /// The last offset asked for, its line, the offset its line starts at, and its column.
    last: (usize, usize, usize, usize),
}

impl<'a> Positions<'a> {
    /// The positions of `text`.
    pub fn new(text: &'a str) -> Positions<'a> {
        Positions { text, last: (0, 1, 0, 1) }
    }

    /// The 1-based line and column (in characters) of byte `offset` (an offset past the end is
    /// the end).
    ///
    /// Complexity: O(bytes since the last offset asked for, or since the start when it is lower).
    pub fn of(&mut self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let (from, mut line, mut line_start, mut column) = match self.last {
            last if last.0 <= offset => last,
            _ => (0, 1, 0, 1),
        };
        let piece = &self.text.as_bytes()[from..offset];
        match piece.iter().rposition(|&b| b == b'\n') {
            Some(p) => {
                line += piece.iter().filter(|&&b| b == b'\n').count();
                line_start = from + p + 1;
                column = self.chars(line_start, offset) + 1;
            }
            None => column += self.chars(from, offset),
        }
        self.last = (offset, line, line_start, column);
        (line, column)
    }

    /// Characters between two byte offsets (bytes, should one fall inside a character).
    fn chars(&self, from: usize, to: usize) -> usize {
        self.text.get(from..to).map_or(to - from, |s| s.chars().count())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_and_columns_in_characters() {
        let text = "ab\nα = 1\n\nlast";
        let at = |offset| {
            let l = Location::of_offset("f.toml", text, offset);
            (l.line, l.column)
        };
        assert_eq!(at(0), (1, 1));
        assert_eq!(at(2), (1, 3), "the newline itself is on its line");
        assert_eq!(at(3), (2, 1));
        assert_eq!(at(3 + "α = ".len()), (2, 5), "α is one column, two bytes");
        assert_eq!(at(text.len() - 4), (4, 1));
        assert_eq!(at(10_000), (4, 5), "past the end is the end");
    }

    #[test]
    fn asking_in_order_gives_what_asking_afresh_gives() {
        let text = "x,y\n1,2\r\n33,α4\n\n5";
        let mut positions = Positions::new(text);
        let offsets: Vec<usize> = (0..=text.len()).filter(|&o| text.is_char_boundary(o)).collect();
        for &o in offsets.iter().chain(offsets.iter().rev().step_by(3)) {
            assert_eq!(positions.of(o), Positions::new(text).of(o), "offset {o}");
        }
    }

    #[test]
    fn a_location_leaves_out_what_is_not_known() {
        assert_eq!(Location::new("a.toml", 3, 7).to_string(), "a.toml:3:7");
        assert_eq!(Location::line("a.txt", 3).to_string(), "a.txt:3");
        assert_eq!(Location::file("<stdin>").to_string(), "<stdin>");
    }
}
