//! The `tavern` judge driver on arbitrary bytes, with the fixed strategy and the heap memo, in
//! both output modes: heap and fixed scratches agree, errors point inside the input, nothing
//! panics.
//!
//! A battle of at most 9 minions in all (the plain search stays fast there) runs every way:
//! both output modes and the memo with a heap scratch and fixed ones of every size of
//! `FIXED_SCRATCH_WORDS`, and the table-less searches (no table, one bucket). A larger battle
//! (up to 7 against 7) is one search, in exact mode with the default strategy (the fixed table,
//! as on the firmware) and a heap scratch, and the refusals of fixed scratches of 0 and 16
//! words. That battle's search costs milliseconds: run six times (both output modes, heap and
//! fixed scratch, and the memo) it made up 95 % of this target's time, at about 1 000
//! executions a second (4.3 times fewer than now). This target is about the text: the parser,
//! the driver, the scratch sizes and refusals, both output modes; the strategies are compared
//! on large battles by `tavern_strategies`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use referee_core::judge::{Options, Problem};
use referee_core::tavern::{self, Strategy, BUCKET_WORDS};

/// The most minions in all for which every strategy and size runs.
const SMALL_BATTLE: usize = 9;

fuzz_target!(|input: &[u8]| {
    let small = tavern::text::parse(input).map_or(true, |b| b.alice().len() + b.bob().len() <= SMALL_BATTLE);
    if small {
        let mut options =
            vec![Options::exact(false), Options::exact(true), Options::exact(true).with_tavern(Strategy::Memo)];
        options.extend(
            [Strategy::Fixed { table_words: 0 }, Strategy::Fixed { table_words: BUCKET_WORDS }]
                .map(|s| Options::exact(true).with_tavern(s)),
        );
        referee_fuzz::check_judge_with(Problem::Tavern, input, &options, &referee_fuzz::FIXED_SCRATCH_WORDS);
        return;
    }
    let mut slab = [0u32; 16];
    let default = Options::exact(true);
    referee_fuzz::check_heap_against_fixed(Problem::Tavern, input, &default, &[0, 16], &mut slab);
});
