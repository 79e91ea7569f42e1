//! The library's own tests: the file, the rules, and each organiser complaint of issue 36
//! that is about keeping an event, tried again.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::*;

const FIVE: &[u8] = b"Ann\nBob\nCid\nDee\nEve\n";

fn create(list: &[u8], seed: u64) -> Vec<u8> {
    let options = NewOptions { name: Some("Friday".to_owned()), seed, ..NewOptions::default() };
    new_event(list, &options).unwrap()
}

fn step(file: &[u8], command: Command) -> Vec<u8> {
    match run(file, &command, Format::Csv) {
        Ok(answer) => answer.file.unwrap(),
        Err(e) => panic!("{command:?}: {}", e.message),
    }
}

fn print(file: &[u8], command: Command, format: Format) -> String {
    String::from_utf8(run(file, &command, format).unwrap().stdout).unwrap()
}

fn refused(file: &[u8], command: Command) -> Failure {
    run(file, &command, Format::Csv).expect_err("refused")
}

fn report(table: usize, result: &str) -> Command {
    Command::Report { table, result: result.to_owned(), round: None }
}

/// Reports `result` at every table of the round in progress.
fn finish_round(mut file: Vec<u8>, result: &str) -> Vec<u8> {
    for table in Event::parse(&file).unwrap().missing() {
        file = step(&file, report(table, result));
    }
    file
}

fn names(list: usize) -> Vec<u8> {
    (1..=list).map(|i| format!("Player {i}\n")).collect::<String>().into_bytes()
}

#[test]
fn the_file_reads_back_as_written() {
    let mut file = create(FIVE, 7);
    file = step(&file, Command::Pair);
    file = step(&file, report(1, "2-1"));
    file = step(&file, Command::Drop(vec!["Dee".to_owned()]));
    file = step(&file, Command::Enter { name: "Fay \"the\" \\ Late".to_owned(), missed: None });
    let event = Event::parse(&file).unwrap();
    assert_eq!(event.write(), file);
    assert_eq!(event.players[5].name, "Fay \"the\" \\ Late");
}

#[test]
fn a_damaged_file_is_refused_with_its_line_and_column() {
    let file = step(&create(FIVE, 7), Command::Pair);
    let text = String::from_utf8(file).unwrap();
    // A blank line and a comment do not shift the line numbers of what follows.
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(2, "");
    lines.insert(3, "# a note");
    let round = lines.iter().position(|l| l.starts_with("round 1")).unwrap();
    lines.insert(round + 1, "1 \"Ann\" \"Nobody\" 2-0-0");
    let damaged = format!("{}\n", lines.join("\n"));
    let e = Event::parse(damaged.as_bytes()).unwrap_err();
    assert_eq!(e.status, 1);
    assert!(e.message.starts_with(&format!("{}:", round + 2)), "{}", e.message);
    // Truncated: no final line end.
    let e = Event::parse(&text.as_bytes()[..text.len() - 3]).unwrap_err();
    assert!(e.message.contains("truncated"), "{}", e.message);
    // Invalid UTF-8 on line 2.
    let mut bad = b"referee-event 1\n\xFF\n".to_vec();
    bad.extend_from_slice(&text.as_bytes()[16..]);
    assert!(Event::parse(&bad).unwrap_err().message.starts_with("2:1:"));
    // A result that is not legal.
    let illegal = text.replacen("\nbye", " 3-0-0\nbye", 1);
    assert!(Event::parse(illegal.as_bytes()).is_err());
}

