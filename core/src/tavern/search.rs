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
//!
//! # The endgame in one word
//! The states never cached (fewer than `min_alive` ≤ [`MAX_MIN_ALIVE`] minions alive, so at most
//! four) are most of the nodes searched. Their `K` is at most 3 and `420^3 < 2^27`, so by the
//! bound above both counts and every partial sum fit in 32 bits: the endgame keeps them in one
//! `u64` (Alice's count in the low half, Bob's in the high half, [`Packed`]), where a sum or a
//! product by `420 / t` is one instruction and never carries from one half into the other
//! (`endgame_counts_fit_a_half`). The same expansion ([`Search::expand`]) serves both, generic
//! over the [`Tally`] it adds up.
//!
//! # Near states in two words
//! A state with at most [`NEAR_MAX_ALIVE`] = 8 minions alive has `K ≤ 7` and `420^7 < 2^64`:
//! its counts, and every partial sum, fit a `u64` each ([`Near`]), and so do those of all the
//! states below it (fewer alive). The search is generic over the [`Width`] of a state's counts:
//! a far state (more alive) adds `u128`s, a near one `u64`s, returned in two registers instead
//! of through memory; each width has its own part of the cache, so a lookup needs no count
//! of the key's bits to choose it. With a cache that cannot fail (the fixed table's error is
//! `Infallible`), a search returns no error at all. Both widths are one [`Pair`] type, generic
//! over its integer. `tavern_states.in` on one thread: 727.1 -> 653.3 M instructions with the
//! fixed table, 325.9 -> 303.0 M with the memo (with the cached lookup inlined into the
//! parent's loop, [`Search::expand_and_offer`] called on a miss only).

use super::state::{RankTable, State, DEAD};
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
const SHARE: [u32; 8] = [0, 420, 210, 140, 105, 84, 70, 60];

/// The largest `min_alive` a search takes: the states it never caches (fewer minions alive)
/// have at most 4 alive, so their counts fit a [`Packed`] word.
pub(super) const MAX_MIN_ALIVE: u32 = 5;

/// The most minions alive in a state whose counts fit a `u64`: at most 7 attacks left, and
/// `420^7 < 2^64` (see the module docs). The memo and the fixed table store such states' counts
/// in two words.
pub(super) const NEAR_MAX_ALIVE: u32 = 8;

/// The two counts of an endgame state (at most 4 minions alive, scale at most `420^3 < 2^27`):
/// Alice's in bits 0..32, Bob's in bits 32..64 (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Packed(u64);

/// What [`Search::expand`] adds up over a state's children: the state's counts in some
/// representation.
trait Tally: Copy {
    /// No win for either side.
    const ZERO: Self;
    /// The counts of a finished battle (a side is empty).
    fn finished(state: &State) -> Self;
    /// The sum of two children's counts.
    fn plus(self, other: Self) -> Self;
    /// `share · (one + 420 · both)`: the parent's counts from its children's sums.
    fn parent(one: Self, both: Self, share: u32) -> Self;
}

/// The scale `420^(count - 1)` of a side that won with `count` minions alive (zero for none).
#[inline]
fn winner_scale(count: u8) -> u128 {
    POW420.get(usize::from(count).saturating_sub(1)).copied().unwrap_or(0)
}

impl Tally for Packed {
    const ZERO: Self = Self(0);

    #[inline]
    fn finished(state: &State) -> Self {
        // At most 4 minions alive: a winner's scale is at most 420^3 (see `Packed`).
        debug_assert!(state.alive() < MAX_MIN_ALIVE, "an endgame state has at most 4 minions alive");
        let scale = |count: u8| u64::try_from(winner_scale(count)).unwrap_or(0);
        match (state.sides[0].count, state.sides[1].count) {
            (0, 0) => Self(0),
            (alice, 0) => Self(scale(alice)),
            (_, bob) => Self(scale(bob) << 32),
        }
    }

    #[inline]
    fn plus(self, other: Self) -> Self {
        Self(self.0 + other.0)
    }

    #[inline]
    fn parent(one: Self, both: Self, share: u32) -> Self {
        Self((one.0 + 420 * both.0) * u64::from(share))
    }
}

/// Alice's and Bob's counts of a state (see the module docs), in one integer type: [`Counts`]
/// for any state, [`Near`] for a near one. The tie count is implicit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Pair<W> {
    /// Alice wins.
    pub alice: W,
    /// Bob wins.
    pub bob: W,
}

