//! The glossary: the words the pages use, each defined once in plain words,
//! and [`link`], which finds a term's first mention in a text so the page
//! can link it to its entry (`?view=glossary#<id>`). Pure data (the entries
//! are `glossary.toml`, which build.rs compiles into [`TERMS`]) and a pure
//! function: tests/words.rs checks that every term is defined once and that
//! every topic links its key terms.

/// One entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// The entry's anchor (`card` in `?view=glossary#card`), kebab-case.
    pub id: &'static str,
    /// The word the entry is headed by.
    pub term: &'static str,
    /// Other spellings that link to it (plurals, short forms); matched, like
    /// the term, whole-word and without regard to case.
    pub aliases: &'static [&'static str],
    /// The definition, in a sentence or two.
    pub short: &'static str,
}

// Every term, from `glossary.toml` (compiled by build.rs).
include!(concat!(env!("OUT_DIR"), "/glossary.rs"));

/// An entry by id.
pub fn find(id: &str) -> Option<&'static Term> {
    TERMS.iter().find(|t| t.id == id)
}

/// A piece of a text: plain, or the first mention of a term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    Text(&'a str),
    Term(&'a str, &'static Term),
}

/// Whether `c` may sit beside a word without joining it: a hyphen joins
/// ("consistent-hashing seed card" does not mention hashing on its own, and
/// "64-card" is no card).
fn boundary(c: Option<char>) -> bool {
    c.is_none_or(|c| !c.is_alphanumeric() && c != '-')
}

/// The longest term spelling that starts at byte `at` of `text`, whole word,
/// among terms not yet `seen`: its length in bytes and its entry.
fn match_at(text: &str, at: usize, seen: &[&str]) -> Option<(usize, &'static Term)> {
    if !boundary(text[..at].chars().next_back()) {
        return None;
    }
    let rest = &text[at..];
    let mut best: Option<(usize, &'static Term)> = None;
    for t in TERMS.iter().filter(|t| !seen.contains(&t.id)) {
        for spelling in std::iter::once(&t.term).chain(t.aliases) {
            let n = spelling.len();
            let hit = rest.len() >= n
                && rest.is_char_boundary(n)
                && rest[..n].eq_ignore_ascii_case(spelling)
                && boundary(rest[n..].chars().next());
            if hit && best.is_none_or(|(m, _)| n > m) {
                best = Some((n, t));
            }
        }
    }
    best
}

/// `text` cut into pieces, the first mention of each term not in `seen`
/// marked (and added to `seen`), the longest spelling winning where two
/// start at the same place.
pub fn link<'a>(text: &'a str, seen: &mut Vec<&'static str>) -> Vec<Piece<'a>> {
    let mut out = Vec::new();
    let mut plain = 0;
    let mut at = 0;
    while at < text.len() {
        if let Some((n, t)) = match_at(text, at, seen) {
            if plain < at {
                out.push(Piece::Text(&text[plain..at]));
            }
            out.push(Piece::Term(&text[at..at + n], t));
            seen.push(t.id);
            at += n;
            plain = at;
        } else {
            at += text[at..].chars().next().map_or(1, char::len_utf8);
        }
    }
    if plain < text.len() {
        out.push(Piece::Text(&text[plain..]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_first_mentions_whole_words_longest_first() {
        let mut seen = Vec::new();
        let pieces = link(
            "Cards hold prompt families; a card's KV cache, not the scratchpad.",
            &mut seen,
        );
        let terms: Vec<(&str, &str)> = pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Term(s, t) => Some((*s, t.id)),
                Piece::Text(_) => None,
            })
            .collect();
        assert_eq!(
            terms,
            [
                ("Cards", "card"),
                ("prompt families", "prompt-family"),
                ("KV cache", "kv-cache")
            ]
        );
        let text: String = pieces
            .iter()
            .map(|p| match p {
                Piece::Text(s) | Piece::Term(s, _) => *s,
            })
            .collect();
        assert!(text.starts_with("Cards hold") && text.ends_with("scratchpad."));
        // A hyphen joins words: no term inside "64-card" or "x-hashing".
        assert!(link("a 64-card fleet, consistent-hashing", &mut Vec::new())
            .iter()
            .all(|p| matches!(p, Piece::Text(_))));
        // Already seen: not linked again.
        assert!(link("a card", &mut seen)
            .iter()
            .all(|p| matches!(p, Piece::Text(_))));
    }
}
