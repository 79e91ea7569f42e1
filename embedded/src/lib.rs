//! `referee-embedded`: firmware for a Cortex-M4F microcontroller (`thumbv7em-none-eabihf`) that
//! runs the judge drivers of `referee-core`, checked in QEMU (`-machine mps2-an386`).
//!
//! Two binaries share this library:
//! - `referee-embedded` (the default, `cargo run --release` in `embedded/`): the self-check,
//!   every case of [`selfcheck::CASES`] compared with its expected answer or refusal;
//! - `referee-judge`: one judge input read from a host file through semihosting, front to back
//!   through a small window (or at offsets for a plain `pathgame` board), the answer written to
//!   another host file, refusals as the host `referee` prints them ([`command`]; module
//!   `hostfile` on the target).
//!
//! Memory is static and fixed ([`budget`]): no heap. Logs are `defmt` frames over semihosting.
//! A panic, a HardFault or any other exception ends the run with a failure [`status`].
//!
//! On the host the library holds only its portable parts (budget, command line, slab split,
//! self-check logic), so they are unit-tested there, and the binaries are empty `main`s.
#![no_std]

#[cfg(test)]
extern crate std;

/// The firmware's RAM budget, in one place (build.rs includes this file too).
///
/// The memory map (`memory-mps2-an386.x`) gives the firmware 256 KiB of RAM. It is split into:
///
/// | what | bytes | const |
/// |---|---|---|
/// | the slab: the input window followed by the solvers' scratch words | 224 KiB | [`SLAB_BYTES`](budget::SLAB_BYTES) |
/// | the answer's write buffer (judge mode) | 4 KiB | [`ANSWER_CHUNK_BYTES`](budget::ANSWER_CHUNK_BYTES) |
/// | the stack, at least (a linker `ASSERT` refuses less) | 24 KiB | [`STACK_RESERVE_BYTES`](budget::STACK_RESERVE_BYTES) |
/// | smaller statics (logger state, …) and slack | the rest | |
///
/// One static slab serves every problem: in judge mode the input streams through its first
/// [`JUDGE_WINDOW_BYTES`](budget::JUDGE_WINDOW_BYTES) and the solver gets every word above as
/// scratch ([`JUDGE_SCRATCH_WORDS`](budget::JUDGE_SCRATCH_WORDS)), so an input of any length
/// is read (and refused at its first wrong byte); a plain `pathgame` board is read at offsets
/// through the whole slab. The self-check's inputs live in flash, so the solver gets the whole
/// slab. Tavern's default fixed strategy uses 159.1 KiB of the slab
/// ([`FIXED_SCRATCH_WORDS`](referee_core::tavern::FIXED_SCRATCH_WORDS): its rank table and a
/// 142 KiB transposition table), the same on the firmware as on the host.
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
