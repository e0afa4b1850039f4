//! Every topic's scene, checked over the registry: it is deterministic by
//! seed, its display list stays finite and inside its own size, its words
//! stay inside it and clear of each other, its counters are finite, and after its stated settling time each counter that names a
//! figure comes within its stated tolerance of that figure, on every story
//! with and without its fix. The scene is the page's model watched as it
//! runs, so what it counts must converge to what the page states.

use fleetlab::model::scene::{
    text_units, Frame, Layout, Shape, LEAST_TEXT_PX, NARROW_CSS_PX, WIDE_CSS_PX,
};
use fleetlab::model::scene::{MODELS, MODELS_PARAM};
use fleetlab::model::{Assumptions, Params, Preset, Topic};
use fleetlab::topics;

/// Every story of every topic with a scene, with and without its fix; and
/// where the scene runs closer to production, each of them so too.
fn states() -> Vec<(&'static dyn Topic, String, Params)> {
    let mut out = Vec::new();
    for t in topics::all() {
        let Some(spec) = topics::scene(t.id()) else {
            continue;
        };
        let mut mine = vec![("defaults".to_string(), Params::defaults(t.params()))];
        for p in t.presets() {
            mine.push((p.id.to_string(), story(t, p, false)));
            if p.fix.is_some() {
                mine.push((format!("{} + fix", p.id), story(t, p, true)));
            }
        }
        if spec.production {
            let closer: Vec<_> = mine
                .iter()
                .map(|(name, p)| {
                    let p = p.clone().under(Assumptions::Production);
                    (format!("{name}, closer to production"), p)
                })
                .collect();
            mine.extend(closer);
        }
        out.extend(mine.into_iter().map(|(name, p)| (t, name, p)));
    }
    out
}

/// A scene runs closer to production only on a topic that has a production
/// model, and offers the two models side by side exactly then; every side
/// of every comparison it offers runs.
#[test]
fn a_scene_runs_closer_to_production_only_where_its_topic_has_a_production_model() {
    for t in topics::all() {
        let Some(spec) = topics::scene(t.id()) else {
            continue;
        };
        let models = spec.offered().iter().any(|c| c.param == MODELS_PARAM);
        assert_eq!(models, spec.production, "{}", t.id());
        if spec.production {
            assert!(!t.about().differences.is_empty(), "{}", t.id());
            let sides: Vec<_> = (0..2)
                .map(|i| MODELS.side(&Params::defaults(t.params()), i).assumptions())
                .collect();
            assert_eq!(sides, [Assumptions::Seed, Assumptions::Production]);
        }
    }
}

fn story(t: &dyn Topic, p: &Preset, fix: bool) -> Params {
    let mut params = Params::defaults(t.params());
    params.apply(p.set).expect("story applies");
    if fix {
        if let Some(f) = p.fix {
            params.apply(f.set).expect("fix applies");
        }
    }
    params
}

/// Runs a scene for `seconds` of its own time in frames of `dt`.
fn run(t: &dyn Topic, params: &Params, seed: u64, seconds: f64, dt: f64) -> (Vec<f64>, Frame) {
    let spec = topics::scene(t.id()).unwrap();
    let mut scene = (spec.build)(params, seed);
    let mut elapsed = 0.0;
    while elapsed < seconds {
        scene.advance(dt);
        elapsed += dt;
    }
    let mut counters = Vec::new();
    scene.counters(&mut counters);
    let mut frame = Frame::default();
    scene.draw(&mut frame);
    (counters, frame)
}

#[test]
fn every_topic_has_a_scene() {
    let missing: Vec<&str> = topics::all()
        .map(|t| t.id())
        .filter(|id| topics::scene(id).is_none())
        .collect();
    assert!(missing.is_empty(), "topics without a scene: {missing:?}");
}

#[test]
fn a_scene_is_deterministic_by_seed_whatever_the_frame_rate() {
    for (t, name, params) in states() {
        let spec = topics::scene(t.id()).unwrap();
        let settle = spec.counters.iter().map(|c| c.settle_s).fold(1.0, f64::max);
        let seconds = settle.min(600.0);
        let (a, fa) = run(t, &params, 7, seconds, seconds / 50.0);
        let (b, fb) = run(t, &params, 7, seconds, seconds / 50.0);
        assert_eq!(a, b, "{} {name}: same seed, same counters", t.id());
        assert_eq!(
            fa.shapes,
            fb.shapes,
            "{} {name}: same seed, same frame",
            t.id()
        );
        // A finer frame rate reaches the same state: the scene steps in
        // fixed increments, not in frames.
        let (c, _) = run(t, &params, 7, seconds, seconds / 200.0);
        for (i, (x, y)) in a.iter().zip(&c).enumerate() {
            let tol = spec.counters[i].tolerance;
            assert!(
                (x - y).abs() <= tol,
                "{} {name}: counter {} is {x} at 50 frames and {y} at 200",
                t.id(),
                spec.counters[i].id
            );
        }
    }
}

