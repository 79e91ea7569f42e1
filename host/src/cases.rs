//! `swiss` inputs of many test cases solved on several threads: the input file is cut into
//! parts of about equal size at test case starts, each part is solved on a thread of its own
//! into an answer of its own ([`solve_part`]), and the answers are written in order.
//!
//! A cut is a guess ([`case_start`] reads a few lines at the place): the parts' answers are
//! used only when every part is solved without error and their test cases add up to the
//! input's `T`, which proves that each cut fell where the input's own reading puts a case
//! start (see [`solve_part`]). Anything else, a wrong guess or a wrong input, gives `None`: the
//! caller then solves the whole input in order, which finds the error and its position. So the
//! answer, the errors and their positions are those of one thread, always.
//!
//! On `swiss_many.in` (3 095 test cases of 2 to 10 players) two threads take about half of
//! one thread's wall time; an input of one large test case (`swiss_max.in`) has no case start
//! to cut at, and its rounds are split instead ([`crate::rounds`]).

use std::ops::Range;

use referee_core::swiss::text::{case_start, solve_part, InOrder, PartCases};
use referee_core::text::Scanner;
use referee_core::HeapScratch;

use crate::answer::Answer;
use crate::input::{FileSource, STREAM_BUFFER};
use crate::threads::each_range;

/// The fewest bytes of input a part is given: starting a thread and a second answer costs
/// about what solving this much input does.
pub const MIN_PART_BYTES: u64 = 256 << 10;

/// Bytes read at each cut's place to find a case start there.
const PROBE_BYTES: usize = 64 << 10;

/// The answers of the parts of `source`'s input, in order, solved on up to `threads` threads
/// (one part per [`MIN_PART_BYTES`] at most); `None` when the input is not cut (too short, one
/// thread, no case start found) or the parts do not prove their cuts (see the module docs).
///
/// Memory: each part has `1/parts` of the one-thread limits of the answer held in memory and
/// of the scratch, so the whole stays within them (a test case too large for its part's share
/// makes the part fail, and the input is then solved in order).
///
/// # Complexity
/// That of solving the input, over the threads; plus 64 KiB read and guessed at per
/// cut.
pub fn solve(source: &FileSource, threads: usize) -> Option<Vec<Answer>> {
    let len = referee_core::text::ReadAt::len(source);
    let wanted = usize::try_from(len / MIN_PART_BYTES).unwrap_or(usize::MAX).min(threads);
    // Parts are read at offsets from several threads on Unix only (see `FileSource::part`).
    if wanted < 2 || !cfg!(unix) {
        return None;
    }
    let starts = cuts(source, len, wanted)?;
    let parts = starts.len();
    let ranges: Vec<Range<u64>> =
        starts.iter().zip(starts.iter().skip(1).chain([&len])).map(|(&start, &end)| start..end).collect();
    let shares = Shares { answer: Answer::DEFAULT_LIMIT / parts, scratch: HeapScratch::DEFAULT_LIMIT / parts };
    let solved = each_range(&ranges, |k, range| solve_one(source, range, k == 0, shares))?;
    let declared = solved.first()?.0.declared?;
    let total = solved.iter().try_fold(0u64, |total, (cases, _)| total.checked_add(cases.solved))?;
    (total == declared).then(|| solved.into_iter().map(|(_, answer)| answer).collect())
}

/// Each part's share of the one-thread memory limits.
#[derive(Clone, Copy, Debug)]
struct Shares {
    /// Bytes of answer held in memory ([`Answer::with_limit`]).
    answer: usize,
    /// Scratch words ([`HeapScratch::with_limit`]).
    scratch: usize,
}

