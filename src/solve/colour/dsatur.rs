//! `dsatur` and `dsatur-pass`: exact colouring by DSATUR branch and bound.
//!
//! Brélaz's DSATUR ("New methods to color the vertices of a graph", CACM 1979) colours next the
//! uncoloured vertex of greatest **saturation** (the number of distinct colours among its
//! neighbours), ties broken by degree; its first descent is the classic greedy heuristic, which
//! the SAT and ILP solvers take as their first upper bound ([`greedy`]). As an exact method
//! (Brélaz's own, refined by Sewell 1996 and San Segundo 2012) the search branches on each colour
//! the chosen vertex may take — every colour in use that no neighbour has, and one new colour —
//! and cuts a branch once it would use as many colours as the best colouring found. The clique
//! found first ([`super::clique`]) is coloured 0, 1, … before the search (symmetry breaking: any
//! colouring can be renamed so; skipped when the problem has a precolouring, which fixes the
//! names) and its size is the lower bound that ends the search as soon as a colouring meets it.
//!
//! **PASS** (`dsatur-pass`; San Segundo, "A new DSATUR-based algorithm for exact vertex
//! coloring", Computers & OR 2012): ties in saturation are broken not by degree but by Sewell's
//! count of shared free colours restricted to the tied vertices — the tied vertex chosen is the
//! one whose free colours are free for the most (neighbour, colour) pairs among the other tied
//! vertices, so colouring it takes the most options away (degree breaks the remaining ties).
//!
//! When the search ends, the best colouring is optimal (the claimed lower bound is its colour
//! count); at a limit, the bounds are the clique and the best colouring. That claim rests on an
//! exhaustive search, not on a certificate: the judgement counts only the clique unless a proof of
//! the claim is checked.
//!
//! Complexity: exponential in the worst case (colouring is NP-hard); a node costs O(n) for the
//! choice (O(n·k + Σ deg) with PASS, k colours) and O(deg) to colour and uncolour. Space O(n·k)
//! for the neighbour colour counts.

use std::time::Instant;

use crate::graph::{Goal, Problem};
use crate::solve::colour::Claim;
use crate::solve::{cancel, Stats};

/// Sentinel of an uncoloured vertex.
const NONE: usize = usize::MAX;

/// The search's state.
struct Search<'a> {
    problem: &'a Problem,
    pass: bool,
    colour: Vec<usize>,
    /// `count[v·cap + c]`: neighbours of v coloured c.
    count: Vec<u32>,
    saturation: Vec<usize>,
    cap: usize,
    /// Colour count the search must beat (one more than the colours allowed).
    bound: usize,
    lower: usize,
    best: Option<Vec<usize>>,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
    first_only: bool,
}

impl<'a> Search<'a> {
    /// `fixed_used`: the colours the fixed vertices take (a colour count's lower end).
    fn new(
        problem: &'a Problem,
        bound: usize,
        lower: usize,
        fixed_used: usize,
        deadline: Option<Instant>,
    ) -> Search<'a> {
        let n = problem.vertices();
        let cap = bound.min(n.max(fixed_used) + 1).max(1);
        Search {
            problem,
            pass: false,
            colour: vec![NONE; n],
            count: vec![0; n * cap],
            saturation: vec![0; n],
            cap,
            bound,
            lower,
            best: None,
            nodes: 0,
            deadline,
            stopped: false,
            first_only: false,
        }
    }

    fn assign(&mut self, v: usize, c: usize) {
        self.colour[v] = c;
        for &u in self.problem.neighbours(v) {
            let slot = &mut self.count[u * self.cap + c];
            *slot += 1;
            if *slot == 1 {
                self.saturation[u] += 1;
            }
        }
    }

    fn unassign(&mut self, v: usize) {
        let c = self.colour[v];
        self.colour[v] = NONE;
        for &u in self.problem.neighbours(v) {
            let slot = &mut self.count[u * self.cap + c];
            *slot -= 1;
            if *slot == 0 {
                self.saturation[u] -= 1;
            }
        }
    }

    fn free(&self, v: usize, c: usize) -> bool {
        self.count[v * self.cap + c] == 0
    }

    /// The uncoloured vertex to colour next (see the module doc), if any is left.
    fn choose(&self, used: usize) -> Option<usize> {
        let uncoloured = (0..self.colour.len()).filter(|&v| self.colour[v] == NONE);
        let top = uncoloured.clone().map(|v| self.saturation[v]).max()?;
        let tied: Vec<usize> = uncoloured.filter(|&v| self.saturation[v] == top).collect();
        let degree = |v: usize| self.problem.neighbours(v).len();
        if !self.pass || tied.len() == 1 {
            return tied.iter().copied().max_by_key(|&v| (degree(v), std::cmp::Reverse(v)));
        }
        let in_tie: std::collections::HashSet<usize> = tied.iter().copied().collect();
        let shared = |v: usize| -> usize {
            let others = self.problem.neighbours(v).iter().filter(|u| in_tie.contains(u));
            others.map(|&u| (0..used.min(self.cap)).filter(|&c| self.free(v, c) && self.free(u, c)).count()).sum()
        };
        tied.iter().copied().max_by_key(|&v| (shared(v), degree(v), std::cmp::Reverse(v)))
    }

    fn search(&mut self, used: usize) {
        self.nodes += 1;
        if self.nodes % 1024 == 1 && cancel::past(self.deadline) {
            self.stopped = true;
        }
        if self.stopped || self.bound <= self.lower || (self.first_only && self.best.is_some()) {
            return;
        }
        let Some(v) = self.choose(used) else {
            self.bound = used;
            self.best = Some(self.colour.clone());
            return;
        };
        // Colours in use first, then one new colour, while that stays below the bound.
        for c in 0..(used + 1).min(self.bound.saturating_sub(1)).min(self.cap) {
            if !self.free(v, c) {
                continue;
            }
            self.assign(v, c);
            self.search(used.max(c + 1));
            self.unassign(v);
            if self.stopped || self.bound <= self.lower || (self.first_only && self.best.is_some()) {
                return;
            }
        }
    }
}

