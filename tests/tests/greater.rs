//! The typed `greater::Deal` against references independent of the solver (the brute force in
//! `referee_tests::reference::greater`, shared with the fuzz targets, and two here):
//! - brute force: every order of Snuke's cards against every equally likely assignment of the
//!   unknown cards to the −1 turns, exact (counts over `u!` assignments), on 2 000 seeded random
//!   hands of N ≤ 7;
//! - an exact assignment DP over subsets of turns, each card/turn value counted over every
//!   assignment of the unknown cards (checked against the brute force, then used for the
//!   official example with N = 10);
//! - the greedy of the exchange argument with an ordered set, on random hands up to N = 3 000.
//!
//! Then the judge text on its own: both notations and the decimal answer through the CLI against
//! the typed answer formatted, and one test per kind of invalid input, with its exact message
//! and position.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::cast_possible_truncation)]

use std::collections::BTreeSet;

use referee_core::greater::Deal;
use referee_core::judge::{self, ErrorKind, Options, Problem};
use referee_core::text::format::write_decimal;
use referee_tests::reference::greater::{brute_force, permutations, reduced, sothe_sequences, Game};
use referee_tests::{expect_refusal, inputs, referee, Rng};

/// The assignment DP: `wins[c][t]` counts the Sothe sequences in which card `c` beats turn
/// `t`; the best bijection maximises the sum, found over subsets of turns.
fn assignment_dp(game: &Game) -> (u128, u128) {
    let sequences = sothe_sequences(game);
    let n = game.n();
    let wins: Vec<Vec<u128>> = game
        .hand
        .iter()
        .map(|&h| (0..n).map(|t| sequences.iter().filter(|s| h > s[t]).count() as u128).collect())
        .collect();
    let mut best = vec![0u128; 1 << n];
    for mask in 1usize..1 << n {
        let card = mask.count_ones() as usize - 1;
        best[mask] = (0..n).filter(|t| mask >> t & 1 == 1).map(|t| best[mask ^ 1 << t] + wins[card][t]).max().unwrap();
    }
    reduced(best[(1 << n) - 1], sequences.len() as u128)
}

/// A random game of `n` cards with `unknown` −1 turns.
fn random_game(rng: &mut Rng, n: usize, unknown: usize) -> Game {
    let mut cards: Vec<u32> = (1..=2 * n as u32).collect();
    rng.shuffle(&mut cards);
    let (hand, theirs) = cards.split_at(n);
    let mut sothe: Vec<Option<u32>> = theirs.iter().map(|&c| Some(c)).collect();
    for slot in sothe.iter_mut().take(unknown) {
        *slot = None;
    }
    rng.shuffle(&mut sothe);
    Game { hand: hand.to_vec(), sothe }
}

/// The typed solver's answer: a [`Deal`] in a scratch of exactly [`Deal::words_needed`] words.
fn typed(game: &Game) -> (u128, u128) {
    let cards = u32::try_from(game.n()).unwrap();
    let mut words = vec![0u32; Deal::words_needed(cards).unwrap()];
    let mut deal = Deal::new(cards, &mut words[..]).unwrap();
    for &card in &game.hand {
        deal.add_hand(card).unwrap();
    }
    for &turn in &game.sothe {
        deal.add_sothe(turn).unwrap();
    }
    let score = deal.best_expected_score().unwrap();
    (score.numer(), score.denom())
}

/// The CLI's exact answer (in both notations, which must agree) and its decimal answer.
fn referee_answer(game: &Game) -> ((u128, u128), String) {
    let mut exact = None;
    for input in [game.plain(), game.braces()] {
        let outcome = referee(&["greater", "--exact"], input.as_bytes());
        assert_eq!(outcome.status, 0, "{input}: {}", outcome.stderr);
        let text = String::from_utf8(outcome.stdout).unwrap();
        let (p, q) = text.trim_end().split_once('/').unwrap();
        let fraction = (p.parse().unwrap(), q.parse().unwrap());
        assert!(exact.is_none_or(|e| e == fraction), "{input}: notations disagree");
        exact = Some(fraction);
    }
    let decimal = referee(&["greater"], game.plain().as_bytes());
    (exact.unwrap(), String::from_utf8(decimal.stdout).unwrap())
}

