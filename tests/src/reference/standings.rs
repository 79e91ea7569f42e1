//! `standings` (`docs/` and the shared `standings.md`, with the MTR extension of issue 36),
//! literally and slowly: its own RFC 4180 reader, its own checks of every row in file order,
//! its own unbounded naturals and fractions (no float anywhere, no `referee_core`), and the
//! spec's CSV and JSON byte for byte. The table's layout is free in the spec: [`standings`]
//! writes one of its own and [`check_table`] checks any table for the spec's content.
//!
//! What the spec leaves open and this reference decides (the field an error names; each is a
//! position the host must agree with for the invalid cases of `tests/data/invalid/standings*`):
//! - a row without `player2` whose result is neither empty, `2,0,0` nor (mtr) `0,2,0` is
//!   refused at the first result field where no allowed result shares its prefix
//!   (`2,1,0` at `wins2`; `0,2,1` at `draws`);
//! - a match whose result fields are each a digit but not a legal result is refused at
//!   `wins1` (field 4), the result as a whole, after the check of the number of fields (a row
//!   of 7 fields is refused at field 7 even when its first 6 are no legal result), as today's
//!   host does;
//! - a file without rows after its header is refused at the line after the header, field 1;
//! - "the first line is exactly the header": an empty first line is refused at 1:1 (empty
//!   lines are ignored after the header only), as today's host does.

use std::cmp::Ordering;
use std::fmt::{self, Write as _};

// ---------------------------------------------------------------------------------------------
// Naturals and fractions of any size.

/// A natural number of any size: little-endian 32-bit limbs, no high zero limb (zero is empty).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Nat(Vec<u32>);

impl Nat {
    /// Zero.
    #[must_use]
    pub const fn zero() -> Self {
        Self(Vec::new())
    }

    /// `x`.
    #[must_use]
    pub fn from_u64(x: u64) -> Self {
        Self(vec![(x & 0xffff_ffff) as u32, (x >> 32) as u32]).trimmed()
    }

    fn trimmed(mut self) -> Self {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        self
    }

    /// Whether this is zero.
    #[must_use]
    pub fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    /// `self + o`.
    #[must_use]
    pub fn add(&self, o: &Self) -> Self {
        let mut out = Vec::with_capacity(self.0.len().max(o.0.len()) + 1);
        let mut carry = 0u64;
        for i in 0..self.0.len().max(o.0.len()) {
            let s =
                u64::from(self.0.get(i).copied().unwrap_or(0)) + u64::from(o.0.get(i).copied().unwrap_or(0)) + carry;
            out.push((s & 0xffff_ffff) as u32);
            carry = s >> 32;
        }
        out.push(carry as u32);
        Self(out).trimmed()
    }

    /// `self − o`, `None` when `o > self`.
    #[must_use]
    pub fn checked_sub(&self, o: &Self) -> Option<Self> {
        if *self < *o {
            return None;
        }
        let mut out = Vec::with_capacity(self.0.len());
        let mut borrow = 0i64;
        for i in 0..self.0.len() {
            let mut d = i64::from(self.0[i]) - i64::from(o.0.get(i).copied().unwrap_or(0)) - borrow;
            borrow = 0;
            if d < 0 {
                d += 1 << 32;
                borrow = 1;
            }
            out.push(d as u32);
        }
        Some(Self(out).trimmed())
    }

    /// `self · o` (schoolbook).
    #[must_use]
    pub fn mul(&self, o: &Self) -> Self {
        let mut out = vec![0u64; self.0.len() + o.0.len() + 1];
        for (i, &a) in self.0.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in o.0.iter().enumerate() {
                let t = out[i + j] + u64::from(a) * u64::from(b) + carry;
                out[i + j] = t & 0xffff_ffff;
                carry = t >> 32;
            }
            let mut k = i + o.0.len();
            while carry > 0 {
                let t = out[k] + carry;
                out[k] = t & 0xffff_ffff;
                carry = t >> 32;
                k += 1;
            }
        }
        Self(out.into_iter().map(|x| x as u32).collect()).trimmed()
    }

    fn bits(&self) -> usize {
        self.0.last().map_or(0, |&top| 32 * (self.0.len() - 1) + (32 - top.leading_zeros() as usize))
    }

    fn bit(&self, i: usize) -> bool {
        self.0.get(i / 32).is_some_and(|&limb| limb >> (i % 32) & 1 == 1)
    }

    /// `(self / d, self % d)` by binary long division; `None` when `d` is zero.
    #[must_use]
    pub fn div_rem(&self, d: &Self) -> Option<(Self, Self)> {
        if d.is_zero() {
            return None;
        }
        let mut quotient = vec![0u32; self.0.len()];
        let mut rest = Self::zero();
        for i in (0..self.bits()).rev() {
            rest = rest.add(&rest);
            if self.bit(i) {
                rest = rest.add(&Self::from_u64(1));
            }
            if rest >= *d {
                rest = rest.checked_sub(d)?;
                quotient[i / 32] |= 1 << (i % 32);
            }
        }
        Some((Self(quotient).trimmed(), rest))
    }

    /// The greatest common divisor (Euclid); `gcd(0, 0) = 0`.
    #[must_use]
    pub fn gcd(&self, o: &Self) -> Self {
        let (mut a, mut b) = (self.clone(), o.clone());
        while !b.is_zero() {
            let Some((_, r)) = a.div_rem(&b) else { break };
            a = b;
            b = r;
        }
        a
    }
}

