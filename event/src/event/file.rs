//! The event file (`docs/event.md`): a line-oriented UTF-8 text, read and validated in full
//! ([`Event::parse`]) and written in one canonical layout ([`Event::write`]).

use std::fmt::Write as _;

use hashbrown::HashMap;
use referee_core::standings::{Profile, MAX_ROUNDS};

use super::{Event, Failure, Game, Note, Outcome, Player, Round, Settings, Table, MAX_NAME};

/// The first line of every event file.
pub const MAGIC: &str = "referee-event 1";

/// A name as the file writes it: in double quotes, `\` and `"` escaped with `\`, control
/// characters as `\u{XXXX}`.
///
/// # Complexity
/// `O(len(name))`.
#[must_use]
pub fn quote(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 2);
    out.push('"');
    for c in name.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One token of a line: its text (a name unquoted) and its column (1-based, in characters).
#[derive(Clone, Debug)]
struct Token {
    text: String,
    column: usize,
    quoted: bool,
}

/// The tokens of `line` (numbered `number`): words separated by spaces, names in quotes.
fn tokens(line: &str, number: usize) -> Result<Vec<Token>, Failure> {
    let mut out = Vec::new();
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == ' ' || chars[i] == '\t' {
            i += 1;
            continue;
        }
        let column = i + 1;
        if chars[i] == '"' {
            let mut text = String::new();
            i += 1;
            loop {
                let Some(&c) = chars.get(i) else {
                    return Err(Failure::at(number, column, "a name without its closing quote"));
                };
                i += 1;
                match c {
                    '"' => break,
                    '\\' => {
                        match chars.get(i) {
                            Some('"') => text.push('"'),
                            Some('\\') => text.push('\\'),
                            Some('u') if chars.get(i + 1) == Some(&'{') => {
                                let end = chars[i..].iter().position(|&c| c == '}').map(|e| i + e);
                                let code = end
                                    .and_then(|end| {
                                        u32::from_str_radix(&chars[i + 2..end].iter().collect::<String>(), 16).ok()
                                    })
                                    .and_then(char::from_u32);
                                match (code, end) {
                                    (Some(c), Some(end)) => {
                                        text.push(c);
                                        i = end;
                                    }
                                    _ => return Err(Failure::at(number, i, "a wrong \\u{...} escape in a name")),
                                }
                            }
                            _ => return Err(Failure::at(number, i, "a name escapes only \\\", \\\\ and \\u{...}")),
                        }
                        i += 1;
                    }
                    c => text.push(c),
                }
            }
            if chars.get(i).is_some_and(|&c| c != ' ' && c != '\t') {
                return Err(Failure::at(number, i + 1, "a space expected after the closing quote"));
            }
            out.push(Token { text, column, quoted: true });
        } else {
            let start = i;
            while i < chars.len() && chars[i] != ' ' && chars[i] != '\t' {
                i += 1;
            }
            out.push(Token { text: chars[start..i].iter().collect(), column, quoted: false });
        }
    }
    Ok(out)
}

/// A parsed line before the checks of the event.
#[derive(Clone, Debug)]
enum Item {
    Setting(String, Token),
    Player(Token),
    Drop(Token),
    Reenter(Token),
    Round(Token),
    Table(Token, Token, Token, Option<Token>),
    Bye(Token),
    Loss(Token),
    Cut(Token),
    Playoff(Token),
}

/// A number of ASCII digits (no sign, no leading zero).
fn number(token: &Token, line: usize, what: &str) -> Result<u64, Failure> {
    let t = &token.text;
    let ok =
        !token.quoted && !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) && (t == "0" || !t.starts_with('0'));
    ok.then(|| t.parse::<u64>().ok())
        .flatten()
        .ok_or_else(|| Failure::at(line, token.column, format!("{what}: a number expected, found {t:?}")))
}

/// [`number`] as a count (a round, a table, a cut).
fn count(token: &Token, line: usize, what: &str) -> Result<usize, Failure> {
    let n = number(token, line, what)?;
    usize::try_from(n).map_err(|_| Failure::at(line, token.column, format!("{what}: {n} is too large")))
}

