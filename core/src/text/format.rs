//! Answer formatting through [`core::fmt::Write`]: fast integers and exactly rounded decimals.

use core::fmt::{self, Write};

pub use crate::digits::write_u128;
use crate::digits::{decimal_len, digits_u128, fill_digits, put_u64, U64_ROOM};

/// A stack buffer that collects answer text (several lines) and hands it to a
/// [`core::fmt::Write`] in few large writes.
#[derive(Clone, Debug)]
pub struct LineBuf {
    bytes: [u8; LineBuf::CAPACITY],
    len: usize,
}

impl LineBuf {
    /// The most bytes the buffer holds before it must be flushed.
    pub const CAPACITY: usize = 2048;

    /// An empty buffer.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn new() -> Self {
        Self { bytes: [0; Self::CAPACITY], len: 0 }
    }

    /// Appends text; fails when the buffer is full.
    ///
    /// # Errors
    /// [`fmt::Error`] when the text would exceed [`LineBuf::CAPACITY`].
    ///
    /// # Complexity
    /// `O(len)`.
    pub fn push_bytes(&mut self, bytes: &[u8]) -> fmt::Result {
        let end = self.len.checked_add(bytes.len()).filter(|&e| e <= Self::CAPACITY).ok_or(fmt::Error)?;
        self.bytes[self.len..end].copy_from_slice(bytes);
        self.len = end;
        Ok(())
    }

    /// Appends one ASCII byte (a separator, a line end).
    ///
    /// # Errors
    /// [`fmt::Error`] when the buffer is full or `byte` is not ASCII (the text stays UTF-8).
    ///
    /// # Complexity
    /// `O(1)`.
    #[inline]
    pub fn push_byte(&mut self, byte: u8) -> fmt::Result {
        if !byte.is_ascii() {
            return Err(fmt::Error);
        }
        *self.bytes.get_mut(self.len).ok_or(fmt::Error)? = byte;
        self.len += 1;
        Ok(())
    }

    /// Appends `value` in decimal.
    ///
    /// # Errors
    /// [`fmt::Error`] when the buffer is full.
    ///
    /// # Complexity
    /// `O(d)` for the `d` digits.
    #[inline]
    pub fn push_u64(&mut self, value: u64) -> fmt::Result {
        if let Some(room) = self.room::<U64_ROOM>() {
            self.len += put_u64(value, room);
            return Ok(());
        }
        self.push_exact(value)
    }

    /// [`LineBuf::push_u64`] within the last [`U64_ROOM`] bytes: the digits stored in exactly
    /// their own bytes.
    #[inline(never)]
    fn push_exact(&mut self, value: u64) -> fmt::Result {
        let end = self.len + decimal_len(value);
        fill_digits(value, self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?);
        self.len = end;
        Ok(())
    }

    /// The next `N` free bytes, if there are that many.
    #[inline(always)]
    fn room<const N: usize>(&mut self) -> Option<&mut [u8; N]> {
        self.bytes.get_mut(self.len..).and_then(<[u8]>::first_chunk_mut)
    }

    /// Appends one line of at most [`LineWriter::MAX`] bytes that `put` writes (its numbers
    /// and separators, without a bounds check each), flushing to `out` first when fewer than
    /// [`LineWriter::ROOM`] bytes are free.
    ///
    /// # Errors
    /// Whatever `out` returns; [`fmt::Error`] when `put` wrote more than [`LineWriter::MAX`]
    /// bytes (nothing is appended then).
    ///
    /// # Complexity
    /// That of `put`, and of a flush now and then.
    #[inline(always)]
    pub(crate) fn push_line<W: Write + ?Sized>(
        &mut self,
        out: &mut W,
        put: impl FnOnce(&mut LineWriter<'_>),
    ) -> fmt::Result {
        if self.room::<{ LineWriter::ROOM }>().is_none() {
            self.flush_to(out)?;
        }
        let mut line = LineWriter { room: self.room().ok_or(fmt::Error)?, len: 0 };
        put(&mut line);
        if line.len > LineWriter::MAX {
            return Err(fmt::Error);
        }
        self.len += line.len;
        Ok(())
    }

    /// Appends `value` in decimal.
    ///
    /// # Errors
    /// [`fmt::Error`] when the buffer is full.
    ///
    /// # Complexity
    /// `O(d)` for the `d` digits.
    #[inline]
    pub fn push_u128(&mut self, value: u128) -> fmt::Result {
        match u64::try_from(value) {
            Ok(small) => self.push_u64(small),
            Err(_) => self.push_wide(value),
        }
    }

    /// [`LineBuf::push_u128`] of a value beyond `u64`.
    #[inline(never)]
    fn push_wide(&mut self, value: u128) -> fmt::Result {
        let mut buf = [0u8; 40];
        let start = digits_u128(value, &mut buf);
        // `start <= 40`: the empty fallback is never taken, and leaves no panic call.
        self.push_bytes(buf.get(start..).unwrap_or_default())
    }

    /// Bytes still free before a flush is needed.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn remaining(&self) -> usize {
        Self::CAPACITY - self.len
    }

    /// The collected text.
    ///
    /// # Complexity
    /// `O(len)` (the UTF-8 check).
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only whole `str`s and ASCII digits are ever pushed, so this cannot fail; an empty
        // string would be the fallback.
        // `len <= bytes.len()` always: the other fallback is never taken either.
        core::str::from_utf8(self.bytes.get(..self.len).unwrap_or_default()).unwrap_or_default()
    }

    /// Writes the collected text to `out` and empties the buffer.
    ///
    /// # Errors
    /// Whatever `out` returns.
    ///
    /// # Complexity
    /// `O(len)` and one write to `out`.
    pub fn flush_to<W: Write + ?Sized>(&mut self, out: &mut W) -> fmt::Result {
        let result = out.write_str(self.as_str());
        self.len = 0;
        result
    }

    /// Flushes to `out` first if fewer than `needed` bytes are free.
    ///
    /// # Errors
    /// Whatever `out` returns.
    ///
    /// # Complexity
    /// `O(len)` when it flushes, else `O(1)`.
    pub fn make_room<W: Write + ?Sized>(&mut self, needed: usize, out: &mut W) -> fmt::Result {
        if self.remaining() < needed {
            self.flush_to(out)?;
        }
        Ok(())
    }
}

