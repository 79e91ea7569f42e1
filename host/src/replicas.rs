//! `swiss` standings of an input file with large rounds on several threads by replicas: every
//! thread reads the whole input and keeps a tournament of its own, and writes only its part of
//! each large round's lines ([`crate::rounds::chunks`], [`crate::rounds::part_of`]); the
//! calling thread writes the round's header and the first part into the answer and appends the
//! other threads' parts as they arrive, so the text is exactly one thread's.
//!
//! Why not one tournament shared by the threads ([`crate::rounds::Split`], still used for an
//! input read from a pipe): there the calling thread reads and records each round alone while
//! the others wait, and the others' reads of the players' rows make its next writes to them
//! cross-core cache misses. On `swiss_max.in` (18 750 players, 16 rounds; 2 CPUs) reading and
//! recording a round took 0.21 ms on one thread and 0.6 to 0.7 ms beside the other thread's
//! lines, 10 of the 28 ms of a two-thread run. Replicas share nothing but the finished text:
//! each thread reads and records every round itself (a few milliseconds of CPU time repeated
//! on every thread, in parallel) and the rounds' lines are written on all of them.
//!
//! A replica runs ahead of the calling thread by at most [`AHEAD`] parts. The answer, and any
//! error, is the calling thread's: when its reading fails (a wrong input, or a replica that
//! stopped), [`solve`] gives `None` and the caller solves the input in order, which finds the
//! error and its position.

use std::fmt::{self, Write};
use std::ops::Range;
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::thread;

use referee_core::swiss::text::{solve_from_with, write_header, write_players, InOrder, RoundWriter};
use referee_core::swiss::Tournament;
use referee_core::text::{ReadAt, Scanner};
use referee_core::HeapScratch;

use crate::answer::Answer;
use crate::input::{FileSource, STREAM_BUFFER};
use crate::memory::MappedScratch;
use crate::rounds::{chunks, part_of, parts_of_round, MAX_THREADS};

/// The smallest input solved by replicas, as for cutting an input into test cases
/// ([`crate::cases::MIN_PART_BYTES`]): below it a second thread costs about what it saves.
pub const MIN_BYTES: u64 = crate::cases::MIN_PART_BYTES;

/// Parts a replica may have written that the calling thread has not appended yet.
pub const AHEAD: usize = 2;

/// The answer of `source`'s input (a whole `swiss` judge input) solved by up to `threads`
/// replicas (see the module docs); `None` for one thread, an input shorter than [`MIN_BYTES`],
/// or when the calling thread's solve fails (the caller then solves the input in order).
///
/// Memory: each thread has a scratch of the one-thread limit (a tournament of its own); the
/// replicas' parts not yet appended are at most [`AHEAD`] parts of at most `MAX_PART` lines
/// each.
///
/// # Complexity
/// Reading and recording the input on every thread, in parallel; the large rounds' lines over
/// the threads.
pub fn solve(source: &FileSource, threads: usize) -> Option<Answer> {
    let threads = threads.min(MAX_THREADS);
    // Parts are read at offsets from several threads on Unix only (see `FileSource::part`).
    if threads < 2 || ReadAt::len(source) < MIN_BYTES || !cfg!(unix) {
        return None;
    }
    thread::scope(|scope| {
        let mut replicas = Vec::with_capacity(threads - 1);
        for share in 1..threads {
            let (parts, arrived) = mpsc::sync_channel(AHEAD);
            let (returned, spare) = mpsc::channel();
            let replica = Replica { share, threads, parts, spare };
            let solve = move || solve_whole(source, replica, &mut String::new());
            thread::Builder::new().spawn_scoped(scope, solve).ok()?;
            replicas.push(Arrivals { arrived, returned });
        }
        let leader = Leader { threads, replicas, in_order: InOrder::new() };
        let mut answer = Answer::mapped_with_limit(Answer::DEFAULT_LIMIT);
        // Returning drops `leader` and its receivers first: a replica still writing then
        // stops at its next part, and the scope joins it.
        solve_whole(source, leader, &mut answer).map(|()| answer)
    })
}

/// Solves the whole input with `rounds` writing to `out` (a replica's writer sends its parts
/// and writes nothing there); `None` if it fails.
fn solve_whole<W: Write, R: RoundWriter<W>>(source: &FileSource, mut rounds: R, out: &mut W) -> Option<()> {
    let mut stream = source.part(0..ReadAt::len(source));
    let mut window = vec![0u8; STREAM_BUFFER];
    let mut scanner = Scanner::stream(&mut stream, &mut window);
    let mut scratch = MappedScratch::with_limit(HeapScratch::DEFAULT_LIMIT)?;
    solve_from_with(&mut scanner, &mut scratch, &mut rounds, out).ok()
}

/// The calling thread's writer: each round's header and first parts, the replicas' parts
/// appended in order (a round too small to split, whole).
struct Leader {
    threads: usize,
    /// Replica `k + 1`'s parts.
    replicas: Vec<Arrivals>,
    in_order: InOrder,
}

/// One replica's parts as they arrive, and the way back for their buffers.
struct Arrivals {
    arrived: Receiver<String>,
    returned: Sender<String>,
}

