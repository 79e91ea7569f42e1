//! `pair`: the optimal next round of a Swiss event, exact, for events of thousands of players.
//!
//! From a [`Ranking`] of a [`standings::Event`](crate::standings::Event) after its last round
//! (or before its first), [`next_round`] pairs the players who have not dropped. Among all the
//! ways to put each of them in one match of two (and, for an odd number, exactly one on the
//! bye) it returns one that minimises, in this order:
//! 1. `R`, the number of matches between two players who have already met;
//! 2. `B`, 1 when the bye goes to a player who has already had one;
//! 3. `Y`, the match points of the player on the bye (0 without a bye);
//! 4. `C`, the sum over the matches of `(P(a) − P(b))²`, `P` the match points.
//!
//! # How: a weighted matching on few edges
//! The four criteria are one integer cost per match (`cost = U_R·[met] + (P(a) − P(b))²`) and
//! per bye (`U_B·[had a bye] + U_Y·P`), with `U_Y = C_max + 1`, `U_B = (P_max + 1)·U_Y` and
//! `U_R = 2·U_B` (`C_max = ⌊n/2⌋·P_max²`): each unit is more than everything below it can sum
//! to, so the least total cost is the least `(R, B, Y, C)`. The bye is a match with one more
//! vertex. A minimum-cost perfect matching of that graph (a maximum-weight one among the
//! maximum-cardinality matchings, with weight `−cost`: Edmonds' blossoms, integer duals, in
//! the caller's scratch) is the answer. Two facts keep the graph small and the search short.
//!
//! **Few edges suffice.** List the players by match points, highest first (the ranking's
//! order; ties in any order), and let `f(x)` be the number of players to pair whom `x` has
//! already met. *Some optimal pairing has no match `(a, d)` with more than `2f(a) + 2f(d)`
//! players other than the bye between `a` and `d` in the list.* Take an optimal pairing that
//! also minimises `Σ (list distance)²` over its matches, and suppose `(a, d)` has more. For
//! a player `x` between them, matched to `y`, re-pair the four as the two adjacent pairs of
//! their list order (`a` with the nearer of `x`, `y` and `d` with the other, or, when `y` lies
//! outside `a..d`, `y` with `a` or `d`, whichever is next to it): for points
//! `p₁ ≥ p₂ ≥ p₃ ≥ p₄`, `(p₁−p₂)² + (p₃−p₄)²` is at most both other pairings' sums
//! (with `α, β, γ` the gaps, `(α+β)² + (β+γ)² − α² − γ² ≥ 0` and `(α+β+γ)² + β² − α² − γ² ≥ 0`),
//! so `C` does not grow, and the squared list distances strictly shrink. It keeps `R` unless
//! `a` or `d` meets an old opponent; each old opponent `z` of `a` rules out only `x = z` and
//! `x = mate(z)`, so at most `2f(a) + 2f(d)` players `x` are ruled out, and one is left: the
//! re-pairing is optimal and smaller, a contradiction. So the graph needs only the edges
//! within `2f(a) + 2f(d) + 1` places of each other (the bye may stand between), about
//! `4r + 2` per player after `r` rounds, and the bye's edge to everyone.
//!
//! **Often no search at all.** The least conceivable objective is `(0, B*, Y*, C*)`: no rematch;
//! `B* = 0` when someone to pair has had no bye; `Y*` the fewest points among those who may then
//! have it; and, the bye in that point group, `C*` the cost of pairing the rest as neighbours in
//! the list (the cheapest pairing of points on a line for a convex cost, by the re-pairing above;
//! the same whichever member of the group has the bye). A greedy pass (each point group paired
//! within itself without rematches, one player of an odd group down to the next) that reaches it
//! is optimal, in `O(n·r)`; when it does not (a floater who has met everyone below, a forced
//! rematch), the matching decides.
//!
//! **Most of the work of the search is done before it.** Every match of two players with equal
//! points who have not met costs 0, the least there is: matched greedily along the list, with
//! every dual at 0, they are a state the blossom algorithm reaches by itself, so it starts
//! there and only the few players left over (about one per point group, and those whose
//! group-mates they have all met) are searched for.
//!
//! # Memory and time
//! [`words_needed`] bounds the scratch: `5n` words for the order and the result, about 6 words
//! per edge and 52 per player for the matching. Time: `O(n·r)` for the fast path and to build
//! the graph; the search is `O(s·(n + m))` for `s` players left over by the warm start in
//! typical events, `O(n·(n² + m))` at worst. A seed reorders players of equal points (a
//! reproducible choice among optima).
//!
//! # Example
//! The spec's sample (Ann beat Bob, Cid beat Dee, Eve had the bye), every buffer sized at
//! compile time:
//!
//! ```
//! use referee_core::pair;
//! use referee_core::standings::{Event, MatchResult, PlayerId, Profile};
//!
//! const fn words(needed: Option<usize>) -> usize {
//!     match needed {
//!         Some(words) => words,
//!         None => panic!("too large"),
//!     }
//! }
//! const EVENT: usize = words(Event::words_needed(5, 2));
//! const RANKING: usize = words(Event::ranking_words(5, 2));
//! const PAIRING: usize = words(pair::words_needed(5, 1));
//! let (mut event_words, mut rank_words, mut pair_words) = ([0u32; EVENT], [0u32; RANKING], [0u32; PAIRING]);
//!
//! let mut event = Event::new(5, 2, &mut event_words[..])?;
//! let [ann, bob, cid, dee, eve] = [0, 1, 2, 3, 4].map(PlayerId::new);
//! event.start_round()?;
//! event.record(ann, bob, MatchResult::new(2, 0, 0)?)?;
//! event.record(cid, dee, MatchResult::new(2, 1, 0)?)?;
//! event.bye(eve)?;
//! event.finish_round()?;
//! let ranking = event.rank(Profile::Mtr, &mut rank_words[..])?;
//! let pairing = pair::next_round(&ranking, None, &mut pair_words[..])?;
//! let o = pairing.objective();
//! assert_eq!((o.rematches, o.second_byes, o.bye_points, o.cost), (0, 0, 0, 9));
//! assert_eq!(pairing.matches().count(), 2);
//! assert!(pairing.bye() == Some(bob) || pairing.bye() == Some(dee));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod matching;

