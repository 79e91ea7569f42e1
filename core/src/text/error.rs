//! Errors of the judge text adapters: where in the input, and what was wrong.
//!
//! The typed solvers have their own error types, one per operation; this positioned error is
//! for judge text only.

use core::fmt;

use crate::scratch::CapacityError;

/// A 1-based line and column (in bytes) of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Position {
    /// Line number, starting at 1.
    pub line: u32,
    /// Byte column within the line, starting at 1.
    pub column: u32,
}

/// What went wrong; the message shown after the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input ended where `expected` was due.
    UnexpectedEnd {
        /// What the reader was looking for.
        expected: &'static str,
    },
    /// A byte that cannot start or continue what was expected.
    Unexpected {
        /// What the reader was looking for.
        expected: &'static str,
        /// The byte found instead.
        found: u8,
    },
    /// A number outside the range the problem allows.
    OutOfRange {
        /// What the number is, e.g. "player id".
        what: &'static str,
        /// The value read, or `None` when it does not even fit an `i64`.
        value: Option<i64>,
        /// The smallest allowed value.
        min: i64,
        /// The largest allowed value.
        max: i64,
    },
    /// Well-formed input that breaks a rule of the problem; the message says which.
    Invalid(&'static str),
    /// A rule broken by one numbered item, e.g. "player 3 plays twice in round 2".
    InvalidItem {
        /// The message before the number, e.g. "player".
        what: &'static str,
        /// The number of the item.
        item: u64,
        /// The message after the number, e.g. "plays twice in this round".
        rule: &'static str,
    },
    /// The input needs more memory than the caller's fixed buffer provides.
    Capacity {
        /// What ran out, e.g. "scratch words".
        what: &'static str,
        /// How many were needed (saturated).
        needed: u64,
        /// How many the buffer holds.
        capacity: u64,
    },
    /// A valid input beyond a bound of this build other than memory (a search's depth or
    /// length, the width of exact numbers).
    Limit {
        /// What is bounded, e.g. "turns searched".
        what: &'static str,
        /// The bound.
        limit: u64,
    },
    /// A value beyond the proven range of the integer types; refused rather than wrapped.
    Overflow(&'static str),
    /// The output sink refused a write.
    Write,
    /// The input stream failed before its end (the driver knows the I/O error).
    Read,
}

/// An error with the position in the input it refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Error {
    /// Where the offending token starts (or where the input ended).
    pub position: Position,
    /// What is wrong.
    pub kind: ErrorKind,
}

impl Error {
    /// An error of `kind` at `position`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn new(position: Position, kind: ErrorKind) -> Self {
        Self { position, kind }
    }
}

/// Shorthand for results of this crate.
pub type Result<T, E = Error> = core::result::Result<T, E>;

impl ErrorKind {
    /// The capacity error for `error`, with `what` naming the words in the user's terms
    /// (e.g. "scratch words (n·(m + 5) for n players and m rounds)").
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn capacity(error: CapacityError, what: &'static str) -> Self {
        Self::Capacity {
            what,
            needed: u64::try_from(error.needed).unwrap_or(u64::MAX),
            capacity: u64::try_from(error.capacity).unwrap_or(u64::MAX),
        }
    }
}

impl From<CapacityError> for ErrorKind {
    fn from(error: CapacityError) -> Self {
        Self::capacity(error, "scratch words")
    }
}

impl core::error::Error for ErrorKind {}

impl core::error::Error for Error {}

impl From<fmt::Error> for Error {
    fn from(_: fmt::Error) -> Self {
        Self::new(Position::default(), ErrorKind::Write)
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::UnexpectedEnd { expected } => write!(f, "expected {expected}, found end of input"),
            Self::Unexpected { expected, found } => {
                write!(f, "expected {expected}, found ")?;
                describe_byte(f, found)
            }
            Self::OutOfRange { what, value, min, max } => {
                write!(f, "{what} must be in {min}..={max}, found ")?;
                match value {
                    Some(value) => write!(f, "{value}"),
                    None => f.write_str("a number too large to hold"),
                }
            }
            Self::Invalid(message) => f.write_str(message),
            Self::InvalidItem { what, item, rule } => write!(f, "{what} {item} {rule}"),
            Self::Capacity { what, needed, capacity } => {
                write!(f, "input needs {needed} {what} but this build holds {capacity}")
            }
            Self::Limit { what, limit } => write!(f, "input needs more than {limit} {what}, the most this build holds"),
            Self::Overflow(message) => write!(f, "{message} (beyond the proven integer range)"),
            Self::Write => f.write_str("the output could not be written"),
            Self::Read => f.write_str("the input could not be read"),
        }
    }
}

/// Writes a byte the way an error message should show it.
fn describe_byte(f: &mut fmt::Formatter<'_>, byte: u8) -> fmt::Result {
    match byte {
        b'\n' => f.write_str("end of line"),
        b'\r' => f.write_str("carriage return"),
        b'\t' => f.write_str("tab"),
        b' ' => f.write_str("space"),
        0x21..=0x7e => write!(f, "'{}'", char::from(byte)),
        _ => write!(f, "byte 0x{byte:02x}"),
    }
}

/// `line:column: message`, the judge error format without the `error: ` prefix.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if matches!(self.kind, ErrorKind::Write | ErrorKind::Read) {
            return fmt::Display::fmt(&self.kind, f);
        }
        write!(f, "{}:{}: {}", self.position.line, self.position.column, self.kind)
    }
}
