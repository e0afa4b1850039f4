//! The xAPI statements a page sends its host (src/xapi.rs), checked against
//! the statement rules of xAPI 1.0.3 (Data: statements, agents, verbs,
//! activities, results, contexts, timestamps) by a validator written here
//! from those rules; and the validator itself checked on statements that
//! break each rule.

use fleetlab::challenge;
use fleetlab::topics;
use fleetlab::urlstate::{decode, question_iri};
use fleetlab::xapi::{self, absolute_iri, Agent, Stamp};
use serde_json::{json, Value};

const BASE: &str = "https://course.example.org/fleetlab/index.html";
const WHEN: &str = "2026-03-14T09:26:53.589Z";

/// Every rule a statement breaks, as sentences (none: valid).
fn check(st: &Value) -> Vec<String> {
    let mut bad = Vec::new();
    no_nulls(st, "statement", &mut bad);
    let Some(o) = st.as_object() else {
        return vec!["a statement is a JSON object".into()];
    };
    let allowed = [
        "id",
        "actor",
        "verb",
        "object",
        "result",
        "context",
        "timestamp",
        "stored",
        "authority",
        "version",
        "attachments",
    ];
    for k in o.keys() {
        if !allowed.contains(&k.as_str()) {
            bad.push(format!("unknown property {k}"));
        }
    }
    for k in ["actor", "verb", "object"] {
        if !o.contains_key(k) {
            bad.push(format!("{k} is required"));
        }
    }
    if let Some(id) = o.get("id") {
        if !id.as_str().is_some_and(uuid) {
            bad.push("id must be a UUID".into());
        }
    }
    if let Some(a) = o.get("actor") {
        agent(a, &mut bad);
    }
    if let Some(v) = o.get("verb") {
        iri_at(v, "id", "verb.id", &mut bad);
        if let Some(d) = v.get("display") {
            language_map(d, "verb.display", &mut bad);
        }
    }
    if let Some(a) = o.get("object") {
        activity(a, "object", &mut bad);
    }
    if let Some(r) = o.get("result") {
        result(r, &mut bad);
    }
    if let Some(c) = o.get("context") {
        context(c, &mut bad);
    }
    if let Some(t) = o.get("timestamp") {
        if !t.as_str().is_some_and(timestamp) {
            bad.push("timestamp must be ISO 8601 with a time zone".into());
        }
    }
    bad
}

/// No property is null or an empty object (extensions aside).
fn no_nulls(v: &Value, at: &str, bad: &mut Vec<String>) {
    match v {
        Value::Null => bad.push(format!("{at} is null")),
        Value::Object(m) => {
            if m.is_empty() && !at.ends_with("extensions") {
                bad.push(format!("{at} is an empty object"));
            }
            for (k, x) in m {
                no_nulls(x, &format!("{at}.{k}"), bad);
            }
        }
        Value::Array(xs) => xs.iter().for_each(|x| no_nulls(x, at, bad)),
        _ => {}
    }
}

fn uuid(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.iter().map(|p| p.len()).eq([8, 4, 4, 4, 12])
        && parts
            .iter()
            .all(|p| p.chars().all(|c| c.is_ascii_hexdigit()))
}

fn timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    let digits = |r: std::ops::Range<usize>| r.into_iter().all(|i| b[i].is_ascii_digit());
    if b.len() < 20
        || !(digits(0..4) && b[4] == b'-' && digits(5..7) && b[7] == b'-' && digits(8..10))
        || b[10] != b'T'
        || !(digits(11..13) && b[13] == b':' && digits(14..16) && b[16] == b':' && digits(17..19))
    {
        return false;
    }
    let mut rest = &s[19..];
    if let Some(f) = rest.strip_prefix('.') {
        let n = f.chars().take_while(char::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        rest = &f[n..];
    }
    // "-00:00" is refused by 1.0.3.
    rest == "Z"
        || (rest.len() == 6
            && (rest.starts_with('+') || rest.starts_with('-'))
            && rest != "-00:00"
            && rest[1..3].chars().all(|c| c.is_ascii_digit())
            && &rest[3..4] == ":")
}

