//! The RFC 4180 rules that the `csv` crate accepts leniently, checked record by record.
//!
//! `csv` reads `"abc"def` as `abcdef`, `ab"c` as `ab"c`, a lone carriage return as a line end
//! and an unterminated quoted field as running to the end of the file; the results format
//! refuses all four. This scanner walks the same records as `csv` (one call per record, empty
//! lines skipped the same way) and reports the first such fault, with the line where its
//! record starts and its field. The fields themselves always come from `csv`. It only runs
//! when the input holds a quote or a carriage return: without them `csv`'s reading is strict.

/// A fault of the record structure: the field (1-based) and what is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The field, 1-based.
    pub field: usize,
    /// What is wrong.
    pub message: &'static str,
}

/// Walks the records of an input.
#[derive(Debug)]
pub struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: u64,
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `bytes` (line 1).
    ///
    /// # Complexity
    /// `O(1)`.
    pub const fn new(bytes: &'a [u8]) -> Self {
        Self { bytes, pos: 0, line: 1 }
    }

    /// Whether the line end at `pos` is `\n` or `\r\n`: its length.
    fn line_end(&self, pos: usize) -> Option<usize> {
        match self.bytes.get(pos..) {
            Some([b'\n', ..]) => Some(1),
            Some([b'\r', b'\n', ..]) => Some(2),
            _ => None,
        }
    }

    /// The next record: the line where it starts and its first fault, if any; `None` at the
    /// end of the input. After a fault the scanner must not be used again.
    ///
    /// # Complexity
    /// `O(b)` for the `b` bytes of the record.
    pub fn next_record(&mut self) -> Option<(u64, Option<Fault>)> {
        while let Some(len) = self.line_end(self.pos) {
            self.pos += len;
            self.line += 1;
        }
        if self.pos >= self.bytes.len() {
            return None;
        }
        let start = self.line;
        Some((start, self.record()))
    }

    /// Scans one record from a field start.
    fn record(&mut self) -> Option<Fault> {
        let mut field = 1;
        loop {
            let fault = |message| Some(Fault { field, message });
            if self.bytes.get(self.pos) == Some(&b'"') {
                self.pos += 1;
                loop {
                    match self.bytes.get(self.pos) {
                        None => return fault("a quoted field is not closed"),
                        Some(b'"') if self.bytes.get(self.pos + 1) == Some(&b'"') => self.pos += 2,
                        Some(b'"') => {
                            self.pos += 1;
                            break;
                        }
                        Some(b'\n') => {
                            self.pos += 1;
                            self.line += 1;
                        }
                        Some(b'\r') if self.bytes.get(self.pos + 1) != Some(&b'\n') => {
                            return fault("a carriage return that is not part of a CRLF line end")
                        }
                        Some(_) => self.pos += 1,
                    }
                }
                match self.bytes.get(self.pos) {
                    None | Some(b',' | b'\n') => {}
                    Some(b'\r') if self.line_end(self.pos).is_some() => {}
                    Some(_) => return fault("text after the closing quote of a quoted field"),
                }
            } else {
                // Skip the plain bytes of the field at once.
                let rest = self.bytes.get(self.pos..).unwrap_or_default();
                self.pos += rest.iter().position(|&b| matches!(b, b',' | b'\n' | b'\r' | b'"')).unwrap_or(rest.len());
                loop {
                    match self.bytes.get(self.pos) {
                        None | Some(b',' | b'\n') => break,
                        Some(b'"') => return fault("a quote inside an unquoted field (quote the whole field)"),
                        Some(b'\r') if self.line_end(self.pos).is_none() => {
                            return fault("a carriage return that is not part of a CRLF line end")
                        }
                        Some(b'\r') => break,
                        Some(_) => self.pos += 1,
                    }
                }
            }
            match self.bytes.get(self.pos) {
                Some(b',') => {
                    self.pos += 1;
                    field += 1;
                }
                None => return None,
                Some(_) => {
                    // A line end: `\n` or `\r\n`, checked above.
                    self.pos += self.line_end(self.pos).unwrap_or(1);
                    self.line += 1;
                    return None;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn faults(input: &str) -> Vec<(u64, Option<(usize, &'static str)>)> {
        let mut scanner = Scanner::new(input.as_bytes());
        let mut out = Vec::new();
        while let Some((line, fault)) = scanner.next_record() {
            out.push((line, fault.map(|f| (f.field, f.message))));
            if fault.is_some() {
                break;
            }
        }
        out
    }

    #[test]
    fn walks_records_like_rfc_4180() {
        assert_eq!(faults("a,b\n\n\"c\nd\",e\r\n\r\nf"), [(1, None), (3, None), (6, None)]);
        assert_eq!(faults("\"a\"\"b\",c\n"), [(1, None)]);
    }

    #[test]
    fn finds_what_csv_lets_through() {
        assert_eq!(faults("x\n1,\"ab\"c,d\n")[1], (2, Some((2, "text after the closing quote of a quoted field"))));
        assert_eq!(faults("1,a\"b\n")[0].1.map(|f| f.0), Some(2));
        assert_eq!(faults("1,ab\rc\n")[0].1.map(|f| f.0), Some(2));
        assert_eq!(faults("1,\"a\rb\"\n")[0].1.map(|f| f.0), Some(2));
        assert_eq!(faults("1,2,\"abc\n")[0], (1, Some((3, "a quoted field is not closed"))));
    }
}
