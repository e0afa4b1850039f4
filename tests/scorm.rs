//! `fleetlab scorm`: the packages it writes (a manifest that lists every
//! file and parses, with an identifier per options; the launch page under
//! the strict policy, holding the package's settings in a data block and no
//! options in any address; the launcher; only the app files the page
//! reaches; the size said) and what it refuses. The app here is a stand-in
//! dist/ folder (and the real one when it is built); the browser test
//! (tests/browser/lms.test.mjs) runs a real one under an LMS.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fleetlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(args)
        .output()
        .expect("run fleetlab")
}

/// A fresh folder under the target directory, holding a stand-in app.
fn workspace(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    let dist = dir.join("dist");
    fs::create_dir_all(dist.join("assets")).unwrap();
    for (f, text) in [
        ("index.html", INDEX),
        (
            "loader-1.js",
            "s.src = js.replace(/\\.js$/, '.offline.js'); // index.html",
        ),
        (
            "fleetlab-web-1.js",
            "import x from './snippets/a.js'; new URL('fleetlab-web_bg.wasm');",
        ),
        ("snippets/a.js", "export default 1;"),
        ("fleetlab-web-1_bg.wasm", "\0asm"),
        ("fleetlab-web-1.offline.js", "// for file://"),
        ("style-1.css", "body{background:url(assets/font.txt)}"),
        ("course.html", "<!doctype html>"),
        ("course.js", ""),
        ("assets/font.txt", "x"),
        ("stray.txt", "nothing names me"),
        ("index.html.br", "compressed"),
        ("index.html.gz", "compressed"),
        ("fleetlab-web-1_bg.wasm.br", "compressed"),
        ("fleetlab-web-1.offline.js.gz", "compressed"),
    ] {
        fs::create_dir_all(dist.join(f).parent().unwrap()).unwrap();
        fs::write(dist.join(f), text).unwrap();
    }
    dir
}

/// The stand-in app's page, shaped as the built one: the bundle named in
/// meta tags, the loader and the stylesheet in tags, the sample course page
/// only in a comment, links within the page.
const INDEX: &str = r##"<!doctype html><html><head>
<!-- the same policy heads course.html -->
<meta name="fleetlab-js" content="./fleetlab-web-1.js"><meta name="fleetlab-wasm" content="./fleetlab-web-1_bg.wasm">
<script src="./loader-1.js"></script><link rel="stylesheet" href="./style-1.css"/>
<title>Fleetlab</title></head><body><a href="?view=glossary">Glossary</a><a href="#app">skip</a></body></html>"##;

/// The app files a package carries of the stand-in: what the page reaches.
const REACHED: [&str; 7] = [
    "assets/font.txt",
    "fleetlab-web-1.js",
    "fleetlab-web-1_bg.wasm",
    "index.html",
    "loader-1.js",
    "snippets/a.js",
    "style-1.css",
];

/// Runs `fleetlab scorm ARGS --dist DIR/dist`; its stdout, once it succeeded.
fn scorm(dir: &Path, args: &[&str]) -> String {
    let mut line = vec!["scorm"];
    line.extend(args);
    let dist = dir.join("dist");
    line.extend(["--dist", dist.to_str().unwrap()]);
    let run = fleetlab(&line);
    assert!(
        run.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    String::from_utf8_lossy(&run.stdout).into_owned()
}

/// The text of `name` in `files`.
fn text<'a>(files: &'a [(String, String)], name: &str) -> &'a str {
    &files.iter().find(|(n, _)| n == name).unwrap().1
}

/// The package's settings: the launch page's data block.
fn settings(launch: &str) -> serde_json::Value {
    let open = "<script type=\"application/json\" id=\"fleetlab-package\">";
    let start = launch.find(open).expect("a settings block") + open.len();
    let end = start + launch[start..].find("</script>").unwrap();
    serde_json::from_str(&launch[start..end]).unwrap()
}

/// The manifest's identifier.
fn identifier(manifest: &str) -> String {
    let start = manifest.find("<manifest identifier=\"").unwrap() + 22;
    manifest[start..start + manifest[start..].find('"').unwrap()].to_string()
}

fn unzip(path: &Path) -> Vec<(String, String)> {
    let mut zip = zip::ZipArchive::new(fs::File::open(path).unwrap()).unwrap();
    (0..zip.len())
        .map(|i| {
            let mut f = zip.by_index(i).unwrap();
            let mut bytes = Vec::new();
            f.read_to_end(&mut bytes).unwrap();
            (
                f.name().to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            )
        })
        .collect()
}

