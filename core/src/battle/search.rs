//! The depth-first search over the battle, generic over the key width, the numerator width and
//! the cache ([`Cache`]); and the closed form of a fight of one minion against one.
//!
//! Each state at the start of a turn is looked up by its exact packed key; a miss expands it:
//! the attacker's exchange with every target it may draw (then, for windfury, its second
//! attack in each), each child's outcome summed and divided by the number of targets. The
//! windfury half-turn is not cached (it is one turn with the first attack).

use super::outcome::{Numerator, Outcome, TooWide};
use super::state::{bit, Layout, Packed, Side, State, KEY_WORDS};
use super::{Board, Limits, OddsError};

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
    /// [`OddsError::OutOfMemory`] when a growable cache cannot get memory.
    fn put(&mut self, key: K, work: u64, outcome: &Outcome<N>) -> Result<(), OddsError>;
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The numerators ran out of width: a wider search may succeed.
    TooWide,
    /// Any other reason, final.
    Error(OddsError),
}

impl From<TooWide> for Stop {
    fn from(_: TooWide) -> Self {
        Self::TooWide
    }
}

impl From<OddsError> for Stop {
    fn from(error: OddsError) -> Self {
        Self::Error(error)
    }
}

/// One search over a battle.
#[derive(Debug)]
pub(super) struct Search<'b, K, C> {
    board: &'b Board,
    layout: Layout,
    cache: C,
    limits: Limits,
    /// Turns expanded so far (each counted against [`Limits::steps`]).
    steps: u64,
    /// Nested turns now.
    depth: u32,
    keys: core::marker::PhantomData<K>,
}

impl<'b, K: Key, C> Search<'b, K, C> {
    /// A search of `board` with `cache`, within `limits`.
    pub fn new(board: &'b Board, cache: C, limits: Limits) -> Self {
        Self { board, layout: Layout::new(board), cache, limits, steps: 0, depth: 0, keys: core::marker::PhantomData }
    }

    /// The outcome of the battle from its start (both first movers when the sides are even).
    ///
    /// # Errors
    /// [`Stop::TooWide`] when `N` is too narrow, else the search's error.
    pub fn run<N: Numerator>(&mut self) -> Result<Outcome<N>, Stop>
    where
        C: Cache<K, N>,
    {
        let start = State::start(self.board);
        let counts = [self.board.sides[0].count, self.board.sides[1].count];
        let key = |search: &Self, mover| search.layout.pack(&start, mover);
        match counts[0].cmp(&counts[1]) {
            core::cmp::Ordering::Greater => self.value(&start, 0, key(self, 0)),
            core::cmp::Ordering::Less => self.value(&start, 1, key(self, 1)),
            core::cmp::Ordering::Equal => {
                let alice_first = self.value(&start, 0, key(self, 0))?;
                let bob_first = self.value(&start, 1, key(self, 1))?;
                Ok(alice_first.add(&bob_first)?.over(2)?)
            }
        }
    }

    /// The outcome of `state` (both sides non-empty) at the start of `mover`'s turn; `key` is
    /// its packed key (derived from the parent's, see [`Layout::update`]).
    fn value<N: Numerator>(&mut self, state: &State, mover: usize, key: K) -> Result<Outcome<N>, Stop>
    where
        C: Cache<K, N>,
    {
        if state.sides[0].alive.count_ones() == 1 && state.sides[1].alive.count_ones() == 1 {
            return Ok(duel(self.board, state));
        }
        debug_assert_eq!(key, self.layout.pack(state, mover), "a derived key differs from the packed one");
        if let Some(known) = self.cache.get(&key) {
            return Ok(known);
        }
        if self.depth >= self.limits.depth {
            return Err(Stop::Error(OddsError::Depth { limit: self.limits.depth }));
        }
        if self.steps >= self.limits.steps {
            return Err(Stop::Error(OddsError::Steps { limit: self.limits.steps }));
        }
        self.steps += 1;
        let before = self.steps;
        self.depth += 1;
        let outcome = self.turn(state, mover, key);
        self.depth -= 1;
        let outcome = outcome?;
        self.cache.put(key, self.steps - before + 1, &outcome)?;
        Ok(outcome)
    }

    /// `mover`'s turn (`key`: the state's key): its next attacker attacks, or it passes, or
    /// nobody can attack (a tie).
    fn turn<N: Numerator>(&mut self, state: &State, mover: usize, key: K) -> Result<Outcome<N>, Stop>
    where
        C: Cache<K, N>,
    {
        let me = mover & 1;
        let attackers = self.board.sides[me].attackers;
        let Some(a) = state.sides[me].next_attacker(attackers) else {
            let foe = me ^ 1;
            if state.sides[foe].alive & self.board.sides[foe].attackers == 0 {
                return Ok(Outcome::TIE);
            }
            return self.value(state, foe, self.layout.flip_mover(key));
        };
        let mut next = *state;
        next.sides[me].done |= bit(a);
        next.sides[me].settle(attackers);
        let key = self.layout.update(key, state, &next, [(me, a), (me, a)]);
        self.attack(&next, me, a, true, key)
    }

    /// `me`'s minion `a` attacks a target drawn uniformly (among the taunts, if any); `first`
    /// when it is the turn's first attack (a windfury minion then attacks again). `key` is the
    /// key of `state` with `me` to move.
    fn attack<N: Numerator>(
        &mut self,
        state: &State,
        me: usize,
        a: usize,
        first: bool,
        key: K,
    ) -> Result<Outcome<N>, Stop>
    where
        C: Cache<K, N>,
    {
        let foe = me ^ 1;
        let enemy = &state.sides[foe];
        let taunts = enemy.alive & self.board.sides[foe].taunt;
        let mut targets = if taunts != 0 { taunts } else { enemy.alive };
        let choices = targets.count_ones() as usize;
        let again = first && self.board.sides[me].windfury & bit(a) != 0;
        let mut sum = Outcome::TIE;
        while targets != 0 {
            let t = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let mut child = *state;
            let attacker_died = child.exchange(self.board, me, a, t);
            let outcome = if child.over() {
                finished(&child)
            } else {
                let child_key = self.layout.update(key, state, &child, [(me, a), (foe, t)]);
                if again && !attacker_died {
                    self.attack(&child, me, a, false, child_key)?
                } else {
                    self.value(&child, foe, self.layout.flip_mover(child_key))?
                }
            };
            sum = sum.add(&outcome)?;
        }
        Ok(sum.over(choices)?)
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
pub(super) fn duel<N: Numerator>(board: &Board, state: &State) -> Outcome<N> {
    let mut state = *state;
    let a = state.sides[0].alive.trailing_zeros() as usize & 7;
    let b = state.sides[1].alive.trailing_zeros() as usize & 7;
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
