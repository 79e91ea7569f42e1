//! The state of a fight under the game rules, its exact key, and the rules that change it.
//!
//! # Kinds
//! Every minion that can ever be on a side is one of four kinds of each input minion `i`:
//! the minion itself (`1 + 4i`), its reborn copy (`2 + 4i`), a token of its deathrattle
//! (`3 + 4i`) and the reborn copy of such a token (`4 + 4i`): 28 kinds a side, each with a
//! fixed attack, starting health, keywords, tier, deathrattle, reborn copy and shots
//! ([`Kinds`]). A minion on the board is its kind and what changes: its health, its current
//! keywords (a popped shield, a spent venom, a lost stealth), its mark and its shots left.
//!
//! # Key
//! A minion packs into 48 bits of a `u64` (health 30 bits, kind 5, keywords 8, mark 2, shots
//! 3); a side is 7 such words left to right, the empty places 0, so the key says how many
//! minions each side has now (tokens make a side grow): 14 words ([`WIDE_KEY`]). The side to
//! move, the phase (a turn, or the start of combat of the first or the second side to fire)
//! and the side that fires first are in the spare high bits of the first word. When every
//! health of the fight is below `2^18` (every kind's starting health: healths only drop), a
//! minion packs into 31 bits instead (health 18, kind 5, the keywords that can change, which
//! are divine shield, venomous and stealth, 3, mark 2, shots 3), two a word: 7 words
//! ([`COMPACT_KEY`]), the side to move, the phase and the first to fire in the 32nd bits of
//! the first four places. Either way the key is the whole state: equal keys, equal states.

use super::{Card, Fight, Keywords, Shots, MAX_MINIONS};

/// Words (`u64`) of a key with 48 bits a minion.
pub(super) const WIDE_KEY: usize = 2 * MAX_MINIONS;
/// Words (`u64`) of a key with 31 bits a minion (every health below `2^18`).
pub(super) const COMPACT_KEY: usize = MAX_MINIONS;
/// The healths a compact key holds: below `2^18`.
pub(super) const COMPACT_HEALTH: u32 = 1 << 18;
/// The most words of a key.
pub(super) const KEY_WORDS: usize = WIDE_KEY;

/// Kinds a side: four per input minion, and 0 for none.
const KINDS: usize = 1 + 4 * MAX_MINIONS;

/// The mark of a minion in its side's attack cycle (rule 3).
pub(super) const NONE: u8 = 0;
/// Marked *passed*.
pub(super) const PASSED: u8 = 1;
/// Marked *attacked*.
pub(super) const ATTACKED: u8 = 2;

/// What a kind of minion is.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Kind {
    pub attack: u32,
    pub health: u32,
    pub keywords: u8,
    pub tier: u8,
    /// Tokens of its deathrattle, and their kind (0: none).
    pub summon: (u8, u8),
    /// The kind of its reborn copy, with `R` (0: none).
    pub reborn: u8,
    /// Its start-of-combat shots (the input's minions only).
    pub shots: Option<Shots>,
}

/// Every kind of both sides, and the heroes' tiers.
#[derive(Clone, Copy, Debug)]
pub(super) struct Kinds {
    pub sides: [[Kind; KINDS]; 2],
    pub counts: [usize; 2],
    /// The kind of each input minion at the start (the first identical minion's).
    pub start: [[u8; MAX_MINIONS]; 2],
    /// Whether every swing of the fight takes exactly one life from each side (see
    /// [`State::lives`]): every kind that can be on the board has attack `> 0` and at least
    /// every enemy kind's starting health, and none has cleave, stealth, a deathrattle or shots.
    pub lockstep: bool,
    /// Per side, bit `k` set when kind `k` has attack 0.
    pub idle: [u32; 2],
    /// Per side, bit `k` set when kind `k` has a deathrattle (it summons when it dies).
    pub deathrattle: [u32; 2],
    /// Per side, bit `k` set when kind `k` has a reborn copy (it returns when it dies with
    /// `R`).
    pub returns: [u32; 2],
    /// Per side, the damage totals its minions can take ([`Ladder`]).
    pub ladders: [Ladder; 2],
    /// Whether only the winner matters: every win ends with survivors' tiers 1 (the odds
    /// alone, three ends instead of [`super::CLASSES`]).
    pub odds_only: bool,
}

/// The most damage totals a [`Ladder`] holds.
const LADDER: usize = 48;

/// The damage totals a side's minions can take in the rest of a fight, in increasing order:
/// the sums of the enemy kinds' attacks and shots' damages, up to the side's largest health
/// (or its first [`LADDER`], when there are more).
///
/// A minion's health matters only through the totals that kill it: it dies when the damage it
/// takes (always such a total) reaches its health. So a health `h` can be raised to the
/// least total `t >= h` without changing any fight: a total kills `h` exactly when it kills `t`,
/// and after a hit of `a` (itself a total) `h - a` and `t - a` are again killed by the same
/// totals. Healths so raised after every hit make states that differ only by damage that
/// cannot matter one state (a minion of 55 hit for 24 or for 20 by enemies of attack 20 or
/// more is one hit from death either way). Each hit still lowers a raised health: the interval
/// `[h - a, h)` holds a multiple of `a`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ladder {
    totals: [u32; LADDER],
    len: usize,
}

