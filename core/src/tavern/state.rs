//! The search state of a battle, its exact canonical key, and the subset-sum table behind it.
//!
//! # What a state needs (and why)
//! - Per minion: alive or dead, and its current health, kept as its *damage set*: the enemies
//!   whose attacks it took and survived. Every exchange kills at least one of the two minions,
//!   so a minion that survives one has seen its enemy die: it takes each enemy's attack at
//!   most once, and its health is its attack less the attacks of its damage set (a subset of
//!   the 7 enemies, one byte).
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
//! if no sum reaches `h`. So the key stores `rank = |{s ∈ H : s < h}|`, `|H|` meaning "cannot
//! die": with `k` enemies alive, `H` has at most `2^k - 1` sums, so a rank fits in `k` bits (7
//! at most: 127 non-empty subsets of 7 enemies). When the minion survives an exchange with
//! enemy `e` (which then dies), `h - attack(e)` against the enemies without `e` ranks
//! consistently, because `sum(S) ≥ h - attack(e)` exactly when `sum(S ∪ {e}) ≥ h`. A rank is
//! a function of the state alone (the health and the alive enemies), so it never depends on
//! how the state was reached.
//!
//! Healths never exceed [`MAX_VALUE`], so subset sums are clamped to it: that changes no rank
//! or death and keeps every sum in a `u32` word.
//!
//! # The rank table (1 536 words, 6 KiB)
//! Listing `H(M)` for each of the 128 alive sets `M` of each side would take
//! `3^7 - 2^7 = 2 059` sums a side. Instead, per side, [`RankTable`] keeps
//! `F`, the sorted distinct non-empty subset sums of *all* the side's minions (at most 127),
//! and for each set `M` a 128-bit bitmap whose bit `j` is set when `F[j]` is a subset sum of
//! `M`. Every subset of `M` is a subset of the whole side, so `H(M) ⊆ F`, and `H(M)` is exactly
//! the `F[j]` whose bit is set. With the *place* `p = |{f ∈ F : f < h}|` (a binary search over
//! `F`), `F[j] < h` exactly when `j < p` (`F` is sorted and distinct), so
//! `popcount(bitmap[M] & (2^p - 1)) = |{s ∈ H(M) : s < h}|`: the same rank as a search over
//! `H(M)` itself, so the same keys, bit for bit (unit tests check it against that computation
//! on thousands of random boards). Per side: four words of bitmap per set, least significant
//! first (`F` itself, padded with `u32::MAX` above every health so that a place is at most
//! 127, is only needed to build the table). Integers only: the population count is one
//! instruction where the target has it, else a few shifts, masks and one multiplication.
//!
//! Then the *places* (2 KiB): a minion's health, so its place, depends only on its damage
//! set, so the table holds, per side, slot and damage set `D`, the place of `attack - sum(D)`
//! among the enemy's `F`, or [`DEAD`] when `sum(D) ≥ attack`: an exchange is two loads (the
//! attacker's place with its target added to its set, the target's with the attacker added),
//! which say who dies and each survivor's new place. Before, the table kept `F` (the same
//! 5 KiB in all), each exchange subtracted two attacks from two healths and searched `F` for
//! the survivor's new place (a four-way search on 64-bit hosts, seven steps of a binary search
//! on the firmware), and a state carried 32 bytes of healths where it now carries 8 of damage
//! sets (64 bytes in all, from 112):
//! `tavern_states.in` on one thread took 292.6 -> 277.8 M instructions with the memo and
//! 575.8 -> 537.6 M with the fixed table (the wall times: `docs/performance.md`, `tavern`).
//!
//! # Ranks kept up to date
//! The place of a minion depends only on its damage set (the enemies' `F` is fixed for the
//! battle), and its rank only on its place and the alive enemies. So each [`Side`] keeps its
//! minions' places and its packed ranks: [`Side::hit`] and [`Side::strike_back`] set the
//! survivor's new place from the table (there is at most one survivor), and
//! [`RankTable::exchanged`] updates the ranks: a side whose enemies lost a minion recounts all
//! its ranks, the other loses its dead minion's (the later ranks move down to keep them packed).
//! A key is then a few shifts of the kept ranks ([`State::key`], [`State::near_key`]); debug
//! builds check every key against one computed from the damage sets alone
//! ([`RankTable::fresh`]). States with fewer minions alive than the search caches are never
//! keyed, and neither is anything below them (minions only die), so their ranks are not kept.
//!
//! # The key (127 bits, exact; 61 with at most 8 alive)
//! Bit 0: the side to move; bits 1..8 and 8..15: Alice's and Bob's alive masks; bits 15..22
//! and 22..29: their "attacked this cycle" masks; from bit 29 the ranks of Alice's alive
//! minions, left to right, in `b` bits each (`b`: Bob's alive minions: at most `7·7` bits),
//! and from bit 78 those of Bob's, in `a` bits each (`a`: Alice's). The masks say where each
//! rank is, so the key is exact. A state with at most 8 alive has a key of its own in a `u64`
//! ([`State::near_key`]): Alice's ranks take at most 16 bits there (`a·b ≤ 16` for
//! `a + b ≤ 8`), so Bob's start at bit 45 and the key takes at most 61 bits. Every shift is a
//! constant: a 32-bit core shifts the words of a key without a library call. Two states with
//! the same key have the same outcome probabilities; the key is stored whole, so no hash
//! collision can mix two states.

use super::{MAX_MINIONS, MAX_VALUE};
use crate::scratch::CapacityError;

