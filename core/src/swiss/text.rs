//! The judge format of `swiss` (Codeforces Gym 102394 C): `T` test cases, each `n m`, the
//! match counts of the `m` rounds, then every match `p1 p2 w1 w2 d`; the answer is `Round r`
//! and one `MP OMW GW OGW` line per player after every round, fractions `p/q` in lowest terms.

use core::fmt::Write;

use super::{MatchResult, RecordError, Tournament, TournamentError, MAX_PLAYERS, MAX_ROUNDS};
use crate::scratch::Scratch;
use crate::text::format::LineBuf;
use crate::text::{Error, ErrorKind, Result, Scanner, Window};

/// The most test cases in one input.
pub const MAX_TEST_CASES: u64 = 1 << 32;

/// Reads one match result `w1 w2 d` and checks it is legal.
fn read_result<B: Window>(scanner: &mut Scanner<B>) -> Result<MatchResult> {
    scanner.skip_whitespace();
    let at = scanner.position();
    let mut games = [0u8; 3];
    for (slot, what) in
        games.iter_mut().zip(["games won by the first player", "games won by the second player", "games drawn"])
    {
        *slot = scanner.number(what, 0u8, 3)?;
    }
    MatchResult::new(games[0], games[1], games[2]).ok_or(Error::new(
        at,
        ErrorKind::Invalid(
            "not a legal match result: w1 w2 d must be one of 2 0 0, 0 2 0, 2 1 0, 1 2 0, 2 0 1, 0 2 1, 1 1 1, 1 0 2, 0 1 2, 0 0 3",
        ),
    ))
}

/// Records the match `[p1, p2, w1, w2, d]` (numbers in their ranges) if it is legal and
/// recordable; `None` leaves the tournament unchanged.
#[inline(always)]
fn record_quick(tournament: &mut Tournament<'_>, [first, second, w1, w2, d]: [u64; 5]) -> Option<()> {
    let games = |count: u64| u8::try_from(count).ok();
    let result = MatchResult::new(games(w1)?, games(w2)?, games(d)?)?;
    tournament.record(u32::try_from(first).ok()?, u32::try_from(second).ok()?, result).ok()
}

/// Reads one test case and writes its standings round by round: round `r` is written before
/// round `r + 1` is read.
fn solve_case<B: Window, W: Write + ?Sized>(
    scanner: &mut Scanner<B>,
    scratch: &mut (impl Scratch + ?Sized),
    text: &mut LineBuf,
    out: &mut W,
) -> Result<()> {
    let n = scanner.number("the number of players", 1, MAX_PLAYERS)?;
    scanner.skip_whitespace();
    let rounds_at = scanner.position();
    let m = scanner.number("the number of rounds", 1, MAX_ROUNDS)?;
    let mut matches = heapless::Vec::<u32, { MAX_ROUNDS as usize }>::new();
    for _ in 0..m {
        let count = scanner.number("the number of matches of a round (at most n/2)", 0, n / 2)?;
        // `m <= MAX_ROUNDS`, the vector's capacity.
        matches.push(count).map_err(|_| Error::new(rounds_at, ErrorKind::Invalid("too many rounds")))?;
    }
    let mut tournament = Tournament::new(n, m, scratch).map_err(|e| Error::new(rounds_at, tournament_error(e)))?;
    for &count in &matches {
        tournament.start_round().map_err(|_| Error::new(rounds_at, ErrorKind::Invalid("round out of order")))?;
        let (ids, games) = ((1, u64::from(n)), (0, 3));
        for _ in 0..count {
            scanner.skip_whitespace();
            // The usual line `p1 p2 w1 w2 d\n`, legal and recordable, in one pass; anything
            // else is read again number by number, for its error and position.
            if let Some(line) = scanner.peek_line(&[ids, ids, games, games, games]) {
                if record_quick(&mut tournament, line.values).is_some() {
                    scanner.consume_line(line);
                    continue;
                }
            }
            let first_at = scanner.position();
            let first = scanner.number("a player id", 1, n)?;
            scanner.skip_whitespace();
            let second_at = scanner.position();
            let second = scanner.number("a player id", 1, n)?;
            let result = read_result(scanner)?;
            tournament.record(first, second, result).map_err(|e| {
                let (at, id, rule) = match e {
                    RecordError::SelfMatch => (second_at, second, "cannot play a match against himself"),
                    RecordError::PlaysTwice { second: false } => (first_at, first, "already has a match in this round"),
                    RecordError::PlaysTwice { second: true } => {
                        (second_at, second, "already has a match in this round")
                    }
                    RecordError::OutOfRange { .. } | RecordError::NoOpenRound => {
                        (first_at, first, "cannot be recorded")
                    }
                };
                Error::new(at, ErrorKind::InvalidItem { what: "player", item: u64::from(id), rule })
            })?;
        }
        tournament.finish_round().map_err(|_| Error::new(rounds_at, ErrorKind::Invalid("round out of order")))?;
        write_round_through(text, &tournament, out)?;
    }
    Ok(())
}

