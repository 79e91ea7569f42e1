//! Command-line parsing for `referee`, without dependencies.

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
    for arg in &args[1..] {
        match arg.as_str() {
            "-h" | "--help" if !only_files => return Ok(Command::Help(problem_help(problem))),
            "--exact" if !only_files && problem.has_exact_mode() => options.exact = true,
            "--" if !only_files => only_files = true,
            flag if !only_files && flag.starts_with('-') && flag != "-" => {
                return Err(format!("unknown option '{flag}' for '{}'", problem.name()));
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
    fn help_and_version() {
        assert!(matches!(parse(&args(&["--help"])), Ok(Command::Help(t)) if t.contains("swiss")));
        assert!(matches!(parse(&args(&["swiss", "-h"])), Ok(Command::Help(_))));
        assert!(matches!(parse(&args(&["-V"])), Ok(Command::Version(t)) if t.starts_with("referee ")));
    }
}
