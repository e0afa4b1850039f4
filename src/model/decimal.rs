//! Reading a decimal number. [`parse`] accepts what `str::parse::<f64>`
//! accepts and gives the same value bit for bit (correctly rounded, halfway
//! cases to even), without the standard library's reader: its table of
//! 128-bit powers of five and its slow path weigh about 12 KB (brotli) in
//! every page build, for the few numbers a page reads (a slider's value, an
//! answer, a link's parameter). A number of at most 15 significant digits and
//! a small exponent (nearly all of them) takes Clinger's fast path, one exact
//! multiplication or division; the rest are computed exactly with big
//! integers, which is slow and rare. ARCHITECTURE.md, "Speed".

use std::cmp::Ordering;

/// Reads `text` as `text.parse::<f64>().ok()` does: an optional sign, then
/// `inf`, `infinity` or `nan` (any case), or digits with an optional point
/// and an optional exponent (`e` or `E`, an optional sign, digits); nothing
/// else, not even a space.
pub fn parse(text: &str) -> Option<f64> {
    let b = text.as_bytes();
    let (negative, b) = match b.first() {
        Some(b'-') => (true, &b[1..]),
        Some(b'+') => (false, &b[1..]),
        _ => (false, b),
    };
    let magnitude = match special(b) {
        Some(v) => v,
        None => digits(b)?.value(),
    };
    Some(if negative { -magnitude } else { magnitude })
}

fn special(b: &[u8]) -> Option<f64> {
    if b.eq_ignore_ascii_case(b"inf") || b.eq_ignore_ascii_case(b"infinity") {
        Some(f64::INFINITY)
    } else if b.eq_ignore_ascii_case(b"nan") {
        Some(f64::NAN)
    } else {
        None
    }
}

/// Significant digits kept. Any halfway point between two neighbouring
/// doubles has at most 767 significant digits, so a number's first 800 and
/// whether any digit after them is nonzero decide its rounding.
const KEPT: usize = 800;

/// A decimal `digits × 10^exp`, `digits` without leading zeros.
struct Decimal {
    digits: Vec<u8>,
    exp: i64,
}

/// The exponent's magnitude beyond which every number is 0 or infinite.
const EXP_CAP: i64 = 1 << 40;

fn digits(b: &[u8]) -> Option<Decimal> {
    let mut d = Decimal {
        digits: Vec::new(),
        exp: 0,
    };
    let mut dropped_nonzero = false;
    let mut seen = false;
    let mut i = 0;
    let mut fraction = false;
    while i < b.len() {
        let c = b[i];
        if c == b'.' && !fraction {
            fraction = true;
        } else if c.is_ascii_digit() {
            seen = true;
            let v = c - b'0';
            if d.digits.is_empty() && v == 0 {
                d.exp -= fraction as i64;
            } else if d.digits.len() < KEPT {
                d.digits.push(v);
                d.exp -= fraction as i64;
            } else {
                dropped_nonzero |= v != 0;
                d.exp += !fraction as i64;
            }
        } else {
            break;
        }
        i += 1;
    }
    if !seen {
        return None;
    }
    if i < b.len() {
        if b[i] | 0x20 != b'e' {
            return None;
        }
        i += 1;
        let negative = b.get(i) == Some(&b'-');
        if matches!(b.get(i), Some(b'-' | b'+')) {
            i += 1;
        }
        let start = i;
        let mut e: i64 = 0;
        while i < b.len() && b[i].is_ascii_digit() {
            e = (e * 10 + (b[i] - b'0') as i64).min(EXP_CAP);
            i += 1;
        }
        if i == start || i != b.len() {
            return None;
        }
        d.exp += if negative { -e } else { e };
    }
    if dropped_nonzero {
        // A digit 1 after the kept ones: above the kept number and below the
        // next, as the dropped digits are, so it rounds as they do.
        d.digits.push(1);
        d.exp -= 1;
    }
    while d.digits.last() == Some(&0) {
        d.digits.pop();
        d.exp += 1;
    }
    Some(d)
}

/// 10^0 ..= 10^22: every one exact in an f64.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

