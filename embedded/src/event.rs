//! The self-check's standings case: an event built through the typed API alone
//! (`referee_core::standings`), as a scoring device records it, with a bye, an explicit drop
//! and a player who silently stops, then ranked under the MTR. `tests/tests/standings.rs`
//! checks [`EXPECTED`] against the brute-force reference on the host; the firmware checks that
//! the microcontroller computes exactly it.

use core::fmt::Write;

use referee_core::standings::{Event, MatchResult, PlayerId, Profile};

use crate::selfcheck::Comparer;

/// Players of the event (ids `1..=PLAYERS`).
pub const PLAYERS: u32 = 6;

/// Rounds of the event.
pub const ROUND_COUNT: u32 = 3;

/// One row of a round: a match `(p1, p2, w1, w2, d)` or a bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// Players `p1` and `p2` (1-based), `w1` and `w2` games won, `d` drawn.
    Match(u32, u32, u8, u8, u8),
    /// A bye for the player.
    Bye(u32),
}

/// The rounds; before each round, the players dropped explicitly (`drop_player`). Player 6
/// takes no part in round 2 and so drops silently; player 4 is dropped before round 3.
pub const ROUNDS: [(&[u32], &[Row]); ROUND_COUNT as usize] = [
    (&[], &[Row::Match(1, 2, 2, 0, 0), Row::Match(3, 4, 2, 1, 0), Row::Match(5, 6, 1, 1, 1)]),
    (&[], &[Row::Match(1, 3, 1, 2, 0), Row::Bye(2), Row::Match(4, 5, 2, 0, 0)]),
    (&[4], &[Row::Match(3, 5, 2, 0, 1), Row::Match(1, 2, 0, 0, 3)]),
];

/// The ranked table after the last round, one line per row: rank, player, match points, OMW,
/// GW, OGW (irreducible fractions).
pub const EXPECTED: &[u8] = b"1 3 9 1147/2700 19/27 143/300
2 1 4 17/27 1/2 295/567
3 2 4 4/9 3/7 1/2
4 4 3 133/200 3/5 2791/5400
5 5 1 11/18 33/100 236/405
6 6 1 33/100 4/9 33/100
";

/// The most players of an 18-round event (the longest real Swiss events) whose event and
/// ranking fit `slab_words` together: `n·(18 + 7) + 15·n + 18·48` words (1 412 players on
/// the `mps2-an386`).
///
/// # Complexity
/// `O(log n)` evaluations of the word counts.
#[must_use]
pub fn largest_18_round_event(slab_words: usize) -> u32 {
    largest_fitting(slab_words, |n| Event::words_needed(n, 18)?.checked_add(Event::ranking_words(n, 18)?))
}

/// The largest `n` in `0..2^24` whose `words(n)` is at most `slab_words` (`words` grows with
/// `n`; `None` counts as too many).
pub(crate) fn largest_fitting(slab_words: usize, words: impl Fn(u32) -> Option<usize>) -> u32 {
    let fits = |n| words(n).is_some_and(|w| w <= slab_words);
    let (mut low, mut high) = (0u32, 1 << 24);
    while low + 1 < high {
        let middle = low + (high - low) / 2;
        if fits(middle) {
            low = middle;
        } else {
            high = middle;
        }
    }
    low
}

/// What went wrong building or ranking the event, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(target_os = "none", derive(defmt::Format))]
pub enum Failure {
    /// An operation of the typed API refused (the event is built wrongly for this build).
    Refused,
    /// The table differs from [`EXPECTED`] at this byte offset.
    Differs(usize),
}

/// An event of `players` with `rounds` played (before each, its explicit drops; then its
/// rows) at the start of `scratch`, and the rest of `scratch`.
///
/// # Errors
/// [`Failure::Refused`] when the typed API refuses a step (a scratch too small among them).
pub fn build<'s>(
    players: u32,
    rounds: &[(&[u32], &[Row])],
    scratch: &'s mut [u32],
) -> Result<(Event<'s>, &'s mut [u32]), Failure> {
    let count = u32::try_from(rounds.len()).map_err(|_| Failure::Refused)?;
    let words = Event::words_needed(players, count).ok_or(Failure::Refused)?;
    let (event_scratch, rest) = scratch.split_at_mut(words.min(scratch.len()));
    let mut event = Event::new(players, count, event_scratch).map_err(|_| Failure::Refused)?;
    play(&mut event, rounds)?;
    Ok((event, rest))
}

/// Plays `rounds` in `event`: before each, its explicit drops; then its rows.
fn play(event: &mut Event<'_>, rounds: &[(&[u32], &[Row])]) -> Result<(), Failure> {
    for &(drops, rows) in rounds {
        for &player in drops {
            event.drop_player(player_id(player)?).map_err(|_| Failure::Refused)?;
        }
        event.start_round().map_err(|_| Failure::Refused)?;
        for &row in rows {
            let recorded = match row {
                Row::Match(p1, p2, w1, w2, d) => {
                    let result = MatchResult::new(w1, w2, d).map_err(|_| Failure::Refused)?;
                    event.record(player_id(p1)?, player_id(p2)?, result)
                }
                Row::Bye(player) => event.bye(player_id(player)?),
            };
            recorded.map_err(|_| Failure::Refused)?;
        }
        event.finish_round().map_err(|_| Failure::Refused)?;
    }
    Ok(())
}

/// The player people call `number` (1-based, as the rows write them).
pub(crate) fn player_id(number: u32) -> Result<PlayerId, Failure> {
    PlayerId::from_number(number).ok_or(Failure::Refused)
}

/// Builds the event in `scratch`, ranks it and compares the table with [`EXPECTED`].
///
/// # Errors
/// A [`Failure`] as described.
pub fn check(scratch: &mut [u32]) -> Result<(), Failure> {
    let (event, rank_scratch) = build(PLAYERS, &ROUNDS, scratch)?;
    let table = event.rank(Profile::Mtr, rank_scratch).map_err(|_| Failure::Refused)?;
    let mut out = Comparer::new(EXPECTED);
    for row in table.iter() {
        let s = row.standing;
        writeln!(out, "{} {} {} {} {} {}", row.rank, row.player.number(), s.match_points, s.omw, s.gw, s.ogw)
            .map_err(|_| Failure::Refused)?;
    }
    out.difference().map_or(Ok(()), |offset| Err(Failure::Differs(offset)))
}

#[cfg(test)]
mod tests {
    use std::vec;

    use super::*;

    #[test]
    fn the_event_ranks_as_expected_with_the_firmware_slab() {
        let mut slab = vec![0u32; crate::budget::SLAB_WORDS];
        assert_eq!(check(&mut slab), Ok(()));
    }

    #[test]
    fn the_largest_18_round_event_fits_each_slab_and_one_more_player_does_not() {
        let words = |n: u32| Event::words_needed(n, 18).unwrap() + Event::ranking_words(n, 18).unwrap();
        for board in crate::board::BOARDS {
            let largest = largest_18_round_event(board.slab_words());
            assert!(words(largest) <= board.slab_words(), "{}", board.name);
            assert!(words(largest + 1) > board.slab_words(), "{}", board.name);
            std::println!("{}: {largest} players", board.name);
        }
        assert_eq!(largest_18_round_event(crate::board::MPS2_AN386.slab_words()), 1412);
    }

    #[test]
    fn a_scratch_too_small_is_a_refusal_not_a_panic() {
        let mut words = [0u32; 8];
        assert_eq!(check(&mut words), Err(Failure::Refused));
    }
}
