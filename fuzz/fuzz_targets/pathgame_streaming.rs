//! `judge::run_streaming` on arbitrary boards, through tiny buffers and a source whose reads
//! fail after a chosen number: whenever it answers, the answer is the whole-input driver's;
//! when it declines (`None`), nothing was written.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use referee_core::judge::{self, Options, Problem};
use referee_core::text::{ReadAt, ReadError};

#[derive(Arbitrary, Debug)]
struct Case<'a> {
    /// Buffer size in bytes (taken modulo 64, so tiny buffers are common).
    buffer: u8,
    /// Reads that succeed before every later one fails (`None`: none fails).
    failing_after: Option<u8>,
    board: &'a [u8],
}

/// A byte slice whose reads fail after `left` of them.
struct Flaky<'a> {
    bytes: &'a [u8],
    left: Option<u8>,
}

impl ReadAt for Flaky<'_> {
    fn len(&self) -> u64 {
        ReadAt::len(self.bytes)
    }

    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> Result<(), ReadError> {
        if let Some(left) = &mut self.left {
            *left = left.checked_sub(1).ok_or(ReadError)?;
        }
        let start = usize::try_from(offset).map_err(|_| ReadError)?;
        let end = start.checked_add(buf.len()).ok_or(ReadError)?;
        buf.copy_from_slice(self.bytes.get(start..end).ok_or(ReadError)?);
        Ok(())
    }
}

fuzz_target!(|case: Case<'_>| {
    let mut whole = String::new();
    let expected = judge::run(Problem::Pathgame, case.board, &Options::default(), &mut [0u32; 0][..], &mut whole);
    let mut source = Flaky { bytes: case.board, left: case.failing_after };
    let mut buffer = vec![0u8; usize::from(case.buffer % 64)];
    let mut streamed = String::new();
    match judge::run_streaming(Problem::Pathgame, &mut source, &Options::default(), &mut buffer, &mut streamed) {
        Some(Ok(())) => {
            assert!(expected.is_ok(), "streamed an answer to a refused board: {expected:?}");
            assert_eq!(streamed, whole);
        }
        Some(Err(e)) => panic!("a String never fails to write: {e}"),
        None => assert!(streamed.is_empty(), "declined after writing {streamed:?}"),
    }
});
