//! `swiss`: standings of a Swiss-system tournament after every round, as exact fractions.
//!
//! The rules (Codeforces Gym 102394 C): each round a player plays one match of two or three
//! games or gets a bye (a 2-0 win for his own statistics that creates no opponent). After round
//! `r`, with `MP` match points, `GP` game points and `G` games played:
//!
//! - `MW = max(MP / 3r, 1/3)`, `GW = max(GP / 3G, 1/3)`;
//! - `OMW` and `OGW` are the averages of the opponents' *current* `MW` and `GW` over every
//!   match played (an opponent met twice counts twice), `1/3` before the first match.
//!
//! # How it is computed with small integers
//! All `MW` share the denominator `3r`, so `OMW = Σ max(MP_j, r) / (3·r·k)` over the `k`
//! matches. Every player has played `G ∈ [2r, 3r]` games (a match is 2 or 3 games, a bye 2),
//! so with `D_r = lcm(2r, 2r+1, …, 3r)` every `GW_j = max(GP_j, G_j)·(D_r / G_j) / (3·D_r)` and
//! `OGW = Σ max(GP_j, G_j)·(D_r/G_j) / (3·D_r·k)`: one integer sum per player, one reduction.
//!
//! # Why nothing overflows up to [`MAX_ROUNDS`]
//! `MP ≤ 3r`, `GP ≤ 9r`, `G ≤ 3r` and `k ≤ r`, so `OMW`'s terms are at most `3r·r` and its
//! denominator `3r²`: they fit in `u32` for any `r < 2^14`. `OGW`'s numerator is at most
//! `k·3·D_r` and its denominator `3·D_r·k`, both at most `3·r·D_r`. That bound is below `2^128`
//! for every `r ≤ 34` (at `r = 34` it needs 125 bits) and above it at `r = 35` (132 bits):
//! the test `overflow_bound_is_tight` computes it exactly. Hence [`MAX_ROUNDS`] `= 34`; a
//! larger round count is refused.
//!
//! # The fast path of the first 16 rounds
//! Up to `U64_ROUNDS = 16` rounds every value fits in a `u64` (`3·16·D_16` needs 61 bits),
//! and every denominator (`3rk`, `3G` with `G ≤ 3r`, `3·D_r·k`) has no prime factor above
//! `3·16 = 48`, with the exponents `fraction::OddFactors` holds (checked at compile time and by
//! a test): the fractions are reduced without a gcd and without a branch on the numbers, by
//! the powers common to numerator and denominator (their exponents from tables) divided out
//! with one multiplication by an inverse modulo `2^64` (`fraction::reduce_smooth`). Later
//! rounds take the general `u128` path.
//!
//! # Complexity
//! Time `O(n·m²)` per tournament (each round sums at most `r` opponent terms per player),
//! memory `n·(m + 5)` words of caller-provided [`Scratch`] ([`Tournament::words_needed`]).
//!
//! # Example
//! A scoring device records each round's results as they come in and shows the standings:
//!
//! ```
//! use referee_core::swiss::{MatchResult, PlayerId, Tournament};
//!
//! const WORDS: usize = match Tournament::words_needed(3, 2) {
//!     Some(words) => words,
//!     None => panic!("too large"),
//! };
//! let mut words = [0u32; WORDS];
//! let mut event = Tournament::new(3, 2, &mut words[..])?;
//! let (ann, bob) = (PlayerId::new(0), PlayerId::new(1)); // the third player gets a bye
//! event.start_round()?;
//! event.record(ann, bob, MatchResult::new(2, 1, 0)?)?;
//! event.finish_round()?;
//! let first = event.standing(ann).ok_or("no such player")?;
//! assert_eq!((first.match_points, first.omw.to_string()), (3, "1/3".to_string()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The judge format of the contest (`T` test cases, every round printed) is in [`text`].

pub mod text;

use core::fmt;

use crate::fraction::{reduce_smooth, Fraction, OddFactors};
use crate::scratch::{CapacityError, Scratch};
use crate::tournament::RoundClock;
pub use crate::tournament::{MatchResult, PlayerId, RoundError};

/// The most rounds whose statistics provably fit the integer types (see the module docs).
pub const MAX_ROUNDS: u32 = 34;
/// The most players of one tournament: `2^24`, so that the `n·(m + 5)` scratch words of the
/// largest tournament (`2^24 · 39 < 2^30`) fit a 32-bit `usize`. The real limit is the
/// scratch: [`Tournament::words_needed`].
pub const MAX_PLAYERS: u32 = 1 << 24;
/// The most rounds of the `u64` fast path (see the module docs).
pub(crate) const U64_ROUNDS: u32 = 16;
// `G - 2r ≤ r` indexes the 32 slots of `Tournament::scale_small`.
const _: () = assert!(U64_ROUNDS < 32);
/// Words of scratch per player besides its opponent list: one [`Row`].
const WORDS_PER_PLAYER: usize = 5;

