//! The fixed-size transposition table of the no-heap strategy, carved out of scratch words.
//!
//! A lossy cache of buckets of two slots; a slot is the exact key, the outcome and the work
//! its expansion took ([`slot_words`]: 15 words, 60 bytes, for the 128-bit keys and numerators
//! of most battles). A key hashes to one bucket. Its first slot keeps the entry whose expansion
//! took the most steps (the most work saved), its second takes everything else (always
//! replaced). A lookup compares the whole key, so a hit is always the state itself: the table
//! can forget states but never confuse them. An all-zero key marks an empty slot (a searched
//! state always has minions alive, so its key is never zero). With room for no bucket the
//! search is a plain depth-first search, still exact.

use super::outcome::Outcome;
use super::search::{Cache, Key};
use super::state::KEY_WORDS;
use super::SearchError;

/// A value stored in `u32` words.
pub(super) trait Words: Sized {
    /// Words it takes.
    const WORDS: usize;
    /// Writes it into `out` (`WORDS` long).
    fn write(&self, out: &mut [u32]);
    /// Reads it from `words` (`WORDS` long).
    fn read(words: &[u32]) -> Self;
}

/// The low 32 bits of `value`.
#[inline]
pub(super) fn low(value: u64) -> u32 {
    u32::try_from(value & 0xffff_ffff).unwrap_or(0)
}

/// The high 32 bits of `value`.
#[inline]
pub(super) fn high(value: u64) -> u32 {
    u32::try_from(value >> 32).unwrap_or(0)
}

/// The two 16-bit halves of `word`, low first.
#[inline]
fn halves(word: u32) -> [u16; 2] {
    [u16::try_from(word & 0xffff).unwrap_or(0), u16::try_from(word >> 16).unwrap_or(0)]
}

impl Words for u128 {
    const WORDS: usize = 4;

    #[inline]
    fn write(&self, out: &mut [u32]) {
        let limbs = [u64::try_from(*self & u128::from(u64::MAX)).unwrap_or(0), u64::try_from(*self >> 64).unwrap_or(0)];
        for (pair, limb) in out.as_chunks_mut::<2>().0.iter_mut().zip(limbs) {
            *pair = [low(limb), high(limb)];
        }
    }

    #[inline]
    fn read(words: &[u32]) -> Self {
        words.iter().take(4).rev().fold(0, |v, &w| v << 32 | u128::from(w))
    }
}

impl Words for [u64; KEY_WORDS] {
    const WORDS: usize = 2 * KEY_WORDS;

    #[inline]
    fn write(&self, out: &mut [u32]) {
        for (pair, &value) in out.as_chunks_mut::<2>().0.iter_mut().zip(self) {
            *pair = [low(value), high(value)];
        }
    }

    #[inline]
    fn read(words: &[u32]) -> Self {
        let mut out = [0u64; KEY_WORDS];
        for (value, &[lo, hi]) in out.iter_mut().zip(words.as_chunks::<2>().0) {
            *value = u64::from(hi) << 32 | u64::from(lo);
        }
        out
    }
}

impl<N: Words> Words for Outcome<N> {
    /// Two numerators, then the four exponents, two to a word.
    const WORDS: usize = 2 * N::WORDS + 2;

    #[inline]
    fn write(&self, out: &mut [u32]) {
        // `out` holds `WORDS` words: the fallbacks of `get` (writing nothing) are never taken,
        // and no index check leaves a panic call.
        let n = N::WORDS;
        self.alice.write(out);
        self.bob.write(out.get_mut(n..).unwrap_or_default());
        let e = self.exps.map(u32::from);
        if let Some([low, high]) = out.get_mut(2 * n..).and_then(|rest| rest.first_chunk_mut::<2>()) {
            *low = e[0] | e[1] << 16;
            *high = e[2] | e[3] << 16;
        }
    }

    #[inline]
    fn read(words: &[u32]) -> Self {
        // `words` holds `WORDS` words (a table slot or a stack frame): the zero fallbacks are
        // never taken, and no index check leaves a panic call.
        let n = N::WORDS;
        let word = |i: usize| words.get(i).copied().unwrap_or(0);
        let ([e2, e3], [e5, e7]) = (halves(word(2 * n)), halves(word(2 * n + 1)));
        Self { alice: N::read(words), bob: N::read(words.get(n..).unwrap_or_default()), exps: [e2, e3, e5, e7] }
    }
}

/// Words of a slot for keys `K` and numerators `N`: key, outcome, the work.
pub(super) const fn slot_words<K: Words, N: Words>() -> usize {
    K::WORDS + Outcome::<N>::WORDS + 1
}

/// A transposition table over caller-provided words.
#[derive(Debug)]
pub(super) struct FixedTable<'w, K, N> {
    words: &'w mut [u32],
    buckets: u64,
    types: core::marker::PhantomData<(K, N)>,
}

