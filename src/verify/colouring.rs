//! The oracle for colourings and cliques: independent of every solver, it walks the petgraph
//! graph's edge list itself (never a solver's adjacency lists or bitsets).
//!
//! A colouring of a [`Problem`] is proper when no edge joins two vertices of one colour; it
//! answers the problem when it is proper, uses colours below the limit it claims, and keeps every
//! precoloured vertex's colour. A clique is a set of distinct vertices every two of them joined.

use std::collections::HashSet;
use std::fmt;

use crate::graph::Problem;

/// Why a colouring does not answer a problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ColouringFault {
    /// The colouring has a colour for a different number of vertices than the graph has.
    Length {
        /// Vertices of the graph.
        vertices: usize,
        /// Colours given.
        colours: usize,
    },
    /// An edge whose ends share a colour: (u, v, colour), 0-based, u < v.
    Clash(usize, usize, usize),
    /// A vertex coloured at or above the limit.
    Beyond {
        /// The vertex.
        vertex: usize,
        /// Its colour.
        colour: usize,
        /// The number of colours allowed.
        limit: usize,
    },
    /// A precoloured vertex recoloured.
    Precolouring {
        /// The vertex.
        vertex: usize,
        /// Its fixed colour.
        fixed: usize,
        /// The colour given.
        found: usize,
    },
}

impl fmt::Display for ColouringFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ColouringFault::Length { vertices, colours } => {
                write!(f, "{colours} colours for a graph of {vertices} vertices")
            }
            ColouringFault::Clash(u, v, c) => write!(f, "edge {}–{} has colour {c} at both ends", u + 1, v + 1),
            ColouringFault::Beyond { vertex, colour, limit } => {
                write!(f, "vertex {} has colour {colour}, beyond the {limit} allowed", vertex + 1)
            }
            ColouringFault::Precolouring { vertex, fixed, found } => {
                write!(f, "vertex {} is fixed to colour {fixed} but has {found}", vertex + 1)
            }
        }
    }
}

/// Every fault of `colouring` (colour of each vertex, 0-based) as an answer to `problem` with at
/// most `limit` colours; empty when it is one.
///
/// Complexity: O(V + E) time.
pub fn colouring_faults(problem: &Problem, colouring: &[usize], limit: usize) -> Vec<ColouringFault> {
    let graph = problem.graph();
    if colouring.len() != graph.node_count() {
        return vec![ColouringFault::Length { vertices: graph.node_count(), colours: colouring.len() }];
    }
    let mut faults = Vec::new();
    for e in graph.edge_indices() {
        let (a, b) = graph.edge_endpoints(e).expect("edge index from this graph");
        let (u, v) = (a.index(), b.index());
        if colouring[u] == colouring[v] {
            faults.push(ColouringFault::Clash(u.min(v), u.max(v), colouring[u]));
        }
    }
    for (vertex, &colour) in colouring.iter().enumerate() {
        if colour >= limit {
            faults.push(ColouringFault::Beyond { vertex, colour, limit });
        }
        if let Some(fixed) = problem.precolouring()[vertex].filter(|&fixed| fixed != colour) {
            faults.push(ColouringFault::Precolouring { vertex, fixed, found: colour });
        }
    }
    faults
}

/// True when `colouring` answers `problem` with at most `limit` colours.
pub fn is_colouring(problem: &Problem, colouring: &[usize], limit: usize) -> bool {
    colouring_faults(problem, colouring, limit).is_empty()
}

/// The number of distinct colours a colouring uses.
pub fn colours_used(colouring: &[usize]) -> usize {
    colouring.iter().collect::<HashSet<_>>().len()
}

/// True when `vertices` are distinct vertices of `problem`'s graph, every two joined by an edge.
///
/// Complexity: O(E + q) expected time for q vertices.
pub fn is_clique(problem: &Problem, vertices: &[usize]) -> bool {
    let graph = problem.graph();
    let members: HashSet<usize> = vertices.iter().copied().collect();
    if members.len() != vertices.len() || vertices.iter().any(|&v| v >= graph.node_count()) {
        return false;
    }
    let mut inside = HashSet::new();
    for e in graph.edge_indices() {
        let (a, b) = graph.edge_endpoints(e).expect("edge index from this graph");
        let (u, v) = (a.index().min(b.index()), a.index().max(b.index()));
        if u != v && members.contains(&u) && members.contains(&v) {
            inside.insert((u, v));
        }
    }
    let q = vertices.len();
    inside.len() == q * q.saturating_sub(1) / 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Goal;

    fn triangle_and_pendant() -> Problem {
        Problem::from_edges(4, [(0, 1), (1, 2), (2, 0), (2, 3)], Goal::Minimum)
    }

    #[test]
    fn a_proper_colouring_passes_and_one_vertex_recoloured_is_caught() {
        let p = triangle_and_pendant();
        let good = [0, 1, 2, 0];
        assert!(is_colouring(&p, &good, 3));
        assert_eq!(colours_used(&good), 3);
        // Any triangle vertex moved to another of the three colours clashes; the pendant clashes
        // only with colour 2, its neighbour's.
        for (v, c, clash) in [(0, 1, (0, 1)), (0, 2, (0, 2)), (1, 0, (0, 1)), (2, 0, (0, 2)), (3, 2, (2, 3))] {
            let mut changed = good;
            changed[v] = c;
            assert!(colouring_faults(&p, &changed, 3).contains(&ColouringFault::Clash(clash.0, clash.1, c)), "{v} {c}");
        }
        assert!(is_colouring(&p, &[0, 1, 2, 1], 3));
        assert_eq!(colouring_faults(&p, &good, 2), vec![ColouringFault::Beyond { vertex: 2, colour: 2, limit: 2 }]);
        assert_eq!(colouring_faults(&p, &[0, 1], 3), vec![ColouringFault::Length { vertices: 4, colours: 2 }]);
        let fixed = triangle_and_pendant().precolour(3, 1);
        assert_eq!(
            colouring_faults(&fixed, &good, 3),
            vec![ColouringFault::Precolouring { vertex: 3, fixed: 1, found: 0 }]
        );
    }

    #[test]
    fn cliques_are_recognised() {
        let p = triangle_and_pendant();
        assert!(is_clique(&p, &[0, 1, 2]) && is_clique(&p, &[3, 2]) && is_clique(&p, &[]));
        assert!(!is_clique(&p, &[0, 1, 3]) && !is_clique(&p, &[0, 0]) && !is_clique(&p, &[4]));
    }
}
