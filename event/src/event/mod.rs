//! `referee event`: the event model, its file, and every command as a pure function of the
//! file's bytes (and of the command's own input: a players list, a results CSV).
//!
//! A command reads and checks the whole file ([`Event::parse`]), then either refuses (a
//! [`Failure`] with the exit status of the project's table) or answers with what to print
//! and, for a change, the new file's bytes ([`Answer`]); the host writes them atomically. The
//! standings are always those of [`crate::standings`] on the event's export
//! ([`Event::export`]), the pairing the core's optimum ([`referee_core::pair`]) on the same
//! replay, shuffled within point groups from the event's seed and the round.

pub mod cli;
pub mod file;
pub mod output;
mod sort;
pub mod store;

use std::fmt::Write as _;

use hashbrown::HashMap;
use referee_core::pair as core_pair;
use referee_core::standings::{MatchResult, PlayerId, Profile, Standing};
use referee_core::HeapScratch;

use crate::pair::PlayerList;
use crate::standings::output::csv_field;
use crate::standings::{self, Failure as RankFailure};
use output::{Cell, Format, Grid};

/// The longest name, in code points.
pub const MAX_NAME: usize = 64;

/// Why a command gives no answer: the exit status (1 a wrong file, result or name or a
/// forbidden action; 2 a bad command line or file access; 3 beyond capacity) and the message
/// (without `error: `; a fault of the file starts with `LINE:COLUMN: `).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The exit status.
    pub status: u8,
    /// What is wrong, and what to do instead.
    pub message: String,
}

impl Failure {
    /// A refusal with `status`.
    ///
    /// # Complexity
    /// `O(1)` besides the message.
    #[must_use]
    pub fn new(status: u8, message: impl Into<String>) -> Self {
        Self { status, message: message.into() }
    }

    /// A fault of a file at `line:column` (status 1).
    ///
    /// # Complexity
    /// `O(1)` besides the message.
    #[must_use]
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> Self {
        Self { status: 1, message: format!("{line}:{column}: {}", message.into()) }
    }
}

/// A refusal of the event's state or of the user's word (status 1).
fn refuse<T>(message: impl Into<String>) -> Result<T, Failure> {
    Err(Failure::new(1, message))
}

/// The event's settings (`new`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The event's name.
    pub name: String,
    /// The tiebreaker profile of `standings.md`.
    pub profile: Profile,
    /// The planned Swiss rounds.
    pub rounds: usize,
    /// Games to win a match: 2 (best of three) or 1 (best of one).
    pub games_to_win: u8,
    /// The seed of every random choice.
    pub seed: u64,
}

/// Games won by `player1`, by `player2`, and drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// Games won by `player1`.
    pub wins: u8,
    /// Games won by `player2`.
    pub losses: u8,
    /// Drawn games.
    pub draws: u8,
}

/// A reported result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A match played (or drawn unplayed).
    Games(Game),
    /// Both players lose (two losses without opponent).
    DoubleLoss,
}

/// A match at a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The table number (from 1).
    pub table: usize,
    /// `player1` (registration index).
    pub p1: usize,
    /// `player2`.
    pub p2: usize,
    /// The result, once reported.
    pub result: Option<Outcome>,
}

/// A Swiss round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// The matches by table.
    pub tables: Vec<Table>,
    /// The bye.
    pub bye: Option<usize>,
    /// Losses without opponent of players who missed the round, by registration.
    pub losses: Vec<usize>,
}

/// A registered player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The name.
    pub name: String,
    /// Whether the player has dropped (and not re-entered).
    pub dropped: bool,
    /// The Swiss rounds paired when he last dropped.
    pub dropped_at: usize,
}

/// What happened between pairings: a registration, a drop, a re-entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// A player registered (at `new`, or a late entry).
    Player(usize),
    /// A player dropped.
    Drop(usize),
    /// A dropped player entered again.
    Reenter(usize),
}

/// The event.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Event {
    /// The settings.
    pub settings: Settings,
    /// The players, in order of registration.
    pub players: Vec<Player>,
    /// The Swiss rounds paired so far.
    pub rounds: Vec<Round>,
    /// `notes[k]`: what happened after `k` Swiss rounds were paired (`notes[0]`: before the
    /// first); one more than `rounds`.
    pub notes: Vec<Vec<Note>>,
    /// The cut (`8` or `4`), once made.
    pub cut: Option<usize>,
    /// The playoff rounds, each in bracket order.
    pub playoff: Vec<Vec<Table>>,
}

/// `enter --missed`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Missed {
    /// Losses without opponent (the default).
    #[default]
    Loss,
    /// Rounds not taken part in (a new player only).
    None,
}

/// A command of `referee event` on an existing event file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `pair`: the next round.
    Pair,
    /// `report TABLE RESULT [--round R]`.
    Report {
        /// The table.
        table: usize,
        /// The result as written (`W-L`, `W-L-D`, `double-loss`).
        result: String,
        /// `--round`.
        round: Option<usize>,
    },
    /// `report --from FILE.csv [--round R]` (the CSV's bytes).
    ReportFrom {
        /// The CSV `table,wins1,wins2,draws`.
        csv: Vec<u8>,
        /// `--round`.
        round: Option<usize>,
    },
    /// `drop NAME...`.
    Drop(Vec<String>),
    /// `enter NAME [--missed loss|none]`.
    Enter {
        /// The name.
        name: String,
        /// `--missed` (`None`: not given).
        missed: Option<Missed>,
    },
    /// `cut [--top 8|4]`.
    Cut {
        /// 8 or 4.
        top: usize,
    },
    /// `standings [--round R] [--active]`.
    Standings {
        /// `--round`.
        round: Option<usize>,
        /// `--active`.
        active: bool,
    },
    /// `pairings [--round R] [--by table|name]`.
    Pairings {
        /// `--round`.
        round: Option<usize>,
        /// `--by name`.
        by_name: bool,
    },
    /// `slips [--round R]`.
    Slips {
        /// `--round`.
        round: Option<usize>,
    },
    /// `status`.
    Status,
    /// `export`.
    Export,
}

