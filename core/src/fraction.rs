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

/// An odd prime with what exact division by it needs: its inverse modulo `2^64` and
/// `u64::MAX / p` (Granlund and Montgomery: `p` divides `x` exactly when `x·inverse mod 2^64`,
/// which is then `x / p`, is at most `u64::MAX / p`).
#[derive(Clone, Copy)]
struct OddPrime {
    inverse: u64,
    max_quotient: u64,
}

impl OddPrime {
    const fn new(p: u64) -> Self {
        // Newton's iteration doubles the correct low bits: 3 (p·p ≡ 1 mod 8), 6, …, 96.
        let mut inverse = p;
        let mut step = 0;
        while step < 5 {
            inverse = inverse.wrapping_mul(2u64.wrapping_sub(p.wrapping_mul(inverse)));
            step += 1;
        }
        Self { inverse, max_quotient: u64::MAX / p }
    }

    /// Whether `p` divides `x`.
    #[inline(always)]
    const fn divides(self, x: u64) -> bool {
        x.wrapping_mul(self.inverse) <= self.max_quotient
    }

    /// Divides `p` out of both `num` and `den` as often as it divides both, for a `p` known to
    /// divide `num`.
    #[inline(always)]
    fn take_out(self, num: &mut u64, den: &mut u64) {
        // `p` divides `num` (the caller's screen): the first quotient is exact, untested.
        let mut quotient = num.wrapping_mul(self.inverse);
        loop {
            let den_quotient = den.wrapping_mul(self.inverse);
            if den_quotient > self.max_quotient {
                return;
            }
            *num = quotient;
            *den = den_quotient;
            quotient = quotient.wrapping_mul(self.inverse);
            if quotient > self.max_quotient {
                return;
            }
        }
    }

    /// Divides `p` out of both `num` and `den` if it divides both, for a `p` that divides
    /// `den` at most once: one test each, no loop.
    #[inline(always)]
    fn take_out_once(self, num: &mut u64, den: &mut u64) {
        // `p` divides `den` (the caller's promise): only `num` is tested, and both quotients
        // are kept or not without a branch (whether `p` divides a sum is a coin toss).
        let (quotient, den_quotient) = (num.wrapping_mul(self.inverse), den.wrapping_mul(self.inverse));
        let divides = quotient <= self.max_quotient;
        *num = if divides { quotient } else { *num };
        *den = if divides { den_quotient } else { *den };
    }
}

/// The odd primes up to 47; bit `i` of a [`PrimeSet`] stands for `ODD_PRIMES[i]`.
const ODD_PRIME_VALUES: [u64; 14] = [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47];

/// [`ODD_PRIME_VALUES`] with their inverses, indexed by the 16 bits of a [`PrimeSet`]: the last
/// two (never set) divide nothing but zero, so an index below 16 needs no bounds check.
static ODD_PRIMES: [OddPrime; 16] = {
    let mut table = [OddPrime { inverse: 1, max_quotient: 0 }; 16];
    let mut i = 0;
    while i < ODD_PRIME_VALUES.len() {
        table[i] = OddPrime::new(ODD_PRIME_VALUES[i]);
        i += 1;
    }
    table
};

/// A set of odd primes up to 47, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PrimeSet(u16);

impl PrimeSet {
    /// Every odd prime up to 47.
    pub(crate) const ALL: Self = Self((1 << ODD_PRIME_VALUES.len()) - 1);

    /// The odd primes up to 47 dividing `n` (computed).
    pub(crate) const fn computed(n: u64) -> Self {
        let mut bits = 0;
        let mut i = 0;
        while i < ODD_PRIME_VALUES.len() {
            if n.is_multiple_of(ODD_PRIME_VALUES[i]) {
                bits |= 1 << i;
            }
            i += 1;
        }
        Self(bits)
    }

