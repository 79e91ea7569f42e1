//! The judge format of `battle`: `n m`, then Alice's `n` minions and Bob's `m`, each
//! `attack/health` followed at once by its keyword letters (`3/4`, `0/7T`, `5/5DRW`); the
//! answer is the three probabilities (Alice, Bob, tie), one per line, with 12 decimals rounded
//! to nearest, or as irreducible fractions in exact mode.

use core::fmt::Write;

use super::outcome::Outcome;
use super::{
    exact_outcome, Battle, Keywords, Limits, Minion, Minions, OddsError, Probability, Strategy, Wide, MAX_ATTACK,
    MAX_HEALTH,
};
use crate::scratch::Scratch;
use crate::text::format::ANSWER_DIGITS;
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
pub fn parse(input: &[u8]) -> Result<Battle> {
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
pub fn parse_from<B: Window>(scanner: &mut Scanner<B>) -> Result<Battle> {
    let n = scanner.number::<u8>(NAMES[0].count, 1, MAX_SIDE)?;
    let m = scanner.number::<u8>(NAMES[1].count, 1, MAX_SIDE)?;
    let mut sides = [Minions::new(), Minions::new()];
    for (side, (count, names)) in sides.iter_mut().zip([n, m].into_iter().zip(&NAMES)) {
        for _ in 0..count {
            let at = scanner.position();
            let minion = minion(scanner, names)?;
            side.push(minion).map_err(|_| Error::new(at, ErrorKind::Invalid("more than 7 minions")))?;
        }
    }
    scanner.finish()?;
    // The ranges read above are the battle's own, so it cannot refuse them.
    Battle::new(&sides[0], &sides[1]).map_err(|_| Error::new(scanner.position(), ErrorKind::Invalid("invalid battle")))
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
    let battle = parse_from(scanner)?;
    let mut outcome = Outcome::TIE;
    exact_outcome(&battle, strategy, limits, scratch, &mut outcome).map_err(refused)?;
    write_answer(&outcome, exact, out)
}

/// A search that cannot run is refused at the start of the input, where the battle is.
fn refused(error: OddsError) -> Error {
    Error::new(Position { line: 1, column: 1 }, odds_error(error))
}

/// Writes the three probabilities of `outcome` as [`solve`] does: those of
/// [`Probability::odds`], made and written one at a time, so that no [`super::Odds`] (768
/// bytes) sits on the machine stack. Never inlined: its wide arithmetic's locals stay off the
/// machine stack of the search, which runs before it.
#[inline(never)]
fn write_answer<W: Write + ?Sized>(outcome: &Outcome<Wide>, exact: bool, out: &mut W) -> Result<()> {
    let tie = outcome.denominator().ok().and_then(|den| den.checked_sub(outcome.alice)?.checked_sub(outcome.bob));
    let tie = tie.ok_or_else(|| refused(OddsError::Precision))?;
    for numerator in [&outcome.alice, &outcome.bob, &tie] {
        write_part(numerator, outcome.exps, exact, out)?;
    }
    Ok(())
}

/// Writes `numerator` over the denominator of `exps`, in lowest terms, as [`solve`] does.
#[inline(never)]
fn write_part<W: Write + ?Sized>(numerator: &Wide, exps: [u16; 4], exact: bool, out: &mut W) -> Result<()> {
    let probability = Probability::reduced(*numerator, exps).ok_or_else(|| refused(OddsError::Precision))?;
    write_probability(&probability, exact, out)
}

/// Writes one probability and a line break, as [`solve`] does. Never inlined: the wide
/// arithmetic of a decimal takes a frame of its own, beside [`Probability::reduced`]'s.
#[inline(never)]
fn write_probability<W: Write + ?Sized>(probability: &Probability, exact: bool, out: &mut W) -> Result<()> {
    if exact {
        write!(out, "{probability}")?;
    } else {
        probability.write_decimal(out, ANSWER_DIGITS)?;
    }
    out.write_str("\n")?;
    Ok(())
}

/// The judge message of a search that could not run.
fn odds_error(error: OddsError) -> ErrorKind {
    let wide = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
    match error {
        OddsError::Capacity(e) => e.into(),
        OddsError::OutOfMemory { wanted, stored } => {
            ErrorKind::Capacity { what: "memo states (out of memory)", needed: wide(wanted), capacity: wide(stored) }
        }
        OddsError::Precision => {
            ErrorKind::Limit { what: "bits of exact numerators", limit: u64::from(super::WIDE_BITS) }
        }
        OddsError::Depth { limit } => {
            ErrorKind::Limit { what: "turns in progress at once (the search's depth)", limit: u64::from(limit) }
        }
        OddsError::Steps { limit } => ErrorKind::Limit { what: "turns searched", limit },
    }
}
