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

/// `battle`'s turns in progress at most: the judge scratch left beside the default table,
/// 18 944 words, in frames of [`referee_core::battle::FRAME_WORDS`], and the hot frames on the
/// machine's stack (none on 32-bit targets): 498 on the firmware.
#[allow(clippy::cast_possible_truncation)] // it fits: the assertion below.
pub const BATTLE_DEPTH: u32 = BATTLE_FRAMES as u32;
/// [`BATTLE_DEPTH`] as it is computed.
const BATTLE_FRAMES: usize = (crate::budget::JUDGE_SCRATCH_WORDS - referee_core::battle::DEFAULT_TABLE_WORDS)
    / referee_core::battle::FRAME_WORDS
    + referee_core::battle::HOT_FRAMES;
const _: () = assert!(BATTLE_FRAMES > 400 && BATTLE_FRAMES < 1 << 16);

/// The judge options of this firmware before any flag: the defaults, with `battle`'s search
/// searched in the judge mode's scratch: its default table and, in the words left, as many
/// turns in progress as they hold ([`BATTLE_DEPTH`]), and at most
/// [`crate::budget::BATTLE_STEPS`] turns.
#[must_use]
pub fn firmware_options() -> Options {
    let limits = referee_core::battle::Limits { depth: BATTLE_DEPTH, steps: crate::budget::BATTLE_STEPS };
    Options::default().with_battle_limits(limits)
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
