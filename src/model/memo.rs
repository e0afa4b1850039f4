//! A one-entry cache for a costly, pure intermediate result (a sorted ring, a
//! simulated day). A slider usually moves one parameter, so the last key is
//! the one asked for again. Results depend only on the key: a cached run and a
//! fresh one are identical.

use std::cell::RefCell;
use std::rc::Rc;

pub struct Memo<K, V> {
    slot: RefCell<Option<(K, Rc<V>)>>,
}

impl<K: PartialEq, V> Memo<K, V> {
    pub const fn new() -> Self {
        Memo {
            slot: RefCell::new(None),
        }
    }

    /// The value for `key`: the cached one, or `make()` (then cached).
    pub fn get_or(&self, key: K, make: impl FnOnce() -> V) -> Rc<V> {
        if let Some((k, v)) = &*self.slot.borrow() {
            if *k == key {
                return v.clone();
            }
        }
        let v = Rc::new(make());
        *self.slot.borrow_mut() = Some((key, v.clone()));
        v
    }
}

impl<K: PartialEq, V> Default for Memo<K, V> {
    fn default() -> Self {
        Self::new()
    }
}
