//! Architecture rules, checked on the source text (in the spirit of
//! rust-analyzer's tidy tests). Each rule is stated as an absence: what must
//! not appear where. ARCHITECTURE.md draws the same map in words.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return out;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rel(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Rust source with comments removed and the insides of string and char
/// literals blanked (same length, newlines kept), so that braces and words
/// counted below are code, never text.
fn strip(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    let blank = |s: &[u8], out: &mut String| {
        for &c in s {
            out.push(if c == b'\n' { '\n' } else { ' ' });
        }
    };
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"//") {
            let end = rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
            blank(&rest[..end], &mut out);
            i += end;
        } else if rest.starts_with(b"/*") {
            let end = src[i + 2..].find("*/").map_or(rest.len(), |e| e + 4);
            blank(&rest[..end], &mut out);
            i += end;
        } else if rest.starts_with(b"r#") || rest.starts_with(b"r\"") {
            let hashes = rest[1..].iter().take_while(|&&c| c == b'#').count();
            if rest.get(1 + hashes) != Some(&b'"') {
                out.push('r');
                i += 1;
                continue;
            }
            let close = format!("\"{}", "#".repeat(hashes));
            let body = 2 + hashes;
            let end = src[i + body..]
                .find(&close)
                .map_or(rest.len(), |e| body + e + close.len());
            out.push('"');
            blank(&rest[1..end - 1], &mut out);
            out.push('"');
            i += end;
        } else if rest[0] == b'"' {
            let mut j = 1;
            while j < rest.len() && rest[j] != b'"' {
                j += if rest[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(rest.len());
            out.push('"');
            blank(&rest[1..end.saturating_sub(1)], &mut out);
            out.push('"');
            i += end;
        } else if rest[0] == b'\'' && char_literal_len(rest).is_some() {
            let n = char_literal_len(rest).unwrap();
            out.push_str("' '");
            out.push_str(&" ".repeat(n - 3));
            i += n;
        } else {
            let ch = src[i..].chars().next().unwrap();
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

/// The length of a char literal at the start of `s` (`'a'`, `'\n'`,
/// `'\u{1F600}'`, `'é'`), or None for a lifetime.
fn char_literal_len(s: &[u8]) -> Option<usize> {
    if s.get(1) == Some(&b'\\') {
        let close = s[2..].iter().position(|&c| c == b'\'')?;
        return Some(close + 3);
    }
    let text = std::str::from_utf8(&s[1..s.len().min(6)])
        .ok()
        .or_else(|| {
            (2..=5)
                .rev()
                .find_map(|k| std::str::from_utf8(&s[1..s.len().min(k)]).ok())
        })?;
    let c = text.chars().next()?;
    let after = 1 + c.len_utf8();
    (s.get(after) == Some(&b'\'')).then_some(after + 1)
}

/// Code lines: not blank once comments are gone.
fn code_lines(stripped: &str) -> usize {
    stripped.lines().filter(|l| !l.trim().is_empty()).count()
}

/// Every `fn` with a body: (name, first line, length in lines).
fn functions(stripped: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = stripped.lines().collect();
    let mut out = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let Some(at) = find_word(line, "fn") else {
            continue;
        };
        let name: String = line[at + 2..]
            .trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            continue;
        }
        // The body opens at the first `{` before any `;` (a declaration
        // without a body ends at `;`).
        let mut depth = 0i64;
        let mut opened = false;
        let mut end = None;
        'scan: for (m, l) in lines.iter().enumerate().skip(n) {
            let from = if m == n { at } else { 0 };
            for c in l[from..].chars() {
                match c {
                    ';' if !opened && depth == 0 => break 'scan,
                    '{' => {
                        opened = true;
                        depth += 1;
                    }
                    '}' => {
                        depth -= 1;
                        if opened && depth == 0 {
                            end = Some(m);
                            break 'scan;
                        }
                    }
                    _ => {}
                }
            }
        }
        if let Some(end) = end {
            out.push((name, n + 1, end - n + 1));
        }
    }
    out
}

