//! A small cache for costly, pure intermediate results (a sorted ring, a
//! simulated day). A slider usually moves one parameter, so recent keys are
//! the ones asked for again. Results depend only on the key: a cached run and
//! a fresh one are identical.

use std::cell::RefCell;
use std::rc::Rc;

pub struct Memo<K, V> {
    /// Most recently used last.
    slots: RefCell<Vec<(K, Rc<V>)>>,
    capacity: usize,
}

impl<K: PartialEq, V> Memo<K, V> {
    /// Keeps the last result only.
    pub const fn new() -> Self {
        Self::with_capacity(1)
    }

    /// Keeps the `capacity` most recently used results.
    pub const fn with_capacity(capacity: usize) -> Self {
        Memo {
            slots: RefCell::new(Vec::new()),
            capacity,
        }
    }

    /// Whether `key`'s value is cached (asking does not make it recent).
    pub fn has(&self, key: &K) -> bool {
        self.slots.borrow().iter().any(|(k, _)| k == key)
    }

    /// The value for `key`: a cached one, or `make()` (then cached, the least
    /// recently used entry making room).
    pub fn get_or(&self, key: K, make: impl FnOnce() -> V) -> Rc<V> {
        let mut slots = self.slots.borrow_mut();
        if let Some(i) = slots.iter().position(|(k, _)| *k == key) {
            let hit = slots.remove(i);
            let v = hit.1.clone();
            slots.push(hit);
            return v;
        }
        drop(slots);
        let v = Rc::new(make());
        let mut slots = self.slots.borrow_mut();
        if slots.len() >= self.capacity.max(1) {
            slots.remove(0);
        }
        slots.push((key, v.clone()));
        v
    }
}

impl<K: PartialEq, V> Default for Memo<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_most_recent_entries() {
        let m: Memo<u32, u32> = Memo::with_capacity(2);
        let mut made = 0;
        for k in [1, 2, 1, 3, 1, 2] {
            m.get_or(k, || {
                made += 1;
                k * 10
            });
        }
        // 1, 2 made; 1 hit; 3 made (evicts 2); 1 hit; 2 made again.
        assert_eq!(made, 4);
        assert_eq!(*m.get_or(1, || 0), 10);
    }
}
