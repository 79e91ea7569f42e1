//! The judge format of `swiss` (Codeforces Gym 102394 C): `T` test cases, each `n m`, the
//! match counts of the `m` rounds, then every match `p1 p2 w1 w2 d`; the answer is `Round r`
//! and one `MP OMW GW OGW` line per player after every round, fractions `p/q` in lowest terms.

use core::fmt::Write;
use core::ops::Range;

use super::{MatchResult, PlayerId, RecordError, Tournament, TournamentError, MAX_PLAYERS, MAX_ROUNDS};
use crate::scratch::Scratch;
use crate::text::format::LineBuf;
use crate::text::scanner::short_number;
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
    MatchResult::new(games[0], games[1], games[2]).ok().filter(|result| result.is_contest()).ok_or(Error::new(
        at,
        ErrorKind::Invalid(
            "not a legal match result: w1 w2 d must be one of 2 0 0, 0 2 0, 2 1 0, 1 2 0, 2 0 1, 0 2 1, 1 1 1, 1 0 2, 0 1 2, 0 0 3",
        ),
    ))
}

/// The usual match line `p1 p2 w1 w2 d\n` at the start of `bytes`: ids of 1 to 7 digits, one
/// space after each number, and the result's three single digits of at most 3. Returns the
/// ids, the result and the line's length; `None` for anything else, which the caller reads
/// again number by number (for its error and position, or a longer id).
///
/// # Complexity
/// `O(1)`: three words read, no loop.
#[inline(always)]
fn quick_match(bytes: &[u8; QUICK_BYTES]) -> Option<(PlayerId, PlayerId, MatchResult, usize)> {
    // Each word starts within the line's first 24 bytes (two ids of up to 7 digits, their
    // spaces, the result): the index modulo 32 is that index and needs no bounds check.
    let word = |at: usize| bytes[at % 32..].first_chunk().map(|chunk| u64::from_le_bytes(*chunk));
    let id = |word: u64| {
        let (value, digits) = short_number(word)?;
        // The byte after the digits is a space; the value a `u32`.
        (word >> (8 * digits) & 0xff == u64::from(b' ')).then_some((u32::try_from(value).ok()?, digits + 1))
    };
    let (first, first_len) = id(word(0)?)?;
    let (second, second_len) = id(word(first_len)?)?;
    let at = first_len + second_len;
    // `w1 w2 d\n`: three bytes `0`..`3` with a space after the first two and a line end.
    let tail = word(at)? & 0xFFFF_FFFF_FFFF;
    let shape = tail & 0xFFFC_FFFC_FFFC;
    if shape != 0x0A30_2030_2030 {
        return None;
    }
    let digit = |lane: u32| (tail >> (16 * lane) & 3) as u8;
    let result = MatchResult::new(digit(0), digit(1), digit(2)).ok()?;
    // Id 0 wraps to a player beyond every tournament: `record` refuses it, and the line is read
    // again number by number for its error.
    Some((PlayerId::new(first.wrapping_sub(1)), PlayerId::new(second.wrapping_sub(1)), result, at + 6))
}

/// Bytes [`quick_match`] reads: its three words start within 24 bytes, at an index taken
/// modulo 32.
const QUICK_BYTES: usize = 40;

