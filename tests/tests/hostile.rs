//! Hostile input for every problem: every truncation and thousands of seeded random mutations
//! of the judge cases must give an answer or a positioned error — never a panic or a hang.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::cast_possible_truncation)]

use referee_core::battle::{self, Limits};
use referee_core::judge::{self, Options, Problem};
use referee_core::tavern::{Strategy, FIXED_SCRATCH_WORDS};
use referee_core::HeapScratch;
use referee_tests::{inputs, Rng};

/// Random mutations of each case file (and option set): the corpus has some 90 files, a few of
/// them 7-against-7 battles whose every valid mutation is a full search, so 100 each keeps the
/// test at a few seconds in a debug build.
const MUTATIONS_PER_FILE: usize = 100;

/// Bytes that mean something to some format, and some that mean nothing.
const INTERESTING: &[u8] = b"0123456789-+ \n\r\t{},\"#.x\x00\xff9";

/// Words of the fixed scratch: tavern's and battle's defaults (so that their fixed tables
/// really run), a small slab for the others (so that capacity errors happen too).
fn fixed_words(problem: Problem) -> usize {
    match problem {
        Problem::Tavern => FIXED_SCRATCH_WORDS,
        Problem::Battle => battle::words_needed(Strategy::default(), BATTLE_LIMITS).unwrap_or(0),
        _ => 4096,
    }
}

/// `battle`'s search bounds here: a mutated board can be a fight of millions of states, which
/// the bounds refuse quickly (a capacity error, positioned like any other).
const BATTLE_LIMITS: Limits = Limits { depth: 512, steps: 1 << 12 };

/// Runs the driver on `input` with a fixed scratch and with a heap scratch (tavern: the memo
/// there, the fixed table in the slice); checks that errors are positioned inside the input
/// and that both answers are the same where both succeed.
fn survives(problem: Problem, input: &[u8], options: &Options) {
    // A line ends at `\n`, `\r\n` or a lone `\r`, as the scanner counts them.
    let lone_cr =
        input.windows(2).filter(|w| w[0] == b'\r' && w[1] != b'\n').count() + usize::from(input.last() == Some(&b'\r'));
    let lines = input.iter().filter(|&&b| b == b'\n').count() + lone_cr + 1;
    let mut fixed = vec![0u32; fixed_words(problem)];
    let mut heap = HeapScratch::with_limit(1 << 20);
    let heap_options = match problem {
        Problem::Tavern => options.with_tavern(Strategy::Memo),
        Problem::Battle => options.with_battle(Strategy::Memo),
        _ => *options,
    };
    let (mut fixed_out, mut heap_out) = (String::new(), String::new());
    let results = [
        judge::run(problem, input, options, &mut fixed[..], &mut fixed_out),
        judge::run(problem, input, &heap_options, &mut heap, &mut heap_out),
    ];
    for result in &results {
        if let Err(error) = result {
            let p = error.position;
            assert!(p.line >= 1 && p.line as usize <= lines && p.column >= 1, "{error} for {input:?}");
            assert!(!error.to_string().is_empty());
        }
    }
    if results.iter().all(Result::is_ok) {
        assert_eq!(fixed_out, heap_out, "fixed and heap scratch answer differently for {input:?}");
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
        let base = Options::default().with_battle_limits(BATTLE_LIMITS);
        let mut option_sets = vec![base];
        if problem.has_exact_mode() {
            let mut exact = base;
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
