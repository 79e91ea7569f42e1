//! `tavern`: the exact probabilities that Alice wins, Bob wins, or they tie a Tavern Chess battle
//! (Codeforces Gym 104160 L, 2022 ICPC Shenyang).
//!
//! # Rules
//! Alice has `n` minions, Bob `m` (`1..=7` each, in a fixed left-to-right order); minion `i` has
//! attack `v_i` (`1..=10^9`) and starts with health `v_i`. The side with more minions attacks
//! first; with equal counts each side starts with probability 1/2; then the sides alternate.
//! A side attacks with its alive minion of fewest attacks made, leftmost among ties, against a
//! uniformly random alive enemy; both lose health equal to the other's attack and those at 0 or
//! less die. The battle ends when a side is empty: the other side wins, or it is a tie if both
//! are empty.
//!
//! # How it is computed
//! A depth-first search over the game tree returns, for every state, exact integer counts
//! scaled by `420^K` (`K` = attacks left at most; see `search` for the proof that `u128`
//! suffices: every probability is a multiple of `1 / (2 · 420^(n+m-1))`, and `2 · 420^13 <
//! 2^115`). States are merged through an exact canonical key of at most 127 bits (alive and
//! "attacked this cycle" masks, the side to move, and each alive minion's health replaced by
//! its rank among the subset sums of the alive enemies' attacks, in as many bits as there are
//! such enemies; at most 61 bits with at most 8 alive; see `state`): the 47.7 million-node tree of
//! `tavern_max.in` has only 9 364 distinct canonical states, the hardest input found by a
//! search over random battles (`tavern_states.in`) about 230 000. Two strategies cache them:
//!
//! - `Strategy::Memo` (feature `alloc`): every state with at least [`MEMO_MIN_ALIVE`] minions
//!   alive in `hashbrown::HashMap`s (25 bytes per state with at most 8 alive, whose key and
//!   counts fit `u64`, 17 with 4 alive, whose counts fit one, 49 with more than 8; `MEMO_INITIAL_STATES` reserved up front, at most `MEMO_CAPACITY`
//!   states, at most 25.7 MB; see `memo`), plus [`RANK_TABLE_WORDS`]
//!   scratch words. An allocation failure is an [`OddsError::OutOfMemory`], never an abort.
//! - [`Strategy::Fixed`]: no heap. A two-way transposition table of `table_words` scratch
//!   words (96-byte buckets of four states with at most 8 alive, and a quarter of the words
//!   in 96-byte buckets of two for the others; see `table`) caches states with at least
//!   [`FIXED_MIN_ALIVE`] minions alive; with the rank table (6 KiB) that is
//!   [`FIXED_SCRATCH_WORDS`] (148.0 KiB) by default. With no room for a bucket it is a plain
//!   depth-first search, still exact. Stack: the recursion is at most 14 levels deep (one per
//!   attack, `n + m - 1 ≤ 13`, plus the root); compiled for `thumbv7em-none-eabihf` a level
//!   takes about 400 bytes (a 64-byte board with its damage sets, places and ranks, two count
//!   pairs, saved registers), under 6 KiB for the search. The deepest stack of a whole firmware run is
//!   measured by `tests/tests/firmware.rs` and given in `docs/firmware.md`.
//!
//! [`Strategy::default()`] is the fixed strategy with its default table, with or without the
//! `alloc` feature: turning a feature on never changes what existing code computes or how.
//!
//! Both strategies give identical answers (the tests check it on thousands of battles).
//!
//! A search splits into independent parts, [`openings`]: each side that may attack first, or
//! each first mover and first target. [`opening_shares`] searches one with a cache of its own (on
//! another thread, say), and the [`Shares`] of all the openings add up
//! ([`Shares::checked_add`]) to [`odds`]'s exactly.
//!
//! # Complexity
//! Time: proportional to the nodes expanded, each `O(7)`: an exchange is two loads from the
//! rank table (who dies, the survivor's new place); a child that may be cached also takes the
//! ranks that changed (bit counts of a 128-bit map, at most 14), and its key is a few shifts.
//! Building the rank table takes `O(2 · 7 · 128)` binary searches over at most 127 sums.
//! The whole game tree is the worst case (the plain search); with the memo it is about the
//! distinct states times 3: `tavern_max.in` 29 218 nodes and 8 324 stored states,
//! `tavern_mixed.in` 42 477 and 11 651, `tavern_states.in` 653 218 and 210 336 when the memo
//! cached from 5 alive (from 4 alive: 9 162, 13 510 and 227 565 stored states, 838, 1 859 and
//! 17 229 of them with 4 alive). The fixed
//! strategy with its default table takes at most 1.5 times the memo's time on them (see the
//! `docs/performance.md`, `tavern`), and the plain search the whole tree.
//! Memory as above.

