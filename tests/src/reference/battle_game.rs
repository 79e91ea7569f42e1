//! `battle` under the game's rules (`battle-game.md`), literally, independently of
//! `referee-core`: its own reader of the input format, the fight played out rule by rule with
//! every random choice (who starts, which side fires its start-of-combat effects first, every
//! shot's and every swing's target) branched on with its exact probability, and its own exact
//! fractions. The fight's states at the start of a turn are remembered, keyed by the whole
//! state (both boards with every minion's marks, and the side to move).
//!
//! Every probability here is a sum of products of `1/2` (a coin) and `1/k` (a target among
//! `k ≤ 7` minions), so every denominator is `2^a·3^b·5^c·7^d`: [`Fraction`] is a big
//! numerator over those four exponents, in lowest terms.
//!
//! Readings of the spec's sentences where another was possible (the public cases decide the
//! first two; the others they leave open, and the literal words are followed):
//! - "every minion to its left is marked *passed*" overwrites an *attacked* mark too (keeping
//!   it changes cases 051, 054, 055 and 057);
//! - the attacker loses its stealth at its swing (keeping it changes 019, 048, 050, 051, 055);
//! - "the minion just to the right of the summoned minions" is the summoned group's right
//!   neighbour on the new board, which may be a minion summoned into the next slot in the same
//!   deaths (its mark is set first: marks are set right to left); reading it as the first
//!   surviving minion to the right changed no answer on 30 000 random small boards;
//! - a new cycle clears the marks of every minion of the side, 0-attack ones too;
//! - before each turn, the per-side stealth test is made for both sides, not only the mover;
//! - the coin of who attacks first (equal counts) and the coin of who fires first are
//!   independent.
//!
//! The input's first line holds `n m` and the hero fields (a line break ends them); the minion
//! tokens may then be spread over lines, separated by any whitespace. An `R` among the keywords
//! of `!r` is accepted and dropped (a reborn copy never has reborn).

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use crate::Rng;

/// The most minions a side can hold.
pub const MAX_MINIONS: usize = 7;
/// The largest attack, health or start-of-combat damage (of a minion or of a token).
pub const MAX_VALUE: u64 = 1_000_000_000;
/// The highest tavern tier (of a minion or of a hero).
pub const MAX_TIER: u8 = 7;
/// The most tokens of one deathrattle, and the most shots of one start-of-combat effect.
pub const MAX_COPIES: u8 = 7;
/// The largest hero health (health plus armor).
pub const MAX_HERO_HEALTH: u32 = 1000;
/// The largest damage cap (`0` is no cap).
pub const MAX_CAP: u32 = 1000;

/// The keyword letters, in the order of [`Keywords`]' bits, the order [`Board::to_text`]
/// writes them in.
pub const LETTERS: [u8; 8] = *b"TDPVWRSC";

/// A set of keywords.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Keywords(u8);

impl Keywords {
    /// No keyword.
    pub const NONE: Self = Self(0);
    /// `T`: taunt.
    pub const TAUNT: Self = Self(1);
    /// `D`: divine shield.
    pub const SHIELD: Self = Self(1 << 1);
    /// `P`: poisonous.
    pub const POISONOUS: Self = Self(1 << 2);
    /// `V`: venomous.
    pub const VENOMOUS: Self = Self(1 << 3);
    /// `W`: windfury.
    pub const WINDFURY: Self = Self(1 << 4);
    /// `R`: reborn.
    pub const REBORN: Self = Self(1 << 5);
    /// `S`: stealth.
    pub const STEALTH: Self = Self(1 << 6);
    /// `C`: cleave.
    pub const CLEAVE: Self = Self(1 << 7);

    /// The keyword of `letter`, if it is one of [`LETTERS`].
    #[must_use]
    pub fn from_letter(letter: u8) -> Option<Self> {
        LETTERS.iter().position(|&l| l == letter).map(|i| Self(1 << i))
    }

    /// The set whose bit `i` is `LETTERS[i]` (every byte is a set).
    #[must_use]
    pub const fn from_bits(bits: u8) -> Self {
        Self(bits)
    }

    /// Whether every keyword of `k` is in the set.
    #[must_use]
    pub const fn has(self, k: Self) -> bool {
        self.0 & k.0 == k.0
    }

    /// The set with `k` added.
    #[must_use]
    pub const fn with(self, k: Self) -> Self {
        Self(self.0 | k.0)
    }

    /// The set with `k` removed.
    #[must_use]
    pub const fn without(self, k: Self) -> Self {
        Self(self.0 & !k.0)
    }

    /// The letters of the set, in the order of [`LETTERS`].
    #[must_use]
    pub fn text(self) -> String {
        (0..8).filter(|i| self.0 >> i & 1 == 1).map(|i| char::from(LETTERS[i])).collect()
    }
}

/// The token a deathrattle summons: attack, health and keywords (no effects, tier 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    /// Attack, `0..=10^9`.
    pub attack: u64,
    /// Health, `1..=10^9`.
    pub health: u64,
    /// Keywords (a token with `R` returns once as itself).
    pub keywords: Keywords,
}

/// `!sKxA/H…`: the deathrattle that summons `count` copies of `token`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Summon {
    /// How many tokens, `1..=7`.
    pub count: u8,
    /// The token.
    pub token: Token,
}

/// `!rA…`: what a reborn minion returns as (the base card's attack and keywords).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RebornAs {
    /// Attack, `0..=10^9`.
    pub attack: u64,
    /// Keywords (a reborn copy never has `R`, written or not).
    pub keywords: Keywords,
}

/// `!cD` or `!cDxK`: at the start of combat, `damage` to a random enemy minion, `times` times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shots {
    /// Damage of each shot, `1..=10^9`.
    pub damage: u64,
    /// How many shots, `1..=7`.
    pub times: u8,
}

/// A minion of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    /// Attack, `0..=10^9`.
    pub attack: u64,
    /// Health, `1..=10^9`.
    pub health: u64,
    /// Keywords.
    pub keywords: Keywords,
    /// Tavern tier, `1..=7`.
    pub tier: u8,
    /// The deathrattle, if any.
    pub summon: Option<Summon>,
    /// What it returns as, if written (only with `R`; else its own attack and keywords).
    pub reborn_as: Option<RebornAs>,
    /// The start-of-combat effect, if any.
    pub shots: Option<Shots>,
}