/// Where the parts start: 0, then up to `parts - 1` case starts guessed after each
/// `len · i / parts`, increasing; `None` when no cut is found.
fn cuts(source: &FileSource, len: u64, parts: usize) -> Option<Vec<u64>> {
    let mut starts = vec![0u64];
    let mut probe = vec![0u8; PROBE_BYTES];
    for i in 1..parts as u64 {
        // The probe starts one byte early, so that a case starting exactly there is seen
        // after its line end.
        let at = (len / parts as u64 * i).max(1) - 1;
        if at <= *starts.last()? {
            continue;
        }
        let read = source.part(at..len).fill(&mut probe).ok()?;
        if let Some(start) = case_start(&probe[..read]) {
            starts.push(at + start as u64);
        }
    }
    (starts.len() > 1).then_some(starts)
}

/// Solves the input's bytes `range` as a part ([`solve_part`]; `first` for the part at the
/// input's start); `None` if the part fails.
fn solve_one(source: &FileSource, range: Range<u64>, first: bool, shares: Shares) -> Option<(PartCases, Answer)> {
    let mut part = source.part(range);
    let mut window = vec![0u8; STREAM_BUFFER];
    let mut scanner = Scanner::stream(&mut part, &mut window);
    let mut scratch = HeapScratch::with_limit(shares.scratch);
    let mut answer = Answer::mapped_with_limit(shares.answer);
    let cases = solve_part(&mut scanner, &mut scratch, &mut InOrder::new(), first, &mut answer).ok()?;
    Some((cases, answer))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{in_order, joined, source};
    use referee_core::swiss::MatchResult;

    /// `cases` test cases of 4 players and 2 rounds (results varying with the case), but
    /// `declared` in the first line.
    fn input(cases: usize, declared: usize) -> Vec<u8> {
        let legal = MatchResult::CONTEST.map(|r| format!("{} {} {}", r.first_wins(), r.second_wins(), r.draws()));
        let mut text = format!("{declared}\n");
        for case in 0..cases {
            let result = |k: usize| &legal[(case * k + k) % legal.len()];
            text += &format!("4 2\n2 2\n1 2 {}\n3 4 {}\n1 3 {}\n2 4 {}\n", result(1), result(3), result(7), result(9));
        }
        text.into_bytes()
    }

    #[test]
    fn parts_make_the_answer_of_one_thread() {
        let bytes = input(30_000, 30_000);
        assert!(bytes.len() as u64 > 4 * MIN_PART_BYTES);
        let expected = in_order(&bytes);
        for (threads, skip) in [(2, 0), (3, 5), (8, 0)] {
            let answers = solve(&source(&bytes, skip), threads).expect("cut");
            assert!(answers.len() >= 2 && answers.len() <= threads);
            assert_eq!(joined(answers), expected, "{threads} threads");
        }
    }

    #[test]
    fn no_cut_for_one_thread_or_a_short_input() {
        let bytes = input(30_000, 30_000);
        assert!(solve(&source(&bytes, 0), 1).is_none());
        let short = input(1_000, 1_000);
        assert!(solve(&source(&short, 0), 8).is_none());
    }

    #[test]
    fn a_miscount_or_an_error_leaves_the_input_to_one_thread() {
        // T too small, too large, and a wrong match in the last part: no part's answer is used.
        assert!(solve(&source(&input(30_000, 29_999), 0), 2).is_none());
        assert!(solve(&source(&input(30_000, 30_001), 0), 2).is_none());
        let mut bytes = input(30_000, 30_000);
        let end = bytes.len();
        bytes[end - 2] = b'3';
        assert!(solve(&source(&bytes, 0), 2).is_none());
    }

    #[test]
    fn an_input_of_one_large_case_is_not_cut() {
        let mut text = String::from("1\n80000 1\n40000\n");
        for pair in 0..40_000 {
            text += &format!("{} {} 2 0 0\n", 2 * pair + 1, 2 * pair + 2);
        }
        assert!(text.len() as u64 > 2 * MIN_PART_BYTES);
        assert!(solve(&source(text.as_bytes(), 0), 2).is_none());
    }
}
