//! Nothing on a page contradicts itself: a slider's keyboard reaches the
//! whole range its label promises, a side-by-side caption says of the two
//! runs only what their counters show, a question said to be about the
//! page's sliders reads the page's values, and the words a page writes from
//! numbers agree in number ("1 try", "2 tries").

use fleetlab::challenge::{self, Value};
use fleetlab::model::{ParamKind, Params, Topic};
use fleetlab::topics;

/// Every story of every topic, with and without its fix, and the defaults.
fn states() -> Vec<(&'static dyn Topic, String, Params)> {
    let mut out = Vec::new();
    for t in topics::all() {
        out.push((t, "defaults".to_string(), Params::defaults(t.params())));
        for p in t.presets() {
            out.push((
                t,
                p.id.to_string(),
                t.preset_params(p, false).expect("story applies"),
            ));
            if p.fix.is_some() {
                out.push((
                    t,
                    format!("{} + fix", p.id),
                    t.preset_params(p, true).expect("fix applies"),
                ));
            }
        }
    }
    out
}

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

/// A question said to be about the page's sliders reads the page: on every
/// story ± fix of every topic, each template asked about the page either
/// says it is (`live`) and then each variable that mirrors a parameter or a
/// figure holds the page's value, or is drawn and does not say so.
#[test]
fn a_question_about_the_page_reads_the_page() {
    let mut live = 0;
    for (t, name, params) in states() {
        for tpl in challenge::templates(t) {
            if !challenge::mirrors_page(&tpl) {
                continue;
            }
            for seed in [1, 2, 3] {
                let q = topics::question_live(t, &tpl.id, seed, &params)
                    .unwrap_or_else(|e| panic!("{} {name} {}: {e}", t.id(), tpl.id));
                if !q.live {
                    continue;
                }
                live += 1;
                let out = t.run(&params);
                for v in &tpl.vars {
                    if let Some(id) = &v.figure {
                        let f = out.figures.iter().find(|f| f.id == id.as_str()).unwrap();
                        assert_eq!(
                            q.vars.num(&v.name),
                            f.value,
                            "{} {name} {} (seed {seed}): {} is not the page's figure {id}:\n{}",
                            t.id(),
                            tpl.id,
                            v.name,
                            q.text
                        );
                    }
                    let Some(param) = &v.param else { continue };
                    let Ok(i) = params.index(param) else { continue };
                    let page = params.values()[i];
                    let want = match params.specs()[i].kind {
                        ParamKind::Choice(options) => Value::Word(options[page as usize].0.into()),
                        ParamKind::Number { .. } => Value::Num(page),
                    };
                    let got = q
                        .vars
                        .values
                        .iter()
                        .find(|(n, _)| n == &v.name)
                        .map(|(_, x)| x);
                    assert_eq!(
                        got,
                        Some(&want),
                        "{} {name} {} (seed {seed}): {} is not the page's {param}:\n{}",
                        t.id(),
                        tpl.id,
                        v.name,
                        q.text
                    );
                }
            }
        }
    }
    assert!(live > 0, "no question was asked about a page");
}

/// A page whose values make a question trivial asks a drawn one instead,
/// and does not call it the page's: with no warm replica there is no
/// standby rent to ask about ("A warm pool keeps 0 replicas…").
#[test]
fn a_trivial_page_question_is_drawn_instead() {
    let t = topics::find("warm-pool").unwrap();
    let mut params = Params::defaults(t.params());
    params.set("warm", "0").unwrap();
    for seed in 1..20 {
        let q = topics::question_live(t, "C1", seed, &params).unwrap();
        assert!(!q.live, "seed {seed}: {}", q.text);
        assert!(!q.text.contains("keeps 0 "), "{}", q.text);
        assert!(q.answer > 0.0, "{}", q.text);
    }
    params.set("warm", "2").unwrap();
    assert!(topics::question_live(t, "C1", 1, &params).unwrap().live);
}

/// Whether `text` writes `sym` as a symbol of a formula: bounded by no
/// letter or digit, and beside an operator or a bracket ("a·T", "(a − r)").
fn in_formula(text: &str, sym: &str) -> bool {
    const OPS: &[char] = &['·', '×', '/', '(', ')', '−', '+', '=', '≤', '≥'];
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    text.match_indices(sym).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after_text = &text[i + sym.len()..];
        let after = after_text.chars().next();
        if word(before) || word(after) {
            return false;
        }
        let near = |s: &str| {
            s.trim_start()
                .chars()
                .next()
                .is_some_and(|c| OPS.contains(&c))
        };
        near(after_text) || near(&text[..i].chars().rev().collect::<String>())
    })
}

