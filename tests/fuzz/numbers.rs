//! The number reader of the command line and the links (`read_number`,
//! `ParamSpec::parse`) on mutated numeric text: it never panics, it accepts
//! exactly the grammar its documentation gives (checked against an
//! independent reading of that grammar), what it accepts is finite and reads
//! back from its own text, and a parameter's error quotes what was typed.

use crate::{chance, fuzz, grouped, long_text, mutate, number_text, pick, wild_f64, ODD_WORDS};
use fleetlab::model::param::{quote, read_number};
use fleetlab::model::{ParamError, ParamKind, ParamSpec, SplitMix64, Unit};
use fleetlab::topics;

/// The grammar of `read_number`'s documentation, read independently: an
/// optional sign, integer digits (plain, or grouped in threes by one kind of
/// separator), an optional fraction, an optional exponent, at least one
/// digit before the exponent; the value must not overflow, nor underflow a
/// nonzero mantissa to zero.
fn documented(text: &str) -> Option<f64> {
    let t = text.trim();
    if !t.is_ascii() {
        return None;
    }
    let (sign, rest) = match t.as_bytes().first() {
        Some(b'-') => ("-", &t[1..]),
        Some(b'+') => ("", &t[1..]),
        _ => ("", t),
    };
    let int_end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == ',' || c == '_'))
        .unwrap_or(rest.len());
    let int = ungrouped(&rest[..int_end])?;
    let mut rest = &rest[int_end..];
    let mut frac = "";
    if let Some(r) = rest.strip_prefix('.') {
        let end = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
        frac = &r[..end];
        rest = &r[end..];
    }
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    let mut exp = "0".to_string();
    if let Some(r) = rest.strip_prefix(['e', 'E']) {
        let (esign, digits) = match r.as_bytes().first() {
            Some(b'-') => ("-", &r[1..]),
            Some(b'+') => ("", &r[1..]),
            _ => ("", r),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        exp = format!("{esign}{digits}");
        rest = "";
    }
    if !rest.is_empty() {
        return None;
    }
    let int = if int.is_empty() { "0".to_string() } else { int };
    let frac = if frac.is_empty() { "0" } else { frac };
    let canonical = format!("{sign}{int}.{frac}e{exp}");
    let v: f64 = canonical
        .parse()
        .unwrap_or_else(|e| panic!("the oracle wrote {canonical}: {e}"));
    let nonzero = int.bytes().chain(frac.bytes()).any(|b| b != b'0');
    (v.is_finite() && (v != 0.0 || !nonzero)).then_some(v)
}

/// Integer digits without separators: plain digits, or 1–3 digits then
/// groups of exactly three, all split by `,` or all by `_`.
fn ungrouped(int: &str) -> Option<String> {
    let seps: Vec<char> = int.chars().filter(|c| !c.is_ascii_digit()).collect();
    if seps.is_empty() {
        return Some(int.to_string());
    }
    if seps.iter().any(|c| *c != seps[0]) {
        return None;
    }
    let groups: Vec<&str> = int.split(seps[0]).collect();
    let ok = (1..=3).contains(&groups[0].len()) && groups[1..].iter().all(|g| g.len() == 3);
    ok.then(|| groups.concat())
}

/// Digits written by hand: valid and odd groupings, fractions, exponents of
/// any length.
fn hand_written(rng: &mut SplitMix64) -> String {
    let digits = |rng: &mut SplitMix64, n: u64| -> String {
        (0..n)
            .map(|_| (b'0' + rng.below(10) as u8) as char)
            .collect()
    };
    let mut s = String::new();
    if chance(rng, 0.3) {
        s.push(*pick(rng, &['-', '+', '−']));
    }
    let n = *pick(rng, &[0, 1, 2, 3, 4, 7, 12, 17, 20, 30, 400]);
    let int = digits(rng, n);
    s += &match rng.below(4) {
        0 => grouped(&int, ','),
        1 => grouped(&int, '_'),
        2 => mutate(&grouped(&int, *pick(rng, &[',', '_'])), 2, rng),
        _ => int,
    };
    if chance(rng, 0.5) {
        s.push('.');
        let n = *pick(rng, &[0, 1, 3, 16, 17, 25, 330]);
        s += &digits(rng, n);
    }
    if chance(rng, 0.4) {
        s.push(*pick(rng, &['e', 'E']));
        if chance(rng, 0.5) {
            s.push(*pick(rng, &['-', '+']));
        }
        let n = *pick(rng, &[0, 1, 2, 3, 4, 5, 20]);
        s += &digits(rng, n);
    }
    s
}

