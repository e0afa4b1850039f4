//! Slips: a wrong number that is the key times, or over, a factor a learner
//! converts by, named with its likely cause ("Off by exactly 730×: that is a
//! month's bill; the question asks per hour.").
//!
//! The families, each both ways (too big and too small):
//!
//! | family | factor | the conversion slipped |
//! |---|---|---|
//! | `hour-second` | 3,600 | per second ↔ per hour |
//! | `minute-second` | 60 | per second ↔ per minute, minutes ↔ hours |
//! | `day-hour` | 24 | per hour ↔ per day |
//! | `month-hour` | 730 | per hour ↔ per month (the topics' month, [`MONTH_HOURS`]) |
//! | `year-hour` | 8,760 | per hour ↔ per year |
//! | `year-month` | 12 | per month ↔ per year |
//! | `year-day` | 365 | per day ↔ per year |
//! | `thousand` | 1,000 | units ↔ thousands (k), ms ↔ s, KB ↔ MB ↔ GB, tokens ↔ k tokens |
//! | `percent` | 100 | a fraction typed where a percent is meant, or the reverse |
//! | `million` | 1,000,000 | per token ↔ per million tokens, units ↔ millions (M) |
//!
//! Why these: the topics rate requests and tokens per second, bill cards by
//! the hour, the day, the month and the year, size memory in MB and GB,
//! price tokens per million and show shares as percentages. These are the
//! conversions their questions make a learner do, and an answer off by
//! exactly one of these factors is, far more often than chance, that
//! conversion skipped or done twice. A product of two conversions that is
//! itself a period (8,760 = 365 × 24 = 730 × 12) is its own family, so a
//! ratio names one cause.
//!
//! Exactly: the answer must equal key × factor (or key ÷ factor) within the
//! question's own tolerance carried through the factor (the answer, undone
//! by the factor, would grade correct: the key worked out as precisely as
//! a right answer, then slipped), be nearer that product than the key, and
//! nearer it than any other family's product (relatively, so a ratio two
//! families match under a wide tolerance names the exact one). A product
//! that would itself grade correct is no slip; nor, where answers are whole
//! numbers (an exact tolerance), is a key divided by a factor: that is a
//! fraction of a card a learner would round, so a whole number that matches
//! it (2 for 24 replicas) is chance. Nothing is a slip where the key is zero
//! or a number is not finite.
//!
//! The sentence names the factor and, where the question's unit makes one
//! cause likelier, that cause in the unit's words (a $/h answer 730× too big
//! is "a month's bill"; a share 100× too small "a fraction for a percent");
//! where it gives no clue, the common causes briefly. Pure and total: any
//! numbers give a slip or none, never a panic (property-tested).

use super::Tolerance;
use crate::model::units::{number, MONTH_HOURS};
use crate::model::Unit;

/// Hours in a month, as the topics count them.
const MONTH: f64 = MONTH_HOURS as f64;
/// Hours in a year: 365 days of 24 hours, which is also 12 of the topics'
/// months.
const YEAR_HOURS: f64 = 365.0 * 24.0;
const _: () = assert!(12 * MONTH_HOURS == 365 * 24, "12 months make a year");

/// A factor learners slip by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    HourSecond,
    MinuteSecond,
    DayHour,
    MonthHour,
    YearHour,
    YearMonth,
    YearDay,
    Thousand,
    Percent,
    Million,
}

impl Family {
    pub const ALL: [Family; 10] = [
        Family::HourSecond,
        Family::MinuteSecond,
        Family::DayHour,
        Family::MonthHour,
        Family::YearHour,
        Family::YearMonth,
        Family::YearDay,
        Family::Thousand,
        Family::Percent,
        Family::Million,
    ];

