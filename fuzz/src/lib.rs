//! Properties shared by the fuzz targets: every judge driver on arbitrary bytes, with a heap
//! scratch and fixed scratches of several sizes, must agree wherever both answer, and every
//! error must point inside the input.
#![forbid(unsafe_code)]

use referee_core::judge::{self, ErrorKind, ExitStatus, Options, Position, Problem};
use referee_core::{tavern, HeapScratch};

/// Fixed scratch sizes (in words) each input is also run with: none, tiny, tavern's rank table
/// alone, tavern's default, and a mid-size slab.
pub const FIXED_SCRATCH_WORDS: [usize; 5] = [0, 16, tavern::RANK_TABLE_WORDS, tavern::FIXED_SCRATCH_WORDS, 1 << 15];

/// The driver's answer, or its error, for `input` with `scratch`.
fn run(
    problem: Problem,
    input: &[u8],
    options: &Options,
    scratch: &mut (impl referee_core::Scratch + ?Sized),
) -> Result<String, judge::Error> {
    let mut out = String::new();
    judge::run(problem, input, options, scratch, &mut out).map(|()| out)
}

/// The lines of `input` as the scanner counts them: ended by `\n`, `\r\n` or a lone `\r`.
fn lines(input: &[u8]) -> Vec<&[u8]> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < input.len() {
        match input[i] {
            b'\n' => {
                lines.push(&input[start..i]);
                start = i + 1;
            }
            b'\r' if input.get(i + 1) != Some(&b'\n') => {
                lines.push(&input[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    lines.push(&input[start..]);
    lines
}

/// Asserts that `position` is a place in `input`: a line that exists, and a column at most one
/// past the end of that line.
///
/// # Panics
/// When it is not (that is the finding).
pub fn assert_inside(input: &[u8], position: Position) {
    let line = usize::try_from(position.line).expect("line fits usize");
    let lines = lines(input);
    assert!((1..=lines.len()).contains(&line), "line {line} of {} lines", lines.len());
    let column = usize::try_from(position.column).expect("column fits usize");
    assert!(
        (1..=lines[line - 1].len() + 1).contains(&column),
        "column {column} of line {line}: {:?}",
        lines[line - 1].len()
    );
}

/// The heap scratch limit of [`check_judge`]: 128 Ki words (512 KiB), twice the largest fixed
/// size any target compares with, so every comparison the property makes still happens, while a
/// few bytes declaring a tournament of a million players are a quick capacity error instead of
/// megabytes of answer per execution (the `swiss` cases of that size are `parse_swiss`'s and the
/// tests').
pub const JUDGE_SCRATCH_LIMIT: usize = 1 << 17;

/// Runs `problem` on `input` with a heap scratch (of at most [`JUDGE_SCRATCH_LIMIT`] words) and
/// fixed scratches, for each of `options`, and checks the properties: the first options with every size of [`FIXED_SCRATCH_WORDS`], the
/// others (another output mode or strategy) with the largest only, to keep executions fast.
///
/// # Panics
/// On a difference between two runs that both answered, on two different non-capacity errors,
/// on an error outside the input, or on a write error.
pub fn check_judge(problem: Problem, input: &[u8], all: &[Options]) {
    check_judge_with(problem, input, all, &FIXED_SCRATCH_WORDS);
}

/// As [`check_judge`], with `sizes` (the largest last) instead of [`FIXED_SCRATCH_WORDS`].
///
/// The fixed scratches are the first words of one slab of the largest size, allocated once per
/// call (not once per run: up to a quarter of a MiB zeroed each time) and handed from run to run
/// as the previous one left it, as a firmware reuses its static slab: a driver must not depend
/// on what its scratch held before.
///
/// # Panics
/// As [`check_judge`].
pub fn check_judge_with(problem: Problem, input: &[u8], all: &[Options], sizes: &[usize]) {
    let largest = sizes.len().saturating_sub(1);
    let mut slab = vec![0u32; sizes.iter().copied().max().unwrap_or(0)];
    for options in all {
        let sizes = if core::ptr::eq(options, &all[0]) { sizes } else { &sizes[largest..] };
        check_heap_against_fixed(problem, input, options, sizes, &mut slab);
    }
}

/// The property of [`check_judge_with`] for one `options`: `problem` on `input` with a heap
/// scratch, then with the first `words` of `slab` for each of `sizes`.
///
/// # Panics
/// As [`check_judge`].
pub fn check_heap_against_fixed(problem: Problem, input: &[u8], options: &Options, sizes: &[usize], slab: &mut [u32]) {
    let heap = run(problem, input, options, &mut HeapScratch::with_limit(JUDGE_SCRATCH_LIMIT));
    if let Err(error) = &heap {
        assert_inside(input, error.position);
        let status = error.exit_status();
        assert!(matches!(status, ExitStatus::InvalidInput | ExitStatus::Capacity), "heap run: {error}");
    }
    for &words in sizes {
        let result = run(problem, input, options, &mut slab[..words]);
        match (&heap, &result) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{words} fixed words answer differently"),
            (_, Err(e)) if matches!(e.kind, ErrorKind::Capacity { .. } | ErrorKind::Limit { .. }) => {
                assert_inside(input, e.position);
            }
            (Err(a), Err(b)) => assert_eq!(a, b, "{words} fixed words refuse differently"),
            (Ok(_), Err(b)) => panic!("{words} fixed words refuse what the heap answers: {b}"),
            // A search bound (depth, turns) can fall differently with a cache of another
            // size: a refusal beyond the build's bounds, like a capacity error.
            (Err(a), Ok(_)) if matches!(a.kind, ErrorKind::Limit { .. }) => {}
            (Err(a), Ok(_)) => panic!("{words} fixed words answer what the heap refuses: {a}"),
        }
    }
}

/// The heap scratch limit of [`check_parse`]: 64 Ki words (256 KiB, more than the largest
/// firmware slab). A larger input is a capacity error, checked as quickly as any other, instead
/// of an allocation of up to 64 MiB per execution under the sanitizer (a tournament of
/// thousands or millions of players), which made the long runs crawl at a few hundred
/// executions a second.
pub const PARSE_SCRATCH_LIMIT: usize = 1 << 16;

/// The light property of the `parse_*` targets, for the long runs: one run of the judge driver
/// with a heap scratch; an error must lie inside the input and be an input or capacity error, an
/// answer must be text ending in a newline.
///
/// # Panics
/// When it is not so.
pub fn check_parse(problem: Problem, input: &[u8], options: &Options) {
    match run(problem, input, options, &mut HeapScratch::with_limit(PARSE_SCRATCH_LIMIT)) {
        Ok(answer) => assert!(answer.ends_with('\n'), "answer without a final newline: {answer:?}"),
        Err(error) => {
            assert_inside(input, error.position);
            let status = error.exit_status();
            assert!(matches!(status, ExitStatus::InvalidInput | ExitStatus::Capacity), "{error}");
        }
    }
}
