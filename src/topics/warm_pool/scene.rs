//! The warm pool scene: the page's burst (`sim.rs`), stepped slice by slice
//! while the learner watches, over a day of bursts.
//!
//! A day holds `bursts_per_day` bursts, evenly spaced. Before each, a short
//! quiet spell: the standby replicas idle while the rent meter ticks. Then
//! the burst: arrivals climb, the standby replicas serve at once, the
//! launched ones boot with a countdown while the queue grows, and the
//! backlog clears. The quiet hours to the next burst pass as a fast-forward
//! (the clock and the meter race; nothing else happens in them), and at
//! midnight the day is over and the scene holds its last frame.
//!
//! Every burst is the figures' own burst (the same slices, the same FIFO),
//! so the counters reach the figures exactly: the worst wait, p95 and peak
//! backlog after the first burst, the rent and the day's waiting at
//! midnight. The seed only scatters the request marks. Drawing is in
//! `scene_draw.rs`.

use super::model::Burst;
use super::params::{Input, SLICES};
use super::sim::{p95_wait, simulate_burst, BurstRun};
use crate::model::scene::{
    Claim, Comparison, CounterSpec, Frame, Layout, Order, Scene, SceneSpec, Stepped, Steps,
};
use crate::model::{Params, Unit};
use std::cell::{Cell, RefCell};

pub static SCENE: SceneSpec = SceneSpec {
    build,
    production: true,
    comparisons: &[
        Comparison {
            id: "pool",
            label: "No warm pool vs one warm replica",
            param: "warm",
            a: "0",
            b: "1",
            watch: "With no pool the first arrivals queue until the cold start ends; one standby replica serves some of them at once, so the backlog is smaller, for a day of its rent.",
            claims: &[Claim::new("backlog", Order::Below), Claim::new("max_wait_s", Order::AtMost), Claim::new("idle_rent_today", Order::Above)],
        },
        Comparison {
            id: "all-warm",
            label: "One warm replica vs four",
            param: "warm",
            a: "1",
            b: "4",
            watch: "Four standby replicas take a burst of up to four replicas with no wait at all; the rent meter runs four times as fast all day, bursts or not.",
            claims: &[Claim::new("max_wait_s", Order::AtMost), Claim::new("idle_rent_today", Order::Above)],
        },
    ],
    counters: &COUNTERS,
};

/// The whole day (86,400 s): the scene's clock runs at least as fast as its
/// steps, so by then it has reached midnight. The burst counters settle
/// after the first burst; the rent and the day's waiting at midnight.
/// Tolerances: each burst is the figures' own, so the counters are the
/// figures exactly once settled; the margins absorb float summation only.
const WHOLE_DAY: f64 = DAY_S;
pub(super) const DAY_S: f64 = 86_400.0;

static COUNTERS: [CounterSpec; 6] = [
    CounterSpec::dollars(
        "idle_rent_today",
        "standby rent today",
        "idle_rent_per_day",
        WHOLE_DAY,
    ),
    CounterSpec::new("max_wait_s", "worst wait", Unit::Seconds).settles_on(
        "max_wait_s",
        0.001,
        WHOLE_DAY,
    ),
    CounterSpec::new(
        "p95_wait_s",
        "p95 wait (this burst, served so far)",
        Unit::Seconds,
    )
    .settles_on("p95_wait_s", 0.001, WHOLE_DAY),
    CounterSpec::new("backlog", "peak backlog", Unit::Count("requests"))
        .settles_on("backlog", 0.01, WHOLE_DAY),
    CounterSpec::new("wait_hours_today", "user-hours waited today", Unit::Hours).settles_on(
        "wait_hours_per_day",
        0.001,
        WHOLE_DAY,
    ),
    CounterSpec::new(
        "served_at_once",
        "served without waiting (this burst)",
        Unit::Share,
    )
    .within(0.01),
];

/// Slices of quiet before each burst (a twentieth of the burst's horizon).
const LEAD_SLICES: u32 = SLICES as u32 / 20;
/// Steps the fast-forward to the next burst takes (a tenth of a burst).
pub(super) const FF_STEPS: u32 = SLICES as u32 / 10;
/// Real seconds the default speed takes to play a burst.
const PLAY_S: f64 = 30.0;
/// Most simulated seconds one `advance` runs.
const MAX_ADVANCE_S: f64 = 3600.0;
/// Arrival marks kept (the lane shows the latest).
pub(super) const MARKS: usize = 64;
/// Backlog samples kept per burst (one per `SLICES / TRACE` slices).
pub(super) const TRACE: usize = 200;

