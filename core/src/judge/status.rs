//! The exit statuses of every driver, host and firmware alike: one table.

use crate::text::{Error, ErrorKind};

/// How a run ended, as the process exit status of `referee` and the semihosting exit code of
/// the firmware. The table of `docs/cli.md` ("Exit statuses") is this one.
///
/// | status | code | meaning |
/// |---|---|---|
/// | [`Answer`](Self::Answer) | 0 | the whole answer was written (or every self-check case passed) |
/// | [`InvalidInput`](Self::InvalidInput) | 1 | the input breaks the format or the rules: `error: line:column: message`, nothing on stdout |
/// | [`Usage`](Self::Usage) | 2 | a bad command line, or a file that cannot be read or written |
/// | [`Capacity`](Self::Capacity) | 3 | a valid input (as far as read) beyond this build's memory or limits: the capacity error, nothing on stdout |
/// | [`SelfCheckFailed`](Self::SelfCheckFailed) | 4 | firmware: a self-check case failed |
/// | [`StackOverflow`](Self::StackOverflow) | 5 | firmware: the stack used all of its region |
/// | [`Panic`](Self::Panic) | 101 | a broken internal invariant (never expected from any input) |
/// | [`HardFault`](Self::HardFault) | 102 | firmware: a HardFault (Cortex-M), an exception (RISC-V) |
/// | [`UnexpectedException`](Self::UnexpectedException) | 103 | firmware: an exception it never enables |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum ExitStatus {
    /// The answer is complete.
    Answer,
    /// The input was refused with a positioned error.
    InvalidInput,
    /// A usage or I/O failure.
    Usage,
    /// The input does not fit this build's memory.
    Capacity,
    /// At least one firmware self-check case failed.
    SelfCheckFailed,
    /// The firmware's stack overflowed its region.
    StackOverflow,
    /// A panic.
    Panic,
    /// A HardFault (Cortex-M firmware) or an exception (RISC-V firmware).
    HardFault,
    /// Any other exception or interrupt (firmware).
    UnexpectedException,
}

impl ExitStatus {
    /// Every status, in the order of the table.
    pub const ALL: [Self; 9] = [
        Self::Answer,
        Self::InvalidInput,
        Self::Usage,
        Self::Capacity,
        Self::SelfCheckFailed,
        Self::StackOverflow,
        Self::Panic,
        Self::HardFault,
        Self::UnexpectedException,
    ];

    /// The numeric exit status.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn code(self) -> u8 {
        match self {
            Self::Answer => 0,
            Self::InvalidInput => 1,
            Self::Usage => 2,
            Self::Capacity => 3,
            Self::SelfCheckFailed => 4,
            Self::StackOverflow => 5,
            Self::Panic => 101,
            Self::HardFault => 102,
            Self::UnexpectedException => 103,
        }
    }

    /// The status with numeric code `code`, if any.
    ///
    /// # Complexity
    /// `O(1)` (a scan of the nine statuses).
    #[must_use]
    pub fn from_code(code: u8) -> Option<Self> {
        Self::ALL.into_iter().find(|status| status.code() == code)
    }
}

impl Error {
    /// The exit status a driver ends with for this error: [`ExitStatus::Capacity`] for
    /// [`ErrorKind::Capacity`], [`ExitStatus::Usage`] for a failed write of the answer or read
    /// of the input, else
    /// [`ExitStatus::InvalidInput`].
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn exit_status(&self) -> ExitStatus {
        match self.kind {
            ErrorKind::Capacity { .. } | ErrorKind::Limit { .. } => ExitStatus::Capacity,
            ErrorKind::Write | ErrorKind::Read => ExitStatus::Usage,
            _ => ExitStatus::InvalidInput,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_and_round_trip() {
        for status in ExitStatus::ALL {
            assert_eq!(ExitStatus::from_code(status.code()), Some(status));
        }
        assert_eq!(ExitStatus::from_code(6), None);
    }
}
