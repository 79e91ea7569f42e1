//! `standings`: the ranked standings of a real Swiss event, exact: players who drop, the MTR's
//! 33/100 floor or the contest's 1/3, and an order decided on exact fractions.
//!
//! This is the [`swiss`](crate::swiss) model grown to what the people who run events need
//! (same [`MatchResult`], same [`RoundError`], same integer scheme): the rounds are recorded
//! one match, bye or loss at a time, and after any round [`Event::rank`] gives the ranked
//! table.
//!
//! # The rules
//! For each player after the rounds recorded so far, counting the `k` rounds he took part in
//! (a match, a bye or a loss without opponent; a dropped player's `k` stops at his last round,
//! a late entrant's starts at his first):
//! - `MP`: 3 per match won, 1 per drawn match, 0 per loss; a match is won by the player with
//!   more game wins ([`MatchResult`]: every result of the MTR); a bye is a won match (2-0: 6
//!   game points, 2 games), a loss without opponent a lost one (0-2: 0 game points, 2 games);
//! - `MW = max(MP / 3k, floor)`, `GW = max(GP / 3G, floor)` with `GP` game points (3 per game
//!   won, 1 per game drawn) and `G` games played (`GW = floor` while `G = 0`: only `0-0-0`
//!   draws);
//! - `OMW`, `OGW`: the averages of the opponents' `MW` and `GW`, one entry per match played (a
//!   repeated opponent counts each time, a bye or a loss without opponent gives none), every
//!   opponent taken as he is now (after his last round if he dropped); the floor without any
//!   opponent;
//! - `floor` is [`Profile::floor`]: `33/100` for [`Profile::Mtr`] (the Magic: The Gathering
//!   Tournament Rules, Appendix C), `1/3` for [`Profile::Contest`] (as [`swiss`](crate::swiss)).
//!
//! Players are ranked by `MP`, `OMW`, `GW`, `OGW`, each higher first, compared exactly; players
//! equal on all four share a rank (1, 2, 2, 4) and keep the order of their ids.
//!
//! # How it is computed with small integers
//! Write `c = 300·floor` (`99` or `100`). After round `r` every `k ≤ r` and `G ≤ 6k ≤ 6r` (a
//! match is at most 6 games: `2-1-3`), so with `L₁ = lcm(1..=r)` and `L₂ = lcm(1..=6r)`:
//! - `MW_j = max(100·MP_j, c·k_j) / (300·k_j)` and `OMW = A / (300·L₁·m)` over the `m` matches,
//!   `A = Σ max(100·MP_j, c·k_j)·(L₁/k_j)`;
//! - `GW = B / (300·G)`, `B = max(100·GP, c·G)`;
//! - `OGW = C / (300·L₂·m)`, `C = Σ max(100·GP_j, c·G_j)·(L₂/G_j)`.
//!
//! (No opponent: `A = c·L₁`, `C = c·L₂`, `m = 1`; no game played: `B = c`, `G = 1`.) Two
//! players compare by cross products: `A_i·m_j` against `A_j·m_i`, `B_i·G_j` against
//! `B_j·G_i`, `C_i·m_j` against `C_j·m_i`. One reduction per printed value gives lowest terms.
//!
//! # Why nothing overflows up to [`MAX_ROUNDS`]
//! Each `MW_j`, `GW_j ≤ 1` (`MP ≤ 3k`, `GP ≤ 3G`), so every term of `A` is at most `300·L₁`
//! and every term of `C` at most `300·L₂`; `m ≤ k ≤ r`. Hence `A·m ≤ 300·r²·L₁` and
//! `C·m ≤ 300·r²·L₂`, the largest numbers formed (the denominators `300·L·m` are smaller).
//! `300·r²·lcm(1..=r)` fits a `u64` up to `r = 26` (52.3 bits; [`LCM_UPTO`] is built at compile
//! time with that assertion), so `A` is a `u64` and its cross products `u128`s;
//! `300·r²·lcm(1..=6r)` is below `2^240` up to `r = 26`, so `C` and its cross products are
//! 256-bit numbers (the test `ogw_bound_fits_256_bits` computes the bound for every `r`), and
//! `OGW` a [`WideFraction`]: its reduced denominator can outgrow `u128` in long events with long
//! matches. Hence [`MAX_ROUNDS`] `= 26` (the largest Swiss events have 18 rounds). The
//! statistics themselves are tiny: `MP ≤ 3r`, `GP ≤ 9r`, `G ≤ 6r`.
//!
//! # Memory and time
//! The event: `n·(m + 7)` words of the caller's [`Scratch`] ([`Event::words_needed`], a
//! `const fn`), `O(1)` per recorded match. A ranking: [`RANKING_WORDS_PER_PLAYER`]` · n` more
//! words ([`Event::ranking_words`]), `O(n·r)` for the statistics then `O(n log n)`
//! comparisons for the order, no heap.
//!
//! # Example
//! A scoring device records each result as it is reported and shows the table after each round,
//! with its memory in `static` buffers sized at compile time:
//!
//! ```
//! use referee_core::standings::{Event, MatchResult, PlayerId, Profile};
//!
//! // Four players, at most three rounds.
//! const EVENT_WORDS: usize = match Event::words_needed(4, 3) {
//!     Some(words) => words, // 40
//!     None => panic!("too large"),
//! };
//! const RANK_WORDS: usize = match Event::ranking_words(4, 3) {
//!     Some(words) => words, // 4·15 + 3·48 = 204
//!     None => panic!("too large"),
//! };
//! let (mut event_words, mut rank_words) = ([0u32; EVENT_WORDS], [0u32; RANK_WORDS]);
//! let mut event = Event::new(4, 3, &mut event_words[..])?;
//! let [ann, bob, cid, dee] = [0, 1, 2, 3].map(PlayerId::new);
//!
//! event.start_round()?;
//! event.record(ann, bob, MatchResult::new(2, 0, 0)?)?;
//! event.record(cid, dee, MatchResult::new(2, 1, 0)?)?;
//! event.finish_round()?;
//! event.start_round()?;
//! event.record(ann, cid, MatchResult::new(2, 1, 0)?)?;
//! event.record(bob, dee, MatchResult::new(1, 1, 1)?)?;
//! event.finish_round()?;
//!
//! let table = event.rank(Profile::Mtr, &mut rank_words[..])?;
//! let rows: Vec<String> = table
//!     .iter()
//!     .map(|row| format!("{} {} {} {} {} {}", row.rank, row.player.number(), row.standing.match_points,
//!         row.standing.omw, row.standing.gw, row.standing.ogw))
//!     .collect();
//! assert_eq!(rows, [
//!     "1 1 6 83/200 4/5 83/200",
//!     "2 3 3 133/200 1/2 107/180",
//!     "3 2 1 133/200 33/100 107/180",
//!     "4 4 1 83/200 7/18 83/200",
//! ]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::cmp::Ordering;
use core::fmt;

use crate::fraction::{Fraction, WideFraction};
use crate::natural;
use crate::scratch::{CapacityError, Scratch};
use crate::tournament::RoundClock;
pub use crate::tournament::{MatchResult, PlayerId, RoundError};

