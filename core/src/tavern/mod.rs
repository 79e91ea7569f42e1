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
//! 2^115`). States are merged through an exact 127-bit canonical key (alive and "attacked this
//! cycle" masks, the side to move, and each minion's health replaced by its rank among the
//! subset sums of the alive enemies' attacks; see `state`): the 47.7 million-node tree of
//! `tavern_max.in` has only 9 364 distinct canonical states, the hardest input found by a
//! search over random battles (`tavern_states.in`) about 230 000. Two strategies cache them:
//!
//! - [`Strategy::Memo`] (feature `alloc`): every state with at least [`MEMO_MIN_ALIVE`] minions
//!   alive in a `hashbrown::HashMap` (49 bytes per state; [`MEMO_INITIAL_STATES`] reserved up
//!   front, at most [`MEMO_CAPACITY`] states, 25.7 MB; see `memo`), plus [`RANK_TABLE_WORDS`]
//!   scratch words. An allocation failure is a [`ErrorKind::Capacity`] error, never an abort.
//! - [`Strategy::Fixed`]: no heap. A two-way transposition table of `table_words` scratch
//!   words (96 bytes per bucket of two states; see `table`) caches states with at least
//!   [`FIXED_MIN_ALIVE`] minions alive; with the rank table that is [`FIXED_SCRATCH_WORDS`]
//!   (160 KiB) by default. With no room for a bucket it is a plain depth-first search, still
//!   exact. Stack: the recursion is at most 14 levels deep (one per attack, `n + m - 1 ≤ 13`,
//!   plus the root); compiled for `thumbv7em-none-eabihf` a level takes about 410 bytes (a
//!   64-byte board, two count pairs, saved registers), under 6 KiB for the search; the whole
//!   driver measured 7.7 KiB of stack in a bare-metal Cortex-M4 image.
//!
//! Both strategies give identical answers (the tests check it on thousands of battles).
//!
//! # Complexity
//! Time: proportional to the nodes expanded, each `O(7)` plus a key of 14 binary searches over
//! at most 127 sums when cached. The whole game tree is the worst case (the plain search);
//! with the memo it is about the distinct states times 3: `tavern_max.in` 29 218 nodes and
//! 8 324 stored states, `tavern_mixed.in` 42 477 and 11 651, `tavern_states.in` 653 218 and
//! 210 336. The fixed strategy with its default table takes at most 1.5 times the memo's time
//! on them (see the README), and the plain search the whole tree.
//! Memory as above.

#[cfg(feature = "alloc")]
mod memo;
mod search;
mod state;
mod table;

use core::fmt::Write;

#[cfg(feature = "alloc")]
pub use memo::{MEMO_CAPACITY, MEMO_INITIAL_STATES};
pub use state::RANK_TABLE_WORDS;
pub use table::{BUCKET_WORDS, SLOT_WORDS};

use crate::error::{Error, ErrorKind, Result};
use crate::format::write_answer_line;
use crate::fraction::Fraction;
use crate::judge::Options;
use crate::scanner::Scanner;
use crate::scratch::Scratch;
use search::{Cache, Counts, Search, POW420};
use state::{RankTable, Side, State};

/// The most minions per side.
pub const MAX_MINIONS: usize = 7;
/// The largest attack value.
pub const MAX_VALUE: u32 = 1_000_000_000;
/// The memo strategy caches states with at least this many minions alive (smaller subtrees
/// are cheaper to search again than to look up; measured, see the README).
pub const MEMO_MIN_ALIVE: u32 = 5;
/// The fixed strategy caches states with at least this many minions alive (its small table is
/// kept for the larger subtrees; measured, see the README).
pub const FIXED_MIN_ALIVE: u32 = 4;
/// Scratch words of the fixed strategy with its default table: 40 960 words, 160 KiB (the
/// firmware's slab).
pub const FIXED_SCRATCH_WORDS: usize = 40_960;
/// The default transposition table of the fixed strategy: the rest of
/// [`FIXED_SCRATCH_WORDS`] after the rank table, 36 586 words (1 524 buckets, 3 048 states,
/// 143 KiB).
pub const DEFAULT_TABLE_WORDS: usize = FIXED_SCRATCH_WORDS - RANK_TABLE_WORDS;

