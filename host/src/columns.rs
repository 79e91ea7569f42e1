//! `pathgame` boards in plain notation decided on several threads: the board's columns are cut
//! into one range a thread, each range is decided through a window of its own read at offsets
//! ([`PlainBoard::decide`]), and the ranges' deciders are joined left to right
//! ([`Decider::then`](referee_core::pathgame::Decider::then)). The kernel's copies of the file
//! and the decider's pass over the bytes then both run on every thread.
//!
//! Only a valid board is answered this way: anything else (another notation, a wrong byte, a
//! cut path, a failed read) gives `None`, and the caller reads the input as one thread does,
//! which gives the error with its position. So the answer and the errors are those of one
//! thread, always.

use referee_core::pathgame::text::PlainBoard;
use referee_core::pathgame::Winner;

use crate::input::{FileSource, STREAM_BUFFER};
use crate::threads::each_range;

/// The fewest columns a thread is given: starting a thread costs about what deciding this many
/// columns (4 MiB of input) takes: on 2 Mi columns a second thread gained nothing measurable,
/// on 4 Mi (two ranges of this) a fifth of the wall time.
pub const MIN_COLUMNS: u64 = 1 << 21;

/// The winner of the board in plain notation in `source`, decided on up to `threads` threads
/// (one per [`MIN_COLUMNS`] columns at most); `None` when the input is not cut (one thread, a
/// narrower board, not a board in plain notation by its layout) or is not a valid board.
///
/// # Complexity
/// `O(N)` for `N` columns, over the threads; a window of [`STREAM_BUFFER`] bytes a thread.
pub fn solve(source: &FileSource, threads: usize) -> Option<Winner> {
    if threads < 2 || !cfg!(unix) {
        return None;
    }
    let board = PlainBoard::locate(&mut source.shared(), &mut vec![0u8; STREAM_BUFFER])?;
    let columns = board.columns();
    let parts = usize::try_from(columns / MIN_COLUMNS).unwrap_or(usize::MAX).min(threads);
    if parts < 2 {
        return None;
    }
    let deciders = each_range(&column_ranges(columns, parts), |_, range| {
        board.decide(&mut source.shared(), range, &mut vec![0u8; STREAM_BUFFER])
    })?;
    let (first, rest) = deciders.split_first()?;
    let board = rest.iter().try_fold(*first, |board, next| board.then(next).ok())?;
    Some(board.winner())
}

/// `columns` cut into `parts` ranges of about equal length, in order, the first from 0.
fn column_ranges(columns: u64, parts: usize) -> Vec<std::ops::Range<u64>> {
    let parts = parts as u64;
    (0..parts).map(|i| columns * i / parts..columns * (i + 1) / parts).collect()
}

#[cfg(test)]
#[allow(clippy::cast_possible_truncation)]
mod tests {
    use super::*;
    use crate::test_support::source;

    /// A valid board of `columns` columns with black cells in runs along one row.
    fn board(columns: usize, seed: u64) -> (Vec<u8>, Vec<u8>) {
        let (mut top, mut bottom) = (vec![b'.'; columns], vec![b'.'; columns]);
        let mut state = seed | 1;
        let mut row = 0;
        let mut j = 0;
        while j < columns {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            j += 1 + (state % 50) as usize;
            if state.is_multiple_of(7) {
                row ^= 1;
                j += 1;
            }
            if let Some(cell) = if row == 0 { top.get_mut(j) } else { bottom.get_mut(j) } {
                *cell = b'#';
            }
        }
        (top, bottom)
    }

    fn one_thread(text: &[u8]) -> Winner {
        let mut buffer = [0u8; 64];
        let mut input = text.to_vec();
        let board = PlainBoard::locate(&mut input[..], &mut buffer).unwrap();
        board.decide(&mut input[..], 0..board.columns(), &mut buffer).unwrap().winner()
    }

    #[test]
    fn ranges_cover_the_columns_in_order() {
        for (columns, parts) in [(10, 3), (7, 7), (1 << 33, 5), (u64::from(u32::MAX), 64)] {
            let ranges = column_ranges(columns, parts);
            assert_eq!(ranges.len(), parts);
            assert_eq!(ranges[0].start, 0);
            assert_eq!(ranges[parts - 1].end, columns);
            assert!(ranges.windows(2).all(|w| w[0].end == w[1].start && !w[0].is_empty()));
        }
    }

    #[test]
    fn threads_answer_as_one_thread_and_decline_the_rest() {
        let columns = 3 * MIN_COLUMNS as usize + 12_345;
        for seed in 1..4 {
            let (top, bottom) = board(columns, seed);
            let text = [&b"  \n"[..], &top, b"\r\n", &bottom, b"\n\n"].concat();
            let expected = one_thread(&text);
            // After bytes of something else, as stdin partly read before.
            let file = source(&text, 5);
            for threads in [2, 3, 4, 8] {
                assert_eq!(solve(&file, threads), Some(expected), "seed {seed}, {threads} threads");
            }
            assert_eq!(solve(&file, 1), None);
            // A path cut at the seam of the two parts, and a wrong byte in the last part.
            let seam = columns / 2;
            let (mut cut_top, mut cut_bottom) = (top.clone(), bottom.clone());
            cut_top[seam - 1] = b'#';
            cut_bottom[seam - 1] = b'.';
            cut_top[seam] = b'.';
            cut_bottom[seam] = b'#';
            let cut = [&cut_top[..], b"\n", &cut_bottom, b"\n"].concat();
            assert_eq!(solve(&source(&cut, 0), 2), None);
            let mut wrong = text.clone();
            let last = wrong.len() - 3;
            wrong[last] = b'x';
            assert_eq!(solve(&source(&wrong, 0), 3), None);
        }
        // Too narrow to cut.
        let (top, bottom) = board(MIN_COLUMNS as usize * 2 - 1, 9);
        let text = [&top[..], b"\n", &bottom, b"\n"].concat();
        assert_eq!(solve(&source(&text, 0), 4), None);
    }
}
