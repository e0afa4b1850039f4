//! Parses and checks every `challenges/<topic>.toml` with the crate's own
//! schema (src/challenge/schema.rs) and writes the templates as Rust data to
//! `$OUT_DIR/challenges.rs`, and every topic's `src/topics/<id>/params.toml`
//! (its words, sliders and stories) to `$OUT_DIR/params/<id>.rs`
//! (build/params.rs). A malformed file fails the build with the file's name
//! and the reason; the browser ships no TOML parser. Compiles
//! `glossary.toml` the same way, to `$OUT_DIR/glossary.rs`.

#[path = "src/challenge/schema.rs"]
#[allow(dead_code)]
mod schema;

#[path = "src/challenge/kinds/schema.rs"]
#[allow(dead_code)]
mod kinds_schema;

#[path = "build/params.rs"]
mod params;

/// The name the kinds schema reads the challenge schema under.
use schema as base_schema;

use std::fs;
use std::path::Path;

fn main() {
    println!("cargo::rerun-if-changed=challenges");
    println!("cargo::rerun-if-changed=src/challenge/schema.rs");
    println!("cargo::rerun-if-changed=src/challenge/kinds/schema.rs");
    let mut arms = String::new();
    let mut ids = Vec::new();
    let mut parsed = Vec::new();
    for (_, stem, text) in challenge_files(false) {
        let file = schema::parse_file(&text)
            .unwrap_or_else(|e| panic!("\n\nchallenges/{stem}.toml is malformed: {e}\n\n"));
        if file.topic != stem {
            panic!("\n\nchallenges/{stem}.toml names topic '{}'; the file must be named after its topic\n\n", file.topic);
        }
        arms += &format!(
            "        #[cfg(feature = {stem:?})]\n        {stem:?} => Some({}),\n",
            schema::to_rust(&file.templates)
        );
        ids.push(format!("{stem:?}"));
        parsed.push((stem, file));
    }
    let code = format!(
        "/// Topics with a challenge file.\npub const TOPICS: &[&str] = &[{}];\n\n/// The templates of `topic`'s challenge file.\npub fn templates(topic: &str) -> Option<&'static [StaticTemplate]> {{\n    match topic {{\n{arms}        _ => None,\n    }}\n}}\n",
        ids.join(", ")
    );
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("challenges.rs");
    fs::write(out, code).expect("write challenges.rs");
    kinds(&parsed);
    params::generate();
    glossary();
}

/// One entry of `glossary.toml` (its fields are `glossary::Term`'s).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    id: String,
    term: String,
    #[serde(default)]
    aliases: Vec<String>,
    short: String,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Glossary {
    term: Vec<Entry>,
}

/// Writes `glossary.toml`'s entries, in its order, as `TERMS` to
/// `$OUT_DIR/glossary.rs`. A page build (feature `split-panel`) carries no
/// definitions (`short` empty): every term's, 2.7 KB brotli of a page's first
/// fetch, is a file of its own, `glossary-HASH.json` (scripts/pages.mjs),
/// which the page fetches after its first paint (src/web/glossary.rs).
fn glossary() {
    let late = std::env::var_os("CARGO_FEATURE_SPLIT_PANEL").is_some();
    println!("cargo::rerun-if-changed=glossary.toml");
    let text = fs::read_to_string("glossary.toml").expect("glossary.toml");
    let file: Glossary =
        toml::from_str(&text).unwrap_or_else(|e| panic!("\n\nglossary.toml is malformed: {e}\n\n"));
    let mut code = String::from(
        "/// Every term, in alphabetical order of its heading.\npub static TERMS: &[Term] = &[\n",
    );
    for t in &file.term {
        let aliases: Vec<String> = t.aliases.iter().map(|a| format!("{a:?}")).collect();
        code += &format!(
            "    Term {{ id: {:?}, term: {:?}, aliases: &[{}], short: {:?} }},\n",
            t.id,
            t.term,
            aliases.join(", "),
            if late { "" } else { t.short.as_str() }
        );
    }
    code += "];\n";
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("glossary.rs");
    fs::write(out, code).expect("write glossary.rs");
}

/// The `.toml` files of `challenges/` in name order, each as its file name,
/// its topic (the name without `.toml` or `.kinds.toml`) and its text: the
/// kinds files when `kinds`, else the templates. The build reruns when one
/// changes.
fn challenge_files(kinds: bool) -> Vec<(String, String, String)> {
    let mut files: Vec<_> = fs::read_dir("challenges")
        .expect("the challenges/ folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .filter(|p| is_kinds(p) == kinds)
        .collect();
    files.sort();
    files
        .iter()
        .map(|path| {
            println!("cargo::rerun-if-changed={}", path.display());
            let name = path
                .file_name()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_string();
            let stem = name
                .trim_end_matches(".toml")
                .trim_end_matches(".kinds")
                .to_string();
            let text =
                fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (name, stem, text)
        })
        .collect()
}

/// `challenges/<topic>.kinds.toml`: a topic's question kinds beyond one number.
fn is_kinds(p: &Path) -> bool {
    p.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.ends_with(".kinds.toml"))
}

/// Parses and checks every kinds file (its level ranges against the topic's
/// numeric templates) and writes them as Rust data to `$OUT_DIR/kinds.rs`.
fn kinds(templates: &[(String, schema::File)]) {
    let mut arms = String::new();
    for (name, stem, text) in challenge_files(true) {
        let file = kinds_schema::parse_kinds(&text)
            .unwrap_or_else(|e| panic!("\n\nchallenges/{name} is malformed: {e}\n\n"));
        if file.topic != stem {
            panic!("\n\nchallenges/{name} names topic '{}'; the file must be named after its topic\n\n", file.topic);
        }
        let own = templates.iter().find(|(t, _)| *t == stem).map(|(_, f)| f);
        for l in &file.levels {
            let t = own
                .and_then(|f| f.templates.iter().find(|t| t.id == l.template))
                .unwrap_or_else(|| panic!("\n\nchallenges/{name}: level for {}, which challenges/{stem}.toml does not have\n\n", l.template));
            for r in &l.vars {
                let v = t.vars.iter().find(|v| v.name == r.name).unwrap_or_else(|| {
                    panic!(
                        "\n\nchallenges/{name}: {} {} has no var {}\n\n",
                        l.template, l.level, r.name
                    )
                });
                if v.words.is_some() != r.words.is_some() {
                    panic!(
                        "\n\nchallenges/{name}: {} {}: var {} must stay words or numbers\n\n",
                        l.template, l.level, r.name
                    );
                }
            }
        }
        arms += &format!(
            "        #[cfg(feature = {stem:?})]\n        {stem:?} => Some(&{}),\n",
            kinds_schema::to_rust(&file)
        );
    }
    let code = format!(
        "/// The question kinds of `topic`'s kinds file.\npub fn kinds(topic: &str) -> Option<&'static Kinds> {{\n    match topic {{\n{arms}        _ => None,\n    }}\n}}\n"
    );
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("kinds.rs");
    fs::write(out, code).expect("write kinds.rs");
}