impl Event {
    /// Reads and checks a whole event file.
    ///
    /// # Errors
    /// The first fault found, as `LINE:COLUMN: what is wrong` (exit status 1).
    ///
    /// # Complexity
    /// `O(B + n + t)` for a file of `B` bytes, `n` players and `t` tables (names in a hash map).
    #[allow(clippy::too_many_lines)]
    pub fn parse(bytes: &[u8]) -> Result<Self, Failure> {
        let mut items: Vec<(usize, Item)> = Vec::new();
        let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        if bytes.is_empty() {
            return Err(Failure::at(1, 1, format!("an empty file: an event file starts with {MAGIC:?}")));
        }
        if !bytes.ends_with(b"\n") {
            let lines = body.split(|&b| b == b'\n').count();
            return Err(Failure::at(lines, 1, "the file does not end with a line end (truncated?)"));
        }
        for (i, raw) in body.split(|&b| b == b'\n').enumerate() {
            let number = i + 1;
            let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
            let line = std::str::from_utf8(raw).map_err(|e| {
                let column = String::from_utf8_lossy(&raw[..e.valid_up_to()]).chars().count() + 1;
                Failure::at(number, column, "invalid UTF-8: an event file is UTF-8 text")
            })?;
            if number == 1 {
                if line != MAGIC {
                    return Err(Failure::at(1, 1, format!("not an event file: the first line is {MAGIC:?}")));
                }
                continue;
            }
            let trimmed = line.trim_start_matches([' ', '\t']);
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let words = tokens(line, number)?;
            let Some((head, rest)) = words.split_first() else { continue };
            let arity = |n: usize| -> Result<(), Failure> {
                if rest.len() == n {
                    Ok(())
                } else if let Some(extra) = rest.get(n) {
                    Err(Failure::at(
                        number,
                        extra.column,
                        format!("unexpected {:?} after a {:?} line", extra.text, head.text),
                    ))
                } else {
                    Err(Failure::at(number, line.chars().count() + 1, format!("a {:?} line is incomplete", head.text)))
                }
            };
            let name = |t: &Token| -> Result<Token, Failure> {
                if !t.quoted {
                    return Err(Failure::at(number, t.column, "a name in double quotes expected"));
                }
                let count = t.text.chars().count();
                if count == 0 || count > MAX_NAME || t.text.trim_matches(' ') != t.text {
                    return Err(Failure::at(number, t.column, "a name has 1 to 64 characters, no space at either end"));
                }
                Ok(t.clone())
            };
            let item = match head.text.as_str() {
                _ if head.quoted => {
                    return Err(Failure::at(number, head.column, "a line starts with a keyword or a table number"))
                }
                "name" | "profile" | "rounds" | "games-to-win" | "seed" => {
                    arity(1)?;
                    Item::Setting(head.text.clone(), rest[0].clone())
                }
                "player" => {
                    arity(1)?;
                    Item::Player(name(&rest[0])?)
                }
                "drop" => {
                    arity(1)?;
                    Item::Drop(name(&rest[0])?)
                }
                "reenter" => {
                    arity(1)?;
                    Item::Reenter(name(&rest[0])?)
                }
                "bye" => {
                    arity(1)?;
                    Item::Bye(name(&rest[0])?)
                }
                "loss" => {
                    arity(1)?;
                    Item::Loss(name(&rest[0])?)
                }
                "round" => {
                    arity(1)?;
                    Item::Round(rest[0].clone())
                }
                "cut" => {
                    arity(1)?;
                    Item::Cut(rest[0].clone())
                }
                "playoff" => {
                    arity(1)?;
                    Item::Playoff(rest[0].clone())
                }
                t if t.bytes().all(|b| b.is_ascii_digit()) => {
                    if rest.len() < 2 {
                        arity(2)?;
                    } else if rest.len() > 3 {
                        arity(3)?;
                    }
                    Item::Table(head.clone(), name(&rest[0])?, name(&rest[1])?, rest.get(2).cloned())
                }
                other => {
                    return Err(Failure::at(number, head.column, format!("unknown line {other:?} (see docs/event.md)")))
                }
            };
            items.push((number, item));
        }
        Self::build(items, bytes)
    }

