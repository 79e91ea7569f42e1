//! The one writer of every exact number: a ratio of two unsigned integers (little-endian
//! `u64` limbs, up to 16, 1 024 bits) as a fraction `p/q`, as a
//! decimal with a fixed number of digits, or as a percentage, each rounded to nearest with
//! ties away from zero, and padded to a [`fmt::Formatter`]'s width and alignment.
//! [`crate::Fraction`], [`crate::WideFraction`] and [`crate::odds::Probability`] all write
//! through it.

use core::fmt::{self, Write as _};

use crate::natural::{self, Natural, MAX_LIMBS};

/// The most digits after the point a decimal may ask for.
pub const MAX_DIGITS: u32 = 40;

/// How a ratio is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// `p/q`.
    Fraction,
    /// A decimal with this many digits after the point.
    Decimal(u32),
    /// A percentage (`100·p/q`) with this many digits after the point, then `%`.
    Percent(u32),
}

/// Writes `num / den` (`den ≠ 0`, both at most [`MAX_LIMBS`] limbs) in `form` to `out`.
///
/// # Errors
/// [`fmt::Error`] for more than [`MAX_DIGITS`] digits, a zero denominator or a number wider
/// than [`MAX_LIMBS`] limbs; otherwise whatever `out` returns.
pub(crate) fn write_ratio(out: &mut (impl fmt::Write + ?Sized), num: &[u64], den: &[u64], form: Form) -> fmt::Result {
    if natural::used(den) == 0 || natural::used(num) > MAX_LIMBS || natural::used(den) > MAX_LIMBS {
        return Err(fmt::Error);
    }
    match form {
        Form::Fraction => {
            natural::write(out, num)?;
            out.write_str("/")?;
            natural::write(out, den)
        }
        Form::Decimal(digits) => write_decimal(out, Natural::from_limbs(num), den, digits),
        Form::Percent(digits) => {
            let mut scaled = Natural::from_limbs(num);
            natural::mul_small(scaled.limbs_mut(), 100);
            write_decimal(out, scaled, den, digits)?;
            out.write_str("%")
        }
    }
}

/// Writes `num / den` with `digits` digits after the point, rounded to nearest, ties away from
/// zero: the whole part, then each digit as `⌊10·rest / den⌋` (in `u128` words when the numbers
/// fit, else by [`long_division`] on limbs).
fn write_decimal(out: &mut (impl fmt::Write + ?Sized), num: Natural, den: &[u64], digits: u32) -> fmt::Result {
    if digits > MAX_DIGITS {
        return Err(fmt::Error);
    }
    let mut fraction = [0u8; MAX_DIGITS as usize];
    let (mut whole, up) = match (num.to_u128(), small(den)) {
        // Both fit a `u128` with room for `10·rest` (`rest < den < 2^124`): word divisions
        // (the standings' percentages, almost every value printed), on 64-bit hosts (the
        // 32-bit targets keep their flash: no `u128` division).
        (Some(n), Some(d)) if cfg!(target_pointer_width = "64") && d >> 124 == 0 => {
            let mut rest = n % d;
            for digit in fraction.iter_mut().take(digits as usize) {
                rest *= 10;
                // `rest < 10·den`: the quotient is a digit.
                *digit = u8::try_from(rest / d).unwrap_or(9);
                rest %= d;
            }
            (Natural::from_u128(n / d), rest >= d - rest)
        }
        _ => long_division(num, den, &mut fraction[..digits as usize]),
    };
    if up {
        let mut carry = true;
        for digit in fraction[..digits as usize].iter_mut().rev() {
            *digit += 1;
            carry = *digit == 10;
            if !carry {
                break;
            }
            *digit = 0;
        }
        if carry {
            natural::add_assign(whole.limbs_mut(), &[1]);
        }
    }
    natural::write(out, whole.limbs())?;
    if digits > 0 {
        out.write_str(".")?;
        for &d in &fraction[..digits as usize] {
            out.write_char(char::from(b'0' + d))?;
        }
    }
    Ok(())
}

