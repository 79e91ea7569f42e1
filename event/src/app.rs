//! One parsed command ([`crate::cli`]) run on bytes already read: what the binary and the page
//! both do once they have the command's input, so that they answer alike, messages and exit
//! statuses included. Reading (the disk, stdin, a stream; the page's files in memory) is
//! theirs.

use core::fmt::Write as _;

use referee_core::battle::{self, Limits};
use referee_core::judge::{self, ExitStatus, Problem};
use referee_core::HeapScratch;

use crate::cli::{Invocation, PairInvocation, StandingsInvocation};
use crate::event::cli::{EventInvocation, EVENT};
use crate::event::store::{execute, Store};
use crate::{pair, standings};

/// What a command wrote, and its exit status.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    /// The exit status (the table of `docs/cli.md`).
    pub status: u8,
    /// What it wrote on stdout (nothing when it failed).
    pub stdout: Vec<u8>,
    /// What it wrote on stderr: `error: ...` lines, or notes.
    pub stderr: String,
}

impl Output {
    /// An answer (status 0) with `notes` on stderr (nothing, or lines).
    fn answer(stdout: impl Into<Vec<u8>>, notes: &str) -> Self {
        let stderr = if notes.is_empty() { String::new() } else { format!("{}\n", notes.trim_end()) };
        Self { status: ExitStatus::Answer.code(), stdout: stdout.into(), stderr }
    }

    /// A failure: `error: {message}` and `status`.
    ///
    /// # Complexity
    /// `O(len(message))`.
    #[must_use]
    pub fn error(message: &str, status: u8) -> Self {
        Self { status, stdout: Vec::new(), stderr: format!("error: {message}\n") }
    }
}

/// A command line that does not parse: the message and where to find help (status 2).
///
/// # Complexity
/// `O(len(message))`.
#[must_use]
pub fn usage_error(args: &[String], message: &str) -> Output {
    let help = if args.first().is_some_and(|a| a == EVENT) { "referee event --help" } else { "referee --help" };
    Output {
        status: ExitStatus::Usage.code(),
        stdout: Vec::new(),
        stderr: format!("error: {message}\nTry '{help}' for more information.\n"),
    }
}

/// `referee standings` on a whole results file.
///
/// # Complexity
/// That of [`standings::run_with_notes`].
#[must_use]
pub fn standings(invocation: &StandingsInvocation, input: &[u8]) -> Output {
    match standings::run_with_notes(input, &invocation.options) {
        Ok((answer, notes)) => Output::answer(answer, &notes),
        Err(failure) => failure_output(failure),
    }
}

/// `referee pair` on a whole results file (or list of players), with `--explain`'s line on
/// stderr.
///
/// # Complexity
/// That of [`pair::run`].
#[must_use]
pub fn pair(invocation: &PairInvocation, input: &[u8]) -> Output {
    match pair::run(input, &invocation.options) {
        Ok(answer) => {
            let explain = if invocation.explain { answer.explain() } else { String::new() };
            Output::answer(answer.rows, &explain)
        }
        Err(failure) => failure_output(failure),
    }
}

/// `referee event` against `store`, the notes of the command (a correction of an earlier
/// round, a "did you mean") on stderr.
///
/// # Complexity
/// That of [`execute`].
pub fn event(invocation: &EventInvocation, store: &mut dyn Store) -> Output {
    match execute(invocation, store) {
        Ok((stdout, notes)) => Output::answer(stdout, &notes),
        Err(failure) => Output::error(&failure.message, failure.status),
    }
}

