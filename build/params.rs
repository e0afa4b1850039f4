//! Reads every topic's sliders and stories, `src/topics/<id>/params.toml`,
//! checks them and writes them as Rust data to `$OUT_DIR/params/<id>.rs`
//! (`PARAMS` and `PRESETS`), which the topic's `params.rs` includes. A bad
//! entry fails the build with the file, the entry and the key at fault.
//!
//! The file holds `[[param]]` tables (in slider order), `[[preset]]` tables
//! (the stories, each with its `set` list, its `requirement` — the
//! parameters that state what it asks of the fleet — and an optional `fix`), and
//! `[template.<name>]` tables: fields several parameters share, which a
//! parameter takes with `like = "<name>"`. See ARCHITECTURE.md.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

/// One `params.toml`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    topic: TopicDef,
    #[serde(default)]
    template: BTreeMap<String, toml::Table>,
    #[serde(default)]
    param: Vec<toml::Table>,
    #[serde(default)]
    preset: Vec<PresetDef>,
}

/// The topic's words: the `About` of its page, but for the checks and key
/// figures, which later layers declare.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TopicDef {
    id: String,
    title: String,
    /// A variant of `TopicKind`.
    kind: String,
    question: String,
    source: String,
    seed_cards: Vec<u16>,
    /// Where its first model comes from when no seed card sketches it
    /// (`"datasheet"`); absent, a seed card's (`Base`).
    base: Option<String>,
}

/// A number, or the name of a Rust constant of the topic's `params.rs`.
#[derive(Deserialize, Clone)]
#[serde(untagged)]
enum Num {
    Value(f64),
    Const(String),
}

