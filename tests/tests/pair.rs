//! `pair`: the typed API ([`referee_core::pair::next_round`]) against an exhaustive search over
//! every pairing (the tests' reference) on thousands of seeded random events of up to 12
//! players still in, with drops, repeated pairings, several byes a round, and events so long
//! that rematches or a second bye cannot be avoided; every public case through `referee pair`
//! (a valid pairing of the right players whose objective is the case's optimum), every invalid
//! input refused with its message.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::cast_possible_truncation)]

mod common;

use referee_core::pair;
use referee_core::standings::Profile;
use referee_core::HeapScratch;
use std::path::PathBuf;

use referee_tests::event::{random_event, Entry, Tourney};
use referee_tests::pairing::{check_next_round, Goal};
use referee_tests::reference::pair::State;
use referee_tests::{data_dir, expect_refusal, referee, Rng};

fn check_many(seed: u64, events: usize, max_players: u64, max_rounds: u64) -> [usize; 2] {
    let mut rng = Rng::new(seed);
    let mut forced = [0, 0];
    for _ in 0..events {
        let t = random_event(&mut rng, max_players, max_rounds);
        let state = State::of(&t);
        let best = state.optimum();
        assert_eq!(check_next_round(&t, None), best, "optimum: {t:?}");
        assert_eq!(check_next_round(&t, Some(rng.next_u64())), best, "optimum with a seed: {t:?}");
        forced[0] += usize::from(best.0 > 0);
        forced[1] += usize::from(best.1 > 0);
    }
    forced
}

#[test]
fn the_optimum_of_every_random_event_of_up_to_12_players() {
    let forced = check_many(0x7061_6972_0001, 1500, 12, 6);
    assert!(forced[0] > 20 && forced[1] > 5, "forced rematches and second byes: {forced:?}");
}

#[test]
fn the_optimum_when_rematches_cannot_be_avoided() {
    let forced = check_many(0x7061_6972_0002, 1500, 7, 9);
    assert!(forced[0] > 200 && forced[1] > 50, "forced rematches and second byes: {forced:?}");
}

#[test]
fn every_pairing_of_round_one() {
    for n in 1..=12 {
        let t = Tourney { n, rounds: Vec::new() };
        assert_eq!(check_next_round(&t, None), (0, 0, 0, 0));
    }
}

/// A results file read literally (it is valid): the names in order of first appearance and the
/// event as the reference's data.
fn read_results(bytes: &[u8]) -> (Vec<String>, Tourney) {
    let mut reader = csv::ReaderBuilder::new().from_reader(bytes);
    let mut names: Vec<String> = Vec::new();
    let mut rounds: Vec<Vec<Entry>> = Vec::new();
    for record in reader.records() {
        let record = record.unwrap();
        let mut id = |name: &str| {
            let name = name.trim_matches(' ');
            names.iter().position(|n| n == name).unwrap_or_else(|| {
                names.push(name.to_owned());
                names.len() - 1
            })
        };
        let round: usize = record[0].parse().unwrap();
        let a = id(&record[1]);
        let entry = if record[2].is_empty() {
            Entry::Bye(a)
        } else {
            let b = id(&record[2]);
            let n = |i: usize| record[i].parse::<u8>().unwrap();
            Entry::Match(a, b, n(3), n(4), n(5))
        };
        rounds.resize_with(round.max(rounds.len()), Vec::new);
        rounds[round - 1].push(entry);
    }
    let n = names.len();
    (names, Tourney { n, rounds })
}

/// A list of players read literally.
fn read_players(bytes: &[u8]) -> Vec<String> {
    let text = std::str::from_utf8(bytes).unwrap();
    text.lines().map(|l| l.trim_matches(' ').to_owned()).filter(|l| !l.is_empty()).collect()
}

/// Checks `referee pair`'s rows for the event `t` (players `names`): the header, round
/// `round`, empty results, every player still in exactly once, the bye last; returns the
/// objective the reference computes for them.
fn check_rows(stdout: &[u8], names: &[String], t: &Tourney, what: &str) -> Goal {
    let state = State::of(t);
    let round = (t.rounds.len() + 1).to_string();
    let mut reader = csv::ReaderBuilder::new().from_reader(stdout);
    assert_eq!(reader.headers().unwrap(), vec!["round", "player1", "player2", "wins1", "wins2", "draws"], "{what}");
    let id = |name: &str| names.iter().position(|n| n == name).unwrap_or_else(|| panic!("{what}: unknown {name:?}"));
    let (mut matches, mut bye, mut seen) = (Vec::new(), None, vec![false; t.n]);
    for record in reader.records() {
        let record = record.unwrap();
        assert_eq!(&record[0], round, "{what}: the round");
        assert!(record.iter().skip(3).all(str::is_empty), "{what}: results left empty");
        assert!(bye.is_none(), "{what}: the bye comes last");
        let a = id(&record[1]);
        let players = if record[2].is_empty() {
            bye = Some(a);
            vec![a]
        } else {
            let b = id(&record[2]);
            matches.push((a, b));
            vec![a, b]
        };
        for p in players {
            assert!(!std::mem::replace(&mut seen[p], true), "{what}: {:?} twice", names[p]);
        }
    }
    let paired: Vec<usize> = (0..t.n).filter(|&p| seen[p]).collect();
    assert_eq!(paired, state.active, "{what}: exactly the players still in");
    state.objective(&matches, bye)
}

