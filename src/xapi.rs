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
//! the statement's id come in from the edge; building a statement is pure,
//! so tests/xapi.rs checks them against the specification's rules natively.

use crate::challenge::Question;
use crate::urlstate::{self, State};
use serde::Serialize;
use std::collections::BTreeMap;

/// The language of every text the page writes.
pub const LANGUAGE: &str = "en-US";

/// A verb of ADL's vocabulary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Verb {
    pub id: &'static str,
    pub display: BTreeMap<&'static str, &'static str>,
}

fn verb(id: &'static str, word: &'static str) -> Verb {
    Verb {
        id,
        display: BTreeMap::from([(LANGUAGE, word)]),
    }
}

/// A question was answered (and graded).
pub fn answered() -> Verb {
    verb("http://adlnet.gov/expapi/verbs/answered", "answered")
}

/// Every challenge of a topic is solved.
pub fn completed() -> Verb {
    verb("http://adlnet.gov/expapi/verbs/completed", "completed")
}

/// One more of a topic's challenges is solved, not all yet.
pub fn progressed() -> Verb {
    verb("http://adlnet.gov/expapi/verbs/progressed", "progressed")
}

/// The learner, as the host names them in the page's link: an e-mail
/// address (`actor=mailto:…`) or an account on the host's site (`actor=ID`
/// with `actor_home=https://…`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Agent {
    #[serde(rename = "objectType")]
    object_type: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    mbox: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    account: Option<Account>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Account {
    #[serde(rename = "homePage")]
    home_page: String,
    name: String,
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
            return Ok(Agent {
                object_type: "Agent",
                mbox: Some(actor.to_string()),
                account: None,
            });
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
        Ok(Agent {
            object_type: "Agent",
            mbox: None,
            account: Some(Account {
                home_page: home.to_string(),
                name: actor.to_string(),
            }),
        })
    }

    /// A learner the host did not name: an anonymous account on the page's
    /// own site (`base`), for a host to replace before storing.
    pub fn anonymous(base: &str) -> Agent {
        Agent {
            object_type: "Agent",
            mbox: None,
            account: Some(Account {
                home_page: base.to_string(),
                name: "anonymous".into(),
            }),
        }
    }

    /// The two link values that name this learner (`actor`, `actor_home`).
    pub fn link_values(&self) -> (String, Option<String>) {
        match (&self.mbox, &self.account) {
            (Some(m), _) => (m.clone(), None),
            (None, Some(a)) => (a.name.clone(), Some(a.home_page.clone())),
            (None, None) => (String::new(), None),
        }
    }
}

/// What a statement is about: a question, or a topic's page.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Activity {
    #[serde(rename = "objectType")]
    object_type: &'static str,
    pub id: String,
    definition: Definition,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
struct Definition {
    name: BTreeMap<&'static str, String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<BTreeMap<&'static str, String>>,
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(rename = "interactionType", skip_serializing_if = "Option::is_none")]
    interaction: Option<&'static str>,
}

fn text(s: &str) -> BTreeMap<&'static str, String> {
    BTreeMap::from([(LANGUAGE, s.to_string())])
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Score {
    pub scaled: f64,
    pub raw: f64,
    pub min: f64,
    pub max: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcome {
    pub score: Score,
    pub success: bool,
    pub completion: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub response: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
struct Context {
    platform: &'static str,
    language: &'static str,
    #[serde(rename = "contextActivities", skip_serializing_if = "Option::is_none")]
    activities: Option<Parents>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
struct Parents {
    parent: Vec<Activity>,
}

/// One xAPI statement, ready to serialize.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Statement {
    pub id: String,
    pub actor: Agent,
    pub verb: Verb,
    pub object: Activity,
    pub result: Outcome,
    context: Context,
    pub timestamp: String,
}

/// What the edge supplies: who, when, the statement's id (a UUID), and the
/// page's address without its query (`https://…/index.html`).
pub struct Stamp<'a> {
    pub actor: &'a Agent,
    pub timestamp: &'a str,
    pub id: String,
    pub base: &'a str,
}

/// The link that reopens question `q` (the page's story and values only
/// when it was asked about them): the question's IRI.
pub fn question_iri(base: &str, page: &State, q: &Question) -> String {
    let mut s = State::new(page.topic());
    if q.live {
        s.preset = page.preset;
        s.fix = page.fix;
        s.params = page.params.clone();
    }
    s.challenge = urlstate::Challenge {
        template: Some(q.template.clone()),
        seed: Some(q.seed),
        live: q.live,
    };
    format!("{base}?{}", urlstate::encode(&s))
}

/// The topic page's IRI (its link with no story or values).
pub fn topic_iri(base: &str, topic: &str) -> String {
    format!("{base}?topic={topic}")
}

fn topic_activity(base: &str, topic: &str, title: &str) -> Activity {
    Activity {
        object_type: "Activity",
        id: topic_iri(base, topic),
        definition: Definition {
            name: text(title),
            description: None,
            kind: "http://adlnet.gov/expapi/activities/lesson",
            interaction: None,
        },
    }
}

fn context(parent: Option<Activity>) -> Context {
    Context {
        platform: "Fleetlab",
        language: LANGUAGE,
        activities: parent.map(|p| Parents { parent: vec![p] }),
    }
}

/// `answered`: question `q` of the page `page` (titled `title`) graded;
/// `response` is what the learner typed, `done` says the question is over
/// (solved, or its tries used).
pub fn answered_statement(
    stamp: Stamp,
    page: &State,
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
        verb: answered(),
        object: Activity {
            object_type: "Activity",
            id: question_iri(stamp.base, page, q),
            definition: Definition {
                name: text(&format!("{title} · {}: {}", q.template, q.title)),
                description: Some(text(&q.text)),
                kind: "http://adlnet.gov/expapi/activities/cmi.interaction",
                interaction: Some("numeric"),
            },
        },
        result: Outcome {
            score: Score {
                scaled: mark,
                raw: mark,
                min: 0.0,
                max: 1.0,
            },
            success: correct,
            completion: correct || done,
            response: (!response.is_empty()).then(|| response.to_string()),
        },
        context: context(Some(topic_activity(stamp.base, page.topic, title))),
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
        verb: if complete { completed() } else { progressed() },
        object: topic_activity(stamp.base, topic, title),
        result: Outcome {
            score: Score {
                scaled: raw / max,
                raw,
                min: 0.0,
                max,
            },
            success: complete,
            completion: complete,
            response: None,
        },
        context: context(None),
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
    fn uuids_are_version_4() {
        let u = uuid([0xff; 16]);
        assert_eq!(u, "ffffffff-ffff-4fff-bfff-ffffffffffff");
        assert_eq!(uuid([0; 16]), "00000000-0000-4000-8000-000000000000");
    }
}
