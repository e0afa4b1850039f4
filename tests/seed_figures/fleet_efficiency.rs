//! Seed 002 (Fleet Efficiency & Eviction) and docs/models/fleet-efficiency.md: the
//! seed card's 18 figures ((the results) "Seed figure vs reproduced"), the documented side
//! figures, its full results table for all six runs, the test vectors of (the test vectors)
//! bit for bit, the decision margins of (the results) and the challenge examples of (the challenges).

use super::{figure, row, Row, Tol};
use fleetlab::model::SplitMix64;
use fleetlab::topics::fleet_efficiency::*;

pub const T: &str = "fleet-efficiency";

/// The diurnal practice shape (the fleet-efficiency model's day of demand).
const DIURNAL: &[(&str, &str)] = &[("shape", "diurnal")];

/// class, seed, card, q, dips, u, true, day measured, hour measured.
type CardVector = (Class, u64, usize, f64, u32, f64, f64, f64, f64);
/// preset, fix, evicted, run set, capacity, idle $, bill.
type MonthVector = (
    &'static str,
    bool,
    &'static [usize],
    &'static [usize],
    f64,
    f64,
    f64,
);

pub const ROWS: &[Row] = &[
    row("seed 002: 'the golden idler bills $69,940'", "golden-idler", "bill", 69_940.0),
    row("seed 002: golden idler 'keeping 26 flagship cards warm'", "golden-idler", "warm_cards", 26.0),
    row("seed 002: golden idler 'for a 60,000 tok/s average'", "golden-idler", "demand_tok_s", 60_000.0),
    row("seed 002: golden idler 'burns $44,348 of it on capacity that moved no tokens' (raw 44,348.097)", "golden-idler", "idle_dollars", 44_348.0).within(Tol::Abs(0.5)),
    row("seed 002: golden idler 'shows zero unmet demand'", "golden-idler", "shortage_share", 0.0),
    row("seed 002: golden idler '... and zero wrong evictions'", "golden-idler", "wrong_evictions", 0.0),
    row("seed 002: the noise evictor 'evicts 12 of 32 cards'", "noise-evictor", "evicted", 12.0),
    row("seed 002: the noise evictor evicts 12 'of 32 cards'", "noise-evictor", "pool_cards", 32.0),
    row("seed 002: noise evictor '4 of them healthy'", "noise-evictor", "wrong_evictions", 4.0),
    row("seed 002: noise evictor '33% wrong' (4 of 12)", "noise-evictor", "wrong_eviction_share", 0.33).within(Tol::Abs(0.005)),
    row("seed 002: 'the bargain shortfall bills a tempting $28,840'", "bargain-shortfall", "bill", 28_840.0),
    row("seed 002: bargain shortfall 'covers only 61,015 ... tok/s' (raw 61,014.64)", "bargain-shortfall", "delivered_tok_s", 61_015.0).within(Tol::Abs(0.5)),
    row("seed 002: bargain shortfall covers 61,015 'of 90,000 tok/s'", "bargain-shortfall", "demand_tok_s", 90_000.0),
    row("seed 002: bargain shortfall 'a 32% shortage' (32.2 %)", "bargain-shortfall", "shortage_share", 0.32).within(Tol::Abs(0.005)),
    row("seed 002: 'the idler on steady mode bills $25,740 for the same demand'", "golden-idler", "bill", 25_740.0).fixed(),
    row("seed 002: the idler on steady mode 'converges at 90.9%' (0.90909)", "golden-idler", "convergence", 0.909).fixed().within(Tol::Abs(0.0005)),
    row("seed 002: 'the evictor moving to the day window at a 10% eviction share converges at 97.9%' (0.97902)", "noise-evictor", "convergence", 0.979).fixed().within(Tol::Abs(0.0005)),
    row("seed 002: the evictor fix converges '... with no wrong evictions'", "noise-evictor", "wrong_evictions", 0.0).fixed(),
    row("seed 002: 'the shortfall swap to flagships covers 90,000 tok/s'", "bargain-shortfall", "delivered_tok_s", 90_000.0).fixed().within(Tol::Abs(0.5)),
    row("seed 002: the shortfall swap covers 90,000 tok/s 'for $35,360'", "bargain-shortfall", "bill", 35_360.0).fixed(),
    row("seed 002: the shortfall swap '... at 95.6% convergence' (0.95588)", "bargain-shortfall", "convergence", 0.956).fixed().within(Tol::Abs(0.0005)),
    row("the fleet-efficiency model (the month model): 'the evictor pool on the hour window at a 10 % share runs 24 cards'", "noise-evictor", "warm_cards", 24.0).with(&[("share_pct", "10")]),
    row("the fleet-efficiency model (the month model): '... and converges at 85.9 %'", "noise-evictor", "convergence", 0.859).with(&[("share_pct", "10")]).within(Tol::Abs(0.0005)),
    row("the fleet-efficiency model (the diurnal shape): 'With the diurnal practice shape, the idler fix becomes 11 cards'", "golden-idler", "warm_cards", 11.0).fixed().with(DIURNAL),
    row("the fleet-efficiency model (the diurnal shape): diurnal idler fix '... $30,940'", "golden-idler", "bill", 30_940.0).fixed().with(DIURNAL),
    row("the fleet-efficiency model (the diurnal shape): diurnal idler fix '... 92.4 %'", "golden-idler", "convergence", 0.924).fixed().with(DIURNAL).within(Tol::Abs(0.0005)),
    row("the fleet-efficiency model (the diurnal shape): 'C = 174,437 tok/s' for the golden idler's 26 warm cards", "golden-idler", "true_capacity_tok_s", 174_437.0).within(Tol::Abs(0.5)),
];

