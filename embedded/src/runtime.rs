//! Run-time support on the microcontroller: the logger, exits, panic and fault handling, the
//! static memory, and the stack measurement. The parts that differ between Cortex-M
//! (cortex-m-rt) and RISC-V (riscv-rt) are the exception handlers, the deliberate fault, and
//! who paints the stack.
//!
//! Every way a run can end goes through [`exit`] (the semihosting exit call, whose code QEMU
//! returns): a panic exits with [`status::PANIC`], a HardFault (Cortex-M) or any exception
//! (RISC-V: an illegal instruction, a bus error, …) with [`status::HARD_FAULT`], any other
//! Cortex-M exception or interrupt with [`status::UNEXPECTED_EXCEPTION`]. Nothing loops forever.
//!
//! The stack is painted before the run (cortex-m-rt's feature `paint-stack`; on RISC-V by
//! [`paint_stack`], first thing in `main`); [`finish`] scans it for the deepest word the run
//! overwrote and logs that depth.

use core::sync::atomic::{AtomicBool, Ordering};

// Linked for their side effects: the critical section (single core) and the global logger.
#[cfg(target_arch = "arm")]
use cortex_m as _;
#[cfg(all(feature = "log-rtt", not(feature = "log-semihosting")))]
use defmt_rtt as _;
#[cfg(all(feature = "log-semihosting", not(feature = "log-rtt")))]
use defmt_semihosting as _;
#[cfg(target_arch = "riscv32")]
use riscv as _;

use crate::budget::{ANSWER_CHUNK_BYTES, SLAB_WORDS};
use crate::status;

#[cfg(not(any(target_arch = "arm", target_arch = "riscv32")))]
compile_error!("referee-embedded runs on Cortex-M (target_arch arm) or RISC-V (riscv32) boards");
#[cfg(feature = "log-semihosting")]
#[cfg(feature = "log-rtt")]
compile_error!("choose one log transport: the feature log-semihosting (default) or log-rtt");
#[cfg(not(any(feature = "log-semihosting", feature = "log-rtt")))]
compile_error!("choose one log transport: the feature log-semihosting (default) or log-rtt");

/// The value the stack is painted with: cortex-m-rt's, and the same on RISC-V.
#[cfg(target_arch = "arm")]
const STACK_PAINT: u32 = cortex_m_rt::STACK_PAINT_VALUE;
/// The value the stack is painted with: cortex-m-rt's, and the same on RISC-V.
#[cfg(not(target_arch = "arm"))]
const STACK_PAINT: u32 = 0xCCCC_CCCC;

/// Ends the run with `code` as QEMU's exit status.
pub fn exit(code: i32) -> ! {
    semihosting::process::exit(code)
}

/// Set by the first panic, so that a panic while logging cannot recurse. A load and a store,
/// not a swap: the Cortex-M0 has no atomic read-modify-write (and there is one core).
static PANICKING: AtomicBool = AtomicBool::new(false);

#[panic_handler]
fn panic(info: &core::panic::PanicInfo<'_>) -> ! {
    if !PANICKING.load(Ordering::Relaxed) {
        PANICKING.store(true, Ordering::Relaxed);
        defmt::error!("panic: {}", defmt::Display2Format(info));
    }
    exit(status::PANIC)
}

#[defmt::panic_handler]
fn defmt_panic() -> ! {
    exit(status::PANIC)
}

/// Ends the run through a fault, as the tests ask with `--crash fault`: an undefined
/// instruction, which the exception handlers below turn into [`status::HARD_FAULT`].
pub fn fault() -> ! {
    #[cfg(target_arch = "arm")]
    cortex_m::asm::udf();
    #[cfg(target_arch = "riscv32")]
    {
        #[allow(unsafe_code, reason = "an illegal instruction on purpose, to test the exception handler")]
        // SAFETY: `unimp` raises an illegal-instruction exception, whose handler exits.
        unsafe {
            core::arch::asm!("unimp", options(noreturn));
        }
    }
}

#[cfg(target_arch = "arm")]
mod cortex_m_handlers {
    use cortex_m_rt::{exception, ExceptionFrame};

    use super::{exit, status};

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
}

#[cfg(target_arch = "riscv32")]
mod riscv_handlers {
    use super::{exit, status};

