//! The fixed-size transposition table of the no-heap strategy, carved out of scratch words.
//!
//! A lossy cache in two regions, by the minions alive (as the memo's two maps): a state with at
//! most [`NEAR_MAX_ALIVE`](super::search::NEAR_MAX_ALIVE) alive has counts below `2^64` (see
//! `search`) and its exact key at most 61 bits (`state`), so its slot is [`SLOT_WORDS`] = 6
//! words (the key in two, Alice's and Bob's counts in two each), four to a bucket of 96 bytes
//! ([`BUCKET_WORDS`]); the others take [`FAR_SLOT_WORDS`] = 12 (a four-word key, four-word
//! counts), two to a bucket. The far region has a quarter
//! of the words ([`FAR_SHARE`]), the near region the rest: on `tavern_states.in` 94 % of the
//! states are near ones, but the far ones have the largest subtrees (`tavern_max.in` takes 3
//! times the instructions with no far state cached).
//!
//! A key hashes to one bucket of its region. The bucket's first slot keeps the entry with the
//! most minions alive (the largest subtree, so the most work saved); the other slots hold the
//! latest entries (a new one takes the second slot, the others move one slot on, the oldest
//! is dropped). A lookup compares the whole key, so a hit is always the state itself: the
//! table can forget states but never confuse them. An all-zero key marks an empty slot (no
//! searched state has an empty board). A region without a whole bucket caches nothing; with
//! fewer than [`BUCKET_WORDS`] words there is no table and the search is a plain depth-first
//! search.
//!
//! Measured (instructions on one thread, `tavern_states.in`, `tavern_max.in`,
//! `tavern_mixed.in`, with the default table): one region of two-way buckets of 48-byte slots
//! held 3 028 states and took 901.5, 16.0 and 27.1 M; the two regions with two-way buckets
//! (4 166 states) 806.7, 14.6 and 24.0 M (780.9, 14.2 and 23.0 M with the endgame's duels in
//! closed form, `search`); then four-way near buckets (4 164 states) 727.5, 13.6 and 22.3 M, and
//! no more on tables of 1, 2, 5 and 20 KiB but for `tavern_mixed.in` at 1 KiB
//! (+0.9 %); then, the ranks packed into a near key of two words (24-byte slots, 5 300 states
//! in the default table), 575.8, 11.5 and 17.8 M (from 649.4, 12.3 and 20.0). Tried and
//! dropped: eight-way near buckets (756.5 M: more keys compared), four-way far buckets (27 %
//! more on `tavern_max.in` at 5 KiB), a bucket evicting its entry with the fewest alive
//! (995.1 M: the latest entries are the likeliest to be met again), priorities by the
//! subtree's measured size instead of the minions alive (no better). A quarter of the
//! words for the far states is the best share over tables of 2 KiB, 5 KiB and the default
//! together (an eighth takes 2.6 % fewer on the default table, 28 % more on `tavern_max.in`
//! with 2 KiB; a half more on both small tables).

use core::convert::Infallible;

use super::search::{Cache, Counts, Near};
use super::state::alive_of;
use super::OddsError;

/// Words per slot of a near state (at most 8 minions alive): a 2-word key and two
/// 2-word counts (24 bytes).
pub const SLOT_WORDS: usize = NEAR_KEY_WORDS + 2 * 2;
/// Words per bucket of four near slots (96 bytes, within two cache lines): the fewest words of
/// a table that caches.
pub const BUCKET_WORDS: usize = 4 * SLOT_WORDS;
/// Words per slot of a far state (more alive): a 4-word key and two 4-word counts (48 bytes).
pub(super) const FAR_SLOT_WORDS: usize = FAR_KEY_WORDS + 2 * 4;
/// The far region's share of a table's words: one part in `FAR_SHARE`, in whole buckets of two
/// far slots (the near region takes the rest).
pub(super) const FAR_SHARE: usize = 4;
/// Words of a near state's key (at most 61 bits).
const NEAR_KEY_WORDS: usize = 2;
/// Words of a far state's key (at most 127 bits).
const FAR_KEY_WORDS: usize = 4;

/// A transposition table over caller-provided words: a region of near states and one of far
/// states.
#[derive(Debug)]
pub(super) struct FixedTable<'w> {
    near: Region<'w, NEAR_KEY_WORDS, 2, SLOT_WORDS, 4>,
    far: Region<'w, FAR_KEY_WORDS, 4, FAR_SLOT_WORDS, 2>,
}

/// Words per bucket of two far slots (96 bytes).
const FAR_BUCKET_WORDS: usize = 2 * FAR_SLOT_WORDS;

