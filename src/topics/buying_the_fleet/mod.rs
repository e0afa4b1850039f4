//! # Buying the fleet — simulator
//!
//! Source: the "Buying the Fleet" section of seed cards 001, 002 and 003 (the
//! same text also sits in 000); model per `shared/spec/buying-the-fleet.md`.
//!
//! One month (`H` = 730 h, `S_m` = 2,628,000 s) of demand `D` tokens for one
//! model `m` (8B chat or 70B premium), dispatched owned → rented → API.
//!
//! * Per-card rate, whole tok/s: `r_m·k_c` with `r_m` = 10,000 (8B) or 700
//!   (70B) for an H100 and `k_c` = 1 (H100), 2.4 (B200), 0.45 (used A100).
//! * Tokens per card-month, u64: `t_{c,m} = r_m·k_c·S_m`.
//! * `K_own = Σ O_c·t_c`, `K_rent = Σ R_c·t_c`; `X_own = min(D, K_own)`;
//!   shortfall `F = max(0, D − K_own)`; `X_rent = min(F, K_rent)`;
//!   API overflow `X_api = F − X_rent`. All in integer tokens.
//! * Whole rented cards of chip `c` that carry the whole shortfall:
//!   `N_fill = ceil(F / t_c)`, computed as `(F + t − 1) / t`.
//! * Dollars: `bill = Σ O_c·C_c + Σ R_c·ρ·C_c + X_api/1e6 · p_m` ($/month),
//!   `blended = bill / (D/1e6)` ($ per 1M tokens), `commitment = 36·Σ O_c·C_c`.
//! * Card cost per 1M tokens at utilization `u`: `C_c / (u·t_c/1e6)`.
//! * Checks: idle `1 − X_own/K_own ≤ 15 %`; margin `blended/p_m ≤ 75 %`;
//!   overflow `X_api/D ≤ 10 %`.
//! * Break-even API share of the shortfall with whole rented cards of chip
//!   `c`: `N_fill·ρ·C_c / (F/1e6 · p_m)`; at sustained volume (large `F`) it
//!   tends to the rented rate over the API price, `ρ·C_c/(t_c/1e6) / p_m`.
//!
//! Units: tokens as u64 (figures in T = 10^12 tokens), money in dollars, shares
//! as fractions. Idle by cards counts the fewest owned cards (largest chips
//! first) that carry `X_own`; per-chip dollar lines spread each pool's tokens
//! over its cards in proportion to their capacity.

use crate::challenge::{Solution, Solver, Template, Value, Vars};
use crate::model::units::{compact, group, number, trim};
use crate::model::*;

pub struct BuyingTheFleet;
pub static TOPIC: BuyingTheFleet = BuyingTheFleet;
/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: BuyingTheFleet = BuyingTheFleet;

/// Hours in the month (seed: "a month is 730 hours").
pub const MONTH_HOURS: u64 = 730;
/// Seconds in the month, `S_m`.
pub const MONTH_S: u64 = MONTH_HOURS * 3600;
/// The amortization term of owned cards, months.
pub const AMORTIZATION_MONTHS: u64 = 36;
/// Check thresholds (seed: 15 % idle, 75 % of the API, 10 % overflow).
pub const IDLE_MAX: f64 = 0.15;
pub const MARGIN_MAX: f64 = 0.75;
pub const OVERFLOW_MAX: f64 = 0.10;

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
    pub fn h100_rate(self) -> u64 {
        match self {
            Model::Chat8b => 10_000,
            Model::Premium70b => 700,
        }
    }
    fn from_word(w: &str) -> Model {
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

pub const CHIPS: [Chip; 3] = [Chip::H100, Chip::B200, Chip::A100u];

impl Chip {
    /// `k_c` as a fraction `(num, den)`, so rates stay whole numbers.
    fn multiplier(self) -> (u64, u64) {
        match self {
            Chip::H100 => (1, 1),
            Chip::B200 => (24, 10),
            Chip::A100u => (45, 100),
        }
    }
    /// `k_c`, throughput versus an H100.
    pub fn k(self) -> f64 {
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
    fn owned_param(self) -> &'static str {
        match self {
            Chip::H100 => "owned_h100",
            Chip::B200 => "owned_b200",
            Chip::A100u => "owned_a100u",
        }
    }
    fn rented_param(self) -> &'static str {
        match self {
            Chip::H100 => "rented_h100",
            Chip::B200 => "rented_b200",
            Chip::A100u => "rented_a100u",
        }
    }
    fn price_param(self) -> &'static str {
        match self {
            Chip::H100 => "card_month_h100",
            Chip::B200 => "card_month_b200",
            Chip::A100u => "card_month_a100u",
        }
    }
}

const MODELS: &[(&str, &str)] = &[("8b", "8B chat"), ("70b", "70B premium")];
const FILL_CHIPS: &[(&str, &str)] = &[("h100", "H100"), ("b200", "B200")];

const COUNT: (f64, f64, f64) = (0.0, 20_000.0, 1.0);
const MODERN_BAND: (f64, f64, f64) = (2_100.0, 2_900.0, 10.0);

static PARAMS: [ParamSpec; 15] = [
    ParamSpec::choice(
        "model",
        "Model served",
        MODELS,
        0,
        "seed 'Buying the Fleet': an 8B chat and a 70B premium",
        "The model sets every card's rate: an H100 carries 10,000 tok/s on the 8B, 700 on the 70B.",
    ),
    ParamSpec::number(
        "demand_t",
        "Demand this month",
        Unit::TTokens,
        (1.0, 1_000.0, 0.1),
        10.0,
        "seed: '10T a month is a serious product, 1000T is frontier traffic'",
        "Tokens the month must serve; owned cards carry it first, then rented, then the API.",
    )
    .log(),
    ParamSpec::number(
        "owned_h100",
        "Owned H100",
        Unit::Count("cards"),
        COUNT,
        300.0,
        "spec: a healthy base fleet for the 10T default (owned H100 at 100% use)",
        "Owned cards bill their card-month whether or not tokens flow.",
    ),
    ParamSpec::number(
        "owned_b200",
        "Owned B200",
        Unit::Count("cards"),
        COUNT,
        0.0,
        "spec: none by default",
        "A B200 carries 2.4× an H100's tokens for a little more per card-month.",
    ),
    ParamSpec::number(
        "owned_a100u",
        "Owned used A100",
        Unit::Count("cards"),
        COUNT,
        0.0,
        "spec: none by default",
        "A used A100 is cheap per card but carries only 0.45× an H100.",
    ),
    ParamSpec::number(
        "rented_h100",
        "Rented H100",
        Unit::Count("cards"),
        COUNT,
        0.0,
        "spec: none by default",
        "Rented cards bill the cloud premium on the same floor and carry what owned cards cannot.",
    ),
    ParamSpec::number(
        "rented_b200",
        "Rented B200",
        Unit::Count("cards"),
        COUNT,
        40.0,
        "spec: rented B200 carry the default month's swing above the owned base",
        "Rented cards bill the cloud premium on the same floor and carry what owned cards cannot.",
    ),
    ParamSpec::number(
        "rented_a100u",
        "Rented used A100",
        Unit::Count("cards"),
        COUNT,
        0.0,
        "spec: none by default",
        "Rented cards bill the cloud premium on the same floor and carry what owned cards cannot.",
    ),
    ParamSpec::number(
        "card_month_h100",
        "H100 card-month",
        Unit::UsdPerMonth,
        MODERN_BAND,
        2_100.0,
        "spec: H100 $2,100, the low end of the seed's $2,100–$2,900 band",
        "Capex over 36 months plus power, colo, network and staff, per owned card.",
    ),
    ParamSpec::number(
        "card_month_b200",
        "B200 card-month",
        Unit::UsdPerMonth,
        MODERN_BAND,
        2_450.0,
        "spec: B200 $2,450 makes the '$441M bet' exact (5,000 × $2,450 × 36)",
        "Capex over 36 months plus power, colo, network and staff, per owned card.",
    ),
    ParamSpec::number(
        "card_month_a100u",
        "Used A100 card-month",
        Unit::UsdPerMonth,
        (500.0, 2_090.0, 10.0),
        1_500.0,
        "spec: used A100 $1,500, below the modern band",
        "A used card is cheap per month; what matters is its price per token.",
    ),
    ParamSpec::number(
        "rent_premium",
        "Cloud rent premium",
        Unit::Ratio,
        (1.0, 2.5, 0.01),
        1.35,
        "seed: rented cards bill 'the cloud's roughly 1.35x premium on the same floor'",
        "A rented card-month costs this multiple of the owned one.",
    ),
    ParamSpec::choice(
        "fill_chip",
        "Chip to rent for the shortfall",
        FILL_CHIPS,
        1,
        "spec: B200, the rental the seed's API-tax claim holds for",
        "The chip whose whole rented cards the shortfall figure and the API comparison count.",
    ),
    ParamSpec::number(
        "api_price_8b",
        "API price, 8B chat",
        Unit::UsdPerMTok,
        (0.01, 2.0, 0.01),
        0.20,
        "seed: the API bills '$0.20 per 1M for the 8B chat'",
        "Retail per 1M tokens on the 8B; used when the model is the 8B.",
    ),
    ParamSpec::number(
        "api_price_70b",
        "API price, 70B premium",
        Unit::UsdPerMTok,
        (0.1, 20.0, 0.01),
        2.50,
        "seed: the API bills '$2.50 for the 70B premium'",
        "Retail per 1M tokens on the 70B; used when the model is the 70B.",
    ),
];

