//! `standings`: the ranked standings of a real Swiss event, exact: players who drop, the MTR's
//! 33/100 floor or the contest's 1/3, and an order decided on exact fractions.
//!
//! This is the [`swiss`](crate::swiss) model grown to what the people who run events need
//! (same [`MatchResult`], same [`RoundError`], same integer scheme): the rounds are recorded
//! one match (or bye) at a time, and after any round [`Event::rank`] gives the ranked table.
//!
//! # The rules
//! For each player after the rounds recorded so far, counting the `k` rounds he took part in
//! (a match or a bye; a dropped player's `k` stops at his last round):
//! - `MP`: 3 per match won, 1 per drawn match, a bye is a won match (2-0: 6 game points, 2
//!   games);
//! - `MW = max(MP / 3k, floor)`, `GW = max(GP / 3G, floor)` with `GP` game points (3 per game
//!   won, 1 per game drawn) and `G` games played;
//! - `OMW`, `OGW`: the averages of the opponents' `MW` and `GW`, one entry per match played (a
//!   repeated opponent counts each time, a bye gives none), every opponent taken as he is now
//!   (after his last round if he dropped); the floor without any opponent;
//! - `floor` is [`Profile::floor`]: `33/100` for [`Profile::Mtr`] (the Magic: The Gathering
//!   Tournament Rules, Appendix C), `1/3` for [`Profile::Contest`] (as [`swiss`](crate::swiss)).
//!
//! Players are ranked by `MP`, `OMW`, `GW`, `OGW`, each higher first, compared exactly; players
//! equal on all four share a rank (1, 2, 2, 4) and keep the order of their ids.
//!
//! # How it is computed with small integers
//! Write `c = 300·floor` (`99` or `100`). After round `r` every `k ≤ r` and `G ≤ 3k ≤ 3r`, so
//! with `L₁ = lcm(1..=r)` and `L₂ = lcm(1..=3r)`:
//! - `MW_j = max(100·MP_j, c·k_j) / (300·k_j)` and `OMW = A / (300·L₁·m)` over the `m` matches,
//!   `A = Σ max(100·MP_j, c·k_j)·(L₁/k_j)`;
//! - `GW = B / (300·G)`, `B = max(100·GP, c·G)`;
//! - `OGW = C / (300·L₂·m)`, `C = Σ max(100·GP_j, c·G_j)·(L₂/G_j)`.
//!
//! (No opponent: `A = c·L₁`, `C = c·L₂`, `m = 1`; no round played: `B = c`, `G = 1`.) Two
//! players compare by cross products: `A_i·m_j` against `A_j·m_i`, `B_i·G_j` against
//! `B_j·G_i`, `C_i·m_j` against `C_j·m_i`. One reduction per printed value gives lowest terms.
//!
//! # Why nothing overflows up to [`MAX_ROUNDS`]
//! Each `MW_j`, `GW_j ≤ 1` (`MP ≤ 3k`, `GP ≤ 3G`), so every term of `A` is at most `300·L₁`
//! and every term of `C` at most `300·L₂`; `m ≤ k ≤ r`. Hence `A·m ≤ 300·r²·L₁` and
//! `C·m ≤ 300·r²·L₂(r)`, the largest number ever formed (the denominators `300·L·m` are
//! smaller). `300·r²·lcm(1..=3r)` is below `2^128` for every `r ≤ 26` (126.0 bits at
//! `r = 26`) and above it at `r = 27` (134.0 bits): the table [`LCM_UPTO`] is built at compile
//! time with that assertion, and the test `overflow_bound_is_tight` computes both ends. Hence
//! [`MAX_ROUNDS`] `= 26` (the largest Swiss events have 18 rounds). `A·m ≤ 300·26²·lcm(1..=26)`
//! needs 52.3 bits, so `A` is kept in a `u64`. The statistics themselves are tiny: `MP ≤ 3r`,
//! `GP ≤ 9r`, `G ≤ 3r`.
//!
//! # Memory and time
//! The event: `n·(m + 7)` words of the caller's [`Scratch`] ([`Event::words_needed`]), `O(1)`
//! per recorded match. A ranking: `11·n` more words ([`Event::ranking_words`]), `O(n·r)` for
//! the statistics then `O(n log n)` comparisons for the order, no heap.
//!
//! # Example
//! A scoring device records each result as it is reported and shows the table after each round:
//!
//! ```
//! use referee_core::standings::{Event, MatchResult, Profile};
//!
//! // Four players, at most three rounds; the event and its rankings in fixed buffers.
//! let mut event_words = [0u32; 64]; // Event::words_needed(4, 3) = 40
//! let mut rank_words = [0u32; 64]; // Event::ranking_words(4) = 44
//! let mut event = Event::new(4, 3, &mut event_words[..])?;
//! let result = |w1, w2, d| MatchResult::new(w1, w2, d).ok_or("illegal result");
//!
//! event.start_round()?;
//! event.record(1, 2, result(2, 0, 0)?)?; // Ann beats Bob 2-0
//! event.record(3, 4, result(2, 1, 0)?)?; // Cid beats Dee 2-1
//! event.finish_round()?;
//! event.start_round()?;
//! event.record(1, 3, result(2, 1, 0)?)?;
//! event.record(2, 4, result(1, 1, 1)?)?;
//! event.finish_round()?;
//!
//! let table = event.rank(Profile::Mtr, &mut rank_words[..])?;
//! let rows: Vec<String> = table
//!     .iter()
//!     .map(|row| format!("{} {} {} {} {} {}", row.rank, row.player, row.standing.match_points,
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

