//! The `tavern` judge driver on arbitrary bytes, with the fixed strategy and the heap memo, in
//! both output modes: heap and fixed scratches agree, errors point inside the input, nothing
//! panics. The table-less searches (no table, one bucket, a scratch holding only the rank
//! table) run on battles of at most 9 minions, where the plain search stays fast.
#![no_main]

use libfuzzer_sys::fuzz_target;
use referee_core::judge::{Options, Problem};
use referee_core::tavern::{self, Strategy, BUCKET_WORDS, FIXED_SCRATCH_WORDS};

/// The most minions in all for which the table-less searches run too.
const SMALL_BATTLE: usize = 9;

fuzz_target!(|input: &[u8]| {
    let small = tavern::text::parse(input).map_or(true, |b| b.alice().len() + b.bob().len() <= SMALL_BATTLE);
    let mut options =
        vec![Options::exact(false), Options::exact(true), Options::exact(true).with_tavern(Strategy::Memo)];
    let sizes: &[usize] = if small {
        options.extend(
            [Strategy::Fixed { table_words: 0 }, Strategy::Fixed { table_words: BUCKET_WORDS }]
                .map(|s| Options::exact(true).with_tavern(s)),
        );
        &referee_fuzz::FIXED_SCRATCH_WORDS
    } else {
        &[0, 16, FIXED_SCRATCH_WORDS]
    };
    referee_fuzz::check_judge_with(Problem::Tavern, input, &options, sizes);
});
