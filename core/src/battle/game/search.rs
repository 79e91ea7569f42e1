//! The depth-first search of the game rules, generic over the numerator width and the cache:
//! the states at the start of each turn and of each start-of-combat shot are looked up by
//! their exact key; a miss is expanded, its value (the distribution of the ends) stored.

use super::super::outcome::Numerator;
use super::super::table::Words;
use super::dist::{class_of, Dist};
use super::state::{firing, Kinds, Opening, State, Totals, COMPACT_KEY, TURN, WIDE_KEY};
use super::{Limits, SearchError, Strategy, SLOT_ENDS};

pub(super) use super::super::search::Stop;

/// Where the search looks states up (by keys of `W` words) and stores their values.
trait Cache<N, const W: usize> {
    /// Adds the value stored for `key` into `into`; whether there was one.
    fn get(&mut self, key: &[u64; W], into: &mut Dist<N>) -> Result<bool, Stop>;

    /// Offers the value of `key`; the cache may keep it or drop it.
    fn put(&mut self, key: &[u64; W], value: &Dist<N>) -> Result<(), SearchError>;
}

/// A cache behind a reference: the page's module (wasm32) searches through `&mut dyn Cache`,
/// one search compiled for every cache (a smaller module); the host keeps the cache's own type.
impl<N, const W: usize, C: Cache<N, W> + ?Sized> Cache<N, W> for &mut C {
    #[inline]
    fn get(&mut self, key: &[u64; W], into: &mut Dist<N>) -> Result<bool, Stop> {
        (**self).get(key, into)
    }

    #[inline]
    fn put(&mut self, key: &[u64; W], value: &Dist<N>) -> Result<(), SearchError> {
        (**self).put(key, value)
    }
}

/// A state as the memo keeps it: its key, its value's exponents, the mask of its non-zero
/// ends (two words: no 16-byte alignment), and where their numerators begin in the memo's
/// arena (in the mask's order).
#[cfg(feature = "alloc")]
struct Stored<const W: usize> {
    key: [u64; W],
    exps: [u16; 4],
    mask: [u64; 2],
    at: usize,
}

/// The most states the memo stores (with 128-bit numerators on a 64-bit host, about 140 bytes
/// each with keys of 7 words, 200 with 14: 280 to 400 MiB at most); past it, states are
/// searched without being stored.
#[cfg(feature = "alloc")]
pub const MEMO_STATES: usize = 1 << 21;

