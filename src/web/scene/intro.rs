//! The guided start at the top of a topic page: the topic's `Intro`
//! (src/model/intro.rs), a step at a time, each step's picture the topic's
//! own scene built from the step's values. Topic-agnostic: it reads
//! `topics::intro(id)` and `topics::scene(id)`.
//!
//! A step's picture plays from its start to the step's still time in
//! [`PLAY_S`] real seconds, holds there, and plays again. A step that asks
//! for a prediction shows its first frame, still, until the learner answers
//! or presses Next. Under `prefers-reduced-motion: reduce` nothing moves:
//! each step shows its picture at its still time, and only Next (or Back, or
//! an answer) changes it. Frames come through the page's one owner as
//! [`IntroMsg::Frame`]; one arriving after the panel closed or the step
//! changed is ignored. The panel is `[data-intro="<topic id>"]`; its canvas
//! says its step (`data-step`) and whether it moves (`data-moving`).

use super::paint::Palette;
use super::side::Side;
use crate::model::intro::advance_to;
use crate::model::{Intro, IntroStep, SceneSpec, Topic};
use crate::topics;
use crate::web::dom::*;
use crate::web::msg::{dispatch, IntroMsg, Msg, PageMsg};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// Every step's picture starts from this seed: the same on every visit.
const SEED: u64 = 1;
/// Real seconds a step's picture takes to play to its still time.
const PLAY_S: f64 = 6.0;
/// Real seconds it holds there before playing again.
const HOLD_S: f64 = 2.5;
/// A frame after a gap (a hidden tab) catches up by at most this (s).
const MAX_GAP_S: f64 = 0.25;

fn send(m: IntroMsg) {
    dispatch(Msg::Page(PageMsg::Intro(m)));
}

/// The offer in the page's head `head`: index.html's copy (`shell`) kept
/// in place when its words are the page's, else a new one under the
/// source line, before the links the page adds.
fn offer_in(head: &Element, intro: &Intro, shell: Option<Element>) -> Element {
    let note = intro.offer_note();
    let kept = shell.and_then(|w| {
        let offer = w.first_element_child().filter(|b| {
            b.matches("button.intro-offer").unwrap_or(false)
                && b.text_content().as_deref() == Some(Intro::OFFER)
                && b.next_element_sibling()
                    .filter(|n| n.matches("span.intro-note:last-child").unwrap_or(false))
                    .and_then(|n| n.text_content())
                    .as_deref()
                    == Some(note.as_str())
        });
        if offer.is_none() {
            w.remove();
        }
        offer.map(|o| (w, o))
    });
    match kept {
        Some((w, o)) => {
            w.set_class_name("intro-wrap");
            // Pressed while the page loaded (www/loader.js): it opens now.
            let _ = o.remove_attribute("aria-pressed");
            o
        }
        None => {
            let wrap = el("div", "intro-wrap");
            let offer = push_button("intro-offer", Intro::OFFER);
            append(&wrap, &offer);
            append(&wrap, &text_el("span", "intro-note", &note));
            let links = head.query_selector(":scope > .copy-link").ok().flatten();
            let _ = head.insert_before(&wrap, links.as_ref().map(|l| l.as_ref()));
            offer
        }
    }
}

/// The guided start of a topic page; nothing when the topic has none or
/// the link hides it (`intro=0`).
pub struct IntroView(Option<Box<Guide>>);

struct Guide {
    topic: &'static dyn Topic,
    intro: &'static Intro,
    spec: &'static SceneSpec,
    offer: Element,
    panel: Element,
    heading: Element,
    text: Element,
    side: Side,
    alt: Element,
    ask: Element,
    question: Element,
    choices: Vec<Element>,
    reveal: Element,
    back: Element,
    next: Element,
    open: bool,
    step: usize,
    chosen: Option<usize>,
    revealed: bool,
    /// Each step's prediction once revealed: the choice made, if any (Back
    /// shows it again).
    answered: Vec<Option<Option<usize>>>,
    reduced: bool,
    palette: Palette,
    /// Real seconds held at the still time so far.
    held_s: f64,
    last_ms: Option<f64>,
    pending: bool,
    raf: Closure<dyn FnMut(f64)>,
}

