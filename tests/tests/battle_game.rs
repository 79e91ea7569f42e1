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
            // The fixed table is slower (0.5 s on case 054): a long time, so that a loaded machine
            // still finishes the search (else the answer is bounds).
            let fixed = &["--strategy", "fixed", "--time", "60"][..];
            for strategy in [&[][..], fixed, &["--rules", "game", "--strategy", "memo"][..]] {
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
            // Stats where healths fall on the damage ladder (a health raised to the least
            // total of the enemy's attacks that kills it), above and below 128.
            + compare_random(0x6761_6d65_0006, 40 * scale, 3, 30, 3)
            + compare_random(0x6761_6d65_0007, 25 * scale, 3, 300, 2)
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

/// The 12-decimal values of the first five lines (the outcomes, the deaths) of an answer or of
/// bounds (each bounded line's lower and upper), in units of `10^-12`.
fn five_lines(text: &str) -> Vec<Vec<u64>> {
    let number = |w: &str| {
        let (int, frac) = w.split_once('.').unwrap();
        int.parse::<u64>().unwrap() * 1_000_000_000_000 + frac.parse::<u64>().unwrap()
    };
    text.lines().take(5).map(|l| l.split(' ').filter(|w| w.contains('.')).map(number).collect()).collect()
}

#[test]
fn bounds_contain_the_exact_answer_and_tighten_with_the_budget() {
    on_big_stack(|| {
        let mut rng = Rng::new(0x626f_756e_6473);
        let mut checked = 0;
        for round in 0..60 {
            let board = random_board(&mut rng, 2 + round % 3, 4, 3);
            let text = board.to_text();
            let fight = game::text::parse(text.as_bytes()).unwrap();
            let Ok(exact) = driver(text.as_bytes(), false, Strategy::Memo, Limits { depth: 4096, steps: 1 << 22 })
            else {
                continue;
            };
            let exact = five_lines(&exact);
            let mut previous: Option<Vec<Vec<u64>>> = None;
            for budget in [0, 1, 3, 10, 30, 100, 1000, 1 << 40] {
                let bounds = game::bound(&fight, &mut |p| p.steps < budget);
                let mut out = String::new();
                game::text::write_bounds(&mut out, &bounds, false).unwrap();
                assert!(out.ends_with("\nbounds\n"), "{out}");
                let got = five_lines(&out);
                for (line, (b, e)) in got.iter().zip(&exact).enumerate() {
                    assert!(b[0] <= e[0] && e[0] <= b[1], "{text}budget {budget}, line {line}: {b:?} vs {e:?}");
                }
                if let Some(previous) = &previous {
                    for (b, p) in got.iter().zip(previous) {
                        assert!(b[0] >= p[0] && b[1] <= p[1], "{text}budget {budget}: {b:?} after {p:?}");
                    }
                }
                if budget == 1 << 40 {
                    // Enough: the bounds meet at the exact answer, within the last digit.
                    assert!(bounds.unsettled() < 1 << 80, "{text}{}", bounds.unsettled());
                    for (b, e) in got.iter().zip(&exact) {
                        assert!(b[1] - b[0] <= 2 && b[0].abs_diff(e[0]) <= 1, "{text}{b:?} vs {e:?}");
                    }
                }
                previous = Some(got);
            }
            checked += 1;
        }
        assert!(checked >= 40, "only {checked} boards");
    });
}

#[test]
fn a_cut_search_bounds_the_exact_answer_whatever_its_steps_depth_and_table() {
    on_big_stack(|| {
        let mut rng = Rng::new(0x6375_7473);
        let (mut checked, mut bounded) = (0, 0);
        for round in 0..60 {
            let board = random_board(&mut rng, 2 + round % 3, 5, 3);
            let text = board.to_text();
            let fight = game::text::parse(text.as_bytes()).unwrap();
            let Ok(exact) = driver(text.as_bytes(), false, Strategy::Memo, Limits { depth: 4096, steps: 1 << 22 })
            else {
                continue;
            };
            let lines = five_lines(&exact);
            for (strategy, depth, steps) in [
                (Strategy::Memo, 4096, 0),
                (Strategy::Memo, 4096, 3),
                (Strategy::Memo, 4096, 40),
                (Strategy::Memo, 2, 1 << 22),
                (Strategy::Fixed { table_words: 0 }, 4, 200),
                (Strategy::Fixed { table_words: 4096 }, 4096, 30),
                (Strategy::Fixed { table_words: 4096 }, 4096, 1 << 22),
            ] {
                let limits = Limits { depth, steps };
                let mut scratch = HeapScratch::default();
                let mut out = String::new();
                match game::solve_bounded(&fight, strategy, limits, &mut scratch, &mut |_| true).unwrap() {
                    game::Verdict::Exact(answer) => {
                        game::text::write_answer(&answer, false, &mut out).unwrap();
                        assert_eq!(out, exact, "{text}{strategy:?} {limits:?}");
                    }
                    game::Verdict::Bounded(bounds) => {
                        game::text::write_bounds(&mut out, &bounds, false).unwrap();
                        for (line, (b, e)) in five_lines(&out).iter().zip(&lines).enumerate() {
                            assert!(
                                b[0] <= e[0] && e[0] <= b[1],
                                "{text}{strategy:?} {limits:?}, line {line}: {b:?} vs {e:?}"
                            );
                        }
                        bounded += 1;
                    }
                }
            }
            checked += 1;
        }
        assert!(checked >= 40 && bounded >= 100, "only {checked} boards, {bounded} bounded");
    });
}

#[test]
fn the_odds_alone_are_the_odds_of_the_whole_answer() {
    on_big_stack(|| {
        let mut rng = Rng::new(0x6f64_6473);
        let mut boards: Vec<String> = (0..150).map(|i| random_board(&mut rng, 2 + i % 4, 6, 3).to_text()).collect();
        for path in inputs("battle-game") {
            boards.push(std::fs::read_to_string(path).unwrap());
        }
        let mut compared = 0;
        for (i, text) in boards.iter().enumerate() {
            let fight = game::text::parse(text.as_bytes()).unwrap();
            let limits = Limits { depth: 4096, steps: 1 << 22 };
            let mut scratch = HeapScratch::default();
            let Ok(answer) = game::solve(&fight, Strategy::Memo, limits, &mut scratch) else { continue };
            let whole: Vec<String> = answer.odds().all().iter().map(ToString::to_string).collect();
            // The fixed table on the random boards (some public ones need more than its steps).
            let strategies = [Strategy::Memo, Strategy::Fixed { table_words: 1 << 16 }];
            for &strategy in strategies.get(..if i < 150 { 2 } else { 1 }).unwrap() {
                let mut scratch = HeapScratch::default();
                let odds = match game::solve_odds(&fight, strategy, limits, &mut scratch) {
                    Ok(odds) => odds,
                    // A small table may need more steps than the limits give: no answer to compare.
                    Err(game::SearchError::Steps { .. }) if strategy != Strategy::Memo => continue,
                    Err(e) => panic!("{text}{strategy:?}: {e}"),
                };
                let alone: Vec<String> = odds.all().iter().map(ToString::to_string).collect();
                assert_eq!(alone, whole, "{text}{strategy:?}");
            }
            compared += 1;
        }
        assert!(compared >= 150, "only {compared} boards");
    });
}

#[test]
fn an_unfinished_search_answers_with_bounds() {
    let text =
        b"7 7\n24/33 43/26DR 52/22D 55/54 51/24DR 48/21 35/52D\n39/55R 20/40D 34/55TDW 59/60D 29/23 41/43T 21/18TDW\n";
    let out = on_big_stack(|| {
        let mut out = String::new();
        game::text::solve_within(
            text,
            false,
            Strategy::Memo,
            game::DEFAULT_LIMITS,
            &mut HeapScratch::default(),
            &mut out,
            &mut |s| s.states < 10_000,
            &mut |p| p.steps < 20_000,
        )
        .unwrap();
        out
    });
    assert!(out.ends_with("\nbounds\n"), "{out}");
    for line in out.lines().take(5) {
        let words: Vec<&str> = line.split(' ').filter(|w| w.contains('.')).collect();
        assert_eq!(words.len(), 2, "{line}");
        assert!(words[0] <= words[1], "{line}");
    }
    // A small board finishes: printed exactly as `solve` prints it.
    let small = b"2 2\n1/2 2/1\n2/2 1/1\n";
    let mut within = String::new();
    game::text::solve_within(
        small,
        true,
        Strategy::Memo,
        game::DEFAULT_LIMITS,
        &mut HeapScratch::default(),
        &mut within,
        &mut |_| false,
        &mut |_| false,
    )
    .unwrap();
    assert_eq!(within, driver(small, true, Strategy::Memo, game::DEFAULT_LIMITS).unwrap());
}

#[test]
fn lockstep_boards_and_identical_minions_agree_with_the_brute_force() {
    // Every attack at least every health (each swing takes a shield, a body or a reborn from
    // each side): the shortcut of equal lives (a certain tie), and unequal lives searched;
    // identical minions share their kinds. Against the brute force.
    let mut rng = Rng::new(0x6c6f_636b_7374_6570);
    let letters = ["", "D", "R", "DR", "T", "W", "P", "V", "TD"];
    let mut boards = Vec::new();
    for _ in 0..120 {
        let counts = [rng.range(1, 4), rng.range(1, 4)];
        let mut text = format!("{} {}\n", counts[0], counts[1]);
        let attack = rng.range(3, 5);
        for count in counts {
            // A few distinct cards, repeated: identical minions on a side.
            let card = |rng: &mut Rng| {
                format!("{}/{}{}", attack + rng.range(0, 1), rng.range(1, 3), letters[rng.below(letters.len())])
            };
            let cards = [card(&mut rng), card(&mut rng)];
            let row: Vec<&str> = (0..count).map(|_| cards[rng.below(2)].as_str()).collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
        boards.push(text);
    }
    boards.push("3 3\n4/3DR 4/3DR 4/3DR\n4/3DR 4/3DR 4/3DR\n".to_owned());
    boards.push("2 2\n3/3DR 3/1\n3/3R 3/2D\n".to_owned());
    on_big_stack(move || {
        let mut compared = 0;
        for text in boards {
            let board = parse(text.as_bytes()).unwrap();
            let Some(expected) = solve_within(&board, 200_000) else { continue };
            let expected = expected.to_output(true);
            for strategy in [Strategy::Memo, Strategy::DEFAULT] {
                assert_eq!(driver(text.as_bytes(), true, strategy, Limits::DEFAULT).unwrap(), expected, "{text}");
            }
            compared += 1;
        }
        assert!(compared >= 100, "only {compared} boards");
    });
}

#[test]
fn a_search_that_cannot_finish_fails_fast_and_one_that_can_is_not_stopped() {
    on_big_stack(|| {
        // A long grind (its estimate of the states ahead is astronomic once a path has ended):
        // with a budget of 400 000 states the exact search stops long before it, and the
        // answer is bounds.
        let grind = "4 4\n1/50DR 2/40T 1/60 3/30W\n2/45TD 1/55R 2/35 1/40W\n";
        // typical-24 of the benchmarks: about 127 000 states, exact within the same budget.
        let typical = "7 6\n11/4D 5/13 14/15 13/1 1/1DWR 1/11DP 13/15\n7/6W 14/20P 11/11W 12/4T 15/13DVR 13/18D\n";
        let budget = 400_000;
        for (text, finishes) in [(grind, false), (typical, true)] {
            let fight = game::text::parse(text.as_bytes()).unwrap();
            let (mut asked, mut last) = (Vec::new(), 0);
            let mut scratch = HeapScratch::default();
            let verdict = game::solve_within(
                &fight,
                Strategy::Memo,
                game::DEFAULT_LIMITS,
                &mut scratch,
                &mut |s| {
                    asked.push(s);
                    last = s.states;
                    s.goes_on(s.states, budget)
                },
                &mut |p| p.steps < 10_000,
            )
            .unwrap();
            assert_eq!(matches!(verdict, game::Verdict::Exact(_)), finishes, "{text}");
            // What the search told its budget: states growing, paths walked growing, at most all.
            for pair in asked.windows(2) {
                assert!(pair[0].states < pair[1].states && pair[0].walked <= pair[1].walked, "{pair:?}");
            }
            assert!(asked.iter().all(|s| s.walked <= game::WALKED_ONE));
            if finishes {
                assert!(last > 100_000 && last < budget, "{last}");
            } else {
                assert!(last < budget / 2, "the grind searched {last} states before it stopped");
            }
        }
    });
}
