//! The firmware (`referee-embedded`) in QEMU, on every board of `embedded/boards.txt`: its
//! self-check (the cases of `tests/data/` that `embedded/selfcheck-cases.txt` selects), and
//! every case of `tests/data/` through its judge mode, byte for byte against the expected files:
//! `.out`, `.exact`, and the `.err` refusal line the host is held to as well
//! (tests/tests/judge_data.rs; for the game rules' invalid cases, which have none, the host's
//! own refusal line), or a capacity refusal where the board's memory says so.
//!
//! Needs QEMU (`qemu-system-arm`, and `qemu-system-riscv32` for the RISC-V board), `defmt-print`
//! and the boards' targets (scripts/check.sh installs them all). Without QEMU or the decoder
//! every test here prints what to install and passes without running, so that `cargo test`
//! works on any machine; with `REFEREE_REQUIRE_FIRMWARE=1` (set by scripts/check.sh, the
//! README's test command) a missing tool fails them instead.
//! Each board's images are built here (`REFEREE_BOARD=<board> cargo build --profile <profile>
//! -p referee-embedded --target <target>`, as `embedded/boards.txt` says) unless
//! `REFEREE_FIRMWARE_DIR` names a folder holding `<target>/<profile>/` of built images.
//! `REFEREE_FIRMWARE_BOARDS` (comma-separated names) limits the boards tested.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use referee_core::judge::Problem;
use referee_core::swiss::MatchResult;
use referee_embedded::board::{Board, BOARDS};
use referee_embedded::status;
use referee_tests::{data_dir, inputs, referee, refusal_file, Rng};

/// Seconds one QEMU run may take before `timeout` ends it: a guard against a hang, far above
/// the slowest case (public battle 109, about 5 billion guest instructions, took over 120 s on
/// the `riscv32-virt` once with the 2-core machine loaded by other work).
const QEMU_TIMEOUT_SECONDS: &str = "300";
/// The boards whose judge mode runs every case of `tests/data/` (the self-check and the
/// smaller tests run on every board): all four (about 3.5 minutes on two cores).
const JUDGE_DATA_BOARDS: [&str; 4] = ["mps2-an386", "lm3s6965evb", "microbit", "riscv32-virt"];

/// Cases of `tests/data/` (relative to it) larger than a board's memory, which it must refuse
/// with a capacity error (once for the decimals, once with `--exact`), in the order they run.
/// Every other case must pass. The boards not listed answer every case of the tavern rules.
fn beyond_capacity(board: &str) -> Vec<String> {
    let mut cases: Vec<String> = match board {
        // 1 856 words of judge scratch hold 16 turns of battle in progress beside its table:
        // the longest fights (087, 088: about 70 attacks deep) and the largest (108, 109) need
        // more.
        "microbit" => ["battle/087.in", "battle/088.in", "battle/108.in", "battle/109.in"]
            .iter()
            .flat_map(|case| [case.to_string(), case.to_string()])
            .collect(),
        _ => Vec::new(),
    };
    cases.extend(game_beyond_capacity(board).into_iter().flat_map(|case| [case.clone(), case]));
    cases
}

/// The valid game-rules cases run on a board that refuses every fight
/// (`command::game_capacity`: decided from the board alone, before the search, once the fight
/// is read): a shallow and the deepest, to keep the test's time; every invalid case still runs
/// there. A board that searches runs every case.
const GAME_CASES_ON_A_REFUSING_BOARD: [&str; 2] = ["001.in", "054.in"];

/// The game-rules cases of `tests/data/battle-game` (relative to `tests/data/`) beyond
/// `board`'s memory (docs/firmware.md, "The game-rules battle"): the answer's 3 744 words and
/// the search's stack (a base of 9 to 11 KiB and 4 KiB a turn in progress) do not fit the slab
/// of the `microbit` (7.5 KiB) or the `riscv32-virt` (15 KiB): they refuse every case
/// ([`GAME_CASES_ON_A_REFUSING_BOARD`] run there). The `mps2-an386` (224 KiB) and the
/// `lm3s6965evb` (44 KiB) search every case: exactly when it fits their depth limit, else with
/// bounds ([`game_exact_cases`]).
fn game_beyond_capacity(board: &str) -> Vec<String> {
    match board {
        "microbit" | "riscv32-virt" => {
            GAME_CASES_ON_A_REFUSING_BOARD.iter().map(|case| format!("battle-game/{case}")).collect()
        }
        _ => Vec::new(),
    }
}

