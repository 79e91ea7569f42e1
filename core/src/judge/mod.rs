//! The judge drivers behind one entry point: input bytes in, answer text out.
//!
//! This dispatcher knows every problem's text adapter (`<problem>::text`); no problem knows
//! it. Drivers (the `referee` binary, the firmware's judge mode) call [`run`] (the input in
//! memory), [`run_read`] (a stream, through a small window; [`run_read_with`] with [`Hooks`]
//! for the work a caller does its own way, on threads say) or [`run_streaming`] (a board at
//! offsets of a file) and map the outcome to an [`ExitStatus`].

mod status;

use core::fmt::Write;

pub use crate::text::{Error, ErrorKind, Position, Result};
pub use status::ExitStatus;

use crate::scratch::Scratch;
use crate::swiss::text::RoundWriter;
use crate::tavern::{Battle, Odds, OddsError};
use crate::text::{Read, ReadAt, Scanner};

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
    /// Exact odds of an auto-battler fight with attack, health and keywords (this project's).
    Battle,
}

impl Problem {
    /// Every problem, in the order the help text lists them.
    pub const ALL: &'static [Problem] =
        &[Problem::Swiss, Problem::Tavern, Problem::Greater, Problem::Pathgame, Problem::Battle];

    /// The command-line name, e.g. `"swiss"`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Swiss => "swiss",
            Self::Tavern => "tavern",
            Self::Greater => "greater",
            Self::Pathgame => "pathgame",
            Self::Battle => "battle",
        }
    }

    /// One line saying what the problem answers.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn summary(self) -> &'static str {
        match self {
            Self::Swiss => "Swiss-system standings after every round: MP, OMW, GW, OGW as exact fractions",
            Self::Tavern => "Tavern Chess battle: exact probabilities that Alice wins, Bob wins, or they tie",
            Self::Greater => "Best expected score in the GreaterGame card duel, exact (--exact: a fraction)",
            Self::Pathgame => "Who wins the 2xN path-blocking game (Snuke or Sothe), any width, one pass",
            Self::Battle => "Battlegrounds-style fight with keywords: exact probabilities of win, loss, tie",
        }
    }

    /// The problem called `name`, if any.
    ///
    /// # Complexity
    /// `O(P)` for the `P` problems.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|p| p.name() == name)
    }

    /// Whether the problem has an `--exact` mode (fractions instead of rounded decimals).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn has_exact_mode(self) -> bool {
        match self {
            Self::Swiss | Self::Pathgame => false,
            Self::Tavern | Self::Greater | Self::Battle => true,
        }
    }

    /// Whether the problem has search strategies to choose from (`--strategy`, `--table-kib`).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn has_strategies(self) -> bool {
        matches!(self, Self::Tavern | Self::Battle)
    }
}

/// Choices that change what a driver prints or how it searches; each problem's own
/// configuration is its own type. The default is the same with and without any feature.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub struct Options {
    /// Print exact fractions instead of rounded decimals (problems with an exact mode).
    pub exact: bool,
    /// How `tavern` caches states (default: the fixed table, as on the firmware).
    pub tavern: crate::tavern::Strategy,
    /// How `battle` caches states (default: the fixed table, as on the firmware).
    pub battle: crate::battle::Strategy,
    /// How far `battle` may search (default: [`crate::battle::Limits::DEFAULT`]).
    pub battle_limits: crate::battle::Limits,
}

impl Options {
    /// The default options with exact mode set to `exact`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn exact(exact: bool) -> Self {
        Self { exact, ..Self::default() }
    }

    /// These options with `strategy` for `tavern`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn with_tavern(self, strategy: crate::tavern::Strategy) -> Self {
        Self { tavern: strategy, ..self }
    }

    /// These options with `strategy` for `battle`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn with_battle(self, strategy: crate::battle::Strategy) -> Self {
        Self { battle: strategy, ..self }
    }

    /// These options with `limits` for `battle`'s search.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn with_battle_limits(self, limits: crate::battle::Limits) -> Self {
        Self { battle_limits: limits, ..self }
    }
}

