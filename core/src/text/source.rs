//! Input read in pieces, for drivers that answer without holding it all.
//!
//! Two kinds of source:
//! - [`Read`], a stream pulled front to back (stdin, a pipe, a semihosting file): every judge
//!   driver reads it through a small window ([`crate::judge::run_read`]), so memory is bounded
//!   by what the problem must hold, not by the bytes offered, and reading stops at the first
//!   byte that makes the input invalid;
//! - [`ReadAt`], random access at any offset (a regular file, flash memory, an SD card): a
//!   20 MB board then needs no RAM for its rows at all ([`crate::judge::run_streaming`]).
//!
//! Byte slices implement both.

/// A read through [`Read`] or [`ReadAt`] failed (an I/O error, or a range past the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ReadError;

/// A stream of input bytes pulled front to back, like `std::io::Read`.
pub trait Read {
    /// Reads some bytes into the front of `buf` and returns how many: `0` only at the end of
    /// the input (or when `buf` is empty). Fewer than `buf.len()` is not the end.
    ///
    /// # Errors
    /// [`ReadError`] when the read fails; the readers of this crate then stop reading and report
    /// it ([`crate::text::ErrorKind::Read`]), never an answer.
    fn read(&mut self, buf: &mut [u8]) -> Result<usize, ReadError>;
}

impl Read for &[u8] {
    fn read(&mut self, buf: &mut [u8]) -> Result<usize, ReadError> {
        let len = buf.len().min(self.len());
        let (head, tail) = self.split_at(len);
        buf[..len].copy_from_slice(head);
        *self = tail;
        Ok(len)
    }
}

impl<R: Read + ?Sized> Read for &mut R {
    fn read(&mut self, buf: &mut [u8]) -> Result<usize, ReadError> {
        (**self).read(buf)
    }
}

/// Random-access input of a known length.
pub trait ReadAt {
    /// The length of the input in bytes.
    fn len(&self) -> u64;

    /// Whether the input is empty.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Fills `buf` with the bytes at `offset..offset + buf.len()`.
    ///
    /// # Errors
    /// [`ReadError`] when the range is not inside the input or the read fails.
    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> Result<(), ReadError>;
}

impl ReadAt for [u8] {
    fn len(&self) -> u64 {
        u64::try_from(<[u8]>::len(self)).unwrap_or(u64::MAX)
    }

    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> Result<(), ReadError> {
        let start = usize::try_from(offset).map_err(|_| ReadError)?;
        let end = start.checked_add(buf.len()).ok_or(ReadError)?;
        buf.copy_from_slice(self.get(start..end).ok_or(ReadError)?);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_stream_front_to_back() {
        let mut source: &[u8] = b"abcde";
        let mut buf = [0u8; 2];
        assert_eq!(source.read(&mut buf), Ok(2));
        assert_eq!(&buf, b"ab");
        assert_eq!(Read::read(&mut &mut source, &mut buf), Ok(2));
        assert_eq!(source.read(&mut buf), Ok(1));
        assert_eq!(source.read(&mut buf), Ok(0));
    }

    #[test]
    fn slices_read_inside_and_refuse_outside() {
        let mut bytes = *b"#..\n...\n";
        let source: &mut [u8] = &mut bytes[..];
        let mut buf = [0u8; 3];
        assert_eq!(ReadAt::len(source), 8);
        assert_eq!(source.read_at(4, &mut buf), Ok(()));
        assert_eq!(&buf, b"...");
        assert_eq!(source.read_at(6, &mut buf), Err(ReadError));
        assert_eq!(source.read_at(u64::MAX, &mut buf), Err(ReadError));
    }
}