/// Well-formed XML, as far as a package needs: every tag closed in order,
/// attributes quoted, one root.
fn well_formed(xml: &str) -> Result<(), String> {
    let body = xml
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        .ok_or("no XML declaration")?;
    let mut stack: Vec<String> = Vec::new();
    let mut roots = 0;
    let mut rest = body;
    while let Some(open) = rest.find('<') {
        if !stack.is_empty() && rest[..open].contains(['<', '>']) {
            return Err("a stray angle bracket".into());
        }
        let close = rest[open..].find('>').ok_or("an unclosed tag")? + open;
        let tag = &rest[open + 1..close];
        if let Some(name) = tag.strip_prefix('/') {
            if stack.pop().as_deref() != Some(name.trim()) {
                return Err(format!("</{name}> closes nothing open"));
            }
        } else {
            let self_closing = tag.ends_with('/');
            let tag = tag.trim_end_matches('/');
            let name = tag.split_whitespace().next().ok_or("an empty tag")?;
            if tag.matches('"').count() % 2 != 0 || tag[name.len()..].contains('\'') {
                return Err(format!("<{name}>: unquoted attributes"));
            }
            if stack.is_empty() {
                roots += 1;
            }
            if !self_closing {
                stack.push(name.to_string());
            }
        }
        rest = &rest[close + 1..];
    }
    match (stack.is_empty(), roots) {
        (true, 1) => Ok(()),
        (false, _) => Err(format!("unclosed: {stack:?}")),
        _ => Err(format!("{roots} root elements")),
    }
}

