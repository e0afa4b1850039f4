//! Architecture rules, checked on the source text (in the spirit of
//! rust-analyzer's tidy tests). See ARCHITECTURE.md, "Code map".

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Source lines without `//` comments, so docs may name what code may not use.
fn code(path: &Path) -> String {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The model core (model, topics, challenges, report) is pure: no web crate,
/// no IO, no clock, no entropy, no printing. It compiles and is tested
/// natively, and the same code runs in the browser.
#[test]
fn the_core_is_pure() {
    let forbidden = [
        "web_sys",
        "js_sys",
        "wasm_bindgen",
        "getrandom",
        "serde_wasm_bindgen",
        "plotters",
        "std::fs",
        "std::io",
        "std::net",
        "std::env",
        "std::time",
        "std::process",
        "std::thread",
        "println!",
        "eprintln!",
        "print!(",
        "SystemTime",
        "Instant",
    ];
    let mut core: Vec<PathBuf> = Vec::new();
    for dir in ["src/model", "src/topics", "src/challenge"] {
        let d = root().join(dir);
        if d.exists() {
            core.extend(rust_files(&d));
        }
    }
    for file in ["src/report.rs", "src/urlstate.rs"] {
        let f = root().join(file);
        if f.exists() {
            core.push(f);
        }
    }
    assert!(core.len() > 5);
    for path in core {
        let text = code(&path);
        for word in forbidden {
            assert!(
                !text.contains(word),
                "{} uses {word}: the core stays pure",
                path.display()
            );
        }
    }
}

/// The web edge knows chart kinds and parameter specs, never a topic: no
/// topic id, preset id or topic module appears under src/web.
#[test]
fn the_web_edge_holds_no_topic_logic() {
    let mut words: Vec<String> = Vec::new();
    for t in fleetlab::topics::all() {
        words.push(format!("\"{}\"", t.id()));
        words.push(format!("topics::{}", t.id().replace('-', "_")));
        words.extend(t.presets().iter().map(|p| format!("\"{}\"", p.id)));
    }
    for path in rust_files(&root().join("src/web")) {
        let text = code(&path);
        for w in &words {
            assert!(
                !text.contains(w.as_str()),
                "{} mentions {w}",
                path.display()
            );
        }
    }
}

/// Each topic file opens with its equations, units and sources.
#[test]
fn topic_files_open_with_their_model() {
    for path in rust_files(&root().join("src/topics")) {
        if path.file_name().unwrap() == "mod.rs" {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        let head: String = text
            .lines()
            .take_while(|l| l.starts_with("//!"))
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            head.starts_with("//! # "),
            "{}: open with a '//! # Title' doc",
            path.display()
        );
        assert!(
            head.contains("Source"),
            "{}: name the seed and spec",
            path.display()
        );
        assert!(
            head.lines().count() >= 10,
            "{}: state the equations and units",
            path.display()
        );
    }
}

/// Web crates are declared for wasm32 only, so a core file that names one
/// fails the native build.
#[test]
fn web_crates_are_wasm_only_in_the_manifest() {
    let manifest = fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let (common, _) = manifest
        .split_once("[target.'cfg(target_arch = \"wasm32\")'.dependencies]")
        .expect("a wasm32 target section");
    for krate in [
        "wasm-bindgen",
        "web-sys",
        "js-sys",
        "plotters",
        "getrandom",
        "serde-wasm-bindgen",
    ] {
        let in_common = common.lines().any(|l| {
            l.trim_start().starts_with(&format!("{krate} "))
                || l.trim_start().starts_with(&format!("{krate}="))
        });
        assert!(
            !in_common,
            "{krate} must sit under the wasm32 target section"
        );
    }
}
