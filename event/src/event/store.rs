//! Running a `referee event` command where its files live: the disk for the binary (the host's
//! lock, atomic writes and history), memory for the page ([`MemoryStore`]). What a command
//! reads, checks, changes and keeps for `undo` is decided here, once; a [`Store`] only keeps
//! bytes.

use std::collections::BTreeMap;

use super::cli::{Action, EventInvocation};
use super::{new_event, run, Command, Failure};

/// The changes a store keeps for `undo` (at least 20, as the spec asks).
pub const HISTORY: usize = 64;

/// Where the event file, its history and the command's other files live.
pub trait Store {
    /// The whole file at `path`.
    ///
    /// # Errors
    /// Status 2: the file cannot be read.
    fn read(&mut self, path: &str) -> Result<Vec<u8>, Failure>;

    /// Whether a file is at `path`.
    fn exists(&mut self, path: &str) -> bool;

    /// Takes the lock of the event file at `path` (waiting a little for another command's),
    /// until [`Store::unlock`].
    ///
    /// # Errors
    /// Status 2: the lock cannot be taken.
    fn lock(&mut self, path: &str) -> Result<(), Failure>;

    /// Releases the lock of [`Store::lock`].
    fn unlock(&mut self, path: &str);

    /// Writes a new event file at `path` in one step (never over an existing file), its
    /// history empty.
    ///
    /// # Errors
    /// Status 2: it cannot be written (the file is then not there).
    fn create(&mut self, path: &str, bytes: &[u8]) -> Result<(), Failure>;

    /// Keeps `old` (the file's bytes now) as the newest of its history, at most [`HISTORY`]
    /// kept, then replaces the file by `new` in one step: a crash leaves the old bytes or
    /// the new ones.
    ///
    /// # Errors
    /// Status 2: the history or the file cannot be written (the file is then unchanged).
    fn replace(&mut self, path: &str, old: &[u8], new: &[u8]) -> Result<(), Failure>;

    /// Puts back the newest version of the history in one step (and removes it from the
    /// history); `false` when the history is empty.
    ///
    /// # Errors
    /// Status 2: it cannot be put back (the file is then unchanged).
    fn undo(&mut self, path: &str) -> Result<bool, Failure>;

    /// A seed for a new event given none.
    ///
    /// # Errors
    /// Status 2: no source of randomness here (the caller must give `--seed`).
    fn seed(&mut self) -> Result<u64, Failure>;
}

/// What a command prints: stdout's bytes and stderr's notes.
pub type Printed = (Vec<u8>, String);

/// Runs `invocation` against `store`: a command that changes the event does it under the lock,
/// keeping the file it replaces for `undo`; a refused command changes nothing.
///
/// # Errors
/// The refusal, with its exit status (the library's, or the store's).
///
/// # Complexity
/// That of the library's command ([`run`]), plus the file's bytes read and written.
pub fn execute(invocation: &EventInvocation, store: &mut dyn Store) -> Result<Printed, Failure> {
    let path = invocation.file.as_str();
    match &invocation.action {
        Action::New { players, options, seed } => {
            if store.exists(path) {
                return Err(Failure::new(2, format!("'{path}' exists: 'event new' creates a new event file")));
            }
            let list = store.read(players)?;
            let mut options = options.clone();
            options.seed = match seed {
                Some(seed) => *seed,
                None => store.seed()?,
            };
            let bytes = new_event(&list, &options)?;
            locked(store, path, |store| store.create(path, &bytes))?;
            Ok((Vec::new(), String::new()))
        }
        Action::Undo => locked(store, path, |store| {
            if store.undo(path)? {
                Ok((Vec::new(), String::new()))
            } else {
                Err(Failure::new(1, format!("nothing to undo for '{path}'")))
            }
        }),
        Action::ReportFrom { path: csv, round } => {
            let csv = store.read(csv)?;
            change(store, path, &Command::ReportFrom { csv, round: *round }, invocation)
        }
        Action::Run(command) if changes(command) => change(store, path, command, invocation),
        Action::Run(command) => {
            let bytes = store.read(path)?;
            let answer = run(&bytes, command, invocation.format)?;
            Ok((answer.stdout, answer.notes))
        }
    }
}

/// `body` under the lock of `path`.
fn locked<T>(
    store: &mut dyn Store,
    path: &str,
    body: impl FnOnce(&mut dyn Store) -> Result<T, Failure>,
) -> Result<T, Failure> {
    store.lock(path)?;
    let result = body(store);
    store.unlock(path);
    result
}

/// Whether `command` changes the event.
fn changes(command: &Command) -> bool {
    matches!(
        command,
        Command::Pair
            | Command::Report { .. }
            | Command::ReportFrom { .. }
            | Command::Drop(_)
            | Command::Enter { .. }
            | Command::Cut { .. }
    )
}

/// A command that changes the event: under the lock, the file read, the change computed, the
/// old file kept for `undo`, the new one written in one step.
fn change(
    store: &mut dyn Store,
    path: &str,
    command: &Command,
    invocation: &EventInvocation,
) -> Result<Printed, Failure> {
    locked(store, path, |store| {
        let old = store.read(path)?;
        let answer = run(&old, command, invocation.format)?;
        if let Some(new) = &answer.file {
            store.replace(path, &old, new)?;
        }
        Ok((answer.stdout, answer.notes))
    })
}

