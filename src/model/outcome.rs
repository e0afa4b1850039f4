//! What a run returns: named figures, check verdicts, charts and notes.

use super::chart::Chart;
use super::units::Unit;

/// One named number of a run. `id` is the stable snake_case key of the JSON
/// (a contract: docs/contract.md); `label` is what a reader sees.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    pub id: &'static str,
    pub label: &'static str,
    pub value: f64,
    pub unit: Unit,
}

impl Figure {
    pub fn text(&self) -> String {
        self.unit.format(self.value)
    }
}

/// A declared check of a topic: what it judges and which levers move it.
#[derive(Clone, Copy, Debug)]
pub struct CheckSpec {
    pub id: &'static str,
    pub label: &'static str,
    /// The rule in words, with its threshold ("busiest card ≤ 60% of capacity").
    pub rule: &'static str,
    /// Which side of the threshold passes.
    pub cmp: Cmp,
}

/// The comparison a verdict made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    AtMost,
    AtLeast,
}

/// A check's verdict on one run: the value, the threshold, and in words why
/// it passed or failed and which lever (a parameter name) moves it.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub id: &'static str,
    pub pass: bool,
    pub value: f64,
    pub threshold: f64,
    pub cmp: Cmp,
    pub unit: Unit,
    pub why: String,
    /// The parameter a reader should move to change the verdict.
    pub lever: Option<&'static str>,
}

/// Checks compare with this slack: "on the allowed side of the threshold, or
/// equal to it" (spec conventions).
pub const CHECK_EPSILON: f64 = 1e-9;

impl CheckSpec {
    /// This check's verdict on `value` against `threshold` (on the side
    /// `cmp` says, within [`CHECK_EPSILON`]). `why` receives the verdict so
    /// the caller writes one sentence for each side; `lever` is the
    /// parameter that moves it.
    pub fn verdict(
        &self,
        value: f64,
        threshold: f64,
        unit: Unit,
        lever: Option<&'static str>,
        why: impl FnOnce(bool) -> String,
    ) -> Verdict {
        let pass = match self.cmp {
            Cmp::AtMost => value <= threshold + CHECK_EPSILON,
            Cmp::AtLeast => value >= threshold - CHECK_EPSILON,
        };
        Verdict {
            id: self.id,
            pass,
            value,
            threshold,
            cmp: self.cmp,
            unit,
            why: why(pass),
            lever,
        }
    }
}

impl Verdict {
    /// Whether the check judged this run: a threshold of ∞ means the model
    /// declines to judge it here (the verdict passes, so nothing asks for a
    /// fix, but it is no pass to show).
    pub fn judged(&self) -> bool {
        self.threshold.is_finite()
    }

    /// The verdict's badge: "✓ pass", "✗ fail" or "– not judged".
    pub fn badge(&self) -> &'static str {
        match (self.judged(), self.pass) {
            (false, _) => "– not judged",
            (true, true) => "✓ pass",
            (true, false) => "✗ fail",
        }
    }

    /// The badge's mark alone: "✓", "✗" or "–".
    pub fn mark(&self) -> &'static str {
        let badge = self.badge();
        badge.split(' ').next().unwrap_or(badge)
    }

    /// "50% ≤ 100%": the comparison as a reader sees it; a check not
    /// judged shows its value alone ("6, not judged").
    pub fn comparison(&self) -> String {
        if !self.judged() {
            return format!("{}, not judged", self.unit.format(self.value));
        }
        let sym = match (self.cmp, self.pass) {
            (Cmp::AtMost, true) => "≤",
            (Cmp::AtMost, false) => ">",
            (Cmp::AtLeast, true) => "≥",
            (Cmp::AtLeast, false) => "<",
        };
        format!(
            "{} {sym} {}",
            self.unit.format(self.value),
            self.unit.format(self.threshold)
        )
    }
}

/// Something the page says beside the figures.
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// Where a seed's own arithmetic is off: the right figure and why.
    Erratum(String),
    /// A remark on the current run (a clamp, a regime the model leaves).
    Info(String),
    /// A figure of this run carried into another topic's page, which takes
    /// it as given.
    Carry(Carry),
}

impl Note {
    /// What the note says, in words.
    pub fn text(&self) -> &str {
        match self {
            Note::Erratum(t) | Note::Info(t) => t,
            Note::Carry(c) => &c.text,
        }
    }
}

/// A figure of one page carried into another: the sentence that says what
/// and why, and the link that opens `topic` with `set` (parameter values as
/// the CLI writes them). tests/registry.rs holds every carry to a real topic
/// and values its parameters accept.
#[derive(Clone, Debug, PartialEq)]
pub struct Carry {
    pub text: String,
    /// The topic whose page the link opens.
    pub topic: &'static str,
    /// What the link says.
    pub label: String,
    pub set: Vec<(&'static str, String)>,
}

/// Everything a run produces. The page, the CLI and the tests read only this.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcome {
    pub figures: Vec<Figure>,
    pub checks: Vec<Verdict>,
    pub charts: Vec<Chart>,
    pub notes: Vec<Note>,
}

/// A figure as a row of a table: id, label, value, unit.
pub type FigureRow = (&'static str, &'static str, f64, Unit);

impl Outcome {
    /// Adds each row as a figure, in order.
    pub fn add_figures(&mut self, rows: impl IntoIterator<Item = FigureRow>) {
        for (id, label, value, unit) in rows {
            self.figure(id, label, value, unit);
        }
    }

    pub fn figure(&mut self, id: &'static str, label: &'static str, value: f64, unit: Unit) {
        self.figures.push(Figure {
            id,
            label,
            value,
            unit,
        });
    }

    /// The value of a figure by id.
    pub fn get(&self, id: &str) -> Option<f64> {
        self.figures.iter().find(|f| f.id == id).map(|f| f.value)
    }

    pub fn verdict(&self, id: &str) -> Option<&Verdict> {
        self.checks.iter().find(|c| c.id == id)
    }

    pub fn all_pass(&self) -> bool {
        self.checks.iter().all(|c| c.pass)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: CheckSpec = CheckSpec {
        id: "balance",
        label: "No card is a hot spot",
        rule: "busiest ≤ 1.25 × the average",
        cmp: Cmp::AtMost,
    };

    /// A threshold of ∞ is a check the model does not judge: it passes (no
    /// fix is asked for) but shows as not judged, never as "✓ 6 ≤ ∞".
    #[test]
    fn an_unbounded_threshold_shows_as_not_judged() {
        let v = SPEC.verdict(6.0, f64::INFINITY, Unit::None, None, |_| String::new());
        assert!(v.pass && !v.judged());
        assert_eq!(v.badge(), "– not judged");
        assert_eq!(v.mark(), "–");
        assert_eq!(v.comparison(), "6, not judged");
        let v = SPEC.verdict(1.1, 1.25, Unit::Ratio, None, |_| String::new());
        assert!(v.judged());
        assert_eq!((v.badge(), v.mark()), ("✓ pass", "✓"));
        assert!(v.comparison().contains('≤'));
        let v = SPEC.verdict(1.5, 1.25, Unit::Ratio, None, |_| String::new());
        assert_eq!((v.badge(), v.mark()), ("✗ fail", "✗"));
    }
}
