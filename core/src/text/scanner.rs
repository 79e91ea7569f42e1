//! A tokenizer for the judge formats: numbers, punctuation and runs of bytes, over the whole
//! input in memory (`&[u8]`, zero-copy) or a stream read through a caller's window
//! ([`Stream`]).
//!
//! The same rules for every problem:
//! - Whitespace is space, tab, `\n` and `\r`; a line ends at `\n`, `\r\n` or a lone `\r`.
//! - A UTF-8 byte-order mark at the very start of the input is skipped (editors on Windows
//!   write one); column 1 is the first byte after it.
//!
//! Every error carries the 1-based line and byte column of the offending token, or of the end
//! of the input when something was missing. A stream is read only as far as the tokens asked
//! for (at most one window ahead), so a reader that stops at the first wrong byte never pulls
//! the rest of an endless input.

use crate::text::error::{Error, ErrorKind, Position, Result};
use crate::text::source::Read;

/// Where a [`Scanner`] finds its bytes: the whole input (`&[u8]`), or a [`Stream`] refilled
/// from a [`Read`] source.
pub trait Window {
    /// The bytes held: the rest of the input (a slice), or the bytes around the cursor.
    fn bytes(&self) -> &[u8];

    /// Tries to make more bytes available after [`Window::bytes`], dropping at most the first
    /// `consumed` of them to make room (the bytes then start that much later in the input).
    /// Returns how many were dropped, or `None` when nothing more can come (the end of the
    /// input, or a failed read), in which case none were dropped.
    fn refill(&mut self, consumed: usize) -> Option<usize>;

    /// Whether a read failed: the bytes held end there instead of at the end of the input.
    fn failed(&self) -> bool;
}

impl Window for &[u8] {
    #[inline(always)]
    fn bytes(&self) -> &[u8] {
        self
    }

    #[inline(always)]
    fn refill(&mut self, _consumed: usize) -> Option<usize> {
        None
    }

    #[inline(always)]
    fn failed(&self) -> bool {
        false
    }
}

/// The fewest bytes a [`Stream`] window needs: the byte-order mark is recognized at the
/// cursor with two bytes of lookahead, and a refill keeps the byte before the cursor. A
/// smaller window reads nothing and fails at once.
pub const MIN_WINDOW: usize = 4;

/// How a [`Stream`] stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StreamState {
    Open,
    Ended,
    Failed,
}

/// A [`Window`] over a [`Read`] source: the caller's `buffer` holds the bytes around the
/// cursor, refilled when the cursor reaches its end (moving the unread rest to the front).
#[derive(Debug)]
pub struct Stream<'a, R: Read + ?Sized> {
    source: &'a mut R,
    buffer: &'a mut [u8],
    filled: usize,
    state: StreamState,
}

impl<'a, R: Read + ?Sized> Stream<'a, R> {
    /// A window of `buffer` over `source` (nothing read yet); a buffer of fewer than
    /// [`MIN_WINDOW`] bytes fails at the first read.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn new(source: &'a mut R, buffer: &'a mut [u8]) -> Self {
        let state = if buffer.len() < MIN_WINDOW { StreamState::Failed } else { StreamState::Open };
        Self { source, buffer, filled: 0, state }
    }
}

impl<R: Read + ?Sized> Window for Stream<'_, R> {
    #[inline(always)]
    fn bytes(&self) -> &[u8] {
        // `filled <= buffer.len()` always (`refill` only adds what a read put in the free
        // part), so the fallback is never taken: it keeps a panic call out of every method.
        self.buffer.get(..self.filled).unwrap_or_default()
    }

    fn refill(&mut self, consumed: usize) -> Option<usize> {
        if self.state != StreamState::Open {
            return None;
        }
        let mut drop = 0;
        if self.filled == self.buffer.len() {
            drop = consumed.min(self.filled);
            if drop == 0 {
                // The window is full of bytes still needed: a lookahead longer than the window.
                self.state = StreamState::Failed;
                return None;
            }
            self.buffer.copy_within(drop..self.filled, 0);
            self.filled -= drop;
        }
        let free = self.buffer.get_mut(self.filled..).unwrap_or_default();
        match self.source.read(free) {
            Ok(0) => self.state = StreamState::Ended,
            Ok(read) if read <= free.len() => self.filled += read,
            // A source that claims more than it was given is broken.
            Ok(_) | Err(_) => self.state = StreamState::Failed,
        }
        (drop > 0 || self.state == StreamState::Open).then_some(drop)
    }

    fn failed(&self) -> bool {
        self.state == StreamState::Failed
    }
}

