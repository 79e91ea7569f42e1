//! `cargo bench --bench tavern`: the whole `tavern` driver (parse, search, format) on the
//! benchmark inputs in tests/bench-inputs/, with the heap memo and with the fixed strategy's
//! default table (147 KiB of scratch in all).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use referee_core::judge::{self, Options, Problem};
use referee_core::tavern::Strategy;
use referee_core::HeapScratch;

const INPUTS: [&str; 3] = ["tavern_max.in", "tavern_mixed.in", "tavern_states.in"];

fn main() {
    divan::main();
}

/// Runs the driver on `file` with `strategy` (and the default table size).
fn run(bencher: divan::Bencher, file: &str, strategy: Strategy) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("bench-inputs").join(file);
    let input = std::fs::read(&path).unwrap();
    let mut scratch = HeapScratch::default();
    let mut options = Options::default();
    options.tavern = strategy;
    bencher.bench_local(|| {
        let mut out = String::new();
        judge::run(Problem::Tavern, divan::black_box(&input), &options, &mut scratch, &mut out).unwrap();
        out
    });
}

#[divan::bench(args = INPUTS)]
fn memo(bencher: divan::Bencher, file: &str) {
    run(bencher, file, Strategy::Memo);
}

#[divan::bench(args = INPUTS)]
fn fixed(bencher: divan::Bencher, file: &str) {
    run(bencher, file, Strategy::default());
}
