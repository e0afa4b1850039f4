//! The scene: a topic's request-level engine, watched as it runs.
//!
//! A topic that has a scene gives the registry a `SceneSpec`: how to build
//! its `Scene` from the page's parameters and a seed, the comparisons its page
//! offers, and the counters its scene keeps. The scene advances a simulated
//! clock and, on request, describes what is on screen as a display list
//! (`Frame`): boxes for cards, marks for requests, arcs, lines, gauges and
//! text, in the scene's own logical coordinates. The web edge only paints a
//! `Frame`; it knows no topic.
//!
//! Pure and deterministic like the rest of the model: the same parameters,
//! seed and sequence of `advance` calls give the same frames, whatever the
//! frame rate (a scene steps its engine in fixed increments inside
//! `advance`). `draw` and `counters` write into buffers the caller reuses, so
//! a running scene allocates nothing per frame once its buffers have grown.

use super::chart_text;
use super::param::Params;
pub use super::scene_clock::Stepper;
use super::units::Unit;
use std::fmt::Write as _;

/// What a topic registers to have a scene:
/// `SceneSpec { build, comparisons: &[Comparison { … }], counters: &[…] }`.
#[derive(Clone, Copy, Debug)]
pub struct SceneSpec {
    /// Builds the scene for these parameters and this seed (same seed, same
    /// arrivals: the two sides of a comparison share it).
    pub build: fn(&Params, u64) -> Box<dyn Scene>,
    /// Whether the engine runs closer to production when the page does
    /// (`build` reads the parameters' assumptions and draws what they
    /// change). Such a scene also offers the two models side by side
    /// ([`MODELS`]); another runs the seed card's engine, and its page says
    /// so.
    pub production: bool,
    /// Settings the page can compare side by side on one arrival stream.
    pub comparisons: &'static [Comparison],
    /// The counters the scene keeps, in the order `counters` writes them.
    pub counters: &'static [CounterSpec],
}

/// The two models side by side from the same seed, offered by every scene
/// whose engine runs closer to production: the seed card's as A,
/// production's as B. Their arrivals start alike; where a model draws its
/// random numbers otherwise (one queue per pool draws services in another
/// order), the streams part ways.
pub static MODELS: Comparison = Comparison {
    id: "model",
    label: "The seed card's model vs closer to production",
    param: MODELS_PARAM,
    a: "seed",
    b: "production",
    watch: "A runs the seed card's model, B closer to production, both from the same seed: their arrivals start alike and part ways where the models draw differently, so their counts differ a little. What changes between them is listed under \"What production does differently\".",
    claims: &[],
};

/// [`MODELS`]'s parameter: not a slider, the run's assumptions.
pub const MODELS_PARAM: &str = "model (assumptions)";

impl SceneSpec {
    /// The comparisons the scene offers: its own, and the two models where
    /// its engine runs closer to production.
    pub fn offered(&'static self) -> Vec<&'static Comparison> {
        let mut out: Vec<&'static Comparison> = self.comparisons.iter().collect();
        if self.production {
            out.push(&MODELS);
        }
        out
    }
}

impl Comparison {
    /// `params` as side `i` (0 is A, the left) runs them; a value its
    /// parameter refuses leaves the page's.
    pub fn side(&self, params: &Params, i: usize) -> Params {
        let value = if i == 0 { self.a } else { self.b };
        let mut p = params.clone();
        if self.param == MODELS_PARAM {
            if let Some(a) = super::Assumptions::from_word(value) {
                p.set_assumptions(a);
            }
        } else {
            let _ = p.set(self.param, value);
        }
        p
    }
}

/// Two settings of one parameter, run side by side on the same arrivals
/// ("round-robin vs cache-aware"). The left side is the page's state with
/// `param` set to `a`, the right side the same with `param` set to `b`.
#[derive(Clone, Copy, Debug)]
pub struct Comparison {
    /// Stable id, part of the page's address (`compare=<id>`).
    pub id: &'static str,
    /// What the learner reads on the button ("Round-robin vs cache-aware").
    pub label: &'static str,
    pub param: &'static str,
    pub a: &'static str,
    pub b: &'static str,
    /// What to watch for, in a sentence: the mechanism, worded so that it
    /// holds on every story ± fix; any direction it states is one of
    /// `claims`, which a test checks on every story ± fix.
    pub watch: &'static str,
    /// How side B's counters stand to side A's once the scene has settled
    /// (the longest `settle_s` of its counters), on every story ± fix.
    pub claims: &'static [Claim],
}

/// A direction a comparison's caption states: counter `counter` of side B
/// stands to side A's as `b` says, once settled.
#[derive(Clone, Copy, Debug)]
pub struct Claim {
    pub counter: &'static str,
    pub b: Order,
}

/// How B's value stands to A's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Below,
    AtMost,
    Equal,
    AtLeast,
    Above,
}

