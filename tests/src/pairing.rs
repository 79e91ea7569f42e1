//! Checks of [`pair::next_round`] shared by the tests and the fuzz targets: the pairing of
//! the players still in, its order, and the objective it reports, by the fast path and by
//! the matching alone.

use referee_core::pair::{self, Objective, Pairing};
use referee_core::standings::{Event, PlayerId, Profile};
use referee_core::HeapScratch;

use crate::event::{record_round, Tourney};
use crate::reference::pair::State;

/// `(R, B, Y, C)`.
pub type Goal = (u64, u64, u64, u64);

/// Pairs `t`'s next round with the typed API (and `seed`), by [`pair::next_round`] and by the
/// matching alone, checks that each pairing is one of the players still in, in the ranking's
/// order, with the objective it reports, and returns that objective (the same for both).
///
/// # Panics
/// If a check fails.
#[must_use]
pub fn check_next_round(t: &Tourney, seed: Option<u64>) -> Goal {
    let rounds = t.rounds.len().max(1) as u32;
    let mut words = vec![0u32; Event::words_needed(t.n as u32, rounds).unwrap()];
    let mut event = Event::new(t.n as u32, rounds, &mut words[..]).unwrap();
    for round in &t.rounds {
        event.start_round().unwrap();
        record_round(&mut event, round);
        event.finish_round().unwrap();
    }
    let mut rank_words = HeapScratch::default();
    let ranking = event.rank(Profile::Mtr, &mut rank_words).unwrap();
    let bound = pair::words_needed(t.n as u32, t.rounds.len() as u32).unwrap();
    let state = State::of(t);
    let position = |id: PlayerId| ranking.iter().position(|r| r.player == id).unwrap();
    let check = |pairing: &Pairing<'_>| -> Goal {
        let mut seen = vec![false; t.n];
        let mut matches = Vec::new();
        let mut last_first = None;
        for (a, b) in pairing.matches() {
            assert!(position(a) < position(b), "player1 ranks first: {t:?}");
            assert!(last_first < Some(position(a)), "rows in ranking order: {t:?}");
            last_first = Some(position(a));
            let (a, b) = (a.index(), b.index());
            matches.push((a, b));
            for p in [a, b] {
                assert!(!std::mem::replace(&mut seen[p], true), "{p} paired twice: {t:?}");
            }
        }
        let bye = pairing.bye().map(PlayerId::index);
        if let Some(p) = bye {
            assert!(!std::mem::replace(&mut seen[p], true), "{p} on the bye and in a match: {t:?}");
        }
        let paired: Vec<usize> = (0..t.n).filter(|&p| seen[p]).collect();
        assert_eq!(paired, state.active, "exactly the players still in: {t:?}");
        assert_eq!(bye.is_some(), state.active.len() % 2 == 1, "a bye exactly for an odd number: {t:?}");
        let objective = state.objective(&matches, bye);
        let Objective { rematches, second_byes, bye_points, cost } = pairing.objective();
        let reported = (u64::from(rematches), u64::from(second_byes), u64::from(bye_points), cost);
        assert_eq!(objective, reported, "the reported objective: {t:?}");
        objective
    };
    let mut scratch = vec![0u32; bound];
    let fast = check(&pair::next_round(&ranking, seed, &mut scratch[..]).unwrap());
    let matched = check(&pair::next_round_by_matching(&ranking, seed, &mut scratch[..]).unwrap());
    assert_eq!(fast, matched, "the fast path and the matching: {t:?}");
    fast
}
