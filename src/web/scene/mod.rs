//! The scene on a topic page: the topic's request-level engine, watched as it
//! runs (`model::scene`), with its controls (play and pause, step, speed,
//! restart, side by side), its counters as text, and a throttled spoken
//! summary. Topic-agnostic: it reads `topics::scene(id)` and paints whatever
//! `Frame` the scene describes.
//!
//! Playback goes through the page's one owner: each `requestAnimationFrame`
//! becomes a `SceneMsg::Frame` through `dispatch`, handled in turn with
//! every other event. The scene pauses itself off screen and in a hidden
//! tab, and resumes when back if it was playing. With
//! `prefers-reduced-motion: reduce` it does not start by itself, and play
//! moves it a visible step at a time. A parameter change rebuilds it from
//! the page's new values with the same seed.
//!
//! Side by side: each `Comparison` of the scene runs the page's values with
//! the comparison's parameter at `a` (left, A) and at `b` (right, B), on the
//! same seed (the same arrivals), advanced by the same time; the counters'
//! differences are shown. The page's address carries it (`compare=<id>`).
//! A comparison of a locked parameter is not offered.
//!
//! Files: `paint` (a `Frame` on a canvas), `batch` (its shapes sorted into
//! paths), `side` (one canvas and its
//! scene), `play` (the clock and the frame costs), `text` (counters and
//! time as text); this file builds the section and handles messages.

mod batch;
mod intro;
mod paint;
mod play;
mod preview;
mod side;
mod text;

use crate::model::scene::MODELS_PARAM;
use crate::model::{Assumptions, Base, Comparison, ParamSpec, Params, SceneSpec, Topic};
use crate::topics;
use crate::urlstate::State;
use crate::web::alloc;
use crate::web::dom::*;
use crate::web::msg::{dispatch, Effect, Msg, PageMsg, SceneMsg};
pub use intro::IntroView;
use paint::Palette;
use play::{Clock, Stats};
pub use preview::Previews;
use side::Side;
use text::Readout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlSelectElement, Performance};

/// Reads the scenes' inks now (see [`Palette::current`]).
pub fn read_inks() {
    Palette::read();
}

/// Speeds offered (simulated seconds per real second); the scene's own
/// default joins them when it is not one of these.
const SPEEDS: [f64; 10] = [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0];
/// The counters, time and state attributes refresh at least this often
/// (ms); a frame that moves the picture writes them with it, so that the
/// words under it never trail what it shows.
const SHOW_EVERY_MS: f64 = 250.0;
/// "Step" moves on through at most this many steps where nothing changes.
const MAX_STEPS: usize = 10;
/// The spoken summary changes at most this often (ms).
const SAY_EVERY_MS: f64 = 4000.0;

/// The scene section of a topic page; nothing when the topic has no scene
/// or the link hides it.
pub struct SceneView(Option<Box<Live>>);

struct Live {
    spec: &'static SceneSpec,
    topic: &'static dyn Topic,
    seed: u64,
    /// The comparisons offered: those whose parameter is not locked.
    offered: Vec<&'static Comparison>,
    compare: Option<&'static Comparison>,
    /// The comparison the stage is laid out for (outer none: not yet).
    laid_out: Option<Option<&'static str>>,
    /// The page's values the scenes are built from.
    params: Option<Params>,
    /// The values changed since the scenes were built.
    stale: bool,
    sides: Vec<Side>,
    ui: Ui,
    readout: Readout,
    clock: Clock,
    stats: Stats,
    speeds: Vec<f64>,
    /// The learner picked a speed: a rebuild keeps it (until then each
    /// build plays at its scene's own default, so a story opened by its
    /// link and the same story clicked play alike).
    speed_chosen: bool,
    palette: Palette,
    window: web_sys::Window,
    perf: Option<Performance>,
    raf: Closure<dyn FnMut(f64)>,
    last_shown: f64,
    last_said: f64,
    /// The model the note under the heading names (closer to production or
    /// not): it changes with the model only, not with a slider.
    noted_production: bool,
    /// Whether the counters are marked as the picture's own (`data-drawn`)
    /// now: written when that changes (a layout, a comparison), not every
    /// frame.
    counters_drawn: Option<bool>,
}

