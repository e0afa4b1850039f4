//! The words a learner reads. Every string a topic page, its stories, its
//! checks, notes, charts and challenges can show is gathered here, for
//! every topic, every story with and without its fix, and seeded random
//! states; none may point at a file, a folder, a model section or a raw
//! parameter id. Beside it: the glossary (every term defined once, every
//! topic's key terms linked where they first appear) and the math panel
//! (every topic has one, and its equations read as MathML).

use fleetlab::challenge;
use fleetlab::challenge::kinds::{predict, Level};
use fleetlab::glossary::{self, Piece, TERMS};
use fleetlab::model::math::mathml;
use fleetlab::model::{Chart, ParamKind, Params, Plot, SplitMix64, Topic};
use fleetlab::topics;
use std::collections::HashSet;

/// A piece of text a learner can see, and where it comes from.
struct Shown {
    place: String,
    text: String,
}

fn push(out: &mut Vec<Shown>, place: impl Into<String>, text: impl Into<String>) {
    out.push(Shown {
        place: place.into(),
        text: text.into(),
    });
}

/// The topic's declared words: the About, the parameters, the stories and
/// their fixes, the checks.
fn declared(t: &dyn Topic, out: &mut Vec<Shown>) {
    push(out, "title", t.title());
    push(out, "question", t.question());
    push(out, "source", t.source());
    for s in t.params() {
        let at = format!("parameter {}", s.name);
        push(out, format!("{at} label"), s.label);
        push(out, format!("{at} help"), s.help);
        push(out, format!("{at} source"), s.source);
        push(out, format!("{at} unit"), s.unit.format(s.default));
        if let ParamKind::Choice(options) = s.kind {
            for (_, label) in options {
                push(out, format!("{at} choice"), *label);
            }
        }
    }
    for p in t.presets() {
        let at = format!("story {}", p.id);
        push(out, format!("{at} title"), p.title);
        push(out, format!("{at} story"), p.story);
        if let Some(f) = &p.fix {
            push(out, format!("{at} fix"), f.label);
            push(out, format!("{at} fix"), f.explain);
        }
    }
    for c in t.checks() {
        push(out, format!("check {} label", c.id), c.label);
        push(out, format!("check {} rule", c.id), c.rule);
    }
    if let Some(m) = topics::math(t.id()) {
        push(out, "math intro", m.intro);
        for e in m.equations {
            push(out, "math equation", e.name);
            push(out, "math equation", e.note);
        }
        for s in m.symbols {
            push(out, "math symbol", s.meaning);
        }
    }
}

/// The words of a chart: title, summary, axes, series, lines, bars, legend.
fn chart_words(at: &str, c: &Chart, out: &mut Vec<Shown>) {
    let at = format!("{at} chart {}", c.id);
    push(out, &at, c.title.clone());
    push(out, &at, c.summary.clone());
    let lines = |out: &mut Vec<Shown>, ls: &[fleetlab::model::RefLine]| {
        for l in ls {
            push(out, &at, l.label.clone());
        }
    };
    match &c.plot {
        Plot::Xy(xy) => {
            push(out, &at, xy.x.label);
            push(out, &at, xy.y.label);
            for s in &xy.series {
                push(out, &at, s.name.clone());
            }
            lines(out, &xy.hlines);
            lines(out, &xy.vlines);
        }
        Plot::Bars(b) => {
            push(out, &at, b.y.label);
            for c in &b.categories {
                push(out, &at, c.clone());
            }
            for s in &b.sets {
                push(out, &at, s.name.clone());
            }
            lines(out, &b.hlines);
        }
        Plot::Ring(r) => {
            for (k, v) in &r.legend {
                push(out, &at, k.clone());
                push(out, &at, v.clone());
            }
        }
    }
    for h in c.table().headers {
        push(out, &at, h);
    }
}

/// What one run shows: figures, verdicts, notes, charts.
fn run_words(t: &dyn Topic, at: &str, p: &Params, out: &mut Vec<Shown>) {
    let o = t.run(p);
    for f in &o.figures {
        push(out, format!("{at} figure {}", f.id), f.label);
        push(out, format!("{at} figure {}", f.id), f.text());
    }
    for v in &o.checks {
        push(out, format!("{at} check {}", v.id), v.why.clone());
        push(out, format!("{at} check {}", v.id), v.comparison());
    }
    for n in &o.notes {
        push(out, format!("{at} note"), n.text().to_string());
        if let fleetlab::model::Note::Carry(c) = n {
            push(out, format!("{at} note"), c.label.clone());
        }
    }
    for c in &o.charts {
        chart_words(at, c, out);
    }
}

