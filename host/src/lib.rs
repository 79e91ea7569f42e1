//! The `referee` command as a library: argument parsing and the judge-format run loop, with
//! stdin, stdout and stderr passed in so the tests can drive it in-process.
//!
//! The binary is a thin wrapper: `referee_host::run_with_stdin_file(args, stdin, file, stdout,
//! stderr)` returns the exit status of [`ExitStatus`]'s table. On bad input it writes
//! `error: <line>:<column>: <what is wrong>` to stderr, nothing to stdout, and returns 1; usage
//! and I/O errors return 2; a valid input beyond the host's memory returns 3.
//!
//! The input is never loaded whole: every driver reads it front to back through a 64 KiB
//! window ([`judge::run_read`]), stdin and pipes as files, so memory is bounded by what the
//! problem holds and an input is refused at its first wrong byte, however long (or endless)
//! the rest. When the input is a regular file (a `FILE` argument, or stdin redirected from a
//! file), a board is first read at offsets ([`judge::run_streaming`], no memory for its rows;
//! a wide one in column ranges on threads, [`columns`]); when that declines (another notation,
//! an invalid board) the file is read front to back.

pub mod answer;
pub mod cases;
pub mod columns;
pub mod event;
pub mod input;
pub mod memory;
pub mod openings;
pub mod output;
pub use referee_event::{app, cli, pair};
pub mod replicas;
pub mod rounds;
pub use referee_event::standings;
#[cfg(test)]
mod test_support;
pub mod threads;

use std::fs::File;
use std::io::{self, Read, Write};

use answer::Answer;
use cli::{Command, Invocation, PairInvocation, StandingsInvocation, Threads};
use input::{FileSource, Pull};
use memory::MappedScratch;
use referee_core::judge::{self, ExitStatus, Problem};
use referee_core::scratch::Scratch;
use referee_core::HeapScratch;

/// Exit status of a successful run.
pub const EXIT_OK: u8 = ExitStatus::Answer.code();
/// Exit status for invalid judge input.
pub const EXIT_INVALID_INPUT: u8 = ExitStatus::InvalidInput.code();
/// Exit status for usage and I/O errors.
pub const EXIT_USAGE: u8 = ExitStatus::Usage.code();
/// Exit status for a valid input beyond the host's memory (the 64 MiB scratch, or the heap).
pub const EXIT_CAPACITY: u8 = ExitStatus::Capacity.code();

