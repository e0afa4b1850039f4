//! # Fleet efficiency: the challenges
//!
//! The topic's [`Solver`] and the three templates of its challenge file:
//! C1 [`c1_question`]/[`card_score`] ("tokens-per-dollar score of one card"),
//! C2 [`c2_question`]/[`whole_card_greedy`] ("whole-card greedy"), C3
//! [`c3_question`]/[`eviction_decision`] ("the eviction decision"). Each
//! generator seeds its own SplitMix64 and draws in the order the challenge
//! file lists; answers use the displayed numbers. The generator handed to
//! `draw` is `SplitMix64(seed)`, so a question's seed is the practice seed and
//! `cN_question(seed)` shows the same numbers.

use super::model::{ascending, card_score, descending, fleet_median, greedy, measured_rate};
use super::model::{plural, round_half_up};
use super::params::{Class, Window, HOURS, MAX_POOL, Q_HI, Q_LO, SECONDS_PER_MONTH};
use super::sim::{draw_pool, Card};
use crate::challenge::{answers, Answers, Solution, Template, Value, Vars};
use crate::model::units::group;
use crate::model::{SplitMix64, Unit};

/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: Answers = answers! {
    draw: draw_challenge,
    "card_score" => solve_c1,
    "greedy_cards" => solve_c2,
    "wrong_evictions" => solve_c3,
    "score_hour_over_month" => |v| score_with(v, 1.0 / HOURS as f64),
    "score_as_price" => |v| Ok(Solution::new(1e6 / solve_c1(v)?.answer)),
    "score_720_hours" => |v| score_with(v, 720.0 / HOURS as f64),
    "greedy_by_speed" => |v| greedy_with(v, true, 1.0),
    "greedy_no_headroom" => |v| greedy_with(v, false, 0.0),
    "wrong_every_eviction" => |v| wrong_with(v, |_, _, _| true),
    "wrong_above_mean" => |v| wrong_with(v, |q, i, _| {
        let mean = q.true_rate.iter().sum::<f64>() / q.true_rate.len().max(1) as f64;
        q.true_rate[i] >= mean
    }),
    "wrong_by_measured" => |v| wrong_with(v, |q, i, _| q.measured[i] >= fleet_median(&q.measured)),
};

/// Draws C1–C3 with their own generators, in the order the challenge file
/// lists; any other template as the file says.
fn draw_challenge(t: &Template, rng: &mut SplitMix64) -> Vars {
    let mut v = Vars::default();
    match t.answer.as_str() {
        "card_score" => draw_c1(rng, &mut v),
        "greedy_cards" => draw_c2(rng, &mut v),
        "wrong_evictions" => draw_c3(rng, &mut v),
        _ => return t.draw_vars(rng),
    }
    t.attach_units(&mut v);
    v
}

fn draw_c1(rng: &mut SplitMix64, v: &mut Vars) {
    let d = c1_draw(rng);
    v.set("class", Value::Word(d.class.word().to_string()));
    v.set_num("q", d.q);
    v.set_num("rent_factor", d.rent_factor);
}

fn draw_c2(rng: &mut SplitMix64, v: &mut Vars) {
    let q = c2_draw(rng);
    v.set_num("n", q.candidates.len() as f64);
    for (i, c) in q.candidates.iter().enumerate() {
        v.set(
            &format!("class_{i}"),
            Value::Word(c.class.word().to_string()),
        );
        v.set_num(&format!("measured_{i}"), c.measured);
    }
    v.set("window", Value::Word(q.window.word().to_string()));
    v.set_num("demand", q.demand);
}

fn draw_c3(rng: &mut SplitMix64, v: &mut Vars) {
    let d = c3_draw(rng);
    v.set_num("n", d.pool.len() as f64);
    v.set_num("p", d.share_pct as f64);
    v.set("window", Value::Word(d.window.word().to_string()));
    for (i, c) in d.pool.iter().enumerate() {
        v.set_num(&format!("true_{i}"), c.true_rate);
        v.set_num(&format!("u_{i}"), c.u);
    }
}

