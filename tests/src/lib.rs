//! Helpers shared by referee's end-to-end tests: the judge data and the built `referee` binary.
#![allow(clippy::panic, clippy::cast_possible_truncation, clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

pub mod event;
pub mod event_driver;
pub mod json;
pub mod pairing;
pub mod reference;

/// The folder of judge data, `tests/data/`.
#[must_use]
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// The `.in` files under `tests/data/<sub>/`, sorted by name.
///
/// # Panics
/// If the folder cannot be read.
#[must_use]
pub fn inputs(sub: &str) -> Vec<PathBuf> {
    let dir = data_dir().join(sub);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|entry| entry.map(|e| e.path()).unwrap_or_default())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    files.sort();
    files
}

/// Whether `REFEREE_BLESS` is set: the tests then write the expected files they can derive
/// (missing `.err` files, reference answers) before comparing with them.
#[must_use]
pub fn blessing() -> bool {
    std::env::var_os("REFEREE_BLESS").is_some_and(|v| !v.is_empty() && v != "0")
}

/// The `.err` file beside the invalid input `input`: the exact refusal line the host prints on
/// stderr and the firmware writes, `error: <line>:<column>: <message>` and a newline.
#[must_use]
pub fn refusal_file(input: &Path) -> PathBuf {
    input.with_extension("err")
}

/// The expected refusal of the invalid input `input`, read from its `.err` file. With
/// [`blessing`], a missing `.err` is first written from `actual` (review it before committing).
///
/// # Panics
/// If the `.err` file is missing (and not blessed) or cannot be read or written.
#[must_use]
pub fn expected_refusal(input: &Path, actual: &str) -> String {
    let file = refusal_file(input);
    if blessing() && !file.exists() {
        std::fs::write(&file, actual).unwrap_or_else(|e| panic!("writing {}: {e}", file.display()));
    }
    std::fs::read_to_string(&file).unwrap_or_else(|e| {
        panic!("{}: {e} (every invalid input needs its .err; REFEREE_BLESS=1 writes missing ones)", file.display())
    })
}

