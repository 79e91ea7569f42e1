//! `battle`: the exact probabilities that Alice wins, Bob wins, or they tie an auto-battler
//! fight with real minion stats and keywords (this project's extension of `tavern` toward
//! Hearthstone Battlegrounds combat).
//!
//! # Rules
//! Alice has `n` minions, Bob `m` (`1..=7` each, in a fixed left-to-right order); a minion has
//! an attack (`0..=10^9`), a health (`1..=10^9`) and [`Keywords`]: taunt (enemies must attack
//! a taunt while one lives), divine shield (the first damage is absorbed), poisonous (a minion
//! it damages dies), venomous (poisonous once), windfury (two attacks a turn, the second only
//! if it survived the first) and reborn (the first death returns it with 1 health and its
//! starting keywords but reborn). The side with more minions attacks first (even: each with
//! probability 1/2), then the sides alternate. A side attacks with its alive minion of attack
//! `> 0` that has taken the fewest turns, leftmost among ties (with none it passes; if neither
//! side has one the battle is a tie), against a uniformly random enemy (among its taunts, if it
//! has any); the two deal their attacks to each other at once, the dead leave, the reborn
//! return. A side with no minion left loses; both empty is a tie. Without keywords and with
//! attack = health this is [`crate::tavern`].
//!
//! # How it is computed
//! A depth-first search over the states at the start of each turn, merged through an exact
//! packed key (each minion's health and the keywords still in effect, one bit a minion for
//! whose turn it is, the mover; see `state`): the order of independent exchanges does not
//! matter, so states repeat massively. Each outcome is exact: Alice's and Bob's numerators
//! over `2^a·3^b·5^c·7^d` in lowest terms (see `outcome` for why no other prime occurs and
//! the bound), first in `u128` and, when a value needs more, again in the 1 024-bit
//! [`Wide`] of the `ruint` crate. A battle whose exact odds need more is refused with
//! [`OddsError::Precision`]; the bound: every battle in which no path makes more than 117
//! random choices fits, and in practice far longer ones (a denominator of `2^1023` is 1 023
//! two-way choices). A fight of one minion against one is answered in closed form, whatever
//! its length (a `1/10^9` against a `0/10^9`). Two strategies cache states:
//!
//! - [`Strategy::Memo`] (feature `alloc`): every expanded state in a `hashbrown::HashMap`
//!   (a 64-byte entry and a control byte a state for the 128-bit keys and numerators of a
//!   usual board on a 64-bit host, at most 7/8 full; at most
//!   [`MEMO_BYTES`] of table, past which states are searched without being stored).
//! - [`Strategy::Fixed`]: no heap. A two-way transposition table of `table_words` scratch
//!   words (15 words a state for the usual widths), [`DEFAULT_TABLE_WORDS`] by default. With
//!   no room for a bucket it is a plain depth-first search, still exact.
//!
//! Both give identical answers (the tests check it on thousands of battles). The search is
//! not recursive: the turns in progress are frames on a stack in scratch words. [`Limits`]
//! bound it: the turns in progress (the stack's words) and the turns expanded (the time); a
//! battle beyond either is refused with [`OddsError::Depth`] or [`OddsError::Steps`], never a
//! hang.
//!
//! # Complexity
//! Time: proportional to the turns expanded (at most [`Limits::steps`]), each `O(t·w)` for
//! `t ≤ 7` targets (49 with windfury) and numerators of `w` words. With the memo that is the
//! number of distinct states; the median `typical` board of the benchmarks has a few hundred.
//! Memory: the cache, the stack of turns in progress ([`Limits::stack_words`]: 38 words a turn
//! for the usual widths, the innermost [`HOT_FRAMES`] on the machine's stack instead on 64-bit
//! targets), and little machine stack: on `thumbv6m` (a Cortex-M0, optimised for size), from
//! [`text::solve_from`] down, at most 3.9 KiB for the usual widths (the search itself 2.2 KiB)
//! and 7.3 KiB with wide numerators (measured from the frames of the build).

#[cfg(feature = "alloc")]
mod memo;
mod outcome;
mod search;
mod state;
mod table;
pub mod text;
mod wide;

use core::fmt;

