//! Structure-aware: a valid deal (1..=5 cards each, the cards of `1..=2N` shared out by the
//! fuzzer, up to all of Sothe's turns unknown) through the typed `greater::Deal`, against the
//! brute force of the tests (every order against every assignment of the unknown cards).
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use referee_core::greater::Deal;
use referee_tests::reference::greater::{brute_force, Game};

#[derive(Arbitrary, Debug)]
struct Shape {
    /// Cards per player, taken modulo 5 plus one.
    cards: u8,
    /// Swaps that shuffle `1..=2N` before it is shared out (first N: Snuke's hand).
    swaps: Vec<(u8, u8)>,
    /// Bit `t`: Sothe's turn `t` is unknown (−1).
    unknown: u8,
}

fuzz_target!(|shape: Shape| {
    let n = usize::from(shape.cards % 5 + 1);
    let mut cards: Vec<u32> = (1..=2 * n as u32).collect();
    for (a, b) in shape.swaps.iter().take(64) {
        cards.swap(usize::from(*a) % (2 * n), usize::from(*b) % (2 * n));
    }
    let hand = cards[..n].to_vec();
    let sothe = cards[n..].iter().enumerate().map(|(t, &c)| (shape.unknown >> t & 1 == 0).then_some(c)).collect();
    let game = Game { hand, sothe };
    let mut words = vec![0u32; Deal::words_needed(n as u32).expect("a small deal")];
    let mut deal = Deal::new(n as u32, &mut words[..]).expect("1..=5 cards and enough words");
    for &card in &game.hand {
        deal.add_hand(card).expect("a card of 1..=2N, once");
    }
    for &turn in &game.sothe {
        deal.add_sothe(turn).expect("a card of 1..=2N, once, or unknown");
    }
    let score = deal.best_expected_score().expect("a complete deal has a score");
    assert_eq!((score.numer(), score.denom()), brute_force(&game), "{game:?}");
});