impl Ladder {
    /// The totals of the damages `damages` (0s ignored) up to `most`.
    fn new(damages: &[u32], most: u32) -> Self {
        let mut ladder = Self { totals: [0; LADDER], len: 1 };
        // Each total after 0 is an earlier one plus a damage: per damage, the first total that
        // it has not yet been added to with a sum above the last (the merge of the sequences
        // `total + damage`, without repeats).
        let mut next = [0u8; 2 * KINDS + 2 * MAX_MINIONS];
        while ladder.len < LADDER {
            let Some(&last) = ladder.totals.get(ladder.len.wrapping_sub(1)) else { break };
            let mut least = u64::MAX;
            for (&d, at) in damages.iter().zip(next.iter_mut()) {
                if d == 0 {
                    continue;
                }
                while let Some(&t) = ladder.totals.get(usize::from(*at)).filter(|_| usize::from(*at) < ladder.len) {
                    if u64::from(t) + u64::from(d) > u64::from(last) {
                        least = least.min(u64::from(t) + u64::from(d));
                        break;
                    }
                    *at += 1;
                }
            }
            match u32::try_from(least) {
                Ok(total) if total <= most => {
                    if let Some(slot) = ladder.totals.get_mut(ladder.len) {
                        *slot = total;
                    }
                    ladder.len += 1;
                }
                _ => break,
            }
        }
        ladder
    }

    /// The least total at least `health`, or `health` itself beyond the ladder's top.
    #[inline]
    pub fn raise(&self, health: u32) -> u32 {
        let totals = self.totals.get(..self.len).unwrap_or_default();
        let i = totals.partition_point(|&t| t < health);
        totals.get(i).copied().unwrap_or(health)
    }
}

const R: u8 = Keywords::REBORN.bits();

impl Kind {
    /// The damage its hits add to a minion's total: its attack, or 0 when it is poisonous (a
    /// hit that is not absorbed kills, whatever the total).
    #[inline]
    fn wounds(&self) -> u32 {
        if self.keywords & Keywords::POISONOUS.bits() != 0 {
            0
        } else {
            self.attack
        }
    }
}

impl Kinds {
    // Never inlined: built in its caller's place, not in a frame of its own beside it (2 KiB
    // more on the stack of a firmware's search).
    #[inline(never)]
    pub fn new(fight: &Fight) -> Self {
        let mut sides = [[Kind::default(); KINDS]; 2];
        let mut start = [[0u8; MAX_MINIONS]; 2];
        for (side, (kinds, starts)) in sides.iter_mut().zip(&mut start).enumerate() {
            let cards = fight.side(side);
            for (i, card) in cards.iter().enumerate() {
                // Identical minions share their kinds (the first one's): states that differ
                // only by which of them is where are one state (the key stays exact: a kind
                // fixes everything but what the unit records).
                let first = cards.iter().position(|c| c == card).unwrap_or(i);
                let base = 1 + 4 * first;
                if let Some(slot) = starts.get_mut(i) {
                    *slot = u8::try_from(base).unwrap_or(0);
                }
                let Card { attack, health, keywords, tier, summon, reborn_as, shots } = *card;
                let id = |k: usize| u8::try_from(k).unwrap_or(0);
                let reborn_keywords = reborn_as.map_or(keywords, |r| r.keywords).bits() & !R;
                let reborn_attack = reborn_as.map_or(attack, |r| r.attack);
                let summon_of = summon.map_or((0, 0), |s| (s.count, id(base + 2)));
                let reborn = if keywords.contains(Keywords::REBORN) { id(base + 1) } else { 0 };
                let mut set = |k: usize, kind: Kind| {
                    if let Some(slot) = kinds.get_mut(k) {
                        *slot = kind;
                    }
                };
                set(base, Kind { attack, health, keywords: keywords.bits(), tier, summon: summon_of, reborn, shots });
                set(
                    base + 1,
                    Kind {
                        attack: reborn_attack,
                        health: 1,
                        keywords: reborn_keywords,
                        tier,
                        summon: summon_of,
                        reborn: 0,
                        shots: None,
                    },
                );
                if let Some(s) = summon {
                    let t = s.token;
                    let token_reborn = if t.keywords.contains(Keywords::REBORN) { id(base + 3) } else { 0 };
                    let kw = t.keywords.bits();
                    set(
                        base + 2,
                        Kind {
                            attack: t.attack,
                            health: t.health,
                            keywords: kw,
                            tier: 1,
                            summon: (0, 0),
                            reborn: token_reborn,
                            shots: None,
                        },
                    );
                    set(
                        base + 3,
                        Kind {
                            attack: t.attack,
                            health: 1,
                            keywords: kw & !R,
                            tier: 1,
                            summon: (0, 0),
                            reborn: 0,
                            shots: None,
                        },
                    );
                }
            }
        }
        let mut kinds = Self {
            sides,
            counts: [fight.side(0).len(), fight.side(1).len()],
            start,
            lockstep: false,
            idle: [0; 2],
            deathrattle: [0; 2],
            returns: [0; 2],
            ladders: [Ladder { totals: [0; LADDER], len: 1 }; 2],
            odds_only: false,
        };
        for side in 0..2 {
            // What can hit this side: every enemy kind's attack (a swing, a cleave) and every
            // enemy shot's damage.
            let mut damages = [0u32; 2 * KINDS + 2 * MAX_MINIONS];
            for (slot, kind) in damages.iter_mut().zip(&kinds.sides[side ^ 1]) {
                *slot = kind.wounds();
            }
            for (slot, kind) in damages.iter_mut().skip(KINDS).zip(&kinds.sides[side ^ 1]) {
                *slot = kind.shots.map_or(0, |s| s.damage);
            }
            let most = kinds.sides[side].iter().map(|k| k.health).max().unwrap_or(0);
            let ladder = Ladder::new(&damages, most);
            kinds.ladders[side] = ladder;
            for kind in &mut kinds.sides[side] {
                kind.health = ladder.raise(kind.health);
            }
        }
        kinds.lockstep = kinds.find_lockstep();
        for side in 0..2 {
            for (k, kind) in kinds.sides[side].iter().enumerate() {
                if kind.attack == 0 {
                    kinds.idle[side] |= 1 << k;
                }
                if kind.summon.0 > 0 {
                    kinds.deathrattle[side] |= 1 << k;
                }
                if kind.reborn != 0 {
                    kinds.returns[side] |= 1 << k;
                }
            }
        }
        kinds
    }