    /// The odd primes dividing `n`, from a table for `n ≤ 48`; [`PrimeSet::ALL`] for a larger
    /// `n` (never too few primes, so a reduction stays exact).
    ///
    /// # Complexity
    /// `O(1)`.
    #[inline]
    pub(crate) fn of(n: u64) -> Self {
        /// [`PrimeSet::computed`] of `0..=48`.
        static SMALL: [PrimeSet; 49] = {
            let mut table = [PrimeSet(0); 49];
            let mut n = 0;
            while n < table.len() {
                table[n] = PrimeSet::computed(n as u64);
                n += 1;
            }
            table
        };
        usize::try_from(n).ok().and_then(|n| SMALL.get(n)).copied().unwrap_or(Self::ALL)
    }

    /// Both sets' primes.
    #[must_use]
    pub(crate) const fn union(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }
}

/// The bits of the primes from 17 up in a [`PrimeSet`] (17 is the sixth odd prime).
const ONCE_PRIMES: u16 = !SMALL_PRIMES;
/// The bits of 3, 5, 7, 11 and 13 in a [`PrimeSet`].
const SMALL_PRIMES: u16 = 0b1_1111;
/// `3·5·7·11·13`: a number's residue modulo it tells which small primes divide it.
#[cfg(target_pointer_width = "64")]
const SMALL_PRODUCT: u64 = 15_015;

/// [`PrimeSet`] bits of the small primes dividing each residue modulo [`SMALL_PRODUCT`] (15 KB:
/// the 64-bit hosts only).
#[cfg(target_pointer_width = "64")]
#[allow(clippy::cast_possible_truncation, reason = "15 015 fits any usize")]
static SMALL_DIVISORS: [u8; SMALL_PRODUCT as usize] = {
    let mut table = [0u8; SMALL_PRODUCT as usize];
    let mut residue = 0;
    while residue < table.len() {
        let mut i = 0;
        while i < 5 {
            if (residue as u64).is_multiple_of(ODD_PRIME_VALUES[i]) {
                table[residue] |= 1 << i;
            }
            i += 1;
        }
        residue += 1;
    }
    table
};

/// The [`PrimeSet`] bits of the small primes (3 to 13) among `candidates` that divide `num`:
/// one remainder and one table load on 64-bit hosts, a multiplication by each candidate's
/// inverse on the 32-bit targets (no table in their flash, no 64-bit division).
#[inline(always)]
fn small_divisors(num: u64, candidates: u16) -> u16 {
    #[cfg(target_pointer_width = "64")]
    {
        // The residue is below 15 015: it indexes the table (a `usize` of 64 bits here). Most
        // numerators of `OMW` and `GW` are their own residue: no remainder then.
        let residue = usize::try_from(if num < SMALL_PRODUCT { num } else { num % SMALL_PRODUCT }).unwrap_or_default();
        match SMALL_DIVISORS.get(residue) {
            Some(&bits) => u16::from(bits) & candidates,
            None => computed_small_divisors(num, candidates),
        }
    }
    #[cfg(not(target_pointer_width = "64"))]
    {
        computed_small_divisors(num, candidates)
    }
}

/// [`small_divisors`] by a multiplication for each candidate (the 32-bit targets').
fn computed_small_divisors(num: u64, candidates: u16) -> u16 {
    let mut bits = candidates & SMALL_PRIMES;
    let mut divisors = 0;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize % 16;
        bits &= bits - 1;
        if ODD_PRIMES[i].divides(num) {
            divisors |= 1 << i;
        }
    }
    divisors
}