/// The outcome of a state, scaled by `420^K` (see the module docs).
pub(super) type Counts = Pair<u128>;

/// The counts of a near state, at most [`NEAR_MAX_ALIVE`] minions alive: at most 7 attacks
/// left, so both counts, and by the module's bound every partial sum, are at most
/// `420^7 < 2^64`. Most states searched are near ones (94 % of those stored on
/// `tavern_states.in`); their search adds and multiplies `u64`s and returns its counts in two
/// registers, where [`Counts`] take twice the instructions and go through memory.
pub(super) type Near = Pair<u64>;

impl Counts {
    /// No win for either side (a tie, or nothing yet).
    pub const ZERO: Self = Self { alice: 0, bob: 0 };
}

/// The integer type of a [`Pair`]'s counts.
trait Word: Copy + core::ops::Add<Output = Self> + core::ops::Mul<Output = Self> + From<u32> + TryFrom<u128> {
    /// Zero.
    const ZERO: Self;
}

impl Word for u64 {
    const ZERO: Self = 0;
}

impl Word for u128 {
    const ZERO: Self = 0;
}

impl<W: Word> Tally for Pair<W> {
    const ZERO: Self = Self { alice: W::ZERO, bob: W::ZERO };

    #[inline]
    fn finished(state: &State) -> Self {
        // A winner's scale fits the width: at most 420^7 in a near state (see `Near`).
        let scale = |count: u8| W::try_from(winner_scale(count)).unwrap_or(W::ZERO);
        match (state.sides[0].count, state.sides[1].count) {
            (0, 0) => Self::ZERO,
            (alice, 0) => Self { alice: scale(alice), bob: W::ZERO },
            (_, bob) => Self { alice: W::ZERO, bob: scale(bob) },
        }
    }

    #[inline]
    fn plus(self, other: Self) -> Self {
        Self { alice: self.alice + other.alice, bob: self.bob + other.bob }
    }

    #[inline]
    fn parent(one: Self, both: Self, share: u32) -> Self {
        // `SCALE`, 420, in the width.
        let (scale, share) = (W::from(420), W::from(share));
        Self { alice: (one.alice + scale * both.alice) * share, bob: (one.bob + scale * both.bob) * share }
    }
}

impl<W: Word> From<Packed> for Pair<W> {
    #[inline]
    fn from(packed: Packed) -> Self {
        // Each half is below 2^32 (see `Packed`).
        let half = |bits: u64| W::from(u32::try_from(bits & 0xffff_ffff).unwrap_or(0));
        Self { alice: half(packed.0), bob: half(packed.0 >> 32) }
    }
}

impl From<Near> for Counts {
    #[inline]
    fn from(near: Near) -> Self {
        Self { alice: near.alice.into(), bob: near.bob.into() }
    }
}

/// The width a state's counts are searched in: [`Near`] for a near state, [`Counts`] for the
/// others; each has its own part of the cache.
trait Width: Tally + From<Packed> {
    /// The key of a state of this width: `u64` for a near state, `u128` for the others.
    type Key: Copy + PartialEq + core::fmt::Debug;

    /// The key of `state`, a state of this width, with `mover` to attack.
    fn key(state: &State, mover: usize) -> Self::Key;

    /// The counts `cache` holds for `key`, a state of this width, if any.
    fn cached<C: Cache>(cache: &mut C, key: Self::Key, alive: u32) -> Option<Self>;

    /// Offers `cache` the counts of `key`, a state of this width with `alive` minions alive.
    fn offer<C: Cache>(cache: &mut C, key: Self::Key, alive: u32, counts: Self) -> Result<(), C::Error>;

    /// The counts of `state` with `mover` to attack, a state of this width or a narrower one
    /// (a child of a state of this width), each searched in its own width.
    fn of_state<C: Cache>(search: &mut Search<'_, C>, state: &State, mover: usize) -> Result<Self, C::Error>;
}

impl Width for Near {
    type Key = u64;

    #[inline]
    fn key(state: &State, mover: usize) -> u64 {
        state.near_key(mover)
    }

    #[inline]
    fn cached<C: Cache>(cache: &mut C, key: u64, alive: u32) -> Option<Self> {
        cache.get_near(key, alive)
    }

    #[inline]
    fn offer<C: Cache>(cache: &mut C, key: u64, alive: u32, counts: Self) -> Result<(), C::Error> {
        cache.put_near(key, alive, counts)
    }

