//! Unsigned integers of any width up to [`MAX_LIMBS`] 64-bit limbs, as little-endian slices:
//! the few operations the exact numbers need to be compared, reduced and written (add,
//! subtract, multiply, divide, gcd, decimal digits), with no `u128` division (a library call
//! of some kilobytes on the firmware's cores) and no heap.
//!
//! A slice may hold high zero limbs; every function reads a shorter slice as zero-extended.
//! The fixed [`Natural`] buffer holds a working value on the stack.

use core::cmp::Ordering;
use core::fmt;

/// The most limbs of a number here: 1 024 bits (a probability's numerator and denominator).
pub(crate) const MAX_LIMBS: usize = 16;

/// A working number of up to `MAX_LIMBS + 1` limbs (a number, times a small factor), on the
/// stack.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Natural {
    limbs: [u64; MAX_LIMBS + 1],
}

impl Natural {
    /// Zero.
    pub(crate) const ZERO: Self = Self { limbs: [0; MAX_LIMBS + 1] };

    /// `value`, zero-extended; the limbs past `MAX_LIMBS + 1` must be zero.
    pub(crate) fn from_limbs(value: &[u64]) -> Self {
        let mut n = Self::ZERO;
        for (limb, &value) in n.limbs.iter_mut().zip(trimmed(value)) {
            *limb = value;
        }
        n
    }

    /// `value`.
    pub(crate) const fn from_u128(value: u128) -> Self {
        let mut n = Self::ZERO;
        n.limbs[0] = low64(value);
        n.limbs[1] = high64(value);
        n
    }

    /// The little-endian `u32` words of `words`, as a number.
    pub(crate) fn from_words(words: &[u32]) -> Self {
        let mut n = Self::ZERO;
        for (limb, pair) in n.limbs.iter_mut().zip(words.chunks(2)) {
            *limb = pair.iter().rev().fold(0, |limb, &word| limb << 32 | u64::from(word));
        }
        n
    }

    /// The limbs in use (no high zero limb; empty for zero).
    pub(crate) fn limbs(&self) -> &[u64] {
        trimmed(&self.limbs)
    }

    /// All the limbs, for arithmetic in place.
    pub(crate) fn limbs_mut(&mut self) -> &mut [u64] {
        &mut self.limbs
    }

    /// The value, if it fits a `u128`.
    pub(crate) fn to_u128(self) -> Option<u128> {
        (used(&self.limbs) <= 2).then(|| u128::from(self.limbs[1]) << 64 | u128::from(self.limbs[0]))
    }

    /// Whether it is zero.
    pub(crate) fn is_zero(&self) -> bool {
        self.limbs.iter().all(|&l| l == 0)
    }
}

/// The low 64 bits (truncation is the point).
#[allow(clippy::cast_possible_truncation)]
pub(crate) const fn low64(value: u128) -> u64 {
    value as u64
}

/// The high 64 bits.
#[allow(clippy::cast_possible_truncation)]
pub(crate) const fn high64(value: u128) -> u64 {
    (value >> 64) as u64
}

/// The limbs of `value` in use: its length without high zero limbs.
pub(crate) fn used(value: &[u64]) -> usize {
    trimmed(value).len()
}

/// `value` without its high zero limbs (a prefix: sliced by a pattern, so no index check
/// and no panic call in its callers).
pub(crate) fn trimmed(mut value: &[u64]) -> &[u64] {
    while let [rest @ .., 0] = value {
        value = rest;
    }
    value
}

