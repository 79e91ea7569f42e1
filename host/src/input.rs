//! Where the judge input comes from: a regular file that can be read in pieces (so a driver
//! that streams never needs the whole input in memory), or any reader, read whole.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};

use referee_core::text::{ReadAt, ReadError};

/// Bytes of buffer for the drivers that read a file in pieces: two cursors of 128 KiB each.
pub const STREAM_BUFFER: usize = 256 << 10;

/// A regular file, read from where it was positioned when opened to its end.
#[derive(Debug)]
pub struct FileSource {
    file: File,
    /// The file offset where the input starts (non-zero when stdin was partly read before).
    base: u64,
    len: u64,
}

impl FileSource {
    /// `file` as a source if it is a regular file; otherwise `file` back (a pipe, a terminal).
    ///
    /// # Errors
    /// `file` itself when it cannot be read at offsets.
    pub fn new(mut file: File) -> Result<Self, File> {
        let Ok(metadata) = file.metadata() else { return Err(file) };
        let Ok(base) = file.stream_position() else { return Err(file) };
        match metadata.len().checked_sub(base) {
            Some(len) if metadata.is_file() => Ok(Self { file, base, len }),
            _ => Err(file),
        }
    }

    /// The whole input, read again from its start.
    ///
    /// # Errors
    /// Any I/O error.
    pub fn read_all(mut self) -> io::Result<Vec<u8>> {
        self.file.seek(SeekFrom::Start(self.base))?;
        let mut bytes = Vec::with_capacity(usize::try_from(self.len).unwrap_or(0));
        self.file.read_to_end(&mut bytes)?;
        Ok(bytes)
    }
}

impl ReadAt for FileSource {
    fn len(&self) -> u64 {
        self.len
    }

    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> Result<(), ReadError> {
        let start = self.base.checked_add(offset).ok_or(ReadError)?;
        self.file.seek(SeekFrom::Start(start)).map_err(|_| ReadError)?;
        self.file.read_exact(buf).map_err(|_| ReadError)
    }
}

/// The regular file behind this process's stdin, if it is one (`referee … < board.txt`), as an
/// independent handle sharing the file offset.
#[must_use]
pub fn stdin_file() -> Option<File> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let file = File::from(io::stdin().as_fd().try_clone_to_owned().ok()?);
        file.metadata().ok()?.is_file().then_some(file)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn reads_at_offsets_from_where_the_file_was_positioned() {
        let mut file = tempfile::tempfile().unwrap();
        file.write_all(b"skip#..\n...\n").unwrap();
        file.seek(SeekFrom::Start(4)).unwrap();
        let mut source = FileSource::new(file).unwrap();
        assert_eq!(ReadAt::len(&source), 8);
        let mut buf = [0u8; 3];
        source.read_at(4, &mut buf).unwrap();
        assert_eq!(&buf, b"...");
        assert_eq!(source.read_at(6, &mut buf), Err(ReadError));
        assert_eq!(source.read_all().unwrap(), b"#..\n...\n");
    }
}
