//! Fractions reduced without a gcd when the denominator is smooth: `swiss`'s fast path (see
//! its module docs). An [`OddFactors`] is the odd part of a 47-smooth number, factored;
//! [`reduce_smooth`] divides out the powers common to a numerator and such a denominator.

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
}

/// The odd primes up to 47: the five small ones first, whose exponents an [`OddFactors`] counts,
/// then the nine from 17 up, which it holds at most once each.
const ODD_PRIME_VALUES: [u64; 14] = [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47];
/// How many of [`ODD_PRIME_VALUES`] are small (3 to 13).
const SMALL_COUNT: usize = 5;
/// The largest exponent of each small prime an [`OddFactors`] holds: `3^6`, `5^3`, `7^2`,
/// `11^2`, `13^2`: enough for every denominator of `swiss`'s fast path (its tables of factors
/// fail the build otherwise).
const SMALL_CAPS: [u32; SMALL_COUNT] = [6, 3, 2, 2, 2];
/// Bits per small exponent in an [`OddFactors`].
const FIELD_BITS: usize = 4;
/// The bits of the small exponents in an [`OddFactors`].
const SMALL_MASK: u32 = (1 << (FIELD_BITS * SMALL_COUNT)) - 1;
/// Added to the sum of two small-exponent fields (each at most its cap, so at most twice it),
/// `7 - cap` to each, sets a field's top bit exactly when the sum exceeds the cap (`2·cap +
/// 7 - cap ≤ 15`: no carry into the next field).
const CAP_BIAS: u32 = {
    let mut bias = 0;
    let mut i = 0;
    while i < SMALL_COUNT {
        assert!(SMALL_CAPS[i] <= 7, "a cap above 7 would let a field's sum carry");
        bias |= (7 - SMALL_CAPS[i]) << (FIELD_BITS * i);
        i += 1;
    }
    bias
};
/// The top bit of every small-exponent field.
const FIELD_TOPS: u32 = 0x8_8888;

/// The odd part of a 47-smooth number, factored: the exponents of 3, 5, 7, 11 and 13 (each at
/// most its cap in [`SMALL_CAPS`]) and the primes from 17 to 47, each at most once. The
/// denominators of `swiss`'s first 16 rounds (`3·r·k`, `3·G`, `3·D_r·k` for `r, k ≤ 16`,
/// `G ≤ 48`) all have one, which lets [`reduce_smooth`] reduce them without a gcd.
///
/// One word: four bits per small exponent (bits 0..20), one bit per prime from 17 up (20..29),
/// so that a product of two is one addition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OddFactors(u32);

impl OddFactors {
    /// The factors of 1 (none).
    pub(crate) const ONE: Self = Self(0);

    /// The factors of the odd part of `n > 0`, computed by division; `None` when `n` is 0, has
    /// a prime factor above 47, a small one beyond its cap, or one from 17 up twice.
    ///
    /// # Complexity
    /// `O(log n)` divisions.
    pub(crate) const fn computed(mut n: u64) -> Option<Self> {
        if n == 0 {
            return None;
        }
        n >>= n.trailing_zeros();
        let mut bits = 0;
        let mut i = 0;
        while i < ODD_PRIME_VALUES.len() {
            let exponent;
            (exponent, n) = split_power(n, ODD_PRIME_VALUES[i]);
            let cap = if i < SMALL_COUNT { SMALL_CAPS[i] } else { 1 };
            if exponent > cap {
                return None;
            }
            let shift = if i < SMALL_COUNT { FIELD_BITS * i } else { FIELD_BITS * SMALL_COUNT + i - SMALL_COUNT };
            bits |= exponent << shift;
            i += 1;
        }
        if n == 1 {
            Some(Self(bits))
        } else {
            None
        }
    }