/// A random allowed value of every parameter.
fn random_params(t: &dyn Topic, rng: &mut SplitMix64) -> Params {
    let mut p = t.defaults();
    for (i, s) in t.params().iter().enumerate() {
        let v = match s.kind {
            ParamKind::Number { min, max, .. } => min + (max - min) * rng.next_unit(),
            ParamKind::Choice(options) => (rng.next_unit() * options.len() as f64).floor(),
        };
        p.set_clamped(i, v);
    }
    p
}

/// Every run a reader reaches: the defaults, each story with and without
/// its fix, and `random` seeded states.
fn runs(t: &dyn Topic, random: usize) -> Vec<(String, Params)> {
    let mut v = vec![("defaults".to_string(), t.defaults())];
    for p in t.presets() {
        v.push((
            format!("story {}", p.id),
            t.preset_params(p, false).unwrap(),
        ));
        if p.fix.is_some() {
            let fixed = t.preset_params(p, true).unwrap();
            v.push((format!("story {} + fix", p.id), fixed));
        }
    }
    let mut rng = SplitMix64::new(0x5eed_f07d);
    for k in 0..random {
        v.push((format!("random state {k}"), random_params(t, &mut rng)));
    }
    v
}

/// The challenge texts: titles, prompts, hints and worked solutions, drawn.
fn challenge_words(t: &dyn Topic, out: &mut Vec<Shown>) {
    for tpl in challenge::templates(t) {
        for seed in 1..=12 {
            let Ok(q) = topics::question(t, &tpl.id, seed) else {
                continue;
            };
            let at = format!("challenge {} seed {seed}", tpl.id);
            push(out, &at, q.title);
            push(out, &at, q.text);
            push(out, &at, q.solution);
            for h in q.hints {
                push(out, &at, h);
            }
        }
    }
}

/// Everything `t` can show.
fn everything(t: &dyn Topic) -> Vec<Shown> {
    let mut out = Vec::new();
    declared(t, &mut out);
    for (at, p) in runs(t, 24) {
        run_words(t, &at, &p, &mut out);
    }
    challenge_words(t, &mut out);
    out
}

/// Why `text` may not be shown, if it may not.
fn pointer_in(text: &str, names: &[&str]) -> Option<String> {
    let lower = text.to_lowercase();
    // Built from parts, so the repository names no outside folder.
    let outside = ["shared", "/"].concat();
    let section = "\u{a7}";
    for bad in [
        outside.as_str(),
        section,
        "spec",
        ".md",
        ".rs",
        ".toml",
        "src/",
    ] {
        if lower.contains(bad) {
            return Some(format!("names “{bad}”"));
        }
    }
    if text.contains('_') {
        return Some("has a snake_case word or a subscript written with _".into());
    }
    for name in names.iter().filter(|n| n.contains('_')) {
        if text.contains(name) {
            return Some(format!("names the parameter id {name}"));
        }
    }
    for file in ["seed 0", "seeds 0", "seed card 0", "seed cards 0"] {
        if lower.contains(file) {
            return Some("names a seed card by its file number".into());
        }
    }
    None
}

/// No text a learner sees names a file, a folder, a model section, a raw
/// parameter id or a symbol written with an underscore.
#[test]
fn learners_read_words_not_pointers() {
    let mut bad = Vec::new();
    for t in topics::all() {
        let names: Vec<&str> = t.params().iter().map(|s| s.name).collect();
        let mut seen = HashSet::new();
        for s in everything(t) {
            if !seen.insert((s.place.clone(), s.text.clone())) {
                continue;
            }
            if let Some(why) = pointer_in(&s.text, &names) {
                bad.push(format!("{} / {}: {why}: {}", t.id(), s.place, s.text));
            }
        }
    }
    bad.dedup();
    assert!(bad.is_empty(), "{} texts:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn the_glossary_speaks_plainly_too() {
    let bad: Vec<String> = TERMS
        .iter()
        .filter_map(|t| pointer_in(t.short, &[]).map(|why| format!("{}: {why}", t.id)))
        .collect();
    assert!(bad.is_empty(), "{bad:?}");
}

/// Every term is defined once: one entry per id, and no spelling (a term or
/// an alias, whatever its case) leads to two entries.
#[test]
fn every_glossary_term_is_defined_once() {
    let mut ids = HashSet::new();
    let mut spellings = HashSet::new();
    for t in TERMS {
        assert!(ids.insert(t.id), "{} is defined twice", t.id);
        assert!(
            t.id.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{}: an anchor is kebab-case",
            t.id
        );
        assert!(
            t.short.len() > 30 && t.short.ends_with('.'),
            "{}: a definition is a sentence",
            t.id
        );
        for s in std::iter::once(&t.term).chain(t.aliases) {
            assert!(
                spellings.insert(s.to_lowercase()),
                "“{s}” leads to two entries"
            );
        }
    }
}

/// The glossary terms a topic page links: the first mention of each term in
/// its question and its parameters' help, in page order (what the page's
/// glossary links do).
fn linked_terms(t: &dyn Topic) -> Vec<&'static str> {
    let mut seen = Vec::new();
    let texts = std::iter::once(t.question()).chain(t.params().iter().map(|s| s.help));
    for text in texts {
        let pieces = glossary::link(text, &mut seen);
        let back: String = pieces
            .iter()
            .map(|p| match p {
                Piece::Text(s) | Piece::Term(s, _) => *s,
            })
            .collect();
        assert_eq!(back, text, "linking keeps the text whole");
    }
    seen
}

