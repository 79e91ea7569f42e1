//! The driver of `referee event` scenarios (`tests/data/event/`, the shared
//! `cases/event/README.md`): whole events played against the binary (in-process, as every test
//! runs `referee`: [`crate::referee`]) beside the model of `event.md`
//! ([`crate::reference::event`]), every answer checked against it.
//!
//! A scenario is a seed and optional pinned parameters; everything else is drawn from the seed:
//! `new` (a players list with padded names, sometimes CRLF, a byte-order mark and empty lines,
//! names with commas, quotes and non-ASCII letters), the Swiss rounds (`pair`, `pairings` by
//! table and by name, results by `report` and `report --from` of every legal kind, double
//! losses, corrections of the current and of earlier rounds, drops between and during rounds,
//! late entries with each `--missed`, a re-entry), refused commands, `export`, `standings`
//! (csv, json, table, html; `--active`, `--round`), `status`, `slips`, `undo` (once after a
//! pairing, with the round paired again, and 20 times at the end), the cut and the playoff to
//! the final.
//!
//! Checked after every command: a refused command exits with the status the spec gives,
//! prints nothing on stdout and leaves the event file byte-identical; a reading command leaves
//! it byte-identical; `undo` restores the file before the last change byte for byte. Checked
//! after every pairing: [`Event::check_pairing`] (valid, optimal, `player1` and tables in
//! standings order) or the playoff bracket. Checked after every round: the export holds
//! exactly the results reported, the standings are `standings.md`'s on it (plus `dropped`),
//! the pairings of every round with the points as they stand.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::json;
use crate::reference::event::{appendix_e, Event, Match, Missed, Order, Pairing, Refused, Settings};
use crate::reference::standings::{self, Profile, Standing};
use crate::{referee, Outcome as Run, Rng};

/// Every point where `event.md` is silent and the driver had to assume a detail of the command
/// line or of an output. A scenario that fails on one of these may be the assumption's fault:
/// read it before the failure.
pub const ASSUMPTIONS: &[&str] = &[
    "Commands are `referee event SUB FILE [ARGS...] [OPTIONS]`, FILE right after the subcommand; options take their value as the next argument (`--format csv`).",
    "`new` prints nothing that is checked; `new --players LIST` with an invalid players list exits 1 (a wrong file: `error: LINE:1: ...`) and creates no FILE; `new` on an existing FILE exits 2 (the spec).",
    "Without `--rounds`, the Appendix E number of the players on the list given to `new` (late entries do not change it).",
    "`--profile contest` is only ever combined with `--games-to-win 2` (the spec's 'results are the ten of swiss' are best-of-three results; contest with best of one is left undefined).",
    "`pair FILE --format csv` prints exactly what `pairings FILE --format csv` prints right after it.",
    "`pairings` and `report` without `--round` mean the round in progress: the last Swiss round, or after a cut the last playoff round.",
    "`pairings --format csv` by table: the bye's row is `,NAME,POINTS,,` (empty table, player2 and points2), last.",
    "`pairings` points (points1, points2, points) are each player's match points before that round, from the results as they stand now (a correction of an earlier round changes them); the playoff rows' points are not checked.",
    "`pairings --by name`: one row per player with a match or the bye in that round (not a missed round's loss, not a player who did not play it); the bye's row has an empty table and opponent; rows sorted by name case-insensitively (by `str::to_lowercase` or by `to_ascii_lowercase`, either accepted), names that differ only by case never occur.",
    "A player not in the current standings (a late entrant with `--missed none` who has not played yet) is listed after every player in them: never player1 against one who is in them, and his table comes after theirs; two such players' order is not checked.",
    "Round 1: `player1` and the table order follow the generator's shuffle and are not checked.",
    "The playoff's table numbers are not checked (only its matches: exactly the bracket, the higher seed player1, no bye).",
    "`report FILE TABLE RESULT`; `report FILE --from FILE.csv` (no TABLE or RESULT then) with every field of every row written; a result is refused (exit 1) when it is not `W-L`, `W-L-D` or `double-loss`, not legal, a draw or a double loss in the playoff, a double loss under profile contest (not one of the ten results), or names a table the round does not have.",
    "A correction of an earlier Swiss round (`report --round R` with R before the round in progress) writes something on stderr.",
    "Reporting the same table again replaces its result (a correction of the current round): one change for undo.",
    "`drop` of an unknown name exits 1, and when a registered name is one letter away, stderr holds `did you mean` and that name; `drop` of several names drops all or none; dropping an already dropped player is never tried.",
    "`enter` with the name of an active player, under profile contest, or after the cut exits 1; `--missed none` is never given for a re-entry; a late entrant's missed rounds are every round paired so far, including the round in progress.",
    "`export`: a bye's row may be written `NAME,,,,` or `NAME,,2,0,0` (compared as the same row); everything else byte for byte.",
    "`standings FILE [--round R] [--active] --format csv`: standings.md's header plus `,dropped` and each row plus `,true`/`,false`; `--active` only removes the dropped players' rows (ranks unchanged); `--format json`: standings.md's object with `\"dropped\": true|false` in each row (compared parsed); `--format table`: a line per player in order with rank, name, points, W-L-D and the percentages to 4 decimals; `--format html`: holds `<html` and `</html>` (any case).",
    "`standings` during a round in progress is standings.md's on the export as it stands (the unreported matches of that round are not in it); it is never asked before a first result exists.",
    "`standings` after the cut and before the final's result: the rows are checked as a set (order and ranks not); after the final: the final order (ranks not checked), values as in the Swiss standings.",
    "`cut` with fewer active players than `--top` exits 1; `--top` other than 8 or 4 exits 2; `pair` after the final exits 1.",
    "A line of invalid UTF-8 inserted as the event file's second line makes every command exit 1 with `error: 2:COLUMN: ...` (the line of the damage), the file untouched.",
    "`pair` refused for missing results names the round and each table as plain numbers on stderr; `status` in a round in progress names each table still without a result as a plain number.",
    "`status` and `slips` exit 0 and print something; `slips` shows every name of the round's matches as written.",
    "`undo` is not itself undone by a later `undo` (each undo goes one change further back); `new` is never undone; read-only and refused commands are no changes.",
];

