//! Reading a board: the one-pass plain layout (in memory, or at offsets of a [`ReadAt`] source)
//! and the exact reader that reads any input front to back (in memory or from a stream) and
//! reports its first error. The exact reader holds the first row in scratch, one bit per
//! column, while the second row streams past it into the [`Decider`].

use core::fmt::Write;

use super::{Decider, Fault, FaultKind, Row, Winner, MAX_COLUMNS};
use crate::scratch::{grow, Scratch};
use crate::text::scanner::is_space;
use crate::text::{Error, ErrorKind, Position, ReadAt, Result, Scanner, Window};

/// Where the rows of a valid board in plain notation must be: the text between the leading
/// and the trailing whitespace is `row`, a line break (`\n` or `\r\n`), `row` of equal length,
/// so its length alone tells the row length and which line break it is.
#[derive(Clone, Copy, Debug)]
struct Layout {
    top: u64,
    bottom: u64,
    columns: u64,
    separator: &'static [u8],
}

impl Layout {
    /// The layout of an input of `len` bytes starting and ending with `leading` and `trailing`
    /// whitespace bytes, if it can hold a board of 1 to [`MAX_COLUMNS`] columns.
    fn new(len: u64, leading: u64, trailing: u64) -> Option<Self> {
        let text = len.checked_sub(leading)?.checked_sub(trailing)?;
        let separator: &'static [u8] = if text % 2 == 1 { b"\n" } else { b"\r\n" };
        let columns = text.checked_sub(separator.len() as u64)? / 2;
        (1..=MAX_COLUMNS).contains(&columns).then(|| Self {
            top: leading,
            bottom: leading + columns + separator.len() as u64,
            columns,
            separator,
        })
    }
}

/// Decides a valid board in plain notation in one pass over the input; `None` when the input
/// is anything else (then [`read_exactly`] says what).
fn plain_fast(input: &[u8]) -> Option<Winner> {
    let leading = input.iter().take_while(|&&b| is_space(b)).count();
    let trailing = input.iter().rev().take_while(|&&b| is_space(b)).count();
    let layout = Layout::new(input.len() as u64, leading as u64, trailing as u64)?;
    let top = usize::try_from(layout.top).ok()?;
    let bottom = usize::try_from(layout.bottom).ok()?;
    let columns = usize::try_from(layout.columns).ok()?;
    if input.get(top + columns..bottom)? != layout.separator {
        return None;
    }
    let mut decider = Decider::new();
    decider.feed(input.get(top..top + columns)?, input.get(bottom..bottom + columns)?).ok()?;
    Some(decider.winner())
}

/// As [`plain_fast`], reading `source` through the two halves of `buffer`: one cursor per row.
fn plain_streamed<R: ReadAt + ?Sized>(source: &mut R, buffer: &mut [u8]) -> Option<Winner> {
    let board = PlainBoard::locate(source, buffer)?;
    Some(board.decide(source, 0..board.columns(), buffer)?.winner())
}

/// A board in plain notation located in a [`ReadAt`] source by the source's length alone (see
/// [`solve_at`]), so that its columns can be decided in ranges, each through a buffer of its
/// own (on threads of their own), and the ranges' deciders joined with [`Decider::then`].
///
/// ```
/// use referee_core::pathgame::{text::PlainBoard, Winner};
///
/// let mut input = *b"#....\n.....\n";
/// let source = &mut input[..];
/// let mut buffer = [0u8; 8];
/// let board = PlainBoard::locate(source, &mut buffer).expect("a board in plain notation");
/// let left = board.decide(source, 0..2, &mut buffer).expect("valid columns");
/// let right = board.decide(source, 2..5, &mut buffer).expect("valid columns");
/// assert_eq!(left.then(&right).map(|d| d.winner()), Ok(Winner::Snuke)); // 4 white columns after the edge
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PlainBoard {
    layout: Layout,
}

