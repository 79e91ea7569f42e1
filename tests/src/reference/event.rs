//! `referee event` (the shared `event.md`, issue 36), literally: a model of the event that a
//! driver plays command by command beside the binary. Each command is a method that either
//! refuses (with the exit status the spec asks for) or changes the model as the spec says; the
//! outputs the spec defines (the export, the standings with `dropped`, the pairings by table and
//! by name, the playoff bracket and the final order) are written or computed from the model,
//! the standings through the brute force of `standings.md` ([`super::standings`]) on the
//! model's export, as event.md defines them.
//!
//! The pairing is chosen at random among the optimal ones from a generator the spec does not
//! fix, so it cannot be reproduced: the model *checks* a pairing instead ([`Event::check_pairing`]):
//! the players to pair exactly once each, a bye exactly for an odd count, tables `1..=m`, the
//! objective `(R, B, Y, C)` of `pairings.md` least among all pairings (an exhaustive search over
//! every pairing, by dynamic programming over the sets of players still to pair, up to
//! [`EXHAUSTIVE`] players; above, no exchange of partners between two matches or between a match
//! and the bye improves it), `player1` the first in the current standings and the tables in the
//! order of their `player1` (from round 2: round 1's order is the generator's shuffle).
//!
//! Where the spec is silent, the choices are the driver's `ASSUMPTIONS`
//! (`crate::event_driver::ASSUMPTIONS`).

use std::collections::HashMap;
use std::fmt::Write as _;

use super::standings::{self, csv_field, Profile, Results, Standing};

/// The largest number of players to pair whose pairing is checked optimal by exhaustive search.
pub const EXHAUSTIVE: usize = 20;

/// `(R, B, Y, C)`: rematches, second byes, the bye's match points, the sum of squared point
/// differences; compared lexicographically.
pub type Goal = [u64; 4];

/// A refused command: its exit status and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// 1 a wrong file, result or name or a forbidden action; 2 a bad command line.
    pub status: u8,
    /// Why (for the driver's messages).
    pub why: String,
}

fn refuse<T>(status: u8, why: impl Into<String>) -> Result<T, Refused> {
    Err(Refused { status, why: why.into() })
}

/// The MTR Appendix E number of Swiss rounds for `players` players.
#[must_use]
pub const fn appendix_e(players: usize) -> usize {
    match players {
        0..=8 => 3,
        9..=32 => 5,
        33..=64 => 6,
        65..=128 => 7,
        129..=226 => 8,
        227..=409 => 9,
        _ => 10,
    }
}

/// A players list of `pairings.md` (`--players`): one name a line, UTF-8, an optional BOM, LF
/// or CRLF, spaces at both ends removed, empty lines ignored, 1 to 64 code points, no two
/// equal, at least 2; errors name `LINE:1`.
///
/// # Errors
/// `(line, message)` of the first error.
pub fn players_list(input: &[u8]) -> Result<Vec<String>, (usize, String)> {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let mut names: Vec<String> = Vec::new();
    let mut lines = 0;
    for (i, line) in input.split(|&b| b == b'\n').enumerate() {
        if i + 1 == input.split(|&b| b == b'\n').count() && line.is_empty() {
            break; // after the last line end
        }
        lines = i + 1;
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let text = std::str::from_utf8(line).map_err(|_| (i + 1, "invalid UTF-8".to_owned()))?;
        let name = text.trim_matches(' ');
        if name.is_empty() {
            continue;
        }
        if name.chars().count() > 64 {
            return Err((i + 1, format!("a name has at most 64 characters, {name:?} has more")));
        }
        if names.iter().any(|n| n == name) {
            return Err((i + 1, format!("{name:?} is listed twice")));
        }
        names.push(name.to_owned());
    }
    if names.len() < 2 {
        return Err((lines + 1, format!("{} players: at least 2 are needed", names.len())));
    }
    Ok(names)
}

/// The event's settings (`new`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// `--name`.
    pub name: String,
    /// `--profile`.
    pub profile: Profile,
    /// The planned Swiss rounds (`--rounds`, or Appendix E).
    pub rounds: usize,
    /// `--games-to-win`: 2 best of three, 1 best of one.
    pub games_to_win: u32,
    /// `--seed`.
    pub seed: u64,
}

/// A reported result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Games won by `player1`, by `player2`, drawn.
    Games(u32, u32, u32),
    /// Both players lose: two losses without opponent.
    DoubleLoss,
}

/// A match at a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// The table number.
    pub table: usize,
    /// `player1`.
    pub p1: usize,
    /// `player2`.
    pub p2: usize,
    /// The result, once reported.
    pub result: Option<Outcome>,
}

/// A Swiss round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// The matches.
    pub matches: Vec<Match>,
    /// The bye.
    pub bye: Option<usize>,
    /// Losses without opponent of players who missed the round (late entries, re-entries).
    pub missed: Vec<usize>,
}

/// A registered player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The name (trimmed).
    pub name: String,
    /// Whether the player has dropped (and not re-entered).
    pub dropped: bool,
    /// The number of Swiss rounds paired when the player last dropped.
    pub dropped_at: usize,
}

/// A pairing of a round as the binary printed it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    /// The matches (results empty).
    pub matches: Vec<Match>,
    /// The bye.
    pub bye: Option<usize>,
}

