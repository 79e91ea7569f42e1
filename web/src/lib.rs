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

use std::collections::BTreeMap;

use referee_core::battle::Limits;
use referee_event::app::{self, Output};
use referee_event::cli::{self, Command, Threads};
use referee_event::event::store::MemoryStore;
use serde::Serialize;

use files::FileJson;

/// The name of the file a command reads when it is given no file (or `-`).
pub const STDIN: &str = "stdin";

/// How far a game-rules battle may search in the page: its turns in progress recurse on the
/// module's stack (`.cargo/config.toml` gives it 16 MiB; a turn takes a few KiB, eight times
/// more with the widest numerators), and [`Limits::steps`] as the binary's.
pub const GAME_LIMITS: Limits = Limits { depth: 384, steps: referee_core::battle::game::DEFAULT_LIMITS.steps };

/// The states a game-rules search may expand a millisecond of `battle --time`: the module
/// has no clock, so the page's time is a budget of states (a worker the page can stop).
pub const STATES_PER_MS: u64 = 1000;

/// The reply to a request.
#[derive(Debug, Serialize)]
struct Reply {
    status: u8,
    stdout: String,
    stderr: String,
    files: BTreeMap<String, Option<FileJson>>,
}

/// Runs a JSON request and returns the JSON reply (`docs/web.md`); a request that is not
/// valid gets a reply of status 2 that says why.
///
/// # Complexity
/// That of the command, plus `O(B)` for the `B` bytes of the request and the reply.
#[must_use]
pub fn call(request: &[u8]) -> Vec<u8> {
    let reply = match request::parse(request) {
        Ok(request) => {
            let mut store = MemoryStore { files: request.files };
            let before = store.files.clone();
            let output = run(&request.args, &mut store);
            Reply {
                status: output.status,
                stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
                stderr: output.stderr,
                files: changes(&before, store.files),
            }
        }
        Err(e) => refused(&format!("the request is not the JSON the page sends: {e}")),
    };
    serde_json::to_vec(&reply).unwrap_or_default()
}

/// The files that differ from `before`: the new bytes, or `None` for a removed file.
fn changes(before: &BTreeMap<String, Vec<u8>>, after: BTreeMap<String, Vec<u8>>) -> BTreeMap<String, Option<FileJson>> {
    let mut changed: BTreeMap<String, Option<FileJson>> =
        before.keys().filter(|name| !after.contains_key(*name)).map(|name| (name.clone(), None)).collect();
    for (name, bytes) in after {
        if before.get(&name) != Some(&bytes) {
            changed.insert(name, Some(FileJson::from_bytes(bytes)));
        }
    }
    changed
}

/// A reply for a request the module cannot run (status 2).
fn refused(message: &str) -> Reply {
    Reply { status: 2, stdout: String::new(), stderr: format!("error: {message}\n"), files: BTreeMap::new() }
}

/// Runs `referee ARGS` on the files of `store` (changed in place by `event`).
///
/// # Complexity
/// That of the command.
pub fn run(args: &[String], store: &mut MemoryStore) -> Output {
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
        Ok(Command::Solve(invocation)) => input(store, invocation.file.as_deref()).map(|bytes| {
            app::judge(&invocation, &bytes, GAME_LIMITS, Some(invocation.time_ms.saturating_mul(STATES_PER_MS)))
        }),
        Ok(Command::Standings(invocation)) => {
            input(store, invocation.file.as_deref()).map(|bytes| app::standings(&invocation, &bytes))
        }
        Ok(Command::Pair(invocation)) => {
            input(store, invocation.file.as_deref()).map(|bytes| app::pair(&invocation, &bytes))
        }
        Ok(Command::Event(invocation)) => Ok(app::event(&invocation, store)),
        Err(message) => Ok(app::usage_error(args, &message)),
    };
    result.unwrap_or_else(|refusal| refusal)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(json: &str) -> serde_json::Value {
        serde_json::from_slice(&call(json.as_bytes())).unwrap()
    }

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
        let usage = request(r#"{"args": ["chess"]}"#);
        assert_eq!(usage["status"], 2);
        assert!(usage["stderr"].as_str().unwrap().contains("Try 'referee --help'"));
        let missing = request(r#"{"args": ["swiss", "input.txt"]}"#);
        assert_eq!(missing["stderr"], "error: cannot read 'input.txt': no such file\n");
    }

    #[test]
    fn bytes_that_are_not_utf8_reach_the_command() {
        let reply = request(r#"{"args": ["standings"], "files": {"stdin": {"base64": "/w=="}}}"#);
        assert_eq!(reply["status"], 1, "{reply}");
    }
}