/// The scene's note: which model it runs, under the topic's first model
/// (`base`) or closer to production (`production`), where its engine runs
/// closer to production too (`runs_production`) or not.
fn scene_note(base: Base, production: bool, runs_production: bool) -> String {
    match (production, runs_production) {
        (false, _) => format!("{}, run at the page's values: its counters settle toward the figures.", base.label()),
        (true, true) => "The model closer to production, run at the page's values: its counters settle toward the figures.".to_string(),
        (true, false) => production_note(base),
    }
}

/// Closer to production, a scene whose engine is the first model's only.
fn production_note(base: Base) -> String {
    format!("This scene runs {} only: at the page's values its counters settle toward {}'s figures, not the ones above (\"What production does differently\" gives both).", base.phrase(), base.owner())
}

struct Ui {
    section: Element,
    /// What the scene runs: the note under its heading.
    note: Element,
    play: Element,
    step: Element,
    speed: HtmlSelectElement,
    compare: Option<HtmlSelectElement>,
    clock: Element,
    stage: Element,
    watch: Element,
    /// Side by side: the caption's figures, from the two sides' counters.
    now: Element,
    counters: Element,
    /// The scene's summary on show, and the same read out (throttled).
    summary: Element,
    live: Element,
}

fn send(m: SceneMsg) {
    dispatch(Msg::Page(PageMsg::Scene(m)));
}

impl SceneView {
    /// Whether the page shows a scene (the topic has one and the link does
    /// not hide it).
    pub fn shown(&self) -> bool {
        self.0.is_some()
    }

    /// Whether a scene is on show whose engine runs only the topic's first
    /// model: closer to production, it does not follow the figures.
    pub fn stays_on_first_model(&self) -> bool {
        self.0.as_ref().is_some_and(|l| !l.spec.production)
    }

    /// The scene section of `topic`'s page, appended to `parent` (or, once
    /// the page is built, moved into its `#scene-slot` if it has one), as
    /// `link` describes it (its comparison, its locks, `hide=scene`).
    pub fn mount(parent: &Element, topic: &'static dyn Topic, link: &State) -> SceneView {
        let Some(spec) = topics::scene(topic.id()) else {
            return SceneView(None);
        };
        if link.embed.hide.scene {
            return SceneView(None);
        }
        let offered: Vec<&'static Comparison> = spec
            .offered()
            .into_iter()
            .filter(|c| link.can_compare(c))
            .collect();
        let compare = link
            .comparison()
            .filter(|c| offered.iter().any(|o| o.id == c.id));
        let note = scene_note(
            topic.about().base,
            link.model.is_production(),
            spec.production,
        );
        let ui = Ui::build(parent, &note, &offered, compare);
        let reduced = watch_motion();
        watch_visibility(&ui.stage);
        let window = window();
        let live = Live {
            spec,
            topic,
            seed: link.embed.fixed_seed.unwrap_or_else(fresh_seed),
            offered,
            compare,
            laid_out: None,
            params: None,
            stale: false,
            sides: Vec::new(),
            palette: Palette::current(),
            ui,
            readout: Readout::default(),
            clock: Clock::new(reduced),
            stats: Stats::new(),
            speeds: Vec::new(),
            speed_chosen: false,
            perf: window.performance(),
            window,
            raf: Closure::new(|ts: f64| send(SceneMsg::Frame(ts))),
            last_shown: f64::NEG_INFINITY,
            last_said: f64::NEG_INFINITY,
            noted_production: link.model.is_production(),
            counters_drawn: None,
        };
        SceneView(Some(Box::new(live)))
    }

