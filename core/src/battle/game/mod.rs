//! `battle` under the game's rules (`battle-game.md`): a Battlegrounds fight as the game plays
//! it, exact, with the damage to the losing hero.
//!
//! # Rules
//! Each side has `1..=7` [`Card`]s (attack, health, the eight [`Keywords`] `T D P V W R S C`,
//! a tavern tier, and at most one effect of each kind: a deathrattle that summons `k` tokens,
//! what a reborn minion returns as, start-of-combat damage) and a [`Hero`] (tier and health);
//! the fight has a damage cap. The side with more minions attacks first (even: a coin); before
//! the first attack a coin picks the side whose start-of-combat shots fire first. A side
//! attacks with its leftmost minion of attack `> 0` not yet marked in the attack cycle (every
//! mark cleared when none is left); the minions it passes are marked *passed*, it is marked
//! *attacked*; tokens and reborn copies take the mark of their slot. Targets are uniform among
//! the visible (not stealthed) enemies, among their taunts if any. Deaths are resolved after
//! every swing and every shot: deathrattle tokens into the slot of the dead, then reborn copies,
//! while the side has room. The winner deals its hero's tier plus the tiers of its survivors to
//! the loser's hero, capped; a tie deals nothing. The full rules are the spec's; each sentence
//! is implemented where the comments cite it.
//!
//! # How it is computed
//! A depth-first search over the states at the start of each turn and of each start-of-combat
//! shot, merged through an exact key (`state`: 7 words when every health is below `2^18`,
//! else 14): every minion's kind (which input minion it
//! comes from: the minion itself, its reborn copy, its token, or the token's reborn copy — so
//! a board that grows with tokens has its own key), its health, its current keywords, its mark
//! and its shots left; the side to move and the phase. Attack, tier and effects are fixed by
//! the kind. Each state's value is the exact distribution of the ends of the fight from it:
//! a tie, or a winner with the sum `s ∈ 1..=49` of its survivors' tiers ([`CLASSES`] ends): the
//! hero damage and the death of each hero follow from the end, the heroes and the cap, so one
//! search answers all of them.
//!
//! Two strategies cache the states ([`Strategy`]): a heap memo (feature `alloc`; at most
//! `MEMO_STATES` states, about 140 bytes each with keys of 7 words and 200 with 14: one vector
//! of keys and values behind an index of 4 bytes a state; past it, states are searched
//! without being stored), or a
//! direct-mapped table in the caller's scratch words ([`slot_words`] a state; a state whose
//! distribution has more than [`SLOT_ENDS`] ends is not stored there). Both give identical
//! answers: a value is exact whatever was cached. The turns in progress recurse on the
//! machine's stack (about 5 KiB each with 128-bit numerators in an optimised x86-64 build:
//! [`Limits::depth`] bounds them, a longer fight is refused with [`SearchError::Depth`]; a
//! search that needs 1 024-bit numerators, whose distributions are 8 times larger, gets an
//! eighth of the depth, so a limit bounds the machine stack either way); [`Limits::steps`]
//! bounds the time.
//!
//! Identical minions share their kinds; the key makes equal the marks that can no longer
//! matter (on a side that cannot summon again); a fight in lockstep (every swing takes one
//! life from each side, see `state`) with as many lives on each side is a certain tie.
//!
//! # Within a budget
//! [`solve_until`] asks a callback every 1 024 states whether to go on (a clock on the host, a
//! steps budget anywhere). [`solve_bounded`] (no heap needed) answers a search that cannot
//! finish with certified [`Bounds`] instead of an error: the states it did not reach (out of
//! time, steps or depth) are cut, and what the rest settled is an exact lower bound of each
//! end; the mass not settled is the width of every bound. `bound` (feature `alloc`) settles
//! mass the other way, forward from the start, the states of most potential first, in fixed
//! point over [`BOUND_ONE`] rounded down; `solve_within` keeps, for each end, the larger of
//! the two lower bounds.
//!
//! # The bound of the numbers
//! Every random choice is among `k ≤ 7` equally likely targets or is a coin, so every
//! probability is `p / (2^a·3^b·5^c·7^d)`, and a distribution is kept as one numerator an end
//! over one common such denominator, in lowest terms (no prime of the denominator divides
//! every numerator). The start is two coins (four when the counts are even), then each shot or
//! swing one choice among `k ≤ 7`; the least common multiple of all such `k` is
//! `420 = 2^2·3·5·7`, so the value of a state from which no path makes more than `c` choices
//! has a denominator dividing `4·420^c`, and every partial sum on the way too. Numerators are
//! at most their denominator (probabilities), so `B`-bit numerators hold every fight with
//! `2 + c·log2(420) < B`: 14 choices for `u128`, 116 for the 1 024-bit numerators the search
//! retries with when `u128` overflows, and in practice far longer fights (two-way choices are
//! one bit each). Everything is checked arithmetic: a fight whose exact answer needs more is
//! refused with [`SearchError::Precision`], never wrapped. Healths are kept in `u32`
//! (`≤ 10^9`, damage saturates at 0, which is death); attacks and shot damage are at most
//! `10^9`; hero damage is at most `7 + 7·7 = 56` ([`MAX_DAMAGE`]).
//!
//! # Complexity
//! Time: the states expanded (at most [`Limits::steps`]), each `O(t·(n + e))` for `t ≤ 7`
//! targets (49 with windfury), `n ≤ 14` minions and the `e ≤ 99` ends of a distribution.
//! Memory: the cache, and the machine's stack: one distribution of [`CLASSES`] numerators a
//! turn in progress (1.6 KiB with `u128`, 13 KiB with 1 024-bit numerators; a second for a
//! windfury's second swing), beside a base of a few KiB (about 9 KiB on a 32-bit target with
//! the answer: it is summed from the 128-bit distribution, and the 1 024-bit retry's frames,
//! of its distributions and its answer, are on the stack only when a fight needs them).

#[cfg(feature = "alloc")]
mod bounds;
mod dist;
mod search;

#[cfg(feature = "alloc")]
pub use bounds::Progress;

#[cfg(feature = "alloc")]
pub use search::MEMO_STATES;
pub use search::{Searching, FAIL_FAST_FACTOR, WALKED_ONE};
mod state;
pub mod text;

use core::fmt;