    /// The kinds that can be on `side`'s board: its input minions' and their reborn copies'
    /// (tokens are excluded by [`Self::find_lockstep`]'s other conditions).
    fn present(&self, side: usize) -> impl Iterator<Item = &Kind> + '_ {
        let side = side & 1;
        let kinds = &self.sides[side];
        self.start[side].iter().take(self.counts[side]).flat_map(move |&k| {
            let kind = kinds.get(usize::from(k));
            let copy = kind.filter(|k| k.reborn != 0).and_then(|k| kinds.get(usize::from(k.reborn)));
            kind.into_iter().chain(copy)
        })
    }

    /// Whether every swing takes exactly one life from each side: an attack `> 0` at least
    /// every enemy kind's starting health (so every hit kills or pops a shield), no cleave (one
    /// target), no stealth (every turn swings), no deathrattle (no new lives), no shots.
    fn find_lockstep(&self) -> bool {
        let bad = Keywords::CLEAVE.bits() | Keywords::STEALTH.bits();
        let plain = |side: usize| {
            self.present(side).all(|k| k.attack > 0 && k.keywords & bad == 0 && k.summon.0 == 0 && k.shots.is_none())
        };
        let kills = |side: usize| {
            let least = self.present(side).map(|k| k.attack).min().unwrap_or(0);
            self.present(side ^ 1).all(|k| k.health <= least)
        };
        plain(0) && plain(1) && kills(0) && kills(1)
    }

    /// Whether every health of the fight fits a compact key (every kind's starting health,
    /// which no minion exceeds: healths only drop).
    pub fn compact(&self) -> bool {
        self.sides.iter().flatten().all(|k| k.health < COMPACT_HEALTH)
    }

    /// The kind `kind` of `side`.
    #[inline]
    pub fn kind(&self, side: usize, kind: u8) -> &Kind {
        let side = &self.sides[side & 1];
        side.get(usize::from(kind)).unwrap_or(&side[0])
    }
}

/// Ladders kept: the damage totals below 128 of the enemies met so far, by what the enemies
/// are (their kinds and which of them still have reborn, a side bit; direct-mapped, so
/// bounded: [`TOTALS_KEPT`] entries). The same enemies, the same totals.
#[derive(Clone, Copy, Debug)]
pub(super) struct Totals {
    kept: [(u64, u128); TOTALS_KEPT],
}

/// Entries of [`Totals`] (a power of two): with a heap (a host, the page), enough for every
/// set of enemies of most fights (32 KiB: with 256, 3 % of late07's keys missed, each
/// building its totals again); without (a firmware's stack), 16 (512 bytes).
const TOTALS_KEPT: usize = if cfg!(feature = "alloc") { 1024 } else { 16 };
const _: () = assert!(TOTALS_KEPT.is_power_of_two(), "Totals::place takes the hash's top bits");

impl Totals {
    /// None kept (a key 0 is no set of enemies: every key has bit 63).
    pub const NEW: Self = Self { kept: [(0, 0); TOTALS_KEPT] };

    fn place(enemies: u64) -> usize {
        usize::try_from(enemies.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - TOTALS_KEPT.trailing_zeros())).unwrap_or(0)
            % TOTALS_KEPT
    }

    fn get(&self, enemies: u64) -> Option<u128> {
        self.kept.get(Self::place(enemies)).filter(|(k, _)| *k == enemies).map(|&(_, t)| t)
    }

    fn put(&mut self, enemies: u64, below: u128) {
        if let Some(slot) = self.kept.get_mut(Self::place(enemies)) {
            *slot = (enemies, below);
        }
    }

    /// The totals of `damages` below 128, bit `t` for total `t`: each damage's multiples added
    /// in doubling steps.
    fn below_128(damages: &[u32]) -> u128 {
        let mut below = 1u128;
        for &d in damages {
            let mut step = d;
            while step < 128 {
                below |= below << step;
                step = step.saturating_mul(2);
            }
        }
        below
    }
}

