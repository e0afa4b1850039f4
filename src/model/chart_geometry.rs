//! The shapes a painter strokes for a series, in canvas pixels: a long line
//! thinned to what its pixel columns can show, a step series as its corners,
//! and a dashed series that wiggles faster than its dashes as the band it
//! sweeps, so it still reads as dashes.

/// A box in CSS pixels from the canvas's top left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    pub fn right(&self) -> f64 {
        self.x + self.w
    }
    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }
    /// True when the two share some area (touching edges do not).
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x < o.right() && o.x < self.right() && self.y < o.bottom() && o.y < self.bottom()
    }
    /// True when `self` lies within `o`.
    pub fn inside(&self, o: &Rect) -> bool {
        const EPS: f64 = 1e-9;
        self.x >= o.x - EPS
            && self.y >= o.y - EPS
            && self.right() <= o.right() + EPS
            && self.bottom() <= o.bottom() + EPS
    }
    pub fn grown(&self, d: f64) -> Rect {
        Rect {
            x: self.x - d,
            y: self.y - d,
            w: self.w + 2.0 * d,
            h: self.h + 2.0 * d,
        }
    }
}

/// Where a chart's data is drawn, on a grid of small cells: labels prefer
/// places clear of it.
pub struct Ink {
    x0: f64,
    y0: f64,
    cols: usize,
    rows: usize,
    cells: Vec<bool>,
}

/// An ink cell's side, CSS px.
const CELL: f64 = 3.0;

impl Ink {
    /// Clear ink over `area`.
    pub fn new(area: &Rect) -> Ink {
        let cols = (area.w / CELL).ceil().max(1.0) as usize + 1;
        let rows = (area.h / CELL).ceil().max(1.0) as usize + 1;
        Ink {
            x0: area.x,
            y0: area.y,
            cols,
            rows,
            cells: vec![false; cols * rows],
        }
    }

    /// The cells `r` touches, as column and row ranges (empty when outside).
    fn span(&self, r: &Rect) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        let clamp = |v: f64, n: usize| (v.floor().max(0.0) as usize).min(n);
        let cols = clamp((r.x - self.x0) / CELL, self.cols)
            ..clamp((r.right() - self.x0) / CELL + 1.0, self.cols);
        let rows = clamp((r.y - self.y0) / CELL, self.rows)
            ..clamp((r.bottom() - self.y0) / CELL + 1.0, self.rows);
        (cols, rows)
    }

    /// Inks a polyline.
    pub fn line(&mut self, pts: &[(f64, f64)]) {
        let (cols, rows) = (self.cols as f64, self.rows as f64);
        // In cell units, a step of at most one cell along either axis.
        let to_cell = |p: (f64, f64)| ((p.0 - self.x0) / CELL, (p.1 - self.y0) / CELL);
        for w in pts.windows(2) {
            let (a, b) = (to_cell(w[0]), to_cell(w[1]));
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let n = dx.abs().max(dy.abs()).ceil().clamp(1.0, 1e5) as usize;
            for k in 0..=n {
                let t = k as f64 / n as f64;
                let (c, r) = (a.0 + dx * t, a.1 + dy * t);
                if c >= 0.0 && r >= 0.0 && c < cols && r < rows {
                    self.cells[r as usize * self.cols + c as usize] = true;
                }
            }
        }
    }

    /// Inks a box.
    pub fn area(&mut self, r: &Rect) {
        let (cols, rows) = self.span(r);
        for row in rows {
            let at = row * self.cols;
            self.cells[at + cols.start..at + cols.end].fill(true);
        }
    }

    /// True when some ink lies in `r`.
    pub fn hits(&self, r: &Rect) -> bool {
        let (cols, rows) = self.span(r);
        rows.into_iter().any(|row| {
            let at = row * self.cols;
            self.cells[at + cols.start..at + cols.end].contains(&true)
        })
    }
}

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
    // Only a regular wiggle is its band: when the edges themselves wander
    // more than the band is tall (spikes, a trend), the line's own course
    // is what it says, and it keeps it.
    let height = top.iter().zip(&bottom).map(|(t, b)| b.1 - t.1).sum::<f64>() / pts.len() as f64;
    let wander = |e: &[(f64, f64)]| e.windows(2).map(|w| (w[1].1 - w[0].1).abs()).sum::<f64>();
    if wander(&top) > height || wander(&bottom) > height {
        return None;
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
        // A jagged line whose spikes are the point (modulo's moved share
        // against the card count) keeps its course.
        let mut seed = 7u64;
        let jagged: Vec<(f64, f64)> = (0..160)
            .map(|n| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let spike = if (seed >> 33).is_multiple_of(7) {
                    80.0
                } else {
                    0.0
                };
                (n as f64 * 2.0, 10.0 + (seed >> 60) as f64 + spike)
            })
            .collect();
        assert!(dash_band(&jagged, 11.0).is_none());
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