    /// The event of `items` (parsed lines), every rule checked.
    #[allow(clippy::too_many_lines)]
    fn build(items: Vec<(usize, Item)>, bytes: &[u8]) -> Result<Self, Failure> {
        let last_line = bytes.iter().filter(|&&b| b == b'\n').count().max(1);
        // The settings, in this order, right after the first line.
        const KEYS: [&str; 5] = ["name", "profile", "rounds", "games-to-win", "seed"];
        let mut settings = Settings::default();
        let mut at = 0;
        for (k, key) in KEYS.iter().enumerate() {
            let Some((line, Item::Setting(found, value))) = items.get(k) else {
                let line = items.get(k).map_or(last_line, |(l, _)| *l);
                return Err(Failure::at(line, 1, format!("the setting {key:?} expected here")));
            };
            if found != key {
                return Err(Failure::at(*line, 1, format!("the setting {key:?} expected here, found {found:?}")));
            }
            let line = *line;
            match k {
                0 => {
                    if !value.quoted {
                        return Err(Failure::at(line, value.column, "the event's name in double quotes expected"));
                    }
                    settings.name.clone_from(&value.text);
                }
                1 => {
                    settings.profile = Profile::from_name(&value.text)
                        .filter(|_| !value.quoted)
                        .ok_or_else(|| Failure::at(line, value.column, "profile mtr or contest expected"))?;
                }
                2 => {
                    let n = number(value, line, "rounds")?;
                    if !(1..=u64::from(MAX_ROUNDS)).contains(&n) {
                        return Err(Failure::at(line, value.column, format!("1 to {MAX_ROUNDS} Swiss rounds")));
                    }
                    settings.rounds = usize::try_from(n).unwrap_or(usize::MAX);
                }
                3 => {
                    let n = number(value, line, "games-to-win")?;
                    if n != 1 && n != 2 {
                        return Err(Failure::at(line, value.column, "games-to-win is 1 or 2"));
                    }
                    settings.games_to_win = u8::try_from(n).unwrap_or(0);
                }
                _ => settings.seed = number(value, line, "seed")?,
            }
            at = k + 1;
        }
        if settings.profile == Profile::Contest && settings.games_to_win != 2 {
            return Err(Failure::at(items[3].0, 1, "profile contest is played best of three (games-to-win 2)"));
        }
        // Pass 1: the registered players, in order.
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut players: Vec<Player> = Vec::new();
        for (line, item) in &items[at..] {
            if let Item::Player(t) = item {
                if index.insert(t.text.clone(), players.len()).is_some() {
                    return Err(Failure::at(*line, t.column, format!("{:?} is registered twice", t.text)));
                }
                players.push(Player { name: t.text.clone(), dropped: false, dropped_at: 0 });
            }
        }
        let find = |t: &Token, line: usize| -> Result<usize, Failure> {
            index.get(&t.text).copied().ok_or_else(|| {
                Failure::at(line, t.column, format!("{:?} is not registered (no player line names it)", t.text))
            })
        };
        // Pass 2: the event, line by line.
        let mut event =
            Event { settings, players, rounds: Vec::new(), notes: vec![Vec::new()], cut: None, playoff: Vec::new() };
        let n = event.players.len();
        let mut registered = vec![false; n];
        // Per round: the players to pair when it was paired, and who is seen in it.
        let mut expected: Vec<bool> = Vec::new();
        let mut seen: Vec<u32> = vec![0; n];
        let mut appearances: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut reentries: Vec<(usize, usize, usize, usize)> = Vec::new();
        let mut block_line = 0;
        let mut in_playoff = false;
        let mut active_at_cut: Vec<bool> = Vec::new();
        for (line, item) in items.into_iter().skip(at) {
            match item {
                Item::Setting(key, _) => {
                    return Err(Failure::at(line, 1, format!("the setting {key:?} belongs at the top of the file")));
                }
                Item::Player(t) | Item::Drop(t) | Item::Reenter(t) if event.cut.is_some() => {
                    return Err(Failure::at(line, t.column, "no registration, drop or re-entry after the cut"));
                }
                Item::Player(t) => {
                    let p = find(&t, line)?;
                    if event.settings.profile == Profile::Contest && !event.rounds.is_empty() {
                        return Err(Failure::at(line, 1, "profile contest has no late entries"));
                    }
                    registered[p] = true;
                    event.push_note(Note::Player(p));
                }
                Item::Drop(t) => {
                    let p = find(&t, line)?;
                    if !registered[p] || event.players[p].dropped {
                        return Err(Failure::at(line, t.column, format!("{:?} is not playing here: no drop", t.text)));
                    }
                    event.players[p].dropped = true;
                    event.players[p].dropped_at = event.rounds.len();
                    event.push_note(Note::Drop(p));
                }
                Item::Reenter(t) => {
                    let p = find(&t, line)?;
                    if !registered[p] || !event.players[p].dropped {
                        return Err(Failure::at(line, t.column, format!("{:?} has not dropped: no re-entry", t.text)));
                    }
                    if event.settings.profile == Profile::Contest {
                        return Err(Failure::at(line, 1, "profile contest has no re-entries"));
                    }
                    event.players[p].dropped = false;
                    reentries.push((p, event.players[p].dropped_at, event.rounds.len(), line));
                    event.push_note(Note::Reenter(p));
                }
                Item::Round(t) => {
                    let r = count(&t, line, "round")?;
                    event.close_block(&expected, &seen, block_line)?;
                    if event.cut.is_some() {
                        return Err(Failure::at(line, 1, "a Swiss round after the cut"));
                    }
                    if r != event.rounds.len() + 1 {
                        return Err(Failure::at(line, t.column, format!("round {} expected", event.rounds.len() + 1)));
                    }
                    if r > event.settings.rounds {
                        return Err(Failure::at(
                            line,
                            t.column,
                            format!("the event plans {} Swiss rounds", event.settings.rounds),
                        ));
                    }
                    if let Some(table) = event.rounds.last().and_then(|r| r.tables.iter().find(|t| t.result.is_none()))
                    {
                        return Err(Failure::at(
                            line,
                            1,
                            format!("round {r} is paired while table {} of round {} has no result", table.table, r - 1),
                        ));
                    }
                    expected = (0..n).map(|p| registered[p] && !event.players[p].dropped).collect();
                    seen.iter_mut().for_each(|s| *s = 0);
                    event.rounds.push(Round::default());
                    event.notes.push(Vec::new());
                    block_line = line;
                }
                Item::Cut(t) => {
                    event.close_block(&expected, &seen, block_line)?;
                    expected.clear();
                    let top = count(&t, line, "cut")?;
                    if top != 8 && top != 4 {
                        return Err(Failure::at(line, t.column, "a cut to the top 8 or the top 4"));
                    }
                    if event.cut.is_some() {
                        return Err(Failure::at(line, 1, "a second cut"));
                    }
                    if event.rounds.len() != event.settings.rounds {
                        return Err(Failure::at(
                            line,
                            1,
                            format!("a cut before the {} planned Swiss rounds", event.settings.rounds),
                        ));
                    }
                    if let Some(table) = event.rounds.last().and_then(|r| r.tables.iter().find(|t| t.result.is_none()))
                    {
                        return Err(Failure::at(line, 1, format!("a cut while table {} has no result", table.table)));
                    }
                    active_at_cut = (0..n).map(|p| registered[p] && !event.players[p].dropped).collect();
                    event.cut = Some(top);
                }
                Item::Playoff(t) => {
                    let k = count(&t, line, "playoff")?;
                    if event.cut.is_none() {
                        return Err(Failure::at(line, 1, "a playoff round before the cut"));
                    }
                    event.close_playoff(block_line)?;
                    if k != event.playoff.len() + 1 {
                        return Err(Failure::at(
                            line,
                            t.column,
                            format!("playoff {} expected", event.playoff.len() + 1),
                        ));
                    }
                    if event.final_played() {
                        return Err(Failure::at(line, 1, "a playoff round after the final"));
                    }
                    if let Some(table) = event.playoff.last().and_then(|r| r.iter().find(|t| t.result.is_none())) {
                        return Err(Failure::at(
                            line,
                            1,
                            format!("playoff {k} while table {} has no result", table.table),
                        ));
                    }
                    event.playoff.push(Vec::new());
                    seen.iter_mut().for_each(|s| *s = 0);
                    in_playoff = true;
                    block_line = line;
                }
                Item::Table(t, a, b, result) => {
                    let table = count(&t, line, "table")?;
                    let (p1, p2) = (find(&a, line)?, find(&b, line)?);
                    let playoff = in_playoff && event.cut.is_some();
                    let count = if playoff {
                        event.playoff.last().map_or(0, Vec::len)
                    } else if event.cut.is_none() && !event.rounds.is_empty() {
                        event.rounds.last().map_or(0, |r| r.tables.len())
                    } else {
                        return Err(Failure::at(line, 1, "a table outside a round"));
                    };
                    if table != count + 1 {
                        return Err(Failure::at(
                            line,
                            t.column,
                            format!("table {} expected (tables are numbered in order)", count + 1),
                        ));
                    }
                    if p1 == p2 {
                        return Err(Failure::at(line, b.column, "a player against himself"));
                    }
                    for (p, tok) in [(p1, &a), (p2, &b)] {
                        if seen[p] > 0 {
                            return Err(Failure::at(
                                line,
                                tok.column,
                                format!("{:?} plays twice in this round", tok.text),
                            ));
                        }
                        let ok = if playoff { active_at_cut.get(p).copied().unwrap_or(false) } else { expected[p] };
                        if !ok {
                            return Err(Failure::at(
                                line,
                                tok.column,
                                format!("{:?} was not to be paired in this round", tok.text),
                            ));
                        }
                        seen[p] += 1;
                        if !playoff {
                            appearances[p].push(event.rounds.len());
                        }
                    }
                    let result = match result {
                        None => None,
                        Some(r) => {
                            Some(event.parse_result(&r.text, playoff).map_err(|why| Failure::at(line, r.column, why))?)
                        }
                    };
                    let entry = Table { table, p1, p2, result };
                    if playoff {
                        if let Some(round) = event.playoff.last_mut() {
                            round.push(entry);
                        }
                    } else if let Some(round) = event.rounds.last_mut() {
                        round.tables.push(entry);
                    }
                }
                Item::Bye(t) | Item::Loss(t) if event.cut.is_some() || event.rounds.is_empty() => {
                    return Err(Failure::at(line, t.column, "a bye or a loss outside a Swiss round"));
                }
                Item::Bye(t) => {
                    let p = find(&t, line)?;
                    if seen[p] > 0 {
                        return Err(Failure::at(line, t.column, format!("{:?} plays twice in this round", t.text)));
                    }
                    if !expected[p] {
                        return Err(Failure::at(
                            line,
                            t.column,
                            format!("{:?} was not to be paired in this round", t.text),
                        ));
                    }
                    let round = event.rounds.len();
                    let Some(r) = event.rounds.last_mut() else { continue };
                    if r.bye.is_some() {
                        return Err(Failure::at(line, 1, "a second bye in one round"));
                    }
                    r.bye = Some(p);
                    seen[p] += 1;
                    appearances[p].push(round);
                }
                Item::Loss(t) => {
                    let p = find(&t, line)?;
                    if event.settings.profile == Profile::Contest {
                        return Err(Failure::at(line, 1, "profile contest has no loss without opponent"));
                    }
                    if seen[p] > 0 {
                        return Err(Failure::at(line, t.column, format!("{:?} plays twice in this round", t.text)));
                    }
                    if expected[p] {
                        return Err(Failure::at(
                            line,
                            t.column,
                            format!("{:?} was paired in this round: no missed-round loss", t.text),
                        ));
                    }
                    let round = event.rounds.len();
                    let Some(r) = event.rounds.last_mut() else { continue };
                    r.losses.push(p);
                    seen[p] += 1;
                    appearances[p].push(round);
                }
            }
        }
        if event.cut.is_some() {
            event.close_playoff(block_line)?;
            if event.playoff.is_empty() {
                return Err(Failure::at(last_line, 1, "the cut's first playoff round is missing"));
            }
        } else {
            event.close_block(&expected, &seen, block_line)?;
        }
        if let Some(p) = (0..n).find(|&p| !registered[p]) {
            return Err(Failure::at(last_line, 1, format!("{:?} is not registered", event.players[p].name)));
        }
        for (p, from, to, line) in reentries {
            for r in from + 1..=to {
                if !event.rounds[r - 1].losses.contains(&p) {
                    return Err(Failure::at(
                        line,
                        1,
                        format!("{:?} re-enters without a loss in missed round {r}", event.players[p].name),
                    ));
                }
            }
        }
        for (p, rounds) in appearances.iter().enumerate() {
            if let Some(w) = rounds.windows(2).find(|w| w[1] != w[0] + 1) {
                return Err(Failure::at(
                    block_line.max(1),
                    1,
                    format!(
                        "{:?} plays round {} after missing round {}: a missed round is a loss line",
                        event.players[p].name,
                        w[1],
                        w[0] + 1
                    ),
                ));
            }
        }
        for round in &mut event.rounds {
            super::sort::sort(&mut round.losses);
        }
        Ok(event)
    }