/// The most rounds whose exact values and comparisons provably fit their integers (module
/// docs).
pub const MAX_ROUNDS: u32 = 26;
/// The most players of one event: `2^24`, so that the `n·(m + 7)` words of the largest event
/// (`2^24 · 33 < 2^30`) and its ranking words (`2^24 · 15 + 26 · 48 < 2^28`) fit a 32-bit
/// `usize`. The real limit is the caller's scratch ([`Event::words_needed`]).
pub const MAX_PLAYERS: u32 = 1 << 24;
/// The most games of one match (`2-1-3`: two won, one lost, three drawn).
const MAX_MATCH_GAMES: u32 = 6;
/// Words of event scratch per player besides its opponent list.
const EVENT_WORDS_PER_PLAYER: usize = 7;
/// Limbs of the 256-bit numbers of `OGW` (module docs).
const WIDE_LIMBS: usize = 4;
/// Words of one 256-bit number.
const WIDE_WORDS: usize = 2 * WIDE_LIMBS;
/// Words of one stored [`Key`]: `A` (2), `B`, `G`, `m`, `C` (8).
const KEY_WORDS: usize = 5 + WIDE_WORDS;
/// Words of ranking scratch per player ([`Event::ranking_words`]): his place in the order, his
/// rank and his sort key (`A`, `B`, `G`, `m` and the 256-bit `C` of the module docs).
pub const RANKING_WORDS_PER_PLAYER: usize = 2 + KEY_WORDS;
/// Words of ranking scratch per round ([`Event::ranking_words`]): the 256-bit `L₂/G` for the
/// six more values of `G` (module docs).
pub const RANKING_WORDS_PER_ROUND: usize = MAX_MATCH_GAMES as usize * WIDE_WORDS;
/// The flag of a dropped player in `last`.
const DROPPED: u32 = 1 << 31;
/// The fields of a player's `record` word: wins, losses, draws, byes (8 bits each; each count
/// is at most [`MAX_ROUNDS`]).
const WIN: u32 = 1;
const LOSS: u32 = 1 << 8;
const DRAW: u32 = 1 << 16;
const BYE: u32 = 1 << 24;

/// `lcm(1..=i)` for `i ≤ MAX_ROUNDS`, computed at compile time; the build fails unless
/// `300·r²·lcm(1..=r)` fits a `u64` for every `r ≤ MAX_ROUNDS` (`OMW`'s bound).
pub const LCM_UPTO: [u64; MAX_ROUNDS as usize + 1] = {
    const fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let mut table = [1u64; MAX_ROUNDS as usize + 1];
    let mut i = 2;
    while i < table.len() {
        let g = i as u64;
        table[i] = match (table[i - 1] / gcd(table[i - 1], g)).checked_mul(g) {
            Some(lcm) => lcm,
            None => panic!("lcm(1..=MAX_ROUNDS) overflows u64"),
        };
        let r = i as u64;
        assert!(table[i].checked_mul(300 * r * r).is_some(), "300·r²·lcm(1..=r) overflows u64");
        i += 1;
    }
    table
};

/// Which floor the percentages have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Profile {
    /// The Magic: The Gathering Tournament Rules: `33/100` ("if this number is lower than 0.33,
    /// use 0.33").
    #[default]
    Mtr,
    /// The contest (`swiss`): `1/3`.
    Contest,
}

impl Profile {
    /// Both profiles.
    pub const ALL: [Self; 2] = [Self::Mtr, Self::Contest];

    /// The floor of every percentage: `33/100` or `1/3`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn floor(self) -> Fraction {
        Fraction::new(u128::from(self.floor_300()), 300).unwrap_or(Fraction::ZERO)
    }

    /// `300·floor`.
    const fn floor_300(self) -> u32 {
        match self {
            Self::Mtr => 99,
            Self::Contest => 100,
        }
    }

    /// The name used on command lines: `"mtr"` or `"contest"`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Mtr => "mtr",
            Self::Contest => "contest",
        }
    }

    /// The profile called `name`, if any.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// One player's standing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Standing {
    /// Match points.
    pub match_points: u32,
    /// Matches won (byes included).
    pub wins: u32,
    /// Matches lost (losses without opponent included).
    pub losses: u32,
    /// Matches drawn.
    pub draws: u32,
    /// Byes.
    pub byes: u32,
    /// Rounds taken part in (`k`: matches, byes and losses without opponent).
    pub rounds_played: u32,
    /// Whether the player has dropped.
    pub dropped: bool,
    /// Opponents' match-win percentage.
    pub omw: Fraction,
    /// Game-win percentage.
    pub gw: Fraction,
    /// Opponents' game-win percentage: its numbers may outgrow `u128` in long events with
    /// long matches (module docs).
    pub ogw: WideFraction,
}

/// Why an event cannot be created ([`Event::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum EventError {
    /// The number of players is outside `1..=MAX_PLAYERS`.
    Players(u32),
    /// The number of rounds is outside `1..=MAX_ROUNDS`.
    Rounds(u32),
    /// The scratch holds fewer words than [`Event::words_needed`].
    Capacity(CapacityError),
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Players(n) => write!(f, "{n} players: an event has 1..={MAX_PLAYERS}"),
            Self::Rounds(m) => write!(f, "{m} rounds: an event has 1..={MAX_ROUNDS}"),
            Self::Capacity(e) => write!(f, "the event {e}"),
        }
    }
}

impl core::error::Error for EventError {}

/// Why a match, a bye or a loss cannot be recorded ([`Event::record`], [`Event::bye`],
/// [`Event::loss`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum RecordError {
    /// No round is open.
    NoOpenRound,
    /// A player beyond the event's; `second` tells which of the two.
    OutOfRange {
        /// Whether it is the second player of the match.
        second: bool,
    },
    /// Both players are the same.
    SelfMatch,
    /// A player has dropped and cannot play again; `second` tells which of the two.
    Dropped {
        /// Whether it is the second player of the match.
        second: bool,
    },
    /// A player already has a match or a bye this round; `second` tells which of the two.
    PlaysTwice {
        /// Whether it is the second player of the match.
        second: bool,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let which = |second: bool| if second { "the second player" } else { "the first player" };
        match *self {
            Self::NoOpenRound => f.write_str("no round is open"),
            Self::OutOfRange { second } => write!(f, "{} is not a player of the event", which(second)),
            Self::SelfMatch => f.write_str("a player cannot play a match against himself"),
            Self::Dropped { second } => write!(f, "{} has dropped", which(second)),
            Self::PlaysTwice { second } => write!(f, "{} already has a match in this round", which(second)),
        }
    }
}

impl core::error::Error for RecordError {}

/// Why a player cannot be dropped or enter again ([`Event::drop_player`], [`Event::reenter`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum DropError {
    /// A player beyond the event's.
    OutOfRange,
    /// The player has already dropped.
    AlreadyDropped,
    /// The player has not dropped ([`Event::reenter`]).
    NotDropped,
}

