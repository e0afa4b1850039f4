//! A learner's practice record: per template, attempts and correct answers,
//! and its Leitner box and when it is due again (src/challenge/kinds/schedule.rs);
//! the practice page's count of questions drawn; the predictions made on
//! topic pages; overall score and streaks. The browser keeps it in localStorage and
//! exports/imports it as JSON. Reading it never loses work: a record that
//! fails to parse is kept aside by the edge, and one that parses but is
//! inconsistent is repaired here with a list of what was changed.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The format version this build writes. Format 2 added the boxes, the
/// questions drawn and the predictions; a format-1 record reads as one whose
/// boxes are all empty (and says it was upgraded).
pub const VERSION: u32 = 2;

/// The largest record text read (an import, the saved record). A record
/// holds one entry per template of every topic, a few kilobytes; a larger
/// text is not a record this page wrote, and is refused before it is read.
pub const MAX_BYTES: usize = 64 * 1024;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Entry {
    pub attempts: u32,
    pub correct: u32,
    /// Questions answered right on the first try.
    pub first_try: u32,
    /// The last seed seen, so "continue" reopens the same question.
    pub last_seed: Option<u64>,
    /// The Leitner box: 0 never answered, 1 missed last time, up to 5.
    #[serde(rename = "box")]
    pub leitner: u8,
    /// The practice question (by count drawn) by which it comes back.
    pub due: Option<u32>,
    /// The questions answered right at their first try, by [`question_id`]
    /// of their text, oldest first (at most [`MAX_KNOWN`]): practice does
    /// not ask them again. A record without them reads as knowing none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub known: Vec<u32>,
}

/// The questions a template remembers as answered right: the oldest is
/// forgotten past this many (and may be asked again).
pub const MAX_KNOWN: usize = 32;

/// A question's identity in the record: a hash of its text (FNV-1a, folded
/// to 32 bits: a JS number holds it exactly). The same text, the same
/// question: a numeric question's values are in its text.
pub fn question_id(text: &str) -> u32 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (h ^ (h >> 32)) as u32
}

/// Keeps the newest `MAX_KNOWN` ids, each once; whether it changed anything.
fn bound_known(known: &mut Vec<u32>) -> bool {
    let was = known.clone();
    let mut kept: Vec<u32> = Vec::with_capacity(known.len());
    // The newest copy of an id counts: walk from the end.
    for id in known.iter().rev() {
        if !kept.contains(id) && kept.len() < MAX_KNOWN {
            kept.push(*id);
        }
    }
    kept.reverse();
    *known = kept;
    *known != was
}

/// One finished mock interview: the problem, its seed and length, and how
/// the answers went by dimension, in the order estimation, trade-offs,
/// cost, reliability.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct InterviewResult {
    pub problem: String,
    pub seed: u64,
    pub minutes: u32,
    pub dims: [DimTally; 4],
}

/// Questions asked in one dimension of a mock, and those answered correct
/// or close.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct DimTally {
    pub asked: u32,
    pub correct: u32,
    pub close: u32,
}

/// The record keeps the last this many mock interviews.
pub const MAX_INTERVIEWS: usize = 100;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    pub version: u32,
    /// Keyed "topic/C1".
    pub entries: BTreeMap<String, Entry>,
    pub score: u32,
    pub streak: u32,
    pub best_streak: u32,
    /// Practice-page questions drawn so far: the clock of the boxes.
    pub drawn: u32,
    /// Predictions on topic pages, keyed "topic/story" or "topic/story+fix":
    /// `attempts` counts those made, `correct` those the model bore out.
    pub predictions: BTreeMap<String, Entry>,
    /// Finished mock interviews, oldest first.
    pub interviews: Vec<InterviewResult>,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            version: VERSION,
            entries: BTreeMap::new(),
            score: 0,
            streak: 0,
            best_streak: 0,
            drawn: 0,
            predictions: BTreeMap::new(),
            interviews: Vec::new(),
        }
    }
}