    /// The stable id: "hour-second", "month-hour", "percent"…
    pub fn id(self) -> &'static str {
        match self {
            Family::HourSecond => "hour-second",
            Family::MinuteSecond => "minute-second",
            Family::DayHour => "day-hour",
            Family::MonthHour => "month-hour",
            Family::YearHour => "year-hour",
            Family::YearMonth => "year-month",
            Family::YearDay => "year-day",
            Family::Thousand => "thousand",
            Family::Percent => "percent",
            Family::Million => "million",
        }
    }

    /// The family whose id is `id`.
    pub fn from_id(id: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.id() == id)
    }

    pub fn factor(self) -> f64 {
        match self {
            Family::HourSecond => 3600.0,
            Family::MinuteSecond => 60.0,
            Family::DayHour => 24.0,
            Family::MonthHour => MONTH,
            Family::YearHour => YEAR_HOURS,
            Family::YearMonth => YEAR_HOURS / MONTH,
            Family::YearDay => 365.0,
            Family::Thousand => 1e3,
            Family::Percent => 100.0,
            Family::Million => 1e6,
        }
    }

    /// The factor as shown: "3,600×", "1,000,000×".
    pub fn shown(self) -> String {
        format!("{}×", number(self.factor()))
    }

    /// Whether the family converts between periods of time.
    fn of_time(self) -> bool {
        !matches!(self, Family::Thousand | Family::Percent | Family::Million)
    }

    /// Its common causes, where the question's unit gives no clue.
    fn causes(self) -> String {
        let made = |n: f64, small: &str, big: &str, mixed: &str| {
            format!(
                "{} {small} make {big}, so {mixed} were likely mixed up",
                number(n)
            )
        };
        match self {
            Family::HourSecond => made(3600.0, "seconds", "an hour", "per second and per hour"),
            Family::MinuteSecond => made(
                60.0,
                "seconds",
                "a minute (and 60 minutes an hour)",
                "per second and per minute, or minutes and hours,",
            ),
            Family::DayHour => made(24.0, "hours", "a day", "per hour and per day"),
            Family::MonthHour => made(MONTH, "hours", "a month", "per hour and per month"),
            Family::YearHour => made(YEAR_HOURS, "hours", "a year", "per hour and per year"),
            Family::YearMonth => made(12.0, "months", "a year", "per month and per year"),
            Family::YearDay => made(365.0, "days", "a year", "per day and per year"),
            Family::Thousand => "the usual causes are thousands (k) and units, ms and s, KB, MB and GB, or tokens and k tokens mixed up".into(),
            Family::Percent => "a fraction typed where a percent is meant, or the reverse".into(),
            Family::Million => "the usual causes are a price per token and per million tokens, or millions (M) and units, mixed up".into(),
        }
    }
}

/// Which way the answer is off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// The answer is the key times the factor.
    TooBig,
    /// The answer is the key over the factor.
    TooSmall,
}

impl Direction {
    pub const BOTH: [Direction; 2] = [Direction::TooBig, Direction::TooSmall];

    /// "too big", "too small".
    pub fn words(self) -> &'static str {
        match self {
            Direction::TooBig => "too big",
            Direction::TooSmall => "too small",
        }
    }

    /// The key off by `factor` this way.
    pub fn apply(self, key: f64, factor: f64) -> f64 {
        match self {
            Direction::TooBig => key * factor,
            Direction::TooSmall => key / factor,
        }
    }

    /// An answer off by `factor` this way, put back.
    pub fn undo(self, given: f64, factor: f64) -> f64 {
        match self {
            Direction::TooBig => given / factor,
            Direction::TooSmall => given * factor,
        }
    }
}

/// A slip named: its family, which way, and what the learner is told.
#[derive(Clone, Debug, PartialEq)]
pub struct Slip {
    pub family: Family,
    pub direction: Direction,
    /// The factor as shown: "730×".
    pub factor: String,
    /// "Off by exactly 730×: that is a month's bill; the question asks per
    /// hour."
    pub sentence: String,
}

/// The slip `given` makes against `key` in a question of `unit` graded
/// within `tolerance`, if it is one (see the module's documentation).
pub fn diagnose(given: f64, key: f64, unit: Unit, tolerance: Tolerance) -> Option<Slip> {
    if !given.is_finite() || !key.is_finite() || key == 0.0 || tolerance.accepts(given, key) {
        return None;
    }
    let mut best: Option<(f64, Family, Direction)> = None;
    for family in Family::ALL {
        for direction in Direction::BOTH {
            let product = direction.apply(key, family.factor());
            let undone = direction.undo(given, family.factor());
            if !carries(product, key, tolerance) || !tolerance.accepts(undone, key) {
                continue;
            }
            // How far off the product, relatively: the same for every
            // family's product, whatever its size.
            let off = (given - product).abs() / product.abs();
            let nearer = (given - product).abs() < (given - key).abs();
            if nearer && best.is_none_or(|(b, _, _)| off < b) {
                best = Some((off, family, direction));
            }
        }
    }
    best.map(|(_, family, direction)| Slip {
        family,
        direction,
        factor: family.shown(),
        sentence: sentence(family, direction, unit),
    })
}

