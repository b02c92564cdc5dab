//! The two whole-grid sweeps of the band search, over the nine digits' words of all three bands at
//! once: which words changed since their last update, and how many candidates each cell has
//! (bit-sliced). [`Sse2`] does each digit's three bands in one 128-bit lane group (`std::arch`;
//! SSE2 is part of every x86_64 target, so there is nothing to detect at run time); [`Portable`]
//! is the plain loop for other targets, and the reference the tests compare [`Sse2`] with.
//!
//! Complexity: both sweeps are O(1): 9 vector steps for SSE2, 27 word steps portably.

/// A digit's words of the three bands, in lanes 0–2 (lane 3 is always 0).
pub(super) type Lanes = [u32; 4];

/// The bits 4·d + b (d < 9, b < 3) of the 27 words in a [`Sweep::changed`] mask.
const WORDS: u64 = 0x7_7777_7777;

/// One implementation of the sweeps.
pub(super) trait Sweep {
    /// The words that differ between `cand` and `prev`: bit 4·d + b for digit d's word in band b.
    fn changed(cand: &[Lanes; 9], prev: &[Lanes; 9]) -> u64;

    /// Per band lane, the cells with at least one, two and three candidates among the nine
    /// digits' words.
    fn counts(cand: &[Lanes; 9]) -> [Lanes; 3];

    /// Takes the cells `taken` (per band lane) from every digit's words but the digit placed
    /// there (`fresh[d]`: the cells placed with digit d).
    fn clear(cand: &mut [Lanes; 9], taken: Lanes, fresh: &[Lanes; 9]);
}

/// The portable sweeps: a loop over the 27 words. On x86_64 only the tests run it.
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
#[derive(Debug, Clone, Copy)]
pub(super) struct Portable;

impl Sweep for Portable {
    #[inline(always)]
    fn changed(cand: &[Lanes; 9], prev: &[Lanes; 9]) -> u64 {
        let mut m = 0;
        for d in 0..9 {
            for b in 0..3 {
                m |= ((cand[d][b] != prev[d][b]) as u64) << (4 * d + b);
            }
        }
        m
    }

    #[inline(always)]
    fn counts(cand: &[Lanes; 9]) -> [Lanes; 3] {
        let [mut once, mut twice, mut thrice] = [[0u32; 4]; 3];
        for w in cand {
            for b in 0..3 {
                thrice[b] |= twice[b] & w[b];
                twice[b] |= once[b] & w[b];
                once[b] |= w[b];
            }
        }
        [once, twice, thrice]
    }

    #[inline(always)]
    fn clear(cand: &mut [Lanes; 9], taken: Lanes, fresh: &[Lanes; 9]) {
        for (w, own) in cand.iter_mut().zip(fresh) {
            for b in 0..4 {
                w[b] = (w[b] & !taken[b]) | own[b];
            }
        }
    }
}

/// The SSE2 sweeps: one 128-bit step per digit.
#[cfg(target_arch = "x86_64")]
#[derive(Debug, Clone, Copy)]
pub(super) struct Sse2;

#[cfg(target_arch = "x86_64")]
impl Sweep for Sse2 {
    #[inline(always)]
    fn changed(cand: &[Lanes; 9], prev: &[Lanes; 9]) -> u64 {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_epi8, _mm_packs_epi16, _mm_packs_epi32,
        };
        // SAFETY: SSE2 is enabled on every x86_64 target; the loads read 16 bytes of a `[u32; 4]`.
        let equal = unsafe {
            let eq = |d: usize| {
                let c = _mm_loadu_si128(cand[d].as_ptr() as *const __m128i);
                let p = _mm_loadu_si128(prev[d].as_ptr() as *const __m128i);
                _mm_cmpeq_epi32(c, p)
            };
            // Each compare gives 4 lanes of 0 or −1; packing (with signed saturation, which keeps
            // both) narrows them to bytes, one movemask bit per word.
            let low = _mm_packs_epi16(_mm_packs_epi32(eq(0), eq(1)), _mm_packs_epi32(eq(2), eq(3)));
            let high = _mm_packs_epi16(_mm_packs_epi32(eq(4), eq(5)), _mm_packs_epi32(eq(6), eq(7)));
            let last = _mm_packs_epi16(_mm_packs_epi32(eq(8), eq(8)), _mm_packs_epi32(eq(8), eq(8)));
            (_mm_movemask_epi8(low) as u32 as u64)
                | (_mm_movemask_epi8(high) as u32 as u64) << 16
                | ((_mm_movemask_epi8(last) & 15) as u64) << 32
        };
        !equal & WORDS
    }

    #[inline(always)]
    fn counts(cand: &[Lanes; 9]) -> [Lanes; 3] {
        use std::arch::x86_64::{
            __m128i, _mm_and_si128, _mm_loadu_si128, _mm_or_si128, _mm_setzero_si128, _mm_storeu_si128,
        };
        let mut out = [[0u32; 4]; 3];
        // SAFETY: SSE2 is enabled on every x86_64 target; loads and stores move 16 bytes of a
        // `[u32; 4]`.
        unsafe {
            let (mut once, mut twice, mut thrice) = (_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128());
            for w in cand {
                let w = _mm_loadu_si128(w.as_ptr() as *const __m128i);
                thrice = _mm_or_si128(thrice, _mm_and_si128(twice, w));
                twice = _mm_or_si128(twice, _mm_and_si128(once, w));
                once = _mm_or_si128(once, w);
            }
            _mm_storeu_si128(out[0].as_mut_ptr() as *mut __m128i, once);
            _mm_storeu_si128(out[1].as_mut_ptr() as *mut __m128i, twice);
            _mm_storeu_si128(out[2].as_mut_ptr() as *mut __m128i, thrice);
        }
        out
    }

    #[inline(always)]
    fn clear(cand: &mut [Lanes; 9], taken: Lanes, fresh: &[Lanes; 9]) {
        use std::arch::x86_64::{__m128i, _mm_andnot_si128, _mm_loadu_si128, _mm_or_si128, _mm_storeu_si128};
        // SAFETY: SSE2 is enabled on every x86_64 target; loads and stores move 16 bytes of a
        // `[u32; 4]`.
        unsafe {
            let taken = _mm_loadu_si128(taken.as_ptr() as *const __m128i);
            for (w, own) in cand.iter_mut().zip(fresh) {
                let v = _mm_loadu_si128(w.as_ptr() as *const __m128i);
                let own = _mm_loadu_si128(own.as_ptr() as *const __m128i);
                let v = _mm_or_si128(_mm_andnot_si128(taken, v), own);
                _mm_storeu_si128(w.as_mut_ptr() as *mut __m128i, v);
            }
        }
    }
}

/// The sweeps the search uses on this target.
#[cfg(target_arch = "x86_64")]
pub(super) type Native = Sse2;

/// The sweeps the search uses on this target.
#[cfg(not(target_arch = "x86_64"))]
pub(super) type Native = Portable;
