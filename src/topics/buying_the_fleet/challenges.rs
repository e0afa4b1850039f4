//! Buying the fleet's challenges: the draws in the order the topic's
//! questions are written and the answers from the model's challenge formulas,
//! in integer tokens, with the worked solutions' wording.

use super::model::{
    api_bill, api_overflow_tokens, card_rate, fill_cards, fleet_tokens, tokens_carried,
    tokens_per_card_month,
};
use super::model_units::{pct, tt};
use super::params::{Chip, Model, CHIPS, MONTH_S};
use crate::challenge::{answers, Answers, Solution, Template, Value, Vars};
use crate::model::units::{group, trim};
use crate::model::{SplitMix64, Unit};

/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: Answers = answers! {
    draw: draw_challenge,
    "tokens_carried_t" => solve_c1,
    "fill_cards" => solve_c2,
    "api_bill" => solve_c3,
    "carried_capacity" => |v| carried_with(v, |cap, d, _| (d < cap).then_some(cap)),
    "carried_demand" => |v| carried_with(v, |cap, d, _| (d > cap).then_some(d)),
    "carried_720_hours" => |v| carried_with(v, |cap, d, _| {
        (d >= cap).then(|| cap / MONTH_HOURS * 720)
    }),
    "carried_h100_rate" => |v| carried_with(v, |cap, d, h100| {
        (d >= cap && h100 != cap).then_some(h100.min(d))
    }),
    "fill_cards_rounded_down" => |v| fill_with(v, |short, t, _, _| short / t),
    "fill_cards_whole_demand" => |v| fill_with(v, |_, t, d, _| fill_cards(d, t)),
    "fill_cards_h100_rate" => |v| fill_with(v, |short, _, _, t_h100| fill_cards(short, t_h100)),
    "api_bill_no_rented" => |v| api_bill_with(v, |d, own, _| d.saturating_sub(own)),
    "api_bill_whole_demand" => |v| api_bill_with(v, |d, _, _| d),
    "api_bill_720_hours" => |v| api_bill_with(v, |d, own, rent| {
        d.saturating_sub((own + rent) / MONTH_HOURS * 720)
    }),
    "fleet_rent_month" => solve_c4,
    "fleet_rent_one_gpu" => |v| rent_with(v, |r| (r.tp > 1.0).then_some(r.replicas * r.rented())),
    "fleet_rent_owned" => |v| rent_with(v, |r| Some(r.gpus() * r.card_month)),
};

/// Hours in the month the page counts.
const MONTH_HOURS: u64 = 730;

/// Whether two numbers differ by more than `rel` of the first: a
/// misconception that comes this close to the right answer is not asked
/// about.
fn apart(right: f64, wrong: f64, rel: f64) -> Result<(), String> {
    ((wrong - right).abs() > rel * right.abs())
        .then_some(())
        .ok_or_else(|| "within the tolerance's reach of the right answer".to_string())
}

/// A misconception of C1: the tokens `carried(capacity, demand, capacity at
/// an H100's rate)` says, where it applies (a demand is given).
fn carried_with(v: &Vars, carried: fn(u64, u64, u64) -> Option<u64>) -> Result<Solution, String> {
    let model = model_var(v)?;
    let owned = cards_var(v, false)?;
    let demand = demand_var(v)?.unwrap_or(u64::MAX);
    let cap = fleet_tokens(model, owned);
    let h100 = owned.iter().sum::<u64>() * tokens_per_card_month(model, Chip::H100);
    let wrong = carried(cap, demand, h100)
        .filter(|&w| w != u64::MAX)
        .ok_or("the idea gives the same tokens")?;
    let right = tokens_carried(cap, demand);
    // Graded ±1 %: a 30-day month is 1.4 % short.
    apart(tt(right), tt(wrong), 0.012)?;
    Ok(Solution::new(tt(wrong)))
}

