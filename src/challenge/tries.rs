//! The tries spent on each question, so that a limit a course page sets
//! (`tries=2`) holds across a reload, "New question" (which, with a fixed
//! seed, draws the same question again) and a second tab. The browser keeps
//! the ledger in localStorage beside the progress record; it holds the
//! most recent questions only, so it stays small.

use super::Question;

/// Questions remembered; the oldest are forgotten first.
pub const KEEP: usize = 400;

/// What a learner spent on one question.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spent {
    /// Graded tries (an unreadable answer is no try).
    pub tries: u32,
    pub solved: bool,
}

/// Questions by key, oldest first. Stored as text, a line per question:
/// `tries solved key` (`2 0 warm-pool/C1/7/…`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ledger {
    pub questions: Vec<(String, Spent)>,
}

/// A question's key: its topic, template and seed, and a digest of its
/// text (which holds every number it asks about, so a question asked about
/// the page's values is told apart from the same seed on other values).
pub fn key(q: &Question) -> String {
    let h = crate::model::fnv1a(&q.text);
    format!("{}/{}/{}/{h:016x}", q.topic, q.template, q.seed)
}

impl Ledger {
    /// Reads the stored text; lines it cannot read are left out.
    pub fn read(text: &str) -> Ledger {
        let mut l = Ledger::default();
        for line in text.lines() {
            let mut parts = line.splitn(3, ' ');
            let (Some(tries), Some(solved), Some(key)) = (parts.next(), parts.next(), parts.next())
            else {
                continue;
            };
            if let (Ok(tries), "0" | "1") = (tries.parse::<u32>(), solved) {
                l.set(
                    key,
                    Spent {
                        tries,
                        solved: solved == "1",
                    },
                );
            }
        }
        l
    }

    /// The text to store.
    pub fn write(&self) -> String {
        let mut out = String::new();
        for (k, s) in &self.questions {
            out += &format!("{} {} {k}\n", s.tries, u8::from(s.solved));
        }
        out
    }

    pub fn get(&self, key: &str) -> Spent {
        self.questions
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, s)| *s)
            .unwrap_or_default()
    }

    /// Records `spent` for `key`, now the most recent.
    pub fn set(&mut self, key: &str, spent: Spent) {
        self.questions.retain(|(k, _)| k != key);
        self.questions.push((key.to_string(), spent));
        if self.questions.len() > KEEP {
            let extra = self.questions.len() - KEEP;
            self.questions.drain(..extra);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_latest_and_forgets_the_oldest() {
        let mut l = Ledger::default();
        let two = Spent {
            tries: 2,
            solved: false,
        };
        l.set("a", two);
        assert_eq!(l.get("a"), two);
        assert_eq!(l.get("b"), Spent::default());
        for i in 0..KEEP {
            l.set(&i.to_string(), Spent::default());
        }
        assert_eq!(l.questions.len(), KEEP);
        assert_eq!(l.get("a"), Spent::default(), "the oldest is forgotten");
        l.set("0", two);
        assert_eq!(l.questions.last().unwrap().0, "0");
        assert_eq!(l.questions.len(), KEEP);
        assert_eq!(Ledger::read(&l.write()), l);
        let l = Ledger::read("2 1 a/C1/7/ff\nnonsense\n-1 0 b\n3 2 c\n1 0 d e");
        assert_eq!(l.questions.len(), 2);
        assert_eq!(l.get("d e").tries, 1);
        assert!(l.get("a/C1/7/ff").solved);
    }
}
