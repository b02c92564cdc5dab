//! The nodes of `ilp-placement`'s branch and price: candidate sets per cell, narrowed by the
//! branching decisions x(cell, d) = 1 (the cell takes d) and x(cell, d) = 0 (it does not), and
//! propagated to a fixpoint by naked and hidden singles.
//!
//! A node reaches the master only through which placements it allows: a placement of digit d is
//! allowed when every one of its cells still has d as a candidate. Propagation removes d from
//! every peer of a cell that must take d, so such a cell is the only one of its row, column and
//! box allowed for d, and every allowed placement of d contains it: the branching decision is
//! respected by the pricer without a rule of its own.
//!
//! Complexity: propagation is O(N²) per sweep over the 3N houses, and at most N² sweeps (each
//! one that does not end the fixpoint removes a candidate); space O(N²) per node.

use crate::grid::Shape;

/// Candidates per cell (bit k = colour k); a given keeps only its own colour.
pub type Masks = Vec<u64>;

/// Propagates naked singles (a cell with one candidate removes it from its peers) and hidden
/// singles (a digit with one cell left in a house goes there) to a fixpoint. `false` when a cell
/// loses every candidate or a house a digit: the node has no solution.
pub fn propagate(shape: Shape, houses: &[(crate::grid::House, Vec<usize>)], masks: &mut Masks) -> bool {
    let n = shape.n();
    let all: u64 = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    loop {
        let mut changed = false;
        for (_, cells) in houses {
            // Naked singles of the house remove their digits from the rest of it.
            let mut singles = 0u64;
            for &c in cells {
                let m = masks[c];
                if m == 0 {
                    return false;
                }
                if m.is_power_of_two() {
                    if singles & m != 0 {
                        return false;
                    }
                    singles |= m;
                }
            }
            for &c in cells {
                let m = masks[c];
                if !m.is_power_of_two() && m & singles != 0 {
                    masks[c] = m & !singles;
                    if masks[c] == 0 {
                        return false;
                    }
                    changed = true;
                }
            }
            // Hidden singles: a digit with exactly one cell in the house.
            let (mut once, mut twice) = (0u64, 0u64);
            for &c in cells {
                twice |= once & masks[c];
                once |= masks[c];
            }
            if once != all {
                return false;
            }
            let hidden = once & !twice;
            for &c in cells {
                let only = masks[c] & hidden;
                if only != 0 && masks[c] != only {
                    if !only.is_power_of_two() {
                        return false;
                    }
                    masks[c] = only;
                    changed = true;
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

/// The branching decision of a fractional node: the cell-digit pair whose value x(cell, d) = Σ
/// of the placements of d through the cell is largest while below 1 (nearest to being decided),
/// ties to the first; `None` when every x is 0 or 1. `x[cell * n + k]`.
pub fn most_decided(x: &[f64], n: usize, masks: &Masks) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize, f64)> = None;
    for (i, &value) in x.iter().enumerate() {
        let (cell, k) = (i / n, i % n);
        let open = !masks[cell].is_power_of_two() && masks[cell] & 1 << k != 0;
        // Fail first: the fewest candidates, then the largest value.
        let key = value - masks[cell].count_ones() as f64;
        if open && value > 1e-6 && value < 1.0 - 1e-6 && best.is_none_or(|(_, _, b)| key > b) {
            best = Some((cell, k, key));
        }
    }
    best.map(|(cell, k, _)| (cell, k))
}

/// Any undecided pair (a cell with two or more candidates, its lowest), for a node whose LP gave
/// no fractional value to branch on.
pub fn any_open(masks: &Masks) -> Option<(usize, usize)> {
    masks.iter().enumerate().find(|(_, m)| !m.is_power_of_two()).map(|(cell, m)| (cell, m.trailing_zeros() as usize))
}

/// The two children of branching on (cell, k): x = 1 (the cell takes colour k) and x = 0.
pub fn children(masks: &Masks, cell: usize, k: usize) -> (Masks, Masks) {
    let mut one = masks.clone();
    one[cell] = 1 << k;
    let mut zero = masks.clone();
    zero[cell] &= !(1u64 << k);
    (one, zero)
}