/// `num / den` in lowest terms for a `den > 0` whose odd prime factors all lie in `primes`, and
/// which each prime from 17 up of `primes` divides exactly once (e.g. `3·lcm(2r..=3r)·k` with
/// the primes of its factors, for `r, k ≤ 16`: `17² > 48`): twos are shifted out, and each
/// listed prime is divided out of both by a multiplication, with no general gcd (one test for
/// a prime from 17 up). A prime factor of `den` missing from `primes` may be left in common;
/// a listed prime from 17 up that does not divide `den` gives a wrong result.
///
/// # Complexity
/// `O(|primes| + f)` multiplications for the `f` prime factors taken out.
pub(crate) fn reduce_smooth(mut num: u64, mut den: u64, primes: PrimeSet) -> (u64, u64) {
    debug_assert!(
        (0..ODD_PRIME_VALUES.len())
            .filter(|&i| (primes.0 & ONCE_PRIMES) >> i & 1 == 1)
            .all(|i| den.is_multiple_of(ODD_PRIME_VALUES[i])),
        "a prime from 17 up of {primes:?} does not divide {den}"
    );
    let twos = num.trailing_zeros().min(den.trailing_zeros());
    num >>= twos;
    den >>= twos;
    // The small primes that divide `num`: the others cannot be in common.
    let mut bits = small_divisors(num, primes.0);
    while bits != 0 {
        let prime = ODD_PRIMES[bits.trailing_zeros() as usize % 16];
        bits &= bits - 1;
        prime.take_out(&mut num, &mut den);
    }
    let mut bits = primes.0 & ONCE_PRIMES;
    while bits != 0 {
        let prime = ODD_PRIMES[bits.trailing_zeros() as usize % 16];
        bits &= bits - 1;
        prime.take_out_once(&mut num, &mut den);
    }
    (num, den)
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
    fn smooth_reduction_equals_the_gcd_for_47_smooth_denominators() {
        // Every 47-smooth denominator up to 2^20 with the primes from 17 up at most once (and
        // large ones), against many numerators.
        let smooth = |mut d: u64| {
            for p in [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47] {
                if p >= 17 && d.is_multiple_of(p * p) {
                    return false;
                }
                while d.is_multiple_of(p) {
                    d /= p;
                }
            }
            d == 1
        };
        let mut dens: std::vec::Vec<u64> = (1..1 << 20).filter(|&d| smooth(d)).collect();
        dens.extend([
            2 * 3 * 5 * 7 * 11 * 13 * 17 * 19 * 23 * 29 * 31 * 37 * 41 * 43 * 47,
            47 * 13u64.pow(15),
            3u64.pow(40),
        ]);
        let all = PrimeSet::ALL;
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for &den in &dens {
            // The primes of `den`, and with them every small prime (those may be extra).
            let primes = PrimeSet::computed(den).union(PrimeSet(SMALL_PRIMES));
            for _ in 0..8 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let num = x % den.saturating_mul(3);
                let g = gcd_u64(num, den);
                assert_eq!(reduce_smooth(num, den, primes), (num / g, den / g), "{num}/{den}");
            }
        }
        assert_eq!(reduce_smooth(0, 12, PrimeSet::of(3)), (0, 1));
        assert_eq!((1..=47).fold(PrimeSet::default(), |set, n| set.union(PrimeSet::of(n))), all);
        assert_eq!(PrimeSet::of(1000), all);
        for n in 0..=48 {
            assert_eq!(PrimeSet::of(n), PrimeSet::computed(n));
        }
        // Only the primes listed are taken out, and those from 17 up once.
        assert_eq!(reduce_smooth(17 * 17, 17 * 17 * 3, PrimeSet::computed(51)), (17, 51));
        assert_eq!(reduce_smooth(15, 45, PrimeSet::of(5)), (3, 9));
        assert_eq!(reduce_smooth(15, 45, PrimeSet::of(3).union(PrimeSet::of(5))), (1, 3));
    }

    /// Both ways to the small divisors (the table, the multiplications) are the divisibility.
    #[test]
    fn small_divisors_are_exact() {
        for num in (0..100_000u64).chain([u64::MAX, u64::MAX - 15_015, 15_015 * 12_345_678_901]) {
            let expected = (0..5).filter(|&i| num.is_multiple_of(ODD_PRIME_VALUES[i])).fold(0, |bits, i| bits | 1 << i);
            assert_eq!(small_divisors(num, SMALL_PRIMES), expected, "{num}");
            assert_eq!(computed_small_divisors(num, SMALL_PRIMES), expected, "{num}");
            assert_eq!(small_divisors(num, 0b1_0101), expected & 0b1_0101, "{num}");
            assert_eq!(computed_small_divisors(num, 0b0_1010), expected & 0b0_1010, "{num}");
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
