//! The replica scene's own checks (the topic is not in the registry yet,
//! so tests/scenes.rs does not reach it): determinism across frame rates,
//! counters that settle on the figures, finite frames inside the scene,
//! readable texts that never cover each other, wide and on a phone.

use super::super::params::{PARAMS, PRESETS};
use super::*;
use crate::model::scene::{Layout, Shape};

/// The defaults and every story with and without its fix.
fn states() -> Vec<(String, Params)> {
    let mut out = vec![("defaults".to_string(), Params::defaults(&PARAMS))];
    for p in PRESETS.iter() {
        let mut params = Params::defaults(&PARAMS);
        params.apply(p.set).expect("story applies");
        out.push((p.id.to_string(), params.clone()));
        if let Some(f) = p.fix {
            params.apply(f.set).expect("fix applies");
            out.push((format!("{} + fix", p.id), params));
        }
    }
    out
}

/// The scene after `seconds` of its time in frames of `dt`.
fn run(p: &Params, seconds: f64, dt: f64) -> (Box<dyn Scene>, Vec<f64>) {
    let mut scene = (SCENE.build)(p, 7);
    let mut elapsed = 0.0;
    while elapsed < seconds {
        scene.advance(dt);
        elapsed += dt;
    }
    let mut counters = Vec::new();
    scene.counters(&mut counters);
    (scene, counters)
}

fn figure(p: &Params, id: &str) -> f64 {
    super::super::run(p).get(id).unwrap()
}

/// More states than the stories: the corners of the engine (one-token
/// replies, no room for any KV cache, a batch of one, tiny steps on eight
/// B200s, long prompts without chunking, 8-bit everything, bursts).
fn corners() -> Vec<(String, Params)> {
    let sets: [&[(&str, &str)]; 7] = [
        &[("output_tokens", "1"), ("arrival_rps", "40")],
        &[("model", "70b"), ("tp", "1")],
        &[("max_batch", "1"), ("arrival_rps", "2")],
        &[("gpu", "b200"), ("tp", "8"), ("step_overhead_ms", "0")],
        &[
            ("long_share", "0.2"),
            ("chunked_prefill", "off"),
            ("arrivals", "bursty"),
        ],
        &[
            ("model", "70b"),
            ("tp", "2"),
            ("weight_bits", "8"),
            ("kv_bits", "8"),
            ("prompt_tokens", "7500"),
            ("arrival_rps", "3"),
        ],
        &[
            ("prompt_tokens", "32768"),
            ("output_tokens", "4096"),
            ("arrival_rps", "20"),
            ("requests", "200"),
        ],
    ];
    let mut out = states();
    for set in sets {
        let mut p = Params::defaults(&PARAMS);
        p.apply(set).expect("corner applies");
        out.push((format!("{set:?}"), p));
    }
    out
}

fn frame_of(scene: &dyn Scene) -> Frame {
    let mut f = Frame::default();
    scene.draw(&mut f);
    f
}

/// The same frames at 60 and at 30 frames a second, at the default speed
/// and at ×100 (the clock steps in whole steps, not frames).
#[test]
fn same_frames_at_60_and_30_frames_a_second() {
    for (name, p) in corners() {
        for speed in [None, Some(100.0)] {
            let mut a = (SCENE.build)(&p, 1);
            let mut b = (SCENE.build)(&p, 1);
            let v = speed.unwrap_or(a.default_speed());
            for second in 0..12 {
                for _ in 0..60 {
                    a.advance(v / 60.0);
                }
                for _ in 0..30 {
                    b.advance(v / 30.0);
                }
                let (fa, fb) = (frame_of(&*a), frame_of(&*b));
                assert_eq!(fa.shapes, fb.shapes, "{name} at ×{v}, second {second}");
                assert_eq!(fa.text, fb.text, "{name} at ×{v}, second {second}");
                let (mut ca, mut cb) = (Vec::new(), Vec::new());
                a.counters(&mut ca);
                b.counters(&mut cb);
                // Bit for bit: a counter with no value yet is NaN on both.
                let bits = |c: &[f64]| c.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(
                    bits(&ca),
                    bits(&cb),
                    "{name} at ×{v}, second {second}: {ca:?}"
                );
            }
        }
    }
}

