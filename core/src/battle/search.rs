//! The depth-first search over the battle, generic over the key width, the numerator width and
//! the cache ([`Cache`]); and the closed form of a fight of one minion against one.
//!
//! Each state at the start of a turn is looked up by its exact packed key; a miss expands it:
//! the attacker's exchange with every target it may draw (then, for windfury, its second
//! attack in each), each child's outcome summed and divided by the number of targets. The
//! windfury half-turn is not cached (it is one turn with the first attack).

use super::outcome::{Numerator, Outcome, TooWide};
use super::state::{bit, Layout, Packed, Side, State, KEY_WORDS, STATE_WORDS};
use super::table::{high, low, Words};
use super::{Limits, Lineup, SearchError, MAX_MINIONS};

/// A packed key of one width: `u128` when the battle's layout fits 128 bits, else the widest.
pub(super) trait Key: Packed + Eq + core::hash::Hash + core::fmt::Debug {}

impl Key for u128 {}

impl Key for [u64; KEY_WORDS] {}

/// Where the search looks states up and stores their outcomes.
pub(super) trait Cache<K, N> {
    /// The outcome stored for `key`, if any.
    fn get(&mut self, key: &K) -> Option<Outcome<N>>;

    /// Offers the outcome of `key`, whose expansion took `work` steps; the cache may keep it
    /// or drop it.
    ///
    /// # Errors
    /// [`SearchError::OutOfMemory`] when a growable cache cannot get memory.
    fn put(&mut self, key: K, work: u64, outcome: &Outcome<N>) -> Result<(), SearchError>;
}

/// A cache behind a reference: the page's module (wasm32) searches through `&mut dyn Cache`,
/// one search compiled for every cache (a smaller module); the host keeps the cache's own type.
impl<K, N, C: Cache<K, N> + ?Sized> Cache<K, N> for &mut C {
    #[inline]
    fn get(&mut self, key: &K) -> Option<Outcome<N>> {
        (**self).get(key)
    }

    #[inline]
    fn put(&mut self, key: K, work: u64, outcome: &Outcome<N>) -> Result<(), SearchError> {
        (**self).put(key, work, outcome)
    }
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The numerators ran out of width: a wider search may succeed.
    TooWide,
    /// Any other reason, final.
    Error(SearchError),
}

impl From<TooWide> for Stop {
    fn from(_: TooWide) -> Self {
        Self::TooWide
    }
}

impl From<SearchError> for Stop {
    fn from(error: SearchError) -> Self {
        Self::Error(error)
    }
}

/// A turn being searched: the attack `me`'s minion `a` makes from `state`, the targets still
/// to try, and the sum of the outcomes of those tried.
#[derive(Clone, Copy, Debug)]
struct Frame<K, N> {
    /// The state the attack is made from (the attacker's turn bit set).
    state: State,
    /// The key of `state` with `me` to move.
    key: K,
    me: usize,
    a: usize,
    /// The turn's first attack (a windfury attacker attacks again after it).
    first: bool,
    /// Targets not tried yet.
    targets: u8,
    /// Targets in all: the sum is divided by it.
    choices: usize,
    /// The outcomes of the targets tried, summed.
    sum: Outcome<N>,
    /// For a turn's first attack, the key of the turn's state to store the outcome under and
    /// the steps counted when the turn began.
    store: Option<(K, u64)>,
}

/// Words of a frame on the stack: the state, two keys, the sum, the packed small fields and the
/// steps.
pub(super) const fn frame_words<K: Words, N: Words>() -> usize {
    STATE_WORDS + 2 * K::WORDS + Outcome::<N>::WORDS + 1 + 2
}

/// Words of a frame with 128-bit keys and numerators, the unit of [`Limits::depth`]: 38.
pub const FRAME_WORDS: usize = frame_words::<u128, u128>();
/// Words of the largest frame: the widest keys and 1 024-bit numerators (a board whose odds
/// need them).
pub const WIDE_FRAME_WORDS: usize = frame_words::<[u64; KEY_WORDS], super::wide::Wide>();

