//! Structure-aware: a valid event (1..=10 players, 0..=8 rounds, each round some disjoint
//! pairs with legal results and byes for everyone else, explicit drops between rounds) paired
//! by `pair::next_round` and by the matching alone: each a pairing of exactly the players still
//! in, in the ranking's order, reporting its own objective, which is the exhaustive search's
//! optimum (`referee_tests::pairing::check_next_round`), with and without a seed.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use referee_tests::event::{Entry, Tourney, RESULTS};
use referee_tests::pairing::check_next_round;
use referee_tests::reference::pair::State;

#[derive(Arbitrary, Debug)]
struct Round {
    /// Bit `i`: the `i`-th player still in drops before this round (one always stays).
    drops: u16,
    /// The pairs (as indices into the players not yet placed) and their results; the players
    /// left over have byes.
    pairs: Vec<(u8, u8, u8)>,
}

#[derive(Arbitrary, Debug)]
struct Shape {
    /// Players, taken modulo 10 plus one.
    players: u8,
    rounds: Vec<Round>,
    seed: Option<u64>,
}

fuzz_target!(|shape: Shape| {
    let n = usize::from(shape.players % 10 + 1);
    let mut active: Vec<usize> = (0..n).collect();
    let mut rounds = Vec::new();
    for (r, round) in shape.rounds.iter().take(8).enumerate() {
        if r > 0 {
            let kept: Vec<usize> =
                active.iter().enumerate().filter(|&(i, _)| round.drops >> (i % 16) & 1 == 0).map(|(_, &p)| p).collect();
            if !kept.is_empty() {
                active = kept;
            }
        }
        let mut free = active.clone();
        let mut rows = Vec::new();
        for &(a, b, result) in &round.pairs {
            if free.len() < 2 {
                break;
            }
            let first = free.remove(usize::from(a) % free.len());
            let second = free.remove(usize::from(b) % free.len());
            let (w1, w2, d) = RESULTS[usize::from(result) % RESULTS.len()];
            rows.push(Entry::Match(first, second, w1, w2, d));
        }
        rows.extend(free.into_iter().map(Entry::Bye));
        rounds.push(rows);
    }
    let t = Tourney { n, rounds };
    let optimum = State::of(&t).optimum();
    assert_eq!(check_next_round(&t, None), optimum, "{t:?}");
    if let Some(seed) = shape.seed {
        assert_eq!(check_next_round(&t, Some(seed)), optimum, "seed {seed}: {t:?}");
    }
});
