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
//! larger round count is refused. Up to 16 rounds every value even fits in a `u64`
//! (`3·16·D_16` needs 61 bits), which the reductions use as a fast path.
//!
//! # Complexity
//! Time `O(n·m²)` per test case (each round sums at most `r` opponent terms per player),
//! memory `n·(m + 6)` words of caller-provided [`Scratch`].

use core::fmt::Write;

use crate::error::{Error, ErrorKind, Result};
use crate::format::LineBuf;
use crate::fraction::Fraction;
use crate::scanner::Scanner;
use crate::scratch::Scratch;

/// The most rounds whose statistics provably fit the integer types (see the module docs).
pub const MAX_ROUNDS: u32 = 34;
/// The most players per test case (ids must fit the 24-bit packing of the opponent lists).
pub const MAX_PLAYERS: u32 = 1 << 24;
/// The most test cases in one input.
pub const MAX_TEST_CASES: u64 = 1 << 32;
/// Words of scratch per player besides its opponent list.
const WORDS_PER_PLAYER: usize = 6;

/// The result of one match: games won by the first player, by the second, and drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct MatchResult {
    first: u8,
    second: u8,
    draws: u8,
}

impl MatchResult {
    /// The ten legal results `w1 w2 d`.
    pub const LEGAL: [(u8, u8, u8); 10] =
        [(2, 0, 0), (0, 2, 0), (2, 1, 0), (1, 2, 0), (2, 0, 1), (0, 2, 1), (1, 1, 1), (1, 0, 2), (0, 1, 2), (0, 0, 3)];

    /// The result `w1 w2 d` if it is one of the ten legal ones.
    #[must_use]
    pub fn new(first: u8, second: u8, draws: u8) -> Option<Self> {
        Self::LEGAL.contains(&(first, second, draws)).then_some(Self { first, second, draws })
    }

    /// Match points of the first and the second player (3 win, 1 draw, 0 loss).
    #[must_use]
    pub const fn match_points(self) -> (u32, u32) {
        if self.first > self.second {
            (3, 0)
        } else if self.first < self.second {
            (0, 3)
        } else {
            (1, 1)
        }
    }

    /// Game points of the first and the second player (3 per game won, 1 per game drawn).
    #[must_use]
    pub const fn game_points(self) -> (u32, u32) {
        (3 * self.first as u32 + self.draws as u32, 3 * self.second as u32 + self.draws as u32)
    }

    /// Games played in the match (2 or 3).
    #[must_use]
    pub const fn games(self) -> u32 {
        (self.first + self.second + self.draws) as u32
    }
}

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

/// Why a match cannot be recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum PairingError {
    /// A player id outside `1..=n`; `second` tells which of the two.
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
}

/// The state of one tournament, stored in caller-provided words.
#[derive(Debug)]
pub struct Tournament<'a> {
    players: usize,
    rounds: u32,
    round: u32,
    open: bool,
    match_points: &'a mut [u32],
    game_points: &'a mut [u32],
    games: &'a mut [u32],
    /// The last round in which each player had a match (0 = none yet).
    last_played: &'a mut [u32],
    /// Per player, `max(MP, r)` (bits 0..8), `max(GP, G)` (bits 8..20) and `G - 2r`
    /// (bits 20..28): what its opponents need of it, refreshed after each round.
    packed: &'a mut [u32],
    opponent_count: &'a mut [u32],
    /// `rounds` slots per player: the 0-based ids of its opponents, in order.
    opponents: &'a mut [u32],
    /// `D_r / G` for `G = 2r..=3r` after round `r`.
    scale: [u128; MAX_ROUNDS as usize + 1],
    /// `D_r = lcm(2r..=3r)`.
    lcm: u128,
}

impl<'a> Tournament<'a> {
    /// Words of scratch a tournament of `players` and `rounds` needs, if it fits a `usize`.
    #[must_use]
    pub fn words_needed(players: u32, rounds: u32) -> Option<usize> {
        let per_player = WORDS_PER_PLAYER.checked_add(usize::try_from(rounds).ok()?)?;
        usize::try_from(players).ok()?.checked_mul(per_player)
    }