impl Claim {
    pub const fn new(counter: &'static str, b: Order) -> Claim {
        Claim { counter, b }
    }

    /// Whether B's `b` stands to A's `a` as claimed (within a millionth,
    /// and a billionth absolute, for the ties).
    pub fn holds(&self, a: f64, b: f64) -> bool {
        let near = 1e-9 + 1e-6 * a.abs().max(b.abs());
        match self.b {
            Order::Below => b < a - near,
            Order::AtMost => b <= a + near,
            Order::Equal => (b - a).abs() <= near,
            Order::AtLeast => b >= a - near,
            Order::Above => b > a + near,
        }
    }
}

impl Comparison {
    /// The caption's figures, stated from the two sides' counters (`a`, `b`
    /// in `specs` order): each claimed counter's (every counter's, where it
    /// claims none) two values and how B's
    /// stands to A's now ("So far: free wait (mean so far) A 97 ms, B
    /// 236 ms, B higher."). True of the run on screen at any moment,
    /// whatever the claim says of the settled run. `out` comes in cleared.
    pub fn tell(&self, specs: &[CounterSpec], a: &[f64], b: &[f64], out: &mut String) {
        // The claimed counters, or every counter where the caption claims
        // no direction.
        let claimed = |c: &CounterSpec| self.claims.iter().any(|k| k.counter == c.id);
        let shown = specs
            .iter()
            .enumerate()
            .filter(|(_, c)| self.claims.is_empty() || claimed(c));
        for (k, (i, _)) in shown.enumerate() {
            let (Some(&x), Some(&y)) = (a.get(i), b.get(i)) else {
                continue;
            };
            let spec = &specs[i];
            // A side without a value yet ("—") has no direction to tell.
            let how = match () {
                _ if x.is_nan() || y.is_nan() => "",
                _ if Claim::new("", Order::Equal).holds(x, y) => ", the same",
                _ if y > x => ", B higher",
                _ => ", B lower",
            };
            let _ = write!(
                out,
                "{}{}: A {}, B {}{how}",
                if k == 0 { "Now: " } else { "; " },
                spec.label,
                spec.unit.format(x),
                spec.unit.format(y),
            );
        }
        if !out.is_empty() {
            out.push('.');
        }
    }
}

/// A running counter, and the page figure it converges to.
#[derive(Clone, Copy, Debug)]
pub struct CounterSpec {
    pub id: &'static str,
    /// What the learner reads beside the value ("hit share").
    pub label: &'static str,
    pub unit: Unit,
    /// The figure of the topic's `Outcome` this counter estimates, if any.
    pub figure: Option<&'static str>,
    /// How close the counter must come to the figure once the scene has run
    /// `settle` of its own seconds: an absolute difference in the counter's
    /// unit (0.02 = two points for a share).
    pub tolerance: f64,
    /// Simulated seconds after which the counter has settled.
    pub settle_s: f64,
}

impl CounterSpec {
    /// A counter that estimates no figure (what is waiting now), the same
    /// at any frame rate.
    pub const fn new(id: &'static str, label: &'static str, unit: Unit) -> CounterSpec {
        CounterSpec {
            id,
            label,
            unit,
            figure: None,
            tolerance: 0.0,
            settle_s: 0.0,
        }
    }
    /// The counter, allowed to stray by `tolerance` between two frame
    /// rates (a figure-less share that the step cap rounds).
    pub const fn within(self, tolerance: f64) -> Self {
        CounterSpec { tolerance, ..self }
    }
    /// The counter, estimating `figure`: within `tolerance` of it once the
    /// scene has run `settle_s` of its seconds.
    pub const fn settles_on(self, figure: &'static str, tolerance: f64, settle_s: f64) -> Self {
        CounterSpec {
            figure: Some(figure),
            tolerance,
            settle_s,
            ..self
        }
    }
    /// Dollars that settle on `figure` to the cent.
    pub const fn dollars(
        id: &'static str,
        label: &'static str,
        figure: &'static str,
        settle_s: f64,
    ) -> CounterSpec {
        CounterSpec::new(id, label, Unit::Usd).settles_on(figure, 0.01, settle_s)
    }
    /// A share (0 to 1) that settles on `figure`, as [`CounterSpec::settles_on`].
    pub const fn share(
        id: &'static str,
        label: &'static str,
        figure: &'static str,
        tolerance: f64,
        settle_s: f64,
    ) -> CounterSpec {
        CounterSpec::new(id, label, Unit::Share).settles_on(figure, tolerance, settle_s)
    }
}