    #[inline(always)]
    fn of_state<C: Cache>(search: &mut Search<'_, C>, state: &State, mover: usize) -> Result<Self, C::Error> {
        search.value_in(state, mover)
    }
}

impl Width for Counts {
    type Key = u128;

    #[inline]
    fn key(state: &State, mover: usize) -> u128 {
        state.key(mover)
    }

    #[inline]
    fn cached<C: Cache>(cache: &mut C, key: u128, _alive: u32) -> Option<Self> {
        cache.get_far(key)
    }

    #[inline]
    fn offer<C: Cache>(cache: &mut C, key: u128, alive: u32, counts: Self) -> Result<(), C::Error> {
        cache.put_far(key, alive, counts)
    }

    #[inline(always)]
    fn of_state<C: Cache>(search: &mut Search<'_, C>, state: &State, mover: usize) -> Result<Self, C::Error> {
        if state.alive() <= NEAR_MAX_ALIVE {
            search.value_in::<Near>(state, mover).map(Self::from)
        } else {
            search.value_in(state, mover)
        }
    }
}

/// Where the search looks states up and stores their counts: near states ([`Near`]) and the
/// others ([`Counts`]) apart.
pub(super) trait Cache {
    /// Why a cache may fail to store: [`core::convert::Infallible`] for one that never fails.
    type Error;

    /// The counts stored for `key`, a near state's ([`State::near_key`]) with `alive` minions
    /// alive (which a cache may keep apart by it), if any.
    fn get_near(&mut self, key: u64, alive: u32) -> Option<Near>;

    /// The counts stored for `key`, a state with more than [`NEAR_MAX_ALIVE`] alive, if any.
    fn get_far(&mut self, key: u128) -> Option<Counts>;

    /// Offers the counts of `key`, a near state's ([`State::near_key`]) with `alive` minions alive;
    /// the cache may keep or drop them.
    ///
    /// # Errors
    /// When a growable cache cannot get memory ([`OddsError::OutOfMemory`] for the memo).
    fn put_near(&mut self, key: u64, alive: u32, counts: Near) -> Result<(), Self::Error>;

    /// Offers the counts of `key`, a state with `alive` minions alive, more than
    /// [`NEAR_MAX_ALIVE`]; the cache may keep or drop them.
    ///
    /// # Errors
    /// As [`Cache::put_near`].
    fn put_far(&mut self, key: u128, alive: u32, counts: Counts) -> Result<(), Self::Error>;

    /// The search's error for the cache's.
    fn odds_error(error: Self::Error) -> OddsError;
}

/// A cache behind `&mut dyn` (the page's module, wasm32): one search compiled for the memo and
/// the table (the same answers; a smaller module). The host keeps the cache's own type.
#[cfg(target_arch = "wasm32")]
pub(super) struct Dyn<'c>(pub &'c mut dyn Erased);

/// [`Cache`] with the search's error, callable through `&mut dyn` ([`Dyn`]).
#[cfg(target_arch = "wasm32")]
pub(super) trait Erased {
    /// As [`Cache::get_near`].
    fn get_near(&mut self, key: u64, alive: u32) -> Option<Near>;

    /// As [`Cache::get_far`].
    fn get_far(&mut self, key: u128) -> Option<Counts>;

    /// As [`Cache::put_near`], the error the search's.
    fn put_near(&mut self, key: u64, alive: u32, counts: Near) -> Result<(), OddsError>;

    /// As [`Cache::put_far`], the error the search's.
    fn put_far(&mut self, key: u128, alive: u32, counts: Counts) -> Result<(), OddsError>;
}

#[cfg(target_arch = "wasm32")]
impl<C: Cache> Erased for C {
    fn get_near(&mut self, key: u64, alive: u32) -> Option<Near> {
        Cache::get_near(self, key, alive)
    }

    fn get_far(&mut self, key: u128) -> Option<Counts> {
        Cache::get_far(self, key)
    }

    fn put_near(&mut self, key: u64, alive: u32, counts: Near) -> Result<(), OddsError> {
        Cache::put_near(self, key, alive, counts).map_err(C::odds_error)
    }

    fn put_far(&mut self, key: u128, alive: u32, counts: Counts) -> Result<(), OddsError> {
        Cache::put_far(self, key, alive, counts).map_err(C::odds_error)
    }
}

