//! The fixed-size transposition table of the no-heap strategy, carved out of scratch words.
//!
//! A lossy cache: `buckets` buckets of two slots of [`SLOT_WORDS`] words each (the exact 127-bit
//! key, then Alice's and Bob's counts, four words each). A key hashes to one bucket. Its first
//! slot keeps the entry with the most minions alive (the largest subtree, so the most work
//! saved), its second slot takes everything else (always replaced). A lookup compares the whole
//! key, so a hit is always the state itself: the table can forget states but never confuse them.
//! An all-zero key marks an empty slot (no searched state has an empty board). With fewer than
//! two slots there is no bucket and the search is a plain depth-first search.

use super::search::{Cache, Counts};
use super::state::alive_of;
use super::OddsError;

/// Words per slot: a 4-word key and two 4-word counts (48 bytes).
pub const SLOT_WORDS: usize = 12;
/// Words per bucket of two slots (96 bytes).
pub const BUCKET_WORDS: usize = 2 * SLOT_WORDS;

/// A transposition table over caller-provided words.
#[derive(Debug)]
pub(super) struct FixedTable<'w> {
    words: &'w mut [u32],
    buckets: u64,
}

impl<'w> FixedTable<'w> {
    /// A table using all whole buckets of `words`, emptied.
    pub fn new(words: &'w mut [u32]) -> Self {
        let buckets = words.len() / BUCKET_WORDS;
        let words = words.get_mut(..buckets * BUCKET_WORDS).unwrap_or_default();
        words.fill(0);
        Self { words, buckets: u64::try_from(buckets).unwrap_or(0).min(u64::from(u32::MAX)) }
    }

    /// The index of the first slot of `key`'s bucket (any well-mixed function of the key will do).
    #[inline]
    fn first_slot(&self, key: u128) -> usize {
        let folded = low_u64(key) ^ low_u64(key >> 64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mixed = folded.wrapping_mul(0xd6e8_feb8_6659_fd93);
        // `buckets < 2^32`, so the product fits and the bucket index is below `buckets`.
        2 * usize::try_from(((mixed >> 32) * self.buckets) >> 32).unwrap_or(0)
    }

    /// Slot `index`, if the table has it.
    #[inline]
    fn slot(&self, index: usize) -> Option<&[u32; SLOT_WORDS]> {
        let start = index.checked_mul(SLOT_WORDS)?;
        self.words.get(start..start.checked_add(SLOT_WORDS)?)?.try_into().ok()
    }

    /// Slot `index` for writing, if the table has it.
    #[inline]
    fn slot_mut(&mut self, index: usize) -> Option<&mut [u32; SLOT_WORDS]> {
        let start = index.checked_mul(SLOT_WORDS)?;
        self.words.get_mut(start..start.checked_add(SLOT_WORDS)?)?.try_into().ok()
    }
}

/// Four words, least significant first, as a `u128`.
#[inline]
fn read(words: &[u32; SLOT_WORDS], at: usize) -> u128 {
    let mut value = 0u128;
    for i in (0..4).rev() {
        value = value << 32 | u128::from(words[(at + i) % SLOT_WORDS]);
    }
    value
}

/// Writes `value` into four words, least significant first.
#[inline]
fn write(words: &mut [u32; SLOT_WORDS], at: usize, mut value: u128) {
    for i in 0..4 {
        words[(at + i) % SLOT_WORDS] = u32::try_from(value & 0xffff_ffff).unwrap_or(0);
        value >>= 32;
    }
}

/// The low 64 bits of `value`.
#[inline]
fn low_u64(value: u128) -> u64 {
    u64::try_from(value & u128::from(u64::MAX)).unwrap_or(0)
}

impl Cache for FixedTable<'_> {
    #[inline]
    fn get(&mut self, key: u128) -> Option<Counts> {
        let first = self.first_slot(key);
        [first, first + 1]
            .into_iter()
            .filter_map(|index| self.slot(index))
            .find(|slot| read(slot, 0) == key)
            .map(|slot| Counts { alice: read(slot, 4), bob: read(slot, 8) })
    }

    #[inline]
    fn put(&mut self, key: u128, alive: u32, counts: Counts) -> Result<(), OddsError> {
        let first = self.first_slot(key);
        let Some(resident) = self.slot(first).map(|slot| alive_of(read(slot, 0))) else { return Ok(()) };
        let index = if alive >= resident { first } else { first + 1 };
        if let Some(slot) = self.slot_mut(index) {
            write(slot, 0, key);
            write(slot, 4, counts.alice);
            write(slot, 8, counts.bob);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_largest_and_the_latest() {
        let mut words = [0xffff_ffffu32; BUCKET_WORDS + 5];
        let mut table = FixedTable::new(&mut words);
        assert_eq!(table.buckets, 1);
        let key = |alive_mask: u128, tag: u128| alive_mask << 1 | tag << 29;
        let big = key(0x3fff, 1);
        table.put(big, 14, Counts { alice: u128::MAX, bob: 1 }).unwrap();
        table.put(key(0b11, 2), 2, Counts { alice: 2, bob: 0 }).unwrap();
        table.put(key(0b111, 3), 3, Counts { alice: 3, bob: 0 }).unwrap();
        assert_eq!(table.get(big), Some(Counts { alice: u128::MAX, bob: 1 }));
        assert_eq!(table.get(key(0b111, 3)), Some(Counts { alice: 3, bob: 0 }));
        assert_eq!(table.get(key(0b11, 2)), None);
        table.put(key(0x3fff, 4), 14, Counts::ZERO).unwrap();
        assert_eq!(table.get(big), None);
    }

    #[test]
    fn too_few_words_make_no_table() {
        let mut words = [0u32; BUCKET_WORDS - 1];
        let mut table = FixedTable::new(&mut words);
        table.put(6, 3, Counts::ZERO).unwrap();
        assert_eq!(table.get(6), None);
    }
}