/// The playoff after a cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playoff {
    /// The seeds, best first.
    pub seeds: Vec<usize>,
    /// The playoff rounds paired so far.
    pub rounds: Vec<Vec<Match>>,
}

/// `enter --missed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missed {
    /// No `--missed`: losses without opponent.
    Default,
    /// `--missed loss`.
    Loss,
    /// `--missed none` (new players only).
    None,
}

/// One row of the event's standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The player (registration index).
    pub player: usize,
    /// The values of `standings.md`.
    pub standing: Standing,
    /// Whether the player has dropped.
    pub dropped: bool,
}

/// How a standings answer must be ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The Swiss standings: order and ranks as `standings.md`.
    Swiss,
    /// During the playoff: the spec does not say (the rows are compared as a set, ranks aside).
    Unordered,
    /// After the final: the final order (ranks aside).
    Final,
}

/// The event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The settings.
    pub settings: Settings,
    /// The players in order of registration.
    pub players: Vec<Player>,
    /// The Swiss rounds paired so far.
    pub rounds: Vec<Round>,
    /// The playoff, after a cut.
    pub playoff: Option<Playoff>,
}

/// The ten results of `swiss` (profile contest).
const TEN: [(u32, u32, u32); 10] =
    [(2, 0, 0), (0, 2, 0), (2, 1, 0), (1, 2, 0), (2, 0, 1), (0, 2, 1), (1, 1, 1), (1, 0, 2), (0, 1, 2), (0, 0, 3)];

/// The edit distance of two names (code points).
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut previous = row[0];
        row[0] = i;
        for j in 1..=b.len() {
            let here = row[j];
            row[j] = (row[j] + 1).min(row[j - 1] + 1).min(previous + usize::from(a[i - 1] != b[j - 1]));
            previous = here;
        }
    }
    row[b.len()]
}

impl Event {
    /// `new`: the event of `names` (a checked players list) with `settings`.
    #[must_use]
    pub fn new(names: Vec<String>, settings: Settings) -> Self {
        let players = names.into_iter().map(|name| Player { name, dropped: false, dropped_at: 0 }).collect();
        Self { settings, players, rounds: Vec::new(), playoff: None }
    }

    /// The players to pair: registered, not dropped, in order of registration.
    #[must_use]
    pub fn active(&self) -> Vec<usize> {
        (0..self.players.len()).filter(|&p| !self.players[p].dropped).collect()
    }

    /// The registered player named `name` (spaces at both ends trimmed); an unknown name is
    /// refused, with the close names suggested.
    ///
    /// # Errors
    /// An unknown name (status 1).
    pub fn find(&self, name: &str) -> Result<usize, Refused> {
        let name = name.trim_matches(' ');
        match self.players.iter().position(|p| p.name == name) {
            Some(p) => Ok(p),
            None => refuse(1, format!("no player {name:?}; near: {:?}", self.near(name))),
        }
    }

    /// The registered names near `name` (one or two edits, or equal but for case).
    #[must_use]
    pub fn near(&self, name: &str) -> Vec<String> {
        self.players
            .iter()
            .filter(|p| distance(&p.name, name) <= 2 || p.name.to_lowercase() == name.to_lowercase())
            .map(|p| p.name.clone())
            .collect()
    }

    /// The matches of the stage in progress: the last playoff round after a cut, else the last
    /// Swiss round.
    fn current_matches(&self) -> &[Match] {
        match &self.playoff {
            Some(playoff) => playoff.rounds.last().map_or(&[], Vec::as_slice),
            None => self.rounds.last().map_or(&[], |r| r.matches.as_slice()),
        }
    }

    /// The tables of the current round still without a result.
    #[must_use]
    pub fn missing(&self) -> Vec<usize> {
        self.current_matches().iter().filter(|m| m.result.is_none()).map(|m| m.table).collect()
    }

    /// Whether the playoff's final (its round of one match) has its result.
    #[must_use]
    pub fn final_played(&self) -> bool {
        self.playoff
            .as_ref()
            .and_then(|p| p.rounds.last())
            .is_some_and(|last| last.len() == 1 && last[0].result.is_some())
    }

