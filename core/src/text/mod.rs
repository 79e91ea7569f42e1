//! Judge-text plumbing shared by the problems' text adapters: the tokenizer with line:column
//! errors, the positioned [`Error`], exact decimal and integer formatting, and input read in
//! pieces.
//!
//! Nothing here is needed to use the typed solvers; the judge format of each problem lives in
//! its own `text` module (e.g. [`crate::swiss::text`]) built on these pieces, and
//! [`crate::judge`] dispatches to them.

pub mod error;
pub mod format;
pub mod scanner;
pub mod source;

pub use error::{Error, ErrorKind, Position, Result};
pub use scanner::{Scanner, Stream, Window, MIN_WINDOW};
pub use source::{Read, ReadAt, ReadError};
