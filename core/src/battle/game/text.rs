//! The text format of `battle` under the game rules (`battle-game.md`):
//! `n m [alice_tier alice_health bob_tier bob_health [cap]]` on the first line, then the `n + m`
//! minion tokens (`ATTACK/HEALTH`, keyword letters, `@TIER`, effects `!sKxA/H…`, `!rA…`,
//! `!cD` or `!cDxK`), separated by whitespace. The answer: Alice wins, Bob wins, tie, then
//! `alice dies P`, `bob dies P`, and `damage to alice D P` / `damage to bob D P` for every
//! damage of positive probability, increasing; 12 decimals, or irreducible fractions when exact.

use core::fmt::Write;

use super::{Card, Fight, Hero, Keywords, Limits, RebornAs, Shots, Strategy, Summon, Token};
use super::{MAX_CAP, MAX_COPIES, MAX_DAMAGE, MAX_HERO_HEALTH, MAX_MINIONS, MAX_TIER, MAX_VALUE};
use crate::odds::Probability;
use crate::scratch::Scratch;
use crate::text::format::ANSWER_DIGITS;
use crate::text::scanner::check_unsigned;
use crate::text::{Error, ErrorKind, Result, Scanner, Window};

/// How each side's things are named in errors.
struct Names {
    count: &'static str,
    minion: &'static str,
    attack: &'static str,
    health: &'static str,
    tier: &'static str,
    hero_tier: &'static str,
    hero_health: &'static str,
}

const NAMES: [Names; 2] = [
    Names {
        count: "the number of Alice's minions",
        minion: "a minion of Alice's (attack/health, keywords, @tier, effects)",
        attack: "the attack of Alice's minion",
        health: "the health of Alice's minion",
        tier: "the tier of Alice's minion",
        hero_tier: "the tier of Alice's hero",
        hero_health: "the health of Alice's hero",
    },
    Names {
        count: "the number of Bob's minions",
        minion: "a minion of Bob's (attack/health, keywords, @tier, effects)",
        attack: "the attack of Bob's minion",
        health: "the health of Bob's minion",
        tier: "the tier of Bob's minion",
        hero_tier: "the tier of Bob's hero",
        hero_health: "the health of Bob's hero",
    },
];

/// Reads a fight in the game rules' text format.
///
/// # Errors
/// The first byte that breaks the format or a range, with its line and column: counts outside
/// `1..=7`, hero fields other than none, four or five, a malformed minion or effect, a value
/// out of range, a repeated keyword or effect, a reborn-as without `R`, a missing minion, or
/// anything after the last one.
///
/// # Complexity
/// `O(B)` for the `B` bytes of the input.
pub fn parse(input: &[u8]) -> Result<Fight> {
    parse_from(&mut Scanner::new(input))
}

