//! Helpers shared by the integration tests that check the firmware's self-check constants.

use referee_embedded::event::Row;
use referee_tests::event::{Entry, Tourney};

/// A firmware self-check event (`referee_embedded::event::ROUNDS` and the like: 1-based ids,
/// explicit drops before each round) as the tests' event data (0-based ids; the drops follow
/// from the rows).
pub fn firmware_tourney(players: u32, rounds: &[(&[u32], &[Row])]) -> Tourney {
    let rounds = rounds
        .iter()
        .map(|(_, rows)| {
            rows.iter()
                .map(|&row| match row {
                    Row::Match(p1, p2, w1, w2, d) => Entry::Match(p1 as usize - 1, p2 as usize - 1, w1, w2, d),
                    Row::Bye(p) => Entry::Bye(p as usize - 1),
                })
                .collect()
        })
        .collect();
    Tourney { n: players as usize, rounds }
}
