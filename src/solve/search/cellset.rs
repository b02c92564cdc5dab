//! Sets of cells as fixed-width bit words, for the digit bitboards of [`crate::solve::search::planes`]:
//! `u128` for grids of at most 128 cells and [`U256`] (four `u64`) for at most 256 (12×12 …
//! 16×16). Bit i is cell i (or, for a cell's digits, digit index i).
//!
//! Complexity: every operation is O(words): one for `u128`, four for [`U256`], except that
//! testing, adding or removing one member touches one word.

use std::fmt::Debug;
use std::ops::{BitAnd, BitOr, Not};

/// `scan(x)`, compiled with the CPU's population-count instruction where the CPU has one (checked
/// once, then cached by the standard library). The searches' branch points count the members of
/// thousands of words; the baseline x86-64 target has no such instruction, and each count is
/// then a dozen operations. The result is the same either way. Mark the closure
/// `#[inline(always)]` (and what it calls): code that is not inlined into the instruction-enabled
/// copy is compiled without the instruction (the bitboards' scan was, until marked so).
#[inline(always)]
pub fn with_popcnt<T, R>(x: T, scan: impl FnOnce(T) -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        #[target_feature(enable = "popcnt")]
        fn enabled<T, R>(x: T, scan: impl FnOnce(T) -> R) -> R {
            scan(x)
        }
        // SAFETY: the CPU has the feature, checked just above.
        return unsafe { enabled(x, scan) };
    }
    scan(x)
}

/// A set of at most `BITS` members kept as bits.
pub trait CellSet:
    Copy + Eq + Debug + Default + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self>
{
    /// Members the set can hold.
    const BITS: usize;
    /// The empty set.
    const EMPTY: Self;
    /// The set `{i}`.
    fn single(i: usize) -> Self;
    /// True when `i` is a member.
    fn has(&self, i: usize) -> bool;
    /// Removes `i`.
    fn remove(&mut self, i: usize);
    /// True when the set has no member.
    fn is_empty(&self) -> bool;
    /// True when the set has at most one member.
    fn at_most_one(&self) -> bool;
    /// Number of members.
    fn count(&self) -> u32;
    /// The smallest member (the set must not be empty).
    fn first(&self) -> usize;
    /// The set without its smallest member.
    fn rest(&self) -> Self;
    /// Members `64k … 64k + 63`, as the bits of a `u64`.
    fn word(&self, k: usize) -> u64;
    /// The set as four words (member i is bit i % 64 of word i / 64; words past `BITS` are 0).
    fn words(&self) -> [u64; 4];
    /// The set of [`CellSet::words`] `w` (words past `BITS` are ignored).
    fn from_words(w: [u64; 4]) -> Self;
}

impl CellSet for u128 {
    const BITS: usize = 128;
    const EMPTY: u128 = 0;
    #[inline(always)]
    fn single(i: usize) -> u128 {
        1 << i
    }
    #[inline(always)]
    fn has(&self, i: usize) -> bool {
        self >> i & 1 != 0
    }
    #[inline(always)]
    fn remove(&mut self, i: usize) {
        *self &= !(1 << i);
    }
    #[inline(always)]
    fn is_empty(&self) -> bool {
        *self == 0
    }
    #[inline(always)]
    fn at_most_one(&self) -> bool {
        self & self.wrapping_sub(1) == 0
    }
    #[inline(always)]
    fn count(&self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn first(&self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline(always)]
    fn rest(&self) -> u128 {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn word(&self, k: usize) -> u64 {
        (self >> (64 * k)) as u64
    }
    #[inline(always)]
    fn words(&self) -> [u64; 4] {
        [*self as u64, (self >> 64) as u64, 0, 0]
    }
    #[inline(always)]
    fn from_words(w: [u64; 4]) -> u128 {
        u128::from(w[0]) | u128::from(w[1]) << 64
    }
}

/// A 256-bit set: member i is bit i % 64 of word i / 64.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct U256(pub [u64; 4]);

impl BitAnd for U256 {
    type Output = U256;
    #[inline(always)]
    fn bitand(self, o: U256) -> U256 {
        U256([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2], self.0[3] & o.0[3]])
    }
}

impl BitOr for U256 {
    type Output = U256;
    #[inline(always)]
    fn bitor(self, o: U256) -> U256 {
        U256([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2], self.0[3] | o.0[3]])
    }
}

impl Not for U256 {
    type Output = U256;
    #[inline(always)]
    fn not(self) -> U256 {
        U256(self.0.map(|w| !w))
    }
}

impl CellSet for U256 {
    const BITS: usize = 256;
    const EMPTY: U256 = U256([0; 4]);
    #[inline(always)]
    fn single(i: usize) -> U256 {
        let mut s = U256::EMPTY;
        s.0[i / 64] = 1 << (i % 64);
        s
    }
    #[inline(always)]
    fn has(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    #[inline(always)]
    fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    #[inline(always)]
    fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    #[inline(always)]
    fn at_most_one(&self) -> bool {
        // Without a popcount instruction in the baseline x86-64 target, bit tricks are cheaper.
        let [a, b, c, d] = self.0;
        let many =
            (a & a.wrapping_sub(1)) | (b & b.wrapping_sub(1)) | (c & c.wrapping_sub(1)) | (d & d.wrapping_sub(1));
        many == 0 && (a != 0) as u32 + (b != 0) as u32 + (c != 0) as u32 + (d != 0) as u32 <= 1
    }
    #[inline(always)]
    fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn first(&self) -> usize {
        let k = self.0.iter().position(|&w| w != 0).expect("the set is not empty");
        64 * k + self.0[k].trailing_zeros() as usize
    }
    #[inline(always)]
    fn rest(&self) -> U256 {
        let mut s = *self;
        if let Some(w) = s.0.iter_mut().find(|w| **w != 0) {
            *w &= *w - 1;
        }
        s
    }
    #[inline(always)]
    fn word(&self, k: usize) -> u64 {
        self.0[k]
    }
    #[inline(always)]
    fn words(&self) -> [u64; 4] {
        self.0
    }
    #[inline(always)]
    fn from_words(w: [u64; 4]) -> U256 {
        U256(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The members of `s`, smallest first, by `first` and `rest`.
    fn members<S: CellSet>(mut s: S) -> Vec<usize> {
        let mut out = Vec::new();
        while !s.is_empty() {
            out.push(s.first());
            s = s.rest();
        }
        out
    }

    fn agree_on<S: CellSet>(items: &[usize]) {
        let s = items.iter().fold(S::EMPTY, |s, &i| s | S::single(i));
        assert_eq!(members(s), items);
        assert_eq!(s.count() as usize, items.len());
        assert_eq!(s.at_most_one(), items.len() <= 1);
        for i in 0..S::BITS {
            assert_eq!(s.has(i), items.contains(&i), "member {i}");
            assert_eq!(s.word(i / 64) >> (i % 64) & 1 != 0, items.contains(&i), "word of member {i}");
        }
        assert_eq!(S::from_words(s.words()), s);
        let mut t = s;
        for &i in items {
            t.remove(i);
        }
        assert!(t.is_empty());
        assert_eq!(members(!s & s), Vec::<usize>::new());
        assert_eq!((!s).count() as usize, S::BITS - items.len());
    }

    #[test]
    fn both_widths_hold_members_across_word_boundaries() {
        for items in [&[][..], &[0], &[63], &[64, 127], &[1, 63, 64, 65, 100]] {
            agree_on::<u128>(items);
            agree_on::<U256>(items);
        }
        for items in [&[127, 128][..], &[0, 191, 192, 255], &[255]] {
            agree_on::<U256>(items);
        }
    }
}