/// What a command answers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// What to print on stdout.
    pub stdout: Vec<u8>,
    /// What to say on stderr (a correction of an earlier round), if anything.
    pub notes: String,
    /// The new event file, for a command that changes the event.
    pub file: Option<Vec<u8>>,
}

/// What `new` is given besides the players list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewOptions {
    /// `--name` (default: `Event`).
    pub name: Option<String>,
    /// `--rounds` (default: MTR Appendix E).
    pub rounds: Option<usize>,
    /// `--profile`.
    pub profile: Profile,
    /// `--games-to-win` (default 2).
    pub games_to_win: Option<u8>,
    /// The seed (`--seed`, or the operating system's, drawn by the host).
    pub seed: u64,
}

/// The MTR Appendix E number of Swiss rounds for `players` players.
///
/// # Complexity
/// `O(1)`.
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

/// `referee event new`: the event file of the players `list` (a players list of
/// `pairings.md`).
///
/// # Errors
/// A wrong players list (`LINE:1: ...`, status 1).
///
/// # Complexity
/// `O(B)` for the list's `B` bytes.
pub fn new_event(list: &[u8], options: &NewOptions) -> Result<Vec<u8>, Failure> {
    let mut players = PlayerList::default();
    let body = list.strip_suffix(b"\n").unwrap_or(list);
    let fail = |failure: RankFailure| match failure {
        RankFailure::Refused(r) => Failure::new(1, format!("{}:{}: {}", r.line, r.field, r.message)),
        RankFailure::Capacity(m) => Failure::new(3, m),
        RankFailure::Usage(m) => Failure::new(2, m),
    };
    if !list.is_empty() {
        for raw in body.split(|&b| b == b'\n') {
            players.line(raw).map_err(fail)?;
        }
    }
    let names = players.finish().map_err(fail)?;
    let profile = options.profile;
    let games_to_win = options.games_to_win.unwrap_or(2);
    let event = Event {
        settings: Settings {
            name: options.name.clone().unwrap_or_else(|| "Event".to_owned()),
            profile,
            rounds: options.rounds.unwrap_or_else(|| appendix_e(names.len())),
            games_to_win,
            seed: options.seed,
        },
        notes: vec![(0..names.len()).map(Note::Player).collect()],
        players: names.into_iter().map(|name| Player { name, dropped: false, dropped_at: 0 }).collect(),
        rounds: Vec::new(),
        cut: None,
        playoff: Vec::new(),
    };
    Ok(event.write())
}

/// Runs `command` on the event file `file`, with `format` for what it prints.
///
/// # Errors
/// A wrong file (`LINE:COLUMN`), a wrong result or name, an action the event's state
/// forbids (status 1); a round that does not exist for `standings --round` (status 2); an
/// event beyond capacity (status 3).
///
/// # Complexity
/// `O(B)` to read and check a file of `B` bytes, plus the command's: the standings and a
/// Swiss pairing replay the export (`O(n·r)`) and rank it (`O(n log n)`), the pairing is the
/// core's (`pair`'s module docs).
pub fn run(file: &[u8], command: &Command, format: Format) -> Result<Answer, Failure> {
    let mut event = Event::parse(file)?;
    let mut answer = Answer::default();
    let changed = match command {
        Command::Pair => {
            event.pair()?;
            answer.stdout = event.pairings(None, false)?.render(format);
            true
        }
        Command::Report { table, result, round } => {
            if let Some(note) = event.report(*table, result, *round)? {
                answer.notes = note;
            }
            true
        }
        Command::ReportFrom { csv, round } => {
            if let Some(note) = event.report_from(csv, *round)? {
                answer.notes = note;
            }
            true
        }
        Command::Drop(names) => {
            event.drop_players(names)?;
            true
        }
        Command::Enter { name, missed } => {
            let registered = event.players.len();
            event.enter(name, *missed)?;
            if event.players.len() > registered {
                let near = event.near(name.trim_matches(' '));
                if !near.is_empty() {
                    answer.notes = format!("note: '{}' is registered as a new player{near}", name.trim_matches(' '));
                }
            }
            true
        }
        Command::Cut { top } => {
            event.cut(*top)?;
            answer.stdout = event.pairings(None, false)?.render(format);
            true
        }
        Command::Standings { round, active } => {
            answer.stdout = event.standings_output(*round, *active, format)?;
            false
        }
        Command::Pairings { round, by_name } => {
            answer.stdout = event.pairings(*round, *by_name)?.render(format);
            false
        }
        Command::Slips { round } => {
            answer.stdout = event.slips(*round, format)?;
            false
        }
        Command::Status => {
            answer.stdout = event.status(format);
            false
        }
        Command::Export => {
            answer.stdout = event.export().into_bytes();
            false
        }
    };
    if changed {
        answer.file = Some(event.write());
    }
    Ok(answer)
}

/// SplitMix64: the event's generator (reproducible from the seed on every target).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, bound: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % bound;
        loop {
            let x = self.next();
            if x < zone {
                return x % bound;
            }
        }
    }
}

/// The seed of round `round` of an event of seed `seed`.
fn round_seed(seed: u64, round: usize) -> u64 {
    let mut mix = SplitMix(seed ^ (round as u64).wrapping_mul(0xd6e8_feb8_6659_fd93));
    mix.next()
}

/// The ten results of `swiss` (profile contest).
const TEN: [(u8, u8, u8); 10] =
    [(2, 0, 0), (0, 2, 0), (2, 1, 0), (1, 2, 0), (2, 0, 1), (0, 2, 1), (1, 1, 1), (1, 0, 2), (0, 1, 2), (0, 0, 3)];

/// One row of the event's standings: the rank, the player, the values.
type Ranked = (u32, usize, Standing);

/// A pairing: the matches `(player1, player2)` and the bye.
type Pairs = (Vec<(usize, usize)>, Option<usize>);

/// A round to print: its name, its tables, its bye, each player's points before it.
type RoundView<'a> = (String, &'a [Table], Option<usize>, Vec<u64>);

/// A line number of the `csv` crate as an index.
fn line_of(line: u64) -> usize {
    usize::try_from(line).unwrap_or(usize::MAX)
}

