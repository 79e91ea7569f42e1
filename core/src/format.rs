//! Answer formatting through [`core::fmt::Write`]: fast integers and exactly rounded decimals.

use core::fmt::{self, Write};

/// Decimal digits of `value` into the end of `buf`; returns where they start.
fn digits_u64(mut value: u64, buf: &mut [u8; 20]) -> usize {
    let mut start = buf.len();
    loop {
        start -= 1;
        buf[start] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            return start;
        }
    }
}

/// A small stack buffer that collects bytes of one answer line before a single `write_str`.
#[derive(Clone, Debug)]
pub struct LineBuf {
    bytes: [u8; LineBuf::CAPACITY],
    len: usize,
}

impl LineBuf {
    /// The most bytes a line may hold.
    pub const CAPACITY: usize = 256;

    /// An empty line.
    #[must_use]
    pub const fn new() -> Self {
        Self { bytes: [0; Self::CAPACITY], len: 0 }
    }

    /// Appends raw ASCII bytes; fails when the line is full.
    ///
    /// # Errors
    /// [`fmt::Error`] when the line would exceed [`LineBuf::CAPACITY`].
    pub fn push_bytes(&mut self, bytes: &[u8]) -> fmt::Result {
        let end = self.len.checked_add(bytes.len()).filter(|&e| e <= Self::CAPACITY).ok_or(fmt::Error)?;
        self.bytes[self.len..end].copy_from_slice(bytes);
        self.len = end;
        Ok(())
    }

    /// Appends `value` in decimal.
    ///
    /// # Errors
    /// [`fmt::Error`] when the line is full.
    pub fn push_u64(&mut self, value: u64) -> fmt::Result {
        let mut buf = [0u8; 20];
        let start = digits_u64(value, &mut buf);
        self.push_bytes(&buf[start..])
    }

    /// Appends `value` in decimal.
    ///
    /// # Errors
    /// [`fmt::Error`] when the line is full.
    pub fn push_u128(&mut self, value: u128) -> fmt::Result {
        write_u128(self, value)
    }

    /// The collected text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever pushed, so this cannot fail; an empty string would be the fallback.
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }

    /// Writes the collected text to `out` and empties the line.
    ///
    /// # Errors
    /// Whatever `out` returns.
    pub fn flush_to<W: Write + ?Sized>(&mut self, out: &mut W) -> fmt::Result {
        let result = out.write_str(self.as_str());
        self.len = 0;
        result
    }
}

impl Default for LineBuf {
    fn default() -> Self {
        Self::new()
    }
}

impl Write for LineBuf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push_bytes(s.as_bytes())
    }
}

/// Writes `value` in decimal, faster than `Display` for `u128` when it fits in a `u64`.
///
/// # Errors
/// Whatever `out` returns.
pub fn write_u128<W: Write + ?Sized>(out: &mut W, value: u128) -> fmt::Result {
    const TEN19: u128 = 10_000_000_000_000_000_000;
    let mut buf = [0u8; 20];
    if let Ok(small) = u64::try_from(value) {
        let start = digits_u64(small, &mut buf);
        return out.write_str(core::str::from_utf8(&buf[start..]).map_err(|_| fmt::Error)?);
    }
    // Split into a high part and 19-digit low chunk(s); u128::MAX has 39 digits.
    let high = value / TEN19;
    let low = (value % TEN19) as u64;
    write_u128(out, high)?;
    let start = digits_u64(low, &mut buf);
    for _ in 0..(19 - (buf.len() - start)) {
        out.write_str("0")?;
    }
    out.write_str(core::str::from_utf8(&buf[start..]).map_err(|_| fmt::Error)?)
}

/// Writes `num / den` as a decimal with exactly `digits` digits after the point, rounded to
/// nearest, a tie rounding up (away from zero). Integer arithmetic only.
///
/// Returns `Err` when `den == 0`, when `digits > 30`, or when the scaled value would not fit
/// in a `u128` (it never happens for probabilities or scores below 10^20).
///
/// # Errors
/// [`fmt::Error`] as described, or whatever `out` returns.
pub fn write_decimal<W: Write + ?Sized>(out: &mut W, num: u128, den: u128, digits: u32) -> fmt::Result {
    if den == 0 || digits > 30 {
        return Err(fmt::Error);
    }
    let scale = 10u128.pow(digits);
    let whole = num / den;
    let mut rem = num % den;
    // Fractional digits one at a time: rem < den, so 10 * rem fits while den < 2^124.
    let mut fraction: u128 = 0;
    for _ in 0..digits {
        rem = rem.checked_mul(10).ok_or(fmt::Error)?;
        fraction = fraction * 10 + rem / den;
        rem %= den;
    }
    // Round half up: compare 2 * rem with den without overflow.
    let round_up = rem >= den - rem;
    let mut scaled = whole.checked_mul(scale).and_then(|w| w.checked_add(fraction)).ok_or(fmt::Error)?;
    if round_up {
        scaled = scaled.checked_add(1).ok_or(fmt::Error)?;
    }
    write_u128(out, scaled / scale)?;
    if digits > 0 {
        out.write_str(".")?;
        let frac = scaled % scale;
        let mut buf = [0u8; 40];
        let mut value = frac;
        for slot in buf[..digits as usize].iter_mut().rev() {
            *slot = b'0' + (value % 10) as u8;
            value /= 10;
        }
        out.write_str(core::str::from_utf8(&buf[..digits as usize]).map_err(|_| fmt::Error)?)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    extern crate std;
    use std::string::String;

    fn decimal(num: u128, den: u128, digits: u32) -> String {
        let mut s = String::new();
        write_decimal(&mut s, num, den, digits).unwrap();
        s
    }

    #[test]
    fn integers_match_display() {
        for v in [
            0u128,
            9,
            10,
            u128::from(u64::MAX),
            u128::from(u64::MAX) + 1,
            10u128.pow(19),
            10u128.pow(38) + 7,
            u128::MAX,
        ] {
            let mut s = String::new();
            write_u128(&mut s, v).unwrap();
            assert_eq!(s, std::format!("{v}"));
        }
    }

    #[test]
    fn decimals_round_half_up() {
        assert_eq!(decimal(1, 8, 12), "0.125000000000");
        assert_eq!(decimal(3, 2, 12), "1.500000000000");
        assert_eq!(decimal(2, 3, 12), "0.666666666667");
        assert_eq!(decimal(1, 3, 12), "0.333333333333");
        assert_eq!(decimal(5, 10u128.pow(13), 12), "0.000000000001");
        assert_eq!(decimal(4, 10u128.pow(13), 12), "0.000000000000");
        assert_eq!(decimal(9_999_999_999_995, 10u128.pow(13), 12), "1.000000000000");
        assert_eq!(decimal(7, 1, 0), "7");
        let big = 2 * 420u128.pow(13);
        assert_eq!(decimal(big - 1, big, 12), "1.000000000000");
    }

    #[test]
    fn line_buffer_collects_and_flushes() {
        let mut line = LineBuf::new();
        line.push_u64(42).unwrap();
        line.push_bytes(b" ").unwrap();
        line.push_u128(u128::MAX).unwrap();
        let mut out = String::new();
        line.flush_to(&mut out).unwrap();
        assert_eq!(out, std::format!("42 {}", u128::MAX));
        assert_eq!(line.as_str(), "");
    }
}