// ---------------------------------------------------------------------------
// The generators and their answers

/// Challenge C1 ("tokens-per-dollar score of one card"): the question's
/// displayed numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct C1Question {
    pub class: Class,
    /// Measured tok/s, rounded to 10.
    pub tok_s: f64,
    /// Dollars per card-month, rounded to 10.
    pub rent: f64,
}

impl C1Question {
    /// The answer: `tok_s × 3,600 × 730 / rent` tok/$ (±0.5 % relative).
    pub fn answer(&self) -> f64 {
        self.tok_s * 3600.0 * 730.0 / self.rent
    }

    /// The displayed numbers of a draw: `tok_s = round10(rated × q)`,
    /// `rent = round10(class rent × rent_factor)`.
    pub fn of(class: Class, q: f64, rent_factor: f64) -> C1Question {
        C1Question {
            class,
            tok_s: round_half_up(class.rated() * q, 10.0),
            rent: round_half_up(class.rent() * rent_factor, 10.0),
        }
    }
}

/// Challenge C1's raw draws, in the documented order: the class (`unit < 0.5`
/// flagship), the lottery `q`, the rent factor `0.8 + 0.4 × unit`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct C1Draw {
    pub class: Class,
    pub q: f64,
    pub rent_factor: f64,
}

/// Challenge C1's draws from `rng` (the practice generator).
pub fn c1_draw(rng: &mut SplitMix64) -> C1Draw {
    let class = if rng.next_unit() < 0.5 {
        Class::Flagship
    } else {
        Class::Bargain
    };
    let q = Q_LO + (Q_HI - Q_LO) * rng.next_unit();
    let rent_factor = 0.8 + 0.4 * rng.next_unit();
    C1Draw {
        class,
        q,
        rent_factor,
    }
}

/// Challenge C1 generator: class (`unit < 0.5` flagship), `tok_s =
/// round10(rated × q)`, `rent = round10(class rent × (0.8 + 0.4 × unit))`.
pub fn c1_question(practice_seed: u64) -> C1Question {
    let d = c1_draw(&mut SplitMix64::new(practice_seed));
    C1Question::of(d.class, d.q, d.rent_factor)
}

/// A candidate card of challenge C2.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// "F1", "B2": class letter and its count in list order.
    pub name: String,
    pub class: Class,
    /// Measured tok/s (displayed).
    pub measured: f64,
    pub rent: f64,
}

/// Challenge C2 ("whole-card greedy"): the question's numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct C2Question {
    pub candidates: Vec<Candidate>,
    pub window: Window,
    /// Peak demand, tok/s (whole thousands).
    pub demand: f64,
}

/// The run set a whole-card greedy picks.
#[derive(Clone, Debug, PartialEq)]
pub struct GreedyPick {
    /// Indices into the candidate list, in pick order.
    pub picked: Vec<usize>,
    pub tok_s: f64,
    pub bill: f64,
}

/// Names candidates F1.., B1.. by class, in list order.
pub fn name_candidates(cards: &[(Class, f64)]) -> Vec<Candidate> {
    let (mut f, mut b) = (0, 0);
    cards
        .iter()
        .map(|&(class, measured)| {
            let name = match class {
                Class::Flagship => {
                    f += 1;
                    format!("F{f}")
                }
                Class::Bargain => {
                    b += 1;
                    format!("B{b}")
                }
            };
            Candidate {
                name,
                class,
                measured,
                rent: class.rent(),
            }
        })
        .collect()
}

/// Challenge C2 generator: `n = 6 + floor(5u)`; per candidate class (`u <
/// 0.6` flagship) then `measured = round10(rated × q)`; window
/// `[hour, day, week][floor(3u)]`; `D = floor(f × Σmeasured / (1+err) / 1000)
/// × 1000` with `f = 0.4 + 0.4u`.
pub fn c2_question(practice_seed: u64) -> C2Question {
    c2_draw(&mut SplitMix64::new(practice_seed))
}

