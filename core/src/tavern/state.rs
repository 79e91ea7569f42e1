//! The search state of a battle, its exact canonical key, and the subset-sum table behind it.
//!
//! # What a state needs (and why)
//! - Per minion: alive or dead, and its current health.
//! - Per side: which alive minions have already attacked in the current *cycle*. A side attacks
//!   with its alive minion of fewest attacks, leftmost among ties, and each attack adds one to
//!   the attacker's count, so the counts of a side's alive minions are always `c` or `c + 1`
//!   (deaths only remove minions). Which minion attacks next depends only on the set at `c + 1`;
//!   when every alive minion is at `c + 1` the set is empty again (a new cycle).
//! - Whose turn it is.
//!
//! # Canonical health
//! Every exchange kills at least one of the two minions, so a minion survives each enemy at
//! most once, and the damage it can still take before it dies is the sum of the attacks of some
//! subset of the *alive* enemies. With `H` the sorted distinct non-empty subset sums of the alive
//! enemies' attacks, a minion of health `h` dies after exactly the same sequences of exchanges
//! as a minion of health `h' = min{s ∈ H : s ≥ h}` (no sum lies in `[h, h')`), or never dies
//! if no sum reaches `h`. So the key stores `rank = |{s ∈ H : s < h}|`, which is in `0..=127`
//! (7 bits: at most 127 non-empty subsets of 7 enemies), `|H|` meaning "cannot die". When the
//! minion survives an exchange with enemy `e` (which then dies), `h - attack(e)` against the
//! enemies without `e` ranks consistently, because `sum(S) ≥ h - attack(e)` exactly when
//! `sum(S ∪ {e}) ≥ h`; the rank is recomputed against the current alive set whenever a key is
//! built, so it never depends on how the state was reached.
//!
//! Healths never exceed [`MAX_VALUE`], so subset sums are clamped to it: that changes no rank
//! and keeps every sum in a `u32` word.
//!
//! # The key (127 bits, exact)
//! Bit 0: the side to move; bits 1..8 and 8..15: Alice's and Bob's alive masks; bits 15..22
//! and 22..29: their "attacked this cycle" masks; then 7 bits of rank per minion slot
//! (`29 + 7·(7·side + slot)`, zero for dead slots). Two states with the same key have the same
//! outcome probabilities; the key is stored whole, so no hash collision can mix two states.

use super::{MAX_MINIONS, MAX_VALUE};

/// `u32` words of the subset-sum table: per side 128 mask descriptors and at most
/// `3^7 - 2^7 = 2059` sums (the non-empty subsets of every subset of 7 minions): 17 496 bytes.
pub const RANK_TABLE_WORDS: usize = 2 * SIDE_WORDS;
/// Words of one side's part of the rank table.
const SIDE_WORDS: usize = MASKS + SUMS_PER_SIDE;
/// Subsets of one side's minions.
const MASKS: usize = 1 << MAX_MINIONS;
/// `Σ_M (2^|M| - 1)` over the 128 masks `M`.
const SUMS_PER_SIDE: usize = 2059;
/// Where the rank bits start in a key.
const RANK_SHIFT: u32 = 29;
/// Bits per rank.
const RANK_BITS: u32 = 7;
/// Where Bob's ranks start: after Alice's seven.
const BOB_RANK_SHIFT: u32 = RANK_SHIFT + 7 * RANK_BITS;

/// One side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(super) struct Side {
    /// Current health per slot (slot 7 is never used; the array has 8 entries so that a slot
    /// index masked with `& 7` can never be out of bounds).
    pub health: [u32; 8],
    /// Alive slots.
    pub alive: u8,
    /// Alive slots that already attacked in this cycle; never equal to `alive` unless empty.
    pub attacked: u8,
    /// Number of alive slots.
    pub count: u8,
}

impl Side {
    /// A side of `size` fresh minions with attacks `values` (health = attack).
    pub fn new(values: &[u32; 8], size: usize) -> Self {
        let size = size.min(MAX_MINIONS);
        let alive = u8::try_from((1u16 << size) - 1).unwrap_or(0);
        Self { health: *values, alive, attacked: 0, count: u8::try_from(size).unwrap_or(0) }
    }