impl Decimal {
    fn value(&self) -> f64 {
        let n = self.digits.len() as i64;
        if n == 0 {
            return 0.0;
        }
        // The number lies in [10^(n + exp - 1), 10^(n + exp)).
        if n + self.exp > 310 {
            return f64::INFINITY;
        }
        if n + self.exp < -324 {
            return 0.0; // below 10^-325, under half the smallest double
        }
        self.fast().unwrap_or_else(|| self.exact())
    }

    /// Clinger's fast path: the digits and the power of ten both exact in an
    /// f64, so one correctly rounded operation gives the answer.
    fn fast(&self) -> Option<f64> {
        if self.digits.len() > 15 {
            return None;
        }
        let mut m = self.digits.iter().fold(0u64, |m, &d| m * 10 + d as u64) as f64;
        let mut e = self.exp;
        if e > 22 && e <= 22 + 15 - self.digits.len() as i64 {
            m *= POW10[(e - 22) as usize]; // still an integer below 10^15
            e = 22;
        }
        match e {
            0..=22 => Some(m * POW10[e as usize]),
            -22..=-1 => Some(m / POW10[-e as usize]),
            _ => None,
        }
    }

    /// The correctly rounded value by exact integer arithmetic: the top bits
    /// of `digits × 10^exp`, or of the quotient `digits / 10^-exp`, and
    /// whether anything below them is nonzero.
    fn exact(&self) -> f64 {
        let mut num = Big::from_digits(&self.digits);
        if self.exp >= 0 {
            num.mul_pow10(self.exp as u32);
            let len = num.bits();
            let below = len.saturating_sub(64);
            round(
                num.bits_from(below) as u128,
                below as i64,
                num.any_below(below),
            )
        } else {
            let mut den = Big::from_digits(&[1]);
            den.mul_pow10(-self.exp as u32);
            // Scale the quotient to 65 or 66 bits.
            let shift = 65 + den.bits() as i64 - num.bits() as i64;
            if shift >= 0 {
                num.shl(shift as u64);
            } else {
                den.shl(-shift as u64);
            }
            let (q, rest) = num.divide(den);
            round(q, -shift, rest)
        }
    }
}

/// The double nearest `(m + f) × 2^e` with `0 ≤ f < 1` (`f > 0` exactly
/// when `sticky`), halfway cases to even; `m` has at least 64 bits whenever
/// `sticky` is set.
fn round(m: u128, e: i64, sticky: bool) -> f64 {
    let len = 128 - m.leading_zeros() as i64;
    let top = e + len - 1; // the exponent of the leading bit
    let keep = if top >= -1022 { 53 } else { top + 1075 }; // fewer below normal
    if keep < 0 {
        return 0.0;
    }
    let drop = len - keep;
    if drop <= 0 {
        return scaled(m as u64, e); // exact: at most 53 bits, nothing after them
    }
    let kept = m >> drop;
    let half = 1u128 << (drop - 1);
    let rest = m & ((half << 1) - 1);
    let up = rest > half || (rest == half && (sticky || kept & 1 == 1));
    scaled((kept + up as u128) as u64, e + drop)
}

