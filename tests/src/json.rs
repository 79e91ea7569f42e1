//! A small JSON reader for comparing answers parsed (objects compared whatever the order of
//! their keys, numbers by their text): the tests crate has no JSON dependency.

use std::collections::BTreeMap;

/// A JSON value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true`, `false`.
    Bool(bool),
    /// A number, as written.
    Number(String),
    /// A string, unescaped.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object (keys sorted; a repeated key is an error).
    Object(BTreeMap<String, Json>),
}

/// Parses one JSON value (whitespace around it allowed).
///
/// # Errors
/// The byte offset and what is wrong.
pub fn parse(text: &str) -> Result<Json, String> {
    let mut p = Parser { bytes: text.as_bytes(), pos: 0 };
    let value = p.value()?;
    p.space();
    if p.pos != p.bytes.len() {
        return Err(format!("{}: text after the value", p.pos));
    }
    Ok(value)
}

struct Parser<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn space(&mut self) {
        while self.bytes.get(self.pos).is_some_and(|b| b" \t\r\n".contains(b)) {
            self.pos += 1;
        }
    }

    fn err<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("{}: {what}", self.pos))
    }

    fn eat(&mut self, word: &str) -> bool {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> Result<Json, String> {
        self.space();
        match self.bytes.get(self.pos) {
            None => self.err("a value expected"),
            Some(b'{') => {
                self.pos += 1;
                let mut map = BTreeMap::new();
                self.space();
                if self.eat("}") {
                    return Ok(Json::Object(map));
                }
                loop {
                    self.space();
                    let key = self.string()?;
                    self.space();
                    if !self.eat(":") {
                        return self.err("':' expected");
                    }
                    let value = self.value()?;
                    if map.insert(key, value).is_some() {
                        return self.err("a repeated key");
                    }
                    self.space();
                    if self.eat("}") {
                        return Ok(Json::Object(map));
                    }
                    if !self.eat(",") {
                        return self.err("',' or '}' expected");
                    }
                }
            }
            Some(b'[') => {
                self.pos += 1;
                let mut items = Vec::new();
                self.space();
                if self.eat("]") {
                    return Ok(Json::Array(items));
                }
                loop {
                    items.push(self.value()?);
                    self.space();
                    if self.eat("]") {
                        return Ok(Json::Array(items));
                    }
                    if !self.eat(",") {
                        return self.err("',' or ']' expected");
                    }
                }
            }
            Some(b'"') => self.string().map(Json::String),
            Some(b't') if self.eat("true") => Ok(Json::Bool(true)),
            Some(b'f') if self.eat("false") => Ok(Json::Bool(false)),
            Some(b'n') if self.eat("null") => Ok(Json::Null),
            Some(b'-' | b'0'..=b'9') => {
                let start = self.pos;
                while self.bytes.get(self.pos).is_some_and(|b| b"-+.eE0123456789".contains(b)) {
                    self.pos += 1;
                }
                Ok(Json::Number(String::from_utf8_lossy(&self.bytes[start..self.pos]).into_owned()))
            }
            Some(_) => self.err("a value expected"),
        }
    }

    fn string(&mut self) -> Result<String, String> {
        if !self.eat("\"") {
            return self.err("a string expected");
        }
        let mut out = Vec::new();
        loop {
            match self.bytes.get(self.pos) {
                None => return self.err("an unterminated string"),
                Some(b'"') => {
                    self.pos += 1;
                    return String::from_utf8(out).map_err(|_| format!("{}: invalid UTF-8", self.pos));
                }
                Some(b'\\') => {
                    let escape = self.bytes.get(self.pos + 1).copied();
                    self.pos += 2;
                    let c = match escape {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            let unit = self.hex4()?;
                            if (0xd800..0xdc00).contains(&unit) {
                                if !self.eat("\\u") {
                                    return self.err("a lone surrogate");
                                }
                                let low = self.hex4()?;
                                let code = 0x10000 + ((unit - 0xd800) << 10) + (low.wrapping_sub(0xdc00) & 0x3ff);
                                char::from_u32(code).ok_or_else(|| format!("{}: a bad surrogate pair", self.pos))?
                            } else {
                                char::from_u32(unit).ok_or_else(|| format!("{}: a lone surrogate", self.pos))?
                            }
                        }
                        _ => return self.err("a bad escape"),
                    };
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                Some(&b) => {
                    if b < 0x20 {
                        return self.err("a control character in a string");
                    }
                    out.push(b);
                    self.pos += 1;
                }
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits =
            self.bytes.get(self.pos..self.pos + 4).ok_or_else(|| format!("{}: 4 hex digits expected", self.pos))?;
        let text = std::str::from_utf8(digits).map_err(|_| format!("{}: 4 hex digits expected", self.pos))?;
        let value = u32::from_str_radix(text, 16).map_err(|_| format!("{}: 4 hex digits expected", self.pos))?;
        self.pos += 4;
        Ok(value)
    }
}