/// Where the day is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Phase {
    /// Quiet before the next burst, which starts at `until` (day clock).
    Quiet { until: f64 },
    /// A burst, begun at `start`.
    Burst { start: f64 },
    /// The quiet hours from `from` to `to`, played in `FF_STEPS` steps;
    /// `left` remain.
    Forward { from: f64, to: f64, left: u32 },
    /// Midnight: the day is over.
    Over,
}

/// The day of bursts and what the drawing keeps of it.
pub(super) struct PoolScene {
    pub(super) run: BurstRun,
    pub(super) seed: u64,
    pub(super) price: f64,
    pub(super) bursts: u32,
    /// Seconds between bursts' starts.
    pub(super) cycle: f64,
    /// The day's clock (s since midnight), the scene's now.
    pub(super) day_t: f64,
    pub(super) phase: Phase,
    /// Bursts finished today.
    pub(super) done: u32,
    /// Today's tallies: worst wait, peak backlog, request-seconds waited.
    pub(super) worst: f64,
    pub(super) peak: f64,
    pub(super) waited: f64,
    /// The last finished burst's p95 wait (0 before the first).
    pub(super) p95: f64,
    /// During a burst, its p95 so far: for which (bursts done, waits
    /// served) it was last worked out, and the buffer it sorts.
    p95_now: Cell<Option<((u32, usize), f64)>>,
    p95_scratch: RefCell<Vec<(f64, f64)>>,
    /// This burst's requests that left without waiting (the last burst's
    /// between bursts).
    pub(super) at_once: f64,
    /// Requests a mark stands for, arrivals not yet marked, and the marks'
    /// birth times (burst seconds) in a ring.
    pub(super) per_mark: f64,
    carry: f64,
    pub(super) marks: [f64; MARKS],
    pub(super) n_marks: usize,
    /// This burst's backlog, sampled, and the scale it is drawn to (the
    /// burst's peak backlog, from a run at build time).
    pub(super) trace: [f32; TRACE],
    pub(super) trace_top: f64,
}

fn build(p: &Params, seed: u64) -> Box<dyn Scene> {
    let inp = Input::read(p);
    let pool = PoolScene::new(&inp, seed);
    // One slice a step, at most an hour of the day a call.
    let most = (MAX_ADVANCE_S / pool.run.dt).ceil().min(1e6) as u32;
    let slice_s = pool.run.dt.max(1e-6);
    Stepped::boxed(pool, slice_s, most)
}

impl PoolScene {
    pub(super) fn new(inp: &Input, seed: u64) -> PoolScene {
        // The page's model: on the seed card every launch is ready at the
        // cold start; closer to production each at its own (`Burst::new`).
        let b = Burst::new(inp.warm, inp.shape);
        let run = BurstRun::new(&b);
        let lead = LEAD_SLICES as f64 * run.dt;
        let peak_rate = inp.shape.need as f64 * inp.shape.rate;
        // The lane shows `lane_s()` of arrivals in at most 48 marks.
        let lane = 1.5 * (run.stats.horizon_s / PLAY_S).clamp(1.0, 60.0);
        let per_mark = [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0]
            .into_iter()
            .find(|m| peak_rate * lane / m <= 48.0)
            .unwrap_or(1000.0);
        let bursts = inp.bursts_per_day.round().max(1.0) as u32;
        PoolScene {
            run,
            seed,
            price: inp.price,
            bursts,
            cycle: DAY_S / bursts as f64,
            day_t: 0.0,
            phase: Phase::Quiet { until: lead },
            done: 0,
            worst: 0.0,
            peak: 0.0,
            waited: 0.0,
            p95: 0.0,
            p95_now: Cell::new(None),
            p95_scratch: RefCell::new(Vec::with_capacity(SLICES)),
            at_once: 0.0,
            per_mark,
            carry: 0.0,
            marks: [f64::NEG_INFINITY; MARKS],
            n_marks: 0,
            trace: [0.0; TRACE],
            trace_top: simulate_burst(&b, None).peak_backlog,
        }
    }

