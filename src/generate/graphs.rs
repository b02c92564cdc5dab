//! Random graphs of the colouring literature, seeded like every generator here (a [`ChaCha8Rng`]
//! from [`super::rng_from_seed`]): Erdős–Rényi G(n, p) and G(n, m), and planted k-colourable
//! "flat" graphs (Culberson, Beacham & Papp 1995, the generator of the DIMACS `flat*` instances).
//!
//! A flat graph hides a k-colouring: the n vertices are split into k colour classes as equal as
//! can be (sizes differ by at most one), shuffled, and its m edges are spread over the k(k − 1)/2
//! pairs of classes as evenly as can be (the counts differ by at most one), each pair's edges drawn
//! uniformly among the pairs of vertices across it. No edge lies inside a class, so the planted
//! colouring is proper: χ ≤ k. Culberson's further "flatness" parameter (a bound on the spread of
//! degrees between classes) is not offered: here it is left to chance.

use rand::seq::{index, SliceRandom};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

use crate::graph::{Goal, Problem};

/// Parameters no graph satisfies.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum GraphParamError {
    /// A probability outside [0, 1].
    #[error("edge probability {0} is not in [0, 1]")]
    Probability(f64),
    /// More edges than the vertex pairs allowed.
    #[error("{edges} edges asked, but only {pairs} pairs of vertices can be joined")]
    TooManyEdges {
        /// Edges asked for.
        edges: usize,
        /// Pairs available.
        pairs: usize,
    },
    /// k = 0 colour classes for a graph with vertices, or more classes than vertices.
    #[error("{classes} colour classes for {vertices} vertices")]
    Classes {
        /// Classes asked for.
        classes: usize,
        /// Vertices asked for.
        vertices: usize,
    },
}

/// The pair (u, v), u < v, of index `i` in the row-major order of the pairs of `n` vertices.
fn pair(i: usize, n: usize) -> (usize, usize) {
    // Row u holds the n − 1 − u pairs (u, u + 1..n); walk the rows (O(n), fine beside the edges).
    let (mut u, mut start) = (0, 0);
    while start + (n - 1 - u) <= i {
        start += n - 1 - u;
        u += 1;
    }
    (u, u + 1 + (i - start))
}

/// G(n, p): every pair of the n vertices joined with probability p, independently.
///
/// Complexity: O(n²) time, O(n + m) space.
pub fn gnp(n: usize, p: f64, rng: &mut ChaCha8Rng) -> Result<Problem, GraphParamError> {
    if !(0.0..=1.0).contains(&p) {
        return Err(GraphParamError::Probability(p));
    }
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.random_bool(p) {
                edges.push((u, v));
            }
        }
    }
    Ok(Problem::from_edges(n, edges, Goal::Minimum))
}

/// G(n, m): m distinct pairs of the n vertices, uniformly among all sets of m pairs.
///
/// Complexity: O(m·n) time (Floyd's sampling of the pair indices, then their rows), O(n + m) space.
pub fn gnm(n: usize, m: usize, rng: &mut ChaCha8Rng) -> Result<Problem, GraphParamError> {
    let pairs = n * n.saturating_sub(1) / 2;
    if m > pairs {
        return Err(GraphParamError::TooManyEdges { edges: m, pairs });
    }
    let mut chosen = index::sample(rng, pairs, m).into_vec();
    chosen.sort_unstable();
    Ok(Problem::from_edges(n, chosen.into_iter().map(|i| pair(i, n)), Goal::Minimum))
}

