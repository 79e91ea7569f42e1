//! Structure-aware: a valid small battle (1..=3 minions a side, attack 0..=5, health 1..=6, any
//! keywords) through `battle::odds` with the heap memo and the fixed table at several sizes,
//! against the tests' literal brute force (`referee_tests::reference::battle`, its own
//! fractions): every answer is identical to the reference's.
//!
//! Each search is bounded in turns expanded; a refusal at that bound (`SearchError::Steps`) is the
//! only refusal allowed. The memo and the default table get [`DEEP_STEPS`]: the memo expands
//! each distinct state once, most battles of this domain have a few hundred, but some have far
//! more (`2/6DR 1/6DR 1/6DR` against `1/6DR 2/6DR 1/6DR`: 369 511 states in the reference's
//! memo, 6 s of it), and the memo does not answer that one within the default 2^26 turns. The
//! searches with no table and with one bucket (30 words) are plain depth-first searches,
//! exponential in the battle's length (`0/4TDPVWR` three times against `1/1`: more than 2^26
//! turns, 20 s, where the memo takes half a millisecond): they get [`SHALLOW_STEPS`], so they
//! are compared on every battle whose tree of turns is that small and refuse the others within
//! milliseconds. Unbounded (the default limits), those searches were nearly all of this
//! target's time, and a run from a one-minute corpus failed its `expect` on a refusal after
//! 1 303 executions.
//!
//! The reference runs when a search answered (the memo runs first), once per input. It is a
//! pure function of the two sides and then most of the time, while about half the executions
//! repeat a battle already seen (only three triples a side count, and each byte only by its
//! residue): its answers are kept in [`KNOWN`], and every search of every input is still
//! compared with them. One heap scratch serves the four searches of an input.
#![no_main]

use std::cell::RefCell;
use std::collections::HashMap;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use referee_core::battle::{self, Board, Limits, SearchError, Strategy};
use referee_core::HeapScratch;
use referee_tests::reference::battle::{odds, Card, Prob};

/// Turns expanded at most by the memo and the default table.
const DEEP_STEPS: u64 = 1 << 16;
/// Turns expanded at most by the searches without a useful table (none, or one bucket).
const SHALLOW_STEPS: u64 = 1 << 12;

/// The strategies, memo first, each with its bound on turns expanded.
const STRATEGIES: [(Strategy, u64); 4] = [
    (Strategy::Memo, DEEP_STEPS),
    (Strategy::Fixed { table_words: battle::DEFAULT_TABLE_WORDS }, DEEP_STEPS),
    (Strategy::Fixed { table_words: 30 }, SHALLOW_STEPS),
    (Strategy::Fixed { table_words: 0 }, SHALLOW_STEPS),
];

/// The most battles [`KNOWN`] holds; it starts again empty when full (a few tens of MiB).
const KNOWN_BATTLES: usize = 1 << 16;

/// The reference's answers (Alice, Bob, tie, as fractions) by battle (Alice's cards, Bob's).
type Answers = HashMap<(Vec<Card>, Vec<Card>), Vec<String>>;

thread_local! {
    /// The reference's answers of the battles seen recently.
    static KNOWN: RefCell<Answers> = RefCell::new(HashMap::new());
}

/// The reference's answer for `alice` against `bob`: from [`KNOWN`], or computed and kept.
fn reference(alice: &[Card], bob: &[Card]) -> Vec<String> {
    let key = (alice.to_vec(), bob.to_vec());
    if let Some(known) = KNOWN.with_borrow(|known| known.get(&key).cloned()) {
        return known;
    }
    let answer: Vec<String> = odds(alice, bob).iter().map(Prob::fraction).collect();
    KNOWN.with_borrow_mut(|known| {
        if known.len() >= KNOWN_BATTLES {
            known.clear();
        }
        known.insert(key, answer.clone());
    });
    answer
}

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
    let battle = Board::new(
        &alice.iter().map(Card::to_minion).collect::<Vec<_>>(),
        &bob.iter().map(Card::to_minion).collect::<Vec<_>>(),
    )
    .expect("small cards are a battle");
    let mut expected: Option<Vec<String>> = None;
    let mut scratch = HeapScratch::default();
    for (strategy, steps) in STRATEGIES {
        let limits = Limits { steps, ..Limits::DEFAULT };
        match battle::odds(&battle, strategy, limits, &mut scratch) {
            Ok(ours) => {
                let expected = expected.get_or_insert_with(|| reference(&alice, &bob));
                let ours: Vec<String> = ours.all().iter().map(ToString::to_string).collect();
                assert_eq!(ours, *expected, "{strategy:?}: {alice:?} against {bob:?}");
            }
            Err(SearchError::Steps { limit }) if limit == steps => {}
            Err(error) => panic!("{strategy:?} refuses {alice:?} against {bob:?}: {error}"),
        }
    }
});
