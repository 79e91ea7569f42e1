//! The heap memo of the `alloc` strategy: every cached state with its exact counts in
//! `hashbrown::HashMap`s, grown with `try_reserve` so that running out of memory is an error.
//!
//! Three maps, by the minions alive: a state with at most
//! [`NEAR_MAX_ALIVE`](super::search::NEAR_MAX_ALIVE) alive has at most 7 attacks left, so its
//! counts are at most `420^7 < 2^64` (see `search`) and its exact key at most 61 bits (see
//! `state`), so its entry is three `u64` (24 bytes); one with at most [`PACKED_MAX_ALIVE`] = 4
//! alive (the fewest the memo caches, [`MEMO_MIN_ALIVE`](super::MEMO_MIN_ALIVE)) has at most 3
//! attacks left, counts below `420^3 < 2^27`, both in one `u64` as the search's endgame adds
//! them (16 bytes); the few states with more than 8 alive keep a `u128` key and `u128` counts
//! (48 bytes). On `tavern_states.in` 94 % of the 210 336 states with at least 5 alive are near
//! ones: half the memory to fault in and to miss in the caches and the TLB of one map of 48-byte
//! entries (32 bytes with a 16-byte key before the ranks were packed into a 61-bit one:
//! `tavern_states.in` took 11 % less wall time on two threads after).
//!
//! The states with 4 alive have a map of their own because caching them saves 14 % of the
//! search's instructions (`tavern_states.in` on one thread: 277.5 -> 237.9 M), but in the near
//! map they pushed each thread's 104 000 near states past 114 688, the most 2^17 buckets hold:
//! a table twice the size, 44 % more page faults (5 235 against 3 634), no faster on two
//! threads. In their own map of 16-byte entries: 253.8 M instructions, 3 774 page faults, 5 to
//! 12 % less wall time on two threads, 4 to 10 % on one.
//!
//! Memory: an entry plus hashbrown's control byte, in a power-of-two number of buckets kept at
//! most 7/8 full. [`MEMO_INITIAL_STATES`] near states are reserved up front (2^10 buckets,
//! 25 KB); a map doubles when full, until the two hold [`MEMO_CAPACITY`] states together (at
//! most 2^19 buckets of 49 bytes, 25.7 MB, if every state were a far one). Past that, new states
//! are still searched exactly but no longer stored.
//!
//! The reservation is small because a state's place in the map is its hash: a battle of a few
//! hundred states touches most pages of whatever is reserved, and a page the kernel hands out
//! costs about 3 µs on the test VM. 540 KB up front (2^14 buckets) made the sample battles
//! 0.4 ms slower to solve (1.75 against 1.34 ms for a whole run of the 6-against-6 sample, 130
//! page faults more; twice that with a memo per thread), while the doublings up from 2^10
//! buckets cost `tavern_states.in` 0.2 % more instructions and `tavern_max.in` 5 % (14.8
//! against 14.1 M), the same wall time.

use core::hash::Hash;

use hashbrown::HashMap;

use super::search::{Cache, Counts, Near};
use super::OddsError;

/// States reserved before the search starts: 2^10 buckets of near states, about 25 KB.
pub const MEMO_INITIAL_STATES: usize = 896;
/// The most states the memo stores: 7/8 of 2^19 buckets.
pub const MEMO_CAPACITY: usize = 458_752;
/// The most minions alive in a state whose counts the memo keeps in one word ([`Memo`]'s
/// third map), as the search's endgame does: 4, at most 3 attacks left, both counts below
/// `420^3 < 2^27`.
const PACKED_MAX_ALIVE: u32 = super::search::MAX_MIN_ALIVE - 1;

/// The memo: exact keys to exact counts.
#[derive(Debug)]
pub(super) struct Memo {
    /// States with at most [`NEAR_MAX_ALIVE`](super::search::NEAR_MAX_ALIVE) minions alive:
    /// Alice's and Bob's counts.
    near: HashMap<u64, [u64; 2]>,
    /// Near states with at most [`PACKED_MAX_ALIVE`] minions alive: Alice's count in the low
    /// half, Bob's in the high half.
    packed: HashMap<u64, u64>,
    /// The others.
    far: HashMap<u128, Counts>,
}