/// "No drops before pairing": a player who drops after round 2 is not paired in round 3, and
/// nobody meets a player twice because of it.
#[test]
fn complaint_drops_before_pairing() {
    let mut file = step(&create(&names(8), 3), Command::Pair);
    file = finish_round(file, "2-0");
    file = step(&file, Command::Pair);
    file = finish_round(file, "2-1");
    file = step(&file, Command::Drop(vec!["  Player 3 ".to_owned()]));
    file = step(&file, Command::Pair);
    let event = Event::parse(&file).unwrap();
    let round3 = &event.rounds[2];
    assert!(round3.tables.iter().all(|t| t.p1 != 2 && t.p2 != 2));
    assert!(round3.bye.is_some(), "7 players: a bye");
    for t in &round3.tables {
        let met = event.rounds[..2]
            .iter()
            .flat_map(|r| &r.tables)
            .any(|m| (m.p1 == t.p1 && m.p2 == t.p2) || (m.p1 == t.p2 && m.p2 == t.p1));
        assert!(!met, "a rematch at table {}", t.table);
    }
    // Her results stand, and she is marked dropped in every format.
    let csv = print(&file, Command::Standings { round: None, active: false }, Format::Csv);
    assert!(csv.starts_with("rank,player,points,wins,losses,draws,omw,gw,ogw,dropped\n"));
    assert!(csv.lines().any(|l| l.contains(",Player 3,") && l.ends_with(",true")), "{csv}");
    let json = print(&file, Command::Standings { round: None, active: false }, Format::Json);
    assert!(json.contains("\"dropped\": true") && json.contains("\"dropped\": false"));
    let active = print(&file, Command::Standings { round: None, active: true }, Format::Csv);
    assert!(!active.contains("Player 3,"));
}

/// "Results that judges report every day are refused": all of them are taken.
#[test]
fn complaint_every_result_a_judge_reports() {
    let mut file = step(&create(&names(10), 5), Command::Pair);
    for (table, result) in ["1-1-0", "1-0-1", "1-0", "0-0-1", "0-0"].iter().enumerate() {
        file = step(&file, report(table + 1, result));
    }
    let export = print(&file, Command::Export, Format::Csv);
    for row in [",1,1,0\n", ",1,0,1\n", ",1,0,0\n", ",0,0,1\n", ",0,0,0\n"] {
        assert!(export.contains(row), "{row} in\n{export}");
    }
    for wrong in ["3-0", "2-2", "0-0-4", "2-0-0-0", "two-zero", "2:0"] {
        assert_eq!(refused(&file, report(1, wrong)).status, 1, "{wrong}");
    }
}

/// "No late entries": a late player enters, his missed round is a loss without opponent, and
/// he is paired from the next round on; with `--missed none` he is not in the standings yet.
#[test]
fn complaint_late_entries() {
    let mut file = step(&create(&names(6), 1), Command::Pair);
    file = finish_round(file, "2-0");
    file = step(&file, Command::Enter { name: "Late Larry".to_owned(), missed: None });
    file = step(&file, Command::Enter { name: "Late Lena".to_owned(), missed: Some(Missed::None) });
    let export = print(&file, Command::Export, Format::Csv);
    assert!(export.ends_with("1,Late Larry,,0,2,0\n"), "{export}");
    let standings = print(&file, Command::Standings { round: None, active: false }, Format::Csv);
    assert!(standings.contains("Late Larry") && !standings.contains("Late Lena"));
    file = step(&file, Command::Pair);
    let event = Event::parse(&file).unwrap();
    let paired: Vec<usize> =
        event.rounds[1].tables.iter().flat_map(|t| [t.p1, t.p2]).chain(event.rounds[1].bye).collect();
    assert_eq!(paired.len(), 8);
    // A re-entry: the rounds since the drop are losses.
    let mut file = finish_round(file, "2-1");
    file = step(&file, Command::Drop(vec!["Player 2".to_owned()]));
    file = step(&file, Command::Pair);
    file = step(&file, Command::Enter { name: "Player 2".to_owned(), missed: None });
    let export = print(&file, Command::Export, Format::Csv);
    assert!(export.contains("3,Player 2,,0,2,0\n"), "{export}");
    assert_eq!(refused(&file, Command::Enter { name: "Player 1".to_owned(), missed: None }).status, 1);
}