#[cfg(target_arch = "wasm32")]
impl Cache for Dyn<'_> {
    type Error = OddsError;

    #[inline]
    fn get_near(&mut self, key: u64, alive: u32) -> Option<Near> {
        self.0.get_near(key, alive)
    }

    #[inline]
    fn get_far(&mut self, key: u128) -> Option<Counts> {
        self.0.get_far(key)
    }

    #[inline]
    fn put_near(&mut self, key: u64, alive: u32, counts: Near) -> Result<(), OddsError> {
        self.0.put_near(key, alive, counts)
    }

    #[inline]
    fn put_far(&mut self, key: u128, alive: u32, counts: Counts) -> Result<(), OddsError> {
        self.0.put_far(key, alive, counts)
    }

    fn odds_error(error: OddsError) -> OddsError {
        error
    }
}

/// One search: the rank table (the places of every minion by damage taken, and the ranks for
/// keys), and a cache.
#[derive(Debug)]
pub(super) struct Search<'t, C> {
    ranks: RankTable<'t>,
    cache: C,
    /// States with fewer minions alive are searched without building a key.
    min_alive: u32,
}

impl<'t, C: Cache> Search<'t, C> {
    /// A search of the battle of `ranks` that caches states with at least `min_alive` minions
    /// alive.
    /// `min_alive` is at most [`MAX_MIN_ALIVE`] (a larger one is taken as that).
    pub fn new(ranks: RankTable<'t>, cache: C, min_alive: u32) -> Self {
        Self { ranks, cache, min_alive: min_alive.min(MAX_MIN_ALIVE) }
    }

    /// Fills the places and ranks of a state to search from (see `state`).
    pub fn prepare(&self, state: &mut State) {
        self.ranks.start(state);
    }

    /// The counts of `state` (both sides non-empty, places and ranks up to date) with `mover`
    /// to attack.
    pub fn value(&mut self, state: &State, mover: usize) -> Result<Counts, OddsError> {
        Counts::of_state(self, state, mover).map_err(C::odds_error)
    }

    /// The part of [`Search::value`]'s counts of `state` that its children against the enemies
    /// in `targets` (bits of alive enemy slots) make: all the alive enemies give the state's
    /// counts, and the parts of disjoint sets of targets add up to them. Not cached itself.
    pub fn value_of_targets(&mut self, state: &State, mover: usize, targets: u8) -> Result<Counts, OddsError> {
        let counts = if state.alive() <= NEAR_MAX_ALIVE {
            self.expand(state, mover, targets, |search, child, exchange| {
                search.child_value::<Near>(child, mover, exchange)
            })
            .map(Counts::from)
        } else {
            self.expand(state, mover, targets, |search, child, exchange| {
                search.child_value::<Counts>(child, mover, exchange)
            })
        };
        counts.map_err(C::odds_error)
    }

    /// The counts of `state` (both sides non-empty, places and ranks up to date) with `mover`
    /// to attack, a state of width `T`: from the cache, or expanded and offered to it.
    ///
    /// Inlined into the parent's loop: a cached state costs no call, and on the Arm boards one
    /// frame less a level (`microbit`: 6.4 against 7.5 KiB of stack). Not on RISC-V, where one
    /// copy keeps the self-check image 0.5 KiB smaller (126.9 of its 128 KiB now), takes 1 %
    /// fewer instructions and 0.2 KiB less stack (`scripts/firmware-size.sh`,
    /// `scripts/firmware-table.sh`).
    #[cfg_attr(not(target_arch = "riscv32"), inline(always))]
    fn value_in<T: Width>(&mut self, state: &State, mover: usize) -> Result<T, C::Error> {
        let alive = state.alive();
        if alive < self.min_alive {
            return Ok(self.endgame(state, mover).into());
        }
        let key = T::key(state, mover);
        debug_assert_eq!(key, T::key(&self.ranks.fresh(state), mover), "a kept rank differs from its damage set's");
        if let Some(counts) = T::cached(&mut self.cache, key, alive) {
            return Ok(counts);
        }
        self.expand_and_offer(state, mover, key, alive)
    }

    /// The counts of `state`, not in the cache, from its children; offered to the cache as
    /// those of `key`.
    #[inline(never)]
    fn expand_and_offer<T: Width>(
        &mut self,
        state: &State,
        mover: usize,
        key: T::Key,
        alive: u32,
    ) -> Result<T, C::Error> {
        // Every enemy: `expand` attacks the alive ones among the targets.
        let counts = self
            .expand(state, mover, u8::MAX, |search, child, exchange| search.child_value::<T>(child, mover, exchange))?;
        T::offer(&mut self.cache, key, alive, counts)?;
        Ok(counts)
    }