    /// The slot that attacks next: the leftmost alive one that has not attacked this cycle.
    #[inline]
    pub fn next_attacker(&self) -> usize {
        (self.alive & !self.attacked).trailing_zeros() as usize & 7
    }

    /// Takes `damage` on `slot`; returns whether the minion died (then it is removed).
    #[inline]
    pub fn hit(&mut self, slot: usize, damage: u32) -> bool {
        let health = self.health[slot & 7].saturating_sub(damage);
        self.health[slot & 7] = health;
        if health == 0 {
            let bit = 1u8 << (slot & 7);
            self.alive &= !bit;
            self.attacked &= !bit;
            self.count = self.count.saturating_sub(1);
            self.new_cycle_if_done();
        }
        health == 0
    }

    /// Records that `slot` attacked (if still alive) and starts a new cycle when every alive
    /// minion has attacked.
    #[inline]
    pub fn note_attack(&mut self, slot: usize) {
        self.attacked |= (1u8 << (slot & 7)) & self.alive;
        self.new_cycle_if_done();
    }

    /// Empties the attacked set once it holds every alive minion.
    #[inline]
    pub fn new_cycle_if_done(&mut self) {
        if self.attacked == self.alive {
            self.attacked = 0;
        }
    }
}

/// Both sides; index 0 is Alice, 1 is Bob.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(super) struct State {
    /// Alice's and Bob's boards.
    pub sides: [Side; 2],
}

impl State {
    /// Minions alive on both sides.
    #[inline]
    pub fn alive(&self) -> u32 {
        u32::from(self.sides[0].count) + u32::from(self.sides[1].count)
    }
}

/// Per side and per subset of its minions, the sorted distinct non-empty subset sums of their
/// attacks (clamped to [`MAX_VALUE`]), in [`RANK_TABLE_WORDS`] caller-provided words.
#[derive(Debug)]
pub(super) struct RankTable<'w> {
    words: &'w [u32],
}

impl<'w> RankTable<'w> {
    /// Fills `words` (at least [`RANK_TABLE_WORDS`] long) for the two sides' attack values
    /// (`values[side][slot]`, `sizes[side]` minions each).
    pub fn build(words: &'w mut [u32], values: &[[u32; 8]; 2], sizes: [usize; 2]) -> Self {
        let (alice, rest) = words.split_at_mut(SIDE_WORDS.min(words.len()));
        let bob = rest.get_mut(..SIDE_WORDS).unwrap_or_default();
        Self::build_side(alice, &values[0], sizes[0]);
        Self::build_side(bob, &values[1], sizes[1]);
        Self { words }
    }

    /// One side's descriptors (`offset | len << 16`) and sums.
    fn build_side(words: &mut [u32], values: &[u32; 8], size: usize) {
        let masks = 1usize << size.min(MAX_MINIONS);
        let mut sums = [0u32; MASKS];
        for mask in 1..masks {
            let low = mask.trailing_zeros() as usize & 7;
            let sum = u64::from(sums[mask & (mask - 1)]) + u64::from(values[low]);
            sums[mask] = u32::try_from(sum.min(u64::from(MAX_VALUE))).unwrap_or(MAX_VALUE);
        }
        let (descriptors, table) = words.split_at_mut(MASKS.min(words.len()));
        let mut offset = 0usize;
        for (mask, descriptor) in descriptors.iter_mut().enumerate() {
            let mut list = [0u32; MASKS];
            let mut len = 0usize;
            if mask < masks {
                let mut sub = mask;
                while sub != 0 {
                    list[len] = sums[sub];
                    len += 1;
                    sub = (sub - 1) & mask;
                }
            }
            let list = &mut list[..len];
            list.sort_unstable();
            let len = dedup_sorted(list);
            if let Some(dest) = table.get_mut(offset..offset + len) {
                dest.copy_from_slice(&list[..len]);
            }
            *descriptor = u32::try_from(offset | len << 16).unwrap_or(0);
            offset += len;
        }
    }