/// Both layouts: wide beside the sliders, narrow on a phone.
const LAYOUTS: [Layout; 2] = [Layout::Wide, Layout::Narrow];

#[test]
fn frames_stay_finite_and_inside_the_scene() {
    for ((t, name, params), layout) in states()
        .into_iter()
        .flat_map(|s| LAYOUTS.map(|l| (s.clone(), l)))
    {
        let name = format!("{name} ({layout:?})");
        let spec = topics::scene(t.id()).unwrap();
        let mut scene = (spec.build)(&params, 11);
        let (w, h) = scene.size(layout);
        let mut frame = Frame::laid_out(layout);
        let mut counters = Vec::new();
        for step in 0..40 {
            scene.advance(0.5 * step as f64);
            frame.clear();
            scene.draw(&mut frame);
            counters.clear();
            scene.counters(&mut counters);
            assert_eq!(counters.len(), spec.counters.len(), "{} {name}", t.id());
            assert!(
                // Finite, or NaN while a counter has no value yet ("—").
                counters.iter().all(|c| c.is_finite() || c.is_nan()),
                "{} {name}: counters {counters:?}",
                t.id()
            );
            assert!(
                !frame.shapes.is_empty(),
                "{} {name}: an empty frame",
                t.id()
            );
            for s in &frame.shapes {
                let (x, y) = anchor(s);
                assert!(
                    x.is_finite()
                        && y.is_finite()
                        && (-1.0..=w + 1.0).contains(&x)
                        && (-1.0..=h + 1.0).contains(&y),
                    "{} {name}: {s:?} outside the {w}×{h} scene",
                    t.id()
                );
            }
            let mut summary = String::new();
            scene.summary(&mut summary);
            assert!(!summary.trim().is_empty(), "{} {name}: no summary", t.id());
        }
    }
}

/// A scene's words can be read: every text lies inside the scene, its
/// glyphs' rise and fall included, and no two texts cover each other. A
/// text's box is its width in the charts' per-character table at its size
/// (the desktop canvas's: small 11, normal 13, large 17 units), from 0.75 of
/// its size above the baseline to 0.22 below.
#[test]
fn scene_texts_stay_inside_and_apart() {
    let mut faults = Vec::new();
    for ((t, name, params), layout) in states()
        .into_iter()
        .flat_map(|s| LAYOUTS.map(|l| (s.clone(), l)))
    {
        let name = format!("{name} ({layout:?})");
        let spec = topics::scene(t.id()).unwrap();
        let mut scene = (spec.build)(&params, 11);
        let (w, h) = scene.size(layout);
        let mut frame = Frame::laid_out(layout);
        for step in 0..40 {
            scene.advance(0.5 * step as f64);
            frame.clear();
            scene.draw(&mut frame);
            let boxes = text_boxes(&frame);
            for (b, text) in &boxes {
                if b.0 < -0.5 || b.1 < -0.5 || b.2 > w + 0.5 || b.3 > h + 0.5 {
                    faults.push(format!(
                        "{} {name} step {step}: {text:?} at {b:?} leaves the {w}×{h} scene",
                        t.id()
                    ));
                }
            }
            for (i, (a, at)) in boxes.iter().enumerate() {
                for (b, bt) in &boxes[i + 1..] {
                    if a.0 < b.2 - 0.5 && b.0 < a.2 - 0.5 && a.1 < b.3 - 0.5 && b.1 < a.3 - 0.5 {
                        faults.push(format!(
                            "{} {name} step {step}: {at:?} {a:?} covers {bt:?} {b:?}",
                            t.id()
                        ));
                    }
                }
            }
        }
    }
    // One line per kind of fault: the same texts in any state, step or value.
    let mut kinds: Vec<(String, String)> = faults
        .into_iter()
        .map(|f| (f.replace(|c: char| c.is_ascii_digit() || c == '.', ""), f))
        .collect();
    kinds.sort_by(|a, b| a.0.cmp(&b.0));
    kinds.dedup_by(|a, b| a.0 == b.0);
    let firsts: Vec<String> = kinds.into_iter().map(|(_, f)| f).collect();
    assert!(
        firsts.is_empty(),
        "{} kinds of fault, each at its first:\n{}",
        firsts.len(),
        firsts.join("\n")
    );
}

