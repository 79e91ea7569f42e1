//! `greater`: Snuke's best expected score in the GreaterGame card duel (TopCoder SRM 637 Div 1
//! 250), as an exact fraction, in `O(N)` time with integers only.
//!
//! # The game
//! The cards are `1..=2N`; Snuke holds `hand` (N cards), Sothe the other N. In each of N turns
//! both play a card and the greater one scores a point. `sothe[i]` is Sothe's card in turn `i`,
//! or −1 when unknown; Sothe's unlisted cards fill the −1 turns in a uniformly random order.
//! Snuke fixes the order of his cards in advance to maximise his expected score.
//!
//! # Value of a plan
//! Let `u` be the number of −1 turns and `U` the unlisted cards. In a −1 turn Sothe's card is
//! uniform over `U` (whatever happens in the other turns), so by linearity of expectation a plan
//! is worth `wins + Σ f(h)` over Snuke's cards `h` played in −1 turns, with
//! `f(h) = |{x ∈ U : x < h}| / u`, a number in `[0, 1]` that does not decrease with `h`.
//! Every turn's value (`[h > s]` for a known card `s`, `f(h)` for an unknown one) thus grows
//! with the card played: giving a turn a larger card never hurts.
//!
//! # The greedy, and why it is optimal (exchange argument)
//! Take Sothe's known cards from the largest down. Against `s`, play the smallest card of
//! Snuke's that beats it if there is one, otherwise throw away Snuke's smallest card. The cards
//! left play the −1 turns.
//!
//! Let `s` be the largest known card and `P` any optimal plan. If no card beats `s`, `s` is lost
//! whatever it gets, so swapping its card with Snuke's smallest card (wherever that is) gives
//! every other turn a card at least as large: no loss. Otherwise let `b` be the smallest card
//! beating `s` and `a` the card `P` plays on `s`. If `a` wins too, `a ≥ b`: swapping `a` and `b`
//! keeps `s` won and gives `b`'s former turn the larger `a`. If `a` loses, the swap wins `s`
//! (+1) and costs `b`'s former turn at most 1 (a known turn is worth at most 1, a −1 turn
//! `f(b) − f(a) ≤ 1`). Either way some optimal plan makes the greedy's first choice; the rest
//! is the same problem with one card and one known turn fewer, and the same `f`, so by
//! induction the greedy is optimal.
//!
//! # Computing the greedy in `O(N)` with 2 bits per card
//! Scan the values `2N, 2N−1, …, 1` keeping a count of Snuke's cards seen and not yet used.
//! Those are exactly his cards above the current known card `s`, and the smallest of them is
//! the last one seen, so the greedy's "smallest card beating `s`" is a stack pop: only its
//! height matters. A throw-away happens when the stack is empty; it takes Snuke's smallest
//! card not yet thrown away, which lies below `s` (at least one card is left, and all above `s`
//! are used), so the `d`-th throw-away takes his `d`-th smallest card, before the scan reaches
//! it. One descending pass therefore finds the number `D` of throw-aways and the wins
//! `W = k − D` (`k` known turns). Which cards are left is the set of pushes never popped: in
//! this bracket sequence (Snuke's cards open, known cards close) a card is never popped exactly
//! when, scanning upwards, no known card below it is still unmatched — a second, ascending pass
//! with one counter, skipping the `D` thrown-away cards and summing `|{x ∈ U : x < h}|` over
//! the cards left. The answer is `W + S/u` (`W` when `u = 0`).
//!
//! Memory: the owner of each value (unknown, Snuke's, Sothe's known) in 2 bits, i.e. `N/8`
//! words of [`Scratch`] (see [`Deal::words_needed`]).
//!
//! # Bounds
//! `N ≤` [`MAX_CARDS`]; `W ≤ N`, `u ≤ N` and `S ≤ u·N`, so `W·u + S ≤ 2N² < 2^48`: `u64` holds it.
//!
//! # Input
//! `N`, the hand, then `sothe` as plain numbers; or TopCoder's notation, two braced lists
//! `{4, 2}` `{-1, -1}` (whitespace free), told apart by the first non-space byte.