/// A scene's size unless it says otherwise, in its logical units.
pub const SIZE: (f32, f32) = (960.0, 360.0);

/// How a page lays a scene out: wide beside the sliders, or narrow on a
/// phone, where the scene stacks its parts in a column of its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Layout {
    #[default]
    Wide,
    Narrow,
}

/// The CSS pixels a wide scene is shown across on a 1,366 px page (beside
/// the sliders), and across which a narrow one is shown on a 360 px phone:
/// the widths the tests hold a scene's text sizes to.
pub const WIDE_CSS_PX: f32 = 876.0;
pub const NARROW_CSS_PX: f32 = 320.0;
/// The least height of a scene's text in CSS pixels at those widths: wide
/// (at 1,366 px) and narrow (at 360 px).
pub const LEAST_TEXT_PX: (f32, f32) = (13.0, 12.0);

/// A text's height in a scene's logical units.
pub const fn text_units(size: TextSize) -> f32 {
    match size {
        TextSize::Small => 11.0,
        TextSize::Normal => 13.0,
        TextSize::Large => 17.0,
    }
}

/// Logical units a text of `size` takes across (the measure the tests hold
/// a scene's texts to).
pub fn text_width(s: &str, size: TextSize) -> f32 {
    (chart_text::text_width(s) * text_units(size) as f64 / chart_text::FONT_PX) as f32
}

/// Logical units a normal text takes across.
pub fn normal_width(s: &str) -> f32 {
    text_width(s, TextSize::Normal)
}

/// A running scene.
pub trait Scene {
    /// Advances the simulated clock by `dt_s` simulated seconds.
    fn advance(&mut self, dt_s: f64);
    /// The simulated time, in seconds since the scene started.
    fn now_s(&self) -> f64;
    /// The scene's size in its own logical units in `layout`; the page
    /// scales it to the width it has. A scene whose narrow size is its wide
    /// one has no layout of its own for a phone.
    fn size(&self, layout: Layout) -> (f32, f32) {
        let _ = layout;
        SIZE
    }
    /// The speed the page starts at (simulated seconds per real second).
    fn default_speed(&self) -> f64 {
        1.0
    }
    /// The scene has shown all it has (its run is over): its clock stands
    /// and the page stops playing it.
    fn ended(&self) -> bool {
        false
    }
    /// Whether its frame in `layout` writes the counters itself (a row of
    /// tallies), so that a page showing them as text beside the picture
    /// shows them once: the picture's, which move with it.
    fn draws_counters(&self, layout: Layout) -> bool {
        let _ = layout;
        false
    }
    /// Describes what is on screen now, laid out as `frame.layout` says.
    /// `frame` comes in cleared.
    fn draw(&self, frame: &mut Frame);
    /// The counters' current values, in `SceneSpec::counters` order: each
    /// finite, or NaN while it has no value yet (a page shows "—").
    fn counters(&self, out: &mut Vec<f64>);
    /// One or two sentences on what just happened, for a screen reader
    /// (the page reads it out throttled). `out` comes in cleared.
    fn summary(&self, out: &mut String);
}

/// A scene whose engine runs in fixed steps: it states one step and what it
/// shows, and [`Stepped`] gives it its clock and makes it a [`Scene`].
pub trait Steps {
    /// Runs one step of the engine; false once the scene is over (it then
    /// holds its last frame and no more steps run this `advance`).
    fn step(&mut self) -> bool;
    /// The time the scene shows, given the seconds its clock has stepped
    /// (what [`Scene::now_s`] says); the clock's own by default.
    fn now_s(&self, clock_s: f64) -> f64 {
        clock_s
    }
    /// As [`Scene::size`].
    fn size(&self, layout: Layout) -> (f32, f32) {
        let _ = layout;
        SIZE
    }
    /// As [`Scene::default_speed`].
    fn default_speed(&self) -> f64 {
        1.0
    }
    /// As [`Scene::draws_counters`].
    fn draws_counters(&self, layout: Layout) -> bool {
        let _ = layout;
        false
    }
    /// As [`Scene::draw`].
    fn draw(&self, frame: &mut Frame);
    /// As [`Scene::counters`]; `out` comes in cleared.
    fn counters(&self, out: &mut Vec<f64>);
    /// As [`Scene::summary`].
    fn summary(&self, out: &mut String);
}

