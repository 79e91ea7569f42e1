//! The results file (CSV, read with the `csv` crate) to player numbers and rows.
//!
//! This is the host's half of the rules: the text (header, fields, names, round numbers,
//! result digits) and the players of round 1. Who may play in a round (drops, two rows in one
//! round, a player against himself) is the core's [`Event`](referee_core::standings::Event),
//! checked when the rows are fed to it.

use core::hash::BuildHasher;

use csv::ByteRecord;
use hashbrown::{DefaultHashBuilder, HashTable};
use referee_core::standings::{MatchResult, Profile, MAX_ROUNDS};

use super::strict::{Fault, Scanner};

/// The header, byte for byte.
pub const HEADER: &str = "round,player1,player2,wins1,wins2,draws";
/// The six field names.
const FIELDS: [&str; 6] = ["round", "player1", "player2", "wins1", "wins2", "draws"];
/// The longest name, in code points.
pub const MAX_NAME_CHARS: usize = 64;

/// Why the input is refused: the line where the row starts, the field (1-based), what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The line where the row starts (1-based).
    pub line: u64,
    /// The field (1-based).
    pub field: usize,
    /// What is wrong.
    pub message: String,
    /// Whether the input is valid as far as read but beyond what this build ranks (exit 3).
    pub capacity: bool,
}

impl Refusal {
    /// An invalid input at `line:field`.
    ///
    /// # Complexity
    /// `O(1)` besides the message.
    pub fn new(line: u64, field: usize, message: impl Into<String>) -> Self {
        Self { line, field, message: message.into(), capacity: false }
    }
}

/// One match, bye or loss without opponent, with player numbers (1-based; `second == 0`
/// without an opponent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// The line where the row starts.
    pub line: u64,
    /// The round.
    pub round: u32,
    /// Player 1.
    pub first: u32,
    /// Player 2, 0 for a bye or a loss without opponent.
    pub second: u32,
    /// The result (2-0-0 for a bye, 0-2-0 for a loss without opponent).
    pub result: MatchResult,
    /// Whether a row without player 2 is a loss without opponent (profile `mtr`), not a bye.
    pub loss: bool,
}

/// What was read of the row with the first refusal, for the checks the core makes on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partial {
    /// The line where the row starts.
    pub line: u64,
    /// Its round.
    pub round: u32,
    /// Player 1, if read.
    pub first: Option<u32>,
    /// Player 2, if read and not a bye.
    pub second: Option<u32>,
}

/// The input as far as it is valid text.
#[derive(Debug, Default)]
pub struct Parsed {
    /// Player names by number (index 0 is player 1), in order of first appearance.
    pub names: Vec<String>,
    /// The complete rows before the first refusal, in file order.
    pub rows: Vec<Row>,
    /// The first refusal of the text, with what was read of its row.
    pub stop: Option<(Refusal, Option<Partial>)>,
}

/// Reads `input` (the whole file) under `profile`: `mtr` takes every MTR result, losses
/// without opponent and late entries; `contest` only the contest's ten results and the players
/// of round 1.
///
/// # Complexity
/// `O(B)` for the `B` bytes of the file.
#[must_use]
pub fn parse(input: &[u8], profile: Profile) -> Parsed {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let mut parser = Parser { mtr: profile == Profile::Mtr, ..Parser::default() };
    let stop = parser.run(input).err();
    let names = parser.spans.iter().map(|&(start, end)| parser.arena[start..end].to_owned()).collect();
    Parsed { names, rows: parser.rows, stop }
}

/// The state of one read. The names of round 1 are kept end to end in one arena and found
/// through a table of player numbers (hashed by name), which keeps every lookup of the later
/// rounds within a few cache lines.
#[derive(Default)]
struct Parser {
    arena: String,
    /// Player `i + 1`'s name is `arena[spans[i].0..spans[i].1]`.
    spans: Vec<(usize, usize)>,
    ids: HashTable<u32>,
    hasher: DefaultHashBuilder,
    rows: Vec<Row>,
    round: u32,
    /// Profile `mtr`: every MTR result, losses without opponent, late entries.
    mtr: bool,
}

/// A refusal with what was read of its row.
type Stop = (Refusal, Option<Partial>);