pub mod text;

use core::fmt;

use crate::fraction::Fraction;
use crate::scratch::{CapacityError, Scratch};

/// The most cards per player. The scratch cost is 2 bits per value, `N/8` words: 1.25 Mi words
/// (5 MiB) at the limit, 12 500 words (50 KiB) for `N = 100 000`.
pub const MAX_CARDS: u32 = 10_000_000;

/// Values per scratch word (2 bits each).
const VALUES_PER_WORD: usize = 16;

/// Who holds a value, as stored in 2 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Owner {
    /// One of Sothe's cards that Snuke does not know where it is played.
    Unknown = 0,
    /// One of Snuke's cards.
    Snuke = 1,
    /// One of Sothe's cards with a known turn.
    Known = 2,
}

/// Why a deal cannot be created ([`Deal::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum DealError {
    /// The number of cards per player is outside `1..=MAX_CARDS`.
    Cards(u32),
    /// The scratch holds fewer than [`Deal::words_needed`] words.
    Capacity(CapacityError),
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Cards(n) => write!(f, "{n} cards per player: a deal has 1..={MAX_CARDS}"),
            Self::Capacity(e) => write!(f, "the deal {e}"),
        }
    }
}

impl core::error::Error for DealError {}

/// Why a card cannot be added to a [`Deal`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum CardError {
    /// Not in `1..=2N`.
    OutOfRange,
    /// Already in the hand.
    TwiceInHand,
    /// Already among Sothe's known cards.
    TwiceInSothe,
    /// In the hand and among Sothe's known cards.
    InBoth,
    /// More than N cards (or N turns) given.
    TooMany,
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::OutOfRange => "the card is not in 1..=2N",
            Self::TwiceInHand => "the card is already in the hand",
            Self::TwiceInSothe => "the card is already among Sothe's known cards",
            Self::InBoth => "the card cannot be both in the hand and among Sothe's cards",
            Self::TooMany => "more than N cards given",
        })
    }
}

impl core::error::Error for CardError {}

/// The cards of one game, stored 2 bits per value in caller-provided words.
#[derive(Debug)]
pub struct Deal<'a> {
    cards: u32,
    owners: &'a mut [u32],
    hand: u32,
    turns: u32,
    known: u32,
}

impl<'a> Deal<'a> {
    /// Words of scratch for `cards` cards per player (`ceil(2·cards / 16)`), if it fits a
    /// `usize`; a `const fn`, to size a `static` buffer:
    ///
    /// ```
    /// use referee_core::greater::Deal;
    ///
    /// const WORDS: usize = match Deal::words_needed(100_000) {
    ///     Some(words) => words,
    ///     None => panic!("too large"),
    /// };
    /// static mut DEAL: [u32; WORDS] = [0; WORDS];
    /// assert_eq!(WORDS, 12_500);
    /// ```
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn words_needed(cards: u32) -> Option<usize> {
        // A `u32` fits the `usize` of every target the crate builds for (32 and 64 bits).
        match (cards as usize).checked_mul(2) {
            Some(values) => Some(values.div_ceil(VALUES_PER_WORD)),
            None => None,
        }
    }