static PRESETS: [Preset; 3] = [
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

static CHECKS: [CheckSpec; 3] = [
    CheckSpec {
        id: "idle",
        label: "Owned cards are busy",
        rule: "idle owned capacity 1 − X_own/K_own ≤ 15%",
    },
    CheckSpec {
        id: "margin",
        label: "Self-hosting beats the API by a quarter",
        rule: "blended cost per 1M ≤ 75% of the API's price",
    },
    CheckSpec {
        id: "overflow",
        label: "The API only catches spikes",
        rule: "API overflow ≤ 10% of the month's tokens",
    },
];

static ABOUT: About = About {
    id: "buying-the-fleet",
    title: "Buying the fleet",
    kind: TopicKind::Simulator,
    question: "For a month of demand, which mix of owned cards, rented cards and API overflow keeps owned cards busy, beats the API by a quarter and leaves the API only the spikes?",
    source: "seeds 001, 002, 003 (Buying the Fleet); shared/spec/buying-the-fleet.md",
    params: &PARAMS,
    presets: &PRESETS,
    checks: &CHECKS,
};

impl Topic for BuyingTheFleet {
    fn about(&self) -> &'static About {
        &ABOUT
    }
    fn run(&self, p: &Params) -> Outcome {
        let inp = Input::read(p);
        let m = Month::of(&inp);
        let mut out = Outcome::default();
        figures(&inp, &m, &mut out);
        checks(&inp, &m, &mut out);
        out.charts.push(tokens_chart(&inp, &m));
        out.charts.push(dollars_chart(&inp, &m));
        out.charts.push(per_1m_chart(&inp, &m));
        out.charts.push(idle_chart(&inp, &m));
        out.notes.push(Note::Info(api_tax_note(&inp, &m)));
        if inp.owned_cards() == 0 {
            out.notes.push(Note::Info(
                "No owned cards: nothing can idle and there is no commitment; the month is all rent and API."
                    .to_string(),
            ));
        }
        out
    }
}

impl Solver for BuyingTheFleet {
    fn topic(&self) -> &'static dyn Topic {
        &TOPIC
    }
    fn draw(&self, t: &Template, rng: &mut SplitMix64) -> Vars {
        draw_challenge(t, rng)
    }
    fn solve(&self, t: &Template, v: &Vars) -> Result<Solution, String> {
        match t.answer.as_str() {
            "tokens_carried_t" => solve_c1(v),
            "fill_cards" => solve_c2(v),
            "api_bill" => solve_c3(v),
            other => Err(format!("no answer named {other}")),
        }
    }
}

// ---------------------------------------------------------------------------
// The challenge formulas (integer tokens)

/// `r_m·k_c`: one card's aggregate rate, a whole number of tok/s
/// (10,000 / 24,000 / 4,500 on the 8B; 700 / 1,680 / 315 on the 70B).
pub fn card_rate(model: Model, chip: Chip) -> u64 {
    let (n, d) = chip.multiplier();
    model.h100_rate() * n / d
}

/// `t_{c,m} = r_m·k_c·S_m`: tokens one card carries in a month.
pub fn tokens_per_card_month(model: Model, chip: Chip) -> u64 {
    card_rate(model, chip) * MONTH_S
}

/// Challenge T1-C1, "the tokens a fleet carries": the capacity of a fleet,
/// `Σ n_c·t_{c,m}` tokens. Cards are counted per chip in [`CHIPS`] order.
pub fn fleet_tokens(model: Model, cards: [u64; 3]) -> u64 {
    CHIPS
        .iter()
        .zip(cards)
        .map(|(&c, n)| n * tokens_per_card_month(model, c))
        .sum()
}

/// Challenge T1-C1 with demand: the tokens a fleet carries this month,
/// `min(D, capacity)`.
pub fn tokens_carried(capacity: u64, demand: u64) -> u64 {
    capacity.min(demand)
}

/// Challenge T1-C2, "the whole rented cards that fill the shortfall":
/// `ceil(F / t)` in integers, `(F + t − 1) / t` (0 when a card carries nothing).
pub fn fill_cards(shortfall: u64, tokens_per_card: u64) -> u64 {
    if tokens_per_card == 0 {
        return 0;
    }
    shortfall.div_ceil(tokens_per_card)
}

/// Challenge T1-C3, first half: the API's tokens, `D − K_own − K_rent` when
/// positive.
pub fn api_overflow_tokens(demand: u64, owned_capacity: u64, rented_capacity: u64) -> u64 {
    demand
        .saturating_sub(owned_capacity)
        .saturating_sub(rented_capacity)
}

/// Challenge T1-C3, "the dollars the API meter bills on its share":
/// `X_api/1e6 · p_m`.
pub fn api_bill(api_tokens: u64, price_per_1m: f64) -> f64 {
    api_tokens as f64 / 1e6 * price_per_1m
}

/// A card's cost per 1M tokens at utilization `u`: `C / (u·t/1e6)`.
pub fn cost_per_1m(card_month: f64, tokens_per_card: u64, utilization: f64) -> f64 {
    card_month / (utilization * tokens_per_card as f64 / 1e6)
}

/// The API share of the shortfall `F` at which its bill equals renting
/// `ceil(F/t)` whole cards for all of `F`: `N·C_rent / (F/1e6 · p)`. With no
/// shortfall, the sustained-volume limit `C_rent/(t/1e6) / p`.
pub fn breakeven_api_share(
    shortfall: u64,
    tokens_per_card: u64,
    rented_card_month: f64,
    price_per_1m: f64,
) -> f64 {
    if shortfall == 0 {
        return cost_per_1m(rented_card_month, tokens_per_card, 1.0) / price_per_1m;
    }
    fill_cards(shortfall, tokens_per_card) as f64 * rented_card_month
        / api_bill(shortfall, price_per_1m)
}

/// The fewest owned cards, largest chips first, that carry `tokens`.
pub fn cards_needed(model: Model, owned: [u64; 3], mut tokens: u64) -> u64 {
    let mut cards = 0;
    // B200, H100, used A100: the order of tokens per card on either model.
    for i in [1usize, 0, 2] {
        let t = tokens_per_card_month(model, CHIPS[i]);
        let n = owned[i].min(fill_cards(tokens, t));
        cards += n;
        tokens = tokens.saturating_sub(n * t);
    }
    cards
}

// ---------------------------------------------------------------------------
// Challenges (spec § Challenge templates): the draws in the spec's order and
// the answers from the challenge formulas above, in integer tokens.