    /// The counts of `child`, made from a state of width `T` with `mover` to attack by
    /// `exchange`.
    #[inline(always)]
    fn child_value<T: Width>(&mut self, child: &mut State, mover: usize, exchange: Exchange) -> Result<T, C::Error> {
        // A child with fewer minions alive than `min_alive` is never keyed, nor is anything
        // below it: its ranks may go stale.
        if child.alive() >= self.min_alive {
            self.ranks.exchanged(child, mover & 1, exchange.attacker, exchange.target);
        }
        T::of_state(self, child, mover ^ 1)
    }

    /// The counts of an endgame state (fewer than `min_alive` minions alive, both sides
    /// non-empty; its ranks are not kept), searched without a cache in [`Packed`] words; a
    /// duel ([`Search::duel`]) in closed form.
    fn endgame(&mut self, state: &State, mover: usize) -> Packed {
        if state.alive() == 2 {
            return self.duel(state, mover);
        }
        let Ok(counts) = self.expand(state, mover, u8::MAX, |search, child, _| {
            Ok::<_, core::convert::Infallible>(search.endgame(child, mover ^ 1))
        });
        counts
    }

    /// The counts of a duel, a state of one minion against one, with `mover` to attack: the
    /// exchange ends the battle, so [`Search::expand`]'s one child is finished: 420 (`420/1`
    /// times the winner's scale `420^0`) for the side whose minion survives, nothing for a tie
    /// (both die; every exchange kills at least one). Expanding them took 3 % of the fixed
    /// table's instructions on `tavern_states.in` (806.7 against 780.9 M).
    #[inline(always)]
    fn duel(&self, state: &State, mover: usize) -> Packed {
        let me = mover & 1;
        let foe = me ^ 1;
        let mine = state.sides[me].next_attacker();
        let theirs = state.sides[foe].alive.trailing_zeros() as usize & 7;
        let i_survive = self.ranks.place_after(state, me, mine, theirs) != DEAD;
        let they_survive = self.ranks.place_after(state, foe, theirs, mine) != DEAD;
        // Alice's count in the low half, Bob's in the high half (`Packed`).
        // A branch, not `420 << (32 * side)`: LLVM compiles that shift wrong for 32-bit Arm
        // (rustc 1.95, Cortex-M4: `420u64 << 0` came out as `420 | 420 << 32`, the firmware
        // refused `sample-2.in` as an overflow; tests/firmware.rs runs it on every board).
        let win = |side: usize| if side == 0 { Packed(420) } else { Packed(420 << 32) };
        match (i_survive, they_survive) {
            (true, false) => win(me),
            (false, true) => win(foe),
            _ => Packed(0),
        }
    }

    /// The counts of `state` from its children: the attacker against every alive enemy among
    /// `targets` (bits of slots: all of them for the state's counts), each child not finished
    /// valued by `child_value` (given the child and the exchange that made it; it may bring the
    /// child's ranks up to date).
    #[inline(always)]
    fn expand<T: Tally, E>(
        &mut self,
        state: &State,
        mover: usize,
        targets: u8,
        mut child_value: impl FnMut(&mut Self, &mut State, Exchange) -> Result<T, E>,
    ) -> Result<T, E> {
        let me = mover & 1;
        let foe = me ^ 1;
        let attacker = state.sides[me].next_attacker();
        let (mut one_died, mut both_died) = (T::ZERO, T::ZERO);
        let mut targets = targets & state.sides[foe].alive;
        while targets != 0 {
            let target = targets.trailing_zeros() as usize & 7;
            targets &= targets - 1;
            let mut child = *state;
            let (attacker_died, target_died) = self.ranks.exchange(&mut child, me, attacker, target);
            let counts = if child.sides[me].count == 0 || child.sides[foe].count == 0 {
                T::finished(&child)
            } else {
                child_value(
                    self,
                    &mut child,
                    Exchange { attacker: (attacker, attacker_died), target: (target, target_died) },
                )?
            };
            if attacker_died && target_died {
                both_died = both_died.plus(counts);
            } else {
                one_died = one_died.plus(counts);
            }
        }
        Ok(T::parent(one_died, both_died, SHARE[usize::from(state.sides[foe].count) & 7]))
    }
}

/// One exchange of an expansion: the attacker's and the target's slots and whether each died.
#[derive(Clone, Copy, Debug)]
struct Exchange {
    attacker: (usize, bool),
    target: (usize, bool),
}