/// A learner can read every text of a scene: shown across the width a
/// 1,366 px page gives it, no text is under 13 CSS px; and every scene has a
/// layout of its own for a phone whose texts are at least 12 CSS px across
/// the width a 360 px phone gives it.
#[test]
fn scene_texts_are_big_enough_to_read_wide_and_on_a_phone() {
    let mut faults = Vec::new();
    for (t, name, params) in states() {
        let spec = topics::scene(t.id()).unwrap();
        for layout in LAYOUTS {
            let mut scene = (spec.build)(&params, 11);
            let (w, _) = scene.size(layout);
            let (css_px, least) = match layout {
                Layout::Wide => (WIDE_CSS_PX, LEAST_TEXT_PX.0),
                Layout::Narrow => (NARROW_CSS_PX, LEAST_TEXT_PX.1),
            };
            if layout == Layout::Narrow && scene.size(layout) == scene.size(Layout::Wide) {
                faults.push(format!("{}: no layout for a phone", t.id()));
                continue;
            }
            let mut frame = Frame::laid_out(layout);
            for step in 0..12 {
                scene.advance(step as f64);
                frame.clear();
                scene.draw(&mut frame);
                for (_, text, size) in frame.text_boxes() {
                    let px = text_units(size) * css_px / w;
                    if px < least - 1e-3 {
                        faults.push(format!(
                            "{} {name} ({layout:?}): {text:?} at {px:.1} CSS px",
                            t.id()
                        ));
                    }
                }
            }
        }
    }
    faults.sort();
    faults.dedup();
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// Each non-empty text of `frame` with its box (x0, y0, x1, y1).
fn text_boxes(frame: &Frame) -> Vec<((f32, f32, f32, f32), String)> {
    frame
        .text_boxes()
        .into_iter()
        .map(|(b, t, _)| (b, t.to_string()))
        .collect()
}

fn anchor(s: &Shape) -> (f32, f32) {
    match *s {
        Shape::Rect { x, y, .. } | Shape::Mark { x, y, .. } | Shape::Text { x, y, .. } => (x, y),
        Shape::Arc { cx, cy, .. } => (cx, cy),
        Shape::Line { x0, y0, .. } => (x0, y0),
    }
}

/// The scene's counters converge to the page's figures: after the settling
/// time each counter that names a figure is within its tolerance of it.
#[test]
fn counters_converge_to_the_figures() {
    for (t, name, params) in states() {
        let spec = topics::scene(t.id()).unwrap();
        let outcome = t.run(&params);
        let settle = spec.counters.iter().map(|c| c.settle_s).fold(0.0, f64::max);
        let (values, _) = run(t, &params, 3, settle, settle / 400.0);
        for (c, v) in spec.counters.iter().zip(&values) {
            let Some(fig) = c.figure else { continue };
            let f = outcome
                .figures
                .iter()
                .find(|f| f.id == fig)
                .unwrap_or_else(|| panic!("{}: counter {} names no figure {fig}", t.id(), c.id));
            if !f.value.is_finite() {
                continue;
            }
            assert!(
                (v - f.value).abs() <= c.tolerance,
                "{} {name}: counter {} = {v} but figure {fig} = {} (tolerance {})",
                t.id(),
                c.id,
                f.value,
                c.tolerance
            );
        }
    }
}

/// Comparisons name real parameters and values the spec accepts.
#[test]
fn comparisons_name_real_settings() {
    for t in topics::all() {
        let Some(spec) = topics::scene(t.id()) else {
            continue;
        };
        for c in spec.comparisons {
            let mut p = Params::defaults(t.params());
            for v in [c.a, c.b] {
                p.apply(&[(c.param, v)])
                    .unwrap_or_else(|e| panic!("{} comparison {}: {e}", t.id(), c.id));
            }
            assert_ne!(c.a, c.b, "{} comparison {}", t.id(), c.id);
        }
    }
}

/// A scene that does not run closer to production runs the seed card's
/// engine whatever the page's model, as its note says: the same counters
/// and the same picture under both, on every story ± fix.
#[test]
fn a_seed_only_scene_is_the_same_under_either_model() {
    for (t, name, params) in states() {
        let spec = topics::scene(t.id()).unwrap();
        if spec.production || params.production() {
            continue;
        }
        let prod = params.clone().under(Assumptions::Production);
        let settle = spec
            .counters
            .iter()
            .map(|c| c.settle_s)
            .fold(1.0, f64::max)
            .min(120.0);
        let (a, fa) = run(t, &params, 5, settle, settle / 50.0);
        let (b, fb) = run(t, &prod, 5, settle, settle / 50.0);
        assert_eq!(a, b, "{} {name}: counters differ under production", t.id());
        assert_eq!(
            format!("{:?}", fa.shapes),
            format!("{:?}", fb.shapes),
            "{} {name}: the picture differs",
            t.id()
        );
    }
}

/// Side by side, a counter that has no value yet on one side reads "—"
/// there and claims no direction ("B lower" against nothing).
#[test]
fn a_counter_without_a_value_yet_tells_no_direction() {
    use fleetlab::model::scene::{Comparison, CounterSpec};
    use fleetlab::model::Unit;
    let specs = [CounterSpec::new("tpot", "TPOT p50 so far", Unit::Ms)];
    let c = Comparison {
        id: "x",
        label: "x",
        param: "x",
        a: "1",
        b: "2",
        watch: "",
        claims: &[],
    };
    let mut told = String::new();
    c.tell(&specs, &[f64::NAN], &[12.0], &mut told);
    assert_eq!(told, "Now: TPOT p50 so far: A —, B 12 ms.");
    told.clear();
    c.tell(&specs, &[14.0], &[12.0], &mut told);
    assert_eq!(told, "Now: TPOT p50 so far: A 14 ms, B 12 ms, B lower.");
}
