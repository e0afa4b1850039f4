//! xAPI statements for what a learner does on a page: a question answered,
//! a topic's challenges progressed through or completed. The page sends one
//! with each `graded` and `progress` event to its host (README, "Grades to
//! an LMS"), which routes it to a learning record store; Fleetlab itself
//! sends nothing anywhere.
//!
//! The statements follow xAPI 1.0.3: an Agent with exactly one identifier,
//! verbs from ADL's vocabulary, the question's own link as the Activity's
//! IRI, a result with score, success and response, and a timestamp. No
//! property is null or empty (absent values are left out). The clock and
//! the statement's id come in from the edge; building a statement and
//! writing it as JSON text are pure (and small: the browser parses the
//! text), so tests/xapi.rs checks them against the specification's rules
//! natively.

use crate::challenge::Question;

/// The language of every text the page writes.
pub const LANGUAGE: &str = "en-US";

/// A verb of ADL's vocabulary: its IRI and its word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verb {
    pub id: &'static str,
    pub word: &'static str,
}

/// A question was answered (and graded).
pub const ANSWERED: Verb = Verb {
    id: "http://adlnet.gov/expapi/verbs/answered",
    word: "answered",
};

/// Every challenge of a topic is solved.
pub const COMPLETED: Verb = Verb {
    id: "http://adlnet.gov/expapi/verbs/completed",
    word: "completed",
};

/// One more of a topic's challenges is solved, not all yet.
pub const PROGRESSED: Verb = Verb {
    id: "http://adlnet.gov/expapi/verbs/progressed",
    word: "progressed",
};

/// The learner, as the host names them in the page's link: an e-mail
/// address (`actor=mailto:…`) or an account on the host's site (`actor=ID`
/// with `actor_home=https://…`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Agent {
    Mbox(String),
    Account { home_page: String, name: String },
}

impl Agent {
    /// The learner a link names (`actor`, and `actor_home` for an account);
    /// the error says what is wrong, in the link's words.
    pub fn from_link(actor: &str, home: Option<&str>) -> Result<Agent, String> {
        let actor = actor.trim();
        if let Some(address) = actor.strip_prefix("mailto:") {
            let ok = address
                .split_once('@')
                .is_some_and(|(u, d)| !u.is_empty() && d.contains('.') && !d.ends_with('.'));
            if !ok || address.chars().any(char::is_whitespace) {
                return Err("actor=mailto: needs an e-mail address".into());
            }
            return Ok(Agent::Mbox(actor.to_string()));
        }
        let Some(home) = home.map(str::trim).filter(|h| !h.is_empty()) else {
            return Err(
                "actor is an account name: give actor_home, the site's address, too".into(),
            );
        };
        if !absolute_iri(home) || !(home.starts_with("https://") || home.starts_with("http://")) {
            return Err("actor_home must be a web address (https://…)".into());
        }
        if actor.is_empty() {
            return Err("actor is empty".into());
        }
        Ok(Agent::Account {
            home_page: home.to_string(),
            name: actor.to_string(),
        })
    }

    /// A learner the host did not name: an anonymous account on the page's
    /// own site (`base`), for a host to replace before storing.
    pub fn anonymous(base: &str) -> Agent {
        Agent::Account {
            home_page: base.to_string(),
            name: "anonymous".into(),
        }
    }

    /// The two link values that name this learner (`actor`, `actor_home`).
    pub fn link_values(&self) -> (String, Option<String>) {
        match self {
            Agent::Mbox(m) => (m.clone(), None),
            Agent::Account { home_page, name } => (name.clone(), Some(home_page.clone())),
        }
    }

    fn json(&self) -> String {
        let o = Obj::new().str("objectType", "Agent");
        match self {
            Agent::Mbox(m) => o.str("mbox", m),
            Agent::Account { home_page, name } => o.raw(
                "account",
                &Obj::new()
                    .str("homePage", home_page)
                    .str("name", name)
                    .end(),
            ),
        }
        .end()
    }
}