impl IntroView {
    /// The offer ("Guided start") in the page's head `head`, under its
    /// source line, and the panel after the head; open at once when `open`.
    /// (In the head, the offer is where the words painted first are: the
    /// links and the model's switch the page adds to the head come after
    /// it, and on a phone, where they go under it, do not move it.)
    /// `shell`: index.html's copy of the offer
    /// (scripts/pages.mjs), painted while the model loaded, kept in place
    /// when its words are the page's, else removed. Pressed before the app
    /// started, it opens the guided start now (www/loader.js notes the press
    /// as `data-intro-asked` on the document).
    pub fn mount(
        head: &Element,
        topic: &'static dyn Topic,
        shell: Option<Element>,
        hidden: bool,
        open: bool,
    ) -> Self {
        let root = document().document_element();
        let asked = root
            .as_ref()
            .is_some_and(|r| r.has_attribute("data-intro-asked"));
        if let Some(r) = &root {
            let _ = r.remove_attribute("data-intro-asked");
        }
        let (Some(intro), Some(spec)) = (topics::intro(topic.id()), topics::scene(topic.id()))
        else {
            shell.inspect(|s| s.remove());
            return IntroView(None);
        };
        if hidden || intro.steps.is_empty() {
            shell.inspect(|s| s.remove());
            return IntroView(None);
        }
        let mut g = Guide::build(head, topic, intro, spec, shell);
        if open || asked {
            // Opened by its link (the home card's "Guided start"): the
            // step's heading takes the focus, so Tab reaches its controls.
            g.open(false);
            let _ = html(&g.heading).focus();
            g.ask_frame();
        }
        IntroView(Some(Box::new(g)))
    }

    /// What the page's link says of it: `Some(false)` when the link hid it,
    /// `Some(true)` while open, else nothing.
    pub fn link_value(&self) -> Option<bool> {
        match &self.0 {
            None => Some(false),
            Some(g) => g.open.then_some(true),
        }
    }

    /// Handles `msg`; the story to open the full page on, when the last
    /// step's button was pressed.
    pub fn update(&mut self, msg: IntroMsg) -> Option<&'static str> {
        self.0.as_mut()?.update(msg)
    }

    /// Follows an address the browser went back or forward to: open where
    /// it says `intro=1`, closed where it does not (opening pushed an
    /// entry, so Back closes the guided start and stays on the topic).
    /// Forward opens it again on the step the learner left, with the
    /// answers given; its offer starts it over.
    pub fn follow(&mut self, want: Option<bool>) {
        let Some(g) = self.0.as_mut() else {
            return;
        };
        match (g.open, want == Some(true)) {
            (true, false) => g.close(),
            (false, true) => {
                g.open_at(g.step, true);
                g.heading_in_view();
            }
            _ => return,
        }
        g.ask_frame();
    }

    pub fn restyle(&mut self) {
        if let Some(g) = &mut self.0 {
            g.palette = Palette::read();
            if g.open {
                g.side.draw(&g.palette);
            }
        }
    }
}

