//! Reading graphs: DIMACS `.col` files and plain edge lists, forgivingly but never silently.
//!
//! **DIMACS** (the COLOR challenge's format): `c` comment lines, one `p edge V E` line (`p col`
//! too), then `e u v` lines with 1-based vertex ids. As networkx and igraph do, the reader forgives
//! what does not change the graph — blank lines, any whitespace, an edge listed twice or in both
//! directions (merged, and counted in [`Read::duplicates`]), an edge count `E` that disagrees with
//! the edges listed (many copies count each edge twice; [`Read::remarks`] says so) — and refuses,
//! naming file, line and column, what would: a self-loop (no proper colouring exists), a vertex id
//! of 0 or above `V`, an edge before the `p` line, a second `p` line, a field that is no number,
//! a line of no known kind. **Edge lists**: one `u v` pair a line, 0-based ids, `#` or `%`
//! comments; the graph has vertices `0..=max id`. A file whose first line that is neither blank nor
//! a `#`/`%` comment starts with `c`, `p` or `e` is read as DIMACS, any other as an edge list.

use std::collections::HashSet;

use thiserror::Error;

use crate::graph::problem::{Goal, Problem};

/// Why a file is no graph, and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}:{line}:{col}: {kind}")]
pub struct GraphError {
    /// The file's name, as given.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (characters) of the offending field.
    pub col: usize,
    /// What is wrong.
    pub kind: GraphErrorKind,
}

/// What is wrong with a graph file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GraphErrorKind {
    /// An edge from a vertex to itself: no proper colouring exists.
    #[error("self-loop on vertex {0}: a vertex adjacent to itself has no proper colouring")]
    SelfLoop(usize),
    /// A vertex id outside the declared range.
    #[error("vertex {id} is out of range: the ids are {first} to {last}")]
    OutOfRange {
        /// The id as written.
        id: u64,
        /// The smallest id allowed.
        first: u64,
        /// The largest id allowed.
        last: u64,
    },
    /// A field that should be a non-negative integer.
    #[error("`{0}` is not a non-negative integer")]
    NotANumber(String),
    /// A line missing a field.
    #[error("missing {0}")]
    Missing(&'static str),
    /// A field after the last one the line's kind has.
    #[error("unexpected `{0}` after the line's last field")]
    Extra(String),
    /// A DIMACS line of no known kind.
    #[error("`{0}` starts no DIMACS line (expected c, p or e)")]
    UnknownLine(String),
    /// A `p` line of another problem than `edge`/`col`.
    #[error("`p {0}` is no colouring problem (expected `p edge V E`)")]
    NotEdgeProblem(String),
    /// An edge before the `p` line.
    #[error("edge before the `p edge V E` line")]
    EdgeBeforeHeader,
    /// A second `p` line.
    #[error("a second `p` line")]
    SecondHeader,
    /// A DIMACS file without a `p` line.
    #[error("no `p edge V E` line")]
    NoHeader,
}

/// The format a graph was read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphFormat {
    /// DIMACS `.col`.
    Dimacs,
    /// One `u v` pair a line, 0-based.
    EdgeList,
}

/// A graph read from a file, with what the reader forgave.
#[derive(Debug, Clone)]
pub struct Read {
    /// The graph, as a minimum (χ) problem.
    pub problem: Problem,
    /// The format it was read in.
    pub format: GraphFormat,
    /// Edge lines in the file.
    pub edge_lines: usize,
    /// Edge lines that repeated an edge already read (either direction): merged.
    pub duplicates: usize,
    /// The edge count the `p` line declared (DIMACS only).
    pub declared_edges: Option<usize>,
}

impl Read {
    /// What the reader forgave, in words: merged duplicates, a declared edge count that disagrees.
    pub fn remarks(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.duplicates > 0 {
            out.push(format!("{} duplicate edge lines merged", self.duplicates));
        }
        let distinct = self.problem.edges();
        if let Some(declared) = self.declared_edges.filter(|&d| d != distinct) {
            let twice = if declared == 2 * distinct { " (each edge counted twice)" } else { "" };
            out.push(format!("the p line declares {declared} edges, the file has {distinct} distinct edges{twice}"));
        }
        out
    }
}

