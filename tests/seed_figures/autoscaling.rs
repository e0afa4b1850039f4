//! Seed 002 (Replica autoscaling) and docs/models/autoscaling.md.

use super::{figure, row, Row};

pub const T: &str = "autoscaling";

/// A figure of the worked example's page.
const fn page(source: &'static str, figure: &'static str, expected: f64) -> Row {
    row(source, "peak-with-spare", figure, expected)
}

pub const ROWS: &[Row] = &[
    page(
        "seed 002 worked example: 'Replicas for the peak: 9,000 / 3,000 = 3, which leaves zero headroom'",
        "replicas_for_peak",
        3.0,
    ),
    page(
        "seed 002 worked example: 'One spare absorbs a deploy or a failure: 3 + 1 = 4 replicas'",
        "replicas_with_spare",
        4.0,
    ),
    page(
        "seed 002 worked example: '4 x $2.50 = $10 per hour'",
        "cost_per_hour_with_spare",
        10.0,
    ),
    page(
        "seed 002 worked example: '$10 per hour, versus $7.50 with no spare'",
        "cost_per_hour_no_spare",
        7.5,
    ),
    page(
        "seed 002 worked example: 'traffic halves to 4,500 tokens per second, capacity needs are 4,500 / 3,000 = 1.5'",
        "replicas_needed_at_half",
        1.5,
    ),
    page(
        "seed 002 worked example: 'so 2 replicas carry the load'",
        "replicas_kept_at_half",
        2.0,
    ),
    page(
        "seed 002 worked example: 'and 2 can be released'",
        "replicas_released_at_half",
        2.0,
    ),
    page(
        "seed 002: 'The spare replica is $2.50 an hour' ($10.00 − $7.50 with the spare)",
        "cost_per_hour_with_spare",
        7.5 + 2.5,
    ),
    row("seed 002 C1 shape: a 10,000 tok/s peak on 3,000 tok/s replicas needs ceil(3.33) = 4, 5 with a spare", "peak-with-spare", "replicas_with_spare", 5.0).with(&[("peak", "10000")]),
];

fn day(preset: &str, fix: bool, set: &[(&str, &str)], id: &str) -> f64 {
    figure(T, preset, fix, set, id)
}

/// The day is deterministic and its figures are pinned: a change to the
/// model that moves them must change these numbers on purpose.
#[test]
fn the_days_figures_are_pinned() {
    // (preset, fix, replica-hours, seconds above the SLO, peak queue, idle share)
    let pins: [(&str, bool, f64, f64, f64, f64); 5] = [
        ("peak-with-spare", false, 83.794_444, 0.0, 0.0, 0.001_389),
        ("gpu-util-trap", false, 72.0, 29_045.0, 399_325.95, 0.0),
        ("gpu-util-trap", true, 92.915_833, 0.0, 0.0, 0.051_821),
        ("late-ramp", false, 72.881_111, 305.0, 326_083.87, 0.005_073),
        ("late-ramp", true, 72.878_056, 0.0, 0.0, 0.005_024),
    ];
    for (preset, fix, hours, above, queue, idle) in pins {
        let label = format!("{preset}{}", if fix { " + fix" } else { "" });
        let got = |id| day(preset, fix, &[], id);
        assert!(
            (got("replica_hours") - hours).abs() < 1e-5,
            "{label}: replica-hours {}",
            got("replica_hours")
        );
        assert!(
            (got("bill") - hours * 2.5).abs() < 1e-4,
            "{label}: bill {}",
            got("bill")
        );
        assert_eq!(
            got("seconds_above_slo"),
            above,
            "{label}: seconds above the SLO"
        );
        assert!(
            (got("peak_queue") - queue).abs() < 0.01,
            "{label}: peak queue {}",
            got("peak_queue")
        );
        assert!(
            (got("idle_share") - idle).abs() < 1e-6,
            "{label}: idle share {}",
            got("idle_share")
        );
    }
}