impl Guide {
    fn build(
        head: &Element,
        topic: &'static dyn Topic,
        intro: &'static Intro,
        spec: &'static SceneSpec,
        shell: Option<Element>,
    ) -> Guide {
        let id = topic.id();
        let offer = offer_in(head, intro, shell);
        attr(&offer, "data-intro-offer", id);
        attr(&offer, "aria-expanded", "false");
        attr(&offer, "aria-controls", "intro");
        on(&offer, "click", |_| send(IntroMsg::Open));

        let panel = el("section", "intro");
        attr(&panel, "id", "intro");
        attr(&panel, "data-intro", id);
        attr(&panel, "aria-labelledby", "intro-h");
        // A click on the step's words or picture leaves the focus in the
        // panel (not on the page's body), where Escape still closes it.
        attr(&panel, "tabindex", "-1");
        attr(&panel, "hidden", "");
        let heading = el("h2", "intro-h");
        attr(&heading, "id", "intro-h");
        attr(&heading, "tabindex", "-1");
        append(&panel, &heading);
        let text = el("p", "intro-text");
        append(&panel, &text);

        let (ask, question, choices, reveal) = ask_group(&panel, intro);

        let canvas = el("canvas", "intro-canvas");
        attr(&canvas, "data-intro-picture", id);
        attr(&canvas, "role", "img");
        attr(&canvas, "aria-describedby", "intro-alt");
        // On a phone the picture takes its scene's narrow layout, as the
        // page's scene does.
        let scroll = scroll_box(&panel, "intro-scroll", "The step's picture");
        append(&scroll, &canvas);
        let alt = el("p", "intro-alt");
        attr(&alt, "id", "intro-alt");
        append(&panel, &alt);

        let nav = el("div", "intro-nav");
        let back = push_button("intro-back", "Back");
        on(&back, "click", |_| send(IntroMsg::Back));
        append(&nav, &back);
        let next = push_button("intro-next", "Next");
        on(&next, "click", |_| send(IntroMsg::Next));
        append(&nav, &next);
        let close = push_button("intro-close", "Close the guided start");
        on(&close, "click", |_| send(IntroMsg::Close));
        append(&nav, &close);
        append(&panel, &nav);
        // Escape closes it from anywhere on the page while it is open (the
        // page under it is hidden), but in the site's menu, whose own
        // Escape closes the menu.
        on(&document(), "keydown", |e| {
            let key = e.dyn_ref::<web_sys::KeyboardEvent>().map(|k| k.key());
            let open = by_id("app").is_some_and(|a| a.has_attribute("data-intro-open"));
            let in_menu = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Node>().ok())
                .zip(by_id("menu"))
                .is_some_and(|(n, menu)| menu.contains(Some(&n)));
            if key.as_deref() == Some("Escape") && open && !in_menu {
                e.prevent_default();
                send(IntroMsg::Close);
            }
        });
        let _ = head.after_with_node_1(&panel);

        let side = Side::on(canvas.unchecked_into(), true).expect("a 2D canvas");
        let reduced = window()
            .match_media("(prefers-reduced-motion: reduce)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches());
        Guide {
            topic,
            intro,
            spec,
            offer,
            panel,
            heading,
            text,
            side,
            alt,
            ask,
            question,
            choices,
            reveal,
            back,
            next,
            open: false,
            step: 0,
            chosen: None,
            revealed: false,
            answered: vec![None; intro.steps.len()],
            reduced,
            palette: Palette::current(),
            held_s: 0.0,
            last_ms: None,
            pending: false,
            raf: Closure::<dyn FnMut(f64)>::new(|t: f64| send(IntroMsg::Frame(t))),
        }
    }

