//! Command-line parsing for `referee`, without dependencies.

use referee_core::judge::{Options, Problem};
use referee_core::standings::{Profile, MAX_ROUNDS};
use referee_core::tavern::{Strategy, DEFAULT_TABLE_WORDS, FIXED_SCRATCH_WORDS};

use crate::pair;
use crate::standings::{self, Format};

/// The most threads `--threads` takes.
pub const MAX_THREADS: usize = 64;

/// How the program that runs the command line shares work among threads: the default of
/// `--threads` and the sizes its help texts quote (the binary's; the page runs on one thread).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threads {
    /// The default number of threads.
    pub default: usize,
    /// The fewest players of a part of a `swiss` round written on its own thread.
    pub min_players: usize,
    /// The fewest bytes of input of a part of a `swiss` input of many test cases.
    pub min_part_bytes: u64,
    /// The fewest columns of a range of a `pathgame` board decided on its own thread.
    pub min_columns: u64,
}

impl Threads {
    /// One thread: what a program without threads (the page) runs on.
    pub const ONE: Self = Self { default: 1, min_players: 1024, min_part_bytes: 256 << 10, min_columns: 1 << 21 };
}

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// Print this help text and exit.
    Help(String),
    /// Print this version text and exit.
    Version(String),
    /// Solve one input.
    Solve(Invocation),
    /// Rank a results file (`referee standings`).
    Standings(StandingsInvocation),
    /// Pair the next round of an event (`referee pair`).
    Pair(PairInvocation),
    /// Keep an event (`referee event`).
    Event(crate::event::cli::EventInvocation),
}

/// `referee standings` with its options and where its input comes from.
#[derive(Debug, PartialEq, Eq)]
pub struct StandingsInvocation {
    /// Profile, round and format.
    pub options: standings::Options,
    /// The results file; `None` (or `-`) reads stdin.
    pub file: Option<String>,
}

/// The name of the standings command.
pub const STANDINGS: &str = "standings";

/// The help text of `referee standings`.
fn standings_help() -> String {
    format!(
        concat!(
            "referee standings: ranked standings of a Swiss event from its results file (CSV), exact\n\n",
            "Usage: referee standings [OPTIONS] [FILE]\n\n",
            "Reads the results CSV (header round,player1,player2,wins1,wins2,draws; one row per\n",
            "match or bye) from FILE or stdin and prints the players ranked by match points, OMW,\n",
            "GW and OGW, compared exactly. A refusal is 'error: <line>:<field>: <message>', exit 1.\n\n",
            "Options:\n",
            "      --profile mtr|contest\n",
            "                 mtr: the MTR's 33/100 floor (default); contest: 1/3, as 'swiss'\n",
            "      --round R  The standings after round R (default: the last round of the file)\n",
            "      --format table|csv|json\n",
            "                 table: aligned, percentages to two decimals (default);\n",
            "                 csv, json: exact fractions p/q\n",
            "  -h, --help     Print help\n",
            "\nAt most {} rounds (every value then provably fits the 128-bit integers).\n",
        ),
        MAX_ROUNDS
    )
}