use core::fmt;
use core::num::NonZeroU64;

use crate::scratch::{CapacityError, Scratch};
use crate::standings::Ranking;
pub use crate::tournament::PlayerId;
use matching::Matcher;

/// No vertex.
const NONE: u32 = u32::MAX;

/// The objective of a pairing, each part as in the module docs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Objective {
    /// `R`: matches between players who have already met.
    pub rematches: u32,
    /// `B`: 1 when the bye goes to a player who has already had one.
    pub second_byes: u32,
    /// `Y`: the match points of the player on the bye (0 without a bye).
    pub bye_points: u32,
    /// `C`: the sum of `(P(a) − P(b))²` over the matches.
    pub cost: u64,
}

/// Why no pairing is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum PairError {
    /// A round is open: finish it before pairing the next.
    RoundOpen,
    /// The scratch holds fewer words than the pairing needs.
    Capacity(CapacityError),
    /// The event is too large for the matching's 64-bit weights (more than about 2^20 players).
    TooLarge,
}

impl fmt::Display for PairError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::RoundOpen => f.write_str("a round is open: finish it before pairing the next"),
            Self::Capacity(e) => write!(f, "pairing {e}"),
            Self::TooLarge => f.write_str("too many players to weigh the pairings exactly in 64 bits"),
        }
    }
}

impl core::error::Error for PairError {}

impl From<CapacityError> for PairError {
    fn from(e: CapacityError) -> Self {
        Self::Capacity(e)
    }
}

/// The next round: its matches in the ranking's order, the bye, and the objective.
#[derive(Debug)]
pub struct Pairing<'s> {
    /// Pairs of player indices, the better-ranked player first.
    matches: &'s [u32],
    bye: Option<u32>,
    objective: Objective,
}