/// How many of the 60 public game-rules cases a board that searches answers exactly (each
/// once for the decimals, once with `--exact`): byte-identical to the expected files. The
/// others nest deeper than its depth limit and are answered with certified bounds, byte-identical
/// to the host under the same search ([`game_battle_on_host_as_firmware`]). The `mps2-an386`
/// holds 24 turns (the deepest public case nests 19); the `lm3s6965evb` 5.
fn game_exact_cases(board: &str) -> usize {
    match board {
        "lm3s6965evb" => LM3S_EXACT,
        "mps2-an386" => 60,
        _ => 0,
    }
}

/// The public game-rules cases the `lm3s6965evb` answers exactly within its 5 turns (the other
/// 25 with bounds).
const LM3S_EXACT: usize = 35;

/// Benchmark inputs (`tests/bench-inputs/`) larger than the `mps2-an386`'s capacity, which it
/// must refuse with a capacity error. Every other one must answer exactly like the host.
const BENCH_BEYOND_CAPACITY: &[&str] = &["swiss_max.in"];

/// The boards to test: `REFEREE_FIRMWARE_BOARDS`, or every board.
fn boards() -> Vec<Board> {
    match std::env::var("REFEREE_FIRMWARE_BOARDS") {
        Ok(names) => names
            .split(',')
            .map(|name| Board::named(name.trim()).unwrap_or_else(|| panic!("REFEREE_FIRMWARE_BOARDS: no board {name}")))
            .collect(),
        Err(_) => BOARDS.to_vec(),
    }
}

/// The folder holding `board`'s firmware images, built once per test run.
fn firmware_dir(board: &Board) -> PathBuf {
    static BUILT: Mutex<BTreeMap<&str, PathBuf>> = Mutex::new(BTreeMap::new());
    let mut built = BUILT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(dir) = built.get(board.name) {
        return dir.clone();
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let dir = if let Some(dir) = std::env::var_os("REFEREE_FIRMWARE_DIR") {
        PathBuf::from(dir).join(board.target).join(board.profile)
    } else {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "--profile", board.profile, "-p", "referee-embedded", "--target", board.target])
            .env("REFEREE_BOARD", board.name)
            .current_dir(root)
            .status()
            .expect("running cargo");
        assert!(status.success(), "building the {} firmware failed (rustup target add {}?)", board.name, board.target);
        let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
        target.join(board.target).join(board.profile)
    };
    built.insert(board.name, dir.clone());
    dir
}

