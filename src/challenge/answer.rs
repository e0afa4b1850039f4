//! Reading a learner's typed answer as people mean it: "24,576", "24 576
//! MB", "24.6 GB", "17.5 GiB", "1.2e4", "12k", "35%", "87,5 %", "7/8",
//! "$87,600", "2.5M", "$108/day", "$39,420 per month". Units convert
//! inside their dimension (GB ↔ MB ↔ GiB, ms ↔ s ↔ min, T ↔ B tokens,
//! tok/s ↔ tok/min, and rates and amounts over time between their periods:
//! $/h ↔ $/day ↔ $/month ↔ $/year at 24 hours a day, 730 hours a month and
//! 8,760 a year); an answer of another dimension ("40 tok/s" where requests
//! per second are asked, "$2.50 per 1M" where dollars per hour are) is
//! refused with what the question expects, never read as something else.
//! A bare number is in the question's unit; where a share is asked, a
//! bare number of 1 or less has two readings (0.99 is 99 % as a fraction,
//! or 0.99 %), and the grader decides between them or asks
//! ([`Reading::percent`]). Total: every string gives a finite value or an
//! error that quotes it (shortened when long), never a panic
//! (property-tested and fuzzed: tests/fuzz).

mod number;
mod phrase;

use crate::model::param::quote;
use crate::model::units::Unit;
use phrase::{Dim, Noun, Phrase, HOUR_S, MONTH_S};
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
                "“{s}” is not a number I can read. Try digits like 24576, 24,576, 1.2e4, 12k, 7/8 or 35%."
            ),
            AnswerError::UnknownUnit(u) => {
                write!(f, "I don't know the unit “{u}”. Leave it off, or use one like MB, GB, ms, s, $, %.")
            }
            AnswerError::WrongFamily { got, want } => write!(
                f,
                "Expected {}: “{got}” is {}, and the question asks for {}.",
                expected(*want),
                typed_words(got),
                wanted(*want).0.words()
            ),
        }
    }
}

impl std::error::Error for AnswerError {}

/// What a question expects, as the grader says it: "$/year", "MB", "a
/// plain number".
pub fn expected(unit: Unit) -> String {
    match unit {
        Unit::Share => "a percentage (35%) or a fraction (0.35)".to_string(),
        Unit::TTokens => "T tokens (in the month)".to_string(),
        u if u.symbol().is_empty() => "a plain number".to_string(),
        u => u.symbol().to_string(),
    }
}

/// What the words typed after a number measure, for a message.
fn typed_words(got: &str) -> &'static str {
    let w = tidy(got);
    match phrase::read(&w, false).or_else(|| phrase::read(&w, true)) {
        _ if w == "$" => Dim::Money.words(),
        Some(Phrase {
            dim: Dim::Plain,
            per_s: Some(_),
            ..
        }) => "a rate over time",
        Some(p) => p.dim.words(),
        None => Dim::Plain.words(),
    }
}

/// A typed answer read in the question's unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// The value in the question's unit's stored form (fractions for
    /// shares).
    pub value: f64,
    /// Where a share is asked and a bare number of 1 or less was typed
    /// ("0.99"), its other reading: that many percent (`value / 100`).
    pub percent: Option<f64>,
}

/// The dimension of a question's unit and the factor from its stored form
/// to the dimension's base.
fn wanted(unit: Unit) -> (Dim, f64) {
    match unit {
        Unit::Share => (Dim::Share, 1.0),
        Unit::Points => (Dim::Share, 0.01),
        Unit::Ratio => (Dim::Ratio, 1.0),
        Unit::Mb => (Dim::Memory, 1.0),
        Unit::Gb => (Dim::Memory, 1e3),
        Unit::Ms => (Dim::Time, 1.0),
        Unit::Seconds => (Dim::Time, 1e3),
        Unit::Hours => (Dim::Time, HOUR_S * 1e3),
        Unit::Usd => (Dim::Money, 1.0),
        Unit::UsdPerHour => (Dim::MoneyRate, 1.0),
        Unit::UsdPerDay => (Dim::MoneyRate, HOUR_S / phrase::DAY_S),
        Unit::UsdPerMonth => (Dim::MoneyRate, HOUR_S / MONTH_S),
        Unit::UsdPerYear => (Dim::MoneyRate, HOUR_S / phrase::YEAR_S),
        Unit::UsdPerMTok => (Dim::TokenPrice, 1.0),
        Unit::TokPerS => (Dim::TokenRate, 1.0),
        Unit::ReqPerS => (Dim::RequestRate, 1.0),
        Unit::Tokens => (Dim::Tokens, 1.0),
        Unit::TTokens => (Dim::Tokens, 1e12),
        Unit::TokPerUsd => (Dim::TokensPerDollar, 1.0),
        Unit::Count("bytes") => (Dim::Memory, 1e-6),
        Unit::Count(noun) => (Dim::Count(noun_of(noun)), 1.0),
        Unit::None => (Dim::Plain, 1.0),
    }
}

