//! `swiss` standings of a large round written on several threads: the calling thread writes the
//! first part of the players' lines into the answer while the others write the other parts into
//! buffers of their own, appended after in order (a huge round goes in chunks, so that a
//! buffer holds at most [`MAX_PART`] lines: memory stays bounded as without threads). The text is exactly the core's
//! [`InOrder`] (the parts are [`write_players`] of adjacent ranges), and a round's lines are
//! nearly all of `swiss`'s work. An input file is solved by replicas instead
//! ([`crate::replicas`], which shares [`chunks`] and [`part_of`]): here the calling thread
//! reads and records each round while the others wait, and on `swiss_max.in` (18 750 players,
//! 16 rounds) two threads take about 90 % of one thread's wall time, replicas 75 %.
//!
//! The other threads are a `rayon` pool (one thread fewer than `--threads`) built at the first
//! round large enough and kept for the run: a thread started per round (`std::thread::scope`)
//! began up to a millisecond late on a virtual machine and saved almost nothing, where the
//! pool's waiting threads start at once.

use std::cell::OnceCell;
use std::fmt::{self, Write};
use std::num::NonZeroUsize;
use std::ops::Range;

use rayon::{ThreadPool, ThreadPoolBuilder};

use referee_core::swiss::text::{write_header, write_players, InOrder, RoundWriter};
use referee_core::swiss::Tournament;

/// The fewest players a thread is given: handing a part to a thread (microseconds) and
/// appending its text cost more than a smaller part's lines.
pub const MIN_PART: usize = 1024;

/// The most players of one part: a part's buffer holds at most this many lines (at most 4 MB
/// of the longest lines), whatever the event's size.
pub const MAX_PART: usize = 16_384;

/// The most threads `--threads` takes.
pub use referee_event::cli::MAX_THREADS;

/// The default number of threads: the CPUs available to the process, at most 8.
#[must_use]
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get).min(8)
}

/// [`RoundWriter`] on up to `threads` threads, each given at least [`MIN_PART`] players; a
/// smaller round is written in order on the calling thread.
#[derive(Debug)]
pub struct Split {
    threads: usize,
    in_order: InOrder,
    /// The threads, started at the first round that is split (`None` inside if they could
    /// not be: then every round is written in order).
    pool: OnceCell<Option<ThreadPool>>,
    /// The lines of the parts after the first (kept for the next round's), with their result.
    parts: Vec<(String, fmt::Result)>,
}

impl Split {
    /// A writer using up to `threads` threads (at least 1, at most [`MAX_THREADS`]).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn new(threads: usize) -> Self {
        Self {
            threads: threads.clamp(1, MAX_THREADS),
            in_order: InOrder::new(),
            pool: OnceCell::new(),
            parts: Vec::new(),
        }
    }
}

/// The `k`-th of `parts` adjacent ranges covering `0..players`, as even as can be.
fn part(k: usize, parts: usize, players: usize) -> Range<usize> {
    k * players / parts..(k + 1) * players / parts
}

impl<W: Write + ?Sized + Send> RoundWriter<W> for Split {
    fn write_round(&mut self, tournament: &Tournament<'_>, out: &mut W) -> fmt::Result {
        let players = tournament.players() as usize;
        let parts = parts_of_round(players, self.threads);
        let threads = self.threads;
        let pool = (parts > 1)
            .then(|| self.pool.get_or_init(|| ThreadPoolBuilder::new().num_threads(threads - 1).build().ok()));
        let Some(pool) = pool.and_then(Option::as_ref) else {
            return self.in_order.write_round(tournament, out);
        };
        // The small rounds' lines held back come first.
        self.in_order.finish(out)?;
        write_header(tournament, out)?;
        for (chunk, chunk_parts) in chunks(players, parts) {
            write_chunk(pool, &mut self.parts, tournament, chunk, chunk_parts, out)?;
        }
        Ok(())
    }

    fn finish(&mut self, out: &mut W) -> fmt::Result {
        self.in_order.finish(out)
    }
}

/// The parts a round of `players` is split into on up to `threads` threads: at most one per
/// [`MIN_PART`] players (a round of fewer than `2 · MIN_PART` is not split: 0 or 1).
#[must_use]
pub fn parts_of_round(players: usize, threads: usize) -> usize {
    threads.min(players / MIN_PART)
}

/// The chunks of a round of `players` split into `parts` parts ([`parts_of_round`]), in order,
/// each with its own number of parts: chunks of `parts` parts of [`MAX_PART`] players, so that
/// a part's text stays within `MAX_PART` lines however large the event, and a last chunk of
/// fewer parts (one, written whole, when it has fewer than `2 · MIN_PART` players).
///
/// # Complexity
/// `O(players / MAX_PART)` chunks.
pub fn chunks(players: usize, parts: usize) -> impl Iterator<Item = (Range<usize>, usize)> {
    let step = parts.max(1) * MAX_PART;
    (0..players).step_by(step).map(move |start| {
        let end = players.min(start + step);
        (start..end, parts.min((end - start) / MIN_PART).max(1))
    })
}