#[cfg(feature = "alloc")]
mod memo;
mod search;
mod state;
mod table;
pub mod text;

use core::fmt;

#[cfg(feature = "alloc")]
pub use memo::{MEMO_CAPACITY, MEMO_INITIAL_STATES};
pub use state::RANK_TABLE_WORDS;
pub use table::{BUCKET_WORDS, SLOT_WORDS};

pub use crate::cache::{Strategy, DEFAULT_TABLE_WORDS};
pub use crate::odds::{Odds, Probability, MAX_MINIONS};

use crate::scratch::{CapacityError, Scratch};
use search::{Cache, Counts, Search, POW420};
use state::{RankTable, Side, State};

/// The largest attack value.
pub const MAX_VALUE: u32 = 1_000_000_000;
/// The memo strategy caches states with at least this many minions alive (smaller subtrees
/// are cheaper to search again than to look up; measured, see `docs/performance.md` and `memo`).
pub const MEMO_MIN_ALIVE: u32 = 4;
/// The fixed strategy caches states with at least this many minions alive (its small table is
/// kept for the larger subtrees; measured, see `docs/performance.md`).
pub const FIXED_MIN_ALIVE: u32 = 4;
/// Scratch words of the fixed strategy with its default table: [`RANK_TABLE_WORDS`] +
/// [`DEFAULT_TABLE_WORDS`] = 37 888 words (148.0 KiB; the firmware's slab holds 224 KiB).
pub const FIXED_SCRATCH_WORDS: usize = RANK_TABLE_WORDS + DEFAULT_TABLE_WORDS;

/// Scratch words a search with `strategy` needs, if that fits a `usize`: [`RANK_TABLE_WORDS`],
/// plus the table of [`Strategy::Fixed`] (whole buckets are used, [`BUCKET_WORDS`] for four states
/// with at most 8 alive, 24 words for two of the others in a quarter of the words; fewer than
/// [`BUCKET_WORDS`] words mean a plain depth-first search, still exact).
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub const fn words_needed(strategy: Strategy) -> Option<usize> {
    RANK_TABLE_WORDS.checked_add(strategy.table_words())
}

/// Why a battle cannot be built ([`Battle::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum BattleError {
    /// A side (0 = Alice, 1 = Bob) has no minion or more than [`MAX_MINIONS`].
    Count {
        /// The side: 0 for Alice, 1 for Bob.
        side: usize,
        /// Its number of minions.
        count: usize,
    },
    /// A minion's attack is outside `1..=MAX_VALUE`.
    Value {
        /// The side: 0 for Alice, 1 for Bob.
        side: usize,
        /// The minion's 0-based place from the left.
        index: usize,
        /// Its attack.
        value: u32,
    },
}

impl fmt::Display for BattleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |side: usize| if side == 0 { "Alice" } else { "Bob" };
        match *self {
            Self::Count { side, count } => {
                write!(f, "{} has {count} minions: a side has 1..={MAX_MINIONS}", name(side))
            }
            Self::Value { side, index, value } => {
                write!(f, "{}'s minion {} has attack {value}: attacks are 1..={MAX_VALUE}", name(side), index + 1)
            }
        }
    }
}

impl core::error::Error for BattleError {}

/// A battle: each side's attack values, left to right.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Battle {
    values: [[u32; 8]; 2],
    sizes: [usize; 2],
}

