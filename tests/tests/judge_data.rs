//! Every case in `tests/data/` through the `referee` driver, byte for byte: `<id>.in` must give
//! `<id>.out` (and `<id>.exact` with `--exact`); every `invalid/<problem>/<id>.in` must be
//! refused with exactly the line of `<id>.err` (`REFEREE_BLESS=1` writes missing `.err` files).
//! The firmware's self-check cases are a selection of these files (`embedded/selfcheck-cases.txt`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::Path;

use referee_core::judge::Problem;
use referee_tests::{data_dir, expect_refusal, expected_refusal, inputs, referee};

/// The flags that select the rules of `tests/data/<problem>`: `battle`'s cases there are
/// `battle.md`'s (`--rules tavern`); the game rules' cases are `tests/data/battle-game`
/// (`tests/tests/battle_game.rs`).
fn rules(problem: Problem) -> &'static [&'static str] {
    if problem == Problem::Battle {
        &["--rules", "tavern"]
    } else {
        &[]
    }
}

/// `problem`'s name and its rules' flags, then `flags`.
fn args<'a>(problem: Problem, flags: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![problem.name()];
    args.extend_from_slice(rules(problem));
    args.extend_from_slice(flags);
    args
}

#[test]
fn every_problem_has_judge_data() {
    for problem in Problem::ALL {
        assert!(!inputs(problem.name()).is_empty(), "no cases for {}", problem.name());
        assert!(!inputs(&format!("invalid/{}", problem.name())).is_empty(), "no invalid cases for {}", problem.name());
    }
}

#[test]
fn public_cases_match_byte_for_byte() {
    let mut checked = 0;
    for problem in Problem::ALL {
        for input in inputs(problem.name()) {
            let bytes = std::fs::read(&input).unwrap();
            for (extension, flags) in [("out", &[][..]), ("exact", &["--exact"][..])] {
                let Ok(expected) = std::fs::read(input.with_extension(extension)) else { continue };
                let outcome = referee(&args(*problem, flags), &bytes);
                assert_eq!(outcome.status, 0, "{}: {}", input.display(), outcome.stderr);
                assert!(
                    outcome.stdout == expected,
                    "{} {flags:?}: got\n{}\nexpected\n{}",
                    input.display(),
                    String::from_utf8_lossy(&outcome.stdout),
                    String::from_utf8_lossy(&expected)
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
}

#[test]
fn invalid_cases_are_refused_with_their_err_line() {
    let mut checked = 0;
    for problem in Problem::ALL {
        for input in inputs(&format!("invalid/{}", problem.name())) {
            let bytes = std::fs::read(&input).unwrap();
            let outcome = referee(&args(*problem, &[]), &bytes);
            let _ = expect_refusal(&outcome, &input.display().to_string());
            let expected = expected_refusal(&input, &outcome.stderr);
            assert_eq!(outcome.stderr, expected, "{}: stderr against its .err", input.display());
            checked += 1;
        }
    }
    assert!(checked >= 2 * Problem::ALL.len(), "{checked} invalid cases");
}

/// Every file of the corpus is an input with its expected files: `.out`/`.exact` beside a
/// valid input, exactly a `.err` beside an invalid one, and nothing without its `.in`.
#[test]
fn every_input_has_its_expected_files_and_nothing_else() {
    let mut folders = Vec::new();
    for problem in Problem::ALL {
        folders.push((problem.name().to_owned(), &["out", "exact"][..]));
        folders.push((format!("invalid/{}", problem.name()), &["err"][..]));
    }
    for (folder, extensions) in folders {
        for entry in std::fs::read_dir(data_dir().join(&folder)).unwrap() {
            let path = entry.unwrap().path();
            let extension = path.extension().and_then(|x| x.to_str()).unwrap_or_default().to_owned();
            if extension == "in" {
                let expected = extensions.iter().filter(|x| path.with_extension(x).is_file()).count();
                let wanted = if folder.starts_with("invalid/") { 1 } else { expected.max(1) };
                assert!(expected == wanted && expected > 0, "{}: expected files {extensions:?}", path.display());
            } else {
                assert!(extensions.contains(&extension.as_str()), "{}: not an expected file here", path.display());
                assert!(path.with_extension("in").is_file(), "{}: no .in beside it", path.display());
            }
        }
    }
}

/// The manifest of the firmware's self-check names only inputs of the corpus, each once.
#[test]
fn the_self_check_manifest_selects_corpus_inputs() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../embedded/selfcheck-cases.txt");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let listed: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    let unique: BTreeSet<&str> = listed.iter().copied().collect();
    assert_eq!(unique.len(), listed.len(), "a case listed twice");
    for line in &listed {
        assert!(line.ends_with(".in") && data_dir().join(line).is_file(), "{line}: not an input of tests/data");
    }
    for problem in Problem::ALL {
        let name = problem.name();
        assert!(listed.iter().any(|l| l.starts_with(&format!("{name}/"))), "no self-check answer for {name}");
        assert!(listed.iter().any(|l| l.starts_with(&format!("invalid/{name}/"))), "no self-check refusal for {name}");
    }
}

/// The line-end and byte-order-mark variants of `bytes`: every problem reads them alike
/// (see `referee_core::text::scanner`).
fn spellings(bytes: &[u8]) -> [(&'static str, Vec<u8>); 3] {
    let crlf = bytes.iter().flat_map(|&b| if b == b'\n' { vec![b'\r', b'\n'] } else { vec![b] }).collect();
    let cr = bytes.iter().map(|&b| if b == b'\n' { b'\r' } else { b }).collect();
    let bom = [&[0xEF, 0xBB, 0xBF][..], bytes].concat();
    [("CRLF line ends", crlf), ("lone CR line ends", cr), ("a byte-order mark", bom)]
}

#[test]
fn line_ends_and_a_byte_order_mark_change_nothing() {
    let mut checked = 0;
    for problem in Problem::ALL {
        for input in inputs(problem.name()).into_iter().chain(inputs(&format!("invalid/{}", problem.name()))) {
            let bytes = std::fs::read(&input).unwrap();
            let plain = referee(&args(*problem, &[]), &bytes);
            for (spelling, variant) in spellings(&bytes) {
                let outcome = referee(&args(*problem, &[]), &variant);
                let same =
                    (outcome.status, &outcome.stdout, &outcome.stderr) == (plain.status, &plain.stdout, &plain.stderr);
                assert!(same, "{} with {spelling}: {}", input.display(), outcome.stderr);
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
}