    fn push_note(&mut self, note: Note) {
        if let Some(notes) = self.notes.last_mut() {
            notes.push(note);
        }
    }

    /// Checks that every player to pair in the last Swiss round has a table or the bye.
    fn close_block(&self, expected: &[bool], seen: &[u32], line: usize) -> Result<(), Failure> {
        if self.rounds.is_empty() || self.cut.is_some() || expected.is_empty() {
            return Ok(());
        }
        if let Some(p) = (0..expected.len()).find(|&p| expected[p] && seen[p] == 0) {
            return Err(Failure::at(
                line,
                1,
                format!(
                    "round {}: {:?} is playing but has no table, bye or drop",
                    self.rounds.len(),
                    self.players[p].name
                ),
            ));
        }
        Ok(())
    }

    /// Checks the last playoff round: the bracket of the cut, or the winners of the round
    /// before it.
    fn close_playoff(&self, line: usize) -> Result<(), Failure> {
        let Some(last) = self.playoff.last() else { return Ok(()) };
        let k = self.playoff.len();
        let expected: Vec<(usize, usize)> = if k == 1 {
            let top = self.cut.unwrap_or(8);
            if last.len() != top / 2 {
                return Err(Failure::at(
                    line,
                    1,
                    format!("the first playoff round of a top {top} has {} tables", top / 2),
                ));
            }
            let seeds = self.seeds();
            let mut distinct = seeds.clone();
            super::sort::sort(&mut distinct);
            distinct.dedup();
            if distinct.len() != top {
                return Err(Failure::at(line, 1, "the first playoff round pairs each seed once"));
            }
            return Ok(());
        } else {
            self.bracket(&self.playoff[k - 2])
        };
        let got: Vec<(usize, usize)> = last.iter().map(|t| (t.p1, t.p2)).collect();
        if got != expected {
            return Err(Failure::at(
                line,
                1,
                format!("playoff {k} is not the bracket: the winners of playoff {} in order", k - 1),
            ));
        }
        Ok(())
    }