    /// The factors of `n` from a table for `1 ≤ n ≤ 48` (every such `n` has them); `None`
    /// beyond (the callers' general path takes those: no division in the firmware's flash).
    ///
    /// # Complexity
    /// `O(1)`.
    #[inline]
    pub(crate) fn of(n: u64) -> Option<Self> {
        /// [`OddFactors::computed`] of `1..=48` (every one has factors; 0 has none).
        static SMALL: [OddFactors; 49] = {
            let mut table = [OddFactors::ONE; 49];
            let mut n = 1;
            while n < table.len() {
                table[n] = match OddFactors::computed(n as u64) {
                    Some(factors) => factors,
                    None => panic!("every number up to 48 is 47-smooth within the caps"),
                };
                n += 1;
            }
            table
        };
        usize::try_from(n).ok().filter(|&n| n > 0).and_then(|n| SMALL.get(n)).copied()
    }

    /// The factors of the product of the two numbers; `None` when a small exponent would
    /// exceed its cap or a prime from 17 up would be there twice.
    ///
    /// # Complexity
    /// `O(1)`: one addition and two tests.
    #[inline(always)]
    #[must_use]
    pub(crate) const fn times(self, other: Self) -> Option<Self> {
        let sum = self.0 + other.0;
        if self.0 & other.0 & !SMALL_MASK != 0 || ((sum & SMALL_MASK) + CAP_BIAS) & FIELD_TOPS != 0 {
            None
        } else {
            Some(Self(sum))
        }
    }

    /// The exponent of the `i`-th small prime (`i < 5`).
    #[inline(always)]
    const fn small_exponent(self, i: usize) -> u32 {
        self.0 >> (FIELD_BITS * i) & 0xF
    }

    /// The primes from 17 up, bit `i` for `ODD_PRIME_VALUES[SMALL_COUNT + i]`.
    #[inline(always)]
    const fn large(self) -> u32 {
        self.0 >> (FIELD_BITS * SMALL_COUNT)
    }

    /// The number these are the factors of (odd), if it fits a `u64`.
    fn value(self) -> Option<u64> {
        let mut value = 1u64;
        for (i, &p) in ODD_PRIME_VALUES.iter().enumerate() {
            let exponent = if i < SMALL_COUNT { self.small_exponent(i) } else { self.large() >> (i - SMALL_COUNT) & 1 };
            value = value.checked_mul(p.checked_pow(exponent)?)?;
        }
        Some(value)
    }
}

/// The exponent of the prime `p` in `n > 0` and `n` divided by that power, by division (for
/// tables built at compile time).
const fn split_power(mut n: u64, p: u64) -> (u32, u64) {
    let mut exponent = 0;
    while n.is_multiple_of(p) {
        n /= p;
        exponent += 1;
    }
    (exponent, n)
}

/// [`ODD_PRIME_VALUES`] with their inverses, the primes from 17 up in the last 16 slots so that
/// an index among them modulo 16 needs no bounds check (the last seven are never read; they
/// would divide nothing but zero).
static ODD_PRIMES: [OddPrime; SMALL_COUNT + 16] = {
    let mut table = [OddPrime { inverse: 1, max_quotient: 0 }; SMALL_COUNT + 16];
    let mut i = 0;
    while i < ODD_PRIME_VALUES.len() {
        table[i] = OddPrime::new(ODD_PRIME_VALUES[i]);
        i += 1;
    }
    table
};

/// The primes from 17 up of [`ODD_PRIMES`] (its last 16 slots).
const LARGE_PRIMES: &[OddPrime; 16] = match ODD_PRIMES.last_chunk() {
    Some(large) => large,
    None => panic!("ODD_PRIMES ends with 16 slots"),
};

/// The inverse modulo `2^64` of `3^a·5^b` at `a | b << 4` (`a ≤ 6`, `b ≤ 3`: the fields of 3
/// and 5 in a packed exponent word, masked with `0x37`).
#[cfg(target_pointer_width = "64")]
#[allow(clippy::cast_possible_truncation, reason = "exponents below 8")]
static INVERSES_3_5: [u64; 64] = {
    let mut table = [1u64; 64];
    let (three, five) = (OddPrime::new(3).inverse, OddPrime::new(5).inverse);
    let mut index = 0;
    while index < 64 {
        table[index] = three.wrapping_pow((index & 7) as u32).wrapping_mul(five.wrapping_pow((index >> 4) as u32));
        index += 1;
    }
    table
};