pub use crate::cache::{Strategy, DEFAULT_TABLE_WORDS};
#[cfg(feature = "alloc")]
pub use memo::{MEMO_BYTES, MEMO_INITIAL_STATES};
pub use search::{FRAME_WORDS, HOT_FRAMES};
pub use wide::{Probability, Wide, WIDE_BITS};

use crate::scratch::{CapacityError, Scratch};
use outcome::{Numerator, Outcome};
use search::{Key, Search, Stop};
use state::KEY_WORDS;
use table::{FixedTable, Words};

/// The most minions per side.
pub const MAX_MINIONS: usize = 7;
/// The largest attack.
pub const MAX_ATTACK: u32 = 1_000_000_000;
/// The largest health.
pub const MAX_HEALTH: u32 = 1_000_000_000;
/// Scratch words of the default strategy within the default limits: the stack of
/// [`Limits::DEFAULT`] and [`DEFAULT_TABLE_WORDS`]: 74 048 words (289 KiB) on 64-bit targets,
/// 75 264 (294 KiB) on the others (which keep no frame on the machine's stack).
pub const DEFAULT_SCRATCH_WORDS: usize = (1024 - HOT_FRAMES) * FRAME_WORDS + DEFAULT_TABLE_WORDS;

/// A set of keywords.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Keywords(u8);

impl Keywords {
    /// No keyword.
    pub const NONE: Self = Self(0);
    /// `T`: while a side has an alive taunt minion, enemies must attack one of them.
    pub const TAUNT: Self = Self(1);
    /// `D`: the first damage (`> 0`) the minion would take is absorbed instead.
    pub const DIVINE_SHIELD: Self = Self(2);
    /// `P`: a minion this one damages (`> 0`, after shields) dies.
    pub const POISONOUS: Self = Self(4);
    /// `V`: as poisonous, spent the first time it damages a minion.
    pub const VENOMOUS: Self = Self(8);
    /// `W`: two attacks a turn, the second only if the minion survived the first.
    pub const WINDFURY: Self = Self(16);
    /// `R`: the first death returns the minion with 1 health and its other starting keywords.
    pub const REBORN: Self = Self(32);
    /// Every keyword with its letter in the judge format, in the order the format lists them.
    pub const LETTERS: [(u8, Self); 6] = [
        (b'T', Self::TAUNT),
        (b'D', Self::DIVINE_SHIELD),
        (b'P', Self::POISONOUS),
        (b'V', Self::VENOMOUS),
        (b'W', Self::WINDFURY),
        (b'R', Self::REBORN),
    ];

    /// The keyword written `letter` (`T`, `D`, `P`, `V`, `W`, `R`), if any.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn from_letter(letter: u8) -> Option<Self> {
        Self::LETTERS.iter().find(|(l, _)| *l == letter).map(|&(_, k)| k)
    }

    /// Whether every keyword of `other` is in `self`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn contains(self, other: Self) -> bool {
        self.0 & other.0 == other.0
    }

    /// `self` with the keywords of `other` added.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn with(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }
}

/// A minion at the start of the battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Minion {
    /// Attack, `0..=`[`MAX_ATTACK`].
    pub attack: u32,
    /// Health, `1..=`[`MAX_HEALTH`].
    pub health: u32,
    /// Keywords.
    pub keywords: Keywords,
}

impl Minion {
    /// A minion of `attack`, `health` and `keywords` (checked by [`Battle::new`]).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn new(attack: u32, health: u32, keywords: Keywords) -> Self {
        Self { attack, health, keywords }
    }
}

/// One side's minions, left to right: at most [`MAX_MINIONS`].
pub type Minions = heapless::Vec<Minion, MAX_MINIONS>;

