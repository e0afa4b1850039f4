//! The challenge panel's code, loaded after a topic page's first paint.
//!
//! A page build (scripts/pages.mjs, feature `split-panel`) puts the panel's
//! code in a part of its own that the page fetches only once it has
//! painted: `panel_code` is a split point (`wasm_split_helpers`), and
//! `wasm-split-cli` moves every function only it reaches, through
//! [`mount`], the [`TopicPanel`] methods the app calls and what predictions
//! use ([`PanelCode::poe`]: the answer reader and the record), into
//! `page-<id>-<hash>_panel.wasm`: the panel, the topic's question solvers
//! (`topics::solver`), the reader of answers and the learner's record. The whole app's build has no split: there
//! the same call returns at once. The app holds the panel as a
//! `Box<dyn TopicPanel>` so that its calls go through the vtable the part
//! fills in, never to a function the first part would have to carry.

use super::msg::{dispatch, Effect, Msg, PracticeMsg};
use super::poe::PoeCode;
use super::practice::{Cx, Options, Panel};
use super::store::Store;
use crate::challenge::kinds::predict;
use crate::model::{Params, Topic, Unit};
use crate::urlstate;
use web_sys::Element;

/// What a call into the panel works on: the learner's record, opened by
/// the part's code on first use (reading it is the part's code too), and
/// the page's values.
pub struct On<'a> {
    pub store: &'a mut Option<Store>,
    pub page: &'a Params,
}

impl On<'_> {
    /// Runs `f` with the panel's context; returns what it returned and the
    /// effects it asked for.
    fn run<R>(self, f: impl FnOnce(&mut Cx) -> R) -> (R, Vec<Effect>) {
        let store = self.store.get_or_insert_with(Store::open);
        let mut cx = Cx::new(store, Some(self.page));
        let r = f(&mut cx);
        (r, cx.fx)
    }
}

/// What the app asks of a topic page's challenge panel; each call returns
/// the effects for the app to apply.
pub trait TopicPanel {
    fn update(&mut self, msg: PracticeMsg, on: On) -> Vec<Effect>;
    /// The question on show, as a link names it.
    fn current_challenge(&self, page: &Params) -> Option<urlstate::Challenge>;
    /// The page's values moved.
    fn page_changed(&mut self, on: On) -> Vec<Effect>;
    /// Back or forward: the question the address names.
    fn follow(&mut self, want: &urlstate::Challenge, on: On) -> Vec<Effect>;
}

impl TopicPanel for Panel {
    fn update(&mut self, msg: PracticeMsg, on: On) -> Vec<Effect> {
        on.run(|cx| Panel::update(self, msg, cx)).1
    }

    fn current_challenge(&self, page: &Params) -> Option<urlstate::Challenge> {
        Panel::current_challenge(self, page)
    }

    fn page_changed(&mut self, on: On) -> Vec<Effect> {
        on.run(|cx| Panel::page_changed(self, cx)).1
    }

    fn follow(&mut self, want: &urlstate::Challenge, on: On) -> Vec<Effect> {
        on.run(|cx| Panel::follow(self, want, cx)).1
    }
}

/// Builds the panel under a topic page (see [`Panel::mount_topic`]) with
/// the options the page's link sets, and the effects it asks for. The
/// options are read here, in the part: a graded page's seed is the
/// learner's, whose name is folded to lowercase, and Unicode's case
/// tables are then only the part's.
pub type Mount = fn(
    &Element,
    &'static dyn Topic,
    &urlstate::State,
    On,
) -> (Option<Box<dyn TopicPanel>>, Vec<Effect>);

fn mount(
    parent: &Element,
    topic: &'static dyn Topic,
    link: &urlstate::State,
    on: On,
) -> (Option<Box<dyn TopicPanel>>, Vec<Effect>) {
    let options = Options::for_topic(link);
    on.run(|cx| {
        Panel::mount_topic(parent, topic, options, cx).map(|p| Box::new(p) as Box<dyn TopicPanel>)
    })
}

/// A prediction's record: the story (and fix) `key` of `topic` bore out
/// (`right`) or not. The part's code, as the record's reading is.
fn record_prediction(
    store: &mut Option<Store>,
    topic: &str,
    key: &str,
    right: bool,
) -> Result<(), String> {
    store
        .get_or_insert_with(Store::open)
        .update(|p| p.predicted(topic, key, right))
}

/// What predictions use of the part.
const POE: PoeCode = PoeCode {
    read: predict::read_guess,
    record: record_prediction,
};

