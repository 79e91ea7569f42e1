//! `cargo bench --bench standings`: an 8 000-player, 18-round event (about the largest Swiss
//! event ever held), generated deterministically (`referee_tests::standings_event`): the whole
//! `referee standings` path in memory (parse the CSV, record, rank, print), and the core alone
//! (record every round through the typed API, then rank).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::cast_possible_truncation, missing_docs)]

use referee_core::standings::{Event, MatchResult, PlayerId, Profile};
use referee_host::standings::{self, Format, Options};
use referee_tests::{standings_event, STANDINGS_BENCH_SEED};

fn main() {
    divan::main();
}

fn event() -> String {
    standings_event(8_000, 18, STANDINGS_BENCH_SEED)
}

#[divan::bench(args = ["csv", "json", "table"])]
fn host_8000x18(bencher: divan::Bencher, format: &str) {
    let input = event();
    let options = Options { format: Format::from_name(format).unwrap(), ..Options::default() };
    bencher.bench_local(|| standings::run(divan::black_box(input.as_bytes()), &options).unwrap());
}

#[divan::bench]
fn core_record_and_rank_8000x18(bencher: divan::Bencher) {
    // The rows as player numbers, once.
    let input = event();
    let mut ids = std::collections::HashMap::new();
    let mut rows = Vec::new();
    for line in input.lines().skip(1) {
        let mut fields = Vec::new();
        let mut rest = line;
        while !rest.is_empty() {
            let (field, tail) = if let Some(quoted) = rest.strip_prefix('"') {
                let end = quoted.find('"').unwrap();
                (&quoted[..end], quoted[end + 1..].strip_prefix(',').unwrap_or(""))
            } else {
                rest.split_once(',').unwrap_or((rest, ""))
            };
            fields.push(field);
            rest = tail;
        }
        let round: u32 = fields[0].parse().unwrap();
        let mut id = |name: &str| {
            let next = ids.len() as u32 + 1;
            *ids.entry(name.to_owned()).or_insert(next)
        };
        let first = id(fields[1]);
        let second = if fields.len() > 2 && !fields[2].is_empty() { id(fields[2]) } else { 0 };
        let digits: Vec<u8> = fields[3..].iter().filter_map(|d| d.parse().ok()).collect();
        let result = if second == 0 { None } else { MatchResult::new(digits[0], digits[1], digits[2]).ok() };
        rows.push((round, first, second, result));
    }
    let players = ids.len() as u32;
    let mut words = vec![0u32; Event::words_needed(players, 18).unwrap()];
    let mut rank_words = vec![0u32; Event::ranking_words(players, 18).unwrap()];
    bencher.bench_local(|| {
        let mut event = Event::new(players, 18, &mut words[..]).unwrap();
        for &(round, first, second, result) in &rows {
            if round != event.round() {
                if event.is_open() {
                    event.finish_round().unwrap();
                }
                event.start_round().unwrap();
            }
            match result {
                Some(result) => event.record(PlayerId::new(first - 1), PlayerId::new(second - 1), result).unwrap(),
                None => event.bye(PlayerId::new(first - 1)).unwrap(),
            }
        }
        event.finish_round().unwrap();
        let ranking = event.rank(Profile::Mtr, &mut rank_words[..]).unwrap();
        divan::black_box(ranking.get(0))
    });
}

#[divan::bench]
fn host_parse_only_8000x18(bencher: divan::Bencher) {
    let input = event();
    bencher.bench_local(|| standings::parse::parse(divan::black_box(input.as_bytes()), Profile::Mtr));
}