    /// The sorted distinct subset sums of `side`'s minions in `mask`.
    #[inline]
    fn sums(&self, side: usize, mask: u8) -> &[u32] {
        let base = (side & 1) * SIDE_WORDS;
        let descriptor = self.words.get(base + usize::from(mask)).copied().unwrap_or(0);
        let start = base + MASKS + (descriptor & 0xffff) as usize;
        let len = (descriptor >> 16) as usize;
        self.words.get(start..start + len).unwrap_or_default()
    }

    /// The exact canonical key of `state` with `mover` to play (see the module docs).
    pub fn key(&self, state: &State, mover: usize) -> u128 {
        let [alice, bob] = &state.sides;
        let mut key = (mover & 1) as u128
            | u128::from(alice.alive) << 1
            | u128::from(bob.alive) << 8
            | u128::from(alice.attacked) << 15
            | u128::from(bob.attacked) << 22;
        for (side, shift) in [(0usize, RANK_SHIFT), (1, BOB_RANK_SHIFT)] {
            let board = &state.sides[side];
            let enemy_sums = self.sums(side ^ 1, state.sides[side ^ 1].alive);
            let mut slots = board.alive;
            while slots != 0 {
                let slot = slots.trailing_zeros();
                slots &= slots - 1;
                let health = board.health[slot as usize & 7];
                let rank = enemy_sums.partition_point(|&sum| sum < health) as u128;
                key |= rank << (shift + RANK_BITS * slot);
            }
        }
        key
    }
}

/// Removes adjacent duplicates of a sorted slice in place; returns the new length.
fn dedup_sorted(list: &mut [u32]) -> usize {
    let mut len = 0usize;
    for i in 0..list.len() {
        if len == 0 || list[i] != list[len - 1] {
            list[len] = list[i];
            len += 1;
        }
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(list: &[u32]) -> [u32; 8] {
        let mut v = [0u32; 8];
        v[..list.len()].copy_from_slice(list);
        v
    }

    #[test]
    fn the_sum_table_fits_its_stated_size() {
        // Σ over masks of (2^|M| - 1) = 3^7 - 2^7.
        let total: usize = (0..MASKS).map(|m| (1usize << m.count_ones()) - 1).sum();
        assert_eq!(total, SUMS_PER_SIDE);
        assert_eq!(RANK_SHIFT + RANK_BITS * 14, 127);
    }

    #[test]
    fn sums_are_sorted_distinct_and_clamped() {
        let mut words = [0u32; RANK_TABLE_WORDS];
        let v = [values(&[3, 4, 1, 999_999_999, 2]), values(&[5; 7])];
        let table = RankTable::build(&mut words, &v, [5, 7]);
        assert_eq!(table.sums(0, 0b111), &[1, 3, 4, 5, 7, 8]);
        assert_eq!(table.sums(0, 0b1_1000), &[2, 999_999_999, MAX_VALUE]);
        assert_eq!(table.sums(1, 0x7f), &[5, 10, 15, 20, 25, 30, 35]);
        assert!(table.sums(0, 0).is_empty());
    }

    #[test]
    fn equivalent_healths_share_a_key() {
        let mut words = [0u32; RANK_TABLE_WORDS];
        let v = [values(&[10]), values(&[3, 4])];
        let table = RankTable::build(&mut words, &v, [1, 2]);
        let mut state = State { sides: [Side::new(&v[0], 1), Side::new(&v[1], 2)] };
        // Enemy sums {3, 4, 7}: healths 5..=7 all need the pair; 8 and more cannot die.
        state.sides[0].health[0] = 5;
        let five = table.key(&state, 0);
        state.sides[0].health[0] = 7;
        assert_eq!(table.key(&state, 0), five);
        state.sides[0].health[0] = 4;
        assert_ne!(table.key(&state, 0), five);
        state.sides[0].health[0] = 8;
        let eight = table.key(&state, 0);
        state.sides[0].health[0] = 10;
        assert_eq!(table.key(&state, 0), eight);
        assert_ne!(table.key(&state, 1), eight);
    }
}