/// Where `word` stands alone in `line` (not part of a longer identifier).
fn find_word(line: &str, word: &str) -> Option<usize> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(i) = line[from..].find(word) {
        let at = from + i;
        let before = line[..at].chars().next_back();
        let after = line[at + word.len()..].chars().next();
        if !before.is_some_and(ident) && !after.is_some_and(ident) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// The module names a file reaches through `prefix` (`super::`,
/// `crate::web::`): `prefix::name` and each first segment of
/// `prefix::{a, b::c}`.
fn reached(stripped: &str, prefix: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = BTreeSet::new();
    let mut from = 0;
    while let Some(i) = stripped[from..].find(prefix) {
        let at = from + i + prefix.len();
        let rest = &stripped[at..];
        if let Some(list) = rest.strip_prefix('{') {
            let body = &list[..list.find('}').unwrap_or(list.len())];
            for item in body.split(',') {
                out.insert(ident(item));
            }
        } else {
            out.insert(ident(rest));
        }
        from = at;
    }
    out.remove("");
    out
}

fn read(path: &Path) -> String {
    strip(&fs::read_to_string(path).unwrap())
}

/// The pure layers: model, engine, topics, challenges, the report and links.
/// No web crate, no IO, no clock, no entropy, no printing: they compile and
/// are tested natively, and the same code runs in the browser.
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
    for dir in [
        "src/model",
        "src/engine",
        "src/topics",
        "src/challenge",
        "src/interview",
    ] {
        core.extend(rust_files(&root().join(dir)));
    }
    core.push(root().join("src/report.rs"));
    core.push(root().join("src/glossary.rs"));
    core.extend(rust_files(&root().join("src/urlstate")));
    core.push(root().join("src/xapi.rs"));
    assert!(core.len() > 20);
    for path in core {
        let text = read(&path);
        for word in forbidden {
            assert!(
                !text.contains(word),
                "{} uses {word}: the core stays pure",
                rel(&path)
            );
        }
    }
}

/// The arrows between layers point one way: model ← engine ← topics, and
/// model ← challenge ← topics (each topic's challenges.rs), and the mock
/// interviews above them all. So the model names no challenge, engine or
/// topic; the engine names no topic and no challenge; the challenge layer
/// names no topic; nothing below the interviews names them.
#[test]
fn layers_point_one_way() {
    let rules: [(&str, &[&str]); 4] = [
        (
            "src/model",
            &[
                "crate::challenge",
                "crate::topics",
                "crate::engine",
                "crate::interview",
            ],
        ),
        (
            "src/engine",
            &["crate::challenge", "crate::topics", "crate::interview"],
        ),
        (
            "src/challenge",
            &["crate::topics", "crate::engine", "crate::interview"],
        ),
        ("src/topics", &["crate::interview"]),
    ];
    for (dir, banned) in rules {
        let files = rust_files(&root().join(dir));
        assert!(!files.is_empty(), "{dir} exists");
        for path in files {
            let text = read(&path);
            for word in banned {
                assert!(!text.contains(word), "{} names {word}", rel(&path));
            }
        }
    }
}

/// The mock interviews reach the topics only through the registry
/// (`topics::solve`, `topics::question`), never a topic module, so a key is
/// always a topic's own challenge formula.
#[test]
fn interviews_reach_topics_through_the_registry() {
    let files = rust_files(&root().join("src/interview"));
    assert!(!files.is_empty(), "src/interview exists");
    let modules: Vec<String> = topic_folders()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for path in files {
        let text = read(&path);
        for m in &modules {
            let form = format!("topics::{m}");
            assert!(!text.contains(&form), "{} names {form}", rel(&path));
        }
    }
}

