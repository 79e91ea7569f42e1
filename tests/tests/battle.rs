//! `battle`: the solver (`referee_core::battle`, both strategies) against the tests' literal
//! brute force (`referee_tests::reference::battle`, its own fractions) on seeded random boards,
//! exhaustively on tiny ones, each keyword and each pair of keywords on its own; the public
//! cases; the three probabilities summing to one; `tavern`'s answers on its boards; the
//! closed form of one against one; the limits refused, never hung.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::cast_possible_truncation)]

use referee_core::battle::{
    self, Keywords, Limits, Minion, SearchError, Strategy, DEFAULT_SCRATCH_WORDS, DEFAULT_TABLE_WORDS, FRAME_WORDS,
    WIDE_FRAME_WORDS,
};
use referee_core::tavern::{self, FIXED_SCRATCH_WORDS};
use referee_core::HeapScratch;
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

/// The solver's exact answer with `strategy`, as the reference writes it.
fn solve(alice: &[Card], bob: &[Card], strategy: Strategy) -> Result<String, SearchError> {
    let battle = battle::Board::new(
        &alice.iter().map(Card::to_minion).collect::<Vec<_>>(),
        &bob.iter().map(Card::to_minion).collect::<Vec<_>>(),
    )
    .unwrap();
    let mut scratch = HeapScratch::default();
    let odds = battle::odds(&battle, strategy, Limits::default(), &mut scratch)?;
    assert_sums_to_one(&odds);
    Ok(odds.all().iter().map(|p| p.to_string() + "\n").collect())
}