/// A cursor over judge input that reads tokens and knows its line and column.
#[derive(Clone, Debug)]
pub struct Scanner<W> {
    window: W,
    /// The next unread byte, as an index into `window.bytes()`.
    pos: usize,
    line: u32,
    /// Where the current line starts, as an index into `window.bytes()` that refills move down
    /// with the bytes (wrapping: a line that started in dropped bytes is "below zero"), so that
    /// the column is one subtraction, as cheap for a stream as for a slice.
    line_start: u64,
}

/// Whether `byte` separates tokens.
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub const fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r')
}

/// The most digits whose value cannot overflow a `u64` (10^18 < 2^64).
const SAFE_DIGITS: usize = 18;

/// The value of the decimal digits of `bytes` from `start` on, at most [`SAFE_DIGITS`] of
/// them, and the index after them (`start`: none; `None`: `start` is past the end). The fast
/// paths' digit loop; the byte after the digits decides the rest.
///
/// # Complexity
/// `O(d)` for the `d` digits read.
#[inline(always)]
fn leading_digits(bytes: &[u8], start: usize) -> Option<(u64, usize)> {
    let mut value = 0u64;
    let mut end = start;
    for &byte in bytes.get(start..bytes.len().min(start + SAFE_DIGITS))? {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        value = value * 10 + u64::from(digit);
        end += 1;
    }
    Some((value, end))
}

/// The value and the count of the leading digits of the eight bytes of `word` (little-endian:
/// the first byte lowest), when there are 1 to 7 of them: the lanes combined pairwise by three
/// multiplications (SWAR), no loop. `None` when the first byte is not a digit or all eight
/// are. The byte after the digits is `word >> (8 * count)`, for the caller to check.
///
/// # Complexity
/// `O(1)`.
#[inline(always)]
pub(crate) const fn short_number(word: u64) -> Option<(u64, usize)> {
    const HIGH_NIBBLES: u64 = 0xF0F0_F0F0_F0F0_F0F0;
    const DIGIT_HIGH: u64 = 0x3030_3030_3030_3030;
    // A byte is a digit when its high nibble is 3 before and after adding 6 (`'9' + 6` is
    // `0x3f`). A carry out of a lane (a byte of `0xfa` or more) only reaches lanes after the
    // first non-digit, which are not read.
    let high = (word & HIGH_NIBBLES) ^ DIGIT_HIGH;
    let shifted = (word.wrapping_add(0x0606_0606_0606_0606) & HIGH_NIBBLES) ^ DIGIT_HIGH;
    let non_digits = high | shifted;
    let count = non_digits.trailing_zeros() as usize / 8;
    if count == 0 || non_digits == 0 {
        return None;
    }
    // The digits moved up to the top lanes, zeros below them: the first (lowest) is the most
    // significant. Pairs, then quads, then the eight digits: each step `10^k·high + low`.
    let digits = (word & 0x0F0F_0F0F_0F0F_0F0F) << (64 - 8 * count);
    let pairs = (digits * 10 + (digits >> 8)) & 0x00FF_00FF_00FF_00FF;
    let quads = (pairs * 100 + (pairs >> 16)) & 0x0000_FFFF_0000_FFFF;
    Some(((quads * 10_000 + (quads >> 32)) & 0xFFFF_FFFF, count))
}

impl<'a> Scanner<&'a [u8]> {
    /// A scanner at the start of `input`, after its byte-order mark if it has one.
    #[must_use]
    pub fn new(input: &'a [u8]) -> Self {
        Self::over(input)
    }

    /// The bytes not read yet.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn rest(&self) -> &'a [u8] {
        self.window.get(self.pos..).unwrap_or_default()
    }
}

impl<'a, R: Read + ?Sized> Scanner<Stream<'a, R>> {
    /// A scanner reading `source` through `buffer` (at least [`MIN_WINDOW`] bytes; the larger,
    /// the fewer reads), after its byte-order mark if it has one.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn stream(source: &'a mut R, buffer: &'a mut [u8]) -> Self {
        Self::over(Stream::new(source, buffer))
    }
}