/// A key's hash: its words folded into one (no byte string to hash).
#[cfg(feature = "alloc")]
#[inline]
fn hash_key<const W: usize>(key: &[u64; W]) -> u64 {
    let folded = key.iter().fold(0u64, |h, &w| (h.rotate_left(23) ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    folded ^ folded >> 29
}

/// The heap memo: every state in one vector, an index of their places by the keys' hashes
/// (4 bytes a state: growing it rehashes little), their values' numerators in one arena (no
/// allocation a state).
#[cfg(feature = "alloc")]
struct Memo<N, const W: usize> {
    index: hashbrown::HashTable<u32>,
    states: alloc::vec::Vec<Stored<W>>,
    nums: alloc::vec::Vec<N>,
}

#[cfg(feature = "alloc")]
impl<N, const W: usize> Memo<N, W> {
    fn new() -> Self {
        Self { index: hashbrown::HashTable::new(), states: alloc::vec::Vec::new(), nums: alloc::vec::Vec::new() }
    }
}

#[cfg(feature = "alloc")]
impl<N: Numerator, const W: usize> Cache<N, W> for Memo<N, W> {
    #[inline]
    fn get(&mut self, key: &[u64; W], into: &mut Dist<N>) -> Result<bool, Stop> {
        let states = &self.states;
        let same = |&i: &u32| {
            states.get(i as usize).is_some_and(|s| s.key.iter().zip(key).fold(0, |d, (a, b)| d | (a ^ b)) == 0)
        };
        let Some(stored) = self.index.find(hash_key(key), same).and_then(|&i| states.get(i as usize)) else {
            return Ok(false);
        };
        let mask = u128::from(stored.mask[0]) | u128::from(stored.mask[1]) << 64;
        let count = mask.count_ones() as usize;
        let nums = self.nums.get(stored.at..stored.at + count).unwrap_or_default();
        into.add_parts(stored.exps, super::dist::Mask(mask).zip(nums.iter().copied()))?;
        Ok(true)
    }

    fn put(&mut self, key: &[u64; W], value: &Dist<N>) -> Result<(), SearchError> {
        let len = self.states.len();
        if len >= MEMO_STATES {
            return Ok(());
        }
        let oom = SearchError::OutOfMemory { wanted: len + 1, stored: len };
        let states = &self.states;
        let rehash = |&i: &u32| states.get(i as usize).map_or(0, |s| hash_key(&s.key));
        self.index.try_reserve(1, rehash).map_err(|_| oom)?;
        self.states.try_reserve(1).map_err(|_| oom)?;
        self.nums.try_reserve(value.mask.count_ones() as usize).map_err(|_| oom)?;
        let at = self.nums.len();
        self.nums.extend(value.parts().map(|(_, n)| n));
        let word = |shift: u32| u64::try_from(value.mask >> shift & u128::from(u64::MAX)).unwrap_or(0);
        let mask = [word(0), word(64)];
        self.states.push(Stored { key: *key, exps: value.exps, mask, at });
        let states = &self.states;
        let place = u32::try_from(len).map_err(|_| oom)?;
        self.index.insert_unique(hash_key(key), place, |&i| states.get(i as usize).map_or(0, |s| hash_key(&s.key)));
        Ok(())
    }
}

/// The fixed table: direct-mapped slots of [`super::slot_words`] words in the caller's
/// scratch (an all-zero key is an empty slot: a searched state always has minions).
struct Table<'s> {
    words: &'s mut [u32],
    slot: usize,
    slots: usize,
}

impl<'s> Table<'s> {
    /// A table over `words` for keys of `key_words` words and numerators `N`.
    fn new<N: Words>(words: &'s mut [u32], key_words: usize) -> Self {
        // A slot as `super::slot_words` counts it, with this key's words.
        let slot = super::slot_words(N::WORDS)
            .map_or(usize::MAX, |s| s.saturating_sub(2 * WIDE_KEY.saturating_sub(key_words)));
        let slots = words.len() / slot.max(1);
        Self { words, slot, slots }
    }

    fn place<const W: usize>(&self, key: &[u64; W]) -> usize {
        let mut h = 0u64;
        for &w in key {
            h = (h.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
        let slots = u64::try_from(self.slots.max(1)).unwrap_or(1);
        usize::try_from((h >> 16) % slots).unwrap_or(0) * self.slot
    }
}

/// The key in words (the first `2W` of them).
fn key_words<const W: usize>(key: &[u64; W]) -> [u32; 2 * WIDE_KEY] {
    let mut out = [0u32; 2 * WIDE_KEY];
    for (pair, &k) in out.chunks_mut(2).zip(key) {
        pair.copy_from_slice(&[super::super::table::low(k), super::super::table::high(k)]);
    }
    out
}

impl<N: Numerator + Words, const W: usize> Cache<N, W> for Table<'_> {
    fn get(&mut self, key: &[u64; W], into: &mut Dist<N>) -> Result<bool, Stop> {
        if self.slots == 0 {
            return Ok(false);
        }
        let at = self.place(key);
        let Some(slot) = self.words.get(at..at + self.slot) else { return Ok(false) };
        let Some((stored, rest)) = slot.split_at_checked(2 * W) else { return Ok(false) };
        if stored.iter().zip(key_words(key)).any(|(&s, k)| s != k) {
            return Ok(false);
        }
        let [e01, e23, len, ..] = *rest else { return Ok(false) };
        let half = |w: u32| u16::try_from(w & 0xffff).unwrap_or(0);
        let exps = [half(e01), half(e01 >> 16), half(e23), half(e23 >> 16)];
        let classes = rest.get(3..3 + SLOT_ENDS / 4).unwrap_or_default();
        let nums = rest.get(3 + SLOT_ENDS / 4..).unwrap_or_default();
        let len = usize::try_from(len).unwrap_or(0).min(SLOT_ENDS);
        let parts = (0..len).map(|i| {
            let class = classes.get(i / 4).map_or(0, |w| usize::try_from((w >> (8 * (i % 4))) & 0xff).unwrap_or(0));
            let n = nums.get(i * N::WORDS..(i + 1) * N::WORDS).map_or(N::ZERO, N::read);
            (class, n)
        });
        into.add_parts(exps, parts)?;
        Ok(true)
    }

    fn put(&mut self, key: &[u64; W], value: &Dist<N>) -> Result<(), SearchError> {
        let ends = value.mask.count_ones() as usize;
        if self.slots == 0 || ends > SLOT_ENDS {
            return Ok(());
        }
        let at = self.place(key);
        let Some(slot) = self.words.get_mut(at..at + self.slot) else { return Ok(()) };
        let Some((stored, rest)) = slot.split_at_mut_checked(2 * W) else { return Ok(()) };
        for (s, k) in stored.iter_mut().zip(key_words(key)) {
            *s = k;
        }
        let e = value.exps.map(u32::from);
        let Some((head, tail)) = rest.split_at_mut_checked(3 + SLOT_ENDS / 4) else { return Ok(()) };
        head.fill(0);
        if let [exps01, exps23, len, ..] = head {
            *exps01 = e[0] | e[1] << 16;
            *exps23 = e[2] | e[3] << 16;
            *len = u32::try_from(ends).unwrap_or(0);
        }
        for (i, (c, n)) in value.parts().enumerate() {
            if let Some(w) = head.get_mut(3 + i / 4) {
                *w |= u32::try_from(c).unwrap_or(0) << (8 * (i % 4));
            }
            if let Some(out) = tail.get_mut(i * N::WORDS..(i + 1) * N::WORDS) {
                n.write(out);
            }
        }
        Ok(())
    }
}

/// How often a search asks whether to go on (states expanded).
const ASK_EVERY: u64 = 1024;

/// The whole mass of a fight in [`Search`]'s fixed point (what reaches a state, for
/// [`Cut::floor`]): `2^62`, divided (rounded down) at every choice.
const MASS_ONE: u64 = 1 << 62;

/// How a search that may give bounds cuts: a state reached with a mass below `floor` (over
/// [`MASS_ONE`]), beyond the depth or steps of its limits, or after its budget said stop, is
/// not searched and adds nothing (its mass stays unsettled), instead of ending the search with
/// an error. A value computed with a cut below it is a lower bound, not cached.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cut {
    pub floor: u64,
}

/// What a search found: the distribution of the ends, exact when `complete`, else a lower
/// bound of each end (the fight's mass not settled is one minus its sum).
pub(super) struct Found<N> {
    pub dist: Dist<N>,
    pub complete: bool,
}

/// One search: the kinds, the cache, the effort.
struct Search<'k, C, N, const W: usize> {
    numerators: core::marker::PhantomData<N>,
    kinds: &'k Kinds,
    /// Asked every [`ASK_EVERY`] states expanded whether to go on.
    ask: &'k mut dyn FnMut(Searching) -> bool,
    cache: C,
    limits: Limits,
    steps: u64,
    depth: u32,
    /// The ladders of the healths in turn keys.
    totals: Totals,
    /// Whether and how the search cuts instead of failing.
    cut: Option<Cut>,
    /// States cut so far.
    cuts: u64,
    /// Whether the budget said stop (a search that cuts then cuts everything left).
    stopped: bool,
    /// The mass (over [`MASS_ONE`]) of the paths walked to their end so far: through an end
    /// of the fight, a cached state, or a cut.
    walked: u64,
}

