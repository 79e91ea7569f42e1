//! Structure-aware: a valid tournament (1..=10 players, 1..=8 rounds, each round some disjoint
//! pairs with legal results, the rest byes; repeated pairings allowed) through the typed
//! `swiss::Tournament`, against the brute force of the tests after every round; and its judge
//! text through the driver, against the brute force's standings printed.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use referee_core::judge::{self, Options, Problem};
use referee_core::HeapScratch;
use referee_tests::reference::swiss::{judge_text, Tournament, RESULTS};

#[derive(Arbitrary, Debug)]
struct Shape {
    /// Players, taken modulo 10 plus one.
    players: u8,
    /// Per round: the pairs (as indices into the players not yet paired) and their results.
    rounds: Vec<Vec<(u8, u8, u8)>>,
}

fuzz_target!(|shape: Shape| {
    let n = usize::from(shape.players % 10 + 1);
    let mut rounds = Vec::new();
    for pairs in shape.rounds.iter().take(8) {
        let mut free: Vec<usize> = (0..n).collect();
        let mut round = Vec::new();
        for &(a, b, result) in pairs {
            if free.len() < 2 {
                break;
            }
            let first = free.remove(usize::from(a) % free.len());
            let second = free.remove(usize::from(b) % free.len());
            let (w1, w2, d) = RESULTS[usize::from(result) % RESULTS.len()];
            round.push((first, second, w1, w2, d));
        }
        rounds.push(round);
    }
    if rounds.is_empty() {
        return;
    }
    let t = Tournament { n, rounds };
    let expected = t.brute_force();
    assert_eq!(t.typed(&mut HeapScratch::default()), expected, "{} players, {:?}", t.n, t.rounds);
    let mut input = String::from("1\n");
    t.judge_input(&mut input);
    let mut printed = String::new();
    judge_text(&expected, &mut printed);
    let mut answer = String::new();
    judge::run(Problem::Swiss, input.as_bytes(), &Options::default(), &mut HeapScratch::default(), &mut answer)
        .expect("a valid tournament is answered");
    assert_eq!(answer, printed, "{input}");
});
