//! Sorting a few items (a page's figures and controls, a set's members): a
//! stable insertion sort. The standard library's stable sort is about 4 KB
//! of code per element type in the browser's size-optimized build; this is
//! a few hundred bytes. Quadratic: for lists of tens, never an engine's.

use std::cmp::Ordering;

/// Sorts `items` by `cmp`, stably: items that compare equal keep their order.
pub fn sort_by<T>(items: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && cmp(&items[j - 1], &items[j]) == Ordering::Greater {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorts `items` by `key`, stably.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn sorts_as_the_standard_stable_sort(xs in proptest::collection::vec((0u8..6, any::<u16>()), 0..60)) {
            let mut want = xs.clone();
            want.sort_by_key(|x| x.0);
            let mut got = xs.clone();
            sort_by_key(&mut got, |x| x.0);
            prop_assert_eq!(&got, &want);
            let mut words: Vec<String> = xs.iter().map(|x| format!("{}", x.1 % 50)).collect();
            let mut std_words = words.clone();
            std_words.sort();
            sort_by(&mut words, |a, b| a.cmp(b));
            prop_assert_eq!(words, std_words);
        }
    }
}
