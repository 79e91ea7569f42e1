//! `referee battle` under the game's rules in the other formats (`referee_event::battle`):
//! every public case of `tests/data/battle-game/` converted to the JSON board here (by this
//! file's own converter) gives the same bytes as its text, detected and with `--input json`;
//! each JSON field against the text it stands for; wrong fields refused with their path, exit
//! 1, nothing on stdout; `--format json` carries the `.exact` fractions and the `.out`
//! decimals of every public case; `--format table` never shows 0 % or 100 % unless exactly so;
//! and `referee tavern` equals `referee battle --rules tavern` on seeded keywordless boards
//! (attack = health), both through the binary's driver. Within `--time`: a board the search
//! cannot finish in a tiny budget answers with bounds in every input and output format (the
//! JSON's pairs consistent: each lower at most its upper, the outcomes' lowers at most one in
//! all, every pair as wide as the unsettled mass); a board it finishes answers exactly, the
//! bytes of the exact answer.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use referee_event::battle::{self as formats, Format, Input};
use referee_tests::json::{self, Json};
use referee_tests::{inputs, referee, Rng};

/// The JSON keyword fields of the text format's letters.
const LETTERS: [(char, &str); 8] = [
    ('T', "taunt"),
    ('D', "divineShield"),
    ('P', "poisonous"),
    ('V', "venomous"),
    ('W', "windfury"),
    ('R', "reborn"),
    ('S', "stealth"),
    ('C', "cleave"),
];

/// `"a": 1, "b": 2` of a keyword-letter string, as JSON fields (each after a comma).
fn keyword_fields(letters: &str) -> String {
    letters
        .chars()
        .map(|c| {
            let name = LETTERS.iter().find(|(l, _)| *l == c).unwrap_or_else(|| panic!("keyword {c}")).1;
            format!(", \"{name}\": true")
        })
        .collect()
}

/// Splits `A/H` + letters, or `A` + letters: the numbers and the letters.
fn numbers_and_letters(text: &str) -> (Vec<u64>, &str) {
    let end = text.find(|c: char| c.is_ascii_uppercase()).unwrap_or(text.len());
    let (numbers, letters) = text.split_at(end);
    (numbers.split('/').map(|n| n.parse().unwrap()).collect(), letters)
}

/// One minion token of the text format as a JSON object.
fn minion_json(token: &str) -> String {
    let mut parts = token.split('!');
    let head = parts.next().unwrap();
    let (stats, tier) = match head.split_once('@') {
        Some((stats, tier)) => (stats, Some(tier)),
        None => (head, None),
    };
    let (numbers, letters) = numbers_and_letters(stats);
    let mut out = format!("{{\"attack\": {}, \"health\": {}{}", numbers[0], numbers[1], keyword_fields(letters));
    if let Some(tier) = tier {
        out += &format!(", \"tavernTier\": {tier}");
    }
    for effect in parts {
        let (kind, rest) = effect.split_at(1);
        match kind {
            "s" => {
                let (count, token) = rest.split_once('x').unwrap();
                let (numbers, letters) = numbers_and_letters(token);
                out += &format!(
                    ", \"summon\": {{\"count\": {count}, \"attack\": {}, \"health\": {}{}}}",
                    numbers[0],
                    numbers[1],
                    keyword_fields(letters)
                );
            }
            "r" => {
                let (numbers, letters) = numbers_and_letters(rest);
                out += &format!(", \"rebornAs\": {{\"attack\": {}{}}}", numbers[0], keyword_fields(letters));
            }
            "c" => {
                let (damage, times) = rest.split_once('x').unwrap_or((rest, "1"));
                out += &format!(", \"startOfCombat\": {{\"damage\": {damage}, \"times\": {times}}}");
            }
            other => panic!("effect {other}"),
        }
    }
    out + "}"
}

