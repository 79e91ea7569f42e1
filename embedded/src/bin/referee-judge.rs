//! `referee-judge`: one judge input on the microcontroller, through semihosting host files.
//!
//! `qemu-system-arm … -kernel referee-judge -append 'PROBLEM [--exact] [--rules game|tavern] INPUT ANSWER ERROR'`
//! answers the host file INPUT like the host `referee`: through `referee_core::judge::run_streaming`
//! with the static slab as its read buffer when the driver can read this input at offsets (a
//! plain `pathgame` board), otherwise through `referee_core::judge::run_read`, INPUT read front
//! to back through the first 8 KiB of the slab with the rest of the slab as scratch (any length;
//! refused at its first wrong byte); `battle` under the game rules (its default, as on the host) reads
//! its fight through a small window and searches on a stack lent from the slab (`judge_game`). The answer reaches the host file ANSWER in 4 KiB writes. On invalid input the answer file
//! is left empty, ERROR receives `error: <line>:<column>: <message>` exactly as the host prints
//! it, and the exit status is 1 (3 when the input exceeds this build's memory); see
//! `referee_embedded::status` and `referee_embedded::command`. The defmt log goes to stdout.
#![cfg_attr(target_os = "none", no_std, no_main)]

/// On the host the firmware is an empty program (the workspace builds and tests everything).
#[cfg(not(target_os = "none"))]
fn main() {}

#[cfg(target_os = "none")]
mod firmware {
    use core::fmt::Write as _;

    use defmt::Display2Format;
    use referee_core::judge::{self, Error, ErrorKind};
    use referee_core::text::ReadAt as _;
    use referee_embedded::budget::{COMMAND_LINE_BYTES, GAME_WINDOW_BYTES, JUDGE_WINDOW_BYTES};
    use referee_embedded::command::{self, Command, Crash, Judge, Rules, GAME_SEARCH};
    use referee_embedded::hostfile::{self, ChunkWriter, HostInput};
    use referee_embedded::{runtime, status};

    #[cfg_attr(target_arch = "arm", cortex_m_rt::entry)]
    #[cfg_attr(target_arch = "riscv32", riscv_rt::entry)]
    fn main() -> ! {
        runtime::paint_stack();
        let code = run(runtime::slab(), runtime::answer_buffer());
        runtime::finish(code)
    }

    /// Reads the command line and carries it out; returns the exit status.
    fn run(slab: &mut [u32], chunk: &mut [u8]) -> i32 {
        let Ok(args) = semihosting::experimental::env::args::<COMMAND_LINE_BYTES>() else {
            defmt::error!("cannot read the command line (-append)");
            return status::FAILURE;
        };
        // A non-UTF-8 argument becomes a NUL, which no problem name or path accepts.
        let parsed = command::parse((&args).skip(1).map(|arg| arg.unwrap_or("\0")));
        match parsed {
            Ok(Command::Judge(job)) => judge(&job, slab, chunk),
            Ok(Command::Crash(crash)) => crash_on_purpose(crash),
            Err(message) => {
                defmt::error!("{=str}; {=str}", message, command::USAGE);
                status::FAILURE
            }
        }
    }

    /// Ends the run through a panic or a HardFault, as the tests ask with `--crash`.
    fn crash_on_purpose(crash: Crash) -> ! {
        match crash {
            #[allow(clippy::panic, reason = "the test of the panic path asks for exactly this")]
            Crash::Panic => panic!("deliberate panic (--crash panic)"),
            Crash::Fault => runtime::fault(),
        }
    }

    /// Runs one judge input; returns the exit status.
    fn judge(job: &Judge<'_>, slab: &mut [u32], chunk: &mut [u8]) -> i32 {
        let exact = if job.options.exact { " --exact" } else { "" };
        let game = job.problem == judge::Problem::Battle && job.rules == Rules::Game;
        let rules = match (job.problem, job.rules) {
            (judge::Problem::Battle, Rules::Game) => " --rules game",
            (judge::Problem::Battle, Rules::Tavern) => " --rules tavern",
            _ => "",
        };
        defmt::println!("judge {=str}{=str}{=str} {=str}", job.problem.name(), exact, rules, job.input);
        // Both files start empty, so that no stale answer or refusal survives this run.
        let (Ok(answer), Ok(())) = (hostfile::create(job.answer), hostfile::create(job.error).map(drop)) else {
            defmt::error!("cannot create the answer file {=str} or the error file {=str}", job.answer, job.error);
            return status::FAILURE;
        };
        let mut source = match HostInput::open(job.input) {
            Ok(source) => source,
            Err(message) => {
                defmt::error!("{=str}: {=str}", job.input, message);
                return status::FAILURE;
            }
        };
        if game {
            return judge_game(job, source, slab, ChunkWriter::new(answer, chunk));
        }
        // A streaming driver reads the input in pieces through the whole slab, at any length.
        let mut out = ChunkWriter::new(answer, &mut chunk[..]);
        let buffer: &mut [u8] = bytemuck::cast_slice_mut(&mut slab[..]);
        if let Some(result) = judge::run_streaming(job.problem, &mut source, &job.options, buffer, &mut out) {
            defmt::println!("input: {=u64} bytes, streamed through {=usize} bytes", source.len(), slab.len() * 4);
            return conclude(job, result, out);
        }
        drop(out);
        // Otherwise the input streams through the start of the slab, the rest is scratch.
        let Ok(answer) = hostfile::create(job.answer) else {
            defmt::error!("cannot create the answer file {=str}", job.answer);
            return status::FAILURE;
        };
        if let Err(message) = source.rewind() {
            defmt::error!("{=str}: {=str}", job.input, message);
            return status::FAILURE;
        }
        let (window, scratch) = slab.split_at_mut(JUDGE_WINDOW_BYTES / 4);
        let window: &mut [u8] = bytemuck::cast_slice_mut(window);
        defmt::println!(
            "input: {=u64} bytes, window: {=usize} bytes, scratch: {=usize} bytes",
            source.len(),
            window.len(),
            scratch.len() * 4
        );
        let mut out = ChunkWriter::new(answer, chunk);
        let result = judge::run_read(job.problem, &mut source, &job.options, window, scratch, &mut out);
        if matches!(&result, Err(refusal) if refusal.kind == ErrorKind::Read) {
            defmt::error!("{=str}: cannot read the input file", job.input);
            return status::FAILURE;
        }
        conclude(job, result, out)
    }