/// The three probabilities sum to exactly one (checked in `u128` when they fit it).
fn assert_sums_to_one(odds: &battle::Odds<'_>) {
    let parts: Option<Vec<(u128, u128)>> =
        odds.all().iter().map(|p| p.to_fraction().map(|f| (f.numer(), f.denom()))).collect();
    let Some(parts) = parts else { return };
    let den = parts.iter().fold(1u128, |l, &(_, q)| l / gcd(l, q) * q);
    let sum: u128 = parts.iter().map(|&(p, q)| p * (den / q)).sum();
    assert_eq!(sum, den, "{parts:?} does not sum to one");
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The strategies every answer is checked with: the memo, the default table, a table of one
/// bucket (constant eviction) and none (the plain search).
const STRATEGIES: [Strategy; 4] = [
    Strategy::Memo,
    Strategy::Fixed { table_words: DEFAULT_TABLE_WORDS },
    Strategy::Fixed { table_words: 30 },
    Strategy::Fixed { table_words: 0 },
];

/// Checks the solver against the reference on one board, with every strategy.
fn check(alice: &[Card], bob: &[Card]) {
    let expected = exact(&odds(alice, bob));
    for strategy in STRATEGIES {
        assert_eq!(solve(alice, bob, strategy).unwrap(), expected, "{alice:?} against {bob:?} with {strategy:?}");
    }
}

/// A random card: attack `0..=max_attack`, health `1..=max_health`, each keyword of `keywords`
/// with probability `p` percent.
fn card(rng: &mut Rng, max_attack: u64, max_health: u64, keywords: &[u8], p: u64) -> Card {
    let mut text = format!("{}/{}", rng.range(0, max_attack), rng.range(1, max_health));
    for &k in keywords {
        if rng.range(1, 100) <= p {
            text.push(char::from(k));
        }
    }
    Card::parse(&text)
}

/// A random side of `1..=max_side` cards.
fn side(rng: &mut Rng, max_side: u64, max_attack: u64, max_health: u64, keywords: &[u8], p: u64) -> Vec<Card> {
    (0..rng.range(1, max_side)).map(|_| card(rng, max_attack, max_health, keywords, p)).collect()
}

/// Boards to try: more in release builds.
const fn boards(release: usize) -> usize {
    if cfg!(debug_assertions) {
        release / 10
    } else {
        release
    }
}

#[test]
fn random_small_boards_match_the_reference() {
    let mut rng = Rng::new(0x6261_7474_6c65_0001);
    for _ in 0..boards(3000) {
        let (a, b) = (side(&mut rng, 3, 4, 5, b"TDPVWR", 30), side(&mut rng, 3, 4, 5, b"TDPVWR", 30));
        check(&a, &b);
    }
    for _ in 0..boards(600) {
        let (a, b) = (side(&mut rng, 4, 8, 8, b"TDPVWR", 15), side(&mut rng, 4, 8, 8, b"TDPVWR", 15));
        check(&a, &b);
    }
}

#[test]
fn each_keyword_and_each_pair_of_keywords_on_its_own() {
    let letters = b"TDPVWR";
    let mut sets: Vec<Vec<u8>> = letters.iter().map(|&k| vec![k]).collect();
    for (i, &x) in letters.iter().enumerate() {
        for &y in &letters[i + 1..] {
            sets.push(vec![x, y]);
        }
    }
    let mut rng = Rng::new(0x6b65_7977_6f72_6473);
    for set in &sets {
        for _ in 0..boards(150) {
            let (a, b) = (side(&mut rng, 3, 5, 6, set, 60), side(&mut rng, 3, 5, 6, set, 60));
            check(&a, &b);
        }
    }
}

#[test]
fn every_tiny_duel_and_one_against_two() {
    // Every minion of attack 0..=2, health 1..=2 and any keywords, against each other.
    let mut cards = Vec::new();
    for attack in 0..=2 {
        for health in 1..=2 {
            for set in 0..64u32 {
                let keys: String =
                    "TDPVWR".chars().enumerate().filter(|(i, _)| set >> i & 1 == 1).map(|(_, c)| c).collect();
                cards.push(Card::parse(&format!("{attack}/{health}{keys}")));
            }
        }
    }
    let step = if cfg!(debug_assertions) { 7 } else { 1 };
    for a in cards.iter().step_by(step) {
        for b in &cards {
            // One against one is the closed form: against the reference, memo only (it does
            // not touch the cache).
            assert_eq!(solve(&[*a], &[*b], Strategy::Memo).unwrap(), exact(&odds(&[*a], &[*b])), "{a:?} against {b:?}");
        }
    }
    // One against two, with keywords drawn from every set.
    let mut rng = Rng::new(0x7469_6e79);
    for _ in 0..boards(2000) {
        let pick = |rng: &mut Rng| cards[rng.below(cards.len())];
        let (a, b) = (vec![pick(&mut rng)], vec![pick(&mut rng), pick(&mut rng)]);
        check(&a, &b);
        check(&b, &a);
    }
}

#[test]
fn long_duels_are_answered_at_once() {
    let duel = |a: &str, b: &str| solve(&[Card::parse(a)], &[Card::parse(b)], Strategy::default()).unwrap();
    assert_eq!(duel("1/1000000000", "0/1000000000"), "1/1\n0/1\n0/1\n");
    assert_eq!(duel("1/1000000000DR", "1/1000000000"), "1/1\n0/1\n0/1\n");
    assert_eq!(duel("1000000000/1000000000PW", "1/1000000000DR"), "1/1\n0/1\n0/1\n");
    assert_eq!(duel("1/1000000000", "1/1000000000"), "0/1\n0/1\n1/1\n");
    assert_eq!(duel("0/5", "0/5"), "0/1\n0/1\n1/1\n");
    // Long duels against the reference too (it plays them out).
    let mut rng = Rng::new(0x6475_656c);
    for _ in 0..boards(500) {
        let (a, b) = (card(&mut rng, 3, 60, b"TDPVWR", 30), card(&mut rng, 3, 60, b"TDPVWR", 30));
        assert_eq!(solve(&[a], &[b], Strategy::Memo).unwrap(), exact(&odds(&[a], &[b])), "{a:?} against {b:?}");
    }
}

#[test]
fn limits_refuse_what_they_cannot_search() {
    let wall = |n: usize, text: &str| vec![Card::parse(text); n];
    let battle = |a: &[Card], b: &[Card]| {
        battle::Board::new(
            &a.iter().map(Card::to_minion).collect::<Vec<_>>(),
            &b.iter().map(Card::to_minion).collect::<Vec<_>>(),
        )
        .unwrap()
    };
    let mut scratch = vec![0u32; DEFAULT_SCRATCH_WORDS];
    let huge = battle(&wall(7, "1/1000000000"), &wall(7, "1/1000000000"));
    let small = Limits { depth: 50, steps: 1 << 16 };
    // 50 frames of 128-bit numerators, on every target; the wide numerators of these healths
    // take WIDE_FRAME_WORDS words a frame, not FRAME_WORDS, so the same words hold fewer.
    let long = battle(&wall(7, "1/60"), &wall(7, "1/60"));
    assert_eq!(
        battle::odds(&long, Strategy::default(), small, &mut scratch[..]),
        Err(SearchError::Depth { limit: 50 })
    );
    // These healths need wide keys: larger frames, so the words of 50 hold fewer of them (at
    // least as many as the widest frames).
    let refused = battle::odds(&huge, Strategy::default(), small, &mut scratch[..]);
    let Err(SearchError::Depth { limit }) = refused else { panic!("{refused:?}") };
    assert!((50 * FRAME_WORDS / WIDE_FRAME_WORDS..50).contains(&(limit as usize)), "{limit}");
    let wide = battle(&wall(7, "1/8"), &wall(7, "1/8"));
    assert_eq!(
        battle::odds(&wide, Strategy::default(), Limits { depth: 1000, steps: 1000 }, &mut scratch[..]),
        Err(SearchError::Steps { limit: 1000 })
    );
    let mut tiny = [0u32; 10];
    assert!(matches!(
        battle::odds(&wide, Strategy::default(), Limits::default(), &mut tiny[..]),
        Err(SearchError::Capacity(_))
    ));
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
#[cfg_attr(debug_assertions, ignore = "release only (scripts/check.sh runs it): the largest cases are slow in debug")]
fn every_strategy_gives_every_public_case_its_exact_answer() {
    for input in inputs("battle") {
        let (alice, bob) = read(&std::fs::read_to_string(&input).unwrap());
        let expected = std::fs::read_to_string(input.with_extension("exact")).unwrap();
        for strategy in &STRATEGIES[..3] {
            assert_eq!(solve(&alice, &bob, *strategy).unwrap(), expected, "{} with {strategy:?}", input.display());
        }
    }
}

#[test]
fn tavern_boards_get_tavern_answers() {
    let mut rng = Rng::new(0x6261_7474_6c65);
    let mut scratch = vec![0u32; FIXED_SCRATCH_WORDS];
    let (count, max_side) = if cfg!(debug_assertions) { (300, 4) } else { (3000, 6) };
    for _ in 0..count {
        let side =
            |rng: &mut Rng| -> Vec<u32> { (0..rng.range(1, max_side)).map(|_| rng.range(1, 6) as u32).collect() };
        let (a, b) = (side(&mut rng), side(&mut rng));
        let plain = |&v: &u32| Minion::new(v, v, Keywords::NONE);
        let ours =
            battle::Board::new(&a.iter().map(plain).collect::<Vec<_>>(), &b.iter().map(plain).collect::<Vec<_>>())
                .unwrap();
        let mut ours_scratch = HeapScratch::default();
        let ours = battle::odds(&ours, Strategy::default(), Limits::default(), &mut ours_scratch).unwrap();
        let ours: String = ours.all().iter().map(|p| p.to_string() + "\n").collect();
        let theirs = tavern::odds(&tavern::Battle::new(&a, &b).unwrap(), Strategy::default(), &mut scratch[..]);
        let theirs: String = theirs.unwrap().all().iter().map(|p| p.to_string() + "\n").collect();
        assert_eq!(ours, theirs, "{a:?} against {b:?}");
    }
}
