//! The referee page's WebAssembly module: a `referee` command line run on files held in
//! memory, with the binary's own code (`referee-event`'s parser and commands, `referee-core`'s
//! solvers); only where the files live differs.
//!
//! JavaScript calls [`abi`]'s three exports with a JSON request (`docs/web.md`):
//!
//! ```json
//! {"args": ["event", "pair", "event.txt"], "files": {"event.txt": "referee-event 1\n..."}}
//! ```
//!
//! and reads a JSON reply: the exit status, stdout, stderr, and the files the command changed
//! (`null` for a file it removed). A file that is not UTF-8 travels as `{"base64": "..."}`.
//! The input of a command that reads stdin is the file `stdin` (absent: empty).

pub mod abi;
pub mod files;
pub mod request;

#[cfg(feature = "battle")]
use referee_core::battle::Limits;
#[cfg(not(feature = "contest"))]
use referee_core::judge::Problem;
use referee_event::app::{self, Output};
#[cfg(feature = "battle")]
use referee_event::app::{millionths, Searching};
use referee_event::cli::{self, Command, Invocation, Threads};
use referee_event::event::store::MemoryStore;

use files::{json_string, FileJson, Files};

/// The name of the file a command reads when it is given no file (or `-`).
pub const STDIN: &str = "stdin";

#[cfg(feature = "battle")]
/// How far a game-rules battle may search in the page: its turns in progress recurse on the
/// module's stack (`.cargo/config.toml` gives it 16 MiB; a turn takes a few KiB, eight times
/// more with the widest numerators), and [`Limits::steps`] as the binary's.
pub const GAME_LIMITS: Limits = Limits { depth: 384, steps: referee_core::battle::game::DEFAULT_LIMITS.steps };

#[cfg(feature = "battle")]
/// The states a game-rules search expands between two reports of its progress (a few
/// reports a second), besides the first of each search.
pub const PROGRESS_EVERY: u64 = 1 << 15;

#[cfg(feature = "battle")]
/// Tells `report` where a game-rules search is ([`progress_json`]), at its start and then
/// every [`PROGRESS_EVERY`] states of each of its searches (the exact one, then the bounds).
struct Reporter<'r> {
    report: &'r mut dyn FnMut(&[u8]),
    /// The states from which the next report is due (`None`: the next report, whatever).
    next: Option<u64>,
    /// The phase of the last report: the bounds (or the exact search).
    bounds: bool,
}

#[cfg(feature = "battle")]
impl Reporter<'_> {
    /// Reports `searching` when a report is due.
    ///
    /// # Complexity
    /// `O(1)`.
    fn tell(&mut self, searching: Searching) {
        let (states, bounds) = (searching.states(), matches!(searching, Searching::Bounds(_)));
        // A new phase, or a search started again (wider numerators): a report at once.
        let due =
            self.next.is_none_or(|next| bounds != self.bounds || states >= next || states + PROGRESS_EVERY < next);
        if due {
            self.next = Some(states.saturating_add(PROGRESS_EVERY));
            self.bounds = bounds;
            (self.report)(&progress_json(&searching));
        }
    }
}

#[cfg(feature = "battle")]
/// A search's progress as the page reads it: the states expanded and the line of the
/// binary's progress (`text`, [`Searching`]'s), with under the bounds the round, their width
/// (rounded up) and each outcome's lower bound (Alice wins, Bob wins, tie; rounded down) in
/// millionths: `{"phase":"exact","states":N,"text":"..."}` or
/// `{"phase":"bounds","states":N,"text":"...","round":R,"width":W,"lower":[A,B,T]}`.
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub fn progress_json(searching: &Searching) -> Vec<u8> {
    let mut out = Vec::with_capacity(128);
    let phase = if matches!(searching, Searching::Bounds(_)) { "bounds" } else { "exact" };
    out.extend_from_slice(format!("{{\"phase\":\"{phase}\",\"states\":{},\"text\":", searching.states()).as_bytes());
    json_string(&mut out, &searching.to_string());
    if let Searching::Bounds(p) = searching {
        let [alice, bob, tie] = p.outcomes.map(|mass| millionths(mass, false));
        let width = millionths(p.unsettled, true);
        out.extend_from_slice(
            format!(",\"round\":{},\"width\":{width},\"lower\":[{alice},{bob},{tie}]", p.round).as_bytes(),
        );
    }
    out.push(b'}');
    out
}

