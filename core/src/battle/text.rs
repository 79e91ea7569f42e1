//! The judge format of `battle`: `n m`, then Alice's `n` minions and Bob's `m`, each
//! `attack/health` followed at once by its keyword letters (`3/4`, `0/7T`, `5/5DRW`); the
//! answer is the three probabilities (Alice, Bob, tie), one per line, with 12 decimals rounded
//! to nearest, or as irreducible fractions in exact mode.

use core::fmt::Write;

use super::{odds, Board, Keywords, Limits, Minion, SearchError, Strategy, MAX_ATTACK, MAX_HEALTH};
use crate::scratch::Scratch;
use crate::text::format::write_probability_line;
use crate::text::scanner::check_unsigned;
use crate::text::{Error, ErrorKind, Position, Result, Scanner, Window};

/// [`super::MAX_MINIONS`] as the count the parser reads.
const MAX_SIDE: u8 = 7;
const _: () = assert!(MAX_SIDE as usize == super::MAX_MINIONS);

/// What each side's tokens are called in errors.
const NAMES: [Names; 2] = [
    Names {
        count: "the number of Alice's minions",
        minion: "a minion of Alice's (attack/health and keywords)",
        attack: "the attack of Alice's minion",
        health: "the health of Alice's minion",
    },
    Names {
        count: "the number of Bob's minions",
        minion: "a minion of Bob's (attack/health and keywords)",
        attack: "the attack of Bob's minion",
        health: "the health of Bob's minion",
    },
];

/// The names of one side's tokens.
struct Names {
    count: &'static str,
    minion: &'static str,
    attack: &'static str,
    health: &'static str,
}

/// Reads a battle in judge format.
///
/// # Errors
/// Counts outside `1..=7`, a malformed minion (no `/`, a value out of range, an unknown or
/// repeated keyword, anything glued to it), a missing minion, or anything after the last one,
/// with the position of the offending byte.
///
/// # Complexity
/// `O(B)` for the `B` bytes of the input.
pub fn parse(input: &[u8]) -> Result<Board> {
    parse_from(&mut Scanner::new(input))
}

/// As [`parse`], reading from `scanner` (e.g. a stream): it stops at the first wrong byte.
///
/// # Errors
/// As [`parse`].
///
/// # Complexity
/// `O(B)` for the `B` bytes read.
// Never inlined: [`solve_from`]'s frame, below the whole search, then keeps none of its locals.
#[inline(never)]
pub fn parse_from<B: Window>(scanner: &mut Scanner<B>) -> Result<Board> {
    let n = scanner.number::<u8>(NAMES[0].count, 1, MAX_SIDE)?;
    let m = scanner.number::<u8>(NAMES[1].count, 1, MAX_SIDE)?;
    let mut sides = [[Minion::new(0, 1, Keywords::NONE); MAX_SIDE as usize]; 2];
    for (side, (count, names)) in sides.iter_mut().zip([n, m].into_iter().zip(&NAMES)) {
        for slot in side.iter_mut().take(usize::from(count)) {
            *slot = minion(scanner, names)?;
        }
    }
    scanner.finish()?;
    // The ranges read above are the battle's own, so it cannot refuse them (and the `get`s,
    // within `MAX_SIDE`, never fall back to an empty side).
    let [alice, bob] = &sides;
    Board::new(alice.get(..usize::from(n)).unwrap_or_default(), bob.get(..usize::from(m)).unwrap_or_default())
        .map_err(|_| Error::new(scanner.position(), ErrorKind::Invalid("invalid battle")))
}

/// Reads one minion token: `attack/health`, then keyword letters up to whitespace or the end.
fn minion<B: Window>(scanner: &mut Scanner<B>, names: &Names) -> Result<Minion> {
    scanner.skip_whitespace();
    let start = scanner.position();
    let attack = digits(scanner).ok_or_else(|| unexpected_in_token(scanner, names.minion))?;
    let attack = check_unsigned(start, names.attack, attack, false, 0, MAX_ATTACK.into())?;
    if scanner.peek_raw() != Some(b'/') {
        return Err(unexpected_in_token(scanner, "'/' and the health after the attack"));
    }
    scanner.next_raw();
    let at = scanner.position();
    let health = digits(scanner).ok_or_else(|| unexpected_in_token(scanner, "the health after '/'"))?;
    let health = check_unsigned(at, names.health, health, false, 1, MAX_HEALTH.into())?;
    let mut keywords = Keywords::NONE;
    while let Some(byte) = scanner.peek_raw() {
        match Keywords::from_letter(byte) {
            Some(k) if !keywords.contains(k) => keywords = keywords.with(k),
            Some(_) => return Err(scanner.unexpected("a keyword not given yet (each at most once), or a space")),
            None if byte.is_ascii_whitespace() => break,
            None => return Err(scanner.unexpected("a keyword (T, D, P, V, W, R) or a space after the minion")),
        }
        scanner.next_raw();
    }
    // Both were checked against ranges within `u32`.
    let value = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
    Ok(Minion::new(value(attack), value(health), keywords))
}

