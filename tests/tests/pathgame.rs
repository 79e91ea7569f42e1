//! The typed `pathgame::Decider` against two references independent of the solver (the minimax
//! in `referee_tests::reference::pathgame`, shared with the fuzz targets, and the mex table here):
//!
//! - the contest's Sprague–Grundy table, filled by the plain `O(W²)` mex recurrence over
//!   segments; it proves the closed form of `segment_grundy` for every width up to 1 200 and
//!   all nine pairs of boundaries, and decides long boards segment by segment;
//! - a plain minimax over board states (a move paints any white cell; the player who cuts every
//!   path loses), with a flood-fill connectivity check, memoised by the board's bitmask: every
//!   board of width ≤ 8 and 2 000 seeded random boards of width ≤ 10.
//!
//! Then the judge text on its own: both notations, in memory and streamed, against the typed
//! answer, and one test per kind of invalid input, with its exact message and position.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::cast_possible_truncation)]

use std::sync::OnceLock;

use referee_core::judge::{self, Options, Problem};
use referee_core::pathgame::{segment_grundy, Boundary, Decider, Fault, FaultKind, Row, Winner};
use referee_tests::reference::pathgame::{bitmask, braces, has_path, plain, rows, Minimax};
use referee_tests::{data_dir, expect_refusal, inputs, pathgame_board, referee, Rng, PATHGAME_BENCH_SEED};

/// Widths the mex table covers.
const TABLE_WIDTH: usize = 1200;

/// Boundary kinds of the table: 0 = the board's edge, 1 = black in the top row, 2 = bottom.
const KINDS: [usize; 3] = [0, 1, 2];

/// `table[w][left][right]`: the Grundy value of a white segment of width `w`, by mex over its
/// moves. Painting row `c` (1 = top, 2 = bottom) of column `j` is allowed unless it touches a
/// black boundary of the other row (that move would cut the path), and splits the segment into
/// `(j, left, c)` and `(w - 1 - j, c, right)`.
fn mex_table(max_width: usize) -> Vec<[[u32; 3]; 3]> {
    let mut table = vec![[[0u32; 3]; 3]; max_width + 1];
    let mut seen = vec![false; 2 * max_width + 2];
    for w in 1..=max_width {
        for left in KINDS {
            for right in KINDS {
                seen.iter_mut().for_each(|s| *s = false);
                for j in 0..w {
                    for c in [1, 2] {
                        let touches_left = j == 0 && left != 0 && left != c;
                        let touches_right = j == w - 1 && right != 0 && right != c;
                        if !(touches_left || touches_right) {
                            let value = table[j][left][c] ^ table[w - 1 - j][c][right];
                            if let Some(slot) = seen.get_mut(value as usize) {
                                *slot = true;
                            }
                        }
                    }
                }
                table[w][left][right] = seen.iter().position(|&s| !s).unwrap() as u32;
            }
        }
    }
    table
}

/// The table up to [`TABLE_WIDTH`], computed once for all tests.
fn table() -> &'static [[[u32; 3]; 3]] {
    static TABLE: OnceLock<Vec<[[u32; 3]; 3]>> = OnceLock::new();
    TABLE.get_or_init(|| mex_table(TABLE_WIDTH))
}

fn boundary(kind: usize) -> Boundary {
    match kind {
        0 => Boundary::Edge,
        1 => Boundary::Black(Row::Top),
        _ => Boundary::Black(Row::Bottom),
    }
}

#[test]
fn grundy_pattern_matches_the_mex_table() {
    for (w, values) in table().iter().enumerate() {
        for left in KINDS {
            for right in KINDS {
                let pattern = segment_grundy(w as u64, boundary(left), boundary(right));
                assert_eq!(pattern, u64::from(values[left][right]), "width {w}, boundaries {left} {right}");
            }
        }
    }
}

/// A board: per column, 0 = white, 1 = black on top, 2 = black at the bottom, 3 = both.
type Board = Vec<u8>;