/// "A lost result slip silently drops two players": `pair` refuses, naming the round and
/// the table, and `status` lists it; the players are still in the event.
#[test]
fn complaint_a_lost_slip_is_named() {
    let mut file = step(&create(&names(8), 2), Command::Pair);
    file = step(&file, report(1, "2-0"));
    file = step(&file, report(2, "2-0"));
    file = step(&file, report(4, "2-0"));
    let e = refused(&file, Command::Pair);
    assert_eq!(e.status, 1);
    assert!(e.message.contains("round 1") && e.message.contains("table 3"), "{}", e.message);
    let status = print(&file, Command::Status, Format::Table);
    assert!(status.contains("tables without a result: 3"), "{status}");
    file = step(&file, report(3, "1-1"));
    file = step(&file, Command::Pair);
    assert_eq!(Event::parse(&file).unwrap().rounds[1].tables.len(), 4);
}

/// "The file is kept by hand": round 1 is random from the seed (reproducible), tables are
/// numbered, there are pairings by name, slips, percentages to 4 decimals and a top-8 cut.
#[test]
fn complaint_the_event_is_kept_for_the_organiser() {
    let a = print(&create(&names(16), 7), Command::Pair, Format::Csv);
    let b = print(&create(&names(16), 7), Command::Pair, Format::Csv);
    let c = print(&create(&names(16), 8), Command::Pair, Format::Csv);
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert!(a.starts_with("table,player1,points1,player2,points2\n1,"));
    let options = NewOptions { rounds: Some(3), seed: 4, ..NewOptions::default() };
    let mut file = step(&new_event(&names(9), &options).unwrap(), Command::Pair);
    let by_name = print(&file, Command::Pairings { round: None, by_name: true }, Format::Csv);
    assert!(by_name.starts_with("player,table,opponent,points\nPlayer 1,"), "{by_name}");
    assert!(by_name.lines().any(|l| l.ends_with(",,,0")), "the bye: {by_name}");
    let slips = print(&file, Command::Slips { round: None }, Format::Table);
    assert_eq!(slips.matches("signature").count(), 8);
    let html = print(&file, Command::Slips { round: None }, Format::Html);
    assert!(html.starts_with("<!DOCTYPE html>") && html.ends_with("</html>\n"));
    for _ in 0..3 {
        file = finish_round(file, "2-1");
        if Event::parse(&file).unwrap().rounds.len() < 3 {
            file = step(&file, Command::Pair);
        }
    }
    let table = print(&file, Command::Standings { round: None, active: false }, Format::Table);
    assert!(table.contains("33.0000%") || table.contains("66.6667%"), "{table}");
    assert_eq!(refused(&file, Command::Pair).status, 1, "beyond the planned rounds");
    file = step(&file, Command::Cut { top: 8 });
    let event = Event::parse(&file).unwrap();
    let seeds = event.seeds();
    let first: Vec<(usize, usize)> = event.playoff[0].iter().map(|t| (t.p1, t.p2)).collect();
    assert_eq!(first, vec![(seeds[0], seeds[7]), (seeds[3], seeds[4]), (seeds[1], seeds[6]), (seeds[2], seeds[5])]);
    assert_eq!(refused(&file, report(1, "1-1")).status, 1, "a playoff draw");
    file = finish_round(file, "2-0");
    file = step(&file, Command::Pair);
    file = finish_round(file, "0-2");
    file = step(&file, Command::Pair);
    file = finish_round(file, "2-1");
    assert!(Event::parse(&file).unwrap().final_played());
    assert_eq!(refused(&file, Command::Pair).status, 1, "after the final");
    let standings = print(&file, Command::Standings { round: None, active: false }, Format::Csv);
    // Seed 1 beat seed 8, seed 4 beat seed 5 ...; then seeds 4 and 3 won the semifinals;
    // then player1 (seed 3) won the final.
    let first_row = standings.lines().nth(1).unwrap();
    let champion = &event.players[seeds[2]].name;
    assert!(first_row.starts_with(&format!("1,{champion},")), "{standings}");
    let table = print(&file, Command::Standings { round: None, active: false }, Format::Table);
    assert!(table.starts_with("Final standings: the top 8 by playoff"), "{table}");
}

