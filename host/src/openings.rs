//! `tavern` searched on several threads: where the sides are even, each side may attack
//! first, and the two first movers' games (`tavern::openings`) are searched on two threads,
//! each with a cache and a scratch of its own (`tavern::opening_shares`), their exact shares added
//! up: the same odds as one search, exactly (integers, added in any order).
//!
//! Each thread's cache is its own, so a state reached from both openings is searched twice;
//! the two first movers' games share few states (after the same attacks, the other side is to
//! move): `tavern_states.in` takes 4 % more instructions in all and about 60 % of one thread's
//! wall time. Openings by first target (`tavern::openings(battle, true)`) share many more (on
//! three threads they took 50 % more CPU time than one thread on `tavern_states.in`, and an
//! uneven 6-against-7 battle took 20 % longer on two threads than on one): a battle with one
//! first mover is searched on one thread.

use std::thread;

use referee_core::scratch::Scratch;
use referee_core::tavern::{odds, opening_shares, openings, Battle, Odds, OddsError, Strategy};
use referee_core::HeapScratch;

/// The odds of `battle` searched with `strategy` on up to `threads` threads, one per first
/// mover (one thread, or uneven sides: [`odds`] on the calling thread), the calling thread's
/// search in `scratch`.
///
/// Memory: each thread searching has its own scratch (the fixed table, `--table-kib`) and
/// memo, so up to `threads` times one search's.
///
/// # Errors
/// The first error of an opening's search (out of memory, above all), as [`odds`].
///
/// # Complexity
/// As [`odds`] for each opening, over the threads.
pub fn search(
    battle: &Battle,
    strategy: Strategy,
    threads: usize,
    scratch: &mut (impl Scratch + ?Sized),
) -> Result<Odds<'static>, OddsError> {
    // Two first movers when the sides are even, and two threads for them; else one search.
    let parts = openings(battle, false);
    let (&[first, second], 2..) = (&parts[..], threads) else { return odds(battle, strategy, scratch) };
    thread::scope(|scope| {
        let helper = thread::Builder::new()
            .spawn_scoped(scope, move || opening_shares(battle, second, strategy, &mut HeapScratch::default()));
        let first_shares = opening_shares(battle, first, strategy, scratch)?;
        let second_shares = match helper {
            // A helper that panicked (it cannot: the core does not panic) left its opening
            // unsearched: the sum would miss it, so it is an error.
            Ok(helper) => helper.join().unwrap_or(Err(OddsError::Overflow))?,
            // No thread: the opening is searched here.
            Err(_) => opening_shares(battle, second, strategy, scratch)?,
        };
        first_shares.checked_add(second_shares).ok_or(OddsError::Overflow)?.odds()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use referee_core::tavern::DEFAULT_TABLE_WORDS;

    #[test]
    fn threads_give_the_odds_of_one_search() {
        let battles = [
            Battle::new(&[2, 5], &[3, 4, 1]).unwrap(),
            Battle::new(&[1, 1, 4, 5, 1, 4], &[1, 1, 4, 5, 1, 4]).unwrap(),
            Battle::new(&[7], &[1, 1, 1, 1, 1, 1, 1]).unwrap(),
            Battle::new(&[3, 9, 27, 81], &[2, 8, 30, 5, 100]).unwrap(),
        ];
        for battle in &battles {
            for strategy in [
                Strategy::Memo,
                Strategy::Fixed { table_words: DEFAULT_TABLE_WORDS },
                Strategy::Fixed { table_words: 0 },
            ] {
                let one = odds(battle, strategy, &mut HeapScratch::default()).unwrap();
                for threads in [1, 2, 3, 8, 64] {
                    assert_eq!(
                        search(battle, strategy, threads, &mut HeapScratch::default()),
                        Ok(one),
                        "{battle:?} {strategy:?} {threads}"
                    );
                }
            }
        }
    }

    #[test]
    fn an_error_of_an_opening_is_the_error() {
        let battle = Battle::new(&[1, 2, 3], &[4, 5, 6]).unwrap();
        // A table larger than the scratch's limit: every opening's search refuses it.
        let strategy = Strategy::Fixed { table_words: usize::MAX / 2 };
        assert!(matches!(search(&battle, strategy, 2, &mut HeapScratch::default()), Err(OddsError::Capacity(_))));
        assert!(matches!(search(&battle, strategy, 1, &mut HeapScratch::default()), Err(OddsError::Capacity(_))));
    }
}
