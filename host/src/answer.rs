//! The answer buffer: collects the whole answer so that nothing reaches stdout unless the
//! input was valid, spilling to an anonymous temporary file past a size limit so that memory
//! stays bounded however long the answer grows.

use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Seek, Write};

/// Answer text held in memory up to a limit, then in a temporary file.
#[derive(Debug)]
pub struct Answer {
    memory: String,
    limit: usize,
    spill: Option<BufWriter<File>>,
    /// The first I/O error met while spilling (reported instead of a bare `fmt::Error`).
    error: Option<io::Error>,
}

impl Answer {
    /// The default in-memory limit: 16 MiB.
    pub const DEFAULT_LIMIT: usize = 16 << 20;

    /// An empty answer kept in memory up to `limit` bytes.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn with_limit(limit: usize) -> Self {
        Self { memory: String::new(), limit, spill: None, error: None }
    }

    /// Whether the answer went to a temporary file.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn spilled(&self) -> bool {
        self.spill.is_some()
    }

    /// The I/O error that made a write fail, if one did.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn take_error(&mut self) -> Option<io::Error> {
        self.error.take()
    }

    /// Copies the whole answer to `out`.
    ///
    /// # Errors
    /// Any I/O error of the temporary file or of `out`.
    ///
    /// # Complexity
    /// `O(L)` for the `L` bytes of the answer.
    pub fn write_to(self, out: &mut dyn Write) -> io::Result<()> {
        match self.spill {
            None => out.write_all(self.memory.as_bytes())?,
            Some(writer) => {
                let mut file = writer.into_inner().map_err(io::IntoInnerError::into_error)?;
                file.rewind()?;
                io::copy(&mut file, out)?;
            }
        }
        out.flush()
    }

    /// Moves the text held in memory into a new temporary file.
    fn spill(&mut self) -> io::Result<&mut BufWriter<File>> {
        let mut writer = BufWriter::with_capacity(1 << 20, tempfile::tempfile()?);
        writer.write_all(self.memory.as_bytes())?;
        self.memory = String::new();
        Ok(self.spill.insert(writer))
    }
}

impl Default for Answer {
    fn default() -> Self {
        Self::with_limit(Self::DEFAULT_LIMIT)
    }
}

impl fmt::Write for Answer {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.spill.is_none() && self.memory.len() + s.len() <= self.limit {
            self.memory.push_str(s);
            return Ok(());
        }
        let result = match self.spill.as_mut() {
            Some(writer) => writer.write_all(s.as_bytes()),
            None => self.spill().and_then(|writer| writer.write_all(s.as_bytes())),
        };
        result.map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write as _;

    #[test]
    fn small_answers_stay_in_memory_and_large_ones_spill() {
        for (limit, spills) in [(1000, false), (10, true)] {
            let mut answer = Answer::with_limit(limit);
            for i in 0..100 {
                write!(answer, "{i} ").unwrap();
            }
            assert_eq!(answer.spilled(), spills);
            let mut out = Vec::new();
            answer.write_to(&mut out).unwrap();
            let expected: String = (0..100).map(|i| format!("{i} ")).collect();
            assert_eq!(String::from_utf8(out).unwrap(), expected);
        }
    }
}