impl PlainBoard {
    /// Where the rows must be if `source` holds a valid board in plain notation: its leading
    /// and trailing whitespace read, the line break between the rows checked.
    ///
    /// Returns `None` when it is no such board by its length or its line break, `buffer` is
    /// shorter than 2 bytes, or a read fails (a `Some` board may still hold wrong bytes:
    /// [`PlainBoard::decide`] finds them).
    ///
    /// # Complexity
    /// `O(W)` for the `W` whitespace bytes at the ends, read through `buffer`.
    pub fn locate<R: ReadAt + ?Sized>(source: &mut R, buffer: &mut [u8]) -> Option<Self> {
        let buffer = buffer.get_mut(..buffer.len() / 2).filter(|half| !half.is_empty())?;
        let leading = spaces_at_start(source, buffer)?;
        let trailing = spaces_at_end(source, buffer)?;
        let layout = Layout::new(source.len(), leading, trailing)?;
        let mut separator = [0u8; 2];
        let separator = separator.get_mut(..layout.separator.len())?;
        source.read_at(layout.top + layout.columns, separator).ok()?;
        (separator == layout.separator).then_some(Self { layout })
    }

    /// The number of columns.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn columns(&self) -> u64 {
        self.layout.columns
    }

    /// The decider of the board's `columns` alone (counted from 0 at `columns.start`), read
    /// through the two halves of `buffer`, one cursor per row.
    ///
    /// Returns `None` when the range is empty or beyond the board, `buffer` is shorter than 2
    /// bytes, a read fails, or the columns are not a valid part of a board (a wrong byte, a cut
    /// path: the caller then reads the input front to back for the error's position).
    ///
    /// # Complexity
    /// `O(C)` for the `C` columns; reads of at most `buffer.len() / 2` bytes per cursor.
    pub fn decide<R: ReadAt + ?Sized>(
        &self,
        source: &mut R,
        columns: core::ops::Range<u64>,
        buffer: &mut [u8],
    ) -> Option<Decider> {
        if columns.is_empty() || columns.end > self.layout.columns {
            return None;
        }
        let half = buffer.len() / 2;
        let (top_buffer, bottom_buffer) = buffer.split_at_mut(half);
        let bottom_buffer = bottom_buffer.get_mut(..half).filter(|b| !b.is_empty())?;
        let mut decider = Decider::new();
        let mut done = columns.start;
        while done < columns.end {
            let piece = usize::try_from(columns.end - done).map_or(half, |left| left.min(half));
            let (top, bottom) = (top_buffer.get_mut(..piece)?, bottom_buffer.get_mut(..piece)?);
            source.read_at(self.layout.top + done, top).ok()?;
            source.read_at(self.layout.bottom + done, bottom).ok()?;
            decider.feed(top, bottom).ok()?;
            done += piece as u64;
        }
        Some(decider)
    }
}

/// The number of whitespace bytes at the start of `source`; `None` if it is all whitespace,
/// `buffer` is empty or a read fails.
fn spaces_at_start<R: ReadAt + ?Sized>(source: &mut R, buffer: &mut [u8]) -> Option<u64> {
    let len = source.len();
    let mut offset = 0;
    while offset < len {
        let window = read_window(source, offset, buffer)?;
        let spaces = window.iter().take_while(|&&b| is_space(b)).count();
        offset += spaces as u64;
        if spaces < window.len() {
            return Some(offset);
        }
    }
    None
}

/// The number of whitespace bytes at the end of `source`, as [`spaces_at_start`].
fn spaces_at_end<R: ReadAt + ?Sized>(source: &mut R, buffer: &mut [u8]) -> Option<u64> {
    let len = source.len();
    let mut counted = 0;
    while counted < len {
        let size = usize::try_from(len - counted).map_or(buffer.len(), |left| left.min(buffer.len()));
        let window = read_window(source, len - counted - size as u64, buffer.get_mut(..size)?)?;
        let spaces = window.iter().rev().take_while(|&&b| is_space(b)).count();
        counted += spaces as u64;
        if spaces < window.len() {
            return Some(counted);
        }
    }
    None
}

