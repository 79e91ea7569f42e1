//! Hostile input for every problem: every truncation and thousands of seeded random mutations
//! of the judge cases must give an answer or a positioned error — never a panic or a hang.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::cast_possible_truncation)]

use referee_core::judge::{self, Options, Problem};
use referee_core::HeapScratch;
use referee_tests::{inputs, Rng};

/// Random mutations of each case file (and option set): the corpus has some 90 files, a few of
/// them 7-against-7 battles whose every valid mutation is a full search, so 100 each keeps the
/// test at a few seconds in a debug build.
const MUTATIONS_PER_FILE: usize = 100;

/// Bytes that mean something to some format, and some that mean nothing.
const INTERESTING: &[u8] = b"0123456789-+ \n\r\t{},\"#.x\x00\xff9";

/// Runs the driver on `input` with a fixed and a heap scratch; checks errors are positioned
/// inside the input.
fn survives(problem: Problem, input: &[u8], options: &Options) {
    let lines = input.iter().filter(|&&b| b == b'\n').count() + 1;
    let mut fixed = [0u32; 4096];
    let mut heap = HeapScratch::with_limit(1 << 20);
    for result in [
        judge::run(problem, input, options, &mut fixed[..], &mut String::new()),
        judge::run(problem, input, options, &mut heap, &mut String::new()),
    ] {
        if let Err(error) = result {
            let p = error.position;
            assert!(p.line >= 1 && p.line as usize <= lines && p.column >= 1, "{error} for {input:?}");
            assert!(!error.to_string().is_empty());
        }
    }
}

/// One random edit: replace, insert or delete a byte, or duplicate a slice.
fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let at = if bytes.is_empty() { 0 } else { rng.below(bytes.len()) };
    let byte = INTERESTING[rng.below(INTERESTING.len())];
    match rng.range(0, 3) {
        0 if !bytes.is_empty() => bytes[at] = byte,
        1 => bytes.insert(at, byte),
        2 if !bytes.is_empty() => {
            bytes.remove(at);
        }
        _ => {
            let end = (at + rng.below(8) + 1).min(bytes.len());
            let slice = bytes[at..end].to_vec();
            bytes.splice(at..at, slice);
        }
    }
}

#[test]
fn truncations_and_mutations_never_panic() {
    let mut rng = Rng::new(0x6865_7374);
    for &problem in Problem::ALL {
        let mut option_sets = vec![Options::default()];
        if problem.has_exact_mode() {
            let mut exact = Options::default();
            exact.exact = true;
            option_sets.push(exact);
        }
        let files = inputs(problem.name()).into_iter().chain(inputs(&format!("invalid/{}", problem.name())));
        for file in files {
            let original = std::fs::read(&file).unwrap();
            for options in &option_sets {
                for end in 0..=original.len().min(400) {
                    survives(problem, &original[..end], options);
                }
                for _ in 0..MUTATIONS_PER_FILE {
                    let mut bytes = original.clone();
                    for _ in 0..rng.range(1, 4) {
                        mutate(&mut rng, &mut bytes);
                    }
                    survives(problem, &bytes, options);
                }
            }
        }
    }
}