/// Draws a template in the spec's order (the template's variables give the
/// ranges; the chip classes are picked here):
///
/// * T1-C1: model; how many chip classes (1 or 2); the first class, the
///   second (another one); a count per class; whether a demand is given;
///   the demand factor U(0.4, 1.6) → `D = capacity × f` rounded to 0.1T (at
///   least 0.1T).
/// * T1-C2: model; the owned class and its count; the rented class; the
///   factor U(1.05, 2.0) → `D = K_own × f` rounded to 0.1T.
/// * T1-C3: model; the owned class and its count; the rented class and its
///   count; the factor U(1.02, 1.5) → `D = (K_own + K_rent) × f` rounded to
///   0.1T; the API prices.
///
/// In C2 and C3, a demand that rounds down onto the capacity steps to the next
/// 0.1T above it, so every drawn question has a shortfall.
fn draw_challenge(t: &Template, rng: &mut SplitMix64) -> Vars {
    let take = |name: &str, rng: &mut SplitMix64| {
        t.vars
            .iter()
            .find(|x| x.name == name)
            .map(|x| x.draw(rng))
            .unwrap_or(Value::Num(f64::NAN))
    };
    let mut v = Vars::default();
    let model_word = take("model", rng);
    let model = Model::from_word(model_word.word());
    v.set("model", model_word);
    let mut owned = [0u64; 3];
    let mut rented = [0u64; 3];
    let count = |x: Value| x.num().max(0.0) as u64;
    match t.answer.as_str() {
        "tokens_carried_t" => {
            let two = take("classes", rng).num() >= 2.0;
            let a = rng.below(3) as usize;
            let b = (a + 1 + rng.below(2) as usize) % 3;
            let picked: &[usize] = if two { &[a, b] } else { &[a] };
            for &i in picked {
                owned[i] = count(take(CHIPS[i].owned_param(), rng));
            }
            let given = take("demand_given", rng).num() >= 1.0;
            let f = take("demand_factor", rng).num();
            let demand = if given {
                demand_near(fleet_tokens(model, owned), f, false)
            } else {
                0.0
            };
            v.set_num("demand_t", demand);
        }
        "fill_cards" => {
            let a = rng.below(3) as usize;
            owned[a] = count(take(CHIPS[a].owned_param(), rng));
            v.set("fill_chip", take("fill_chip", rng));
            let f = take("demand_factor", rng).num();
            v.set_num("demand_t", demand_near(fleet_tokens(model, owned), f, true));
        }
        "api_bill" => {
            let a = rng.below(3) as usize;
            owned[a] = count(take(CHIPS[a].owned_param(), rng));
            let r = rng.below(3) as usize;
            rented[r] = count(take(CHIPS[r].rented_param(), rng));
            let f = take("demand_factor", rng).num();
            let k = fleet_tokens(model, owned) + fleet_tokens(model, rented);
            v.set_num("demand_t", demand_near(k, f, true));
            for name in ["api_price_8b", "api_price_70b"] {
                v.set(name, take(name, rng));
            }
        }
        _ => return t.draw_vars(rng),
    }
    for (i, c) in CHIPS.iter().enumerate() {
        v.set_num(c.owned_param(), owned[i] as f64);
        if t.answer == "api_bill" {
            v.set_num(c.rented_param(), rented[i] as f64);
        }
    }
    t.attach_units(&mut v);
    v
}

/// `capacity × f` rounded to 0.1T (in T). With `above`, a demand that does
/// not exceed the capacity steps to the next 0.1T above it; without, a
/// demand is at least 0.1T.
fn demand_near(capacity: u64, f: f64, above: bool) -> f64 {
    let tenths = (capacity as f64 * f / 1e11).round();
    let tenths = if above && tenths * 1e11 <= capacity as f64 {
        (capacity / 100_000_000_000 + 1) as f64
    } else {
        tenths.max(1.0)
    };
    tenths / 10.0
}

fn model_var(v: &Vars) -> Result<Model, String> {
    match v.word("model") {
        w @ ("8b" | "70b") => Ok(Model::from_word(w)),
        w => Err(format!("model: no model '{w}'")),
    }
}

fn chip_word(w: &str) -> Option<Chip> {
    match w {
        "h100" => Some(Chip::H100),
        "b200" => Some(Chip::B200),
        "a100u" => Some(Chip::A100u),
        _ => None,
    }
}

/// Card counts per chip (in [`CHIPS`] order) from the variables named like
/// the page's `owned_*` or `rented_*` parameters.
fn cards_var(v: &Vars, rented: bool) -> Result<[u64; 3], String> {
    let mut out = [0u64; 3];
    for (i, c) in CHIPS.iter().enumerate() {
        let name = if rented {
            c.rented_param()
        } else {
            c.owned_param()
        };
        let x = v.num(name);
        if !(x >= 0.0 && x.fract() == 0.0 && x <= 1e6) {
            return Err(format!("{name} must be a whole number of cards"));
        }
        out[i] = x as u64;
    }
    Ok(out)
}

/// The month's demand in tokens; `None` when the question gives none (0).
fn demand_var(v: &Vars) -> Result<Option<u64>, String> {
    let d = v.num("demand_t");
    if !(d >= 0.0 && d.is_finite()) {
        return Err("demand_t must be a number of T tokens".into());
    }
    // The page's own reading of its demand slider.
    Ok((d > 0.0).then(|| (d * 1e12).round() as u64))
}

/// Tokens in T with every digit a card-month can produce: "50.4576T".
fn t_exact(tokens: u64) -> String {
    format!("{}T", trim(&group(tt(tokens), 8)))
}

fn article(c: Chip) -> &'static str {
    match c {
        Chip::H100 => "an",
        _ => "a",
    }
}

/// "1,200 H100 and 300 B200"; "no cards".
fn fleet_text(cards: [u64; 3]) -> String {
    let parts: Vec<String> = CHIPS
        .iter()
        .zip(cards)
        .filter(|(_, n)| *n > 0)
        .map(|(c, n)| format!("{} {}", group(n as f64, 0), c.name()))
        .collect();
    match parts.len() {
        0 => "no cards".to_string(),
        1 => parts[0].clone(),
        k => format!("{} and {}", parts[..k - 1].join(", "), parts[k - 1]),
    }
}

/// "On the 8B chat an H100 serves 10,000 tok/s and a B200 24,000 tok/s."
/// for the chips in `used` (an H100 when none is).
fn rates_text(model: Model, used: [bool; 3]) -> String {
    let mut chips: Vec<Chip> = CHIPS
        .iter()
        .zip(used)
        .filter(|(_, u)| *u)
        .map(|(c, _)| *c)
        .collect();
    if chips.is_empty() {
        chips.push(Chip::H100);
    }
    let parts: Vec<String> = chips
        .iter()
        .map(|&c| {
            format!(
                "{} {} serves {} tok/s",
                article(c),
                c.name(),
                group(card_rate(model, c) as f64, 0)
            )
        })
        .collect();
    let list = match parts.len() {
        1 => parts[0].clone(),
        k => format!("{} and {}", parts[..k - 1].join(", "), parts[k - 1]),
    };
    format!("On the {} {list}.", model.name())
}

/// "1,200 × 10,000 + 300 × 24,000 = 19,200,000 tok/s × 2,628,000 s = 50.4576T",
/// or "0T (no cards)".
fn capacity_work(model: Model, cards: [u64; 3]) -> String {
    let terms: Vec<String> = CHIPS
        .iter()
        .zip(cards)
        .filter(|(_, n)| *n > 0)
        .map(|(&c, n)| {
            format!(
                "{} × {}",
                group(n as f64, 0),
                group(card_rate(model, c) as f64, 0)
            )
        })
        .collect();
    if terms.is_empty() {
        return "0T (no cards)".to_string();
    }
    let rate: u64 = CHIPS
        .iter()
        .zip(cards)
        .map(|(&c, n)| n * card_rate(model, c))
        .sum();
    let sum = if terms.len() > 1 {
        format!(" = {}", group(rate as f64, 0))
    } else {
        String::new()
    };
    format!(
        "{}{sum} tok/s × {} s = {}",
        terms.join(" + "),
        group(MONTH_S as f64, 0),
        t_exact(fleet_tokens(model, cards))
    )
}

/// "An 8B chat", "A 70B premium": a sentence's opening.
fn a_model(model: Model) -> String {
    match model {
        Model::Chat8b => format!("An {}", model.name()),
        Model::Premium70b => format!("A {}", model.name()),
    }
}

fn used(cards: [u64; 3]) -> [bool; 3] {
    cards.map(|n| n > 0)
}

