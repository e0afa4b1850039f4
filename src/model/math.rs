//! The math a topic shows: its equations with their units, the symbols they
//! use and where each symbol's value comes from, as data (each topic's
//! `notes_math.rs`), and [`mathml`], which turns an equation written in a
//! small linear notation into MathML Core for the page.
//!
//! The notation: letters make an identifier (`n`, `lcm`, `ρ`), digits a
//! number (`1,200`, `0.85`), `"words"` text; `a_b` and `a^b` put `b` below or
//! above `a`; `a/b` is a fraction of the two items beside the slash; `{…}`
//! groups without showing; `sqrt{…}` is a square root; `quad` a wide space
//! between two equations on one line; anything else (`+ − ×
//! · ÷ = ≤ ≥ ( ) ⌈ ⌉ ⌊ ⌋ |`) is an operator. `n_1 − n_0` reads
//! n₁ − n₀; `{n_1 − n_0}/max(n_0, n_1)` is a fraction.

/// A topic's math panel.
#[derive(Clone, Copy, Debug)]
pub struct Math {
    /// What the equations model, in a sentence or two.
    pub intro: &'static str,
    pub equations: &'static [Equation],
    pub symbols: &'static [Symbol],
    /// The glossary terms (ids) the topic's page must link: its key words.
    pub terms: &'static [&'static str],
}

/// One equation.
#[derive(Clone, Copy, Debug)]
pub struct Equation {
    /// What it gives, in words ("Moved share under modulo").
    pub name: &'static str,
    /// The equation in the notation above.
    pub formula: &'static str,
    /// Its unit, and where or why it holds.
    pub note: &'static str,
}

/// A symbol the equations use.
#[derive(Clone, Copy, Debug)]
pub struct Symbol {
    /// The symbol in the notation above (`n_0`).
    pub symbol: &'static str,
    /// What it stands for, with its unit.
    pub meaning: &'static str,
    /// The parameter that sets it, whose default and source the panel shows;
    /// `None` for a constant or a computed quantity (its value and origin
    /// are then in `meaning`).
    pub param: Option<&'static str>,
}

/// Letters that start a square root.
const SQRT: &str = "sqrt";
/// Letters that make a wide space between two equations on one line.
const QUAD: &str = "quad";

/// One item of the notation, parsed.
enum Item {
    /// A finished MathML element.
    Node(String),
    /// A slash between two items: a fraction.
    Slash,
}

struct Reader<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn row(nodes: Vec<String>) -> String {
    if nodes.len() == 1 {
        nodes.into_iter().next().unwrap_or_default()
    } else {
        format!("<mrow>{}</mrow>", nodes.concat())
    }
}

impl Reader<'_> {
    /// Items up to `close` (or the end when `close` is `None`), as one row.
    fn sequence(&mut self, close: Option<char>) -> Result<String, String> {
        let mut items: Vec<Item> = Vec::new();
        loop {
            while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
                self.chars.next();
            }
            match self.chars.peek().copied() {
                None if close.is_none() => break,
                None => return Err(format!("missing “{}”", close.unwrap_or('}'))),
                Some(c) if Some(c) == close => {
                    self.chars.next();
                    break;
                }
                Some('}') => return Err("a “}” without its “{”".into()),
                Some('/') => {
                    self.chars.next();
                    items.push(Item::Slash);
                }
                Some('_' | '^') => return Err("a script with nothing before it".into()),
                Some(_) => {
                    let base = self.atom()?;
                    items.push(Item::Node(self.scripts(base)?));
                }
            }
        }
        fractions(items).map(row)
    }

    /// `base` with the scripts that follow it.
    fn scripts(&mut self, base: String) -> Result<String, String> {
        let mut sub = None;
        let mut sup = None;
        while let Some(&c @ ('_' | '^')) = self.chars.peek() {
            self.chars.next();
            let script = self.atom()?;
            let slot = if c == '_' { &mut sub } else { &mut sup };
            if slot.replace(script).is_some() {
                return Err(format!("two “{c}” on one item"));
            }
        }
        Ok(match (sub, sup) {
            (None, None) => base,
            (Some(b), None) => format!("<msub>{base}{b}</msub>"),
            (None, Some(p)) => format!("<msup>{base}{p}</msup>"),
            (Some(b), Some(p)) => format!("<msubsup>{base}{b}{p}</msubsup>"),
        })
    }

    /// One identifier, number, text, group, root or operator.
    fn atom(&mut self) -> Result<String, String> {
        let Some(c) = self.chars.next() else {
            return Err("the formula ends where an item should be".into());
        };
        if c == '{' {
            return self.sequence(Some('}'));
        }
        if c == '"' {
            let text: String = self.chars.by_ref().take_while(|&c| c != '"').collect();
            return Ok(format!("<mtext>{}</mtext>", esc(&text)));
        }
        if c.is_ascii_digit() {
            let mut n = c.to_string();
            while let Some(&d) = self.chars.peek() {
                let more = d.is_ascii_digit() || ((d == '.' || d == ',') && self.digit_after());
                if !more {
                    break;
                }
                n.push(d);
                self.chars.next();
            }
            return Ok(format!("<mn>{n}</mn>"));
        }
        if c.is_alphabetic() {
            let mut word = c.to_string();
            while let Some(&d) = self.chars.peek().filter(|d| d.is_alphabetic()) {
                word.push(d);
                self.chars.next();
            }
            if word == QUAD {
                return Ok("<mspace width=\"2em\"></mspace>".into());
            }
            if word == SQRT && self.chars.peek() == Some(&'{') {
                self.chars.next();
                return Ok(format!("<msqrt>{}</msqrt>", self.sequence(Some('}'))?));
            }
            return Ok(format!("<mi>{}</mi>", esc(&word)));
        }
        if c == '∞' {
            return Ok("<mi>∞</mi>".into());
        }
        let op = if c == '-' { '−' } else { c };
        Ok(format!("<mo>{}</mo>", esc(&op.to_string())))
    }

    /// Whether the `.` or `,` just peeked continues the number `n`: a digit
    /// must follow it (`1,200` is one number, `f(a, b)` has a comma).
    fn digit_after(&self) -> bool {
        let mut look = self.chars.clone();
        look.next();
        look.peek().is_some_and(|c| c.is_ascii_digit())
    }
}

