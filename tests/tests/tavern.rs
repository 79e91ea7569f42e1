//! The typed `tavern::odds` against an independent brute force (the rules followed literally:
//! minions in vectors, attack counts, exact fractions), both strategies and several table
//! sizes, exact sums; then the judge text on its own (the parser against `Battle::new`, the
//! answers against the typed odds formatted) and every kind of invalid input.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::cast_possible_truncation)]

use referee_core::judge::{self, Options, Problem};
use referee_core::tavern::{self, Battle, Strategy, BUCKET_WORDS, DEFAULT_TABLE_WORDS};
use referee_core::text::format::write_decimal;
use referee_core::HeapScratch;
use referee_tests::{expect_refusal, referee, Rng};

/// A non-negative fraction in lowest terms, independent of the crate's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frac {
    num: u128,
    den: u128,
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Frac {
    const ZERO: Self = Self { num: 0, den: 1 };

    fn new(num: u128, den: u128) -> Self {
        let g = gcd(num, den).max(1);
        Self { num: num / g, den: den / g }
    }

    /// `self + other`; every denominator here divides `2 · 420^13`, so the lcm fits.
    fn add(self, other: Self) -> Self {
        let lcm = self.den / gcd(self.den, other.den) * other.den;
        Self::new(self.num * (lcm / self.den) + other.num * (lcm / other.den), lcm)
    }

    fn divided_by(self, k: u128) -> Self {
        Self::new(self.num, self.den * k)
    }
}

#[derive(Clone, Copy, Debug)]
struct Minion {
    attack: i64,
    health: i64,
    attacks_made: u32,
}

/// Plays every branch of the game tree from `sides` with `side` to attack, adding `chance` to
/// the outcome reached (0 Alice, 1 Bob, 2 tie). Gives up (returns false) past `budget` nodes.
fn brute(sides: &[Vec<Minion>; 2], side: usize, chance: Frac, outcome: &mut [Frac; 3], budget: &mut u64) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let result = match (sides[0].is_empty(), sides[1].is_empty()) {
        (true, true) => Some(2),
        (false, true) => Some(0),
        (true, false) => Some(1),
        (false, false) => None,
    };
    if let Some(result) = result {
        outcome[result] = outcome[result].add(chance);
        return true;
    }
    let foe = 1 - side;
    let mut attacker = 0;
    for (i, minion) in sides[side].iter().enumerate() {
        if minion.attacks_made < sides[side][attacker].attacks_made {
            attacker = i;
        }
    }
    let targets = sides[foe].len();
    for target in 0..targets {
        let mut next = sides.clone();
        let (a, t) = (next[side][attacker], next[foe][target]);
        next[side][attacker].attacks_made += 1;
        next[side][attacker].health -= t.attack;
        next[foe][target].health -= a.attack;
        next[side].retain(|m| m.health > 0);
        next[foe].retain(|m| m.health > 0);
        if !brute(&next, foe, chance.divided_by(targets as u128), outcome, budget) {
            return false;
        }
    }
    true
}

/// The brute-force probabilities (Alice, Bob, tie), or `None` past `budget` nodes.
fn brute_odds(alice: &[u32], bob: &[u32], mut budget: u64) -> Option<[Frac; 3]> {
    let side = |values: &[u32]| -> Vec<Minion> {
        values.iter().map(|&v| Minion { attack: i64::from(v), health: i64::from(v), attacks_made: 0 }).collect()
    };
    let sides = [side(alice), side(bob)];
    let mut outcome = [Frac::ZERO; 3];
    let ok = match alice.len().cmp(&bob.len()) {
        std::cmp::Ordering::Greater => brute(&sides, 0, Frac::new(1, 1), &mut outcome, &mut budget),
        std::cmp::Ordering::Less => brute(&sides, 1, Frac::new(1, 1), &mut outcome, &mut budget),
        std::cmp::Ordering::Equal => {
            brute(&sides, 0, Frac::new(1, 2), &mut outcome, &mut budget)
                && brute(&sides, 1, Frac::new(1, 2), &mut outcome, &mut budget)
        }
    };
    ok.then_some(outcome)
}

/// The solver's answer as test fractions, after checking that the three counts add up exactly.
fn solver_odds(battle: &Battle, strategy: Strategy, scratch: &mut HeapScratch) -> [Frac; 3] {
    let odds = tavern::odds(battle, strategy, scratch).unwrap();
    let shares = tavern::openings(battle, false)
        .iter()
        .map(|&opening| tavern::opening_shares(battle, opening, strategy, scratch).unwrap())
        .reduce(|a, b| a.checked_add(b).unwrap())
        .unwrap();
    assert_eq!(shares.alice + shares.bob + shares.tie, shares.denominator, "{battle:?}");
    assert_eq!(shares.odds(), Ok(odds), "{battle:?}");
    let fractions = odds.all().map(|p| p.to_fraction().unwrap()).map(|f| Frac { num: f.numer(), den: f.denom() });
    let sum = fractions[0].add(fractions[1]).add(fractions[2]);
    assert_eq!(sum, Frac::new(1, 1), "{battle:?}: the probabilities must sum to exactly 1");
    fractions
}

