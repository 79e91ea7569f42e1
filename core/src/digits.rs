//! Decimal digits of integers, faster than `Display`: the lowest layer of all number output,
//! used by [`crate::fraction::Fraction`]'s `Display` and by the judge text's formatting.

use core::fmt::{self, Write};

/// "00", "01", …, "99": two digits per division.
const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// How many numbers [`SHORT_DECIMALS`] holds: `0..1000` on 64-bit hosts, `0..100` on the
/// 32-bit firmware targets, where the larger table's 4 KB would be 3 % of a 128 KiB flash
/// (the numbers beyond it take the general path: the same digits, a few more instructions).
pub(crate) const SHORT_COUNT: usize = if cfg!(target_pointer_width = "64") { 1000 } else { 100 };

/// The digits of `0..SHORT_COUNT`, left-aligned, and their count in the last byte: `7` is
/// `[b'7', b'0', b'0', 1]`, `123` is `[b'1', b'2', b'3', 3]` (most numbers of the answers are
/// that short: one load and one store each).
#[allow(clippy::cast_possible_truncation, reason = "every digit and count is below 10")]
pub(crate) static SHORT_DECIMALS: [[u8; 4]; SHORT_COUNT] = {
    let mut table = [[b'0', b'0', b'0', 0]; SHORT_COUNT];
    let mut value = 0;
    while value < SHORT_COUNT {
        let digits = [(value / 100) as u8, (value / 10 % 10) as u8, (value % 10) as u8];
        let len = if value < 10 {
            1
        } else if value < 100 {
            2
        } else {
            3
        };
        let mut i = 0;
        while i < len {
            table[value][i] = b'0' + digits[3 - len + i];
            i += 1;
        }
        table[value][3] = len as u8;
        value += 1;
    }
    table
};

/// The digits of `100 ≤ value < 1000` as [`SHORT_DECIMALS`] holds them, computed in 32 bits:
/// the 32-bit targets' table stops at 100, and they have no cheap 64-bit multiplication (a
/// library call on a Cortex-M0).
///
/// # Complexity
/// `O(1)`.
#[inline(always)]
#[allow(clippy::cast_possible_truncation, reason = "the hundreds of a value below 1000 are a digit")]
pub(crate) fn three_digits(value: u32) -> [u8; 4] {
    // `v / 100 = v · 41 >> 12` for every `v < 1000` (the unit test checks each).
    let hundreds = (value * 41) >> 12;
    // `value - 100 · hundreds < 100`, so `pair <= 198`: the clamp never changes it, and
    // keeps the index checks (and their panic call) out.
    let pair = (2 * (value - 100 * hundreds) as usize).min(198);
    [b'0' + hundreds as u8, PAIRS[pair], PAIRS[pair + 1], 3]
}

/// The number of decimal digits of `value` (1 for 0).
#[inline]
pub(crate) const fn decimal_len(value: u64) -> usize {
    /// `10^i`.
    const POWERS: [u64; 20] = {
        let mut table = [1u64; 20];
        let mut i = 1;
        while i < table.len() {
            table[i] = table[i - 1] * 10;
            i += 1;
        }
        table
    };
    // `bits · 1233 / 4096` is `⌊bits · log10(2)⌋` for every `bits ≤ 64`: the digits of a number
    // of that many bits are that or one more, told by one comparison (no loop, no division).
    let bits = u64::BITS - (value | 1).leading_zeros();
    let guess = ((bits * 1233) >> 12) as usize;
    if guess < POWERS.len() && value >= POWERS[guess] {
        guess + 1
    } else if guess == 0 {
        1
    } else {
        guess
    }
}

