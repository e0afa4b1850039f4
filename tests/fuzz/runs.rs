//! Every topic's `run` over arbitrary parameter vectors: values drawn inside
//! each spec's range (uniformly, on a log scale, on the step grid), at the
//! range's ends (one, several or all parameters at once), and the clamps of
//! extremes (±1e308, ±∞, NaN, subnormals, −0). tests/registry.rs checks
//! forty random vectors and each end one at a time for NaN figures and
//! checks; here, many more vectors and the whole outcome: no panic; the same
//! figures in the same order as at the defaults; no NaN in a figure, a
//! verdict, a chart point, bar, arc, reference line or axis range; no "NaN"
//! or Rust's "inf" in any text a reader sees; charts that draw and read as
//! tables; failing checks that name a lever; deterministic runs; parameter
//! text that reads back; and questions asked about the page that solve to a
//! finite answer that grades correct.

use crate::{chance, fuzz, pick};
use fleetlab::challenge::{grade, templates, Verdict};
use fleetlab::model::{Chart, Outcome, ParamKind, ParamSpec, Params, Plot, SplitMix64, Topic};
use fleetlab::topics;

#[derive(Debug)]
struct Vector {
    topic: &'static str,
    values: Vec<(&'static str, f64)>,
    /// The seed of the questions asked about the page.
    seed: u64,
}

/// A value for `s`: inside, at an end, on the grid, or an extreme clamped.
fn value(rng: &mut SplitMix64, s: &ParamSpec) -> f64 {
    const EXTREMES: &[f64] = &[
        1e308,
        -1e308,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        5e-324,
        -5e-324,
        1e-310,
        -0.0,
        f64::MAX,
    ];
    match s.kind {
        ParamKind::Choice(o) => match rng.below(3) {
            0 => s.clamp(*pick(rng, EXTREMES)),
            1 => s.clamp(rng.next_unit() * o.len() as f64 - 0.5),
            _ => rng.below(o.len() as u64) as f64,
        },
        ParamKind::Number { min, max, step, .. } => match rng.below(9) {
            0 => min,
            1 => max,
            2 => s.clamp(min + step),
            3 => s.clamp(max - step),
            4 => s.clamp(*pick(rng, EXTREMES)),
            5 if min > 0.0 => s.clamp(min * (max / min).powf(rng.next_unit())),
            6 => s.clamp(min + step * rng.below(((max - min) / step) as u64 + 1) as f64),
            7 => s.clamp(min + (max - min) * rng.next_unit().powi(3)),
            _ => s.clamp(min + (max - min) * rng.next_unit()),
        },
    }
}

fn end(s: &ParamSpec, high: bool) -> f64 {
    match s.kind {
        ParamKind::Choice(o) if high => (o.len() - 1) as f64,
        ParamKind::Choice(_) => 0.0,
        ParamKind::Number { max, .. } if high => max,
        ParamKind::Number { min, .. } => min,
    }
}

/// A whole vector: all at one end, each at a random end, each drawn by
/// `value`, or a story's page with a few values changed.
fn vector(rng: &mut SplitMix64, t: &'static dyn Topic) -> Vector {
    let specs = t.params();
    let mut p: Params = match rng.below(6) {
        0 => {
            let p = pick(rng, t.presets());
            t.preset_params(p, p.fix.is_some() && chance(rng, 0.5))
                .expect("a story applies")
        }
        _ => t.defaults(),
    };
    let mode = rng.below(5);
    for (i, s) in specs.iter().enumerate() {
        let v = match mode {
            0 => end(s, false),
            1 => end(s, true),
            2 => end(s, chance(rng, 0.5)),
            3 if chance(rng, 0.7) => continue,
            _ => value(rng, s),
        };
        p.set_clamped(i, v);
    }
    Vector {
        topic: t.id(),
        seed: rng.below(1 << 53),
        values: specs
            .iter()
            .map(|s| s.name)
            .zip(p.values().iter().copied())
            .collect(),
    }
}

/// Rust's spelling of a NaN or an infinity, as a word of a text.
fn odd_word(text: &str) -> Option<&str> {
    text.split(|c: char| !c.is_alphanumeric())
        .find(|w| w.eq_ignore_ascii_case("nan") || *w == "inf" || *w == "infinity")
}

fn clean(text: &str, ctx: &str) {
    if let Some(w) = odd_word(text) {
        panic!("{ctx}: '{w}' in {text:?}");
    }
}

fn nan_free(v: f64, what: &str, ctx: &str) {
    assert!(!v.is_nan(), "{ctx}: {what} is NaN");
}

fn check_outcome(t: &dyn Topic, out: &Outcome, reference: &[&str], ctx: &str) {
    let ids: Vec<&str> = out.figures.iter().map(|f| f.id).collect();
    assert_eq!(ids, reference, "{ctx}: the figure set changed");
    for f in &out.figures {
        nan_free(f.value, f.id, ctx);
        clean(&f.text(), ctx);
    }
    let spec_ids: Vec<&str> = t.checks().iter().map(|c| c.id).collect();
    let check_ids: Vec<&str> = out.checks.iter().map(|c| c.id).collect();
    assert_eq!(check_ids, spec_ids, "{ctx}: one verdict per check");
    for v in &out.checks {
        nan_free(v.value, v.id, ctx);
        nan_free(v.threshold, v.id, ctx);
        assert!(v.why.len() > 20, "{ctx}: {} must say why", v.id);
        clean(&v.why, ctx);
        clean(&v.comparison(), ctx);
        if !v.pass {
            let lever = v
                .lever
                .unwrap_or_else(|| panic!("{ctx}: failing {} names no lever", v.id));
            assert!(
                t.params().iter().any(|s| s.name == lever),
                "{ctx}: lever {lever}"
            );
        }
    }
    for n in &out.notes {
        clean(&format!("{n:?}"), ctx);
    }
    assert!(!out.charts.is_empty(), "{ctx}: no chart");
    let mut chart_ids: Vec<&str> = out.charts.iter().map(|c| c.id).collect();
    chart_ids.sort();
    chart_ids.dedup();
    assert_eq!(chart_ids.len(), out.charts.len(), "{ctx}: chart ids unique");
    for c in &out.charts {
        check_chart(c, &format!("{ctx} / {}", c.id));
    }
}

fn check_chart(c: &Chart, ctx: &str) {
    clean(&c.title, ctx);
    clean(&c.summary, ctx);
    match &c.plot {
        Plot::Xy(xy) => {
            assert!(!xy.series.is_empty(), "{ctx}: no series");
            for (axis, name) in [(&xy.x, "x"), (&xy.y, "y")] {
                if let Some((lo, hi)) = axis.range {
                    assert!(lo < hi, "{ctx}: {name} range {lo}..{hi}");
                }
            }
            for s in &xy.series {
                assert!(
                    !s.points.is_empty() && s.points.len() <= 5000,
                    "{ctx}: {} has {} points",
                    s.name,
                    s.points.len()
                );
                for (x, y) in &s.points {
                    nan_free(*x, &s.name, ctx);
                    nan_free(*y, &s.name, ctx);
                }
            }
            for l in xy.hlines.iter().chain(&xy.vlines) {
                nan_free(l.at, &l.label, ctx);
                clean(&l.label, ctx);
            }
        }
        Plot::Bars(b) => {
            assert!(
                !b.categories.is_empty() && !b.sets.is_empty(),
                "{ctx}: empty bars"
            );
            for s in &b.sets {
                assert_eq!(s.values.len(), b.categories.len(), "{ctx}: {}", s.name);
                for v in &s.values {
                    nan_free(*v, &s.name, ctx);
                }
            }
            assert!(
                b.highlight.iter().all(|i| *i < b.categories.len()),
                "{ctx}: highlight"
            );
            for l in &b.hlines {
                nan_free(l.at, &l.label, ctx);
            }
        }
        Plot::Ring(r) => {
            for a in &r.arcs {
                assert!(
                    0.0 <= a.start && a.start < a.end && a.end <= 1.0 + 1e-9,
                    "{ctx}: arc {a:?}"
                );
                assert!(a.card < r.cards, "{ctx}: arc card {}", a.card);
            }
            assert!(
                r.dots.iter().all(|d| (0.0..1.0).contains(&d.at)),
                "{ctx}: dots"
            );
        }
    }
    let table = c.table();
    assert!(
        !table.headers.is_empty() && !table.rows.is_empty(),
        "{ctx}: no table"
    );
    for row in &table.rows {
        assert_eq!(row.len(), table.headers.len(), "{ctx}: ragged table");
        for cell in row {
            clean(cell, ctx);
        }
    }
}

/// Questions asked about this page: a finite answer that grades correct.
fn check_live_questions(t: &dyn Topic, p: &Params, seed: u64, ctx: &str) {
    for tpl in templates(t) {
        let q = match topics::question_live(t, &tpl.id, seed, p) {
            Ok(q) => q,
            Err(e) => {
                assert!(!e.to_string().is_empty(), "{ctx}: {} error", tpl.id);
                continue;
            }
        };
        let ctx = format!("{ctx} / {}", tpl.id);
        assert!(q.answer.is_finite(), "{ctx}: answer {}", q.answer);
        for text in [&q.text, &q.solution] {
            clean(text, &ctx);
        }
        let typed = q.exact_answer();
        let g = grade(&q, &typed);
        assert_eq!(
            g.verdict,
            Verdict::Correct,
            "{ctx}: {typed:?}: {}",
            g.message
        );
    }
}

fn fuzz_topic(id: &str, per_base: f64) {
    let t = topics::find(id).unwrap_or_else(|| panic!("{id} is built"));
    let reference: Vec<&str> = t.run(&t.defaults()).figures.iter().map(|f| f.id).collect();
    fuzz(
        &format!("run_{}", id.replace('-', "_")),
        per_base,
        |rng| vector(rng, t),
        |v| {
            let mut p = t.defaults();
            for (i, (_, x)) in v.values.iter().enumerate() {
                p.set_clamped(i, *x);
            }
            assert_eq!(v.topic, t.id());
            let ctx = format!("{} at {:?}", t.id(), p.shown());
            for (s, x) in p.specs().iter().zip(p.values()) {
                assert_eq!(s.parse(&s.show(*x)), Ok(*x), "{ctx}: {} reads back", s.name);
                clean(&s.display(*x), &ctx);
            }
            let out = t.run(&p);
            check_outcome(t, &out, &reference, &ctx);
            // Deterministic (checked on a quarter of the cases: a run can
            // be long).
            if v.seed % 4 == 0 {
                assert_eq!(out, t.run(&p), "{ctx}: not deterministic");
            }
            check_live_questions(t, &p, v.seed, &ctx);
        },
    );
}

/// One test per topic (they run in parallel); the weights keep each near
/// the same time, as a run of consistent hashing at its largest sizes costs
/// a hundred runs of buying the fleet.
macro_rules! topic_runs {
    ($($name:ident: $id:literal, $per_base:expr;)*) => {
        $(#[test]
        fn $name() {
            fuzz_topic($id, $per_base);
        })*
    };
}

topic_runs! {
    run_consistent_hashing: "consistent-hashing", 0.0006;
    run_load_balancing: "load-balancing", 0.01;
    run_autoscaling: "autoscaling", 0.01;
    run_warm_pool: "warm-pool", 0.01;
    run_inside_a_replica: "inside-a-replica", 0.002;
    run_cache_aware_routing: "cache-aware-routing", 0.01;
    run_buying_the_fleet: "buying-the-fleet", 0.01;
    run_fleet_efficiency: "fleet-efficiency", 0.01;
    run_tiers_and_rate_limits: "tiers-and-rate-limits", 0.006;
}

#[test]
fn every_built_topic_is_fuzzed() {
    let covered = [
        "consistent-hashing",
        "load-balancing",
        "autoscaling",
        "warm-pool",
        "inside-a-replica",
        "cache-aware-routing",
        "buying-the-fleet",
        "fleet-efficiency",
        "tiers-and-rate-limits",
    ];
    for t in topics::all() {
        assert!(
            covered.contains(&t.id()),
            "{}: add it to topic_runs!",
            t.id()
        );
    }
}