/// Fills as much of `buffer` as the input holds from `offset`; `None` if that is nothing.
fn read_window<'b, R: ReadAt + ?Sized>(source: &mut R, offset: u64, buffer: &'b mut [u8]) -> Option<&'b [u8]> {
    let left = source.len().checked_sub(offset)?;
    let size = usize::try_from(left).map_or(buffer.len(), |left| left.min(buffer.len()));
    let window = buffer.get_mut(..size).filter(|w| !w.is_empty())?;
    source.read_at(offset, window).ok()?;
    Some(window)
}

/// A byte of a row.
const fn is_cell(byte: u8) -> bool {
    matches!(byte, b'#' | b'.')
}

/// The two ways of writing a board.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Notation {
    /// Two lines.
    Plain,
    /// `{"row", "row"}`.
    Braces,
}

impl Notation {
    /// Whether `byte` ends a row, so that a second row ending there is too short (rather than
    /// holding a wrong byte).
    fn ends_row(self, byte: u8) -> bool {
        match self {
            Self::Plain => is_space(byte),
            Self::Braces => byte == b'"',
        }
    }

    /// What may follow a cell.
    const fn after_cell(self) -> &'static str {
        match self {
            Self::Plain => "'#', '.' or the end of the row",
            Self::Braces => "'#', '.' or '\"' closing the row",
        }
    }
}

/// The first row, held in scratch one bit per column (set for `#`): where it starts, and its
/// number of columns.
type TopRow = (Position, u64);

/// Columns per scratch word of the first row.
const COLUMNS_PER_WORD: u64 = 32;

/// Words of scratch added at a time while the first row grows (256 KiB), so that a growing
/// heap scratch stays within a step of what the row needs.
const GROWTH_WORDS: usize = 64 << 10;

/// What the capacity errors of the exact reader count.
const ROW_WORDS: &str = "scratch words (one per 32 columns of the first row)";

/// Columns expanded from the held first row per piece fed to the decider.
const PIECE: usize = 2048;

/// Reads any input token by token and decides it, or reports its first error exactly.
fn read_exactly<B: Window>(scanner: &mut Scanner<B>, scratch: &mut (impl Scratch + ?Sized)) -> Result<Winner> {
    let winner = match scanner.peek() {
        Some(b'{') => braces(scanner, scratch)?,
        Some(_) => plain(scanner, scratch)?,
        None => return Err(scanner.unexpected("a board: two rows of '#' and '.'")),
    };
    scanner.finish()?;
    Ok(winner)
}

/// Two lines: the rows. As everywhere, blanks may end a line and blank lines or indentation
/// may come before the second row; the rows themselves are on two different lines.
fn plain<B: Window>(scanner: &mut Scanner<B>, scratch: &mut (impl Scratch + ?Sized)) -> Result<Winner> {
    let top = first_row(scanner, scratch)?;
    scanner.skip_blanks();
    match scanner.peek_raw() {
        Some(found) if found != b'\n' && found != b'\r' => {
            return Err(scanner.error(ErrorKind::Unexpected { expected: Notation::Plain.after_cell(), found }));
        }
        _ => scanner.skip_line_break(),
    }
    scanner.skip_whitespace();
    second_row(scanner, scratch, top, Notation::Plain)
}

/// `{"row", "row"}`.
fn braces<B: Window>(scanner: &mut Scanner<B>, scratch: &mut (impl Scratch + ?Sized)) -> Result<Winner> {
    scanner.expect(b'{', "'{'")?;
    scanner.expect(b'"', "'\"' opening the first row")?;
    let top = first_row(scanner, scratch)?;
    close_row(scanner)?;
    scanner.expect(b',', "',' between the two rows")?;
    scanner.expect(b'"', "'\"' opening the second row")?;
    let winner = second_row(scanner, scratch, top, Notation::Braces)?;
    close_row(scanner)?;
    scanner.expect(b'}', "'}' closing the board")?;
    Ok(winner)
}

