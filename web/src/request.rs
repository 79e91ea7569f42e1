//! The request's JSON, read by hand: `{"args": [STRING...], "files": {NAME: FILE...}}` with a
//! FILE a string or `{"base64": STRING}` (no other value occurs). A general JSON deserializer
//! would double the module's code for this one shape (its number parsing and error paths).

use crate::files::{decode_base64, Files};

/// A request: the command line and the files it names, as bytes.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// The arguments of the command line.
    pub args: Vec<String>,
    /// The files by name.
    pub files: Files,
}

/// Reads a request.
///
/// # Errors
/// Where the text stops being a request (its byte offset) and what was expected.
///
/// # Complexity
/// `O(B)` for the `B` bytes of the request.
pub fn parse(text: &[u8]) -> Result<Request, String> {
    let mut reader = Reader { text, at: 0 };
    let mut request = Request::default();
    reader.expect(b'{')?;
    if !reader.eat(b'}') {
        loop {
            match reader.string()?.as_str() {
                "args" => {
                    reader.expect(b':')?;
                    reader.expect(b'[')?;
                    if !reader.eat(b']') {
                        loop {
                            request.args.push(reader.string()?);
                            if reader.eat(b']') {
                                break;
                            }
                            reader.expect(b',')?;
                        }
                    }
                }
                "files" => {
                    reader.expect(b':')?;
                    reader.expect(b'{')?;
                    if !reader.eat(b'}') {
                        loop {
                            let name = reader.string()?;
                            reader.expect(b':')?;
                            let bytes = reader.file().map_err(|e| format!("file '{name}': {e}"))?;
                            request.files.insert(name, bytes);
                            if reader.eat(b'}') {
                                break;
                            }
                            reader.expect(b',')?;
                        }
                    }
                }
                other => return Err(format!("unknown field '{other}' (expected args or files)")),
            }
            if reader.eat(b'}') {
                break;
            }
            reader.expect(b',')?;
        }
    }
    reader.space();
    if reader.at != text.len() {
        return Err(reader.wrong("the end of the request"));
    }
    Ok(request)
}

/// A position in the request's text.
struct Reader<'t> {
    text: &'t [u8],
    at: usize,
}

impl Reader<'_> {
    /// Skips JSON whitespace.
    fn space(&mut self) {
        while self.text.get(self.at).is_some_and(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// Takes `byte` (after whitespace) if it is next.
    fn eat(&mut self, byte: u8) -> bool {
        self.space();
        let found = self.text.get(self.at) == Some(&byte);
        if found {
            self.at += 1;
        }
        found
    }

    /// Takes `byte`, or says what was found instead.
    fn expect(&mut self, byte: u8) -> Result<(), String> {
        if self.eat(byte) {
            Ok(())
        } else {
            Err(self.wrong(&format!("'{}'", char::from(byte))))
        }
    }

    /// What was expected at the current position.
    fn wrong(&self, expected: &str) -> String {
        format!("byte {}: expected {expected}", self.at + 1)
    }

    /// A file: a string's UTF-8 bytes, or `{"base64": STRING}`'s bytes.
    fn file(&mut self) -> Result<Vec<u8>, String> {
        if !self.eat(b'{') {
            return self.string().map(String::into_bytes);
        }
        if self.string()? != "base64" {
            return Err(self.wrong("the field base64"));
        }
        self.expect(b':')?;
        let bytes = decode_base64(&self.string()?)?;
        self.expect(b'}')?;
        Ok(bytes)
    }

    /// A JSON string, unescaped.
    fn string(&mut self) -> Result<String, String> {
        self.expect(b'"')?;
        let mut out = String::new();
        loop {
            let start = self.at;
            while self.text.get(self.at).is_some_and(|&b| b != b'"' && b != b'\\' && b >= 0x20) {
                self.at += 1;
            }
            let run = std::str::from_utf8(&self.text[start..self.at]).map_err(|_| self.wrong("UTF-8 text"))?;
            out.push_str(run);
            match self.text.get(self.at) {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.at += 1;
                    let escaped = self.escape()?;
                    out.push(escaped);
                }
                _ => return Err(self.wrong("a closing '\"'")),
            }
        }
    }

    /// The character of the escape after a backslash.
    fn escape(&mut self) -> Result<char, String> {
        let byte = *self.text.get(self.at).ok_or_else(|| self.wrong("an escape"))?;
        self.at += 1;
        Ok(match byte {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let high = self.hex4()?;
                if (0xD800..0xDC00).contains(&high) {
                    if self.text.get(self.at..self.at + 2) != Some(b"\\u") {
                        return Err(self.wrong("the low half of a surrogate pair"));
                    }
                    self.at += 2;
                    let low = self.hex4()?;
                    if !(0xDC00..0xE000).contains(&low) {
                        return Err(self.wrong("the low half of a surrogate pair"));
                    }
                    let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                    char::from_u32(code).ok_or_else(|| self.wrong("a character"))?
                } else {
                    char::from_u32(high).ok_or_else(|| self.wrong("a character, not half a surrogate pair"))?
                }
            }
            _ => return Err(self.wrong("an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")),
        })
    }

    /// Four hexadecimal digits.
    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self.text.get(self.at..self.at + 4).ok_or_else(|| self.wrong("four hexadecimal digits"))?;
        let text = std::str::from_utf8(digits).map_err(|_| self.wrong("four hexadecimal digits"))?;
        let value = u32::from_str_radix(text, 16).map_err(|_| self.wrong("four hexadecimal digits"))?;
        self.at += 4;
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_json_stringify_writes() {
        let request = parse(
            br#" { "args" : ["event", "pair", "e\u00e9\n\"\\\/"], "files": {"e": "x\ud83d\ude00", "b": {"base64": "/w=="}} } "#,
        )
        .unwrap();
        assert_eq!(request.args, ["event", "pair", "e\u{e9}\n\"\\/"]);
        assert_eq!(request.files.get("e").unwrap(), "x\u{1F600}".as_bytes());
        assert_eq!(request.files.get("b").unwrap(), &[0xFF]);
        assert_eq!(parse(br#"{}"#).unwrap(), Request::default());
        assert_eq!(parse(br#"{"args": [], "files": {}}"#).unwrap(), Request::default());
    }

    #[test]
    fn refuses_anything_else_with_where() {
        for (text, message) in [
            (&b"not json"[..], "byte 1: expected '{'"),
            (b"{\"args\": [1]}", "byte 11: expected '\"'"),
            (b"{\"argv\": []}", "unknown field 'argv' (expected args or files)"),
            (b"{\"args\": [\"a\"]} x", "byte 17: expected the end of the request"),
            (b"{\"args\": [\"\\ud800\"]}", "byte 18: expected the low half of a surrogate pair"),
            (b"{\"args\": [\"\\q\"]}", "byte 14: expected an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX"),
            (b"{\"args\": [\"a", "byte 13: expected a closing '\"'"),
            (b"{\"files\": {\"f\": {\"hex\": \"00\"}}}", "file 'f': byte 23: expected the field base64"),
        ] {
            assert_eq!(parse(text).unwrap_err(), message, "{}", String::from_utf8_lossy(text));
        }
    }
}