    /// The comparison on show, by id (for the page's address).
    pub fn compare(&self) -> Option<&'static str> {
        self.0.as_ref()?.compare.map(|c| c.id)
    }

    /// Shows the comparison an address names (the rebuild that follows
    /// lays it out).
    pub fn follow(&mut self, compare: Option<&'static str>) {
        if let Some(live) = &mut self.0 {
            live.compare = compare.and_then(|id| live.offered.iter().copied().find(|c| c.id == id));
            live.sync_compare_select();
        }
    }

    /// The page's values changed: the scene starts again from them, with
    /// the same seed.
    pub fn rebuild(&mut self, params: &Params) {
        if let Some(live) = &mut self.0 {
            // A scene that runs the first model's engine only says, closer
            // to production, that its counters do not settle toward the
            // figures.
            if params.production() != live.noted_production {
                live.noted_production = params.production();
                let note = scene_note(
                    live.topic.about().base,
                    live.noted_production,
                    live.spec.production,
                );
                live.ui.note.set_text_content(Some(&note));
            }
            live.params = Some(params.clone());
            if live.laid_out.is_none() {
                live.rebuild();
            } else {
                // On the next animation frame: the page's figures answer a
                // slider first, and a drag's many moves build once a frame.
                live.stale = true;
                live.run_or_rest();
            }
        }
    }

    pub fn update(&mut self, msg: SceneMsg, fx: &mut Vec<Effect>) {
        if let Some(live) = &mut self.0 {
            live.update(msg, fx);
        }
    }

    /// The page's styles changed: the scene reads its inks again and
    /// repaints.
    pub fn restyle(&mut self) {
        if let Some(live) = &mut self.0 {
            live.palette = Palette::read();
            live.paint_now();
        }
    }
}

impl Live {
    fn update(&mut self, msg: SceneMsg, fx: &mut Vec<Effect>) {
        match msg {
            SceneMsg::Frame(ts) => self.frame(ts),
            SceneMsg::Play => {
                // Play on a scene whose run is over plays it again.
                if !self.clock.playing && self.ended() {
                    self.rebuild();
                }
                self.clock.playing = !self.clock.playing;
                self.clock.rest();
                self.run_or_rest();
            }
            SceneMsg::Step => {
                if self.stale {
                    self.rebuild();
                }
                self.clock.playing = false;
                self.clock.rest();
                // Through a still stretch (a scene holding before it
                // moves), on until something shows a change.
                let dt = self.clock.step_s();
                for _ in 0..MAX_STEPS {
                    self.advance_and_paint(dt);
                    if self.sides.iter().any(Side::changed) {
                        break;
                    }
                }
                self.show(true);
                self.run_or_rest();
            }
            SceneMsg::Restart => self.rebuild(),
            SceneMsg::Speed(i) => {
                if let Some(s) = self.speeds.get(i) {
                    self.clock.speed = *s;
                    self.speed_chosen = true;
                    self.show_step();
                }
            }
            SceneMsg::Compare(i) => {
                let c = i.and_then(|i| self.offered.get(i).copied());
                if c.map(|c| c.id) != self.compare.map(|c| c.id) {
                    self.compare = c;
                    self.rebuild();
                    fx.push(Effect::AddressChanged { push: true });
                }
            }
            SceneMsg::InView(v) => {
                self.clock.in_view = v;
                self.run_or_rest();
            }
            SceneMsg::TabHidden(h) => {
                self.clock.tab_hidden = h;
                self.run_or_rest();
            }
            SceneMsg::ReducedMotion(r) => {
                self.clock.reduced = r;
                if r {
                    self.clock.playing = false;
                }
                self.run_or_rest();
            }
            SceneMsg::Resized => {
                let mut changed = false;
                for s in &mut self.sides {
                    changed |= s.measure();
                }
                if changed {
                    self.paint_now();
                }
            }
        }
    }

    /// Builds the scenes from the page's values (laying the stage out for
    /// the comparison first if it changed), paints them, and runs on if
    /// playing.
    fn rebuild(&mut self) {
        let Some(params) = self.params.clone() else {
            return;
        };
        self.stale = false;
        let t0 = self.now_ms();
        if self.laid_out.is_none() {
            // A page laid out with a place for the scene gets it there.
            if let Some(slot) = by_id("scene-slot") {
                append(&slot, &self.ui.section);
                let _ = slot.remove_attribute("hidden");
            }
        }
        let want = self.compare.map(|c| c.id);
        if self.laid_out != Some(want) {
            self.lay_out();
        }
        for (i, side) in self.sides.iter_mut().enumerate() {
            attr(&side.canvas, "data-scene-seed", &self.seed.to_string());
            let p = side_params(&params, self.compare, i);
            side.set((self.spec.build)(&p, self.seed));
        }
        let default = self
            .sides
            .first()
            .and_then(|s| s.scene.as_ref())
            .map_or(1.0, |s| s.default_speed());
        let moved = (default - self.clock.speed).abs() > 1e-9;
        if self.speeds.is_empty() || (moved && !self.speed_chosen) {
            self.speeds = speeds(default);
            self.clock.speed = default;
            text::fill_speeds(&self.ui.speed, &self.speeds, default);
            self.show_step();
        }
        self.clock.rest();
        self.paint_now();
        let ms = format!("{:.2}", self.now_ms() - t0);
        attr(&self.ui.section, "data-scene-build-ms", &ms);
        self.run_or_rest();
    }