/// A planted k-colourable flat graph on n vertices with m edges (see the module doc), and its
/// planted colouring (class of each vertex).
///
/// Complexity: O(m + n + k²) time and space.
pub fn flat(n: usize, k: usize, m: usize, rng: &mut ChaCha8Rng) -> Result<(Problem, Vec<usize>), GraphParamError> {
    if k == 0 && n > 0 || k > n.max(1) {
        return Err(GraphParamError::Classes { classes: k, vertices: n });
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(rng);
    let classes: Vec<Vec<usize>> = (0..k).map(|c| order.iter().copied().skip(c).step_by(k).collect()).collect();
    let mut colouring = vec![0; n];
    for (c, class) in classes.iter().enumerate() {
        for &v in class {
            colouring[v] = c;
        }
    }
    let class_pairs: Vec<(usize, usize)> = (0..k).flat_map(|a| (a + 1..k).map(move |b| (a, b))).collect();
    let room: usize = class_pairs.iter().map(|&(a, b)| classes[a].len() * classes[b].len()).sum();
    if m > room {
        return Err(GraphParamError::TooManyEdges { edges: m, pairs: room });
    }
    // Even shares, the remainder to pairs drawn at random; a share a small pair cannot hold passes
    // on to the next pair with room (only when classes differ in size and m is near `room`).
    let mut shares = vec![m / class_pairs.len().max(1); class_pairs.len()];
    for i in index::sample(rng, class_pairs.len(), m % class_pairs.len().max(1)) {
        shares[i] += 1;
    }
    let mut carry = 0;
    for (i, &(a, b)) in class_pairs.iter().enumerate() {
        let cap = classes[a].len() * classes[b].len();
        let want = shares[i] + carry;
        shares[i] = want.min(cap);
        carry = want - shares[i];
    }
    for (i, &(a, b)) in class_pairs.iter().enumerate() {
        if carry == 0 {
            break;
        }
        let extra = (classes[a].len() * classes[b].len() - shares[i]).min(carry);
        shares[i] += extra;
        carry -= extra;
    }
    let mut edges = Vec::with_capacity(m);
    for (&(a, b), &share) in class_pairs.iter().zip(&shares) {
        let width = classes[b].len();
        for i in index::sample(rng, classes[a].len() * width, share) {
            edges.push((classes[a][i / width], classes[b][i % width]));
        }
    }
    Ok((Problem::from_edges(n, edges, Goal::Minimum), colouring))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng_from_seed;
    use crate::verify::colouring::is_colouring;
    use proptest::prelude::*;

    #[test]
    fn pairs_are_numbered_row_major() {
        let all: Vec<_> = (0..6).map(|i| pair(i, 4)).collect();
        assert_eq!(all, [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
    }

    #[test]
    fn the_same_seed_gives_the_same_graph() {
        let edges = |p: &Problem| (0..p.vertices()).map(|v| p.neighbours(v).to_vec()).collect::<Vec<_>>();
        let a = gnm(30, 100, &mut rng_from_seed(3)).unwrap();
        assert_eq!(edges(&a), edges(&gnm(30, 100, &mut rng_from_seed(3)).unwrap()));
        assert_ne!(edges(&a), edges(&gnm(30, 100, &mut rng_from_seed(4)).unwrap()));
        assert_eq!(a.edges(), 100);
        let full = gnp(12, 1.0, &mut rng_from_seed(1)).unwrap();
        assert_eq!((full.edges(), gnp(12, 0.0, &mut rng_from_seed(1)).unwrap().edges()), (66, 0));
        assert_eq!(gnm(4, 7, &mut rng_from_seed(1)).unwrap_err(), GraphParamError::TooManyEdges { edges: 7, pairs: 6 });
        assert!(gnp(4, 1.5, &mut rng_from_seed(1)).is_err());
    }

    proptest! {
        #[test]
        fn a_flat_graph_has_its_edges_spread_evenly_and_its_planted_colouring_proper(
            n in 2usize..60, k in 2usize..8, fill in 0.0f64..1.0, seed in 0u64..1000,
        ) {
            prop_assume!(k <= n);
            let sizes: Vec<usize> = (0..k).map(|c| (n - c).div_ceil(k)).collect();
            let room: usize = (0..k).flat_map(|a| (a + 1..k).map(move |b| (a, b))).map(|(a, b)| sizes[a] * sizes[b]).sum();
            let m = (fill * room as f64) as usize;
            let (p, colouring) = flat(n, k, m, &mut rng_from_seed(seed)).unwrap();
            prop_assert_eq!(p.edges(), m);
            prop_assert!(is_colouring(&p, &colouring, k));
            let mut per_pair = std::collections::BTreeMap::new();
            for u in 0..n {
                for &v in p.neighbours(u).iter().filter(|&&v| v > u) {
                    *per_pair.entry((colouring[u].min(colouring[v]), colouring[u].max(colouring[v]))).or_insert(0usize) += 1;
                }
            }
            // With equal class sizes (k divides n) the shares differ by at most one.
            if n % k == 0 && k > 1 {
                let counts: Vec<usize> = (0..k).flat_map(|a| (a + 1..k).map(move |b| (a, b))).map(|pr| per_pair.get(&pr).copied().unwrap_or(0)).collect();
                prop_assert!(counts.iter().max().unwrap() - counts.iter().min().unwrap() <= 1, "{:?}", counts);
            }
        }
    }
}