/// Seeds above this are not stored exactly by a JS number; they are dropped
/// (the question can be drawn afresh) rather than silently altered.
const MAX_SAFE: u64 = (1 << 53) - 1;

pub fn key(topic: &str, template: &str) -> String {
    format!("{topic}/{template}")
}

/// Bounds the counts by the attempts; whether it changed anything.
fn bound_counts(e: &mut Entry) -> bool {
    let ok = e.correct <= e.attempts && e.first_try <= e.correct;
    e.correct = e.correct.min(e.attempts);
    e.first_try = e.first_try.min(e.correct);
    !ok
}

// ---------------------------------------------------------------------------
// The Leitner boxes (the practice page's schedule, `kinds::schedule`, reads
// them to pick the next question).

/// The highest box.
pub const TOP: u8 = 5;

/// Questions until a template in box `b` is due again after its answer.
const GAP: [u32; 6] = [0, 3, 4, 8, 16, 32];

/// A box's wait, in practice questions.
pub fn gap(b: u8) -> u32 {
    GAP[b.min(TOP) as usize]
}

/// Moves a template's box after the first answer to one of its questions,
/// asked as practice question number `now`.
pub fn after(e: &mut Entry, correct: bool, now: u32) {
    e.leitner = if !correct {
        1
    } else if e.leitner == 0 {
        // Right the first time it is met: skips the box of the missed.
        2
    } else {
        (e.leitner + 1).min(TOP)
    };
    e.due = Some(now.saturating_add(gap(e.leitner)));
}

/// Bounds a box and its due question; whether it changed anything.
fn repair_box(e: &mut Entry, drawn: u32) -> bool {
    let was = (e.leitner, e.due);
    e.leitner = e.leitner.min(TOP);
    let latest = drawn.saturating_add(gap(TOP));
    if e.leitner == 0 {
        e.due = None;
    } else if e.due.is_none_or(|d| d > latest) {
        e.due = Some(drawn.saturating_add(gap(e.leitner)));
    }
    (e.leitner, e.due) != was
}

impl Progress {
    pub fn entry(&self, topic: &str, template: &str) -> Entry {
        self.entries
            .get(&key(topic, template))
            .cloned()
            .unwrap_or_default()
    }

