//! Certified bounds of a fight the exact search cannot finish: the probability mass flows
//! forward from the start through the states, the states of most potential first (every swing
//! lowers it), each state expanded with all the mass that reached it; the mass that reaches an
//! end is settled there. Masses are fixed-point numbers over [`super::BOUND_ONE`] `= 2^120`,
//! every division rounded down, so every settled mass is at most the true probability of its
//! end: a certified lower bound, and one minus the others' a certified upper bound. A round
//! drops the states whose mass is below its threshold (their mass stays unsettled); rounds of
//! smaller and smaller thresholds run until the budget says stop, and each end keeps the
//! largest lower bound any round settled.

use alloc::collections::BinaryHeap;

use super::dist::{class_end, class_of};
use super::state::{firing, Kinds, Opening, State, Totals, WIDE_KEY};
use super::{Keywords, BOUND_ONE, CLASSES};

/// Where a state is: the start of combat (the side firing first, the stage, the first mover),
/// or a turn of `mover`.
#[derive(Clone, Copy)]
enum Phase {
    Combat { first: usize, stage: u64, mover: usize },
    Turn { mover: usize },
}

/// A state waiting to be expanded, with the mass that reached it so far.
struct Pending {
    state: State,
    phase: Phase,
    mass: u128,
}

/// What the budget is told: the round (its threshold), the states expanded in all rounds,
/// the best lower bound of each outcome so far and the mass they leave unsettled (over
/// [`super::BOUND_ONE`]): each outcome lies between its lower bound and that plus
/// `unsettled`, already (the bounds only tighten).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The rounds begun (1 for the first).
    pub round: u32,
    /// States expanded, all rounds together.
    pub steps: u64,
    /// One minus the sum of the best lower bounds, over [`super::BOUND_ONE`].
    pub unsettled: u128,
    /// The best lower bound of each outcome (Alice wins, Bob wins, a tie, as an
    /// [`super::Answer`]'s), over [`super::BOUND_ONE`].
    pub outcomes: [u128; 3],
}

impl Progress {
    /// The progress of the best lower bounds `best` of the ends.
    fn of(round: u32, steps: u64, best: &[u128; CLASSES]) -> Self {
        let mut outcomes = [0u128; 3];
        let mut settled = 0u128;
        for (class, &n) in best.iter().enumerate() {
            settled = settled.saturating_add(n);
            let outcome = class_end(class).map_or(2, |(winner, _)| winner);
            if let Some(slot) = outcomes.get_mut(outcome) {
                *slot = slot.saturating_add(n);
            }
        }
        Self { round, steps, unsettled: BOUND_ONE.saturating_sub(settled), outcomes }
    }
}

/// How often the budget is asked (states expanded).
const ASK_EVERY: u64 = 1024;

/// The most states waiting in a pass (about 400 bytes each on a 64-bit host with the heap's
/// entry: 400 MiB at most, whatever the time given); a state reached beyond them is dropped.
const PENDING_STATES: usize = 1 << 20;

/// The first round's threshold: `2^-THRESHOLD_START` of the whole mass; each round divides it
/// by `2^THRESHOLD_STEP`; the last one is 0 (nothing dropped).
const THRESHOLD_START: u32 = 12;
const THRESHOLD_STEP: u32 = 4;

/// One forward pass.
struct Pass<'k> {
    kinds: &'k Kinds,
    key_of: hashbrown::HashMap<[u64; WIDE_KEY], Pending>,
    heap: BinaryHeap<(u64, [u64; WIDE_KEY])>,
    settled: [u128; CLASSES],
    threshold: u128,
    /// Whether a state was dropped (below the threshold, or beyond [`PENDING_STATES`]).
    dropped: bool,
    /// The ladders of the healths in turn keys.
    totals: Totals,
}