/// Whether a question graded within `tolerance` can carry `product` (the
/// key off by a factor) as a slip: a finite number other than zero that no
/// right answer is, and not a key divided down where answers are whole
/// numbers.
pub fn carries(product: f64, key: f64, tolerance: Tolerance) -> bool {
    let divided = product.abs() < key.abs();
    product.is_finite()
        && product != 0.0
        && !tolerance.accepts(product, key)
        && !(tolerance == Tolerance::Exact && divided)
}

/// What the learner is told.
fn sentence(family: Family, direction: Direction, unit: Unit) -> String {
    let shown = family.shown();
    match clue(family, direction, unit) {
        Some(cause) => format!("Off by exactly {shown}: {cause}."),
        None => format!(
            "Off by exactly {shown}, {}: {}.",
            direction.words(),
            family.causes()
        ),
    }
}

/// A period a unit counts by, in milliseconds (exact in an f64).
#[derive(Clone, Copy, PartialEq)]
enum Period {
    Milli,
    Second,
    Minute,
    Hour,
    Day,
    Month,
    Year,
}

impl Period {
    const ALL: [Period; 7] = [
        Period::Milli,
        Period::Second,
        Period::Minute,
        Period::Hour,
        Period::Day,
        Period::Month,
        Period::Year,
    ];

    fn ms(self) -> f64 {
        match self {
            Period::Milli => 1.0,
            Period::Second => 1e3,
            Period::Minute => 6e4,
            Period::Hour => 3.6e6,
            Period::Day => 24.0 * 3.6e6,
            Period::Month => MONTH * 3.6e6,
            Period::Year => YEAR_HOURS * 3.6e6,
        }
    }

    fn word(self) -> &'static str {
        match self {
            Period::Milli => "millisecond",
            Period::Second => "second",
            Period::Minute => "minute",
            Period::Hour => "hour",
            Period::Day => "day",
            Period::Month => "month",
            Period::Year => "year",
        }
    }

    fn plural(self) -> &'static str {
        match self {
            Period::Milli => "ms",
            Period::Second => "seconds",
            Period::Minute => "minutes",
            Period::Hour => "hours",
            Period::Day => "days",
            Period::Month => "months",
            Period::Year => "years",
        }
    }

    fn possessive(self) -> &'static str {
        match self {
            Period::Milli => "a millisecond's",
            Period::Second => "a second's",
            Period::Minute => "a minute's",
            Period::Hour => "an hour's",
            Period::Day => "a day's",
            Period::Month => "a month's",
            Period::Year => "a year's",
        }
    }

    /// The period `factor` times longer or shorter than this one, and
    /// whether it is longer.
    fn other(self, factor: f64) -> Option<(Period, bool)> {
        Period::ALL.into_iter().find_map(|p| {
            let same = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b;
            if same(p.ms() / self.ms(), factor) {
                Some((p, true))
            } else if same(self.ms() / p.ms(), factor) {
                Some((p, false))
            } else {
                None
            }
        })
    }
}

/// How a unit counts over time: what is counted, and per what period.
enum Over {
    /// Dollars per period: a bill.
    Bill,
    /// Tokens in the period (T tokens in the month).
    Tokens,
    /// Anything else per period (tok/s, req/s).
    Rate,
}

/// The cause the unit makes likelier, where it makes one likelier.
fn clue(family: Family, direction: Direction, unit: Unit) -> Option<String> {
    let bigger = direction == Direction::TooBig;
    if let Some((period, over)) = rate(unit).filter(|_| family.of_time()) {
        // Per a longer period is a bigger number.
        let (other, longer) = period.other(family.factor())?;
        return (longer == bigger).then(|| match over {
            Over::Bill => format!(
                "that is {} bill; the question asks per {}",
                other.possessive(),
                period.word()
            ),
            Over::Tokens => format!(
                "that is {} tokens; the question asks for {}",
                other.possessive(),
                period.possessive().replacen("a ", "the ", 1)
            ),
            Over::Rate => format!(
                "that is per {}; the question asks per {}",
                other.word(),
                period.word()
            ),
        });
    }
    if let Some(period) = duration(unit) {
        // In a shorter period is a bigger number.
        if family.of_time() || family == Family::Thousand {
            if let Some((other, longer)) = period.other(family.factor()) {
                return (longer != bigger).then(|| {
                    format!(
                        "that is the time in {}; the question asks in {}",
                        other.plural(),
                        period.plural()
                    )
                });
            }
        }
    }
    match family {
        Family::Percent => percent(unit, bigger).map(String::from),
        Family::Thousand | Family::Million => scale(unit, family.factor(), bigger),
        _ => None,
    }
}

