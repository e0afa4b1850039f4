//! The page's colours, read from www/style.css for each screen theme (light,
//! dark, projector): text 4.5:1 on every surface it sits on, input edges and
//! the focus ring 3:1, every chart line 3:1 on the chart's background, and
//! the series that share a chart (every story ± fix of every topic, and each
//! parameter at its ends) at least 10 CIEDE2000 apart with normal sight and
//! under simulated deuteranopia and protanopia (Machado et al. 2009, full
//! severity), where a dichromat tells colours apart by lightness and the
//! blue–yellow axis alone.

use fleetlab::model::chart_colour::{legible, Rgb, TEXT_CONTRAST};
use fleetlab::model::{ParamKind, Plot, Tone};
use fleetlab::topics;
use std::collections::{BTreeMap, BTreeSet};

const CSS: &str = include_str!("../www/style.css");
/// Least CIEDE2000 difference between two series of one chart.
const MIN_DELTA_E: f64 = 10.0;
/// Least contrast of a line, an input's edge or the focus ring (WCAG 1.4.11).
const NON_TEXT: f64 = 3.0;

/// The stylesheet's rules as a screen shows them at full width: (selector,
/// body), with those of `@media screen` blocks and none of other blocks.
fn rules(css: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = css;
    while let Some(open) = rest.find('{') {
        let head = rest[..open]
            .rsplit("*/")
            .next()
            .unwrap_or("")
            .trim()
            .to_string();
        let (mut depth, mut end) = (0, open);
        for (i, ch) in rest[open..].char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                end = open + i;
                break;
            }
        }
        let body = &rest[open + 1..end];
        if head == "@media screen" {
            out.extend(rules(body));
        } else if !head.starts_with('@') {
            out.push((head, body.to_string()));
        }
        rest = &rest[end + 1..];
    }
    out
}

fn uncommented(css: &str) -> String {
    let mut out = String::new();
    let mut rest = css;
    while let Some(at) = rest.find("/*") {
        out.push_str(&rest[..at]);
        rest = rest[at..].split_once("*/").map_or("", |(_, r)| r);
    }
    out + rest
}

/// The custom properties the rules with exactly `selector` set.
fn rule(selector: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for (_, body) in rules(&uncommented(CSS))
        .iter()
        .filter(|(s, _)| s == selector)
    {
        for decl in body.split(';') {
            if let Some((k, v)) = decl.trim().split_once(':') {
                if k.trim().starts_with("--") {
                    out.insert(k.trim().to_string(), v.trim().to_string());
                }
            }
        }
    }
    out
}

/// The screen themes: each the light one with its own rule over it.
fn themes() -> Vec<(&'static str, BTreeMap<String, String>)> {
    let light = rule(":root");
    let over = |sel: &str| {
        let mut t = light.clone();
        let own = rule(sel);
        assert!(!own.is_empty(), "style.css has a rule {sel}");
        t.extend(own);
        t
    };
    vec![
        ("light", light.clone()),
        ("dark", over(":root[data-theme=\"dark\"]:not([data-print])")),
        (
            "projector",
            over(":root[data-theme=\"projector\"]:not([data-print])"),
        ),
    ]
}

fn colour(theme: &BTreeMap<String, String>, name: &str) -> Rgb {
    let v = theme
        .get(name)
        .unwrap_or_else(|| panic!("style.css sets {name}"));
    Rgb::parse(v).unwrap_or_else(|| panic!("{name}: {v} is not #rrggbb"))
}

// Colour vision: sRGB to linear light, the dichromat's simulation, CIELAB
// (D65) and CIEDE2000.

fn linear(c: u8) -> f64 {
    let c = c as f64 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

type Matrix = [[f64; 3]; 3];
const NORMAL: Matrix = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
const DEUTERANOPIA: Matrix = [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.011820, 0.042940, 0.968881],
];
const PROTANOPIA: Matrix = [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
];
const SIGHTS: [(&str, Matrix); 3] = [
    ("normal sight", NORMAL),
    ("deuteranopia", DEUTERANOPIA),
    ("protanopia", PROTANOPIA),
];

