//! Seed 003 (Model warm pool) and docs/models/warm-pool.md.

use super::{figure, outcome, row, Row, Tol};

pub const T: &str = "warm-pool";

pub const ROWS: &[Row] = &[
    row(
        "seed 003 worked example: 'Cold start of 32 s per replica'",
        "always-warm",
        "cold_start_s",
        32.0,
    ),
    row(
        "seed 003 worked example: 'Always-warm 4 replicas all day: 4 x $2.50 x 24 = $240 per day'",
        "always-warm",
        "always_warm_per_day",
        240.0,
    ),
    row(
        "seed 003 worked example: 'about $87,600 a year' (365 days, docs/models/warm-pool.md)",
        "always-warm",
        "always_warm_per_year",
        87_600.0,
    ),
    row(
        "seed 003 always-warm preset: its pool of 4 rents $87,600 a year",
        "always-warm",
        "idle_rent_per_year",
        87_600.0,
    ),
    row(
        "seed 003 worked example: 'Middle ground: 1 warm replica (about $21,900 a year)'",
        "one-warm",
        "one_warm_per_year",
        21_900.0,
    ),
    row(
        "seed 003 one-warm preset: its pool of 1 rents $21,900 a year",
        "one-warm",
        "idle_rent_per_year",
        21_900.0,
    ),
    row(
        "seed 003: 'Readiness has a rent of about $21,900 per replica per year'",
        "all-cold",
        "one_warm_per_year",
        21_900.0,
    ),
    row(
        "seed 003 worked example: 'Cold-spun on bursts instead ... $0 of idle rent'",
        "all-cold",
        "idle_rent_per_year",
        0.0,
    ),
    row(
        "seed 003 worked example: 'the burst pays 32 s per replica' (each launched replica arrives 32 s late)",
        "all-cold",
        "launch_late_s",
        32.0,
    ),
    row(
        "seed 003: all cold launches all 4 replicas the burst needs",
        "all-cold",
        "launched_replicas",
        4.0,
    ),
    row(
        "seed 003 worked example: '1 warm replica absorbs the first arrivals while the other 3 launch'",
        "one-warm",
        "launched_replicas",
        3.0,
    ),
    row(
        "docs/models/warm-pool.md C2: backlog = missing replicas × rate × cold start = 3 × 10 req/s × 32 s",
        "one-warm",
        "step_backlog",
        960.0,
    ),
    row("docs/models/warm-pool.md burst model: a burst arriving at once leaves (k − w) × rate × cold start = 960 requests", "one-warm", "backlog", 960.0).with(&[("rise_s", "0")]).within(Tol::Rel(1e-9)),
    row("seed 003 all cold: every arrival of a burst arriving at once waits the 32 s cold start", "all-cold", "mean_wait_s", 32.0).with(&[("rise_s", "0")]).within(Tol::Abs(0.01)),
];

fn fig(preset: &str, set: &[(&str, &str)], id: &str) -> f64 {
    figure(T, preset, false, set, id)
}

fn verdicts(preset: &str) -> (bool, bool) {
    let out = outcome(T, preset, false, &[]);
    (
        out.verdict("p95_wait").unwrap().pass,
        out.verdict("idle_rent").unwrap().pass,
    )
}

/// The presets tell the seed's story: all warm passes the wait but costs,
/// all cold is free but waits, one warm is the middle path.
#[test]
fn the_presets_tell_the_seeds_story() {
    assert_eq!(verdicts("always-warm"), (true, false));
    assert_eq!(verdicts("all-cold"), (false, true));
    assert_eq!(verdicts("one-warm"), (true, true));
    assert!(fig("all-cold", &[], "p95_wait_s") > 10.0);
    assert!(fig("one-warm", &[], "p95_wait_s") < 10.0);
    assert_eq!(fig("always-warm", &[], "p95_wait_s"), 0.0);
    assert_eq!(fig("always-warm", &[], "backlog"), 0.0);
    // The middle path is also where one more replica stops paying for itself.
    assert_eq!(fig("one-warm", &[], "break_even_pool"), 1.0);
}