#[test]
fn both_versions_hold_the_manifest_the_launcher_and_the_app() {
    let dir = workspace("scorm-both");
    let out = dir.join("hashing.zip");
    let said = scorm(
        &dir,
        &[
            "consistent-hashing",
            "--preset",
            "modulo-plus-one",
            "--lock",
            "cards_before",
            "--tries",
            "2",
            "--hide",
            "solution",
            "--set",
            "cards_after=66",
            "--salt",
            "42",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert!(said.contains("salt 42:"), "the salt is said: {said}");
    for (suffix, version, measure) in [
        (
            "scorm12",
            "<schemaversion>1.2</schemaversion>",
            "<adlcp:masteryscore>80</adlcp:masteryscore>",
        ),
        (
            "scorm2004",
            "<schemaversion>2004 4th Edition</schemaversion>",
            "<imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure>",
        ),
    ] {
        let path = dir.join(format!("hashing-{suffix}.zip"));
        let bytes = fs::metadata(&path).unwrap().len();
        let line = said
            .lines()
            .find(|l| l.contains(path.to_str().unwrap()))
            .unwrap_or_else(|| panic!("{said}"));
        assert!(
            line.contains(&format!("{bytes} bytes = {} KB", bytes.div_ceil(1024))),
            "the line gives the zip's size: {line}"
        );
        let files = unzip(&path);
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        let mut want = vec![
            "imsmanifest.xml",
            "launch.html",
            "fleetlab-scorm.js",
            "fleetlab-scorm.css",
        ];
        want.extend(REACHED);
        assert_eq!(names, want, "{suffix}: only what the page reaches");
        let manifest = text(&files, "imsmanifest.xml");
        well_formed(manifest).unwrap_or_else(|e| panic!("{suffix}: {e}\n{manifest}"));
        assert!(
            manifest.contains(version) && manifest.contains(measure),
            "{manifest}"
        );
        assert!(manifest.contains("href=\"launch.html\""));
        for n in &names[1..] {
            assert!(
                manifest.contains(&format!("<file href=\"{n}\"/>")),
                "{suffix}: the manifest lists {n}"
            );
        }
        let launch = text(&files, "launch.html");
        assert!(launch.contains("http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self';"));
        assert!(!launch.contains("style="), "no inline style");
        assert_eq!(launch.matches("<script").count(), 2);
        assert!(launch.contains("<script src=\"fleetlab-scorm.js\"></script>"));
        let version_word = if suffix == "scorm12" { "1.2" } else { "2004" };
        assert_eq!(
            settings(launch),
            serde_json::json!({
                "format": 1,
                "scorm": version_word,
                "mode": "graded",
                "topic": "consistent-hashing",
                "query": "topic=consistent-hashing&preset=modulo-plus-one&cards_after=66&embed=1&lock=cards_before&hide=solution&tries=2&mode=graded&salt=42",
                "templates": ["C1", "C2", "C3"],
                "tries": 2,
                "mastery": 0.8,
                "salt": 42,
            })
        );
        let js = text(&files, "fleetlab-scorm.js");
        for api in [
            "API_1484_11",
            "LMSInitialize",
            "Terminate",
            "cmi.interactions.",
            "fleetlab-package",
        ] {
            assert!(js.contains(api), "the launcher speaks {api}");
        }
        assert!(
            !js.contains("location.search\n") && !js.contains("location.search)"),
            "the launcher never reads its own query"
        );
    }
}

/// Every address a launch page names (src, href), without its settings
/// block: none carries options, and the frame has none at all.
#[test]
fn the_launch_page_has_no_options_in_any_address() {
    let dir = workspace("scorm-addresses");
    let out = dir.join("pool.zip");
    scorm(
        &dir,
        &[
            "warm-pool",
            "--tries",
            "1",
            "--only",
            "C2",
            "--version",
            "2004",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let files = unzip(&out);
    let launch = text(&files, "launch.html");
    let block = launch.find("<script type=\"application/json\"").unwrap();
    let outside = format!(
        "{}{}",
        &launch[..block],
        &launch[block + launch[block..].find("</script>").unwrap()..]
    );
    assert!(!outside.contains("tries"), "{outside}");
    for attr in ["src=\"", "href=\""] {
        for (i, _) in outside.match_indices(attr) {
            let value = &outside[i + attr.len()..];
            let value = &value[..value.find('"').unwrap()];
            assert!(!value.contains(['?', '&', '#']), "{attr}{value}");
        }
    }
    let iframe = &outside[outside.find("<iframe").unwrap()..];
    let iframe = &iframe[..iframe.find('>').unwrap()];
    assert!(
        iframe.starts_with("<iframe id=\"fleetlab\" title=") && !iframe.contains("src"),
        "the launcher gives the frame its address: {iframe}"
    );
    let s = settings(launch);
    assert_eq!(s["templates"], serde_json::json!(["C2"]));
    assert!(s["query"].as_str().unwrap().ends_with("&only=C2"), "{s}");
}

/// The manifest's identifier differs with what the package grades (topic,
/// options, templates asked, mastery, salt, version) and is the same for
/// the same options and salt.
#[test]
fn the_manifest_identifier_follows_the_options() {
    let dir = workspace("scorm-ids");
    let out = dir.join("x.zip");
    let id = |salt: &str, extra: &[&str]| {
        let mut args = vec!["consistent-hashing", "--version", "1.2", "--salt", salt];
        args.extend(extra);
        args.extend(["--out", out.to_str().unwrap()]);
        scorm(&dir, &args);
        identifier(&unzip(&out)[0].1)
    };
    let base = id("7", &[]);
    assert!(base.starts_with("fleetlab-consistent-hashing-"), "{base}");
    assert_eq!(id("7", &[]), base, "the same options, the same identifier");
    let mut seen = vec![base, id("8", &[])];
    for extra in [
        &["--tries", "2"][..],
        &["--only", "C2"],
        &["--mastery", "60"],
        &["--mode", "practice"],
        &["--hide", "solution"],
    ] {
        let other = id("7", extra);
        assert!(!seen.contains(&other), "{extra:?}: {other} is new");
        seen.push(other);
    }
    let fresh = |name: &str| {
        let o = dir.join(name);
        scorm(
            &dir,
            &[
                "consistent-hashing",
                "--version",
                "2004",
                "--out",
                o.to_str().unwrap(),
            ],
        );
        identifier(&unzip(&o)[0].1)
    };
    assert_ne!(fresh("a.zip"), fresh("b.zip"), "a fresh salt per package");
}

/// The launcher's suspend_data (format 2: per template tries, solved, done
/// and the seed drawn) fits SCORM 1.2's 4096 characters for the topic with
/// the most challenges, every one at 99 tries.
#[test]
fn suspend_data_fits_scorm_12() {
    let js = include_str!("../src/scorm/launcher.js");
    assert!(js.contains("JSON.stringify({ format: 2, templates: out })"));
    let most = fleetlab::challenge::topics_with_challenges()
        .iter()
        .map(|t| fleetlab::challenge::templates(fleetlab::topics::find(t).unwrap()).len())
        .max()
        .unwrap();
    let templates: serde_json::Map<String, serde_json::Value> = (1..=most)
        .map(|i| {
            let e = serde_json::json!({"tries": 99, "solved": 0, "done": 1, "seed": 999_999_999});
            (format!("C{i}"), e)
        })
        .collect();
    let worst = serde_json::json!({"format": 2, "templates": templates}).to_string();
    assert!(worst.len() <= 4096, "{} chars: {worst}", worst.len());
}

/// The real app (scripts/build.sh's dist/), when it is built: each zip is
/// under 1 MB and carries no compressed copy, no offline bundle and no
/// sample course page.
#[test]
fn a_real_package_is_under_one_megabyte() {
    let dist = Path::new(env!("CARGO_MANIFEST_DIR")).join("dist");
    if !dist.join("index.html").is_file() {
        eprintln!("no dist/: build the app (scripts/build.sh) to size a real package");
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("scorm-real");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let out = dir.join("pool.zip");
    let run = fleetlab(&[
        "scorm",
        "warm-pool",
        "--dist",
        dist.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    for suffix in ["scorm12", "scorm2004"] {
        let path = dir.join(format!("pool-{suffix}.zip"));
        let bytes = fs::metadata(&path).unwrap().len();
        assert!(bytes < 1_000_000, "{suffix}: {bytes} bytes");
        for (name, _) in unzip(&path) {
            let left = name.ends_with(".br")
                || name.ends_with(".gz")
                || name.ends_with(".offline.js")
                || name.starts_with("course.");
            assert!(!left, "{suffix}: {name} is not part of a package");
        }
    }
}

#[test]
fn one_version_writes_the_file_named() {
    let dir = workspace("scorm-one");
    let out = dir.join("pool.zip");
    let run = fleetlab(&[
        "scorm",
        "warm-pool",
        "--version",
        "1.2",
        "--mastery",
        "100",
        "--dist",
        dir.join("dist").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let files = unzip(&out);
    let manifest = &files[0].1;
    assert!(manifest.contains("<adlcp:masteryscore>100</adlcp:masteryscore>"));
    assert!(!dir.join("pool-scorm2004.zip").exists());
}

#[test]
fn what_a_package_cannot_be_is_refused() {
    let dir = workspace("scorm-refused");
    let dist = dir.join("dist");
    let out = dir.join("x.zip");
    let (d, o) = (dist.to_str().unwrap(), out.to_str().unwrap());
    for (args, says) in [
        (vec!["warp-drive"], "unknown topic"),
        (
            vec!["consistent-hashing", "--set", "cards_after=99999"],
            "above the maximum",
        ),
        (
            vec!["consistent-hashing", "--set", "tries=3"],
            "not a parameter",
        ),
        (
            vec!["consistent-hashing", "--hide", "practice"],
            "reports the practice questions",
        ),
        (
            vec!["consistent-hashing", "--lock", "warp"],
            "no parameter warp",
        ),
        (vec!["consistent-hashing", "--mastery", "0"], "--mastery 0"),
        (
            vec!["consistent-hashing", "--questions", "some"],
            "questions=some",
        ),
        (
            vec!["consistent-hashing", "--questions", "page"],
            "a graded package draws every question",
        ),
        (vec!["consistent-hashing", "--only", "C9"], "--only C9"),
        (
            vec!["consistent-hashing", "--only", "C2", "--challenge", "C1"],
            "--challenge C1 is not among --only C2",
        ),
        (
            vec!["consistent-hashing", "--salt", "9007199254740992"],
            "above 2^53-1",
        ),
        (
            vec!["consistent-hashing", "--set", "salt=3"],
            "not a parameter",
        ),
        (
            vec!["consistent-hashing", "--mode", "exam"],
            "invalid value 'exam'",
        ),
    ] {
        let mut line = vec!["scorm"];
        line.extend(&args);
        line.extend(["--dist", d, "--out", o]);
        let run = fleetlab(&line);
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!out.exists(), "{args:?} wrote nothing");
    }
    let run = fleetlab(&["scorm", "consistent-hashing", "--dist", o, "--out", o]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("scripts/build.sh"));
}
