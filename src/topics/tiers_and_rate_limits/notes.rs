//! The notes: what the page says beside the figures (the incident, shedding,
//! priority) and where the simulation departs from the formulas.

use super::model::{mm1_wait_ms, mm1_wait_quantile_ms, ms, pct, rps, utilization, Solved};
use super::model_cost::HOURS_PER_MONTH;
use super::model_pool::{pooled_quantile_ms, pooled_wait_ms};
use super::params::{Assign, Input};
use super::sim::{ClassStat, SimResult, BATCHES};
use super::sim_page::{hottest_steady, relaxation_s, RELAXATIONS_PER_RUN};
use crate::model::units;
use crate::model::{Note, Outcome, Unit};

pub(super) fn notes(inp: &Input, m: &Solved, sim: &SimResult, out: &mut Outcome) {
    if inp.production {
        out.notes.push(Note::Info(format!(
            "Closer to production: each pool is one queue its cards serve (the first card to free up takes the head, paid ahead of free in the shared pool), the bucket refills a constant {} whatever the demand, and the paid SLO judges the p95. The wait chart draws Erlang C's curves, and the moving picture runs one queue per pool too.",
            rps(m.refill)
        )));
    }
    let notes = [
        incident(inp, m),
        shed_to_cap(inp, m),
        priority(inp, m),
        bill(inp, m),
        simulation(inp, m, sim),
        tails(inp, m, sim),
        steady_refill(inp, m, sim),
        saturation(inp, m, sim),
        round_robin(inp),
    ];
    out.notes.extend(notes.into_iter().flatten());
}

/// What an incident removes, and what it costs paid on the provisioned cards.
fn incident(inp: &Input, m: &Solved) -> Option<Note> {
    let lost_p = inp.c_p - m.cp_up;
    let lost_s = inp.c_s - m.cs_own;
    if lost_p + lost_s == 0 {
        return None;
    }
    let rho_all = utilization(inp.paid, m.cp_up, m.mu);
    let (before, after, law) = if inp.production {
        (
            pooled_wait_ms(inp.s, inp.c_p, m.rho_p_before),
            pooled_wait_ms(inp.s, m.cp_up, rho_all),
            "the mean wait of one queue on c cards, W = C·S/(c·(1−ρ)) with C the chance to wait (Erlang C) and ρ the utilization",
        )
    } else {
        (
            mm1_wait_ms(inp.s, m.rho_p_before),
            mm1_wait_ms(inp.s, rho_all),
            "the mean wait W = S·ρ/(1−ρ), with ρ the utilization",
        )
    };
    Some(Note::Info(format!(
        "The incident removes {lost_p} of {} provisioned and {lost_s} of {} shared cards (each pool's lost share, rounded to whole cards); the service time S stays {}. With all paid on the provisioned cards, their utilization goes {} → {} and the paid wait {} → {}: {law}, is non-linear, so the last points of utilization cost the most.",
        inp.c_p,
        inp.c_s,
        ms(inp.s),
        pct(m.rho_p_before),
        pct(rho_all),
        ms(before),
        ms(after),
    )))
}

/// Shedding to the cap sets the bucket's refill.
fn shed_to_cap(inp: &Input, m: &Solved) -> Option<Note> {
    inp.shed_to_cap.then(|| Note::Info(format!(
        "Shedding to the cap: the bucket's refill is floor(0.85 × {} × {} − {} paid) = {} free, so the admit share slider is not used.",
        units::counted(m.cs_up as f64, "cards"),
        rps(m.mu),
        units::number(m.paid_shared),
        rps(m.free_adm)
    )))
}

/// Spilled paid waits less than it would without priority.
fn priority(inp: &Input, m: &Solved) -> Option<Note> {
    (inp.spill > 0.0).then(|| Note::Info(format!(
        "Priority is what makes the spill work: spilled paid waits {} ahead of free; without priority it would wait {} like everyone else in a pool at {}.",
        ms(m.w_ps),
        ms(m.w_ps_fifo),
        pct(m.rho_s)
    )))
}