/// A minion on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Unit {
    /// Health left; 0 is dead (damage saturates, poison sets it to 0).
    pub health: u32,
    pub kind: u8,
    /// Its keywords now.
    pub keywords: u8,
    pub mark: u8,
    /// Start-of-combat shots left.
    pub shots: u8,
}

/// The keywords that can change (divine shield, venomous, stealth: bits 1, 3, 6) of each
/// keyword byte, as bits 0, 1, 2: one load a minion in a compact key, not nine operations.
const CHANGING: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut k: u8 = 0;
    loop {
        table[k as usize] = k >> 1 & 1 | (k >> 3 & 1) << 1 | (k >> 6 & 1) << 2;
        if k == u8::MAX {
            break table;
        }
        k += 1;
    }
};

impl Unit {
    /// A fresh minion of `kind`.
    fn new(kinds: &Kinds, side: usize, kind: u8) -> Self {
        let k = kinds.kind(side, kind);
        Self { health: k.health, kind, keywords: k.keywords, mark: NONE, shots: k.shots.map_or(0, |s| s.times) }
    }

    #[inline]
    pub fn has(&self, keyword: Keywords) -> bool {
        self.keywords & keyword.bits() == keyword.bits()
    }

    #[inline]
    fn drop(&mut self, keyword: Keywords) {
        self.keywords &= !keyword.bits();
    }

    /// Takes `damage` (rule 6): nothing from 0; a shield absorbs it and is lost; else the
    /// health drops (raised on the side's `ladder`), and `poison` kills. Whether it was
    /// damaged.
    #[inline]
    fn take(&mut self, damage: u32, poison: bool, ladder: &Ladder) -> bool {
        if damage == 0 {
            return false;
        }
        if self.has(Keywords::DIVINE_SHIELD) {
            self.drop(Keywords::DIVINE_SHIELD);
            return false;
        }
        self.health = if poison || damage >= self.health { 0 } else { ladder.raise(self.health - damage) };
        true
    }

    /// The minion in 31 bits (health below `2^18`): health, kind, the changing keywords
    /// (divine shield, venomous, stealth: bits 1, 3, 6 of the keywords), mark, shots.
    fn pack_compact(&self) -> u64 {
        let changing = u64::from(CHANGING[usize::from(self.keywords)]);
        u64::from(self.health & (COMPACT_HEALTH - 1))
            | u64::from(self.kind) << 18
            | changing << 23
            | u64::from(self.mark) << 26
            | u64::from(self.shots) << 28
    }

    fn pack(&self) -> u64 {
        u64::from(self.health)
            | u64::from(self.kind) << 30
            | u64::from(self.keywords) << 35
            | u64::from(self.mark) << 43
            | u64::from(self.shots) << 45
    }
}

/// One side's minions, left to right.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Side {
    pub units: [Unit; MAX_MINIONS],
    pub len: usize,
}

impl Side {
    #[inline]
    pub fn units(&self) -> &[Unit] {
        self.units.get(..self.len).unwrap_or_default()
    }

    #[inline]
    pub fn units_mut(&mut self) -> &mut [Unit] {
        self.units.get_mut(..self.len).unwrap_or_default()
    }

    /// The minions a swing at this side may target, a bit each (rule 5): the visible (not
    /// stealthed) ones, or only the visible taunts if there are any; 0 when all are stealthed.
    #[inline]
    pub fn targets(&self) -> u8 {
        let mut visible = 0u8;
        let mut taunts = 0u8;
        for (i, u) in self.units().iter().enumerate() {
            if !u.has(Keywords::STEALTH) {
                visible |= 1 << i;
                if u.has(Keywords::TAUNT) {
                    taunts |= 1 << i;
                }
            }
        }
        if taunts != 0 {
            taunts
        } else {
            visible
        }
    }
}

/// What a side is to the canonical key ([`State::canonical_key`]).
#[derive(Clone, Copy, Debug)]
struct Looks {
    /// What its minions are as enemies: their kinds (bit `k`), which of them still have reborn
    /// (bit `32 + k`), the side (bit 0), bit 63 set. The other side's ladder depends on nothing
    /// else, unless shots are left.
    kinds: u64,
    /// Whether one of its minions has a shot left.
    shots: bool,
    /// Whether none of its minions can summon again (no deathrattle, no reborn left).
    settled: bool,
    /// Its largest health.
    most: u32,
}

