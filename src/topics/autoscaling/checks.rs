//! The autoscaling checks, each rule beside the function that computes its
//! verdict: the wait SLO held every second, a spare ready throughout the peak
//! (N + 1), and little idle hardware.

use super::model::{replicas_for_peak, replicas_kept};
use super::params::{Day, Signal, IDLE_MAX};
use super::sim::DayStats;
use super::sim_day::max_replicas;
use crate::model::*;

/// Why the GPU gauge misleads the autoscaler, under the day's model: on the
/// seed card it flattens at its cap; closer to production it is the share
/// of time a kernel runs, near 100 % at any load.
fn gauge_why(d: &Day) -> String {
    if d.production {
        let then = if d.spare == 0 {
            ", with no spare to add, asks for the pool it has".to_string()
        } else {
            format!(
                " climbs to its maximum of {}",
                units::counted(max_replicas(d) as f64, "replicas")
            )
        };
        format!("The GPU gauge is the share of time a kernel runs, near 100 % at any load, so the autoscaler reads a full pool at every hour and{then}")
    } else {
        format!(
            "The GPU gauge flattens at {} while the queue grows, so the autoscaler sees headroom that is not there",
            Unit::Share.format(d.gauge_cap)
        )
    }
}

/// Clock time of second `t` of the day, `hh:mm`.
fn hhmm(t: usize) -> String {
    format!("{:02}:{:02}", t / 3600, (t % 3600) / 60)
}

const WAIT_SLO: CheckSpec = CheckSpec {
    id: "wait_slo",
    label: "No second waited past the SLO",
    rule: "seconds whose queueing wait is above the wait target (SLO) = 0",
    cmp: Cmp::AtMost,
};

fn wait_slo(d: &Day, s: &DayStats) -> Verdict {
    let slo = Unit::Seconds.format(d.wait_slo_s);
    let above = s.seconds_above_slo as f64;
    let gpu = d.signal == Signal::GpuUtilization;
    let late = d.forecast_s < d.cold_start_s;
    let slo_lever = if gpu {
        "signal"
    } else if late {
        "forecast_s"
    } else {
        "spare"
    };
    WAIT_SLO.verdict(
        above,
        0.0,
        Unit::Seconds,
        Some(slo_lever),
        |pass| {
            if pass {
                format!(
                    "No second of the day queued past the {slo} SLO; the longest wait was {} and the queue peaked at {}.",
                    Unit::Seconds.format(s.max_wait_s),
                    Unit::Tokens.format(s.peak_queue)
                )
            } else {
                let head = format!(
                    "{} seconds waited past the {slo} SLO, the first at {}, the worst {} behind a queue of {}.",
                    above,
                    hhmm(s.first_breach_s),
                    Unit::Seconds.format(s.max_wait_s),
                    Unit::Tokens.format(s.peak_queue)
                );
                if gpu {
                    format!("{head} {}: switch the signal to queue depth.", gauge_why(d))
                } else if late {
                    format!("{head} Launches land {} s after the autoscaler sees the demand and it looks only {} s ahead: raise the forecast window past the cold start.", d.cold_start_s, d.forecast_s)
                } else {
                    format!("{head} The ready pool has no room for the swing: raise the spare replicas.")
                }
            }
        },
    )
}

const SPARE_AT_PEAK: CheckSpec = CheckSpec {
    id: "spare_at_peak",
    label: "A spare at the peak (N + 1)",
    rule: "ready replicas throughout the peak ≥ the replicas the peak needs (peak ÷ replica ceiling, rounded up) + 1",
    cmp: Cmp::AtLeast,
};