/// `u32` words of the rank table: per side a 4-word bitmap for each of its 128 masks, then a
/// byte per slot, side and damage set for the places (see the module docs): 6 KiB.
pub const RANK_TABLE_WORDS: usize = 2 * BITMAPS + PLACE_BYTES / 4;
/// Subsets of one side's minions.
const MASKS: usize = 1 << MAX_MINIONS;
/// A side's sorted distinct subset sums (built, not kept): at most `2^7 - 1 = 127`, padded to
/// 128.
const SUMS: usize = MASKS;
/// Words of one mask's bitmap over the distinct sums (128 bits).
const BITMAP_WORDS: usize = 4;
/// Words of one side's bitmaps.
const BITMAPS: usize = MASKS * BITMAP_WORDS;
/// Bytes of the place table: per slot (8: slot 7 is never used, so that every index masked to
/// 11 bits is in bounds), side and damage set (a subset of the enemy's 7 minions), the
/// minion's place, or [`DEAD`].
const PLACE_BYTES: usize = 8 * 2 * MASKS;
/// The place of a minion that its damage set kills: above every place (at most 127).
pub(super) const DEAD: u8 = u8::MAX;
/// The padding after a side's distinct sums: no health is above it.
const PAD: u32 = u32::MAX;
/// Where the rank bits start in a key.
const RANK_SHIFT: u32 = 29;
/// Where Bob's ranks start in a key: after Alice's, at most `7·7` bits.
const BOB_RANK_SHIFT: u32 = RANK_SHIFT + 7 * 7;
/// Where Bob's ranks start in a near key: after Alice's, at most `4·4` bits.
const NEAR_BOB_RANK_SHIFT: u32 = RANK_SHIFT + 4 * 4;

/// One side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(super) struct Side {
    /// Per slot, its damage set: the enemies whose attacks it took and survived (bits of enemy
    /// slots; its health is its attack less theirs, see the module docs). Slot 7 is never used:
    /// the array has 8 entries so that a slot index masked with `& 7` is always in bounds.
    pub taken: [u8; 8],
    /// Per alive slot, its health's place among the enemy's distinct sums (`|{f ∈ F : f < h}|`,
    /// `0..=127`), from [`RankTable::place_of`].
    pub place: [u8; 8],
    /// The key's ranks of this side's alive minions, left to right, in `e` bits each (`e`: the
    /// enemy's alive minions; at most `7·7` bits), kept by [`RankTable`].
    pub ranks: u64,
    /// Alive slots.
    pub alive: u8,
    /// Alive slots that already attacked in this cycle; never equal to `alive` unless empty.
    pub attacked: u8,
    /// Number of alive slots.
    pub count: u8,
}

impl Side {
    /// A side of `size` fresh minions (no damage taken: health = attack); its places and ranks
    /// are filled by [`RankTable::start`].
    pub fn new(size: usize) -> Self {
        let size = size.min(MAX_MINIONS);
        let alive = u8::try_from((1u16 << size) - 1).unwrap_or(0);
        Self { taken: [0; 8], place: [0; 8], ranks: 0, alive, attacked: 0, count: u8::try_from(size).unwrap_or(0) }
    }

    /// The slot that attacks next: the leftmost alive one that has not attacked this cycle.
    #[inline]
    pub fn next_attacker(&self) -> usize {
        (self.alive & !self.attacked).trailing_zeros() as usize & 7
    }

    /// The minion in `slot` takes the attack of the enemy in slot `by`, after which its place
    /// is `place` ([`RankTable::place_of`] of its damage set with `by`: [`DEAD`] if it dies);
    /// returns whether it died (then it is removed). The ranks are brought up to date by
    /// [`RankTable::exchanged`].
    #[inline]
    pub fn hit(&mut self, slot: usize, by: usize, place: u8) -> bool {
        let slot = slot & 7;
        self.taken[slot] |= 1 << (by & 7);
        self.place[slot] = place;
        let died = place == DEAD;
        if died {
            let bit = 1u8 << slot;
            self.alive &= !bit;
            self.attacked &= !bit;
            self.count = self.count.saturating_sub(1);
            self.new_cycle_if_done();
        }
        died
    }

