//! The topic's challenges (challenges/tiers-and-rate-limits.toml): how each
//! template's values are drawn, and its answer and worked solution from the
//! model's formulas. T2-C1 asks what a token bucket admits, T2-C2 the queue
//! wait the utilization formula quotes, T2-C3 the shed that keeps the shared
//! pool under its cap. C4 to C7 carry the arithmetic the mock interviews'
//! capacity chain and lost zone ask of this page: the peak's
//! requests a second from daily users, a tier's dollars per user per month,
//! the attempts retries bring back during an outage, and the cards a pool
//! spread over zones needs to lose one at the peak under its cap.

use super::model::{
    bucket_admitted, bucket_empty_s, card_rate, cards_after_loss, mm1_wait_ms, shed_arithmetic,
    utilization,
};
use super::params::UTIL_CAP;
use crate::challenge::{answers, Answers, Solution, Template, Value, Vars};
use crate::model::units;
use crate::model::{Params, SplitMix64, Unit};

/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: Answers = answers! {
    draw: draw_challenge,
    page: on_the_page,
    "bucket_admitted" => solve_bucket_admitted,
    "queue_wait_ms" => solve_queue_wait,
    "shed_rps" => solve_shed,
    "bucket_capacity_only" => |v| bucket_with(v, |b, _, _, _| b),
    "bucket_refill_only" => |v| bucket_with(v, |_, r, a, t| (r * t).min(a * t)),
    "bucket_everything_offered" => |v| bucket_with(v, |_, _, a, t| a * t),
    "wait_ignoring_incident" => wait_ignoring_incident,
    "wait_plus_service" => |v| Ok(Solution::new(solve_queue_wait(v)?.answer + amount(v, "S")?)),
    "wait_linear" => wait_linear,
    "shed_without_cap" => |v| shed_with(v, |c, mu, _, paid| c * mu - paid),
    "shed_without_paid" => |v| shed_with(v, |c, mu, cap, _| cap * c * mu),
    "peak_rps" => solve_peak_rps,
    "peak_rps_mean" => |v| peak_with(v, |mean, _| mean),
    "peak_rps_divided" => |v| peak_with(v, |mean, ratio| mean / ratio),
    "tier_cost_per_user" => solve_tier_cost,
    "tier_cost_over_everyone" => |v| tier_cost_with(v, |t| t.bill / t.users),
    "tier_cost_swapped" => |v| tier_cost_with(v, |t| {
        t.bill * t.users_share / (t.users * t.traffic_share)
    }),
    "retry_attempts" => solve_retry_attempts,
    "retry_attempts_none" => |v| retry_with(v, |_, _| Some(1.0)),
    "retry_attempts_all" => |v| retry_with(v, |_, n| Some(n as f64 + 1.0)),
    "retry_attempts_one" => |v| retry_with(v, |f, n| (n > 1).then_some(1.0 + f)),
    "zone_spread_cards" => solve_zone_spread,
    "zone_cards_one_spare" => |v| zone_with(v, |z| per_zone_cards(z.rate, z.cap * z.mu, 1.0) + 1.0),
    "zone_cards_all_zones" => |v| zone_with(v, |z| {
        z.zones * per_zone_cards(z.rate, z.cap * z.mu, z.zones)
    }),
    "zone_cards_no_cap" => |v| zone_with(v, |z| {
        z.zones * per_zone_cards(z.rate, z.mu, z.zones - 1.0)
    }),
};

/// A misconception of C1: the count `admitted(B, r, a, T)` says, where it
/// is more than the ±1 tolerance from the right one.
fn bucket_with(v: &Vars, admitted: fn(f64, f64, f64, f64) -> f64) -> Result<Solution, String> {
    let right = solve_bucket_admitted(v)?.answer;
    let (b, r, a, secs) = (
        amount(v, "B")?,
        amount(v, "r")?,
        amount(v, "a")?,
        amount(v, "T")?,
    );
    let wrong = admitted(b, r, a, secs).floor();
    if (wrong - right).abs() <= 1.0 {
        return Err("the same count".into());
    }
    Ok(Solution::new(wrong))
}

