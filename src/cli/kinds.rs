//! `fleetlab kind`: a question of a kind beyond one number (choose the
//! lever, multiple choice, order the steps, predict then reveal), drawn from
//! a seed at a level, its key, and the mark of an answer typed as the page's
//! controls would give it (docs/contract.md).

use super::{find_topic, Usage};
use crate::challenge::kinds::{self, letter, Body, Kind, Level, Response};
use crate::model::{ParamSpec, Topic};
use serde_json::{json, Value};

#[derive(clap::Args)]
pub(super) struct KindArgs {
    topic: String,
    /// L1 (lever), M1 (choice), O1 (order) or P1 (predict).
    kind: String,
    #[arg(long)]
    seed: u64,
    /// easy, medium or hard.
    #[arg(long, default_value = "medium")]
    level: String,
    /// Include the key, the reasons and the explanation.
    #[arg(long)]
    key: bool,
    /// An answer: name=value (lever), a letter (choice, predict), letters in order (order).
    #[arg(long, allow_hyphen_values = true)]
    answer: Option<String>,
    #[arg(long)]
    json: bool,
}

/// `fleetlab kind …`.
pub(super) fn run(a: KindArgs) -> Result<String, Usage> {
    let topic = find_topic(&a.topic)?;
    kind_text(
        topic,
        &a.kind,
        a.seed,
        &a.level,
        a.key,
        a.answer.as_deref(),
        a.json,
    )
    .map_err(Usage)
}

/// The question (and its key, and the mark of `answer`) as text or JSON.
fn kind_text(
    topic: &'static dyn Topic,
    kind: &str,
    seed: u64,
    level: &str,
    key: bool,
    answer: Option<&str>,
    json: bool,
) -> Result<String, String> {
    let k = Kind::from_id(kind).ok_or_else(|| {
        format!("unknown kind '{kind}'; kinds: L1 (lever), M1 (choice), O1 (order), P1 (predict)")
    })?;
    let level = Level::from_word(level)
        .ok_or_else(|| format!("unknown level '{level}'; levels: easy, medium, hard"))?;
    let q = kinds::pose(topic, k, seed, level)?;
    let mut v = json!({
        "topic": q.topic,
        "kind": k.word(),
        "template": k.id(),
        "title": k.title(),
        "seed": q.seed,
        "level": q.level.word(),
        "question": q.text,
    });
    match &q.body {
        Body::Lever(ask) => {
            v["story"] = json!(ask.scenario.story.id);
            v["check"] = json!(ask.scenario.check.id);
            let story = ask.scenario.story;
            let open = |s: &&ParamSpec| {
                !story.requirement.contains(&s.name) && ask.variant.allows(story, s.name)
            };
            v["levers"] = json!(topic
                .params()
                .iter()
                .filter(open)
                .map(|s| s.name)
                .collect::<Vec<_>>());
        }
        Body::Options { options, .. } => {
            v["options"] = json!(options.iter().map(|o| o.text.as_str()).collect::<Vec<_>>())
        }
        Body::Order { steps, .. } => {
            v["steps"] = json!(steps.iter().map(|o| o.text.as_str()).collect::<Vec<_>>())
        }
    }
    if key {
        let r = kinds::key(topic, &q).ok_or("no lever fixes this check alone")?;
        v["key"] = json!(typed(&r));
        v["wrong"] = json!(wrong(topic, &q).map(|w| typed(&w)));
        v["reveal"] = json!(q.reveal);
        v["reasons"] = json!(match &q.body {
            Body::Lever(ask) => kinds::lever::explain(topic, ask),
            _ => kinds::mark(topic, &q, &r).reasons,
        });
    }
    if let Some(text) = answer {
        let r = kinds::read(&q, text)?;
        let m = kinds::mark(topic, &q, &r);
        v["mark"] = json!({ "correct": m.correct, "counted": !m.unreadable, "message": m.message });
    }
    Ok(if json {
        serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
    } else {
        plain(&v)
    })
}

/// A wrong answer: the key lever at the story's own value, the first
/// option that is not the key, the key's first two steps swapped.
fn wrong(topic: &dyn Topic, q: &kinds::Posed) -> Option<Response> {
    Some(match (&q.body, kinds::key(topic, q)?) {
        (Body::Lever(ask), Response::Lever { param, .. }) => {
            let spec = kinds::lever::find_param(topic, &param)?;
            Response::Lever {
                value: spec.box_text(ask.base.get(spec.name)),
                param,
            }
        }
        (_, Response::Pick(k)) => Response::Pick(usize::from(k == 0)),
        (_, Response::Order(mut o)) => {
            o.swap(0, 1);
            Response::Order(o)
        }
        _ => return None,
    })
}

/// A response as it is typed: `name=value`, a letter, letters in order.
fn typed(r: &Response) -> String {
    match r {
        Response::Lever { param, value } => format!("{param}={value}"),
        Response::Pick(i) => letter(*i),
        Response::Order(order) => order
            .iter()
            .map(|i| letter(*i))
            .collect::<Vec<_>>()
            .join(","),
    }
}

fn plain(v: &Value) -> String {
    let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
    let mut out = format!(
        "{} · {} ({}, seed {})\n{}\n",
        s("template"),
        s("title"),
        s("level"),
        v["seed"],
        s("question")
    );
    for list in ["options", "steps"] {
        if let Some(xs) = v[list].as_array() {
            for (i, x) in xs.iter().enumerate() {
                out += &format!("  {}. {}\n", letter(i), x.as_str().unwrap_or_default());
            }
        }
    }
    if let Some(k) = v["key"].as_str() {
        out += &format!("key: {k}\n");
        for r in v["reasons"].as_array().into_iter().flatten() {
            out += &format!("  {}\n", r.as_str().unwrap_or_default());
        }
        if !s("reveal").is_empty() {
            out += &format!("{}\n", s("reveal"));
        }
    }
    if let Some(m) = v["mark"].as_object() {
        let right = m["correct"].as_bool().unwrap_or(false);
        out += &format!(
            "{}: {}\n",
            if right { "correct" } else { "wrong" },
            m["message"].as_str().unwrap_or_default()
        );
    }
    out
}
