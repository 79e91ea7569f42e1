//! Where the judge input comes from: a regular file that can be read at offsets (a board then
//! needs no memory for its rows), or any reader (stdin, a pipe, a file) pulled front to back
//! through a window, so memory is bounded by what the problem holds, never by the input.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};

use referee_core::text::{Read as PullRead, ReadAt, ReadError};

/// Bytes of buffer for the drivers that read an input in pieces: the window of a stream, or
/// two cursors of 32 KiB each in a regular file (a larger buffer makes the kernel's copies slower:
/// 128 KiB a row took twice the system time of 32 KiB on a 20 MB board).
pub const STREAM_BUFFER: usize = 64 << 10;

/// Any reader as a stream for the judge drivers, keeping the I/O error of a failed read so that
/// it can be reported as it is.
pub struct Pull<'r> {
    reader: &'r mut dyn Read,
    error: Option<io::Error>,
    /// Bytes handed out so far.
    pub consumed: u64,
}

impl std::fmt::Debug for Pull<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pull").field("error", &self.error).field("consumed", &self.consumed).finish_non_exhaustive()
    }
}

impl<'r> Pull<'r> {
    /// `reader` as a stream.
    ///
    /// # Complexity
    /// `O(1)`; each read is one read of `reader` (retried when interrupted).
    pub fn new(reader: &'r mut dyn Read) -> Self {
        Self { reader, error: None, consumed: 0 }
    }

    /// The error of the read that failed, if one did.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn take_error(&mut self) -> Option<io::Error> {
        self.error.take()
    }
}

impl PullRead for Pull<'_> {
    fn read(&mut self, buf: &mut [u8]) -> Result<usize, ReadError> {
        let read = retried(&mut self.error, || self.reader.read(buf))?;
        self.consumed += read as u64;
        Ok(read)
    }
}

/// `read` until it is not interrupted: what it read, or its error kept in `error`.
fn retried(error: &mut Option<io::Error>, mut read: impl FnMut() -> io::Result<usize>) -> Result<usize, ReadError> {
    loop {
        match read() {
            Ok(read) => return Ok(read),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                *error = Some(e);
                return Err(ReadError);
            }
        }
    }
}

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

    /// The file, positioned again at the start of the input, to be read front to back.
    ///
    /// # Errors
    /// The I/O error of the seek.
    ///
    /// # Complexity
    /// One seek.
    pub fn rewind(mut self) -> io::Result<File> {
        self.file.seek(SeekFrom::Start(self.base))?;
        Ok(self.file)
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

/// A [`FileSource`]'s input read at offsets by positional reads, which leave the file's
/// position alone, so that several threads can each read through one (on Unix; elsewhere every
/// read fails).
#[derive(Clone, Copy, Debug)]
pub struct Shared<'f> {
    source: &'f FileSource,
}

impl FileSource {
    /// The input, to be read at offsets from any thread.
    ///
    /// # Complexity
    /// `O(1)`; each read is one positional read of the file (more if the system returns less).
    #[must_use]
    pub const fn shared(&self) -> Shared<'_> {
        Shared { source: self }
    }
}

impl ReadAt for Shared<'_> {
    fn len(&self) -> u64 {
        self.source.len
    }

    #[cfg(not(unix))]
    fn read_at(&mut self, _offset: u64, _buf: &mut [u8]) -> Result<(), ReadError> {
        Err(ReadError)
    }

    #[cfg(unix)]
    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> Result<(), ReadError> {
        use std::os::unix::fs::FileExt;
        let end = offset.checked_add(buf.len() as u64).ok_or(ReadError)?;
        if end > self.source.len {
            return Err(ReadError);
        }
        let start = self.source.base.checked_add(offset).ok_or(ReadError)?;
        self.source.file.read_exact_at(buf, start).map_err(|_| ReadError)
    }
}

/// Bytes of a [`FileSource`]'s input as a stream of their own, read at offsets without moving
/// the file's position, so that several threads can read parts of one file at once (on Unix;
/// elsewhere every read fails).
#[derive(Debug)]
pub struct Part<'f> {
    source: &'f FileSource,
    /// The next byte to read and the end, as offsets in the input.
    next: u64,
    end: u64,
    error: Option<io::Error>,
}

impl FileSource {
    /// The input's bytes `range` (clamped to the input) as a stream.
    ///
    /// # Complexity
    /// `O(1)`; each read is one positional read of the file.
    #[must_use]
    pub fn part(&self, range: std::ops::Range<u64>) -> Part<'_> {
        Part { source: self, next: range.start.min(self.len), end: range.end.min(self.len), error: None }
    }
}

impl Part<'_> {
    /// Reads until `buf` is full or the part ends; how many bytes were read.
    ///
    /// # Errors
    /// The I/O error of a failed read.
    ///
    /// # Complexity
    /// `O(|buf|)`.
    pub fn fill(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut filled = 0;
        while filled < buf.len() {
            match self.read(&mut buf[filled..]) {
                Ok(0) => break,
                Ok(read) => filled += read,
                Err(ReadError) => return Err(self.error.take().unwrap_or_else(|| io::Error::other("read failed"))),
            }
        }
        Ok(filled)
    }
}

impl PullRead for Part<'_> {
    #[cfg(not(unix))]
    fn read(&mut self, _buf: &mut [u8]) -> Result<usize, ReadError> {
        self.error = Some(io::Error::other("reads at offsets from several threads need Unix"));
        Err(ReadError)
    }

    #[cfg(unix)]
    fn read(&mut self, buf: &mut [u8]) -> Result<usize, ReadError> {
        use std::os::unix::fs::FileExt;
        let left = usize::try_from(self.end.saturating_sub(self.next)).unwrap_or(usize::MAX);
        let want = buf.len().min(left);
        if want == 0 {
            return Ok(0);
        }
        let offset = self.source.base.checked_add(self.next).ok_or(ReadError)?;
        let read = retried(&mut self.error, || self.source.file.read_at(&mut buf[..want], offset))?;
        self.next += read as u64;
        Ok(read)
    }
}

/// The regular file behind this process's stdin, if it is one (`referee … < board.txt`), as an
/// independent handle sharing the file offset.
///
/// # Complexity
/// `O(1)`: a few system calls.
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
    fn a_pull_keeps_the_error_of_a_failed_read() {
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk on fire"))
            }
        }
        let mut bytes: &[u8] = b"abc";
        let mut pull = Pull::new(&mut bytes);
        assert_eq!(pull.read(&mut [0; 2]), Ok(2));
        assert_eq!(pull.consumed, 2);
        let mut broken = Broken;
        let mut pull = Pull::new(&mut broken);
        assert_eq!(pull.read(&mut [0; 2]), Err(ReadError));
        assert_eq!(pull.take_error().map(|e| e.to_string()).as_deref(), Some("disk on fire"));
    }

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
        {
            let mut part = source.part(1..7);
            let mut buf = [0u8; 8];
            assert_eq!(part.fill(&mut buf).unwrap(), 6);
            assert_eq!(&buf[..6], b"..\n...");
            assert_eq!(source.part(6..99).fill(&mut buf).unwrap(), 2);
            assert_eq!(source.part(9..99).fill(&mut buf).unwrap(), 0);
        }
        let mut rest = Vec::new();
        source.rewind().unwrap().read_to_end(&mut rest).unwrap();
        assert_eq!(rest, b"#..\n...\n");
    }
}