/// How the search caches states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Strategy {
    /// Every state in a heap memo (`hashbrown`); needs the `alloc` feature.
    #[cfg(feature = "alloc")]
    Memo,
    /// A fixed-size transposition table in scratch words; no heap.
    Fixed,
}

impl Default for Strategy {
    /// [`Strategy::Memo`] with the `alloc` feature, [`Strategy::Fixed`] without.
    fn default() -> Self {
        #[cfg(feature = "alloc")]
        return Self::Memo;
        #[cfg(not(feature = "alloc"))]
        return Self::Fixed;
    }
}

/// A battle: each side's attack values, left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Battle {
    values: [[u32; 8]; 2],
    sizes: [usize; 2],
}

impl Battle {
    /// The battle of `alice` against `bob`, or `None` unless both have `1..=7` minions with
    /// attacks in `1..=10^9`.
    #[must_use]
    pub fn new(alice: &[u32], bob: &[u32]) -> Option<Self> {
        let mut values = [[0u32; 8]; 2];
        for (side, minions) in [alice, bob].into_iter().enumerate() {
            if !(1..=MAX_MINIONS).contains(&minions.len()) || minions.iter().any(|v| !(1..=MAX_VALUE).contains(v)) {
                return None;
            }
            values[side][..minions.len()].copy_from_slice(minions);
        }
        Some(Self { values, sizes: [alice.len(), bob.len()] })
    }

    /// Alice's attack values.
    #[must_use]
    pub fn alice(&self) -> &[u32] {
        &self.values[0][..self.sizes[0]]
    }

    /// Bob's attack values.
    #[must_use]
    pub fn bob(&self) -> &[u32] {
        &self.values[1][..self.sizes[1]]
    }
}

/// The exact outcome: three numerators over one common denominator (not reduced).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Odds {
    /// Alice wins.
    pub alice: u128,
    /// Bob wins.
    pub bob: u128,
    /// Nobody is left.
    pub tie: u128,
    /// `420^(n+m-1)`, times 2 when the sides are even; `alice + bob + tie` equals it.
    pub denominator: u128,
}

impl Odds {
    /// Alice's, Bob's and the tie's probabilities as irreducible fractions.
    #[must_use]
    pub fn fractions(&self) -> [Fraction; 3] {
        // The denominator is never zero, so `Fraction::new` always succeeds.
        [self.alice, self.bob, self.tie].map(|num| Fraction::new(num, self.denominator).unwrap_or(Fraction::ZERO))
    }
}

/// The exact odds of `battle`, searched with `strategy`.
///
/// ```
/// use referee_core::tavern::{odds, Battle, Strategy, DEFAULT_TABLE_WORDS, FIXED_SCRATCH_WORDS};
/// use referee_core::ErrorKind;
///
/// let battle = Battle::new(&[2, 5], &[3, 4, 1]).ok_or(ErrorKind::Invalid("battle"))?;
/// let mut words = [0u32; FIXED_SCRATCH_WORDS]; // a firmware would use a static slab
/// let odds = odds(&battle, Strategy::Fixed, DEFAULT_TABLE_WORDS, &mut words[..])?;
/// assert_eq!(odds.fractions().map(|f| f.to_string()), ["1/8", "3/4", "1/8"]);
/// # Ok::<(), ErrorKind>(())
/// ```
///
/// Scratch: [`RANK_TABLE_WORDS`] words, plus `table_words` for [`Strategy::Fixed`] (its
/// transposition table; fewer than [`BUCKET_WORDS`] means no table, a plain search).
///
/// # Errors
/// [`ErrorKind::Capacity`] when `scratch` cannot provide the words, or when the memo cannot get
/// heap memory.
///
/// # Complexity
/// See the module docs.
pub fn odds(
    battle: &Battle,
    strategy: Strategy,
    table_words: usize,
    scratch: &mut (impl Scratch + ?Sized),
) -> Result<Odds, ErrorKind> {
    match strategy {
        #[cfg(feature = "alloc")]
        Strategy::Memo => {
            let ranks = RankTable::build(scratch.words(RANK_TABLE_WORDS)?, &battle.values, battle.sizes);
            search_battle(battle, &mut Search::new(battle.values, ranks, memo::Memo::new()?, MEMO_MIN_ALIVE))
        }
        Strategy::Fixed => {
            let total = RANK_TABLE_WORDS.checked_add(table_words).ok_or(ErrorKind::Overflow("table words"))?;
            let (rank_words, table_words) = scratch.words(total)?.split_at_mut(RANK_TABLE_WORDS);
            let ranks = RankTable::build(rank_words, &battle.values, battle.sizes);
            let table = table::FixedTable::new(table_words);
            search_battle(battle, &mut Search::new(battle.values, ranks, table, FIXED_MIN_ALIVE))
        }
    }
}

