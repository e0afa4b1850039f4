//! The number at the start of a typed answer, written as people write it:
//! `24576`, `24,576` or `24 576` or `24_576` or `24'576` (digits grouped in
//! threes), `87.5` or `87,5` (a decimal point or a decimal comma),
//! `1.234,5` and `1,234.5` (both marks: the last one is the decimal mark),
//! `1.2e4`, `.5`, and a simple fraction `7/8` or `1 / 101`.
//!
//! A single comma followed by exactly three digits groups thousands
//! (`24,576` is twenty-four thousand), unless the digits before it are `0`
//! (`0,125` is an eighth); with one or two digits, or four and more, after
//! it, it is a decimal comma (`87,5`, `0,99`).

/// The number at the start of `s`, whether it was written as a fraction,
/// and the rest; `None` if `s` does not start with a number this reads.
pub(super) fn leading(s: &str) -> Option<(f64, bool, &str)> {
    let (mantissa, rest) = mantissa(s)?;
    let mut value = mantissa;
    let mut rest = rest;
    let mut fraction = false;
    if let Some((den, after)) = denominator(rest) {
        value /= den;
        rest = after;
        fraction = true;
    }
    value.is_finite().then_some((value, fraction, rest))
}

/// The chars of a digit-and-separator run: what `mantissa` reads.
fn is_mark(c: char) -> bool {
    matches!(c, ',' | '.' | '_' | '\'' | '\u{2019}')
}

/// A number with grouping, a decimal mark and an exponent; the rest.
fn mantissa(s: &str) -> Option<(f64, &str)> {
    let chars: Vec<(usize, char)> = s.char_indices().collect();
    let digit = |k: usize| chars.get(k).is_some_and(|(_, c)| c.is_ascii_digit());
    let mut raw = String::new();
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k].1;
        if c.is_ascii_digit() || (is_mark(c) && digit(k + 1) && (k > 0 || c == '.')) {
            raw.push(c);
        } else if c == ' ' && k > 0 && digit(k - 1) && space_group(&chars, k + 1) {
            raw.push(' ');
        } else {
            break;
        }
        k += 1;
    }
    let end = chars.get(k).map_or(s.len(), |(i, _)| *i);
    let mut value = plain(&raw)?;
    let mut rest = &s[end..];
    // Exponent: e or E, an optional sign, one to four digits.
    let b = rest.as_bytes();
    if b.first().is_some_and(|c| *c == b'e' || *c == b'E') {
        let mut j = 1;
        if b.get(j).is_some_and(|c| *c == b'+' || *c == b'-') {
            j += 1;
        }
        let start = j;
        while b.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        if j > start && j - start <= 4 {
            let e: i32 = rest[1..j].parse().ok()?;
            let digits = format!("{}e{e}", plain_digits(&raw)?);
            value = crate::model::decimal::parse(&digits)?;
            rest = &rest[j..];
        }
    }
    // Digits that overflow, or that underflow to zero ("1e-400"), are not
    // read as something else than was typed.
    let nonzero = raw.bytes().any(|b| (b'1'..=b'9').contains(&b));
    (value.is_finite() && (value != 0.0 || !nonzero)).then_some((value, rest))
}

/// Whether the chars from `k` are exactly three digits and then no digit
/// (a group of thousands after a space).
fn space_group(chars: &[(usize, char)], k: usize) -> bool {
    (k..k + 3).all(|i| chars.get(i).is_some_and(|(_, c)| c.is_ascii_digit()))
        && !chars.get(k + 3).is_some_and(|(_, c)| c.is_ascii_digit())
}

/// The value of a run of digits and marks, or `None` if its grouping is
/// not one this reads.
fn plain(raw: &str) -> Option<f64> {
    crate::model::decimal::parse(&plain_digits(raw)?)
}