    /// Records one graded answer. `first` says it was the question's first
    /// try; the score counts questions solved, the streak consecutive ones.
    pub fn record(&mut self, topic: &str, template: &str, seed: u64, correct: bool, first: bool) {
        let e = self.entries.entry(key(topic, template)).or_default();
        e.attempts = e.attempts.saturating_add(1);
        e.last_seed = (seed <= MAX_SAFE).then_some(seed);
        if first {
            after(e, correct, self.drawn);
        }
        if correct {
            e.correct = e.correct.saturating_add(1);
            if first {
                e.first_try = e.first_try.saturating_add(1);
            }
            self.score = self.score.saturating_add(1);
            self.streak = self.streak.saturating_add(1);
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
    }

    /// Records one graded answer to the question whose text is `text`, as
    /// [`Progress::record`] does; a question answered right at its first try
    /// is remembered, so practice does not ask it again (one missed is
    /// asked again in its turn).
    pub fn record_question(
        &mut self,
        topic: &str,
        template: &str,
        text: &str,
        seed: u64,
        correct: bool,
        first: bool,
    ) {
        self.record(topic, template, seed, correct, first);
        if correct && first {
            let e = self.entries.entry(key(topic, template)).or_default();
            e.known.push(question_id(text));
            bound_known(&mut e.known);
        }
    }

    /// Whether the question whose text is `text` was answered right at its
    /// first try (and is still remembered).
    pub fn knows(&self, topic: &str, template: &str, text: &str) -> bool {
        self.entries
            .get(&key(topic, template))
            .is_some_and(|e| e.known.contains(&question_id(text)))
    }

    /// Records a finished mock interview (the oldest goes past
    /// [`MAX_INTERVIEWS`]).
    pub fn record_interview(&mut self, result: InterviewResult) {
        self.interviews.push(result);
        let extra = self.interviews.len().saturating_sub(MAX_INTERVIEWS);
        self.interviews.drain(..extra);
    }

    /// Makes a parsed record consistent, saying what it changed: a newer
    /// version is refused (so a later build's work is not overwritten),
    /// entries for a topic or challenge this build does not have are dropped
    /// (and named), counts are bounded by attempts.
    pub fn repaired(mut self) -> Result<(Progress, Vec<String>), String> {
        let mut notes = Vec::new();
        if self.version > VERSION {
            return Err(format!(
                "it was written by a newer Fleetlab (format {}, this page reads {VERSION})",
                self.version
            ));
        }
        if self.version < VERSION {
            notes.push(format!(
                "upgraded from format {} to {VERSION}",
                self.version
            ));
            self.version = VERSION;
        }
        let unknown: Vec<String> = self.entries.keys().filter(|k| !known(k)).cloned().collect();
        if !unknown.is_empty() {
            self.entries.retain(|k, _| known(k));
            notes.push(dropped(&unknown));
        }
        let mut fixed = 0;
        for e in self.entries.values_mut() {
            fixed += usize::from(bound_counts(e));
            if e.last_seed.is_some_and(|s| s > MAX_SAFE) {
                e.last_seed = None;
                fixed += 1;
            }
            fixed += usize::from(repair_box(e, self.drawn));
            fixed += usize::from(bound_known(&mut e.known));
        }
        let before = self.predictions.len();
        self.predictions.retain(|k, _| {
            k.split_once('/')
                .is_some_and(|(t, s)| !t.is_empty() && !s.is_empty())
        });
        if self.predictions.len() < before {
            notes.push(format!(
                "dropped {} unknown predictions",
                before - self.predictions.len()
            ));
        }
        for x in self.predictions.values_mut() {
            fixed += usize::from(bound_counts(x));
        }
        if self.streak > self.best_streak {
            self.best_streak = self.streak;
            fixed += 1;
        }
        let mocks = self.interviews.len();
        self.interviews.retain(|m| m.seed <= MAX_SAFE);
        let extra = self.interviews.len().saturating_sub(MAX_INTERVIEWS);
        self.interviews.drain(..extra);
        if self.interviews.len() < mocks {
            notes.push(format!(
                "dropped {} interview results",
                mocks - self.interviews.len()
            ));
        }
        for t in self.interviews.iter_mut().flat_map(|m| &mut m.dims) {
            if t.correct > t.asked || t.close > t.asked - t.correct {
                t.correct = t.correct.min(t.asked);
                t.close = t.close.min(t.asked - t.correct);
                fixed += 1;
            }
        }
        if fixed > 0 {
            notes.push(format!("corrected {fixed} inconsistent counts"));
        }
        Ok((self, notes))
    }

    /// Adds another record's counts to this one (import without losing
    /// what is here).
    pub fn merge(&mut self, other: &Progress) {
        for (k, e) in &other.entries {
            let mine = self.entries.entry(k.clone()).or_default();
            mine.attempts = mine.attempts.saturating_add(e.attempts);
            mine.correct = mine.correct.saturating_add(e.correct);
            mine.first_try = mine.first_try.saturating_add(e.first_try);
            if mine.last_seed.is_none() {
                mine.last_seed = e.last_seed;
            }
            if e.leitner > mine.leitner || mine.due.is_none() {
                mine.leitner = mine.leitner.max(e.leitner);
                mine.due = e.due.or(mine.due);
            }
            // Both records' questions answered right, the imported ones as
            // older than these.
            let mut known = e.known.clone();
            known.extend(&mine.known);
            bound_known(&mut known);
            mine.known = known;
        }
        self.drawn = self.drawn.max(other.drawn);
        for (k, x) in &other.predictions {
            let mine = self.predictions.entry(k.clone()).or_default();
            mine.attempts = mine.attempts.saturating_add(x.attempts);
            mine.correct = mine.correct.saturating_add(x.correct);
        }
        self.score = self.score.saturating_add(other.score);
        self.best_streak = self.best_streak.max(other.best_streak);
        for m in &other.interviews {
            if !self.interviews.contains(m) {
                self.record_interview(m.clone());
            }
        }
    }

    /// Records a prediction made on a story of a topic page (`story`:
    /// "story" or "story+fix"); `right`: the model bore it out.
    pub fn predicted(&mut self, topic: &str, story: &str, right: bool) {
        let x = self.predictions.entry(key(topic, story)).or_default();
        x.attempts = x.attempts.saturating_add(1);
        x.correct = x.correct.saturating_add(u32::from(right));
    }

    /// Questions solved over every template (saturating: an imported
    /// record may hold counts near the largest u32 in several entries).
    pub fn solved(&self) -> u32 {
        self.entries
            .values()
            .fold(0u32, |n, e| n.saturating_add(e.correct))
    }
}

/// Whether `key` is "topic/template" of a challenge this build has.
fn known(key: &str) -> bool {
    key.split_once('/').is_some_and(|(t, c)| {
        super::generated::templates(t).is_some_and(|ts| {
            // A numeric challenge, or a question kind (L1, M1, O1, P1).
            ts.iter().any(|x| x.id == c)
                || super::kinds::Kind::from_id(c).is_some_and(|k| k.id() == c)
        })
    })
}

/// "dropped 2 entries for topics or challenges this page does not have
/// (nonsense, warp/C9)": a few named, each cut short.
fn dropped(keys: &[String]) -> String {
    let named: Vec<String> = keys
        .iter()
        .take(3)
        .map(|k| {
            let mut s: String = k.chars().filter(|c| !c.is_control()).take(24).collect();
            if k.chars().count() > 24 {
                s.push('…');
            }
            s
        })
        .collect();
    let more = if keys.len() > 3 { ", …" } else { "" };
    format!(
        "dropped {} {} for topics or challenges this page does not have ({}{more})",
        keys.len(),
        if keys.len() == 1 { "entry" } else { "entries" },
        named.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_score_and_streaks() {
        let mut p = Progress::default();
        p.record("warm-pool", "C1", 5, true, true);
        p.record("warm-pool", "C1", 6, true, false);
        p.record("warm-pool", "C2", 7, false, true);
        assert_eq!(p.score, 2);
        assert_eq!(p.streak, 0);
        assert_eq!(p.best_streak, 2);
        let e = p.entry("warm-pool", "C1");
        assert_eq!(
            (e.attempts, e.correct, e.first_try, e.last_seed),
            (2, 2, 1, Some(6))
        );
    }

    #[test]
    fn interviews_are_kept_merged_and_repaired() {
        let mut p = Progress::default();
        let tally = |asked, correct, close| DimTally {
            asked,
            correct,
            close,
        };
        let result = |seed| InterviewResult {
            problem: "chat".into(),
            seed,
            minutes: 20,
            dims: [tally(2, 1, 1); 4],
        };
        p.record_interview(result(1));
        let mut other = Progress::default();
        other.record_interview(result(1));
        other.record_interview(result(2));
        p.merge(&other);
        assert_eq!(
            p.interviews,
            [result(1), result(2)],
            "no double after import"
        );
        for s in 0..MAX_INTERVIEWS as u64 {
            p.record_interview(result(10 + s));
        }
        assert_eq!(p.interviews.len(), MAX_INTERVIEWS);
        assert_eq!(p.interviews[0].seed, 10);
        let mut bad = Progress::default();
        bad.record_interview(result(u64::MAX));
        let mut odd = result(3);
        odd.dims[2] = tally(2, 3, 4);
        bad.record_interview(odd);
        let (q, notes) = bad.repaired().unwrap();
        assert_eq!(q.interviews.len(), 1);
        assert_eq!(q.interviews[0].dims[2], tally(2, 2, 0));
        assert_eq!(notes.len(), 2, "{notes:?}");
    }

    /// The questions answered right: a record without them reads as
    /// before; too many, or one twice, are bounded and said; import keeps
    /// both records' questions, the newest last.
    #[test]
    fn known_questions_are_bounded_and_merged() {
        let old = r#"{"version":2,"entries":{"warm-pool/M1":{"attempts":1,"correct":1,"first_try":1,"box":2,"due":4}}}"#;
        let (p, notes) = serde_json::from_str::<Progress>(old)
            .unwrap()
            .repaired()
            .unwrap();
        assert!(notes.is_empty() && p.entry("warm-pool", "M1").known.is_empty());
        let mut e = Entry {
            known: (0..40).chain([3, 3]).collect(),
            ..Entry::default()
        };
        assert!(bound_known(&mut e.known));
        assert_eq!(e.known.len(), MAX_KNOWN);
        assert_eq!(e.known.last(), Some(&3), "the newest copy of an id stays");
        assert!(!bound_known(&mut e.known), "bounded once");
        let mut bad = Progress::default();
        bad.entries.insert(key("warm-pool", "M1"), e.clone());
        bad.entries.get_mut(&key("warm-pool", "M1")).unwrap().known = vec![7, 7];
        let (q, notes) = bad.repaired().unwrap();
        assert_eq!(q.entry("warm-pool", "M1").known, [7]);
        assert_eq!(notes, ["corrected 1 inconsistent counts"]);
        let mut mine = Progress::default();
        mine.record_question("warm-pool", "M1", "a", 1, true, true);
        let mut theirs = Progress::default();
        theirs.record_question("warm-pool", "M1", "b", 2, true, true);
        theirs.record_question("warm-pool", "M1", "a", 3, true, true);
        mine.merge(&theirs);
        assert_eq!(
            mine.entry("warm-pool", "M1").known,
            [question_id("b"), question_id("a")]
        );
        assert!(mine.knows("warm-pool", "M1", "a") && mine.knows("warm-pool", "M1", "b"));
    }

    #[test]
    fn solved_saturates() {
        // Found by fuzzing: two imported entries near the largest u32
        // overflowed the sum (a panic in a debug build).
        let mut p = Progress::default();
        for k in ["a/C1", "a/C2"] {
            p.entries.insert(
                k.into(),
                Entry {
                    attempts: u32::MAX,
                    correct: u32::MAX - 1,
                    ..Entry::default()
                },
            );
        }
        assert_eq!(p.solved(), u32::MAX);
    }

    #[test]
    fn repairs_what_it_can_and_refuses_the_future() {
        let mut p = Progress {
            version: 0,
            ..Progress::default()
        };
        p.entries.insert("nonsense".into(), Entry::default());
        p.entries.insert("warp-drive/C1".into(), Entry::default());
        p.entries
            .insert("consistent-hashing/C9".into(), Entry::default());
        p.entries.insert(
            "consistent-hashing/C2".into(),
            Entry {
                attempts: 1,
                correct: 5,
                first_try: 9,
                last_seed: Some(u64::MAX),
                ..Entry::default()
            },
        );
        let (q, notes) = p.repaired().unwrap();
        assert_eq!(q.entries.len(), 1);
        assert_eq!(q.entry("consistent-hashing", "C2").correct, 1);
        assert_eq!(q.entry("consistent-hashing", "C2").last_seed, None);
        assert_eq!(notes.len(), 3, "{notes:?}");
        assert_eq!(
            notes[1],
            "dropped 3 entries for topics or challenges this page does not have (consistent-hashing/C9, nonsense, warp-drive/C1)"
        );
        // A streak above the best is raised, and said.
        let p = Progress {
            streak: 5,
            best_streak: 2,
            ..Progress::default()
        };
        let (q, notes) = p.repaired().unwrap();
        assert_eq!((q.streak, q.best_streak), (5, 5));
        assert_eq!(notes, ["corrected 1 inconsistent counts"]);
        let future = Progress {
            version: 99,
            ..Progress::default()
        };
        assert!(future.repaired().is_err());
    }
}