/// The reply to a request.
#[derive(Debug)]
struct Reply {
    status: u8,
    stdout: String,
    stderr: String,
    /// The files that changed, by name in byte order (`None`: removed).
    files: Vec<(String, Option<FileJson>)>,
}

impl Reply {
    /// The reply as compact JSON: `{"status":0,"stdout":"...","stderr":"...","files":{...}}`,
    /// the files by name in byte order (what `serde_json` writes for the struct, without a
    /// serializer of its own in the module).
    ///
    /// # Complexity
    /// `O(B)` for the `B` bytes of the reply.
    fn to_json(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.stdout.len() + self.stderr.len() + 64);
        out.extend_from_slice(b"{\"status\":");
        out.extend_from_slice(self.status.to_string().as_bytes());
        out.extend_from_slice(b",\"stdout\":");
        json_string(&mut out, &self.stdout);
        out.extend_from_slice(b",\"stderr\":");
        json_string(&mut out, &self.stderr);
        out.extend_from_slice(b",\"files\":{");
        for (i, (name, file)) in self.files.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            json_string(&mut out, name);
            out.push(b':');
            match file {
                Some(file) => file.write_json(&mut out),
                None => out.extend_from_slice(b"null"),
            }
        }
        out.extend_from_slice(b"}}");
        out
    }
}

/// Runs a JSON request and returns the JSON reply (`docs/web.md`); a request that is not
/// valid gets a reply of status 2 that says why.
///
/// # Complexity
/// That of the command, plus `O(B)` for the `B` bytes of the request and the reply.
#[must_use]
pub fn call(request: &[u8]) -> Vec<u8> {
    call_reporting(request, &mut |_| ())
}

/// As [`call`], telling `report` the progress of a game-rules search within a budget as it
/// goes ([`progress_json`], every [`PROGRESS_EVERY`] states): what the page shows while the
/// search runs.
///
/// # Complexity
/// That of [`call`], plus `O(1)` a report.
pub fn call_reporting(request: &[u8], report: &mut dyn FnMut(&[u8])) -> Vec<u8> {
    let reply = match request::parse(request) {
        Ok(request) => {
            let mut store = MemoryStore { files: request.files };
            let before = store.files.clone();
            let output = run(&request.args, &mut store, report);
            Reply {
                status: output.status,
                stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
                stderr: output.stderr,
                files: changes(&before, store.files),
            }
        }
        Err(e) => refused(&format!("the request is not the JSON the page sends: {e}")),
    };
    reply.to_json()
}

/// The files that differ from `before`, by name in byte order: the new bytes, or `None` for
/// a removed file.
fn changes(before: &Files, after: Files) -> Vec<(String, Option<FileJson>)> {
    let removed: Vec<&String> = before.keys().filter(|name| !after.contains_key(name)).collect();
    let mut removed = removed.into_iter().peekable();
    let mut changed = Vec::new();
    for (name, bytes) in after {
        while let Some(gone) = removed.next_if(|gone| **gone < name) {
            changed.push((gone.clone(), None));
        }
        if before.get(&name) != Some(&bytes) {
            changed.push((name, Some(FileJson::from_bytes(bytes))));
        }
    }
    changed.extend(removed.map(|gone| (gone.clone(), None)));
    changed
}

/// A reply for a request the module cannot run (status 2).
fn refused(message: &str) -> Reply {
    Reply { status: 2, stdout: String::new(), stderr: format!("error: {message}\n"), files: Vec::new() }
}

/// Runs `referee ARGS` on the files of `store` (changed in place by `event`), a game-rules
/// search's progress told to `report` ([`call_reporting`]).
///
/// # Complexity
/// That of the command.
pub fn run(args: &[String], store: &mut MemoryStore, report: &mut dyn FnMut(&[u8])) -> Output {
    let input = |store: &MemoryStore, file: Option<&str>| -> Result<Vec<u8>, Output> {
        match file {
            None | Some("-") => Ok(store.files.get(STDIN).cloned().unwrap_or_default()),
            Some(name) => store
                .files
                .get(name)
                .cloned()
                .ok_or_else(|| Output::error(&format!("cannot read '{name}': no such file"), 2)),
        }
    };
    let result = match cli::parse(args, &Threads::ONE) {
        Ok(Command::Help(text) | Command::Version(text)) => {
            Ok(Output { status: 0, stdout: text.into_bytes(), stderr: String::new() })
        }
        Ok(Command::Solve(invocation)) => {
            input(store, invocation.file.as_deref()).map(|bytes| solve(&invocation, &bytes, report))
        }
        #[cfg(feature = "results")]
        Ok(Command::Standings(invocation)) => {
            input(store, invocation.file.as_deref()).map(|bytes| app::standings(&invocation, &bytes))
        }
        #[cfg(feature = "results")]
        Ok(Command::Pair(invocation)) => {
            input(store, invocation.file.as_deref()).map(|bytes| app::pair(&invocation, &bytes))
        }
        #[cfg(feature = "event")]
        Ok(Command::Event(invocation)) => Ok(app::event(&invocation, store)),
        #[cfg(not(feature = "results"))]
        Ok(Command::Standings(_) | Command::Pair(_)) => Ok(elsewhere(Module::Results)),
        #[cfg(not(feature = "event"))]
        Ok(Command::Event(_)) => Ok(elsewhere(Module::Event)),
        Err(message) => Ok(app::usage_error(args, &message)),
    };
    result.unwrap_or_else(|refusal| refusal)
}