impl Event {
    /// The players to pair: registered and not dropped, by registration.
    ///
    /// # Complexity
    /// `O(n)` for n registered players.
    #[must_use]
    pub fn active(&self) -> Vec<usize> {
        (0..self.players.len()).filter(|&p| !self.players[p].dropped).collect()
    }

    /// The registered player called `name` (spaces at both ends trimmed).
    ///
    /// # Errors
    /// An unknown name, with the registered names near it (status 1).
    ///
    /// # Complexity
    /// `O(n·L)` for n players: a scan, and for an unknown name the edit distances to every name (L² for names of L code points).
    pub fn find(&self, name: &str) -> Result<usize, Failure> {
        let name = name.trim_matches(' ');
        if let Some(p) = self.players.iter().position(|p| p.name == name) {
            return Ok(p);
        }
        refuse(format!("no player '{name}' is registered{}", self.near(name)))
    }

    /// `; did you mean 'A' or 'B'?` for the registered names near `name` (one or two edits
    /// away, or equal but for case), the nearest first; empty when there is none.
    ///
    /// # Complexity
    /// `O(n·L²)` for `n` names of at most `L` code points.
    #[must_use]
    pub fn near(&self, name: &str) -> String {
        let caseless = crate::names::caseless(name);
        let distances: Vec<(usize, &str)> = self
            .players
            .iter()
            .filter(|p| p.name != name)
            .map(|p| {
                (
                    if crate::names::caseless(&p.name) == caseless {
                        0
                    } else {
                        crate::cli::edit_distance(&p.name, name)
                    },
                    p.name.as_str(),
                )
            })
            .filter(|&(d, _)| d <= 2)
            .collect();
        // The nearest first (0: equal but for case), each distance in the players' order.
        let near = (0..=2).flat_map(|distance| distances.iter().filter(move |&&(d, _)| d == distance));
        let names: Vec<String> = near.take(3).map(|(_, n)| format!("'{n}'")).collect();
        if names.is_empty() {
            return String::new();
        }
        format!("; did you mean {}?", names.join(" or "))
    }

    /// A result as written (`W-L`, `W-L-D`, `double-loss`), checked for the event
    /// (`playoff`: the match needs a winner).
    ///
    /// # Errors
    /// Why it is not a legal result here.
    ///
    /// # Complexity
    /// `O(len(text))`.
    pub fn parse_result(&self, text: &str, playoff: bool) -> Result<Outcome, String> {
        if text == "double-loss" {
            if playoff {
                return Err("a playoff match needs a winner: no double loss".to_owned());
            }
            if self.settings.profile == Profile::Contest {
                return Err("profile contest takes the ten results of swiss: no double loss".to_owned());
            }
            return Ok(Outcome::DoubleLoss);
        }
        let parts: Vec<&str> = text.split('-').collect();
        let digits = parts.len() >= 2
            && parts.len() <= 3
            && parts.iter().all(|p| p.len() == 1 && p.bytes().all(|b| b.is_ascii_digit()));
        if !digits {
            return Err(format!("{text:?} is not a result: W-L, W-L-D (one digit each) or double-loss"));
        }
        let n: Vec<u8> = parts.iter().map(|p| p.as_bytes()[0] - b'0').collect();
        self.check_games(n[0], n[1], n.get(2).copied().unwrap_or(0), playoff)
    }

