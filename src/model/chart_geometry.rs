//! The shapes a painter strokes for a series, in canvas pixels: a long line
//! thinned to what its pixel columns can show, a step series as its corners,
//! and a dashed series that wiggles faster than its dashes as the band it
//! sweeps, so it still reads as dashes.

/// Thins a line with more than two points per pixel column to the lowest
/// and highest point of each column, in their order.
pub fn envelope(pts: Vec<(f64, f64)>, (x0, x1): (f64, f64), columns: usize) -> Vec<(f64, f64)> {
    if columns == 0 || pts.len() <= 2 * columns || x1 <= x0 {
        return pts;
    }
    let col = |x: f64| (((x - x0) / (x1 - x0)) * columns as f64).floor() as i64;
    let mut out = Vec::with_capacity(2 * columns + 2);
    let mut i = 0;
    while i < pts.len() {
        let c = col(pts[i].0);
        let (mut lo, mut hi, mut j) = (i, i, i);
        while j < pts.len() && col(pts[j].0) == c {
            if pts[j].1 < pts[lo].1 {
                lo = j;
            }
            if pts[j].1 > pts[hi].1 {
                hi = j;
            }
            j += 1;
        }
        out.push(pts[lo.min(hi)]);
        if lo != hi {
            out.push(pts[lo.max(hi)]);
        }
        i = j;
    }
    out
}

/// A step function's corners: each level holds until the next x, and only
/// the points where the level changes draw anything.
pub fn steps(pts: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut out: Vec<(f64, f64)> = Vec::new();
    for (i, p) in pts.iter().enumerate() {
        match out.last() {
            Some(prev) if prev.1 == p.1 && i + 1 < pts.len() => {}
            Some(prev) => {
                let level = prev.1;
                out.push((p.0, level));
                out.push(*p);
            }
            None => out.push(*p),
        }
    }
    out
}

/// A band's top and bottom edges, each a line from left to right.
pub type Band = (Vec<(f64, f64)>, Vec<(f64, f64)>);

/// The band a dashed line sweeps when it turns back more often than its
/// dash pattern repeats (`period` pixels): dashes on such a line break into
/// hatching, so it is drawn as its running highest and lowest edges (top,
/// bottom), each a plain line that can carry dashes. `None` for a line calm
/// enough to dash as it is. Points are canvas pixels in x order.
pub fn dash_band(pts: &[(f64, f64)], period: f64) -> Option<Band> {
    let (first, last) = (pts.first()?, pts.last()?);
    let extent = last.0 - first.0;
    let mut turns = 0usize;
    let mut going = 0.0f64;
    for w in pts.windows(2) {
        let dy = w[1].1 - w[0].1;
        if dy.abs() < 0.5 {
            continue;
        }
        if going != 0.0 && dy.signum() != going {
            turns += 1;
        }
        going = dy.signum();
    }
    if turns < 4 || extent <= 0.0 || extent / turns as f64 >= 2.0 * period {
        return None;
    }
    // Two turns make a cycle: a half-window of more than a cycle holds a
    // whole one even at either end.
    let half = (2.5 * extent / turns as f64).max(period / 2.0);
    let (mut top, mut bottom) = (Vec::with_capacity(pts.len()), Vec::with_capacity(pts.len()));
    let (mut a, mut b) = (0usize, 0usize);
    for p in pts {
        while pts[a].0 < p.0 - half {
            a += 1;
        }
        while b + 1 < pts.len() && pts[b + 1].0 <= p.0 + half {
            b += 1;
        }
        let ys = pts[a..=b.max(a)].iter().map(|q| q.1);
        let (lo, hi) = ys.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), y| {
            (l.min(y), h.max(y))
        });
        top.push((p.0, lo));
        bottom.push((p.0, hi));
    }
    Some((calm(top), calm(bottom)))
}

/// Drops the middle points of runs at one level (same picture, fewer calls).
fn calm(pts: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    let mut out: Vec<(f64, f64)> = Vec::with_capacity(pts.len());
    for (i, p) in pts.iter().enumerate() {
        let n = out.len();
        let flat = n >= 2 && out[n - 1].1 == p.1 && out[n - 2].1 == p.1;
        if flat && i + 1 < pts.len() {
            out[n - 1] = *p;
        } else {
            out.push(*p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_daily_wiggle_dashes_as_its_band_and_a_calm_line_as_itself() {
        // 30 days of 0.75 / 1.05 / 1.25 over 400 px: 13 px a day.
        let pts: Vec<(f64, f64)> = (0..720)
            .map(|h| {
                let m = match h % 24 {
                    0..=7 => 0.75,
                    8..=17 => 1.05,
                    _ => 1.25,
                };
                (h as f64 * 400.0 / 720.0, 200.0 - 100.0 * m)
            })
            .collect();
        let (top, bottom) = dash_band(&pts, 11.0).expect("a band");
        assert!(top.iter().all(|p| (p.1 - 75.0).abs() < 1e-9), "{top:?}");
        assert!(bottom.iter().all(|p| (p.1 - 125.0).abs() < 1e-9));
        assert!(top.len() <= 3 && bottom.len() <= 3);
        let calm: Vec<(f64, f64)> = (0..400)
            .map(|x| (x as f64, (x as f64 / 60.0).sin() * 50.0))
            .collect();
        assert!(dash_band(&calm, 11.0).is_none());
    }

    #[test]
    fn steps_keep_only_the_corners() {
        let pts = [(0.0, 1.0), (1.0, 1.0), (2.0, 2.0), (3.0, 2.0)];
        assert_eq!(
            steps(&pts),
            vec![(0.0, 1.0), (2.0, 1.0), (2.0, 2.0), (3.0, 2.0), (3.0, 2.0)]
        );
    }
}