    /// Every exception (riscv-rt's `ExceptionHandler`): the firmware raises none on purpose
    /// but `--crash fault`'s illegal instruction.
    #[allow(unsafe_code, reason = "riscv-rt finds its exception handler by this exported name")]
    #[unsafe(export_name = "ExceptionHandler")]
    fn exception_handler(frame: &riscv_rt::TrapFrame) -> ! {
        let cause = riscv::register::mcause::read().bits();
        defmt::error!("exception {=usize} (mcause) at ra {=usize:#010x}", cause, frame.ra);
        exit(status::HARD_FAULT)
    }

    /// Every interrupt (none is enabled).
    #[allow(unsafe_code, reason = "riscv-rt finds its interrupt handler by this exported name")]
    #[unsafe(export_name = "DefaultHandler")]
    fn default_handler() -> ! {
        defmt::error!("unexpected interrupt");
        exit(status::UNEXPECTED_EXCEPTION)
    }
}

/// Hands out `&'static mut` to a static buffer once: the second call is a broken invariant.
macro_rules! take_once {
    ($name:ident: [$element:ty; $length:expr]) => {{
        static TAKEN: AtomicBool = AtomicBool::new(false);
        static mut $name: [$element; $length] = [0; $length];
        if TAKEN.load(Ordering::Relaxed) {
            exit(status::PANIC)
        }
        TAKEN.store(true, Ordering::Relaxed);
        #[allow(unsafe_code, reason = "a static buffer, handed out once (the flag above)")]
        // SAFETY: TAKEN makes this the only reference ever made to the buffer, and the
        // firmware has one thread and enables no interrupt.
        unsafe {
            &mut *core::ptr::addr_of_mut!($name)
        }
    }};
}

/// The slab: the judge mode's input window and the solvers' scratch words ([`SLAB_WORDS`]).
/// Call it once.
pub fn slab() -> &'static mut [u32; SLAB_WORDS] {
    take_once!(SLAB: [u32; SLAB_WORDS])
}

/// The judge mode's answer buffer ([`ANSWER_CHUNK_BYTES`]). Call it once.
pub fn answer_buffer() -> &'static mut [u8; ANSWER_CHUNK_BYTES] {
    take_once!(ANSWER: [u8; ANSWER_CHUNK_BYTES])
}

/// The stack region: its lowest and one past its highest address.
fn stack_region() -> (usize, usize) {
    extern "C" {
        static _stack_start: u32;
        static _stack_end: u32;
    }
    (core::ptr::addr_of!(_stack_end) as usize, core::ptr::addr_of!(_stack_start) as usize)
}

/// Paints the unused stack below the caller's frame (RISC-V, whose runtime does not); call
/// it first thing in `main`. On Cortex-M cortex-m-rt has painted the whole region already.
#[inline(never)]
pub fn paint_stack() {
    #[cfg(target_arch = "riscv32")]
    {
        let (bottom, _) = stack_region();
        let marker = 0u32;
        // Everything from the bottom up to some way below this frame is unused.
        let below_frame = (core::ptr::addr_of!(marker) as usize).saturating_sub(256) & !3;
        let mut word = bottom;
        while word < below_frame {
            #[allow(unsafe_code, reason = "paints the unused stack region below this frame, word by word")]
            // SAFETY: `bottom..below_frame` is stack RAM below the live frames: nothing uses it.
            unsafe {
                core::ptr::write_volatile(word as *mut u32, STACK_PAINT);
            }
            word += 4;
        }
    }
}

/// How much of a stack a run used: the stack region ([`stack_use`]) or a stack lent to one
/// call ([`on_stack`]).
#[derive(Clone, Copy, Debug, defmt::Format)]
pub struct StackUse {
    /// Bytes from the top of the stack down to the deepest overwritten word.
    pub used: usize,
    /// Bytes of the stack (the region: `_stack_end..._stack_start`, what the statics leave).
    pub size: usize,
}

/// Scans the painted stack region for the deepest word the run overwrote.
#[must_use]
pub fn stack_use() -> StackUse {
    let (bottom, top) = stack_region();
    painted_use(bottom, top)
}