/// Which of a unit's future lives count in the potential.
fn potential(kinds: &Kinds, state: &State) -> u64 {
    let shield = |k: u8| u64::from(k & Keywords::DIVINE_SHIELD.bits() != 0);
    let mut total = 0u64;
    for (side, s) in state.sides.iter().enumerate() {
        for u in s.units() {
            let kind = kinds.kind(side, u.kind);
            let copy = |k: u8| {
                let c = kinds.kind(side, k);
                u64::from(c.health) + shield(c.keywords)
            };
            let reborn = if u.has(Keywords::REBORN) && kind.reborn != 0 { copy(kind.reborn) } else { 0 };
            let (count, token) = kind.summon;
            let tokens = if count > 0 {
                let t = kinds.kind(side, token);
                let token_reborn = if t.reborn != 0 { copy(t.reborn) } else { 0 };
                u64::from(count) * (u64::from(t.health) + shield(t.keywords) + token_reborn)
            } else {
                0
            };
            total = total
                .saturating_add(u64::from(u.health) + shield(u.keywords) + u64::from(u.shots))
                .saturating_add(reborn)
                .saturating_add(tokens);
        }
    }
    total
}

impl Pass<'_> {
    fn settle(&mut self, class: usize, mass: u128) {
        if let Some(slot) = self.settled.get_mut(class) {
            *slot = slot.saturating_add(mass);
        }
    }

    /// Settles `mass` at the end of `state` if the fight is over; whether it was.
    fn ended(&mut self, state: &State, mass: u128) -> bool {
        match state.over(self.kinds) {
            None => false,
            Some(None) => {
                self.settle(0, mass);
                true
            }
            Some(Some((winner, sum))) => {
                self.settle(class_of(winner, sum), mass);
                true
            }
        }
    }

    /// Adds `mass` to the state `state` in `phase`.
    fn push(&mut self, state: State, phase: Phase, mass: u128) {
        if mass == 0 || self.ended(&state, mass) {
            return;
        }
        let key = match phase {
            Phase::Combat { first, stage, mover } => state.key::<WIDE_KEY>(mover, 1 + stage, first),
            Phase::Turn { mover } => {
                state.canonical_key::<WIDE_KEY>(self.kinds, &mut self.totals, mover, super::state::TURN, 0)
            }
        };
        if let Some(p) = self.key_of.get_mut(&key) {
            p.mass = p.mass.saturating_add(mass);
            return;
        }
        // A state beyond the states that may wait, or that the heap cannot hold, is dropped as
        // one below the threshold is: its mass stays unsettled, the bounds stay certified.
        if self.key_of.len() >= PENDING_STATES
            || self.key_of.try_reserve(1).is_err()
            || self.heap.try_reserve(1).is_err()
        {
            self.dropped = true;
            return;
        }
        self.key_of.insert(key, Pending { state, phase, mass });
        self.heap.push((potential(self.kinds, &state), key));
    }

    /// Expands the next state; whether there was one.
    fn step(&mut self) -> bool {
        let Some((_, key)) = self.heap.pop() else { return false };
        let Some(Pending { state, phase, mass }) = self.key_of.remove(&key) else { return true };
        if mass < self.threshold {
            self.dropped = true;
            return true;
        }
        match phase {
            Phase::Combat { first, stage, mover } => self.combat(state, first, stage, mover, mass),
            Phase::Turn { mover } => self.turn(state, mover, mass),
        }
        true
    }

    /// Rule 2 as the exact search plays it (`search::Search::combat`).
    fn combat(&mut self, state: State, first: usize, stage: u64, mover: usize, mass: u128) {
        let mut stage = stage;
        loop {
            if stage >= 2 {
                return self.turn(state, mover, mass);
            }
            let side = firing(first, stage);
            let mut next = state;
            let Some(damage) = next.fire(self.kinds, side) else {
                stage += 1;
                continue;
            };
            let targets = next.sides[side ^ 1].len;
            let share = mass / u128::try_from(targets.max(1)).unwrap_or(1);
            for t in 0..targets {
                let mut child = next;
                child.shoot(self.kinds, side ^ 1, t, damage);
                child.resolve(self.kinds, None);
                self.push(child, Phase::Combat { first, stage, mover }, share);
            }
            return;
        }
    }

    /// A turn as the exact search plays it (`search::Search::turn` and `play`).
    fn turn(&mut self, mut state: State, mover: usize, mass: u128) {
        if self.ended(&state, mass) {
            return;
        }
        let kinds = self.kinds;
        if kinds.lockstep && state.lives(kinds, 0) == state.lives(kinds, 1) {
            self.settle(0, mass);
            return;
        }
        match state.open_turn(kinds, mover) {
            Opening::Tie => self.settle(0, mass),
            Opening::Pass => self.push(state, Phase::Turn { mover: mover ^ 1 }, mass),
            Opening::Swing(a) => self.swing(&state, mover, a, true, mass),
        }
    }

    /// A swing as the exact search plays it (`search::Search::swing`).
    fn swing(&mut self, state: &State, side: usize, a: usize, first: bool, mass: u128) {
        let foe = side ^ 1;
        let targets = state.sides[foe].targets();
        if targets == 0 {
            let mut next = *state;
            next.end_swing(side, Some(a), false);
            return self.push(next, Phase::Turn { mover: foe }, mass);
        }
        let share = mass / u128::from(targets.count_ones());
        let mut rest = targets;
        while rest != 0 {
            let t = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut next = *state;
            next.exchange(self.kinds, side, a, t);
            let at = next.resolve(self.kinds, Some((side, a)));
            if self.ended(&next, share) {
                continue;
            }
            match next.end_swing(side, at, first) {
                Some(again) => self.swing(&next, side, again, false, share),
                None => self.push(next, Phase::Turn { mover: foe }, share),
            }
        }
    }
}