/// An RFC 5646 tag, loosely: letter subtags of 2–8, then alphanumerics.
fn language_tag(s: &str) -> bool {
    let mut parts = s.split('-');
    parts
        .next()
        .is_some_and(|p| (2..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphabetic()))
        && parts.all(|p| (1..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()))
}

fn language_map(v: &Value, at: &str, bad: &mut Vec<String>) {
    let Some(m) = v.as_object() else {
        bad.push(format!("{at} must be a language map"));
        return;
    };
    for (k, x) in m {
        if !language_tag(k) || !x.is_string() {
            bad.push(format!("{at}: {k} is not a language tag with a text"));
        }
    }
}

fn iri_at(v: &Value, key: &str, at: &str, bad: &mut Vec<String>) {
    if !v.get(key).and_then(Value::as_str).is_some_and(absolute_iri) {
        bad.push(format!("{at} must be an absolute IRI"));
    }
}

fn agent(a: &Value, bad: &mut Vec<String>) {
    if let Some(t) = a.get("objectType") {
        if t != "Agent" {
            bad.push("actor.objectType must be Agent".into());
        }
    }
    let ifis = ["mbox", "mbox_sha1sum", "openid", "account"];
    let n = ifis.iter().filter(|k| a.get(**k).is_some()).count();
    if n != 1 {
        bad.push(format!("an Agent has exactly one identifier, this one {n}"));
    }
    if let Some(m) = a.get("mbox") {
        let ok = m
            .as_str()
            .and_then(|m| m.strip_prefix("mailto:"))
            .is_some_and(|addr| addr.contains('@'));
        if !ok {
            bad.push("actor.mbox must be a mailto: address".into());
        }
    }
    if let Some(acc) = a.get("account") {
        iri_at(acc, "homePage", "actor.account.homePage", bad);
        if !acc.get("name").is_some_and(Value::is_string) {
            bad.push("actor.account.name must be a string".into());
        }
    }
}

fn activity(a: &Value, at: &str, bad: &mut Vec<String>) {
    if let Some(t) = a.get("objectType") {
        if t != "Activity" {
            bad.push(format!("{at}.objectType must be Activity"));
        }
    }
    iri_at(a, "id", &format!("{at}.id"), bad);
    let Some(d) = a.get("definition") else { return };
    for k in ["name", "description"] {
        if let Some(m) = d.get(k) {
            language_map(m, &format!("{at}.definition.{k}"), bad);
        }
    }
    if d.get("type").is_some() {
        iri_at(d, "type", &format!("{at}.definition.type"), bad);
    }
    let kinds = [
        "true-false",
        "choice",
        "fill-in",
        "long-fill-in",
        "matching",
        "performance",
        "sequencing",
        "likert",
        "numeric",
        "other",
    ];
    if let Some(k) = d.get("interactionType") {
        if !k.as_str().is_some_and(|k| kinds.contains(&k)) {
            bad.push(format!("{at}: unknown interactionType {k}"));
        }
    }
}

fn result(r: &Value, bad: &mut Vec<String>) {
    if let Some(s) = r.get("score") {
        let num = |k: &str| s.get(k).and_then(Value::as_f64);
        for k in ["scaled", "raw", "min", "max"] {
            if s.get(k).is_some() && num(k).is_none() {
                bad.push(format!("score.{k} must be a number"));
            }
        }
        if num("scaled").is_some_and(|x| !(-1.0..=1.0).contains(&x)) {
            bad.push("score.scaled must lie in −1..1".into());
        }
        if let (Some(lo), Some(hi)) = (num("min"), num("max")) {
            if lo >= hi {
                bad.push("score.min must be below score.max".into());
            }
        }
        if let Some(raw) = num("raw") {
            if num("min").is_some_and(|lo| raw < lo) || num("max").is_some_and(|hi| raw > hi) {
                bad.push("score.raw must lie between min and max".into());
            }
        }
    }
    for k in ["success", "completion"] {
        if r.get(k).is_some_and(|v| !v.is_boolean()) {
            bad.push(format!("result.{k} must be true or false"));
        }
    }
    if r.get("response").is_some_and(|v| !v.is_string()) {
        bad.push("result.response must be a string".into());
    }
}