/// A [`Steps`] scene on its fixed-step clock: `advance(dt)` runs as many of
/// its steps as `dt` holds (at most `most_steps` a call, so one slow frame
/// cannot stall the page).
pub struct Stepped<S> {
    pub scene: S,
    clock: Stepper,
    most_steps: u32,
    /// A step said the scene is over: the clock stands at the last step
    /// that ran.
    ended: bool,
}

impl<S: Steps + 'static> Stepped<S> {
    /// `scene` stepped every `step_s` simulated seconds, boxed for a
    /// [`SceneSpec`]'s `build`.
    pub fn boxed(scene: S, step_s: f64, most_steps: u32) -> Box<dyn Scene> {
        Box::new(Stepped {
            scene,
            clock: Stepper::new(step_s),
            most_steps,
            ended: false,
        })
    }
}

impl<S: Steps> Scene for Stepped<S> {
    fn advance(&mut self, dt_s: f64) {
        if self.ended {
            return;
        }
        let (from, n) = (self.clock.now_s, self.clock.due(dt_s, self.most_steps));
        for i in 0..n {
            if !self.scene.step() {
                self.ended = true;
                self.clock.now_s = from + i as f64 * self.clock.step_s;
                break;
            }
        }
    }
    fn ended(&self) -> bool {
        self.ended
    }
    fn now_s(&self) -> f64 {
        self.scene.now_s(self.clock.now_s)
    }
    fn size(&self, layout: Layout) -> (f32, f32) {
        self.scene.size(layout)
    }
    fn default_speed(&self) -> f64 {
        self.scene.default_speed()
    }
    fn draws_counters(&self, layout: Layout) -> bool {
        self.scene.draws_counters(layout)
    }
    fn draw(&self, frame: &mut Frame) {
        self.scene.draw(frame);
    }
    fn counters(&self, out: &mut Vec<f64>) {
        out.clear();
        self.scene.counters(out);
    }
    fn summary(&self, out: &mut String) {
        self.scene.summary(out);
    }
}

/// The palette a scene paints with: meanings, not colours. The page maps
/// each to its theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ink {
    /// Text and outlines.
    Text,
    /// Secondary text, idle things.
    Muted,
    /// A card (GPU) that is up.
    Card,
    /// A card that is booting or cold.
    Booting,
    /// A card or capacity that is paid for but idle.
    Idle,
    /// A card that is down (an incident).
    Down,
    /// A request served from what the card already held (a cache hit).
    Hit,
    /// A request that had to be prefilled (a miss) or re-prefilled.
    Miss,
    /// A request refused (429, shed, over the cap).
    Refused,
    /// A request waiting in a queue.
    Waiting,
    /// The first of two classes (paid, owned, the page's side A).
    ClassA,
    /// The second class (free, rented, side B).
    ClassB,
    /// A third class (API, overflow).
    ClassC,
    /// A threshold broken (an SLO breach, a wrong eviction).
    Warn,
    /// Neutral emphasis (the moved share, a selected item).
    Accent,
}

/// How a request mark is drawn: hit and miss differ by shape as well as ink.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    /// A filled dot: served from cache, or plain arrival.
    Dot,
    /// A hollow ring: waiting.
    Ring,
    /// A square: a miss (prefill).
    Square,
    /// A cross: refused.
    Cross,
    /// A triangle: moved, overflowed or re-routed.
    Triangle,
}

/// Text size in a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextSize {
    Small,
    Normal,
    Large,
}

/// Horizontal anchor of a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// A text's box in a frame's units: (x0, y0, x1, y1).
pub type TextBox = (f32, f32, f32, f32);

/// A span of `Frame::text`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextRef {
    pub start: u32,
    pub end: u32,
}

/// One thing to paint, in the scene's logical coordinates (y down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// A box: filled, or outlined when `filled` is false.
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        ink: Ink,
        filled: bool,
    },
    /// A stroke along a circle from angle `a0` to `a1` (radians, clockwise
    /// from twelve o'clock), `width` thick: a card's arc on the ring.
    Arc {
        cx: f32,
        cy: f32,
        r: f32,
        a0: f32,
        a1: f32,
        width: f32,
        ink: Ink,
    },
    /// A straight line, dashed or solid.
    Line {
        x0: f32,
        y0: f32,
        x1: f32,
        y1: f32,
        ink: Ink,
        dashed: bool,
    },
    /// A request (or a family, a token): a glyph of radius `r`.
    Mark {
        x: f32,
        y: f32,
        r: f32,
        glyph: Glyph,
        ink: Ink,
    },
    /// A text, anchored at its baseline.
    Text {
        x: f32,
        y: f32,
        text: TextRef,
        ink: Ink,
        size: TextSize,
        align: Align,
    },
}

