//! `referee-typed`, the self-check of the typed APIs: the standings event built through
//! `referee_core::standings` alone ([`referee_embedded::event`]) and the next round of another
//! paired through `referee_core::pair` ([`referee_embedded::pairing`]), as a scoring device
//! would use them, one log line each, exit status 0 only if both pass. A separate image from
//! the judge cases' (`referee-embedded`), so that each fits 128 KiB of flash.
//! Run it with `scripts/firmware-selfcheck.sh BOARD` (which runs both images), or in
//! `embedded/`: `cargo run --release --bin referee-typed`.
#![cfg_attr(target_os = "none", no_std, no_main)]

/// On the host the firmware is an empty program (the workspace builds and tests everything).
#[cfg(not(target_os = "none"))]
fn main() {}

#[cfg(target_os = "none")]
mod firmware {
    use referee_embedded::{event, pairing, runtime, status};

    /// A self-check built through the typed API, on the slab.
    type TypedCheck = fn(&mut [u32]) -> Result<(), event::Failure>;

    #[cfg_attr(target_arch = "arm", cortex_m_rt::entry)]
    #[cfg_attr(target_arch = "riscv32", riscv_rt::entry)]
    fn main() -> ! {
        runtime::paint_stack();
        let slab = runtime::slab();
        defmt::println!(
            "typed check on the {=str} board: the standings event and a pairing, {=usize} bytes of scratch",
            referee_embedded::board::BOARD.name,
            slab.len() * 4
        );
        let checks: [(&str, TypedCheck); 2] = [
            ("standings typed-event (a bye, two drops, ranked under the MTR)", event::check),
            ("pair typed-round (a drop, a forced rematch, the bye)", pairing::check),
        ];
        let (mut passed, mut failed) = (0usize, 0usize);
        for (name, check) in checks {
            match check(slab) {
                Ok(()) => {
                    passed += 1;
                    defmt::println!("pass {=str}", name);
                }
                Err(failure) => {
                    failed += 1;
                    defmt::println!("FAIL {=str}: {}", name, failure);
                }
            }
        }
        defmt::println!("typed check: {=usize} passed, {=usize} failed", passed, failed);
        runtime::finish(if failed == 0 { status::OK } else { status::SELF_CHECK_FAILED })
    }
}