pub use super::{Keywords, Limits, SearchError, Strategy};
pub use crate::odds::{Odds, Probability, MAX_MINIONS};

use super::outcome::Numerator;
use super::wide::{self, Wide};
use crate::scratch::{CapacityError, Scratch};
use dist::Dist;

/// The largest attack, health, or start-of-combat damage (of a minion or of a token).
pub const MAX_VALUE: u32 = 1_000_000_000;
/// The highest tavern tier (of a minion or of a hero).
pub const MAX_TIER: u8 = 7;
/// The most tokens of a deathrattle, or shots of a start-of-combat effect.
pub const MAX_COPIES: u8 = 7;
/// The largest hero health (health plus armor).
pub const MAX_HERO_HEALTH: u32 = 1000;
/// The largest damage cap (`0` is none).
pub const MAX_CAP: u32 = 1000;
/// The largest hero damage: a tier-7 hero and seven tier-7 survivors.
pub const MAX_DAMAGE: usize = 56;
/// The ends of a fight a distribution tells apart: a tie, and each side winning with each sum
/// `1..=49` of its survivors' tiers.
pub const CLASSES: usize = 1 + 2 * 49;
/// The most ends a state of the fixed table holds (a state with more is searched, not stored).
pub const SLOT_ENDS: usize = 8;
/// Probabilities of an answer: the three outcomes, the two deaths, the damages `1..=56` to
/// each hero.
const ANSWER_PARTS: usize = 3 + 2 + 2 * MAX_DAMAGE;
/// Words of the caller's scratch that hold an answer whose numerators need more than 128 bits
/// (1 024 bits each); [`words_needed`] is never below it.
pub const ANSWER_WORDS: usize = ANSWER_PARTS * (super::WIDE_BITS as usize / 32);

/// The limits of `referee battle` under the game rules: 32 768 turns in progress (each a level
/// of the machine's stack, about 5 KiB in an optimised x86-64 build: 160 MiB at most, 4 096
/// turns with 1 024-bit numerators; the host gives the search a thread of 1 GiB of reserved
/// stack) and 2^26 states expanded (about a minute at worst).
pub const DEFAULT_LIMITS: Limits = Limits { depth: 1 << 15, steps: 1 << 26 };

/// The token a deathrattle summons: attack, health and keywords (no effect, tier 1; with `R`
/// it returns once as itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Token {
    /// Attack, `0..=`[`MAX_VALUE`].
    pub attack: u32,
    /// Health, `1..=`[`MAX_VALUE`].
    pub health: u32,
    /// Keywords.
    pub keywords: Keywords,
}

/// Deathrattle: summon `count` copies of `token`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Summon {
    /// How many, `1..=`[`MAX_COPIES`].
    pub count: u8,
    /// The token.
    pub token: Token,
}

/// Reborn as: the attack and keywords a reborn minion returns with (its base card's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct RebornAs {
    /// Attack, `0..=`[`MAX_VALUE`].
    pub attack: u32,
    /// Keywords (`R` is dropped: a reborn copy never has it).
    pub keywords: Keywords,
}

/// Start of combat: `damage` to a random enemy minion, `times` times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Shots {
    /// Damage of a shot, `1..=`[`MAX_VALUE`].
    pub damage: u32,
    /// Shots, `1..=`[`MAX_COPIES`].
    pub times: u8,
}

/// A minion at the start of the fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Card {
    /// Attack, `0..=`[`MAX_VALUE`].
    pub attack: u32,
    /// Health, `1..=`[`MAX_VALUE`].
    pub health: u32,
    /// Keywords.
    pub keywords: Keywords,
    /// Tavern tier, `1..=`[`MAX_TIER`].
    pub tier: u8,
    /// Its deathrattle, if any.
    pub summon: Option<Summon>,
    /// What it returns as (only with `R`; default: its own attack and keywords less `R`).
    pub reborn_as: Option<RebornAs>,
    /// Its start-of-combat effect, if any.
    pub shots: Option<Shots>,
}

impl Card {
    /// A minion of `attack`, `health` and `keywords`, tier 1, no effect.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn new(attack: u32, health: u32, keywords: Keywords) -> Self {
        Self { attack, health, keywords, tier: 1, summon: None, reborn_as: None, shots: None }
    }
}

/// A hero: its tavern tier and its health (plus armor).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Hero {
    /// Tavern tier, `1..=`[`MAX_TIER`].
    pub tier: u8,
    /// Health plus armor, `1..=`[`MAX_HERO_HEALTH`].
    pub health: u32,
}

impl Hero {
    /// The hero of a board without hero fields: tier 1, health 1000.
    pub const DEFAULT: Self = Self { tier: 1, health: 1000 };
}

/// Why a fight cannot be built ([`Fight::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum FightError {
    /// A side (0 = Alice, 1 = Bob) has no minion or more than [`MAX_MINIONS`].
    Count {
        /// The side.
        side: usize,
        /// Its number of minions.
        count: usize,
    },
    /// A value of a minion (or of its effects) is out of its range.
    Minion {
        /// The side.
        side: usize,
        /// The minion's 0-based place from the left.
        index: usize,
        /// Which value.
        what: &'static str,
    },
    /// A hero's tier or health is out of range.
    Hero {
        /// The side.
        side: usize,
    },
    /// The damage cap is above [`MAX_CAP`].
    Cap,
}

impl fmt::Display for FightError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |side: usize| if side == 0 { "Alice" } else { "Bob" };
        match *self {
            Self::Count { side, count } => {
                write!(f, "{} has {count} minions: a side has 1..={MAX_MINIONS}", name(side))
            }
            Self::Minion { side, index, what } => {
                write!(f, "{}'s minion {}: {what} out of range", name(side), index + 1)
            }
            Self::Hero { side } => {
                write!(f, "{}'s hero: tier 1..={MAX_TIER}, health 1..={MAX_HERO_HEALTH}", name(side))
            }
            Self::Cap => write!(f, "the damage cap is 0..={MAX_CAP}"),
        }
    }
}

impl core::error::Error for FightError {}

/// A fight: each side's minions (left to right) and hero, and the damage cap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fight {
    sides: [[Card; MAX_MINIONS]; 2],
    counts: [usize; 2],
    heroes: [Hero; 2],
    cap: u32,
}

