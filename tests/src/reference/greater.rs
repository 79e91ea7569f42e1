//! The GreaterGame brute force, independent of the solver: every order of Snuke's cards against
//! every equally likely assignment of the unknown cards, counted exactly. Small `N` only
//! (`N! · u!` work).

use std::collections::BTreeSet;

/// One game: Snuke's cards and Sothe's turns (`None` = unknown).
#[derive(Clone, Debug)]
pub struct Game {
    /// Snuke's cards, in the order given.
    pub hand: Vec<u32>,
    /// Sothe's turns: a card, or `None` (−1) for an unknown one.
    pub sothe: Vec<Option<u32>>,
}

impl Game {
    /// The number of cards each player has.
    #[must_use]
    pub fn n(&self) -> usize {
        self.hand.len()
    }

    /// Sothe's cards that are not listed.
    #[must_use]
    pub fn unknown_cards(&self) -> Vec<u32> {
        let n = self.n() as u32;
        let listed: BTreeSet<u32> = self.hand.iter().copied().chain(self.sothe.iter().flatten().copied()).collect();
        (1..=2 * n).filter(|c| !listed.contains(c)).collect()
    }

    /// The game in the plain judge notation.
    #[must_use]
    pub fn plain(&self) -> String {
        let hand: Vec<String> = self.hand.iter().map(u32::to_string).collect();
        let sothe: Vec<String> = self.sothe.iter().map(|s| s.map_or("-1".into(), |c| c.to_string())).collect();
        format!("{}\n{}\n{}\n", self.n(), hand.join(" "), sothe.join(" "))
    }

    /// The game in TopCoder's braces notation.
    #[must_use]
    pub fn braces(&self) -> String {
        let hand: Vec<String> = self.hand.iter().map(u32::to_string).collect();
        let sothe: Vec<String> = self.sothe.iter().map(|s| s.map_or("-1".into(), |c| c.to_string())).collect();
        format!("{{{}}}\n{{{}}}\n", hand.join(", "), sothe.join(", "))
    }
}

/// Every permutation of `items` (Heap's algorithm), passed to `visit`.
pub fn permutations(items: &mut [u32], visit: &mut dyn FnMut(&[u32])) {
    fn heap(k: usize, items: &mut [u32], visit: &mut dyn FnMut(&[u32])) {
        if k <= 1 {
            visit(items);
            return;
        }
        for i in 0..k {
            heap(k - 1, items, visit);
            let j = if k.is_multiple_of(2) { i } else { 0 };
            if i + 1 < k {
                items.swap(j, k - 1);
            }
        }
    }
    heap(items.len(), items, visit);
}

/// `(p, q)` in lowest terms.
#[must_use]
pub fn reduced(p: u128, q: u128) -> (u128, u128) {
    fn gcd(a: u128, b: u128) -> u128 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let g = gcd(p, q).max(1);
    (p / g, q / g)
}

/// Every Sothe sequence the game allows (the unknown cards in every order), each equally likely.
#[must_use]
pub fn sothe_sequences(game: &Game) -> Vec<Vec<u32>> {
    let mut sequences = Vec::new();
    let mut unknown = game.unknown_cards();
    permutations(&mut unknown, &mut |order| {
        let mut next = order.iter();
        sequences.push(game.sothe.iter().map(|s| s.unwrap_or_else(|| *next.next().unwrap())).collect());
    });
    sequences
}

/// The brute force: the best order's total wins over all equally likely Sothe sequences,
/// divided by their number.
#[must_use]
pub fn brute_force(game: &Game) -> (u128, u128) {
    let sequences = sothe_sequences(game);
    let mut best = 0u128;
    let mut hand = game.hand.clone();
    permutations(&mut hand, &mut |order| {
        let total: u128 = sequences.iter().map(|s| order.iter().zip(s).filter(|(h, s)| h > s).count() as u128).sum();
        best = best.max(total);
    });
    reduced(best, sequences.len() as u128)
}
