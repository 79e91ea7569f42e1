//! Every input read as a stream (`judge::run_read`) gives what the whole input in memory
//! (`judge::run`) gives: the same answer or the same positioned error, byte for byte, through
//! windows from the smallest allowed to a few KiB and a source that hands out random pieces;
//! a read that fails is reported as a read error, never as an answer or another refusal; hooks
//! (`judge::run_read_with`) that do the driver's work change no byte.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::cast_possible_truncation)]

use referee_core::judge::{self, ErrorKind, Options, Problem};
use referee_core::scratch::Scratch;
use referee_core::swiss::text::{InOrder, RoundWriter};
use referee_core::swiss::Tournament;
use referee_core::tavern::{self, Battle, Odds, OddsError, Strategy};
use referee_core::text::{Read, ReadError, MIN_WINDOW};
use referee_core::HeapScratch;
use referee_tests::{inputs, pathgame_board, Rng};

/// A source handing out pieces of random sizes (at most `max_piece`), failing every read from
/// offset `fail_at` on.
struct Pieces<'a> {
    bytes: &'a [u8],
    offset: usize,
    rng: Rng,
    max_piece: usize,
    fail_at: usize,
    /// Bytes handed out.
    read: usize,
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> Result<usize, ReadError> {
        let left = self.bytes.len() - self.offset;
        if left == 0 {
            return Ok(0);
        }
        if self.offset >= self.fail_at {
            return Err(ReadError);
        }
        let piece = 1 + self.rng.below(self.max_piece);
        let len = buf.len().min(piece).min(left).min(self.fail_at - self.offset);
        buf[..len].copy_from_slice(&self.bytes[self.offset..self.offset + len]);
        self.offset += len;
        self.read += len;
        Ok(len)
    }
}

/// The driver on the whole input: its answer, or its error as the host prints it.
fn whole(problem: Problem, input: &[u8], options: &Options) -> Result<String, String> {
    let mut out = String::new();
    judge::run(problem, input, options, &mut HeapScratch::default(), &mut out).map(|()| out).map_err(|e| e.to_string())
}

/// The driver on `input` as a stream through `window` bytes, in pieces of up to `max_piece`,
/// failing from `fail_at` on; also returns how many bytes it read.
fn streamed(
    problem: Problem,
    input: &[u8],
    options: &Options,
    window: usize,
    (seed, max_piece, fail_at): (u64, usize, usize),
) -> (Result<String, judge::Error>, usize) {
    let mut source = Pieces { bytes: input, offset: 0, rng: Rng::new(seed), max_piece, fail_at, read: 0 };
    let mut out = String::new();
    let mut buffer = vec![0u8; window];
    let result = judge::run_read(problem, &mut source, options, &mut buffer, &mut HeapScratch::default(), &mut out)
        .map(|()| out);
    (result, source.read)
}

/// [`judge::Hooks`] that do the driver's own work and count it: rounds written, battles
/// searched (or refused with `refusal`).
#[derive(Default)]
struct Counting {
    rounds: CountingRounds,
    battles: usize,
    refusal: Option<OddsError>,
}

/// [`InOrder`] counting the rounds it writes.
#[derive(Default)]
struct CountingRounds {
    in_order: InOrder,
    written: usize,
}

impl RoundWriter<String> for CountingRounds {
    fn write_round(&mut self, tournament: &Tournament<'_>, out: &mut String) -> std::fmt::Result {
        self.written += 1;
        self.in_order.write_round(tournament, out)
    }

    fn finish(&mut self, out: &mut String) -> std::fmt::Result {
        self.in_order.finish(out)
    }
}

impl judge::Hooks<String> for Counting {
    type Rounds = CountingRounds;

    fn swiss_rounds(&mut self) -> &mut CountingRounds {
        &mut self.rounds
    }

    fn tavern_odds(
        &mut self,
        battle: &Battle,
        strategy: Strategy,
        scratch: &mut (impl Scratch + ?Sized),
    ) -> Result<Odds<'static>, OddsError> {
        self.battles += 1;
        match self.refusal {
            Some(error) => Err(error),
            None => tavern::odds(battle, strategy, scratch),
        }
    }
}

/// `judge::run_read_with` on `input` through a small window, with `hooks`.
fn streamed_with(problem: Problem, input: &[u8], options: &Options, hooks: &mut Counting) -> Result<String, String> {
    let mut source = input;
    let mut out = String::new();
    let mut buffer = vec![0u8; MIN_WINDOW + 7];
    judge::run_read_with(problem, &mut source, options, &mut buffer, &mut HeapScratch::default(), hooks, &mut out)
        .map(|()| out)
        .map_err(|e| e.to_string())
}

