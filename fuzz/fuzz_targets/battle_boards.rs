//! Structure-aware: a valid small battle (1..=3 minions a side, attack 0..=5, health 1..=6, any
//! keywords) through `battle::odds` with the heap memo and the fixed table at several sizes,
//! against the tests' literal brute force (`referee_tests::reference::battle`, its own
//! fractions): the exact odds are identical.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use referee_core::battle::{self, Battle, Limits, Strategy};
use referee_core::HeapScratch;
use referee_tests::reference::battle::{odds, Card};

#[derive(Arbitrary, Debug)]
struct Sides {
    alice: Vec<(u8, u8, u8)>,
    bob: Vec<(u8, u8, u8)>,
}

/// At most 3 cards (at least one): attack, health and a keyword mask from each triple.
fn side(raw: &[(u8, u8, u8)]) -> Vec<Card> {
    let mut cards: Vec<Card> = raw
        .iter()
        .take(3)
        .map(|&(a, h, k)| {
            let keys: String = "TDPVWR".chars().enumerate().filter(|(i, _)| k >> i & 1 == 1).map(|(_, c)| c).collect();
            Card::parse(&format!("{}/{}{keys}", a % 6, h % 6 + 1))
        })
        .collect();
    if cards.is_empty() {
        cards.push(Card::parse("1/1"));
    }
    cards
}

fuzz_target!(|sides: Sides| {
    let (alice, bob) = (side(&sides.alice), side(&sides.bob));
    let expected: Vec<String> = odds(&alice, &bob).iter().map(|p| p.fraction()).collect();
    let battle = Battle::new(
        &alice.iter().map(Card::to_minion).collect::<Vec<_>>(),
        &bob.iter().map(Card::to_minion).collect::<Vec<_>>(),
    )
    .expect("small cards are a battle");
    let strategies =
        [Strategy::Memo, Strategy::default(), Strategy::Fixed { table_words: 30 }, Strategy::Fixed { table_words: 0 }];
    for strategy in strategies {
        let mut scratch = HeapScratch::default();
        let ours =
            battle::odds(&battle, strategy, Limits::default(), &mut scratch).expect("a small battle is answered");
        let ours: Vec<String> = [ours.alice, ours.bob, ours.tie].iter().map(ToString::to_string).collect();
        assert_eq!(ours, expected, "{strategy:?}: {alice:?} against {bob:?}");
    }
});
