//! The exact distribution of the ends of a fight: one numerator an end ([`super::CLASSES`]:
//! a tie, Alice winning with survivors' tiers summing to `s`, Bob likewise) over one common
//! denominator `2^e2·3^e3·5^e5·7^e7`, in lowest terms after every division.

use super::super::outcome::{scaled, Numerator, TooWide, FACTORS, PRIMES};
use super::CLASSES;

/// The largest sum of survivors' tiers.
const MAX_SUM: usize = 49;

/// The end of class `class`: `None` for a tie, else the winner and its survivors' tier sum.
pub(super) fn class_end(class: usize) -> Option<(usize, u32)> {
    match class {
        1..=MAX_SUM => Some((0, u32::try_from(class).unwrap_or(0))),
        c if c > MAX_SUM && c < CLASSES => Some((1, u32::try_from(c - MAX_SUM).unwrap_or(0))),
        _ => None,
    }
}

/// The class of `winner` (0, 1) winning with survivors' tiers summing to `sum` (`1..=49`).
pub(super) fn class_of(winner: usize, sum: usize) -> usize {
    (winner.min(1) * MAX_SUM + sum.clamp(1, MAX_SUM)).min(CLASSES - 1)
}

/// A distribution of the ends: `num[c] / (2^exps[0]·3^exps[1]·5^exps[2]·7^exps[3])`; `mask`
/// has bit `c` set when `num[c]` may be non-zero (the ends to visit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Dist<N> {
    pub num: [N; CLASSES],
    pub mask: u128,
    pub exps: [u16; 4],
}

impl<N: Numerator> Dist<N> {
    /// The empty sum.
    pub const ZERO: Self = Self { num: [N::ZERO; CLASSES], mask: 0, exps: [0; 4] };

    /// Adds the certain end `class`.
    ///
    /// # Errors
    /// [`TooWide`] when the numerators overflow.
    #[inline]
    pub fn add_certain(&mut self, class: usize) -> Result<(), TooWide> {
        let one = scaled(N::ONE, [0; 4], self.exps)?;
        let slot = self.num.get_mut(class).ok_or(TooWide)?;
        *slot = slot.checked_add(one).ok_or(TooWide)?;
        self.mask |= 1 << class;
        Ok(())
    }

    /// Adds the ends of `class` and numerators `nums` over `exps`.
    ///
    /// # Errors
    /// [`TooWide`] when the numerators overflow.
    pub fn add_parts(
        &mut self,
        exps: [u16; 4],
        parts: impl Iterator<Item = (usize, N)> + Clone,
    ) -> Result<(), TooWide> {
        let mut common = self.exps;
        for (e, &f) in common.iter_mut().zip(&exps) {
            *e = (*e).max(f);
        }
        if common != self.exps {
            let mut mask = self.mask;
            while mask != 0 {
                let c = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                if let Some(slot) = self.num.get_mut(c) {
                    *slot = scaled(*slot, self.exps, common)?;
                }
            }
            self.exps = common;
        }
        let same = exps == common;
        for (c, n) in parts {
            let slot = self.num.get_mut(c).ok_or(TooWide)?;
            let n = if same { n } else { scaled(n, exps, common)? };
            *slot = slot.checked_add(n).ok_or(TooWide)?;
            self.mask |= 1 << c;
        }
        Ok(())
    }

    /// Adds `other`.
    ///
    /// # Errors
    /// [`TooWide`] when the numerators overflow.
    #[inline]
    pub fn add(&mut self, other: &Self) -> Result<(), TooWide> {
        if other.mask == 0 {
            return Ok(());
        }
        if self.mask == 0 {
            // Every numerator of an empty sum is 0 (only the mask's ends are ever set): copy
            // the other's ends, not all of its numerators.
            let mut mask = other.mask;
            while mask != 0 {
                let c = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                if let (Some(slot), Some(&n)) = (self.num.get_mut(c), other.num.get(c)) {
                    *slot = n;
                }
            }
            self.mask = other.mask;
            self.exps = other.exps;
            return Ok(());
        }
        self.add_parts(other.exps, other.parts())
    }

    /// The non-zero ends: class and numerator.
    pub fn parts(&self) -> impl Iterator<Item = (usize, N)> + Clone + '_ {
        Mask(self.mask).filter_map(|c| self.num.get(c).map(|&n| (c, n)))
    }

    /// Divides by `k` (`1..=7` equally likely choices) and reduces to lowest terms.
    ///
    /// # Errors
    /// [`TooWide`] when an exponent passes `u16`.
    pub fn over(&mut self, k: usize) -> Result<(), TooWide> {
        let factors = FACTORS.get(k).ok_or(TooWide)?;
        for (e, &f) in self.exps.iter_mut().zip(factors) {
            *e = e.checked_add(f).ok_or(TooWide)?;
        }
        self.reduce();
        Ok(())
    }

    /// Divides out every prime of the denominator that divides every numerator.
    fn reduce(&mut self) {
        let mut twos = u32::from(self.exps[0]);
        for (_, n) in self.parts() {
            twos = twos.min(n.trailing_zeros());
        }
        if twos > 0 {
            let mut mask = self.mask;
            while mask != 0 {
                let c = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                if let Some(slot) = self.num.get_mut(c) {
                    *slot = slot.shr(twos);
                }
            }
            self.exps[0] -= u16::try_from(twos).unwrap_or(0);
        }
        for (p, &prime) in PRIMES.iter().enumerate().skip(1) {
            while self.exps[p] > 0 && self.parts().all(|(_, n)| n.rem_u64(prime) == 0) {
                let mut mask = self.mask;
                while mask != 0 {
                    let c = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    if let Some(slot) = self.num.get_mut(c) {
                        *slot = slot.div_u64(prime);
                    }
                }
                self.exps[p] -= 1;
            }
        }
    }

    /// The same distribution in a wider numerator.
    pub fn widen<M: Numerator>(&self, widen: impl Fn(N) -> M) -> Dist<M> {
        let mut out = Dist::<M>::ZERO;
        for (c, n) in self.parts() {
            if let Some(slot) = out.num.get_mut(c) {
                *slot = widen(n);
            }
        }
        out.mask = self.mask;
        out.exps = self.exps;
        out
    }
}

/// The set bits of a mask, lowest first.
#[derive(Clone, Copy)]
pub(super) struct Mask(pub u128);

impl Iterator for Mask {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let c = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_round_trip() {
        assert_eq!(class_end(0), None);
        for winner in 0..2 {
            for sum in 1..=49u32 {
                assert_eq!(class_end(class_of(winner, sum as usize)), Some((winner, sum)));
            }
        }
    }

    #[test]
    fn sums_reduce() {
        let mut half = Dist::<u128>::ZERO;
        half.add_certain(3).unwrap();
        half.add_certain(3).unwrap();
        half.over(4).unwrap();
        assert_eq!((half.num[3], half.exps), (1, [1, 0, 0, 0]));
        let mut third = Dist::<u128>::ZERO;
        third.add_certain(0).unwrap();
        third.over(3).unwrap();
        let mut sum = half;
        sum.add(&third).unwrap();
        sum.over(1).unwrap();
        assert_eq!((sum.num[3], sum.num[0], sum.exps), (3, 2, [1, 1, 0, 0]));
    }
}