/// A scenario: a seed and the pinned parameters (`scenarios.txt`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spec {
    /// The seed.
    pub seed: u64,
    /// `players=N`.
    pub players: Option<usize>,
    /// `rounds=N` (`Some(Some(N))`) or `rounds=default` (`Some(None)`).
    pub rounds: Option<Option<usize>>,
    /// `profile=mtr|contest`.
    pub profile: Option<Profile>,
    /// `g=1|2`.
    pub games_to_win: Option<u32>,
    /// `cut=8|4`.
    pub cut: Option<usize>,
}

/// The scenarios of a `scenarios.txt` (`#` comments and empty lines skipped).
///
/// # Errors
/// The line and what is wrong.
pub fn parse_scenarios(text: &str) -> Result<Vec<Spec>, String> {
    let mut specs = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let bad = |what: &str| format!("line {}: {what}: {line:?}", i + 1);
        let mut words = line.split_whitespace();
        let seed = words.next().and_then(|w| w.parse().ok()).ok_or_else(|| bad("no seed"))?;
        let mut spec = Spec { seed, ..Spec::default() };
        for word in words {
            let (key, value) = word.split_once('=').ok_or_else(|| bad("key=value expected"))?;
            let number = || value.parse::<usize>().map_err(|_| bad("a number expected"));
            match key {
                "players" => spec.players = Some(number()?),
                "rounds" if value == "default" => spec.rounds = Some(None),
                "rounds" => spec.rounds = Some(Some(number()?)),
                "profile" => spec.profile = Some(Profile::named(value).ok_or_else(|| bad("mtr or contest"))?),
                "g" => spec.games_to_win = Some(u32::try_from(number()?).map_err(|_| bad("1 or 2"))?),
                "cut" => spec.cut = Some(number()?),
                _ => return Err(bad("unknown key")),
            }
        }
        specs.push(spec);
    }
    Ok(specs)
}

/// How many players an unpinned scenario draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// The public scenarios: 5 to 200 (7 in 10 up to 20, where pairings are proved optimal
    /// exhaustively).
    Public,
    /// The seeded random scenarios: 3 to 20.
    Small,
}

/// What a scenario did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Commands run.
    pub commands: usize,
    /// Swiss rounds played.
    pub rounds: usize,
    /// Swiss pairings proved optimal by exhaustive search.
    pub exhaustive: usize,
    /// Swiss pairings checked by exchanges only (more than `EXHAUSTIVE` players).
    pub local: usize,
    /// Commands refused as the model expected.
    pub refusals: usize,
    /// Undos checked.
    pub undos: usize,
    /// Playoff rounds played.
    pub playoff_rounds: usize,
    /// Standings answers compared.
    pub standings: usize,
}

/// The parameters of one scenario once drawn.
#[derive(Clone, Debug)]
struct Config {
    players: usize,
    rounds: Option<usize>,
    profile: Profile,
    games_to_win: u32,
    cut: Option<usize>,
    /// The most players to pair that late entries and re-entries may reach (`Size::Small`:
    /// the exhaustive checker's limit, so that every pairing is proved optimal).
    max_active: Option<usize>,
}

const BASES: [&str; 34] = [
    "Ann",
    "Bob",
    "Cid",
    "Dee",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jon",
    "Kim",
    "Lea",
    "Max",
    "Ned",
    "Oli",
    "Pia",
    "Quinn",
    "Rex",
    "Sam",
    "Tia",
    "Uma",
    "Vic",
    "Wes",
    "Xia",
    "Yan",
    "Zoë",
    "José",
    "Émile",
    "Åsa",
    "李雷",
    "Smith, John",
    "\"Ace\" Jones",
    "O'Brien",
    "ümit",
];

/// Runs one scenario against `referee` (in-process).
///
/// # Errors
/// The first check that fails, with the scenario, the last commands and the folder of the
/// event (kept for inspection).
pub fn run(spec: &Spec, size: Size) -> Result<Summary, String> {
    run_with(spec, size, &mut |args: &[&str]| referee(args, b""))
}

/// Runs one scenario against `runner` (`referee` with these arguments, or a stand-in that tests
/// the driver itself).
///
/// # Errors
/// As [`run`].
pub fn run_with(spec: &Spec, size: Size, runner: &mut dyn FnMut(&[&str]) -> Run) -> Result<Summary, String> {
    let mut rng = Rng::new(spec.seed ^ 0x6576_656e_7400);
    let players = spec.players.unwrap_or_else(|| match size {
        Size::Small => rng.range(3, 20) as usize,
        Size::Public if rng.range(0, 9) < 7 => rng.range(5, 20) as usize,
        Size::Public => rng.range(21, 200) as usize,
    });
    let rounds =
        spec.rounds.unwrap_or_else(|| if rng.range(0, 1) == 0 { None } else { Some(rng.range(3, 10) as usize) });
    let profile = spec.profile.unwrap_or(if rng.range(0, 3) == 0 { Profile::Contest } else { Profile::Mtr });
    let games_to_win =
        spec.games_to_win.unwrap_or(if profile == Profile::Contest || rng.range(0, 9) < 7 { 2 } else { 1 });
    let cut = spec.cut.or(Some(if rng.range(0, 1) == 0 { 8 } else { 4 }));
    let max_active = (size == Size::Small).then_some(crate::reference::event::EXHAUSTIVE);
    let config = Config { players, rounds, profile, games_to_win, cut, max_active };
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("referee-event-{}-{run}-seed-{}", std::process::id(), spec.seed));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut driver = Driver::new(dir.clone(), rng, config.clone(), runner);
    let result = driver.scenario();
    match result {
        Ok(()) => {
            let _ = std::fs::remove_dir_all(&dir);
            Ok(driver.summary)
        }
        Err(e) => Err(format!(
            "scenario {spec:?} ({config:?}): {e}\nfolder {}\nlast commands:\n{}",
            dir.display(),
            driver.log.iter().rev().take(25).rev().cloned().collect::<Vec<_>>().join("\n")
        )),
    }
}