/// A seeded pseudo-random generator (SplitMix64) for reproducible random tests.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform value in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next_u64() % (hi - lo + 1)
    }

    /// A uniform index below `len` (`len > 0`).
    pub fn below(&mut self, len: usize) -> usize {
        (self.next_u64() % len as u64) as usize
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// The seed of the `pathgame` benchmark board (`cargo bench --bench pathgame`, the
/// `gen_pathgame` example).
pub const PATHGAME_BENCH_SEED: u64 = 0x7061_7468_6761_6d65;

/// A deterministic `pathgame` board of `columns` columns in plain notation (two lines), with a
/// left-to-right path: in the first and the last tenth about one column in 16 has a black cell
/// (in a random row, except next to another black column, where it stays in the same row); the
/// middle 80 % is white. The long white stretch is what an `O(W²)` segment table cannot handle.
/// The benchmarks and the `gen_pathgame` example write it.
#[must_use]
pub fn pathgame_board(columns: usize, seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let (mut top, mut bottom) = (vec![b'.'; columns], vec![b'.'; columns]);
    let mut previous: Option<bool> = None;
    let middle = columns / 10..columns - columns / 10;
    for j in 0..columns {
        let bits = rng.next_u64();
        previous = if bits.is_multiple_of(16) && !middle.contains(&j) {
            let on_top = previous.unwrap_or(bits >> 32 & 1 == 1);
            let row = if on_top { &mut top } else { &mut bottom };
            row[j] = b'#';
            Some(on_top)
        } else {
            None
        };
    }
    let mut board = Vec::with_capacity(2 * columns + 2);
    for row in [top, bottom] {
        board.extend_from_slice(&row);
        board.push(b'\n');
    }
    board
}

/// What one in-process run of `referee` produced.
#[derive(Debug)]
pub struct Outcome {
    /// The exit status.
    pub status: u8,
    /// Everything written to stdout.
    pub stdout: Vec<u8>,
    /// Everything written to stderr, as text.
    pub stderr: String,
}

/// Runs `referee` in-process with `args` and `stdin`.
#[must_use]
pub fn referee(args: &[&str], stdin: &[u8]) -> Outcome {
    let args: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let status = referee_host::run(&args, &mut &stdin[..], &mut stdout, &mut stderr);
    Outcome { status, stdout, stderr: String::from_utf8_lossy(&stderr).into_owned() }
}

/// Checks that `outcome` is a refusal of invalid input: status 1, nothing on stdout, and one
/// `error: <line>:<column>: <message>` line on stderr. Returns the message.
///
/// # Panics
/// If it is not.
#[must_use]
pub fn expect_refusal(outcome: &Outcome, what: &str) -> String {
    assert_eq!(outcome.status, 1, "{what}: exit status (stderr: {})", outcome.stderr);
    assert!(
        outcome.stdout.is_empty(),
        "{what}: stdout must be empty, got {:?}",
        String::from_utf8_lossy(&outcome.stdout)
    );
    let line = outcome.stderr.strip_suffix('\n').unwrap_or_else(|| panic!("{what}: stderr must end in a newline"));
    assert!(!line.contains('\n'), "{what}: one line on stderr, got {:?}", outcome.stderr);
    let rest = line.strip_prefix("error: ").unwrap_or_else(|| panic!("{what}: stderr {line:?}"));
    let mut parts = rest.splitn(3, ':');
    let (l, c, message) = (parts.next(), parts.next(), parts.next());
    let number = |s: Option<&str>| s.and_then(|s| s.parse::<u32>().ok()).filter(|&n| n >= 1);
    assert!(number(l).is_some() && number(c).is_some(), "{what}: no line:column in {line:?}");
    let message = message.unwrap_or_default().trim_start().to_owned();
    assert!(!message.is_empty(), "{what}: empty message");
    message
}

/// The seed of the `standings` benchmark event (`cargo bench --bench standings`, the
/// `gen_standings` example).
pub const STANDINGS_BENCH_SEED: u64 = 0x4750_4c56_2015;

/// A deterministic Swiss event of `players` and `rounds` as a results CSV (the `standings`
/// format): each round pairs the players still in by match points (neighbours in the current
/// order, as Swiss pairings do), an odd one out gets a bye, results drawn from the ten legal
/// ones (wins more often than draws), and from round 3 on about 3 % of the players drop each
/// round. Names are `Player 1`, `Player 2`, ... and every tenth has a comma (quoted).
#[must_use]
pub fn standings_event(players: usize, rounds: usize, seed: u64) -> String {
    use event::RESULTS;
    use std::fmt::Write as _;
    const WEIGHTS: [u64; 10] = [20, 20, 25, 25, 2, 2, 2, 1, 1, 2];
    let mut rng = Rng::new(seed);
    let names: Vec<String> = (1..=players)
        .map(|i| if i % 10 == 0 { format!("\"Player {i}, Jr.\"") } else { format!("Player {i}") })
        .collect();
    let mut points = vec![0u32; players];
    let mut active: Vec<usize> = (0..players).collect();
    rng.shuffle(&mut active);
    let mut out = String::with_capacity(players * rounds * 20 + 64);
    out.push_str("round,player1,player2,wins1,wins2,draws\n");
    let total: u64 = WEIGHTS.iter().sum();
    for round in 1..=rounds {
        if round >= 3 {
            active.retain(|_| rng.range(0, 99) >= 3);
        }
        // Stable by points, so equal scores keep their (random) order from the shuffle.
        active.sort_by_key(|&p| std::cmp::Reverse(points[p]));
        for pair in active.chunks(2) {
            if let [a, b] = *pair {
                let mut pick = rng.range(0, total - 1);
                let mut index = 0;
                while pick >= WEIGHTS[index] {
                    pick -= WEIGHTS[index];
                    index += 1;
                }
                let (w1, w2, d) = RESULTS[index];
                let (pa, pb) = match w1.cmp(&w2) {
                    std::cmp::Ordering::Greater => (3, 0),
                    std::cmp::Ordering::Less => (0, 3),
                    std::cmp::Ordering::Equal => (1, 1),
                };
                points[a] += pa;
                points[b] += pb;
                let _ = writeln!(out, "{round},{},{},{w1},{w2},{d}", names[a], names[b]);
            } else {
                points[pair[0]] += 3;
                let _ = writeln!(out, "{round},{},,,,", names[pair[0]]);
            }
        }
    }
    out
}