/// A unit that counts per period: the period and what is counted.
fn rate(unit: Unit) -> Option<(Period, Over)> {
    Some(match unit {
        Unit::UsdPerHour => (Period::Hour, Over::Bill),
        Unit::UsdPerDay => (Period::Day, Over::Bill),
        Unit::UsdPerMonth => (Period::Month, Over::Bill),
        Unit::UsdPerYear => (Period::Year, Over::Bill),
        Unit::TTokens => (Period::Month, Over::Tokens),
        Unit::TokPerS | Unit::ReqPerS => (Period::Second, Over::Rate),
        _ => return None,
    })
}

/// A unit of time.
fn duration(unit: Unit) -> Option<Period> {
    match unit {
        Unit::Ms => Some(Period::Milli),
        Unit::Seconds => Some(Period::Second),
        Unit::Hours => Some(Period::Hour),
        _ => None,
    }
}

/// A 100× slip in a unit where a percent or a fraction is the likely cause.
fn percent(unit: Unit, bigger: bool) -> Option<&'static str> {
    Some(match (unit, bigger) {
        (Unit::Share, true) => {
            "a percent typed as a fraction, so the percentage was taken a hundred times over"
        }
        (Unit::Share, false) => "a fraction for a percent: the fraction typed with a % sign",
        (Unit::Points, true) => "percentage points multiplied by 100 once too often",
        (Unit::Points, false) => {
            "a fraction for percentage points: a point is one percent of the whole"
        }
        (Unit::Ratio | Unit::None | Unit::Count(""), true) => {
            "a percent typed where a fraction is meant"
        }
        (Unit::Ratio | Unit::None | Unit::Count(""), false) => {
            "a fraction divided by 100 as if it were a percent"
        }
        _ => return None,
    })
}

