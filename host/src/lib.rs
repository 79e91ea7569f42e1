//! The `referee` command as a library: argument parsing and the judge-format run loop, with
//! stdin, stdout and stderr passed in so the tests can drive it in-process.
//!
//! The binary is a thin wrapper: `referee_host::run(args, stdin, stdout, stderr)` returns the
//! exit status. On bad input it writes `error: <line>:<column>: <what is wrong>` to stderr,
//! nothing to stdout, and returns 1; usage and I/O errors return 2.

pub mod answer;
pub mod cli;

use std::io::{self, Read, Write};

use answer::Answer;
use cli::{Command, Invocation};
use referee_core::{judge, HeapScratch};

/// Exit status of a successful run.
pub const EXIT_OK: u8 = 0;
/// Exit status for invalid judge input.
pub const EXIT_INVALID_INPUT: u8 = 1;
/// Exit status for usage and I/O errors.
pub const EXIT_USAGE: u8 = 2;

/// Runs `referee` with `args` (without the program name) and returns the exit status.
pub fn run(args: &[String], stdin: &mut dyn Read, stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8 {
    match cli::parse(args) {
        Ok(Command::Help(text) | Command::Version(text)) => match write_answer(stdout, &text) {
            Ok(()) => EXIT_OK,
            Err(e) => report(stderr, &format!("cannot write to stdout: {e}"), EXIT_USAGE),
        },
        Ok(Command::Solve(invocation)) => solve(&invocation, stdin, stdout, stderr),
        Err(message) => {
            let _ = writeln!(stderr, "error: {message}\nTry 'referee --help' for more information.");
            EXIT_USAGE
        }
    }
}

/// Writes `error: {message}` to stderr and returns `status`.
fn report(stderr: &mut dyn Write, message: &str, status: u8) -> u8 {
    let _ = writeln!(stderr, "error: {message}");
    status
}

/// Writes all of `text`; a closed pipe (`referee ... | head`) counts as success.
fn write_answer(stdout: &mut dyn Write, text: &str) -> io::Result<()> {
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// Reads the input, runs the judge driver, and writes the whole answer only if it succeeded.
fn solve(invocation: &Invocation, stdin: &mut dyn Read, stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8 {
    let input = match read_input(invocation.file.as_deref(), stdin) {
        Ok(bytes) => bytes,
        Err(message) => return report(stderr, &message, EXIT_USAGE),
    };
    let mut answer = Answer::default();
    let mut scratch = HeapScratch::default();
    if let Err(error) = judge::run(invocation.problem, &input, &invocation.options, &mut scratch, &mut answer) {
        if let Some(io_error) = answer.take_error() {
            return report(stderr, &format!("cannot buffer the answer: {io_error}"), EXIT_USAGE);
        }
        return report(stderr, &error.to_string(), EXIT_INVALID_INPUT);
    }
    match answer.write_to(stdout) {
        Ok(()) => EXIT_OK,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(e) => report(stderr, &format!("cannot write the answer: {e}"), EXIT_USAGE),
    }
}

/// The whole input, from `file`, or from `stdin` when `file` is `None` or `-`.
fn read_input(file: Option<&str>, stdin: &mut dyn Read) -> Result<Vec<u8>, String> {
    match file {
        None | Some("-") => {
            let mut bytes = Vec::new();
            stdin.read_to_end(&mut bytes).map_err(|e| format!("cannot read stdin: {e}"))?;
            Ok(bytes)
        }
        Some(path) => std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}")),
    }
}
