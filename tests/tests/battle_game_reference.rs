//! The literal reference of `battle` under the game's rules (`referee_tests::reference::
//! battle_game`) on its own: it gives every public case of `tests/data/battle-game/` its exact
//! output, both forms, byte for byte; it refuses every input of
//! `tests/data/invalid/battle-game/` at the line and column of the broken rule; and its writer
//! and reader of the input format agree on random legal boards; its answers on random small
//! boards are consistent (the damage lines sum to the wins, the deaths are the damage lines at
//! or above the hero's health, the decimals are the roundings of the fractions).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::Instant;

use referee_tests::reference::battle_game::{parse, random_board, solve, solve_within, Answer, Board, Fraction};
use referee_tests::{inputs, Rng};

#[test]
fn the_reference_gives_every_public_case_its_output() {
    let cases = inputs("battle-game");
    assert!(cases.len() >= 60, "only {} cases", cases.len());
    let mut wrong = Vec::new();
    for input in cases {
        let started = Instant::now();
        let board = parse(&std::fs::read(&input).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", input.display()));
        let answer = solve(&board);
        for (extension, exact) in [("out", false), ("exact", true)] {
            let expected = std::fs::read_to_string(input.with_extension(extension)).unwrap();
            let got = answer.to_output(exact);
            if got != expected {
                eprintln!("{} ({extension}): got\n{got}expected\n{expected}", input.display());
                wrong.push(input.file_name().unwrap().to_string_lossy().into_owned());
            }
        }
        eprintln!("{}: {:?}", input.display(), started.elapsed());
    }
    assert!(wrong.is_empty(), "wrong answers: {wrong:?}");
}

/// Each invalid input, with the line and column of its refusal: the first byte that breaks the
/// format, or the first digit of a value out of range, or the `!` of an effect not allowed.
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
fn the_reference_refuses_every_invalid_case_where_it_breaks() {
    let cases = inputs("invalid/battle-game");
    assert_eq!(cases.len(), REFUSALS.len(), "a refusal position for each invalid case");
    for input in cases {
        let name = input.file_stem().unwrap().to_str().unwrap();
        let error = parse(&std::fs::read(&input).unwrap()).expect_err(name);
        let &(_, line, column) = REFUSALS.iter().find(|r| r.0 == name).unwrap_or_else(|| panic!("{name}: no position"));
        assert_eq!((error.line, error.column), (line, column), "{name}: {error}");
        assert!(!error.message.is_empty(), "{name}: no message");
        eprintln!("{name}: {error}");
    }
}

#[test]
fn random_boards_read_back_as_written() {
    let mut rng = Rng::new(0x6761_6d65_7465_7874);
    for round in 0..3000 {
        let (minions, stat, copies) = match round % 3 {
            0 => (7, 1_000_000_000, 7),
            1 => (3, 5, 2),
            _ => (7, 30, 7),
        };
        let board = random_board(&mut rng, minions, stat, copies);
        let text = board.to_text();
        let back: Board = parse(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, board, "{text}");
    }
}

/// `bytes` with CRLF line ends, with lone CR line ends, and after a UTF-8 byte-order mark.
fn spellings(bytes: &[u8]) -> [Vec<u8>; 3] {
    let crlf = bytes.iter().flat_map(|&b| if b == b'\n' { vec![b'\r', b'\n'] } else { vec![b] }).collect();
    let cr = bytes.iter().map(|&b| if b == b'\n' { b'\r' } else { b }).collect();
    [crlf, cr, [&[0xEF, 0xBB, 0xBF][..], bytes].concat()]
}

#[test]
fn line_ends_and_a_byte_order_mark_change_nothing() {
    for input in inputs("battle-game").into_iter().chain(inputs("invalid/battle-game")) {
        let bytes = std::fs::read(&input).unwrap();
        let plain = parse(&bytes);
        for variant in spellings(&bytes) {
            assert_eq!(parse(&variant), plain, "{}", input.display());
        }
    }
}

#[test]
fn lenient_spacing_and_exact_refusals() {
    // Blanks and tabs anywhere between tokens, minions across lines, whitespace at the end.
    let board = parse(b" 2 1\t3 10  1 10 \n3/3@2!c1x2\n\n 1/1TDPVWRSC\t 2/2R!r1D!s7x1/1R \n\n").unwrap();
    assert_eq!(board.to_text(), "2 1 3 10 1 10\n3/3@2!c1x2 1/1TDPVWRSC\n2/2R!s7x1/1R!r1D\n");
    let refusal = |text: &str| parse(text.as_bytes()).map(|_| ()).map_err(|e| e.to_string());
    assert_eq!(refusal(""), Err("1:1: expected the number of Alice's minions, found end of input".to_owned()));
    assert_eq!(refusal("1 1\n3/3 2/2 x"), Err("2:9: expected end of input, found 'x'".to_owned()));
    assert_eq!(refusal("1 1 3 10 1 10 5 6\n3/3\n2/2"), Err("1:17: expected the end of the line, found '6'".to_owned()));
    let effect = "2:5: expected an effect after '!' (s: summon, r: reborn as, c: start of combat), found 'x'";
    assert_eq!(refusal("1 1\n3/3!x\n2/2"), Err(effect.to_owned()));
    let shots = "2:9: expected '!' or a space after the number of shots, found '@'";
    assert_eq!(refusal("1 1\n3/3!c2x3@2\n2/2"), Err(shots.to_owned()));
    let token = "3:9: expected '/' and the token's health after its attack, found end of input";
    assert_eq!(refusal("1 1\n3/3\n2/2!s1x1"), Err(token.to_owned()));
    let glued = "1:4: expected a space or the end of the line after the number of Bob's minions, found '/'";
    assert_eq!(refusal("1 1/1\n3/3\n2/2"), Err(glued.to_owned()));
    assert_eq!(
        refusal("1 1\n99999999999999999999/3\n2/2"),
        Err("2:1: the attack of Alice's minion must be in 0..=1000000000, found 99999999999999999999".to_owned())
    );
    assert!(refusal("1 1\n3/3R!r1R\n2/2").is_ok(), "R among the reborn-as keywords is allowed (and dropped)");
}

/// Checks `answer`'s consistency with `board`: the outcomes sum to one (checked by `solve`),
/// each side's damage lines sum to its opponent's wins, a hero dies with exactly the damage
/// lines at or above its health, and each decimal line is the rounding of its fraction.
fn check_consistency(board: &Board, answer: &Answer) {
    let healths = board.heroes().map(|h| u64::from(h.health));
    for (loser, &health) in healths.iter().enumerate() {
        let sum = |least: u64| {
            answer.damage[loser].iter().filter(|(&d, _)| d >= least).fold(Fraction::zero(), |s, (_, p)| s.plus(p))
        };
        assert_eq!(sum(1), answer.outcomes[1 - loser], "{}", board.to_text());
        assert_eq!(sum(health), answer.dies[loser], "{}", board.to_text());
        if board.cap() != 0 {
            assert!(answer.damage[loser].keys().all(|&d| d <= u64::from(board.cap())), "{}", board.to_text());
        }
    }
    let (exact, decimal) = (answer.to_output(true), answer.to_output(false));
    assert_eq!(exact.lines().count(), decimal.lines().count());
    for (e, d) in exact.lines().zip(decimal.lines()) {
        let (e_head, fraction) = e.rsplit_once(' ').unwrap_or(("", e));
        let (d_head, value) = d.rsplit_once(' ').unwrap_or(("", d));
        assert_eq!(e_head, d_head);
        let (p, q) = fraction.split_once('/').unwrap();
        let (p, q): (u128, u128) = (p.parse().unwrap_or(0), q.parse().unwrap_or(0));
        if q == 0 || q > 1 << 80 {
            continue; // beyond u128 arithmetic below: the public cases check those
        }
        let rounded = (2 * p * 1_000_000_000_000 + q) / (2 * q);
        assert_eq!(value, format!("{}.{:012}", rounded / 1_000_000_000_000, rounded % 1_000_000_000_000), "{e}");
    }
}

#[test]
fn answers_on_random_small_boards_are_consistent() {
    let mut rng = Rng::new(0x6761_6d65_7361_6e65);
    let (mut solved, mut skipped) = (0, 0);
    let rounds = if cfg!(debug_assertions) { 150 } else { 1500 };
    for round in 0..rounds {
        let (minions, stat, copies) = if round % 2 == 0 { (3, 3, 2) } else { (2, 5, 3) };
        let board = random_board(&mut rng, minions, stat, copies);
        match solve_within(&board, 5_000) {
            Some(answer) => {
                check_consistency(&board, &answer);
                solved += 1;
            }
            None => skipped += 1,
        }
    }
    assert!(solved >= rounds * 3 / 4, "{solved} solved, {skipped} too big");
    for input in inputs("battle-game") {
        let board = parse(&std::fs::read(&input).unwrap()).unwrap();
        if let Some(answer) = solve_within(&board, 2_000) {
            check_consistency(&board, &answer);
        }
    }
}

#[test]
fn long_fights_are_played_out_and_too_long_ones_refused() {
    // 40 000 exchanges of 1 damage: a certain tie, every turn a level of the recursion.
    let long = parse(b"1 1\n1/40000\n1/40000R\n").unwrap();
    assert_eq!(solve(&long).to_output(true), "0/1\n1/1\n0/1\nalice dies 0/1\nbob dies 0/1\ndamage to alice 2 1/1\n");
    // 10^9 turns: refused with a clear panic, not a stack overflow.
    let endless = parse(b"1 1\n1/1000000000\n0/1000000000\n").unwrap();
    let refused = std::panic::catch_unwind(|| solve(&endless)).expect_err("too long for the brute force");
    let message = refused.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("turns: beyond this brute force"), "{message}");
}