/// One symbol, one meaning: where a question's hint or worked solution
/// writes a symbol of the topic's math panel in a formula and the question
/// has a variable of that name, the variable mirrors the parameter the
/// panel says sets the symbol (the tiers panel's `a` is the admit share; a
/// hint's `a` for the free arrivals said otherwise).
#[test]
fn a_hint_and_the_math_panel_mean_one_thing_by_a_symbol() {
    for t in topics::all() {
        let Some(math) = topics::math(t.id()) else {
            continue;
        };
        for tpl in challenge::templates(t) {
            let texts: Vec<&str> = tpl.hints.iter().map(String::as_str).collect();
            for s in math.symbols {
                let Some(v) = tpl.vars.iter().find(|v| v.name == s.symbol) else {
                    continue;
                };
                if v.param.as_deref() == s.param || !texts.iter().any(|h| in_formula(h, s.symbol)) {
                    continue;
                }
                panic!(
                    "{} {}: a hint writes {} for {:?}, the math panel for {}",
                    t.id(),
                    tpl.id,
                    s.symbol,
                    v.param,
                    s.meaning
                );
            }
        }
    }
}

#[test]
fn formula_symbols_are_told_from_words() {
    assert!(in_formula("min(a·T, B)", "a"));
    assert!(in_formula("B / (a − r)", "a"));
    assert!(!in_formula("a bucket that starts full", "a"));
    assert!(!in_formula("λ_fA = a_x", "a"));
}

/// Runs `topic`'s scene on `params` for `seconds` of its time and returns
/// its counters.
fn settled(t: &dyn Topic, params: &Params, seed: u64, seconds: f64) -> Vec<f64> {
    let spec = topics::scene(t.id()).unwrap();
    let mut scene = (spec.build)(params, seed);
    let dt = seconds / 400.0;
    let mut elapsed = 0.0;
    while elapsed < seconds {
        scene.advance(dt);
        elapsed += dt;
    }
    let mut out = Vec::new();
    scene.counters(&mut out);
    out
}

/// A side-by-side caption says only what its two runs show: for every
/// comparison of every topic on every story ± fix, both sides run on one
/// seed for the scene's settling time, and each direction the caption
/// claims ("B waits less") holds between the sides' own counters; the
/// figures it states are those counters.
#[test]
fn a_side_by_side_caption_holds_against_its_counters() {
    let mut checked = 0;
    for (t, name, params) in states() {
        let Some(spec) = topics::scene(t.id()) else {
            continue;
        };
        let settle = spec.counters.iter().map(|c| c.settle_s).fold(0.0, f64::max);
        for c in spec.comparisons {
            for seed in [3, 11] {
                let side = |v: &str| {
                    let mut p = params.clone();
                    p.apply(&[(c.param, v)]).unwrap();
                    settled(t, &p, seed, settle)
                };
                let (a, b) = (side(c.a), side(c.b));
                for claim in c.claims {
                    let i = spec
                        .counters
                        .iter()
                        .position(|k| k.id == claim.counter)
                        .unwrap_or_else(|| {
                            panic!("{} {}: no counter {}", t.id(), c.id, claim.counter)
                        });
                    assert!(
                        claim.holds(a[i], b[i]),
                        "{} {name} (seed {seed}) “{}”: claims B's {} {:?} A's, but A {} and B {}",
                        t.id(),
                        c.label,
                        claim.counter,
                        claim.b,
                        a[i],
                        b[i]
                    );
                    checked += 1;
                }
                let mut told = String::new();
                c.tell(spec.counters, &a, &b, &mut told);
                for (k, counter) in spec.counters.iter().enumerate() {
                    let named =
                        c.claims.is_empty() || c.claims.iter().any(|x| x.counter == counter.id);
                    if named {
                        let pair = format!(
                            "{}: A {}, B {}",
                            counter.label,
                            counter.unit.format(a[k]),
                            counter.unit.format(b[k])
                        );
                        assert!(told.contains(&pair), "{} {}: {told}", t.id(), c.id);
                    }
                }
            }
        }
    }
    assert!(checked > 0);
}
