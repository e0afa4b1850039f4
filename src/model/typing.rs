//! What people type in a parameter's box on a page, read as the slider beside
//! it shows the value.
//!
//! - A percent box (a share, stored as a fraction and shown as "80%", or a
//!   count of percent): "80", "80%", "80 %" and the fraction "0.8" all mean
//!   80 %. A number of 1 or more is a percent ("1" is 1 %, as the slider
//!   writes it); a number below 1 is a fraction; a "%" sign always means
//!   percent ("0.5%" is half a percent).
//! - Any box takes its value in its own unit, with or without the unit
//!   written as the page writes it ("500 ms", "$2.50/h", "8 GB"), digits
//!   grouped in threes ("12,288", the shared number reader's grouping) and a
//!   `k` (thousand) or `M` (million) suffix ("20k", "1.5M").
//!
//! Total: any text gives a value the spec allows or a sentence for the page
//! that quotes what was typed and says what is allowed, in the units the
//! page shows; never a panic. The command line and links keep the plain
//! reader ([`ParamSpec::parse`]): this one is for people at a page.

use super::param::{quote, read_number, ParamKind, ParamSpec};
use super::units::{group, Unit};

/// How the box stores what it reads.
#[derive(Clone, Copy, PartialEq)]
enum Percent {
    /// Not a percent box.
    No,
    /// Stored as a fraction (`Unit::Share`: 0.8 for 80 %).
    Fraction,
    /// Stored as the percent itself (a count of "%": 80 for 80 %).
    Points,
}

impl ParamSpec {
    fn percent(&self) -> Percent {
        match self.unit {
            Unit::Share => Percent::Fraction,
            Unit::Count("%") => Percent::Points,
            _ => Percent::No,
        }
    }

    /// The value as its box shows it: a percent box in percent with its sign
    /// ("80%", "0.5%"), any other box as the command line writes it.
    pub fn box_text(&self, v: f64) -> String {
        match (self.kind, self.percent()) {
            (ParamKind::Number { .. }, Percent::Fraction) => format!("{}%", plain(tidy(v * 100.0))),
            (ParamKind::Number { .. }, Percent::Points) => format!("{}%", plain(v)),
            _ => self.show(v),
        }
    }

    /// What the box takes, in a sentence, for its hint; none for a box that
    /// takes only a plain number.
    pub fn box_hint(&self) -> Option<String> {
        let ParamKind::Number { max, log, .. } = self.kind else {
            return None;
        };
        if self.percent() != Percent::No {
            return Some(
                "Type 80, 80% or 0.8 for 80%: from 1 up a number is a percent (1 is 1%), \
                 below 1 a fraction; write 0.5% for half a percent."
                    .into(),
            );
        }
        if !log && max < 10_000.0 {
            return None;
        }
        // The default, a value the page runs well at; the top of a long
        // range where only it shows how large numbers are written.
        let example = if self.default >= 1_000.0 || max < 1_000.0 {
            self.default
        } else {
            max
        };
        let suffixed = if example % 1e6 == 0.0 {
            format!(", {}M", plain(example / 1e6))
        } else if example % 1e3 == 0.0 {
            format!(", {}k", plain(example / 1e3))
        } else {
            String::new()
        };
        let (bare, grouped) = (plain(example), group(example, 0));
        if bare == grouped && suffixed.is_empty() {
            // One way to write it: nothing to say is the same.
            return Some(format!(
                "Type the value in {}, for example {bare}.",
                unit_words(self.unit)
            ));
        }
        Some(format!(
            "Type the value in {}: {bare}, {grouped}{suffixed} are the same.",
            unit_words(self.unit),
        ))
    }

