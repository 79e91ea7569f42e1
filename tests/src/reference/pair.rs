//! `pair`, literally: every pairing of the players still in, the least `(R, B, Y, C)`.

use crate::event::{Entry, Tourney};

/// What the objective needs of each player after the event's rounds (0-based players).
#[derive(Clone, Debug)]
pub struct State {
    /// The players to pair: those with a row in the last round (everyone before round 1).
    pub active: Vec<usize>,
    /// Match points: 3 a won match or bye, 1 a draw.
    pub points: Vec<u64>,
    /// Whether the player has had a bye.
    pub had_bye: Vec<bool>,
    /// `met[a][b]`: a and b have played a match.
    pub met: Vec<Vec<bool>>,
}

impl State {
    /// The state after every round of `t`.
    #[must_use]
    pub fn of(t: &Tourney) -> Self {
        let n = t.n;
        let mut points = vec![0; n];
        let mut had_bye = vec![false; n];
        let mut met = vec![vec![false; n]; n];
        for round in &t.rounds {
            for &entry in round {
                match entry {
                    Entry::Bye(p) => {
                        points[p] += 3;
                        had_bye[p] = true;
                    }
                    Entry::Match(a, b, w1, w2, _) => {
                        let (pa, pb) = match w1.cmp(&w2) {
                            std::cmp::Ordering::Greater => (3, 0),
                            std::cmp::Ordering::Less => (0, 3),
                            std::cmp::Ordering::Equal => (1, 1),
                        };
                        points[a] += pa;
                        points[b] += pb;
                        met[a][b] = true;
                        met[b][a] = true;
                    }
                }
            }
        }
        let active = match t.rounds.last() {
            None => (0..n).collect(),
            Some(last) => (0..n).filter(|&p| last.iter().any(|e| e.has(p))).collect(),
        };
        Self { active, points, had_bye, met }
    }

    /// The `(R, B, Y, C)` of a pairing: `matches` of players and the `bye`.
    #[must_use]
    pub fn objective(&self, matches: &[(usize, usize)], bye: Option<usize>) -> (u64, u64, u64, u64) {
        let rematches = matches.iter().filter(|&&(a, b)| self.met[a][b]).count() as u64;
        let cost = matches.iter().map(|&(a, b)| self.points[a].abs_diff(self.points[b]).pow(2)).sum();
        let (second, points) = bye.map_or((0, 0), |p| (u64::from(self.had_bye[p]), self.points[p]));
        (rematches, second, points, cost)
    }

    /// The least objective over every pairing of the active players (exhaustive: `(n−1)!!`
    /// pairings, times `n` choices of the bye for odd `n`).
    #[must_use]
    pub fn optimum(&self) -> (u64, u64, u64, u64) {
        let players = &self.active;
        let mut best = (u64::MAX, u64::MAX, u64::MAX, u64::MAX);
        if players.len() % 2 == 1 {
            for (i, &bye) in players.iter().enumerate() {
                let mut rest = players.clone();
                rest.remove(i);
                self.search(&mut rest, &mut Vec::new(), Some(bye), &mut best);
            }
        } else {
            self.search(&mut players.clone(), &mut Vec::new(), None, &mut best);
        }
        best
    }

    /// Every perfect matching of `left`, extending `chosen`.
    fn search(
        &self,
        left: &mut Vec<usize>,
        chosen: &mut Vec<(usize, usize)>,
        bye: Option<usize>,
        best: &mut (u64, u64, u64, u64),
    ) {
        if left.is_empty() {
            *best = (*best).min(self.objective(chosen, bye));
            return;
        }
        let a = left.remove(0);
        for i in 0..left.len() {
            let b = left.remove(i);
            chosen.push((a, b));
            self.search(left, chosen, bye, best);
            chosen.pop();
            left.insert(i, b);
        }
        left.insert(0, a);
    }
}