/// As the registry's test will: after the settling time (in 400 frames)
/// each counter that names a figure is within its tolerance of it.
#[test]
fn counters_settle_on_the_figures() {
    let settle = COUNTERS.iter().map(|c| c.settle_s).fold(0.0, f64::max);
    for (name, p) in states() {
        let (_, values) = run(&p, settle, settle / 400.0);
        // The registry's frame rates: 50 and 200 frames, the same state.
        assert_eq!(
            run(&p, settle, settle / 50.0).1,
            run(&p, settle, settle / 200.0).1,
            "{name}"
        );
        for (c, v) in COUNTERS.iter().zip(&values) {
            let Some(fig) = c.figure else { continue };
            let f = figure(&p, fig);
            assert!(
                (v - f).abs() <= c.tolerance,
                "{name}: {} = {v} but {fig} = {f} (tolerance {})",
                c.id,
                c.tolerance
            );
        }
    }
}

/// The scene is the figures' run: once it is over, its medians and its
/// tokens a second are the figures (TTFT included, which names none).
#[test]
fn when_the_run_is_over_the_counters_are_the_figures() {
    for (name, p) in states() {
        let end = figure(&p, "simulated_s");
        let (scene, c) = run(&p, end + 60.0, 32.0);
        let mut words = String::new();
        scene.summary(&mut words);
        assert!(words.starts_with("The run is over"), "{name}: {words}");
        let unfinished = figure(&p, "unfinished");
        let pairs = [
            (c[0], "ttft_p50_ms", true),
            (c[1], "tpot_p50_ms", unfinished == 0.0),
            (c[2], "throughput_tok_s", true),
        ];
        for (v, fig, exact) in pairs {
            let f = figure(&p, fig);
            let tol = if exact {
                1e-9 * f.abs().max(1.0)
            } else {
                0.01 * f
            };
            assert!((v - f).abs() <= tol, "{name}: {v} against {fig} = {f}");
        }
    }
}

/// Every shape inside the scene, every number finite, every text normal
/// or large, inside and clear of the others, and a summary, over the
/// corners, in short frames and in the registry's long ones, in both
/// layouts.
#[test]
fn frames_are_finite_inside_and_readable() {
    let mut faults = Vec::new();
    for (name, p) in corners() {
        for layout in [Layout::Wide, Layout::Narrow] {
            let name = format!("{name} ({layout:?})");
            faults.extend(
                layout_faults(&p, layout)
                    .into_iter()
                    .map(|f| format!("{name} {f}")),
            );
        }
    }
    faults.sort();
    faults.dedup_by(|a, b| {
        a.replace(|c: char| c.is_ascii_digit(), "") == b.replace(|c: char| c.is_ascii_digit(), "")
    });
    assert!(
        faults.is_empty(),
        "{} faults:\n{}",
        faults.len(),
        faults.join("\n")
    );
}

/// What is wrong with the scene's frames for `p` in `layout`: shapes
/// outside it, texts small, outside or covering each other.
fn layout_faults(p: &Params, layout: Layout) -> Vec<String> {
    let mut faults = Vec::new();
    let mut scene = (SCENE.build)(p, 11);
    let (w, h) = scene.size(layout);
    let mut frame = Frame::laid_out(layout);
    let mut counters = Vec::new();
    let mut summary = String::new();
    let v = scene.default_speed();
    for step in 0..160 {
        // Short frames first (a tenth of a real second each), then the
        // registry's growing ones.
        let dt = if step < 120 {
            v / 10.0
        } else {
            0.5 * (step - 120) as f64
        };
        scene.advance(dt);
        frame.clear();
        scene.draw(&mut frame);
        counters.clear();
        scene.counters(&mut counters);
        // Finite, or NaN while a median has no sample yet.
        assert!(
            counters.iter().all(|c| c.is_finite() || c.is_nan()),
            "{counters:?}"
        );
        assert_eq!(counters.len(), COUNTERS.len());
        summary.clear();
        scene.summary(&mut summary);
        assert!(!summary.trim().is_empty(), "no summary");
        for s in &frame.shapes {
            if let Some(fault) = outside(s, w, h) {
                faults.push(format!("step {step}: {fault}"));
            }
        }
        faults.extend(
            text_faults(&frame, w, h)
                .into_iter()
                .map(|f| format!("step {step}: {f}")),
        );
    }
    faults
}