/// Every topic page links its key terms where they first appear; "card" and
/// "GPU" are key terms of every page that speaks of cards.
#[test]
fn every_topic_links_its_key_terms() {
    for t in topics::all() {
        let math = topics::math(t.id()).unwrap_or_else(|| panic!("{}: no math panel", t.id()));
        let linked = linked_terms(t);
        for id in math.terms {
            assert!(
                glossary::find(id).is_some(),
                "{}: no glossary term {id}",
                t.id()
            );
            assert!(
                linked.contains(id),
                "{}: the key term {id} is not in the question or a help text (linked: {linked:?})",
                t.id()
            );
        }
    }
    for id in [
        "consistent-hashing",
        "load-balancing",
        "cache-aware-routing",
    ] {
        let terms = topics::math(id).unwrap().terms;
        assert!(terms.contains(&"card") && terms.contains(&"gpu"), "{id}");
    }
}

/// Every topic has a math panel whose equations read as MathML and whose
/// symbols name real parameters.
#[test]
fn every_topic_shows_its_math() {
    for t in topics::all() {
        let m = topics::math(t.id()).unwrap_or_else(|| panic!("{}: no math panel", t.id()));
        assert!(
            !m.equations.is_empty() && !m.symbols.is_empty(),
            "{}",
            t.id()
        );
        for e in m.equations {
            let ml =
                mathml(e.formula).unwrap_or_else(|err| panic!("{}: {}: {err}", t.id(), e.formula));
            assert!(ml.starts_with("<math") && ml.ends_with("</math>"));
            assert!(
                !e.note.is_empty(),
                "{}: {} has no unit or note",
                t.id(),
                e.name
            );
        }
        for s in m.symbols {
            mathml(s.symbol).unwrap_or_else(|err| panic!("{}: {}: {err}", t.id(), s.symbol));
            if let Some(name) = s.param {
                assert!(
                    t.params().iter().any(|p| p.name == name),
                    "{}: symbol {} names no parameter {name}",
                    t.id(),
                    s.symbol
                );
            }
        }
    }
}

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The repository carries its own model documentation: a page per topic
/// that names its parameters, stories and checks, linked from the README
/// and ARCHITECTURE.md; nothing sends a reader outside the repository.
#[test]
fn the_repository_documents_every_model() {
    for t in topics::all() {
        let path = root().join(format!("docs/models/{}.md", t.id()));
        let doc = std::fs::read_to_string(&path)
            .unwrap_or_else(|_| panic!("{} is missing", path.display()));
        let names = t
            .params()
            .iter()
            .map(|p| p.name)
            .chain(t.presets().iter().map(|p| p.id))
            .chain(t.checks().iter().map(|c| c.id));
        for name in names {
            assert!(
                doc.contains(&format!("`{name}`")),
                "docs/models/{}.md does not name `{name}`",
                t.id()
            );
        }
    }
    for file in ["README.md", "ARCHITECTURE.md"] {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        assert!(
            text.contains("docs/models/"),
            "{file} links the model documentation"
        );
    }
}