impl Side {
    /// What `side` (this side) is to the canonical key: one pass over its minions.
    #[inline]
    fn looks(&self, kinds: &Kinds, side: usize) -> Looks {
        let side = side & 1;
        let mut looks = Looks { kinds: 1 << 63 | side as u64, shots: false, settled: true, most: 0 };
        for u in self.units() {
            let reborn = u64::from(u.keywords & R != 0);
            looks.kinds |= (1 | reborn << 32) << (u.kind & 31);
            looks.shots |= u.shots > 0;
            looks.most = looks.most.max(u.health);
        }
        // Its kinds (the low word; bit 0, the side, is no kind) and those still with reborn (the
        // high word; its bit 31, the key's bit 63 set in every look, is no kind): the side is
        // settled when none of them summons when it dies.
        let word = |shift: u32| u32::try_from(looks.kinds >> shift & u64::from(u32::MAX)).unwrap_or(0);
        looks.settled = word(0) & kinds.deathrattle[side] == 0 && word(32) & kinds.returns[side] == 0;
        looks
    }
}

/// How a turn begins ([`State::open_turn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Opening {
    /// Neither side has a minion that can attack: the fight is a tie.
    Tie,
    /// The mover has none: the other side's turn, from the same state.
    Pass,
    /// The mover's minion at this place swings.
    Swing(usize),
}

/// The side that fires at `stage` of the start of combat (rule 2): `first` at stage 0, the
/// other at stage 1.
pub(super) const fn firing(first: usize, stage: u64) -> usize {
    if stage == 0 {
        first & 1
    } else {
        (first & 1) ^ 1
    }
}

/// Both sides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct State {
    pub sides: [Side; 2],
}

/// Phases of a key: a turn.
pub(super) const TURN: u64 = 0;

impl State {
    /// The start: every input minion, its shots still to fire.
    pub fn start(kinds: &Kinds) -> Self {
        let mut state = Self::default();
        for (side, s) in state.sides.iter_mut().enumerate() {
            s.len = kinds.counts[side].min(MAX_MINIONS);
            for (unit, &kind) in s.units_mut().iter_mut().zip(&kinds.start[side]) {
                *unit = Unit::new(kinds, side, kind);
            }
        }
        state
    }

    /// The exact key with `mover` to move in `phase` (0 a turn, 1 and 2 the start of combat's
    /// first and second side), `first` the side firing first.
    /// `W` is [`WIDE_KEY`] or [`COMPACT_KEY`] (then every health is below `2^18`).
    pub fn key<const W: usize>(&self, mover: usize, phase: u64, first: usize) -> [u64; W] {
        let healths = self.sides.map(|s| s.units.map(|u| u.health));
        self.pack::<W>(mover, phase, first, &healths, |_, u| u.mark)
    }

    /// The key of the same fight with the marks that can no longer matter made equal: on a
    /// side none of whose minions can summon again (no reborn left, no deathrattle), *passed*
    /// acts as *attacked* (rule 4 reads the difference only when a minion is summoned), and a
    /// minion of attack 0 never attacks, so its mark is never read (it becomes none).
    /// Its healths are raised on the ladders of what can still hit them ([`Self::raised`],
    /// the ladders kept in `totals`).
    #[inline]
    pub fn canonical_key<const W: usize>(
        &self,
        kinds: &Kinds,
        totals: &mut Totals,
        mover: usize,
        phase: u64,
        first: usize,
    ) -> [u64; W] {
        let looks = [self.sides[0].looks(kinds, 0), self.sides[1].looks(kinds, 1)];
        let healths = [self.raised(kinds, totals, 0, looks), self.raised(kinds, totals, 1, looks)];
        let mark = |side: usize, u: &Unit| -> u8 {
            if !looks[side & 1].settled {
                u.mark
            } else if kinds.idle[side & 1] >> (u.kind & 31) & 1 != 0 {
                NONE
            } else if u.mark == PASSED {
                ATTACKED
            } else {
                u.mark
            }
        };
        self.pack::<W>(mover, phase, first, &healths, mark)
    }

    /// The healths of `side` raised on the ladder of what can still hit them: the attacks of
    /// the enemies on the board, of their reborn copies and tokens to come, and their shots
    /// left ([`Ladder`]; fewer enemies, fewer totals, more healths alike). Below 128 the
    /// totals are a mask, kept in `totals` by what the enemies are (`looks`, the sides').
    #[inline]
    fn raised(&self, kinds: &Kinds, totals: &mut Totals, side: usize, looks: [Looks; 2]) -> [u32; MAX_MINIONS] {
        let (side, foe) = (side & 1, (side & 1) ^ 1);
        let mut healths = self.sides[side].units.map(|u| u.health);
        let enemies = looks[foe];
        if looks[side].most >= 128 {
            let ladder = self.ladder_against(kinds, foe, looks[side].most);
            for h in &mut healths {
                *h = ladder.raise(*h);
            }
            return healths;
        }
        let kept = if enemies.shots { None } else { totals.get(enemies.kinds) };
        let below = kept.unwrap_or_else(|| {
            let below = self.ladder_below_128(kinds, foe);
            if !enemies.shots {
                totals.put(enemies.kinds, below);
            }
            below
        });
        for h in healths.iter_mut().take(self.sides[side].len) {
            let above = below >> (*h & 127);
            if above != 0 {
                *h += above.trailing_zeros();
            }
        }
        healths
    }

