//! The scene's own checks past the stories (tests/scenes.rs runs those):
//! at the sliders' ends, one card or many, few families or many, a flood
//! of arrivals, its texts stay inside the scene and clear of each other in
//! both layouts, readable at the page's widths.

use super::super::params::PARAMS;
use super::*;
use crate::model::scene::MODELS;

/// Slider settings at their ends, and the guided start's.
const CORNERS: [&[(&str, &str)]; 10] = [
    &[("cards", "4"), ("families", "8"), ("policy", "round-robin")],
    &[("cards", "1"), ("families", "400"), ("policy", "hash")],
    &[
        ("cards", "256"),
        ("families", "400"),
        ("policy", "hash-overflow"),
    ],
    &[
        ("cards", "17"),
        ("hot_share", "0.9"),
        ("policy", "hash-shard2"),
    ],
    &[
        ("arrivals", "2000"),
        ("families", "1"),
        ("policy", "round-robin"),
    ],
    &[
        ("arrivals", "1"),
        ("card_capacity", "1"),
        ("policy", "hash"),
    ],
    &[("cards", "2"), ("scratch_gb", "0"), ("hot_share", "0.5")],
    &[
        ("cards", "9"),
        ("arrivals", "300"),
        ("policy", "hash-overflow"),
    ],
    &[("cards", "1"), ("families", "5000"), ("arrivals", "2000")],
    &[
        ("cards", "256"),
        ("families", "5000"),
        ("arrivals", "2000"),
        ("hot_share", "0.95"),
        ("policy", "hash-shard2"),
        ("scratch_gb", "160"),
        ("preamble_tokens", "100"),
        ("kv_kb", "10"),
    ],
];

#[test]
fn texts_stay_inside_apart_and_readable_at_the_sliders_ends() {
    for (set, model) in CORNERS
        .iter()
        .flat_map(|s| [(s, "seed"), (s, "production")])
    {
        let mut p = Params::defaults(&PARAMS);
        p.apply(set).expect("corner applies");
        if model == "production" {
            p = MODELS.side(&p, 1);
        }
        let mut scene = (SCENE.build)(&p, 3);
        for step in 0..30 {
            scene.advance(0.37 * step as f64);
            for layout in [Layout::Wide, Layout::Narrow] {
                let mut f = Frame::laid_out(layout);
                scene.draw(&mut f);
                let problems = f.unreadable(scene.size(layout));
                assert!(
                    problems.is_empty(),
                    "{set:?} {model} {layout:?}: {problems:#?}"
                );
            }
        }
    }
}
