//! SCORM packages of a topic page (`fleetlab scorm`): a zip an LMS imports,
//! holding `imsmanifest.xml` (SCORM 1.2 or 2004), the app files the page
//! reaches (files.rs) and a launch page that frames the page and reports to
//! the LMS (launcher.js → fleetlab-scorm.js).
//!
//! **The package's settings live in the package, never in an address.**
//! `launch.html` carries them as a JSON data block,
//! `<script type="application/json" id="fleetlab-package">` (not executed,
//! so the strict policy allows it), with the keys `format` (1), `scorm`
//! ("1.2" or "2004"), `mode` ("graded" or "practice"), `topic`, `query` (the
//! page's options as a link names them: `mode=graded`, `salt=`, `only=`
//! included), `templates` (the templates asked, whose share solved is the
//! score), `tries` (per template; null: no limit), `mastery` (0 to 1) and
//! `salt` (graded; null in practice). The launch page's iframe has no
//! address: the launcher builds it from `query`, the LMS's learner id
//! (`actor`, `actor_home` = the launch page's origin) and what
//! `cmi.suspend_data` says was spent (`spent=`); it never reads its own
//! query. Before it records an answer it checks the frame's address against
//! what it set on the grading keys ([`GRADING_KEYS`]) and keeps its own count
//! of tries: it is the grader of record.
//!
//! `cmi.suspend_data` is JSON, `{"format":2,"templates":{"C2":{"tries":1,
//! "solved":1,"done":1,"seed":123}}}` (`seed` in graded mode: the question's
//! numbers a later answer must have); the first format
//! (`{"solved":[…],"done":[…]}`) is read, anything else ignored.
//!
//! The page options are read as a link is (src/urlstate/), and refused,
//! not adjusted, when the link would need adjusting.

mod files;
mod manifest;

pub use files::app_files;
pub use manifest::identifier;

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

/// The link keys the launcher compares, the frame's address against the
/// address it set, before it records an answer (launcher.js says the same).
pub const GRADING_KEYS: [&str; 11] = [
    "topic",
    "mode",
    "tries",
    "hide",
    "questions",
    "fixed_seed",
    "salt",
    "only",
    "lock",
    "actor",
    "actor_home",
];

/// The largest salt: a JS number reads it back exactly.
pub const MAX_SALT: u64 = (1 << 53) - 1;

/// Tries per question in graded mode when `--tries` is not given.
pub const GRADED_TRIES: u32 = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Version {
    #[value(name = "1.2")]
    V12,
    #[value(name = "2004")]
    V2004,
    /// Both: FILE-scorm12.zip and FILE-scorm2004.zip.
    Both,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Questions drawn for each learner from the package's salt and the
    /// LMS's learner id; no "Ask about this page"; the sliders a question
    /// mirrors locked; no key on the page.
    Graded,
    /// The page as its options say (questions about the page when
    /// embedded, "New question" offered): for practice, not for a grade.
    Practice,
}

impl Mode {
    pub fn word(self) -> &'static str {
        match self {
            Mode::Graded => "graded",
            Mode::Practice => "practice",
        }
    }
}

