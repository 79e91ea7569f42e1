//! The `referee` binary's [`judge::Hooks`]: the lines of a large `swiss` round
//! ([`crate::rounds`]) and the openings of an even `tavern` battle ([`crate::openings`]) on up
//! to `--threads` threads; the judge driver reads and writes the text as on one thread. And
//! [`each_range`], the parts of an input solved on threads of their own ([`crate::cases`],
//! [`crate::columns`]).

use std::fmt::Write;
use std::ops::Range;
use std::thread;

use referee_core::judge;
use referee_core::scratch::Scratch;
use referee_core::tavern::{Battle, Odds, OddsError, Strategy};

use crate::openings;
use crate::rounds::Split;

/// `run(k, ranges[k])` for every range, the first on the calling thread and each other one on a
/// scoped thread of its own, the results in order; `None` if any gives `None`, or if a thread
/// cannot be started or panics (the caller then solves the input in order).
///
/// # Complexity
/// That of the slowest `run` (the calling thread's own beside the others'), plus starting
/// `ranges.len() - 1` threads.
pub fn each_range<T: Send>(
    ranges: &[Range<u64>],
    run: impl Fn(usize, Range<u64>) -> Option<T> + Sync,
) -> Option<Vec<T>> {
    let run = &run;
    let (first, rest) = ranges.split_first()?;
    let results: Vec<Option<T>> = thread::scope(|scope| {
        let later: Vec<_> = rest
            .iter()
            .enumerate()
            .map(|(k, range)| {
                let range = range.clone();
                thread::Builder::new().spawn_scoped(scope, move || run(k + 1, range)).ok()
            })
            .collect();
        let first = run(0, first.clone());
        std::iter::once(first)
            .chain(later.into_iter().map(|handle| handle.and_then(|handle| handle.join().ok().flatten())))
            .collect()
    });
    results.into_iter().collect()
}

/// [`judge::Hooks`] on up to `threads` threads.
#[derive(Debug)]
pub struct Threads {
    rounds: Split,
    threads: usize,
}

impl Threads {
    /// Hooks using up to `threads` threads (1: everything on the calling thread).
    ///
    /// # Complexity
    /// `O(1)`: the `swiss` threads start at the first round large enough ([`Split`]).
    #[must_use]
    pub fn new(threads: usize) -> Self {
        Self { rounds: Split::new(threads), threads }
    }
}

impl<W: Write + ?Sized + Send> judge::Hooks<W> for Threads {
    type Rounds = Split;

    fn swiss_rounds(&mut self) -> &mut Split {
        &mut self.rounds
    }

    fn tavern_odds(
        &mut self,
        battle: &Battle,
        strategy: Strategy,
        scratch: &mut (impl Scratch + ?Sized),
    ) -> Result<Odds<'static>, OddsError> {
        openings::search(battle, strategy, self.threads, scratch)
    }
}