    /// An empty deal of `cards` cards per player in `scratch`.
    ///
    /// ```
    /// use referee_core::greater::Deal;
    ///
    /// let mut words = [0u32; 1]; // `Deal::words_needed(2) == Some(1)`
    /// let mut deal = Deal::new(2, &mut words[..])?;
    /// for card in [4, 2] {
    ///     deal.add_hand(card)?;
    /// }
    /// deal.add_sothe(None)?; // Sothe's 1 and 3, in an unknown order
    /// deal.add_sothe(None)?;
    /// assert_eq!(deal.best_expected_score().map(|s| s.to_string()).as_deref(), Some("3/2"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`DealError::Cards`] for `cards` outside `1..=MAX_CARDS`; [`DealError::Capacity`] when
    /// `scratch` has fewer than [`Deal::words_needed`] words.
    ///
    /// # Complexity
    /// `O(N)` (the words are cleared); `N/8` words.
    pub fn new(cards: u32, scratch: &'a mut (impl Scratch + ?Sized)) -> Result<Self, DealError> {
        if !(1..=MAX_CARDS).contains(&cards) {
            return Err(DealError::Cards(cards));
        }
        // At most `MAX_CARDS` cards (checked above): the count fits.
        let owners = scratch.words(Self::words_needed(cards).unwrap_or(usize::MAX)).map_err(DealError::Capacity)?;
        owners.fill(0);
        Ok(Self { cards, owners, hand: 0, turns: 0, known: 0 })
    }

    /// Who holds `value`. Every caller passes a value in `1..=2N`, and the deal holds
    /// [`Deal::words_needed`] words, so the index is in range.
    fn owner(&self, value: u32) -> Owner {
        let index = (value - 1) as usize;
        // In range (see above): the fallback (unknown) is never taken, and leaves no panic call.
        let word = self.owners.get(index / VALUES_PER_WORD).copied().unwrap_or(0);
        match word >> (2 * (index % VALUES_PER_WORD)) & 3 {
            1 => Owner::Snuke,
            2 => Owner::Known,
            _ => Owner::Unknown,
        }
    }

    /// Records that `owner` holds `value` (in `1..=2N`, currently unknown).
    fn set_owner(&mut self, value: u32, owner: Owner) {
        let index = (value - 1) as usize;
        // In range as in `owner`: the `None` that would skip the write never comes.
        if let Some(word) = self.owners.get_mut(index / VALUES_PER_WORD) {
            *word |= (owner as u32) << (2 * (index % VALUES_PER_WORD));
        }
    }

    /// The owner of `card` before adding it, after the range check.
    fn before_adding(&self, card: u32) -> Result<Owner, CardError> {
        if !(1..=2 * self.cards).contains(&card) {
            return Err(CardError::OutOfRange);
        }
        Ok(self.owner(card))
    }

