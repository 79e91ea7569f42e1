//! Exact non-negative fractions over `u128`, always kept in lowest terms.

use core::fmt;

use crate::digits::write_u128;

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

/// A fraction `num / den` in lowest terms with `den > 0`; displayed as `p/q` (`0/1`, `1/1`).
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
        if let (Ok(n), Ok(d)) = (u64::try_from(num), u64::try_from(den)) {
            let g = gcd_u64(n, d);
            return Some(Self { num: u128::from(n / g), den: u128::from(d / g) });
        }
        let g = gcd_u128(num, den);
        Some(Self { num: num / g, den: den / g })
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
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_u128(f, self.num)?;
        f.write_str("/")?;
        write_u128(f, self.den)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
}