/// Misconception of C2: the wait on all the cards, as if no incident
/// took any out.
fn wait_ignoring_incident(v: &Vars) -> Result<Solution, String> {
    let (s, lambda, c) = (amount(v, "S")?, amount(v, "lambda")?, amount(v, "c")?);
    if cards_after_loss(c as usize, amount(v, "loss")?) == c as usize {
        return Err("no incident".into());
    }
    Ok(Solution::new(queue_wait_ms(s, c as usize, lambda)))
}

/// Misconception of C2: `S·ρ`, a wait in step with the load.
fn wait_linear(v: &Vars) -> Result<Solution, String> {
    let right = solve_queue_wait(v)?.answer;
    let s = amount(v, "S")?;
    // W = S·ρ/(1 − ρ), so S·ρ = W·(1 − ρ) = W·S/(W + S).
    Ok(Solution::new(right * s / (right + s)))
}

/// A misconception of C3: the shed with the room `room(c, μ, cap, paid)`,
/// where it is more than the ±1 tolerance from the right one.
fn shed_with(v: &Vars, room: fn(f64, f64, f64, f64) -> f64) -> Result<Solution, String> {
    let right = solve_shed(v)?.answer;
    let (c, mu, cap) = (amount(v, "c")?, amount(v, "mu")?, amount(v, "cap")?);
    let (paid, free) = (amount(v, "paid")?, amount(v, "free")?);
    let wrong = (free - room(c, mu, cap, paid).max(0.0)).max(0.0);
    if (wrong - right).abs() <= 2.0 {
        return Err("the same shed".into());
    }
    Ok(Solution::new(wrong))
}

/// Template T2-C2, "the queue wait the utilization formula quotes":
/// `ρ = λ/(c·1000/S)`, `W = S·ρ/(1−ρ)` (ms).
pub fn queue_wait_ms(service_ms: f64, cards: usize, arrivals: f64) -> f64 {
    mm1_wait_ms(
        service_ms,
        utilization(arrivals, cards, card_rate(service_ms)),
    )
}

// ---------------------------------------------------------------------------
// Draws

/// T2-C2 keeps all its cards when the incident would push ρ this high.
const C2_RHO_LIMIT: f64 = 0.98;
/// T2-C3 draws that would shed less than this (req/s) shed nothing instead.
const C3_MIN_SHED: f64 = 3.0;
/// C5's paid tier sends at most this share of the requests.
const TRAFFIC_MAX: f64 = 0.9;

/// Draws a template: every variable in order with one `next_unit()` each, as
/// the default draw does, except the values the templates derive from earlier
/// ones, which take no draw: T2-C1's arrivals `a` (a grid from r + 100 to
/// 3r + 1,000 by 50: one draw), T2-C2's λ = ρ·c·1000/S rounded to 0.1 (and
/// the incident dropped when it would push ρ to 0.98 or more, or removes no
/// card), T2-C3's paid (share × c·μ) and free (factor × room) in whole req/s
/// (a draw that would shed under 3 req/s sheds nothing: free = floor(room)),
/// and C5's bill (users × a mean cost a user, to $1,000) and paid share of
/// requests (its share of users × how much heavier its users are, to the
/// point, at most [`TRAFFIC_MAX`]).
fn draw_challenge(t: &Template, rng: &mut SplitMix64) -> Vars {
    t.draw_vars_except(rng, |name, vars, rng| {
        Some(match (t.answer.as_str(), name) {
            ("bucket_admitted", "a") => draw_bucket_arrivals(vars, rng),
            ("queue_wait_ms", "lambda") => derive_lambda(vars),
            ("shed_rps", "paid") => {
                Value::Num((vars.num("paid_share") * vars.num("c") * vars.num("mu")).round())
            }
            ("shed_rps", "free") => derive_free(vars),
            ("tier_cost_per_user", "bill") => {
                Value::Num((vars.num("users") * vars.num("mean") / 1000.0).round() * 1000.0)
            }
            ("tier_cost_per_user", "paid_traffic") => Value::Num(
                ((vars.num("paid_users") * vars.num("heavier") * 100.0).round() / 100.0)
                    .min(TRAFFIC_MAX),
            ),
            _ => return None,
        })
    })
}

