//! Searches for the hardest `tavern` battles of one strategy: hill climbing over 7-against-7
//! battles, the cost of a battle being the fastest of three in-process solves with that strategy.
//!
//! ```sh
//! cargo run --release -p referee-tests --example search_tavern -- fixed 300 1 > hard.in
//! cargo run --release -p referee-tests --example search_tavern -- memo 300 1 tests/bench-inputs/tavern_states.in
//! ```
//!
//! Arguments: the strategy (`memo`, `fixed` with the default table, or `fixed:WORDS` with a table
//! of that many words, e.g. `fixed:320`, the `microbit`'s), the seconds to search, a seed,
//! and optionally a battle in the judge format to start from (otherwise a random one). Each
//! step changes one minion of the current battle (a new value, a value near its own, a copy of
//! another minion's value with a small offset, or a swap of two minions) and moves to the new
//! battle when it costs at least 98 % of the current one (so the search can cross plateaus; the
//! best battle is kept apart: a battle replaces it when it is 1 % costlier in three solves and
//! still costlier in nine). The best battle goes to stdout in the judge format; each
//! improvement to stderr. Timing is noisy: confirm what it finds with instruction counts,
//! `valgrind --tool=callgrind target/release/referee tavern --strategy S FILE`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use referee_core::scratch::HeapScratch;
use referee_core::tavern::{self, Battle, Strategy, MAX_MINIONS, MAX_VALUE};
use referee_tests::Rng;

/// Solves of a battle that beats the best so far, whose fastest is its confirmed cost.
const CONFIRM_RUNS: usize = 9;

/// A battle as two sides of attack values.
type Sides = [Vec<u32>; 2];

/// A value in `1..=MAX_VALUE`, log-uniform: small and large values alike.
fn random_value(rng: &mut Rng) -> u32 {
    let top = [10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, MAX_VALUE][rng.below(9)];
    1 + u32::try_from(rng.next_u64() % u64::from(top)).expect("below MAX_VALUE")
}

/// The fastest of `runs` solves of `sides` with `strategy`, or `None` for an invalid battle.
fn cost(sides: &Sides, strategy: Strategy, runs: usize) -> Option<Duration> {
    let battle = Battle::new(&sides[0], &sides[1]).ok()?;
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            let odds = tavern::odds(&battle, strategy, &mut HeapScratch::default());
            (odds.is_ok(), start.elapsed())
        })
        .filter_map(|(ok, time)| ok.then_some(time))
        .min()
}

/// `sides` with one random change.
fn mutate(sides: &Sides, rng: &mut Rng) -> Sides {
    let mut next = sides.clone();
    let side = rng.below(2);
    let slot = rng.below(next[side].len());
    match rng.below(4) {
        0 => next[side][slot] = random_value(rng),
        1 => {
            let value = i64::from(next[side][slot]);
            let reach = value / 8 + 1;
            let span = usize::try_from(2 * reach + 1).expect("small");
            let step = i64::try_from(rng.below(span)).expect("small") - reach;
            next[side][slot] = u32::try_from((value + step).clamp(1, i64::from(MAX_VALUE))).expect("clamped");
        }
        2 => {
            let other = rng.below(2);
            let from = rng.below(next[other].len());
            let offset = i64::try_from(rng.below(5)).expect("small") - 2;
            let value = (i64::from(next[other][from]) + offset).clamp(1, i64::from(MAX_VALUE));
            next[side][slot] = u32::try_from(value).expect("clamped");
        }
        _ => {
            let (a, b) = (rng.below(2), rng.below(2));
            let (i, j) = (rng.below(next[a].len()), rng.below(next[b].len()));
            let (x, y) = (next[a][i], next[b][j]);
            next[a][i] = y;
            next[b][j] = x;
        }
    }
    next
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: search_tavern memo|fixed|fixed:WORDS SECONDS SEED [START_FILE]";
    let (Some(strategy), Some(seconds), Some(seed)) = (args.first(), args.get(1), args.get(2)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let strategy = match strategy.as_str() {
        "memo" => Strategy::Memo,
        "fixed" => Strategy::default(),
        other => match other.strip_prefix("fixed:").map(str::parse) {
            Some(Ok(table_words)) => Strategy::Fixed { table_words },
            _ => {
                eprintln!("{usage}");
                std::process::exit(2);
            }
        },
    };
    let seconds: u64 = seconds.parse().expect("SECONDS must be a whole number");
    let mut rng = Rng::new(seed.parse().expect("SEED must be a whole number"));
    let mut sides: Sides = match args.get(3) {
        Some(path) => {
            let battle = tavern::text::parse(&std::fs::read(path).expect("cannot read START_FILE"))
                .expect("START_FILE is not a valid battle");
            [battle.alice().to_vec(), battle.bob().to_vec()]
        }
        None => [0, 1].map(|_| (0..MAX_MINIONS).map(|_| random_value(&mut rng)).collect()),
    };
    let mut current = cost(&sides, strategy, 3).expect("a valid battle");
    // The best is measured apart with more runs, so that one lucky measurement does not stand.
    let (mut best, mut best_cost) = (sides.clone(), cost(&sides, strategy, CONFIRM_RUNS).expect("a valid battle"));
    eprintln!("start: {best_cost:?}");
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut steps = 0u64;
    while Instant::now() < deadline {
        steps += 1;
        let next = mutate(&sides, &mut rng);
        let Some(next_cost) = cost(&next, strategy, 3) else { continue };
        if next_cost.as_nanos() * 100 >= current.as_nanos() * 98 {
            sides = next;
            current = next_cost;
            if current.as_nanos() * 100 > best_cost.as_nanos() * 101 {
                let confirmed = cost(&sides, strategy, CONFIRM_RUNS).expect("a valid battle");
                if confirmed > best_cost {
                    (best, best_cost) = (sides.clone(), confirmed);
                    eprintln!("step {steps}: {best_cost:?} {best:?}");
                }
            }
        }
    }
    eprintln!("{steps} steps, best {best_cost:?}");
    let line = |side: &Vec<u32>| side.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    println!("{} {}\n{}\n{}", best[0].len(), best[1].len(), line(&best[0]), line(&best[1]));
}
