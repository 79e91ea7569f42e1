//! The firmware (`referee-embedded`) in QEMU: its self-check (the cases of `tests/data/` that
//! `embedded/selfcheck-cases.txt` selects), and every case of `tests/data/` through its judge
//! mode, byte for byte against the expected files: `.out`, `.exact`, and the `.err` refusal line
//! the host is held to as well (tests/tests/judge_data.rs).
//!
//! Needs `qemu-system-arm`, `defmt-print` and the `thumbv7em-none-eabihf` target (scripts/check.sh
//! installs all three). Without QEMU or the decoder every test here prints what to install and
//! passes without running, so that `cargo test` works on any machine; with
//! `REFEREE_REQUIRE_FIRMWARE=1` (set by scripts/check.sh, the README's test command) a missing
//! tool fails them instead.
//! The firmware is built here (`cargo build --release -p referee-embedded --target
//! thumbv7em-none-eabihf`) unless `REFEREE_FIRMWARE_DIR` names the folder of built images.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use referee_core::judge::Problem;
use referee_core::swiss::MatchResult;
use referee_embedded::budget::{JUDGE_SCRATCH_WORDS, SLAB_BYTES};
use referee_embedded::status;
use referee_tests::{data_dir, inputs, referee, refusal_file, Rng};

/// The firmware's target.
const THUMB: &str = "thumbv7em-none-eabihf";
/// Seconds one QEMU run may take before `timeout` ends it (a run takes well under one).
const QEMU_TIMEOUT_SECONDS: &str = "60";
/// Cases of `tests/data/` (relative to it) larger than the firmware's stated capacity, which it
/// must refuse with a capacity error (once for the decimals, once with `--exact`). Every other
/// case must pass.
const BEYOND_CAPACITY: &[&str] = &[];
/// Benchmark inputs (`tests/bench-inputs/`) larger than the firmware's capacity, which it must
/// refuse with a capacity error. Every other one must answer exactly like the host.
const BENCH_BEYOND_CAPACITY: &[&str] = &["swiss_max.in"];

/// The folder holding the firmware images, built once per test run.
fn firmware_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        if let Some(dir) = std::env::var_os("REFEREE_FIRMWARE_DIR") {
            return PathBuf::from(dir);
        }
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let built = Command::new(cargo)
            .args(["build", "--release", "-p", "referee-embedded", "--target", THUMB])
            .current_dir(root)
            .status()
            .expect("running cargo");
        assert!(built.success(), "building the firmware failed (is the target there? rustup target add {THUMB})");
        let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
        target.join(THUMB).join("release")
    })
}

/// The tools the firmware tests need, with how to install each.
const TOOLS: [(&str, &str); 2] = [
    ("qemu-system-arm", "apt-get install -y --no-install-recommends qemu-system-arm"),
    ("defmt-print", "cargo install --locked defmt-print --version 1.2.0"),
];

/// Whether the firmware tests can run here (checked once): true when QEMU and the decoder are
/// installed. Otherwise it says what is missing on stderr and returns false, or panics with it
/// when `REFEREE_REQUIRE_FIRMWARE=1`.
fn firmware_tools() -> bool {
    static READY: OnceLock<Result<(), String>> = OnceLock::new();
    let ready = READY.get_or_init(|| {
        let missing: Vec<String> = TOOLS
            .iter()
            .filter(|(tool, _)| !Command::new(tool).arg("--version").output().is_ok_and(|o| o.status.success()))
            .map(|(tool, install)| format!("{tool} is missing (install it with `{install}`)"))
            .collect();
        if missing.is_empty() {
            Ok(())
        } else {
            Err(missing.join("; "))
        }
    });
    match ready {
        Ok(()) => true,
        Err(missing) if std::env::var_os("REFEREE_REQUIRE_FIRMWARE").is_some_and(|v| v == "1") => {
            panic!("{missing}: REFEREE_REQUIRE_FIRMWARE=1 requires the firmware tests (scripts/check.sh installs the tools)")
        }
        Err(missing) => {
            // Straight to the process's stderr, past the test harness's capture, once per run.
            static SAID: OnceLock<()> = OnceLock::new();
            SAID.get_or_init(|| {
                let note = format!(
                    "skipping the firmware tests: {missing}; REFEREE_REQUIRE_FIRMWARE=1 makes this a failure\n"
                );
                let _ = std::io::Write::write_all(&mut std::io::stderr(), note.as_bytes());
            });
            false
        }
    }
}