impl Fight {
    /// The fight of `alice` against `bob` (left to right), with `heroes` (Alice's, Bob's) and
    /// the damage `cap` (`0` for none).
    ///
    /// # Errors
    /// [`FightError::Count`] unless each side has `1..=7` minions, [`FightError::Minion`],
    /// [`FightError::Hero`] or [`FightError::Cap`] for a value out of range (a reborn-as on a
    /// minion without `R` is out of range too).
    ///
    /// # Complexity
    /// `O(n + m)`.
    pub fn new(alice: &[Card], bob: &[Card], heroes: [Hero; 2], cap: u32) -> Result<Self, FightError> {
        let mut sides = [[Card::new(0, 1, Keywords::NONE); MAX_MINIONS]; 2];
        for (side, (cards, out)) in [alice, bob].into_iter().zip(&mut sides).enumerate() {
            if !(1..=MAX_MINIONS).contains(&cards.len()) {
                return Err(FightError::Count { side, count: cards.len() });
            }
            for (index, card) in cards.iter().enumerate() {
                if let Some(what) = card_error(card) {
                    return Err(FightError::Minion { side, index, what });
                }
            }
            for (slot, card) in out.iter_mut().zip(cards) {
                *slot = *card;
            }
            let hero = heroes[side];
            if !(1..=MAX_TIER).contains(&hero.tier) || !(1..=MAX_HERO_HEALTH).contains(&hero.health) {
                return Err(FightError::Hero { side });
            }
        }
        if cap > MAX_CAP {
            return Err(FightError::Cap);
        }
        Ok(Self { sides, counts: [alice.len(), bob.len()], heroes, cap })
    }

    /// Alice's minions, then Bob's (`side` 0 or 1; any other is Bob's).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn side(&self, side: usize) -> &[Card] {
        let side = side.min(1);
        // `counts[side] <= MAX_MINIONS` (`Fight::new`): the fallback is never taken.
        self.sides[side].get(..self.counts[side]).unwrap_or_default()
    }

    /// Alice's hero, then Bob's.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn heroes(&self) -> [Hero; 2] {
        self.heroes
    }

    /// The damage cap (`0`: none).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn cap(&self) -> u32 {
        self.cap
    }
}

/// What is out of range in `card`, if anything.
fn card_error(card: &Card) -> Option<&'static str> {
    let value = |v: u32| v <= MAX_VALUE;
    let health = |v: u32| (1..=MAX_VALUE).contains(&v);
    let copies = |k: u8| (1..=MAX_COPIES).contains(&k);
    if !value(card.attack) {
        return Some("attack");
    }
    if !health(card.health) {
        return Some("health");
    }
    if !(1..=MAX_TIER).contains(&card.tier) {
        return Some("tier");
    }
    if let Some(Summon { count, token }) = card.summon {
        if !copies(count) || !value(token.attack) || !health(token.health) {
            return Some("deathrattle");
        }
    }
    if let Some(r) = card.reborn_as {
        if !value(r.attack) || !card.keywords.contains(Keywords::REBORN) {
            return Some("reborn as");
        }
    }
    if let Some(Shots { damage, times }) = card.shots {
        if !health(damage) || !copies(times) {
            return Some("start of combat");
        }
    }
    None
}

/// The exact answer of a fight: the odds (Alice wins, Bob wins, tie), the probability that
/// each hero dies, and the distribution of the damage each hero takes.
// Kept compact (the numerators of its parts, not a `Probability` each: about 1.9 KiB on a
// 32-bit target, not 3.8): a firmware's stack holds it, and its moves, while the search runs.
#[derive(Clone, Copy, Debug)]
pub struct Answer<'a> {
    /// Alice wins, Bob wins, tie.
    outcomes: [Probability<'a>; 3],
    /// Every part of the answer ([`ANSWER_PARTS`]).
    parts: Parts<'a>,
}

/// The parts of an [`Answer`] (0..3 the outcomes, 3..5 the deaths, then Alice's damages
/// `1..=56`, Bob's).
#[derive(Clone, Copy, Debug)]
// Not boxed: no heap; the wide parts' numerators are in the caller's words, only their
// exponents here.
#[allow(clippy::large_enum_variant)]
enum Parts<'a> {
    /// Numerators of 128 bits over one denominator (its exponents), not reduced.
    Small([u128; ANSWER_PARTS], [u16; 4]),
    /// Numerators in lowest terms, each in its 1 024 bits of the words, and the exponents of
    /// each one's denominator.
    Wide(&'a [u32], [[u16; 4]; ANSWER_PARTS]),
}

impl<'a> Parts<'a> {
    /// The probability of part `part` (zero beyond [`ANSWER_PARTS`]).
    fn get(&self, part: usize) -> Probability<'a> {
        match *self {
            Self::Small(ref nums, exps) => nums.get(part).map_or(Probability::ZERO, |&n| Probability::small(n, exps)),
            Self::Wide(words, ref exps) => {
                let per = super::WIDE_BITS as usize / 32;
                let chunk = part.checked_mul(per).and_then(|at| words.get(at..at + per));
                match (chunk, exps.get(part)) {
                    (Some(chunk), Some(&exps)) => match chunk.split_at_checked(4) {
                        Some((low, high)) if high.iter().all(|&w| w == 0) => {
                            Probability::small(<u128 as super::table::Words>::read(low), exps)
                        }
                        _ => Probability::from_reduced_words(chunk, exps),
                    },
                    _ => Probability::ZERO,
                }
            }
        }
    }
}

impl PartialEq for Answer<'_> {
    fn eq(&self, other: &Self) -> bool {
        (0..ANSWER_PARTS).all(|part| self.parts.get(part) == other.parts.get(part))
    }
}

impl Eq for Answer<'_> {}

impl<'a> Answer<'a> {
    /// The answer of `parts`.
    fn new(parts: Parts<'a>) -> Self {
        Self { outcomes: [parts.get(0), parts.get(1), parts.get(2)], parts }
    }