    /// The stage for the comparison on show: one canvas, or two side by
    /// side with their differences.
    fn lay_out(&mut self) {
        let ui = &self.ui;
        clear(&ui.stage);
        let id = self.topic.id();
        let title = self.topic.title();
        self.sides = match self.compare {
            None => Side::new(
                &ui.stage,
                id,
                "single",
                &format!("{title}: the scene running"),
            )
            .into_iter()
            .collect(),
            Some(c) => [("a", "A"), ("b", "B")]
                .iter()
                .enumerate()
                .filter_map(|(i, (which, letter))| {
                    let fig = el("figure", "scene-side");
                    let label = side_label(self.topic, c, i);
                    let cap = text_el("figcaption", "", &format!("{letter} · {label}"));
                    append(&fig, &cap);
                    append(&ui.stage, &fig);
                    Side::new(&fig, id, which, &format!("{title}, side {letter}: {label}"))
                })
                .collect(),
        };
        let _ = ui
            .stage
            .class_list()
            .toggle_with_force("compare", self.compare.is_some());
        ui.watch.set_text_content(self.compare.map(|c| c.watch));
        let heads: Vec<String> = match self.compare {
            None => Vec::new(),
            Some(c) => (0..2).map(|i| side_label(self.topic, c, i)).collect(),
        };
        self.readout = Readout::build(&ui.counters, self.spec.counters, &heads);
        self.laid_out = Some(self.compare.map(|c| c.id));
        self.sync_compare_select();
    }

    fn sync_compare_select(&self) {
        if let Some(sel) = &self.ui.compare {
            let i = self
                .compare
                .and_then(|c| self.offered.iter().position(|o| o.id == c.id));
            sel.set_selected_index(i.map_or(0, |i| i as i32 + 1));
        }
    }

    /// One animation frame.
    fn frame(&mut self, ts: f64) {
        self.clock.pending = false;
        if self.stale {
            self.rebuild();
        }
        let dt = self.clock.tick(ts);
        if dt > 0.0 {
            self.advance_and_paint(dt);
            self.show(true);
            // Its run is over: it stops, its clock at the end.
            if self.ended() {
                self.clock.playing = false;
            }
        } else if ts - self.last_shown >= SHOW_EVERY_MS {
            self.show(false);
        }
        self.run_or_rest();
    }

    /// Every side's run is over.
    fn ended(&self) -> bool {
        !self.sides.is_empty() && self.sides.iter().all(Side::ended)
    }

    /// Moves every side by `dt_s` simulated seconds and paints them: the
    /// work a frame costs, timed and its allocations counted.
    fn advance_and_paint(&mut self, dt_s: f64) {
        let t0 = self.now_ms();
        let a0 = alloc::calls();
        for s in &mut self.sides {
            s.advance(dt_s);
            s.draw(&self.palette);
        }
        let ms = self.now_ms() - t0;
        self.stats.record(ms, alloc::calls().wrapping_sub(a0));
    }

    /// Paints the scenes as they are, and their text at once.
    fn paint_now(&mut self) {
        for s in &mut self.sides {
            s.draw(&self.palette);
        }
        self.show(true);
    }

    /// Asks for the next animation frame while running (or to rebuild),
    /// none otherwise; the state attribute and the play button follow.
    fn run_or_rest(&mut self) {
        if (self.clock.running() || self.stale) && !self.clock.pending {
            let f = self.raf.as_ref().unchecked_ref();
            self.clock.pending = self.window.request_animation_frame(f).is_ok();
        }
        if !self.clock.running() {
            self.clock.rest();
        }
        let word = self.clock.word();
        if self.readout.state != word {
            self.readout.state = word;
            attr(&self.ui.section, "data-scene-state", word);
            let label = if self.clock.playing { "Pause" } else { "Play" };
            self.ui.play.set_text_content(Some(label));
            attr(
                &self.ui.play,
                "aria-pressed",
                &self.clock.playing.to_string(),
            );
            // A paused scene shows exactly where it stopped.
            self.show(true);
        }
    }