impl Battle {
    /// The battle of `alice` against `bob` (attack values, left to right).
    ///
    /// # Errors
    /// [`BattleError::Count`] unless each side has `1..=7` minions, [`BattleError::Value`] for
    /// an attack outside `1..=10^9`.
    ///
    /// # Complexity
    /// `O(7)`.
    pub fn new(alice: &[u32], bob: &[u32]) -> Result<Self, BattleError> {
        let mut values = [[0u32; 8]; 2];
        for (side, minions) in [alice, bob].into_iter().enumerate() {
            if !(1..=MAX_MINIONS).contains(&minions.len()) {
                return Err(BattleError::Count { side, count: minions.len() });
            }
            if let Some((index, &value)) = minions.iter().enumerate().find(|(_, v)| !(1..=MAX_VALUE).contains(*v)) {
                return Err(BattleError::Value { side, index, value });
            }
            // `1..=MAX_MINIONS` values (checked above): the zip copies them all, no length to check.
            for (slot, &value) in values[side & 1].iter_mut().zip(minions) {
                *slot = value;
            }
        }
        Ok(Self { values, sizes: [alice.len(), bob.len()] })
    }

    /// Alice's attack values, left to right.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn alice(&self) -> &[u32] {
        // `sizes[0] <= MAX_MINIONS` (`Battle::new`): the empty fallback is never taken, and
        // leaves no panic call.
        self.values[0].get(..self.sizes[0]).unwrap_or_default()
    }

    /// Bob's attack values, left to right.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn bob(&self) -> &[u32] {
        // As in `alice`.
        self.values[1].get(..self.sizes[1]).unwrap_or_default()
    }
}

/// Why the odds cannot be computed ([`odds`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum OddsError {
    /// The scratch holds fewer words than [`words_needed`].
    Capacity(CapacityError),
    /// The heap memo could not grow from `stored` to `wanted` states (`Strategy::Memo`).
    OutOfMemory {
        /// States the memo tried to make room for.
        wanted: usize,
        /// States it held.
        stored: usize,
    },
    /// The opening is not one of the battle's ([`opening_shares`]).
    NotAnOpening,
    /// The [`Shares`] asked for their [`Shares::odds`] are not a whole battle (not every
    /// opening's shares were added).
    Partial,
    /// An exact count left the proven range of `u128`. Never expected: the module docs prove
    /// the bound for every valid battle; reported rather than wrapped.
    Overflow,
}

impl fmt::Display for OddsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Capacity(e) => write!(f, "the search {e}"),
            Self::OutOfMemory { wanted, stored } => {
                write!(f, "out of heap memory growing the memo from {stored} to {wanted} states")
            }
            Self::NotAnOpening => f.write_str("not an opening of this battle"),
            Self::Partial => f.write_str("the shares are not those of a whole battle"),
            Self::Overflow => f.write_str("an exact count beyond the proven integer range"),
        }
    }
}

impl core::error::Error for OddsError {}

impl From<CapacityError> for OddsError {
    fn from(error: CapacityError) -> Self {
        Self::Capacity(error)
    }
}

/// The exact outcome of a part of a battle (an [`Opening`]), unreduced: each outcome's share
/// of the battle's [`Shares::denominator`], so that the parts add up ([`Shares::checked_add`])
/// to the battle's [`Odds`] ([`Shares::odds`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Shares {
    /// Alice wins.
    pub alice: u128,
    /// Bob wins.
    pub bob: u128,
    /// Nobody is left.
    pub tie: u128,
    /// `420^(n+m-1)`, times 2 when the sides are even: the whole battle's `alice + bob + tie`.
    pub denominator: u128,
}