/// Why a battle cannot be built ([`Battle::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum BattleError {
    /// A side (0 = Alice, 1 = Bob) has no minion or more than [`MAX_MINIONS`].
    Count {
        /// The side: 0 for Alice, 1 for Bob.
        side: usize,
        /// Its number of minions.
        count: usize,
    },
    /// A minion's attack is above [`MAX_ATTACK`].
    Attack {
        /// The side: 0 for Alice, 1 for Bob.
        side: usize,
        /// The minion's 0-based place from the left.
        index: usize,
        /// Its attack.
        value: u32,
    },
    /// A minion's health is outside `1..=`[`MAX_HEALTH`].
    Health {
        /// The side: 0 for Alice, 1 for Bob.
        side: usize,
        /// The minion's 0-based place from the left.
        index: usize,
        /// Its health.
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
            Self::Attack { side, index, value } => {
                write!(f, "{}'s minion {} has attack {value}: attacks are 0..={MAX_ATTACK}", name(side), index + 1)
            }
            Self::Health { side, index, value } => {
                write!(f, "{}'s minion {} has health {value}: healths are 1..={MAX_HEALTH}", name(side), index + 1)
            }
        }
    }
}

impl core::error::Error for BattleError {}

/// A battle: each side's minions, left to right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Battle {
    sides: [Minions; 2],
}

#[cfg(feature = "defmt")]
impl defmt::Format for Battle {
    fn format(&self, f: defmt::Formatter<'_>) {
        defmt::write!(f, "Battle {{ alice: {=[?]}, bob: {=[?]} }}", &self.sides[0][..], &self.sides[1][..]);
    }
}

impl Battle {
    /// The battle of `alice` against `bob` (left to right).
    ///
    /// # Errors
    /// [`BattleError::Count`] unless each side has `1..=7` minions, [`BattleError::Attack`] or
    /// [`BattleError::Health`] for a value out of range.
    ///
    /// # Complexity
    /// `O(n + m)`.
    pub fn new(alice: &[Minion], bob: &[Minion]) -> Result<Self, BattleError> {
        let mut sides = [Minions::new(), Minions::new()];
        for (side, (minions, out)) in [alice, bob].into_iter().zip(&mut sides).enumerate() {
            if !(1..=MAX_MINIONS).contains(&minions.len()) {
                return Err(BattleError::Count { side, count: minions.len() });
            }
            for (index, minion) in minions.iter().enumerate() {
                if minion.attack > MAX_ATTACK {
                    return Err(BattleError::Attack { side, index, value: minion.attack });
                }
                if !(1..=MAX_HEALTH).contains(&minion.health) {
                    return Err(BattleError::Health { side, index, value: minion.health });
                }
            }
            *out = Minions::from_slice(minions).map_err(|_| BattleError::Count { side, count: minions.len() })?;
        }
        Ok(Self { sides })
    }

    /// Alice's minions.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn alice(&self) -> &[Minion] {
        &self.sides[0]
    }

    /// Bob's minions.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn bob(&self) -> &[Minion] {
        &self.sides[1]
    }
}

/// One side's cards as the search reads them: values by place, keywords as masks.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Cards {
    attack: [u32; MAX_MINIONS],
    health: [u32; MAX_MINIONS],
    count: usize,
    /// Every minion's bit.
    all: u8,
    taunt: u8,
    shield: u8,
    poisonous: u8,
    venomous: u8,
    windfury: u8,
    reborn: u8,
    /// Minions with attack `> 0`: the only ones that take turns.
    attackers: u8,
}

impl Cards {
    fn new(minions: &[Minion]) -> Self {
        let mut cards = Self { count: minions.len().min(MAX_MINIONS), ..Self::default() };
        for (i, m) in minions.iter().take(MAX_MINIONS).enumerate() {
            let b = state::bit(i);
            cards.attack[i] = m.attack;
            cards.health[i] = m.health;
            cards.all |= b;
            let mark = |keyword: Keywords, mask: &mut u8| {
                if m.keywords.contains(keyword) {
                    *mask |= b;
                }
            };
            mark(Keywords::TAUNT, &mut cards.taunt);
            mark(Keywords::DIVINE_SHIELD, &mut cards.shield);
            mark(Keywords::POISONOUS, &mut cards.poisonous);
            mark(Keywords::VENOMOUS, &mut cards.venomous);
            mark(Keywords::WINDFURY, &mut cards.windfury);
            mark(Keywords::REBORN, &mut cards.reborn);
            if m.attack > 0 {
                cards.attackers |= b;
            }
        }
        cards
    }
}

/// The battle as the search reads it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board {
    sides: [Cards; 2],
}

impl Board {
    fn new(battle: &Battle) -> Self {
        Self { sides: [Cards::new(&battle.sides[0]), Cards::new(&battle.sides[1])] }
    }
}