/// "A typo in a name is reported as a late entry with no did-you-mean": a drop of a near name
/// is refused with the name it probably meant.
#[test]
fn complaint_did_you_mean() {
    let file = create(FIVE, 1);
    let e = refused(&file, Command::Drop(vec!["Bbo".to_owned()]));
    assert_eq!(e.status, 1);
    assert!(e.message.contains("did you mean 'Bob'"), "{}", e.message);
    let e = refused(&file, Command::Drop(vec!["ann".to_owned()]));
    assert!(e.message.contains("did you mean 'Ann'"), "{}", e.message);
    // A new name near a registered one enters, with a note.
    let answer = run(&file, &Command::Enter { name: "Bbo".to_owned(), missed: None }, Format::Csv).unwrap();
    assert!(answer.notes.contains("did you mean 'Bob'"), "{}", answer.notes);
    // All or none: one unknown name drops nobody.
    assert_eq!(refused(&file, Command::Drop(vec!["Ann".to_owned(), "Zed".to_owned()])).status, 1);
    // Equal but for case in any script with case, however far apart in edits.
    let file = create("Οδυσσεύς Ελύτης\nИван Петров\nAnn\nBob\n".as_bytes(), 1);
    for (typed, meant) in [("ΟΔΥΣΣΕΎΣ ΕΛΎΤΗΣ", "Οδυσσεύς Ελύτης"), ("ИВАН ПЕТРОВ", "Иван Петров")]
    {
        let e = refused(&file, Command::Drop(vec![typed.to_owned()]));
        assert!(e.message.contains(&format!("did you mean '{meant}'")), "{}", e.message);
    }
}

#[test]
fn report_from_checks_every_row_first() {
    let file = step(&create(&names(6), 1), Command::Pair);
    let wrong = b"table,wins1,wins2,draws\n1,2,0,0\n2,3,3,0\n".to_vec();
    let e = refused(&file, Command::ReportFrom { csv: wrong, round: None });
    assert!(e.message.starts_with("3:"), "{}", e.message);
    let missing = b"table,wins1,wins2,draws\n1,2,0,0\n9,2,0,0\n".to_vec();
    assert_eq!(refused(&file, Command::ReportFrom { csv: missing, round: None }).status, 1);
    let good = b"\xEF\xBB\xBFtable,wins1,wins2,draws\r\n1,2,0,0\r\n\r\n2,0,2,1\r\n3,1,1,1\r\n".to_vec();
    let file = step(&file, Command::ReportFrom { csv: good, round: None });
    assert!(Event::parse(&file).unwrap().missing().is_empty());
}

#[test]
fn a_correction_of_an_earlier_round_is_said() {
    let mut file = step(&create(&names(6), 1), Command::Pair);
    file = finish_round(file, "2-0");
    file = step(&file, Command::Pair);
    let answer =
        run(&file, &Command::Report { table: 1, result: "0-2".to_owned(), round: Some(1) }, Format::Csv).unwrap();
    assert!(answer.notes.contains("round 1"));
    let before = print(&file, Command::Pairings { round: Some(2), by_name: false }, Format::Csv);
    let after = print(answer.file.as_ref().unwrap(), Command::Pairings { round: Some(2), by_name: false }, Format::Csv);
    // The pairing stays; the points shown change.
    let players = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| l.split(',').enumerate().filter(|(i, _)| i % 2 == 1).map(|(_, f)| f.to_owned()).collect())
            .collect()
    };
    assert_eq!(players(&before), players(&after));
    assert_ne!(before, after);
}

#[test]
fn appendix_e_rounds() {
    assert_eq!(
        [8, 9, 32, 33, 64, 65, 128, 129, 226, 227, 409, 410].map(appendix_e),
        [3, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10]
    );
    let event = Event::parse(&create(&names(40), 1)).unwrap();
    assert_eq!(event.settings.rounds, 6);
    let e = new_event(b"Ann\nBob\n Ann \n", &NewOptions::default()).unwrap_err();
    assert!(e.message.starts_with("3:1:"), "{}", e.message);
}
