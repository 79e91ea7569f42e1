//! What the damage distribution costs beside the odds alone, under the game rules: the solver
//! (`referee_core::battle::game::solve`) computes the odds, the deaths and both damage
//! distributions in one pass (a state's value is the distribution of the fight's ends, from
//! which all three follow), so there is no odds-only search to time. What can be timed apart is
//! everything after it: writing the answer with its damage lines, in each form. For each board
//! (a file in the game rules' text format): the median in-process solve, then the medians of
//! writing the odds alone (three decimal lines), the whole text answer, the JSON and the
//! table, and the ratio (solve + whole text) / (solve + odds lines).
//!
//! ```sh
//! cargo run --release -p referee-tests --example battle_game_cost -- tests/bench-inputs/battle-typical/*.in
//! ```
//!
//! `RUNS` (default 5) runs of each; the solve runs on a thread of 1 GiB of reserved stack, as
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
    let solve = time(runs, || {
        let mut scratch = HeapScratch::default();
        game::solve(&fight, Strategy::Memo, game::DEFAULT_LIMITS, &mut scratch).unwrap();
    });
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
    let ratio = (solve + whole).as_secs_f64() / (solve + odds).as_secs_f64();
    let name = std::path::Path::new(path).file_stem().unwrap().to_string_lossy().into_owned();
    format!(
        "| {name} | {:.3} | {:.1} | {:.1} | {:.1} | {:.1} | {ratio:.3}x |",
        solve.as_secs_f64() * 1e3,
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
        "| board | solve ms | odds lines µs | whole text µs | json µs | table µs | (solve + text) / (solve + odds) |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
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
                "median (solve + whole text) / (solve + odds lines): {:.3}x, max {:.3}x ({} boards)",
                ratios[ratios.len() / 2],
                ratios[ratios.len() - 1],
                ratios.len()
            );
        })
        .unwrap();
    handle.join().unwrap();
}