/// T2-C1's arrivals: a grid from r + 100 to 3r + 1,000 by 50, one draw.
fn draw_bucket_arrivals(vars: &Vars, rng: &mut SplitMix64) -> Value {
    let r = vars.num("r");
    let (lo, hi) = (r + 100.0, 3.0 * r + 1000.0);
    let slots = ((hi - lo) / 50.0).round().max(0.0) as u64 + 1;
    let k = ((rng.next_unit() * slots as f64) as u64).min(slots - 1);
    Value::Num(lo + 50.0 * k as f64)
}

/// T2-C2's λ = ρ·c·μ to 0.1 req/s; drops the incident when it would push ρ
/// to [`C2_RHO_LIMIT`] or more, or removes no card.
fn derive_lambda(vars: &mut Vars) -> Value {
    let (s, c) = (vars.num("S"), vars.num("c"));
    let mu = card_rate(s);
    let lambda = (vars.num("rho") * c * mu * 10.0).round() / 10.0;
    let cards = c.max(0.0) as usize;
    let after = cards_after_loss(cards, vars.num("loss"));
    if after == cards || utilization(lambda, after, mu) >= C2_RHO_LIMIT {
        vars.set_num("loss", 0.0);
    }
    Value::Num(lambda)
}

/// T2-C3's free arrivals: the drawn factor times the room under the cap.
fn derive_free(vars: &Vars) -> Value {
    let room = shed_arithmetic(
        vars.num("c"),
        vars.num("mu"),
        vars.num("cap"),
        vars.num("paid"),
        0.0,
    )
    .room;
    let free = (vars.num("free_factor") * room).round();
    // A shed inside the ±1 tolerance's reach is no question:
    // such a draw sheds nothing instead.
    Value::Num(if free > room && free - room < C3_MIN_SHED {
        room.floor()
    } else {
        free
    })
}

// ---------------------------------------------------------------------------
// Answers and worked solutions

/// A finite number of zero or more among the drawn values.
fn amount(v: &Vars, name: &str) -> Result<f64, String> {
    let x = v.num(name);
    (x >= 0.0 && x.is_finite())
        .then_some(x)
        .ok_or(format!("{name} must be zero or more"))
}

/// A rate as the question shows it: up to one decimal, "126.3 req/s".
fn rate_text(x: f64) -> String {
    format!("{} req/s", units::trim(&units::group(x, 1)))
}

/// T2-C1: what the bucket admits in `T` seconds.
fn solve_bucket_admitted(v: &Vars) -> Result<Solution, String> {
    let (b, r, a, secs) = (
        amount(v, "B")?,
        amount(v, "r")?,
        amount(v, "a")?,
        amount(v, "T")?,
    );
    let admitted = bucket_admitted(b, r, a, secs);
    let offered = a * secs;
    let refused = offered - admitted;
    Ok(Solution::new(admitted)
        .with("mechanism", bucket_mechanism(b, r, a, secs))
        .with("offered", units::number(offered))
        .with("limit", units::number(b + r * secs))
        .with(
            "refused",
            if refused >= 1.0 {
                format!(" and refuses {} with a 429", units::number(refused.floor()))
            } else {
                "; none is refused".to_string()
            },
        ))
}

