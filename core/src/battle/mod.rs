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
//! `Wide` (numbers of the `ruint` crate, kept out of the public API). A battle whose exact odds need more is refused with
//! [`SearchError::Precision`]; the bound: every battle in which no path makes more than 117
//! random choices fits, and in practice far longer ones (a denominator of `2^1023` is 1 023
//! two-way choices). A fight of one minion against one is answered in closed form, whatever
//! its length (a `1/10^9` against a `0/10^9`). Two strategies cache states:
//!
//! - `Strategy::Memo` (feature `alloc`): every expanded state in a `hashbrown::HashMap`
//!   (a 64-byte entry and a control byte a state for the 128-bit keys and numerators of a
//!   usual board on a 64-bit host, at most 7/8 full; at most
//!   `MEMO_BYTES` of table, past which states are searched without being stored).
//! - [`Strategy::Fixed`]: no heap. A two-way transposition table of `table_words` scratch
//!   words (15 words a state for the usual widths), [`DEFAULT_TABLE_WORDS`] by default. With
//!   no room for a bucket it is a plain depth-first search, still exact.
//!
//! Both give identical answers (the tests check it on thousands of battles). The search is
//! not recursive: the turns in progress are frames on a stack in scratch words. [`Limits`]
//! bound it: the turns in progress (the stack's words) and the turns expanded (the time); a
//! battle beyond either is refused with [`SearchError::Depth`] or [`SearchError::Steps`], never a
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

pub mod game;
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
pub use crate::odds::{Odds, Probability, MAX_MINIONS};
#[cfg(feature = "alloc")]
pub use memo::{MEMO_BYTES, MEMO_INITIAL_STATES};
pub use search::{FRAME_WORDS, HOT_FRAMES, WIDE_FRAME_WORDS};
use wide::Wide;
pub use wide::WIDE_BITS;

use crate::scratch::{CapacityError, Scratch};
use outcome::{Numerator, Outcome};
use search::{Cache, Key, Search, Stop};
use state::KEY_WORDS;
use table::{FixedTable, Words};

/// The largest attack.
pub const MAX_ATTACK: u32 = 1_000_000_000;
/// The largest health.
pub const MAX_HEALTH: u32 = 1_000_000_000;
/// Scratch words of the default strategy within the default limits: the stack of
/// [`Limits::DEFAULT`] and [`DEFAULT_TABLE_WORDS`]: 75 264 words (294 KiB), on every target.
pub const DEFAULT_SCRATCH_WORDS: usize = match words_needed(Strategy::DEFAULT, Limits::DEFAULT) {
    Some(words) => words,
    None => panic!("the default scratch fits a usize"),
};
/// Words of the caller's scratch that hold an answer whose numerators need more than 128
/// bits (three 1 024-bit numerators); [`words_needed`] is never below it.
pub const ANSWER_WORDS: usize = 3 * (WIDE_BITS as usize / 32);

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
    /// `S` (game rules only, [`game`]): stealth, not a target until it swings.
    pub const STEALTH: Self = Self(64);
    /// `C` (game rules only, [`game`]): cleave, the target's neighbours are hit too.
    pub const CLEAVE: Self = Self(128);
    /// The keywords of the game rules ([`game`]) with their letters: [`Keywords::LETTERS`],
    /// then `S` and `C`.
    pub const GAME_LETTERS: [(u8, Self); 8] = [
        (b'T', Self::TAUNT),
        (b'D', Self::DIVINE_SHIELD),
        (b'P', Self::POISONOUS),
        (b'V', Self::VENOMOUS),
        (b'W', Self::WINDFURY),
        (b'R', Self::REBORN),
        (b'S', Self::STEALTH),
        (b'C', Self::CLEAVE),
    ];
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

    /// The keyword written `letter` under the game rules (`T`, `D`, `P`, `V`, `W`, `R`, `S`,
    /// `C`), if any.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn from_game_letter(letter: u8) -> Option<Self> {
        Self::GAME_LETTERS.iter().find(|(l, _)| *l == letter).map(|&(_, k)| k)
    }

    /// `self` without the keywords of `other`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn without(self, other: Self) -> Self {
        Self(self.0 & !other.0)
    }

    /// The keywords as bits, in the order of [`Keywords::GAME_LETTERS`] (bit 0 is `T`).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The keywords whose bits are set in `bits` (the order of [`Keywords::GAME_LETTERS`]).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn from_bits(bits: u8) -> Self {
        Self(bits)
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
    /// A minion of `attack`, `health` and `keywords` (checked by [`Board::new`]).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn new(attack: u32, health: u32, keywords: Keywords) -> Self {
        Self { attack, health, keywords }
    }
}