    /// Writes the event file (the canonical layout of `docs/event.md`).
    ///
    /// # Complexity
    /// `O(B)` for the `B` bytes written.
    #[must_use]
    pub fn write(&self) -> Vec<u8> {
        let mut out = String::with_capacity(64 + self.players.len() * 24 + self.rounds.len() * self.players.len() * 20);
        let s = &self.settings;
        let _ = writeln!(out, "{MAGIC}");
        let _ = writeln!(out, "name {}", quote(&s.name));
        let _ = writeln!(out, "profile {}", s.profile.name());
        let _ = writeln!(out, "rounds {}", s.rounds);
        let _ = writeln!(out, "games-to-win {}", s.games_to_win);
        let _ = writeln!(out, "seed {}", s.seed);
        let quoted: Vec<String> = self.players.iter().map(|p| quote(&p.name)).collect();
        let notes = |out: &mut String, notes: &[Note]| {
            for note in notes {
                let (word, p) = match *note {
                    Note::Player(p) => ("player", p),
                    Note::Drop(p) => ("drop", p),
                    Note::Reenter(p) => ("reenter", p),
                };
                let _ = writeln!(out, "{word} {}", quoted[p]);
            }
        };
        notes(&mut out, self.notes.first().map_or(&[], Vec::as_slice));
        let tables = |out: &mut String, tables: &[Table]| {
            for t in tables {
                let _ = write!(out, "{} {} {}", t.table, quoted[t.p1], quoted[t.p2]);
                match t.result {
                    None => out.push('\n'),
                    Some(Outcome::DoubleLoss) => out.push_str(" double-loss\n"),
                    Some(Outcome::Games(Game { wins, losses, draws })) => {
                        let _ = writeln!(out, " {wins}-{losses}-{draws}");
                    }
                }
            }
        };
        for (r, round) in self.rounds.iter().enumerate() {
            let _ = writeln!(out, "round {}", r + 1);
            tables(&mut out, &round.tables);
            if let Some(p) = round.bye {
                let _ = writeln!(out, "bye {}", quoted[p]);
            }
            for &p in &round.losses {
                let _ = writeln!(out, "loss {}", quoted[p]);
            }
            notes(&mut out, self.notes.get(r + 1).map_or(&[], Vec::as_slice));
        }
        if let Some(top) = self.cut {
            let _ = writeln!(out, "cut {top}");
            for (k, round) in self.playoff.iter().enumerate() {
                let _ = writeln!(out, "playoff {}", k + 1);
                tables(&mut out, round);
            }
        }
        out.into_bytes()
    }
}
