//! A number parameter's slider track: the positions a range input takes
//! and the value each stands for. A linear track is the spec's own range and
//! step; a logarithmic one has [`LOG_STEPS`] positions from `min` to `max`,
//! each value rounded to three significant figures and then to the spec's
//! allowed values.
//!
//! Where a log track is finer than the values it can show (an integer count
//! near its low end: positions 371 and 372 both stand for 72 families), two
//! positions stand for one value. A slider that put its thumb back where the
//! value "belongs" would undo each such press of ArrowRight and stick there;
//! [`ParamSpec::track_position`] leaves the thumb where it is when that
//! position already stands for the value, so the keyboard walks on.

use super::param::{ParamKind, ParamSpec};

/// Positions of a logarithmic slider track.
pub const LOG_STEPS: f64 = 1000.0;

/// A range input's bounds and step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Track {
    pub min: f64,
    pub max: f64,
    pub step: f64,
}

impl ParamSpec {
    /// The range input's bounds and step, for a number (None for a choice).
    pub fn track(&self) -> Option<Track> {
        match self.kind {
            ParamKind::Number { log: true, .. } => Some(Track {
                min: 0.0,
                max: LOG_STEPS,
                step: 1.0,
            }),
            ParamKind::Number { min, max, step, .. } => Some(Track { min, max, step }),
            ParamKind::Choice(_) => None,
        }
    }

    /// The value a track position stands for (the spec's nearest allowed
    /// value).
    pub fn track_value(&self, pos: f64) -> f64 {
        match self.kind {
            ParamKind::Number { log: true, .. } => {
                let (lo, hi) = self.log_bounds();
                let v = lo * (hi / lo).powf(pos.clamp(0.0, LOG_STEPS) / LOG_STEPS);
                // Three significant figures, so the track lands on readable values.
                let mag = 10f64.powf(v.log10().floor() - 2.0);
                self.clamp((v / mag).round() * mag)
            }
            _ => self.clamp(pos),
        }
    }

    /// Where the thumb stands for `v`: `at`, the thumb's position now, if it
    /// already stands for `v` (so a press that moved it to a position of
    /// the same value is kept, not undone); else the position nearest `v`.
    pub fn track_position(&self, v: f64, at: Option<f64>) -> f64 {
        if let Some(at) = at.filter(|&p| self.track_value(p) == v) {
            return at;
        }
        match self.kind {
            ParamKind::Number { log: true, .. } => {
                let (lo, hi) = self.log_bounds();
                ((v.max(lo) / lo).ln() / (hi / lo).ln() * LOG_STEPS)
                    .round()
                    .clamp(0.0, LOG_STEPS)
            }
            _ => v,
        }
    }

    fn log_bounds(&self) -> (f64, f64) {
        match self.kind {
            ParamKind::Number { min, max, .. } => {
                (min.max(1e-9), max.max(min.max(1e-9) * 1.000_001))
            }
            ParamKind::Choice(_) => (1.0, 2.0),
        }
    }
}