/// A line being written into the free space of a [`LineBuf`] ([`LineBuf::push_line`]): its
/// numbers and separators are stored at `len % MAX`, an index the compiler knows to be in
/// bounds, so no byte is checked. A line longer than [`LineWriter::MAX`] would wrap around
/// (and be refused, its length being counted exactly); the callers' lines are shorter by proof.
#[derive(Debug)]
pub(crate) struct LineWriter<'a> {
    room: &'a mut [u8; LineWriter::ROOM],
    len: usize,
}

impl LineWriter<'_> {
    /// The longest line (a power of two, for the index).
    pub(crate) const MAX: usize = 64;
    /// The free bytes a line needs: [`LineWriter::MAX`] and the slack of a number's stores.
    pub(crate) const ROOM: usize = Self::MAX + U64_ROOM;

    /// The bytes from the end of the line on.
    #[inline(always)]
    fn tail<const N: usize>(&mut self) -> Option<&mut [u8; N]> {
        const { assert!(N <= U64_ROOM) };
        self.room.get_mut(self.len % Self::MAX..).and_then(<[u8]>::first_chunk_mut)
    }

    /// Appends one byte.
    ///
    /// # Complexity
    /// `O(1)`.
    #[inline(always)]
    pub(crate) fn byte(&mut self, byte: u8) {
        match self.tail::<1>() {
            // Text stays UTF-8: a non-ASCII byte is stored as `?`.
            Some([slot]) => *slot = if byte.is_ascii() { byte } else { b'?' },
            None => self.poison(),
        }
        self.len += 1;
    }

    /// Appends `value` in decimal.
    ///
    /// # Complexity
    /// `O(1)` below `10^16`, else `O(d)` for the `d` digits.
    #[inline(always)]
    pub(crate) fn number(&mut self, value: u64) {
        match self.tail::<U64_ROOM>() {
            Some(tail) => self.len += put_u64(value, tail),
            None => self.poison(),
        }
    }

    /// Marks the line too long, to be refused: for a store [`LineWriter::tail`] could not
    /// place, which the index modulo [`LineWriter::MAX`] rules out.
    fn poison(&mut self) {
        self.len = usize::MAX / 2;
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

/// Writes `num / den` as a decimal with exactly `digits` digits after the point, rounded to
/// nearest, a tie rounding up (away from zero), through the one exact writer of the crate
/// ([`crate::decimal`]). Integer arithmetic only.
///
/// # Errors
/// [`fmt::Error`] when `den == 0` or `digits > 40`, or whatever `out` returns.
///
/// # Complexity
/// `O(digits)` steps of long division.
pub fn write_decimal<W: Write + ?Sized>(out: &mut W, num: u128, den: u128, digits: u32) -> fmt::Result {
    let limbs = |x: u128| [crate::natural::low64(x), crate::natural::high64(x)];
    crate::decimal::write_ratio(out, &limbs(num), &limbs(den), crate::decimal::Form::Decimal(digits))
}

/// Digits after the point in the decimal answers of the judge formats.
pub const ANSWER_DIGITS: u32 = 12;

/// Writes `value` on a line of its own: the irreducible fraction `p/q` when `exact`, else the
/// decimal with [`ANSWER_DIGITS`] digits rounded to nearest (ties away from zero).
///
/// # Errors
/// Whatever `out` returns.
///
/// # Complexity
/// That of [`write_decimal`] (or two integers in exact mode).
pub fn write_answer_line<W: Write + ?Sized>(out: &mut W, value: crate::fraction::Fraction, exact: bool) -> fmt::Result {
    if exact {
        writeln!(out, "{value}")
    } else {
        writeln!(out, "{}", value.decimal(ANSWER_DIGITS))
    }
}

/// Writes `value` on a line of its own as [`write_answer_line`] does.
///
/// # Errors
/// Whatever `out` returns.
///
/// # Complexity
/// `O(ANSWER_DIGITS · w)` for a denominator of `w` limbs.
pub fn write_probability_line<W: Write + ?Sized>(
    out: &mut W,
    value: &crate::odds::Probability<'_>,
    exact: bool,
) -> fmt::Result {
    if exact {
        writeln!(out, "{value}")
    } else {
        writeln!(out, "{}", value.decimal(ANSWER_DIGITS))
    }
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

    /// A line of numbers and separators through [`LineWriter`] equals `Display`'s text; a
    /// line longer than [`LineWriter::MAX`] is refused with nothing appended.
    #[test]
    fn line_writer_matches_display_and_refuses_long_lines() {
        let values = [0, 7, 42, 999, 1000, 123_456_789, 9_999_999_999_999_999, 10_000_000_000_000_000, u64::MAX];
        for &a in &values {
            for &b in &values {
                let mut line = LineBuf::new();
                line.push_bytes(b"x").unwrap();
                let mut out = String::new();
                line.push_line(&mut out, |w| {
                    w.number(a);
                    w.byte(b'/');
                    w.number(b);
                    w.byte(b'\n');
                })
                .unwrap();
                assert_eq!((out.as_str(), line.as_str()), ("", std::format!("x{a}/{b}\n").as_str()));
            }
        }
        let mut line = LineBuf::new();
        let mut out = String::new();
        let four_maxima = |w: &mut LineWriter<'_>| (0..4).for_each(|_| w.number(u64::MAX));
        assert_eq!(line.push_line(&mut out, four_maxima), Err(fmt::Error));
        assert_eq!((out.as_str(), line.as_str()), ("", ""));
        // Too little room: the text so far is flushed first.
        let full = "x".repeat(LineBuf::CAPACITY - LineWriter::ROOM + 1);
        line.push_bytes(full.as_bytes()).unwrap();
        line.push_line(&mut out, |w| w.byte(b'y')).unwrap();
        assert_eq!((out.as_str(), line.as_str()), (full.as_str(), "y"));
    }

    /// Numbers of every length, written after text of every length below 16 (every alignment
    /// of the eight-byte stores), equal `Display`, with nothing after them.
    #[test]
    fn numbers_with_room_match_display() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut values: std::vec::Vec<u64> = (0..20).map(|e| 10u64.pow(e)).flat_map(|p| [p - 1, p, p + 1]).collect();
        for _ in 0..20_000 {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            values.push(state >> (state % 64));
        }
        values.extend([u64::MAX, 99_999_999, 100_000_000, 9_999_999_999_999_999, 10_000_000_000_000_000]);
        for (i, &value) in values.iter().enumerate() {
            let mut line = LineBuf::new();
            let prefix = "p".repeat(i % 16);
            line.push_bytes(prefix.as_bytes()).unwrap();
            line.push_u64(value).unwrap();
            assert_eq!(line.as_str(), std::format!("{prefix}{value}"));
        }
    }

    /// Every length of number, at every distance from the end of the buffer: the digits
    /// `Display` writes, and a clean refusal only when they do not fit.
    #[test]
    fn numbers_match_display_up_to_a_full_buffer() {
        let mut values: std::vec::Vec<u64> = (0..1200).collect();
        values.extend((1..20).map(|e| 10u64.pow(e)).flat_map(|p| [p - 1, p, p + 1]));
        values.push(u64::MAX);
        for value in values {
            let text = std::format!("{value}");
            for free in 0..=text.len() + 4 {
                let mut line = LineBuf::new();
                line.push_bytes(&[b'x'; LineBuf::CAPACITY][free..]).unwrap();
                let result = line.push_u64(value);
                if free < text.len() {
                    assert_eq!(result, Err(fmt::Error), "{value} in {free} bytes");
                    assert_eq!(line.remaining(), free);
                } else {
                    assert_eq!(result, Ok(()), "{value} in {free} bytes");
                    assert!(line.as_str().ends_with(&text), "{value} in {free} bytes");
                    assert_eq!(line.remaining(), free - text.len());
                    line.push_byte(b'.').ok();
                    assert!(line.as_str().ends_with(&(text.clone() + ".")) || free == text.len());
                }
            }
        }
    }
}
