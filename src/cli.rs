//! The native command line, `fleetlab`. Its JSON, figure ids, preset ids and
//! parameter names are the contract of shared/spec/README.md. Bad input gets
//! one clear line on stderr and exit status 2; nothing here panics on input.

use crate::model::{Note, Outcome, Params, Preset, Topic};
use crate::report;
use crate::topics;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

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
        /// Print the JSON object of shared/spec/README.md.
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
}

/// A usage error: printed on stderr, exit status 2.
struct Usage(String);

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match dispatch(cli.command) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
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
            json,
            tables,
        } => {
            let topic = find_topic(&topic)?;
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
            let params = build_params(topic, preset, fix, &set)?;
            let out = topic.run(&params);
            if json {
                let r = report::run_report(topic, preset, fix, &params, &out);
                Ok(to_json(&r) + "\n")
            } else {
                Ok(run_text(topic, preset, fix, &params, &out, tables))
            }
        }
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

fn to_json<T: serde::Serialize>(v: &T) -> String {
    // Serializing our own report types cannot fail (string keys, finite or null numbers).
    serde_json::to_string_pretty(v).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

fn find_topic(id: &str) -> Result<&'static dyn Topic, Usage> {
    if let Some(t) = topics::find(id) {
        return Ok(t);
    }
    if topics::CATALOG.iter().any(|e| e.id == id) {
        return Err(Usage(format!("topic '{id}' is not built yet")));
    }
    Err(Usage(format!(
        "unknown topic '{id}'; topics: {}",
        topics::all().map(|t| t.id()).collect::<Vec<_>>().join(", ")
    )))
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
                    "id": e.id,
                    "title": e.title,
                    "kind": e.kind.word(),
                    "built": e.topic.is_some(),
                    "presets": e.topic.map(|t| t.presets().iter().map(|p| p.id).collect::<Vec<_>>()).unwrap_or_default(),
                })
            })
            .collect();
        return to_json(&list) + "\n";
    }
    let mut s = String::new();
    for e in &topics::CATALOG {
        match e.topic {
            Some(t) => {
                s += &format!("{:<24} {:<17} {}\n", e.id, e.kind.word(), e.title);
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
            None => s += &format!("{:<24} {:<17} {} (coming)\n", e.id, e.kind.word(), e.title),
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
            if c.pass { "PASS" } else { "FAIL" },
            c.id,
            c.comparison(),
            c.why
        );
    }
    for n in &out.notes {
        match n {
            Note::Erratum(t) | Note::Info(t) => s += &format!("\n{t}\n"),
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