/// Where a shape leaves the `w × h` scene or is not finite.
fn outside(s: &Shape, w: f32, h: f32) -> Option<String> {
    let (x0, y0, x1, y1) = match *s {
        Shape::Rect { x, y, w, h, .. } => (x, y, x + w, y + h),
        Shape::Mark { x, y, r, .. } => (x - r, y - r, x + r, y + r),
        Shape::Line { x0, y0, x1, y1, .. } => (x0.min(x1), y0.min(y1), x0.max(x1), y0.max(y1)),
        Shape::Text { x, y, .. } => (x, y, x, y),
        Shape::Arc { cx, cy, r, .. } => (cx - r, cy - r, cx + r, cy + r),
    };
    let ok = [x0, y0, x1, y1].iter().all(|v| v.is_finite())
        && x0 >= -0.5
        && y0 >= -0.5
        && x1 <= w + 0.5
        && y1 <= h + 0.5
        && x1 >= x0
        && y1 >= y0;
    (!ok).then(|| format!("{s:?} outside the {w}×{h} scene"))
}

/// The registry's text rules (widths from the charts' table at 13 and 17
/// units), and no small text: each text a learner reads is normal or large.
fn text_faults(frame: &Frame, w: f32, h: f32) -> Vec<String> {
    use crate::model::scene::TextSize;
    let mut boxes = Vec::new();
    let mut faults = Vec::new();
    for (b, t, size) in frame.text_boxes() {
        if size == TextSize::Small {
            faults.push(format!("{t:?} is small"));
        }
        if b.0 < -0.5 || b.1 < -0.5 || b.2 > w + 0.5 || b.3 > h + 0.5 {
            faults.push(format!("{t:?} at {b:?} leaves the scene"));
        }
        boxes.push((b, t.to_string()));
    }
    for (i, (a, at)) in boxes.iter().enumerate() {
        for (b, bt) in &boxes[i + 1..] {
            if a.0 < b.2 - 0.5 && b.0 < a.2 - 0.5 && a.1 < b.3 - 0.5 && b.1 < a.3 - 0.5 {
                faults.push(format!("{at:?} {a:?} covers {bt:?} {b:?}"));
            }
        }
    }
    faults
}

/// At the page's width at 1,366 px (a canvas 876 CSS px wide), the
/// smallest text the scene uses, normal (13 units), is at least 13 CSS px;
/// on a phone the scene has a column of its own, 320 units across, where it
/// is at least 12 CSS px across the 320 px it is shown.
#[test]
fn normal_text_is_13_css_px_on_a_1366_px_page_and_12_on_a_phone() {
    let css_per_unit = 876.0 / SIZE.0 as f64;
    assert!(13.0 * css_per_unit >= 13.0, "{}", 13.0 * css_per_unit);
    let scene = (SCENE.build)(&Params::defaults(&PARAMS), 1);
    assert_eq!(scene.size(Layout::Wide), SIZE);
    let (w, h) = scene.size(Layout::Narrow);
    assert!(w <= 320.0 && h > w && 13.0 * 320.0 / w >= 12.0, "{w} × {h}");
}

/// The summary says what the counters say: the batch and the queue now.
#[test]
fn the_summary_agrees_with_the_counters() {
    for (name, p) in corners() {
        let mut scene = (SCENE.build)(&p, 1);
        let mut words = String::new();
        let mut c = Vec::new();
        for _ in 0..30 {
            scene.advance(0.37);
            words.clear();
            scene.summary(&mut words);
            c.clear();
            scene.counters(&mut c);
            if words.starts_with("The run is over") || words.contains("waits for its first") {
                continue;
            }
            let (batch, waiting) = (c[3] as usize, c[4] as usize);
            let noun = if batch == 1 { "sequence" } else { "sequences" };
            assert!(
                words.contains(&format!("{batch} {noun} in the batch, {waiting} waiting")),
                "{name}: {words} against {c:?}"
            );
        }
    }
}