use crate::fraction::Fraction;
use crate::scratch::{CapacityError, Scratch};
use crate::swiss::RoundClock;
pub use crate::swiss::{MatchResult, RoundError};

/// The most rounds whose exact values and comparisons provably fit a `u128` (module docs).
pub const MAX_ROUNDS: u32 = 26;
/// The most players of one event: `2^24`, so that the `n·(m + 7)` words of the largest event
/// (`2^24 · 33 < 2^30`) and its `11·n` ranking words fit a 32-bit `usize`. The real limit is
/// the caller's scratch ([`Event::words_needed`]).
pub const MAX_PLAYERS: u32 = 1 << 24;
/// Words of event scratch per player besides its opponent list.
const EVENT_WORDS_PER_PLAYER: usize = 7;
/// Words of ranking scratch per player: order, rank, `A` (2), `B`, `G`, `C` (4), `m`.
pub const RANKING_WORDS_PER_PLAYER: usize = 11;
/// The flag of a dropped player in `last`.
const DROPPED: u32 = 1 << 31;

/// `lcm(1..=i)` for `i ≤ 3·MAX_ROUNDS`, computed at compile time; the build fails unless
/// `300·r²·lcm(1..=3r)` fits a `u128` for every `r ≤ MAX_ROUNDS` (the overflow proof).
pub const LCM_UPTO: [u128; 3 * MAX_ROUNDS as usize + 1] = {
    const fn gcd(a: u128, b: u128) -> u128 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let mut table = [1u128; 3 * MAX_ROUNDS as usize + 1];
    let mut i = 2;
    while i < table.len() {
        let g = i as u128;
        table[i] = match (table[i - 1] / gcd(table[i - 1], g)).checked_mul(g) {
            Some(lcm) => lcm,
            None => panic!("lcm(1..=3·MAX_ROUNDS) overflows u128"),
        };
        i += 1;
    }
    let mut r = 1;
    while r <= MAX_ROUNDS as usize {
        let factor = 300 * (r as u128) * (r as u128);
        assert!(table[3 * r].checked_mul(factor).is_some(), "300·r²·lcm(1..=3r) overflows u128");
        r += 1;
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
    /// Matches lost.
    pub losses: u32,
    /// Matches drawn.
    pub draws: u32,
    /// Rounds taken part in (`k`: matches and byes).
    pub rounds_played: u32,
    /// Whether the player has dropped.
    pub dropped: bool,
    /// Opponents' match-win percentage.
    pub omw: Fraction,
    /// Game-win percentage.
    pub gw: Fraction,
    /// Opponents' game-win percentage.
    pub ogw: Fraction,
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

/// Why a match or a bye cannot be recorded ([`Event::record`], [`Event::bye`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum RecordError {
    /// No round is open.
    NoOpenRound,
    /// A player id outside `1..=n`; `second` tells which of the two.
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

/// Why a player cannot be dropped ([`Event::drop_player`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum DropError {
    /// A player id outside `1..=n`.
    OutOfRange,
    /// The player has already dropped.
    AlreadyDropped,
}

impl fmt::Display for DropError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::OutOfRange => "not a player of the event",
            Self::AlreadyDropped => "the player has already dropped",
        })
    }
}

