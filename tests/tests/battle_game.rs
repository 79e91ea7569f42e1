//! `battle` under the game's rules (`referee_core::battle::game`, `referee battle`): every
//! public case of `tests/data/battle-game/` byte for byte through the `referee` driver, both
//! forms and both strategies; every invalid input of `tests/data/invalid/battle-game/` refused
//! with its line and column and nothing on stdout; the solver against the tests' literal brute
//! force (`referee_tests::reference::battle_game`) on seeded random boards with every keyword
//! and effect, exactly, with the memo, the default fixed table and a tiny one (collisions), and
//! no table at all; limits refused, never hung.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::Instant;

use referee_core::battle::game::{self, Limits, Strategy};
use referee_core::HeapScratch;
use referee_tests::reference::battle_game::{parse, random_board, solve_within};
use referee_tests::{inputs, referee, Rng};

/// The strategies compared: the memo, the default table, a table of a few slots (constant
/// collisions and refusals to store), and none (a plain search).
const STRATEGIES: [Strategy; 4] =
    [Strategy::Memo, Strategy::DEFAULT, Strategy::Fixed { table_words: 1000 }, Strategy::Fixed { table_words: 0 }];

/// Runs `f` on a thread with a large stack (the search recurses a level a turn).
fn on_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(1 << 30).spawn(f).unwrap().join().unwrap()
}

/// The driver's answer to `text`, or its error.
fn driver(text: &[u8], exact: bool, strategy: Strategy, limits: Limits) -> Result<String, String> {
    let mut out = String::new();
    game::text::solve(text, exact, strategy, limits, &mut HeapScratch::default(), &mut out)
        .map(|()| out)
        .map_err(|e| e.to_string())
}

#[test]
fn every_public_case_byte_for_byte_through_referee() {
    let cases = inputs("battle-game");
    assert!(cases.len() >= 60, "only {} cases", cases.len());
    let started = Instant::now();
    for input in &cases {
        let bytes = std::fs::read(input).unwrap();
        for (extension, flags) in [("out", &[][..]), ("exact", &["--exact"][..])] {
            let expected = std::fs::read(input.with_extension(extension)).unwrap();
            for strategy in [&[][..], &["--strategy", "fixed"][..], &["--rules", "game", "--strategy", "memo"][..]] {
                let mut args = vec!["battle"];
                args.extend_from_slice(flags);
                args.extend_from_slice(strategy);
                let outcome = referee(&args, &bytes);
                assert_eq!(outcome.status, 0, "{} {args:?}: {}", input.display(), outcome.stderr);
                assert!(
                    outcome.stdout == expected,
                    "{} {args:?}: got\n{}expected\n{}",
                    input.display(),
                    String::from_utf8_lossy(&outcome.stdout),
                    String::from_utf8_lossy(&expected)
                );
            }
        }
    }
    eprintln!("{} cases, 6 runs each: {:?}", cases.len(), started.elapsed());
}

/// Each invalid input with the line and column of its refusal (those of the reference).
const REFUSALS: [(&str, u32, u32); 20] = [
    ("cap-negative", 1, 15),
    ("eight-minions", 1, 1),
    ("health-0", 2, 3),
    ("hero-fields-3-of-4", 1, 11),
    ("hero-health-0", 1, 7),
    ("hero-tier-8", 1, 5),
    ("missing-minion", 4, 1),
    ("reborn-as-without-R", 2, 4),
    ("repeated-keyword", 2, 6),
    ("soc-damage-0", 2, 6),
    ("soc-times-8", 2, 8),
    ("summon-k-0", 2, 6),
    ("summon-k-8", 2, 6),
    ("tier-0", 2, 5),
    ("tier-8", 2, 5),
    ("token-with-tier", 2, 11),
    ("trailing-token", 3, 5),
    ("two-reborn-as", 2, 8),
    ("two-summon-effects", 2, 11),
    ("unknown-keyword", 2, 4),
];

#[test]
fn every_invalid_case_is_refused_at_its_position() {
    let cases = inputs("invalid/battle-game");
    assert_eq!(cases.len(), REFUSALS.len());
    for input in cases {
        let name = input.file_stem().unwrap().to_str().unwrap().to_owned();
        let &(_, line, column) = REFUSALS.iter().find(|r| r.0 == name).unwrap();
        let bytes = std::fs::read(&input).unwrap();
        for args in [&["battle"][..], &["battle", "--exact", "--strategy", "fixed"][..]] {
            let outcome = referee(args, &bytes);
            assert_eq!(outcome.status, 1, "{name}: {}", outcome.stderr);
            assert!(outcome.stdout.is_empty(), "{name}: stdout {:?}", String::from_utf8_lossy(&outcome.stdout));
            let prefix = format!("error: {line}:{column}: ");
            assert!(outcome.stderr.starts_with(&prefix), "{name}: {} (expected {prefix})", outcome.stderr);
            assert!(outcome.stderr.ends_with('\n') && outcome.stderr.lines().count() == 1, "{name}");
            assert!(outcome.stderr.len() > prefix.len() + 5, "{name}: no message");
        }
    }
}

