//! The `pathgame` judge text on arbitrary bytes, one run each (the long runs' parser target; the
//! differential checks are `judge_pathgame`'s): an answer, or an input or capacity error inside the
//! input; never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use referee_core::judge::{Options, Problem};

fuzz_target!(|input: &[u8]| {
    referee_fuzz::check_parse(Problem::Pathgame, input, &Options::default());
});
