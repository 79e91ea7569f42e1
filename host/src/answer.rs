//! The answer buffer: collects the whole answer so that nothing reaches stdout unless the
//! input was valid, spilling to an anonymous temporary file past a size limit so that memory
//! stays bounded however long the answer grows.
//!
//! Past [`Answer::MAP_FROM`] bytes the text moves from a `String` into one anonymous mapping of
//! the whole limit, advised for transparent huge pages on Linux: an 8 MB answer (`swiss_max.in`)
//! then takes a handful of page faults instead of two thousand (each a few microseconds on a
//! virtual machine: 5 of the 43 ms of that run). Untouched pages of the mapping cost nothing.

use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Seek, Write};

use memmap2::MmapMut;

use crate::memory::huge_mapping;

/// Where the answer's text is held until it is written.
#[derive(Debug)]
enum Held {
    /// A short answer.
    Text(String),
    /// A long one: the first `len` bytes of a mapping of the whole limit.
    Mapped { map: MmapMut, len: usize },
    /// One beyond the limit.
    Spilled(BufWriter<File>),
}

/// Answer text held in memory up to a limit, then in a temporary file.
#[derive(Debug)]
pub struct Answer {
    held: Held,
    limit: usize,
    /// Whether a mapping was refused (the text then grows as a string up to the limit).
    unmapped: bool,
    /// The first I/O error met while spilling (reported instead of a bare `fmt::Error`).
    error: Option<io::Error>,
}

impl Answer {
    /// The default in-memory limit: 16 MiB.
    pub const DEFAULT_LIMIT: usize = 16 << 20;

    /// The length past which the text moves into a mapping of the whole limit: 1 MiB.
    pub const MAP_FROM: usize = 1 << 20;

    /// An empty answer kept in memory up to `limit` bytes.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn with_limit(limit: usize) -> Self {
        Self { held: Held::Text(String::new()), limit, unmapped: false, error: None }
    }

    /// As [`Answer::with_limit`], held in a mapping of the whole limit from the first byte (for
    /// an answer known to be long: no string grown and copied first); as
    /// [`Answer::with_limit`] if the mapping is refused.
    ///
    /// # Complexity
    /// `O(1)`: one mapping, its pages faulted in as they are written.
    #[must_use]
    pub fn mapped_with_limit(limit: usize) -> Self {
        let mut answer = Self::with_limit(limit);
        match huge_mapping(limit) {
            Some(map) => answer.held = Held::Mapped { map, len: 0 },
            None => answer.unmapped = true,
        }
        answer
    }

    /// Whether the answer went to a temporary file.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn spilled(&self) -> bool {
        matches!(self.held, Held::Spilled(_))
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
        match self.held {
            Held::Text(text) => out.write_all(text.as_bytes())?,
            Held::Mapped { map, len } => out.write_all(map.get(..len).unwrap_or_default())?,
            Held::Spilled(writer) => {
                let mut file = writer.into_inner().map_err(io::IntoInnerError::into_error)?;
                file.rewind()?;
                io::copy(&mut file, out)?;
            }
        }
        out.flush()
    }

    /// Appends `s`, moving the text to a mapping or a file when it outgrows where it is.
    fn append(&mut self, s: &str) -> io::Result<()> {
        let map_from = if self.unmapped { self.limit } else { Self::MAP_FROM.min(self.limit) };
        match &mut self.held {
            Held::Text(text) if text.len() + s.len() <= map_from => text.push_str(s),
            Held::Mapped { map, len } if *len + s.len() <= map.len() => {
                if let Some(room) = map.get_mut(*len..*len + s.len()) {
                    room.copy_from_slice(s.as_bytes());
                    *len += s.len();
                }
            }
            Held::Spilled(writer) => writer.write_all(s.as_bytes())?,
            Held::Text(text) if text.len() + s.len() <= self.limit => match huge_mapping(self.limit) {
                Some(mut map) => {
                    let len = text.len() + s.len();
                    if let Some(start) = map.get_mut(..len) {
                        start[..text.len()].copy_from_slice(text.as_bytes());
                        start[text.len()..].copy_from_slice(s.as_bytes());
                    }
                    self.held = Held::Mapped { map, len };
                }
                // No mapping (an exotic platform, or no address space): the string grows.
                None => {
                    self.unmapped = true;
                    text.push_str(s);
                }
            },
            Held::Text(_) | Held::Mapped { .. } => {
                let mut writer = BufWriter::with_capacity(1 << 20, tempfile::tempfile()?);
                match &self.held {
                    Held::Text(text) => writer.write_all(text.as_bytes())?,
                    Held::Mapped { map, len } => writer.write_all(map.get(..*len).unwrap_or_default())?,
                    Held::Spilled(_) => {}
                }
                writer.write_all(s.as_bytes())?;
                self.held = Held::Spilled(writer);
            }
        }
        Ok(())
    }
}

impl Default for Answer {
    fn default() -> Self {
        Self::with_limit(Self::DEFAULT_LIMIT)
    }
}

impl fmt::Write for Answer {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.append(s).map_err(|e| {
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

    #[test]
    fn without_a_mapping_the_text_grows_to_the_limit_then_spills() {
        let line = "0123456789abcdef\n";
        for (lines, spills) in [(2 * Answer::MAP_FROM / line.len(), false), (5 * Answer::MAP_FROM / line.len(), true)] {
            let mut answer = Answer::with_limit(4 * Answer::MAP_FROM);
            answer.unmapped = true; // as after a refused mapping
            for _ in 0..lines {
                answer.write_str(line).unwrap();
            }
            assert_eq!(matches!(answer.held, Held::Text(_)), !spills);
            assert_eq!(answer.spilled(), spills);
            let mut out = Vec::new();
            answer.write_to(&mut out).unwrap();
            assert_eq!(out, line.repeat(lines).into_bytes());
        }
    }

    #[test]
    fn an_answer_mapped_at_once_holds_and_spills_the_same_text() {
        for (lines, spills) in [(10, false), (100, true)] {
            let mut answer = Answer::mapped_with_limit(170);
            assert!(matches!(answer.held, Held::Mapped { .. }));
            for _ in 0..lines {
                answer.write_str("0123456789abcdef\n").unwrap();
            }
            assert_eq!(answer.spilled(), spills);
            let mut out = Vec::new();
            answer.write_to(&mut out).unwrap();
            assert_eq!(out, "0123456789abcdef\n".repeat(lines).into_bytes());
        }
    }

    #[test]
    fn long_answers_move_to_a_mapping_then_spill_past_the_limit() {
        let line: String = (0..100).map(|i| char::from(b'a' + i % 26)).chain(['\n']).collect();
        for (limit, lines, mapped, spills) in [
            (4 * Answer::MAP_FROM, 3 * Answer::MAP_FROM / line.len(), true, false),
            (4 * Answer::MAP_FROM, 5 * Answer::MAP_FROM / line.len(), false, true),
            (Answer::MAP_FROM / 2, Answer::MAP_FROM / line.len(), false, true),
        ] {
            let mut answer = Answer::with_limit(limit);
            for _ in 0..lines {
                answer.write_str(&line).unwrap();
            }
            assert_eq!(matches!(answer.held, Held::Mapped { .. }), mapped, "limit {limit}, {lines} lines");
            assert_eq!(answer.spilled(), spills, "limit {limit}, {lines} lines");
            let mut out = Vec::new();
            answer.write_to(&mut out).unwrap();
            assert_eq!(out.len(), lines * line.len());
            assert!(out.chunks(line.len()).all(|chunk| chunk == line.as_bytes()));
        }
    }
}
