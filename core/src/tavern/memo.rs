//! The heap memo of the `alloc` strategy: every cached state with its exact counts in
//! `hashbrown::HashMap`s, grown with `try_reserve` so that running out of memory is an error.
//!
//! Two maps, by the minions alive: a state with at most [`NEAR_MAX_ALIVE`] alive has at most 7
//! attacks left, so its counts are at most `420^7 < 2^64` (see `search`) and are stored as two
//! `u64` (a 32-byte entry with its 16-byte key); the few states with more alive keep `u128`
//! counts (48 bytes). On `tavern_states.in` 94 % of the 210 336 states stored are near ones: a
//! third less memory to fault in and to miss in the caches and the TLB than one map of 48-byte
//! entries.
//!
//! Memory: an entry plus hashbrown's control byte, in a power-of-two number of buckets kept at
//! most 7/8 full. [`MEMO_INITIAL_STATES`] near states are reserved up front (2^10 buckets,
//! 33 KB); a map doubles when full, until the two hold [`MEMO_CAPACITY`] states together (at
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

use hashbrown::HashMap;

use super::search::{Cache, Counts, NEAR_MAX_ALIVE};
use super::state::alive_of;
use super::OddsError;

/// States reserved before the search starts: 2^10 buckets of near states, about 33 KB.
pub const MEMO_INITIAL_STATES: usize = 896;
/// The most states the memo stores: 7/8 of 2^19 buckets.
pub const MEMO_CAPACITY: usize = 458_752;

/// The memo: exact keys to exact counts.
#[derive(Debug)]
pub(super) struct Memo {
    /// States with at most [`NEAR_MAX_ALIVE`] minions alive: Alice's and Bob's counts.
    near: HashMap<u128, [u64; 2]>,
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
        Ok(Self { near, far: HashMap::new() })
    }

    /// States stored.
    fn len(&self) -> usize {
        self.near.len() + self.far.len()
    }
}

/// The error for failing to grow the memo to `needed` states from `capacity`.
const fn out_of_memory(wanted: usize, stored: usize) -> OddsError {
    OddsError::OutOfMemory { wanted, stored }
}

/// Makes room in `map` for one more entry (doubling it, at least 16 entries), or reports that
/// the memo is full (`Ok(false)`) when it holds [`MEMO_CAPACITY`] states (`stored`) already.
fn room<V>(map: &mut HashMap<u128, V>, stored: usize) -> Result<bool, OddsError> {
    let len = map.len();
    if len < map.capacity() {
        return Ok(true);
    }
    if stored >= MEMO_CAPACITY {
        return Ok(false);
    }
    let more = len.max(16);
    map.try_reserve(more).map_err(|_| out_of_memory(stored + more, stored))?;
    Ok(true)
}

impl Cache for Memo {
    #[inline]
    fn get(&mut self, key: u128) -> Option<Counts> {
        if alive_of(key) <= NEAR_MAX_ALIVE {
            self.near.get(&key).map(|&[alice, bob]| Counts { alice: alice.into(), bob: bob.into() })
        } else {
            self.far.get(&key).copied()
        }
    }

    #[inline]
    fn put(&mut self, key: u128, _alive: u32, counts: Counts) -> Result<(), OddsError> {
        let stored = self.len();
        // The map is chosen from the key, as `get` chooses it.
        if alive_of(key) > NEAR_MAX_ALIVE {
            if room(&mut self.far, stored)? {
                self.far.insert(key, counts);
            }
        } else if let (Ok(alice), Ok(bob)) = (u64::try_from(counts.alice), u64::try_from(counts.bob)) {
            if room(&mut self.near, stored)? {
                self.near.insert(key, [alice, bob]);
            }
        }
        // A near state's counts always fit (`420^7 < 2^64`); were they not to, the state is not
        // stored: the search stays exact.
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tavern::search::POW420;

    /// A key with `alive` minions alive (Alice's first ones) and `tag` in its rank bits.
    fn key(alive: u32, tag: u128) -> u128 {
        (u128::from((1u16 << alive) - 1) << 1) | tag << 29
    }

    #[test]
    fn stores_exactly_and_grows() {
        let mut memo = Memo::new().unwrap();
        assert!(memo.near.capacity() >= MEMO_INITIAL_STATES);
        for tag in 1..=(MEMO_INITIAL_STATES as u128 + 10) {
            memo.put(key(5, tag), 5, Counts { alice: tag, bob: POW420[4] }).unwrap();
            memo.put(key(13, tag), 13, Counts { alice: POW420[12], bob: tag }).unwrap();
        }
        assert_eq!(memo.get(key(5, 7)), Some(Counts { alice: 7, bob: POW420[4] }));
        assert_eq!(memo.get(key(13, 7)), Some(Counts { alice: POW420[12], bob: 7 }));
        assert_eq!(memo.get(key(5, 0)), None);
        assert!(memo.near.len() > MEMO_INITIAL_STATES && memo.far.len() > MEMO_INITIAL_STATES);
    }

    #[test]
    fn the_largest_near_counts_are_stored_in_the_near_map() {
        let mut memo = Memo::new().unwrap();
        let top = POW420[NEAR_MAX_ALIVE as usize - 1];
        memo.put(key(NEAR_MAX_ALIVE, 1), NEAR_MAX_ALIVE, Counts { alice: top, bob: top }).unwrap();
        assert_eq!(memo.get(key(NEAR_MAX_ALIVE, 1)), Some(Counts { alice: top, bob: top }));
        assert_eq!(memo.near.len(), 1);
    }
}
