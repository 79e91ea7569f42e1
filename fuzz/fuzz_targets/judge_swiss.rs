//! The `swiss` judge driver on arbitrary bytes: heap and fixed scratches agree, errors point
//! inside the input, nothing panics; and an input cut where `case_start` guesses, solved as two
//! parts (`solve_part`), gives the whole input's answer whenever the parts' counts prove the cut.
#![no_main]

use libfuzzer_sys::fuzz_target;
use referee_core::judge::{Options, Problem};
use referee_core::swiss::text::{case_start, solve, solve_part, InOrder};
use referee_core::text::Scanner;
use referee_core::HeapScratch;

fuzz_target!(|input: &[u8]| {
    referee_fuzz::check_judge(Problem::Swiss, input, &[Options::default()]);
    let Some(cut) = case_start(input) else { return };
    assert!(cut > 0 && cut < input.len() && input[cut - 1] == b'\n' && input[cut].is_ascii_digit());
    let (head, tail) = input.split_at(cut);
    let mut parts = String::new();
    let part = |bytes, first, parts: &mut String| {
        let mut scratch = HeapScratch::with_limit(1 << 16);
        solve_part(&mut Scanner::new(bytes), &mut scratch, &mut InOrder::new(), first, parts)
    };
    let (Ok(first), Ok(later)) = (part(head, true, &mut parts), part(tail, false, &mut parts)) else { return };
    if first.declared == first.solved.checked_add(later.solved) {
        let mut whole = String::new();
        assert!(solve(input, &mut HeapScratch::with_limit(1 << 16), &mut whole).is_ok(), "the parts proved a cut");
        assert_eq!(parts, whole);
    }
});