/// The typed decider's verdict on `board`, fed in pieces of `piece` columns.
fn typed(board: &[u8], piece: usize) -> Result<Winner, Fault> {
    let (top, bottom) = rows(board);
    let mut decider = Decider::new();
    for (t, b) in top.as_bytes().chunks(piece).zip(bottom.as_bytes().chunks(piece)) {
        decider.feed(t, b)?;
    }
    Ok(decider.winner())
}

/// The judge answer of a winner.
fn answer_line(winner: Winner) -> String {
    format!("{}\n", winner.name())
}

/// Checks the typed verdict on `board` against minimax: a winner exactly when the board has a
/// path (then minimax's), else a fault that cuts the path. Returns whether it had a path.
fn check_typed(board: &[u8], piece: usize, minimax: &mut Minimax) -> bool {
    let valid = has_path(bitmask(board), board.len());
    match typed(board, piece) {
        Ok(winner) => {
            assert!(valid, "{board:?}: decided a board without a path");
            assert_eq!(answer_line(winner), minimax.answer(board), "{}", plain(board));
        }
        Err(fault) => {
            assert!(!valid, "{board:?}: refused a board with a path: {fault}");
            assert!(matches!(fault.kind, FaultKind::BlackColumn | FaultKind::Diagonal(_)), "{board:?}: {fault}");
        }
    }
    valid
}

#[test]
fn minimax_agrees_with_the_typed_decider_on_every_board_up_to_width_8() {
    let mut minimax = Minimax::new();
    let mut decided = 0;
    for w in 1..=8u32 {
        for code in 0..4u32.pow(w) {
            let board: Board = (0..w).map(|j| (code >> (2 * j) & 3) as u8).collect();
            decided += usize::from(check_typed(&board, 1 + code as usize % 3, &mut minimax));
        }
    }
    // Boards with a path: columns white or black in one row, no two adjacent columns black in
    // different rows: a(w) = 2·a(w−1) + a(w−2), 3, 7, 17, 41, 99, 239, 577, 1393.
    assert_eq!(decided, 2376);
}

/// A random board of `w` columns: each column white, black on top or at the bottom (both with
/// a small chance), with a random density.
fn random_board(rng: &mut Rng, w: usize) -> Board {
    let black_in = rng.range(0, 100);
    (0..w)
        .map(|_| {
            if rng.range(0, 99) >= black_in {
                0
            } else if rng.range(0, 40) == 0 {
                3
            } else {
                rng.range(1, 2) as u8
            }
        })
        .collect()
}

#[test]
fn minimax_agrees_with_the_typed_decider_on_random_boards_up_to_width_10() {
    let mut rng = Rng::new(0x7061_7468);
    let mut minimax = Minimax::new();
    let mut decided = 0;
    while decided < 3000 {
        let w = rng.range(1, 10) as usize;
        let board = random_board(&mut rng, w);
        decided += usize::from(check_typed(&board, rng.range(1, 4) as usize, &mut minimax));
    }
}

/// Runs the CLI on a board in both notations; returns the answer, or `None` when the board
/// was refused (both notations must agree).
fn run_both(board: &[u8]) -> Option<String> {
    let outcome = referee(&["pathgame"], plain(board).as_bytes());
    let other = referee(&["pathgame"], braces(board).as_bytes());
    assert_eq!(outcome.status, other.status, "{board:?}: {} / {}", outcome.stderr, other.stderr);
    if outcome.status != 0 {
        let message = expect_refusal(&outcome, &plain(board));
        assert!(message.starts_with("no left-to-right path"), "{board:?}: {message}");
        return None;
    }
    assert_eq!(outcome.stdout, other.stdout, "{board:?}");
    Some(String::from_utf8(outcome.stdout).unwrap())
}

/// The judge text on its own: every board up to width 6 through the CLI in both notations
/// gives the typed answer, or a refusal exactly when the typed decider faults.
#[test]
fn the_judge_prints_the_typed_answer_on_every_board_up_to_width_6() {
    let mut checked = 0;
    for w in 1..=6u32 {
        for code in 0..4u32.pow(w) {
            let board: Board = (0..w).map(|j| (code >> (2 * j) & 3) as u8).collect();
            let expected = typed(&board, board.len()).ok().map(answer_line);
            assert_eq!(run_both(&board), expected, "{}", plain(&board));
            checked += 1;
        }
    }
    assert_eq!(checked, 4 + 16 + 64 + 256 + 1024 + 4096);
}

