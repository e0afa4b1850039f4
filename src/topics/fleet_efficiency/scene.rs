//! The scene: the page's month, watched as it runs.
//!
//! The pool is the page's (drawn from the page's lottery seed), so what the
//! scene counts ends exactly where the page's figures stand. First the
//! autoscaler watches every card through its window (an hour, a day or a
//! week of the scene's clock): the reading settles onto what the model says
//! that window shows, `true × (1 + err × u)`. Then it evicts the lowest
//! measured scores one by one; an eviction of a card whose true rate is at
//! or above the fleet median is wrong. Then the month runs hour by hour, as
//! the page's month does: the warm cards' true capacity meets the demand,
//! rent and idle dollars pile up.
//!
//! Through the whole month each card's reading keeps moving, one new
//! reading per window with fresh luck `u` (the scene's seed draws it): the
//! model's noise, shown for what it is. The autoscaler acted once, on the
//! first window's reading. The display of a reading settling inside the
//! first window (its jitter shrinking to nothing as the window fills) is the
//! scene's, not the model's: the model gives only the window's result.
//!
//! The clock steps a quarter of an hour: the state depends on simulated
//! time only.

use super::model::HourSums;
use super::params::{MonthInput, Window, CHURN_FEE, HOURS};
use super::sim::{run_month, Month};
use crate::model::scene::{
    Claim, Comparison, CounterSpec, Frame, Layout, Money, Order, Scene, SceneSpec, Stepped, Steps,
};
use crate::model::{Params, SplitMix64, Unit};
use std::fmt::Write as _;

const HOUR_S: f64 = 3600.0;
/// The clock's step: a quarter of an hour.
const STEP_S: f64 = 900.0;
/// At most this many steps per call (two months).
const MAX_STEPS: u32 = 2 * 730 * 4;
/// How long the evictor takes over its evictions, one after the other.
pub(super) const EVICTING_S: f64 = 6.0 * HOUR_S;
/// The longest window, a week, then the evictions, then the month: every
/// counter stands at its figure by then.
const SETTLE_S: f64 = 168.0 * HOUR_S + EVICTING_S + HOURS as f64 * HOUR_S;

pub static SCENE: SceneSpec = SceneSpec {
    build,
    production: false,
    comparisons: &[
        Comparison {
            id: "window",
            label: "Hour vs week window",
            param: "window",
            a: "hour",
            b: "week",
            watch: "An hour's readings jump ±25 % around the true rates, and an evictor acting on them can throw out healthy cards (orange crosses); a week's barely move, and it waits a week to act.",
            claims: &[Claim::new("wrong_evictions", Order::AtMost)],
        },
        Comparison {
            id: "mode",
            label: "Always warm vs steady",
            param: "mode",
            a: "always-warm",
            b: "steady",
            watch: "Always warm pays for every survivor, so idle dollars pile up wherever there is slack; steady runs only the best cards that cover the peak.",
            claims: &[Claim::new("idle_dollars", Order::AtMost), Claim::new("bill", Order::AtMost)],
        },
        Comparison {
            id: "share",
            label: "Evict 40 % vs 10 %",
            param: "share_pct",
            a: "40",
            b: "10",
            watch: "The bigger share reaches further into the pool, toward its faster cards, where an eviction is a mistake: the smaller one evicts no more healthy cards.",
            claims: &[Claim::new("wrong_evictions", Order::AtMost)],
        },
    ],
    counters: &COUNTERS,
};

/// Every counter is the page's month summed the page's way, so it lands on
/// its figure (to rounding) once the month is over.
static COUNTERS: [CounterSpec; 5] = [
    CounterSpec::new("wrong_evictions", "wrong evictions", Unit::Count("cards")).settles_on(
        "wrong_evictions",
        0.5,
        SETTLE_S,
    ),
    CounterSpec::share(
        "wrong_eviction_share",
        "wrong among the evicted",
        "wrong_eviction_share",
        1e-9,
        SETTLE_S,
    ),
    CounterSpec::dollars("bill", "bill so far", "bill", SETTLE_S),
    CounterSpec::dollars(
        "idle_dollars",
        "idle dollars so far",
        "idle_dollars",
        SETTLE_S,
    ),
    CounterSpec::share(
        "delivered_share",
        "delivered ÷ demanded so far",
        "delivered_share",
        1e-9,
        SETTLE_S,
    ),
];

