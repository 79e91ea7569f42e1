//! The module's exports to JavaScript: a request buffer, a call, a reply buffer.
//!
//! ```text
//! const at = exports.referee_request(bytes.length);              // room for the request
//! new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
//! const length = exports.referee_call();                         // runs it
//! const reply = new Uint8Array(exports.memory.buffer, exports.referee_reply(), length);
//! ```
//!
//! The request and the reply are JSON ([`crate::call`]). The buffers belong to the module and
//! stay valid until the next `referee_request` or `referee_call`. Nothing here reads or
//! writes memory through a pointer: JavaScript copies the bytes, Rust only hands out where.
//!
//! While a game-rules search runs, `referee_call` calls one of the two functions the module imports,
//! `env.referee_progress(at, length)`, with where its progress is ([`crate::progress_json`]:
//! JSON, valid during the call only), a few times a second; and it reads the time from the
//! other, `env.referee_clock()`, microseconds as a `BigInt` (the search's `--time`):
//!
//! ```text
//! const imports = { env: {
//!     referee_progress: (at, length) =>
//!         show(JSON.parse(decoder.decode(new Uint8Array(exports.memory.buffer, at, length)))),
//!     referee_clock: () => BigInt(Math.floor(performance.now() * 1000)) } };
//! ```
#![allow(unsafe_code)] // `#[no_mangle]`, and the import's declaration: the names are the ABI.

use std::cell::RefCell;

thread_local! {
    static REQUEST: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static REPLY: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Makes room for a request of `length` bytes and returns where JavaScript writes it.
///
/// # Complexity
/// `O(length)`.
#[no_mangle]
pub extern "C" fn referee_request(length: usize) -> *mut u8 {
    REQUEST.with_borrow_mut(|request| {
        request.clear();
        request.resize(length, 0);
        request.as_mut_ptr()
    })
}

/// Runs the request written at [`referee_request`] and returns the length of the reply.
///
/// # Complexity
/// That of the command run ([`crate::call`]).
#[no_mangle]
pub extern "C" fn referee_call() -> usize {
    let reply = REQUEST.with_borrow_mut(|request| crate::call_reporting(&std::mem::take(request), &mut progress));
    REPLY.with_borrow_mut(|stored| {
        *stored = reply;
        stored.len()
    })
}

/// Where the reply of the last [`referee_call`] starts.
///
/// # Complexity
/// `O(1)`.
#[no_mangle]
pub extern "C" fn referee_reply() -> *const u8 {
    REPLY.with_borrow(|reply| reply.as_ptr())
}

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "env")]
unsafe extern "C" {
    /// The page's: reads `length` bytes at `at` (a progress report) during the call.
    safe fn referee_progress(at: *const u8, length: usize);
    /// The page's clock: microseconds from any origin, never going back (`performance.now()`).
    safe fn referee_clock() -> u64;
}

/// The clock a game-rules search within `--time` reads ([`crate::run`]): the page's.
///
/// # Complexity
/// `O(1)`.
#[cfg(target_arch = "wasm32")]
pub fn clock() -> u64 {
    referee_clock()
}

/// The clock a game-rules search within `--time` reads ([`crate::run`]): off the web (the
/// native tests), the process's monotonic clock.
///
/// # Complexity
/// `O(1)`.
#[cfg(not(target_arch = "wasm32"))]
pub fn clock() -> u64 {
    static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    let origin = *ORIGIN.get_or_init(std::time::Instant::now);
    u64::try_from(origin.elapsed().as_micros()).unwrap_or(u64::MAX)
}

/// Hands a progress report to the page ([`referee_call`]); nothing off the web (the native
/// tests).
#[cfg(target_arch = "wasm32")]
fn progress(report: &[u8]) {
    referee_progress(report.as_ptr(), report.len());
}

/// Hands a progress report to the page ([`referee_call`]); nothing off the web (the native
/// tests).
#[cfg(not(target_arch = "wasm32"))]
const fn progress(_report: &[u8]) {}
