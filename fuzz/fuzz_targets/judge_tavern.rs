//! The `tavern` judge driver on arbitrary bytes, with the fixed strategy (default table; no
//! table and one bucket on battles of at most 9 minions, whose plain search stays fast) and the
//! heap memo, in both output modes: heap and fixed scratches agree, errors point inside the
//! input, nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use referee_core::judge::{Options, Problem};
use referee_core::tavern::{self, Strategy, BUCKET_WORDS};

/// The most minions in all for which the table-less strategies are run too.
const SMALL_BATTLE: usize = 9;

fuzz_target!(|input: &[u8]| {
    let small = tavern::text::parse(input).map_or(true, |b| b.alice().len() + b.bob().len() <= SMALL_BATTLE);
    let mut strategies = vec![Strategy::default(), Strategy::Memo];
    if small {
        strategies.extend([Strategy::Fixed { table_words: 0 }, Strategy::Fixed { table_words: BUCKET_WORDS }]);
    }
    let options: Vec<Options> = strategies
        .iter()
        .flat_map(|&s| [Options::exact(false).with_tavern(s), Options::exact(true).with_tavern(s)])
        .collect();
    referee_fuzz::check_judge(Problem::Tavern, input, &options);
});
