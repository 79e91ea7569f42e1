//! The path-blocking game by plain minimax over board states, independent of the solver: a move
//! paints any white cell; the player who cuts every left-to-right path loses. Boards of width
//! at most 16 (a `u32` bitmask of both rows).

use std::collections::HashMap;

/// The two rows of `board` (one byte per column: bit 0 black top, bit 1 black bottom).
#[must_use]
pub fn rows(board: &[u8]) -> (String, String) {
    let cell = |black: bool| if black { '#' } else { '.' };
    (board.iter().map(|&c| cell(c & 1 != 0)).collect(), board.iter().map(|&c| cell(c & 2 != 0)).collect())
}

/// `board` in the plain notation.
#[must_use]
pub fn plain(board: &[u8]) -> String {
    let (top, bottom) = rows(board);
    format!("{top}\n{bottom}\n")
}

/// `board` in TopCoder's braces notation.
#[must_use]
pub fn braces(board: &[u8]) -> String {
    let (top, bottom) = rows(board);
    format!("{{\"{top}\", \"{bottom}\"}}")
}

/// The board as a bitmask: bit `j` is the top cell of column `j`, bit `w + j` the bottom one.
#[must_use]
pub fn bitmask(board: &[u8]) -> u32 {
    let w = board.len();
    board.iter().enumerate().fold(0, |m, (j, &c)| m | u32::from(c & 1) << j | u32::from(c >> 1 & 1) << (w + j))
}

/// Whether white cells connect the first column to the last (flood fill, side-adjacent cells).
#[must_use]
pub fn has_path(black: u32, w: usize) -> bool {
    let full = (1u32 << w) - 1;
    let (white_top, white_bottom) = (!black & full, !(black >> w) & full);
    let (mut top, mut bottom) = (white_top & 1, white_bottom & 1);
    loop {
        let next_top = (top | top << 1 | top >> 1 | bottom) & white_top;
        let next_bottom = (bottom | bottom << 1 | bottom >> 1 | top) & white_bottom;
        if (next_top, next_bottom) == (top, bottom) {
            return (top | bottom) >> (w - 1) & 1 == 1;
        }
        (top, bottom) = (next_top, next_bottom);
    }
}

/// Plain minimax: the player to move wins when some white cell can be painted without cutting
/// every path and leaves a position the opponent loses. Memoised per width by bitmask.
#[derive(Debug, Default)]
pub struct Minimax {
    memo: HashMap<(usize, u32), bool>,
}

impl Minimax {
    /// An empty memo.
    #[must_use]
    pub fn new() -> Self {
        Self { memo: HashMap::new() }
    }

    /// Whether the player to move wins from `black` on a board of width `w`.
    pub fn first_player_wins(&mut self, black: u32, w: usize) -> bool {
        if let Some(&known) = self.memo.get(&(w, black)) {
            return known;
        }
        let wins = (0..2 * w)
            .map(|cell| black | 1 << cell)
            .any(|next| next != black && has_path(next, w) && !self.first_player_wins(next, w));
        self.memo.insert((w, black), wins);
        wins
    }

    /// The judge answer for a board with a path.
    pub fn answer(&mut self, board: &[u8]) -> &'static str {
        if self.first_player_wins(bitmask(board), board.len()) {
            "Snuke\n"
        } else {
            "Sothe\n"
        }
    }
}