impl Parser {
    fn run(&mut self, input: &[u8]) -> Result<(), Stop> {
        // Without quotes and carriage returns, `csv` reads exactly what RFC 4180 says.
        let mut strict = (input.contains(&b'"') || input.contains(&b'\r')).then(|| Scanner::new(input));
        let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(input);
        let mut record = ByteRecord::new();
        // The line of each record, counted from the bytes (`csv`'s own count skips empty lines).
        let (mut counted_to, mut line_ends) = (0usize, 0u64);
        let mut next = |record: &mut ByteRecord| -> Option<(u64, Option<Fault>)> {
            let more = reader.read_byte_record(record).unwrap_or(false);
            let scanned = strict.as_mut().map(Scanner::next_record);
            if !more {
                return None;
            }
            let start = record_start(input, record.position().map_or(0, |p| usize::try_from(p.byte()).unwrap_or(0)));
            let seen = input.get(counted_to..start).unwrap_or_default();
            line_ends += seen.iter().filter(|&&b| b == b'\n').count() as u64;
            counted_to = counted_to.max(start);
            Some(scanned.flatten().unwrap_or((line_ends + 1, None)))
        };
        let Some((line, fault)) = next(&mut record) else {
            return Err((Refusal::new(1, 1, format!("the file is empty: expected the header {HEADER}")), None));
        };
        check_header(input, line, &record, fault).map_err(|r| (r, None))?;
        // About one row per 20 bytes of a typical file.
        self.rows.reserve(input.len() / 20);
        let mut last_line = line;
        while let Some((line, fault)) = next(&mut record) {
            last_line = line;
            let row = self.row(line, &record, fault)?;
            self.rows.push(row);
        }
        if self.rows.is_empty() {
            return Err((Refusal::new(last_line + 1, 1, "no rows: the file holds the header only"), None));
        }
        Ok(())
    }

