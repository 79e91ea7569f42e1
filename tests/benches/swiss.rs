//! `cargo bench --bench swiss`: the whole `swiss` driver (parse, solve, format) on the
//! max-size inputs in tests/bench-inputs/.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use referee_core::judge::{self, Options, Problem};
use referee_core::HeapScratch;

fn main() {
    divan::main();
}

#[divan::bench(args = ["swiss_max.in", "swiss_many.in"])]
fn driver(bencher: divan::Bencher, file: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("bench-inputs").join(file);
    let input = std::fs::read(&path).unwrap();
    let mut scratch = HeapScratch::default();
    bencher.bench_local(|| {
        let mut out = String::with_capacity(16 << 20);
        judge::run(Problem::Swiss, divan::black_box(&input), &Options::default(), &mut scratch, &mut out).unwrap();
        out
    });
}