/// What the exact search tells its budget every 1 024 states expanded: the states expanded
/// so far, and the share of the fight's paths (by probability) walked to their end, through
/// an end of the fight, a state whose value was cached, or a cut: `walked` over
/// [`WALKED_ONE`], rounded down. A depth-first search walks the fight's paths in order, so the
/// share tells how far it has come, and [`Searching::ahead`] estimates the states still ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Searching {
    /// States expanded so far.
    pub states: u64,
    /// The paths walked to their end, over [`WALKED_ONE`].
    pub walked: u64,
}

/// All the fight's paths in [`Searching::walked`]: `2^62`.
pub const WALKED_ONE: u64 = MASS_ONE;

impl Searching {
    /// An estimate of the states still ahead: the states so far, times the share of the paths
    /// not yet walked over the share walked; `None` before any path was walked to its end.
    /// The cache's hits grow as a search goes on, so the paths ahead tend to cost fewer
    /// states than those behind: the estimate errs high (measured in docs/battle.md).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn ahead(&self) -> Option<u64> {
        let walked = self.walked.min(WALKED_ONE);
        if walked == 0 {
            return None;
        }
        let ahead = u128::from(self.states) * u128::from(WALKED_ONE - walked) / u128::from(walked);
        Some(u64::try_from(ahead).unwrap_or(u64::MAX))
    }

    /// Whether a search given `budget` (any unit: microseconds of a clock, states) of which it
    /// has `spent` should go on: while it is within the budget, unless it fails fast. Between
    /// a tenth and a half of the budget, a search whose estimate of the states
    /// [`ahead`](Self::ahead) passes [`FAIL_FAST_FACTOR`] times the states the rest of the
    /// budget expands at the rate so far cannot finish in it: it stops then, and the rest of
    /// the budget can go to bounds instead of being spent on a search that will not end.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn goes_on(&self, spent: u64, budget: u64) -> bool {
        if spent >= budget {
            return false;
        }
        // Decided between a tenth and a half of the budget: before, the estimate has too little
        // to go on; after, stopping saves the bounds little, and the few states left to spend
        // make any estimate that errs high look out of reach.
        if spent < budget / 10 || spent > budget / 2 || spent == 0 {
            return true;
        }
        let left = u128::from(self.states) * u128::from(budget - spent) / u128::from(spent);
        self.ahead().is_none_or(|ahead| u128::from(ahead) <= left.saturating_mul(u128::from(FAIL_FAST_FACTOR)))
    }
}

