//! The text of `battle` under the game rules (`referee_core::battle::game::text`) on arbitrary
//! bytes: an answer ending in a newline, or an input, capacity or limit error inside the input;
//! never a panic; and the memo and a small fixed table give the same bytes. The search is
//! bounded to 2^12 states and 256 turns in progress (each a level of the machine's stack):
//! this target is about the text; the searches are the tests' (`tests/tests/battle_game.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use referee_core::battle::game::{self, Limits, Strategy};
use referee_core::judge::ExitStatus;
use referee_core::HeapScratch;

fuzz_target!(|input: &[u8]| {
    let limits = Limits { depth: 256, steps: 1 << 12 };
    let run = |strategy| {
        let mut out = String::new();
        game::text::solve(input, true, strategy, limits, &mut HeapScratch::with_limit(1 << 20), &mut out).map(|()| out)
    };
    let memo = run(Strategy::Memo);
    match &memo {
        Ok(answer) => assert!(answer.ends_with('\n'), "answer without a final newline: {answer:?}"),
        Err(error) => {
            referee_fuzz::assert_inside(input, error.position);
            let status = error.exit_status();
            assert!(matches!(status, ExitStatus::InvalidInput | ExitStatus::Capacity), "{error}");
        }
    }
    if let (Ok(memo), Ok(fixed)) = (&memo, run(Strategy::Fixed { table_words: 4096 })) {
        assert_eq!(memo, &fixed, "the strategies differ");
    }
});
