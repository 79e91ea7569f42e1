//! The answer of both fights, [`tavern`](crate::tavern) and [`battle`](crate::battle): exact
//! [`Odds`] made of three [`Probability`]s that sum to exactly one.
//!
//! Every random choice of a fight is among at most [`MAX_MINIONS`] minions or of who starts,
//! so every probability is `p / (2^a·3^b·5^c·7^d)`: a [`Probability`] keeps the exponents and
//! the numerator, in `u128` when it fits (the fast path: no memory of the caller's) or in the
//! caller's scratch words when a long fight needs up to 1 024 bits (then the [`Odds`] borrow
//! the scratch, a few words on the machine stack instead of hundreds of bytes). Each is in
//! lowest terms, compares by value, and is written as a fraction, a decimal or a percentage,
//! exactly ([`crate::decimal`]).
//!
//! ```
//! use referee_core::tavern::{self, Battle, Strategy, FIXED_SCRATCH_WORDS};
//!
//! let mut words = [0u32; FIXED_SCRATCH_WORDS]; // a firmware keeps it in a `static`
//! let odds = tavern::odds(&Battle::new(&[2, 5], &[3, 4, 1])?, Strategy::default(), &mut words[..])?;
//! assert_eq!(odds.bob().to_string(), "3/4");
//! assert_eq!(odds.alice().decimal(3).to_string(), "0.125");
//! assert_eq!(format!("{:>7}", odds.tie().percent(1)), "  12.5%");
//! assert!(odds.bob() > odds.alice() && odds.alice() == odds.tie());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::cmp::Ordering;
use core::fmt;

use crate::decimal::{self, Decimal, Form};
use crate::fraction::Fraction;
use crate::natural::{self, Natural};

/// The most minions a side of a fight has, in both [`tavern`](crate::tavern) and
/// [`battle`](crate::battle).
pub const MAX_MINIONS: usize = 7;

/// The primes of every denominator.
const PRIMES: [u32; 4] = [2, 3, 5, 7];

/// An exact probability `p / (2^a·3^b·5^c·7^d)` in lowest terms: `0/1` for zero, `1/1` for a
/// certainty. Displayed as the irreducible fraction `p/q`, padded to the formatter's width and
/// alignment; [`Probability::decimal`] and [`Probability::percent`] round it exactly. The
/// numerator lives in `u128` or, when a long fight needs more, in the caller's scratch (hence
/// the lifetime).
#[derive(Clone, Copy, Debug)]
pub struct Probability<'a> {
    numerator: Numerator<'a>,
    /// The exponents of 2, 3, 5 and 7 in the denominator.
    exponents: [u16; 4],
}

/// Where a numerator is.
#[derive(Clone, Copy, Debug)]
enum Numerator<'a> {
    /// It fits a `u128`.
    Small(u128),
    /// Little-endian `u32` words of the caller's scratch (at most 1 024 bits).
    Words(&'a [u32]),
}

impl<'a> Probability<'a> {
    /// Zero, `0/1`.
    pub const ZERO: Probability<'static> = Probability { numerator: Numerator::Small(0), exponents: [0; 4] };
    /// A certainty, `1/1`.
    pub const ONE: Probability<'static> = Probability { numerator: Numerator::Small(1), exponents: [0; 4] };

    /// `numerator / (2^e[0]·3^e[1]·5^e[2]·7^e[3])` in lowest terms (the common powers divided
    /// out).
    pub(crate) fn small(mut numerator: u128, mut exponents: [u16; 4]) -> Probability<'static> {
        if numerator == 0 {
            return Self::ZERO;
        }
        for (&p, e) in PRIMES.iter().zip(exponents.iter_mut()) {
            while *e > 0 && numerator.is_multiple_of(u128::from(p)) {
                numerator /= u128::from(p);
                *e -= 1;
            }
        }
        Probability { numerator: Numerator::Small(numerator), exponents }
    }

    /// The probability whose numerator is the little-endian `words`, already in lowest terms
    /// over `exponents`.
    pub(crate) const fn from_reduced_words(words: &'a [u32], exponents: [u16; 4]) -> Self {
        Self { numerator: Numerator::Words(words), exponents }
    }

    /// The numerator.
    fn numerator(&self) -> Natural {
        match self.numerator {
            Numerator::Small(n) => Natural::from_u128(n),
            Numerator::Words(words) => Natural::from_words(words),
        }
    }

    /// The denominator: at most 1 024 bits by construction (a wider one is cut, never made).
    fn denominator(&self) -> Natural {
        let mut den = Natural::from_u128(1);
        for (&p, &e) in PRIMES.iter().zip(&self.exponents) {
            for _ in 0..e {
                natural::mul_small(den.limbs_mut(), u64::from(p));
            }
        }
        den
    }

    /// Whether it is zero.
    ///
    /// # Complexity
    /// `O(w)` for the `w` words of the numerator.
    #[must_use]
    pub fn is_zero(&self) -> bool {
        self.numerator().is_zero()
    }

    /// Whether it is a certainty.
    ///
    /// # Complexity
    /// `O(w)` for the `w` words of the numerator.
    #[must_use]
    pub fn is_one(&self) -> bool {
        self.exponents == [0; 4] && self.numerator().to_u128() == Some(1)
    }

    /// The same value as a [`Fraction`], when its numerator and denominator fit a `u128`.
    ///
    /// # Complexity
    /// `O(a + b + c + d)` multiplications for the denominator's exponents.
    #[must_use]
    pub fn to_fraction(&self) -> Option<Fraction> {
        Fraction::from_reduced(self.numerator().to_u128()?, self.denominator().to_u128()?)
    }

    /// The value as a decimal with `digits` digits after the point (at most
    /// [`MAX_DIGITS`](crate::decimal::MAX_DIGITS)), rounded to nearest, ties away from zero:
    /// exact, never a float, so `0.5` is never shown as `0.499`.
    ///
    /// # Complexity
    /// `O(digits · w)` for a denominator of `w` limbs, when displayed.
    #[must_use]
    pub fn decimal(&self, digits: u32) -> Decimal {
        Decimal::new(self.numerator().limbs(), self.denominator().limbs(), Form::Decimal(digits))
    }

    /// The value as a percentage with `digits` digits after the point and `%`, rounded as
    /// [`Probability::decimal`]: `0.0%` or `100.0%` only when rounding makes it so; see
    /// [`Probability::is_zero`] and [`Probability::is_one`] for the exact cases.
    ///
    /// # Complexity
    /// As [`Probability::decimal`].
    #[must_use]
    pub fn percent(&self, digits: u32) -> Decimal {
        Decimal::new(self.numerator().limbs(), self.denominator().limbs(), Form::Percent(digits))
    }
}