/// A judge problem on its whole input, in memory: `--needs` for `battle --rules tavern`, the
/// game rules within `game_limits` (the text or JSON board, the text, JSON or table answer;
/// their turns in progress recurse on the machine stack: the caller sizes both), the tavern
/// rules through `battle::text::solve`, every other problem through [`contest`]. The game rules: with a `clock` (microseconds), searched
/// within `--time` ([`battle_timed`]: exact, or certified bounds), `progress` told where the
/// search is every 1 024 states ([`Searching`]); without one, exactly ([`crate::battle::run`]:
/// however long it takes, a capacity refusal beyond the limits).
///
/// # Complexity
/// That of the problem's solver.
pub fn judge(
    invocation: &Invocation,
    input: &[u8],
    game_limits: Limits,
    clock: Option<&dyn Fn() -> u64>,
    progress: &mut dyn FnMut(Searching),
) -> Output {
    let options = &invocation.options;
    let mut scratch = HeapScratch::default();
    let mut answer = String::new();
    let game = invocation.problem == Problem::Battle && !invocation.tavern_rules && !invocation.needs;
    let result = if invocation.needs {
        battle::text::solve_needs(input, options.battle, options.battle_limits, &mut scratch, &mut answer)
    } else if let (true, Some(clock)) = (game, clock) {
        return battle_timed(invocation, input, game_limits, clock, progress);
    } else if game {
        let (mode, format) = (invocation.battle_input, invocation.battle_format);
        return battle_output(crate::battle::run(
            input,
            mode,
            format,
            options.exact,
            options.battle,
            game_limits,
            &mut scratch,
        ));
    } else if let Some(output) = contest(invocation, input) {
        return output;
    } else {
        battle::text::solve(input, options.exact, options.battle, options.battle_limits, &mut scratch, &mut answer)
    };
    match result {
        Ok(()) => Output::answer(answer, ""),
        Err(error) => judge_error(&error),
    }
}

/// A contest problem (`swiss`, `tavern`, `greater`, `pathgame`) on its whole input, in
/// memory, through [`judge::run_contest`]; `None` for `battle` ([`judge()`] answers it), whose
/// search a program that calls only this function does not link (the page's contest module).
///
/// # Complexity
/// That of the problem's solver.
pub fn contest(invocation: &Invocation, input: &[u8]) -> Option<Output> {
    let mut answer = String::new();
    let result =
        judge::run_contest(invocation.problem, input, &invocation.options, &mut HeapScratch::default(), &mut answer)?;
    Some(match result {
        Ok(()) => Output::answer(answer, ""),
        Err(error) => judge_error(&error),
    })
}

/// `referee battle --time` under the game rules, on `clock` (microseconds from any origin,
/// never going back: the binary's, the page's): the exact search gets [`EXACT_SHARE_PERCENT`]
/// of `invocation`'s time, less when it fails fast (`battle::game::Searching::goes_on`: it
/// cannot finish in its share); the bounds get the rest, less a tenth (at most 250 ms) so
/// that the answer is written and the search's memory freed within the time: 15 to 25 ms for
/// the 200 to 260 MB of a late board's bounds on an Intel Xeon, but about 90 ms when that
/// shared machine ran two to three times slower (a twentieth, 75 ms, was then too little).
/// `progress` is told where the search is every 1 024 states ([`Searching`]).
///
/// # Complexity
/// That of [`crate::battle::run_within`], within the time (and the clock's reading every
/// 1 024 states).
pub fn battle_timed(
    invocation: &Invocation,
    input: &[u8],
    game_limits: Limits,
    clock: &dyn Fn() -> u64,
    progress: &mut dyn FnMut(Searching),
) -> Output {
    let began = clock();
    let elapsed = || clock().saturating_sub(began);
    let time = invocation.time_ms.saturating_mul(1000);
    let exact_share = time / 100 * u64::from(EXACT_SHARE_PERCENT);
    let bounds_end = time - (time / 10).min(250_000);
    // One reporter for both searches (one after the other).
    let progress = core::cell::RefCell::new(progress);
    let mut scratch = HeapScratch::default();
    battle_output(crate::battle::run_within(
        input,
        invocation.battle_input,
        invocation.battle_format,
        invocation.options.exact,
        invocation.options.battle,
        game_limits,
        &mut scratch,
        &mut |searching| {
            (progress.borrow_mut())(Searching::Exact(searching));
            searching.goes_on(elapsed(), exact_share)
        },
        &mut |bounds| {
            (progress.borrow_mut())(Searching::Bounds(bounds));
            elapsed() < bounds_end
        },
    ))
}

/// The output of a game-rules battle: its answer, or its refusal with the exit status.
fn battle_output(result: Result<String, crate::battle::Failure>) -> Output {
    match result {
        Ok(text) => Output::answer(text, ""),
        Err(failure) => Output::error(&failure.message, failure.status.code()),
    }
}

/// Where a game-rules search within a time ([`battle_timed`]) is: what the binary's
/// progress line and the page's progress tell (`Display`: `searching exactly (N states,
/// about M ahead)`, the estimate of [`battle::game::Searching::ahead`], then `bounds of width 0.DDDDDD (round R, N states)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Searching {
    /// The exact search: the states it expanded so far, and how far it has come.
    Exact(battle::game::Searching),
    /// The certified bounds so far (the exact search gave up).
    Bounds(battle::game::Progress),
}

