//! The judge mode's command line, as QEMU passes it with `-append`.
//!
//! ```text
//! referee-judge PROBLEM [--exact] INPUT ANSWER ERROR
//! referee-judge --crash panic|fault
//! ```
//! `INPUT` is the host file read as the judge input, `ANSWER` the host file the answer is
//! written to, `ERROR` the host file that receives `error: <line>:<column>: <message>` when the
//! input is refused. Paths with spaces go in double quotes. `--crash` exists for the tests: it
//! proves that a panic or a HardFault ends the run with a failure status instead of a hang.

use referee_core::judge::{Options, Problem};

/// What the judge mode was asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command<'a> {
    /// Run one judge input.
    Judge(Judge<'a>),
    /// End the run through the crash path of `Crash`.
    Crash(Crash),
}

/// One judge run: the problem, its options and the three host files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judge<'a> {
    /// The problem.
    pub problem: Problem,
    /// Options of its driver.
    pub options: Options,
    /// The host file holding the input.
    pub input: &'a str,
    /// The host file that receives the answer.
    pub answer: &'a str,
    /// The host file that receives the refusal.
    pub error: &'a str,
}

/// A deliberate crash, to test that it ends the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crash {
    /// `panic!`.
    Panic,
    /// A HardFault (an undefined instruction).
    Fault,
}

/// The usage line, shown with every usage error.
pub const USAGE: &str = "usage: referee-judge PROBLEM [--exact] INPUT ANSWER ERROR | referee-judge --crash panic|fault";

/// The judge options of this firmware before any flag: the defaults, with the searches sized
/// to the board's judge scratch ([`options_for`] of [`crate::budget::JUDGE_SCRATCH_WORDS`]).
#[must_use]
pub fn firmware_options() -> Options {
    options_for(crate::budget::JUDGE_SCRATCH_WORDS)
}

/// The judge options for a solver scratch of `scratch_words`, so that every search fits it:
///
/// - `tavern`: its rank table and, in the words left, a transposition table of at most
///   [`referee_core::tavern::DEFAULT_TABLE_WORDS`] (none when nothing is left);
/// - `battle`: a transposition table of at most two thirds of the words (at most the default
///   table), and as many turns in progress as the rest holds, in frames of
///   [`referee_core::battle::FRAME_WORDS`] (the same depth the host counts); at most
///   [`crate::budget::BATTLE_STEPS`] turns expanded.
///
/// On the `mps2-an386` (55 296 words) that is both default tables and 498 turns in progress.
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub fn options_for(scratch_words: usize) -> Options {
    use referee_core::{battle, tavern};
    let tavern_table = scratch_words.saturating_sub(tavern::RANK_TABLE_WORDS).min(tavern::DEFAULT_TABLE_WORDS);
    let battle_table = (scratch_words / 3 * 2).min(battle::DEFAULT_TABLE_WORDS);
    // The same depth on every target: the frames the rest of the scratch holds.
    let frames = (scratch_words - battle_table) / battle::FRAME_WORDS;
    let limits =
        battle::Limits { depth: u32::try_from(frames).unwrap_or(u32::MAX), steps: crate::budget::BATTLE_STEPS };
    Options::default()
        .with_tavern(tavern::Strategy::Fixed { table_words: tavern_table })
        .with_battle(battle::Strategy::Fixed { table_words: battle_table })
        .with_battle_limits(limits)
}

/// Parses the arguments after the program name.
///
/// # Errors
/// A short message for an unknown problem or option, `--exact` for a problem without an exact
/// mode, or a wrong number of paths.
pub fn parse<'a>(args: impl IntoIterator<Item = &'a str>) -> Result<Command<'a>, &'static str> {
    let mut args = args.into_iter();
    let first = args.next().ok_or("missing PROBLEM")?;
    if first == "--crash" {
        return match (args.next(), args.next()) {
            (Some("panic"), None) => Ok(Command::Crash(Crash::Panic)),
            (Some("fault"), None) => Ok(Command::Crash(Crash::Fault)),
            _ => Err("--crash takes one of: panic, fault"),
        };
    }
    let problem = Problem::from_name(first).ok_or("unknown problem")?;
    let mut options = firmware_options();
    let mut paths: [&str; 3] = [""; 3];
    let mut count = 0;
    for arg in args {
        if arg == "--exact" {
            if !problem.has_exact_mode() {
                return Err("--exact: this problem has no exact mode");
            }
            options.exact = true;
        } else if arg.starts_with("--") {
            return Err("unknown option");
        } else {
            *paths.get_mut(count).ok_or("too many paths: expected INPUT ANSWER ERROR")? = arg;
            count += 1;
        }
    }
    if count < paths.len() {
        return Err("missing paths: expected INPUT ANSWER ERROR");
    }
    let [input, answer, error] = paths;
    Ok(Command::Judge(Judge { problem, options, input, answer, error }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_judge_run() {
        let parsed = parse(["swiss", "in", "out", "err"]);
        let Ok(Command::Judge(judge)) = parsed else { panic!("{parsed:?}") };
        assert_eq!((judge.problem, judge.input, judge.answer, judge.error), (Problem::Swiss, "in", "out", "err"));
        assert!(!judge.options.exact);
    }

    #[test]
    fn parses_crashes() {
        assert_eq!(parse(["--crash", "panic"]), Ok(Command::Crash(Crash::Panic)));
        assert_eq!(parse(["--crash", "fault"]), Ok(Command::Crash(Crash::Fault)));
        assert!(parse(["--crash"]).is_err());
        assert!(parse(["--crash", "fault", "x"]).is_err());
    }

    #[test]
    fn refuses_bad_command_lines() {
        assert!(parse([]).is_err());
        assert!(parse(["chess", "a", "b", "c"]).is_err());
        assert!(parse(["swiss", "a", "b"]).is_err());
        assert!(parse(["swiss", "a", "b", "c", "d"]).is_err());
        assert!(parse(["swiss", "--fast", "a", "b", "c"]).is_err());
    }

    #[test]
    fn every_search_fits_the_scratch_it_is_sized_for() {
        use referee_core::{battle, tavern};
        for words in [0, 100, 1_664, 10_752, 55_296, 1 << 20] {
            let options = options_for(words);
            let needed = tavern::words_needed(options.tavern).unwrap();
            assert!(needed <= words.max(tavern::RANK_TABLE_WORDS), "tavern {words}: {needed}");
            let needed = battle::words_needed(options.battle, options.battle_limits).unwrap();
            assert!(needed <= words.max(battle::ANSWER_WORDS), "battle {words}: {needed}");
        }
        let largest = options_for(55_296);
        assert_eq!(largest.tavern, tavern::Strategy::default());
        assert_eq!(largest.battle, battle::Strategy::default());
        // 498 frames in scratch, on every target (a 64-bit host keeps some on its machine
        // stack, which only makes it faster).
        assert_eq!(largest.battle_limits.depth, 498);
    }

    #[test]
    fn exact_only_where_the_problem_has_it() {
        for &problem in Problem::ALL {
            let parsed = parse([problem.name(), "--exact", "a", "b", "c"]);
            match parsed {
                Ok(Command::Judge(judge)) => assert!(problem.has_exact_mode() && judge.options.exact),
                _ => assert!(!problem.has_exact_mode(), "{parsed:?}"),
            }
        }
    }
}
