//! Charts as data. A topic says what to draw (series, bars, a ring) and the web
//! edge draws it with plotters; every chart also turns into a table, so it
//! reads as text for a screen reader, the CLI and a test.

use super::units::{self, Unit};

/// A colour by meaning; the stylesheet holds the palette, one custom
/// property per tone ([`Tone::var`]), for every theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// The k-th colour of the categorical palette.
    Cat(u8),
    Good,
    Bad,
    Warn,
    Muted,
    Ink,
}

/// Colours of the categorical palette; `Cat(k)` is `Cat(k % CATEGORICAL)`.
pub const CATEGORICAL: u8 = 8;

impl Tone {
    /// Every tone, in [`Tone::index`] order.
    pub const ALL: [Tone; 13] = [
        Tone::Cat(0),
        Tone::Cat(1),
        Tone::Cat(2),
        Tone::Cat(3),
        Tone::Cat(4),
        Tone::Cat(5),
        Tone::Cat(6),
        Tone::Cat(7),
        Tone::Good,
        Tone::Bad,
        Tone::Warn,
        Tone::Muted,
        Tone::Ink,
    ];

    /// The tone's place in [`Tone::ALL`].
    pub fn index(self) -> usize {
        match self {
            Tone::Cat(k) => (k % CATEGORICAL) as usize,
            Tone::Good => 8,
            Tone::Bad => 9,
            Tone::Warn => 10,
            Tone::Muted => 11,
            Tone::Ink => 12,
        }
    }

    /// The CSS custom property that holds the tone's colour.
    pub fn var(self) -> &'static str {
        [
            "--chart-0",
            "--chart-1",
            "--chart-2",
            "--chart-3",
            "--chart-4",
            "--chart-5",
            "--chart-6",
            "--chart-7",
            "--chart-good",
            "--chart-bad",
            "--chart-warn",
            "--chart-muted",
            "--chart-ink",
        ][self.index()]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Line,
    Dashed,
    /// Markers only.
    Points,
    /// A step function: each y holds until the next x.
    Step,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    pub label: &'static str,
    pub unit: Unit,
    pub log: bool,
    /// Fixed bounds; `None` fits the data.
    pub range: Option<(f64, f64)>,
}

impl Axis {
    pub fn new(label: &'static str, unit: Unit) -> Axis {
        Axis {
            label,
            unit,
            log: false,
            range: None,
        }
    }
    pub fn range(mut self, lo: f64, hi: f64) -> Axis {
        self.range = Some((lo, hi));
        self
    }
    pub fn log(mut self) -> Axis {
        self.log = true;
        self
    }
    /// The axis's title as drawn: its label and, unless the label already
    /// says it, its unit in brackets ("scratch per card (GB)").
    pub fn title(&self) -> String {
        let symbol = self.unit.symbol();
        if symbol.is_empty() || names(self.label, symbol) {
            self.label.to_string()
        } else {
            format!("{} ({symbol})", self.label)
        }
    }
}

/// True when `word` stands in `text` on its own ("GB" in "scratch (GB)",
/// not "h" in "hour").
pub fn names(text: &str, word: &str) -> bool {
    let alnum = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.match_indices(word).any(|(i, _)| {
        !alnum(text[..i].chars().next_back()) && !alnum(text[i + word.len()..].chars().next())
    })
}

#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub style: Style,
    pub tone: Tone,
    pub points: Vec<(f64, f64)>,
}

impl Series {
    pub fn new(name: impl Into<String>, style: Style, tone: Tone, points: Vec<(f64, f64)>) -> Self {
        Series {
            name: name.into(),
            style,
            tone,
            points,
        }
    }
}

/// A labelled reference line (a threshold, the current slider value).
#[derive(Clone, Debug, PartialEq)]
pub struct RefLine {
    pub at: f64,
    pub label: String,
    pub tone: Tone,
}

impl RefLine {
    pub fn new(at: f64, label: impl Into<String>, tone: Tone) -> RefLine {
        RefLine {
            at,
            label: label.into(),
            tone,
        }
    }
    /// A line at `at` labelled `name` and the value in `unit`
    /// ("peak 1,200 tok/s").
    pub fn valued(at: f64, name: &str, unit: Unit, tone: Tone) -> RefLine {
        RefLine::new(at, format!("{name} {}", unit.format(at)), tone)
    }
}

/// Lines and points over a numeric x axis.
#[derive(Clone, Debug, PartialEq)]
pub struct XyChart {
    pub x: Axis,
    pub y: Axis,
    pub series: Vec<Series>,
    /// Horizontal reference lines (at y values).
    pub hlines: Vec<RefLine>,
    /// Vertical reference lines (at x values).
    pub vlines: Vec<RefLine>,
}