    /// What `pair` must do now: `Ok(true)` pair a Swiss round, `Ok(false)` the next playoff
    /// round, or the refusal.
    ///
    /// # Errors
    /// A result missing, the planned rounds all paired, the final played (status 1).
    pub fn may_pair(&self) -> Result<bool, Refused> {
        let missing = self.missing();
        if !missing.is_empty() {
            let round = self.rounds.len() + self.playoff.as_ref().map_or(0, |p| p.rounds.len());
            return refuse(1, format!("round {round}: results missing at tables {missing:?}"));
        }
        match &self.playoff {
            Some(_) if self.final_played() => refuse(1, "the final is played"),
            Some(_) => Ok(false),
            None if self.rounds.len() >= self.settings.rounds => {
                refuse(1, format!("the {} planned Swiss rounds are paired: cut", self.settings.rounds))
            }
            None if self.active().is_empty() => refuse(1, "no player to pair"),
            None => Ok(true),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Derived data.

    /// Match points after the Swiss rounds `1..upto` reported so far (a bye 3, a loss without
    /// opponent 0).
    #[must_use]
    pub fn points_before(&self, p: usize, upto: usize) -> u64 {
        let mut points = 0;
        for round in self.rounds.iter().take(upto.saturating_sub(1)) {
            if round.bye == Some(p) {
                points += 3;
            }
            for m in &round.matches {
                if let Some(Outcome::Games(w1, w2, _)) = m.result {
                    let (mine, theirs) = if m.p1 == p {
                        (w1, w2)
                    } else if m.p2 == p {
                        (w2, w1)
                    } else {
                        continue;
                    };
                    points += match mine.cmp(&theirs) {
                        std::cmp::Ordering::Greater => 3,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Less => 0,
                    };
                }
            }
        }
        points
    }

    /// Whether `a` and `b` have met in a Swiss round (a double loss is no meeting).
    #[must_use]
    pub fn met(&self, a: usize, b: usize) -> bool {
        self.rounds.iter().any(|r| {
            r.matches.iter().any(|m| {
                ((m.p1 == a && m.p2 == b) || (m.p1 == b && m.p2 == a)) && m.result != Some(Outcome::DoubleLoss)
            })
        })
    }

    /// Whether `p` has had a bye.
    #[must_use]
    pub fn had_bye(&self, p: usize) -> bool {
        self.rounds.iter().any(|r| r.bye == Some(p))
    }

    /// The Swiss rounds as a results file of `standings.md` (`export`): round by round, the
    /// matches with a result by table (a double loss as two losses without opponent, `player1`'s
    /// first), the bye (its result fields empty), then the other losses without opponent in
    /// order of registration.
    #[must_use]
    pub fn export(&self) -> String {
        let mut out = String::from("round,player1,player2,wins1,wins2,draws\n");
        for (r, round) in self.rounds.iter().enumerate() {
            let r = r + 1;
            let mut matches: Vec<&Match> = round.matches.iter().collect();
            matches.sort_by_key(|m| m.table);
            for m in matches {
                let (n1, n2) = (csv_field(&self.players[m.p1].name), csv_field(&self.players[m.p2].name));
                match m.result {
                    None => {}
                    Some(Outcome::Games(w1, w2, d)) => {
                        let _ = writeln!(out, "{r},{n1},{n2},{w1},{w2},{d}");
                    }
                    Some(Outcome::DoubleLoss) => {
                        let _ = writeln!(out, "{r},{n1},,0,2,0\n{r},{n2},,0,2,0");
                    }
                }
            }
            if let Some(p) = round.bye {
                let _ = writeln!(out, "{r},{},,,,", csv_field(&self.players[p].name));
            }
            let mut missed = round.missed.clone();
            missed.sort_unstable();
            for p in missed {
                let _ = writeln!(out, "{r},{},,0,2,0", csv_field(&self.players[p].name));
            }
        }
        out
    }

    /// The standings of `standings.md` (the event's profile) on the export after round
    /// `round` (the export's last round by default), as event players, with the export's
    /// results file and the round.
    ///
    /// # Errors
    /// No row exported yet (status 1), a round beyond the export (status 2), an export that
    /// `standings.md` refuses (a bug of the model: status 1 with the reason).
    pub fn swiss_standings(&self, round: Option<usize>) -> Result<(Results, Vec<Line>, usize), Refused> {
        let export = self.export();
        if export.lines().count() < 2 {
            return refuse(1, "no result yet");
        }
        let results = standings::parse(export.as_bytes(), self.settings.profile)
            .map_err(|r| Refused { status: 1, why: format!("the export is refused: {r}\n{export}") })?;
        let last = results.rounds.len();
        let upto = round.unwrap_or(last);
        if upto == 0 || upto > last {
            return refuse(2, format!("--round {upto}: {last} rounds"));
        }
        let rows = standings::rank(&results, upto, self.settings.profile);
        let mut lines = Vec::new();
        for s in rows {
            let player = self.find(&results.names[s.player])?;
            lines.push(Line { player, standing: s, dropped: self.players[player].dropped });
        }
        Ok((results, lines, upto))
    }

    /// `standings [--round R] [--active]`: the lines, the round, and how they are ordered.
    ///
    /// # Errors
    /// As [`Event::swiss_standings`].
    pub fn standings(&self, round: Option<usize>, active: bool) -> Result<(Vec<Line>, usize, Order), Refused> {
        let (_, mut lines, upto) = self.swiss_standings(round)?;
        let mut order = Order::Swiss;
        if self.playoff.is_some() && round.is_none() {
            order = Order::Unordered;
            if let Some(final_order) = self.final_order() {
                order = Order::Final;
                let mut placed: Vec<Line> = Vec::new();
                for p in final_order {
                    if let Some(i) = lines.iter().position(|l| l.player == p) {
                        placed.push(lines.remove(i));
                    }
                }
                placed.append(&mut lines);
                lines = placed;
            }
        }
        if active {
            lines.retain(|l| !l.dropped);
        }
        Ok((lines, upto, order))
    }

    /// The standings as the event's CSV (`standings.md`'s columns and `dropped`).
    #[must_use]
    pub fn standings_csv(&self, lines: &[Line]) -> String {
        let names: Vec<String> = self.players.iter().map(|p| p.name.clone()).collect();
        let mut out = format!("{},dropped\n", standings::CSV_HEADER);
        for line in lines {
            let mut s = line.standing.clone();
            s.player = line.player;
            let _ = writeln!(out, "{},{}", standings::csv_row(&s, &names), line.dropped);
        }
        out
    }

    /// The standings as the event's JSON (`standings.md`'s object, each row with `dropped`).
    #[must_use]
    pub fn standings_json(&self, lines: &[Line], round: usize) -> String {
        let names: Vec<String> = self.players.iter().map(|p| p.name.clone()).collect();
        let objects: Vec<String> = lines
            .iter()
            .map(|line| {
                let mut s = line.standing.clone();
                s.player = line.player;
                format!("{{{}, \"dropped\": {}}}", standings::json_fields(&s, &names), line.dropped)
            })
            .collect();
        format!("{{\"round\": {round}, \"standings\": [{}]}}\n", objects.join(", "))
    }

    // -----------------------------------------------------------------------------------------
    // Pairing.

    /// What the objective needs before the next Swiss round: each player's match points, byes
    /// and opponents.
    #[must_use]
    pub fn costs(&self) -> Costs {
        let next = self.rounds.len() + 1;
        let n = self.players.len();
        let mut met = vec![vec![false; n]; n];
        for m in self.rounds.iter().flat_map(|r| &r.matches) {
            if m.result != Some(Outcome::DoubleLoss) {
                met[m.p1][m.p2] = true;
                met[m.p2][m.p1] = true;
            }
        }
        Costs {
            points: (0..n).map(|p| self.points_before(p, next)).collect(),
            had_bye: (0..n).map(|p| self.had_bye(p)).collect(),
            met,
        }
    }

    /// Checks the pairing of the next Swiss round; returns its objective and whether its
    /// optimality was proved exhaustively.
    ///
    /// # Errors
    /// What is wrong with it.
    pub fn check_pairing(&self, pairing: &Pairing) -> Result<(Goal, bool), String> {
        let players = self.active();
        let next = self.rounds.len() + 1;
        let mut seen = vec![0u32; self.players.len()];
        for m in &pairing.matches {
            seen[m.p1] += 1;
            seen[m.p2] += 1;
        }
        if let Some(p) = pairing.bye {
            seen[p] += 1;
        }
        for (player, &times) in self.players.iter().zip(&seen) {
            let wanted = u32::from(!player.dropped);
            if times != wanted {
                return Err(format!("{:?} is paired {times} times, not {wanted}", player.name));
            }
        }
        if pairing.bye.is_some() != (players.len() % 2 == 1) {
            return Err(format!("{} players to pair and bye {:?}", players.len(), pairing.bye));
        }
        let mut tables: Vec<usize> = pairing.matches.iter().map(|m| m.table).collect();
        tables.sort_unstable();
        if tables != (1..=pairing.matches.len()).collect::<Vec<_>>() {
            return Err(format!("tables {tables:?}, not 1..={}", pairing.matches.len()));
        }
        let pairs: Vec<(usize, usize)> = pairing.matches.iter().map(|m| (m.p1, m.p2)).collect();
        let costs = self.costs();
        let goal = costs.objective(&pairs, pairing.bye);
        let exhaustive = players.len() <= EXHAUSTIVE;
        if exhaustive {
            let best = costs.optimum(&players);
            if goal != best {
                return Err(format!("objective {goal:?}, the optimum is {best:?}"));
            }
        } else if let Some(better) = costs.improving_exchange(&pairs, pairing.bye) {
            return Err(format!("objective {goal:?} is not optimal: {better}"));
        }
        if next >= 2 {
            let (_, lines, _) = self.swiss_standings(None).map_err(|r| r.why)?;
            let position = |p: usize| lines.iter().position(|l| l.player == p);
            let mut by_table: Vec<&Match> = pairing.matches.iter().collect();
            by_table.sort_by_key(|m| m.table);
            let mut previous: Option<Option<usize>> = None;
            for m in by_table {
                let (n1, n2) = (&self.players[m.p1].name, &self.players[m.p2].name);
                let (a, b) = (position(m.p1), position(m.p2));
                match (a, b) {
                    (Some(a), Some(b)) if a > b => {
                        return Err(format!("table {}: {n1:?} (standing {a}) is player1 before {n2:?} ({b})", m.table))
                    }
                    (None, Some(_)) => {
                        return Err(format!(
                            "table {}: {n1:?} (not in the standings) is player1 before {n2:?}",
                            m.table
                        ))
                    }
                    _ => {}
                }
                // Tables in the order of their player1 in the standings, players not in them last.
                if let Some(before) = previous {
                    let out_of_order = match (before, a) {
                        (Some(x), Some(y)) => x > y,
                        (None, Some(_)) => true,
                        _ => false,
                    };
                    if out_of_order {
                        return Err(format!(
                            "table {}: its player1 {n1:?} stands before the previous table's",
                            m.table
                        ));
                    }
                }
                previous = Some(a);
            }
        }
        Ok((goal, exhaustive))
    }

    /// The model's own pairing of the next Swiss round (at most [`EXHAUSTIVE`] players): an
    /// optimal one, `player1` the first in the standings (players not in them after those who
    /// are, then by registration), tables in that order. Round 1: registration order.
    ///
    /// # Errors
    /// Standings that cannot be computed.
    pub fn model_pairing(&self) -> Result<Pairing, Refused> {
        let (pairs, bye) = self.costs().optimal(&self.active());
        Ok(self.orient(pairs, bye))
    }

    /// `pairs` and `bye` as the next round's pairing: `player1` the first in the standings
    /// (players not in them after those who are, then by registration), tables in that order.
    #[must_use]
    pub fn orient(&self, pairs: Vec<(usize, usize)>, bye: Option<usize>) -> Pairing {
        let lines = if self.rounds.is_empty() {
            Vec::new()
        } else {
            self.swiss_standings(None).map(|x| x.1).unwrap_or_default()
        };
        let key = |p: usize| (lines.iter().position(|l| l.player == p).unwrap_or(usize::MAX), p);
        let mut oriented: Vec<(usize, usize)> =
            pairs.into_iter().map(|(a, b)| if key(a) <= key(b) { (a, b) } else { (b, a) }).collect();
        oriented.sort_by_key(|&(a, _)| key(a));
        let matches = oriented
            .into_iter()
            .enumerate()
            .map(|(i, (p1, p2))| Match { table: i + 1, p1, p2, result: None })
            .collect();
        Pairing { matches, bye }
    }

    /// Records a checked Swiss pairing.
    pub fn record_pairing(&mut self, pairing: Pairing) {
        self.rounds.push(Round { matches: pairing.matches, bye: pairing.bye, missed: Vec::new() });
    }

    /// The pairing of Swiss round `round` as `pairings --by table --format csv`: points are the
    /// match points before the round (results as they stand now).
    #[must_use]
    pub fn pairings_by_table(&self, round: usize) -> String {
        let mut out = String::from("table,player1,points1,player2,points2\n");
        let Some(r) = self.rounds.get(round.wrapping_sub(1)) else { return out };
        let mut matches: Vec<&Match> = r.matches.iter().collect();
        matches.sort_by_key(|m| m.table);
        for m in matches {
            let _ = writeln!(
                out,
                "{},{},{},{},{}",
                m.table,
                csv_field(&self.players[m.p1].name),
                self.points_before(m.p1, round),
                csv_field(&self.players[m.p2].name),
                self.points_before(m.p2, round)
            );
        }
        if let Some(p) = r.bye {
            let _ = writeln!(out, ",{},{},,", csv_field(&self.players[p].name), self.points_before(p, round));
        }
        out
    }

    /// The rows of `pairings --by name --format csv` of Swiss round `round`, unsorted: `(name,
    /// row)` for each player with a match or the bye.
    #[must_use]
    pub fn pairings_by_name(&self, round: usize) -> Vec<(String, String)> {
        let mut rows = Vec::new();
        let Some(r) = self.rounds.get(round.wrapping_sub(1)) else { return rows };
        for m in &r.matches {
            for (me, other) in [(m.p1, m.p2), (m.p2, m.p1)] {
                let name = &self.players[me].name;
                let row = format!(
                    "{},{},{},{}",
                    csv_field(name),
                    m.table,
                    csv_field(&self.players[other].name),
                    self.points_before(me, round)
                );
                rows.push((name.clone(), row));
            }
        }
        if let Some(p) = r.bye {
            let name = &self.players[p].name;
            rows.push((name.clone(), format!("{},,,{}", csv_field(name), self.points_before(p, round))));
        }
        rows
    }

    // -----------------------------------------------------------------------------------------
    // Results.

    /// A result as written on the command line (`W-L`, `W-L-D`, `double-loss`), checked for
    /// the event (`playoff`: a match that needs a winner).
    ///
    /// # Errors
    /// Not a result, or not a legal one (status 1).
    pub fn parse_result(&self, text: &str, playoff: bool) -> Result<Outcome, Refused> {
        if text == "double-loss" {
            if playoff {
                return refuse(1, "a playoff match needs a winner: no double loss");
            }
            if self.settings.profile == Profile::Contest {
                return refuse(1, "profile contest: the ten results of swiss only");
            }
            return Ok(Outcome::DoubleLoss);
        }
        let parts: Vec<&str> = text.split('-').collect();
        if !(2..=3).contains(&parts.len()) {
            return refuse(1, format!("{text:?} is not W-L or W-L-D"));
        }
        let mut numbers = [0u32; 3];
        for (number, part) in numbers.iter_mut().zip(&parts) {
            if part.len() != 1 || !part.bytes().all(|b| b.is_ascii_digit()) {
                return refuse(1, format!("{text:?} is not W-L or W-L-D"));
            }
            *number = part.parse().unwrap_or(u32::MAX);
        }
        self.check_games(numbers[0], numbers[1], numbers[2], playoff)
    }

    /// `(w, l, d)` checked for the event.
    ///
    /// # Errors
    /// Not a legal result (status 1).
    pub fn check_games(&self, w: u32, l: u32, d: u32, playoff: bool) -> Result<Outcome, Refused> {
        let g = self.settings.games_to_win;
        if w > g || l > g || (w == g && l == g) || d > 3 {
            return refuse(1, format!("{w}-{l}-{d} is not a legal result with {g} games to win"));
        }
        if self.settings.profile == Profile::Contest && !TEN.contains(&(w, l, d)) {
            return refuse(1, format!("{w}-{l}-{d}: profile contest takes the ten results of swiss"));
        }
        if playoff && w == l {
            return refuse(1, "a playoff match needs a winner");
        }
        Ok(Outcome::Games(w, l, d))
    }

    /// The match at `table` of the round `report` targets: the current playoff round after a
    /// cut (without `--round`), else Swiss round `round` (the last by default).
    fn target(&mut self, round: Option<usize>, table: usize) -> Result<(&mut Match, bool), Refused> {
        let current = self.rounds.len();
        if self.playoff.is_some() && round.is_none() {
            let Some(matches) = self.playoff.as_mut().and_then(|p| p.rounds.last_mut()) else {
                return refuse(1, "no playoff round");
            };
            return match matches.iter_mut().find(|m| m.table == table) {
                Some(m) => Ok((m, false)),
                None => refuse(1, format!("no table {table} in the playoff round")),
            };
        }
        let r = round.unwrap_or(current);
        if r == 0 || r > current {
            return refuse(1, format!("no round {r}: {current} paired"));
        }
        match self.rounds[r - 1].matches.iter_mut().find(|m| m.table == table) {
            Some(m) => Ok((m, r < current)),
            None => refuse(1, format!("no table {table} in round {r}")),
        }
    }

    /// `report TABLE RESULT [--round R]`; returns whether it corrects an earlier round.
    ///
    /// # Errors
    /// No such round or table, a wrong result (status 1).
    pub fn report(&mut self, round: Option<usize>, table: usize, text: &str) -> Result<bool, Refused> {
        let playoff = self.playoff.is_some() && round.is_none();
        let outcome = self.parse_result(text, playoff)?;
        let (m, earlier) = self.target(round, table)?;
        m.result = Some(outcome);
        Ok(earlier)
    }

    /// `report --from FILE.csv [--round R]`: every row checked before any is recorded.
    ///
    /// # Errors
    /// A wrong file, table or result (status 1).
    pub fn report_from(&mut self, round: Option<usize>, csv: &[u8]) -> Result<(), Refused> {
        let records = standings::read_csv(csv).map_err(|e| Refused { status: 1, why: e })?;
        let Some((header, rows)) = records.split_first() else { return refuse(1, "an empty file") };
        if header != &["table", "wins1", "wins2", "draws"] {
            return refuse(1, format!("header {header:?}"));
        }
        let playoff = self.playoff.is_some() && round.is_none();
        let mut next = self.clone();
        let mut tables = Vec::new();
        for row in rows {
            let [table, w, l, d] = row.as_slice() else { return refuse(1, format!("row {row:?}")) };
            let number =
                |s: &str| s.parse::<u32>().ok().filter(|_| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()));
            let (Some(table), Some(w), Some(l), Some(d)) = (number(table), number(w), number(l), number(d)) else {
                return refuse(1, format!("row {row:?}"));
            };
            if tables.contains(&table) {
                return refuse(1, format!("table {table} twice"));
            }
            tables.push(table);
            let outcome = next.check_games(w, l, d, playoff)?;
            let (m, _) = next.target(round, table as usize)?;
            m.result = Some(outcome);
        }
        *self = next;
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Drops, entries, the cut.

    /// `drop NAME...`: every name checked before anyone drops.
    ///
    /// # Errors
    /// An unknown or already dropped name (status 1).
    pub fn drop_players(&mut self, names: &[&str]) -> Result<(), Refused> {
        let mut who = Vec::new();
        for name in names {
            let p = self.find(name)?;
            if self.players[p].dropped {
                return refuse(1, format!("{name:?} has already dropped"));
            }
            who.push(p);
        }
        for p in who {
            self.players[p].dropped = true;
            self.players[p].dropped_at = self.rounds.len();
        }
        Ok(())
    }

    /// `enter NAME [--missed loss|none]`: a new player, or the re-entry of a dropped one.
    ///
    /// # Errors
    /// Profile contest, after a cut, an active player's name, a bad name, `none` for a
    /// re-entry (status 1).
    pub fn enter(&mut self, name: &str, missed: Missed) -> Result<(), Refused> {
        if self.settings.profile == Profile::Contest {
            return refuse(1, "profile contest has no late entries");
        }
        if self.playoff.is_some() {
            return refuse(1, "no entry after the cut");
        }
        let name = name.trim_matches(' ');
        let length = name.chars().count();
        if length == 0 || length > 64 {
            return refuse(1, format!("a name has 1 to 64 characters: {name:?}"));
        }
        let paired = self.rounds.len();
        match self.players.iter().position(|p| p.name == name) {
            Some(p) if !self.players[p].dropped => refuse(1, format!("{name:?} is playing")),
            Some(_) if missed == Missed::None => refuse(1, "a re-entry's missed rounds are losses"),
            Some(p) => {
                for round in &mut self.rounds[self.players[p].dropped_at..paired] {
                    round.missed.push(p);
                }
                self.players[p].dropped = false;
                Ok(())
            }
            None => {
                let p = self.players.len();
                self.players.push(Player { name: name.to_owned(), dropped: false, dropped_at: 0 });
                if missed != Missed::None {
                    for round in &mut self.rounds {
                        round.missed.push(p);
                    }
                }
                Ok(())
            }
        }
    }

    /// `cut --top N`: the top `N` of the final Swiss standings who have not dropped, and the
    /// first playoff round (1v8, 4v5, 2v7, 3v6; 1v4, 2v3; the higher seed `player1`; tables
    /// in that order).
    ///
    /// # Errors
    /// `N` not 8 or 4 (status 2); before the last Swiss round has every result, a second cut,
    /// fewer active players than `N` (status 1).
    pub fn cut(&mut self, top: usize) -> Result<(), Refused> {
        if top != 8 && top != 4 {
            return refuse(2, "--top 8 or 4");
        }
        if self.playoff.is_some() {
            return refuse(1, "already cut");
        }
        if self.rounds.len() < self.settings.rounds || !self.missing().is_empty() {
            return refuse(1, "the Swiss rounds are not over");
        }
        let (_, lines, _) = self.swiss_standings(None)?;
        let seeds: Vec<usize> = lines.iter().filter(|l| !l.dropped).map(|l| l.player).take(top).collect();
        if seeds.len() < top {
            return refuse(1, format!("{} active players for a top {top}", seeds.len()));
        }
        let order: &[(usize, usize)] = if top == 8 { &[(0, 7), (3, 4), (1, 6), (2, 5)] } else { &[(0, 3), (1, 2)] };
        let matches = order
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| Match { table: i + 1, p1: seeds[a], p2: seeds[b], result: None })
            .collect();
        self.playoff = Some(Playoff { seeds, rounds: vec![matches] });
        Ok(())
    }

    /// The winner of a playoff match with a result.
    fn winner(m: &Match) -> Option<usize> {
        match m.result {
            Some(Outcome::Games(w, l, _)) if w > l => Some(m.p1),
            Some(Outcome::Games(..)) => Some(m.p2),
            _ => None,
        }
    }

    /// The next playoff round's matches `(player1, player2)` in bracket order: the winners of
    /// the last round met two by two, the higher seed `player1`.
    #[must_use]
    pub fn next_playoff_round(&self) -> Vec<(usize, usize)> {
        let Some(playoff) = &self.playoff else { return Vec::new() };
        let Some(last) = playoff.rounds.last() else { return Vec::new() };
        let seed = |p: usize| playoff.seeds.iter().position(|&s| s == p).unwrap_or(usize::MAX);
        let winners: Vec<usize> = last.iter().filter_map(Self::winner).collect();
        winners
            .chunks(2)
            .filter(|pair| pair.len() == 2)
            .map(|pair| if seed(pair[0]) < seed(pair[1]) { (pair[0], pair[1]) } else { (pair[1], pair[0]) })
            .collect()
    }

    /// Checks a playoff pairing: exactly the bracket's matches, the higher seed `player1`, no
    /// bye (its table numbers are not checked: the spec numbers Swiss tables only).
    ///
    /// # Errors
    /// What differs.
    pub fn check_playoff_pairing(&self, pairing: &Pairing, expected: &[(usize, usize)]) -> Result<(), String> {
        let mut got: Vec<(usize, usize)> = pairing.matches.iter().map(|m| (m.p1, m.p2)).collect();
        let mut want = expected.to_vec();
        got.sort_unstable();
        want.sort_unstable();
        if got != want || pairing.bye.is_some() {
            return Err(format!("playoff matches {got:?} bye {:?}, the bracket is {want:?}", pairing.bye));
        }
        let mut tables: Vec<usize> = pairing.matches.iter().map(|m| m.table).collect();
        tables.sort_unstable();
        tables.dedup();
        if tables.len() != pairing.matches.len() {
            return Err(format!("playoff tables {tables:?}"));
        }
        Ok(())
    }

    /// Records a checked playoff round.
    pub fn record_playoff(&mut self, pairing: Pairing) {
        if let Some(playoff) = &mut self.playoff {
            playoff.rounds.push(pairing.matches);
        }
    }

    /// After the final: the playoff players by the round they were eliminated in (the winner,
    /// the finalist, then the semi-finalists, ...; equal ones by seed).
    #[must_use]
    pub fn final_order(&self) -> Option<Vec<usize>> {
        if !self.final_played() {
            return None;
        }
        let playoff = self.playoff.as_ref()?;
        let seed = |p: usize| playoff.seeds.iter().position(|&s| s == p).unwrap_or(usize::MAX);
        let last = playoff.rounds.last()?;
        let champion = Self::winner(&last[0])?;
        let mut order = vec![champion];
        for round in playoff.rounds.iter().rev() {
            let mut losers: Vec<usize> =
                round.iter().filter_map(|m| Self::winner(m).map(|w| if w == m.p1 { m.p2 } else { m.p1 })).collect();
            losers.sort_by_key(|&p| seed(p));
            order.extend(losers);
        }
        Some(order)
    }
}

/// The data of the objective before a round (see [`Event::costs`]).
#[derive(Clone, Debug)]
pub struct Costs {
    /// `P(x)`: match points after the rounds so far.
    pub points: Vec<u64>,
    /// Whether each player has had a bye.
    pub had_bye: Vec<bool>,
    /// `met[a][b]`: a match between them in an earlier round (not a double loss).
    pub met: Vec<Vec<bool>>,
}

impl Costs {
    /// The part of `(R, B, Y, C)` of the match `a`–`b`.
    #[must_use]
    pub fn match_cost(&self, a: usize, b: usize) -> Goal {
        let d = self.points[a].abs_diff(self.points[b]);
        [u64::from(self.met[a][b]), 0, 0, d * d]
    }