/// Challenge C2's draws from `rng` (the practice generator), in the order of
/// [`c2_question`].
pub fn c2_draw(rng: &mut SplitMix64) -> C2Question {
    let n = 6 + (5.0 * rng.next_unit()) as usize;
    let cards: Vec<(Class, f64)> = (0..n)
        .map(|_| {
            let class = if rng.next_unit() < 0.6 {
                Class::Flagship
            } else {
                Class::Bargain
            };
            let q = Q_LO + (Q_HI - Q_LO) * rng.next_unit();
            (class, round_half_up(class.rated() * q, 10.0))
        })
        .collect();
    let window = Window::nth((3.0 * rng.next_unit()) as usize);
    let f = 0.4 + 0.4 * rng.next_unit();
    let sum = cards.iter().fold(0.0, |a, c| a + c.1);
    let demand = (f * sum / (1.0 + window.err()) / 1000.0).floor() * 1000.0;
    C2Question {
        candidates: name_candidates(&cards),
        window,
        demand,
    }
}

/// Challenge C2's answer: sort by score descending (ties by list order) and
/// add whole cards until `Σ measured ≥ demand × (1 + err)`.
pub fn whole_card_greedy(candidates: &[Candidate], demand: f64, window: Window) -> GreedyPick {
    let score: Vec<f64> = candidates
        .iter()
        .map(|c| card_score(c.measured, c.rent))
        .collect();
    let rate: Vec<f64> = candidates.iter().map(|c| c.measured).collect();
    let (picked, tok_s) = greedy(&descending(&score), &rate, demand * (1.0 + window.err()));
    let bill = picked.iter().fold(0.0, |a, &i| a + candidates[i].rent);
    GreedyPick {
        picked,
        tok_s,
        bill,
    }
}

/// Challenge C3 ("the eviction decision"): the question's numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct C3Question {
    pub share_pct: u32,
    pub window: Window,
    /// Displayed (rounded to 10) measured and true rates of flagship cards.
    pub measured: Vec<f64>,
    pub true_rate: Vec<f64>,
}

/// Challenge C3's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct EvictionDecision {
    /// Evicted cards, lowest score first.
    pub evicted: Vec<usize>,
    pub median: f64,
    pub wrong: Vec<usize>,
}

impl C3Question {
    /// The displayed numbers of flagship cards with month-average `true_rate`
    /// and measurement luck `u`: `round10(true × (1 + err × u))` measured
    /// through `window` and `round10(true)`.
    pub fn of(share_pct: u32, window: Window, true_rate: &[f64], u: &[f64]) -> C3Question {
        C3Question {
            share_pct,
            window,
            measured: true_rate
                .iter()
                .zip(u)
                .map(|(&t, &u)| round_half_up(measured_rate(t, window.err(), u), 10.0))
                .collect(),
            true_rate: true_rate
                .iter()
                .take(u.len())
                .map(|&t| round_half_up(t, 10.0))
                .collect(),
        }
    }
}

/// Challenge C3's raw draws, in the documented order: `n`, `p`, the window, then
/// the pool `draw_pool(flagship, n, next_u64())` (see [`c3_question`]).
#[derive(Clone, Debug, PartialEq)]
pub struct C3Draw {
    pub share_pct: u32,
    pub window: Window,
    pub pool: Vec<Card>,
}

/// Challenge C3's draws from `rng` (the practice generator).
pub fn c3_draw(rng: &mut SplitMix64) -> C3Draw {
    let n = 10 + (7.0 * rng.next_unit()) as usize;
    let share_pct = [10, 20, 25, 30, 40][((5.0 * rng.next_unit()) as usize).min(4)];
    let u = rng.next_unit();
    let window = if u < C3_HOUR_DRAWS {
        Window::Hour
    } else if u < (1.0 + C3_HOUR_DRAWS) / 2.0 {
        Window::Day
    } else {
        Window::Week
    };
    let mut pool = draw_pool(Class::Flagship, n, rng.next_u64());
    for _ in 0..C3_REDRAWS {
        if window != Window::Hour || !wrong_of(share_pct, window, &pool).is_empty() {
            break;
        }
        pool = draw_pool(Class::Flagship, n, rng.next_u64());
    }
    C3Draw {
        share_pct,
        window,
        pool,
    }
}