/// Why a battle cannot be built ([`Board::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum BoardError {
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

impl fmt::Display for BoardError {
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

impl core::error::Error for BoardError {}

/// A board: each side's minions, left to right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    sides: [[Minion; MAX_MINIONS]; 2],
    counts: [usize; 2],
}

#[cfg(feature = "defmt")]
impl defmt::Format for Board {
    fn format(&self, f: defmt::Formatter<'_>) {
        defmt::write!(f, "Board {{ alice: {=[?]}, bob: {=[?]} }}", self.alice(), self.bob());
    }
}

impl Board {
    /// The battle of `alice` against `bob` (left to right).
    ///
    /// # Errors
    /// [`BoardError::Count`] unless each side has `1..=7` minions, [`BoardError::Attack`] or
    /// [`BoardError::Health`] for a value out of range.
    ///
    /// # Complexity
    /// `O(n + m)`.
    pub fn new(alice: &[Minion], bob: &[Minion]) -> Result<Self, BoardError> {
        let mut sides = [[Minion::new(0, 1, Keywords::NONE); MAX_MINIONS]; 2];
        for (side, (minions, out)) in [alice, bob].into_iter().zip(&mut sides).enumerate() {
            if !(1..=MAX_MINIONS).contains(&minions.len()) {
                return Err(BoardError::Count { side, count: minions.len() });
            }
            for (index, minion) in minions.iter().enumerate() {
                if minion.attack > MAX_ATTACK {
                    return Err(BoardError::Attack { side, index, value: minion.attack });
                }
                if !(1..=MAX_HEALTH).contains(&minion.health) {
                    return Err(BoardError::Health { side, index, value: minion.health });
                }
            }
            // `1..=MAX_MINIONS` minions (checked above): the zip copies them all, no length to check.
            for (slot, minion) in out.iter_mut().zip(minions) {
                *slot = *minion;
            }
        }
        Ok(Self { sides, counts: [alice.len(), bob.len()] })
    }

    /// Alice's minions.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn alice(&self) -> &[Minion] {
        // `counts[0] <= MAX_MINIONS` (`Board::new`): the empty fallback is never taken, and
        // leaves no panic call.
        self.sides[0].get(..self.counts[0]).unwrap_or_default()
    }

    /// Bob's minions.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn bob(&self) -> &[Minion] {
        // As in `alice`.
        self.sides[1].get(..self.counts[1]).unwrap_or_default()
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
pub(crate) struct Lineup {
    sides: [Cards; 2],
}

impl Lineup {
    fn new(battle: &Board) -> Self {
        Self { sides: [Cards::new(battle.alice()), Cards::new(battle.bob())] }
    }
}

/// Bounds on one search, so that no battle runs without end: beyond either it is refused.
/// They mean the same on every target: the same board is refused (or answered) by the same
/// limits on a 64-bit host and on a Cortex-M0, and [`needs`] measures on a host the least
/// limits a board needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Limits {
    /// Turns in progress at most (the depth of the search), counted in frames of 128-bit
    /// numerators: the search keeps them in `depth ·` [`FRAME_WORDS`] scratch words (a 64-bit
    /// host keeps the innermost [`HOT_FRAMES`] on its machine stack instead, which only makes
    /// it faster). A board whose odds need wider numerators has larger frames
    /// ([`WIDE_FRAME_WORDS`]), so the same words hold `depth · FRAME_WORDS /
    /// WIDE_FRAME_WORDS` of them.
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
        (self.depth as usize).checked_mul(FRAME_WORDS)
    }
}

