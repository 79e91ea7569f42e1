//! Structure-aware: a valid battle (1..=7 minions a side, values 1..=10^9, small values
//! common) through `tavern::odds` with the heap memo and the fixed table at several sizes:
//! the exact odds are identical and sum to exactly 1, and so are those of its openings (by
//! first mover, and by first mover and target) added up.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use referee_core::tavern::{self, Battle, Strategy, BUCKET_WORDS, FIXED_SCRATCH_WORDS, MAX_MINIONS};
use referee_core::HeapScratch;

#[derive(Arbitrary, Debug)]
struct Sides {
    alice: Vec<u32>,
    bob: Vec<u32>,
    /// Values are taken modulo this plus one (at least 1): small ranges make ties and equal
    /// healths, where the canonical states matter.
    range: u32,
}

/// At most `MAX_MINIONS` values in `1..=range` (and at least one).
fn side(values: &[u32], range: u32) -> Vec<u32> {
    let range = range.clamp(1, 1_000_000_000);
    let mut side: Vec<u32> = values.iter().take(MAX_MINIONS).map(|v| v % range + 1).collect();
    if side.is_empty() {
        side.push(1);
    }
    side
}

/// The most minions in all for which the table-less strategies run too (their plain search
/// grows fast with the count).
const SMALL_BATTLE: usize = 8;

fuzz_target!(|sides: Sides| {
    let (alice, bob) = (side(&sides.alice, sides.range), side(&sides.bob, sides.range));
    let battle = Battle::new(&alice, &bob).expect("1..=7 minions with values 1..=10^9 are a battle");
    let memo = tavern::odds(&battle, Strategy::Memo, &mut HeapScratch::default()).expect("the memo answers");
    let mut strategies = vec![Strategy::default()];
    if alice.len() + bob.len() <= SMALL_BATTLE {
        strategies.extend([Strategy::Fixed { table_words: 0 }, Strategy::Fixed { table_words: BUCKET_WORDS }]);
    }
    for strategy in strategies {
        let mut scratch = vec![0u32; FIXED_SCRATCH_WORDS];
        let fixed = tavern::odds(&battle, strategy, &mut scratch[..]).expect("the fixed strategy answers");
        assert_eq!(fixed, memo, "{strategy:?}");
    }
    for by_target in [false, true] {
        let sum = tavern::openings(&battle, by_target)
            .iter()
            .map(|&opening| tavern::opening_shares(&battle, opening, Strategy::Memo, &mut HeapScratch::default()))
            .try_fold(None::<tavern::Shares>, |sum, shares| {
                let shares = shares.expect("an opening of the battle answers");
                Some(Some(sum.map_or(shares, |sum| sum.checked_add(shares).expect("openings add up"))))
            })
            .flatten()
            .expect("a battle has an opening");
        assert_eq!(sum.alice + sum.bob + sum.tie, sum.denominator, "{sum:?}");
        assert_eq!(sum.odds(), Ok(memo), "openings by target: {by_target}");
    }
});