impl<K: Words + Copy, N: Words + Copy> Frame<K, N> {
    /// Writes the frame into `out` ([`frame_words`] long).
    fn write(&self, out: &mut [u32]) {
        let k = K::WORDS;
        self.state.write(out);
        let mut at = STATE_WORDS;
        self.key.write(&mut out[at..]);
        at += k;
        self.sum.write(&mut out[at..]);
        at += Outcome::<N>::WORDS;
        let small = [
            u32::try_from(self.me & 1).unwrap_or(0),
            u32::try_from(self.a & 7).unwrap_or(0),
            u32::from(self.first),
            u32::from(self.targets),
            u32::try_from(self.choices & 7).unwrap_or(0),
        ];
        out[at] = small[0]
            | small[1] << 1
            | small[2] << 4
            | small[3] << 5
            | small[4] << 12
            | u32::from(self.store.is_some()) << 15;
        at += 1;
        let (key, steps) = self.store.unwrap_or((self.key, 0));
        key.write(&mut out[at..]);
        at += k;
        out[at] = low(steps);
        out[at + 1] = high(steps);
    }

    /// Reads a frame written by [`Frame::write`].
    fn read(words: &[u32]) -> Self {
        let k = K::WORDS;
        let state = State::read(words);
        let mut at = STATE_WORDS;
        let key = K::read(&words[at..]);
        at += k;
        let sum = Outcome::read(&words[at..]);
        at += Outcome::<N>::WORDS;
        let small = words[at];
        at += 1;
        let store_key = K::read(&words[at..]);
        at += k;
        let steps = u64::from(words[at + 1]) << 32 | u64::from(words[at]);
        Self {
            state,
            key,
            me: (small & 1) as usize,
            a: (small >> 1 & 7) as usize,
            first: small >> 4 & 1 == 1,
            targets: u8::try_from(small >> 5 & 0x7f).unwrap_or(0),
            choices: (small >> 12 & 7) as usize,
            sum,
            store: (small >> 15 & 1 == 1).then_some((store_key, steps)),
        }
    }
}

/// Frames of 128-bit numerators kept on the machine's stack before the stack words are used:
/// the turns in progress of most battles fit them, so most searches never copy a frame to
/// words. 32 (about 9 KiB) on 64-bit targets, where writing frames to words instead costs 14 %
/// more instructions (callgrind, typical boards); none on the small ones, where it costs
/// nothing measurable (within ±2.5 % of 8 hot frames on the Cortex-M4F's typical boards) and
/// 8 hot frames took 2.9 KiB of a Cortex-M0's machine stack. A search with wide numerators
/// keeps none there (its frames are large). Only speed and stack depend on it, never an
/// answer.
#[cfg(target_pointer_width = "64")]
pub const HOT_FRAMES: usize = 32;
/// Frames of 128-bit numerators kept on the machine's stack: none (see the 64-bit definition).
#[cfg(not(target_pointer_width = "64"))]
pub const HOT_FRAMES: usize = 0;

/// The turns in progress below the innermost one: the first `HOT` as values, the rest written
/// to the caller's words.
pub(super) struct Stack<'s, K, N, const HOT: usize> {
    hot: [Frame<K, N>; HOT],
    cold: &'s mut [u32],
    len: usize,
    /// Frames it holds at most: the depth limit, or what the words hold of frames this wide
    /// (the same on every target: the hot frames only stand in for words that are there).
    capacity: usize,
}

impl<'s, K: Words + Copy, N: Words + Copy, const HOT: usize> Stack<'s, K, N, HOT> {
    /// A stack over `cold` words of at most `depth` frames, with `empty` filling the unused hot
    /// frames.
    fn new(cold: &'s mut [u32], empty: &Frame<K, N>, depth: u32) -> Self {
        let capacity = (cold.len() / frame_words::<K, N>()).min(depth as usize);
        Self { hot: [*empty; HOT], cold, len: 0, capacity }
    }

    /// Frames it holds at most.
    fn capacity(&self) -> usize {
        self.capacity
    }

