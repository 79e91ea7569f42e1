//! `pathgame`: who wins the 2×N path-blocking game (TopCoder SRM 637 Div 1 500, "PathGame"),
//! in `O(N)` time and `O(1)` memory.
//!
//! # The game
//! A board of 2 rows and N columns of black (`#`) and white (`.`) cells has a left-to-right
//! path of white cells. The players (Snuke first) alternately paint a white cell black; the
//! player after whose move no path remains loses.
//!
//! # Reduction to segments (the contest solution)
//! A column with a black cell can only be crossed through its other cell, so painting that
//! cell, or the cell diagonal to the black one in a neighbouring column, cuts every path: a
//! player does that only when he has nothing else, and loses. The game is therefore the
//! normal-play sum of the *segments*: maximal runs of fully white columns, each bounded on
//! each side by the board's edge or by a column whose black cell is in the top or the bottom
//! row. Painting a cell splits a segment into two (the painted column becomes a boundary),
//! so by Sprague–Grundy the board is a first-player win exactly when the XOR of the segments'
//! Grundy values is non-zero. The contest computes those values with an `O(N²)` mex table.
//!
//! # The pattern ([`segment_grundy`])
//! For a segment of width `w`:
//! - exactly one side is the board's edge: `g = w`;
//! - both sides are edges, or black cells in the same row: `g = w mod 2`;
//! - black cells in different rows: `g = (w + 1) mod 2` (and `0` for `w = 0`, a cut board).
//!
//! Proof, by induction on `w` (a move paints row `c` of column `j`, leaving the segments
//! `(j, left, c)` and `(w − 1 − j, c, right)`; next to a black boundary only the cell in the
//! boundary's row may be painted):
//! - *black `a`, black `b`*: both parts are of the parity kind, worth `(j + [a ≠ c]) mod 2`
//!   and `(w − 1 − j + [c ≠ b]) mod 2`, so every move leads to the same value
//!   `(w − 1 + [a ≠ b]) mod 2` (two row changes `a→c→b` have the parity of `[a ≠ b]`). The
//!   mex of one value `v` is `1 − v`, i.e. `(w + [a ≠ b]) mod 2`; the only segment without a
//!   move, `w = 1` with `a ≠ b`, has `g = 0`, which is that formula too.
//! - *edge, black `r`*: painting row `c` of column `j` gives `j XOR (w − 1 − j + [c ≠ r]) mod 2`.
//!   For `j ≤ w − 2` both rows may be painted, giving `j` and `j XOR 1`; `j = w − 1` must be
//!   painted in row `r`, giving `w − 1`. These cover exactly `0..w`, so the mex is `w`.
//! - *edge, edge*: the moves give `j XOR (w − 1 − j)`. The value 0 is reached only when
//!   `j = w − 1 − j` (`w` odd); the value 1 only when `j + (w − 1 − j)` is odd (`w` even).
//!   So the mex is 1 for odd `w` and 0 for even `w`.
//!
//! The test `tests/tests/pathgame.rs` checks the pattern against the mex table for every width
//! up to 1 200 and all nine pairs of boundaries, and the whole decision against a plain minimax
//! over board states on every board of width ≤ 8 and thousands of random ones.
//!
//! # Deciding a board in one pass ([`Decider`])
//! Only the two edge segments can be worth more than 1; the XOR of the inner ones is the parity
//! of their widths plus the row changes between consecutive black columns. Hence the answer
//! needs just the number of columns, the first and the last black column (and their rows) and
//! the parity of the number of black cells, kept while the columns stream past.
//!
//! # Input
//! Two lines, the rows (`#..` / `...`), or TopCoder's notation `{"#..", "..."}` (whitespace free
//! between the tokens, none inside the strings), told apart by the first non-space byte. With
//! plain lines the rows are read as two cursors, one per row, advancing together column by
//! column; [`text::solve_at`] does that through a small buffer without holding the input, and
//! [`text::PlainBoard`] does it for any range of the columns, so that ranges decided apart (on
//! threads of their own) are joined with [`Decider::then`]. Any
//! other board, and any board from a stream that cannot be read at offsets (a pipe), is read
//! front to back ([`text::solve_from`]) with its first row held in scratch, one bit per column
//! (N/32 words), while the second row streams past it.
//!
//! # Errors
//! Another byte than `#` or `.` in a row, rows of different lengths, a missing row, anything
//! after the board, more than [`MAX_COLUMNS`] columns, and a board without a left-to-right path,
//! at its first cut: a column black in both rows, or two adjacent columns with their black cells
//! in different rows.

mod decider;
pub mod text;

pub use decider::{Decider, Fault, FaultKind};

/// The most columns a board may have: every column number then fits the `u32` column of an
/// error position. The decider itself needs no memory per column (the input is the caller's,
/// 2 bytes per column plus the line breaks).
pub const MAX_COLUMNS: u64 = 1 << 31;

/// A row of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Row {
    /// The first row.
    Top,
    /// The second row.
    Bottom,
}

/// What bounds a segment of fully white columns on one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Boundary {
    /// The left or right edge of the board.
    Edge,
    /// A column whose black cell is in this row.
    Black(Row),
}

/// Who wins with optimal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Winner {
    /// The first player.
    Snuke,
    /// The second player.
    Sothe,
}

impl Winner {
    /// The judge answer, `"Snuke"` or `"Sothe"`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Snuke => "Snuke",
            Self::Sothe => "Sothe",
        }
    }
}

/// The Grundy value of a segment of `width` fully white columns between `left` and `right`
/// (the pattern and its proof are in the [module docs](self)).
///
/// # Complexity
/// `O(1)` (a closed form).
#[must_use]
pub const fn segment_grundy(width: u64, left: Boundary, right: Boundary) -> u64 {
    match (left, right) {
        (Boundary::Edge, Boundary::Black(_)) | (Boundary::Black(_), Boundary::Edge) => width,
        (Boundary::Black(Row::Top), Boundary::Black(Row::Bottom))
        | (Boundary::Black(Row::Bottom), Boundary::Black(Row::Top)) => {
            if width == 0 {
                0
            } else {
                (width + 1) % 2
            }
        }
        _ => width % 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_edges() {
        use Boundary::{Black, Edge};
        assert_eq!(segment_grundy(7, Edge, Black(Row::Top)), 7);
        assert_eq!(segment_grundy(7, Black(Row::Bottom), Edge), 7);
        assert_eq!(segment_grundy(7, Edge, Edge), 1);
        assert_eq!(segment_grundy(7, Black(Row::Top), Black(Row::Top)), 1);
        assert_eq!(segment_grundy(7, Black(Row::Top), Black(Row::Bottom)), 0);
        assert_eq!(segment_grundy(0, Black(Row::Top), Black(Row::Bottom)), 0);
    }
}
