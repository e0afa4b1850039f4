//! The scene's own checks past the stories (tests/scenes.rs runs those):
//! at the sliders' ends, two cards or 256, a family of sixteen cards of
//! load on two, every balancer, its texts stay inside the scene and clear
//! of each other in both layouts, readable at the page's widths.

use super::super::params::PARAMS;
use super::*;

/// Slider settings at their ends, and the guided start's.
const CORNERS: [&[(&str, &str)]; 7] = [
    &[("cards", "4"), ("policy", "round-robin")],
    &[("cards", "4"), ("policy", "hash")],
    &[("cards", "2"), ("family_load", "16"), ("policy", "hash")],
    &[
        ("cards", "256"),
        ("family_load", "16"),
        ("policy", "least-loaded"),
    ],
    &[
        ("cards", "17"),
        ("hot_share", "1"),
        ("policy", "hash-shard2"),
    ],
    &[
        ("cards", "100"),
        ("family_share", "1"),
        ("policy", "hash-overflow"),
    ],
    &[("cards", "16"), ("cap", "0.05"), ("family_load", "0.05")],
];

#[test]
fn texts_stay_inside_apart_and_readable_at_the_sliders_ends() {
    for set in CORNERS {
        let mut p = Params::defaults(&PARAMS);
        p.apply(set).expect("corner applies");
        let mut scene = (SCENE.build)(&p, 3);
        for step in 0..30 {
            scene.advance(0.37 * step as f64);
            for layout in [Layout::Wide, Layout::Narrow] {
                let mut f = Frame::laid_out(layout);
                scene.draw(&mut f);
                let problems = f.unreadable(scene.size(layout));
                assert!(problems.is_empty(), "{set:?} {layout:?}: {problems:#?}");
            }
        }
    }
}

/// The summary names the busiest card's share and load as the counters
/// under it read them, at every moment of every corner.
#[test]
fn the_summary_agrees_with_the_counters() {
    for set in CORNERS {
        let mut p = Params::defaults(&PARAMS);
        p.apply(set).expect("corner applies");
        let mut scene = (SCENE.build)(&p, 5);
        let (mut text, mut values) = (String::new(), Vec::new());
        for step in 1..40 {
            scene.advance(0.5 * step as f64);
            text.clear();
            values.clear();
            scene.summary(&mut text);
            scene.counters(&mut values);
            if text.starts_with("No request") {
                assert_eq!(values[0], 0.0, "{set:?}: {text:?} with {values:?}");
                continue;
            }
            let said = format!(
                "{:.0}% of the family so far, a load of {:.0}%",
                100.0 * values[0],
                100.0 * values[1]
            );
            assert!(text.contains(&said), "{set:?}: {text:?} against {said:?}");
        }
    }
}