struct Driver<'a> {
    runner: &'a mut dyn FnMut(&[&str]) -> Run,
    dir: PathBuf,
    file: String,
    rng: Rng,
    config: Config,
    model: Option<Event>,
    /// `(file before, model before)` of every change, for `undo`.
    history: Vec<(Vec<u8>, Event)>,
    log: Vec<String>,
    summary: Summary,
    reentered: bool,
    late: usize,
    scratch: usize,
}

type Check<T = ()> = Result<T, String>;

impl<'a> Driver<'a> {
    fn new(dir: PathBuf, rng: Rng, config: Config, runner: &'a mut dyn FnMut(&[&str]) -> Run) -> Self {
        let file = dir.join("friday.event").to_string_lossy().into_owned();
        Self {
            runner,
            dir,
            file,
            rng,
            config,
            model: None,
            history: Vec::new(),
            log: Vec::new(),
            summary: Summary::default(),
            reentered: false,
            late: 0,
            scratch: 0,
        }
    }

    fn model(&self) -> Check<&Event> {
        self.model.as_ref().ok_or_else(|| "no event yet".to_owned())
    }

    fn bytes(&self) -> Vec<u8> {
        std::fs::read(&self.file).unwrap_or_default()
    }

    /// A new file in the scenario's folder.
    fn scratch_file(&mut self, stem: &str, bytes: &[u8]) -> Check<String> {
        self.scratch += 1;
        let path = self.dir.join(format!("{stem}-{}.txt", self.scratch));
        std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path.to_string_lossy().into_owned())
    }

    /// Runs `referee event SUB FILE ARGS...`.
    fn exec(&mut self, sub: &str, args: &[&str]) -> Run {
        let file = self.file.clone();
        self.exec_on(&file, sub, args)
    }

    /// Runs `referee event SUB FILE ARGS...` on another file.
    fn exec_on(&mut self, file: &str, sub: &str, args: &[&str]) -> Run {
        let mut all = vec!["event", sub, file];
        all.extend_from_slice(args);
        let run = (self.runner)(&all);
        self.summary.commands += 1;
        let shown: Vec<String> = all.iter().map(|a| format!("{a:?}")).collect();
        self.log.push(format!(
            "{} -> {} (stdout {} bytes, stderr {:?})",
            shown.join(" "),
            run.status,
            run.stdout.len(),
            run.stderr.trim_end()
        ));
        run
    }

    /// A command that only reads: exit 0, the file unchanged; its stdout.
    fn read(&mut self, sub: &str, args: &[&str]) -> Check<String> {
        let before = self.bytes();
        let run = self.exec(sub, args);
        if run.status != 0 {
            return Err(format!("{sub} {args:?}: exit {} ({})", run.status, run.stderr));
        }
        if self.bytes() != before {
            return Err(format!("{sub} {args:?}: a reading command changed the event file"));
        }
        String::from_utf8(run.stdout).map_err(|_| format!("{sub}: stdout is not UTF-8"))
    }

    /// A command the model refuses: the status, nothing on stdout, the file unchanged.
    fn refused(&mut self, sub: &str, args: &[&str], refusal: &Refused) -> Check<Run> {
        let before = self.bytes();
        let run = self.exec(sub, args);
        if run.status != refusal.status {
            return Err(format!(
                "{sub} {args:?}: exit {}, expected {} ({}); stderr {:?}",
                run.status, refusal.status, refusal.why, run.stderr
            ));
        }
        if !run.stdout.is_empty() {
            return Err(format!("{sub} {args:?}: refused with something on stdout"));
        }
        if run.stderr.trim().is_empty() {
            return Err(format!("{sub} {args:?}: refused without a word on stderr"));
        }
        if self.bytes() != before {
            return Err(format!("{sub} {args:?}: a refused command changed the event file"));
        }
        self.summary.refusals += 1;
        Ok(run)
    }

    /// A command the model accepts as `next`: exit 0; a change for `undo`.
    fn change(&mut self, sub: &str, args: &[&str], next: Event) -> Check<Run> {
        let before = self.bytes();
        let run = self.exec(sub, args);
        if run.status != 0 {
            return Err(format!("{sub} {args:?}: exit {} ({})", run.status, run.stderr));
        }
        let previous = self.model.replace(next).ok_or("no event")?;
        self.history.push((before, previous));
        Ok(run)
    }

    /// A command judged by the model: `change` when it accepts, `refused` when not.
    fn judged(&mut self, sub: &str, args: &[&str], verdict: Result<Event, Refused>) -> Check<Option<Run>> {
        match verdict {
            Ok(next) => self.change(sub, args, next).map(Some),
            Err(refusal) => self.refused(sub, args, &refusal).map(|_| None),
        }
    }

    /// `undo`: the file before the last change, byte for byte.
    fn undo(&mut self) -> Check {
        let (before, model) = self.history.pop().ok_or("nothing to undo")?;
        let run = self.exec("undo", &[]);
        if run.status != 0 {
            return Err(format!("undo: exit {} ({})", run.status, run.stderr));
        }
        if self.bytes() != before {
            return Err("undo did not restore the file byte for byte".to_owned());
        }
        self.model = Some(model);
        self.summary.undos += 1;
        Ok(())
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.rng.range(0, 99) < percent
    }

    // -----------------------------------------------------------------------------------------

    fn scenario(&mut self) -> Check {
        self.create()?;
        let (planned, profile) = (self.model()?.settings.rounds, self.model()?.settings.profile);
        if profile == Profile::Mtr && self.chance(20) {
            self.enter_late()?;
        }
        for round in 1..=planned {
            if round > 1 {
                self.between_rounds(round)?;
            }
            self.pair_swiss(round)?;
            self.play_round(round)?;
            self.check_round(round)?;
            self.summary.rounds += 1;
        }
        // Beyond the planned rounds: refused.
        let refusal = self.model()?.may_pair().err().ok_or("the model pairs beyond the planned rounds")?;
        self.refused("pair", &[], &refusal)?;
        self.corrupted_copy()?;
        self.playoff()?;
        // Undo 20 times in a row (or the whole history), each byte for byte.
        for _ in 0..self.history.len().min(20) {
            self.undo()?;
        }
        let export = self.read("export", &[])?;
        self.compare_export(&export)?;
        Ok(())
    }

    fn create(&mut self) -> Check {
        let n = self.config.players;
        let mut bases: Vec<&str> = BASES.to_vec();
        self.rng.shuffle(&mut bases);
        let names: Vec<String> = (0..n)
            .map(|i| {
                let base = bases[i % bases.len()];
                if i < bases.len() {
                    base.to_owned()
                } else {
                    format!("{base} {}", i / bases.len() + 1)
                }
            })
            .collect();
        let crlf = self.chance(30);
        let end = if crlf { "\r\n" } else { "\n" };
        let mut list = String::new();
        if self.chance(30) {
            list.push('\u{feff}');
        }
        for name in &names {
            if self.chance(10) {
                list.push_str(if self.chance(50) { "   " } else { "" });
                list.push_str(end);
            }
            let (left, right) = (" ".repeat(self.rng.range(0, 2) as usize), " ".repeat(self.rng.range(0, 2) as usize));
            let _ = write!(list, "{left}{name}{right}{end}");
        }
        if self.chance(50) {
            list.truncate(list.len() - end.len());
        }
        let path = self.scratch_file("players", list.as_bytes())?;
        let seed = self.rng.next_u64() >> 1;
        let rounds = self.config.rounds.unwrap_or_else(|| appendix_e(n));
        let settings = Settings {
            name: "Friday \"FNM\", week 36".to_owned(),
            profile: self.config.profile,
            rounds,
            games_to_win: self.config.games_to_win,
            seed,
        };
        // A players list with a name twice is refused, and no event file is created.
        if n >= 2 {
            let twice = format!("{}\n{}\n  {} \n", names[0], names[1], names[0]);
            let bad = self.scratch_file("players-twice", twice.as_bytes())?;
            let other = self.dir.join("refused.event").to_string_lossy().into_owned();
            let run = self.exec_on(&other, "new", &["--players", &bad]);
            if run.status != 1 || !run.stdout.is_empty() || !run.stderr.starts_with("error: 3:1:") {
                return Err(format!("new with a name listed twice: exit {}, stderr {:?}", run.status, run.stderr));
            }
            if Path::new(&other).exists() {
                return Err("a refused new created its file".to_owned());
            }
            self.summary.refusals += 1;
        }
        let (seed_text, rounds_text, g_text) =
            (seed.to_string(), rounds.to_string(), self.config.games_to_win.to_string());
        let event_name = settings.name.clone();
        let mut args = vec!["--players", path.as_str(), "--name", event_name.as_str(), "--seed", seed_text.as_str()];
        if self.config.rounds.is_some() {
            args.extend(["--rounds", rounds_text.as_str()]);
        }
        if self.config.profile == Profile::Contest || self.chance(50) {
            args.extend(["--profile", self.config.profile.name()]);
        }
        if self.config.games_to_win == 1 || self.chance(50) {
            args.extend(["--games-to-win", g_text.as_str()]);
        }
        let run = self.exec("new", &args);
        if run.status != 0 {
            return Err(format!("new: exit {} ({})", run.status, run.stderr));
        }
        let expected = standings_names(list.as_bytes())?;
        if expected != names {
            return Err(format!("the driver's players list reads {expected:?}, not {names:?}"));
        }
        self.model = Some(Event::new(names, settings));
        // `new` on an existing file: exit 2, the file untouched.
        self.refused("new", &args, &Refused { status: 2, why: "the file exists".to_owned() })?;
        Ok(())
    }

    /// A random legal result of the event (Swiss), as written on the command line.
    fn random_result(&mut self, allow_double_loss: bool) -> Check<String> {
        let mtr = self.model()?.settings.profile == Profile::Mtr;
        if mtr && allow_double_loss && self.chance(4) {
            return Ok("double-loss".to_owned());
        }
        let model = self.model()?;
        let g = model.settings.games_to_win;
        let mut legal = Vec::new();
        for w in 0..=g {
            for l in 0..=g {
                for d in 0..=3 {
                    if model.check_games(w, l, d, false).is_ok() {
                        legal.push((w, l, d));
                    }
                }
            }
        }
        let (w, l, d) = legal[self.rng.below(legal.len())];
        Ok(if d == 0 && self.chance(60) { format!("{w}-{l}") } else { format!("{w}-{l}-{d}") })
    }

    /// A result text that may be wrong for the event.
    fn doubtful_result(&mut self) -> String {
        const TEXTS: [&str; 12] =
            ["3-0", "2-2", "0-0-4", "2-1-0-0", "two-zero", "2:0", "2-", "1-1", "2-0", "1-0", "double-loss", "0-0-3"];
        TEXTS[self.rng.below(TEXTS.len())].to_owned()
    }

    fn between_rounds(&mut self, round: usize) -> Check {
        let mtr = self.model()?.settings.profile == Profile::Mtr;
        // A correction of an earlier round (not the one just finished: that is still current).
        if round >= 3 && self.chance(30) {
            let earlier = self.rng.range(1, round as u64 - 2) as usize;
            let tables = self.model()?.rounds[earlier - 1].matches.len();
            if tables > 0 {
                let table = self.rng.range(1, tables as u64).to_string();
                let result = self.random_result(true)?;
                let r = earlier.to_string();
                let mut next = self.model()?.clone();
                let verdict = next.report(Some(earlier), table.parse().unwrap_or(0), &result).map(|_| next);
                if let Some(run) = self.judged("report", &[&table, &result, "--round", &r], verdict)? {
                    if run.stderr.trim().is_empty() {
                        return Err("a correction of an earlier round said nothing on stderr".to_owned());
                    }
                }
            }
        }
        // Drops (names given with spaces around them).
        if self.chance(35) {
            let count = 1 + usize::from(self.chance(25));
            self.drop_some(count)?;
        }
        if mtr && self.chance(25) {
            self.enter_late()?;
        }
        if mtr && !self.reentered && self.chance(40) {
            self.reenter()?;
        }
        if self.chance(40) {
            self.refusals_between()?;
        }
        Ok(())
    }

    /// The least number of active players the rest of the scenario needs (the cut's top).
    fn min_active(&self) -> usize {
        let registered = self.config.players;
        match self.config.cut {
            Some(top) if registered >= top + 2 => top + 1,
            Some(_) if registered >= 6 => 5,
            _ => 2,
        }
    }

    fn drop_some(&mut self, count: usize) -> Check {
        let mut active = self.model()?.active();
        if active.len() < self.min_active() + count {
            return Ok(());
        }
        self.rng.shuffle(&mut active);
        let names: Vec<String> = active[..count]
            .iter()
            .map(|&p| {
                let name = self.model().map(|m| m.players[p].name.clone()).unwrap_or_default();
                format!(
                    "{}{name}{}",
                    " ".repeat(self.rng.range(0, 1) as usize),
                    " ".repeat(self.rng.range(0, 2) as usize)
                )
            })
            .collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let mut next = self.model()?.clone();
        let verdict = next.drop_players(&refs).map(|()| next);
        self.judged("drop", &refs, verdict)?;
        Ok(())
    }

    /// Whether one more player to pair would pass [`Config::max_active`].
    fn full(&self) -> Check<bool> {
        Ok(self.config.max_active.is_some_and(|most| self.model().map_or(0, |m| m.active().len()) >= most))
    }

    fn enter_late(&mut self) -> Check {
        if self.full()? {
            return Ok(());
        }
        self.late += 1;
        let name = match self.late % 4 {
            0 => format!("Late {}", self.late),
            1 => format!("Løte, {}", self.late),
            2 => format!("  \"Late\" {} ", self.late),
            _ => format!("遅刻 {}", self.late),
        };
        let (missed, flag): (Missed, &[&str]) = match self.rng.range(0, 2) {
            0 => (Missed::Default, &[]),
            1 => (Missed::Loss, &["--missed", "loss"]),
            _ => (Missed::None, &["--missed", "none"]),
        };
        let mut next = self.model()?.clone();
        let verdict = next.enter(&name, missed).map(|()| next);
        let args = [&[name.as_str()][..], flag].concat();
        self.judged("enter", &args, verdict)?;
        Ok(())
    }

    fn reenter(&mut self) -> Check {
        if self.full()? {
            return Ok(());
        }
        let model = self.model()?.clone();
        let dropped: Vec<usize> = (0..model.players.len()).filter(|&p| model.players[p].dropped).collect();
        if dropped.is_empty() {
            return Ok(());
        }
        let p = dropped[self.rng.below(dropped.len())];
        let name = model.players[p].name.clone();
        let mut next = model.clone();
        let flag: &[&str] = if self.chance(50) { &["--missed", "loss"] } else { &[] };
        let verdict = next.enter(&name, Missed::Loss).map(|()| next);
        let args = [&[name.as_str()][..], flag].concat();
        if self.judged("enter", &args, verdict)?.is_some() {
            self.reentered = true;
        }
        Ok(())
    }

    /// Commands that must be refused between rounds.
    fn refusals_between(&mut self) -> Check {
        let model = self.model()?.clone();
        match self.rng.range(0, 4) {
            0 => {
                // An unknown name one letter away from a registered one: "did you mean".
                let active = model.active();
                let Some(&p) = active.iter().find(|&&p| model.players[p].name.chars().count() >= 5) else {
                    return Ok(());
                };
                let name = model.players[p].name.clone();
                let mut chars: Vec<char> = name.chars().collect();
                let at = chars.len() / 2;
                chars[at] = if chars[at] == 'q' { 'x' } else { 'q' };
                let typo: String = chars.into_iter().collect();
                if model.find(&typo).is_ok() {
                    return Ok(());
                }
                let refusal = model.clone().drop_players(&[&typo]).err().ok_or("the model dropped a typo")?;
                let run = self.refused("drop", &[&typo], &refusal)?;
                if !run.stderr.to_lowercase().contains("did you mean") || !run.stderr.contains(&name) {
                    return Err(format!("drop {typo:?}: no 'did you mean' {name:?}: {:?}", run.stderr));
                }
            }
            1 => {
                // `enter` with an active player's name (or any name under profile contest).
                let active = model.active();
                let name = model.players[active[self.rng.below(active.len())]].name.clone();
                let refusal =
                    model.clone().enter(&name, Missed::Default).err().ok_or("the model let an active player enter")?;
                self.refused("enter", &[&name], &refusal)?;
            }
            2 => {
                // The cut before the Swiss rounds are over.
                let refusal = model.clone().cut(8).err().ok_or("the model cut early")?;
                self.refused("cut", &[], &refusal)?;
            }
            _ => {
                // A table the round does not have.
                let table = model.rounds.last().map_or(0, |r| r.matches.len()) + 1 + self.rng.below(3);
                let result = self.random_result(false)?;
                let refusal =
                    model.clone().report(None, table, &result).err().ok_or("the model took a missing table")?;
                self.refused("report", &[&table.to_string(), &result], &refusal)?;
            }
        }
        Ok(())
    }

    /// Reads the pairing of the round in progress (`pairings --format csv`) as the model's.
    fn read_pairing(&mut self, args: &[&str]) -> Check<(String, Pairing)> {
        let text = self.read("pairings", args)?;
        let records = standings::read_csv(text.as_bytes()).map_err(|e| format!("pairings: {e}\n{text}"))?;
        let Some((header, rows)) = records.split_first() else { return Err("pairings: empty".to_owned()) };
        if header != &["table", "player1", "points1", "player2", "points2"] {
            return Err(format!("pairings header {header:?}"));
        }
        let model = self.model()?;
        let mut pairing = Pairing::default();
        for row in rows {
            let [table, p1, _, p2, _] = row.as_slice() else { return Err(format!("pairings row {row:?}")) };
            let p1 = model.find(p1).map_err(|r| r.why)?;
            if p2.is_empty() && table.is_empty() {
                if pairing.bye.replace(p1).is_some() {
                    return Err("two byes".to_owned());
                }
                continue;
            }
            let p2 = model.find(p2).map_err(|r| r.why)?;
            let table = table.parse().map_err(|_| format!("table {table:?}"))?;
            pairing.matches.push(Match { table, p1, p2, result: None });
        }
        Ok((text, pairing))
    }

    fn pair_swiss(&mut self, round: usize) -> Check {
        let model = self.model()?.clone();
        if model.may_pair() != Ok(true) {
            return Err(format!("the model cannot pair round {round}: {:?}", model.may_pair()));
        }
        let before = self.bytes();
        let run = self.exec("pair", &["--format", "csv"]);
        if run.status != 0 {
            return Err(format!("pair round {round}: exit {} ({})", run.status, run.stderr));
        }
        let after = self.bytes();
        let (listed, pairing) = self.read_pairing(&["--format", "csv"])?;
        if run.stdout != listed.as_bytes() {
            return Err(format!("pair printed\n{}\npairings prints\n{listed}", String::from_utf8_lossy(&run.stdout)));
        }
        let (goal, exhaustive) =
            model.check_pairing(&pairing).map_err(|e| format!("round {round} pairing: {e}\n{listed}"))?;
        if exhaustive {
            self.summary.exhaustive += 1;
        } else {
            self.summary.local += 1;
        }
        let mut next = model.clone();
        next.record_pairing(pairing);
        self.history.push((before.clone(), model));
        self.model = Some(next);
        let expected = self.model()?.pairings_by_table(round);
        if listed != expected {
            return Err(format!("round {round} pairings (objective {goal:?})\n{listed}\nexpected\n{expected}"));
        }
        self.check_by_name(round, &[])?;
        // Undo the pairing and pair again: the same pairing.
        if self.chance(25) {
            self.undo()?;
            let again = self.exec("pair", &["--format", "csv"]);
            if again.status != 0 || again.stdout != run.stdout {
                return Err(format!(
                    "round {round} paired again after undo: exit {}\n{}\nfirst\n{listed}",
                    again.status,
                    String::from_utf8_lossy(&again.stdout)
                ));
            }
            let mut next = self.model()?.clone();
            let previous = next.clone();
            let (_, pairing) = self.read_pairing(&["--format", "csv"])?;
            next.record_pairing(pairing);
            self.history.push((before, previous));
            self.model = Some(next);
            if self.bytes() != after {
                // The same pairing from the same file: the same file is not required, but the
                // pairing is (checked above); note the difference for the report only.
                self.log.push("(the event file after pairing again differs from the first)".to_owned());
            }
        }
        Ok(())
    }

    fn check_by_name(&mut self, round: usize, extra: &[&str]) -> Check {
        let r = round.to_string();
        let args = [&["--by", "name", "--format", "csv", "--round", r.as_str()][..], extra].concat();
        let text = self.read("pairings", &args)?;
        let mut rows = self.model()?.pairings_by_name(round);
        let sorted = |rows: &mut Vec<(String, String)>, key: fn(&str) -> String| {
            rows.sort_by(|a, b| key(&a.0).cmp(&key(&b.0)).then_with(|| a.0.cmp(&b.0)));
            let mut out = String::from("player,table,opponent,points\n");
            for (_, row) in rows.iter() {
                out.push_str(row);
                out.push('\n');
            }
            out
        };
        let unicode = sorted(&mut rows, str::to_lowercase);
        let ascii = sorted(&mut rows, str::to_ascii_lowercase);
        if text != unicode && text != ascii {
            return Err(format!("pairings --by name of round {round}\n{text}\nexpected\n{unicode}"));
        }
        Ok(())
    }

    /// Reports every result of the round in progress, with corrections, refusals, drops and
    /// entries during the round, and an undo now and then.
    fn play_round(&mut self, round: usize) -> Check {
        let planned = self.model()?.settings.rounds;
        let mut tables = self.model()?.missing();
        self.rng.shuffle(&mut tables);
        // Some tables at once from a CSV.
        let batch =
            if tables.len() >= 3 && self.chance(40) { self.rng.range(2, tables.len() as u64) as usize } else { 0 };
        let (by_file, one_by_one) = tables.split_at(batch);
        let (by_file, one_by_one) = (by_file.to_vec(), one_by_one.to_vec());
        if !by_file.is_empty() {
            self.report_from(&by_file)?;
        }
        for (i, &table) in one_by_one.iter().enumerate() {
            if self.chance(10) {
                let text = self.doubtful_result();
                let t = table.to_string();
                let mut next = self.model()?.clone();
                let verdict = next.report(None, table, &text).map(|_| next);
                self.judged("report", &[&t, &text], verdict)?;
            }
            let result = self.random_result(true)?;
            self.report(table, &result)?;
            if self.chance(8) {
                let correction = self.random_result(true)?;
                self.report(table, &correction)?;
            }
            if self.chance(6) {
                self.undo()?;
                self.report(table, &result)?;
            }
            if i == one_by_one.len() / 2 {
                let missing = self.model()?.missing();
                if !missing.is_empty() {
                    let refusal = self.model()?.may_pair().err().ok_or("the model pairs with results missing")?;
                    let run = self.refused("pair", &[], &refusal)?;
                    let said = numbers(&run.stderr);
                    if !said.contains(&round) || missing.iter().any(|t| !said.contains(t)) {
                        return Err(format!(
                            "pair refused without round {round} and tables {missing:?}: {:?}",
                            run.stderr
                        ));
                    }
                    let status = self.read("status", &[])?;
                    let said = numbers(&status);
                    if missing.iter().any(|t| !said.contains(t)) {
                        return Err(format!("status does not show the tables without a result {missing:?}:\n{status}"));
                    }
                }
                if self.chance(30) {
                    self.check_standings(None, false, false)?;
                    let export = self.read("export", &[])?;
                    self.compare_export(&export)?;
                }
                if round < planned && self.chance(20) {
                    self.drop_some(1)?;
                }
                if round < planned && self.model()?.settings.profile == Profile::Mtr && self.chance(15) {
                    self.enter_late()?;
                }
            }
        }
        Ok(())
    }

    fn report(&mut self, table: usize, result: &str) -> Check {
        let t = table.to_string();
        let mut next = self.model()?.clone();
        let verdict = next.report(None, table, result).map(|_| next);
        self.judged("report", &[&t, result], verdict)?;
        Ok(())
    }

    fn report_from(&mut self, tables: &[usize]) -> Check {
        let mut rows = Vec::new();
        for &table in tables {
            let result = self.random_result(false)?;
            let parts: Vec<&str> = result.split('-').collect();
            let d = parts.get(2).copied().unwrap_or("0");
            rows.push(format!("{table},{},{},{d}", parts[0], parts[1]));
        }
        // Now and then a file with one wrong row first: refused as a whole.
        if self.chance(25) {
            let mut wrong = rows.clone();
            let at = self.rng.below(wrong.len());
            wrong[at] = if self.chance(50) { format!("{},3,3,0", tables[at]) } else { "999,2,0,0".to_owned() };
            let csv = format!("table,wins1,wins2,draws\n{}\n", wrong.join("\n"));
            let path = self.scratch_file("results-wrong", csv.as_bytes())?;
            let mut next = self.model()?.clone();
            let verdict = next.report_from(None, csv.as_bytes()).map(|()| next);
            self.judged("report", &["--from", &path], verdict)?;
        }
        let csv = format!("table,wins1,wins2,draws\n{}\n", rows.join("\n"));
        let path = self.scratch_file("results", csv.as_bytes())?;
        let mut next = self.model()?.clone();
        let verdict = next.report_from(None, csv.as_bytes()).map(|()| next);
        self.judged("report", &["--from", &path], verdict)?;
        Ok(())
    }

    /// `export` against the model's (a bye's result written either way).
    fn compare_export(&self, got: &str) -> Check {
        let expected = self.model()?.export();
        let normal = |text: &str| -> String {
            text.lines()
                .map(|l| l.strip_suffix(",,2,0,0").map_or_else(|| l.to_owned(), |head| format!("{head},,,,")))
                .collect::<Vec<_>>()
                .join("\n")
        };
        if normal(got) != normal(&expected) || !got.ends_with('\n') {
            return Err(format!("export\n{got}\nexpected\n{expected}"));
        }
        Ok(())
    }

    /// `standings` (csv, and with `full` json, table and html) against the model's.
    fn check_standings(&mut self, round: Option<usize>, active: bool, full: bool) -> Check {
        let model = self.model()?.clone();
        let (lines, upto, order) = match model.standings(round, active) {
            Ok(answer) => answer,
            Err(r) if r.why == "no result yet" => return Ok(()),
            Err(r) => return Err(r.why),
        };
        let r = round.map(|r| r.to_string());
        let mut args: Vec<&str> = vec![];
        if let Some(r) = &r {
            args.extend(["--round", r.as_str()]);
        }
        if active {
            args.push("--active");
        }
        let csv = self.read("standings", &[&args[..], &["--format", "csv"]].concat())?;
        let expected = model.standings_csv(&lines);
        let without_rank = |text: &str| -> Vec<String> {
            text.lines().skip(1).map(|l| l.split_once(',').map_or(l, |x| x.1).to_owned()).collect()
        };
        let same = match order {
            Order::Swiss => csv == expected,
            Order::Final => {
                csv.lines().next() == expected.lines().next() && without_rank(&csv) == without_rank(&expected)
            }
            Order::Unordered => {
                let (mut a, mut b) = (without_rank(&csv), without_rank(&expected));
                a.sort();
                b.sort();
                csv.lines().next() == expected.lines().next() && a == b
            }
        };
        if !same {
            return Err(format!("standings {args:?} ({order:?})\n{csv}\nexpected\n{expected}"));
        }
        self.summary.standings += 1;
        if !full {
            return Ok(());
        }
        let text = self.read("standings", &[&args[..], &["--format", "json"]].concat())?;
        let got = json::parse(&text).map_err(|e| format!("standings json: {e}\n{text}"))?;
        let want = json::parse(&model.standings_json(&lines, upto)).map_err(|e| format!("the model's json: {e}"))?;
        let comparable = |value: json::Json| -> json::Json {
            if order == Order::Swiss {
                return value;
            }
            // Ranks aside (and order aside during the playoff).
            let json::Json::Object(mut top) = value else { return value };
            if let Some(json::Json::Array(rows)) = top.get_mut("standings") {
                for row in rows.iter_mut() {
                    if let json::Json::Object(fields) = row {
                        fields.remove("rank");
                    }
                }
                if order == Order::Unordered {
                    rows.sort_by_key(|row| format!("{row:?}"));
                }
            }
            json::Json::Object(top)
        };
        if comparable(got) != comparable(want) {
            return Err(format!("standings json {args:?}\n{text}\nexpected\n{}", model.standings_json(&lines, upto)));
        }
        if order == Order::Swiss {
            let table = self.read("standings", &args)?;
            let names: Vec<String> = model.players.iter().map(|p| p.name.clone()).collect();
            let rows: Vec<Standing> =
                lines.iter().map(|l| Standing { player: l.player, ..l.standing.clone() }).collect();
            standings::check_table(&table, &rows, &names, 4)
                .map_err(|e| format!("standings table {args:?}: {e}\n{table}"))?;
        }
        if self.chance(30) {
            let html = self.read("standings", &[&args[..], &["--format", "html"]].concat())?.to_lowercase();
            if !html.contains("<html") || !html.contains("</html>") {
                return Err("standings --format html: no <html>...</html>".to_owned());
            }
        }
        Ok(())
    }

    fn check_round(&mut self, round: usize) -> Check {
        let export = self.read("export", &[])?;
        self.compare_export(&export)?;
        self.check_standings(None, false, true)?;
        if self.chance(50) {
            let full = self.chance(30);
            self.check_standings(None, true, full)?;
        }
        if round > 1 && self.chance(40) {
            let k = self.rng.range(1, round as u64 - 1) as usize;
            self.check_standings(Some(k), false, false)?;
            // The pairings of an earlier round, with the points as they stand now.
            let r = k.to_string();
            let by: &[&str] = if self.chance(50) { &["--by", "table"] } else { &[] };
            let (text, _) = self.read_pairing(&[&["--format", "csv", "--round", &r][..], by].concat())?;
            let expected = self.model()?.pairings_by_table(k);
            if text != expected {
                return Err(format!("pairings --round {k}\n{text}\nexpected\n{expected}"));
            }
            self.check_by_name(k, &[])?;
        }
        let status = self.read("status", &[])?;
        if status.trim().is_empty() {
            return Err("status printed nothing".to_owned());
        }
        if self.chance(20) {
            let table = self.read("pairings", &[])?;
            if table.trim().is_empty() {
                return Err("pairings (table) printed nothing".to_owned());
            }
        }
        if self.chance(40) {
            let k = self.rng.range(1, round as u64) as usize;
            let r = k.to_string();
            let slips = if k == round { self.read("slips", &[])? } else { self.read("slips", &["--round", &r])? };
            let model = self.model()?;
            let last = model.rounds.get(k - 1).ok_or("no round")?;
            for m in &last.matches {
                for p in [m.p1, m.p2] {
                    if !slips.contains(&model.players[p].name) {
                        return Err(format!("slips without {:?}", model.players[p].name));
                    }
                }
            }
        }
        Ok(())
    }

    /// A copy of the event file with a line of invalid UTF-8 inserted as its second line:
    /// every command refuses it (exit 1, `error: 2:COLUMN: ...`) and leaves it byte-identical.
    fn corrupted_copy(&mut self) -> Check {
        let bytes = self.bytes();
        let first = bytes.iter().position(|&b| b == b'\n').map_or(bytes.len(), |i| i + 1);
        let mut corrupted = bytes[..first].to_vec();
        if !corrupted.ends_with(b"\n") {
            corrupted.push(b'\n');
        }
        corrupted.extend_from_slice(b"\xFF\xFE garbage\n");
        corrupted.extend_from_slice(&bytes[first..]);
        let copy = self.dir.join("corrupted.event").to_string_lossy().into_owned();
        std::fs::write(&copy, &corrupted).map_err(|e| e.to_string())?;
        for (sub, args) in [
            ("standings", &["--format", "csv"][..]),
            ("report", &["1", "2-0"][..]),
            ("pair", &[][..]),
            ("export", &[][..]),
        ] {
            let run = self.exec_on(&copy, sub, args);
            let at = run
                .stderr
                .strip_prefix("error: 2:")
                .and_then(|rest| rest.split(':').next())
                .and_then(|c| c.parse::<u32>().ok());
            if run.status != 1 || !run.stdout.is_empty() || at.is_none() {
                return Err(format!("{sub} on a corrupted file: exit {}, stderr {:?}", run.status, run.stderr));
            }
            if std::fs::read(&copy).map_err(|e| e.to_string())? != corrupted {
                return Err(format!("{sub} wrote over a corrupted file"));
            }
            self.summary.refusals += 1;
        }
        Ok(())
    }

    fn playoff(&mut self) -> Check {
        let active = self.model()?.active().len();
        let top = match self.config.cut {
            Some(8) if active >= 8 => 8,
            Some(_) if active >= 4 => 4,
            _ => return Ok(()),
        };
        let t = top.to_string();
        self.refused("cut", &["--top", "5"], &Refused { status: 2, why: "--top 8 or 4".to_owned() })?;
        let mut next = self.model()?.clone();
        let verdict = next.cut(top).map(|()| next);
        let args: &[&str] = if top == 8 && self.chance(50) { &[] } else { &["--top", &t] };
        if self.judged("cut", args, verdict)?.is_none() {
            return Err("the model refused the cut".to_owned());
        }
        let expected: Vec<(usize, usize)> = self
            .model()?
            .playoff
            .as_ref()
            .map(|p| p.rounds[0].iter().map(|m| (m.p1, m.p2)).collect())
            .unwrap_or_default();
        let (_, pairing) = self.read_pairing(&["--format", "csv"])?;
        self.model()?.check_playoff_pairing(&pairing, &expected)?;
        if let Some(playoff) = self.model.as_mut().and_then(|m| m.playoff.as_mut()) {
            playoff.rounds[0] = pairing.matches;
        }
        if self.model()?.settings.profile == Profile::Mtr {
            let refusal =
                self.model()?.clone().enter("After Cut", Missed::Default).err().ok_or("entry after the cut")?;
            self.refused("enter", &["After Cut"], &refusal)?;
        }
        loop {
            self.summary.playoff_rounds += 1;
            let tables = self.model()?.missing();
            for table in tables {
                let t = table.to_string();
                if self.chance(40) {
                    let draw = if self.model()?.settings.games_to_win == 2 { "1-1-1" } else { "0-0-1" };
                    let refusal = self.model()?.clone().report(None, table, draw).err().ok_or("a playoff draw")?;
                    self.refused("report", &[&t, draw], &refusal)?;
                }
                let model = self.model()?;
                let g = model.settings.games_to_win;
                let mut winners = Vec::new();
                for (w, l, d) in (0..=g).flat_map(|w| (0..=g).flat_map(move |l| (0..=3).map(move |d| (w, l, d)))) {
                    if model.check_games(w, l, d, true).is_ok() {
                        winners.push(format!("{w}-{l}-{d}"));
                    }
                }
                let result = winners[self.rng.below(winners.len())].clone();
                let result = result.strip_suffix("-0").map_or(result.clone(), str::to_owned);
                self.report(table, &result)?;
            }
            if self.model()?.final_played() {
                break;
            }
            let model = self.model()?.clone();
            if model.may_pair() != Ok(false) {
                return Err(format!("the model cannot pair the playoff: {:?}", model.may_pair()));
            }
            let expected = model.next_playoff_round();
            let before = self.bytes();
            let run = self.exec("pair", &[]);
            if run.status != 0 {
                return Err(format!("playoff pair: exit {} ({})", run.status, run.stderr));
            }
            let (_, pairing) = self.read_pairing(&["--format", "csv"])?;
            model.check_playoff_pairing(&pairing, &expected)?;
            let mut next = model.clone();
            next.record_playoff(pairing);
            self.history.push((before, model));
            self.model = Some(next);
        }
        let refusal = self.model()?.may_pair().err().ok_or("the model pairs after the final")?;
        self.refused("pair", &[], &refusal)?;
        self.check_standings(None, false, true)?;
        self.check_standings(None, true, false)?;
        Ok(())
    }
}

/// The names of a players list read by the reference (the driver's own list must read back
/// as the names it meant).
fn standings_names(list: &[u8]) -> Check<Vec<String>> {
    crate::reference::event::players_list(list)
        .map_err(|(line, e)| format!("the driver's players list, line {line}: {e}"))
}

/// The numbers written in `text` (runs of ASCII digits).
fn numbers(text: &str) -> Vec<usize> {
    text.split(|c: char| !c.is_ascii_digit()).filter_map(|w| w.parse().ok()).collect()
}
