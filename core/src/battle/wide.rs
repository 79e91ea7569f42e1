//! Numerators wider than `u128`: the 1 024-bit [`Wide`] of the `ruint` crate, and the exact
//! answer type [`Probability`] with its decimal and fraction forms.
//!
//! Why `ruint`: of the fixed-width big-integer crates that build without `alloc` (`bnum`,
//! `crypto-bigint`, `uint`, `ruint`), it is the fastest at what the search does most with
//! short values in a wide type (measured; see the README), and its checked shift reports bits
//! shifted out, which the exact bound needs. Its general division is not used (two
//! instantiations were 12.5 KiB of the firmware's flash): every division here is by a small `k`
//! (short division over the limbs in use) or digit by digit (the decimals), on the limbs.

use core::fmt;

use super::outcome::{Numerator, Outcome, PRIMES};
use super::table::{high, low, Words};
use super::OddsError;

/// Bits of the wide numerators.
pub const WIDE_BITS: u32 = 1024;

/// The wide numerator: a 1 024-bit unsigned integer.
pub type Wide = ruint::Uint<1024, 16>;

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
    /// `O(digits · w)` for a denominator of `w` limbs: a long division, digit by digit.
    pub fn write_decimal<W: fmt::Write + ?Sized>(&self, out: &mut W, digits: u32) -> fmt::Result {
        if digits > 18 {
            return Err(fmt::Error);
        }
        let scale = 10u64.pow(digits);
        // A probability: `num <= den`, `den >= 1`, so `num` fits the `n >= 1` limbs of `den`.
        let den = self.denominator.as_limbs();
        let n = den.iter().rposition(|&l| l != 0).map_or(0, |i| i + 1);
        let (den, mut rest) = (&den[..n], self.numerator.into_limbs());
        let rest = &mut rest[..n];
        // The whole part is 1 only for `num = den`; then each digit is `10 · rest / den`: in a
        // `u64` below `den < 2^60`, else from `10 · rest = ((2 · rest) · 2 + rest) · 2`, each
        // step mod `den`, its wraps the digit. `scaled` stays at most `10^digits <= 10^18`.
        let mut scaled = u64::from(rest == den);
        if scaled == 1 {
            rest.fill(0);
        }
        let mut once = [0; 16];
        for _ in 0..digits {
            let digit = match (den, &mut *rest) {
                (&[d], [r]) if d >> 60 == 0 => {
                    let ten = *r * 10;
                    *r = ten % d;
                    ten / d
                }
                _ => {
                    once[..n].copy_from_slice(rest);
                    let mut digit = 0;
                    for add in [false, true, false] {
                        digit = 2 * digit + u64::from(add_mod(rest, None, den));
                        if add {
                            digit += u64::from(add_mod(rest, Some(&once[..n]), den));
                        }
                    }
                    digit
                }
            };
            scaled = scaled * 10 + digit;
        }
        // Up when `2 · rest >= den`: to nearest, ties away from zero.
        scaled += u64::from(add_mod(rest, None, den));
        write!(out, "{}", scaled / scale)?;
        if digits > 0 {
            write!(out, ".{:0width$}", scaled % scale, width = digits as usize)?;
        }
        Ok(())
    }
}

/// `x = (x + y) mod m` (`y = x` for `None`), for `x, y < m` of one length, and whether
/// `x + y >= m` (a carry out of the limbs means it is; subtracting `m` then wraps back below it).
fn add_mod(x: &mut [u64], y: Option<&[u64]>, m: &[u64]) -> bool {
    let mut carry = false;
    for i in 0..x.len() {
        let (sum, c) = x[i].overflowing_add(y.map_or(x[i], |y| y[i]));
        (x[i], carry) = (sum.wrapping_add(u64::from(carry)), c || sum == u64::MAX && carry);
    }
    let wrap = carry || x.iter().rev().ge(m.iter().rev());
    if wrap {
        let mut borrow = false;
        for (a, &b) in x.iter_mut().zip(m) {
            let (diff, c) = a.overflowing_sub(b);
            (*a, borrow) = (diff.wrapping_sub(u64::from(borrow)), c || diff == 0 && borrow);
        }
    }
    wrap
}

