//! The judge drivers behind one entry point: input bytes in, answer text out.

use core::fmt::Write;

use crate::error::Result;
use crate::scratch::Scratch;
use crate::source::ReadAt;
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
    /// Snuke's best expected score in GreaterGame (TopCoder SRM 637 Div 1 250).
    Greater,
    /// Who wins the 2×N path-blocking game (TopCoder SRM 637 Div 1 500).
    Pathgame,
}

impl Problem {
    /// Every problem, in the order the help text lists them.
    pub const ALL: &'static [Problem] = &[Problem::Swiss, Problem::Tavern, Problem::Greater, Problem::Pathgame];

    /// The command-line name, e.g. `"swiss"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Swiss => "swiss",
            Self::Tavern => "tavern",
            Self::Greater => "greater",
            Self::Pathgame => "pathgame",
        }
    }

    /// One line saying what the problem answers.
    #[must_use]
    pub const fn summary(self) -> &'static str {
        match self {
            Self::Swiss => "Swiss-system standings after every round: MP, OMW, GW, OGW as exact fractions",
            Self::Tavern => "Tavern Chess battle: exact probabilities that Alice wins, Bob wins, or they tie",
            Self::Greater => "Best expected score in the GreaterGame card duel, exact (--exact: a fraction)",
            Self::Pathgame => "Who wins the 2xN path-blocking game (Snuke or Sothe), any width, one pass",
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
            Self::Swiss | Self::Pathgame => false,
            Self::Tavern | Self::Greater => true,
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
        Problem::Greater => crate::greater::solve(input, options, scratch, out),
        Problem::Pathgame => crate::pathgame::solve(input, out),
    }
}

/// Answers `problem` from `source`, read in pieces through `buffer`, without holding the whole
/// input, when the problem and this input allow it: today a valid `pathgame` board in plain
/// notation (two cursors, one per row, each using half of `buffer`).
///
/// Returns `None` when it cannot (another problem, another notation, invalid input, a failed
/// read): the caller then reads the whole input and calls [`run`], which gives the answer or
/// the positioned error. `Some(Err(_))` is only a failed write to `out`.
pub fn run_streaming<R: ReadAt + ?Sized, W: Write + ?Sized>(
    problem: Problem,
    source: &mut R,
    options: &Options,
    buffer: &mut [u8],
    out: &mut W,
) -> Option<Result<()>> {
    let _ = options;
    match problem {
        Problem::Pathgame => crate::pathgame::solve_at(source, buffer, out),
        Problem::Swiss | Problem::Tavern | Problem::Greater => None,
    }
}
