//! Buying the fleet, its inputs: the month and the check thresholds, the
//! models and chips with their rates, the page's parameters and stories, and
//! the typed `Input` a run reads from them.

use crate::model::*;

/// Hours in the month (seed: "a month is 730 hours").
pub(super) const MONTH_HOURS: u64 = 730;
/// Seconds in the month, `S_m`.
pub(super) const MONTH_S: u64 = MONTH_HOURS * 3600;
/// The amortization term of owned cards, months.
pub(super) const AMORTIZATION_MONTHS: u64 = 36;
/// Check thresholds (seed: 15 % idle, 75 % of the API, 10 % overflow).
pub(super) const IDLE_MAX: f64 = 0.15;
pub(super) const MARGIN_MAX: f64 = 0.75;
pub(super) const OVERFLOW_MAX: f64 = 0.10;

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
    pub(super) fn from_word(w: &str) -> Model {
        match w {
            "70b" => Model::Premium70b,
            _ => Model::Chat8b,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Model::Chat8b => "8B chat",
            Model::Premium70b => "70B premium",
        }
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
const FILL_CHIPS: &[(&str, &str)] = &[("h100", "H100"), ("b200", "B200")];

/// Words several parameters share: a count of cards Fleetlab starts at
/// none, what a rented card does, what an owned card's month costs.
const NONE: &str = "Fleetlab's baseline: none";
const RENTED: &str =
    "Rented cards bill the cloud premium on the same floor and carry what owned cards cannot.";
const CARD_MONTH: &str = "The purchase price spread over 36 months, plus power, colocation, network and staff, per owned card.";
/// What the owned and rented card counts share: cards of one chip, from 0
/// to 20,000, none by default.
const CARDS: ParamSpec = ParamSpec {
    name: "",
    label: "",
    unit: Unit::Count("cards"),
    kind: ParamKind::range(0.0, 20_000.0, 1.0),
    default: 0.0,
    source: NONE,
    help: "",
};
const MODERN_BAND: ParamKind = ParamKind::range(2_100.0, 2_900.0, 10.0);

pub(super) static PARAMS: [ParamSpec; 15] = [
    ParamSpec {
        name: "model",
        label: "Model served",
        unit: Unit::None,
        kind: ParamKind::Choice(MODELS),
        default: 0.0,
        source: "the seed cards' Buying the Fleet: an 8B chat and a 70B premium",
        help: "The model sets every card's rate: an H100 GPU carries 10,000 tokens per second (tok/s) on the 8B, 700 on the 70B.",
    },
    ParamSpec {
        name: "demand_t",
        label: "Demand this month",
        unit: Unit::TTokens,
        kind: ParamKind::log_range(1.0, 1_000.0, 0.1),
        default: 10.0,
        source: "the seed cards: '10T a month is a serious product, 1000T is frontier traffic'",
        help: "Tokens the month must serve, in trillions (T); owned cards carry it first, then rented ones, then the API.",
    },
    ParamSpec {
        name: "owned_h100",
        label: "Owned H100",
        default: 300.0,
        source: "Fleetlab's choice: a healthy base fleet for the 10T default (owned H100 at 100% use)",
        help: "Owned cards bill their card-month whether or not tokens flow: an idle one is a mortgage payment.",
        ..CARDS
    },
    ParamSpec {
        name: "owned_b200",
        label: "Owned B200",
        help: "A B200 carries 2.4× an H100's tokens for a little more per card-month.",
        ..CARDS
    },
    ParamSpec {
        name: "owned_a100u",
        label: "Owned used A100",
        help: "A used A100 is cheap per card but carries only 0.45× an H100.",
        ..CARDS
    },
    ParamSpec {
        name: "rented_h100",
        label: "Rented H100",
        help: RENTED,
        ..CARDS
    },
    ParamSpec {
        name: "rented_b200",
        label: "Rented B200",
        default: 40.0,
        source: "Fleetlab's choice: rented B200 carry the default month's swing above the owned base",
        help: RENTED,
        ..CARDS
    },
    ParamSpec {
        name: "rented_a100u",
        label: "Rented used A100",
        help: RENTED,
        ..CARDS
    },
    ParamSpec {
        name: "card_month_h100",
        label: "H100 card-month",
        unit: Unit::UsdPerMonth,
        kind: MODERN_BAND,
        default: 2_100.0,
        source: "Fleetlab's choice: H100 $2,100, the low end of the seed cards' $2,100–$2,900 band",
        help: CARD_MONTH,
    },
    ParamSpec {
        name: "card_month_b200",
        label: "B200 card-month",
        unit: Unit::UsdPerMonth,
        kind: MODERN_BAND,
        default: 2_450.0,
        source: "Fleetlab's choice: B200 $2,450 makes the seed cards' '$441M bet' exact (5,000 × $2,450 × 36)",
        help: CARD_MONTH,
    },
    ParamSpec {
        name: "card_month_a100u",
        label: "Used A100 card-month",
        unit: Unit::UsdPerMonth,
        kind: ParamKind::range(500.0, 2_090.0, 10.0),
        default: 1_500.0,
        source: "Fleetlab's choice: used A100 $1,500, below the modern band",
        help: "A used card is cheap per month; what matters is its price per token.",
    },
    ParamSpec {
        name: "rent_premium",
        label: "Cloud rent premium",
        unit: Unit::Ratio,
        kind: ParamKind::range(1.0, 2.5, 0.01),
        default: 1.35,
        source: "the seed cards: rented cards bill 'the cloud's roughly 1.35x premium on the same floor'",
        help: "A rented card-month costs this multiple of the owned one.",
    },
    ParamSpec {
        name: "fill_chip",
        label: "Chip to rent for the shortfall",
        unit: Unit::None,
        kind: ParamKind::Choice(FILL_CHIPS),
        default: 1.0,
        source: "Fleetlab's choice: B200, the rental the seed cards' API-tax claim holds for",
        help: "The chip whose whole rented cards the shortfall figure and the API comparison count.",
    },
    ParamSpec {
        name: "api_price_8b",
        label: "API price, 8B chat",
        unit: Unit::UsdPerMTok,
        kind: ParamKind::range(0.01, 2.0, 0.01),
        default: 0.20,
        source: "the seed cards: the API bills '$0.20 per 1M for the 8B chat'",
        help: "Retail per 1M tokens on the 8B, used when the model is the 8B: the month's blended cost must stay under 75 % of it.",
    },
    ParamSpec {
        name: "api_price_70b",
        label: "API price, 70B premium",
        unit: Unit::UsdPerMTok,
        kind: ParamKind::range(0.1, 20.0, 0.01),
        default: 2.50,
        source: "the seed cards: the API bills '$2.50 for the 70B premium'",
        help: "Retail per 1M tokens on the 70B; used when the model is the 70B.",
    },
];

pub(super) static PRESETS: [Preset; 3] = [
    Preset {
        id: "used-chip-bargain",
        title: "The used-chip bargain",
        story: "A 70B premium product serves 1.5T tokens a month on 2,000 used A100s at $1,500 a card-month, against $2,100 for an H100. Cheap per card, but an A100 carries 0.45× an H100, so each H100-equivalent of throughput costs $3,333: the month bills $3.0M, $2.00 per 1M, 80% of the API's $2.50.",
        set: &[
            ("model", "70b"),
            ("demand_t", "1.5"),
            ("owned_h100", "0"),
            ("owned_b200", "0"),
            ("owned_a100u", "2000"),
            ("rented_h100", "0"),
            ("rented_b200", "0"),
            ("rented_a100u", "0"),
        ],
        fix: Some(Fix {
            label: "Own the same capacity in H100s",
            explain: "900 H100 carry exactly the tokens of 2,000 used A100s for $1.89M instead of $3.0M.",
            set: &[("owned_a100u", "0"), ("owned_h100", "900")],
        }),
    },
    Preset {
        id: "shiny-chip-bet",
        title: "The shiny chip bet",
        story: "A growth story promised 300T a month on the 8B chat, so the company bought 5,000 B200 at $2,450 a card-month: 36 payments make a $441M bet. The month brought 91.4T, which 1,450 of the cards carry; 3,550 of 5,000 sit idle, 71%.",
        set: &[
            ("model", "8b"),
            ("demand_t", "91.4"),
            ("owned_h100", "0"),
            ("owned_b200", "5000"),
            ("owned_a100u", "0"),
            ("rented_h100", "0"),
            ("rented_b200", "0"),
            ("rented_a100u", "0"),
        ],
        fix: Some(Fix {
            label: "Own the base, rent the rest",
            explain: "1,300 owned B200 run flat out and 150 rented B200 carry the rest, so nothing owned idles and the bet shrinks to $114.66M.",
            set: &[("owned_b200", "1300"), ("rented_b200", "150")],
        }),
    },
    Preset {
        id: "api-tax",
        title: "The API tax",
        story: "A 70B product sized for a normal 10.5T month met 19.5T on 6,000 owned H100 and 1,150 rented B200. The API meant for spikes took 40% of the 8.46T shortfall, 17.4% of the month, and billed $8.46M retail: more than the $6.34M that 1,917 rented B200 would bill for the whole shortfall.",
        set: &[
            ("model", "70b"),
            ("demand_t", "19.5"),
            ("owned_h100", "6000"),
            ("owned_b200", "0"),
            ("owned_a100u", "0"),
            ("rented_h100", "0"),
            ("rented_b200", "1150"),
            ("rented_a100u", "0"),
            ("fill_chip", "b200"),
        ],
        fix: Some(Fix {
            label: "Rent whole cards for the full shortfall",
            explain: "1,917 rented B200 carry the whole 8.46T shortfall wholesale, so the API bills nothing and the month drops to $18.94M.",
            set: &[("rented_b200", "1917")],
        }),
    },
];

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
        /// `p_m`, $ per 1M tokens.
        api_price: f64 = match model {
            Model::Chat8b => p.get("api_price_8b"),
            Model::Premium70b => p.get("api_price_70b"),
        },
    }
}

impl Input {
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
