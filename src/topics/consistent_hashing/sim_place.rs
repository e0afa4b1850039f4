//! Placements kept and updated. Where family `j` sits among cards `0..n`
//! depends on `j`'s key, the scheme and `n` only (not on how many families
//! there are, unless a load bound applies), so a placement is kept per size
//! for families `0..len` (a power of two, extended when more are asked for),
//! and a new size is reached from the nearest kept one by moving only the
//! families the change moves: when the fleet grows, the new cards take over
//! some families and no other family moves; when it shrinks, only the
//! removed cards' families move (true of the ring, jump hash and rendezvous;
//! modulo is placed afresh, which is cheap). Jump hash and the ring find the
//! families that move from an index (the families by the buckets their keys
//! visit; the keys in order around the circle), so a move of a few cards
//! touches only the families it moves. The result is the placement a fresh
//! run computes, family for family (tested below).

use super::model::{card_hash, jump, jump_records, key, weight};
use super::model_ring::Ring;
use std::cell::RefCell;
use std::rc::Rc;

/// An unbounded scheme, with what it places by.
#[derive(Clone)]
pub(super) enum Way {
    Modulo,
    Jump,
    Rendezvous,
    /// The ring with `vnodes` points a card, and a table of at least the
    /// sizes asked for (a larger table places the same).
    Ring {
        vnodes: usize,
        table: Rc<Ring>,
    },
}