/// The contest solution: the XOR of the table values of the maximal runs of white columns.
fn table_answer(board: &[u8], table: &[[[u32; 3]; 3]]) -> &'static str {
    let kind = |j: Option<usize>| j.and_then(|j| board.get(j)).map_or(0, |&c| usize::from(c));
    let mut xor = 0;
    let mut j = 0;
    while j < board.len() {
        if board[j] != 0 {
            j += 1;
            continue;
        }
        let start = j;
        while j < board.len() && board[j] == 0 {
            j += 1;
        }
        xor ^= table[j - start][kind(start.checked_sub(1))][kind(Some(j))];
    }
    if xor == 0 {
        "Sothe\n"
    } else {
        "Snuke\n"
    }
}

/// A long board with a path whose white runs are at most `TABLE_WIDTH` wide.
fn long_board(rng: &mut Rng, w: usize) -> Board {
    let mut board = vec![0u8; w];
    let mut row = rng.range(1, 2) as u8;
    let mut j = rng.below(w.min(TABLE_WIDTH) + 1);
    let mut gap = 1;
    while j < w {
        // Adjacent black columns must be in the same row, or the path would be cut.
        if gap > 0 && rng.range(0, 1) == 0 {
            row = 3 - row;
        }
        board[j] = row;
        gap = match rng.range(0, 9) {
            0..=4 => rng.range(0, 4),
            5..=8 => rng.range(0, 60),
            _ => rng.range(0, TABLE_WIDTH as u64 - 1),
        } as usize;
        j += gap + 1;
    }
    if w <= TABLE_WIDTH && rng.range(0, 9) == 0 {
        board.fill(0);
    }
    board
}

fn driver(input: &[u8]) -> Result<String, String> {
    let mut out = String::new();
    // The exact reader holds the first row in scratch (N/32 words) while the second streams.
    judge::run(Problem::Pathgame, input, &Options::default(), &mut referee_core::HeapScratch::default(), &mut out)
        .map(|()| out)
        .map_err(|e| e.to_string())
}

fn streamed(input: &[u8], buffer: usize) -> Option<String> {
    let mut out = String::new();
    let mut source = input.to_vec();
    let result =
        judge::run_streaming(Problem::Pathgame, &mut source[..], &Options::default(), &mut vec![0; buffer], &mut out);
    result.map(|r| r.map(|()| out).unwrap())
}

#[test]
fn long_typed_boards_agree_with_the_segment_table() {
    let table = table();
    let mut rng = Rng::new(0x6c6f_6e67);
    for case in 0..300 {
        let w = if case % 3 == 0 { rng.range(1, 300) } else { rng.range(1, 20_000) } as usize;
        let board = long_board(&mut rng, w);
        let piece = [1, 7, 4096, 5000, w][rng.below(5)];
        let typed = typed(&board, piece).map(answer_line);
        assert_eq!(typed.as_deref(), Ok(table_answer(&board, table)), "case {case}, width {w}, pieces of {piece}");
    }
}

/// The judge text on its own: long boards in both notations, in memory and streamed through
/// buffers of random sizes, give the typed answer.
#[test]
fn long_boards_in_text_give_the_typed_answer_in_memory_and_streamed() {
    let mut rng = Rng::new(0x7374_7265);
    for case in 0..150 {
        let w = rng.range(1, 20_000) as usize;
        let board = long_board(&mut rng, w);
        let expected = answer_line(typed(&board, w).unwrap());
        let input = plain(&board);
        assert_eq!(driver(input.as_bytes()).as_deref(), Ok(expected.as_str()), "case {case}, width {w}");
        assert_eq!(driver(braces(&board).as_bytes()).as_deref(), Ok(expected.as_str()), "case {case}, braces");
        let buffer = rng.range(2, 3000) as usize;
        assert_eq!(streamed(input.as_bytes(), buffer), Some(expected), "case {case}, buffer {buffer}");
    }
}

