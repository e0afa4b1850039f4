//! The unit words after a typed number, read as what they measure: a
//! quantity ("MB", "GiB", "ms", "tokens", "%", "cards") and a period or an
//! amount it is per ("/h", "per day", "a month", "yearly", "per 1M
//! tokens", "/$"). Rates and amounts over time keep their period, so that
//! "$108/day" and "$39,420/month" convert to the question's own period (a
//! month is 730 hours, a year 8,760) and "40 tok/s" is never read as
//! requests per second.

/// What a unit measures. Units of one dimension convert into each other;
/// no other conversion is made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Dim {
    /// A fraction (base: 1; "%" is 0.01).
    Share,
    Ratio,
    /// Base: MB (decimal).
    Memory,
    /// Base: ms.
    Time,
    /// Dollars.
    Money,
    /// Dollars per hour.
    MoneyRate,
    /// Dollars per million tokens.
    TokenPrice,
    /// Tokens per second.
    TokenRate,
    /// Requests per second.
    RequestRate,
    /// Tokens per dollar.
    TokensPerDollar,
    /// Tokens.
    Tokens,
    /// A count of things of one kind.
    Count(Noun),
    /// A number with no unit.
    Plain,
}

/// What a count counts: kinds that are not counted in each other's units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Noun {
    /// Anything ("count", "number").
    Any,
    /// Cards, GPUs and replicas (one card each, as every topic has it).
    Servers,
    Families,
    Copies,
    Requests,
    /// Sequences in a batch, conversations a KV cache holds.
    Sequences,
}

impl Dim {
    /// "a memory size", "a price over time".
    pub fn words(self) -> &'static str {
        match self {
            Dim::Share => "a percentage",
            Dim::Ratio => "a ratio",
            Dim::Memory => "a memory size",
            Dim::Time => "a time",
            Dim::Money => "an amount of money",
            Dim::MoneyRate => "a price over time",
            Dim::TokenPrice => "a price per million tokens",
            Dim::TokenRate => "a token rate",
            Dim::RequestRate => "a request rate",
            Dim::TokensPerDollar => "a number of tokens per dollar",
            Dim::Tokens => "a token count",
            Dim::Count(Noun::Servers) => "a number of cards or replicas",
            Dim::Count(Noun::Families) => "a number of families",
            Dim::Count(Noun::Copies) => "a number of copies",
            Dim::Count(Noun::Requests) => "a number of requests",
            Dim::Count(Noun::Sequences) => "a number of sequences",
            Dim::Count(Noun::Any) => "a count",
            Dim::Plain => "a number",
        }
    }

    /// Whether a typed quantity of this dimension may stand for `want`.
    pub fn fits(self, want: Dim) -> bool {
        match (self, want) {
            (Dim::Count(a), Dim::Count(b)) => a == b || b == Noun::Any,
            (Dim::Count(_), Dim::Plain) => true,
            (a, b) => a == b,
        }
    }
}

/// A typed unit phrase: its dimension, the factor to the dimension's base,
/// and the period it is per, in seconds, if any.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Phrase {
    pub dim: Dim,
    pub factor: f64,
    pub per_s: Option<f64>,
}

/// The seconds of a period word.
pub const HOUR_S: f64 = 3600.0;
pub const DAY_S: f64 = 24.0 * HOUR_S;
/// A month is 730 hours (the buying-the-fleet page's month), a year 8,760.
pub const MONTH_S: f64 = 730.0 * HOUR_S;
pub const YEAR_S: f64 = 8760.0 * HOUR_S;

fn period(w: &str) -> Option<f64> {
    Some(match w {
        "s" | "sec" | "secs" | "second" | "seconds" => 1.0,
        "min" | "mins" | "minute" | "minutes" => 60.0,
        "h" | "hr" | "hrs" | "hour" | "hours" => HOUR_S,
        "d" | "day" | "days" => DAY_S,
        "wk" | "week" | "weeks" => 7.0 * DAY_S,
        "mo" | "mon" | "month" | "months" => MONTH_S,
        "y" | "yr" | "yrs" | "year" | "years" | "annum" => YEAR_S,
        _ => return None,
    })
}