/// The eight decimal digits of `value < 10^8`, zero-padded, as ASCII bytes in the order they
/// are written (the first digit in the lowest byte of the little-endian word): two
/// four-digit halves split into pairs and digits by multiplications, in the lanes of one `u64`
/// (Paul Khuong's SWAR conversion), no loop and no division.
#[inline(always)]
const fn eight_digits(value: u64) -> u64 {
    const LOW_7_BITS_OF_32: u64 = 0x7F | (0x7F << 32);
    const LOW_4_BITS_OF_16: u64 = 0x000F_000F_000F_000F;
    let merged = (value / 10_000) | ((value % 10_000) << 32);
    // `n / 100 = n · 10486 >> 20` for `n < 10^4`, in each 32-bit lane.
    let hundreds = ((merged * 10_486) >> 20) & LOW_7_BITS_OF_32;
    let pairs = ((merged - 100 * hundreds) << 16) | hundreds;
    // `m / 10 = m · 103 >> 10` for `m < 100`, in each 16-bit lane.
    let tens = ((pairs * 103) >> 10) & LOW_4_BITS_OF_16;
    let digits = ((pairs - 10 * tens) << 8) | tens;
    digits + 0x3030_3030_3030_3030
}

/// Writes the decimal digits of `value < 10^16` at the start of `out` and returns their count;
/// the bytes after them are overwritten too (free space of the caller's buffer). `None`, with
/// `out` untouched, for a larger `value`.
#[inline]
pub(crate) fn put_digits(value: u64, out: &mut [u8; 16]) -> Option<usize> {
    const TEN_8: u64 = 100_000_000;
    const ZEROS: u64 = 0x3030_3030_3030_3030;
    // The leading zeros are the lowest bytes of the digits that are `'0'`: counted, then
    // shifted out (the last digit always stays, so the shift is below 64 bits).
    let leading_zeros = |digits: u64| ((digits ^ ZEROS) | 1 << 56).trailing_zeros() as usize / 8;
    if value < TEN_8 {
        let digits = eight_digits(value);
        let zeros = leading_zeros(digits);
        out[..8].copy_from_slice(&(digits >> (8 * zeros)).to_le_bytes());
        return Some(8 - zeros);
    }
    if value >= TEN_8 * TEN_8 {
        return None;
    }
    let (high, low) = (value / TEN_8, value % TEN_8);
    let digits = eight_digits(high);
    let high_len = 8 - leading_zeros(digits);
    out[..8].copy_from_slice(&(digits >> (8 * (8 - high_len))).to_le_bytes());
    out[high_len..high_len + 8].copy_from_slice(&eight_digits(low).to_le_bytes());
    Some(high_len + 8)
}

/// Room [`put_u64`] needs: the 20 digits of `u64::MAX` and the slack of its 8- and 16-byte
/// stores.
pub(crate) const U64_ROOM: usize = 24;

/// Writes the decimal digits of any `value` at the start of `out` and returns their count; the
/// bytes after them may be overwritten too (free space of the caller's buffer). The short
/// numbers take one table load and one store, the longer ones [`put_digits`].
///
/// # Complexity
/// `O(1)` below `10^16`, else `O(d)` for the `d` digits.
#[inline(always)]
pub(crate) fn put_u64(value: u64, out: &mut [u8; U64_ROOM]) -> usize {
    if let Some(short) = usize::try_from(value).ok().and_then(|v| SHORT_DECIMALS.get(v)) {
        // Four bytes stored, the count of them kept: the rest is free space again.
        out[..4].copy_from_slice(short);
        return usize::from(short[3]);
    }
    // Past a table of `0..100` (the 32-bit targets'; a constant condition elsewhere).
    if let (true, Ok(value)) = (SHORT_COUNT < 1000 && value < 1000, u32::try_from(value)) {
        out[..4].copy_from_slice(&three_digits(value));
        return 3;
    }
    put_long(value, out)
}

/// [`put_u64`] of a value beyond the table of short numbers (out of line: the short numbers'
/// callers stay small).
#[inline(never)]
fn put_long(value: u64, out: &mut [u8; U64_ROOM]) -> usize {
    if let Some(len) = out.first_chunk_mut::<16>().and_then(|head| put_digits(value, head)) {
        return len;
    }
    let len = decimal_len(value);
    fill_digits(value, &mut out[..len]);
    len
}