/// What one QEMU run of a firmware image gave.
struct Run {
    /// The firmware's exit status (124 when `timeout` ended it).
    status: i32,
    /// The decoded defmt log.
    log: String,
}

impl Run {
    /// The stack depth the firmware logged (`stack: N of M bytes used`).
    fn stack_bytes(&self) -> Option<usize> {
        self.log.lines().find_map(|line| line.strip_prefix("stack: ")?.split(' ').next()?.parse().ok())
    }
}

/// Runs `image` in QEMU with `append` as its semihosting command line, under `timeout`.
fn qemu(image: &str, append: &str) -> Run {
    let elf = firmware_dir().join(image);
    assert!(elf.is_file(), "no firmware image at {}", elf.display());
    let output = Command::new("timeout")
        .arg(QEMU_TIMEOUT_SECONDS)
        .args(["qemu-system-arm", "-cpu", "cortex-m4", "-machine", "mps2-an386", "-display", "none"])
        .args(["-serial", "none", "-monitor", "none", "-semihosting-config", "enable=on,target=native"])
        .arg("-kernel")
        .arg(&elf)
        .args(["-append", append])
        .output()
        .expect("running qemu-system-arm under timeout");
    let status = output.status.code().unwrap_or(-1);
    assert_ne!(status, 124, "{image} {append}: QEMU timed out after {QEMU_TIMEOUT_SECONDS} s");
    let mut decoder = Command::new("defmt-print")
        .arg("-e")
        .arg(&elf)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("running defmt-print");
    std::io::Write::write_all(&mut decoder.stdin.take().unwrap(), &output.stdout).unwrap();
    let decoded = decoder.wait_with_output().unwrap();
    assert!(decoded.status.success(), "defmt-print failed: {}", String::from_utf8_lossy(&decoded.stderr));
    let log = String::from_utf8_lossy(&decoded.stdout).into_owned();
    println!("--- {image} {append} (exit status {status})\n{log}");
    Run { status, log }
}