/// A 1,000× or 1,000,000× slip where the unit names the scale mixed up.
fn scale(unit: Unit, factor: f64, bigger: bool) -> Option<String> {
    // A memory unit's neighbours, in MB.
    let memory = |mb_per_unit: f64| {
        let want = if bigger {
            mb_per_unit / factor
        } else {
            mb_per_unit * factor
        };
        let name = [
            (1e-6, "bytes"),
            (1e-3, "KB"),
            (1.0, "MB"),
            (1e3, "GB"),
            (1e6, "TB"),
        ]
        .into_iter()
        .find(|(mb, _)| (mb - want).abs() <= 1e-9 * want)?
        .1;
        let asked = if mb_per_unit == 1.0 { "MB" } else { "GB" };
        Some(format!("that is in {name}; the question asks {asked}"))
    };
    let million = factor == 1e6;
    let (k, m) = ("thousands (k)", "millions (M)");
    match (unit, bigger) {
        (Unit::Mb, _) => memory(1.0),
        (Unit::Gb, _) => memory(1e3),
        (Unit::TTokens, true) => Some(format!(
            "that is in {} of tokens; the question asks T tokens",
            if million {
                "millions (M)"
            } else {
                "billions (B)"
            }
        )),
        (Unit::UsdPerMTok, false) => Some(format!(
            "that is a price per {}; the question asks per million tokens",
            if million { "token" } else { "thousand tokens" }
        )),
        (Unit::Tokens, false) => Some(format!(
            "that is in {} of tokens; the question asks tokens",
            if million { m } else { k }
        )),
        (u, false) if duration(u).is_none() && !matches!(u, Unit::Share | Unit::Points) => {
            Some(format!(
                "that is in {}; the question asks the number itself",
                if million { m } else { k }
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const KEY: f64 = 2.5;
    const TIGHT: Tolerance = Tolerance::Rel(0.01);

    /// A family's test: its factor both ways (exactly, within the
    /// tolerance, and for a negative key), a near miss (the factor × 1.05)
    /// not diagnosed, and, under a tolerance wide enough that the answer
    /// also matches its nearest neighbour's product, the exact family named.
    fn family(f: Family) {
        for d in Direction::BOTH {
            let given = d.apply(KEY, f.factor());
            let s = diagnose(given, KEY, Unit::None, TIGHT)
                .unwrap_or_else(|| panic!("{} {}: no slip", f.id(), d.words()));
            assert_eq!((s.family, s.direction), (f, d), "{}", s.sentence);
            assert!(s.sentence.contains(&s.factor), "{}", s.sentence);
            let neg = diagnose(-given, -KEY, Unit::None, TIGHT).map(|s| (s.family, s.direction));
            assert_eq!(neg, Some((f, d)), "a negative key");
            let near = diagnose(given * 1.009, KEY, Unit::None, TIGHT).map(|s| s.family);
            assert_eq!(near, Some(f), "within ±1%");
            let miss = d.apply(KEY, f.factor() * 1.05);
            assert_eq!(diagnose(miss, KEY, Unit::None, TIGHT), None, "× 1.05");
        }
        // The neighbour and the way that need the least tolerance.
        let (need, d, g) = Family::ALL
            .into_iter()
            .filter(|g| *g != f)
            .flat_map(|g| {
                Direction::BOTH.map(|d| {
                    let (a, b) = (d.apply(1.0, f.factor()), d.apply(1.0, g.factor()));
                    ((a - b).abs() / b.abs(), d, g)
                })
            })
            .min_by(|x, y| x.0.total_cmp(&y.0))
            .unwrap();
        let wide = Tolerance::Rel(need * 1.001);
        let given = d.apply(KEY, f.factor());
        let other = d.apply(KEY, g.factor());
        assert!(wide.accepts(given, other) && carries(other, KEY, wide));
        let s = diagnose(given, KEY, Unit::None, wide).map(|s| (s.family, s.direction));
        assert_eq!(s, Some((f, d)), "{} against {}", f.id(), g.id());
    }

    macro_rules! per_family {
        ($($name:ident => $f:ident),+ $(,)?) => {
            $(#[test] fn $name() { family(Family::$f) })+
            const TESTED: &[Family] = &[$(Family::$f),+];
        };
    }

    per_family! {
        hour_second => HourSecond,
        minute_second => MinuteSecond,
        day_hour => DayHour,
        month_hour => MonthHour,
        year_hour => YearHour,
        year_month => YearMonth,
        year_day => YearDay,
        thousand => Thousand,
        percent => Percent,
        million => Million,
    }

    #[test]
    fn every_family_has_its_test() {
        assert_eq!(TESTED, Family::ALL);
        let ids: std::collections::HashSet<_> = Family::ALL.map(Family::id).into();
        assert_eq!(ids.len(), Family::ALL.len(), "ids are distinct");
        for f in Family::ALL {
            assert_eq!(Family::from_id(f.id()), Some(f));
        }
    }

    #[test]
    fn coinciding_products_name_one_family() {
        // 8,760 = 365 × 24 = 730 × 12: an hour for a year.
        let s = diagnose(KEY * 8760.0, KEY, Unit::UsdPerHour, TIGHT).unwrap();
        assert_eq!(s.family, Family::YearHour);
        assert_eq!(s.factor, "8,760×");
    }

    #[test]
    fn the_unit_names_the_likely_cause() {
        let said = |given: f64, unit: Unit| diagnose(given, KEY, unit, TIGHT).unwrap().sentence;
        assert_eq!(
            said(KEY * 730.0, Unit::UsdPerHour),
            "Off by exactly 730×: that is a month's bill; the question asks per hour."
        );
        assert_eq!(
            said(KEY / 12.0, Unit::UsdPerYear),
            "Off by exactly 12×: that is a month's bill; the question asks per year."
        );
        assert_eq!(
            said(KEY * 3600.0, Unit::ReqPerS),
            "Off by exactly 3,600×: that is per hour; the question asks per second."
        );
        assert_eq!(
            said(KEY * 60.0, Unit::Hours),
            "Off by exactly 60×: that is the time in minutes; the question asks in hours."
        );
        assert_eq!(
            said(KEY / 1000.0, Unit::Ms),
            "Off by exactly 1,000×: that is the time in seconds; the question asks in ms."
        );
        assert_eq!(
            said(KEY * 1000.0, Unit::Mb),
            "Off by exactly 1,000×: that is in KB; the question asks MB."
        );
        let share = |given: f64| diagnose(given, 0.25, Unit::Share, TIGHT).unwrap().sentence;
        assert!(share(25.0).contains("a percent typed as a fraction"));
        assert!(share(0.0025).contains("a fraction for a percent"));
        assert!(said(KEY / 1e6, Unit::UsdPerMTok).contains("a price per token"));
        // No clue: the common causes, and which way.
        let plain = said(KEY * 730.0, Unit::Count("cards"));
        assert!(plain.starts_with("Off by exactly 730×, too big: 730 hours make a month"));
    }

    #[test]
    fn no_slip_without_a_key_or_where_the_tolerance_cannot_tell() {
        assert_eq!(diagnose(0.0, 0.0, Unit::Share, TIGHT), None);
        assert_eq!(diagnose(f64::NAN, KEY, Unit::None, TIGHT), None);
        assert_eq!(diagnose(KEY * 60.0, f64::INFINITY, Unit::None, TIGHT), None);
        // A share of 0.5 % under ±0.1 points: the tolerance carried
        // through the factor, so 0 is no slip, nor anything that does not
        // put back within ±0.1 points; ÷ 1,000 exactly, or × 100, is one.
        let abs = Tolerance::Abs(0.001);
        let said = |given: f64| diagnose(given, 0.005, Unit::Share, abs).map(|s| s.family);
        assert_eq!(said(0.0), None);
        assert_eq!(said(0.000001), None, "÷ 5,000");
        assert_eq!(said(0.000005), Some(Family::Thousand));
        assert_eq!(said(0.5), Some(Family::Percent));
        // ±1 req/s around 73.25 req/s: 0.7325 is ÷ 100, not ÷ 60 (1.22),
        // though ±1 req/s around 1.22 would take it.
        let rate = |given: f64| diagnose(given, 73.25, Unit::ReqPerS, Tolerance::Abs(1.0));
        assert_eq!(rate(0.7325).map(|s| s.family), Some(Family::Percent));
        assert_eq!(rate(1.0), None);
        // Whole numbers: 2 for 24 replicas is chance, 288 is 12× too many.
        let count = |given: f64| diagnose(given, 24.0, Unit::Count("replicas"), Tolerance::Exact);
        assert_eq!(count(2.0), None);
        assert_eq!(count(288.0).map(|s| s.family), Some(Family::YearMonth));
        // The key itself, and a number near it, are no slip.
        assert_eq!(diagnose(KEY, KEY, Unit::None, TIGHT), None);
    }

    fn units() -> impl Strategy<Value = Unit> {
        prop::sample::select(vec![
            Unit::Share,
            Unit::Points,
            Unit::Ratio,
            Unit::Mb,
            Unit::Gb,
            Unit::Ms,
            Unit::Seconds,
            Unit::Hours,
            Unit::Usd,
            Unit::UsdPerHour,
            Unit::UsdPerDay,
            Unit::UsdPerMonth,
            Unit::UsdPerYear,
            Unit::UsdPerMTok,
            Unit::TokPerS,
            Unit::ReqPerS,
            Unit::Tokens,
            Unit::TTokens,
            Unit::TokPerUsd,
            Unit::Count("cards"),
            Unit::Count(""),
            Unit::None,
        ])
    }

    fn tolerances() -> impl Strategy<Value = Tolerance> {
        prop_oneof![
            any::<f64>().prop_map(Tolerance::Rel),
            any::<f64>().prop_map(Tolerance::Abs),
            Just(Tolerance::Exact),
            (0.0..0.2f64).prop_map(Tolerance::Rel),
        ]
    }

    fn numbers() -> impl Strategy<Value = f64> {
        prop_oneof![
            any::<f64>(),
            (-1e6..1e6f64),
            (1..1000u32).prop_map(|n| n as f64 * 0.25),
        ]
    }

    proptest! {
        /// Any numbers: no panic, and a slip only where the answer is the
        /// key off by its factor within the tolerance.
        #[test]
        fn diagnose_is_total(
            given in numbers(),
            key in numbers(),
            slip in (0..Family::ALL.len(), any::<bool>(), any::<bool>()),
            unit in units(),
            tolerance in tolerances(),
        ) {
            // Half the time, a given that is the key off by a factor.
            let (i, up, off) = slip;
            let f = Family::ALL[i];
            let d = if up { Direction::TooBig } else { Direction::TooSmall };
            let given = if off { d.apply(key, f.factor()) } else { given };
            if let Some(s) = diagnose(given, key, unit, tolerance) {
                let undone = s.direction.undo(given, s.family.factor());
                prop_assert!(tolerance.accepts(undone, key));
                prop_assert!(!tolerance.accepts(given, key));
                prop_assert!(s.sentence.starts_with("Off by exactly "));
            } else if off
                && carries(given, key, tolerance)
                && tolerance.accepts(d.undo(given, f.factor()), key)
            {
                // The exact product of a family the tolerance can carry
                // is always some slip.
                prop_assert!(false, "{given} against {key}: no slip");
            }
        }
    }
}