/// The error for the byte at the cursor inside a minion token: a line break of any spelling
/// (`\n`, `\r\n`, `\r`) is "end of line", so every spelling gives the same message.
fn unexpected_in_token<B: Window>(scanner: &mut Scanner<B>, expected: &'static str) -> Error {
    match scanner.peek_raw() {
        Some(b'\r') => scanner.error(ErrorKind::Unexpected { expected, found: b'\n' }),
        _ => scanner.unexpected(expected),
    }
}

/// Reads `[0-9]+` at the cursor: `None` if there is no digit, else the value (`None` inside
/// when it passes `u64`).
fn digits<B: Window>(scanner: &mut Scanner<B>) -> Option<Option<u64>> {
    let mut value = Some(0u64);
    let mut any = false;
    while let Some(byte) = scanner.peek_raw().filter(u8::is_ascii_digit) {
        value = value.and_then(|v| v.checked_mul(10)).and_then(|v| v.checked_add(u64::from(byte - b'0')));
        any = true;
        scanner.next_raw();
    }
    any.then_some(value)
}

/// The judge driver: reads a battle, writes the three probabilities (Alice, Bob, tie), one per
/// line, as decimals with 12 digits rounded to nearest (ties away from zero), or as
/// irreducible fractions when `exact`, searched with `strategy` within `limits`.
///
/// # Errors
/// As [`parse`]; a capacity error (at 1:1) when `scratch`, the heap or `limits` are too small
/// for the battle; a write error from `out`.
///
/// # Complexity
/// That of [`super::odds`] plus `O(B)` for the `B` bytes of the input.
pub fn solve<W: Write + ?Sized>(
    input: &[u8],
    exact: bool,
    strategy: Strategy,
    limits: Limits,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    solve_from(&mut Scanner::new(input), exact, strategy, limits, scratch, out)
}

/// As [`solve`], reading the battle from `scanner` (e.g. a stream, [`Scanner::stream`]).
///
/// # Errors
/// As [`solve`].
///
/// # Complexity
/// That of [`super::odds`] plus `O(B)` for the `B` bytes read.
// Never inlined into the judge dispatcher: its frame then holds one driver's locals at a
// time, not every driver's (the deepest stack of the 16 KiB boards).
#[inline(never)]
pub fn solve_from<B: Window, W: Write + ?Sized>(
    scanner: &mut Scanner<B>,
    exact: bool,
    strategy: Strategy,
    limits: Limits,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    let board = parse_from(scanner)?;
    let odds = odds(&board, strategy, limits, scratch).map_err(refused)?;
    for probability in odds.all() {
        write_probability_line(out, &probability, exact)?;
    }
    Ok(())
}

/// What a board needs (`referee battle --needs`): reads a battle and writes the least
/// [`Limits`] its search within `limits` took, and the scratch words those limits need with
/// `strategy` (the `static` buffer of a firmware that answers it, on every target):
/// `depth D`, `steps S`, `scratch words W`, one per line.
///
/// # Errors
/// As [`solve`].
///
/// # Complexity
/// That of [`super::needs`] plus `O(B)` for the `B` bytes of the input.
pub fn solve_needs<W: Write + ?Sized>(
    input: &[u8],
    strategy: Strategy,
    limits: Limits,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    let board = parse(input)?;
    let needs = super::needs(&board, strategy, limits, scratch).map_err(refused)?;
    let words = super::words_needed(strategy, needs.limits()).and_then(|w| u64::try_from(w).ok());
    writeln!(out, "depth {}\nsteps {}\nscratch words {}", needs.depth, needs.steps, words.unwrap_or(u64::MAX))?;
    Ok(())
}

/// A search that cannot run is refused at the start of the input, where the board is.
pub(super) fn refused(error: SearchError) -> Error {
    Error::new(Position { line: 1, column: 1 }, odds_error(error))
}

/// The judge message of a search that could not run.
fn odds_error(error: SearchError) -> ErrorKind {
    let wide = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
    match error {
        SearchError::Capacity(e) => e.into(),
        SearchError::OutOfMemory { wanted, stored } => {
            ErrorKind::Capacity { what: "memo states (out of memory)", needed: wide(wanted), capacity: wide(stored) }
        }
        SearchError::Precision => {
            ErrorKind::Limit { what: "bits of exact numerators", limit: u64::from(super::WIDE_BITS) }
        }
        SearchError::Depth { limit } => {
            ErrorKind::Limit { what: "turns in progress at once (the search's depth)", limit: u64::from(limit) }
        }
        SearchError::Steps { limit } => ErrorKind::Limit { what: "turns searched", limit },
    }
}
