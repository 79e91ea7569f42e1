//! The vocabulary of Swiss events, shared by [`swiss`](crate::swiss),
//! [`standings`](crate::standings) and [`pair`](crate::pair): who plays ([`PlayerId`]), what a
//! match ended with ([`MatchResult`]), and the round clock.

use core::fmt;

/// A player of a tournament or an event: the `index`-th registered, counted from 0. Every
/// typed API of the crate names players by it (results, drops, rankings, pairings); people
/// count from 1 ([`PlayerId::number`]).
///
/// ```
/// use referee_core::tournament::PlayerId;
///
/// let ann = PlayerId::new(0);
/// assert_eq!((ann.index(), ann.number()), (0, 1));
/// assert_eq!(PlayerId::from_number(1), Some(ann));
/// assert_eq!(PlayerId::from_number(0), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct PlayerId(u32);

impl PlayerId {
    /// The player registered `index`-th, counted from 0.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn new(index: u32) -> Self {
        Self(index)
    }

    /// The player people call number `number`, counted from 1 (`None` for 0).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn from_number(number: u32) -> Option<Self> {
        match number.checked_sub(1) {
            Some(index) => Some(Self(index)),
            None => None,
        }
    }

    /// The index, counted from 0 (for slices: a `u32` always fits the `usize` of the 32- and
    /// 64-bit targets this crate builds for).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The number people use, counted from 1.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn number(self) -> u64 {
        self.0 as u64 + 1
    }

    /// The index as a `u32` (how the solvers store it).
    pub(crate) const fn raw(self) -> u32 {
        self.0
    }
}

/// The result of one match: games won by the first player, by the second, and drawn. Every
/// result a judge can report in a best-of-three or best-of-one match of the Magic: The
/// Gathering Tournament Rules (MTR 2.1, 2.4, 2.5, Appendix C) is legal:
///
/// - each player wins 0, 1 or 2 games, not both 2 ([`MatchResult::MAX_WINS`]);
/// - 0 to 3 games are drawn ([`MatchResult::MAX_DRAWS`]);
/// - the player with more game wins wins the match; equal game wins is a draw.
///
/// So `2-0`, `2-1`, `2-0-1`, `2-1-1` are finished matches, `1-0` and `1-0-1` matches won at
/// time, `1-1`, `1-1-1`, `0-0-1` drawn matches, `0-0-3` an intentional draw and `0-0` a draw
/// with no game played. The ten results of the contest problem `swiss` are
/// [`MatchResult::CONTEST`].
///
/// ```
/// use referee_core::tournament::{IllegalResult, MatchResult};
///
/// let at_time = MatchResult::new(1, 0, 1)?;
/// assert_eq!((at_time.match_points(), at_time.game_points(), at_time.games()), ((3, 0), (4, 1), 2));
/// assert!(!at_time.is_contest());
/// assert_eq!(MatchResult::new(2, 2, 0), Err(IllegalResult { first: 2, second: 2, draws: 0 }));
/// # Ok::<(), IllegalResult>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct MatchResult {
    first: u8,
    second: u8,
    draws: u8,
}

/// A result that is not legal ([`MatchResult::new`]): the counts given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct IllegalResult {
    /// Games won by the first player.
    pub first: u8,
    /// Games won by the second player.
    pub second: u8,
    /// Games drawn.
    pub draws: u8,
}

impl fmt::Display for IllegalResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{}-{} is not a legal result: each player wins 0 to {} games, not both {}, and 0 to {} games are drawn",
            self.first,
            self.second,
            self.draws,
            MatchResult::MAX_WINS,
            MatchResult::MAX_WINS,
            MatchResult::MAX_DRAWS
        )
    }
}

impl core::error::Error for IllegalResult {}

impl MatchResult {
    /// The most games a player wins in a match (best of three).
    pub const MAX_WINS: u8 = 2;
    /// The most games drawn in a match.
    pub const MAX_DRAWS: u8 = 3;
    /// The ten results of the contest problem `swiss` (Gym 102394 C): `2-0`, `0-2`, `2-1`,
    /// `1-2`, `2-0-1`, `0-2-1`, `1-1-1`, `1-0-2`, `0-1-2`, `0-0-3` (every match two or three
    /// games).
    pub const CONTEST: [Self; 10] = [
        Self::legal(2, 0, 0),
        Self::legal(0, 2, 0),
        Self::legal(2, 1, 0),
        Self::legal(1, 2, 0),
        Self::legal(2, 0, 1),
        Self::legal(0, 2, 1),
        Self::legal(1, 1, 1),
        Self::legal(1, 0, 2),
        Self::legal(0, 1, 2),
        Self::legal(0, 0, 3),
    ];

    /// A result known to be legal.
    const fn legal(first: u8, second: u8, draws: u8) -> Self {
        Self { first, second, draws }
    }

    /// The result `first-second-draws` (games won by the first player, by the second, drawn).
    ///
    /// # Errors
    /// [`IllegalResult`] unless each win count is at most [`MatchResult::MAX_WINS`], not both
    /// equal to it, and `draws` at most [`MatchResult::MAX_DRAWS`] (see the type's docs).
    ///
    /// # Complexity
    /// `O(1)`.
    pub const fn new(first: u8, second: u8, draws: u8) -> Result<Self, IllegalResult> {
        let max = Self::MAX_WINS;
        if first <= max && second <= max && !(first == max && second == max) && draws <= Self::MAX_DRAWS {
            Ok(Self { first, second, draws })
        } else {
            Err(IllegalResult { first, second, draws })
        }
    }

