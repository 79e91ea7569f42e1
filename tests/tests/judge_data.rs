//! Every case in `tests/data/` through the `referee` driver, byte for byte: `<id>.in` must give
//! `<id>.out` (and `<id>.exact` with `--exact`); every `invalid/<problem>/*.in` must be refused.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use referee_core::judge::Problem;
use referee_tests::{expect_refusal, inputs, referee};

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
                let mut args = vec![problem.name()];
                args.extend_from_slice(flags);
                let outcome = referee(&args, &bytes);
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
fn invalid_cases_are_refused() {
    for problem in Problem::ALL {
        for input in inputs(&format!("invalid/{}", problem.name())) {
            let bytes = std::fs::read(&input).unwrap();
            let outcome = referee(&[problem.name()], &bytes);
            let _ = expect_refusal(&outcome, &input.display().to_string());
        }
    }
}
