//! Graded questions: drawn from the learner's seed alone, never about the
//! page, and never with a key the page already shows.
//!
//! A graded page locks the sliders its questions mirror, so a learner
//! cannot dial a question's values in and read its key off a figure. What
//! is left is chance: the key of a drawn question equal to a number the
//! page shows for its own values (a figure, a check, a note, a chart's
//! table, a slider's value) or to one the question itself states. Such a
//! draw is passed over for the next seed of the learner's sequence, so the
//! same learner still gets the same question every time.

use super::answer::format_exact;
use super::{question, ChallengeError, Question, Solver};
use crate::model::memo::Memo;
use crate::model::{hash64, mix64, Params, Topic};

thread_local! {
    static SHOWN: Memo<(&'static str, Params), String> = const { Memo::new() };
}

/// Draws past this many keys the page shows are not made: the last one
/// stands (a template whose every key the page shows is a defect of its
/// ranges, which tests/graded.rs would catch).
const TRIES: u64 = 64;

/// Template `id` drawn for a graded page showing `page`: the question of
/// `seed`, or of the next seed of its sequence whose key neither the page
/// nor `words` (what every page states whatever its values) holds.
pub fn graded_question(
    solver: &'static dyn Solver,
    id: &str,
    seed: u64,
    page: &Params,
    words: &str,
) -> Result<Question, ChallengeError> {
    let topic = solver.topic();
    // One page's text serves every draw made on it (a restore, then the
    // question on show, then each tab).
    let shown = SHOWN.with(|m| {
        m.get_or((topic.id(), page.clone()), || {
            page_text(topic, page) + "\n" + words
        })
    });
    let mut q = question(solver, id, seed)?;
    for k in 1..TRIES {
        if !shows_key(&shown, &q) {
            break;
        }
        q = question(solver, id, next_seed(seed, k))?;
    }
    Ok(q)
}

/// The `k`-th seed after `seed` in a graded learner's sequence (below
/// 10^9, as a learner's seed is).
pub fn next_seed(seed: u64, k: u64) -> u64 {
    hash64(seed ^ mix64(k)) % 1_000_000_000
}

/// The ways the page would write `q`'s key: as a learner types it and as a
/// figure shows it; a set's members as listed and sorted.
pub fn key_forms(q: &Question) -> Vec<String> {
    let mut forms = match &q.detail {
        Some(members) => {
            let mut sorted = members.clone();
            crate::model::few::sort_by(&mut sorted, |a, b| a.cmp(b));
            vec![members.join(", "), sorted.join(", ")]
        }
        None => vec![format_exact(q.answer, q.unit), q.unit.format(q.answer)],
    };
    forms.dedup();
    forms
}

/// Whether `text` holds `form` as a number of its own: not a part of a
/// longer number (no digit, decimal point or digit group touching it).
pub fn holds(text: &str, form: &str) -> bool {
    let numeric = |c: char| c.is_ascii_digit() || c == '.' || c == ',';
    text.match_indices(form).any(|(at, _)| {
        let mut before = text[..at].chars().rev();
        let touches_before = match before.next() {
            Some(c) if c.is_ascii_digit() => true,
            Some(c) if numeric(c) => before.next().is_some_and(|d| d.is_ascii_digit()),
            _ => false,
        };
        let mut after = text[at + form.len()..].chars();
        let next = after.next();
        // "12" in "12.5" or "1,200" is part of a longer number; "12." ending
        // a sentence is not.
        let touches_after = match next {
            Some(c) if c.is_ascii_digit() => true,
            Some(c) if numeric(c) => after.next().is_some_and(|d| d.is_ascii_digit()),
            _ => false,
        };
        !touches_before && !touches_after
    })
}

/// Whether the page text `shown` or the question itself holds a form of its key.
pub fn shows_key(shown: &str, q: &Question) -> bool {
    key_forms(q)
        .iter()
        .any(|f| holds(shown, f) || holds(&q.text, f))
}

/// What the page writes for its values: figures, checks, notes, the
/// charts' tables and the sliders' values, one line each.
pub fn page_text(topic: &dyn Topic, page: &Params) -> String {
    let out = topic.run(page);
    let mut lines: Vec<String> = out.figures.iter().map(|f| f.text()).collect();
    for c in &out.checks {
        lines.push(c.why.clone());
        lines.push(c.unit.format(c.value));
        lines.push(c.unit.format(c.threshold));
    }
    lines.extend(out.notes.iter().map(|n| n.text().to_string()));
    for chart in &out.charts {
        let t = chart.table();
        lines.extend(t.headers);
        lines.extend(t.rows.into_iter().flatten());
    }
    for (spec, v) in page.specs().iter().zip(page.values()) {
        lines.push(spec.display(*v));
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::holds;

    #[test]
    fn a_form_is_found_only_as_a_number_of_its_own() {
        assert!(holds("a backlog of 960 requests.", "960 requests"));
        assert!(holds("3 × 10 × 32 = 960", "960"));
        assert!(holds("It is 960.", "960"));
        assert!(!holds("1,960 requests", "960 requests"));
        assert!(!holds("9601", "960"));
        assert!(!holds("960.5", "960"));
        assert!(!holds("2.960", "960"));
        assert!(!holds("960,000", "960"));
        assert!(holds("960, then", "960"));
    }
}
