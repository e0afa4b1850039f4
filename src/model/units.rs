//! Units of figures, parameters and answers, and how each one is written.
//!
//! Conventions of every spec: shares are stored as fractions and shown as
//! percentages; memory is decimal (1 GB = 1000 MB); `T` tokens are 10^12.
//! Formatting lives here once, so the page, the CLI and a challenge's worked
//! solution print a figure the same way.

use serde::Serialize;

/// Hours in a month as every topic counts it (the seeds: "a month is 730
/// hours"): buying the fleet's month, and the slips' 730× (`challenge::slip`).
pub const MONTH_HOURS: u64 = 730;

/// The unit a number is measured in. The answer parser reads each as a
/// dimension and a factor to that dimension's base, so that units of one
/// dimension (MB and GB; ms and s) convert into each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Unit {
    /// A plain count; the noun is what is counted ("cards", "families", "").
    Count(&'static str),
    /// A fraction, written as a percentage (0.5 → 50%).
    Share,
    /// Percentage points of a whole (24.1 points of fleet load).
    Points,
    /// A multiple of something (busiest ÷ average = 1.25×).
    Ratio,
    /// Megabytes, decimal.
    Mb,
    /// Gigabytes, decimal.
    Gb,
    Ms,
    Seconds,
    Hours,
    /// US dollars.
    Usd,
    UsdPerHour,
    UsdPerDay,
    UsdPerMonth,
    UsdPerYear,
    /// Dollars per million tokens.
    UsdPerMTok,
    TokPerS,
    ReqPerS,
    Tokens,
    /// 10^12 tokens ("10T a month").
    TTokens,
    TokPerUsd,
    /// A parameter without unit, such as a seed or a choice.
    None,
}

impl Unit {
    /// The unit's symbol as written after a number ("MB", "%", "tok/s").
    pub fn symbol(self) -> &'static str {
        match self {
            Unit::Count(noun) => noun,
            Unit::Share => "%",
            Unit::Points => "points",
            Unit::Ratio => "×",
            Unit::Mb => "MB",
            Unit::Gb => "GB",
            Unit::Ms => "ms",
            Unit::Seconds => "s",
            Unit::Hours => "h",
            Unit::Usd => "$",
            Unit::UsdPerHour => "$/h",
            Unit::UsdPerDay => "$/day",
            Unit::UsdPerMonth => "$/month",
            Unit::UsdPerYear => "$/year",
            Unit::UsdPerMTok => "$ per 1M tokens",
            Unit::TokPerS => "tok/s",
            Unit::ReqPerS => "req/s",
            Unit::Tokens => "tokens",
            Unit::TTokens => "T tokens",
            Unit::TokPerUsd => "tok/$",
            Unit::None => "",
        }
    }

    /// Writes `v` (in this unit's stored form: fractions for shares) for a
    /// reader: "50%", "12,288 MB", "$87,600", "$10.00/h", "∞ ms".
    pub fn format(self, v: f64) -> String {
        if v.is_nan() {
            return "—".to_string();
        }
        if v.is_infinite() {
            let sign = if v < 0.0 { "−" } else { "" };
            return match self {
                Unit::Share => format!("{sign}∞%"),
                _ => join(&format!("{sign}∞"), self),
            };
        }
        match self {
            Unit::Share => format!("{}%", trim(&fixed(v * 100.0, 2))),
            Unit::Points => format!("{} points", trim(&fixed(v, 2))),
            // Three decimals: a ratio judged against 1.25 must not print as 1.25.
            Unit::Ratio => format!("{}×", trim(&fixed(v, 3))),
            Unit::Usd => dollars(v, ""),
            Unit::UsdPerHour => dollars(v, "/h"),
            Unit::UsdPerDay => dollars(v, "/day"),
            Unit::UsdPerMonth => dollars(v, "/month"),
            Unit::UsdPerYear => dollars(v, "/year"),
            Unit::UsdPerMTok => format!("${} per 1M", trim_to(&group(v, 4), 2)),
            Unit::Count(noun) if v == 1.0 => join_word("1", singular(noun)),
            // A wait past a minute also in the words a reader thinks in.
            Unit::Ms if v.abs() >= 60_000.0 => {
                format!("{} ({})", join(&number(v), self), long_wait(v / 1000.0))
            }
            _ => join(&number(v), self),
        }
    }
}