/// The best lower bound of each end, over [`BOUND_ONE`], after rounds of smaller and smaller
/// thresholds, until `budget` returns `false` or a round drops nothing (then they are the
/// exact probabilities rounded down): each at least its `floor` (lower bounds certified
/// otherwise, the cut search's), which the budget's [`Progress`] counts in from the start.
pub(super) fn run(kinds: &Kinds, floor: [u128; CLASSES], budget: &mut dyn FnMut(Progress) -> bool) -> [u128; CLASSES] {
    let mut best = floor;
    let mut steps = 0u64;
    for round in 1u32.. {
        let shift = THRESHOLD_START.saturating_add((round - 1).saturating_mul(THRESHOLD_STEP));
        let threshold = if shift >= 120 { 0 } else { BOUND_ONE >> shift };
        let mut pass = Pass {
            kinds,
            key_of: hashbrown::HashMap::new(),
            heap: BinaryHeap::new(),
            settled: [0; CLASSES],
            threshold,
            dropped: false,
            totals: Totals::NEW,
        };
        start(&mut pass);
        let mut stopped = false;
        loop {
            if steps.is_multiple_of(ASK_EVERY) {
                for (b, &s) in best.iter_mut().zip(&pass.settled) {
                    *b = (*b).max(s);
                }
                if !budget(Progress::of(round, steps, &best)) {
                    stopped = true;
                    break;
                }
            }
            if !pass.step() {
                break;
            }
            steps += 1;
        }
        for (b, &s) in best.iter_mut().zip(&pass.settled) {
            *b = (*b).max(s);
        }
        if stopped || !pass.dropped {
            break;
        }
    }
    best
}

/// Rule 1: the start's mass over who fires first and who moves first.
fn start(pass: &mut Pass<'_>) {
    let start = State::start(pass.kinds);
    let movers: &[usize] = match pass.kinds.counts[0].cmp(&pass.kinds.counts[1]) {
        core::cmp::Ordering::Greater => &[0],
        core::cmp::Ordering::Less => &[1],
        core::cmp::Ordering::Equal => &[0, 1],
    };
    let share = BOUND_ONE / u128::try_from(2 * movers.len()).unwrap_or(4);
    for first in [0, 1] {
        for &mover in movers {
            pass.push(start, Phase::Combat { first, stage: 0, mover }, share);
        }
    }
}