fn adverb(w: &str) -> Option<f64> {
    Some(match w {
        "hourly" => HOUR_S,
        "daily" => DAY_S,
        "weekly" => 7.0 * DAY_S,
        "monthly" => MONTH_S,
        "yearly" | "annually" | "annual" => YEAR_S,
        _ => return None,
    })
}

/// A magnitude written as a word or a letter before a unit: "k", "M".
fn magnitude(w: &str) -> Option<f64> {
    Some(match w {
        "k" | "thousand" => 1e3,
        "m" | "mn" | "million" => 1e6,
        "b" | "bn" | "billion" => 1e9,
        "t" | "trillion" => 1e12,
        _ => return None,
    })
}

/// Tokens with an optional magnitude: "tokens", "k tokens", "Mtok", "1M".
fn tokens(w: &str) -> Option<f64> {
    let w = w.strip_prefix('1').map(str::trim_start).unwrap_or(w);
    for noun in ["tokens", "token", "tok"] {
        if let Some(m) = w.strip_suffix(noun) {
            let m = m.trim();
            return if m.is_empty() {
                Some(1.0)
            } else {
                magnitude(m)
            };
        }
    }
    None
}

/// The head of a phrase (what is measured), before any period.
enum Head {
    Nothing,
    Dollars,
    Tokens(f64),
    Requests,
    Unit(Dim, f64),
}

fn head(w: &str) -> Option<Head> {
    if w.is_empty() {
        return Some(Head::Nothing);
    }
    if let Some(m) = tokens(w) {
        return Some(Head::Tokens(m));
    }
    let u = |d, f| Some(Head::Unit(d, f));
    match w {
        "$" | "usd" | "us$" | "dollar" | "dollars" => Some(Head::Dollars),
        "req" | "reqs" | "request" | "requests" | "query" | "queries" => Some(Head::Requests),
        "%" | "percent" | "per cent" | "pct" => u(Dim::Share, 0.01),
        "pt" | "pts" | "point" | "points" | "pp" | "percentage point" | "percentage points" => {
            u(Dim::Share, 0.01)
        }
        "x" | "×" | "times" => u(Dim::Ratio, 1.0),
        "kb" | "kilobyte" | "kilobytes" => u(Dim::Memory, 1e-3),
        "mb" | "megabyte" | "megabytes" => u(Dim::Memory, 1.0),
        "gb" | "gigabyte" | "gigabytes" => u(Dim::Memory, 1e3),
        "tb" | "terabyte" | "terabytes" => u(Dim::Memory, 1e6),
        "kib" => u(Dim::Memory, 1.024e-3),
        "mib" => u(Dim::Memory, 1.048_576),
        "gib" => u(Dim::Memory, 1_073.741_824),
        "tib" => u(Dim::Memory, 1_099_511.627_776),
        "ms" | "msec" | "millisecond" | "milliseconds" => u(Dim::Time, 1.0),
        "cards" | "card" | "gpus" | "gpu" | "replicas" | "replica" => {
            u(Dim::Count(Noun::Servers), 1.0)
        }
        "families" | "family" => u(Dim::Count(Noun::Families), 1.0),
        "copies" | "copy" => u(Dim::Count(Noun::Copies), 1.0),
        "sequences" | "sequence" | "seqs" | "seq" => u(Dim::Count(Noun::Sequences), 1.0),
        "bytes" | "byte" => u(Dim::Memory, 1e-6),
        "rps" | "qps" => Some(Head::Unit(Dim::RequestRate, 1.0)),
        "rpm" => Some(Head::Unit(Dim::RequestRate, 1.0 / 60.0)),
        w => period(w).map(|s| Head::Unit(Dim::Time, s * 1000.0)),
    }
}

/// What a phrase is per.
enum Per {
    Nothing,
    Seconds(f64),
    /// Tokens, with their magnitude (per 1M tokens: 1e6).
    Tokens(f64),
    Dollar,
}