/// A display list and the text it refers to. Cleared, not dropped, between
/// frames: its buffers keep their capacity.
#[derive(Clone, Debug, Default)]
pub struct Frame {
    pub shapes: Vec<Shape>,
    /// All of the frame's texts, back to back; `Shape::Text` holds a span.
    pub text: String,
    /// The layout the scene draws in; kept by [`Frame::clear`].
    pub layout: Layout,
}

impl Frame {
    /// An empty frame for `layout`.
    pub fn laid_out(layout: Layout) -> Frame {
        Frame {
            layout,
            ..Frame::default()
        }
    }
    pub fn clear(&mut self) {
        self.shapes.clear();
        self.text.clear();
    }
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, ink: Ink) {
        self.shapes.push(Shape::Rect {
            x,
            y,
            w,
            h,
            ink,
            filled: true,
        });
    }
    pub fn outline(&mut self, x: f32, y: f32, w: f32, h: f32, ink: Ink) {
        self.shapes.push(Shape::Rect {
            x,
            y,
            w,
            h,
            ink,
            filled: false,
        });
    }
    pub fn line(&mut self, (x0, y0): (f32, f32), (x1, y1): (f32, f32), ink: Ink, dashed: bool) {
        self.shapes.push(Shape::Line {
            x0,
            y0,
            x1,
            y1,
            ink,
            dashed,
        });
    }
    pub fn mark(&mut self, x: f32, y: f32, r: f32, glyph: Glyph, ink: Ink) {
        self.shapes.push(Shape::Mark {
            x,
            y,
            r,
            glyph,
            ink,
        });
    }
    #[allow(clippy::too_many_arguments)]
    pub fn arc(&mut self, cx: f32, cy: f32, r: f32, a0: f32, a1: f32, width: f32, ink: Ink) {
        self.shapes.push(Shape::Arc {
            cx,
            cy,
            r,
            a0,
            a1,
            width,
            ink,
        });
    }
    /// A text written with `format_args!`, without allocating once the
    /// frame's text buffer has grown: `f.label(x, y, Ink::Text, TextSize::Small,
    /// Align::Left, format_args!("{n} waiting"))`.
    pub fn label(
        &mut self,
        (x, y): (f32, f32),
        ink: Ink,
        size: TextSize,
        align: Align,
        args: std::fmt::Arguments,
    ) {
        let start = self.text.len() as u32;
        let _ = self.text.write_fmt(args);
        let end = self.text.len() as u32;
        self.shapes.push(Shape::Text {
            x,
            y,
            text: TextRef { start, end },
            ink,
            size,
            align,
        });
    }
    /// A normal text (the least size a wide scene may use) in `ink`, as
    /// [`Frame::label`].
    pub fn normal(&mut self, at: (f32, f32), ink: Ink, align: Align, args: std::fmt::Arguments) {
        self.label(at, ink, TextSize::Normal, align, args);
    }
    /// A figure read at a glance: large, in `ink`, from the left.
    pub fn big(&mut self, at: (f32, f32), ink: Ink, args: std::fmt::Arguments) {
        self.label(at, ink, TextSize::Large, Align::Left, args);
    }
    /// A plain text (a scene's title line): normal size, text ink, from
    /// the left.
    pub fn plain(&mut self, at: (f32, f32), args: std::fmt::Arguments) {
        self.label(at, Ink::Text, TextSize::Normal, Align::Left, args);
    }
    /// A replica (a card) at work: its box in `Ink::Card`, filled from the
    /// bottom in `ink` by the share busy (0 to 1), outlined.
    pub fn serving(&mut self, (x, y, w, h): (f32, f32, f32, f32), busy: f32, ink: Ink) {
        let b = busy.clamp(0.0, 1.0);
        self.rect(x, y, w, h, Ink::Card);
        self.rect(x, y + h * (1.0 - b), w, h * b, ink);
        self.outline(x, y, w, h, Ink::Text);
    }
    /// The text a `TextRef` points at.
    pub fn str(&self, t: TextRef) -> &str {
        self.text
            .get(t.start as usize..t.end as usize)
            .unwrap_or("")
    }

    /// Each non-empty text with its size and its box (x0, y0, x1, y1) in
    /// the frame's units: the charts' per-character widths at the text's
    /// height (11, 13 or 17 units), from a little above the cap height to
    /// the descenders. What the tests hold a scene's texts to (inside the
    /// scene, never covering each other).
    pub fn text_boxes(&self) -> Vec<(TextBox, &str, TextSize)> {
        let mut out = Vec::new();
        for s in &self.shapes {
            let Shape::Text {
                x,
                y,
                text,
                size,
                align,
                ..
            } = *s
            else {
                continue;
            };
            let text = self.str(text).trim();
            if text.is_empty() {
                continue;
            }
            let px = text_units(size);
            let width = (chart_text::text_width(text) * px as f64 / chart_text::FONT_PX) as f32;
            let x0 = match align {
                Align::Left => x,
                Align::Center => x - width / 2.0,
                Align::Right => x - width,
            };
            out.push(((x0, y - 0.75 * px, x0 + width, y + 0.22 * px), text, size));
        }
        out
    }

    /// What keeps this frame, drawn for a scene of logical `size` in its
    /// layout, from being read: a text leaving the scene, smaller than
    /// [`LEAST_TEXT_PX`] at the width the page gives the scene
    /// ([`WIDE_CSS_PX`], [`NARROW_CSS_PX`]), or covering another text. One
    /// sentence each; empty when every text can be read. The scenes' tests
    /// hold every frame to it.
    pub fn unreadable(&self, (w, h): (f32, f32)) -> Vec<String> {
        let (css, least) = match self.layout {
            Layout::Wide => (WIDE_CSS_PX, LEAST_TEXT_PX.0),
            Layout::Narrow => (NARROW_CSS_PX, LEAST_TEXT_PX.1),
        };
        let boxes = self.text_boxes();
        let mut out = Vec::new();
        for (i, &(a, at, size)) in boxes.iter().enumerate() {
            if a.0 < -0.5 || a.1 < -0.5 || a.2 > w + 0.5 || a.3 > h + 0.5 {
                out.push(format!("{at:?} at {a:?} leaves {w}×{h}"));
            }
            let px = text_units(size) * css / w;
            if px < least - 1e-3 {
                out.push(format!("{at:?} is {px} CSS px, under {least}"));
            }
            for &(b, bt, _) in &boxes[i + 1..] {
                let apart =
                    a.0 >= b.2 - 0.5 || b.0 >= a.2 - 0.5 || a.1 >= b.3 - 0.5 || b.1 >= a.3 - 0.5;
                if !apart {
                    out.push(format!("{at:?} {a:?} covers {bt:?} {b:?}"));
                }
            }
        }
        out
    }
}