impl Card {
    /// A plain minion: `attack/health`, no keyword, tier 1, no effect.
    #[must_use]
    pub const fn plain(attack: u64, health: u64) -> Self {
        Self { attack, health, keywords: Keywords::NONE, tier: 1, summon: None, reborn_as: None, shots: None }
    }

    /// The minion as the input writes it (one token, no spaces).
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut text = format!("{}/{}{}", self.attack, self.health, self.keywords.text());
        if self.tier != 1 {
            text += &format!("@{}", self.tier);
        }
        if let Some(Summon { count, token }) = self.summon {
            text += &format!("!s{count}x{}/{}{}", token.attack, token.health, token.keywords.text());
        }
        if let Some(RebornAs { attack, keywords }) = self.reborn_as {
            text += &format!("!r{attack}{}", keywords.text());
        }
        if let Some(Shots { damage, times }) = self.shots {
            text += &format!("!c{damage}");
            if times != 1 {
                text += &format!("x{times}");
            }
        }
        text
    }
}

/// A hero: its tavern tier and its health (health plus armor).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hero {
    /// Tavern tier, `1..=7`.
    pub tier: u8,
    /// Health plus armor, `1..=1000`.
    pub health: u32,
}

/// The hero fields of the first line, when given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Heroes {
    /// Alice's hero, then Bob's.
    pub heroes: [Hero; 2],
    /// The damage cap as written (`0` is none), `None` when not written.
    pub cap: Option<u32>,
}

/// The hero of a board without hero fields: tier 1, health 1000.
pub const DEFAULT_HERO: Hero = Hero { tier: 1, health: 1000 };

/// A fight as the input gives it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Alice's minions, then Bob's, left to right (`1..=7` each).
    pub sides: [Vec<Card>; 2],
    /// The hero fields, if written.
    pub heroes: Option<Heroes>,
}

impl Board {
    /// The board in the input format: the first line, then Alice's minions, then Bob's, each
    /// line ending in a line feed.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut text = format!("{} {}", self.sides[0].len(), self.sides[1].len());
        if let Some(Heroes { heroes, cap }) = self.heroes {
            for hero in heroes {
                text += &format!(" {} {}", hero.tier, hero.health);
            }
            if let Some(cap) = cap {
                text += &format!(" {cap}");
            }
        }
        text.push('\n');
        for side in &self.sides {
            text += &side.iter().map(Card::to_text).collect::<Vec<_>>().join(" ");
            text.push('\n');
        }
        text
    }

    /// Alice's and Bob's heroes (tier 1, health 1000 when not written).
    #[must_use]
    pub fn heroes(&self) -> [Hero; 2] {
        self.heroes.map_or([DEFAULT_HERO; 2], |h| h.heroes)
    }

    /// The damage cap, `0` for none.
    #[must_use]
    pub fn cap(&self) -> u32 {
        self.heroes.and_then(|h| h.cap).unwrap_or(0)
    }
}

// ---------------------------------------------------------------------------------------------
// The input format.

/// A refusal of the input: where (1-based line and byte column) and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line, from 1.
    pub line: u32,
    /// The byte column in the line, from 1.
    pub column: u32,
    /// What was expected and found, or which rule is broken.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// The bytes of the input with a position: `\n`, `\r\n` and a lone `\r` each end a line; a
/// leading UTF-8 byte-order mark is skipped (and not counted in the columns).
struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: u32,
    line_start: usize,
}

const fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t')
}

const fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r')
}

impl<'a> Cursor<'a> {
    fn new(input: &'a [u8]) -> Self {
        let bytes = input.strip_prefix(&[0xEF, 0xBB, 0xBF][..]).unwrap_or(input);
        Self { bytes, pos: 0, line: 1, line_start: 0 }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn at_digit(&self) -> bool {
        self.peek().is_some_and(|b| b.is_ascii_digit())
    }

    /// Whether the next byte ends a token: whitespace or the end of the input.
    fn at_token_end(&self) -> bool {
        self.peek().is_none_or(is_space)
    }

    fn bump(&mut self) {
        let Some(byte) = self.peek() else { return };
        self.pos += 1;
        if byte == b'\n' || (byte == b'\r' && self.peek() != Some(b'\n')) {
            self.line += 1;
            self.line_start = self.pos;
        }
    }

    fn position(&self) -> (u32, u32) {
        (self.line, u32::try_from(self.pos - self.line_start + 1).unwrap_or(u32::MAX))
    }

    fn error_at(at: (u32, u32), message: String) -> ParseError {
        ParseError { line: at.0, column: at.1, message }
    }

    /// The error for the next byte, which is not `expected`.
    fn expected(&self, expected: &str) -> ParseError {
        let found = match self.peek() {
            None => "end of input".to_owned(),
            Some(b'\n' | b'\r') => "end of line".to_owned(),
            Some(b' ') => "space".to_owned(),
            Some(b'\t') => "tab".to_owned(),
            Some(b) if b.is_ascii_graphic() => format!("'{}'", char::from(b)),
            Some(b) => format!("byte 0x{b:02x}"),
        };
        Self::error_at(self.position(), format!("expected {expected}, found {found}"))
    }

    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(is_blank) {
            self.bump();
        }
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(is_space) {
            self.bump();
        }
    }

    /// Consumes `byte`, or fails saying `expected`.
    fn expect(&mut self, byte: u8, expected: &str) -> Result<(), ParseError> {
        if self.peek() == Some(byte) {
            self.bump();
            Ok(())
        } else {
            Err(self.expected(expected))
        }
    }

    /// Reads the digits at the cursor as a number in `min..=max`: `expected` says what is
    /// missing when there is no digit, `what` names the number when it is out of range (the
    /// error is then at its first digit).
    fn number(&mut self, expected: &str, what: &str, min: u64, max: u64) -> Result<u64, ParseError> {
        let at = self.position();
        let start = self.pos;
        while self.at_digit() {
            self.bump();
        }
        let digits = &self.bytes[start..self.pos];
        if digits.is_empty() {
            return Err(self.expected(expected));
        }
        let value = digits.iter().try_fold(0u64, |v, &d| v.checked_mul(10)?.checked_add(u64::from(d - b'0')));
        match value {
            Some(v) if (min..=max).contains(&v) => Ok(v),
            _ => {
                let text = String::from_utf8_lossy(digits);
                Err(Self::error_at(at, format!("{what} must be in {min}..={max}, found {text}")))
            }
        }
    }

