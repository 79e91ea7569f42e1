//! Run-time support on the microcontroller: the logger, exits, panic and fault handling, and
//! the stack measurement.
//!
//! Every way a run can end goes through [`exit`] (the semihosting exit call, whose code QEMU
//! returns): a panic exits with [`status::PANIC`], a HardFault with [`status::HARD_FAULT`],
//! any other exception with [`status::UNEXPECTED_EXCEPTION`]. Nothing loops forever.
//!
//! The stack is painted by cortex-m-rt (feature `paint-stack`) before `main`; [`finish`] scans
//! it for the deepest word the run overwrote and logs that depth.

use core::sync::atomic::{AtomicBool, Ordering};

use cortex_m_rt::{exception, ExceptionFrame};
// Linked for their side effects: the critical section (single core) and the global logger.
use cortex_m as _;
use defmt_semihosting as _;

use crate::status;

/// Ends the run with `code` as QEMU's exit status.
pub fn exit(code: i32) -> ! {
    semihosting::process::exit(code)
}

/// Set by the first panic, so that a panic while logging cannot recurse.
static PANICKING: AtomicBool = AtomicBool::new(false);

#[panic_handler]
fn panic(info: &core::panic::PanicInfo<'_>) -> ! {
    if !PANICKING.swap(true, Ordering::Relaxed) {
        defmt::error!("panic: {}", defmt::Display2Format(info));
    }
    exit(status::PANIC)
}

#[defmt::panic_handler]
fn defmt_panic() -> ! {
    exit(status::PANIC)
}

#[allow(unsafe_code, reason = "cortex-m-rt requires exception handlers to be `unsafe fn`")]
#[exception]
unsafe fn HardFault(frame: &ExceptionFrame) -> ! {
    defmt::error!("hard fault at pc {=u32:#010x}", frame.pc());
    exit(status::HARD_FAULT)
}

#[allow(unsafe_code, reason = "cortex-m-rt requires exception handlers to be `unsafe fn`")]
#[exception]
unsafe fn DefaultHandler(irqn: i16) -> ! {
    defmt::error!("unexpected exception or interrupt {=i16}", irqn);
    exit(status::UNEXPECTED_EXCEPTION)
}

/// How much of the stack region a run used.
#[derive(Clone, Copy, Debug, defmt::Format)]
pub struct StackUse {
    /// Bytes from the top of the stack down to the deepest overwritten word.
    pub used: usize,
    /// Bytes of the stack region (`_stack_end..._stack_start`, what the statics leave).
    pub size: usize,
}

/// Scans the painted stack region for the deepest word the run overwrote.
#[must_use]
pub fn stack_use() -> StackUse {
    extern "C" {
        static _stack_start: u32;
        static _stack_end: u32;
    }
    let top = core::ptr::addr_of!(_stack_start) as usize;
    let bottom = core::ptr::addr_of!(_stack_end) as usize;
    let mut deepest = bottom;
    while deepest < top {
        #[allow(unsafe_code, reason = "reads the stack region between two linker symbols, word by word")]
        // SAFETY: `bottom..top` is the stack region of the memory map, RAM that is always
        // readable; the address is 4-byte aligned (both ends are, by cortex-m-rt's asserts).
        let word = unsafe { core::ptr::read_volatile(deepest as *const u32) };
        if word != cortex_m_rt::STACK_PAINT_VALUE {
            break;
        }
        deepest += 4;
    }
    StackUse { used: top - deepest, size: top - bottom }
}

/// Logs the stack use and ends the run with `code`, or with [`status::STACK_OVERFLOW`] when
/// the stack reached the bottom of its region.
pub fn finish(code: i32) -> ! {
    let stack = stack_use();
    defmt::println!("stack: {=usize} of {=usize} bytes used", stack.used, stack.size);
    if stack.used >= stack.size {
        defmt::error!("the stack reached the bottom of its region: statics may be corrupted");
        exit(status::STACK_OVERFLOW)
    }
    exit(code)
}
