//! The streaming decider: columns in, the Grundy value of the board out, `O(1)` memory.

use super::{segment_grundy, Boundary, Row, Winner};

/// Columns checked per call of the vectorized block kernel; a block with a fault is walked
/// again column by column to find the first one.
const BLOCK: usize = 4096;

/// Why a column cannot be part of a board with a left-to-right path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum FaultKind {
    /// The byte of this row is neither `#` nor `.`.
    NotACell(Row),
    /// Both cells of the column are black.
    BlackColumn,
    /// The column's black cell, in this row, touches the black cell of the previous column only
    /// at a corner: the previous column is passable only in this row, this one only in the other.
    Diagonal(Row),
    /// [`Decider::feed`] got rows of different lengths; nothing of them was fed.
    UnequalRows,
    /// [`Decider::then`] joined boards of more than `u64::MAX` columns in all.
    TooManyColumns,
}

impl core::fmt::Display for Fault {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let row = |row: Row| match row {
            Row::Top => "top",
            Row::Bottom => "bottom",
        };
        write!(f, "column {}: ", self.column + 1)?;
        match self.kind {
            FaultKind::NotACell(r) => write!(f, "the {} cell is neither '#' nor '.'", row(r)),
            FaultKind::BlackColumn => f.write_str("both cells are black, no path is left"),
            FaultKind::Diagonal(r) => {
                write!(f, "its black {} cell touches the previous black cell at a corner, no path is left", row(r))
            }
            FaultKind::UnequalRows => f.write_str("the two rows fed have different lengths"),
            FaultKind::TooManyColumns => f.write_str("the boards joined have more than 2^64 - 1 columns in all"),
        }
    }
}

impl core::error::Error for Fault {}

/// The first column (0-based, counted from the first column ever fed) that is not a cell pair
/// of a board with a left-to-right path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Fault {
    /// The 0-based column.
    pub column: u64,
    /// What is wrong with it.
    pub kind: FaultKind,
}

/// Decides a board fed column by column, in any number of pieces, keeping five numbers.
///
/// The board's Grundy value depends only on the number of columns, the first and the last
/// column with a black cell (and the row of that cell), and the parity of the number of black
/// cells (see the [module docs](super)). [`Decider::feed`] checks every column as it passes
/// (only `#` and `.`, no black column, no black cells touching at a corner across two columns)
/// and updates those numbers; a 20 MB board needs no more memory than a 2-column one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Decider {
    columns: u64,
    /// The row of the black cell of the last column fed, `None` if it is white (or no column yet).
    previous: Option<Row>,
    first_black: Option<(u64, Row)>,
    last_black: Option<(u64, Row)>,
    odd_blacks: bool,
}

/// What the block kernel learnt about a run of columns.
struct Summary {
    /// No fault inside the block (the join with the previous block is checked apart).
    clean: bool,
    /// An odd number of black cells (meaningful only when `clean`).
    odd: bool,
    /// At least one black cell (meaningful only when `clean`).
    any: bool,
}