impl Default for Limits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Scratch words a search with `strategy` within `limits` needs, if that fits a `usize`: the
/// stack of turns ([`Limits::stack_words`]), plus the table of [`Strategy::Fixed`], and at least
/// [`ANSWER_WORDS`]. The same on every target, so a `static` buffer sized by it holds the same
/// search everywhere:
///
/// ```
/// use referee_core::battle::{self, Limits, Strategy};
///
/// const LIMITS: Limits = Limits { depth: 64, steps: 100_000 };
/// const WORDS: usize = match battle::words_needed(Strategy::Fixed { table_words: 4096 }, LIMITS) {
///     Some(words) => words,
///     None => panic!("too large"),
/// };
/// assert_eq!(WORDS, 64 * battle::FRAME_WORDS + 4096);
/// ```
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub const fn words_needed(strategy: Strategy, limits: Limits) -> Option<usize> {
    match limits.stack_words() {
        Some(stack) => match stack.checked_add(strategy.table_words()) {
            Some(words) if words < ANSWER_WORDS => Some(ANSWER_WORDS),
            words => words,
        },
        None => None,
    }
}

/// Why the odds cannot be computed ([`odds`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum SearchError {
    /// The scratch holds fewer words than [`words_needed`].
    Capacity(CapacityError),
    /// The heap memo could not grow from `stored` to `wanted` states (`Strategy::Memo`).
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

impl fmt::Display for SearchError {
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

impl core::error::Error for SearchError {}

impl From<CapacityError> for SearchError {
    fn from(error: CapacityError) -> Self {
        Self::Capacity(error)
    }
}

/// The least [`Limits`] a board needs with one strategy ([`needs`]): a firmware's budget,
/// measured on a host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Needs {
    /// The least [`Limits::depth`] that answers the board.
    pub depth: u32,
    /// The least [`Limits::steps`] that answers the board.
    pub steps: u64,
}

impl Needs {
    /// These needs as limits.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn limits(self) -> Limits {
        Limits { depth: self.depth, steps: self.steps }
    }
}

/// The exact odds of `board`, searched with `strategy` within `limits`, in `scratch`: the
/// three probabilities in `u128` when they fit, else in the first [`ANSWER_WORDS`] words of
/// `scratch` (the [`Odds`] then borrow it).
///
/// ```
/// use referee_core::battle::{self, Board, Keywords, Limits, Minion, Strategy};
///
/// // A firmware sizes its buffer at compile time (and keeps it in a `static`).
/// const STRATEGY: Strategy = Strategy::Fixed { table_words: 2048 };
/// const LIMITS: Limits = Limits { depth: 64, steps: 1 << 20 };
/// const WORDS: usize = match battle::words_needed(STRATEGY, LIMITS) {
///     Some(words) => words,
///     None => panic!("too large"),
/// };
/// let mut words = [0u32; WORDS];
///
/// let plain = |v| Minion::new(v, v, Keywords::NONE);
/// let shield = Keywords::DIVINE_SHIELD;
/// let board = Board::new(&[plain(2), Minion::new(3, 1, shield)], &[plain(3), plain(4)])?;
/// let odds = battle::odds(&board, STRATEGY, LIMITS, &mut words[..])?;
/// // Whoever starts, Bob's 3/3 or 4/4 outlasts Alice's pair or they trade down to nothing.
/// assert_eq!(odds.all().map(|p| p.to_string()), ["0/1", "1/2", "1/2"]);
/// assert_eq!(odds.bob().percent(1).to_string(), "50.0%");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`SearchError::Capacity`] when `scratch` cannot provide [`words_needed`],
/// [`SearchError::OutOfMemory`] when the memo cannot get heap memory, [`SearchError::Precision`],
/// [`SearchError::Depth`] or [`SearchError::Steps`] for a board beyond `limits` (the same on
/// every target: [`Limits`]).
///
/// # Complexity
/// Proportional to the turns searched; see the module docs.
pub fn odds<'s>(
    board: &Board,
    strategy: Strategy,
    limits: Limits,
    scratch: &'s mut (impl Scratch + ?Sized),
) -> Result<Odds<'s>, SearchError> {
    // A request too large to count asks for `usize::MAX` words: the scratch refuses that with
    // its own capacity in the error.
    let words = scratch.words(words_needed(strategy, limits).unwrap_or(usize::MAX))?;
    let mut outcome = Outcome::TIE;
    outcome_in(board, strategy, limits, words, &mut outcome, &mut Needs { depth: 0, steps: 0 })?;
    odds_in(&outcome, words)
}