/// A parameter once its template is merged in.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ParamDef {
    name: String,
    /// A `ParamSpec` constant of Rust the unwritten fields come from.
    base: Option<String>,
    label: Option<String>,
    /// A variant of `Unit` (none: `Unit::None`).
    unit: Option<String>,
    /// `Unit::Count` of this noun.
    count: Option<String>,
    min: Option<Num>,
    max: Option<Num>,
    step: Option<Num>,
    #[serde(default)]
    log: bool,
    /// The Rust constant listing the words, for a choice.
    choices: Option<String>,
    default: Option<Num>,
    source: Option<String>,
    help: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PresetDef {
    id: String,
    title: String,
    story: String,
    set: Vec<String>,
    /// The parameters that state what the story asks of the fleet (not
    /// levers); every story names them.
    requirement: Option<Vec<String>>,
    fix: Option<FixDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FixDef {
    label: String,
    explain: String,
    set: Vec<String>,
}

/// Fails the build, naming the file and where in it.
fn fail(file: &str, at: &str, why: impl std::fmt::Display) -> ! {
    panic!("\n\n{file}: {at}: {why}\n\n")
}

/// Generates `$OUT_DIR/params/<id>.rs` for every topic folder with a
/// `params.toml`.
pub fn generate() {
    println!("cargo::rerun-if-changed=src/topics");
    println!("cargo::rerun-if-changed=src/model/units.rs");
    let units = unit_names();
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("params");
    fs::create_dir_all(&out).expect("create $OUT_DIR/params");
    let mut dirs: Vec<_> = fs::read_dir("src/topics")
        .expect("the src/topics/ folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("params.toml").exists())
        .collect();
    dirs.sort();
    for dir in dirs {
        let path = dir.join("params.toml");
        let name = path.display().to_string();
        println!("cargo::rerun-if-changed={name}");
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let file: File = toml::from_str(&text).unwrap_or_else(|e| fail(&name, "malformed", e));
        let code = rust(&name, &file, &units);
        let id = dir.file_name().and_then(|s| s.to_str()).unwrap_or_default();
        fs::write(out.join(format!("{id}.rs")), code).expect("write params");
    }
}

/// The variants of `Unit` other than `Count`, read from its source.
fn unit_names() -> Vec<String> {
    let text = fs::read_to_string("src/model/units.rs").expect("src/model/units.rs");
    let body = text
        .split_once("pub enum Unit {")
        .and_then(|(_, rest)| rest.split_once("\n}"))
        .expect("src/model/units.rs declares `pub enum Unit`")
        .0;
    body.lines()
        .map(str::trim)
        .filter_map(|l| l.strip_suffix(','))
        .filter(|l| !l.is_empty() && l.chars().all(char::is_alphanumeric))
        .map(str::to_string)
        .collect()
}

/// A parameter's table with its template (and the template's own) merged
/// under it.
fn merged(
    file: &str,
    at: &str,
    table: &toml::Table,
    templates: &BTreeMap<String, toml::Table>,
    depth: usize,
) -> toml::Table {
    let Some(like) = table.get("like") else {
        return table.clone();
    };
    let like = like
        .as_str()
        .unwrap_or_else(|| fail(file, at, "`like` names a template"));
    let template = templates.get(like).unwrap_or_else(|| {
        fail(
            file,
            at,
            format!("like = '{like}': there is no [template.{like}]"),
        )
    });
    if depth > 8 {
        fail(file, at, "templates that take each other in a circle");
    }
    let mut all = merged(file, at, template, templates, depth + 1);
    for (k, v) in table {
        if k != "like" {
            all.insert(k.clone(), v.clone());
        }
    }
    all
}

/// The Rust of a number: a literal, or the constant as `f64`.
fn expr(n: &Num) -> String {
    match n {
        Num::Value(v) => format!("{v:?}"),
        Num::Const(c) => format!("{c} as f64"),
    }
}

/// What the file says, written as Rust.
fn rust(file: &str, f: &File, units: &[String]) -> String {
    let mut specs = Vec::new();
    let mut asserts = String::new();
    for (i, table) in f.param.iter().enumerate() {
        let name = table.get("name").and_then(|v| v.as_str()).unwrap_or("?");
        let at = format!("param {} ('{name}')", i + 1);
        let all = merged(file, &at, table, &f.template, 0);
        let p: ParamDef = toml::Value::Table(all)
            .try_into()
            .unwrap_or_else(|e| fail(file, &at, e));
        let at = format!("param '{}'", p.name);
        if specs
            .iter()
            .any(|(q, _): &(ParamDef, String)| q.name == p.name)
        {
            fail(file, &at, "declared twice");
        }
        if p.name.is_empty()
            || !p
                .name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            fail(file, &at, "name: write it in snake_case");
        }
        let code = spec(file, &at, &p, units, &mut asserts);
        specs.push((p, code));
    }
    let mut presets = Vec::new();
    for p in &f.preset {
        let at = format!("preset '{}'", p.id);
        if presets.iter().any(|(id, _): &(&str, String)| *id == p.id) {
            fail(file, &at, "declared twice");
        }
        let set = settings(file, &format!("{at}: set"), &p.set, &specs, &mut asserts);
        let fix = match &p.fix {
            None => "None".to_string(),
            Some(x) => format!(
                "Some(crate::model::Fix {{\n            label: {:?},\n            explain: {:?},\n            set: {},\n        }})",
                x.label,
                x.explain,
                settings(file, &format!("{at}: fix.set"), &x.set, &specs, &mut asserts)
            ),
        };
        let requirement = requirement(file, &at, p, &specs);
        presets.push((
            p.id.as_str(),
            format!(
                "    crate::model::Preset {{\n        id: {:?},\n        title: {:?},\n        story: {:?},\n        set: {set},\n        requirement: {requirement},\n        fix: {fix},\n    }},\n",
                p.id, p.title, p.story
            ),
        ));
    }
    let mut code =
        format!("// Generated by build.rs from {file}; edit that file, not this one.\n\n");
    code += &about(file, &f.topic);
    code += "#[allow(clippy::unnecessary_cast)]\n";
    code += &array("PARAMS", "ParamSpec", specs.iter().map(|(_, s)| s.as_str()));
    code += &array("PRESETS", "Preset", presets.iter().map(|(_, s)| s.as_str()));
    // What only the compiler can check: values of the constants named.
    code += "\n#[allow(clippy::unnecessary_cast)]\nconst _: () = {\n";
    code + &asserts + "};\n"
}

/// A story's `requirement` as Rust: parameters of the topic, each once, none
/// of them set by its fix (a fix that moved what the story asks would not
/// fix it). Every story names it (`[]` where it asks nothing of the fleet).
fn requirement(file: &str, at: &str, p: &PresetDef, specs: &[(ParamDef, String)]) -> String {
    let at = format!("{at}: requirement");
    let Some(names) = &p.requirement else {
        fail(
            file,
            &at,
            "missing: name the parameters that state what the story asks of the fleet",
        )
    };
    for (i, n) in names.iter().enumerate() {
        if !specs.iter().any(|(q, _)| q.name == *n) {
            fail(file, &at, format!("'{n}' is not a parameter of this topic"));
        }
        if names[..i].contains(n) {
            fail(file, &at, format!("'{n}' named twice"));
        }
        let fixed = p.fix.iter().flat_map(|f| &f.set).any(|s| {
            s.split_once('=')
                .is_some_and(|(name, _)| name.trim() == n.as_str())
        });
        if fixed {
            fail(file, &at, format!("'{n}' is set by the story's fix"));
        }
    }
    let quoted: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
    format!("&[{}]", quoted.join(", "))
}

/// `pub(super) static <name>: [crate::model::<ty>; N]` of the literals
/// `items`.
fn array<'a>(name: &str, ty: &str, items: impl ExactSizeIterator<Item = &'a str>) -> String {
    let mut code = format!(
        "pub(super) static {name}: [crate::model::{ty}; {}] = [\n",
        items.len()
    );
    items.for_each(|s| code += s);
    code + "];\n\n"
}

