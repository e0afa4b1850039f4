//! The native command line, `fleetlab`. Its JSON, figure ids, preset ids and
//! parameter names are a contract (docs/contract.md). Bad input gets
//! one clear line on stderr and exit status 2; nothing here panics on input.

use crate::challenge;
use crate::model::{Assumptions, Note, Outcome, Params, Preset, Topic};
use crate::report;
use crate::topics;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod kinds;

#[derive(Parser)]
#[command(
    name = "fleetlab",
    version,
    about = "Fleetlab's model on the command line: run a topic, print every seed figure.",
    after_help = "Examples:\n  fleetlab topics\n  fleetlab run consistent-hashing --preset modulo-doubling --json\n  fleetlab run consistent-hashing --set cards_after=65 --set scheme=ring\n  fleetlab figures --json"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the topics: ids, titles, presets.
    Topics {
        #[arg(long)]
        json: bool,
    },
    /// Run one topic's model and print its figures and checks.
    Run {
        /// Topic id, e.g. consistent-hashing.
        topic: String,
        /// Start from a preset (its id).
        #[arg(long)]
        preset: Option<String>,
        /// Apply the preset's fix.
        #[arg(long, requires = "preset")]
        fix: bool,
        /// Set a parameter, NAME=VALUE (repeatable; applied after the preset).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
        /// The model to run: `seed` (the seed card's, the default) or
        /// `production` (closer to production: the topic's differences).
        #[arg(long, value_name = "seed|production")]
        model: Option<String>,
        /// Print the JSON object of docs/contract.md.
        #[arg(long)]
        json: bool,
        /// Also print every chart as a table.
        #[arg(long)]
        tables: bool,
    },
    /// Every preset and fix of every topic.
    Figures {
        #[arg(long)]
        json: bool,
    },
    /// Draw a challenge question from a seed.
    Challenge {
        topic: String,
        /// C1, C2, C3 and on: the topic's challenges.
        template: String,
        #[arg(long)]
        seed: u64,
        /// Include the answer, tolerance and worked solution.
        #[arg(long)]
        key: bool,
        #[arg(long)]
        json: bool,
        /// Ask it about the page a link's query shows ("preset=hash&cards=8").
        #[arg(long, value_name = "QUERY")]
        page: Option<String>,
    },
    /// Grade a typed answer to a drawn question (exit 0 whatever the verdict).
    Grade {
        topic: String,
        template: String,
        #[arg(long)]
        seed: u64,
        /// The answer as a learner types it ("12.3 GB", "-5", "$108/day").
        #[arg(long, allow_hyphen_values = true)]
        answer: String,
        #[arg(long)]
        json: bool,
    },
    /// A question of another kind: choose the lever, multiple choice, order
    /// the steps, predict then reveal; with --answer, its mark.
    Kind(kinds::KindArgs),
    /// A numbered problem set with a separate answer key, for instructors:
    /// one sheet, or one per student of a class.
    ProblemSet {
        /// The set's seed: the same seed (and class) gives the same set;
        /// each student's questions are drawn from it and their name.
        #[arg(long)]
        seed: u64,
        /// Comma-separated topic ids (default: every topic with challenges).
        #[arg(long, value_delimiter = ',')]
        topics: Vec<String>,
        /// md, html, moodle-xml (a question bank: per problem a category of
        /// variants, one per student) or csv (a row per student and problem).
        #[arg(long, value_enum, default_value_t = Format::Md)]
        format: Format,
        /// A class of N students: a sheet each, from a seed per student.
        #[arg(long, value_name = "N", conflicts_with = "roster")]
        students: Option<u32>,
        /// A class from a roster CSV (a `name` column, and maybe `id` or
        /// `email`; or names in the first column): a sheet each.
        #[arg(long, value_name = "FILE.csv")]
        roster: Option<std::path::PathBuf>,
        /// The app's address for each question's link to its page
        /// (default: index.html, beside the set).
        #[arg(long, value_name = "URL")]
        app_url: Option<String>,
        /// Leave out each question's link to its page: a page with the
        /// question's values shows its key. Use it for a graded set.
        #[arg(long, conflicts_with = "app_url")]
        no_links: bool,
    },
    /// Write a SCORM package of a topic page for an LMS.
    Scorm(crate::scorm::Args),
    /// Time the model natively: run() per preset, and each topic's engine.
    Bench {
        /// Fewer repetitions (a smoke run).
        #[arg(long)]
        quick: bool,
        /// The timings as JSON (what `scripts/bench.sh` sets beside the browser's).
        #[arg(long)]
        json: bool,
    },
}

