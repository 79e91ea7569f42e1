//! Command-line parsing for `referee`, without dependencies.

use referee_core::tavern::Strategy;
use referee_core::{Options, Problem};

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// Print this help text and exit.
    Help(String),
    /// Print this version text and exit.
    Version(String),
    /// Solve one input.
    Solve(Invocation),
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
}

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
        "nothing on stdout, exit status 1. Usage and I/O errors exit with status 2.\n\n",
        "Problems:\n",
    ));
    for problem in Problem::ALL {
        text.push_str(&format!("  {:<10}{}\n", problem.name(), problem.summary()));
    }
    text.push_str("\nOptions:\n  -h, --help     Print help\n  -V, --version  Print version\n");
    text
}

/// The help text of one problem.
fn problem_help(problem: Problem) -> String {
    let mut text = format!(
        "referee {name}: {summary}\n\nUsage: referee {name} [OPTIONS] [FILE]\n\nOptions:\n",
        name = problem.name(),
        summary = problem.summary()
    );
    if problem.has_exact_mode() {
        text.push_str("      --exact    Print irreducible fractions p/q instead of 12-digit decimals\n");
    }
    if problem.has_strategies() {
        text.push_str(concat!(
            "      --strategy memo|fixed\n",
            "                 memo: every state in a heap hash map (default);\n",
            "                 fixed: a fixed-size transposition table, no heap (as in firmware)\n",
            "      --table-kib N\n",
            "                 The fixed strategy's table in KiB (default 143: 160 KiB of scratch in\n",
            "                 all, as in firmware; 0: no table, a plain depth-first search)\n",
        ));
    }
    text.push_str("  -h, --help     Print help\n");
    text
}

/// Parses the arguments after the program name.
///
/// # Errors
/// A usage message for unknown problems, unknown options or extra arguments.
pub fn parse(args: &[String]) -> Result<Command, String> {
    let Some(first) = args.first() else {
        return Err("missing PROBLEM (one of: ".to_owned() + &problem_names() + ")");
    };
    match first.as_str() {
        "-h" | "--help" => return Ok(Command::Help(general_help())),
        "-V" | "--version" => return Ok(Command::Version(concat!("referee ", env!("CARGO_PKG_VERSION"), "\n").into())),
        _ => {}
    }
    let problem = Problem::from_name(first)
        .ok_or_else(|| format!("unknown problem '{first}' (expected one of: {})", problem_names()))?;
    let mut options = Options::default();
    let mut file = None;
    let mut only_files = false;
    let mut rest = args[1..].iter();
    while let Some(arg) = rest.next() {
        let (flag, inline_value) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") && !only_files => (flag, Some(value)),
            _ => (arg.as_str(), None),
        };
        let strategies = !only_files && problem.has_strategies();
        match flag {
            "-h" | "--help" if !only_files && inline_value.is_none() => {
                return Ok(Command::Help(problem_help(problem)))
            }
            "--exact" if !only_files && inline_value.is_none() && problem.has_exact_mode() => options.exact = true,
            "--strategy" if strategies => {
                options.strategy = match flag_value(flag, inline_value, &mut rest)? {
                    "memo" => Strategy::Memo,
                    "fixed" => Strategy::Fixed,
                    other => return Err(format!("unknown strategy '{other}' (expected memo or fixed)")),
                };
            }
            "--table-kib" if strategies => {
                let value = flag_value(flag, inline_value, &mut rest)?;
                options.table_words = value
                    .parse::<usize>()
                    .ok()
                    .and_then(|kib| kib.checked_mul(256))
                    .ok_or_else(|| format!("--table-kib expects a number of KiB, found '{value}'"))?;
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
    Ok(Command::Solve(Invocation { problem, options, file }))
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
    Problem::ALL.iter().map(|p| p.name()).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn parses_problem_and_file() {
        let Ok(Command::Solve(inv)) = parse(&args(&["swiss", "in.txt"])) else { panic!("not a solve") };
        assert_eq!((inv.problem, inv.file.as_deref()), (Problem::Swiss, Some("in.txt")));
    }

    #[test]
    fn exact_is_an_option_of_the_problems_that_have_it() {
        let Ok(Command::Solve(inv)) = parse(&args(&["greater", "--exact", "-"])) else { panic!("not a solve") };
        assert_eq!((inv.problem, inv.options.exact, inv.file.as_deref()), (Problem::Greater, true, Some("-")));
        let Ok(Command::Solve(inv)) = parse(&args(&["greater"])) else { panic!("not a solve") };
        assert!(!inv.options.exact);
        assert_eq!(parse(&args(&["pathgame", "--exact"])), Err("unknown option '--exact' for 'pathgame'".to_owned()));
        assert!(matches!(parse(&args(&["greater", "-h"])), Ok(Command::Help(t)) if t.contains("--exact")));
        assert!(
            matches!(parse(&args(&["--help"])), Ok(Command::Help(t)) if t.contains("greater") && t.contains("pathgame"))
        );
    }

    #[test]
    fn refuses_unknown_things() {
        assert!(parse(&args(&[])).is_err());
        assert!(parse(&args(&["chess"])).is_err());
        assert!(parse(&args(&["swiss", "--fast"])).is_err());
        assert!(parse(&args(&["swiss", "a", "b"])).is_err());
    }

    #[test]
    fn parses_tavern_strategies() {
        let solve = |list: &[&str]| match parse(&args(list)) {
            Ok(Command::Solve(inv)) => Ok(inv.options),
            Ok(_) => Err("not a solve".to_owned()),
            Err(e) => Err(e),
        };
        assert_eq!(solve(&["tavern"]).map(|o| o.strategy), Ok(Strategy::Memo));
        assert_eq!(solve(&["tavern", "--strategy", "fixed"]).map(|o| o.strategy), Ok(Strategy::Fixed));
        assert_eq!(
            solve(&["tavern", "--strategy=memo", "--exact"]).map(|o| (o.strategy, o.exact)),
            Ok((Strategy::Memo, true))
        );
        assert_eq!(solve(&["tavern", "--table-kib", "2"]).map(|o| o.table_words), Ok(512));
        assert_eq!(solve(&["tavern", "--table-kib=0"]).map(|o| o.table_words), Ok(0));
        assert!(solve(&["tavern", "--strategy", "fast"]).is_err());
        assert!(solve(&["tavern", "--strategy"]).is_err());
        assert!(solve(&["tavern", "--table-kib", "x"]).is_err());
        assert!(solve(&["swiss", "--strategy", "memo"]).is_err());
        assert!(solve(&["swiss", "--exact"]).is_err());
        assert!(solve(&["tavern", "--exact=yes"]).is_err());
        assert_eq!(solve(&["tavern", "--", "--strategy=x"]).map(|o| o.strategy), Ok(Strategy::Memo));
    }

    #[test]
    fn help_and_version() {
        assert!(matches!(parse(&args(&["--help"])), Ok(Command::Help(t)) if t.contains("swiss")));
        assert!(matches!(parse(&args(&["swiss", "-h"])), Ok(Command::Help(_))));
        assert!(matches!(parse(&args(&["-V"])), Ok(Command::Version(t)) if t.starts_with("referee ")));
    }
}