/// Bounds on one search, so that no battle runs without end: beyond either it is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Limits {
    /// Turns in progress at most (the depth of the search), for 128-bit keys and numerators:
    /// the search keeps the innermost [`HOT_FRAMES`] on the machine's stack (none on 32-bit
    /// targets) and the others in `(depth - HOT_FRAMES) ·` [`FRAME_WORDS`] scratch words, never
    /// deeper recursion. Frames of wider keys or numerators take more words, so the same words hold
    /// fewer of them (with 1 024-bit numerators, which keep no frame on the machine's stack,
    /// about a third as many).
    pub depth: u32,
    /// Turns expanded at most (the time: about a microsecond each on a desktop).
    pub steps: u64,
}

impl Limits {
    /// The default: 1 024 turns in progress (about 150 KiB of stack words) and 2^26 expanded turns
    /// (about a minute on a desktop at worst).
    pub const DEFAULT: Self = Self { depth: 1024, steps: 1 << 26 };

    /// Scratch words of the stack of turns in progress, if that fits a `usize`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn stack_words(self) -> Option<usize> {
        (self.depth as usize).saturating_sub(HOT_FRAMES).checked_mul(FRAME_WORDS)
    }
}

impl Default for Limits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Scratch words a search with `strategy` within `limits` needs, if that fits a `usize`: the
/// stack of turns ([`Limits::stack_words`]), plus the table of [`Strategy::Fixed`].
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub const fn words_needed(strategy: Strategy, limits: Limits) -> Option<usize> {
    match limits.stack_words() {
        Some(stack) => stack.checked_add(strategy.table_words()),
        None => None,
    }
}

/// Why the odds cannot be computed ([`odds`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum OddsError {
    /// The scratch holds fewer words than [`words_needed`].
    Capacity(CapacityError),
    /// The heap memo could not grow from `stored` to `wanted` states ([`Strategy::Memo`]).
    OutOfMemory {
        /// States the memo tried to make room for.
        wanted: usize,
        /// States it held.
        stored: usize,
    },
    /// An exact probability needs numerators wider than [`WIDE_BITS`] bits.
    Precision,
    /// The battle nests more than `limit` turns ([`Limits::depth`]).
    Depth {
        /// The limit.
        limit: u32,
    },
    /// The battle needs more than `limit` turns expanded ([`Limits::steps`]).
    Steps {
        /// The limit.
        limit: u64,
    },
}

impl fmt::Display for OddsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Capacity(e) => write!(f, "the search {e}"),
            Self::OutOfMemory { wanted, stored } => {
                write!(f, "out of heap memory growing the memo from {stored} to {wanted} states")
            }
            Self::Precision => write!(f, "the exact odds need numerators of more than {WIDE_BITS} bits"),
            Self::Depth { limit } => write!(f, "the battle nests more than {limit} turns"),
            Self::Steps { limit } => write!(f, "the battle needs more than {limit} turns searched"),
        }
    }
}

impl core::error::Error for OddsError {}

impl From<CapacityError> for OddsError {
    fn from(error: CapacityError) -> Self {
        Self::Capacity(error)
    }
}

/// The exact outcome: three irreducible fractions that sum to exactly one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds {
    /// Alice wins.
    pub alice: Probability,
    /// Bob wins.
    pub bob: Probability,
    /// A tie.
    pub tie: Probability,
}

/// The exact odds of `battle`, searched with `strategy` within `limits`.
///
/// ```
/// use referee_core::battle::{odds, Battle, Keywords, Limits, Minion, Strategy, DEFAULT_SCRATCH_WORDS};
///
/// let plain = |v| Minion::new(v, v, Keywords::NONE);
/// let battle = Battle::new(&[plain(2), plain(5)], &[plain(3), plain(4), plain(1)])?;
/// let mut words = vec![0u32; DEFAULT_SCRATCH_WORDS]; // a firmware would use a static slab
/// let odds = odds(&battle, Strategy::default(), Limits::default(), &mut words[..])?;
/// assert_eq!([odds.alice, odds.bob, odds.tie].map(|p| p.to_string()), ["1/8", "3/4", "1/8"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`OddsError::Capacity`] when `scratch` cannot provide [`words_needed`],
/// [`OddsError::OutOfMemory`] when the memo cannot get heap memory, [`OddsError::Precision`],
/// [`OddsError::Depth`] or [`OddsError::Steps`] for a battle beyond this build's bounds.
///
/// # Complexity
/// Proportional to the turns searched; see the module docs.
pub fn odds(
    battle: &Battle,
    strategy: Strategy,
    limits: Limits,
    scratch: &mut (impl Scratch + ?Sized),
) -> Result<Odds, OddsError> {
    let mut outcome = Outcome::TIE;
    exact_outcome(battle, strategy, limits, scratch, &mut outcome)?;
    Probability::odds(&outcome)
}

