//! Structure-aware: a board of width 1..=8 (the fuzzer paints the cells) through the typed
//! `pathgame::Decider`, fed in pieces (and each piece to a decider of its own, joined with
//! `Decider::then`), against the minimax of the tests: a board with a path gets the minimax's
//! winner both ways, a board without one a fault.
#![no_main]

use std::sync::Mutex;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use referee_core::pathgame::{Decider, Winner};
use referee_tests::reference::pathgame::{bitmask, has_path, rows, Minimax};

#[derive(Arbitrary, Debug)]
struct Shape {
    /// One byte per column: bit 0 paints the top cell, bit 1 the bottom one (at most 8 used).
    columns: Vec<u8>,
    /// Columns per `feed` call, taken modulo 8 plus one.
    piece: u8,
}

/// The minimax's memo, kept across inputs (positions repeat).
static MINIMAX: Mutex<Option<Minimax>> = Mutex::new(None);

fuzz_target!(|shape: Shape| {
    let board: Vec<u8> = shape.columns.iter().take(8).map(|c| c & 3).collect();
    if board.is_empty() {
        return;
    }
    let (top, bottom) = rows(&board);
    let mut decider = Decider::new();
    let piece = usize::from(shape.piece % 8 + 1);
    let fed =
        top.as_bytes().chunks(piece).zip(bottom.as_bytes().chunks(piece)).try_for_each(|(t, b)| decider.feed(t, b));
    let joined =
        top.as_bytes().chunks(piece).zip(bottom.as_bytes().chunks(piece)).try_fold(Decider::new(), |left, (t, b)| {
            let mut right = Decider::new();
            right.feed(t, b)?;
            left.then(&right)
        });
    assert_eq!(fed.is_ok(), joined.is_ok(), "{top} {bottom}: {fed:?} {joined:?}");
    if let Ok(joined) = joined {
        assert_eq!(joined, decider, "{top} {bottom}");
    }
    let black = bitmask(&board);
    if has_path(black, board.len()) {
        assert!(fed.is_ok(), "a board with a path is refused: {fed:?} {top} {bottom}");
        let mut minimax = MINIMAX.lock().expect("one fuzz thread");
        let snuke = minimax.get_or_insert_with(Minimax::new).first_player_wins(black, board.len());
        assert_eq!(decider.winner() == Winner::Snuke, snuke, "{top} {bottom}");
    } else {
        assert!(fed.is_err(), "a board without a path is accepted: {top} {bottom}");
    }
});
