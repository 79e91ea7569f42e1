//! A battle in progress: what each minion has now, one exchange of an attack, and the exact
//! packed key that merges equal states.
//!
//! Minions keep their starting places (bit `i` of every mask is the `i`-th minion from the
//! left): the dead leave the alive mask and the others keep their order, so the left-to-right
//! order of the rules is the order of the bits.
//!
//! # Whose turn it is, as one bit a minion
//! The rules pick the alive minion with attack `> 0` that has taken the fewest turns, leftmost
//! among ties. Counts start equal and only the fewest grows, so the counts of a side's eligible
//! minions are always `k` or `k + 1` (a death removes one, a reborn minion keeps its count):
//! one bit a minion says which (`done`: it has had its turn of this cycle). When every
//! eligible minion of a side is done, all counts are equal again and the bits are cleared, so
//! equal situations have equal bits ([`Side::settle`]).

use super::{Lineup, MAX_MINIONS};

/// One side now: health and the keywords still in effect, bit `i` for minion `i`. A dead
/// minion has health 0 and every bit clear, so equal situations are equal values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Side {
    /// Health left (0 when dead).
    pub health: [u32; MAX_MINIONS],
    /// Alive minions.
    pub alive: u8,
    /// Divine shields not yet popped.
    pub shield: u8,
    /// Venom not yet spent.
    pub venom: u8,
    /// Reborn not yet used.
    pub reborn: u8,
    /// Eligible minions that have had their turn of this cycle (see the module docs).
    pub done: u8,
}

/// Both sides: Alice's (0) and Bob's (1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    /// Alice's and Bob's minions.
    pub sides: [Side; 2],
}

/// The bit of minion `i`.
#[inline]
pub(super) const fn bit(i: usize) -> u8 {
    1 << (i & 7)
}

impl Side {
    /// Side `side` of `board` at the start of the battle.
    pub fn start(board: &Lineup, side: usize) -> Self {
        let cards = &board.sides[side];
        Self {
            health: cards.health,
            alive: cards.all,
            shield: cards.shield,
            venom: cards.venomous,
            reborn: cards.reborn,
            done: 0,
        }
    }

    /// Clears the turn bits when no eligible minion (alive, attack `> 0`, in `attackers`) is
    /// left without its turn: every count is equal again (see the module docs).
    #[inline]
    pub fn settle(&mut self, attackers: u8) {
        if self.alive & attackers & !self.done == 0 {
            self.done = 0;
        }
    }

    /// The minion whose turn it is, if the side has an eligible one.
    #[inline]
    pub fn next_attacker(&self, attackers: u8) -> Option<usize> {
        let waiting = self.alive & attackers & !self.done;
        (waiting != 0).then(|| waiting.trailing_zeros() as usize)
    }

    /// Minion `i` takes `damage` from an enemy that is `toxic` (poisonous, or venomous with its
    /// venom unspent): a shield absorbs it, else health drops. Returns whether the damage got
    /// through (`> 0` after shields: a venomous enemy spends its venom) and whether it poisoned.
    #[inline]
    fn take(&mut self, i: usize, damage: u32, toxic: bool) -> (bool, bool) {
        // `i < MAX_MINIONS` (a bit of `alive`): the clamp keeps the index's panic call out.
        let i = i.min(MAX_MINIONS - 1);
        if damage == 0 {
            return (false, false);
        }
        if self.shield & bit(i) != 0 {
            self.shield &= !bit(i);
            return (false, false);
        }
        self.health[i] = self.health[i].saturating_sub(damage);
        (true, toxic)
    }

    /// Minion `i` dies if `killed`: it comes back by reborn (1 health, its starting shield and
    /// venom, its turn bit kept) or leaves. Returns whether it died.
    #[inline]
    fn resolve(&mut self, i: usize, killed: bool, board: &Lineup, side: usize) -> bool {
        if !killed {
            return false;
        }
        // `side < 2` and `i < MAX_MINIONS`: the mask and the clamp keep the panic calls out.
        let (i, cards) = (i.min(MAX_MINIONS - 1), &board.sides[side & 1]);
        let b = bit(i);
        if self.reborn & b != 0 {
            self.reborn &= !b;
            self.health[i] = 1;
            self.shield = (self.shield & !b) | (cards.shield & b);
            self.venom = (self.venom & !b) | (cards.venomous & b);
        } else {
            self.health[i] = 0;
            self.alive &= !b;
            self.shield &= !b;
            self.venom &= !b;
            self.done &= !b;
        }
        true
    }
}