fn noun_of(noun: &str) -> Noun {
    match noun.to_ascii_lowercase().as_str() {
        "cards" | "replicas" | "gpus" => Noun::Servers,
        "families" => Noun::Families,
        "copies" => Noun::Copies,
        "requests" => Noun::Requests,
        "sequences" => Noun::Sequences,
        _ => Noun::Any,
    }
}

/// Reads `text` as a number in `unit`'s stored form (fractions for shares, T
/// for T tokens, MB for MB…), the documented reading of a bare share number
/// of 1 or less being the fraction. A value too large for a number (`1e308
/// TB`, a share whose percentage overflows) is not a number this reads.
pub fn parse_answer(text: &str, unit: Unit) -> Result<f64, AnswerError> {
    read(text, unit).map(|r| r.value)
}

/// Reads `text` in `unit`, with both readings of a bare share number of 1 or
/// less (see [`Reading`]).
pub fn read(text: &str, unit: Unit) -> Result<Reading, AnswerError> {
    let r = read_answer(text, unit)?;
    let finite = |v: f64| v.is_finite() && (unit != Unit::Share || (v * 100.0).is_finite());
    if finite(r.value) && r.percent.is_none_or(finite) {
        Ok(r)
    } else {
        Err(AnswerError::NoNumber(quote(text.trim())))
    }
}

/// Unicode minus signs and spaces as ASCII, outer spaces and an
/// approximation sign off.
fn normalize(text: &str) -> String {
    let t: String = text
        .trim()
        .chars()
        .map(|c| match c {
            '\u{2212}' | '\u{2013}' => '-',
            '\u{00a0}' | '\u{2009}' | '\u{202f}' | '\u{2007}' => ' ',
            c => c,
        })
        .collect();
    let t = t.trim().trim_start_matches(['≈', '~']).trim();
    // A closing aside, as a page writes a long wait ("258,151 ms (4.3
    // min)"): the number before it is the answer.
    let t = match t.rfind(" (") {
        Some(i) if t.ends_with(')') && t[..i].chars().any(|c| c.is_ascii_digit()) => &t[..i],
        _ => t,
    };
    t.trim().to_string()
}

