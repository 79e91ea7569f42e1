//! `referee-embedded`: firmware that runs the judge drivers of `referee-core` on a
//! microcontroller, checked in QEMU on four boards (`embedded/boards.txt`, [`board`]): a
//! Cortex-M4F with 256 KiB of RAM (`mps2-an386`), a Cortex-M3 with 64 KiB (`lm3s6965evb`), a
//! Cortex-M0 with 16 KiB (`microbit`) and a RISC-V core with 32 KiB (`riscv32-virt`).
//!
//! Two binaries share this library:
//! - `referee-embedded` (the default, `cargo run --release` in `embedded/`): the self-check,
//!   every case of [`selfcheck::CASES`] compared with its expected answer or refusal;
//! - `referee-judge`: one judge input read from a host file through semihosting, front to back
//!   through a small window (or at offsets for a plain `pathgame` board), the answer written to
//!   another host file, refusals as the host `referee` prints them ([`command`]; module
//!   `hostfile` on the target).
//!
//! The board is chosen when building (`REFEREE_BOARD`, or the board of the cargo target; see
//! [`board`]). Memory is static and fixed by the board ([`budget`]): no heap. Logs are `defmt`
//! frames over semihosting (or RTT, feature `log-rtt`). A panic, a fault or any other
//! exception ends the run with a failure [`status`].
//!
//! On the host the library holds only its portable parts (boards, budget, command line, slab
//! split, self-check logic), so they are unit-tested there, and the binaries are empty `main`s.
#![no_std]

#[cfg(test)]
extern crate std;

pub mod board;
/// The firmware's RAM budget on the board being built, in one place (its line of
/// `embedded/boards.txt`).
///
/// The memory map gives the firmware the board's RAM. It is split into:
///
/// | what | `mps2-an386` | `lm3s6965evb` | `microbit` | `riscv32-virt` |
/// |---|---|---|---|---|
/// | RAM of the map | 256 KiB | 64 KiB | 16 KiB | 32 KiB |
/// | the slab: the input window followed by the solvers' scratch words ([`SLAB_BYTES`](budget::SLAB_BYTES)) | 224 KiB | 44 KiB | 7 KiB | 20 KiB |
/// | the judge mode's input window, at the slab's start ([`JUDGE_WINDOW_BYTES`](budget::JUDGE_WINDOW_BYTES)) | 8 KiB | 2 KiB | 512 B | 1 KiB |
/// | the answer's write buffer, judge mode ([`ANSWER_CHUNK_BYTES`](budget::ANSWER_CHUNK_BYTES)) | 4 KiB | 2 KiB | 512 B | 1 KiB |
/// | the stack, at least (a linker `ASSERT` refuses less) | 24 KiB | 16 KiB | 8 KiB | 10 KiB |
///
/// One static slab serves every problem: in judge mode the input streams through its window
/// and the solver gets every word above as scratch
/// ([`JUDGE_SCRATCH_WORDS`](budget::JUDGE_SCRATCH_WORDS)), so an input of any length is read
/// (and refused at its first wrong byte); a plain `pathgame` board is read at offsets through
/// the whole slab. The self-check's inputs live in flash, so the solver gets the whole slab.
/// The searches are sized to the scratch ([`command::options_for`]): `tavern`'s rank table and
/// as much of its default transposition table as fits, `battle`'s table and stack of turns;
/// the game-rules `battle` splits its scratch between its table and a machine stack lent to
/// its recursive search ([`command::game_search_for`]).
pub mod budget;
pub mod command;
pub mod event;
#[cfg(target_os = "none")]
pub mod hostfile;
pub mod pairing;
#[cfg(target_os = "none")]
pub mod runtime;
pub mod selfcheck;
pub mod status;
