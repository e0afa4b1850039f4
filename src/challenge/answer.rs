//! Reading a learner's typed answer: "24,576", "24576 MB", "24.6 GB",
//! "1.2e4", "12k", "35%", "0.35" (where a share is asked), "$87,600", "2.5M",
//! "80.32 %". Units convert inside their family (GB ↔ MB, ms ↔ s, T ↔ B
//! tokens); a wrong family, garbage or nothing at all gets a message that says
//! what was expected. Prices over time convert too ($/h ↔ $/day ↔ $/month ↔
//! $/year, at 24 hours a day and 730 hours a month). Total: every string gives
//! a finite value or an error that quotes it (shortened when long), never a
//! panic (property-tested and fuzzed: tests/fuzz).

use crate::model::param::quote;
use crate::model::units::{Family, Unit};
use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub enum AnswerError {
    Empty,
    NoNumber(String),
    UnknownUnit(String),
    WrongFamily { got: String, want: Unit },
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnswerError::Empty => write!(f, "Type a number first."),
            AnswerError::NoNumber(s) => write!(
                f,
                "“{s}” is not a number I can read. Try digits like 24576, 24,576, 1.2e4, 12k or 35%."
            ),
            AnswerError::UnknownUnit(u) => {
                write!(f, "I don't know the unit “{u}”. Leave it off, or use one like MB, GB, ms, s, $, %.")
            }
            AnswerError::WrongFamily { got, want } => write!(
                f,
                "“{got}” is {} but the question asks for {}{}.",
                family_words(unit_family_of_word(got)),
                family_words(Some(want.family())),
                match want.symbol() {
                    "" => String::new(),
                    s => format!(" ({s})"),
                }
            ),
        }
    }
}

impl std::error::Error for AnswerError {}

fn family_words(f: Option<Family>) -> &'static str {
    match f {
        Some(Family::Memory) => "a memory size",
        Some(Family::Time) => "a time",
        Some(Family::Money) => "an amount of money",
        Some(Family::MoneyRate) => "a price over time",
        Some(Family::TokenPrice) => "a price per million tokens",
        Some(Family::Share) => "a percentage",
        Some(Family::Rate) => "a rate",
        Some(Family::Tokens) => "a token count",
        Some(Family::Ratio) => "a ratio",
        Some(Family::Count) => "a count",
        Some(Family::Plain) | None => "a number",
    }
}

/// A unit the parser recognises: its family and its factor to the family's
/// base (MB for memory, ms for time, tokens for tokens, dollars for money,
/// dollars per hour for money over time).
struct Known {
    family: Family,
    factor: f64,
}