/// A unit phrase as the tables write it: lowercase, single spaces, no
/// closing full stop.
fn tidy(s: &str) -> String {
    s.trim()
        .trim_end_matches('.')
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The sign and the dollar sign before the number, in either order.
fn prefix(t: &str) -> (bool, bool, &str) {
    let (negative, rest) = match t.strip_prefix('-') {
        Some(r) => (true, r.trim_start()),
        None => (false, t.strip_prefix('+').unwrap_or(t).trim_start()),
    };
    let (dollar, rest) = match rest.strip_prefix('$') {
        Some(r) => (true, r.trim_start()),
        None => (false, rest),
    };
    match rest.strip_prefix('-') {
        Some(r) if dollar && !negative => (true, true, r.trim_start()),
        _ => (negative, dollar, rest),
    }
}

fn read_answer(text: &str, unit: Unit) -> Result<Reading, AnswerError> {
    let t = normalize(text);
    if t.is_empty() {
        return Err(AnswerError::Empty);
    }
    let (negative, dollar, rest) = prefix(&t);
    let (number, fraction, rest) =
        number::leading(rest).ok_or_else(|| AnswerError::NoNumber(quote(text.trim())))?;
    let mut value = if negative { -number } else { number };
    let rest = rest.trim().trim_end_matches('.').trim();
    // The unit words; a magnitude letter or word ("12k", "2.5 million
    // tokens") only where the words are not a unit themselves ("MB").
    let mut scaled = false;
    let phrase = if rest.is_empty() {
        None
    } else if let Some(p) = phrase::read(&tidy(rest), dollar) {
        Some((p, rest))
    } else {
        let (m, after) =
            phrase::leading_magnitude(rest).ok_or_else(|| AnswerError::UnknownUnit(quote(rest)))?;
        value *= m;
        scaled = true;
        match after.is_empty() {
            true => None,
            false => Some((
                phrase::read(&tidy(after), dollar)
                    .ok_or_else(|| AnswerError::UnknownUnit(quote(after)))?,
                after,
            )),
        }
    };
    let (want, base) = wanted(unit);
    let Some((p, words)) = phrase else {
        return bare(value, unit, dollar, (scaled, fraction));
    };
    let p = in_question_terms(p, unit, scaled);
    let wrong = || AnswerError::WrongFamily {
        got: quote(words),
        want: unit,
    };
    if p.dim.fits(want) {
        Ok(Reading {
            // The question's own unit: the number as typed, exactly.
            value: if p.factor == base {
                value
            } else {
                value * p.factor / base
            },
            percent: None,
        })
    } else if p.dim == Dim::Money && matches!(want, Dim::MoneyRate | Dim::TokenPrice) {
        // "10 dollars" for a price: in the question's period.
        Ok(Reading {
            value,
            percent: None,
        })
    } else {
        Err(wrong())
    }
}

/// A number with no unit words: in the question's unit. Where a share is
/// asked, above 1 it is a percentage ("35"); 1 or less has two readings.
fn bare(
    value: f64,
    unit: Unit,
    dollar: bool,
    (scaled, fraction): (bool, bool),
) -> Result<Reading, AnswerError> {
    let (want, base) = wanted(unit);
    let one = |value| {
        Ok(Reading {
            value,
            percent: None,
        })
    };
    if dollar && !matches!(want, Dim::Money | Dim::MoneyRate | Dim::TokenPrice) {
        return Err(AnswerError::WrongFamily {
            got: "$".into(),
            want: unit,
        });
    }
    if unit == Unit::Share && !scaled && !fraction {
        if value.abs() > 1.0 {
            return one(value / 100.0);
        }
        if value != 0.0 {
            return Ok(Reading {
                value,
                // As "0.99%" reads: that many hundredths.
                percent: Some(value * 0.01),
            });
        }
    }
    // "1.5T" or "1500B" where tokens are asked: a token count.
    if scaled && want == Dim::Tokens {
        return one(value / base);
    }
    one(value)
}

/// A period with no unit before it ("/h", "per day") measures what the
/// question measures: dollars, tokens or requests over that period; T
/// tokens "a month" are the month's tokens.
fn in_question_terms(p: Phrase, unit: Unit, scaled: bool) -> Phrase {
    let (want, base) = wanted(unit);
    let over = |dim, factor| Phrase {
        dim,
        factor,
        per_s: p.per_s,
    };
    match (p.dim, p.per_s) {
        (Dim::Plain, Some(s)) => match want {
            Dim::MoneyRate => over(Dim::MoneyRate, HOUR_S / s),
            Dim::TokenRate => over(Dim::TokenRate, 1.0 / s),
            Dim::RequestRate => over(Dim::RequestRate, 1.0 / s),
            Dim::Tokens if unit == Unit::TTokens && s == MONTH_S => {
                over(Dim::Tokens, if scaled { 1.0 } else { base })
            }
            _ => p,
        },
        (Dim::TokenRate, Some(s)) if unit == Unit::TTokens && s == MONTH_S => {
            over(Dim::Tokens, p.factor * MONTH_S)
        }
        _ => p,
    }
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
    let grouped = crate::model::units::group(crate::model::decimal::parse(int).unwrap_or(0.0), 0);
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
        // A decimal comma: one or two digits, or four and more, after it.
        ok("1,2", Unit::Count(""), 1.2);
        ok("87,5 %", Unit::Share, 0.875);
    }

    /// Every dimension a question asks in: the answer in another unit of
    /// the same dimension converts, one of another dimension is refused
    /// with what the question expects.
    #[test]
    fn every_unit_family_converts_inside_and_refuses_outside() {
        let inside: &[(Unit, &str, f64)] = &[
            (Unit::Share, "99%", 0.99),
            (Unit::Share, "7/8", 0.875),
            (Unit::Share, "1/101", 1.0 / 101.0),
            (Unit::Points, "24.1 pp", 24.1),
            (Unit::Ratio, "1.25 times", 1.25),
            (Unit::Mb, "17.5 GiB", 17.5 * 1_073.741_824),
            (Unit::Mb, "24 576 MB", 24576.0),
            (Unit::Gb, "512 MiB", 0.536_870_912),
            (Unit::Ms, "0.5 min", 30_000.0),
            (Unit::Seconds, "2 min", 120.0),
            (Unit::Hours, "1.5 days", 36.0),
            (Unit::Usd, "87.6 thousand dollars", 87_600.0),
            (Unit::UsdPerHour, "$240 a day", 10.0),
            (Unit::UsdPerHour, "$7,300 monthly", 10.0),
            (Unit::UsdPerDay, "$10/h", 240.0),
            (
                Unit::UsdPerMonth,
                "$120,000 per year",
                120_000.0 / 8760.0 * 730.0,
            ),
            (Unit::UsdPerYear, "$108/day", 39_420.0),
            (Unit::UsdPerYear, "$3,285 per month", 39_420.0),
            (Unit::UsdPerYear, "$0.5/s", 0.5 * 3600.0 * 8760.0),
            (Unit::UsdPerMTok, "$0.0025 per 1k tokens", 2.5),
            (Unit::UsdPerMTok, "$0.0000025/token", 2.5),
            (Unit::TokPerS, "1.2M tok/min", 20_000.0),
            (Unit::TokPerS, "60k tokens per second", 60_000.0),
            (Unit::ReqPerS, "600 req/min", 10.0),
            (Unit::ReqPerS, "36,000 requests per hour", 10.0),
            (Unit::ReqPerS, "12 /s", 12.0),
            (Unit::Tokens, "1.2k tokens", 1200.0),
            (Unit::TTokens, "50.46T tokens/month", 50.46),
            (Unit::TTokens, "50,460 B tokens", 50.46),
            (Unit::TokPerUsd, "6.97 million tokens per dollar", 6.97e6),
            (Unit::Count("cards"), "35 040 GPUs", 35_040.0),
            (Unit::Count("replicas"), "3 cards", 3.0),
            (Unit::Count("requests"), "960 req", 960.0),
            (Unit::Count("sequences"), "56 sequences", 56.0),
            (Unit::Count("bytes"), "320 KiB", 327_680.0),
            (Unit::Count("bytes"), "327,680 bytes", 327_680.0),
            (Unit::Count(""), "4 families", 4.0),
        ];
        for &(unit, text, want) in inside {
            ok(text, unit, want);
        }
        let outside: &[(Unit, &str)] = &[
            (Unit::Share, "0.5 ms"),
            (Unit::Ratio, "125%"),
            (Unit::Mb, "12 ms"),
            (Unit::Ms, "12 MB"),
            (Unit::Usd, "$5,000/month"),
            (Unit::UsdPerYear, "$2.50 per 1M tokens"),
            (Unit::UsdPerYear, "39,420 tok/s"),
            (Unit::UsdPerMTok, "$2.50/h"),
            (Unit::TokPerS, "40 req/s"),
            (Unit::ReqPerS, "40 tok/s"),
            (Unit::ReqPerS, "5,000 requests"),
            (Unit::Count("requests"), "50 req/s"),
            (Unit::Tokens, "1,200 tok/s"),
            (Unit::TTokens, "19.2M tok/s"),
            (Unit::TTokens, "1.66T tokens/day"),
            (Unit::TokPerUsd, "$0.14 per 1M"),
            (Unit::Count("cards"), "4 families"),
            (Unit::Count("copies"), "3 cards"),
            (Unit::Count("cards"), "$12"),
        ];
        for &(unit, text) in outside {
            let e = parse_answer(text, unit).unwrap_err();
            assert!(
                matches!(e, AnswerError::WrongFamily { .. }),
                "{text} as {unit:?}: {e:?}"
            );
            assert!(e.to_string().starts_with("Expected "), "{e}");
        }
        let e = parse_answer("$39,420 tok/s", Unit::UsdPerYear).unwrap_err();
        assert!(e.to_string().starts_with("Expected $/year"), "{e}");
    }

    #[test]
    fn a_bare_share_of_one_or_less_has_two_readings() {
        let r = read("0.99", Unit::Share).unwrap();
        assert_eq!((r.value, r.percent), (0.99, Some(0.0099)));
        let r = read("1", Unit::Share).unwrap();
        assert_eq!((r.value, r.percent), (1.0, Some(0.01)));
        for one in ["0.99%", "99", "7/8", "0", "0.5k"] {
            assert_eq!(read(one, Unit::Share).unwrap().percent, None, "{one}");
        }
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