    /// The part of `(R, B, Y, C)` of the bye of `p`.
    #[must_use]
    pub fn bye_cost(&self, p: usize) -> Goal {
        [0, u64::from(self.had_bye[p]), self.points[p], 0]
    }

    /// `(R, B, Y, C)` of a pairing.
    #[must_use]
    pub fn objective(&self, pairs: &[(usize, usize)], bye: Option<usize>) -> Goal {
        let mut goal = pairs.iter().fold([0; 4], |goal, &(a, b)| add(goal, self.match_cost(a, b)));
        if let Some(p) = bye {
            goal = add(goal, self.bye_cost(p));
        }
        goal
    }

    /// The least `(R, B, Y, C)` over every pairing of `players` (at most 31), exhaustively:
    /// each set of players still to pair once (memoised), its first player on the bye (when
    /// the set is odd) or against each other player of the set.
    #[must_use]
    pub fn optimum(&self, players: &[usize]) -> Goal {
        let n = players.len().min(31);
        self.best((1u32 << n) - 1, &players[..n], &mut HashMap::new())
    }

    /// The least objective of the players of `mask` (bits index `players`).
    fn best(&self, mask: u32, players: &[usize], memo: &mut HashMap<u32, Goal>) -> Goal {
        if mask == 0 {
            return [0; 4];
        }
        if let Some(&known) = memo.get(&mask) {
            return known;
        }
        let i = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << i);
        let mut least = [u64::MAX; 4];
        if mask.count_ones() % 2 == 1 {
            least = add(self.bye_cost(players[i]), self.best(rest, players, memo));
        }
        let mut others = rest;
        while others != 0 {
            let j = others.trailing_zeros() as usize;
            others &= others - 1;
            let with_j = add(self.match_cost(players[i], players[j]), self.best(rest & !(1 << j), players, memo));
            least = least.min(with_j);
        }
        memo.insert(mask, least);
        least
    }

