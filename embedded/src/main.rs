//! `referee-embedded`, the self-check: every built-in case (the `tests/data/` cases that
//! `embedded/selfcheck-cases.txt` lists) through the judge drivers on the microcontroller, one
//! log line per case, exit status 0 only if all pass. Its companion image `referee-typed` checks
//! the typed standings and pairing APIs (a separate image, so that each fits 128 KiB of flash).
//! Run it in QEMU with `cd embedded && cargo run --release`, or on any board with
//! `scripts/firmware-selfcheck.sh BOARD` (both images).
#![cfg_attr(target_os = "none", no_std, no_main)]

/// On the host the firmware is an empty program (the workspace builds and tests everything).
#[cfg(not(target_os = "none"))]
fn main() {}

#[cfg(target_os = "none")]
mod firmware {
    use defmt::Display2Format;
    use referee_embedded::selfcheck::{self, Verdict, CASES};
    use referee_embedded::{runtime, status};

    #[cfg_attr(target_arch = "arm", cortex_m_rt::entry)]
    #[cfg_attr(target_arch = "riscv32", riscv_rt::entry)]
    fn main() -> ! {
        runtime::paint_stack();
        let failed = run_cases(runtime::slab());
        runtime::finish(if failed == 0 { status::OK } else { status::SELF_CHECK_FAILED })
    }

    /// Runs every case with `slab` as scratch, logs one line each; returns how many failed.
    fn run_cases(slab: &mut [u32]) -> usize {
        defmt::println!(
            "self-check on the {=str} board: {=usize} judge cases, {=usize} bytes of scratch",
            referee_embedded::board::BOARD.name,
            CASES.len(),
            slab.len() * 4
        );
        let (mut passed, mut failed) = (0, 0);
        for case in CASES {
            let exact = if case.exact { " --exact" } else { "" };
            match selfcheck::check(case, slab) {
                Verdict::Pass => {
                    passed += 1;
                    defmt::println!("pass {=str} {=str}{=str}", case.problem, case.name, exact);
                }
                Verdict::Refused(error) => {
                    failed += 1;
                    let error = Display2Format(&error);
                    defmt::println!("FAIL {=str} {=str}{=str}: refused: {}", case.problem, case.name, exact, error);
                }
                verdict => {
                    failed += 1;
                    defmt::println!("FAIL {=str} {=str}{=str}: {}", case.problem, case.name, exact, verdict);
                }
            }
        }
        for problem in selfcheck::uncovered_problems() {
            failed += 1;
            defmt::println!("FAIL {=str}: needs a self-check answer case and refusal case", problem.name());
        }
        defmt::println!("self-check: {=usize} passed, {=usize} failed", passed, failed);
        failed
    }
}
