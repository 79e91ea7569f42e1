//! Random Swiss events for the tests of `standings` and `pair`: rounds of matches and byes,
//! with drops, repeated pairings and several byes a round, as plain data.

use crate::Rng;

/// One row of an event: a match `(p1, p2, w1, w2, d)` or a bye of `p` (0-based players).
#[derive(Clone, Copy, Debug)]
pub enum Entry {
    /// Players `p1` and `p2` met; `w1`, `w2` games won, `d` drawn.
    Match(usize, usize, u8, u8, u8),
    /// The player had the bye.
    Bye(usize),
}

impl Entry {
    /// Whether player `p` has this row.
    #[must_use]
    pub const fn has(&self, p: usize) -> bool {
        match *self {
            Self::Bye(q) => q == p,
            Self::Match(a, b, ..) => a == p || b == p,
        }
    }
}

/// An event: `rounds[r]` holds the rows of round `r + 1`; a player absent from a round has
/// dropped and never appears again; every player appears in round 1.
#[derive(Clone, Debug)]
pub struct Tourney {
    /// The number of players.
    pub n: usize,
    /// The rows of each round.
    pub rounds: Vec<Vec<Entry>>,
}

/// The ten legal results of a best-of-three match `(w1, w2, d)`.
pub const RESULTS: [(u8, u8, u8); 10] =
    [(2, 0, 0), (0, 2, 0), (2, 1, 0), (1, 2, 0), (2, 0, 1), (0, 2, 1), (1, 1, 1), (1, 0, 2), (0, 1, 2), (0, 0, 3)];

/// A random event: repeated pairings from a small pool, byes (sometimes several), drops,
/// and, one time in three, results that make near-ties (2-0s and draws only).
#[must_use]
pub fn random_event(rng: &mut Rng, max_players: u64, max_rounds: u64) -> Tourney {
    let n = rng.range(1, max_players) as usize;
    let m = rng.range(1, max_rounds) as usize;
    let few_results: &[usize] = match rng.range(0, 2) {
        0 => &[0, 1, 6, 9],
        1 => &[0, 1, 2, 3],
        _ => &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };
    let mut active: Vec<usize> = (0..n).collect();
    let mut rounds = Vec::new();
    for r in 0..m {
        if r > 0 && active.len() > 1 {
            // Drops: each active player leaves with probability 1/8.
            active.retain(|_| rng.range(0, 7) != 0);
            if active.is_empty() {
                break;
            }
        }
        let mut players = active.clone();
        // Repeated pairings: half of the rounds keep the id order (the same pairs again).
        if rng.range(0, 1) == 0 {
            rng.shuffle(&mut players);
        }
        let byes = match rng.range(0, 5) {
            0 => rng.range(0, players.len() as u64) as usize,
            _ => players.len() % 2,
        };
        let mut round = Vec::new();
        let (bye_players, paired) = players.split_at(byes.min(players.len()));
        for &p in bye_players {
            round.push(Entry::Bye(p));
        }
        for pair in paired.chunks(2) {
            if let [a, b] = *pair {
                let (w1, w2, d) = RESULTS[few_results[rng.below(few_results.len())]];
                round.push(Entry::Match(a, b, w1, w2, d));
            } else {
                round.push(Entry::Bye(pair[0]));
            }
        }
        rng.shuffle(&mut round);
        rounds.push(round);
    }
    Tourney { n, rounds }
}

/// Records the rows of one round in `event` (a round must be open).
///
/// # Panics
/// If the event refuses a row.
pub fn record_round(event: &mut referee_core::standings::Event<'_>, round: &[Entry]) {
    use referee_core::standings::{MatchResult, PlayerId};
    let id = |p: usize| PlayerId::new(u32::try_from(p).unwrap());
    for &entry in round {
        match entry {
            Entry::Bye(p) => event.bye(id(p)).unwrap(),
            Entry::Match(a, b, w1, w2, d) => {
                event.record(id(a), id(b), MatchResult::new(w1, w2, d).unwrap()).unwrap();
            }
        }
    }
}