/// Writes `value` in decimal, without allocating: at once if it fits a `u64`, else groups of 9
/// digits from its remainders by `10^9` (short divisions).
fn write_wide(f: &mut fmt::Formatter<'_>, value: &Wide) -> fmt::Result {
    if let Ok(small) = u64::try_from(value) {
        return write!(f, "{small}");
    }
    // 1 024 bits are at most 309 digits: 35 groups.
    let mut groups = [0u32; 35];
    let mut len = 0;
    let mut rest = value.into_limbs();
    while rest.iter().any(|&l| l != 0) && len < groups.len() {
        groups[len] = low(short_division(&mut rest, 1_000_000_000));
        len += 1;
    }
    let Some((&top, lower)) = groups[..len.max(1)].split_last() else { return Ok(()) };
    write!(f, "{top}")?;
    lower.iter().rev().try_for_each(|g| write!(f, "{g:09}"))
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
    use std::vec::Vec;
    use std::{format, vec};

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

    /// The decimal as the first version computed it: one division of 1 088-bit integers.
    fn reference_decimal(p: &Probability, digits: u32) -> String {
        type Wider = ruint::Uint<1088, 17>;
        let scale = 10u64.pow(digits);
        let (num, den) = (Wider::from(p.numerator), Wider::from(p.denominator));
        let top = num * Wider::from(2 * scale) + den;
        let scaled = (top / (den * Wider::from(2u64))).as_limbs()[0];
        if digits == 0 {
            return format!("{}", scaled / scale);
        }
        format!("{}.{:0width$}", scaled / scale, scaled % scale, width = digits as usize)
    }

    fn decimal(p: &Probability, digits: u32) -> String {
        let mut s = String::new();
        p.write_decimal(&mut s, digits).unwrap();
        s
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
    fn long_division_decimals_match_ruint() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        let mut pairs = vec![(Wide::ZERO, Wide::ONE), (Wide::ONE, Wide::ONE), (Wide::MAX, Wide::MAX)];
        pairs.push((Wide::MAX - Wide::ONE, Wide::MAX));
        pairs.push((Wide::ONE, Wide::MAX));
        pairs.push((Wide::from(u64::MAX), Wide::from(u64::MAX) + Wide::ONE));
        for _ in 0..3_000 {
            let (a, b) = (rng.wide(), rng.wide().max(Wide::ONE));
            // `num <= den`: the smaller of the two, or a remainder by `den + 1`.
            pairs.push(if rng.next().is_multiple_of(2) {
                (a.min(b), a.max(b).max(Wide::ONE))
            } else {
                (a % b.saturating_add(Wide::ONE), b)
            });
        }
        for (i, &(numerator, denominator)) in pairs.iter().enumerate() {
            let p = Probability { numerator, denominator };
            for digits in [0, 1, 12, 18, u32::try_from(i % 19).unwrap()] {
                assert_eq!(decimal(&p, digits), reference_decimal(&p, digits), "{p}, {digits} digits");
            }
        }
        let mut s = String::new();
        assert_eq!(
            Probability { numerator: Wide::ONE, denominator: Wide::ONE }.write_decimal(&mut s, 19),
            Err(fmt::Error)
        );
    }

    #[test]
    fn decimal_ties_round_away_from_zero() {
        let p = |num: u64, den: u64| Probability { numerator: Wide::from(num), denominator: Wide::from(den) };
        assert_eq!(decimal(&p(1, 2), 0), "1");
        assert_eq!(decimal(&p(1, 8), 2), "0.13");
        assert_eq!(decimal(&p(3, 8), 2), "0.38");
        assert_eq!(decimal(&p(3, 8), 1), "0.4");
        assert_eq!(decimal(&p(1, 16), 3), "0.063");
        assert_eq!(decimal(&p(1, 3), 0), "0");
        assert_eq!(decimal(&p(2, 3), 0), "1");
        assert_eq!(decimal(&p(999_999, 1_000_000), 5), "1.00000");
        // One limb at and past `2^60`, where the digits leave the `u64` path: `2 · 10^18`.
        assert_eq!(decimal(&p(300_000_000_000_000_001, 2_000_000_000_000_000_000), 18), "0.150000000000000001");
        assert_eq!(decimal(&p(300_000_000_000_000_000, 2_000_000_000_000_000_000), 17), "0.15000000000000000");
        for den in [(1 << 60) - 1, 1 << 60, (1 << 60) + 1, u64::MAX] {
            for num in [1, den / 3, den / 2, den / 2 + 1, den - 1, den] {
                for digits in [0, 1, 9, 18] {
                    assert_eq!(decimal(&p(num, den), digits), reference_decimal(&p(num, den), digits));
                }
            }
        }
        // A wide tie: (2m + 1) / (2 · 10^18) with both scaled by 3^600, 2m + 1 = 3 · 10^17 + 1.
        let three = Wide::from(3u64).pow(Wide::from(600u64));
        let twice_scale = Wide::from(2_000_000_000_000_000_000u64);
        let odd = Wide::from(300_000_000_000_000_001u64);
        let tie = Probability { numerator: odd * three, denominator: twice_scale * three };
        assert_eq!(decimal(&tie, 18), "0.150000000000000001");
        assert_eq!(decimal(&tie, 18), reference_decimal(&tie, 18));
        let below = Probability { numerator: odd * three - Wide::ONE, denominator: twice_scale * three };
        assert_eq!(decimal(&below, 18), "0.150000000000000000");
    }

    #[test]
    fn wide_digits_match_ruint() {
        let mut rng = Rng::new(0xdead_beef_cafe_f00d);
        let mut values = vec![Wide::ZERO, Wide::ONE, Wide::MAX, Wide::from(u64::MAX)];
        let ten = Wide::from(10u64);
        for e in [9u64, 18, 19, 27, 36, 300, 308] {
            let power = ten.pow(Wide::from(e));
            values.extend([power - Wide::ONE, power, power + Wide::ONE]);
        }
        values.extend((0..2_000).map(|_| rng.wide()));
        for pair in values.chunks(2) {
            let (numerator, denominator) = (pair[0], pair.get(1).copied().unwrap_or(Wide::ONE));
            let p = Probability { numerator, denominator };
            assert_eq!(p.to_string(), format!("{numerator}/{denominator}"));
        }
    }
}