    /// A number of the first line: digits, then a blank, a line break or the end.
    fn header_number(&mut self, expected: &str, what: &str, min: u64, max: u64) -> Result<u64, ParseError> {
        let value = self.number(expected, what, min, max)?;
        if self.at_token_end() {
            Ok(value)
        } else {
            Err(self.expected(&format!("a space or the end of the line after {what}")))
        }
    }

    /// Keyword letters up to `stop` (a byte that ends them) or the end of the token.
    fn keywords(&mut self, stop: &[u8], expected: &str) -> Result<Keywords, ParseError> {
        let mut keywords = Keywords::NONE;
        loop {
            match self.peek() {
                None => return Ok(keywords),
                Some(b) if is_space(b) || stop.contains(&b) => return Ok(keywords),
                Some(b) => match Keywords::from_letter(b) {
                    Some(k) if !keywords.has(k) => {
                        keywords = keywords.with(k);
                        self.bump();
                    }
                    Some(_) => return Err(self.expected("a keyword not given yet (each at most once)")),
                    None => return Err(self.expected(expected)),
                },
            }
        }
    }
}

/// How errors name each side's things.
const SIDE_NAMES: [&str; 2] = ["Alice's", "Bob's"];

/// Reads a board in the input format of `battle-game.md`:
/// `n m [alice_tier alice_health bob_tier bob_health [cap]]` on the first line (the hero
/// fields are what follows `n m` on that line: none, four or five), then the `n + m` minion
/// tokens, separated by whitespace (line breaks included), then nothing but whitespace.
///
/// # Errors
/// The first thing that breaks the format or a range, with its line and column.
pub fn parse(input: &[u8]) -> Result<Board, ParseError> {
    let mut cursor = Cursor::new(input);
    cursor.skip_whitespace();
    let mut counts = [0usize; 2];
    for (side, count) in counts.iter_mut().enumerate() {
        if side == 1 {
            cursor.skip_blanks();
        }
        let what = format!("the number of {} minions", SIDE_NAMES[side]);
        let value = cursor.header_number(&what, &what, 1, MAX_MINIONS as u64)?;
        *count = usize::try_from(value).unwrap_or(MAX_MINIONS);
    }
    cursor.skip_blanks();
    let mut heroes = None;
    let mut next = "Alice's hero tier or the end of the line";
    if cursor.at_digit() {
        let mut read = [Hero { tier: 1, health: 1 }; 2];
        for (side, hero) in read.iter_mut().enumerate() {
            if side == 1 {
                cursor.skip_blanks();
            }
            let what = format!("the tier of {} hero", SIDE_NAMES[side]);
            let tier = cursor.header_number(&what, &what, 1, MAX_TIER.into())?;
            cursor.skip_blanks();
            let what = format!("the health of {} hero", SIDE_NAMES[side]);
            let health = cursor.header_number(&what, &what, 1, MAX_HERO_HEALTH.into())?;
            *hero = Hero { tier: u8::try_from(tier).unwrap_or(MAX_TIER), health: u32::try_from(health).unwrap_or(0) };
        }
        cursor.skip_blanks();
        next = "the damage cap or the end of the line";
        let mut cap = None;
        if cursor.at_digit() {
            let what = "the damage cap";
            let value = cursor.header_number(what, what, 0, MAX_CAP.into())?;
            cap = Some(u32::try_from(value).unwrap_or(0));
            cursor.skip_blanks();
            next = "the end of the line";
        }
        heroes = Some(Heroes { heroes: read, cap });
    }
    if !matches!(cursor.peek(), None | Some(b'\n' | b'\r')) {
        return Err(cursor.expected(next));
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (side, cards) in sides.iter_mut().enumerate() {
        for _ in 0..counts[side] {
            cursor.skip_whitespace();
            cards.push(card(&mut cursor, SIDE_NAMES[side])?);
        }
    }
    cursor.skip_whitespace();
    if cursor.peek().is_some() {
        return Err(cursor.expected("end of input"));
    }
    Ok(Board { sides, heroes })
}

/// Reads one minion token of `owner`'s (`Alice's`): `A/H`, keywords, `@TIER`, effects.
fn card(cursor: &mut Cursor<'_>, owner: &str) -> Result<Card, ParseError> {
    let attack = cursor.number(
        &format!("a minion of {owner} (attack/health, keywords, @tier, effects)"),
        &format!("the attack of {owner} minion"),
        0,
        MAX_VALUE,
    )?;
    cursor.expect(b'/', "'/' and the health after the attack")?;
    let health = cursor.number("the health after '/'", &format!("the health of {owner} minion"), 1, MAX_VALUE)?;
    let keywords =
        cursor.keywords(b"@!", "a keyword (T, D, P, V, W, R, S, C), '@', '!' or a space after the minion")?;
    let mut card = Card { attack, health, keywords, ..Card::plain(0, 1) };
    if cursor.peek() == Some(b'@') {
        cursor.bump();
        let tier = cursor.number("the tier after '@'", &format!("the tier of {owner} minion"), 1, MAX_TIER.into())?;
        card.tier = u8::try_from(tier).unwrap_or(MAX_TIER);
        if !cursor.at_token_end() && cursor.peek() != Some(b'!') {
            return Err(cursor.expected("'!' or a space after the tier"));
        }
    }
    while cursor.peek() == Some(b'!') {
        let at = cursor.position();
        cursor.bump();
        let twice = |kind: &str| {
            Cursor::error_at(at, format!("a second {kind} effect: a minion has at most one effect of each kind"))
        };
        match cursor.peek() {
            Some(b's') => {
                if card.summon.is_some() {
                    return Err(twice("summon (!s)"));
                }
                cursor.bump();
                let count = cursor.number(
                    "the number of tokens after '!s'",
                    "the number of tokens of a deathrattle",
                    1,
                    MAX_COPIES.into(),
                )?;
                cursor.expect(b'x', "'x' and the token after the number of tokens")?;
                let attack = cursor.number("the token's attack after 'x'", "the attack of a token", 0, MAX_VALUE)?;
                cursor.expect(b'/', "'/' and the token's health after its attack")?;
                let health = cursor.number("the token's health after '/'", "the health of a token", 1, MAX_VALUE)?;
                let keywords =
                    cursor.keywords(b"!", "a keyword of the token (T, D, P, V, W, R, S, C), '!' or a space")?;
                let count = u8::try_from(count).unwrap_or(MAX_COPIES);
                card.summon = Some(Summon { count, token: Token { attack, health, keywords } });
            }
            Some(b'r') => {
                if card.reborn_as.is_some() {
                    return Err(twice("reborn-as (!r)"));
                }
                if !card.keywords.has(Keywords::REBORN) {
                    return Err(Cursor::error_at(at, "reborn as (!r) is only for a minion with R (reborn)".to_owned()));
                }
                cursor.bump();
                let attack = cursor.number("the attack after '!r'", "the attack of a reborn copy", 0, MAX_VALUE)?;
                let keywords =
                    cursor.keywords(b"!", "a keyword of the reborn copy (T, D, P, V, W, R, S, C), '!' or a space")?;
                card.reborn_as = Some(RebornAs { attack, keywords });
            }
            Some(b'c') => {
                if card.shots.is_some() {
                    return Err(twice("start-of-combat (!c)"));
                }
                cursor.bump();
                let damage =
                    cursor.number("the damage after '!c'", "the damage of a start-of-combat shot", 1, MAX_VALUE)?;
                let mut times = 1;
                let mut next = "'x' and the number of shots, '!' or a space after the damage";
                if cursor.peek() == Some(b'x') {
                    cursor.bump();
                    times = cursor.number(
                        "the number of shots after 'x'",
                        "the number of start-of-combat shots",
                        1,
                        MAX_COPIES.into(),
                    )?;
                    next = "'!' or a space after the number of shots";
                }
                if !cursor.at_token_end() && cursor.peek() != Some(b'!') {
                    return Err(cursor.expected(next));
                }
                card.shots = Some(Shots { damage, times: u8::try_from(times).unwrap_or(MAX_COPIES) });
            }
            _ => return Err(cursor.expected("an effect after '!' (s: summon, r: reborn as, c: start of combat)")),
        }
    }
    Ok(card)
}

// ---------------------------------------------------------------------------------------------
// Exact fractions.

/// A natural number, base `2^32`, least significant limb first, no high zero limb.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Nat(Vec<u32>);

impl Nat {
    fn from_u64(value: u64) -> Self {
        let mut limbs = vec![value as u32, (value >> 32) as u32];
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        Self(limbs)
    }

    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn mul_small(&mut self, k: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(k) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
        if k == 0 {
            self.0.clear();
        }
    }

    /// Divides by `k > 0` in place; returns the remainder.
    fn div_small(&mut self, k: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let v = rem << 32 | u64::from(*limb);
            *limb = (v / u64::from(k)) as u32;
            rem = v % u64::from(k);
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        rem as u32
    }

    fn rem_small(&self, k: u32) -> u32 {
        self.0.iter().rev().fold(0u64, |rem, &limb| (rem << 32 | u64::from(limb)) % u64::from(k)) as u32
    }

    fn add(&self, other: &Self) -> Self {
        let len = self.0.len().max(other.0.len());
        let mut limbs = Vec::with_capacity(len + 1);
        let mut carry = 0u64;
        for i in 0..len {
            let v = u64::from(self.0.get(i).copied().unwrap_or(0)) + u64::from(other.0.get(i).copied().unwrap_or(0));
            let v = v + carry;
            limbs.push(v as u32);
            carry = v >> 32;
        }
        if carry > 0 {
            limbs.push(carry as u32);
        }
        Self(limbs)
    }

    fn to_u64(&self) -> Option<u64> {
        match self.0.as_slice() {
            [] => Some(0),
            [low] => Some(u64::from(*low)),
            [low, high] => Some(u64::from(*high) << 32 | u64::from(*low)),
            _ => None,
        }
    }

    fn decimal(&self) -> String {
        let mut rest = self.clone();
        let mut chunks = Vec::new();
        while !rest.is_zero() {
            chunks.push(rest.div_small(1_000_000_000));
        }
        let Some(top) = chunks.pop() else { return "0".to_owned() };
        let mut text = top.to_string();
        for chunk in chunks.iter().rev() {
            text += &format!("{chunk:09}");
        }
        text
    }
}

/// The primes of every denominator.
const PRIMES: [u32; 4] = [2, 3, 5, 7];

/// An exact non-negative fraction `num / (2^e₂·3^e₃·5^e₅·7^e₇)`, in lowest terms (zero is
/// `0` over `1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fraction {
    num: Nat,
    exps: [u32; 4],
}