    /// The damages `foe`'s minions can still deal: their attacks, their reborn copies' and
    /// tokens' to come, their shots left; each once, and how many.
    #[inline(never)]
    fn damages(&self, kinds: &Kinds, foe: usize) -> ([u32; 4 * MAX_MINIONS], usize) {
        let foe = foe & 1;
        let mut damages = [0u32; 4 * MAX_MINIONS];
        let mut n = 0;
        let mut add = |d: u32| {
            if d > 0 && !damages.get(..n).unwrap_or_default().contains(&d) {
                if let Some(slot) = damages.get_mut(n) {
                    *slot = d;
                    n += 1;
                }
            }
        };
        for u in self.sides[foe].units() {
            let kind = kinds.kind(foe, u.kind);
            add(kind.wounds());
            if u.has(Keywords::REBORN) && kind.reborn != 0 {
                add(kinds.kind(foe, kind.reborn).wounds());
            }
            if kind.summon.0 > 0 {
                let token = kinds.kind(foe, kind.summon.1);
                add(token.wounds());
                if token.reborn != 0 {
                    add(kinds.kind(foe, token.reborn).wounds());
                }
            }
            if u.shots > 0 {
                add(kind.shots.map_or(0, |s| s.damage));
            }
        }
        (damages, n)
    }

    /// The totals below 128 of what `foe`'s minions can still deal ([`Self::damages`]).
    #[inline(never)]
    fn ladder_below_128(&self, kinds: &Kinds, foe: usize) -> u128 {
        let (damages, n) = self.damages(kinds, foe);
        Totals::below_128(damages.get(..n).unwrap_or_default())
    }

    /// The ladder up to `most` of what `foe`'s minions can still deal ([`Self::damages`]).
    #[inline(never)]
    fn ladder_against(&self, kinds: &Kinds, foe: usize, most: u32) -> Ladder {
        let (damages, n) = self.damages(kinds, foe);
        Ladder::new(damages.get(..n).unwrap_or_default(), most)
    }

    /// The key of this state with `healths` for its minions' and `mark` telling each one's
    /// mark: per minion 48 bits (`W` = [`WIDE_KEY`]) or 31 ([`COMPACT_KEY`]), side 0's
    /// places 0..7 and side 1's 7..14, the flags (mover, phase, first) beside them.
    #[inline]
    fn pack<const W: usize>(
        &self,
        mover: usize,
        phase: u64,
        first: usize,
        healths: &[[u32; MAX_MINIONS]; 2],
        mark: impl Fn(usize, &Unit) -> u8,
    ) -> [u64; W] {
        let mut key = [0u64; W];
        let flags = mover as u64 & 1 | (phase & 3) << 1 | (first as u64 & 1) << 3;
        let wide = W >= WIDE_KEY;
        for (s, (side, healths)) in self.sides.iter().zip(healths).enumerate() {
            for (i, (unit, &health)) in side.units().iter().zip(healths).enumerate() {
                let place = s * MAX_MINIONS + i;
                let unit = Unit { health, mark: mark(s, unit), ..*unit };
                if wide {
                    if let Some(word) = key.get_mut(place) {
                        *word = unit.pack();
                    }
                } else if let Some(word) = key.get_mut(place / 2) {
                    *word |= unit.pack_compact() << (32 * (place % 2));
                }
            }
        }
        if wide {
            if let Some(first_word) = key.first_mut() {
                *first_word |= flags << 48;
            }
        } else {
            // The flags' four bits are the 32nd bits of places 0..4.
            for bit in 0..4 {
                if let Some(word) = key.get_mut(bit / 2) {
                    *word |= (flags >> bit & 1) << (31 + 32 * (bit % 2));
                }
            }
        }
        key
    }

    /// The lives of `side` in a lockstep fight ([`Kinds::lockstep`]): each minion's shield, its
    /// body, and if it has reborn its copy's body and shield. Each swing takes exactly one from
    /// each side, and a side is empty exactly when it has none left.
    pub fn lives(&self, kinds: &Kinds, side: usize) -> usize {
        let shield = |k: u8| usize::from(k & Keywords::DIVINE_SHIELD.bits() != 0);
        self.sides[side & 1]
            .units()
            .iter()
            .map(|u| {
                let copy = kinds.kind(side, u.kind).reborn;
                let after =
                    if u.has(Keywords::REBORN) && copy != 0 { 1 + shield(kinds.kind(side, copy).keywords) } else { 0 };
                shield(u.keywords) + 1 + after
            })
            .sum()
    }

    /// The winner and its survivors' tier sum when a side has no minion: `Some(None)` for a
    /// tie (both empty), `None` while both have minions.
    pub fn over(&self, kinds: &Kinds) -> Option<Option<(usize, usize)>> {
        match (self.sides[0].len, self.sides[1].len) {
            (0, 0) => Some(None),
            (_, 0) => Some(Some((0, if kinds.odds_only { 1 } else { self.tiers(kinds, 0) }))),
            (0, _) => Some(Some((1, if kinds.odds_only { 1 } else { self.tiers(kinds, 1) }))),
            _ => None,
        }
    }

    fn tiers(&self, kinds: &Kinds, side: usize) -> usize {
        self.sides[side & 1].units().iter().map(|u| usize::from(kinds.kind(side, u.kind).tier)).sum()
    }

