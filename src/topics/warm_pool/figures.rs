//! The warm pool's figures, as three tables of rows: rent, the burst, and
//! what the pool's rent buys. The rent per wait removed is shown two ways:
//! idle rent per day ÷ user-hours of waiting removed per day ($ per
//! user-hour, since a user-second is a fraction of a cent), and idle rent per
//! year ÷ seconds of p95 wait removed.

use super::model::{break_even_pool, idle_rent_per_day, idle_rent_per_year, Burst};
use super::params::{Input, MAX_POOL};
use super::sim::{removed_per_day, BurstStats};
use crate::model::{FigureRow, Outcome, Unit};

pub(super) fn figures(
    inp: &Input,
    b: &Burst,
    now: &BurstStats,
    pools: &[BurstStats],
    out: &mut Outcome,
) {
    let rows = rent_rows(inp, b)
        .into_iter()
        .chain(burst_rows(b, now))
        .chain(value_rows(inp, now, pools));
    out.add_figures(rows);
}

/// The seed's rent arithmetic, for the whole burst and for this pool.
#[rustfmt::skip]
fn rent_rows(inp: &Input, b: &Burst) -> [FigureRow; 8] {
    let k = inp.shape.need;
    let launched = k.saturating_sub(inp.warm);
    // Closer to production the launches spread: the last one is the late
    // one.
    let late = if launched > 0 {
        b.last_ready()
    } else {
        0.0
    };
    let late_label = if inp.shape.spread {
        "The last launched replica arrives late by"
    } else {
        "Each launched replica arrives late by"
    };
    let replicas = Unit::Count("replicas");
    [
        ("cold_start_s", "Cold start", inp.shape.cold_start_s, Unit::Seconds),
        ("always_warm_per_day", "Always warm: the whole burst, per day", idle_rent_per_day(k, inp.price), Unit::UsdPerDay),
        ("always_warm_per_year", "Always warm: the whole burst, per year", idle_rent_per_year(k, inp.price), Unit::UsdPerYear),
        ("one_warm_per_year", "One warm replica, per year", idle_rent_per_year(1, inp.price), Unit::UsdPerYear),
        ("idle_rent_per_day", "Idle rent of this pool, per day", idle_rent_per_day(inp.warm, inp.price), Unit::UsdPerDay),
        ("idle_rent_per_year", "Idle rent of this pool, per year", idle_rent_per_year(inp.warm, inp.price), Unit::UsdPerYear),
        ("launched_replicas", "Replicas launched at the burst", launched as f64, replicas),
        ("launch_late_s", late_label, late, Unit::Seconds),
    ]
}

/// The simulated burst: its backlog and its arrivals' waits.
#[rustfmt::skip]
fn burst_rows(b: &Burst, now: &BurstStats) -> [FigureRow; 6] {
    let requests = Unit::Count("requests");
    [
        ("step_backlog", "Backlog if the burst arrived at once", b.step_backlog(), requests),
        ("backlog", "Peak backlog of this burst", now.peak_backlog, requests),
        ("mean_wait_s", "Mean wait of burst arrivals", now.mean_wait_s, Unit::Seconds),
        ("p95_wait_s", "p95 wait of burst arrivals", now.p95_wait_s, Unit::Seconds),
        ("max_wait_s", "Longest wait", now.max_wait_s, Unit::Seconds),
        ("burst_requests", "Requests per burst", now.arrivals, requests),
    ]
}

/// What the rent buys: waiting removed against no pool, its price two ways,
/// and the break-even pool.
#[rustfmt::skip]
fn value_rows(inp: &Input, now: &BurstStats, pools: &[BurstStats]) -> [FigureRow; 5] {
    let rent_day = idle_rent_per_day(inp.warm, inp.price);
    let hours_removed =
        (pools[0].total_wait - now.total_wait).max(0.0) / 3600.0 * inp.bursts_per_day;
    let per_hour = if rent_day <= 0.0 {
        0.0
    } else if hours_removed > 0.0 {
        rent_day / hours_removed
    } else {
        f64::INFINITY
    };
    let p95_removed = (pools[0].p95_wait_s - now.p95_wait_s).max(0.0);
    let rent_year = idle_rent_per_year(inp.warm, inp.price);
    let per_p95_second = if rent_year <= 0.0 {
        0.0
    } else if p95_removed > 1e-9 {
        rent_year / p95_removed
    } else {
        f64::INFINITY
    };
    let removed: Vec<f64> = (0..=MAX_POOL)
        .map(|w| removed_per_day(inp, pools, w))
        .collect();
    let best = break_even_pool(idle_rent_per_day(1, inp.price), &removed);
    [
        ("wait_hours_per_day", "User-hours of waiting per day", now.total_wait / 3600.0 * inp.bursts_per_day, Unit::Hours),
        ("wait_hours_removed_per_day", "User-hours of waiting the pool removes per day", hours_removed, Unit::Hours),
        ("cost_per_wait_hour_removed", "Pool rent per user-hour of waiting removed", per_hour, Unit::UsdPerHour),
        ("cost_per_p95_second_removed", "Rent per year per second of p95 wait removed", per_p95_second, Unit::UsdPerYear),
        ("break_even_pool", "Break-even pool (the last replica still pays for itself)", best as f64, Unit::Count("replicas")),
    ]
}

/// The figures the page shows first, three so they sit in one row on a
/// phone: the p95 wait, the standby rent and the replicas launched at the
/// burst; the rest fold under "More figures".
pub const KEY_FIGURES: &[&str] = &["p95_wait_s", "idle_rent_per_year", "launched_replicas"];