    /// Pushes `frame`, if there is room.
    #[inline]
    fn push(&mut self, frame: &Frame<K, N>) -> bool {
        if self.len >= self.capacity {
            return false;
        }
        if let Some(slot) = self.hot.get_mut(self.len) {
            *slot = *frame;
        } else {
            let size = frame_words::<K, N>();
            let at = (self.len - HOT) * size;
            let Some(words) = self.cold.get_mut(at..at + size) else { return false };
            frame.write(words);
        }
        self.len += 1;
        true
    }

    /// Pops the last frame pushed, if any.
    #[inline]
    fn pop(&mut self) -> Option<Frame<K, N>> {
        self.len = self.len.checked_sub(1)?;
        if let Some(frame) = self.hot.get(self.len) {
            return Some(*frame);
        }
        let size = frame_words::<K, N>();
        let at = (self.len - HOT) * size;
        self.cold.get(at..at + size).map(Frame::read)
    }
}

/// What resolving a state's value gave: its outcome, or a turn to search (its frame is built
/// by the caller, in place: frames are large with wide numerators).
enum Opened<K, N> {
    Known(Outcome<N>),
    Turn(Turn<K>),
}

/// An attack to search, the small fields of its frame ([`Search::attack`] adds the rest).
#[derive(Clone, Copy)]
struct Turn<K> {
    /// The attacking side.
    me: usize,
    /// The attacking minion.
    a: usize,
    /// The turn's first attack (a windfury attacker attacks again after it).
    first: bool,
    /// The key of the state attacked from, with `me` to move.
    key: K,
    /// As [`Frame::store`].
    store: Option<(K, u64)>,
}

/// One search over a battle: the board, the key layout, the cache, and the stack of the turns
/// being searched in caller words.
#[derive(Debug)]
pub(super) struct Search<'b, 's, K, C> {
    board: &'b Lineup,
    layout: Layout,
    cache: C,
    /// Words of the stack of frames (its capacity: `stack.len() / frame_words`).
    stack: &'s mut [u32],
    /// Turns expanded so far (each counted against [`Limits::steps`]).
    steps: u64,
    /// The most frames on the stack so far (the turns in progress around the innermost one):
    /// the least [`Limits::depth`] that holds them, in frames of this search's width.
    deepest: usize,
    limits: Limits,
    keys: core::marker::PhantomData<K>,
}

impl<'b, 's, K: Key + Words, C> Search<'b, 's, K, C> {
    /// A search of `board` with `cache` and `stack` words for its frames, within `limits`
    /// (their depth is what the words hold).
    pub fn new(board: &'b Lineup, cache: C, stack: &'s mut [u32], limits: Limits) -> Self {
        let mut search = Self {
            board,
            layout: Layout::EMPTY,
            cache,
            stack,
            steps: 0,
            deepest: 0,
            limits,
            keys: core::marker::PhantomData,
        };
        search.layout.build(board);
        search
    }

    /// Turns expanded so far, and the most frames on the stack at once.
    pub fn effort(&self) -> (u64, usize) {
        (self.steps, self.deepest)
    }

    /// The outcome of the battle from its start (both first movers when the sides are even).
    ///
    /// # Errors
    /// [`Stop::TooWide`] when `N` is too narrow, else the search's error.
    pub fn run<N: Numerator + Words, const HOT: usize>(&mut self) -> Result<Outcome<N>, Stop>
    where
        C: Cache<K, N>,
    {
        let start = State::start(self.board);
        let counts = [self.board.sides[0].count, self.board.sides[1].count];
        let movers: &[usize] = match counts[0].cmp(&counts[1]) {
            core::cmp::Ordering::Greater => &[0],
            core::cmp::Ordering::Less => &[1],
            core::cmp::Ordering::Equal => &[0, 1],
        };
        let mut total = Outcome::TIE;
        for &mover in movers {
            let key = self.layout.pack(&start, mover);
            total.add(&self.evaluate::<N, HOT>(start, mover, key)?)?;
        }
        Ok(total.over(movers.len())?)
    }

