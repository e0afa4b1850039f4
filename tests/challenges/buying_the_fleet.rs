//! buying-the-fleet challenges (docs/models/buying-the-fleet.md, challenges): the draws follow the documented ranges, every drawn answer equals
//! the page's own figure for the same month, the three worked examples come
//! out of the templates (asked about a page set to the example) and grade.

use crate::support::{accepts, asks, grades, says, text};
use fleetlab::challenge::Verdict::{Close, Unreadable, Wrong};
use fleetlab::challenge::{grade, templates, Question, Value};
use fleetlab::model::{Params, Unit};
use fleetlab::topics::buying_the_fleet::*;
use fleetlab::topics::{question, question_live};

for_topic!("buying-the-fleet");

const OWNED: [&str; 3] = ["owned_h100", "owned_b200", "owned_a100u"];
const RENTED: [&str; 3] = ["rented_h100", "rented_b200", "rented_a100u"];

fn model(q: &Question) -> Model {
    match q.vars.word("model") {
        "8b" => Model::Chat8b,
        "70b" => Model::Premium70b,
        w => panic!("model {w}"),
    }
}

fn cards(q: &Question, names: [&str; 3]) -> [u64; 3] {
    names.map(|n| {
        let x = q.vars.num(n);
        assert!(x >= 0.0 && x.fract() == 0.0, "{n} = {x}");
        x as u64
    })
}

fn demand_tokens(q: &Question) -> u64 {
    (q.vars.num("demand_t") * 1e12).round() as u64
}

/// The page set to a question's month: every variable named like a page
/// parameter, and no other cards. `None` when the month's demand is below
/// the page's 1T slider (the documented ranges reach 0.1T on small 70B fleets).
fn page_of(q: &Question) -> Option<Params> {
    let d = q.vars.num("demand_t");
    if d != 0.0 && d < 1.0 {
        return None;
    }
    let t = topic();
    let mut p = t.defaults();
    for n in OWNED.iter().chain(&RENTED) {
        p.set(n, "0").unwrap();
    }
    for (name, v) in &q.vars.values {
        if p.index(name).is_err() {
            continue;
        }
        let text = text(v);
        if name == "demand_t" && text == "0" {
            continue;
        }
        p.set(name, &text).unwrap();
    }
    Some(p)
}

fn figure(p: &Params, id: &str) -> f64 {
    topic()
        .run(p)
        .get(id)
        .unwrap_or_else(|| panic!("figure {id}"))
}

/// T1-C1 draws: the model, 1–2 chip classes of 50–5,000 cards (step 50), and
/// a demand that is either absent or capacity × U(0.4, 1.6) rounded to 0.1T.
/// The answer is the page's owned tokens (or its capacity with no demand).
#[test]
fn c1_draws_and_answers() {
    let t = topic();
    let (mut one, mut two, mut with, mut without, mut capped) = (0, 0, 0, 0, 0);
    let mut on_page = 0;
    let mut models = [0; 2];
    for seed in 0..1000u64 {
        let q = question(t, "C1", seed).unwrap();
        let m = model(&q);
        models[(m == Model::Premium70b) as usize] += 1;
        let owned = cards(&q, OWNED);
        let classes = owned.iter().filter(|&&n| n > 0).count();
        match classes {
            1 => one += 1,
            2 => two += 1,
            k => panic!("seed {seed}: {k} classes"),
        }
        for n in owned.into_iter().filter(|&n| n > 0) {
            assert!(
                (50..=5000).contains(&n) && n.is_multiple_of(50),
                "seed {seed}: {n}"
            );
        }
        let capacity = fleet_tokens(m, owned);
        let d = q.vars.num("demand_t");
        assert_eq!((d * 10.0).round(), d * 10.0, "0.1T steps: {d}");
        let want = if d == 0.0 {
            without += 1;
            capacity
        } else {
            with += 1;
            let f = d * 1e12 / capacity as f64;
            let slack = 0.05e12 / capacity as f64;
            assert!(
                d >= 0.1 && (0.4 - slack..=1.6 + slack).contains(&f),
                "seed {seed}: {d}T over {capacity}"
            );
            if demand_tokens(&q) < capacity {
                capped += 1;
            }
            tokens_carried(capacity, demand_tokens(&q))
        };
        assert_eq!(q.answer, want as f64 / 1e12, "seed {seed}");
        if let Some(p) = page_of(&q) {
            let page = if d == 0.0 {
                figure(&p, "capacity_t")
            } else {
                figure(&p, "owned_tokens_t")
            };
            assert!((page - q.answer).abs() <= 1e-9 * q.answer, "seed {seed}");
            on_page += 1;
        }
        assert!(q.text.contains(model(&q).name()));
    }
    assert!(one > 300 && two > 300, "{one} / {two}");
    assert!(
        with > 300 && without > 300 && capped > 100,
        "{with} / {without} / {capped}"
    );
    assert!(models.iter().all(|&n| n > 300), "{models:?}");
    assert!(on_page > 500, "{on_page} months checked on the page");
}