/// The 12-digit decimal of `p/q`, as the judge prints it.
fn decimal((p, q): (u128, u128)) -> String {
    let mut text = String::new();
    write_decimal(&mut text, p, q, 12).unwrap();
    text + "\n"
}

/// A random hand of at most 7 cards whose brute force (every order times every assignment of
/// the unknown cards) stays under 40 320 evaluations.
fn small_random_game(rng: &mut Rng) -> Game {
    let factorial = |k: usize| (1..=k as u64).product::<u64>();
    let n = rng.range(1, 7) as usize;
    let unknown = loop {
        let u = rng.range(0, n as u64) as usize;
        if factorial(n) * factorial(u) <= 40_320 {
            break u;
        }
    };
    random_game(rng, n, unknown)
}

#[test]
fn brute_force_agrees_with_the_typed_deal_on_3000_random_hands() {
    let mut rng = Rng::new(0x6772_6561);
    for case in 0..3000 {
        let game = small_random_game(&mut rng);
        let expected = brute_force(&game);
        assert_eq!(typed(&game), expected, "case {case}: {}", game.plain());
        if case % 10 == 0 {
            assert_eq!(assignment_dp(&game), expected, "case {case}: the DP reference");
        }
    }
}

#[test]
fn every_deal_of_up_to_3_cards() {
    // Every hand, every order of Sothe's cards and every set of unknown turns: exhaustive.
    let mut checked = 0;
    for n in 1..=3u32 {
        let values: Vec<u32> = (1..=2 * n).collect();
        for hand_mask in 0u32..1 << (2 * n) {
            if hand_mask.count_ones() != n {
                continue;
            }
            let hand: Vec<u32> = values.iter().copied().filter(|v| hand_mask >> (v - 1) & 1 == 1).collect();
            let mut theirs: Vec<u32> = values.iter().copied().filter(|v| hand_mask >> (v - 1) & 1 == 0).collect();
            permutations(&mut theirs, &mut |order| {
                for unknown_mask in 0u32..1 << n {
                    let sothe =
                        order.iter().enumerate().map(|(t, &c)| (unknown_mask >> t & 1 == 0).then_some(c)).collect();
                    let game = Game { hand: hand.clone(), sothe };
                    assert_eq!(typed(&game), brute_force(&game), "{}", game.plain());
                    checked += 1;
                }
            });
        }
    }
    // n = 1: 2 hands · 1 order · 2 masks; n = 2: 6 · 2 · 4; n = 3: 20 · 6 · 8.
    assert_eq!(checked, 4 + 48 + 960);
}

/// The judge text on its own: the CLI in both notations (exact) and plain (decimal) prints
/// the typed answer.
#[test]
fn the_judge_prints_the_typed_answer_in_both_notations() {
    let mut rng = Rng::new(0x7465_7874);
    for case in 0..300 {
        let game = if case % 2 == 0 {
            small_random_game(&mut rng)
        } else {
            let n = rng.range(1, 60) as usize;
            let unknown = rng.range(0, n as u64) as usize;
            random_game(&mut rng, n, unknown)
        };
        let expected = typed(&game);
        let (exact, printed) = referee_answer(&game);
        assert_eq!(exact, expected, "case {case}: {}", game.plain());
        assert_eq!(printed, decimal(expected), "case {case}: {}", game.plain());
    }
}

