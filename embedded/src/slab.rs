//! The static slab shared by the input and the solvers' scratch words (see [`crate::budget`]).

use referee_core::judge::{ErrorKind, Position};

/// Splits `slab` for an input of `len` bytes: the input takes the top `⌈len / 4⌉` words (as
/// bytes, exactly `len` of them), the solver gets every word below as scratch.
///
/// # Errors
/// [`ErrorKind::Capacity`] (`bytes`) when `len` exceeds the slab.
pub fn split_for_input(slab: &mut [u32], len: usize) -> Result<(&mut [u32], &mut [u8]), ErrorKind> {
    let input_words = len.div_ceil(4);
    let split = slab.len().checked_sub(input_words).ok_or(input_too_large(len, slab.len().saturating_mul(4)))?;
    let (scratch, top) = slab.split_at_mut(split);
    let bytes: &mut [u8] = bytemuck::cast_slice_mut(top);
    Ok((scratch, &mut bytes[..len]))
}

/// The capacity error for an input of `len` bytes and a slab of `capacity` bytes.
#[must_use]
pub fn input_too_large(len: usize, capacity: usize) -> ErrorKind {
    ErrorKind::Capacity {
        what: "bytes",
        needed: u64::try_from(len).unwrap_or(u64::MAX),
        capacity: u64::try_from(capacity).unwrap_or(u64::MAX),
    }
}

/// The 1-based line and byte column of `offset` in `bytes` (`offset` may be `bytes.len()`),
/// as the judge errors count them.
#[must_use]
pub fn position_at(bytes: &[u8], offset: usize) -> Position {
    let before = &bytes[..offset.min(bytes.len())];
    let newlines = before.iter().filter(|&&b| b == b'\n').count();
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    Position {
        line: u32::try_from(newlines + 1).unwrap_or(u32::MAX),
        column: u32::try_from(before.len() - line_start + 1).unwrap_or(u32::MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_input_takes_the_top_and_the_scratch_the_rest() {
        let mut slab = [0u32; 8];
        let (scratch, input) = split_for_input(&mut slab, 9).unwrap();
        assert_eq!((scratch.len(), input.len()), (5, 9));
        let (scratch, input) = split_for_input(&mut slab, 0).unwrap();
        assert_eq!((scratch.len(), input.len()), (8, 0));
        let (scratch, input) = split_for_input(&mut slab, 32).unwrap();
        assert_eq!((scratch.len(), input.len()), (0, 32));
    }

    #[test]
    fn an_input_larger_than_the_slab_is_a_capacity_error() {
        let mut slab = [0u32; 8];
        assert_eq!(
            split_for_input(&mut slab, 33),
            Err(ErrorKind::Capacity { what: "bytes", needed: 33, capacity: 32 })
        );
    }

    #[test]
    fn positions_count_lines_and_columns_from_one() {
        let text = b"ab\ncd\n";
        let at = |offset| {
            let p = position_at(text, offset);
            (p.line, p.column)
        };
        assert_eq!([at(0), at(2), at(3), at(4), at(6), at(99)], [(1, 1), (1, 3), (2, 1), (2, 2), (3, 1), (3, 1)]);
    }
}
