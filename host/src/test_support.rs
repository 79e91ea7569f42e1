//! Helpers of the unit tests that solve inputs from files on several threads
//! ([`crate::cases`], [`crate::replicas`], [`crate::columns`]).

use std::io::{Seek, SeekFrom, Write};

use referee_core::HeapScratch;

use crate::answer::Answer;
use crate::input::FileSource;

/// `bytes` as a file source, after `skip` bytes of something else (stdin partly read).
pub fn source(bytes: &[u8], skip: usize) -> FileSource {
    let mut file = tempfile::tempfile().unwrap();
    file.write_all(&vec![b'#'; skip]).unwrap();
    file.write_all(bytes).unwrap();
    file.seek(SeekFrom::Start(skip as u64)).unwrap();
    FileSource::new(file).unwrap()
}

/// The one-thread answer of the `swiss` input `bytes`.
pub fn in_order(bytes: &[u8]) -> String {
    let mut text = String::new();
    referee_core::swiss::text::solve(bytes, &mut HeapScratch::default(), &mut text).unwrap();
    text
}

/// The answers concatenated.
pub fn joined(answers: Vec<Answer>) -> String {
    let mut out = Vec::new();
    for answer in answers {
        answer.write_to(&mut out).unwrap();
    }
    String::from_utf8(out).unwrap()
}
