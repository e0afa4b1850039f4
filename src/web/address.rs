//! The address bar follows the topic page (the query is `urlstate::encode`
//! of what is shown): slider moves replace the current history entry after a
//! short pause, a story pushes a new one (not inside a frame, where it would
//! fill the host page's back button). While no rewrite is pending, the body's
//! `data-address-settled` holds the query of what the page shows: when it
//! equals `location.search`, the address is final (a test reads the link
//! then; after Back or Forward, it also says the page has followed).

use super::dom::*;
use super::host::framed;
use super::links::instructors_href;
use super::msg::{dispatch, Msg};
use crate::urlstate::{self, State};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Quiet time after the last slider move before the address and the host
/// are told (history API calls are rate-limited by browsers).
const SETTLE_MS: i32 = 250;

/// The pending rewrite of the address.
pub struct Address {
    /// The settle timer running, if any.
    timer: Option<i32>,
    /// A change since the last rewrite asked for a new history entry.
    push: bool,
    /// Sends [`Msg::Settle`] (made once, reused by every timer).
    settle: js_sys::Function,
}

impl Default for Address {
    fn default() -> Self {
        Address {
            timer: None,
            push: false,
            settle: Closure::<dyn FnMut()>::new(|| dispatch(Msg::Settle))
                .into_js_value()
                .unchecked_into(),
        }
    }
}

impl Address {
    /// Something on the page changed: the address (and the host) follow. A
    /// `push` (a story, the fix, the defaults) makes a new history entry at
    /// once; slider moves settle first and replace the current one.
    pub fn changed(&mut self, push: bool) {
        self.push |= push;
        mark_settled(None);
        let delay = if push { 0 } else { SETTLE_MS };
        if let Some(t) = self.timer.take() {
            window().clear_timeout_with_handle(t);
        }
        if let Ok(id) =
            window().set_timeout_with_callback_and_timeout_and_arguments_0(&self.settle, delay)
        {
            self.timer = Some(id);
        }
    }

    /// The timer fired (or the page was just built): the address shows
    /// `state`.
    pub fn settle(&mut self, state: &State) {
        if let Some(t) = self.timer.take() {
            window().clear_timeout_with_handle(t);
        }
        let push = std::mem::take(&mut self.push) && !framed();
        let query = format!("?{}", urlstate::encode(state));
        let loc = window().location();
        let before = loc.search().unwrap_or_default();
        if before != query {
            if let Ok(history) = window().history() {
                // A file:// page may refuse; the page itself is unaffected.
                let _ = if push {
                    history.push_state_with_url(&pushed_from(&before), "", Some(&query))
                } else if came_from(&history).as_deref() == Some(query.as_str()) {
                    // Back where the entry was pushed from (the guided start
                    // closed, as Back would have closed it): the entry
                    // before it, not a copy of it that Back would show again.
                    history.back()
                } else {
                    history.replace_state_with_url(&JsValue::NULL, "", Some(&query))
                };
            }
        }
        mark_settled(Some(&query));
    }
}

/// The state a pushed history entry keeps: the address it was pushed from.
fn pushed_from(query: &str) -> JsValue {
    let state = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&state, &FROM.into(), &query.into());
    state.into()
}

/// The address the current history entry was pushed from, if this page
/// pushed it.
fn came_from(history: &web_sys::History) -> Option<String> {
    let state = history.state().ok()?;
    js_sys::Reflect::get(&state, &FROM.into()).ok()?.as_string()
}

/// The key of [`pushed_from`]'s state.
const FROM: &str = "fleetlabFrom";

/// "Embed this page…" opens the instructors' page on `state` (kept current
/// on every change, so a click never races the settle timer).
pub fn point_embed_this(state: &State) {
    if let Some(a) = by_id("embed-this") {
        attr(&a, "href", &instructors_href(state));
    }
}

/// Sets the body's `data-address-settled` to the query written, or clears
/// it while a rewrite is pending.
fn mark_settled(query: Option<&str>) {
    let Some(body) = document().body() else {
        return;
    };
    match query {
        Some(q) => attr(&body, "data-address-settled", q),
        None => {
            let _ = body.remove_attribute("data-address-settled");
        }
    }
}