/// The judge error for a tournament the parser's ranges let through: only capacity is left.
fn tournament_error(error: TournamentError) -> ErrorKind {
    let range = |what, value: u32, max: u32| ErrorKind::OutOfRange {
        what,
        value: Some(i64::from(value)),
        min: 1,
        max: i64::from(max),
    };
    match error {
        TournamentError::Players(n) => range("the number of players", n, MAX_PLAYERS),
        TournamentError::Rounds(m) => range("the number of rounds", m, MAX_ROUNDS),
        TournamentError::Capacity(e) => ErrorKind::capacity(e, "scratch words (n·(m + 5) for n players and m rounds)"),
    }
}

/// The judge driver: reads `T` test cases from `input` and writes every round's standings.
///
/// # Errors
/// The first problem in the input, with its position; capacity errors when `scratch` cannot
/// hold a test case; [`ErrorKind::Write`] when `out` fails. Output already written for earlier
/// rounds stays written: a caller that must not show partial answers buffers `out`.
///
/// # Complexity
/// `O(Σ n·m²)` time; `n·(m + 5)` scratch words for the largest test case.
pub fn solve<W: Write + ?Sized>(input: &[u8], scratch: &mut (impl Scratch + ?Sized), out: &mut W) -> Result<()> {
    solve_from(&mut Scanner::new(input), scratch, out)
}

/// As [`solve`], reading from `scanner` (e.g. a stream, [`Scanner::stream`]): each number is
/// read when it is due, so an input is refused at its first wrong byte.
///
/// # Errors
/// As [`solve`].
///
/// # Complexity
/// As [`solve`]; nothing of the input is held besides the scanner's window.
// Never inlined into the judge dispatcher: its frame then holds one driver's locals at a
// time, not every driver's (the deepest stack of the 16 KiB boards).
#[inline(never)]
pub fn solve_from<B: Window, W: Write + ?Sized>(
    scanner: &mut Scanner<B>,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    let cases = scanner.unsigned("the number of test cases", 1, MAX_TEST_CASES)?;
    // One line buffer for every round (not cleared for each of thousands of small cases).
    let mut text = LineBuf::new();
    for _ in 0..cases {
        solve_case(scanner, scratch, &mut text, out)?;
    }
    scanner.finish()
}

/// Writes `Round r` and one `MP OMW GW OGW` line per player of `tournament`.
///
/// # Errors
/// Whatever `out` returns.
///
/// # Complexity
/// `O(n·r)`, through a line buffer (one `write_str` per 2 KiB).
pub fn write_round<W: Write + ?Sized>(tournament: &Tournament<'_>, out: &mut W) -> core::fmt::Result {
    write_round_through(&mut LineBuf::new(), tournament, out)
}

/// Pushes one line `MP a/b c/d e/f` of a standing, its numbers of type `T` by `push`.
#[inline(always)]
fn push_standing<T: Copy>(
    text: &mut LineBuf,
    match_points: u32,
    fractions: [(T, T); 3],
    push: fn(&mut LineBuf, T) -> core::fmt::Result,
) -> core::fmt::Result {
    text.push_u64(u64::from(match_points))?;
    for (num, den) in fractions {
        text.push_byte(b' ')?;
        push(text, num)?;
        text.push_byte(b'/')?;
        push(text, den)?;
    }
    text.push_byte(b'\n')
}

/// [`write_round`] through the empty buffer `text` (empty again after a flush).
fn write_round_through<W: Write + ?Sized>(
    text: &mut LineBuf,
    tournament: &Tournament<'_>,
    out: &mut W,
) -> core::fmt::Result {
    /// The longest line: a 3-digit MP and three fractions of two 39-digit numbers.
    const LONGEST_LINE: usize = 4 + 3 * (1 + 39 + 1 + 39) + 1;
    text.push_bytes(b"Round ")?;
    text.push_u64(u64::from(tournament.round()))?;
    text.push_bytes(b"\n")?;
    for i in 0..tournament.players() {
        text.make_room(LONGEST_LINE, out)?;
        // The first 16 rounds' numbers are `u64`s, pushed without a 128-bit detour, and their
        // line is at most 4 + 2·8 + 40 bytes (`MP ≤ 48`, `OMW` and `GW` below 1000 over 1000,
        // `OGW`'s terms below `3·16·D_16 < 2^62`, 19 digits): within `LineWriter::MAX`.
        match tournament.small_standing(i) {
            Some(s) => text.push_line(|line| {
                line.number(u64::from(s.match_points));
                for (num, den) in s.fractions {
                    line.byte(b' ');
                    line.number(num);
                    line.byte(b'/');
                    line.number(den);
                }
                line.byte(b'\n');
            })?,
            None => {
                let s = tournament.standing_of(i);
                let fractions = [s.omw, s.gw, s.ogw].map(|f| (f.numer(), f.denom()));
                push_standing(text, s.match_points, fractions, LineBuf::push_u128)?;
            }
        }
    }
    text.flush_to(out)
}
