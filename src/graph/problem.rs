//! The colouring problem: the ground floor every instance maps into.
//!
//! A [`Problem`] is a graph (petgraph, vertices `0..n`), an optional precolouring (some vertices'
//! colours fixed in advance), a [`Goal`] — k colours (the decision "is it k-colourable?") or the
//! minimum (the chromatic number χ) — and known cliques, a hint that encodings may use (a Sudoku
//! grid's houses). A Sudoku or Latin-square grid maps into one with [`Problem::of_grid`]: its
//! constraint graph, its givens as the precolouring (digit d is colour d − 1, as [`crate::graph`]
//! says), N colours and its houses as the cliques. A generic solver never asks where its problem
//! came from.

use petgraph::graph::{NodeIndex, UnGraph};

use crate::graph::{colour_of, ConstraintGraph};
use crate::grid::Grid;

/// What a colouring problem asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Goal {
    /// A proper colouring with at most this many colours, or a proof there is none.
    Colours(usize),
    /// The chromatic number: a colouring with the fewest colours and a proof that fewer fail.
    Minimum,
}

/// A graph to colour, what is fixed of its colouring, and what is asked.
#[derive(Debug, Clone)]
pub struct Problem {
    graph: UnGraph<(), ()>,
    precolouring: Vec<Option<usize>>,
    goal: Goal,
    cliques: Vec<Vec<usize>>,
    adjacency: Vec<Vec<usize>>,
}

impl Problem {
    /// The problem `goal` on `graph`, nothing precoloured, no clique known. Parallel edges and
    /// self-loops are the caller's to refuse (the readers do); the adjacency lists drop repeats.
    pub fn new(graph: UnGraph<(), ()>, goal: Goal) -> Problem {
        let n = graph.node_count();
        let mut adjacency = vec![Vec::new(); n];
        for e in graph.edge_indices() {
            let (a, b) = graph.edge_endpoints(e).expect("edge index from this graph");
            if a != b {
                adjacency[a.index()].push(b.index());
                adjacency[b.index()].push(a.index());
            }
        }
        for list in &mut adjacency {
            list.sort_unstable();
            list.dedup();
        }
        Problem { graph, precolouring: vec![None; n], goal, cliques: Vec::new(), adjacency }
    }

    /// The problem on the graph with `vertices` vertices and `edges` (0-based pairs).
    pub fn from_edges(vertices: usize, edges: impl IntoIterator<Item = (usize, usize)>, goal: Goal) -> Problem {
        let mut graph = UnGraph::with_capacity(vertices, 0);
        for _ in 0..vertices {
            graph.add_node(());
        }
        for (u, v) in edges {
            graph.add_edge(NodeIndex::new(u), NodeIndex::new(v), ());
        }
        Problem::new(graph, goal)
    }

    /// A grid as a colouring problem: its constraint graph, N colours, its givens as the
    /// precolouring and its houses as known cliques.
    ///
    /// Complexity: O(N³) time and space (the constraint graph).
    pub fn of_grid(grid: &Grid) -> Problem {
        let constraint = ConstraintGraph::new(grid.shape());
        let mut problem = Problem::new(constraint.graph().clone(), Goal::Colours(grid.n()));
        for (cell, &digit) in grid.cells().iter().enumerate().filter(|(_, &d)| d != 0) {
            problem.precolouring[cell] = Some(colour_of(digit));
        }
        problem.cliques = constraint.houses().iter().map(|(_, cells)| cells.clone()).collect();
        problem
    }

    /// The same problem asking `goal`.
    pub fn with_goal(self, goal: Goal) -> Problem {
        Problem { goal, ..self }
    }

    /// The same problem with `vertex` precoloured `colour`.
    pub fn precolour(mut self, vertex: usize, colour: usize) -> Problem {
        self.precolouring[vertex] = Some(colour);
        self
    }

    /// The petgraph graph.
    pub fn graph(&self) -> &UnGraph<(), ()> {
        &self.graph
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.adjacency.len()
    }

    /// The number of distinct edges.
    pub fn edges(&self) -> usize {
        self.adjacency.iter().map(Vec::len).sum::<usize>() / 2
    }

    /// The neighbours of `vertex`, ascending, without repeats.
    pub fn neighbours(&self, vertex: usize) -> &[usize] {
        &self.adjacency[vertex]
    }

    /// The fixed colour of each vertex, if any.
    pub fn precolouring(&self) -> &[Option<usize>] {
        &self.precolouring
    }

    /// True when some vertex is precoloured (colour symmetry is then broken: no clique may be
    /// fixed to colours of a solver's choosing).
    pub fn is_precoloured(&self) -> bool {
        self.precolouring.iter().any(Option::is_some)
    }

    /// What is asked.
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// Known cliques (a grid's houses), a hint; empty for a graph read from a file.
    pub fn cliques(&self) -> &[Vec<usize>] {
        &self.cliques
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    #[test]
    fn a_grid_maps_to_its_graph_givens_and_houses() {
        let shape = Shape::new(2, 2).unwrap();
        let mut grid = Grid::empty(shape);
        grid.set(0, 3);
        grid.set(15, 1);
        let p = Problem::of_grid(&grid);
        assert_eq!((p.vertices(), p.edges(), p.goal()), (16, 56, Goal::Colours(4)));
        assert_eq!((p.precolouring()[0], p.precolouring()[15], p.precolouring()[1]), (Some(2), Some(0), None));
        assert_eq!(p.cliques().len(), 12);
        for clique in p.cliques() {
            for &u in clique {
                assert!(clique.iter().filter(|&&v| v != u).all(|v| p.neighbours(u).contains(v)));
            }
        }
        assert!(p.is_precoloured() && !Problem::of_grid(&Grid::empty(shape)).is_precoloured());
    }

    #[test]
    fn repeated_edges_count_once() {
        let p = Problem::from_edges(3, [(0, 1), (1, 0), (1, 2)], Goal::Minimum);
        assert_eq!((p.edges(), p.neighbours(1)), (2, &[0, 2][..]));
    }
}
