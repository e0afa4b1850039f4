//! Closer to production, a card is lost after the resize: the fleet keeps
//! its `n1` cards but the middle one, card ⌊n1/2⌋, fails (a replica dies or
//! is drained wherever it sits, not at the end of the numbering). Each
//! scheme places the families again on the survivors:
//!
//! ```text
//! modulo, jump   number the n1 − 1 survivors 0..n1 − 2 (the cards past the lost one
//!                move down by one) and place by key mod (n1 − 1), or jump(key, n1 − 1):
//!                every family whose number now names another card moves
//! ring           the lost card's points are skipped: its families walk on to the next
//!                card; with a load bound, the families are placed again under the
//!                bound of n1 − 1 cards
//! rendezvous     the lost card drops out of every key's contest: its families go to
//!                their second-highest weight (no other key's winner changes)
//! ```
//!
//! The least any scheme can move is the lost card's own families' share
//! (about 1/n1 on a balanced fleet).

use super::model::{cap, card_hash, jump, key, weight};
use super::model_ring::{ring_cards, ring_table};
use super::params::{Input, Scheme};
use super::sim::Resize;
use crate::model::memo::Memo;
use std::rc::Rc;

/// What losing a card moves.
pub(super) struct Loss {
    /// The card lost, ⌊n1/2⌋.
    pub(super) lost: usize,
    /// Families that change card.
    pub(super) moved: usize,
    /// The least share any scheme moves: the families the lost card held.
    pub(super) least: f64,
}

/// What a loss depends on: the fleet, families, points, scheme and bound.
type LossKey = (usize, usize, usize, Scheme, Option<u64>);

thread_local! {
    static LOST: Memo<LossKey, Loss> = const { Memo::with_capacity(3) };
}

/// The middle card of `n1`, lost after the resize.
pub(super) fn lost_card(n1: usize) -> usize {
    n1 / 2
}

/// What losing the middle card of the resized fleet moves (cached).
pub(super) fn loss(inp: &Input, r: &Resize) -> Rc<Loss> {
    let key = (
        inp.n1,
        inp.families,
        inp.vnodes,
        inp.scheme,
        inp.effective_bound().map(f64::to_bits),
    );
    LOST.with(|m| m.get_or(key, || lose(inp, r.after())))
}

fn lose(inp: &Input, after: &[u32]) -> Loss {
    let (n, f) = (inp.n1, inp.families);
    let lost = lost_card(n);
    if n < 2 {
        // No card to go to: every family is displaced.
        return Loss {
            lost,
            moved: f,
            least: 1.0,
        };
    }
    // A survivor's number among n − 1, as the card it names.
    let named = |b: usize| if b < lost { b } else { b + 1 };
    let moved = match (inp.scheme, inp.effective_bound()) {
        (Scheme::Modulo, _) => count(after, |j| named((key(j) % (n as u64 - 1)) as usize)),
        (Scheme::Jump, _) => count(after, |j| named(jump(key(j), n - 1).0 as usize)),
        (Scheme::Rendezvous, _) => {
            let hashes: Vec<u64> = (0..n).map(card_hash).collect();
            count(after, |j| {
                if after[j] as usize != lost {
                    return after[j] as usize;
                }
                let k = key(j);
                (0..n)
                    .filter(|&c| c != lost)
                    .max_by_key(|&c| weight(k, hashes[c]))
                    .unwrap_or(0)
            })
        }
        (Scheme::Ring, None) => {
            let ring = ring_table(ring_cards(inp), inp.vnodes);
            count(after, |j| ring.owner_except(key(j), n, lost))
        }
        (Scheme::Ring, Some(c)) => {
            let ring = ring_table(ring_cards(inp), inp.vnodes);
            let again = ring.bounded_except(f, n, cap(c, f, n - 1), lost);
            count(after, |j| again[j] as usize)
        }
    };
    // Its own families must move, whatever the scheme: the least.
    let on_lost = after.iter().filter(|&&c| c as usize == lost).count();
    Loss {
        lost,
        moved,
        least: on_lost as f64 / f.max(1) as f64,
    }
}

/// Families whose card `now(j)` differs from `after[j]`.
fn count(after: &[u32], now: impl Fn(usize) -> usize) -> usize {
    (0..after.len())
        .filter(|&j| now(j) != after[j] as usize)
        .count()
}
