//! Nothing on a page contradicts itself: a slider's keyboard reaches the
//! whole range its label promises, a side-by-side caption says of the two
//! runs only what their counters show, a question said to be about the
//! page's sliders reads the page's values, and the words a page writes from
//! numbers agree in number ("1 try", "2 tries").

use fleetlab::model::ParamKind;
use fleetlab::topics;

/// A range input's keyboard: from a thumb at `pos`, one press of an arrow
/// key (`dir` ±1) moves it a step, onto the track's grid `min + k·step`
/// and inside it, as a browser does.
fn press(track: fleetlab::model::track::Track, pos: f64, dir: f64) -> f64 {
    let top = ((track.max - track.min) / track.step + 1e-9).floor();
    let k = (((pos - track.min) / track.step).round() + dir).clamp(0.0, top);
    track.min + k * track.step
}

/// Every number parameter's slider walks from its min to its max under
/// ArrowRight, and back under ArrowLeft, each press moving the value on or
/// leaving it, never back, and the walk ending on the bound.
#[test]
fn the_keyboard_reaches_every_slider_bound() {
    for t in topics::all() {
        for spec in t.params() {
            let ParamKind::Number { min, max, .. } = spec.kind else {
                continue;
            };
            let track = spec.track().expect("a number has a track");
            let presses = ((track.max - track.min) / track.step).ceil() as usize + 2;
            for (from, to, dir) in [(min, max, 1.0), (max, min, -1.0)] {
                let (mut v, mut pos) = (from, spec.track_position(from, None));
                for _ in 0..presses {
                    let next = press(track, pos, dir);
                    let w = spec.track_value(next);
                    assert!(
                        (w - v) * dir >= 0.0,
                        "{} {}: a press from {v} went back to {w}",
                        t.id(),
                        spec.name
                    );
                    (v, pos) = (w, spec.track_position(w, Some(next)));
                }
                let near = 1e-9 * to.abs().max(1.0);
                assert!(
                    (v - to).abs() <= near,
                    "{} {}: the keyboard stops at {v}, not {to} (from {from})",
                    t.id(),
                    spec.name
                );
            }
        }
    }
}
