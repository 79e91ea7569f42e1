//! `battle`, literally: every attack of the rules played out, every random choice branched on,
//! the exact probabilities summed as fractions of its own (a big numerator over
//! `2^a·3^b·5^c·7^d`: every choice is among at most 7 targets or of who starts, so no other
//! prime can divide a denominator). States at the start of a turn are remembered.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A minion of the input: attack, health and keywords.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    /// Attack, `0..=10^9`.
    pub attack: u64,
    /// Health, `1..=10^9`.
    pub health: u64,
    /// `T`: taunt.
    pub taunt: bool,
    /// `D`: divine shield.
    pub shield: bool,
    /// `P`: poisonous.
    pub poisonous: bool,
    /// `V`: venomous.
    pub venomous: bool,
    /// `W`: windfury.
    pub windfury: bool,
    /// `R`: reborn.
    pub reborn: bool,
}

impl Card {
    /// `attack/health` and keyword letters, as the input writes a minion.
    ///
    /// # Panics
    /// If `token` is not a valid minion.
    #[must_use]
    pub fn parse(token: &str) -> Self {
        let (attack, rest) = token.split_once('/').expect("a slash");
        let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        let (health, keys) = rest.split_at(digits);
        let has = |k| keys.contains(k);
        Self {
            attack: attack.parse().expect("an attack"),
            health: health.parse().expect("a health"),
            taunt: has('T'),
            shield: has('D'),
            poisonous: has('P'),
            venomous: has('V'),
            windfury: has('W'),
            reborn: has('R'),
        }
    }
}

impl Card {
    /// The same minion as the solver's type (`referee_core::battle::Minion`), for comparing the
    /// two on one board.
    ///
    /// # Panics
    /// If a value passes `u32` (the cards of the tests never do).
    #[must_use]
    pub fn to_minion(&self) -> referee_core::battle::Minion {
        use referee_core::battle::{Keywords, Minion};
        let mut keywords = Keywords::NONE;
        for (has, k) in [
            (self.taunt, Keywords::TAUNT),
            (self.shield, Keywords::DIVINE_SHIELD),
            (self.poisonous, Keywords::POISONOUS),
            (self.venomous, Keywords::VENOMOUS),
            (self.windfury, Keywords::WINDFURY),
            (self.reborn, Keywords::REBORN),
        ] {
            if has {
                keywords = keywords.with(k);
            }
        }
        let value = |v: u64| u32::try_from(v).expect("a value of the tests fits u32");
        Minion::new(value(self.attack), value(self.health), keywords)
    }
}

/// A minion in the battle: its card (the keywords it started with), what it has now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Minion {
    card: Card,
    health: i64,
    shield: bool,
    venomous: bool,
    reborn: bool,
    turns: u32,
}

impl Minion {
    fn new(card: Card) -> Self {
        let health = i64::try_from(card.health).expect("health fits");
        Self { card, health, shield: card.shield, venomous: card.venomous, reborn: card.reborn, turns: 0 }
    }

    /// Takes `damage` from `from`: shields, then health, then poison and venom.
    /// Returns whether `from` spends its venom.
    fn take(&mut self, damage: u64, from: &Minion, poisoned: &mut bool) -> bool {
        if damage == 0 {
            return false;
        }
        if self.shield {
            self.shield = false;
            return false;
        }
        self.health -= i64::try_from(damage).expect("damage fits");
        if from.card.poisonous || from.venomous {
            *poisoned = true;
        }
        from.venomous
    }
}

/// A probability: `num / (2^e[0]·3^e[1]·5^e[2]·7^e[3])`, in lowest terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prob {
    num: Vec<u32>,
    exps: [u32; 4],
}

const PRIMES: [u32; 4] = [2, 3, 5, 7];

impl Prob {
    fn zero() -> Self {
        Self { num: Vec::new(), exps: [0; 4] }
    }

    fn one() -> Self {
        Self { num: vec![1], exps: [0; 4] }
    }

    /// This probability times `1/k`, `k` in `1..=7`.
    fn over(mut self, k: u32) -> Self {
        let mut k = k;
        for (i, p) in PRIMES.iter().enumerate() {
            while k.is_multiple_of(*p) {
                k /= p;
                self.exps[i] += 1;
            }
        }
        assert_eq!(k, 1, "a choice among at most 7");
        self.reduce();
        self
    }