/// The tiers page's formula-against-simulation words claim no more
/// agreement than the figures on screen: "cannot tell from chance" only
/// when the free wait's difference is inside its interval, "outside chance"
/// only when it is not, and no fixed percentage stands in for the run.
#[test]
fn tiers_notes_claim_only_what_the_figures_show() {
    let t = topics::find("tiers-and-rate-limits").unwrap();
    let mut judged = 0;
    for (at, p) in runs(t, 12) {
        let o = t.run(&p);
        let fig = |id: &str| o.get(id).unwrap();
        let (sim, ci, formula) = (
            fig("sim_free_wait_ms"),
            fig("sim_free_wait_ci_ms"),
            fig("free_wait_ms"),
        );
        for n in &o.notes {
            let text = n.text();
            assert!(!text.contains("about 2 %"), "{at}: {text}");
            if text.contains("cannot tell the effect from chance") {
                judged += 1;
                assert!((sim - formula).abs() <= ci, "{at}: {text}");
            }
            if text.contains("outside chance") || text.contains("longer, outside the interval") {
                judged += 1;
                assert!((sim - formula).abs() > ci, "{at}: {text}");
            }
        }
    }
    assert!(judged > 0, "the refill note was never shown");
}

/// Plural nouns the pages count.
const COUNTED: [&str; 12] = [
    "replicas",
    "cards",
    "tries",
    "families",
    "requests",
    "copies",
    "evictions",
    "bursts",
    "seconds",
    "members",
    "grants",
    "minutes",
];

/// Why `text` may read badly, if it may: a count of one with a plural
/// noun ("1 tries", "The 1 warm replicas", "1 replicas' worth"), a
/// tolerance written "within exact", or a figure's name used as a noun
/// without its article ("what happens to bill for the day?").
fn grammar_in(text: &str) -> Option<String> {
    for (i, _) in text.match_indices('1') {
        // "21 cards", "0.1 cards", "n − 1 cards" count more than one.
        let before: Vec<char> = text[..i].chars().rev().take(2).collect();
        let joined = |c: &char| c.is_ascii_digit() || ".,−-+".contains(*c);
        if before.first().is_some_and(joined)
            || (before.first() == Some(&' ') && before.get(1).is_some_and(joined))
        {
            continue;
        }
        let rest = &text[i + 1..];
        let Some(rest) = rest.strip_prefix(' ') else {
            continue;
        };
        let rest = rest.strip_prefix("warm ").unwrap_or(rest);
        for noun in COUNTED {
            if let Some(after) = rest.strip_prefix(noun) {
                if !after.chars().next().is_some_and(char::is_alphanumeric) {
                    return Some(format!("1 {noun}"));
                }
            }
        }
    }
    if text.contains("within exact") {
        return Some("within exact".into());
    }
    if text.contains("what happens to ") && !text.contains("what happens to “") {
        return Some("what happens to, a figure's name without quotes".into());
    }
    None
}

/// The words a page builds from numbers agree with them: every text of
/// every topic (as `everything` gathers it), each question asked about each
/// story's page with its misconceptions' feedback, the grade of a right
/// answer, and each predict-first prompt.
#[test]
fn numbers_and_nouns_agree() {
    let mut bad = Vec::new();
    for t in topics::all() {
        let mut texts: Vec<(String, String)> = everything(t)
            .into_iter()
            .map(|s| (s.place, s.text))
            .collect();
        for (at, p) in runs(t, 0) {
            for tpl in challenge::templates(t) {
                let Ok(q) = topics::question_live(t, &tpl.id, 1, &p) else {
                    continue;
                };
                let place = format!("{at} {} about the page", tpl.id);
                let graded = challenge::grade(&q, &q.unit.format(q.answer));
                texts.push((place.clone(), graded.message));
                for m in &q.misconceptions {
                    texts.push((place.clone(), m.feedback.clone()));
                }
                texts.push((place.clone(), q.text));
                texts.push((place, q.solution));
            }
        }
        for seed in 1..=24 {
            for level in [Level::Easy, Level::Medium, Level::Hard] {
                if let Some(posed) = predict::pose(t, seed, level) {
                    texts.push((format!("predict seed {seed}"), posed.text));
                }
            }
        }
        for (place, text) in texts {
            if let Some(why) = grammar_in(&text) {
                bad.push(format!("{} / {place}: {why}: {text}", t.id()));
            }
        }
    }
    bad.sort();
    bad.dedup();
    assert!(bad.is_empty(), "{} texts:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn the_grammar_check_reads_counts() {
    assert!(grammar_in("solved 0 in 1 tries.").is_some());
    assert!(grammar_in("The 1 warm replicas serve").is_some());
    assert!(grammar_in("so 1 replicas' worth piles up").is_some());
    assert!(grammar_in("Correct: 960 (within exact).").is_some());
    assert!(grammar_in("what happens to bill for the day?").is_some());
    assert!(grammar_in("solved 1 in 21 tries; 11 cards, 0.1 cards, n − 1 cards").is_none());
    assert!(grammar_in("1 try, 1 replica's worth, what happens to “Bill”?").is_none());
}