impl fmt::Display for DropError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::OutOfRange => "not a player of the event",
            Self::AlreadyDropped => "the player has already dropped",
            Self::NotDropped => "the player has not dropped",
        })
    }
}

impl core::error::Error for DropError {}

/// A Swiss event in caller-provided words: players `PlayerId::new(0..n)`, up to `m` rounds,
/// byes, losses without opponent, drops, late entries and re-entries.
#[derive(Debug)]
pub struct Event<'a> {
    players: usize,
    clock: RoundClock,
    match_points: &'a mut [u32],
    game_points: &'a mut [u32],
    games: &'a mut [u32],
    /// Rounds taken part in (`k`).
    played: &'a mut [u32],
    /// Wins, losses, draws and byes ([`WIN`], [`LOSS`], [`DRAW`], [`BYE`]).
    record: &'a mut [u32],
    /// The last round taken part in (0 = none), with [`DROPPED`].
    last: &'a mut [u32],
    opponent_count: &'a mut [u32],
    /// `rounds` slots per player: the indices of its opponents, in order.
    opponents: &'a mut [u32],
}

/// The exact sort key of one player under one profile (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    /// `A`, `OMW = A / (300·L₁·m)`.
    omw: u64,
    /// `B`, `GW = B / (300·G)`.
    gw: u32,
    /// `G` (1 when no game was played).
    games: u32,
    /// `m` (1 without an opponent).
    matches: u32,
    /// `C`, `OGW = C / (300·L₂·m)`, little-endian limbs.
    ogw: [u64; WIDE_LIMBS],
}

/// `L₁ = lcm(1..=r)` with `L₁/k` for `k ≤ r`, and `L₂ = lcm(1..=6r)`, after round `r`.
struct Scales {
    l1: u64,
    mw: [u64; MAX_ROUNDS as usize + 1],
    l2: [u64; WIDE_LIMBS],
    floor: u32,
}

impl Scales {
    fn new(round: u32, profile: Profile) -> Self {
        let r = round as usize;
        let l1 = LCM_UPTO[r % LCM_UPTO.len()];
        let mut mw = [0; MAX_ROUNDS as usize + 1];
        for (k, slot) in mw.iter_mut().enumerate().take(r + 1).skip(1) {
            // `k ≥ 1`: the zero fallback is never taken, and leaves no panic call.
            *slot = l1.checked_div(k as u64).unwrap_or(0);
        }
        Self { l1, mw, l2: lcm_upto_wide(MAX_MATCH_GAMES * round), floor: profile.floor_300() }
    }

    /// `GW_j`'s `(B, G)`: `max(100·GP, c·G)` over `G`, and `(c, 1)` before any game.
    fn game_win(&self, game_points: u32, games: u32) -> (u32, u32) {
        if games == 0 {
            (self.floor, 1)
        } else {
            ((100 * game_points).max(self.floor * games), games)
        }
    }

    /// A player's term of his opponents' `C` sums: `B·(L₂/G)`, with `L₂/G` from `scale`.
    fn ogw_term(&self, game_points: u32, games: u32, scale: impl Fn(u32) -> [u64; WIDE_LIMBS]) -> [u64; WIDE_LIMBS] {
        let (b, g) = self.game_win(game_points, games);
        let mut term = scale(g);
        // `B·L₂/G ≤ 300·L₂` fits (module docs).
        natural::mul_small(&mut term, u64::from(b));
        term
    }

    /// `L₂/g` for `1 ≤ g ≤ 6r` (every `g` divides `L₂`).
    fn divided(&self, g: u32) -> [u64; WIDE_LIMBS] {
        let mut scale = self.l2;
        natural::div_small(&mut scale, g);
        scale
    }
}

/// `lcm(1..=n)` in 256 bits (`n ≤ 6·MAX_ROUNDS`: at most 224 bits, module docs), by its prime
/// powers.
fn lcm_upto_wide(n: u32) -> [u64; WIDE_LIMBS] {
    let mut lcm = [1, 0, 0, 0];
    for p in 2..=n {
        if (2..p).take_while(|d| d * d <= p).any(|d| p % d == 0) {
            continue;
        }
        let mut power = u64::from(p);
        while power * u64::from(p) <= u64::from(n) {
            power *= u64::from(p);
        }
        natural::mul_small(&mut lcm, power);
    }
    lcm
}

/// The index of a player, for the columns.
const fn at(player: PlayerId) -> usize {
    player.index()
}

/// A player of the event by index (`index < players ≤ MAX_PLAYERS`).
#[allow(clippy::cast_possible_truncation, reason = "indices are below MAX_PLAYERS")]
const fn id(index: usize) -> PlayerId {
    PlayerId::new(index as u32)
}

/// `Some(a·b + c)` if it fits a `usize` (for the `const` sizing functions).
const fn checked_mul_add(a: usize, b: usize, c: usize) -> Option<usize> {
    match a.checked_mul(b) {
        Some(product) => product.checked_add(c),
        None => None,
    }
}

impl<'a> Event<'a> {
    /// Words of scratch an event of `players` and `rounds` needs (`players · (rounds + 7)`),
    /// if it fits a `usize`; a `const fn`, to size a `static` buffer:
    ///
    /// ```
    /// use referee_core::standings::Event;
    ///
    /// const WORDS: usize = match Event::words_needed(8, 3) {
    ///     Some(words) => words,
    ///     None => panic!("too large"),
    /// };
    /// static mut EVENT: [u32; WORDS] = [0; WORDS];
    /// assert_eq!(WORDS, 80);
    /// assert_eq!(Event::words_needed(8000, 18), Some(200_000));
    /// ```
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn words_needed(players: u32, rounds: u32) -> Option<usize> {
        // A `u32` fits the `usize` of every target the crate builds for (32 and 64 bits).
        match EVENT_WORDS_PER_PLAYER.checked_add(rounds as usize) {
            Some(per_player) => checked_mul_add(players as usize, per_player, 0),
            None => None,
        }
    }

    /// Words of scratch [`Event::rank`] needs for an event of `players` and `rounds`
    /// ([`RANKING_WORDS_PER_PLAYER`]` · players + `[`RANKING_WORDS_PER_ROUND`]` · rounds`), if
    /// it fits a `usize`; a `const fn`:
    ///
    /// ```
    /// use referee_core::standings::Event;
    ///
    /// const WORDS: usize = match Event::ranking_words(8, 3) {
    ///     Some(words) => words,
    ///     None => panic!("too large"),
    /// };
    /// static mut RANKING: [u32; WORDS] = [0; WORDS];
    /// assert_eq!(WORDS, 8 * 15 + 3 * 48);
    /// ```
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn ranking_words(players: u32, rounds: u32) -> Option<usize> {
        match checked_mul_add(rounds as usize, RANKING_WORDS_PER_ROUND, 0) {
            Some(per_round) => checked_mul_add(players as usize, RANKING_WORDS_PER_PLAYER, per_round),
            None => None,
        }
    }