/// How far beyond the budget the estimate of the states ahead must be for
/// [`Searching::goes_on`] to stop a search early: the estimate errs high, by up to 3 to 5
/// times on the late boards that finish (docs/battle.md, "Fail fast"), so a search is stopped
/// only when it is far out of reach.
pub const FAIL_FAST_FACTOR: u64 = 10;

/// The distribution of the ends of the fight of `kinds` from its start, with compact keys
/// when every health allows them.
///
/// # Errors
/// [`Stop::TooWide`] when `N` is too narrow, else the search's error.
// Never inlined: its frame (the total it sums) is on the stack only while it runs.
#[inline(never)]
pub(super) fn run<N: Numerator + Words>(
    kinds: &Kinds,
    strategy: Strategy,
    limits: Limits,
    cut: Option<Cut>,
    words: &mut [u32],
    ask: &mut dyn FnMut(Searching) -> bool,
) -> Result<Found<N>, Stop> {
    if kinds.compact() {
        run_keyed::<N, COMPACT_KEY>(kinds, strategy, limits, cut, words, ask)
    } else {
        run_keyed::<N, WIDE_KEY>(kinds, strategy, limits, cut, words, ask)
    }
}

/// [`run`] with keys of `W` words.
fn run_keyed<N: Numerator + Words, const W: usize>(
    kinds: &Kinds,
    strategy: Strategy,
    limits: Limits,
    cut: Option<Cut>,
    words: &mut [u32],
    ask: &mut dyn FnMut(Searching) -> bool,
) -> Result<Found<N>, Stop> {
    // `Limits::depth` counts turns in progress with 128-bit numerators; each level of a search
    // with wider ones holds distributions `N::WORDS / 4` times larger, so it gets that many
    // times fewer: the machine stack a limit allows is the same.
    let limits = Limits { depth: limits.depth / u32::try_from(N::WORDS / 4).unwrap_or(u32::MAX).max(1), ..limits };
    match strategy {
        #[cfg(feature = "alloc")]
        Strategy::Memo => {
            let memo = Memo::<N, W>::new();
            start_cached::<N, W>(kinds, memo, limits, cut, ask)
        }
        Strategy::Fixed { table_words } => {
            let words = words.get_mut(..table_words.min(words.len())).unwrap_or_default();
            words.fill(0);
            let table = Table::new::<N>(words, W);
            start_cached::<N, W>(kinds, table, limits, cut, ask)
        }
    }
}