/// Parses the arguments of `referee standings` (after its name).
fn parse_standings(args: &[String]) -> Result<Command, String> {
    let mut options = standings::Options::default();
    let file = subcommand_args(args, STANDINGS, |flag, inline_value, rest| {
        match flag {
            "--profile" => {
                let value = flag_value(flag, inline_value, rest)?;
                options.profile = Profile::from_name(value)
                    .ok_or_else(|| format!("unknown profile '{value}' (expected mtr or contest)"))?;
            }
            "--round" => {
                let value = flag_value(flag, inline_value, rest)?;
                let round = value
                    .parse::<u32>()
                    .ok()
                    .filter(|r| (1..=MAX_ROUNDS).contains(r) && !value.starts_with(['+', '0']))
                    .ok_or_else(|| format!("--round expects a round number 1..={MAX_ROUNDS}, found '{value}'"))?;
                options.round = Some(round);
            }
            "--format" => {
                let value = flag_value(flag, inline_value, rest)?;
                options.format = Format::from_name(value)
                    .ok_or_else(|| format!("unknown format '{value}' (expected table, csv or json)"))?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    Ok(match file {
        None => Command::Help(standings_help()),
        Some(file) => Command::Standings(StandingsInvocation { options, file }),
    })
}

/// `referee pair` with its options and where its input comes from.
#[derive(Debug, PartialEq, Eq)]
pub struct PairInvocation {
    /// Input kind and seed.
    pub options: pair::Options,
    /// Print the objective on stderr.
    pub explain: bool,
    /// The results file (or list of players); `None` (or `-`) reads stdin.
    pub file: Option<String>,
}

/// The name of the pairing command.
pub const PAIR: &str = "pair";

/// The help text of `referee pair`.
fn pair_help() -> String {
    concat!(
        "referee pair: the optimal next round of a Swiss event\n\n",
        "Usage: referee pair [OPTIONS] [FILE]\n\n",
        "Reads a results CSV (as 'referee standings' does) from FILE or stdin and prints the next\n",
        "round's rows (round,player1,player2,wins1,wins2,draws with the results empty, the bye\n",
        "last) for the players who have not dropped. The pairing has the fewest rematches, then\n",
        "no second bye, then the bye to the fewest points, then the least sum of squared point\n",
        "differences over the matches: the optimum, found exactly. The same input always gives\n",
        "the same rows. A refusal is 'error: <line>:<field>: <message>', exit 1.\n\n",
        "Options:\n",
        "      --players  FILE lists the players, one name a line: pair round 1\n",
        "      --seed N   Choose among the optimal pairings at random, reproducibly (N: 0..2^64)\n",
        "      --explain  Also print 'rematches R, second byes B, bye points Y, cost C' on stderr\n",
        "  -h, --help     Print help\n",
    )
    .to_owned()
}

/// Parses the arguments of `referee pair` (after its name).
fn parse_pair(args: &[String]) -> Result<Command, String> {
    let mut options = pair::Options::default();
    let mut explain = false;
    let file = subcommand_args(args, PAIR, |flag, inline_value, rest| {
        match (flag, inline_value) {
            ("--players", None) => options.players = true,
            ("--explain", None) => explain = true,
            ("--seed", _) => {
                let value = flag_value(flag, inline_value, rest)?;
                let seed = value.parse::<u64>().ok().filter(|_| !value.starts_with('+')).ok_or_else(|| {
                    format!("--seed expects a whole number 0..=18446744073709551615, found '{value}'")
                })?;
                options.seed = Some(seed);
            }
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    Ok(match file {
        None => Command::Help(pair_help()),
        Some(file) => Command::Pair(PairInvocation { options, explain, file }),
    })
}

/// Walks the arguments of subcommand `command`: `-h`/`--help` (the result is then `None`),
/// options (`--flag value` or `--flag=value`, each offered to `take`, which says whether it
/// knows it), `--` (everything after it is a file), and at most one FILE (`-` is stdin).
fn subcommand_args<'a>(
    args: &'a [String],
    command: &str,
    mut take: impl FnMut(&str, Option<&'a str>, &mut std::slice::Iter<'a, String>) -> Result<bool, String>,
) -> Result<Option<Option<String>>, String> {
    let mut file = None;
    let mut only_files = false;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let (flag, inline_value) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") && !only_files => (flag, Some(value)),
            _ => (arg.as_str(), None),
        };
        match flag {
            "-h" | "--help" if !only_files && inline_value.is_none() => return Ok(None),
            "--" if !only_files => only_files = true,
            flag if !only_files && flag.starts_with('-') && flag != "-" => {
                if !take(flag, inline_value, &mut rest)? {
                    return Err(format!("unknown option '{arg}' for '{command}'"));
                }
            }
            path => {
                if file.replace(path.to_owned()).is_some() {
                    return Err(format!("unexpected argument '{path}': only one FILE is read"));
                }
            }
        }
    }
    Ok(Some(file))
}

/// A problem to solve, its options and where its input comes from.
#[derive(Debug, PartialEq, Eq)]
pub struct Invocation {
    /// The problem.
    pub problem: Problem,
    /// Options for its driver.
    pub options: Options,
    /// The input file; `None` (or `-`) reads stdin.
    pub file: Option<String>,
    /// Threads the problem may use (`--threads`, for `swiss`, `tavern` and `pathgame`; default
    /// [`Threads::default`]).
    pub threads: usize,
    /// `battle --needs`: print the limits and scratch the board's search needs, not its odds.
    pub needs: bool,
    /// `battle --rules tavern`: `battle.md`'s rules instead of the game's (the default).
    pub tavern_rules: bool,
    /// `battle --input`: how the board is written (game rules; default: JSON when it starts
    /// with `{`, else the text format).
    pub battle_input: crate::battle::Input,
    /// `battle --format`: how the answer is written (game rules; default: the spec's text).
    pub battle_format: crate::battle::Format,
    /// `battle --time SECONDS` (in milliseconds): the game rules' search answers exactly
    /// within it, else with certified bounds ([`DEFAULT_BATTLE_TIME_MS`]).
    pub time_ms: u64,
}

/// The default of `battle --time`: 1.5 s.
pub const DEFAULT_BATTLE_TIME_MS: u64 = 1500;

/// The milliseconds of `SECONDS[.DDD]` (at most three decimals), if it is that.
fn milliseconds(value: &str) -> Option<u64> {
    let (whole, fraction) = match value.split_once('.') {
        Some((_, "")) => return None,
        Some(parts) => parts,
        None => (value, ""),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || fraction.len() > 3 || !digits(whole) || !digits(fraction) || whole.len() > 6 {
        return None;
    }
    let padded = format!("{fraction:0<3}");
    whole.parse::<u64>().ok()?.checked_mul(1000)?.checked_add(padded.parse::<u64>().ok()?)
}

/// The largest `battle --time`: an hour.
const MAX_BATTLE_TIME_MS: u64 = 3_600_000;

/// The general help text.
fn general_help() -> String {
    let mut text = String::from(concat!(
        "referee ",
        env!("CARGO_PKG_VERSION"),
        ": exact answers to game and tournament problems, in judge format\n\n",
        "Usage: referee <PROBLEM> [OPTIONS] [FILE]\n",
        "       referee <PROBLEM> --help\n\n",
        "Reads the judge input from FILE (or stdin when FILE is absent or '-') and writes the\n",
        "answer to stdout. On invalid input: 'error: <line>:<column>: <message>' on stderr,\n",
        "nothing on stdout, exit status 1. Usage and I/O errors exit with status 2; a valid\n",
        "input beyond this build's memory, with 3.\n\n",
        "Problems:\n",
    ));
    for problem in Problem::ALL {
        text.push_str(&format!("  {:<10}{}\n", problem.name(), problem.summary()));
    }
    text.push_str(&format!(
        "  {STANDINGS:<10}Ranked standings of a Swiss event from its results CSV (names, drops, MTR)\n"
    ));
    text.push_str(&format!("  {PAIR:<10}The optimal next round of a Swiss event (no avoidable rematch, exact)\n"));
    text.push_str(&format!(
        "  {:<10}Keep a Swiss event from the first pairing to the top 8 ('referee event --help')\n",
        crate::event::cli::EVENT
    ));
    text.push_str("\nOptions:\n  -h, --help     Print help\n  -V, --version  Print version\n");
    text
}

/// The help text of one problem.
fn problem_help(problem: Problem, threads: &Threads) -> String {
    let summary = match problem {
        Problem::Battle => {
            "a Battlegrounds fight, exact: the odds, each hero's death and damage (--rules tavern: battle.md's odds)"
        }
        _ => problem.summary(),
    };
    let mut text = format!(
        "referee {name}: {summary}\n\nUsage: referee {name} [OPTIONS] [FILE]\n\nOptions:\n",
        name = problem.name(),
    );
    if problem.has_exact_mode() {
        text.push_str("      --exact    Print irreducible fractions p/q instead of 12-digit decimals\n");
    }
    if problem.has_strategies() {
        let kib = DEFAULT_TABLE_WORDS / 256;
        let scratch = match problem {
            Problem::Battle => "the table, beside the stack of the search".to_owned(),
            _ => format!("{} KiB of scratch in all", FIXED_SCRATCH_WORDS / 256),
        };
        text.push_str(concat!(
            "      --strategy memo|fixed\n",
            "                 memo: every state in a heap hash map (default);\n",
            "                 fixed: a fixed-size transposition table, no heap (as in firmware)\n",
            "      --table-kib N\n",
        ));
        text.push_str(&format!(
            "                 With --strategy fixed: its table in KiB, 0..=65536 (default {kib}, as in\n                 firmware: {scratch}; 0: no table, a plain search)\n"
        ));
    }
    if problem == Problem::Battle {
        text.push_str(concat!(
            "      --rules game|tavern\n",
            "                 game: the fight as Battlegrounds plays it (default): the attack cycle's\n",
            "                 marks, tokens, reborn as the base card, cleave, stealth, start of combat,\n",
            "                 heroes; the odds, each hero's death and its damage distribution\n",
            "                 tavern: battle.md's rules (fewest turns attacks; the odds only)\n",
            "      --input auto|text|json\n",
            "                 The board's format (game rules): text (the spec's), json (Firestone's\n",
            "                 field names, docs/battle.md); auto (default): json when the input\n",
            "                 starts with '{', else text\n",
            "      --format text|json|table\n",
            "                 The answer (game rules): text (default, the spec's lines), json (each\n",
            "                 probability as an exact fraction and a decimal), table (percentages,\n",
            "                 the lethal chances, the damage as a histogram)\n",
            "      --time SECONDS\n",
            "                 The game rules' time (default 1.5, at most 3600): the exact answer when\n",
            "                 the search finishes in time, else each probability as a lower and an\n",
            "                 upper bound that contain it, in every format: the text's lines end with\n",
            "                 'bounds', the JSON has \"bounded\": true, the table shows ranges\n",
            "                 (docs/battle.md)\n",
            "      --needs    With --rules tavern: print what the board's search needs instead of\n",
            "                 its odds: the least depth and steps (battle::Limits, the same on every\n",
            "                 target) and the scratch words they take with the strategy (a firmware's\n",
            "                 buffer)\n",
        ));
    }
    if problem == Problem::Swiss {
        text.push_str(&format!(
            "      --threads N\n                 Solve on up to N threads, 1..={MAX_THREADS} (default: the CPUs available,\n                 at most 8, here {}): an input file of many test cases is cut into parts of\n                 at least {} KiB at test case starts, a part a thread; a round of at least\n                 {} players has its standings written in parts of at least {};\n                 the answer and the errors are the same\n",
            threads.default,
            threads.min_part_bytes >> 10,
            2 * threads.min_players,
            threads.min_players
        ));
    }
    if problem == Problem::Tavern {
        text.push_str(&format!(
            "      --threads N\n                 Search on up to N threads, 1..={MAX_THREADS} (default: the CPUs available,\n                 at most 8, here {}): where the sides are even, the games of each side\n                 moving first on a thread, each with a cache (and a fixed table) of its\n                 own; the odds are exactly the same\n",
            threads.default
        ));
    }
    if problem == Problem::Pathgame {
        text.push_str(&format!(
            "      --threads N\n                 Decide on up to N threads, 1..={MAX_THREADS} (default: the CPUs available,\n                 at most 8, here {}): a board of two lines in an input file is cut into\n                 ranges of at least {} Mi columns, a range a thread; the answer and the\n                 errors are the same\n",
            threads.default,
            threads.min_columns >> 20
        ));
    }
    text.push_str("  -h, --help     Print help\n");
    text
}

/// Parses the arguments after the program name.
///
/// # Errors
/// A usage message for unknown problems, unknown options or extra arguments.
///
/// # Complexity
/// `O(A)` for the `A` arguments.
pub fn parse(args: &[String], threads: &Threads) -> Result<Command, String> {
    let Some(first) = args.first() else {
        return Err("missing COMMAND (one of: ".to_owned() + &problem_names() + ")");
    };
    match first.as_str() {
        "-h" | "--help" => return Ok(Command::Help(general_help())),
        "-V" | "--version" => return Ok(Command::Version(concat!("referee ", env!("CARGO_PKG_VERSION"), "\n").into())),
        STANDINGS => return parse_standings(&args[1..]),
        PAIR => return parse_pair(&args[1..]),
        crate::event::cli::EVENT => {
            return crate::event::cli::parse(&args[1..]).map(|parsed| match parsed {
                Ok(invocation) => Command::Event(invocation),
                Err(help) => Command::Help(help),
            })
        }
        _ => {}
    }
    let problem = Problem::from_name(first).ok_or_else(|| {
        let closest = command_names().into_iter().min_by_key(|name| edit_distance(name, first));
        let hint =
            closest.filter(|name| edit_distance(name, first) <= 2).map(|name| format!("; did you mean '{name}'?"));
        format!(
            "unknown command '{first}' (expected one of: {}){}",
            command_names().join(", "),
            hint.unwrap_or_default()
        )
    })?;
    let mut options = Options::default();
    let mut strategy = None;
    let mut table_kib = None;
    let mut file = None;
    let mut threads_given = None;
    let mut only_files = false;
    let mut needs = false;
    let mut tavern_rules = false;
    let mut battle_input = None;
    let mut battle_format = None;
    let mut time_ms = DEFAULT_BATTLE_TIME_MS;
    let mut rest = args[1..].iter();
    while let Some(arg) = rest.next() {
        let (flag, inline_value) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") && !only_files => (flag, Some(value)),
            _ => (arg.as_str(), None),
        };
        let strategies = !only_files && problem.has_strategies();
        match flag {
            "-h" | "--help" if !only_files && inline_value.is_none() => {
                return Ok(Command::Help(problem_help(problem, threads)))
            }
            "--exact" if !only_files && inline_value.is_none() && problem.has_exact_mode() => options.exact = true,
            "--needs" if !only_files && inline_value.is_none() && problem == Problem::Battle => needs = true,
            "--rules" if !only_files && problem == Problem::Battle => {
                tavern_rules = match flag_value(flag, inline_value, &mut rest)? {
                    "game" => false,
                    "tavern" => true,
                    other => return Err(format!("--rules expects 'game' or 'tavern', found '{other}'")),
                };
            }
            "--input" if !only_files && problem == Problem::Battle => {
                battle_input = Some(match flag_value(flag, inline_value, &mut rest)? {
                    "auto" => crate::battle::Input::Auto,
                    "text" => crate::battle::Input::Text,
                    "json" => crate::battle::Input::Json,
                    other => return Err(format!("--input expects 'auto', 'text' or 'json', found '{other}'")),
                });
            }
            "--format" if !only_files && problem == Problem::Battle => {
                battle_format = Some(match flag_value(flag, inline_value, &mut rest)? {
                    "text" => crate::battle::Format::Text,
                    "json" => crate::battle::Format::Json,
                    "table" => crate::battle::Format::Table,
                    other => return Err(format!("--format expects 'text', 'json' or 'table', found '{other}'")),
                });
            }
            "--time" if !only_files && problem == Problem::Battle => {
                let value = flag_value(flag, inline_value, &mut rest)?;
                time_ms = milliseconds(value).filter(|ms| (1..=MAX_BATTLE_TIME_MS).contains(ms)).ok_or_else(|| {
                    format!(
                        "--time expects seconds (at most 3 decimals), more than 0 and at most 3600, found '{value}'"
                    )
                })?;
            }
            "--strategy" if strategies => strategy = Some(flag_value(flag, inline_value, &mut rest)?),
            "--table-kib" if strategies => {
                let value = flag_value(flag, inline_value, &mut rest)?;
                let kib = value.parse::<usize>().ok().filter(|&kib| kib <= MAX_TABLE_KIB).ok_or_else(|| {
                    format!("--table-kib expects a number of KiB in 0..={MAX_TABLE_KIB}, found '{value}'")
                })?;
                table_kib = Some(kib);
            }
            "--threads" if !only_files && matches!(problem, Problem::Swiss | Problem::Tavern | Problem::Pathgame) => {
                let value = flag_value(flag, inline_value, &mut rest)?;
                let count = value.parse::<usize>().ok().filter(|n| (1..=MAX_THREADS).contains(n));
                threads_given = Some(count.ok_or_else(|| {
                    format!("--threads expects a number of threads in 1..={MAX_THREADS}, found '{value}'")
                })?);
            }
            "--" if !only_files => only_files = true,
            flag if !only_files && flag.starts_with('-') && flag != "-" => {
                return Err(format!("unknown option '{arg}' for '{}'", problem.name()));
            }
            path => {
                if file.replace(path.to_owned()).is_some() {
                    return Err(format!("unexpected argument '{path}': only one FILE is read"));
                }
            }
        }
    }
    if problem.has_strategies() {
        let strategy = strategy_of(strategy, table_kib)?;
        options = match problem {
            Problem::Battle => options.with_battle(strategy),
            _ => options.with_tavern(strategy),
        };
    }
    if needs && problem == Problem::Battle && !tavern_rules {
        return Err("--needs applies to --rules tavern only".to_owned());
    }
    if tavern_rules && (battle_input.is_some() || battle_format.is_some()) {
        return Err("--input and --format apply to --rules game only".to_owned());
    }
    let threads = threads_given.unwrap_or(threads.default);
    Ok(Command::Solve(Invocation {
        problem,
        options,
        file,
        threads,
        needs,
        tavern_rules,
        battle_input: battle_input.unwrap_or_default(),
        battle_format: battle_format.unwrap_or_default(),
        time_ms,
    }))
}

/// The largest `--table-kib`: the host's whole scratch limit (64 MiB).
const MAX_TABLE_KIB: usize = 65_536;

/// The strategy `--strategy` and `--table-kib` ask for; the host's default is the heap memo.
fn strategy_of(name: Option<&str>, table_kib: Option<usize>) -> Result<Strategy, String> {
    match (name.unwrap_or("memo"), table_kib) {
        ("memo", None) => Ok(Strategy::Memo),
        ("memo", Some(_)) => Err("--table-kib applies to --strategy fixed only".to_owned()),
        ("fixed", kib) => Ok(Strategy::Fixed { table_words: kib.map_or(DEFAULT_TABLE_WORDS, |kib| kib * 256) }),
        (other, _) => Err(format!("unknown strategy '{other}' (expected memo or fixed)")),
    }
}

/// The value of `flag`: after `=` or the next argument.
fn flag_value<'a>(
    flag: &str,
    inline_value: Option<&'a str>,
    rest: &mut impl Iterator<Item = &'a String>,
) -> Result<&'a str, String> {
    inline_value.or_else(|| rest.next().map(String::as_str)).ok_or_else(|| format!("{flag} expects a value"))
}

/// The problem names, comma-separated.
fn problem_names() -> String {
    command_names().join(", ")
}

/// Every command: the judge problems, then `standings`, `pair` and `event`.
fn command_names() -> Vec<&'static str> {
    Problem::ALL.iter().map(|p| p.name()).chain([STANDINGS, PAIR, crate::event::cli::EVENT]).collect()
}

/// The number of single-character insertions, deletions and substitutions from `a` to `b`.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb)).min(row[j] + 1).min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEST_THREADS: Threads = Threads { default: 4, ..Threads::ONE };

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn parses_problem_and_file() {
        let Ok(Command::Solve(inv)) = parse(&args(&["swiss", "in.txt"]), &TEST_THREADS) else { panic!("not a solve") };
        assert_eq!((inv.problem, inv.file.as_deref()), (Problem::Swiss, Some("in.txt")));
    }

    #[test]
    fn battle_time_is_seconds_with_at_most_three_decimals() {
        let time = |list: &[&str]| match parse(&args(list), &TEST_THREADS) {
            Ok(Command::Solve(inv)) => Ok(inv.time_ms),
            Ok(_) => Err("not a solve".to_owned()),
            Err(e) => Err(e),
        };
        assert_eq!(time(&["battle"]), Ok(DEFAULT_BATTLE_TIME_MS));
        assert_eq!(time(&["battle", "--time", "2"]), Ok(2000));
        assert_eq!(time(&["battle", "--time=0.25"]), Ok(250));
        assert_eq!(time(&["battle", "--time", "3600"]), Ok(3_600_000));
        for bad in ["0", "0.0001", "-1", "1e3", "3600.001", "", ".5", "1.", "x"] {
            assert!(time(&["battle", "--time", bad]).is_err(), "{bad}");
        }
        assert!(time(&["tavern", "--time", "1"]).is_err());
    }

    #[test]
    fn exact_is_an_option_of_the_problems_that_have_it() {
        let Ok(Command::Solve(inv)) = parse(&args(&["greater", "--exact", "-"]), &TEST_THREADS) else {
            panic!("not a solve")
        };
        assert_eq!((inv.problem, inv.options.exact, inv.file.as_deref()), (Problem::Greater, true, Some("-")));
        let Ok(Command::Solve(inv)) = parse(&args(&["greater"]), &TEST_THREADS) else { panic!("not a solve") };
        assert!(!inv.options.exact);
        assert_eq!(
            parse(&args(&["pathgame", "--exact"]), &TEST_THREADS),
            Err("unknown option '--exact' for 'pathgame'".to_owned())
        );
        assert!(
            matches!(parse(&args(&["greater", "-h"]), &TEST_THREADS), Ok(Command::Help(t)) if t.contains("--exact"))
        );
        assert!(
            matches!(parse(&args(&["--help"]), &TEST_THREADS), Ok(Command::Help(t)) if t.contains("greater") && t.contains("pathgame"))
        );
    }

    #[test]
    fn refuses_unknown_things() {
        assert!(parse(&args(&[]), &TEST_THREADS).is_err());
        assert!(parse(&args(&["chess"]), &TEST_THREADS).is_err());
        assert!(parse(&args(&["swiss", "--fast"]), &TEST_THREADS).is_err());
        assert!(parse(&args(&["swiss", "a", "b"]), &TEST_THREADS).is_err());
    }

    /// The invocation `list` parses to, or the usage error.
    fn solve_of(list: &[&str]) -> Result<Invocation, String> {
        match parse(&args(list), &TEST_THREADS) {
            Ok(Command::Solve(inv)) => Ok(inv),
            Ok(_) => Err("not a solve".to_owned()),
            Err(e) => Err(e),
        }
    }

    #[test]
    fn parses_the_battle_input_and_format() {
        use crate::battle::{Format, Input};
        let of = |list: &[&str]| solve_of(list).map(|inv| (inv.battle_input, inv.battle_format));
        assert_eq!(of(&["battle"]), Ok((Input::Auto, Format::Text)));
        assert_eq!(of(&["battle", "--input", "json", "--format=table"]), Ok((Input::Json, Format::Table)));
        assert_eq!(of(&["battle", "--input=text", "--format", "json"]), Ok((Input::Text, Format::Json)));
        assert_eq!(of(&["battle", "--input=auto", "--format", "text"]), Ok((Input::Auto, Format::Text)));
        assert!(of(&["battle", "--input", "yaml"]).is_err_and(|e| e.contains("--input expects")));
        assert!(of(&["battle", "--format", "csv"]).is_err_and(|e| e.contains("--format expects")));
        assert!(of(&["battle", "--rules", "tavern", "--format", "json"]).is_err());
        assert!(of(&["tavern", "--format", "json"]).is_err());
        assert!(
            matches!(parse(&args(&["battle", "-h"]), &TEST_THREADS), Ok(Command::Help(t)) if t.contains("--format text|json|table"))
        );
    }

    #[test]
    fn parses_swiss_tavern_and_pathgame_threads() {
        let threads = |list: &[&str]| solve_of(list).map(|inv| inv.threads);
        assert_eq!(threads(&["swiss", "x"]), Ok(TEST_THREADS.default));
        assert_eq!(threads(&["swiss", "--threads", "1", "x"]), Ok(1));
        assert_eq!(threads(&["swiss", "--threads=64", "x"]), Ok(64));
        for bad in ["0", "65", "two", ""] {
            let message = threads(&["swiss", &format!("--threads={bad}"), "x"]).unwrap_err();
            assert_eq!(message, format!("--threads expects a number of threads in 1..=64, found '{bad}'"));
        }
        assert_eq!(threads(&["swiss", "--threads"]).unwrap_err(), "--threads expects a value");
        assert_eq!(threads(&["tavern", "--threads", "2", "x"]), Ok(2));
        assert_eq!(threads(&["pathgame", "--threads=3", "x"]), Ok(3));
        assert_eq!(
            threads(&["greater", "--threads", "2", "x"]).unwrap_err(),
            "unknown option '--threads' for 'greater'"
        );
    }

    #[test]
    fn parses_tavern_strategies() {
        let solve = |list: &[&str]| solve_of(list).map(|inv| inv.options);
        assert_eq!(solve(&["tavern"]).map(|o| o.tavern), Ok(Strategy::Memo));
        assert_eq!(solve(&["tavern", "--strategy", "fixed"]).map(|o| o.tavern), Ok(Strategy::default()));
        assert_eq!(
            solve(&["tavern", "--strategy=memo", "--exact"]).map(|o| (o.tavern, o.exact)),
            Ok((Strategy::Memo, true))
        );
        let fixed = |table_words| Ok(Strategy::Fixed { table_words });
        assert_eq!(solve(&["tavern", "--strategy=fixed", "--table-kib", "2"]).map(|o| o.tavern), fixed(512));
        assert_eq!(solve(&["tavern", "--table-kib=0", "--strategy", "fixed"]).map(|o| o.tavern), fixed(0));
        assert_eq!(
            solve(&["tavern", "--strategy=fixed", "--table-kib=142"]).map(|o| o.tavern),
            fixed(DEFAULT_TABLE_WORDS)
        );
        assert!(solve(&["tavern", "--table-kib", "2"]).is_err());
        assert!(solve(&["tavern", "--strategy=fixed", "--table-kib", "99999999999"]).is_err());
        assert!(solve(&["tavern", "--strategy", "fast"]).is_err());
        assert!(solve(&["tavern", "--strategy"]).is_err());
        assert!(solve(&["tavern", "--table-kib", "x"]).is_err());
        assert!(solve(&["swiss", "--strategy", "memo"]).is_err());
        assert!(solve(&["swiss", "--exact"]).is_err());
        assert!(solve(&["tavern", "--exact=yes"]).is_err());
        assert_eq!(solve(&["tavern", "--", "--strategy=x"]).map(|o| o.tavern), Ok(Strategy::Memo));
    }

    #[test]
    fn parses_standings_options() {
        let Ok(Command::Standings(inv)) =
            parse(&args(&["standings", "--profile=contest", "--round", "2", "x.csv"]), &TEST_THREADS)
        else {
            panic!("not standings")
        };
        assert_eq!(inv.options.profile, Profile::Contest);
        assert_eq!(
            (inv.options.round, inv.options.format, inv.file.as_deref()),
            (Some(2), Format::Table, Some("x.csv"))
        );
        let Ok(Command::Standings(inv)) = parse(&args(&["standings", "--format", "json"]), &TEST_THREADS) else {
            panic!()
        };
        assert_eq!((inv.options.profile, inv.options.format, inv.file), (Profile::Mtr, Format::Json, None));
        for bad in [
            &["standings", "--round", "0"][..],
            &["standings", "--round", "01"],
            &["standings", "--round", "27"],
            &["standings", "--round"],
            &["standings", "--profile", "dci"],
            &["standings", "--format", "xml"],
            &["standings", "--exact"],
            &["standings", "a", "b"],
        ] {
            assert!(parse(&args(bad), &TEST_THREADS).is_err(), "{bad:?}");
        }
        assert!(
            matches!(parse(&args(&["standings", "--help"]), &TEST_THREADS), Ok(Command::Help(t)) if t.contains("--profile"))
        );
        assert!(matches!(parse(&args(&["--help"]), &TEST_THREADS), Ok(Command::Help(t)) if t.contains("standings")));
    }

    #[test]
    fn help_and_version() {
        assert!(matches!(parse(&args(&["--help"]), &TEST_THREADS), Ok(Command::Help(t)) if t.contains("swiss")));
        assert!(matches!(parse(&args(&["swiss", "-h"]), &TEST_THREADS), Ok(Command::Help(_))));
        assert!(matches!(parse(&args(&["-V"]), &TEST_THREADS), Ok(Command::Version(t)) if t.starts_with("referee ")));
    }
}