/// T1-C1: the tokens a fleet carries, `min(D, Σ n_c·t_c)`.
fn solve_c1(v: &Vars) -> Result<Solution, String> {
    let model = model_var(v)?;
    let owned = cards_var(v, false)?;
    let demand = demand_var(v)?;
    let capacity = fleet_tokens(model, owned);
    let carried = demand.map_or(capacity, |d| tokens_carried(capacity, d));
    let demand_clause = match demand {
        None => "Demand is unlimited this month, so every card runs flat out.".to_string(),
        Some(d) => format!("This month's demand is {}.", t_exact(d)),
    };
    let demand_line = match demand {
        None => format!(
            "With unlimited demand the fleet carries all of it: {}.",
            t_exact(carried)
        ),
        Some(d) if d >= capacity => format!(
            "Demand ({}) is at least that, so the fleet carries its whole capacity: {}.",
            t_exact(d),
            t_exact(carried)
        ),
        Some(d) => format!(
            "Demand is only {}, so the fleet carries {} and {} of its capacity ({}) idles.",
            t_exact(d),
            t_exact(carried),
            t_exact(capacity - carried),
            pct((capacity - carried) as f64 / capacity as f64)
        ),
    };
    Ok(Solution::new(tt(carried))
        .with("model_name", model.name())
        .with("fleet", fleet_text(owned))
        .with("rates", rates_text(model, used(owned)))
        .with("demand_clause", demand_clause)
        .with("capacity_work", capacity_work(model, owned))
        .with("demand_line", demand_line))
}

/// T1-C2: the whole rented cards that fill the shortfall, `ceil((D − K_own)/t)`.
fn solve_c2(v: &Vars) -> Result<Solution, String> {
    let model = model_var(v)?;
    let owned = cards_var(v, false)?;
    let chip = chip_word(v.word("fill_chip")).ok_or("fill_chip: no such chip")?;
    let demand = demand_var(v)?.unwrap_or(0);
    let k_own = fleet_tokens(model, owned);
    let shortfall = demand.saturating_sub(k_own);
    let t = tokens_per_card_month(model, chip);
    let cards = fill_cards(shortfall, t);
    let mut in_play = used(owned);
    in_play[chip as usize] = true;
    let quotient = shortfall as f64 / t as f64;
    let mut q = trim(&group(quotient, 3));
    if quotient.fract() != 0.0 && !q.contains('.') {
        // "562.000004", not "562", where the ceiling is 563.
        q = group(quotient, 6);
    }
    Ok(Solution::new(cards as f64)
        .with("model_name", model.name())
        .with("a_model", a_model(model))
        .with("fleet", fleet_text(owned))
        .with("rates", rates_text(model, in_play))
        .with("demand", t_exact(demand))
        .with("rent_name", chip.name())
        .with("k_own_work", capacity_work(model, owned))
        .with("k_own", t_exact(k_own))
        .with("shortfall", t_exact(shortfall))
        .with("shortfall_tokens", group(shortfall as f64, 0))
        .with("rent_rate", group(card_rate(model, chip) as f64, 0))
        .with("t_rent", group(t as f64, 0))
        .with("quotient", q))
}

/// T1-C3: the dollars the API meter bills, `(D − K_own − K_rent)/1e6 · p_m`.
fn solve_c3(v: &Vars) -> Result<Solution, String> {
    let model = model_var(v)?;
    let owned = cards_var(v, false)?;
    let rented = cards_var(v, true)?;
    let demand = demand_var(v)?.unwrap_or(0);
    let price = match model {
        Model::Chat8b => v.num("api_price_8b"),
        Model::Premium70b => v.num("api_price_70b"),
    };
    if !(price >= 0.0 && price.is_finite()) {
        return Err("the API price must be a number of dollars".into());
    }
    let k_own = fleet_tokens(model, owned);
    let k_rent = fleet_tokens(model, rented);
    let api = api_overflow_tokens(demand, k_own, k_rent);
    let bill = api_bill(api, price);
    let share = |x: u64, of: u64| if of == 0 { 0.0 } else { x as f64 / of as f64 };
    let shortfall = demand.saturating_sub(k_own);
    let mut in_play = used(owned);
    for (u, r) in in_play.iter_mut().zip(used(rented)) {
        *u |= r;
    }
    Ok(Solution::new(bill)
        .with("model_name", model.name())
        .with("a_model", a_model(model))
        .with("owned_fleet", fleet_text(owned))
        .with("rented_fleet", fleet_text(rented))
        .with("rates", rates_text(model, in_play))
        .with("demand", t_exact(demand))
        .with("price", Unit::UsdPerMTok.format(price))
        .with("k_own_work", capacity_work(model, owned))
        .with("k_rent_work", capacity_work(model, rented))
        .with("k_own", t_exact(k_own))
        .with("k_rent", t_exact(k_rent))
        .with("api_t", t_exact(api))
        .with("api_share", pct(share(api, demand)))
        .with("api_shortfall_share", pct(share(api, shortfall)))
        .with("api_millions", trim(&group(api as f64 / 1e6, 2))))
}

// ---------------------------------------------------------------------------
// The month

struct Input {
    model: Model,
    /// Demand in tokens.
    demand: u64,
    owned: [u64; 3],
    rented: [u64; 3],
    /// Owned card-month per chip, $.
    price: [f64; 3],
    premium: f64,
    fill: Chip,
    /// `p_m`, $ per 1M tokens.
    api_price: f64,
}

impl Input {
    fn read(p: &Params) -> Input {
        let model = Model::from_word(p.choice("model"));
        Input {
            model,
            demand: (p.get("demand_t").max(0.0) * 1e12).round() as u64,
            owned: CHIPS.map(|c| p.count(c.owned_param()) as u64),
            rented: CHIPS.map(|c| p.count(c.rented_param()) as u64),
            price: CHIPS.map(|c| p.get(c.price_param())),
            premium: p.get("rent_premium"),
            fill: if p.choice("fill_chip") == "h100" {
                Chip::H100
            } else {
                Chip::B200
            },
            api_price: match model {
                Model::Chat8b => p.get("api_price_8b"),
                Model::Premium70b => p.get("api_price_70b"),
            },
        }
    }
    fn t(&self, c: Chip) -> u64 {
        tokens_per_card_month(self.model, c)
    }
    fn price_of(&self, c: Chip) -> f64 {
        self.price[c as usize]
    }
    fn rent_of(&self, c: Chip) -> f64 {
        self.premium * self.price_of(c)
    }
    fn owned_cards(&self) -> u64 {
        self.owned.iter().sum()
    }
    fn owned_dollars(&self) -> f64 {
        CHIPS
            .iter()
            .map(|&c| self.owned[c as usize] as f64 * self.price_of(c))
            .sum()
    }
    fn rented_dollars(&self) -> f64 {
        CHIPS
            .iter()
            .map(|&c| self.rented[c as usize] as f64 * self.rent_of(c))
            .sum()
    }
    /// The owned chip with the most capacity (the idle check's lever).
    fn biggest_owned(&self) -> Chip {
        *CHIPS
            .iter()
            .max_by_key(|&&c| self.owned[c as usize] * self.t(c))
            .unwrap_or(&Chip::B200)
    }
}

/// One month's dispatch: integer tokens.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dispatch {
    pub demand: u64,
    pub owned_capacity: u64,
    pub rented_capacity: u64,
    pub owned: u64,
    pub rented: u64,
    pub api: u64,
    pub shortfall: u64,
}

/// Owned first (sunk cost), then rented, then the API.
pub fn dispatch(demand: u64, owned_capacity: u64, rented_capacity: u64) -> Dispatch {
    let owned = tokens_carried(owned_capacity, demand);
    let shortfall = demand - owned;
    let rented = tokens_carried(rented_capacity, shortfall);
    Dispatch {
        demand,
        owned_capacity,
        rented_capacity,
        owned,
        rented,
        api: shortfall - rented,
        shortfall,
    }
}

impl Dispatch {
    /// `1 − X_own/K_own`; 0 with no owned cards.
    pub fn idle_share(&self) -> f64 {
        if self.owned_capacity == 0 {
            0.0
        } else {
            (self.owned_capacity - self.owned) as f64 / self.owned_capacity as f64
        }
    }
}