mod moodle;
mod problem;
mod sheets;

use sheets::Format;

/// A usage error: printed on stderr, exit status 2.
struct Usage(String);

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match dispatch(cli.command) {
        Ok(text) => {
            // A reader that stops early (`fleetlab figures --json | head`)
            // closes the pipe: that is no error of ours, and no panic.
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("fleetlab: cannot write the output: {e}");
                    ExitCode::from(1)
                }
                _ => ExitCode::SUCCESS,
            }
        }
        Err(Usage(msg)) => {
            eprintln!("fleetlab: {msg}");
            ExitCode::from(2)
        }
    }
}

fn dispatch(cmd: Command) -> Result<String, Usage> {
    match cmd {
        Command::Topics { json } => Ok(topics_text(json)),
        Command::Run {
            topic,
            preset,
            fix,
            set,
            model,
            json,
            tables,
        } => {
            let topic = find_topic(&topic)?;
            let assumptions = read_model(topic, model.as_deref())?;
            let preset = match preset {
                Some(id) => Some(topic.preset(&id).ok_or_else(|| {
                    Usage(format!(
                        "unknown preset '{id}' for {}; presets: {}",
                        topic.id(),
                        topic
                            .presets()
                            .iter()
                            .map(|p| p.id)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ))
                })?),
                None => None,
            };
            let params = build_params(topic, preset, fix, &set)?.under(assumptions);
            let out = topic.run(&params);
            if json {
                let r = report::run_report(topic, preset, fix, &params, &out);
                Ok(to_json(&r) + "\n")
            } else {
                Ok(run_text(topic, preset, fix, &params, &out, tables))
            }
        }
        Command::Bench { quick, json } => Ok(bench_text(quick, json)),
        Command::Scorm(args) => crate::scorm::run(args).map_err(Usage),
        Command::Challenge {
            topic,
            template,
            seed,
            key,
            json,
            page,
        } => {
            let q = match page {
                Some(query) => draw_on_page(&topic, &template, seed, &query)?,
                None => draw(&topic, &template, seed)?,
            };
            Ok(if json {
                to_json(&question_json(&q, key)) + "\n"
            } else {
                question_text(&q, key)
            })
        }
        Command::Grade {
            topic,
            template,
            seed,
            answer,
            json,
        } => grade_text(&draw(&topic, &template, seed)?, &answer, json),
        Command::Kind(args) => kinds::run(args),
        Command::ProblemSet {
            seed,
            topics: chosen,
            format,
            students,
            roster,
            app_url,
            no_links,
        } => sheets::problem_set(&sheets::Request {
            seed,
            topics: chosen,
            format,
            class: class(students, roster)?,
            app_url,
            links: !no_links,
        }),
        Command::Figures { json } => {
            let all = report::all_figures();
            if json {
                Ok(to_json(&all) + "\n")
            } else {
                let mut s = String::new();
                for r in &all {
                    s += &format!(
                        "{} / {}{}\n",
                        r.topic,
                        r.preset.unwrap_or("-"),
                        if r.fix { " + fix" } else { "" }
                    );
                    for (id, v) in &r.figures.0 {
                        s += &format!("  {id:<28} {}\n", crate::model::units::number(v.0));
                    }
                    for c in &r.checks {
                        s += &format!(
                            "  check {:<22} {}\n",
                            c.id,
                            if c.pass { "PASS" } else { "FAIL" }
                        );
                    }
                }
                Ok(s)
            }
        }
    }
}