impl Memo {
    /// An empty memo with [`MEMO_INITIAL_STATES`] near states reserved.
    ///
    /// # Errors
    /// [`OddsError::OutOfMemory`] when the memory cannot be reserved.
    pub fn new() -> Result<Self, OddsError> {
        let mut near = HashMap::new();
        near.try_reserve(MEMO_INITIAL_STATES).map_err(|_| out_of_memory(MEMO_INITIAL_STATES, 0))?;
        Ok(Self { near, packed: HashMap::new(), far: HashMap::new() })
    }

    /// States stored.
    fn len(&self) -> usize {
        self.near.len() + self.packed.len() + self.far.len()
    }
}

/// The error for failing to grow the memo to `needed` states from `capacity`.
const fn out_of_memory(wanted: usize, stored: usize) -> OddsError {
    OddsError::OutOfMemory { wanted, stored }
}

/// Stores `value` for `key` in `map`, doubling it when full (at least 16 entries), unless the
/// memo holds [`MEMO_CAPACITY`] states (`stored`) already: then the state is not stored (the
/// search stays exact).
fn store<K: Hash + Eq, V>(map: &mut HashMap<K, V>, stored: usize, key: K, value: V) -> Result<(), OddsError> {
    let len = map.len();
    if len >= map.capacity() {
        if stored >= MEMO_CAPACITY {
            return Ok(());
        }
        let more = len.max(16);
        map.try_reserve(more).map_err(|_| out_of_memory(stored + more, stored))?;
    }
    map.insert(key, value);
    Ok(())
}

impl Cache for Memo {
    type Error = OddsError;

    #[inline]
    fn get_near(&mut self, key: u64, alive: u32) -> Option<Near> {
        if alive <= PACKED_MAX_ALIVE {
            return self.packed.get(&key).map(|&both| Near { alice: both & 0xffff_ffff, bob: both >> 32 });
        }
        self.near.get(&key).map(|&[alice, bob]| Near { alice, bob })
    }

    #[inline]
    fn get_far(&mut self, key: u128) -> Option<Counts> {
        self.far.get(&key).copied()
    }

    #[inline]
    fn put_near(&mut self, key: u64, alive: u32, counts: Near) -> Result<(), OddsError> {
        let stored = self.len();
        if alive <= PACKED_MAX_ALIVE {
            // Both below 2^27 (see `PACKED_MAX_ALIVE`): no carry into the other half.
            debug_assert!(counts.alice < 1 << 27 && counts.bob < 1 << 27, "{counts:?} with {alive} alive");
            return store(&mut self.packed, stored, key, counts.alice | counts.bob << 32);
        }
        store(&mut self.near, stored, key, [counts.alice, counts.bob])
    }

    #[inline]
    fn put_far(&mut self, key: u128, _alive: u32, counts: Counts) -> Result<(), OddsError> {
        let stored = self.len();
        store(&mut self.far, stored, key, counts)
    }

    fn odds_error(error: OddsError) -> OddsError {
        error
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tavern::search::test_keys::{key, near};
    use crate::tavern::search::POW420;

    #[test]
    fn stores_exactly_and_grows() {
        let mut memo = Memo::new().unwrap();
        assert!(memo.near.capacity() >= MEMO_INITIAL_STATES);
        let scale = u64::try_from(POW420[4]).unwrap();
        for tag in 1..=(MEMO_INITIAL_STATES as u64 + 10) {
            memo.put_near(near(5, tag.into()), 5, Near { alice: tag, bob: scale }).unwrap();
            memo.put_far(key(13, tag.into()), 13, Counts { alice: POW420[12], bob: tag.into() }).unwrap();
        }
        assert_eq!(memo.get_near(near(5, 7), 5), Some(Near { alice: 7, bob: scale }));
        assert_eq!(memo.get_far(key(13, 7)), Some(Counts { alice: POW420[12], bob: 7 }));
        assert_eq!(memo.get_near(near(5, 0), 5), None);
        // States with 4 alive, in one word each, apart from the near ones.
        let top = u64::try_from(POW420[3]).unwrap();
        for tag in 1..=100u64 {
            memo.put_near(near(4, tag.into()), 4, Near { alice: top - tag, bob: tag }).unwrap();
        }
        assert_eq!(memo.get_near(near(4, 9), 4), Some(Near { alice: top - 9, bob: 9 }));
        assert_eq!(memo.get_near(near(4, 101), 4), None);
        assert_eq!(memo.get_near(near(5, 9), 5), Some(Near { alice: 9, bob: scale }));
        assert_eq!(memo.packed.len(), 100);
        assert!(memo.near.len() > MEMO_INITIAL_STATES && memo.far.len() > MEMO_INITIAL_STATES);
    }
}