/// The inverse modulo `2^64` of `7^a·11^b·13^c` at `a | b << 4 | c << 8` (each at most 2: the
/// fields of 7, 11 and 13 in a packed exponent word shifted by 8, masked with `0x333`; 6.5 KB
/// of which 27 entries are ever read).
#[cfg(target_pointer_width = "64")]
#[allow(clippy::cast_possible_truncation, reason = "exponents below 16")]
static INVERSES_7_11_13: [u64; 0x334] = {
    let mut table = [1u64; 0x334];
    let inverses = [OddPrime::new(7).inverse, OddPrime::new(11).inverse, OddPrime::new(13).inverse];
    let mut index = 0;
    while index < table.len() {
        let mut inverse = 1u64;
        let mut i = 0;
        while i < 3 {
            inverse = inverse.wrapping_mul(inverses[i].wrapping_pow(((index >> (FIELD_BITS * i)) & 0xF) as u32));
            i += 1;
        }
        table[index] = inverse;
        index += 1;
    }
    table
};

/// The inverse modulo `2^64` of the small primes' power whose exponents `exponents` packs
/// ([`OddFactors`]' layout, each exponent at most its cap): two table loads (7 KB, the 64-bit
/// hosts only).
#[cfg(target_pointer_width = "64")]
#[inline(always)]
fn small_inverse(exponents: u32) -> u64 {
    INVERSES_3_5[(exponents & 0x37) as usize].wrapping_mul(INVERSES_7_11_13[(exponents >> 8 & 0x333) as usize])
}

/// Each small-exponent field the least of the two words' (fields at most 7).
#[cfg(target_pointer_width = "64")]
#[inline(always)]
const fn field_min(a: u32, b: u32) -> u32 {
    // `8 + a - b` in every field (no borrow: `a | 8 > b`); its top bit says `a ≥ b`.
    let tops = ((a | FIELD_TOPS) - b) & FIELD_TOPS;
    let a_at_least_b = tops - (tops >> 3);
    (b & a_at_least_b) | (a & !a_at_least_b & SMALL_MASK)
}