    /// An event of `players` (`PlayerId::new(0)` to `PlayerId::new(players - 1)`) and at most
    /// `rounds` rounds, before its first round, in `scratch`.
    ///
    /// ```
    /// use referee_core::standings::{Event, EventError};
    ///
    /// let mut words = [0u32; 16];
    /// assert!(Event::new(2, 1, &mut words[..]).is_ok()); // 2 · (1 + 7) words
    /// assert!(matches!(Event::new(2, 2, &mut words[..]), Err(EventError::Capacity(_))));
    /// assert_eq!(Event::new(2, 27, &mut words[..]).err(), Some(EventError::Rounds(27)));
    /// ```
    ///
    /// # Errors
    /// [`EventError::Players`] for `players` outside `1..=MAX_PLAYERS`, [`EventError::Rounds`]
    /// for `rounds` outside `1..=MAX_ROUNDS`, [`EventError::Capacity`] when `scratch` holds
    /// fewer than [`Event::words_needed`] words.
    ///
    /// # Complexity
    /// `O(n)` time (the scratch is cleared); `n·(m + 7)` words.
    pub fn new(players: u32, rounds: u32, scratch: &'a mut (impl Scratch + ?Sized)) -> Result<Self, EventError> {
        if !(1..=MAX_PLAYERS).contains(&players) {
            return Err(EventError::Players(players));
        }
        if !(1..=MAX_ROUNDS).contains(&rounds) {
            return Err(EventError::Rounds(rounds));
        }
        let needed = Self::words_needed(players, rounds).unwrap_or(usize::MAX);
        let words = scratch.words(needed).map_err(EventError::Capacity)?;
        let n = players as usize;
        let (match_points, rest) = words.split_at_mut(n);
        let (game_points, rest) = rest.split_at_mut(n);
        let (games, rest) = rest.split_at_mut(n);
        let (played, rest) = rest.split_at_mut(n);
        let (record, rest) = rest.split_at_mut(n);
        let (last, rest) = rest.split_at_mut(n);
        let (opponent_count, opponents) = rest.split_at_mut(n);
        for column in [
            &mut *match_points,
            &mut *game_points,
            &mut *games,
            &mut *played,
            &mut *record,
            &mut *last,
            &mut *opponent_count,
        ] {
            column.fill(0);
        }
        Ok(Self {
            players: n,
            clock: RoundClock::new(rounds),
            match_points,
            game_points,
            games,
            played,
            record,
            last,
            opponent_count,
            opponents,
        })
    }