/// The search of `kinds` from its start with `cache`. On wasm32 (the page) the search gets the
/// cache as `&mut dyn Cache`, so that it is compiled once for both caches (the same answers; a
/// smaller module); elsewhere it gets the cache itself (no dynamic call a state).
fn start_cached<N: Numerator, const W: usize>(
    kinds: &Kinds,
    cache: impl Cache<N, W>,
    limits: Limits,
    cut: Option<Cut>,
    ask: &mut dyn FnMut(Searching) -> bool,
) -> Result<Found<N>, Stop> {
    #[cfg(target_arch = "wasm32")]
    let mut cache = cache;
    #[cfg(target_arch = "wasm32")]
    let cache: &mut dyn Cache<N, W> = &mut cache;
    Search::<_, N, W>::new(kinds, cache, limits, cut, ask).start()
}

impl<'k, N: Numerator, C: Cache<N, W>, const W: usize> Search<'k, C, N, W> {
    /// A search of `kinds` from its start, nothing expanded yet.
    fn new(
        kinds: &'k Kinds,
        cache: C,
        limits: Limits,
        cut: Option<Cut>,
        ask: &'k mut dyn FnMut(Searching) -> bool,
    ) -> Self {
        Self {
            numerators: core::marker::PhantomData,
            kinds,
            ask,
            cache,
            limits,
            steps: 0,
            depth: 0,
            totals: Totals::NEW,
            cut,
            cuts: 0,
            stopped: false,
            walked: 0,
        }
    }

    /// Rules 1 and 2: who moves first (more minions; even counts a coin) and who fires first
    /// (a coin), then the start of combat.
    fn start(&mut self) -> Result<Found<N>, Stop> {
        let start = State::start(self.kinds);
        let movers: &[usize] = match self.kinds.counts[0].cmp(&self.kinds.counts[1]) {
            core::cmp::Ordering::Greater => &[0],
            core::cmp::Ordering::Less => &[1],
            core::cmp::Ordering::Equal => &[0, 1],
        };
        let mut total = Dist::ZERO;
        let mass = MASS_ONE / (2 * movers.len() as u64);
        for first in [0, 1] {
            for &mover in movers {
                self.combat(&start, first, 0, mover, mass, &mut total)?;
            }
        }
        total.over(2 * movers.len())?;
        Ok(Found { dist: total, complete: self.cuts == 0 })
    }

    /// Adds the end of `state`, reached with `mass`, into `into` if the fight is over; whether
    /// it was.
    fn ended(&mut self, state: &State, mass: u64, into: &mut Dist<N>) -> Result<bool, Stop> {
        let class = match state.over(self.kinds) {
            None => return Ok(false),
            Some(None) => 0,
            Some(Some((winner, sum))) => class_of(winner, sum),
        };
        self.walk(mass);
        into.add_certain(class)?;
        Ok(true)
    }

    /// Counts the paths of `mass` walked to their end (an end, a cached state, a cut).
    #[inline]
    fn walk(&mut self, mass: u64) {
        self.walked = self.walked.saturating_add(mass);
    }