impl<W: Window> Scanner<W> {
    /// A scanner at the start of `window`, after its byte-order mark if it has one.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn over(window: W) -> Self {
        let mut scanner = Self { window, pos: 0, line: 1, line_start: 0 };
        if (0..3).all(|i| scanner.byte_at(i) == Some([0xEF, 0xBB, 0xBF][i])) {
            scanner.pos += 3;
            scanner.line_start = 3;
        }
        scanner
    }

    /// The byte `ahead` bytes after the cursor, refilling the window if needed.
    #[inline(always)]
    fn byte_at(&mut self, ahead: usize) -> Option<u8> {
        match self.window.bytes().get(self.pos + ahead) {
            Some(&byte) => Some(byte),
            None => self.fetch(ahead),
        }
    }

    /// The cold path of [`Scanner::byte_at`]: refills until the byte is there or the input ends,
    /// keeping the byte before the cursor (a `-` that turns out to start no number).
    #[cold]
    #[inline(never)]
    fn fetch(&mut self, ahead: usize) -> Option<u8> {
        loop {
            let dropped = self.window.refill(self.pos.saturating_sub(1))?.min(self.pos);
            self.pos -= dropped;
            self.line_start = self.line_start.wrapping_sub(dropped as u64);
            if let Some(&byte) = self.window.bytes().get(self.pos + ahead) {
                return Some(byte);
            }
        }
    }

    /// Whether a read of the stream failed (the input then seems to end there; the judge
    /// drivers report [`ErrorKind::Read`] instead of whatever followed).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn read_failed(&self) -> bool {
        self.window.failed()
    }

    /// The position of the next unread byte.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn position(&self) -> Position {
        let column = (self.pos as u64).wrapping_sub(self.line_start).saturating_add(1);
        Position { line: self.line, column: u32::try_from(column).unwrap_or(u32::MAX) }
    }

    /// An error of `kind` at the next unread byte.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn error(&self, kind: ErrorKind) -> Error {
        Error::new(self.position(), kind)
    }

    /// Consumes one byte, keeping the line count (`\n`, or a `\r` not followed by `\n`,
    /// ends a line).
    fn bump(&mut self, byte: u8) {
        self.pos += 1;
        if byte == b'\n' || (byte == b'\r' && self.byte_at(0) != Some(b'\n')) {
            self.line = self.line.saturating_add(1);
            self.line_start = self.pos as u64;
        }
    }

    /// The next byte, whitespace or not, without consuming it.
    ///
    /// # Complexity
    /// `O(1)` amortized: at most one refill of the window.
    pub fn peek_raw(&mut self) -> Option<u8> {
        self.byte_at(0)
    }

    /// Consumes and returns the next byte, whitespace or not.
    ///
    /// # Complexity
    /// `O(1)` amortized: at most one refill of the window.
    pub fn next_raw(&mut self) -> Option<u8> {
        let byte = self.byte_at(0)?;
        self.bump(byte);
        Some(byte)
    }

    /// Skips spaces and tabs: the blanks before the end of the current line.
    ///
    /// # Complexity
    /// `O(b)` for the `b` bytes consumed, plus one refill per window.
    pub fn skip_blanks(&mut self) {
        while let Some(byte @ (b' ' | b'\t')) = self.byte_at(0) {
            self.bump(byte);
        }
    }

    /// Consumes one line break (`\n`, `\r\n` or `\r`) if it is next.
    ///
    /// # Complexity
    /// `O(1)` amortized: at most one refill of the window.
    pub fn skip_line_break(&mut self) {
        if let Some(byte @ (b'\n' | b'\r')) = self.byte_at(0) {
            self.bump(byte);
            if byte == b'\r' && self.byte_at(0) == Some(b'\n') {
                self.bump(b'\n');
            }
        }
    }

    /// Skips whitespace.
    ///
    /// # Complexity
    /// `O(b)` for the `b` bytes consumed, plus one refill per window.
    #[inline(always)]
    pub fn skip_whitespace(&mut self) {
        // Inline: nothing to skip, or the one space between two numbers.
        let bytes = self.window.bytes();
        match bytes.get(self.pos) {
            // Every whitespace byte is at most `b' '`: one comparison for the usual case.
            Some(&byte) if byte > b' ' || !is_space(byte) => return,
            Some(b' ') => match bytes.get(self.pos + 1) {
                Some(&next) if !is_space(next) => {
                    self.pos += 1;
                    return;
                }
                _ => {}
            },
            _ => {}
        }
        self.skip_some_whitespace();
    }

    /// [`Scanner::skip_whitespace`] once there is some (or the window is at its end).
    fn skip_some_whitespace(&mut self) {
        loop {
            // The hot loop walks the bytes held; the window is refilled only at its end.
            let bytes = self.window.bytes();
            let mut i = self.pos;
            while let Some(&byte) = bytes.get(i) {
                match byte {
                    b' ' | b'\t' => i += 1,
                    b'\n' => {
                        i += 1;
                        self.line = self.line.saturating_add(1);
                        self.line_start = i as u64;
                    }
                    b'\r' if i + 1 < bytes.len() => {
                        i += if bytes.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
                        self.line = self.line.saturating_add(1);
                        self.line_start = i as u64;
                    }
                    b'\r' => {
                        // The last byte held: whether a `\n` follows needs the next window.
                        self.pos = i;
                        self.bump(byte);
                        i = self.pos;
                        break;
                    }
                    _ => {
                        self.pos = i;
                        return;
                    }
                }
            }
            self.pos = i;
            if self.byte_at(0).is_none() {
                return;
            }
        }
    }

    /// The next byte after whitespace, without consuming it.
    ///
    /// # Complexity
    /// `O(b)` for the `b` bytes consumed, plus one refill per window.
    pub fn peek(&mut self) -> Option<u8> {
        self.skip_whitespace();
        self.byte_at(0)
    }

    /// Consumes `byte` if it is next after whitespace.
    ///
    /// # Complexity
    /// `O(b)` for the `b` bytes consumed, plus one refill per window.
    pub fn eat(&mut self, byte: u8) -> bool {
        if self.peek() == Some(byte) {
            self.bump(byte);
            true
        } else {
            false
        }
    }

    /// Consumes `byte` after whitespace, or fails saying `expected`.
    ///
    /// # Errors
    /// [`ErrorKind::Unexpected`] or [`ErrorKind::UnexpectedEnd`] when another byte is next.
    ///
    /// # Complexity
    /// `O(b)` for the `b` bytes consumed, plus one refill per window.
    pub fn expect(&mut self, byte: u8, expected: &'static str) -> Result<()> {
        if self.eat(byte) {
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    /// The error for finding something other than `expected` at the next byte.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn unexpected(&mut self, expected: &'static str) -> Error {
        match self.byte_at(0) {
            Some(found) => self.error(ErrorKind::Unexpected { expected, found }),
            None => self.error(ErrorKind::UnexpectedEnd { expected }),
        }
    }

    /// Succeeds when only whitespace is left.
    ///
    /// # Errors
    /// [`ErrorKind::Unexpected`] at the first byte of anything else; [`ErrorKind::Read`] when
    /// the stream failed before its end.
    ///
    /// # Complexity
    /// `O(b)` for the `b` bytes consumed, plus one refill per window.
    pub fn finish(&mut self) -> Result<()> {
        match self.peek() {
            None if self.read_failed() => Err(self.error(ErrorKind::Read)),
            None => Ok(()),
            Some(found) => Err(self.error(ErrorKind::Unexpected { expected: "end of input", found })),
        }
    }

    /// Reads an unsigned decimal integer in `min..=max`; `what` names it in errors
    /// ("the number of players").
    ///
    /// # Errors
    /// Missing or malformed number, or one outside `min..=max` ([`ErrorKind::OutOfRange`],
    /// at the number's first digit).
    ///
    /// # Complexity
    /// `O(b)` for the `b` bytes consumed, plus one refill per window.
    #[inline]
    pub fn unsigned(&mut self, what: &'static str, min: u64, max: u64) -> Result<u64> {
        self.number(what, min, max)
    }

    /// The common case of [`Scanner::unsigned`] after the whitespace, decided within the bytes
    /// held: 1 to 18 digits (no overflow possible), then whitespace, and a value in
    /// `min..=max`. Anything else (a sign, more digits, another byte after them, the end of the
    /// window, a value out of range) is `None` with nothing consumed, and
    /// [`Scanner::unsigned_at_cursor`] reads the number again with every check and error.
    #[inline(always)]
    fn quick_unsigned(&mut self, min: u64, max: u64) -> Option<u64> {
        let bytes = self.window.bytes();
        let (value, end) = leading_digits(bytes, self.pos)?;
        // A 19th digit is not whitespace.
        if end == self.pos || !is_space(*bytes.get(end)?) || !(min..=max).contains(&value) {
            return None;
        }
        self.pos = end;
        Some(value)
    }

    /// The next `N` bytes held at the cursor, for a driver's fast path over a whole line
    /// (`None` within `N` bytes of the window's end: the driver reads number by number then).
    ///
    /// # Complexity
    /// `O(1)`.
    #[inline(always)]
    pub(crate) fn held<const N: usize>(&self) -> Option<&[u8; N]> {
        self.window.bytes().get(self.pos..)?.first_chunk()
    }

    /// Consumes the `len` bytes of a line that [`Scanner::held`] showed, its `\n` last (the
    /// caller checked them); nothing may have been read in between.
    ///
    /// # Complexity
    /// `O(1)`.
    #[inline(always)]
    pub(crate) fn consume_line(&mut self, len: usize) {
        self.pos += len;
        self.line = self.line.saturating_add(1);
        self.line_start = self.pos as u64;
    }

    /// [`Scanner::unsigned`] after the whitespace, with every check and error.
    #[inline(never)]
    fn unsigned_at_cursor(&mut self, what: &'static str, min: u64, max: u64) -> Result<u64> {
        let start = self.position();
        let (magnitude, negative) = self.integer(what)?;
        check_unsigned(start, what, magnitude, negative, min, max)
    }

    /// Reads an unsigned decimal integer in `min..=max` as the type of the bounds (`u8`, `u16`,
    /// `u32`, `u64`); `what` names it in errors.
    ///
    /// # Errors
    /// As [`Scanner::unsigned`].
    ///
    /// # Complexity
    /// `O(b)` for the `b` bytes consumed, plus one refill per window.
    #[inline]
    pub fn number<T: Into<u64> + TryFrom<u64> + Copy>(&mut self, what: &'static str, min: T, max: T) -> Result<T> {
        self.skip_whitespace();
        let value = match self.quick_unsigned(min.into(), max.into()) {
            Some(value) => value,
            None => self.unsigned_at_cursor(what, min.into(), max.into())?,
        };
        // In range of `min..=max`, so the conversion cannot fail; `min` is the unreachable fallback.
        Ok(T::try_from(value).unwrap_or(min))
    }

    /// Reads a signed decimal integer in `min..=max`; `what` names it in errors.
    ///
    /// # Errors
    /// As [`Scanner::unsigned`].
    ///
    /// # Complexity
    /// `O(b)` for the `b` bytes consumed, plus one refill per window.
    pub fn signed(&mut self, what: &'static str, min: i64, max: i64) -> Result<i64> {
        self.skip_whitespace();
        let start = self.position();
        let (magnitude, negative) = self.integer(what)?;
        let value = magnitude.and_then(|m| i64::try_from(m).ok()).map(|m| if negative { -m } else { m });
        match value {
            Some(value) if (min..=max).contains(&value) => Ok(value),
            _ => Err(Error::new(start, ErrorKind::OutOfRange { what, value, min, max })),
        }
    }

    /// Reads `-?[0-9]+` after whitespace, without a range: where it starts, its magnitude
    /// (`None` past `u64`) and its sign. [`check_unsigned`] applies the range later, for
    /// readers that learn the range only after the number.
    ///
    /// # Errors
    /// No digits, or a byte glued to the digits (a letter, `-`, `+`, `.`).
    ///
    /// # Complexity
    /// `O(b)` for the `b` bytes consumed, plus one refill per window.
    pub fn integer_token(&mut self, what: &'static str) -> Result<(Position, Option<u64>, bool)> {
        self.skip_whitespace();
        let start = self.position();
        let (magnitude, negative) = self.integer(what)?;
        Ok((start, magnitude, negative))
    }

    /// Reads `-?[0-9]+` at the cursor: the magnitude (`None` past `u64`) and the sign.
    #[inline(always)]
    fn integer(&mut self, what: &'static str) -> Result<(Option<u64>, bool)> {
        let negative = self.byte_at(0) == Some(b'-');
        if negative {
            self.pos += 1;
        }
        let mut value: Option<u64> = Some(0);
        let mut digits = false;
        let next = loop {
            // The hot loop walks the bytes held; the window is refilled only at its end.
            let bytes = self.window.bytes();
            let mut i = self.pos;
            while let Some(&byte) = bytes.get(i) {
                if !byte.is_ascii_digit() {
                    break;
                }
                value = value.and_then(|v| v.checked_mul(10)).and_then(|v| v.checked_add(u64::from(byte - b'0')));
                i += 1;
            }
            digits |= i > self.pos;
            let next = bytes.get(i).copied();
            self.pos = i;
            if next.is_some() || self.fetch(0).is_none() {
                break next;
            }
        };
        if !digits {
            // A refill keeps the byte before the cursor, so the `-` is still there.
            if negative {
                self.pos -= 1;
            }
            return Err(self.unexpected(what));
        }
        match next {
            Some(found) if found.is_ascii_alphanumeric() || matches!(found, b'-' | b'+' | b'.') => {
                Err(self.error(ErrorKind::Unexpected { expected: "a separator after the number", found }))
            }
            _ => Ok((value, negative)),
        }
    }

    /// The bytes at the cursor, whitespace or not, up to `max` of them, without consuming
    /// them: at least one unless the input ends here, at most what the window holds.
    ///
    /// # Complexity
    /// `O(1)` amortized: at most one refill of the window.
    pub fn chunk(&mut self, max: usize) -> &[u8] {
        if max > 0 {
            let _ = self.byte_at(0);
        }
        let bytes = self.window.bytes().get(self.pos..).unwrap_or_default();
        bytes.get(..max).unwrap_or(bytes)
    }

    /// Consumes `len` bytes of the current line that [`Scanner::chunk`] returned; the caller
    /// checked they hold no line break (else the line count would be off).
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn skip_in_line(&mut self, len: usize) {
        self.pos = self.pos.saturating_add(len).min(self.window.bytes().len());
    }

    /// Consumes the longest run of bytes on the current line for which `keep` holds, handing
    /// it to `each` in pieces (as many as the window needs), and returns where it started and
    /// its length. Never consumes a line break, whatever `keep` says, so the line count stays
    /// exact: e.g. one row of a board.
    ///
    /// # Errors
    /// The first error of `each`; the run is consumed up to the piece that failed.
    ///
    /// # Complexity
    /// `O(b)` for the `b` bytes consumed, plus one refill per window.
    pub fn take_while<E>(
        &mut self,
        keep: impl Fn(u8) -> bool,
        mut each: impl FnMut(&[u8]) -> core::result::Result<(), E>,
    ) -> core::result::Result<(Position, u64), E> {
        let start = self.position();
        let mut len = 0u64;
        loop {
            let chunk = self.chunk(usize::MAX);
            let run = chunk.iter().position(|&b| b == b'\n' || b == b'\r' || !keep(b)).unwrap_or(chunk.len());
            let more = run == chunk.len() && run > 0;
            each(&chunk[..run])?;
            self.skip_in_line(run);
            len += run as u64;
            if !more {
                return Ok((start, len));
            }
        }
    }
}

