//! The heap memo of the `alloc` strategy: every cached state with its exact counts in a
//! `hashbrown::HashMap`, grown with `try_reserve` so that running out of memory is an error.
//!
//! Memory: an entry is a 16-byte key and 32 bytes of counts, plus hashbrown's control byte, in
//! a power-of-two number of buckets kept at most 7/8 full. [`MEMO_INITIAL_STATES`] are reserved
//! up front (1.6 MB); the table doubles when full, up to [`MEMO_CAPACITY`] states (2^19
//! buckets, 25.7 MB; 38.5 MB while the last doubling copies). Past that, new states are still
//! searched exactly but no longer stored.

use hashbrown::HashMap;

use super::search::{Cache, Counts};
use super::OddsError;

/// States reserved before the search starts: 2^14 buckets, about 1.6 MB.
pub const MEMO_INITIAL_STATES: usize = 14_336;
/// The most states the memo stores: 7/8 of 2^19 buckets, about 25.7 MB.
pub const MEMO_CAPACITY: usize = 458_752;

/// The memo: exact keys to exact counts.
#[derive(Debug)]
pub(super) struct Memo {
    map: HashMap<u128, Counts>,
}

impl Memo {
    /// An empty memo with [`MEMO_INITIAL_STATES`] reserved.
    ///
    /// # Errors
    /// [`OddsError::OutOfMemory`] when the memory cannot be reserved.
    pub fn new() -> Result<Self, OddsError> {
        let mut map = HashMap::new();
        map.try_reserve(MEMO_INITIAL_STATES).map_err(|_| out_of_memory(MEMO_INITIAL_STATES, 0))?;
        Ok(Self { map })
    }
}

/// The error for failing to grow the memo to `needed` states from `capacity`.
const fn out_of_memory(wanted: usize, stored: usize) -> OddsError {
    OddsError::OutOfMemory { wanted, stored }
}

impl Cache for Memo {
    #[inline]
    fn get(&mut self, key: u128) -> Option<Counts> {
        self.map.get(&key).copied()
    }

    #[inline]
    fn put(&mut self, key: u128, _alive: u32, counts: Counts) -> Result<(), OddsError> {
        let len = self.map.len();
        if len >= self.map.capacity() {
            if len >= MEMO_CAPACITY {
                return Ok(());
            }
            self.map.try_reserve(len).map_err(|_| out_of_memory(2 * len, len))?;
        }
        self.map.insert(key, counts);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_exactly_and_grows() {
        let mut memo = Memo::new().unwrap();
        assert!(memo.map.capacity() >= MEMO_INITIAL_STATES);
        for key in 1..=(MEMO_INITIAL_STATES as u128 + 10) {
            memo.put(key, 2, Counts { alice: key, bob: 0 }).unwrap();
        }
        assert_eq!(memo.get(7), Some(Counts { alice: 7, bob: 0 }));
        assert_eq!(memo.get(0), None);
        assert!(memo.map.len() > MEMO_INITIAL_STATES);
    }
}