/// A player's words, side by side (one cache line for what a match, a round's end or an
/// opponent's sum reads of him). The fields are packed in bits: every count fits its field up
/// to [`MAX_ROUNDS`] (`MP ≤ 3m ≤ 102`, `GP ≤ 9m ≤ 306`, `G ≤ 3m ≤ 102`, `r, k ≤ 34`), so a sum
/// never carries into the next field.
type Row = [u32; WORDS_PER_PLAYER];
/// [`Row`] word: `MP` (bits 0..8), `GP` (8..20) and `G` (20..28); a result adds to all three.
const STATS: usize = 0;
/// [`Row`] word: the last round with a match (bits 0..8, 0 = none), the number of matches
/// recorded (8..16) and that last match's [`result_key`] (16..23), to take it back out
/// while its round is open ([`Tournament::finished_counts`]).
const SCHEDULE: usize = 1;
/// [`Row`] word: what the player's opponents need of him after the last round: `max(MP, r)`
/// (bits 0..8), and after a round `r > U64_ROUNDS` `max(GP, G)` (8..20) and `G - 2r` (20..28)
/// too (until then they read [`SCALED_GW`] instead).
const OPPONENT_VIEW: usize = 2;
/// [`Row`] words: `max(GP, G)·D_r/G` after a round `r ≤ U64_ROUNDS`, low and high halves of
/// the `u64` (the term of `OGW`'s sum, ready to add).
const SCALED_GW: [usize; 2] = [3, 4];
/// Field masks of the packed words.
const LOW_FIELD: u32 = 0xff;
const MIDDLE_FIELD: u32 = 0xfff;
/// The fields of a [`STATS`] or [`OPPONENT_VIEW`] word: bits 0..8, 8..20, 20..28.
const fn fields(word: u32) -> (u32, u32, u32) {
    (word & LOW_FIELD, word >> 8 & MIDDLE_FIELD, word >> 20)
}
/// The low and high 32 bits of `value`.
#[allow(clippy::cast_possible_truncation, reason = "each half is 32 bits")]
const fn halves(value: u64) -> (u32, u32) {
    (value as u32, (value >> 32) as u32)
}
/// The word of three fields (each in its range).
const fn pack(low: u32, middle: u32, high: u32) -> u32 {
    low | middle << 8 | high << 20
}

/// The match for the first (`second == false`) or the second player in 7 bits:
/// `16·w1 + 4·w2 + d` (every count is at most 3) and the side. [`stats_delta`] tells what it
/// adds to his [`STATS`] word.
const fn result_key(result: MatchResult, second: bool) -> u32 {
    let key = result.first_wins() as u32 * 16 + result.second_wins() as u32 * 4 + result.draws() as u32;
    if second {
        key | SECOND_SIDE
    } else {
        key
    }
}

/// What a match of `w1-w2-d` adds to the first and the second player's [`STATS`] word.
const fn stats_deltas(w1: u32, w2: u32, d: u32) -> [u32; 2] {
    let (mp_first, mp_second) = if w1 > w2 {
        (3, 0)
    } else if w1 < w2 {
        (0, 3)
    } else {
        (1, 1)
    };
    let games = w1 + w2 + d;
    [pack(mp_first, 3 * w1 + d, games), pack(mp_second, 3 * w2 + d, games)]
}

/// Bit `16·w1 + 4·w2 + d` is set for each of the ten results of the contest.
const CONTEST_KEYS: u64 = {
    let mut bits = 0;
    let mut i = 0;
    while i < MatchResult::CONTEST.len() {
        bits |= 1 << result_key(MatchResult::CONTEST[i], false);
        i += 1;
    }
    bits
};

/// The side bit of a [`result_key`]: the second player's.
const SECOND_SIDE: u32 = 64;

/// What the match of a [`result_key`] adds to its player's [`STATS`] word, from a table of the
/// 128 keys.
#[inline]
fn stats_delta(key: u32) -> u32 {
    /// [`stats_deltas`] of every triple of counts up to 3, for each side.
    static DELTAS: [u32; 128] = {
        let mut table = [0; 128];
        let mut key = 0u32;
        while key < 64 {
            let [first, second] = stats_deltas(key / 16, key / 4 % 4, key % 4);
            (table[key as usize], table[(key | SECOND_SIDE) as usize]) = (first, second);
            key += 1;
        }
        table
    };
    DELTAS[key as usize % 128]
}

/// What a bye adds to a [`STATS`] word: a 2-0 win.
const BYE_STATS: u32 = pack(3, 6, 2);

/// One player's standing after a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Standing {
    /// Match points.
    pub match_points: u32,
    /// Opponents' match-win percentage.
    pub omw: Fraction,
    /// Game-win percentage.
    pub gw: Fraction,
    /// Opponents' game-win percentage.
    pub ogw: Fraction,
}

/// A standing of a round up to [`U64_ROUNDS`]: each fraction a `(numerator, denominator)` pair
/// of `u64` in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SmallStanding {
    pub match_points: u32,
    /// OMW, GW and OGW.
    pub fractions: [(u64, u64); 3],
}

/// Why a tournament cannot be created ([`Tournament::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TournamentError {
    /// The number of players is outside `1..=MAX_PLAYERS`.
    Players(u32),
    /// The number of rounds is outside `1..=MAX_ROUNDS`.
    Rounds(u32),
    /// The scratch holds fewer words than [`Tournament::words_needed`].
    Capacity(CapacityError),
}