impl Shares {
    /// The shares of two disjoint parts of one battle together (as [`opening_shares`] of two
    /// of its openings): `None` if their denominators differ or a sum exceeds the denominator.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn checked_add(self, other: Self) -> Option<Self> {
        let sum = |a: u128, b: u128| a.checked_add(b);
        let total = Self {
            alice: sum(self.alice, other.alice)?,
            bob: sum(self.bob, other.bob)?,
            tie: sum(self.tie, other.tie)?,
            denominator: self.denominator,
        };
        let outcomes = sum(sum(total.alice, total.bob)?, total.tie)?;
        (self.denominator == other.denominator && outcomes <= total.denominator).then_some(total)
    }

    /// The odds these shares make, each in lowest terms: the battle's [`Odds`] when the shares
    /// are its whole (all its openings).
    ///
    /// # Errors
    /// [`OddsError::Partial`] when the shares do not make a whole (`alice + bob + tie` is not
    /// the denominator).
    ///
    /// # Complexity
    /// `O(log denominator)` divisions for the reductions.
    pub fn odds(&self) -> Result<Odds<'static>, OddsError> {
        let total = self.alice.checked_add(self.bob).and_then(|s| s.checked_add(self.tie));
        if total != Some(self.denominator) {
            return Err(OddsError::Partial);
        }
        // `2^a·3^k·5^k·7^k` with `420^k = 2^2k·3^k·5^k·7^k`, times 2 when the sides are even.
        let exponents = smooth_exponents(self.denominator).ok_or(OddsError::Overflow)?;
        let part = |n| Probability::small(n, exponents);
        Ok(Odds::new(part(self.alice), part(self.bob), part(self.tie)))
    }
}

/// The exponents of 2, 3, 5 and 7 in `n`, if it has no other prime factor.
fn smooth_exponents(mut n: u128) -> Option<[u16; 4]> {
    let mut exponents = [0u16; 4];
    for (e, p) in exponents.iter_mut().zip([2u128, 3, 5, 7]) {
        while n > 1 && n.is_multiple_of(p) {
            n /= p;
            *e += 1;
        }
    }
    (n == 1).then_some(exponents)
}

/// The exact odds of `battle`, searched with `strategy`.
///
/// ```
/// use referee_core::tavern::{odds, Battle, Strategy, FIXED_SCRATCH_WORDS};
///
/// let battle = Battle::new(&[2, 5], &[3, 4, 1])?;
/// let mut words = [0u32; FIXED_SCRATCH_WORDS]; // a firmware would use a static slab
/// let odds = odds(&battle, Strategy::default(), &mut words[..])?;
/// assert_eq!(odds.all().map(|p| p.to_string()), ["1/8", "3/4", "1/8"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Scratch: [`words_needed`]: [`RANK_TABLE_WORDS`] words, plus the table of
/// [`Strategy::Fixed`].
///
/// # Errors
/// [`OddsError::Capacity`] when `scratch` cannot provide the words, [`OddsError::OutOfMemory`]
/// when the memo cannot get heap memory.
///
/// # Complexity
/// Proportional to the states searched; see the module docs.
pub fn odds(
    battle: &Battle,
    strategy: Strategy,
    scratch: &mut (impl Scratch + ?Sized),
) -> Result<Odds<'static>, OddsError> {
    // One search for every opening: the cache serves them all.
    with_search(battle, strategy, scratch, AllOpenings(battle))?.odds()
}

/// A part of a battle's search that can be solved on its own (on another thread, say): the
/// battle from the first attack of `mover` against one of the enemies in `targets`. The
/// [`opening_shares`] of a battle's [`openings`] add up to its [`odds`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Opening {
    /// The side that attacks first: 0 for Alice, 1 for Bob.
    pub mover: usize,
    /// The enemies the first attack may hit, as bits of their places from the left (bit 0 for
    /// the leftmost).
    pub targets: u8,
}

/// The openings of `battle`: one for each side that may attack first (both when the sides
/// are even), or with `by_target` one for each first mover and first target (up to 14: more
/// and smaller parts, for more threads).
///
/// # Complexity
/// `O(14)`.
#[must_use]
pub fn openings(battle: &Battle, by_target: bool) -> Openings {
    let mut openings = Openings { items: [Opening { mover: 0, targets: 0 }; MAX_OPENINGS], len: 0 };
    for mover in first_movers(battle) {
        if by_target {
            for target in 0..battle.sizes[mover ^ 1] {
                openings.push(Opening { mover, targets: 1 << target });
            }
        } else {
            openings.push(whole_opening(battle, mover));
        }
    }
    openings
}

/// The most openings of a battle: two first movers, seven first targets each.
const MAX_OPENINGS: usize = 2 * MAX_MINIONS;