    /// Adds one of Snuke's cards.
    ///
    /// # Errors
    /// A [`CardError`]; the deal is unchanged then.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn add_hand(&mut self, card: u32) -> Result<(), CardError> {
        match self.before_adding(card)? {
            _ if self.hand == self.cards => Err(CardError::TooMany),
            Owner::Snuke => Err(CardError::TwiceInHand),
            Owner::Known => Err(CardError::InBoth),
            Owner::Unknown => {
                self.set_owner(card, Owner::Snuke);
                self.hand += 1;
                Ok(())
            }
        }
    }

    /// Adds Sothe's next turn: its card, or `None` when unknown.
    ///
    /// # Errors
    /// A [`CardError`]; the deal is unchanged then.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn add_sothe(&mut self, card: Option<u32>) -> Result<(), CardError> {
        if self.turns == self.cards {
            return Err(CardError::TooMany);
        }
        if let Some(card) = card {
            match self.before_adding(card)? {
                Owner::Snuke => return Err(CardError::InBoth),
                Owner::Known => return Err(CardError::TwiceInSothe),
                Owner::Unknown => {
                    self.set_owner(card, Owner::Known);
                    self.known += 1;
                }
            }
        }
        self.turns += 1;
        Ok(())
    }

    /// Snuke's best expected score, once the hand and all N turns are given (`None` before).
    ///
    /// # Complexity
    /// Two passes over the `2N` values: `O(N)` time, no memory besides the deal.
    #[must_use]
    pub fn best_expected_score(&self) -> Option<Fraction> {
        if self.hand != self.cards || self.turns != self.cards {
            return None;
        }
        let thrown = self.throw_aways();
        let wins = u64::from(self.known - thrown);
        let unknown_turns = u64::from(self.cards - self.known);
        if unknown_turns == 0 {
            return Fraction::new(u128::from(wins), 1);
        }
        let below = self.below_sum_of_cards_left(thrown);
        Fraction::new(u128::from(wins * unknown_turns + below), u128::from(unknown_turns))
    }

    /// The 2-bit owner codes of the values `1, 2, …` in order (then 0, unknown, for the unused
    /// slots of the last word, which no pass is affected by).
    fn codes(&self) -> impl DoubleEndedIterator<Item = u32> + '_ {
        self.owners.iter().flat_map(|&word| (0..VALUES_PER_WORD).map(move |k| word >> (2 * k) & 3))
    }

    /// The descending pass: how many known cards the greedy cannot beat. Branch-free: the
    /// owners come in random order, so every `if` would be a coin toss for the CPU.
    fn throw_aways(&self) -> u32 {
        let (snuke, known) = (Owner::Snuke as u32, Owner::Known as u32);
        let (mut seen, mut stack, mut thrown) = (0u32, 0u32, 0u32);
        for code in self.codes().rev() {
            let (is_snuke, is_known) = (u32::from(code == snuke), u32::from(code == known));
            // Snuke's card: his (hand − seen)-th smallest; the first `thrown` smallest were
            // thrown away before the scan reached them, the others go on the stack.
            let pushed = is_snuke & u32::from(self.hand - seen > thrown);
            seen += is_snuke;
            // A known card: pops the smallest card above it, or throws one away.
            let has = u32::from(stack > 0);
            thrown += is_known & (1 - has);
            stack = stack + pushed - (is_known & has);
        }
        thrown
    }

    /// The ascending pass: `Σ |{x unknown : x < h}|` over the cards `h` the greedy leaves for
    /// the −1 turns (never matched against a smaller known card, not thrown away).
    fn below_sum_of_cards_left(&self, thrown: u32) -> u64 {
        let (snuke, known, unknown) = (Owner::Snuke as u32, Owner::Known as u32, Owner::Unknown as u32);
        let (mut snuke_seen, mut pending, mut unknown_below, mut sum) = (0u32, 0u32, 0u64, 0u64);
        for code in self.codes() {
            let is_snuke = u32::from(code == snuke);
            snuke_seen += is_snuke;
            let in_play = is_snuke & u32::from(snuke_seen > thrown);
            let matched = in_play & u32::from(pending > 0);
            pending = pending + u32::from(code == known) - matched;
            sum += u64::from(in_play - matched) * unknown_below;
            unknown_below += u64::from(code == unknown);
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_refuses_bad_cards_unchanged() {
        let mut scratch = [0u32; 1];
        let mut deal = Deal::new(2, &mut scratch[..]).unwrap();
        assert_eq!(deal.add_hand(5), Err(CardError::OutOfRange));
        assert_eq!(deal.add_hand(4), Ok(()));
        assert_eq!(deal.add_hand(4), Err(CardError::TwiceInHand));
        assert_eq!(deal.add_sothe(Some(4)), Err(CardError::InBoth));
        assert_eq!(deal.add_hand(2), Ok(()));
        assert_eq!(deal.add_hand(1), Err(CardError::TooMany));
        assert_eq!(deal.best_expected_score(), None);
        assert_eq!(deal.add_sothe(Some(1)), Ok(()));
        assert_eq!(deal.add_sothe(Some(1)), Err(CardError::TwiceInSothe));
        assert_eq!(deal.add_sothe(None), Ok(()));
        assert_eq!(deal.add_sothe(None), Err(CardError::TooMany));
        // The smallest card beating 1 is 2; then 4 surely beats the unknown 3.
        assert_eq!(deal.best_expected_score(), Fraction::new(2, 1));
    }
}