    /// Looks `key` (reached with `mass`) up, adding its value into `into`; else counts it
    /// expanded (a level deeper). Whether to expand it: `false` when it was cached or is cut.
    fn open(&mut self, key: &[u64; W], mass: u64, into: &mut Dist<N>) -> Result<bool, Stop> {
        if self.cache.get(key, into)? || !self.enter(mass)? {
            self.walk(mass);
            return Ok(false);
        }
        Ok(true)
    }

    /// Counts a state reached with `mass` expanded and a level deeper; whether to expand it
    /// (`false`: cut, see [`Cut`]).
    fn enter(&mut self, mass: u64) -> Result<bool, Stop> {
        let error = if self.stopped {
            None
        } else if self.steps >= self.limits.steps {
            Some(SearchError::Steps { limit: self.limits.steps })
        } else if self.depth >= self.limits.depth {
            Some(SearchError::Depth { limit: self.limits.depth })
        } else if self.steps.is_multiple_of(ASK_EVERY)
            && self.steps > 0
            && !(self.ask)(Searching { states: self.steps, walked: self.walked })
        {
            self.stopped = true;
            Some(SearchError::Steps { limit: self.steps })
        } else if self.cut.is_some_and(|c| mass < c.floor) {
            None
        } else {
            self.steps += 1;
            self.depth += 1;
            return Ok(true);
        };
        match (self.cut, error) {
            (None, Some(error)) => Err(Stop::Error(error)),
            _ => {
                self.cuts += 1;
                Ok(false)
            }
        }
    }

    /// Rule 2: adds into `into` the value of the start of combat at `stage` (0: the side
    /// `first` fires, 1: the other), then the first turn, `mover`'s.
    fn combat(
        &mut self,
        state: &State,
        first: usize,
        stage: u64,
        mover: usize,
        mass: u64,
        into: &mut Dist<N>,
    ) -> Result<(), Stop> {
        if self.ended(state, mass, into)? {
            return Ok(());
        }
        if stage >= 2 {
            return self.turn(state, mover, mass, into);
        }
        let side = firing(first, stage);
        let mut next = *state;
        let Some(damage) = next.fire(self.kinds, side) else {
            return self.combat(state, first, stage + 1, mover, mass, into);
        };
        let key = state.key::<W>(mover, 1 + stage, first);
        if !self.open(&key, mass, into)? {
            return Ok(());
        }
        let cuts = self.cuts;
        let mut value = Dist::ZERO;
        let targets = next.sides[side ^ 1].len;
        let share = mass / targets.max(1) as u64;
        for t in 0..targets {
            let mut child = next;
            child.shoot(self.kinds, side ^ 1, t, damage);
            child.resolve(self.kinds, None);
            self.combat(&child, first, stage, mover, share, &mut value)?;
        }
        value.over(targets)?;
        self.depth -= 1;
        if self.cuts == cuts {
            self.cache.put(&key, &value)?;
        }
        into.add(&value)?;
        Ok(())
    }

    /// Adds into `into` the value of `state` at the start of `mover`'s turn.
    fn turn(&mut self, state: &State, mover: usize, mass: u64, into: &mut Dist<N>) -> Result<(), Stop> {
        if self.ended(state, mass, into)? {
            return Ok(());
        }
        // A lockstep fight (every swing takes one life from each side) with as many lives on
        // each side ends with both sides empty at once: a tie, whatever the targets.
        if self.kinds.lockstep && state.lives(self.kinds, 0) == state.lives(self.kinds, 1) {
            self.walk(mass);
            return Ok(into.add_certain(0)?);
        }
        let key = state.canonical_key::<W>(self.kinds, &mut self.totals, mover, TURN, 0);
        if !self.open(&key, mass, into)? {
            return Ok(());
        }
        let cuts = self.cuts;
        let mut value = Dist::ZERO;
        self.play(*state, mover & 1, mass, &mut value)?;
        self.depth -= 1;
        if self.cuts == cuts {
            self.cache.put(&key, &value)?;
        }
        into.add(&value)?;
        Ok(())
    }