/// The openings of a battle ([`openings`]), as a slice (`Deref<Target = [Opening]>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Openings {
    items: [Opening; MAX_OPENINGS],
    len: usize,
}

impl Openings {
    /// Appends `opening` (at most [`MAX_OPENINGS`]: two movers, seven targets each).
    fn push(&mut self, opening: Opening) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = opening;
            self.len += 1;
        }
    }
}

impl IntoIterator for Openings {
    type Item = Opening;
    type IntoIter = core::iter::Take<core::array::IntoIter<Opening, MAX_OPENINGS>>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(self.len)
    }
}

impl core::ops::Deref for Openings {
    type Target = [Opening];

    fn deref(&self) -> &[Opening] {
        self.items.get(..self.len).unwrap_or(&[])
    }
}

/// The opening of `battle` of every first attack of `mover`.
fn whole_opening(battle: &Battle, mover: usize) -> Opening {
    let enemies = battle.sizes[(mover & 1) ^ 1];
    Opening { mover, targets: u8::try_from((1u16 << enemies) - 1).unwrap_or(u8::MAX) }
}

/// The denominator of `battle`'s odds: `420^(n+m-1)`, times 2 when the sides are even.
fn denominator(battle: &Battle) -> u128 {
    let scale = POW420.get(battle.sizes[0] + battle.sizes[1] - 1).copied().unwrap_or(0);
    scale * first_movers(battle).len() as u128
}

/// The sides that may attack first in `battle`: the one with more minions, or both.
fn first_movers(battle: &Battle) -> core::ops::Range<usize> {
    match battle.sizes[0].cmp(&battle.sizes[1]) {
        core::cmp::Ordering::Greater => 0..1,
        core::cmp::Ordering::Less => 1..2,
        core::cmp::Ordering::Equal => 0..2,
    }
}

/// The shares of `opening`, a part of `battle` (see [`Opening`]): each outcome's share that
/// the battle's games through this opening make, over the battle's denominator (`alice + bob +
/// tie` is the opening's share of it). The shares of all the battle's [`openings`] add up
/// ([`Shares::checked_add`]) to the battle's whole, whose [`Shares::odds`] are its [`odds`];
/// each opening searched alone does not share a cache with the others, so together they
/// search at least as many states as [`odds`] does.
///
/// ```
/// use referee_core::tavern::{self, Battle, Strategy, FIXED_SCRATCH_WORDS};
///
/// let battle = Battle::new(&[2, 5], &[3, 4, 1])?;
/// let mut words = [0u32; FIXED_SCRATCH_WORDS]; // each thread would have its own
/// let mut whole = None;
/// for opening in tavern::openings(&battle, true) {
///     let part = tavern::opening_shares(&battle, opening, Strategy::default(), &mut words[..])?;
///     whole = Some(whole.map_or(Some(part), |w: tavern::Shares| w.checked_add(part)).ok_or("not a part")?);
/// }
/// let odds = whole.ok_or("no opening")?.odds()?;
/// assert_eq!(odds.all().map(|p| p.to_string()), ["1/8", "3/4", "1/8"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`OddsError::NotAnOpening`] when `opening` is not one of the battle's (a side that does not
/// move first, no target, or a target beyond the enemy's minions); otherwise as [`odds`].
///
/// # Complexity
/// As [`odds`], for the opening's part of the search.
pub fn opening_shares(
    battle: &Battle,
    opening: Opening,
    strategy: Strategy,
    scratch: &mut (impl Scratch + ?Sized),
) -> Result<Shares, OddsError> {
    let enemies = (1u16 << battle.sizes[(opening.mover & 1) ^ 1]) - 1;
    if !first_movers(battle).contains(&opening.mover)
        || opening.targets == 0
        || u16::from(opening.targets) & !enemies != 0
    {
        return Err(OddsError::NotAnOpening);
    }
    with_search(battle, strategy, scratch, OneOpening(battle, opening))
}