    /// The number of players.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn players(&self) -> u32 {
        id(self.players).raw()
    }

    /// The current round (1-based; 0 before the first): the open one, or the last finished.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn round(&self) -> u32 {
        self.clock.round()
    }

    /// The most rounds the event was created with.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn rounds(&self) -> u32 {
        self.clock.rounds()
    }

    /// Whether a round is open.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn is_open(&self) -> bool {
        self.clock.is_open()
    }

    /// Opens the next round and returns its number (1-based).
    ///
    /// ```
    /// use referee_core::standings::{Event, RoundError};
    ///
    /// let mut words = [0u32; 16];
    /// let mut event = Event::new(2, 1, &mut words[..])?;
    /// assert_eq!(event.start_round(), Ok(1));
    /// assert_eq!(event.start_round(), Err(RoundError::AlreadyOpen));
    /// event.finish_round()?;
    /// assert_eq!(event.start_round(), Err(RoundError::AllPlayed));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`RoundError::AlreadyOpen`] while a round is open (finish it first),
    /// [`RoundError::AllPlayed`] after the last round.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn start_round(&mut self) -> Result<u32, RoundError> {
        self.clock.start()
    }

    /// The index of `player`, if he is one of the event's.
    fn index(&self, player: PlayerId) -> Option<usize> {
        Some(at(player)).filter(|&i| i < self.players)
    }

    /// Why player `i` cannot play in the open round, if he cannot.
    fn unavailable(&self, i: usize, second: bool) -> Option<RecordError> {
        // `i` is a player (the callers check): the fallback is never taken, and leaves no
        // panic call.
        let last = self.last.get(i).copied().unwrap_or(0);
        if last & DROPPED != 0 {
            Some(RecordError::Dropped { second })
        } else if last == self.clock.round() {
            Some(RecordError::PlaysTwice { second })
        } else {
            None
        }
    }

    /// Whether `player` may take part in the open round (a match, a bye or a loss without
    /// opponent): `Ok` unless no round is open, he is not a player of the event, he has
    /// dropped, or he already played in it.
    ///
    /// ```
    /// use referee_core::standings::{Event, PlayerId, RecordError};
    ///
    /// let mut words = [0u32; 16];
    /// let mut event = Event::new(2, 1, &mut words[..])?;
    /// event.start_round()?;
    /// event.bye(PlayerId::new(0))?;
    /// assert_eq!(event.available(PlayerId::new(0)), Err(RecordError::PlaysTwice { second: false }));
    /// assert_eq!(event.available(PlayerId::new(1)), Ok(()));
    /// assert_eq!(event.available(PlayerId::new(2)), Err(RecordError::OutOfRange { second: false }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The [`RecordError`] that [`Event::bye`] would return (with `second: false`).
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn available(&self, player: PlayerId) -> Result<(), RecordError> {
        self.open_for(player).map(|_| ())
    }

    /// The index of `player` if he may take part in the open round.
    fn open_for(&self, player: PlayerId) -> Result<usize, RecordError> {
        if !self.clock.is_open() {
            return Err(RecordError::NoOpenRound);
        }
        let i = self.index(player).ok_or(RecordError::OutOfRange { second: false })?;
        self.unavailable(i, false).map_or(Ok(i), Err)
    }

    /// Records a match of the open round between `first` and `second`: any result of the MTR
    /// ([`MatchResult`]); a player who has not taken part yet enters the event with it (a late
    /// entry).
    ///
    /// ```
    /// use referee_core::standings::{Event, MatchResult, PlayerId, RecordError};
    ///
    /// let mut words = [0u32; 32];
    /// let mut event = Event::new(3, 1, &mut words[..])?;
    /// let [ann, bob, cid] = [0, 1, 2].map(PlayerId::new);
    /// let two_one = MatchResult::new(2, 1, 0)?;
    /// assert_eq!(event.record(ann, bob, two_one), Err(RecordError::NoOpenRound));
    /// event.start_round()?;
    /// event.record(ann, bob, two_one)?;
    /// assert_eq!(event.record(cid, ann, two_one), Err(RecordError::PlaysTwice { second: true }));
    /// assert_eq!(event.record(cid, cid, two_one), Err(RecordError::SelfMatch));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`RecordError`], checked in this order: no open round; for `first` a player beyond
    /// the event's, a dropped player, a player who already played this round; then the same
    /// player twice; then `second`'s checks. The event is unchanged then.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn record(&mut self, first: PlayerId, second: PlayerId, result: MatchResult) -> Result<(), RecordError> {
        let a = self.open_for(first)?;
        let b = self.index(second).ok_or(RecordError::OutOfRange { second: true })?;
        if a == b {
            return Err(RecordError::SelfMatch);
        }
        if let Some(e) = self.unavailable(b, true) {
            return Err(e);
        }
        let (mp_a, mp_b) = result.match_points();
        let (gp_a, gp_b) = result.game_points();
        for (me, other, mp, gp) in [(a, second, mp_a, gp_a), (b, first, mp_b, gp_b)] {
            let outcome = match mp {
                3 => WIN,
                0 => LOSS,
                _ => DRAW,
            };
            self.take_part(me, mp, gp, result.games(), outcome);
            let slot = me * self.clock.rounds() as usize + self.opponent_count[me] as usize;
            self.opponents[slot] = other.raw();
            self.opponent_count[me] += 1;
        }
        Ok(())
    }

    /// Adds one round taken part in to player `i`: at most one a round, so every count stays
    /// at most `MAX_ROUNDS` and each `record` field below 256.
    fn take_part(&mut self, i: usize, mp: u32, gp: u32, games: u32, outcome: u32) {
        // `i` is a player (the callers check): every slot exists, and the `get_mut`s leave no
        // panic call.
        if let Some(last) = self.last.get_mut(i) {
            *last = self.clock.round();
        }
        let fields = [
            (&mut *self.played, 1),
            (&mut *self.match_points, mp),
            (&mut *self.game_points, gp),
            (&mut *self.games, games),
            (&mut *self.record, outcome),
        ];
        for (field, add) in fields {
            if let Some(slot) = field.get_mut(i) {
                *slot += add;
            }
        }
    }

    /// Gives `player` a bye in the open round: a won match, 2-0 in games, no opponent.
    ///
    /// ```
    /// use referee_core::standings::{Event, PlayerId, Profile};
    ///
    /// let mut words = [0u32; 16];
    /// let mut event = Event::new(1, 1, &mut words[..])?;
    /// let ann = PlayerId::new(0);
    /// event.start_round()?;
    /// event.bye(ann)?;
    /// event.finish_round()?;
    /// let s = event.standing(ann, Profile::Mtr).ok_or("no player")?;
    /// assert_eq!((s.match_points, s.wins, s.byes, s.omw.to_string(), s.gw.to_string()), (3, 1, 1, "33/100".into(), "1/1".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`RecordError::NoOpenRound`], or for the player (`second: false`) a player beyond the
    /// event's, a dropped player, a player who already played this round.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn bye(&mut self, player: PlayerId) -> Result<(), RecordError> {
        let i = self.open_for(player)?;
        self.take_part(i, 3, 6, 2, WIN | BYE);
        Ok(())
    }

    /// Gives `player` a loss without opponent in the open round: a match lost 0-2 against
    /// nobody (a late entrant's missed round, one half of a double loss, a no-show): 0 match
    /// points, 0 game points, 2 games, a round taken part in, nobody's opponent.
    ///
    /// ```
    /// use referee_core::standings::{Event, PlayerId, Profile};
    ///
    /// let mut words = [0u32; 16];
    /// let mut event = Event::new(1, 1, &mut words[..])?;
    /// let ann = PlayerId::new(0);
    /// event.start_round()?;
    /// event.loss(ann)?;
    /// event.finish_round()?;
    /// let s = event.standing(ann, Profile::Mtr).ok_or("no player")?;
    /// assert_eq!((s.match_points, s.losses, s.rounds_played, s.gw.to_string()), (0, 1, 1, "33/100".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Event::bye`].
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn loss(&mut self, player: PlayerId) -> Result<(), RecordError> {
        let i = self.open_for(player)?;
        self.take_part(i, 0, 0, 2, LOSS);
        Ok(())
    }

    /// Drops `player`: his results stay and he stays an opponent in the averages of the
    /// others, but he takes part in no later round (and, if a round is open and he has not
    /// played in it yet, not in that one either) unless he [enters again](Event::reenter).
    ///
    /// ```
    /// use referee_core::standings::{Event, MatchResult, PlayerId, RecordError};
    ///
    /// let mut words = [0u32; 32];
    /// let mut event = Event::new(3, 2, &mut words[..])?;
    /// let [ann, bob, cid] = [0, 1, 2].map(PlayerId::new);
    /// event.start_round()?;
    /// event.record(ann, bob, MatchResult::new(2, 0, 0)?)?;
    /// event.bye(cid)?;
    /// event.finish_round()?;
    /// event.drop_player(bob)?;
    /// event.start_round()?;
    /// assert_eq!(event.bye(bob), Err(RecordError::Dropped { second: false }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`DropError::OutOfRange`] for a player beyond the event's, [`DropError::AlreadyDropped`].
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn drop_player(&mut self, player: PlayerId) -> Result<(), DropError> {
        let i = self.index(player).ok_or(DropError::OutOfRange)?;
        if self.last[i] & DROPPED != 0 {
            return Err(DropError::AlreadyDropped);
        }
        self.last[i] |= DROPPED;
        Ok(())
    }

    /// Lets a dropped `player` take part again (a re-entry): his results so far stay.
    ///
    /// # Errors
    /// [`DropError::OutOfRange`] for a player beyond the event's, [`DropError::NotDropped`].
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn reenter(&mut self, player: PlayerId) -> Result<(), DropError> {
        let i = self.index(player).ok_or(DropError::OutOfRange)?;
        if self.last[i] & DROPPED == 0 {
            return Err(DropError::NotDropped);
        }
        self.last[i] &= !DROPPED;
        Ok(())
    }

    /// Closes the open round. A player who took part in an earlier round but has neither a
    /// match, a bye nor a loss in this one has dropped (after his previous round), as in a
    /// results file; a player who has not taken part yet may still enter later.
    ///
    /// ```
    /// use referee_core::standings::{Event, PlayerId, Profile, RoundError};
    ///
    /// let mut words = [0u32; 32];
    /// let mut event = Event::new(2, 2, &mut words[..])?;
    /// let [ann, bob] = [0, 1].map(PlayerId::new);
    /// assert_eq!(event.finish_round(), Err(RoundError::NotOpen));
    /// event.start_round()?;
    /// event.bye(ann)?;
    /// event.finish_round()?; // Bob has not entered yet
    /// event.start_round()?;
    /// event.bye(bob)?;
    /// event.finish_round()?; // Ann took no part: she has dropped
    /// assert_eq!(event.is_dropped(ann), Some(true));
    /// assert!(event.standing(bob, Profile::Mtr).is_some_and(|s| !s.dropped && s.rounds_played == 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`RoundError::NotOpen`] when no round is open.
    ///
    /// # Complexity
    /// `O(n)`.
    pub fn finish_round(&mut self) -> Result<(), RoundError> {
        let round = self.clock.finish()?;
        for last in self.last.iter_mut() {
            if *last & !DROPPED != 0 && *last != round {
                *last |= DROPPED;
            }
        }
        Ok(())
    }

    /// Whether `player` has dropped; `None` beyond the players.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn is_dropped(&self, player: PlayerId) -> Option<bool> {
        self.index(player).map(|i| self.dropped_at(i))
    }

    /// Whether the player at index `i < n` has dropped.
    pub(crate) fn dropped_at(&self, i: usize) -> bool {
        // `i < n`: the fallback is never taken, and leaves no panic call.
        self.last.get(i).is_some_and(|last| last & DROPPED != 0)
    }

    /// `player`'s opponents, one per match, in round order (none beyond the players).
    ///
    /// ```
    /// use referee_core::standings::{Event, MatchResult, PlayerId};
    ///
    /// let mut words = [0u32; 32];
    /// let mut event = Event::new(3, 2, &mut words[..])?;
    /// let [ann, bob, cid] = [0, 1, 2].map(PlayerId::new);
    /// event.start_round()?;
    /// event.record(ann, cid, MatchResult::new(2, 0, 0)?)?;
    /// event.bye(bob)?;
    /// event.finish_round()?;
    /// assert!(event.opponents(ann).eq([cid]));
    /// assert_eq!((event.opponents(bob).len(), event.byes(bob)), (0, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Complexity
    /// `O(1)`, then `O(1)` per opponent.
    pub fn opponents(&self, player: PlayerId) -> impl ExactSizeIterator<Item = PlayerId> + '_ {
        let list = self.index(player).map_or(&[][..], |i| self.opponents_at(i));
        list.iter().map(|&o| PlayerId::new(o))
    }

    /// The indices of the opponents of the player at index `i < n`.
    pub(crate) fn opponents_at(&self, i: usize) -> &[u32] {
        // `i < n`, and the player's list is in `opponents`: the empty fallbacks are never
        // taken, and leave no panic call.
        let start = i * self.clock.rounds() as usize;
        let count = self.opponent_count.get(i).map_or(0, |&c| c as usize);
        self.opponents.get(start..start + count).unwrap_or_default()
    }

    /// The number of byes `player` has had (0 beyond the players).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn byes(&self, player: PlayerId) -> u32 {
        self.index(player).map_or(0, |i| self.byes_at(i))
    }

    /// The byes of the player at index `i < n`.
    pub(crate) fn byes_at(&self, i: usize) -> u32 {
        // `i < n`: the fallback is never taken, and leaves no panic call.
        self.record.get(i).map_or(0, |r| r / BYE)
    }

    /// `player`'s match points (0 beyond the players).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn match_points(&self, player: PlayerId) -> u32 {
        self.index(player).map_or(0, |i| self.match_points[i])
    }

    /// The match points of the player at index `i < n`.
    pub(crate) fn match_points_at(&self, i: usize) -> u32 {
        // `i < n`: the fallback is never taken, and leaves no panic call.
        self.match_points.get(i).copied().unwrap_or(0)
    }

    /// The number of players, as an index bound.
    pub(crate) const fn player_count(&self) -> usize {
        self.players
    }

    /// The sort key of player `i`, with each opponent's `OGW` term from `term` (module docs):
    /// `O(m)` for his `m` matches.
    fn key(&self, i: usize, scales: &Scales, term: impl Fn(usize) -> [u64; WIDE_LIMBS]) -> Key {
        let c = scales.floor;
        // `i` and every opponent `j` are players, below the length of each column: the zero
        // fallbacks are never taken, and leave no panic call.
        let at = |column: &[u32], j: usize| column.get(j).copied().unwrap_or(0);
        let (gw, games) = scales.game_win(at(self.game_points, i), at(self.games, i));
        let count = at(self.opponent_count, i);
        if count == 0 {
            let mut ogw = scales.l2;
            natural::mul_small(&mut ogw, u64::from(c));
            return Key { omw: u64::from(c) * scales.l1, gw, games, matches: 1, ogw };
        }
        let (mut omw, mut ogw) = (0u64, [0u64; WIDE_LIMBS]);
        for &j in self.opponents_at(i) {
            let j = j as usize;
            // An opponent has played a match: `k_j ≥ 1`.
            let kj = at(self.played, j);
            let mw = (100 * at(self.match_points, j)).max(c * kj);
            omw += u64::from(mw) * scales.mw[kj as usize % scales.mw.len()];
            // At most `300·L₂·m ≤ 300·r·L₂`: no carry (module docs).
            natural::add_assign(&mut ogw, &term(j));
        }
        Key { omw, gw, games, matches: count, ogw }
    }

    /// The standing of `i` from its key.
    fn standing_from(&self, i: usize, key: &Key, scales: &Scales) -> Standing {
        let record = self.record[i];
        let field = |unit: u32| record / unit % 256;
        let m = u64::from(key.matches);
        let ogw = self.small_ogw(i, scales).unwrap_or_else(|| {
            // `300·L₂·m < 2^256` (module docs).
            let mut ogw_den = scales.l2;
            natural::mul_small(&mut ogw_den, 300 * m);
            WideFraction::new(&key.ogw, &ogw_den).unwrap_or(WideFraction::ZERO)
        });
        Standing {
            match_points: self.match_points[i],
            wins: field(WIN),
            losses: field(LOSS),
            draws: field(DRAW),
            byes: field(BYE),
            rounds_played: self.played[i],
            dropped: self.dropped_at(i),
            omw: reduce(u128::from(key.omw), u128::from(300 * scales.l1 * m)),
            gw: reduce(u128::from(key.gw), 300 * u128::from(key.games)),
            ogw,
        }
    }

    /// Player `i`'s `OGW` in lowest terms over `L = lcm` of his opponents' `G_j` instead of
    /// `L₂` (the same value: `C` and its denominator share the factor `L₂/L`), when every number
    /// fits a `u128`, as it does in real events (few distinct game counts); `None` otherwise
    /// (the 256-bit reduction then). A 256-bit reduction per printed row took 56 % of the
    /// instructions of an 8 000-player event.
    fn small_ogw(&self, i: usize, scales: &Scales) -> Option<WideFraction> {
        // The 32-bit targets keep their flash (no `u128` division): the 256-bit reduction.
        if cfg!(not(target_pointer_width = "64")) {
            return None;
        }
        let opponents = self.opponents_at(i);
        if opponents.is_empty() {
            let floor = Fraction::new(u128::from(scales.floor), 300)?;
            return Some(WideFraction::from(floor));
        }
        let game_win = |j: u32| scales.game_win(self.game_points[j as usize], self.games[j as usize]);
        let mut lcm: u128 = 1;
        for &j in opponents {
            let g = u128::from(game_win(j).1);
            lcm = (lcm / crate::fraction::gcd_u128(lcm, g)).checked_mul(g)?;
        }
        let mut num: u128 = 0;
        for &j in opponents {
            let (b, g) = game_win(j);
            num = num.checked_add(u128::from(b).checked_mul(lcm / u128::from(g))?)?;
        }
        let den = lcm.checked_mul(300 * u128::try_from(opponents.len()).ok()?)?;
        Fraction::new(num, den).map(WideFraction::from)
    }

    /// The standing of `player` under `profile`, from the results recorded so far; `None`
    /// beyond the players.
    ///
    /// ```
    /// use referee_core::standings::{Event, MatchResult, PlayerId, Profile};
    ///
    /// let mut words = [0u32; 32];
    /// let mut event = Event::new(2, 1, &mut words[..])?;
    /// let [ann, bob] = [0, 1].map(PlayerId::new);
    /// event.start_round()?;
    /// event.record(ann, bob, MatchResult::new(2, 0, 0)?)?;
    /// event.finish_round()?;
    /// let loser = event.standing(bob, Profile::Contest).ok_or("no such player")?;
    /// assert_eq!((loser.losses, loser.omw.to_string(), loser.gw.to_string()), (1, "1/1".into(), "1/3".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Complexity
    /// `O(r)` for the matches the player has played (each opponent's term a 256-bit short
    /// division), plus three fraction reductions.
    #[must_use]
    pub fn standing(&self, player: PlayerId, profile: Profile) -> Option<Standing> {
        let i = self.index(player)?;
        let scales = Scales::new(self.clock.round(), profile);
        let key = self.key(i, &scales, |j| scales.ogw_term(self.game_points[j], self.games[j], |g| scales.divided(g)));
        Some(self.standing_from(i, &key, &scales))
    }

    /// The ranked standings under `profile` from the results recorded so far, computed in
    /// `scratch`: players ordered by `MP`, `OMW`, `GW`, `OGW` (higher first, exactly), ties on
    /// all four sharing a rank and kept in id order.
    ///
    /// ```
    /// use referee_core::standings::{Event, MatchResult, PlayerId, Profile};
    ///
    /// const RANKING: usize = match Event::ranking_words(4, 1) {
    ///     Some(words) => words,
    ///     None => panic!("too large"),
    /// };
    /// let mut words = [0u32; 64];
    /// let mut event = Event::new(4, 1, &mut words[..])?;
    /// let [ann, bob, cid, dee] = [0, 1, 2, 3].map(PlayerId::new);
    /// event.start_round()?;
    /// event.record(ann, bob, MatchResult::new(0, 2, 0)?)?;
    /// event.record(cid, dee, MatchResult::new(0, 2, 0)?)?;
    /// event.finish_round()?;
    /// let mut rank_words = [0u32; RANKING];
    /// let table = event.rank(Profile::Mtr, &mut rank_words[..])?;
    /// let order: Vec<(u32, PlayerId)> = table.iter().map(|row| (row.rank, row.player)).collect();
    /// assert_eq!(order, [(1, bob), (1, dee), (3, ann), (3, cid)]); // two complete ties
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`CapacityError`] when `scratch` holds fewer than [`Event::ranking_words`] words.
    ///
    /// # Complexity
    /// `O(n·r)` for the statistics (256-bit additions), then `O(n log n)` comparisons (each
    /// `O(1)`: cross products of 256 bits by 32); [`Event::ranking_words`].
    pub fn rank<'s>(
        &'s self,
        profile: Profile,
        scratch: &'s mut (impl Scratch + ?Sized),
    ) -> Result<Ranking<'s>, CapacityError> {
        let n = self.players;
        let needed = Self::ranking_words(self.players(), self.rounds()).ok_or(CapacityError::unrepresentable(0))?;
        let words = scratch.words(needed)?;
        // The scratch gave at least `needed` words, so the `min`s never change a split: they
        // keep the splits' panic calls out.
        let (order, rest) = words.split_at_mut(n.min(words.len()));
        let (ranks, rest) = rest.split_at_mut(n.min(rest.len()));
        let (keys, divided) = rest.split_at_mut((n * KEY_WORDS).min(rest.len()));
        let scales = Scales::new(self.clock.round(), profile);
        // `L₂/g` for `g = 1..=6r`: `6·rounds` slots.
        for (g, stored) in (1..).zip(divided.chunks_exact_mut(WIDE_WORDS)) {
            store_limbs(stored, &scales.divided(g));
        }
        let divided = &*divided;
        let scale =
            |g: u32| divided.get((g as usize).wrapping_sub(1) * WIDE_WORDS..).map_or([0; WIDE_LIMBS], load_limbs);
        for (i, (slot, stored)) in order.iter_mut().zip(keys.chunks_exact_mut(KEY_WORDS)).enumerate() {
            *slot = id(i).raw();
            // `j` is an opponent, a player: the zero fallbacks are never taken, and leave no
            // panic call.
            let at = |field: &[u32], j: usize| field.get(j).copied().unwrap_or(0);
            let term = |j: usize| scales.ogw_term(at(self.game_points, j), at(self.games, j), scale);
            store_key(stored, &self.key(i, &scales, term));
        }
        let keys = &*keys;
        let mp = &*self.match_points;
        // Every index in `order` is a player: the zero fallback is never taken, and leaves no
        // panic call (the same comparison as an index check).
        let mp = |i: usize| mp.get(i).copied().unwrap_or(0);
        let compare = |a: u32, b: u32| {
            let (ia, ib) = (a as usize, b as usize);
            mp(ib)
                .cmp(&mp(ia))
                .then_with(|| compare_keys(&load_key(keys, ib), &load_key(keys, ia)))
                .then_with(|| a.cmp(&b))
        };
        order.sort_unstable_by(|&a, &b| compare(a, b));
        let mut previous: Option<(usize, Key, u32)> = None;
        for (position, (&i, rank)) in order.iter().zip(ranks.iter_mut()).enumerate() {
            let i = i as usize;
            let key = load_key(keys, i);
            *rank = match previous {
                Some((p, ref k, shared)) if mp(p) == mp(i) && compare_keys(k, &key) == Ordering::Equal => shared,
                _ => id(position).number().try_into().unwrap_or(u32::MAX),
            };
            previous = Some((i, key, *rank));
        }
        Ok(Ranking { event: self, scales, order: &*order, ranks: &*ranks, keys })
    }
}