impl<W: Write + ?Sized> RoundWriter<W> for Leader {
    fn write_round(&mut self, tournament: &Tournament<'_>, out: &mut W) -> fmt::Result {
        let players = tournament.players() as usize;
        let parts = parts_of_round(players, self.threads);
        if parts < 2 {
            return self.in_order.write_round(tournament, out);
        }
        // The small rounds' lines held back come first.
        self.in_order.finish(out)?;
        write_header(tournament, out)?;
        for (chunk, chunk_parts) in chunks(players, parts) {
            write_players(tournament, part_of(&chunk, 0, chunk_parts), out)?;
            for replica in self.replicas.iter().take(chunk_parts - 1) {
                // A replica that stopped (it failed where this thread has not yet) makes this
                // thread's solve fail too, and the input is solved in order.
                let text = replica.arrived.recv().map_err(|_| fmt::Error)?;
                out.write_str(&text)?;
                let _ = replica.returned.send(text);
            }
        }
        Ok(())
    }

    fn finish(&mut self, out: &mut W) -> fmt::Result {
        self.in_order.finish(out)
    }
}

/// A replica's writer: its part of each large round's chunks, sent to the calling thread.
struct Replica {
    /// Which part of a chunk it writes (`1..threads`).
    share: usize,
    threads: usize,
    parts: SyncSender<String>,
    /// Buffers of parts already appended, to write again.
    spare: Receiver<String>,
}

impl Replica {
    /// The part `range` of `tournament`'s lines, sent to the calling thread.
    fn send(&mut self, tournament: &Tournament<'_>, range: Range<usize>) -> fmt::Result {
        let mut text = self.spare.try_recv().unwrap_or_default();
        text.clear();
        write_players(tournament, range, &mut text)?;
        // The calling thread stopped: stop too.
        self.parts.send(text).map_err(|_| fmt::Error)
    }
}

impl<W: Write + ?Sized> RoundWriter<W> for Replica {
    fn write_round(&mut self, tournament: &Tournament<'_>, _out: &mut W) -> fmt::Result {
        let players = tournament.players() as usize;
        let parts = parts_of_round(players, self.threads);
        if parts < 2 {
            return Ok(());
        }
        for (chunk, chunk_parts) in chunks(players, parts) {
            if self.share < chunk_parts {
                self.send(tournament, part_of(&chunk, self.share, chunk_parts))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rounds::{MAX_PART, MIN_PART};
    use crate::test_support::{in_order, joined, source};

    /// A judge input of one test case of `players` and `rounds` (varied legal results), and
    /// `bad` in place of the last match line of the last round when given.
    fn input(players: usize, rounds: usize, bad: Option<&str>) -> Vec<u8> {
        const LEGAL: [&str; 10] =
            ["2 0 0", "0 2 0", "2 1 0", "1 2 0", "2 0 1", "0 2 1", "1 1 1", "1 0 2", "0 1 2", "0 0 3"];
        let matches = players / 2;
        let mut text = format!("1\n{players} {rounds}\n");
        text.push_str(&vec![matches.to_string(); rounds].join(" "));
        text.push('\n');
        for round in 0..rounds {
            for i in 0..matches {
                if round + 1 == rounds && i + 1 == matches {
                    if let Some(bad) = bad {
                        text.push_str(bad);
                        text.push('\n');
                        continue;
                    }
                }
                // Pairs (i, i + matches + round) modulo `players`: each player once a round.
                let first = i + 1;
                let second = (i + round) % matches + matches + 1;
                text.push_str(&format!("{first} {second} {}\n", LEGAL[(i * 7 + round) % LEGAL.len()]));
            }
        }
        text.into_bytes()
    }

    /// The same text as one thread: rounds split in two and three parts, and rounds of two
    /// chunks (the last one of fewer parts).
    #[test]
    fn replicas_write_the_text_of_one_thread() {
        for (players, rounds, threads) in
            [(2 * MIN_PART + 2, 20, 2), (3 * MIN_PART + 4, 12, 3), (2 * MAX_PART + 3 * MIN_PART, 2, 2)]
        {
            let bytes = input(players, rounds, None);
            assert!(bytes.len() as u64 >= MIN_BYTES, "{players} x {rounds}: {} bytes", bytes.len());
            let answer = solve(&source(&bytes, 0), threads).expect("solved by replicas");
            assert_eq!(joined(vec![answer]), in_order(&bytes), "{players} players, {rounds} rounds, {threads} threads");
        }
    }

    /// Small test cases around a large one: the small rounds' lines the calling thread holds
    /// back come before the large rounds' parts.
    #[test]
    fn small_cases_around_a_large_one_keep_their_order() {
        let case = |players, rounds| input(players, rounds, None).split_off(2);
        let bytes = [&b"3\n"[..], &case(6, 3), &case(2 * MIN_PART + 2, 20), &case(4, 2)].concat();
        let answer = solve(&source(&bytes, 0), 2).expect("solved by replicas");
        assert_eq!(joined(vec![answer]), in_order(&bytes));
    }

    /// One thread, or a short input: not solved by replicas.
    #[test]
    fn one_thread_or_a_short_input_is_left_to_the_caller() {
        let bytes = input(2 * MIN_PART + 2, 20, None);
        assert!(solve(&source(&bytes, 0), 1).is_none());
        assert!(solve(&source(&input(2 * MIN_PART, 2, None), 0), 2).is_none());
    }

    /// A wrong input (an error in the last round, after the replicas wrote parts of the earlier
    /// ones) gives `None`, not a part of an answer, whatever the thread count.
    #[test]
    fn a_wrong_input_is_left_to_the_caller() {
        for bad in ["1 1 2 0 0", "1 2 3 3 3", "1 2 2 0"] {
            let bytes = input(2 * MIN_PART + 2, 20, Some(bad));
            for threads in [2, 3] {
                assert!(solve(&source(&bytes, 0), threads).is_none(), "{bad} on {threads} threads");
            }
        }
    }
}
