//! Numerators wider than `u128`: the 1 024-bit [`Wide`] of the `ruint` crate, and the exact
//! answer type [`Probability`] with its decimal and fraction forms.
//!
//! Why `ruint`: of the fixed-width big-integer crates that build without `alloc` (`bnum`,
//! `crypto-bigint`, `uint`, `ruint`), it is the fastest at what the search does most with
//! short values in a wide type (a remainder or quotient by 3, 5 or 7 costs only the limbs in
//! use: 12 ns at 64 bits against 58–145 ns for the others, measured; see the README), and its
//! checked shift reports bits shifted out, which the exact bound needs.

use core::fmt;

use super::outcome::{Numerator, Outcome, PRIMES};
use super::table::{high, low, Words};
use super::OddsError;

/// Bits of the wide numerators.
pub const WIDE_BITS: u32 = 1024;

/// The wide numerator: a 1 024-bit unsigned integer.
pub type Wide = ruint::Uint<1024, 16>;

/// Wide enough for `2 · 10^12 · x + d` with `x, d < 2^1024` (the rounding of a decimal).
type Wider = ruint::Uint<1088, 17>;

impl Numerator for Wide {
    const ZERO: Self = Wide::ZERO;
    const ONE: Self = Wide::from_limbs([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

    #[inline]
    fn checked_add(self, other: Self) -> Option<Self> {
        Wide::checked_add(self, other)
    }

    #[inline]
    fn checked_mul_u64(self, k: u64) -> Option<Self> {
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
        self.wrapping_rem(Wide::from(k.max(1))).as_limbs()[0]
    }

    #[inline]
    fn div_u64(self, k: u64) -> Self {
        self.wrapping_div(Wide::from(k.max(1)))
    }

    #[inline]
    fn to_u128(self) -> Option<u128> {
        let limbs = self.as_limbs();
        limbs[2..].iter().all(|&l| l == 0).then(|| u128::from(limbs[1]) << 64 | u128::from(limbs[0]))
    }
}

impl Words for Wide {
    const WORDS: usize = 32;

    #[inline]
    fn write(&self, out: &mut [u32]) {
        for (pair, &limb) in out.chunks_exact_mut(2).zip(self.as_limbs()) {
            pair[0] = low(limb);
            pair[1] = high(limb);
        }
    }

    #[inline]
    fn read(words: &[u32]) -> Self {
        let mut limbs = [0u64; 16];
        for (limb, pair) in limbs.iter_mut().zip(words.chunks_exact(2)) {
            *limb = u64::from(pair[1]) << 32 | u64::from(pair[0]);
        }
        Wide::from_limbs(limbs)
    }
}

/// An exact probability: an irreducible fraction `numerator / denominator` (`0/1` for zero),
/// the denominator a product of powers of 2, 3, 5 and 7 below `2^1024`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probability {
    numerator: Wide,
    denominator: Wide,
}

impl Probability {
    /// The three probabilities of `outcome`: Alice's, Bob's and the rest (the tie), each
    /// reduced on its own.
    pub(super) fn odds(outcome: &Outcome<Wide>) -> Result<super::Odds, OddsError> {
        let den = outcome.denominator().map_err(|_| OddsError::Precision)?;
        let tie = den.checked_sub(outcome.alice).and_then(|rest| rest.checked_sub(outcome.bob));
        let tie = tie.ok_or(OddsError::Precision)?;
        let part = |num: Wide| Self::reduced(num, outcome.exps).ok_or(OddsError::Precision);
        Ok(super::Odds { alice: part(outcome.alice)?, bob: part(outcome.bob)?, tie: part(tie)? })
    }

    /// `num / (2^e2 · 3^e3 · 5^e5 · 7^e7)` in lowest terms, if the denominator fits.
    pub(super) fn reduced(mut num: Wide, mut exps: [u16; 4]) -> Option<Self> {
        if num.is_zero() {
            return Some(Self { numerator: Wide::ZERO, denominator: Wide::ONE });
        }
        for (p, e) in PRIMES.iter().zip(exps.iter_mut()) {
            while *e > 0 && num.rem_u64(*p) == 0 {
                num = num.div_u64(*p);
                *e -= 1;
            }
        }
        let one = Outcome::<Wide> { alice: Wide::ONE, bob: Wide::ZERO, exps };
        Some(Self { numerator: num, denominator: one.denominator().ok()? })
    }

    /// The numerator.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn numerator(&self) -> &Wide {
        &self.numerator
    }