/// Reads one test case and writes its standings round by round: round `r` is given to `rounds`
/// before round `r + 1` is read.
fn solve_case<B: Window, W: Write + ?Sized>(
    scanner: &mut Scanner<B>,
    scratch: &mut (impl Scratch + ?Sized),
    rounds: &mut (impl RoundWriter<W> + ?Sized),
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
        for _ in 0..count {
            scanner.skip_whitespace();
            // The usual line `p1 p2 w1 w2 d\n`, legal and recordable, in one pass; anything
            // else is read again number by number, for its error and position.
            if let Some((first, second, result, len)) = scanner.held().and_then(quick_match) {
                if tournament.record(first, second, result).is_ok() {
                    scanner.consume_line(len);
                    continue;
                }
            }
            let first_at = scanner.position();
            let first = scanner.number("a player id", 1, n)?;
            scanner.skip_whitespace();
            let second_at = scanner.position();
            let second = scanner.number("a player id", 1, n)?;
            let result = read_result(scanner)?;
            tournament.record(PlayerId::new(first - 1), PlayerId::new(second - 1), result).map_err(|e| {
                let (at, id, rule) = match e {
                    RecordError::SelfMatch => (second_at, second, "cannot play a match against himself"),
                    RecordError::PlaysTwice { second: false } => (first_at, first, "already has a match in this round"),
                    RecordError::PlaysTwice { second: true } => {
                        (second_at, second, "already has a match in this round")
                    }
                    // The parser's ranges and `read_result` let none of these through.
                    _ => (first_at, first, "cannot be recorded"),
                };
                Error::new(at, ErrorKind::InvalidItem { what: "player", item: u64::from(id), rule })
            })?;
        }
        tournament.finish_round().map_err(|_| Error::new(rounds_at, ErrorKind::Invalid("round out of order")))?;
        rounds.write_round(&tournament, out)?;
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
// Never inlined into the judge dispatcher: its frame then holds one driver's locals (here the
// round writer's line buffer) at a time, not every driver's (the deepest stack of the 16 KiB
// boards).
#[inline(never)]
pub fn solve_from<B: Window, W: Write + ?Sized>(
    scanner: &mut Scanner<B>,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    solve_from_with(scanner, scratch, &mut InOrder::new(), out)
}

/// As [`solve_from`], each finished round's standings written by `rounds` (the `referee`
/// binary writes a large round's lines on two threads; [`InOrder`] is [`solve_from`]'s).
///
/// # Errors
/// As [`solve`], and whatever `rounds` returns (as [`ErrorKind::Write`]).
///
/// # Complexity
/// As [`solve`], plus what `rounds` adds.
// Never inlined into the judge dispatcher (as `solve_from`).
#[inline(never)]
pub fn solve_from_with<B: Window, W: Write + ?Sized>(
    scanner: &mut Scanner<B>,
    scratch: &mut (impl Scratch + ?Sized),
    rounds: &mut (impl RoundWriter<W> + ?Sized),
    out: &mut W,
) -> Result<()> {
    let cases = scanner.unsigned("the number of test cases", 1, MAX_TEST_CASES)?;
    for _ in 0..cases {
        solve_case(scanner, scratch, rounds, out)?;
    }
    scanner.finish()?;
    rounds.finish(out)?;
    Ok(())
}

/// How many test cases one part of a judge input declared and solved ([`solve_part`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartCases {
    /// `T`, the input's number of test cases, read at the start of the first part (`None` for
    /// the others).
    pub declared: Option<u64>,
    /// The test cases solved in the part.
    pub solved: u64,
}

/// Solves one part of a judge input cut at test case starts (to solve the parts on several
/// threads): with `first`, the part is the start of the input and begins with `T`; then whole
/// test cases follow to the part's end, however many.
///
/// The answers of the parts, in order, are exactly [`solve`]'s answer when the parts in order
/// make the whole input, every later part starts with a digit right after a line end, every
/// part is solved without error, and the parts' cases add up to the first part's `T`: each
/// part then holds exactly the cases [`solve`] reads there (a case is read from its first
/// number alone, and the bytes before a cut are whitespace). Otherwise the cut missed a case
/// start, or the input is wrong: solve the whole input with [`solve_from`], which finds the
/// error and its position (a part's positions count from the part's start).
///
/// # Errors
/// As [`solve`], in the part; [`ErrorKind::Read`] when the stream failed before its end.
///
/// # Complexity
/// As [`solve`], for the part's test cases.
pub fn solve_part<B: Window, W: Write + ?Sized>(
    scanner: &mut Scanner<B>,
    scratch: &mut (impl Scratch + ?Sized),
    rounds: &mut (impl RoundWriter<W> + ?Sized),
    first: bool,
    out: &mut W,
) -> Result<PartCases> {
    let declared = if first { Some(scanner.unsigned("the number of test cases", 1, MAX_TEST_CASES)?) } else { None };
    let mut solved = 0u64;
    while scanner.peek().is_some() {
        solve_case(scanner, scratch, rounds, out)?;
        solved = solved.saturating_add(1);
    }
    if scanner.read_failed() {
        return Err(scanner.error(ErrorKind::Read));
    }
    rounds.finish(out)?;
    Ok(PartCases { declared, solved })
}