impl Fraction {
    /// `0`.
    #[must_use]
    pub fn zero() -> Self {
        Self { num: Nat::default(), exps: [0; 4] }
    }

    /// `1`.
    #[must_use]
    pub fn one() -> Self {
        Self { num: Nat::from_u64(1), exps: [0; 4] }
    }

    /// Whether it is `0`.
    #[must_use]
    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// `self / k`, `k ≥ 1` a product of 2, 3, 5 and 7.
    ///
    /// # Panics
    /// If `k` has another prime factor.
    #[must_use]
    pub fn over(&self, k: u32) -> Self {
        let mut out = self.clone();
        let mut k = k;
        for (e, p) in out.exps.iter_mut().zip(PRIMES) {
            while k > 0 && k.is_multiple_of(p) {
                k /= p;
                *e += 1;
            }
        }
        assert_eq!(k, 1, "a denominator of primes 2, 3, 5, 7 only");
        out.reduce();
        out
    }

    /// `self + other`.
    #[must_use]
    pub fn plus(&self, other: &Self) -> Self {
        let (mut a, mut b) = (self.num.clone(), other.num.clone());
        let mut exps = [0; 4];
        for i in 0..4 {
            exps[i] = self.exps[i].max(other.exps[i]);
            for _ in self.exps[i]..exps[i] {
                a.mul_small(PRIMES[i]);
            }
            for _ in other.exps[i]..exps[i] {
                b.mul_small(PRIMES[i]);
            }
        }
        let mut sum = Self { num: a.add(&b), exps };
        sum.reduce();
        sum
    }