impl Ord for Nat {
    fn cmp(&self, o: &Self) -> Ordering {
        self.0.len().cmp(&o.0.len()).then_with(|| self.0.iter().rev().cmp(o.0.iter().rev()))
    }
}

impl PartialOrd for Nat {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Nat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ten = Self::from_u64(10);
        let mut digits = Vec::new();
        let mut x = self.clone();
        while !x.is_zero() {
            let Some((q, r)) = x.div_rem(&ten) else { return Err(fmt::Error) };
            digits.push(char::from(b'0' + r.0.first().copied().unwrap_or(0) as u8));
            x = q;
        }
        if digits.is_empty() {
            digits.push('0');
        }
        f.write_str(&digits.iter().rev().collect::<String>())
    }
}

/// A non-negative fraction, always in lowest terms with a positive denominator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ratio {
    num: Nat,
    den: Nat,
}

impl Ratio {
    /// `num / den` in lowest terms (`den > 0`; a zero `den` gives `0/1`, never used).
    #[must_use]
    pub fn new(num: Nat, den: Nat) -> Self {
        if num.is_zero() || den.is_zero() {
            return Self { num: Nat::zero(), den: Nat::from_u64(1) };
        }
        let g = num.gcd(&den);
        match (num.div_rem(&g), den.div_rem(&g)) {
            (Some((n, _)), Some((d, _))) => Self { num: n, den: d },
            _ => Self { num, den },
        }
    }

    /// `num / den` from machine integers.
    #[must_use]
    pub fn of(num: u64, den: u64) -> Self {
        Self::new(Nat::from_u64(num), Nat::from_u64(den))
    }

    /// The numerator (lowest terms).
    #[must_use]
    pub const fn numer(&self) -> &Nat {
        &self.num
    }

    /// The denominator (lowest terms).
    #[must_use]
    pub const fn denom(&self) -> &Nat {
        &self.den
    }

    /// `self + o`.
    #[must_use]
    pub fn add(&self, o: &Self) -> Self {
        Self::new(self.num.mul(&o.den).add(&o.num.mul(&self.den)), self.den.mul(&o.den))
    }

    /// `self / k`.
    #[must_use]
    pub fn div_int(&self, k: u64) -> Self {
        Self::new(self.num.clone(), self.den.mul(&Nat::from_u64(k)))
    }

    /// The larger of the two.
    #[must_use]
    pub fn max(self, o: Self) -> Self {
        if self < o {
            o
        } else {
            self
        }
    }

    /// `100 · self` written with `decimals` decimals and `%`, rounded to nearest; an exact half
    /// rounds up when `half_up`, down otherwise.
    #[must_use]
    pub fn percent(&self, decimals: u32, half_up: bool) -> String {
        let scale = Nat::from_u64(100 * 10u64.pow(decimals));
        let Some((q, r)) = self.num.mul(&scale).div_rem(&self.den) else { return String::new() };
        let twice = r.add(&r);
        let up = match twice.cmp(&self.den) {
            Ordering::Greater => true,
            Ordering::Equal => half_up,
            Ordering::Less => false,
        };
        let q = if up { q.add(&Nat::from_u64(1)) } else { q };
        let digits = q.to_string();
        let d = decimals as usize;
        let digits = format!("{digits:0>width$}", width = d + 1);
        let (int, frac) = digits.split_at(digits.len() - d);
        if d == 0 {
            format!("{int}%")
        } else {
            format!("{int}.{frac}%")
        }
    }
}

impl Ord for Ratio {
    fn cmp(&self, o: &Self) -> Ordering {
        self.num.mul(&o.den).cmp(&o.num.mul(&self.den))
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

// ---------------------------------------------------------------------------------------------
// Options, refusals.

/// `--profile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// The MTR as written: every legal result, losses without opponent, late entries, floor
    /// 33/100.
    Mtr,
    /// `swiss`: the ten results, everyone in round 1, floor 1/3.
    Contest,
}

impl Profile {
    /// The floor of MW, GW, OMW and OGW.
    #[must_use]
    pub fn floor(self) -> Ratio {
        match self {
            Self::Mtr => Ratio::of(33, 100),
            Self::Contest => Ratio::of(1, 3),
        }
    }

    /// The profile named `name` (`mtr`, `contest`).
    #[must_use]
    pub fn named(name: &str) -> Option<Self> {
        match name {
            "mtr" => Some(Self::Mtr),
            "contest" => Some(Self::Contest),
            _ => None,
        }
    }