/// Writes 256-bit `limbs` into 8 words, lowest first.
fn store_limbs(words: &mut [u32], limbs: &[u64; WIDE_LIMBS]) {
    for (pair, &limb) in words.as_chunks_mut::<2>().0.iter_mut().zip(limbs) {
        *pair = split_u64(limb);
    }
}

/// Reads 256-bit limbs back from (the first) 8 words.
fn load_limbs(words: &[u32]) -> [u64; WIDE_LIMBS] {
    let mut limbs = [0; WIDE_LIMBS];
    for (limb, &[low, high]) in limbs.iter_mut().zip(words.as_chunks::<2>().0) {
        *limb = u64::from(low) | u64::from(high) << 32;
    }
    limbs
}

/// Writes `key` into [`KEY_WORDS`] words.
fn store_key(words: &mut [u32], key: &Key) {
    let [a0, a1] = split_u64(key.omw);
    // `words` is a key's `KEY_WORDS` (the zip and the fallback never cut anything short, and
    // leave no panic call).
    for (slot, value) in words.iter_mut().zip([a0, a1, key.gw, key.games, key.matches]) {
        *slot = value;
    }
    store_limbs(words.get_mut(5..).unwrap_or_default(), &key.ogw);
}

/// Reads the key of player `i` back.
fn load_key(keys: &[u32], i: usize) -> Key {
    // `i` is a player and `keys` holds every player's key: the zero key is never taken, and
    // leaves no panic call.
    static NO_KEY: [u32; KEY_WORDS] = [0; KEY_WORDS];
    let w = keys.get(i * KEY_WORDS..).and_then(<[u32]>::first_chunk::<KEY_WORDS>).unwrap_or(&NO_KEY);
    Key { omw: u64::from(w[0]) | u64::from(w[1]) << 32, gw: w[2], games: w[3], matches: w[4], ogw: load_limbs(&w[5..]) }
}