    /// A tournament before its first round, in `scratch`.
    ///
    /// # Errors
    /// [`ErrorKind::OutOfRange`] for `players` outside `1..=MAX_PLAYERS` or `rounds` outside
    /// `1..=MAX_ROUNDS`; [`ErrorKind::Capacity`] when `scratch` is too small.
    pub fn new(players: u32, rounds: u32, scratch: &'a mut (impl Scratch + ?Sized)) -> Result<Self, ErrorKind> {
        if !(1..=MAX_PLAYERS).contains(&players) {
            return Err(range_error("the number of players", players, 1, MAX_PLAYERS));
        }
        if !(1..=MAX_ROUNDS).contains(&rounds) {
            return Err(range_error("the number of rounds", rounds, 1, MAX_ROUNDS));
        }
        let needed = Self::words_needed(players, rounds).ok_or(ErrorKind::Capacity {
            what: "scratch words",
            needed: u64::MAX,
            capacity: 0,
        })?;
        let words = scratch.words(needed)?;
        let n = players as usize;
        let (match_points, rest) = words.split_at_mut(n);
        let (game_points, rest) = rest.split_at_mut(n);
        let (games, rest) = rest.split_at_mut(n);
        let (last_played, rest) = rest.split_at_mut(n);
        let (packed, rest) = rest.split_at_mut(n);
        let (opponent_count, opponents) = rest.split_at_mut(n);
        for column in [&mut *match_points, &mut *game_points, &mut *games, &mut *last_played, &mut *opponent_count] {
            column.fill(0);
        }
        Ok(Self {
            players: n,
            rounds,
            round: 0,
            open: false,
            match_points,
            game_points,
            games,
            last_played,
            packed,
            opponent_count,
            opponents,
            scale: [0; MAX_ROUNDS as usize + 1],
            lcm: 1,
        })
    }

    /// The number of players.
    #[must_use]
    pub const fn players(&self) -> usize {
        self.players
    }

    /// The current round (1-based; 0 before the first).
    #[must_use]
    pub const fn round(&self) -> u32 {
        self.round
    }

    /// Opens the next round. Returns `false` when all rounds have been played.
    pub fn start_round(&mut self) -> bool {
        if self.open || self.round >= self.rounds {
            return false;
        }
        self.round += 1;
        self.open = true;
        true
    }

    /// Records a match of the open round between players `first` and `second` (1-based ids).
    ///
    /// # Errors
    /// A [`PairingError`]; the tournament is unchanged then.
    pub fn record(&mut self, first: u32, second: u32, result: MatchResult) -> Result<(), PairingError> {
        if !self.open {
            return Err(PairingError::NoOpenRound);
        }
        let n = self.players;
        let index = |id: u32| (id as usize).checked_sub(1).filter(|&i| i < n);
        let a = index(first).ok_or(PairingError::OutOfRange { second: false })?;
        let b = index(second).ok_or(PairingError::OutOfRange { second: true })?;
        if a == b {
            return Err(PairingError::SelfMatch);
        }
        if self.last_played[a] == self.round {
            return Err(PairingError::PlaysTwice { second: false });
        }
        if self.last_played[b] == self.round {
            return Err(PairingError::PlaysTwice { second: true });
        }
        let (mp_a, mp_b) = result.match_points();
        let (gp_a, gp_b) = result.game_points();
        for (me, other, mp, gp) in [(a, second - 1, mp_a, gp_a), (b, first - 1, mp_b, gp_b)] {
            self.last_played[me] = self.round;
            self.match_points[me] += mp;
            self.game_points[me] += gp;
            self.games[me] += result.games();
            let slot = me * self.rounds as usize + self.opponent_count[me] as usize;
            self.opponents[slot] = other;
            self.opponent_count[me] += 1;
        }
        Ok(())
    }