impl Way {
    /// Placements of one way can be reached from one another.
    fn same(&self, other: &Way) -> bool {
        match (self, other) {
            (Way::Ring { vnodes: a, .. }, Way::Ring { vnodes: b, .. }) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }
}

/// Every family's card among cards `0..n`, for families `0..owner.len()`.
pub(super) struct Placement {
    pub(super) n: usize,
    pub(super) owner: Vec<u32>,
    /// Rendezvous: each family's winning weight (empty for the others).
    aux: Vec<u64>,
}

impl Placement {
    /// A placement made elsewhere (bounded load), not to be moved.
    pub(super) fn of(n: usize, owner: Vec<u32>) -> Placement {
        Placement {
            n,
            owner,
            aux: Vec::new(),
        }
    }
}

thread_local! {
    /// Recent placements, most recently used last.
    static KEPT: RefCell<Vec<(Way, Rc<Placement>)>> = const { RefCell::new(Vec::new()) };
    /// Families `0..len` in key order.
    static ORDER: RefCell<Rc<KeyOrder>> = RefCell::new(Rc::new(KeyOrder::of(0)));
    /// Families `0..len` by the buckets jump hash visits for them.
    static VISITS: RefCell<Rc<Visits>> = RefCell::new(Rc::new(Visits::of(0, 0)));
}

/// Placements kept at once: the two sizes of the page, the two of a
/// comparison's other side, and room for a slider's last positions.
const KEEP: usize = 6;

/// The placement of families `0..f` (at least) on cards `0..n` by `way`.
pub(super) fn placement(way: &Way, n: usize, f: usize) -> Rc<Placement> {
    let found = KEPT.with(|k| {
        let mut kept = k.borrow_mut();
        let fits = |(w, p): &(Way, Rc<Placement>)| w.same(way) && p.owner.len() >= f;
        if let Some(i) = kept.iter().position(|e| fits(e) && e.1.n == n) {
            let hit = kept.remove(i);
            kept.push(hit);
            return Ok(kept[kept.len() - 1].1.clone());
        }
        let near = kept
            .iter()
            .filter(|e| fits(e))
            .min_by_key(|e| e.1.n.abs_diff(n))
            .map(|e| e.1.clone());
        Err(near)
    });
    let near = match found {
        Ok(p) => return p,
        Err(near) => near,
    };
    let made = Rc::new(match (near, way) {
        (Some(p), Way::Jump | Way::Rendezvous | Way::Ring { .. }) => moved_to(way, &p, n),
        // Modulo is placed afresh every time: for the families asked for.
        (_, Way::Modulo) => fresh(way, n, f),
        _ => fresh(way, n, f.next_power_of_two()),
    });
    KEPT.with(|k| {
        let mut kept = k.borrow_mut();
        if kept.len() >= KEEP {
            kept.remove(0);
        }
        kept.push((way.clone(), made.clone()));
    });
    made
}

/// Families `0..len` placed on cards `0..n` from scratch.
fn fresh(way: &Way, n: usize, len: usize) -> Placement {
    let mut owner = Vec::with_capacity(len);
    let mut aux = Vec::new();
    match way {
        Way::Modulo => owner.extend((0..len).map(|j| (key(j) % n as u64) as u32)),
        Way::Ring { table, .. } => owner.extend((0..len).map(|j| table.owner(key(j), n) as u32)),
        Way::Jump => owner.extend((0..len).map(|j| jump(key(j), n).0)),
        Way::Rendezvous => {
            let hashes: Vec<u64> = (0..n).map(card_hash).collect();
            for j in 0..len {
                let (c, w) = best(key(j), &hashes, 0);
                owner.push(c);
                aux.push(w);
            }
        }
    }
    Placement { n, owner, aux }
}

/// `p` moved to `n` cards: a grown fleet's new cards take their families, a
/// shrunk fleet's removed cards give theirs up.
fn moved_to(way: &Way, p: &Placement, n: usize) -> Placement {
    let mut q = Placement {
        n,
        owner: p.owner.clone(),
        aux: p.aux.clone(),
    };
    let grows = n > p.n;
    let hashes: Vec<u64> = match way {
        Way::Rendezvous => (0..n.max(p.n)).map(card_hash).collect(),
        _ => Vec::new(),
    };
    match way {
        Way::Ring { table, .. } => {
            ring_resize(table, p.n, &mut q);
            return q;
        }
        Way::Jump => {
            jump_resize(p.n, &mut q);
            return q;
        }
        _ => {}
    }
    for j in 0..q.owner.len() {
        let gone = q.owner[j] as usize >= n;
        match way {
            Way::Rendezvous if grows => {
                let (c, w) = best(key(j), &hashes[..n], p.n);
                if w > q.aux[j] {
                    (q.owner[j], q.aux[j]) = (c, w);
                }
            }
            Way::Rendezvous if gone => {
                (q.owner[j], q.aux[j]) = best(key(j), &hashes[..n], 0);
            }
            _ => {}
        }
    }
    q
}

/// Jump hash resized from `from` cards to `q.n`. A family's card at size
/// `n` is the last bucket its key visits below `n`, so growing moves just
/// the families that visit a bucket of `from..n` (each to the last such), and
/// shrinking just those on a removed card, which visited one of `n..from`.
fn jump_resize(from: usize, q: &mut Placement) {
    let (n, len) = (q.n, q.owner.len());
    let visits = jump_visits(len, from.max(n));
    if n > from {
        for c in from..n {
            for &f in visits.of_bucket(c, len) {
                q.owner[f as usize] = c as u32;
            }
        }
    } else {
        for c in n..from {
            for &f in visits.of_bucket(c, len) {
                let o = &mut q.owner[f as usize];
                if *o as usize >= n {
                    *o = jump(key(f as usize), n).0;
                }
            }
        }
    }
}

/// Families `0..len` by the buckets jump hash visits for their keys below
/// `n_max` (bucket 0, which every key visits first, left out): the families
/// listed under bucket `c` are those whose card changes as the fleet grows
/// from `c` cards to `c + 1`.
struct Visits {
    len: usize,
    n_max: usize,
    /// Where each bucket's families start in `fams` (one more: the end).
    starts: Vec<u32>,
    fams: Vec<u32>,
}

impl Visits {
    fn of(len: usize, n_max: usize) -> Visits {
        // Every family's buckets, then the families sorted by bucket
        // (counting sort): about 7 buckets a family below 512.
        let (mut rec, mut flat, mut ends) = (Vec::new(), Vec::new(), Vec::with_capacity(len));
        let mut count = vec![0u32; n_max];
        for j in 0..len {
            jump_records(key(j), n_max, &mut rec);
            for &c in &rec[1..] {
                count[c as usize] += 1;
            }
            flat.extend_from_slice(&rec[1..]);
            ends.push(flat.len());
        }
        let mut starts = Vec::with_capacity(n_max + 1);
        starts.push(0u32);
        for c in &count {
            starts.push(starts[starts.len() - 1] + c);
        }
        let mut next = starts.clone();
        let mut fams = vec![0u32; flat.len()];
        let mut from = 0;
        for (j, &end) in ends.iter().enumerate() {
            for &c in &flat[from..end] {
                fams[next[c as usize] as usize] = j as u32;
                next[c as usize] += 1;
            }
            from = end;
        }
        Visits {
            len,
            n_max,
            starts,
            fams,
        }
    }