fn spare_at_peak(d: &Day, s: &DayStats) -> Verdict {
    let gpu = d.signal == Signal::GpuUtilization;
    let n_peak = replicas_for_peak(d.peak, d.ceiling);
    let fewest = n_peak as f64 + s.spare_at_peak;
    let spare_lever = if gpu {
        "signal"
    } else if d.spare == 0 {
        "spare"
    } else {
        "forecast_s"
    };
    SPARE_AT_PEAK.verdict(
        s.spare_at_peak,
        1.0,
        Unit::Count("replicas"),
        Some(spare_lever),
        |pass| {
            let head = format!(
                "The peak of {} needs {}; the fewest ready during it were {}",
                Unit::TokPerS.format(d.peak),
                units::counted(n_peak as f64, "replicas"),
                crate::model::units::number(fewest)
            );
            if pass {
                format!("{head}, so a failure or a deploy still leaves the peak carried (N + 1).")
            } else if gpu && d.production {
                format!("{head}: {}. Switch the signal to queue depth.", lower_first(&gauge_why(d)))
            } else if gpu {
                format!("{head}: the GPU gauge reads at most {} of the pool, so the autoscaler never adds the spare. Switch the signal to queue depth.", Unit::Share.format(d.gauge_cap))
            } else if d.spare == 0 {
                format!("{head}: with no spare, one failure drops the peak into a queue. Raise the spare replicas to 1.")
            } else {
                format!("{head}: the spare was still booting when the peak arrived. Raise the forecast window.")
            }
        },
    )
}

const IDLE: CheckSpec = CheckSpec {
    id: "idle",
    label: "Little idle hardware",
    rule: "paid replica-seconds beyond the need plus one spare ≤ 30 % of all paid",
    cmp: Cmp::AtMost,
};

fn idle(d: &Day, s: &DayStats) -> Verdict {
    let idle = s.idle_share();
    let trough_need = replicas_kept(d.trough, d.ceiling, 1) + 1;
    // Closer to production the gauge's autoscaler holds its maximum through
    // the trough: the signal is the lever.
    let idle_lever = if d.production && d.signal == Signal::GpuUtilization {
        "signal"
    } else if d.floor > trough_need {
        "floor"
    } else if d.spare > 1 {
        "spare"
    } else if d.forecast_s > 600 {
        "forecast_s"
    } else {
        "drain_s"
    };
    IDLE.verdict(
        idle,
        IDLE_MAX,
        Unit::Share,
        Some(idle_lever),
        |pass| {
            let head = format!(
                "{} of the {} paid replica-hours sat beyond the need plus one spare",
                Unit::Share.format(idle),
                crate::model::units::number((s.paid_replica_s / 3600.0).round())
            );
            if pass && d.production && d.signal == Signal::GpuUtilization && s.end_paid >= s.max_paid {
                format!("{head}, within the 30 % the check allows; yet the pool never came down from its {}: {}.", units::counted(s.max_paid as f64, "replicas"), lower_first(&gauge_why(d)))
            } else if pass {
                format!("{head}: capacity follows the traffic (the check allows 30 %).")
            } else {
                let why = match idle_lever {
                    "floor" => format!("the floor of {} holds replicas the trough does not need ({trough_need} with a spare): lower the floor", d.floor),
                    "spare" => format!("{} spares are more than the one the peak needs: lower the spare replicas", d.spare),
                    "forecast_s" => format!("a {} s forecast window launches replicas long before they are needed: shorten the forecast window", d.forecast_s),
                    "signal" => format!("{}, and holds it through the trough: switch the signal to queue depth", lower_first(&gauge_why(d))),
                    _ => format!("removed replicas bill {} s of drain each: shorten the drain", d.drain_s),
                };
                format!("{head}, above the 30 % the check allows: {why}.")
            }
        },
    )
}

/// `text` with its first letter in lower case.
fn lower_first(text: &str) -> String {
    units::first_letter(text, false)
}

pub static CHECKS: [CheckSpec; 3] = [WAIT_SLO, SPARE_AT_PEAK, IDLE];

/// The day's verdicts, in the order of `CHECKS`.
pub(super) fn checks(d: &Day, s: &DayStats, out: &mut Outcome) {
    out.checks.push(wait_slo(d, s));
    out.checks.push(spare_at_peak(d, s));
    out.checks.push(idle(d, s));
}
