// Module docs: on `pub mod budget` in lib.rs (build.rs `include!`s this file, where inner docs
// cannot go).

/// Bytes of the static slab shared by the input and the solvers' scratch words.
pub const SLAB_BYTES: usize = 224 * 1024;
/// The slab in `u32` words.
pub const SLAB_WORDS: usize = SLAB_BYTES / 4;
/// Bytes at the start of the slab that the judge mode reads its input through (the window of
/// the stream); the solver gets the words above as scratch.
pub const JUDGE_WINDOW_BYTES: usize = 8 * 1024;
/// The solvers' scratch words in judge mode: the slab above the input window.
pub const JUDGE_SCRATCH_WORDS: usize = SLAB_WORDS - JUDGE_WINDOW_BYTES / 4;
/// The least stack the linker accepts: the RAM left above the statics must be at least this.
pub const STACK_RESERVE_BYTES: usize = 24 * 1024;
/// Bytes of the answer buffer: the answer reaches the host file in writes of this size.
pub const ANSWER_CHUNK_BYTES: usize = 4 * 1024;
/// The longest host file path the judge mode takes (it is copied with a terminating NUL).
pub const MAX_PATH_BYTES: usize = 256;
/// Bytes of the semihosting command line (`-append`) the judge mode reads.
pub const COMMAND_LINE_BYTES: usize = 1024;
/// `battle`'s turns searched at most: some seconds of QEMU at most (the slowest typical board
/// takes 8.4 billion instructions, the largest public cases 6.1 and 6.8 billion).
pub const BATTLE_STEPS: u64 = 1 << 22;