impl<'w> FixedTable<'w> {
    /// A table using all whole buckets of `words` (a [`FAR_SHARE`] part for the far region),
    /// emptied.
    pub fn new(words: &'w mut [u32]) -> Self {
        // At most `words.len()` (the `min` never changes it, and keeps the split's panic call out).
        let far_words = (words.len() / FAR_SHARE / FAR_BUCKET_WORDS * FAR_BUCKET_WORDS).min(words.len());
        let (far, near) = words.split_at_mut(far_words);
        Self { near: Region::new(near), far: Region::new(far) }
    }
}

/// Buckets of `WAYS` slots of `SLOT` words: a key of `KEY` words and two counts of `COUNT`
/// words each (`SLOT = KEY + 2·COUNT`, at least two ways).
#[derive(Debug)]
struct Region<'w, const KEY: usize, const COUNT: usize, const SLOT: usize, const WAYS: usize> {
    slots: &'w mut [[u32; SLOT]],
    buckets: u64,
}

impl<'w, const KEY: usize, const COUNT: usize, const SLOT: usize, const WAYS: usize>
    Region<'w, KEY, COUNT, SLOT, WAYS>
{
    /// A region of the whole buckets of `words`, emptied.
    fn new(words: &'w mut [u32]) -> Self {
        const { assert!(SLOT == KEY + 2 * COUNT && WAYS >= 2) };
        let (slots, _) = words.as_chunks_mut::<SLOT>();
        let buckets = slots.len() / WAYS;
        let slots = slots.get_mut(..buckets * WAYS).unwrap_or_default();
        slots.fill([0; SLOT]);
        Self { slots, buckets: u64::try_from(buckets).unwrap_or(0).min(u64::from(u32::MAX)) }
    }

    /// `key`'s bucket, if the region has buckets.
    #[inline]
    fn bucket(&mut self, key: u128) -> Option<&mut [[u32; SLOT]; WAYS]> {
        let folded = low_u64(key) ^ low_u64(key >> 64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mixed = folded.wrapping_mul(0xd6e8_feb8_6659_fd93);
        // `buckets < 2^32`, so the product fits and the index is below `buckets`.
        let start = usize::try_from(((mixed >> 32) * self.buckets) >> 32).ok()?.checked_mul(WAYS)?;
        self.slots.get_mut(start..start.checked_add(WAYS)?)?.try_into().ok()
    }

    /// Alice's and Bob's counts stored for `key`, if any.
    #[inline]
    fn get(&mut self, key: u128) -> Option<[u128; 2]> {
        let bucket = self.bucket(key)?;
        bucket
            .iter()
            .find(|slot| read::<SLOT, KEY>(slot, 0) == key)
            .map(|slot| [read::<SLOT, COUNT>(slot, KEY), read::<SLOT, COUNT>(slot, KEY + COUNT)])
    }

    /// Stores `counts` (each below `2^(32·COUNT)`) for `key`, a state with `alive` alive: in
    /// the first slot of its bucket if no state there has more alive, else as the latest of the
    /// other slots (the others move one slot on, the oldest is dropped).
    #[inline]
    fn put(&mut self, key: u128, alive: u32, [alice, bob]: [u128; 2]) {
        let Some(bucket) = self.bucket(key) else { return };
        let first = alive >= alive_of(read::<SLOT, KEY>(&bucket[0], 0));
        if !first {
            // Slot by slot, from the oldest (a `copy_within` would bring `memmove` into the
            // firmware images: 0.8 KiB of flash).
            for way in (2..WAYS).rev() {
                bucket[way] = bucket[way - 1];
            }
        }
        let slot = &mut bucket[usize::from(!first)];
        write::<SLOT, KEY>(slot, 0, key);
        write::<SLOT, COUNT>(slot, KEY, alice);
        write::<SLOT, COUNT>(slot, KEY + COUNT, bob);
    }
}

/// `LEN` words of `slot` from `at` (a constant: `at + LEN <= SLOT`), least significant first, as
/// a `u128`.
#[inline]
fn read<const SLOT: usize, const LEN: usize>(slot: &[u32; SLOT], at: usize) -> u128 {
    // A range, not an index modulo `SLOT`: with a slot of 6 or 12 words that was a division
    // by a library call on the Cortex-M0 (`microbit`: 40 % more instructions on `tavern_max.in`).
    let words = slot.get(at..at + LEN).unwrap_or_default();
    words.iter().rev().fold(0, |value, &word| value << 32 | u128::from(word))
}

/// Writes the low `LEN` words of `value` into `slot` from `at` (a constant: `at + LEN <= SLOT`),
/// least significant first.
#[inline]
fn write<const SLOT: usize, const LEN: usize>(slot: &mut [u32; SLOT], at: usize, mut value: u128) {
    for word in slot.get_mut(at..at + LEN).unwrap_or_default() {
        *word = u32::try_from(value & 0xffff_ffff).unwrap_or(0);
        value >>= 32;
    }
}

/// The low 64 bits of `value`.
#[inline]
fn low_u64(value: u128) -> u64 {
    u64::try_from(value & u128::from(u64::MAX)).unwrap_or(0)
}

impl Cache for FixedTable<'_> {
    type Error = Infallible;

    #[inline]
    fn get_near(&mut self, key: u64, _alive: u32) -> Option<Near> {
        // A near slot's counts are two words each.
        self.near.get(key.into()).map(|[alice, bob]| Near { alice: low_u64(alice), bob: low_u64(bob) })
    }

    #[inline]
    fn get_far(&mut self, key: u128) -> Option<Counts> {
        self.far.get(key).map(|[alice, bob]| Counts { alice, bob })
    }

    #[inline]
    fn put_near(&mut self, key: u64, alive: u32, counts: Near) -> Result<(), Infallible> {
        self.near.put(key.into(), alive, [counts.alice.into(), counts.bob.into()]);
        Ok(())
    }

    #[inline]
    fn put_far(&mut self, key: u128, alive: u32, counts: Counts) -> Result<(), Infallible> {
        self.far.put(key, alive, [counts.alice, counts.bob]);
        Ok(())
    }

    fn odds_error(error: Infallible) -> OddsError {
        match error {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tavern::search::test_keys::{key, near};
    use crate::tavern::DEFAULT_TABLE_WORDS;

    #[test]
    fn keeps_the_largest_and_the_latest() {
        // One near bucket, no far one (a quarter of 37 words holds no far bucket).
        let mut words = [0xffff_ffffu32; BUCKET_WORDS + 5];
        let mut table = FixedTable::new(&mut words);
        assert_eq!((table.near.buckets, table.far.buckets), (1, 0));
        let large = near(8, 1);
        let top = Near { alice: u64::MAX, bob: 1 };
        table.put_near(large, 8, top).unwrap();
        // The latest three of the smaller ones stay.
        for tag in 2..=5 {
            table.put_near(near(3, tag.into()), 3, Near { alice: tag, bob: 0 }).unwrap();
        }
        assert_eq!(table.get_near(large, 8), Some(top));
        assert_eq!(table.get_near(near(3, 2), 3), None);
        for tag in 3..=5 {
            assert_eq!(table.get_near(near(3, tag.into()), 3), Some(Near { alice: tag, bob: 0 }));
        }
        // As many alive as the first slot's: the first slot is replaced.
        table.put_near(near(8, 6), 8, Near::default()).unwrap();
        assert_eq!(table.get_near(large, 8), None);
        assert_eq!(table.get_near(near(8, 6), 8), Some(Near::default()));
        assert_eq!(table.get_near(near(3, 3), 3), Some(Near { alice: 3, bob: 0 }));
        // No far region: a far state is searched again, never stored.
        table.put_far(key(14, 7), 14, Counts::ZERO).unwrap();
        assert_eq!(table.get_far(key(14, 7)), None);
    }

    #[test]
    fn far_states_have_a_region_of_their_own() {
        let mut words = [7u32; 4 * FAR_BUCKET_WORDS];
        let mut table = FixedTable::new(&mut words);
        assert_eq!((table.near.buckets, table.far.buckets), (3, 1));
        let huge = Counts { alice: u128::MAX >> 14, bob: 3 };
        table.put_far(key(14, 1), 14, huge).unwrap();
        table.put_far(key(9, 2), 9, Counts { alice: 9, bob: 9 }).unwrap();
        for tag in 0..20 {
            table.put_near(near(5, tag.into()), 5, Near { alice: tag, bob: 0 }).unwrap();
        }
        assert_eq!(table.get_far(key(14, 1)), Some(huge));
        assert_eq!(table.get_far(key(9, 2)), Some(Counts { alice: 9, bob: 9 }));
        table.put_far(key(13, 3), 13, Counts::ZERO).unwrap();
        assert_eq!(table.get_far(key(14, 1)), Some(huge));
        assert_eq!(table.get_far(key(9, 2)), None);
        assert_eq!(table.get_far(key(13, 3)), Some(Counts::ZERO));
    }

    #[test]
    fn the_default_table_holds_5_300_states() {
        let mut words = std::vec![0u32; DEFAULT_TABLE_WORDS];
        let table = FixedTable::new(&mut words);
        assert_eq!((4 * table.near.buckets, 2 * table.far.buckets), (4_544, 756));
        assert_eq!((BUCKET_WORDS * 4, FAR_BUCKET_WORDS * 4), (96, 96));
    }

    #[test]
    fn too_few_words_make_no_table() {
        let mut words = [0u32; BUCKET_WORDS - 1];
        let mut table = FixedTable::new(&mut words);
        table.put_near(near(2, 1), 2, Near::default()).unwrap();
        assert_eq!(table.get_near(near(2, 1), 2), None);
    }
}
