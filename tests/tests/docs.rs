//! The README agrees with the code where it quotes it: the exit-status table and the tavern
//! scratch figures.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use referee_core::judge::ExitStatus;
use referee_core::tavern::{DEFAULT_TABLE_WORDS, FIXED_SCRATCH_WORDS, RANK_TABLE_WORDS};

fn readme() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md");
    std::fs::read_to_string(path).expect("reading README.md")
}

/// Groups of three digits separated by spaces, as the README writes numbers.
fn spaced(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(digit);
    }
    out
}

#[test]
fn the_readme_exit_status_table_is_the_code_table() {
    let readme = readme();
    let rows: Vec<(String, u8)> = readme
        .lines()
        .skip_while(|line| !line.starts_with("| status | code | meaning |"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            (cells[1].trim_matches('`').to_owned(), cells[2].parse().unwrap())
        })
        .collect();
    let code: Vec<(String, u8)> = ExitStatus::ALL.iter().map(|s| (format!("{s:?}"), s.code())).collect();
    assert_eq!(rows, code, "README.md's exit-status table differs from judge::ExitStatus");
}

#[test]
fn the_readme_quotes_the_tavern_scratch_constants() {
    let readme = readme();
    for (name, value) in [
        ("FIXED_SCRATCH_WORDS", FIXED_SCRATCH_WORDS),
        ("RANK_TABLE_WORDS", RANK_TABLE_WORDS),
        ("DEFAULT_TABLE_WORDS", DEFAULT_TABLE_WORDS),
    ] {
        let quoted = format!("`{name}` = {}", spaced(value));
        assert!(readme.contains(&quoted), "README.md should say {quoted}");
    }
}