/// A fresh scratch folder for one judge run.
fn scratch_dir() -> PathBuf {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("referee-firmware-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What the judge mode produced for one input.
struct Judged {
    run: Run,
    answer: Vec<u8>,
    error: String,
}

/// Runs the judge mode on the host file `input`.
fn judge(problem: &str, flags: &[&str], input: &Path) -> Judged {
    let dir = scratch_dir();
    let (answer, error) = (dir.join("answer"), dir.join("error"));
    let quoted = |path: &Path| format!("\"{}\"", path.display());
    let mut append = vec![problem.to_owned()];
    append.extend(flags.iter().map(|&f| f.to_owned()));
    append.extend([quoted(input), quoted(&answer), quoted(&error)]);
    let run = qemu("referee-judge", &append.join(" "));
    let judged = Judged {
        run,
        answer: std::fs::read(&answer).unwrap_or_default(),
        error: std::fs::read_to_string(&error).unwrap_or_default(),
    };
    std::fs::remove_dir_all(&dir).unwrap();
    judged
}

#[test]
fn self_check_passes_in_qemu() {
    if !firmware_tools() {
        return;
    }
    let run = qemu("referee-embedded", "");
    assert_eq!(run.status, status::OK, "self-check failed:\n{}", run.log);
    // Every case of the manifest, the typed standings event and the typed pairing.
    let summary = format!("self-check: {} passed, 0 failed", referee_embedded::selfcheck::CASES.len() + 2);
    assert!(run.log.lines().any(|l| l == summary), "every case of the manifest must pass: {}", run.log);
    for typed in ["pass standings typed-event", "pass pair typed-round"] {
        assert!(run.log.lines().any(|l| l.starts_with(typed)), "{typed}: {}", run.log);
    }
    assert!(!run.log.contains("FAIL"), "{}", run.log);
}

/// Every case of `tests/data/` of every problem, through the firmware: answers byte-identical,
/// refusals identical to their `.err` line, capacity refusals only for [`BEYOND_CAPACITY`].
#[test]
fn every_judge_case_matches_the_host() {
    if !firmware_tools() {
        return;
    }
    let mut failures = Vec::new();
    let mut beyond_capacity = Vec::new();
    let mut deepest_stack: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let data = data_dir();
    for problem in Problem::ALL {
        let name = problem.name();
        let mut note = |judged: &Judged, case: &Path| {
            let entry = deepest_stack.entry(name).or_default();
            entry.0 =
                entry.0.max(judged.run.stack_bytes().unwrap_or_else(|| panic!("{}: no stack line", case.display())));
            entry.1 += 1;
        };
        for input in inputs(name) {
            let case = input.strip_prefix(&data).unwrap().display().to_string();
            for (extension, flags) in [("out", &[][..]), ("exact", &["--exact"][..])] {
                let Ok(expected) = std::fs::read(input.with_extension(extension)) else { continue };
                let judged = judge(name, flags, &input);
                note(&judged, &input);
                match judged.run.status {
                    status::OK if judged.answer == expected => {}
                    status::OK => failures.push(format!("{case} {flags:?}: the answer differs from .{extension}")),
                    status::CAPACITY if judged.answer.is_empty() && judged.error.contains("this build holds") => {
                        beyond_capacity.push(case.clone());
                    }
                    other => failures.push(format!("{case} {flags:?}: exit status {other}, error {:?}", judged.error)),
                }
            }
        }
        for input in inputs(&format!("invalid/{name}")) {
            let case = input.strip_prefix(&data).unwrap().display().to_string();
            let expected = std::fs::read_to_string(refusal_file(&input))
                .unwrap_or_else(|e| panic!("{case}: its .err: {e} (judge_data's bless mode writes it)"));
            let judged = judge(name, &[], &input);
            note(&judged, &input);
            if judged.run.status != status::INVALID_INPUT || judged.error != expected || !judged.answer.is_empty() {
                failures.push(format!(
                    "{case}: status {} (want {}), error {:?} (.err {expected:?}), answer {} bytes (want 0)",
                    judged.run.status,
                    status::INVALID_INPUT,
                    judged.error,
                    judged.answer.len()
                ));
            }
        }
    }
    println!("deepest stack per problem (bytes, over cases): {deepest_stack:?}");
    println!("refused as beyond the firmware's capacity: {beyond_capacity:?}");
    assert!(failures.is_empty(), "{} firmware case(s) failed:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(beyond_capacity, BEYOND_CAPACITY, "cases beyond the firmware's capacity (update BEYOND_CAPACITY?)");
    assert!(deepest_stack.len() == Problem::ALL.len(), "every problem ran: {deepest_stack:?}");
}

/// An input larger than the slab streams through it: refused at its first wrong byte exactly as
/// the host refuses it, with no capacity error.
#[test]
fn an_input_larger_than_the_slab_streams_through_it() {
    if !firmware_tools() {
        return;
    }
    let dir = scratch_dir();
    let input = dir.join("large.in");
    let mut bytes = b"1\n".to_vec();
    bytes.resize(2 * SLAB_BYTES + 1000, b' ');
    bytes.extend_from_slice(b"x");
    std::fs::write(&input, &bytes).unwrap();
    let judged = judge("swiss", &[], &input);
    std::fs::remove_dir_all(&dir).unwrap();
    let host = referee(&["swiss"], &bytes);
    assert_eq!((judged.run.status, host.status), (status::INVALID_INPUT, 1));
    assert_eq!(judged.error, host.stderr);
    assert_eq!(judged.error, format!("error: 2:{}: expected the number of players, found 'x'\n", bytes.len() - 2));
    assert!(judged.answer.is_empty());
}

/// A valid input whose solver needs more scratch than the slab holds is refused with a capacity
/// error (the host, with its growable scratch, would answer it).
#[test]
fn a_tournament_larger_than_the_scratch_is_a_capacity_error() {
    if !firmware_tools() {
        return;
    }
    let dir = scratch_dir();
    let input = dir.join("players.in");
    let (players, rounds) = (20_000usize, 34usize);
    let text = format!("1\n{players} {rounds}\n{}\n", vec!["0"; rounds].join(" "));
    std::fs::write(&input, &text).unwrap();
    let judged = judge("swiss", &[], &input);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(judged.run.status, status::CAPACITY);
    let needed = players * (rounds + 6);
    let capacity = JUDGE_SCRATCH_WORDS;
    assert_eq!(
        judged.error,
        format!("error: 2:7: input needs {needed} scratch words (n·(m + 6) for n players and m rounds) but this build holds {capacity}\n")
    );
    assert!(judged.answer.is_empty());
}

/// The most players a 16-round `swiss` tournament may have on the firmware (the README's
/// capacity figure): n·(16 + 6) scratch words, the input streamed.
const SWISS_16_ROUNDS_MAX_PLAYERS: usize = JUDGE_SCRATCH_WORDS / 22;
/// The most cards per player of a `greater` game on the firmware in the plain notation (N/8
/// words), the input streamed.
const GREATER_MAX_CARDS: usize = JUDGE_SCRATCH_WORDS * 8;
/// The most columns of a `pathgame` board on the firmware in the braces notation, read front
/// to back with its first row held in scratch (N/32 words; the plain notation is read at
/// offsets: any length).
const PATHGAME_MAX_BRACED_COLUMNS: usize = JUDGE_SCRATCH_WORDS * 32;

/// A `swiss` input: `players` players, `rounds` rounds, every player paired every round (one
/// bye when `players` is odd), the ten legal results in turn.
fn full_pairing_tournament(players: usize, rounds: usize, rng: &mut Rng) -> String {
    let matches = players / 2;
    let mut text = format!("1\n{players} {rounds}\n{}\n", vec![matches.to_string(); rounds].join(" "));
    let mut ids: Vec<usize> = (1..=players).collect();
    let mut results = MatchResult::LEGAL.iter().cycle();
    for _ in 0..rounds {
        rng.shuffle(&mut ids);
        for pair in ids.chunks_exact(2) {
            let (w1, w2, d) = results.next().unwrap();
            text.push_str(&format!("{} {} {w1} {w2} {d}\n", pair[0], pair[1]));
        }
    }
    text
}

/// A `greater` input in the plain notation: `cards` cards each, Sothe's all known.
fn fully_known_game(cards: usize, rng: &mut Rng) -> String {
    let mut values: Vec<usize> = (1..=2 * cards).collect();
    rng.shuffle(&mut values);
    let line = |part: &[usize]| part.iter().map(usize::to_string).collect::<Vec<_>>().join(" ");
    format!("{cards}\n{}\n{}\n", line(&values[..cards]), line(&values[cards..]))
}

/// A `pathgame` board in the braces notation: `columns` columns, a black cell every 7 columns.
fn braced_board(columns: usize, rng: &mut Rng) -> String {
    let mut rows = [vec![b'.'; columns], vec![b'.'; columns]];
    for column in (0..columns).step_by(7) {
        rows[rng.below(2)][column] = b'#';
    }
    let [top, bottom] = rows.map(|row| String::from_utf8(row).unwrap());
    format!("{{\"{top}\", \"{bottom}\"}}\n")
}

/// The firmware answers `largest` exactly like the host and refuses `one_more` with a capacity
/// error: the capacity stated in the README holds exactly.
fn assert_capacity_boundary(problem: &str, largest: &str, one_more: &str) {
    let dir = scratch_dir();
    for (name, text) in [("largest", largest), ("one-more", one_more)] {
        let input = dir.join(format!("{problem}-{name}.in"));
        std::fs::write(&input, text).unwrap();
        let judged = judge(problem, &[], &input);
        if name == "largest" {
            let host = referee(&[problem], text.as_bytes());
            assert_eq!((judged.run.status, host.status), (status::OK, 0), "{problem} {name}: {}", judged.error);
            assert!(judged.answer == host.stdout, "{problem} {name}: the firmware's answer differs from the host's");
        } else {
            assert_eq!(judged.run.status, status::CAPACITY, "{problem} {name}: {}", judged.error);
            assert!(judged.error.contains("this build holds"), "{}", judged.error);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn swiss_capacity_is_as_stated() {
    if !firmware_tools() {
        return;
    }
    let mut rng = Rng::new(16);
    let largest = full_pairing_tournament(SWISS_16_ROUNDS_MAX_PLAYERS, 16, &mut rng);
    assert_capacity_boundary(
        "swiss",
        &largest,
        &full_pairing_tournament(SWISS_16_ROUNDS_MAX_PLAYERS + 1, 16, &mut rng),
    );
}

#[test]
fn greater_capacity_is_as_stated() {
    if !firmware_tools() {
        return;
    }
    let mut rng = Rng::new(637);
    assert_capacity_boundary(
        "greater",
        &fully_known_game(GREATER_MAX_CARDS, &mut rng),
        &fully_known_game(GREATER_MAX_CARDS + 1, &mut rng),
    );
}

#[test]
fn pathgame_capacity_is_as_stated() {
    if !firmware_tools() {
        return;
    }
    let mut rng = Rng::new(500);
    assert_capacity_boundary(
        "pathgame",
        &braced_board(PATHGAME_MAX_BRACED_COLUMNS, &mut rng),
        &braced_board(PATHGAME_MAX_BRACED_COLUMNS + 1, &mut rng),
    );
}

/// Every benchmark input of every problem on the firmware (in `--exact` mode where there is
/// one): the host's exact answer, or a capacity refusal for [`BENCH_BEYOND_CAPACITY`] only.
/// Prints the elapsed time of each QEMU run (the worst `tavern` battle must take under 10 s).
#[test]
fn bench_inputs_answer_like_the_host_or_exceed_capacity() {
    if !firmware_tools() {
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench-inputs");
    let mut names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    let (mut failures, mut beyond_capacity) = (Vec::new(), Vec::new());
    for name in names {
        let Some(problem) = Problem::ALL.iter().find(|p| name.starts_with(&format!("{}_", p.name()))) else { continue };
        let flags: &[&str] = if problem.has_exact_mode() { &["--exact"] } else { &[] };
        let start = std::time::Instant::now();
        let judged = judge(problem.name(), flags, &dir.join(&name));
        println!(
            "{name}: exit status {} in {:.3} s (QEMU start-up and log decoding included)",
            judged.run.status,
            start.elapsed().as_secs_f64()
        );
        match judged.run.status {
            status::OK => {
                let mut args = vec![problem.name()];
                args.extend_from_slice(flags);
                let host = referee(&args, &std::fs::read(dir.join(&name)).unwrap());
                if host.status != 0 || host.stdout != judged.answer {
                    failures.push(format!("{name}: the firmware's answer differs from the host's"));
                }
            }
            status::CAPACITY if judged.answer.is_empty() => beyond_capacity.push(name),
            other => failures.push(format!("{name}: exit status {other}, error {:?}", judged.error)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(beyond_capacity, BENCH_BEYOND_CAPACITY, "bench inputs beyond the firmware's capacity");
}

/// A panic, a HardFault and a bad command line end the run with their failure status, never
/// a hang.
#[test]
fn crashes_and_bad_command_lines_end_the_run() {
    if !firmware_tools() {
        return;
    }
    let dir = scratch_dir();
    let files = format!("\"{0}/answer\" \"{0}/error\"", dir.display());
    for (append, expected) in [
        ("--crash panic".to_owned(), status::PANIC),
        ("--crash fault".to_owned(), status::HARD_FAULT),
        (format!("chess \"{}/input\" {files}", dir.display()), status::FAILURE),
        (format!("swiss \"{}/no-such-input\" {files}", dir.display()), status::FAILURE),
    ] {
        let run = qemu("referee-judge", &append);
        assert_eq!(run.status, expected, "{append}: {}", run.log);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