impl core::error::Error for DropError {}

/// A Swiss event in caller-provided words: players `1..=n`, up to `m` rounds, drops.
#[derive(Debug)]
pub struct Event<'a> {
    players: usize,
    clock: RoundClock,
    match_points: &'a mut [u32],
    game_points: &'a mut [u32],
    games: &'a mut [u32],
    /// Rounds taken part in (`k`).
    played: &'a mut [u32],
    /// Wins (bits 0..8), losses (8..16), draws (16..24).
    record: &'a mut [u32],
    /// The last round with a match or a bye (0 = none), with [`DROPPED`].
    last: &'a mut [u32],
    opponent_count: &'a mut [u32],
    /// `rounds` slots per player: the 0-based ids of its opponents, in order.
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
    /// `C`, `OGW = C / (300·L₂·m)`.
    ogw: u128,
    /// `m` (1 without an opponent).
    matches: u32,
}

/// `L₁/k` for `k ≤ r` and `L₂/g` for `g ≤ 3r`, after round `r`.
struct Scales {
    l1: u128,
    l2: u128,
    mw: [u64; MAX_ROUNDS as usize + 1],
    gw: [u128; 3 * MAX_ROUNDS as usize + 1],
    floor: u32,
}

impl Scales {
    fn new(round: u32, profile: Profile) -> Self {
        let r = round as usize;
        let (l1, l2) = (LCM_UPTO[r], LCM_UPTO[3 * r]);
        let mut scales = Self {
            l1,
            l2,
            mw: [0; MAX_ROUNDS as usize + 1],
            gw: [0; 3 * MAX_ROUNDS as usize + 1],
            floor: profile.floor_300(),
        };
        for (k, slot) in scales.mw.iter_mut().enumerate().take(r + 1).skip(1) {
            // `L₁ ≤ lcm(1..=26) < 2^38`.
            *slot = u64::try_from(l1 / k as u128).unwrap_or(0);
        }
        for (g, slot) in scales.gw.iter_mut().enumerate().take(3 * r + 1).skip(1) {
            *slot = l2 / g as u128;
        }
        scales
    }
}

impl<'a> Event<'a> {
    /// Words of scratch an event of `players` and `rounds` needs (`players · (rounds + 7)`),
    /// if it fits a `usize`.
    ///
    /// ```
    /// assert_eq!(referee_core::standings::Event::words_needed(8000, 18), Some(200_000));
    /// ```
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn words_needed(players: u32, rounds: u32) -> Option<usize> {
        let per_player = EVENT_WORDS_PER_PLAYER.checked_add(usize::try_from(rounds).ok()?)?;
        usize::try_from(players).ok()?.checked_mul(per_player)
    }

    /// Words of scratch [`Event::rank`] needs for `players` players (`11 · players`), if it
    /// fits a `usize`.
    ///
    /// ```
    /// assert_eq!(referee_core::standings::Event::ranking_words(8000), Some(88_000));
    /// ```
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn ranking_words(players: usize) -> Option<usize> {
        players.checked_mul(RANKING_WORDS_PER_PLAYER)
    }