/// The window's length, s.
pub(super) fn window_s(w: Window) -> f64 {
    HOUR_S
        * match w {
            Window::Hour => 1.0,
            Window::Day => 24.0,
            Window::Week => 168.0,
        }
}

/// Where the month stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Phase {
    /// Watching the cards through the first window: the share of it done.
    Measuring(f64),
    /// Evicting: how many are out so far.
    Evicting(usize),
    /// The month, hours done.
    Running(usize),
}

pub(super) struct FleetScene {
    pub(super) m: Month,
    pub(super) inp: MonthInput,
    /// The cards by true rate, slowest first (where each stands on screen).
    pub(super) order: Vec<usize>,
    /// Each card's reading now, tok/s.
    pub(super) reading: Vec<f64>,
    rng: SplitMix64,
    steps: u64,
    /// The window the current readings come from (0 the first).
    instance: u64,
    pub(super) sums: HourSums,
    pub(super) hours: usize,
}

fn build(p: &Params, seed: u64) -> Box<dyn Scene> {
    let inp = MonthInput::read(p);
    let m = run_month(&inp);
    let mut order: Vec<usize> = (0..m.cards.len()).collect();
    order.sort_by(|&a, &b| {
        m.cards[a]
            .true_rate
            .total_cmp(&m.cards[b].true_rate)
            .then(a.cmp(&b))
    });
    let mut scene = FleetScene {
        reading: vec![0.0; m.cards.len()],
        m,
        inp,
        order,
        rng: SplitMix64::new(seed),
        steps: 0,
        instance: 0,
        sums: HourSums::default(),
        hours: 0,
    };
    scene.settle_readings(0.0);
    Stepped::boxed(scene, STEP_S, MAX_STEPS)
}

impl FleetScene {
    pub(super) fn now_s(&self) -> f64 {
        self.steps as f64 * STEP_S
    }

    /// When the month's first hour starts, s.
    fn month_start_s(&self) -> f64 {
        window_s(self.inp.window) + EVICTING_S
    }

    pub(super) fn phase(&self) -> Phase {
        let t = self.now_s();
        let w = window_s(self.inp.window);
        if t < w {
            Phase::Measuring(t / w)
        } else if t < w + EVICTING_S {
            let k = self.m.k as f64;
            Phase::Evicting((((t - w) / EVICTING_S) * k).ceil().min(k) as usize)
        } else {
            Phase::Running(self.hours)
        }
    }

    /// Cards evicted so far.
    pub(super) fn evicted_so_far(&self) -> usize {
        match self.phase() {
            Phase::Measuring(_) => 0,
            Phase::Evicting(n) => n,
            Phase::Running(_) => self.m.k,
        }
    }

    /// Whether evicting card `i` was wrong: its true rate is at or above
    /// the fleet median.
    pub(super) fn is_wrong(&self, i: usize) -> bool {
        self.m.cards[i].true_rate >= self.m.median
    }

    pub(super) fn wrong_so_far(&self) -> usize {
        let n = self.evicted_so_far();
        self.m.evicted[..n]
            .iter()
            .filter(|&&i| self.is_wrong(i))
            .count()
    }

    /// Readings inside the first window, `done` of it watched: the model's
    /// reading, with jitter that shrinks to nothing as the window fills.
    fn settle_readings(&mut self, done: f64) {
        let err = self.inp.window.err();
        for (i, c) in self.m.cards.iter().enumerate() {
            let xi = 2.0 * self.rng.next_unit() - 1.0;
            self.reading[i] = if done >= 1.0 {
                self.m.measured[i]
            } else {
                c.true_rate * (1.0 + err * (c.u + (1.0 - done) * xi))
            };
        }
    }