/// The public cases: `(input, --players?, the optimum)`.
fn public_cases() -> Vec<(PathBuf, bool, Goal)> {
    let dir = data_dir().join("pair");
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "csv" || x == "players"))
        .map(|input| {
            let opt = std::fs::read_to_string(input.with_extension("opt")).unwrap();
            let v: Vec<u64> = opt.split_whitespace().map(|x| x.parse().unwrap()).collect();
            let players = input.extension().is_some_and(|x| x == "players");
            (input, players, (v[0], v[1], v[2], v[3]))
        })
        .collect();
    cases.sort();
    cases
}

#[test]
fn every_public_case_is_a_valid_pairing_with_the_optimal_objective() {
    let cases = public_cases();
    assert!(cases.len() >= 29, "only {} cases", cases.len());
    for (input, players, optimum) in cases {
        let what = input.display().to_string();
        let bytes = std::fs::read(&input).unwrap();
        let (names, t) =
            if players { (read_players(&bytes), Tourney { n: 0, rounds: vec![] }) } else { read_results(&bytes) };
        let t = Tourney { n: names.len(), rounds: t.rounds };
        let mut args = vec!["pair", "--explain"];
        if players {
            args.push("--players");
        }
        let outcome = referee(&args, &bytes);
        assert_eq!(outcome.status, 0, "{what}: {}", outcome.stderr);
        let got = check_rows(&outcome.stdout, &names, &t, &what);
        assert_eq!(got, optimum, "{what}: the objective");
        let (r, b, y, c) = optimum;
        assert_eq!(outcome.stderr, format!("rematches {r}, second byes {b}, bye points {y}, cost {c}\n"), "{what}");
        // Deterministic, and a seed gives another optimal pairing just as valid.
        assert_eq!(referee(&args, &bytes).stdout, outcome.stdout, "{what}: the same input, the same rows");
        args.extend(["--seed", "12345"]);
        let seeded = referee(&args, &bytes);
        assert_eq!(check_rows(&seeded.stdout, &names, &t, &what), optimum, "{what}: with a seed");
    }
}

#[test]
fn player1_ranks_first_and_rows_follow_the_standings() {
    for (input, _, _) in public_cases().into_iter().filter(|c| !c.1) {
        let bytes = std::fs::read(&input).unwrap();
        let standings = referee(&["standings", "--format", "csv"], &bytes);
        let mut reader = csv::ReaderBuilder::new().from_reader(&standings.stdout[..]);
        let order: Vec<String> = reader.records().map(|r| r.unwrap()[1].to_owned()).collect();
        let place = |name: &str| order.iter().position(|n| n == name).unwrap();
        let outcome = referee(&["pair"], &bytes);
        let mut reader = csv::ReaderBuilder::new().from_reader(&outcome.stdout[..]);
        let mut last = None;
        for record in reader.records().map(Result::unwrap).filter(|r| !r[2].is_empty()) {
            let (a, b) = (place(&record[1]), place(&record[2]));
            assert!(a < b && last < Some(a), "{}: {record:?}", input.display());
            last = Some(a);
        }
    }
}

#[test]
fn invalid_inputs_are_refused_with_their_message() {
    let dir = data_dir().join("invalid").join("pair");
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x != "err"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 12);
    for input in inputs {
        let bytes = std::fs::read(&input).unwrap();
        let expected = std::fs::read_to_string(input.with_extension("err")).unwrap();
        let args: &[&str] =
            if input.extension().is_some_and(|x| x == "players") { &["pair", "--players"] } else { &["pair"] };
        let outcome = referee(args, &bytes);
        let _ = expect_refusal(&outcome, &input.display().to_string());
        assert_eq!(outcome.stderr, expected, "{}", input.display());
    }
}

#[test]
fn a_lone_player_gets_the_bye_and_names_are_quoted_when_they_must_be() {
    let results = b"round,player1,player2,wins1,wins2,draws\n1,Ann,\"Bob, Jr.\",2,0,0\n2,\"Bob, Jr.\",,,,\n";
    let outcome = referee(&["pair", "--explain"], results);
    assert_eq!(
        String::from_utf8_lossy(&outcome.stdout),
        "round,player1,player2,wins1,wins2,draws\n3,\"Bob, Jr.\",,,,\n"
    );
    assert_eq!(outcome.stderr, "rematches 0, second byes 1, bye points 3, cost 0\n");
    let players = "\u{feff}  Ann \r\n\"Q\" Lee\r\n\r\nBo,b\n";
    let outcome = referee(&["pair", "--players"], players.as_bytes());
    assert_eq!(
        String::from_utf8_lossy(&outcome.stdout),
        "round,player1,player2,wins1,wins2,draws\n1,Ann,\"\"\"Q\"\" Lee\",,,\n1,\"Bo,b\",,,,\n"
    );
}