pub fn numeric_text(rng: &mut SplitMix64) -> String {
    let base = match rng.below(10) {
        0..=3 => number_text(wild_f64(rng), rng),
        4..=7 => hand_written(rng),
        8 => pick(rng, ODD_WORDS).to_string(),
        _ if chance(rng, 0.05) => long_text(rng, "1,000"),
        _ => String::new(),
    };
    mutate(&base, *pick(rng, &[0, 0, 1, 3]), rng)
}

/// Every parameter of every topic.
fn all_specs() -> Vec<&'static ParamSpec> {
    topics::all().flat_map(|t| t.params().iter()).collect()
}

#[test]
fn read_number_accepts_exactly_its_grammar() {
    fuzz(
        "read_number_accepts_exactly_its_grammar",
        1.0,
        numeric_text,
        |text| {
            let got = read_number(text);
            let want = documented(text);
            assert_eq!(
                got.map(f64::to_bits),
                want.map(f64::to_bits),
                "read_number({text:?}) = {got:?}, the documented grammar reads {want:?}"
            );
            if let Some(v) = got {
                assert!(v.is_finite());
                for back in [format!("{v}"), format!("{v:e}"), format!("{v:E}")] {
                    assert_eq!(read_number(&back), Some(v), "{v} written as {back}");
                }
            }
        },
    );
}

#[test]
fn param_parse_quotes_what_was_typed() {
    let specs = all_specs();
    fuzz(
        "param_parse_quotes_what_was_typed",
        0.5,
        |rng| {
            let spec = *pick(rng, &specs);
            let text = match spec.kind {
                ParamKind::Choice(options) if chance(rng, 0.5) => {
                    mutate(pick(rng, options).0, 2, rng)
                }
                _ => numeric_text(rng),
            };
            (spec.name, spec_index(&specs, spec), text)
        },
        |(_, i, text)| one_spec(specs[*i], text),
    );
}