fn known(word: &str) -> Option<Known> {
    let w = word.trim().trim_end_matches('.').to_ascii_lowercase();
    let k = |family, factor| Some(Known { family, factor });
    match w.as_str() {
        "%" | "percent" | "pct" => k(Family::Share, 0.01),
        "pt" | "pts" | "point" | "points" | "pp" | "percentage points" => k(Family::Share, 0.01),
        "kb" => k(Family::Memory, 0.001),
        "mb" => k(Family::Memory, 1.0),
        "gb" => k(Family::Memory, 1000.0),
        "tb" => k(Family::Memory, 1_000_000.0),
        "ms" | "msec" | "millisecond" | "milliseconds" => k(Family::Time, 1.0),
        "s" | "sec" | "secs" | "second" | "seconds" => k(Family::Time, 1000.0),
        "min" | "mins" | "minute" | "minutes" => k(Family::Time, 60_000.0),
        "h" | "hr" | "hrs" | "hour" | "hours" => k(Family::Time, 3_600_000.0),
        "tokens" | "token" | "tok" => k(Family::Tokens, 1.0),
        "t tokens" | "t tok" | "trillion tokens" => k(Family::Tokens, 1e12),
        "b tokens" | "b tok" | "billion tokens" => k(Family::Tokens, 1e9),
        "m tokens" | "m tok" | "million tokens" => k(Family::Tokens, 1e6),
        "tok/s" | "tokens/s" | "tok/sec" | "tokens per second" => k(Family::Rate, 1.0),
        "req/s" | "requests/s" | "rps" | "requests per second" | "/s" | "per second" => {
            k(Family::Rate, 1.0)
        }
        "tok/$" | "tokens per dollar" | "tokens/$" => k(Family::Rate, 1.0),
        "$/h" | "/h" | "per hour" | "/hour" | "an hour" | "$/hour" => k(Family::MoneyRate, 1.0),
        "$/day" | "/day" | "per day" | "a day" => k(Family::MoneyRate, 1.0 / HOURS_PER_DAY),
        "$/year" | "/year" | "per year" | "a year" | "/yr" => {
            k(Family::MoneyRate, 1.0 / HOURS_PER_YEAR)
        }
        "$/month" | "/month" | "per month" | "a month" => {
            k(Family::MoneyRate, 1.0 / HOURS_PER_MONTH)
        }
        "$ per 1m tokens"
        | "per 1m tokens"
        | "$ per 1m"
        | "per 1m"
        | "$/1m tokens"
        | "/1m tokens"
        | "$/1m"
        | "/1m"
        | "$/mtok"
        | "/mtok"
        | "per million tokens"
        | "$ per million tokens" => k(Family::TokenPrice, 1.0),
        "x" | "×" | "times" => k(Family::Ratio, 1.0),
        "$" | "usd" | "dollars" | "dollar" => k(Family::Money, 1.0),
        "cards" | "card" | "families" | "family" | "replicas" | "replica" | "copies" | "copy"
        | "requests" | "request" | "req" | "gpus" | "gpu" => k(Family::Count, 1.0),
        _ => None,
    }
}

/// Hours in a day, a month (the buying-the-fleet page's "a month is 730
/// hours") and a year (12 such months, 365 days).
const HOURS_PER_DAY: f64 = 24.0;
const HOURS_PER_MONTH: f64 = 730.0;
const HOURS_PER_YEAR: f64 = 8760.0;

fn unit_family_of_word(word: &str) -> Option<Family> {
    known(word).map(|k| k.family)
}

/// The factor from a unit's stored form to its family's base.
fn base_factor(u: Unit) -> f64 {
    match u {
        Unit::Share => 1.0,
        Unit::Points => 0.01,
        Unit::Gb => 1000.0,
        Unit::Seconds => 1000.0,
        Unit::Hours => 3_600_000.0,
        Unit::TTokens => 1e12,
        Unit::UsdPerDay => 1.0 / HOURS_PER_DAY,
        Unit::UsdPerMonth => 1.0 / HOURS_PER_MONTH,
        Unit::UsdPerYear => 1.0 / HOURS_PER_YEAR,
        _ => 1.0,
    }
}

/// Families that a typed unit may stand for when the question asks for `want`
/// (a count of cards answered "562 cards"; "$2.50" for a price per hour).
fn compatible(got: Family, want: Family) -> bool {
    got == want
        || matches!(
            (got, want),
            (Family::Money, Family::MoneyRate | Family::TokenPrice)
                | (Family::Count, Family::Plain)
        )
}

/// Reads `text` as a number in `unit`'s stored form (fractions for shares, T
/// for T tokens, MB for MB…). A value too large for a number (`1e308 TB`, a
/// share whose percentage overflows) is not a number this reads.
pub fn parse_answer(text: &str, unit: Unit) -> Result<f64, AnswerError> {
    let v = read_answer(text, unit)?;
    let written = if unit == Unit::Share { v * 100.0 } else { v };
    if written.is_finite() {
        Ok(v)
    } else {
        Err(AnswerError::NoNumber(quote(text.trim())))
    }
}