    pub(super) fn burst(&self) -> &Burst {
        &self.run.b
    }

    /// When burst `i` is due (day clock), a quiet lead after its cycle
    /// begins.
    pub(super) fn burst_start(&self, i: u32) -> f64 {
        i as f64 * self.cycle + LEAD_SLICES as f64 * self.run.dt
    }

    /// Seconds into the burst on show (between bursts, the last one's
    /// end; 0 before the first).
    pub(super) fn burst_t(&self) -> f64 {
        self.run.slice() as f64 * self.run.dt
    }

    pub(super) fn in_burst(&self) -> bool {
        matches!(self.phase, Phase::Burst { .. })
    }

    /// Simulated seconds the arrival lane shows.
    pub(super) fn lane_s(&self) -> f64 {
        1.5 * self.speed()
    }

    /// The speed that plays a burst in `PLAY_S` real seconds.
    fn speed(&self) -> f64 {
        (self.run.stats.horizon_s / PLAY_S).clamp(1.0, 60.0)
    }

    /// Standby rent so far today.
    pub(super) fn rent(&self) -> f64 {
        self.run.b.warm as f64 * self.price * self.day_t.min(DAY_S) / 3600.0
    }

    /// A burst begins: the launched replicas start booting.
    fn begin(&mut self) {
        self.run.reset();
        self.phase = Phase::Burst { start: self.day_t };
        (self.at_once, self.carry) = (0.0, 0.0);
        self.n_marks = 0;
        self.trace = [0.0; TRACE];
    }

    /// One slice of the burst: who arrives (marks), who leaves (tallies).
    fn burst_step(&mut self) {
        let (t0, before) = (self.burst_t(), self.run.waits.len());
        self.run.step();
        let t1 = self.burst_t();
        let b = self.run.b;
        self.carry += b.arrived(t1) - b.arrived(t0);
        let mut spawned = 0;
        while self.carry >= self.per_mark && spawned < 4 {
            self.carry -= self.per_mark;
            self.marks[self.n_marks % MARKS] = t1;
            self.n_marks += 1;
            spawned += 1;
        }
        self.carry = self.carry.min(self.per_mark);
        for &(w, a) in &self.run.waits[before..] {
            self.worst = self.worst.max(w);
            self.waited += w * a;
            if w <= 0.0 {
                self.at_once += a;
            }
        }
        self.peak = self.peak.max(self.run.q);
        let k = (self.run.slice() - 1) * TRACE / SLICES;
        self.trace[k] = self.trace[k].max(self.run.q as f32);
    }

    /// A burst ends: its p95, then the quiet hours to the next one (or to
    /// midnight after the last).
    fn end(&mut self) {
        self.p95 = self.run.finish().p95_wait_s;
        self.done += 1;
        let to = if self.done >= self.bursts {
            DAY_S
        } else {
            self.done as f64 * self.cycle
        };
        self.phase = if to > self.day_t {
            Phase::Forward {
                from: self.day_t,
                to,
                left: FF_STEPS,
            }
        } else if self.done >= self.bursts {
            Phase::Over
        } else {
            Phase::Quiet {
                until: self.day_t + LEAD_SLICES as f64 * self.run.dt,
            }
        };
    }

    /// The p95 wait of the burst on show: during a burst, over the
    /// requests it has served so far (0 before the first is served; those
    /// still queued count once served); between bursts and at midnight, the
    /// last whole burst's.
    pub(super) fn p95_so_far(&self) -> f64 {
        if !self.in_burst() {
            return self.p95;
        }
        let key = (self.done, self.run.waits.len());
        if let Some((_, v)) = self.p95_now.get().filter(|(k, _)| *k == key) {
            return v;
        }
        let mut scratch = self.p95_scratch.borrow_mut();
        scratch.clear();
        scratch.extend_from_slice(&self.run.waits);
        let v = p95_wait(&mut scratch).unwrap_or(0.0);
        self.p95_now.set(Some((key, v)));
        v
    }

