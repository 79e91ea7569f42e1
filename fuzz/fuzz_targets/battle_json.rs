//! The JSON board of `battle` under the game rules (`referee_event::battle::board`) on
//! arbitrary bytes: never a panic; a refusal is one line (`line:column: invalid JSON: …` or a
//! field's path and what it should be); a board read is a valid fight that reads back the same
//! from its own JSON (`board::to_value`), and the text driver agrees: its text format, if any
//! byte of the JSON was a text board, is not looked at here (the answers are the tests').
#![no_main]

use libfuzzer_sys::fuzz_target;
use referee_event::battle::{self, board, Input};

fuzz_target!(|input: &[u8]| {
    match board::parse(input) {
        Ok(fight) => {
            let again = serde_json::to_vec(&board::to_value(&fight)).expect("a JSON value writes");
            assert_eq!(board::parse(&again).as_ref(), Ok(&fight), "the board does not read back");
            assert_eq!(battle::parse(input, Input::Json).as_ref(), Ok(&fight));
        }
        Err(message) => {
            assert!(!message.is_empty() && !message.contains('\n'), "{message:?}");
            assert!(message.contains(": "), "an error without its place: {message:?}");
        }
    }
});