    /// Reads what a person typed in the box (the rules are in this file's
    /// header). The error is a sentence for the page.
    pub fn read_typed(&self, text: &str) -> Result<f64, String> {
        let t = text.trim();
        let ParamKind::Number { min, max, .. } = self.kind else {
            return self.parse(t).map_err(|e| e.to_string());
        };
        let v = match self.percent() {
            Percent::No => self.read_in_unit(t),
            p => read_percent(t).map(|pct| match p {
                Percent::Fraction => tidy(pct / 100.0),
                _ => pct,
            }),
        };
        let said = quote(t);
        let Some(v) = v else {
            return Err(format!(
                "{}: “{said}” is not a number{}.",
                self.label,
                match self.box_hint() {
                    Some(_) => "; see the hint",
                    None => "",
                }
            ));
        };
        if v < min || v > max {
            return Err(format!(
                "{}: “{said}” is out of range (allowed {} to {}).",
                self.label,
                self.display(min),
                self.display(max)
            ));
        }
        if self.is_integer() && v.fract() != 0.0 {
            return Err(format!("{}: “{said}” is not a whole number.", self.label));
        }
        Ok(v)
    }

    /// A number in this box's unit, the unit written or not.
    fn read_in_unit(&self, t: &str) -> Option<f64> {
        let mut rest = t;
        for (pre, post) in affixes(self.unit) {
            let p = pre.trim();
            if !p.is_empty() {
                if let Some(r) = strip_prefix_ci(rest, p) {
                    rest = r.trim_start();
                }
            }
            let q = post.trim();
            if !q.is_empty() {
                if let Some(r) = strip_suffix_ci(rest, q) {
                    rest = r.trim_end();
                }
            }
        }
        scaled(rest)
    }
}

/// A percent: a number with a "%" sign, or a bare number (1 or more:
/// percent; below 1: a fraction, written as its percent).
fn read_percent(t: &str) -> Option<f64> {
    if let Some(p) = t.strip_suffix('%') {
        return scaled(p.trim_end());
    }
    let x = scaled(t)?;
    Some(if x.abs() >= 1.0 { x } else { tidy(x * 100.0) })
}

/// A number with an optional `k` (×1,000) or `M` (×1,000,000) suffix.
fn scaled(t: &str) -> Option<f64> {
    let t = t.trim();
    let (digits, factor) = if let Some(d) = t.strip_suffix(['k', 'K']) {
        (d, 1e3)
    } else if let Some(d) = t.strip_suffix('M') {
        (d, 1e6)
    } else {
        (t, 1.0)
    };
    let v = read_number(digits.trim_end())?;
    let v = if factor == 1.0 { v } else { tidy(v * factor) };
    v.is_finite().then_some(v)
}

/// The words around a number as the page writes this unit, for `7` and for
/// `1` (a count's singular), after the unit's symbol: `("$", "/h")`,
/// `("", " cards")`, `("", " card")`.
fn affixes(unit: Unit) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let symbol = unit.symbol();
    if !symbol.is_empty() {
        out.push((String::new(), symbol.to_string()));
    }
    for v in [7.0, 1.0] {
        let s = unit.format(v);
        let Some(start) = s.find(|c: char| c.is_ascii_digit()) else {
            continue;
        };
        let len = s[start..]
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
            .unwrap_or(s.len() - start);
        out.push((s[..start].to_string(), s[start + len..].to_string()));
    }
    if unit == Unit::Ratio {
        out.push((String::new(), "x".to_string()));
    }
    out
}

/// The unit as a hint names it.
fn unit_words(unit: Unit) -> String {
    match unit.symbol() {
        "" => "plain numbers".to_string(),
        s => s.to_string(),
    }
}

fn strip_prefix_ci<'a>(s: &'a str, p: &str) -> Option<&'a str> {
    let head = s.get(..p.len())?;
    head.eq_ignore_ascii_case(p).then(|| &s[p.len()..])
}

fn strip_suffix_ci<'a>(s: &'a str, p: &str) -> Option<&'a str> {
    let cut = s.len().checked_sub(p.len())?;
    let tail = s.get(cut..)?;
    tail.eq_ignore_ascii_case(p).then(|| &s[..cut])
}

/// `v` without the binary noise of a scaling (7.000000000000001 → 7): its
/// nearest value of 13 significant digits.
fn tidy(v: f64) -> f64 {
    if !v.is_finite() || v == 0.0 {
        return v;
    }
    super::decimal::parse(&format!("{v:.12e}")).unwrap_or(v)
}