    /// Games won by the first player.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn first_wins(self) -> u8 {
        self.first
    }

    /// Games won by the second player.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn second_wins(self) -> u8 {
        self.second
    }

    /// Games drawn.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn draws(self) -> u8 {
        self.draws
    }

    /// Whether it is one of the ten results of the contest ([`MatchResult::CONTEST`]).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn is_contest(self) -> bool {
        let games = self.first + self.second + self.draws;
        (games == 2 || games == 3) && (self.first == 2 || self.second == 2 || games == 3 && self.draws > 0)
    }

    /// Whether it is a legal result of a best-of-one match: each player wins at most one game,
    /// not both.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn is_best_of_one(self) -> bool {
        self.first <= 1 && self.second <= 1 && !(self.first == 1 && self.second == 1)
    }

    /// Match points of the first and the second player (3 win, 1 draw, 0 loss).
    ///
    /// # Complexity
    /// `O(1)`.
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
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn game_points(self) -> (u32, u32) {
        (3 * self.first as u32 + self.draws as u32, 3 * self.second as u32 + self.draws as u32)
    }

    /// Games played in the match (0 to 6: unfinished games are draws, unplayed ones nothing).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn games(self) -> u32 {
        (self.first + self.second + self.draws) as u32
    }
}

/// Why a round cannot be opened or closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum RoundError {
    /// `start_round` while a round is open.
    AlreadyOpen,
    /// `start_round` after the last round.
    AllPlayed,
    /// `finish_round` with no round open.
    NotOpen,
}

impl fmt::Display for RoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::AlreadyOpen => "a round is already open",
            Self::AllPlayed => "every round has been played",
            Self::NotOpen => "no round is open",
        })
    }
}

impl core::error::Error for RoundError {}

/// The round clock of a Swiss event: which round is current and whether it is open. Shared by
/// [`Tournament`](crate::swiss::Tournament) and [`Event`](crate::standings::Event), which both
/// record results between `start_round` and `finish_round`.
/// Round `round` of at most `rounds`, open or finished (round 0: none started yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RoundClock {
    rounds: u32,
    round: u32,
    open: bool,
}

impl RoundClock {
    /// Before the first of at most `rounds` rounds.
    pub(crate) const fn new(rounds: u32) -> Self {
        Self { rounds, round: 0, open: false }
    }

    /// The current round (1-based; 0 before the first).
    pub(crate) const fn round(self) -> u32 {
        self.round
    }

    /// The most rounds.
    pub(crate) const fn rounds(self) -> u32 {
        self.rounds
    }

    /// The last finished round (0 before the first).
    pub(crate) const fn finished(self) -> u32 {
        self.round - self.open as u32
    }

    /// Whether a round is open.
    pub(crate) const fn is_open(self) -> bool {
        self.open
    }

    /// Opens the next round and returns its number.
    pub(crate) fn start(&mut self) -> Result<u32, RoundError> {
        if self.open {
            return Err(RoundError::AlreadyOpen);
        }
        if self.round >= self.rounds {
            return Err(RoundError::AllPlayed);
        }
        self.round += 1;
        self.open = true;
        Ok(self.round)
    }

    /// Closes the open round and returns its number.
    pub(crate) fn finish(&mut self) -> Result<u32, RoundError> {
        if !self.open {
            return Err(RoundError::NotOpen);
        }
        self.open = false;
        Ok(self.round)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_open_and_close_in_order() {
        let mut clock = RoundClock::new(2);
        assert_eq!((clock.round(), clock.is_open()), (0, false));
        assert_eq!(clock.finish(), Err(RoundError::NotOpen));
        assert_eq!(clock.start(), Ok(1));
        assert_eq!((clock.round(), clock.finished()), (1, 0));
        assert_eq!(clock.start(), Err(RoundError::AlreadyOpen));
        assert_eq!(clock.finish(), Ok(1));
        assert_eq!(clock.start(), Ok(2));
        assert_eq!(clock.finish(), Ok(2));
        assert_eq!(clock.start(), Err(RoundError::AllPlayed));
        assert_eq!((clock.round(), clock.rounds(), clock.is_open()), (2, 2, false));
    }

    #[test]
    fn legal_results_are_the_mtr_ones() {
        let mut legal = 0;
        for w1 in 0..=4 {
            for w2 in 0..=4 {
                for d in 0..=4 {
                    let by_rules = w1 <= 2 && w2 <= 2 && !(w1 == 2 && w2 == 2) && d <= 3;
                    assert_eq!(MatchResult::new(w1, w2, d).is_ok(), by_rules, "{w1}-{w2}-{d}");
                    legal += usize::from(by_rules);
                    if let Ok(result) = MatchResult::new(w1, w2, d) {
                        let contest = MatchResult::CONTEST.contains(&result);
                        assert_eq!(result.is_contest(), contest, "{w1}-{w2}-{d}");
                    }
                }
            }
        }
        assert_eq!(legal, 32);
    }
}