impl fmt::Display for TournamentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Players(n) => write!(f, "{n} players: a tournament has 1..={MAX_PLAYERS}"),
            Self::Rounds(m) => write!(f, "{m} rounds: a tournament has 1..={MAX_ROUNDS}"),
            Self::Capacity(e) => write!(f, "the tournament {e}"),
        }
    }
}

impl core::error::Error for TournamentError {}

/// Why a match cannot be recorded ([`Tournament::record`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum RecordError {
    /// A player beyond the tournament's; `second` tells which of the two.
    OutOfRange {
        /// Whether it is the second player of the match.
        second: bool,
    },
    /// Both players are the same.
    SelfMatch,
    /// A player already has a match this round; `second` tells which of the two.
    PlaysTwice {
        /// Whether it is the second player of the match.
        second: bool,
    },
    /// No round is open ([`Tournament::start_round`] was not called, or all rounds are done).
    NoOpenRound,
    /// The result is not one of the ten of the contest ([`MatchResult::CONTEST`]): the
    /// tournament's bounds hold for matches of two or three games.
    NotContest(MatchResult),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let which = |second: bool| if second { "the second player" } else { "the first player" };
        match *self {
            Self::OutOfRange { second } => write!(f, "{} is not a player of the tournament", which(second)),
            Self::SelfMatch => f.write_str("a player cannot play a match against himself"),
            Self::PlaysTwice { second } => write!(f, "{} already has a match in this round", which(second)),
            Self::NoOpenRound => f.write_str("no round is open"),
            Self::NotContest(r) => write!(
                f,
                "{}-{}-{} is not one of the ten results of the contest (a match of two or three games)",
                r.first_wins(),
                r.second_wins(),
                r.draws()
            ),
        }
    }
}

impl core::error::Error for RecordError {}

/// The state of one tournament, stored in caller-provided words.
#[derive(Debug)]
pub struct Tournament<'a> {
    clock: RoundClock,
    /// One [`Row`] per player.
    rows: &'a mut [Row],
    /// `rounds` slots per player: the 0-based ids of its opponents, in order.
    opponents: &'a mut [u32],
    /// `D_r / G` for `G = 2r..=3r` after round `r > U64_ROUNDS`.
    scale: [u128; MAX_ROUNDS as usize + 1],
    /// `D_r / G` at `G - 2r` for `G = 2r..=3r` after round `r ≤ U64_ROUNDS` (32 slots, so
    /// that an index taken modulo 32 needs no bounds check).
    scale_small: [u64; 32],
    /// `D_r = lcm(2r..=3r)`.
    lcm: u128,
}

impl<'a> Tournament<'a> {
    /// Words of scratch a tournament of `players` and `rounds` needs (`players · (rounds + 5)`),
    /// if it fits a `usize`; a `const fn`, so that a `static` buffer can be sized by it:
    ///
    /// ```
    /// use referee_core::swiss::Tournament;
    ///
    /// const WORDS: usize = match Tournament::words_needed(16, 5) {
    ///     Some(words) => words,
    ///     None => panic!("too large"),
    /// };
    /// static mut SCRATCH: [u32; WORDS] = [0; WORDS];
    /// assert_eq!(WORDS, 160);
    /// ```
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn words_needed(players: u32, rounds: u32) -> Option<usize> {
        // A `u32` fits the `usize` of every target the crate builds for (32 and 64 bits).
        match WORDS_PER_PLAYER.checked_add(rounds as usize) {
            Some(per_player) => (players as usize).checked_mul(per_player),
            None => None,
        }
    }

    /// A tournament of `players` (ids `PlayerId::new(0..players)`) and `rounds` before its first round, in
    /// `scratch`.
    ///
    /// # Errors
    /// [`TournamentError::Players`] for `players` outside `1..=MAX_PLAYERS`,
    /// [`TournamentError::Rounds`] for `rounds` outside `1..=MAX_ROUNDS`,
    /// [`TournamentError::Capacity`] when `scratch` holds fewer than
    /// [`Tournament::words_needed`] words.
    ///
    /// # Complexity
    /// `O(n)` time (the scratch is cleared); `n·(m + 5)` words.
    pub fn new(players: u32, rounds: u32, scratch: &'a mut (impl Scratch + ?Sized)) -> Result<Self, TournamentError> {
        if !(1..=MAX_PLAYERS).contains(&players) {
            return Err(TournamentError::Players(players));
        }
        if !(1..=MAX_ROUNDS).contains(&rounds) {
            return Err(TournamentError::Rounds(rounds));
        }
        // Both bounds hold, so the count fits a 32-bit `usize` (see `MAX_PLAYERS`).
        let needed = Self::words_needed(players, rounds).unwrap_or(usize::MAX);
        let words = scratch.words(needed).map_err(TournamentError::Capacity)?;
        // The scratch gave at least `needed` words: the `min` never changes the split, and
        // keeps its panic call out.
        let (rows, opponents) = words.split_at_mut((players as usize * WORDS_PER_PLAYER).min(words.len()));
        let rows = rows.as_chunks_mut().0;
        // No match yet: the counts start at zero. The other words are written by every
        // `finish_round`, and a standing reads them only of the opponents of finished matches.
        for row in rows.iter_mut() {
            (row[STATS], row[SCHEDULE]) = (0, 0);
        }
        Ok(Self {
            clock: RoundClock::new(rounds),
            rows,
            opponents,
            scale: [0; MAX_ROUNDS as usize + 1],
            scale_small: [0; 32],
            lcm: 1,
        })
    }

