//! Writes a topic's scene as an SVG, for looking at a scene without a browser
//! while building it:
//!
//! ```text
//! cargo run -q --example scene_svg -- load-balancing [story] [--fix] [--narrow] [name=value…] [seconds] > /tmp/s.svg
//! convert /tmp/s.svg /tmp/s.png
//! ```
//!
//! `--narrow` draws the scene's layout for a phone; `--production` runs it
//! closer to production; `name=value` sets a
//! parameter after the story (a guided start's step values, say). The inks get fixed
//! stand-in colours here; the page maps them to its theme.

use fleetlab::model::scene::{text_units, Align, Frame, Glyph, Ink, Layout, Shape};
use fleetlab::model::Params;
use fleetlab::topics;
use std::fmt::Write as _;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(id) = args.first() else {
        eprintln!("usage: scene_svg TOPIC [STORY] [--fix] [--narrow] [--production] [NAME=VALUE…] [SECONDS]");
        std::process::exit(2);
    };
    let topic = topics::find(id).unwrap_or_else(|| fail(&format!("no topic {id:?}")));
    let spec = topics::scene(id).unwrap_or_else(|| fail(&format!("{id} has no scene")));
    let mut params = Params::defaults(topic.params());
    let mut seconds = 30.0;
    let mut layout = Layout::Wide;
    for a in &args[1..] {
        if let Ok(s) = a.parse::<f64>() {
            seconds = s;
        } else if a == "--narrow" {
            layout = Layout::Narrow;
        } else if a == "--production" {
            params.set_assumptions(fleetlab::model::Assumptions::Production);
        } else if a.contains('=') {
            continue;
        } else if a == "--fix" {
            let preset = topic
                .presets()
                .iter()
                .find(|p| args.contains(&p.id.to_string()));
            if let Some(f) = preset.and_then(|p| p.fix) {
                params.apply(f.set).unwrap();
            }
        } else if let Some(p) = topic.presets().iter().find(|p| p.id == a) {
            params.apply(p.set).unwrap();
        } else {
            fail(&format!("unknown argument {a:?}"));
        }
    }
    // Settings after the story and its fix, whatever their order.
    for a in args[1..].iter().filter(|a| a.contains('=')) {
        let (name, value) = a.split_once('=').unwrap();
        params
            .set(name, value)
            .unwrap_or_else(|e| fail(&format!("{a}: {e}")));
    }
    let mut scene = (spec.build)(&params, 1);
    let mut t = 0.0;
    while t < seconds {
        scene.advance(1.0 / 60.0 * scene.default_speed());
        t += 1.0 / 60.0 * scene.default_speed();
    }
    let mut frame = Frame::laid_out(layout);
    scene.draw(&mut frame);
    let mut counters = Vec::new();
    scene.counters(&mut counters);
    let mut summary = String::new();
    scene.summary(&mut summary);
    eprintln!("t = {:.1} s, {} shapes", scene.now_s(), frame.shapes.len());
    for (c, v) in spec.counters.iter().zip(&counters) {
        eprintln!("  {} = {v:.4} (figure {:?})", c.label, c.figure);
    }
    eprintln!("  summary: {summary}");
    print!("{}", svg(&frame, scene.size(layout)));
}

fn fail(msg: &str) -> ! {
    eprintln!("scene_svg: {msg}");
    std::process::exit(2)
}

fn colour(ink: Ink) -> &'static str {
    match ink {
        Ink::Text => "#1d2430",
        Ink::Muted => "#5f6672",
        Ink::Card => "#dfe7f3",
        Ink::Booting => "#c9b6f0",
        Ink::Idle => "#e8e8e8",
        Ink::Down => "#444444",
        Ink::Hit => "#1f7a3a",
        Ink::Miss => "#c2410c",
        Ink::Refused => "#b91c1c",
        Ink::Waiting => "#6b7280",
        Ink::ClassA => "#1d4ed8",
        Ink::ClassB => "#c026d3",
        Ink::ClassC => "#a16207",
        Ink::Warn => "#b45309",
        Ink::Accent => "#0e7490",
    }
}

fn svg(frame: &Frame, (w, h): (f32, f32)) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif"><rect width="{w}" height="{h}" fill="white"/>"#
    );
    for shape in &frame.shapes {
        let _ = match *shape {
            Shape::Rect {
                x,
                y,
                w,
                h,
                ink,
                filled,
            } => {
                let c = colour(ink);
                if filled {
                    writeln!(
                        s,
                        r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{c}"/>"#
                    )
                } else {
                    writeln!(
                        s,
                        r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="none" stroke="{c}"/>"#
                    )
                }
            }
            Shape::Arc {
                cx,
                cy,
                r,
                a0,
                a1,
                width,
                ink,
            } => {
                // Drawn in halves: an SVG arc from a point to itself (a
                // whole circle) draws nothing.
                let p = |a: f32| (cx + r * a.sin(), cy - r * a.cos());
                let mid = (a0 + a1) / 2.0;
                let ((x0, y0), (xm, ym), (x1, y1)) = (p(a0), p(mid), p(a1));
                writeln!(
                    s,
                    r#"<path d="M{x0} {y0} A{r} {r} 0 0 1 {xm} {ym} A{r} {r} 0 0 1 {x1} {y1}" fill="none" stroke="{}" stroke-width="{width}"/>"#,
                    colour(ink)
                )
            }
            Shape::Line {
                x0,
                y0,
                x1,
                y1,
                ink,
                dashed,
            } => writeln!(
                s,
                r#"<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="{}" {}/>"#,
                colour(ink),
                if dashed {
                    r#"stroke-dasharray="4 3""#
                } else {
                    ""
                }
            ),
            Shape::Mark {
                x,
                y,
                r,
                glyph,
                ink,
            } => {
                let c = colour(ink);
                match glyph {
                    Glyph::Dot => writeln!(s, r#"<circle cx="{x}" cy="{y}" r="{r}" fill="{c}"/>"#),
                    Glyph::Ring => writeln!(
                        s,
                        r#"<circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="{c}"/>"#
                    ),
                    Glyph::Square => writeln!(
                        s,
                        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{c}"/>"#,
                        x - r,
                        y - r,
                        2.0 * r,
                        2.0 * r
                    ),
                    Glyph::Cross => writeln!(
                        s,
                        r#"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="{c}" stroke-width="2"/>"#,
                        x - r,
                        y - r,
                        x + r,
                        y + r,
                        x - r,
                        y + r,
                        x + r,
                        y - r
                    ),
                    Glyph::Triangle => writeln!(
                        s,
                        r#"<path d="M{x} {} L{} {} L{} {} Z" fill="{c}"/>"#,
                        y - r,
                        x + r,
                        y + r,
                        x - r,
                        y + r
                    ),
                }
            }
            Shape::Text {
                x,
                y,
                text,
                ink,
                size,
                align,
            } => {
                let px = text_units(size);
                let anchor = match align {
                    Align::Left => "start",
                    Align::Center => "middle",
                    Align::Right => "end",
                };
                let t = frame.str(text).replace('&', "&amp;").replace('<', "&lt;");
                writeln!(
                    s,
                    r#"<text x="{x}" y="{y}" font-size="{px}" text-anchor="{anchor}" fill="{}">{t}</text>"#,
                    colour(ink)
                )
            }
        };
    }
    s.push_str("</svg>\n");
    s
}