fn read_answer(text: &str, unit: Unit) -> Result<f64, AnswerError> {
    let t: String = text
        .trim()
        .chars()
        .map(|c| match c {
            '\u{2212}' | '\u{2013}' => '-',
            '\u{00a0}' | '\u{2009}' | '\u{202f}' => ' ',
            c => c,
        })
        .collect();
    let t = t.trim().trim_start_matches(['≈', '~']).trim();
    if t.is_empty() {
        return Err(AnswerError::Empty);
    }
    let (negative, rest) = match t.strip_prefix('-') {
        Some(r) => (true, r.trim_start()),
        None => (false, t),
    };
    let (dollar, rest) = match rest.strip_prefix('$') {
        Some(r) => (true, r.trim_start()),
        None => (false, rest),
    };
    // "$-5" as well as "-$5".
    let (negative, rest) = match rest.strip_prefix('-') {
        Some(r) if dollar && !negative => (true, r.trim_start()),
        _ => (negative, rest),
    };
    let (number, rest) =
        leading_number(rest).ok_or_else(|| AnswerError::NoNumber(quote(text.trim())))?;
    let mut value = if negative { -number } else { number };
    let mut rest = rest.trim();

    // A magnitude suffix right after the number: 12k, 2.5M, 3B, 1.5T.
    let mut scaled = false;
    if let Some(c) = rest.chars().next() {
        let after = &rest[c.len_utf8()..];
        let ends =
            after.is_empty() || after.starts_with(|ch: char| ch.is_whitespace() || ch == '/');
        let mult = match c {
            'k' | 'K' => Some(1e3),
            'M' => Some(1e6),
            'B' => Some(1e9),
            'T' => Some(1e12),
            _ => None,
        };
        // "MB"/"GB"/"T tokens" are units, not magnitudes.
        let is_unit_word = known(rest).is_some() && !matches!(c, 'k' | 'K');
        if let (Some(m), true, false) = (mult, ends, is_unit_word) {
            value *= m;
            rest = after.trim();
            scaled = true;
        }
    }
    let rest = rest.trim_end_matches('.').trim();

    let want = unit.family();
    if rest.is_empty() {
        // A bare number is in the question's unit; for a share, a number
        // above 1 is read as a percentage ("35" = 35%), 1 or less as a
        // fraction ("0.35").
        if unit == Unit::Share && value.abs() > 1.0 && !scaled {
            return Ok(value / 100.0);
        }
        // "1.5T" or "1500B" where tokens are asked: a token count.
        if scaled && want == Family::Tokens {
            return Ok(value / base_factor(unit));
        }
        if dollar && !matches!(want, Family::Money | Family::MoneyRate) {
            return Err(AnswerError::WrongFamily {
                got: "$".into(),
                want: unit,
            });
        }
        return Ok(value);
    }
    // "T tokens" after scaling already applied reads as plain "tokens".
    let k = known(rest).ok_or_else(|| AnswerError::UnknownUnit(quote(rest)))?;
    if !compatible(k.family, want) {
        return Err(AnswerError::WrongFamily {
            got: rest.to_string(),
            want: unit,
        });
    }
    if k.family == want && k.factor == base_factor(unit) {
        // The question's own unit: the number as typed, exactly.
        Ok(value)
    } else if k.family == want {
        Ok(value * k.factor / base_factor(unit))
    } else {
        // Same quantity written with a noun ("562 cards") or a dollar price.
        Ok(value)
    }
}

/// The number at the start of `s` (digits with optional `,` or `_` grouping,
/// a decimal point and an exponent), and the rest.
fn leading_number(s: &str) -> Option<(f64, &str)> {
    let bytes = s.as_bytes();
    let mut i = 0;
    let mut digits = String::new();
    let mut seen_digit = false;
    let mut seen_dot = false;
    while i < bytes.len() {
        let c = bytes[i] as char;
        if c.is_ascii_digit() {
            digits.push(c);
            seen_digit = true;
        } else if c == '.' && !seen_dot {
            digits.push(c);
            seen_dot = true;
        } else if (c == ',' || c == '_')
            && seen_digit
            && !seen_dot
            && i + 3 < bytes.len()
            && bytes[i + 1..i + 4].iter().all(|b| b.is_ascii_digit())
            && bytes.get(i + 4).is_none_or(|b| !b.is_ascii_digit())
        {
            // A thousands separator: exactly three digits follow it.
        } else {
            break;
        }
        i += 1;
    }
    if !seen_digit {
        return None;
    }
    // Exponent: e or E, optional sign, digits.
    if i < bytes.len() && (bytes[i] == b'e' || bytes[i] == b'E') {
        let mut j = i + 1;
        if j < bytes.len() && (bytes[j] == b'+' || bytes[j] == b'-') {
            j += 1;
        }
        let start = j;
        while j < bytes.len() && bytes[j].is_ascii_digit() {
            j += 1;
        }
        if j > start && j - start <= 4 {
            digits.push_str(&s[i..j]);
            i = j;
        }
    }
    let v: f64 = digits.parse().ok()?;
    // Digits that overflow, or that underflow to zero ("1e-400"), are not
    // read as something else than was typed.
    let mantissa = digits.split(['e', 'E']).next().unwrap_or("");
    let nonzero = mantissa.bytes().any(|b| (b'1'..=b'9').contains(&b));
    (v.is_finite() && (v != 0.0 || !nonzero)).then_some((v, &s[i..]))
}