    /// `(wins, losses, draws)` checked for the event.
    ///
    /// # Errors
    /// Why it is not a legal result here.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn check_games(&self, w: u8, l: u8, d: u8, playoff: bool) -> Result<Outcome, String> {
        let g = self.settings.games_to_win;
        let kind = if g == 2 { "best of three" } else { "best of one" };
        if w > g || l > g || (w == g && l == g) || d > 3 {
            return Err(format!(
                "{w}-{l}-{d} is not a legal result {kind} (at most {g} game wins each, not both, at most 3 draws)"
            ));
        }
        if self.settings.profile == Profile::Contest && !TEN.contains(&(w, l, d)) {
            return Err(format!("{w}-{l}-{d}: profile contest takes the ten results of swiss"));
        }
        if playoff && w == l {
            return Err(format!("{w}-{l}-{d} is a draw: a playoff match needs a winner"));
        }
        Ok(Outcome::Games(Game { wins: w, losses: l, draws: d }))
    }

    /// The seeds of the playoff, best first (from its first round, in bracket order).
    ///
    /// # Complexity
    /// `O(1)` (at most 8 seeds).
    #[must_use]
    pub fn seeds(&self) -> Vec<usize> {
        let Some(first) = self.playoff.first() else { return Vec::new() };
        let order: &[(usize, bool)] = if first.len() == 4 {
            &[(0, true), (2, true), (3, true), (1, true), (1, false), (3, false), (2, false), (0, false)]
        } else {
            &[(0, true), (1, true), (1, false), (0, false)]
        };
        order.iter().filter_map(|&(t, one)| first.get(t).map(|t| if one { t.p1 } else { t.p2 })).collect()
    }

    /// The winner of a playoff match with a result.
    fn winner(table: &Table) -> Option<usize> {
        match table.result {
            Some(Outcome::Games(g)) if g.wins > g.losses => Some(table.p1),
            Some(Outcome::Games(g)) if g.wins < g.losses => Some(table.p2),
            _ => None,
        }
    }

    /// The next playoff round after `round`: its winners two by two, the higher seed first.
    fn bracket(&self, round: &[Table]) -> Vec<(usize, usize)> {
        let seeds = self.seeds();
        let seed = |p: usize| seeds.iter().position(|&s| s == p).unwrap_or(usize::MAX);
        let winners: Vec<usize> = round.iter().filter_map(Self::winner).collect();
        winners
            .chunks(2)
            .filter(|pair| pair.len() == 2)
            .map(|pair| if seed(pair[0]) < seed(pair[1]) { (pair[0], pair[1]) } else { (pair[1], pair[0]) })
            .collect()
    }

    /// Whether the final (a playoff round of one match) has its result.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn final_played(&self) -> bool {
        self.playoff.last().is_some_and(|last| last.len() == 1 && last[0].result.is_some())
    }

    /// The round in progress: its tables and a name for messages.
    fn current(&self) -> (&[Table], String) {
        if self.cut.is_some() {
            let k = self.playoff.len();
            (self.playoff.last().map_or(&[], Vec::as_slice), format!("playoff round {k}"))
        } else {
            let r = self.rounds.len();
            (self.rounds.last().map_or(&[], |r| r.tables.as_slice()), format!("round {r}"))
        }
    }

    /// The tables of the round in progress without a result.
    ///
    /// # Complexity
    /// `O(t)` for the round's t tables.
    #[must_use]
    pub fn missing(&self) -> Vec<usize> {
        self.current().0.iter().filter(|t| t.result.is_none()).map(|t| t.table).collect()
    }

    /// The Swiss rounds as a results file of `standings.md` (`export`).
    ///
    /// # Complexity
    /// `O(B)` for the `B` bytes written.
    #[must_use]
    pub fn export(&self) -> String {
        let names: Vec<std::borrow::Cow<'_, str>> = self.players.iter().map(|p| csv_field(&p.name)).collect();
        let mut out = String::with_capacity(40 + self.rounds.len() * self.players.len() * 20);
        out.push_str(standings::parse::HEADER);
        out.push('\n');
        for (r, round) in self.rounds.iter().enumerate() {
            let r = r + 1;
            for t in &round.tables {
                let (a, b) = (&names[t.p1], &names[t.p2]);
                match t.result {
                    None => {}
                    Some(Outcome::Games(g)) => {
                        let _ = writeln!(out, "{r},{a},{b},{},{},{}", g.wins, g.losses, g.draws);
                    }
                    Some(Outcome::DoubleLoss) => {
                        let _ = writeln!(out, "{r},{a},,0,2,0\n{r},{b},,0,2,0");
                    }
                }
            }
            if let Some(p) = round.bye {
                let _ = writeln!(out, "{r},{},,,,", names[p]);
            }
            for &p in &round.losses {
                let _ = writeln!(out, "{r},{},,0,2,0", names[p]);
            }
        }
        out
    }

    /// Whether `p` has a row in the export.
    fn exported(&self) -> Vec<bool> {
        let mut seen = vec![false; self.players.len()];
        for round in &self.rounds {
            for t in round.tables.iter().filter(|t| t.result.is_some()) {
                seen[t.p1] = true;
                seen[t.p2] = true;
            }
            for &p in round.bye.iter().chain(&round.losses) {
                seen[p] = true;
            }
        }
        seen
    }

    /// The failure of the standings of the export.
    fn rank_failure(failure: RankFailure) -> Failure {
        match failure {
            RankFailure::Refused(r) if r.capacity => {
                Failure::new(3, format!("the event is beyond capacity: {}", r.message))
            }
            RankFailure::Refused(r) => {
                Failure::new(1, format!("the event's export is refused at its line {}: {}", r.line, r.message))
            }
            RankFailure::Capacity(m) => Failure::new(3, m),
            RankFailure::Usage(m) => Failure::new(2, m),
        }
    }

    /// The Swiss standings after round `round` (the last with a result by default), by
    /// `standings.md` on the export: `(rank, player, values)` in order, and the round.
    ///
    /// # Errors
    /// No result yet (status 1), a round beyond the export (status 2).
    ///
    /// # Complexity
    /// That of [`standings::replay`] on the export (`O(B + n·r)`) and of the core's ranking (`O(n log n)` comparisons), plus `O(n)` name look-ups.
    pub fn swiss_standings(&self, round: Option<usize>) -> Result<(Vec<Ranked>, u32), Failure> {
        let export = self.export();
        if export.len() <= standings::parse::HEADER.len() + 1 {
            return refuse("no result yet: report one first");
        }
        let index: HashMap<&str, usize> = self.players.iter().enumerate().map(|(i, p)| (p.name.as_str(), i)).collect();
        let profile = self.settings.profile;
        let round = round.map(|r| u32::try_from(r).unwrap_or(u32::MAX));
        standings::replay(export.as_bytes(), profile, round, |event, names| {
            let mut scratch = HeapScratch::default();
            let ranking = event.rank(profile, &mut scratch).map_err(|e| RankFailure::Capacity(e.to_string()))?;
            let rows = ranking
                .iter()
                .map(|row| {
                    let name = names.get(row.player.index()).map_or("", String::as_str);
                    (row.rank, index.get(name).copied().unwrap_or(0), row.standing)
                })
                .collect();
            Ok((rows, event.round()))
        })
        .map_err(Self::rank_failure)
    }

    /// `standings`: the Swiss standings, after the final in the final order; with `active`
    /// without the dropped players.
    ///
    /// # Errors
    /// As [`Event::swiss_standings`].
    ///
    /// # Complexity
    /// As [`Event::swiss_standings`], plus `O(n)` to place the playoff players.
    pub fn standings(&self, round: Option<usize>, active: bool) -> Result<(Vec<Ranked>, u32), Failure> {
        let (mut rows, upto) = self.swiss_standings(round)?;
        if round.is_none() && self.final_played() {
            let seeds = self.seeds();
            let mut order: Vec<usize> = Vec::new();
            if let Some(champion) = self.playoff.last().and_then(|r| r.first()).and_then(Self::winner) {
                order.push(champion);
            }
            for round in self.playoff.iter().rev() {
                let losers: Vec<usize> =
                    round.iter().filter_map(|t| Self::winner(t).map(|w| if w == t.p1 { t.p2 } else { t.p1 })).collect();
                // In seed order: every playoff player is a seed (the file's bracket is checked).
                order.extend(seeds.iter().copied().filter(|s| losers.contains(s)));
            }
            let mut placed: Vec<Ranked> = Vec::with_capacity(rows.len());
            for p in order {
                if let Some(i) = rows.iter().position(|r| r.1 == p) {
                    placed.push(rows.remove(i));
                }
            }
            placed.append(&mut rows);
            for (i, row) in placed.iter_mut().enumerate() {
                row.0 = u32::try_from(i + 1).unwrap_or(u32::MAX);
            }
            rows = placed;
        }
        if active {
            rows.retain(|r| !self.players[r.1].dropped);
        }
        Ok((rows, upto))
    }

    /// `standings` as printed.
    fn standings_output(&self, round: Option<usize>, active: bool, format: Format) -> Result<Vec<u8>, Failure> {
        let (rows, upto) = self.standings(round, active)?;
        let lines: Vec<standings::output::Line<'_>> = rows
            .iter()
            .map(|&(rank, p, standing)| standings::output::Line {
                rank,
                name: &self.players[p].name,
                standing,
                dropped: Some(self.players[p].dropped),
            })
            .collect();
        let format = match format {
            Format::Table => standings::Format::Table,
            Format::Csv => standings::Format::Csv,
            Format::Json => standings::Format::Json,
            Format::Html => {
                let mut grid = Grid::new(
                    format!("{}: standings after round {upto}", self.settings.name),
                    &["Rank", "Player", "Points", "W-L-D", "OMW", "GW", "OGW", "Dropped"],
                );
                for l in &lines {
                    let s = &l.standing;
                    grid.rows.push(vec![
                        Cell::Num(u64::from(l.rank)),
                        Cell::Text(l.name.to_owned()),
                        Cell::Num(u64::from(s.match_points)),
                        Cell::Text(format!("{}-{}-{}", s.wins, s.losses, s.draws)),
                        Cell::Text(s.omw.percent(4).to_string()),
                        Cell::Text(s.gw.percent(4).to_string()),
                        Cell::Text(s.ogw.percent(4).to_string()),
                        Cell::Text(if l.dropped == Some(true) { "dropped".to_owned() } else { String::new() }),
                    ]);
                }
                return Ok(grid.render(Format::Html));
            }
        };
        let mut text = standings::output::render_lines(&lines, upto, format, 4);
        if format == standings::Format::Table && round.is_none() && self.final_played() {
            let title = format!("Standings after round {upto}");
            if let Some(rest) = text.strip_prefix(title.as_bytes()) {
                let top = self.cut.unwrap_or(8);
                let mut final_title =
                    format!("Final standings: the top {top} by playoff, then Swiss round {upto}").into_bytes();
                final_title.extend_from_slice(rest);
                text = final_title;
            }
        }
        Ok(text)
    }

    /// Each player's match points after the Swiss rounds `1..round` (results as they stand).
    fn points_before(&self, round: usize) -> Vec<u64> {
        let mut points = vec![0u64; self.players.len()];
        for r in self.rounds.iter().take(round.saturating_sub(1)) {
            for t in &r.tables {
                if let Some(Outcome::Games(g)) = t.result {
                    let (a, b) = MatchResult::new(g.wins, g.losses, g.draws).map_or((0, 0), |m| m.match_points());
                    points[t.p1] += u64::from(a);
                    points[t.p2] += u64::from(b);
                }
            }
            if let Some(p) = r.bye {
                points[p] += 3;
            }
        }
        points
    }

    // -----------------------------------------------------------------------------------------
    // Pairing.

    /// `pair`: pairs the next Swiss round, or the next playoff round after a cut.
    ///
    /// # Errors
    /// Results missing (the round and tables), the planned rounds all paired, the final
    /// played, nobody to pair (status 1); beyond capacity (status 3).
    ///
    /// # Complexity
    /// Round 1: `O(n)`; later rounds: the export's replay and ranking (as [`Event::swiss_standings`]) and the core's pairing (`referee_core::pair`'s module docs).
    pub fn pair(&mut self) -> Result<(), Failure> {
        let missing = self.missing();
        if !missing.is_empty() {
            let (_, name) = self.current();
            let tables: Vec<String> = missing.iter().map(ToString::to_string).collect();
            return refuse(format!(
                "{name} has no result yet at table{} {}: report {} first (referee event report FILE TABLE RESULT)",
                if missing.len() == 1 { "" } else { "s" },
                tables.join(", "),
                if missing.len() == 1 { "it" } else { "them" }
            ));
        }
        if self.cut.is_some() {
            if self.final_played() {
                return refuse("the final is played: the event is over (see standings)");
            }
            let Some(last) = self.playoff.last() else { return refuse("no playoff round") };
            let next: Vec<Table> = self
                .bracket(last)
                .into_iter()
                .enumerate()
                .map(|(i, (p1, p2))| Table { table: i + 1, p1, p2, result: None })
                .collect();
            self.playoff.push(next);
            return Ok(());
        }
        if self.rounds.len() >= self.settings.rounds {
            return refuse(format!(
                "the {} planned Swiss rounds are paired: cut to the top 8 (referee event cut FILE) or see the standings",
                self.settings.rounds
            ));
        }
        let active = self.active();
        if active.is_empty() {
            return refuse("no player to pair: everyone has dropped");
        }
        let round = self.rounds.len() + 1;
        let seed = round_seed(self.settings.seed, round);
        let (pairs, bye) = if self.rounds.is_empty() {
            let mut order = active;
            let mut rng = SplitMix(seed);
            for i in (1..order.len()).rev() {
                let j = usize::try_from(rng.below(i as u64 + 1)).unwrap_or(0);
                order.swap(i, j);
            }
            let bye = if order.len() % 2 == 1 { order.pop() } else { None };
            (order.chunks(2).map(|c| (c[0], c[1])).collect::<Vec<_>>(), bye)
        } else {
            self.swiss_pairing(seed)?
        };
        let tables = pairs.into_iter().enumerate().map(|(i, (p1, p2))| Table { table: i + 1, p1, p2, result: None });
        self.rounds.push(Round { tables: tables.collect(), bye, losses: Vec::new() });
        self.notes.push(Vec::new());
        Ok(())
    }

    /// The optimal pairing of the next Swiss round (after round 1): the core's, on the
    /// export's replay with every registered player and the event's drops; `player1` the
    /// first in the standings and the tables in that order (players not in them last).
    fn swiss_pairing(&self, seed: u64) -> Result<Pairs, Failure> {
        let export = self.export();
        let exported = self.exported();
        let extras: Vec<usize> = (0..self.players.len()).filter(|&p| !exported[p]).collect();
        let extra = u32::try_from(extras.len()).map_err(|_| Failure::new(3, "too many players"))?;
        let index: HashMap<&str, usize> = self.players.iter().enumerate().map(|(i, p)| (p.name.as_str(), i)).collect();
        let profile = self.settings.profile;
        let n = self.players.len();
        let (pairs, bye, position) = standings::replay_with(export.as_bytes(), profile, None, extra, |event, names| {
            let map: Vec<usize> = names
                .iter()
                .map(|name| index.get(name.as_str()).copied().unwrap_or(0))
                .chain(extras.iter().copied())
                .collect();
            for (i, &p) in map.iter().enumerate() {
                let id = PlayerId::new(u32::try_from(i).unwrap_or(u32::MAX));
                let want = !self.players[p].dropped;
                let result = match event.is_dropped(id) {
                    Some(true) if want => event.reenter(id),
                    Some(false) if !want => event.drop_player(id),
                    _ => Ok(()),
                };
                result.map_err(standings::internal)?;
            }
            let mut rank_scratch = HeapScratch::default();
            let ranking = event.rank(profile, &mut rank_scratch).map_err(|e| RankFailure::Capacity(e.to_string()))?;
            let mut position = vec![usize::MAX; n];
            for (k, row) in ranking.iter().enumerate() {
                if row.player.index() < names.len() {
                    position[map[row.player.index()]] = k;
                }
            }
            let mut scratch = HeapScratch::default();
            let pairing = core_pair::next_round(&ranking, Some(seed), &mut scratch)
                .map_err(|e| RankFailure::Capacity(e.to_string()))?;
            let pairs: Vec<(usize, usize)> = pairing.matches().map(|(a, b)| (map[a.index()], map[b.index()])).collect();
            Ok((pairs, pairing.bye().map(|b| map[b.index()]), position))
        })
        .map_err(Self::rank_failure)?;
        let key = |p: usize| (position[p], p);
        let mut oriented: Vec<(usize, usize)> =
            pairs.into_iter().map(|(a, b)| if key(a) <= key(b) { (a, b) } else { (b, a) }).collect();
        sort::sort_by(&mut oriented, |&(a, _), &(b, _)| key(a) < key(b));
        Ok((oriented, bye))
    }

    // -----------------------------------------------------------------------------------------
    // Results.

    /// The table `table` of the round `report` targets, and whether it is an earlier Swiss
    /// round.
    fn target(&mut self, round: Option<usize>, table: usize) -> Result<(&mut Table, bool, bool), Failure> {
        let current = self.rounds.len();
        if self.cut.is_some() && round.is_none() {
            let k = self.playoff.len();
            let Some(tables) = self.playoff.last_mut() else { return refuse("no playoff round") };
            return match tables.iter_mut().find(|t| t.table == table) {
                Some(t) => Ok((t, false, true)),
                None => refuse(format!("playoff round {k} has no table {table}")),
            };
        }
        let r = round.unwrap_or(current);
        if r == 0 || r > current {
            return refuse(format!("round {r} is not paired ({current} Swiss rounds so far)"));
        }
        match self.rounds[r - 1].tables.iter_mut().find(|t| t.table == table) {
            Some(t) => Ok((t, r < current, false)),
            None => refuse(format!("round {r} has no table {table}")),
        }
    }

    /// `report TABLE RESULT [--round R]`: records (or corrects) a result; returns a note for
    /// a correction of an earlier round.
    ///
    /// # Errors
    /// No such round or table, a result that is not legal here (status 1).
    ///
    /// # Complexity
    /// `O(t)` to find the table among the round's t.
    pub fn report(&mut self, table: usize, result: &str, round: Option<usize>) -> Result<Option<String>, Failure> {
        let playoff = self.cut.is_some() && round.is_none();
        let outcome = self.parse_result(result, playoff).map_err(|why| Failure::new(1, why))?;
        let (t, earlier, _) = self.target(round, table)?;
        let had = t.result.is_some();
        t.result = Some(outcome);
        Ok(earlier.then(|| {
            let r = round.unwrap_or(0);
            format!(
                "note: round {r} table {table} {}: the standings change, the pairings already made stay",
                if had { "corrected" } else { "reported" }
            )
        }))
    }

    /// `report --from FILE.csv [--round R]`: every row checked before any is recorded.
    ///
    /// # Errors
    /// A wrong CSV (`LINE:FIELD`), a table twice or missing, a wrong result (status 1).
    ///
    /// # Complexity
    /// `O(B + k·t)` for a CSV of B bytes and k rows in a round of t tables, plus a copy of the event.
    pub fn report_from(&mut self, csv: &[u8], round: Option<usize>) -> Result<Option<String>, Failure> {
        let csv = csv.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(csv);
        let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(csv);
        let playoff = self.cut.is_some() && round.is_none();
        let mut next = self.clone();
        let mut seen: Vec<usize> = Vec::new();
        let mut header = true;
        let mut note = None;
        let mut record = csv::ByteRecord::new();
        loop {
            let line = line_of(reader.position().line());
            match reader.read_byte_record(&mut record) {
                Ok(false) => break,
                Ok(true) => {}
                Err(e) => {
                    let line = e.position().map_or(line, |p| line_of(p.line()));
                    return Err(Failure::at(line, 1, format!("not a CSV file: {e}")));
                }
            }
            let line = record.position().map_or(line, |p| line_of(p.line()));
            if record.len() == 1 && record.get(0).is_some_and(<[u8]>::is_empty) {
                continue;
            }
            if header {
                header = false;
                if record.iter().collect::<Vec<_>>() != [&b"table"[..], b"wins1", b"wins2", b"draws"] {
                    return Err(Failure::at(line, 1, "the header is table,wins1,wins2,draws"));
                }
                continue;
            }
            if record.len() != 4 {
                return Err(Failure::at(
                    line,
                    1,
                    format!("a row has 4 fields (table,wins1,wins2,draws), this one {}", record.len()),
                ));
            }
            let mut values = [0usize; 4];
            for (i, (value, field)) in values.iter_mut().zip(record.iter()).enumerate() {
                let ok = !field.is_empty() && field.len() <= 6 && field.iter().all(u8::is_ascii_digit);
                if !ok {
                    return Err(Failure::at(
                        line,
                        i + 1,
                        format!("a number expected, found {:?}", String::from_utf8_lossy(field)),
                    ));
                }
                *value = field.iter().fold(0, |n, &b| n * 10 + usize::from(b - b'0'));
            }
            let [table, w, l, d] = values;
            if seen.contains(&table) {
                return Err(Failure::at(line, 1, format!("table {table} twice")));
            }
            seen.push(table);
            let small = |v: usize| u8::try_from(v).unwrap_or(u8::MAX);
            let outcome =
                next.check_games(small(w), small(l), small(d), playoff).map_err(|why| Failure::at(line, 2, why))?;
            let (t, earlier, _) = next.target(round, table).map_err(|f| Failure::at(line, 1, f.message))?;
            t.result = Some(outcome);
            if earlier {
                note = Some(format!(
                    "note: results of round {} recorded: the standings change, the pairings already made stay",
                    round.unwrap_or(0)
                ));
            }
        }
        if header {
            return Err(Failure::at(1, 1, "an empty file: the header is table,wins1,wins2,draws"));
        }
        *self = next;
        Ok(note)
    }

    // -----------------------------------------------------------------------------------------
    // Drops, entries, the cut.

    /// `drop NAME...`: every name checked before anyone drops.
    ///
    /// # Errors
    /// An unknown name, a player already dropped, after the cut (status 1).
    ///
    /// # Complexity
    /// `O(k·n)` for k names and n players.
    pub fn drop_players(&mut self, names: &[String]) -> Result<(), Failure> {
        if self.cut.is_some() {
            return refuse("the playoff is under way: a player who leaves concedes his match (report it)");
        }
        let mut who = Vec::new();
        for name in names {
            let p = self.find(name)?;
            if self.players[p].dropped || who.contains(&p) {
                return refuse(format!("{:?} has already dropped", self.players[p].name));
            }
            who.push(p);
        }
        for p in who {
            self.players[p].dropped = true;
            self.players[p].dropped_at = self.rounds.len();
            if let Some(notes) = self.notes.last_mut() {
                notes.push(Note::Drop(p));
            }
        }
        Ok(())
    }

    /// `enter NAME [--missed loss|none]`: a late entry, or the re-entry of a dropped player.
    ///
    /// # Errors
    /// Profile contest, after the cut, an active player's name, a wrong name, `none` for a
    /// re-entry (status 1).
    ///
    /// # Complexity
    /// `O(n + r·n)` at worst (the name looked up, a loss added to each missed round).
    pub fn enter(&mut self, name: &str, missed: Option<Missed>) -> Result<(), Failure> {
        if self.settings.profile == Profile::Contest {
            return refuse("profile contest has no late entries");
        }
        if self.cut.is_some() {
            return refuse("no entry after the cut");
        }
        let name = name.trim_matches(' ');
        let length = name.chars().count();
        if length == 0 || length > MAX_NAME {
            return refuse(format!("a name has 1 to {MAX_NAME} characters, {name:?} has {length}"));
        }
        let paired = self.rounds.len();
        let note = match self.players.iter().position(|p| p.name == name) {
            Some(p) if !self.players[p].dropped => return refuse(format!("{name:?} is playing: nothing to enter")),
            Some(_) if missed == Some(Missed::None) => {
                return refuse(
                    "a re-entry's missed rounds are losses without opponent: --missed none is for new players",
                )
            }
            Some(p) => {
                for round in &mut self.rounds[self.players[p].dropped_at..paired] {
                    round.losses.push(p);
                    sort::sort(&mut round.losses);
                }
                self.players[p].dropped = false;
                Note::Reenter(p)
            }
            None => {
                let p = self.players.len();
                self.players.push(Player { name: name.to_owned(), dropped: false, dropped_at: 0 });
                if missed != Some(Missed::None) {
                    for round in &mut self.rounds {
                        round.losses.push(p);
                    }
                }
                Note::Player(p)
            }
        };
        if let Some(notes) = self.notes.last_mut() {
            notes.push(note);
        }
        Ok(())
    }

    /// `cut --top 8|4`: seeds the top of the final Swiss standings who have not dropped and
    /// pairs the first playoff round (1v8, 4v5, 2v7, 3v6; 1v4, 2v3).
    ///
    /// # Errors
    /// Before the last Swiss round has every result, a second cut, too few players (status 1).
    ///
    /// # Complexity
    /// As [`Event::swiss_standings`].
    pub fn cut(&mut self, top: usize) -> Result<(), Failure> {
        if top != 8 && top != 4 {
            return Err(Failure::new(2, "--top is 8 or 4"));
        }
        if self.cut.is_some() {
            return refuse("the event is already cut");
        }
        if self.rounds.len() < self.settings.rounds || !self.missing().is_empty() {
            return refuse(format!(
                "the Swiss rounds are not over ({} of {} paired, {} tables without a result): finish them first",
                self.rounds.len(),
                self.settings.rounds,
                self.missing().len()
            ));
        }
        let (rows, _) = self.swiss_standings(None)?;
        let seeds: Vec<usize> = rows.iter().map(|r| r.1).filter(|&p| !self.players[p].dropped).take(top).collect();
        if seeds.len() < top {
            return refuse(format!("{} players have not dropped: too few for a top {top}", seeds.len()));
        }
        let order: &[(usize, usize)] = if top == 8 { &[(0, 7), (3, 4), (1, 6), (2, 5)] } else { &[(0, 3), (1, 2)] };
        let tables = order
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| Table { table: i + 1, p1: seeds[a], p2: seeds[b], result: None })
            .collect();
        self.cut = Some(top);
        self.playoff.push(tables);
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Outputs.

    /// The tables of Swiss round `round`, or of the round in progress (after the cut, the
    /// playoff round), with each player's points before it.
    fn round_tables(&self, round: Option<usize>) -> Result<RoundView<'_>, Failure> {
        match round {
            None if self.cut.is_some() => {
                let k = self.playoff.len();
                let points = self.points_before(self.rounds.len() + 1);
                Ok((format!("playoff round {k}"), self.playoff.last().map_or(&[], Vec::as_slice), None, points))
            }
            _ => {
                let r = round.unwrap_or(self.rounds.len());
                if r == 0 || r > self.rounds.len() {
                    return refuse(format!("round {r} is not paired ({} Swiss rounds so far)", self.rounds.len()));
                }
                let it = &self.rounds[r - 1];
                Ok((format!("round {r}"), &it.tables, it.bye, self.points_before(r)))
            }
        }
    }

    /// `pairings [--round R] [--by table|name]`.
    ///
    /// # Errors
    /// A round not paired (status 1).
    ///
    /// # Complexity
    /// `O(n·r)` for the points before the round, plus `O(n log n)` to sort by name.
    pub fn pairings(&self, round: Option<usize>, by_name: bool) -> Result<Grid, Failure> {
        let (title, tables, bye, points) = self.round_tables(round)?;
        let name = |p: usize| Cell::Text(self.players[p].name.clone());
        let title = format!("{}: pairings of {title}", self.settings.name);
        if by_name {
            let mut grid = Grid::new(title, &["player", "table", "opponent", "points"]);
            let mut rows: Vec<(usize, Vec<Cell>)> = Vec::new();
            for t in tables {
                for (me, other) in [(t.p1, t.p2), (t.p2, t.p1)] {
                    rows.push((me, vec![name(me), Cell::Num(t.table as u64), name(other), Cell::Num(points[me])]));
                }
            }
            if let Some(p) = bye {
                rows.push((p, vec![name(p), Cell::Empty, Cell::Empty, Cell::Num(points[p])]));
            }
            let key = |p: usize| (crate::names::caseless(&self.players[p].name), self.players[p].name.clone());
            sort::sort_by_cached_key(&mut rows, |(p, _)| key(*p));
            grid.rows = rows.into_iter().map(|(_, cells)| cells).collect();
            return Ok(grid);
        }
        let mut grid = Grid::new(title, &["table", "player1", "points1", "player2", "points2"]);
        for t in tables {
            grid.rows.push(vec![
                Cell::Num(t.table as u64),
                name(t.p1),
                Cell::Num(points[t.p1]),
                name(t.p2),
                Cell::Num(points[t.p2]),
            ]);
        }
        if let Some(p) = bye {
            grid.rows.push(vec![Cell::Empty, name(p), Cell::Num(points[p]), Cell::Empty, Cell::Empty]);
        }
        Ok(grid)
    }

    /// `slips [--round R]`: a result slip per table.
    fn slips(&self, round: Option<usize>, format: Format) -> Result<Vec<u8>, Failure> {
        let (title, tables, _, _) = self.round_tables(round)?;
        let event = &self.settings.name;
        match format {
            Format::Table => {
                let mut out = String::new();
                for t in tables {
                    let (a, b) = (&self.players[t.p1].name, &self.players[t.p2].name);
                    let width = a.chars().count().max(b.chars().count());
                    let _ = writeln!(out, "{event} - {title} - table {}", t.table);
                    for p in [a, b] {
                        let pad = " ".repeat(width - p.chars().count());
                        let _ = writeln!(out, "  {p}{pad}  games won [   ]  drop [ ]  signature ____________________");
                    }
                    let _ = writeln!(out, "  drawn games [   ]\n{}", "-".repeat(72));
                }
                Ok(out.into_bytes())
            }
            Format::Html => Ok(output::slips_html(
                event,
                &title,
                tables.iter().map(|t| (t.table, self.players[t.p1].name.as_str(), self.players[t.p2].name.as_str())),
            )),
            _ => {
                let mut grid = Grid::new(format!("{event}: slips of {title}"), &["table", "player1", "player2"]);
                for t in tables {
                    grid.rows.push(vec![
                        Cell::Num(t.table as u64),
                        Cell::Text(self.players[t.p1].name.clone()),
                        Cell::Text(self.players[t.p2].name.clone()),
                    ]);
                }
                Ok(grid.render(format))
            }
        }
    }

    /// `status`: the round, the tables still without a result, the active and dropped players.
    fn status(&self, format: Format) -> Vec<u8> {
        let s = &self.settings;
        let stage = if let Some(top) = self.cut {
            if self.final_played() {
                "the playoff is over".to_owned()
            } else {
                format!("top {top} playoff, round {}", self.playoff.len())
            }
        } else if self.rounds.is_empty() {
            format!("registration: round 1 of {} not paired yet", s.rounds)
        } else {
            format!("Swiss round {} of {}", self.rounds.len(), s.rounds)
        };
        let missing: Vec<String> = self.missing().iter().map(ToString::to_string).collect();
        let dropped: Vec<String> = self.players.iter().filter(|p| p.dropped).map(|p| p.name.clone()).collect();
        let kind = if s.games_to_win == 2 { "best of three" } else { "best of one" };
        let mut grid = Grid::new(format!("{}: status", s.name), &["field", "value"]);
        let mut put = |k: &str, v: String| grid.rows.push(vec![Cell::Text(k.to_owned()), Cell::Text(v)]);
        put("event", s.name.clone());
        put("settings", format!("profile {}, {kind}, {} Swiss rounds, seed {}", s.profile.name(), s.rounds, s.seed));
        put("stage", stage);
        put("tables without a result", if missing.is_empty() { "none".to_owned() } else { missing.join(", ") });
        put("active players", (self.players.len() - dropped.len()).to_string());
        put(
            "dropped players",
            if dropped.is_empty() { "none".to_owned() } else { format!("{} ({})", dropped.len(), dropped.join(", ")) },
        );
        if format == Format::Table {
            let mut out = String::new();
            for row in &grid.rows {
                if let [Cell::Text(k), Cell::Text(v)] = row.as_slice() {
                    let _ = writeln!(out, "{k}: {v}");
                }
            }
            return out.into_bytes();
        }
        grid.render(format)
    }
}

#[cfg(test)]
mod tests;