    /// Alice wins, Bob wins, tie.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn odds(&self) -> Odds<'a> {
        let [alice, bob, tie] = self.outcomes;
        Odds::new(alice, bob, tie)
    }

    /// The probability that the hero of `side` (0 Alice, 1 Bob) dies.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn dies(&self, side: usize) -> Probability<'a> {
        self.parts.get(3 + side.min(1))
    }

    /// The probability that the hero of `side` (0 Alice, 1 Bob) takes exactly `damage`
    /// (zero beyond [`MAX_DAMAGE`]; a damage of 0 is the probability that it does not lose,
    /// which this does not give: it is 0 here).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn damage(&self, side: usize, damage: usize) -> Probability<'a> {
        if !(1..=MAX_DAMAGE).contains(&damage) {
            return Probability::ZERO;
        }
        self.parts.get(5 + side.min(1) * MAX_DAMAGE + damage - 1)
    }
}

/// Scratch words of one fixed-table state with numerators of `numerator_words` words: the key,
/// the exponents, the count of ends and their classes, and [`SLOT_ENDS`] numerators.
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub const fn slot_words(numerator_words: usize) -> Option<usize> {
    match numerator_words.checked_mul(SLOT_ENDS) {
        Some(nums) => nums.checked_add(state::KEY_WORDS * 2 + 2 + 1 + SLOT_ENDS / 4),
        None => None,
    }
}

/// Words of a [`Strategy::Fixed`] table that holds `states` states with 128-bit numerators
/// (a search that needs 1 024-bit ones fits fewer in the same words), if that fits a `usize`:
/// the `table_words` to give for a fight whose state count is known.
///
/// ```
/// use referee_core::battle::game;
///
/// const TABLE: usize = match game::table_words(4096) {
///     Some(words) => words,
///     None => panic!("too large"),
/// };
/// assert_eq!(Some(TABLE), game::slot_words(4).map(|slot| slot * 4096));
/// ```
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub const fn table_words(states: u32) -> Option<usize> {
    match slot_words(4) {
        Some(slot) => slot.checked_mul(states as usize),
        None => None,
    }
}

/// Scratch words a search of the game rules with `strategy` within `limits` needs, if that fits
/// a `usize`: the table of [`Strategy::Fixed`] and at least [`ANSWER_WORDS`] (the turns in
/// progress are on the machine's stack, bounded by [`Limits::depth`]). The same on every
/// target.
///
/// ```
/// use referee_core::battle::{game, Limits, Strategy};
///
/// const WORDS: usize = match game::words_needed(Strategy::Fixed { table_words: 1 << 16 }, Limits::DEFAULT) {
///     Some(words) => words,
///     None => panic!("too large"),
/// };
/// assert_eq!(WORDS, 1 << 16);
/// ```
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub const fn words_needed(strategy: Strategy, limits: Limits) -> Option<usize> {
    // The limits bound the machine's stack and the time, not the scratch.
    let _ = limits;
    let table = strategy.table_words();
    if table < ANSWER_WORDS {
        Some(ANSWER_WORDS)
    } else {
        Some(table)
    }
}

/// The exact answer of `fight` under the game rules, searched with `strategy` within
/// `limits`, in `scratch` (a probability whose numerator needs more than 128 bits is written
/// into it: the [`Answer`] then borrows it).
///
/// ```
/// use referee_core::battle::game::{self, Card, Fight, Hero, Keywords, Limits, Strategy};
///
/// let mut words = vec![0u32; game::ANSWER_WORDS.max(4096)];
/// let plain = |a, h| Card::new(a, h, Keywords::NONE);
/// // `1/1R 2/5` against `4/5`: the reborn 1/1 attacks again before the 2/5 does: a tie.
/// let reborn = Card::new(1, 1, Keywords::REBORN);
/// let fight = Fight::new(&[reborn, plain(2, 5)], &[plain(4, 5)], [Hero::DEFAULT; 2], 0)?;
/// let answer = game::solve(&fight, Strategy::Fixed { table_words: 4096 }, Limits::DEFAULT, &mut words[..])?;
/// assert!(answer.odds().tie().is_one());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`SearchError::Capacity`] when `scratch` cannot provide [`words_needed`],
/// [`SearchError::OutOfMemory`] when the memo cannot grow, [`SearchError::Precision`] beyond
/// 1 024-bit numerators, [`SearchError::Depth`] or [`SearchError::Steps`] beyond `limits`.
///
/// # Complexity
/// Proportional to the states searched; see the module docs.
pub fn solve<'s>(
    fight: &Fight,
    strategy: Strategy,
    limits: Limits,
    scratch: &'s mut (impl Scratch + ?Sized),
) -> Result<Answer<'s>, SearchError> {
    solve_until(fight, strategy, limits, scratch, &mut |_| true)
}

/// As [`solve`], asking `go_on` every 1 024 states expanded (with the count so far) whether
/// to go on: the search stops with [`SearchError::Steps`] when it says no (a clock, a
/// cancel button).
///
/// # Errors
/// As [`solve`]; [`SearchError::Steps`] when `go_on` returns `false`.
///
/// # Complexity
/// As [`solve`].
pub fn solve_until<'s>(
    fight: &Fight,
    strategy: Strategy,
    limits: Limits,
    scratch: &'s mut (impl Scratch + ?Sized),
    go_on: &mut dyn FnMut(u64) -> bool,
) -> Result<Answer<'s>, SearchError> {
    let words = scratch.words(words_needed(strategy, limits).unwrap_or(usize::MAX))?;
    let kinds = state::Kinds::new(fight);
    search_exact(fight, &kinds, strategy, limits, words, &mut |s: Searching| go_on(s.states))
}

/// The odds alone (Alice wins, Bob wins, tie), exact: the search of [`solve`] with three
/// ends instead of [`CLASSES`] (no damage, no deaths), for a caller that needs no more.
///
/// ```
/// use referee_core::battle::game::{self, Card, Fight, Hero, Keywords};
/// use referee_core::battle::Strategy;
///
/// let fight = Fight::new(&[Card::new(2, 2, Keywords::NONE)], &[Card::new(1, 1, Keywords::NONE)], [Hero::DEFAULT; 2], 0)?;
/// let mut words = [0u32; 8_192];
/// let odds = game::solve_odds(&fight, Strategy::Fixed { table_words: 4_096 }, game::DEFAULT_LIMITS, &mut words[..])?;
/// assert!(odds.bob().is_zero() && odds.tie().is_zero());
/// assert_eq!(odds.alice().decimal(3).to_string(), "1.000");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`solve`].
///
/// # Complexity
/// As [`solve`], with distributions of three ends.
pub fn solve_odds<'s>(
    fight: &Fight,
    strategy: Strategy,
    limits: Limits,
    scratch: &'s mut (impl Scratch + ?Sized),
) -> Result<Odds<'s>, SearchError> {
    let words = scratch.words(words_needed(strategy, limits).unwrap_or(usize::MAX))?;
    let kinds = state::Kinds { odds_only: true, ..state::Kinds::new(fight) };
    Ok(search_exact(fight, &kinds, strategy, limits, words, &mut |_: Searching| true)?.odds())
}