    /// An event of `players` (ids `1..=players`) and at most `rounds` rounds, before its first
    /// round, in `scratch`.
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
    pub const fn players(&self) -> usize {
        self.players
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

    /// The 0-based index of player `id`, if in range.
    fn index(&self, id: u32) -> Option<usize> {
        (id as usize).checked_sub(1).filter(|&i| i < self.players)
    }

    /// Why player `i` cannot play in the open round, if he cannot.
    fn unavailable(&self, i: usize, second: bool) -> Option<RecordError> {
        let last = self.last[i];
        if last & DROPPED != 0 {
            Some(RecordError::Dropped { second })
        } else if last == self.clock.round() {
            Some(RecordError::PlaysTwice { second })
        } else {
            None
        }
    }

    /// Whether player `id` may take part in the open round (a match or a bye): `Ok` unless no
    /// round is open, the id is not a player's, he has dropped, or he already played in it.
    ///
    /// ```
    /// use referee_core::standings::{Event, RecordError};
    ///
    /// let mut words = [0u32; 16];
    /// let mut event = Event::new(2, 1, &mut words[..])?;
    /// event.start_round()?;
    /// event.bye(1)?;
    /// assert_eq!(event.available(1), Err(RecordError::PlaysTwice { second: false }));
    /// assert_eq!(event.available(2), Ok(()));
    /// assert_eq!(event.available(3), Err(RecordError::OutOfRange { second: false }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The [`RecordError`] that [`Event::bye`] would return (with `second: false`).
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn available(&self, id: u32) -> Result<(), RecordError> {
        if !self.clock.is_open() {
            return Err(RecordError::NoOpenRound);
        }
        let i = self.index(id).ok_or(RecordError::OutOfRange { second: false })?;
        self.unavailable(i, false).map_or(Ok(()), Err)
    }

    /// Records a match of the open round between players `first` and `second` (1-based ids).
    ///
    /// ```
    /// use referee_core::standings::{Event, MatchResult, RecordError};
    ///
    /// let mut words = [0u32; 32];
    /// let mut event = Event::new(3, 1, &mut words[..])?;
    /// let two_one = MatchResult::new(2, 1, 0).ok_or("illegal")?;
    /// assert_eq!(event.record(1, 2, two_one), Err(RecordError::NoOpenRound));
    /// event.start_round()?;
    /// event.record(1, 2, two_one)?;
    /// assert_eq!(event.record(3, 1, two_one), Err(RecordError::PlaysTwice { second: true }));
    /// assert_eq!(event.record(3, 3, two_one), Err(RecordError::SelfMatch));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`RecordError`], checked in this order: no open round; for the first player an id
    /// outside `1..=n`, a dropped player, a player who already played this round; then the
    /// same player twice; then the second player's checks. The event is unchanged then.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn record(&mut self, first: u32, second: u32, result: MatchResult) -> Result<(), RecordError> {
        if !self.clock.is_open() {
            return Err(RecordError::NoOpenRound);
        }
        let a = self.index(first).ok_or(RecordError::OutOfRange { second: false })?;
        if let Some(e) = self.unavailable(a, false) {
            return Err(e);
        }
        let b = self.index(second).ok_or(RecordError::OutOfRange { second: true })?;
        if a == b {
            return Err(RecordError::SelfMatch);
        }
        if let Some(e) = self.unavailable(b, true) {
            return Err(e);
        }
        let (mp_a, mp_b) = result.match_points();
        let (gp_a, gp_b) = result.game_points();
        for (me, other, mp, gp) in [(a, b, mp_a, gp_a), (b, a, mp_b, gp_b)] {
            // The record field of a win, a loss or a draw; at most `MAX_ROUNDS < 256` each.
            let outcome = match mp {
                3 => 1,
                0 => 1 << 8,
                _ => 1 << 16,
            };
            self.take_part(me, mp, gp, result.games(), outcome);
            let slot = me * self.clock.rounds() as usize + self.opponent_count[me] as usize;
            // `other < n ≤ MAX_PLAYERS`.
            self.opponents[slot] = u32::try_from(other).unwrap_or(u32::MAX);
            self.opponent_count[me] += 1;
        }
        Ok(())
    }

