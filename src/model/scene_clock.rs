//! A scene's fixed-step clock, apart from the vocabulary of scenes
//! ([`super::scene`]) that uses it.

/// A fixed-step clock for a scene: `advance(dt)` runs the engine in steps of
/// `step_s` whatever `dt` the frame rate gives, so a scene's state depends on
/// simulated time only. `due(dt)` says how many steps to run now.
#[derive(Clone, Copy, Debug)]
pub struct Stepper {
    pub step_s: f64,
    carry: f64,
    steps: u64,
    pub now_s: f64,
}

impl Stepper {
    pub const fn new(step_s: f64) -> Stepper {
        Stepper {
            step_s,
            carry: 0.0,
            steps: 0,
            now_s: 0.0,
        }
    }
    /// How many whole steps `dt_s` more seconds hold (the rest carries over),
    /// capped at `max` so one slow frame cannot stall the page.
    pub fn due(&mut self, dt_s: f64, max: u32) -> u32 {
        if dt_s.is_nan() || dt_s <= 0.0 || dt_s.is_infinite() {
            return 0;
        }
        self.carry += dt_s;
        // A hair of slack, so that 0.25 s then 0.05 s make three steps of
        // 0.1 s although 0.25 − 0.2 + 0.05 falls a rounding short of 0.1.
        let n = (self.carry / self.step_s + 1e-9)
            .floor()
            .min(max as f64)
            .max(0.0);
        self.carry = (self.carry - n * self.step_s).max(0.0);
        if n as u32 == max {
            self.carry = self.carry.min(self.step_s);
        }
        // Counted in whole steps, so the clock reads the same whatever the
        // frames that brought it there.
        self.steps += n as u64;
        self.now_s = self.steps as f64 * self.step_s;
        n as u32
    }
}

/// A scene's time as its clock shows it at a step of a tenth of a second or
/// more: tenths under a minute (cut, not rounded, as a day's clock is),
/// then minutes and seconds, then hours and minutes ("32.1 s", "2 min 05
/// s", "2 h 07 min"). A scene's words name its times the same way.
pub fn clock_words(t: f64) -> String {
    let t = t.max(0.0);
    if t < 60.0 {
        // A hair up: three steps of 5.1 s read 15.3 s, not 15.2.
        format!("{:.1} s", (t * 10.0 + 1e-6).floor() / 10.0)
    } else if t < 3600.0 {
        format!("{} min {:02} s", (t / 60.0).floor(), (t % 60.0).floor())
    } else {
        format!(
            "{} h {:02} min",
            (t / 3600.0).floor(),
            ((t % 3600.0) / 60.0).floor()
        )
    }
}
