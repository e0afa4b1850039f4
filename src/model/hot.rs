//! Arithmetic for the engines' hot loops, written so the browser's
//! size-optimized build (`opt-level = "z"`) keeps it inline: there
//! `f64::max` and `f64::min` are calls to `fmax`/`fmin`, once an iteration.
//! Each is a branch instead, equal to the standard function for numbers
//! (neither argument NaN); ARCHITECTURE.md, "Speed".

/// The larger of `a` and `b` (`a.max(b)` for numbers).
#[inline(always)]
pub fn larger(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// The smaller of `a` and `b` (`a.min(b)` for numbers).
#[inline(always)]
pub fn smaller(a: f64, b: f64) -> f64 {
    if a < b {
        a
    } else {
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn as_the_standard_functions_for_numbers() {
        let xs = [
            -3.5,
            -0.0,
            0.0,
            1e-300,
            2.0,
            7.25,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        for &a in &xs {
            for &b in &xs {
                assert_eq!(larger(a, b), a.max(b), "larger({a}, {b})");
                assert_eq!(smaller(a, b), a.min(b), "smaller({a}, {b})");
            }
        }
    }
}
