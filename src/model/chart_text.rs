//! How wide a chart's text is, without a browser: a per-character width table
//! for the canvas font (`12px system-ui, sans-serif`), and line wrapping.
//!
//! The table holds, for each character, the widest advance of the sans-serif
//! faces a reader's browser is likely to pick for `system-ui` (DejaVu Sans,
//! the widest of them, and Liberation Sans / Arial), in hundredths of an em,
//! rounded up; a character not in it counts as a full em. The estimate adds
//! a margin on top, so it is never narrower than what the canvas measures
//! (the browser test compares it with `measureText`).

/// The canvas font's size, CSS pixels.
pub const FONT_PX: f64 = 12.0;
/// The height of one line of chart text, CSS pixels.
pub const LINE_PX: f64 = 14.0;

/// Advances of ASCII 32 (space) to 126 (`~`), hundredths of an em.
const ASCII: [u8; 95] = [
    32, 41, 46, 84, 64, 96, 78, 28, 40, 40, 50, 84, 32, 37, 32, 34, // space … /
    64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 34, 34, 84, 84, 84, 56, // 0 … ?
    102, 69, 69, 73, 78, 67, 62, 78, 76, 30, 50, 67, 56, 87, 75, 79, // @ … O
    67, 79, 73, 67, 62, 74, 69, 99, 69, 67, 69, 40, 34, 40, 84, 56, // P … _
    50, 62, 64, 55, 64, 62, 36, 64, 64, 28, 28, 58, 28, 98, 64, 62, // ` … o
    64, 64, 42, 53, 40, 64, 60, 82, 60, 60, 53, 64, 34, 64, 84, // p … ~
];

/// One character's advance, hundredths of an em.
fn advance(c: char) -> u32 {
    let code = c as u32;
    if (32..127).contains(&code) {
        return ASCII[(code - 32) as usize] as u32;
    }
    match c {
        '·' | '’' | '‘' => 32,
        '°' => 50,
        '“' | '”' => 52,
        '–' => 56,
        'λ' => 60,
        'é' => 62,
        'ρ' | 'μ' | 'σ' | '€' | '£' => 64,
        'Δ' => 69,
        '×' | '−' | '∞' | '≥' | '≤' | '±' | '÷' | '≈' | '↑' => 84,
        _ => 100,
    }
}

/// The width `s` takes in the chart font, CSS pixels, rounded up with a
/// margin of 3 % and one pixel (kerning only ever narrows a string).
pub fn text_width(s: &str) -> f64 {
    let hundredths: u32 = s.chars().map(advance).sum();
    if hundredths == 0 {
        return 0.0;
    }
    (hundredths as f64 / 100.0 * FONT_PX * 1.03 + 1.0).ceil()
}

/// Breaks `s` into lines no wider than `width` at spaces and after hyphens
/// and slashes; `None` when a single word is wider than `width` or more than
/// `max_lines` lines would be needed.
pub fn wrap(s: &str, width: f64, max_lines: usize) -> Option<Vec<String>> {
    if text_width(s) <= width {
        return Some(vec![s.to_string()]);
    }
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in words(s) {
        let joined = format!("{line}{word}");
        if line.is_empty() || text_width(joined.trim_end()) <= width {
            line = joined;
            continue;
        }
        lines.push(line.trim_end().to_string());
        line = word.to_string();
    }
    lines.push(line.trim_end().to_string());
    let fits = lines.iter().all(|l| text_width(l) <= width);
    (fits && lines.len() <= max_lines).then_some(lines)
}

/// Like [`wrap`] but never refuses: as many lines as needed, and a word
/// wider than `width` is cut between characters.
pub fn wrap_hard(s: &str, width: f64) -> Vec<String> {
    if let Some(lines) = wrap(s, width, usize::MAX) {
        return lines;
    }
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for c in s.chars() {
        line.push(c);
        if text_width(line.trim()) > width && line.chars().count() > 1 {
            line.pop();
            lines.push(line.trim().to_string());
            line = c.to_string();
        }
    }
    lines.push(line.trim().to_string());
    lines.retain(|l| !l.is_empty());
    lines
}

/// `s` cut after each space, hyphen or slash, the break kept with the word
/// before it ("hash-overflow x" → "hash-", "overflow ", "x").
fn words(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in s.char_indices() {
        if matches!(c, ' ' | '-' | '/') {
            let end = i + c.len_utf8();
            out.push(&s[start..end]);
            start = end;
        }
    }
    if start < s.len() {
        out.push(&s[start..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_grow_with_the_text_and_unknown_characters_count_an_em() {
        assert_eq!(text_width(""), 0.0);
        assert!(text_width("100%") > text_width("10%"));
        assert!(text_width("W") > text_width("i"));
        assert_eq!(text_width("中"), (12.0f64 * 1.03 + 1.0).ceil());
    }

    #[test]
    fn wrapping_breaks_at_spaces_and_hyphens_and_refuses_long_words() {
        let w = text_width("overflow ");
        assert_eq!(
            wrap("hash-overflow", w, 2).unwrap(),
            vec!["hash-".to_string(), "overflow".to_string()]
        );
        assert_eq!(wrap("a b", 1000.0, 1).unwrap(), vec!["a b".to_string()]);
        assert!(wrap("unbreakable", 10.0, 3).is_none());
        assert!(wrap("one two three four", text_width("three"), 2).is_none());
        let lines = wrap("0 whole rented B200 instead", 90.0, 3).unwrap();
        assert!(lines.iter().all(|l| text_width(l) <= 90.0));
        assert_eq!(lines.join(" "), "0 whole rented B200 instead");
    }
}