fn context(c: &Value, bad: &mut Vec<String>) {
    if let Some(r) = c.get("registration") {
        if !r.as_str().is_some_and(uuid) {
            bad.push("context.registration must be a UUID".into());
        }
    }
    if let Some(l) = c.get("language") {
        if !l.as_str().is_some_and(language_tag) {
            bad.push("context.language must be a language tag".into());
        }
    }
    if c.get("platform").is_some_and(|p| !p.is_string()) {
        bad.push("context.platform must be a string".into());
    }
    if let Some(ca) = c.get("contextActivities") {
        let Some(m) = ca.as_object() else {
            bad.push("contextActivities must be an object".into());
            return;
        };
        for (k, v) in m {
            if !["parent", "grouping", "category", "other"].contains(&k.as_str()) {
                bad.push(format!("contextActivities.{k} is not a context type"));
            }
            let list = v.as_array().cloned().unwrap_or_else(|| vec![v.clone()]);
            for a in &list {
                activity(a, &format!("context.{k}"), bad);
            }
        }
    }
}

fn stamp(actor: &Agent) -> Stamp<'_> {
    Stamp {
        actor,
        timestamp: WHEN,
        id: xapi::uuid([7; 16]),
        base: BASE,
    }
}

fn actors() -> Vec<Agent> {
    vec![
        Agent::from_link("mailto:jo@example.org", None).unwrap(),
        Agent::from_link("jo-123", Some("https://lms.example.org")).unwrap(),
        Agent::anonymous(BASE),
    ]
}

#[test]
fn every_answered_statement_follows_the_rules_and_names_its_question() {
    let mut n = 0;
    for topic in topics::all() {
        let templates = challenge::templates(topic);
        // The page on its last story (with its fix when it has one).
        let story = topic.presets().last().map_or(String::new(), |p| {
            format!(
                "&preset={}{}",
                p.id,
                if p.fix.is_some() { "&fix=1" } else { "" }
            )
        });
        let (page, notes) = decode(&format!("topic={}{story}", topic.id()));
        assert!(notes.is_empty(), "{notes:?}");
        for t in &templates {
            for seed in [0, 7, 4_294_967_295] {
                let drawn = topics::question(topic, &t.id, seed).unwrap();
                let mut asked = vec![drawn];
                if challenge::mirrors_page(t) {
                    asked.push(topics::question_live(topic, &t.id, seed, &page.params()).unwrap());
                }
                for q in &asked {
                    for a in actors() {
                        for (response, correct) in [("12.5 GB", false), (" 3 ", true), ("", false)]
                        {
                            let st = xapi::answered_statement(
                                stamp(&a),
                                question_iri(BASE, &page, q),
                                topic.title(),
                                q,
                                response,
                                correct,
                                !correct,
                            );
                            let v = serde_json::from_str::<Value>(&st.json()).unwrap();
                            assert_eq!(check(&v), Vec::<String>::new(), "{v:#}");
                            assert_eq!(v["verb"]["id"], "http://adlnet.gov/expapi/verbs/answered");
                            assert_eq!(v["result"]["success"], correct);
                            assert_eq!(
                                v["result"]["score"]["scaled"],
                                if correct { 1.0 } else { 0.0 }
                            );
                            assert_eq!(
                                v["result"].get("response").and_then(Value::as_str),
                                Some(response.trim()).filter(|r| !r.is_empty())
                            );
                            n += 1;
                        }
                    }
                    // The object's IRI is the link that reopens the question.
                    let iri = question_iri(BASE, &page, q);
                    let (back, notes) = decode(iri.strip_prefix(BASE).unwrap());
                    assert!(notes.is_empty(), "{iri}: {notes:?}");
                    assert_eq!(back.challenge.template.as_deref(), Some(t.id.as_str()));
                    assert_eq!(back.challenge.seed, Some(seed));
                    assert_eq!(back.challenge.live, q.live);
                    if q.live {
                        assert_eq!(back.params(), page.params(), "{iri}");
                        let again =
                            topics::question_live(topic, &t.id, seed, &back.params()).unwrap();
                        assert_eq!(again.text, q.text);
                    } else {
                        assert_eq!(topics::question(topic, &t.id, seed).unwrap().text, q.text);
                    }
                }
            }
        }
    }
    assert!(n > 100, "{n} statements");
}

