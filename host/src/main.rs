//! `referee`: exact answers to game and tournament problems: the judge formats and `standings`.
//! See `referee --help`; the logic lives in the `referee_host` library.

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if referee_host::output::stdout_was_closed() {
        let _ = writeln!(
            std::io::stderr(),
            "error: cannot write to stdout: it is closed (descriptor 1 is /dev/null opened read-write, \
             which is how a closed stdout looks to a Rust program; to discard the answer, open /dev/null \
             write-only, as `>/dev/null` does)"
        );
        return ExitCode::from(referee_host::EXIT_USAGE);
    }
    let status = referee_host::run_with_stdin_file(
        &args,
        &mut std::io::stdin().lock(),
        referee_host::input::stdin_file(),
        &mut referee_host::output::Stdout::new(std::io::stdout().lock()),
        &mut std::io::stderr(),
    );
    ExitCode::from(status)
}