/// Match lines after a case's counts that [`case_start`] checks, at most.
const CHECKED_MATCHES: usize = 16;

/// Where a test case seems to start in `bytes`, a piece cut from anywhere in a judge input: the
/// offset of the first line after a line end in `bytes` that reads `n m` (a digit first, both
/// in range), followed by a line of `m` match counts of at most `n/2` and by match lines
/// `p1 p2 w1 w2 d` of ids at most `n` (the first few, as far as `bytes` hold them whole);
/// `None` if no line does. A guess for cutting an input into parts ([`solve_part`]): a line
/// can look like a case start without being one, which the parts' counts then reveal.
///
/// # Complexity
/// `O(b)` for the `b` bytes, times at most 18 lines checked from each line start.
#[must_use]
pub fn case_start(bytes: &[u8]) -> Option<usize> {
    let mut at = bytes.iter().position(|&b| b == b'\n')? + 1;
    while at < bytes.len() {
        if bytes[at].is_ascii_digit() && looks_like_a_case(bytes, at) {
            return Some(at);
        }
        at += bytes[at..].iter().position(|&b| b == b'\n')? + 1;
    }
    None
}

/// Whether the lines of `bytes` from `at` read as the start of a test case (see [`case_start`]).
fn looks_like_a_case(bytes: &[u8], at: usize) -> bool {
    let mut numbers = [0u64; MAX_ROUNDS as usize];
    let Some((2, after_header)) = line_numbers(bytes, at, &mut numbers) else { return false };
    let (n, m) = (numbers[0], numbers[1]);
    if !(1..=u64::from(MAX_PLAYERS)).contains(&n) || !(1..=u64::from(MAX_ROUNDS)).contains(&m) {
        return false;
    }
    let Some((count, mut line)) = line_numbers(bytes, after_header, &mut numbers) else { return false };
    if count as u64 != m || numbers.iter().take(count).any(|&matches| matches > n / 2) {
        return false;
    }
    let matches: u64 = numbers.iter().take(count).sum();
    for _ in 0..matches.min(CHECKED_MATCHES as u64) {
        match line_numbers(bytes, line, &mut numbers) {
            Some((5, next))
                if numbers[..2].iter().all(|&id| (1..=n).contains(&id)) && numbers[2..5].iter().all(|&g| g <= 3) =>
            {
                line = next;
            }
            // The piece ends before the line does: as far as it goes, a case.
            None if !bytes[line.min(bytes.len())..].contains(&b'\n') => return true,
            _ => return false,
        }
    }
    true
}

/// The numbers of the whole line of `bytes` starting at `at` (decimal, of at most 10 digits,
/// separated by spaces or tabs, a `\r` allowed before the `\n`) into `numbers`: how many and
/// where the next line starts; `None` for any other byte, too many numbers, or no line end.
fn line_numbers(bytes: &[u8], at: usize, numbers: &mut [u64]) -> Option<(usize, usize)> {
    let mut count = 0;
    let mut i = at;
    loop {
        match *bytes.get(i)? {
            b' ' | b'\t' => i += 1,
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => i += 1,
            b'\n' => return Some((count, i + 1)),
            b'0'..=b'9' => {
                let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                if digits > 10 {
                    return None;
                }
                let value = bytes[i..i + digits].iter().fold(0u64, |v, &d| v * 10 + u64::from(d - b'0'));
                *numbers.get_mut(count)? = value;
                count += 1;
                i += digits;
            }
            _ => return None,
        }
    }
}

