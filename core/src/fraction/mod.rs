//! Exact non-negative fractions, always kept in lowest terms: [`Fraction`] over `u128`,
//! [`WideFraction`] over 256-bit integers (the standings' tiebreakers of long events with long
//! matches), and `swiss`'s reduction without a gcd (`smooth`).

mod smooth;
mod wide;

use core::cmp::Ordering;
use core::fmt;
use core::num::NonZeroU64;

use crate::decimal::{self, Decimal, Form};
use crate::natural::{high64, low64};
pub(crate) use smooth::{reduce_smooth, OddFactors};
pub use wide::WideFraction;

/// Greatest common divisor (binary algorithm); `gcd(0, b) == b`.
///
/// # Complexity
/// `O(log(a + b))` steps of the binary algorithm.
#[must_use]
pub fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            core::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

/// Greatest common divisor of two `u128`; runs on `u64` when both fit.
///
/// # Complexity
/// `O(log(a + b))` steps of the binary algorithm (a `u64` one once both fit).
#[must_use]
pub fn gcd_u128(mut a: u128, mut b: u128) -> u128 {
    if let (Ok(a64), Ok(b64)) = (u64::try_from(a), u64::try_from(b)) {
        return u128::from(gcd_u64(a64, b64));
    }
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            core::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
        if let (Ok(a64), Ok(b64)) = (u64::try_from(a), u64::try_from(b)) {
            return u128::from(gcd_u64(a64, b64)) << shift;
        }
    }
}

/// `num / den` in lowest terms, for `den > 0`: on 64-bit targets by [`gcd_u128`] and `u128`
/// divisions; on the 32-bit ones by the limb arithmetic the wide numbers use anyway (`u128`
/// code inlined there took 4 KiB of flash).
fn reduce_u128(num: u128, den: u128) -> Fraction {
    #[cfg(target_pointer_width = "64")]
    {
        // `gcd(num, den) >= 1` since `den > 0`; dividing by a `NonZero` has no zero check.
        let g = core::num::NonZeroU128::new(gcd_u128(num, den)).unwrap_or(core::num::NonZeroU128::MIN);
        Fraction { num: num / g, den: den / g }
    }
    #[cfg(not(target_pointer_width = "64"))]
    {
        reduce_by_limbs(num, den)
    }
}

/// [`reduce_u128`] of the 32-bit targets: a binary gcd and long divisions on 64-bit limbs
/// (compiled on the host for its test).
#[cfg(any(test, not(target_pointer_width = "64")))]
fn reduce_by_limbs(num: u128, den: u128) -> Fraction {
    let limbs = |x: u128| [low64(x), high64(x)];
    let (mut g, mut work) = (limbs(num), limbs(den));
    crate::natural::gcd_into(&mut g, &mut work);
    let divide = |x: u128| {
        let (mut quotient, mut rest) = ([0u64; 2], [0u64; 3]);
        crate::natural::div_rem(&limbs(x), &g, &mut quotient, &mut rest);
        u128::from(quotient[1]) << 64 | u128::from(quotient[0])
    };
    Fraction { num: divide(num), den: divide(den) }
}

/// A fraction `num / den` in lowest terms with `den > 0`; displayed as `p/q` (`0/1`, `1/1`),
/// padded to the formatter's width and alignment (right-aligned by default, as numbers are).
///
/// ```
/// use referee_core::Fraction;
///
/// let two_thirds = Fraction::new(4, 6).ok_or("zero denominator")?;
/// assert_eq!(format!("[{two_thirds:<6}]"), "[2/3   ]");
/// assert_eq!(two_thirds.decimal(4).to_string(), "0.6667");
/// assert_eq!(format!("{:>9}", two_thirds.percent(2)), "   66.67%");
/// assert!(two_thirds < Fraction::ONE && Fraction::ZERO < two_thirds);
/// # Ok::<(), &str>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Fraction {
    num: u128,
    den: u128,
}

impl Fraction {
    /// Zero, `0/1`.
    pub const ZERO: Self = Self { num: 0, den: 1 };
    /// One, `1/1`.
    pub const ONE: Self = Self { num: 1, den: 1 };

    /// `num / den` reduced to lowest terms, or `None` when `den == 0`.
    ///
    /// # Complexity
    /// One [`gcd_u128`]: `O(log(num + den))`.
    #[must_use]
    pub fn new(num: u128, den: u128) -> Option<Self> {
        if den == 0 {
            return None;
        }
        // `gcd(num, den) >= 1` since `den > 0`: the `?`s never return, and dividing by a
        // `NonZero` has no zero check (no panic call).
        if let (Ok(n), Ok(d)) = (u64::try_from(num), u64::try_from(den)) {
            let g = NonZeroU64::new(gcd_u64(n, d))?;
            return Some(Self { num: u128::from(n / g), den: u128::from(d / g) });
        }
        Some(reduce_u128(num, den))
    }

    /// `num / den` for a pair the caller knows is in lowest terms; `None` when `den == 0`.
    pub(crate) const fn from_reduced(num: u128, den: u128) -> Option<Self> {
        if den == 0 {
            None
        } else {
            Some(Self { num, den })
        }
    }