/// The simulation against the closed form of a burst that arrives at once:
/// total wait r·(k − w)·T·(L − w·T/(2k)), p95 T·(1 − w/k).
#[test]
fn step_bursts_match_the_closed_form() {
    use fleetlab::topics::warm_pool::step_burst_wait;
    for (w, k, cold, hold) in [
        (0, 4, 32, 60),
        (1, 4, 32, 60),
        (2, 4, 32, 60),
        (3, 4, 32, 60),
        (1, 8, 90, 300),
        (2, 3, 10, 20),
    ] {
        let (ws, ks, cs, hs) = (
            w.to_string(),
            k.to_string(),
            cold.to_string(),
            hold.to_string(),
        );
        let set = [
            ("warm", ws.as_str()),
            ("burst_replicas", ks.as_str()),
            ("cold_start_s", cs.as_str()),
            ("burst_s", hs.as_str()),
            ("rise_s", "0"),
        ];
        let rate = 10.0;
        let arrivals = k as f64 * rate * hold as f64;
        let want = step_burst_wait(w, k, rate, cold as f64, hold as f64) / arrivals;
        let got = fig("", &set, "mean_wait_s");
        assert!(
            (got - want).abs() <= 1e-3 * want.max(1.0),
            "w {w} k {k}: mean {got} vs {want}"
        );
        let p95 = fig("", &set, "p95_wait_s");
        let p95_want = cold as f64 * (1.0 - w as f64 / k as f64);
        assert!(
            (p95 - p95_want).abs() < 0.05 * cold as f64 / 32.0 + 0.05,
            "w {w} k {k}: p95 {p95} vs {p95_want}"
        );
        let backlog = fig("", &set, "backlog");
        let missing = (k - w) as f64 * rate * cold.min(hold) as f64;
        assert!(
            (backlog - missing).abs() < 1e-6 * missing.max(1.0),
            "w {w} k {k}: backlog {backlog}"
        );
    }
}

/// More warm replicas never wait longer and always rent more.
#[test]
fn the_pool_trades_rent_for_wait() {
    let mut last_p95 = f64::INFINITY;
    let mut last_mean = f64::INFINITY;
    let mut last_rent = -1.0;
    for w in 0..=6 {
        let ws = w.to_string();
        let set = [("warm", ws.as_str())];
        let p95 = fig("", &set, "p95_wait_s");
        let mean = fig("", &set, "mean_wait_s");
        let rent = fig("", &set, "idle_rent_per_year");
        assert!(p95 <= last_p95 + 1e-9 && mean <= last_mean + 1e-9, "w {w}");
        assert!(rent > last_rent, "w {w}");
        assert_eq!(rent, w as f64 * 2.5 * 24.0 * 365.0);
        (last_p95, last_mean, last_rent) = (p95, mean, rent);
    }
}

/// The challenge formulas are the page's arithmetic.
#[test]
fn challenge_formulas() {
    use fleetlab::topics::warm_pool::{break_even_pool, cold_start_backlog, idle_rent_per_year};
    assert_eq!(idle_rent_per_year(4, 2.5), 87_600.0);
    assert_eq!(idle_rent_per_year(1, 2.5), 21_900.0);
    assert_eq!(idle_rent_per_year(0, 2.5), 0.0);
    assert_eq!(cold_start_backlog(3, 10.0, 32.0), 960.0);
    // Each replica rents $60/day; the first removes $800 of waiting, the
    // second $50 more, the rest nothing.
    assert_eq!(break_even_pool(60.0, &[0.0, 800.0, 850.0, 850.0, 850.0]), 1);
    assert_eq!(break_even_pool(40.0, &[0.0, 800.0, 850.0, 850.0, 850.0]), 2);
    assert_eq!(break_even_pool(900.0, &[0.0, 800.0, 850.0]), 0);
    let set = [
        ("price_per_hour", "3"),
        ("burst_replicas", "6"),
        ("warm", "2"),
    ];
    assert_eq!(fig("", &set, "always_warm_per_day"), 6.0 * 3.0 * 24.0);
    assert_eq!(
        fig("", &set, "idle_rent_per_year"),
        2.0 * 3.0 * 24.0 * 365.0
    );
    assert_eq!(fig("", &set, "step_backlog"), 4.0 * 10.0 * 32.0);
}
