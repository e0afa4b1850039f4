//! A question as a link names it beyond its template and seed: its own
//! values (`challenge_values`, what a mock interview's review writes), and
//! the link that reopens a question (its xAPI IRI).

use super::{encode, short, Challenge, State};
use crate::challenge;

/// The link that reopens question `q` (the page's story and values only
/// when it was asked about them): the question's IRI.
pub fn question_iri(base: &str, page: &State, q: &challenge::Question) -> String {
    let mut s = State::new(page.topic());
    if q.live {
        s.preset = page.preset;
        s.fix = page.fix;
        s.params = page.params.clone();
    }
    s.challenge = Challenge {
        template: Some(q.template.clone()),
        seed: Some(q.seed),
        live: q.live,
        ..Default::default()
    };
    format!("{base}?{}", encode(&s))
}

/// A question's values as a link writes them (`C:3000,P:9000`): every name
/// a value of `t`'s draw (a word of letters, digits and underscores), named
/// once, every value a finite number or a word of letters, digits and
/// hyphens; at most 32 pairs.
pub(super) fn read_values(
    t: &challenge::Template,
    text: &str,
) -> Result<Vec<(String, String)>, String> {
    let mut out: Vec<(String, String)> = Vec::new();
    for pair in text.split(',') {
        let (name, value) = pair
            .split_once(':')
            .ok_or_else(|| format!("“{}” is not name:value", short(pair)))?;
        let named = !name.is_empty()
            && name.len() <= 24
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !named {
            return Err(format!("“{}” is not a value's name", short(name)));
        }
        if out.len() >= 32 {
            return Err(format!("{} names at most 32 values", t.id));
        }
        if out.iter().any(|(n, _)| n == name) {
            return Err(format!("“{}” is named twice", short(name)));
        }
        let parsed = crate::model::decimal::parse(value);
        let number = parsed.is_some_and(|x| x.is_finite());
        let word = parsed.is_none()
            && !value.is_empty()
            && value.len() <= 40
            && value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if !number && !word {
            return Err(format!("“{}” is not a number", short(value)));
        }
        out.push((name.to_string(), value.to_string()));
    }
    Ok(out)
}