    /// Share of this burst's arrivals so far served without waiting (0
    /// before any arrive).
    pub(super) fn at_once_share(&self) -> f64 {
        let arrived = self.burst().arrived(self.burst_t());
        if arrived > 0.0 {
            (self.at_once / arrived).min(1.0)
        } else {
            0.0
        }
    }
}

impl PoolScene {
    /// Whole seconds until the next and the last launched replica still
    /// booting at burst second `t` is ready (the model's own times, one
    /// per launch: `Burst::launches`); (0, 0) when none is booting.
    pub(super) fn boot_left(&self, t: f64) -> (f64, f64) {
        let left = |a: f64| (a - t).ceil();
        let mut booting = self.burst().launches().iter().filter(|&&a| t < a);
        let next = booting.next().map_or(0.0, |&a| left(a));
        (next, booting.next_back().map_or(next, |&a| left(a)))
    }
}

impl Steps for PoolScene {
    /// One step of the day; false once it is over.
    fn step(&mut self) -> bool {
        let dt = self.run.dt;
        match self.phase {
            Phase::Quiet { until } => {
                self.day_t += dt;
                if self.day_t >= until - 1e-9 {
                    self.day_t = until;
                    self.begin();
                }
            }
            Phase::Burst { start } => {
                self.burst_step();
                self.day_t = start + self.burst_t();
                if self.run.slice() >= SLICES {
                    self.end();
                }
            }
            Phase::Forward { from, to, left } => {
                let left = left - 1;
                self.day_t = to - (to - from) * left as f64 / FF_STEPS as f64;
                self.phase = if left > 0 {
                    Phase::Forward { from, to, left }
                } else if self.done >= self.bursts {
                    Phase::Over
                } else {
                    Phase::Quiet {
                        until: to + LEAD_SLICES as f64 * dt,
                    }
                };
            }
            Phase::Over => return false,
        }
        true
    }

    /// The day's clock: the scene opens at midnight.
    fn now_s(&self, _clock_s: f64) -> f64 {
        self.day_t
    }

    /// Wide beside the sliders, or a column for a phone (`scene_draw.rs`).
    fn size(&self, layout: Layout) -> (f32, f32) {
        self.extent(layout)
    }

    fn draws_counters(&self, layout: Layout) -> bool {
        self.tallied(layout)
    }

    fn default_speed(&self) -> f64 {
        self.speed()
    }

    fn draw(&self, f: &mut Frame) {
        self.paint(f)
    }

    fn counters(&self, out: &mut Vec<f64>) {
        out.extend([
            self.rent(),
            self.worst,
            self.p95_so_far(),
            self.peak,
            self.waited / 3600.0,
            self.at_once_share(),
        ]);
    }

    fn summary(&self, out: &mut String) {
        self.tell(out)
    }
}

impl PoolScene {
    /// One or two sentences on now: the quiet, the burst (who serves, who
    /// boots, what waits), the fast-forward, or the day's totals.
    fn tell(&self, out: &mut String) {
        use crate::model::scene::{Clock, Thousands};
        use std::fmt::Write as _;
        let b = self.burst();
        let (w, n) = (b.warm, self.bursts);
        let _ = match self.phase {
            Phase::Quiet { .. } if w == 0 => write!(
                out,
                "{}: quiet, no standby replicas and no rent. Burst {} of {n} will find every replica cold.",
                Clock(self.day_t),
                self.done + 1
            ),
            Phase::Quiet { .. } => write!(
                out,
                "{}: quiet. {w} standby {} for burst {} of {n}, renting {} an hour: {} so far today.",
                Clock(self.day_t),
                if w == 1 { "replica waits" } else { "replicas wait" },
                self.done + 1,
                Unit::Usd.format(w as f64 * self.price),
                // As the rent counter shows it (a few cents to three digits).
                Unit::Usd.format(self.rent())
            ),
            Phase::Burst { .. } => {
                let t = self.burst_t();
                let rate = b.demand(t);
                let _ = write!(
                    out,
                    "{}, burst {} of {n}, {t:.0} s in: {} {} a second.",
                    Clock(self.day_t),
                    self.done + 1,
                    Thousands(rate),
                    if (0.5..1.5).contains(&rate) {
                        "request arrives"
                    } else {
                        "requests arrive"
                    }
                );
                self.burst_summary(out)
            }
            // What is still to come by `to`: beside the rent counter as it
            // climbs, the two add up to the rent at `to`.
            Phase::Forward { to, .. } => write!(
                out,
                "Fast-forward through the quiet hours to {}: the standby rent adds {} by then, with nobody calling.",
                Clock(to),
                Unit::Usd.format(w as f64 * self.price * (to - self.day_t).max(0.0) / 3600.0)
            ),
            Phase::Over => write!(
                out,
                "Midnight: the day is over. {n} bursts, worst wait {:.1} s, p95 {:.1} s, {} of standby rent.",
                self.worst,
                self.p95,
                Unit::Usd.format(self.rent())
            ),
        };
    }