/// A misconception of C2: the cards `cards(shortfall, tokens a rented card
/// carries, demand, an H100's tokens)` says, where it differs.
fn fill_with(v: &Vars, cards: fn(u64, u64, u64, u64) -> u64) -> Result<Solution, String> {
    let model = model_var(v)?;
    let owned = cards_var(v, false)?;
    let chip = chip_word(v.word("fill_chip")).ok_or("fill_chip: no such chip")?;
    let demand = demand_var(v)?.unwrap_or(0);
    let shortfall = demand.saturating_sub(fleet_tokens(model, owned));
    let t = tokens_per_card_month(model, chip);
    let right = fill_cards(shortfall, t);
    let wrong = cards(
        shortfall,
        t,
        demand,
        tokens_per_card_month(model, Chip::H100),
    );
    if wrong == right {
        return Err("the same number of cards".into());
    }
    Ok(Solution::new(wrong as f64)
        .with("rent_name", chip.name())
        .with("rent_rate", group(card_rate(model, chip) as f64, 0)))
}

/// A misconception of C3: the bill on the API tokens `tokens(demand, owned
/// capacity, rented capacity)` says, where it is clearly another bill.
fn api_bill_with(v: &Vars, tokens: fn(u64, u64, u64) -> u64) -> Result<Solution, String> {
    let model = model_var(v)?;
    let right = solve_c3(v)?.answer;
    let price = right_price(v, model)?;
    let demand = demand_var(v)?.unwrap_or(0);
    let own = fleet_tokens(model, cards_var(v, false)?);
    let rent = fleet_tokens(model, cards_var(v, true)?);
    let wrong = api_bill(tokens(demand, own, rent), price);
    apart(right, wrong, 0.03)?;
    Ok(Solution::new(wrong))
}

/// The API price of the question's model.
fn right_price(v: &Vars, model: Model) -> Result<f64, String> {
    let price = match model {
        Model::Chat8b => v.num("api_price_8b"),
        Model::Premium70b => v.num("api_price_70b"),
    };
    (price >= 0.0 && price.is_finite())
        .then_some(price)
        .ok_or_else(|| "the API price must be a number of dollars".into())
}

// ---------------------------------------------------------------------------
// Draws

/// The least demand a question gives, the page's demand slider's least
/// value, in T.
const MIN_DEMAND_T: f64 = 1.0;
/// Redraws of the owned counts for a demand below [`MIN_DEMAND_T`].
const REDRAWS: usize = 32;

