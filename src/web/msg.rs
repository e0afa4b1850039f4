//! The one door into the page's state. Every event handler sends a [`Msg`]
//! through [`dispatch`]; the owner (src/web/app.rs, installed once the page
//! is built) handles them one at a time, in the order they arrived. An event
//! raised while an update runs (a DOM event fired synchronously by something
//! the update did, a handler that sends two messages) waits in the queue and
//! is handled right after the current one: none is dropped.
//!
//! The parts of the page (page, practice, drill, instructors…) are plain
//! structs: they take a message and the state they need, and return
//! [`Effect`]s for the owner to apply. This file sits below them all, so they
//! can send messages without knowing the owner.

use crate::challenge::{Grade, Question};
use std::cell::RefCell;
use std::collections::VecDeque;
use web_sys::{Element, HtmlInputElement, MessageEvent};

/// What happened on the page.
pub enum Msg {
    Page(PageMsg),
    Practice(PracticeMsg),
    Form(FormMsg),
    Interview(InterviewMsg),
    /// The address has been quiet long enough: write it, tell the host.
    Settle,
    /// A topic page's start, second part: the page has been built (and may
    /// have painted); its challenge panel and the rest follow
    /// (src/web/app.rs, `App::finish_topic`).
    FinishStart,
    /// The challenge panel's code is at hand, or could not be fetched
    /// (src/web/practice_load.rs, `loaded`).
    PanelLoaded,
    /// A page build's glossary definitions have come (src/web/glossary.rs,
    /// `fetch_definitions`).
    Definitions,
    /// The document may have changed height (reported to a host frame).
    Height,
    /// Back or forward in the browser's history.
    PopState,
    /// A "Copy" button was pressed.
    Copy(CopyWhat, CopyUi),
    /// A `message` event from another window (read as data, never run).
    Message(MessageEvent),
    /// The home page's scene previews.
    Preview(PreviewMsg),
    /// The prediction asked before a story's outcome (src/web/poe.rs).
    Predict(PredictMsg),
}

/// The home page's scene previews (src/web/scene/preview.rs).
#[derive(Clone, Copy)]
pub enum PreviewMsg {
    /// An animation frame, at its `requestAnimationFrame` time (ms).
    Frame(f64),
    /// A preview (its index) scrolled into (true) or out of view.
    InView(usize, bool),
    /// The page's styles changed: the previews repaint in the new inks.
    Restyled,
}

/// Predict before a story's outcome shows, on a topic page.
#[derive(Clone, Copy)]
pub enum PredictMsg {
    /// "Predict before each story" turned on or off.
    Toggle,
    /// "Commit my prediction".
    Commit,
    /// "Skip: show me".
    Skip,
}

/// In a question of another kind (src/web/kinds.rs).
#[derive(Clone, Copy)]
pub enum KindMsg {
    Check,
    /// The lever's parameter was chosen.
    Param,
    /// Move the step at a position up (true) or down.
    Move(usize, bool),
    /// "Show why".
    Why,
}

