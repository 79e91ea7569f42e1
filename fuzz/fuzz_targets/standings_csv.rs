//! The host's `standings` reader on arbitrary bytes: the file is read once (`standings::replay`,
//! what `standings::run` does for every format), then ranked in both profiles and rendered in
//! every format. An answer ends in a newline; a refusal lies at a line of the input and a field
//! of at least 1, with a message; nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use referee_core::standings::Profile;
use referee_core::HeapScratch;
use referee_host::standings::{self, output, Failure, Format};

fuzz_target!(|input: &[u8]| {
    let lines = input.iter().filter(|&&b| b == b'\n' || b == b'\r').count() as u64 + 1;
    let mut rank_scratch = HeapScratch::default();
    let outcome = standings::replay(input, referee_core::standings::Profile::Mtr, None, |event, names| {
        for profile in [Profile::Mtr, Profile::Contest] {
            let ranking = event.rank(profile, &mut rank_scratch).map_err(|e| Failure::Capacity(e.to_string()))?;
            for format in [Format::Table, Format::Csv, Format::Json] {
                let answer = output::render(&ranking, names, event.round(), format);
                assert!(answer.ends_with(b"\n"), "{format:?} answer without a final newline");
            }
        }
        Ok(())
    });
    match outcome {
        Ok(()) | Err(Failure::Capacity(_) | Failure::Usage(_)) => {}
        Err(Failure::Refused(refusal)) => {
            assert!((1..=lines).contains(&refusal.line), "line {} of {lines}", refusal.line);
            assert!(refusal.field >= 1 && !refusal.message.is_empty(), "{refusal:?}");
        }
    }
});
