//! The scene's own checks past the stories (tests/scenes.rs runs those):
//! at the sliders' ends, two cards or 256, a family of sixteen cards of
//! load on two, every balancer, its texts stay inside the scene and clear
//! of each other in both layouts, readable at the page's widths.

use super::super::params::PARAMS;
use super::*;
use crate::model::scene::{text_units, LEAST_TEXT_PX, NARROW_CSS_PX, WIDE_CSS_PX};

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
                let (w, h) = scene.size(layout);
                let (css, least) = match layout {
                    Layout::Wide => (WIDE_CSS_PX, LEAST_TEXT_PX.0),
                    Layout::Narrow => (NARROW_CSS_PX, LEAST_TEXT_PX.1),
                };
                let mut f = Frame::laid_out(layout);
                scene.draw(&mut f);
                let boxes = f.text_boxes();
                for (i, &(a, at, size)) in boxes.iter().enumerate() {
                    let inside = a.0 >= -0.5 && a.1 >= -0.5 && a.2 <= w + 0.5 && a.3 <= h + 0.5;
                    assert!(inside, "{set:?} {layout:?}: {at:?} at {a:?} leaves {w}×{h}");
                    let px = text_units(size) * css / w;
                    assert!(px >= least - 1e-3, "{set:?} {layout:?}: {at:?} at {px} px");
                    for &(b, bt, _) in &boxes[i + 1..] {
                        let apart = a.0 >= b.2 - 0.5
                            || b.0 >= a.2 - 0.5
                            || a.1 >= b.3 - 0.5
                            || b.1 >= a.3 - 0.5;
                        assert!(
                            apart,
                            "{set:?} {layout:?}: {at:?} {a:?} covers {bt:?} {b:?}"
                        );
                    }
                }
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