/// The fields of a line with their 1-based columns.
fn fields(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (col, (i, ch)) in line.char_indices().enumerate() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((col + 1, i)),
            (true, Some((c, s))) => {
                out.push((c, &line[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((c, s)) = start {
        out.push((c, &line[s..]));
    }
    out
}

/// Reads the graph in `text` (named `file` in errors); the format is told by the text (see the
/// module doc).
///
/// Complexity: O(size of the text + V + E) expected time (a hash set of the edges seen).
pub fn parse(text: &str, file: &str) -> Result<Read, GraphError> {
    let dimacs = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('%'))
        .is_some_and(|l| matches!(l.split_whitespace().next(), Some("c" | "p" | "e")));
    let reader = Reader { file, line: 0, edges: Vec::new(), seen: HashSet::new(), duplicates: 0, edge_lines: 0 };
    if dimacs {
        reader.dimacs(text)
    } else {
        reader.edge_list(text)
    }
}

/// The state of one read.
struct Reader<'a> {
    file: &'a str,
    line: usize,
    edges: Vec<(usize, usize)>,
    seen: HashSet<(usize, usize)>,
    duplicates: usize,
    edge_lines: usize,
}

impl Reader<'_> {
    fn error(&self, col: usize, kind: GraphErrorKind) -> GraphError {
        GraphError { file: self.file.to_string(), line: self.line, col, kind }
    }

    /// Field `at` of `f` as a number; `what` names it when missing.
    fn number(&self, f: &[(usize, &str)], at: usize, what: &'static str, end: usize) -> Result<u64, GraphError> {
        let &(col, word) = f.get(at).ok_or_else(|| self.error(end, GraphErrorKind::Missing(what)))?;
        word.parse().map_err(|_| self.error(col, GraphErrorKind::NotANumber(word.to_string())))
    }

    /// Refuses a field after the last one (`count` fields expected).
    fn no_more(&self, f: &[(usize, &str)], count: usize) -> Result<(), GraphError> {
        match f.get(count) {
            Some(&(col, word)) => Err(self.error(col, GraphErrorKind::Extra(word.to_string()))),
            None => Ok(()),
        }
    }

    /// Adds the edge of fields 1 and 2 (`offset` 1 for DIMACS's 1-based ids, 0 for edge lists;
    /// `last` the largest id allowed).
    fn edge(
        &mut self,
        f: &[(usize, &str)],
        first: usize,
        offset: u64,
        last: u64,
        end: usize,
    ) -> Result<(usize, usize), GraphError> {
        let mut ids = [0usize; 2];
        for (k, what) in [(0, "the edge's first vertex"), (1, "the edge's second vertex")] {
            let id = self.number(f, first + k, what, end)?;
            if id < offset || id > last {
                return Err(self.error(f[first + k].0, GraphErrorKind::OutOfRange { id, first: offset, last }));
            }
            ids[k] = (id - offset) as usize;
        }
        self.no_more(f, first + 2)?;
        if ids[0] == ids[1] {
            return Err(self.error(f[first].0, GraphErrorKind::SelfLoop(ids[0] + offset as usize)));
        }
        self.edge_lines += 1;
        let key = (ids[0].min(ids[1]), ids[0].max(ids[1]));
        if self.seen.insert(key) {
            self.edges.push(key);
        } else {
            self.duplicates += 1;
        }
        Ok(key)
    }

    fn dimacs(mut self, text: &str) -> Result<Read, GraphError> {
        let mut header: Option<(usize, usize)> = None;
        for (i, line) in text.lines().enumerate() {
            self.line = i + 1;
            let f = fields(line);
            let end = line.chars().count() + 1;
            match f.first().map(|&(_, w)| w) {
                None | Some("c") => {}
                Some("p") => {
                    if header.is_some() {
                        return Err(self.error(f[0].0, GraphErrorKind::SecondHeader));
                    }
                    let &(col, kind) =
                        f.get(1).ok_or_else(|| self.error(end, GraphErrorKind::Missing("the problem (edge)")))?;
                    if !matches!(kind, "edge" | "edges" | "col") {
                        return Err(self.error(col, GraphErrorKind::NotEdgeProblem(kind.to_string())));
                    }
                    let vertices = self.number(&f, 2, "the vertex count", end)? as usize;
                    let edges = self.number(&f, 3, "the edge count", end)? as usize;
                    self.no_more(&f, 4)?;
                    header = Some((vertices, edges));
                }
                Some("e") => {
                    let Some((vertices, _)) = header else {
                        return Err(self.error(f[0].0, GraphErrorKind::EdgeBeforeHeader));
                    };
                    self.edge(&f, 1, 1, vertices as u64, end)?;
                }
                Some(word) => return Err(self.error(f[0].0, GraphErrorKind::UnknownLine(word.to_string()))),
            }
        }
        let Some((vertices, declared)) = header else {
            self.line = text.lines().count().max(1);
            return Err(self.error(1, GraphErrorKind::NoHeader));
        };
        Ok(self.finish(vertices, GraphFormat::Dimacs, Some(declared)))
    }

    fn edge_list(mut self, text: &str) -> Result<Read, GraphError> {
        let mut vertices = 0;
        for (i, line) in text.lines().enumerate() {
            self.line = i + 1;
            let trimmed = line.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('%') {
                continue;
            }
            let f = fields(line);
            let (_, v) = self.edge(&f, 0, 0, u64::from(u32::MAX), line.chars().count() + 1)?;
            vertices = vertices.max(v + 1);
        }
        Ok(self.finish(vertices, GraphFormat::EdgeList, None))
    }

    fn finish(self, vertices: usize, format: GraphFormat, declared_edges: Option<usize>) -> Read {
        let problem = Problem::from_edges(vertices, self.edges, Goal::Minimum);
        Read { problem, format, edge_lines: self.edge_lines, duplicates: self.duplicates, declared_edges }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> (usize, usize, GraphErrorKind) {
        let e = parse(text, "g.col").unwrap_err();
        assert!(e.to_string().starts_with(&format!("g.col:{}:{}: ", e.line, e.col)), "{e}");
        (e.line, e.col, e.kind)
    }

    #[test]
    fn a_dimacs_file_is_read_with_duplicates_merged_and_the_count_remarked() {
        let text = "c a triangle and a pendant\n\np edge 4 8\ne 1 2\ne 2 3\n e  3   1\ne 2 1\ne 3 4\n";
        let read = parse(text, "t.col").unwrap();
        let p = &read.problem;
        assert_eq!(
            (read.format, p.vertices(), p.edges(), read.edge_lines, read.duplicates),
            (GraphFormat::Dimacs, 4, 4, 5, 1)
        );
        assert_eq!(p.neighbours(2), &[0, 1, 3]);
        assert_eq!(
            read.remarks(),
            [
                "1 duplicate edge lines merged",
                "the p line declares 8 edges, the file has 4 distinct edges (each edge counted twice)"
            ]
        );
        let exact = parse("p col 3 2\ne 1 2\ne 2 3\n", "x").unwrap();
        assert!(exact.remarks().is_empty());
    }

    #[test]
    fn bad_dimacs_lines_are_refused_with_their_line_and_column() {
        assert_eq!(error("p edge 3 1\ne 2 2\n"), (2, 3, GraphErrorKind::SelfLoop(2)));
        assert_eq!(error("p edge 3 1\ne 1 4\n"), (2, 5, GraphErrorKind::OutOfRange { id: 4, first: 1, last: 3 }));
        assert_eq!(error("p edge 3 1\ne 0 1\n"), (2, 3, GraphErrorKind::OutOfRange { id: 0, first: 1, last: 3 }));
        assert_eq!(error("c x\ne 1 2\n"), (2, 1, GraphErrorKind::EdgeBeforeHeader));
        assert_eq!(error("p edge 3 1\np edge 3 1\n"), (2, 1, GraphErrorKind::SecondHeader));
        assert_eq!(error("p edge 3 x\n"), (1, 10, GraphErrorKind::NotANumber("x".into())));
        assert_eq!(error("p cnf 3 1\n"), (1, 3, GraphErrorKind::NotEdgeProblem("cnf".into())));
        assert_eq!(error("p edge 3 1\ne 1\n"), (2, 4, GraphErrorKind::Missing("the edge's second vertex")));
        assert_eq!(error("p edge 3 1\ne 1 2 3\n"), (2, 7, GraphErrorKind::Extra("3".into())));
        assert_eq!(error("p edge 3 1\nx 1 2\n"), (2, 1, GraphErrorKind::UnknownLine("x".into())));
        assert_eq!(error("c only\nc comments\n"), (2, 1, GraphErrorKind::NoHeader));
    }

    #[test]
    fn an_edge_list_is_zero_based_with_comments() {
        let read = parse("# a path\n0 1\n1 2\n% note\n2 1\n", "l.txt").unwrap();
        assert_eq!(
            (read.format, read.problem.vertices(), read.problem.edges(), read.duplicates),
            (GraphFormat::EdgeList, 3, 2, 1)
        );
        assert_eq!(error("0 1\n1 1\n"), (2, 1, GraphErrorKind::SelfLoop(1)));
        assert_eq!(error("0 1\n1 -2\n"), (2, 3, GraphErrorKind::NotANumber("-2".into())));
    }
}