    /// Its name on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Mtr => "mtr",
            Self::Contest => "contest",
        }
    }
}

/// `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Aligned text (layout free; this reference's own).
    Table,
    /// The spec's CSV.
    Csv,
    /// The spec's JSON (written as `serde_json` writes it with `, ` and `: `).
    Json,
}

/// A refused run: the exit status and the whole stderr line (without its newline).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// 1 an invalid file, 2 a usage error.
    pub status: u8,
    /// `LINE:FIELD` of an invalid file.
    pub at: Option<(usize, usize)>,
    /// `error: LINE:FIELD: message` or `error: message`.
    pub message: String,
}

impl Refusal {
    fn invalid(line: usize, field: usize, message: impl fmt::Display) -> Self {
        Self { status: 1, at: Some((line, field)), message: format!("error: {line}:{field}: {message}") }
    }

    fn usage(message: impl fmt::Display) -> Self {
        Self { status: 2, at: None, message: format!("error: {message}") }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

// ---------------------------------------------------------------------------------------------
// The RFC 4180 reader.

/// One field of a record: its bytes (unquoted) or the syntax error that ended the record in it.
type RawField = Result<Vec<u8>, String>;

/// One record: the line it starts on and its fields; a syntax error is always the last field.
struct Record {
    line: usize,
    fields: Vec<RawField>,
    /// Whether each field was quoted.
    quoted: Vec<bool>,
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
}

impl<'a> Reader<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        Self { bytes, pos: 0, line: 1 }
    }

    fn peek(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.pos + ahead).copied()
    }

    /// The next record, after any empty lines; `None` at the end of the input.
    fn next_record(&mut self) -> Option<Record> {
        loop {
            match (self.peek(0), self.peek(1)) {
                (None, _) => return None,
                (Some(b'\n'), _) => {
                    self.pos += 1;
                    self.line += 1;
                }
                (Some(b'\r'), Some(b'\n')) => {
                    self.pos += 2;
                    self.line += 1;
                }
                _ => break,
            }
        }
        let mut record = Record { line: self.line, fields: Vec::new(), quoted: Vec::new() };
        loop {
            let quoted = self.peek(0) == Some(b'"');
            let (field, more) = if quoted { self.quoted_field() } else { self.plain_field() };
            let failed = field.is_err();
            record.fields.push(field);
            record.quoted.push(quoted);
            if failed || !more {
                return Some(record);
            }
        }
    }

    /// Consumes the end of a field: `(true)` after a comma (another field follows), `(false)` at
    /// a line end or the end of the input; an error for anything else.
    fn field_end(&mut self, after_quote: bool) -> Result<bool, String> {
        match (self.peek(0), self.peek(1)) {
            (None, _) => Ok(false),
            (Some(b','), _) => {
                self.pos += 1;
                Ok(true)
            }
            (Some(b'\n'), _) => {
                self.pos += 1;
                self.line += 1;
                Ok(false)
            }
            (Some(b'\r'), Some(b'\n')) => {
                self.pos += 2;
                self.line += 1;
                Ok(false)
            }
            (Some(b'\r'), _) => Err("a carriage return that is not part of a CRLF line end".to_owned()),
            _ if after_quote => Err("text after the closing quote of a quoted field".to_owned()),
            _ => Err("unexpected character".to_owned()),
        }
    }

    fn plain_field(&mut self) -> (RawField, bool) {
        let mut value = Vec::new();
        loop {
            match (self.peek(0), self.peek(1)) {
                (None | Some(b',' | b'\n'), _) | (Some(b'\r'), Some(b'\n')) => break,
                (Some(b'\r'), _) => {
                    return (Err("a carriage return that is not part of a CRLF line end".to_owned()), false)
                }
                (Some(b'"'), _) => {
                    return (Err("a quote inside an unquoted field (quote the whole field)".to_owned()), false)
                }
                (Some(b), _) => {
                    value.push(b);
                    self.pos += 1;
                }
            }
        }
        match self.field_end(false) {
            Ok(more) => (Ok(value), more),
            Err(e) => (Err(e), false),
        }
    }

    fn quoted_field(&mut self) -> (RawField, bool) {
        self.pos += 1; // the opening quote
        let mut value = Vec::new();
        loop {
            match (self.peek(0), self.peek(1)) {
                (None, _) => return (Err("a quoted field is not closed".to_owned()), false),
                (Some(b'"'), Some(b'"')) => {
                    value.push(b'"');
                    self.pos += 2;
                }
                (Some(b'"'), _) => {
                    self.pos += 1;
                    break;
                }
                (Some(b'\r'), Some(b'\n')) => {
                    value.extend_from_slice(b"\r\n");
                    self.pos += 2;
                    self.line += 1;
                }
                (Some(b'\r'), _) => {
                    return (Err("a carriage return that is not part of a CRLF line end".to_owned()), false)
                }
                (Some(b'\n'), _) => {
                    value.push(b'\n');
                    self.pos += 1;
                    self.line += 1;
                }
                (Some(b), _) => {
                    value.push(b);
                    self.pos += 1;
                }
            }
        }
        match self.field_end(true) {
            Ok(more) => (Ok(value), more),
            Err(e) => (Err(e), false),
        }
    }
}