/// The `"` right after the last cell of a row in braces notation.
fn close_row<B: Window>(scanner: &mut Scanner<B>) -> Result<()> {
    if scanner.peek_raw() == Some(b'"') {
        scanner.expect(b'"', "'\"'")
    } else {
        Err(scanner.unexpected(Notation::Braces.after_cell()))
    }
}

/// The first row: at least one cell, at most [`MAX_COLUMNS`], held in `scratch`.
fn first_row<B: Window>(scanner: &mut Scanner<B>, scratch: &mut (impl Scratch + ?Sized)) -> Result<TopRow> {
    let at = scanner.position();
    let capacity = |e| Error::new(at, ErrorKind::capacity(e, ROW_WORDS));
    let mut columns = 0u64;
    let mut word = 0u32;
    let mut room = 0usize;
    let (_, len) = scanner.take_while(is_cell, |piece| {
        if columns + piece.len() as u64 > MAX_COLUMNS {
            return Err(Error::new(at, too_wide()));
        }
        let needed = usize::try_from((columns + piece.len() as u64).div_ceil(COLUMNS_PER_WORD)).unwrap_or(usize::MAX);
        if needed > room {
            room = grow(scratch, needed, GROWTH_WORDS).map_err(capacity)?;
        }
        let words = scratch.words(room).map_err(capacity)?;
        let mut store = |index: u64, value: u32| {
            if let Some(slot) = usize::try_from(index).ok().and_then(|i| words.get_mut(i)) {
                *slot = value;
            }
        };
        let mut rest = piece;
        while let Some((&byte, tail)) = rest.split_first() {
            if columns.is_multiple_of(COLUMNS_PER_WORD) && rest.len() >= 32 {
                // A whole word at once.
                let (cells, tail) = rest.split_at(32);
                store(columns / COLUMNS_PER_WORD, cells.iter().rev().fold(0, |w, &b| w << 1 | u32::from(b == b'#')));
                columns += COLUMNS_PER_WORD;
                rest = tail;
                continue;
            }
            word |= u32::from(byte == b'#') << (columns % COLUMNS_PER_WORD);
            columns += 1;
            if columns.is_multiple_of(COLUMNS_PER_WORD) {
                store(columns / COLUMNS_PER_WORD - 1, word);
                word = 0;
            }
            rest = tail;
        }
        Ok(())
    })?;
    if len == 0 {
        return Err(scanner.unexpected("a row of '#' and '.'"));
    }
    if !columns.is_multiple_of(COLUMNS_PER_WORD) {
        let words = scratch.words(room).map_err(capacity)?;
        if let Some(slot) = usize::try_from(columns / COLUMNS_PER_WORD).ok().and_then(|i| words.get_mut(i)) {
            *slot = word;
        }
    }
    Ok((at, columns))
}