impl Decider {
    /// A decider before the first column.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn new() -> Self {
        Self { columns: 0, previous: None, first_black: None, last_black: None, odd_blacks: false }
    }

    /// The number of columns fed so far.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn columns(&self) -> u64 {
        self.columns
    }

    /// Feeds the next columns: `top[i]` and `bottom[i]` (`b'#'` or `b'.'`) are the two cells of
    /// one column.
    ///
    /// ```
    /// use referee_core::pathgame::{Decider, Winner};
    ///
    /// let mut board = Decider::new();
    /// board.feed(b"#.", b"..")?; // the columns may come in any number of pieces
    /// board.feed(b".", b".")?;
    /// assert_eq!(board.winner(), Winner::Snuke);
    /// # Ok::<(), referee_core::pathgame::Fault>(())
    /// ```
    ///
    /// # Errors
    /// The first [`Fault`]: a byte other than `#` or `.`, a column black in both rows, black
    /// cells touching at a corner (no path left); the columns before it have been fed, the rest
    /// are not. Rows of different lengths are [`FaultKind::UnequalRows`], with nothing fed.
    ///
    /// # Complexity
    /// `O(len)`, vectorized in blocks of 4096 columns; no memory.
    pub fn feed(&mut self, top: &[u8], bottom: &[u8]) -> Result<(), Fault> {
        if top.len() != bottom.len() {
            return Err(Fault { column: self.columns, kind: FaultKind::UnequalRows });
        }
        for (top, bottom) in top.chunks(BLOCK).zip(bottom.chunks(BLOCK)) {
            let len = top.len().min(bottom.len());
            let (top, bottom) = (&top[..len], &bottom[..len]);
            match summarize(top, bottom) {
                Some(summary) if summary.clean && self.joins(top, bottom) => self.feed_clean(top, bottom, &summary),
                Some(_) => self.feed_each(top, bottom)?,
                None => {}
            }
        }
        Ok(())
    }

    /// Whether the first column of `top`/`bottom` has no black cell diagonal to the previous
    /// column's (the kernel checks the pairs inside a block, this the pair across blocks).
    fn joins(&self, top: &[u8], bottom: &[u8]) -> bool {
        match self.previous {
            Some(Row::Top) => bottom.first() != Some(&b'#'),
            Some(Row::Bottom) => top.first() != Some(&b'#'),
            None => true,
        }
    }

    /// Feeds a block the kernel found clean: only the counts and the black ends change.
    fn feed_clean(&mut self, top: &[u8], bottom: &[u8], summary: &Summary) {
        // `j` is a column of the block (`None`, no black cell, past it: never asked).
        let black = |j: usize| black_row(*top.get(j)?, *bottom.get(j)?);
        let start = self.columns;
        if summary.any {
            if self.first_black.is_none() {
                self.first_black = (0..top.len()).find_map(|j| black(j).map(|row| (start + j as u64, row)));
            }
            self.last_black = last_black(top, bottom).and_then(|j| black(j).map(|row| (start + j as u64, row)));
        }
        self.odd_blacks ^= summary.odd;
        self.previous = top.len().checked_sub(1).and_then(black);
        self.columns += top.len() as u64;
    }

    /// Feeds columns one at a time, stopping at the first fault.
    fn feed_each(&mut self, top: &[u8], bottom: &[u8]) -> Result<(), Fault> {
        for (&t, &b) in top.iter().zip(bottom) {
            self.step(t, b).map_err(|kind| Fault { column: self.columns, kind })?;
        }
        Ok(())
    }

    /// Feeds one column: the reference semantics the block kernel reproduces.
    fn step(&mut self, top: u8, bottom: u8) -> Result<(), FaultKind> {
        let black = match (cell(top, Row::Top)?, cell(bottom, Row::Bottom)?) {
            (true, true) => return Err(FaultKind::BlackColumn),
            (true, false) => Some(Row::Top),
            (false, true) => Some(Row::Bottom),
            (false, false) => None,
        };
        if let (Some(now), Some(before)) = (black, self.previous) {
            if now != before {
                return Err(FaultKind::Diagonal(now));
            }
        }
        if let Some(row) = black {
            self.first_black.get_or_insert((self.columns, row));
            self.last_black = Some((self.columns, row));
            self.odd_blacks = !self.odd_blacks;
        }
        self.previous = black;
        self.columns += 1;
        Ok(())
    }

    /// The decider of this board's columns followed by `next`'s, as if they had all been fed
    /// to one decider: a board cut into column ranges, each fed to a fresh decider (on a thread
    /// of its own, say), is decided by joining the deciders left to right.
    ///
    /// ```
    /// use referee_core::pathgame::{Decider, FaultKind, Row};
    ///
    /// let (mut left, mut right, mut whole) = (Decider::new(), Decider::new(), Decider::new());
    /// left.feed(b"#..", b"...")?;
    /// right.feed(b".#", b"..")?;
    /// whole.feed(b"#...#", b".....")?;
    /// assert_eq!(left.then(&right), Ok(whole));
    ///
    /// let mut cut = Decider::new();
    /// cut.feed(b"#", b".")?; // joined before `.`/`#`: black cells touching at a corner
    /// let mut after = Decider::new();
    /// after.feed(b".", b"#")?;
    /// assert_eq!(cut.then(&after).map_err(|fault| fault.kind), Err(FaultKind::Diagonal(Row::Bottom)));
    /// # Ok::<(), referee_core::pathgame::Fault>(())
    /// ```
    ///
    /// # Errors
    /// The fault at the seam: `next`'s first column black in the other row than this board's
    /// last column ([`FaultKind::Diagonal`], at `next`'s first column counted from this board's
    /// first); [`FaultKind::TooManyColumns`] when the two have more than `u64::MAX` columns.
    /// Every other fault is inside one of the two and was reported by its `feed`.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn then(&self, next: &Self) -> Result<Self, Fault> {
        if let (Some(before), Some((0, now))) = (self.previous, next.first_black) {
            if before != now {
                return Err(Fault { column: self.columns, kind: FaultKind::Diagonal(now) });
            }
        }
        let columns = self
            .columns
            .checked_add(next.columns)
            .ok_or(Fault { column: self.columns, kind: FaultKind::TooManyColumns })?;
        // Both columns are below `columns`, which did not overflow.
        let shifted = next.first_black.zip(next.last_black).map(|((first, first_row), (last, last_row))| {
            ((self.columns + first, first_row), (self.columns + last, last_row))
        });
        Ok(Self {
            columns,
            previous: if next.columns == 0 { self.previous } else { next.previous },
            first_black: self.first_black.or(shifted.map(|(first, _)| first)),
            last_black: shifted.map(|(_, last)| last).or(self.last_black),
            odd_blacks: self.odd_blacks != next.odd_blacks,
        })
    }

    /// The Grundy value of the board fed so far (a board with a path, since every column
    /// passed the checks): the XOR of its white segments' values.
    ///
    /// - No black cell: one segment between the two edges, worth `columns mod 2`.
    /// - Otherwise the segment before the first black column is worth its width, so is the
    ///   segment after the last one, and every segment between two black columns is worth
    ///   `(width + [the two black cells are in different rows]) mod 2`. The XOR of those bits
    ///   is the parity of their sum: the white columns between the first and the last black
    ///   column, `span − blacks`, plus the row changes along the black columns, whose parity is
    ///   `[first row ≠ last row]`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn grundy(&self) -> u64 {
        match (self.first_black, self.last_black) {
            (Some((first, first_row)), Some((last, last_row))) => {
                // first <= last < columns: both were columns already fed.
                let left = segment_grundy(first, Boundary::Edge, Boundary::Black(first_row));
                let right = segment_grundy(self.columns - 1 - last, Boundary::Black(last_row), Boundary::Edge);
                let span = last - first + 1;
                let inner = (span + u64::from(self.odd_blacks) + u64::from(first_row != last_row)) % 2;
                left ^ right ^ inner
            }
            _ => segment_grundy(self.columns, Boundary::Edge, Boundary::Edge),
        }
    }

    /// Who wins the board fed so far: the first player exactly when the Grundy value is not 0.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn winner(&self) -> Winner {
        if self.grundy() == 0 {
            Winner::Sothe
        } else {
            Winner::Snuke
        }
    }
}