    fn now_ms(&self) -> f64 {
        self.perf.as_ref().map_or(0.0, |p| p.now())
    }

    fn show_step(&self) {
        let text = format!("Step +{}", text::span(self.clock.step_s()));
        self.ui.step.set_text_content(Some(&text));
    }

    /// The time, counters, frame costs and (throttled) the spoken
    /// summary, as text.
    fn show(&mut self, force: bool) {
        let now = self.now_ms();
        if !force && now - self.last_shown < SHOW_EVERY_MS {
            return;
        }
        self.last_shown = now;
        let t = self.sides.first().map_or(0.0, Side::now_s);
        self.readout.time(
            &self.ui.clock,
            &self.ui.section,
            &self.sides,
            t,
            self.clock.step_s(),
        );
        self.readout.counters(self.spec.counters, &self.sides);
        // A picture that writes its counters (a wide one's tallies) shows
        // them once: these stay as text for a screen reader, out of sight
        // (style.css), where they would repeat the picture's a moment
        // behind it. Side by side they are the table of both.
        let drawn = self.compare.is_none()
            && !self.sides.is_empty()
            && self.sides.iter().all(Side::draws_counters);
        if self.counters_drawn != Some(drawn) {
            self.counters_drawn = Some(drawn);
            let _ = self
                .ui
                .counters
                .toggle_attribute_with_force("data-drawn", drawn);
        }
        self.readout
            .told(&self.ui.now, self.compare, self.spec.counters, &self.sides);
        self.readout
            .costs(&self.ui.section, &mut self.stats, &self.sides);
        let speak = now - self.last_said >= SAY_EVERY_MS;
        if self
            .readout
            .say(&self.ui.summary, &self.ui.live, &self.sides, speak)
        {
            self.last_said = now;
        }
    }
}