/// What a statement is about: a question, or a topic's page.
#[derive(Clone, Debug, PartialEq)]
pub struct Activity {
    pub id: String,
    pub name: String,
    pub description: Option<String>,
    /// The activity type's IRI.
    pub kind: &'static str,
    /// A question's kind of answer ("numeric").
    pub interaction: Option<&'static str>,
}

impl Activity {
    fn json(&self) -> String {
        let mut d = Obj::new()
            .raw("name", &text(&self.name))
            .opt("description", self.description.as_deref().map(text))
            .str("type", self.kind);
        if let Some(k) = self.interaction {
            d = d.str("interactionType", k);
        }
        Obj::new()
            .str("objectType", "Activity")
            .str("id", &self.id)
            .raw("definition", &d.end())
            .end()
    }
}

/// A statement's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Scaled 0 to 1; raw from `min` to `max`.
    pub scaled: f64,
    pub raw: f64,
    pub min: f64,
    pub max: f64,
    pub success: bool,
    pub completion: bool,
    pub response: Option<String>,
}

/// One xAPI statement; [`Statement::json`] writes it.
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    pub id: String,
    pub actor: Agent,
    pub verb: Verb,
    pub object: Activity,
    pub result: Outcome,
    /// The topic's page, for a question's statement.
    pub parent: Option<Activity>,
    pub timestamp: String,
}

impl Statement {
    /// The statement as JSON text: no property null or empty.
    pub fn json(&self) -> String {
        let r = &self.result;
        let score = Obj::new()
            .num("scaled", r.scaled)
            .num("raw", r.raw)
            .num("min", r.min)
            .num("max", r.max)
            .end();
        let result = Obj::new()
            .raw("score", &score)
            .raw("success", bool_json(r.success))
            .raw("completion", bool_json(r.completion))
            .opt("response", r.response.as_deref().map(quote))
            .end();
        let parents = self
            .parent
            .as_ref()
            .map(|p| Obj::new().raw("parent", &format!("[{}]", p.json())).end());
        let context = Obj::new()
            .str("platform", "Fleetlab")
            .str("language", LANGUAGE)
            .opt("contextActivities", parents)
            .end();
        Obj::new()
            .str("id", &self.id)
            .raw("actor", &self.actor.json())
            .raw(
                "verb",
                &Obj::new()
                    .str("id", self.verb.id)
                    .raw("display", &text(self.verb.word))
                    .end(),
            )
            .raw("object", &self.object.json())
            .raw("result", &result)
            .raw("context", &context)
            .str("timestamp", &self.timestamp)
            .end()
    }
}

/// A JSON object written as text, its keys in the order given.
struct Obj(String);

impl Obj {
    fn new() -> Obj {
        Obj(String::from("{"))
    }

    /// `key: value`, the value already JSON.
    fn raw(mut self, key: &str, value: &str) -> Obj {
        if self.0.len() > 1 {
            self.0.push(',');
        }
        self.0 += &quote(key);
        self.0.push(':');
        self.0 += value;
        self
    }

    fn str(self, key: &str, value: &str) -> Obj {
        self.raw(key, &quote(value))
    }

    /// A finite number (JSON has no other).
    fn num(self, key: &str, value: f64) -> Obj {
        let v = if value.is_finite() { value } else { 0.0 };
        self.raw(key, &format!("{v}"))
    }

    /// Left out when absent: a statement holds no null.
    fn opt(self, key: &str, value: Option<String>) -> Obj {
        match value {
            Some(v) => self.raw(key, &v),
            None => self,
        }
    }

    fn end(mut self) -> String {
        self.0.push('}');
        self.0
    }
}

fn bool_json(b: bool) -> &'static str {
    if b {
        "true"
    } else {
        "false"
    }
}

/// A JSON string.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            c if (c as u32) < 0x20 => out += &format!("\\u{:04x}", c as u32),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A language map of one text.
fn text(s: &str) -> String {
    Obj::new().str(LANGUAGE, s).end()
}

/// What the edge supplies: who, when, the statement's id (a UUID), and the
/// page's address without its query (`https://…/index.html`).
pub struct Stamp<'a> {
    pub actor: &'a Agent,
    pub timestamp: &'a str,
    pub id: String,
    pub base: &'a str,
}