/// A grade as the command prints it: a line, or the JSON of
/// docs/contract.md.
fn grade_text(q: &challenge::Question, answer: &str, json: bool) -> Result<String, Usage> {
    let g = challenge::grade(q, answer);
    Ok(if json {
        let mut v = serde_json::json!({
            "verdict": g.verdict,
            "correct": g.correct(),
            "parsed": g.parsed.filter(|v| v.is_finite()),
            "message": g.message,
        });
        if let Some(m) = &g.misconception {
            v["misconception"] = serde_json::json!(m);
        }
        if let Some(s) = g.slip {
            v["slip"] = serde_json::json!(s);
        }
        if !g.readings.is_empty() {
            v["readings"] = serde_json::json!(g.readings);
        }
        to_json(&v) + "\n"
    } else {
        format!("{}: {}\n", g.verdict.word(), g.message)
    })
}

/// The class a problem set is for: `--students N`, a roster read from its
/// file, or everyone.
fn class(
    students: Option<u32>,
    roster: Option<std::path::PathBuf>,
) -> Result<sheets::Class, Usage> {
    Ok(match (students, roster) {
        (Some(n), _) => sheets::Class::Count(n),
        (None, Some(path)) => {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| Usage(format!("cannot read the roster {}: {e}", path.display())))?;
            sheets::Class::Roster(text, path.display().to_string())
        }
        (None, None) => sheets::Class::Everyone,
    })
}

fn to_json<T: serde::Serialize>(v: &T) -> String {
    // Serializing our own report types cannot fail (string keys, finite or null numbers).
    serde_json::to_string_pretty(v).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

fn draw(topic: &str, template: &str, seed: u64) -> Result<challenge::Question, Usage> {
    let t = find_topic(topic)?;
    topics::question(t, template, seed).map_err(|e| Usage(e.to_string()))
}

/// Template `template` asked about the page a link's `query` shows.
fn draw_on_page(
    topic: &str,
    template: &str,
    seed: u64,
    query: &str,
) -> Result<challenge::Question, Usage> {
    let t = find_topic(topic)?;
    let (link, notes) = crate::urlstate::decode(&format!("{query}&topic={}", t.id()));
    if !notes.is_empty() {
        return Err(Usage(format!("--page: {}", notes.join(" "))));
    }
    topics::question_live(t, template, seed, &link.params()).map_err(|e| Usage(e.to_string()))
}

fn question_json(q: &challenge::Question, key: bool) -> serde_json::Value {
    let params: serde_json::Map<String, serde_json::Value> = q
        .vars
        .values
        .iter()
        .map(|(n, v)| {
            let value = match v {
                challenge::Value::Num(x) if x.fract() == 0.0 && x.abs() < 9e15 => {
                    serde_json::json!(*x as i64)
                }
                challenge::Value::Num(x) => serde_json::json!(x),
                challenge::Value::Word(w) => serde_json::json!(w),
            };
            (n.clone(), value)
        })
        .collect();
    let mut v = serde_json::json!({
        "topic": q.topic,
        "template": q.template,
        "seed": q.seed,
        "title": q.title,
        "question": q.text,
        "params": params,
        "unit": unit_word(q.unit),
        "tolerance": {"kind": q.tolerance.kind(), "value": q.tolerance.value()},
    });
    if key {
        v["answer"] = serde_json::json!(q.answer);
        if let Some(d) = &q.detail {
            v["answer_detail"] = serde_json::json!(d);
        }
        // The ways a page would write the key (a graded page shows none).
        v["answer_forms"] = serde_json::json!(challenge::graded::key_forms(q));
        v["hints"] = serde_json::json!(q.hints);
        v["solution"] = serde_json::json!(q.solution);
    }
    v
}

/// The challenge-file word of a unit ("share", "mb").
fn unit_word(u: crate::model::Unit) -> String {
    challenge::schema::UNIT_WORDS
        .iter()
        .find(|w| challenge::unit_from_word(w) == Some(u))
        .map(|w| w.to_string())
        .unwrap_or_else(|| u.symbol().to_string())
}

fn question_text(q: &challenge::Question, key: bool) -> String {
    let mut s = format!(
        "{} {} — {} (seed {})\n\n{}\n",
        q.topic, q.template, q.title, q.seed, q.text
    );
    s += &format!(
        "\nAnswer in {}; graded {}.\n",
        unit_name(q.unit),
        q.tolerance.describe(q.unit)
    );
    if key {
        s += &format!("\nAnswer: {}\n", answer_text(q));
        s += &format!("Hints: 1) {}  2) {}\n", q.hints[0], q.hints[1]);
        s += &format!("Solution: {}\n", q.solution);
    }
    s
}

fn unit_name(u: crate::model::Unit) -> String {
    match u {
        crate::model::Unit::Share => "percent (or a fraction)".to_string(),
        u if u.symbol().is_empty() => "a plain number".to_string(),
        u => u.symbol().to_string(),
    }
}

fn answer_text(q: &challenge::Question) -> String {
    match &q.detail {
        Some(d) => format!(
            "{} ({})",
            d.join(", "),
            crate::model::units::number(q.answer)
        ),
        None => q.unit.format(q.answer),
    }
}

fn find_topic(id: &str) -> Result<&'static dyn Topic, Usage> {
    if let Some(t) = topics::find(id) {
        return Ok(t);
    }
    if topics::CATALOG.iter().any(|e| e.id() == id) {
        return Err(Usage(format!("topic '{id}' is not built yet")));
    }
    Err(Usage(format!(
        "unknown topic '{id}'; topics: {}",
        topics::all().map(|t| t.id()).collect::<Vec<_>>().join(", ")
    )))
}