impl Pairing<'_> {
    /// The matches as `(player1, player2)`, player1 the one ranked higher, in the ranking's
    /// order of player1.
    ///
    /// # Complexity
    /// `O(1)` per match.
    pub fn matches(&self) -> impl ExactSizeIterator<Item = (PlayerId, PlayerId)> + '_ {
        self.matches.chunks_exact(2).map(|pair| (PlayerId::new(pair[0]), PlayerId::new(pair[1])))
    }

    /// The player on the bye, if the number of players is odd.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn bye(&self) -> Option<PlayerId> {
        self.bye.map(PlayerId::new)
    }

    /// The pairing's `(R, B, Y, C)`, the least there is.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn objective(&self) -> Objective {
        self.objective
    }
}

/// An upper bound on the scratch words [`next_round`] needs for `players` players after
/// `rounds` rounds (at most `4·rounds + 3` edges a player), if it fits a `usize`; a `const
/// fn`, to size a `static` buffer:
///
/// ```
/// use referee_core::pair;
///
/// const WORDS: usize = match pair::words_needed(8, 3) {
///     Some(words) => words,
///     None => panic!("too large"),
/// };
/// static mut PAIRING: [u32; WORDS] = [0; WORDS];
/// assert_eq!(pair::words_needed(8000, 18), Some(4_074_805));
/// ```
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub const fn words_needed(players: u32, rounds: u32) -> Option<usize> {
    // A `u32` fits the `usize` of every target the crate builds for (32 and 64 bits).
    let (players, rounds) = (players as usize, rounds as usize);
    let Some(per_player) = rounds.checked_mul(4) else { return None };
    let (Some(per_player), Some(vertices)) = (per_player.checked_add(3), players.checked_add(1)) else {
        return None;
    };
    let Some(edges) = players.checked_mul(per_player) else { return None };
    let (Some(fixed), Some(matcher)) = (fixed_words(players), matching::words_needed(vertices, edges)) else {
        return None;
    };
    fixed.checked_add(matcher)
}

/// The words before the matcher: the order, positions, marks and counts (`4n`) and the
/// result (`n + 1`).
const fn fixed_words(players: usize) -> Option<usize> {
    match players.checked_mul(5) {
        Some(words) => words.checked_add(1),
        None => None,
    }
}

/// The cost units of the module docs, for `n` players of at most `top` match points.
struct Units {
    y: i64,
    b: i64,
    r: i64,
    /// The same as divisors (each at least 1: no division check).
    y_div: NonZeroU64,
    b_div: NonZeroU64,
    r_div: NonZeroU64,
}

impl Units {
    fn new(n: usize, top: u32) -> Option<Self> {
        let top = i64::from(top);
        let c_max = i64::try_from(n / 2).ok()?.checked_mul(top.checked_mul(top)?)?;
        let y = c_max.checked_add(1)?;
        let b = y.checked_mul(top.checked_add(1)?)?;
        let r = b.checked_mul(2)?;
        // Every weight and dual stays within `V · 4·U_R` of 0 (checked as it goes): keep room.
        r.checked_mul(i64::try_from(n).ok()?.checked_add(2)?.checked_mul(8)?)?;
        // `y ≥ 1`, `b ≥ y`, `r = 2b`: never `None` here.
        let divisor = |unit: i64| u64::try_from(unit).ok().and_then(NonZeroU64::new);
        Some(Self { y, b, r, y_div: divisor(y)?, b_div: divisor(b)?, r_div: divisor(r)? })
    }
}

/// A reproducible stream of numbers for `--seed` (SplitMix64); the crate's tests draw from it too.
pub(crate) struct SplitMix(pub(crate) u64);