/// C3's draws through the hour window, whose ±25 % error makes wrong
/// evictions; the rest split between the day and the week, whose answer
/// is nearly always "none".
const C3_HOUR_DRAWS: f64 = 0.94;
/// New pools drawn through the hour window while a pool has no wrong
/// eviction.
const C3_REDRAWS: usize = 64;

/// The wrong evictions of a drawn pool, as the question shows it.
fn wrong_of(share_pct: u32, window: Window, pool: &[Card]) -> Vec<usize> {
    let true_rate: Vec<f64> = pool.iter().map(|c| c.true_rate).collect();
    let u: Vec<f64> = pool.iter().map(|c| c.u).collect();
    let q = C3Question::of(share_pct, window, &true_rate, &u);
    eviction_decision(&q.measured, &q.true_rate, share_pct).wrong
}

/// Challenge C3 generator: `n = 10 + floor(7u)`; `p = [10, 20, 25, 30,
/// 40][floor(5u)]`; the window (hour below `u` = 0.94, else day below 0.97,
/// else week); `pool_seed = next_u64()`, then `draw_pool(flagship, n,
/// pool_seed)`, drawn again (up to 64 times) through the hour window while
/// it has no wrong eviction; both rates shown rounded to 10 tok/s.
pub fn c3_question(practice_seed: u64) -> C3Question {
    let d = c3_draw(&mut SplitMix64::new(practice_seed));
    let true_rate: Vec<f64> = d.pool.iter().map(|c| c.true_rate).collect();
    let u: Vec<f64> = d.pool.iter().map(|c| c.u).collect();
    C3Question::of(d.share_pct, d.window, &true_rate, &u)
}

/// Challenge C3's answer (flagship cards): evict the `floor(p × n / 100)`
/// lowest measured scores, ties by list order; a wrong eviction has true ≥
/// the median of all true rates.
pub fn eviction_decision(measured: &[f64], true_rate: &[f64], share_pct: u32) -> EvictionDecision {
    let n = measured.len().min(true_rate.len());
    let rent = Class::Flagship.rent();
    let score: Vec<f64> = measured[..n].iter().map(|&m| card_score(m, rent)).collect();
    let k = (share_pct as usize * n) / 100;
    let evicted: Vec<usize> = ascending(&score).into_iter().take(k).collect();
    let median = fleet_median(&true_rate[..n]);
    let wrong = evicted
        .iter()
        .copied()
        .filter(|&i| true_rate[i] >= median)
        .collect();
    EvictionDecision {
        evicted,
        median,
        wrong,
    }
}

// ---------------------------------------------------------------------------
// Solving drawn challenges (`solve()`): the numbers come back out of the
// variables `draw()` wrote, or the page's sliders for the variables that
// mirror one, and go through the generators' own functions.

fn class_var(v: &Vars, name: &str) -> Result<Class, String> {
    match v.word(name) {
        "flagship" => Ok(Class::Flagship),
        "bargain" => Ok(Class::Bargain),
        w => Err(format!("{name}: no card class '{w}'")),
    }
}

fn window_var(v: &Vars) -> Result<Window, String> {
    match v.word("window") {
        w @ ("hour" | "day" | "week") => Ok(Window::from_word(w)),
        w => Err(format!("window: no window '{w}'")),
    }
}

fn finite_var(v: &Vars, name: &str) -> Result<f64, String> {
    let x = v.num(name);
    x.is_finite()
        .then_some(x)
        .ok_or(format!("{name} is missing"))
}