    /// A later window's readings: fresh luck for every card.
    fn fresh_readings(&mut self) {
        let err = self.inp.window.err();
        for (i, c) in self.m.cards.iter().enumerate() {
            let u = 2.0 * self.rng.next_unit() - 1.0;
            self.reading[i] = c.true_rate * (1.0 + err * u);
        }
    }

    /// The bill so far: the warm cards' rent for the hours run, and the
    /// churn fee of every card evicted.
    pub(super) fn bill_so_far(&self) -> f64 {
        let rent = self.m.warm_rent * (self.hours as f64 / HOURS as f64);
        rent + self.evicted_so_far() as f64 * CHURN_FEE * self.inp.class.rent()
    }

    /// The warm rent of the hours that moved no tokens, so far.
    pub(super) fn idle_so_far(&self) -> f64 {
        self.m.warm_rent * self.sums.idle / HOURS as f64
    }

    pub(super) fn delivered_share(&self) -> f64 {
        if self.sums.demanded > 0.0 {
            self.sums.delivered / self.sums.demanded
        } else {
            1.0
        }
    }

    pub(super) fn wrong_share(&self) -> f64 {
        match self.evicted_so_far() {
            0 => 0.0,
            n => self.wrong_so_far() as f64 / n as f64,
        }
    }
}

impl Steps for FleetScene {
    fn step(&mut self) -> bool {
        self.steps += 1;
        let t = self.now_s();
        let w = window_s(self.inp.window);
        let instance = (t / w).floor() as u64;
        if instance == 0 {
            self.settle_readings(t / w);
        } else if instance == 1 && self.instance == 0 {
            self.settle_readings(1.0);
            self.instance = 1;
        } else if instance > self.instance {
            self.fresh_readings();
            self.instance = instance;
        }
        let start = self.month_start_s();
        let due = (((t - start) / HOUR_S).floor().max(0.0) as usize).min(HOURS);
        let shape = self.inp.shape.multipliers();
        while self.hours < due {
            self.sums
                .add(self.inp.demand, &shape, self.m.capacity, self.hours);
            self.hours += 1;
        }
        true
    }

    /// Six hours a second: a day's window in four seconds, the month in two
    /// minutes.
    fn default_speed(&self) -> f64 {
        6.0 * HOUR_S
    }

    fn size(&self, layout: Layout) -> (f32, f32) {
        self.layout_size(layout)
    }

    fn draw(&self, frame: &mut Frame) {
        self.draw_scene(frame);
    }

    fn counters(&self, out: &mut Vec<f64>) {
        out.extend([
            self.wrong_so_far() as f64,
            self.wrong_share(),
            self.bill_so_far(),
            self.idle_so_far(),
            self.delivered_share(),
        ]);
    }

    fn summary(&self, out: &mut String) {
        let window = self.inp.window.word();
        let _ = match self.phase() {
            Phase::Measuring(done) => write!(
                out,
                "The autoscaler is watching {} cards through a{} {window} window, {:.0}% of it so far; their readings still jump around their true rates.",
                self.m.cards.len(),
                if window == "hour" { "n" } else { "" },
                100.0 * done,
            ),
            Phase::Evicting(n) => write!(
                out,
                "The evictor has thrown out {n} of the {} lowest measured cards; {} of them were in the faster half of the pool.",
                self.m.k,
                self.wrong_so_far(),
            ),
            Phase::Running(h) => write!(
                out,
                "Hour {h} of {HOURS}: {} warm cards delivered {:.1}% of the demand and the bill stands at {}, {} of it for capacity that moved no tokens. {} of {} evictions were wrong.",
                self.m.run.len(),
                100.0 * self.delivered_share(),
                Money(self.bill_so_far()),
                Money(self.idle_so_far()),
                self.wrong_so_far(),
                self.m.k,
            ),
        };
    }
}