/// A number written plainly: whole numbers without a decimal point.
fn plain(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A parameter for these tests: its label, unit, range and default.
    fn spec(label: &'static str, unit: Unit, kind: ParamKind, default: f64) -> ParamSpec {
        ParamSpec::bare("p", label, unit, kind, default)
    }

    fn share(min: f64, max: f64) -> ParamSpec {
        spec("Share", Unit::Share, ParamKind::range(min, max, 0.01), 0.5)
    }

    /// Each of `typed` reads as `want` in `spec`'s box.
    fn reads(spec: &ParamSpec, typed: &[&str], want: f64) {
        for t in typed {
            assert_eq!(spec.read_typed(t), Ok(want), "{t}");
        }
    }

    #[test]
    fn a_percent_box_reads_what_the_slider_shows() {
        let s = share(0.0, 1.0);
        reads(
            &s,
            &["80", "80%", "80 %", " 80 % ", "0.8", ".8", "80.0"],
            0.8,
        );
        for (t, want) in [
            ("1", 0.01),
            ("1%", 0.01),
            ("100", 1.0),
            ("0.5%", 0.005),
            ("0.5", 0.5),
            ("7", 0.07),
            ("33.3", 0.333),
            ("0", 0.0),
        ] {
            reads(&s, &[t], want);
        }
        assert_eq!(s.box_text(0.8), "80%");
        assert_eq!(s.box_text(0.07), "7%");
        assert_eq!(s.box_text(0.005), "0.5%");
        let e = share(0.0, 0.3).read_typed("80").unwrap_err();
        assert_eq!(e, "Share: “80” is out of range (allowed 0% to 30%).");
        let pct = ParamKind::range(0.0, 100.0, 1.0);
        let pct = spec("Eviction share", Unit::Count("%"), pct, 20.0);
        reads(&pct, &["20", "20%", "20 %", "0.2"], 20.0);
        assert_eq!(pct.box_text(20.0), "20%");
    }

    #[test]
    fn any_box_takes_its_unit_groups_and_suffixes() {
        let tok = ParamKind::log_range(0.0, 1_000_000.0, 1000.0);
        let tok = spec("Demand", Unit::TokPerS, tok, 60_000.0);
        let typed = [
            "60000",
            "60,000",
            "60k",
            "60K",
            "60 k",
            "60000 tok/s",
            "60k tok/s",
            "0.06M",
        ];
        reads(&tok, &typed, 60_000.0);
        let hint = tok.box_hint().unwrap();
        assert!(hint.contains("60000, 60,000, 60k"), "{hint}");
        // A short log range's example is its default, not its top (an
        // arrival rate's 200 a second would swamp the replica it is on).
        let rate = ParamKind::log_range(0.1, 200.0, 0.1);
        let rate = spec("Arrivals", Unit::Count("req/s"), rate, 8.0);
        assert!(rate.box_hint().unwrap().ends_with("for example 8."));
        let cards = ParamKind::range(1.0, 512.0, 1.0);
        let cards = spec("Cards", Unit::Count("cards"), cards, 64.0);
        reads(&cards, &["65", "65 cards", "65cards", "65 Cards"], 65.0);
        reads(&cards, &["1 card"], 1.0);
        assert_eq!(
            cards.read_typed("12.5").unwrap_err(),
            "Cards: “12.5” is not a whole number."
        );
        assert!(cards.read_typed("12 GB").is_err());
        let price = spec(
            "Price",
            Unit::UsdPerHour,
            ParamKind::range(0.1, 20.0, 0.05),
            2.5,
        );
        reads(&price, &["2.5", "$2.50", "$2.50/h", "2.5 $/h"], 2.5);
        let ratio = spec(
            "Premium",
            Unit::Ratio,
            ParamKind::range(1.0, 2.5, 0.01),
            1.35,
        );
        reads(&ratio, &["1.35", "1.35×", "1.35x"], 1.35);
        for junk in [
            "", "k", "M", "%", "1kk", "inf", "NaN", "1e999", "--1", "1,00",
        ] {
            assert!(tok.read_typed(junk).is_err(), "{junk}");
        }
    }
}
