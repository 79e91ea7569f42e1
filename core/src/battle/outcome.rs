//! The exact outcome of a state: Alice's and Bob's chances over one shared denominator
//! `2^e2 · 3^e3 · 5^e5 · 7^e7` (the tie is the rest), in lowest terms, with numerators of a
//! fixed width ([`Numerator`]: `u128`, then [`super::wide::Wide`]).
//!
//! # Why these primes, and the bound
//! Every random choice is among `k ≤ 7` targets (or of who starts, `k = 2`), so a
//! probability's denominator has no prime factor but 2, 3, 5 and 7. Along a path of `c`
//! choices with two or more targets the denominators multiply by at most one such `k` each,
//! and the least common multiple of any such `k` is a divisor of `420 = 2^2·3·5·7`; so the
//! outcome of a state from which no path makes more than `c` choices has a denominator
//! dividing `420^c`, and so does every sum formed on the way (the children of a state make at
//! most `c - 1` choices, their common denominator divides `420^(c-1)`, times `k`). Numerators
//! never exceed their denominator (they are probabilities). So numerators of `B` bits hold
//! every battle with `c ≤ (B - 1) / log2(420)`: 14 choices for `u128`, 117 for the 1 024-bit
//! [`super::wide::Wide`], and in practice far more (a fight of two-way choices halves, not
//! 420ths: 1 023 choices). Anything beyond is refused by checked arithmetic, never wrapped.
//! Whether a battle fits does not depend on the search order or the cache: each state's
//! outcome is one exact value computed the same way from its children.

use core::fmt::Debug;

/// The primes a denominator is made of.
pub(super) const PRIMES: [u64; 4] = [2, 3, 5, 7];
/// The largest power of each prime that fits a `u64` (`2^63, 3^40, 5^27, 7^22`), and its
/// exponent: numerators are scaled by these in as few multiplications as possible.
const CHUNKS: [(u64, u16); 4] =
    [(1 << 63, 63), (12_157_665_459_056_928_801, 40), (7_450_580_596_923_828_125, 27), (3_909_821_048_582_988_049, 22)];

/// The exponents of 2, 3, 5, 7 in `k`, for `k` in `1..=7` (index 0 unused).
pub(super) const FACTORS: [[u16; 4]; 8] =
    [[0; 4], [0; 4], [1, 0, 0, 0], [0, 1, 0, 0], [2, 0, 0, 0], [0, 0, 1, 0], [1, 1, 0, 0], [0, 0, 0, 1]];

/// An unsigned integer of fixed width with the checked operations an outcome needs.
pub(super) trait Numerator: Copy + PartialEq + Debug {
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// `self + other`, if it fits.
    fn checked_add(self, other: Self) -> Option<Self>;
    /// `self · k`, if it fits.
    fn checked_mul_u64(self, k: u64) -> Option<Self>;
    /// `self · 2^bits`, if it fits.
    fn checked_shl(self, bits: u32) -> Option<Self>;
    /// `self / 2^bits`.
    fn shr(self, bits: u32) -> Self;
    /// Trailing zero bits (any large value for zero).
    fn trailing_zeros(self) -> u32;
    /// `self mod k`, `0 < k < 2^32`.
    fn rem_u64(self, k: u64) -> u64;
    /// `self / k`, `0 < k < 2^32`.
    fn div_u64(self, k: u64) -> Self;
    /// The value as a `u128`, if it fits.
    fn to_u128(self) -> Option<u128>;
}

impl Numerator for u128 {
    const ZERO: Self = 0;
    const ONE: Self = 1;

    #[inline]
    fn checked_add(self, other: Self) -> Option<Self> {
        u128::checked_add(self, other)
    }

    #[inline]
    fn checked_mul_u64(self, k: u64) -> Option<Self> {
        self.checked_mul(u128::from(k))
    }

    #[inline]
    fn checked_shl(self, bits: u32) -> Option<Self> {
        (bits < 128 && self.leading_zeros() >= bits).then(|| self << bits)
    }

    #[inline]
    fn shr(self, bits: u32) -> Self {
        self.checked_shr(bits).unwrap_or(0)
    }

    #[inline]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }

    #[inline]
    fn rem_u64(self, k: u64) -> u64 {
        // Below `k`, so it fits.
        u64::try_from(self % u128::from(k.max(1))).unwrap_or(0)
    }

