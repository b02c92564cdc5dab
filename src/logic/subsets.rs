//! Naked and hidden subsets (pairs and triples) within one house.
//!
//! - **naked subset** of size k: k cells of a house whose candidates together hold exactly k
//!   digits; those digits must fill those cells, so they leave the house's other cells.
//! - **hidden subset** of size k: k digits whose candidate places in a house are together exactly
//!   k cells; those cells must hold those digits, so every other digit leaves those cells.
//!
//! Naked subsets work on the cells' candidate bitsets; hidden subsets on the transposed view, each
//! digit's bitset of places (bit i = the house's i-th cell, fine for N ≤ 64).
//!
//! Complexity per house: O(m^k) for the m unsolved cells (or digits) with 2..=k candidates
//! (places), so O(3N · N³) per sweep for triples in the worst case; in practice m is small.

use super::board::{Board, Tables};
use super::Technique;

/// A subset step: (candidates eliminated, house index, the subset's cells as a bitset over the
/// house's positions).
pub(crate) type Subset = (u32, usize, u64);

/// Applies the first naked subset of size `k` (2 or 3) found; returns the digits eliminated, the
/// house and the subset's cells (bit i = the house's i-th cell).
pub(crate) fn naked(t: &Tables, b: &mut Board, k: u32) -> Option<Subset> {
    let mut small = std::mem::take(&mut b.scratch.cells);
    let result = naked_in(t, b, k, &mut small);
    b.scratch.cells = small;
    result
}

fn naked_in(t: &Tables, b: &mut Board, k: u32, small: &mut Vec<(usize, u64)>) -> Option<Subset> {
    for h in 0..t.house_count() {
        let house = t.house(h);
        small.clear();
        small.extend(
            house
                .iter()
                .enumerate()
                .map(|(i, &c)| (i, b.cand[c as usize]))
                .filter(|(_, m)| (2..=k).contains(&m.count_ones())),
        );
        let mut found = None;
        for_each_subset(small.len(), k as usize, |idx| {
            let union = idx.iter().fold(0u64, |acc, &i| acc | small[i].1);
            if union.count_ones() != k {
                return false;
            }
            let inside: u64 = idx.iter().fold(0u64, |acc, &i| acc | 1u64 << small[i].0);
            let hits = house
                .iter()
                .enumerate()
                .filter(|&(i, &c)| inside & (1u64 << i) == 0 && b.cand[c as usize] & union != 0)
                .count();
            if hits > 0 {
                found = Some((inside, union));
            }
            hits > 0
        });
        if let Some((inside, union)) = found {
            let mut removed = 0;
            for (i, &c) in house.iter().enumerate() {
                if inside & (1u64 << i) == 0 {
                    removed += (b.cand[c as usize] & union).count_ones();
                    b.remove(c as usize, union);
                }
            }
            return Some((removed, h, inside));
        }
    }
    None
}

/// Applies the first hidden subset of size `k` (2 or 3) found; returns the digits eliminated, the
/// house and the subset's cells (bit i = the house's i-th cell).
pub(crate) fn hidden(t: &Tables, b: &mut Board, k: u32) -> Option<Subset> {
    let mut places = std::mem::take(&mut b.scratch.places);
    let mut small = std::mem::take(&mut b.scratch.digits);
    places.resize(t.n, 0);
    let result = hidden_in(t, b, k, &mut places, &mut small);
    (b.scratch.places, b.scratch.digits) = (places, small);
    result
}

fn hidden_in(t: &Tables, b: &mut Board, k: u32, places: &mut [u64], small: &mut Vec<(u64, u64)>) -> Option<Subset> {
    for h in 0..t.house_count() {
        let house = t.house(h);
        places.iter_mut().for_each(|p| *p = 0);
        for (i, &c) in house.iter().enumerate() {
            let mut cand = b.cand[c as usize];
            while cand != 0 {
                places[cand.trailing_zeros() as usize] |= 1u64 << i;
                cand &= cand - 1;
            }
        }
        small.clear();
        small.extend(
            places.iter().enumerate().filter(|(_, p)| (2..=k).contains(&p.count_ones())).map(|(d, &p)| (1u64 << d, p)),
        );
        let mut found = None;
        for_each_subset(small.len(), k as usize, |idx| {
            let cells = idx.iter().fold(0u64, |acc, &i| acc | small[i].1);
            if cells.count_ones() != k {
                return false;
            }
            let digits = idx.iter().fold(0u64, |acc, &i| acc | small[i].0);
            let extra =
                house.iter().enumerate().any(|(i, &c)| cells & (1u64 << i) != 0 && b.cand[c as usize] & !digits != 0);
            if extra {
                found = Some((cells, digits));
            }
            extra
        });
        if let Some((cells, digits)) = found {
            let mut removed = 0;
            for (i, &c) in house.iter().enumerate() {
                if cells & (1u64 << i) != 0 {
                    removed += (b.cand[c as usize] & !digits).count_ones();
                    b.remove(c as usize, !digits);
                }
            }
            return Some((removed, h, cells));
        }
    }
    None
}

/// The technique of a subset kind and size.
pub(crate) fn technique(naked: bool, k: u32) -> Technique {
    match (naked, k) {
        (true, 2) => Technique::NakedPair,
        (false, 2) => Technique::HiddenPair,
        (true, _) => Technique::NakedTriple,
        (false, _) => Technique::HiddenTriple,
    }
}

/// Largest subset size [`for_each_subset`] enumerates.
const MAX_K: usize = 4;

/// Calls `f` on each k-subset of 0..m (as sorted indices) until it returns true.
fn for_each_subset(m: usize, k: usize, mut f: impl FnMut(&[usize]) -> bool) {
    if k == 0 || k > m || k > MAX_K {
        return;
    }
    let mut idx = [0, 1, 2, 3];
    let idx = &mut idx[..k];
    loop {
        if f(idx) {
            return;
        }
        // Advance to the next combination in lexicographic order: bump the rightmost index that
        // can still move, and reset the ones after it.
        let Some(i) = (0..k).rev().find(|&i| idx[i] < m - k + i) else { return };
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_are_enumerated_once_each() {
        let mut seen = Vec::new();
        for_each_subset(5, 3, |s| {
            seen.push(s.to_vec());
            false
        });
        assert_eq!(seen.len(), 10);
        assert_eq!(seen[0], vec![0, 1, 2]);
        assert_eq!(seen[9], vec![2, 3, 4]);
        let mut pairs = 0;
        for_each_subset(2, 2, |_| {
            pairs += 1;
            false
        });
        assert_eq!(pairs, 1);
        for_each_subset(1, 2, |_| panic!("no pair in one element"));
    }
}