fn count_var(v: &Vars, name: &str, max: usize) -> Result<usize, String> {
    let x = finite_var(v, name)?;
    (x >= 0.0 && x.fract() == 0.0 && x <= max as f64)
        .then_some(x as usize)
        .ok_or(format!("{name} must be a whole number from 0 to {max}"))
}

/// "±5 %" for a window's error.
fn err_text(w: Window) -> String {
    format!("±{} %", (w.err() * 100.0).round())
}

fn tok(x: f64) -> String {
    group(x, 0)
}

/// C1: the tokens-per-dollar score of one card.
fn solve_c1(v: &Vars) -> Result<Solution, String> {
    let class = class_var(v, "class")?;
    let c = C1Question::of(class, finite_var(v, "q")?, finite_var(v, "rent_factor")?);
    if c.rent <= 0.0 {
        return Err("rent must be positive".into());
    }
    let score = c.answer();
    Ok(Solution::new(score)
        .with("tok_s", tok(c.tok_s))
        .with("rent", Unit::Usd.format(c.rent))
        .with("month_tokens", tok(c.tok_s * SECONDS_PER_MONTH))
        .with("hour_tokens", tok(c.tok_s * 3600.0))
        .with("rent_hour", Unit::UsdPerHour.format(c.rent / HOURS as f64))
        .with("millions", format!("{:.2} M", score / 1e6))
        .with("per_m", Unit::UsdPerMTok.format(1e6 / score)))
}

/// C2's candidates as the question lists them.
fn c2_cards(v: &Vars) -> Result<Vec<(Class, f64)>, String> {
    let n = count_var(v, "n", 64)?;
    (0..n)
        .map(|i| {
            let m = finite_var(v, &format!("measured_{i}"))?;
            Ok((class_var(v, &format!("class_{i}"))?, m))
        })
        .collect()
}