/// A number written briefly in its unit, without allocating, for a scene's
/// counters and labels: `format_args!("{}", Brief(0.8032, Unit::Share))` is
/// "80.3%"; rates keep one decimal, counts and MB none, with thousands
/// grouped ("98,465 families").
#[derive(Clone, Copy, Debug)]
pub struct Brief(pub f64, pub Unit);

impl std::fmt::Display for Brief {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Brief(v, unit) = *self;
        if !v.is_finite() {
            return write!(f, "—");
        }
        match unit {
            Unit::Share => write!(f, "{:.1}%", 100.0 * v),
            Unit::ReqPerS | Unit::TokPerS | Unit::Ratio | Unit::Points => {
                write!(f, "{v:.1} {}", unit.symbol())
            }
            // Past 10,000 MB, in GB (1 GB = 1,000 MB): "638 GB", not
            // "638,208 MB".
            Unit::Mb if v.abs() >= 10_000.0 => {
                if v < 0.0 {
                    write!(f, "−")?;
                }
                grouped(f, (v.abs() / 1000.0).round() as u64)?;
                write!(f, " GB")
            }
            _ => {
                if v < -0.5 {
                    write!(f, "−")?;
                }
                let n = v.round().abs() as u64;
                grouped(f, n)?;
                // "1 family", "2 families": a count's noun agrees with it.
                let symbol = match unit {
                    Unit::Count(noun) if n == 1 => super::units::singular(noun),
                    _ => unit.symbol(),
                };
                match symbol {
                    "" => Ok(()),
                    s => write!(f, " {s}"),
                }
            }
        }
    }
}