/// A duration of a minute or more, in minutes, hours or days to one
/// decimal ("1.5 h").
fn long_wait(s: f64) -> String {
    let (v, unit) = match s.abs() {
        a if a < 3_600.0 => (s / 60.0, "min"),
        a if a < 172_800.0 => (s / 3_600.0, "h"),
        _ => (s / 86_400.0, "days"),
    };
    format!("{} {unit}", trim(&fixed(v, 1)))
}

/// "1 replica", "3 replicas", "1 try": a count and its noun (a plural),
/// agreeing.
pub fn counted(n: f64, noun: &'static str) -> String {
    Unit::Count(noun).format(n)
}

/// "1 replica's worth", "3 replicas' worth".
pub fn worth(n: f64, noun: &'static str) -> String {
    let c = counted(n, noun);
    if c.ends_with('s') {
        format!("{c}' worth")
    } else {
        format!("{c}'s worth")
    }
}

/// A small count in words ("five"); larger ones as digits.
pub fn count_word(n: usize) -> String {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// "cards" → "card", "families" → "family", "copies" → "copy"; words that
/// are not plain plurals ("per card", "tok/s") stay.
pub fn singular(noun: &str) -> &str {
    if noun.contains(' ') || noun.contains('/') {
        return noun;
    }
    if let Some(stem) = noun.strip_suffix("ies") {
        // "families" → "family": the stem plus y, written from a table of the
        // nouns used, since a &str cannot be built here.
        return match stem {
            "famil" => "family",
            "cop" => "copy",
            "tr" => "try",
            _ => noun,
        };
    }
    noun.strip_suffix('s').unwrap_or(noun)
}

fn join_word(num: &str, word: &str) -> String {
    if word.is_empty() {
        num.to_string()
    } else {
        format!("{num} {word}")
    }
}

impl Unit {
    /// A short axis tick: "50%", "$1.2M", "12k".
    pub fn tick(self, v: f64) -> String {
        match self {
            Unit::Share => {
                let p = v * 100.0;
                let d = if p.abs() >= 10.0 || p == 0.0 {
                    0
                } else if p.abs() >= 1.0 {
                    1
                } else {
                    2
                };
                format!("{}%", trim(&fixed(p, d)))
            }
            Unit::Usd
            | Unit::UsdPerHour
            | Unit::UsdPerDay
            | Unit::UsdPerMonth
            | Unit::UsdPerYear
            | Unit::UsdPerMTok => {
                if v < 0.0 {
                    format!("−${}", compact(-v))
                } else {
                    format!("${}", compact(v))
                }
            }
            Unit::Ratio => format!("{}×", compact(v)),
            _ => compact(v),
        }
    }
}

/// 1.2T, 3.4B, 5M, 12k, 0.25: three significant digits at most.
pub fn compact(v: f64) -> String {
    let (x, suffix) = scaled(v, 1e4);
    let ax = x.abs();
    let d = if ax >= 100.0 || ax == 0.0 {
        0
    } else if ax >= 10.0 {
        1
    } else if ax >= 1.0 {
        2
    } else {
        3
    };
    let s = trim(&fixed(x, d));
    let s = s.strip_prefix('-').map(|r| format!("−{r}")).unwrap_or(s);
    format!("{s}{suffix}")
}

/// `v` over its power of a thousand and that power's suffix (T, B, M, k;
/// thousands only from `k_from` up): (1.5, "T") for 1.5e12.
pub fn scaled(v: f64, k_from: f64) -> (f64, &'static str) {
    let a = v.abs();
    if a >= 1e12 {
        (v / 1e12, "T")
    } else if a >= 1e9 {
        (v / 1e9, "B")
    } else if a >= 1e6 {
        (v / 1e6, "M")
    } else if a >= k_from {
        (v / 1e3, "k")
    } else {
        (v, "")
    }
}

fn join(num: &str, unit: Unit) -> String {
    match unit.symbol() {
        "" => num.to_string(),
        sym => format!("{num} {sym}"),
    }
}

/// Dollars: cents below $1,000, whole dollars with separators above.
fn dollars(v: f64, suffix: &str) -> String {
    let sign = if v < 0.0 { "−" } else { "" };
    let a = v.abs();
    let body = if a >= 1000.0 {
        group(a, 0)
    } else if a > 0.0 && a < 0.1 {
        // Cents alone would round a few cents' cost to $0.03 or $0.00:
        // three significant digits ($0.0314), never fewer than two decimals.
        let decimals = (2.0 - a.log10().floor()).clamp(2.0, 9.0) as usize;
        trim_to(&group(a, decimals), 2)
    } else {
        group(a, 2)
    };
    format!("{sign}${body}{suffix}")
}

/// A plain number with a precision that fits its size: integers exactly,
/// otherwise four significant digits (at least one decimal below 1,000).
pub fn number(v: f64) -> String {
    let a = v.abs();
    if (v - v.round()).abs() < 1e-9 * a.max(1.0) {
        return group(v.round(), 0);
    }
    let decimals = if a >= 1000.0 {
        0
    } else if a >= 100.0 {
        1
    } else if a >= 10.0 {
        2
    } else if a >= 1.0 {
        3
    } else if a == 0.0 {
        0
    } else {
        // Four significant digits below one.
        (3 - a.log10().floor() as i32).clamp(1, 12) as usize
    };
    trim(&group(v, decimals))
}

/// `v` with `decimals` decimals, no grouping.
pub fn fixed(v: f64, decimals: usize) -> String {
    // One spelling of the unbounded everywhere (Rust would write "inf").
    if v.is_infinite() {
        return if v > 0.0 { "∞" } else { "−∞" }.to_string();
    }
    if v.is_nan() {
        return "—".to_string();
    }
    let s = format!("{v:.decimals$}");
    // "-0.00" reads badly.
    if s.starts_with('-') && s[1..].chars().all(|c| c == '0' || c == '.') {
        s[1..].to_string()
    } else {
        s
    }
}

/// Appends `v` to one decimal, as `{:.1}` writes it, in whole-number
/// arithmetic: a chart's label boxes are written on every move, and the
/// float formatter's exact mode cost more than the rest of their text. A
/// half may round the other way (a tenth apart); "-0.0" is "0.0".
pub fn push_tenths(out: &mut String, v: f64) {
    use std::fmt::Write;
    let t = (v * 10.0).round();
    if !t.is_finite() || t.abs() >= 1e15 {
        let _ = write!(out, "{v:.1}");
        return;
    }
    let t = t as i64;
    let sign = if t < 0 { "-" } else { "" };
    let _ = write!(out, "{sign}{}.{}", t.abs() / 10, t.abs() % 10);
}

/// `v` with `decimals` decimals and a comma every three integer digits.
pub fn group(v: f64, decimals: usize) -> String {
    let s = fixed(v, decimals);
    let (sign, rest) = match s.strip_prefix('-') {
        Some(r) => ("−", r),
        None => ("", s.as_str()),
    };
    let (int, frac) = match rest.find('.') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    let mut out = String::with_capacity(s.len() + int.len() / 3);
    for (i, ch) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    format!("{sign}{out}{frac}")
}

/// `text` with its first letter in lower case (`upper`: a capital), in
/// ASCII: the page's own words start with an ASCII letter, and Unicode's
/// case tables weigh 4–7 KB brotli on a page
/// (tests/browser/split.test.mjs fails a page build that links them).
pub fn first_letter(text: &str, upper: bool) -> String {
    let mut chars = text.chars();
    let Some(c) = chars.next() else {
        return String::new();
    };
    let c = if upper {
        c.to_ascii_uppercase()
    } else {
        c.to_ascii_lowercase()
    };
    std::iter::once(c).chain(chars).collect()
}

/// Drops trailing zeros but keeps at least `keep` decimals ("2.5000" → "2.50").
pub fn trim_to(s: &str, keep: usize) -> String {
    let Some(dot) = s.find('.') else {
        return s.to_string();
    };
    let t = s.trim_end_matches('0');
    let min_len = dot + 1 + keep;
    if t.len() < min_len {
        s[..min_len.min(s.len())].to_string()
    } else {
        t.to_string()
    }
}

/// Drops trailing zeros after a decimal point ("50.00" → "50", "1.50" → "1.5").
pub fn trim(s: &str) -> String {
    if !s.contains('.') {
        return s.to_string();
    }
    let t = s.trim_end_matches('0');
    t.strip_suffix('.').unwrap_or(t).to_string()
}

/// A share as a reader sees it ("80%", "6.25%"): `Unit::Share.format`.
pub fn pct(share: f64) -> String {
    Unit::Share.format(share)
}

/// A share with up to four decimals of a percent ("61.2903%"): worked
/// solutions carry the digits a ±0.1-point answer needs.
pub fn percent4(share: f64) -> String {
    format!("{}%", trim(&fixed(100.0 * share, 4)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn tenths_are_what_the_float_formatter_writes_within_a_tenth() {
        let cases = [
            0.0, 0.04, 0.05, 0.15, 1.25, 2.0, -0.06, -3.75, 12.349, 99.95, 640.0, 1e16,
        ];
        for v in cases {
            let mut out = String::new();
            super::push_tenths(&mut out, v);
            let want = format!("{v:.1}");
            let (a, b): (f64, f64) = (out.parse().unwrap(), want.parse().unwrap());
            assert!((a - b).abs() <= 0.1 + 1e-9, "{v}: {out:?} against {want:?}");
            assert_eq!(out.split('.').nth(1).map(str::len), Some(1), "{out}");
        }
        let mut out = String::new();
        super::push_tenths(&mut out, 1234.56);
        assert_eq!(out, "1234.6");
    }

    use super::*;

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(counted(1.0, "tries"), "1 try");
        assert_eq!(counted(2.0, "tries"), "2 tries");
        assert_eq!(counted(0.0, "replicas"), "0 replicas");
        assert_eq!(worth(1.0, "replicas"), "1 replica's worth");
        assert_eq!(worth(3.0, "replicas"), "3 replicas' worth");
    }

    #[test]
    fn formats_read_like_the_seeds() {
        assert_eq!(Unit::Share.format(0.5), "50%");
        assert_eq!(Unit::Share.format(0.803175), "80.32%");
        assert_eq!(Unit::Share.format(1.0 / 65.0), "1.54%");
        assert_eq!(Unit::Mb.format(24576.0), "24,576 MB");
        assert_eq!(Unit::Usd.format(87600.0), "$87,600");
        assert_eq!(Unit::UsdPerHour.format(7.5), "$7.50/h");
        assert_eq!(Unit::UsdPerMonth.format(0.031_42), "$0.0314/month");
        assert_eq!(Unit::UsdPerMonth.format(0.05), "$0.05/month");
        assert_eq!(Unit::UsdPerMonth.format(0.000_123_4), "$0.000123/month");
        assert_eq!(Unit::UsdPerMonth.format(0.5), "$0.50/month");
        assert_eq!(Unit::Usd.format(441_000_000.0), "$441,000,000");
        assert_eq!(
            Unit::Points.format(30.0 * (0.8 + 0.2 / 63.0)),
            "24.1 points"
        );
        assert_eq!(Unit::Count("families").format(32.0), "32 families");
        assert_eq!(Unit::Count("families").format(1.0), "1 family");
        assert_eq!(Unit::Count("replicas").format(1.0), "1 replica");
        assert_eq!(Unit::Count("copies").format(1.0), "1 copy");
        assert_eq!(Unit::Count("per card").format(1.0), "1 per card");
        assert_eq!(Unit::Count("").format(1.0), "1");
        assert_eq!(Unit::Ms.format(f64::INFINITY), "∞ ms");
        assert_eq!(Unit::Ms.format(59_999.0), "59,999 ms");
        assert_eq!(Unit::Ms.format(90_000.0), "90,000 ms (1.5 min)");
        assert_eq!(Unit::Ms.format(5_475_224.0), "5,475,224 ms (1.5 h)");
        assert_eq!(Unit::Ms.format(3.0e8), "300,000,000 ms (3.5 days)");
        assert_eq!(number(f64::INFINITY), "∞");
        assert_eq!(number(f64::NEG_INFINITY), "−∞");
        assert_eq!(group(f64::INFINITY, 2), "∞");
        assert_eq!(Unit::TokPerS.format(61014.64), "61,015 tok/s");
        assert_eq!(number(0.0123456), "0.01235");
        assert_eq!(number(-1234.6), "−1,235");
        assert_eq!(fixed(-0.0001, 2), "0.00");
        assert_eq!(Unit::UsdPerMTok.format(2.5), "$2.50 per 1M");
        assert_eq!(Unit::UsdPerMTok.format(0.0799), "$0.0799 per 1M");
        assert_eq!(Unit::UsdPerMTok.format(1.27519), "$1.2752 per 1M");
    }
}
