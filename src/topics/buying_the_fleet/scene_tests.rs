//! The scene's own checks past the stories (tests/scenes.rs runs those at
//! the month's start): through the whole month, at the sliders' ends (the
//! API alone, tens of thousands of idle cards, a bill in the millions), its
//! texts stay inside the scene and clear of each other in both layouts,
//! readable at the page's widths.

use super::super::params::{MONTH_S, PARAMS};
use super::*;

const NO_CARDS: [(&str, &str); 6] = [
    ("owned_h100", "0"),
    ("owned_b200", "0"),
    ("owned_a100u", "0"),
    ("rented_h100", "0"),
    ("rented_b200", "0"),
    ("rented_a100u", "0"),
];
const ALL_CARDS: [(&str, &str); 6] = [
    ("owned_h100", "20000"),
    ("owned_b200", "20000"),
    ("owned_a100u", "20000"),
    ("rented_h100", "2900"),
    ("rented_b200", "2900"),
    ("rented_a100u", "2900"),
];

fn corners() -> Vec<Params> {
    let sets: [&[&[(&str, &str)]]; 4] = [
        &[&NO_CARDS, &[("demand_t", "1000")]],
        &[&ALL_CARDS, &[("demand_t", "1")]],
        &[&ALL_CARDS, &[("demand_t", "1000"), ("model", "70b")]],
        &[
            &NO_CARDS,
            &[
                ("demand_t", "1000"),
                ("model", "70b"),
                ("rented_b200", "2900"),
            ],
        ],
    ];
    let mut out = vec![Params::defaults(&PARAMS)];
    for set in sets {
        let mut p = Params::defaults(&PARAMS);
        for part in set {
            p.apply(part).expect("corner applies");
        }
        out.push(p);
    }
    out
}

#[test]
fn texts_stay_inside_apart_and_readable_all_month() {
    for p in corners() {
        let mut scene = (SCENE.build)(&p, 1);
        for step in 0..=32 {
            if step > 0 {
                scene.advance(MONTH_S as f64 / 32.0);
            }
            for layout in [Layout::Wide, Layout::Narrow] {
                let mut f = Frame::laid_out(layout);
                scene.draw(&mut f);
                let problems = f.unreadable(scene.size(layout));
                assert!(problems.is_empty(), "{layout:?} step {step}: {problems:#?}");
            }
        }
    }
}