/// Everything the figures, checks and charts read.
struct Month {
    d: Dispatch,
    owned_dollars: f64,
    rented_dollars: f64,
    api_dollars: f64,
    bill: f64,
    blended: f64,
    fill_cards: u64,
    fill_dollars: f64,
    cards_needed: u64,
}

impl Month {
    fn of(inp: &Input) -> Month {
        let k_own = fleet_tokens(inp.model, inp.owned);
        let k_rent = fleet_tokens(inp.model, inp.rented);
        let d = dispatch(inp.demand, k_own, k_rent);
        let owned_dollars = inp.owned_dollars();
        let rented_dollars = inp.rented_dollars();
        let api_dollars = api_bill(d.api, inp.api_price);
        let bill = owned_dollars + rented_dollars + api_dollars;
        let fill_cards = fill_cards(d.shortfall, inp.t(inp.fill));
        Month {
            d,
            owned_dollars,
            rented_dollars,
            api_dollars,
            bill,
            blended: bill / (inp.demand.max(1) as f64 / 1e6),
            fill_cards,
            fill_dollars: fill_cards as f64 * inp.rent_of(inp.fill),
            cards_needed: cards_needed(inp.model, inp.owned, d.owned),
        }
    }
    fn margin(&self, inp: &Input) -> f64 {
        self.blended / inp.api_price
    }
    fn idle_cards(&self, inp: &Input) -> u64 {
        inp.owned_cards() - self.cards_needed
    }
    fn idle_card_share(&self, inp: &Input) -> f64 {
        let n = inp.owned_cards();
        if n == 0 {
            0.0
        } else {
            self.idle_cards(inp) as f64 / n as f64
        }
    }
    fn api_share(&self) -> f64 {
        self.d.api as f64 / self.d.demand.max(1) as f64
    }
    fn api_shortfall_share(&self) -> f64 {
        if self.d.shortfall == 0 {
            0.0
        } else {
            self.d.api as f64 / self.d.shortfall as f64
        }
    }
}

fn tt(tokens: u64) -> f64 {
    tokens as f64 / 1e12
}

fn t_text(tokens: u64) -> String {
    format!("{}T", number(tt(tokens)))
}

fn usd(v: f64) -> String {
    Unit::Usd.format(v)
}

/// "$8.463M": dollars in millions above a million.
fn musd(v: f64) -> String {
    if v.abs() >= 1e6 {
        format!(
            "${}M",
            crate::model::units::trim(&format!("{:.3}", v / 1e6))
        )
    } else {
        usd(v)
    }
}

fn pct(v: f64) -> String {
    Unit::Share.format(v)
}

/// "$2.00", "$1.2752", "$0.0403": four decimals, trailing zeros dropped down to two.
fn per_1m(v: f64) -> String {
    if !v.is_finite() {
        return "∞".to_string();
    }
    let mut s = crate::model::units::group(v, 4);
    while s.ends_with('0') && s.len() - s.find('.').unwrap_or(s.len()) > 3 {
        s.pop();
    }
    format!("${s}")
}

// ---------------------------------------------------------------------------
// Figures and checks

fn figures(inp: &Input, m: &Month, out: &mut Outcome) {
    let d = &m.d;
    out.figure("bill", "Month's bill", m.bill, Unit::UsdPerMonth);
    out.figure(
        "blended_per_1m",
        "Blended cost per 1M tokens",
        m.blended,
        Unit::UsdPerMTok,
    );
    out.figure(
        "margin_share",
        "Blended ÷ API price",
        m.margin(inp),
        Unit::Share,
    );
    out.figure(
        "idle_share",
        "Idle owned capacity (tokens)",
        d.idle_share(),
        Unit::Share,
    );
    out.figure(
        "api_share",
        "API share of demand",
        m.api_share(),
        Unit::Share,
    );
    out.figure(
        "commitment",
        "Commitment: 36 months of owned card-months",
        AMORTIZATION_MONTHS as f64 * m.owned_dollars,
        Unit::Usd,
    );
    out.figure(
        "capacity_t",
        "Owned capacity",
        tt(d.owned_capacity),
        Unit::TTokens,
    );
    out.figure(
        "rented_capacity_t",
        "Rented capacity",
        tt(d.rented_capacity),
        Unit::TTokens,
    );
    out.figure(
        "owned_tokens_t",
        "Carried by owned cards",
        tt(d.owned),
        Unit::TTokens,
    );
    out.figure(
        "shortfall_t",
        "Shortfall after owned",
        tt(d.shortfall),
        Unit::TTokens,
    );
    out.figure(
        "rented_tokens_t",
        "Carried by rented cards",
        tt(d.rented),
        Unit::TTokens,
    );
    out.figure(
        "api_tokens_t",
        "Carried by the API",
        tt(d.api),
        Unit::TTokens,
    );
    out.figure(
        "api_shortfall_share",
        "API share of the shortfall",
        m.api_shortfall_share(),
        Unit::Share,
    );
    out.figure(
        "owned_bill",
        "Owned card-months",
        m.owned_dollars,
        Unit::UsdPerMonth,
    );
    out.figure(
        "rented_bill",
        "Rented card-months",
        m.rented_dollars,
        Unit::UsdPerMonth,
    );
    out.figure("api_bill", "API bill", m.api_dollars, Unit::UsdPerMonth);
    out.figure(
        "rented_fill_cards",
        "Whole rented cards for the shortfall (fill chip)",
        m.fill_cards as f64,
        Unit::Count("cards"),
    );
    out.figure(
        "rented_fill_bill",
        "Those rented cards' bill",
        m.fill_dollars,
        Unit::UsdPerMonth,
    );
    for (id, label, chip) in [
        (
            "breakeven_api_share_b200",
            "Break-even API share of the shortfall, B200 rentals",
            Chip::B200,
        ),
        (
            "breakeven_api_share_h100",
            "Break-even API share of the shortfall, H100 rentals",
            Chip::H100,
        ),
    ] {
        out.figure(
            id,
            label,
            breakeven_api_share(d.shortfall, inp.t(chip), inp.rent_of(chip), inp.api_price),
            Unit::Share,
        );
    }
    out.figure(
        "owned_cards_needed",
        "Owned cards the month needs",
        m.cards_needed as f64,
        Unit::Count("cards"),
    );
    out.figure(
        "idle_cards",
        "Idle owned cards",
        m.idle_cards(inp) as f64,
        Unit::Count("cards"),
    );
    out.figure(
        "idle_card_share",
        "Idle owned cards (share)",
        m.idle_card_share(inp),
        Unit::Share,
    );
    let h100_equiv: f64 = CHIPS
        .iter()
        .map(|&c| inp.owned[c as usize] as f64 * c.k())
        .sum();
    out.figure(
        "owned_per_h100_equiv",
        "Owned card-month per H100-equivalent",
        if h100_equiv > 0.0 {
            m.owned_dollars / h100_equiv
        } else {
            0.0
        },
        Unit::UsdPerMonth,
    );
    out.figure("api_price", "API price", inp.api_price, Unit::UsdPerMTok);
    const OWNED: [(&str, &str); 3] = [
        ("per_1m_owned_h100", "H100 owned, $ per 1M at 100%"),
        ("per_1m_owned_b200", "B200 owned, $ per 1M at 100%"),
        ("per_1m_owned_a100u", "Used A100 owned, $ per 1M at 100%"),
    ];
    const RENTED: [(&str, &str); 3] = [
        ("per_1m_rented_h100", "H100 rented, $ per 1M at 100%"),
        ("per_1m_rented_b200", "B200 rented, $ per 1M at 100%"),
        ("per_1m_rented_a100u", "Used A100 rented, $ per 1M at 100%"),
    ];
    const MIN_UTIL: [(&str, &str); 3] = [
        ("min_util_h100", "Use an owned H100 needs for the margin"),
        ("min_util_b200", "Use an owned B200 needs for the margin"),
        (
            "min_util_a100u",
            "Use an owned used A100 needs for the margin",
        ),
    ];
    // Per chip: $ per 1M owned and rented at full use, and the use an owned
    // card needs to pass the margin check.
    let owned = |c: Chip| cost_per_1m(inp.price_of(c), inp.t(c), 1.0);
    let rented = |c: Chip| cost_per_1m(inp.rent_of(c), inp.t(c), 1.0);
    for (row, names) in [&OWNED, &RENTED, &MIN_UTIL].into_iter().enumerate() {
        for c in CHIPS {
            let (id, label) = names[c as usize];
            let (value, unit) = match row {
                0 => (owned(c), Unit::UsdPerMTok),
                1 => (rented(c), Unit::UsdPerMTok),
                _ => (owned(c) / (MARGIN_MAX * inp.api_price), Unit::Share),
            };
            out.figure(id, label, value, unit);
        }
    }
}