/// What [`solve_bounded`] (and `solve_within`, feature `alloc`) gives: the exact answer, or
/// certified bounds when the exact search could not finish in its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
// Returned by value as `solve` returns its answer: no heap to box the larger one in.
#[allow(clippy::large_enum_variant)]
pub enum Verdict<'s> {
    /// The exact answer.
    Exact(Answer<'s>),
    /// Bounds that contain every probability of the answer.
    Bounded(Bounds),
}

/// The exact answer when the exact search finishes while `go_on` says so, else certified
/// bounds (feature `alloc`): each end keeps the larger of two lower bounds, what the exact
/// search settled before it stopped ([`solve_bounded`]) and what [`bound`] settles while
/// `go_on_bounds` says so. A fight the exact search cannot finish (out of time, steps, depth,
/// memory or precision) is answered with bounds, never refused.
///
/// # Errors
/// A capacity error when `scratch` cannot hold what `strategy` and `limits` need (the
/// exact search running out of memory, precision or depth gives bounds instead).
///
/// # Complexity
/// That of [`solve_bounded`] while `go_on` says so, then [`bound`]'s while `go_on_bounds`
/// does.
#[cfg(feature = "alloc")]
pub fn solve_within<'s>(
    fight: &Fight,
    strategy: Strategy,
    limits: Limits,
    scratch: &'s mut (impl Scratch + ?Sized),
    go_on: &mut dyn FnMut(Searching) -> bool,
    go_on_bounds: &mut dyn FnMut(Progress) -> bool,
) -> Result<Verdict<'s>, SearchError> {
    let words = scratch.words(words_needed(strategy, limits).unwrap_or(usize::MAX))?;
    let kinds = state::Kinds::new(fight);
    let cut =
        match run_narrow::<Settling>(fight, &kinds, (strategy, limits, Some(search::Cut { floor: 0 })), words, go_on) {
            Ok(Settled::Exact(answer)) => return Ok(Verdict::Exact(answer)),
            Ok(Settled::Lower(lower)) => lower,
            Err(SearchError::OutOfMemory { .. } | SearchError::Precision) => [0; CLASSES],
            Err(e) => return Err(e),
        };
    // Each end keeps the larger of the two lower bounds (both are certified): the cut search's
    // are the forward pass's floor, so that its progress tells the bounds as they stand.
    Ok(Verdict::Bounded(bounds_of(fight, &bounds::run(&kinds, cut, go_on_bounds))))
}

/// The numerators the search runs with: `u128`, or the 1 024-bit ones it retries with when
/// those overflow. Each has its own answer, so that the narrow one's frames never hold wide
/// numerators.
trait Total: Numerator + super::table::Words {
    /// The answer from the distribution of the ends `total`.
    ///
    /// # Errors
    /// [`SearchError::Precision`] beyond 1 024 bits; a capacity error when a numerator needs
    /// more than 128 bits and `words` has fewer than [`ANSWER_WORDS`].
    fn answer<'s>(fight: &Fight, total: &Dist<Self>, words: &'s mut [u32]) -> Result<Answer<'s>, SearchError>;

    /// The same value in 1 024 bits.
    fn wide(self) -> Wide;
}

impl Total for u128 {
    fn answer<'s>(fight: &Fight, total: &Dist<Self>, words: &'s mut [u32]) -> Result<Answer<'s>, SearchError> {
        answer(fight, total, words)
    }

    fn wide(self) -> Wide {
        Wide::from(self)
    }
}

impl Total for Wide {
    fn answer<'s>(fight: &Fight, total: &Dist<Self>, words: &'s mut [u32]) -> Result<Answer<'s>, SearchError> {
        answer_wide(fight, total, words)
    }

    fn wide(self) -> Wide {
        self
    }
}

/// What is made of what a search found, whatever its numerators' width: the exact answer
/// ([`Exactly`]), what a search that cuts settled ([`Settling`]), a verdict ([`Judging`]).
trait Finish<'s> {
    /// What is made.
    type Out;

    /// Makes it of `found`, the answer's numerators in `words` when they need more than 128
    /// bits.
    ///
    /// # Errors
    /// The answer's error.
    fn finish<N: Total>(
        fight: &Fight,
        found: &search::Found<N>,
        words: &'s mut [u32],
    ) -> Result<Self::Out, SearchError>;
}

/// [`Finish`]: the exact answer (of a search that does not cut).
struct Exactly;

impl<'s> Finish<'s> for Exactly {
    type Out = Answer<'s>;

    fn finish<N: Total>(
        fight: &Fight,
        found: &search::Found<N>,
        words: &'s mut [u32],
    ) -> Result<Answer<'s>, SearchError> {
        N::answer(fight, &found.dist, words)
    }
}

/// The search of `kinds` with 128-bit numerators, or, when they overflow, with 1 024-bit ones
/// ([`run_wide`]: its frames are on the stack only then), what it found made by `F`.
///
/// # Errors
/// [`SearchError::Precision`] beyond 1 024 bits, else the search's or `F`'s error.
fn run_narrow<'s, F: Finish<'s>>(
    fight: &Fight,
    kinds: &state::Kinds,
    (strategy, limits, cut): (Strategy, Limits, Option<search::Cut>),
    words: &'s mut [u32],
    go_on: &mut dyn FnMut(Searching) -> bool,
) -> Result<F::Out, SearchError> {
    // Matched by reference: the distribution is not moved out (a copy in this frame).
    match &search::run::<u128>(kinds, strategy, limits, cut, words, go_on) {
        Ok(found) => F::finish(fight, found, words),
        Err(search::Stop::TooWide) => run_wide::<F>(fight, kinds, (strategy, limits, cut), words, go_on),
        Err(search::Stop::Error(e)) => Err(*e),
    }
}