    /// Who serves and who boots in the burst on show, and what waits.
    fn burst_summary(&self, out: &mut String) -> std::fmt::Result {
        use crate::model::scene::Thousands;
        use std::fmt::Write as _;
        let b = self.burst();
        let t = self.burst_t();
        let booting = b.booting(t);
        if booting > 0 {
            let _ = match b.warm {
                0 => write!(out, " No standby replica;"),
                1 => write!(out, " 1 standby replica serves at once;"),
                w => write!(out, " {w} standby replicas serve at once;"),
            };
            let up = b.launched() - booting;
            if up > 0 {
                write!(out, " {up} launched up,")?;
            }
            let (next, last) = self.boot_left(t);
            let noun = match (up, booting) {
                (0, 1) => "launched replica is",
                (0, _) => "launched replicas are",
                (_, 1) => "is still",
                _ => "are still",
            };
            write!(out, " {booting} {noun} booting")?;
            if next == last {
                write!(out, " ({next:.0} s left).")?;
            } else {
                write!(
                    out,
                    " (the next up in {next:.0} s, the last in {last:.0} s)."
                )?;
            }
        } else if b.ready(t) == 1 {
            write!(out, " 1 replica is ready.")?;
        } else {
            write!(out, " {} replicas are ready.", b.ready(t))?;
        }
        if self.run.q < 0.5 {
            write!(out, " Nothing waits.")
        } else if self.run.q < 1.5 {
            write!(out, " 1 request waits.")
        } else {
            write!(out, " {} requests wait.", Thousands(self.run.q))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::params::PARAMS;
    use super::*;

    /// What the scene says of the p95 wait is true of the burst on show:
    /// during the first burst it is the p95 of the waits served so far
    /// (not a 0 standing for "no burst finished yet"), and between bursts
    /// the last whole burst's, which is the page's figure.
    #[test]
    fn the_p95_is_of_the_burst_on_show() {
        let inp = Input::read(&Params::defaults(&PARAMS));
        let mut scene = PoolScene::new(&inp, 1);
        let (mut saw_wait, mut out) = (false, Vec::new());
        while scene.done == 0 && scene.step() {
            if !scene.in_burst() {
                continue;
            }
            let mut waits = scene.run.waits.clone();
            let want = p95_wait(&mut waits).unwrap_or(0.0);
            out.clear();
            scene.counters(&mut out);
            assert_eq!(out[2], want, "at {} s of the first burst", scene.burst_t());
            saw_wait |= want > 0.0;
        }
        assert!(saw_wait, "the default burst makes some requests wait");
        let figure = simulate_burst(scene.burst(), None).p95_wait_s;
        out.clear();
        scene.counters(&mut out);
        assert!(
            (out[2] - figure).abs() < 1e-9,
            "{} against {figure}",
            out[2]
        );
        let mut frame = Frame::default();
        scene.draw(&mut frame);
        assert!(frame.text.contains("p95 wait, last burst"));
    }

    /// The spoken summary's counts agree with their nouns all through a
    /// burst with one warm replica and with none, under either model ("1
    /// request waits", never "1 requests wait"; "1 replica is ready").
    #[test]
    fn the_summary_counts_agree_with_their_nouns() {
        use crate::model::Assumptions;
        for (warm, a) in ["0", "1"]
            .into_iter()
            .flat_map(|w| Assumptions::ALL.map(|a| (w, a)))
        {
            let mut p = Params::defaults(&PARAMS);
            p.set("warm", warm).unwrap();
            p.set_assumptions(a);
            let inp = Input::read(&p);
            let mut scene = PoolScene::new(&inp, 1);
            let mut text = String::new();
            while scene.done == 0 && scene.step() {
                text.clear();
                scene.summary(&mut text);
                for wrong in [
                    "1 requests",
                    "1 replicas",
                    "1 request wait.",
                    "1 replica are",
                    "1 are still",
                ] {
                    // A "1" that is a whole count, not the end of "11".
                    let alone = text.match_indices(wrong).any(|(i, _)| {
                        !text[..i].ends_with(|c: char| c.is_ascii_digit() || c == ',' || c == '.')
                    });
                    assert!(!alone, "{warm} warm: {text}");
                }
            }
        }
    }

    /// Closer to production the scene's launches are the model's: each
    /// launched replica comes up at its own cold start from
    /// `launch_spread` (one at least a slice later than the floor), and
    /// the summary counts the ones still booting as they land.
    #[test]
    fn closer_to_production_each_launch_comes_up_at_the_models_time() {
        use super::super::model::launch_spread;
        use crate::model::Assumptions;
        let mut p = Params::defaults(&PARAMS);
        p.set_assumptions(Assumptions::Production);
        let inp = Input::read(&p);
        let mut scene = PoolScene::new(&inp, 1);
        let b = *scene.burst();
        let m = b.launched() as usize;
        assert!(m >= 2, "the default burst launches several replicas");
        let want = launch_spread(m, b.shape.cold_start_s);
        assert_eq!(b.launches(), &want[..]);
        // When the scene first counts each launch ready (burst seconds).
        let (mut up_at, mut text) = (vec![f64::NAN; m], String::new());
        while scene.done == 0 && scene.step() {
            if !scene.in_burst() {
                continue;
            }
            let t = scene.burst_t();
            let up = (scene.burst().ready(t) - b.warm) as usize;
            for a in up_at.iter_mut().take(up).filter(|a| a.is_nan()) {
                *a = t;
            }
            text.clear();
            scene.summary(&mut text);
            let booting = m - up;
            if booting > 0 {
                assert!(text.contains(&format!(" {booting} ")), "{text}");
            }
        }
        let dt = scene.run.dt;
        for (got, want) in up_at.iter().zip(&want) {
            assert!(*got >= *want && *got < want + dt + 1e-9, "{got} for {want}");
        }
        assert!(up_at[m - 1] > b.shape.cold_start_s + dt, "{up_at:?}");
    }

    /// The words say the money as the counters do: a few seconds into the
    /// day the summary's rent is the counter's fraction of a cent, not
    /// "$0.00"; and the rings' key reads as the dots' ("○ = 10 waiting",
    /// not a bare "10 waiting" beside "queue: 0").
    #[test]
    fn the_words_and_keys_agree_with_the_counters() {
        let inp = Input::read(&Params::defaults(&PARAMS));
        let mut scene = PoolScene::new(&inp, 1);
        scene.step();
        scene.step();
        assert!(!scene.in_burst() && scene.rent() > 0.0 && scene.rent() < 0.005);
        let mut text = String::new();
        scene.summary(&mut text);
        let rent = Unit::Usd.format(scene.rent());
        assert!(text.contains(&format!("{rent} so far today")), "{text}");
        let mut frame = Frame::default();
        scene.draw(&mut frame);
        let per = scene.per_mark;
        assert!(
            frame.text.contains(&format!("= {per} waiting")),
            "{}",
            frame.text
        );
        // Through the fast-forward, the rent still to come that the words
        // name and the counter's rent add up to the rent at its end.
        let mut forwarded = 0;
        while scene.step() && scene.done < 2 {
            let Phase::Forward { to, .. } = scene.phase else {
                continue;
            };
            forwarded += 1;
            let w = scene.burst().warm as f64;
            let at_end = Unit::Usd.format(w * scene.price * to / 3600.0);
            let left = w * scene.price * (to - scene.day_t) / 3600.0;
            text.clear();
            scene.summary(&mut text);
            assert!(text.contains(&Unit::Usd.format(left)), "{text}");
            assert_eq!(Unit::Usd.format(scene.rent() + left), at_end);
        }
        assert!(forwarded > 2, "the day fast-forwards between bursts");
    }
}
