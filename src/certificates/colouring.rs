//! The reference CNF of a colouring statement: "this problem has no colouring with colours
//! 0..k", written by this small encoder, which imports nothing but [`crate::graph`] and shares no
//! code with any solver (the SAT solver's own encoding is [`crate::solve::colour::sat`]'s).
//!
//! The plain direct encoding of the rules as stated: a variable per (vertex, colour); every vertex
//! at least one colour and at most one (each pair); every edge's ends not both of one colour, per
//! colour; a unit per precoloured vertex. Without a precolouring the statement also fixes a clique
//! — verified as one by the caller — to colours 0, 1, … in its order: the renaming argument
//! (every k-colouring renames its colours so that the clique's i-th vertex has colour i) makes "no
//! k-colouring with the clique so fixed" equivalent to "no k-colouring", and it is what lets a
//! CDCL proof avoid the k! renamings (Heule, Karahalios & van Hoeve, CP 2022). A precolouring has
//! fixed the names already, so no clique is fixed then.
//!
//! Variable of (vertex v, colour c), 0-based: `v·k + c + 1`.

use crate::certificates::Cnf;
use crate::graph::Problem;

/// The reference CNF of "`problem` has no colouring with colours 0..`k`" with `clique` fixed when
/// nothing is precoloured (see the module doc): unsatisfiable exactly when the statement holds.
///
/// Complexity: O(n·k² + k·|E|) clauses and time.
pub fn reference_cnf(problem: &Problem, k: usize, clique: &[usize]) -> Cnf {
    let n = problem.vertices();
    let x = |v: usize, c: usize| (v * k + c + 1) as i32;
    let mut cnf = Cnf::new(n * k);
    for v in 0..n {
        cnf.add((0..k).map(|c| x(v, c)));
        for a in 0..k {
            for b in a + 1..k {
                cnf.add([-x(v, a), -x(v, b)]);
            }
        }
    }
    let graph = problem.graph();
    for e in graph.edge_indices() {
        let (a, b) = graph.edge_endpoints(e).expect("edge index from this graph");
        for c in 0..k {
            cnf.add([-x(a.index(), c), -x(b.index(), c)]);
        }
    }
    let fixed: Vec<(usize, usize)> = if problem.is_precoloured() {
        problem.precolouring().iter().enumerate().filter_map(|(v, c)| c.map(|c| (v, c))).collect()
    } else {
        clique.iter().copied().zip(0..).collect()
    };
    for (v, c) in fixed {
        if c < k {
            cnf.add([x(v, c)]);
        } else {
            // A colour beyond k: no colouring keeps it (the empty clause, said as v and ¬v).
            cnf.add([x(v, 0)]);
            cnf.add([-x(v, 0)]);
        }
    }
    cnf
}

/// The colouring a model of [`reference_cnf`] describes (`true_vars`: the variables set true);
/// `None` when some vertex has no colour or several.
pub fn colouring_of_model(vertices: usize, k: usize, true_vars: &[i32]) -> Option<Vec<usize>> {
    let mut colouring = vec![None; vertices];
    for &v in true_vars.iter().filter(|&&v| v > 0 && (v as usize) <= vertices * k) {
        let (vertex, colour) = ((v as usize - 1) / k, (v as usize - 1) % k);
        if colouring[vertex].replace(colour).is_some() {
            return None;
        }
    }
    colouring.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Goal;
    use crate::verify::colouring::is_colouring;

    /// The models of a tiny CNF, by brute force.
    fn models(cnf: &Cnf) -> Vec<Vec<i32>> {
        (0u64..1 << cnf.variables)
            .filter(|bits| {
                let value = |lit: i32| ((bits >> (lit.unsigned_abs() - 1)) & 1 == 1) == (lit > 0);
                cnf.clauses().all(|c| c.iter().any(|&l| value(l)))
            })
            .map(|bits| (1..=cnf.variables as i32).filter(|v| bits >> (v - 1) & 1 == 1).collect())
            .collect()
    }

    #[test]
    fn the_models_are_the_colourings_that_keep_the_fixed_clique() {
        // A path 0–1–2: 2 colours, the clique {1, 2} fixed as 1 → 0, 2 → 1: only 0→1, 1→0, 2→1.
        let path = Problem::from_edges(3, [(0, 1), (1, 2)], Goal::Minimum);
        let all = models(&reference_cnf(&path, 2, &[1, 2]));
        let colourings: Vec<Vec<usize>> = all.iter().map(|m| colouring_of_model(3, 2, m).unwrap()).collect();
        assert_eq!(colourings, vec![vec![1, 0, 1]]);
        assert_eq!(models(&reference_cnf(&path, 2, &[])).len(), 2);
        // A triangle has no 2-colouring; the 3-colourings with nothing fixed are its 6 renamings.
        let triangle = Problem::from_edges(3, [(0, 1), (1, 2), (0, 2)], Goal::Minimum);
        assert!(models(&reference_cnf(&triangle, 2, &[])).is_empty());
        let three = models(&reference_cnf(&triangle, 3, &[]));
        assert_eq!(three.len(), 6);
        assert!(three.iter().all(|m| is_colouring(&triangle, &colouring_of_model(3, 3, m).unwrap(), 3)));
        // A precolouring replaces the clique; a colour beyond k leaves no model.
        let fixed = path.clone().precolour(0, 1);
        assert_eq!(models(&reference_cnf(&fixed, 2, &[1, 2])).len(), 1);
        assert!(models(&reference_cnf(&path.precolour(0, 2), 2, &[])).is_empty());
    }
}