    /// The outcome of `state` (both sides non-empty) at the start of `mover`'s turn (`key`:
    /// its packed key), searched depth first with the frames of the turns in progress on the
    /// stack words; the innermost frame is kept in `current`.
    fn evaluate<N: Numerator + Words, const HOT: usize>(
        &mut self,
        mut state: State,
        mover: usize,
        key: K,
    ) -> Result<Outcome<N>, Stop>
    where
        C: Cache<K, N>,
    {
        let turn = match self.open(&mut state, mover, key)? {
            Opened::Known(outcome) => return Ok(outcome),
            Opened::Turn(turn) => turn,
        };
        let current = self.attack(&state, turn);
        // The stack borrows the words for the walk and gives them back after it, whatever it gave.
        let mut stack = Stack::<K, N, HOT>::new(core::mem::take(&mut self.stack), &current, self.limits.depth);
        let outcome = self.walk(&mut stack, current);
        self.stack = stack.cold;
        outcome
    }

    /// The depth-first walk from the turn `current`, with `stack` for the turns around it.
    fn walk<N: Numerator + Words, const HOT: usize>(
        &mut self,
        stack: &mut Stack<'s, K, N, HOT>,
        mut current: Frame<K, N>,
    ) -> Result<Outcome<N>, Stop>
    where
        C: Cache<K, N>,
    {
        loop {
            // Descend: the next target of the current frame, until one needs a turn searched.
            if current.targets != 0 {
                let t = current.targets.trailing_zeros() as usize;
                current.targets &= current.targets - 1;
                // `me < 2`: the mask keeps the index checks of `sides[me]` out.
                let (me, a) = (current.me & 1, current.a);
                let foe = me ^ 1;
                let mut child = current.state;
                let attacker_died = child.exchange(self.board, me, a, t);
                if child.over() {
                    current.sum.add(&finished(&child))?;
                    continue;
                }
                let child_key = self.layout.update(current.key, &current.state, &child, [(me, a), (foe, t)]);
                let turn = if current.first && self.board.sides[me].windfury & bit(a) != 0 && !attacker_died {
                    Turn { me, a, first: false, key: child_key, store: None }
                } else {
                    match self.open(&mut child, foe, self.layout.flip_mover(child_key))? {
                        Opened::Known(outcome) => {
                            current.sum.add(&outcome)?;
                            continue;
                        }
                        Opened::Turn(turn) => turn,
                    }
                };
                if !stack.push(&current) {
                    let limit = u32::try_from(stack.capacity()).unwrap_or(u32::MAX);
                    return Err(Stop::Error(SearchError::Depth { limit }));
                }
                self.deepest = self.deepest.max(stack.len);
                current = self.attack(&child, turn);
                continue;
            }
            // Ascend: the frame is complete.
            let outcome = current.sum.over(current.choices)?;
            if let Some((key, before)) = current.store {
                self.cache.put(key, self.steps - before + 1, &outcome)?;
            }
            let Some(parent) = stack.pop() else { return Ok(outcome) };
            current = parent;
            current.sum.add(&outcome)?;
        }
    }

    /// Resolves the value of `state` at the start of `mover`'s turn (`key`: its key): a duel
    /// in closed form, a cached outcome, a tie when nobody can attack, or the turn to search
    /// (its first attack), `state` then updated to the state it attacks from (the attacker's
    /// turn bit set). A side that cannot attack passes.
    fn open<N: Numerator>(&mut self, state: &mut State, mover: usize, key: K) -> Result<Opened<K, N>, Stop>
    where
        C: Cache<K, N>,
    {
        let (mut mover, mut key) = (mover & 1, key);
        loop {
            if state.sides[0].alive.count_ones() == 1 && state.sides[1].alive.count_ones() == 1 {
                return Ok(Opened::Known(duel(self.board, state)));
            }
            debug_assert_eq!(key, self.layout.pack(state, mover), "a derived key differs from the packed one");
            if let Some(known) = self.cache.get(&key) {
                return Ok(Opened::Known(known));
            }
            let attackers = self.board.sides[mover].attackers;
            let Some(a) = state.sides[mover].next_attacker(attackers) else {
                let foe = mover ^ 1;
                if state.sides[foe].alive & self.board.sides[foe].attackers == 0 {
                    return Ok(Opened::Known(Outcome::TIE));
                }
                (mover, key) = (foe, self.layout.flip_mover(key));
                continue;
            };
            if self.steps >= self.limits.steps {
                return Err(Stop::Error(SearchError::Steps { limit: self.limits.steps }));
            }
            self.steps += 1;
            let before = state.sides[mover].done;
            state.sides[mover].done |= bit(a);
            state.sides[mover].settle(attackers);
            // Only the mover's turn bits changed.
            let next_key = self.layout.update_done(key, mover, before, state.sides[mover].done);
            return Ok(Opened::Turn(Turn { me: mover, a, first: true, key: next_key, store: Some((key, self.steps)) }));
        }
    }