/// Any CSV text (RFC 4180, as the results file is read: a BOM ignored, empty lines skipped) as
/// records of fields: for the outputs of the host (pairings, event files' CSV answers).
///
/// # Errors
/// `LINE:FIELD: what` at the first syntax error or invalid UTF-8.
pub fn read_csv(input: &[u8]) -> Result<Vec<Vec<String>>, String> {
    let mut reader = Reader::new(input);
    let mut records = Vec::new();
    while let Some(record) = reader.next_record() {
        let mut fields = Vec::new();
        for (i, field) in record.fields.into_iter().enumerate() {
            let bytes = field.map_err(|e| format!("{}:{}: {e}", record.line, i + 1))?;
            fields.push(String::from_utf8(bytes).map_err(|_| format!("{}:{}: invalid UTF-8", record.line, i + 1))?);
        }
        records.push(fields);
    }
    Ok(records)
}

// ---------------------------------------------------------------------------------------------
// The results file.

/// One row of the results file (players numbered from 0 in order of first appearance).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// A match: `player1`, `player2`, games won by each, games drawn.
    Match {
        /// `player1`.
        p1: usize,
        /// `player2`.
        p2: usize,
        /// Games won by `player1`.
        w1: u32,
        /// Games won by `player2`.
        w2: u32,
        /// Games drawn.
        d: u32,
    },
    /// A bye (empty result or `2,0,0`).
    Bye(usize),
    /// A loss without opponent (`0,2,0`, profile mtr).
    Loss(usize),
}

/// A valid results file.
#[derive(Clone, Debug, Default)]
pub struct Results {
    /// The names, in order of first appearance.
    pub names: Vec<String>,
    /// The first round of each player (1-based).
    pub first_round: Vec<usize>,
    /// `rounds[r]`: the rows of round `r + 1`.
    pub rounds: Vec<Vec<Row>>,
}

const HEADER: [&str; 6] = ["round", "player1", "player2", "wins1", "wins2", "draws"];
const TEN: [(u32, u32, u32); 10] =
    [(2, 0, 0), (0, 2, 0), (2, 1, 0), (1, 2, 0), (2, 0, 1), (0, 2, 1), (1, 1, 1), (1, 0, 2), (0, 1, 2), (0, 0, 3)];

/// Whether `(w1, w2, d)` is a legal match result under `profile`.
#[must_use]
pub fn legal(profile: Profile, w1: u32, w2: u32, d: u32) -> bool {
    match profile {
        Profile::Mtr => w1 <= 2 && w2 <= 2 && !(w1 == 2 && w2 == 2) && d <= 3,
        Profile::Contest => TEN.contains(&(w1, w2, d)),
    }
}

/// A name after trimming spaces at both ends, or why it is not one.
fn name_of(value: &str, what: &str) -> Result<String, String> {
    let name = value.trim_matches(' ');
    let length = name.chars().count();
    if length == 0 {
        Err(format!("{what} is empty: a name has 1 to 64 characters"))
    } else if length > 64 {
        Err(format!("a name has at most 64 characters, this one has {length}"))
    } else {
        Ok(name.to_owned())
    }
}

/// A row of more than 6 fields, refused at field 7 (a syntax error in field 7 or later says the
/// same: the row is too long wherever its extra field ends).
fn too_many(record: &Record) -> Refusal {
    Refusal::invalid(record.line, 7, format!("a row has 6 fields, this one has {}", record.fields.len()))
}

struct Parser {
    profile: Profile,
    results: Results,
    /// The last round each player has a row in.
    last_round: Vec<usize>,
}

impl Parser {
    /// The player named `name` takes part in `round` (field `field` of the row at `line`).
    fn take_part(&mut self, name: &str, round: usize, line: usize, field: usize) -> Result<usize, Refusal> {
        match self.results.names.iter().position(|n| n == name) {
            None => {
                if self.profile == Profile::Contest && round > 1 {
                    return Err(Refusal::invalid(
                        line,
                        field,
                        format!("{name:?} does not play in round 1: late entries need profile mtr"),
                    ));
                }
                self.results.names.push(name.to_owned());
                self.results.first_round.push(round);
                self.last_round.push(round);
                Ok(self.results.names.len() - 1)
            }
            Some(p) => {
                let last = self.last_round[p];
                if last == round {
                    Err(Refusal::invalid(line, field, format!("{name:?} already has a row in round {round}")))
                } else if last + 1 < round {
                    Err(Refusal::invalid(
                        line,
                        field,
                        format!("{name:?} dropped (no row in round {}) and may not appear again", last + 1),
                    ))
                } else {
                    self.last_round[p] = round;
                    Ok(p)
                }
            }
        }
    }