/// Writes the decimal digits of `value` into the whole of `out`, which is
/// [`decimal_len`]`(value)` bytes long (a shorter `out` gets the lowest digits), two digits per
/// division, in place: no buffer to copy afterwards.
#[inline]
pub(crate) fn fill_digits(mut value: u64, out: &mut [u8]) {
    // Pairs of digits from the end, then the odd one first: no index to check.
    let (first, pairs) = out.as_rchunks_mut::<2>();
    for slot in pairs.iter_mut().rev() {
        let pair = (value % 100) as usize * 2;
        value /= 100;
        *slot = [PAIRS[pair], PAIRS[pair + 1]];
    }
    if let [first] = first {
        *first = b'0' + (value % 10) as u8;
    }
}

/// Decimal digits of `value` into the end of `buf`; returns where they start.
pub(crate) fn digits_u64(value: u64, buf: &mut [u8; 20]) -> usize {
    let start = buf.len() - decimal_len(value);
    fill_digits(value, &mut buf[start..]);
    start
}

/// Decimal digits of `value` into the end of `buf`; returns where they start.
pub(crate) fn digits_u128(value: u128, buf: &mut [u8; 40]) -> usize {
    const TEN19: u128 = 10_000_000_000_000_000_000;
    let mut chunk = [0u8; 20];
    let (mut rest, mut end) = (value, buf.len());
    loop {
        let (low, high) = match u64::try_from(rest) {
            Ok(small) => (small, 0),
            Err(_) => ((rest % TEN19) as u64, rest / TEN19),
        };
        let start = digits_u64(low, &mut chunk);
        // `start <= 20`, and a `u128` has at most 39 digits: the fallbacks of `get` (an empty
        // slice, nothing written) are never taken, and leave no panic call.
        let digits = chunk.get(start..).unwrap_or_default();
        let width = if high == 0 { digits.len() } else { 19 };
        let begin = end.saturating_sub(width);
        let out = buf.get_mut(begin..end).unwrap_or_default();
        let zeros = out.len().saturating_sub(digits.len());
        for (i, byte) in out.iter_mut().enumerate() {
            *byte = if i < zeros { b'0' } else { digits.get(i - zeros).copied().unwrap_or(b'0') };
        }
        end = begin;
        if high == 0 {
            return end;
        }
        rest = high;
    }
}

/// Writes `value` in decimal, faster than `Display` for `u128`.
///
/// # Errors
/// Whatever `out` returns.
///
/// # Complexity
/// `O(d)` for the `d` digits of `value`.
pub fn write_u128<W: Write + ?Sized>(out: &mut W, value: u128) -> fmt::Result {
    let mut buf = [0u8; 40];
    let start = digits_u128(value, &mut buf);
    // `start <= 40`: the empty fallback is never taken, and leaves no panic call.
    out.write_str(core::str::from_utf8(buf.get(start..).unwrap_or_default()).map_err(|_| fmt::Error)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The general path alone (the firmware's for `100..1000`, past its smaller table of short
    /// numbers) writes what `Display` writes.
    #[test]
    fn long_path_writes_short_numbers_too() {
        let long =
            [u64::MAX, 10u64.pow(16), 10u64.pow(16) - 1, 10u64.pow(16) + 7, 10u64.pow(19), 12_345_678_901_234_567_890];
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let random = (0..20_000).map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed >> (seed % 64)
        });
        for value in (0..2000u64).chain(long).chain(random) {
            let mut out = [b'x'; U64_ROOM];
            let len = put_long(value, &mut out);
            assert_eq!(&out[..len], std::format!("{value}").as_bytes());
        }
    }

    /// The 32-bit targets' computed short numbers are the digits `Display` writes.
    #[test]
    fn three_digits_match_display() {
        for value in 100..1000u32 {
            let digits = three_digits(value);
            assert_eq!(&digits[..3], std::format!("{value}").as_bytes());
            assert_eq!(digits[3], 3);
        }
    }
}
