//! `swiss`: the typed [`swiss::Tournament`] against the brute-force reference of
//! `referee_tests::reference::swiss` (its own fraction type, every statistic recomputed from the
//! whole history each round, shared with the fuzz targets) on thousands of seeded
//! random tournaments and every small one; then the judge text on its own: the judge's answer
//! against the typed standings formatted, and one test per kind of invalid input.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::cast_possible_truncation)]

use referee_core::judge::{self, Options, Problem};
use referee_core::HeapScratch;
use referee_tests::reference::swiss::{judge_text, Tournament, RESULTS};
use referee_tests::{expect_refusal, referee, Rng};

/// A random tournament with repeated pairings, all-bye rounds, a player who only loses, draws.
fn random_tournament(rng: &mut Rng) -> Tournament {
    let n = rng.range(1, 12) as usize;
    // Up to 16 rounds the solver's `u64` path, beyond its `u128` one (up to `MAX_ROUNDS`).
    let m = if rng.range(0, 3) == 0 { rng.range(17, 34) } else { rng.range(1, 16) } as usize;
    let loser = (rng.range(0, 1) == 1).then(|| rng.below(n));
    let draw_heavy = rng.range(0, 3) == 0;
    let mut rounds = Vec::new();
    for _ in 0..m {
        let mut players: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut players);
        let matches = match rng.range(0, 5) {
            0 => 0,
            1 => rng.range(0, (n / 2) as u64) as usize,
            _ => n / 2,
        };
        let mut round = Vec::new();
        for pair in players.chunks(2).take(matches) {
            let (a, b) = (pair[0], pair[1]);
            let mut result =
                if draw_heavy && rng.range(0, 1) == 0 { RESULTS[[6, 9][rng.below(2)]] } else { RESULTS[rng.below(10)] };
            // The designated loser loses every match he plays.
            while (Some(a) == loser && result.0 >= result.1) || (Some(b) == loser && result.1 >= result.0) {
                result = RESULTS[rng.below(10)];
            }
            round.push((a, b, result.0, result.1, result.2));
        }
        rounds.push(round);
    }
    Tournament { n, rounds }
}

/// Tournaments compared by [`typed_tournaments_match_the_brute_force`].
const RANDOM_TOURNAMENTS: usize = 3_000;

#[test]
fn typed_tournaments_match_the_brute_force() {
    let mut rng = Rng::new(102_394);
    let mut scratch = HeapScratch::default();
    for case in 0..RANDOM_TOURNAMENTS {
        let t = random_tournament(&mut rng);
        assert_eq!(t.typed(&mut scratch), t.brute_force(), "case {case}: {} players, rounds {:?}", t.n, t.rounds);
    }
}

#[test]
fn every_small_tournament_of_three_players_and_two_rounds() {
    // Every round is a bye round or one of the 3 pairings with one of the 10 results: 31 ways.
    let mut round_kinds = vec![None];
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        for &(w1, w2, d) in &RESULTS {
            round_kinds.push(Some((a, b, w1, w2, d)));
        }
    }
    let mut scratch = HeapScratch::default();
    let mut checked = 0;
    for first in &round_kinds {
        for second in &round_kinds {
            let rounds = [first, second].iter().map(|k| k.iter().copied().collect()).collect();
            let t = Tournament { n: 3, rounds };
            assert_eq!(t.typed(&mut scratch), t.brute_force(), "rounds {:?}", t.rounds);
            checked += 1;
        }
    }
    assert_eq!(checked, 31 * 31);
}

#[test]
fn the_longest_supported_event_is_exact() {
    // 34 rounds of 2 players who alternate 2-1 and 1-1-1: the solver's common denominator
    // lcm(68..=102) is far beyond u64.
    let rounds = (0..34).map(|r| vec![if r % 2 == 0 { (0, 1, 2, 1, 0) } else { (0, 1, 1, 1, 1) }]).collect();
    let t = Tournament { n: 3, rounds };
    let typed = t.typed(&mut HeapScratch::default());
    assert_eq!(typed, t.brute_force());
}