/// Runs the judge driver of `problem` on `input`, writing the answer to `out`.
///
/// Drivers stream: a multi-part answer may be partly written before an error is found, so a
/// caller that must print nothing on error collects `out` first (as the `referee` binary does).
///
/// ```
/// use referee_core::judge::{self, Options, Problem};
///
/// let input = b"1\n2 1\n1\n1 2 2 0 0\n";
/// let mut scratch = [0u32; 64];
/// let mut out = String::new();
/// judge::run(Problem::Swiss, input, &Options::default(), &mut scratch[..], &mut out)?;
/// assert_eq!(out, "Round 1\n3 1/3 1/1 1/3\n0 1/1 1/3 1/1\n");
/// # Ok::<(), judge::Error>(())
/// ```
///
/// # Errors
/// The first problem found in the input (with its line and column), a capacity error when
/// `scratch` is too small for the input, or [`ErrorKind::Write`] when `out` fails;
/// [`Error::exit_status`] tells which.
///
/// # Complexity
/// That of the problem's solver (see its module), plus one pass over the input.
pub fn run<W: Write + ?Sized>(
    problem: Problem,
    input: &[u8],
    options: &Options,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    match run_contest(problem, input, options, scratch, out) {
        Some(result) => result,
        None => crate::battle::text::solve(input, options.exact, options.battle, options.battle_limits, scratch, out),
    }
}

/// As [`run`] for the four contest problems (`swiss`, `tavern`, `greater`, `pathgame`);
/// `None` for `battle`, whose solver a program that calls only this function does not link
/// (the page's module of the contest problems leaves the battle search out).
///
/// # Errors
/// As [`run`], inside the `Some`.
///
/// # Complexity
/// As [`run`].
pub fn run_contest<W: Write + ?Sized>(
    problem: Problem,
    input: &[u8],
    options: &Options,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Option<Result<()>> {
    Some(match problem {
        Problem::Swiss => crate::swiss::text::solve(input, scratch, out),
        Problem::Tavern => crate::tavern::text::solve(input, options.exact, options.tavern, scratch, out),
        Problem::Greater => crate::greater::text::solve(input, options.exact, scratch, out),
        Problem::Pathgame => crate::pathgame::text::solve(input, scratch, out),
        Problem::Battle => return None,
    })
}

/// Runs the judge driver of `problem` on the stream `source`, read front to back through
/// `window` (at least [`crate::text::MIN_WINDOW`] bytes; 64 KiB reads a large input in few
/// reads), writing the answer to `out`: the same answers and errors as [`run`] on the same
/// bytes, with memory bounded by what the problem holds (its scratch) instead of the input.
/// Reading stops at the first byte that makes the input invalid, so an endless input that goes
/// wrong is refused there; only an input that stays valid is read to its end.
///
/// ```
/// use referee_core::judge::{self, Options, Problem};
///
/// let mut input: &[u8] = b"2 1\n1 1\n1\n1"; // one number too many for tavern
/// let (mut window, mut scratch) = ([0u8; 16], [0u32; 0]);
/// let mut out = String::new();
/// let error = judge::run_read(Problem::Tavern, &mut input, &Options::default(), &mut window, &mut scratch[..], &mut out);
/// assert_eq!(error.unwrap_err().to_string(), "4:1: expected end of input, found '1'");
/// ```
///
/// # Errors
/// As [`run`]; [`ErrorKind::Read`] (exit status [`ExitStatus::Usage`]) when a read of `source`
/// fails, whatever the bytes before it were.
///
/// # Complexity
/// As [`run`]; `window` is the only buffer of input.
pub fn run_read<R: Read + ?Sized, W: Write + ?Sized>(
    problem: Problem,
    source: &mut R,
    options: &Options,
    window: &mut [u8],
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    // No round writer in this frame: `swiss::text::solve_from` keeps its own, so the other
    // problems' deepest stack (the firmware's) does not hold its line buffer.
    read_with::<_, _, crate::swiss::text::InOrder>(problem, source, options, window, scratch, None, out)
}

/// As [`run_read`], with the work `hooks` takes over done its way: a `swiss` input's standings
/// written round by round by [`Hooks::swiss_rounds`] and a `tavern` battle searched by
/// [`Hooks::tavern_odds`] (the `referee` binary does both on threads). The text read and
/// written, and the errors, are [`run_read`]'s whenever the hooks give what their docs ask.
///
/// # Errors
/// As [`run_read`].
///
/// # Complexity
/// As [`run_read`], with the hooks' work in place of the driver's.
pub fn run_read_with<R: Read + ?Sized, W: Write + ?Sized>(
    problem: Problem,
    source: &mut R,
    options: &Options,
    window: &mut [u8],
    scratch: &mut (impl Scratch + ?Sized),
    hooks: &mut (impl Hooks<W> + ?Sized),
    out: &mut W,
) -> Result<()> {
    read_with(problem, source, options, window, scratch, Some(hooks), out)
}

/// The parts of a judge driver's work that a caller of [`run_read_with`] may do its own way
/// (the `referee` binary does both on threads); [`InOrder`] does them as [`run_read`] does.
///
/// [`InOrder`]: crate::swiss::text::InOrder
pub trait Hooks<W: Write + ?Sized> {
    /// What writes a `swiss` input's rounds.
    type Rounds: RoundWriter<W> + ?Sized;

    /// The writer of a `swiss` input's rounds: it must write exactly
    /// [`crate::swiss::text::write_round`]'s text (see [`RoundWriter`]).
    ///
    /// # Complexity
    /// `O(1)` expected: the driver asks for it once per input.
    fn swiss_rounds(&mut self) -> &mut Self::Rounds;

    /// The odds of a `tavern` battle searched with `strategy`: exactly
    /// [`crate::tavern::odds`]'s, which the default computes in `scratch`.
    ///
    /// # Errors
    /// The search's ([`crate::tavern::OddsError`]), reported at the start of the input.
    ///
    /// # Complexity
    /// As [`crate::tavern::odds`].
    fn tavern_odds(
        &mut self,
        battle: &Battle,
        strategy: crate::tavern::Strategy,
        scratch: &mut (impl Scratch + ?Sized),
    ) -> core::result::Result<Odds<'static>, OddsError> {
        crate::tavern::odds(battle, strategy, scratch)
    }
}