/// Walks the second row alongside the held `top`, piece by piece, deciding the board; then
/// checks the second row ends where the first did.
fn second_row<B: Window>(
    scanner: &mut Scanner<B>,
    scratch: &mut (impl Scratch + ?Sized),
    top: TopRow,
    notation: Notation,
) -> Result<Winner> {
    let (top_at, columns) = top;
    let bottom_at = scanner.position();
    let needed = usize::try_from(columns.div_ceil(COLUMNS_PER_WORD)).unwrap_or(usize::MAX);
    let words = scratch.words(needed).map_err(|e| Error::new(top_at, ErrorKind::capacity(e, ROW_WORDS)))?;
    let mut decider = Decider::new();
    let mut cells = [0u8; PIECE];
    let mut done = 0u64;
    while done < columns {
        let want = usize::try_from(columns - done).map_or(PIECE, |left| left.min(PIECE));
        let bottom = scanner.chunk(want);
        if bottom.is_empty() {
            break;
        }
        // `bottom` holds at most `PIECE` bytes, the size of `cells`: the empty fallback is
        // never taken, and leaves no panic call.
        let top = cells.get_mut(..bottom.len()).unwrap_or_default();
        let mut column = done;
        let mut i = 0;
        while i < top.len() {
            // The cells of one word at a time.
            let word = usize::try_from(column / COLUMNS_PER_WORD).ok().and_then(|w| words.get(w)).copied();
            let shift = column % COLUMNS_PER_WORD;
            let run = usize::try_from(COLUMNS_PER_WORD - shift).unwrap_or(32).min(top.len() - i);
            let bits = word.unwrap_or_default() >> shift;
            // `run <= top.len() - i`: as above, the fallback is never taken.
            for (k, cell) in top.get_mut(i..i + run).unwrap_or_default().iter_mut().enumerate() {
                *cell = if bits >> k & 1 == 1 { b'#' } else { b'.' };
            }
            i += run;
            column += run as u64;
        }
        if let Err(fault) = decider.feed(top, bottom) {
            let piece_column = usize::try_from(fault.column.saturating_sub(done)).unwrap_or(usize::MAX);
            let found = [top.get(piece_column).copied(), bottom.get(piece_column).copied()];
            return Err(fault_error(fault, top_at, bottom_at, found.map(Option::unwrap_or_default), notation));
        }
        let fed = bottom.len();
        scanner.skip_in_line(fed);
        done += fed as u64;
    }
    if done < columns {
        let expected = if done == 0 { "the second row" } else { "the rest of the second row (rows of equal length)" };
        let column = usize::try_from(done).unwrap_or(usize::MAX);
        return Err(Error::new(cell_at(bottom_at, column), ErrorKind::UnexpectedEnd { expected }));
    }
    if scanner.peek_raw().is_some_and(is_cell) {
        return Err(Error::new(
            cell_at(bottom_at, usize::try_from(columns).unwrap_or(usize::MAX)),
            ErrorKind::Invalid("the second row is longer than the first (the rows must have the same length)"),
        ));
    }
    Ok(decider.winner())
}

/// The error for the first fault the decider met while walking the rows that start at `top`
/// and `bottom`; `found` holds the top and the bottom byte of the faulty column.
fn fault_error(fault: Fault, top: Position, bottom: Position, found: [u8; 2], notation: Notation) -> Error {
    let column = usize::try_from(fault.column).unwrap_or(usize::MAX);
    let path_cut =
        |rule| ErrorKind::InvalidItem { what: "no left-to-right path: column", item: fault.column + 1, rule };
    let (row, kind) = match fault.kind {
        FaultKind::NotACell(row) => {
            let found = if row == Row::Top { found[0] } else { found[1] };
            let kind = match (row, notation.ends_row(found), column) {
                (Row::Bottom, true, 0) => ErrorKind::Unexpected { expected: "the second row: '#' and '.'", found },
                (Row::Bottom, true, _) => {
                    ErrorKind::Invalid("the second row is shorter than the first (the rows must have the same length)")
                }
                _ => ErrorKind::Unexpected { expected: "'#' or '.'", found },
            };
            (row, kind)
        }
        FaultKind::BlackColumn => (Row::Bottom, path_cut("is black in both rows")),
        FaultKind::Diagonal(row) => (
            row,
            path_cut("has its black cell in the other row than the column before it (they touch only at a corner)"),
        ),
        // Never joined here.
        FaultKind::TooManyColumns => (Row::Top, too_wide()),
        // The rows are always fed in pieces of one length here.
        FaultKind::UnequalRows => (
            Row::Bottom,
            ErrorKind::Invalid("the second row is shorter than the first (the rows must have the same length)"),
        ),
    };
    let start = if row == Row::Top { top } else { bottom };
    Error::new(cell_at(start, column), kind)
}

/// The position of the cell `column` cells after `start` on the same line.
fn cell_at(start: Position, column: usize) -> Position {
    let offset = u32::try_from(column).unwrap_or(u32::MAX);
    Position { line: start.line, column: start.column.saturating_add(offset) }
}