/// The topics, by folder name.
fn topic_folders() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = fs::read_dir(root().join("src/topics"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    out.sort();
    out
}

/// Each built topic is a folder `src/topics/<snake_id>/` with a `mod.rs`,
/// and the topic folder is the only thing under `src/topics` besides the
/// registry.
#[test]
fn every_topic_is_a_folder() {
    let folders: BTreeSet<String> = topic_folders()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for t in fleetlab::topics::all() {
        let snake = t.id().replace('-', "_");
        assert!(folders.contains(&snake), "src/topics/{snake}/ is missing");
        assert!(
            root()
                .join("src/topics")
                .join(&snake)
                .join("mod.rs")
                .exists(),
            "src/topics/{snake}/mod.rs is missing"
        );
    }
    let loose: Vec<String> = fs::read_dir(root().join("src/topics"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.file_name().unwrap() != "mod.rs")
        .map(|p| rel(&p))
        .collect();
    assert!(loose.is_empty(), "topic code outside a folder: {loose:?}");
}

/// No topic names another topic, by path or through `super::super`.
#[test]
fn no_topic_names_another() {
    let folders = topic_folders();
    let names: Vec<String> = folders
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for (folder, own) in folders.iter().zip(&names) {
        for path in rust_files(folder) {
            let text = read(&path);
            for other in names.iter().filter(|n| *n != own) {
                for form in [format!("topics::{other}"), format!("super::super::{other}")] {
                    assert!(
                        !text.contains(&form),
                        "{} names {form}: shared arithmetic belongs in src/engine",
                        rel(&path)
                    );
                }
            }
        }
    }
}

/// Inside a topic folder each file depends only downward: declarations,
/// then the model, the simulation, the outcome (figures, checks, notes,
/// charts, the scene, the guided start and what production does
/// differently, which do not import each other),
/// the challenges, and `mod.rs`
/// on top. `<layer>_<what>.rs` belongs to `<layer>`; it and `<layer>.rs` may
/// use each other in one direction.
#[test]
fn topic_files_depend_only_downward() {
    let rank = |stem: &str| -> Option<(u8, String)> {
        let base = stem.split('_').next().unwrap_or(stem);
        let r = match base {
            "params" => 0,
            "model" => 1,
            "sim" => 2,
            "figures" | "checks" | "notes" | "charts" | "scene" | "intro" | "production" => 3,
            "challenges" => 4,
            "mod" => 5,
            _ => return None,
        };
        Some((r, base.to_string()))
    };
    for folder in topic_folders() {
        let files = rust_files(&folder);
        let stems: BTreeMap<String, PathBuf> = files
            .iter()
            .map(|p| {
                (
                    p.file_stem().unwrap().to_string_lossy().into_owned(),
                    p.clone(),
                )
            })
            .collect();
        for (stem, path) in &stems {
            let (mine, base) = rank(stem).unwrap_or_else(|| {
                panic!(
                    "{}: name a topic file after its layer (params, model, sim, \
                     figures, checks, notes, charts, scene, intro, production, challenges, mod)",
                    rel(path)
                )
            });
            let text = read(path);
            let mut uses = reached(&text, "super::");
            let own = folder.file_name().unwrap().to_string_lossy().into_owned();
            uses.extend(reached(&text, &format!("topics::{own}::")));
            for used in uses.iter().filter(|u| stems.contains_key(*u)) {
                let (theirs, their_base) = rank(used).unwrap();
                // A layer split in parts: the base and its parts may use
                // each other, one way only.
                let one_layer = their_base == base && (*used == base || *stem == base);
                let back = reached(&read(&stems[used]), "super::").contains(stem.as_str());
                assert!(
                    theirs < mine || (one_layer && !back),
                    "{} uses {used}: a topic file depends only on earlier layers",
                    rel(path)
                );
            }
        }
    }
}

/// Rooms small enough to read: no source file over 800 code lines, no
/// function over 120 lines.
#[test]
fn files_and_functions_stay_small() {
    let mut long = Vec::new();
    for path in rust_files(&root().join("src")) {
        let text = read(&path);
        let n = code_lines(&text);
        if n > 800 {
            long.push(format!("{}: {n} code lines", rel(&path)));
        }
        for (name, line, len) in functions(&text) {
            if len > 120 {
                long.push(format!("{}:{line} fn {name}: {len} lines", rel(&path)));
            }
        }
    }
    assert!(long.is_empty(), "split these:\n{}", long.join("\n"));
}

/// The measuring itself: a brace inside a string or a char is no brace.
#[test]
fn the_measure_reads_code_not_text() {
    let src = "fn a() {\n    let s = \"}}\";\n    let c = '{';\n    // }\n}\nfn b<'x>(v: &'x str) -> &'x str { v }\nfn c();\n";
    let f = functions(&strip(src));
    assert_eq!(
        f,
        vec![("a".to_string(), 1, 5), ("b".to_string(), 6, 1)],
        "{:?}",
        strip(src)
    );
    let uses = reached(
        "use super::{dom, page::Page};\nsuper::store::save();",
        "super::",
    );
    assert_eq!(
        uses.into_iter().collect::<Vec<_>>(),
        vec!["dom", "page", "store"]
    );
}

/// The web edge has no import circle: its modules form a tree of calls
/// with one owner of the page's state at the top.
#[test]
fn no_import_circle_in_the_web_edge() {
    let dir = root().join("src/web");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in rust_files(&dir) {
        let module = path
            .strip_prefix(&dir)
            .unwrap()
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        let text = read(&path);
        let mut uses = reached(&text, "crate::web::");
        if path.parent() == Some(dir.as_path()) {
            uses.extend(reached(&text, "super::"));
        } else {
            uses.extend(reached(&text, "super::super::"));
        }
        uses.remove(&module);
        graph.entry(module).or_default().extend(uses);
    }
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for deps in graph.values_mut() {
        deps.retain(|d| modules.contains(d) && d != "mod");
    }
    // Depth-first search for a back edge.
    fn visit(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) {
        if done.contains(m) {
            return;
        }
        if let Some(i) = path.iter().position(|p| p == m) {
            panic!("import circle in src/web: {} → {m}", path[i..].join(" → "));
        }
        path.push(m.to_string());
        for d in graph.get(m).into_iter().flatten() {
            visit(d, graph, path, done);
        }
        path.pop();
        done.insert(m.to_string());
    }
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        visit(m, &graph, &mut Vec::new(), &mut done);
    }
}

/// Records sit below what reads them, never in a circle with it: the xAPI
/// statements name no `urlstate` (a question's IRI, its link, is built there
/// and passed in), the progress record names no `schedule` (the Leitner boxes
/// are the record's; the practice schedule reads them), and the Moodle
/// writer names no sheet writer (what both write is src/cli/problem.rs's).
/// The CLI's and the links' files sit inside their folders.
#[test]
fn records_sit_below_their_readers() {
    for (file, word) in [
        ("src/xapi.rs", "urlstate"),
        ("src/challenge/progress.rs", "schedule"),
        // The problem set's formats: what both write sits below them
        // (src/cli/problem.rs), and the Moodle writer names no sheet writer.
        ("src/cli/moodle.rs", "sheets::"),
        ("src/cli/problem.rs", "sheets::"),
        ("src/cli/problem.rs", "moodle::"),
    ] {
        let text = strip(&read(&root().join(file)));
        let named = match word.strip_suffix("::") {
            // A module path (a variable may be called `sheets`).
            Some(_) => text.contains(word),
            None => find_word(&text, word).is_some(),
        };
        assert!(!named, "{file} names {word}");
    }
    // Each edge's files sit inside its folder: no `#[path]` reaching out.
    for file in ["src/cli_kinds.rs", "src/urlstate_embed.rs"] {
        assert!(
            !root().join(file).exists(),
            "{file} belongs inside its edge's folder"
        );
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
        // Strings matter here, so only comments are dropped.
        let text: String = fs::read_to_string(&path)
            .unwrap()
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        for w in &words {
            assert!(!text.contains(w.as_str()), "{} mentions {w}", rel(&path));
        }
    }
}

/// Each topic says what it teaches, and its model opens with its equations,
/// units and where its numbers come from.
#[test]
fn topics_open_with_their_model() {
    for folder in topic_folders() {
        for name in ["mod.rs", "model.rs"] {
            let path = folder.join(name);
            if !path.exists() {
                assert_ne!(name, "mod.rs", "{} is missing", rel(&path));
                continue;
            }
            let text = fs::read_to_string(&path).unwrap();
            let head: Vec<&str> = text.lines().take_while(|l| l.starts_with("//!")).collect();
            assert!(
                head.len() >= 3,
                "{}: open with a //! header that says what it holds",
                rel(&path)
            );
        }
    }
}

/// Comments speak of the code, not of the project's history or its source
/// folders outside the repository.
#[test]
fn no_stale_pointers_in_the_source() {
    for path in rust_files(&root().join("src")) {
        let text = fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            let issue = lower.find("issue ").is_some_and(|i| {
                lower[i + 6..]
                    .trim_start_matches('#')
                    .starts_with(|c: char| c.is_ascii_digit())
            });
            assert!(
                !issue && !line.contains(&["shared", "/"].concat()),
                "{}:{}: {}",
                rel(&path),
                n + 1,
                line.trim()
            );
        }
    }
}

