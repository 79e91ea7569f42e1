//! The judge drivers behind one entry point: input bytes in, answer text out.

use core::fmt::Write;

use crate::error::Result;
use crate::scratch::Scratch;
use crate::tavern::Strategy;

/// The problems this crate solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Problem {
    /// Swiss-system standings (Codeforces Gym 102394 C).
    Swiss,
    /// Exact Tavern Chess battle odds (Codeforces Gym 104160 L).
    Tavern,
}

impl Problem {
    /// Every problem, in the order the help text lists them.
    pub const ALL: &'static [Problem] = &[Problem::Swiss, Problem::Tavern];

    /// The command-line name, e.g. `"swiss"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Swiss => "swiss",
            Self::Tavern => "tavern",
        }
    }

    /// One line saying what the problem answers.
    #[must_use]
    pub const fn summary(self) -> &'static str {
        match self {
            Self::Swiss => "Swiss-system standings after every round: MP, OMW, GW, OGW as exact fractions",
            Self::Tavern => "Tavern Chess battle: exact probabilities that Alice wins, Bob wins, or they tie",
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
            Self::Tavern => true,
        }
    }

    /// Whether the problem has search strategies to choose from (`--strategy`, `--table-kib`).
    #[must_use]
    pub const fn has_strategies(self) -> bool {
        matches!(self, Self::Tavern)
    }
}

/// Choices that change what a driver prints or how it searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub struct Options {
    /// Print exact fractions instead of rounded decimals (problems with an exact mode).
    pub exact: bool,
    /// How `tavern` caches states: the heap memo by default with the `alloc` feature, the
    /// fixed table without it.
    pub strategy: Strategy,
    /// Scratch words of the fixed strategy's transposition table (`tavern`); default
    /// [`crate::tavern::DEFAULT_TABLE_WORDS`] (143 KiB; 160 KiB of scratch with the
    /// rank table). Below
    /// [`crate::tavern::BUCKET_WORDS`] there is no table (a plain search).
    pub table_words: usize,
}

impl Default for Options {
    fn default() -> Self {
        Self { exact: false, strategy: Strategy::default(), table_words: crate::tavern::DEFAULT_TABLE_WORDS }
    }
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
    match problem {
        Problem::Swiss => crate::swiss::solve(input, scratch, out),
        Problem::Tavern => crate::tavern::solve(input, options, scratch, out),
    }
}
