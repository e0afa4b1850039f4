//! An axis's scale: the range a chart shows (fitted to its data or fixed),
//! where a value lands in pixels, and round tick values with their text.

use super::chart::Axis;

/// One axis's mapping from data values to pixels. `lo..hi` are plotted
/// values (log10 of the data on a log axis); `px0` is where `lo` lands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    pub lo: f64,
    pub hi: f64,
    pub log: bool,
    pub px0: f64,
    pub px1: f64,
}

impl Scale {
    /// A data value in plotted units.
    pub fn plotted(&self, v: f64) -> f64 {
        if self.log {
            v.max(1e-300).log10()
        } else {
            v
        }
    }
    /// The pixel of a plotted value.
    pub fn px(&self, p: f64) -> f64 {
        self.px0 + (p - self.lo) / (self.hi - self.lo) * (self.px1 - self.px0)
    }
    /// The pixel of a data value.
    pub fn at(&self, v: f64) -> f64 {
        self.px(self.plotted(v))
    }
    pub fn contains(&self, v: f64) -> bool {
        let p = self.plotted(v);
        p.is_finite() && p >= self.lo - 1e-9 && p <= self.hi + 1e-9
    }
}

pub fn plotted(axis: &Axis, v: f64) -> f64 {
    if axis.log {
        v.max(1e-300).log10()
    } else {
        v
    }
}

/// Fits `lo..hi` to data with a little room, never empty.
pub fn fit(
    values: impl Iterator<Item = f64>,
    fixed: Option<(f64, f64)>,
    from_zero: bool,
) -> (f64, f64) {
    if let Some(r) = fixed {
        return r;
    }
    let (mut lo, mut hi) = values
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
    if !lo.is_finite() {
        return (0.0, 1.0);
    }
    if from_zero {
        lo = lo.min(0.0);
    }
    if hi - lo < 1e-12 {
        hi = lo + lo.abs().max(1.0);
    }
    let pad = (hi - lo) * 0.06;
    (if from_zero && lo >= 0.0 { lo } else { lo - pad }, hi + pad)
}

/// Ticks for an axis: on a log axis (values are log10) the whole decades when
/// the range spans two or more, otherwise round values.
pub fn axis_ticks(axis: &Axis, lo: f64, hi: f64, n: usize) -> Vec<f64> {
    if axis.log && hi - lo >= 2.0 {
        let step = ((hi - lo) / n as f64).ceil().max(1.0);
        return ((lo.ceil() as i64)..=(hi.floor() as i64))
            .filter(|k| (*k as f64 / step).fract() == 0.0)
            .map(|k| k as f64)
            .collect();
    }
    ticks(lo, hi, n)
}

/// About `n` round tick values covering `lo..hi` (steps of 1, 2 or 5 × 10^k).
fn ticks(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    let span = hi - lo;
    if !(span.is_finite() && span > 0.0) {
        return vec![lo];
    }
    let raw = span / n.max(1) as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    (first..=last).map(|k| k as f64 * step).collect()
}

pub fn tick_text(axis: &Axis, v: f64) -> String {
    let v = if axis.log { 10f64.powf(v) } else { v };
    axis.unit.tick(v)
}

/// Data points as canvas pixels: the finite ones, y held to the axis's
/// range (a line leaving the top runs along it).
pub fn to_px(points: &[(f64, f64)], x: &Scale, y: &Scale) -> Vec<(f64, f64)> {
    points
        .iter()
        .filter(|p| p.0.is_finite() && p.1.is_finite())
        .map(|p| (x.at(p.0), y.px(y.plotted(p.1).clamp(y.lo, y.hi))))
        .collect()
}