/// Whether a byte of row `row` is a black (`true`) or white (`false`) cell.
fn cell(byte: u8, row: Row) -> Result<bool, FaultKind> {
    match byte {
        b'#' => Ok(true),
        b'.' => Ok(false),
        _ => Err(FaultKind::NotACell(row)),
    }
}

/// The row of a column's black cell, for a column the kernel found clean.
fn black_row(top: u8, bottom: u8) -> Option<Row> {
    if top == b'#' {
        Some(Row::Top)
    } else if bottom == b'#' {
        Some(Row::Bottom)
    } else {
        None
    }
}

/// The last column with a black cell in a clean block, searched backwards 64 columns at a time
/// with a branch-free test per piece, so that a block whose only black cell comes first costs
/// little more than the kernel's pass. In a clean block a column is white exactly when both of
/// its bytes are `.`, i.e. when `top & bottom == b'.'` (`#` & `.` and `#` & `#` differ from `.`).
fn last_black(top: &[u8], bottom: &[u8]) -> Option<usize> {
    const PIECE: usize = 64;
    // Pieces of the common length from its end, sliced by iterators: no index to check.
    let len = top.len().min(bottom.len());
    let (top, bottom) = (top.split_at(len).0, bottom.split_at(len).0);
    let mut end = len;
    for (t, b) in top.rchunks(PIECE).zip(bottom.rchunks(PIECE)) {
        end -= t.len();
        if t.iter().zip(b).fold(false, |any, (&x, &y)| any | (x & y != b'.')) {
            return t.iter().zip(b).rposition(|(&x, &y)| x & y != b'.').map(|j| end + j);
        }
    }
    None
}