    fn reduce(&mut self) {
        if self.num.is_zero() {
            self.exps = [0; 4];
            return;
        }
        for (e, p) in self.exps.iter_mut().zip(PRIMES) {
            while *e > 0 && self.num.rem_small(p) == 0 {
                self.num.div_small(p);
                *e -= 1;
            }
        }
    }

    fn denominator(&self) -> Nat {
        let mut den = Nat::from_u64(1);
        for (&e, p) in self.exps.iter().zip(PRIMES) {
            for _ in 0..e {
                den.mul_small(p);
            }
        }
        den
    }

    /// `p/q` in lowest terms (`0/1`, `1/1`).
    #[must_use]
    pub fn exact(&self) -> String {
        format!("{}/{}", self.num.decimal(), self.denominator().decimal())
    }

    /// The value with 12 decimals, rounded to nearest, ties away from zero
    /// (`⌊(2·num·10^12 + den) / (2·den)⌋`, the division one prime at a time).
    ///
    /// # Panics
    /// If the value is `2^64 / 10^12` or more (probabilities are at most 1).
    #[must_use]
    pub fn decimal(&self) -> String {
        let mut x = self.num.clone();
        for _ in 0..12 {
            x.mul_small(10);
        }
        x.mul_small(2);
        let mut x = x.add(&self.denominator());
        x.div_small(2);
        for (&e, p) in self.exps.iter().zip(PRIMES) {
            for _ in 0..e {
                x.div_small(p);
            }
        }
        let scaled = x.to_u64().expect("a probability");
        format!("{}.{:012}", scaled / 1_000_000_000_000, scaled % 1_000_000_000_000)
    }
}

// ---------------------------------------------------------------------------------------------
// The fight.

/// A minion's mark in its side's attack cycle (rule 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Mark {
    None,
    Passed,
    Attacked,
}

/// A minion in the fight.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Unit {
    attack: u64,
    health: i64,
    /// The keywords it has now (a popped shield, a spent venom and lost stealth are gone).
    keywords: Keywords,
    tier: u8,
    summon: Option<Summon>,
    /// With `R`: the attack and keywords (without `R`) of its reborn copy; else `None`.
    reborn_as: Option<(u64, Keywords)>,
    mark: Mark,
    /// Killed by poison or venom, until the deaths are resolved.
    poisoned: bool,
    /// Start-of-combat shots still to fire (only the input's minions, only during the start
    /// of combat: `None` in every remembered state).
    shots: Option<Shots>,
}

fn signed(value: u64) -> i64 {
    i64::try_from(value).expect("values are at most 10^9")
}

impl Unit {
    fn from_card(card: &Card) -> Self {
        let reborn_as = card.keywords.has(Keywords::REBORN).then(|| {
            let RebornAs { attack, keywords } =
                card.reborn_as.unwrap_or(RebornAs { attack: card.attack, keywords: card.keywords });
            (attack, keywords.without(Keywords::REBORN))
        });
        Self {
            attack: card.attack,
            health: signed(card.health),
            keywords: card.keywords,
            tier: card.tier,
            summon: card.summon,
            reborn_as,
            mark: Mark::None,
            poisoned: false,
            shots: card.shots,
        }
    }

    /// A summoned token: tier 1, no effect; with `R` it returns once as itself.
    fn token(token: &Token) -> Self {
        let reborn_as =
            token.keywords.has(Keywords::REBORN).then_some((token.attack, token.keywords.without(Keywords::REBORN)));
        Self {
            attack: token.attack,
            health: signed(token.health),
            keywords: token.keywords,
            tier: 1,
            summon: None,
            reborn_as,
            mark: Mark::None,
            poisoned: false,
            shots: None,
        }
    }

    /// The reborn copy of this (dead, reborn) minion: its reborn-as attack and keywords, 1
    /// health, no reborn; its tier and deathrattle; no start-of-combat effect.
    fn reborn_copy(&self) -> Self {
        let (attack, keywords) = self.reborn_as.expect("a reborn minion knows what it returns as");
        Self {
            attack,
            health: 1,
            keywords: keywords.without(Keywords::REBORN),
            tier: self.tier,
            summon: self.summon,
            reborn_as: None,
            mark: Mark::None,
            poisoned: false,
            shots: None,
        }
    }

    fn has(&self, k: Keywords) -> bool {
        self.keywords.has(k)
    }

    fn dead(&self) -> bool {
        self.health <= 0 || self.poisoned
    }

    /// Takes `damage` (rule 6): nothing from 0; a shield absorbs it and is lost; else the
    /// health drops, and `poison` kills. Returns whether it was damaged (`> 0`, after shields).
    fn take(&mut self, damage: u64, poison: bool) -> bool {
        if damage == 0 {
            return false;
        }
        if self.has(Keywords::SHIELD) {
            self.keywords = self.keywords.without(Keywords::SHIELD);
            return false;
        }
        self.health -= signed(damage);
        if poison {
            self.poisoned = true;
        }
        true
    }
}

type Sides = [Vec<Unit>; 2];

/// How a fight ends: a side wins with a hero damage, or a tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum End {
    Won { side: usize, damage: u64 },
    Tie,
}

/// The exact distribution of the ends.
type Dist = BTreeMap<End, Fraction>;

fn certain(end: End) -> Dist {
    BTreeMap::from([(end, Fraction::one())])
}

fn add_into(total: &mut Dist, dist: &Dist) {
    for (end, p) in dist {
        let sum = total.get(end).map_or_else(|| p.clone(), |q| q.plus(p));
        total.insert(*end, sum);
    }
}

/// Each probability of `dist` divided by `k`.
fn scaled(dist: &Dist, k: usize) -> Dist {
    let k = u32::try_from(k).expect("a small count");
    dist.iter().map(|(end, p)| (*end, p.over(k))).collect()
}

