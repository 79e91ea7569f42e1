//! Running a `referee event` command where its files live: the disk for the binary (the host's
//! lock, atomic writes and history), memory for the page ([`MemoryStore`]). What a command
//! reads, checks, changes and keeps for `undo` is decided here, once; a [`Store`] only keeps
//! bytes.

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
    pub files: Files,
}

/// Files by name, in the byte order of their names: a map kept as a sorted vector (a store
/// holds a few files: an event, its history, a command's input), which keeps the page's
/// module smaller than a B-tree would.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Files(Vec<(String, Vec<u8>)>);

impl Files {
    /// Where `name` is, or would be inserted.
    fn find(&self, name: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(n, _)| n.as_str().cmp(name))
    }

    /// The bytes of the file `name`.
    ///
    /// # Complexity
    /// `O(log n)` for `n` files.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Vec<u8>> {
        self.find(name).ok().map(|i| &self.0[i].1)
    }

    /// Whether there is a file `name`.
    ///
    /// # Complexity
    /// `O(log n)` for `n` files.
    #[must_use]
    pub fn contains_key(&self, name: &str) -> bool {
        self.find(name).is_ok()
    }

    /// Makes `bytes` the file `name`; its bytes before, if it was there.
    ///
    /// # Complexity
    /// `O(n)` for `n` files.
    pub fn insert(&mut self, name: String, bytes: Vec<u8>) -> Option<Vec<u8>> {
        match self.find(&name) {
            Ok(i) => Some(core::mem::replace(&mut self.0[i].1, bytes)),
            Err(i) => {
                self.0.insert(i, (name, bytes));
                None
            }
        }
    }

    /// Removes the file `name`; its bytes, if it was there.
    ///
    /// # Complexity
    /// `O(n)` for `n` files.
    pub fn remove(&mut self, name: &str) -> Option<Vec<u8>> {
        self.find(name).ok().map(|i| self.0.remove(i).1)
    }

    /// The names, in byte order.
    ///
    /// # Complexity
    /// `O(1)` a name.
    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.0.iter().map(|(name, _)| name)
    }

    /// The files, by name in byte order.
    ///
    /// # Complexity
    /// `O(1)` a file.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &Vec<u8>)> {
        self.0.iter().map(|(name, bytes)| (name, bytes))
    }
}

impl IntoIterator for Files {
    type Item = (String, Vec<u8>);
    type IntoIter = std::vec::IntoIter<(String, Vec<u8>)>;

    /// The files, by name in byte order.
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl FromIterator<(String, Vec<u8>)> for Files {
    /// The files of `iter`; of two with one name, the last.
    fn from_iter<I: IntoIterator<Item = (String, Vec<u8>)>>(iter: I) -> Self {
        let mut files = Self::default();
        for (name, bytes) in iter {
            files.insert(name, bytes);
        }
        files
    }
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
    fn files_are_a_map_in_the_byte_order_of_their_names() {
        let named = || ["b", "a", "é", "B", "a", "ab"].into_iter().zip(0u8..).map(|(n, i)| (n.to_owned(), vec![i]));
        let files: Files = named().collect();
        let want: std::collections::BTreeMap<String, Vec<u8>> = named().collect();
        assert!(files.iter().eq(want.iter()), "{files:?}");
        assert_eq!(files.keys().collect::<Vec<_>>(), want.keys().collect::<Vec<_>>());
        let mut files = files;
        assert_eq!(files.insert("a".into(), vec![9]), Some(vec![4]));
        assert_eq!(files.remove("B"), Some(vec![3]));
        assert_eq!((files.remove("B"), files.get("B"), files.contains_key("ab")), (None, None, true));
        let left: Vec<(String, Vec<u8>)> = files.into_iter().collect();
        let expected = [("a", 9), ("ab", 5), ("b", 0), ("é", 2)].map(|(n, b)| (n.to_owned(), vec![b]));
        assert_eq!(left, expected);
    }

    #[test]
    fn a_change_is_kept_for_undo_and_a_refusal_changes_nothing() {
        let mut store = MemoryStore::default();
        store.files.insert("p.txt".into(), b"Ann\nBob\nCid\nDee\n".to_vec());
        execute_args(&mut store, &["new", "e", "--players", "p.txt", "--seed", "3"]).unwrap();
        let created = store.files.get("e").unwrap().clone();
        assert!(execute_args(&mut store, &["new", "e", "--players", "p.txt", "--seed", "3"]).is_err());
        execute_args(&mut store, &["pair", "e"]).unwrap();
        let paired = store.files.clone();
        assert_eq!(store.files.get("e.history/00000001"), Some(&created));
        let refused = execute_args(&mut store, &["report", "e", "9", "2-0"]).unwrap_err();
        assert_eq!(refused.status, 1);
        assert_eq!(store.files, paired);
        execute_args(&mut store, &["undo", "e"]).unwrap();
        assert_eq!(store.files.get("e"), Some(&created));
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