/// The comparisons' sentences hold on every story: chunked prefill off
/// never gives a token in a step that prefills, on always does when a
/// reply decodes; 8-bit KV has at least twice the blocks less one; four
/// GPUs have more blocks and a shorter step for the same work.
#[test]
fn the_comparisons_watch_sentences_hold() {
    use super::super::model::Replica;
    use super::super::sim::Engine;
    for (name, base) in states() {
        let side = |param: &str, v: &str| {
            let mut p = base.clone();
            p.apply(&[(param, v)]).unwrap();
            Input::read(&p)
        };
        for (v, chunked) in [("off", false), ("on", true)] {
            let mut e = Engine::new(&side("chunked_prefill", v));
            for _ in 0..3000 {
                let decoding = e.running.iter().filter(|s| !s.prefilling()).count();
                if !e.step() {
                    break;
                }
                let l = e.last;
                if !chunked {
                    assert!(
                        l.prefill_tokens == 0 || l.decode_tokens == 0,
                        "{name}: {l:?}"
                    );
                } else if decoding > 0 && l.dt > 0.0 {
                    assert!(l.decode_tokens > 0, "{name}: {l:?}");
                }
            }
        }
        let blocks = |i: Input| Replica::new(&i.hw).blocks;
        let (b16, b8) = (blocks(side("kv_bits", "16")), blocks(side("kv_bits", "8")));
        assert!(b8 + 1 >= 2 * b16, "{name}: {b16} and {b8} blocks");
        let (r2, r4) = (
            Replica::new(&side("tp", "2").hw),
            Replica::new(&side("tp", "4").hw),
        );
        assert!(r4.blocks > r2.blocks, "{name}");
        for (tokens, kv) in [(1.0, 1000.0), (2048.0, 50_000.0)] {
            assert!(r4.step_s(tokens, tokens * 500.0, kv) < r2.step_s(tokens, tokens * 500.0, kv));
        }
    }
}

/// A long-running scene's frames keep their buffers: once warm, drawing
/// grows neither the shapes nor the text.
#[test]
fn a_warm_frame_does_not_grow() {
    let mut p = Params::defaults(&PARAMS);
    p.apply(&[("arrival_rps", "16"), ("prompt_tokens", "2000")])
        .unwrap();
    let mut scene = (SCENE.build)(&p, 1);
    let mut frame = Frame::default();
    let mut most = (0, 0);
    for i in 0..400 {
        scene.advance(0.05);
        frame.clear();
        scene.draw(&mut frame);
        most = (most.0.max(frame.shapes.len()), most.1.max(frame.text.len()));
        if i == 399 {
            assert!(frame.shapes.capacity() >= most.0 && frame.text.capacity() >= most.1);
        }
    }
    // Thousands of blocks draw as a few hundred shapes at most.
    assert!(most.0 < 900, "{most:?}");
}

/// Before the first request there is no first-token median, and before
/// the first reply finishes no per-token one: the counters are NaN ("—"),
/// not "0 ms"; once a reply has finished both are values.
#[test]
fn a_median_before_its_first_sample_is_no_value() {
    let p = Params::defaults(&PARAMS);
    let (_, c) = run(&p, 0.0, 1.0);
    assert!(c[0].is_nan() && c[1].is_nan(), "{c:?}");
    let mut scene = (SCENE.build)(&p, 7);
    let mut out = Vec::new();
    let mut saw_wait_without_reply = false;
    for _ in 0..4000 {
        scene.advance(0.01);
        out.clear();
        scene.counters(&mut out);
        if out[1].is_finite() {
            break;
        }
        saw_wait_without_reply |= out[0].is_finite();
    }
    assert!(
        saw_wait_without_reply,
        "a first-token median shows before a reply finishes"
    );
    assert!(out[0].is_finite() && out[1].is_finite(), "{out:?}");
}

/// When the run is over the scene says so, says it has ended (the page
/// stops playing it), and its clock stands within a step of the end the
/// summary names, however long the page goes on advancing it.
#[test]
fn the_clock_stands_once_the_run_is_over() {
    let mut p = Params::defaults(&PARAMS);
    p.set("requests", "200").unwrap();
    let mut scene = (SCENE.build)(&p, 7);
    let mut t = 0.0;
    while !scene.ended() && t < 100_000.0 {
        scene.advance(1.0);
        t += 1.0;
    }
    assert!(scene.ended(), "a run of 200 requests ends");
    let stood = scene.now_s();
    for _ in 0..100 {
        scene.advance(5.0);
    }
    assert_eq!(scene.now_s(), stood, "the clock stands");
    let mut words = String::new();
    scene.summary(&mut words);
    // The end it names is the time its standing clock shows.
    let shown = crate::model::scene_clock::clock_words(stood);
    assert!(
        words.starts_with(&format!("The run is over at {shown}:")),
        "clock {stood} s ({shown}): {words}"
    );
}