    /// Sets `value` (empty) to the value of `mover`'s turn from `state` (rules 5 and 3).
    fn play(&mut self, mut state: State, mover: usize, mass: u64, value: &mut Dist<N>) -> Result<(), Stop> {
        match state.open_turn(self.kinds, mover) {
            Opening::Tie => {
                self.walk(mass);
                Ok(value.add_certain(0)?)
            }
            Opening::Pass => self.turn(&state, mover ^ 1, mass, value),
            Opening::Swing(a) => self.swing(&state, mover, a, true, mass, value),
        }
    }

    /// Adds into `value` the value of the second swing (windfury) of `side`'s minion `a`: never
    /// inlined, so that the distribution it sums is on the machine stack only for a second swing,
    /// not in the frame of every swing.
    #[inline(never)]
    fn second_swing(
        &mut self,
        state: &State,
        side: usize,
        a: usize,
        mass: u64,
        value: &mut Dist<N>,
    ) -> Result<(), Stop> {
        let mut second = Dist::ZERO;
        self.swing(state, side, a, false, mass, &mut second)?;
        Ok(value.add(&second)?)
    }

    /// Sets `value` (empty) to the value of a swing of `side`'s minion `a` (its first when
    /// `first`), then its second (windfury) or the other side's turn (rules 5, 6, 7).
    fn swing(
        &mut self,
        state: &State,
        side: usize,
        a: usize,
        first: bool,
        mass: u64,
        value: &mut Dist<N>,
    ) -> Result<(), Stop> {
        let foe = side ^ 1;
        let targets = state.sides[foe].targets();
        if targets == 0 {
            let mut next = *state;
            next.end_swing(side, Some(a), false);
            return self.turn(&next, foe, mass, value);
        }
        let share = mass / u64::from(targets.count_ones());
        let mut rest = targets;
        while rest != 0 {
            let t = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut next = *state;
            next.exchange(self.kinds, side, a, t);
            let at = next.resolve(self.kinds, Some((side, a)));
            if self.ended(&next, share, value)? {
                continue;
            }
            match next.end_swing(side, at, first) {
                Some(again) => self.second_swing(&next, side, again, share, value)?,
                None => self.turn(&next, foe, share, value)?,
            }
        }
        value.over(targets.count_ones() as usize)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{Searching, FAIL_FAST_FACTOR, WALKED_ONE};

    #[test]
    fn the_states_ahead_are_the_states_so_far_scaled_by_the_paths_left() {
        assert_eq!(Searching { states: 100, walked: 0 }.ahead(), None);
        assert_eq!(Searching { states: 100, walked: WALKED_ONE / 4 }.ahead(), Some(300));
        assert_eq!(Searching { states: 100, walked: WALKED_ONE }.ahead(), Some(0));
        assert_eq!(Searching { states: u64::MAX, walked: 1 }.ahead(), Some(u64::MAX));
    }

    #[test]
    fn a_search_goes_on_within_its_budget_unless_it_cannot_finish() {
        // A quarter walked in 100 states: 300 ahead.
        let searching = Searching { states: 100, walked: WALKED_ONE / 4 };
        // Out of budget.
        assert!(!searching.goes_on(1000, 1000));
        // Before a tenth of the budget: on, whatever the estimate.
        assert!(searching.goes_on(1, 1000));
        // Spent 500 of 1000 for 100 states: 100 more at that rate; 300 ahead is within the factor.
        assert!(searching.goes_on(500, 1000));
        // 300 ahead against 150 states left at the rate so far (spent 400 for 100 states, 600
        // left): within; but 3 000 ahead is beyond the factor: stop.
        assert!(searching.goes_on(400, 1000));
        let far = Searching { states: 100, walked: WALKED_ONE / 31 };
        assert_eq!(far.ahead(), Some(3000));
        const { assert!(3000 > 150 * FAIL_FAST_FACTOR) };
        assert!(!far.goes_on(400, 1000));
        // Past half the budget, on to its end whatever the estimate.
        assert!(far.goes_on(970, 1000));
        // Nothing walked yet: no estimate, on.
        assert!(Searching { states: 100, walked: 0 }.goes_on(400, 1000));
    }
}