/// Files in memory, for the page (and the tests): the history of `FILE` is kept as the files
/// `FILE.history/00000001`, ... (the names the binary gives them on disk), so that whoever
/// holds the files (the page: the browser's storage) holds the undo history too. One
/// command at a time: the lock is a no-op, and there is no source of randomness (`new`
/// needs `--seed`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoryStore {
    /// The files by name.
    pub files: BTreeMap<String, Vec<u8>>,
}

impl MemoryStore {
    /// The history entries of `path`, oldest first.
    fn history(&self, path: &str) -> Vec<(u64, String)> {
        let prefix = format!("{path}.history/");
        self.files
            .keys()
            .filter_map(|name| {
                let number = name.strip_prefix(&prefix)?.parse::<u64>().ok()?;
                Some((number, name.clone()))
            })
            .collect()
    }
}

impl Store for MemoryStore {
    fn read(&mut self, path: &str) -> Result<Vec<u8>, Failure> {
        self.files.get(path).cloned().ok_or_else(|| Failure::new(2, format!("cannot read '{path}': no such file")))
    }

    fn exists(&mut self, path: &str) -> bool {
        self.files.contains_key(path)
    }

    fn lock(&mut self, _path: &str) -> Result<(), Failure> {
        Ok(())
    }

    fn unlock(&mut self, _path: &str) {}

    fn create(&mut self, path: &str, bytes: &[u8]) -> Result<(), Failure> {
        for (_, name) in self.history(path) {
            self.files.remove(&name);
        }
        self.files.insert(path.to_owned(), bytes.to_vec());
        Ok(())
    }

    fn replace(&mut self, path: &str, old: &[u8], new: &[u8]) -> Result<(), Failure> {
        let mut history = self.history(path);
        super::sort::sort(&mut history);
        let next = history.last().map_or(1, |(number, _)| number + 1);
        self.files.insert(format!("{path}.history/{next:08}"), old.to_vec());
        for (_, name) in history.iter().take((history.len() + 1).saturating_sub(HISTORY)) {
            self.files.remove(name);
        }
        self.files.insert(path.to_owned(), new.to_vec());
        Ok(())
    }

    fn undo(&mut self, path: &str) -> Result<bool, Failure> {
        let Some((_, newest)) = self.history(path).into_iter().max() else { return Ok(false) };
        let bytes = self.files.remove(&newest).unwrap_or_default();
        self.files.insert(path.to_owned(), bytes);
        Ok(true)
    }

    fn seed(&mut self) -> Result<u64, Failure> {
        Err(Failure::new(2, "'event new' needs --seed here: there is no source of randomness"))
    }
}

#[cfg(test)]
mod tests {
    use super::super::cli::parse;
    use super::*;

    fn execute_args(store: &mut MemoryStore, list: &[&str]) -> Result<Printed, Failure> {
        let args: Vec<String> = list.iter().map(|s| (*s).to_owned()).collect();
        match parse(&args) {
            Ok(Ok(invocation)) => execute(&invocation, store),
            other => panic!("{list:?}: {other:?}"),
        }
    }

    #[test]
    fn a_change_is_kept_for_undo_and_a_refusal_changes_nothing() {
        let mut store = MemoryStore::default();
        store.files.insert("p.txt".into(), b"Ann\nBob\nCid\nDee\n".to_vec());
        execute_args(&mut store, &["new", "e", "--players", "p.txt", "--seed", "3"]).unwrap();
        let created = store.files["e"].clone();
        assert!(execute_args(&mut store, &["new", "e", "--players", "p.txt", "--seed", "3"]).is_err());
        execute_args(&mut store, &["pair", "e"]).unwrap();
        let paired = store.files.clone();
        assert_eq!(store.files["e.history/00000001"], created);
        let refused = execute_args(&mut store, &["report", "e", "9", "2-0"]).unwrap_err();
        assert_eq!(refused.status, 1);
        assert_eq!(store.files, paired);
        execute_args(&mut store, &["undo", "e"]).unwrap();
        assert_eq!(store.files["e"], created);
        assert_eq!(execute_args(&mut store, &["undo", "e"]).unwrap_err().status, 1);
        let without_seed = execute_args(&mut store, &["new", "f", "--players", "p.txt"]).unwrap_err();
        assert_eq!(without_seed.status, 2);
    }

    #[test]
    fn the_history_keeps_the_last_changes() {
        let mut store = MemoryStore::default();
        store.files.insert("p.txt".into(), b"Ann\nBob\n".to_vec());
        execute_args(&mut store, &["new", "e", "--players", "p.txt", "--seed", "1", "--rounds", "3"]).unwrap();
        for _ in 0..HISTORY {
            execute_args(&mut store, &["drop", "e", "Ann"]).unwrap();
            execute_args(&mut store, &["enter", "e", "Ann"]).unwrap();
        }
        assert_eq!(store.history("e").len(), HISTORY);
        for _ in 0..HISTORY {
            execute_args(&mut store, &["undo", "e"]).unwrap();
        }
        assert!(execute_args(&mut store, &["undo", "e"]).is_err());
    }
}