    /// One optimal pairing of `players` (at most 31): the matches and the bye, from the same
    /// exhaustive search as [`Costs::optimum`], for the model's own events (the tests of the
    /// checker play events without the binary).
    #[must_use]
    pub fn optimal(&self, players: &[usize]) -> (Vec<(usize, usize)>, Option<usize>) {
        let n = players.len().min(31);
        let players = &players[..n];
        let memo = &mut HashMap::new();
        let mut mask = (1u32 << n) - 1;
        let (mut pairs, mut bye) = (Vec::new(), None);
        while mask != 0 {
            let target = self.best(mask, players, memo);
            let i = mask.trailing_zeros() as usize;
            let rest = mask & !(1 << i);
            if mask.count_ones() % 2 == 1 && add(self.bye_cost(players[i]), self.best(rest, players, memo)) == target {
                bye = Some(players[i]);
                mask = rest;
                continue;
            }
            let before = mask;
            let mut others = rest;
            while others != 0 {
                let j = others.trailing_zeros() as usize;
                others &= others - 1;
                let left = rest & !(1 << j);
                if add(self.match_cost(players[i], players[j]), self.best(left, players, memo)) == target {
                    pairs.push((players[i], players[j]));
                    mask = left;
                    break;
                }
            }
            if mask == before {
                break; // unreachable: some choice achieves the optimum
            }
        }
        (pairs, bye)
    }

