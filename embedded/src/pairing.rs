//! The self-check's pairing case: the next round of an event built through the typed API
//! (`referee_core::pair`), as a scoring device would pair it: a player who drops, three who
//! have all met each other (a rematch cannot be avoided) and have had byes but one. The host
//! test `tests/tests/pair.rs` checks [`EXPECTED`] against the exhaustive search; the firmware
//! checks that the microcontroller pairs exactly it.

use core::fmt::Write;

use referee_core::pair::{self, Objective};
use referee_core::standings::{Event, Profile};

use crate::event::{build, Failure, Row};
use crate::selfcheck::Comparer;

/// Players of the event (ids `1..=PLAYERS`).
pub const PLAYERS: u32 = 4;

/// The rounds, each with the players dropped before it: player 4 leaves after round 1.
pub const ROUNDS: [(&[u32], &[Row]); 3] = [
    (&[], &[Row::Match(1, 2, 2, 0, 0), Row::Match(3, 4, 2, 1, 0)]),
    (&[4], &[Row::Match(1, 3, 0, 2, 0), Row::Bye(2)]),
    (&[], &[Row::Match(2, 3, 2, 1, 0), Row::Bye(1)]),
];

/// The pairing of round 4: one line per match (`player1 player2`), the bye, the objective.
pub const EXPECTED: &[u8] = b"1 2\nbye 3\nrematches 1, second byes 0, bye points 6, cost 0\n";

/// The most players of an event after 18 rounds whose event, ranking and pairing fit
/// `slab_words` together by [`pair::words_needed`]'s bound: `n·(18 + 7) + 15·n + 18·48` words and the
/// pairing's (102 players on the `mps2-an386`).
///
/// # Complexity
/// `O(log n)` evaluations of the word counts.
#[must_use]
pub fn largest_18_round_pairing(slab_words: usize) -> u32 {
    crate::event::largest_fitting(slab_words, words_for_18_rounds)
}

/// The words an event of `players` after 18 rounds needs to be ranked and paired (the bound).
#[must_use]
pub fn words_for_18_rounds(players: u32) -> Option<usize> {
    Event::words_needed(players, 18)?
        .checked_add(Event::ranking_words(players, 18)?)?
        .checked_add(pair::words_needed(players, 18)?)
}

/// Builds the event in `scratch`, ranks it, pairs round 4 and compares with [`EXPECTED`].
///
/// # Errors
/// A [`Failure`] as described.
pub fn check(scratch: &mut [u32]) -> Result<(), Failure> {
    let (event, rest) = build(PLAYERS, &ROUNDS, scratch)?;
    let rank_words = Event::ranking_words(PLAYERS, 3).ok_or(Failure::Refused)?;
    let (rank_scratch, pair_scratch) = rest.split_at_mut(rank_words.min(rest.len()));
    let ranking = event.rank(Profile::Mtr, rank_scratch).map_err(|_| Failure::Refused)?;
    let pairing = pair::next_round(&ranking, None, pair_scratch).map_err(|_| Failure::Refused)?;
    let mut out = Comparer::new(EXPECTED);
    for (first, second) in pairing.matches() {
        writeln!(out, "{} {}", first.number(), second.number()).map_err(|_| Failure::Refused)?;
    }
    if let Some(bye) = pairing.bye() {
        writeln!(out, "bye {}", bye.number()).map_err(|_| Failure::Refused)?;
    }
    let Objective { rematches, second_byes, bye_points, cost } = pairing.objective();
    writeln!(out, "rematches {rematches}, second byes {second_byes}, bye points {bye_points}, cost {cost}")
        .map_err(|_| Failure::Refused)?;
    out.difference().map_or(Ok(()), |offset| Err(Failure::Differs(offset)))
}

#[cfg(test)]
mod tests {
    use std::vec;

    use super::*;

    #[test]
    fn the_round_pairs_as_expected_with_the_firmware_slab() {
        let mut slab = vec![0u32; crate::budget::SLAB_WORDS];
        assert_eq!(check(&mut slab), Ok(()));
    }

    #[test]
    fn the_largest_18_round_pairing_fits_each_slab_and_one_more_player_does_not() {
        let words = |n| words_for_18_rounds(n).unwrap();
        for board in crate::board::BOARDS {
            let largest = largest_18_round_pairing(board.slab_words());
            assert!(words(largest) <= board.slab_words(), "{}", board.name);
            assert!(words(largest + 1) > board.slab_words(), "{}", board.name);
            std::println!("{}: {largest} players", board.name);
        }
        assert_eq!(largest_18_round_pairing(crate::board::MPS2_AN386.slab_words()), 102);
    }

    #[test]
    fn a_scratch_too_small_is_a_refusal_not_a_panic() {
        let mut words = [0u32; 40];
        assert_eq!(check(&mut words), Err(Failure::Refused));
    }
}