/// `num / den` on limbs: the whole part, the digits after the point into `fraction` (each
/// `⌊10·rest / den⌋`), and whether the rest rounds the last digit up (`2·rest ≥ den`).
fn long_division(num: Natural, den: &[u64], fraction: &mut [u8]) -> (Natural, bool) {
    // `den` has at most `MAX_LIMBS` limbs: the `min` never changes `width`, and keeps the
    // slicing's panic calls out.
    let width = natural::used(den).min(MAX_LIMBS);
    let mut whole = Natural::ZERO;
    let mut rest = [0u64; MAX_LIMBS + 1];
    natural::div_rem(num.limbs(), den, whole.limbs_mut(), &mut rest[..=width]);
    let rest = &mut rest[..=width];
    for digit in fraction.iter_mut() {
        // `rest < den`: `10·rest` fits one more limb, and the digit is below 10.
        natural::mul_small(rest, 10);
        let mut d = 0;
        while natural::compare(rest, den) != core::cmp::Ordering::Less {
            natural::sub_assign(rest, den);
            d += 1;
        }
        *digit = d;
    }
    natural::mul_small(rest, 2);
    (whole, natural::compare(rest, den) != core::cmp::Ordering::Less)
}

/// `value` as a `u128`, when its limbs fit one.
fn small(value: &[u64]) -> Option<u128> {
    let limb = |i: usize| u128::from(value.get(i).copied().unwrap_or(0));
    (natural::used(value) <= 2).then(|| limb(1) << 64 | limb(0))
}

/// Counts the characters written to it.
struct Counter(usize);

impl fmt::Write for Counter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.chars().count();
        Ok(())
    }
}

/// Writes what `body` writes, padded to `f`'s width with its fill character and alignment
/// (right-aligned unless asked otherwise, as numbers are).
///
/// # Errors
/// Whatever `body` or `f` returns.
pub(crate) fn pad(f: &mut fmt::Formatter<'_>, body: impl Fn(&mut dyn fmt::Write) -> fmt::Result) -> fmt::Result {
    let Some(width) = f.width() else { return body(f) };
    let mut counter = Counter(0);
    body(&mut counter)?;
    let padding = width.saturating_sub(counter.0);
    let (before, after) = match f.align() {
        Some(fmt::Alignment::Left) => (0, padding),
        Some(fmt::Alignment::Center) => (padding / 2, padding - padding / 2),
        Some(fmt::Alignment::Right) | None => (padding, 0),
    };
    let fill = f.fill();
    for _ in 0..before {
        f.write_char(fill)?;
    }
    body(f)?;
    for _ in 0..after {
        f.write_char(fill)?;
    }
    Ok(())
}

/// A ratio to display in one form (fraction, decimal or percentage), padded to the formatter's width: what
/// [`crate::Fraction::decimal`], [`crate::Fraction::percent`] and their kin return.
#[derive(Clone, Copy, Debug)]
pub struct Decimal {
    num: [u64; MAX_LIMBS],
    den: [u64; MAX_LIMBS],
    form: Form,
}

