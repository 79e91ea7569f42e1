//! The round clock of a Swiss event: which round is current and whether it is open. Shared by
//! [`Tournament`](super::Tournament) and [`Event`](crate::standings::Event), which both record
//! results between `start_round` and `finish_round`.

use super::RoundError;

/// Round `round` of at most `rounds`, open or finished (round 0: none started yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RoundClock {
    rounds: u32,
    round: u32,
    open: bool,
}

impl RoundClock {
    /// Before the first of at most `rounds` rounds.
    pub(crate) const fn new(rounds: u32) -> Self {
        Self { rounds, round: 0, open: false }
    }

    /// The current round (1-based; 0 before the first).
    pub(crate) const fn round(self) -> u32 {
        self.round
    }

    /// The most rounds.
    pub(crate) const fn rounds(self) -> u32 {
        self.rounds
    }

    /// The last finished round (0 before the first).
    pub(crate) const fn finished(self) -> u32 {
        self.round - self.open as u32
    }

    /// Whether a round is open.
    pub(crate) const fn is_open(self) -> bool {
        self.open
    }

    /// Opens the next round and returns its number.
    pub(crate) fn start(&mut self) -> Result<u32, RoundError> {
        if self.open {
            return Err(RoundError::AlreadyOpen);
        }
        if self.round >= self.rounds {
            return Err(RoundError::AllPlayed);
        }
        self.round += 1;
        self.open = true;
        Ok(self.round)
    }

    /// Closes the open round and returns its number.
    pub(crate) fn finish(&mut self) -> Result<u32, RoundError> {
        if !self.open {
            return Err(RoundError::NotOpen);
        }
        self.open = false;
        Ok(self.round)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_open_and_close_in_order() {
        let mut clock = RoundClock::new(2);
        assert_eq!((clock.round(), clock.is_open()), (0, false));
        assert_eq!(clock.finish(), Err(RoundError::NotOpen));
        assert_eq!(clock.start(), Ok(1));
        assert_eq!((clock.round(), clock.finished()), (1, 0));
        assert_eq!(clock.start(), Err(RoundError::AlreadyOpen));
        assert_eq!(clock.finish(), Ok(1));
        assert_eq!(clock.start(), Ok(2));
        assert_eq!(clock.finish(), Ok(2));
        assert_eq!(clock.start(), Err(RoundError::AllPlayed));
        assert_eq!((clock.round(), clock.rounds(), clock.is_open()), (2, 2, false));
    }
}