    /// Rule 5, before each turn: a side all stealthed and all of attack 0 loses its stealth;
    /// then if every minion of both sides is stealthed, all stealth is lost.
    pub fn reveal(&mut self, kinds: &Kinds) {
        for (side, s) in self.sides.iter_mut().enumerate() {
            let hidden_idle =
                s.units().iter().all(|u| u.has(Keywords::STEALTH) && kinds.kind(side, u.kind).attack == 0);
            if hidden_idle {
                s.units_mut().iter_mut().for_each(|u| u.drop(Keywords::STEALTH));
            }
        }
        if self.sides.iter().all(|s| s.units().iter().all(|u| u.has(Keywords::STEALTH))) {
            for s in &mut self.sides {
                s.units_mut().iter_mut().for_each(|u| u.drop(Keywords::STEALTH));
            }
        }
    }

    /// Rules 5 and 3, as every search begins `mover`'s turn: reveals ([`Self::reveal`]), then
    /// picks the minion that swings by the attack cycle's marks (the first of attack above 0
    /// not yet marked; when every one is, the marks are cleared and the first swings), the
    /// minions before it marked passed.
    pub fn open_turn(&mut self, kinds: &Kinds, mover: usize) -> Opening {
        self.reveal(kinds);
        let can_attack = |side: usize| move |u: &Unit| kinds.kind(side, u.kind).attack > 0;
        let (mover, foe) = (mover & 1, (mover & 1) ^ 1);
        if !self.sides[mover].units().iter().any(can_attack(mover)) {
            return if self.sides[foe].units().iter().any(can_attack(foe)) { Opening::Pass } else { Opening::Tie };
        }
        let units = self.sides[mover].units_mut();
        let a = match units.iter().position(|u| can_attack(mover)(u) && u.mark == NONE) {
            Some(a) => a,
            None => {
                units.iter_mut().for_each(|u| u.mark = NONE);
                units.iter().position(can_attack(mover)).unwrap_or(0)
            }
        };
        for u in units.iter_mut().take(a) {
            u.mark = PASSED;
        }
        Opening::Swing(a)
    }

    /// Rule 6's end of a swing of `side`'s minion, now at `at` (`None`: it died): a first
    /// swing of a windfury minion swings again (its place returned); else the minion, if it
    /// lived, is marked attacked, and the other side's turn comes (`None` returned).
    pub fn end_swing(&mut self, side: usize, at: Option<usize>, first: bool) -> Option<usize> {
        let unit = self.sides[side & 1].units_mut().get_mut(at?)?;
        if first && unit.has(Keywords::WINDFURY) {
            return at;
        }
        unit.mark = ATTACKED;
        None
    }

    /// Rule 2's next shot of `side` (the side [`firing`] at its stage of the start of combat):
    /// its first minion with shots left fires one of them. The damage of the shot, or `None`
    /// when none of its minions has a shot left.
    pub fn fire(&mut self, kinds: &Kinds, side: usize) -> Option<u32> {
        let u = self.sides[side & 1].units_mut().iter_mut().find(|u| u.shots > 0)?;
        u.shots -= 1;
        Some(kinds.kind(side, u.kind).shots.map_or(0, |s| s.damage))
    }

    /// One shot of `damage` at `side`'s minion `t` (rule 2: a shield absorbs it; no poison).
    pub fn shoot(&mut self, kinds: &Kinds, side: usize, t: usize, damage: u32) {
        if let Some(u) = self.sides[side & 1].units_mut().get_mut(t) {
            u.take(damage, false, &kinds.ladders[side & 1]);
        }
    }

    /// One swing (rule 6) of `side`'s minion `a` at the enemy `t`: the attacker loses its
    /// stealth; both hit each other at once; a cleaver also hits the target's neighbours.
    /// Deaths are not resolved.
    pub fn exchange(&mut self, kinds: &Kinds, side: usize, a: usize, t: usize) {
        let (me, foe) = (side & 1, (side & 1) ^ 1);
        let Some(attacker) = self.sides[me].units_mut().get_mut(a) else { return };
        attacker.drop(Keywords::STEALTH);
        let attacker = *attacker;
        let Some(&target) = self.sides[foe].units().get(t) else { return };
        let (ak, tk) = (kinds.kind(me, attacker.kind), kinds.kind(foe, target.kind));
        let toxic = |u: &Unit| u.has(Keywords::POISONOUS) || u.has(Keywords::VENOMOUS);
        let enemies = self.sides[foe].units_mut();
        if enemies.get_mut(t).is_some_and(|u| u.take(ak.attack, toxic(&attacker), &kinds.ladders[foe]))
            && attacker.has(Keywords::VENOMOUS)
        {
            if let Some(u) = self.sides[me].units_mut().get_mut(a) {
                u.drop(Keywords::VENOMOUS);
            }
        }
        let hit = self.sides[me]
            .units_mut()
            .get_mut(a)
            .is_some_and(|u| u.take(tk.attack, toxic(&target), &kinds.ladders[me]));
        if hit && target.has(Keywords::VENOMOUS) {
            if let Some(u) = self.sides[foe].units_mut().get_mut(t) {
                u.drop(Keywords::VENOMOUS);
            }
        }
        if attacker.has(Keywords::CLEAVE) {
            let poison = attacker.has(Keywords::POISONOUS);
            let enemies = self.sides[foe].units_mut();
            for n in [t.wrapping_sub(1), t + 1] {
                if let Some(u) = enemies.get_mut(n) {
                    u.take(ak.attack, poison, &kinds.ladders[foe]);
                }
            }
        }
    }

