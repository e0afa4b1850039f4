//! Parses and checks every `challenges/<topic>.toml` with the crate's own
//! schema (src/challenge/schema.rs) and writes the templates as Rust data to
//! `$OUT_DIR/challenges.rs`. A malformed file fails the build with the file's
//! name and the reason; the browser ships no TOML parser.

#[path = "src/challenge/schema.rs"]
#[allow(dead_code)]
mod schema;

use std::fs;
use std::path::Path;

fn main() {
    println!("cargo::rerun-if-changed=challenges");
    println!("cargo::rerun-if-changed=src/challenge/schema.rs");
    let mut files: Vec<_> = fs::read_dir("challenges")
        .expect("the challenges/ folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let mut arms = String::new();
    let mut ids = Vec::new();
    for path in &files {
        println!("cargo::rerun-if-changed={}", path.display());
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let file = schema::parse_file(&text)
            .unwrap_or_else(|e| panic!("\n\nchallenges/{stem}.toml is malformed: {e}\n\n"));
        if file.topic != stem {
            panic!("\n\nchallenges/{stem}.toml names topic '{}'; the file must be named after its topic\n\n", file.topic);
        }
        arms += &format!(
            "        {stem:?} => Some({}),\n",
            schema::to_rust(&file.templates)
        );
        ids.push(format!("{stem:?}"));
    }
    let code = format!(
        "/// Topics with a challenge file.\npub const TOPICS: &[&str] = &[{}];\n\n/// The templates of `topic`'s challenge file.\npub fn templates(topic: &str) -> Option<&'static [StaticTemplate]> {{\n    match topic {{\n{arms}        _ => None,\n    }}\n}}\n",
        ids.join(", ")
    );
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("challenges.rs");
    fs::write(out, code).expect("write challenges.rs");
}
