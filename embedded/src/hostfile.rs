//! Host files through semihosting: the judge input in, the answer and the refusal out.

use core::ffi::CStr;
use core::fmt;

use referee_core::text::{Read as PullRead, ReadAt, ReadError};
use semihosting::fs::File;
use semihosting::io::{Read, Seek, SeekFrom, Write};

use crate::budget::MAX_PATH_BYTES;

/// Calls `f` with `path` as a NUL-terminated C string.
///
/// # Errors
/// When `path` is longer than [`MAX_PATH_BYTES`] or contains a NUL byte.
// Never inlined: its path buffer is then on the stack only during the call, not in the frame
// of every caller at once.
#[inline(never)]
fn with_c_path<R>(path: &str, f: impl FnOnce(&CStr) -> R) -> Result<R, &'static str> {
    let mut buffer = [0u8; MAX_PATH_BYTES + 1];
    let bytes = path.as_bytes();
    if bytes.len() > MAX_PATH_BYTES || bytes.contains(&0) {
        return Err("the path is too long or not a path");
    }
    buffer[..bytes.len()].copy_from_slice(bytes);
    let c_path = CStr::from_bytes_until_nul(&buffer).map_err(|_| "the path is not a path")?;
    Ok(f(c_path))
}

/// Creates (or truncates) the host file `path` for writing.
///
/// # Errors
/// When the path is unusable or the host refuses.
pub fn create(path: &str) -> Result<File, &'static str> {
    with_c_path(path, |p| File::create(p))?.map_err(|_| "cannot create the file")
}

/// The judge input: a host file, read at offsets ([`ReadAt`]) or front to back ([`PullRead`],
/// after [`HostInput::rewind`]).
#[derive(Debug)]
pub struct HostInput {
    file: File,
    len: u64,
}

impl HostInput {
    /// Opens the host file `path`.
    ///
    /// # Errors
    /// When the path is unusable or the file cannot be opened or measured.
    pub fn open(path: &str) -> Result<Self, &'static str> {
        let file = with_c_path(path, |p| File::open(p))?.map_err(|_| "cannot open the input file")?;
        let len = file.metadata().map_err(|_| "cannot get the input file's length")?.len();
        Ok(Self { file, len })
    }

    /// Positions the file at its start, for reading it front to back.
    ///
    /// # Errors
    /// When the host refuses the seek.
    pub fn rewind(&mut self) -> Result<(), &'static str> {
        self.file.seek(SeekFrom::Start(0)).map(drop).map_err(|_| "cannot read the input file")
    }
}

impl PullRead for HostInput {
    fn read(&mut self, buf: &mut [u8]) -> Result<usize, ReadError> {
        self.file.read(buf).map_err(|_| ReadError)
    }
}

impl ReadAt for HostInput {
    fn len(&self) -> u64 {
        self.len
    }

    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> Result<(), ReadError> {
        let end = offset.checked_add(u64::try_from(buf.len()).map_err(|_| ReadError)?).ok_or(ReadError)?;
        if end > self.len {
            return Err(ReadError);
        }
        self.file.seek(SeekFrom::Start(offset)).map_err(|_| ReadError)?;
        self.file.read_exact(buf).map_err(|_| ReadError)
    }
}

/// Writes text to a host file in chunks of the buffer's size (the last one shorter).
#[derive(Debug)]
pub struct ChunkWriter<'b> {
    file: File,
    buffer: &'b mut [u8],
    filled: usize,
    written: usize,
    failed: bool,
}

impl<'b> ChunkWriter<'b> {
    /// A writer to `file` through `buffer` (an empty buffer writes straight through).
    pub fn new(file: File, buffer: &'b mut [u8]) -> Self {
        Self { file, buffer, filled: 0, written: 0, failed: false }
    }

    /// Writes out the buffered bytes.
    fn flush(&mut self) -> fmt::Result {
        if self.failed || self.file.write_all(&self.buffer[..self.filled]).is_err() {
            self.failed = true;
            return Err(fmt::Error);
        }
        self.written += self.filled;
        self.filled = 0;
        Ok(())
    }

    /// Writes out what is left and returns the total number of bytes written.
    ///
    /// # Errors
    /// When a write to the host file failed.
    pub fn finish(mut self) -> Result<usize, &'static str> {
        self.flush().map_err(|_| "cannot write the file")?;
        Ok(self.written)
    }
}

impl fmt::Write for ChunkWriter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let mut rest = s.as_bytes();
        if self.buffer.is_empty() {
            self.file.write_all(rest).map_err(|_| fmt::Error)?;
            self.written += rest.len();
            return Ok(());
        }
        while !rest.is_empty() {
            if self.filled == self.buffer.len() {
                self.flush()?;
            }
            let take = rest.len().min(self.buffer.len() - self.filled);
            self.buffer[self.filled..self.filled + take].copy_from_slice(&rest[..take]);
            self.filled += take;
            rest = &rest[take..];
        }
        Ok(())
    }
}
