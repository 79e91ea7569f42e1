//! Writes the deterministic `pathgame` benchmark board of N columns to OUT:
//!
//! ```sh
//! cargo run --release -p referee-tests --example gen_pathgame -- 10000000 tests/bench-inputs/pathgame_10m.in
//! ```
//!
//! The board is `referee_tests::pathgame_board(N, PATHGAME_BENCH_SEED)`, the one `cargo bench --bench pathgame`
//! measures in memory; scripts/bench_table.py times `referee`, the C++ peer and `wc -l` on it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [columns, out] = &args[..] else {
        eprintln!("usage: gen_pathgame N OUT");
        std::process::exit(2);
    };
    let columns: usize = columns.parse().expect("N must be a number of columns");
    std::fs::write(out, referee_tests::pathgame_board(columns, referee_tests::PATHGAME_BENCH_SEED))
        .expect("cannot write OUT");
}