impl SplitMix {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound ≥ 1`), by rejection.
    pub(crate) fn below(&mut self, bound: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % bound;
        loop {
            let x = self.next();
            if x < zone {
                return x % bound;
            }
        }
    }
}

/// The optimal next round of `ranking`'s event: every player who has not dropped in one match
/// or, for an odd number, one of them on the bye, with the least `(R, B, Y, C)` (module docs).
/// The result is the same for the same event and seed; `seed` chooses among the optima by
/// shuffling each point group (`None`: the ranking's order).
///
/// # Errors
/// [`PairError::RoundOpen`] when the event has an open round, [`PairError::Capacity`] when
/// `scratch` holds fewer words than needed (at most [`words_needed`]), [`PairError::TooLarge`]
/// beyond about 2^20 players.
///
/// # Complexity
/// See the module docs: `O(n·r)` for the fast path, else to build the graph, then the matching.
pub fn next_round<'s>(
    ranking: &Ranking<'_>,
    seed: Option<u64>,
    scratch: &'s mut (impl Scratch + ?Sized),
) -> Result<Pairing<'s>, PairError> {
    pair(ranking, seed, scratch, true)
}

/// [`next_round`] without its fast path: always the matching (the tests hold both to the
/// exhaustive search).
///
/// # Errors
/// As [`next_round`].
///
/// # Complexity
/// The matching's (module docs).
#[doc(hidden)]
pub fn next_round_by_matching<'s>(
    ranking: &Ranking<'_>,
    seed: Option<u64>,
    scratch: &'s mut (impl Scratch + ?Sized),
) -> Result<Pairing<'s>, PairError> {
    pair(ranking, seed, scratch, false)
}

/// [`next_round`], with or without the fast path.
// Places are below `n ≤ MAX_PLAYERS = 2^24`: their `as u32` cannot truncate.
#[allow(clippy::cast_possible_truncation)]
fn pair<'s>(
    ranking: &Ranking<'_>,
    seed: Option<u64>,
    scratch: &'s mut (impl Scratch + ?Sized),
    fast: bool,
) -> Result<Pairing<'s>, PairError> {
    let event = ranking.event();
    if event.is_open() {
        return Err(PairError::RoundOpen);
    }
    let n = event.player_count();
    let fixed = fixed_words(n).ok_or(CapacityError::unrepresentable(0))?;
    // Phase 1: the players to pair in list order, their places, their counts of old opponents.
    let words = scratch.words(fixed)?;
    let (order, rest) = words.split_at_mut(n);
    let (place, rest) = rest.split_at_mut(n);
    let (mark, rest) = rest.split_at_mut(n);
    let (met, result) = rest.split_at_mut(n);
    let mut count = 0;
    let active = ranking.order().iter().filter(|&&i| !event.dropped_at(i as usize));
    for (slot, &i) in order.iter_mut().zip(active) {
        *slot = i;
        count += 1;
    }
    // `count ≤ n`, the length of `order`, `met` and `link`: this and the other `get(..count)`
    // below never fall back to the empty slice, and leave no panic call.
    let order = order.get_mut(..count).unwrap_or_default();
    if let Some(seed) = seed {
        shuffle_point_groups(order, |i| event.match_points_at(i as usize), seed);
    }
    place.fill(NONE);
    for (v, &i) in order.iter().enumerate() {
        put(place, i as usize, v as u32);
    }
    let order = &*order;
    let fast = fast.then(|| pair_at_the_bound(event, ranking.order(), order, place, mark, met, result)).flatten();
    if let Some((rows, bye, objective)) = fast {
        // The same words again (a scratch keeps them), to hand out the rows (`rows ≤ n/2`:
        // the empty fallback is never taken, and leaves no panic call).
        let words = scratch.words(fixed)?;
        return Ok(Pairing { matches: words.get(4 * n..4 * n + 2 * rows).unwrap_or_default(), bye, objective });
    }
    mark.fill(NONE);
    let mut most_met = 0;
    for (v, (&i, met)) in order.iter().zip(met.iter_mut()).enumerate() {
        let mut distinct = 0;
        for &o in event.opponents_at(i as usize) {
            // `o` is a player: `place` has him. `NONE` (not to pair) is past the end of `mark`.
            let Some(&u) = place.get(o as usize) else { continue };
            if let Some(seen) = mark.get_mut(u as usize).filter(|seen| **seen != v as u32) {
                *seen = v as u32;
                distinct += 1;
            }
        }
        *met = distinct;
        most_met = most_met.max(distinct);
    }
    let odd = count % 2 == 1;
    let vertices = count + usize::from(odd);
    let mut edges = usize::from(odd) * count;
    let met_count = met.get(..count).unwrap_or_default();
    for v in 0..count {
        edges += band(met_count, most_met, v).count();
    }
    if !matching::fits(vertices, edges) {
        return Err(PairError::TooLarge);
    }
    let needed = matching::words_needed(vertices, edges)
        .and_then(|w| w.checked_add(fixed))
        .ok_or(CapacityError::unrepresentable(0))?;
    // Phase 2: the graph, the matching, the result.
    let words = scratch.words(needed)?;
    let (head, rest) = words.split_at_mut(fixed);
    let (order, head_rest) = head.split_at_mut(n);
    let (place, head_rest) = head_rest.split_at_mut(n);
    let (mark, head_rest) = head_rest.split_at_mut(n);
    let (met, result) = head_rest.split_at_mut(n);
    let order = order.get(..count).unwrap_or_default();
    let top = order.iter().map(|&i| event.match_points_at(i as usize)).max().unwrap_or(0);
    let units = Units::new(count, top).ok_or(PairError::TooLarge)?;
    let mut matcher = Matcher::new(vertices, edges, rest);
    let mut k = 0;
    mark.fill(NONE);
    for (v, &i) in order.iter().enumerate() {
        let stamp = v as u32;
        for &o in event.opponents_at(i as usize) {
            // `o` is a player: `place` has him. `NONE` (not to pair) is past the end of `mark`.
            if let Some(&u) = place.get(o as usize) {
                put(mark, u as usize, stamp);
            }
        }
        let points = i64::from(event.match_points_at(i as usize));
        for u in band(met.get(..count).unwrap_or_default(), most_met, v) {
            // `u < count`: `order` has it.
            let d = points - order.get(u).map_or(0, |&j| i64::from(event.match_points_at(j as usize)));
            let rematch = if mark.get(u) == Some(&stamp) { units.r } else { 0 };
            matcher.set_edge(k, v as u32, u as u32, -(rematch + d * d));
            k += 1;
        }
        if odd {
            let second = if event.byes_at(i as usize) > 0 { units.b } else { 0 };
            matcher.set_edge(k, v as u32, count as u32, -(second + units.y * points));
            k += 1;
        }
    }
    let top = matcher.start();
    form_group_blossoms(
        &mut matcher,
        top,
        count,
        |u, v| have_met(event, order, place, u, v),
        |v| order.get(v).map_or(0, |&j| event.match_points_at(j as usize)),
        met,
        mark,
    );
    matcher.solve().map_err(|_| PairError::TooLarge)?;
    // The rows in the ranking's order of player1, and the objective from the matched costs.
    let mut objective = Objective::default();
    let mut bye = None;
    let mut rows = 0;
    let done = met;
    done.fill(0);
    let mut slots = result.as_chunks_mut::<2>().0.iter_mut();
    for &i in ranking.order() {
        let v = at(place, i as usize);
        if v == NONE || at(done, v as usize) != 0 {
            continue;
        }
        // Every vertex is matched: the graph has a perfect matching (the edges between
        // neighbours in the list, the bye's edge to everyone) and the matching has the most
        // edges any matching has (the matcher's test holds it to every matching of small
        // graphs).
        let (Some(u), Some(e)) = (matcher.mate_of(v as usize), matcher.mate_edge(v as usize)) else {
            continue;
        };
        let cost = u64::try_from(-matcher.weight(e)).unwrap_or(0);
        put(done, v as usize, 1);
        if u == count {
            bye = Some(i);
            let (b, rest) = (cost / units.b_div, cost % units.b_div);
            objective.second_byes = u32::try_from(b).unwrap_or(u32::MAX);
            objective.bye_points = u32::try_from(rest / units.y_div).unwrap_or(u32::MAX);
        } else {
            put(done, u, 1);
            // At most `n/2` matches, and `result` holds `n + 1` words: a slot is always left.
            if let Some(slot) = slots.next() {
                *slot = [i, at(order, u)];
                rows += 1;
            }
            objective.rematches += u32::try_from(cost / units.r_div).unwrap_or(u32::MAX);
            objective.cost += cost % units.r_div;
        }
    }
    let result = &*result;
    // `rows` slots of two words were written: the empty fallback is never taken.
    Ok(Pairing { matches: result.get(..2 * rows).unwrap_or_default(), bye, objective })
}

/// The fast path (module docs): pairs `order` greedily with no rematch, the bye to the
/// lowest-ranked of the players who may have it with the fewest points, equal points within
/// their group and one player of each odd group down to the next, and returns the rows (in
/// `result`, ranking order as in [`next_round`]), the bye and the objective if that pairing
/// reaches the lower bound `(0, B*, Y*, C*)`; `None` (the matching decides) otherwise.
/// `mate` and `link` are working words (`order.len()` each at least).
///
/// The bound: no pairing has fewer than 0 rematches; `B* = 0` exactly when someone to pair has
/// had no bye; `Y*` is the fewest points among those who may then have it; and with the bye in
/// that point group, `C` is at least the cost of pairing the rest as neighbours in the list
/// (for convex costs on a line the neighbours' pairing is the cheapest, module docs), the same
/// whichever member of the group has the bye.
// Places are below `n ≤ MAX_PLAYERS = 2^24`: their `as u32` cannot truncate.
#[allow(clippy::cast_possible_truncation)]
fn pair_at_the_bound(
    event: &crate::standings::Event<'_>,
    ranked: &[u32],
    order: &[u32],
    place: &[u32],
    mate: &mut [u32],
    link: &mut [u32],
    result: &mut [u32],
) -> Option<(usize, Option<u32>, Objective)> {
    let count = order.len();
    let points = |v: usize| order.get(v).map_or(0, |&j| event.match_points_at(j as usize));
    let met = |u, v| have_met(event, order, place, u, v);
    // The bye: among those without one (or everyone), the fewest points, the lowest ranked.
    let mut bye = NONE;
    if count % 2 == 1 {
        let fresh = (0..count).any(|v| event.byes_at(at(order, v) as usize) == 0);
        let may = |v: usize| !fresh || event.byes_at(at(order, v) as usize) == 0;
        let fewest = (0..count).filter(|&v| may(v)).map(points).min()?;
        bye = (0..count).rev().find(|&v| may(v) && points(v) == fewest)? as u32;
    }
    let mate = mate.get_mut(..count).unwrap_or_default();
    mate.fill(NONE);
    // Each point group in turn, as a list threaded through `link`; `carry` floats down.
    let mut carry = NONE;
    for group in point_groups(count, points) {
        let mut head = NONE;
        let mut size = 0;
        for v in group.clone().rev().filter(|&v| v as u32 != bye) {
            put(link, v, head);
            head = v as u32;
            size += 1;
        }
        if carry != NONE {
            let partner = take(link, &mut head, |v| !met(carry, v))?;
            put(mate, carry as usize, partner);
            put(mate, partner as usize, carry);
            size -= 1;
        }
        carry = NONE;
        if size % 2 == 1 {
            // The lowest ranked of the group floats down.
            let mut last = head;
            while at(link, last as usize) != NONE {
                last = at(link, last as usize);
            }
            carry = take(link, &mut head, |v| v == last)?;
        }
        while head != NONE {
            let first = take(link, &mut head, |_| true)?;
            if let Some(second) = take(link, &mut head, |v| !met(first, v)) {
                put(mate, first as usize, second);
                put(mate, second as usize, first);
                continue;
            }
            // `first` has met everyone left: with the next one left, `other`, re-pair a pair
            // `(a, b)` of the group already made as `(first, a)` and `(other, b)`.
            let other = take(link, &mut head, |_| true)?;
            let (a, b) = group
                .clone()
                .map(|a| (a as u32, at(mate, a)))
                .find(|&(a, b)| group.contains(&(b as usize)) && !met(first, a) && !met(other, b))?;
            put(mate, first as usize, a);
            put(mate, a as usize, first);
            put(mate, other as usize, b);
            put(mate, b as usize, other);
        }
    }
    if carry != NONE {
        return None;
    }
    // The objective, and the bound's `C*`: the rest paired as neighbours.
    let mut objective = Objective::default();
    let mut bound = 0u64;
    let mut previous = None;
    for v in (0..count).filter(|&v| v as u32 != bye) {
        match previous.take() {
            None => previous = Some(v),
            Some(u) => bound += u64::from(points(u).abs_diff(points(v))).pow(2),
        }
    }
    for (v, &u) in mate.iter().enumerate() {
        if u != NONE && v < u as usize {
            objective.cost += u64::from(points(u as usize).abs_diff(points(v))).pow(2);
        }
    }
    if objective.cost != bound {
        return None;
    }
    // The rows in the ranking's order of player1 (`link` marks the players written).
    let done = link.get_mut(..count).unwrap_or_default();
    done.fill(0);
    let mut slots = result.as_chunks_mut::<2>().0.iter_mut();
    let mut rows = 0;
    let mut bye_id = None;
    for &i in ranked {
        let v = at(place, i as usize);
        if v == NONE || at(done, v as usize) != 0 {
            continue;
        }
        put(done, v as usize, 1);
        if v == bye {
            bye_id = Some(i);
            objective.second_byes = u32::from(event.byes_at(i as usize) > 0);
            objective.bye_points = event.match_points_at(i as usize);
            continue;
        }
        let u = at(mate, v as usize) as usize;
        put(done, u, 1);
        // At most `n/2` matches, and `result` holds `n + 1` words: a slot is always left.
        if let Some(slot) = slots.next() {
            *slot = [i, at(order, u)];
            rows += 1;
        }
    }
    Some((rows, bye_id, objective))
}

/// After the warm start, each point group with exactly one player left unmatched becomes one
/// blossom based at him (module docs). Its cycle keeps every link short, so that the band has
/// it: from him out through every other pair below him, back through the rest, then the same
/// above him (`pairs` and `cycle` are working words, the group's size each at least).
// Places are below `n ≤ MAX_PLAYERS = 2^24`: their `as u32` cannot truncate.
#[allow(clippy::cast_possible_truncation)]
fn form_group_blossoms(
    matcher: &mut Matcher<'_>,
    top: i64,
    count: usize,
    met: impl Fn(u32, u32) -> bool,
    points: impl Fn(usize) -> u32,
    pairs: &mut [u32],
    cycle: &mut [u32],
) {
    for group in point_groups(count, points) {
        let mut free = group.clone().filter(|&v| matcher.mate_of(v).is_none());
        let (Some(x), None) = (free.next(), free.next()) else {
            continue;
        };
        // The group's pairs by their first player; `split` of them lie above `x`.
        let mut n_pairs = 0;
        for v in group.clone() {
            if matcher.mate_of(v).is_some_and(|u| group.contains(&u) && v < u) {
                put(pairs, n_pairs, v as u32);
                n_pairs += 1;
            }
        }
        let pairs = pairs.get(..n_pairs).unwrap_or_default();
        let split = pairs.iter().position(|&v| v as usize > x).unwrap_or(pairs.len());
        let below = (split..pairs.len()).step_by(2).chain((split + 1..pairs.len()).step_by(2).rev());
        let above = (0..split).rev().step_by(2).chain((0..split.saturating_sub(1)).rev().step_by(2).rev());
        let (mut len, mut tail, mut linked) = (1, x as u32, true);
        put(cycle, 0, x as u32);
        for i in below.chain(above) {
            let v = at(pairs, i);
            let Some(u) = matcher.mate_of(v as usize).map(|u| u as u32) else { continue };
            let (a, b) = if !met(tail, v) {
                (v, u)
            } else if !met(tail, u) {
                (u, v)
            } else {
                linked = false;
                break;
            };
            put(cycle, len, a);
            put(cycle, len + 1, b);
            len += 2;
            tail = b;
        }
        if linked && !met(tail, x as u32) {
            matcher.form_blossom(cycle.get(..len).unwrap_or_default(), top);
        }
    }
}

/// The runs of equal points among places `0..count`, in order.
fn point_groups(count: usize, points: impl Fn(usize) -> u32) -> impl Iterator<Item = core::ops::Range<usize>> {
    let mut start = 0;
    core::iter::from_fn(move || {
        if start >= count {
            return None;
        }
        let mut end = start + 1;
        while end < count && points(end) == points(start) {
            end += 1;
        }
        let group = start..end;
        start = end;
        Some(group)
    })
}

/// Whether the players at places `u` and `v` of `order` have met.
fn have_met(event: &crate::standings::Event<'_>, order: &[u32], place: &[u32], u: u32, v: u32) -> bool {
    let opponents = order.get(u as usize).map_or(&[][..], |&i| event.opponents_at(i as usize));
    opponents.iter().any(|&o| place.get(o as usize) == Some(&v))
}

/// Unlinks from the list at `head` (threaded through `link`) the first member `keep` takes.
fn take(link: &mut [u32], head: &mut u32, keep: impl Fn(u32) -> bool) -> Option<u32> {
    let (mut before, mut at) = (NONE, *head);
    while at != NONE && !keep(at) {
        before = at;
        at = self::at(link, at as usize);
    }
    if at == NONE {
        return None;
    }
    let after = self::at(link, at as usize);
    if before == NONE {
        *head = after;
    } else {
        put(link, before as usize, after);
    }
    Some(at)
}

/// The places after `v` that `v` needs an edge to (module docs): `u` with at most
/// `2·met[v] + 2·met[u] + 1` places between them.
fn band<'m>(met: &'m [u32], most_met: u32, v: usize) -> impl Iterator<Item = usize> + 'm {
    // `v` and the `u` of the range are places below `met.len()`: the zero fallbacks are never
    // taken, and leave no panic call.
    let met_v = met.get(v).map_or(0, |&m| m as usize);
    let reach = 2 * met_v + 2 * most_met as usize + 2;
    let end = met.len().min(v + 1 + reach);
    (v + 1..end).filter(move |&u| u - v - 1 <= 2 * (met_v + met.get(u).map_or(0, |&m| m as usize)) + 1)
}

/// `words[i]`, or `NONE` past the end. Every index the module passes is a place below the
/// number of players to pair, a player below `n`, or a slot below the length it was sized for:
/// the fallback is never taken, and leaves no panic call (the same comparison as an index check).
fn at(words: &[u32], i: usize) -> u32 {
    words.get(i).copied().unwrap_or(NONE)
}

/// Sets `words[i]` (nothing past the end; as for [`at`], never the case).
fn put(words: &mut [u32], i: usize, value: u32) {
    if let Some(word) = words.get_mut(i) {
        *word = value;
    }
}

/// Shuffles each run of equal points of `order` (Fisher–Yates, [`SplitMix`] from `seed`).
// `below(len)` is below a `usize`: its `as usize` cannot truncate.
#[allow(clippy::cast_possible_truncation)]
fn shuffle_point_groups(order: &mut [u32], points: impl Fn(u32) -> u32, seed: u64) {
    let mut random = SplitMix(seed);
    let mut start = 0;
    while start < order.len() {
        let p = points(order[start]);
        let mut end = start + 1;
        while end < order.len() && points(order[end]) == p {
            end += 1;
        }
        for i in (start + 1..end).rev() {
            let j = start + random.below((i - start + 1) as u64) as usize;
            order.swap(i, j);
        }
        start = end;
    }
}
