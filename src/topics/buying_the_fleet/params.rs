//! Buying the fleet, its inputs: the month and the check thresholds, the
//! models and chips with their rates, the page's parameters and stories, and
//! the typed `Input` a run reads from them.

use crate::model::*;

/// Hours in the month (seed: "a month is 730 hours").
pub(super) const MONTH_HOURS: u64 = units::MONTH_HOURS;
/// Seconds in the month, `S_m`.
pub(super) const MONTH_S: u64 = MONTH_HOURS * 3600;
/// The amortization term of owned cards, months.
pub(super) const AMORTIZATION_MONTHS: u64 = 36;
/// Check thresholds (seed: 15 % idle, 75 % of the API, 10 % overflow).
pub(super) const IDLE_MAX: f64 = 0.15;
pub(super) const MARGIN_MAX: f64 = 0.75;
pub(super) const OVERFLOW_MAX: f64 = 0.10;

// Closer to production (`production`): the constants a fleet is sized with
// and the API priced by. None moves a figure under the seed card's model.

/// The daily peak over the month's mean rate: consumer chat runs a daily
/// cycle whose peak hour is some 1.5–2× the day's mean; Fleetlab takes 1.7.
pub(super) const PEAK_TO_MEAN: f64 = 1.7;
/// The use a card is loaded to at the peak, leaving latency headroom
/// (queues and tail latency climb steeply past 70–80 %): 75 %.
pub(super) const TARGET_UTIL: f64 = 0.75;
/// Failure domains the fleet spreads over (N+1): it must carry its peak with
/// any one of them out, so (8 − 1)/8 of its cards count.
pub(super) const FAILURE_DOMAINS: u64 = 8;
/// An output token's price over an input token's on the API (public price
/// lists run 3–5×).
pub(super) const OUTPUT_PRICE_RATIO: f64 = 4.0;
/// The token mix a single list price blends: one output token in four (three
/// input to one output, the usual convention for one blended price).
pub(super) const BLEND_OUTPUT_SHARE: f64 = 0.25;
/// The month's own mix: one token in five generated (prompts, with their
/// system text and the conversation so far, run several times the answers).
pub(super) const OUTPUT_SHARE: f64 = 0.2;

/// The model served.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// 8B chat.
    Chat8b,
    /// 70B premium.
    Premium70b,
}

impl Model {
    /// `r_m`: an H100's steady-state aggregate rate, tok/s.
    pub(super) fn h100_rate(self) -> u64 {
        match self {
            Model::Chat8b => 10_000,
            Model::Premium70b => 700,
        }
    }
    /// What a reader sees for it ("8B chat"): its label in the parameter.
    pub fn name(self) -> &'static str {
        MODELS[self as usize].1
    }
}

/// A chip class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chip {
    H100,
    B200,
    /// A used A100.
    A100u,
}

pub(super) const CHIPS: [Chip; 3] = [Chip::H100, Chip::B200, Chip::A100u];

impl Chip {
    /// `k_c` as a fraction `(num, den)`, so rates stay whole numbers.
    pub(super) fn multiplier(self) -> (u64, u64) {
        match self {
            Chip::H100 => (1, 1),
            Chip::B200 => (24, 10),
            Chip::A100u => (45, 100),
        }
    }
    /// `k_c`, throughput versus an H100.
    pub(super) fn k(self) -> f64 {
        let (n, d) = self.multiplier();
        n as f64 / d as f64
    }
    pub fn name(self) -> &'static str {
        match self {
            Chip::H100 => "H100",
            Chip::B200 => "B200",
            Chip::A100u => "used A100",
        }
    }
    pub(super) fn owned_param(self) -> &'static str {
        match self {
            Chip::H100 => "owned_h100",
            Chip::B200 => "owned_b200",
            Chip::A100u => "owned_a100u",
        }
    }
    pub(super) fn rented_param(self) -> &'static str {
        match self {
            Chip::H100 => "rented_h100",
            Chip::B200 => "rented_b200",
            Chip::A100u => "rented_a100u",
        }
    }
    /// The label a reader sees on its owned-cards slider.
    pub(super) fn owned_label(self) -> &'static str {
        label_of(&PARAMS, self.owned_param())
    }
    /// The label a reader sees on its rented-cards slider.
    pub(super) fn rented_label(self) -> &'static str {
        label_of(&PARAMS, self.rented_param())
    }
    pub(super) fn price_param(self) -> &'static str {
        match self {
            Chip::H100 => "card_month_h100",
            Chip::B200 => "card_month_b200",
            Chip::A100u => "card_month_a100u",
        }
    }
}

