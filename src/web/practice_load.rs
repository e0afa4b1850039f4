//! The challenge panel's code, loaded after a topic page's first paint.
//!
//! A page build (scripts/pages.mjs, feature `split-panel`) puts the panel's
//! code in a part of its own that the page fetches only once it has
//! painted: `panel_code` is a split point (`wasm_split_helpers`), and
//! `wasm-split-cli` moves every function only it reaches, through
//! [`mount`] and the [`TopicPanel`] methods the app calls, into
//! `page-<id>-<hash>_panel.wasm`. The whole app's build has no split: there
//! the same call returns at once. The app holds the panel as a
//! `Box<dyn TopicPanel>` so that its calls go through the vtable the part
//! fills in, never to a function the first part would have to carry.

use super::msg::{dispatch, Msg, PracticeMsg};
use super::practice::{Cx, Options, Panel};
use crate::model::{Params, Topic};
use crate::urlstate;
use web_sys::Element;

/// What the app asks of a topic page's challenge panel.
pub trait TopicPanel {
    fn update(&mut self, msg: PracticeMsg, cx: &mut Cx);
    /// The question on show, as a link names it.
    fn current_challenge(&self, page: &Params) -> Option<urlstate::Challenge>;
    /// The page's values moved.
    fn page_changed(&mut self, cx: &mut Cx);
    /// Back or forward: the question the address names.
    fn follow(&mut self, want: &urlstate::Challenge, cx: &mut Cx);
}

impl TopicPanel for Panel {
    fn update(&mut self, msg: PracticeMsg, cx: &mut Cx) {
        Panel::update(self, msg, cx)
    }

    fn current_challenge(&self, page: &Params) -> Option<urlstate::Challenge> {
        Panel::current_challenge(self, page)
    }

    fn page_changed(&mut self, cx: &mut Cx) {
        Panel::page_changed(self, cx)
    }

    fn follow(&mut self, want: &urlstate::Challenge, cx: &mut Cx) {
        Panel::follow(self, want, cx)
    }
}

/// Builds the panel under a topic page (see [`Panel::mount_topic`]).
pub type Mount = fn(&Element, &'static dyn Topic, Options, &mut Cx) -> Option<Box<dyn TopicPanel>>;

fn mount(
    parent: &Element,
    topic: &'static dyn Topic,
    options: Options,
    cx: &mut Cx,
) -> Option<Box<dyn TopicPanel>> {
    Panel::mount_topic(parent, topic, options, cx).map(|p| Box::new(p) as Box<dyn TopicPanel>)
}

/// The panel's code, fetched the first time it is asked for; `Err` when the
/// part could not be fetched (the network failed).
#[cfg(feature = "split-panel")]
#[wasm_split_helpers::wasm_split(panel, fallible)]
fn panel_code_part() -> Result<Mount, wasm_split_helpers::SplitLoaderError> {
    Ok(mount)
}

/// The panel's code: fetched after the first paint in a page build, at hand
/// in the whole app.
async fn panel_code() -> Result<Mount, ()> {
    #[cfg(feature = "split-panel")]
    return panel_code_part().await.map_err(|_| ());
    #[cfg(not(feature = "split-panel"))]
    return Ok(mount);
}

thread_local! {
    /// The panel's code once asked for: what [`load`] got, until [`loaded`]
    /// takes it.
    static LOADED: std::cell::Cell<Option<Result<Mount, ()>>> = const { std::cell::Cell::new(None) };
}

/// Asks for the panel's code; `Msg::PanelLoaded` says when [`loaded`] has
/// it (a message carries no function of the part's).
pub fn load() {
    wasm_bindgen_futures::spawn_local(async {
        let code = panel_code().await;
        LOADED.with(|l| l.set(Some(code)));
        dispatch(Msg::PanelLoaded);
    });
}

/// The panel's code [`load`] got (`Err`: the part could not be fetched),
/// once.
pub fn loaded() -> Option<Result<Mount, ()>> {
    LOADED.with(|l| l.take())
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
