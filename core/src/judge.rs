//! The judge drivers behind one entry point: input bytes in, answer text out.

use core::fmt::Write;

use crate::error::Result;
use crate::scratch::Scratch;

/// The problems this crate solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Problem {
    /// Swiss-system standings (Codeforces Gym 102394 C).
    Swiss,
}

impl Problem {
    /// Every problem, in the order the help text lists them.
    pub const ALL: &'static [Problem] = &[Problem::Swiss];

    /// The command-line name, e.g. `"swiss"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Swiss => "swiss",
        }
    }

    /// One line saying what the problem answers.
    #[must_use]
    pub const fn summary(self) -> &'static str {
        match self {
            Self::Swiss => "Swiss-system standings after every round: MP, OMW, GW, OGW as exact fractions",
        }
    }

    /// The problem called `name`, if any.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|p| p.name() == name)
    }

    /// Whether the problem has an `--exact` mode (fractions instead of rounded decimals).
    #[must_use]
    pub const fn has_exact_mode(self) -> bool {
        match self {
            Self::Swiss => false,
        }
    }
}

/// Choices that change what a driver prints or how it searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub struct Options {
    /// Print exact fractions instead of rounded decimals (problems with an exact mode).
    pub exact: bool,
}

/// Runs the judge driver of `problem` on `input`, writing the answer to `out`.
///
/// Drivers stream: a multi-part answer may be partly written before an error is found, so a
/// caller that must print nothing on error collects `out` first (as the `referee` binary does).
///
/// # Errors
/// The first problem found in the input (with its line and column), a capacity error when
/// `scratch` is too small for the input, or [`crate::ErrorKind::Write`] when `out` fails.
pub fn run<W: Write + ?Sized>(
    problem: Problem,
    input: &[u8],
    options: &Options,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    let _ = options;
    match problem {
        Problem::Swiss => crate::swiss::solve(input, scratch, out),
    }
}
