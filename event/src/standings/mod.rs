//! `referee standings`: the ranked standings of a results file (CSV), exact.
//!
//! The text is the host's ([`parse`]: the `csv` crate, names to player numbers); the rules and
//! the numbers are the core's [`Event`]; the output is [`output`] (`table`, `csv`, `json`).

pub mod output;
pub mod parse;
pub mod strict;

use std::fmt::Write as _;

use referee_core::standings::{Event, PlayerId, Profile, RecordError};
use referee_core::HeapScratch;

use parse::{Parsed, Partial, Refusal, Row};

/// The output formats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// An aligned table for people (the default).
    #[default]
    Table,
    /// The CSV of the spec.
    Csv,
    /// The JSON of the spec.
    Json,
}

impl Format {
    /// The format called `name`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "table" => Some(Self::Table),
            "csv" => Some(Self::Csv),
            "json" => Some(Self::Json),
            _ => None,
        }
    }
}

/// What `referee standings` was asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The tiebreaker profile.
    pub profile: Profile,
    /// The round to rank after (`None`: the last of the file).
    pub round: Option<u32>,
    /// The output format.
    pub format: Format,
}

/// Why no standings are printed.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// The input is refused (exit 1, or 3 when beyond this build's capacity).
    Refused(Refusal),
    /// A valid input beyond the host's memory (exit 3), unpositioned.
    Capacity(String),
    /// A usage error discovered from the input (`--round` beyond the last round; exit 2).
    Usage(String),
}

/// Ranks `input` (a whole results file) and returns the answer text.
///
/// # Errors
/// The first refusal in file order, a capacity error, or `--round` beyond the last round.
///
/// # Complexity
/// `O(B + n·r + n log n)` for a file of `B` bytes, `n` players and `r` rounds (names are looked up in a hash map).
pub fn run(input: &[u8], options: &Options) -> Result<Vec<u8>, Failure> {
    run_with_notes(input, options).map(|(text, _)| text)
}

/// [`run`], with notes for the organiser (lines for stderr, empty when there is nothing to
/// say): each late entrant whose name is one or two letters from a player who has not played
/// since, a typo as likely as a late entry (`did you mean`).
///
/// # Errors
/// As [`run`].
///
/// # Complexity
/// As [`run`], plus at most [`MAX_NAME_COMPARISONS`] comparisons of names.
pub fn run_with_notes(input: &[u8], options: &Options) -> Result<(Vec<u8>, String), Failure> {
    let mut rank_scratch = HeapScratch::default();
    replay_rows(input, options.profile, options.round, 0, |event, names, rows| {
        let ranking = event.rank(options.profile, &mut rank_scratch).map_err(|e| Failure::Capacity(e.to_string()))?;
        Ok((output::render(&ranking, names, event.round(), options.format), late_entry_notes(rows, names)))
    })
}

/// The most pairs of names [`run_with_notes`] compares (then it stops looking for typos): a
/// file of thousands of late entrants is not slowed down by them.
pub const MAX_NAME_COMPARISONS: usize = 1 << 20;

/// `note: LINE:FIELD: ...` for each late entrant whose name is near one of a player absent
/// since before the entrant's first round (see [`run_with_notes`]).
fn late_entry_notes(rows: &[Row], names: &[String]) -> String {
    // Per player (by number - 1): the first row (line, field, round) and the last round played.
    let mut first: Vec<Option<(u64, usize, u32)>> = vec![None; names.len()];
    let mut last = vec![0u32; names.len()];
    for row in rows {
        for (player, field) in [(row.first, 2), (row.second, 3)] {
            let Some(index) = (player as usize).checked_sub(1) else { continue };
            if let (Some(slot), Some(end)) = (first.get_mut(index), last.get_mut(index)) {
                slot.get_or_insert((row.line, field, row.round));
                *end = row.round;
            }
        }
    }
    let mut notes = String::new();
    let mut budget = MAX_NAME_COMPARISONS;
    for (entrant, start) in first.iter().enumerate() {
        let Some((line, field, round)) = *start else { continue };
        if round <= 1 {
            continue;
        }
        let name = &names[entrant];
        let caseless = crate::names::caseless(name);
        let near = first.iter().zip(&last).zip(names).enumerate().find(|&(other, ((start, &end), other_name))| {
            let before = start.is_some_and(|(_, _, r)| r < round) && end < round && other != entrant;
            if !before || budget == 0 || name.len().abs_diff(other_name.len()) > 2 {
                return false;
            }
            budget -= 1;
            crate::names::caseless(other_name) == caseless || crate::cli::edit_distance(other_name, name) <= 2
        });
        if let Some((_, ((_, &end), other_name))) = near {
            let _ = writeln!(
                notes,
                "note: {line}:{field}: {name:?} first plays in round {round} (a late entry); \
                 did you mean {other_name:?}, who has not played since round {end}?"
            );
        }
    }
    notes
}

