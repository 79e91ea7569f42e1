//! `standings`: every case of `tests/data/standings/` byte for byte through `referee standings`,
//! every invalid input refused with its message; a brute-force reference (the spec's rules
//! followed literally, with its own big-integer fractions) against the typed API
//! ([`referee_core::standings::Event`]) on thousands of seeded random events with drops, byes,
//! repeated pairings and near-ties; the contest profile against the `swiss` judge.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::cast_possible_truncation)]

mod common;

use std::cmp::Ordering;
use std::fmt::Write as _;
use std::path::PathBuf;

use referee_core::judge::{self, Options, Problem};
use referee_core::standings::{Event, PlayerId, Profile, MAX_ROUNDS};
use referee_core::{Fraction, HeapScratch};
use referee_tests::event::{random_event, record_round, Entry, Tourney, RESULTS};
use referee_tests::{data_dir, expect_refusal, referee, Rng};

// ---------------------------------------------------------------------------------------------
// The reference's own numbers: unsigned big integers and unreduced fractions over them.

/// An unsigned integer of any size, little-endian 32-bit limbs, no high zero limbs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from(mut x: u128) -> Self {
        let mut limbs = Vec::new();
        while x > 0 {
            limbs.push(x as u32);
            x >>= 32;
        }
        Big(limbs)
    }
    fn add(&self, o: &Big) -> Big {
        let mut out = Vec::with_capacity(self.0.len().max(o.0.len()) + 1);
        let mut carry = 0u64;
        for i in 0..self.0.len().max(o.0.len()) {
            let s = u64::from(*self.0.get(i).unwrap_or(&0)) + u64::from(*o.0.get(i).unwrap_or(&0)) + carry;
            out.push(s as u32);
            carry = s >> 32;
        }
        if carry > 0 {
            out.push(carry as u32);
        }
        Big(out)
    }
    fn mul(&self, o: &Big) -> Big {
        let mut out = vec![0u64; self.0.len() + o.0.len() + 1];
        for (i, &a) in self.0.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in o.0.iter().enumerate() {
                let t = out[i + j] + u64::from(a) * u64::from(b) + carry;
                out[i + j] = t & 0xffff_ffff;
                carry = t >> 32;
            }
            let mut k = i + o.0.len();
            while carry > 0 {
                let t = out[k] + carry;
                out[k] = t & 0xffff_ffff;
                carry = t >> 32;
                k += 1;
            }
        }
        let mut limbs: Vec<u32> = out.into_iter().map(|x| x as u32).collect();
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        Big(limbs)
    }
    fn cmp(&self, o: &Big) -> Ordering {
        self.0.len().cmp(&o.0.len()).then_with(|| self.0.iter().rev().cmp(o.0.iter().rev()))
    }
}

/// `num / den`, never reduced (equality and order by cross products).
#[derive(Clone, Debug)]
struct Frac {
    num: Big,
    den: Big,
}

impl Frac {
    fn new(num: u128, den: u128) -> Frac {
        assert!(den > 0);
        Frac { num: Big::from(num), den: Big::from(den) }
    }
    fn add(&self, o: &Frac) -> Frac {
        Frac { num: self.num.mul(&o.den).add(&o.num.mul(&self.den)), den: self.den.mul(&o.den) }
    }
    fn div_int(&self, k: u128) -> Frac {
        Frac { num: self.num.clone(), den: self.den.mul(&Big::from(k)) }
    }
    fn cmp(&self, o: &Frac) -> Ordering {
        self.num.mul(&o.den).cmp(&o.num.mul(&self.den))
    }
    fn max(self, o: Frac) -> Frac {
        if self.cmp(&o) == Ordering::Less {
            o
        } else {
            self
        }
    }
    /// Whether `f` is this value (any terms).
    fn equals(&self, f: Fraction) -> bool {
        self.cmp(&Frac::new(f.numer(), f.denom())) == Ordering::Equal
    }
}

// ---------------------------------------------------------------------------------------------
// Events and the reference.

