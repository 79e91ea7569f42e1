//! Large buffers of the host in anonymous mappings advised for transparent huge pages: a long
//! answer ([`crate::answer`]) and the scratch of a large `swiss` input ([`MappedScratch`]).
//! Their pages are faulted in as they are written, 2 MiB at a time where Linux grants huge
//! pages: a page fault costs about 3 µs on a virtual machine, and an 8 MB answer or a 1.6 MB
//! scratch in 4 KiB pages takes hundreds of them.

use memmap2::MmapMut;
use referee_core::scratch::{CapacityError, Scratch};

/// An anonymous mapping of `len` bytes (zeroed), advised for transparent huge pages where
/// Linux has them (the advice is only a hint: refused, the mapping is used as it is); `None`
/// when the system refuses the mapping.
///
/// # Complexity
/// `O(1)`: untouched pages cost nothing.
#[must_use]
pub fn huge_mapping(len: usize) -> Option<MmapMut> {
    let map = MmapMut::map_anon(len).ok()?;
    #[cfg(target_os = "linux")]
    let _ = map.advise(memmap2::Advice::HugePage);
    Some(map)
}

/// Scratch words in one mapping of the whole limit ([`huge_mapping`]): no copy when a solver
/// asks for more, and the words it touches faulted in by huge pages. For inputs known to be
/// large: a small one would pay a whole huge page (zeroing 2 MiB) for a few words.
#[derive(Debug)]
pub struct MappedScratch {
    map: MmapMut,
}

impl MappedScratch {
    /// Scratch of up to `limit` words in one mapping, or `None` if the system refuses it.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn with_limit(limit: usize) -> Option<Self> {
        Some(Self { map: huge_mapping(limit.checked_mul(4)?)? })
    }
}

impl Scratch for MappedScratch {
    fn words(&mut self, len: usize) -> Result<&mut [u32], CapacityError> {
        let capacity = self.map.len() / 4;
        let bytes = self.map.get_mut(..len.saturating_mul(4)).ok_or(CapacityError { needed: len, capacity })?;
        // A mapping starts on a page boundary, so its bytes are aligned for words.
        bytemuck::try_cast_slice_mut(bytes).map_err(|_| CapacityError { needed: len, capacity: 0 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mapped_scratch_keeps_its_words_and_refuses_beyond_its_limit() {
        let mut scratch = MappedScratch::with_limit(1 << 20).unwrap();
        scratch.words(10).unwrap().copy_from_slice(&[7; 10]);
        let more = scratch.words(1 << 20).unwrap();
        assert_eq!(more.len(), 1 << 20);
        assert_eq!(&more[..11], &[7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 0]);
        assert_eq!(scratch.words((1 << 20) + 1), Err(CapacityError { needed: (1 << 20) + 1, capacity: 1 << 20 }));
        assert!(MappedScratch::with_limit(usize::MAX).is_none());
    }
}
