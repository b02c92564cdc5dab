//! A maximum clique by branch and bound on bitsets: the lower bound every graph solver starts
//! from, and the vertices they fix to colours to break the colour symmetry.
//!
//! The algorithm is Tomita & Seki's MCQ ("An efficient branch-and-bound algorithm for finding a
//! maximum clique", DMTCS 2003) in San Segundo, Rodríguez-Losada & Jiménez's bitset form (BBMC,
//! "An exact bit-parallel algorithm for the maximum clique problem", Computers & OR 2011):
//! vertices renumbered by non-increasing degree, candidate sets as bit vectors, and at every node
//! a greedy colouring of the candidates whose colour count bounds the clique they can still add
//! (vertices of one colour are pairwise non-adjacent, so a clique takes at most one of each).
//! Candidates are expanded from the highest colour down, and a branch whose bound cannot beat the
//! best clique found is cut.
//!
//! Complexity: exponential in the worst case (the problem is NP-hard); each node costs
//! O(|P|·n/64) word operations for the colouring of its candidate set P. Space O(n²/64) for the
//! adjacency bit matrix and O(n²/64) for the candidate sets along the current branch.

use std::time::Instant;

use crate::graph::Problem;
use crate::solve::cancel;

/// A clique, and whether the search proved it maximum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clique {
    /// Its vertices, ascending.
    pub vertices: Vec<usize>,
    /// True when the search ended: no larger clique exists.
    pub maximum: bool,
    /// Branch-and-bound nodes.
    pub nodes: u64,
}

/// A set of vertices 0..n as 64-bit words.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Bits(Vec<u64>);

impl Bits {
    fn empty(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn first(&self) -> Option<usize> {
        self.0.iter().enumerate().find(|(_, &w)| w != 0).map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }
    fn and(&self, other: &Bits) -> Bits {
        Bits(self.0.iter().zip(&other.0).map(|(a, b)| a & b).collect())
    }
    fn and_not(&mut self, other: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= !b;
        }
    }
}

/// The search's state: the graph renumbered, the best clique, the clock.
struct Search {
    /// `order[i]`: the vertex numbered i (non-increasing degree).
    order: Vec<usize>,
    adjacent: Vec<Bits>,
    best: Vec<usize>,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

/// A maximum clique of `problem`'s graph, or the largest found by `deadline` (then `maximum` is
/// false).
pub fn maximum_clique(problem: &Problem, deadline: Option<Instant>) -> Clique {
    let n = problem.vertices();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| (std::cmp::Reverse(problem.neighbours(v).len()), v));
    let mut position = vec![0; n];
    for (i, &v) in order.iter().enumerate() {
        position[v] = i;
    }
    let adjacent = order
        .iter()
        .map(|&v| {
            let mut bits = Bits::empty(n);
            for &u in problem.neighbours(v) {
                bits.insert(position[u]);
            }
            bits
        })
        .collect();
    let mut search = Search { order, adjacent, best: Vec::new(), nodes: 0, deadline, stopped: false };
    let mut all = Bits::empty(n);
    (0..n).for_each(|i| all.insert(i));
    if n > 0 {
        search.expand(&mut Vec::new(), all);
    }
    let mut vertices: Vec<usize> = search.best.iter().map(|&i| search.order[i]).collect();
    vertices.sort_unstable();
    Clique { vertices, maximum: !search.stopped, nodes: search.nodes }
}

impl Search {
    /// The candidates of `p` in greedy colour classes, lowest colour first, with each one's colour
    /// (1-based): colour k's class is built by taking the first candidate left and dropping its
    /// neighbours, until none is left.
    fn colour_sort(&self, p: &Bits) -> (Vec<usize>, Vec<usize>) {
        let (mut order, mut colours) = (Vec::new(), Vec::new());
        let mut left = p.clone();
        let mut colour = 0;
        while !left.is_empty() {
            colour += 1;
            let mut class = left.clone();
            while let Some(v) = class.first() {
                class.remove(v);
                class.and_not(&self.adjacent[v]);
                left.remove(v);
                order.push(v);
                colours.push(colour);
            }
        }
        (order, colours)
    }

    fn expand(&mut self, clique: &mut Vec<usize>, mut p: Bits) {
        self.nodes += 1;
        if self.nodes % 256 == 1 && cancel::past(self.deadline) {
            self.stopped = true;
        }
        if self.stopped {
            return;
        }
        let (order, colours) = self.colour_sort(&p);
        for i in (0..order.len()).rev() {
            if clique.len() + colours[i] <= self.best.len() || self.stopped {
                return;
            }
            let v = order[i];
            clique.push(v);
            let next = p.and(&self.adjacent[v]);
            if next.is_empty() {
                if clique.len() > self.best.len() {
                    self.best = clique.clone();
                }
            } else {
                self.expand(clique, next);
            }
            clique.pop();
            p.remove(v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{graphs::gnp, rng_from_seed};
    use crate::graph::Goal;
    use crate::verify::colouring::is_clique;
    use proptest::prelude::*;

    /// The largest clique by trying every subset (n ≤ 14).
    fn brute_force(p: &Problem) -> usize {
        let n = p.vertices();
        (0u32..1 << n)
            .filter(|&s| {
                let vs: Vec<usize> = (0..n).filter(|&v| s >> v & 1 == 1).collect();
                vs.iter().all(|&u| vs.iter().all(|&v| u == v || p.neighbours(u).contains(&v)))
            })
            .map(|s| s.count_ones() as usize)
            .max()
            .unwrap_or(0)
    }

    proptest! {
        #[test]
        fn the_clique_is_one_and_as_large_as_brute_force_finds(n in 1usize..14, p in 0.0f64..1.0, seed in 0u64..500) {
            let g = gnp(n, p, &mut rng_from_seed(seed)).unwrap();
            let c = maximum_clique(&g, None);
            prop_assert!(c.maximum && is_clique(&g, &c.vertices));
            prop_assert_eq!(c.vertices.len(), brute_force(&g));
        }
    }

    #[test]
    fn a_complete_graph_is_its_own_clique_and_an_empty_one_has_single_vertices() {
        let k5 = Problem::from_edges(5, (0..5).flat_map(|u| (u + 1..5).map(move |v| (u, v))), Goal::Minimum);
        assert_eq!(maximum_clique(&k5, None).vertices, [0, 1, 2, 3, 4]);
        assert_eq!(maximum_clique(&Problem::from_edges(3, [], Goal::Minimum), None).vertices.len(), 1);
        assert!(maximum_clique(&Problem::from_edges(0, [], Goal::Minimum), None).vertices.is_empty());
    }
}
