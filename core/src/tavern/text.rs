//! The judge format of `tavern` (Gym 104160 L): `n m`, then the `n` attacks of Alice's minions
//! and the `m` of Bob's; the answer is the three probabilities (Alice, Bob, tie), one per line,
//! with 12 decimals rounded to nearest, or as irreducible fractions in exact mode.

use core::fmt::Write;

use super::{odds, Battle, Odds, OddsError, Strategy, MAX_VALUE};
use crate::scratch::Scratch;
use crate::text::format::write_probability_line;
use crate::text::{Error, ErrorKind, Position, Result, Scanner, Window};

/// [`super::MAX_MINIONS`] as the count the parser reads.
const MAX_SIDE: u8 = 7;
const _: () = assert!(MAX_SIDE as usize == super::MAX_MINIONS);

/// Reads a battle in judge format: `n m`, then `n` and `m` attack values.
///
/// # Errors
/// Counts outside `1..=7`, values outside `1..=10^9`, missing numbers, or anything after the
/// last number, with the position of the offending token.
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
pub fn parse_from<B: Window>(scanner: &mut Scanner<B>) -> Result<Battle> {
    let n = scanner.number::<u8>("the number of Alice's minions", 1, MAX_SIDE)?;
    let m = scanner.number::<u8>("the number of Bob's minions", 1, MAX_SIDE)?;
    let mut sides = [[0u32; MAX_SIDE as usize]; 2];
    for (side, (count, what)) in
        sides.iter_mut().zip([(n, "an attack of Alice's minions"), (m, "an attack of Bob's minions")])
    {
        for value in side.iter_mut().take(usize::from(count)) {
            *value = scanner.number::<u32>(what, 1, MAX_VALUE)?;
        }
    }
    scanner.finish()?;
    // The ranges read above are the battle's own, so it cannot refuse them (and the `get`s,
    // within `MAX_SIDE`, never fall back to an empty side).
    let [alice, bob] = &sides;
    Battle::new(alice.get(..usize::from(n)).unwrap_or_default(), bob.get(..usize::from(m)).unwrap_or_default())
        .map_err(|_| Error::new(scanner.position(), ErrorKind::Invalid("invalid battle")))
}

/// The judge driver: reads a battle, writes the three probabilities (Alice, Bob, tie), one per
/// line, as decimals with 12 digits rounded to nearest (ties away from zero), or as
/// irreducible fractions when `exact`, searched with `strategy`.
///
/// # Errors
/// As [`parse`]; a capacity error (at 1:1) when `scratch` or the heap is too small; a write
/// error from `out`.
///
/// # Complexity
/// That of [`odds`] plus `O(B)` for the `B` bytes of the input.
pub fn solve<W: Write + ?Sized>(
    input: &[u8],
    exact: bool,
    strategy: Strategy,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    solve_from(&mut Scanner::new(input), exact, strategy, scratch, out)
}

/// As [`solve`], reading the battle from `scanner` (e.g. a stream, [`Scanner::stream`]).
///
/// # Errors
/// As [`solve`].
///
/// # Complexity
/// That of [`odds`] plus `O(B)` for the `B` bytes read.
// Never inlined into the judge dispatcher: its frame then holds one driver's locals at a
// time, not every driver's (the deepest stack of the 16 KiB boards).
#[inline(never)]
pub fn solve_from<B: Window, W: Write + ?Sized>(
    scanner: &mut Scanner<B>,
    exact: bool,
    strategy: Strategy,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    solve_from_with(scanner, exact, |battle| odds(battle, strategy, scratch), out)
}

/// As [`solve_from`], the odds of the battle read computed by `search` (the `referee` binary
/// adds up the [`super::opening_shares`] of its openings, searched on several threads; [`odds`]
/// is [`solve_from`]'s).
///
/// # Errors
/// As [`solve`], with `search`'s errors at 1:1.
///
/// # Complexity
/// That of `search` plus `O(B)` for the `B` bytes read.
pub fn solve_from_with<B: Window, W: Write + ?Sized>(
    scanner: &mut Scanner<B>,
    exact: bool,
    search: impl FnOnce(&Battle) -> core::result::Result<Odds<'static>, OddsError>,
    out: &mut W,
) -> Result<()> {
    let battle = parse_from(scanner)?;
    // A search that cannot run is refused at the start of the input, where the battle is.
    let start = Position { line: 1, column: 1 };
    let odds = search(&battle).map_err(|e| Error::new(start, odds_error(e)))?;
    for probability in odds.all() {
        write_probability_line(out, &probability, exact)?;
    }
    Ok(())
}

/// The judge message of a search that could not run.
fn odds_error(error: OddsError) -> ErrorKind {
    match error {
        OddsError::Capacity(e) => e.into(),
        OddsError::OutOfMemory { wanted, stored } => ErrorKind::Capacity {
            what: "memo states (out of memory)",
            needed: u64::try_from(wanted).unwrap_or(u64::MAX),
            capacity: u64::try_from(stored).unwrap_or(u64::MAX),
        },
        OddsError::Overflow | OddsError::Partial => ErrorKind::Overflow("an outcome count"),
        OddsError::NotAnOpening => ErrorKind::Invalid("a search of a part that is not an opening of the battle"),
    }
}
