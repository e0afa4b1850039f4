//! Every figure the seed cards and specs state, reproduced by the model.
//!
//! One row per figure, each naming where the figure comes from. Rows live in
//! one module per topic; a topic adds its module and one line to `TABLES`.
//! The runner reports every failing row at once.

mod autoscaling;
mod buying_the_fleet;
mod cache_aware_routing;
mod consistent_hashing;
mod fleet_efficiency;
mod inside_a_replica;
mod load_balancing;
mod tiers_and_rate_limits;
mod tiers_simulation;
mod warm_pool;

use fleetlab::model::{Outcome, Params, Topic};
use fleetlab::topics;

/// How close the model must come.
#[derive(Clone, Copy, Debug)]
pub enum Tol {
    /// Equal to within 1e-9 (relative to the size of the figure).
    Exact,
    /// Within this absolute difference.
    Abs(f64),
    /// Within this fraction of the expected value.
    Rel(f64),
}

/// A seed or spec figure and where the model produces it (its topic is the
/// table's).
#[derive(Clone, Copy)]
pub struct Row {
    /// Where the figure is stated: seed card and section, or spec table.
    pub source: &'static str,
    /// Preset id, or "" for the defaults.
    pub preset: &'static str,
    pub fix: bool,
    /// Parameters set after the preset.
    pub set: &'static [(&'static str, &'static str)],
    pub figure: &'static str,
    pub expected: f64,
    pub tol: Tol,
}

/// A figure of a story ("" for the defaults) with no fix and nothing set,
/// exact; the methods below say otherwise.
pub const fn row(
    source: &'static str,
    preset: &'static str,
    figure: &'static str,
    expected: f64,
) -> Row {
    Row {
        source,
        preset,
        fix: false,
        set: &[],
        figure,
        expected,
        tol: Tol::Exact,
    }
}

impl Row {
    /// With the story's fix applied.
    pub const fn fixed(self) -> Row {
        Row { fix: true, ..self }
    }
    /// With parameters set after the story (and its fix).
    pub const fn with(self, set: &'static [(&'static str, &'static str)]) -> Row {
        Row { set, ..self }
    }
    /// Within `tol` rather than exactly.
    pub const fn within(self, tol: Tol) -> Row {
        Row { tol, ..self }
    }
}

/// Every topic's rows, by topic id.
const TABLES: &[(&str, &[Row])] = &[
    (consistent_hashing::T, consistent_hashing::ROWS),
    (load_balancing::T, load_balancing::ROWS),
    (autoscaling::T, autoscaling::ROWS),
    (warm_pool::T, warm_pool::ROWS),
    (inside_a_replica::T, inside_a_replica::ROWS),
    (cache_aware_routing::T, cache_aware_routing::ROWS),
    (buying_the_fleet::T, buying_the_fleet::ROWS),
    (fleet_efficiency::T, fleet_efficiency::ROWS),
    (tiers_and_rate_limits::T, tiers_and_rate_limits::ROWS),
];

/// Every row with its topic.
fn rows() -> impl Iterator<Item = (&'static str, &'static Row)> {
    TABLES
        .iter()
        .flat_map(|(topic, rows)| rows.iter().map(move |row| (*topic, row)))
}

fn run(topic: &str, row: &Row) -> Result<f64, String> {
    let p = story(topic, row.preset, row.fix, row.set)?;
    let t = topics::find(topic).ok_or(format!("no topic {topic}"))?;
    t.run(&p)
        .get(row.figure)
        .ok_or(format!("no figure {} in {topic}", row.figure))
}

/// The parameters of a story of `topic` ("" for its defaults), with its fix
/// or not, then `set`.
pub fn story(topic: &str, preset: &str, fix: bool, set: &[(&str, &str)]) -> Result<Params, String> {
    let t: &dyn Topic = topics::find(topic).ok_or(format!("no topic {topic}"))?;
    let mut p = if preset.is_empty() {
        t.defaults()
    } else {
        let pr = t.preset(preset).ok_or(format!("no preset {preset}"))?;
        t.preset_params(pr, fix).map_err(|e| e.to_string())?
    };
    p.apply(set).map_err(|e| e.to_string())?;
    Ok(p)
}

/// The outcome of a story (as [`story`] reads it).
pub fn outcome(topic: &str, preset: &str, fix: bool, set: &[(&str, &str)]) -> Outcome {
    let p = story(topic, preset, fix, set).unwrap_or_else(|e| panic!("{topic} / {preset}: {e}"));
    topics::find(topic).unwrap().run(&p)
}

/// One figure of a story's outcome.
pub fn figure(topic: &str, preset: &str, fix: bool, set: &[(&str, &str)], id: &str) -> f64 {
    outcome(topic, preset, fix, set)
        .get(id)
        .unwrap_or_else(|| panic!("no figure {id} in {topic}"))
}

fn close(got: f64, want: f64, tol: Tol) -> bool {
    match tol {
        Tol::Exact => (got - want).abs() <= 1e-9 * want.abs().max(1.0),
        Tol::Abs(a) => (got - want).abs() <= a,
        Tol::Rel(r) => (got - want).abs() <= r * want.abs(),
    }
}

#[test]
fn every_seed_figure_is_reproduced() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (topic, row) in rows() {
        count += 1;
        match run(topic, row) {
            Ok(got) if close(got, row.expected, row.tol) => {}
            Ok(got) => failures.push(format!(
                "{topic} / {}{} / {}: got {got}, want {} ({:?}) — {}",
                if row.preset.is_empty() {
                    "defaults"
                } else {
                    row.preset
                },
                if row.fix { " + fix" } else { "" },
                row.figure,
                row.expected,
                row.tol,
                row.source
            )),
            Err(e) => failures.push(format!("{}: {e} — {}", row.figure, row.source)),
        }
    }
    assert!(count > 0);
    assert!(
        failures.is_empty(),
        "{} of {count} figures differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_row_names_its_source() {
    for (topic, row) in rows() {
        assert!(
            row.source.len() > 8,
            "{topic} / {} needs a source",
            row.figure
        );
    }
}