/// A run of digits and marks as Rust reads a number: grouping dropped, the
/// decimal mark a point.
fn plain_digits(raw: &str) -> Option<String> {
    if !raw.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let commas = raw.matches(',').count();
    let dots = raw.matches('.').count();
    let decimal = match (commas, dots) {
        (0, 0) => None,
        (0, 1) => Some('.'),
        (0, _) => None, // 1.234.567: dots group
        (1, 0) => {
            let (int, frac) = raw.split_once(',')?;
            let int_digits: String = int.chars().filter(char::is_ascii_digit).collect();
            let groups = frac.len() == 3 && !int_digits.starts_with('0');
            (!groups).then_some(',')
        }
        (_, 0) => None, // 1,234,567: commas group
        _ => {
            // Both: the last one is the decimal mark, and it appears once.
            let last = raw.rfind([',', '.'])?;
            let mark = raw[last..].chars().next()?;
            if raw.matches(mark).count() != 1 {
                return None;
            }
            Some(mark)
        }
    };
    let (int, frac) = match decimal {
        Some(m) => raw.split_once(m)?,
        None => (raw, ""),
    };
    if !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // The integer part: one to three digits, then groups of exactly three,
    // every separator the same kind.
    let groups: Vec<&str> = int.split(|c: char| !c.is_ascii_digit()).collect();
    let seps: Vec<char> = int.chars().filter(|c| !c.is_ascii_digit()).collect();
    if seps.windows(2).any(|w| w[0] != w[1]) {
        return None;
    }
    if groups.len() > 1 && (groups[0].is_empty() || groups[0].len() > 3) {
        return None;
    }
    if groups.iter().skip(1).any(|g| g.len() != 3) {
        return None;
    }
    let int: String = groups.concat();
    Some(if frac.is_empty() && decimal.is_none() {
        int
    } else {
        format!("{int}.{frac}")
    })
}

/// A fraction's `/ denominator` after a number: digits (with a decimal
/// point), not zero, followed by the end, a space or `%` (so `$2.50/1M`
/// stays a price per million tokens).
fn denominator(s: &str) -> Option<(f64, &str)> {
    let after = s.trim_start().strip_prefix('/')?.trim_start();
    let len = after
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(after.len());
    let (digits, rest) = after.split_at(len);
    if !rest.is_empty() && !rest.starts_with([' ', '%']) {
        return None;
    }
    let d = crate::model::decimal::parse(digits)?;
    (d > 0.0 && d.is_finite()).then_some((d, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> Option<(f64, &str)> {
        leading(s).map(|(v, _, r)| (v, r))
    }

    #[test]
    fn numbers_as_people_write_them() {
        for (text, want, rest) in [
            ("24576", 24576.0, ""),
            ("24,576 MB", 24576.0, " MB"),
            ("24 576 MB", 24576.0, " MB"),
            ("35 040", 35040.0, ""),
            ("1 234 567", 1234567.0, ""),
            ("24_576", 24576.0, ""),
            ("24'576", 24576.0, ""),
            ("87,5 %", 87.5, " %"),
            ("0,99", 0.99, ""),
            ("0,125", 0.125, ""),
            ("1,2345", 1.2345, ""),
            ("1.234,5", 1234.5, ""),
            ("1,234.5", 1234.5, ""),
            ("1.234.567", 1234567.0, ""),
            ("1,234,567.25", 1234567.25, ""),
            ("1.2e4", 12000.0, ""),
            (".5", 0.5, ""),
            ("7/8", 0.875, ""),
            ("1 / 4", 0.25, ""),
            ("1/101 %", 1.0 / 101.0, " %"),
            ("3 5", 3.0, " 5"),
            ("12 /h", 12.0, " /h"),
            ("2.50/1M", 2.5, "/1M"),
            ("0e-400", 0.0, ""),
        ] {
            assert_eq!(read(text), Some((want, rest)), "{text}");
        }
        for bad in ["", "x", "1e-400", "1,23,456", "12,34,567", "1.2.3,4,5"] {
            assert!(read(bad).is_none(), "{bad}: {:?}", read(bad));
        }
        // A zero denominator is no fraction.
        assert_eq!(read("1/0"), Some((1.0, "/0")));
    }
}