impl Decimal {
    /// `num / den` in `form` (numbers of at most [`MAX_LIMBS`] limbs; wider ones are cut, and
    /// callers never pass them).
    pub(crate) fn new(num: &[u64], den: &[u64], form: Form) -> Self {
        let mut this = Self { num: [0; MAX_LIMBS], den: [0; MAX_LIMBS], form };
        for (to, from) in [(&mut this.num, num), (&mut this.den, den)] {
            for (limb, &value) in to.iter_mut().zip(natural::trimmed(from)) {
                *limb = value;
            }
        }
        this
    }
}

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        pad(f, |out| write_ratio(out, &self.num, &self.den, self.form))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;
    use std::string::String;

    fn show(num: u128, den: u128, form: Form) -> String {
        let mut s = String::new();
        let limbs = |x: u128| [natural::low64(x), natural::high64(x)];
        write_ratio(&mut s, &limbs(num), &limbs(den), form).unwrap();
        s
    }

    /// The `u128` words and the long division on limbs give the same digits and rounding.
    #[test]
    fn word_and_limb_divisions_agree() {
        let mut x: u128 = 0x0123_4567_89AB_CDEF_FEDC_BA98_7654_3210;
        for _ in 0..3000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let den = (x.rotate_left(29) >> (4 + x % 120)).max(1);
            let num = (x >> (x % 128)) % den.saturating_mul(1000).max(1);
            let mut fast = String::new();
            write_ratio(
                &mut fast,
                &[natural::low64(num), natural::high64(num)],
                &[natural::low64(den), natural::high64(den)],
                Form::Decimal(12),
            )
            .unwrap();
            let mut digits = [0u8; 12];
            let (whole, up) =
                long_division(Natural::from_u128(num), &[natural::low64(den), natural::high64(den)], &mut digits);
            // The limb path's digits are the decimal's when it does not round up (about half).
            if !up {
                let text: String = digits.iter().map(|&d| char::from(b'0' + d)).collect();
                assert_eq!(fast, std::format!("{}.{text}", whole.to_u128().unwrap()), "{num}/{den}");
            }
        }
    }

    #[test]
    fn decimals_round_to_nearest_ties_away() {
        assert_eq!(show(1, 8, Form::Decimal(12)), "0.125000000000");
        assert_eq!(show(1, 8, Form::Decimal(2)), "0.13");
        assert_eq!(show(2, 3, Form::Decimal(12)), "0.666666666667");
        assert_eq!(show(1, 1, Form::Decimal(3)), "1.000");
        assert_eq!(show(9999, 10000, Form::Decimal(3)), "1.000");
        assert_eq!(show(9999, 10000, Form::Decimal(0)), "1");
        assert_eq!(show(7, 2, Form::Decimal(0)), "4");
        assert_eq!(show(0, 5, Form::Decimal(1)), "0.0");
        assert_eq!(show(u128::MAX, 1, Form::Decimal(1)), format!("{}.0", u128::MAX));
        assert_eq!(show(u128::MAX, u128::MAX - 1, Form::Decimal(3)), "1.000");
    }

    #[test]
    fn percentages_and_fractions() {
        assert_eq!(show(2, 3, Form::Percent(4)), "66.6667%");
        assert_eq!(show(1, 3, Form::Percent(2)), "33.33%");
        assert_eq!(show(1, 1, Form::Percent(0)), "100%");
        assert_eq!(show(33, 100, Form::Percent(4)), "33.0000%");
        assert_eq!(show(6, 4, Form::Fraction), "6/4");
        assert!(write_ratio(&mut String::new(), &[1], &[0], Form::Fraction).is_err());
        assert!(write_ratio(&mut String::new(), &[1], &[1], Form::Decimal(MAX_DIGITS + 1)).is_err());
    }

    #[test]
    fn padding_follows_the_formatter() {
        let d = Decimal::new(&[2], &[3], Form::Decimal(3));
        assert_eq!(format!("{d}"), "0.667");
        assert_eq!(format!("[{d:8}]"), "[   0.667]");
        assert_eq!(format!("[{d:<8}]"), "[0.667   ]");
        assert_eq!(format!("[{d:^9}]"), "[  0.667  ]");
        assert_eq!(format!("[{d:*>7}]"), "[**0.667]");
        assert_eq!(format!("[{d:2}]"), "[0.667]");
    }

    #[test]
    fn wide_ratios_are_exact() {
        // (2^1000 - 1) / 2^1000 is 1.000 to three digits, 0.99… to 300.
        let mut den = [0u64; MAX_LIMBS];
        den[1000 / 64] = 1 << (1000 % 64);
        let mut num = den;
        natural::sub_assign(&mut num, &[1]);
        let mut s = String::new();
        write_ratio(&mut s, &num, &den, Form::Decimal(3)).unwrap();
        assert_eq!(s, "1.000");
        // 2^900 / (3·2^900) = 0.333…
        let mut third = [0u64; MAX_LIMBS];
        third[900 / 64] = 1 << (900 % 64);
        let mut three = third;
        natural::mul_small(&mut three, 3);
        s.clear();
        write_ratio(&mut s, &third, &three, Form::Decimal(40)).unwrap();
        assert_eq!(s, format!("0.{}", "3".repeat(40)));
        s.clear();
        write_ratio(&mut s, &three, &third, Form::Fraction).unwrap();
        assert!(s.ends_with(&format!("/{}", "8452712498170643941637436558664265704301557216577944354047371344426782440907597751590676094202515006314790319892114058862117560952042968596008623655407033230534186943984081346699704282822823056848387726531379014466368452684024987821414350380272583623832617294363807973376")));
    }
}
