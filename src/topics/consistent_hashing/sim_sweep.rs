//! The sweep chart's measurement: of a sample of families, how many each
//! scheme moves as `n0` cards become `n`, at every `n` of a grid.
//!
//! A key's owner as the fleet grows is a staircase: its records, the cards
//! that own it at some size, increasing (the owner at size `n` is the last
//! record below `n`). The records depend on the key and the largest size
//! only, so they are kept; then the key stays on its card at `n0` exactly for
//! the sizes from its card + 1 up to its next record, and counting the moved
//! families at every size is one pass over the keys.

use super::model::{card_hash, jump_records, key, weight};
use super::model_ring::{ring_cards, ring_table};
use super::params::Input;
use crate::model::memo::Memo;
use std::cell::RefCell;
use std::rc::Rc;

/// Every sampled key's records, one list after another.
struct Records {
    cards: Vec<u32>,
    /// Where each key's list starts in `cards` (one more entry: the end).
    starts: Vec<u32>,
}

impl Records {
    fn of(s: usize, mut records: impl FnMut(u64, &mut Vec<u32>)) -> Records {
        let (mut cards, mut starts, mut rec) = (Vec::new(), vec![0], Vec::new());
        for k in (0..s).map(key) {
            records(k, &mut rec);
            cards.extend_from_slice(&rec);
            starts.push(cards.len() as u32);
        }
        Records { cards, starts }
    }

    fn get(&self, i: usize) -> &[u32] {
        &self.cards[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

thread_local! {
    /// The ring's records by (cards in the table, virtual nodes, sample);
    /// a size slider crosses between two tables.
    static RING: Memo<(usize, usize, usize), Records> = const { Memo::with_capacity(3) };
    /// Jump's and rendezvous's records by (largest size, sample).
    static OTHERS: Memo<(usize, usize), [Records; 2]> = const { Memo::with_capacity(3) };
    /// Modulo's remainders of the sample's keys, by size: (sample, columns).
    static MODULO: RefCell<(usize, Vec<Vec<u32>>)> = const { RefCell::new((0, Vec::new())) };
}

/// Families moved at each size of `xs` (increasing, none past the ring
/// table's cards), per scheme in `ALL`'s order, over the first `s` families.
pub(super) fn sweep_moves(inp: &Input, xs: &[usize], s: usize) -> [Vec<usize>; 4] {
    let n0 = inp.n0;
    let big = ring_cards(inp);
    let ring: Rc<Records> = RING.with(|m| {
        m.get_or((big, inp.vnodes, s), || {
            let table = ring_table(big, inp.vnodes);
            Records::of(s, |k, rec| table.records(k, rec))
        })
    });
    let others = OTHERS.with(|m| {
        m.get_or((big, s), || {
            let hashes: Vec<u64> = (0..big).map(card_hash).collect();
            [
                Records::of(s, |k, rec| jump_records(k, big, rec)),
                Records::of(s, |k, rec| rendezvous_records(k, &hashes, rec)),
            ]
        })
    });
    [
        modulo_moves(n0, xs, s),
        moves(&ring, n0, xs, s),
        moves(&others[0], n0, xs, s),
        moves(&others[1], n0, xs, s),
    ]
}

/// Modulo's keys moved at each size of `xs`: each key's remainder at a
/// size is kept (a division is the costliest step of the sweep, and a
/// slider's sizes come back), so a size seen before costs a comparison a
/// key.
fn modulo_moves(n0: usize, xs: &[usize], s: usize) -> Vec<usize> {
    MODULO.with(|m| {
        let mut m = m.borrow_mut();
        let (sample, columns) = &mut *m;
        if *sample != s {
            (*sample, *columns) = (s, Vec::new());
        }
        let mut column = |n: usize| {
            if columns.len() <= n {
                columns.resize_with(n + 1, Vec::new);
            }
            if columns[n].is_empty() {
                columns[n] = (0..s).map(|j| (key(j) % n as u64) as u32).collect();
            }
        };
        column(n0);
        xs.iter().for_each(|&n| column(n));
        let home = &columns[n0];
        xs.iter()
            .map(|&n| columns[n].iter().zip(home).filter(|(a, b)| a != b).count())
            .collect()
    })
}

/// Keys moved at each size of `xs`: all of them, less those whose stay on
/// their card at `n0` covers the size.
fn moves(records: &Records, n0: usize, xs: &[usize], s: usize) -> Vec<usize> {
    let mut cover = vec![0isize; xs.len() + 1];
    for i in 0..s {
        let rec = records.get(i);
        let at = rec.partition_point(|&c| (c as usize) < n0) - 1;
        let stays_from = rec[at] as usize + 1;
        let stays_to = rec.get(at + 1).map_or(usize::MAX, |&c| c as usize);
        cover[xs.partition_point(|&x| x < stays_from)] += 1;
        cover[xs.partition_point(|&x| x <= stays_to)] -= 1;
    }
    let mut staying = 0isize;
    cover[..xs.len()]
        .iter()
        .map(|c| {
            staying += c;
            s - staying as usize
        })
        .collect()
}

/// Rendezvous's records for `key`: each card that beats every card before it.
fn rendezvous_records(key: u64, hashes: &[u64], rec: &mut Vec<u32>) {
    rec.clear();
    let mut best = 0u64;
    for (c, h) in hashes.iter().enumerate() {
        let w = weight(key, *h);
        if c == 0 || w > best {
            best = w;
            rec.push(c as u32);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::model::jump;
    use super::*;
    use crate::model::{Params, SplitMix64};

    /// The kept records count what asking every key's owner at every size
    /// counts.
    #[test]
    fn counts_what_each_owner_says() {
        let mut rng = SplitMix64::new(9);
        for _ in 0..12 {
            let mut p = Params::defaults(&super::super::params::PARAMS);
            let n0 = 1 + rng.below(300);
            p.set_value("cards_before", n0 as f64).unwrap();
            p.set_value("cards_after", (1 + rng.below(300)) as f64)
                .unwrap();
            p.set_value("vnodes", (1 + rng.below(40)) as f64).unwrap();
            let inp = Input::read(&p);
            let big = ring_cards(&inp);
            let xs: Vec<usize> = (1..=big).step_by(1 + rng.below(7) as usize).collect();
            let s = 300;
            let got = sweep_moves(&inp, &xs, s);
            let table = ring_table(big, inp.vnodes);
            let hashes: Vec<u64> = (0..big).map(card_hash).collect();
            let rdv = |k: u64, n: usize| {
                let mut rec = Vec::new();
                rendezvous_records(k, &hashes[..n], &mut rec);
                *rec.last().unwrap() as usize
            };
            for (t, &n) in xs.iter().enumerate() {
                let count = |owner: &dyn Fn(u64, usize) -> usize| {
                    (0..s)
                        .map(key)
                        .filter(|&k| owner(k, n) != owner(k, inp.n0))
                        .count()
                };
                assert_eq!(got[0][t], count(&|k, n| (k % n as u64) as usize));
                assert_eq!(got[1][t], count(&|k, n| table.owner(k, n)));
                assert_eq!(got[2][t], count(&|k, n| jump(k, n).0 as usize));
                assert_eq!(got[3][t], count(&rdv), "rendezvous at {n} from {}", inp.n0);
            }
        }
    }
}
