//! The event keeper of `referee event` and the results-file CSV of `referee standings` and
//! `referee pair`, as pure functions over text: no files, no threads, no clock, no randomness
//! of the operating system (a seed is passed in), so that the host's binary and a web page
//! run the very same code.
//!
//! - [`standings`]: the results file (CSV) read into the core's event, ranked and written
//!   (`table`, `csv`, `json`); [`pair`]: the next round of a results file.
//! - [`event`]: the event model ([`event::Event`]), its file ([`event::Event::parse`],
//!   [`event::Event::write`], `docs/event.md`), and every command of `referee event` over the
//!   file's bytes ([`event::run`], [`event::new_event`]).

#![forbid(unsafe_code)]

pub mod battle;
pub mod cli;
pub mod event;
pub mod pair;
pub mod standings;