    /// The attacker in `slot` takes the attack of its target in slot `by` back and has made
    /// its attack; its place is then `place`, as for [`Side::hit`]. Returns whether it died
    /// (then it is removed). A new cycle starts when every alive minion has attacked. The
    /// ranks are brought up to date by [`RankTable::exchanged`].
    #[inline]
    pub fn strike_back(&mut self, slot: usize, by: usize, place: u8) -> bool {
        let slot = slot & 7;
        let bit = 1u8 << slot;
        self.taken[slot] |= 1 << (by & 7);
        self.place[slot] = place;
        let died = place == DEAD;
        if died {
            self.alive &= !bit;
            self.count = self.count.saturating_sub(1);
        }
        // Dead, its bit leaves the attacked set with the alive one.
        self.attacked = (self.attacked | bit) & self.alive;
        self.new_cycle_if_done();
        died
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

    /// The exact canonical key of the state with `mover` to play (see the module docs), from
    /// the ranks [`RankTable`] keeps.
    #[inline]
    pub fn key(&self, mover: usize) -> u128 {
        let [alice, bob] = &self.sides;
        u128::from(self.masks(mover)) | u128::from(alice.ranks) << RANK_SHIFT | u128::from(bob.ranks) << BOB_RANK_SHIFT
    }

    /// The exact canonical key of a state with at most 8 minions alive, in 61 bits (see the
    /// module docs): Bob's ranks right after Alice's at most 16 bits.
    #[inline]
    pub fn near_key(&self, mover: usize) -> u64 {
        let [alice, bob] = &self.sides;
        debug_assert!(self.alive() <= 8, "a near key of {} alive", self.alive());
        self.masks(mover) | alice.ranks << RANK_SHIFT | bob.ranks << NEAR_BOB_RANK_SHIFT
    }

    /// A key's first 29 bits: the side to move, the alive masks, the attacked masks.
    #[inline]
    fn masks(&self, mover: usize) -> u64 {
        let [alice, bob] = &self.sides;
        (mover & 1) as u64
            | u64::from(alice.alive) << 1
            | u64::from(bob.alive) << 8
            | u64::from(alice.attacked) << 15
            | u64::from(bob.attacked) << 22
    }
}

/// Minions alive in the state of `key` (the alive masks are bits 1..15, see [`State::key`]).
#[inline]
pub(super) fn alive_of(key: u128) -> u32 {
    u16::try_from((key >> 1) & 0x3fff).unwrap_or(0).count_ones()
}

/// Per side and per subset of its minions, the bitmap of the side's sorted distinct non-empty
/// subset sums (clamped to [`MAX_VALUE`]; built, not kept) that the subset can make; then the
/// places of every minion by damage set, in [`RANK_TABLE_WORDS`] caller-provided words (see
/// the module docs).
#[derive(Debug)]
pub(super) struct RankTable<'w> {
    bitmaps: &'w [u32; 2 * BITMAPS],
    places: &'w [u8; PLACE_BYTES],
}

impl<'w> RankTable<'w> {
    /// Fills the first [`RANK_TABLE_WORDS`] of `words` for the two sides' attack values
    /// (`values[side][slot]`, `sizes[side]` minions each).
    ///
    /// Never inlined: its 2 KiB of sums on the stack are gone before the search starts (inlined
    /// into its caller, they stayed under every level of the firmware's search). Each side's
    /// subset sums are computed again where they are needed rather than kept: 128 additions,
    /// where keeping both sides' arrays through the build made it the deepest stack of a
    /// firmware run (7 884 bytes on the `mps2-an386` against the search's 6 164).
    ///
    /// # Errors
    /// A [`CapacityError`] if `words` is shorter.
    #[inline(never)]
    pub fn build(words: &'w mut [u32], values: &[[u32; 8]; 2], sizes: [usize; 2]) -> Result<Self, CapacityError> {
        let capacity = words.len();
        let too_small = CapacityError { needed: RANK_TABLE_WORDS, capacity };
        let (bitmaps, places) = words.get_mut(..RANK_TABLE_WORDS).ok_or(too_small)?.split_at_mut(2 * BITMAPS);
        let bitmaps: &mut [u32; 2 * BITMAPS] = bitmaps.try_into().map_err(|_| too_small)?;
        let places: &mut [u8; PLACE_BYTES] =
            bytemuck::cast_slice_mut::<u32, u8>(places).try_into().map_err(|_| too_small)?;
        let distinct = [distinct_sums(&values[0], sizes[0]), distinct_sums(&values[1], sizes[1])];
        let (alice, bob) = bitmaps.split_at_mut(BITMAPS);
        Self::build_bitmaps(alice, &values[0], sizes[0], &distinct[0]);
        Self::build_bitmaps(bob, &values[1], sizes[1], &distinct[1]);
        places.fill(DEAD);
        for side in 0..2 {
            Self::build_places(places, side, values, sizes, &distinct[side ^ 1]);
        }
        Ok(Self { bitmaps, places })
    }

    /// The places of `side` (see [`RankTable::place_of`] for where they are): for each of its
    /// minions and each damage set, the place among the enemy's `distinct` sums of the health
    /// the enemies of the set leave it; [`DEAD`] (as filled) where they kill it.
    fn build_places(
        places: &mut [u8; PLACE_BYTES],
        side: usize,
        values: &[[u32; 8]; 2],
        sizes: [usize; 2],
        distinct: &[u32; SUMS],
    ) {
        let (side, foe) = (side & 1, (side & 1) ^ 1);
        let damage = subset_sums(&values[foe], sizes[foe]);
        for (slot, &attack) in values[side].iter().enumerate().take(sizes[side].min(MAX_MINIONS)) {
            let start = slot << 8 | side << 7;
            let Some(row) = places.get_mut(start..start + MASKS) else { continue };
            for (place, &taken) in row.iter_mut().zip(&damage) {
                if taken < attack {
                    *place = below(distinct, attack - taken);
                }
            }
        }
    }

    /// One side's masks' bitmaps over its `distinct` sums, in its [`BITMAPS`] words.
    fn build_bitmaps(bitmaps: &mut [u32], values: &[u32; 8], size: usize, distinct: &[u32; SUMS]) {
        let masks = 1usize << size.min(MAX_MINIONS);
        let sums = subset_sums(values, size);
        // One bit per subset (its sum's place in the distinct sums), then each mask takes the
        // bits of its subsets: one pass per minion ORs in the masks without that minion.
        bitmaps.fill(0);
        for (mask, &sum) in sums.iter().enumerate().take(masks).skip(1) {
            let place = usize::from(below(distinct, sum));
            if let Some(word) = bitmaps.get_mut(mask * BITMAP_WORDS + place / 32) {
                *word |= 1 << (place % 32);
            }
        }
        for minion in 0..size.min(MAX_MINIONS) {
            let bit = 1usize << minion;
            for mask in (0..masks).filter(|mask| mask & bit != 0) {
                for word in 0..BITMAP_WORDS {
                    let without = bitmaps.get((mask ^ bit) * BITMAP_WORDS + word).copied().unwrap_or(0);
                    if let Some(with) = bitmaps.get_mut(mask * BITMAP_WORDS + word) {
                        *with |= without;
                    }
                }
            }
        }
    }