/// An organiser who gives the results file to `--players` (each of its lines would have become
/// a player's name) is told what the file is and what to do instead.
#[test]
fn a_results_file_given_as_the_list_of_players_is_refused() {
    for results in [
        &b"round,player1,player2,wins1,wins2,draws\n1,Ann,Bob,2,0,0\n"[..],
        b"\xEF\xBB\xBFround,player1,player2,wins1,wins2,draws\r\n",
    ] {
        let outcome = referee(&["pair", "--players"], results);
        assert_eq!(outcome.status, 1, "{}", outcome.stderr);
        assert!(outcome.stdout.is_empty());
        assert!(
            outcome.stderr.contains("is a results file") && outcome.stderr.contains("without --players"),
            "{}",
            outcome.stderr
        );
    }
}

#[test]
fn usage_errors() {
    for args in [
        &["pair", "--seed"][..],
        &["pair", "--seed", "-1"],
        &["pair", "--seed", "x"],
        &["pair", "--exact"],
        &["pair", "a", "b"],
    ] {
        let outcome = referee(args, b"");
        assert_eq!(outcome.status, 2, "{args:?}: {}", outcome.stderr);
        assert!(outcome.stdout.is_empty() && outcome.stderr.starts_with("error: "), "{args:?}");
    }
    let help = referee(&["pair", "--help"], b"");
    assert!(help.status == 0 && String::from_utf8_lossy(&help.stdout).contains("--players"));
}

/// The firmware's pairing self-check (`referee_embedded::pairing`) expects an optimal pairing
/// of its event, with the optimum's objective.
#[test]
fn the_firmware_round_expects_an_optimal_pairing() {
    use referee_embedded::pairing::{EXPECTED, PLAYERS, ROUNDS};
    let t = common::firmware_tourney(PLAYERS, &ROUNDS);
    let state = State::of(&t);
    let optimum = state.optimum();
    assert!(optimum.0 > 0 && state.active.len() % 2 == 1 && state.active.len() < t.n, "a rematch, a bye, a drop");
    let expected = std::str::from_utf8(EXPECTED).unwrap();
    let (mut matches, mut bye) = (Vec::new(), None);
    for line in expected.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        match fields[..] {
            ["bye", p] => bye = Some(p.parse::<usize>().unwrap() - 1),
            [a, b] => matches.push((a.parse::<usize>().unwrap() - 1, b.parse::<usize>().unwrap() - 1)),
            _ => {}
        }
    }
    assert_eq!(state.objective(&matches, bye), optimum);
    let (r, b, y, c) = optimum;
    assert!(expected.ends_with(&format!("rematches {r}, second byes {b}, bye points {y}, cost {c}\n")));
    assert_eq!(check_next_round(&t, None), optimum);
}

/// The matching alone (without the fast path) reaches every public case's optimum too.
#[test]
fn the_matching_alone_reaches_every_public_optimum() {
    use referee_host::standings::{replay, Failure};
    for (input, _, optimum) in public_cases().into_iter().filter(|c| !c.1) {
        let bytes = std::fs::read(&input).unwrap();
        let objective = replay(&bytes, Profile::Mtr, None, |event, _| {
            let mut rank_words = HeapScratch::default();
            let ranking = event.rank(Profile::Mtr, &mut rank_words).unwrap();
            let mut scratch = HeapScratch::default();
            let pairing = pair::next_round_by_matching(&ranking, None, &mut scratch).unwrap();
            Ok::<_, Failure>(pairing.objective())
        })
        .unwrap();
        let got = (
            u64::from(objective.rematches),
            u64::from(objective.second_byes),
            u64::from(objective.bye_points),
            objective.cost,
        );
        assert_eq!(got, optimum, "{}", input.display());
    }
}

/// On larger events (the benchmark's generator: 50 to 600 players, 3 to 14 rounds, drops) the
/// matching alone finds an objective as good as `next_round`'s, which, where its fast path
/// answers, is the proven lower bound.
#[test]
fn the_matching_alone_agrees_on_larger_events() {
    use referee_host::standings::{replay, Failure};
    let mut rng = Rng::new(0x7061_6972_0003);
    for _ in 0..40 {
        let (players, rounds) = (rng.range(50, 600) as usize, rng.range(3, 14) as usize);
        let csv = referee_tests::standings_event(players, rounds, rng.next_u64());
        let (fast, matched) = replay(csv.as_bytes(), Profile::Mtr, None, |event, _| {
            let mut rank_words = HeapScratch::default();
            let ranking = event.rank(Profile::Mtr, &mut rank_words).unwrap();
            let mut scratch = HeapScratch::default();
            let fast = pair::next_round(&ranking, None, &mut scratch).unwrap().objective();
            let matched = pair::next_round_by_matching(&ranking, None, &mut scratch).unwrap().objective();
            Ok::<_, Failure>((fast, matched))
        })
        .unwrap();
        assert_eq!(fast, matched, "{players} x {rounds}");
    }
}