/// Reads `input` (a whole results file, under `profile`'s rules) into an [`Event`] and calls
/// `at` with it and the players' names once round `round` (`None`: the last) is finished;
/// `at`'s result is returned if the whole file is valid. The event of an earlier round holds
/// the players who have entered by then (late entrants after it are not listed).
///
/// # Errors
/// The first refusal in file order, a capacity error, `round` beyond the last round, or
/// `at`'s error.
///
/// # Complexity
/// `O(B + n·r)` for a file of `B` bytes, `n` players and `r` rounds (twice the rows for an
/// earlier `round`), and one call of `at`.
pub fn replay<T>(
    input: &[u8],
    profile: Profile,
    round: Option<u32>,
    mut at: impl FnMut(&Event<'_>, &[String]) -> Result<T, Failure>,
) -> Result<T, Failure> {
    replay_with(input, profile, round, 0, |event, names| at(event, names))
}

/// [`replay`], with `extra` players beyond those of the file (numbered after them, who have
/// not taken part yet: an event's registered players not in its export) in the event of the
/// last round, and that event lent mutably (to drop or re-enter players before pairing).
///
/// # Errors
/// As [`replay`].
///
/// # Complexity
/// As [`replay`], plus `O(extra)`.
pub fn replay_with<T>(
    input: &[u8],
    profile: Profile,
    round: Option<u32>,
    extra: u32,
    mut at: impl FnMut(&mut Event<'_>, &[String]) -> Result<T, Failure>,
) -> Result<T, Failure> {
    replay_rows(input, profile, round, extra, |event, names, _| at(event, names))
}

/// [`replay_with`], `at` also given every row of the file.
fn replay_rows<T>(
    input: &[u8],
    profile: Profile,
    round: Option<u32>,
    extra: u32,
    mut at: impl FnMut(&mut Event<'_>, &[String], &[Row]) -> Result<T, Failure>,
) -> Result<T, Failure> {
    let Parsed { names, rows, stop } = parse::parse(input, profile);
    let last_round = rows.last().map_or(0, |r| r.round).max(stop.as_ref().and_then(|s| s.1).map_or(0, |p| p.round));
    if names.is_empty() || last_round == 0 {
        let (refusal, _) = stop.unwrap_or_else(|| (Refusal::new(1, 1, "no rows"), None));
        return Err(Failure::Refused(refusal));
    }
    if let Some(round) = round.filter(|_| stop.is_none()) {
        if round > last_round {
            return Err(Failure::Usage(format!("--round {round}: the file has {last_round} rounds")));
        }
    }
    // Every row through the core's checks, the event of the whole file.
    let players = u32::try_from(names.len())
        .ok()
        .and_then(|n| n.checked_add(extra))
        .ok_or_else(|| Failure::Capacity("too many players".to_owned()))?;
    if let Some(refusal) = beyond_memory(&rows, &names, players, last_round) {
        return Err(Failure::Refused(refusal));
    }
    let mut scratch = HeapScratch::default();
    let mut event = Event::new(players, last_round, &mut scratch).map_err(|e| Failure::Capacity(e.to_string()))?;
    let last_played = play(&mut event, &rows, &names)?;
    if let Some((refusal, partial)) = stop {
        if let Some(partial) = partial {
            check_partial(&mut event, &partial, &names, &last_played)?;
        }
        return Err(Failure::Refused(refusal));
    }
    event.finish_round().map_err(internal)?;
    let target = round.unwrap_or(last_round);
    if target == last_round {
        return at(&mut event, &names, &rows);
    }
    // An earlier round: the players entered by then (numbered by first appearance, so the
    // first of them), and their rows.
    let through_target = rows.iter().take_while(|r| r.round <= target).count();
    let shown = rows[..through_target].iter().map(|r| r.first.max(r.second)).max().unwrap_or(0);
    let mut earlier_scratch = HeapScratch::default();
    let mut earlier = Event::new(shown, target, &mut earlier_scratch).map_err(|e| Failure::Capacity(e.to_string()))?;
    play(&mut earlier, &rows[..through_target], &names)?;
    earlier.finish_round().map_err(internal)?;
    at(&mut earlier, &names[..shown as usize], &rows[..through_target])
}

/// The most players an event of `rounds` rounds can hold in the host's memory for `words`
/// (a sizing function of the core) within [`HeapScratch::DEFAULT_LIMIT`] words.
///
/// # Complexity
/// `O(log players)`.
pub fn most_players(rounds: u32, words: impl Fn(u32, u32) -> Option<usize>) -> u32 {
    let fits = |players| words(players, rounds).is_some_and(|w| w <= HeapScratch::DEFAULT_LIMIT);
    let (mut fit, mut beyond) = (0u32, u32::MAX);
    if fits(beyond) {
        return beyond;
    }
    while beyond - fit > 1 {
        let middle = fit + (beyond - fit) / 2;
        if fits(middle) {
            fit = middle;
        } else {
            beyond = middle;
        }
    }
    fit
}

/// The refusal of the row whose new player takes an event of `players` and `rounds` beyond
/// what the host can rank, in the organiser's terms: the player, the most players such an
/// event holds, and the memory (exit 3); `None` when the event fits.
fn beyond_memory(rows: &[Row], names: &[String], players: u32, rounds: u32) -> Option<Refusal> {
    let most = most_players(rounds, |n, r| {
        let (event, ranking) = (Event::words_needed(n, r)?, Event::ranking_words(n, r)?);
        Some(event.max(ranking))
    });
    if players <= most {
        return None;
    }
    let row = rows.iter().find(|row| row.first.max(row.second) > most)?;
    let (field, number) = if row.first > most { (2, row.first) } else { (3, row.second) };
    let name = names.get((number as usize).saturating_sub(1)).map_or("", String::as_str);
    let mib = HeapScratch::DEFAULT_LIMIT >> 18;
    let plural = if rounds == 1 { "" } else { "s" };
    let message = format!(
        "player {number} ({name:?}) is one more than this build can rank: an event of {rounds} round{plural} \
         holds at most {most} players in its {mib} MiB of working memory"
    );
    Some(Refusal { line: row.line, field, message, capacity: true })
}

/// Feeds `rows` to `event` round by round (the last round left open) and returns the last
/// round each player (by number) took part in.
fn play(event: &mut Event<'_>, rows: &[Row], names: &[String]) -> Result<Vec<u32>, Failure> {
    let mut last_played = vec![0u32; names.len() + 1];
    for row in rows {
        if row.round != event.round() {
            next_round(event)?;
        }
        record(event, row, names, &mut last_played)?;
    }
    Ok(last_played)
}

/// Closes the open round (if any) and opens the next.
fn next_round(event: &mut Event<'_>) -> Result<(), Failure> {
    if event.is_open() {
        event.finish_round().map_err(internal)?;
    }
    event.start_round().map(|_| ()).map_err(internal)
}

/// A broken invariant of the host (never expected): reported, not a panic.
pub(crate) fn internal(error: impl std::fmt::Display) -> Failure {
    Failure::Capacity(format!("internal error: {error}"))
}

/// Feeds one row to the event; its refusals name the line and the field. `last_played`
/// (by player number) is the last round each player took part in.
fn record(event: &mut Event<'_>, row: &Row, names: &[String], last_played: &mut [u32]) -> Result<(), Failure> {
    let result = match (row.second, row.loss) {
        (0, false) => event.bye(player(row.first)),
        (0, true) => event.loss(player(row.first)),
        (second, _) => event.record(player(row.first), player(second), row.result),
    };
    result.map_err(|e| refusal(event, row.line, row.first, row.second, e, names, last_played))?;
    for id in [row.first, row.second] {
        if let Some(last) = last_played.get_mut(id as usize) {
            *last = row.round;
        }
    }
    Ok(())
}

/// The player of the 1-based id `id` of a row (0, never given, is nobody's: beyond the event).
pub(crate) fn player(id: u32) -> PlayerId {
    PlayerId::from_number(id).unwrap_or(PlayerId::new(u32::MAX))
}

/// The refusal for a [`RecordError`] on the row at `line`.
fn refusal(
    event: &Event<'_>,
    line: u64,
    first: u32,
    second: u32,
    error: RecordError,
    names: &[String],
    last_played: &[u32],
) -> Failure {
    let name = |id: u32| names.get((id as usize).wrapping_sub(1)).map_or("?", String::as_str);
    let (field, id) = match error {
        RecordError::Dropped { second: true } | RecordError::PlaysTwice { second: true } | RecordError::SelfMatch => {
            (3, second)
        }
        _ => (2, first),
    };
    let round = event.round();
    let message = match error {
        RecordError::SelfMatch => format!("{:?} cannot play against himself", name(id)),
        RecordError::PlaysTwice { .. } => format!("{:?} already has a row in round {round}", name(id)),
        RecordError::Dropped { .. } => {
            let last = last_played.get(id as usize).copied().unwrap_or(0);
            format!("{:?} dropped (no row in round {}) and may not appear again", name(id), last + 1)
        }
        other => format!("internal error: {other}"),
    };
    Failure::Refused(Refusal::new(line, field, message))
}

/// The core's checks on the part of the refused row that was read: an earlier field's fault
/// comes first in file order.
fn check_partial(
    event: &mut Event<'_>,
    partial: &Partial,
    names: &[String],
    last_played: &[u32],
) -> Result<(), Failure> {
    if partial.round != event.round() {
        next_round(event)?;
    }
    let Some(first) = partial.first else { return Ok(()) };
    let fail =
        |event: &Event<'_>, second, error| Err(refusal(event, partial.line, first, second, error, names, last_played));
    if let Err(error) = event.available(player(first)) {
        return fail(event, 0, error);
    }
    if let Some(second) = partial.second {
        if second == first {
            return fail(event, second, RecordError::SelfMatch);
        }
        if let Err(error) = event.available(player(second)) {
            let error = match error {
                RecordError::Dropped { .. } => RecordError::Dropped { second: true },
                RecordError::PlaysTwice { .. } => RecordError::PlaysTwice { second: true },
                other => other,
            };
            return fail(event, second, error);
        }
    }
    Ok(())
}