/// Draws a template in the documented order (the template's variables give the
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
/// 0.1T above it, so every drawn question has a shortfall. A demand below the
/// page's demand slider (1T, [`MIN_DEMAND_T`]) draws the owned counts again
/// (up to [`REDRAWS`] times, then the demand is 1T), so the page can show
/// every question.
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
            let mut demand = demand_near(fleet_tokens(model, owned), f, false);
            for _ in 0..REDRAWS {
                if !given || demand >= MIN_DEMAND_T {
                    break;
                }
                for &i in picked {
                    owned[i] = count(take(CHIPS[i].owned_param(), rng));
                }
                demand = demand_near(fleet_tokens(model, owned), f, false);
            }
            v.set_num(
                "demand_t",
                if given { demand.max(MIN_DEMAND_T) } else { 0.0 },
            );
        }
        "fill_cards" => {
            let a = rng.below(3) as usize;
            owned[a] = count(take(CHIPS[a].owned_param(), rng));
            v.set("fill_chip", take("fill_chip", rng));
            let f = take("demand_factor", rng).num();
            let mut demand = demand_near(fleet_tokens(model, owned), f, true);
            for _ in 0..REDRAWS {
                if demand >= MIN_DEMAND_T {
                    break;
                }
                owned[a] = count(take(CHIPS[a].owned_param(), rng));
                demand = demand_near(fleet_tokens(model, owned), f, true);
            }
            v.set_num("demand_t", demand.max(MIN_DEMAND_T));
        }
        "api_bill" => {
            let a = rng.below(3) as usize;
            owned[a] = count(take(CHIPS[a].owned_param(), rng));
            let r = rng.below(3) as usize;
            rented[r] = count(take(CHIPS[r].rented_param(), rng));
            let f = take("demand_factor", rng).num();
            let k = |owned| fleet_tokens(model, owned) + fleet_tokens(model, rented);
            let mut demand = demand_near(k(owned), f, true);
            for _ in 0..REDRAWS {
                if demand >= MIN_DEMAND_T {
                    break;
                }
                owned[a] = count(take(CHIPS[a].owned_param(), rng));
                demand = demand_near(k(owned), f, true);
            }
            v.set_num("demand_t", demand.max(MIN_DEMAND_T));
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

// ---------------------------------------------------------------------------
// Reading the drawn values and writing them into the solutions

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

/// "On the 8B chat an H100 serves 10,000 tok/s and a B200 24,000 tok/s,
/// each flat out …" for the chips in `used` (an H100 when none is): the
/// questions assume the seed card's model, and say so (closer to production
/// a fleet is sized for a daily peak and carries less).
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
    format!(
        "On the {} {list}, each flat out for every second of a flat month (the seed card's model).",
        model.name()
    )
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

// ---------------------------------------------------------------------------
// Answers, one per template

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
// C4: the month's rent of a fleet of multi-GPU replicas (the mock
// interviews' capacity chain asks it)

/// C4's draw, read.
struct Rent {
    replicas: f64,
    tp: f64,
    card_month: f64,
    premium: f64,
}

impl Rent {
    fn gpus(&self) -> f64 {
        self.replicas * self.tp
    }
    /// A rented card-month: the owned one times the premium.
    fn rented(&self) -> f64 {
        self.card_month * self.premium
    }
}

fn rent_var(v: &Vars) -> Result<Rent, String> {
    let replicas = v.num("replicas");
    if !(replicas >= 1.0 && replicas.fract() == 0.0) {
        return Err("replicas: a whole number, at least 1".into());
    }
    let tp = match v.word("tp") {
        "1" => 1.0,
        "2" => 2.0,
        "4" => 4.0,
        "8" => 8.0,
        w => return Err(format!("tp must be 1, 2, 4 or 8, not '{w}'")),
    };
    let (card_month, premium) = (v.num("card_month"), v.num("premium"));
    if !(card_month > 0.0 && card_month.is_finite() && premium >= 1.0 && premium.is_finite()) {
        return Err("a card-month above $0 and a premium of 1× or more".into());
    }
    Ok(Rent {
        replicas,
        tp,
        card_month,
        premium,
    })
}

/// "1 GPU", "4 GPUs".
fn gpus_text(n: f64) -> String {
    if n == 1.0 {
        "1 GPU".into()
    } else {
        format!("{} GPUs", group(n, 0))
    }
}

/// C4: replicas × GPUs each × owned card-month × premium.
fn solve_c4(v: &Vars) -> Result<Solution, String> {
    let r = rent_var(v)?;
    let month = |x: f64| Unit::UsdPerMonth.format(x);
    Ok(Solution::new(r.gpus() * r.rented())
        .with("gpus_each", gpus_text(r.tp))
        .with("replicas_bare", group(r.replicas, 0))
        .with("gpus", gpus_text(r.gpus()))
        .with("gpus_bare", group(r.gpus(), 0))
        .with("premium_bare", trim(&format!("{:.2}", r.premium)))
        .with("rented", month(r.rented()))
        .with("per_replica", month(r.tp * r.rented())))
}

/// A misconception of C4: `rent(draw)`, where the idea applies.
fn rent_with(v: &Vars, rent: fn(&Rent) -> Option<f64>) -> Result<Solution, String> {
    let right = solve_c4(v)?.answer;
    let wrong = rent(&rent_var(v)?).ok_or("the idea gives the same rent")?;
    apart(right, wrong, 0.005)?;
    Ok(Solution::new(wrong))
}