/// Table sizes the fixed strategy is run with: none (plain search), one near bucket, two near
/// buckets and no far one (a quarter of 69 words holds no far bucket of 24), two near buckets
/// and one far one (100 words), 4 KiB and the default.
const TABLES: [usize; 6] = [0, BUCKET_WORDS, 2 * BUCKET_WORDS + 5, 100, 1024, DEFAULT_TABLE_WORDS];

/// The most minions on both sides together in a battle of `family` (keeps the brute force
/// affordable: the larger the values, the fewer mutual kills and the larger the tree).
const fn max_total(family: u64) -> u64 {
    match family {
        0 => 14,
        1 => 10,
        _ => 11,
    }
}

/// A random attack value of `family`; `base` is the battle's common base for near-equal values.
fn random_value(rng: &mut Rng, family: u64, base: u64) -> u32 {
    let value = match family {
        // Small values: many ties and mutual kills.
        0 => rng.range(1, 4),
        // The whole range: survivors with partial health.
        1 => rng.range(1, 1_000_000_000),
        // Near-equal values around a random base.
        2 => (base + rng.range(0, 3)).min(1_000_000_000),
        // Values 1..=10.
        _ => rng.range(1, 10),
    };
    u32::try_from(value).unwrap()
}

/// A random battle of one of the test families.
fn random_battle(rng: &mut Rng, family: u64) -> (Vec<u32>, Vec<u32>) {
    let n = rng.range(1, 7);
    let m = rng.range(1, 7.min(max_total(family) - n).max(1));
    let base = rng.range(1, 1_000_000_000);
    let alice = (0..n).map(|_| random_value(rng, family, base)).collect();
    let bob = (0..m).map(|_| random_value(rng, family, base)).collect();
    (alice, bob)
}

#[test]
fn both_strategies_match_the_brute_force_on_random_battles() {
    // Half in debug builds, to keep the file at a few seconds; the release run has all.
    const BATTLES: usize = if cfg!(debug_assertions) { 1500 } else { 3000 };
    let mut rng = Rng::new(0x7a7e_2022);
    let mut scratch = HeapScratch::default();
    let (mut compared, mut skipped) = (0usize, 0usize);
    let mut sizes_seen = [[false; 8]; 8];
    while compared < BATTLES {
        let family = compared as u64 % 4;
        let (alice, bob) = random_battle(&mut rng, family);
        let Some(expected) = brute_odds(&alice, &bob, 100_000) else {
            skipped += 1;
            continue;
        };
        let battle = Battle::new(&alice, &bob).unwrap();
        let what = format!("{alice:?} vs {bob:?}");
        assert_eq!(solver_odds(&battle, Strategy::Memo, &mut scratch), expected, "memo: {what}");
        // Every table size with every family (`family` takes `compared`'s last two bits).
        let table = TABLES[compared / 4 % TABLES.len()];
        assert_eq!(
            solver_odds(&battle, Strategy::Fixed { table_words: table }, &mut scratch),
            expected,
            "fixed {table}: {what}"
        );
        // The openings (by first mover, and by first mover and target), each searched alone,
        // add up to the same odds.
        let strategy = if compared % 2 == 0 { Strategy::Memo } else { Strategy::Fixed { table_words: table } };
        for by_target in [false, true] {
            let sum = tavern::openings(&battle, by_target)
                .iter()
                .map(|&opening| tavern::opening_shares(&battle, opening, strategy, &mut scratch).unwrap())
                .reduce(|a, b| a.checked_add(b).unwrap())
                .unwrap();
            let whole = tavern::odds(&battle, strategy, &mut scratch).unwrap();
            assert_eq!(sum.odds(), Ok(whole), "openings {by_target}: {what}");
        }
        sizes_seen[alice.len()][bob.len()] = true;
        compared += 1;
    }
    assert!(skipped < BATTLES / 10, "too many battles over the brute-force budget: {skipped}");
    for (n, row) in sizes_seen.iter().enumerate().skip(1) {
        for (m, &seen) in row.iter().enumerate().skip(1) {
            assert!(seen || n + m == 14, "no {n}-against-{m} battle");
        }
    }
}