/// The bill, split between the tiers, and what a token costs each.
fn bill(inp: &Input, m: &Solved) -> Option<Note> {
    let c = &m.cost;
    let per_token = |v: f64| {
        if v.is_finite() {
            format!("{} tokens", Unit::UsdPerMTok.format(v))
        } else {
            "a bill with no token served".to_string()
        }
    };
    let paid_part = if c.paid_per_hour > inp.c_p as f64 * inp.price && inp.price > 0.0 {
        " and its part of the shared pool, the share of that pool's served requests that are spilled paid"
    } else {
        ""
    };
    let free_part = if paid_part.is_empty() {
        "the shared pool"
    } else {
        "the rest of it"
    };
    let jammed = if m.rho_s > 1.0 {
        " The shared pool is jammed: each standing card is busy every second, so its tokens cost the least they can, while the free wait is unbounded: the bill and the wait pull apart."
    } else {
        ""
    };
    Some(Note::Info(format!(
        "The bill: {} at {} a card-hour, {} or {} over a 730-hour month; a card an incident takes down is still paid for, and a rented burst card rents at the same price. Paid pays for the provisioned pool{paid_part}: {}, {} at {} a request; free pays for {free_part}: {}, {}. A card-hour carries at most {} tokens, so a token costs least on a busy card: the spare that keeps a wait short is paid for in every token.{jammed}",
        units::counted(c.cards, "cards"),
        Unit::UsdPerHour.format(inp.price).trim_end_matches("/h"),
        Unit::UsdPerHour.format(c.fleet_per_hour),
        Unit::UsdPerMonth.format(c.fleet_per_hour * HOURS_PER_MONTH),
        Unit::UsdPerMonth.format(c.paid_per_hour * HOURS_PER_MONTH),
        per_token(c.paid_per_1m),
        units::counted(inp.tokens, "tokens"),
        Unit::UsdPerMonth.format(c.free_per_hour * HOURS_PER_MONTH),
        per_token(c.free_per_1m),
        units::number(m.card_tok_s * 3600.0),
    )))
}

/// Why a class's simulated mean sits outside its interval in this state:
/// a smoother stream than the formula's Poisson can only make it shorter;
/// otherwise it is the one run in twenty a 95 % interval misses, or a
/// departure another seed would confirm.
fn why_off(inp: &Input, m: &Solved, shared: bool, below: bool) -> &'static str {
    if below && inp.assign == Assign::RoundRobin {
        "round-robin's smoother per-card arrivals wait less than the formula's Poisson assumes"
    } else if below && shared && bucket_runs_dry(inp, m) {
        "the dry bucket's steadier grants (see below) and chance: a 95 % interval misses about one run in twenty"
    } else {
        "a 95 % interval misses about one run in twenty: another seed tells chance from a real departure"
    }
}

/// The bucket meets more free demand than its refill: it runs dry.
fn bucket_runs_dry(inp: &Input, m: &Solved) -> bool {
    inp.free > m.free_adm && m.free_adm > 0.0
}

/// One class's simulated mean wait and interval against the formula: within
/// the interval only when it is, else the difference and why.
fn simulated_class(inp: &Input, m: &Solved, class: (&str, &ClassStat, f64, bool)) -> String {
    let (name, st, formula, shared) = class;
    let mean = st.mean_ms();
    if st.stranded > 0 {
        return format!("{name}: no card stands in its pool, so every request waits forever (∞), as the formula says");
    }
    let Some(h) = st.half_width_ms().filter(|_| mean.is_finite()) else {
        return format!(
            "{name} {} vs {} (no interval: a run without such requests, or none served)",
            ms(mean),
            ms(formula)
        );
    };
    if !formula.is_finite() {
        return format!(
            "{name} {} vs ∞: the pool is at or over 100 %, with no steady state, so no interval; the simulated mean only grows with a longer run",
            ms(mean)
        );
    }
    let head = format!("{name} {} vs {}", within(mean, h), ms(formula));
    if (mean - formula).abs() <= h {
        format!("{head}: the formula lies within the interval")
    } else if formula.max(mean + h) < TOO_SHORT_MS {
        format!(
            "{head}: both under {}, too short for the difference to matter",
            ms(TOO_SHORT_MS)
        )
    } else {
        format!(
            "{head}: {:+.1} %, outside the interval; {}",
            (mean / formula - 1.0) * 100.0,
            why_off(inp, m, shared, mean < formula)
        )
    }
}

/// A simulated mean with the ± of its 95 % interval ("104 ± 9.755 ms").
fn within(mean: f64, h: f64) -> String {
    format!("{} ± {}", ms(mean).trim_end_matches(" ms"), ms(h))
}

/// The classes that carried traffic: name, statistics, formula, shared pool.
fn classes<'a>(m: &Solved, sim: &'a SimResult) -> Vec<(&'static str, &'a ClassStat, f64, bool)> {
    [
        ("provisioned paid", &sim.prov, m.w_p, false),
        ("shared paid", &sim.shared_paid, m.w_ps, true),
        ("free", &sim.free, m.w_f, true),
    ]
    .into_iter()
    .filter(|(_, st, _, _)| st.served() + st.stranded > 0)
    .collect()
}