    /// The place of `side`'s minion `slot` once it has taken the attacks of the enemies in
    /// `taken` (bits of enemy slots): its health's among the enemy's distinct sums, or [`DEAD`]
    /// if they kill it. One load.
    #[inline]
    pub fn place_of(&self, side: usize, slot: usize, taken: u8) -> u8 {
        // Slot-major: `slot · 256 + side · 128 + taken`, shifts only, below `PLACE_BYTES`.
        self.places[((slot & 7) << 8 | (side & 1) << 7 | usize::from(taken & 0x7f)) & (PLACE_BYTES - 1)]
    }

    /// [`RankTable::place_of`] `side`'s minion `slot` in `state` once it has also taken the
    /// attack of the enemy in slot `by`.
    #[inline]
    pub fn place_after(&self, state: &State, side: usize, slot: usize, by: usize) -> u8 {
        self.place_of(side, slot, state.sides[side & 1].taken[slot & 7] | 1 << (by & 7))
    }

    /// `me`'s minion `attacker` and the enemy's minion `target` exchange blows in `state`: each
    /// takes the other's attack ([`Side::strike_back`], [`Side::hit`], with the places the
    /// table gives); returns whether the attacker and whether the target died. The ranks are
    /// brought up to date by [`RankTable::exchanged`].
    #[inline(always)]
    pub fn exchange(&self, state: &mut State, me: usize, attacker: usize, target: usize) -> (bool, bool) {
        let (me, foe) = (me & 1, (me & 1) ^ 1);
        let attacker_place = self.place_after(state, me, attacker, target);
        let target_place = self.place_after(state, foe, target, attacker);
        let attacker_died = state.sides[me].strike_back(attacker, target, attacker_place);
        (attacker_died, state.sides[foe].hit(target, attacker, target_place))
    }

    /// The bitmap of the sums `side`'s alive enemies can make, as two 64-bit halves.
    #[inline]
    fn enemy_bitmap(&self, state: &State, side: usize) -> [u64; 2] {
        let enemy = (side ^ 1) & 1;
        let start = enemy * BITMAPS + BITMAP_WORDS * usize::from(state.sides[enemy].alive & 0x7f);
        let word = |at: usize| u64::from(self.bitmaps[(start + at) % (2 * BITMAPS)]);
        [word(0) | word(1) << 32, word(2) | word(3) << 32]
    }

    /// Every rank of `side`, from its places and its alive enemies.
    #[inline]
    fn rerank(&self, state: &mut State, side: usize) {
        let held = self.enemy_bitmap(state, side);
        let width = rank_width(state, side);
        let board = &mut state.sides[side & 1];
        let (mut ranks, mut shift) = (0u64, 0);
        let mut slots = board.alive;
        while slots != 0 {
            let slot = slots.trailing_zeros() as usize & 7;
            slots &= slots - 1;
            ranks |= rank(held, board.place[slot]) << shift;
            shift += width;
        }
        board.ranks = ranks;
    }

    /// Takes the rank of `side`'s minion `slot`, which just died, out of its side's packed
    /// ranks (the later ones move down); the enemy's alive minions are unchanged, so the other
    /// ranks are too.
    #[inline]
    fn remove_rank(state: &mut State, side: usize, slot: usize) {
        let width = rank_width(state, side);
        let board = &mut state.sides[side & 1];
        // The minions alive left of `slot`: their ranks stay where they are.
        let below = (1u64 << ((board.alive & ((1u8 << (slot & 7)) - 1)).count_ones() * width)) - 1;
        // The later ranks, all moved down by one rank: the dead one falls below them.
        board.ranks = board.ranks & below | board.ranks >> width & !below;
    }

    /// Fills the places and ranks of every alive minion of `state` from its healths.
    pub fn start(&self, state: &mut State) {
        for side in 0..2 {
            let mut slots = state.sides[side].alive;
            while slots != 0 {
                let slot = slots.trailing_zeros() as usize & 7;
                slots &= slots - 1;
                let board = &mut state.sides[side];
                board.place[slot] = self.place_of(side, slot, board.taken[slot]);
            }
        }
        self.rerank(state, 0);
        self.rerank(state, 1);
    }

    /// Brings the ranks of `state` up to date after `me`'s minion `attacker` and the enemy's
    /// minion `target` exchanged blows (`*_died`: who died, at least one; the survivor's new
    /// place is already set by [`Side::hit`] or [`Side::strike_back`]): a side whose enemies
    /// lost a minion has new ranks for every minion, the other side only loses its dead
    /// minion's.
    #[inline(always)]
    pub fn exchanged(
        &self,
        state: &mut State,
        me: usize,
        (attacker, attacker_died): (usize, bool),
        (target, target_died): (usize, bool),
    ) {
        let foe = me ^ 1;
        debug_assert!(attacker_died || target_died, "an exchange kills at least one minion");
        if target_died {
            self.rerank(state, me);
        } else {
            // Only the attacker died (every exchange kills one).
            Self::remove_rank(state, me, attacker);
        }
        if attacker_died {
            self.rerank(state, foe);
        } else {
            Self::remove_rank(state, foe, target);
        }
    }

