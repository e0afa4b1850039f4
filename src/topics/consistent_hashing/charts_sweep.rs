//! The sweep chart: the share of a sample of families that each scheme moves
//! as `n0` cards become `n`, for every `n` on a grid up to past the doubling,
//! beside the two theory curves (modulo's `1 − min/lcm` and the least possible
//! `|n − n0| / max`).

use super::model::{card_hash, ideal_moved_share, jump_records, key, modulo_moved_share, weight};
use super::model_ring::{ring_cards, ring_table, sweep_hi};
use super::params::{Input, ALL};
use crate::model::*;

/// Families sampled for the sweep chart.
const SWEEP_FAMILIES: usize = 1000;
/// Most x positions on the sweep chart.
const SWEEP_POINTS: usize = 96;

/// The x positions: every size up to the limit, or an even spread that
/// includes the current sizes and the doubling.
fn sweep_grid(inp: &Input) -> Vec<usize> {
    let hi = sweep_hi(inp);
    let mut xs: Vec<usize> = if hi <= SWEEP_POINTS {
        (1..=hi).collect()
    } else {
        (0..SWEEP_POINTS)
            .map(|i| 1 + i * (hi - 1) / (SWEEP_POINTS - 1))
            .collect()
    };
    xs.extend(
        [inp.n0, inp.n0 + 1, inp.n1, 2 * inp.n0]
            .iter()
            .filter(|&&x| x <= hi),
    );
    xs.sort_unstable();
    xs.dedup();
    xs
}

/// Counts a key as moved at every size in `xs` where its owner differs from
/// its owner at `n0`. The records are the cards that own the key as the
/// fleet grows, increasing: the owner at size `n` is the last below `n`.
fn count_moves(rec: &[u32], n0: usize, xs: &[usize], moved: &mut [usize]) {
    let owner = |n: usize| rec[rec.partition_point(|&c| (c as usize) < n) - 1];
    let home = owner(n0);
    for (m, &n) in moved.iter_mut().zip(xs) {
        if owner(n) != home {
            *m += 1;
        }
    }
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

/// Families moved at each size of `xs`, per scheme in `ALL`'s order, over
/// the first `s` families.
fn measure(inp: &Input, xs: &[usize], s: usize) -> [Vec<usize>; 4] {
    let hi = *xs.last().unwrap_or(&1);
    let n0 = inp.n0;
    let ring = ring_table(ring_cards(inp), inp.vnodes);
    let hashes: Vec<u64> = (0..hi.max(n0)).map(card_hash).collect();
    let mut moved = [
        vec![0usize; xs.len()],
        vec![0; xs.len()],
        vec![0; xs.len()],
        vec![0; xs.len()],
    ];
    let mut rec = Vec::new();
    for k in (0..s).map(key) {
        let home = k % n0 as u64;
        for (m, &n) in moved[0].iter_mut().zip(xs) {
            if k % n as u64 != home {
                *m += 1;
            }
        }
        ring.records(k, &mut rec);
        count_moves(&rec, n0, xs, &mut moved[1]);
        jump_records(k, hi.max(n0), &mut rec);
        count_moves(&rec, n0, xs, &mut moved[2]);
        rendezvous_records(k, &hashes, &mut rec);
        count_moves(&rec, n0, xs, &mut moved[3]);
    }
    moved
}

/// One measured line per scheme, then the two theory curves.
fn sweep_series(n0: usize, xs: &[usize], moved: &[Vec<usize>; 4], s: usize) -> Vec<Series> {
    let mut series: Vec<Series> = ALL
        .iter()
        .zip(moved)
        .enumerate()
        .map(|(i, (sch, m))| {
            Series::new(
                format!("{} (measured)", sch.word()),
                Style::Line,
                Tone::Cat(i as u8),
                xs.iter()
                    .zip(m)
                    .map(|(&x, &c)| (x as f64, c as f64 / s as f64))
                    .collect(),
            )
        })
        .collect();
    series.push(Series::new(
        "modulo (theory)",
        Style::Dashed,
        Tone::Cat(0),
        xs.iter()
            .map(|&x| (x as f64, modulo_moved_share(n0, x)))
            .collect(),
    ));
    series.push(Series::new(
        "least possible |n1−n0|/max",
        Style::Dashed,
        Tone::Ink,
        xs.iter()
            .map(|&x| (x as f64, ideal_moved_share(n0, x)))
            .collect(),
    ));
    series
}

/// Moved share against the size after, measured for every scheme over a
/// sample of families, with the two theory curves.
pub(super) fn sweep_chart(inp: &Input) -> Chart {
    let xs = sweep_grid(inp);
    let n0 = inp.n0;
    let s = inp.families.min(SWEEP_FAMILIES);
    let moved = measure(inp, &xs, s);
    let at = |v: &[usize]| {
        xs.iter()
            .position(|&x| x == inp.n1)
            .map(|i| Unit::Share.format(v[i] as f64 / s as f64))
            .unwrap_or_default()
    };
    Chart {
        id: "sweep",
        title: format!("Moved share as {n0} cards become n, every scheme"),
        summary: format!(
            "At {} cards, over {s} sampled families: modulo moves {}, ring {}, jump {}, rendezvous {}; the least possible is {}.",
            inp.n1,
            at(&moved[0]),
            at(&moved[1]),
            at(&moved[2]),
            at(&moved[3]),
            Unit::Share.format(ideal_moved_share(n0, inp.n1))
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("cards after", Unit::Count("cards")),
            y: Axis::new("moved share", Unit::Share).range(0.0, 1.0),
            series: sweep_series(n0, &xs, &moved, s),
            hlines: vec![],
            vlines: vec![RefLine::new(
                inp.n1 as f64,
                format!("now: {} cards", inp.n1),
                Tone::Ink,
            )],
        }),
    }
}