/// One row of the reference's table.
#[derive(Clone, Debug)]
struct RefRow {
    player: usize,
    rank: usize,
    mp: u128,
    wins: u32,
    losses: u32,
    draws: u32,
    omw: Frac,
    gw: Frac,
    ogw: Frac,
}

/// The spec's rules, literally, after round `upto` under the floor `floor`.
fn reference(t: &Tourney, upto: usize, floor: &Frac) -> Vec<RefRow> {
    struct Rec {
        k: u128,
        mp: u128,
        gp: u128,
        games: u128,
        wins: u32,
        losses: u32,
        draws: u32,
        opponents: Vec<usize>,
    }
    let mut recs: Vec<Rec> = (0..t.n)
        .map(|_| Rec { k: 0, mp: 0, gp: 0, games: 0, wins: 0, losses: 0, draws: 0, opponents: vec![] })
        .collect();
    for round in &t.rounds[..upto] {
        for &entry in round {
            match entry {
                Entry::Bye(p) => {
                    let r = &mut recs[p];
                    r.k += 1;
                    r.mp += 3;
                    r.gp += 6;
                    r.games += 2;
                    r.wins += 1;
                }
                Entry::Match(a, b, w1, w2, d) => {
                    for (me, other, mine, theirs) in [(a, b, w1, w2), (b, a, w2, w1)] {
                        let r = &mut recs[me];
                        r.k += 1;
                        match mine.cmp(&theirs) {
                            Ordering::Greater => {
                                r.mp += 3;
                                r.wins += 1;
                            }
                            Ordering::Equal => {
                                r.mp += 1;
                                r.draws += 1;
                            }
                            Ordering::Less => r.losses += 1,
                        }
                        r.gp += 3 * u128::from(mine) + u128::from(d);
                        r.games += u128::from(w1 + w2 + d);
                        r.opponents.push(other);
                    }
                }
            }
        }
    }
    let pct = |num: u128, den: u128| if den == 0 { floor.clone() } else { Frac::new(num, den).max(floor.clone()) };
    let mw: Vec<Frac> = recs.iter().map(|r| pct(r.mp, 3 * r.k)).collect();
    let gw: Vec<Frac> = recs.iter().map(|r| pct(r.gp, 3 * r.games)).collect();
    let average = |values: &[Frac], opponents: &[usize]| {
        if opponents.is_empty() {
            floor.clone()
        } else {
            let sum = opponents.iter().fold(Frac::new(0, 1), |acc, &o| acc.add(&values[o]));
            sum.div_int(opponents.len() as u128)
        }
    };
    let mut rows: Vec<RefRow> = recs
        .iter()
        .enumerate()
        .map(|(p, r)| RefRow {
            player: p,
            rank: 0,
            mp: r.mp,
            wins: r.wins,
            losses: r.losses,
            draws: r.draws,
            omw: average(&mw, &r.opponents),
            gw: gw[p].clone(),
            ogw: average(&gw, &r.opponents),
        })
        .collect();
    let order = |a: &RefRow, b: &RefRow| {
        b.mp.cmp(&a.mp).then_with(|| b.omw.cmp(&a.omw)).then_with(|| b.gw.cmp(&a.gw)).then_with(|| b.ogw.cmp(&a.ogw))
    };
    rows.sort_by(|a, b| order(a, b)); // stable: ties stay in player order
    for i in 0..rows.len() {
        rows[i].rank = if i > 0 && order(&rows[i - 1], &rows[i]) == Ordering::Equal { rows[i - 1].rank } else { i + 1 };
    }
    rows
}

fn floor_of(profile: Profile) -> Frac {
    match profile {
        Profile::Contest => Frac::new(1, 3),
        _ => Frac::new(33, 100),
    }
}

