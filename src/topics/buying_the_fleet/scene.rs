//! The scene: the page's month of demand, dispatched as it comes.
//!
//! The month runs in steps of six minutes. Each step asks its share of the
//! month's tokens (the month's integer tokens split evenly over the steps)
//! and the page's own dispatch carries it: owned cards first, up to their
//! capacity in that step, then rented cards, then the API. Because the
//! demand is flat and every step's capacity is a whole number of tokens, the
//! steps add up to the page's month token for token, and each line's
//! dollars (owned and rented card-months billed as the month goes, the API
//! per token it carried) end on the page's figures.
//!
//! What moves: token packets flow from the demand into the three lines in
//! the month's proportions (a fixed low-discrepancy sequence, no luck), the
//! owned and rented pipes show their capacity with the idle part greyed,
//! the cards (grouped when there are many) show busy and idle, and each
//! line's dollars grow in its row, the bill under them. On a phone the rows
//! stack in a narrow column without the card squares (`scene_draw`).

use super::model::{dispatch, Month};
use super::params::{Input, MONTH_S};
use crate::model::scene::{
    Claim, Comparison, CounterSpec, Frame, Layout, Money, Order, Scene, SceneSpec, Stepped, Steps,
};
use crate::model::{Assumptions, Params};
use std::fmt::Write as _;

/// Steps in the month (six minutes each): every card's month of tokens
/// splits into whole tokens per step (2,628,000 s / 7,300 = 360 s).
const STEPS: u64 = 7300;
pub(super) const STEP_S: f64 = MONTH_S as f64 / STEPS as f64;
/// At most this many steps per call (the whole month).
const MAX_STEPS: u32 = STEPS as u32;
/// How long a packet takes from the demand to its line's end, s of the
/// month (about a second and a half at the default speed).
pub(super) const TRAVEL_S: f64 = 18.0 * 3600.0;
/// A packet leaves every this many seconds.
pub(super) const SPAWN_S: f64 = TRAVEL_S / 30.0;

pub static SCENE: SceneSpec = SceneSpec {
    build,
    production: false,
    comparisons: &[
        Comparison {
            id: "rent-vs-api",
            label: "1,150 vs 1,917 rented B200",
            param: "rented_b200",
            a: "1150",
            b: "1917",
            watch: "More rented cards carry more of any shortfall the owned cards leave, so the API meter runs no faster: in the API-tax month 1,150 rented B200 leave the API a share at retail and 1,917 carry it all.",
            claims: &[Claim::new("api_bill", Order::AtMost), Claim::new("rented_bill", Order::AtLeast)],
        },
        Comparison {
            id: "own-vs-rent",
            label: "5,000 vs 1,300 owned B200",
            param: "owned_b200",
            a: "5000",
            b: "1300",
            watch: "Owned cards bill every hour, busy or idle: 5,000 B200 leave more of their capacity grey than 1,300, which run closer to flat out and hand any excess to rented cards or the API.",
            claims: &[Claim::new("owned_bill", Order::Below), Claim::new("idle_share", Order::AtMost)],
        },
        Comparison {
            id: "premium",
            label: "Rent at 1.35× vs 2× the owned card-month",
            param: "rent_premium",
            a: "1.35",
            b: "2",
            watch: "The same rented cards carry the same tokens; only the rented line's dollars grow faster.",
            claims: &[Claim::new("rented_bill", Order::AtLeast), Claim::new("owned_bill", Order::Equal), Claim::new("api_bill", Order::Equal)],
        },
    ],
    counters: &COUNTERS,
};

/// Each counter is the page's month summed step by step, so it stands on its
/// figure (to rounding) once the month is over.
static COUNTERS: [CounterSpec; 5] = [
    CounterSpec::dollars(
        "owned_bill",
        "owned card-months so far",
        "owned_bill",
        MONTH_S as f64,
    ),
    CounterSpec::dollars(
        "rented_bill",
        "rented card-months so far",
        "rented_bill",
        MONTH_S as f64,
    ),
    CounterSpec::dollars("api_bill", "API bill so far", "api_bill", MONTH_S as f64),
    CounterSpec::dollars("bill", "bill so far", "bill", MONTH_S as f64),
    CounterSpec::share(
        "idle_share",
        "idle owned capacity so far",
        "idle_share",
        1e-9,
        MONTH_S as f64,
    ),
];

