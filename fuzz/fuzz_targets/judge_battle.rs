//! The `battle` judge driver on arbitrary bytes, with the fixed strategy and the heap memo, in
//! both output modes: heap and fixed scratches agree wherever both answer, errors point inside
//! the input, nothing panics.
//!
//! The search is bounded to 2^12 turns expanded (and 512 in progress, so 217 KiB of scratch
//! with the default table): a bigger battle is a limit refusal, which the property allows
//! (checked to point inside the input like any error). 2^12 turns still overwrite entries of
//! the default table (2 422 slots).
//!
//! A battle of at most 6 minions in all runs every way: four options (both output modes, the
//! memo, the fixed strategy without a table), each with a heap scratch and fixed ones. A larger
//! battle runs the default options alone (the fixed table, as on the firmware), with a heap
//! scratch and a fixed one of the size it needs, plus the refusals of 0 and 16 words: its
//! searches, up to 2^12 turns each, eight per input, were 95 % of this target's time at about
//! 1 400 executions a second. This target is about the text: the parser, the driver, the scratch
//! sizes and refusals, both output modes; deep searches and the strategies on large battles are
//! `battle_boards`' (against the reference) and the tests'.
#![no_main]

use libfuzzer_sys::fuzz_target;
use referee_core::battle::{self, Limits, Strategy};
use referee_core::judge::{Options, Problem};

/// The most minions in all for which every option runs.
const SMALL_BATTLE: usize = 6;

fuzz_target!(|input: &[u8]| {
    let limits = Limits { depth: 512, steps: 1 << 12 };
    let words = battle::words_needed(Strategy::default(), limits).expect("the default table and stack fit a usize");
    let options = [
        Options::exact(true).with_battle_limits(limits),
        Options::exact(false).with_battle_limits(limits),
        Options::exact(true).with_battle(Strategy::Memo).with_battle_limits(limits),
        Options::exact(true).with_battle(Strategy::Fixed { table_words: 0 }).with_battle_limits(limits),
    ];
    // A large battle: the default options (the first) alone.
    let small = battle::text::parse(input).map_or(true, |b| b.alice().len() + b.bob().len() <= SMALL_BATTLE);
    let options = if small { &options[..] } else { &options[..1] };
    referee_fuzz::check_judge_with(Problem::Battle, input, options, &[0, 16, words]);
});