    /// Adds one round taken part in to player `i`.
    fn take_part(&mut self, i: usize, mp: u32, gp: u32, games: u32, outcome: u32) {
        self.last[i] = self.clock.round();
        self.played[i] += 1;
        self.match_points[i] += mp;
        self.game_points[i] += gp;
        self.games[i] += games;
        self.record[i] += outcome;
    }

    /// Gives player `id` a bye in the open round: a won match, 2-0 in games, no opponent.
    ///
    /// ```
    /// use referee_core::standings::{Event, Profile};
    ///
    /// let mut words = [0u32; 16];
    /// let mut event = Event::new(1, 1, &mut words[..])?;
    /// event.start_round()?;
    /// event.bye(1)?;
    /// event.finish_round()?;
    /// let s = event.standing(0, Profile::Mtr).ok_or("no player")?;
    /// assert_eq!((s.match_points, s.wins, s.omw.to_string(), s.gw.to_string()), (3, 1, "33/100".into(), "1/1".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`RecordError::NoOpenRound`], or for the player (`second: false`) an id outside
    /// `1..=n`, a dropped player, a player who already played this round.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn bye(&mut self, id: u32) -> Result<(), RecordError> {
        if !self.clock.is_open() {
            return Err(RecordError::NoOpenRound);
        }
        let i = self.index(id).ok_or(RecordError::OutOfRange { second: false })?;
        if let Some(e) = self.unavailable(i, false) {
            return Err(e);
        }
        self.take_part(i, 3, 6, 2, 1);
        Ok(())
    }

    /// Drops player `id`: his results stay and he stays an opponent in the averages of the
    /// others, but he takes part in no later round (and, if a round is open and he has not
    /// played in it yet, not in that one either).
    ///
    /// ```
    /// use referee_core::standings::{Event, MatchResult, RecordError};
    ///
    /// let mut words = [0u32; 32];
    /// let mut event = Event::new(3, 2, &mut words[..])?;
    /// event.start_round()?;
    /// event.record(1, 2, MatchResult::new(2, 0, 0).ok_or("illegal")?)?;
    /// event.bye(3)?;
    /// event.finish_round()?;
    /// event.drop_player(2)?;
    /// event.start_round()?;
    /// assert_eq!(event.bye(2), Err(RecordError::Dropped { second: false }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`DropError::OutOfRange`] for an id outside `1..=n`, [`DropError::AlreadyDropped`].
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn drop_player(&mut self, id: u32) -> Result<(), DropError> {
        let i = self.index(id).ok_or(DropError::OutOfRange)?;
        if self.last[i] & DROPPED != 0 {
            return Err(DropError::AlreadyDropped);
        }
        self.last[i] |= DROPPED;
        Ok(())
    }

    /// Closes the open round. A player who has neither a match nor a bye in it has dropped
    /// (after his previous round), as in a results file.
    ///
    /// ```
    /// use referee_core::standings::{Event, Profile, RoundError};
    ///
    /// let mut words = [0u32; 32];
    /// let mut event = Event::new(2, 2, &mut words[..])?;
    /// assert_eq!(event.finish_round(), Err(RoundError::NotOpen));
    /// event.start_round()?;
    /// event.bye(1)?;
    /// event.finish_round()?; // player 2 took no part: he has dropped
    /// assert!(event.standing(1, Profile::Mtr).is_some_and(|s| s.dropped && s.rounds_played == 0));
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
            if *last != round {
                *last |= DROPPED;
            }
        }
        Ok(())
    }

    /// Whether player `index` (0-based) has dropped; `None` beyond the players.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn is_dropped(&self, index: usize) -> Option<bool> {
        self.last.get(index).map(|last| last & DROPPED != 0)
    }

    /// The 0-based ids of player `index`'s opponents, one per match, in round order (empty
    /// beyond the players).
    ///
    /// ```
    /// use referee_core::standings::{Event, MatchResult};
    ///
    /// let mut words = [0u32; 32];
    /// let mut event = Event::new(3, 2, &mut words[..])?;
    /// event.start_round()?;
    /// event.record(1, 3, MatchResult::new(2, 0, 0).ok_or("illegal")?)?;
    /// event.bye(2)?;
    /// event.finish_round()?;
    /// assert_eq!((event.opponents(0), event.opponents(1), event.byes(1)), (&[2][..], &[][..], 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn opponents(&self, index: usize) -> &[u32] {
        let Some(&count) = self.opponent_count.get(index) else { return &[] };
        let start = index * self.clock.rounds() as usize;
        &self.opponents[start..start + count as usize]
    }

    /// The number of byes player `index` has had (rounds taken part in without a match).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn byes(&self, index: usize) -> u32 {
        match (self.played.get(index), self.opponent_count.get(index)) {
            (Some(&played), Some(&matches)) => played.saturating_sub(matches),
            _ => 0,
        }
    }

    /// Player `index`'s match points (0 beyond the players).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn match_points(&self, index: usize) -> u32 {
        self.match_points.get(index).copied().unwrap_or(0)
    }

    /// The sort key of player `i` under `scales` (module docs): `O(m)` for his `m` matches.
    fn key(&self, i: usize, scales: &Scales) -> Key {
        let c = scales.floor;
        let (k, g) = (self.played[i], self.games[i]);
        let (gw, games) = if k == 0 { (c, 1) } else { ((100 * self.game_points[i]).max(c * g), g) };
        let count = self.opponent_count[i] as usize;
        if count == 0 {
            return Key {
                omw: u64::try_from(u128::from(c) * scales.l1).unwrap_or(u64::MAX),
                gw,
                games,
                ogw: u128::from(c) * scales.l2,
                matches: 1,
            };
        }
        let start = i * self.clock.rounds() as usize;
        let (mut omw, mut ogw) = (0u64, 0u128);
        for &j in &self.opponents[start..start + count] {
            let j = j as usize;
            // An opponent has played a match: `k_j ≥ 1`, `G_j ≥ 2`.
            let (kj, gj) = (self.played[j], self.games[j]);
            let mw = (100 * self.match_points[j]).max(c * kj);
            omw += u64::from(mw) * scales.mw[kj as usize];
            let gwj = (100 * self.game_points[j]).max(c * gj);
            ogw += u128::from(gwj) * scales.gw[gj as usize];
        }
        Key { omw, gw, games, ogw, matches: self.opponent_count[i] }
    }

    /// The standing of `i` from its key.
    fn standing_from(&self, i: usize, key: &Key, scales: &Scales) -> Standing {
        let record = self.record[i];
        let m = u128::from(key.matches);
        Standing {
            match_points: self.match_points[i],
            wins: record & 0xff,
            losses: record >> 8 & 0xff,
            draws: record >> 16 & 0xff,
            rounds_played: self.played[i],
            dropped: self.last[i] & DROPPED != 0,
            omw: reduce(u128::from(key.omw), 300 * scales.l1 * m),
            gw: reduce(u128::from(key.gw), 300 * u128::from(key.games)),
            ogw: reduce(key.ogw, 300 * scales.l2 * m),
        }
    }

    /// The standing of player `index` (0-based: the player with id `index + 1`) under
    /// `profile`, from the results recorded so far; `None` for `index >= players()`.
    ///
    /// ```
    /// use referee_core::standings::{Event, MatchResult, Profile};
    ///
    /// let mut words = [0u32; 32];
    /// let mut event = Event::new(2, 1, &mut words[..])?;
    /// event.start_round()?;
    /// event.record(1, 2, MatchResult::new(2, 0, 0).ok_or("illegal")?)?;
    /// event.finish_round()?;
    /// let loser = event.standing(1, Profile::Contest).ok_or("no player 2")?;
    /// assert_eq!((loser.losses, loser.omw.to_string(), loser.gw.to_string()), (1, "1/1".into(), "1/3".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Complexity
    /// `O(r)` for the matches the player has played, plus three fraction reductions (and
    /// `O(r)` to set up the scales).
    #[must_use]
    pub fn standing(&self, index: usize, profile: Profile) -> Option<Standing> {
        if index >= self.players {
            return None;
        }
        let scales = Scales::new(self.clock.round(), profile);
        Some(self.standing_from(index, &self.key(index, &scales), &scales))
    }

    /// The ranked standings under `profile` from the results recorded so far, computed in
    /// `scratch`: players ordered by `MP`, `OMW`, `GW`, `OGW` (higher first, exactly), ties on
    /// all four sharing a rank and kept in id order.
    ///
    /// ```
    /// use referee_core::standings::{Event, MatchResult, Profile};
    ///
    /// let mut words = [0u32; 64];
    /// let mut event = Event::new(4, 1, &mut words[..])?;
    /// event.start_round()?;
    /// event.record(1, 2, MatchResult::new(0, 2, 0).ok_or("illegal")?)?;
    /// event.record(3, 4, MatchResult::new(0, 2, 0).ok_or("illegal")?)?;
    /// event.finish_round()?;
    /// let mut rank_words = [0u32; 44];
    /// let table = event.rank(Profile::Mtr, &mut rank_words[..])?;
    /// let order: Vec<(u32, u32)> = table.iter().map(|row| (row.rank, row.player)).collect();
    /// assert_eq!(order, [(1, 2), (1, 4), (3, 1), (3, 3)]); // two complete ties
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`CapacityError`] when `scratch` holds fewer than [`Event::ranking_words`] words.
    ///
    /// # Complexity
    /// `O(n·r)` for the statistics, then `O(n log n)` comparisons (each `O(1)`, on `u128`
    /// cross products); `11·n` words.
    pub fn rank<'s>(
        &'s self,
        profile: Profile,
        scratch: &'s mut (impl Scratch + ?Sized),
    ) -> Result<Ranking<'s>, CapacityError> {
        let n = self.players;
        let needed = Self::ranking_words(n).ok_or(CapacityError::unrepresentable(0))?;
        let words = scratch.words(needed)?;
        let (order, rest) = words.split_at_mut(n);
        let (ranks, keys) = rest.split_at_mut(n);
        let scales = Scales::new(self.clock.round(), profile);
        for (i, (slot, stored)) in order.iter_mut().zip(keys.chunks_exact_mut(KEY_WORDS)).enumerate() {
            // `i < n ≤ MAX_PLAYERS`.
            *slot = u32::try_from(i).unwrap_or(u32::MAX);
            store_key(stored, &self.key(i, &scales));
        }
        let keys = &*keys;
        let mp = &*self.match_points;
        let compare = |a: u32, b: u32| {
            let (ia, ib) = (a as usize, b as usize);
            mp[ib]
                .cmp(&mp[ia])
                .then_with(|| compare_keys(&load_key(keys, ib), &load_key(keys, ia)))
                .then_with(|| a.cmp(&b))
        };
        order.sort_unstable_by(|&a, &b| compare(a, b));
        let mut previous: Option<(usize, Key, u32)> = None;
        for (position, (&i, rank)) in order.iter().zip(ranks.iter_mut()).enumerate() {
            let i = i as usize;
            let key = load_key(keys, i);
            *rank = match previous {
                Some((p, ref k, shared)) if mp[p] == mp[i] && compare_keys(k, &key) == Ordering::Equal => shared,
                // `position < n ≤ MAX_PLAYERS`.
                _ => u32::try_from(position + 1).unwrap_or(u32::MAX),
            };
            previous = Some((i, key, *rank));
        }
        Ok(Ranking { event: self, scales, order: &*order, ranks: &*ranks, keys })
    }
}