    /// An exchange of partners that improves a pairing, if there is one: two matches
    /// `(a, b), (c, d)` re-paired `(a, c), (b, d)` or `(a, d), (b, c)`, or the bye `x` and a
    /// match `(a, b)` turned into the bye `a` and `(x, b)` or the bye `b` and `(x, a)`.
    #[must_use]
    pub fn improving_exchange(&self, pairs: &[(usize, usize)], bye: Option<usize>) -> Option<String> {
        let cost = |a: usize, b: usize| self.match_cost(a, b);
        for (i, &(a, b)) in pairs.iter().enumerate() {
            for &(c, d) in &pairs[i + 1..] {
                let now = add(cost(a, b), cost(c, d));
                for (x, y, u, v) in [(a, c, b, d), (a, d, b, c)] {
                    if add(cost(x, y), cost(u, v)) < now {
                        return Some(format!("({a},{b}) ({c},{d}) -> ({x},{y}) ({u},{v})"));
                    }
                }
            }
            if let Some(x) = bye {
                let now = add(self.bye_cost(x), cost(a, b));
                for (to_bye, stays) in [(a, b), (b, a)] {
                    if add(self.bye_cost(to_bye), cost(x, stays)) < now {
                        return Some(format!("bye {x} ({a},{b}) -> bye {to_bye} ({x},{stays})"));
                    }
                }
            }
        }
        None
    }
}

fn add(a: Goal, b: Goal) -> Goal {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]]
}