/// As [`parse`], reading from `scanner`.
///
/// # Errors
/// As [`parse`].
///
/// # Complexity
/// `O(B)` for the `B` bytes read.
pub fn parse_from<B: Window>(scanner: &mut Scanner<B>) -> Result<Fight> {
    scanner.skip_whitespace();
    let n = header_number(scanner, NAMES[0].count, NAMES[0].count, 1, MAX_MINIONS as u64)?;
    scanner.skip_blanks();
    let m = header_number(scanner, NAMES[1].count, NAMES[1].count, 1, MAX_MINIONS as u64)?;
    scanner.skip_blanks();
    let mut heroes = [Hero::DEFAULT; 2];
    let mut cap = 0;
    let mut next = "Alice's hero tier or the end of the line";
    if scanner.peek_raw().is_some_and(|b| b.is_ascii_digit()) {
        for (hero, names) in heroes.iter_mut().zip(&NAMES) {
            scanner.skip_blanks();
            let tier = header_number(scanner, names.hero_tier, names.hero_tier, 1, MAX_TIER.into())?;
            scanner.skip_blanks();
            let health = header_number(scanner, names.hero_health, names.hero_health, 1, MAX_HERO_HEALTH.into())?;
            *hero = Hero { tier: small(tier), health: value(health) };
        }
        scanner.skip_blanks();
        next = "the damage cap or the end of the line";
        if scanner.peek_raw().is_some_and(|b| b.is_ascii_digit()) {
            cap = value(header_number(scanner, "the damage cap", "the damage cap", 0, MAX_CAP.into())?);
            scanner.skip_blanks();
            next = "the end of the line";
        }
    }
    if !matches!(scanner.peek_raw(), None | Some(b'\n' | b'\r')) {
        return Err(scanner.unexpected(next));
    }
    let mut sides = [[Card::new(0, 1, Keywords::NONE); MAX_MINIONS]; 2];
    let counts = [usize::try_from(n).unwrap_or(0), usize::try_from(m).unwrap_or(0)];
    for ((side, &count), names) in sides.iter_mut().zip(&counts).zip(&NAMES) {
        for slot in side.iter_mut().take(count) {
            scanner.skip_whitespace();
            *slot = card(scanner, names)?;
        }
    }
    scanner.finish()?;
    let [alice, bob] = &sides;
    let (alice, bob) = (alice.get(..counts[0]).unwrap_or_default(), bob.get(..counts[1]).unwrap_or_default());
    Fight::new(alice, bob, heroes, cap).map_err(|_| Error::new(scanner.position(), ErrorKind::Invalid("invalid fight")))
}

/// A value checked within `u32`.
fn value(v: u64) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

/// A value checked within `u8`.
fn small(v: u64) -> u8 {
    u8::try_from(v).unwrap_or(u8::MAX)
}

/// A number of the first line: digits in `min..=max`, then a blank, a line break or the end.
fn header_number<B: Window>(
    scanner: &mut Scanner<B>,
    expected: &'static str,
    what: &'static str,
    min: u64,
    max: u64,
) -> Result<u64> {
    let v = number(scanner, expected, what, min, max)?;
    if scanner.peek_raw().is_some_and(|b| !b.is_ascii_whitespace()) {
        return Err(unexpected(scanner, "a space or the end of the line after a number"));
    }
    Ok(v)
}

/// Digits at the cursor as a number in `min..=max` (the range error at its first digit).
fn number<B: Window>(
    scanner: &mut Scanner<B>,
    expected: &'static str,
    what: &'static str,
    min: u64,
    max: u64,
) -> Result<u64> {
    let start = scanner.position();
    let mut v = Some(0u64);
    let mut any = false;
    while let Some(byte) = scanner.peek_raw().filter(u8::is_ascii_digit) {
        v = v.and_then(|v| v.checked_mul(10)).and_then(|v| v.checked_add(u64::from(byte - b'0')));
        any = true;
        scanner.next_raw();
    }
    if !any {
        return Err(unexpected(scanner, expected));
    }
    check_unsigned(start, what, v, false, min, max)
}

/// The error for the byte at the cursor (a `\r` is reported as the end of line).
fn unexpected<B: Window>(scanner: &mut Scanner<B>, expected: &'static str) -> Error {
    match scanner.peek_raw() {
        Some(b'\r') => scanner.error(ErrorKind::Unexpected { expected, found: b'\n' }),
        _ => scanner.unexpected(expected),
    }
}

/// Consumes `byte` at the cursor, or fails saying `expected`.
fn expect<B: Window>(scanner: &mut Scanner<B>, byte: u8, expected: &'static str) -> Result<()> {
    if scanner.peek_raw() == Some(byte) {
        scanner.next_raw();
        Ok(())
    } else {
        Err(unexpected(scanner, expected))
    }
}

/// Whether the cursor is at the end of a token (whitespace or the end).
fn at_end<B: Window>(scanner: &mut Scanner<B>) -> bool {
    scanner.peek_raw().is_none_or(|b| b.is_ascii_whitespace())
}