/// `a` against `b`, both zero-extended.
pub(crate) fn compare(a: &[u64], b: &[u64]) -> Ordering {
    let (a, b) = (trimmed(a), trimmed(b));
    a.len().cmp(&b.len()).then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

/// `a += b` in place (`b` no longer than `a`); returns the carry out of `a`.
pub(crate) fn add_assign(a: &mut [u64], b: &[u64]) -> bool {
    let mut carry = false;
    for (i, x) in a.iter_mut().enumerate() {
        let y = b.get(i).copied().unwrap_or(0);
        if y == 0 && !carry && i >= b.len() {
            break;
        }
        let (sum, c1) = x.overflowing_add(y);
        let (sum, c2) = sum.overflowing_add(u64::from(carry));
        (*x, carry) = (sum, c1 || c2);
    }
    carry
}

/// `a -= b` in place; returns the borrow out of `a` (then `a` has wrapped).
pub(crate) fn sub_assign(a: &mut [u64], b: &[u64]) -> bool {
    let mut borrow = false;
    for (i, x) in a.iter_mut().enumerate() {
        let y = b.get(i).copied().unwrap_or(0);
        if y == 0 && !borrow && i >= b.len() {
            break;
        }
        let (diff, b1) = x.overflowing_sub(y);
        let (diff, b2) = diff.overflowing_sub(u64::from(borrow));
        (*x, borrow) = (diff, b1 || b2);
    }
    borrow
}

/// `a *= k` in place; returns the limb carried out of `a`.
pub(crate) fn mul_small(a: &mut [u64], k: u64) -> u64 {
    let mut carry = 0u64;
    for x in a.iter_mut() {
        let t = u128::from(*x) * u128::from(k) + u128::from(carry);
        (*x, carry) = (low64(t), high64(t));
    }
    carry
}

/// `out = a · b`; `out` must hold `used(a) + used(b)` limbs (the rest is cleared).
pub(crate) fn mul(a: &[u64], b: &[u64], out: &mut [u64]) {
    out.fill(0);
    let (a, b) = (&a[..used(a)], &b[..used(b)]);
    for (i, &x) in a.iter().enumerate() {
        let mut carry = 0u64;
        for (j, &y) in b.iter().enumerate() {
            let t = u128::from(x) * u128::from(y) + u128::from(out[i + j]) + u128::from(carry);
            (out[i + j], carry) = (low64(t), high64(t));
        }
        out[i + b.len()] = carry;
    }
}

/// Divides `a` by `0 < k < 2^32` in place and returns the remainder (`k = 0` is taken as 1):
/// short division a 32-bit half at a time (`rem < k`, so `rem·2^32 + half < 2^64`).
pub(crate) fn div_small(a: &mut [u64], k: u32) -> u32 {
    let k = u64::from(k.max(1));
    let n = used(a);
    let mut rem = 0u64;
    for limb in a[..n].iter_mut().rev() {
        let upper = (rem << 32) | (*limb >> 32);
        let lower = ((upper % k) << 32) | (*limb & 0xffff_ffff);
        *limb = ((upper / k) << 32) | (lower / k);
        rem = lower % k;
    }
    // `rem < k < 2^32`.
    u32::try_from(rem).unwrap_or(0)
}

/// `a <<= 1`; returns the bit shifted out.
fn shl1(a: &mut [u64]) -> bool {
    let mut carry = 0;
    for x in a.iter_mut() {
        let next = *x >> 63;
        *x = *x << 1 | carry;
        carry = next;
    }
    carry == 1
}

/// `a >>= bits` for `bits < 64`.
fn shr_small(a: &mut [u64], bits: u32) {
    if bits == 0 {
        return;
    }
    let mut carry = 0;
    for x in a.iter_mut().rev() {
        let next = *x << (64 - bits);
        *x = *x >> bits | carry;
        carry = next;
    }
}

/// The number of trailing zero bits of `a` (`None` for zero).
fn trailing_zeros(a: &[u64]) -> Option<u32> {
    let i = a.iter().position(|&l| l != 0)?;
    u32::try_from(i).ok().map(|w| w * 64 + a[i].trailing_zeros())
}

/// `a >>= bits`.
fn shr(a: &mut [u64], bits: u32) {
    let whole = (bits / 64) as usize;
    if whole > 0 {
        let n = a.len();
        for i in 0..n {
            a[i] = a.get(i + whole).copied().unwrap_or(0);
        }
    }
    shr_small(a, bits % 64);
}

/// `a <<= bits`, for `a` with room for the bits (the high ones are lost).
fn shl(a: &mut [u64], bits: u32) {
    let whole = (bits / 64) as usize;
    if whole > 0 {
        for i in (0..a.len()).rev() {
            a[i] = if i >= whole { a[i - whole] } else { 0 };
        }
    }
    let bits = bits % 64;
    if bits > 0 {
        let mut carry = 0;
        for x in a.iter_mut() {
            let next = *x >> (64 - bits);
            *x = *x << bits | carry;
            carry = next;
        }
    }
}

/// `quotient = num / den` and `rem = num mod den` for `den ≠ 0` (zero quotient and `rem =
/// num` for `den = 0`), bit by bit: `quotient` must hold as many limbs as `num` uses, `rem` as
/// many as `den` uses plus one.
///
/// # Complexity
/// `O(b·w)` for the `b` bits of `num` and the `w` limbs of `den`: for formatting and rare
/// reductions, not for hot loops.
pub(crate) fn div_rem(num: &[u64], den: &[u64], quotient: &mut [u64], rem: &mut [u64]) {
    quotient.fill(0);
    rem.fill(0);
    let num = trimmed(num);
    if used(den) == 0 {
        for (r, &limb) in rem.iter_mut().zip(num) {
            *r = limb;
        }
        return;
    }
    for i in (0..num.len() * 64).rev() {
        // `i / 64 < num.len()`: the zero fallback is never taken (no index check's panic call).
        let bit = num.get(i / 64).map_or(0, |limb| limb >> (i % 64) & 1);
        let overflow = shl1(rem);
        if let Some(low) = rem.first_mut() {
            *low |= bit;
        }
        if overflow || compare(rem, den) != Ordering::Less {
            sub_assign(rem, den);
            if let Some(q) = quotient.get_mut(i / 64) {
                *q |= 1 << (i % 64);
            }
        }
    }
}

/// `gcd(a, b)` into `a` (binary algorithm; `gcd(0, b) = b`), `b` used as working space; both
/// of one length, with room for the gcd's bits.
pub(crate) fn gcd_into(a: &mut [u64], b: &mut [u64]) {
    let (Some(za), Some(zb)) = (trailing_zeros(a), trailing_zeros(b)) else {
        // One is zero: the gcd is the other.
        if used(a) == 0 {
            let n = a.len().min(b.len());
            a[..n].copy_from_slice(&b[..n]);
        }
        return;
    };
    let shift = za.min(zb);
    shr(a, za);
    loop {
        if let Some(z) = trailing_zeros(b) {
            shr(b, z);
        }
        if compare(a, b) == Ordering::Greater {
            // Limb by limb over the shorter length (`swap_with_slice` keeps a panic call for
            // unequal lengths, which `a[..n]` and `b[..n]` never have).
            for (x, y) in a.iter_mut().zip(b.iter_mut()) {
                core::mem::swap(x, y);
            }
        }
        sub_assign(b, a);
        if used(b) == 0 {
            shl(a, shift);
            return;
        }
    }
}

/// `a / b` against `c / d` (`b`, `d` ≠ 0): `a·d` against `c·b`.
/// Each at most [`MAX_LIMBS`] limbs.
pub(crate) fn compare_ratios(a: &[u64], b: &[u64], c: &[u64], d: &[u64]) -> Ordering {
    let (mut left, mut right) = ([0u64; 2 * MAX_LIMBS], [0u64; 2 * MAX_LIMBS]);
    fn cut(x: &[u64]) -> &[u64] {
        &x[..used(x).min(MAX_LIMBS)]
    }
    mul(cut(a), cut(d), &mut left);
    mul(cut(c), cut(b), &mut right);
    compare(&left, &right)
}

/// Writes `value` in decimal: at once if it fits a `u128`, else in groups of 9 digits from
/// its remainders by `10^9` (short divisions).
///
/// # Errors
/// Whatever `out` returns.
pub(crate) fn write(out: &mut (impl fmt::Write + ?Sized), value: &[u64]) -> fmt::Result {
    if used(value) <= 2 {
        let v = u128::from(value.get(1).copied().unwrap_or(0)) << 64 | u128::from(value.first().copied().unwrap_or(0));
        return crate::digits::write_u128(out, v);
    }
    // `MAX_LIMBS + 1` limbs are at most 328 digits: 37 groups of 9.
    let mut groups = [0u32; 37];
    let mut len = 0;
    let mut rest = Natural::from_limbs(value);
    while !rest.is_zero() && len < groups.len() {
        groups[len] = div_small(&mut rest.limbs, 1_000_000_000);
        len += 1;
    }
    let Some((&top, lower)) = groups[..len.max(1)].split_last() else { return Ok(()) };
    write!(out, "{top}")?;
    lower.iter().rev().try_for_each(|g| write!(out, "{g:09}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::String;
    use std::vec::Vec;

    fn limbs(x: u128) -> [u64; 2] {
        [low64(x), high64(x)]
    }

    fn text(value: &[u64]) -> String {
        let mut s = String::new();
        write(&mut s, value).unwrap();
        s
    }

    /// A reproducible stream (SplitMix64).
    fn stream(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
    }

    #[test]
    fn small_values_agree_with_u128() {
        let mut next = stream(7);
        for _ in 0..2000 {
            let shift = next() % 128;
            let (a, b) = (u128::from(next()) << 64 | u128::from(next()), u128::from(next()) << 64 | u128::from(next()));
            let (a, b) = (a >> shift, (b >> (next() % 128)).max(1));
            assert_eq!(compare(&limbs(a), &limbs(b)), a.cmp(&b));
            let (mut q, mut r) = ([0u64; 2], [0u64; 3]);
            div_rem(&limbs(a), &limbs(b), &mut q, &mut r);
            assert_eq!((q, [r[0], r[1]]), (limbs(a / b), limbs(a % b)), "{a} / {b}");
            let (mut x, mut y) = (limbs(a), limbs(b));
            gcd_into(&mut x, &mut y);
            let euclid = |mut a: u128, mut b: u128| {
                while b != 0 {
                    (a, b) = (b, a % b);
                }
                a
            };
            assert_eq!(x, limbs(euclid(a, b)));
            let k = u32::try_from(next() >> 33).unwrap() | 1;
            let mut d = limbs(a);
            assert_eq!(u128::from(div_small(&mut d, k)), a % u128::from(k));
            assert_eq!(d, limbs(a / u128::from(k)));
            assert_eq!(text(&limbs(a)), std::format!("{a}"));
        }
    }

    #[test]
    fn wide_arithmetic_is_consistent() {
        let mut next = stream(11);
        for _ in 0..300 {
            let a: Vec<u64> = (0..4).map(|_| next()).collect();
            let b: Vec<u64> = (0..3).map(|_| next()).collect();
            // (a·b) / b = a, remainder 0; (a·b + 5) mod b = 5.
            let mut product = [0u64; 8];
            mul(&a, &b, &mut product);
            let (mut q, mut r) = ([0u64; 8], [0u64; 4]);
            div_rem(&product, &b, &mut q, &mut r);
            assert_eq!(&q[..4], &a[..]);
            assert_eq!(used(&r), 0);
            add_assign(&mut product, &[5]);
            div_rem(&product, &b, &mut q, &mut r);
            assert_eq!(r[..1], [5]);
            // gcd(a·b, b) = b.
            let mut g = product;
            sub_assign(&mut g, &[5]);
            let mut w = [0u64; 8];
            w[..3].copy_from_slice(&b);
            gcd_into(&mut g, &mut w);
            assert_eq!(&g[..3], &b[..]);
            assert_eq!(compare_ratios(&a, &b, &a, &b), Ordering::Equal);
        }
    }

    #[test]
    fn decimal_text_of_wide_numbers() {
        // 2^200 = 1606938044258990275541962092341162602522202993782792835301376.
        let mut x = [0u64; 4];
        x[3] = 1 << 8;
        assert_eq!(text(&x), "1606938044258990275541962092341162602522202993782792835301376");
        assert_eq!(text(&[]), "0");
        assert_eq!(text(&[0, 0, 0]), "0");
    }
}