/// The simulation beside the formulas, class by class.
fn simulation(inp: &Input, m: &Solved, sim: &SimResult) -> Option<Note> {
    let parts: Vec<String> = classes(m, sim)
        .into_iter()
        .map(|c| simulated_class(inp, m, c))
        .collect();
    if parts.is_empty() {
        return None;
    }
    Some(Note::Info(format!(
        "Simulation beside the formulas: {} gateway arrivals ({} s simulated) in {BATCHES} independent runs, each starting every {} from a draw of its steady state, so there is no warm-up to discard; seed {}, {}. {}.",
        units::number(sim.arrivals as f64),
        units::number(sim.seconds.round()),
        if inp.production { "pool" } else { "card" },
        inp.seed,
        if inp.production {
            "one queue per pool (the card assignment does not apply); ± is a 95 % interval across the runs"
        } else if inp.assign == Assign::Random {
            "random card assignment; ± is a 95 % interval over the runs' cards, each an independent queue"
        } else {
            "round-robin card assignment; ± is a 95 % interval across the runs (round-robin ties a pool's cards together)"
        },
        parts.join("; ")
    )))
}

/// `sim` against `formula`, as "x ms (formula y, +z %)".
fn against(sim: f64, formula: f64) -> String {
    let off = if formula.is_finite() && formula > 0.0 && sim.is_finite() {
        format!(", {:+.1} %", (sim / formula - 1.0) * 100.0)
    } else {
        String::new()
    };
    format!("{} (formula {}{off})", ms(sim), ms(formula))
}

/// The tails the simulation measures, beside the exact M/M/1 tails where
/// the pool is one (the provisioned pool; the shared one without spill).
fn tails(inp: &Input, m: &Solved, sim: &SimResult) -> Option<Note> {
    let mut parts = Vec::new();
    let mut formula = false;
    let paid = sim.paid(inp.spill);
    let (p95, p99) = (paid.quantile_ms(0.95), paid.quantile_ms(0.99));
    if paid.served() > 0 && sim.paid_is_prov(inp.spill) {
        formula = true;
        parts.push(format!(
            "paid p95 {}, p99 {}",
            against(p95, m.w_p95),
            against(p99, m.w_p99)
        ));
    } else if paid.served() > 0 {
        parts.push(format!(
            "paid (shared pool, behind priority: no closed-form tail) p95 {}, p99 {}",
            ms(p95),
            ms(p99)
        ));
    }
    let (f95, f99) = (sim.free.quantile_ms(0.95), sim.free.quantile_ms(0.99));
    if sim.free.served() > 0 && inp.spill <= 0.0 {
        formula = true;
        let tail = |p| {
            if inp.production {
                pooled_quantile_ms(inp.s, m.cs_up, m.rho_s, m.rho_s, p)
            } else {
                mm1_wait_quantile_ms(inp.s, m.rho_s, p)
            }
        };
        parts.push(format!(
            "free p95 {}, p99 {}",
            against(f95, tail(0.95)),
            against(f99, tail(0.99))
        ));
    } else if sim.free.served() > 0 {
        parts.push(format!("free p95 {}, p99 {}", ms(f95), ms(f99)));
    }
    let law = if formula && inp.production {
        " The formula's tail is one queue on the pool's c cards served in arrival order: the chance a request waits longer than t is P(W > t) = C·e^(−(cμ − λ)t), with C the chance it waits at all (Erlang C), μ one card's rate and λ the pool's arrivals, so p95 = ln(20C)/(cμ − λ)."
    } else if formula {
        " The formula's tail is the queue served in arrival order: the chance a request waits longer than t is P(W > t) = ρ·e^(−(1−ρ)t/S), so p95 = S·ln(20ρ)/(1−ρ), with S the service time and ρ the utilization."
    } else {
        ""
    };
    (!parts.is_empty()).then(|| Note::Info(format!(
        "The formulas give means; the simulation also measures the tail, what the unlucky request waits: {}.{law} The tails carry no interval here: another seed shows how far they move.",
        parts.join("; ")
    )))
}

/// A bucket that runs dry grants free at its refill's steadier pace, which
/// can only shorten the shared pool's waits. What this run measures of it
/// is read off its own interval, never assumed.
fn steady_refill(inp: &Input, m: &Solved, sim: &SimResult) -> Option<Note> {
    (bucket_runs_dry(inp, m) && m.rho_s < 1.0).then(|| {
        Note::Info(format!(
            "The formula treats admitted free requests as a Poisson stream. A bucket that runs dry grants them at the steadier pace of its refill, which can only shorten the shared pool's waits, and least on many cards, where each card's share of the stream looks Poisson again. {}",
            refill_effect(&sim.free, m.w_f)
        ))
    })
}