/// The exponents of the small primes common to `num` and a number whose small exponents
/// `den_exponents` packs: `min(v_p(num), v_p(den))` for each, in [`OddFactors`]' layout.
///
/// Without a branch on the numbers: a table of the packed exponents of every number below
/// 1 024 (`OMW`'s numerators, 4 KB), else four remainders (by `3^6`, `5^3·7^2`, `11^2`, `13^2`)
/// and their tables (7 KB), then the fields' least (the 64-bit hosts only).
#[cfg(target_pointer_width = "64")]
#[inline(always)]
fn common_small_exponents(num: u64, den_exponents: u32) -> u32 {
    /// `min(v_p(n), cap)` for the `i`-th small prime `p` (`cap` for 0).
    const fn exponent_of(n: u64, i: usize) -> u32 {
        if n == 0 {
            return SMALL_CAPS[i];
        }
        let exponent = split_power(n, ODD_PRIME_VALUES[i]).0;
        if exponent < SMALL_CAPS[i] {
            exponent
        } else {
            SMALL_CAPS[i]
        }
    }
    /// The packed exponents of `n` for the primes `first..first + count`, capped.
    const fn packed(n: u64, first: usize, count: usize) -> u32 {
        let mut word = 0;
        let mut i = first;
        while i < first + count {
            word |= exponent_of(n, i) << (FIELD_BITS * i);
            i += 1;
        }
        word
    }
    /// Every number below 1 024, all five primes.
    static BELOW_1024: [u32; 1024] = {
        let mut table = [0; 1024];
        let mut n = 0;
        while n < table.len() {
            table[n] = packed(n as u64, 0, SMALL_COUNT);
            n += 1;
        }
        table
    };
    /// The exponents of the primes `first..first + count` of every residue below `LEN`, packed
    /// and shifted down to bit 0 (one byte each).
    #[allow(clippy::cast_possible_truncation, reason = "at most two fields of exponents below 8")]
    const fn residues<const LEN: usize>(first: usize, count: usize) -> [u8; LEN] {
        let mut table = [0; LEN];
        let mut n = 0;
        while n < LEN {
            table[n] = (packed(n as u64, first, count) >> (FIELD_BITS * first)) as u8;
            n += 1;
        }
        table
    }
    /// Residues modulo `3^6`: the exponent of 3.
    static OF_3: [u8; 729] = residues(0, 1);
    /// Residues modulo `5^3·7^2`: the exponents of 5 and 7, in their fields shifted by 4.
    static OF_5_7: [u8; 6125] = residues(1, 2);
    /// Residues modulo `11^2`: the exponent of 11.
    static OF_11: [u8; 121] = residues(3, 1);
    /// Residues modulo `13^2`: the exponent of 13.
    static OF_13: [u8; 169] = residues(4, 1);
    const _: () = assert!(SMALL_CAPS[0] == 6 && SMALL_CAPS[1] == 3 && SMALL_CAPS[2] == 2);
    const _: () = assert!(SMALL_CAPS[3] == 2 && SMALL_CAPS[4] == 2);
    // Every residue indexes its table: no bounds check, no branch.
    #[allow(clippy::cast_possible_truncation, reason = "residues below 6 125")]
    let of_num = if num < 1024 {
        BELOW_1024[num as usize]
    } else {
        u32::from(OF_3[(num % 729) as usize])
            | u32::from(OF_5_7[(num % 6125) as usize]) << 4
            | u32::from(OF_11[(num % 121) as usize]) << 12
            | u32::from(OF_13[(num % 169) as usize]) << 16
    };
    field_min(of_num, den_exponents)
}

/// The inverse modulo `2^64` of the power of the small primes common to `num` and a number
/// whose small exponents `den_exponents` packs.
///
/// On 64-bit hosts [`common_small_exponents`] and [`small_inverse`], without a branch on the
/// numbers: testing power after power took a mispredicted branch in three on
/// `swiss_many.in`, where a third of the time went to the reductions. The 32-bit targets test
/// the powers ([`common_small_inverse_by_tests`]).
#[inline(always)]
fn common_small_inverse(num: u64, den_exponents: u32) -> u64 {
    #[cfg(target_pointer_width = "64")]
    {
        small_inverse(common_small_exponents(num, den_exponents))
    }
    #[cfg(not(target_pointer_width = "64"))]
    {
        common_small_inverse_by_tests(num, den_exponents)
    }
}

/// [`common_small_inverse`] by divisibility tests, one multiplication each, up to the exponent
/// in `den` (the 32-bit targets': no tables in their flash, no 64-bit division).
#[cfg(any(test, not(target_pointer_width = "64")))]
fn common_small_inverse_by_tests(num: u64, den_exponents: u32) -> u64 {
    let mut inverse = 1u64;
    for (i, prime) in ODD_PRIMES[..SMALL_COUNT].iter().enumerate() {
        let cap = den_exponents >> (FIELD_BITS * i) & 0xF;
        let (mut rest, mut exponent) = (num, 0);
        while exponent < cap && prime.divides(rest) {
            rest = rest.wrapping_mul(prime.inverse);
            inverse = inverse.wrapping_mul(prime.inverse);
            exponent += 1;
        }
    }
    inverse
}

