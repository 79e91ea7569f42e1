//! `cargo bench --bench pair`: the 19th round of the 8 000-player, 18-round event of the
//! standings benchmark (`referee_tests::standings_event`) and the 16th of a 2 000 × 15 one: the
//! whole `referee pair` path in memory (parse, record, rank, pair, print) beside the same
//! events through `referee standings --format csv`, and the core's pairing alone on the
//! ranked event: `next_round`, and the matching without the fast path.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use referee_core::pair;
use referee_core::standings::Profile;
use referee_core::HeapScratch;
use referee_host::standings::{self, Failure, Format, Options};
use referee_tests::{standings_event, STANDINGS_BENCH_SEED};

fn main() {
    divan::main();
}

const EVENTS: [(usize, usize); 2] = [(8_000, 18), (2_000, 15)];

fn event((players, rounds): (usize, usize)) -> String {
    standings_event(players, rounds, STANDINGS_BENCH_SEED)
}

#[divan::bench(args = EVENTS)]
fn host_pair(bencher: divan::Bencher, size: (usize, usize)) {
    let input = event(size);
    let options = referee_host::pair::Options::default();
    bencher.bench_local(|| referee_host::pair::run(divan::black_box(input.as_bytes()), &options).unwrap());
}

#[divan::bench(args = EVENTS)]
fn host_standings_csv(bencher: divan::Bencher, size: (usize, usize)) {
    let input = event(size);
    let options = Options { format: Format::Csv, ..Options::default() };
    bencher.bench_local(|| standings::run(divan::black_box(input.as_bytes()), &options).unwrap());
}

/// Ranks the event once, then times `pair` on it (`fast`: `next_round`, else the matching).
fn core_pairing(bencher: divan::Bencher, size: (usize, usize), fast: bool) {
    let input = event(size);
    let mut bencher = Some(bencher);
    standings::replay(input.as_bytes(), Profile::Mtr, None, |event, _| {
        let mut rank_words = HeapScratch::default();
        let ranking = event.rank(Profile::Mtr, &mut rank_words).unwrap();
        let mut scratch = HeapScratch::default();
        bencher.take().expect("the event is paired once").bench_local(|| {
            let pairing = if fast {
                pair::next_round(&ranking, None, &mut scratch)
            } else {
                pair::next_round_by_matching(&ranking, None, &mut scratch)
            };
            pairing.unwrap().objective()
        });
        Ok::<_, Failure>(())
    })
    .unwrap();
}

#[divan::bench(args = EVENTS)]
fn core_next_round(bencher: divan::Bencher, size: (usize, usize)) {
    core_pairing(bencher, size, true);
}

#[divan::bench(args = EVENTS)]
fn core_matching_alone(bencher: divan::Bencher, size: (usize, usize)) {
    core_pairing(bencher, size, false);
}