/// Writes the standings of a round the judge driver has just finished: `Round r`, then one
/// line per player (as [`write_round`]). The driver calls it once per round; an
/// implementation may split the lines between threads ([`write_players`] writes any range of
/// them), as long as `out` receives exactly [`write_round`]'s text.
pub trait RoundWriter<W: Write + ?Sized> {
    /// Writes the standings of `tournament`'s last finished round to `out`.
    ///
    /// # Errors
    /// Whatever `out` returns.
    fn write_round(&mut self, tournament: &Tournament<'_>, out: &mut W) -> core::fmt::Result;

    /// Writes to `out` the text of the rounds written so far that the writer still holds (a
    /// writer may keep rounds' lines back to hand them on in larger pieces); the drivers call
    /// it once after their last round. The default holds nothing back.
    ///
    /// # Errors
    /// Whatever `out` returns.
    fn finish(&mut self, out: &mut W) -> core::fmt::Result {
        let _ = out;
        Ok(())
    }
}

/// [`RoundWriter`] on the calling thread, in order, through one line buffer kept for every
/// round: the lines of many small rounds reach `out` together, when the buffer is full or at
/// [`RoundWriter::finish`] (one write per round of a few players had cost 3 % of the
/// instructions of `swiss_many.in`, 49 520 rounds of at most 10 players).
#[derive(Debug, Default)]
pub struct InOrder {
    text: LineBuf,
}

impl InOrder {
    /// A writer with an empty line buffer.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }
}

impl<W: Write + ?Sized> RoundWriter<W> for InOrder {
    fn write_round(&mut self, tournament: &Tournament<'_>, out: &mut W) -> core::fmt::Result {
        write_into(&mut self.text, tournament, true, 0..tournament.players() as usize, out)
    }