/// A wait under this, ms, is too short for a difference from the formula
/// to be worth a percentage.
const TOO_SHORT_MS: f64 = 1.0;

/// What this run's free wait says about the steadier grants: the difference
/// from the formula beside the interval, and only as much as the interval
/// allows.
fn refill_effect(free: &ClassStat, formula: f64) -> String {
    let mean = free.mean_ms();
    let Some(h) = free
        .half_width_ms()
        .filter(|_| mean.is_finite() && formula > 0.0)
    else {
        return "This run gives no interval on the free wait, so it cannot size the effect."
            .to_string();
    };
    if formula.max(mean + h) < TOO_SHORT_MS {
        return format!(
            "Here the free wait is shorter than {} by the formula and by this run ({}): too short for the difference to matter.",
            ms(TOO_SHORT_MS),
            within(mean, h)
        );
    }
    let (diff, band) = ((mean / formula - 1.0) * 100.0, h / formula * 100.0);
    let reading = format!(
        "this run's free wait, {}, is {diff:+.1} % from the formula's {}, against an interval of ±{band:.1} %",
        within(mean, h),
        ms(formula)
    );
    if (mean - formula).abs() <= h {
        format!("Here {reading}: the run cannot tell the effect from chance.")
    } else if mean < formula {
        format!(
            "Here {reading}: the shorter wait is outside chance, as the steadier grants predict."
        )
    } else {
        format!("Here {reading}: longer, outside the interval, which steadier grants cannot explain; another seed tells chance from a real departure.")
    }
}

/// A jammed or nearly saturated pool: what a finite run can and cannot say.
fn saturation(inp: &Input, m: &Solved, sim: &SimResult) -> Option<Note> {
    let per_run = sim.seconds / BATCHES as f64;
    let growing = (m.rho_p >= 1.0 && m.cp_up > 0) || (m.rho_s >= 1.0 && m.cs_up > 0);
    if growing {
        return Some(Note::Info(format!(
            "A pool at or over 100 % has no steady state: the formula's wait is ∞, while the simulation starts that pool empty and reports the mean of a queue still growing through each {} s run, which only grows with a longer run.",
            units::number((per_run * 10.0).round() / 10.0)
        )));
    }
    let hottest = hottest_steady(m);
    if hottest < 0.9 {
        return None;
    }
    let tau = relaxation_s(inp.s, hottest);
    let (name, st, formula) = if m.rho_p >= m.rho_s {
        ("provisioned paid", &sim.prov, m.w_p)
    } else {
        ("free", &sim.free, m.w_f)
    };
    let band = match st.half_width_ms() {
        Some(h) => format!(
            "±{} on the {name} wait, {} of the formula's {}",
            ms(h),
            pct(h / formula),
            ms(formula)
        ),
        None => format!("no interval on the {name} wait"),
    };
    let spans = per_run / tau;
    let length = if spans + 1e-9 < RELAXATIONS_PER_RUN {
        format!(
            "the page's most, {} arrivals, gives each run {} s, {} of them",
            units::number(sim.arrivals as f64),
            units::number(per_run.round()),
            units::number((spans * 100.0).round() / 100.0)
        )
    } else {
        format!("each run spans {} s", units::number(per_run.round()))
    };
    Some(Note::Info(format!(
        "Near saturation a sampled mean is noisy: at utilization ρ = {}, a card's queue needs about S/(1−√ρ)² = {} s to forget where it stood, and the error of a mean wait grows like 1/(1−ρ). A run from empty queues would read low for about that long; starting each card from its steady state removes that bias. The page runs each of its {BATCHES} runs for {} such times when it can; here {length}. The interval it earns: {band}. The formula is the long-run mean.",
        pct(hottest),
        units::number(tau.round()),
        units::number(RELAXATIONS_PER_RUN),
    )))
}

/// Round-robin smooths each card's arrivals below the formula's Poisson.
fn round_robin(inp: &Input) -> Option<Note> {
    (inp.assign == Assign::RoundRobin && !inp.production).then(|| Note::Info(
        "Round-robin hands each card every n-th arrival, a smoother stream than Poisson (Erlang gaps), so simulated waits fall below the M/M/1 formula; the formula's 'spread evenly' means random assignment, which keeps each card's arrivals Poisson."
            .to_string(),
    ))
}
