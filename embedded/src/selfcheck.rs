//! The self-check: built-in judge cases run through [`judge::run`] and compared on the fly.
//!
//! The cases are files of the corpus the host tests use, `tests/data/`, selected by the
//! manifest `embedded/selfcheck-cases.txt` (to fit the flash): `<name>.in` with its expected
//! answer `<name>.out`, its `--exact` answer `<name>.exact`, or, under `invalid/`, its expected
//! refusal `<name>.err` (`error: <line>:<column>: <message>`, exactly as the host `referee`
//! prints it). build.rs turns them into [`CASES`]; a new problem needs nothing but its case
//! files and their lines in the manifest. The same check runs on the host in `cargo test` and
//! on the microcontroller in QEMU.

use core::fmt::{self, Write};

use referee_core::judge::{self, Error, Problem};

/// What a case must produce.
#[derive(Clone, Copy, Debug)]
pub enum Expected {
    /// This answer, byte for byte.
    Answer(&'static [u8]),
    /// This refusal line, byte for byte (`error: ` prefix and newline included).
    Refusal(&'static [u8]),
}

/// One built-in judge case.
#[derive(Clone, Copy, Debug)]
pub struct Case {
    /// The problem's command-line name (its folder under `tests/data/` or `tests/data/invalid/`).
    pub problem: &'static str,
    /// The case's file name without extension.
    pub name: &'static str,
    /// Whether the driver runs with `--exact`.
    pub exact: bool,
    /// The judge input.
    pub input: &'static [u8],
    /// What the driver must produce.
    pub expected: Expected,
}

include!(concat!(env!("OUT_DIR"), "/cases.rs"));

/// How a case went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(target_os = "none", derive(defmt::Format))]
pub enum Verdict {
    /// The driver produced exactly what was expected.
    Pass,
    /// The case's folder names no problem of `referee-core`.
    UnknownProblem,
    /// `--exact` for a problem without an exact mode.
    NoExactMode,
    /// The output (answer or refusal line) differs from the expected bytes from `offset` on.
    Differs {
        /// The first byte offset that differs (or where one of the two ends early).
        offset: usize,
    },
    /// An answer was expected but the driver refused the input.
    Refused(Error),
    /// A refusal was expected but the driver answered.
    Answered,
}

/// A [`Write`] sink that compares what is written with the expected bytes, storing nothing.
#[derive(Debug)]
pub struct Comparer {
    expected: &'static [u8],
    written: usize,
    first_difference: Option<usize>,
}

impl Comparer {
    /// A comparer against `expected`.
    #[must_use]
    pub const fn new(expected: &'static [u8]) -> Self {
        Self { expected, written: 0, first_difference: None }
    }

    /// `None` when everything written equals `expected` exactly, else the first offset that
    /// differs.
    #[must_use]
    pub fn difference(&self) -> Option<usize> {
        self.first_difference.or((self.written != self.expected.len()).then_some(self.written))
    }
}

impl Write for Comparer {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.first_difference.is_none() {
            let start = self.written.min(self.expected.len());
            let end = self.written.saturating_add(s.len()).min(self.expected.len());
            let expected = &self.expected[start..end];
            let same = s.bytes().zip(expected).take_while(|(a, b)| a == *b).count();
            if same < s.len() {
                self.first_difference = Some(self.written + same);
            }
        }
        self.written = self.written.saturating_add(s.len());
        Ok(())
    }
}

/// Runs `case` with `scratch` as the solver's memory.
pub fn check(case: &Case, scratch: &mut [u32]) -> Verdict {
    let Some(problem) = Problem::from_name(case.problem) else { return Verdict::UnknownProblem };
    if case.exact && !problem.has_exact_mode() {
        return Verdict::NoExactMode;
    }
    let mut options = crate::command::options_for(scratch.len());
    options.exact = case.exact;
    match case.expected {
        Expected::Answer(expected) => {
            let mut out = Comparer::new(expected);
            match judge::run(problem, case.input, &options, scratch, &mut out) {
                Ok(()) => out.difference().map_or(Verdict::Pass, |offset| Verdict::Differs { offset }),
                Err(error) => Verdict::Refused(error),
            }
        }
        Expected::Refusal(expected) => {
            let mut ignored = Comparer::new(b"");
            match judge::run(problem, case.input, &options, scratch, &mut ignored) {
                Ok(()) => Verdict::Answered,
                Err(error) => {
                    let mut line = Comparer::new(expected);
                    let _ = writeln!(line, "error: {error}");
                    line.difference().map_or(Verdict::Pass, |offset| Verdict::Differs { offset })
                }
            }
        }
    }
}

/// The problems of `referee-core` that lack a self-check answer case or refusal case.
pub fn uncovered_problems() -> impl Iterator<Item = Problem> {
    Problem::ALL.iter().copied().filter(|problem| {
        let cases = || CASES.iter().filter(|case| case.problem == problem.name());
        !cases().any(|c| matches!(c.expected, Expected::Answer(_)))
            || !cases().any(|c| matches!(c.expected, Expected::Refusal(_)))
    })
}

#[cfg(test)]
mod tests {
    use std::vec;

    use super::*;
    use crate::budget::SLAB_WORDS;

    #[test]
    fn every_case_passes_on_the_host_with_the_firmware_slab() {
        let mut slab = vec![0u32; SLAB_WORDS];
        for case in CASES {
            assert_eq!(check(case, &mut slab), Verdict::Pass, "{} {}", case.problem, case.name);
        }
    }

    #[test]
    fn every_problem_is_covered() {
        assert_eq!(uncovered_problems().next(), None);
    }

    #[test]
    fn the_comparer_finds_the_first_difference() {
        let compare = |parts: &[&str]| {
            let mut c = Comparer::new(b"abcdef");
            for part in parts {
                c.write_str(part).unwrap();
            }
            c.difference()
        };
        assert_eq!(compare(&["abc", "def"]), None);
        assert_eq!(compare(&["abc", "dxf"]), Some(4));
        assert_eq!(compare(&["abc"]), Some(3));
        assert_eq!(compare(&["abcdefg"]), Some(6));
        assert_eq!(compare(&["x", "bcdef"]), Some(0));
    }
}