    /// The number of players.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn players(&self) -> u32 {
        // At most `MAX_PLAYERS` rows (checked by `new`).
        #[allow(clippy::cast_possible_truncation, reason = "at most MAX_PLAYERS rows")]
        let players = self.rows.len() as u32;
        players
    }

    /// The current round (1-based; 0 before the first).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn round(&self) -> u32 {
        self.clock.round()
    }

    /// Whether a round is open (started and not finished).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn is_round_open(&self) -> bool {
        self.clock.is_open()
    }

    /// The number of rounds the tournament was created with.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn rounds(&self) -> u32 {
        self.clock.rounds()
    }

    /// Opens the next round and returns its number (1-based).
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

    /// Records a match of the open round between players `first` and `second`.
    ///
    /// # Errors
    /// A [`RecordError`]: no open round, a player beyond the tournament's, a player against
    /// himself, a player who already has a match this round, a result that is not one of the
    /// contest's ten ([`MatchResult::CONTEST`]). The tournament is unchanged then.
    ///
    /// # Complexity
    /// `O(1)`.
    // Inlined on 64-bit hosts into the judge reader's loop (1.5 % of `swiss_max.in`).
    #[cfg_attr(target_pointer_width = "64", inline(always))]
    pub fn record(&mut self, first: PlayerId, second: PlayerId, result: MatchResult) -> Result<(), RecordError> {
        if !self.clock.is_open() {
            return Err(RecordError::NoOpenRound);
        }
        let (a, b) = (first.index(), second.index());
        if a >= self.rows.len() {
            return Err(RecordError::OutOfRange { second: false });
        }
        if b >= self.rows.len() {
            return Err(RecordError::OutOfRange { second: true });
        }
        if a == b {
            return Err(RecordError::SelfMatch);
        }
        let key = result_key(result, false);
        if CONTEST_KEYS >> key & 1 == 0 {
            return Err(RecordError::NotContest(result));
        }
        let round = self.clock.round();
        let played_now = |row: &Row| row[SCHEDULE] & LOW_FIELD == round;
        if played_now(&self.rows[a]) {
            return Err(RecordError::PlaysTwice { second: false });
        }
        if played_now(&self.rows[b]) {
            return Err(RecordError::PlaysTwice { second: true });
        }
        for (me, other, key) in [(a, second.raw(), key), (b, first.raw(), key | SECOND_SIDE)] {
            // `me` is `a` or `b`, both checked above: the `continue` is never taken, and leaves
            // no panic call.
            let Some(row) = self.rows.get_mut(me) else { continue };
            // One match a round: at most `rounds ≤ 34` recorded.
            let count = row[SCHEDULE] >> 8 & LOW_FIELD;
            row[STATS] += stats_delta(key);
            row[SCHEDULE] = round | (count + 1) << 8 | key << 16;
            // `me` is a player and `count < rounds` (one match a round), so the slot exists:
            // the `None` that would skip the write never comes, and leaves no panic call.
            if let Some(slot) = self.opponents.get_mut(me * self.clock.rounds() as usize + count as usize) {
                *slot = other;
            }
        }
        Ok(())
    }

    /// Closes the open round: every player without a match gets a bye, and the values the
    /// standings need are refreshed.
    ///
    /// # Errors
    /// [`RoundError::NotOpen`] when no round is open.
    ///
    /// # Complexity
    /// `O(n)`.
    pub fn finish_round(&mut self) -> Result<(), RoundError> {
        let r = self.clock.finish()?;
        // The clock stops at `MAX_ROUNDS`: the clamp never changes `r`, and keeps the index
        // check's panic call out.
        let lcm = GAMES_LCM[(r as usize).min(MAX_ROUNDS as usize)];
        self.lcm = lcm;
        if r <= U64_ROUNDS {
            self.scale_small = small_scales(r);
        } else {
            // `g >= 2r > 0`: the test makes the division's zero check (a panic call) go away.
            for (slot, g) in self.scale.iter_mut().zip(2 * r..=3 * r) {
                *slot = if g > 0 { lcm / u128::from(g) } else { 0 };
            }
        }
        // A bye for each player without a match; then what his opponents read of him. Every
        // player has played `2r ≤ G ≤ 3r` games.
        let close = |row: &mut Row| {
            if row[SCHEDULE] & LOW_FIELD != r {
                row[STATS] += BYE_STATS;
            }
            let (mp, gp, games) = fields(row[STATS]);
            (mp.max(r), gp.max(games), games - 2 * r)
        };
        if r <= U64_ROUNDS {
            // The `u64` path reads `max(MP, r)` and the ready term alone.
            for row in self.rows.iter_mut() {
                let (mw, gw, games_over) = close(row);
                row[OPPONENT_VIEW] = mw;
                // `gw ≤ 3G`, so the term is at most `3·D_r < 2^64`.
                let scaled = u64::from(gw) * self.scale_small[games_over as usize % 32];
                let [low, high] = SCALED_GW;
                (row[low], row[high]) = halves(scaled);
            }
        } else {
            for row in self.rows.iter_mut() {
                let (mw, gw, games_over) = close(row);
                row[OPPONENT_VIEW] = pack(mw, gw, games_over);
            }
        }
        Ok(())
    }

    /// The standing of `player` after the last finished round (all 0 and `1/3` before the
    /// first), also while a round is open: the matches recorded in it count once it is
    /// finished. `None` for a player beyond the tournament's.
    ///
    /// # Complexity
    /// `O(r)` for the `r` matches the player has played, plus two fraction reductions.
    #[must_use]
    pub fn standing(&self, player: PlayerId) -> Option<Standing> {
        (player.index() < self.rows.len()).then(|| self.standing_of(player.index()))
    }

    /// [`Tournament::standing`] of a valid index.
    pub(crate) fn standing_of(&self, index: usize) -> Standing {
        if let Some(small) = self.small_standing::<true>(index) {
            let [omw, gw, ogw] = small
                .fractions
                .map(|(num, den)| Fraction::from_reduced(u128::from(num), u128::from(den)).unwrap_or(Fraction::ZERO));
            return Standing { match_points: small.match_points, omw, gw, ogw };
        }
        let (stats, count) = self.finished_counts::<true>(index);
        let sums = self.opponent_sums(index, count);
        let r = u64::from(self.clock.finished().max(1));
        let (match_points, game_points, games) = fields(stats);
        Standing {
            match_points,
            omw: sums.map_or(THIRD, |s| reduce(u128::from(s.mw_sum), u128::from(3 * r * s.matches))),
            // No game before the first round: GW is then its floor, 1/3, as documented.
            gw: if games == 0 { THIRD } else { reduce(u128::from(game_points.max(games)), u128::from(3 * games)) },
            ogw: sums.map_or(THIRD, |s| reduce(s.gw_sum, 3 * self.lcm * u128::from(s.matches))),
        }
    }

    /// The standing of a valid index in `u64`s, while the last finished round is at most
    /// [`U64_ROUNDS`] (`None` after): the same sums as [`Tournament::opponent_sums`], reduced
    /// by `fraction::reduce_smooth` (see the module docs). `MAY_BE_OPEN == false` promises that
    /// no round is open (the judge writer's loop), so no match has to be taken back out.
    ///
    /// Inlined on 64-bit hosts, into the judge writer's loop above all: 6 % of `swiss_max.in`'s
    /// instructions went to calling it and returning its standing through memory. The
    /// firmware keeps one copy (flash).
    #[cfg_attr(target_pointer_width = "64", inline(always))]
    pub(crate) fn small_standing<const MAY_BE_OPEN: bool>(&self, index: usize) -> Option<SmallStanding> {
        let round = if MAY_BE_OPEN { self.clock.finished() } else { self.clock.round() };
        if round > U64_ROUNDS {
            return None;
        }
        let third = (1, 3);
        let (stats, count) = self.finished_counts::<MAY_BE_OPEN>(index);
        let (match_points, game_points, games) = fields(stats);
        // No game before the first round: GW is then its floor, 1/3, as documented.
        let gw = if games == 0 { third } else { small_gw(game_points, games)? };
        if count == 0 {
            return Some(SmallStanding { match_points, fractions: [third, gw, third] });
        }
        let start = index * self.clock.rounds() as usize;
        let (mut mw_sum, mut gw_sum) = (0u64, 0u64);
        // The player's list is in `opponents`, and each opponent recorded is a player: the
        // fallbacks of `get` are never taken, and leave no panic call (the same comparisons).
        for &opponent in self.opponents.get(start..start + count).unwrap_or_default() {
            let Some(opponent) = self.rows.get(opponent as usize) else { continue };
            let [low, high] = [opponent[SCALED_GW[0]], opponent[SCALED_GW[1]]].map(u64::from);
            mw_sum += u64::from(opponent[OPPONENT_VIEW] & LOW_FIELD);
            gw_sum += low | high << 32;
        }
        let matches = count as u64;
        // `round ≥ 1` and `D_r < 2^64` here: a player has a match only after a round.
        let lcm = u64::try_from(self.lcm).unwrap_or(u64::MAX);
        let r = u64::from(round);
        // The denominators' odd factors: a player with a match every round (almost all) takes
        // them from a table; within the caps for every `r, k ≤ 16` (the test
        // `fast_path_denominators_have_odd_factors`), so `?` never returns.
        let [omw_factors, ogw_factors] = match FULL_FACTORS.get(round as usize) {
            Some(&factors) if matches == r => factors,
            _ => {
                let k = OddFactors::of(matches)?;
                [OddFactors::of(3 * r)?.times(k)?, LCM_FACTORS.get(round as usize)?.times(k)?]
            }
        };
        let omw = reduce_smooth(mw_sum, 3 * r * matches, omw_factors);
        let ogw = reduce_smooth(gw_sum, 3 * lcm * matches, ogw_factors);
        Some(SmallStanding { match_points, fractions: [omw, gw, ogw] })
    }

    /// The [`STATS`] word and the number of matches of the player at `index` after the last
    /// finished round: a match of the open round is taken back out (its result is in the
    /// [`SCHEDULE`] word, its opponent last in the list). `MAY_BE_OPEN == false` promises that
    /// no round is open: the words are read as they are.
    #[inline(always)]
    fn finished_counts<const MAY_BE_OPEN: bool>(&self, index: usize) -> (u32, usize) {
        // A valid index (the callers'): the fallback (no match) is never taken, and leaves no
        // panic call.
        let (stats, schedule) = self.rows.get(index).map_or((0, 0), |row| (row[STATS], row[SCHEDULE]));
        let count = (schedule >> 8 & LOW_FIELD) as usize;
        if MAY_BE_OPEN && self.clock.is_open() && schedule & LOW_FIELD == self.clock.round() {
            // The match was recorded, so it added to the counts and one is counted.
            (stats.wrapping_sub(stats_delta(schedule >> 16)), count.saturating_sub(1))
        } else {
            (stats, count)
        }
    }

    /// `Σ max(MP_j, r)` and `Σ max(GP_j, G_j)·D_r/G_j` over the player's first `count` matches,
    /// with their count; `None` before the first match.
    fn opponent_sums(&self, index: usize, count: usize) -> Option<OpponentSums> {
        if count == 0 {
            return None;
        }
        let start = index * self.clock.rounds() as usize;
        let mut mw_sum: u64 = 0;
        let mut gw_sum: u128 = 0;
        // As in `small_standing`: every `get` finds its item (`games_over <= r` too, the
        // scale's slots), and none leaves a panic call.
        for &opponent in self.opponents.get(start..start + count).unwrap_or_default() {
            let Some(row) = self.rows.get(opponent as usize) else { continue };
            let (mw, gw, games_over) = fields(row[OPPONENT_VIEW]);
            mw_sum += u64::from(mw);
            gw_sum += u128::from(gw) * self.scale.get(games_over as usize).copied().unwrap_or(0);
        }
        Some(OpponentSums { mw_sum, gw_sum, matches: count as u64 })
    }
}