/// On a topic page.
pub enum PageMsg {
    /// A story button (the preset's index).
    Preset(usize),
    /// "Apply the fix" of the story on show.
    Fix,
    /// "Defaults".
    Reset,
    /// The model switch: the values on show run under this model.
    Model(crate::model::Assumptions),
    /// "What production does differently" opened or closed.
    ProductionOpened,
    /// A select's value (parameter index, option index).
    Choose(usize, f64),
    /// A slider's track position (parameter index, position).
    Slide(usize, f64),
    /// Text typed in a parameter's number box.
    Type(usize, String),
    /// A chart's "data as a table" opened or closed.
    Table(&'static str),
    /// The charts' box changed size.
    Resized,
    /// Charts (by id) came on screen (true) or went off it.
    ChartsSeen(Vec<(String, bool)>),
    /// The page rested after a change: a chart off screen is drawn.
    ChartsRest,
    /// A moved slider rested: the model runs in full after a preview, and
    /// what follows the values but not the hand catches up.
    Settle,
    /// The page's styles changed (its theme, projector mode, print or
    /// forced colours): the canvases are drawn again in the new inks.
    Restyled,
    /// The figures settled after a change: time to say them.
    Announce,
    /// The scene's clock or controls.
    Scene(SceneMsg),
    /// The guided start (src/web/scene/intro.rs).
    Intro(IntroMsg),
}

/// The guided start at the top of a topic page.
#[derive(Clone, Copy)]
pub enum IntroMsg {
    /// "Guided start": open it on its first step.
    Open,
    /// "Close" or Escape.
    Close,
    /// "Next": reveal a pending prediction, else the next step; on the
    /// last, open the full page on its story.
    Next,
    Back,
    /// A prediction's choice (its index).
    Choose(usize),
    /// An animation frame, at its `requestAnimationFrame` time (ms).
    Frame(f64),
}

/// The scene on a topic page (src/web/scene/).
#[derive(Clone, Copy)]
pub enum SceneMsg {
    /// An animation frame, at its `requestAnimationFrame` time (ms).
    Frame(f64),
    /// "Play" / "Pause".
    Play,
    /// "Step": pause and move one visible step.
    Step,
    /// "Restart": from the start, same seed.
    Restart,
    /// The speed select (the option's index).
    Speed(usize),
    /// "Side by side": a comparison (its index among those offered), or off.
    Compare(Option<usize>),
    /// The scene scrolled into (true) or out of view.
    InView(bool),
    /// The tab was hidden (true) or shown again.
    TabHidden(bool),
    /// `prefers-reduced-motion: reduce` turned on (true) or off.
    ReducedMotion(bool),
    /// The scene's box changed size.
    Resized,
}

/// In the question widget (under a topic page or on the practice page).
pub enum PracticeMsg {
    Check,
    Hint,
    Reveal,
    /// A template tab (its index).
    Tab(usize),
    /// "New question" / "Next question".
    Fresh,
    /// "Ask about this page".
    AboutPage,
    /// The practice page's topic checkboxes changed.
    Chosen,
    Export,
    /// The text of a file chosen to import.
    Imported(String),
    /// A question of another kind (the practice page).
    Kind(KindMsg),
}

/// On the mock interview page.
#[derive(Clone, Copy)]
pub enum InterviewMsg {
    /// "Start the mock" (the length is read from its radios).
    Start,
    /// An answer was submitted (read from its box).
    Submit,
    Skip,
    /// "End the mock now".
    End,
    /// "Start another mock".
    Again,
    /// The clock's second.
    Tick,
    /// A rubric point ticked (true) or unticked in the review: step, point.
    Rubric(usize, u32, bool),
}

/// A field of the instructors' form changed.
#[derive(Clone, Copy)]
pub enum FormMsg {
    Topic,
    Preset,
    Fix,
    Locks,
    Questions,
    Salt,
    Challenge,
    Only,
    Seed,
    Tries,
    Height,
    Hide,
    AutoHeight,
    /// "Back to the story's values".
    ResetValues,
}

/// What a "Copy" button copies.
#[derive(Clone, Copy)]
pub enum CopyWhat {
    /// The topic page's link as it is now.
    PageLink,
    /// The instructors' link for students.
    StudentLink,
    /// The instructors' iframe snippet.
    Snippet,
}

/// Where a copy shows how it went: the fallback field and the status line.
pub struct CopyUi {
    pub field: HtmlInputElement,
    pub status: Element,
}

/// What a part asks the owner to do after an update. One lives for the
/// length of an update, so a graded question and its grade ride in it whole.
#[allow(clippy::large_enum_variant)]
pub enum Effect {
    /// The page's address (and a host) should follow what is shown; `push`
    /// makes a new history entry at once, otherwise it settles first.
    AddressChanged { push: bool },
    /// The address should follow a discrete change at once, in the current
    /// entry (or back to the one it was pushed from): the guided start
    /// closed.
    AddressNow,
    /// The topic page's parameter values moved (a slider's once it rests).
    PageParamsChanged,
    /// A question was graded (after the record was saved).
    Graded {
        question: Question,
        grade: Grade,
        tries: u32,
        /// What the learner typed.
        response: String,
        /// The question is over: solved, or its tries used.
        done: bool,
    },
}

/// The owner of the page's state.
pub trait Owner {
    fn update(&mut self, msg: Msg);
}

thread_local! {
    /// The page's state: one owner, for the page's lifetime.
    static OWNER: RefCell<Option<Box<dyn Owner>>> = const { RefCell::new(None) };
    /// Messages not handled yet, oldest first.
    static QUEUE: RefCell<VecDeque<Msg>> = const { RefCell::new(VecDeque::new()) };
}

/// Sends `msg` to the owner: handled now, or (during an update, or before
/// the owner is installed) as soon as the owner is free.
pub fn dispatch(msg: Msg) {
    QUEUE.with(|q| q.borrow_mut().push_back(msg));
    run();
}

/// Sends `msg` in a task of its own once the browser has painted the page
/// as it stands and is idle: an idle callback (at most 50 ms away) asked
/// for from the next animation frame's callback (a frame's callbacks run
/// just before its paint), so that what the frame queued first (a click
/// during the build) goes first; a timeout of 0 where a browser has no idle
/// callbacks; or after 100 ms, whichever comes first (a hidden page gets no
/// frames).
pub fn dispatch_after_paint(msg: Msg) {
    use std::cell::Cell;
    use std::rc::Rc;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let Some(w) = web_sys::window() else {
        return dispatch(msg);
    };
    let held = Rc::new(Cell::new(Some(msg)));
    let send = |held: Rc<Cell<Option<Msg>>>| {
        Closure::once_into_js(move || {
            if let Some(msg) = held.take() {
                dispatch(msg);
            }
        })
    };
    let after_frame = send(held.clone());
    let on_frame = Closure::once_into_js(move || {
        let Some(w) = web_sys::window() else { return };
        let idle = js_sys::Reflect::get(&w, &"requestIdleCallback".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        match idle {
            Some(idle) => {
                let within = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&within, &"timeout".into(), &50.into());
                let _ = idle.call2(&w, &after_frame, &within);
            }
            None => {
                let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(
                    after_frame.unchecked_ref(),
                    0,
                );
            }
        }
    });
    let _ = w.request_animation_frame(on_frame.unchecked_ref());
    let _ =
        w.set_timeout_with_callback_and_timeout_and_arguments_0(send(held).unchecked_ref(), 100);
}

/// Hands the page's state to its owner, and handles what arrived meanwhile.
pub fn install(owner: Box<dyn Owner>) {
    OWNER.with(|o| *o.borrow_mut() = Some(owner));
    run();
}

/// Handles queued messages until none is left.
fn run() {
    OWNER.with(|o| {
        // Busy: an update is running further up this stack, and its loop
        // below takes the message next.
        let Ok(mut guard) = o.try_borrow_mut() else {
            return;
        };
        // Not installed yet: `install` runs the queue.
        let Some(owner) = guard.as_mut() else {
            return;
        };
        while let Some(msg) = QUEUE.with(|q| q.borrow_mut().pop_front()) {
            owner.update(msg);
        }
    });
}