#[test]
fn an_opening_of_another_battle_is_refused() {
    let battle = Battle::new(&[1, 2, 3], &[4, 5]).unwrap();
    let mut scratch = HeapScratch::default();
    assert_eq!(tavern::openings(&battle, false).len(), 1);
    assert_eq!(tavern::openings(&battle, true).len(), 2);
    for (mover, targets) in [(1, 1), (0, 0), (0, 4), (0, 255), (2, 1)] {
        let opening = tavern::Opening { mover, targets };
        assert_eq!(
            tavern::opening_shares(&battle, opening, Strategy::Memo, &mut scratch),
            Err(tavern::OddsError::NotAnOpening),
            "{opening:?}"
        );
    }
    let even = Battle::new(&[1, 2], &[4, 5]).unwrap();
    assert_eq!(tavern::openings(&even, false).len(), 2);
    assert_eq!(tavern::openings(&even, true).len(), 4);
    // Shares over different denominators do not add up, nor does a part make odds.
    let whole = |battle: &Battle, scratch: &mut HeapScratch| {
        tavern::openings(battle, false)
            .iter()
            .map(|&opening| tavern::opening_shares(battle, opening, Strategy::Memo, scratch).unwrap())
            .reduce(|a, b| a.checked_add(b).unwrap())
            .unwrap()
    };
    let (small, large) = (whole(&even, &mut scratch), whole(&battle, &mut scratch));
    assert_eq!(small.checked_add(large), None);
    assert_eq!(small.checked_add(small), None, "the sum of a whole battle twice exceeds its denominator");
    let first = tavern::opening_shares(&even, tavern::openings(&even, false)[0], Strategy::Memo, &mut scratch);
    assert_eq!(first.unwrap().odds(), Err(tavern::OddsError::Partial));
}

#[test]
fn every_small_board_of_values_one_to_three() {
    // Exhaustive over every battle of up to 2 against 3 minions with values 1..=3.
    let mut scratch = HeapScratch::default();
    let boards: Vec<Vec<u32>> = (1..=3usize)
        .flat_map(|len| {
            (0..3u32.pow(len as u32)).map(move |code| (0..len).map(|i| code / 3u32.pow(i as u32) % 3 + 1).collect())
        })
        .collect();
    for alice in boards.iter().filter(|b| b.len() <= 2) {
        for bob in &boards {
            let expected = brute_odds(alice, bob, u64::MAX).unwrap();
            let battle = Battle::new(alice, bob).unwrap();
            for strategy in
                [Strategy::Memo, Strategy::Fixed { table_words: 0 }, Strategy::Fixed { table_words: BUCKET_WORDS }]
            {
                assert_eq!(solver_odds(&battle, strategy, &mut scratch), expected, "{alice:?} vs {bob:?}");
            }
        }
    }
}

#[test]
fn samples_through_every_strategy_and_table() {
    let samples: [(&str, [&str; 3]); 2] = [
        ("2 3\n2 5\n3 4 1\n", ["1/8", "3/4", "1/8"]),
        ("6 6\n1 1 4 5 1 4\n1 1 4 5 1 4\n", ["0.241867283951", "0.241867283951", "0.516265432099"]),
    ];
    for (input, expected) in samples {
        let exact = expected[0].contains('/');
        for args in [&["--strategy", "memo"][..], &["--strategy", "fixed"], &["--strategy=fixed", "--table-kib", "0"]] {
            let mut full = vec!["tavern"];
            full.extend_from_slice(args);
            if exact {
                full.push("--exact");
            }
            let outcome = referee(&full, input.as_bytes());
            assert_eq!(outcome.status, 0, "{args:?}: {}", outcome.stderr);
            assert_eq!(String::from_utf8(outcome.stdout).unwrap(), expected.join("\n") + "\n", "{args:?}");
        }
    }
}

/// The judge input of a battle.
fn judge_input(alice: &[u32], bob: &[u32]) -> String {
    let line = |side: &[u32]| side.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    format!("{} {}\n{}\n{}\n", alice.len(), bob.len(), line(alice), line(bob))
}

/// The judge text on its own: the parser gives the battle `Battle::new` builds, and the judge
/// answer (exact and decimal) is the typed odds formatted, on random battles of every family.
#[test]
fn the_judge_parses_the_battle_and_prints_the_typed_odds() {
    let mut rng = Rng::new(0x7465_7874);
    let mut scratch = HeapScratch::default();
    for case in 0..300u64 {
        let (alice, bob) = random_battle(&mut rng, case % 4);
        let (alice, bob) = (&alice[..alice.len().min(4)], &bob[..bob.len().min(4)]);
        let input = judge_input(alice, bob);
        let battle = Battle::new(alice, bob).unwrap();
        assert_eq!(tavern::text::parse(input.as_bytes()), Ok(battle.clone()), "case {case}: {input}");
        let odds =
            tavern::odds(&battle, Strategy::default(), &mut scratch).unwrap().all().map(|p| p.to_fraction().unwrap());
        for exact in [false, true] {
            let mut expected = String::new();
            for p in odds {
                if exact {
                    expected += &format!("{p}\n");
                } else {
                    write_decimal(&mut expected, p.numer(), p.denom(), 12).unwrap();
                    expected.push('\n');
                }
            }
            let mut got = String::new();
            judge::run(Problem::Tavern, input.as_bytes(), &Options::exact(exact), &mut scratch, &mut got).unwrap();
            assert_eq!(got, expected, "case {case} (exact: {exact}): {input}");
        }
    }
}

