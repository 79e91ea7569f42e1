//! Exact solvers for game and tournament problems, for any target: `#![no_std]`, integers
//! only (no floating point), memory from the caller, and no panic on any input.
//!
//! Each problem is a typed model with its solver, usable without any text:
//!
//! ```
//! use referee_core::tavern::{self, Battle, Strategy, FIXED_SCRATCH_WORDS};
//!
//! // Alice's minions 2 and 5 against Bob's 3, 4 and 1: the exact odds, no heap.
//! let battle = Battle::new(&[2, 5], &[3, 4, 1])?;
//! let mut scratch = [0u32; FIXED_SCRATCH_WORDS]; // a firmware would use a static slab
//! let odds = tavern::odds(&battle, Strategy::default(), &mut scratch[..])?;
//! assert_eq!(odds.all().map(|p| p.to_string()), ["1/8", "3/4", "1/8"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! - [`standings`]: the ranked standings of a real Swiss event ([`standings::Event`]): every
//!   MTR result, byes, losses without opponent, drops, late entries, the MTR's 33/100 floor or
//!   the contest's 1/3, an exact order with shared ranks.
//! - [`pair`]: the optimal next round of such an event ([`pair::next_round`]): fewest
//!   rematches, no second bye, the bye to the fewest points, the least squared point
//!   differences, exact, for thousands of players in caller scratch.
//! - [`swiss`]: the contest's Swiss-system tournament ([`swiss::Tournament`]): record results
//!   round by round, read each player's match points, OMW, GW and OGW as exact fractions.
//! - [`battle`]: the exact odds of a Battlegrounds-style fight with keywords
//!   ([`battle::odds`]), within [`battle::Limits`] that refuse the same boards on every target
//!   ([`battle::needs`] measures a board's).
//! - [`tavern`]: the exact win/loss/tie probabilities of a Tavern Chess battle
//!   ([`tavern::odds`]), with a fixed transposition table in scratch or, with `alloc`, a heap
//!   memo.
//! - [`greater`]: the best expected score of the GreaterGame card duel ([`greater::Deal`]), an
//!   exact fraction, 2 bits of scratch per card value.
//! - [`pathgame`]: who wins the 2×N path-blocking game ([`pathgame::Decider`]), fed column by
//!   column in `O(1)` memory.
//!
//! Shared vocabulary: [`tournament`] (players, match results), [`odds`] (the one answer shape
//! of `tavern` and `battle`), [`Fraction`] and [`WideFraction`] with the exact writer
//! [`decimal`], [`scratch`] and [`cache`].
//!
//! Memory comes from the caller as [`Scratch`] words (a fixed slice on a microcontroller,
//! `HeapScratch` with the `alloc` feature); every solver says how many words it needs (a
//! `const fn`: a `static` buffer is sized at compile time), and a
//! smaller scratch is a [`CapacityError`], never a panic. Each operation has its own error type
//! with `Display`, `core::error::Error` and (feature `defmt`) `defmt::Format`.
//!
//! # Judge text
//! Every problem also reads and writes its contest's judge format (`<problem>::text`), and
//! [`judge::run`] dispatches to them: judge bytes in, the exact judge answer out through
//! [`core::fmt::Write`], or an [`judge::Error`] with the line and column of the first mistake.
//! The `referee` binary and the firmware's judge mode are thin drivers over it.
//!
//! ```
//! use referee_core::judge::{self, Options, Problem};
//!
//! let mut scratch = [0u32; 64];
//! let mut out = String::new();
//! judge::run(Problem::Greater, b"2\n4 2\n-1 -1\n", &Options::exact(true), &mut scratch[..], &mut out)?;
//! assert_eq!(out, "3/2\n");
//! # Ok::<(), judge::Error>(())
//! ```
//!
//! # Features
//! Features only add API; no default and no answer changes with them.
//! - `alloc`: `HeapScratch`, growable scratch memory on the heap, and `Strategy::Memo`
//!   ([`cache::Strategy`]), the heap memo strategy of `tavern` and `battle`.
//! - `defmt`: `defmt::Format` for the public error and answer types.
#![no_std]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod battle;
pub mod cache;
pub mod decimal;
mod digits;
pub mod fraction;
pub mod greater;
pub mod judge;
mod natural;
pub mod odds;
pub mod pair;
pub mod pathgame;
pub mod scratch;
pub mod standings;
pub mod swiss;
pub mod tavern;
pub mod text;
pub mod tournament;

pub use fraction::{Fraction, WideFraction};
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub use scratch::HeapScratch;
pub use scratch::{CapacityError, Scratch};

/// The crate README's example, compiled and run as a doc test so that it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
