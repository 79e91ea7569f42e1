//! The documentation agrees with the code where it quotes it (the exit-status table of
//! docs/cli.md, the tavern scratch figures of docs/tavern.md) and with itself: README.md is a
//! front page of at most 200 lines that gives `.ci/run`'s test command, every page of docs/ is
//! in its index, and every relative link of README.md and docs/*.md reaches a file (and a
//! heading of it, by GitHub's anchors, when it names one).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use referee_core::judge::ExitStatus;
use referee_core::tavern::{DEFAULT_TABLE_WORDS, FIXED_SCRATCH_WORDS, RANK_TABLE_WORDS};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_owned()
}

/// A file of the repository, by its path from the root.
fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("reading {path}: {e}"))
}

/// README.md and every page of docs/, as paths from the root.
fn pages() -> Vec<String> {
    let mut pages = vec!["README.md".to_owned()];
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    assert!(docs.len() > 10, "too few pages in docs/: {docs:?}");
    pages.extend(docs);
    pages
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

#[test]
fn the_readme_is_a_front_page_of_at_most_200_lines() {
    let lines = read("README.md").lines().count();
    assert!(lines <= 200, "README.md has {lines} lines; the rest belongs in docs/");
}

/// `.ci/run` runs the README's test command, and the README gives it as a command of its own.
#[test]
fn the_readme_gives_the_test_command_ci_runs() {
    let ci = read(".ci/run");
    let command = ci.lines().find_map(|line| line.strip_prefix("exec ")).expect(".ci/run execs the test command");
    let script = command.split_whitespace().next().unwrap();
    assert!(root().join(script).is_file(), "{script}, which .ci/run calls, is missing");
    let readme = read("README.md");
    let shown = fenced_lines(&readme, "sh").into_iter().any(|line| {
        line.strip_prefix(command).is_some_and(|after| after.is_empty() || after.starts_with(char::is_whitespace))
    });
    assert!(shown, "README.md should give `{command}` (what .ci/run calls) in a sh block");
}

/// The README's Rust examples are the core README's, which runs as a doc test of
/// `referee-core`: so they compile and run too.
#[test]
fn the_readme_rust_examples_are_the_core_readmes_doc_test() {
    let readme = read("README.md");
    let core = read("core/README.md");
    let core_lines = fenced_lines(&core, "rust");
    let blocks = fenced_blocks(&readme, "rust");
    for block in &blocks {
        let found = core_lines.windows(block.len()).any(|window| window == block.as_slice());
        assert!(found, "README.md's rust example is not core/README.md's:\n{}", block.join("\n"));
    }
}

/// The README links each problem's page and the index; the index links every page of docs/.
#[test]
fn every_page_is_reachable_from_the_readme_and_the_index() {
    let linked = |page: &str| -> BTreeSet<String> {
        links(&read(page)).into_iter().map(|target| target.split('#').next().unwrap().to_owned()).collect()
    };
    let readme = linked("README.md");
    for problem in ["swiss", "tavern", "greater", "pathgame", "standings", "pair", "battle"] {
        let page = format!("docs/{problem}.md");
        assert!(readme.contains(&page), "README.md should link {page}");
    }
    assert!(readme.contains("docs/README.md"), "README.md should link the index, docs/README.md");
    let index = linked("docs/README.md");
    for page in pages().iter().filter_map(|page| page.strip_prefix("docs/")) {
        if page != "README.md" {
            assert!(index.contains(page), "docs/README.md should link {page}");
        }
    }
}

#[test]
fn every_relative_link_reaches_a_file_and_its_heading() {
    let mut anchors: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let dir = Path::new(&page).parent().unwrap().to_owned();
        for target in links(&read(&page)) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let file = if path.is_empty() { PathBuf::from(&page) } else { normalize(&dir.join(path)) };
            if !root().join(&file).exists() {
                broken.push(format!("{page}: {target}: no file {}", file.display()));
                continue;
            }
            if anchor.is_empty() {
                continue;
            }
            let slugs = anchors
                .entry(file.clone())
                .or_insert_with(|| heading_slugs(&read(file.to_str().unwrap())).into_iter().collect());
            if !slugs.contains(anchor) {
                broken.push(format!("{page}: {target}: no heading #{anchor} in {}", file.display()));
            }
        }
    }
    assert!(checked > 50, "too few relative links found: {checked}");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// `a/b/../c` as `a/c`: the path a link names, from the repository's root.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => assert!(out.pop(), "{} leaves the repository", path.display()),
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The text of a Markdown page outside its fenced code blocks, a string per paragraph (lines
/// joined), and the lines inside the fences, by the fence's language.
fn split_fences(text: &str) -> (Vec<String>, Vec<(String, Vec<String>)>) {
    let mut paragraphs = vec![String::new()];
    let mut blocks: Vec<(String, Vec<String>)> = Vec::new();
    let mut fence: Option<String> = None;
    for line in text.lines() {
        let trimmed = line.trim_start();
        match &fence {
            Some(marker) if trimmed.starts_with(marker.as_str()) && trimmed[marker.len()..].trim().is_empty() => {
                fence = None;
            }
            Some(_) => blocks.last_mut().unwrap().1.push(line.to_owned()),
            None if trimmed.starts_with("```") || trimmed.starts_with("~~~") => {
                let first = trimmed.chars().next().unwrap();
                let marker: String = trimmed.chars().take_while(|&c| c == first).collect();
                let language = trimmed[marker.len()..].trim().to_owned();
                blocks.push((language, Vec::new()));
                fence = Some(marker);
                paragraphs.push(String::new());
            }
            None if trimmed.is_empty() => paragraphs.push(String::new()),
            None => {
                let paragraph = paragraphs.last_mut().unwrap();
                paragraph.push_str(line);
                paragraph.push('\n');
            }
        }
    }
    (paragraphs, blocks)
}

/// The lines of the fenced blocks of `language`, one after the other.
fn fenced_lines(text: &str, language: &str) -> Vec<String> {
    fenced_blocks(text, language).concat()
}

/// The fenced blocks of `language`, each as its lines.
fn fenced_blocks(text: &str, language: &str) -> Vec<Vec<String>> {
    split_fences(text).1.into_iter().filter(|(lang, _)| lang == language).map(|(_, lines)| lines).collect()
}

/// `text` without its code spans (a run of backticks to the next run of as many).
fn without_code_spans(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let run = rest[start..].len() - rest[start..].trim_start_matches('`').len();
        let after = &rest[start + run..];
        let mut search = 0;
        let close = loop {
            match after[search..].find('`') {
                None => break None,
                Some(at) => {
                    let at = search + at;
                    let len = after[at..].len() - after[at..].trim_start_matches('`').len();
                    if len == run {
                        break Some(at);
                    }
                    search = at + len;
                }
            }
        };
        match close {
            Some(at) => rest = &after[at + run..],
            None => {
                out.push_str(&rest[start..start + run]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The targets of a Markdown page's inline links and images (`[text](target)`) and link
/// definitions (`[name]: target`), outside code.
fn links(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for paragraph in split_fences(text).0 {
        let paragraph = without_code_spans(&paragraph);
        let mut rest = paragraph.as_str();
        while let Some(at) = rest.find("](") {
            let target: String = rest[at + 2..].chars().take_while(|&c| c != ')' && !c.is_whitespace()).collect();
            targets.push(target.trim_start_matches('<').trim_end_matches('>').to_owned());
            rest = &rest[at + 2..];
        }
        for line in paragraph.lines() {
            let line = line.trim_start();
            if let Some((name, target)) = line.strip_prefix('[').and_then(|l| l.split_once("]:")) {
                if !name.contains(']') {
                    targets.push(target.split_whitespace().next().unwrap_or("").to_owned());
                }
            }
        }
    }
    targets
}

/// The anchors GitHub gives a page's headings: the heading's text lowercased, without its
/// Markdown (code marks, a link's target), every character but letters, digits, `_`, `-` and
/// spaces dropped, spaces made `-`; a repeated anchor gets `-1`, `-2`, ... after it.
fn heading_slugs(text: &str) -> Vec<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut slugs = Vec::new();
    for paragraph in split_fences(text).0 {
        for line in paragraph.lines() {
            let hashes = line.len() - line.trim_start_matches('#').len();
            if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
                continue;
            }
            let mut heading = line[hashes..].trim().trim_end_matches('#').trim().to_owned();
            // A link keeps its text only.
            while let Some(open) = heading.find("](") {
                let close = heading[open..].find(')').map_or(heading.len(), |c| open + c + 1);
                heading.replace_range(open..close, "");
                if let Some(bracket) = heading[..open].rfind('[') {
                    heading.remove(bracket);
                }
            }
            let slug: String = heading
                .to_lowercase()
                .chars()
                .filter_map(|c| match c {
                    ' ' => Some('-'),
                    c if c.is_alphanumeric() || c == '_' || c == '-' => Some(c),
                    _ => None,
                })
                .collect();
            let count = seen.entry(slug.clone()).or_insert(0);
            slugs.push(if *count == 0 { slug } else { format!("{slug}-{count}") });
            *count += 1;
        }
    }
    slugs
}

#[test]
fn heading_slugs_follow_githubs_rules() {
    let page = "# The `referee` command\n## How it is exact and fast (`referee_core::pair`, `no_std`, no heap)\n\
                ```sh\n# not a heading\n```\n## `swiss`\n## `swiss`\n### 2×N: [a link](x.md) — ok?\n#not\n";
    assert_eq!(
        heading_slugs(page),
        [
            "the-referee-command",
            "how-it-is-exact-and-fast-referee_corepair-no_std-no-heap",
            "swiss",
            "swiss-1",
            "2n-a-link--ok",
        ]
    );
    let text = "See [a](a.md#x) and `[b](not-a-link.md)`,\n[c\nd](../c.md) ``a ` [e](e.md) ``.\n\
                ```\n[f](f.md)\n```\n[g]: g.md\n![h](h.png \"title\")\n";
    assert_eq!(links(text), ["a.md#x", "../c.md", "h.png", "g.md"]);
}

/// The top-level modules of `referee-core` each file of `dir` imports (`crate::<module>` in
/// code, not in comments), as (importer, imported) pairs.
fn core_imports(dir: &Path, edges: &mut BTreeSet<(String, String)>) {
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
    let mut edges = BTreeSet::new();
    core_imports(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../core/src")), &mut edges);
    assert!(edges.len() > 5, "too few imports found: {edges:?}");
    for problem in ["swiss", "tavern", "greater", "pathgame"] {
        assert!(!edges.contains(&(problem.to_owned(), "judge".to_owned())), "{problem} imports judge");
    }
    // Depth-first search for a cycle.
    fn visit<'a>(node: &'a str, edges: &'a BTreeSet<(String, String)>, path: &mut Vec<&'a str>) {
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