    fn row(&mut self, record: &Record) -> Result<(), Refusal> {
        let line = record.line;
        // Field `i` (1-based) as text, or the error that comes first at it.
        let field = |i: usize| -> Result<String, Refusal> {
            match record.fields.get(i - 1) {
                Some(Ok(bytes)) => {
                    String::from_utf8(bytes.clone()).map_err(|_| Refusal::invalid(line, i, "invalid UTF-8"))
                }
                Some(Err(message)) => Err(Refusal::invalid(line, i, message)),
                None => Err(Refusal::invalid(
                    line,
                    i,
                    format!(
                        "missing field {i} ({}): a row has 6 fields, this one has {}",
                        HEADER[i - 1],
                        record.fields.len()
                    ),
                )),
            }
        };
        // 1: the round.
        let text = field(1)?;
        let well_formed = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) && !text.starts_with('0');
        if !well_formed {
            return Err(Refusal::invalid(
                line,
                1,
                format!("the round is a number written 1, 2, ... (no sign, no leading zero), found {text:?}"),
            ));
        }
        let round = text.parse::<usize>().unwrap_or(usize::MAX);
        let current = self.results.rounds.len();
        if current == 0 && round != 1 {
            return Err(Refusal::invalid(line, 1, format!("the first row must be of round 1, found round {text}")));
        }
        if round < current {
            return Err(Refusal::invalid(
                line,
                1,
                format!("round {text} after round {current}: rows are grouped by round in increasing order"),
            ));
        }
        if round > current + 1 {
            return Err(Refusal::invalid(
                line,
                1,
                format!("round {text} after round {current}: every round from 1 to the last needs a row"),
            ));
        }
        if round == current + 1 {
            self.results.rounds.push(Vec::new());
        }
        // 2: player1.
        let name1 = name_of(&field(2)?, "player1").map_err(|m| Refusal::invalid(line, 2, m))?;
        let p1 = self.take_part(&name1, round, line, 2)?;
        // 3: player2, empty for a row without opponent.
        let raw2 = field(3)?;
        let p2 = if raw2.is_empty() {
            None
        } else {
            if raw2.trim_matches(' ').is_empty() {
                return Err(Refusal::invalid(
                    line,
                    3,
                    "player2 holds only spaces: an empty name (a bye leaves player2 empty)",
                ));
            }
            let name2 = name_of(&raw2, "player2").map_err(|m| Refusal::invalid(line, 3, m))?;
            if name2 == name1 {
                return Err(Refusal::invalid(line, 3, format!("{name1:?} cannot play against himself")));
            }
            Some(self.take_part(&name2, round, line, 3)?)
        };
        // 4..6: the result.
        let row = match p2 {
            None => {
                let mut allowed: Vec<[&str; 3]> = vec![["", "", ""], ["2", "0", "0"]];
                if self.profile == Profile::Mtr {
                    allowed.push(["0", "2", "0"]);
                }
                let mut values = Vec::new();
                for i in 0..3 {
                    let value = field(4 + i)?;
                    allowed.retain(|a| a[i] == value);
                    if allowed.is_empty() {
                        let what = match self.profile {
                            Profile::Mtr => "a row without player2 is a bye (an empty result or 2,0,0) or a loss without opponent (0,2,0)",
                            Profile::Contest => "a bye (empty player2) has an empty result or 2,0,0",
                        };
                        return Err(Refusal::invalid(line, 4 + i, format!("{what}; {} is {value:?}", HEADER[3 + i])));
                    }
                    values.push(value);
                }
                if values[1] == "2" {
                    Row::Loss(p1)
                } else {
                    Row::Bye(p1)
                }
            }
            Some(p2) => {
                let mut digits = [0u32; 3];
                for (i, digit) in digits.iter_mut().enumerate() {
                    let value = field(4 + i)?;
                    match value.as_bytes() {
                        [] => {
                            return Err(Refusal::invalid(
                                line,
                                4 + i,
                                format!("{} is empty: a match needs its result", HEADER[3 + i]),
                            ))
                        }
                        [b @ b'0'..=b'3'] => *digit = u32::from(b - b'0'),
                        _ => {
                            return Err(Refusal::invalid(
                                line,
                                4 + i,
                                format!("{} must be one digit 0..3, found {value:?}", HEADER[3 + i]),
                            ))
                        }
                    }
                }
                if record.fields.len() > 6 {
                    return Err(too_many(record));
                }
                let [w1, w2, d] = digits;
                if !legal(self.profile, w1, w2, d) {
                    return Err(Refusal::invalid(
                        line,
                        4,
                        format!("{w1},{w2},{d} is not a legal result under profile {}", self.profile.name()),
                    ));
                }
                Row::Match { p1, p2, w1, w2, d }
            }
        };
        if record.fields.len() > 6 {
            return Err(too_many(record));
        }
        if let Some(rows) = self.results.rounds.last_mut() {
            rows.push(row);
        }
        Ok(())
    }
}