    fn update(&mut self, msg: IntroMsg) -> Option<&'static str> {
        match msg {
            IntroMsg::Open => {
                self.open(true);
                self.heading_in_view();
            }
            IntroMsg::Close => self.close(),
            IntroMsg::Back if self.open && self.step > 0 => {
                self.show(self.step - 1);
                self.heading_in_view();
            }
            IntroMsg::Next if self.open => {
                if !self.revealed {
                    self.reveal_now(true);
                } else if self.step + 1 < self.intro.steps.len() {
                    self.show(self.step + 1);
                    self.heading_in_view();
                } else {
                    let story = self.here().story;
                    self.close();
                    return story;
                }
            }
            IntroMsg::Choose(k)
                if self.open
                    && self.chosen.is_none()
                    && self.here().predict.is_some_and(|p| k < p.choices.len()) =>
            {
                self.chosen = Some(k);
                self.reveal_now(true);
            }
            IntroMsg::Frame(t) => {
                self.pending = false;
                self.frame(t);
            }
            _ => {}
        }
        self.ask_frame();
        None
    }

    /// On a short screen (a phone) Next sits below the picture: a new
    /// step scrolls back up to its title when the title is above the
    /// screen, so its words are read before its picture. The focus stays
    /// on Next.
    fn heading_in_view(&self) {
        if self.heading.get_bounding_client_rect().top() < -1.0 {
            self.heading.scroll_into_view();
        }
    }

    fn here(&self) -> &'static IntroStep {
        &self.intro.steps[self.step]
    }

    /// Opens on the first step, its answers forgotten.
    fn open(&mut self, focus: bool) {
        self.answered.iter_mut().for_each(|a| *a = None);
        self.open_at(0, focus);
    }

    /// Opens on step `i`. While open, the full page under it is hidden
    /// (`#app[data-intro-open]`): its figures are the page's, not the
    /// step's, and would contradict the picture.
    fn open_at(&mut self, i: usize, focus: bool) {
        self.open = true;
        remove_attr(&self.panel, "hidden");
        attr(&self.offer, "aria-expanded", "true");
        attr(&self.offer, "hidden", "");
        if let Some(app) = by_id("app") {
            attr(&app, "data-intro-open", "");
        }
        self.show(i);
        if focus {
            // Its heading is brought into view (`heading_in_view`): on a
            // phone Next is a picture's height below it.
            focus_in_place(&self.next);
        }
    }

    fn close(&mut self) {
        self.open = false;
        if let Some(app) = by_id("app") {
            remove_attr(&app, "data-intro-open");
        }
        attr(&self.panel, "hidden", "");
        attr(&self.offer, "aria-expanded", "false");
        remove_attr(&self.offer, "hidden");
        let _ = html(&self.offer).focus();
    }

    /// Step `i`, from its start.
    fn show(&mut self, i: usize) {
        self.step = i;
        let s = self.here();
        let n = self.intro.steps.len();
        self.heading
            .set_text_content(Some(&format!("Step {} of {n}: {}", i + 1, s.title)));
        self.text.set_text_content(Some(s.text));
        self.chosen = None;
        self.revealed = s.predict.is_none();
        match s.predict {
            Some(p) => {
                remove_attr(&self.ask, "hidden");
                self.question.set_text_content(Some(p.question));
                for (k, b) in self.choices.iter().enumerate() {
                    match p.choices.get(k) {
                        Some(c) => {
                            b.set_text_content(Some(c));
                            remove_attr(b, "hidden");
                            remove_attr(b, "disabled");
                            attr(b, "aria-pressed", "false");
                            b.set_class_name("intro-choice");
                        }
                        None => attr(b, "hidden", ""),
                    }
                }
                self.reveal
                    .set_text_content(Some("Choose an answer, or press Show me."));
            }
            None => attr(&self.ask, "hidden", ""),
        }
        if i == 0 {
            // A button disabled with the focus on it drops the focus to the
            // page's body: Back pressed to the first step hands it to Next.
            let had = document().active_element().as_ref() == Some(&self.back);
            attr(&self.back, "disabled", "");
            if had {
                focus_in_place(&self.next);
            }
        } else {
            remove_attr(&self.back, "disabled");
        }
        self.label_next();
        attr(
            &self.side.canvas,
            "aria-label",
            &format!("Picture: {}", s.title),
        );
        attr(&self.side.canvas, "data-step", &i.to_string());
        // The step's own scene, from its start.
        let scene = s.scene(self.topic, self.spec, SEED).ok();
        if let Some(scene) = scene {
            self.side.set(scene);
        }
        self.held_s = 0.0;
        self.last_ms = None;
        // A prediction answered before (then Back): as it was answered.
        if let Some(chosen) = self.answered[i] {
            self.chosen = chosen;
            self.reveal_now(false);
            return;
        }
        if self.revealed && self.reduced {
            self.go_still();
        }
        self.paint();
    }

    fn label_next(&self) {
        let s = self.here();
        let last = self.step + 1 == self.intro.steps.len();
        let label = match (
            self.revealed,
            last,
            s.story.and_then(|id| self.topic.preset(id)),
        ) {
            (false, _, _) => "Show me".to_string(),
            (true, true, Some(p)) => format!("Open the full page on “{}”", p.title),
            (true, true, None) => "Open the full page".to_string(),
            (true, false, _) => "Next".to_string(),
        };
        self.next.set_text_content(Some(&label));
    }

    /// The prediction is answered or skipped: say why, and let it play;
    /// `focus`: Next takes the focus.
    fn reveal_now(&mut self, focus: bool) {
        self.revealed = true;
        let Some(p) = self.here().predict else {
            return;
        };
        self.answered[self.step] = Some(self.chosen);
        let said = match self.chosen {
            Some(k) if k == p.answer => format!("Right. {}", p.reveal),
            Some(_) => format!("Not quite: {}. {}", p.choices[p.answer], p.reveal),
            None => format!("The answer: {}. {}", p.choices[p.answer], p.reveal),
        };
        self.reveal.set_text_content(Some(&said));
        for (k, b) in self.choices.iter().enumerate() {
            attr(b, "disabled", "");
            attr(
                b,
                "aria-pressed",
                if Some(k) == self.chosen {
                    "true"
                } else {
                    "false"
                },
            );
            if k == p.answer {
                b.set_class_name("intro-choice right");
            }
        }
        self.label_next();
        if focus {
            // The verdict stays in view, beside the answer that was pressed:
            // on a phone Next is a picture's height below it.
            focus_in_place(&self.next);
        }
        if self.reduced {
            self.go_still();
        }
        self.paint();
    }

    fn go_still(&mut self) {
        let at = self.here().at_s;
        if let Some(s) = self.side.scene.as_mut() {
            advance_to(s.as_mut(), at);
        }
    }

    fn moving(&self) -> bool {
        self.open && self.revealed && !self.reduced
    }

    fn frame(&mut self, t_ms: f64) {
        if !self.moving() {
            return;
        }
        let gap = self
            .last_ms
            .map_or(0.0, |l| ((t_ms - l) / 1000.0).clamp(0.0, MAX_GAP_S));
        self.last_ms = Some(t_ms);
        let at = self.here().at_s;
        let now = self.side.now_s();
        if now + 1e-9 >= at {
            self.held_s += gap;
            if self.held_s < HOLD_S {
                return;
            }
            // Again from the start.
            let s = self.here().scene(self.topic, self.spec, SEED).ok();
            if let Some(s) = s {
                self.side.set(s);
            }
            self.held_s = 0.0;
        } else {
            let dt = (gap * at / PLAY_S).min(at - now);
            self.side.advance(dt);
        }
        self.paint();
    }

    fn paint(&mut self) {
        if !self.open {
            return;
        }
        self.side.measure();
        self.side.draw(&self.palette);
        let mut said = String::new();
        if let Some(s) = &self.side.scene {
            s.summary(&mut said);
        }
        if self.alt.text_content().as_deref() != Some(said.as_str()) {
            self.alt.set_text_content(Some(&said));
        }
        attr(
            &self.side.canvas,
            "data-moving",
            if self.moving() { "true" } else { "false" },
        );
    }

    fn ask_frame(&mut self) {
        if self.moving() && !self.pending {
            let f = self.raf.as_ref().unchecked_ref();
            self.pending = window().request_animation_frame(f).is_ok();
        }
    }
}

/// The prediction's group: its question, as many choice buttons as the
/// longest prediction has, and the line that reveals the answer.
fn ask_group(panel: &Element, intro: &Intro) -> (Element, Element, Vec<Element>, Element) {
    let ask = el("div", "intro-ask");
    attr(&ask, "role", "group");
    attr(&ask, "aria-labelledby", "intro-q");
    let question = el("p", "intro-q");
    attr(&question, "id", "intro-q");
    append(&ask, &question);
    let row = el("div", "intro-choices");
    append(&ask, &row);
    let most = intro
        .steps
        .iter()
        .filter_map(|s| s.predict.map(|p| p.choices.len()))
        .max()
        .unwrap_or(0);
    let choices: Vec<Element> = (0..most)
        .map(|k| {
            let b = push_button("intro-choice", "");
            attr(&b, "aria-pressed", "false");
            on(&b, "click", move |_| send(IntroMsg::Choose(k)));
            append(&row, &b);
            b
        })
        .collect();
    let reveal = el("p", "intro-reveal");
    attr(&reveal, "aria-live", "polite");
    append(&ask, &reveal);
    append(panel, &ask);
    (ask, question, choices, reveal)
}