/// A game-rules text input as the JSON board (Firestone's field names).
fn to_json(text: &str) -> String {
    let mut lines = text.lines();
    let header: Vec<u64> = lines.next().unwrap().split_whitespace().map(|n| n.parse().unwrap()).collect();
    let tokens: Vec<&str> = lines.flat_map(str::split_whitespace).collect();
    let (n, m) = (usize::try_from(header[0]).unwrap(), usize::try_from(header[1]).unwrap());
    assert_eq!(tokens.len(), n + m, "{text}");
    let side = |name: &str, minions: &[&str], hero: Option<(u64, u64)>| {
        let board: Vec<String> = minions.iter().map(|t| minion_json(t)).collect();
        let player = hero.map_or(String::new(), |(tier, hp)| {
            format!("\"player\": {{\"tavernTier\": {tier}, \"hpLeft\": {hp}, \"cardId\": \"TB_BaconShop_HERO_01\"}}, ")
        });
        format!("\"{name}\": {{{player}\"board\": [{}]}}", board.join(", "))
    };
    let heroes = (header.len() >= 6).then(|| [(header[2], header[3]), (header[4], header[5])]);
    let mut out = format!(
        "{{\n  {},\n  {}",
        side("playerBoard", &tokens[..n], heroes.map(|h| h[0])),
        side("opponentBoard", &tokens[n..], heroes.map(|h| h[1]))
    );
    if let Some(cap) = header.get(6) {
        out += &format!(",\n  \"options\": {{\"damageCap\": {cap}}}");
    }
    out + "\n}\n"
}

/// `referee args` on `stdin`, which must succeed: its stdout.
fn answer(args: &[&str], stdin: &[u8]) -> String {
    let outcome = referee(args, stdin);
    assert_eq!(outcome.status, 0, "{args:?} {}: {}", String::from_utf8_lossy(stdin), outcome.stderr);
    String::from_utf8(outcome.stdout).unwrap()
}

#[test]
fn every_public_case_as_json_gives_the_same_answer() {
    let cases = inputs("battle-game");
    assert!(cases.len() >= 60, "only {} cases", cases.len());
    for input in &cases {
        let text = std::fs::read_to_string(input).unwrap();
        let board = to_json(&text);
        let out = std::fs::read_to_string(input.with_extension("out")).unwrap();
        let exact = std::fs::read_to_string(input.with_extension("exact")).unwrap();
        assert_eq!(answer(&["battle"], board.as_bytes()), out, "{}\n{board}", input.display());
        assert_eq!(answer(&["battle", "--input", "json", "--exact"], board.as_bytes()), exact, "{}", input.display());
    }
}