#[test]
fn the_rules_flag_selects_the_rules() {
    let board = b"2 1\n1/1R 2/5\n4/5\n";
    let game = referee(&["battle", "--exact"], board);
    assert_eq!(String::from_utf8_lossy(&game.stdout), "0/1\n0/1\n1/1\nalice dies 0/1\nbob dies 0/1\n");
    let tavern = referee(&["battle", "--exact", "--rules", "tavern"], board);
    assert_eq!(String::from_utf8_lossy(&tavern.stdout), "1/2\n0/1\n1/2\n");
    let wrong = referee(&["battle", "--rules", "hearthstone"], board);
    assert_eq!(wrong.status, 2, "{}", wrong.stderr);
    let needs = referee(&["battle", "--needs"], board);
    assert_eq!(needs.status, 2, "--needs is tavern's: {}", needs.stderr);
    assert_eq!(referee(&["battle", "--needs", "--rules", "tavern"], board).status, 0);
    let help = referee(&["battle", "--help"], b"");
    assert!(String::from_utf8_lossy(&help.stdout).contains("--rules game|tavern"));
    // The spec's damage sample: Alice wins for certain and deals 3 + 2.
    let damage = referee(&["battle", "--exact"], b"1 1 3 10 1 10\n3/3@2\n2/2\n");
    let text = String::from_utf8_lossy(&damage.stdout).into_owned();
    assert_eq!(text, "1/1\n0/1\n0/1\nalice dies 0/1\nbob dies 0/1\ndamage to bob 5 1/1\n");
}

/// The solver against the brute force on `rounds` random boards of `minions` a side, values up
/// to `stat`, effects of up to `copies`; returns the boards compared.
fn compare_random(seed: u64, rounds: usize, minions: usize, stat: u64, copies: u8) -> usize {
    let mut rng = Rng::new(seed);
    let mut compared = 0;
    for _ in 0..rounds {
        let board = random_board(&mut rng, minions, stat, copies);
        // The brute force plays the start of combat without a memo: at most 6 shots in all.
        let shots: u32 = board.sides.iter().flatten().filter_map(|c| c.shots).map(|s| u32::from(s.times)).sum();
        if shots > 6 {
            continue;
        }
        let Some(expected) = solve_within(&board, 3_000) else { continue };
        let text = board.to_text();
        let expected = expected.to_output(true);
        for (i, strategy) in STRATEGIES.iter().enumerate() {
            let started = Instant::now();
            // The plain search (no table) is exponential: on every fourth board only; it and the
            // tiny table may run out of steps (a refusal, never a wrong answer).
            if i == 3 && compared % 4 != 0 {
                continue;
            }
            let steps = if i >= 2 { 1 << 16 } else { 1 << 22 };
            let limits = Limits { depth: 4096, steps };
            match driver(text.as_bytes(), true, *strategy, limits) {
                Ok(got) => assert_eq!(got, expected, "{text}with {strategy:?}"),
                Err(e) if i >= 2 && e.contains("turns searched") => {}
                Err(e) => panic!("{text}with {strategy:?}: {e}"),
            }
            if started.elapsed().as_millis() > 200 {
                eprintln!("{text}with {strategy:?}: {:?}", started.elapsed());
            }
        }
        compared += 1;
    }
    compared
}

#[test]
fn the_solver_agrees_with_the_brute_force_on_random_boards() {
    let scale = if cfg!(debug_assertions) { 1 } else { 4 };
    let started = Instant::now();
    let compared = on_big_stack(move || {
        compare_random(0x6761_6d65_0001, 150 * scale, 2, 3, 2)
            + compare_random(0x6761_6d65_0002, 150 * scale, 3, 3, 3)
            + compare_random(0x6761_6d65_0003, 100 * scale, 4, 4, 7)
            + compare_random(0x6761_6d65_0004, 50 * scale, 7, 6, 7)
            + compare_random(0x6761_6d65_0005, 50 * scale, 4, 1_000_000_000, 7)
    });
    eprintln!("{compared} random boards compared exactly: {:?}", started.elapsed());
    assert!(compared >= 300 * scale, "only {compared} boards compared");
}

#[test]
fn tiny_boards_exhaustively() {
    // Every pair of one-keyword minions `1/1K` and `1/2K` against `1/1` and `2/1K'` (each
    // keyword and none), with a token and a shot on some: against the brute force.
    let letters = ["", "T", "D", "P", "V", "W", "R", "S", "C"];
    let mut boards = Vec::new();
    for a in letters {
        for b in letters {
            boards.push(format!("2 1\n1/1{a} 1/2{b}!s1x1/1\n2/1{b}\n"));
            boards.push(format!("1 2 2 3 1 3 4\n1/2{a}!c1\n1/1 2/1{b}@3\n"));
        }
    }
    on_big_stack(move || {
        for text in boards {
            let board = parse(text.as_bytes()).unwrap();
            let expected = solve_within(&board, 100_000).unwrap().to_output(true);
            for strategy in STRATEGIES {
                assert_eq!(driver(text.as_bytes(), true, strategy, Limits::DEFAULT).unwrap(), expected, "{text}");
            }
        }
    });
}

#[test]
fn limits_are_refused_never_hung() {
    // 10^9 turns of a 1/10^9 against a 0/10^9: refused by the depth limit.
    let endless = b"1 1\n1/1000000000\n0/1000000000\n";
    let refused = on_big_stack(|| driver(endless, true, Strategy::Memo, Limits { depth: 1000, steps: 1 << 20 }));
    assert!(refused.unwrap_err().contains("turns in progress"));
    let steps = on_big_stack(|| {
        driver(b"3 3\n1/3 2/2 1/4\n2/3 1/5 1/3\n", true, Strategy::Memo, Limits { depth: 1000, steps: 5 })
    });
    assert!(steps.unwrap_err().contains("turns searched"));
    // A long fight within the limits is played out: 40 000 exchanges of 1, a certain tie.
    let long = on_big_stack(|| {
        driver(b"1 1\n1/40000\n1/40000R\n", true, Strategy::Memo, Limits { depth: 100_000, steps: 1 << 20 })
    });
    assert_eq!(long.unwrap(), "0/1\n1/1\n0/1\nalice dies 0/1\nbob dies 0/1\ndamage to alice 2 1/1\n");
}
