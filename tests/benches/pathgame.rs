//! `cargo bench --bench pathgame`: the whole `pathgame` driver on the inputs in
//! tests/bench-inputs/ and on the deterministic 10 000 000-column board of the `gen_pathgame`
//! example, held in memory (`judge::run`) and read in pieces (`judge::run_streaming` over the
//! slice, through the host's 256 KiB buffer).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use referee_core::judge::{self, Options, Problem};

fn main() {
    divan::main();
}

/// The input `name`: a file of tests/bench-inputs/, or `10m`, the generated board.
fn input(name: &str) -> Vec<u8> {
    if name == "10m" {
        return referee_tests::pathgame_board(10_000_000, referee_tests::PATHGAME_BENCH_SEED);
    }
    std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("bench-inputs").join(name)).unwrap()
}

#[divan::bench(args = ["pathgame_1000.in", "pathgame_big.in", "10m"], sample_count = 20)]
fn in_memory(bencher: divan::Bencher, name: &str) {
    let input = input(name);
    bencher.bench_local(|| {
        let mut out = String::new();
        judge::run(Problem::Pathgame, divan::black_box(&input), &Options::default(), &mut [0u32; 0][..], &mut out)
            .unwrap();
        out
    });
}

#[divan::bench(args = ["pathgame_big.in", "10m"], sample_count = 20)]
fn streamed(bencher: divan::Bencher, name: &str) {
    let mut input = input(name);
    let mut buffer = vec![0u8; 256 << 10];
    bencher.bench_local(|| {
        let mut out = String::new();
        let source = divan::black_box(&mut input[..]);
        judge::run_streaming(Problem::Pathgame, source, &Options::default(), &mut buffer, &mut out).unwrap().unwrap();
        out
    });
}