/// Keyword letters up to a byte of `stop`, whitespace or the end.
fn keywords<B: Window>(scanner: &mut Scanner<B>, stop: &[u8], expected: &'static str) -> Result<Keywords> {
    let mut set = Keywords::NONE;
    while let Some(byte) = scanner.peek_raw() {
        if byte.is_ascii_whitespace() || stop.contains(&byte) {
            break;
        }
        match Keywords::from_game_letter(byte) {
            Some(k) if !set.contains(k) => set = set.with(k),
            Some(_) => return Err(unexpected(scanner, "a keyword not given yet (each at most once)")),
            None => return Err(unexpected(scanner, expected)),
        }
        scanner.next_raw();
    }
    Ok(set)
}

/// One minion token.
fn card<B: Window>(scanner: &mut Scanner<B>, names: &Names) -> Result<Card> {
    let attack = number(scanner, names.minion, names.attack, 0, MAX_VALUE.into())?;
    expect(scanner, b'/', "'/' and the health after the attack")?;
    let health = number(scanner, "the health after '/'", names.health, 1, MAX_VALUE.into())?;
    let kw = keywords(scanner, b"@!", "a keyword (T, D, P, V, W, R, S, C), '@', '!' or a space after the minion")?;
    let mut card = Card::new(value(attack), value(health), kw);
    if scanner.peek_raw() == Some(b'@') {
        scanner.next_raw();
        card.tier = small(number(scanner, "the tier after '@'", names.tier, 1, MAX_TIER.into())?);
        if !at_end(scanner) && scanner.peek_raw() != Some(b'!') {
            return Err(unexpected(scanner, "'!' or a space after the tier"));
        }
    }
    while scanner.peek_raw() == Some(b'!') {
        let at = scanner.position();
        scanner.next_raw();
        let twice = || Error::new(at, ErrorKind::Invalid("a second effect of one kind: at most one of each"));
        match scanner.peek_raw() {
            Some(b's') => {
                if card.summon.is_some() {
                    return Err(twice());
                }
                scanner.next_raw();
                let count = number(
                    scanner,
                    "the number of tokens after '!s'",
                    "the number of tokens of a deathrattle",
                    1,
                    MAX_COPIES.into(),
                )?;
                expect(scanner, b'x', "'x' and the token after the number of tokens")?;
                let attack =
                    number(scanner, "the token's attack after 'x'", "the attack of a token", 0, MAX_VALUE.into())?;
                expect(scanner, b'/', "'/' and the token's health after its attack")?;
                let health =
                    number(scanner, "the token's health after '/'", "the health of a token", 1, MAX_VALUE.into())?;
                let keywords =
                    keywords(scanner, b"!", "a keyword of the token (T, D, P, V, W, R, S, C), '!' or a space")?;
                let token = Token { attack: value(attack), health: value(health), keywords };
                card.summon = Some(Summon { count: small(count), token });
            }
            Some(b'r') => {
                if card.reborn_as.is_some() {
                    return Err(twice());
                }
                if !card.keywords.contains(Keywords::REBORN) {
                    return Err(Error::new(at, ErrorKind::Invalid("reborn as (!r) is only for a minion with R")));
                }
                scanner.next_raw();
                let attack =
                    number(scanner, "the attack after '!r'", "the attack of a reborn copy", 0, MAX_VALUE.into())?;
                let keywords =
                    keywords(scanner, b"!", "a keyword of the reborn copy (T, D, P, V, W, R, S, C), '!' or a space")?;
                card.reborn_as = Some(RebornAs { attack: value(attack), keywords: keywords.without(Keywords::REBORN) });
            }
            Some(b'c') => {
                if card.shots.is_some() {
                    return Err(twice());
                }
                scanner.next_raw();
                let damage = number(
                    scanner,
                    "the damage after '!c'",
                    "the damage of a start-of-combat shot",
                    1,
                    MAX_VALUE.into(),
                )?;
                let mut times = 1;
                let mut next = "'x' and the number of shots, '!' or a space after the damage";
                if scanner.peek_raw() == Some(b'x') {
                    scanner.next_raw();
                    times = number(
                        scanner,
                        "the number of shots after 'x'",
                        "the number of start-of-combat shots",
                        1,
                        MAX_COPIES.into(),
                    )?;
                    next = "'!' or a space after the number of shots";
                }
                if !at_end(scanner) && scanner.peek_raw() != Some(b'!') {
                    return Err(unexpected(scanner, next));
                }
                card.shots = Some(Shots { damage: value(damage), times: small(times) });
            }
            _ => return Err(unexpected(scanner, "an effect after '!' (s: summon, r: reborn as, c: start of combat)")),
        }
    }
    Ok(card)
}