/// The greedy the exchange argument proves optimal, written with an ordered set: known cards
/// from the largest down take the smallest card beating them, or throw away the smallest card.
fn greedy_with_a_set(game: &Game) -> (u128, u128) {
    let unknown = game.unknown_cards();
    let mut hand: BTreeSet<u32> = game.hand.iter().copied().collect();
    let mut known: Vec<u32> = game.sothe.iter().flatten().copied().collect();
    known.sort_unstable_by(|a, b| b.cmp(a));
    let mut wins = 0u128;
    for s in known {
        let card = hand.range(s + 1..).next().copied();
        match card {
            Some(card) => {
                wins += 1;
                hand.remove(&card);
            }
            None => {
                let smallest = *hand.iter().next().unwrap();
                hand.remove(&smallest);
            }
        }
    }
    let u = unknown.len() as u128;
    if u == 0 {
        return (wins, 1);
    }
    // `unknown` is sorted: the cards below `h` are the ones before its place.
    let below: u128 = hand.iter().map(|&h| unknown.partition_point(|&x| x < h) as u128).sum();
    reduced(wins * u + below, u)
}

#[test]
fn large_typed_deals_agree_with_the_greedy_on_an_ordered_set() {
    let mut rng = Rng::new(0x6c61_7267);
    for case in 0..150 {
        let n = rng.range(1, 3000) as usize;
        let unknown = match case % 5 {
            0 => 0,
            1 => n,
            _ => rng.range(0, n as u64) as usize,
        };
        let mut game = random_game(&mut rng, n, unknown);
        if case % 7 == 0 {
            // Snuke holds the lowest or the highest cards.
            let shift = if case % 2 == 0 { 0 } else { n as u32 };
            game.hand = (1..=n as u32).map(|c| c + shift).collect();
            let theirs: Vec<u32> = (1..=n as u32).map(|c| c + n as u32 - shift).collect();
            game.sothe = theirs.iter().enumerate().map(|(i, &c)| (i >= unknown).then_some(c)).collect();
        }
        assert_eq!(typed(&game), greedy_with_a_set(&game), "case {case}, n = {n}, unknown = {unknown}");
    }
}

/// Every `tc-*.in` and `compact-*.in` (the official examples in TopCoder's notation, with and
/// without spaces) has the reference answer:
/// the brute force when it is small, the assignment DP otherwise. With `REFEREE_BLESS=1` the
/// `.out` and `.exact` files are written from the references instead.
#[test]
fn official_examples_in_braces_match_the_references() {
    let mut checked = 0;
    let official = |p: &std::path::PathBuf| {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        name.starts_with("tc-") || name.starts_with("compact-")
    };
    for input in inputs("greater").into_iter().filter(official) {
        let text = std::fs::read_to_string(&input).unwrap();
        let lists: Vec<Vec<i64>> = text
            .split('{')
            .skip(1)
            .map(|list| list.split('}').next().unwrap().split(',').map(|x| x.trim().parse().unwrap()).collect())
            .collect();
        let game = Game {
            hand: lists[0].iter().map(|&c| c as u32).collect(),
            sothe: lists[1].iter().map(|&c| u32::try_from(c).ok()).collect(),
        };
        let (p, q) = if game.n() <= 7 { brute_force(&game) } else { assignment_dp(&game) };
        let (exact, out) = (format!("{p}/{q}\n"), decimal((p, q)));
        if std::env::var_os("REFEREE_BLESS").is_some() {
            std::fs::write(input.with_extension("exact"), &exact).unwrap();
            std::fs::write(input.with_extension("out"), &out).unwrap();
        }
        assert_eq!(std::fs::read_to_string(input.with_extension("exact")).unwrap(), exact, "{}", input.display());
        assert_eq!(std::fs::read_to_string(input.with_extension("out")).unwrap(), out, "{}", input.display());
        checked += 1;
    }
    assert_eq!(checked, 9, "the five official examples, four of them also without spaces");
}

/// Refuses `input` with exactly `message` (`line:column: text`).
fn refused(input: &str, message: &str) {
    let outcome = referee(&["greater"], input.as_bytes());
    let _ = expect_refusal(&outcome, input);
    assert_eq!(outcome.stderr, format!("error: {message}\n"), "{input:?}");
}

