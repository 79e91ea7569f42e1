//! The docs agree with the code where they quote it: the exit-status table of docs/cli.md and
//! the tavern scratch figures of docs/tavern.md.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use referee_core::judge::ExitStatus;
use referee_core::tavern::{DEFAULT_TABLE_WORDS, FIXED_SCRATCH_WORDS, RANK_TABLE_WORDS};

/// A page of the docs, by its path from the repository's root.
fn read(path: &str) -> String {
    let full = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(full).unwrap_or_else(|e| panic!("reading {path}: {e}"))
}

/// Groups of three digits separated by spaces, as the docs write numbers.
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
fn the_cli_page_exit_status_table_is_the_code_table() {
    let page = read("docs/cli.md");
    let rows: Vec<(String, u8)> = page
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
    assert_eq!(rows, code, "docs/cli.md's exit-status table differs from judge::ExitStatus");
}

#[test]
fn the_tavern_page_quotes_the_tavern_scratch_constants() {
    let page = read("docs/tavern.md");
    for (name, value) in [
        ("FIXED_SCRATCH_WORDS", FIXED_SCRATCH_WORDS),
        ("RANK_TABLE_WORDS", RANK_TABLE_WORDS),
        ("DEFAULT_TABLE_WORDS", DEFAULT_TABLE_WORDS),
    ] {
        let quoted = format!("`{name}` = {}", spaced(value));
        assert!(page.contains(&quoted), "docs/tavern.md should say {quoted}");
    }
}

/// The top-level modules of `referee-core` each file of `dir` imports (`crate::<module>` in
/// code, not in comments), as (importer, imported) pairs.
fn core_imports(dir: &std::path::Path, edges: &mut std::collections::BTreeSet<(String, String)>) {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/../core/src");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            core_imports(&path, edges);
            continue;
        }
        let relative = path.strip_prefix(src).unwrap();
        let first = relative.components().next().unwrap().as_os_str().to_str().unwrap();
        let module = first.trim_end_matches(".rs").to_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for (at, _) in line.match_indices("crate::") {
                let name: String = line[at + 7..].chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect();
                if !name.is_empty() && name != module {
                    edges.insert((module.clone(), name));
                }
            }
        }
    }
}

#[test]
fn the_core_module_graph_has_no_circle_and_no_problem_imports_the_judge() {
    let mut edges = std::collections::BTreeSet::new();
    core_imports(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../core/src")), &mut edges);
    assert!(edges.len() > 5, "too few imports found: {edges:?}");
    for problem in ["swiss", "tavern", "greater", "pathgame"] {
        assert!(!edges.contains(&(problem.to_owned(), "judge".to_owned())), "{problem} imports judge");
    }
    // Depth-first search for a cycle.
    fn visit<'a>(node: &'a str, edges: &'a std::collections::BTreeSet<(String, String)>, path: &mut Vec<&'a str>) {
        assert!(!path.contains(&node), "import circle: {path:?} -> {node}");
        path.push(node);
        for (_, to) in edges.iter().filter(|(from, _)| from == node) {
            visit(to, edges, path);
        }
        path.pop();
    }
    for (from, _) in &edges {
        if from != "lib" {
            visit(from, &edges, &mut Vec::new());
        }
    }
}