pub(super) struct FleetMonth {
    pub(super) inp: Input,
    pub(super) m: Month,
    /// Steps run.
    pub(super) steps: u64,
    /// Tokens so far: owned capacity offered, and carried by each line.
    pub(super) owned_capacity: u64,
    pub(super) owned: u64,
    pub(super) rented: u64,
    pub(super) api: u64,
}

fn build(p: &Params, _seed: u64) -> Box<dyn Scene> {
    // The seed card's engine: its flat month, whichever model the page runs.
    let inp = Input::read(&p.clone().under(Assumptions::Seed));
    let month = FleetMonth {
        m: Month::of(&inp),
        inp,
        steps: 0,
        owned_capacity: 0,
        owned: 0,
        rented: 0,
        api: 0,
    };
    Stepped::boxed(month, STEP_S, MAX_STEPS)
}

impl FleetMonth {
    /// The share of the month run.
    pub(super) fn done(&self) -> f64 {
        self.steps as f64 / STEPS as f64
    }

    /// Dollars so far: owned and rented card-months as the month goes, the
    /// API per token carried.
    pub(super) fn dollars(&self) -> (f64, f64, f64) {
        (
            self.m.owned_dollars * self.done(),
            self.m.rented_dollars * self.done(),
            self.api as f64 / 1e6 * self.inp.api_price,
        )
    }

    /// Owned capacity that carried nothing so far, as a share.
    pub(super) fn idle_share(&self) -> f64 {
        if self.owned_capacity == 0 {
            0.0
        } else {
            (self.owned_capacity - self.owned) as f64 / self.owned_capacity as f64
        }
    }
}

impl Steps for FleetMonth {
    /// One step: its share of the month's tokens, dispatched owned →
    /// rented → API on its share of each capacity.
    fn step(&mut self) -> bool {
        if self.steps >= STEPS {
            return false;
        }
        let i = u128::from(self.steps);
        let demand = u128::from(self.inp.demand);
        let ask = (demand * (i + 1) / u128::from(STEPS) - demand * i / u128::from(STEPS)) as u64;
        let own = self.m.d.owned_capacity / STEPS;
        let d = dispatch(ask, own, self.m.d.rented_capacity / STEPS);
        self.owned_capacity += own;
        self.owned += d.owned;
        self.rented += d.rented;
        self.api += d.api;
        self.steps += 1;
        true
    }

    /// Twelve hours a second: the month in a minute.
    fn default_speed(&self) -> f64 {
        12.0 * 3600.0
    }

    /// 876 × 420 wide, 320 × 430 on a phone.
    fn size(&self, layout: Layout) -> (f32, f32) {
        self.size_in(layout)
    }

    fn draw(&self, frame: &mut Frame) {
        self.draw_scene(frame);
    }

    fn counters(&self, out: &mut Vec<f64>) {
        let (own, rent, api) = self.dollars();
        out.extend([own, rent, api, own + rent + api, self.idle_share()]);
    }

    fn summary(&self, out: &mut String) {
        let (own, rent, api) = self.dollars();
        let _ = write!(
            out,
            "Day {:.0} of the month: the bill stands at {} ({} owned, {} rented, {} API).",
            self.done() * MONTH_S as f64 / 86_400.0,
            Money(own + rent + api),
            Money(own),
            Money(rent),
            Money(api),
        );
        if self.owned_capacity > 0 {
            let _ = write!(
                out,
                " {:.0}% of the owned cards' capacity has carried nothing.",
                100.0 * self.idle_share()
            );
        }
        if self.api > 0 {
            let _ = write!(out, " The overflow goes to the API at retail.");
        }
    }
}

#[cfg(test)]
#[path = "scene_tests.rs"]
mod tests;