fn lab(c: Rgb, m: &Matrix) -> [f64; 3] {
    let l = [linear(c.0), linear(c.1), linear(c.2)];
    let s: Vec<f64> = m
        .iter()
        .map(|row| (row[0] * l[0] + row[1] * l[1] + row[2] * l[2]).clamp(0.0, 1.0))
        .collect();
    let x = (0.4124564 * s[0] + 0.3575761 * s[1] + 0.1804375 * s[2]) / 0.95047;
    let y = 0.2126729 * s[0] + 0.7151522 * s[1] + 0.0721750 * s[2];
    let z = (0.0193339 * s[0] + 0.1191920 * s[1] + 0.9503041 * s[2]) / 1.08883;
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// CIEDE2000 (Sharma, Wu and Dalal's formulation).
fn delta_e(p: [f64; 3], q: [f64; 3]) -> f64 {
    let [l1, a1, b1] = p;
    let [l2, a2, b2] = q;
    let c_bar = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
    let g = 0.5 * (1.0 - (c_bar.powi(7) / (c_bar.powi(7) + 25f64.powi(7))).sqrt());
    let (a1, a2) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1, c2) = (a1.hypot(b1), a2.hypot(b2));
    let hue = |b: f64, a: f64| b.atan2(a).to_degrees().rem_euclid(360.0);
    let (h1, h2) = (hue(b1, a1), hue(b2, a2));
    let dl = l2 - l1;
    let dc = c2 - c1;
    let mut dh = h2 - h1;
    if c1 * c2 == 0.0 {
        dh = 0.0;
    } else if dh > 180.0 {
        dh -= 360.0;
    } else if dh < -180.0 {
        dh += 360.0;
    }
    let dhh = 2.0 * (c1 * c2).sqrt() * (dh.to_radians() / 2.0).sin();
    let l_bar = (l1 + l2) / 2.0;
    let c_bar = (c1 + c2) / 2.0;
    let h_bar = if c1 * c2 == 0.0 {
        h1 + h2
    } else if (h1 - h2).abs() > 180.0 {
        (h1 + h2 + 360.0) / 2.0 - if h1 + h2 >= 360.0 { 360.0 } else { 0.0 }
    } else {
        (h1 + h2) / 2.0
    };
    let cos = |d: f64| d.to_radians().cos();
    let t =
        1.0 - 0.17 * cos(h_bar - 30.0) + 0.24 * cos(2.0 * h_bar) + 0.32 * cos(3.0 * h_bar + 6.0)
            - 0.20 * cos(4.0 * h_bar - 63.0);
    let d_theta = 30.0 * (-((h_bar - 275.0) / 25.0).powi(2)).exp();
    let rc = 2.0 * (c_bar.powi(7) / (c_bar.powi(7) + 25f64.powi(7))).sqrt();
    let sl = 1.0 + 0.015 * (l_bar - 50.0).powi(2) / (20.0 + (l_bar - 50.0).powi(2)).sqrt();
    let sc = 1.0 + 0.045 * c_bar;
    let sh = 1.0 + 0.015 * c_bar * t;
    let rt = -(2.0 * d_theta).to_radians().sin() * rc;
    ((dl / sl).powi(2) + (dc / sc).powi(2) + (dhh / sh).powi(2) + rt * (dc / sc) * (dhh / sh))
        .sqrt()
}

#[test]
fn delta_e_is_ciede2000() {
    // Sharma, Wu and Dalal's test pairs 1, 7 and 17.
    let cases = [
        ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
        ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
        ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
    ];
    for (p, q, want) in cases {
        assert!((delta_e(p, q) - want).abs() < 1e-3, "{p:?} {q:?}");
    }
}

/// The tones that share a chart, as series or bar sets (reference lines
/// are labelled where they are drawn), over every state a reader reaches
/// by a button and each parameter at its ends.
fn shared_tones() -> BTreeSet<(String, Vec<usize>)> {
    let mut seen = BTreeSet::new();
    for t in topics::all() {
        let mut runs = vec![t.defaults()];
        for p in t.presets() {
            runs.push(t.preset_params(p, false).unwrap());
            if p.fix.is_some() {
                runs.push(t.preset_params(p, true).unwrap());
            }
        }
        for (i, spec) in t.params().iter().enumerate() {
            let ends = match spec.kind {
                ParamKind::Number { min, max, .. } => vec![min, max],
                ParamKind::Choice(o) => (0..o.len()).map(|k| k as f64).collect(),
            };
            for v in ends {
                let mut p = t.defaults();
                p.set_clamped(i, v);
                runs.push(p);
            }
        }
        for p in runs {
            for c in t.run(&p).charts {
                let tones: BTreeSet<usize> = match &c.plot {
                    Plot::Xy(xy) => xy.series.iter().map(|s| s.tone.index()).collect(),
                    Plot::Bars(b) => b.sets.iter().map(|s| s.tone.index()).collect(),
                    Plot::Ring(_) => [Tone::Bad.index(), Tone::Muted.index()].into(),
                };
                seen.insert((format!("{} {}", t.id(), c.id), tones.into_iter().collect()));
            }
        }
    }
    seen
}