impl State {
    /// The start of `board`'s battle.
    pub fn start(board: &Lineup) -> Self {
        Self { sides: [Side::start(board, 0), Side::start(board, 1)] }
    }

    /// Whether a side is empty (the battle is over).
    #[inline]
    pub const fn over(&self) -> bool {
        self.sides[0].alive == 0 || self.sides[1].alive == 0
    }

    /// One exchange: `me`'s minion `a` and the enemy's minion `t` deal their attacks to each
    /// other at once (shields, poison and venom on each side of it on its own), the dead die,
    /// the reborn return, the turn bits settle. Returns whether the attacker died (even if it
    /// came back: a windfury minion that did swings no more this turn).
    #[inline]
    pub fn exchange(&mut self, board: &Lineup, me: usize, a: usize, t: usize) -> bool {
        // `me < 2`, and `a`, `t` are minions (`< MAX_MINIONS`): the mask and the clamps cost
        // less than the index checks they remove (and their panic calls).
        let (me, a, t) = (me & 1, a.min(MAX_MINIONS - 1), t.min(MAX_MINIONS - 1));
        let foe = me ^ 1;
        let (mine, theirs) = (&board.sides[me], &board.sides[foe]);
        let (ab, tb) = (bit(a), bit(t));
        // Toxicity is read before either side spends venom: the damage is simultaneous.
        let attacker_toxic = (mine.poisonous | self.sides[me].venom) & ab != 0;
        let target_toxic = (theirs.poisonous | self.sides[foe].venom) & tb != 0;
        let (hit_target, target_poisoned) = self.sides[foe].take(t, mine.attack[a], attacker_toxic);
        let (hit_attacker, attacker_poisoned) = self.sides[me].take(a, theirs.attack[t], target_toxic);
        if hit_target {
            self.sides[me].venom &= !ab;
        }
        if hit_attacker {
            self.sides[foe].venom &= !tb;
        }
        let target_killed = self.sides[foe].health[t] == 0 || target_poisoned;
        let attacker_killed = self.sides[me].health[a] == 0 || attacker_poisoned;
        self.sides[foe].resolve(t, target_killed, board, foe);
        let attacker_died = self.sides[me].resolve(a, attacker_killed, board, me);
        self.sides[me].settle(mine.attackers);
        self.sides[foe].settle(theirs.attackers);
        attacker_died
    }
}

/// Where each field goes in a packed key: each minion's health in the bits it needs (it never
/// exceeds its starting health), then per side each changeable keyword mask (shields, venoms,
/// reborns, turn bits) compressed to the minions that can have it (a shield bit only for a
/// minion that started with one, a turn bit only for one that can attack), then the mover's
/// bit. The packing is injective over the states of one battle, so equal keys are equal
/// states.
///
/// A mask is compressed by two lookups, of its low four bits and of its high three (tables of
/// 24 bytes a side and mask: 192 bytes, small enough for the machine stack of a Cortex-M0).
/// Compression is linear over XOR (each compressed bit is one bit of the value), so the change
/// of a mask's field is the compressed XOR of its old and new values.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    /// The first bit of each minion's health, per side.
    health_at: [[u32; MAX_MINIONS]; 2],
    /// The first bit of each side's compressed masks: shield, venom, reborn, turn.
    masks_at: [[u32; 4]; 2],
    /// Per side and mask, the compressed value of each low nibble (entries `0..16`) and of
    /// each high three bits (entries `16..24`, already shifted past the low nibble's bits).
    compress: [[[u8; 24]; 4]; 2],
    /// Minions per side.
    counts: [usize; 2],
    /// Bits of the whole key (the mover's is the last).
    bits: u32,
}

/// Words of the widest packed key: 14 minions of at most 30 + 4 bits and the mover, 477 bits.
pub(super) const KEY_WORDS: usize = 8;

/// Bits needed to write `value`.
fn bits_of(value: u32) -> u32 {
    32 - value.leading_zeros()
}

/// `value`'s bits at the ones of `mask`, packed together (a software `pext`).
const fn compressed(value: u8, mask: u8) -> u8 {
    let (mut out, mut width, mut i) = (0u8, 0, 0);
    while i < 8 {
        if mask >> i & 1 == 1 {
            out |= (value >> i & 1) << width;
            width += 1;
        }
        i += 1;
    }
    out
}