/// Writes `prefix`, the probability (12 decimals, or a fraction when `exact`) and a line feed.
fn line<W: Write + ?Sized>(
    out: &mut W,
    prefix: core::fmt::Arguments<'_>,
    p: &Probability<'_>,
    exact: bool,
) -> Result<()> {
    if exact {
        writeln!(out, "{prefix}{p}")?;
    } else {
        writeln!(out, "{prefix}{}", p.decimal(ANSWER_DIGITS))?;
    }
    Ok(())
}

/// The judge driver of the game rules: reads a fight, writes its answer (see the module).
///
/// # Errors
/// As [`parse`]; a refusal (at 1:1) when `scratch`, the heap or `limits` are too small for the
/// fight, or its exact answer needs more than 1 024-bit numerators; a write error from `out`.
///
/// # Complexity
/// That of [`super::solve`] plus `O(B)` for the `B` bytes of the input.
pub fn solve<W: Write + ?Sized>(
    input: &[u8],
    exact: bool,
    strategy: Strategy,
    limits: Limits,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    let fight = parse(input)?;
    let answer = super::solve(&fight, strategy, limits, scratch).map_err(super::super::text::refused)?;
    write_answer(&answer, exact, out)
}

/// The judge error of a search that cannot run ([`super::solve`]'s error), refused at 1:1 as
/// [`solve`] does: for the drivers that read a fight in another format (the JSON board of
/// `referee battle --input json`).
///
/// # Errors
/// None: it builds an error.
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub fn refusal(error: super::SearchError) -> Error {
    super::super::text::refused(error)
}

/// Writes `answer` as [`solve`] does: the three outcomes, the two deaths, then each damage of
/// positive probability (12 decimals, or fractions when `exact`).
///
/// # Errors
/// A write error from `out`.
///
/// # Complexity
/// `O(D · w)` for the [`MAX_DAMAGE`] damages and numerators of `w` words.
pub fn write_answer<W: Write + ?Sized>(answer: &super::Answer<'_>, exact: bool, out: &mut W) -> Result<()> {
    let none = format_args!("");
    for p in answer.odds().all() {
        line(out, none, &p, exact)?;
    }
    for (side, name) in ["alice", "bob"].into_iter().enumerate() {
        line(out, format_args!("{name} dies "), &answer.dies(side), exact)?;
    }
    for (side, name) in ["alice", "bob"].into_iter().enumerate() {
        for d in 1..=MAX_DAMAGE {
            let p = answer.damage(side, d);
            if !p.is_zero() {
                line(out, format_args!("damage to {name} {d} "), &p, exact)?;
            }
        }
    }
    Ok(())
}

/// As [`solve`], within a budget: the exact answer when the search finishes while `go_on`
/// says so (asked every 1 024 states with the count so far; printed as [`solve`] prints it),
/// else certified bounds ([`super::bound`], asked `go_on_bounds`): each probability as its
/// lower and upper bound on its line (`0.412345678901 0.413120000000`, the lower rounded
/// down and the upper up; fractions over `2^120` when `exact`), a damage line for each damage
/// of positive lower bound, and a last line `bounds`. A fight the exact search cannot finish
/// (out of steps, depth, memory or precision) is answered with bounds, never refused.
///
/// # Errors
/// As [`parse`]; a write error from `out`; a refusal (at 1:1) when the bounds' states cannot
/// grow in memory.
///
/// # Complexity
/// That of [`super::solve_until`], then [`super::bound`]'s while `go_on_bounds` says so.
#[cfg(feature = "alloc")]
#[allow(clippy::too_many_arguments)]
pub fn solve_within<W: Write + ?Sized>(
    input: &[u8],
    exact: bool,
    strategy: Strategy,
    limits: Limits,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
    go_on: &mut dyn FnMut(super::Searching) -> bool,
    go_on_bounds: &mut dyn FnMut(super::Progress) -> bool,
) -> Result<()> {
    let fight = parse(input)?;
    let verdict = super::solve_within(&fight, strategy, limits, scratch, go_on, go_on_bounds);
    write_verdict(&verdict.map_err(super::super::text::refused)?, exact, out)
}