/// `ABOUT`: the topic's words, its parameters, stories and key parameters;
/// the registry's `declared!` adds its checks and key figures.
fn about(file: &str, t: &TopicDef) -> String {
    let kebab = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
    if t.id.is_empty() || !t.id.chars().all(kebab) {
        fail(file, "topic.id", "write it in kebab-case");
    }
    if !["Explorer", "Simulator"].contains(&t.kind.as_str()) {
        fail(
            file,
            "topic.kind",
            format!("'{}': Explorer or Simulator", t.kind),
        );
    }
    let cards: Vec<String> = t.seed_cards.iter().map(u16::to_string).collect();
    let base = match t.base.as_deref() {
        None => "SeedCard",
        Some("datasheet") => "Datasheet",
        Some(other) => fail(
            file,
            "topic.base",
            format!("'{other}': \"datasheet\", or leave it out for a seed card's model"),
        ),
    };
    format!(
        "/// The topic's words and declarations, from its params.toml; the\n/// registry's `declared!` adds the checks and key figures.\npub(crate) const ABOUT: crate::model::About = crate::model::About {{\n    id: {:?},\n    title: {:?},\n    kind: crate::model::TopicKind::{},\n    question: {:?},\n    source: {:?},\n    declares: crate::model::Declarations::of(&PARAMS, &PRESETS, &[]),\n    keys: crate::model::Keys::of(KEY_PARAMS, &[]),\n    seed_cards: &[{}],\n    base: crate::model::Base::{},\n    differences: &[],\n}};\n\n",
        t.id,
        t.title,
        t.kind,
        t.question,
        t.source,
        cards.join(", "),
        base
    )
}

/// One `ParamSpec` literal; checks the compiler must make (a constant's
/// value) go to `asserts`.
fn spec(file: &str, at: &str, p: &ParamDef, units: &[String], asserts: &mut String) -> String {
    let mut fields = vec![format!("name: {:?}", p.name)];
    let need = |key: &str, has: bool| {
        if !has && p.base.is_none() {
            fail(file, at, format!("{key} is missing"));
        }
    };
    need("label", p.label.is_some());
    need("default", p.default.is_some());
    need("source", p.source.is_some());
    need("help", p.help.is_some());
    if let Some(l) = &p.label {
        fields.push(format!("label: {l:?}"));
    }
    match (&p.unit, &p.count) {
        (Some(_), Some(_)) => fail(file, at, "give a unit or a count, not both"),
        (Some(u), None) if !units.contains(u) => fail(
            file,
            at,
            format!(
                "unit = '{u}' is not a unit; the units: {}",
                units.join(", ")
            ),
        ),
        (Some(u), None) => fields.push(format!("unit: crate::model::Unit::{u}")),
        (None, Some(c)) => fields.push(format!("unit: crate::model::Unit::Count({c:?})")),
        (None, None) if p.base.is_none() => fields.push("unit: crate::model::Unit::None".into()),
        (None, None) => {}
    }
    kind(file, at, p, &mut fields, asserts);
    if let Some(s) = &p.source {
        fields.push(format!("source: {s:?}"));
    }
    if let Some(h) = &p.help {
        fields.push(format!("help: {h:?}"));
    }
    if let Some(b) = &p.base {
        fields.push(format!("..{b}"));
    }
    let mut code = "    crate::model::ParamSpec {\n".to_string();
    for f in fields {
        let comma = if f.starts_with("..") { "" } else { "," };
        let _ = writeln!(code, "        {f}{comma}");
    }
    code + "    },\n"
}