#[test]
fn each_json_field_means_its_text() {
    let pairs = [
        (
            "2 1\n1/1R 2/5\n4/5\n",
            r#"{"playerBoard": {"board": [{"attack": 1, "health": 1, "reborn": true}, {"attack": 2, "health": 5}]}, "opponentBoard": {"board": [{"attack": 4, "health": 5}]}}"#,
        ),
        (
            "1 1 3 10 1 10\n3/3@2\n2/2\n",
            r#"{"playerBoard": {"player": {"tavernTier": 3, "hpLeft": 10}, "board": [{"attack": 3, "health": 3, "tavernTier": 2}]}, "opponentBoard": {"player": {"tavernTier": 1, "hpLeft": 10}, "board": [{"attack": 2, "health": 2}]}}"#,
        ),
        (
            "1 1 6 20 1 3 4\n3/3@2\n2/2\n",
            r#"{"playerBoard": {"player": {"tavernTier": 6, "hpLeft": 20}, "board": [{"attack": 3, "health": 3, "tavernTier": 2}]}, "opponentBoard": {"player": {"hpLeft": 3}, "board": [{"attack": 2, "health": 2}]}, "options": {"damageCap": 4}}"#,
        ),
        (
            "2 2\n2/3T 1/1D\n3/1P 1/4V\n",
            r#"{"playerBoard": {"board": [{"attack": 2, "health": 3, "taunt": true}, {"attack": 1, "health": 1, "divineShield": true}]}, "opponentBoard": {"board": [{"attack": 3, "health": 1, "poisonous": true}, {"attack": 1, "health": 4, "venomous": true}]}}"#,
        ),
        (
            "2 3\n2/6W 1/1S\n1/2 1/2C 3/3\n",
            r#"{"playerBoard": {"board": [{"attack": 2, "health": 6, "windfury": true}, {"attack": 1, "health": 1, "stealth": true, "taunt": false}]}, "opponentBoard": {"board": [{"attack": 1, "health": 2}, {"attack": 1, "health": 2, "cleave": true}, {"attack": 3, "health": 3}]}}"#,
        ),
        (
            "2 2\n2/3!s1x2/1 1/2!c2\n4/4C@3 2/2!s2x1/1T\n",
            r#"{"playerBoard": {"board": [{"attack": 2, "health": 3, "summon": {"attack": 2, "health": 1}}, {"attack": 1, "health": 2, "startOfCombat": {"damage": 2}}]}, "opponentBoard": {"board": [{"attack": 4, "health": 4, "cleave": true, "tavernTier": 3}, {"attack": 2, "health": 2, "summon": {"count": 2, "attack": 1, "health": 1, "taunt": true}}]}}"#,
        ),
        (
            "2 2\n10/10DR!r1D 1/3!c1x3\n5/5 3/3R!r1T\n",
            r#"{"playerBoard": {"board": [{"attack": 10, "health": 10, "divineShield": true, "reborn": true, "rebornAs": {"attack": 1, "divineShield": true}}, {"attack": 1, "health": 3, "startOfCombat": {"damage": 1, "times": 3}}]}, "opponentBoard": {"board": [{"attack": 5, "health": 5, "entityId": 7, "cardId": "BGS_004", "enchantments": []}, {"attack": 3, "health": 3, "reborn": true, "rebornAs": {"attack": 1, "taunt": true, "reborn": true}, "stealth": null}]}}"#,
        ),
    ];
    for (text, board) in pairs {
        let expected = answer(&["battle", "--exact"], text.as_bytes());
        assert_eq!(answer(&["battle", "--exact"], board.as_bytes()), expected, "{text}");
        assert_eq!(answer(&["battle", "--exact", "--input=json"], format!("\n  {board}").as_bytes()), expected);
        assert_eq!(answer(&["battle", "--exact"], to_json(text).as_bytes()), expected, "{text}");
    }
}

/// `referee battle` on `board` must refuse it: exit 1, nothing on stdout, `error: MESSAGE`.
fn refused(args: &[&str], board: &str, message: &str) {
    let outcome = referee(args, board.as_bytes());
    assert_eq!(outcome.status, 1, "{board}: {}", outcome.stderr);
    assert!(outcome.stdout.is_empty(), "{board}");
    assert_eq!(outcome.stderr, format!("error: {message}\n"), "{board}");
}

