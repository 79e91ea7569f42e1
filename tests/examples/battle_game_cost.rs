//! What the damage distribution costs beside the odds alone, under the game rules: the whole
//! answer (`referee_core::battle::game::solve`: the odds, the deaths and both damage
//! distributions, from a search whose states' values are distributions of up to 99 ends)
//! against the odds alone (`game::solve_odds`: the same search with three ends), each solved
//! and written in the spec's text. For each board (a file in the game rules' text format): the
//! median of each, alternating run by run, and their ratio; then the cost of writing the
//! answer in each form (the odds lines, the whole text, the JSON, the table).
//!
//! ```sh
//! cargo run --release -p referee-tests --example battle_game_cost -- tests/bench-inputs/battle-typical/*.in
//! ```
//!
//! `RUNS` (default 5) runs of each; the solves run on a thread of 1 GiB of reserved stack, as
//! in `referee battle`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
// Timings shown in ms and µs, and their ratios: floats for display only.
#![allow(clippy::float_arithmetic, clippy::cast_precision_loss)]

use std::fmt::Write;
use std::time::{Duration, Instant};

use referee_core::battle::game::{self, text, Strategy};
use referee_core::HeapScratch;
use referee_event::battle::report;

/// The median of `times`.
fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// The median time of `runs` runs of `f`.
fn time(runs: usize, mut f: impl FnMut()) -> Duration {
    median(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                f();
                start.elapsed()
            })
            .collect(),
    )
}

/// One board's row.
fn row(path: &str, runs: usize) -> String {
    let input = std::fs::read(path).unwrap();
    let fight = text::parse(&input).unwrap_or_else(|e| panic!("{path}: {e}"));
    // The whole answer and the odds alone, alternating.
    let (mut wholes, mut alones) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        let start = Instant::now();
        let mut scratch = HeapScratch::default();
        let answer = game::solve(&fight, Strategy::Memo, game::DEFAULT_LIMITS, &mut scratch).unwrap();
        let mut out = String::new();
        text::write_answer(&answer, false, &mut out).unwrap();
        std::hint::black_box(out);
        wholes.push(start.elapsed());
        let start = Instant::now();
        let mut scratch = HeapScratch::default();
        let odds = game::solve_odds(&fight, Strategy::Memo, game::DEFAULT_LIMITS, &mut scratch).unwrap();
        let mut out = String::new();
        for p in odds.all() {
            writeln!(out, "{}", p.decimal(12)).unwrap();
        }
        std::hint::black_box(out);
        alones.push(start.elapsed());
    }
    let (solve, alone) = (median(wholes), median(alones));
    let mut scratch = HeapScratch::default();
    let answer = game::solve(&fight, Strategy::Memo, game::DEFAULT_LIMITS, &mut scratch).unwrap();
    let writes = 200;
    let per = |f: &mut dyn FnMut(&mut String)| {
        time(runs, || {
            for _ in 0..writes {
                let mut out = String::new();
                f(&mut out);
                std::hint::black_box(out);
            }
        }) / writes
    };
    let odds = per(&mut |out| {
        for p in answer.odds().all() {
            writeln!(out, "{}", p.decimal(12)).unwrap();
        }
    });
    let whole = per(&mut |out| text::write_answer(&answer, false, out).unwrap());
    let json = per(&mut |out| report::json(&answer, out).unwrap());
    let table = per(&mut |out| report::table(&answer, out).unwrap());
    let ratio = solve.as_secs_f64() / alone.as_secs_f64();
    let name = std::path::Path::new(path).file_stem().unwrap().to_string_lossy().into_owned();
    format!(
        "| {name} | {:.3} | {:.3} | {:.1} | {:.1} | {:.1} | {:.1} | {ratio:.3}x |",
        solve.as_secs_f64() * 1e3,
        alone.as_secs_f64() * 1e3,
        odds.as_secs_f64() * 1e6,
        whole.as_secs_f64() * 1e6,
        json.as_secs_f64() * 1e6,
        table.as_secs_f64() * 1e6
    )
}

fn main() {
    let runs = std::env::var("RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(5);
    let paths: Vec<String> = std::env::args().skip(1).collect();
    assert!(!paths.is_empty(), "usage: battle_game_cost BOARD.in...");
    println!(
        "| board | whole answer ms | odds alone ms | odds lines µs | whole text µs | json µs | table µs | whole / odds alone |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let handle = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            let mut ratios = Vec::new();
            for path in &paths {
                let line = row(path, runs);
                println!("{line}");
                let ratio: f64 = line.rsplit('|').nth(1).unwrap().trim().trim_end_matches('x').parse().unwrap();
                ratios.push(ratio);
            }
            ratios.sort_by(f64::total_cmp);
            println!();
            println!(
                "whole answer / odds alone (each solved and written): median {:.3}x, max {:.3}x ({} boards)",
                ratios[ratios.len() / 2],
                ratios[ratios.len() - 1],
                ratios.len()
            );
        })
        .unwrap();
    handle.join().unwrap();
}
