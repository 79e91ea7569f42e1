//! The `referee` binary's [`judge::Hooks`]: the lines of a large `swiss` round
//! ([`crate::rounds`]) and the openings of an even `tavern` battle ([`crate::openings`]) on up
//! to `--threads` threads; the judge driver reads and writes the text as on one thread.

use std::fmt::Write;

use referee_core::judge;
use referee_core::scratch::Scratch;
use referee_core::tavern::{Battle, Odds, OddsError, Strategy};

use crate::openings;
use crate::rounds::Split;

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
    ) -> Result<Odds, OddsError> {
        openings::search(battle, strategy, self.threads, scratch)
    }
}
