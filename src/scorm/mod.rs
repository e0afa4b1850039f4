//! SCORM packages of a topic page (`fleetlab scorm`): a zip an LMS imports,
//! holding `imsmanifest.xml` (SCORM 1.2 or 2004), the built app (dist/),
//! and a launch page that frames the page with the options given and
//! reports to the LMS (launcher.js: the API found up the window chain,
//! initialized; each graded answer an interaction; the share of the topic's
//! challenges solved as the score, with completion and success; commit and
//! terminate). The page options are read as a link is (src/urlstate.rs),
//! and refused, not adjusted, when the link would need adjusting.

mod manifest;

use crate::challenge;
use crate::topics;
use crate::urlstate::{self, State};
use std::io::Write;
use std::path::{Path, PathBuf};

const LAUNCH_HTML: &str = include_str!("launch.html");
const LAUNCHER_JS: &str = include_str!("launcher.js");
const LAUNCH_CSS: &str = include_str!("launch.css");

/// The package's own files beside the app's.
pub const LAUNCH: &str = "launch.html";
const LAUNCHER: &str = "fleetlab-scorm.js";
const STYLE: &str = "fleetlab-scorm.css";

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Version {
    #[value(name = "1.2")]
    V12,
    #[value(name = "2004")]
    V2004,
    /// Both: FILE-scorm12.zip and FILE-scorm2004.zip.
    Both,
}

/// `fleetlab scorm`'s arguments: the topic, the page options (as a link
/// names them) and the package's.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Topic id, e.g. consistent-hashing.
    pub topic: String,
    /// The story the page opens on (a preset id).
    #[arg(long)]
    pub preset: Option<String>,
    /// Apply the story's fix.
    #[arg(long, requires = "preset")]
    pub fix: bool,
    /// Set a parameter, NAME=VALUE (repeatable; applied after the story).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// The challenge the practice panel opens on (C1, C2, C3).
    #[arg(long)]
    pub challenge: Option<String>,
    /// Sliders the learner cannot move: `all`, or names separated by commas.
    #[arg(long)]
    pub lock: Option<String>,
    /// Parts to hide: hints, solution, score, stories, scene (commas).
    #[arg(long)]
    pub hide: Option<String>,
    /// Tries allowed per question (1 to 99).
    #[arg(long)]
    pub tries: Option<u32>,
    /// Every question uses this seed.
    #[arg(long)]
    pub fixed_seed: Option<u64>,
    /// Where questions take their values: page (default) or drawn.
    #[arg(long)]
    pub questions: Option<String>,
    /// Chart height in CSS pixels (160 to 800).
    #[arg(long)]
    pub chart_height: Option<u32>,
    /// SCORM version of the package.
    #[arg(long, value_enum, default_value_t = Version::Both)]
    pub version: Version,
    /// Share of the topic's challenges to solve to pass, in percent (the
    /// LMS's own passing score wins when it sets one).
    #[arg(long, default_value_t = 80)]
    pub mastery: u32,
    /// The built app (scripts/build.sh writes it).
    #[arg(long, default_value = "dist")]
    pub dist: PathBuf,
    /// The zip to write (with --version both, FILE-scorm12.zip and
    /// FILE-scorm2004.zip beside it).
    #[arg(long)]
    pub out: PathBuf,
}

/// What a package holds besides the app.
pub struct Package {
    pub version: Version,
    /// The page as its link names it (embedded).
    pub page: State,
    pub title: String,
    /// Template ids of the topic: the score is the share solved.
    pub templates: Vec<String>,
    /// 0 to 1.
    pub mastery: f64,
}

/// The page options as a link, read by the link reader; any adjustment it
/// would make is refused with its sentence.
pub fn page(args: &Args) -> Result<State, String> {
    if topics::find(&args.topic).is_none() {
        return Err(format!(
            "unknown topic '{}'; topics: {}",
            args.topic,
            topics::all().map(|t| t.id()).collect::<Vec<_>>().join(", ")
        ));
    }
    let mut q: Vec<(String, String)> = vec![("topic".into(), args.topic.clone())];
    let mut opt = |k: &str, v: Option<String>| {
        if let Some(v) = v {
            q.push((k.into(), v));
        }
    };
    opt("preset", args.preset.clone());
    opt("fix", args.fix.then(|| "1".into()));
    opt("challenge", args.challenge.clone());
    opt("lock", args.lock.clone());
    opt("hide", args.hide.clone());
    opt("tries", args.tries.map(|n| n.to_string()));
    opt("fixed_seed", args.fixed_seed.map(|n| n.to_string()));
    opt("questions", args.questions.clone());
    opt("chart_height", args.chart_height.map(|n| n.to_string()));
    for item in &args.set {
        let (name, value) = item
            .split_once('=')
            .ok_or_else(|| format!("--set expects NAME=VALUE, got '{item}'"))?;
        let name = name.trim();
        if urlstate::KEYS.contains(&name) {
            return Err(format!("--set {name}: not a parameter"));
        }
        q.push((name.into(), value.trim().into()));
    }
    let query: Vec<String> = q
        .iter()
        .map(|(k, v)| format!("{}={}", urlstate::escape(k), urlstate::escape(v)))
        .collect();
    let (mut state, notes) = urlstate::decode(&query.join("&"));
    if !notes.is_empty() {
        return Err(notes.join(" "));
    }
    state.embed.on = true;
    if state.embed.hide.practice {
        return Err("--hide practice: a SCORM package reports the practice questions".into());
    }
    if challenge::templates(state.topic()).is_empty() {
        return Err(format!(
            "{} has no challenges yet: there is nothing to report",
            args.topic
        ));
    }
    Ok(state)
}