    /// Reads one row; `fault` is the first structural fault of its record, if any.
    fn row(&mut self, line: u64, record: &ByteRecord, fault: Option<Fault>) -> Result<Row, Stop> {
        let count = record.len();
        let stop = |refusal: Refusal, partial: Option<Partial>| (refusal, partial);
        // Field `i` (0-based) as text, or the refusal that comes first in its place.
        let field = |i: usize| -> Result<&str, Refusal> {
            if let Some(f) = fault.filter(|f| f.field <= i + 1) {
                return Err(Refusal::new(line, f.field, f.message));
            }
            let bytes = record.get(i).ok_or_else(|| {
                Refusal::new(
                    line,
                    i + 1,
                    format!("missing field {} ({}): a row has 6 fields, this one has {count}", i + 1, FIELDS[i]),
                )
            })?;
            // ASCII (every number, most names) is UTF-8 without the full check.
            if bytes.is_ascii() {
                return std::str::from_utf8(bytes).map_err(|_| Refusal::new(line, i + 1, "invalid UTF-8"));
            }
            std::str::from_utf8(bytes).map_err(|_| Refusal::new(line, i + 1, "invalid UTF-8"))
        };
        let round = self.round_field(line, field(0).map_err(|r| stop(r, None))?).map_err(|r| stop(r, None))?;
        let mut here = Partial { line, round, first: None, second: None };
        let first_name = field(1).map_err(|r| stop(r, Some(here)))?;
        let first = self.player(line, 2, first_name, round).map_err(|r| stop(r, Some(here)))?;
        here.first = Some(first);
        let second_raw = field(2).map_err(|r| stop(r, Some(here)))?;
        // No opponent: a bye, or (profile mtr) a loss without opponent.
        let bye = second_raw.is_empty();
        let second = if bye {
            0
        } else {
            let id = self.player(line, 3, second_raw, round).map_err(|r| stop(r, Some(here)))?;
            here.second = Some(id);
            id
        };
        let partial = Some(here);
        let mut digits = [0u8; 3];
        let mut texts = [""; 3];
        for i in 0..3 {
            let text = field(3 + i).map_err(|r| stop(r, partial))?;
            texts[i] = text;
            let what = FIELDS[3 + i];
            if bye {
                // The results a row without player2 may have, consistent with its fields so far.
                let patterns: &[[&str; 3]] = if self.mtr {
                    &[["", "", ""], ["2", "0", "0"], ["0", "2", "0"]]
                } else {
                    &[["", "", ""], ["2", "0", "0"]]
                };
                if !patterns.iter().any(|p| p[..=i] == texts[..=i]) {
                    let kinds = if self.mtr {
                        "a bye has an empty result or 2,0,0, a loss without opponent 0,2,0"
                    } else {
                        "a bye has an empty result or 2,0,0 (profile contest has no loss without opponent)"
                    };
                    return Err(stop(
                        Refusal::new(line, 4 + i, format!("a row without player2: {kinds}; {what} is {text:?}")),
                        partial,
                    ));
                }
            } else {
                digits[i] = match text.as_bytes() {
                    [d @ b'0'..=b'3'] => d - b'0',
                    [] => {
                        return Err(stop(
                            Refusal::new(line, 4 + i, format!("{what} is empty: a match needs its result")),
                            partial,
                        ))
                    }
                    _ => {
                        return Err(stop(
                            Refusal::new(line, 4 + i, format!("{what} must be one digit 0..3, found {text:?}")),
                            partial,
                        ))
                    }
                };
            }
        }
        if count > 6 {
            let refusal = fault.filter(|f| f.field <= 7).map_or_else(
                || Refusal::new(line, 7, format!("a row has 6 fields, this one has {count}")),
                |f| Refusal::new(line, f.field, f.message),
            );
            return Err(stop(refusal, partial));
        }
        if let Some(f) = fault {
            return Err(stop(Refusal::new(line, f.field, f.message), partial));
        }
        let loss = bye && texts[1] == "2";
        let result = match (bye, loss) {
            (true, false) => MatchResult::new(2, 0, 0),
            (true, true) => MatchResult::new(0, 2, 0),
            (false, _) => MatchResult::new(digits[0], digits[1], digits[2]),
        };
        let result = result.ok().filter(|r| bye || self.mtr || r.is_contest()).ok_or_else(|| {
            let [w1, w2, d] = digits;
            let legal = if self.mtr {
                "each player wins 0 to 2 games, not both 2, and 0 to 3 games are drawn"
            } else {
                "with profile contest wins1,wins2,draws is one of 2,0,0 0,2,0 2,1,0 1,2,0 2,0,1 0,2,1 1,1,1 1,0,2 \
                 0,1,2 0,0,3"
            };
            stop(Refusal::new(line, 4, format!("{w1},{w2},{d} is not a legal result: {legal}")), partial)
        })?;
        Ok(Row { line, round, first, second, result, loss })
    }

    /// Checks the round field against the rounds so far and returns its number.
    fn round_field(&mut self, line: u64, text: &str) -> Result<u32, Refusal> {
        let bytes = text.as_bytes();
        let written = !bytes.is_empty() && bytes[0] != b'0' && bytes.iter().all(u8::is_ascii_digit);
        if !written {
            return Err(Refusal::new(
                line,
                1,
                format!("the round is a number written 1, 2, ... (no sign, no leading zero), found {text:?}"),
            ));
        }
        let value = bytes.iter().fold(0u64, |v, &d| v.saturating_mul(10).saturating_add(u64::from(d - b'0')));
        let current = u64::from(self.round);
        if self.round == 0 && value != 1 {
            return Err(Refusal::new(line, 1, format!("the first row must be of round 1, found round {value}")));
        }
        if value < current {
            return Err(Refusal::new(
                line,
                1,
                format!("round {value} after round {current}: rows are grouped by round in increasing order"),
            ));
        }
        if value > current + 1 {
            return Err(Refusal::new(
                line,
                1,
                format!("round {value} after round {current}: every round from 1 to the last needs a row"),
            ));
        }
        if value > u64::from(MAX_ROUNDS) {
            let mut refusal = Refusal::new(
                line,
                1,
                format!(
                    "round {value}: this build ranks events of at most {MAX_ROUNDS} rounds (exact values fit u128)"
                ),
            );
            refusal.capacity = true;
            return Err(refusal);
        }
        // `value ≤ MAX_ROUNDS`.
        self.round = u32::try_from(value).unwrap_or(MAX_ROUNDS);
        Ok(self.round)
    }

