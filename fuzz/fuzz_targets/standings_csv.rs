//! The host's `standings` reader on arbitrary bytes, in every format and both profiles: an
//! answer, or a refusal at a line of the input and a field of at least 1 with a message;
//! never a panic. The three formats must agree on whether the input is refused, and how.
#![no_main]

use libfuzzer_sys::fuzz_target;
use referee_core::standings::Profile;
use referee_host::standings::{self, Failure, Format, Options};

fuzz_target!(|input: &[u8]| {
    let lines = input.iter().filter(|&&b| b == b'\n' || b == b'\r').count() as u64 + 1;
    for profile in [Profile::Mtr, Profile::Contest] {
        let mut outcomes = Vec::new();
        for format in [Format::Table, Format::Csv, Format::Json] {
            let options = Options { profile, round: None, format };
            match standings::run(input, &options) {
                Ok(answer) => {
                    assert!(answer.ends_with(b"\n"), "{format:?} answer without a final newline");
                    outcomes.push(None);
                }
                Err(Failure::Refused(refusal)) => {
                    assert!((1..=lines).contains(&refusal.line), "line {} of {lines}", refusal.line);
                    assert!(refusal.field >= 1 && !refusal.message.is_empty(), "{refusal:?}");
                    outcomes.push(Some((refusal.line, refusal.field, refusal.message)));
                }
                Err(other) => outcomes.push(Some((0, 0, format!("{other:?}")))),
            }
        }
        assert!(outcomes.windows(2).all(|w| w[0] == w[1]), "the formats disagree: {outcomes:?}");
    }
});