/// Runs `search` from the start of `battle` (both first movers when the sides are even).
fn search_battle<C: Cache>(battle: &Battle, search: &mut Search<'_, C>) -> Result<Odds, ErrorKind> {
    let start = State { sides: [0, 1].map(|side| Side::new(&battle.values[side], battle.sizes[side])) };
    let movers: &[usize] = match battle.sizes[0].cmp(&battle.sizes[1]) {
        core::cmp::Ordering::Greater => &[0],
        core::cmp::Ordering::Less => &[1],
        core::cmp::Ordering::Equal => &[0, 1],
    };
    let mut total = Counts::ZERO;
    for &mover in movers {
        let counts = search.value(&start, mover)?;
        total.alice += counts.alice;
        total.bob += counts.bob;
    }
    let scale = POW420.get(battle.sizes[0] + battle.sizes[1] - 1).copied().ok_or(ErrorKind::Overflow("scale"))?;
    let denominator = scale * movers.len() as u128;
    let tie = denominator
        .checked_sub(total.alice)
        .and_then(|rest| rest.checked_sub(total.bob))
        .ok_or(ErrorKind::Overflow("outcome counts"))?;
    Ok(Odds { alice: total.alice, bob: total.bob, tie, denominator })
}

/// Reads a battle in judge format: `n m`, then `n` and `m` attack values.
///
/// # Errors
/// Counts outside `1..=7`, values outside `1..=10^9`, missing numbers, or anything after the
/// last number, with the position of the offending token.
pub fn parse(input: &[u8]) -> Result<Battle> {
    let mut scanner = Scanner::new(input);
    let n = scanner.number::<u8>("the number of Alice's minions", 1, 7)?;
    let m = scanner.number::<u8>("the number of Bob's minions", 1, 7)?;
    let mut values = [[0u32; MAX_MINIONS]; 2];
    for (side, (count, what)) in
        [(n, "an attack of Alice's minions"), (m, "an attack of Bob's minions")].into_iter().enumerate()
    {
        for value in values[side].iter_mut().take(usize::from(count)) {
            *value = scanner.number::<u32>(what, 1, MAX_VALUE)?;
        }
    }
    scanner.finish()?;
    let [alice, bob] = &values;
    Battle::new(&alice[..usize::from(n)], &bob[..usize::from(m)])
        .ok_or_else(|| Error::new(scanner.position(), ErrorKind::Invalid("invalid battle")))
}

/// The judge driver: reads a battle, writes the three probabilities (Alice, Bob, tie), one per
/// line, as decimals with 12 digits rounded to nearest (ties away from zero), or as
/// irreducible fractions with `options.exact`. Uses `options.strategy` and, for the fixed
/// strategy, `options.table_words`.
///
/// # Errors
/// As [`parse`]; a capacity error (at 1:1) when `scratch` or the heap is too small; a write
/// error from `out`.
pub fn solve<W: Write + ?Sized>(
    input: &[u8],
    options: &Options,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    let battle = parse(input)?;
    let odds = odds(&battle, options.strategy, options.table_words, scratch)
        .map_err(|kind| Error::new(Scanner::new(input).position(), kind))?;
    for probability in odds.fractions() {
        write_answer_line(out, probability, options.exact)?;
    }
    Ok(())
}