/// Runs `run` with a search of `battle` with `strategy` over `scratch` and the battle's start.
fn with_search<R: SearchRun>(
    battle: &Battle,
    strategy: Strategy,
    scratch: &mut (impl Scratch + ?Sized),
    run: R,
) -> Result<Shares, OddsError> {
    let mut start = State { sides: battle.sizes.map(Side::new) };
    match strategy {
        #[cfg(feature = "alloc")]
        Strategy::Memo => {
            let ranks = RankTable::build(scratch.words(RANK_TABLE_WORDS)?, &battle.values, battle.sizes)?;
            let memo = memo::Memo::new()?;
            // The page's module searches through `&mut dyn` (`search::Dyn`): one search for both caches.
            #[cfg(target_arch = "wasm32")]
            let mut memo = memo;
            #[cfg(target_arch = "wasm32")]
            let memo = search::Dyn(&mut memo);
            let mut search = Search::new(ranks, memo, MEMO_MIN_ALIVE);
            search.prepare(&mut start);
            run.run(&mut search, &start)
        }
        Strategy::Fixed { .. } => {
            // A table too large to count asks for `usize::MAX` words: the scratch refuses that
            // with its own capacity in the error.
            let total = words_needed(strategy).unwrap_or(usize::MAX);
            let (rank_words, table_words) = scratch.words(total)?.split_at_mut(RANK_TABLE_WORDS);
            let ranks = RankTable::build(rank_words, &battle.values, battle.sizes)?;
            let table = table::FixedTable::new(table_words);
            #[cfg(target_arch = "wasm32")]
            let mut table = table;
            #[cfg(target_arch = "wasm32")]
            let table = search::Dyn(&mut table);
            let mut search = Search::new(ranks, table, FIXED_MIN_ALIVE);
            search.prepare(&mut start);
            run.run(&mut search, &start)
        }
    }
}

/// What [`with_search`] runs with the search of a strategy, whatever its cache (generic, so
/// that it is compiled into the search's caller: no frame more on the firmware's stack).
trait SearchRun {
    /// The shares this run finds with `search` from the battle's `start`.
    fn run<C: Cache>(self, search: &mut Search<'_, C>, start: &State) -> Result<Shares, OddsError>;
}

/// Every opening of a battle by first mover, with one search: the battle's odds ([`odds`]).
struct AllOpenings<'b>(&'b Battle);

impl SearchRun for AllOpenings<'_> {
    fn run<C: Cache>(self, search: &mut Search<'_, C>, start: &State) -> Result<Shares, OddsError> {
        // The openings of `openings(battle, false)`, one at a time (no list on the stack): the
        // value of the start with each first mover to attack (cached as any state).
        let mut total = Counts::ZERO;
        for mover in first_movers(self.0) {
            let counts = search.value(start, mover)?;
            total.alice = total.alice.checked_add(counts.alice).ok_or(OddsError::Overflow)?;
            total.bob = total.bob.checked_add(counts.bob).ok_or(OddsError::Overflow)?;
        }
        // Together they make the whole denominator.
        let denominator = denominator(self.0);
        Ok(Shares { alice: total.alice, bob: total.bob, tie: rest(denominator, total)?, denominator })
    }
}

/// One opening of a battle ([`opening_shares`]).
struct OneOpening<'b>(&'b Battle, Opening);

impl SearchRun for OneOpening<'_> {
    fn run<C: Cache>(self, search: &mut Search<'_, C>, start: &State) -> Result<Shares, OddsError> {
        let Self(battle, opening) = self;
        let counts = search.value_of_targets(start, opening.mover, opening.targets)?;
        let denominator = denominator(battle);
        // The opening's share of the denominator: `420^K / t` for each of its targets among
        // the `t` enemies (`t <= 7` divides 420), for one of the first movers.
        let enemies = u128::try_from(battle.sizes[(opening.mover & 1) ^ 1]).map_err(|_| OddsError::Overflow)?;
        let movers = first_movers(battle).len() as u128;
        let share = denominator / movers / enemies * u128::from(opening.targets.count_ones());
        Ok(Shares { alice: counts.alice, bob: counts.bob, tie: rest(share, counts)?, denominator })
    }
}

/// The tie's count: what `counts` leave of `share`.
fn rest(share: u128, counts: Counts) -> Result<u128, OddsError> {
    share.checked_sub(counts.alice).and_then(|rest| rest.checked_sub(counts.bob)).ok_or(OddsError::Overflow)
}