    /// `state` with its places and ranks computed from its healths alone (what
    /// [`RankTable::exchanged`] keeps up to date; its keys are checked against them in debug
    /// builds).
    pub fn fresh(&self, state: &State) -> State {
        let mut fresh = *state;
        self.start(&mut fresh);
        fresh
    }
}

/// The bits of each of `side`'s ranks in a key: its enemy's alive minions (`0..=7`; a rank is
/// below `2^e` for `e` enemies, see the module docs).
#[inline]
fn rank_width(state: &State, side: usize) -> u32 {
    u32::from(state.sides[(side ^ 1) & 1].count & 7)
}

/// How many of `sums` (sorted, padded with [`PAD`], above every health) are below `health`: a
/// place, at most 127. Only [`RankTable::build`] searches (a binary search, at most
/// `2 · 7 · 128` for the places and `2 · 127` for the maps a battle); the search reads the
/// places it tabulates.
fn below(sums: &[u32], health: u32) -> u8 {
    u8::try_from(sums.partition_point(|&sum| sum < health)).unwrap_or(0)
}

/// A side's sorted distinct non-empty subset sums of its first `size` minions' attacks
/// (`values`, clamped), padded with [`PAD`].
fn distinct_sums(values: &[u32; 8], size: usize) -> [u32; SUMS] {
    let masks = 1usize << size.min(MAX_MINIONS);
    let mut distinct = [PAD; SUMS];
    let subsets = distinct.get_mut(..masks - 1).unwrap_or_default();
    subsets.copy_from_slice(subset_sums(values, size).get(1..masks).unwrap_or_default());
    subsets.sort_unstable();
    let len = dedup_sorted(subsets);
    subsets.get_mut(len..).unwrap_or_default().fill(PAD);
    distinct
}

/// The attack of each subset of a side's first `size` minions (attacks `values`), by mask
/// (bit `i` for slot `i`), clamped to [`MAX_VALUE`]: no health is above it, so no place or
/// death changes.
fn subset_sums(values: &[u32; 8], size: usize) -> [u32; MASKS] {
    let mut sums = [0u32; MASKS];
    for mask in 1..1usize << size.min(MAX_MINIONS) {
        let low = mask.trailing_zeros() as usize & 7;
        // `mask < 2^MAX_MINIONS = MASKS` (a power of two): the masks never change it, and
        // keep the index checks (and their panic calls) out.
        let sum = u64::from(sums[mask & (mask - 1) & (MASKS - 1)]) + u64::from(values[low]);
        sums[mask & (MASKS - 1)] = u32::try_from(sum.min(u64::from(MAX_VALUE))).unwrap_or(MAX_VALUE);
    }
    sums
}

/// The set bits of `bits` below bit `place` (`0..=127`): the rank of a health at that place,
/// by the population-count instruction where the target has one (x86-64 builds of this
/// workspace target `x86-64-v2`, see `.cargo/config.toml`).
#[cfg(target_feature = "popcnt")]
#[inline]
fn rank(bits: [u64; 2], place: u8) -> u64 {
    let place = u32::from(place & 0x7f);
    if place < 64 {
        u64::from((bits[0] & ((1u64 << place) - 1)).count_ones())
    } else {
        u64::from(bits[0].count_ones() + (bits[1] & ((1u64 << (place - 64)) - 1)).count_ones())
    }
}

/// The set bits of `bits` below bit `place` (`0..=127`): the rank of a health at that place,
/// in integer operations only where the target has no population-count instruction (the M0,
/// the M3/M4, RISC-V, baseline x86-64): a place in the high half adds both halves' nibble
/// counts (at most 8 a nibble) before folding them once.
#[cfg(not(target_feature = "popcnt"))]
#[inline]
fn rank(bits: [u64; 2], place: u8) -> u64 {
    /// Set bits of each 2-bit group of `x`, then of each nibble (at most 4 per nibble).
    const fn nibble_ones(x: u64) -> u64 {
        let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
        (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333)
    }
    /// The total of nibble counts: bytes of at most 16, summed in the top byte.
    const fn sum_nibbles(nibbles: u64) -> u64 {
        let bytes = (nibbles & 0x0f0f_0f0f_0f0f_0f0f) + ((nibbles >> 4) & 0x0f0f_0f0f_0f0f_0f0f);
        bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56
    }
    let place = u32::from(place & 0x7f);
    if place < 64 {
        sum_nibbles(nibble_ones(bits[0] & ((1u64 << place) - 1)))
    } else {
        sum_nibbles(nibble_ones(bits[0]) + nibble_ones(bits[1] & ((1u64 << (place - 64)) - 1)))
    }
}

