//! The literal reference of `battle` under the game's rules (`referee_tests::reference::
//! battle_game`) on its own: it gives every public case of `tests/data/battle-game/` its exact
//! output, both forms, byte for byte; it refuses every input of
//! `tests/data/invalid/battle-game/` at the line and column of the broken rule; and its writer
//! and reader of the input format agree on random legal boards.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::Instant;

use referee_tests::reference::battle_game::{parse, random_board, solve, Board};
use referee_tests::{inputs, Rng};

#[test]
fn the_reference_gives_every_public_case_its_output() {
    let cases = inputs("battle-game");
    assert!(cases.len() >= 60, "only {} cases", cases.len());
    for input in cases {
        let started = Instant::now();
        let board = parse(&std::fs::read(&input).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", input.display()));
        let answer = solve(&board);
        for (extension, exact) in [("out", false), ("exact", true)] {
            let expected = std::fs::read_to_string(input.with_extension(extension)).unwrap();
            let got = answer.to_output(exact);
            assert!(got == expected, "{} ({extension}): got\n{got}expected\n{expected}", input.display());
        }
        eprintln!("{}: {:?}", input.display(), started.elapsed());
    }
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
