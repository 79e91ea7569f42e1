//! The command line of `referee event`: its subcommands, their options and help texts, parsed
//! into an [`EventInvocation`] that [`super::store::execute`] runs against a [`super::store::Store`].

use referee_core::standings::{Profile, MAX_ROUNDS};

use super::output::Format;
use super::{Command, Missed, NewOptions};

/// What `referee event` was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventInvocation {
    /// The event file.
    pub file: String,
    /// The subcommand.
    pub action: Action,
    /// `--format`.
    pub format: Format,
}

/// A subcommand with what it reads besides the event file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `new`: the players list's path and the options (the seed `None`: the OS's).
    New {
        /// `--players`.
        players: String,
        /// The options (the seed set later).
        options: NewOptions,
        /// `--seed`.
        seed: Option<u64>,
    },
    /// `report --from`: the CSV's path.
    ReportFrom {
        /// The CSV's path.
        path: String,
        /// `--round`.
        round: Option<usize>,
    },
    /// `undo`.
    Undo,
    /// Any other command (the library's).
    Run(Command),
}

/// The name of the command.
pub const EVENT: &str = "event";

/// The subcommands, for the usage and "did you mean".
const SUBCOMMANDS: [&str; 13] = [
    "new",
    "pair",
    "report",
    "drop",
    "enter",
    "cut",
    "standings",
    "pairings",
    "slips",
    "status",
    "export",
    "undo",
    "help",
];

/// The help text of `referee event`.
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub fn help() -> String {
    concat!(
        "referee event: keep a Swiss event from the first pairing to the top 8, exact and offline\n\n",
        "Usage: referee event <COMMAND> FILE [ARGS] [OPTIONS]\n\n",
        "Commands:\n",
        "  new FILE --players LIST [--name TEXT] [--rounds N] [--profile mtr|contest]\n",
        "           [--games-to-win 1|2] [--seed N]     create the event (FILE must not exist)\n",
        "  pair FILE                  pair the next round (a playoff round after the cut)\n",
        "  report FILE TABLE RESULT [--round R]   record or correct a result: W-L, W-L-D, double-loss\n",
        "  report FILE --from CSV [--round R]     many results (header table,wins1,wins2,draws)\n",
        "  drop FILE NAME...          drop players from the next pairing on\n",
        "  enter FILE NAME [--missed loss|none]   a late entry, or a dropped player's re-entry\n",
        "  cut FILE [--top 8|4]       seed the playoff and pair its first round (default top 8)\n",
        "  standings FILE [--round R] [--active]  the standings (exact; after the final, the final order)\n",
        "  pairings FILE [--round R] [--by table|name]   a round's pairings\n",
        "  slips FILE [--round R]     a result slip per table\n",
        "  status FILE                the round, the tables without a result, the players\n",
        "  export FILE                the Swiss rounds as a results file of 'referee standings'\n",
        "  undo FILE                  revert the last change (the last 64 are kept in FILE.history/)\n\n",
        "Options:\n",
        "      --format table|csv|json|html   for every command that prints (default table)\n",
        "  -h, --help     Print help ('referee event COMMAND --help' for one command)\n\n",
        "Exit status: 0 done; 1 a wrong event file ('error: LINE:COLUMN: ...'), result or name, or an\n",
        "action the event's state forbids; 2 a bad command line, a file that cannot be read, written\n",
        "or locked; 3 beyond capacity. The file format and the rules: docs/event.md.\n",
    )
    .to_owned()
}

/// The options of subcommand `sub`.
fn options_of(sub: &str) -> &'static [&'static str] {
    match sub {
        "new" => &["--players", "--name", "--rounds", "--profile", "--games-to-win", "--seed"],
        "pair" | "status" | "export" => &["--format"],
        "report" => &["--round", "--from"],
        "drop" | "undo" => &[],
        "enter" => &["--missed"],
        "cut" => &["--top", "--format"],
        "standings" => &["--round", "--active", "--format"],
        "pairings" => &["--round", "--by", "--format"],
        _ => &["--round", "--format"],
    }
}

/// The help text of one subcommand.
fn sub_help(sub: &str) -> String {
    let line = help()
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter(|l| l.trim_start().starts_with(&format!("{sub} ")) || (sub == "new" && l.starts_with("           [")))
        .collect::<Vec<_>>()
        .join("\n");
    let format = if options_of(sub).contains(&"--format") { "      --format table|csv|json|html\n" } else { "" };
    format!(
        "referee event {sub}\n\nUsage:\n{line}\n\nOptions:\n{format}  -h, --help     Print help\n\nSee 'referee event --help' and docs/event.md.\n"
    )
}

/// A number argument.
fn number(flag: &str, value: &str, low: u64, high: u64) -> Result<u64, String> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| (low..=high).contains(n) && !value.starts_with('+') && (value == "0" || !value.starts_with('0')))
        .ok_or_else(|| format!("{flag} expects a number {low}..={high}, found '{value}'"))
}

