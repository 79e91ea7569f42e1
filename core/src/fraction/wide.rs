//! [`WideFraction`]: a fraction of 256-bit integers in lowest terms.

use core::cmp::Ordering;
use core::fmt;

use super::Fraction;
use crate::decimal::{self, Decimal, Form};
use crate::natural::{self, high64, low64};

/// Limbs of a [`WideFraction`]'s numerator and denominator.
const LIMBS: usize = 4;

/// An exact non-negative fraction whose numerator and denominator may need up to 256 bits, in
/// lowest terms: what [`Fraction`] is for values that outgrow `u128` (the opponents'
/// game-win percentage of a long event with long matches, see
/// [`standings`](crate::standings)). Displayed as `p/q`, padded to the formatter's width and
/// alignment; [`WideFraction::decimal`] and [`WideFraction::percent`] write it rounded.
///
/// ```
/// use referee_core::{Fraction, WideFraction};
///
/// let wide = WideFraction::from(Fraction::new(107, 180).ok_or("zero denominator")?);
/// assert_eq!(wide.to_string(), "107/180");
/// assert_eq!(wide.percent(4).to_string(), "59.4444%");
/// assert_eq!(wide.to_fraction(), Fraction::new(107, 180));
/// # Ok::<(), &str>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WideFraction {
    num: [u64; LIMBS],
    den: [u64; LIMBS],
}

impl WideFraction {
    /// Zero, `0/1`.
    pub const ZERO: Self = Self { num: [0; LIMBS], den: [1, 0, 0, 0] };
    /// One, `1/1`.
    pub const ONE: Self = Self { num: [1, 0, 0, 0], den: [1, 0, 0, 0] };

    /// `num / den` (little-endian limbs, at most four each) in lowest terms; `None` for a zero
    /// denominator or wider numbers.
    ///
    /// # Complexity
    /// A `u128` gcd when both fit, else a binary gcd on the limbs: `O(256)` steps.
    pub(crate) fn new(num: &[u64], den: &[u64]) -> Option<Self> {
        if natural::used(den) == 0 || natural::used(num) > LIMBS || natural::used(den) > LIMBS {
            return None;
        }
        let mut this = Self { num: [0; LIMBS], den: [0; LIMBS] };
        this.num[..natural::used(num)].copy_from_slice(&num[..natural::used(num)]);
        this.den[..natural::used(den)].copy_from_slice(&den[..natural::used(den)]);
        if natural::used(&this.num) <= 2 && natural::used(&this.den) <= 2 {
            let value = |l: &[u64; LIMBS]| u128::from(l[1]) << 64 | u128::from(l[0]);
            let small = Fraction::new(value(&this.num), value(&this.den))?;
            return Some(Self::from(small));
        }
        let (mut g, mut work) = (this.num, this.den);
        natural::gcd_into(&mut g, &mut work);
        for part in [&mut this.num, &mut this.den] {
            let mut quotient = [0; LIMBS];
            let mut rest = [0; LIMBS + 1];
            natural::div_rem(part, &g, &mut quotient, &mut rest);
            *part = quotient;
        }
        Some(this)
    }

    /// The same value as a [`Fraction`], when both its numbers fit a `u128`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn to_fraction(&self) -> Option<Fraction> {
        let fits = |l: &[u64; LIMBS]| (l[2] | l[3] == 0).then(|| u128::from(l[1]) << 64 | u128::from(l[0]));
        Fraction::from_reduced(fits(&self.num)?, fits(&self.den)?)
    }

    /// The value as a decimal with `digits` digits after the point, rounded to nearest, ties
    /// away from zero, as [`Fraction::decimal`].
    ///
    /// # Complexity
    /// `O(digits)` steps of long division when displayed.
    #[must_use]
    pub fn decimal(&self, digits: u32) -> Decimal {
        Decimal::new(&self.num, &self.den, Form::Decimal(digits))
    }

    /// The value as a percentage with `digits` digits after the point, as
    /// [`Fraction::percent`].
    ///
    /// # Complexity
    /// As [`WideFraction::decimal`].
    #[must_use]
    pub fn percent(&self, digits: u32) -> Decimal {
        Decimal::new(&self.num, &self.den, Form::Percent(digits))
    }
}

impl From<Fraction> for WideFraction {
    fn from(f: Fraction) -> Self {
        let (n, d) = (f.numer(), f.denom());
        Self { num: [low64(n), high64(n), 0, 0], den: [low64(d), high64(d), 0, 0] }
    }
}

impl fmt::Display for WideFraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Almost every value fits a `Fraction`, whose digits are written by words.
        if let Some(small) = self.to_fraction() {
            return fmt::Display::fmt(&small, f);
        }
        decimal::pad(f, |out| decimal::write_ratio(out, &self.num, &self.den, Form::Fraction))
    }
}

/// Ordered by value, exactly (cross products of 512 bits).
impl Ord for WideFraction {
    fn cmp(&self, other: &Self) -> Ordering {
        natural::compare_ratios(&self.num, &self.den, &other.num, &other.den)
    }
}

impl PartialOrd for WideFraction {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(feature = "defmt")]
impl defmt::Format for WideFraction {
    fn format(&self, f: defmt::Formatter<'_>) {
        match self.to_fraction() {
            Some(small) => defmt::write!(f, "{=u128}/{=u128}", small.numer(), small.denom()),
            None => defmt::write!(f, "(a fraction beyond 128 bits)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn wide_values_reduce_and_compare() {
        // (3·2^200) / (6·2^200) = 1/2; 2^250 / 3 against 2^250 / 5.
        let mut a = [0u64; 4];
        a[3] = 3 << 8;
        let mut b = [0u64; 4];
        b[3] = 6 << 8;
        let half = WideFraction::new(&a, &b).unwrap();
        assert_eq!(half.to_string(), "1/2");
        assert_eq!(half.to_fraction(), Fraction::new(1, 2));
        let mut big = [0u64; 4];
        big[3] = 1 << 58;
        let third = WideFraction::new(&big, &[3]).unwrap();
        let fifth = WideFraction::new(&big, &[5]).unwrap();
        assert!(fifth < third);
        assert_eq!(third.to_fraction(), None);
        assert_eq!(WideFraction::new(&[1], &[0]), None);
        assert_eq!(WideFraction::new(&[0], &[9]), Some(WideFraction::ZERO));
    }
}