/// A dollar line of the month: owned or rented cards of one chip, or the API.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Line {
    Owned(Chip),
    Rented(Chip),
    Api,
}

/// Each line's dollars and the tokens it carries (each pool's tokens spread
/// over its cards in proportion to their capacity).
fn lines(inp: &Input, m: &Month) -> Vec<(Line, f64, f64)> {
    let d = &m.d;
    let u_own = if d.owned_capacity == 0 {
        0.0
    } else {
        d.owned as f64 / d.owned_capacity as f64
    };
    let u_rent = if d.rented_capacity == 0 {
        0.0
    } else {
        d.rented as f64 / d.rented_capacity as f64
    };
    let mut v = Vec::with_capacity(7);
    for c in CHIPS {
        let n = inp.owned[c as usize];
        if n > 0 {
            v.push((
                Line::Owned(c),
                n as f64 * inp.price_of(c),
                u_own * (n * inp.t(c)) as f64,
            ));
        }
        let n = inp.rented[c as usize];
        if n > 0 {
            v.push((
                Line::Rented(c),
                n as f64 * inp.rent_of(c),
                u_rent * (n * inp.t(c)) as f64,
            ));
        }
    }
    if d.api > 0 {
        v.push((Line::Api, m.api_dollars, d.api as f64));
    }
    v
}

/// The line that overruns the margin ceiling by the most dollars:
/// `dollars − 75 % × p × tokens/1e6`.
fn worst_line(inp: &Input, m: &Month) -> Option<(Line, f64, f64)> {
    lines(inp, m).into_iter().max_by(|a, b| {
        let over = |x: &(Line, f64, f64)| x.1 - MARGIN_MAX * inp.api_price * x.2 / 1e6;
        over(a).total_cmp(&over(b))
    })
}

/// The most owned cards of `chip`, others held, that keep idle ≤ 15 % at this
/// demand: `floor((D/0.85 − K_other) / t)`, or None when even zero idles.
fn max_owned_passing(inp: &Input, chip: Chip) -> Option<u64> {
    let t = inp.t(chip);
    let others: u64 = CHIPS
        .iter()
        .filter(|&&c| c != chip)
        .map(|&c| inp.owned[c as usize] * inp.t(c))
        .sum();
    let allowed = inp.demand as f64 / (1.0 - IDLE_MAX) - others as f64;
    (allowed >= 0.0).then(|| (allowed / t as f64 + 1e-9).floor() as u64)
}

fn checks(inp: &Input, m: &Month, out: &mut Outcome) {
    let d = &m.d;
    let demand = t_text(d.demand);
    // Idle.
    let idle = d.idle_share();
    let chip = inp.biggest_owned();
    out.checks.push(Verdict::at_most(
        "idle",
        idle,
        IDLE_MAX,
        Unit::Share,
        Some(chip.owned_param()),
        |pass| {
            if d.owned_capacity == 0 {
                "No owned cards, so no owned capacity idles: every card is rented month to month."
                    .to_string()
            } else if pass {
                format!(
                    "Owned cards carry {} of their {} capacity: {} idle, within the 15% an owned fleet may leave unused.",
                    t_text(d.owned),
                    t_text(d.owned_capacity),
                    pct(idle)
                )
            } else {
                let fix = match max_owned_passing(inp, chip) {
                    Some(n) => format!(
                        "at {demand} at most {} owned {} keep idle within 15%; own fewer ({}) and rent the growth when it comes.",
                        number(n as f64),
                        chip.name(),
                        chip.owned_param()
                    ),
                    None => format!(
                        "even with no owned {} the other owned cards hold more than {demand} ÷ 0.85; own fewer of every chip, starting with {}.",
                        chip.name(),
                        chip.owned_param()
                    ),
                };
                format!(
                    "{} of owned capacity sits idle: {demand} needs {} of {} owned cards, so {} ({}) are mortgage payments with no tokens. The limit is 15%: {fix}",
                    pct(idle),
                    number(m.cards_needed as f64),
                    number(inp.owned_cards() as f64),
                    number(m.idle_cards(inp) as f64),
                    pct(m.idle_card_share(inp)),
                )
            }
        },
    ));
    // Margin.
    let margin = m.margin(inp);
    let ceiling = MARGIN_MAX * inp.api_price;
    let worst = worst_line(inp, m);
    let lever = match worst {
        Some((Line::Owned(c), ..)) => c.owned_param(),
        Some((Line::Rented(c), ..)) => c.rented_param(),
        Some((Line::Api, ..)) | None => inp.fill.rented_param(),
    };
    out.checks.push(Verdict::at_most(
        "margin",
        margin,
        MARGIN_MAX,
        Unit::Share,
        Some(lever),
        |pass| {
            let head = format!(
                "Blended cost {} per 1M is {} of the API's {}",
                per_1m(m.blended),
                pct(margin),
                per_1m(inp.api_price)
            );
            if pass {
                return format!("{head}: self-hosting beats the API by at least the quarter the check asks.");
            }
            let Some((line, dollars, tokens)) = worst else {
                return format!("{head}, above the 75% line.");
            };
            let rate = if tokens > 0.0 {
                per_1m(dollars / (tokens / 1e6))
            } else {
                "∞".to_string()
            };
            let why = match line {
                Line::Owned(c) => {
                    let mut text = format!(
                        "owned {} cost {rate} per 1M they carry at {} use ({} at 100%)",
                        c.name(),
                        pct(1.0 - idle),
                        per_1m(cost_per_1m(inp.price_of(c), inp.t(c), 1.0))
                    );
                    if c == Chip::A100u {
                        let per_equiv = inp.price_of(c) / c.k();
                        text += &format!(
                            ": {} a card is {} per H100-equivalent of throughput against {} for an H100",
                            usd(inp.price_of(c)),
                            usd(per_equiv),
                            usd(inp.price_of(Chip::H100))
                        );
                        if per_equiv > inp.price_of(Chip::H100) {
                            let equiv =
                                fill_cards(inp.owned[c as usize] * inp.t(c), inp.t(Chip::H100));
                            text += &format!(
                                ", so {} H100 carry the same tokens for less",
                                number(equiv as f64)
                            );
                        }
                    }
                    format!("{text}. Own fewer ({}).", c.owned_param())
                }
                Line::Rented(c) => format!(
                    "rented {} cost {rate} per 1M they carry. Rent fewer ({}) or own the base.",
                    c.name(),
                    c.rented_param()
                ),
                Line::Api => format!(
                    "the API bills {} retail on {}. Rent {} whole {} instead ({}).",
                    musd(m.api_dollars),
                    t_text(d.api),
                    number(m.fill_cards as f64),
                    inp.fill.name(),
                    inp.fill.rented_param()
                ),
            };
            format!(
                "{head}, above the 75% line ({} per 1M). The costliest line: {why}",
                per_1m(ceiling)
            )
        },
    ));
    // Overflow.
    let share = m.api_share();
    out.checks.push(Verdict::at_most(
        "overflow",
        share,
        OVERFLOW_MAX,
        Unit::Share,
        Some(inp.fill.rented_param()),
        |pass| {
            if d.api == 0 {
                return format!(
                    "The API carries nothing: owned and rented cards cover the {demand} month."
                );
            }
            let head = format!(
                "The API carries {} = {} of demand ({} of the {} shortfall) and bills {} retail",
                t_text(d.api),
                pct(share),
                pct(m.api_shortfall_share()),
                t_text(d.shortfall),
                musd(m.api_dollars)
            );
            if pass {
                return format!("{head}: within the 10% cap for spikes.");
            }
            let compare = if m.fill_dollars < m.api_dollars {
                "less than the API's share alone"
            } else {
                "more at this shortfall, but the API has swallowed the month"
            };
            format!(
                "{head}, over the 10% cap. {} whole rented {} would carry the whole shortfall for {}, {compare}: raise {}.",
                number(m.fill_cards as f64),
                inp.fill.name(),
                musd(m.fill_dollars),
                inp.fill.rented_param()
            )
        },
    ));
}