/// The least [`Limits`] that answer `board` with `strategy`, searched within `limits` (as
/// generous as the host allows, [`Limits::DEFAULT`] say): measured on a host, they are what
/// a firmware with the same strategy (the same table words) needs, since [`Limits`] mean the
/// same on every target.
///
/// ```
/// use referee_core::battle::{self, Board, Keywords, Limits, Minion, Strategy};
///
/// let plain = |v| Minion::new(v, v, Keywords::NONE);
/// let board = Board::new(&[plain(2), plain(5)], &[plain(3), plain(4), plain(1)])?;
/// // Measured on a PC within generous limits, for a firmware's fixed table of 1 024 words.
/// const STRATEGY: Strategy = Strategy::Fixed { table_words: 1024 };
/// const LIMITS: Limits = Limits { depth: 64, steps: 1 << 20 };
/// const WORDS: usize = match battle::words_needed(STRATEGY, LIMITS) {
///     Some(words) => words,
///     None => panic!("too large"),
/// };
/// let mut words = [0u32; WORDS];
/// let needs = battle::needs(&board, STRATEGY, LIMITS, &mut words[..])?;
/// assert!(battle::odds(&board, STRATEGY, needs.limits(), &mut words[..]).is_ok());
/// let less = Limits { steps: needs.steps - 1, ..needs.limits() };
/// assert!(battle::odds(&board, STRATEGY, less, &mut words[..]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`odds`].
///
/// # Complexity
/// As [`odds`].
pub fn needs(
    board: &Board,
    strategy: Strategy,
    limits: Limits,
    scratch: &mut (impl Scratch + ?Sized),
) -> Result<Needs, SearchError> {
    let words = scratch.words(words_needed(strategy, limits).unwrap_or(usize::MAX))?;
    let mut outcome = Outcome::TIE;
    let mut needs = Needs { depth: 0, steps: 0 };
    outcome_in(board, strategy, limits, words, &mut outcome, &mut needs)?;
    Ok(needs)
}

/// The three probabilities of `outcome`, each in lowest terms: in `u128` when all fit, else
/// written into the first [`ANSWER_WORDS`] of `words`.
fn odds_in<'s>(outcome: &Outcome<Wide>, words: &'s mut [u32]) -> Result<Odds<'s>, SearchError> {
    let den = outcome.denominator().map_err(|_| SearchError::Precision)?;
    let tie = den.checked_sub(outcome.alice).and_then(|rest| rest.checked_sub(outcome.bob));
    let parts =
        [outcome.alice, outcome.bob, tie.ok_or(SearchError::Precision)?].map(|n| wide::reduced(n, outcome.exps));
    let small = parts.map(|(n, _)| n.to_u128());
    if let [Some(a), Some(b), Some(t)] = small {
        let part = |n, i: usize| Probability::small(n, parts[i].1);
        return Ok(Odds::new(part(a, 0), part(b, 1), part(t, 2)));
    }
    let per = ANSWER_WORDS / 3;
    let words = words
        .get_mut(..ANSWER_WORDS)
        .ok_or(SearchError::Capacity(CapacityError { needed: ANSWER_WORDS, capacity: 0 }))?;
    let (alice, rest) = words.split_at_mut(per);
    let (bob, tie) = rest.split_at_mut(per);
    let mut written = [alice, bob, tie].into_iter().zip(&parts).map(|(out, (n, exps))| {
        n.write(out);
        Probability::from_reduced_words(out, *exps)
    });
    let mut next = || written.next().unwrap_or(Probability::ZERO);
    Ok(Odds::new(next(), next(), next()))
}