/// The trap: on the same day, the GPU gauge queues more than queue depth,
/// and stops at 3 replicas for a peak that needs 3 plus a spare.
#[test]
fn the_gpu_trap_queues_more_than_queue_depth_on_the_same_day() {
    let trap = |id| day("gpu-util-trap", false, &[], id);
    let honest = |id| day("gpu-util-trap", false, &[("signal", "queue-depth")], id);
    let tps = |id| {
        day(
            "gpu-util-trap",
            false,
            &[("signal", "tokens-per-second")],
            id,
        )
    };
    assert!(trap("peak_queue") > honest("peak_queue") + 100_000.0);
    assert!(trap("seconds_above_slo") > honest("seconds_above_slo"));
    assert!(trap("seconds_above_slo") > tps("seconds_above_slo"));
    assert_eq!(honest("seconds_above_slo"), 0.0);
    assert_eq!(trap("max_replicas"), 3.0);
    assert_eq!(trap("spare_at_peak"), 0.0);
    // The fix is the same day on queue depth.
    assert_eq!(
        day("gpu-util-trap", true, &[], "peak_queue"),
        honest("peak_queue")
    );
    // An honest gauge (no saturation) is not a trap.
    let linear = |id| day("gpu-util-trap", false, &[("gauge_cap", "1")], id);
    assert!(linear("peak_queue") < trap("peak_queue"));
}

/// The late ramp breaches the SLO because launches land a cold start late;
/// a forecast window a minute longer than the cold start fixes it, for any
/// cold start long enough to breach.
#[test]
fn the_late_ramp_breaches_and_the_forecast_window_fixes_it() {
    assert!(day("late-ramp", false, &[], "seconds_above_slo") > 0.0);
    assert!(day("late-ramp", false, &[], "max_wait_s") > 2.0);
    assert_eq!(day("late-ramp", true, &[], "seconds_above_slo"), 0.0);
    // A one-minute boot is short enough for the spare to cover the ramp.
    assert_eq!(
        day(
            "late-ramp",
            false,
            &[("cold_start_s", "60")],
            "seconds_above_slo"
        ),
        0.0
    );
    for cold in [120, 240, 600] {
        let c = cold.to_string();
        let late = day(
            "late-ramp",
            false,
            &[("cold_start_s", c.as_str())],
            "seconds_above_slo",
        );
        assert!(late > 0.0, "cold start {cold}: no forecast should breach");
        let f = (cold + 60).to_string();
        let fixed = day(
            "late-ramp",
            false,
            &[("cold_start_s", c.as_str()), ("forecast_s", f.as_str())],
            "seconds_above_slo",
        );
        assert_eq!(
            fixed, 0.0,
            "cold start {cold}: forecast {f} s should hold the SLO"
        );
    }
}

/// The worked example's arithmetic follows its inputs (the figures are the
/// model's, not constants) and the challenge formulas agree with the page.
#[test]
fn worked_example_follows_its_inputs() {
    use fleetlab::topics::autoscaling::{hourly_bill, replicas_released, replicas_with_spare};
    assert_eq!(replicas_with_spare(9000.0, 3000.0, 1), 4);
    assert_eq!(hourly_bill(4, 2.5), 10.0);
    assert_eq!(replicas_released(9000.0, 4500.0, 3000.0, 1, 2), 2);
    assert_eq!(replicas_released(9000.0, 1000.0, 3000.0, 1, 1), 3);
    assert_eq!(replicas_released(9000.0, 9000.0, 3000.0, 1, 2), 1);
    let set = [("peak", "12000"), ("spare", "2"), ("price_per_hour", "3")];
    for (id, want) in [
        ("replicas_with_spare", 6.0),
        ("cost_per_hour_with_spare", 18.0),
        ("cost_per_hour_no_spare", 12.0),
        ("replicas_released_at_half", 4.0),
    ] {
        assert_eq!(day("peak-with-spare", false, &set, id), want, "{id}");
    }
}

/// Tokens are conserved: everything that arrived was served or is still
/// queued, and the bill is replica-hours times the price.
#[test]
fn tokens_and_dollars_add_up() {
    use fleetlab::topics::autoscaling::{simulate_day, Day};
    let t = fleetlab::topics::find(T).unwrap();
    for p in t.presets() {
        let d = Day::read(&t.preset_params(p, false).unwrap());
        let s = simulate_day(&d, None);
        assert!(
            (s.demand_tokens - s.served_tokens - s.end_queue).abs() < 1e-6 * s.demand_tokens,
            "{}",
            p.id
        );
        assert!(s.idle_replica_s <= s.paid_replica_s && s.ready_replica_s <= s.paid_replica_s);
    }
    let price = day("peak-with-spare", false, &[("price_per_hour", "4")], "bill");
    let hours = day(
        "peak-with-spare",
        false,
        &[("price_per_hour", "4")],
        "replica_hours",
    );
    assert!((price - 4.0 * hours).abs() < 1e-9);
}
