//! The real `referee` process: exit statuses, stdout and stderr, file and stdin input.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the built binary with `args` and `stdin`; returns (status, stdout, stderr).
fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const SAMPLE: &[u8] = b"1\n2 1\n1\n1 2 2 0 0\n";
const ANSWER: &str = "Round 1\n3 1/3 1/1 1/3\n0 1/1 1/3 1/1\n";

#[test]
fn solves_from_stdin_and_from_a_file() {
    assert_eq!(run(&["swiss"], SAMPLE), (0, ANSWER.into(), String::new()));
    let path = std::env::temp_dir().join(format!("referee-cli-{}.in", std::process::id()));
    std::fs::write(&path, SAMPLE).unwrap();
    let result = run(&["swiss", path.to_str().unwrap()], b"");
    std::fs::remove_file(&path).unwrap();
    assert_eq!(result, (0, ANSWER.into(), String::new()));
}

#[test]
fn invalid_input_exits_1_with_nothing_on_stdout() {
    // Round 1 is valid and would be printed by a streaming writer; round 2 is not.
    let (status, stdout, stderr) = run(&["swiss"], b"1\n2 2\n1 1\n1 2 2 0 0\n1 1 2 0 0\n");
    assert_eq!((status, stdout.as_str()), (1, ""));
    assert_eq!(stderr, "error: 5:3: player 1 cannot play a match against himself\n");
}

#[test]
fn a_valid_input_beyond_capacity_exits_3_with_nothing_on_stdout() {
    // Ten million players for two rounds need 8·10^7 scratch words, beyond the host's 64 MiB.
    let (status, stdout, stderr) = run(&["swiss"], b"1\n10000000 2\n0 0\n");
    assert_eq!((status, stdout.as_str()), (3, ""));
    assert_eq!(stderr, "error: 2:10: input needs 80000000 scratch words (n·(m + 6) for n players and m rounds) but this build holds 16777216\n");
}

#[test]
fn usage_errors_exit_2() {
    let (status, stdout, stderr) = run(&["nosuchproblem"], b"");
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert!(stderr.starts_with("error: unknown problem 'nosuchproblem'"), "{stderr}");
    assert_eq!(run(&["swiss", "/nonexistent/file"], b"").0, 2);
    assert_eq!(run(&[], b"").0, 2);
}

#[test]
fn help_and_version() {
    let (status, stdout, _) = run(&["--help"], b"");
    assert_eq!(status, 0);
    assert!(stdout.contains("Usage: referee <PROBLEM>") && stdout.contains("swiss"), "{stdout}");
    let (status, stdout, _) = run(&["--version"], b"");
    assert_eq!((status, stdout), (0, format!("referee {}\n", env!("CARGO_PKG_VERSION"))));
}

/// Runs the built binary with stdin redirected from the file `stdin` (a regular file).
fn run_with_file_stdin(args: &[&str], stdin: &std::path::Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(args)
        .stdin(std::fs::File::open(stdin).unwrap())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_board_in_a_regular_file_is_read_in_pieces_with_the_same_answers() {
    // 300 000 columns: longer than the two 128 KiB cursors, black cells in both rows.
    let top: String = (0..300_000).map(|j| if j % 7 == 3 { '#' } else { '.' }).collect();
    let bottom: String =
        (0..300_000).map(|j| if j % 11 == 5 && j % 7 != 3 && j % 7 != 2 && j % 7 != 4 { '#' } else { '.' }).collect();
    let boards = [
        (format!("{top}\n{bottom}\n"), None),
        (format!("\r\n{top}\r\n{bottom}\r\n\n"), None),
        (format!("{{\"{top}\", \"{bottom}\"}}"), None),
        (format!("{top}\n{bottom}.\n"), Some("error: 2:300001: the second row is longer than the first")),
        (
            format!("{top}#\n{bottom}#\n"),
            Some("error: 2:300001: no left-to-right path: column 300001 is black in both rows"),
        ),
    ];
    let dir = std::env::temp_dir();
    for (i, (board, error)) in boards.iter().enumerate() {
        let path = dir.join(format!("referee-cli-{}-{i}.in", std::process::id()));
        std::fs::write(&path, board).unwrap();
        let piped = run(&["pathgame"], board.as_bytes());
        let from_argument = run(&["pathgame", path.to_str().unwrap()], b"");
        let from_stdin = run_with_file_stdin(&["pathgame"], &path);
        std::fs::remove_file(&path).unwrap();
        assert_eq!(from_argument, piped, "board {i}");
        assert_eq!(from_stdin, piped, "board {i}");
        match error {
            None => assert!(piped.0 == 0 && (piped.1 == "Snuke\n" || piped.1 == "Sothe\n"), "board {i}: {piped:?}"),
            Some(message) => assert!(piped.0 == 1 && piped.2.starts_with(message), "board {i}: {piped:?}"),
        }
    }
}

/// Runs `script` in `sh` with `$0` the built binary and `$1` a file holding `input`; returns
/// (the script's status, its stderr).
fn run_in_shell(script: &str, input: &[u8]) -> (i32, String) {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(input).unwrap();
    let out = Command::new("sh")
        .args(["-c", script, env!("CARGO_BIN_EXE_referee")])
        .arg(file.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_closed_stdout_is_an_error_not_a_success() {
    let (status, stderr) = run_in_shell(r#""$0" swiss "$1" >&-"#, SAMPLE);
    assert_eq!(status, 2, "stderr: {stderr}");
    assert!(stderr.starts_with("error: cannot write to stdout: "), "stderr: {stderr}");
    let (status, stderr) = run_in_shell(r#""$0" --help >&-"#, b"");
    assert_eq!(status, 2, "stderr: {stderr}");
}

#[test]
fn a_full_stdout_is_an_error_with_a_message() {
    let (status, stderr) = run_in_shell(r#""$0" swiss "$1" > /dev/full"#, SAMPLE);
    assert_eq!(status, 2);
    assert!(stderr.starts_with("error: cannot write the answer to stdout: "), "stderr: {stderr}");
}

#[test]
fn a_broken_pipe_is_silent_but_not_a_success() {
    // 2 000 small events whose answer (about 1 MB) is far more than a pipe holds once its
    // reader (`true`) has gone.
    let mut input = b"2000\n".to_vec();
    for _ in 0..2000 {
        input.extend_from_slice(b"2 30\n");
        input.extend(b"1 ".repeat(30));
        input.extend(b"\n1 2 2 0 0".repeat(30));
        input.push(b'\n');
    }
    let (_, stderr) = run_in_shell(r#"{ "$0" swiss "$1"; echo "status $?" >&2; } | true"#, &input);
    assert_eq!(stderr, "status 2\n", "referee's own status, and nothing else on stderr");
}