/// `D_r = lcm(2r, 2r+1, …, 3r)` for every `r ≤ MAX_ROUNDS` (index 0 unused), computed at
/// compile time; the build fails if `3·r·D_r` did not fit a `u128` (the overflow proof).
const GAMES_LCM: [u128; MAX_ROUNDS as usize + 1] = {
    let mut table = [1u128; MAX_ROUNDS as usize + 1];
    let mut r = 1;
    while r <= MAX_ROUNDS as u128 {
        let mut lcm: u128 = 1;
        let mut g = 2 * r;
        while g <= 3 * r {
            lcm = match (lcm / gcd(lcm, g)).checked_mul(g) {
                Some(next) => next,
                None => panic!("lcm(2r..=3r) overflows u128"),
            };
            g += 1;
        }
        assert!(lcm.checked_mul(3 * r).is_some(), "3·r·lcm(2r..=3r) overflows u128");
        table[r as usize] = lcm;
        r += 1;
    }
    table
};

/// `GW = max(GP, G) / 3G` in lowest terms as a `(numerator, denominator)` pair: from a table
/// built at compile time for every `G ≤ 3·U64_ROUNDS` on 64-bit hosts (one load instead of a
/// reduction: 2 % of `swiss_many.in`'s instructions), reduced on the 32-bit targets (their
/// flash) and beyond the table; `None` for a `3G` without [`OddFactors`] (never up to
/// `G = 48`).
#[inline(always)]
fn small_gw(game_points: u32, games: u32) -> Option<(u64, u64)> {
    let top = game_points.max(games);
    #[cfg(target_pointer_width = "64")]
    {
        /// [`small_gw`] of `G ≤ max(GP, G) ≤ 3G` at `G² + max(GP, G) − G` (row `G` holds
        /// `2G + 1` entries, so the rows of `G ≤ 48` fill `49²`).
        #[allow(clippy::cast_possible_truncation, reason = "numbers of at most 3G = 144")]
        static SMALL_GW: [(u8, u8); 49 * 49] = {
            let mut table = [(0, 0); 49 * 49];
            let mut games = 1u32;
            while games <= 3 * U64_ROUNDS {
                let mut top = games;
                while top <= 3 * games {
                    let common = gcd(top as u128, 3 * games as u128) as u32;
                    let entry = ((top / common) as u8, (3 * games / common) as u8);
                    table[(games * games + top - games) as usize] = entry;
                    top += 1;
                }
                games += 1;
            }
            table
        };
        if top <= 3 * games {
            let index = games.checked_mul(games).and_then(|square| square.checked_add(top - games));
            if let Some(&(num, den)) = index.and_then(|i| SMALL_GW.get(i as usize)) {
                return Some((u64::from(num), u64::from(den)));
            }
        }
    }
    let games = u64::from(games);
    Some(reduce_smooth(u64::from(top), 3 * games, THREE.times(OddFactors::of(games)?)?))
}