/// The use of the painted stack `bottom..top`: from `top` down to the deepest word that no
/// longer holds [`STACK_PAINT`]. `bottom..top` must be readable RAM, both ends 4-byte aligned:
/// the stack region, or a stack [`on_stack`] lent.
fn painted_use(bottom: usize, top: usize) -> StackUse {
    let mut deepest = bottom;
    while deepest < top {
        #[allow(unsafe_code, reason = "reads a painted stack, word by word")]
        // SAFETY: the callers pass the stack region of the memory map or the words of a lent
        // stack they borrow: RAM that is readable; the address is 4-byte aligned (both ends
        // are).
        let word = unsafe { core::ptr::read_volatile(deepest as *const u32) };
        if word != STACK_PAINT {
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

/// Runs `f` with `stack` (words the caller lends, at most the slab's) as its machine stack, and
/// returns how deep it went: the deepest word it overwrote of the painted `stack`. The
/// game-rules battle's search recurses deeper than the stack region of the small RAM maps
/// holds, and the slab holds more: [`crate::command::GameSearch`] says how much of it.
///
/// A panic or an exception inside `f` ends the run as anywhere else (on this stack); `f`
/// must not use more than `stack`: nothing below it traps (the caller bounds `f`'s depth).
pub fn on_stack(stack: &mut [u32], f: &mut dyn FnMut()) -> StackUse {
    stack.fill(STACK_PAINT);
    let range = stack.as_mut_ptr_range();
    // Both ends aligned to 16 bytes (AAPCS wants 8, the RISC-V ABI 16).
    let bottom = (range.start as usize + 15) & !15;
    let top = range.end as usize & !15;
    if top <= bottom + 64 {
        f();
        return StackUse { used: 0, size: 0 };
    }
    /// Calls the closure behind `context` (a `&mut &mut dyn FnMut()`).
    extern "C" fn trampoline(context: *mut u8) {
        #[allow(unsafe_code, reason = "the pointer is the `&mut &mut dyn FnMut()` on_stack passed")]
        // SAFETY: `context` is `&mut f` of `on_stack`, live and unaliased for this call.
        let f = unsafe { &mut *context.cast::<&mut dyn FnMut()>() };
        f();
    }
    let mut f = f;
    let context = core::ptr::addr_of_mut!(f).cast::<u8>();
    let entry: extern "C" fn(*mut u8) = trampoline;
    #[allow(unsafe_code, reason = "switches the stack pointer to lent RAM for one call and back")]
    // SAFETY: `bottom..top` is RAM of `stack`, borrowed exclusively for this call and aligned
    // as the ABI wants; the old stack pointer is kept in a callee-saved register, which the
    // call preserves, and restored after it; `trampoline` follows the C ABI.
    unsafe {
        // The AAPCS's caller-saved registers, listed (`clobber_abi("C")` names d16-d31, which
        // a Cortex-M4F does not have).
        #[cfg(all(target_arch = "arm", not(target_feature = "vfp2")))]
        core::arch::asm!(
            "mov r4, sp",
            "mov sp, {top}",
            "blx {entry}",
            "mov sp, r4",
            top = in(reg) top,
            entry = in(reg) entry,
            inout("r0") context => _,
            out("r1") _, out("r2") _, out("r3") _, out("r4") _, out("r12") _, out("lr") _,
        );
        #[cfg(all(target_arch = "arm", target_feature = "vfp2"))]
        core::arch::asm!(
            "mov r4, sp",
            "mov sp, {top}",
            "blx {entry}",
            "mov sp, r4",
            top = in(reg) top,
            entry = in(reg) entry,
            inout("r0") context => _,
            out("r1") _, out("r2") _, out("r3") _, out("r4") _, out("r12") _, out("lr") _,
            out("d0") _, out("d1") _, out("d2") _, out("d3") _,
            out("d4") _, out("d5") _, out("d6") _, out("d7") _,
        );
        #[cfg(target_arch = "riscv32")]
        core::arch::asm!(
            "mv s2, sp",
            "mv sp, {top}",
            "jalr ra, 0({entry})",
            "mv sp, s2",
            top = in(reg) top,
            entry = in(reg) entry,
            in("a0") context,
            out("s2") _,
            clobber_abi("C"),
        );
    }
    painted_use(bottom, top)
}