/// Joins `a / b` into fractions, left to right.
fn fractions(items: Vec<Item>) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    let mut it = items.into_iter();
    while let Some(item) = it.next() {
        match item {
            Item::Node(n) => out.push(n),
            Item::Slash => {
                let num = out.pop().ok_or("a “/” with nothing before it")?;
                let Some(Item::Node(den)) = it.next() else {
                    return Err("a “/” with nothing after it".into());
                };
                out.push(format!("<mfrac>{num}{den}</mfrac>"));
            }
        }
    }
    Ok(out)
}

/// `formula` in the notation above as a MathML `<math>` element (block
/// display), with the formula as its text alternative; an error says what
/// could not be read.
pub fn mathml(formula: &str) -> Result<String, String> {
    let mut r = Reader {
        chars: formula.chars().peekable(),
    };
    let body = r.sequence(None)?;
    Ok(format!(
        "<math display=\"block\" alttext=\"{}\">{body}</math>",
        esc(&plain(formula)).replace('"', "&quot;")
    ))
}

/// `formula` as plain text: groups and script marks dropped, text unquoted
/// (for a screen reader's fallback and for documents).
pub fn plain(formula: &str) -> String {
    formula
        .replace(['{', '}', '"'], "")
        .replace("sqrt", "√")
        .replace("quad", "   ")
        .replace(['_', '^'], "")
}

#[cfg(test)]
mod tests {
    use super::mathml;

    #[test]
    fn reads_scripts_fractions_groups_and_numbers() {
        let m = mathml("{n_1 − n_0}/{max(n_0, n_1)} ≤ 1,200").unwrap();
        assert!(m.contains(
            "<mfrac><mrow><msub><mi>n</mi><mn>1</mn></msub><mo>−</mo><msub><mi>n</mi><mn>0</mn></msub></mrow><mrow><mi>max</mi><mo>(</mo>"
        ), "{m}");
        assert!(
            m.contains("<mo>,</mo>") && m.contains("<mn>1,200</mn>"),
            "{m}"
        );
        let m = mathml("W = S·ρ/{1 − ρ}").unwrap();
        assert!(
            m.contains("<mfrac><mi>ρ</mi><mrow><mn>1</mn><mo>−</mo><mi>ρ</mi></mrow></mfrac>"),
            "{m}"
        );
        assert!(mathml("sqrt{ρ}^2 \"per card\"")
            .unwrap()
            .contains("<msup><msqrt><mi>ρ</mi></msqrt><mn>2</mn></msup><mtext>per card</mtext>"));
    }

    #[test]
    fn says_what_it_cannot_read() {
        for bad in ["{a", "a}", "_a", "a/", "/a", "a_b_c"] {
            assert!(mathml(bad).is_err(), "{bad}");
        }
    }
}