impl Ui {
    fn build(
        parent: &Element,
        note: &str,
        offered: &[&'static Comparison],
        on_show: Option<&Comparison>,
    ) -> Ui {
        let section = labelled_section("scene", "scene-h", "Watch it run");
        attr(&section, "data-scene-state", "paused");
        let note = text_el("p", "scene-note", note);
        append(&section, &note);
        let bar = group(&section, "scene-bar", "Scene controls");
        let play = button(&bar, "scene-play", "Play", SceneMsg::Play);
        let step = button(&bar, "scene-step", "Step", SceneMsg::Step);
        attr(
            &step,
            "title",
            "Pause and move the scene on by this much (through a still stretch, until something moves)",
        );
        button(&bar, "scene-restart", "Restart", SceneMsg::Restart);
        let speed = labelled_select(&bar, "scene-speed", "Speed");
        let s = speed.clone();
        on(&speed, "change", move |_| {
            send(SceneMsg::Speed(s.selected_index().max(0) as usize))
        });
        let compare = (!offered.is_empty()).then(|| {
            let sel = labelled_select(&bar, "scene-compare", "Side by side");
            let off = text_el("option", "", "Off");
            attr(&off, "value", "");
            append(&sel, &off);
            for c in offered {
                let o = text_el("option", "", c.label);
                attr(&o, "value", c.id);
                if c.param == MODELS_PARAM {
                    attr(&o, "data-compare-models", "");
                } else {
                    attr(&o, "data-compare-param", c.param);
                }
                append(&sel, &o);
            }
            let s = sel.clone();
            on(&sel, "change", move |_| {
                let i = s.selected_index();
                send(SceneMsg::Compare((i > 0).then(|| i as usize - 1)))
            });
            sel
        });
        let clock = el("output", "scene-clock");
        append(&bar, &clock);
        let stage = el("div", "scene-stage");
        append(&section, &stage);
        let watch = text_el("p", "scene-watch", on_show.map_or("", |c| c.watch));
        append(&section, &watch);
        let now = el("p", "scene-now");
        append(&section, &now);
        let counters = el("div", "scene-counters");
        append(&section, &counters);
        // Each canvas's description: what the scene shows now. A screen
        // reader hears it through the page's one live region, at most every
        // few seconds, rather than this copy at every refresh.
        let summary = child(
            &section,
            "p",
            "scene-summary",
            &[("id", "scene-summary"), ("aria-hidden", "true")],
        );
        let live = live_region();
        append(parent, &section);
        Ui {
            note,
            section,
            play,
            step,
            speed,
            compare,
            clock,
            stage,
            watch,
            now,
            counters,
            summary,
            live,
        }
    }
}

fn button(parent: &Element, class: &str, label: &str, msg: SceneMsg) -> Element {
    let b = push_button(class, label);
    on(&b, "click", move |_| send(msg));
    append(parent, &b);
    b
}

fn labelled_select(parent: &Element, id: &str, label: &str) -> HtmlSelectElement {
    let wrap = el("label", "scene-field");
    attr(&wrap, "for", id);
    append(&wrap, &text_el("span", "", label));
    let sel = el("select", "");
    attr(&sel, "id", id);
    append(&wrap, &sel);
    append(parent, &wrap);
    sel.unchecked_into()
}

/// The page's values for side `i` of comparison `c` (the values as they
/// are without one).
fn side_params(params: &Params, c: Option<&Comparison>, i: usize) -> Params {
    c.map_or_else(|| params.clone(), |c| c.side(params, i))
}

/// "Routing: round-robin": side `i` of comparison `c`, in the words of the
/// parameter's spec.
fn side_label(topic: &dyn Topic, c: &Comparison, i: usize) -> String {
    let value = if i == 0 { c.a } else { c.b };
    if c.param == MODELS_PARAM {
        return Assumptions::from_word(value).map_or_else(
            || value.to_string(),
            |a| a.label(topic.about().base).to_string(),
        );
    }
    match topic.params().iter().find(|s| s.name == c.param) {
        Some(spec) => format!("{}: {}", spec.label, shown(spec, value)),
        None => format!("{} = {value}", c.param),
    }
}

fn shown(spec: &ParamSpec, text: &str) -> String {
    spec.parse(text)
        .map(|v| spec.display(v))
        .unwrap_or_else(|_| text.to_string())
}

/// The speeds offered: the fixed ladder with the scene's default in it.
fn speeds(default: f64) -> Vec<f64> {
    let mut v = SPEEDS.to_vec();
    if default.is_finite() && default > 0.0 && !v.iter().any(|s| (s - default).abs() < 1e-9) {
        let at = v.iter().position(|s| *s > default).unwrap_or(v.len());
        v.insert(at, default);
    }
    v
}

/// `prefers-reduced-motion: reduce` now, and a message when it changes.
fn watch_motion() -> bool {
    let Ok(Some(mq)) = window().match_media("(prefers-reduced-motion: reduce)") else {
        return false;
    };
    let q = mq.clone();
    on(&mq, "change", move |_| {
        send(SceneMsg::ReducedMotion(q.matches()))
    });
    mq.matches()
}

/// Messages when the scene scrolls in or out of view, the tab is hidden or
/// shown, or the stage changes size.
fn watch_visibility(stage: &Element) {
    let seen = Closure::<dyn FnMut(js_sys::Array)>::new(|entries: js_sys::Array| {
        let n = entries.length();
        if n == 0 {
            return;
        }
        let e: web_sys::IntersectionObserverEntry = entries.get(n - 1).unchecked_into();
        send(SceneMsg::InView(e.is_intersecting()));
    });
    if let Ok(io) = web_sys::IntersectionObserver::new(seen.as_ref().unchecked_ref()) {
        io.observe(stage);
        std::mem::forget(io);
    }
    seen.forget();
    on(&document(), "visibilitychange", |_| {
        send(SceneMsg::TabHidden(document().hidden()))
    });
    let sized = Closure::<dyn FnMut()>::new(|| send(SceneMsg::Resized));
    if let Ok(ro) = web_sys::ResizeObserver::new(sized.as_ref().unchecked_ref()) {
        ro.observe(stage);
        std::mem::forget(ro);
    }
    sized.forget();
}

/// A fresh seed from the browser's entropy (the clock when there is none).
fn fresh_seed() -> u64 {
    let mut b = [0u8; 4];
    match getrandom::fill(&mut b) {
        Ok(()) => u32::from_le_bytes(b) as u64,
        Err(_) => (now_ms() * 1000.0) as u64 % 4_294_967_296,
    }
}
