//! The depth-first search over the game tree with exact integer counts, generic over the cache
//! of states it consults ([`Cache`]).
//!
//! # Exact counts and why they fit in `u128`
//! A state with `a` minions alive has at most `K = max(a - 1, 0)` attacks left (each attack
//! kills at least one minion and the battle stops when a side is empty). Its outcome is returned
//! as counts scaled by `420^K` (`420 = lcm(1..=7)`): `alice / 420^K` is the probability that
//! Alice wins, `bob / 420^K` that Bob wins, and the tie is the rest, `420^K - alice - bob`
//! (never stored). A child reached by one of `t` equally likely targets, with `K'` attacks left,
//! contributes `(420 / t) · 420^(K - 1 - K') · child`, where `K - 1 - K'` is 0 when one minion
//! died and 1 when both did (a child where both sides are empty is a tie: its counts are zero,
//! whatever its scale). So a state's counts are `(420 / t) · (Σ_one + 420 · Σ_both)`.
//!
//! Bound: every count is at most its scale `420^K`, and every partial sum above is at most
//! `t · 420^(K-1)` before the final product, so no intermediate value exceeds `420^K`. The
//! largest `K` is 13 (7 against 7), and `2 · 420^13 < 2^115` (the root adds the two equally
//! likely first movers when the sides are even), so plain `u128` arithmetic cannot overflow;
//! the unit test `counts_fit_u128` checks the figures.

use super::state::{RankTable, State};
use super::OddsError;

/// `lcm(1..=7)`: every `1 / t` with `t ≤ 7` targets is a whole number of 420ths.
pub(super) const SCALE: u128 = 420;

/// `420^k` for `k` in `0..=13`, the scales of states with `k + 1` minions alive.
pub(super) const POW420: [u128; 14] = {
    let mut table = [1u128; 14];
    let mut k = 1;
    while k < table.len() {
        table[k] = table[k - 1] * SCALE;
        k += 1;
    }
    table
};

/// `420 / t` for `t` targets (index 0 is never used).
const SHARE: [u128; 8] = [0, 420, 210, 140, 105, 84, 70, 60];

/// The outcome of a state, scaled by `420^K` (see the module docs); the tie count is implicit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Counts {
    /// Alice wins.
    pub alice: u128,
    /// Bob wins.
    pub bob: u128,
}

impl Counts {
    /// No win for either side (a tie, or nothing yet).
    pub const ZERO: Self = Self { alice: 0, bob: 0 };

    /// The counts of a finished battle: the side with minions left wins all of its scale.
    #[inline]
    fn finished(state: &State) -> Self {
        let scale = |count: u8| POW420.get(usize::from(count).saturating_sub(1)).copied().unwrap_or(0);
        match (state.sides[0].count, state.sides[1].count) {
            (0, 0) => Self::ZERO,
            (alice, 0) => Self { alice: scale(alice), bob: 0 },
            (_, bob) => Self { alice: 0, bob: scale(bob) },
        }
    }

    #[inline]
    fn add(&mut self, other: Self) {
        self.alice += other.alice;
        self.bob += other.bob;
    }
}

/// Where the search looks states up and stores their counts.
pub(super) trait Cache {
    /// The counts stored for `key`, if any.
    fn get(&mut self, key: u128) -> Option<Counts>;

    /// Offers the counts of `key`, a state with `alive` minions alive; the cache may keep or
    /// drop them.
    ///
    /// # Errors
    /// [`OddsError::OutOfMemory`] when a growable cache cannot get memory.
    fn put(&mut self, key: u128, alive: u32, counts: Counts) -> Result<(), OddsError>;
}

/// One search: the battle's attack values, the rank table for keys, and a cache.
#[derive(Debug)]
pub(super) struct Search<'t, C> {
    values: [[u32; 8]; 2],
    ranks: RankTable<'t>,
    cache: C,
    /// States with fewer minions alive are searched without building a key.
    min_alive: u32,
}

impl<'t, C: Cache> Search<'t, C> {
    /// A search over `values` that caches states with at least `min_alive` minions alive.
    pub fn new(values: [[u32; 8]; 2], ranks: RankTable<'t>, cache: C, min_alive: u32) -> Self {
        Self { values, ranks, cache, min_alive }
    }

    /// Fills the places and ranks of a state to search from (see `state`).
    pub fn prepare(&self, state: &mut State) {
        self.ranks.start(state);
    }

    /// The counts of `state` (both sides non-empty, places and ranks up to date) with `mover`
    /// to attack.
    pub fn value(&mut self, state: &State, mover: usize) -> Result<Counts, OddsError> {
        let alive = state.alive();
        if alive < self.min_alive {
            return self.expand(state, mover);
        }
        let key = state.key(mover);
        debug_assert_eq!(key, self.ranks.fresh_key(state, mover), "a kept rank differs from its health's");
        if let Some(counts) = self.cache.get(key) {
            return Ok(counts);
        }
        let counts = self.expand(state, mover)?;
        self.cache.put(key, alive, counts)?;
        Ok(counts)
    }

    /// The counts of `state` from its children: the attacker against every alive target.
    #[inline]
    fn expand(&mut self, state: &State, mover: usize) -> Result<Counts, OddsError> {
        let me = mover & 1;
        let foe = me ^ 1;
        let attacker = state.sides[me].next_attacker();
        let attack = self.values[me][attacker];
        let (mut one_died, mut both_died) = (Counts::ZERO, Counts::ZERO);
        let mut targets = state.sides[foe].alive;
        while targets != 0 {
            let target = targets.trailing_zeros() as usize & 7;
            targets &= targets - 1;
            let mut child = *state;
            let attacker_died = child.sides[me].hit(attacker, self.values[foe][target]);
            child.sides[me].note_attack(attacker);
            let target_died = child.sides[foe].hit(target, attack);
            let counts = if child.sides[me].count == 0 || child.sides[foe].count == 0 {
                Counts::finished(&child)
            } else {
                // A child with fewer minions alive than `min_alive` is never keyed, nor is
                // anything below it: its ranks may go stale.
                if child.alive() >= self.min_alive {
                    self.ranks.exchanged(&mut child, me, (attacker, attacker_died), (target, target_died));
                }
                self.value(&child, foe)?
            };
            if attacker_died && target_died {
                both_died.add(counts);
            } else {
                one_died.add(counts);
            }
        }
        let share = SHARE[usize::from(state.sides[foe].count) & 7];
        Ok(Counts {
            alice: (one_died.alice + SCALE * both_died.alice) * share,
            bob: (one_died.bob + SCALE * both_died.bob) * share,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_fit_u128() {
        assert_eq!(POW420[13], 420u128.pow(13));
        assert!(2 * POW420[13] < 1u128 << 115);
        // The largest product formed: SCALE · Σ_both · share stays within the parent's scale.
        assert!(POW420[13].checked_mul(2).is_some());
        for t in 1..=7u128 {
            assert_eq!(SHARE[t as usize] * t, SCALE);
        }
    }
}