/// The low and high words of `x` (truncation is the point).
#[allow(clippy::cast_possible_truncation)]
const fn split_u64(x: u64) -> [u32; 2] {
    [x as u32, (x >> 32) as u32]
}

/// `OMW`, then `GW`, then `OGW` of `a` against `b`, exactly (bounds in the module docs).
fn compare_keys(a: &Key, b: &Key) -> Ordering {
    let (ma, mb) = (u128::from(a.matches), u128::from(b.matches));
    (u128::from(a.omw) * mb)
        .cmp(&(u128::from(b.omw) * ma))
        .then_with(|| (u64::from(a.gw) * u64::from(b.games)).cmp(&(u64::from(b.gw) * u64::from(a.games))))
        .then_with(|| {
            let (mut left, mut right) = (a.ogw, b.ogw);
            // `C·m ≤ 300·r²·L₂ < 2^256` (module docs): no carry.
            natural::mul_small(&mut left, u64::from(b.matches));
            natural::mul_small(&mut right, u64::from(a.matches));
            natural::compare(&left, &right)
        })
}

/// `num / den` in lowest terms; `den > 0` by construction.
fn reduce(num: u128, den: u128) -> Fraction {
    Fraction::new(num, den).unwrap_or(Fraction::ZERO)
}

/// The ranked standings of an [`Event`], held in the scratch given to [`Event::rank`].
#[derive(Debug)]
pub struct Ranking<'s> {
    event: &'s Event<'s>,
    scales: Scales,
    order: &'s [u32],
    ranks: &'s [u32],
    keys: &'s [u32],
}