/// A packed key being written: `u128` or [`KEY_WORDS`] words. Fields are disjoint, so a
/// field is written by toggling its bits: from zero that sets them, and toggling the old and
/// the new value of a field replaces one by the other (the keys of children are derived so).
pub(super) trait Packed: Copy + PartialEq + core::fmt::Debug {
    /// All bits clear.
    const ZERO: Self;
    /// Toggles the bits of `value` (`width <= 34` bits) from bit `at`.
    fn toggle(&mut self, value: u64, at: u32);
}

impl Packed for u128 {
    const ZERO: Self = 0;

    #[inline]
    fn toggle(&mut self, value: u64, at: u32) {
        // The layout fits 128 bits when this key type is used, so `at < 128`.
        *self ^= u128::from(value) << (at & 127);
    }
}

impl Packed for [u64; KEY_WORDS] {
    const ZERO: Self = [0; KEY_WORDS];

    #[inline]
    fn toggle(&mut self, value: u64, at: u32) {
        let (word, offset) = ((at / 64) as usize, at % 64);
        if let Some(w) = self.get_mut(word) {
            *w ^= value << offset;
        }
        if offset > 30 {
            if let Some(w) = self.get_mut(word + 1) {
                *w ^= value >> (64 - offset);
            }
        }
    }
}

impl Layout {
    /// A layout of no battle, to [`Layout::build`] over (which sets every field it reads).
    pub const EMPTY: Self = Self {
        health_at: [[0; MAX_MINIONS]; 2],
        masks_at: [[0; 4]; 2],
        compress: [[[0; 24]; 4]; 2],
        counts: [0; 2],
        bits: 0,
    };

    /// Makes this the layout of `board`'s keys. In place, not returned: built on the stack and
    /// moved, a layout took 0.7 KiB of a Cortex-M0's machine stack more.
    pub fn build(&mut self, board: &Lineup) {
        self.counts = [board.sides[0].count, board.sides[1].count];
        let mut at = 0;
        for (side, cards) in board.sides.iter().enumerate() {
            // `side < 2`: the mask keeps the index checks (and their panic calls) out.
            let side = side & 1;
            for (slot, &health) in self.health_at[side].iter_mut().zip(&cards.health).take(cards.count) {
                *slot = at;
                at += bits_of(health);
            }
            let masks = [cards.shield, cards.venomous, cards.reborn, cards.attackers];
            for (kind, (&mask, slot)) in masks.iter().zip(&mut self.masks_at[side]).enumerate() {
                *slot = at;
                at += mask.count_ones();
                // Entry `e < 16` is the low nibble `e`, entry `16 + h` the high bits `h << 4`.
                for (entry, out) in (0u8..).zip(self.compress[side][kind].iter_mut()) {
                    let value = if entry < 16 { entry } else { (entry - 16) << 4 };
                    *out = compressed(value, mask);
                }
            }
        }
        self.bits = at + 1;
        debug_assert_eq!(self.bits, Self::key_bits(board));
    }

    /// The compressed value of `mask` (7 bits) for `side`'s mask `kind`.
    #[inline]
    fn compress(&self, side: usize, kind: usize, mask: u8) -> u8 {
        let table = &self.compress[side & 1][kind & 3];
        table[usize::from(mask & 0xf)] | table[16 + usize::from(mask >> 4 & 7)]
    }

    /// Bits of the packed keys of `board`'s battle (the layout's `bits`, without building its tables).
    pub fn key_bits(board: &Lineup) -> u32 {
        let side = |cards: &super::Cards| {
            let healths: u32 = cards.health.iter().take(cards.count).map(|&h| bits_of(h)).sum();
            let masks = [cards.shield, cards.venomous, cards.reborn, cards.attackers];
            healths + masks.iter().map(|m| m.count_ones()).sum::<u32>()
        };
        side(&board.sides[0]) + side(&board.sides[1]) + 1
    }