/// Words of one stored [`Key`].
const KEY_WORDS: usize = 9;

/// Writes `key` into 9 words.
fn store_key(words: &mut [u32], key: &Key) {
    let [a0, a1] = split_u64(key.omw);
    let [c0, c1, c2, c3] = split_u128(key.ogw);
    words.copy_from_slice(&[a0, a1, key.gw, key.games, c0, c1, c2, c3, key.matches]);
}

/// Reads the key of player `i` back.
fn load_key(keys: &[u32], i: usize) -> Key {
    let w = &keys[i * KEY_WORDS..(i + 1) * KEY_WORDS];
    Key {
        omw: u64::from(w[0]) | u64::from(w[1]) << 32,
        gw: w[2],
        games: w[3],
        ogw: u128::from(w[4]) | u128::from(w[5]) << 32 | u128::from(w[6]) << 64 | u128::from(w[7]) << 96,
        matches: w[8],
    }
}

/// The low and high words of `x` (truncation is the point).
#[allow(clippy::cast_possible_truncation)]
const fn split_u64(x: u64) -> [u32; 2] {
    [x as u32, (x >> 32) as u32]
}

/// The four words of `x`, lowest first (truncation is the point).
#[allow(clippy::cast_possible_truncation)]
const fn split_u128(x: u128) -> [u32; 4] {
    [x as u32, (x >> 32) as u32, (x >> 64) as u32, (x >> 96) as u32]
}