impl fmt::Display for Probability<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (num, den) = (self.numerator(), self.denominator());
        decimal::pad(f, |out| decimal::write_ratio(out, num.limbs(), den.limbs(), Form::Fraction))
    }
}

/// Equal values: both are in lowest terms, so numerator and exponents are equal.
impl PartialEq for Probability<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.exponents == other.exponents && self.numerator() == other.numerator()
    }
}

impl Eq for Probability<'_> {}

/// Ordered by value, exactly.
impl Ord for Probability<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        let (a, b) = (self.numerator(), self.denominator());
        let (c, d) = (other.numerator(), other.denominator());
        natural::compare_ratios(a.limbs(), b.limbs(), c.limbs(), d.limbs())
    }
}

impl PartialOrd for Probability<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(feature = "defmt")]
impl defmt::Format for Probability<'_> {
    fn format(&self, f: defmt::Formatter<'_>) {
        match self.to_fraction() {
            Some(p) => defmt::write!(f, "{=u128}/{=u128}", p.numer(), p.denom()),
            None => defmt::write!(f, "(a probability beyond 128 bits)"),
        }
    }
}

/// The exact odds of a fight: Alice wins, Bob wins, or neither (a tie); they sum to exactly
/// one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Odds<'a> {
    alice: Probability<'a>,
    bob: Probability<'a>,
    tie: Probability<'a>,
}

impl<'a> Odds<'a> {
    /// The odds of the three outcomes (which the solvers make sum to one).
    pub(crate) const fn new(alice: Probability<'a>, bob: Probability<'a>, tie: Probability<'a>) -> Self {
        Self { alice, bob, tie }
    }

    /// The probability that Alice wins.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn alice(&self) -> Probability<'a> {
        self.alice
    }

    /// The probability that Bob wins.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn bob(&self) -> Probability<'a> {
        self.bob
    }

    /// The probability of a tie.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn tie(&self) -> Probability<'a> {
        self.tie
    }

    /// Alice's, Bob's and the tie's probabilities, in that order (the judge formats' lines).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn all(&self) -> [Probability<'a>; 3] {
        [self.alice, self.bob, self.tie]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;
    use std::string::ToString;

    #[test]
    fn small_probabilities_reduce_and_compare() {
        let eighth = Probability::small(420 * 3, [5, 2, 1, 1]); // 1260 / (2^5·3^2·5·7) = 1/8
        assert_eq!(eighth.to_string(), "1/8");
        assert_eq!(eighth.to_fraction(), Fraction::new(1, 8));
        let half = Probability::small(1, [1, 0, 0, 0]);
        assert!(half > eighth && half < Probability::ONE);
        assert_eq!(Probability::small(0, [3, 3, 3, 3]), Probability::ZERO);
        assert!(Probability::small(49, [0, 0, 0, 2]).is_one());
        assert_eq!(half.decimal(12).to_string(), "0.500000000000");
        assert_eq!(format!("[{:<8}]", half.percent(2)), "[50.00%  ]");
        assert_eq!(format!("[{half:>5}]"), "[  1/2]");
    }

    #[test]
    fn word_numerators_equal_small_ones() {
        let words = [3u32, 0, 0, 0];
        let wide = Probability::from_reduced_words(&words, [2, 0, 0, 0]);
        let small = Probability::small(3, [2, 0, 0, 0]);
        assert_eq!(wide, small);
        assert_eq!(wide.cmp(&small), Ordering::Equal);
        // 1 / 2^1000 is a positive probability whose 12-digit decimal is zero.
        let one = [1u32];
        let tiny = Probability::from_reduced_words(&one, [1000, 0, 0, 0]);
        assert!(!tiny.is_zero() && tiny > Probability::ZERO);
        assert_eq!(tiny.decimal(12).to_string(), "0.000000000000");
        assert_eq!(tiny.to_fraction(), None);
        assert!(tiny.to_string().starts_with("1/10715086071862673209484250490600018105614048117055336074437503883703510511249361224931983788156958581275946729175531468251871452856923140435984577574698574803934567774824230985421074605062371141877954182153046474983581941267398767559165543946077062914571196477686542167660429831652624386837205668069376"));
    }
}