    #[inline]
    fn div_u64(self, k: u64) -> Self {
        self / u128::from(k.max(1))
    }

    #[inline]
    fn to_u128(self) -> Option<u128> {
        Some(self)
    }
}

/// Alice's and Bob's chances over `2^e[0] · 3^e[1] · 5^e[2] · 7^e[3]`, in lowest terms
/// (no prime of the denominator divides both numerators; the tie's share is the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Outcome<N> {
    /// Alice wins.
    pub alice: N,
    /// Bob wins.
    pub bob: N,
    /// The exponents of 2, 3, 5 and 7 in the denominator.
    pub exps: [u16; 4],
}

/// Checked arithmetic ran out of the numerator's width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TooWide;

impl<N: Numerator> Outcome<N> {
    /// Alice wins for certain.
    pub const ALICE: Self = Self { alice: N::ONE, bob: N::ZERO, exps: [0; 4] };
    /// Bob wins for certain.
    pub const BOB: Self = Self { alice: N::ZERO, bob: N::ONE, exps: [0; 4] };
    /// A certain tie (and the empty sum).
    pub const TIE: Self = Self { alice: N::ZERO, bob: N::ZERO, exps: [0; 4] };

    /// Adds `other` to this sum, in place (unreduced: [`Outcome::over`] reduces). In place,
    /// so that wide numerators are not copied through temporaries (the machine stack of the
    /// small targets).
    ///
    /// # Errors
    /// [`TooWide`] when the common denominator's numerators do not fit (the sum is then
    /// unspecified: the search stops).
    #[inline]
    pub fn add(&mut self, other: &Self) -> Result<(), TooWide> {
        if other.exps == [0; 4] && other.alice == N::ZERO && other.bob == N::ZERO {
            return Ok(());
        }
        if self.exps == [0; 4] && self.alice == N::ZERO && self.bob == N::ZERO {
            *self = *other;
            return Ok(());
        }
        if self.exps == other.exps {
            self.alice = self.alice.checked_add(other.alice).ok_or(TooWide)?;
            self.bob = self.bob.checked_add(other.bob).ok_or(TooWide)?;
            return Ok(());
        }
        let mut exps = self.exps;
        for (e, &f) in exps.iter_mut().zip(&other.exps) {
            *e = (*e).max(f);
        }
        // One numerator at a time: a wide outcome is never copied whole.
        self.alice =
            scaled(self.alice, self.exps, exps)?.checked_add(scaled(other.alice, other.exps, exps)?).ok_or(TooWide)?;
        self.bob =
            scaled(self.bob, self.exps, exps)?.checked_add(scaled(other.bob, other.exps, exps)?).ok_or(TooWide)?;
        self.exps = exps;
        Ok(())
    }

    /// This sum divided by `k` (`1..=7` equally likely choices), in lowest terms.
    ///
    /// # Errors
    /// [`TooWide`] when an exponent would pass `u16` (never within the width's bound).
    #[inline]
    pub fn over(mut self, k: usize) -> Result<Self, TooWide> {
        let factors = FACTORS.get(k).ok_or(TooWide)?;
        for (e, &f) in self.exps.iter_mut().zip(factors) {
            *e = e.checked_add(f).ok_or(TooWide)?;
        }
        self.reduce();
        Ok(self)
    }

    /// Divides out every prime of the denominator that divides both numerators.
    #[inline]
    fn reduce(&mut self) {
        let twos = self.alice.trailing_zeros().min(self.bob.trailing_zeros()).min(u32::from(self.exps[0]));
        if twos > 0 {
            self.alice = self.alice.shr(twos);
            self.bob = self.bob.shr(twos);
            // `twos <= exps[0]`, a `u16`.
            self.exps[0] -= u16::try_from(twos).unwrap_or(0);
        }
        for (e, &prime) in self.exps.iter_mut().zip(&PRIMES).skip(1) {
            while *e > 0 && self.alice.rem_u64(prime) == 0 && self.bob.rem_u64(prime) == 0 {
                self.alice = self.alice.div_u64(prime);
                self.bob = self.bob.div_u64(prime);
                *e -= 1;
            }
        }
    }

    /// The same outcome in a wider numerator (exact: the values are unchanged).
    pub fn widen<M: Numerator>(self, widen: impl Fn(N) -> M) -> Outcome<M> {
        Outcome { alice: widen(self.alice), bob: widen(self.bob), exps: self.exps }
    }