/// A strip of the whole day across `x0..x1` between `y0` and `y1`, its
/// hours under it at normal size (every six hours; on a phone, every
/// twelve), a cursor at `now_s`. Returns the strip's x of a second of the
/// day.
pub fn day_strip(
    f: &mut Frame,
    (x0, x1): (f32, f32),
    (y0, y1): (f32, f32),
    now_s: f64,
) -> impl Fn(f64) -> f32 {
    let x = move |t: f64| x0 + (x1 - x0) * (t / 86_400.0).clamp(0.0, 1.0) as f32;
    f.outline(x0, y0, x1 - x0, y1 - y0, Ink::Muted);
    let every = match f.layout {
        Layout::Narrow => 12,
        Layout::Wide => 6,
    };
    for h in (0u32..=24).step_by(every) {
        let align = match h {
            0 => Align::Left,
            24 => Align::Right,
            _ => Align::Center,
        };
        let at = (x(h as f64 * 3600.0), y1 + 14.0);
        f.normal(at, Ink::Muted, align, format_args!("{h:02}:00"));
    }
    f.line((x(now_s), y0 - 2.0), (x(now_s), y1 + 2.0), Ink::Text, false);
    x
}

/// A fixed offset in [−1, 1] for mark `i` of a scene seeded `seed` (`salt`
/// tells the x and y of one mark apart): marks scatter by seed, the same on
/// every frame.
pub fn jitter(seed: u64, i: usize, salt: u64) -> f32 {
    let h = super::rng::hash64(seed ^ (i as u64).wrapping_mul(0x9E37_79B9) ^ salt.rotate_left(32));
    (h >> 40) as f32 / (1u64 << 23) as f32 - 1.0
}

/// A time of day, `hh:mm:ss`, written without allocating
/// (`format_args!("{}", Clock(t))`); seconds past midnight wrap.
#[derive(Clone, Copy, Debug)]
pub struct Clock(pub f64);

impl std::fmt::Display for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let s = (self.0.max(0.0) as u64) % 86_400;
        write!(f, "{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    }
}

/// A whole number with thousands separators ("399,326"), rounded, written
/// without allocating.
#[derive(Clone, Copy, Debug)]
pub struct Thousands(pub f64);

impl std::fmt::Display for Thousands {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let v = self.0.round();
        if !v.is_finite() || v.abs() >= 1e18 {
            return write!(f, "{v}");
        }
        if v < 0.0 {
            f.write_str("-")?;
        }
        grouped(f, v.abs() as u64)
    }
}

/// `n` with its thousands grouped ("98,465").
fn grouped(f: &mut std::fmt::Formatter, n: u64) -> std::fmt::Result {
    let mut div = 1u64;
    while n / div >= 1000 {
        div *= 1000;
    }
    write!(f, "{}", n / div)?;
    while div > 1 {
        div /= 1000;
        write!(f, ",{:03}", n / div % 1000)?;
    }
    Ok(())
}

/// Dollars as a bill reads while it runs, written without allocating:
/// "$1.234M" from a million up, else whole dollars ("$12,345").
#[derive(Clone, Copy, Debug)]
pub struct Money(pub f64);

impl std::fmt::Display for Money {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        if self.0.abs() >= 1e6 {
            write!(f, "${:.3}M", self.0 / 1e6)
        } else {
            write!(f, "${}", Thousands(self.0))
        }
    }
}

/// A quantity to three figures with a suffix, written without allocating:
/// "7", "1.23k", "34.8M", "1.50T" (a count on a narrow card, a rate).
#[derive(Clone, Copy, Debug)]
pub struct Compact(pub f64);

impl std::fmt::Display for Compact {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let (x, suffix) = super::units::scaled(self.0, 1e3);
        if suffix.is_empty() {
            return write!(f, "{x:.0}");
        }
        match x.abs() {
            ax if ax >= 99.95 => write!(f, "{x:.0}{suffix}"),
            ax if ax >= 9.995 => write!(f, "{x:.1}{suffix}"),
            _ => write!(f, "{x:.2}{suffix}"),
        }
    }
}

/// `n` equal cells in rows inside a box (cards of a pool): the fewest rows
/// that keep each cell at least `min_aspect` as wide as it is tall.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    pub x: f32,
    pub y: f32,
    pub cols: usize,
    pub cell_w: f32,
    pub cell_h: f32,
}