/// T1-C2 draws: one owned class of 200–5,000 cards (step 100), a rented
/// H100 or B200, and D = K_own × U(1.05, 2.0) rounded to 0.1T, always above
/// K_own. The answer is the page's whole rented cards for the shortfall.
#[test]
fn c2_draws_and_answers() {
    let t = topic();
    let mut chips = [0; 2];
    let mut on_page = 0;
    for seed in 0..1000u64 {
        let q = question(t, "C2", seed).unwrap();
        let m = model(&q);
        let owned = cards(&q, OWNED);
        let held: Vec<u64> = owned.into_iter().filter(|&n| n > 0).collect();
        assert_eq!(held.len(), 1, "seed {seed}");
        assert!((200..=5000).contains(&held[0]) && held[0].is_multiple_of(100));
        let chip = match q.vars.word("fill_chip") {
            "h100" => Chip::H100,
            "b200" => Chip::B200,
            w => panic!("fill chip {w}"),
        };
        chips[(chip == Chip::B200) as usize] += 1;
        let k_own = fleet_tokens(m, owned);
        let d = demand_tokens(&q);
        assert!(d > k_own, "seed {seed}: a shortfall");
        let f = d as f64 / k_own as f64;
        let slack = 0.1e12 / k_own as f64;
        assert!(
            (1.05 - slack..=2.0 + slack).contains(&f),
            "seed {seed}: {f}"
        );
        let n = fill_cards(d - k_own, tokens_per_card_month(m, chip));
        assert_eq!(q.answer, n as f64, "seed {seed}");
        // Whole cards: n carry the shortfall, n − 1 do not.
        let t_rent = tokens_per_card_month(m, chip);
        assert!(n * t_rent >= d - k_own && (n - 1) * t_rent < d - k_own);
        if let Some(p) = page_of(&q) {
            assert_eq!(figure(&p, "rented_fill_cards"), q.answer);
            on_page += 1;
        }
        assert!(q.text.contains(&format!("rented {} cards", chip.name())));
    }
    assert!(chips.iter().all(|&n| n > 300), "{chips:?}");
    assert!(on_page > 500, "{on_page} months checked on the page");
}

/// T1-C3 draws: one owned class (200–5,000, step 100), one rented class
/// with 50–2,000 cards (step 50), D = (K_own + K_rent) × U(1.02, 1.5) rounded
/// to 0.1T, above the fleet. The answer is the page's API bill.
#[test]
fn c3_draws_and_answers() {
    let t = topic();
    let mut no_rent = 0;
    let mut on_page = 0;
    for seed in 0..1000u64 {
        let q = question(t, "C3", seed).unwrap();
        let m = model(&q);
        let owned = cards(&q, OWNED);
        let rented = cards(&q, RENTED);
        assert_eq!(owned.iter().filter(|&&n| n > 0).count(), 1);
        assert!(rented.iter().filter(|&&n| n > 0).count() <= 1);
        if rented.iter().all(|&n| n == 0) {
            no_rent += 1;
        }
        for n in rented {
            assert!(n <= 2000 && n.is_multiple_of(50));
        }
        let k = fleet_tokens(m, owned) + fleet_tokens(m, rented);
        let d = demand_tokens(&q);
        assert!(d > k, "seed {seed}: the API carries something");
        let f = d as f64 / k as f64;
        let slack = 0.1e12 / k as f64;
        assert!(
            (1.02 - slack..=1.5 + slack).contains(&f),
            "seed {seed}: {f}"
        );
        let price = match m {
            Model::Chat8b => 0.20,
            Model::Premium70b => 2.50,
        };
        let api = api_overflow_tokens(d, fleet_tokens(m, owned), fleet_tokens(m, rented));
        assert_eq!(q.answer, api_bill(api, price), "seed {seed}");
        if let Some(p) = page_of(&q) {
            let page = figure(&p, "api_bill");
            assert!((page - q.answer).abs() <= 1e-9 * q.answer, "seed {seed}");
            on_page += 1;
        }
    }
    assert_eq!(no_rent, 0, "every month rents some cards");
    assert!(on_page > 500, "{on_page} months checked on the page");
}

/// The API prices the file asks about are the page's defaults (the seed's
/// $0.20 and $2.50 per 1M).
#[test]
fn c3_prices_are_the_page_defaults() {
    let t = topic();
    let c3 = templates(t).remove(2);
    for name in ["api_price_8b", "api_price_70b"] {
        let var = c3.vars.iter().find(|v| v.name == name).unwrap();
        let spec = t.params().iter().find(|p| p.name == name).unwrap();
        assert_eq!(var.values.as_deref(), Some(&[spec.default][..]), "{name}");
        assert_eq!(var.param.as_deref(), Some(name));
    }
}

fn page(set: &[(&str, &str)]) -> Params {
    let mut p = topic().defaults();
    for n in OWNED.iter().chain(&RENTED) {
        p.set(n, "0").unwrap();
    }
    p.apply(set).unwrap();
    p
}