    /// Runs one game-rules battle (`referee battle`'s default rules): the fight streams through
    /// the slab's first [`GAME_WINDOW_BYTES`]; the rest is its search's table and, at its top,
    /// the machine stack its turns in progress recurse on, as deep as [`GAME_SEARCH`]'s limits
    /// (from the board's facts) allow. Returns the exit status.
    #[inline(never)]
    fn judge_game(job: &Judge<'_>, mut source: HostInput, slab: &mut [u32], mut out: ChunkWriter<'_>) -> i32 {
        use referee_core::battle::game;
        let (window, scratch) = slab.split_at_mut(GAME_WINDOW_BYTES / 4);
        let window: &mut [u8] = bytemuck::cast_slice_mut(window);
        let (table, stack) = scratch.split_at_mut(scratch.len() - GAME_SEARCH.stack_words);
        defmt::println!(
            "input: {=u64} bytes, window: {=usize} bytes, table: {=usize} words, stack: {=usize} bytes, depth: {=u32} turns",
            source.len(),
            window.len(),
            GAME_SEARCH.strategy.table_words(),
            stack.len() * 4,
            GAME_SEARCH.limits.depth
        );
        let mut scanner = referee_core::text::Scanner::stream(&mut source, window);
        let parsed = game::text::parse_from(&mut scanner);
        if scanner.read_failed() {
            defmt::error!("{=str}: cannot read the input file", job.input);
            return status::FAILURE;
        }
        let fight = match (parsed, command::game_capacity(&referee_embedded::board::BOARD)) {
            (Err(refusal), _) | (Ok(_), Some(refusal)) => return conclude(job, Err(refusal), out),
            // A board that cannot search leaves the search out of its image.
            (Ok(_), None) if !command::GAME_FITS => return status::FAILURE,
            (Ok(fight), None) => fight,
        };
        let mut result = Ok(());
        let used = runtime::on_stack(stack, &mut || {
            // Exact, or bounds when the fight is deeper than the lent stack or longer than the
            // steps allow (the states beyond are cut).
            result =
                match game::solve_bounded(&fight, GAME_SEARCH.strategy, GAME_SEARCH.limits, &mut table[..], &mut |_| {
                    true
                }) {
                    Ok(ref verdict) => game::text::write_verdict(verdict, job.options.exact, &mut out),
                    Err(e) => Err(game::text::refusal(e)),
                };
        });
        defmt::println!("game stack: {=usize} of {=usize} bytes used", used.used, used.size);
        if used.size > 0 && used.used >= used.size {
            defmt::error!("the game-rules search reached the bottom of its stack: its table may be corrupted");
            return status::STACK_OVERFLOW;
        }
        conclude(job, result, out)
    }

    /// Completes the answer file, or turns the driver's error into a refusal; returns the status.
    fn conclude(job: &Judge<'_>, result: judge::Result<()>, out: ChunkWriter<'_>) -> i32 {
        match result {
            Ok(()) => match out.finish() {
                Ok(bytes) => {
                    defmt::println!("answer: {=usize} bytes", bytes);
                    status::OK
                }
                Err(message) => {
                    defmt::error!("{=str}: {=str}", job.answer, message);
                    status::FAILURE
                }
            },
            Err(refusal) if refusal.kind == ErrorKind::Write => {
                defmt::error!("cannot write the answer file {=str}", job.answer);
                status::FAILURE
            }
            Err(refusal) => {
                drop(out);
                refuse(job, &refusal)
            }
        }
    }

    /// Empties the answer file and writes the refusal to the error file; returns the status
    /// (invalid input, or capacity when the input needs more memory than this build has).
    fn refuse(job: &Judge<'_>, refusal: &Error) -> i32 {
        let code = i32::from(refusal.exit_status().code());
        defmt::println!("refused: {}", Display2Format(refusal));
        let written = hostfile::create(job.answer).and_then(|answer| {
            drop(answer);
            // Unbuffered: the refusal is one short line.
            let mut out = ChunkWriter::new(hostfile::create(job.error)?, &mut []);
            writeln!(out, "error: {refusal}").map_err(|_| "cannot write the file")?;
            out.finish()
        });
        match written {
            Ok(_) => code,
            Err(message) => {
                defmt::error!("{=str}: {=str}", job.error, message);
                status::FAILURE
            }
        }
    }
}