#[test]
fn progress_statements_progress_then_complete() {
    let a = &actors()[1];
    for total in [1u32, 3] {
        for solved in 0..=total {
            let st = xapi::progress_statement(stamp(a), "warm-pool", "Warm pools", solved, total);
            let v = serde_json::from_str::<Value>(&st.json()).unwrap();
            assert_eq!(check(&v), Vec::<String>::new(), "{v:#}");
            let verb = if solved == total {
                "completed"
            } else {
                "progressed"
            };
            assert_eq!(
                v["verb"]["id"],
                format!("http://adlnet.gov/expapi/verbs/{verb}")
            );
            assert_eq!(v["result"]["completion"], solved == total);
            assert_eq!(v["result"]["score"]["raw"], solved as f64);
            assert_eq!(v["object"]["id"], format!("{BASE}?topic=warm-pool"));
        }
    }
}

/// A change that breaks one rule.
type Breaks = Box<dyn Fn(&mut Value)>;

#[test]
fn the_validator_refuses_what_the_rules_forbid() {
    let a = &actors()[0];
    let q = topics::question(topics::all().next().unwrap(), "C1", 1).unwrap();
    let (page, _) = decode(&format!("topic={}", q.topic));
    let st = xapi::answered_statement(
        stamp(a),
        question_iri(BASE, &page, &q),
        "T",
        &q,
        "1",
        true,
        true,
    );
    let good: Value = serde_json::from_str(&st.json()).unwrap();
    assert!(check(&good).is_empty());
    let broken: Vec<(&str, Breaks)> = vec![
        ("null", Box::new(|v| v["result"]["response"] = Value::Null)),
        (
            "two identifiers",
            Box::new(|v| v["actor"]["openid"] = json!("https://id.example.org/jo")),
        ),
        (
            "no identifier",
            Box::new(|v| {
                v["actor"].as_object_mut().unwrap().remove("mbox");
            }),
        ),
        (
            "bad mbox",
            Box::new(|v| v["actor"]["mbox"] = json!("jo@example.org")),
        ),
        (
            "relative IRI",
            Box::new(|v| v["object"]["id"] = json!("index.html?topic=x")),
        ),
        (
            "verb IRI with a space",
            Box::new(|v| v["verb"]["id"] = json!("http://adlnet.gov/expapi/verbs/an swered")),
        ),
        (
            "scaled above 1",
            Box::new(|v| v["result"]["score"]["scaled"] = json!(1.5)),
        ),
        (
            "raw above max",
            Box::new(|v| v["result"]["score"]["raw"] = json!(2)),
        ),
        (
            "no time zone",
            Box::new(|v| v["timestamp"] = json!("2026-03-14T09:26:53")),
        ),
        (
            "negative zero offset",
            Box::new(|v| v["timestamp"] = json!("2026-03-14T09:26:53-00:00")),
        ),
        ("not a UUID", Box::new(|v| v["id"] = json!("statement-1"))),
        (
            "language tag",
            Box::new(|v| v["verb"]["display"] = json!({"en_US": "answered"})),
        ),
        (
            "interaction type",
            Box::new(|v| v["object"]["definition"]["interactionType"] = json!("number")),
        ),
        (
            "empty object",
            Box::new(|v| v["context"]["contextActivities"] = json!({})),
        ),
        (
            "no verb",
            Box::new(|v| {
                v.as_object_mut().unwrap().remove("verb");
            }),
        ),
        (
            "success a word",
            Box::new(|v| v["result"]["success"] = json!("yes")),
        ),
    ];
    for (what, f) in broken {
        let mut v = good.clone();
        f(&mut v);
        assert!(!check(&v).is_empty(), "{what}: accepted {v:#}");
    }
}
