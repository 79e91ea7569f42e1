//! How the exact game searches (`tavern`, `battle`) cache the states they have solved: a heap
//! memo, or a fixed transposition table in the caller's scratch words. One choice for both, so
//! a firmware author and the command line pick it the same way for either problem.

/// The default transposition table of the fixed strategy: 36 352 words, exactly 142 KiB.
pub const DEFAULT_TABLE_WORDS: usize = 142 * 256;

/// How a search caches states. The default, with or without the `alloc` feature, is
/// [`Strategy::Fixed`] with [`DEFAULT_TABLE_WORDS`]: the firmware's strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Strategy {
    /// Every state in a heap memo (`hashbrown`); needs the `alloc` feature.
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    Memo,
    /// A transposition table of `table_words` scratch words (besides what the problem's search
    /// needs anyway); no heap. Fewer words than one bucket of the problem's table means no
    /// table: a plain depth-first search, still exact.
    Fixed {
        /// Scratch words of the table; whole buckets are used.
        table_words: usize,
    },
}

impl Strategy {
    /// [`Strategy::Fixed`] with [`DEFAULT_TABLE_WORDS`]: the default, usable in const context.
    pub const DEFAULT: Self = Self::Fixed { table_words: DEFAULT_TABLE_WORDS };

    /// Scratch words of the table: `table_words` for [`Strategy::Fixed`], none for the memo.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub const fn table_words(self) -> usize {
        match self {
            #[cfg(feature = "alloc")]
            Self::Memo => 0,
            Self::Fixed { table_words } => table_words,
        }
    }
}

impl Default for Strategy {
    /// [`Strategy::Fixed`] with [`DEFAULT_TABLE_WORDS`], whatever the features.
    fn default() -> Self {
        Self::DEFAULT
    }
}