    fn finish(&mut self, out: &mut W) -> core::fmt::Result {
        self.text.flush_to(out)
    }
}

/// Writes `Round r` and one `MP OMW GW OGW` line per player of `tournament`: the standings
/// after its last finished round `r` (while a round is open too, as [`Tournament::standing`]).
///
/// # Errors
/// Whatever `out` returns.
///
/// # Complexity
/// `O(n·r)`, through a line buffer (one `write_str` per 2 KiB).
pub fn write_round<W: Write + ?Sized>(tournament: &Tournament<'_>, out: &mut W) -> core::fmt::Result {
    write_through(tournament, true, 0..tournament.players() as usize, out)
}

/// The first line of [`write_round`]: `Round r` for the last finished round `r`.
///
/// # Errors
/// Whatever `out` returns.
///
/// # Complexity
/// `O(1)`.
pub fn write_header<W: Write + ?Sized>(tournament: &Tournament<'_>, out: &mut W) -> core::fmt::Result {
    write_through(tournament, true, 0..0, out)
}

/// The lines of [`write_round`] of the players in `players` (0-based, clamped to the
/// tournament's), without the `Round r` header: the lines of two ranges that meet, written one
/// after the other, are the lines of their union.
///
/// # Errors
/// Whatever `out` returns.
///
/// # Complexity
/// `O(|players|·r)`, through a line buffer (one `write_str` per 2 KiB).
pub fn write_players<W: Write + ?Sized>(
    tournament: &Tournament<'_>,
    players: Range<usize>,
    out: &mut W,
) -> core::fmt::Result {
    write_through(tournament, false, players, out)
}

/// [`write_round`] (with the header) or [`write_players`] through a line buffer of its own.
fn write_through<W: Write + ?Sized>(
    tournament: &Tournament<'_>,
    header: bool,
    players: Range<usize>,
    out: &mut W,
) -> core::fmt::Result {
    let mut text = LineBuf::new();
    write_into(&mut text, tournament, header, players, out)?;
    text.flush_to(out)
}

/// Bytes a round's header line takes in a [`LineBuf`] at most: `Round `, the round number
/// (at most [`MAX_ROUNDS`]) with the slack of a number's stores, the line end.
const HEADER_ROOM: usize = 6 + crate::digits::U64_ROOM + 1;

/// The lines of [`write_through`] added to `text`, which is flushed to `out` only when full:
/// the caller flushes the rest.
fn write_into<W: Write + ?Sized>(
    text: &mut LineBuf,
    tournament: &Tournament<'_>,
    header: bool,
    players: Range<usize>,
    out: &mut W,
) -> core::fmt::Result {
    /// The longest line: a 3-digit MP and three fractions of two 39-digit numbers.
    const LONGEST_LINE: usize = 4 + 3 * (1 + 39 + 1 + 39) + 1;
    // The standings are those of the last finished round, also while one is open.
    if header {
        // `Round ` and a round number of at most 2 digits, stored with a number's slack.
        text.make_room(HEADER_ROOM, out)?;
        text.push_bytes(b"Round ")?;
        text.push_u64(u64::from(tournament.clock.finished()))?;
        text.push_bytes(b"\n")?;
    }
    let open = tournament.is_round_open();
    for i in players.start..players.end.min(tournament.players() as usize) {
        // The first 16 rounds' numbers are `u64`s, pushed without a 128-bit detour, and their
        // line is at most 4 + 2·8 + 40 bytes (`MP ≤ 48`, `OMW` and `GW` below 1000 over 1000,
        // `OGW`'s terms below `3·16·D_16 < 2^62`, 19 digits): within `LineWriter::MAX`.
        // No round is open (the driver's loop), or the careful path below takes each match
        // of the open round back out.
        let small = if open { None } else { tournament.small_standing::<false>(i) };
        match small {
            Some(s) => text.push_line(out, |line| {
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
                text.make_room(LONGEST_LINE, out)?;
                let s = tournament.standing_of(i);
                text.push_u64(u64::from(s.match_points))?;
                for fraction in [s.omw, s.gw, s.ogw] {
                    text.push_byte(b' ')?;
                    text.push_u128(fraction.numer())?;
                    text.push_byte(b'/')?;
                    text.push_u128(fraction.denom())?;
                }
                text.push_byte(b'\n')?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::String;
    use std::vec::Vec;

    /// The bytes `text` padded to [`QUICK_BYTES`] with `pad`.
    fn held(text: &[u8], pad: u8) -> [u8; QUICK_BYTES] {
        let mut bytes = [pad; QUICK_BYTES];
        bytes[..text.len()].copy_from_slice(text);
        bytes
    }

    /// An input of three cases, starting at bytes 2, 20 and 36.
    const THREE_CASES: &[u8] = b"3\n2 2\n1 0\n1 2 2 0 0\n3 1\n1\n3 1 0 2 1\n2 1\n1\n1 2 1 1 1\n";

    /// Every cut at line starts solves the input exactly when the counts add up; a cut inside
    /// a case is refused or miscounted, never silently wrong.
    #[test]
    fn parts_cut_at_case_starts_make_the_whole_answer() {
        let mut whole = String::new();
        solve(THREE_CASES, &mut [0u32; 64][..], &mut whole).unwrap();
        let line_starts: Vec<usize> = (1..THREE_CASES.len()).filter(|&i| THREE_CASES[i - 1] == b'\n').collect();
        for &cut in &line_starts {
            let (head, tail) = THREE_CASES.split_at(cut);
            let mut text = String::new();
            let first = solve_part(&mut Scanner::new(head), &mut [0u32; 64][..], &mut InOrder::new(), true, &mut text);
            let later = solve_part(&mut Scanner::new(tail), &mut [0u32; 64][..], &mut InOrder::new(), false, &mut text);
            match (first, later) {
                (Ok(first), Ok(later)) if first.declared == Some(first.solved + later.solved) => {
                    assert_eq!(text, whole, "cut at {cut}");
                    assert!([2, 20, 36].contains(&cut), "cut at {cut} is no case start");
                }
                _ => assert!(![2, 20, 36].contains(&cut), "cut at {cut} is a case start"),
            }
        }
    }

    #[test]
    fn a_case_start_is_guessed_from_its_lines() {
        assert_eq!(case_start(THREE_CASES), Some(2));
        assert_eq!(case_start(&THREE_CASES[2..]), Some(20 - 2));
        assert_eq!(case_start(&THREE_CASES[22..]), Some(36 - 22));
        assert_eq!(case_start(&THREE_CASES[37..]), None);
        // A piece that ends within the matches still reads as a case as far as it goes.
        assert_eq!(case_start(b"x\n4 1\n2\n1 2 2 0 0\n3 4"), Some(2));
        for refused in [
            &b"x\n4 1\n3\n1 2 2 0 0\n"[..], // more matches than n/2
            b"x\n4 2\n1\n1 2 2 0 0\n",      // fewer counts than rounds
            b"x\n4 1\n1\n1 5 2 0 0\n",      // an id above n
            b"x\n4 1\n1\n1 2 2 0\n",        // a short match line
            b"x\n 4 1\n1\n1 2 2 0 0\n",     // not a digit first
            b"x\n4 35\n",                   // too many rounds
            b"x\n4 1 1\n",                  // three numbers
            b"x\n99999999999 1\n",          // eleven digits
            b"4 1\n1\n1 2 2 0 0\n",         // no line end before it
            b"",
        ] {
            assert_eq!(case_start(refused), None, "{:?}", core::str::from_utf8(refused));
        }
        assert_eq!(case_start(b"x\r\n4 1\r\n1\r\n1 2 2 0 0\r\n"), Some(3));
    }

    /// The quick line is the numbers read one by one wherever it answers, and declines every
    /// other shape (read again number by number, for its error or its longer numbers).
    #[test]
    fn a_quick_match_is_the_line_read_number_by_number() {
        let quick: &[&[u8]] = &[b"1 2 2 0 0\n", b"1234567 7654321 1 1 1\n", b"0012 9 0 0 3\n", b"18750 1 2 1 0\nrest"];
        for &text in quick {
            for pad in [b'\n', b'7', 0xff] {
                let (first, second, result, len) = quick_match(&held(text, pad)).unwrap();
                let mut slow = Scanner::new(text);
                let ids = [0; 2].map(|_| slow.number("id", 0, u32::MAX).unwrap());
                let games = [0; 3].map(|_| slow.number("games", 0u8, 3).unwrap());
                assert_eq!([first, second], ids.map(|id| PlayerId::from_number(id).unwrap()), "{text:?}");
                assert_eq!(Ok(result), MatchResult::new(games[0], games[1], games[2]), "{text:?}");
                assert_eq!(text[len - 1], b'\n');
                assert_eq!(len, text.iter().position(|&b| b == b'\n').unwrap() + 1, "{text:?}");
            }
        }
        let declined: &[&[u8]] = &[
            b"1 2 3 0 0\n",          // an illegal result
            b"1 2 2 0 4\n",          // a count above 3
            b"1 2 2 0 0\r\n",        // a CR line end
            b"1 2 2 0 0 \n",         // a space before it
            b"1  2 2 0 0\n",         // two spaces
            b"1\t2 2 0 0\n",         // a tab
            b"12345678 2 2 0 0\n",   // an id of 8 digits
            b"1 2 2 0\n",            // too few numbers
            b"1 2 2 0 00\n",         // a result of two digits
            b"-1 2 2 0 0\n",         // a sign
            b" 1 2 2 0 0\n",         // whitespace first
            b"1 2 2 0 0",            // no line end
            b"4294967296 1 2 0 0\n", // beyond u32 (and 8 digits)
        ];
        for &text in declined {
            assert_eq!(quick_match(&held(text, b'x')), None, "{text:?}");
        }
    }
}