/// `m × 2^e`, which the rounding above made a double (or an overflow).
fn scaled(m: u64, e: i64) -> f64 {
    if m == 0 {
        return 0.0;
    }
    let power = if e > 1023 {
        f64::INFINITY
    } else if e >= -1022 {
        f64::from_bits(((e + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (e + 1074)) // e ≥ -1074 after the rounding
    };
    m as f64 * power
}

/// A natural number as 32-bit limbs, least significant first, no zero limb
/// at the top.
#[derive(Clone)]
struct Big(Vec<u32>);

impl Big {
    fn from_digits(digits: &[u8]) -> Big {
        let mut b = Big(Vec::with_capacity(digits.len() / 9 + 1));
        for chunk in digits.chunks(9) {
            b.mul_small(10u32.pow(chunk.len() as u32));
            let v = chunk.iter().fold(0u32, |v, &d| v * 10 + d as u32);
            b.add_small(v);
        }
        b
    }

    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for limb in self.0.iter_mut() {
            let x = *limb as u64 * m as u64 + carry;
            *limb = x as u32;
            carry = x >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn add_small(&mut self, a: u32) {
        let mut carry = a as u64;
        for limb in self.0.iter_mut() {
            if carry == 0 {
                return;
            }
            let x = *limb as u64 + carry;
            *limb = x as u32;
            carry = x >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut k: u32) {
        while k >= 9 {
            self.mul_small(1_000_000_000);
            k -= 9;
        }
        self.mul_small(10u32.pow(k));
    }

    fn bits(&self) -> u64 {
        match self.0.last() {
            Some(top) => self.0.len() as u64 * 32 - top.leading_zeros() as u64,
            None => 0,
        }
    }

    fn bit(&self, i: u64) -> bool {
        let limb = (i / 32) as usize;
        limb < self.0.len() && self.0[limb] >> (i % 32) & 1 == 1
    }

    /// The 64 bits from bit `from` up.
    fn bits_from(&self, from: u64) -> u64 {
        (0..64).fold(0, |v, j| v | (self.bit(from + j) as u64) << j)
    }

    fn any_below(&self, n: u64) -> bool {
        let whole = (n / 32) as usize;
        self.0.iter().take(whole).any(|&l| l != 0)
            || (!n.is_multiple_of(32)
                && whole < self.0.len()
                && self.0[whole] << (32 - n % 32) != 0)
    }

    fn shl(&mut self, n: u64) {
        let (limbs, bits) = ((n / 32) as usize, (n % 32) as u32);
        if bits > 0 {
            let mut carry = 0u32;
            for limb in self.0.iter_mut() {
                let x = *limb;
                *limb = x << bits | carry;
                carry = x >> (32 - bits);
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, limbs));
    }

    fn shr1(&mut self) {
        let mut carry = 0u32;
        for limb in self.0.iter_mut().rev() {
            let x = *limb;
            *limb = x >> 1 | carry << 31;
            carry = x & 1;
        }
        self.trim();
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn compare(&self, other: &Big) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }

    /// `self -= other`, `other` not larger.
    fn subtract(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let x = *limb as i64 - other.0.get(i).copied().unwrap_or(0) as i64 - borrow;
            borrow = (x < 0) as i64;
            *limb = x.rem_euclid(1 << 32) as u32;
        }
        self.trim();
    }

    /// `self / den` rounded down, and whether it leaves a remainder; the
    /// quotient below 2^67.
    fn divide(mut self, den: Big) -> (u128, bool) {
        let mut d = den;
        d.shl(66);
        let mut q = 0u128;
        for i in (0..=66).rev() {
            if self.compare(&d) != Ordering::Less {
                self.subtract(&d);
                q |= 1 << i;
            }
            d.shr1();
        }
        (q, !self.0.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn same(text: &str) {
        let want = text.parse::<f64>().ok();
        let got = parse(text);
        let bits = |v: Option<f64>| {
            v.map(|x| {
                if x.is_nan() {
                    (1, x.is_sign_negative() as u64)
                } else {
                    (0, x.to_bits())
                }
            })
        };
        assert_eq!(
            bits(got),
            bits(want),
            "{text:?}: {got:?} against the standard {want:?}"
        );
    }

    #[test]
    fn the_hard_cases_read_as_the_standard_library_reads_them() {
        for t in [
            "0", "-0", "+0", "0.0", ".5", "5.", "1e0", "1E+2", "1e-2", "0.1", "0.2", "0.3",
            "3000", "12.5", "1e22", "1e23", "123456789012345678", "9007199254740993",
            "9007199254740992.5", "9007199254740993.0000000000000001",
            "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308",
            "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
            "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
            "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.9999999",
            "1e400", "1e-400", "0e999999999999999999999", "1e99999999999999999999",
            "1e-99999999999999999999", "00000000000000000000000001.5", "0.000000000000000000000000015e26",
            "inf", "-Infinity", "INF", "nan", "-NaN", "NaN", "infinit", "nan1",
            "", "+", "-", ".", "e5", "1e", "1e+", "1.2.3", " 1", "1 ", "1_000", "0x10", "1e5.5",
            "--1", "+-1", "١", "1e-5", "6.02214076e23", "1.0e-7",
        ] {
            same(t);
        }
    }

    #[test]
    fn long_numbers_and_halfway_points_read_as_the_standard_library_reads_them() {
        // The exact decimal of a halfway point between two neighbours, and a
        // hair either side of it, at a spread of magnitudes.
        for bits in [
            1u64,
            2,
            3,
            0x000f_ffff_ffff_ffff,
            0x0010_0000_0000_0000,
            0x3ff0_0000_0000_0001,
            0x4340_0000_0000_0001,
            0x7fef_ffff_ffff_fffe,
            0x1234_5678_9abc_def0,
            0x0000_0000_0000_ffff,
        ] {
            let lo = f64::from_bits(bits);
            let exact = exact_midpoint(lo);
            same(&exact);
            let point = if exact.contains('.') { "" } else { "." };
            same(&format!("{exact}{point}000000001"));
            let mut below = exact.clone();
            // One unit less in the last digit of the midpoint.
            let last = below.pop().unwrap();
            if last != '0' {
                below.push((last as u8 - 1) as char);
                same(&below);
            }
        }
        same(&format!("1{}", "0".repeat(900)));
        same(&format!("0.{}1", "0".repeat(320)));
        same(&format!("{}e-900", "7".repeat(1000)));
        same(&format!("{}5{}1e-800", "4".repeat(799), "0".repeat(300)));
    }

    /// The exact decimal of the point halfway between `x` and the next
    /// double up, written out in full.
    fn exact_midpoint(x: f64) -> String {
        // x = m × 2^e; the midpoint is (2m + 1) × 2^(e - 1).
        let bits = x.to_bits();
        let (mut m, mut e) = if bits >> 52 == 0 {
            (bits, -1074i64)
        } else {
            (
                (bits & ((1 << 52) - 1)) | 1 << 52,
                (bits >> 52) as i64 - 1075,
            )
        };
        m = 2 * m + 1;
        e -= 1;
        let mut n = Big(vec![m as u32, (m >> 32) as u32]);
        n.trim();
        if e >= 0 {
            n.shl(e as u64);
            return to_decimal(&n);
        }
        // m / 2^k = m × 5^k / 10^k.
        let k = -e as usize;
        for _ in 0..k {
            n.mul_small(5);
        }
        let s = to_decimal(&n);
        let s = format!("{}{}", "0".repeat((k + 1).saturating_sub(s.len())), s);
        let (int, frac) = s.split_at(s.len() - k);
        format!("{int}.{frac}")
    }

    fn to_decimal(n: &Big) -> String {
        let mut n = n.clone();
        let mut out = Vec::new();
        while !n.0.is_empty() {
            let mut rem = 0u64;
            for limb in n.0.iter_mut().rev() {
                let x = rem << 32 | *limb as u64;
                *limb = (x / 10) as u32;
                rem = x % 10;
            }
            n.trim();
            out.push(b'0' + rem as u8);
        }
        if out.is_empty() {
            out.push(b'0');
        }
        out.reverse();
        String::from_utf8(out).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn any_double_written_any_way_reads_back_as_the_standard_library_reads_it(bits in any::<u64>(), digits in 1usize..25) {
            let x = f64::from_bits(bits);
            same(&format!("{x}"));
            same(&format!("{x:e}"));
            same(&format!("{x:.*e}", digits));
            same(&format!("{x:.*}", digits));
        }

        #[test]
        fn any_digits_and_exponent_read_as_the_standard_library_reads_them(m in "[0-9]{1,40}", f in "[0-9]{0,40}", e in -400i32..400) {
            same(&format!("{m}.{f}e{e}"));
            same(&format!("{m}e{e}"));
        }

        #[test]
        fn any_text_is_refused_or_read_as_the_standard_library_does(t in "[-+0-9.eEinfatyINFATY _x]{0,12}") {
            same(&t);
        }
    }
}