fn dedup_sorted(list: &mut [u32]) -> usize {
    let mut len = 0usize;
    for i in 0..list.len() {
        // `len <= i`: every `get` finds its item (the fallbacks are never taken, and leave no
        // panic call).
        let value = list[i];
        if len == 0 || list.get(len - 1) != Some(&value) {
            if let Some(slot) = list.get_mut(len) {
                *slot = value;
            }
            len += 1;
        }
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    fn values(list: &[u32]) -> [u32; 8] {
        let mut v = [0u32; 8];
        v[..list.len()].copy_from_slice(list);
        v
    }

    /// The reference: the sorted distinct non-empty subset sums of `mask`'s minions (clamped),
    /// listed for that mask alone, as the table did before it shrank.
    fn mask_sums(values: &[u32; 8], mask: usize) -> Vec<u32> {
        let mut list = Vec::new();
        let mut sub = mask;
        while sub != 0 {
            let sum: u64 = (0..7).filter(|i| sub >> i & 1 == 1).map(|i| u64::from(values[i])).sum();
            list.push(u32::try_from(sum.min(u64::from(MAX_VALUE))).unwrap());
            sub = (sub - 1) & mask;
        }
        list.sort_unstable();
        list.dedup();
        list
    }

    /// The reference rank: `|{s ∈ H(M) : s < h}|` by a binary search over `H(M)`.
    fn reference_rank(values: &[u32; 8], mask: usize, health: u32) -> u32 {
        u32::try_from(mask_sums(values, mask).partition_point(|&sum| sum < health)).unwrap()
    }

    /// The bitmap of `side`'s minions in `mask`, as the table reads it for their enemies.
    fn bitmap(table: &RankTable<'_>, side: usize, mask: u8) -> [u64; 2] {
        let mut state = State::default();
        state.sides[side].alive = mask;
        table.enemy_bitmap(&state, side ^ 1)
    }

    /// The table's rank of `health` against `side`'s minions in `mask`.
    /// (`distinct`: the side's distinct sums, as the table was built with).
    fn table_rank(table: &RankTable<'_>, distinct: &[u32; SUMS], side: usize, mask: u8, health: u32) -> u32 {
        u32::try_from(rank(bitmap(table, side, mask), below(distinct, health))).unwrap()
    }

    /// The sums the table says `mask` can make.
    fn table_sums(table: &RankTable<'_>, distinct: &[u32; SUMS], side: usize, mask: u8) -> Vec<u32> {
        let bits = bitmap(table, side, mask);
        (0..SUMS).filter(|&j| bits[j / 64] >> (j % 64) & 1 == 1).map(|j| distinct[j]).collect()
    }

    /// The crate's seeded generator, with uniform values in `1..=top`.
    struct Rng(crate::pair::SplitMix);

    impl Rng {
        fn new(seed: u64) -> Self {
            Self(crate::pair::SplitMix(seed))
        }

        fn next(&mut self) -> u64 {
            self.0.next()
        }

        /// Uniform in `1..=top`.
        fn value(&mut self, top: u32) -> u32 {
            u32::try_from(self.0.below(u64::from(top))).unwrap() + 1
        }
    }

    /// The attack values and sizes of the `round`-th random board: values in `1..=4`,
    /// `1..=10` or `1..=MAX_VALUE` in turn, sizes through every pair of `1..=7`.
    fn random_board(rng: &mut Rng, round: usize) -> ([[u32; 8]; 2], [usize; 2]) {
        let top = [4, 10, MAX_VALUE][round % 3];
        let sizes = [1 + round % 7, 1 + (round / 3) % 7];
        let v = [0, 1].map(|side| {
            let mut row = [0u32; 8];
            row[..sizes[side]].iter_mut().for_each(|x| *x = rng.value(top));
            row
        });
        (v, sizes)
    }

    /// The health the enemies in `taken` leave a minion of attack `attack`, by the rules
    /// literally (no clamping), or `None` if they kill it.
    fn health_after(attack: u32, enemy: &[u32; 8], taken: u8) -> Option<u32> {
        let damage: u64 = (0..7).filter(|e| taken >> e & 1 == 1).map(|e| u64::from(enemy[e])).sum();
        u32::try_from(u64::from(attack).checked_sub(damage)?).ok().filter(|&health| health > 0)
    }

    #[test]
    fn places_by_damage_set_follow_the_rules() {
        let mut rng = Rng::new(0x0b31_0757);
        let mut words = [0u32; RANK_TABLE_WORDS];
        let (mut alive, mut dead) = (0u32, 0u32);
        for round in 0..300 {
            let (mut v, sizes) = random_board(&mut rng, round);
            if round % 7 == 0 {
                v[0][0] = MAX_VALUE;
                v[1][sizes[1] - 1] = MAX_VALUE;
            }
            let table = RankTable::build(&mut words, &v, sizes).unwrap();
            for side in 0..2 {
                let enemies = (1usize << sizes[side ^ 1]) - 1;
                let distinct = mask_sums(&v[side ^ 1], enemies);
                for slot in 0..sizes[side] {
                    for taken in 0..=u8::try_from(enemies).unwrap() {
                        let place = table.place_of(side, slot, taken);
                        match health_after(v[side][slot], &v[side ^ 1], taken) {
                            None => {
                                assert_eq!(place, DEAD, "{v:?} side {side} slot {slot} taken {taken:#b}");
                                dead += 1;
                            }
                            Some(health) => {
                                let expected = distinct.partition_point(|&sum| sum < health);
                                assert_eq!(
                                    usize::from(place),
                                    expected,
                                    "{v:?} side {side} slot {slot} taken {taken:#b}"
                                );
                                alive += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(alive > 10_000 && dead > 10_000, "{alive} {dead}");
    }

    #[test]
    fn the_rank_table_fits_its_stated_size() {
        assert_eq!(RANK_TABLE_WORDS, 1536);
        assert_eq!(RANK_TABLE_WORDS * 4, 6 * 1024);
        assert_eq!(BITMAPS, 128 * 4);
        // A byte per slot (of 8), side and damage set (of 7 enemies), every index in 11 bits.
        assert_eq!(PLACE_BYTES, 8 * 2 * 128);
        assert!(PLACE_BYTES.is_power_of_two() && PLACE_BYTES.is_multiple_of(4));
        // At most 2^7 - 1 distinct sums, one bit each in a mask's bitmap.
        assert_eq!(MASKS - 1, 127);
        assert_eq!(BITMAP_WORDS * 32, SUMS);
        // Seven ranks of 7 bits a side, 7 against 7; four of four a side in a near key.
        assert_eq!(BOB_RANK_SHIFT + 7 * 7, 127);
        assert_eq!(NEAR_BOB_RANK_SHIFT + 4 * 4, 61);
    }

    #[test]
    fn sums_are_sorted_distinct_and_clamped() {
        let mut words = [0u32; RANK_TABLE_WORDS];
        let v = [values(&[3, 4, 1, 999_999_999, 2]), values(&[5; 7])];
        let table = RankTable::build(&mut words, &v, [5, 7]).unwrap();
        let distinct = [distinct_sums(&v[0], 5), distinct_sums(&v[1], 7)];
        assert_eq!(table_sums(&table, &distinct[0], 0, 0b111), [1, 3, 4, 5, 7, 8]);
        assert_eq!(table_sums(&table, &distinct[0], 0, 0b1_1000), [2, 999_999_999, MAX_VALUE]);
        assert_eq!(table_sums(&table, &distinct[1], 1, 0x7f), [5, 10, 15, 20, 25, 30, 35]);
        assert!(table_sums(&table, &distinct[0], 0, 0).is_empty());
        // Masks beyond the side's minions make nothing.
        assert!(table_sums(&table, &distinct[0], 0, 0b10_0000).is_empty());
        // The distinct sums of the whole side, then the padding.
        let sums = distinct[1];
        assert_eq!(sums[..8], [5, 10, 15, 20, 25, 30, 35, PAD]);
        assert!(sums[7..].iter().all(|&s| s == PAD));
    }

    #[test]
    fn ranks_equal_the_per_mask_sums_reference() {
        let mut rng = Rng::new(0x007a_7e54);
        let mut words = [0u32; RANK_TABLE_WORDS];
        let mut checked = 0u64;
        for round in 0..600 {
            let top = [4, 10, MAX_VALUE][round % 3];
            let sizes = [1 + round % 7, 1 + (round / 7) % 7];
            let mut v = [[0u32; 8]; 2];
            for side in 0..2 {
                v[side][..sizes[side]].iter_mut().for_each(|x| *x = rng.value(top));
                // Duplicates on purpose, often.
                if sizes[side] > 1 && rng.next().is_multiple_of(2) {
                    v[side][sizes[side] - 1] = v[side][0];
                }
            }
            if round % 50 == 0 {
                v[0][0] = MAX_VALUE;
            }
            let table = RankTable::build(&mut words, &v, sizes).unwrap();
            for side in 0..2 {
                for mask in 0..1usize << sizes[side] {
                    let mut healths: Vec<u32> = std::vec![0, 1, 2, MAX_VALUE - 1, MAX_VALUE];
                    for sum in mask_sums(&v[side], mask).into_iter().chain(mask_sums(&v[side], (1 << sizes[side]) - 1))
                    {
                        healths.extend([sum - 1, sum, sum.saturating_add(1).min(MAX_VALUE)]);
                    }
                    for _ in 0..4 {
                        healths.push(rng.value(top.saturating_mul(7).min(MAX_VALUE)));
                    }
                    for health in healths {
                        let mask8 = u8::try_from(mask).unwrap();
                        assert_eq!(
                            table_rank(&table, &distinct_sums(&v[side], sizes[side]), side, mask8, health),
                            reference_rank(&v[side], mask, health),
                            "values {v:?}, sizes {sizes:?}, side {side}, mask {mask:#b}, health {health}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn keys_equal_the_reference_keys() {
        let mut rng = Rng::new(42);
        let mut words = [0u32; RANK_TABLE_WORDS];
        for round in 0..300 {
            let (v, sizes) = random_board(&mut rng, round);
            let table = RankTable::build(&mut words, &v, sizes).unwrap();
            for _ in 0..50 {
                let mut state = State { sides: [Side::new(sizes[0]), Side::new(sizes[1])] };
                let mut healths = [[0u32; 8]; 2];
                for side in 0..2 {
                    let all = u8::try_from((1u16 << sizes[side]) - 1).unwrap();
                    state.sides[side].alive = u8::try_from(rng.next() & 0x7f).unwrap() & all;
                    state.sides[side].count = u8::try_from(state.sides[side].alive.count_ones()).unwrap();
                    let enemies = u8::try_from((1u16 << sizes[side ^ 1]) - 1).unwrap();
                    for slot in 0..sizes[side] {
                        // A random damage set that leaves the minion alive, else none.
                        let taken = u8::try_from(rng.next() & 0x7f).unwrap() & enemies;
                        let taken = if health_after(v[side][slot], &v[side ^ 1], taken).is_some() { taken } else { 0 };
                        state.sides[side].taken[slot] = taken;
                        healths[side][slot] = health_after(v[side][slot], &v[side ^ 1], taken).unwrap();
                    }
                }
                let mover = usize::from(rng.next() % 2 == 1);
                let key = table.fresh(&state).key(mover);
                let mut expected =
                    (mover as u128) | u128::from(state.sides[0].alive) << 1 | u128::from(state.sides[1].alive) << 8;
                let near = state.alive() <= 8;
                let mut near_expected = u64::try_from(expected).unwrap();
                // Each alive minion's rank in turn, Alice's from bit 29 and Bob's from bit 78
                // (45 in a near key), each in as many bits as its side has enemies alive.
                for (side, start, near_start) in [(0, 29, 29), (1, 78, 45)] {
                    let enemy = usize::from(state.sides[side ^ 1].alive);
                    let width = enemy.count_ones();
                    let mut shift = 0;
                    for slot in 0..7u32 {
                        if state.sides[side].alive >> slot & 1 == 1 {
                            let health = healths[side][slot as usize];
                            let rank = reference_rank(&v[side ^ 1], enemy, health);
                            assert!(rank < 1 << width, "rank {rank} of {width} enemies");
                            expected |= u128::from(rank) << (start + shift);
                            if near {
                                near_expected |= u64::from(rank) << (near_start + shift);
                            }
                            shift += width;
                        }
                    }
                    assert!(start + shift <= [78, 127][side], "{shift} bits of ranks");
                    assert!(!near || near_start + shift <= [45, 61][side], "{shift} bits of near ranks");
                }
                assert_eq!(key, expected, "values {v:?}, state {state:?}");
                if near {
                    assert_eq!(table.fresh(&state).near_key(mover), near_expected, "values {v:?}, state {state:?}");
                }
            }
        }
    }

    #[test]
    fn kept_ranks_follow_every_exchange() {
        let mut rng = Rng::new(7);
        let mut words = [0u32; RANK_TABLE_WORDS];
        for round in 0..400 {
            let (v, sizes) = random_board(&mut rng, round);
            let table = RankTable::build(&mut words, &v, sizes).unwrap();
            let mut state = State { sides: [Side::new(sizes[0]), Side::new(sizes[1])] };
            table.start(&mut state);
            let mut me = round % 2;
            // A random line of play, as the search makes it.
            while state.sides[0].count > 0 && state.sides[1].count > 0 {
                assert_eq!(state.key(me), table.fresh(&state).key(me), "values {v:?}, state {state:?}");
                let foe = me ^ 1;
                let attacker = state.sides[me].next_attacker();
                let targets = state.sides[foe].alive;
                let pick = usize::try_from(rng.next() % u64::from(targets.count_ones())).unwrap();
                let target = (0..7).filter(|t| targets >> t & 1 == 1).nth(pick).unwrap();
                let (attacker_died, target_died) = table.exchange(&mut state, me, attacker, target);
                // Who dies, by the rules literally: the health the damage sets leave.
                let healths = [(me, attacker), (foe, target)]
                    .map(|(side, slot)| health_after(v[side][slot], &v[side ^ 1], state.sides[side].taken[slot]));
                assert_eq!([attacker_died, target_died], healths.map(|health| health.is_none()), "{v:?} {state:?}");
                table.exchanged(&mut state, me, (attacker, attacker_died), (target, target_died));
                me = foe;
            }
        }
    }

    /// `strike_back` against the rules followed literally, on every small side: the attacker
    /// takes its target's attack, dies if its place says so (out of the alive and the attacked
    /// sets) or is marked as having attacked, and a cycle ends when every alive minion has
    /// attacked.
    #[test]
    fn striking_back_follows_the_rules() {
        let mut checked = 0;
        for alive in 1u8..128 {
            for attacked in (0u8..128).filter(|&a| a & !alive == 0 && a != alive) {
                for slot in (0..7).filter(|&s| (alive & !attacked) >> s & 1 == 1) {
                    for (by, place) in [(0, 3), (2, DEAD), (6, 0), (5, DEAD)] {
                        let count = u8::try_from(alive.count_ones()).unwrap();
                        let mut side = Side { alive, attacked, count, ..Side::default() };
                        side.taken[slot] = 0b10;
                        let mut expected = side;
                        let bit = 1u8 << slot;
                        expected.taken[slot] |= 1 << by;
                        expected.place[slot] = place;
                        let died = place == DEAD;
                        if died {
                            expected.alive &= !bit;
                            expected.count -= 1;
                        } else {
                            expected.attacked |= bit;
                        }
                        if expected.attacked == expected.alive {
                            expected.attacked = 0;
                        }
                        assert_eq!(side.strike_back(slot, by, place), died);
                        assert_eq!(side, expected, "alive {alive:07b} attacked {attacked:07b} slot {slot}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn equivalent_healths_share_a_key() {
        let mut words = [0u32; RANK_TABLE_WORDS];
        let v = [values(&[10]), values(&[3, 4])];
        let table = RankTable::build(&mut words, &v, [1, 2]).unwrap();
        let mut state = State { sides: [Side::new(1), Side::new(2)] };
        // Enemy sums {3, 4, 7}: healths 5..=7 all need the pair, 8 and more cannot die. The
        // attack of 3 leaves 7, that of 4 leaves 6: the same key.
        state.sides[0].taken[0] = 0b01;
        let seven = table.fresh(&state).key(0);
        state.sides[0].taken[0] = 0b10;
        assert_eq!(table.fresh(&state).key(0), seven);
        // Both leave 3, which one attack of 3 or 4 kills.
        state.sides[0].taken[0] = 0b11;
        assert_ne!(table.fresh(&state).key(0), seven);
        // None: 10 cannot die.
        state.sides[0].taken[0] = 0;
        let ten = table.fresh(&state).key(0);
        assert_ne!(ten, seven);
        assert_ne!(table.fresh(&state).key(1), ten);
    }

    #[test]
    fn a_short_scratch_is_a_capacity_error() {
        let mut words = [0u32; RANK_TABLE_WORDS - 1];
        let v = [values(&[1, 2]), values(&[3])];
        let error = RankTable::build(&mut words, &v, [2, 1]).unwrap_err();
        assert_eq!(error, CapacityError { needed: RANK_TABLE_WORDS, capacity: RANK_TABLE_WORDS - 1 });
    }
}
