//! A mock in progress, as the browser keeps it between reloads: its seed,
//! its length, when it started (the edge's wall clock, in ms), the answers
//! so far with the reasons given for them and when each came, and after the
//! end the rubric points the candidate ticked, written as a few lines of
//! text ([`Session::write`]). The clock is read at the edge and passed in.

use super::{Mock, PROBLEMS};
use crate::urlstate::MAX_SEED;

/// The lengths a mock may have, in minutes.
pub const LENGTHS: [u32; 2] = [20, 45];

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Session {
    pub seed: u64,
    pub minutes: u32,
    /// Wall-clock ms when the mock started.
    pub started_ms: f64,
    /// One per step answered; an empty one was skipped.
    pub answers: Vec<String>,
    /// The reason given with each answer ("" where none was).
    pub reasons: Vec<String>,
    /// Wall-clock ms when each answer came (one per answer; a session kept
    /// by an older build has none).
    pub answered_ms: Vec<f64>,
    /// Per step, the rubric points ticked in the review (bit k: point k).
    pub ticks: Vec<u32>,
    /// Wall-clock ms when it ended (all answered, time up, or ended early).
    pub ended_ms: Option<f64>,
    /// Whether its result is in the progress record.
    pub recorded: bool,
}

impl Session {
    pub fn start(seed: u64, minutes: u32, now_ms: f64) -> Session {
        Session {
            seed: seed & MAX_SEED,
            minutes: if LENGTHS.contains(&minutes) {
                minutes
            } else {
                LENGTHS[0]
            },
            started_ms: now_ms,
            ..Session::default()
        }
    }

    /// Seconds left at `now_ms` (never more than the length, never below 0;
    /// an ended mock has none).
    pub fn remaining_s(&self, now_ms: f64) -> f64 {
        if self.ended_ms.is_some() {
            return 0.0;
        }
        let total = self.minutes as f64 * 60.0;
        (total - (now_ms - self.started_ms).max(0.0) / 1000.0).clamp(0.0, total)
    }

    /// Records an answer to the next step (`""`: skipped) and the reason
    /// given with it; the mock ends with its last step.
    pub fn answer(&mut self, text: &str, reason: &str, now_ms: f64) {
        if self.ended_ms.is_some() || self.answers.len() >= self.steps() {
            return;
        }
        let line = |t: &str| t.trim().replace(['\n', '\r', '\t'], " ");
        self.answers.push(line(text));
        self.reasons.push(line(reason));
        if self.answered_ms.len() + 1 == self.answers.len() {
            self.answered_ms.push(now_ms.max(self.started_ms));
        }
        if self.answers.len() >= self.steps() {
            self.ended_ms = Some(now_ms);
        }
    }

    /// Seconds spent on each answered step: from the answer before it (or
    /// the start) to its own; none where the session kept no times.
    pub fn seconds(&self) -> Vec<Option<f64>> {
        (0..self.answers.len())
            .map(|i| {
                let at = *self.answered_ms.get(i)?;
                let from = match i {
                    0 => self.started_ms,
                    _ => *self.answered_ms.get(i - 1)?,
                };
                Some(((at - from) / 1000.0).max(0.0))
            })
            .collect()
    }

    /// Ticks or unticks rubric point `point` of step `step` (a finished
    /// mock only: the rubric is read beside the model answer).
    pub fn tick_point(&mut self, step: usize, point: u32, on: bool) {
        if self.ended_ms.is_none() || step >= self.steps() || point >= 32 {
            return;
        }
        if self.ticks.len() <= step {
            self.ticks.resize(step + 1, 0);
        }
        if on {
            self.ticks[step] |= 1 << point;
        } else {
            self.ticks[step] &= !(1 << point);
        }
    }

    /// Whether rubric point `point` of step `step` is ticked.
    pub fn ticked(&self, step: usize, point: u32) -> bool {
        point < 32 && self.ticks.get(step).is_some_and(|t| t & (1 << point) != 0)
    }

    /// Ends the mock when its time is up; says whether it is over.
    pub fn tick(&mut self, now_ms: f64) -> bool {
        if self.ended_ms.is_none() && self.remaining_s(now_ms) <= 0.0 {
            self.ended_ms = Some(now_ms);
        }
        self.ended_ms.is_some()
    }

    pub fn end(&mut self, now_ms: f64) {
        self.ended_ms.get_or_insert(now_ms);
    }

    pub fn steps(&self) -> usize {
        PROBLEMS[(self.seed % PROBLEMS.len() as u64) as usize]
            .steps
            .len()
    }

    pub fn mock(&self) -> Mock {
        Mock::new(self.seed)
    }

