use super::*;

fn sample() -> Vec<u8> {
    let options = NewOptions { name: Some("Friday".to_owned()), seed: 7, ..NewOptions::default() };
    new_event(b"Ann\nBob\nCid\nDee\nEve\n", &options).unwrap()
}

fn step(file: &[u8], command: Command) -> Vec<u8> {
    run(file, &command, Format::Csv).unwrap().file.unwrap()
}

#[test]
fn the_file_reads_back_as_written() {
    let mut file = sample();
    file = step(&file, Command::Pair);
    file = step(&file, Command::Report { table: 1, result: "2-1".to_owned(), round: None });
    let event = Event::parse(&file).unwrap();
    assert_eq!(event.write(), file);
}