/// Reads and checks a results file under `profile`: the first error in file order, as
/// `error: LINE:FIELD: ...` (exit status 1).
///
/// # Errors
/// The first error of the file.
pub fn parse(input: &[u8], profile: Profile) -> Result<Results, Refusal> {
    let expected = || format!("expected the header {}", HEADER.join(","));
    let mut reader = Reader::new(input);
    if matches!(reader.peek(0), Some(b'\n')) || (reader.peek(0), reader.peek(1)) == (Some(b'\r'), Some(b'\n')) {
        // "The first line is exactly the header": empty lines are ignored after it only.
        let rest = &reader.bytes[reader.pos..];
        let what = if rest.iter().all(|&b| b == b'\n' || b == b'\r') {
            "the file is empty"
        } else {
            "the first line is empty"
        };
        return Err(Refusal::invalid(1, 1, format!("{what}: {}", expected())));
    }
    let Some(header) = reader.next_record() else {
        return Err(Refusal::invalid(1, 1, format!("the file is empty: {}", expected())));
    };
    for (i, field) in header.fields.iter().enumerate() {
        let line = header.line;
        match field {
            Err(message) => return Err(Refusal::invalid(line, i + 1, message)),
            Ok(_) if header.quoted[i] => {
                return Err(Refusal::invalid(
                    line,
                    i + 1,
                    format!("the header is written without quotes: {}", expected()),
                ))
            }
            Ok(bytes) => match HEADER.get(i) {
                None => return Err(Refusal::invalid(line, i + 1, format!("the header has 6 fields: {}", expected()))),
                Some(want) if want.as_bytes() != bytes.as_slice() => {
                    return Err(Refusal::invalid(
                        line,
                        i + 1,
                        format!(
                            "header field {} is {:?}, not {want:?}: {}",
                            i + 1,
                            String::from_utf8_lossy(bytes),
                            expected()
                        ),
                    ))
                }
                Some(_) => {}
            },
        }
    }
    if header.fields.len() < 6 {
        return Err(Refusal::invalid(
            header.line,
            header.fields.len() + 1,
            format!("the header has 6 fields: {}", expected()),
        ));
    }
    let mut parser = Parser { profile, results: Results::default(), last_round: Vec::new() };
    while let Some(record) = reader.next_record() {
        parser.row(&record)?;
    }
    if parser.results.rounds.is_empty() {
        return Err(Refusal::invalid(header.line + 1, 1, "no rows: the file holds the header only"));
    }
    Ok(parser.results)
}

// ---------------------------------------------------------------------------------------------
// The values and the ranking.

/// One player's line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The player (index into [`Results::names`]).
    pub player: usize,
    /// The rank (shared by equal players; the next one skips).
    pub rank: usize,
    /// Match points.
    pub points: u64,
    /// Matches won, byes included.
    pub wins: u64,
    /// Matches lost, losses without opponent included.
    pub losses: u64,
    /// Matches drawn.
    pub draws: u64,
    /// Opponents' match-win percentage.
    pub omw: Ratio,
    /// Game-win percentage.
    pub gw: Ratio,
    /// Opponents' game-win percentage.
    pub ogw: Ratio,
}

/// The ranked standings after round `upto` (1-based, at most the last round).
#[must_use]
pub fn rank(results: &Results, upto: usize, profile: Profile) -> Vec<Standing> {
    #[derive(Default, Clone)]
    struct Record {
        rounds: u64,
        points: u64,
        game_points: u64,
        games: u64,
        wins: u64,
        losses: u64,
        draws: u64,
        opponents: Vec<usize>,
    }
    let n = results.names.len();
    let mut recs = vec![Record::default(); n];
    for rows in results.rounds.iter().take(upto) {
        for &row in rows {
            match row {
                Row::Bye(p) => {
                    let r = &mut recs[p];
                    r.rounds += 1;
                    r.points += 3;
                    r.game_points += 6;
                    r.games += 2;
                    r.wins += 1;
                }
                Row::Loss(p) => {
                    let r = &mut recs[p];
                    r.rounds += 1;
                    r.games += 2;
                    r.losses += 1;
                }
                Row::Match { p1, p2, w1, w2, d } => {
                    for (me, other, mine, theirs) in [(p1, p2, w1, w2), (p2, p1, w2, w1)] {
                        let r = &mut recs[me];
                        r.rounds += 1;
                        match mine.cmp(&theirs) {
                            Ordering::Greater => {
                                r.points += 3;
                                r.wins += 1;
                            }
                            Ordering::Equal => {
                                r.points += 1;
                                r.draws += 1;
                            }
                            Ordering::Less => r.losses += 1,
                        }
                        r.game_points += 3 * u64::from(mine) + u64::from(d);
                        r.games += u64::from(w1 + w2 + d);
                        r.opponents.push(other);
                    }
                }
            }
        }
    }
    let floor = profile.floor();
    let pct = |num: u64, den: u64| if den == 0 { floor.clone() } else { Ratio::of(num, den).max(floor.clone()) };
    let mw: Vec<Ratio> = recs.iter().map(|r| pct(r.points, 3 * r.rounds)).collect();
    let gw: Vec<Ratio> = recs.iter().map(|r| pct(r.game_points, 3 * r.games)).collect();
    let average = |values: &[Ratio], opponents: &[usize]| {
        if opponents.is_empty() {
            floor.clone()
        } else {
            opponents.iter().fold(Ratio::of(0, 1), |sum, &o| sum.add(&values[o])).div_int(opponents.len() as u64)
        }
    };
    let mut rows: Vec<Standing> = (0..n)
        .filter(|&p| results.first_round[p] <= upto)
        .map(|p| {
            let r = &recs[p];
            Standing {
                player: p,
                rank: 0,
                points: r.points,
                wins: r.wins,
                losses: r.losses,
                draws: r.draws,
                omw: average(&mw, &r.opponents),
                gw: gw[p].clone(),
                ogw: average(&gw, &r.opponents),
            }
        })
        .collect();
    let order = |a: &Standing, b: &Standing| {
        b.points
            .cmp(&a.points)
            .then_with(|| b.omw.cmp(&a.omw))
            .then_with(|| b.gw.cmp(&a.gw))
            .then_with(|| b.ogw.cmp(&a.ogw))
    };
    rows.sort_by(order); // stable: equal players stay in order of first appearance
    for i in 0..rows.len() {
        rows[i].rank = if i > 0 && order(&rows[i - 1], &rows[i]) == Ordering::Equal { rows[i - 1].rank } else { i + 1 };
    }
    rows
}