/// The page's modules (`docs/web.md`): each answers the commands of one part of the page,
/// built with the crate's feature of the same name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Module {
    /// `referee event`.
    Event,
    /// `referee standings`, `referee pair`.
    Results,
    /// `referee battle`.
    Battle,
    /// `referee swiss`, `tavern`, `greater`, `pathgame`.
    Contest,
}

impl Module {
    /// The module's name: its feature, and its file `referee-NAME.wasm`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Event => "event",
            Self::Results => "results",
            Self::Battle => "battle",
            Self::Contest => "contest",
        }
    }
}

/// The refusal of a command that `module` answers, by a module built without it (status 2).
#[cfg(not(all(feature = "event", feature = "results", feature = "battle", feature = "contest")))]
fn elsewhere(module: Module) -> Output {
    let name = module.name();
    Output::error(
        &format!("this module does not answer that command: the page's {name} module (referee-{name}.wasm) does"),
        2,
    )
}

/// A judge problem (`referee PROBLEM`) on its input: a contest problem, or a battle with the
/// page's clock, its progress told to `report` ([`call_reporting`]).
///
/// # Complexity
/// That of the problem's solver.
fn solve(invocation: &Invocation, input: &[u8], report: &mut dyn FnMut(&[u8])) -> Output {
    #[cfg(feature = "contest")]
    if let Some(output) = app::contest(invocation, input) {
        return output;
    }
    #[cfg(not(feature = "contest"))]
    if invocation.problem != Problem::Battle {
        return elsewhere(Module::Contest);
    }
    #[cfg(feature = "battle")]
    {
        let mut reporter = Reporter { report, next: None, bounds: false };
        app::judge(invocation, input, GAME_LIMITS, Some(&abi::clock), &mut |searching| reporter.tell(searching))
    }
    #[cfg(not(feature = "battle"))]
    {
        let _ = (input, report);
        elsewhere(Module::Battle)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(json: &str) -> serde_json::Value {
        serde_json::from_slice(&call(json.as_bytes())).unwrap()
    }

    #[cfg(feature = "contest")]
    #[test]
    fn a_judge_input_is_answered_as_the_binary_answers_it() {
        let reply = request(r#"{"args": ["greater", "--exact"], "files": {"stdin": "2\n1 3\n2 4\n"}}"#);
        assert_eq!(reply["status"], 0, "{reply}");
        assert!(!reply["stdout"].as_str().unwrap().is_empty());
        let refused = request(r#"{"args": ["greater"], "files": {"stdin": "x"}}"#);
        assert_eq!(refused["status"], 1);
        assert!(refused["stderr"].as_str().unwrap().starts_with("error: 1:1: "), "{refused}");
        assert_eq!(refused["stdout"], "");
    }

    #[cfg(feature = "event")]
    #[test]
    fn an_event_is_kept_in_the_files_with_its_history() {
        let mut files = serde_json::json!({"players.txt": "Ann\nBob\nCid\n"});
        let send = |args: &[&str], files: &mut serde_json::Value| {
            let text = serde_json::json!({"args": args, "files": files}).to_string();
            let reply: serde_json::Value = serde_json::from_slice(&call(text.as_bytes())).unwrap();
            for (name, file) in reply["files"].as_object().unwrap() {
                if file.is_null() {
                    files.as_object_mut().unwrap().remove(name);
                } else {
                    files[name] = file.clone();
                }
            }
            reply
        };
        let created = send(&["event", "new", "e", "--players", "players.txt", "--seed", "5"], &mut files);
        assert_eq!(created["status"], 0, "{created}");
        let paired = send(&["event", "pair", "e", "--format", "csv"], &mut files);
        assert!(paired["stdout"].as_str().unwrap().starts_with("table,player1,points1,player2,points2\n"), "{paired}");
        assert!(files.get("e.history/00000001").is_some(), "{files}");
        let undone = send(&["event", "undo", "e"], &mut files);
        assert_eq!(undone["status"], 0);
        assert!(files.get("e.history/00000001").is_none(), "{files}");
        let without_seed = send(&["event", "new", "f", "--players", "players.txt"], &mut files);
        assert_eq!(without_seed["status"], 2);
    }

    #[test]
    fn bad_requests_are_refused_with_a_reason() {
        assert_eq!(request("not json")["status"], 2);
        assert_eq!(request(r#"{"args": ["swiss"], "files": {"stdin": {"base64": "!"}}}"#)["status"], 2);
        let help = request(r#"{"args": ["battle", "--help"]}"#);
        assert_eq!(help["status"], 0, "every module helps with every command");
        assert!(help["stdout"].as_str().unwrap().contains("--time"), "{help}");
        let usage = request(r#"{"args": ["chess"]}"#);
        assert_eq!(usage["status"], 2);
        assert!(usage["stderr"].as_str().unwrap().contains("Try 'referee --help'"));
        let missing = request(r#"{"args": ["swiss", "input.txt"]}"#);
        assert_eq!(missing["stderr"], "error: cannot read 'input.txt': no such file\n");
    }

    /// Each module answers its own commands and refuses the others' (status 2, nothing on
    /// stdout), naming the module that answers them.
    #[test]
    fn a_module_refuses_the_commands_of_the_others() {
        let asks = [
            (Module::Contest, r#"{"args": ["greater"], "files": {"stdin": "2\n1 3\n2 4\n"}}"#),
            (Module::Battle, r#"{"args": ["battle"], "files": {"stdin": "1 1\n1/1\n1/1\n"}}"#),
            (
                Module::Results,
                r#"{"args": ["standings"], "files": {"stdin": "round,player1,player2,wins1,wins2,draws\n"}}"#,
            ),
            (Module::Event, r#"{"args": ["event", "status", "e"], "files": {"e": "referee-event 1\n"}}"#),
        ];
        let built =
            [cfg!(feature = "contest"), cfg!(feature = "battle"), cfg!(feature = "results"), cfg!(feature = "event")];
        for ((module, ask), built) in asks.into_iter().zip(built) {
            let reply = request(ask);
            let refusal = format!("the page's {} module (referee-{}.wasm) does", module.name(), module.name());
            let refused = reply["stderr"].as_str().unwrap().contains(&refusal);
            assert_eq!(refused, !built, "{module:?}: {reply}");
            if refused {
                assert_eq!((reply["status"].as_u64(), reply["stdout"].as_str()), (Some(2), Some("")));
            }
        }
    }

    #[test]
    fn the_reply_is_the_json_serde_json_writes() {
        let reply = Reply {
            status: 1,
            stdout: "a\"b\\c\n\t\r\u{8}\u{c}\u{1}\u{1f}\u{7f} é/😀".into(),
            stderr: String::new(),
            files: vec![
                ("a".into(), None),
                ("b\"".into(), Some(FileJson::Text("x\n".into()))),
                ("c".into(), Some(FileJson::Bytes { base64: "/w==".into() })),
            ],
        };
        // What the reply was before it was written by hand: serde's derive of the struct.
        #[derive(serde::Serialize)]
        struct Derived<'a> {
            status: u8,
            stdout: &'a str,
            stderr: &'a str,
            files: std::collections::BTreeMap<&'a str, Option<serde_json::Value>>,
        }
        let files = [("a", None), ("b\"", Some("x\n".into())), ("c", Some(serde_json::json!({"base64": "/w=="})))];
        let expected = Derived { status: 1, stdout: &reply.stdout, stderr: "", files: files.into_iter().collect() };
        assert_eq!(String::from_utf8(reply.to_json()).unwrap(), serde_json::to_string(&expected).unwrap());
        assert_eq!(refused("x").to_json(), br#"{"status":2,"stdout":"","stderr":"error: x\n","files":{}}"#);
    }

    #[test]
    fn changes_are_listed_by_name_removed_or_not() {
        let files = |names: &[(&str, &str)]| -> Files {
            names.iter().map(|&(n, t)| (n.to_owned(), t.as_bytes().to_vec())).collect()
        };
        let before = files(&[("a", "1"), ("b", "2"), ("d", "4"), ("f", "6")]);
        let after = files(&[("b", "2"), ("c", "3"), ("d", "5"), ("e", "5")]);
        let names: Vec<(String, bool)> = changes(&before, after).into_iter().map(|(n, f)| (n, f.is_some())).collect();
        let expected = [("a", false), ("c", true), ("d", true), ("e", true), ("f", false)];
        assert_eq!(names, expected.map(|(n, f)| (n.to_owned(), f)));
    }

    #[cfg(feature = "battle")]
    #[test]
    fn a_long_search_reports_its_progress_and_answers_as_without() {
        let board = include_str!("../../tests/bench-inputs/battle-late/late17.in");
        let text = serde_json::json!({"args": ["battle", "--time", "0.2"], "files": {"stdin": board}}).to_string();
        let mut reports = Vec::new();
        let reply = call_reporting(text.as_bytes(), &mut |bytes| {
            reports.push(serde_json::from_slice::<serde_json::Value>(bytes).unwrap())
        });
        // Bounds within the time, with the reports or without (the bounds themselves depend on
        // how far the clock let each search go).
        for reply in [&reply, &call(text.as_bytes())] {
            assert!(String::from_utf8_lossy(reply).contains("bounds\\n"), "late17 is not exact in 0.2 s");
        }
        // An exact answer is the same with the reports or without.
        let small =
            serde_json::json!({"args": ["battle", "--time", "0.2"], "files": {"stdin": "2 1\n1/1R 2/5\n4/5\n"}})
                .to_string();
        let exact = call_reporting(small.as_bytes(), &mut |_| {});
        assert!(!String::from_utf8_lossy(&exact).contains("bounds"));
        assert_eq!(exact, call(small.as_bytes()), "the reports change nothing");
        let exact: Vec<u64> =
            reports.iter().take_while(|r| r["phase"] == "exact").map(|r| r["states"].as_u64().unwrap()).collect();
        // The exact search reports when it starts, then every PROGRESS_EVERY states, until it
        // fails fast (late17 cannot finish: it gives up at a tenth of its budget or soon after).
        assert!(!exact.is_empty() && exact.windows(2).all(|w| w[0] + PROGRESS_EVERY <= w[1]), "{exact:?}");
        let first = reports[0]["text"].as_str().unwrap();
        assert!(first.starts_with(&format!("searching exactly ({} states", exact[0])), "{first}");
        let bounds = &reports[exact.len()..];
        assert!(!bounds.is_empty() && bounds.iter().all(|r| r["phase"] == "bounds"), "{reports:?}");
        for r in bounds {
            let lower: u64 = r["lower"].as_array().unwrap().iter().map(|l| l.as_u64().unwrap()).sum();
            let width = r["width"].as_u64().unwrap();
            // The cut search's lower bounds count from the first report of the bounds; the
            // millionths are rounded (the lower bounds down, the width up).
            assert!(lower > 0 && (999_990..=1_000_010).contains(&(lower + width)), "{r}");
            assert!(r["text"].as_str().unwrap().starts_with("bounds of width 0."), "{r}");
        }
    }

    #[cfg(feature = "battle")]
    #[test]
    fn progress_is_the_json_the_page_reads() {
        let one = referee_core::battle::game::BOUND_ONE;
        let exact = progress_json(&Searching::Exact(referee_core::battle::game::Searching { states: 2048, walked: 0 }));
        assert_eq!(exact, br#"{"phase":"exact","states":2048,"text":"searching exactly (2048 states)"}"#);
        let p = referee_core::battle::game::Progress {
            round: 2,
            steps: 1024,
            unsettled: one / 4 + 1,
            outcomes: [one / 2, one / 8 - 1, one / 8],
        };
        let bounds = String::from_utf8(progress_json(&Searching::Bounds(p))).unwrap();
        let text = "bounds of width 0.250001 (round 2, 1024 states)";
        let want = format!(
            r#"{{"phase":"bounds","states":1024,"text":"{text}","round":2,"width":250001,"lower":[500000,124999,125000]}}"#
        );
        assert_eq!(bounds, want);
    }

    #[cfg(feature = "results")]
    #[test]
    fn bytes_that_are_not_utf8_reach_the_command() {
        let reply = request(r#"{"args": ["standings"], "files": {"stdin": {"base64": "/w=="}}}"#);
        assert_eq!(reply["status"], 1, "{reply}");
    }
}