    /// The packed key of `state` with `mover` to move. Never zero: a state in search has
    /// minions alive, so a health field is not zero.
    #[inline]
    pub fn pack<K: Packed>(&self, state: &State, mover: usize) -> K {
        let mut key = K::ZERO;
        for (side, now) in state.sides.iter().enumerate() {
            // `side < 2`: the mask keeps the index checks (and their panic calls) out.
            let side = side & 1;
            for (&health, &at) in now.health.iter().zip(&self.health_at[side]).take(self.counts[side]) {
                key.toggle(u64::from(health), at);
            }
            for (kind, (mask, &at)) in Self::masks(now).into_iter().zip(&self.masks_at[side]).enumerate() {
                key.toggle(u64::from(self.compress(side, kind, mask)), at);
            }
        }
        key.toggle(mover as u64 & 1, self.bits - 1);
        key
    }

    /// The changeable keyword masks of a side, in the layout's order.
    #[inline]
    const fn masks(side: &Side) -> [u8; 4] {
        [side.shield, side.venom, side.reborn, side.done]
    }

    /// The key of `new` from `key`, the key of `old` (the same mover): only the healths of
    /// `touched` minions (side, place) and the masks can differ between the two.
    #[inline]
    pub fn update<K: Packed>(&self, mut key: K, old: &State, new: &State, touched: [(usize, usize); 2]) -> K {
        for (side, i) in touched {
            // A side (`< 2`) and a minion (`< MAX_MINIONS`): no index check, no panic call.
            let (side, i) = (side & 1, i.min(MAX_MINIONS - 1));
            let (was, is) = (old.sides[side].health[i], new.sides[side].health[i]);
            if was != is {
                key.toggle(u64::from(was ^ is), self.health_at[side][i]);
            }
        }
        for side in 0..2 {
            let (was, is) = (Self::masks(&old.sides[side]), Self::masks(&new.sides[side]));
            for kind in 0..4 {
                let change = was[kind] ^ is[kind];
                if change != 0 {
                    key.toggle(u64::from(self.compress(side, kind, change)), self.masks_at[side][kind]);
                }
            }
        }
        key
    }

    /// The key of a state from `key`, the key of one whose only difference is `side`'s turn
    /// bits: `was` then, `is` now.
    #[inline]
    pub fn update_done<K: Packed>(&self, mut key: K, side: usize, was: u8, is: u8) -> K {
        key.toggle(u64::from(self.compress(side, 3, was ^ is)), self.masks_at[side & 1][3]);
        key
    }

    /// `key` with the other side to move.
    #[inline]
    pub fn flip_mover<K: Packed>(&self, mut key: K) -> K {
        key.toggle(1, self.bits - 1);
        key
    }
}

/// Words of a [`State`] in a stack frame: the 14 healths and the ten masks, four to a word.
pub(super) const STATE_WORDS: usize = 2 * MAX_MINIONS + 3;

impl State {
    /// Writes the state into `out` ([`STATE_WORDS`] long).
    #[inline]
    pub fn write(&self, out: &mut [u32]) {
        for (slot, &health) in out.iter_mut().zip(self.sides[0].health.iter().chain(&self.sides[1].health)) {
            *slot = health;
        }
        let [a, b] = &self.sides;
        let masks = [a.alive, a.shield, a.venom, a.reborn, a.done, b.alive, b.shield, b.venom, b.reborn, b.done, 0, 0];
        for (slot, four) in out.iter_mut().skip(2 * MAX_MINIONS).zip(masks.chunks_exact(4)) {
            *slot = u32::from_le_bytes([four[0], four[1], four[2], four[3]]);
        }
    }

    /// Reads a state written by [`State::write`].
    #[inline]
    pub fn read(words: &[u32]) -> Self {
        let mut state =
            Self { sides: [Side { health: [0; MAX_MINIONS], alive: 0, shield: 0, venom: 0, reborn: 0, done: 0 }; 2] };
        for (i, &word) in words.iter().take(2 * MAX_MINIONS).enumerate() {
            state.sides[i / MAX_MINIONS].health[i % MAX_MINIONS] = word;
        }
        let mut masks = [0u8; 12];
        for (four, &word) in masks.chunks_exact_mut(4).zip(words.iter().skip(2 * MAX_MINIONS)) {
            four.copy_from_slice(&word.to_le_bytes());
        }
        for (side, m) in state.sides.iter_mut().zip(masks.chunks_exact(5)) {
            (side.alive, side.shield, side.venom, side.reborn, side.done) = (m[0], m[1], m[2], m[3], m[4]);
        }
        state
    }
}