#[test]
fn hooks_do_the_rounds_and_the_battles_and_change_no_byte() {
    let (mut rounds, mut battles) = (0, 0);
    for (problem, input, name) in cases() {
        for options in option_sets(problem) {
            let mut hooks = Counting::default();
            assert_eq!(
                streamed_with(problem, &input, &options, &mut hooks),
                whole(problem, &input, &options),
                "{name}"
            );
            assert!(problem == Problem::Swiss || hooks.rounds.written == 0, "{name}");
            assert!(problem == Problem::Tavern || hooks.battles == 0, "{name}");
            rounds += hooks.rounds.written;
            battles += hooks.battles;
        }
    }
    assert!(rounds > 20 && battles > 10, "{rounds} rounds, {battles} battles");
    // A search the hooks refuse is the input's error, at its start.
    let mut hooks = Counting { refusal: Some(OddsError::Overflow), ..Counting::default() };
    let refused = streamed_with(Problem::Tavern, b"2 3\n2 5\n3 4 1\n", &Options::default(), &mut hooks);
    assert_eq!(refused, Err("1:1: an outcome count (beyond the proven integer range)".to_owned()));
}

/// Every option set of `problem` (plain, and `--exact` where there is one).
fn option_sets(problem: Problem) -> Vec<Options> {
    let mut sets = vec![Options::default()];
    if problem.has_exact_mode() {
        sets.push(Options::exact(true));
    }
    sets
}

/// Every judge case, valid and invalid, of every problem.
fn cases() -> Vec<(Problem, Vec<u8>, String)> {
    let mut cases = Vec::new();
    for &problem in Problem::ALL {
        for folder in [problem.name().to_owned(), format!("invalid/{}", problem.name())] {
            for path in inputs(&folder) {
                cases.push((problem, std::fs::read(&path).unwrap(), path.display().to_string()));
            }
        }
    }
    cases
}