/// The topic page's IRI (its link with no story or values).
pub fn topic_iri(base: &str, topic: &str) -> String {
    format!("{base}?topic={topic}")
}

fn topic_activity(base: &str, topic: &str, title: &str) -> Activity {
    Activity {
        id: topic_iri(base, topic),
        name: title.to_string(),
        description: None,
        kind: "http://adlnet.gov/expapi/activities/lesson",
        interaction: None,
    }
}

/// `answered`: question `q` (whose IRI, the link that reopens it, is
/// `iri`: `urlstate::question_iri`) of a page titled `title` graded;
/// `response` is what the learner typed, `done` says the question is over
/// (solved, or its tries used).
pub fn answered_statement(
    stamp: Stamp,
    iri: String,
    title: &str,
    q: &Question,
    response: &str,
    correct: bool,
    done: bool,
) -> Statement {
    let mark = if correct { 1.0 } else { 0.0 };
    let response = response.trim();
    Statement {
        id: stamp.id,
        actor: stamp.actor.clone(),
        verb: ANSWERED,
        object: Activity {
            id: iri,
            name: format!("{title} · {}: {}", q.template, q.title),
            description: Some(q.text.clone()),
            kind: "http://adlnet.gov/expapi/activities/cmi.interaction",
            interaction: Some("numeric"),
        },
        result: Outcome {
            scaled: mark,
            raw: mark,
            min: 0.0,
            max: 1.0,
            success: correct,
            completion: correct || done,
            response: (!response.is_empty()).then(|| response.to_string()),
        },
        parent: Some(topic_activity(stamp.base, q.topic, title)),
        timestamp: stamp.timestamp.to_string(),
    }
}

/// `progressed` or `completed`: `solved` of the topic's `templates`
/// challenges are solved.
pub fn progress_statement(
    stamp: Stamp,
    topic: &str,
    title: &str,
    solved: u32,
    templates: u32,
) -> Statement {
    let max = templates.max(1) as f64;
    let raw = (solved as f64).min(max);
    let complete = solved >= templates;
    Statement {
        id: stamp.id,
        actor: stamp.actor.clone(),
        verb: if complete { COMPLETED } else { PROGRESSED },
        object: topic_activity(stamp.base, topic, title),
        result: Outcome {
            scaled: raw / max,
            raw,
            min: 0.0,
            max,
            success: complete,
            completion: complete,
            response: None,
        },
        parent: None,
        timestamp: stamp.timestamp.to_string(),
    }
}

/// A version-4 UUID from 16 random bytes (the edge's entropy).
pub fn uuid(mut b: [u8; 16]) -> String {
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// An absolute IRI: a scheme (a letter, then letters, digits, `+ - .`), a
/// colon, and no spaces.
pub fn absolute_iri(s: &str) -> bool {
    let Some((scheme, rest)) = s.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        && !rest.is_empty()
        && !s.chars().any(|c| c.is_whitespace() || c.is_control())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_from_links() {
        assert!(Agent::from_link("mailto:jo@example.org", None).is_ok());
        assert!(Agent::from_link("mailto:jo", None).is_err());
        assert!(Agent::from_link("jo123", None).is_err());
        assert!(Agent::from_link("jo123", Some("lms.example.org")).is_err());
        let a = Agent::from_link("jo123", Some("https://lms.example.org")).unwrap();
        assert_eq!(
            a.link_values(),
            ("jo123".into(), Some("https://lms.example.org".into()))
        );
    }

    #[test]
    fn strings_are_quoted_as_json() {
        assert_eq!(quote("a\"b\\c\n\u{1}é"), "\"a\\\"b\\\\c\\u000a\\u0001é\"");
    }

    #[test]
    fn uuids_are_version_4() {
        let u = uuid([0xff; 16]);
        assert_eq!(u, "ffffffff-ffff-4fff-bfff-ffffffffffff");
        assert_eq!(uuid([0; 16]), "00000000-0000-4000-8000-000000000000");
    }
}
