//! The app's files a package carries: only what the launch page reaches.
//! From `index.html` (the page the launch page frames), every file a tag of
//! it names (`src`, `href`, `content`; comments aside), every file a
//! stylesheet names (`url(…)`, `@import`) and every file a script names as a
//! relative path in quotes (`"./snippets/x.js"`), as far as they lead. So no
//! compressed copy (`.br`, `.gz`: an LMS serves the files as they are), no
//! bundle for opening from disk, no sample course page, nothing else of
//! dist/ that the page never asks for.

use std::collections::BTreeSet;
use std::path::Path;

/// Files of the package's own that an app file must not replace.
const OWN: [&str; 4] = [
    super::LAUNCH,
    super::LAUNCHER,
    super::STYLE,
    "imsmanifest.xml",
];

/// The app's files under `dist` the launch page reaches (relative paths,
/// sorted), `index.html` first among equals.
pub fn app_files(dist: &Path) -> Result<Vec<String>, String> {
    if !dist.join("index.html").is_file() {
        return Err(format!(
            "{} holds no built app (index.html): build it first with scripts/build.sh, or name it with --dist",
            dist.display()
        ));
    }
    let mut found = BTreeSet::new();
    let mut todo = vec!["index.html".to_string()];
    while let Some(rel) = todo.pop() {
        if !found.insert(rel.clone()) {
            continue;
        }
        let kind = rel.rsplit('.').next().unwrap_or("");
        if !["html", "css", "js", "mjs"].contains(&kind) {
            continue;
        }
        let text = std::fs::read_to_string(dist.join(&rel))
            .map_err(|e| format!("{}: {e}", dist.join(&rel).display()))?;
        let dir = rel.rsplit_once('/').map_or("", |(d, _)| d);
        for name in references(kind, &text) {
            let Some(path) = resolve(dir, &name) else {
                continue;
            };
            let compressed = path.ends_with(".br") || path.ends_with(".gz");
            if !compressed && !OWN.contains(&path.as_str()) && dist.join(&path).is_file() {
                todo.push(path);
            }
        }
    }
    Ok(found.into_iter().collect())
}

/// The files a package of `topic` carries: the page builds of other topics
/// left out (`page-<id>-<hash>.js`, `_bg.wasm`, and its panel's part,
/// `_split.js` and `_panel.wasm`: scripts/pages.mjs). Its
/// frame opens `topic`'s page, which loads its own page build; the whole
/// app, which serves any other page a link in it opens, stays.
pub fn for_topic(app: &[String], topic: &str) -> Vec<String> {
    app.iter()
        .filter(|f| page_build_of(f).is_none_or(|id| id == topic))
        .cloned()
        .collect()
}

/// The topic id of a page build's file, `None` for any other file.
fn page_build_of(file: &str) -> Option<&str> {
    let stem = file.strip_prefix("page-")?;
    let stem = ["_bg.wasm", "_panel.wasm", "_split.js", ".js"]
        .iter()
        .find_map(|end| stem.strip_suffix(end))?;
    let (id, hash) = stem.rsplit_once('-')?;
    (hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit())).then_some(id)
}

/// What a file of kind `kind` (its extension) names: addresses that may be
/// files beside it.
fn references(kind: &str, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    match kind {
        "html" => {
            let text = without_comments(text);
            for attr in ["src=", "href=", "content="] {
                out.extend(quoted_after(&text, attr));
            }
        }
        "css" => {
            for mark in ["url(", "@import "] {
                for (i, _) in text.match_indices(mark) {
                    let rest = text[i + mark.len()..].trim_start();
                    let end = rest.find([')', ';', '\n']).unwrap_or(rest.len());
                    out.push(rest[..end].trim().trim_matches(['"', '\'']).to_string());
                }
            }
        }
        _ => {
            for q in ['"', '\'', '`'] {
                for part in text.split(q).skip(1).step_by(2) {
                    if part.starts_with("./") || part.starts_with("../") {
                        out.push(part.to_string());
                    }
                }
            }
        }
    }
    out
}

fn without_comments(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find("<!--") {
        out += &rest[..open];
        rest = rest[open..]
            .find("-->")
            .map_or("", |close| &rest[open + close + 3..]);
    }
    out + rest
}

/// The values of `attr"…"` / `attr'…'` in `text`.
fn quoted_after(text: &str, attr: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices(attr) {
        let rest = &text[i + attr.len()..];
        let Some(q) = rest.chars().next().filter(|c| *c == '"' || *c == '\'') else {
            continue;
        };
        if let Some(end) = rest[1..].find(q) {
            out.push(rest[1..1 + end].to_string());
        }
    }
    out
}

/// `name` (as written in a file of folder `dir`) as a path under dist/, or
/// none when it is not a relative path to a file there (a scheme, a path
/// from the root, a query or fragment alone, or one that climbs out).
fn resolve(dir: &str, name: &str) -> Option<String> {
    let name = name.split(['?', '#']).next()?.trim();
    if name.is_empty() || name.contains(':') || name.starts_with('/') {
        return None;
    }
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for part in name.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read_from_tags_sheets_and_scripts() {
        let html = r#"<!-- course.html --><meta name="x" content="./app.js"><link href='style.css'><a href="?view=glossary">g</a><img src="data:,">"#;
        assert_eq!(
            references("html", html),
            vec!["data:,", "style.css", "?view=glossary", "./app.js"]
        );
        let css = r#"@import "more.css"; a { background: url( 'img/a.png' ) }"#;
        assert_eq!(references("css", css), vec!["img/a.png", "more.css"]);
        let js = r#"import x from "./snippets/a.js"; const u = 'other.wasm';"#;
        assert_eq!(references("js", js), vec!["./snippets/a.js"]);
    }

    #[test]
    fn a_package_carries_its_own_page_build_only() {
        let app: Vec<String> = [
            "index.html",
            "fleetlab-web-1.js",
            "fleetlab-web-1_bg.wasm",
            "page-warm-pool-0123456789abcdef.js",
            "page-warm-pool-0123456789abcdef_bg.wasm",
            "page-warm-pool-0123456789abcdef_split.js",
            "page-warm-pool-0123456789abcdef_panel.wasm",
            "page-autoscaling-0123456789abcdef_bg.wasm",
            "page-autoscaling-0123456789abcdef_split.js",
            "page-autoscaling-0123456789abcdef_panel.wasm",
            "page-notes.js",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(
            for_topic(&app, "warm-pool"),
            [&app[..7], &app[10..]].concat()
        );
        assert_eq!(
            page_build_of("page-load-balancing-0123456789abcdef.js"),
            Some("load-balancing")
        );
        assert_eq!(page_build_of("page-notes.js"), None);
    }

    #[test]
    fn only_relative_paths_inside_resolve() {
        assert_eq!(resolve("", "./a.js?v=1").as_deref(), Some("a.js"));
        assert_eq!(resolve("css", "../img/b.png").as_deref(), Some("img/b.png"));
        for outside in [
            "../a.js",
            "/a.js",
            "https://x.org/a.js",
            "data:,",
            "?view=x",
            "#app",
        ] {
            assert_eq!(resolve("", outside), None, "{outside}");
        }
    }
}
