//! The event keeper of `referee event`, the results-file CSV of `referee standings` and
//! `referee pair`, and the formats of `referee battle`, as pure functions over text: no files,
//! no threads, no clock, no randomness of the operating system (a seed is passed in), so that
//! the host's binary and a web page run the very same code.
//!
//! - [`standings`]: the results file (CSV) read into the core's event, ranked and written
//!   (`table`, `csv`, `json`); [`pair`]: the next round of a results file.
//! - [`event`]: the event model ([`event::Event`]), its file ([`event::Event::parse`],
//!   [`event::Event::write`], `docs/event.md`), and every command of `referee event` over the
//!   file's bytes ([`event::run`], [`event::new_event`]).
//! - [`battle`]: `referee battle` under the game rules in other forms: the board as JSON with
//!   the Firestone simulator's field names ([`battle::board`]), the answer as JSON or a table
//!   ([`battle::report`]), and the whole run ([`battle::run`]).

#![forbid(unsafe_code)]

pub mod app;
pub mod battle;
pub mod cli;
pub mod event;
pub mod names;
pub mod pair;
pub mod standings;