    /// The denominator `2^e2 · 3^e3 · 5^e5 · 7^e7`, if it fits.
    ///
    /// # Errors
    /// [`TooWide`] when it does not.
    pub fn denominator(&self) -> Result<N, TooWide> {
        scaled(N::ONE, [0; 4], self.exps)
    }
}

/// `value` over `2^from[0]·…` as a numerator over `2^to[0]·…` (each exponent of `to` at least
/// that of `from`).
///
/// # Errors
/// [`TooWide`] when it does not fit.
#[inline]
pub(super) fn scaled<N: Numerator>(mut value: N, from: [u16; 4], to: [u16; 4]) -> Result<N, TooWide> {
    for (p, (&to, &from)) in to.iter().zip(&from).enumerate() {
        let mut up = to - from;
        if up == 0 {
            continue;
        }
        if p == 0 {
            value = value.checked_shl(u32::from(up)).ok_or(TooWide)?;
            continue;
        }
        let (chunk, chunk_exp) = CHUNKS[p];
        while up > 0 {
            let step = up.min(chunk_exp);
            let factor = if step == chunk_exp { chunk } else { PRIMES[p].pow(u32::from(step)) };
            value = value.checked_mul_u64(factor).ok_or(TooWide)?;
            up -= step;
        }
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_the_largest_powers_in_a_u64() {
        for (p, &(chunk, exp)) in CHUNKS.iter().enumerate() {
            assert_eq!(u128::from(PRIMES[p]).pow(u32::from(exp)), u128::from(chunk));
            assert!(u128::from(chunk) * u128::from(PRIMES[p]) > u128::from(u64::MAX));
        }
        for (k, f) in FACTORS.iter().enumerate().skip(1) {
            let product: u64 = PRIMES.iter().zip(f).map(|(p, &e)| p.pow(u32::from(e))).product();
            assert_eq!(product, k as u64);
        }
    }

    #[test]
    fn sums_reduce_to_lowest_terms() {
        // (1/2 + 1/2 · 1/3) / 1 = 2/3; then a third of it: 2/9.
        let half = Outcome::<u128>::ALICE.over(2).unwrap();
        let sixth = Outcome::<u128>::ALICE.over(3).unwrap().over(2).unwrap();
        let mut sum = half;
        sum.add(&sixth).unwrap();
        let sum = sum.over(1).unwrap();
        assert_eq!(sum, Outcome { alice: 2, bob: 0, exps: [0, 1, 0, 0] });
        let ninth = sum.over(3).unwrap();
        assert_eq!(ninth, Outcome { alice: 2, bob: 0, exps: [0, 2, 0, 0] });
        assert_eq!(ninth.denominator(), Ok(9));
        // Two halves of a certain win are a certain win.
        let mut whole = half;
        whole.add(&half).unwrap();
        let whole = whole.over(1).unwrap();
        assert_eq!(whole, Outcome::ALICE);
    }

    #[test]
    fn wide_numerators_carry_on_where_u128_stops() {
        use super::super::wide::Wide;
        // Halving 200 times, then adding the halves back: exact in 1 024 bits, not in 128.
        let mut x = Outcome::<u128>::ALICE;
        let mut narrow_failed = false;
        for _ in 0..200 {
            match x.add(&Outcome::BOB).and_then(|()| x.over(2)).and_then(|s| s.over(3)) {
                Ok(next) => x = next,
                Err(TooWide) => {
                    narrow_failed = true;
                    break;
                }
            }
        }
        assert!(narrow_failed);
        let mut w = Outcome::<Wide>::ALICE;
        for _ in 0..200 {
            w.add(&Outcome::BOB).unwrap();
            w = w.over(2).and_then(|s| s.over(3)).unwrap();
        }
        assert_eq!(w.exps, [200, 200, 0, 0]);
        assert!(w.denominator().is_ok());
    }

    #[test]
    fn overflow_is_refused() {
        let mut x = Outcome::<u128>::ALICE;
        let mut refused = false;
        for _ in 0..200 {
            match x.add(&Outcome::BOB.over(7).unwrap()).and_then(|()| x.over(7)) {
                Ok(next) => x = next,
                Err(TooWide) => {
                    refused = true;
                    break;
                }
            }
        }
        assert!(refused);
    }
}