/// Records `t` through the typed API round by round, and after every round checks the ranked
/// table of both profiles against the reference. Returns the number of rows checked.
fn check_typed_api(t: &Tourney, rng: &mut Rng) -> usize {
    let mut words = vec![0u32; Event::words_needed(t.n as u32, t.rounds.len() as u32).unwrap()];
    let mut rank_words = vec![0u32; Event::ranking_words(t.n as u32, t.rounds.len() as u32).unwrap()];
    let mut event = Event::new(t.n as u32, t.rounds.len() as u32, &mut words[..]).unwrap();
    let mut checked = 0;
    for (r, round) in t.rounds.iter().enumerate() {
        event.start_round().unwrap();
        record_round(&mut event, round);
        event.finish_round().unwrap();
        // Players absent from the next round: dropped now, explicitly, half of the time (the
        // next `finish_round` would drop them anyway).
        if let Some(next) = t.rounds.get(r + 1) {
            for p in 0..t.n {
                let plays = next.iter().any(|e| e.has(p));
                if !plays && rng.range(0, 1) == 0 {
                    let _ = event.drop_player(PlayerId::new(p as u32));
                }
            }
        }
        for profile in Profile::ALL {
            let expected = reference(t, r + 1, &floor_of(profile));
            let ranking = event.rank(profile, &mut rank_words[..]).unwrap();
            assert_eq!(ranking.len(), t.n);
            for (got, want) in ranking.iter().zip(&expected) {
                let s = got.standing;
                let what = || format!("{profile:?} after round {}: {got:?} vs {want:?}\n{t:?}", r + 1);
                assert_eq!(got.player.index(), want.player, "{}", what());
                assert_eq!(got.rank as usize, want.rank, "{}", what());
                assert_eq!(u128::from(s.match_points), want.mp, "{}", what());
                assert_eq!((s.wins, s.losses, s.draws), (want.wins, want.losses, want.draws), "{}", what());
                let ogw = s.ogw.to_fraction().unwrap();
                assert!(want.omw.equals(s.omw) && want.gw.equals(s.gw) && want.ogw.equals(ogw), "{}", what());
                for f in [s.omw, s.gw, ogw] {
                    assert_eq!(referee_core::fraction::gcd_u128(f.numer(), f.denom()), 1, "lowest terms: {}", what());
                }
                // The same standing one player at a time.
                assert_eq!(event.standing(got.player, profile), Some(s));
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn typed_api_matches_the_reference_on_random_events() {
    let mut rng = Rng::new(0x5374_616e_6469_6e67);
    let (mut events, mut rows) = (0, 0);
    for _ in 0..2_500 {
        let t = random_event(&mut rng, 10, 7);
        rows += check_typed_api(&t, &mut rng);
        events += 1;
    }
    assert!(events >= 2_500 && rows > 50_000, "{events} events, {rows} rows");
}

/// More and larger events: release builds only (scripts/check.sh runs it; about a minute).
#[test]
#[cfg_attr(debug_assertions, ignore = "release only (scripts/check.sh runs it)")]
fn typed_api_matches_the_reference_on_many_more_events() {
    let mut rng = Rng::new(42);
    for _ in 0..40_000 {
        let t = random_event(&mut rng, 24, 12);
        check_typed_api(&t, &mut rng);
    }
}

/// Exact ties on OMW (sums of different fractions that are equal, as `1/3 + 1/3 + 1` and
/// `2/3 + 2/3 + 1/3`, which floats can tell apart) broken by GW: found among random events and
/// checked through the typed API.
#[test]
fn exact_omw_ties_are_broken_by_gw() {
    let mut rng = Rng::new(7);
    let mut found = 0;
    for _ in 0..5_000 {
        let t = random_event(&mut rng, 8, 4);
        let rows = reference(&t, t.rounds.len(), &Frac::new(33, 100));
        let tie = rows.windows(2).any(|pair| {
            pair[0].mp == pair[1].mp
                && pair[0].omw.cmp(&pair[1].omw) == Ordering::Equal
                && pair[0].gw.cmp(&pair[1].gw) == Ordering::Greater
                && pair[0].player > pair[1].player
        });
        if tie {
            check_typed_api(&t, &mut rng);
            found += 1;
        }
    }
    assert!(found >= 10, "only {found} events with an exact OMW tie decided by GW against id order");
}

/// The largest values: 26 rounds, a player meeting opponents who dropped after every
/// different round, with game counts spread over 2..=78 (the lcm of the denominators near its
/// bound), and the refusal of a 27th round.
#[test]
fn the_longest_supported_event_is_exact() {
    let rounds = MAX_ROUNDS as usize;
    // Player 0 plays rounds 1..=26, round r against player r (who then drops); players play
    // byes before their match and 2-1s or draws to vary their game counts.
    let n = rounds + 1;
    let mut t = Tourney { n, rounds: vec![] };
    for r in 1..=rounds {
        let mut round = vec![];
        let result = RESULTS[[2, 6, 4, 7, 3][r % 5]];
        round.push(Entry::Match(0, r, result.0, result.1, result.2));
        for p in r + 1..n {
            // Before his match, player p alternates byes and draws with his neighbour.
            round.push(Entry::Bye(p));
        }
        t.rounds.push(round);
    }
    let mut rng = Rng::new(26);
    assert!(check_typed_api(&t, &mut rng) > 0);
    let mut words = vec![0u32; Event::words_needed(n as u32, MAX_ROUNDS).unwrap()];
    let mut event = Event::new(n as u32, MAX_ROUNDS, &mut words[..]).unwrap();
    for round in &t.rounds {
        event.start_round().unwrap();
        record_round(&mut event, round);
        event.finish_round().unwrap();
    }
    let ogw = event.standing(PlayerId::new(0), Profile::Mtr).unwrap().ogw;
    assert!(ogw.to_fraction().unwrap().denom() > u128::from(u64::MAX), "OGW {ogw}: the denominators go beyond 64 bits");
    // Every game count 2..=78 at once: 26 players who play all 26 rounds with 3-game results
    // and byes mixed so that their game totals differ, all meeting player 0's group.
    let mut rng = Rng::new(78);
    for _ in 0..20 {
        let n = 12;
        let mut t = Tourney { n, rounds: vec![] };
        let mut active: Vec<usize> = (0..n).collect();
        for r in 0..rounds {
            if r > 0 && rng.range(0, 3) == 0 && active.len() > 2 {
                let gone = rng.below(active.len());
                active.remove(gone);
            }
            let mut players = active.clone();
            rng.shuffle(&mut players);
            let mut round = vec![];
            for pair in players.chunks(2) {
                match *pair {
                    [a, b] => {
                        let (w1, w2, d) = RESULTS[rng.below(10)];
                        round.push(Entry::Match(a, b, w1, w2, d));
                    }
                    [p] => round.push(Entry::Bye(p)),
                    _ => unreachable!(),
                }
            }
            t.rounds.push(round);
        }
        check_typed_api(&t, &mut rng);
    }
    let mut words = vec![0u32; 1 << 10];
    assert!(Event::new(2, MAX_ROUNDS + 1, &mut words[..]).is_err());
    // The host: a 27th round is beyond this build (exit 3), not invalid.
    let mut csv = String::from("round,player1,player2,wins1,wins2,draws\n");
    for r in 1..=MAX_ROUNDS + 1 {
        writeln!(csv, "{r},Ann,Bob,2,1,0").unwrap();
    }
    let outcome = referee(&["standings"], csv.as_bytes());
    assert_eq!(outcome.status, 3, "{}", outcome.stderr);
    assert!(outcome.stdout.is_empty());
    assert_eq!(
        outcome.stderr,
        "error: 28:1: round 27: this build ranks events of at most 26 rounds (exact values fit u128)\n"
    );
}

// ---------------------------------------------------------------------------------------------
// The host: CSV in, CSV/JSON out.

/// The results CSV of `t` (names `P1`, `P2`, ...; some with characters that need quoting).
fn results_csv(t: &Tourney) -> String {
    let mut out = String::from("round,player1,player2,wins1,wins2,draws\n");
    for (r, round) in t.rounds.iter().enumerate() {
        for &entry in round {
            match entry {
                Entry::Bye(p) => writeln!(out, "{},{},,,,", r + 1, csv_name(p)).unwrap(),
                Entry::Match(a, b, w1, w2, d) => {
                    writeln!(out, "{},{},{},{w1},{w2},{d}", r + 1, csv_name(a), csv_name(b)).unwrap();
                }
            }
        }
    }
    out
}

fn name(p: usize) -> String {
    if p % 5 == 3 {
        format!("P{p}, \"Jr\"")
    } else {
        format!("P{p}")
    }
}

fn csv_name(p: usize) -> String {
    let n = name(p);
    if n.contains(',') {
        format!("\"{}\"", n.replace('"', "\"\""))
    } else {
        n
    }
}

/// `t` with its players numbered in order of first appearance in the file (the order in which
/// the host numbers them and lists complete ties).
fn by_first_appearance(t: &Tourney) -> Tourney {
    let mut number = vec![usize::MAX; t.n];
    let mut next = 0;
    for &entry in &t.rounds[0] {
        let players = match entry {
            Entry::Bye(p) => vec![p],
            Entry::Match(a, b, ..) => vec![a, b],
        };
        for p in players {
            if number[p] == usize::MAX {
                number[p] = next;
                next += 1;
            }
        }
    }
    assert_eq!(next, t.n, "every player appears in round 1");
    let rounds = t
        .rounds
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|&e| match e {
                    Entry::Bye(p) => Entry::Bye(number[p]),
                    Entry::Match(a, b, w1, w2, d) => Entry::Match(number[a], number[b], w1, w2, d),
                })
                .collect()
        })
        .collect();
    Tourney { n: t.n, rounds }
}

/// The spec's CSV answer, written from the reference.
fn reference_csv(t: &Tourney, upto: usize, floor: &Frac) -> String {
    let mut out = String::from("rank,player,points,wins,losses,draws,omw,gw,ogw\n");
    for row in reference(t, upto, floor) {
        let reduced = |f: &Frac| {
            // The reference's fractions are small here: reduce through u128.
            let (n, d) = (to_u128(&f.num), to_u128(&f.den));
            let g = referee_core::fraction::gcd_u128(n, d);
            format!("{}/{}", n / g, d / g)
        };
        let n = csv_name(row.player);
        writeln!(
            out,
            "{},{n},{},{},{},{},{},{},{}",
            row.rank,
            row.mp,
            row.wins,
            row.losses,
            row.draws,
            reduced(&row.omw),
            reduced(&row.gw),
            reduced(&row.ogw)
        )
        .unwrap();
    }
    out
}

fn to_u128(b: &Big) -> u128 {
    assert!(b.0.len() <= 4, "too large for the CSV check");
    b.0.iter().rev().fold(0u128, |acc, &l| acc << 32 | u128::from(l))
}

#[test]
fn host_matches_the_reference_on_random_results_files() {
    let mut rng = Rng::new(2015);
    for _ in 0..300 {
        let t = by_first_appearance(&random_event(&mut rng, 9, 4));
        let input = results_csv(&t);
        let upto = rng.range(1, t.rounds.len() as u64) as usize;
        for profile in Profile::ALL {
            let round = upto.to_string();
            let args = ["standings", "--format", "csv", "--profile", profile.name(), "--round", &round];
            let outcome = referee(&args, input.as_bytes());
            assert_eq!(outcome.status, 0, "{}\n{input}", outcome.stderr);
            let expected = reference_csv(&t, upto, &floor_of(profile));
            assert_eq!(String::from_utf8(outcome.stdout).unwrap(), expected, "input\n{input}");
        }
    }
}

/// `(input, args, expected)` for every answer file of `tests/data/standings/`: `ID.csv` is the
/// input; `ID[.rR].PROFILE.(csv|json)` the answer with `--round R --profile PROFILE`.
fn public_cases() -> Vec<(PathBuf, Vec<String>, PathBuf)> {
    let dir = data_dir().join("standings");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut cases = vec![];
    for answer in &files {
        let file = answer.file_name().unwrap().to_str().unwrap();
        let parts: Vec<&str> = file.split('.').collect();
        if parts.len() < 3 {
            continue;
        }
        let (id, format) = (parts[0], parts[parts.len() - 1]);
        let mut args = vec!["standings".to_owned(), "--format".to_owned(), format.to_owned()];
        for part in &parts[1..parts.len() - 1] {
            if let Some(round) = part.strip_prefix('r').filter(|r| r.parse::<u32>().is_ok()) {
                args.extend(["--round".to_owned(), round.to_owned()]);
            } else {
                args.extend(["--profile".to_owned(), (*part).to_owned()]);
            }
        }
        cases.push((dir.join(format!("{id}.csv")), args, answer.clone()));
    }
    cases
}

#[test]
fn public_cases_match_byte_for_byte() {
    let cases = public_cases();
    assert!(cases.len() >= 90, "only {} cases", cases.len());
    check_public_cases(cases);
}

fn check_public_cases(cases: Vec<(PathBuf, Vec<String>, PathBuf)>) {
    assert!(cases.len() >= 40, "only {} cases", cases.len());
    for format in ["csv", "json"] {
        assert!(cases.iter().any(|c| c.1[2] == format), "no {format} case");
    }
    for (input, args, answer) in cases {
        let bytes = std::fs::read(&input).unwrap();
        let expected = std::fs::read(&answer).unwrap();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let outcome = referee(&args, &bytes);
        assert_eq!(outcome.status, 0, "{} {args:?}: {}", input.display(), outcome.stderr);
        assert!(
            outcome.stdout == expected,
            "{} {args:?}: got\n{}\nexpected\n{}",
            input.display(),
            String::from_utf8_lossy(&outcome.stdout),
            String::from_utf8_lossy(&expected)
        );
        // The same through a file argument, and (inputs without quotes) with a BOM and CRLF.
        let outcome = referee(&[args.as_slice(), &[input.to_str().unwrap()]].concat(), b"");
        assert!(outcome.status == 0 && outcome.stdout == expected, "{} as a FILE", input.display());
        if !bytes.contains(&b'"') && !bytes.contains(&b'\r') {
            let mut crlf = b"\xEF\xBB\xBF".to_vec();
            for &b in &bytes {
                if b == b'\n' {
                    crlf.push(b'\r');
                }
                crlf.push(b);
            }
            let outcome = referee(&args, &crlf);
            assert!(outcome.status == 0 && outcome.stdout == expected, "{} with BOM and CRLF", input.display());
        }
    }
}

/// The `.csv` inputs of `tests/data/invalid/<folder>/`, sorted.
fn invalid_inputs(folder: &str) -> Vec<PathBuf> {
    let dir = data_dir().join("invalid").join(folder);
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "csv"))
        .collect();
    inputs.sort();
    inputs
}