/// Writes the exact outcome of `battle` into `outcome`, before [`Probability::odds`] makes the
/// three fractions of it: the judge driver converts it after the search, so that the search's
/// machine stack does not sit below the 768 bytes of an [`Odds`]. Written through `outcome`,
/// not returned: a wide outcome returned by value is copied from frame to frame on a Cortex-M0.
///
/// # Errors
/// As [`odds`] (`outcome` is then unspecified).
fn exact_outcome(
    battle: &Battle,
    strategy: Strategy,
    limits: Limits,
    scratch: &mut (impl Scratch + ?Sized),
    outcome: &mut Outcome<Wide>,
) -> Result<(), OddsError> {
    // A request too large to count asks for `usize::MAX` words: the scratch refuses that with
    // its own capacity in the error.
    let words = scratch.words(words_needed(strategy, limits).unwrap_or(usize::MAX))?;
    outcome_in(battle, strategy, limits, words, outcome)
}

/// [`exact_outcome`] with the scratch words taken: not generic, so the whole search is compiled
/// (and optimised) once, in this crate. Never inlined: its locals (and those of the searches'
/// results) stay off the frame of the caller, which parses and writes.
#[inline(never)]
fn outcome_in(
    battle: &Battle,
    strategy: Strategy,
    limits: Limits,
    words: &mut [u32],
    outcome: &mut Outcome<Wide>,
) -> Result<(), OddsError> {
    let board = Board::new(battle);
    if state::Layout::key_bits(&board) <= 128 {
        search_widening::<u128>(&board, strategy, limits, words, outcome)
    } else {
        search_widening::<[u64; KEY_WORDS]>(&board, strategy, limits, words, outcome)
    }
}

/// Searches with `u128` numerators, and again with [`Wide`] ones if a value needs more; writes
/// the outcome into `outcome`.
fn search_widening<K: Key + Words>(
    board: &Board,
    strategy: Strategy,
    limits: Limits,
    words: &mut [u32],
    outcome: &mut Outcome<Wide>,
) -> Result<(), OddsError> {
    match search::<K, u128, HOT_FRAMES>(board, strategy, limits, words) {
        Ok(narrow) => *outcome = narrow.widen(Wide::from),
        Err(Stop::Error(e)) => return Err(e),
        Err(Stop::TooWide) => match search::<K, Wide, 0>(board, strategy, limits, words) {
            Ok(wide) => *outcome = wide,
            Err(Stop::Error(e)) => return Err(e),
            Err(Stop::TooWide) => return Err(OddsError::Precision),
        },
    }
    Ok(())
}

/// One search with keys `K` and numerators `N`. Never inlined: the searches of one battle run
/// one after the other, so each takes its own stack frame (its hot frames) only while it runs.
#[inline(never)]
fn search<K: Key + Words, N: Numerator + Words, const HOT: usize>(
    board: &Board,
    strategy: Strategy,
    limits: Limits,
    words: &mut [u32],
) -> Result<Outcome<N>, Stop> {
    // The stack's words first, the table's after them (`odds` took exactly both).
    let (stack, table) = words.split_at_mut(limits.stack_words().unwrap_or(0).min(words.len()));
    match strategy {
        #[cfg(feature = "alloc")]
        Strategy::Memo => Search::<K, _>::new(board, memo::Memo::<K, N>::new()?, stack, limits).run::<N, HOT>(),
        Strategy::Fixed { .. } => {
            Search::<K, _>::new(board, FixedTable::<K, N>::new(table), stack, limits).run::<N, HOT>()
        }
    }
}