/// The judge driver: reads a board in either notation and writes `Snuke` or `Sothe`.
///
/// A board in plain notation is first tried where a valid one must be (its rows laid out by
/// the input's length) in one pass; anything else, and every invalid board, is read again
/// token by token to report the first error exactly.
///
/// # Errors
/// The first problem in the input with its position (see the [module docs](self)); a capacity
/// error when it must be read again and `scratch` cannot hold its first row (N/32 words);
/// [`ErrorKind::Write`] when `out` fails.
///
/// # Complexity
/// `O(N)` time; no memory besides the input for a valid board in plain notation, else N/32
/// words of scratch.
pub fn solve<W: Write + ?Sized>(input: &[u8], scratch: &mut (impl Scratch + ?Sized), out: &mut W) -> Result<()> {
    let winner = match plain_fast(input) {
        Some(winner) => winner,
        None => read_exactly(&mut Scanner::new(input), scratch)?,
    };
    write_winner(winner, out)
}

/// As [`solve`], reading from `scanner` (e.g. a stream, [`Scanner::stream`]) front to back:
/// the first row is held in `scratch` while the second streams past it.
///
/// # Errors
/// As [`solve`].
///
/// # Complexity
/// `O(N)` time; N/32 words of scratch besides the scanner's window.
// Never inlined into the judge dispatcher: its frame then holds one driver's locals at a
// time, not every driver's (the deepest stack of the 16 KiB boards).
#[inline(never)]
pub fn solve_from<B: Window, W: Write + ?Sized>(
    scanner: &mut Scanner<B>,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    let winner = read_exactly(scanner, scratch)?;
    write_winner(winner, out)
}

/// Answers a board in plain notation read from `source` through `buffer` (two cursors, one
/// per row, each using half of it), without holding the input.
///
/// Returns `None` when it cannot answer that way: `buffer` shorter than 2 bytes, another
/// notation, an invalid board, a failed read. The caller then reads the input front to back
/// ([`solve_from`], or [`solve`] in memory), which answers or reports the error with its
/// position.
///
/// # Errors
/// `Some(Err(_))` only when writing to `out` fails ([`ErrorKind::Write`]).
///
/// # Complexity
/// `O(N)` time; reads of at most `buffer.len() / 2` bytes per cursor.
pub fn solve_at<R: ReadAt + ?Sized, W: Write + ?Sized>(
    source: &mut R,
    buffer: &mut [u8],
    out: &mut W,
) -> Option<Result<()>> {
    let winner = plain_streamed(source, buffer)?;
    Some(write_winner(winner, out))
}

/// Writes the judge answer line of `winner`: `Snuke` or `Sothe` and a line break.
///
/// # Errors
/// [`ErrorKind::Write`] when `out` fails.
///
/// # Complexity
/// `O(1)`.
pub fn write_winner<W: Write + ?Sized>(winner: Winner, out: &mut W) -> Result<()> {
    out.write_str(winner.name())?;
    out.write_str("\n")?;
    Ok(())
}