/// The greatest common divisor of `a` and `b` (`a` for `b = 0`), at compile time.
const fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The odd factors of 3.
const THREE: OddFactors = expect_factors(OddFactors::computed(3));

/// The odd factors of `3·D_r` for every round `r ≤ U64_ROUNDS` (index 0: those of 3), computed
/// at compile time (the build fails if one were beyond [`OddFactors`]' caps).
const LCM_FACTORS: [OddFactors; U64_ROUNDS as usize + 1] = {
    let mut table = [THREE; U64_ROUNDS as usize + 1];
    let mut r = 1;
    while r <= U64_ROUNDS as usize {
        // `3·D_r < 2^64` up to `U64_ROUNDS` (checked below).
        #[allow(clippy::cast_possible_truncation, reason = "3·D_r < 2^62 up to U64_ROUNDS")]
        let three_lcm = 3 * GAMES_LCM[r] as u64;
        table[r] = expect_factors(OddFactors::computed(three_lcm));
        r += 1;
    }
    table
};

/// The odd factors of `OMW`'s and `OGW`'s denominators after round `r ≤ U64_ROUNDS` for a
/// player with `r` matches, `3·r·r` and `3·D_r·r`, computed at compile time: the factors of
/// almost every standing without a product of factors (3.5 % of `swiss_max.in`'s
/// instructions).
static FULL_FACTORS: [[OddFactors; 2]; U64_ROUNDS as usize + 1] = {
    let mut table = [[THREE; 2]; U64_ROUNDS as usize + 1];
    let mut r = 1;
    while r <= U64_ROUNDS as usize {
        let rounds = expect_factors(OddFactors::computed(r as u64));
        table[r] = [
            expect_factors(expect_factors(OddFactors::computed(3 * r as u64)).times(rounds)),
            expect_factors(LCM_FACTORS[r].times(rounds)),
        ];
        r += 1;
    }
    table
};