/// One set of bars: a value per category.
#[derive(Clone, Debug, PartialEq)]
pub struct BarSet {
    pub name: String,
    pub tone: Tone,
    pub values: Vec<f64>,
}

impl BarSet {
    pub fn new(name: impl Into<String>, tone: Tone, values: Vec<f64>) -> BarSet {
        BarSet {
            name: name.into(),
            tone,
            values,
        }
    }
}

/// Bars over named categories, grouped side by side or stacked.
#[derive(Clone, Debug, PartialEq)]
pub struct BarChart {
    pub categories: Vec<String>,
    pub y: Axis,
    pub sets: Vec<BarSet>,
    pub stacked: bool,
    pub hlines: Vec<RefLine>,
    /// Categories drawn with an outline (the busiest card).
    pub highlight: Vec<usize>,
}

/// An arc of the ring owned by one card; angles are turns in [0, 1).
/// `moved` arcs changed card in the resize and are drawn in the accent colour.
#[derive(Clone, Debug, PartialEq)]
pub struct RingArc {
    pub start: f64,
    pub end: f64,
    pub card: u32,
    pub moved: bool,
}

/// A key on the ring; `moved` ones are drawn large and red.
#[derive(Clone, Debug, PartialEq)]
pub struct RingDot {
    pub at: f64,
    pub moved: bool,
}

/// Cards' arcs and keys on a hash ring.
#[derive(Clone, Debug, PartialEq)]
pub struct RingChart {
    pub cards: u32,
    pub arcs: Vec<RingArc>,
    pub dots: Vec<RingDot>,
    /// Rows for the text alternative: label and value.
    pub legend: Vec<(String, String)>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Plot {
    Xy(XyChart),
    Bars(BarChart),
    Ring(RingChart),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// Stable id (a canvas and a test find the chart by it).
    pub id: &'static str,
    pub title: String,
    /// One sentence that says what the chart shows for these parameters; the
    /// canvas's accessible name.
    pub summary: String,
    pub plot: Plot,
}

/// A chart as rows of text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// Tables keep at most this many rows; longer series are thinned evenly.
pub const TABLE_ROWS: usize = 60;

fn thin(len: usize) -> Vec<usize> {
    if len <= TABLE_ROWS {
        return (0..len).collect();
    }
    let mut idx: Vec<usize> = (0..TABLE_ROWS)
        .map(|k| k * (len - 1) / (TABLE_ROWS - 1))
        .collect();
    idx.dedup();
    idx
}

impl Chart {
    pub fn table(&self) -> Table {
        match &self.plot {
            Plot::Xy(xy) => xy_table(xy),
            Plot::Bars(b) => {
                let mut headers = vec![String::new()];
                headers.extend(b.sets.iter().map(|s| s.name.clone()));
                let rows = b
                    .categories
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let mut row = vec![c.clone()];
                        row.extend(b.sets.iter().map(|s| {
                            s.values
                                .get(i)
                                .map(|v| b.y.unit.format(*v))
                                .unwrap_or_default()
                        }));
                        row
                    })
                    .collect();
                Table { headers, rows }
            }
            Plot::Ring(r) => Table {
                headers: vec!["".into(), "".into()],
                rows: r
                    .legend
                    .iter()
                    .map(|(k, v)| vec![k.clone(), v.clone()])
                    .collect(),
            },
        }
    }
}

fn axis_value(axis: &Axis, v: f64) -> String {
    match axis.unit {
        Unit::None => units::number(v),
        u => u.format(v),
    }
}

fn xy_table(xy: &XyChart) -> Table {
    let head = |a: &Axis| a.title();
    let shared_x = xy.series.windows(2).all(|w| {
        w[0].points.len() == w[1].points.len()
            && w[0]
                .points
                .iter()
                .zip(&w[1].points)
                .all(|(a, b)| a.0 == b.0)
    });
    if shared_x && !xy.series.is_empty() {
        let mut headers = vec![head(&xy.x)];
        headers.extend(xy.series.iter().map(|s| s.name.clone()));
        let rows = thin(xy.series[0].points.len())
            .into_iter()
            .map(|i| {
                let mut row = vec![axis_value(&xy.x, xy.series[0].points[i].0)];
                row.extend(xy.series.iter().map(|s| axis_value(&xy.y, s.points[i].1)));
                row
            })
            .collect();
        Table { headers, rows }
    } else {
        let headers = vec!["series".into(), head(&xy.x), head(&xy.y)];
        let rows = xy
            .series
            .iter()
            .flat_map(|s| {
                thin(s.points.len()).into_iter().map(move |i| {
                    vec![
                        s.name.clone(),
                        axis_value(&xy.x, s.points[i].0),
                        axis_value(&xy.y, s.points[i].1),
                    ]
                })
            })
            .collect();
        Table { headers, rows }
    }
}