    /// Rule 7 (and 4): removes the dead of both sides, then each side's deathrattle tokens and
    /// reborn copies, with their marks. Returns where `side`'s minion `follow` is now, if it
    /// lived.
    pub fn resolve(&mut self, kinds: &Kinds, follow: Option<(usize, usize)>) -> Option<usize> {
        let mut followed = None;
        for side in 0..2 {
            let follow_here = follow.filter(|&(s, _)| s == side).map(|(_, i)| i);
            if self.sides[side].units().iter().all(|u| u.health > 0) {
                followed = followed.or(follow_here);
                continue;
            }
            // No dead minion summons (no deathrattle, no reborn): the survivors close up, their
            // marks unchanged.
            let summons = self.sides[side]
                .units()
                .iter()
                .any(|u| u.health == 0 && (kinds.kind(side, u.kind).summon.0 > 0 || u.has(Keywords::REBORN)));
            if !summons {
                let s = &mut self.sides[side];
                let mut len = 0;
                for i in 0..s.len.min(MAX_MINIONS) {
                    let u = s.units[i];
                    if u.health > 0 {
                        if follow_here == Some(i) {
                            followed = Some(len);
                        }
                        s.units[len] = u;
                        len += 1;
                    }
                }
                for u in s.units.iter_mut().skip(len) {
                    *u = Unit::default();
                }
                s.len = len;
                continue;
            }
            let old = self.sides[side];
            let mut count = old.units().iter().filter(|u| u.health > 0).count();
            // Per old slot: tokens summoned (up to 7) and whether its copy returns.
            let mut tokens = [0u8; MAX_MINIONS];
            let mut copies = [false; MAX_MINIONS];
            for (i, u) in old.units().iter().enumerate() {
                if u.health == 0 {
                    let (k, _) = kinds.kind(side, u.kind).summon;
                    let room = MAX_MINIONS.saturating_sub(count).min(usize::from(k));
                    tokens[i] = u8::try_from(room).unwrap_or(0);
                    count += room;
                }
            }
            for (i, u) in old.units().iter().enumerate() {
                if u.health == 0 && u.has(Keywords::REBORN) && count < MAX_MINIONS {
                    copies[i] = true;
                    count += 1;
                }
            }
            let mut new = Side::default();
            // For each new place, the mark of the dead minion of its slot (summoned), or None.
            let mut slot_marks = [None; MAX_MINIONS];
            let mut push = |new: &mut Side, unit: Unit, mark: Option<u8>| {
                if let (Some(slot), Some(m)) = (new.units.get_mut(new.len), slot_marks.get_mut(new.len)) {
                    *slot = unit;
                    *m = mark;
                    new.len += 1;
                }
            };
            for (i, u) in old.units().iter().enumerate() {
                if u.health > 0 {
                    if follow_here == Some(i) {
                        followed = Some(new.len);
                    }
                    push(&mut new, *u, None);
                    continue;
                }
                let kind = kinds.kind(side, u.kind);
                for _ in 0..tokens[i] {
                    push(&mut new, Unit::new(kinds, side, kind.summon.1), Some(u.mark));
                }
                if copies[i] {
                    push(&mut new, Unit::new(kinds, side, kind.reborn), Some(u.mark));
                }
            }
            // Rule 4, right to left: *attacked* in a *passed* slot, else the mark of the minion
            // just to the right (none at the end).
            for i in (0..new.len).rev() {
                if let Some(Some(dead)) = slot_marks.get(i) {
                    let right = new.units().get(i + 1).map_or(NONE, |r| r.mark);
                    if let Some(u) = new.units_mut().get_mut(i) {
                        u.mark = if *dead == PASSED { ATTACKED } else { right };
                    }
                }
            }
            self.sides[side] = new;
        }
        followed
    }
}

#[cfg(test)]
mod tests {
    use super::Ladder;

    #[test]
    fn ladder_holds_every_total_up_to_the_largest_health() {
        let ladder = Ladder::new(&[0, 5, 3, 5], 12);
        assert_eq!(ladder.totals.get(..ladder.len), Some(&[0, 3, 5, 6, 8, 9, 10, 11, 12][..]));
        let raised: [u32; 14] = core::array::from_fn(|h| ladder.raise(u32::try_from(h).unwrap()));
        assert_eq!(raised, [0, 3, 3, 3, 5, 5, 6, 8, 8, 9, 10, 11, 12, 13]);
    }

    #[test]
    fn a_full_ladder_raises_no_health_above_its_top() {
        let ladder = Ladder::new(&[1], 1000);
        assert_eq!(ladder.len, super::LADDER);
        assert_eq!(ladder.raise(40), 40);
        assert_eq!(ladder.raise(500), 500);
        let none = Ladder::new(&[0, 0], 50);
        assert_eq!((none.len, none.raise(17)), (1, 17));
    }
}
