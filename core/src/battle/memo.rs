//! The heap memo of the `alloc` strategy: every expanded state's exact outcome in a
//! `hashbrown::HashMap` under its exact key, grown with `try_reserve` so that running out of
//! memory is an error, and capped at [`MEMO_BYTES`] of table: past that, new states are still
//! searched exactly but no longer stored (the step limit bounds the time).

use hashbrown::HashMap;

use super::outcome::Outcome;
use super::search::{Cache, Key};
use super::SearchError;

/// States reserved before the search starts: 512 buckets. Few, because a state's place is its
/// hash: a small fight touches most pages of whatever is reserved (3 584 states took
/// `typical-01` 45 more page faults, 0.1 ms of its 1.8; the largest fights the same time).
pub const MEMO_INITIAL_STATES: usize = 448;
/// The most bytes of entries the memo grows to (keys and outcomes; hashbrown adds a control
/// byte a bucket and keeps at most 7/8 of them full): 32 MiB, so 48 MiB while the last
/// doubling copies.
pub const MEMO_BYTES: usize = 32 << 20;

/// The memo: exact keys to exact outcomes.
#[derive(Debug)]
pub(super) struct Memo<K, N> {
    map: HashMap<K, Outcome<N>>,
    /// The most states stored: 7/8 of the largest power-of-two buckets within [`MEMO_BYTES`].
    capacity: usize,
}

impl<K: Key, N> Memo<K, N> {
    /// An empty memo with [`MEMO_INITIAL_STATES`] reserved.
    ///
    /// # Errors
    /// [`SearchError::OutOfMemory`] when the memory cannot be reserved.
    pub fn new() -> Result<Self, SearchError> {
        let entry = size_of::<(K, Outcome<N>)>() + 1;
        let buckets = (MEMO_BYTES / entry).checked_next_power_of_two().map_or(1, |b| b / 2).max(8);
        let capacity = buckets / 8 * 7;
        let mut map = HashMap::new();
        let initial = MEMO_INITIAL_STATES.min(capacity);
        map.try_reserve(initial).map_err(|_| SearchError::OutOfMemory { wanted: initial, stored: 0 })?;
        Ok(Self { map, capacity })
    }
}

impl<K: Key, N: Copy> Cache<K, N> for Memo<K, N> {
    #[inline]
    fn get(&mut self, key: &K) -> Option<Outcome<N>> {
        self.map.get(key).copied()
    }

    #[inline]
    fn put(&mut self, key: K, _work: u64, outcome: &Outcome<N>) -> Result<(), SearchError> {
        let len = self.map.len();
        if len >= self.map.capacity() {
            if len >= self.capacity {
                return Ok(());
            }
            let more = len.min(self.capacity - len);
            self.map.try_reserve(more).map_err(|_| SearchError::OutOfMemory { wanted: len + more, stored: len })?;
        }
        self.map.insert(key, *outcome);
        Ok(())
    }
}
