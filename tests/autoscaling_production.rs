//! Autoscaling closer to production (issue #33): the GPU gauge is the share
//! of time a kernel runs, so a pool scaled on it climbs to its maximum and
//! never comes down; the worked example keeps its spare at the trough. The
//! seed card's model unchanged.

mod common;

use common::fig;
use fleetlab::model::{Assumptions, Outcome, Params, Topic};
use fleetlab::topics::autoscaling::{kernel_busy_share, simulate_day, Day, DayStats, STREAM_TOK_S};

const T: &str = "autoscaling";

fn topic() -> &'static dyn Topic {
    common::topic(T)
}

fn story(preset: &str, fix: bool, set: &[(&str, &str)], a: Assumptions) -> Params {
    common::story(T, preset, fix, set, a)
}

fn run(preset: &str, set: &[(&str, &str)], a: Assumptions) -> Outcome {
    topic().run(&story(preset, false, set, a))
}

fn day(preset: &str, set: &[(&str, &str)], a: Assumptions) -> DayStats {
    simulate_day(&Day::read(&story(preset, false, set, a)), None)
}

/// The gauge is the share of time a kernel runs: near 100 % once a replica
/// has a handful of replies in flight, whatever share of its capacity that
/// is, and 1 − 1/e with one reply on average.
#[test]
fn the_gauge_reads_near_100_percent_once_the_batch_is_busy() {
    // Five replies in flight on one replica: 125 tok/s of a 3,000 ceiling.
    let five = kernel_busy_share(5.0 * STREAM_TOK_S, 1.0, false);
    assert!(five > 0.99 && five < 1.0, "{five}");
    // The worked example's trough on 3 replicas: 1,500 tok/s each, 50 %.
    assert!(kernel_busy_share(4500.0, 3.0, false) > 0.999_999);
    // At the peak, 9,000 tok/s on 4 replicas (75 %): the same reading.
    assert!(kernel_busy_share(9000.0, 4.0, false) > 0.999_999);
    // Only an almost idle replica reads low.
    let one = kernel_busy_share(STREAM_TOK_S, 1.0, false);
    assert!((one - (1.0 - (-1.0f64).exp())).abs() < 1e-12, "{one}");
    assert_eq!(kernel_busy_share(0.0, 3.0, false), 0.0);
    assert_eq!(kernel_busy_share(10.0, 3.0, true), 1.0);
}

/// Scaled on that gauge, the pool climbs to its maximum (the peak's fleet,
/// N + s) and holds it through the night: at the trough it bills what it
/// billed at the peak, and the day saves nothing against holding the peak.
/// On the seed card's gauge (flattening at 60 %) it stalls at 3 instead, and
/// on queue depth it comes down at night.
#[test]
fn a_pool_scaled_on_the_gauge_never_comes_down() {
    let prod = day("gpu-util-trap", &[], Assumptions::Production);
    assert_eq!(prod.max_paid, 4);
    assert_eq!(prod.end_paid, prod.max_paid, "the trough keeps the peak's");
    assert!(prod.paid_replica_s > 4.0 * 86_400.0 - 60.0);
    let o = run("gpu-util-trap", &[], Assumptions::Production);
    assert!(fig(&o, "saved_share").abs() < 1e-4);
    assert!((fig(&o, "bill") - fig(&o, "static_bill")).abs() < 0.01);
    let seed = day("gpu-util-trap", &[], Assumptions::Seed);
    assert_eq!((seed.max_paid, seed.end_paid), (3, 3));
    // A deeper night: queue depth comes down to 2, the gauge holds 4.
    let deep = [("trough", "1500")];
    let gauge = day("gpu-util-trap", &deep, Assumptions::Production);
    let queue = day(
        "gpu-util-trap",
        &[("trough", "1500"), ("signal", "queue-depth")],
        Assumptions::Production,
    );
    assert_eq!((gauge.max_paid, gauge.end_paid), (4, 4));
    assert!(queue.max_paid >= 4 && queue.end_paid == 2, "{queue:?}");
    assert!(gauge.idle_replica_s > 2.0 * queue.idle_replica_s.max(3600.0));
    // With nothing served the gauge reads 0 and the pool drops to its floor.
    let empty = day(
        "gpu-util-trap",
        &[("trough", "0"), ("swing", "0")],
        Assumptions::Production,
    );
    assert_eq!(empty.end_paid, 2, "{empty:?}");
}

/// Closer to production the worked example keeps its spare at the trough:
/// 3 replicas carry 4,500 tok/s and 1 is released, where the seed card keeps
/// 2 and releases 2; a floor that already holds the spare changes nothing.
#[test]
fn the_trough_keeps_its_spare() {
    let seed = run("peak-with-spare", &[], Assumptions::Seed);
    let prod = run("peak-with-spare", &[], Assumptions::Production);
    assert_eq!(fig(&seed, "replicas_kept_at_half"), 2.0);
    assert_eq!(fig(&seed, "replicas_released_at_half"), 2.0);
    assert_eq!(fig(&prod, "replicas_kept_at_half"), 3.0);
    assert_eq!(fig(&prod, "replicas_released_at_half"), 1.0);
    let floor = [("floor", "3")];
    for a in Assumptions::ALL {
        assert_eq!(
            fig(&run("peak-with-spare", &floor, a), "replicas_kept_at_half"),
            3.0
        );
    }
    // The day's autoscaler kept its spare at the trough already: its day is
    // the same under both models on queue depth.
    assert_eq!(
        format!("{:?}", day("peak-with-spare", &[], Assumptions::Seed)),
        format!("{:?}", day("peak-with-spare", &[], Assumptions::Production))
    );
}

/// Production moves only the figures its differences name, on every story
/// with and without its fix, and the checks it judges otherwise are among
/// those the differences name.
#[test]
fn production_moves_only_what_its_differences_name() {
    common::moves_only_what_its_differences_name(T);
}
