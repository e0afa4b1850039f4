//! Warm pools closer to production (issue #33): each launched replica has
//! its own cold start, the card's as the floor and a heavy tail above it,
//! so a burst waits for its stragglers and a warm replica removes more
//! waiting. The seed card's model unchanged.

mod common;

use common::fig;
use fleetlab::model::{Assumptions, Outcome, Params, Topic};
use fleetlab::topics::warm_pool::{launch_spread, SPREAD_P95_OVER_FLOOR};

const T: &str = "warm-pool";

fn topic() -> &'static dyn Topic {
    common::topic(T)
}

fn story(preset: &str, fix: bool, set: &[(&str, &str)], a: Assumptions) -> Params {
    common::story(T, preset, fix, set, a)
}

fn run(preset: &str, set: &[(&str, &str)], a: Assumptions) -> Outcome {
    topic().run(&story(preset, false, set, a))
}

/// No launch comes up before the card's cold start; one in twenty takes
/// twice it or longer; a lone launch is a typical one, a little above the
/// floor; the spread is sorted.
#[test]
fn launches_spread_above_the_cold_start_with_a_tail() {
    let t = 32.0;
    for m in 1..=16 {
        let s = launch_spread(m, t);
        assert_eq!(s.len(), m);
        assert!(s.windows(2).all(|w| w[0] < w[1]), "{s:?}");
        assert!(s[0] > t, "{s:?}");
    }
    let twenty = launch_spread(20, t);
    let beyond = twenty
        .iter()
        .filter(|&&a| a > SPREAD_P95_OVER_FLOOR * t)
        .count();
    assert_eq!(beyond, 1, "{twenty:?}");
    let one = launch_spread(1, t)[0];
    assert!(one > 1.1 * t && one < 1.25 * t, "{one}");
    // The slowest of 16 sits at the 31/32 quantile: 32^(1/α) = 2.23 floors.
    let last = launch_spread(16, t)[15] / t;
    assert!((last - 32f64.powf(2f64.ln() / 20f64.ln())).abs() < 1e-12 && last > 2.2);
}

/// A burst that arrives at once and holds leaves r·Σ T_j requests when the
/// last launch lands (the missing replicas × rate × their mean cold start),
/// more than the card's (k − w)·r·T; the simulated peak backlog is that.
#[test]
fn a_step_burst_leaves_the_launches_mean_cold_start_of_demand() {
    let step = [("rise_s", "0"), ("burst_s", "600")];
    for (preset, warm) in [("all-cold", 0usize), ("one-warm", 1)] {
        let seed = run(preset, &step, Assumptions::Seed);
        let prod = run(preset, &step, Assumptions::Production);
        let m = 4 - warm;
        let want: f64 = 10.0 * launch_spread(m, 32.0).iter().sum::<f64>();
        assert!((fig(&prod, "step_backlog") - want).abs() < 1e-9);
        assert_eq!(fig(&seed, "step_backlog"), m as f64 * 10.0 * 32.0);
        assert!(want > fig(&seed, "step_backlog") * 1.1);
        let sim = fig(&prod, "backlog");
        assert!((sim / want - 1.0).abs() < 0.01, "{preset}: {sim} vs {want}");
        assert!(fig(&prod, "p95_wait_s") > fig(&seed, "p95_wait_s"));
    }
}

/// Every pool that launches waits longer closer to production (at least
/// 40 % longer with none or one warm), a pool that launches nothing waits as
/// before, a warm replica removes more waiting,
/// and the pool worth its rent is at least the card's.
#[test]
fn stragglers_make_a_warm_replica_worth_more() {
    for w in 0..=6 {
        let warm = w.to_string();
        let set = [("warm", warm.as_str())];
        let seed = run("one-warm", &set, Assumptions::Seed);
        let prod = run("one-warm", &set, Assumptions::Production);
        for f in ["mean_wait_s", "p95_wait_s", "wait_hours_per_day"] {
            if w < 2 {
                assert!(fig(&prod, f) > 1.4 * fig(&seed, f), "{w} {f}");
            } else if w < 4 {
                // The ramp lets 2 or 3 warm replicas absorb nearly all of it.
                assert!(fig(&prod, f) >= fig(&seed, f), "{w} {f}");
            } else {
                assert_eq!(fig(&prod, f), fig(&seed, f), "{w} {f}");
            }
        }
        if w > 0 {
            let removed = "wait_hours_removed_per_day";
            assert!(fig(&prod, removed) > fig(&seed, removed), "{w}");
        }
        assert!(fig(&prod, "break_even_pool") >= fig(&seed, "break_even_pool"));
    }
    let seed = run("one-warm", &[], Assumptions::Seed);
    let prod = run("one-warm", &[], Assumptions::Production);
    assert_eq!(fig(&seed, "break_even_pool"), 1.0);
    assert_eq!(fig(&prod, "break_even_pool"), 2.0);
}

/// Production moves only the figures its difference names, on every story
/// with and without its fix, and judges only the checks it names otherwise.
#[test]
fn production_moves_only_what_its_differences_name() {
    common::moves_only_what_its_differences_name(T);
}