/// Each input refused with its `.err` (`options` before `--format`).
fn check_invalid_cases(inputs: Vec<PathBuf>, options: &[&str]) {
    for input in inputs {
        let bytes = std::fs::read(&input).unwrap();
        let expected = std::fs::read_to_string(input.with_extension("err"))
            .unwrap_or_else(|e| panic!("{}: no .err beside it: {e}", input.display()));
        for format in ["table", "csv", "json"] {
            let args = [&["standings"][..], options, &["--format", format]].concat();
            let outcome = referee(&args, &bytes);
            let _ = expect_refusal(&outcome, &input.display().to_string());
            assert_eq!(outcome.stderr, expected, "{}", input.display());
        }
    }
}

/// `tests/data/invalid/standings/` (refused under both profiles) and
/// `tests/data/invalid/standings-contest/` (refused under `--profile contest` only: the default
/// profile mtr accepts them).
#[test]
fn invalid_cases_are_refused_with_their_message() {
    let inputs = invalid_inputs("standings");
    assert!(inputs.len() >= 17);
    check_invalid_cases(inputs.clone(), &[]);
    for input in inputs {
        let outcome = referee(&["standings", "--profile", "contest"], &std::fs::read(&input).unwrap());
        let _ = expect_refusal(&outcome, &input.display().to_string());
    }
    let contest = invalid_inputs("standings-contest");
    assert!(contest.len() >= 4);
    check_invalid_cases(contest.clone(), &["--profile", "contest"]);
    for input in contest {
        let outcome = referee(&["standings", "--format", "csv"], &std::fs::read(&input).unwrap());
        assert_eq!(outcome.status, 0, "{}: profile mtr accepts it: {}", input.display(), outcome.stderr);
    }
}

