//! The boards the firmware is built for, from the table `embedded/boards.txt` (the one place
//! their facts live; build.rs turns it into these constants and the image's memory map).
//!
//! The board is a build-time choice: `REFEREE_BOARD=<name>`, or else the board of the cargo
//! target (`--target thumbv6m-none-eabi` is the `microbit`). [`BOARD`] is the one being built
//! (on the host, where the portable parts are unit-tested, the first of [`BOARDS`] unless
//! `REFEREE_BOARD` says otherwise); [`BOARDS`] lists them all, for the host tests and scripts.

/// One board: its target, how QEMU emulates it, its memory map and its memory budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// The board's name (`REFEREE_BOARD`, the scripts' `BOARD`).
    pub name: &'static str,
    /// The Rust target its images are built for.
    pub target: &'static str,
    /// The QEMU program that emulates it.
    pub qemu: &'static str,
    /// QEMU's `-machine`.
    pub machine: &'static str,
    /// QEMU's `-cpu`, if the machine's own is not the one.
    pub cpu: Option<&'static str>,
    /// Where flash starts.
    pub flash_origin: usize,
    /// Bytes of flash in the memory map.
    pub flash_bytes: usize,
    /// Where RAM starts.
    pub ram_origin: usize,
    /// Bytes of RAM in the memory map.
    pub ram_bytes: usize,
    /// Bytes of the static slab shared by the input window and the solvers' scratch words.
    pub slab_bytes: usize,
    /// Bytes at the start of the slab that the judge mode reads its input through.
    pub judge_window_bytes: usize,
    /// Bytes of the judge mode's answer buffer: the answer reaches the host in writes this size.
    pub answer_chunk_bytes: usize,
    /// The least stack the linker accepts: the RAM above the statics must be at least this.
    pub stack_reserve_bytes: usize,
    /// The most flash each image may take (`scripts/firmware-size.sh`).
    pub flash_budget_bytes: usize,
    /// The cargo profile its images are built with.
    pub profile: &'static str,
    /// The probe-rs chip of a real part of the family (for `probe-rs run --chip`).
    pub probe_rs_chip: &'static str,
    /// Bytes of stack a judge run of the game-rules battle takes besides its turns in
    /// progress (the runtime, the driver, the search's outer frames), measured on this board's
    /// target and profile, with a margin.
    pub game_base_stack_bytes: usize,
    /// Bytes of stack each turn in progress of the game-rules battle takes (a level of its
    /// recursive search), measured on this board's target and profile.
    pub game_turn_stack_bytes: usize,
}

impl Board {
    /// The slab in `u32` words.
    #[must_use]
    pub const fn slab_words(&self) -> usize {
        self.slab_bytes / 4
    }

    /// The solvers' scratch words in judge mode: the slab above the input window.
    #[must_use]
    pub const fn judge_scratch_words(&self) -> usize {
        (self.slab_bytes - self.judge_window_bytes) / 4
    }

    /// The game-rules battle's solver scratch in judge mode: the slab above its input window
    /// ([`crate::budget::GAME_WINDOW_BYTES`]: its input is one short fight).
    #[must_use]
    pub const fn game_scratch_words(&self) -> usize {
        (self.slab_bytes - crate::budget::GAME_WINDOW_BYTES) / 4
    }

    /// The board called `name`, if there is one.
    #[must_use]
    pub fn named(name: &str) -> Option<Self> {
        BOARDS.iter().copied().find(|board| board.name == name)
    }
}

include!(concat!(env!("OUT_DIR"), "/boards.rs"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_is_consistent() {
        for board in BOARDS {
            assert!(board.judge_window_bytes < board.slab_bytes / 2, "{}", board.name);
            assert_eq!(board.slab_bytes % 4, 0, "{}", board.name);
            assert_eq!(board.judge_window_bytes % 4, 0, "{}", board.name);
            let statics = board.slab_bytes + board.answer_chunk_bytes;
            assert!(statics + board.stack_reserve_bytes <= board.ram_bytes, "{}: RAM over-committed", board.name);
            assert!(board.flash_budget_bytes <= board.flash_bytes, "{}", board.name);
            assert!(board.game_turn_stack_bytes > 0, "{}", board.name);
            assert!(crate::budget::GAME_WINDOW_BYTES <= board.judge_window_bytes, "{}", board.name);
            assert_eq!(Board::named(board.name), Some(board));
        }
        assert!(BOARDS.contains(&BOARD));
    }
}