/// C2: the whole-card greedy over named candidates.
fn solve_c2(v: &Vars) -> Result<Solution, String> {
    let cards = c2_cards(v)?;
    let window = window_var(v)?;
    let demand = finite_var(v, "demand")?;
    let c = name_candidates(&cards);
    let pick = whole_card_greedy(&c, demand, window);
    let target = demand * (1.0 + window.err());
    let list = c
        .iter()
        .map(|x| {
            format!(
                "{} {} @ {}",
                x.name,
                tok(x.measured),
                Unit::Usd.format(x.rent)
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let score: Vec<f64> = c.iter().map(|x| card_score(x.measured, x.rent)).collect();
    let scores = descending(&score)
        .iter()
        .map(|&i| format!("{} {:.2} M", c[i].name, score[i] / 1e6))
        .collect::<Vec<_>>()
        .join(", ");
    let mut sum = 0.0;
    let mut walk: Vec<String> = pick
        .picked
        .iter()
        .map(|&i| {
            sum += c[i].measured;
            format!("{} → {}", c[i].name, tok(sum))
        })
        .collect();
    if pick.tok_s >= target {
        if let Some(last) = walk.last_mut() {
            last.push_str(&format!(" ≥ {}, stop", tok(target)));
        }
    } else {
        walk.push(format!(
            "every candidate runs and still falls short of {}",
            tok(target)
        ));
    }
    let names: Vec<String> = pick.picked.iter().map(|&i| c[i].name.clone()).collect();
    let rents = pick
        .picked
        .iter()
        .map(|&i| Unit::Usd.format(c[i].rent))
        .collect::<Vec<_>>()
        .join(" + ");
    let mut sol = Solution::new(names.len() as f64)
        .with("list", list)
        .with("demand", tok(demand))
        .with("err", err_text(window))
        .with("headroom", format!("{}", 1.0 + window.err()))
        .with("target", tok(target))
        .with("scores", scores)
        .with("walk", walk.join(", "))
        .with("picked", names.join(", "))
        .with("count", names.len().to_string())
        .with("picked_tok_s", tok(pick.tok_s))
        .with("rents", rents)
        .with("bill", Unit::Usd.format(pick.bill));
    if !names.is_empty() {
        sol.detail = Some(names);
    }
    Ok(sol)
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// "1st", "2nd", "7th".
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// C3's cards are named by position: "c0", "c1", ...
fn card_name(i: usize) -> String {
    format!("c{i}")
}

/// C3's drawn pool as the question shows it, and the policy's decision.
fn c3_of(v: &Vars) -> Result<(C3Question, EvictionDecision), String> {
    let n = count_var(v, "n", MAX_POOL)?;
    let p = count_var(v, "p", 100)? as u32;
    let window = window_var(v)?;
    let true_raw = (0..n)
        .map(|i| finite_var(v, &format!("true_{i}")))
        .collect::<Result<Vec<_>, String>>()?;
    let u = (0..n)
        .map(|i| finite_var(v, &format!("u_{i}")))
        .collect::<Result<Vec<_>, String>>()?;
    let q = C3Question::of(p, window, &true_raw, &u);
    let d = eviction_decision(&q.measured, &q.true_rate, p);
    Ok((q, d))
}

/// C3: which evicted cards are wrong evictions.
fn solve_c3(v: &Vars) -> Result<Solution, String> {
    let (q, d) = c3_of(v)?;
    let (n, window) = (q.true_rate.len(), q.window);
    let list = (0..n)
        .map(|i| {
            format!(
                "{} {} / {}",
                card_name(i),
                tok(q.measured[i]),
                tok(q.true_rate[i])
            )
        })
        .collect::<Vec<_>>()
        .join(" · ");
    let wrong: Vec<String> = d.wrong.iter().map(|&i| card_name(i)).collect();
    let mut sol = Solution::new(wrong.len() as f64)
        .with("list", list)
        .with("err", err_text(window))
        .with("rent", Unit::Usd.format(Class::Flagship.rent()))
        .with("k", d.evicted.len().to_string())
        .with("evicted", evicted_words(&q, &d))
        .with("median_rule", median_rule(n, &q.true_rate, d.median))
        .with("median_how", median_how(n))
        .with("median", tok(d.median))
        .with("verdict", c3_verdict(&q, &d) + &slow_note(&q, &d));
    if !wrong.is_empty() {
        sol.detail = Some(wrong);
    }
    Ok(sol)
}

/// "c3 (6,410), c7 (6,620) leave", or "nobody leaves".
fn evicted_words(q: &C3Question, d: &EvictionDecision) -> String {
    let k = d.evicted.len();
    if k == 0 {
        return "nobody leaves".to_string();
    }
    let list = d
        .evicted
        .iter()
        .map(|&i| format!("{} ({})", card_name(i), tok(q.measured[i])))
        .collect::<Vec<_>>()
        .join(", ");
    format!("{list} {}", if k == 1 { "leaves" } else { "leave" })
}

/// Which of the sorted true rates make the median of `n`.
fn median_how(n: usize) -> String {
    if n.is_multiple_of(2) {
        format!(
            "the mean of the {} and {} smallest",
            ordinal(n / 2),
            ordinal(n / 2 + 1)
        )
    } else {
        format!("the {} smallest", ordinal(n / 2 + 1))
    }
}

/// The median's arithmetic over the `n` displayed true rates.
fn median_rule(n: usize, true_rate: &[f64], median: f64) -> String {
    let mut sorted = true_rate.to_vec();
    sorted.sort_by(f64::total_cmp);
    if n == 0 {
        "undefined (no cards)".to_string()
    } else if n.is_multiple_of(2) {
        format!(
            "({} + {}) / 2 = {}",
            tok(sorted[n / 2 - 1]),
            tok(sorted[n / 2]),
            tok(median)
        )
    } else {
        format!("the middle value, {}", tok(median))
    }
}

/// The wrong evictions, in words.
fn c3_verdict(q: &C3Question, d: &EvictionDecision) -> String {
    if d.wrong.is_empty() {
        return format!(
            "No evicted card has a true rate at or above {}: 0 wrong evictions.",
            tok(d.median)
        );
    }
    format!(
        "Among the evicted, {} {} at or above it: {}.",
        and_list(
            &d.wrong
                .iter()
                .map(|&i| format!("{} (true {})", card_name(i), tok(q.true_rate[i])))
                .collect::<Vec<_>>()
        ),
        if d.wrong.len() == 1 { "is" } else { "are" },
        plural(d.wrong.len(), "wrong eviction")
    )
}

/// The k truly slowest cards, and which of them the noise let through.
fn slow_note(q: &C3Question, d: &EvictionDecision) -> String {
    let k = d.evicted.len();
    let truly_slow: Vec<usize> = ascending(&q.true_rate).into_iter().take(k).collect();
    let missed: Vec<String> = truly_slow
        .iter()
        .filter(|i| !d.evicted.contains(i))
        .map(|&i| {
            format!(
                "{} (true {}, measured {})",
                card_name(i),
                tok(q.true_rate[i]),
                tok(q.measured[i])
            )
        })
        .collect();
    if k == 0 {
        String::new()
    } else if missed.is_empty() && k == 1 {
        " The noise was kind: the truly slowest card is the one evicted.".to_string()
    } else if missed.is_empty() {
        format!(" The noise was kind: the {k} truly slowest cards are exactly the ones evicted.")
    } else {
        format!(
            " Meanwhile {} of the {} truly slowest {} on a lucky measurement: {}.",
            missed.len(),
            k,
            if missed.len() == 1 {
                "survives"
            } else {
                "survive"
            },
            and_list(&missed)
        )
    }
}

// ---------------------------------------------------------------------------
// Misconceptions

/// A misconception of C1: the score with the month's seconds scaled by
/// `month` (an hour: 1/730; 30 days: 720/730).
fn score_with(v: &Vars, month: f64) -> Result<Solution, String> {
    Ok(Solution::new(solve_c1(v)?.answer * month))
}

/// A set answer: its members' names (none for the empty set).
fn set_solution(names: Vec<String>) -> Solution {
    let mut sol = Solution::new(names.len() as f64);
    if !names.is_empty() {
        sol.detail = Some(names);
    }
    sol
}

/// A misconception of C2: the greedy ranked by measured speed (`by_speed`)
/// or by score, up to demand × (1 + `headroom` × err), where its run set
/// differs from the right one.
fn greedy_with(v: &Vars, by_speed: bool, headroom: f64) -> Result<Solution, String> {
    let right = solve_c2(v)?;
    let cards = c2_cards(v)?;
    let window = window_var(v)?;
    let c = name_candidates(&cards);
    let rate: Vec<f64> = c.iter().map(|x| x.measured).collect();
    let key: Vec<f64> = match by_speed {
        true => rate.clone(),
        false => c.iter().map(|x| card_score(x.measured, x.rent)).collect(),
    };
    let target = finite_var(v, "demand")? * (1.0 + headroom * window.err());
    let (picked, _) = greedy(&descending(&key), &rate, target);
    let mut names: Vec<String> = picked.iter().map(|&i| c[i].name.clone()).collect();
    let mut want = right.detail.clone().unwrap_or_default();
    names.sort();
    want.sort();
    if names == want {
        return Err("the same run set".into());
    }
    Ok(set_solution(
        picked.iter().map(|&i| c[i].name.clone()).collect(),
    ))
}

/// A misconception of C3: the evicted cards `wrong(question, card, median
/// true rate)` calls wrong, where that set differs from the right one.
fn wrong_with(v: &Vars, wrong: fn(&C3Question, usize, f64) -> bool) -> Result<Solution, String> {
    let (q, d) = c3_of(v)?;
    let picked: Vec<usize> = d
        .evicted
        .iter()
        .copied()
        .filter(|&i| wrong(&q, i, d.median))
        .collect();
    let mut a = picked.clone();
    let mut b = d.wrong.clone();
    a.sort();
    b.sort();
    if a == b {
        return Err("the same wrong evictions".into());
    }
    Ok(set_solution(picked.into_iter().map(card_name).collect()))
}
