//! The sweep chart: the share of a sample of families that each scheme moves
//! as `n0` cards become `n`, for every `n` on a grid up to past the doubling,
//! beside the two theory curves (modulo's `1 − min/lcm` and the least possible
//! `|n − n0| / max`).

use super::model::{ideal_moved_share, modulo_moved_share};
use super::model_ring::sweep_hi;
use super::params::{Input, ALL};
use super::sim_sweep::sweep_moves;
use crate::model::units::counted;
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
    let moved = sweep_moves(inp, &xs, s);
    let now = xs.iter().position(|&x| x == inp.n1);
    let at = |v: &[usize]| {
        now.map(|i| Unit::Share.format(v[i] as f64 / s as f64))
            .unwrap_or_default()
    };
    let least = ideal_moved_share(n0, inp.n1);
    // A sample's share can land a little under the least a whole fleet of
    // families must move; said, not left to read as a scheme beating it.
    let under = now.is_some_and(|i| moved.iter().any(|v| (v[i] as f64 / s as f64) < least));
    let sampling = if under {
        " (a sample: a share can land a little under it)"
    } else {
        ""
    };
    Chart {
        id: "sweep",
        title: format!(
            "Moved share as {} {} n, every scheme",
            counted(n0 as f64, "cards"),
            if n0 == 1 { "becomes" } else { "become" }
        ),
        summary: format!(
            "At {}, over {} sampled: modulo moves {}, ring {}, jump {}, rendezvous {}; the least possible is {}{sampling}.",
            counted(inp.n1 as f64, "cards"),
            counted(s as f64, "families"),
            at(&moved[0]),
            at(&moved[1]),
            at(&moved[2]),
            at(&moved[3]),
            Unit::Share.format(least)
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("cards after", Unit::Count("cards")),
            y: Axis::new("moved share", Unit::Share).range(0.0, 1.0),
            series: sweep_series(n0, &xs, &moved, s),
            hlines: vec![],
            vlines: vec![RefLine::new(
                inp.n1 as f64,
                format!("now: {}", counted(inp.n1 as f64, "cards")),
                Tone::Ink,
            )],
        }),
    }
}
