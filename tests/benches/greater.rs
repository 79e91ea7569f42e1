//! `cargo bench --bench greater`: the whole `greater` driver (parse, solve, format), decimal and
//! exact, on the inputs in tests/bench-inputs/.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use referee_core::judge::{self, Options, Problem};
use referee_core::HeapScratch;

fn main() {
    divan::main();
}

#[divan::bench(args = ["greater_50.in", "greater_max.in"], consts = [false, true])]
fn driver<const EXACT: bool>(bencher: divan::Bencher, file: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("bench-inputs").join(file);
    let input = std::fs::read(&path).unwrap();
    let mut options = Options::default();
    options.exact = EXACT;
    let mut scratch = HeapScratch::default();
    bencher.bench_local(|| {
        let mut out = String::new();
        judge::run(Problem::Greater, divan::black_box(&input), &options, &mut scratch, &mut out).unwrap();
        out
    });
}