/// Removes the dead of both sides, then the deathrattles and the reborn copies (rules 7 and
/// 4). Returns where the minion at `follow` (side, index) is now, if it lived.
fn resolve_deaths(sides: &mut Sides, follow: Option<(usize, usize)>) -> Option<usize> {
    let mut followed = None;
    for (s, side) in sides.iter_mut().enumerate() {
        if !side.iter().any(Unit::dead) {
            if let Some((_, i)) = follow.filter(|&(fs, _)| fs == s) {
                followed = Some(i);
            }
            continue;
        }
        let old = std::mem::take(side);
        let mut count = old.iter().filter(|u| !u.dead()).count();
        // What each dead minion summons into its slot: its tokens, then its copy.
        let mut summoned: Vec<Vec<Unit>> = vec![Vec::new(); old.len()];
        for (i, unit) in old.iter().enumerate() {
            if let (true, Some(summon)) = (unit.dead(), unit.summon) {
                for _ in 0..summon.count {
                    if count < MAX_MINIONS {
                        summoned[i].push(Unit::token(&summon.token));
                        count += 1;
                    }
                }
            }
        }
        for (i, unit) in old.iter().enumerate() {
            if unit.dead() && unit.has(Keywords::REBORN) && count < MAX_MINIONS {
                summoned[i].push(unit.reborn_copy());
                count += 1;
            }
        }
        // The new side; for each summoned minion, the mark of the dead minion of its slot.
        let mut new = Vec::with_capacity(count);
        let mut slot_marks: Vec<Option<Mark>> = Vec::with_capacity(count);
        for (i, (unit, summoned)) in old.into_iter().zip(summoned).enumerate() {
            if unit.dead() {
                for minion in summoned {
                    new.push(minion);
                    slot_marks.push(Some(unit.mark));
                }
            } else {
                if follow == Some((s, i)) {
                    followed = Some(new.len());
                }
                new.push(unit);
                slot_marks.push(None);
            }
        }
        // Rule 4: *attacked* in the slot of a *passed* minion, else the mark of the minion just
        // to the right of the slot's summoned minions (which may have been summoned into the
        // next slot: right to left, its mark is set already), none at the right end.
        for i in (0..new.len()).rev() {
            if let Some(dead_mark) = slot_marks[i] {
                new[i].mark = if dead_mark == Mark::Passed {
                    Mark::Attacked
                } else {
                    new.get(i + 1).map_or(Mark::None, |right| right.mark)
                };
            }
        }
        *side = new;
    }
    followed
}

/// The key of a remembered state: the side to move and both boards, marks and all.
type Key = (usize, Sides);

/// The memo's hasher (rotate, xor, multiply per word, as rustc's `FxHasher`): the keys are the
/// reference's own states, which need no defence against chosen collisions.
#[derive(Default)]
struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.write_u64(u64::from(value));
    }

    fn write_u32(&mut self, value: u32) {
        self.write_u64(u64::from(value));
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }
}

/// The search: the heroes and the cap, and the states solved (`None` while one is being
/// solved, so that a fight coming back to a state it is in is caught, not looped), at most
/// `max_states` of them (past that, `exceeded` and the search unwinds with a meaningless
/// answer).
struct Search {
    heroes: [Hero; 2],
    cap: u32,
    memo: HashMap<Key, Option<Dist>, BuildHasherDefault<FastHasher>>,
    max_states: usize,
    exceeded: bool,
    /// The turns being played (the recursion's depth), at most [`MAX_TURNS`].
    depth: usize,
}

/// The longest fight the search plays out (one recursion level per turn, each a few KiB of
/// stack in a debug build, on the search's own thread of 1 GiB).
pub const MAX_TURNS: usize = 100_000;

/// The stack of the search's thread (reserved, touched only as deep as the fight goes).
const STACK_BYTES: usize = 1 << 30;

impl Search {
    /// The end, if a side has no minion (rule 8), with the winner's hero damage (rule 9).
    fn over(&self, sides: &Sides) -> Option<Dist> {
        let winner = match (sides[0].is_empty(), sides[1].is_empty()) {
            (false, false) => return None,
            (true, true) => return Some(certain(End::Tie)),
            (false, true) => 0,
            (true, false) => 1,
        };
        let mut damage =
            u64::from(self.heroes[winner].tier) + sides[winner].iter().map(|u| u64::from(u.tier)).sum::<u64>();
        if self.cap != 0 {
            damage = damage.min(u64::from(self.cap));
        }
        Some(certain(End::Won { side: winner, damage }))
    }

    /// The start of combat (rule 2): `order[stage..]` are the sides still to fire; each of
    /// their minions with shots left fires, left to right, one shot at a time; then the first
    /// turn, `mover`'s.
    fn start_of_combat(&mut self, sides: Sides, order: [usize; 2], stage: usize, mover: usize) -> Dist {
        if let Some(end) = self.over(&sides) {
            return end;
        }
        let Some(&side) = order.get(stage) else {
            assert!(sides.iter().flatten().all(|u| u.shots.is_none()), "every shooter has fired");
            return self.turn(&sides, mover);
        };
        let Some(shooter) = sides[side].iter().position(|u| u.shots.is_some()) else {
            return self.start_of_combat(sides, order, stage + 1, mover);
        };
        let mut sides = sides;
        let Some(Shots { damage, times }) = sides[side][shooter].shots else { unreachable!("a shooter") };
        sides[side][shooter].shots = (times > 1).then_some(Shots { damage, times: times - 1 });
        let targets = sides[1 - side].len();
        let mut total = Dist::new();
        for target in 0..targets {
            let mut next = sides.clone();
            next[1 - side][target].take(damage, false);
            resolve_deaths(&mut next, None);
            add_into(&mut total, &self.start_of_combat(next, order, stage, mover));
        }
        scaled(&total, targets)
    }

    /// The fight from the start of `mover`'s turn.
    fn turn(&mut self, sides: &Sides, mover: usize) -> Dist {
        if let Some(end) = self.over(sides) {
            return end;
        }
        if self.exceeded || self.memo.len() >= self.max_states {
            self.exceeded = true;
            return certain(End::Tie);
        }
        let key = (mover, sides.clone());
        match self.memo.get(&key) {
            Some(Some(known)) => return known.clone(),
            Some(None) => panic!("the fight came back to a state it is in: {sides:?}, {mover} to move"),
            None => {}
        }
        assert!(self.depth < MAX_TURNS, "a fight longer than {MAX_TURNS} turns: beyond this brute force");
        self.memo.insert(key.clone(), None);
        self.depth += 1;
        let dist = self.play_turn(sides.clone(), mover);
        self.depth -= 1;
        self.memo.insert(key, Some(dist.clone()));
        dist
    }