/// `fleetlab scorm`: the packages written, one line each.
pub fn run(args: Args) -> Result<String, String> {
    if !(1..=100).contains(&args.mastery) {
        return Err(format!(
            "--mastery {} is not a percentage from 1 to 100",
            args.mastery
        ));
    }
    let page = page(&args)?;
    let app = app_files(&args.dist)?;
    let topic = page.topic();
    let versions: Vec<(Version, PathBuf)> = match args.version {
        Version::Both => vec![
            (Version::V12, beside(&args.out, "scorm12")),
            (Version::V2004, beside(&args.out, "scorm2004")),
        ],
        v => vec![(v, args.out.clone())],
    };
    let mut said = String::new();
    for (version, out) in versions {
        let pkg = Package {
            version,
            page: page.clone(),
            title: format!("Fleetlab: {}", topic.title()),
            templates: challenge::templates(topic)
                .into_iter()
                .map(|t| t.id)
                .collect(),
            mastery: args.mastery as f64 / 100.0,
        };
        let n = write(&pkg, &args.dist, &app, &out)?;
        said += &format!(
            "wrote {} (SCORM {}, {n} files, launch page {LAUNCH})\n",
            out.display(),
            manifest::version_word(version)
        );
    }
    Ok(said)
}

/// `dir/name.zip` → `dir/name-suffix.zip`.
fn beside(out: &Path, suffix: &str) -> PathBuf {
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "fleetlab".into());
    out.with_file_name(format!("{stem}-{suffix}.zip"))
}

/// The app's files under `dist` (relative paths, sorted), without the
/// sample course page and the bundle for opening from disk (an LMS serves
/// the package over the web).
pub fn app_files(dist: &Path) -> Result<Vec<String>, String> {
    if !dist.join("index.html").is_file() {
        return Err(format!(
            "{} holds no built app (index.html): build it first with scripts/build.sh, or name it with --dist",
            dist.display()
        ));
    }
    let mut out = Vec::new();
    let mut stack = vec![dist.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let rel = p
                .strip_prefix(dist)
                .map_err(|e| e.to_string())?
                .to_string_lossy()
                .replace('\\', "/");
            let skip = rel.starts_with("course.") || rel.ends_with(".offline.js");
            if !skip && ![LAUNCH, LAUNCHER, STYLE, "imsmanifest.xml"].contains(&rel.as_str()) {
                out.push(rel);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The launch page of `pkg`.
pub fn launch_page(pkg: &Package) -> String {
    let e = manifest::xml_escape;
    LAUNCH_HTML
        .replace("{title}", &e(&pkg.title))
        .replace("{version}", manifest::version_word(pkg.version))
        .replace("{topic}", pkg.page.topic)
        .replace("{templates}", &e(&pkg.templates.join(",")))
        .replace("{mastery}", &format!("{}", pkg.mastery))
        .replace("{query}", &e(&urlstate::encode(&pkg.page)))
}

/// Writes `pkg` with the app's `files` from `dist` to `out`; the number of
/// files in the zip.
pub fn write(pkg: &Package, dist: &Path, files: &[String], out: &Path) -> Result<usize, String> {
    let own = [
        (LAUNCH, launch_page(pkg)),
        (LAUNCHER, LAUNCHER_JS.to_string()),
        (STYLE, LAUNCH_CSS.to_string()),
    ];
    let mut all: Vec<String> = own.iter().map(|(n, _)| n.to_string()).collect();
    all.extend(files.iter().cloned());
    let xml = manifest::manifest(pkg, &all);
    let fail = |e: &dyn std::fmt::Display| format!("cannot write {}: {e}", out.display());
    let file = std::fs::File::create(out).map_err(|e| fail(&e))?;
    let mut zip = zip::ZipWriter::new(file);
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    zip.start_file("imsmanifest.xml", opts)
        .map_err(|e| fail(&e))?;
    zip.write_all(xml.as_bytes()).map_err(|e| fail(&e))?;
    for (name, text) in &own {
        zip.start_file(*name, opts).map_err(|e| fail(&e))?;
        zip.write_all(text.as_bytes()).map_err(|e| fail(&e))?;
    }
    for rel in files {
        let bytes = std::fs::read(dist.join(rel)).map_err(|e| format!("{rel}: {e}"))?;
        zip.start_file(rel.as_str(), opts).map_err(|e| fail(&e))?;
        zip.write_all(&bytes).map_err(|e| fail(&e))?;
    }
    zip.finish().map_err(|e| fail(&e))?;
    Ok(all.len() + 1)
}