#[test]
fn round_beyond_the_last_is_a_usage_error() {
    let input = std::fs::read(data_dir().join("standings").join("001.csv")).unwrap();
    let outcome = referee(&["standings", "--round", "3"], &input);
    assert_eq!((outcome.status, outcome.stdout.is_empty()), (2, true));
    assert_eq!(outcome.stderr, "error: --round 3: the file has 2 rounds\n");
}

#[test]
fn the_table_aligns_wide_names_and_marks_shared_ranks() {
    let input = "round,player1,player2,wins1,wins2,draws\n1,李李,Bob,0,2,0\n1,Cid,Dee,0,2,0\n";
    let outcome = referee(&["standings"], input.as_bytes());
    assert_eq!(outcome.status, 0, "{}", outcome.stderr);
    let text = String::from_utf8(outcome.stdout).unwrap();
    let expected = "Standings after round 1\n\n\
                    Rank  Player  Points  W-L-D      OMW       GW      OGW\n  \
                    1=  Bob          3  1-0-0   33.00%  100.00%   33.00%\n  \
                    1=  Dee          3  1-0-0   33.00%  100.00%   33.00%\n  \
                    3=  李李         0  0-1-0  100.00%   33.00%  100.00%\n  \
                    3=  Cid          0  0-1-0  100.00%   33.00%  100.00%\n";
    assert_eq!(text, expected);
}