/// Whether and when the bucket runs dry, in words.
fn bucket_mechanism(b: f64, r: f64, a: f64, secs: f64) -> String {
    if a > r {
        let dry = bucket_empty_s(b, r, a);
        format!(
            "The arrivals outrun the refill by {a} − {r} = {} a second, so the bucket runs dry after {} / {} = {}, {} the {}.",
            units::number(a - r),
            units::number(b),
            units::number(a - r),
            Unit::Seconds.format(dry),
            if dry < secs { "within" } else { "not before the end of" },
            Unit::Seconds.format(secs),
            a = units::number(a),
            r = units::number(r),
        )
    } else {
        format!(
            "The refill of {} grants a second keeps up with {}, so the bucket never runs dry.",
            units::number(r),
            Unit::ReqPerS.format(a)
        )
    }
}

/// T2-C2: the mean queue wait on the cards an incident leaves.
fn solve_queue_wait(v: &Vars) -> Result<Solution, String> {
    let (s, lambda, loss) = (amount(v, "S")?, amount(v, "lambda")?, amount(v, "loss")?);
    let c = amount(v, "c")?;
    if s <= 0.0 || c < 1.0 || c.fract() != 0.0 {
        return Err(
            "the service time must be above zero and the cards a whole number of at least 1"
                .to_string(),
        );
    }
    let cards = c as usize;
    let after = cards_after_loss(cards, loss);
    let mu = card_rate(s);
    let rho = utilization(lambda, after, mu);
    if rho >= 1.0 {
        return Err(format!(
            "{} on {after} cards of {} is ρ = {}: the queue grows without bound and the formula quotes no finite wait",
            rate_text(lambda),
            Unit::ReqPerS.format(mu),
            units::number(rho)
        ));
    }
    let lost = cards - after;
    let (incident, cards_line) = if lost > 0 {
        (
            format!(
                " An incident first takes {} of the cards out of service (round({} × {cards}) = {lost} card{}); the survivors carry the whole load and the service time does not change.",
                Unit::Share.format(loss),
                units::number(loss),
                if lost == 1 { "" } else { "s" }
            ),
            format!(
                "The incident leaves {cards} − {lost} = {}, so",
                Unit::Count("cards").format(after as f64)
            ),
        )
    } else {
        (String::new(), format!("With all {cards} cards,"))
    };
    Ok(Solution::new(queue_wait_ms(s, after, lambda))
        .with("lambda", rate_text(lambda))
        .with("incident", incident)
        .with("cards_line", cards_line)
        .with("cards", after.to_string())
        .with("mu", Unit::ReqPerS.format(mu))
        .with("rho", format!("{rho:.4}"))
        .with("one_minus", format!("{:.4}", 1.0 - rho)))
}

/// T2-C3: the free req/s to shed so the shared pool stays under its cap.
fn solve_shed(v: &Vars) -> Result<Solution, String> {
    let (c, mu, cap) = (amount(v, "c")?, amount(v, "mu")?, amount(v, "cap")?);
    let (paid, free) = (amount(v, "paid")?, amount(v, "free")?);
    let shed = shed_arithmetic(c, mu, cap, paid, free);
    // cap·c·μ carries float dust (0.85 × 40 × 25 = 850.0000000000001):
    // keep the answer to a millionth of a request per second.
    let answer = (shed.shed * 1e6).round() / 1e6;
    let rate = |x: f64| Unit::ReqPerS.format(x);
    Ok(Solution::new(answer)
        .with("capped", rate(cap * c * mu))
        .with("room", rate(shed.room))
        .with("admit", rate(shed.admit))
        .with("share", Unit::Share.format(shed.share)))
}

/// Asked about the page, past the variables that mirror its sliders and
/// figures: C1 only while free arrivals outrun the bucket's refill (else
/// it never runs dry and nothing is refused); C2 only with no paid spilled
/// (its pool is the provisioned one, carrying all the paid arrivals); C3
/// at the page's 85 % cap, with cards standing.
fn on_the_page(t: &Template, vars: &mut Vars, params: &Params) -> bool {
    let page = |name: &str| params.index(name).map_or(f64::NAN, |i| params.values()[i]);
    match t.answer.as_str() {
        "bucket_admitted" => vars.num("a") > vars.num("r"),
        "queue_wait_ms" => page("spill_share") == 0.0,
        "shed_rps" => {
            vars.set_num("cap", UTIL_CAP);
            vars.num("c") >= 1.0
        }
        _ => true,
    }
}