/// Nothing in the repository sends a reader outside it: no path into a
/// folder beside the repository, no section mark of a document that is not
/// here. (The words are built from parts so this file does not name them.)
#[test]
fn the_repository_points_only_at_itself() {
    let banned = [
        ["shared", "/"].concat(),
        "\u{a7}".to_string(),
        ["../", "spec"].concat(),
        ["concepts", ".md"].concat(),
    ];
    let mut files = Vec::new();
    for dir in [
        "src",
        "tests",
        "challenges",
        "docs",
        "www",
        "scripts",
        "examples",
    ] {
        let mut stack = vec![root().join(dir)];
        while let Some(d) = stack.pop() {
            for e in fs::read_dir(&d).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else {
                    files.push(p);
                }
            }
        }
    }
    files.extend(["README.md", "ARCHITECTURE.md"].map(|f| root().join(f)));
    for path in files {
        let Ok(text) = fs::read_to_string(&path) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            for word in &banned {
                assert!(
                    !line.contains(word.as_str()),
                    "{}:{}: {}",
                    rel(&path),
                    n + 1,
                    line.trim()
                );
            }
        }
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

/// Every topic has a page build: the registry's `built!` (and its
/// `solver!`) names each topic's own id as its feature (else its page build would hold no topic), and
/// Cargo.toml declares that feature and lists it in `every-topic`, in menu
/// order (scripts/pages.mjs builds one page per id listed there).
#[test]
fn every_topic_has_its_page_build() {
    // The files as written (`read` blanks string literals).
    let registry = fs::read_to_string(root().join("src/topics/mod.rs")).unwrap();
    let named: Vec<&str> = registry
        .lines()
        .filter_map(|l| l.trim().strip_prefix("built!("))
        .filter_map(|l| l.split('"').nth(1))
        .collect();
    let ids: Vec<&str> = fleetlab::topics::all().map(|t| t.id()).collect();
    assert_eq!(named, ids, "built!(<folder>, \"<id>\") in menu order");
    // The solvers' list (kept out of the registry's table, so that a page
    // build's solvers can go with its challenge panel's part) names the same
    // folders with the same features.
    let pairs = |prefix: &str| -> Vec<String> {
        registry
            .lines()
            .filter_map(|l| l.trim().strip_prefix(prefix))
            .map(|l| l.trim_end_matches([')', ';', ',']).to_string())
            .collect()
    };
    assert_eq!(
        pairs("solver!("),
        pairs("built!("),
        "solver!(<folder>, \"<id>\") as built!"
    );
    let manifest = fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let every = manifest
        .split_once("every-topic = [")
        .and_then(|(_, rest)| rest.split_once(']'))
        .expect("Cargo.toml lists every-topic")
        .0;
    let listed: Vec<&str> = every.split('"').skip(1).step_by(2).collect();
    assert_eq!(listed, ids, "every-topic lists each topic id in menu order");
    for id in ids {
        assert!(
            manifest.lines().any(|l| l.trim() == format!("{id} = []")),
            "Cargo.toml declares the feature {id}"
        );
    }
}