/// Writes `verdict`: the exact answer as [`solve`] writes it, or bounds as [`write_bounds`].
///
/// # Errors
/// A write error from `out`.
///
/// # Complexity
/// `O(1)`.
pub fn write_verdict<W: Write + ?Sized>(verdict: &super::Verdict<'_>, exact: bool, out: &mut W) -> Result<()> {
    match verdict {
        super::Verdict::Exact(answer) => write_answer(answer, exact, out),
        super::Verdict::Bounded(bounds) => write_bounds(out, bounds, exact),
    }
}

/// Writes `bounds` in the bounded form of `solve_within` (feature `alloc`).
///
/// # Errors
/// A write error from `out`.
///
/// # Complexity
/// `O(1)`.
pub fn write_bounds<W: Write + ?Sized>(out: &mut W, bounds: &super::Bounds, exact: bool) -> Result<()> {
    let pair = |out: &mut W, prefix: core::fmt::Arguments<'_>, [low, high]: [u128; 2]| -> Result<()> {
        if exact {
            writeln!(out, "{prefix}{} {}", Fixed(low, false, true), Fixed(high, true, true))?;
        } else {
            writeln!(out, "{prefix}{} {}", Fixed(low, false, false), Fixed(high, true, false))?;
        }
        Ok(())
    };
    for which in 0..3 {
        pair(out, format_args!(""), bounds.outcome(which))?;
    }
    for (side, name) in ["alice", "bob"].into_iter().enumerate() {
        pair(out, format_args!("{name} dies "), bounds.dies(side))?;
    }
    for (side, name) in ["alice", "bob"].into_iter().enumerate() {
        for d in 1..=MAX_DAMAGE {
            let p = bounds.damage(side, d);
            if p[0] > 0 {
                pair(out, format_args!("damage to {name} {d} "), p)?;
            }
        }
    }
    writeln!(out, "bounds")?;
    Ok(())
}

/// A fixed-point probability over [`super::BOUND_ONE`] (`2^120`), written with
/// [`ANSWER_DIGITS`] decimals rounded down (`.1` false) or up (true), or as a reduced fraction
/// (`.2`).
struct Fixed(u128, bool, bool);

impl core::fmt::Display for Fixed {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let Self(n, up, fraction) = *self;
        let n = n.min(super::BOUND_ONE);
        if fraction {
            if n == 0 || n == super::BOUND_ONE {
                return write!(f, "{}", u8::from(n != 0));
            }
            let twos = n.trailing_zeros().min(120);
            return write!(f, "{}/{}", n >> twos, 1u128 << (120 - twos));
        }
        // n·10^12 / 2^120 = (q·10^12 + r·10^12 / 2^80) / 2^40 with n = q·2^80 + r.
        const TEN12: u128 = 1_000_000_000_000;
        let (q, r) = (n >> 80, n & ((1 << 80) - 1));
        let r2 = r * TEN12;
        let t = q * TEN12 + (r2 >> 80);
        let inexact = r2 & ((1 << 80) - 1) != 0 || t & ((1 << 40) - 1) != 0;
        let scaled = (t >> 40) + u128::from(up && inexact);
        write!(f, "{}.{:012}", scaled / TEN12, scaled % TEN12)
    }
}
