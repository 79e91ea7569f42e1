//! Numerators wider than `u128`: the 1 024-bit [`Wide`] of the `ruint` crate (private: no
//! `ruint` type is in the public API, so upgrading it is never a breaking change), and the
//! reduction of a wide numerator over its denominator's primes.
//!
//! Why `ruint`: of the fixed-width big-integer crates that build without `alloc` (`bnum`,
//! `crypto-bigint`, `uint`, `ruint`), it is the fastest at what the search does most with
//! short values in a wide type (measured by `tools/bigint-bench`; see `docs/design.md`), and
//! its checked shift reports bits shifted out, which the exact bound needs. Its general division is not used (two
//! instantiations were 12.5 KiB of the firmware's flash): every division here is by a small `k`
//! (short division over the limbs in use) or digit by digit (the decimals), on the limbs.

use super::outcome::{Numerator, PRIMES};
use super::table::{high, low, Words};

/// Bits of the wide numerators.
pub const WIDE_BITS: u32 = 1024;

/// The wide numerator: a 1 024-bit unsigned integer.
pub(crate) type Wide = ruint::Uint<1024, 16>;

impl Numerator for Wide {
    const ZERO: Self = Wide::ZERO;
    const ONE: Self = Wide::from_limbs([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

    #[inline]
    fn checked_add(self, other: Self) -> Option<Self> {
        Wide::checked_add(self, other)
    }

    #[inline]
    fn checked_mul_u64(self, k: u64) -> Option<Self> {
        // Unreachable: where the images inline it (the `mps2-an386`'s `-O3`), `ruint`'s
        // multiplication keeps a panic call of its own limb slicing (`algorithms/mul.rs`:
        // `&a[..lhs.len()]` with `lhs` never longer than `a`, both 16 limbs here); no input
        // reaches it.
        Wide::checked_mul(self, Wide::from(k))
    }

    #[inline]
    fn checked_shl(self, bits: u32) -> Option<Self> {
        Wide::checked_shl(self, bits as usize)
    }

    #[inline]
    fn shr(self, bits: u32) -> Self {
        self.wrapping_shr(bits as usize)
    }

    #[inline]
    fn trailing_zeros(self) -> u32 {
        if self.is_zero() {
            return u32::MAX;
        }
        u32::try_from(Wide::trailing_zeros(&self)).unwrap_or(u32::MAX)
    }

    #[inline]
    fn rem_u64(self, k: u64) -> u64 {
        short_division(&mut self.into_limbs(), k)
    }

    #[inline]
    fn div_u64(self, k: u64) -> Self {
        let mut limbs = self.into_limbs();
        short_division(&mut limbs, k);
        Wide::from_limbs(limbs)
    }

    #[inline]
    fn to_u128(self) -> Option<u128> {
        let limbs = self.as_limbs();
        limbs[2..].iter().all(|&l| l == 0).then(|| u128::from(limbs[1]) << 64 | u128::from(limbs[0]))
    }
}

/// Divides the little-endian `limbs` by `k` in place and returns the remainder, for
/// `0 < k < 2^32` (`0` is taken as 1): short division over the limbs in use, high to low, a
/// 32-bit half at a time (`rem < k < 2^32`, so `rem · 2^32 + half < 2^64` and each half of the
/// quotient fits).
///
/// # Complexity
/// Two `u64` divisions a limb in use.
#[inline(never)]
fn short_division(limbs: &mut [u64], k: u64) -> u64 {
    let k = k.max(1);
    let used = limbs.iter().rposition(|&l| l != 0).map_or(0, |i| i + 1);
    let mut rem = 0;
    for limb in limbs[..used].iter_mut().rev() {
        let upper = (rem << 32) | u64::from(high(*limb));
        let lower = ((upper % k) << 32) | u64::from(low(*limb));
        *limb = ((upper / k) << 32) | (lower / k);
        rem = lower % k;
    }
    rem
}

impl Words for Wide {
    const WORDS: usize = 32;

    #[inline]
    fn write(&self, out: &mut [u32]) {
        for (pair, &limb) in out.as_chunks_mut::<2>().0.iter_mut().zip(self.as_limbs()) {
            *pair = [low(limb), high(limb)];
        }
    }

    #[inline]
    fn read(words: &[u32]) -> Self {
        let mut limbs = [0u64; 16];
        for (limb, &[lo, hi]) in limbs.iter_mut().zip(words.as_chunks::<2>().0) {
            *limb = u64::from(hi) << 32 | u64::from(lo);
        }
        Wide::from_limbs(limbs)
    }
}

/// `num / (2^e2 · 3^e3 · 5^e5 · 7^e7)` in lowest terms: the numerator and exponents left once
/// every prime of the denominator that divides the numerator is divided out.
pub(super) fn reduced(mut num: Wide, mut exps: [u16; 4]) -> (Wide, [u16; 4]) {
    if num.is_zero() {
        return (Wide::ZERO, [0; 4]);
    }
    for (p, e) in PRIMES.iter().zip(exps.iter_mut()) {
        while *e > 0 && num.rem_u64(*p) == 0 {
            num = num.div_u64(*p);
            *e -= 1;
        }
    }
    (num, exps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec;
    use std::vec::Vec;

    /// The crate's seeded generator, with wide values.
    struct Rng(crate::pair::SplitMix);

    impl Rng {
        fn new(seed: u64) -> Self {
            Self(crate::pair::SplitMix(seed))
        }

        fn next(&mut self) -> u64 {
            self.0.next()
        }

        /// A wide value of a random number of limbs (0 to 16), each random, all set or one bit.
        fn wide(&mut self) -> Wide {
            let used = usize::try_from(self.next() % 17).unwrap();
            let style = self.next() % 4;
            let mut limbs = [0u64; 16];
            for limb in &mut limbs[..used] {
                *limb = match style {
                    0 => u64::MAX,
                    1 => 1 << (self.next() % 64),
                    _ => self.next(),
                };
            }
            Wide::from_limbs(limbs)
        }
    }

    #[test]
    fn short_division_matches_ruint() {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut ks: Vec<u64> = (1..=7).chain([10, 1_000_000_000, (1 << 32) - 2, (1 << 32) - 1]).collect();
        let mut values = vec![Wide::ZERO, Wide::ONE, Wide::MAX, Wide::from(u64::MAX), Wide::from(6u64)];
        for _ in 0..2_000 {
            values.push(rng.wide());
            ks.push((rng.next() >> 32).max(1));
        }
        for (i, &x) in values.iter().enumerate() {
            for &k in ks.iter().take(11).chain(ks.get(11 + i)) {
                let wide_k = Wide::from(k);
                assert_eq!(x.div_u64(k), x / wide_k, "{x} / {k}");
                assert_eq!(Wide::from(x.rem_u64(k)), x % wide_k, "{x} mod {k}");
            }
        }
        // `k = 0` is taken as 1.
        assert_eq!((Wide::MAX.div_u64(0), Wide::MAX.rem_u64(0)), (Wide::MAX, 0));
    }

    #[test]
    fn reduction_divides_out_common_primes() {
        // 12 / (2^3 · 3^2) = 1 / (2 · 3); 0 over anything is 0 over 1.
        assert_eq!(reduced(Wide::from(12u64), [3, 2, 0, 0]), (Wide::ONE, [1, 1, 0, 0]));
        assert_eq!(reduced(Wide::ZERO, [5, 5, 5, 5]), (Wide::ZERO, [0; 4]));
        assert_eq!(reduced(Wide::from(35u64), [0, 0, 1, 1]), (Wide::ONE, [0; 4]));
    }
}
