//! Exact solvers and judge drivers for four game and tournament problems, for any target.
//!
//! `referee-core` is `#![no_std]`, uses integers only (no floating point) and never panics on
//! input: every malformed or out-of-bounds input is an [`Error`] with a line and column.
//! Memory comes from the caller as [`Scratch`] words (a fixed slice on a microcontroller,
//! [`HeapScratch`] with the `alloc` feature).
//!
//! - [`swiss`]: Swiss-system tournament standings (match points, OMW, GW, OGW) as fractions.
//! - [`tavern`]: exact win/loss/tie probabilities of a Tavern Chess battle, with a heap memo or
//!   a fixed-size transposition table.
//! - [`greater`]: the best expected score in the GreaterGame card duel, an exact fraction from
//!   an exchange-argument greedy run in two counting passes (2 bits of scratch per card value).
//! - [`pathgame`]: who wins the 2×N path-blocking game, from a closed form of its Grundy
//!   values, in one pass and `O(1)` memory (the board may also be streamed, see [`source`]).
//!
//! Every problem has a judge driver reachable through [`judge::run`]: judge-format bytes in,
//! the exact judge answer out through [`core::fmt::Write`].
//!
//! ```
//! use referee_core::{judge, Problem, Options};
//!
//! let input = b"1\n2 1\n1\n1 2 2 0 0\n";
//! let mut scratch = [0u32; 64];
//! let mut out = String::new();
//! judge::run(Problem::Swiss, input, &Options::default(), &mut scratch[..], &mut out)?;
//! assert_eq!(out, "Round 1\n3 1/3 1/1 1/3\n0 1/1 1/3 1/1\n");
//! # Ok::<(), referee_core::Error>(())
//! ```
//!
//! # Features
//! - `alloc`: [`HeapScratch`], growable scratch memory on the heap, and the heap memo strategy
//!   of [`tavern`].
//! - `defmt`: `defmt::Format` for the public error and answer types.
#![no_std]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod error;
pub mod format;
pub mod fraction;
pub mod greater;
pub mod judge;
pub mod pathgame;
pub mod scanner;
pub mod scratch;
pub mod source;
pub mod swiss;
pub mod tavern;

pub use error::{Error, ErrorKind, Position, Result};
pub use fraction::Fraction;
pub use judge::{Options, Problem};
#[cfg(feature = "alloc")]
pub use scratch::HeapScratch;
pub use scratch::Scratch;