/// The range check of [`Scanner::unsigned`] on a number read by [`Scanner::integer_token`]
/// at `start`.
///
/// # Errors
/// [`ErrorKind::OutOfRange`] at `start` when the number is not in `min..=max`.
///
/// # Complexity
/// `O(1)`.
#[inline]
pub fn check_unsigned(
    start: Position,
    what: &'static str,
    magnitude: Option<u64>,
    negative: bool,
    min: u64,
    max: u64,
) -> Result<u64> {
    // `-0` is zero, as the judges' own readers (`scanf`, `cin`) take it.
    let value = if negative && magnitude != Some(0) { None } else { magnitude };
    match value {
        Some(value) if (min..=max).contains(&value) => Ok(value),
        _ => Err(Error::new(start, out_of_range(what, magnitude, negative, min, max))),
    }
}

/// The range error for an integer read as `magnitude` with sign `negative`.
fn out_of_range(what: &'static str, magnitude: Option<u64>, negative: bool, min: u64, max: u64) -> ErrorKind {
    let value = magnitude.and_then(|m| i64::try_from(m).ok()).map(|m| if negative { -m } else { m });
    ErrorKind::OutOfRange {
        what,
        value,
        min: i64::try_from(min).unwrap_or(i64::MAX),
        max: i64::try_from(max).unwrap_or(i64::MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word reader agrees with the digits read one by one, for every count of digits,
    /// every byte after them, and a non-digit first.
    #[test]
    fn short_numbers_are_their_digits() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200_000 {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let mut bytes = state.to_le_bytes();
            let count = (state >> 61) as usize + 1;
            for (i, byte) in bytes.iter_mut().enumerate().take(count.min(8)) {
                if i + 1 < count || state & 1 == 0 {
                    *byte = b'0' + *byte % 10;
                }
            }
            let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            let expected = (1..8).contains(&digits).then(|| {
                let value = bytes[..digits].iter().fold(0, |v, &b| v * 10 + u64::from(b - b'0'));
                (value, digits)
            });
            assert_eq!(short_number(u64::from_le_bytes(bytes)), expected, "{bytes:?}");
        }
        for byte in 0..=255u8 {
            let word = u64::from_le_bytes([b'7', byte, b'1', b'2', b'3', b'4', b'5', b'6']);
            let expected = if byte.is_ascii_digit() { None } else { Some((7, 1)) };
            assert_eq!(short_number(word), expected, "{byte}");
        }
        assert_eq!(short_number(u64::from_le_bytes(*b"12345678")), None);
        assert_eq!(short_number(u64::from_le_bytes(*b"1234567 ")), Some((1_234_567, 7)));
        assert_eq!(short_number(u64::from_le_bytes(*b"0000009\n")), Some((9, 7)));
    }

    #[test]
    fn reads_numbers_across_crlf_lines() {
        let mut s = Scanner::new(b" 12\r\n-7\t3\n");
        assert_eq!(s.unsigned("a", 0, 100), Ok(12));
        assert_eq!(s.signed("b", -10, 10), Ok(-7));
        assert_eq!(s.position(), Position { line: 2, column: 3 });
        assert_eq!(s.unsigned("c", 0, 9), Ok(3));
        assert_eq!(s.finish(), Ok(()));
    }

    #[test]
    fn minus_zero_is_zero_and_other_negatives_are_out_of_range() {
        let mut s = Scanner::new(b"-0 -00 -1");
        assert_eq!(s.unsigned("a", 0, 0), Ok(0));
        assert_eq!(s.unsigned("b", 0, 5), Ok(0));
        let e = s.unsigned("c", 0, 5).unwrap_err();
        assert_eq!(std::string::ToString::to_string(&e), "1:8: c must be in 0..=5, found -1");
    }

    #[test]
    fn reports_position_and_expectation() {
        let mut s = Scanner::new(b"1\n  x");
        assert_eq!(s.unsigned("a", 0, 9), Ok(1));
        let e = s.unsigned("a count", 0, 9).unwrap_err();
        assert_eq!(e.position, Position { line: 2, column: 3 });
        assert_eq!(e.kind, ErrorKind::Unexpected { expected: "a count", found: b'x' });
    }

    #[test]
    fn refuses_out_of_range_and_glued_tokens() {
        let e = Scanner::new(b"  42").unsigned("a card", 1, 4).unwrap_err();
        assert_eq!(e.position.column, 3);
        assert_eq!(e.kind, ErrorKind::OutOfRange { what: "a card", value: Some(42), min: 1, max: 4 });
        let e = Scanner::new(b"99999999999999999999999").unsigned("n", 1, 4).unwrap_err();
        assert!(matches!(e.kind, ErrorKind::OutOfRange { value: None, .. }));
        let e = Scanner::new(b"-3").unsigned("n", 1, 4).unwrap_err();
        assert!(matches!(e.kind, ErrorKind::OutOfRange { value: Some(-3), .. }));
        let e = Scanner::new(b"12ab").unsigned("n", 0, 99).unwrap_err();
        assert_eq!(e.position.column, 3);
        let e = Scanner::new(b"-").signed("n", -5, 5).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unexpected { expected: "n", found: b'-' });
        let e = Scanner::new(b"").unsigned("n", 0, 1).unwrap_err();
        assert_eq!(e.kind, ErrorKind::UnexpectedEnd { expected: "n" });
    }

    /// The runs `take_while` hands out, joined, and its result.
    fn run<W: Window>(s: &mut Scanner<W>, keep: impl Fn(u8) -> bool) -> (Position, std::vec::Vec<u8>) {
        let mut bytes = std::vec::Vec::new();
        let (at, len) = s
            .take_while(keep, |piece| {
                bytes.extend_from_slice(piece);
                Ok::<(), ()>(())
            })
            .unwrap();
        assert_eq!(len, bytes.len() as u64);
        (at, bytes)
    }

    #[test]
    fn takes_runs_within_one_line() {
        let mut s = Scanner::new(b"  #.#x\n##\n");
        s.skip_whitespace();
        let (pos, bytes) = run(&mut s, |b| b == b'#' || b == b'.');
        assert_eq!((pos, &bytes[..]), (Position { line: 1, column: 3 }, &b"#.#"[..]));
        assert_eq!(run(&mut s, |b| b == b'#').1, b"");
        assert_eq!(s.position(), Position { line: 1, column: 6 });
        assert_eq!(run(&mut s, |_| true).1, b"x");
        assert_eq!(s.position(), Position { line: 1, column: 7 });
        s.skip_line_break();
        assert_eq!(run(&mut s, |_| true), (Position { line: 2, column: 1 }, b"##".to_vec()));
    }

    #[test]
    fn line_breaks_of_every_kind() {
        let mut s = Scanner::new(b"a\r\nb\rc\nd");
        for (line, byte) in [(1, b'a'), (2, b'b'), (3, b'c'), (4, b'd')] {
            assert_eq!((s.position().line, s.peek_raw()), (line, Some(byte)));
            s.skip_in_line(1);
            s.skip_line_break();
        }
        assert!(s.rest().is_empty());
    }

    /// A source handing out at most `piece` bytes per read, failing after `fail_after` bytes.
    struct Trickle<'a> {
        bytes: &'a [u8],
        piece: usize,
        fail_after: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> core::result::Result<usize, crate::text::ReadError> {
            if self.fail_after == 0 {
                return Err(crate::text::ReadError);
            }
            let len = buf.len().min(self.piece).min(self.bytes.len()).min(self.fail_after);
            buf[..len].copy_from_slice(&self.bytes[..len]);
            self.bytes = &self.bytes[len..];
            self.fail_after -= len;
            Ok(len)
        }
    }

    /// Every token of `input` and the position after each, read by `s`.
    fn tokens<W: Window>(mut s: Scanner<W>) -> std::vec::Vec<(Position, core::result::Result<u64, Error>)> {
        let mut out = std::vec::Vec::new();
        loop {
            let result = s.unsigned("n", 0, 1000);
            let failed = result.is_err();
            out.push((s.position(), result));
            if failed {
                out.push((s.position(), s.finish().map(|()| 0)));
                return out;
            }
        }
    }

    #[test]
    fn streams_read_like_slices_through_any_window_and_pieces() {
        let input: &[u8] = b"\xEF\xBB\xBF 12\r\n-0\t3\r\r 999 -\n7 1x";
        let whole = tokens(Scanner::new(input));
        for window in MIN_WINDOW..12 {
            for piece in 1..5 {
                let mut source = Trickle { bytes: input, piece, fail_after: usize::MAX };
                let mut buffer = std::vec![0u8; window];
                assert_eq!(tokens(Scanner::stream(&mut source, &mut buffer)), whole, "window {window}, piece {piece}");
            }
        }
    }

    #[test]
    fn a_failed_read_ends_the_stream_and_is_reported() {
        let mut source = Trickle { bytes: b"1 2 3 4", piece: 2, fail_after: 4 };
        let mut buffer = [0u8; MIN_WINDOW];
        let mut s = Scanner::stream(&mut source, &mut buffer);
        assert_eq!(s.unsigned("n", 0, 9), Ok(1));
        assert_eq!(s.unsigned("n", 0, 9), Ok(2));
        assert_eq!(s.finish().map_err(|e| e.kind), Err(ErrorKind::Read));
        assert!(s.read_failed());
        let mut buffer = [0u8; MIN_WINDOW - 1];
        let mut one: &[u8] = b"1";
        let mut s = Scanner::stream(&mut one, &mut buffer);
        assert_eq!(s.finish().map_err(|e| e.kind), Err(ErrorKind::Read));
    }
}