/// The colours a problem fixes before any search: its precolouring, or else `clique` coloured
/// 0, 1, … (see the module doc). Returns (vertex, colour) pairs.
pub fn fixed_colours(problem: &Problem, clique: &[usize]) -> Vec<(usize, usize)> {
    if problem.is_precoloured() {
        problem.precolouring().iter().enumerate().filter_map(|(v, c)| c.map(|c| (v, c))).collect()
    } else {
        clique.iter().copied().zip(0..).collect()
    }
}

/// DSATUR branch and bound on `problem` (PASS ties when `pass`) until `deadline`, starting from
/// the clique `clique` (a lower bound and, without a precolouring, the fixed colours).
pub fn solve(problem: &Problem, clique: &[usize], pass: bool, deadline: Option<Instant>) -> Claim {
    run(problem, clique, pass, deadline, false)
}

/// DSATUR's first descent, the greedy heuristic: a colouring with the clique or precolouring
/// fixed, as many colours as it takes (a decision's k not imposed); `None` only when the fixed
/// colours clash.
pub fn greedy(problem: &Problem, clique: &[usize]) -> Option<Vec<usize>> {
    run(problem, clique, false, None, true).colouring
}

fn run(problem: &Problem, clique: &[usize], pass: bool, deadline: Option<Instant>, first_only: bool) -> Claim {
    let n = problem.vertices();
    let fixed = fixed_colours(problem, clique);
    let fixed_used = fixed.iter().map(|&(_, c)| c + 1).max().unwrap_or(0);
    // The first descent may open any number of colours, so it never meets a dead end.
    let (bound, lower) = match problem.goal() {
        Goal::Colours(k) if !first_only => (k + 1, clique.len().max(fixed_used)),
        _ => (n.max(fixed_used) + 1, clique.len().max(fixed_used)),
    };
    let mut s = Search::new(problem, bound, lower, fixed_used, deadline);
    s.pass = pass;
    s.first_only = first_only;
    for &(v, c) in &fixed {
        // Two fixed neighbours of one colour, or a fixed colour beyond k: no colouring exists.
        if c >= s.cap || c + 1 >= s.bound || !s.free(v, c) {
            let note = Some("the fixed colours clash, or exceed the colours allowed".to_string());
            return Claim { colouring: None, lower: bound, exhausted: true, note, ..Claim::default() };
        }
        s.assign(v, c);
    }
    s.search(fixed_used);
    let exhausted = !s.stopped;
    let lower = if exhausted && !first_only { s.bound.max(lower) } else { lower };
    let stats = Stats { nodes: Some(s.nodes), ..Stats::default() };
    Claim { colouring: s.best, lower, exhausted: exhausted && !first_only, stats, note: None }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{graphs::gnp, rng_from_seed};
    use crate::solve::colour::clique;
    use crate::verify::colouring::is_colouring;
    use proptest::prelude::*;

    /// χ by trying every colouring with k = 1, 2, … colours (n ≤ 8).
    fn brute_force(p: &Problem) -> usize {
        let n = p.vertices();
        (1..=n.max(1))
            .find(|&k| {
                (0..k.pow(n as u32)).any(|code| {
                    let c: Vec<usize> = (0..n).map(|v| code / k.pow(v as u32) % k).collect();
                    is_colouring(p, &c, k)
                })
            })
            .unwrap_or(0)
    }

    proptest! {
        #[test]
        fn dsatur_and_pass_find_chi_as_brute_force_does(n in 1usize..8, p in 0.0f64..1.0, seed in 0u64..500) {
            let g = gnp(n, p, &mut rng_from_seed(seed)).unwrap();
            let q = clique::maximum_clique(&g, None).vertices;
            let chi = brute_force(&g);
            for pass in [false, true] {
                let claim = solve(&g, &q, pass, None);
                let colouring = claim.colouring.clone().unwrap();
                prop_assert!(claim.exhausted && is_colouring(&g, &colouring, chi));
                prop_assert_eq!(claim.lower, chi);
            }
            let greedy = greedy(&g, &q).unwrap();
            prop_assert!(is_colouring(&g, &greedy, n));
        }
    }

    #[test]
    fn a_decision_with_too_few_colours_is_refused_and_a_precolouring_kept() {
        // The 5-cycle: χ = 3.
        let c5 = Problem::from_edges(5, (0..5).map(|v| (v, (v + 1) % 5)), Goal::Colours(2));
        let claim = solve(&c5, &[0, 1], false, None);
        assert!(claim.colouring.is_none() && claim.exhausted && claim.lower == 3);
        let three = c5.with_goal(Goal::Colours(3)).precolour(0, 2).precolour(2, 2);
        let claim = solve(&three, &[], true, None);
        let colouring = claim.colouring.unwrap();
        assert!(is_colouring(&three, &colouring, 3));
        let clash = three.precolour(1, 2);
        assert!(solve(&clash, &[], false, None).colouring.is_none());
    }

    #[test]
    fn a_past_deadline_stops_the_search_with_its_bounds() {
        let g = gnp(70, 0.5, &mut rng_from_seed(1)).unwrap();
        let q = clique::maximum_clique(&g, None).vertices;
        let claim = solve(&g, &q, false, Some(Instant::now()));
        assert!(!claim.exhausted && claim.lower == q.len());
        assert!(claim.colouring.is_none_or(|c| is_colouring(&g, &c, 70)));
    }
}
