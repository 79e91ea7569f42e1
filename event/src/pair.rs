//! `referee pair`: the optimal next round of a Swiss event, from its results file or, for
//! round 1, from a list of players.
//!
//! The results file is read as `referee standings` reads it ([`standings::replay`]: the same
//! validation and errors); the pairing is the core's [`pair::next_round`] on the MTR standings;
//! the output is the next round's rows of the results-file format with empty result fields.

use std::fmt::Write as _;

use hashbrown::HashSet;
use referee_core::pair::{self, Objective, Pairing};
use referee_core::standings::{Event, PlayerId, Profile};
use referee_core::HeapScratch;

use crate::standings::output::csv_field;
use crate::standings::parse::{Refusal, HEADER, MAX_NAME_CHARS};
use crate::standings::{self, internal, Failure};

/// What `referee pair` was asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The input is a list of players (round 1), not a results file.
    pub players: bool,
    /// Choose among the optimal pairings by this seed (`None`: the standings' order decides).
    pub seed: Option<u64>,
}

/// The answer: the rows to print and the objective (for `--explain`).
#[derive(Debug, PartialEq, Eq)]
pub struct Answer {
    /// The next round's rows, the header first.
    pub rows: String,
    /// The pairing's `(R, B, Y, C)`.
    pub objective: Objective,
}

impl Answer {
    /// The `--explain` line: `rematches R, second byes B, bye points Y, cost C`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn explain(&self) -> String {
        let o = self.objective;
        format!(
            "rematches {}, second byes {}, bye points {}, cost {}",
            o.rematches, o.second_byes, o.bye_points, o.cost
        )
    }
}

/// Pairs the next round of `input` (a results file, or with `options.players` a list of
/// players).
///
/// # Errors
/// The first refusal of the input, or a capacity error.
///
/// # Complexity
/// That of [`standings::replay`] and of [`pair::next_round`] (`O(n·r)` for the graph, then the
/// matching), plus `O(B)` for the answer.
pub fn run(input: &[u8], options: &Options) -> Result<Answer, Failure> {
    if options.players {
        let names = players(input)?;
        let count = u32::try_from(names.len()).map_err(|_| Failure::Capacity("too many players".to_owned()))?;
        let mut scratch = HeapScratch::default();
        let event = Event::new(count, 1, &mut scratch).map_err(|e| Failure::Capacity(e.to_string()))?;
        pair_event(&event, &names, options.seed)
    } else {
        standings::replay(input, Profile::Mtr, None, |event, names| pair_event(event, names, options.seed))
    }
}

/// Pairs `event`'s next round and writes its rows.
fn pair_event(event: &Event<'_>, names: &[String], seed: Option<u64>) -> Result<Answer, Failure> {
    let mut rank_scratch = HeapScratch::default();
    let ranking = event.rank(Profile::Mtr, &mut rank_scratch).map_err(|e| Failure::Capacity(e.to_string()))?;
    let (players, rounds) = (event.players(), event.round());
    let most = standings::most_players(rounds, pair::words_needed);
    if players > most {
        let mib = HeapScratch::DEFAULT_LIMIT >> 18;
        return Err(Failure::Capacity(format!(
            "an event of {players} players after {rounds} rounds is beyond what this build can pair: \
             at most {most} players after {rounds} rounds in its {mib} MiB of working memory"
        )));
    }
    let mut scratch = HeapScratch::default();
    let pairing = pair::next_round(&ranking, seed, &mut scratch).map_err(|e| match e {
        pair::PairError::RoundOpen => internal(e),
        other => Failure::Capacity(other.to_string()),
    })?;
    Ok(Answer { rows: rows(&pairing, names, event.round() + 1), objective: pairing.objective() })
}

/// The rows of round `round`: the header, the matches, the bye last.
fn rows(pairing: &Pairing<'_>, names: &[String], round: u32) -> String {
    let name = |player: PlayerId| csv_field(names.get(player.index()).map_or("", String::as_str));
    let mut text = String::with_capacity(HEADER.len() + 1 + pairing.matches().len() * 32);
    text.push_str(HEADER);
    text.push('\n');
    for (first, second) in pairing.matches() {
        let _ = writeln!(text, "{round},{},{},,,", name(first), name(second));
    }
    if let Some(bye) = pairing.bye() {
        let _ = writeln!(text, "{round},{},,,,", name(bye));
    }
    text
}

/// The names of a list of players: one a line, UTF-8 (an optional byte-order mark), LF or CRLF
/// line ends, spaces at both ends removed, empty lines skipped; 1 to 64 code points, no two
/// equal, at least two.
fn players(input: &[u8]) -> Result<Vec<String>, Failure> {
    let mut list = PlayerList::default();
    // The lines: a final line end does not start another line.
    let body = input.strip_suffix(b"\n").unwrap_or(input);
    if !input.is_empty() {
        for raw in body.split(|&b| b == b'\n') {
            list.line(raw)?;
        }
    }
    list.finish()
}

/// A list of players read a line at a time (see `referee pair --players`), so that a reader
/// can stop at the first refused line of an endless stream.
#[derive(Debug, Default)]
pub struct PlayerList {
    names: Vec<String>,
    seen: HashSet<String>,
    lines: usize,
}

impl PlayerList {
    /// Reads the next line (without its `\n`).
    ///
    /// # Errors
    /// The refusal of that line: not UTF-8, a name too long, a name listed before.
    ///
    /// # Complexity
    /// `O(L)` for a line of `L` bytes.
    pub fn line(&mut self, raw: &[u8]) -> Result<(), Failure> {
        self.lines += 1;
        let number = self.lines;
        let raw = if number == 1 { raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(raw) } else { raw };
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let text = std::str::from_utf8(raw).map_err(|e| {
            refuse(number, format!("invalid UTF-8 at byte {} of the line: a name is UTF-8 text", e.valid_up_to() + 1))
        })?;
        let name = text.trim_matches(' ');
        if name.is_empty() {
            return Ok(());
        }
        if self.names.is_empty() && name == HEADER {
            let message = format!(
                "this is a results file (its header is {name:?}), not a list of players: \
                 to pair its next round, give it without --players"
            );
            return Err(refuse(number, message));
        }
        let chars = name.chars().count();
        if chars > MAX_NAME_CHARS {
            return Err(refuse(
                number,
                format!("a name has at most {MAX_NAME_CHARS} characters, this one has {chars}"),
            ));
        }
        if !self.seen.insert(name.to_owned()) {
            return Err(refuse(number, format!("{name:?} is listed twice")));
        }
        self.names.push(name.to_owned());
        Ok(())
    }

    /// The names, once every line is read.
    ///
    /// # Errors
    /// Fewer than two players (at the line after the last).
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn finish(self) -> Result<Vec<String>, Failure> {
        if self.names.len() < 2 {
            let found = if self.names.is_empty() { "none" } else { "one" };
            let message = format!("at least 2 players are needed to pair a round, found {found}");
            return Err(refuse(self.lines + 1, message));
        }
        Ok(self.names)
    }
}

/// A refusal at `line`, field 1.
fn refuse(line: usize, message: String) -> Failure {
    Failure::Refused(Refusal::new(u64::try_from(line).unwrap_or(u64::MAX), 1, message))
}