#[test]
fn the_benchmark_board_has_a_path() {
    let text = pathgame_board(100_000, PATHGAME_BENCH_SEED);
    let answer = driver(&text).unwrap();
    assert_eq!(streamed(&text, 4096).as_deref(), Some(answer.as_str()));
    assert!(text.iter().filter(|&&b| b == b'#').count() > 1000);
}

/// The first fault of a board in plain notation by the documented rule (the first row's bytes
/// first, then column by column: the second row's byte, a black column, a corner contact), as
/// `line:column: message`.
fn first_fault(top: &[u8], bottom: &[u8]) -> String {
    let is_cell = |b: u8| b == b'#' || b == b'.';
    if let Some(j) = top.iter().position(|&b| !is_cell(b)) {
        return format!("1:{}: expected '#', '.' or the end of the row, found '{}'", j + 1, char::from(top[j]));
    }
    for j in 0..top.len() {
        if !is_cell(bottom[j]) {
            return format!("2:{}: expected '#' or '.', found '{}'", j + 1, char::from(bottom[j]));
        }
        let black = |row: &[u8], j: usize| row[j] == b'#';
        if black(top, j) && black(bottom, j) {
            return format!("2:{}: no left-to-right path: column {} is black in both rows", j + 1, j + 1);
        }
        let corner = |row: &[u8], other: &[u8]| j > 0 && black(row, j) && black(other, j - 1);
        for (row, other, line) in [(top, bottom, 1), (bottom, top, 2)] {
            if corner(row, other) {
                return format!(
                    "{line}:{}: no left-to-right path: column {} has its black cell in the other row than the column before it (they touch only at a corner)",
                    j + 1,
                    j + 1
                );
            }
        }
    }
    panic!("no fault in the board");
}

/// The first fault of the typed decider by its documented rule: column by column, the top
/// byte, the bottom byte, a black column, then a corner contact with the column before.
fn typed_first_fault(top: &[u8], bottom: &[u8]) -> Fault {
    let is_cell = |b: u8| b == b'#' || b == b'.';
    for j in 0..top.len() {
        let kind = if !is_cell(top[j]) {
            Some(FaultKind::NotACell(Row::Top))
        } else if !is_cell(bottom[j]) {
            Some(FaultKind::NotACell(Row::Bottom))
        } else if top[j] == b'#' && bottom[j] == b'#' {
            Some(FaultKind::BlackColumn)
        } else if j > 0 && top[j] == b'#' && bottom[j - 1] == b'#' {
            Some(FaultKind::Diagonal(Row::Top))
        } else if j > 0 && bottom[j] == b'#' && top[j - 1] == b'#' {
            Some(FaultKind::Diagonal(Row::Bottom))
        } else {
            None
        };
        if let Some(kind) = kind {
            return Fault { column: j as u64, kind };
        }
    }
    panic!("no fault in the board");
}

#[test]
fn faults_in_long_boards_are_reported_at_their_first_column() {
    let mut rng = Rng::new(0x6661_756c);
    for case in 0..300 {
        let w = rng.range(2, 12_000) as usize;
        let (top, bottom) = rows(&long_board(&mut rng, w));
        let (mut top, mut bottom) = (top.into_bytes(), bottom.into_bytes());
        for _ in 0..rng.range(1, 3) {
            let j = rng.below(w);
            match rng.range(0, 3) {
                0 => [&mut top, &mut bottom][rng.below(2)][j] = b"x-0?"[rng.below(4)],
                1 => (top[j], bottom[j]) = (b'#', b'#'),
                _ => {
                    let j = j.min(w - 2);
                    let (a, b) = if rng.range(0, 1) == 0 { (&mut top, &mut bottom) } else { (&mut bottom, &mut top) };
                    (a[j], b[j + 1], a[j + 1]) = (b'#', b'#', b'.');
                }
            }
        }
        let input = [&top[..], b"\n", &bottom[..], b"\n"].concat();
        let expected = first_fault(&top, &bottom);
        let mut decider = Decider::new();
        let fault = decider.feed(&top, &bottom).unwrap_err();
        assert_eq!(fault, typed_first_fault(&top, &bottom), "case {case}: the typed fault");
        assert_eq!(decider.columns(), fault.column, "case {case}: the columns before the fault are fed");
        assert_eq!(driver(&input), Err(expected), "case {case}, width {w}");
        assert_eq!(streamed(&input, 1000), None, "case {case}: streaming declines invalid boards");
    }
}