/// Runs `referee` with `args` (without the program name) and returns the exit status.
///
/// # Complexity
/// That of the problem's solver, plus `O(B)` for the `B` bytes read and the answer written.
pub fn run(args: &[String], stdin: &mut dyn Read, stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8 {
    run_with_stdin_file(args, stdin, None, stdout, stderr)
}

/// How this binary shares work among threads ([`cli::parse`]'s `--threads` and help texts).
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub fn threads() -> Threads {
    Threads {
        default: rounds::default_threads(),
        min_players: rounds::MIN_PART,
        min_part_bytes: cases::MIN_PART_BYTES,
        min_columns: columns::MIN_COLUMNS,
    }
}

/// As [`run`], with the regular file behind `stdin` when there is one ([`input::stdin_file`]),
/// so that a large input redirected from a file can be read in pieces.
///
/// # Complexity
/// As [`run`].
pub fn run_with_stdin_file(
    args: &[String],
    stdin: &mut dyn Read,
    stdin_file: Option<File>,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> u8 {
    match cli::parse(args, &threads()) {
        Ok(Command::Help(text) | Command::Version(text)) => match write_answer(stdout, &text) {
            Ok(()) => EXIT_OK,
            Err(e) => write_failed(stderr, &e),
        },
        Ok(Command::Solve(invocation)) if invocation.needs => battle_needs(&invocation, stdin, stdout, stderr),
        Ok(Command::Solve(invocation)) if invocation.problem == Problem::Battle && !invocation.tavern_rules => {
            battle_game(&invocation, stdin, stdout, stderr)
        }
        Ok(Command::Solve(invocation)) => solve(&invocation, stdin, stdin_file, stdout, stderr),
        Ok(Command::Standings(invocation)) => rank(&invocation, stdin, stdout, stderr),
        Ok(Command::Pair(invocation)) => pair_round(&invocation, stdin, stdout, stderr),
        Ok(Command::Event(invocation)) => emit(app::event(&invocation, &mut event::FsStore::default()), stdout, stderr),
        Err(message) => emit(app::usage_error(args, &message), stdout, stderr),
    }
}

/// Writes what a command of [`app`] wrote and returns its status (a failed write of the
/// answer: [`write_failed`]).
fn emit(output: app::Output, stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8 {
    if output.status == EXIT_OK {
        if let Err(e) = stdout.write_all(&output.stdout).and_then(|()| stdout.flush()) {
            return write_failed(stderr, &e);
        }
    }
    let _ = stderr.write_all(output.stderr.as_bytes());
    output.status
}

/// Writes `error: {message}` to stderr and returns `status`.
fn report(stderr: &mut dyn Write, message: &str, status: u8) -> u8 {
    let _ = writeln!(stderr, "error: {message}");
    status
}

/// Writes all of `text` and flushes it.
fn write_answer(stdout: &mut dyn Write, text: &str) -> io::Result<()> {
    stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush())
}

/// The status of a failed write to stdout: [`EXIT_USAGE`], with a message unless the reader
/// went away (a broken pipe, as in `referee ... | head`), which stays silent. Either way the
/// run does not report success, since the answer was not all written.
fn write_failed(stderr: &mut dyn Write, error: &io::Error) -> u8 {
    if error.kind() == io::ErrorKind::BrokenPipe {
        EXIT_USAGE
    } else {
        report(stderr, &format!("cannot write the answer to stdout: {error}"), EXIT_USAGE)
    }
}

/// Runs the judge driver, streaming from a regular file when it can, and writes the whole
/// answer only if it succeeded.
fn solve(
    invocation: &Invocation,
    stdin: &mut dyn Read,
    stdin_file: Option<File>,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> u8 {
    let (file, name) = match invocation.file.as_deref() {
        None | Some("-") => (stdin_file, "stdin".to_owned()),
        Some(path) => match File::open(path) {
            Ok(file) => (Some(file), format!("'{path}'")),
            Err(e) => return report(stderr, &format!("cannot read '{path}': {e}"), EXIT_USAGE),
        },
    };
    let mut answer = Answer::default();
    let mut long = false;
    let mut window = vec![0u8; input::STREAM_BUFFER];
    let mut file = match file.map(FileSource::new) {
        Some(Ok(mut source)) => {
            if invocation.problem == Problem::Swiss {
                if let Some(parts) = cases::solve(&source, invocation.threads) {
                    return write_parts(parts, stdout, stderr);
                }
                if let Some(answer) = replicas::solve(&source, invocation.threads) {
                    return finish(Ok(()), answer, stdout, stderr);
                }
            }
            if invocation.problem == Problem::Pathgame {
                if let Some(winner) = columns::solve(&source, invocation.threads) {
                    let written = referee_core::pathgame::text::write_winner(winner, &mut answer);
                    return finish(written, answer, stdout, stderr);
                }
            }
            let streamed =
                judge::run_streaming(invocation.problem, &mut source, &invocation.options, &mut window, &mut answer);
            if let Some(result) = streamed {
                return finish(result, answer, stdout, stderr);
            }
            // A `swiss` answer is several times its input: from a file of a mebibyte or more,
            // it is held in a mapping from its first byte (no string grown and copied first).
            // Its scratch too (a row of words per player: 1.6 MB for 18 750 players).
            long = invocation.problem == Problem::Swiss && referee_core::text::ReadAt::len(&source) >= 1 << 20;
            answer = if long { Answer::mapped_with_limit(Answer::DEFAULT_LIMIT) } else { Answer::default() };
            match source.rewind() {
                Ok(file) => Some(file),
                Err(e) => return report(stderr, &format!("cannot read {name}: {e}"), EXIT_USAGE),
            }
        }
        Some(Err(file)) => Some(file),
        None => None,
    };
    let reader: &mut dyn Read = match file.as_mut() {
        Some(file) => file,
        None => stdin,
    };
    let mut source = Pull::new(reader);
    let (mut heap, mut mapped) = (HeapScratch::default(), None);
    if long {
        mapped = MappedScratch::with_limit(HeapScratch::DEFAULT_LIMIT);
    }
    let scratch: &mut dyn Scratch = match mapped.as_mut() {
        Some(mapped) => mapped,
        None => &mut heap,
    };
    let mut hooks = threads::Threads::new(invocation.threads);
    let result = judge::run_read_with(
        invocation.problem,
        &mut source,
        &invocation.options,
        &mut window,
        scratch,
        &mut hooks,
        &mut answer,
    );
    if let Some(e) = source.take_error() {
        return report(stderr, &format!("cannot read {name}: {e}"), EXIT_USAGE);
    }
    finish(result, answer, stdout, stderr)
}

/// Reports the driver's error, or writes the answer.
fn finish(result: judge::Result<()>, mut answer: Answer, stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8 {
    if let Err(error) = result {
        if let Some(io_error) = answer.take_error() {
            return report(stderr, &format!("cannot buffer the answer: {io_error}"), EXIT_USAGE);
        }
        return report(stderr, &error.to_string(), error.exit_status().code());
    }
    match answer.write_to(stdout) {
        Ok(()) => EXIT_OK,
        Err(e) => write_failed(stderr, &e),
    }
}

/// Writes the answers of an input's parts, in order ([`cases`]).
fn write_parts(parts: Vec<Answer>, stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8 {
    for answer in parts {
        if let Err(e) = answer.write_to(stdout) {
            return write_failed(stderr, &e);
        }
    }
    EXIT_OK
}

/// The machine stack of a game-rules search: its turns in progress recurse (a few KiB each,
/// at most `Limits::depth` of them; 13 KiB each with 1 024-bit numerators). Reserved, touched
/// only as deep as the fight goes.
const GAME_STACK_BYTES: usize = 1 << 30;

/// `referee battle` under the game rules (the default): reads the whole fight and answers it on
/// a thread with [`GAME_STACK_BYTES`] of stack within `--time`, whatever the board's and the
/// answer's format: exact, or certified bounds ([`app::battle_timed`]).
fn battle_game(invocation: &Invocation, stdin: &mut dyn Read, stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8 {
    let input = match read_input(invocation.file.as_deref(), stdin, &mut |_| None) {
        Ok(bytes) => bytes,
        Err((message, status)) => return report(stderr, &message, status),
    };
    let solved = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(GAME_STACK_BYTES)
            .spawn_scoped(scope, || {
                let began = std::time::Instant::now();
                let progress = Progress::new(began);
                let clock = || u64::try_from(began.elapsed().as_micros()).unwrap_or(u64::MAX);
                let output = app::battle_timed(
                    invocation,
                    &input,
                    referee_core::battle::game::DEFAULT_LIMITS,
                    &clock,
                    &mut |searching| progress.line(searching),
                );
                progress.clear();
                output
            })
            .map(|handle| handle.join())
    });
    match solved {
        Ok(Ok(output)) => emit(output, stdout, stderr),
        Ok(Err(_)) => report(stderr, "the game-rules search failed", EXIT_USAGE),
        Err(e) => report(stderr, &format!("cannot start the game-rules search: {e}"), EXIT_USAGE),
    }
}

/// The progress line of a game-rules search on stderr, when stderr is a terminal, a few
/// times a second: the states the exact search expanded, then the bounds' unsettled mass.
struct Progress {
    began: std::time::Instant,
    shown: std::cell::Cell<Option<std::time::Duration>>,
    terminal: bool,
}

impl Progress {
    fn new(began: std::time::Instant) -> Self {
        use std::io::IsTerminal;
        Self { began, shown: std::cell::Cell::new(None), terminal: io::stderr().is_terminal() }
    }

    /// Writes the line of `searching` (`battle: 1.2 s, ` first), at most every 250 ms, from
    /// 250 ms on.
    fn line(&self, searching: app::Searching) {
        let now = self.began.elapsed();
        let every = std::time::Duration::from_millis(250);
        // Nothing for a search that ends within the first 250 ms.
        if !self.terminal || now < every || self.shown.get().is_some_and(|t| now < t + every) {
            return;
        }
        self.shown.set(Some(now));
        let _ = write!(io::stderr(), "\rbattle: {:.1} s, {searching}\x1b[K", now.as_secs_f64());
    }

    fn clear(&self) {
        if self.terminal && self.shown.get().is_some() {
            let _ = write!(io::stderr(), "\r\x1b[K");
        }
    }
}

/// `referee battle --needs`: reads the board and writes the limits and scratch words its
/// search needs ([`referee_core::battle::text::solve_needs`]).
fn battle_needs(invocation: &Invocation, stdin: &mut dyn Read, stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8 {
    let input = match read_input(invocation.file.as_deref(), stdin, &mut |_| None) {
        Ok(bytes) => bytes,
        Err((message, status)) => return report(stderr, &message, status),
    };
    emit(app::judge(invocation, &input, referee_core::battle::game::DEFAULT_LIMITS, None, &mut |_| ()), stdout, stderr)
}

/// `referee standings`: reads the whole results file, ranks it, and writes the answer only if
/// it is valid.
fn rank(invocation: &StandingsInvocation, stdin: &mut dyn Read, stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8 {
    let input = match read_input(invocation.file.as_deref(), stdin, &mut header_window) {
        Ok(bytes) => bytes,
        Err((message, status)) => return report(stderr, &message, status),
    };
    emit(app::standings(invocation, &input), stdout, stderr)
}

/// `referee pair`: reads the whole results file (or list of players), pairs the next round,
/// and writes its rows only if the input is valid (and, with `--explain`, the objective on
/// stderr).
fn pair_round(invocation: &PairInvocation, stdin: &mut dyn Read, stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8 {
    let (mut list, mut parsed) = (pair::PlayerList::default(), 0);
    let mut players = |bytes: &[u8]| refused_line(bytes, &mut list, &mut parsed);
    let stop: &mut dyn FnMut(&[u8]) -> Option<usize> =
        if invocation.options.players { &mut players } else { &mut header_window };
    let input = match read_input(invocation.file.as_deref(), stdin, stop) {
        Ok(bytes) => bytes,
        Err((message, status)) => return report(stderr, &message, status),
    };
    emit(app::pair(invocation, &input), stdout, stderr)
}

/// The most bytes `referee standings` and `referee pair` read (64 MiB: a results file of an
/// event of 100 000 players over 26 rounds is smaller); a longer input is a capacity error.
pub const MAX_TABLE_INPUT: usize = 64 << 20;

/// The longest first line that can still be a results file's header (it is 39 bytes, with
/// a byte-order mark and a CR 44): past it without a line end, the rest is not read.
const HEADER_WINDOW: usize = 4096;

/// For [`read_input`]: a results file is refused from its first [`HEADER_WINDOW`] bytes when
/// they hold no line end.
fn header_window(bytes: &[u8]) -> Option<usize> {
    (bytes.len() >= HEADER_WINDOW && !bytes[..HEADER_WINDOW].contains(&b'\n')).then_some(HEADER_WINDOW)
}

/// For [`read_input`]: a list of players is refused from its complete lines up to the first
/// refused one; `list` and `parsed` (the bytes of the lines read) carry over between calls.
fn refused_line(bytes: &[u8], list: &mut pair::PlayerList, parsed: &mut usize) -> Option<usize> {
    while let Some(end) = bytes[*parsed..].iter().position(|&b| b == b'\n').map(|at| *parsed + at) {
        let line = &bytes[*parsed..end];
        *parsed = end + 1;
        if list.line(line).is_err() {
            return Some(end + 1);
        }
    }
    None
}

/// The whole input (the file at `path`, or stdin for `None` and `-`), up to
/// [`MAX_TABLE_INPUT`] bytes, or its first `keep` bytes once `stop` (called with what is read
/// so far after each piece) says `Some(keep)`: the input is refused from them. The error is a
/// message and an exit status.
fn read_input(
    path: Option<&str>,
    stdin: &mut dyn Read,
    stop: &mut dyn FnMut(&[u8]) -> Option<usize>,
) -> Result<Vec<u8>, (String, u8)> {
    let (mut file, name) = match path {
        None | Some("-") => (None, "stdin".to_owned()),
        Some(path) => match File::open(path) {
            Ok(file) => (Some(file), format!("'{path}'")),
            Err(e) => return Err((format!("cannot read '{path}': {e}"), EXIT_USAGE)),
        },
    };
    let reader: &mut dyn Read = match file.as_mut() {
        Some(file) => file,
        None => stdin,
    };
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 64 << 10];
    loop {
        let read = match reader.read(&mut chunk) {
            Ok(0) => return Ok(bytes),
            Ok(read) => read,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err((format!("cannot read {name}: {e}"), EXIT_USAGE)),
        };
        bytes.extend_from_slice(&chunk[..read]);
        if let Some(keep) = stop(&bytes) {
            bytes.truncate(keep);
            return Ok(bytes);
        }
        if bytes.len() > MAX_TABLE_INPUT {
            let message = format!("{name} is over {} MiB, the most this build reads", MAX_TABLE_INPUT >> 20);
            return Err((message, EXIT_CAPACITY));
        }
    }
}