    fn play_turn(&mut self, mut sides: Sides, mover: usize) -> Dist {
        // Rule 5, before each turn: a side all stealthed and all of attack 0 loses its stealth;
        // then if every minion is stealthed, all stealth is lost.
        for side in &mut sides {
            if side.iter().all(|u| u.has(Keywords::STEALTH) && u.attack == 0) {
                for unit in side.iter_mut() {
                    unit.keywords = unit.keywords.without(Keywords::STEALTH);
                }
            }
        }
        if sides.iter().flatten().all(|u| u.has(Keywords::STEALTH)) {
            for unit in sides.iter_mut().flatten() {
                unit.keywords = unit.keywords.without(Keywords::STEALTH);
            }
        }
        // Rule 3: the attacker, or a pass, or a standoff.
        let can_attack = |u: &Unit| u.attack > 0;
        if !sides[mover].iter().any(can_attack) {
            if !sides[1 - mover].iter().any(can_attack) {
                return certain(End::Tie);
            }
            return self.turn(&sides, 1 - mover);
        }
        let side = &mut sides[mover];
        let attacker = if let Some(a) = side.iter().position(|u| can_attack(u) && u.mark == Mark::None) {
            a
        } else {
            for unit in side.iter_mut() {
                unit.mark = Mark::None;
            }
            side.iter().position(can_attack).expect("a minion with attack")
        };
        for unit in &mut side[..attacker] {
            unit.mark = Mark::Passed;
        }
        self.swing(sides, mover, attacker, true)
    }

    /// A swing of `side`'s minion at `a` (its first when `first`), then its second (windfury)
    /// or the other side's turn.
    fn swing(&mut self, sides: Sides, side: usize, a: usize, first: bool) -> Dist {
        let enemy = &sides[1 - side];
        let visible: Vec<usize> = (0..enemy.len()).filter(|&i| !enemy[i].has(Keywords::STEALTH)).collect();
        let taunts: Vec<usize> = visible.iter().copied().filter(|&i| enemy[i].has(Keywords::TAUNT)).collect();
        let targets = if taunts.is_empty() { visible } else { taunts };
        if targets.is_empty() {
            // Rule 5: every enemy stealthed, no swing; the attacker is still marked.
            let mut sides = sides;
            sides[side][a].mark = Mark::Attacked;
            return self.turn(&sides, 1 - side);
        }
        let mut total = Dist::new();
        for &t in &targets {
            let mut next = sides.clone();
            exchange(&mut next, side, a, t);
            let attacker = resolve_deaths(&mut next, Some((side, a)));
            let dist = if let Some(end) = self.over(&next) {
                end
            } else {
                match attacker {
                    Some(at) if first && next[side][at].has(Keywords::WINDFURY) => self.swing(next, side, at, false),
                    Some(at) => {
                        next[side][at].mark = Mark::Attacked;
                        self.turn(&next, 1 - side)
                    }
                    None => self.turn(&next, 1 - side),
                }
            };
            add_into(&mut total, &dist);
        }
        scaled(&total, targets.len())
    }
}

/// One swing (rule 6) of `side`'s minion at `a` against the enemy at `t`: the attacker loses
/// its stealth; attacker and target hit each other at once; a cleaver also hits the target's
/// neighbours (taken before the exchange), which hit nothing back. Deaths are not resolved.
fn exchange(sides: &mut Sides, side: usize, a: usize, t: usize) {
    sides[side][a].keywords = sides[side][a].keywords.without(Keywords::STEALTH);
    let attacker = sides[side][a].clone();
    let target = sides[1 - side][t].clone();
    let neighbours: Vec<usize> = if attacker.has(Keywords::CLEAVE) {
        [t.checked_sub(1), Some(t + 1)].into_iter().flatten().filter(|&n| n < sides[1 - side].len()).collect()
    } else {
        Vec::new()
    };
    let toxic = |u: &Unit| u.has(Keywords::POISONOUS) || u.has(Keywords::VENOMOUS);
    if sides[1 - side][t].take(attacker.attack, toxic(&attacker)) && attacker.has(Keywords::VENOMOUS) {
        sides[side][a].keywords = sides[side][a].keywords.without(Keywords::VENOMOUS);
    }
    if sides[side][a].take(target.attack, toxic(&target)) && target.has(Keywords::VENOMOUS) {
        sides[1 - side][t].keywords = sides[1 - side][t].keywords.without(Keywords::VENOMOUS);
    }
    for n in neighbours {
        sides[1 - side][n].take(attacker.attack, attacker.has(Keywords::POISONOUS));
    }
}

/// The exact answer of a board: the three outcomes, each hero's death, and the distribution of
/// the damage to each hero.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// P(Alice wins), P(Bob wins), P(tie).
    pub outcomes: [Fraction; 3],
    /// P(Alice's hero dies), P(Bob's hero dies).
    pub dies: [Fraction; 2],
    /// For Alice's hero, then Bob's: P(damage `D`) for every `D ≥ 1` of positive probability.
    pub damage: [BTreeMap<u64, Fraction>; 2],
}

impl Answer {
    /// The output text of `battle-game.md`: the three outcome lines, `alice dies`, `bob dies`,
    /// then `damage to alice D P` and `damage to bob D P` by increasing `D`; each `P` with 12
    /// decimals, or an irreducible fraction when `exact`.
    #[must_use]
    pub fn to_output(&self, exact: bool) -> String {
        let form = |p: &Fraction| if exact { p.exact() } else { p.decimal() };
        let mut out = String::new();
        for p in &self.outcomes {
            out += &form(p);
            out.push('\n');
        }
        for (name, p) in ["alice", "bob"].iter().zip(&self.dies) {
            out += &format!("{name} dies {}\n", form(p));
        }
        for (name, damage) in ["alice", "bob"].iter().zip(&self.damage) {
            for (d, p) in damage {
                if *d >= 1 && !p.is_zero() {
                    out += &format!("damage to {name} {d} {}\n", form(p));
                }
            }
        }
        out
    }
}

/// The exact answer of `board` under the game's rules.
///
/// # Panics
/// If a side is empty, or a fight comes back to a state it is in (the rules say none does).
#[must_use]
pub fn solve(board: &Board) -> Answer {
    solve_within(board, usize::MAX).expect("no bound on the states")
}

