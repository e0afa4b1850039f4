//! Colours as numbers: reading the colour a stylesheet resolved, relative
//! luminance and contrast as WCAG 2 defines them, and the text colour of a
//! tone that stays legible on a background. The palette itself is the
//! stylesheet's (`www/style.css`, one custom property per [`Tone`]), so a
//! theme, a projector or forced colours change it without touching code.
//!
//! [`Tone`]: super::Tone

/// An sRGB colour, 8 bits a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Reads `#rrggbb`, `rgb(r, g, b)` or `rgba(r, g, b, a)` (the form a
    /// browser's computed style gives); none for anything else.
    pub fn parse(text: &str) -> Option<Rgb> {
        let t = text.trim();
        if let Some(hex) = t.strip_prefix('#') {
            let n = u32::from_str_radix(hex, 16)
                .ok()
                .filter(|_| hex.len() == 6)?;
            return Some(Rgb((n >> 16) as u8, (n >> 8) as u8, n as u8));
        }
        let inner = t
            .strip_prefix("rgba(")
            .or_else(|| t.strip_prefix("rgb("))?
            .strip_suffix(')')?;
        let mut parts = inner
            .split([',', ' ', '/'])
            .filter(|p| !p.is_empty())
            .map(|p| super::decimal::parse(p).map(|v| v.round().clamp(0.0, 255.0) as u8));
        Some(Rgb(parts.next()??, parts.next()??, parts.next()??))
    }

    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Relative luminance (WCAG 2): 0 for black, 1 for white.
    pub fn luminance(self) -> f64 {
        let lin = |c: u8| {
            let c = c as f64 / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(self.0) + 0.7152 * lin(self.1) + 0.0722 * lin(self.2)
    }

    /// The contrast ratio of two colours (WCAG 2): 1 to 21.
    pub fn contrast(self, other: Rgb) -> f64 {
        let (a, b) = (self.luminance(), other.luminance());
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// This colour moved a share `t` (0 to 1) of the way to `to`.
    pub fn mix(self, to: Rgb, t: f64) -> Rgb {
        let m = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * t).round() as u8;
        Rgb(m(self.0, to.0), m(self.1, to.1), m(self.2, to.2))
    }
}

/// Contrast text needs (WCAG 2.2 AA, normal size).
pub const TEXT_CONTRAST: f64 = 4.5;

/// The colour to write text of tone `c` in on `bg`: `c` itself when it has
/// [`TEXT_CONTRAST`] there, otherwise `c` moved toward `ink` (the theme's
/// text colour) by the least eighth that gives it.
pub fn legible(c: Rgb, bg: Rgb, ink: Rgb) -> Rgb {
    (0..=8)
        .map(|k| c.mix(ink, k as f64 / 8.0))
        .find(|t| t.contrast(bg) >= TEXT_CONTRAST)
        .unwrap_or(ink)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_a_browser_writes() {
        assert_eq!(Rgb::parse("#0b62a4"), Some(Rgb(11, 98, 164)));
        assert_eq!(Rgb::parse("rgb(11, 98, 164)"), Some(Rgb(11, 98, 164)));
        assert_eq!(Rgb::parse("rgba(0, 230, 255, 0.8)"), Some(Rgb(0, 230, 255)));
        assert_eq!(Rgb::parse("CanvasText"), None);
        assert_eq!(Rgb::parse("#fff"), None);
    }

    #[test]
    fn contrast_is_wcag_s() {
        let (black, white) = (Rgb(0, 0, 0), Rgb(255, 255, 255));
        assert!((black.contrast(white) - 21.0).abs() < 1e-9);
        // The old focus ring on white.
        assert!((Rgb(0xf0, 0xb4, 0).contrast(white) - 1.87).abs() < 0.01);
    }

    #[test]
    fn legible_text_reaches_the_contrast() {
        let (bg, ink) = (Rgb(255, 255, 255), Rgb(30, 34, 40));
        for c in [Rgb(214, 130, 0), Rgb(150, 156, 166), Rgb(0, 0, 0)] {
            assert!(legible(c, bg, ink).contrast(bg) >= TEXT_CONTRAST);
        }
        let dark = Rgb(27, 31, 37);
        let light_ink = Rgb(230, 233, 238);
        assert!(legible(Rgb(0, 60, 160), dark, light_ink).contrast(dark) >= TEXT_CONTRAST);
        // Already legible: unchanged.
        assert_eq!(legible(ink, bg, ink), ink);
    }
}