    /// The numerator (lowest terms).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn numer(&self) -> u128 {
        self.num
    }

    /// The denominator (lowest terms, never zero).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn denom(&self) -> u128 {
        self.den
    }

    /// The value as a decimal with `digits` digits after the point (at most
    /// [`MAX_DIGITS`](crate::decimal::MAX_DIGITS)), rounded to nearest, ties away from zero:
    /// `2/3` to 4 digits is `0.6667`. Exact: integer arithmetic, never a float.
    ///
    /// # Complexity
    /// `O(digits)` steps of long division when displayed.
    #[must_use]
    pub fn decimal(&self, digits: u32) -> Decimal {
        Decimal::new(&self.limbs().0, &self.limbs().1, Form::Decimal(digits))
    }

    /// The value as a percentage with `digits` digits after the point and a `%` sign, rounded
    /// as [`Fraction::decimal`]: `2/3` to 4 digits is `66.6667%`.
    ///
    /// # Complexity
    /// As [`Fraction::decimal`].
    #[must_use]
    pub fn percent(&self, digits: u32) -> Decimal {
        Decimal::new(&self.limbs().0, &self.limbs().1, Form::Percent(digits))
    }

    /// The numerator's and the denominator's limbs.
    const fn limbs(&self) -> ([u64; 2], [u64; 2]) {
        ([low64(self.num), high64(self.num)], [low64(self.den), high64(self.den)])
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        decimal::pad(f, |out| {
            crate::digits::write_u128(out, self.num)?;
            out.write_str("/")?;
            crate::digits::write_u128(out, self.den)
        })
    }
}

/// Ordered by value, exactly: `a/b` against `c/d` by their continued fractions (whole parts
/// first, then the reciprocals of the remainders, the other way round), with no product that
/// could overflow.
impl Ord for Fraction {
    fn cmp(&self, other: &Self) -> Ordering {
        let (mut a, mut b, mut c, mut d) = (self.num, self.den, other.num, other.den);
        let mut flipped = false;
        loop {
            let (p, q) = (a / b, c / d);
            if p != q {
                let order = p.cmp(&q);
                return if flipped { order.reverse() } else { order };
            }
            let (r, s) = (a % b, c % d);
            match (r == 0, s == 0) {
                (true, true) => return Ordering::Equal,
                (true, false) => return if flipped { Ordering::Greater } else { Ordering::Less },
                (false, true) => return if flipped { Ordering::Less } else { Ordering::Greater },
                (false, false) => {}
            }
            // `a/b = p + r/b`: compare `b/r` against `d/s`, the other way round.
            (a, b, c, d) = (b, r, d, s);
            flipped = !flipped;
        }
    }
}

impl PartialOrd for Fraction {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 32-bit targets' reduction is the host's.
    #[test]
    fn limb_reduction_is_the_u128_one() {
        let mut x: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // A shared factor `k`, so that the reduction has work to do.
            let k = x % 1000 + 1;
            let (num, den) = ((x >> (x % 97)) / k * k, ((x.rotate_left(41) >> (x % 113)) / k).max(1) * k);
            let g = gcd_u128(num, den);
            assert_eq!(reduce_by_limbs(num, den), Fraction { num: num / g, den: den / g }, "{num}/{den}");
        }
    }
    extern crate std;
    use std::string::ToString;

    #[test]
    fn gcd_matches_euclid() {
        fn euclid(a: u128, b: u128) -> u128 {
            if b == 0 {
                a
            } else {
                euclid(b, a % b)
            }
        }
        let samples = [0u128, 1, 2, 3, 6, 12, 97, 1 << 40, 3 << 70, u128::from(u64::MAX), u128::MAX, 420u128.pow(13)];
        for &a in &samples {
            for &b in &samples {
                assert_eq!(gcd_u128(a, b), euclid(a, b), "gcd({a}, {b})");
            }
        }
    }

    #[test]
    fn displays_lowest_terms() {
        assert_eq!(Fraction::new(6, 4).map(|f| f.to_string()), Some("3/2".into()));
        assert_eq!(Fraction::new(0, 7).map(|f| f.to_string()), Some("0/1".into()));
        assert_eq!(Fraction::new(5, 5).map(|f| f.to_string()), Some("1/1".into()));
        assert_eq!(Fraction::new(1, 0), None);
    }

    #[test]
    fn order_is_the_cross_product_order() {
        let values = [0u128, 1, 2, 3, 5, 7, 8, 13, 99, 100, 300, 1 << 70, u128::MAX / 3, u128::MAX];
        for &a in &values {
            for &b in values.iter().filter(|&&b| b > 0) {
                for &c in &values {
                    for &d in values.iter().filter(|&&d| d > 0) {
                        let (x, y) = (Fraction::new(a, b).unwrap(), Fraction::new(c, d).unwrap());
                        // The cross products in 256 bits: `a·d` against `c·b`.
                        let wide = |p: u128, q: u128| {
                            let mut out = [0u64; 4];
                            crate::natural::mul(&[low64(p), high64(p)], &[low64(q), high64(q)], &mut out);
                            out
                        };
                        let expected = crate::natural::compare(&wide(a, d), &wide(c, b));
                        assert_eq!(x.cmp(&y), expected, "{a}/{b} against {c}/{d}");
                    }
                }
            }
        }
    }
}