// ---------------------------------------------------------------------------------------------
// The contest profile is the `swiss` judge.

#[test]
fn contest_profile_equals_the_swiss_judge_without_drops() {
    let mut rng = Rng::new(102_394);
    let mut judge_scratch = HeapScratch::default();
    for _ in 0..600 {
        // No drops: every player in every round, a match or a bye.
        let n = rng.range(1, 10) as usize;
        let m = rng.range(1, 8) as usize;
        let mut rounds = vec![];
        for _ in 0..m {
            let mut players: Vec<usize> = (0..n).collect();
            if rng.range(0, 2) > 0 {
                rng.shuffle(&mut players);
            }
            let matches = rng.range(0, (n / 2) as u64) as usize;
            let mut round = vec![];
            for (i, pair) in players.chunks(2).enumerate() {
                match *pair {
                    [a, b] if i < matches => {
                        let (w1, w2, d) = RESULTS[rng.below(10)];
                        round.push(Entry::Match(a, b, w1, w2, d));
                    }
                    _ => round.extend(pair.iter().map(|&p| Entry::Bye(p))),
                }
            }
            rounds.push(round);
        }
        let t = Tourney { n, rounds };
        let mut input = format!("1\n{n} {m}\n");
        let counts: Vec<String> =
            t.rounds.iter().map(|r| r.iter().filter(|e| matches!(e, Entry::Match(..))).count().to_string()).collect();
        writeln!(input, "{}", counts.join(" ")).unwrap();
        for round in &t.rounds {
            for &e in round {
                if let Entry::Match(a, b, w1, w2, d) = e {
                    writeln!(input, "{} {} {w1} {w2} {d}", a + 1, b + 1).unwrap();
                }
            }
        }
        let mut judged = String::new();
        judge::run(Problem::Swiss, input.as_bytes(), &Options::default(), &mut judge_scratch, &mut judged).unwrap();
        let mut words = vec![0u32; Event::words_needed(n as u32, m as u32).unwrap()];
        let mut event = Event::new(n as u32, m as u32, &mut words[..]).unwrap();
        let mut typed = String::new();
        for (r, round) in t.rounds.iter().enumerate() {
            event.start_round().unwrap();
            record_round(&mut event, round);
            event.finish_round().unwrap();
            writeln!(typed, "Round {}", r + 1).unwrap();
            for i in 0..n as u32 {
                let s = event.standing(PlayerId::new(i), Profile::Contest).unwrap();
                writeln!(typed, "{} {} {} {}", s.match_points, s.omw, s.gw, s.ogw).unwrap();
            }
        }
        assert_eq!(typed, judged, "input\n{input}");
    }
}