    /// Closes the open round: every player without a match gets a bye, and the values the
    /// standings need are refreshed. Does nothing when no round is open.
    pub fn finish_round(&mut self) {
        if !self.open {
            return;
        }
        self.open = false;
        let r = self.round;
        for i in 0..self.players {
            if self.last_played[i] != r {
                self.match_points[i] += 3;
                self.game_points[i] += 6;
                self.games[i] += 2;
            }
            let mw = self.match_points[i].max(r);
            let gw = self.game_points[i].max(self.games[i]);
            self.packed[i] = mw | gw << 8 | (self.games[i] - 2 * r) << 20;
        }
        let lcm = GAMES_LCM[r as usize];
        self.lcm = lcm;
        for (slot, g) in self.scale.iter_mut().zip(2 * r..=3 * r) {
            *slot = match u64::try_from(lcm) {
                Ok(small) => u128::from(small / u64::from(g)),
                Err(_) => lcm / u128::from(g),
            };
        }
    }

    /// The standing of player `index` (0-based) after the last finished round.
    ///
    /// # Panics
    /// If `index >= players()`.
    #[must_use]
    pub fn standing(&self, index: usize) -> Standing {
        let sums = self.opponent_sums(index);
        let r = u64::from(self.round.max(1));
        let games = u64::from(self.games[index].max(1));
        Standing {
            match_points: self.match_points[index],
            omw: sums.map_or(THIRD, |s| reduce(u128::from(s.mw_sum), u128::from(3 * r * s.matches))),
            gw: reduce(u128::from(self.game_points[index].max(self.games[index])), u128::from(3 * games)),
            ogw: sums.map_or(THIRD, |s| reduce(s.gw_sum, 3 * self.lcm * u128::from(s.matches))),
        }
    }

    /// `Σ max(MP_j, r)` and `Σ max(GP_j, G_j)·D_r/G_j` over the player's matches, with their
    /// count; `None` before the first match.
    fn opponent_sums(&self, index: usize) -> Option<OpponentSums> {
        let count = self.opponent_count[index] as usize;
        if count == 0 {
            return None;
        }
        let start = index * self.rounds as usize;
        let mut mw_sum: u64 = 0;
        let mut gw_sum: u128 = 0;
        for &opponent in &self.opponents[start..start + count] {
            let packed = self.packed[opponent as usize];
            mw_sum += u64::from(packed & 0xff);
            gw_sum += u128::from(packed >> 8 & 0xfff) * self.scale[(packed >> 20) as usize];
        }
        Some(OpponentSums { mw_sum, gw_sum, matches: u64::from(self.opponent_count[index]) })
    }

    /// Writes `Round r` and one `MP OMW GW OGW` line per player.
    ///
    /// # Errors
    /// Whatever `out` returns.
    pub fn write_round<W: Write + ?Sized>(&self, out: &mut W) -> core::fmt::Result {
        /// The longest line: a 3-digit MP and three fractions of two 39-digit numbers.
        const LONGEST_LINE: usize = 4 + 3 * (1 + 39 + 1 + 39) + 1;
        let mut text = LineBuf::new();
        text.push_bytes(b"Round ")?;
        text.push_u64(u64::from(self.round))?;
        text.push_bytes(b"\n")?;
        for i in 0..self.players {
            text.make_room(LONGEST_LINE, out)?;
            let s = self.standing(i);
            text.push_u64(u64::from(s.match_points))?;
            for value in [s.omw, s.gw, s.ogw] {
                text.push_bytes(b" ")?;
                text.push_u128(value.numer())?;
                text.push_bytes(b"/")?;
                text.push_u128(value.denom())?;
            }
            text.push_bytes(b"\n")?;
        }
        text.flush_to(out)
    }
}

