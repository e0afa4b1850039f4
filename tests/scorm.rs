//! `fleetlab scorm`: the packages it writes (a manifest that lists every
//! file and parses, the launch page under the strict policy framing the
//! page as asked, the launcher, the app without the sample course page) and
//! what it refuses. The app here is a stand-in dist/ folder; the browser
//! test (tests/browser/lms.test.mjs) runs a real one under an LMS.

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
        ("index.html", "<!doctype html><title>Fleetlab</title>"),
        ("fleetlab-web-1.js", "export default 1;"),
        ("fleetlab-web-1_bg.wasm", "\0asm"),
        ("fleetlab-web-1.offline.js", "// for file://"),
        ("style-1.css", "body{}"),
        ("course.html", "<!doctype html>"),
        ("course.js", ""),
        ("assets/font.txt", "x"),
    ] {
        fs::write(dist.join(f), text).unwrap();
    }
    dir
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
    let run = fleetlab(&[
        "scorm",
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
        "--dist",
        dir.join("dist").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
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
        assert!(said.contains(path.to_str().unwrap()), "{said}");
        let files = unzip(&path);
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names[0], "imsmanifest.xml");
        for want in [
            "launch.html",
            "fleetlab-scorm.js",
            "fleetlab-scorm.css",
            "index.html",
            "fleetlab-web-1.js",
            "fleetlab-web-1_bg.wasm",
            "style-1.css",
            "assets/font.txt",
        ] {
            assert!(
                names.contains(&want),
                "{suffix}: {want} missing from {names:?}"
            );
        }
        for left in ["course.html", "course.js", "fleetlab-web-1.offline.js"] {
            assert!(
                !names.contains(&left),
                "{suffix}: {left} is not part of a package"
            );
        }
        let text = |name: &str| &files.iter().find(|(n, _)| n == name).unwrap().1;
        let manifest = text("imsmanifest.xml");
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
        let launch = text("launch.html");
        assert!(launch.contains("http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self';"));
        assert!(!launch.contains("style="), "no inline style");
        assert_eq!(launch.matches("<script").count(), 1);
        assert!(launch.contains("<script src=\"fleetlab-scorm.js\"></script>"));
        let version_attr = if suffix == "scorm12" { "1.2" } else { "2004" };
        assert!(launch.contains(&format!("data-scorm=\"{version_attr}\"")));
        assert!(launch.contains("data-templates=\"C1,C2,C3\""));
        assert!(
            launch.contains("src=\"index.html?topic=consistent-hashing&amp;preset=modulo-plus-one&amp;cards_after=66&amp;embed=1&amp;lock=cards_before&amp;hide=solution&amp;tries=2\""),
            "{launch}"
        );
        let js = text("fleetlab-scorm.js");
        for api in [
            "API_1484_11",
            "LMSInitialize",
            "Terminate",
            "cmi.interactions.",
        ] {
            assert!(js.contains(api), "the launcher speaks {api}");
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
