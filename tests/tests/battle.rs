//! `battle` (so far its reference): the tests' literal brute force
//! (`referee_tests::reference::battle`, its own fractions) gives every public case's exact
//! answer, and on keywordless boards with attack = health the exact odds of `tavern`'s solver.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::cast_possible_truncation)]

use referee_core::tavern::{self, Battle, Strategy, FIXED_SCRATCH_WORDS};
use referee_tests::reference::battle::{odds, Card, Odds};
use referee_tests::{inputs, Rng};

/// Alice's and Bob's minions of a battle input.
fn read(input: &str) -> (Vec<Card>, Vec<Card>) {
    let mut lines = input.lines();
    let counts: Vec<usize> = lines.next().unwrap().split_whitespace().map(|x| x.parse().unwrap()).collect();
    let side = |line: Option<&str>, n: usize| {
        let cards: Vec<Card> = line.unwrap().split_whitespace().map(Card::parse).collect();
        assert_eq!(cards.len(), n);
        cards
    };
    (side(lines.next(), counts[0]), side(lines.next(), counts[1]))
}

fn exact(odds: &Odds) -> String {
    odds.iter().map(|p| p.fraction() + "\n").collect()
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release only (scripts/check.sh runs it): a minute in a debug build")]
fn the_reference_gives_every_public_case_its_exact_answer() {
    let cases = inputs("battle");
    assert!(cases.len() >= 50, "only {} cases", cases.len());
    for input in cases {
        let (alice, bob) = read(&std::fs::read_to_string(&input).unwrap());
        let expected = std::fs::read_to_string(input.with_extension("exact")).unwrap();
        assert_eq!(exact(&odds(&alice, &bob)), expected, "{}", input.display());
    }
}

#[test]
fn the_reference_agrees_with_tavern_on_keywordless_boards() {
    let mut rng = Rng::new(0x6261_7474_6c65);
    let mut scratch = vec![0u32; FIXED_SCRATCH_WORDS];
    for _ in 0..1500 {
        let side = |rng: &mut Rng| -> Vec<u32> { (0..rng.range(1, 4)).map(|_| rng.range(1, 6) as u32).collect() };
        let (a, b) = (side(&mut rng), side(&mut rng));
        let card = |&v: &u32| Card::parse(&format!("{v}/{v}"));
        let ours = odds(&a.iter().map(card).collect::<Vec<_>>(), &b.iter().map(card).collect::<Vec<_>>());
        let battle = Battle::new(&a, &b).unwrap();
        let theirs = tavern::odds(&battle, Strategy::default(), &mut scratch[..]).unwrap();
        let theirs: String = theirs.fractions().iter().map(|f| f.to_string() + "\n").collect();
        assert_eq!(exact(&ours), theirs, "{a:?} against {b:?}");
    }
}