    /// The families below `len` that visit bucket `c` (listed in order).
    fn of_bucket(&self, c: usize, len: usize) -> &[u32] {
        let all = &self.fams[self.starts[c] as usize..self.starts[c + 1] as usize];
        &all[..all.partition_point(|&f| (f as usize) < len)]
    }
}

/// The visits of families `0..len` at least, below `n` buckets at least
/// (built once for the most buckets a page asks, 512, when `n` fits).
fn jump_visits(len: usize, n: usize) -> Rc<Visits> {
    VISITS.with(|v| {
        let mut v = v.borrow_mut();
        if v.len < len || v.n_max < n {
            *v = Rc::new(Visits::of(len.max(v.len), n.max(512).max(v.n_max)));
        }
        v.clone()
    })
}

/// The ring resized from `from` cards to `q.n`. Each point of a card that
/// joins or leaves owned the keys after the nearest point before it of the
/// larger fleet, up to itself: a joining card takes them; a leaving card's
/// go to the first card of the smaller fleet after it.
fn ring_resize(ring: &Ring, from: usize, q: &mut Placement) {
    let order = key_order(q.owner.len());
    let (keys, fams) = (&order.keys, &order.fams);
    let (points, cards) = (ring.points(), ring.cards());
    let len = points.len();
    let (lo_n, hi_n) = (from.min(q.n), from.max(q.n));
    let prev = |i: usize| if i == 0 { len - 1 } else { i - 1 };
    // The arcs of distinct points are disjoint, so their order is free.
    let joining = (lo_n..hi_n).flat_map(|c| ring.points_of(c));
    for i in joining.map(|&i| i as usize) {
        let mut j = prev(i);
        while cards[j] as usize >= hi_n {
            j = prev(j);
        }
        let to = if q.n > from {
            cards[i]
        } else {
            let mut k = (i + 1) % len;
            while cards[k] as usize >= lo_n {
                k = (k + 1) % len;
            }
            cards[k]
        };
        // Keys in (points[j], points[i]], around the top of the circle when
        // that is where the arc runs.
        let first = order.upto(points[j]);
        let last = order.upto(points[i]);
        let mut take = |range: std::ops::Range<usize>| {
            for &f in &fams[range] {
                if let Some(o) = q.owner.get_mut(f as usize) {
                    *o = to;
                }
            }
        };
        if points[j] < points[i] {
            take(first..last);
        } else {
            take(first..keys.len());
            take(0..last);
        }
    }
}

/// Families in key order: their keys ascending and who they are, with an
/// index from a key's top bits to the first key at or past them, so that
/// finding a key's place costs a step or two.
pub(super) struct KeyOrder {
    pub(super) keys: Vec<u64>,
    pub(super) fams: Vec<u32>,
    index: Vec<u32>,
    shift: u32,
}

impl KeyOrder {
    fn of(len: usize) -> KeyOrder {
        let mut pairs: Vec<(u64, u32)> = (0..len).map(|j| (key(j), j as u32)).collect();
        pairs.sort_unstable();
        let (keys, fams): (Vec<u64>, Vec<u32>) = pairs.into_iter().unzip();
        let bits = len.max(2).next_power_of_two().trailing_zeros();
        let shift = 64 - bits;
        let mut index = Vec::with_capacity((1 << bits) + 1);
        let mut i = 0;
        for b in 0..=(1u64 << bits) {
            while i < keys.len() && (keys[i] >> shift) < b {
                i += 1;
            }
            index.push(i as u32);
        }
        KeyOrder {
            keys,
            fams,
            index,
            shift,
        }
    }

    /// How many keys are at most `k`.
    #[inline(always)]
    fn upto(&self, k: u64) -> usize {
        let mut i = self.index[(k >> self.shift) as usize] as usize;
        while i < self.keys.len() && self.keys[i] <= k {
            i += 1;
        }
        i
    }
}

/// Families `0..len` at least, in key order.
pub(super) fn key_order(len: usize) -> Rc<KeyOrder> {
    ORDER.with(|o| {
        let mut o = o.borrow_mut();
        if o.keys.len() < len {
            *o = Rc::new(KeyOrder::of(len.next_power_of_two()));
        }
        o.clone()
    })
}

/// Rendezvous over cards `from..hashes.len()`: the first card of the highest
/// weight, and its weight.
fn best(key: u64, hashes: &[u64], from: usize) -> (u32, u64) {
    let (mut c, mut w) = (from as u32, 0u64);
    for (i, h) in hashes.iter().enumerate().skip(from) {
        let x = weight(key, *h);
        if i == from || x > w {
            (c, w) = (i as u32, x);
        }
    }
    (c, w)
}

#[cfg(test)]
mod tests {
    use super::super::model_ring::ring_table;
    use super::*;
    use crate::model::SplitMix64;

    /// Whatever sizes come in whatever order, every placement equals a
    /// fresh one, family for family.
    #[test]
    fn kept_and_moved_placements_equal_fresh_ones() {
        let table = ring_table(256, 16);
        let ways = [
            Way::Modulo,
            Way::Jump,
            Way::Rendezvous,
            Way::Ring {
                vnodes: 16,
                table: table.clone(),
            },
        ];
        let mut rng = SplitMix64::new(5);
        for way in &ways {
            for _ in 0..60 {
                let n = 1 + rng.below(200) as usize;
                let f = 1 + rng.below(3000) as usize;
                let p = placement(way, n, f);
                assert_eq!(p.n, n);
                for j in 0..f {
                    let k = key(j);
                    let want = match way {
                        Way::Modulo => (k % n as u64) as usize,
                        Way::Jump => jump(k, n).0 as usize,
                        Way::Rendezvous => {
                            let h: Vec<u64> = (0..n).map(card_hash).collect();
                            best(k, &h, 0).0 as usize
                        }
                        Way::Ring { table, .. } => table.owner(k, n),
                    };
                    assert_eq!(p.owner[j] as usize, want, "family {j} on {n} cards");
                }
            }
        }
    }
}
