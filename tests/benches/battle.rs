//! `cargo bench --bench battle`: the whole `battle` driver (parse, search, format) in memory,
//! with the heap memo and with the fixed strategy's default table (144 KiB), on the 30 typical
//! mid-game boards of `tests/bench-inputs/battle-typical/` (one benchmark each) and on the two
//! largest public cases (about 750 000 states each).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::path::PathBuf;

use referee_core::battle::Strategy;
use referee_core::judge::{self, Options, Problem};
use referee_core::HeapScratch;

const TYPICAL: [&str; 30] = [
    "typical-01",
    "typical-02",
    "typical-03",
    "typical-04",
    "typical-05",
    "typical-06",
    "typical-07",
    "typical-08",
    "typical-09",
    "typical-10",
    "typical-11",
    "typical-12",
    "typical-13",
    "typical-14",
    "typical-15",
    "typical-16",
    "typical-17",
    "typical-18",
    "typical-19",
    "typical-20",
    "typical-21",
    "typical-22",
    "typical-23",
    "typical-24",
    "typical-25",
    "typical-26",
    "typical-27",
    "typical-28",
    "typical-29",
    "typical-30",
];
const LARGEST: [&str; 2] = ["108", "109"];

fn main() {
    divan::main();
}

/// Runs the driver on the board at `path` with `strategy`.
fn run(bencher: divan::Bencher, path: PathBuf, strategy: Strategy) {
    let input = std::fs::read(&path).unwrap();
    let mut scratch = HeapScratch::default();
    let options = Options::default().with_battle(strategy);
    bencher.bench_local(|| {
        let mut out = String::new();
        judge::run(Problem::Battle, divan::black_box(&input), &options, &mut scratch, &mut out).unwrap();
        out
    });
}

fn typical(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("bench-inputs/battle-typical").join(format!("{name}.in"))
}

fn largest(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/battle").join(format!("{name}.in"))
}

#[divan::bench(args = TYPICAL)]
fn typical_memo(bencher: divan::Bencher, name: &str) {
    run(bencher, typical(name), Strategy::Memo);
}

#[divan::bench(args = TYPICAL)]
fn typical_fixed(bencher: divan::Bencher, name: &str) {
    run(bencher, typical(name), Strategy::default());
}

#[divan::bench(args = LARGEST, sample_count = 10)]
fn largest_memo(bencher: divan::Bencher, name: &str) {
    run(bencher, largest(name), Strategy::Memo);
}

#[divan::bench(args = LARGEST, sample_count = 10)]
fn largest_fixed(bencher: divan::Bencher, name: &str) {
    run(bencher, largest(name), Strategy::default());
}