/// The `kind` and `default` fields of `p`: a choice's words, or a range
/// with its default checked against it.
fn kind(file: &str, at: &str, p: &ParamDef, fields: &mut Vec<String>, asserts: &mut String) {
    let ranged = p.min.is_some() || p.max.is_some() || p.step.is_some();
    match (&p.choices, ranged) {
        (Some(_), true) => fail(file, at, "a choice has no min, max or step"),
        (Some(c), false) => {
            fields.push(format!("kind: crate::model::ParamKind::Choice({c})"));
            match &p.default {
                Some(Num::Const(word)) => fields.push(format!(
                    "default: crate::model::param::choice_index({c}, {word:?})"
                )),
                Some(Num::Value(_)) => fail(file, at, "default: write the choice's word"),
                None => {}
            }
        }
        (None, false) if p.base.is_none() => {
            fail(file, at, "min, max and step (or choices) are missing")
        }
        (None, false) => {}
        (None, true) => {
            let (Some(min), Some(max), Some(step)) = (&p.min, &p.max, &p.step) else {
                fail(file, at, "min, max and step go together")
            };
            let Num::Value(step) = step else {
                fail(file, at, "step: write a number")
            };
            if *step <= 0.0 {
                fail(file, at, "step must be above 0");
            }
            let kind = if p.log { "log_range" } else { "range" };
            fields.push(format!(
                "kind: crate::model::ParamKind::{kind}({}, {}, {step:?})",
                expr(min),
                expr(max)
            ));
            check_le(file, &format!("{at}: min ≤ max"), min, max, asserts);
            if let Some(d) = &p.default {
                fields.push(format!("default: {}", expr(d)));
                check_le(file, &format!("{at}: default ≥ min"), min, d, asserts);
                check_le(file, &format!("{at}: default ≤ max"), d, max, asserts);
                if let Num::Value(v) = d {
                    if *step >= 1.0 && step.fract() == 0.0 && v.fract() != 0.0 {
                        fail(
                            file,
                            at,
                            format!("default {v} is not whole, as its step makes it"),
                        );
                    }
                }
            }
        }
    }
}

/// Checks `a ≤ b` now when both are numbers, else has the compiler check it.
fn check_le(file: &str, what: &str, a: &Num, b: &Num, asserts: &mut String) {
    match (a, b) {
        (Num::Value(x), Num::Value(y)) => {
            if x > y {
                fail(file, what, format!("{x} > {y}"));
            }
        }
        _ => {
            let _ = writeln!(
                asserts,
                "    assert!({} <= {}, {:?});",
                expr(a),
                expr(b),
                format!("{file}: {what} does not hold")
            );
        }
    }
}

/// A `set` list (`["name=value", …]`) as Rust pairs, each name a declared
/// parameter and each value one it accepts.
fn settings(
    file: &str,
    at: &str,
    set: &[String],
    specs: &[(ParamDef, String)],
    asserts: &mut String,
) -> String {
    let mut pairs = Vec::new();
    for s in set {
        let Some((name, value)) = s.split_once('=') else {
            fail(file, at, format!("'{s}': write name=value"))
        };
        let (name, value) = (name.trim(), value.trim());
        let p = specs
            .iter()
            .map(|(p, _)| p)
            .find(|p| p.name == name)
            .unwrap_or_else(|| {
                fail(
                    file,
                    at,
                    format!("'{name}' is not a parameter of this topic"),
                )
            });
        if let Some(c) = &p.choices {
            let _ = writeln!(
                asserts,
                "    crate::model::param::choice_index({c}, {value:?});"
            );
        } else if let (Some(min), Some(max)) = (&p.min, &p.max) {
            let v: f64 = value
                .replace('_', "")
                .parse()
                .unwrap_or_else(|_| fail(file, at, format!("{name} = '{value}' is not a number")));
            let v = Num::Value(v);
            check_le(file, &format!("{at}: {name} ≥ min"), min, &v, asserts);
            check_le(file, &format!("{at}: {name} ≤ max"), &v, max, asserts);
        }
        pairs.push(format!("({name:?}, {value:?})"));
    }
    format!("&[{}]", pairs.join(", "))
}