/// What the part holds: the panel, and what predictions use (the reader
/// of answers, the learner's record).
#[derive(Clone, Copy)]
pub struct PanelCode {
    pub mount: Mount,
    pub poe: PoeCode,
}

/// The panel's code, fetched the first time it is asked for; `Err` when the
/// part could not be fetched (the network failed).
#[cfg(feature = "split-panel")]
#[wasm_split_helpers::wasm_split(panel, fallible)]
fn panel_code_part() -> Result<PanelCode, wasm_split_helpers::SplitLoaderError> {
    Ok(PanelCode { mount, poe: POE })
}

/// The panel's code: fetched after the first paint in a page build, at hand
/// in the whole app.
async fn panel_code() -> Result<PanelCode, ()> {
    #[cfg(feature = "split-panel")]
    return panel_code_part().await.map_err(|_| ());
    #[cfg(not(feature = "split-panel"))]
    return Ok(PanelCode { mount, poe: POE });
}

/// Where the panel's code stands.
#[derive(Clone, Copy)]
enum Code {
    NotAsked,
    Asked,
    /// What [`load`] got: `Err` when the part could not be fetched.
    Got(Result<PanelCode, ()>),
}

thread_local! {
    static CODE: std::cell::Cell<Code> = const { std::cell::Cell::new(Code::NotAsked) };
}

/// Asks for the panel's code, once; `Msg::PanelLoaded` says when
/// [`loaded`] has it (a message carries no function of the part's).
pub fn load() {
    if !matches!(CODE.with(|c| c.get()), Code::NotAsked) {
        return;
    }
    CODE.with(|c| c.set(Code::Asked));
    wasm_bindgen_futures::spawn_local(async {
        let code = panel_code().await;
        CODE.with(|c| c.set(Code::Got(code)));
        dispatch(Msg::PanelLoaded);
    });
}

/// The panel's code [`load`] got (`Err`: the part could not be fetched);
/// `None` while it has not come.
pub fn loaded() -> Option<Result<PanelCode, ()>> {
    match CODE.with(|c| c.get()) {
        Code::Got(code) => Some(code),
        Code::NotAsked | Code::Asked => None,
    }
}

/// What predictions use now: the part's, once it has come; where it could
/// not be fetched, a plain number's reader and no record (the page says
/// so); `None` while it is on its way (asked for here if it was not yet).
pub fn poe_code() -> Option<PoeCode> {
    match loaded() {
        Some(Ok(code)) => Some(code.poe),
        Some(Err(())) => Some(PoeCode {
            read: plain_number,
            record: not_recorded,
        }),
        None => {
            load();
            None
        }
    }
}

/// No record where the part could not be fetched.
fn not_recorded(_: &mut Option<Store>, _: &str, _: &str, _: bool) -> Result<(), String> {
    Err("Not saved: part of the page did not load, so this prediction is not kept in your progress. Reload the page, with a working connection, to keep predictions.".into())
}

/// A figure typed as a plain number, where the answer reader's part could
/// not be fetched: a share as the reader takes it ("42", "42%", or 0.42,
/// a bare number of 1 or less being the fraction).
fn plain_number(text: &str, unit: Unit) -> Result<f64, String> {
    let t = text.trim().replace(',', "");
    let (t, percent) = match t.strip_suffix('%') {
        Some(t) => (t.trim().to_string(), true),
        None => (t, false),
    };
    // `decimal::parse`, not `str::parse`, whose float reader's tables
    // (10 KB) a page build does not otherwise carry.
    match crate::model::decimal::parse(&t) {
        Some(v) if unit == Unit::Share && (percent || v.abs() > 1.0) => Ok(v / 100.0),
        Some(v) if v.is_finite() => Ok(v),
        _ => Err(
            "type a plain number (part of the page did not load: the part that reads units)".into(),
        ),
    }
}

/// In place of the panel whose code could not be fetched: the page says
/// so, and how to try again.
pub fn say_not_loaded(parent: &Element) {
    use super::dom::*;
    let section = labelled_section("practice", "practice-h", "Practice");
    attr(&section, "id", "practice");
    let p = child(
        &section,
        "p",
        "q-saved",
        &[("role", "alert"), ("id", "practice-not-loaded")],
    );
    p.set_text_content(Some(
        "The challenge questions did not load (the network failed). Reload the page to try them again; your saved answers are kept.",
    ));
    append(parent, &section);
}
