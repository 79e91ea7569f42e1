//! The `battle` judge text on arbitrary bytes, one run each (the long runs' parser target; the
//! differential checks are `judge_battle`'s): an answer, or an input, capacity or limit error
//! inside the input; never a panic. The search is bounded to 2^12 turns, as in `judge_battle`
//! and for the same reason: this target is about the text, and with 2^16 turns the searches
//! that reached the bound were nearly all of its time (deep searches are `battle_boards`' and
//! the tests').
#![no_main]

use libfuzzer_sys::fuzz_target;
use referee_core::battle::{Limits, Strategy};
use referee_core::judge::{Options, Problem};

fuzz_target!(|input: &[u8]| {
    let options =
        Options::exact(true).with_battle(Strategy::Memo).with_battle_limits(Limits { depth: 512, steps: 1 << 12 });
    referee_fuzz::check_parse(Problem::Battle, input, &options);
});