/// The seed's API-tax claim checked on this month, with its limits.
fn api_tax_note(inp: &Input, m: &Month) -> String {
    let d = &m.d;
    let rate = |c: Chip| cost_per_1m(inp.rent_of(c), inp.t(c), 1.0) / inp.api_price;
    let be = |c: Chip| breakeven_api_share(d.shortfall, inp.t(c), inp.rent_of(c), inp.api_price);
    let limits = format!(
        "At sustained volume renting costs {} of the API's price on B200 and {} on H100, so the seed's '40% of the shortfall on the API bills more than the whole rented cloud' holds for B200 rentals{}.",
        pct(rate(Chip::B200)),
        pct(rate(Chip::H100)),
        if rate(Chip::H100) > 0.4 {
            ", not for H100"
        } else {
            ""
        }
    );
    if d.shortfall == 0 {
        return format!("API tax: no shortfall this month, so the break-even shown is the sustained-volume limit. {limits}");
    }
    let n_b = fill_cards(d.shortfall, inp.t(Chip::B200));
    let n_h = fill_cards(d.shortfall, inp.t(Chip::H100));
    format!(
        "API tax on this {} shortfall: the API on all of it would bill {}; {} whole rented B200 carry it for {} and {} whole H100 for {}. The API out-bills the whole rented fleet once it takes more than {} of the shortfall (B200) or {} (H100); it takes {} now. {limits}",
        t_text(d.shortfall),
        musd(api_bill(d.shortfall, inp.api_price)),
        number(n_b as f64),
        musd(n_b as f64 * inp.rent_of(Chip::B200)),
        number(n_h as f64),
        musd(n_h as f64 * inp.rent_of(Chip::H100)),
        pct(be(Chip::B200)),
        pct(be(Chip::H100)),
        pct(m.api_shortfall_share())
    )
}

// ---------------------------------------------------------------------------
// Charts

/// Demand sweep: log-spaced points over the slider's 1–1,000T, plus the
/// current demand and the fleet's knees.
const SWEEP_STEPS: usize = 120;
const T_MIN: f64 = 1.0;
const T_MAX: f64 = 1_000.0;

fn sweep_grid(inp: &Input, m: &Month, extra: &[f64]) -> Vec<f64> {
    let mut xs: Vec<f64> = (0..=SWEEP_STEPS)
        .map(|i| T_MIN * (T_MAX / T_MIN).powf(i as f64 / SWEEP_STEPS as f64))
        .collect();
    let k_own = tt(m.d.owned_capacity);
    let k_all = tt(m.d.owned_capacity + m.d.rented_capacity);
    xs.extend(
        [tt(inp.demand), k_own, k_all]
            .iter()
            .chain(extra)
            .filter(|x| (T_MIN..=T_MAX).contains(*x)),
    );
    xs.sort_by(f64::total_cmp);
    xs.dedup_by(|a, b| (*a - *b).abs() < 1e-12);
    xs
}

fn tokens_of(x: f64) -> u64 {
    (x * 1e12).round() as u64
}

/// Lowest value drawn on the tokens chart's log axis, T.
const Y_FLOOR: f64 = 0.01;

fn tokens_chart(inp: &Input, m: &Month) -> Chart {
    let xs = sweep_grid(inp, m, &[]);
    let (k_own, k_rent) = (m.d.owned_capacity, m.d.rented_capacity);
    let mut own = Vec::with_capacity(xs.len());
    let mut rent = Vec::with_capacity(xs.len());
    let mut api = Vec::with_capacity(xs.len());
    for &x in &xs {
        let d = dispatch(tokens_of(x), k_own, k_rent);
        own.push((x, tt(d.owned)));
        rent.push((x, tt(d.rented)));
        api.push((x, tt(d.api)));
    }
    let demand_line = xs.iter().map(|&x| (x, x)).collect();
    let mut hlines = Vec::new();
    let in_y = |v: f64| (Y_FLOOR..=T_MAX).contains(&v);
    if in_y(tt(k_own)) {
        hlines.push(RefLine::new(
            tt(k_own),
            format!("owned capacity {}", t_text(k_own)),
            Tone::Cat(0),
        ));
    }
    if k_rent > 0 && in_y(tt(k_own + k_rent)) {
        hlines.push(RefLine::new(
            tt(k_own + k_rent),
            format!("owned + rented {}", t_text(k_own + k_rent)),
            Tone::Cat(1),
        ));
    }
    let d = &m.d;
    Chart {
        id: "tokens-by-source",
        title: "Tokens by source as demand grows".to_string(),
        summary: format!(
            "At {} this month, owned cards carry {}, rented {} and the API {} ({} of demand); below {} everything runs on owned cards.",
            t_text(d.demand),
            t_text(d.owned),
            t_text(d.rented),
            t_text(d.api),
            pct(m.api_share()),
            t_text(d.owned_capacity)
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("demand, T tokens / month", Unit::TTokens)
                .log()
                .range(T_MIN, T_MAX),
            y: Axis::new("tokens carried, T", Unit::TTokens)
                .log()
                .range(Y_FLOOR, T_MAX),
            series: vec![
                Series::new("owned cards", Style::Line, Tone::Cat(0), own),
                Series::new("rented cards", Style::Line, Tone::Cat(1), rent),
                Series::new("API overflow", Style::Line, Tone::Bad, api),
                Series::new("demand", Style::Dashed, Tone::Muted, demand_line),
            ],
            hlines,
            vlines: vec![RefLine::new(
                tt(d.demand),
                format!("now: {}", t_text(d.demand)),
                Tone::Ink,
            )],
        }),
    }
}

fn dollars_chart(inp: &Input, m: &Month) -> Chart {
    let d = &m.d;
    let all_api = api_bill(d.demand, inp.api_price);
    let alt = format!(
        "{} whole rented {} instead",
        number(m.fill_cards as f64),
        inp.fill.name()
    );
    let alt_bill = m.owned_dollars + m.fill_dollars;
    Chart {
        id: "dollars-by-line",
        title: "The month's dollars by line".to_string(),
        summary: format!(
            "This month bills {}: owned {}, rented {}, API {}. Renting {} whole {} for the whole {} shortfall instead would bill {}; the API for all {} would bill {}.",
            musd(m.bill),
            musd(m.owned_dollars),
            musd(m.rented_dollars),
            musd(m.api_dollars),
            number(m.fill_cards as f64),
            inp.fill.name(),
            t_text(d.shortfall),
            musd(alt_bill),
            t_text(d.demand),
            musd(all_api)
        ),
        plot: Plot::Bars(BarChart {
            categories: vec!["this month".to_string(), alt],
            y: Axis::new("dollars this month", Unit::Usd),
            sets: vec![
                BarSet {
                    name: "owned cards".to_string(),
                    tone: Tone::Cat(0),
                    values: vec![m.owned_dollars, m.owned_dollars],
                },
                BarSet {
                    name: "rented cards".to_string(),
                    tone: Tone::Cat(1),
                    values: vec![m.rented_dollars, m.fill_dollars],
                },
                BarSet {
                    name: "API".to_string(),
                    tone: Tone::Bad,
                    values: vec![m.api_dollars, 0.0],
                },
            ],
            stacked: true,
            hlines: vec![
                RefLine::new(
                    all_api,
                    format!("the API for everything: {}", musd(all_api)),
                    Tone::Muted,
                ),
                RefLine::new(
                    MARGIN_MAX * all_api,
                    format!("75% of that: {}", musd(MARGIN_MAX * all_api)),
                    Tone::Warn,
                ),
            ],
            highlight: if m.bill > alt_bill { vec![1] } else { vec![0] },
        }),
    }
}