/// Spec C1: 1,200 H100 + 300 B200 on the 8B → (12,000,000 + 7,200,000) tok/s
/// × 2,628,000 s = 50.4576T.
#[test]
fn c1_worked_example() {
    let t = topic();
    // Demand at the page's maximum, 1,000T, does not bind.
    let p = page(&[
        ("model", "8b"),
        ("owned_h100", "1200"),
        ("owned_b200", "300"),
        ("demand_t", "1000"),
    ]);
    let q = question_live(t, "C1", 1, &p).unwrap();
    assert_eq!(q.answer, 50.4576);
    assert_eq!(q.unit, Unit::TTokens);
    assert!(q.text.starts_with("A company owns 1,200 H100 and 300 B200"));
    assert!(q
        .text
        .contains("an H100 serves 10,000 tok/s and a B200 serves 24,000 tok/s"));
    says(
        &q,
        &["1,200 × 10,000 + 300 × 24,000 = 19,200,000 tok/s × 2,628,000 s = 50.4576T"],
    );
    accepts(
        &q,
        &[
            "50.4576",
            "50.4576T",
            "50.46 T tokens",
            "50,457.6B",
            "50.2",
            "5.04576e13 tokens",
        ],
    );
    grades(&q, &[("51.5", Close), ("19.2M", Wrong)]);
    // The same fleet without a demand: unlimited, the same 50.4576T.
    let no_demand = (0..200)
        .map(|s| question(t, "C1", s).unwrap())
        .find(|q| q.vars.num("demand_t") == 0.0)
        .unwrap();
    let mut v = no_demand.vars.clone();
    for (n, x) in [
        ("owned_h100", 1200.0),
        ("owned_b200", 300.0),
        ("owned_a100u", 0.0),
    ] {
        v.set_num(n, x);
    }
    v.set("model", Value::Word("8b".into()));
    assert_eq!(solve_vars("C1", &v).answer, 50.4576);
    // A demand of 31.2T caps it.
    v.set_num("demand_t", 31.2);
    assert_eq!(solve_vars("C1", &v).answer, 31.2);
}

/// Spec C2: 70B, 8T demand, 3,000 owned H100 (5.5188T) → ceil(2.4812T /
/// 4.41504B) = 562 B200.
#[test]
fn c2_worked_example() {
    let p = page(&[
        ("model", "70b"),
        ("owned_h100", "3000"),
        ("demand_t", "8"),
        ("fill_chip", "b200"),
    ]);
    let q = question_live(topic(), "C2", 1, &p).unwrap();
    assert_eq!(q.answer, 562.0);
    asks(
        &q,
        &[
            "owns 3,000 H100",
            "brings 8T tokens of demand",
            "whole rented B200 cards",
        ],
    );
    says(
        &q,
        &[
            "3,000 × 700 tok/s × 2,628,000 s = 5.5188T",
            "max(0, 8T − 5.5188T) = 2.4812T",
            "1,680 × 2,628,000 = 4,415,040,000 tokens",
            "2,481,200,000,000 / 4,415,040,000 = 561.988",
            "rounded up to 562 cards",
        ],
    );
    accepts(&q, &["562", "562 cards"]);
    grades(&q, &[("563", Close), ("561", Wrong), ("1,349", Wrong)]);
    // 561 is the quotient rounded down, and 1,349 the H100's count: each
    // is told its own mistake.
    assert!(grade(&q, "561").message.contains("rounded up"));
    assert_eq!(
        grade(&q, "1,349").misconception.as_deref(),
        Some("the rented card at an H100's rate")
    );
    // On rented H100 the same shortfall takes ceil(2.4812T / 1.8396B) = 1,349.
    let mut p = p;
    p.set("fill_chip", "h100").unwrap();
    assert_eq!(question_live(topic(), "C2", 1, &p).unwrap().answer, 1349.0);
}

/// Spec C3: 8B, 120T, 3,000 H100 + 400 rented B200 → the API carries
/// 15.9312T (13.28 %) → $3,186,240.
#[test]
fn c3_worked_example() {
    let p = page(&[
        ("model", "8b"),
        ("owned_h100", "3000"),
        ("rented_b200", "400"),
        ("demand_t", "120"),
    ]);
    let q = question_live(topic(), "C3", 1, &p).unwrap();
    assert_eq!(q.answer, 3_186_240.0);
    asks(
        &q,
        &["owns 3,000 H100 and rents 400 B200", "$0.20 per 1M tokens"],
    );
    says(
        &q,
        &[
            "Owned cards carry 3,000 × 10,000 tok/s × 2,628,000 s = 78.84T",
            "rented cards carry 400 × 24,000 tok/s × 2,628,000 s = 25.2288T",
            "max(0, 120T − 78.84T − 25.2288T) = 15.9312T, 13.28% of the month",
            "15,931,200 million tokens × $0.20 per 1M = $3,186,240",
        ],
    );
    accepts(&q, &["$3,186,240", "3186240", "$3.19M", "3.16M"]);
    grades(
        &q,
        &[
            ("$3.1M", Close),
            ("$39.8M", Wrong),
            ("15.9312 T tokens", Unreadable),
        ],
    );
    // The page's API price slider flows into the question.
    let mut p = p;
    p.set("api_price_8b", "0.4").unwrap();
    let q = question_live(topic(), "C3", 1, &p).unwrap();
    assert_eq!(q.answer, 6_372_480.0);
}