    /// The frame of `turn` from `state`: a target drawn uniformly among the enemy's taunts, if
    /// any, else all.
    fn attack<N: Numerator>(&self, state: &State, turn: Turn<K>) -> Frame<K, N> {
        let Turn { me, a, first, key, store } = turn;
        let foe = (me ^ 1) & 1;
        let enemy = &state.sides[foe];
        let taunts = enemy.alive & self.board.sides[foe].taunt;
        let targets = if taunts != 0 { taunts } else { enemy.alive };
        let choices = targets.count_ones() as usize;
        Frame { state: *state, key, me, a, first, targets, choices, sum: Outcome::TIE, store }
    }
}

/// The outcome of a battle that is over.
fn finished<N: Numerator>(state: &State) -> Outcome<N> {
    match (state.sides[0].alive != 0, state.sides[1].alive != 0) {
        (true, false) => Outcome::ALICE,
        (false, true) => Outcome::BOB,
        _ => Outcome::TIE,
    }
}

/// One minion against one, in closed form: the outcome is certain and does not depend on who
/// moves. Every attack is the same exchange of the two minions, whoever makes it, and the
/// exchanges go on while either has attack (a side without passes; windfury changes how many
/// fall in a turn, not what they do), so the first to be dead for good loses, both at once is a
/// tie, and neither able to attack is a tie. The exchanges are played out in runs: between two
/// events (a shield popped, a poisonous or venomous hit, a death) each exchange only takes
/// the two attacks off the two healths, so a run is one subtraction: `O(1)` whatever the
/// values (at most 2 shields, 2 venoms and 4 deaths are events).
pub(super) fn duel<N: Numerator>(board: &Lineup, state: &State) -> Outcome<N> {
    let mut state = *state;
    // Each side has one minion alive, so its place is below `MAX_MINIONS`: the clamp is what
    // keeps the index checks (and their panic calls) out.
    let a = (state.sides[0].alive.trailing_zeros() as usize).min(MAX_MINIONS - 1);
    let b = (state.sides[1].alive.trailing_zeros() as usize).min(MAX_MINIONS - 1);
    let (attack_a, attack_b) = (board.sides[0].attack[a], board.sides[1].attack[b]);
    if attack_a == 0 && attack_b == 0 {
        return Outcome::TIE;
    }
    // Whether the next exchange is an event for a side: it takes damage that a shield stops
    // or that a toxic enemy makes deadly.
    let eventful = |me: &Side, i: usize, enemy: &Side, j: usize, enemy_attack: u32, enemy_poisonous: u8| {
        enemy_attack > 0 && (me.shield & bit(i) != 0 || (enemy_poisonous | enemy.venom) & bit(j) != 0)
    };
    while !state.over() {
        let (alice, bob) = (&state.sides[0], &state.sides[1]);
        let events = eventful(alice, a, bob, b, attack_b, board.sides[1].poisonous)
            || eventful(bob, b, alice, a, attack_a, board.sides[0].poisonous);
        if !events {
            // Plain damage: the exchange that kills someone first is the `run`-th.
            let hits = |health: u32, attack: u32| if attack == 0 { u32::MAX } else { health.div_ceil(attack) };
            let run = hits(alice.health[a], attack_b).min(hits(bob.health[b], attack_a));
            let quiet = run.saturating_sub(1);
            // `quiet` exchanges kill nobody, so the products stay below the healths.
            state.sides[0].health[a] -= attack_b.saturating_mul(quiet);
            state.sides[1].health[b] -= attack_a.saturating_mul(quiet);
        }
        state.exchange(board, 0, a, b);
    }
    finished(&state)
}
