//! The Swiss-system brute force, independent of the solver: every statistic of every player
//! recomputed from the whole match history after each round, with its own fraction type.
#![allow(clippy::cast_possible_truncation)]

use std::fmt::Write as _;

use referee_core::swiss::{self, MatchResult};
use referee_core::{Fraction, HeapScratch};

/// A plain non-negative fraction, reduced after every operation (the reference's own type).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Frac(pub i128, pub i128);

impl Frac {
    /// `n / d` in lowest terms.
    #[must_use]
    pub fn new(n: i128, d: i128) -> Self {
        fn gcd(a: i128, b: i128) -> i128 {
            if b == 0 {
                a.abs()
            } else {
                gcd(b, a % b)
            }
        }
        let g = gcd(n, d);
        Frac(n / g, d / g)
    }
    /// The sum.
    #[must_use]
    pub fn plus(self, o: Frac) -> Frac {
        Frac::new(self.0 * o.1 + o.0 * self.1, self.1 * o.1)
    }
    /// Divided by `k`.
    #[must_use]
    pub fn div_int(self, k: i128) -> Frac {
        Frac::new(self.0, self.1 * k)
    }
    /// The larger of the two.
    #[must_use]
    pub fn max(self, o: Frac) -> Frac {
        if self.0 * o.1 >= o.0 * self.1 {
            self
        } else {
            o
        }
    }
}

/// The ten legal results `w1 w2 d`.
pub const RESULTS: [(u32, u32, u32); 10] =
    [(2, 0, 0), (0, 2, 0), (2, 1, 0), (1, 2, 0), (2, 0, 1), (0, 2, 1), (1, 1, 1), (1, 0, 2), (0, 1, 2), (0, 0, 3)];

/// One match: players `(p1, p2)` (0-based) and the result `w1 w2 d`.
pub type Match = (usize, usize, u32, u32, u32);

/// One tournament: `rounds[r]` lists the matches `(p1, p2, w1, w2, d)` of round r (0-based ids).
pub struct Tournament {
    /// Players (ids `0..n`).
    pub n: usize,
    /// The matches of each round.
    pub rounds: Vec<Vec<Match>>,
}

impl Tournament {
    /// The tournament as one judge test case (without the leading `T`).
    pub fn judge_input(&self, out: &mut String) {
        writeln!(out, "{} {}", self.n, self.rounds.len()).unwrap();
        let counts: Vec<String> = self.rounds.iter().map(|r| r.len().to_string()).collect();
        writeln!(out, "{}", counts.join(" ")).unwrap();
        for round in &self.rounds {
            for &(a, b, w1, w2, d) in round {
                writeln!(out, "{} {} {w1} {w2} {d}", a + 1, b + 1).unwrap();
            }
        }
    }

    /// The standings after every round, recomputing every statistic from the full history.
    #[must_use]
    pub fn brute_force(&self) -> Vec<Vec<Row>> {
        let mut standings = Vec::new();
        for r in 1..=self.rounds.len() {
            let history = &self.rounds[..r];
            // Per player: (match points, game points, games, opponents in order).
            let stats = |p: usize| -> (i128, i128, i128, Vec<usize>) {
                let (mut mp, mut gp, mut games, mut opps) = (0, 0, 0, Vec::new());
                for round in history {
                    let mut played = false;
                    for &(a, b, w1, w2, d) in round {
                        let (mine, theirs, other) = if a == p {
                            (w1, w2, b)
                        } else if b == p {
                            (w2, w1, a)
                        } else {
                            continue;
                        };
                        played = true;
                        mp += match mine.cmp(&theirs) {
                            std::cmp::Ordering::Greater => 3,
                            std::cmp::Ordering::Equal => 1,
                            std::cmp::Ordering::Less => 0,
                        };
                        gp += i128::from(3 * mine + d);
                        games += i128::from(w1 + w2 + d);
                        opps.push(other);
                    }
                    if !played {
                        mp += 3;
                        gp += 6;
                        games += 2;
                    }
                }
                (mp, gp, games, opps)
            };
            let third = Frac::new(1, 3);
            let all: Vec<_> = (0..self.n).map(stats).collect();
            let mw: Vec<Frac> = all.iter().map(|s| Frac::new(s.0, 3 * r as i128).max(third)).collect();
            let gw: Vec<Frac> = all.iter().map(|s| Frac::new(s.1, 3 * s.2).max(third)).collect();
            let round = all
                .iter()
                .enumerate()
                .map(|(p, s)| {
                    let average = |values: &[Frac]| {
                        if s.3.is_empty() {
                            third
                        } else {
                            s.3.iter().fold(Frac(0, 1), |acc, &o| acc.plus(values[o])).div_int(s.3.len() as i128)
                        }
                    };
                    Row { mp: s.0, omw: average(&mw), gw: gw[p], ogw: average(&gw) }
                })
                .collect();
            standings.push(round);
        }
        standings
    }

    /// The standings after every round from the typed [`swiss::Tournament`], in the
    /// reference's terms.
    pub fn typed(&self, scratch: &mut HeapScratch) -> Vec<Vec<Row>> {
        let n = u32::try_from(self.n).unwrap();
        let mut event = swiss::Tournament::new(n, self.rounds.len() as u32, scratch).unwrap();
        let mut standings: Vec<Vec<Row>> = Vec::new();
        let now = |event: &swiss::Tournament<'_>| {
            (0..n).map(|p| Row::of(event.standing(swiss::PlayerId::new(p)).unwrap())).collect()
        };
        let mut finished: Vec<Row> = now(&event);
        for round in &self.rounds {
            event.start_round().unwrap();
            for &(a, b, w1, w2, d) in round {
                let result = MatchResult::new(w1 as u8, w2 as u8, d as u8).unwrap();
                event.record(swiss::PlayerId::new(a as u32), swiss::PlayerId::new(b as u32), result).unwrap();
            }
            // While the round is open, the standings are still those of the last finished one.
            assert_eq!(now(&event), finished, "the open round's matches count before it is finished");
            event.finish_round().unwrap();
            finished = now(&event);
            standings.push(finished.clone());
        }
        standings
    }
}

/// One player's standing in the reference's terms.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Row {
    /// Match points.
    pub mp: i128,
    /// Opponents' match-win average.
    pub omw: Frac,
    /// Game-win percentage.
    pub gw: Frac,
    /// Opponents' game-win average.
    pub ogw: Frac,
}

impl Row {
    /// The typed solver's standing in these terms.
    #[must_use]
    pub fn of(standing: swiss::Standing) -> Self {
        let frac = |f: Fraction| Frac(i128::try_from(f.numer()).unwrap(), i128::try_from(f.denom()).unwrap());
        Self {
            mp: i128::from(standing.match_points),
            omw: frac(standing.omw),
            gw: frac(standing.gw),
            ogw: frac(standing.ogw),
        }
    }
}

/// The judge answer of `standings`: `Round r`, then `MP OMW GW OGW` per player.
pub fn judge_text(standings: &[Vec<Row>], out: &mut String) {
    for (r, round) in standings.iter().enumerate() {
        writeln!(out, "Round {}", r + 1).unwrap();
        for row in round {
            let Row { mp, omw, gw, ogw } = row;
            writeln!(out, "{mp} {}/{} {}/{} {}/{}", omw.0, omw.1, gw.0, gw.1, ogw.0, ogw.1).unwrap();
        }
    }
}