    fn add(&self, other: &Self) -> Self {
        let mut exps = [0; 4];
        let (mut a, mut b) = (self.num.clone(), other.num.clone());
        for (i, &p) in PRIMES.iter().enumerate() {
            exps[i] = self.exps[i].max(other.exps[i]);
            for _ in self.exps[i]..exps[i] {
                mul_small(&mut a, p);
            }
            for _ in other.exps[i]..exps[i] {
                mul_small(&mut b, p);
            }
        }
        let mut sum = Self { num: add(&a, &b), exps };
        sum.reduce();
        sum
    }

    fn reduce(&mut self) {
        for (i, &p) in PRIMES.iter().enumerate() {
            while self.exps[i] > 0 && rem_small(&self.num, p) == 0 && !self.num.is_empty() {
                div_small(&mut self.num, p);
                self.exps[i] -= 1;
            }
        }
        if self.num.is_empty() {
            self.exps = [0; 4];
        }
    }

    /// `p/q` in lowest terms (`0/1`, `1/1`).
    #[must_use]
    pub fn fraction(&self) -> String {
        let mut den = vec![1];
        for (&p, &e) in PRIMES.iter().zip(&self.exps) {
            for _ in 0..e {
                mul_small(&mut den, p);
            }
        }
        format!("{}/{}", decimal(&self.num), decimal(&den))
    }
}

fn mul_small(x: &mut Vec<u32>, k: u32) {
    let mut carry = 0u64;
    for limb in x.iter_mut() {
        let v = u64::from(*limb) * u64::from(k) + carry;
        *limb = v as u32;
        carry = v >> 32;
    }
    if carry > 0 {
        x.push(carry as u32);
    }
}

fn div_small(x: &mut Vec<u32>, k: u32) -> u32 {
    let mut rem = 0u64;
    for limb in x.iter_mut().rev() {
        let v = rem << 32 | u64::from(*limb);
        *limb = (v / u64::from(k)) as u32;
        rem = v % u64::from(k);
    }
    while x.last() == Some(&0) {
        x.pop();
    }
    rem as u32
}

fn rem_small(x: &[u32], k: u32) -> u32 {
    x.iter().rev().fold(0u64, |rem, &limb| (rem << 32 | u64::from(limb)) % u64::from(k)) as u32
}

fn add(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(a.len().max(b.len()) + 1);
    let mut carry = 0u64;
    for i in 0..a.len().max(b.len()) {
        let v = u64::from(*a.get(i).unwrap_or(&0)) + u64::from(*b.get(i).unwrap_or(&0)) + carry;
        out.push(v as u32);
        carry = v >> 32;
    }
    if carry > 0 {
        out.push(carry as u32);
    }
    out
}

fn decimal(x: &[u32]) -> String {
    if x.is_empty() {
        return "0".to_owned();
    }
    let mut x = x.to_vec();
    let mut chunks = Vec::new();
    while !x.is_empty() {
        chunks.push(div_small(&mut x, 1_000_000_000));
    }
    let mut text = chunks.pop().map(|c| c.to_string()).unwrap_or_default();
    for c in chunks.iter().rev() {
        text.push_str(&format!("{c:09}"));
    }
    text
}

/// The three probabilities: Alice wins, Bob wins, tie.
pub type Odds = [Prob; 3];

type Sides = [Vec<Minion>; 2];

/// The states already solved: the odds by sides and side to move.
type Memo = HashMap<(Sides, usize), Odds, BuildHasherDefault<FastHasher>>;

/// The memo's hasher, in the style of rustc's `FxHasher` (a rotation, an exclusive or and a
/// multiplication per value): its keys are the reference's own states, which need no defence
/// against chosen collisions, and std's `SipHash` over their dozens of fields was half of the
/// reference's time (`battle_boards`).
#[derive(Default)]
struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.write_u64(u64::from(value));
    }

    fn write_u32(&mut self, value: u32) {
        self.write_u64(u64::from(value));
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }
}