/// 7-against-7 battles with large trees: memo and fixed (several tables) must agree exactly.
/// Too slow for debug builds; scripts/check.sh runs it in release.
#[test]
#[cfg_attr(debug_assertions, ignore = "release only (scripts/check.sh runs it)")]
fn strategies_agree_on_full_boards() {
    let mut rng = Rng::new(0x7a7e_0707);
    let mut scratch = HeapScratch::default();
    for round in 0..60 {
        let max = [10, 1000, 1_000_000_000][round % 3];
        let alice: Vec<u32> = (0..7).map(|_| rng.range(1, max) as u32).collect();
        let bob: Vec<u32> = (0..rng.range(6, 7)).map(|_| rng.range(1, max) as u32).collect();
        let battle = Battle::new(&alice, &bob).unwrap();
        let memo = solver_odds(&battle, Strategy::Memo, &mut scratch);
        for table in [1024, DEFAULT_TABLE_WORDS] {
            assert_eq!(
                solver_odds(&battle, Strategy::Fixed { table_words: table }, &mut scratch),
                memo,
                "{alice:?} vs {bob:?}"
            );
        }
    }
    // The benchmark input with a mixed answer, against the plain search (26 million nodes).
    let mixed = Battle::new(
        &[87_927_660, 3_838_830, 366_874_485, 308_930_916, 488_281_599, 559_841_122, 578_790_212],
        &[96_537_473, 95_201_502, 1_000_000_000, 5_059_667, 140_177_128, 1_000_000_000, 26_601_057],
    )
    .unwrap();
    let memo = solver_odds(&mixed, Strategy::Memo, &mut scratch);
    assert_eq!(solver_odds(&mixed, Strategy::Fixed { table_words: 0 }, &mut scratch), memo);
}

#[test]
fn a_small_fixed_scratch_is_a_capacity_error() {
    let battle = Battle::new(&[1, 2], &[3]).unwrap();
    let mut words = [0u32; tavern::RANK_TABLE_WORDS + 10];
    let error = tavern::odds(&battle, Strategy::Fixed { table_words: 11 }, &mut words[..]).unwrap_err();
    assert!(matches!(error, tavern::OddsError::Capacity(_)), "{error:?}");
    let odds = tavern::odds(&battle, Strategy::Fixed { table_words: 10 }, &mut words[..]).unwrap();
    assert_eq!(odds.all().map(|p| p.to_string()), ["0/1", "0/1", "1/1"]);
}

/// Runs `tavern` on `input` and checks the refusal's position and message.
fn refused(input: &str, position: &str, message: &str) {
    let outcome = referee(&["tavern"], input.as_bytes());
    let text = expect_refusal(&outcome, input);
    assert!(outcome.stderr.starts_with(&format!("error: {position}: ")), "{input:?}: {}", outcome.stderr);
    assert!(text.contains(message), "{input:?}: {text:?} should mention {message:?}");
}

#[test]
fn refuses_a_count_out_of_range() {
    refused("0 1\n\n5\n", "1:1", "the number of Alice's minions must be in 1..=7, found 0");
    refused("1 8\n5\n1 1 1 1 1 1 1 1\n", "1:3", "the number of Bob's minions must be in 1..=7, found 8");
}

#[test]
fn refuses_a_value_out_of_range() {
    refused("1 1\n0\n5\n", "2:1", "an attack of Alice's minions must be in 1..=1000000000, found 0");
    refused("1 2\n5\n3 1000000001\n", "3:3", "an attack of Bob's minions must be in 1..=1000000000, found 1000000001");
    refused("1 1\n-4\n5\n", "2:1", "found -4");
    refused("1 1\n5\n99999999999999999999999\n", "3:1", "a number too large to hold");
}

#[test]
fn refuses_missing_numbers() {
    refused("2 2\n1 2\n3\n", "4:1", "expected an attack of Bob's minions, found end of input");
    refused("1", "1:2", "expected the number of Bob's minions, found end of input");
}

#[test]
fn refuses_extra_numbers_and_trailing_text() {
    refused("1 1\n5\n5 6\n", "3:3", "expected end of input, found '6'");
    refused("1 1\n5\n5\nthe end\n", "4:1", "expected end of input, found 't'");
}

#[test]
fn refuses_malformed_tokens() {
    refused("1 1\n5x\n5\n", "2:2", "expected a separator after the number, found 'x'");
    refused("1 one\n5\n5\n", "1:3", "expected the number of Bob's minions, found 'o'");
}
