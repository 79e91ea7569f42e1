//! One sort for the keeper's lists (the losses of a round, the seeds, the pairings, a report's
//! rows, the history of a file): a merge sort of indices through `&mut dyn FnMut`, compiled
//! once whatever the items (the page's module holds one sort, not one per type). Stable, so
//! that equal items keep their order; the lists are short (a player's matches, a round).

/// Sorts `items` by `less` (a strict order), stably.
///
/// # Complexity
/// O(n log n) comparisons, O(n) memory.
pub(crate) fn sort_by<T>(items: &mut Vec<T>, mut less: impl FnMut(&T, &T) -> bool) {
    let order = order(items.len(), &mut |a, b| less(&items[a], &items[b]));
    permute(items, &order);
}

/// Sorts `items` in ascending order, stably.
///
/// # Complexity
/// O(n log n) comparisons, O(n) memory.
pub(crate) fn sort<T: Ord>(items: &mut Vec<T>) {
    sort_by(items, |a, b| a < b);
}

/// Sorts `items` by the key `key` gives each (called once an item), stably.
///
/// # Complexity
/// O(n) calls of `key`, O(n log n) comparisons of keys, O(n) memory.
pub(crate) fn sort_by_cached_key<T, K: Ord>(items: &mut Vec<T>, key: impl FnMut(&T) -> K) {
    let keys: Vec<K> = items.iter().map(key).collect();
    let order = order(keys.len(), &mut |a, b| keys[a] < keys[b]);
    permute(items, &order);
}

/// The indices `0..n` in the order `less` (of two indices) sorts them, stably: a bottom-up merge
/// sort.
fn order(n: usize, less: &mut dyn FnMut(usize, usize) -> bool) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    let mut merged = Vec::with_capacity(n);
    let mut width = 1;
    while width < n {
        merged.clear();
        for start in (0..n).step_by(2 * width) {
            let middle = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut i, mut j) = (start, middle);
            while i < middle && j < end {
                // The right run's item first only when strictly less: stable.
                if less(order[j], order[i]) {
                    merged.push(order[j]);
                    j += 1;
                } else {
                    merged.push(order[i]);
                    i += 1;
                }
            }
            merged.extend_from_slice(&order[i..middle]);
            merged.extend_from_slice(&order[j..end]);
        }
        core::mem::swap(&mut order, &mut merged);
        width *= 2;
    }
    order
}

/// Rearranges `items` so that its `k`-th item is the `order[k]`-th before (`order` a permutation).
fn permute<T>(items: &mut Vec<T>, order: &[usize]) {
    let mut taken: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.iter().filter_map(|&i| taken.get_mut(i).and_then(Option::take)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sorts_agree_with_the_standard_library() {
        let mut seed = 12345u64;
        for n in 0..70 {
            let items: Vec<(u8, usize)> = (0..n)
                .map(|i| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    ((seed >> 60) as u8, i)
                })
                .collect();
            let mut ours = items.clone();
            sort_by(&mut ours, |a, b| a.0 < b.0);
            let mut theirs = items.clone();
            theirs.sort_by_key(|p| p.0);
            assert_eq!(ours, theirs);
            let mut ours = items.clone();
            sort_by_cached_key(&mut ours, |p| std::cmp::Reverse(p.0));
            let mut reversed = items.clone();
            reversed.sort_by_key(|p| std::cmp::Reverse(p.0));
            assert_eq!(ours, reversed);
            let mut ours = items.clone();
            sort(&mut ours);
            let mut theirs = items;
            theirs.sort_unstable();
            assert_eq!(ours, theirs);
        }
    }
}