/// Searches `board` into `outcome`, and the limits it needed into `needs`. Not generic, so
/// the whole search is compiled (and optimised) once, in this crate. Never inlined: its locals
/// (and those of the searches' results) stay off the frame of the caller, which parses and
/// writes.
#[inline(never)]
fn outcome_in(
    board: &Board,
    strategy: Strategy,
    limits: Limits,
    words: &mut [u32],
    outcome: &mut Outcome<Wide>,
    needs: &mut Needs,
) -> Result<(), SearchError> {
    let lineup = Lineup::new(board);
    if state::Layout::key_bits(&lineup) <= 128 {
        search_widening::<u128>(&lineup, strategy, limits, words, outcome, needs)
    } else {
        search_widening::<[u64; KEY_WORDS]>(&lineup, strategy, limits, words, outcome, needs)
    }
}

/// Searches with `u128` numerators, and again with [`Wide`] ones if a value needs more; writes
/// the outcome into `outcome`, the limits both searches needed into `needs`.
fn search_widening<K: Key + Words>(
    lineup: &Lineup,
    strategy: Strategy,
    limits: Limits,
    words: &mut [u32],
    outcome: &mut Outcome<Wide>,
    needs: &mut Needs,
) -> Result<(), SearchError> {
    match search::<K, u128, HOT_FRAMES>(lineup, strategy, limits, words, needs) {
        Ok(narrow) => *outcome = narrow.widen(Wide::from),
        Err(Stop::Error(e)) => return Err(e),
        Err(Stop::TooWide) => match search::<K, Wide, 0>(lineup, strategy, limits, words, needs) {
            Ok(wide) => *outcome = wide,
            Err(Stop::Error(e)) => return Err(e),
            Err(Stop::TooWide) => return Err(SearchError::Precision),
        },
    }
    Ok(())
}

/// One search with keys `K` and numerators `N`; adds what it needed to `needs` (its depth in
/// frames of 128-bit numerators, as [`Limits::depth`] counts them). Never inlined: the
/// searches of one battle run one after the other, so each takes its own stack frame (its hot
/// frames) only while it runs.
#[inline(never)]
fn search<K: Key + Words, N: Numerator + Words, const HOT: usize>(
    lineup: &Lineup,
    strategy: Strategy,
    limits: Limits,
    words: &mut [u32],
    needs: &mut Needs,
) -> Result<Outcome<N>, Stop> {
    // The stack's words first, the table's after them (`odds` took exactly both).
    let (stack, table) = words.split_at_mut(limits.stack_words().unwrap_or(0).min(words.len()));
    let (result, (steps, deepest)) = match strategy {
        #[cfg(feature = "alloc")]
        Strategy::Memo => search_cached::<K, N, HOT>(lineup, memo::Memo::<K, N>::new()?, stack, limits),
        Strategy::Fixed { .. } => search_cached::<K, N, HOT>(lineup, FixedTable::<K, N>::new(table), stack, limits),
    };
    // `deepest` frames of `frame_words::<K, N>()` words fit `depth` frames of `FRAME_WORDS`.
    let depth = deepest.saturating_mul(search::frame_words::<K, N>()).div_ceil(FRAME_WORDS);
    needs.depth = needs.depth.max(u32::try_from(depth).unwrap_or(u32::MAX));
    needs.steps = needs.steps.max(steps);
    result
}

/// One search of `lineup` with `cache`: its result and effort. On wasm32 (the page) the search
/// gets the cache as `&mut dyn Cache`, so that it is compiled once for both caches (the same
/// answers; a smaller module); elsewhere it gets the cache itself (no dynamic call a state).
fn search_cached<K: Key + Words, N: Numerator + Words, const HOT: usize>(
    lineup: &Lineup,
    cache: impl Cache<K, N>,
    stack: &mut [u32],
    limits: Limits,
) -> (Result<Outcome<N>, Stop>, (u64, usize)) {
    #[cfg(target_arch = "wasm32")]
    let mut cache = cache;
    #[cfg(target_arch = "wasm32")]
    let cache: &mut dyn Cache<K, N> = &mut cache;
    let mut search = Search::<K, _>::new(lineup, cache, stack, limits);
    (search.run::<N, HOT>(), search.effort())
}