    /// The session as text: a line `mock SEED MINUTES STARTED ENDED
    /// RECORDED TIMES TICKS` (ENDED `-` while it runs; TIMES each answer's
    /// wall-clock ms and TICKS each step's ticked points, separated by
    /// commas, `-` when there are none), then one line per answer, its
    /// reason after a tab.
    pub fn write(&self) -> String {
        let ended = self.ended_ms.map_or("-".to_string(), |e| e.to_string());
        let list = |xs: Vec<String>| match xs.is_empty() {
            true => "-".to_string(),
            false => xs.join(","),
        };
        let mut out = format!(
            "mock {} {} {} {ended} {} {} {}",
            self.seed,
            self.minutes,
            self.started_ms,
            u8::from(self.recorded),
            list(self.answered_ms.iter().map(f64::to_string).collect()),
            list(self.ticks.iter().map(u32::to_string).collect()),
        );
        for (i, a) in self.answers.iter().enumerate() {
            out.push('\n');
            out.push_str(a);
            if let Some(r) = self.reasons.get(i).filter(|r| !r.is_empty()) {
                out.push('\t');
                out.push_str(r);
            }
        }
        out
    }

    /// Reads what [`Session::write`] wrote; none if it cannot be a session
    /// of this build (a seed past 2^53, a length not offered, a start that
    /// is no time, more answers than steps).
    pub fn read(text: &str) -> Option<Session> {
        let mut lines = text.split('\n');
        let head: Vec<&str> = lines.next()?.split(' ').collect();
        // An older build wrote the first six fields only.
        let (tag, seed, minutes, started, ended, recorded, times, ticks) = match head[..] {
            [a, b, c, d, e, f] => (a, b, c, d, e, f, "-", "-"),
            [a, b, c, d, e, f, g, h] => (a, b, c, d, e, f, g, h),
            _ => return None,
        };
        fn list<T>(text: &str, read: fn(&str) -> Option<T>) -> Option<Vec<T>> {
            match text {
                "-" => Some(Vec::new()),
                t => t.split(',').map(read).collect(),
            }
        }
        let (answers, reasons) = lines
            .map(|l| match l.split_once('\t') {
                Some((a, r)) => (a.to_string(), r.to_string()),
                None => (l.to_string(), String::new()),
            })
            .unzip();
        let s = Session {
            seed: seed.parse().ok()?,
            minutes: minutes.parse().ok()?,
            started_ms: crate::model::decimal::parse(started)?,
            ended_ms: match ended {
                "-" => None,
                e => Some(crate::model::decimal::parse(e)?),
            },
            recorded: recorded == "1",
            answers,
            reasons,
            answered_ms: list(times, crate::model::decimal::parse)?,
            ticks: list(ticks, |t| t.parse().ok())?,
        };
        let ok = tag == "mock"
            && s.seed <= MAX_SEED
            && LENGTHS.contains(&s.minutes)
            && s.started_ms.is_finite()
            && s.ended_ms.is_none_or(f64::is_finite)
            && s.answers.len() <= s.steps()
            && s.answered_ms.len() <= s.answers.len()
            && s.answered_ms.iter().all(|t| t.is_finite())
            && s.ticks.len() <= s.steps();
        ok.then_some(s)
    }
}

/// A fresh mock's seed from the edge's entropy, drawing another problem than
/// the `previous` mock's (so a second mock is not the first).
pub fn fresh_seed(entropy: u64, previous: Option<u64>) -> u64 {
    let n = PROBLEMS.len() as u64;
    let s = entropy & MAX_SEED;
    let Some(p) = previous else { return s };
    if s % n != p % n {
        return s;
    }
    let want = (p % n + 1 + (s / n) % (n - 1)) % n;
    let base = s - s % n;
    let base = if base + n - 1 > MAX_SEED {
        base - n
    } else {
        base
    };
    base + want
}

/// What the clock says out loud between `before_s` and `after_s` seconds
/// left of a `minutes` mock: half time, 5 minutes and 1 minute left, and
/// time up; nothing in between (a screen reader hears four sentences).
pub fn announce(minutes: u32, before_s: f64, after_s: f64) -> Option<String> {
    let half = minutes as f64 * 30.0;
    let crossed = |mark: f64| before_s > mark && after_s <= mark;
    if crossed(0.0) {
        Some("Time is up. Your scorecard is below.".into())
    } else if crossed(60.0) {
        Some("One minute left.".into())
    } else if crossed(300.0) {
        Some("Five minutes left.".into())
    } else if crossed(half) {
        let (m, rest) = (
            minutes / 2,
            if minutes % 2 == 1 { " 30 seconds" } else { "" },
        );
        Some(format!("Half time: {m} minutes{rest} left."))
    } else {
        None
    }
}
