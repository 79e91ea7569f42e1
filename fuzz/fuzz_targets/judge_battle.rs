//! The `battle` judge driver on arbitrary bytes, with the fixed strategy and the heap memo, in
//! both output modes: heap and fixed scratches agree wherever both answer, errors point inside
//! the input, nothing panics.
//!
//! The search is bounded to 2^12 turns expanded (and 512 in progress, so 217 KiB of scratch
//! with the default table): a bigger battle is a limit refusal, which the property allows
//! (checked to point inside the input like any error). This target is about the text: the
//! parser, the driver, the scratch sizes, the refusals and both output modes; 2^12 turns still
//! overwrite entries of the default table (2 422 slots). Deep searches are `battle_boards`'
//! (against the reference) and the tests'. With 2^16 turns, the searches that reached the
//! bound, eight per input (four options, heap and fixed), were about 95% of the time and an
//! input took up to most of a second; with 2^12, tens of milliseconds at most.
#![no_main]

use libfuzzer_sys::fuzz_target;
use referee_core::battle::{self, Limits, Strategy};
use referee_core::judge::{Options, Problem};

fuzz_target!(|input: &[u8]| {
    let limits = Limits { depth: 512, steps: 1 << 12 };
    let options = [
        Options::exact(true).with_battle_limits(limits),
        Options::exact(false).with_battle_limits(limits),
        Options::exact(true).with_battle(Strategy::Memo).with_battle_limits(limits),
        Options::exact(true).with_battle(Strategy::Fixed { table_words: 0 }).with_battle_limits(limits),
    ];
    let words = battle::words_needed(Strategy::default(), limits).expect("the default table and stack fit a usize");
    referee_fuzz::check_judge_with(Problem::Battle, input, &options, &[0, 16, words]);
});
