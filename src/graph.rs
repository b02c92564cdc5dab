//! The constraint graph: Sudoku as graph colouring.
//!
//! One node per cell (node index = cell index r·N + c), an edge between every pair of peers, and
//! the list of houses — 3N cliques of N cells. A solution is a proper N-colouring that keeps the
//! givens. The colouring problem on any graph, which a grid maps into, is [`problem`]; reading
//! graphs from files is [`dimacs`]. **Digit d is colour d − 1**: this is the one place that says so; the ILP models index
//! colours 0..N and decode colour k as digit k + 1.

pub mod dimacs;
pub mod problem;

pub use problem::{Goal, Problem};

use std::fmt::Write;
use std::sync::{Arc, Mutex, PoisonError};

use petgraph::graph::{NodeIndex, UnGraph};

use crate::grid::{House, Shape};

/// The colour (0-based) of a digit (1-based).
pub fn colour_of(digit: u8) -> usize {
    digit as usize - 1
}

/// The digit (1-based) of a colour (0-based).
pub fn digit_of(colour: usize) -> u8 {
    (colour + 1) as u8
}

/// Statistics of a constraint graph, as printed by `sudoku-lab graph`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct GraphStats {
    /// Box shape r×c.
    pub shape: Shape,
    /// N² nodes.
    pub nodes: usize,
    /// N²(3N − r − c − 1)/2 edges.
    pub edges: usize,
    /// Degree of every node: 3N − r − c − 1.
    pub degree: usize,
    /// 3N houses (2N distinct for a Latin square, whose boxes are its rows or its columns).
    pub houses: usize,
    /// Chromatic number: N (each house is an N-clique, and a solved Sudoku is an N-colouring).
    pub chromatic_number: usize,
    /// The family in words ([`Shape::family`]): a Latin square's graph is the rook's graph.
    pub family: String,
}

impl GraphStats {
    /// `key: value` lines, the contract of `sudoku-lab graph`.
    pub fn to_key_values(&self) -> String {
        format!(
            "box: {}\nn: {}\nnodes: {}\nedges: {}\ndegree: {}\nhouses: {}\nchromatic_number: {}\nfamily: {}\n",
            self.shape,
            self.shape.n(),
            self.nodes,
            self.edges,
            self.degree,
            self.houses,
            self.chromatic_number,
            self.family
        )
    }
}

/// The constraint graph of a shape: petgraph graph plus the houses (cliques).
#[derive(Debug, Clone)]
pub struct ConstraintGraph {
    shape: Shape,
    graph: UnGraph<(), ()>,
    houses: Vec<(House, Vec<usize>)>,
}

impl ConstraintGraph {
    /// Builds the graph of a shape: N² nodes, one edge per pair of peers.
    ///
    /// Complexity: O(N³) time and space (N² nodes × O(N) peers each).
    pub fn new(shape: Shape) -> ConstraintGraph {
        let cells = shape.cells();
        let mut graph = UnGraph::with_capacity(cells, cells * shape.peer_count() / 2);
        for _ in 0..cells {
            graph.add_node(());
        }
        for u in 0..cells {
            for v in shape.peers(u).into_iter().filter(|&v| v > u) {
                graph.add_edge(NodeIndex::new(u), NodeIndex::new(v), ());
            }
        }
        let houses = shape.houses().into_iter().map(|h| (h, shape.house_cells(h))).collect();
        ConstraintGraph { shape, graph, houses }
    }

    /// The graph of `shape`, shared: the process keeps the graph of the shape last asked for, so
    /// a solver that builds a model per puzzle builds the graph once per run of one shape (a
    /// 25×25 graph takes about a millisecond, a fifth of `sat`'s set-up on a puzzle near the
    /// hardness peak).
    pub fn shared(shape: Shape) -> Arc<ConstraintGraph> {
        static LAST: Mutex<Option<Arc<ConstraintGraph>>> = Mutex::new(None);
        let mut last = LAST.lock().unwrap_or_else(PoisonError::into_inner);
        match &*last {
            Some(graph) if graph.shape == shape => Arc::clone(graph),
            _ => {
                let graph = Arc::new(ConstraintGraph::new(shape));
                *last = Some(Arc::clone(&graph));
                graph
            }
        }
    }

    /// The shape it was built from.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The petgraph graph (node index = cell index).
    pub fn graph(&self) -> &UnGraph<(), ()> {
        &self.graph
    }

    /// The 3N houses, each with its N cells.
    pub fn houses(&self) -> &[(House, Vec<usize>)] {
        &self.houses
    }