/// The tools the firmware tests need, with how to install each.
const TOOLS: [(&str, &str); 3] = [
    ("qemu-system-arm", "apt-get install -y --no-install-recommends qemu-system-arm"),
    ("qemu-system-riscv32", "apt-get install -y --no-install-recommends qemu-system-misc"),
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

/// Runs `board`'s `image` in QEMU with `append` as its semihosting command line, through
/// `embedded/qemu-run.sh` (the one place that knows each board's QEMU machine), which decodes
/// the log.
fn qemu(board: &Board, image: &str, append: &str) -> Run {
    let elf = firmware_dir(board).join(image);
    assert!(elf.is_file(), "no firmware image at {}", elf.display());
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../embedded/qemu-run.sh");
    let mut command = Command::new(script);
    command.arg(&elf).env("REFEREE_BOARD", board.name).env("QEMU_TIMEOUT", QEMU_TIMEOUT_SECONDS);
    if !append.is_empty() {
        command.arg(append);
    }
    let output = command.output().expect("running embedded/qemu-run.sh");
    let status = output.status.code().unwrap_or(-1);
    let (log, errors) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert_ne!(status, 124, "{} {image} {append}: QEMU timed out after {QEMU_TIMEOUT_SECONDS} s", board.name);
    assert!(!errors.contains("defmt"), "{} {image} {append}: decoding failed: {errors}", board.name);
    println!("--- {} {image} {append} (exit status {status})\n{log}", board.name);
    Run { status, log: log.into_owned() }
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

/// Runs `board`'s judge mode on the host file `input`.
fn judge(board: &Board, problem: &str, flags: &[&str], input: &Path) -> Judged {
    let dir = scratch_dir();
    let (answer, error) = (dir.join("answer"), dir.join("error"));
    let quoted = |path: &Path| format!("\"{}\"", path.display());
    let mut append = vec![problem.to_owned()];
    append.extend(flags.iter().map(|&f| f.to_owned()));
    append.extend([quoted(input), quoted(&answer), quoted(&error)]);
    let run = qemu(board, "referee-judge", &append.join(" "));
    let judged = Judged {
        run,
        answer: std::fs::read(&answer).unwrap_or_default(),
        error: std::fs::read_to_string(&error).unwrap_or_default(),
    };
    std::fs::remove_dir_all(&dir).unwrap();
    judged
}

/// Runs `test` on every board to test, when the tools are there.
fn on_every_board(test: impl Fn(&Board)) {
    if firmware_tools() {
        boards().iter().for_each(test);
    }
}

#[test]
fn self_check_passes_in_qemu() {
    on_every_board(|board| {
        let run = qemu(board, "referee-embedded", "");
        assert_eq!(run.status, status::OK, "{}: self-check failed:\n{}", board.name, run.log);
        // Every case of the manifest.
        let summary = format!("self-check: {} passed, 0 failed", referee_embedded::selfcheck::CASES.len());
        assert!(
            run.log.lines().any(|l| l == summary),
            "{}: every case of the manifest must pass: {}",
            board.name,
            run.log
        );
        assert!(!run.log.contains("FAIL"), "{}", run.log);
        let on_board = format!("self-check on the {} board", board.name);
        assert!(run.log.contains(&on_board), "{on_board}: {}", run.log);
        // The typed standings event and pairing, in their own image.
        let run = qemu(board, "referee-typed", "");
        assert_eq!(run.status, status::OK, "{}: typed check failed:\n{}", board.name, run.log);
        assert!(run.log.lines().any(|l| l == "typed check: 2 passed, 0 failed"), "{}: {}", board.name, run.log);
        for typed in ["pass standings typed-event", "pass pair typed-round"] {
            assert!(run.log.lines().any(|l| l.starts_with(typed)), "{} {typed}: {}", board.name, run.log);
        }
    });
}

/// Every case of `tests/data/` of every problem, through the firmware of each board of
/// [`JUDGE_DATA_BOARDS`]: answers byte-identical, refusals identical to their `.err` line,
/// capacity refusals exactly for the board's [`beyond_capacity`].
#[test]
fn every_judge_case_matches_the_host() {
    on_every_board(|board| {
        if JUDGE_DATA_BOARDS.contains(&board.name) {
            judge_data_on(board);
        }
    });
}

/// One judge run of the corpus: its problem, the input, the flags, and what it must give.
struct Job {
    problem: &'static str,
    input: PathBuf,
    flags: &'static [&'static str],
    /// The expected answer (`.out` or `.exact`), or `None` for an invalid input (its `.err`).
    expected: Option<Vec<u8>>,
}

/// Runs `jobs` on `board`, on as many threads as the machine has cores (QEMU runs one core
/// each); the results in the order of `jobs`.
fn run_jobs(board: &Board, jobs: &[Job]) -> Vec<Judged> {
    let threads = std::thread::available_parallelism().map_or(2, std::num::NonZero::get).min(4);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Judged>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(index) else { break };
                let judged = judge(board, job.problem, job.flags, &job.input);
                results.lock().unwrap()[index] = Some(judged);
            });
        }
    });
    results.into_inner().unwrap().into_iter().map(Option::unwrap).collect()
}