/// Writes `v` so that [`parse_answer`] reads back exactly `v`: shortest
/// round-trip digits, grouped, with the unit's symbol.
pub fn format_exact(v: f64, unit: Unit) -> String {
    let shown = match unit {
        Unit::Share => v * 100.0,
        _ => v,
    };
    let digits = format!("{}", shown.abs());
    let (int, frac) = digits.split_once('.').unwrap_or((&digits, ""));
    let grouped = crate::model::units::group(int.parse::<f64>().unwrap_or(0.0), 0);
    let body = if frac.is_empty() {
        grouped
    } else {
        format!("{grouped}.{frac}")
    };
    let s = if v < 0.0 {
        format!("-{body}")
    } else {
        body.clone()
    };
    match unit {
        Unit::Share => format!("{s}%"),
        Unit::Usd if v < 0.0 => format!("-${body}"),
        Unit::Usd => format!("${s}"),
        u => match u.symbol() {
            "" => s,
            sym => format!("{s} {sym}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str, unit: Unit, want: f64) {
        let got = parse_answer(text, unit).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(
            (got - want).abs() <= 1e-9 * want.abs().max(1.0),
            "{text} as {unit:?}: got {got}, want {want}"
        );
    }

    #[test]
    fn reads_what_learners_type() {
        let typed: &[(Unit, &[(&str, f64)])] = &[
            (
                Unit::Mb,
                &[
                    ("24,576", 24576.0),
                    ("24576 MB", 24576.0),
                    ("24.576 GB", 24576.0),
                    ("24.6 GB", 24600.0),
                    ("1.2e4", 12000.0),
                ],
            ),
            (
                Unit::Count("cards"),
                &[("12k", 12000.0), ("562 cards", 562.0)],
            ),
            (
                Unit::Share,
                &[
                    ("35%", 0.35),
                    ("0.35", 0.35),
                    ("35", 0.35),
                    ("80.32 %", 0.8032),
                    ("  80.32 %  ", 0.8032),
                ],
            ),
            (
                Unit::Usd,
                &[("$87,600", 87600.0), ("87.6k", 87600.0), ("2.5M", 2.5e6)],
            ),
            (Unit::Points, &[("24.1 points", 24.1), ("24.1%", 24.1)]),
            (Unit::Ms, &[("126.7 ms", 126.7), ("0.1267 s", 126.7)]),
            (Unit::Seconds, &[("32 s", 32.0)]),
            (
                Unit::TTokens,
                &[
                    ("1.5T", 1.5),
                    ("1500B tokens", 1.5),
                    ("50.4576 T tokens", 50.4576),
                ],
            ),
            (Unit::UsdPerHour, &[("$10.00/h", 10.0), ("$10", 10.0)]),
            (Unit::Ratio, &[("1.25x", 1.25)]),
            (Unit::Count(""), &[("−3", -3.0)]),
            (
                Unit::TokPerUsd,
                &[("≈ 6,974,308", 6974308.0), ("6.97M tok/$", 6.97e6)],
            ),
        ];
        for &(unit, cases) in typed {
            for &(text, want) in cases {
                ok(text, unit, want);
            }
        }
        assert!(
            parse_answer("1,2", Unit::Count("")).is_err(),
            "a decimal comma is not read as grouping"
        );
    }

    #[test]
    fn says_what_is_wrong() {
        assert_eq!(parse_answer("", Unit::Mb), Err(AnswerError::Empty));
        assert_eq!(parse_answer("   ", Unit::Mb), Err(AnswerError::Empty));
        assert!(matches!(
            parse_answer("lots", Unit::Mb),
            Err(AnswerError::NoNumber(_))
        ));
        assert!(matches!(
            parse_answer("12 parsecs", Unit::Mb),
            Err(AnswerError::UnknownUnit(_))
        ));
        let e = parse_answer("12 ms", Unit::Mb).unwrap_err();
        assert!(matches!(e, AnswerError::WrongFamily { .. }));
        assert!(e.to_string().contains("a time"), "{e}");
        assert!(e.to_string().contains("memory"), "{e}");
        assert!(parse_answer("$12", Unit::Mb).is_err());
    }

    #[test]
    fn prices_over_time_convert_between_periods() {
        // Found by fuzzing: "$16.25/h" for a price per year read as $16.25
        // a year, and "$350400 per year" for a price per hour as $350,400/h.
        ok("$16.25/h", Unit::UsdPerYear, 142_350.0);
        ok("$350400 per year", Unit::UsdPerHour, 40.0);
        ok("$240/day", Unit::UsdPerHour, 10.0);
        ok("$7,300/month", Unit::UsdPerHour, 10.0);
        ok("$87,600/year", Unit::UsdPerYear, 87_600.0);
        ok("$10", Unit::UsdPerYear, 10.0);
        // A price per million tokens is not a price over time.
        ok("$2.50 per 1M", Unit::UsdPerMTok, 2.5);
        ok("2.5 $ per 1M tokens", Unit::UsdPerMTok, 2.5);
        assert!(matches!(
            parse_answer("$2.50/h", Unit::UsdPerMTok),
            Err(AnswerError::WrongFamily { .. })
        ));
        assert!(matches!(
            parse_answer("$2.50 per 1M", Unit::UsdPerHour),
            Err(AnswerError::WrongFamily { .. })
        ));
    }

    #[test]
    fn what_is_not_a_number_is_said_briefly() {
        // Found by fuzzing: values that overflow after a magnitude or a unit
        // read as infinity; digits that underflow read as 0; a long answer
        // came back whole in the message.
        for text in ["1e308 TB", "1e308T", "9e307 k", "1e-400", "-1e-400 GB"] {
            assert!(
                matches!(parse_answer(text, Unit::Mb), Err(AnswerError::NoNumber(_))),
                "{text}"
            );
        }
        // A share is written as a percentage, which must not overflow.
        let huge = format!("4{}B", "0".repeat(299));
        assert!(matches!(
            parse_answer(&huge, Unit::Share),
            Err(AnswerError::NoNumber(_))
        ));
        ok("1e300%", Unit::Share, 1e298);
        ok("0e-400", Unit::Mb, 0.0);
        let long = format!("12 {}", "parsecs ".repeat(2000));
        let e = parse_answer(&long, Unit::Mb).unwrap_err().to_string();
        assert!(e.chars().count() < 200 && e.contains('…'), "{e}");
        let e = parse_answer(&"x".repeat(100_000), Unit::Mb)
            .unwrap_err()
            .to_string();
        assert!(e.chars().count() < 200, "{e}");
    }

    #[test]
    fn exact_format_reads_back() {
        for (v, u) in [
            (24576.0, Unit::Mb),
            (0.803175, Unit::Share),
            (87600.0, Unit::Usd),
            (126.66666, Unit::Ms),
            (-3.5, Unit::Count("")),
            (6974307.692307692, Unit::TokPerUsd),
            (1.27519, Unit::UsdPerMTok),
            (142_350.0, Unit::UsdPerYear),
            (0.1, Unit::UsdPerDay),
        ] {
            ok(&format_exact(v, u), u, v);
        }
    }
}