/// A small number argument (a round, a table: the range fits a `usize` and a `u8` for 1..=2).
fn small(flag: &str, value: &str, low: u64, high: u64) -> Result<usize, String> {
    let n = number(flag, value, low, high)?;
    usize::try_from(n).map_err(|_| format!("{flag}: {n} is too large"))
}

/// Parses the arguments after `event`: `Ok(Err(help))` for a help text.
///
/// # Errors
/// A usage message.
///
/// # Complexity
/// `O(A)` for the `A` arguments.
pub fn parse(args: &[String]) -> Result<Result<EventInvocation, String>, String> {
    let Some(sub) = args.first() else { return Ok(Err(help())) };
    if matches!(sub.as_str(), "-h" | "--help" | "help") {
        return Ok(Err(help()));
    }
    if !SUBCOMMANDS.contains(&sub.as_str()) {
        let near = SUBCOMMANDS.iter().find(|s| crate::cli::edit_distance(s, sub) <= 2);
        let hint = near.map(|s| format!("; did you mean '{s}'?")).unwrap_or_default();
        return Err(format!("unknown event command '{sub}' (expected one of: {}){hint}", SUBCOMMANDS[..12].join(", ")));
    }
    if args[1..].iter().any(|a| a == "-h" || a == "--help") {
        return Ok(Err(sub_help(sub)));
    }
    let Some(file) = args.get(1).filter(|f| !f.starts_with("--")) else {
        return Err(format!("'event {sub}' expects the event FILE first"));
    };
    let mut positional: Vec<String> = Vec::new();
    let mut format = Format::Table;
    let mut round = None;
    let mut active = false;
    let mut by_name = None;
    let mut missed = None;
    let mut top = None;
    let mut from = None;
    let mut new = NewOptions::default();
    let mut players = None;
    let mut seed = None;
    let mut rest = args[2..].iter();
    let allowed = options_of(sub);
    while let Some(arg) = rest.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v)),
            _ => (arg.as_str(), None),
        };
        if !flag.starts_with("--") || flag.len() == 2 {
            positional.push(arg.clone());
            continue;
        }
        if !allowed.contains(&flag) {
            return Err(format!("unknown option '{flag}' for 'event {sub}'"));
        }
        if flag == "--active" {
            active = true;
            continue;
        }
        let value =
            inline.or_else(|| rest.next().map(String::as_str)).ok_or_else(|| format!("{flag} expects a value"))?;
        match flag {
            "--format" => {
                format = Format::from_name(value)
                    .ok_or_else(|| format!("unknown format '{value}' (expected table, csv, json or html)"))?;
            }
            "--round" => round = Some(small(flag, value, 1, u64::from(MAX_ROUNDS))?),
            "--by" => {
                by_name = Some(match value {
                    "name" => true,
                    "table" => false,
                    _ => return Err(format!("--by expects table or name, found '{value}'")),
                });
            }
            "--missed" => {
                missed = Some(match value {
                    "loss" => Missed::Loss,
                    "none" => Missed::None,
                    _ => return Err(format!("--missed expects loss or none, found '{value}'")),
                });
            }
            "--top" => {
                top = Some(match value {
                    "8" => 8,
                    "4" => 4,
                    _ => return Err(format!("--top expects 8 or 4, found '{value}'")),
                });
            }
            "--from" => from = Some(value.to_owned()),
            "--players" => players = Some(value.to_owned()),
            "--name" => new.name = Some(value.to_owned()),
            "--rounds" => new.rounds = Some(small(flag, value, 1, u64::from(MAX_ROUNDS))?),
            "--profile" => {
                new.profile = Profile::from_name(value)
                    .ok_or_else(|| format!("unknown profile '{value}' (expected mtr or contest)"))?;
            }
            "--games-to-win" => new.games_to_win = Some(if small(flag, value, 1, 2)? == 1 { 1 } else { 2 }),
            "--seed" => seed = Some(number(flag, value, 0, u64::MAX)?),
            _ => return Err(format!("unknown option '{flag}' for 'event {sub}'")),
        }
    }
    let count = |n: usize| -> Result<(), String> {
        if positional.len() > n {
            Err(format!("unexpected argument '{}' for 'event {sub}'", positional[n]))
        } else {
            Ok(())
        }
    };
    let action = match sub.as_str() {
        "new" => {
            count(0)?;
            if new.profile == Profile::Contest && new.games_to_win == Some(1) {
                return Err("profile contest is played best of three: no --games-to-win 1".to_owned());
            }
            let players = players.ok_or("'event new' expects --players LIST")?;
            Action::New { players, options: new, seed }
        }
        "pair" => {
            count(0)?;
            Action::Run(Command::Pair)
        }
        "report" => match from {
            Some(path) => {
                count(0)?;
                Action::ReportFrom { path, round }
            }
            None => {
                count(2)?;
                let [table, result] = [positional.first(), positional.get(1)];
                let (Some(table), Some(result)) = (table, result) else {
                    return Err("'event report' expects TABLE RESULT (or --from FILE.csv)".to_owned());
                };
                let table = small("TABLE", table, 1, 1 << 24)?;
                Action::Run(Command::Report { table, result: result.clone(), round })
            }
        },
        "drop" => {
            if positional.is_empty() {
                return Err("'event drop' expects at least one NAME".to_owned());
            }
            Action::Run(Command::Drop(positional.clone()))
        }
        "enter" => {
            count(1)?;
            let name = positional.first().ok_or("'event enter' expects a NAME")?.clone();
            Action::Run(Command::Enter { name, missed })
        }
        "cut" => {
            count(0)?;
            Action::Run(Command::Cut { top: top.unwrap_or(8) })
        }
        "standings" => {
            count(0)?;
            Action::Run(Command::Standings { round, active })
        }
        "pairings" => {
            count(0)?;
            Action::Run(Command::Pairings { round, by_name: by_name.unwrap_or(false) })
        }
        "slips" => {
            count(0)?;
            Action::Run(Command::Slips { round })
        }
        "status" => {
            count(0)?;
            Action::Run(Command::Status)
        }
        "export" => {
            count(0)?;
            if format != Format::Table && format != Format::Csv {
                return Err("'event export' writes the results file: --format csv only".to_owned());
            }
            Action::Run(Command::Export)
        }
        _ => {
            count(0)?;
            Action::Undo
        }
    };
    Ok(Ok(EventInvocation { file: file.clone(), action, format }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    fn parsed(list: &[&str]) -> EventInvocation {
        match parse(&args(list)) {
            Ok(Ok(invocation)) => invocation,
            other => panic!("{list:?}: {other:?}"),
        }
    }

    #[test]
    fn parses_every_subcommand() {
        let new = parsed(&["new", "f.event", "--players", "p.txt", "--seed", "7", "--rounds=5", "--games-to-win", "1"]);
        assert!(
            matches!(new.action, Action::New { seed: Some(7), ref options, .. } if options.rounds == Some(5) && options.games_to_win == Some(1))
        );
        let report = parsed(&["report", "f.event", "3", "2-1", "--round", "2"]);
        assert_eq!(report.action, Action::Run(Command::Report { table: 3, result: "2-1".to_owned(), round: Some(2) }));
        let from = parsed(&["report", "f.event", "--from", "r.csv"]);
        assert_eq!(from.action, Action::ReportFrom { path: "r.csv".to_owned(), round: None });
        let drop = parsed(&["drop", "f.event", "Ann", " Bob "]);
        assert_eq!(drop.action, Action::Run(Command::Drop(vec!["Ann".to_owned(), " Bob ".to_owned()])));
        let enter = parsed(&["enter", "f.event", "Kai", "--missed", "none"]);
        assert_eq!(enter.action, Action::Run(Command::Enter { name: "Kai".to_owned(), missed: Some(Missed::None) }));
        assert_eq!(parsed(&["cut", "f.event"]).action, Action::Run(Command::Cut { top: 8 }));
        let pairings = parsed(&["pairings", "f.event", "--by", "name", "--format", "html"]);
        assert_eq!(
            (pairings.action, pairings.format),
            (Action::Run(Command::Pairings { round: None, by_name: true }), Format::Html)
        );
        assert_eq!(parsed(&["undo", "f.event"]).action, Action::Undo);
    }

    #[test]
    fn refuses_bad_command_lines() {
        for list in [
            &["new", "f.event"][..],
            &["pair"],
            &["pair", "f.event", "extra"],
            &["report", "f.event", "1"],
            &["report", "f.event", "x", "2-0"],
            &["cut", "f.event", "--top", "5"],
            &["standings", "f.event", "--round", "0"],
            &["standings", "f.event", "--format", "xml"],
            &["drop", "f.event"],
            &["enter", "f.event", "Kai", "--missed", "maybe"],
            &["export", "f.event", "--format", "json"],
            &["reprot", "f.event"],
            &["new", "f.event", "--players", "p", "--profile", "contest", "--games-to-win", "1"],
            &["undo", "f.event", "--format", "csv"],
        ] {
            assert!(parse(&args(list)).is_err(), "{list:?}");
        }
        let Err(message) = parse(&args(&["reprot", "f.event"])) else { panic!() };
        assert!(message.contains("did you mean 'report'"), "{message}");
    }

    #[test]
    fn help_for_event_and_each_subcommand() {
        assert!(matches!(parse(&args(&[])), Ok(Err(text)) if text.contains("undo FILE")));
        assert!(matches!(parse(&args(&["--help"])), Ok(Err(text)) if text.contains("Exit status")));
        for sub in &SUBCOMMANDS[..12] {
            let Ok(Err(text)) = parse(&args(&[sub, "--help"])) else { panic!("{sub}") };
            assert!(text.contains(&format!("  {sub} FILE")), "{sub}: {text}");
        }
    }
}
