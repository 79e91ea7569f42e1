//! `referee event` killed in the middle of a change: the event file is always exactly the old
//! bytes or the new ones (the atomic write of `host/src/event.rs`), never a mix, and the next
//! command (its lock released with the process) works on it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const REFEREE: &str = env!("CARGO_BIN_EXE_referee");

fn referee(args: &[&str]) -> std::process::Output {
    Command::new(REFEREE).args(args).stdin(Stdio::null()).output().unwrap()
}

fn ok(args: &[&str]) -> Vec<u8> {
    let out = referee(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// A reproducible stream of numbers (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
}

#[test]
fn a_killed_command_leaves_the_old_file_or_the_new_one() {
    let dir = std::env::temp_dir().join(format!("referee-event-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let list = dir.join("players.txt");
    let names: Vec<String> = (1..=3000).map(|i| format!("Player {i:04}")).collect();
    std::fs::write(&list, names.join("\n")).unwrap();
    let file = dir.join("big.event");
    let f = file.to_str().unwrap();
    ok(&["event", "new", f, "--players", list.to_str().unwrap(), "--rounds", "5", "--seed", "9"]);
    // Two rounds played, the third paired: a file of a few hundred KiB.
    for round in 1..=3 {
        let pairing = String::from_utf8(ok(&["event", "pair", f, "--format", "csv"])).unwrap();
        if round == 3 {
            break;
        }
        let mut csv = String::from("table,wins1,wins2,draws\n");
        for line in pairing.lines().skip(1).filter(|l| !l.starts_with(',')) {
            let table = line.split(',').next().unwrap();
            csv.push_str(&format!("{table},2,1,0\n"));
        }
        let from = dir.join(format!("round{round}.csv"));
        std::fs::write(&from, csv).unwrap();
        ok(&["event", "report", f, "--from", from.to_str().unwrap()]);
    }
    // How long a change takes, to kill within it.
    let start = Instant::now();
    ok(&["event", "report", f, "1", "2-0"]);
    let span = u64::try_from(start.elapsed().as_micros()).unwrap().max(1000);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut old_seen, mut new_seen) = (0, 0);
    let mut current = "2-0";
    for attempt in 0..40 {
        let result = if current == "2-0" { "0-2" } else { "2-0" };
        let old = std::fs::read(&file).unwrap();
        // The bytes the change gives when it is not killed, on a copy.
        let copy = dir.join("copy.event");
        std::fs::write(&copy, &old).unwrap();
        ok(&["event", "report", copy.to_str().unwrap(), "1", result]);
        let new = std::fs::read(&copy).unwrap();
        assert_ne!(old, new);
        let mut child = Command::new(REFEREE)
            .args(["event", "report", f, "1", result])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_micros(rng.below(span + span / 4)));
        let _ = child.kill(); // SIGKILL
        let _ = child.wait();
        let now = std::fs::read(&file).unwrap();
        if now == old {
            old_seen += 1;
        } else if now == new {
            new_seen += 1;
            current = result;
        } else {
            panic!("attempt {attempt}: the event file is neither the old nor the new bytes ({} bytes)", now.len());
        }
        // The file still reads, and the lock was released with the process.
        ok(&["event", "status", f]);
    }
    eprintln!("killed 40 times: {old_seen} left the old file, {new_seen} the new one");
    let _ = std::fs::remove_dir_all(&dir);
}