#[test]
fn series_that_share_a_chart_differ_for_every_sight_and_stand_out() {
    let charts = shared_tones();
    let mut bad = Vec::new();
    for (name, theme) in themes() {
        let bg = colour(&theme, "--chart-bg");
        let tone = |i: usize| colour(&theme, Tone::ALL[i].var());
        for (chart, tones) in &charts {
            for (k, &a) in tones.iter().enumerate() {
                let c = tone(a).contrast(bg);
                if c < NON_TEXT {
                    bad.push(format!(
                        "{name}: {chart}: {:?} is {c:.2}:1 on its background",
                        Tone::ALL[a]
                    ));
                }
                for &b in &tones[k + 1..] {
                    for (sight, m) in &SIGHTS {
                        let d = delta_e(lab(tone(a), m), lab(tone(b), m));
                        if d < MIN_DELTA_E {
                            bad.push(format!(
                                "{name}: {chart}: {:?} and {:?} are ΔE {d:.1} apart ({sight})",
                                Tone::ALL[a],
                                Tone::ALL[b]
                            ));
                        }
                    }
                }
            }
        }
    }
    bad.sort();
    bad.dedup();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn text_edges_and_the_focus_ring_have_their_contrast() {
    let mut bad = Vec::new();
    let mut need = |theme: &str, what: String, c: f64, min: f64| {
        if c < min {
            bad.push(format!("{theme}: {what} is {c:.2}:1, under {min}:1"));
        }
    };
    for (name, t) in themes() {
        let c = |n: &str| colour(&t, n);
        let surfaces = [
            "--bg",
            "--card",
            "--field",
            "--tint",
            "--accent-bg",
            "--info-bg",
            "--good-bg",
            "--bad-bg",
            "--warn-bg",
        ];
        for s in surfaces {
            for ink in ["--ink", "--muted", "--accent"] {
                need(
                    name,
                    format!("{ink} on {s}"),
                    c(ink).contrast(c(s)),
                    TEXT_CONTRAST,
                );
            }
            need(
                name,
                format!("--focus around {s}"),
                c("--focus").contrast(c(s)),
                NON_TEXT,
            );
        }
        for (ink, on) in [
            ("--good", "--good-bg"),
            ("--bad", "--bad-bg"),
            ("--good", "--card"),
            ("--bad", "--card"),
            ("--close", "--card"),
            ("--on-accent", "--accent"),
        ] {
            need(
                name,
                format!("{ink} on {on}"),
                c(ink).contrast(c(on)),
                TEXT_CONTRAST,
            );
        }
        for s in ["--bg", "--card", "--field"] {
            let what = format!("--field-line on {s}");
            need(name, what, c("--field-line").contrast(c(s)), NON_TEXT);
        }
        // The header keeps its own ring, light on its dark bar.
        let head = Rgb::parse(&rule(".site")["--focus"]).expect("the header's ring");
        need(
            name,
            "the header's ring".into(),
            head.contrast(c("--head-bg")),
            NON_TEXT,
        );
        // Canvas text: each tone's text shade, and the scene's inks.
        let bg = c("--chart-bg");
        for tone in Tone::ALL {
            let text = legible(c(tone.var()), bg, c("--chart-ink"));
            need(
                name,
                format!("chart text in {tone:?}"),
                text.contrast(bg),
                TEXT_CONTRAST,
            );
        }
        for ink in ["--scene-text", "--scene-muted"] {
            let what = format!("{ink} on the scene");
            need(name, what, c(ink).contrast(c("--scene-bg")), TEXT_CONTRAST);
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn forced_colours_give_every_canvas_ink_a_system_colour() {
    let forced = CSS
        .split("@media (forced-colors: active)")
        .nth(1)
        .expect("a forced-colours block");
    let system = [
        "Canvas",
        "CanvasText",
        "GrayText",
        "Highlight",
        "LinkText",
        "ButtonFace",
    ];
    let light = rule(":root");
    let inks = light.keys().filter(|k| {
        (k.starts_with("--chart-") || k.starts_with("--scene-")) && Rgb::parse(&light[*k]).is_some()
    });
    for name in inks {
        let at = forced
            .find(&format!("{name}:"))
            .unwrap_or_else(|| panic!("forced colours set {name}"));
        let value = forced[at + name.len() + 1..]
            .split(';')
            .next()
            .unwrap()
            .trim();
        assert!(
            system.contains(&value),
            "{name}: {value} is not a system colour"
        );
    }
}