/// [`run_read`]'s ways: every round written in order, every battle searched on the calling
/// thread.
impl<W: Write + ?Sized> Hooks<W> for crate::swiss::text::InOrder {
    type Rounds = Self;

    fn swiss_rounds(&mut self) -> &mut Self {
        self
    }
}

/// [`run_read`] (`hooks` of `None`: `swiss` keeps its own round writer) and [`run_read_with`].
fn read_with<R: Read + ?Sized, W: Write + ?Sized, H: Hooks<W> + ?Sized>(
    problem: Problem,
    source: &mut R,
    options: &Options,
    window: &mut [u8],
    scratch: &mut (impl Scratch + ?Sized),
    hooks: Option<&mut H>,
    out: &mut W,
) -> Result<()> {
    let mut scanner = Scanner::stream(source, window);
    let scanner = &mut scanner;
    let result = match (problem, hooks) {
        (Problem::Swiss, Some(hooks)) => {
            crate::swiss::text::solve_from_with(scanner, scratch, hooks.swiss_rounds(), out)
        }
        (Problem::Swiss, None) => crate::swiss::text::solve_from(scanner, scratch, out),
        (Problem::Tavern, Some(hooks)) => crate::tavern::text::solve_from_with(
            scanner,
            options.exact,
            |battle| hooks.tavern_odds(battle, options.tavern, scratch),
            out,
        ),
        (Problem::Tavern, None) => {
            crate::tavern::text::solve_from(scanner, options.exact, options.tavern, scratch, out)
        }
        (Problem::Greater, _) => crate::greater::text::solve_from(scanner, options.exact, scratch, out),
        (Problem::Pathgame, _) => crate::pathgame::text::solve_from(scanner, scratch, out),
        (Problem::Battle, _) => {
            crate::battle::text::solve_from(scanner, options.exact, options.battle, options.battle_limits, scratch, out)
        }
    };
    if scanner.read_failed() {
        return Err(scanner.error(ErrorKind::Read));
    }
    result
}

/// Answers `problem` from `source`, read in pieces through `buffer`, without holding the whole
/// input, when the problem and this input allow it: today a valid `pathgame` board in plain
/// notation (two cursors, one per row, each using half of `buffer`).
///
/// Returns `None` when it cannot (another problem, another notation, invalid input, a failed
/// read): the caller then reads the input front to back with [`run_read`] (or whole with
/// [`run`]), which gives the answer or the positioned error. `Some(Err(_))` is only a failed write to `out`.
///
/// # Complexity
/// `O(N)` time; no memory besides `buffer`.
pub fn run_streaming<R: ReadAt + ?Sized, W: Write + ?Sized>(
    problem: Problem,
    source: &mut R,
    options: &Options,
    buffer: &mut [u8],
    out: &mut W,
) -> Option<Result<()>> {
    let _ = options;
    match problem {
        Problem::Pathgame => crate::pathgame::text::solve_at(source, buffer, out),
        Problem::Swiss | Problem::Tavern | Problem::Greater | Problem::Battle => None,
    }
}
