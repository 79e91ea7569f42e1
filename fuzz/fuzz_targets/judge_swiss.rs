//! The `swiss` judge driver on arbitrary bytes: heap and fixed scratches agree, errors point
//! inside the input, nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use referee_core::judge::{Options, Problem};

fuzz_target!(|input: &[u8]| {
    referee_fuzz::check_judge(Problem::Swiss, input, &[Options::default()]);
});
