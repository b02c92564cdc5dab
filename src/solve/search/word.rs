//! The bitset word of the exact-cover search: one trait over `u16`, `u32` and `u64`, so
//! [`super::Core`] holds a grid's candidates at the narrowest width that fits N digits.

use std::fmt::Debug;
use std::ops::{BitAnd, BitOr, Not};

/// An unsigned integer used as a bitset of up to `BITS` digits or places.
pub trait Word: Copy + Eq + Debug + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self> {
    /// Bits in the word.
    const BITS: u32;
    /// The empty set.
    const ZERO: Self;
    /// The set `{i}`.
    fn bit(i: usize) -> Self;
    /// The set `{0, …, n − 1}`.
    fn low(n: usize) -> Self;
    /// Number of members.
    fn count(self) -> u32;
    /// The smallest member.
    fn first(self) -> usize;
    /// The largest member.
    fn last(self) -> usize;
    /// The set without its smallest member.
    fn rest(self) -> Self;
    /// The low `BITS` bits of `v`.
    fn from_u64(v: u64) -> Self;
    /// True when the set has at most one member.
    fn at_most_one(self) -> bool {
        self.rest() == Self::ZERO
    }
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: $t = 0;
            #[inline]
            fn bit(i: usize) -> $t {
                1 << i
            }
            #[inline]
            fn low(n: usize) -> $t {
                if n as u32 >= <$t>::BITS {
                    <$t>::MAX
                } else {
                    (1 << n) - 1
                }
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn first(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn last(self) -> usize {
                (<$t>::BITS - 1 - self.leading_zeros()) as usize
            }
            #[inline]
            fn rest(self) -> $t {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn from_u64(v: u64) -> $t {
                v as $t
            }
        }
    };
}
word!(u16);
word!(u32);
word!(u64);

/// The index of the `k`-th (from 0) member of `set`.
pub(super) fn nth<W: Word>(mut set: W, k: usize) -> usize {
    for _ in 0..k {
        set = set.rest();
    }
    set.first()
}