/// The firmware's standings self-check (`referee_embedded::event`) expects the brute force's
/// table: the constant the microcontroller is checked against is right.
#[test]
fn the_firmware_event_expects_the_reference_table() {
    use referee_embedded::event::{EXPECTED, PLAYERS, ROUNDS};
    let t = common::firmware_tourney(PLAYERS, &ROUNDS);
    let reduced = |f: &Frac| {
        let (n, d) = (to_u128(&f.num), to_u128(&f.den));
        let g = referee_core::fraction::gcd_u128(n, d);
        format!("{}/{}", n / g, d / g)
    };
    let mut table = String::new();
    for row in reference(&t, ROUNDS.len(), &floor_of(Profile::Mtr)) {
        let (omw, gw, ogw) = (reduced(&row.omw), reduced(&row.gw), reduced(&row.ogw));
        writeln!(table, "{} {} {} {omw} {gw} {ogw}", row.rank, row.player + 1, row.mp).unwrap();
    }
    assert_eq!(table, std::str::from_utf8(EXPECTED).unwrap());
}

/// An event beyond the host's memory is refused at the row of the first player too many, in
/// the organiser's terms (players, rounds, memory), not in scratch words (exit 3).
#[test]
fn an_event_beyond_memory_is_refused_at_its_first_player_too_many() {
    let mut csv = String::from("round,player1,player2,wins1,wins2,draws\n");
    for i in (0..1_200_000).step_by(2) {
        csv.push_str(&format!("1,p{i},p{},2,0,0\n", i + 1));
    }
    let outcome = referee(&["standings"], csv.as_bytes());
    assert_eq!(outcome.status, 3, "{}", outcome.stderr);
    assert!(outcome.stdout.is_empty());
    assert_eq!(
        outcome.stderr,
        "error: 559240:3: player 1118478 (\"p1118477\") is one more than this build can rank: an event of 1 round \
         holds at most 1118477 players in its 64 MiB of working memory\n"
    );
}