const MODELS: &[(&str, &str)] = &[("8b", "8B chat"), ("70b", "70B premium")];

choice_words!(Model in MODELS: Chat8b, Premium70b);

const FILL_CHIPS: &[(&str, &str)] = &[("h100", "H100"), ("b200", "B200")];

// The sliders and the stories, from params.toml (see build/params.rs).
include!(concat!(env!("OUT_DIR"), "/params/buying_the_fleet.rs"));

typed_input! {
    /// The page's parameters, read once per run.
    pub(super) struct Input from p {
        model: Model = Model::from_word(p.choice("model")),
        /// Demand in tokens.
        demand: u64 = (p.get("demand_t").max(0.0) * 1e12).round() as u64,
        owned: [u64; 3] = CHIPS.map(|c| p.count(c.owned_param()) as u64),
        rented: [u64; 3] = CHIPS.map(|c| p.count(c.rented_param()) as u64),
        /// Owned card-month per chip, $.
        price: [f64; 3] = CHIPS.map(|c| p.get(c.price_param())),
        premium: f64 = p.get("rent_premium"),
        fill: Chip = if p.choice("fill_chip") == "h100" {
            Chip::H100
        } else {
            Chip::B200
        },
        /// Closer to production: fleets sized for the daily peak at the
        /// target use with a failure reserve, the API priced per input and
        /// per output token.
        production: bool = p.production(),
        /// The API's list price for the model, $ per 1M tokens: one price
        /// for every token on the seed card, a blend at three input tokens
        /// to one output closer to production.
        list_price: f64 = match model {
            Model::Chat8b => p.get("api_price_8b"),
            Model::Premium70b => p.get("api_price_70b"),
        },
        /// `p_m`, $ per 1M tokens the API bills this month: the list price
        /// on the seed card; closer to production, the input and output
        /// prices (output [`OUTPUT_PRICE_RATIO`]× input, blending to the list
        /// price at [`BLEND_OUTPUT_SHARE`]) at the month's mix,
        /// [`OUTPUT_SHARE`] output.
        api_price: f64 = if production {
            list_price * mix_factor(OUTPUT_SHARE)
        } else {
            list_price
        },
        /// `r_m`: an H100's rate on this model, tok/s, a multiple of 20 (so
        /// every chip's rate is whole).
        h100_rate: u64 = {
            let r = match model {
                Model::Chat8b => p.get("h100_rate_8b"),
                Model::Premium70b => p.get("h100_rate_70b"),
            };
            ((r / 20.0).round().max(1.0) * 20.0) as u64
        },
    }
}

/// The API's price per 1M at a mix with `output` of the tokens generated,
/// over its list price: `(1 − o + o·ρ)/(1 − o_ref + o_ref·ρ)`.
pub(super) fn mix_factor(output: f64) -> f64 {
    let per = |o: f64| 1.0 - o + o * OUTPUT_PRICE_RATIO;
    per(output) / per(BLEND_OUTPUT_SHARE)
}

impl Input {
    /// The API's price of an input and of an output token, $ per 1M
    /// (closer to production; both the list price on the seed card).
    pub(super) fn input_output_prices(&self) -> (f64, f64) {
        if self.production {
            let input = self.list_price * mix_factor(0.0);
            (input, input * OUTPUT_PRICE_RATIO)
        } else {
            (self.list_price, self.list_price)
        }
    }
    /// The share of its flat-out month a card counts for: 1 on the seed
    /// card; closer to production the target use with one failure domain
    /// held out, `U·(N − 1)/N`.
    pub(super) fn usable(&self) -> f64 {
        if self.production {
            TARGET_UTIL * (FAILURE_DOMAINS - 1) as f64 / FAILURE_DOMAINS as f64
        } else {
            1.0
        }
    }
    /// The daily peak over the mean: 1 on the seed card (flat demand).
    pub(super) fn peak_to_mean(&self) -> f64 {
        if self.production {
            PEAK_TO_MEAN
        } else {
            1.0
        }
    }
    pub(super) fn price_of(&self, c: Chip) -> f64 {
        self.price[c as usize]
    }
    pub(super) fn owned_cards(&self) -> u64 {
        self.owned.iter().sum()
    }
}

/// The parameters the page shows first (the model, the month's demand and the
/// owned and rented cards every story sets); the rest fold under "More
/// parameters".
pub const KEY_PARAMS: &[&str] = &["model", "demand_t", "owned_h100", "rented_b200"];
