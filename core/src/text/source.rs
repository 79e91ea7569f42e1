//! Input read in pieces at any offset, for drivers that can answer without holding it all.
//!
//! A 20 MB board does not need 20 MB of RAM: [`crate::judge::run_streaming`] reads it through
//! a small buffer from anything that implements [`ReadAt`] (a file on the host, flash memory or
//! an SD card in firmware). A byte slice implements it too.

/// A read through [`ReadAt`] failed (an I/O error, or a range past the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ReadError;

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