#[test]
fn every_case_streams_like_the_whole_input_through_any_window() {
    let mut rng = Rng::new(0x7374_7265_616d);
    let mut checked = 0;
    for (problem, input, name) in cases() {
        for options in option_sets(problem) {
            let expected = whole(problem, &input, &options);
            let mut windows = vec![MIN_WINDOW, MIN_WINDOW + 1, 7, 64, 4096];
            windows.push(MIN_WINDOW + rng.below(300));
            for window in windows {
                let max_piece = [1, 3, 1000][rng.below(3)];
                let (result, _) = streamed(problem, &input, &options, window, (rng.next_u64(), max_piece, usize::MAX));
                assert_eq!(
                    result.map_err(|e| e.to_string()),
                    expected,
                    "{name}, window {window}, pieces ≤ {max_piece}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "{checked} runs");
}

#[test]
fn mutated_cases_stream_like_the_whole_input() {
    let mut rng = Rng::new(0x6d75_7461_7465);
    let interesting = b"0123456789-+ \n\r\t{},\"#.x";
    for (problem, input, name) in cases() {
        if problem == Problem::Tavern && input.len() > 40 {
            continue; // 7-against-7 battles: a full search each; the short ones cover the reader
        }
        for _ in 0..20 {
            let mut bytes = input.clone();
            for _ in 0..=rng.below(3) {
                let at = rng.below(bytes.len() + 1);
                let byte = interesting[rng.below(interesting.len())];
                match rng.below(3) {
                    0 if at < bytes.len() => bytes[at] = byte,
                    1 if at < bytes.len() => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, byte),
                }
            }
            let options = Options::default();
            let expected = whole(problem, &bytes, &options);
            let window = MIN_WINDOW + rng.below(40);
            let (result, _) =
                streamed(problem, &bytes, &options, window, (rng.next_u64(), 1 + rng.below(9), usize::MAX));
            assert_eq!(
                result.map_err(|e| e.to_string()),
                expected,
                "{name} mutated to {:?}",
                String::from_utf8_lossy(&bytes)
            );
        }
    }
}

#[test]
fn a_failed_read_is_a_read_error_never_an_answer() {
    let mut rng = Rng::new(0x6661_696c);
    let mut read_errors = 0;
    for (problem, input, name) in cases() {
        if input.is_empty() {
            continue;
        }
        let options = Options::default();
        let expected = whole(problem, &input, &options);
        for _ in 0..4 {
            let fail_at = rng.below(input.len());
            let window = MIN_WINDOW + rng.below(64);
            let (result, read) =
                streamed(problem, &input, &options, window, (rng.next_u64(), 1 + rng.below(16), fail_at));
            assert!(read <= fail_at, "{name}: read past the failure");
            match result {
                Err(error) if error.kind == ErrorKind::Read => {
                    assert_eq!(error.exit_status(), judge::ExitStatus::Usage);
                    read_errors += 1;
                }
                // Refused before the failure: the same refusal as the whole input's.
                Err(error) => assert_eq!(Err(error.to_string()), expected, "{name}, failing at {fail_at}"),
                Ok(answer) => panic!("{name}: answered {answer:?} though the read failed at {fail_at}"),
            }
        }
    }
    assert!(read_errors > 100, "{read_errors} read errors");
}

/// An input is read only as far as needed: a wrong byte early in a long stream stops the
/// reading a window later.
#[test]
fn reading_stops_at_the_first_wrong_byte() {
    let mut long = b"1 1\n5\n5\n".to_vec();
    long.resize(1 << 20, b'7');
    let cases: [(Problem, &[u8], &str); 4] = [
        (Problem::Tavern, &long, "4:1: expected end of input, found '7'"),
        (Problem::Swiss, &[0u8; 1 << 20], "1:1: expected the number of test cases, found byte 0x00"),
        (Problem::Greater, &[b'{'; 1 << 20], "1:2: expected a card of hand, found '{'"),
        (Problem::Pathgame, &[b'.'; 1 << 20][..], "1:1048577: expected the second row, found end of input"),
    ];
    for (problem, input, message) in cases {
        let (result, read) = streamed(problem, input, &Options::default(), 4096, (1, 4096, usize::MAX));
        assert_eq!(result.unwrap_err().to_string(), message, "{}", problem.name());
        assert_eq!(whole(problem, input, &Options::default()), Err(message.to_owned()));
        if problem != Problem::Pathgame {
            assert!(read <= 2 * 4096, "{}: read {read} bytes", problem.name());
        }
    }
}

/// A wide board through a stream: the first row is held at one bit per column, the answer is
/// the one of the board in memory.
#[test]
fn a_wide_board_streams_with_the_answer_in_memory() {
    let board = pathgame_board(300_000, 7);
    let expected = whole(Problem::Pathgame, &board, &Options::default());
    let (result, read) = streamed(Problem::Pathgame, &board, &Options::default(), 1000, (3, 5000, usize::MAX));
    assert_eq!(result.map_err(|e| e.to_string()), expected);
    assert_eq!(read, board.len());
}

/// Wide boards with a fault somewhere (a wrong byte, a black column, a corner, a short or long
/// second row), in both notations: the stream, through windows that cut the rows anywhere,
/// reports what the board in memory reports.
#[test]
fn faults_in_wide_boards_stream_like_the_board_in_memory() {
    let mut rng = Rng::new(0x7769_6465);
    for case in 0..200 {
        let columns = 1 + rng.below(3000);
        let board = pathgame_board(columns.max(10), rng.next_u64());
        let (mut top, mut bottom) =
            (board[..board.len() / 2 - 1].to_vec(), board[board.len() / 2..board.len() - 1].to_vec());
        let j = rng.below(top.len());
        match rng.below(5) {
            0 => [&mut top, &mut bottom][rng.below(2)][j] = b"x?-"[rng.below(3)],
            1 => (top[j], bottom[j]) = (b'#', b'#'),
            2 if j + 1 < top.len() => (top[j], bottom[j + 1], top[j + 1]) = (b'#', b'#', b'.'),
            3 => bottom.truncate(j),
            _ => bottom.push(b'.'),
        }
        let plain = [&top[..], b"\n", &bottom[..], b"\n"].concat();
        let braces = [&b"{\""[..], &top, b"\", \"", &bottom, b"\"}"].concat();
        for input in [plain, braces] {
            let expected = whole(Problem::Pathgame, &input, &Options::default());
            let window = MIN_WINDOW + rng.below(200);
            let (result, _) = streamed(
                Problem::Pathgame,
                &input,
                &Options::default(),
                window,
                (rng.next_u64(), 1 + rng.below(100), usize::MAX),
            );
            assert_eq!(result.map_err(|e| e.to_string()), expected, "case {case}, window {window}");
        }
    }
}