/// `OMW`, then `GW`, then `OGW` of `a` against `b`, exactly (bounds in the module docs).
fn compare_keys(a: &Key, b: &Key) -> Ordering {
    let (ma, mb) = (u128::from(a.matches), u128::from(b.matches));
    (u128::from(a.omw) * mb)
        .cmp(&(u128::from(b.omw) * ma))
        .then_with(|| (u64::from(a.gw) * u64::from(b.games)).cmp(&(u64::from(b.gw) * u64::from(a.games))))
        .then_with(|| (a.ogw * mb).cmp(&(b.ogw * ma)))
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
    /// The player's id (1-based).
    pub player: u32,
    /// The player's standing.
    pub standing: Standing,
}

impl Ranking<'_> {
    /// The event ranked.
    pub(crate) const fn event(&self) -> &Event<'_> {
        self.event
    }

    /// The 0-based ids of the players, in ranked order.
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
        Some(Ranked { rank: self.ranks[position], player: u32::try_from(i + 1).unwrap_or(u32::MAX), standing })
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

    fn lcm_upto(n: u128) -> Option<u128> {
        let mut lcm: u128 = 1;
        for g in 1..=n {
            lcm = (lcm / crate::fraction::gcd_u128(lcm, g)).checked_mul(g)?;
        }
        Some(lcm)
    }

    /// `300·r²·lcm(1..=3r)` fits a `u128` exactly for `r ≤ MAX_ROUNDS`, not for the next.
    #[test]
    fn overflow_bound_is_tight() {
        let bound = |r: u128| lcm_upto(3 * r).and_then(|l| l.checked_mul(300 * r * r));
        for r in 1..=u128::from(MAX_ROUNDS) {
            assert!(bound(r).is_some(), "round {r} must fit");
            assert_eq!(lcm_upto(3 * r), Some(LCM_UPTO[3 * r as usize]));
        }
        assert!(bound(u128::from(MAX_ROUNDS) + 1).is_none());
        // `A·m` fits a u64 with room.
        let a = lcm_upto(u128::from(MAX_ROUNDS)).map(|l| l * 300 * 26 * 26);
        assert!(a.is_some_and(|a| a < 1 << 64));
    }

    #[test]
    fn profiles_have_their_floors() {
        assert_eq!(Profile::Mtr.floor(), Fraction::new(33, 100).unwrap());
        assert_eq!(Profile::Contest.floor(), Fraction::new(1, 3).unwrap());
        assert_eq!(Profile::from_name("contest"), Some(Profile::Contest));
        assert_eq!(Profile::from_name("MTR"), None);
        assert_eq!(Profile::default(), Profile::Mtr);
    }
}
