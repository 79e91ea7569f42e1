//! Writes a deterministic Swiss event of PLAYERS and ROUNDS as a results CSV to OUT:
//!
//! ```sh
//! cargo run --release -p referee-tests --example gen_standings -- 8000 18 tests/bench-inputs/standings_8000x18.csv
//! ```
//!
//! The event is `referee_tests::standings_event(PLAYERS, ROUNDS, SEED)` (SEED defaults to
//! `STANDINGS_BENCH_SEED`, the event `cargo bench --bench standings` measures in memory);
//! scripts/bench-standings.sh times `referee standings`, `cat` and tournament-organizer on it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (players, rounds, out, seed) = match &args[..] {
        [p, r, out] => (p, r, out, referee_tests::STANDINGS_BENCH_SEED),
        [p, r, out, seed] => (p, r, out, seed.parse().expect("SEED must be a number")),
        _ => {
            eprintln!("usage: gen_standings PLAYERS ROUNDS OUT [SEED]");
            std::process::exit(2);
        }
    };
    let players: usize = players.parse().expect("PLAYERS must be a number");
    let rounds: usize = rounds.parse().expect("ROUNDS must be a number");
    std::fs::write(out, referee_tests::standings_event(players, rounds, seed)).expect("cannot write OUT");
}