// ---------------------------------------------------------------------------------------------
// Output.

/// `name` as a CSV field: quoted (quotes doubled) when it holds a comma, a quote, CR or LF.
#[must_use]
pub fn csv_field(name: &str) -> String {
    if name.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", name.replace('"', "\"\""))
    } else {
        name.to_owned()
    }
}

/// `text` as a JSON string, escaped as `serde_json` escapes it.
#[must_use]
pub fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The CSV header of the standings.
pub const CSV_HEADER: &str = "rank,player,points,wins,losses,draws,omw,gw,ogw";

/// One CSV row (without its newline).
#[must_use]
pub fn csv_row(s: &Standing, names: &[String]) -> String {
    format!(
        "{},{},{},{},{},{},{},{},{}",
        s.rank,
        csv_field(&names[s.player]),
        s.points,
        s.wins,
        s.losses,
        s.draws,
        s.omw,
        s.gw,
        s.ogw
    )
}

/// The fields of one JSON object (without braces), in the CSV's order.
#[must_use]
pub fn json_fields(s: &Standing, names: &[String]) -> String {
    format!(
        "\"rank\": {}, \"player\": {}, \"points\": {}, \"wins\": {}, \"losses\": {}, \"draws\": {}, \"omw\": \"{}\", \"gw\": \"{}\", \"ogw\": \"{}\"",
        s.rank,
        json_string(&names[s.player]),
        s.points,
        s.wins,
        s.losses,
        s.draws,
        s.omw,
        s.gw,
        s.ogw
    )
}

/// The spec's `--format csv`.
#[must_use]
pub fn csv(rows: &[Standing], names: &[String]) -> String {
    let mut out = format!("{CSV_HEADER}\n");
    for s in rows {
        out.push_str(&csv_row(s, names));
        out.push('\n');
    }
    out
}

/// The spec's `--format json`.
#[must_use]
pub fn json(rows: &[Standing], names: &[String], round: usize) -> String {
    let objects: Vec<String> = rows.iter().map(|s| format!("{{{}}}", json_fields(s, names))).collect();
    format!("{{\"round\": {round}, \"standings\": [{}]}}\n", objects.join(", "))
}

/// Whether the rank of `rows[i]` is shared with a neighbour.
fn shared(rows: &[Standing], i: usize) -> bool {
    (i > 0 && rows[i - 1].rank == rows[i].rank) || rows.get(i + 1).is_some_and(|next| next.rank == rows[i].rank)
}

/// `name` with its control characters escaped (`\n`), for a one-line cell.
fn printable(name: &str) -> String {
    name.chars().map(|c| if c.is_control() { c.escape_debug().to_string() } else { c.to_string() }).collect()
}

/// The reference's own table (the spec leaves the layout free): one line per player.
#[must_use]
pub fn table(rows: &[Standing], names: &[String], round: usize, decimals: u32) -> String {
    let mut out = format!("Standings after round {round}\n\nRank  Player  Points  W-L-D  OMW  GW  OGW\n");
    for (i, s) in rows.iter().enumerate() {
        let mark = if shared(rows, i) { "=" } else { "" };
        let _ = writeln!(
            out,
            "{}{mark}  {}  {}  {}-{}-{}  {}  {}  {}",
            s.rank,
            printable(&names[s.player]),
            s.points,
            s.wins,
            s.losses,
            s.draws,
            s.omw.percent(decimals, true),
            s.gw.percent(decimals, true),
            s.ogw.percent(decimals, true)
        );
    }
    out
}