/// `num / den` in lowest terms for a `den > 0` whose odd part `factors` factors (exactly:
/// [`OddFactors::computed`] of `den`; checked in debug builds). Without a gcd: twos are
/// shifted out; the common power of each small prime is the least of its exponents in `num`
/// and `den` ([`common_small_inverse`]); a prime from 17 up, once in `den`, is common when
/// it divides `num`; and `num` and `den` are divided by their common odd part with one
/// multiplication each, by its inverse modulo `2^64` (an exact division). On 64-bit hosts no
/// branch depends on the numbers but the one on `num < 1024`. Inlined on 64-bit hosts (into
/// the judge writer's loop); the firmware keeps one copy (flash).
///
/// # Complexity
/// `O(1)`: at most 4 remainders and 9 divisibility tests on 64-bit hosts.
#[cfg_attr(target_pointer_width = "64", inline(always))]
pub(crate) fn reduce_smooth(mut num: u64, mut den: u64, factors: OddFactors) -> (u64, u64) {
    debug_assert!(
        den > 0 && factors.value() == Some(den >> den.trailing_zeros()),
        "{factors:?} are not the odd factors of {den}"
    );
    let twos = num.trailing_zeros().min(den.trailing_zeros());
    num >>= twos;
    den >>= twos;
    // `num = 0` needs no case of its own: every power divides it, so `den` becomes 1.
    let mut inverse = common_small_inverse(num, factors.0 & SMALL_MASK);
    let mut large = factors.large();
    while large != 0 {
        let prime = LARGE_PRIMES[large.trailing_zeros() as usize % 16];
        large &= large - 1;
        // Whether a prime from 17 up divides a sum is a coin toss: no branch.
        inverse = inverse.wrapping_mul(core::hint::select_unpredictable(prime.divides(num), prime.inverse, 1));
    }
    (num.wrapping_mul(inverse), den.wrapping_mul(inverse))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fraction::gcd_u64;

    /// The exponent of `p` in `n > 0`, literally.
    fn exponent(mut n: u64, p: u64) -> u32 {
        let mut e = 0;
        while n.is_multiple_of(p) {
            n /= p;
            e += 1;
        }
        e
    }

    /// Whether `d > 0` has odd factors an [`OddFactors`] holds, by the definition.
    fn within_caps(mut d: u64) -> bool {
        d >>= d.trailing_zeros();
        for (i, &p) in ODD_PRIME_VALUES.iter().enumerate() {
            let cap = if i < SMALL_COUNT { SMALL_CAPS[i] } else { 1 };
            if exponent(d, p) > cap {
                return false;
            }
            while d.is_multiple_of(p) {
                d /= p;
            }
        }
        d == 1
    }

    #[test]
    fn smooth_reduction_equals_the_gcd() {
        // Every denominator up to 2^20 with odd factors within the caps, and large ones,
        // against random numerators and numerators rich in the denominator's primes.
        let mut dens: std::vec::Vec<u64> = (1..1 << 20).filter(|&d| within_caps(d)).collect();
        dens.extend([
            2 * 3 * 5 * 7 * 11 * 13 * 17 * 19 * 23 * 29 * 31 * 37 * 41 * 43 * 47,
            (3u64.pow(6) * 5u64.pow(3) * 49 * 121 * 169 * 17 * 19 * 23) << 9,
            (3u64.pow(6) * 5u64.pow(3) * 49 * 121 * 169) << 20,
        ]);
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for &den in &dens {
            let factors = OddFactors::computed(den).unwrap();
            assert_eq!(factors.value(), Some(den >> den.trailing_zeros()));
            for round in 0..12 {
                // Half the numerators a product of powers of the denominator's primes (and a
                // few others), so that every exponent meets every cap.
                let num = if round % 2 == 0 {
                    next() % den.saturating_mul(3).max(1)
                } else {
                    let mut num = 1 + next() % 4;
                    for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47] {
                        let times = next() % 8 % (exponent(den, p) as u64 + 2);
                        for _ in 0..times {
                            num = num.saturating_mul(p);
                        }
                    }
                    num
                };
                let g = gcd_u64(num, den);
                assert_eq!(reduce_smooth(num, den, factors), (num / g, den / g), "{num}/{den}");
            }
        }
        let factors = |n| OddFactors::computed(n).unwrap();
        assert_eq!(reduce_smooth(0, 12, factors(12)), (0, 1));
        assert_eq!(reduce_smooth(17 * 17, 17 * 3, factors(51)), (17, 3));
        assert_eq!(reduce_smooth(3u64.pow(9), 3u64.pow(6), factors(729)), (27, 1));
        assert_eq!(reduce_smooth(15, 45, factors(45)), (1, 3));
    }

    /// The factors: computed by the definition, from the table, and their products, which are
    /// refused exactly when the product is beyond the caps.
    #[test]
    fn odd_factors_follow_the_definition() {
        for n in 0..=5000u64 {
            let factors = OddFactors::computed(n);
            assert_eq!(factors.is_some(), n > 0 && within_caps(n), "{n}");
            assert_eq!(OddFactors::of(n), factors.filter(|_| n <= 48), "{n}");
            if let Some(factors) = factors {
                assert_eq!(factors.value(), Some(n >> n.trailing_zeros()), "{n}");
            }
        }
        for a in 1..=400u64 {
            for b in 1..=400u64 {
                let (Some(fa), Some(fb)) = (OddFactors::computed(a), OddFactors::computed(b)) else { continue };
                assert_eq!(fa.times(fb), OddFactors::computed(a * b), "{a}·{b}");
            }
        }
        let big = OddFactors::computed(17 * 19 * 3u64.pow(6)).unwrap();
        assert_eq!(big.times(OddFactors::of(3).unwrap()), None);
        assert_eq!(big.times(OddFactors::of(17).unwrap()), None);
        assert_eq!(big.times(OddFactors::of(25).unwrap()), OddFactors::computed(17 * 19 * 3u64.pow(6) * 25));
        assert!(OddFactors::computed(48 * 49 * 47 * 25).is_some() && OddFactors::of(48 * 49 * 47 * 25).is_none());
    }

    /// The small exponents common to a number and a denominator, by the tables of the 64-bit
    /// hosts and by the 32-bit targets' tests, are the literal ones, for every denominator's
    /// exponents within the caps.
    #[test]
    fn common_small_exponents_are_exact() {
        let pack =
            |exponents: [u32; SMALL_COUNT]| (0..SMALL_COUNT).fold(0, |word, i| word | exponents[i] << (FIELD_BITS * i));
        let mut dens = std::vec::Vec::new();
        for e3 in 0..=6 {
            for e5 in 0..=3 {
                for e7 in 0..=2 {
                    for e11 in 0..=2 {
                        for e13 in 0..=2 {
                            dens.push([e3, e5, e7, e11, e13]);
                        }
                    }
                }
            }
        }
        let samples =
            (0..120_000u64).chain([u64::MAX, 3u64.pow(40), 5u64.pow(27), 13u64.pow(17), 729 * 125 * 49 * 121 * 169]);
        for (k, num) in samples.enumerate() {
            // Every denominator for the first numbers, then a few in turn.
            let chosen: &[[u32; SMALL_COUNT]] = if num < 1200 { &dens } else { &dens[k % dens.len()..][..1] };
            for &den in chosen {
                let expected = core::array::from_fn(|i| {
                    if num == 0 {
                        den[i]
                    } else {
                        exponent(num, ODD_PRIME_VALUES[i]).min(den[i])
                    }
                });
                assert_eq!(common_small_exponents(num, pack(den)), pack(expected), "{num}, {den:?}");
                let power = (0..SMALL_COUNT).fold(1u64, |power, i| power * ODD_PRIME_VALUES[i].pow(expected[i]));
                assert_eq!(common_small_inverse_by_tests(num, pack(den)).wrapping_mul(power), 1, "{num}, {den:?}");
            }
        }
        // The inverse of every power within the caps.
        for den in &dens {
            let power = (0..SMALL_COUNT).fold(1u64, |power, i| power * ODD_PRIME_VALUES[i].pow(den[i]));
            assert_eq!(small_inverse(pack(*den)).wrapping_mul(power), 1, "{den:?}");
        }
    }
}