/// The factors a table built at compile time needs (the build fails without them).
#[allow(clippy::panic, reason = "called in constants only: a panic is a build error")]
const fn expect_factors(factors: Option<OddFactors>) -> OddFactors {
    match factors {
        Some(factors) => factors,
        None => panic!("a denominator of the first 16 rounds has odd factors within the caps"),
    }
}

// `3·D_r` fits a `u64` up to `U64_ROUNDS` (the build fails otherwise).
const _: () = {
    let mut r = 1;
    while r <= U64_ROUNDS as usize {
        assert!(3 * GAMES_LCM[r] <= u64::MAX as u128, "3·D_r fits a u64 up to U64_ROUNDS");
        r += 1;
    }
};

/// `D_r / G` at `G - 2r` for `G = 2r..=3r` (the rest 0) after a round `r ≤ U64_ROUNDS`.
const fn divided_scales(r: u32) -> [u64; 32] {
    #[allow(clippy::cast_possible_truncation)] // below 2^64 up to `U64_ROUNDS`: checked above
    let lcm = GAMES_LCM[r as usize] as u64;
    let mut slots = [0; 32];
    let mut g = 2 * r;
    while g <= 3 * r && g - 2 * r < 32 {
        // `g >= 2r >= 2` for a round; the test makes the division's zero check (a panic
        // call) go away.
        slots[(g - 2 * r) as usize] = if g > 0 { lcm / g as u64 } else { 0 };
        g += 1;
    }
    slots
}

/// [`divided_scales`] of the round `r ≤ U64_ROUNDS`: from a table built at compile time on
/// 64-bit hosts (4.3 KiB), divided out on the 32-bit targets (their flash).
#[inline]
fn small_scales(r: u32) -> [u64; 32] {
    #[cfg(target_pointer_width = "64")]
    {
        static SCALES: [[u64; 32]; U64_ROUNDS as usize + 1] = {
            let mut table = [[0; 32]; U64_ROUNDS as usize + 1];
            let mut r = 1;
            while r <= U64_ROUNDS {
                table[r as usize] = divided_scales(r);
                r += 1;
            }
            table
        };
        SCALES.get(r as usize).copied().unwrap_or([0; 32])
    }
    #[cfg(not(target_pointer_width = "64"))]
    {
        divided_scales(r)
    }
}

/// A player's sums over his matches, as [`Tournament::opponent_sums`] describes.
#[derive(Clone, Copy)]
struct OpponentSums {
    mw_sum: u64,
    gw_sum: u128,
    matches: u64,
}

/// One third, the floor of every percentage.
const THIRD: Fraction = match Fraction::from_reduced(1, 3) {
    Some(third) => third,
    None => Fraction::ZERO,
};