/// The judge text on its own: multi-case inputs through [`judge::run`] give the typed
/// standings of each case, formatted.
#[test]
fn the_judge_prints_the_typed_standings() {
    let mut rng = Rng::new(0x7465_7874);
    let mut scratch = HeapScratch::default();
    for case in 0..300 {
        let cases: Vec<Tournament> = (0..rng.range(1, 3)).map(|_| random_tournament(&mut rng)).collect();
        let (mut input, mut expected) = (format!("{}\n", cases.len()), String::new());
        for t in &cases {
            t.judge_input(&mut input);
            judge_text(&t.typed(&mut scratch), &mut expected);
        }
        let mut got = String::new();
        judge::run(Problem::Swiss, input.as_bytes(), &Options::default(), &mut scratch, &mut got)
            .unwrap_or_else(|e| panic!("case {case}: {e} on input\n{input}"));
        assert!(got == expected, "case {case}: input\n{input}\ngot\n{got}\nexpected\n{expected}");
    }
}

/// The error message `referee swiss` gives for `input` (and that it refuses it properly).
fn refusal(input: &str) -> String {
    let outcome = referee(&["swiss"], input.as_bytes());
    let _ = expect_refusal(&outcome, input);
    outcome.stderr
}

#[test]
fn each_kind_of_invalid_input_is_refused_with_its_position() {
    let cases = [
        ("1\n3 1\n1\n1 4 2 0 0\n", "error: 4:3: a player id must be in 1..=3, found 4\n"),
        ("1\n3 1\n1\n0 2 2 0 0\n", "error: 4:1: a player id must be in 1..=3, found 0\n"),
        ("1\n3 1\n1\n2 2 2 0 0\n", "error: 4:3: player 2 cannot play a match against himself\n"),
        ("1\n4 1\n2\n1 2 2 0 0\n3 2 0 2 0\n", "error: 5:3: player 2 already has a match in this round\n"),
        ("1\n4 1\n2\n1 2 2 0 0\n1 3 0 2 0\n", "error: 5:1: player 1 already has a match in this round\n"),
        ("1\n3 1\n2\n", "error: 3:1: the number of matches of a round (at most n/2) must be in 0..=1, found 2\n"),
        (
            "1\n2 1\n1\n1 2 1 1 0\n",
            "error: 4:5: not a legal match result: w1 w2 d must be one of 2 0 0, 0 2 0, 2 1 0, 1 2 0, 2 0 1, \
             0 2 1, 1 1 1, 1 0 2, 0 1 2, 0 0 3\n",
        ),
        ("1\n2 1\n1\n1 2 4 0 0\n", "error: 4:5: games won by the first player must be in 0..=3, found 4\n"),
        ("1\n2 2\n1 1\n1 2 2 0 0\n", "error: 5:1: expected a player id, found end of input\n"),
        ("1\n2 2\n1\n", "error: 4:1: expected the number of matches of a round (at most n/2), found end of input\n"),
        ("1\n2 1\n0\n7\n", "error: 4:1: expected end of input, found '7'\n"),
        ("2\n2 1\n0\n", "error: 4:1: expected the number of players, found end of input\n"),
        ("1\n2 35\n", "error: 2:3: the number of rounds must be in 1..=34, found 35\n"),
        ("1\n2 0\n", "error: 2:3: the number of rounds must be in 1..=34, found 0\n"),
        ("1\n0 1\n0\n", "error: 2:1: the number of players must be in 1..=16777216, found 0\n"),
        ("0\n", "error: 1:1: the number of test cases must be in 1..=4294967296, found 0\n"),
        ("", "error: 1:1: expected the number of test cases, found end of input\n"),
        ("1\n2 1\n0x\n", "error: 3:2: expected a separator after the number, found 'x'\n"),
        ("1\r\n2 1\r\n1\r\n1 2 2 0\r\n", "error: 5:1: expected games drawn, found end of input\n"),
        ("1\n2 1\n-1\n", "error: 3:1: the number of matches of a round (at most n/2) must be in 0..=1, found -1\n"),
    ];
    for (input, expected) in cases {
        assert_eq!(refusal(input), expected, "input {input:?}");
    }
}

#[test]
fn a_test_case_larger_than_the_scratch_is_a_capacity_error() {
    let mut small = [0u32; 100];
    let mut out = String::new();
    let error =
        judge::run(Problem::Swiss, b"1\n20 2\n0 0\n", &Options::default(), &mut small[..], &mut out).unwrap_err();
    assert_eq!(
        error.to_string(),
        "2:4: input needs 140 scratch words (n·(m + 5) for n players and m rounds) but this build holds 100"
    );
    assert!(out.is_empty());
}