impl Searching {
    /// The states expanded so far by the search in progress.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn states(&self) -> u64 {
        match self {
            Self::Exact(searching) => searching.states,
            Self::Bounds(progress) => progress.steps,
        }
    }
}

impl core::fmt::Display for Searching {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Exact(searching) => match searching.ahead() {
                Some(ahead) => write!(f, "searching exactly ({} states, about {ahead} ahead)", searching.states),
                None => write!(f, "searching exactly ({} states)", searching.states),
            },
            Self::Bounds(p) => {
                let width = millionths(p.unsettled, true);
                write!(
                    f,
                    "bounds of width {}.{:06} (round {}, {} states)",
                    width / 1_000_000,
                    width % 1_000_000,
                    p.round,
                    p.steps
                )
            }
        }
    }
}

/// A mass over [`battle::game::BOUND_ONE`] in millionths, rounded up (`up`: an upper bound
/// or a width stays certified) or down (a lower bound).
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub fn millionths(mass: u128, up: bool) -> u64 {
    // 2^120 is one: 2^60 twice, so that a million times the mass does not overflow.
    let halve = |n: u128| if up { n.div_ceil(1 << 60) } else { n >> 60 };
    u64::try_from(halve(halve(mass.min(battle::game::BOUND_ONE)) * 1_000_000)).unwrap_or(1_000_000)
}

/// The share of a game-rules budget (`battle --time`) the exact search gets before the bounds
/// take over, in percent: a board it cannot finish in it gets the rest for its bounds, which
/// end a tenth before the budget's end ([`battle_timed`]): 88 % leaves them at least 2 %.
pub const EXACT_SHARE_PERCENT: u32 = 88;

/// A judge driver's error: `error: LINE:COLUMN: ...` and its exit status.
///
/// # Complexity
/// `O(1)` besides the message.
#[must_use]
pub fn judge_error(error: &judge::Error) -> Output {
    let mut message = String::new();
    let _ = write!(message, "{error}");
    Output::error(&message, error.exit_status().code())
}

/// Why a results file gave no answer, with its exit status.
fn failure_output(failure: standings::Failure) -> Output {
    match failure {
        standings::Failure::Refused(refusal) => {
            let status = if refusal.capacity { ExitStatus::Capacity } else { ExitStatus::InvalidInput };
            Output::error(&format!("{}:{}: {}", refusal.line, refusal.field, refusal.message), status.code())
        }
        standings::Failure::Capacity(message) => Output::error(&message, ExitStatus::Capacity.code()),
        standings::Failure::Usage(message) => Output::error(&message, ExitStatus::Usage.code()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use referee_core::battle::game::{Progress, BOUND_ONE};

    #[test]
    fn the_progress_line_tells_the_states_then_the_certified_width() {
        let exact = battle::game::Searching { states: 3072, walked: 0 };
        assert_eq!(Searching::Exact(exact).to_string(), "searching exactly (3072 states)");
        let half = battle::game::Searching { walked: battle::game::WALKED_ONE / 2, ..exact };
        assert_eq!(Searching::Exact(half).to_string(), "searching exactly (3072 states, about 3072 ahead)");
        let p =
            Progress { round: 3, steps: 5120, unsettled: BOUND_ONE / 8, outcomes: [BOUND_ONE / 2, BOUND_ONE / 4, 1] };
        assert_eq!(Searching::Bounds(p).to_string(), "bounds of width 0.125000 (round 3, 5120 states)");
        assert_eq!(Searching::Bounds(p).states(), 5120);
        let all = Progress { unsettled: BOUND_ONE, ..p };
        assert_eq!(Searching::Bounds(all).to_string(), "bounds of width 1.000000 (round 3, 5120 states)");
    }

    #[test]
    fn millionths_round_outward() {
        assert_eq!((millionths(BOUND_ONE, false), millionths(BOUND_ONE, true)), (1_000_000, 1_000_000));
        assert_eq!((millionths(0, false), millionths(0, true)), (0, 0));
        // A third: 333 333.3 millionths.
        assert_eq!((millionths(BOUND_ONE / 3, false), millionths(BOUND_ONE / 3, true)), (333_333, 333_334));
        assert_eq!((millionths(1, false), millionths(1, true)), (0, 1));
        assert_eq!(millionths(u128::MAX, true), 1_000_000);
    }
}