    /// Every edge as a pair of cells (u < v).
    pub fn edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.graph.edge_indices().map(|e| {
            let (a, b) = self.graph.edge_endpoints(e).expect("edge index from this graph");
            (a.index().min(b.index()), a.index().max(b.index()))
        })
    }

    /// Node, edge, degree and house counts.
    pub fn stats(&self) -> GraphStats {
        let degree = self.graph.node_indices().map(|n| self.graph.neighbors(n).count()).max().unwrap_or(0);
        GraphStats {
            shape: self.shape,
            nodes: self.graph.node_count(),
            edges: self.graph.edge_count(),
            degree,
            houses: self.houses.len(),
            chromatic_number: self.shape.n(),
            family: if self.shape.is_latin() {
                format!("{} (rook's graph)", self.shape.family())
            } else {
                self.shape.family()
            },
        }
    }

    /// Graphviz DOT: one node per cell labelled `rRcC`, cells laid out on the grid.
    pub fn to_dot(&self) -> String {
        let n = self.shape.n();
        let mut out = format!(
            "graph sudoku_{}x{} {{\n  node [shape=circle, fontsize=8];\n",
            self.shape.box_rows(),
            self.shape.box_cols()
        );
        for cell in 0..self.shape.cells() {
            let (r, c) = (cell / n, cell % n);
            writeln!(out, "  {cell} [label=\"r{}c{}\", pos=\"{c},{}!\"];", r + 1, c + 1, n - 1 - r)
                .expect("writing to a String");
        }
        for (u, v) in self.edges() {
            writeln!(out, "  {u} -- {v};").expect("writing to a String");
        }
        out.push_str("}\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use petgraph::algo::coloring::dsatur_coloring;

    #[test]
    fn graph_invariants_hold_for_small_boxes() {
        for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3), (4, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let n = shape.n();
            let s = ConstraintGraph::new(shape).stats();
            assert_eq!(s.nodes, n * n);
            assert_eq!(s.houses, 3 * n);
            assert_eq!(s.degree, 3 * n - r - c - 1);
            assert_eq!(s.edges, n * n * (3 * n - r - c - 1) / 2);
        }
        assert_eq!(ConstraintGraph::new(Shape::new(3, 3).unwrap()).stats().edges, 810);
        let (nine, six) = (Shape::new(3, 3).unwrap(), Shape::new(2, 3).unwrap());
        // Whichever graph the process keeps (tests run side by side), the shared one is the shape's.
        assert_eq!(ConstraintGraph::shared(six).stats(), ConstraintGraph::new(six).stats());
        assert_eq!(
            ConstraintGraph::shared(nine).edges().collect::<Vec<_>>(),
            ConstraintGraph::new(nine).edges().collect::<Vec<_>>()
        );
        assert_eq!(ConstraintGraph::new(Shape::new(2, 3).unwrap()).stats().edges, 216);
    }

    #[test]
    fn a_latin_square_is_the_rooks_graph_with_n2_nodes_and_n2_times_n_minus_1_edges() {
        for n in [2, 5, 9, 33] {
            let s = ConstraintGraph::new(Shape::latin(n).unwrap()).stats();
            assert_eq!((s.nodes, s.edges, s.degree, s.chromatic_number), (n * n, n * n * (n - 1), 2 * (n - 1), n));
            assert_eq!(s.family, format!("Latin square of order {n} (rook's graph)"));
            assert!(s.to_key_values().ends_with(&format!("family: Latin square of order {n} (rook's graph)\n")));
        }
        assert_eq!(ConstraintGraph::new(Shape::new(3, 3).unwrap()).stats().family, "Sudoku 9×9 (3x3 boxes)");
    }

    #[test]
    fn every_house_is_a_clique() {
        let g = ConstraintGraph::new(Shape::new(2, 3).unwrap());
        for (_, cells) in g.houses() {
            for &u in cells {
                for &v in cells.iter().filter(|&&v| v != u) {
                    assert!(g.graph().find_edge(NodeIndex::new(u), NodeIndex::new(v)).is_some());
                }
            }
        }
    }

    #[test]
    fn dsatur_needs_at_least_n_colours_on_the_empty_grid() {
        for (r, c) in [(2, 2), (2, 3), (3, 3), (4, 4)] {
            let g = ConstraintGraph::new(Shape::new(r, c).unwrap());
            let (colouring, used) = dsatur_coloring(g.graph());
            assert!(used >= r * c, "a proper colouring of N-cliques needs ≥ N colours");
            for (u, v) in g.edges() {
                assert_ne!(colouring[&NodeIndex::new(u)], colouring[&NodeIndex::new(v)]);
            }
        }
    }

    #[test]
    fn dot_names_every_node_and_edge() {
        let g = ConstraintGraph::new(Shape::new(2, 2).unwrap());
        let dot = g.to_dot();
        assert_eq!(dot.matches(" -- ").count(), 56);
        assert!(dot.contains("15 [label=\"r4c4\""));
    }
}
