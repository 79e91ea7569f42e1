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
    // The process may stop reading at an input's first error: the rest of it is not wanted.
    if let Err(e) = child.stdin.take().unwrap().write_all(stdin) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
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
    // Ten million players for two rounds need 7·10^7 scratch words, beyond the host's 64 MiB.
    let (status, stdout, stderr) = run(&["swiss"], b"1\n10000000 2\n0 0\n");
    assert_eq!((status, stdout.as_str()), (3, ""));
    assert_eq!(stderr, "error: 2:10: input needs 70000000 scratch words (n·(m + 5) for n players and m rounds) but this build holds 16777216\n");
}

#[test]
fn usage_errors_exit_2() {
    let (status, stdout, stderr) = run(&["nosuchproblem"], b"");
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert!(stderr.starts_with("error: unknown command 'nosuchproblem'"), "{stderr}");
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

#[test]
fn a_wide_board_is_decided_on_threads_with_the_same_answers_and_errors() {
    // 4 500 001 columns: cut into column ranges of at least 2 Mi columns on two threads.
    let columns = 4_500_001;
    let top: Vec<u8> = (0..columns).map(|j| if j % 9 == 4 { b'#' } else { b'.' }).collect();
    let bottom: Vec<u8> =
        (0..columns).map(|j| if j % 13 == 6 && (3..=5).all(|d| (j + 9 - d) % 9 != 0) { b'#' } else { b'.' }).collect();
    let seam = columns / 2;
    let cut_at_the_seam = |top: &mut [u8], bottom: &mut [u8]| {
        for j in seam - 2..seam + 2 {
            (top[j], bottom[j]) = (b'.', b'.');
        }
        (top[seam - 1], bottom[seam]) = (b'#', b'#');
    };
    let (mut seam_top, mut seam_bottom) = (top.clone(), bottom.clone());
    cut_at_the_seam(&mut seam_top, &mut seam_bottom);
    let mut late_byte = bottom.clone();
    late_byte[columns - 10] = b'o';
    let boards = [
        [&top[..], b"\n", &bottom, b"\n"].concat(),
        [b" \r\n", &top[..], b"\r\n", &bottom, b"\r\n\n"].concat(),
        [&seam_top[..], b"\n", &seam_bottom, b"\n"].concat(),
        [&top[..], b"\n", &late_byte, b"\n"].concat(),
        [&top[..], b"#\n", &bottom, b"#\n"].concat(),
    ];
    let dir = std::env::temp_dir();
    for (i, board) in boards.iter().enumerate() {
        let path = dir.join(format!("referee-cli-wide-{}-{i}.in", std::process::id()));
        std::fs::write(&path, board).unwrap();
        let piped = run(&["pathgame"], board);
        for threads in ["1", "2", "3"] {
            let from_file = run(&["pathgame", "--threads", threads, path.to_str().unwrap()], b"");
            let from_stdin = run_with_file_stdin(&["pathgame", "--threads", threads], &path);
            assert!(from_file == piped && from_stdin == piped, "board {i}, {threads} threads: {from_file:?} {piped:?}");
        }
        std::fs::remove_file(&path).unwrap();
        let expected = match i {
            0 | 1 => None,
            2 => Some(format!("error: 2:{}: no left-to-right path: column {} has its black cell", seam + 1, seam + 1)),
            3 => Some(format!("error: 2:{}: expected '#' or '.', found 'o'", columns - 9)),
            _ => Some(format!(
                "error: 2:{}: no left-to-right path: column {} is black in both rows",
                columns + 1,
                columns + 1
            )),
        };
        match expected {
            None => assert!(piped.0 == 0 && (piped.1 == "Snuke\n" || piped.1 == "Sothe\n"), "board {i}: {piped:?}"),
            Some(message) => {
                assert!(piped.0 == 1 && piped.1.is_empty() && piped.2.starts_with(&message), "board {i}: {piped:?}")
            }
        }
    }
}

#[test]
fn many_swiss_test_cases_in_a_file_are_solved_on_threads_with_the_same_answers_and_errors() {
    // 30 000 test cases (1.1 MB): cut into parts at case starts on two or more threads; one
    // thread holds its answer and scratch in mappings (a swiss file of a mebibyte or more).
    let legal = ["2 0 0", "0 2 0", "2 1 0", "1 2 0", "2 0 1", "0 2 1", "1 1 1", "1 0 2", "0 1 2", "0 0 3"];
    let mut input = String::from("30000\n");
    for case in 0..30_000 {
        let (a, b) = (legal[case % 10], legal[case % 7]);
        input += &format!("4 2\n2 1\n1 2 {a}\n3 4 {b}\n2 3 1 1 1\n");
    }
    // The last match of the last case, in the last part: "2 3 1 1 1" made illegal.
    let mut wrong_late = input.clone();
    wrong_late.replace_range(input.len() - 2..input.len() - 1, "2");
    let miscounted = input.replacen("30000", "30001", 1);
    let dir = std::env::temp_dir();
    for (i, text) in [input, wrong_late, miscounted].iter().enumerate() {
        let path = dir.join(format!("referee-cli-cases-{}-{i}.in", std::process::id()));
        std::fs::write(&path, text).unwrap();
        let piped = run(&["swiss"], text.as_bytes());
        for threads in ["1", "2", "3"] {
            let from_file = run(&["swiss", "--threads", threads, path.to_str().unwrap()], b"");
            let from_stdin = run_with_file_stdin(&["swiss", "--threads", threads], &path);
            assert!(from_file == piped && from_stdin == piped, "input {i}, {threads} threads");
        }
        std::fs::remove_file(&path).unwrap();
        match i {
            0 => assert!(piped.0 == 0 && piped.1.matches("Round 2").count() == 30_000, "{}", piped.2),
            1 => assert_eq!(piped, (1, String::new(), "error: 150001:5: not a legal match result: w1 w2 d must be one of 2 0 0, 0 2 0, 2 1 0, 1 2 0, 2 0 1, 0 2 1, 1 1 1, 1 0 2, 0 1 2, 0 0 3\n".into())),
            _ => assert_eq!((piped.0, piped.1.is_empty()), (1, true), "{}", piped.2),
        }
    }
}

#[test]
fn tavern_on_threads_answers_and_refuses_as_on_one() {
    let inputs: [&[u8]; 5] = [
        b"2 3\n2 5\n3 4 1\n",
        b"6 6\n1 1 4 5 1 4\n1 1 4 5 1 4\n",
        b"7 6\n3 1 4 1 5 9 2\n6 5 3 5 8 9\n",
        b"2 3\n2 5\n3 4\n",
        b"2 3\n2 5\n3 4 1 9\n",
    ];
    for input in inputs {
        for args in [&["tavern", "--exact"][..], &["tavern", "--strategy", "fixed", "--table-kib", "4"]] {
            let one = run(&[args, &["--threads", "1"]].concat(), input);
            for threads in ["2", "5"] {
                assert_eq!(run(&[args, &["--threads", threads]].concat(), input), one, "{args:?} {threads}");
            }
        }
    }
    assert_eq!(run(&["greater", "--threads", "2"], b"").0, 2);
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
    // What the runtime leaves of a closed stdout: /dev/null read-write. The message says how to
    // discard the answer instead; write-only /dev/null is an ordinary stdout.
    let (status, stderr) = run_in_shell(r#""$0" swiss "$1" 1<>/dev/null"#, SAMPLE);
    assert_eq!(status, 2, "stderr: {stderr}");
    assert!(stderr.contains("`>/dev/null`"), "stderr: {stderr}");
    let (status, stderr) = run_in_shell(r#""$0" swiss "$1" >/dev/null"#, SAMPLE);
    assert_eq!((status, stderr.as_str()), (0, ""));
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

/// Runs the built binary with `args`, its stdin fed by a writer thread with `total` bytes of
/// `pattern` repeated (a `yes`-like stream, bounded); returns (status, stdout, stderr, the bytes
/// the writer got into the pipe before the reader went away).
fn run_fed(args: &[&str], pattern: &[u8], total: u64) -> (i32, String, String, u64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let chunk: Vec<u8> = pattern.iter().copied().cycle().take(64 << 10).collect();
    let writer = std::thread::spawn(move || {
        let mut written = 0u64;
        while written < total {
            let len = usize::try_from((total - written).min(chunk.len() as u64)).unwrap();
            // The reader exiting closes the pipe: the write fails (EPIPE) and the feeding stops.
            if stdin.write_all(&chunk[..len]).is_err() {
                break;
            }
            written += len as u64;
        }
        written
    });
    let out = child.wait_with_output().unwrap();
    let written = writer.join().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        written,
    )
}

/// At most this much of a hostile stream may be consumed: the 256 KiB window, what the pipe
/// holds, and the writer's chunk in flight, far below the 2 GB offered.
const FEW_BYTES: u64 = 8 << 20;

#[test]
fn an_endless_yes_stream_is_refused_at_its_first_wrong_byte_without_reading_it_all() {
    let (status, stdout, stderr, written) = run_fed(&["tavern"], b"1\n", 2_000_000_000);
    assert_eq!((status, stdout.as_str()), (1, ""));
    assert_eq!(stderr, "error: 5:1: expected end of input, found '1'\n");
    assert!(written < FEW_BYTES, "{written} bytes consumed of 2 GB");
}

#[test]
fn a_zero_stream_is_refused_at_its_first_byte() {
    let (status, stdout, stderr, written) = run_fed(&["swiss"], b"\0", 2_000_000_000);
    assert_eq!((status, stdout.as_str()), (1, ""));
    assert_eq!(stderr, "error: 1:1: expected the number of test cases, found byte 0x00\n");
    assert!(written < FEW_BYTES, "{written} bytes consumed of 2 GB");
    // A long valid prefix, then garbage: refused where the garbage starts.
    let (status, stdout, stderr, written) = run_fed(&["greater"], b"{1, 2", 2_000_000_000);
    assert_eq!((status, stdout.as_str()), (1, ""));
    assert_eq!(stderr, "error: 1:6: expected '}' closing hand, found '{'\n");
    assert!(written < FEW_BYTES, "{written} bytes consumed of 2 GB");
}

#[test]
fn a_board_through_a_pipe_is_answered_like_the_same_board_in_a_file() {
    let columns = 2_000_000;
    let bottom: Vec<u8> = (0..columns).map(|j| if j % 7 == 3 { b'#' } else { b'.' }).collect();
    let board = [vec![b'.'; columns], b"\n".to_vec(), bottom, b"\n".to_vec()].concat();
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(&board).unwrap();
    let from_file = run(&["pathgame", file.path().to_str().unwrap()], b"");
    assert_eq!(from_file.0, 0, "{}", from_file.2);
    assert_eq!(run(&["pathgame"], &board), from_file);
    // An endless first row is refused where it goes wrong, as from a file.
    let (status, stdout, stderr, _) = run_fed(&["pathgame"], b"....x", 1 << 20);
    assert_eq!(
        (status, stdout.as_str(), stderr.as_str()),
        (1, "", "error: 1:5: expected '#', '.' or the end of the row, found 'x'\n")
    );
}

#[test]
fn an_input_that_cannot_be_read_is_an_io_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    let (status, stdout, stderr) = run(&["tavern", path], b"");
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert!(stderr.starts_with(&format!("error: cannot read '{path}': ")), "stderr: {stderr}");
}

#[test]
fn results_files_are_read_within_a_bound() {
    // A first line that cannot be the header is refused from its first 4 KiB.
    for args in [&["standings"][..], &["pair"]] {
        let (status, stdout, stderr, written) = run_fed(args, b"\0", 2_000_000_000);
        assert_eq!((status, stdout.as_str()), (1, ""), "{args:?}");
        assert!(stderr.starts_with("error: 1:1: header field 1 is \"\\0\\0"), "{args:?}: {stderr}");
        assert!(written < FEW_BYTES, "{args:?}: {written} bytes consumed of 2 GB");
    }
    // A results file is read up to 64 MiB, then refused for capacity.
    let rows: &[u8] = b"round,player1,player2,wins1,wins2,draws\n1,Ann,Bob,2,0,0\n";
    for args in [&["standings"][..], &["pair"]] {
        let (status, stdout, stderr, written) = run_fed(args, rows, 2_000_000_000);
        assert_eq!((status, stdout.as_str()), (3, ""), "{args:?}");
        assert_eq!(stderr, "error: stdin is over 64 MiB, the most this build reads\n", "{args:?}");
        assert!(written < (64 << 20) + FEW_BYTES, "{args:?}: {written} bytes consumed of 2 GB");
    }
    // A list of players is refused at its first wrong line, however long the rest: a results
    // file given as one at its header, a name listed twice at its second line.
    let (status, stdout, stderr, written) = run_fed(&["pair", "--players"], rows, 2_000_000_000);
    assert_eq!((status, stdout.as_str()), (1, ""));
    assert!(stderr.starts_with("error: 1:1: this is a results file"), "{stderr}");
    assert!(written < FEW_BYTES, "{written} bytes consumed of 2 GB");
    let (status, stdout, stderr, written) = run_fed(&["pair", "--players"], b"Ann\n", 2_000_000_000);
    assert_eq!((status, stdout.as_str()), (1, ""));
    assert_eq!(stderr, "error: 2:1: \"Ann\" is listed twice\n");
    assert!(written < FEW_BYTES, "{written} bytes consumed of 2 GB");
}