/// `D_r = lcm(2r, 2r+1, …, 3r)` for every `r ≤ MAX_ROUNDS` (index 0 unused), computed at
/// compile time; the build fails if `3·r·D_r` did not fit a `u128` (the overflow proof).
const GAMES_LCM: [u128; MAX_ROUNDS as usize + 1] = {
    const fn gcd(a: u128, b: u128) -> u128 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
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

/// The range error for `value` outside `min..=max`.
fn range_error(what: &'static str, value: u32, min: u32, max: u32) -> ErrorKind {
    ErrorKind::OutOfRange { what, value: Some(i64::from(value)), min: i64::from(min), max: i64::from(max) }
}

/// Reads one match result `w1 w2 d` and checks it is legal.
fn read_result(scanner: &mut Scanner<'_>) -> Result<MatchResult> {
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

/// Reads one test case and writes its standings round by round: round `r` is written before
/// round `r + 1` is read.
fn solve_case<W: Write + ?Sized>(
    scanner: &mut Scanner<'_>,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    let n = scanner.number("the number of players", 1, MAX_PLAYERS)?;
    scanner.skip_whitespace();
    let rounds_at = scanner.position();
    let m = scanner.number("the number of rounds", 1, MAX_ROUNDS)?;
    let mut matches = [0u32; MAX_ROUNDS as usize];
    for slot in &mut matches[..m as usize] {
        *slot = scanner.number("the number of matches of a round (at most n/2)", 0, n / 2)?;
    }
    let mut tournament = Tournament::new(n, m, scratch).map_err(|kind| Error::new(rounds_at, kind))?;
    for &count in &matches[..m as usize] {
        tournament.start_round();
        for _ in 0..count {
            scanner.skip_whitespace();
            let first_at = scanner.position();
            let first = scanner.number("a player id", 1, n)?;
            scanner.skip_whitespace();
            let second_at = scanner.position();
            let second = scanner.number("a player id", 1, n)?;
            let result = read_result(scanner)?;
            tournament.record(first, second, result).map_err(|e| {
                let (at, id, rule) = match e {
                    PairingError::SelfMatch => (second_at, second, "cannot play a match against himself"),
                    PairingError::PlaysTwice { second: false } => {
                        (first_at, first, "already has a match in this round")
                    }
                    PairingError::PlaysTwice { second: true } => {
                        (second_at, second, "already has a match in this round")
                    }
                    PairingError::OutOfRange { .. } | PairingError::NoOpenRound => {
                        (first_at, first, "cannot be recorded")
                    }
                };
                Error::new(at, ErrorKind::InvalidItem { what: "player", item: u64::from(id), rule })
            })?;
        }
        tournament.finish_round();
        tournament.write_round(out)?;
    }
    Ok(())
}

/// The judge driver: reads `T` test cases from `input` and writes every round's standings.
///
/// # Errors
/// The first problem in the input, with its position; capacity errors when `scratch` cannot
/// hold a test case; [`ErrorKind::Write`] when `out` fails. Output already written for earlier
/// rounds stays written: a caller that must not show partial answers buffers `out`.
///
/// # Complexity
/// `O(Σ n·m²)` time; `n·(m + 6)` scratch words for the largest test case.
pub fn solve<W: Write + ?Sized>(input: &[u8], scratch: &mut (impl Scratch + ?Sized), out: &mut W) -> Result<()> {
    let mut scanner = Scanner::new(input);
    let cases = scanner.unsigned("the number of test cases", 1, MAX_TEST_CASES)?;
    for _ in 0..cases {
        solve_case(&mut scanner, scratch, out)?;
    }
    scanner.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `3·r·lcm(2r..=3r)` fits in a `u128` exactly for `r ≤ MAX_ROUNDS`; `r = 16` fits a `u64`.
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
    fn legal_results_score_as_specified() {
        let r = MatchResult::new(2, 1, 0).unwrap();
        assert_eq!((r.match_points(), r.game_points(), r.games()), ((3, 0), (6, 3), 3));
        let r = MatchResult::new(1, 1, 1).unwrap();
        assert_eq!((r.match_points(), r.game_points(), r.games()), ((1, 1), (4, 4), 3));
        assert_eq!(MatchResult::new(1, 1, 0), None);
        assert_eq!(MatchResult::new(3, 0, 0), None);
    }
}