/// As [`solve`], or `None` if the search would remember more than `max_states` states of
/// the fight (the start of a turn): for random tests, which skip the boards too big for a
/// brute force. The search runs on a thread of its own, with a stack for [`MAX_TURNS`].
///
/// # Panics
/// As [`solve`]; also if the fight is longer than [`MAX_TURNS`] turns.
#[must_use]
pub fn solve_within(board: &Board, max_states: usize) -> Option<Answer> {
    let board = board.clone();
    let search = std::thread::Builder::new()
        .name("battle-game reference".to_owned())
        .stack_size(STACK_BYTES)
        .spawn(move || search(&board, max_states))
        .expect("a thread for the search");
    search.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// [`solve_within`] on the caller's thread.
fn search(board: &Board, max_states: usize) -> Option<Answer> {
    assert!(board.sides.iter().all(|s| !s.is_empty()), "a side without minions");
    let mut search = Search {
        heroes: board.heroes(),
        cap: board.cap(),
        memo: HashMap::default(),
        max_states,
        exceeded: false,
        depth: 0,
    };
    let sides: Sides = [0, 1].map(|s| board.sides[s].iter().map(Unit::from_card).collect());
    // Rule 1: more minions starts, equal counts a coin; rule 2: a coin for who fires first.
    let movers: &[usize] = match board.sides[0].len().cmp(&board.sides[1].len()) {
        std::cmp::Ordering::Greater => &[0],
        std::cmp::Ordering::Less => &[1],
        std::cmp::Ordering::Equal => &[0, 1],
    };
    let mut total = Dist::new();
    for first_to_fire in [0, 1] {
        for &mover in movers {
            let dist = search.start_of_combat(sides.clone(), [first_to_fire, 1 - first_to_fire], 0, mover);
            add_into(&mut total, &dist);
        }
    }
    if search.exceeded {
        return None;
    }
    let total = scaled(&total, 2 * movers.len());
    let heroes = board.heroes();
    let mut answer = Answer {
        outcomes: [Fraction::zero(), Fraction::zero(), Fraction::zero()],
        dies: [Fraction::zero(), Fraction::zero()],
        damage: [BTreeMap::new(), BTreeMap::new()],
    };
    for (end, p) in &total {
        match *end {
            End::Tie => answer.outcomes[2] = answer.outcomes[2].plus(p),
            End::Won { side, damage } => {
                let loser = 1 - side;
                answer.outcomes[side] = answer.outcomes[side].plus(p);
                let before = answer.damage[loser].get(&damage).cloned().unwrap_or_else(Fraction::zero);
                answer.damage[loser].insert(damage, before.plus(p));
                if damage >= u64::from(heroes[loser].health) {
                    answer.dies[loser] = answer.dies[loser].plus(p);
                }
            }
        }
    }
    let sum = answer.outcomes.iter().fold(Fraction::zero(), |s, p| s.plus(p));
    assert_eq!(sum, Fraction::one(), "the outcomes sum to one");
    Some(answer)
}

// ---------------------------------------------------------------------------------------------
// Random boards.

fn random_keywords(rng: &mut Rng, percent: u64, allowed: Keywords) -> Keywords {
    let mut keywords = Keywords::NONE;
    for letter in LETTERS {
        let k = Keywords::from_letter(letter).unwrap_or(Keywords::NONE);
        if allowed.has(k) && rng.range(1, 100) <= percent {
            keywords = keywords.with(k);
        }
    }
    keywords
}

/// A random legal board: `1..=max_minions` minions a side (at most 7), attacks `0..=max_stat`,
/// healths and start-of-combat damage `1..=max_stat` (at most `10^9`), every keyword and every
/// effect (deathrattle tokens with keywords, reborn as, start of combat) on some minions,
/// `1..=max_copies` tokens or shots per effect (at most 7), tiers, and hero fields (with or
/// without a cap) on some boards.
///
/// # Panics
/// If a bound is 0.
#[must_use]
pub fn random_board(rng: &mut Rng, max_minions: usize, max_stat: u64, max_copies: u8) -> Board {
    let max_minions = max_minions.clamp(1, MAX_MINIONS) as u64;
    let max_stat = max_stat.clamp(1, MAX_VALUE);
    let max_copies = u64::from(max_copies.clamp(1, MAX_COPIES));
    let all = Keywords::from_bits(u8::MAX);
    let small = |rng: &mut Rng, max: u64| u8::try_from(rng.range(1, max)).unwrap_or(1);
    let card = |rng: &mut Rng| {
        let keywords = random_keywords(rng, 20, all);
        let tier = if rng.range(0, 1) == 0 { 1 } else { small(rng, MAX_TIER.into()) };
        let summon = (rng.range(1, 100) <= 25).then(|| Summon {
            count: small(rng, max_copies),
            token: Token {
                attack: rng.range(0, max_stat),
                health: rng.range(1, max_stat),
                keywords: random_keywords(rng, 15, all),
            },
        });
        let reborn_as = (keywords.has(Keywords::REBORN) && rng.range(0, 1) == 0).then(|| RebornAs {
            attack: rng.range(0, max_stat),
            keywords: random_keywords(rng, 15, all.without(Keywords::REBORN)),
        });
        let shots =
            (rng.range(1, 100) <= 15).then(|| Shots { damage: rng.range(1, max_stat), times: small(rng, max_copies) });
        Card {
            attack: rng.range(0, max_stat),
            health: rng.range(1, max_stat),
            keywords,
            tier,
            summon,
            reborn_as,
            shots,
        }
    };
    let sides = [0, 1].map(|_| (0..rng.range(1, max_minions)).map(|_| card(rng)).collect());
    let heroes = (rng.range(1, 100) <= 60).then(|| {
        let hero = |rng: &mut Rng| Hero {
            tier: small(rng, MAX_TIER.into()),
            health: u32::try_from(if rng.range(0, 9) == 0 { rng.range(1, 1000) } else { rng.range(1, 40) })
                .unwrap_or(1),
        };
        let heroes = [hero(rng), hero(rng)];
        let cap = match rng.range(0, 3) {
            0 => None,
            1 => Some(0),
            2 => Some(rng.range(1, 20)),
            _ => Some(rng.range(0, u64::from(MAX_CAP))),
        };
        Heroes { heroes, cap: cap.map(|c| u32::try_from(c).unwrap_or(0)) }
    });
    Board { sides, heroes }
}