fn judge_data_on(board: &Board) {
    let data = data_dir();
    let mut jobs = Vec::new();
    // `battle/` holds the tavern rules' cases (`--rules tavern`), `battle-game/` the game
    // rules' (the default of `battle`, as on the host).
    let folders =
        Problem::ALL.iter().map(|problem| (problem.name(), problem.name())).chain([("battle-game", "battle")]);
    for (folder, name) in folders {
        let (plain, exact): (&'static [&'static str], &'static [&'static str]) = match folder {
            "battle" => (&["--rules", "tavern"], &["--rules", "tavern", "--exact"]),
            _ => (&[], &["--exact"]),
        };
        for input in inputs(folder) {
            let file = input.file_name().unwrap().to_str().unwrap();
            let refusing = referee_embedded::command::game_capacity(board).is_some();
            if folder == "battle-game" && refusing && !GAME_CASES_ON_A_REFUSING_BOARD.contains(&file) {
                continue;
            }
            for (extension, flags) in [("out", plain), ("exact", exact)] {
                if let Ok(expected) = std::fs::read(input.with_extension(extension)) {
                    jobs.push(Job { problem: name, input: input.clone(), flags, expected: Some(expected) });
                }
            }
        }
        for input in inputs(&format!("invalid/{folder}")) {
            jobs.push(Job { problem: name, input, flags: plain, expected: None });
        }
    }
    let results = run_jobs(board, &jobs);
    let mut failures = Vec::new();
    let mut beyond = Vec::new();
    let mut deepest_stack: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut game_exact = std::collections::BTreeSet::new();
    for (job, judged) in jobs.iter().zip(&results) {
        let case = job.input.strip_prefix(&data).unwrap().display().to_string();
        let entry = deepest_stack.entry(job.problem).or_default();
        entry.0 = entry.0.max(judged.run.stack_bytes().unwrap_or_else(|| panic!("{case}: no stack line")));
        entry.1 += 1;
        let flags = job.flags;
        match &job.expected {
            Some(expected) => match judged.run.status {
                status::OK if judged.answer == *expected => {
                    if job.problem == "battle" && case.starts_with("battle-game/") {
                        game_exact.insert(case.clone());
                    }
                }
                // A game-rules fight deeper than the board's depth limit: certified bounds,
                // byte-identical to the host's under the same search.
                status::OK if case.starts_with("battle-game/") && judged.answer.ends_with(b"\nbounds\n") => {
                    let input = std::fs::read(&job.input).unwrap();
                    let host = game_battle_on_host_as_firmware(board, &input, flags.contains(&"--exact"));
                    if host.as_deref().map(str::as_bytes) != Ok(&judged.answer[..]) {
                        failures.push(format!("{case} {flags:?}: the bounds differ from the host's: {host:?}"));
                    }
                }
                status::OK => failures.push(format!("{case} {flags:?}: the answer differs from the expected file")),
                status::CAPACITY if judged.answer.is_empty() && judged.error.contains("this build holds") => {
                    beyond.push(case.clone());
                }
                other => failures.push(format!("{case} {flags:?}: exit status {other}, error {:?}", judged.error)),
            },
            None => {
                // The game rules' invalid cases have no `.err` (tests/tests/battle_game.rs holds
                // their positions): the host's refusal line, byte for byte.
                let expected = if case.starts_with("invalid/battle-game/") {
                    let host = referee(&["battle"], &std::fs::read(&job.input).unwrap());
                    assert_eq!(host.status, 1, "{case}: the host must refuse it");
                    host.stderr
                } else {
                    std::fs::read_to_string(refusal_file(&job.input))
                        .unwrap_or_else(|e| panic!("{case}: its .err: {e} (judge_data's bless mode writes it)"))
                };
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
    }
    let exact_cases = game_exact.len();
    let board = board.name;
    println!("{board}: game-rules cases answered exactly (both forms): {exact_cases}: {game_exact:?}");
    println!("{board}: deepest stack per problem (bytes, over cases): {deepest_stack:?}");
    println!("{board}: refused as beyond the board's capacity: {beyond:?}");
    assert!(failures.is_empty(), "{board}: {} firmware case(s) failed:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(beyond, beyond_capacity(board), "{board}: cases beyond the capacity (update beyond_capacity?)");
    assert_eq!(
        exact_cases,
        game_exact_cases(board),
        "{board}: game-rules cases answered exactly (update game_exact_cases?)"
    );
    assert!(deepest_stack.len() == Problem::ALL.len(), "every problem ran: {deepest_stack:?}");
}

/// An input larger than the slab streams through it: refused at its first wrong byte exactly as
/// the host refuses it, with no capacity error.
#[test]
fn an_input_larger_than_the_slab_streams_through_it() {
    on_every_board(|board| {
        let dir = scratch_dir();
        let input = dir.join("large.in");
        let mut bytes = b"1\n".to_vec();
        bytes.resize(2 * board.slab_bytes + 1000, b' ');
        bytes.extend_from_slice(b"x");
        std::fs::write(&input, &bytes).unwrap();
        let judged = judge(board, "swiss", &[], &input);
        std::fs::remove_dir_all(&dir).unwrap();
        let host = referee(&["swiss"], &bytes);
        assert_eq!((judged.run.status, host.status), (status::INVALID_INPUT, 1), "{}", board.name);
        assert_eq!(judged.error, host.stderr);
        assert_eq!(judged.error, format!("error: 2:{}: expected the number of players, found 'x'\n", bytes.len() - 2));
        assert!(judged.answer.is_empty());
    });
}

/// A valid input whose solver needs more scratch than the slab holds is refused with a capacity
/// error (the host, with its growable scratch, would answer it).
#[test]
fn a_tournament_larger_than_the_scratch_is_a_capacity_error() {
    on_every_board(|board| {
        let dir = scratch_dir();
        let input = dir.join("players.in");
        let (players, rounds) = (20_000usize, 34usize);
        let text = format!("1\n{players} {rounds}\n{}\n", vec!["0"; rounds].join(" "));
        std::fs::write(&input, &text).unwrap();
        let judged = judge(board, "swiss", &[], &input);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(judged.run.status, status::CAPACITY, "{}", board.name);
        let needed = players * (rounds + 5);
        let capacity = board.judge_scratch_words();
        assert_eq!(
            judged.error,
            format!("error: 2:7: input needs {needed} scratch words (n·(m + 5) for n players and m rounds) but this build holds {capacity}\n")
        );
        assert!(judged.answer.is_empty());
    });
}

/// The most players a 16-round `swiss` tournament may have on `board` (docs/firmware.md's
/// capacity figure): n·(16 + 5) scratch words, the input streamed.
fn swiss_16_rounds_max_players(board: &Board) -> usize {
    board.judge_scratch_words() / 21
}

/// The most cards per player of a `greater` game on `board` in the plain notation (N/8
/// words), the input streamed.
fn greater_max_cards(board: &Board) -> usize {
    board.judge_scratch_words() * 8
}

/// The most columns of a `pathgame` board on `board` in the braces notation, read front to
/// back with its first row held in scratch (N/32 words; the plain notation is read at offsets:
/// any length).
fn pathgame_max_braced_columns(board: &Board) -> usize {
    board.judge_scratch_words() * 32
}

/// A `swiss` input: `players` players, `rounds` rounds, every player paired every round (one
/// bye when `players` is odd), the ten legal results in turn.
fn full_pairing_tournament(players: usize, rounds: usize, rng: &mut Rng) -> String {
    let matches = players / 2;
    let mut text = format!("1\n{players} {rounds}\n{}\n", vec![matches.to_string(); rounds].join(" "));
    let mut ids: Vec<usize> = (1..=players).collect();
    let mut results = MatchResult::CONTEST.iter().cycle();
    for _ in 0..rounds {
        rng.shuffle(&mut ids);
        for pair in ids.chunks_exact(2) {
            let result = results.next().unwrap();
            let (w1, w2, d) = (result.first_wins(), result.second_wins(), result.draws());
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

/// `board` answers `largest` exactly like the host and refuses `one_more` with a capacity
/// error: the capacity stated in docs/firmware.md holds exactly.
fn assert_capacity_boundary(board: &Board, problem: &str, largest: &str, one_more: &str) {
    let dir = scratch_dir();
    for (name, text) in [("largest", largest), ("one-more", one_more)] {
        let input = dir.join(format!("{problem}-{name}.in"));
        std::fs::write(&input, text).unwrap();
        let judged = judge(board, problem, &[], &input);
        let board = board.name;
        if name == "largest" {
            let host = referee(&[problem], text.as_bytes());
            assert_eq!((judged.run.status, host.status), (status::OK, 0), "{board} {problem} {name}: {}", judged.error);
            assert!(
                judged.answer == host.stdout,
                "{board} {problem} {name}: the firmware's answer differs from the host's"
            );
        } else {
            assert_eq!(judged.run.status, status::CAPACITY, "{board} {problem} {name}: {}", judged.error);
            assert!(judged.error.contains("this build holds"), "{}", judged.error);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn swiss_capacity_is_as_stated() {
    on_every_board(|board| {
        let mut rng = Rng::new(16);
        let players = swiss_16_rounds_max_players(board);
        let largest = full_pairing_tournament(players, 16, &mut rng);
        assert_capacity_boundary(board, "swiss", &largest, &full_pairing_tournament(players + 1, 16, &mut rng));
    });
}

#[test]
fn greater_capacity_is_as_stated() {
    on_every_board(|board| {
        let mut rng = Rng::new(637);
        let cards = greater_max_cards(board);
        assert_capacity_boundary(
            board,
            "greater",
            &fully_known_game(cards, &mut rng),
            &fully_known_game(cards + 1, &mut rng),
        );
    });
}

#[test]
fn pathgame_capacity_is_as_stated() {
    on_every_board(|board| {
        let mut rng = Rng::new(500);
        let columns = pathgame_max_braced_columns(board);
        assert_capacity_boundary(
            board,
            "pathgame",
            &braced_board(columns, &mut rng),
            &braced_board(columns + 1, &mut rng),
        );
    });
}

/// Every benchmark input of every problem on the `mps2-an386` (in `--exact` mode where there is
/// one): the host's exact answer, or a capacity refusal for [`BENCH_BEYOND_CAPACITY`] only.
/// Prints the elapsed time of each QEMU run. (The other boards' figures for these inputs are
/// docs/firmware.md's, from scripts/firmware-table.sh.)
#[test]
fn bench_inputs_answer_like_the_host_or_exceed_capacity() {
    on_every_board(|board| {
        if board.name != "mps2-an386" {
            return;
        }
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench-inputs");
        let mut names: Vec<String> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        let (mut failures, mut beyond) = (Vec::new(), Vec::new());
        for name in names {
            let Some(problem) = Problem::ALL.iter().find(|p| name.starts_with(&format!("{}_", p.name()))) else {
                continue;
            };
            let flags: &[&str] = if problem.has_exact_mode() { &["--exact"] } else { &[] };
            let start = std::time::Instant::now();
            let judged = judge(board, problem.name(), flags, &dir.join(&name));
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
                status::CAPACITY if judged.answer.is_empty() => beyond.push(name),
                other => failures.push(format!("{name}: exit status {other}, error {:?}", judged.error)),
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        assert_eq!(beyond, BENCH_BEYOND_CAPACITY, "bench inputs beyond the firmware's capacity");
    });
}

/// A panic, a fault and a bad command line end the run with their failure status, never a
/// hang, on every board (a HardFault on Cortex-M, an illegal-instruction exception on RISC-V).
#[test]
fn crashes_and_bad_command_lines_end_the_run() {
    on_every_board(|board| {
        let dir = scratch_dir();
        let files = format!("\"{0}/answer\" \"{0}/error\"", dir.display());
        for (append, expected) in [
            ("--crash panic".to_owned(), status::PANIC),
            ("--crash fault".to_owned(), status::HARD_FAULT),
            (format!("chess \"{}/input\" {files}", dir.display()), status::FAILURE),
            (format!("swiss \"{}/no-such-input\" {files}", dir.display()), status::FAILURE),
        ] {
            let run = qemu(board, "referee-judge", &append);
            assert_eq!(run.status, expected, "{} {append}: {}", board.name, run.log);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    });
}

/// The instruction count of a judge run (the QEMU plugin `embedded/qemu-plugin/insncount.c`,
/// loaded by `embedded/qemu-run.sh`) is the same on two runs, on every board: the firmware's
/// performance figure does not drift.
#[test]
fn instruction_counts_repeat_exactly() {
    on_every_board(|board| {
        let input = data_dir().join("tavern/sample-2.in");
        let counts: Vec<u64> = (0..2)
            .map(|_| {
                let dir = scratch_dir();
                let count = dir.join("instructions");
                let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../embedded/qemu-run.sh");
                let quoted = |path: &Path| format!("\"{}\"", path.display());
                let append =
                    format!("tavern {} {} {}", quoted(&input), quoted(&dir.join("answer")), quoted(&dir.join("error")));
                let output = Command::new(script)
                    .arg(firmware_dir(board).join("referee-judge"))
                    .arg(append)
                    .env("REFEREE_BOARD", board.name)
                    .env("QEMU_COUNT_INSTRUCTIONS", &count)
                    .output()
                    .expect("running embedded/qemu-run.sh");
                assert!(output.status.success(), "{}: {}", board.name, String::from_utf8_lossy(&output.stderr));
                let text = std::fs::read_to_string(&count).expect("the plugin writes the count");
                std::fs::remove_dir_all(&dir).unwrap();
                text.trim().parse().expect("a count")
            })
            .collect();
        println!("{}: tavern/sample-2.in: {} instructions", board.name, counts[0]);
        assert!(counts[0] > 1000, "{}: {counts:?}", board.name);
        assert_eq!(counts[0], counts[1], "{}: the count drifted", board.name);
    });
}

/// A duel of two taunts `1/health` (each side's one attacker and the other's one target)
/// beside a `0/health`: one line of play, `health` exchanges deep, ending in a tie.
fn battle_duel(health: u32) -> String {
    let side = format!("1/{health}T 0/{health}");
    format!("2 2\n{side}\n{side}\n")
}

/// The host's judge answer (or refusal message) for a battle `input` under `board`'s firmware
/// options, in a scratch of the board's words: the same core call the firmware makes.
fn battle_on_host_as_firmware(board: &Board, input: &str) -> Result<String, String> {
    let options = referee_embedded::command::options_for(board.judge_scratch_words());
    let mut words = vec![0u32; board.judge_scratch_words()];
    let mut out = String::new();
    referee_core::battle::text::solve(
        input.as_bytes(),
        false,
        options.battle,
        options.battle_limits,
        &mut words[..],
        &mut out,
    )
    .map(|()| out)
    .map_err(|e| e.to_string())
}

/// The same battle boards are refused for depth on the host and on every board's firmware:
/// `battle::Limits::depth` counts the same turns everywhere (a 64-bit host keeps some frames
/// on its machine stack, which only makes it faster). For each board, the last wall the host
/// answers under the board's limits and the first it refuses for depth are run in QEMU: the
/// same answer, and the same refusal.
#[test]
fn battle_depth_is_refused_alike_on_the_host_and_the_firmware() {
    on_every_board(|board| {
        // The least health refused for depth (doubling, then halving), and the one below it.
        let refused_for_depth = |health| {
            battle_on_host_as_firmware(board, &battle_duel(health)).is_err_and(|m| m.contains("turns in progress"))
        };
        let mut high = 1;
        while !refused_for_depth(high) {
            high *= 2;
            assert!(high < 1 << 20, "{}: no duel refused for depth", board.name);
        }
        let mut low = high / 2;
        while low + 1 < high {
            let middle = low + (high - low) / 2;
            if refused_for_depth(middle) {
                high = middle;
            } else {
                low = middle;
            }
        }
        let (fits, deep) = (battle_duel(low), battle_duel(high));
        let answer = battle_on_host_as_firmware(board, &fits).unwrap_or_else(|e| panic!("{}: {fits}: {e}", board.name));
        let message = battle_on_host_as_firmware(board, &deep).unwrap_err();
        let dir = scratch_dir();
        let (fits_path, deep_path) = (dir.join("fits.in"), dir.join("deep.in"));
        std::fs::write(&fits_path, &fits).unwrap();
        std::fs::write(&deep_path, &deep).unwrap();
        let judged = judge(board, "battle", &["--rules", "tavern"], &fits_path);
        assert_eq!(judged.run.status, status::OK, "{}: {fits}{}", board.name, judged.error);
        assert_eq!(String::from_utf8_lossy(&judged.answer), answer, "{}: {fits}", board.name);
        let judged = judge(board, "battle", &["--rules", "tavern"], &deep_path);
        assert_ne!(judged.run.status, status::OK, "{}: {deep}", board.name);
        assert!(judged.error.contains(&message), "{}: {deep}: {} vs {message}", board.name, judged.error);
        std::fs::remove_dir_all(&dir).unwrap();
    });
}

/// The host's answer (or refusal message) for a game-rules `input` under `board`'s firmware
/// search ([`referee_embedded::command::game_search_for`]: the same table, the same limits, the
/// same capacity refusal), through the same core calls the firmware makes, on a thread with
/// room for the search's stack.
fn game_battle_on_host_as_firmware(board: &Board, input: &[u8], exact: bool) -> Result<String, String> {
    use referee_core::battle::game;
    let search = referee_embedded::command::game_search_for(board);
    let capacity = referee_embedded::command::game_capacity(board);
    let run = move || {
        let fight = game::text::parse(input).map_err(|e| e.to_string())?;
        if let Some(refusal) = capacity {
            return Err(refusal.to_string());
        }
        let mut words = vec![0u32; search.strategy.table_words()];
        let verdict = game::solve_bounded(&fight, search.strategy, search.limits, &mut words[..], &mut |_| true)
            .map_err(|e| game::text::refusal(e).to_string())?;
        let mut out = String::new();
        game::text::write_verdict(&verdict, exact, &mut out).map_err(|e| e.to_string())?;
        Ok(out)
    };
    std::thread::scope(|scope| {
        std::thread::Builder::new().stack_size(256 << 20).spawn_scoped(scope, run).unwrap().join()
    })
    .unwrap()
}

/// A game-rules fight in one line of play exactly `health` turns deep: Alice's `1/health`
/// against Bob's `1/(health + 1)` (each swing takes 1 from both; the coin only picks who
/// swings first).
fn game_duel(health: u32) -> String {
    format!("1 1\n1/{health}\n1/{}\n", health + 1)
}

/// The game-rules battle (`battle`'s default rules) on each board against the host under the
/// same search ([`game_battle_on_host_as_firmware`]), byte for byte, answers and refusals alike:
/// three representative public cases (`007`: one turn deep; `054`: the deepest, 19 turns;
/// `012`: 15 turns and the most states searched but one), decimals and `--exact` (every public
/// case runs in `every_judge_case_matches_the_host`, against the expected files); and on a
/// board that searches, a duel exactly as deep as its depth limit (answered: the lent stack
/// holds it) and one turn deeper (answered with bounds, the turn beyond cut, on the host too).
#[test]
fn game_battle_matches_the_host_as_firmware() {
    on_every_board(|board| {
        let depth = referee_embedded::command::game_search_for(board).limits.depth;
        let mut cases: Vec<(String, Vec<u8>, bool)> = Vec::new();
        for case in ["007", "054", "012"] {
            let bytes = std::fs::read(data_dir().join(format!("battle-game/{case}.in"))).unwrap();
            cases.push((format!("battle-game/{case}.in"), bytes.clone(), false));
            cases.push((format!("battle-game/{case}.in --exact"), bytes, true));
        }
        if depth > 0 {
            for health in [depth, depth + 1] {
                cases.push((format!("duel {health} deep"), game_duel(health).into_bytes(), false));
            }
        }
        let dir = scratch_dir();
        for (name, bytes, exact) in &cases {
            let input = dir.join("game.in");
            std::fs::write(&input, bytes).unwrap();
            let flags: &[&str] = if *exact { &["--exact"] } else { &[] };
            let judged = judge(board, "battle", flags, &input);
            let host = game_battle_on_host_as_firmware(board, bytes, *exact);
            let board = board.name;
            match host {
                Ok(answer) => {
                    assert_eq!(judged.run.status, status::OK, "{board} {name}: {}", judged.error);
                    assert!(
                        judged.answer == answer.as_bytes(),
                        "{board} {name}: the firmware's answer differs from the host's"
                    );
                }
                Err(message) => {
                    assert_ne!(judged.run.status, status::OK, "{board} {name}");
                    assert_eq!(judged.error, format!("error: {message}\n"), "{board} {name}");
                    assert!(judged.answer.is_empty(), "{board} {name}");
                }
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
        if depth > 0 {
            let deep = game_battle_on_host_as_firmware(board, game_duel(depth + 1).as_bytes(), false);
            assert!(
                game_battle_on_host_as_firmware(board, game_duel(depth).as_bytes(), false).is_ok(),
                "{}",
                board.name
            );
            // One turn deeper than the lent stack holds: bounds (the states beyond cut), not a
            // refusal.
            assert!(deep.is_ok_and(|a| a.ends_with("\nbounds\n")), "{}", board.name);
        }
    });
}