    /// The denominator.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn denominator(&self) -> &Wide {
        &self.denominator
    }

    /// The fraction as two `u128`s, when both fit.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn to_u128(&self) -> Option<(u128, u128)> {
        Some((self.numerator.to_u128()?, self.denominator.to_u128()?))
    }

    /// Writes the decimal with `digits` digits after the point (at most 18), rounded to
    /// nearest, ties away from zero: `0.125000000000`.
    ///
    /// # Errors
    /// [`fmt::Error`] for more than 18 digits, or whatever `out` returns.
    ///
    /// # Complexity
    /// One division of 1 088-bit integers.
    pub fn write_decimal<W: fmt::Write + ?Sized>(&self, out: &mut W, digits: u32) -> fmt::Result {
        if digits > 18 {
            return Err(fmt::Error);
        }
        let scale = 10u64.pow(digits);
        let widen = |x: &Wide| Wider::from(*x);
        let (num, den) = (widen(&self.numerator), widen(&self.denominator));
        // round(num/den · scale) = floor((2·num·scale + den) / (2·den)); a probability is at
        // most 1, so the quotient is at most `scale`.
        let twice = Wider::from(2u64);
        let top = num.checked_mul(Wider::from(2 * scale)).and_then(|t| t.checked_add(den)).ok_or(fmt::Error)?;
        let quotient = top.checked_div(den.checked_mul(twice).ok_or(fmt::Error)?).ok_or(fmt::Error)?;
        let scaled = quotient.as_limbs()[0];
        write!(out, "{}", scaled / scale)?;
        if digits > 0 {
            write!(out, ".{:0width$}", scaled % scale, width = digits as usize)?;
        }
        Ok(())
    }
}

/// Writes `value` in decimal, without allocating: groups of 19 digits from its remainders by
/// `10^19`.
fn write_wide(f: &mut fmt::Formatter<'_>, value: &Wide) -> fmt::Result {
    // 1 024 bits are at most 309 digits: 17 groups.
    let mut groups = [0u64; 17];
    let mut len = 0;
    let mut rest = *value;
    let base = Wide::from(10_000_000_000_000_000_000u64);
    while !rest.is_zero() && len < groups.len() {
        let (q, r) = rest.div_rem(base);
        groups[len] = r.as_limbs()[0];
        rest = q;
        len += 1;
    }
    let Some((&top, lower)) = groups[..len.max(1)].split_last() else { return Ok(()) };
    write!(f, "{top}")?;
    lower.iter().rev().try_for_each(|g| write!(f, "{g:019}"))
}

/// `p/q`, the irreducible fraction (`0/1`, `1/1`).
impl fmt::Display for Probability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_wide(f, &self.numerator)?;
        f.write_str("/")?;
        write_wide(f, &self.denominator)
    }
}

#[cfg(feature = "defmt")]
impl defmt::Format for Probability {
    fn format(&self, f: defmt::Formatter<'_>) {
        match self.to_u128() {
            Some((p, q)) => defmt::write!(f, "{=u128}/{=u128}", p, q),
            None => defmt::write!(f, "(a probability beyond 128 bits)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::{String, ToString};

    fn probability(num: u128, exps: [u16; 4]) -> Probability {
        Probability::reduced(Wide::from(num), exps).unwrap()
    }

    #[test]
    fn fractions_and_decimals() {
        let eighth = probability(1, [3, 0, 0, 0]);
        assert_eq!(eighth.to_string(), "1/8");
        let mut s = String::new();
        eighth.write_decimal(&mut s, 12).unwrap();
        assert_eq!(s, "0.125000000000");
        let two_thirds = probability(6, [1, 2, 0, 0]);
        assert_eq!(two_thirds.to_string(), "1/3");
        s.clear();
        probability(2, [0, 1, 0, 0]).write_decimal(&mut s, 12).unwrap();
        assert_eq!(s, "0.666666666667");
        assert_eq!(probability(0, [5, 5, 5, 5]).to_string(), "0/1");
        assert_eq!(probability(1, [0; 4]).to_string(), "1/1");
        s.clear();
        probability(1, [0; 4]).write_decimal(&mut s, 12).unwrap();
        assert_eq!(s, "1.000000000000");
    }

    #[test]
    fn wide_decimals_are_exact() {
        // 1 / 2^1000 and (2^1000 - 1) / 2^1000.
        let tiny = Probability::reduced(Wide::ONE, [1000, 0, 0, 0]).unwrap();
        let text = tiny.to_string();
        assert!(text.starts_with("1/10715086071862673209484250490600018105614048117055336074437503883703510511249361224931983788156958581275946729175531468251871452856923140435984577574698574803934567774824230985421074605062371141877954182153046474983581941267398767559165543946077062914571196477686542167660429831652624386837205668069376"));
        let mut s = String::new();
        tiny.write_decimal(&mut s, 12).unwrap();
        assert_eq!(s, "0.000000000000");
        let words = {
            let mut w = [0u32; 32];
            tiny.denominator.write(&mut w);
            w
        };
        assert_eq!(Wide::read(&words), tiny.denominator);
    }
}