fn per_1m_chart(inp: &Input, m: &Month) -> Chart {
    let u = 1.0 - m.d.idle_share();
    let owned: Vec<f64> = CHIPS
        .iter()
        .map(|&c| cost_per_1m(inp.price_of(c), inp.t(c), 1.0))
        .collect();
    let rented: Vec<f64> = CHIPS
        .iter()
        .map(|&c| cost_per_1m(inp.rent_of(c), inp.t(c), 1.0))
        .collect();
    let at_use: Vec<f64> = CHIPS
        .iter()
        .map(|&c| {
            if m.d.owned_capacity > 0 && u > 0.0 {
                cost_per_1m(inp.price_of(c), inp.t(c), u)
            } else {
                f64::INFINITY
            }
        })
        .collect();
    let p = inp.api_price;
    let top = owned
        .iter()
        .chain(&rented)
        .fold(p, |a, &b| a.max(b))
        .max(1.5 * p)
        * 1.08;
    let in_fleet: Vec<usize> = CHIPS
        .iter()
        .filter(|&&c| inp.owned[c as usize] + inp.rented[c as usize] > 0)
        .map(|&c| c as usize)
        .collect();
    let cheapest = CHIPS
        .iter()
        .min_by(|a, b| owned[**a as usize].total_cmp(&owned[**b as usize]))
        .copied()
        .unwrap_or(Chip::B200);
    Chart {
        id: "per-1m-by-chip",
        title: format!("$ per 1M tokens by chip, {}", inp.model.name()),
        summary: format!(
            "At 100% use an owned {} costs {} per 1M ({} of the API's {}), renting it {}; owned is cheaper than rented for every chip, and the margin line is {}. The owned fleet runs at {} use, which multiplies an owned card's cost per 1M by {}.",
            cheapest.name(),
            per_1m(owned[cheapest as usize]),
            pct(owned[cheapest as usize] / p),
            per_1m(p),
            per_1m(rented[cheapest as usize]),
            per_1m(MARGIN_MAX * p),
            pct(u),
            if u > 0.0 { format!("{}×", number(1.0 / u)) } else { "∞×".to_string() }
        ),
        plot: Plot::Bars(BarChart {
            categories: CHIPS.iter().map(|c| c.name().to_string()).collect(),
            y: Axis::new("$ per 1M tokens", Unit::UsdPerMTok).range(0.0, top),
            sets: vec![
                BarSet {
                    name: "owned, 100% use".to_string(),
                    tone: Tone::Cat(0),
                    values: owned,
                },
                BarSet {
                    name: "rented, 100% use".to_string(),
                    tone: Tone::Cat(1),
                    values: rented,
                },
                BarSet {
                    name: format!("owned at this month's {} use", pct(u)),
                    tone: Tone::Cat(2),
                    values: at_use,
                },
            ],
            stacked: false,
            hlines: vec![
                RefLine::new(p, format!("API {}", per_1m(p)), Tone::Bad),
                RefLine::new(
                    MARGIN_MAX * p,
                    format!("75% margin line {}", per_1m(MARGIN_MAX * p)),
                    Tone::Warn,
                ),
            ],
            highlight: in_fleet,
        }),
    }
}

fn idle_chart(inp: &Input, m: &Month) -> Chart {
    let k_own = m.d.owned_capacity;
    let sized = tt(k_own) * (1.0 - IDLE_MAX);
    let xs = sweep_grid(inp, m, &[sized]);
    let n = inp.owned_cards();
    let mut by_tokens = Vec::with_capacity(xs.len());
    let mut by_cards = Vec::with_capacity(xs.len());
    for &x in &xs {
        let d = dispatch(tokens_of(x), k_own, 0);
        by_tokens.push((x, d.idle_share()));
        let need = cards_needed(inp.model, inp.owned, d.owned);
        by_cards.push((
            x,
            if n == 0 {
                0.0
            } else {
                (n - need) as f64 / n as f64
            },
        ));
    }
    let mut vlines = vec![RefLine::new(
        tt(inp.demand),
        format!("now: {}", t_text(inp.demand)),
        Tone::Ink,
    )];
    if k_own > 0 && (T_MIN..=T_MAX).contains(&sized) {
        vlines.push(RefLine::new(
            sized,
            format!("passes from {}T", compact(sized)),
            Tone::Good,
        ));
    }
    let summary = if k_own == 0 {
        "No owned cards: no owned capacity can idle at any demand.".to_string()
    } else {
        format!(
            "At {} the owned {} capacity runs {} idle by tokens ({} of {} cards idle); it passes the 15% line only from {} of demand.",
            t_text(inp.demand),
            t_text(k_own),
            pct(m.d.idle_share()),
            number(m.idle_cards(inp) as f64),
            number(n as f64),
            format_args!("{}T", number((sized * 10.0).ceil() / 10.0))
        )
    };
    Chart {
        id: "idle-owned",
        title: "Idle owned capacity against demand".to_string(),
        summary,
        plot: Plot::Xy(XyChart {
            x: Axis::new("demand, T tokens / month", Unit::TTokens)
                .log()
                .range(T_MIN, T_MAX),
            y: Axis::new("idle owned capacity", Unit::Share).range(0.0, 1.0),
            series: vec![
                Series::new("idle share of tokens", Style::Line, Tone::Cat(0), by_tokens),
                Series::new("idle share of cards", Style::Dashed, Tone::Cat(3), by_cards),
            ],
            hlines: vec![RefLine::new(IDLE_MAX, "15% idle limit", Tone::Warn)],
            vlines,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_whole_and_match_the_spec_table() {
        let want = [
            (
                Model::Chat8b,
                [26_280_000_000u64, 63_072_000_000, 11_826_000_000],
            ),
            (
                Model::Premium70b,
                [1_839_600_000, 4_415_040_000, 827_820_000],
            ),
        ];
        for (model, t) in want {
            for (c, w) in CHIPS.iter().zip(t) {
                let (n, d) = c.multiplier();
                assert_eq!(model.h100_rate() * n % d, 0, "{c:?} rate is whole");
                assert_eq!(tokens_per_card_month(model, *c), w, "{model:?} {c:?}");
            }
        }
        assert_eq!(MONTH_S, 2_628_000);
    }

    #[test]
    fn fill_cards_is_an_integer_ceiling() {
        assert_eq!(fill_cards(0, 5), 0);
        assert_eq!(fill_cards(1, 5), 1);
        assert_eq!(fill_cards(5, 5), 1);
        assert_eq!(fill_cards(6, 5), 2);
        assert_eq!(fill_cards(u64::MAX / 2, 3), (u64::MAX / 2).div_ceil(3));
        // Spec T1-C2 worked example: 70B, 8T, 3,000 owned H100 → 562 B200.
        let k_own = fleet_tokens(Model::Premium70b, [3000, 0, 0]);
        assert_eq!(k_own, 5_518_800_000_000);
        let f = 8_000_000_000_000 - k_own;
        assert_eq!(
            fill_cards(f, tokens_per_card_month(Model::Premium70b, Chip::B200)),
            562
        );
    }

    #[test]
    fn challenge_worked_examples() {
        // T1-C1: 1,200 H100 + 300 B200 on the 8B → 50.4576T.
        assert_eq!(
            fleet_tokens(Model::Chat8b, [1200, 300, 0]),
            50_457_600_000_000
        );
        // T1-C3: 8B, 120T, 3,000 H100 owned + 400 B200 rented → 15.9312T, $3,186,240.
        let x = api_overflow_tokens(
            120_000_000_000_000,
            fleet_tokens(Model::Chat8b, [3000, 0, 0]),
            fleet_tokens(Model::Chat8b, [0, 400, 0]),
        );
        assert_eq!(x, 15_931_200_000_000);
        assert_eq!(api_bill(x, 0.20), 3_186_240.0);
    }

    #[test]
    fn cards_needed_fills_largest_chips_first() {
        let m = Model::Chat8b;
        assert_eq!(cards_needed(m, [0, 5000, 0], 91_400_000_000_000), 1450);
        // A mix: B200 first, then H100.
        let t_b = tokens_per_card_month(m, Chip::B200);
        let t_h = tokens_per_card_month(m, Chip::H100);
        assert_eq!(cards_needed(m, [10, 2, 0], 2 * t_b + 1), 3);
        assert_eq!(cards_needed(m, [10, 2, 0], 2 * t_b + t_h + 1), 4);
        assert_eq!(cards_needed(m, [10, 2, 0], 0), 0);
    }
}