/// A story's inputs: id, class, pool, seed, demand, window, share to
/// evict, mode.
type Story = (&'static str, Class, usize, u64, f64, Window, u32, Mode);

/// The documented inputs of each story.
#[rustfmt::skip]
const STORIES: &[Story] = &[
    ("golden-idler", Class::Flagship, 32, 3178, 60_000.0, Window::Day, 20, Mode::AlwaysWarm),
    ("noise-evictor", Class::Flagship, 32, 643, 140_000.0, Window::Hour, 40, Mode::Steady),
    ("bargain-shortfall", Class::Bargain, 24, 51141, 90_000.0, Window::Day, 20, Mode::Steady),
];

/// A story's inputs, or its fix's: the idler stops keeping the pool warm,
/// the evictor judges a day and evicts 10 %, the shortfall buys flagships.
fn preset_input(preset: &str, fix: bool) -> MonthInput {
    let &(_, class, pool_size, seed, demand, window, share_pct, mode) = STORIES
        .iter()
        .find(|s| s.0 == preset)
        .unwrap_or_else(|| panic!("no preset {preset}"));
    let story = MonthInput {
        class,
        pool_size,
        seed,
        demand,
        window,
        share_pct,
        mode,
        shape: Shape::Flat,
    };
    match (fix, preset) {
        (false, _) => story,
        (true, "golden-idler") => MonthInput {
            mode: Mode::Steady,
            ..story
        },
        (true, "noise-evictor") => MonthInput {
            window: Window::Day,
            share_pct: 10,
            ..story
        },
        (true, _) => MonthInput {
            class: Class::Flagship,
            ..story
        },
    }
}

/// The table of the model (the results) is what the presets set: the page's preset buttons
/// and this test's inputs agree.
#[test]
fn presets_set_the_spec_inputs() {
    let t = fleetlab::topics::find(T).unwrap();
    for p in t.presets() {
        for fix in [false, true] {
            let params = t.preset_params(p, fix).unwrap();
            let want = preset_input(p.id, fix);
            let shown: Vec<(&str, String)> = params.shown();
            let get = |n: &str| shown.iter().find(|(k, _)| *k == n).unwrap().1.clone();
            assert_eq!(get("class"), want.class.word(), "{} {fix}", p.id);
            assert_eq!(get("pool_size"), want.pool_size.to_string());
            assert_eq!(get("seed"), want.seed.to_string());
            assert_eq!(get("demand"), format!("{}", want.demand as u64));
            assert_eq!(get("window"), want.window.word());
            assert_eq!(get("share_pct"), want.share_pct.to_string());
            assert_eq!(get("mode"), want.mode.word());
            assert_eq!(get("shape"), "flat");
        }
    }
}

#[test]
fn splitmix64_known_answers() {
    // the fleet-efficiency model (the draw order) / (the test vectors).
    let mut r = SplitMix64::new(0);
    assert_eq!(r.next_u64(), 0xe220a8397b1dcdaf);
    assert_eq!(r.next_u64(), 0x6e789e6aa1b965f4);
    assert_eq!(r.next_u64(), 0x6c45d188009454f);
}

/// the fleet-efficiency model (the test vectors): q, dips, u, true, day and hour measured of the
/// first three cards of each preset seed, bit for bit.
#[test]
fn card_draws_match_the_test_vectors_bit_for_bit() {
    #[rustfmt::skip]
    let vectors: &[CardVector] = &[
        (Class::Flagship, 3178, 0, 0.9834748667541131, 0, 0.9150993072353719, 6884.3240672787915, 7199.316076516323, 8459.284113466447),
        (Class::Flagship, 3178, 1, 1.0344751977426847, 1, -0.8392398563431489, 7122.290881992785, 6823.425363160898, 5627.96328783335),
        (Class::Flagship, 3178, 2, 0.8944627601214251, 2, 0.5529252111789278, 6055.390356876826, 6222.799256469175, 6892.434854838567),
        (Class::Flagship, 643, 0, 0.8785675693560222, 0, 0.9118956405684251, 6149.972985492155, 6430.379663246349, 7552.0063742631255),
        (Class::Flagship, 643, 1, 1.06061112440618, 0, -0.13692428319124184, 7424.27787084326, 7373.449674559369, 7170.136889423807),
        (Class::Flagship, 643, 2, 1.0665089104711856, 1, 0.9315416697256098, 7342.8408000386, 7684.848909008464, 9052.881344887921),
        (Class::Bargain, 51141, 0, 1.097565998537891, 0, 0.27428058090275, 3457.3328953943565, 3504.7468591405036, 3694.402714125094),
        (Class::Bargain, 51141, 1, 1.0318630091389687, 1, 0.27558294334762423, 3196.9377640679527, 3240.9888400040036, 3417.193143748207),
        (Class::Bargain, 51141, 2, 1.0216553446396321, 2, -0.8408699559987214, 3112.4100286905177, 2981.553424496769, 2458.1270077217737),
    ];
    for &(class, seed, i, q, dips, u, tr, day, hour) in vectors {
        let pool = draw_pool(class, 3, seed);
        let c = pool[i];
        let at = format!("seed {seed} card {i}");
        assert_eq!(c.q.to_bits(), q.to_bits(), "{at}: q {:?}", c.q);
        assert_eq!(c.dips, dips, "{at}: dips");
        assert_eq!(c.u.to_bits(), u.to_bits(), "{at}: u {:?}", c.u);
        assert_eq!(
            c.true_rate.to_bits(),
            tr.to_bits(),
            "{at}: true {:?}",
            c.true_rate
        );
        let d = c.measured(Window::Day);
        let h = c.measured(Window::Hour);
        assert_eq!(d.to_bits(), day.to_bits(), "{at}: day {d:?}");
        assert_eq!(h.to_bits(), hour.to_bits(), "{at}: hour {h:?}");
        // A larger pool from the same seed starts with the same cards.
        assert_eq!(draw_pool(class, 32, seed)[i], c);
    }
}

/// the fleet-efficiency model (the test vectors): the evicted and run lists, capacity, idle dollars
/// and bill of all six runs, bit for bit.
#[test]
fn months_match_the_test_vectors_bit_for_bit() {
    #[rustfmt::skip]
    let vectors: &[MonthVector] = &[
        ("golden-idler", false, &[4, 6, 10, 18, 21, 26],
         &[0, 1, 2, 3, 5, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 19, 20, 22, 23, 24, 25, 27, 28, 29, 30, 31],
         174437.33531095387, 44348.09700131097, 69940.0),
        ("noise-evictor", false, &[8, 11, 13, 15, 16, 20, 22, 23, 25, 26, 28, 31],
         &[0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 12, 14, 17, 18, 19, 21, 24, 27, 29, 30],
         135512.34310743478, 0.0, 56680.0),
        ("bargain-shortfall", false, &[9, 11, 13, 21],
         &[0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 15, 16, 17, 18, 19, 20, 22, 23],
         61014.64158285203, 0.0, 28840.0),
        ("golden-idler", true, &[4, 6, 10, 18, 21, 26],
         &[0, 3, 9, 11, 14, 19, 23, 24, 25],
         66787.48940133085, 2378.0988537649664, 25740.0),
        ("noise-evictor", true, &[8, 11, 22],
         &[0, 1, 2, 4, 5, 7, 9, 10, 12, 14, 16, 17, 18, 19, 21, 24, 26, 27, 28, 29, 31],
         144787.56439032132, 1805.4106843516588, 55770.0),
        ("bargain-shortfall", true, &[9, 11, 13, 21],
         &[0, 1, 2, 3, 4, 6, 7, 10, 12, 15, 17, 19, 23],
         94826.60633720826, 1720.3957886830888, 35360.0),
    ];
    for &(preset, fix, evicted, run, capacity, idle, bill) in vectors {
        let m = run_month(&preset_input(preset, fix));
        let at = format!("{preset}{}", if fix { " + fix" } else { "" });
        let mut ev = m.evicted.clone();
        ev.sort_unstable();
        let mut rs = m.run.clone();
        rs.sort_unstable();
        assert_eq!(ev, evicted, "{at}: evicted");
        assert_eq!(rs, run, "{at}: run set");
        assert_eq!(
            m.capacity.to_bits(),
            capacity.to_bits(),
            "{at}: capacity {:?}",
            m.capacity
        );
        assert_eq!(
            m.idle_dollars.to_bits(),
            idle.to_bits(),
            "{at}: idle {:?}",
            m.idle_dollars
        );
        assert_eq!(m.bill.to_bits(), bill.to_bits(), "{at}: bill {:?}", m.bill);
    }
}

/// the fleet-efficiency model (the results) "Full results": every figure of all six runs, at
/// the table's precision, through the topic's run() (what the page and the
/// CLI show), and the verdict of each check.
#[test]
fn full_results_table() {
    struct Col {
        preset: &'static str,
        fix: bool,
        evicted: f64,
        wrong: f64,
        median: f64,
        warm: f64,
        capacity: f64,
        delivered: f64,
        demand: f64,
        bill: f64,
        idle: f64,
        ideal_cards: f64,
        ideal_bill: f64,
        convergence: f64,
        tok_per_usd_k: f64,
        checks: [bool; 3],
    }
    #[rustfmt::skip]
    let cols = [
        Col { preset: "golden-idler", fix: false, evicted: 6.0, wrong: 0.0, median: 6382.0, warm: 26.0, capacity: 174_437.0, delivered: 60_000.0, demand: 60_000.0, bill: 69_940.0, idle: 44_348.0, ideal_cards: 9.0, ideal_bill: 23_400.0, convergence: 0.335, tok_per_usd_k: 2_250.0, checks: [true, false, true] },
        Col { preset: "noise-evictor", fix: false, evicted: 12.0, wrong: 4.0, median: 6434.0, warm: 20.0, capacity: 135_512.0, delivered: 135_512.0, demand: 140_000.0, bill: 56_680.0, idle: 0.0, ideal_cards: 21.0, ideal_bill: 54_600.0, convergence: 0.963, tok_per_usd_k: 6_280.0, checks: [false, true, false] },
        Col { preset: "bargain-shortfall", fix: false, evicted: 4.0, wrong: 0.0, median: 3023.0, warm: 20.0, capacity: 61_015.0, delivered: 61_015.0, demand: 90_000.0, bill: 28_840.0, idle: 0.0, ideal_cards: 24.0, ideal_bill: 33_600.0, convergence: 1.165, tok_per_usd_k: 5_560.0, checks: [false, true, true] },
        Col { preset: "golden-idler", fix: true, evicted: 6.0, wrong: 0.0, median: 6382.0, warm: 9.0, capacity: 66_787.0, delivered: 60_000.0, demand: 60_000.0, bill: 25_740.0, idle: 2_378.0, ideal_cards: 9.0, ideal_bill: 23_400.0, convergence: 0.909, tok_per_usd_k: 6_130.0, checks: [true, true, true] },
        Col { preset: "noise-evictor", fix: true, evicted: 3.0, wrong: 0.0, median: 6434.0, warm: 21.0, capacity: 144_788.0, delivered: 140_000.0, demand: 140_000.0, bill: 55_770.0, idle: 1_805.0, ideal_cards: 21.0, ideal_bill: 54_600.0, convergence: 0.979, tok_per_usd_k: 6_600.0, checks: [true, true, true] },
        Col { preset: "bargain-shortfall", fix: true, evicted: 4.0, wrong: 0.0, median: 6717.0, warm: 13.0, capacity: 94_827.0, delivered: 90_000.0, demand: 90_000.0, bill: 35_360.0, idle: 1_720.0, ideal_cards: 13.0, ideal_bill: 33_800.0, convergence: 0.956, tok_per_usd_k: 6_690.0, checks: [true, true, true] },
    ];
    let t = fleetlab::topics::find(T).unwrap();
    let mut bad = Vec::new();
    for c in &cols {
        let out = t.run(&t.preset_params(t.preset(c.preset).unwrap(), c.fix).unwrap());
        let at = format!("{}{}", c.preset, if c.fix { " + fix" } else { "" });
        let mut want = |id: &str, v: f64, tol: f64| {
            let got = out.get(id).unwrap();
            if (got - v).abs() > tol {
                bad.push(format!("{at} / {id}: got {got}, want {v} ± {tol}"));
            }
        };
        want("evicted", c.evicted, 0.0);
        want("wrong_evictions", c.wrong, 0.0);
        want("fleet_median_tok_s", c.median, 0.5);
        want("warm_cards", c.warm, 0.0);
        want("true_capacity_tok_s", c.capacity, 0.5);
        want("delivered_tok_s", c.delivered, 0.5);
        want("demand_tok_s", c.demand, 0.5);
        want("bill", c.bill, 1e-9);
        want("idle_dollars", c.idle, 0.5);
        want("ideal_cards", c.ideal_cards, 0.0);
        want("ideal_bill", c.ideal_bill, 1e-9);
        want("convergence", c.convergence, 0.0005);
        want("month_tok_per_usd", c.tok_per_usd_k * 1e3, 0.005e6);
        want(
            "shortage_share",
            1.0 - c.delivered / c.demand,
            0.5 / c.demand + 1e-12,
        );
        for (i, id) in ["capacity", "convergence", "eviction"].iter().enumerate() {
            let v = out.verdict(id).unwrap();
            if v.pass != c.checks[i] {
                bad.push(format!(
                    "{at} / check {id}: pass = {}, want {}",
                    v.pass, c.checks[i]
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// the fleet-efficiency model (the calibration): every bill is whole card-months plus 15 % churn,
/// and the ideal operator pays the same warm rent and no churn.
#[test]
fn bills_split_into_card_months_and_churn() {
    #[rustfmt::skip]
    let table: &[(&str, bool, f64, f64, f64)] = &[
        // preset, fix, warm rent, churn, rent of one card-month
        ("golden-idler", false, 26.0 * 2600.0, 6.0 * 390.0, 2600.0),
        ("golden-idler", true, 9.0 * 2600.0, 6.0 * 390.0, 2600.0),
        ("bargain-shortfall", true, 13.0 * 2600.0, 4.0 * 390.0, 2600.0),
        ("bargain-shortfall", false, 20.0 * 1400.0, 4.0 * 210.0, 1400.0),
    ];
    for &(preset, fix, rent, churn, card_month) in table {
        let m = run_month(&preset_input(preset, fix));
        assert_eq!(m.warm_rent, rent, "{preset} {fix}");
        assert!(
            (m.churn - churn).abs() < 1e-9,
            "{preset} {fix}: {}",
            m.churn
        );
        assert_eq!(m.input.class.rent(), card_month);
        assert!((m.bill - (rent + churn)).abs() < 1e-9);
    }
}

/// the fleet-efficiency model (the results) "Decision margins": steady mode first passes its
/// target on the k-th card, the ideal first passes the peak on card k*.
#[test]
fn decision_margins() {
    #[rustfmt::skip]
    let table: &[(&str, f64, f64, f64, f64, f64, f64)] = &[
        // preset (fix), top k−1 measured, target, top k measured, top k*−1 true, peak, top k* true
        ("golden-idler", 60_081.0, 63_000.0, 67_125.0, 59_903.0, 60_000.0, 67_025.0),
        ("noise-evictor", 140_910.0, 147_000.0, 147_270.0, 138_778.0, 140_000.0, 144_957.0),
        ("bargain-shortfall", 89_209.0, 94_500.0, 95_835.0, 88_310.0, 90_000.0, 94_827.0),
    ];
    for &(preset, below, target, at, ideal_below, peak, ideal_at) in table {
        let m = run_month(&preset_input(preset, true));
        let last = *m.run.last().unwrap();
        let top_k = m.measured_capacity;
        let top_k1 = top_k - m.measured[last];
        assert!((top_k1 - below).abs() <= 0.5, "{preset}: {top_k1}");
        assert!((m.target - target).abs() < 1e-6, "{preset}: {}", m.target);
        assert!((top_k - at).abs() <= 0.5, "{preset}: {top_k}");
        assert!(top_k1 < m.target && m.target <= top_k);
        let ideal_last = *m.ideal.last().unwrap();
        let ik1 = m.ideal_capacity - m.cards[ideal_last].true_rate;
        assert!((ik1 - ideal_below).abs() <= 0.5, "{preset}: ideal {ik1}");
        assert_eq!(m.peak, peak);
        assert!(
            (m.ideal_capacity - ideal_at).abs() <= 0.5,
            "{preset}: {}",
            m.ideal_capacity
        );
        assert!(ik1 < m.peak && m.peak <= m.ideal_capacity);
    }
}

/// Each failing check names the lever a reader should move, by its slider's
/// label, and says so with numbers; the named move really flips it.
#[test]
fn failing_checks_name_a_lever_that_works() {
    let t = fleetlab::topics::find(T).unwrap();
    let want: &[(&str, &str, &str)] = &[
        ("golden-idler", "convergence", "mode"),
        ("noise-evictor", "capacity", "share_pct"),
        ("noise-evictor", "eviction", "window"),
        ("bargain-shortfall", "capacity", "class"),
    ];
    for &(preset, check, lever) in want {
        let out = t.run(&t.preset_params(t.preset(preset).unwrap(), false).unwrap());
        let v = out.verdict(check).unwrap();
        assert!(!v.pass, "{preset} / {check}");
        assert_eq!(v.lever, Some(lever), "{preset} / {check}: {}", v.why);
        // The why names the lever as its slider reads, never by its id.
        let label = t.params().iter().find(|s| s.name == lever).unwrap().label;
        let why = v.why.to_lowercase();
        assert!(
            why.contains(&label.to_lowercase()) && !(lever.contains('_') && why.contains(lever)),
            "{preset} / {check}: {}",
            v.why
        );
    }
    // The golden idler's why carries the seed's bill and the fix's result.
    let out = t.run(
        &t.preset_params(t.preset("golden-idler").unwrap(), false)
            .unwrap(),
    );
    let why = &out.verdict("convergence").unwrap().why;
    assert!(
        why.contains("$69,940") && why.contains("33.5 %") && why.contains("90.9 %"),
        "{why}"
    );
}

/// Totality at the corners: pool of 1, share 0 and 100 %, demand 0.
#[test]
fn corners_are_finite() {
    let t = fleetlab::topics::find(T).unwrap();
    for pool in ["1", "2", "256"] {
        for share in ["0", "50", "100"] {
            for demand in ["0", "1000", "1000000"] {
                for mode in ["always-warm", "steady"] {
                    for window in ["hour", "week"] {
                        let mut p = t.defaults();
                        p.apply(&[
                            ("pool_size", pool),
                            ("share_pct", share),
                            ("demand", demand),
                            ("mode", mode),
                            ("window", window),
                            ("shape", "diurnal"),
                        ])
                        .unwrap();
                        let out = t.run(&p);
                        for f in &out.figures {
                            assert!(
                                f.value.is_finite(),
                                "{:?}: {} = {}",
                                p.shown(),
                                f.id,
                                f.value
                            );
                        }
                    }
                }
            }
        }
    }
    // Demand 0: nothing short, nothing to pay in steady mode without evictions.
    let idle = |id| {
        figure(
            T,
            "golden-idler",
            true,
            &[("demand", "0"), ("share_pct", "0")],
            id,
        )
    };
    assert_eq!(idle("bill"), 0.0);
    assert_eq!(idle("convergence"), 1.0);
}

/// the fleet-efficiency model (the challenges) C1 example: 6,900 tok/s at $2,600 → 6,974,308 tok/$.
#[test]
fn challenge_c1_example() {
    let q = C1Question {
        class: Class::Flagship,
        tok_s: 6900.0,
        rent: 2600.0,
    };
    assert_eq!(round_half_up(q.answer(), 1.0), 6_974_308.0);
    assert_eq!(round_half_up(card_score(6900.0, 2600.0), 1.0), 6_974_308.0);
    // $ per million tokens: $0.1434.
    assert_eq!(round_half_up(1e6 / q.answer(), 0.0001), 0.1434);
    // The generator shows rounded numbers in the documented ranges.
    for seed in 0..200 {
        let g = c1_question(seed);
        assert_eq!(g.tok_s % 10.0, 0.0);
        assert_eq!(g.rent % 10.0, 0.0);
        let (lo, hi) = (g.class.rated() * Q_LO - 5.0, g.class.rated() * Q_HI + 5.0);
        assert!(g.tok_s >= lo && g.tok_s <= hi, "{g:?}");
        assert!(g.rent >= g.class.rent() * 0.8 - 5.0 && g.rent <= g.class.rent() * 1.2 + 5.0);
    }
}

/// the fleet-efficiency model (the challenges) C2 example: F2, F4, F1: 3 cards, 21,700 tok/s, $7,800.
#[test]
fn challenge_c2_example() {
    let c = name_candidates(&[
        (Class::Flagship, 6900.0),
        (Class::Flagship, 7600.0),
        (Class::Flagship, 6100.0),
        (Class::Bargain, 3300.0),
        (Class::Bargain, 2700.0),
        (Class::Flagship, 7200.0),
    ]);
    let names: Vec<_> = c.iter().map(|x| x.name.as_str()).collect();
    assert_eq!(names, ["F1", "F2", "F3", "B1", "B2", "F4"]);
    // Score order: F2 7.68 M, F4 7.28 M, F1 6.97 M, B1 6.19 M, F3 6.17 M, B2 5.07 M.
    let mut by_score: Vec<(f64, &str)> = c
        .iter()
        .map(|x| {
            (
                round_half_up(card_score(x.measured, x.rent) / 1e6, 0.01),
                x.name.as_str(),
            )
        })
        .collect();
    by_score.sort_by(|a, b| b.0.total_cmp(&a.0));
    let want = [
        (7.68, "F2"),
        (7.28, "F4"),
        (6.97, "F1"),
        (6.19, "B1"),
        (6.17, "F3"),
        (5.07, "B2"),
    ];
    for (got, w) in by_score.iter().zip(want) {
        assert_eq!(got.1, w.1);
        assert!((got.0 - w.0).abs() < 1e-9, "{got:?}");
    }
    let pick = whole_card_greedy(&c, 20_000.0, Window::Day);
    let picked: Vec<_> = pick.picked.iter().map(|&i| c[i].name.as_str()).collect();
    assert_eq!(picked, ["F2", "F4", "F1"]);
    assert_eq!(pick.tok_s, 21_700.0);
    assert_eq!(pick.bill, 7_800.0);
    // Generated questions always have an answer that covers the target.
    for seed in 0..200 {
        let g = c2_question(seed);
        assert!((6..=10).contains(&g.candidates.len()));
        assert_eq!(g.demand % 1000.0, 0.0);
        let p = whole_card_greedy(&g.candidates, g.demand, g.window);
        assert!(p.tok_s >= g.demand * (1.0 + g.window.err()), "seed {seed}");
        assert!(p.picked.len() < g.candidates.len() || g.demand == 0.0 || p.tok_s > 0.0);
    }
}

/// the fleet-efficiency model (the challenges) C3 example: evict c1, c8, c4; median 6,650; c8 is
/// the 1 wrong eviction.
#[test]
fn challenge_c3_example() {
    let measured = [
        7250.0, 5400.0, 6650.0, 7900.0, 5900.0, 6100.0, 7300.0, 6800.0, 5800.0, 6400.0,
    ];
    let true_rate = [
        7100.0, 5600.0, 6900.0, 7700.0, 6300.0, 5900.0, 7000.0, 6600.0, 6700.0, 6200.0,
    ];
    let d = eviction_decision(&measured, &true_rate, 30);
    assert_eq!(d.evicted, [1, 8, 4]);
    assert_eq!(d.median, 6650.0);
    assert_eq!(d.wrong, [8]);
    for seed in 0..200 {
        let g = c3_question(seed);
        let n = g.measured.len();
        assert!((10..=16).contains(&n) && g.true_rate.len() == n);
        assert!([10, 20, 25, 30, 40].contains(&g.share_pct));
        assert!(g
            .measured
            .iter()
            .chain(&g.true_rate)
            .all(|v| v % 10.0 == 0.0));
        let d = eviction_decision(&g.measured, &g.true_rate, g.share_pct);
        assert_eq!(d.evicted.len(), g.share_pct as usize * n / 100);
    }
}
