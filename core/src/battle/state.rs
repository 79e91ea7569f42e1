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

use super::{Board, MAX_MINIONS};

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
    pub fn start(board: &Board, side: usize) -> Self {
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
    fn resolve(&mut self, i: usize, killed: bool, board: &Board, side: usize) -> bool {
        if !killed {
            return false;
        }
        let cards = &board.sides[side];
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
    pub fn start(board: &Board) -> Self {
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
    pub fn exchange(&mut self, board: &Board, me: usize, a: usize, t: usize) -> bool {
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

/// Where each minion's fields go in a packed key: the bits its health needs (it never exceeds
/// its starting health) and one bit for each state it can change (a shield, venom or reborn
/// only if it started with one, a turn bit only if it can attack), then the mover's bit. The
/// packing is injective over the states of one battle, so equal keys are equal states.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    /// Bits of each minion's health, per side.
    health_bits: [[u8; MAX_MINIONS]; 2],
    /// Minions per side.
    counts: [usize; 2],
    /// Bits of the whole key.
    bits: u32,
}

/// Words of the widest packed key: 14 minions of at most 30 + 4 bits and the mover, 477 bits.
pub(super) const KEY_WORDS: usize = 8;

/// Bits needed to write `value`.
fn bits_of(value: u32) -> u8 {
    u8::try_from(32 - value.leading_zeros()).unwrap_or(32)
}

impl Layout {
    /// The layout of `board`'s keys.
    pub fn new(board: &Board) -> Self {
        let mut health_bits = [[0u8; MAX_MINIONS]; 2];
        let mut bits = 1;
        for (side, cards) in board.sides.iter().enumerate() {
            for (i, (width, &health)) in health_bits[side].iter_mut().zip(&cards.health).take(cards.count).enumerate() {
                *width = bits_of(health);
                bits += u32::from(*width) + cards.flag_bits(i);
            }
        }
        Self { health_bits, counts: [board.sides[0].count, board.sides[1].count], bits }
    }

    /// Bits of the packed key.
    pub const fn bits(&self) -> u32 {
        self.bits
    }

    /// The packed key of `state` with `mover` to move, in [`KEY_WORDS`] words (the words past
    /// [`Layout::bits`] are zero). Never all zero: a state in search has minions alive.
    #[inline]
    pub fn pack(&self, board: &Board, state: &State, mover: usize) -> [u64; KEY_WORDS] {
        let mut words = [0u64; KEY_WORDS];
        let mut at = 0u32;
        let mut put = |value: u64, width: u32| {
            let (word, offset) = ((at / 64) as usize, at % 64);
            if let Some(w) = words.get_mut(word) {
                *w |= value << offset;
            }
            if offset + width > 64 {
                if let Some(w) = words.get_mut(word + 1) {
                    *w |= value >> (64 - offset);
                }
            }
            at += width;
        };
        for (side, now) in state.sides.iter().enumerate() {
            let cards = &board.sides[side];
            for i in 0..self.counts[side] {
                let b = bit(i);
                let mut value = u64::from(now.health[i]);
                let mut width = u32::from(self.health_bits[side][i]);
                for (has, flag) in [
                    (cards.shield, now.shield),
                    (cards.venomous, now.venom),
                    (cards.reborn, now.reborn),
                    (cards.attackers, now.done),
                ] {
                    if has & b != 0 {
                        value |= u64::from(flag & b != 0) << width;
                        width += 1;
                    }
                }
                put(value, width);
            }
        }
        put(mover as u64 & 1, 1);
        words
    }
}