// ---------------------------------------------------------------------------
// C4 to C7: the capacity chain's and the lost zone's arithmetic

/// Seconds in a day: a day's requests spread evenly are this many seconds'
/// worth.
const DAY_S: f64 = 86_400.0;

/// Requests a second at the peak: `users × per user a day ÷ 86,400 × the
/// peak-to-mean ratio`.
pub fn peak_rps(users: f64, per_user: f64, ratio: f64) -> f64 {
    users * per_user / DAY_S * ratio
}

/// A tier's dollars per user: its share of the bill (by requests) over its
/// own users.
pub fn tier_cost(bill: f64, users: f64, traffic_share: f64, users_share: f64) -> f64 {
    bill * traffic_share / (users * users_share)
}

/// Attempts per new request when a share `refused` of every attempt is
/// refused and each refused one retries, up to `retries` times:
/// `1 + f + … + f^n`.
pub fn retry_factor(refused: f64, retries: u32) -> f64 {
    (0..=retries).map(|k| refused.powi(k as i32)).sum()
}

/// Whole cards in each of the `holders` zones that carry `rate` with every
/// card carrying `per_card`: `ceil(rate ÷ (holders × per_card))`.
pub fn per_zone_cards(rate: f64, per_card: f64, holders: f64) -> f64 {
    // A hair under a whole number of cards is that number (float dust of
    // cap × μ).
    (rate / (holders * per_card) - 1e-9).ceil().max(1.0)
}

/// Cards spread evenly over `zones` zones that carry `rate` under the cap
/// with any one zone lost: `zones × ceil(rate ÷ ((zones − 1) × cap × μ))`.
pub fn zone_spread_cards(rate: f64, mu: f64, cap: f64, zones: f64) -> f64 {
    zones * per_zone_cards(rate, cap * mu, zones - 1.0)
}

/// Whether `wrong` is more than the tolerance `rel` away from `right`: a
/// misconception that comes closer is not asked about.
fn apart(right: f64, wrong: f64, rel: f64) -> Result<f64, String> {
    ((wrong - right).abs() > rel * right.abs())
        .then_some(wrong)
        .ok_or_else(|| "within the tolerance's reach of the right answer".to_string())
}

/// A number above zero among the drawn values.
fn above_zero(v: &Vars, name: &str) -> Result<f64, String> {
    let x = v.num(name);
    (x > 0.0 && x.is_finite())
        .then_some(x)
        .ok_or(format!("{name} must be above zero"))
}

/// A share strictly between 0 and 1 among the drawn values.
fn inner_share(v: &Vars, name: &str) -> Result<f64, String> {
    let x = v.num(name);
    (x > 0.0 && x < 1.0)
        .then_some(x)
        .ok_or(format!("{name} must be a share between 0 and 100 %"))
}

/// C4's mean rate and ratio.
fn mean_rate(v: &Vars) -> Result<(f64, f64), String> {
    let (users, per_user) = (above_zero(v, "users")?, above_zero(v, "per_user")?);
    Ok((users * per_user / DAY_S, above_zero(v, "ratio")?))
}

/// C4: the peak's requests a second from daily users.
fn solve_peak_rps(v: &Vars) -> Result<Solution, String> {
    let (mean, ratio) = mean_rate(v)?;
    let (users, per_user) = (v.num("users"), v.num("per_user"));
    Ok(Solution::new(peak_rps(users, per_user, ratio))
        .with("per_day", units::number(users * per_user))
        .with("mean", Unit::ReqPerS.format(mean))
        .with("ratio_bare", units::number(ratio)))
}