#[test]
fn wrong_json_fields_are_refused_with_their_path() {
    let ok_bob = r#""opponentBoard": {"board": [{"attack": 1, "health": 1}]}"#;
    let alice = |minions: &str| format!(r#"{{"playerBoard": {{"board": [{minions}]}}, {ok_bob}}}"#);
    let one = r#"{"attack": 1, "health": 1}"#;
    let cases = [
        (
            alice(&format!(r#"{one}, {one}, {one}, {{"attack": 1, "health": -2}}"#)),
            "playerBoard.board[3].health: expected an integer 1..=1000000000, found -2",
        ),
        (
            alice(r#"{"attack": 1, "health": 0}"#),
            "playerBoard.board[0].health: expected an integer 1..=1000000000, found 0",
        ),
        (
            alice(r#"{"attack": 1.5, "health": 1}"#),
            "playerBoard.board[0].attack: expected an integer 0..=1000000000, found 1.5",
        ),
        (
            alice(r#"{"attack": "3", "health": 1}"#),
            "playerBoard.board[0].attack: expected an integer 0..=1000000000, found the string \"3\"",
        ),
        (alice(r#"{"health": 1}"#), "playerBoard.board[0].attack: missing (an integer 0..=1000000000)"),
        (
            alice(r#"{"attack": 1, "health": 1, "taunt": 1}"#),
            "playerBoard.board[0].taunt: expected true or false, found 1",
        ),
        (
            alice(r#"{"attack": 1, "health": 1, "tavernTier": 8}"#),
            "playerBoard.board[0].tavernTier: expected an integer 1..=7, found 8",
        ),
        (
            alice(r#"{"attack": 1, "health": 1, "summon": {"count": 8, "attack": 1, "health": 1}}"#),
            "playerBoard.board[0].summon.count: expected an integer 1..=7, found 8",
        ),
        (
            alice(r#"{"attack": 1, "health": 1, "summon": {"attack": 1, "health": 1, "cleave": "yes"}}"#),
            "playerBoard.board[0].summon.cleave: expected true or false, found the string \"yes\"",
        ),
        (
            alice(r#"{"attack": 1, "health": 1, "rebornAs": {"attack": 1}}"#),
            "playerBoard.board[0].rebornAs: only for a minion with \"reborn\": true",
        ),
        (
            alice(r#"{"attack": 1, "health": 1, "reborn": true, "rebornAs": 3}"#),
            "playerBoard.board[0].rebornAs: expected an object, found 3",
        ),
        (
            alice(r#"{"attack": 1, "health": 1, "startOfCombat": {"damage": 0}}"#),
            "playerBoard.board[0].startOfCombat.damage: expected an integer 1..=1000000000, found 0",
        ),
        (
            alice(r#"{"attack": 1, "health": 1, "startOfCombat": {"damage": 1, "times": 9}}"#),
            "playerBoard.board[0].startOfCombat.times: expected an integer 1..=7, found 9",
        ),
        (alice(&[one; 8].join(", ")), "playerBoard.board: expected 1..=7 minions, found 8"),
        (alice(""), "playerBoard.board: expected 1..=7 minions, found 0"),
        (alice("[]"), "playerBoard.board[0]: expected an object, found an array"),
        (format!(r#"{{{ok_bob}}}"#), "playerBoard: missing (an object with the side's \"board\")"),
        (
            r#"{"playerBoard": {"board": {}}}"#.to_owned(),
            "playerBoard.board: expected an array of 1..=7 minions, found an object",
        ),
        (r#"{"playerBoard": {"minions": []}}"#.to_owned(), "playerBoard.board: missing (an array of 1..=7 minions)"),
        (
            format!(r#"{{"playerBoard": {{"player": {{"hpLeft": 1001}}, "board": [{one}]}}, {ok_bob}}}"#),
            "playerBoard.player.hpLeft: expected an integer 1..=1000, found 1001",
        ),
        (
            format!(r#"{{"playerBoard": {{"player": {{"tavernTier": 0}}, "board": [{one}]}}, {ok_bob}}}"#),
            "playerBoard.player.tavernTier: expected an integer 1..=7, found 0",
        ),
        (
            format!(r#"{{"playerBoard": {{"board": [{one}]}}, {ok_bob}, "options": {{"damageCap": 1001}}}}"#),
            "options.damageCap: expected an integer 0..=1000, found 1001",
        ),
        (
            format!(r#"{{"playerBoard": {{"board": [{one}]}}, {ok_bob}, "options": []}}"#),
            "options: expected an object, found an array",
        ),
        (r#"{"playerBoard": [}"#.to_owned(), "1:18: invalid JSON: expected value"),
        ("{\n  \"playerBoard\": 1,\n}".to_owned(), "3:1: invalid JSON: trailing comma"),
        ("[1]".to_owned(), "the board: expected an object, found an array"),
    ];
    for (board, message) in &cases {
        let args: &[&str] = if board.starts_with('{') { &["battle"] } else { &["battle", "--input", "json"] };
        refused(args, board, message);
    }
    // Forced to text, a JSON board is a text error with its line and column.
    let outcome = referee(&["battle", "--input", "text"], alice(one).as_bytes());
    let message = referee_tests::expect_refusal(&outcome, "JSON read as text");
    assert!(message.contains("the number of Alice's minions"), "{message}");
}

/// The `.exact` and `.out` lines of a case: the answer's lines in the text format.
fn lines_of(path: &std::path::Path, extension: &str) -> Vec<String> {
    std::fs::read_to_string(path.with_extension(extension)).unwrap().lines().map(str::to_owned).collect()
}

/// `(exact, decimal)` of a JSON probability.
fn pair(value: &Json) -> (String, String) {
    let Json::Object(map) = value else { panic!("{value:?}") };
    match (map.get("exact"), map.get("decimal")) {
        (Some(Json::String(exact)), Some(Json::Number(decimal))) => (exact.clone(), decimal.clone()),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_json_answer_carries_the_exact_and_decimal_lines() {
    for input in inputs("battle-game") {
        let bytes = std::fs::read(&input).unwrap();
        let text = answer(&["battle", "--format", "json"], &bytes);
        let Json::Object(root) = json::parse(&text).unwrap() else { panic!("{text}") };
        let (exact, decimal) = (lines_of(&input, "exact"), lines_of(&input, "out"));
        let mut got = Vec::new();
        for key in ["aliceWins", "bobWins", "tie", "aliceDies", "bobDies"] {
            let (e, d) = pair(&root[key]);
            got.push((e, d));
        }
        let mut expected: Vec<(String, String)> = Vec::new();
        for (i, (e, d)) in exact.iter().zip(&decimal).enumerate() {
            let strip = |line: &str| line.rsplit(' ').next().unwrap().to_owned();
            if i < 5 {
                expected.push((strip(e), strip(d)));
            }
        }
        assert_eq!(got, expected, "{}", input.display());
        for (key, name) in [("damageToAlice", "alice"), ("damageToBob", "bob")] {
            let Json::Array(items) = &root[key] else { panic!("{text}") };
            let mut lines = Vec::new();
            for item in items {
                let Json::Object(map) = item else { panic!("{text}") };
                let Json::Number(damage) = &map["damage"] else { panic!("{text}") };
                let (e, d) = pair(item);
                lines.push((format!("damage to {name} {damage} {e}"), format!("damage to {name} {damage} {d}")));
            }
            let prefix = format!("damage to {name} ");
            let want: Vec<(String, String)> = exact
                .iter()
                .zip(&decimal)
                .filter(|(e, _)| e.starts_with(&prefix))
                .map(|(e, d)| (e.clone(), d.clone()))
                .collect();
            assert_eq!(lines, want, "{}", input.display());
        }
    }
}

#[test]
fn the_table_never_rounds_to_certainty() {
    let mut tiny = 0;
    for input in inputs("battle-game") {
        let bytes = std::fs::read(&input).unwrap();
        let table = answer(&["battle", "--format", "table"], &bytes);
        let exact = lines_of(&input, "exact");
        assert!(!table.contains(" 0.00%") && !table.contains("100.00%"), "{}:\n{table}", input.display());
        let rows: Vec<&str> = table.lines().take(5).collect();
        for (row, line) in rows.iter().zip(&exact) {
            let shown = row.rsplit(' ').next().unwrap();
            let value = line.rsplit(' ').next().unwrap();
            assert_eq!(shown == "0%", value == "0/1", "{}: {row} for {value}", input.display());
            assert_eq!(shown == "100%", value == "1/1", "{}: {row} for {value}", input.display());
            tiny += usize::from(shown == "<0.01%" || shown == ">99.99%");
        }
        let bars = table.lines().filter(|l| l.contains('#')).count();
        let damages = exact.iter().filter(|l| l.starts_with("damage to ")).count();
        assert_eq!(bars, damages, "{}:\n{table}", input.display());
    }
    eprintln!("{tiny} outcomes shown as <0.01% or >99.99%");
}

#[test]
fn the_table_of_the_docs_example() {
    let table = answer(&["battle", "--format", "table"], b"3 2 3 9 4 4\n2/3!s1x2/1 1/2!c2 3/3T@2\n4/4C@3 2/2!s2x1/1\n");
    let expected = "\
Alice wins           41.67%
Bob wins             16.67%
tie                  41.67%
Alice's hero dies        0%
Bob's hero dies      41.67%

damage to Alice:
   5    16.67%  ########################################

damage to Bob:
   4    41.67%  ########################################
";
    assert_eq!(table, expected);
}

#[test]
fn tavern_equals_battle_under_the_tavern_rules_on_keywordless_boards() {
    let mut rng = Rng::new(0x7461_7665_726e);
    for round in 0..400 {
        let (n, m) = (rng.below(7) + 1, rng.below(7) + 1);
        let high = if round % 4 == 0 { 1_000_000_000 } else { 12 };
        let attacks: Vec<Vec<u64>> = [n, m].iter().map(|&k| (0..k).map(|_| rng.range(1, high)).collect()).collect();
        let line = |side: &[u64], f: &dyn Fn(u64) -> String| side.iter().map(|&a| f(a)).collect::<Vec<_>>().join(" ");
        let tavern =
            format!("{n} {m}\n{}\n{}\n", line(&attacks[0], &|a| a.to_string()), line(&attacks[1], &|a| a.to_string()));
        let battle = format!(
            "{n} {m}\n{}\n{}\n",
            line(&attacks[0], &|a| format!("{a}/{a}")),
            line(&attacks[1], &|a| format!("{a}/{a}"))
        );
        for exact in [&[][..], &["--exact"][..]] {
            let mut args = vec!["tavern", "--threads", "1"];
            args.extend_from_slice(exact);
            let expected = answer(&args, tavern.as_bytes());
            let mut args = vec!["battle", "--rules", "tavern"];
            args.extend_from_slice(exact);
            assert_eq!(answer(&args, battle.as_bytes()), expected, "{tavern}");
        }
    }
}

/// A late-game board the search cannot finish in a tiny budget (tens of seconds exactly).
const LATE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/bench-inputs/battle-late/late12.in");

/// A JSON bound `{"exact": "p/q", "decimal": x}` as its numerator over `2^120` (`q` a power
/// of two), and its decimal in units of `10^-12`.
fn fixed(value: &Json) -> (u128, u128) {
    let (exact, decimal) = pair(value);
    let (p, q) = exact.split_once('/').unwrap();
    let (p, q): (u128, u128) = (p.parse().unwrap(), q.parse().unwrap());
    assert!(q.is_power_of_two() && q <= 1 << 120, "{exact}");
    let (units, digits) = decimal.split_once('.').unwrap();
    assert_eq!(digits.len(), 12, "{decimal}");
    (
        p << (120 - q.trailing_zeros()),
        units.parse::<u128>().unwrap() * 1_000_000_000_000 + digits.parse::<u128>().unwrap(),
    )
}

/// A JSON pair `{"lower": …, "upper": …}` checked: each bound within one, the lower at most
/// the upper (fractions and decimals), the upper the lower plus `unsettled`. The lower bound.
fn checked_pair(value: &Json, unsettled: u128, what: &str) -> u128 {
    let Json::Object(map) = value else { panic!("{what}: {value:?}") };
    let ((low, low_decimal), (high, high_decimal)) = (fixed(&map["lower"]), fixed(&map["upper"]));
    assert!(low <= high && high <= 1 << 120, "{what}: {low} {high}");
    assert!(low_decimal <= high_decimal && high_decimal <= 1_000_000_000_000, "{what}");
    assert_eq!(high - low, unsettled, "{what}: every pair is as wide as the unsettled mass");
    low
}

/// Checks a bounded JSON answer (see [`checked_pair`]); its unsettled mass over `2^120`.
fn checked_bounds(text: &str) -> u128 {
    let Json::Object(root) = json::parse(text).unwrap() else { panic!("{text}") };
    assert_eq!(root["bounded"], Json::Bool(true), "{text}");
    assert!(text.starts_with("{\n  \"bounded\": true,\n"), "{text}");
    let (unsettled, _) = fixed(&root["unsettled"]);
    assert!(unsettled > 0, "{text}");
    let outcomes: u128 =
        ["aliceWins", "bobWins", "tie"].iter().map(|key| checked_pair(&root[*key], unsettled, key)).sum();
    assert!(outcomes <= 1 << 120, "{text}: the outcomes' lower bounds sum beyond one");
    for key in ["aliceDies", "bobDies"] {
        checked_pair(&root[key], unsettled, key);
    }
    for key in ["damageToAlice", "damageToBob"] {
        let Json::Array(items) = &root[key] else { panic!("{text}") };
        let mut last = 0;
        for item in items {
            let Json::Object(map) = item else { panic!("{text}") };
            let Json::Number(damage) = &map["damage"] else { panic!("{text}") };
            let damage: u32 = damage.parse().unwrap();
            assert!(damage > last, "{text}: damages increasing");
            last = damage;
            assert!(checked_pair(item, unsettled, key) > 0, "{text}: only damages of positive lower bound");
        }
    }
    unsettled
}

#[test]
fn a_board_cut_by_its_time_answers_with_bounds_in_every_format() {
    let text = std::fs::read_to_string(LATE).unwrap();
    let board = to_json(&text);
    for input in [text.as_bytes(), board.as_bytes()] {
        for exact in [&[][..], &["--exact"][..]] {
            let run = |format: &str| {
                let mut args = vec!["battle", "--time", "0.05", "--format", format];
                args.extend_from_slice(exact);
                answer(&args, input)
            };
            checked_bounds(&run("json"));
            let lines = run("text");
            assert!(lines.ends_with("\nbounds\n"), "{lines}");
            let table = run("table");
            let rows: Vec<&str> = table.lines().collect();
            assert!(rows[..5].iter().all(|row| row.contains('\u{2013}')), "{table}");
            // Each range: no certainty but a bound exactly so ("0.00" or "100.00" never).
            for range in table.split_whitespace().filter(|w| w.contains('\u{2013}')) {
                let (low, high) = range.strip_suffix('%').unwrap().split_once('\u{2013}').unwrap();
                assert!(!["0.00", "100.00", ""].contains(&low) && !["0.00", "100.00", ""].contains(&high), "{table}");
            }
            assert!(rows.last().unwrap().starts_with("bounds: the search was cut short: "), "{table}");
        }
    }
}

#[test]
fn partial_json_bounds_are_consistent() {
    // Bounds after a thousand states of a 5-against-5 board: partly settled (about 0.29 wide).
    let board = "5 5\n3/4D 2/5R 4/3 5/2DR 1/6T\n4/3 3/4D 2/5 3/3R 5/2T\n";
    for input in [board.to_owned(), to_json(board)] {
        for steps in [1_000, 2_000, 4_000] {
            let text = formats::run_within(
                input.as_bytes(),
                Input::Auto,
                Format::Json,
                false,
                referee_core::battle::game::Strategy::Memo,
                referee_core::battle::game::DEFAULT_LIMITS,
                &mut referee_core::HeapScratch::default(),
                &mut |_| false,
                &mut |p| p.steps < steps,
            )
            .unwrap();
            let unsettled = checked_bounds(&text);
            assert!(unsettled < 1 << 119, "{steps}: {text}");
        }
    }
}

#[test]
fn a_board_within_its_time_answers_exactly_in_every_format() {
    let docs = b"3 2 3 9 4 4\n2/3!s1x2/1 1/2!c2 3/3T@2\n4/4C@3 2/2!s2x1/1\n";
    // The exact search recurses on the machine stack, as the binary's on its own thread.
    let big_stack = std::thread::Builder::new().stack_size(1 << 30);
    big_stack.spawn(|| within_its_time(docs)).unwrap().join().unwrap();
}

/// [`a_board_within_its_time_answers_exactly_in_every_format`] on a big stack.
fn within_its_time(docs: &[u8]) {
    let mut cases: Vec<Vec<u8>> = vec![docs.to_vec()];
    cases.extend(inputs("battle-game").iter().take(20).map(|path| std::fs::read(path).unwrap()));
    for input in &cases {
        for format in [Format::Json, Format::Table, Format::Text] {
            for exact in [false, true] {
                let expected = formats::run(
                    input,
                    Input::Auto,
                    format,
                    exact,
                    referee_core::battle::game::Strategy::Memo,
                    referee_core::battle::game::DEFAULT_LIMITS,
                    &mut referee_core::HeapScratch::default(),
                )
                .unwrap();
                let name = match format {
                    Format::Json => "json",
                    Format::Table => "table",
                    Format::Text => "text",
                };
                let mut args = vec!["battle", "--time", "60", "--format", name];
                if exact {
                    args.push("--exact");
                }
                let got = answer(&args, input);
                assert_eq!(got, expected, "{args:?} {}", String::from_utf8_lossy(input));
                assert!(!got.contains("bounded") && !got.contains("bounds"), "{got}");
            }
        }
    }
}
