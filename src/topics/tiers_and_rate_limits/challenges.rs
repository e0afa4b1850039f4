//! The topic's challenges (challenges/tiers-and-rate-limits.toml): how each
//! template's values are drawn, and its answer and worked solution from the
//! model's formulas. T2-C1 asks what a token bucket admits, T2-C2 the queue
//! wait the utilization formula quotes, T2-C3 the shed that keeps the shared
//! pool under its cap.

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

/// Draws a template: every variable in order with one `next_unit()` each, as
/// the default draw does, except the values the templates derive from earlier
/// ones, which take no draw: T2-C1's arrivals `a` (a grid from r + 100 to
/// 3r + 1,000 by 50: one draw), T2-C2's λ = ρ·c·1000/S rounded to 0.1 (and
/// the incident dropped when it would push ρ to 0.98 or more, or removes no
/// card), T2-C3's paid (share × c·μ) and free (factor × room) in whole req/s
/// (a draw that would shed under 3 req/s sheds nothing: free = floor(room)).
fn draw_challenge(t: &Template, rng: &mut SplitMix64) -> Vars {
    t.draw_vars_except(rng, |name, vars, rng| {
        Some(match (t.answer.as_str(), name) {
            ("bucket_admitted", "a") => draw_bucket_arrivals(vars, rng),
            ("queue_wait_ms", "lambda") => derive_lambda(vars),
            ("shed_rps", "paid") => {
                Value::Num((vars.num("paid_share") * vars.num("c") * vars.num("mu")).round())
            }
            ("shed_rps", "free") => derive_free(vars),
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
            format!("The incident leaves {cards} − {lost} = {after} cards, so"),
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