/// `num / den` in lowest terms; `den > 0` by construction.
fn reduce(num: u128, den: u128) -> Fraction {
    Fraction::new(num, den).unwrap_or(Fraction::ZERO)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `3·r·lcm(2r..=3r)` fits in a `u128` exactly for `r ≤ MAX_ROUNDS`; `r = 16` fits a `u64`.
    #[test]
    fn gw_table_is_the_reduction() {
        // Up to 16 rounds (`small_standing`), so `G ≤ 48`; a `GP` beyond `3G` takes the reduction.
        for games in 1..=3 * U64_ROUNDS {
            for game_points in 0..=3 * games + 2 {
                let top = u64::from(game_points.max(games));
                let g = u64::from(games);
                let expected = reduce_smooth(top, 3 * g, OddFactors::computed(3 * g).unwrap());
                let gcd = |mut a: u64, mut b: u64| {
                    while b != 0 {
                        (a, b) = (b, a % b);
                    }
                    a
                };
                assert_eq!(gcd(expected.0, expected.1), 1, "{top}/{}", 3 * g);
                assert_eq!(expected.0 * 3 * g, expected.1 * top);
                assert_eq!(small_gw(game_points, games), Some(expected), "GP {game_points}, G {games}");
            }
        }
    }

    /// Every denominator of the fast path has odd factors within the caps, so
    /// `small_standing` never falls back for want of them.
    #[test]
    fn fast_path_denominators_have_odd_factors() {
        let odd = |n: u128| u64::try_from(n >> n.trailing_zeros()).unwrap();
        for (r, &three_lcm) in (0u64..).zip(&LCM_FACTORS).skip(1) {
            let lcm = GAMES_LCM[usize::try_from(r).unwrap()];
            assert_eq!(Some(three_lcm), OddFactors::computed(odd(3 * lcm)), "r {r}");
            for k in 1..=r {
                let k_factors = OddFactors::of(k).unwrap();
                // Both products within the caps (`unwrap`), and exactly the factors.
                let omw = OddFactors::of(3 * r).unwrap().times(k_factors).unwrap();
                assert_eq!(Some(omw), OddFactors::computed(3 * r * k), "r {r}, k {k}");
                let ogw = three_lcm.times(k_factors).unwrap();
                assert_eq!(Some(ogw), OddFactors::computed(odd(3 * lcm * u128::from(k))), "r {r}, k {k}");
                if k == r {
                    assert_eq!(FULL_FACTORS[usize::try_from(r).unwrap()], [omw, ogw], "r {r}");
                }
            }
        }
        for games in 1..=3 * u64::from(U64_ROUNDS) {
            let factors = THREE.times(OddFactors::of(games).unwrap());
            assert!(factors.is_some() && factors == OddFactors::computed(3 * games), "G {games}");
        }
    }

    #[test]
    fn overflow_bound_is_tight() {
        let bound = |r: u128| -> Option<u128> {
            let mut lcm: u128 = 1;
            for g in 2 * r..=3 * r {
                lcm = (lcm / crate::fraction::gcd_u128(lcm, g)).checked_mul(g)?;
            }
            lcm.checked_mul(3 * r)
        };
        for r in 1..=u128::from(MAX_ROUNDS) {
            assert!(bound(r).is_some(), "round {r} must fit");
            assert_eq!(bound(r), GAMES_LCM[r as usize].checked_mul(3 * r));
        }
        assert!(bound(u128::from(MAX_ROUNDS) + 1).is_none());
        assert!(bound(16).is_some_and(|b| b < 1 << 64));
    }

    #[test]
    fn standings_before_the_first_round_are_zero_and_one_third() {
        let mut words = [0u32; 16];
        let event = Tournament::new(2, 1, &mut words[..]).unwrap();
        let standing = event.standing(PlayerId::new(1)).unwrap();
        assert_eq!((standing.match_points, standing.omw, standing.gw, standing.ogw), (0, THIRD, THIRD, THIRD));
    }

    /// Every triple of counts in `0..=5`, beyond the largest legal count.
    fn all_small_triples() -> impl Iterator<Item = (u8, u8, u8)> {
        (0..6).flat_map(|a| (0..6).flat_map(move |b| (0..6).map(move |c| (a, b, c))))
    }

    #[test]
    fn results_score_as_specified_and_only_the_contest_ones_are_recorded() {
        let r = MatchResult::new(2, 1, 0).unwrap();
        assert_eq!((r.match_points(), r.game_points(), r.games()), ((3, 0), (6, 3), 3));
        let r = MatchResult::new(1, 1, 1).unwrap();
        assert_eq!((r.match_points(), r.game_points(), r.games()), ((1, 1), (4, 4), 3));
        for (first, second, draws) in all_small_triples() {
            let Ok(result) = MatchResult::new(first, second, draws) else { continue };
            let deltas = [false, true].map(|second| stats_delta(result_key(result, second)));
            let [w1, w2, d] = [first, second, draws].map(u32::from);
            assert_eq!(deltas, stats_deltas(w1, w2, d), "{first} {second} {draws}");
            let mut words = [0u32; 16];
            let mut event = Tournament::new(2, 1, &mut words[..]).unwrap();
            event.start_round().unwrap();
            let recorded = event.record(PlayerId::new(0), PlayerId::new(1), result);
            let expected = if result.is_contest() { Ok(()) } else { Err(RecordError::NotContest(result)) };
            assert_eq!(recorded, expected, "{first} {second} {draws}");
            assert_eq!(CONTEST_KEYS >> result_key(result, false) & 1 == 1, result.is_contest());
        }
    }
}
