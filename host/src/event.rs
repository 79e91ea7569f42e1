//! `referee event` on the disk: [`FsStore`], the [`Store`] of the binary: files read whole
//! and written atomically, the lock, the history of `undo`, and the seed of the operating
//! system. What a command does is the library's ([`referee_event::event::store::execute`]).
//!
//! Beside `FILE` live `FILE.lock` (an advisory lock: `flock` on Linux, else a file created
//! exclusively) and `FILE.history/` (the event file before each of the last
//! [`HISTORY`] changes, for `undo`).

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use referee_event::event::store::{Store, HISTORY};
use referee_event::event::Failure;

/// The event files on the disk, with the lock of the command in progress.
#[derive(Debug, Default)]
pub struct FsStore {
    lock: Option<Lock>,
}

impl Store for FsStore {
    fn read(&mut self, path: &str) -> Result<Vec<u8>, Failure> {
        fs::read(path).map_err(|e| Failure::new(2, format!("cannot read '{path}': {e}")))
    }

    fn exists(&mut self, path: &str) -> bool {
        Path::new(path).exists()
    }

    fn lock(&mut self, path: &str) -> Result<(), Failure> {
        self.lock = Some(Lock::take(Path::new(path))?);
        Ok(())
    }

    fn unlock(&mut self, _path: &str) {
        self.lock = None;
    }

    fn create(&mut self, path: &str, bytes: &[u8]) -> Result<(), Failure> {
        let path = Path::new(path);
        let _ = fs::remove_dir_all(beside(path, ".history"));
        write_atomically(path, bytes, true)
    }

    fn replace(&mut self, path: &str, old: &[u8], new: &[u8]) -> Result<(), Failure> {
        let path = Path::new(path);
        remember(path, old)?;
        write_atomically(path, new, false)
    }

    fn undo(&mut self, path: &str) -> Result<bool, Failure> {
        let path = Path::new(path);
        let Some((_, last)) = history_entries(&beside(path, ".history")).pop() else { return Ok(false) };
        fs::rename(&last, path).map_err(|e| Failure::new(2, format!("cannot restore '{}': {e}", path.display())))?;
        sync_dir(path);
        Ok(true)
    }

    fn seed(&mut self) -> Result<u64, Failure> {
        Ok(os_seed())
    }
}

/// How long a command waits for another one's lock before giving up (exit 2).
const LOCK_WAIT: Duration = Duration::from_secs(5);

/// `path` with `suffix` appended to its file name.
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().map(std::ffi::OsStr::to_os_string).unwrap_or_default();
    name.push(suffix);
    path.with_file_name(name)
}

/// An exclusive advisory lock on `FILE.lock`, released when dropped.
#[derive(Debug)]
struct Lock {
    #[cfg(target_os = "linux")]
    _file: File,
    #[cfg(not(target_os = "linux"))]
    path: PathBuf,
}

#[cfg(not(target_os = "linux"))]
impl Drop for Lock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

impl Lock {
    /// Takes the lock of `file`, waiting up to [`LOCK_WAIT`].
    fn take(file: &Path) -> Result<Self, Failure> {
        let path = beside(file, ".lock");
        let start = Instant::now();
        let busy = || {
            Failure::new(
                2,
                format!(
                    "'{}' is in use by another referee command (lock {}); try again",
                    file.display(),
                    path.display()
                ),
            )
        };
        #[cfg(target_os = "linux")]
        {
            let handle = OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .map_err(|e| Failure::new(2, format!("cannot lock '{}': {e}", path.display())))?;
            loop {
                match rustix::fs::flock(&handle, rustix::fs::FlockOperation::NonBlockingLockExclusive) {
                    Ok(()) => return Ok(Self { _file: handle }),
                    Err(e) if e == rustix::io::Errno::WOULDBLOCK || e == rustix::io::Errno::INTR => {}
                    Err(e) => return Err(Failure::new(2, format!("cannot lock '{}': {e}", path.display()))),
                }
                if start.elapsed() > LOCK_WAIT {
                    return Err(busy());
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        #[cfg(not(target_os = "linux"))]
        loop {
            match OpenOptions::new().create_new(true).write(true).open(&path) {
                Ok(_) => return Ok(Self { path }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(Failure::new(2, format!("cannot lock '{}': {e}", path.display()))),
            }
            if start.elapsed() > LOCK_WAIT {
                return Err(busy());
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// Syncs the directory of `path` (the rename's entry on disk).
fn sync_dir(path: &Path) {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if let Ok(dir) = File::open(dir) {
        let _ = dir.sync_all();
    }
}

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, flushed to
/// disk, renamed over `path` (or, with `fresh`, linked to it only if it does not exist).
fn write_atomically(path: &Path, bytes: &[u8], fresh: bool) -> Result<(), Failure> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let fail = |e: &dyn std::fmt::Display| Failure::new(2, format!("cannot write '{}': {e}", path.display()));
    let mut temp =
        tempfile::Builder::new().prefix(".referee-event-").suffix(".tmp").tempfile_in(dir).map_err(|e| fail(&e))?;
    temp.write_all(bytes).map_err(|e| fail(&e))?;
    // The permissions of the file replaced (a new one: read for all, write for the owner).
    let permissions = fs::metadata(path).map(|m| m.permissions()).ok();
    #[cfg(unix)]
    let permissions = permissions.or_else(|| {
        use std::os::unix::fs::PermissionsExt;
        Some(fs::Permissions::from_mode(0o644))
    });
    if let Some(permissions) = permissions {
        temp.as_file().set_permissions(permissions).map_err(|e| fail(&e))?;
    }
    temp.as_file().sync_all().map_err(|e| fail(&e))?;
    if fresh {
        temp.persist_noclobber(path).map_err(|e| fail(&e.error))?;
    } else {
        temp.persist(path).map_err(|e| fail(&e.error))?;
    }
    sync_dir(path);
    Ok(())
}

/// The numbered entries of the history directory, oldest first.
fn history_entries(dir: &Path) -> Vec<(u64, PathBuf)> {
    let mut entries: Vec<(u64, PathBuf)> = fs::read_dir(dir)
        .map(|it| {
            it.filter_map(Result::ok)
                .filter_map(|e| e.file_name().to_str().and_then(|n| n.parse::<u64>().ok()).map(|n| (n, e.path())))
                .collect()
        })
        .unwrap_or_default();
    entries.sort_unstable();
    entries
}

/// Keeps the file before a change in the history (a hard link to its bytes, or a copy).
fn remember(file: &Path, old: &[u8]) -> Result<(), Failure> {
    let dir = beside(file, ".history");
    let fail = |e: io::Error| Failure::new(2, format!("cannot keep the history in '{}': {e}", dir.display()));
    fs::create_dir_all(&dir).map_err(fail)?;
    let entries = history_entries(&dir);
    let next = entries.last().map_or(1, |e| e.0 + 1);
    let entry = dir.join(format!("{next:08}"));
    if fs::hard_link(file, &entry).is_err() {
        write_atomically(&entry, old, false)?;
    }
    for (_, old) in entries.iter().take((entries.len() + 1).saturating_sub(HISTORY)) {
        let _ = fs::remove_file(old);
    }
    sync_dir(&entry);
    Ok(())
}

/// A seed from the operating system (the hasher keys std draws from it) and the clock.
fn os_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
    hasher.write_u32(std::process::id());
    hasher.finish() >> 1
}