/// Keys for the caches' unit tests (`memo`, `table`).
#[cfg(test)]
pub(super) mod test_keys {
    /// A key with the first `alive` minions alive and `tag` in its rank bits.
    pub fn key(alive: u32, tag: u128) -> u128 {
        (u128::from((1u16 << alive) - 1) << 1) | tag << 29
    }

    /// [`key`] of a near state, as the search gives it to the cache.
    pub fn near(alive: u32, tag: u128) -> u64 {
        u64::try_from(key(alive, tag)).unwrap()
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
        for t in 1..=7u32 {
            assert_eq!(u128::from(SHARE[t as usize] * t), SCALE);
        }
    }

    #[test]
    fn near_counts_fit_u64() {
        // A state with NEAR_MAX_ALIVE alive has at most NEAR_MAX_ALIVE - 1 attacks left.
        assert!(POW420[NEAR_MAX_ALIVE as usize - 1] <= u128::from(u64::MAX));
    }

    #[test]
    fn duels_in_closed_form_are_the_expansion_and_the_rules() {
        use crate::tavern::state::{Side, RANK_TABLE_WORDS};
        let mut words = [0u32; RANK_TABLE_WORDS];
        let values = [[5, 9, 4, 0, 0, 0, 0, 0], [3, 7, 2, 0, 0, 0, 0, 0]];
        let ranks = RankTable::build(&mut words, &values, [3, 3]).unwrap();
        let mut search = Search::new(ranks, crate::tavern::table::FixedTable::new(&mut []), 4);
        let mut checked = 0;
        for (alice, bob) in (0..3).flat_map(|alice| (0..3).map(move |bob| (alice, bob))) {
            // A lone minion's damage set: any of the other (dead) enemies whose attacks it
            // survived, together.
            for taken in (0..8u8).flat_map(|alice_taken| (0..8u8).map(move |bob_taken| [alice_taken, bob_taken])) {
                // Only dead enemies' attacks are taken.
                if taken[0] >> bob & 1 == 1 || taken[1] >> alice & 1 == 1 {
                    continue;
                }
                let health = |side: usize, slot: usize| {
                    let enemy = &values[side ^ 1];
                    let damage: u32 = (0..3).filter(|e| taken[side] >> e & 1 == 1).map(|e| enemy[e]).sum();
                    values[side][slot].checked_sub(damage).filter(|&h| h > 0)
                };
                let (Some(alice_health), Some(bob_health)) = (health(0, alice), health(1, bob)) else { continue };
                for mover in 0..2 {
                    let mut state = State { sides: [Side::new(3), Side::new(3)] };
                    for (side, slot) in [(0, alice), (1, bob)] {
                        let board = &mut state.sides[side];
                        // A lone minion's attacked set is empty (a new cycle).
                        (board.alive, board.attacked, board.count) = (1 << slot, 0, 1);
                        board.taken[slot] = taken[side];
                    }
                    let Ok(expanded) = search.expand(&state, mover, u8::MAX, |_, _, _| {
                        Err::<Packed, _>("a duel's child is always finished")
                    }) else {
                        panic!("a duel's child was not finished: {state:?}");
                    };
                    let duel = search.duel(&state, mover);
                    assert_eq!(duel, expanded, "{state:?}, mover {mover}");
                    // The rules, literally: a minion survives a blow below its health.
                    let alice_survives = alice_health > values[1][bob];
                    let bob_survives = bob_health > values[0][alice];
                    let literal = match (alice_survives, bob_survives) {
                        (true, false) => Packed(420),
                        (false, true) => Packed(420 << 32),
                        _ => Packed(0),
                    };
                    assert_eq!(duel, literal, "{state:?}, mover {mover}");
                    checked += 1;
                }
            }
        }
        assert!(checked >= 70, "{checked}");
    }

    #[test]
    fn endgame_counts_fit_a_half() {
        // An endgame state has at most 4 minions alive (`MAX_MIN_ALIVE`), so `K <= 3`: its
        // counts, and by the module's bound every partial sum, are at most 420^3.
        assert_eq!(MAX_MIN_ALIVE, 5);
        assert!(POW420[3] < 1 << 27);
        // Every partial sum is at most t · 420^(K - 1) <= 7 · 420^2, below 420^3.
        assert!(7 * POW420[2] <= POW420[3]);
        let top = u64::try_from(POW420[3]).unwrap();
        let max = Packed(top | top << 32);
        assert_eq!(Counts::from(max), Counts { alice: POW420[3], bob: POW420[3] });
    }
}