/// A late entrant whose name is a letter or two from a player absent since is likely a typo:
/// the standings are printed as the file says, with a note on stderr (the organiser's
/// complaint: "a typo in a name is reported as a late entry with no did you mean").
#[test]
fn a_late_entry_near_an_absent_name_gets_a_did_you_mean_note() {
    let csv = "round,player1,player2,wins1,wins2,draws\n1,Ann,Bob,2,0,0\n1,Cid,Dee,2,1,0\n\n2,Ann,Cid,1,0,0\n2,Bbo,Dee,1,1,0\n";
    let outcome = referee(&["standings", "--format", "csv"], csv.as_bytes());
    assert_eq!(outcome.status, 0, "{}", outcome.stderr);
    assert!(String::from_utf8_lossy(&outcome.stdout).contains("Bbo"));
    assert_eq!(
        outcome.stderr,
        "note: 6:2: \"Bbo\" first plays in round 2 (a late entry); did you mean \"Bob\", who has not played since round 1?\n"
    );
    // A late entry with a name of its own, or near a player still playing: no note.
    let csv = "round,player1,player2,wins1,wins2,draws\n1,Ann,Bob,2,0,0\n2,Ann,Bob,1,0,0\n2,Ben,,0,2,0\n";
    assert_eq!(referee(&["standings"], csv.as_bytes()).stderr, "");
}
