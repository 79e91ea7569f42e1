//! A tokenizer for the judge formats: numbers, punctuation and raw lines over `&[u8]`.
//!
//! The same rules for every problem:
//! - Whitespace is space, tab, `\n` and `\r`; a line ends at `\n`, `\r\n` or a lone `\r`.
//! - A UTF-8 byte-order mark at the very start of the input is skipped (editors on Windows
//!   write one); column 1 is the first byte after it.
//!
//! Every error carries the 1-based line and byte column of the offending token, or of the end
//! of the input when something was missing.

use crate::text::error::{Error, ErrorKind, Position, Result};

/// A cursor over judge input that reads tokens and knows its line and column.
#[derive(Clone, Debug)]
pub struct Scanner<'a> {
    input: &'a [u8],
    pos: usize,
    line: u32,
    line_start: usize,
}

/// Whether `byte` separates tokens.
#[must_use]
pub const fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r')
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `input`, after its byte-order mark if it has one.
    #[must_use]
    pub const fn new(input: &'a [u8]) -> Self {
        let start = if matches!(input, [0xEF, 0xBB, 0xBF, ..]) { 3 } else { 0 };
        Self { input, pos: start, line: 1, line_start: start }
    }

    /// The position of the next unread byte.
    #[must_use]
    pub fn position(&self) -> Position {
        self.position_of(self.pos)
    }

    /// The position of byte `pos` of the current line (numbers never span lines, so their
    /// start is computed only when an error needs it).
    fn position_of(&self, pos: usize) -> Position {
        let column = pos - self.line_start + 1;
        Position { line: self.line, column: u32::try_from(column).unwrap_or(u32::MAX) }
    }

    /// An error of `kind` at the next unread byte.
    #[must_use]
    pub fn error(&self, kind: ErrorKind) -> Error {
        Error::new(self.position(), kind)
    }

    /// The bytes not read yet.
    #[must_use]
    pub fn rest(&self) -> &'a [u8] {
        &self.input[self.pos..]
    }

    /// Consumes one byte, keeping the line count (`\n`, or a `\r` not followed by `\n`,
    /// ends a line).
    fn bump(&mut self, byte: u8) {
        self.pos += 1;
        if byte == b'\n' {
            self.new_line();
        } else if byte == b'\r' {
            self.after_carriage_return();
        }
    }

    /// A line starts at the next byte.
    fn new_line(&mut self) {
        self.line = self.line.saturating_add(1);
        self.line_start = self.pos;
    }

    /// After a `\r`: a line end unless a `\n` follows (which then ends the line). Rare, so
    /// kept out of the hot loops.
    #[cold]
    fn after_carriage_return(&mut self) {
        if self.input.get(self.pos) != Some(&b'\n') {
            self.new_line();
        }
    }

    /// Skips spaces and tabs: the blanks before the end of the current line.
    pub fn skip_blanks(&mut self) {
        while let Some(&byte @ (b' ' | b'\t')) = self.input.get(self.pos) {
            self.bump(byte);
        }
    }

    /// Skips whitespace.
    pub fn skip_whitespace(&mut self) {
        // The hot loop of every parser: spaces and `\n` first, `\r` (rare) through `bump`.
        while let Some(&byte) = self.input.get(self.pos) {
            match byte {
                b' ' | b'\t' => self.pos += 1,
                b'\n' => {
                    self.pos += 1;
                    self.new_line();
                }
                b'\r' => self.bump(byte),
                _ => break,
            }
        }
    }

    /// The next byte after whitespace, without consuming it.
    pub fn peek(&mut self) -> Option<u8> {
        self.skip_whitespace();
        self.input.get(self.pos).copied()
    }

    /// Consumes `byte` if it is next after whitespace.
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
    pub fn expect(&mut self, byte: u8, expected: &'static str) -> Result<()> {
        if self.eat(byte) {
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    /// The error for finding something other than `expected` at the next byte.
    #[must_use]
    pub fn unexpected(&self, expected: &'static str) -> Error {
        match self.input.get(self.pos) {
            Some(&found) => self.error(ErrorKind::Unexpected { expected, found }),
            None => self.error(ErrorKind::UnexpectedEnd { expected }),
        }
    }

    /// Succeeds when only whitespace is left.
    ///
    /// # Errors
    /// [`ErrorKind::Unexpected`] at the first byte of anything else.
    pub fn finish(&mut self) -> Result<()> {
        match self.peek() {
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
    pub fn unsigned(&mut self, what: &'static str, min: u64, max: u64) -> Result<u64> {
        self.skip_whitespace();
        let start = self.pos;
        let (magnitude, negative) = self.integer(what)?;
        // `-0` is zero, as the judges' own readers (`scanf`, `cin`) take it.
        let value = if negative && magnitude != Some(0) { None } else { magnitude };
        match value {
            Some(value) if (min..=max).contains(&value) => Ok(value),
            _ => Err(Error::new(self.position_of(start), out_of_range(what, magnitude, negative, min, max))),
        }
    }

    /// Reads an unsigned decimal integer in `min..=max` as the type of the bounds (`u8`, `u16`,
    /// `u32`, `u64`); `what` names it in errors.
    ///
    /// # Errors
    /// As [`Scanner::unsigned`].
    pub fn number<T: Into<u64> + TryFrom<u64> + Copy>(&mut self, what: &'static str, min: T, max: T) -> Result<T> {
        let value = self.unsigned(what, min.into(), max.into())?;
        // In range of `min..=max`, so the conversion cannot fail; `min` is the unreachable fallback.
        Ok(T::try_from(value).unwrap_or(min))
    }

    /// Reads a signed decimal integer in `min..=max`; `what` names it in errors.
    ///
    /// # Errors
    /// As [`Scanner::unsigned`].
    pub fn signed(&mut self, what: &'static str, min: i64, max: i64) -> Result<i64> {
        self.skip_whitespace();
        let start = self.pos;
        let (magnitude, negative) = self.integer(what)?;
        let value = magnitude.and_then(|m| i64::try_from(m).ok()).map(|m| if negative { -m } else { m });
        match value {
            Some(value) if (min..=max).contains(&value) => Ok(value),
            _ => Err(Error::new(self.position_of(start), ErrorKind::OutOfRange { what, value, min, max })),
        }
    }

    /// Reads `-?[0-9]+` at the cursor: the magnitude (`None` past `u64`) and the sign.
    fn integer(&mut self, what: &'static str) -> Result<(Option<u64>, bool)> {
        let negative = self.input.get(self.pos) == Some(&b'-');
        if negative {
            self.pos += 1;
        }
        let digits_start = self.pos;
        let mut value: Option<u64> = Some(0);
        while let Some(&byte) = self.input.get(self.pos) {
            if !byte.is_ascii_digit() {
                break;
            }
            value = value.and_then(|v| v.checked_mul(10)).and_then(|v| v.checked_add(u64::from(byte - b'0')));
            self.pos += 1;
        }
        if self.pos == digits_start {
            if negative {
                self.pos -= 1;
            }
            return Err(self.unexpected(what));
        }
        match self.input.get(self.pos) {
            Some(&found) if found.is_ascii_alphanumeric() || matches!(found, b'-' | b'+' | b'.') => {
                Err(self.error(ErrorKind::Unexpected { expected: "a separator after the number", found }))
            }
            _ => Ok((value, negative)),
        }
    }

    /// Consumes the longest run of bytes on the current line for which `keep` holds and returns
    /// where it started with the bytes (possibly none). Never consumes a line break, whatever
    /// `keep` says, so the line count stays exact: e.g. one row of a board.
    pub fn take_while(&mut self, keep: impl Fn(u8) -> bool) -> (Position, &'a [u8]) {
        let start = self.position();
        let rest = self.rest();
        let len = rest.iter().position(|&b| b == b'\n' || b == b'\r' || !keep(b)).unwrap_or(rest.len());
        self.pos += len;
        (start, &rest[..len])
    }

    /// Reads the rest of the current line (without its `\n`, `\r\n` or `\r`) and moves to the
    /// next line; returns where the line's text started.
    pub fn line(&mut self) -> (Position, &'a [u8]) {
        let start = self.position();
        let rest = self.rest();
        let len = rest.iter().position(|&b| b == b'\n' || b == b'\r').unwrap_or(rest.len());
        self.pos += len;
        match rest.get(len..) {
            Some([b'\r', b'\n', ..]) => {
                self.bump(b'\r');
                self.bump(b'\n');
            }
            Some([end, ..]) => self.bump(*end),
            _ => {}
        }
        (start, &rest[..len])
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

    #[test]
    fn takes_runs_within_one_line() {
        let mut s = Scanner::new(b"  #.#x\n##\n");
        s.skip_whitespace();
        let (pos, run) = s.take_while(|b| b == b'#' || b == b'.');
        assert_eq!((pos, run), (Position { line: 1, column: 3 }, &b"#.#"[..]));
        assert_eq!(s.take_while(|b| b == b'#').1, b"");
        assert_eq!(s.position(), Position { line: 1, column: 6 });
        assert_eq!(s.take_while(|_| true).1, b"x");
        assert_eq!(s.position(), Position { line: 1, column: 7 });
        assert_eq!(s.line().1, b"");
        assert_eq!(s.take_while(|_| true), (Position { line: 2, column: 1 }, &b"##"[..]));
    }

    #[test]
    fn reads_raw_lines() {
        let mut s = Scanner::new(b"#..\r\n...\nlast");
        assert_eq!(s.line().1, b"#..");
        let (pos, text) = s.line();
        assert_eq!((pos.line, text), (2, &b"..."[..]));
        assert_eq!(s.line().1, b"last");
        assert!(s.rest().is_empty());
    }
}