/// `fleetlab scorm`'s arguments: the topic, the page options (as a link
/// names them) and the package's.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Packages are graded by default (--mode graded): each learner gets questions drawn from the package's salt and the LMS's learner id, with 3 tries each unless --tries says otherwise. --mode practice frames the page as its options say."
)]
pub struct Args {
    /// Topic id, e.g. consistent-hashing.
    pub topic: String,
    /// graded (the default): per-learner questions, no "Ask about this
    /// page", settings held by the package; practice: the page as its
    /// options say.
    #[arg(long, value_enum, default_value_t = Mode::Graded)]
    pub mode: Mode,
    /// The challenges asked (C1, C2, C3; commas): the score is the share of
    /// these solved. Default: all the topic's.
    #[arg(long)]
    pub only: Option<String>,
    /// The salt of the per-learner draw (graded mode; 0 to 2^53-1).
    /// Default: a fresh random one, printed, so a rebuild can keep it.
    #[arg(long)]
    pub salt: Option<u64>,
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
    /// Tries allowed per question (1 to 99; graded mode: 3 if not given).
    #[arg(long)]
    pub tries: Option<u32>,
    /// Every question uses this seed (every learner the same numbers).
    #[arg(long)]
    pub fixed_seed: Option<u64>,
    /// Where questions take their values: page (default) or drawn
    /// (practice mode; graded questions are always drawn).
    #[arg(long)]
    pub questions: Option<String>,
    /// Chart height in CSS pixels (160 to 800).
    #[arg(long)]
    pub chart_height: Option<u32>,
    /// SCORM version of the package.
    #[arg(long, value_enum, default_value_t = Version::Both)]
    pub version: Version,
    /// Share of the challenges asked to solve to pass, in percent (the
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
#[derive(Clone, Debug)]
pub struct Package {
    pub version: Version,
    pub mode: Mode,
    /// The page's options as a link names them (no `?`), as the link
    /// writer writes them (`mode`, `salt`, `only` included).
    pub query: String,
    pub topic: &'static str,
    pub title: String,
    /// Template ids asked: the score is the share solved.
    pub templates: Vec<String>,
    /// Tries per template; none: no limit.
    pub tries: Option<u32>,
    /// 0 to 1.
    pub mastery: f64,
    /// The per-learner draw's salt (graded mode).
    pub salt: Option<u64>,
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
    let graded = args.mode == Mode::Graded;
    if graded && args.questions.as_deref() == Some("page") {
        return Err(
            "--questions page: a graded package draws every question (--mode practice asks about the page)"
                .into(),
        );
    }
    let tries = args.tries.or(graded.then_some(GRADED_TRIES));
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
    opt("tries", tries.map(|n| n.to_string()));
    opt("fixed_seed", args.fixed_seed.map(|n| n.to_string()));
    opt("questions", args.questions.clone());
    opt("chart_height", args.chart_height.map(|n| n.to_string()));
    for item in &args.set {
        let (name, value) = item
            .split_once('=')
            .ok_or_else(|| format!("--set expects NAME=VALUE, got '{item}'"))?;
        let name = name.trim();
        if urlstate::KEYS.contains(&name) || GRADING_KEYS.contains(&name) {
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

/// The templates asked: `--only`'s, each a template of the topic, in the
/// topic's order; all the topic's without it.
fn asked(args: &Args, all: &[String]) -> Result<Vec<String>, String> {
    let Some(only) = &args.only else {
        return Ok(all.to_vec());
    };
    let named: Vec<String> = only
        .split(',')
        .map(|t| t.trim().to_uppercase())
        .filter(|t| !t.is_empty())
        .collect();
    if let Some(bad) = named.iter().find(|t| !all.contains(t)) {
        return Err(format!(
            "--only {bad}: {} has the challenges {}",
            args.topic,
            all.join(", ")
        ));
    }
    if named.is_empty() {
        return Err("--only names no challenge".into());
    }
    if let Some(c) = args.challenge.as_deref() {
        if !named.iter().any(|t| t.eq_ignore_ascii_case(c)) {
            return Err(format!("--challenge {c} is not among --only {only}"));
        }
    }
    Ok(all.iter().filter(|t| named.contains(t)).cloned().collect())
}

/// A fresh salt from the OS's entropy (std's hasher keys are drawn from it,
/// with the clock mixed in), at most [`MAX_SALT`].
fn fresh_salt() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    RandomState::new().hash_one((now, std::process::id())) & MAX_SALT
}

/// The package's options, one package per version asked.
fn packages(args: &Args) -> Result<Vec<(Package, PathBuf)>, String> {
    if !(1..=100).contains(&args.mastery) {
        return Err(format!(
            "--mastery {} is not a percentage from 1 to 100",
            args.mastery
        ));
    }
    if let Some(s) = args.salt.filter(|s| *s > MAX_SALT) {
        return Err(format!("--salt {s} is above 2^53-1 ({MAX_SALT})"));
    }
    let mut page = page(args)?;
    let topic = page.topic();
    let all: Vec<String> = challenge::templates(topic)
        .into_iter()
        .map(|t| t.id)
        .collect();
    let templates = asked(args, &all)?;
    let graded = args.mode == Mode::Graded;
    let salt = graded.then(|| args.salt.unwrap_or_else(fresh_salt));
    page.embed.graded = graded;
    page.embed.salt = salt;
    page.embed.only = args.only.is_some().then(|| templates.clone());
    let query = urlstate::encode(&page);
    let base = Package {
        version: Version::Both,
        mode: args.mode,
        query,
        topic: page.topic,
        title: format!("Fleetlab: {}", topic.title()),
        templates,
        tries: page.embed.tries,
        mastery: args.mastery as f64 / 100.0,
        salt,
    };
    let versions = match args.version {
        Version::Both => vec![
            (Version::V12, beside(&args.out, "scorm12")),
            (Version::V2004, beside(&args.out, "scorm2004")),
        ],
        v => vec![(v, args.out.clone())],
    };
    Ok(versions
        .into_iter()
        .map(|(version, out)| {
            let pkg = Package {
                version,
                ..base.clone()
            };
            (pkg, out)
        })
        .collect())
}

/// `fleetlab scorm`: the packages written, one line each (its size), and
/// the salt.
pub fn run(args: Args) -> Result<String, String> {
    let packages = packages(&args)?;
    let app = app_files(&args.dist)?;
    let mut said = String::new();
    for (pkg, out) in &packages {
        let n = write(pkg, &args.dist, &files::for_topic(&app, pkg.topic), out)?;
        let bytes = std::fs::metadata(out)
            .map_err(|e| format!("{}: {e}", out.display()))?
            .len();
        said += &format!(
            "wrote {} (SCORM {}, {} mode, {n} files, {bytes} bytes = {} KB, launch page {LAUNCH})\n",
            out.display(),
            manifest::version_word(pkg.version),
            pkg.mode.word(),
            bytes.div_ceil(1024),
        );
    }
    if let Some((pkg, _)) = packages.first() {
        if let Some(s) = pkg.salt {
            said += &format!(
                "salt {s}: each learner's questions are drawn from it and the LMS's learner id; --salt {s} builds a package with the same draw\n"
            );
        }
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

/// The package's settings as the launch page's data block holds them (JSON
/// with `<`, `>` and `&` escaped, so no text in it ends the block).
pub fn settings(pkg: &Package) -> String {
    let json = serde_json::json!({
        "format": 1,
        "scorm": manifest::version_word(pkg.version),
        "mode": pkg.mode.word(),
        "topic": pkg.topic,
        "query": pkg.query,
        "templates": pkg.templates,
        "tries": pkg.tries,
        "mastery": pkg.mastery,
        "salt": pkg.salt,
    });
    json.to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// The launch page of `pkg`.
pub fn launch_page(pkg: &Package) -> String {
    LAUNCH_HTML
        .replace("{title}", &manifest::xml_escape(&pkg.title))
        .replace("{settings}", &settings(pkg))
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
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(9));
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
