//! Where the answer goes: detecting a stdout that was closed before `referee` started.

/// Whether the process started with its standard output closed (`referee ... >&-`).
///
/// Rust's runtime reopens a closed descriptor 0, 1 or 2 on `/dev/null` (read-write) before
/// `main`, so writes to such a stdout "succeed" and a run would report success with its answer
/// lost. On Linux this tells that descriptor apart from a stdout redirected to `/dev/null` by a
/// shell, which opens it write-only: descriptor 1 open read-write on `/dev/null` is the
/// runtime's. Elsewhere it returns `false`.
///
/// # Complexity
/// Two small reads of `/proc/self`.
#[must_use]
pub fn stdout_was_closed() -> bool {
    if !cfg!(target_os = "linux") {
        return false;
    }
    let on_dev_null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|target| target.as_os_str() == "/dev/null");
    on_dev_null && access_mode(&std::fs::read_to_string("/proc/self/fdinfo/1").unwrap_or_default()) == Some(O_RDWR)
}

/// `O_ACCMODE` and `O_RDWR` of Linux `open(2)`.
const O_ACCMODE: u32 = 0o3;
const O_RDWR: u32 = 0o2;

/// The access mode in a `/proc/<pid>/fdinfo/<fd>` text (its `flags:` line is octal).
fn access_mode(fdinfo: &str) -> Option<u32> {
    let flags = fdinfo.lines().find_map(|line| line.strip_prefix("flags:"))?;
    u32::from_str_radix(flags.trim(), 8).ok().map(|flags| flags & O_ACCMODE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_access_mode_of_fdinfo() {
        assert_eq!(access_mode("pos:\t0\nflags:\t0100002\nmnt_id:\t25\n"), Some(O_RDWR));
        assert_eq!(access_mode("pos:\t0\nflags:\t01100001\n"), Some(0o1));
        assert_eq!(access_mode("pos:\t0\n"), None);
    }

    #[test]
    fn the_test_harness_stdout_is_not_closed() {
        assert!(!stdout_was_closed());
    }
}