/// `--model`: the seed card's model when absent; production only on a
/// topic that has a production model.
fn read_model(topic: &dyn Topic, word: Option<&str>) -> Result<Assumptions, Usage> {
    let Some(w) = word else {
        return Ok(Assumptions::Seed);
    };
    let a = Assumptions::from_word(w).ok_or_else(|| {
        Usage(format!(
            "--model expects seed or production, got '{}'",
            w.chars().take(40).collect::<String>()
        ))
    })?;
    if a.is_production() && topic.about().differences.is_empty() {
        let with: Vec<&str> = topics::all()
            .filter(|t| !t.about().differences.is_empty())
            .map(|t| t.id())
            .collect();
        return Err(Usage(format!(
            "{} has no production model; --model production runs on: {}",
            topic.id(),
            if with.is_empty() {
                "none yet".to_string()
            } else {
                with.join(", ")
            }
        )));
    }
    Ok(a)
}

fn build_params(
    topic: &dyn Topic,
    preset: Option<&Preset>,
    fix: bool,
    set: &[String],
) -> Result<Params, Usage> {
    let mut params = match preset {
        Some(p) => {
            if fix && p.fix.is_none() {
                return Err(Usage(format!("preset '{}' has no fix", p.id)));
            }
            topic
                .preset_params(p, fix)
                .map_err(|e| Usage(format!("preset '{}': {e}", p.id)))?
        }
        None => topic.defaults(),
    };
    for item in set {
        let (name, value) = item
            .split_once('=')
            .ok_or_else(|| Usage(format!("--set expects NAME=VALUE, got '{item}'")))?;
        params
            .set(name.trim(), value)
            .map_err(|e| Usage(e.to_string()))?;
    }
    Ok(params)
}