fn per(w: &str) -> Option<Per> {
    if w.is_empty() {
        return Some(Per::Nothing);
    }
    if let Some(s) = period(w) {
        return Some(Per::Seconds(s));
    }
    if matches!(w, "$" | "usd" | "dollar") {
        return Some(Per::Dollar);
    }
    // "per 1M", "/1k": a magnitude alone counts tokens.
    let bare = w.strip_prefix('1').map(str::trim_start).unwrap_or(w);
    if let Some(m) = magnitude(bare).filter(|_| w.starts_with('1')) {
        return Some(Per::Tokens(m));
    }
    tokens(w).map(Per::Tokens)
}

/// Splits "tok/s", "$ per 1M tokens", "a day", "dollars monthly" into what
/// is measured and what it is per.
fn split(w: &str) -> (&str, &str, Option<f64>) {
    if let Some((h, last)) = w.rsplit_once(' ').or(Some(("", w))) {
        if let Some(s) = adverb(last) {
            return (h.trim(), "", Some(s));
        }
    }
    if let Some((h, p)) = w.split_once('/') {
        return (h.trim(), p.trim(), None);
    }
    for sep in ["per ", "a ", "an ", "each ", "every "] {
        if let Some(p) = w.strip_prefix(sep) {
            return ("", p.trim(), None);
        }
        if let Some((h, p)) = w.split_once(&format!(" {sep}")) {
            return (h.trim(), p.trim(), None);
        }
    }
    (w, "", None)
}

/// Reads a unit phrase (lowercase, single spaces), with `dollar` when the
/// number was written after a `$`; `None` for words this does not know.
pub fn read(w: &str, dollar: bool) -> Option<Phrase> {
    let (h, p, adverb_s) = split(w);
    let head = head(h)?;
    let per = match adverb_s {
        Some(s) => Per::Seconds(s),
        None => per(p)?,
    };
    let money = dollar || matches!(head, Head::Dollars);
    let phrase = |dim, factor, per_s| Some(Phrase { dim, factor, per_s });
    match (head, per) {
        (Head::Dollars | Head::Nothing, Per::Seconds(s)) if money => {
            phrase(Dim::MoneyRate, HOUR_S / s, Some(s))
        }
        (Head::Dollars | Head::Nothing, Per::Tokens(m)) if money || m > 1.0 => {
            phrase(Dim::TokenPrice, 1e6 / m, None)
        }
        (Head::Dollars, Per::Nothing) => phrase(Dim::Money, 1.0, None),
        (Head::Nothing, Per::Nothing) if money => phrase(Dim::Money, 1.0, None),
        (Head::Nothing, Per::Seconds(s)) => phrase(Dim::Plain, 1.0, Some(s)),
        (Head::Nothing, Per::Dollar) => phrase(Dim::TokensPerDollar, 1.0, None),
        (Head::Tokens(m), Per::Seconds(s)) => phrase(Dim::TokenRate, m / s, Some(s)),
        (Head::Tokens(m), Per::Dollar) => phrase(Dim::TokensPerDollar, m, None),
        (Head::Tokens(m), Per::Nothing) => phrase(Dim::Tokens, m, None),
        (Head::Requests, Per::Seconds(s)) => phrase(Dim::RequestRate, 1.0 / s, Some(s)),
        (Head::Requests, Per::Nothing) => phrase(Dim::Count(Noun::Requests), 1.0, None),
        (Head::Unit(d, f), Per::Nothing) => phrase(d, f, None),
        _ => None,
    }
}

/// A magnitude letter or word at the start of `w` and what follows it:
/// "k", "M tokens", "million".
pub fn leading_magnitude(w: &str) -> Option<(f64, &str)> {
    let c = w.chars().next()?;
    let letter = match c {
        'k' | 'K' => Some(1e3),
        'M' => Some(1e6),
        'B' => Some(1e9),
        'T' => Some(1e12),
        _ => None,
    };
    if let Some(m) = letter {
        let after = &w[c.len_utf8()..];
        if after.is_empty() || after.starts_with([' ', '/']) {
            return Some((m, after.trim_start()));
        }
    }
    let lower = w.to_ascii_lowercase();
    for word in ["thousand", "million", "billion", "trillion", "mn", "bn"] {
        if let Some(after) = lower.strip_prefix(word) {
            if after.is_empty() || after.starts_with([' ', '/']) {
                return Some((magnitude(word)?, w[word.len()..].trim_start()));
            }
        }
    }
    None
}