/// [`run_narrow`] with 1 024-bit numerators: a function of its own, never inlined, so that
/// its distributions (12.7 KiB each) and its answer's numerators are on the machine stack only
/// when a fight needs them.
///
/// # Errors
/// As [`run_narrow`].
#[inline(never)]
fn run_wide<'s, F: Finish<'s>>(
    fight: &Fight,
    kinds: &state::Kinds,
    (strategy, limits, cut): (Strategy, Limits, Option<search::Cut>),
    words: &'s mut [u32],
    go_on: &mut dyn FnMut(Searching) -> bool,
) -> Result<F::Out, SearchError> {
    match search::run::<Wide>(kinds, strategy, limits, cut, words, go_on) {
        Ok(found) => F::finish(fight, &found, words),
        Err(search::Stop::TooWide) => Err(SearchError::Precision),
        Err(search::Stop::Error(e)) => Err(e),
    }
}

/// The exact answer of the search of `kinds` (no cut): [`run_narrow`], never inlined.
///
/// # Errors
/// As [`run_narrow`].
#[inline(never)]
fn search_exact<'s>(
    fight: &Fight,
    kinds: &state::Kinds,
    strategy: Strategy,
    limits: Limits,
    words: &'s mut [u32],
    go_on: &mut dyn FnMut(Searching) -> bool,
) -> Result<Answer<'s>, SearchError> {
    run_narrow::<Exactly>(fight, kinds, (strategy, limits, None), words, go_on)
}

/// What a search that cuts settled: the exact answer when it cut nothing, else a lower bound
/// of each end's probability over [`BOUND_ONE`].
// Returned by value as `solve` returns its answer: no heap to box the larger one in.
#[allow(clippy::large_enum_variant)]
#[cfg(feature = "alloc")]
enum Settled<'s> {
    /// The exact answer.
    Exact(Answer<'s>),
    /// Each end's probability, rounded down.
    Lower([u128; CLASSES]),
}

/// [`Finish`]: what a search that cuts settled.
#[cfg(feature = "alloc")]
struct Settling;

#[cfg(feature = "alloc")]
impl<'s> Finish<'s> for Settling {
    type Out = Settled<'s>;

    /// The exact answer of `found` when it is complete, else its lower bounds.
    fn finish<N: Total>(
        fight: &Fight,
        found: &search::Found<N>,
        words: &'s mut [u32],
    ) -> Result<Settled<'s>, SearchError> {
        if found.complete {
            return N::answer(fight, &found.dist, words).map(Settled::Exact);
        }
        Ok(Settled::Lower(fixed_lower(&found.dist)))
    }
}

/// As [`solve_until`], but a search that cannot finish (`go_on` says stop, or it reaches the
/// steps or depth of `limits`) gives certified [`Bounds`] instead of an error: the states it
/// did not search are cut, their mass unsettled, and what the rest settled is a lower bound
/// of each probability. With no heap (a [`Strategy::Fixed`] table in `scratch`), a steps
/// budget in `limits` or in `go_on`: what a firmware answers with when the exact search does
/// not fit.
///
/// ```
/// use referee_core::battle::game::{self, Card, Fight, Hero, Keywords, Verdict};
/// use referee_core::battle::{Limits, Strategy};
///
/// let plain = |a, h| Card::new(a, h, Keywords::NONE);
/// let fight = Fight::new(&[plain(1, 9); 3], &[plain(1, 9); 3], [Hero::DEFAULT; 2], 0)?;
/// let mut words = [0u32; 16_384];
/// let strategy = Strategy::Fixed { table_words: 8_192 };
/// let limits = Limits { depth: 12, steps: 2_000 };
/// match game::solve_bounded(&fight, strategy, limits, &mut words[..], &mut |_| true)? {
///     Verdict::Exact(answer) => assert!(!answer.odds().tie().is_zero()),
///     Verdict::Bounded(bounds) => assert!(bounds.outcome(0)[0] <= bounds.outcome(0)[1]),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A capacity error when `scratch` cannot hold what `strategy` and `limits` need;
/// [`SearchError::Precision`] beyond 1 024-bit numerators; [`SearchError::OutOfMemory`] when
/// the memo cannot grow.
///
/// # Complexity
/// As [`solve_until`]: at most `limits.steps` states.
pub fn solve_bounded<'s>(
    fight: &Fight,
    strategy: Strategy,
    limits: Limits,
    scratch: &'s mut (impl Scratch + ?Sized),
    go_on: &mut dyn FnMut(u64) -> bool,
) -> Result<Verdict<'s>, SearchError> {
    let words = scratch.words(words_needed(strategy, limits).unwrap_or(usize::MAX))?;
    bounded(fight, strategy, limits, words, &mut |s: Searching| go_on(s.states))
}

/// [`solve_bounded`] in `words`: never inlined, so that a caller's frame holds its verdict
/// alone while the search runs, not the search's values too.
///
/// # Errors
/// As [`solve_bounded`].
#[inline(never)]
fn bounded<'s>(
    fight: &Fight,
    strategy: Strategy,
    limits: Limits,
    words: &'s mut [u32],
    go_on: &mut dyn FnMut(Searching) -> bool,
) -> Result<Verdict<'s>, SearchError> {
    let kinds = state::Kinds::new(fight);
    run_narrow::<Judging>(fight, &kinds, (strategy, limits, Some(search::Cut { floor: 0 })), words, go_on)
}

/// [`Finish`]: the verdict of a search that cuts: the exact answer when it cut nothing, else
/// the bounds of its lower bounds.
struct Judging;

impl<'s> Finish<'s> for Judging {
    type Out = Verdict<'s>;

    /// Never inlined: its values are on the stack only after the search.
    #[inline(never)]
    fn finish<N: Total>(
        fight: &Fight,
        found: &search::Found<N>,
        words: &'s mut [u32],
    ) -> Result<Verdict<'s>, SearchError> {
        if found.complete {
            return N::answer(fight, &found.dist, words).map(Verdict::Exact);
        }
        Ok(lower_verdict(fight, &found.dist))
    }
}

/// The bounds of the lower bounds `lower` as a verdict: never inlined, so that its values are
/// not on the stack with the answer's.
#[inline(never)]
fn lower_verdict<N: Total>(fight: &Fight, lower: &Dist<N>) -> Verdict<'static> {
    Verdict::Bounded(bounds_of(fight, &fixed_lower(lower)))
}

