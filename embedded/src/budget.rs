//! The firmware's RAM budget on the board being built ([`crate::board::BOARD`]), in the names
//! the firmware uses, and the limits that are the same on every board.

use crate::board::BOARD;

/// Bytes of the static slab shared by the input and the solvers' scratch words.
pub const SLAB_BYTES: usize = BOARD.slab_bytes;
/// The slab in `u32` words.
pub const SLAB_WORDS: usize = BOARD.slab_words();
/// Bytes at the start of the slab that the judge mode reads its input through (the window of
/// the stream); the solver gets the words above as scratch.
pub const JUDGE_WINDOW_BYTES: usize = BOARD.judge_window_bytes;
/// Bytes at the start of the slab that the judge mode reads a game-rules battle through (its
/// input is one fight of at most 14 minions: a small window leaves its search more scratch).
pub const GAME_WINDOW_BYTES: usize = 256;
/// The game-rules battle's turns in progress a board's game scratch gives its stack before its
/// table gets the rest (the deepest public case of `tests/data/battle-game` nests 19).
pub const GAME_TURNS: usize = 24;
/// The game-rules battle's solver scratch in judge mode: the slab above its window.
pub const GAME_SCRATCH_WORDS: usize = BOARD.game_scratch_words();
/// The solvers' scratch words in judge mode: the slab above the input window.
pub const JUDGE_SCRATCH_WORDS: usize = BOARD.judge_scratch_words();
/// Bytes of the answer buffer: the answer reaches the host file in writes of this size.
pub const ANSWER_CHUNK_BYTES: usize = BOARD.answer_chunk_bytes;
/// The longest host file path the judge mode takes (it is copied with a terminating NUL).
pub const MAX_PATH_BYTES: usize = 256;
/// Bytes of the semihosting command line (`-append`) the judge mode reads: the problem, the
/// options and the three paths (held on the stack for the whole run).
pub const COMMAND_LINE_BYTES: usize = 512;
/// `battle`'s turns searched at most: some seconds of QEMU at most (the slowest typical board
/// takes 8.4 billion instructions on the `mps2-an386`, the largest public cases 6.1 and 6.8
/// billion).
pub const BATTLE_STEPS: u64 = 1 << 22;