impl<'w, K: Key + Words, N: Words + Copy> FixedTable<'w, K, N> {
    /// A table using all whole buckets of `words`, emptied.
    pub fn new(words: &'w mut [u32]) -> Self {
        let bucket = 2 * slot_words::<K, N>();
        let buckets = words.len() / bucket;
        let words = words.get_mut(..buckets * bucket).unwrap_or_default();
        words.fill(0);
        let buckets = u64::try_from(buckets).unwrap_or(0).min(u64::from(u32::MAX));
        Self { words, buckets, types: core::marker::PhantomData }
    }

    /// The index of the first slot of `key`'s bucket.
    #[inline]
    fn first_slot(&self, key: &K) -> usize {
        let mut words = [0u32; 2 * KEY_WORDS];
        key.write(&mut words);
        let mut hash = 0x9e37_79b9_7f4a_7c15u64;
        for &w in &words[..K::WORDS] {
            hash = (hash ^ u64::from(w)).wrapping_mul(0xd6e8_feb8_6659_fd93);
        }
        hash ^= hash >> 29;
        // `buckets < 2^32`, so the product fits and the bucket index is below `buckets`.
        2 * usize::try_from(((hash >> 32) * self.buckets) >> 32).unwrap_or(0)
    }

    /// Slot `index`, if the table has it.
    #[inline]
    fn slot(&self, index: usize) -> Option<&[u32]> {
        let size = slot_words::<K, N>();
        let start = index.checked_mul(size)?;
        self.words.get(start..start.checked_add(size)?)
    }

    /// Slot `index` for writing, if the table has it.
    #[inline]
    fn slot_mut(&mut self, index: usize) -> Option<&mut [u32]> {
        let size = slot_words::<K, N>();
        let start = index.checked_mul(size)?;
        self.words.get_mut(start..start.checked_add(size)?)
    }
}

/// Where the work word of a slot is.
const fn work_at<K: Words, N: Words>() -> usize {
    slot_words::<K, N>() - 1
}

impl<K: Key + Words, N: Words + Copy> Cache<K, N> for FixedTable<'_, K, N> {
    #[inline]
    fn get(&mut self, key: &K) -> Option<Outcome<N>> {
        let first = self.first_slot(key);
        [first, first + 1]
            .into_iter()
            .filter_map(|index| self.slot(index))
            .find(|slot| K::read(slot) == *key)
            .map(|slot| Outcome::read(&slot[K::WORDS..]))
    }

    #[inline]
    fn put(&mut self, key: K, work: u64, outcome: &Outcome<N>) -> Result<(), SearchError> {
        let first = self.first_slot(&key);
        let Some(resident) = self.slot(first).map(|slot| slot[work_at::<K, N>()]) else { return Ok(()) };
        let work = u32::try_from(work).unwrap_or(u32::MAX);
        let index = if work >= resident { first } else { first + 1 };
        if let Some(slot) = self.slot_mut(index) {
            key.write(slot);
            outcome.write(&mut slot[K::WORDS..]);
            slot[work_at::<K, N>()] = work;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec;

    fn outcome(alice: u128) -> Outcome<u128> {
        Outcome { alice, bob: 3, exps: [1, 2, 3, 4] }
    }

    #[test]
    fn keeps_the_most_work_and_the_latest() {
        let bucket = 2 * slot_words::<u128, u128>();
        let mut words = vec![0xffff_ffffu32; bucket + 5];
        let mut table = FixedTable::<u128, u128>::new(&mut words);
        assert_eq!(table.buckets, 1);
        table.put(1, 1000, &outcome(1)).unwrap();
        table.put(2, 5, &outcome(2)).unwrap();
        table.put(3, 7, &outcome(3)).unwrap();
        assert_eq!(table.get(&1), Some(outcome(1)));
        assert_eq!(table.get(&3), Some(outcome(3)));
        assert_eq!(table.get(&2), None);
        table.put(4, 1000, &outcome(4)).unwrap();
        assert_eq!(table.get(&1), None);
        assert_eq!(table.get(&4), Some(outcome(4)));
    }

    #[test]
    fn wide_keys_round_trip() {
        let mut words = vec![0u32; 4 * slot_words::<[u64; KEY_WORDS], u128>()];
        let mut table = FixedTable::<[u64; KEY_WORDS], u128>::new(&mut words);
        let key = [1, 2, 3, 4, 5, 6, 7, u64::MAX];
        table.put(key, 1, &outcome(9)).unwrap();
        assert_eq!(table.get(&key), Some(outcome(9)));
        assert_eq!(table.get(&[1, 2, 3, 4, 5, 6, 7, 8]), None);
    }

    #[test]
    fn too_few_words_make_no_table() {
        let mut words = vec![0u32; 2 * slot_words::<u128, u128>() - 1];
        let mut table = FixedTable::<u128, u128>::new(&mut words);
        table.put(6, 3, &outcome(1)).unwrap();
        assert_eq!(table.get(&6), None);
    }
}