/// Each end's probability of `lower` in fixed point over [`BOUND_ONE`], rounded down.
#[inline(never)]
fn fixed_lower<N: Total>(lower: &Dist<N>) -> [u128; CLASSES] {
    let mut out = [0u128; CLASSES];
    for (class, n) in lower.parts() {
        if let Some(slot) = out.get_mut(class) {
            *slot = fixed_point(n.wide(), lower.exps);
        }
    }
    out
}

/// `n / (2^e2·3^e3·5^e5·7^e7)` over [`BOUND_ONE`], rounded down (0 when `n·2^120` passes
/// 1 024 bits: still a lower bound).
fn fixed_point(n: Wide, exps: [u16; 4]) -> u128 {
    let Some(mut x) = n.checked_shl(120) else { return 0 };
    for (&prime, &e) in super::outcome::PRIMES.iter().zip(&exps).skip(1) {
        for _ in 0..e {
            x = x.div_u64(prime);
        }
    }
    x.shr(u32::from(exps[0])).to_u128().unwrap_or(0).min(BOUND_ONE)
}

/// The fixed-point one of [`Bounds`]: a bound `n` is the probability `n / 2^120`.
pub const BOUND_ONE: u128 = 1 << 120;

/// Certified bounds of the answer of a fight (`bound`, feature `alloc`): for each probability of an
/// [`Answer`], a lower and an upper bound, fixed-point over [`BOUND_ONE`], that contain it.
/// Every upper bound is its lower bound plus [`Bounds::unsettled`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    lower: [u128; ANSWER_PARTS],
    unsettled: u128,
}

impl Bounds {
    fn pair(&self, part: usize) -> [u128; 2] {
        let low = self.lower.get(part).copied().unwrap_or(0);
        [low, low.saturating_add(self.unsettled).min(BOUND_ONE)]
    }

    /// Lower and upper bounds of Alice wins (`0`), Bob wins (`1`), a tie (`2`, and beyond).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn outcome(&self, which: usize) -> [u128; 2] {
        self.pair(which.min(2))
    }

    /// Lower and upper bounds of the probability that the hero of `side` (0 Alice, 1 Bob) dies.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn dies(&self, side: usize) -> [u128; 2] {
        self.pair(3 + side.min(1))
    }

    /// Lower and upper bounds of the probability that the hero of `side` takes exactly
    /// `damage` (`1..=`[`MAX_DAMAGE`]; `[0, 0]` beyond).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn damage(&self, side: usize, damage: usize) -> [u128; 2] {
        if !(1..=MAX_DAMAGE).contains(&damage) {
            return [0, 0];
        }
        self.pair(5 + side.min(1) * MAX_DAMAGE + damage - 1)
    }

    /// The mass no end has settled yet, over [`BOUND_ONE`]: the width of every bound.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn unsettled(&self) -> u128 {
        self.unsettled
    }
}

/// The parts of the answer ([`ANSWER_PARTS`]) an end of class `class` counts in.
fn class_parts(fight: &Fight, class: usize) -> [Option<usize>; 3] {
    let Some((winner, sum)) = dist::class_end(class) else { return [Some(2), None, None] };
    let loser = winner ^ 1;
    let mut damage = u32::from(fight.heroes[winner].tier) + sum;
    if fight.cap != 0 {
        damage = damage.min(fight.cap);
    }
    let dies = (damage >= fight.heroes[loser].health).then_some(3 + loser);
    let d = usize::try_from(damage).unwrap_or(MAX_DAMAGE).clamp(1, MAX_DAMAGE);
    [Some(winner), dies, Some(5 + loser * MAX_DAMAGE + d - 1)]
}

/// Certified bounds of the answer of `fight` (see [`Bounds`]): the probability mass flows
/// forward from the start, state by state, the largest potential first; rounds drop the states
/// whose mass is below a threshold, smaller each round, and `budget` is asked every 1 024
/// states whether to go on ([`Progress`]: the states expanded, the mass unsettled so far).
/// The bounds only tighten as the budget grows; when a round drops nothing they are the exact
/// probabilities within rounding (`2^-120` a division), and `unsettled` is that rounding.
///
/// ```
/// use referee_core::battle::game::{self, Card, Fight, Hero, Keywords, BOUND_ONE};
///
/// let plain = |a, h| Card::new(a, h, Keywords::NONE);
/// let fight = Fight::new(&[plain(2, 2)], &[plain(1, 1), plain(1, 1)], [Hero::DEFAULT; 2], 0)?;
/// let mut last = None;
/// let bounds = game::bound(&fight, &mut |p| {
///     last = Some(p);
///     p.steps < 100_000
/// });
/// let [low, high] = bounds.outcome(0);
/// assert!(low <= BOUND_ONE && low <= high && bounds.unsettled() < 1 << 20);
/// // The progress told the outcomes' bounds as they stood: they only tightened since.
/// let last = last.unwrap();
/// assert_eq!(last.outcomes.iter().sum::<u128>() + last.unsettled, BOUND_ONE);
/// assert!(last.outcomes[0] <= low && last.unsettled >= bounds.unsettled());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Complexity
/// Time: the states expanded (until `budget` says stop), each `O(t·n)` and a heap operation.
/// Memory: the states waiting, at most those expanded times 49 and at most 2^20 (about 400
/// MiB on a 64-bit host, whatever the budget: a state beyond them is dropped, its mass
/// unsettled).
#[cfg(feature = "alloc")]
pub fn bound(fight: &Fight, budget: &mut dyn FnMut(Progress) -> bool) -> Bounds {
    let kinds = state::Kinds::new(fight);
    bounds_of(fight, &bounds::run(&kinds, [0; CLASSES], budget))
}

/// The bounds of lower bounds `lower` of each end's probability, over [`BOUND_ONE`] (the
/// rest of the mass unsettled).
#[inline(never)]
fn bounds_of(fight: &Fight, lower: &[u128; CLASSES]) -> Bounds {
    let mut parts = [0u128; ANSWER_PARTS];
    let mut settled = 0u128;
    for (class, &n) in lower.iter().enumerate() {
        settled = settled.saturating_add(n);
        for part in class_parts(fight, class).into_iter().flatten() {
            if let Some(slot) = parts.get_mut(part) {
                *slot = slot.saturating_add(n);
            }
        }
    }
    Bounds { lower: parts, unsettled: BOUND_ONE.saturating_sub(settled) }
}