/// The `k`-th of the `parts` parts of `chunk` (adjacent ranges covering it, as even as can be).
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub fn part_of(chunk: &Range<usize>, k: usize, parts: usize) -> Range<usize> {
    let range = part(k, parts, chunk.len());
    chunk.start + range.start..chunk.start + range.end
}

/// The lines of the players in `chunk`, in `parts` parts: the first on the calling thread into
/// `out`, the others on `pool` into `buffers` (grown to `parts - 1`), then appended in order.
fn write_chunk<W: Write + ?Sized + Send>(
    pool: &ThreadPool,
    buffers: &mut Vec<(String, fmt::Result)>,
    tournament: &Tournament<'_>,
    chunk: Range<usize>,
    parts: usize,
    out: &mut W,
) -> fmt::Result {
    let at = |k: usize| part_of(&chunk, k, parts);
    if parts <= 1 {
        return write_players(tournament, chunk, out);
    }
    buffers.resize_with(parts - 1, || (String::new(), Ok(())));
    let others = buffers.get_mut(..parts - 1).unwrap_or_default();
    // A panic of a task (the core's writers have none) goes on in this thread.
    let first = pool.in_place_scope(|scope| {
        for (k, (text, result)) in (1..parts).zip(others.iter_mut()) {
            text.clear();
            let players = at(k);
            scope.spawn(move |_| *result = write_players(tournament, players, text));
        }
        write_players(tournament, at(0), out)
    });
    first?;
    for (text, result) in buffers.iter().take(parts - 1) {
        (*result)?;
        out.write_str(text)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use referee_core::swiss::text::write_round;
    use referee_core::swiss::{MatchResult, PlayerId};

    /// Every legal match result `w1 w2 d`.
    const LEGAL: [[u8; 3]; 10] =
        [[2, 0, 0], [0, 2, 0], [2, 1, 0], [1, 2, 0], [2, 0, 1], [0, 2, 1], [1, 1, 1], [1, 0, 2], [0, 1, 2], [0, 0, 3]];

    /// The rounds of a tournament of `players` (3 rounds), each written by `write` as it ends.
    fn tournament_rounds(players: u32, mut write: impl FnMut(&Tournament<'_>)) {
        let rounds = 3;
        let mut words = vec![0u32; Tournament::words_needed(players, rounds).unwrap()];
        let mut tournament = Tournament::new(players, rounds, &mut words[..]).unwrap();
        for round in 0..rounds {
            tournament.start_round().unwrap();
            for first in (1..players).step_by(2) {
                let second = (first + 2 * round) % players + 1;
                let [w1, w2, d] = LEGAL[(first + round) as usize % LEGAL.len()];
                let _ = tournament.record(
                    PlayerId::new(first - 1),
                    PlayerId::new(second - 1),
                    MatchResult::new(w1, w2, d).unwrap(),
                );
            }
            tournament.finish_round().unwrap();
            write(&tournament);
        }
    }

    /// The same text as the core's writer, for rounds too small to split, rounds split in two
    /// and in three uneven parts, and a round of two chunks and a last one of one part; each
    /// round finished alone, and all of them one after the other through one writer (the
    /// small rounds' lines it holds back come before a large round's).
    #[test]
    fn split_rounds_are_the_rounds_text() {
        let min_part = u32::try_from(MIN_PART).unwrap();
        let max_part = u32::try_from(MAX_PART).unwrap();
        let events =
            [(3, 4), (2 * min_part + 1, 2), (3 * min_part + 2, 3), (5000, 64), (2 * max_part + 3 * min_part / 2, 2)];
        for (players, threads) in events {
            let mut writer = Split::new(threads);
            tournament_rounds(players, |tournament| {
                let (mut expected, mut split) = (String::new(), String::new());
                write_round(tournament, &mut expected).unwrap();
                writer.write_round(tournament, &mut split).unwrap();
                writer.finish(&mut split).unwrap();
                assert_eq!(split, expected, "{players} players on {threads} threads, round {}", tournament.round());
                assert_eq!(split.lines().count(), players as usize + 1);
            });
        }
        let (mut expected, mut split) = (String::new(), String::new());
        let mut writer = Split::new(2);
        for players in [3, 2 * min_part + 1, 5, 7, 3 * min_part + 2, 2] {
            tournament_rounds(players, |tournament| {
                write_round(tournament, &mut expected).unwrap();
                writer.write_round(tournament, &mut split).unwrap();
            });
        }
        writer.finish(&mut split).unwrap();
        assert_eq!(split, expected);
    }

    #[test]
    fn parts_cover_the_players_in_order() {
        for players in [0, 1, 7, 1000, 18_750] {
            for parts in 1..=9 {
                let ranges: Vec<_> = (0..parts).map(|k| part(k, parts, players)).collect();
                assert_eq!(ranges[0].start, 0);
                assert_eq!(ranges[parts - 1].end, players);
                assert!(ranges.windows(2).all(|w| w[0].end == w[1].start));
                assert!(ranges.iter().all(|r| r.len() >= players / parts && r.len() <= players / parts + 1));
            }
        }
    }
}