/// Checks a table of any layout for the spec's content: among its lines (titles, headers and
/// other lines anywhere), one line per player, in ranked order, that holds (in this order) the
/// rank (a number of its own; a mark such as `=` for a shared rank is not checked), the name
/// (unless it has control characters, which a table may escape), the points, `W-L-D`, then
/// OMW, GW and OGW as percentages with `decimals` decimals (an exact half may be rounded
/// either way), each value a token of its own (no digit right before or after it).
///
/// # Errors
/// What is missing or out of order.
pub fn check_table(got: &str, rows: &[Standing], names: &[String], decimals: u32) -> Result<(), String> {
    let mut lines = got.lines();
    for s in rows {
        if !lines.any(|line| table_line_matches(line, s, &names[s.player], decimals)) {
            return Err(format!(
                "no line (after the previous player's) with rank {}, {:?}, {} points, {}-{}-{}, {} {} {}",
                s.rank,
                names[s.player],
                s.points,
                s.wins,
                s.losses,
                s.draws,
                s.omw.percent(decimals, true),
                s.gw.percent(decimals, true),
                s.ogw.percent(decimals, true)
            ));
        }
    }
    Ok(())
}

/// Whether `line` is the table line of `s` (see [`check_table`]).
fn table_line_matches(line: &str, s: &Standing, name: &str, decimals: u32) -> bool {
    // The rank before the name, the values after it.
    let (before, mut rest) = if name.contains(char::is_control) {
        match find_token(line, &s.rank.to_string()) {
            Some((_, end)) => (&line[..end], &line[end..]),
            None => return false,
        }
    } else {
        match line.find(name) {
            Some(at) => (&line[..at], &line[at + name.len()..]),
            None => return false,
        }
    };
    if find_token(before, &s.rank.to_string()).is_none() {
        return false;
    }
    let mut wanted = vec![vec![s.points.to_string()], vec![format!("{}-{}-{}", s.wins, s.losses, s.draws)]];
    for value in [&s.omw, &s.gw, &s.ogw] {
        wanted.push(vec![value.percent(decimals, true), value.percent(decimals, false)]);
    }
    for options in wanted {
        let Some((_, end)) = options.iter().filter_map(|o| find_token(rest, o)).min() else { return false };
        rest = &rest[end..];
    }
    true
}

/// The first occurrence of `token` in `text` not touching another digit: `(start, end)`.
fn find_token(text: &str, token: &str) -> Option<(usize, usize)> {
    let mut from = 0;
    while let Some(at) = text[from..].find(token) {
        let (start, end) = (from + at, from + at + token.len());
        let digit_before = text[..start].chars().next_back().is_some_and(|c| c.is_ascii_digit());
        let digit_after = text[end..].chars().next().is_some_and(|c| c.is_ascii_digit());
        if !digit_before && !digit_after {
            return Some((start, end));
        }
        from = start + token.chars().next().map_or(1, char::len_utf8);
    }
    None
}

/// `referee standings ARGS` on `input`, the spec's stdout: `args` are the options after
/// `standings` (`--profile`, `--round`, `--format`; no FILE).
///
/// # Errors
/// The refusal: exit status 1 and `error: LINE:FIELD: ...` for an invalid file, 2 for a bad
/// command line or a round beyond the file.
pub fn standings(input: &[u8], args: &[&str]) -> Result<String, Refusal> {
    let (mut profile, mut format, mut round) = (Profile::Mtr, Format::Table, None);
    let mut it = args.iter();
    while let Some(&arg) = it.next() {
        let value = it.next().copied().ok_or_else(|| Refusal::usage(format!("{arg} needs a value")))?;
        match arg {
            "--profile" => {
                profile = Profile::named(value).ok_or_else(|| Refusal::usage(format!("no profile {value}")))?
            }
            "--format" => {
                format = match value {
                    "table" => Format::Table,
                    "csv" => Format::Csv,
                    "json" => Format::Json,
                    _ => return Err(Refusal::usage(format!("no format {value}"))),
                }
            }
            "--round" => {
                let r = value.parse::<usize>().ok().filter(|&r| r >= 1);
                round = Some(r.ok_or_else(|| Refusal::usage(format!("--round {value}: a round is 1, 2, ...")))?);
            }
            _ => return Err(Refusal::usage(format!("unknown option {arg}"))),
        }
    }
    let results = parse(input, profile)?;
    let last = results.rounds.len();
    let upto = round.unwrap_or(last);
    if upto > last {
        return Err(Refusal::usage(format!("--round {upto}: the file has {last} rounds")));
    }
    let rows = rank(&results, upto, profile);
    Ok(match format {
        Format::Csv => csv(&rows, &results.names),
        Format::Json => json(&rows, &results.names, upto),
        Format::Table => table(&rows, &results.names, upto, 2),
    })
}
