//! Exit statuses of the firmware: what QEMU returns to the host (the semihosting exit code).
//! They are the codes of [`ExitStatus`], the one table shared with the host `referee`.

use referee_core::judge::ExitStatus;

/// The numeric code of `status`, as the semihosting exit call takes it.
const fn code(status: ExitStatus) -> i32 {
    status.code() as i32
}

/// The run succeeded: the answer is complete, or every self-check case passed.
pub const OK: i32 = code(ExitStatus::Answer);
/// The input was refused: `error: <line>:<column>: <message>` is in the error file, as the host
/// `referee` prints it, and the answer file is empty.
pub const INVALID_INPUT: i32 = code(ExitStatus::InvalidInput);
/// A usage or host I/O failure (bad command line, a host file that cannot be read or written).
pub const FAILURE: i32 = code(ExitStatus::Usage);
/// The input is valid as far as read but does not fit this build's fixed memory: the error file
/// holds the capacity error (`… needs N … but this build holds M`), the answer file is empty.
pub const CAPACITY: i32 = code(ExitStatus::Capacity);
/// At least one self-check case failed.
pub const SELF_CHECK_FAILED: i32 = code(ExitStatus::SelfCheckFailed);
/// The stack used all of its region: the statics below it may have been overwritten.
pub const STACK_OVERFLOW: i32 = code(ExitStatus::StackOverflow);
/// A panic (a broken internal invariant; never expected from any input).
pub const PANIC: i32 = code(ExitStatus::Panic);
/// A HardFault.
pub const HARD_FAULT: i32 = code(ExitStatus::HardFault);
/// Any other exception or interrupt, none of which the firmware enables.
pub const UNEXPECTED_EXCEPTION: i32 = code(ExitStatus::UnexpectedException);