/// The exact odds of Alice's `alice` against Bob's `bob` (left to right).
///
/// # Panics
/// If a side is empty.
#[must_use]
pub fn odds(alice: &[Card], bob: &[Card]) -> Odds {
    assert!(!alice.is_empty() && !bob.is_empty());
    let sides: Sides =
        [alice.iter().copied().map(Minion::new).collect(), bob.iter().copied().map(Minion::new).collect()];
    let mut memo = Memo::default();
    match alice.len().cmp(&bob.len()) {
        std::cmp::Ordering::Greater => turn(&sides, 0, &mut memo),
        std::cmp::Ordering::Less => turn(&sides, 1, &mut memo),
        std::cmp::Ordering::Equal => {
            let (a, b) = (turn(&sides, 0, &mut memo), turn(&sides, 1, &mut memo));
            std::array::from_fn(|i| a[i].clone().over(2).add(&b[i].clone().over(2)))
        }
    }
}

/// The result once the battle is over, if it is.
fn over(sides: &Sides) -> Option<Odds> {
    let outcome = match (sides[0].is_empty(), sides[1].is_empty()) {
        (false, false) => return None,
        (false, true) => 0,
        (true, false) => 1,
        (true, true) => 2,
    };
    Some(std::array::from_fn(|i| if i == outcome { Prob::one() } else { Prob::zero() }))
}

/// The odds with `side` to move at the start of its turn.
fn turn(sides: &Sides, side: usize, memo: &mut Memo) -> Odds {
    if let Some(done) = over(sides) {
        return done;
    }
    if let Some(known) = memo.get(&(sides.clone(), side)) {
        return known.clone();
    }
    let attacker = |s: &[Minion]| {
        let mut best: Option<usize> = None;
        for (i, m) in s.iter().enumerate() {
            if m.card.attack > 0 && best.is_none_or(|b| m.turns < s[b].turns) {
                best = Some(i);
            }
        }
        best
    };
    let result = match attacker(&sides[side]) {
        None if attacker(&sides[1 - side]).is_none() => {
            std::array::from_fn(|i| if i == 2 { Prob::one() } else { Prob::zero() })
        }
        None => turn(sides, 1 - side, memo),
        Some(a) => {
            let mut sides = sides.clone();
            sides[side][a].turns += 1;
            attacks(&sides, side, a, true, memo)
        }
    };
    memo.insert((sides.clone(), side), result.clone());
    result
}

/// The attack of `side`'s minion at `a` (its first of the turn when `first`): every target, then
/// a windfury's second attack, then the other side's turn.
fn attacks(sides: &Sides, side: usize, a: usize, first: bool, memo: &mut Memo) -> Odds {
    let enemy = &sides[1 - side];
    let taunts: Vec<usize> = (0..enemy.len()).filter(|&i| enemy[i].card.taunt).collect();
    let targets: Vec<usize> = if taunts.is_empty() { (0..enemy.len()).collect() } else { taunts };
    let k = u32::try_from(targets.len()).expect("at most 7");
    let mut total: Odds = [Prob::zero(), Prob::zero(), Prob::zero()];
    for &t in &targets {
        let mut next = sides.clone();
        let (mut attacker, mut target) = (next[side][a], next[1 - side][t]);
        let (mut attacker_poisoned, mut target_poisoned) = (false, false);
        let before = (attacker, target);
        let spent_by_attacker = target.take(before.0.card.attack, &before.0, &mut target_poisoned);
        let spent_by_target = attacker.take(before.1.card.attack, &before.1, &mut attacker_poisoned);
        if spent_by_attacker {
            attacker.venomous = false;
        }
        if spent_by_target {
            target.venomous = false;
        }
        next[side][a] = attacker;
        next[1 - side][t] = target;
        let attacker_died = attacker.health <= 0 || attacker_poisoned;
        let target_died = target.health <= 0 || target_poisoned;
        // The dead leave; the reborn come back in their places.
        let mut attacker_at = Some(a);
        for (s, i, died) in [(side, a, attacker_died), (1 - side, t, target_died)] {
            if died {
                let m = next[s][i];
                if m.reborn {
                    let mut back = Minion::new(m.card);
                    back.reborn = false;
                    back.health = 1;
                    back.turns = m.turns;
                    next[s][i] = back;
                    if s == side {
                        attacker_at = None;
                    }
                } else {
                    next[s].remove(i);
                    if s == side {
                        attacker_at = None;
                    }
                }
            }
        }
        let value = if let Some(done) = over(&next) {
            done
        } else if let (true, true, Some(a)) = (first, attacker.card.windfury, attacker_at) {
            attacks(&next, side, a, false, memo)
        } else {
            turn(&next, 1 - side, memo)
        };
        for i in 0..3 {
            total[i] = total[i].add(&value[i].clone().over(k));
        }
    }
    total
}