/// A misconception of C4: `rate(mean, ratio)`.
fn peak_with(v: &Vars, rate: fn(f64, f64) -> f64) -> Result<Solution, String> {
    let right = solve_peak_rps(v)?.answer;
    let (mean, ratio) = mean_rate(v)?;
    apart(right, rate(mean, ratio), 0.01).map(Solution::new)
}

/// C5's draw, read: the bill, the users, and the asked tier's shares.
struct Tier {
    bill: f64,
    users: f64,
    traffic_share: f64,
    users_share: f64,
}

fn tier_draw(v: &Vars) -> Result<Tier, String> {
    let (paid_users, paid_traffic) = (
        inner_share(v, "paid_users")?,
        inner_share(v, "paid_traffic")?,
    );
    let (traffic_share, users_share) = match v.word("tier") {
        "paid" => (paid_traffic, paid_users),
        "free" => (1.0 - paid_traffic, 1.0 - paid_users),
        w => return Err(format!("tier must be free or paid, not '{w}'")),
    };
    Ok(Tier {
        bill: above_zero(v, "bill")?,
        users: above_zero(v, "users")?,
        traffic_share,
        users_share,
    })
}

/// C5: the asked tier's dollars per user per month.
fn solve_tier_cost(v: &Vars) -> Result<Solution, String> {
    let t = tier_draw(v)?;
    let cost = tier_cost(t.bill, t.users, t.traffic_share, t.users_share);
    let mean = t.bill / t.users;
    let month = |x: f64| Unit::UsdPerMonth.format(x);
    let compare = format!(
        "a {} user costs {} times the mean, because the tier's users send {} of the requests while being {} of the users.",
        v.word("tier"),
        units::number((cost / mean * 100.0).round() / 100.0),
        Unit::Share.format(t.traffic_share),
        Unit::Share.format(t.users_share)
    );
    Ok(Solution::new(cost)
        .with("traffic_share", Unit::Share.format(t.traffic_share))
        .with("users_share", Unit::Share.format(t.users_share))
        .with("tier_bill", month(t.bill * t.traffic_share))
        .with(
            "tier_users",
            units::number((t.users * t.users_share).round()),
        )
        .with("mean", month(mean))
        .with("compare", compare))
}

/// A misconception of C5: `cost(tier)`.
fn tier_cost_with(v: &Vars, cost: fn(&Tier) -> f64) -> Result<Solution, String> {
    let right = solve_tier_cost(v)?.answer;
    apart(right, cost(&tier_draw(v)?), 0.01).map(Solution::new)
}

/// C6's draw: new requests a second, the refused share, the retries.
fn retry_draw(v: &Vars) -> Result<(f64, f64, u32), String> {
    let n = v.num("retries");
    if !(n.fract() == 0.0 && (0.0..=10.0).contains(&n)) {
        return Err("retries must be a whole number from 0 to 10".into());
    }
    let f = v.num("refused");
    if !(0.0..1.0).contains(&f) {
        return Err("the refused share must be under 100 %".into());
    }
    Ok((above_zero(v, "rate")?, f, n as u32))
}

/// "once", "twice", "3 times".
fn times(n: u32) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

/// C6: the attempts a second at the gateway, new requests and retries.
fn solve_retry_attempts(v: &Vars) -> Result<Solution, String> {
    let (rate, f, n) = retry_draw(v)?;
    let factor = retry_factor(f, n);
    let share = |k: u32| units::number((f.powi(k as i32) * 1e4).round() / 1e4);
    let series = std::iter::once("1".to_string())
        .chain((1..=n).map(share))
        .collect::<Vec<_>>()
        .join(" + ");
    let share = Unit::Share.format(f);
    let rounds = match n {
        0 => "none is retried".to_string(),
        1 => format!("{share} of them come back as a retry"),
        2 => format!("{share} of them come back as a retry, and {share} of those once more"),
        n => format!("{share} of them come back as a retry, {share} of those once more, and so on, up to {n} retries"),
    };
    let how = match n {
        1 => "once, after an exponential backoff".to_string(),
        n => format!("up to {}, each after an exponential backoff", times(n)),
    };
    Ok(Solution::new(rate * factor)
        .with("retries_times", times(n))
        .with("retries_how", how)
        .with("rounds", rounds)
        .with("series", series)
        .with("factor", units::number((factor * 1e4).round() / 1e4))
        .with("extra", Unit::Share.format(factor - 1.0)))
}