    /// The number of the player named `raw` (before trimming) in field `field`.
    fn player(&mut self, line: u64, field: usize, raw: &str, round: u32) -> Result<u32, Refusal> {
        let what = FIELDS[field - 1];
        let name = match raw.as_bytes() {
            [b' ', ..] | [.., b' '] => raw.trim_matches(' '),
            _ => raw,
        };
        if name.is_empty() {
            let message = if field == 3 {
                "player2 holds only spaces: an empty name (a bye leaves player2 empty)".to_owned()
            } else {
                format!("{what} is empty: a name has 1 to {MAX_NAME_CHARS} characters")
            };
            return Err(Refusal::new(line, field, message));
        }
        // A name of at most 64 bytes has at most 64 code points.
        let chars = if name.len() <= MAX_NAME_CHARS { name.len() } else { name.chars().count() };
        if chars > MAX_NAME_CHARS {
            return Err(Refusal::new(
                line,
                field,
                format!("a name has at most {MAX_NAME_CHARS} characters, this one has {chars}"),
            ));
        }
        let hash = self.hasher.hash_one(name);
        let (arena, spans) = (&self.arena, &self.spans);
        let same = |id: &u32| {
            let (start, end) = spans[*id as usize - 1];
            &arena[start..end] == name
        };
        if let Some(&id) = self.ids.find(hash, same) {
            return Ok(id);
        }
        if round > 1 && !self.mtr {
            return Err(Refusal::new(
                line,
                field,
                format!("{name:?} does not play in round 1: profile contest has no late entries (profile mtr has)"),
            ));
        }
        let id = u32::try_from(self.spans.len() + 1).map_err(|_| Refusal::new(line, field, "too many players"))?;
        let start = self.arena.len();
        self.arena.push_str(name);
        self.spans.push((start, self.arena.len()));
        let (arena, spans, hasher) = (&self.arena, &self.spans, &self.hasher);
        self.ids.insert_unique(hash, id, |&id| {
            let (start, end) = spans[id as usize - 1];
            hasher.hash_one(&arena[start..end])
        });
        Ok(id)
    }
}

/// Where the record `csv` reports at byte `position` starts: past the empty lines (`\n` or
/// `\r\n`) that `csv` skips before it.
fn record_start(input: &[u8], mut position: usize) -> usize {
    loop {
        match input.get(position..) {
            Some([b'\n', ..]) => position += 1,
            Some([b'\r', b'\n', ..]) => position += 2,
            _ => return position,
        }
    }
}

/// Checks that the first record is exactly [`HEADER`].
fn check_header(input: &[u8], line: u64, record: &ByteRecord, fault: Option<Fault>) -> Result<(), Refusal> {
    if let Some(f) = fault {
        return Err(Refusal::new(line, f.field, f.message));
    }
    let expected = format!("expected the header {HEADER}");
    for (i, name) in FIELDS.iter().enumerate() {
        match record.get(i) {
            None => {
                return Err(Refusal::new(line, i + 1, format!("the header has {} fields: {expected}", record.len())))
            }
            Some(got) if got != name.as_bytes() => {
                // At most 32 characters of what stands there.
                let got = String::from_utf8_lossy(got);
                let got: String = match got.char_indices().nth(32) {
                    Some((end, _)) => format!("{}…", &got[..end]),
                    None => got.into_owned(),
                };
                return Err(Refusal::new(
                    line,
                    i + 1,
                    format!("header field {} is {got:?}, not {name:?}: {expected}", i + 1),
                ));
            }
            Some(_) => {}
        }
    }
    if record.len() > 6 {
        return Err(Refusal::new(line, 7, format!("the header has {} fields: {expected}", record.len())));
    }
    // The same fields, but written differently (quoted): find the first quoted one.
    let start = record_start(input, record.position().map_or(0, |p| usize::try_from(p.byte()).unwrap_or(0)));
    let raw = input.get(start..start + HEADER.len() + 1).unwrap_or_default();
    if !raw.starts_with(HEADER.as_bytes()) || !matches!(raw.get(HEADER.len()), None | Some(b'\n' | b'\r')) {
        let quoted = input[start..].split(|&b| b == b',').position(|f| f.first() == Some(&b'"')).unwrap_or(0);
        return Err(Refusal::new(line, quoted + 1, format!("the header is written without quotes: {expected}")));
    }
    Ok(())
}
