//! Working memory for the solvers, supplied by the caller.
//!
//! A solver asks for a slice of `u32` words sized for the input it is about to solve. A fixed
//! slice (`[u32]`, e.g. a `static` buffer in firmware) refuses requests larger than itself with
//! a capacity error; with the `alloc` feature, `HeapScratch` grows up to a stated limit.

use core::fmt;

/// Memory the solvers borrow as `u32` words.
pub trait Scratch {
    /// A slice of exactly `len` words, or a capacity error naming how many words were needed
    /// and how many this scratch holds. The contents are unspecified, except that the words
    /// of the previous successful call keep their values up to the shorter of the two lengths
    /// (so a reader can grow what it holds: [`grow`]); every implementation must keep them.
    ///
    /// # Errors
    /// [`CapacityError`] when `len` words are not available.
    fn words(&mut self, len: usize) -> Result<&mut [u32], CapacityError>;
}

/// A request for more scratch words than the caller's memory holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CapacityError {
    /// Words the solver needed for this input (`usize::MAX` when even the count overflows).
    pub needed: usize,
    /// Words the scratch holds (or may grow to).
    pub capacity: usize,
}

impl CapacityError {
    /// A request of `needed` words that does not even fit a `usize`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn unrepresentable(capacity: usize) -> Self {
        Self { needed: usize::MAX, capacity }
    }
}

impl fmt::Display for CapacityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "needs {} scratch words but holds {}", self.needed, self.capacity)
    }
}

impl core::error::Error for CapacityError {}

/// Grows the words `scratch` holds for a reader (their contents kept) to at least `needed`,
/// with `spare` more when it can have them (fewer calls as a stream goes on); returns how many
/// words it holds now.
///
/// # Errors
/// [`CapacityError`] when even `needed` words are not available.
///
/// # Complexity
/// That of one or two calls of [`Scratch::words`].
pub fn grow(scratch: &mut (impl Scratch + ?Sized), needed: usize, spare: usize) -> Result<usize, CapacityError> {
    if let Ok(words) = scratch.words(needed.saturating_add(spare)) {
        return Ok(words.len());
    }
    scratch.words(needed).map(|words| words.len())
}

/// The capacity error for a request of `needed` words from a store of `capacity` words.
const fn too_small(needed: usize, capacity: usize) -> CapacityError {
    CapacityError { needed, capacity }
}

impl Scratch for [u32] {
    fn words(&mut self, len: usize) -> Result<&mut [u32], CapacityError> {
        let capacity = self.len();
        self.get_mut(..len).ok_or_else(|| too_small(len, capacity))
    }
}

/// Growable scratch memory on the heap, capped at a limit (words).
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
#[derive(Clone, Debug)]
pub struct HeapScratch {
    words: alloc::vec::Vec<u32>,
    limit: usize,
}

#[cfg(feature = "alloc")]
impl HeapScratch {
    /// The default limit: 16 Mi words (64 MiB).
    pub const DEFAULT_LIMIT: usize = 16 << 20;

    /// Empty scratch that will grow up to `limit` words.
    ///
    /// # Complexity
    /// `O(1)`; nothing is allocated until words are asked for.
    #[must_use]
    pub const fn with_limit(limit: usize) -> Self {
        Self { words: alloc::vec::Vec::new(), limit }
    }
}

#[cfg(feature = "alloc")]
impl Default for HeapScratch {
    fn default() -> Self {
        Self::with_limit(Self::DEFAULT_LIMIT)
    }
}

#[cfg(feature = "alloc")]
impl Scratch for HeapScratch {
    fn words(&mut self, len: usize) -> Result<&mut [u32], CapacityError> {
        if len > self.limit {
            return Err(too_small(len, self.limit));
        }
        if len > self.words.len() {
            let extra = len - self.words.len();
            self.words.try_reserve_exact(extra).map_err(|_| too_small(len, self.words.len()))?;
            self.words.resize(len, 0);
        }
        Ok(&mut self.words[..len])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_scratch_refuses_more_than_it_holds() {
        let mut buf = [0u32; 8];
        let scratch: &mut [u32] = &mut buf[..];
        assert_eq!(scratch.words(8).map(|w| w.len()), Ok(8));
        assert_eq!(scratch.words(9), Err(CapacityError { needed: 9, capacity: 8 }));
    }

    #[test]
    fn growing_keeps_the_words_held() {
        let mut buf = [0u32; 8];
        let scratch: &mut [u32] = &mut buf[..];
        assert_eq!(grow(scratch, 2, 2), Ok(4));
        scratch.words(2).unwrap().copy_from_slice(&[7, 9]);
        assert_eq!(grow(scratch, 6, 100), Ok(6));
        assert_eq!(scratch.words(6).unwrap()[..2], [7, 9]);
        assert_eq!(grow(scratch, 9, 0), Err(CapacityError { needed: 9, capacity: 8 }));
        #[cfg(feature = "alloc")]
        {
            let mut heap = HeapScratch::with_limit(100);
            heap.words(3).unwrap().copy_from_slice(&[1, 2, 3]);
            assert_eq!(grow(&mut heap, 50, 60), Ok(50));
            assert_eq!(heap.words(50).unwrap()[..3], [1, 2, 3]);
        }
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn heap_scratch_grows_to_its_limit() {
        let mut heap = HeapScratch::with_limit(100);
        assert_eq!(heap.words(10).map(|w| w.len()), Ok(10));
        assert_eq!(heap.words(100).map(|w| w.len()), Ok(100));
        assert!(heap.words(101).is_err());
    }
}