/// One branch-free pass over a block (`None` if it is empty): every byte a cell, no black
/// column, no black cells diagonal inside the block; the parity of the black cells, and
/// whether there is one.
///
/// Once every byte is known to be `#` (`0x23`) or `.` (`0x2e`), bit 0 of a byte says whether
/// the cell is black, so the rest is plain byte arithmetic the compiler vectorizes: bit 0 of
/// the XOR of all bytes is the parity of the black cells, of their OR whether there is one, and
/// of `t & (b | b') | b & t'` (`'` the next column) whether two black cells touch. Only the
/// check that the bytes are cells compares: 1.8 instructions a column with SSE2 (2.4 with
/// boolean lanes throughout).
fn summarize(top: &[u8], bottom: &[u8]) -> Option<Summary> {
    let len = top.len().min(bottom.len());
    let last = len.checked_sub(1)?;
    let (t0, t1, b0, b1) = (&top[..last], &top[1..len], &bottom[..last], &bottom[1..len]);
    let is_cell = |byte: u8| byte == b'#' || byte == b'.';
    let (mut foreign, mut touching, mut parity, mut blacks) = (0u8, 0u8, 0u8, 0u8);
    for j in 0..last {
        let (t, b) = (t0[j], b0[j]);
        foreign |= u8::from(!(is_cell(t) && is_cell(b)));
        touching |= (t & (b | b1[j])) | (b & t1[j]);
        parity ^= t ^ b;
        blacks |= t | b;
    }
    let (t, b) = (top[last], bottom[last]);
    let clean = foreign == 0 && is_cell(t) && is_cell(b) && (touching | (t & b)) & 1 == 0;
    Some(Summary { clean, odd: (parity ^ t ^ b) & 1 == 1, any: (blacks | t | b) & 1 == 1 })
}

#[cfg(test)]
#[allow(clippy::cast_possible_truncation)]
mod tests {
    use super::*;

    /// Feeds `top`/`bottom` one column at a time (the reference) and in pieces of `piece`.
    fn both_ways(top: &[u8], bottom: &[u8], piece: usize) -> (Result<Decider, Fault>, Result<Decider, Fault>) {
        let mut each = Decider::new();
        let reference = each.feed_each(top, bottom).map(|()| each);
        let mut blocks = Decider::new();
        let fed = top.chunks(piece).zip(bottom.chunks(piece)).try_for_each(|(t, b)| blocks.feed(t, b));
        (reference, fed.map(|()| blocks))
    }

    /// A xorshift generator from `seed` (not 0).
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    #[test]
    fn kernel_matches_the_column_by_column_reference() {
        let mut next = xorshift(0x1234_5678_u64);
        for case in 0..3000 {
            let len = 1 + (next() % 9000) as usize;
            let (mut top, mut bottom) = (std::vec![b'.'; len], std::vec![b'.'; len]);
            let mut j = 0;
            // Black cells in runs of one row, so that most boards have a path.
            let mut row = 0;
            while j < len {
                j += 1 + (next() % 40) as usize;
                if next().is_multiple_of(3) {
                    row ^= 1;
                    j += 1;
                }
                if j < len {
                    let target = if row == 0 { &mut top } else { &mut bottom };
                    target[j] = b'#';
                }
            }
            if case % 3 == 0 {
                let at = (next() % len as u64) as usize;
                let bytes = [b'#', b'x', b'\n', b'.'];
                let target = if next().is_multiple_of(2) { &mut top } else { &mut bottom };
                target[at] = bytes[(next() % 4) as usize];
            }
            let piece = [1, 7, 64, 4096, 5000, len][(next() % 6) as usize];
            let (reference, blocks) = both_ways(&top, &bottom, piece);
            assert_eq!(reference, blocks, "case {case}, {len} columns in pieces of {piece}");
        }
    }