/// The parts of the answer ([`ANSWER_PARTS`]: 0..3 the outcomes, 3..5 the deaths, then
/// Alice's damages `1..=56`, Bob's) from the distribution of the ends `total`, summed over
/// its denominator; `None` when a sum overflows `N`.
fn answer_parts<N: Numerator>(fight: &Fight, total: &Dist<N>, parts: &mut [N; ANSWER_PARTS]) -> Option<()> {
    for (class, n) in total.parts() {
        for part in class_parts(fight, class).into_iter().flatten() {
            let slot = parts.get_mut(part)?;
            *slot = slot.checked_add(n)?;
        }
    }
    Some(())
}

/// The answer from the distribution of the ends with 128-bit numerators: its parts summed in
/// 128 bits, or, when a sum overflows them, in 1 024 bits ([`answer_widened`]: its frames are
/// on the stack only then).
#[inline(never)]
fn answer<'s>(fight: &Fight, total: &Dist<u128>, words: &'s mut [u32]) -> Result<Answer<'s>, SearchError> {
    let mut parts = [0u128; ANSWER_PARTS];
    if answer_parts(fight, total, &mut parts).is_none() {
        return answer_widened(fight, total, words);
    }
    Ok(Answer::new(Parts::Small(parts, total.exps)))
}

/// [`answer_wide`] of `total` widened to 1 024 bits: never inlined, so that the widened
/// distribution (12.7 KiB) is on the stack only when a sum of 128-bit numerators overflows.
#[inline(never)]
fn answer_widened<'s>(fight: &Fight, total: &Dist<u128>, words: &'s mut [u32]) -> Result<Answer<'s>, SearchError> {
    answer_wide(fight, &total.widen(Wide::from), words)
}

/// The answer from the distribution of the ends, its wide numerators written into `words`:
/// never inlined, so that its 117 numerators of 1 024 bits (15 KiB) are on the stack only
/// when a fight needs them.
#[inline(never)]
fn answer_wide<'s>(fight: &Fight, total: &Dist<Wide>, words: &'s mut [u32]) -> Result<Answer<'s>, SearchError> {
    let mut parts = [Wide::ZERO; ANSWER_PARTS];
    answer_parts(fight, total, &mut parts).ok_or(SearchError::Precision)?;
    let per = super::WIDE_BITS as usize / 32;
    let words = words
        .get_mut(..ANSWER_WORDS)
        .ok_or(SearchError::Capacity(CapacityError { needed: ANSWER_WORDS, capacity: 0 }))?;
    let mut exps = [[0u16; 4]; ANSWER_PARTS];
    for ((&n, chunk), out) in parts.iter().zip(words.chunks_mut(per)).zip(&mut exps) {
        let (n, reduced) = wide::reduced(n, total.exps);
        super::table::Words::write(&n, chunk);
        *out = reduced;
    }
    Ok(Answer::new(Parts::Wide(words, exps)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;
    use std::vec;

    #[test]
    fn wide_answers_are_written_into_the_scratch() {
        // Alice wins with survivors' tiers 2 with probability 1 / 2^200, else a tie.
        let fight =
            Fight::new(&[Card::new(1, 1, Keywords::NONE)], &[Card::new(1, 1, Keywords::NONE)], [Hero::DEFAULT; 2], 0)
                .unwrap();
        let mut dist = Dist::<Wide>::ZERO;
        let one = Wide::from(1u64);
        dist.num[dist::class_of(0, 2)] = one;
        dist.num[0] = (one << 200) - one;
        dist.mask = 1 | 1 << dist::class_of(0, 2);
        dist.exps = [200, 0, 0, 0];
        let mut words = vec![0u32; ANSWER_WORDS];
        let answer = answer_wide(&fight, &dist, &mut words).unwrap();
        let tiny = answer.odds().alice();
        assert!(tiny.to_fraction().is_none() && !tiny.is_zero());
        assert_eq!(answer.damage(1, 3), tiny, "Bob's hero takes 1 + 2");
        assert!(answer.dies(1).is_zero() && answer.odds().bob().is_zero());
        assert!(answer.odds().tie().to_string().ends_with(&tiny.to_string()[2..]));
        assert_eq!(answer.odds().tie().decimal(12).to_string(), "1.000000000000");
        let mut short = vec![0u32; ANSWER_WORDS - 1];
        assert!(answer_wide(&fight, &dist, &mut short).is_err());
    }

    #[test]
    fn narrow_answers_widen_when_a_sum_overflows() {
        // Alice wins with survivors' tiers 2 or 3, each with probability 2^127 / 2^129: her
        // win's numerator (2^128) overflows `u128`, each end's does not.
        let fight =
            Fight::new(&[Card::new(1, 1, Keywords::NONE)], &[Card::new(1, 1, Keywords::NONE)], [Hero::DEFAULT; 2], 0)
                .unwrap();
        let mut dist = Dist::<u128>::ZERO;
        let (two, three) = (dist::class_of(0, 2), dist::class_of(0, 3));
        dist.num[two] = 1 << 127;
        dist.num[three] = 1 << 127;
        dist.num[0] = 1 << 127;
        dist.mask = 1 | 1 << two | 1 << three;
        dist.exps = [129, 0, 0, 0];
        let mut words = vec![0u32; ANSWER_WORDS];
        let narrow = answer(&fight, &dist, &mut words).unwrap();
        let mut wide_words = vec![0u32; ANSWER_WORDS];
        let wide = answer_wide(&fight, &dist.widen(Wide::from), &mut wide_words).unwrap();
        assert_eq!(narrow, wide);
        assert_eq!(narrow.odds().alice().to_string(), "1/2");
        assert_eq!(narrow.damage(1, 4).to_string(), "1/4");
        // Without the overflow the answer is the same as the wide one's, and needs no words.
        dist.num[three] = 0;
        dist.mask &= !(1 << three);
        dist.num[0] = 3 << 127;
        let narrow = answer(&fight, &dist, &mut []).unwrap().odds();
        let wide = answer_wide(&fight, &dist.widen(Wide::from), &mut wide_words).unwrap().odds();
        assert_eq!((narrow.alice(), narrow.tie()), (wide.alice(), wide.tie()));
    }
}