impl fmt::Debug for Scales {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Scales").field("l1", &self.l1).field("l2", &self.l2).field("floor", &self.floor).finish()
    }
}

/// One row of a [`Ranking`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Ranked {
    /// The rank (1-based; players tied on all four values share the rank of the first).
    pub rank: u32,
    /// The player.
    pub player: PlayerId,
    /// The player's standing.
    pub standing: Standing,
}

impl Ranking<'_> {
    /// The event ranked.
    pub(crate) const fn event(&self) -> &Event<'_> {
        self.event
    }

    /// The indices of the players, in ranked order.
    pub(crate) const fn order(&self) -> &[u32] {
        self.order
    }

    /// The number of rows (every player of the event).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether there is no row (never: an event has a player).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The row at `position` (0-based) of the ranked table, `None` past the end.
    ///
    /// # Complexity
    /// `O(1)` plus three fraction reductions.
    #[must_use]
    pub fn get(&self, position: usize) -> Option<Ranked> {
        let i = *self.order.get(position)? as usize;
        let standing = self.event.standing_from(i, &load_key(self.keys, i), &self.scales);
        Some(Ranked { rank: *self.ranks.get(position)?, player: id(i), standing })
    }

    /// The rows in ranked order.
    ///
    /// # Complexity
    /// `O(n)` rows, each as [`Ranking::get`].
    pub fn iter(&self) -> impl Iterator<Item = Ranked> + '_ {
        (0..self.len()).filter_map(|position| self.get(position))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `300·r²·lcm(1..=6r)` fits 256 bits for every `r ≤ MAX_ROUNDS` (the bound of `C·m`),
    /// and `lcm_upto_wide` is the lcm.
    #[test]
    fn ogw_bound_fits_256_bits() {
        for r in 1..=MAX_ROUNDS {
            let mut bound = lcm_upto_wide(MAX_MATCH_GAMES * r);
            for g in 1..=MAX_MATCH_GAMES * r {
                let mut copy = bound;
                assert_eq!(natural::div_small(&mut copy, g), 0, "{g} divides lcm(1..={})", 6 * r);
            }
            let carry = natural::mul_small(&mut bound, 300 * u64::from(r) * u64::from(r));
            assert_eq!(carry, 0, "round {r}");
        }
        // Room to spare at the last round: below 2^240.
        let mut bound = lcm_upto_wide(MAX_MATCH_GAMES * MAX_ROUNDS);
        natural::mul_small(&mut bound, 300 * u64::from(MAX_ROUNDS).pow(2));
        assert!(bound[3] < 1 << 48);
    }

    /// `300·r²·lcm(1..=r)` fits a `u64` up to `MAX_ROUNDS` (also checked at compile time).
    #[test]
    fn omw_bound_fits_64_bits() {
        for (r, &lcm) in (0u64..).zip(&LCM_UPTO).skip(1) {
            assert!(lcm.checked_mul(300 * r * r).is_some());
        }
    }

    /// `OGW` over the opponents' lcm is the 256-bit reduction's value, on random events of
    /// every MTR result (six-game matches among them).
    #[test]
    fn small_ogw_is_the_wide_reduction() {
        let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |n: u32| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            u32::try_from(seed % u64::from(n)).unwrap()
        };
        for _ in 0..200 {
            let (players, rounds) = (2 + next(9), 1 + next(6));
            let mut words = std::vec![0u32; Event::words_needed(players, rounds).unwrap()];
            let mut event = Event::new(players, rounds, &mut words[..]).unwrap();
            for _ in 0..rounds {
                event.start_round().unwrap();
                for p in (0..players - 1).step_by(2) {
                    let result = loop {
                        let mut count = |n| u8::try_from(next(n)).unwrap();
                        if let Ok(r) = MatchResult::new(count(3), count(3), count(4)) {
                            break r;
                        }
                    };
                    event
                        .record(
                            PlayerId::new(p),
                            PlayerId::new(p + 1 + u32::from(next(2) == 1 && p + 2 < players)),
                            result,
                        )
                        .ok();
                }
                event.finish_round().unwrap();
            }
            for profile in Profile::ALL {
                let scales = Scales::new(event.round(), profile);
                for i in 0..players as usize {
                    let key = event.key(i, &scales, |j| {
                        scales.ogw_term(event.game_points[j], event.games[j], |g| scales.divided(g))
                    });
                    let mut den = scales.l2;
                    natural::mul_small(&mut den, 300 * u64::from(key.matches));
                    let wide = WideFraction::new(&key.ogw, &den).unwrap();
                    assert_eq!(event.small_ogw(i, &scales), Some(wide));
                }
            }
        }
    }

    #[test]
    fn profiles_have_their_floors() {
        assert_eq!(Profile::Mtr.floor(), Fraction::new(33, 100).unwrap());
        assert_eq!(Profile::Contest.floor(), Fraction::new(1, 3).unwrap());
        assert_eq!(Profile::from_name("contest"), Some(Profile::Contest));
        assert_eq!(Profile::from_name("MTR"), None);
        assert_eq!(Profile::default(), Profile::Mtr);
    }

    #[test]
    fn ranking_words_are_as_documented() {
        assert_eq!((RANKING_WORDS_PER_PLAYER, RANKING_WORDS_PER_ROUND), (15, 48));
    }
}