/// A misconception of C6: `factor(refused share, retries)` attempts a new
/// request, where the idea applies.
fn retry_with(v: &Vars, factor: fn(f64, u32) -> Option<f64>) -> Result<Solution, String> {
    let right = solve_retry_attempts(v)?.answer;
    let (rate, f, n) = retry_draw(v)?;
    let wrong = factor(f, n).ok_or("the idea gives the same number")?;
    apart(right, rate * wrong, 0.01)
        .map(Solution::new)
        .map(|s| s.with("retries_times", times(n)))
}

/// C7's draw: the peak, a card's rate, the cap, the zones.
struct Zones {
    rate: f64,
    mu: f64,
    cap: f64,
    zones: f64,
}

fn zones_draw(v: &Vars) -> Result<Zones, String> {
    let zones = v.num("zones");
    if !(zones.fract() == 0.0 && (2.0..=20.0).contains(&zones)) {
        return Err("zones must be a whole number from 2 to 20".into());
    }
    let cap = v.num("cap");
    if !(cap > 0.0 && cap <= 1.0) {
        return Err("the cap must be a share above 0".into());
    }
    Ok(Zones {
        rate: above_zero(v, "rate")?,
        mu: above_zero(v, "mu")?,
        cap,
        zones,
    })
}

/// C7: the cards a pool spread over zones needs to lose one at the peak.
fn solve_zone_spread(v: &Vars) -> Result<Solution, String> {
    let z = zones_draw(v)?;
    let capped = z.cap * z.mu;
    let survivors = z.zones - 1.0;
    let per_zone = per_zone_cards(z.rate, capped, survivors);
    let total = zone_spread_cards(z.rate, z.mu, z.cap, z.zones);
    let plain = per_zone_cards(z.rate, capped, 1.0);
    let cards = |x: f64| Unit::Count("cards").format(x);
    let spare_line = format!(
        "the other {} ({} of the pool) are there for the bad day.",
        cards(total - plain),
        Unit::Share.format((total - plain) / total)
    );
    let survivors_line = if survivors == 1.0 {
        format!("the other zone carries {}", Unit::ReqPerS.format(z.rate))
    } else {
        format!(
            "the other {} zones carry {}, {} a zone",
            units::number(survivors),
            Unit::ReqPerS.format(z.rate),
            Unit::ReqPerS.format(z.rate / survivors)
        )
    };
    Ok(Solution::new(total)
        .with("capped", Unit::ReqPerS.format(capped))
        .with("survivors_zones", survivors_zones(survivors))
        .with("survivors_line", survivors_line)
        .with("per_zone_exact", units::number(z.rate / survivors / capped))
        .with("per_zone", units::number(per_zone))
        .with("plain", cards(plain))
        .with("spare_line", spare_line))
}

/// A misconception of C7: `cards(zones)`, where it differs.
fn zone_with(v: &Vars, cards: fn(&Zones) -> f64) -> Result<Solution, String> {
    let right = solve_zone_spread(v)?;
    let z = zones_draw(v)?;
    let wrong = cards(&z);
    if wrong == right.answer {
        return Err("the same cards".into());
    }
    Ok(Solution::new(wrong))
}

/// "the other zone", "the other 3 zones".
fn survivors_zones(n: f64) -> String {
    if n == 1.0 {
        "the other zone".into()
    } else {
        format!("the other {} zones", units::number(n))
    }
}