    #[test]
    fn joined_parts_decide_as_the_whole() {
        let mut next = xorshift(0x9e37_79b9_u64);
        let cells = [b'.', b'.', b'.', b'#'];
        for case in 0..20_000 {
            let len = (next() % 12) as usize;
            let top: std::vec::Vec<u8> = (0..len).map(|_| cells[(next() % 4) as usize]).collect();
            let bottom: std::vec::Vec<u8> = (0..len).map(|_| cells[(next() % 4) as usize]).collect();
            let mut whole = Decider::new();
            let expected = whole.feed(&top, &bottom).map(|()| whole);
            let cut = (next() % (len as u64 + 1)) as usize;
            let (mut left, mut right) = (Decider::new(), Decider::new());
            let joined = left.feed(&top[..cut], &bottom[..cut]).and_then(|()| {
                right.feed(&top[cut..], &bottom[cut..]).map_err(|f| Fault { column: f.column + cut as u64, ..f })?;
                left.then(&right)
            });
            // The parts are fed apart, so a fault inside the right part is found before one at
            // the seam: only the answers of valid boards (and the validity) must agree, and a
            // fault found by the join is the whole's first one when the parts are clean.
            match (&expected, &joined) {
                (Ok(_), _) | (_, Ok(_)) => assert_eq!(expected, joined, "case {case}: {top:?} {bottom:?} cut at {cut}"),
                (Err(e), Err(j)) => assert!(j.column >= e.column, "case {case}: {e:?} after {j:?}"),
            }
        }
        let twice = |d: Decider| d.then(&d);
        let mut board = Decider::new();
        board.feed(b"#", b".").unwrap();
        let mut doubled = board;
        for _ in 0..63 {
            doubled = twice(doubled).unwrap();
        }
        assert_eq!(doubled.columns(), 1 << 63);
        assert_eq!(twice(doubled).map_err(|f| f.kind), Err(FaultKind::TooManyColumns));
        assert_eq!(Decider::new().then(&board), Ok(board));
        assert_eq!(board.then(&Decider::new()), Ok(board));
    }

    #[test]
    fn faults_name_the_first_bad_column() {
        let fault = |top: &[u8], bottom: &[u8]| Decider::new().feed(top, bottom).err();
        assert_eq!(fault(b"..#..", b"....."), None);
        assert_eq!(fault(b"..#..", b"..#.."), Some(Fault { column: 2, kind: FaultKind::BlackColumn }));
        assert_eq!(fault(b"..#..", b"...#."), Some(Fault { column: 3, kind: FaultKind::Diagonal(Row::Bottom) }));
        assert_eq!(fault(b"...#.", b"..#.."), Some(Fault { column: 3, kind: FaultKind::Diagonal(Row::Top) }));
        assert_eq!(fault(b".x#..", b"...#."), Some(Fault { column: 1, kind: FaultKind::NotACell(Row::Top) }));
        assert_eq!(fault(b"..", b".-"), Some(Fault { column: 1, kind: FaultKind::NotACell(Row::Bottom) }));
    }

    #[test]
    fn grundy_of_small_boards() {
        let grundy = |top: &[u8], bottom: &[u8]| {
            let mut d = Decider::new();
            d.feed(top, bottom).map(|()| d.grundy())
        };
        assert_eq!(grundy(b"...", b"..."), Ok(1));
        assert_eq!(grundy(b"....", b"...."), Ok(0));
        assert_eq!(grundy(b"#..", b"..."), Ok(2));
        assert_eq!(grundy(b".....", b"..#.."), Ok(0));
        // 1 white column between blacks in different rows: (1 + 1) mod 2 = 0, edges 0.
        assert_eq!(grundy(b"#..", b"..#"), Ok(0));
        // Same row: 1 mod 2.
        assert_eq!(grundy(b"#.#", b"..."), Ok(1));
    }
}
