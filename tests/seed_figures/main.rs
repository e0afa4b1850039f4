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
mod load_balancing;
mod tiers_and_rate_limits;
mod tiers_simulation;
mod warm_pool;

use fleetlab::model::Topic;
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

/// A seed or spec figure and where the model produces it.
pub struct Row {
    /// Where the figure is stated: seed card and section, or spec table.
    pub source: &'static str,
    pub topic: &'static str,
    /// Preset id, or "" for the defaults.
    pub preset: &'static str,
    pub fix: bool,
    /// Parameters set after the preset.
    pub set: &'static [(&'static str, &'static str)],
    pub figure: &'static str,
    pub expected: f64,
    pub tol: Tol,
}

/// A row of a story's figure with no fix and nothing set, exact.
pub const fn exact(
    source: &'static str,
    topic: &'static str,
    preset: &'static str,
    figure: &'static str,
    expected: f64,
) -> Row {
    Row {
        source,
        topic,
        preset,
        fix: false,
        set: &[],
        figure,
        expected,
        tol: Tol::Exact,
    }
}

const TABLES: &[&[Row]] = &[
    consistent_hashing::ROWS,
    load_balancing::ROWS,
    autoscaling::ROWS,
    warm_pool::ROWS,
    cache_aware_routing::ROWS,
    buying_the_fleet::ROWS,
    fleet_efficiency::ROWS,
    tiers_and_rate_limits::ROWS,
];

pub fn run(row: &Row) -> Result<f64, String> {
    figure(row.topic, row.preset, row.fix, row.set, row.figure)
}

/// One figure of one run: a preset ("" for the defaults), its fix, then `set`.
pub fn figure(
    topic: &str,
    preset: &str,
    fix: bool,
    set: &[(&str, &str)],
    figure: &str,
) -> Result<f64, String> {
    let t: &dyn Topic = topics::find(topic).ok_or(format!("no topic {topic}"))?;
    let mut p = if preset.is_empty() {
        t.defaults()
    } else {
        let pr = t.preset(preset).ok_or(format!("no preset {preset}"))?;
        t.preset_params(pr, fix).map_err(|e| e.to_string())?
    };
    p.apply(set).map_err(|e| e.to_string())?;
    t.run(&p)
        .get(figure)
        .ok_or(format!("no figure {figure} in {topic}"))
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
    for row in TABLES.iter().flat_map(|t| t.iter()) {
        count += 1;
        match run(row) {
            Ok(got) if close(got, row.expected, row.tol) => {}
            Ok(got) => failures.push(format!(
                "{} / {}{} / {}: got {got}, want {} ({:?}) — {}",
                row.topic,
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
    for row in TABLES.iter().flat_map(|t| t.iter()) {
        assert!(
            row.source.len() > 8,
            "{} / {} needs a source",
            row.topic,
            row.figure
        );
    }
}