#[test]
fn refuses_n_out_of_range() {
    refused("0\n\n\n", "1:1: the number of cards must be in 1..=10000000, found 0");
    refused("10000001\n", "1:1: the number of cards must be in 1..=10000000, found 10000001");
    refused("{}\n{}\n", "1:2: expected a card of hand, found '}'");
}

#[test]
fn refuses_cards_out_of_range() {
    refused("2\n4 5\n-1 -1\n", "2:3: a card of hand must be in 1..=4, found 5");
    refused("2\n4 0\n-1 -1\n", "2:3: a card of hand must be in 1..=4, found 0");
    refused("2\n4 2\n-1 5\n", "3:4: an entry of sothe (-1 or a card) must be in -1..=4, found 5");
    refused("2\n4 2\n-2 1\n", "3:1: an entry of sothe (-1 or a card) must be in -1..=4, found -2");
    refused("2\n4 2\n0 1\n", "3:1: an entry of sothe must be -1 (unknown) or a card in 1..=2N, not 0");
    refused("{4, 2}\n{-1, 7}\n", "2:6: an entry of sothe (-1 or a card) must be in -1..=4, found 7");
}

#[test]
fn refuses_a_card_twice() {
    refused("2\n4 4\n-1 -1\n", "2:3: card 4 appears twice in hand");
    refused("2\n4 2\n3 3\n", "3:3: card 3 appears twice in sothe");
    refused("{4, 2}\n{3, 3}\n", "2:5: card 3 appears twice in sothe");
}

#[test]
fn refuses_a_card_in_both_arrays() {
    refused("2\n4 2\n4 -1\n", "3:1: card 4 is in both hand and sothe");
    refused("{4, 2}\n{-1, 2}\n", "2:6: card 2 is in both hand and sothe");
}

#[test]
fn refuses_lengths_that_differ() {
    refused("{4, 2}\n{-1}\n", "2:4: sothe has fewer entries than hand (the lengths must be equal)");
    refused("{4, 2}\n{-1, -1, 1}\n", "2:8: sothe has more entries than hand (the lengths must be equal)");
    refused("2\n4 2\n-1\n", "4:1: expected an entry of sothe (-1 or a card), found end of input");
    refused("2\n4 2\n-1 -1 3\n", "3:7: expected end of input, found '3'");
}

#[test]
fn refuses_malformed_braces_and_commas() {
    refused("{4 2}\n{-1, -1}\n", "1:4: expected ',' between the cards of hand, found '2'");
    refused("{4, 2\n{-1, -1}\n", "2:1: expected '}' closing hand, found '{'");
    refused("{4, 2,}\n{-1, -1}\n", "1:6: expected '}' closing hand, found ','");
    refused("{4, 2}\n-1, -1}\n", "2:1: expected '{' opening sothe, found '-'");
    refused("{4, 2}\n{-1 -1}\n", "2:5: expected ',' between the entries of sothe, found '-'");
    refused("{4, 2}\n{-1, -1\n", "3:1: expected '}' closing sothe, found end of input");
    refused("{4, 2}\n{-1, -1}}\n", "2:9: expected end of input, found '}'");
}

#[test]
fn refuses_anything_after_the_input() {
    refused("1\n2\n-1\nx\n", "4:1: expected end of input, found 'x'");
    refused("{2}\n{-1}\n{-1}\n", "3:1: expected end of input, found '{'");
}

#[test]
fn a_fixed_scratch_too_small_is_a_capacity_error() {
    let input = b"100\n";
    let mut scratch = [0u32; 12];
    let error =
        judge::run(Problem::Greater, input, &Options::default(), &mut scratch[..], &mut String::new()).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Capacity { what: "scratch words (N/8 for N cards)", needed: 13, capacity: 12 });
    assert_eq!(error.to_string(), "1:1: input needs 13 scratch words (N/8 for N cards) but this build holds 12");
}