/// Every `tc-*.in` (the official examples, in TopCoder's notation) has the answer of the
/// references: minimax up to width 10, the segment table beyond. With `REFEREE_BLESS=1` the
/// `.out` files are written from the references instead.
#[test]
fn official_examples_in_braces_match_the_references() {
    let mut minimax = Minimax::new();
    let mut checked = 0;
    for input in inputs("pathgame").into_iter().filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("tc-"))
    {
        let text = std::fs::read_to_string(&input).unwrap();
        let strings: Vec<&str> = text.split('"').skip(1).step_by(2).collect();
        let [top, bottom] = strings[..] else { panic!("{}: two strings", input.display()) };
        let board: Board =
            top.bytes().zip(bottom.bytes()).map(|(t, b)| u8::from(t == b'#') | u8::from(b == b'#') << 1).collect();
        let expected = if board.len() <= 10 { minimax.answer(&board) } else { table_answer(&board, table()) };
        let out = input.with_extension("out");
        if std::env::var_os("REFEREE_BLESS").is_some() {
            std::fs::write(&out, expected).unwrap();
        }
        assert_eq!(std::fs::read_to_string(&out).unwrap(), expected, "{}", input.display());
        checked += 1;
    }
    assert_eq!(checked, 5, "the five official examples under {}", data_dir().display());
}

/// Refuses `input` with exactly `message` (`line:column: text`).
fn refused(input: &str, message: &str) {
    let outcome = referee(&["pathgame"], input.as_bytes());
    let _ = expect_refusal(&outcome, input);
    assert_eq!(outcome.stderr, format!("error: {message}\n"), "{input:?}");
}

#[test]
fn refuses_other_characters() {
    refused(".x.\n...\n", "1:2: expected '#', '.' or the end of the row, found 'x'");
    refused("...\n..o\n", "2:3: expected '#' or '.', found 'o'");
    refused("{\"#. .\", \".....\"}", "1:5: expected '#', '.' or '\"' closing the row, found space");
}

#[test]
fn refuses_rows_of_different_lengths() {
    refused("...\n..\n", "2:3: the second row is shorter than the first (the rows must have the same length)");
    refused("...\n....\n", "2:4: the second row is longer than the first (the rows must have the same length)");
    refused("{\"...\", \"..\"}", "1:12: the second row is shorter than the first (the rows must have the same length)");
}

#[test]
fn refuses_a_missing_row() {
    refused("...\n", "2:1: expected the second row, found end of input");
    refused("", "1:1: expected a board: two rows of '#' and '.', found end of input");
    refused("{\"...\"}", "1:7: expected ',' between the two rows, found '}'");
}

#[test]
fn refuses_a_board_without_a_path_at_its_first_cut() {
    refused("#.\n#.\n", "2:1: no left-to-right path: column 1 is black in both rows");
    refused(
        "...#...#\n....#...\n",
        "2:5: no left-to-right path: column 5 has its black cell in the other row than the column before it (they touch only at a corner)",
    );
}

#[test]
fn refuses_anything_after_the_board() {
    refused("..\n..\n..\n", "3:1: expected end of input, found '.'");
    refused("{\"..\", \"..\"} x", "1:14: expected end of input, found 'x'");
    refused("{\"..\", \"..\", \"..\"}", "1:12: expected '}' closing the board, found ','");
}

#[test]
fn refuses_malformed_braces() {
    refused("{..}", "1:2: expected '\"' opening the first row, found '.'");
    refused("{\"..\" \"..\"}", "1:7: expected ',' between the two rows, found '\"'");
    refused("{\"..\", ..}", "1:8: expected '\"' opening the second row, found '.'");
    refused("{\"..\", \"..\"", "1:12: expected '}' closing the board, found end of input");
}