impl Grid {
    pub fn fit(n: usize, (x, y, w, h): (f32, f32, f32, f32), min_aspect: f32) -> Grid {
        let n = n.max(1);
        let mut rows = 1;
        while rows < n {
            let cols = n.div_ceil(rows);
            if w / cols as f32 >= min_aspect * h / rows as f32 {
                break;
            }
            rows += 1;
        }
        let cols = n.div_ceil(rows);
        Grid {
            x,
            y,
            cols,
            cell_w: w / cols as f32,
            cell_h: h / rows as f32,
        }
    }
    /// The top-left corner of cell `i`, row by row.
    pub fn cell(&self, i: usize) -> (f32, f32) {
        let (r, c) = (i / self.cols, i % self.cols);
        (
            self.x + c as f32 * self.cell_w,
            self.y + r as f32 * self.cell_h,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A text off the scene's edge, one over another, or one too small at
    /// the page's width is named; apart and inside, nothing is.
    #[test]
    fn unreadable_names_what_cannot_be_read() {
        let mut f = Frame::laid_out(Layout::Wide);
        f.normal((10.0, 20.0), Ink::Text, Align::Left, format_args!("card 0"));
        f.normal((10.0, 60.0), Ink::Text, Align::Left, format_args!("card 1"));
        assert!(f.unreadable((876.0, 100.0)).is_empty());
        assert_eq!(
            f.unreadable((876.0, 40.0)).len(),
            1,
            "card 1 leaves the scene"
        );
        let small = f.unreadable((2000.0, 100.0));
        assert!(small.iter().all(|p| p.contains("CSS px")) && small.len() == 2);
        f.normal((12.0, 22.0), Ink::Text, Align::Left, format_args!("over"));
        assert!(f.unreadable((876.0, 100.0))[0].contains("covers"));
    }

    #[test]
    fn stepper_counts_whole_steps_and_carries_the_rest() {
        let mut s = Stepper::new(0.1);
        assert_eq!(s.due(0.25, 100), 2);
        assert_eq!(s.due(0.05, 100), 1);
        assert!((s.now_s - 0.3).abs() < 1e-9);
        assert_eq!(s.due(f64::NAN, 100), 0);
        assert_eq!(s.due(-1.0, 100), 0);
        assert_eq!(s.due(1000.0, 5), 5);
    }

    #[test]
    fn brief_numbers_read_short() {
        let b = |v, u| format!("{}", Brief(v, u));
        assert_eq!(b(0.80317, Unit::Share), "80.3%");
        assert_eq!(b(37.5, Unit::ReqPerS), "37.5 req/s");
        assert_eq!(b(98_465.0, Unit::Count("families")), "98,465 families");
        assert_eq!(b(1_000_000.0, Unit::Mb), "1,000 GB");
        assert_eq!(b(9_999.0, Unit::Mb), "9,999 MB");
        assert_eq!(b(1.0, Unit::Count("families")), "1 family");
        assert_eq!(b(7.0, Unit::Count("")), "7");
        assert_eq!(b(f64::NAN, Unit::Share), "—");
    }

    #[test]
    fn frame_text_spans_point_at_their_text() {
        let mut f = Frame::default();
        f.plain((0.0, 0.0), format_args!("{} waiting", 3));
        f.plain((0.0, 0.0), format_args!("hit"));
        let texts: Vec<&str> = f
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, .. } => Some(f.str(*text)),
                _ => None,
            })
            .collect();
        assert_eq!(texts, ["3 waiting", "hit"]);
        let cap = f.text.capacity();
        f.clear();
        assert_eq!(f.text.capacity(), cap);
    }

    #[test]
    fn clock_and_thousands_write_plainly() {
        assert_eq!(Clock(8.0 * 3600.0 + 245.6).to_string(), "08:04:05");
        assert_eq!(Clock(86_400.0).to_string(), "00:00:00");
        assert_eq!(Thousands(399_325.95).to_string(), "399,326");
        assert_eq!(Thousands(1_000_000.0).to_string(), "1,000,000");
        assert_eq!(Thousands(-1234.0).to_string(), "-1,234");
        assert_eq!(Thousands(7.0).to_string(), "7");
    }

    #[test]
    fn numbers_and_grids_for_scenes() {
        assert_eq!(Thousands(399_325.95).to_string(), "399,326");
        assert_eq!(Thousands(1_000_000.0).to_string(), "1,000,000");
        assert_eq!(Money(12_345.4).to_string(), "$12,345");
        assert_eq!(Money(3_185_000.0).to_string(), "$3.185M");
        assert_eq!(Compact(7.0).to_string(), "7");
        assert_eq!(Compact(1234.0).to_string(), "1.23k");
        assert_eq!(Compact(34_779_299.0).to_string(), "34.8M");
        assert_eq!(Compact(1.5e12).to_string(), "1.50T");
        let g = Grid::fit(30, (0.0, 0.0, 520.0, 130.0), 0.35);
        assert_eq!((g.cols, g.cell(15)), (15, (0.0, 65.0)));
        assert_eq!(Grid::fit(10, (0.0, 0.0, 520.0, 100.0), 0.35).cols, 10);
    }
}