/// The error for a board wider than [`MAX_COLUMNS`], found at its first column too many.
const fn too_wide() -> ErrorKind {
    ErrorKind::Invalid("the number of columns must be in 1..=2147483648, found more")
}
const _: () = assert!(MAX_COLUMNS == 2_147_483_648);

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::{String, ToString};

    fn error(input: &[u8]) -> String {
        assert_eq!(plain_fast(input), None, "the one-pass reader must not accept {input:?}");
        read_exactly(&mut Scanner::new(input), &mut [0u32; 64][..])
            .map_or_else(|e| e.to_string(), |w| std::format!("answered {w:?}"))
    }

    #[test]
    fn every_kind_of_mistake_is_positioned() {
        let cases: [(&[u8], &str); 16] = [
            (b".x.\n...\n", "1:2: expected '#', '.' or the end of the row, found 'x'"),
            (b"...\n.x.\n", "2:2: expected '#' or '.', found 'x'"),
            (b"...\n..\n", "2:3: the second row is shorter than the first (the rows must have the same length)"),
            (b"...\n....\n", "2:4: the second row is longer than the first (the rows must have the same length)"),
            (b"...\n..", "2:3: expected the rest of the second row (rows of equal length), found end of input"),
            (b"...\n", "2:1: expected the second row, found end of input"),
            (b"... ...\n", "1:5: expected '#', '.' or the end of the row, found '.'"),
            (b"#.\n#.\n", "2:1: no left-to-right path: column 1 is black in both rows"),
            (
                b"..#.\n...#\n",
                "2:4: no left-to-right path: column 4 has its black cell in the other row than the column before it (they touch only at a corner)",
            ),
            (b"...\n...\n...\n", "3:1: expected end of input, found '.'"),
            (b"", "1:1: expected a board: two rows of '#' and '.', found end of input"),
            (b"{\"#..\" \"...\"}", "1:8: expected ',' between the two rows, found '\"'"),
            (b"{\"#.. \", \"...\"}", "1:6: expected '#', '.' or '\"' closing the row, found space"),
            (b"{\"#..\", \"..\"}", "1:12: the second row is shorter than the first (the rows must have the same length)"),
            (b"{\"#..\", \"...\"", "1:14: expected '}' closing the board, found end of input"),
            (b"{\"#..\", \"...\", \"...\"}", "1:14: expected '}' closing the board, found ','"),
        ];
        for (input, expected) in cases {
            assert_eq!(error(input), expected, "{:?}", String::from_utf8_lossy(input));
        }
    }

    #[test]
    fn both_notations_and_line_ends() {
        for input in [
            &b"#..\n...\n"[..],
            b"#..\r\n...\r\n",
            b"\n\n  #..\n...",
            b"{\"#..\", \"...\"}",
            b" {\n \"#..\" ,\n\t\"...\"\n}\n",
            b"#..  \n\n  ...\n",
            b"#..\r...\r",
            b"\xEF\xBB\xBF#..\n...\n",
            b"#..\t\r\n ... \r\n",
        ] {
            assert_eq!(read_exactly(&mut Scanner::new(input), &mut [0u32; 64][..]), Ok(Winner::Snuke), "{input:?}");
        }
        assert_eq!(plain_fast(b"#..\r\n...\r\n"), Some(Winner::Snuke));
        assert_eq!(plain_fast(b" \n#..\n...  \n"), Some(Winner::Snuke));
    }

    fn answer(input: &[u8]) -> Result<String> {
        let mut out = String::new();
        solve(input, &mut [0u32; 64][..], &mut out).map(|()| out)
    }

    #[test]
    fn official_examples() {
        let cases: [(&[u8], &str); 5] = [
            (b"#..\n...\n", "Snuke\n"),
            (b"#\n.\n", "Sothe\n"),
            (b".....\n..#..\n", "Sothe\n"),
            (b".#...\n.....\n", "Snuke\n"),
            (b".....#..#........##.......\n..........#..........#....\n", "Snuke\n"),
        ];
        for (input, expected) in cases {
            assert_eq!(answer(input).as_deref(), Ok(expected), "{input:?}");
        }
    }

    #[test]
    fn streaming_agrees_with_the_driver_for_every_buffer_size() {
        let input: &[u8] = b"\n  .....#..#........##.......\r\n..........#..........#....\n\n";
        for size in 2..64 {
            let mut buffer = std::vec![0u8; size];
            let mut source = std::vec::Vec::from(input);
            let mut out = String::new();
            let streamed = solve_at(&mut source[..], &mut buffer, &mut out);
            assert_eq!(streamed, Some(Ok(())), "buffer of {size}");
            assert_eq!(Ok(out), answer(input));
        }
        let mut out = String::new();
        let mut braces = *b"{\"#..\", \"...\"}";
        assert_eq!(solve_at(&mut braces[..], &mut [0; 64], &mut out), None);
        let mut cut = *b"#.\n.#\n";
        assert_eq!(solve_at(&mut cut[..], &mut [0; 64], &mut out), None);
        assert_eq!(solve_at(&mut *b"..\n..\n".to_vec(), &mut [0; 1], &mut out), None);
    }
}