fn topics_text(json: bool) -> String {
    if json {
        let list: Vec<serde_json::Value> = topics::CATALOG
            .iter()
            .map(|e| {
                serde_json::json!({
                    "id": e.id(),
                    "title": e.title(),
                    "kind": e.kind().word(),
                    "built": e.topic().is_some(),
                    "question": e.topic().map(|t| t.question()),
                    "source": e.topic().map(|t| t.source()),
                    "presets": e.topic().map(|t| t.presets().iter().map(|p| p.id).collect::<Vec<_>>()).unwrap_or_default(),
                    "differences": e.topic().map(|t| t.about().differences.iter().map(|d| d.id).collect::<Vec<_>>()).unwrap_or_default(),
                    "scene_runs_production": topics::scene(e.id()).is_some_and(|s| s.production),
                    "first_model": e.topic().map(|t| t.about().base.label()),
                    "guided_start": topics::intro(e.id()).filter(|i| !i.steps.is_empty()).map(|i| serde_json::json!({
                        "button": crate::model::Intro::OFFER,
                        "note": i.offer_note(),
                    })),
                })
            })
            .collect();
        return to_json(&list) + "\n";
    }
    let mut s = String::new();
    for e in &topics::CATALOG {
        match e.topic() {
            Some(t) => {
                s += &format!("{:<24} {:<17} {}\n", e.id(), e.kind().word(), e.title());
                s += &format!(
                    "{:<24} presets: {}\n",
                    "",
                    t.presets()
                        .iter()
                        .map(|p| p.id)
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
            None => {
                s += &format!(
                    "{:<24} {:<17} {} (coming)\n",
                    e.id(),
                    e.kind().word(),
                    e.title()
                )
            }
        }
    }
    s
}

fn run_text(
    topic: &dyn Topic,
    preset: Option<&Preset>,
    fix: bool,
    params: &Params,
    out: &Outcome,
    tables: bool,
) -> String {
    let mut s = format!("{} — {}\n", topic.title(), topic.question());
    if params.production() {
        s += &format!(
            "model: {}\n",
            params.assumptions().label(topic.about().base)
        );
    }
    if let Some(p) = preset {
        s += &format!(
            "preset: {} ({}){}\n",
            p.id,
            p.title,
            if fix { ", with its fix" } else { "" }
        );
    }
    s += "\nparameters\n";
    for (spec, v) in params.specs().iter().zip(params.values()) {
        s += &format!(
            "  {:<16} {:<22} {}\n",
            spec.name,
            params_shown(spec, *v),
            spec.label
        );
    }
    s += "\nfigures\n";
    for f in &out.figures {
        s += &format!("  {:<26} {:<22} {}\n", f.id, f.text(), f.label);
    }
    s += "\nchecks\n";
    for c in &out.checks {
        s += &format!(
            "  {} {:<14} {}\n      {}\n",
            match (c.judged(), c.pass) {
                (false, _) => "NOT JUDGED",
                (true, true) => "PASS",
                (true, false) => "FAIL",
            },
            c.id,
            c.comparison(),
            c.why
        );
    }
    for n in &out.notes {
        match n {
            Note::Erratum(t) | Note::Info(t) => s += &format!("\n{t}\n"),
            Note::Carry(c) => {
                let set: String = c
                    .set
                    .iter()
                    .map(|(k, v)| format!(" --set {k}={v}"))
                    .collect();
                s += &format!(
                    "\n{}\n  {}: fleetlab run {}{set}\n",
                    c.text, c.label, c.topic
                );
            }
        }
    }
    if tables {
        for chart in &out.charts {
            let t = chart.table();
            s += &format!("\n{} — {}\n", chart.title, chart.summary);
            s += &format!("  {}\n", t.headers.join(" | "));
            for row in &t.rows {
                s += &format!("  {}\n", row.join(" | "));
            }
        }
    }
    s
}

fn params_shown(spec: &crate::model::ParamSpec, v: f64) -> String {
    spec.display(v)
}

fn bench_text(quick: bool, json: bool) -> String {
    let t0 = std::time::Instant::now();
    let clock = move || t0.elapsed().as_secs_f64() * 1000.0;
    let b = report::bench(&clock, if quick { 20.0 } else { 200.0 }, quick);
    if json {
        return to_json(&b);
    }
    let mut s = String::from("native model timings (build with --release for real figures)\n\n");
    s += "run() per story (± its fix): the first, cold run, then the mean of warm repeats\n";
    for r in &b.runs {
        let story = format!("{}{}", r.preset, if r.fix { " + fix" } else { "" });
        s += &format!(
            "  {:<24} {:<32} cold {:>9.3} ms   warm {:>9.3} ms\n",
            r.topic, story, r.cold_ms, r.ms
        );
    }
    s += "\nengines, items per second\n";
    for e in &b.engines {
        s += &format!(
            "  {:<24} {:>14} {}/s  ({})\n",
            e.topic,
            crate::model::units::group(e.items_per_s, 0),
            e.unit,
            e.name
        );
    }
    s
}