fn spec_index(specs: &[&'static ParamSpec], spec: &ParamSpec) -> usize {
    specs
        .iter()
        .position(|s| std::ptr::eq(*s, spec))
        .expect("a listed spec")
}

fn one_spec(spec: &ParamSpec, text: &str) {
    let typed = quote(text.trim());
    match spec.parse(text) {
        Ok(v) => {
            assert!(spec.check(v).is_ok(), "{}: {text:?} gave {v}", spec.name);
            assert_eq!(spec.parse(&spec.show(v)), Ok(v), "{}: {v}", spec.name);
            if let ParamKind::Number { .. } = spec.kind {
                assert_eq!(read_number(text), Some(v));
            }
        }
        Err(e) => {
            let msg = e.to_string();
            let allowed = match spec.kind {
                ParamKind::Choice(o) => o.iter().map(|(w, _)| w.len() + 2).sum(),
                ParamKind::Number { .. } => 0,
            };
            assert!(
                msg.chars().count() <= 160 + allowed,
                "{}: a long message for {text:?}: {msg}",
                spec.name
            );
            assert!(
                msg.contains(&typed),
                "{}: the message does not quote {typed:?}: {msg}",
                spec.name
            );
            match e {
                ParamError::NotANumber { .. } => assert_eq!(read_number(text), None),
                ParamError::OutOfRange { got, .. } => {
                    assert_eq!(read_number(text), Some(got));
                    assert!(spec.check(spec.clamp(got)).is_ok());
                }
                ParamError::NotWhole { got, .. } => {
                    assert!(spec.is_integer() && got.fract() != 0.0);
                    assert!(spec.check(spec.clamp(got)).is_ok());
                }
                ParamError::NotAChoice { .. } => {
                    assert!(matches!(spec.kind, ParamKind::Choice(_)))
                }
                ParamError::Unknown { .. } => panic!("parse named an unknown parameter"),
            }
        }
    }
}

/// Text as people type it into a page's parameter box: numbers in the
/// unit's words, with a percent sign, a k or M suffix, grouped, or junk.
fn box_text(spec: &ParamSpec, rng: &mut SplitMix64) -> String {
    let (min, max) = match spec.kind {
        ParamKind::Number { min, max, .. } => (min, max),
        ParamKind::Choice(_) => (0.0, 1.0),
    };
    let v = if chance(rng, 0.7) {
        min + (max - min) * rng.next_unit()
    } else {
        wild_f64(rng)
    };
    let base = match rng.below(6) {
        0 => spec.box_text(spec.clamp(v)),
        1 => spec.display(spec.clamp(v)),
        2 => format!("{}%", number_text(v * 100.0, rng)),
        3 => format!(
            "{}{}",
            number_text(v / 1000.0, rng),
            pick(rng, &["k", "K", " k", "M"])
        ),
        4 => numeric_text(rng),
        _ => number_text(v, rng),
    };
    mutate(&base, *pick(rng, &[0, 0, 0, 1, 2]), rng)
}

#[test]
fn param_box_reads_what_people_type() {
    let specs = all_specs();
    fuzz(
        "param_box_reads_what_people_type",
        0.5,
        |rng| {
            let spec = *pick(rng, &specs);
            (spec.name, spec_index(&specs, spec), box_text(spec, rng))
        },
        |(_, i, text)| {
            let spec = specs[*i];
            match spec.read_typed(text) {
                Ok(v) => {
                    assert!(spec.check(v).is_ok(), "{}: {text:?} gave {v}", spec.name);
                    // The box writes it back so that it reads the same.
                    let again = spec.read_typed(&spec.box_text(v));
                    let back = again.clone().unwrap_or(f64::NAN);
                    assert!(
                        (back - v).abs() <= 1e-9 * v.abs().max(1.0),
                        "{}: {v} shown as {:?} reads {again:?}",
                        spec.name,
                        spec.box_text(v)
                    );
                }
                Err(msg) => {
                    assert!(
                        msg.chars().count() <= 200,
                        "{}: a long message for {text:?}: {msg}",
                        spec.name
                    );
                    if let ParamKind::Number { .. } = spec.kind {
                        assert!(
                            msg.contains(&quote(text.trim())),
                            "{}: the message does not quote {text:?}: {msg}",
                            spec.name
                        );
                    }
                }
            }
        },
    );
}

#[test]
fn a_percent_box_reads_80_as_the_slider_shows_it() {
    for spec in all_specs() {
        let divisor = match spec.unit {
            Unit::Share => 100.0,
            Unit::Count("%") => 1.0,
            _ => continue,
        };
        let ParamKind::Number { min, max, .. } = spec.kind else {
            continue;
        };
        for pct in [1.0, 5.0, 12.5, 30.0, 55.0, 80.0, 95.0, 100.0] {
            let want = pct / divisor;
            if want < min || want > max || (spec.is_integer() && want.fract() != 0.0) {
                continue;
            }
            for text in [format!("{pct}"), format!("{pct}%"), format!("{pct} %")] {
                assert_eq!(spec.read_typed(&text), Ok(want), "{}: {text}", spec.name);
            }
            if pct < 100.0 && pct > 1.0 {
                let fraction = format!("{}", pct / 100.0);
                assert_eq!(
                    spec.read_typed(&fraction),
                    Ok(want),
                    "{}: {fraction}",
                    spec.name
                );
            }
        }
    }
}
