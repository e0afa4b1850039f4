//! What the production tests (`tests/*_production.rs`) share: a topic's
//! story under one model, a figure read by id, and every story ± fix.
#![allow(dead_code)]

use fleetlab::model::{Assumptions, Outcome, Params, Topic};
use fleetlab::topics;

pub fn topic(id: &str) -> &'static dyn Topic {
    topics::find(id).unwrap_or_else(|| panic!("no topic {id}"))
}

/// Story `preset` of topic `id` (its fix applied when `fix`), then the
/// values `set`, under the model `a`.
pub fn story(id: &str, preset: &str, fix: bool, set: &[(&str, &str)], a: Assumptions) -> Params {
    let t = topic(id);
    let mut p = t
        .preset_params(
            t.preset(preset)
                .unwrap_or_else(|| panic!("{id}: no story {preset}")),
            fix,
        )
        .unwrap()
        .under(a);
    p.apply(set).unwrap();
    p
}

/// Topic `id`'s defaults with the values `set`, under the model `a`.
pub fn page(id: &str, set: &[(&str, &str)], a: Assumptions) -> Params {
    let mut p = topic(id).defaults().under(a);
    p.apply(set).unwrap();
    p
}

pub fn fig(o: &Outcome, id: &str) -> f64 {
    o.get(id).unwrap_or_else(|| panic!("no figure {id}"))
}

/// Every story of topic `id` with and without its fix.
pub fn stories(id: &str) -> Vec<(&'static str, bool)> {
    let mut out = Vec::new();
    for p in topic(id).presets() {
        out.push((p.id, false));
        if p.fix.is_some() {
            out.push((p.id, true));
        }
    }
    out
}

/// Production moves only the figures topic `id`'s differences name, on
/// every story with and without its fix, and a check whose verdict turns is
/// one they name.
pub fn moves_only_what_its_differences_name(id: &str) {
    let t = topic(id);
    let ds = t.about().differences;
    let named: Vec<&str> = ds.iter().flat_map(|d| d.figures.iter().copied()).collect();
    let judged: Vec<&str> = ds.iter().flat_map(|d| d.checks.iter().copied()).collect();
    for (p, fix) in stories(id) {
        let seed = t.run(&story(id, p, fix, &[], Assumptions::Seed));
        let prod = t.run(&story(id, p, fix, &[], Assumptions::Production));
        for f in &seed.figures {
            if !named.contains(&f.id) {
                let g = fig(&prod, f.id);
                assert_eq!(f.value.to_bits(), g.to_bits(), "{p} {fix}: {}", f.id);
            }
        }
        for (a, b) in seed.checks.iter().zip(&prod.checks) {
            if a.pass != b.pass {
                assert!(judged.contains(&a.id), "{p} {fix}: {}", a.id);
            }
        }
    }
}
