//! The files of a reply: text, or bytes in base64 when they are not UTF-8 (and the base64 of
//! a request's files).

/// A file as the reply's JSON carries it: a string when it is UTF-8 text, else
/// `{"base64": "..."}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileJson {
    /// UTF-8 text.
    Text(String),
    /// Any bytes, in standard base64 (RFC 4648, with padding).
    Bytes {
        /// The bytes.
        base64: String,
    },
}

impl FileJson {
    /// `bytes` as text when they are UTF-8, else as base64.
    ///
    /// # Complexity
    /// `O(length)`.
    #[must_use]
    pub fn from_bytes(bytes: Vec<u8>) -> Self {
        match String::from_utf8(bytes) {
            Ok(text) => Self::Text(text),
            Err(e) => Self::Bytes { base64: encode_base64(e.as_bytes()) },
        }
    }

    /// Appends the file's JSON to `out`: `"text"` or `{"base64":"..."}`.
    ///
    /// # Complexity
    /// `O(length)`.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        match self {
            Self::Text(text) => json_string(out, text),
            Self::Bytes { base64 } => {
                out.extend_from_slice(b"{\"base64\":");
                json_string(out, base64);
                out.push(b'}');
            }
        }
    }
}

/// Appends `text` to `out` as a JSON string, escaped as `serde_json` escapes it (the same
/// code: `"`, `\\` and control characters; nothing else).
///
/// # Complexity
/// `O(length)`.
pub fn json_string(out: &mut Vec<u8>, text: &str) {
    // A string into a `Vec` cannot fail.
    let _ = serde_json::to_writer(&mut *out, text);
}

pub use referee_event::event::store::Files;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 of `bytes`, padded.
///
/// # Complexity
/// `O(length)`.
#[must_use]
pub fn encode_base64(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let word = chunk.iter().enumerate().fold(0u32, |w, (i, &b)| w | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                text.push(char::from(ALPHABET[(word >> (18 - 6 * i) & 63) as usize]));
            } else {
                text.push('=');
            }
        }
    }
    text
}

/// The bytes of standard base64 `text` (padding optional).
///
/// # Errors
/// A character outside the alphabet, or a length no base64 text has.
///
/// # Complexity
/// `O(length)`.
pub fn decode_base64(text: &str) -> Result<Vec<u8>, String> {
    let body = text.trim_end_matches('=');
    if body.len() % 4 == 1 || text.len() - body.len() > 2 {
        return Err(format!("base64 of {} characters is cut short", text.len()));
    }
    let mut bytes = Vec::with_capacity(body.len() / 4 * 3 + 2);
    let (mut word, mut bits) = (0u32, 0u32);
    for (i, c) in body.bytes().enumerate() {
        let value = sextet(c)
            .ok_or_else(|| format!("base64: character {} ({:?}) is not in the alphabet", i + 1, char::from(c)))?;
        word = word << 6 | value;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            bytes.push((word >> bits).to_le_bytes()[0]);
        }
    }
    Ok(bytes)
}

/// The six bits base64 character `c` stands for.
fn sextet(c: u8) -> Option<u32> {
    let value = match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    };
    Some(u32::from(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips_every_length_and_byte() {
        for length in 0..70 {
            let bytes: Vec<u8> = (0..length).map(|i: u32| (i * 37 + 255).to_le_bytes()[0]).collect();
            let text = encode_base64(&bytes);
            assert_eq!(text.len() % 4, 0);
            assert_eq!(decode_base64(&text), Ok(bytes));
        }
        assert_eq!(encode_base64(b"Man"), "TWFu");
        assert_eq!(encode_base64(b"Ma"), "TWE=");
        assert_eq!(decode_base64("TWE"), Ok(b"Ma".to_vec()));
        assert!(decode_base64("TW!u").unwrap_err().contains("character 3"));
        assert!(decode_base64("T").is_err());
    }

    #[test]
    fn text_stays_text_and_other_bytes_go_as_base64() {
        assert_eq!(FileJson::from_bytes(b"Ann\n".to_vec()), FileJson::Text("Ann\n".into()));
        let bad = vec![b'A', 0xFF, b'\n'];
        let FileJson::Bytes { base64 } = FileJson::from_bytes(bad.clone()) else { panic!("not base64") };
        assert_eq!(decode_base64(&base64), Ok(bad));
    }
}
