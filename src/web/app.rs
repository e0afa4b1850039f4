//! The owner of the page's state. [`start`] builds the view the link names
//! and installs an [`App`] behind the one door (src/web/msg.rs); from then on
//! every event reaches it as a [`Msg`], one at a time. The parts it holds
//! (page, practice panel, drill, instructors' form, address, host, store)
//! return [`Effect`]s, which it applies here, each at once and in order (an
//! effect's own effects run before the next one).

#![cfg_attr(not(feature = "every-view"), allow(irrefutable_let_patterns))]

use super::address::{point_embed_this, Address};
use super::dom::*;
use super::drill::{self, Drill};
use super::glossary;
use super::home;
use super::host::{self, Host};
use super::instructors::Form;
use super::interview::Interview;
use super::links::{copy_text, link_for};
use super::msg::{
    dispatch, dispatch_after_paint, install, CopyUi, CopyWhat, Effect, Msg, Owner, PageMsg,
    PredictMsg,
};
use super::page::Page;
use super::poe::Poe;
use super::practice_load::{self, Mount, On, TopicPanel};
use super::scene::Previews;
use super::store::Store;
use crate::challenge;
use crate::urlstate::{self, State, View};

pub struct App {
    host: Host,
    /// The learner's record, opened when a question widget first needs it.
    store: Option<Store>,
    view: Shown,
}

/// The view on show and its parts. (One value for the page's lifetime, so
/// the variants' sizes do not matter.)
#[allow(clippy::large_enum_variant)]
enum Shown {
    Topic {
        page: Page,
        address: Address,
        /// The challenge panel, unless hidden or the topic has none.
        practice: Option<Box<dyn TopicPanel>>,
        /// Predictions before a story's outcome, unless the stories are hidden.
        poe: Option<Poe>,
        /// The link the page was opened with, until the start's second task
        /// ([`App::finish_topic`]) has built the challenge panel; meanwhile
        /// the page's link keeps the question it names.
        opened: Option<Box<State>>,
    },
    // The other views are the whole app's: a page build (one topic's page,
    // Cargo.toml's features) links none of their code.
    #[cfg(feature = "every-view")]
    Drill(Drill),
    #[cfg(feature = "every-view")]
    Instructors(Form),
    /// The home page: links, the record as it was read, and the scenes'
    /// previews (the only thing that moves).
    #[cfg(feature = "every-view")]
    Home(Previews),
    /// The glossary: a page of words, with no state to change.
    #[cfg(feature = "every-view")]
    Glossary,
    #[cfg(feature = "every-view")]
    Interview(Interview),
}

/// Builds the page `link` describes (`notes`: its adjustments, for the
/// notice) and hands its state to the owner. True when the page is built;
/// a topic page is built in two tasks and marks itself ready at the end of
/// the second ([`App::finish_topic`]).
pub fn start(link: State, notes: Vec<String>) -> bool {
    let topic_page = link.view == View::Topic;
    let app = match link.view {
        View::Topic => App::topic(link, notes),
        // A page build serves its topic's page only (web::holds).
        #[cfg(not(feature = "every-view"))]
        _ => return true,
        #[cfg(feature = "every-view")]
        View::Practice => {
            let mut store = Store::open();
            let drill = Drill::mount(&app_root(), &link, notes, &mut store);
            App::new(Some(store), Shown::Drill(drill))
        }
        #[cfg(feature = "every-view")]
        View::Instructors => App::new(
            None,
            Shown::Instructors(Form::mount(&app_root(), link, notes)),
        ),
        #[cfg(feature = "every-view")]
        View::Home => {
            let store = Store::open();
            home::mount(&app_root(), &notes, &store);
            let previews = Previews::mount(&app_root());
            App::new(Some(store), Shown::Home(previews))
        }
        #[cfg(feature = "every-view")]
        View::Interview => {
            let mut store = Store::open();
            let page = Interview::mount(&app_root(), &link, notes, &mut store);
            App::new(Some(store), Shown::Interview(page))
        }
        #[cfg(feature = "every-view")]
        View::Glossary => {
            glossary::mount(&app_root());
            App::new(None, Shown::Glossary)
        }
    };
    install(Box::new(app));
    !topic_page
}

fn app_root() -> web_sys::Element {
    by_id("app").expect("#app")
}

impl App {
    /// A view with its store (if it keeps a record), before any host has
    /// spoken.
    fn new(store: Option<Store>, view: Shown) -> App {
        App {
            host: Host::default(),
            store,
            view,
        }
    }

    /// A topic page, in two tasks: this one builds the page (controls,
    /// figures, charts, scene) and its predictions, so that it can paint;
    /// the next ([`App::finish_topic`]) builds what lies below it.
    fn topic(link: State, notes: Vec<String>) -> App {
        let topic = link.topic();
        let (page, fx) = Page::mount(topic, link.clone(), notes);
        let poe = Poe::mount(topic, link.embed.predicts(View::Topic));
        let mut app = App {
            host: Host::default(),
            store: None,
            view: Shown::Topic {
                page,
                address: Address::default(),
                practice: None,
                poe,
                opened: Some(Box::new(link)),
            },
        };
        app.apply(fx);
        dispatch_after_paint(Msg::FinishStart);
        app
    }

    /// A topic page's start, second task, once the page has painted: the
    /// glossary's links ([`Page::finish_start`]) and the terms'
    /// definitions, then the panel.
    fn finish_start(&mut self) {
        if let Shown::Topic { page, .. } = &mut self.view {
            page.finish_start();
        }
        glossary::fetch_definitions();
        self.load_panel();
    }

    /// The challenge panel's code (a part of its own in a page build,
    /// src/web/practice_load.rs), unless the link hides the panel or the
    /// topic has none; then [`App::finish_topic`].
    fn load_panel(&mut self) {
        let Shown::Topic { opened, page, .. } = &self.view else {
            return;
        };
        let wanted = opened
            .as_ref()
            .is_some_and(|link| !link.embed.hide.practice)
            && challenge::topics_with_challenges().contains(&page.topic().id());
        if !wanted {
            self.finish_topic(None);
            return;
        }
        practice_load::load();
    }

    /// A topic page's start, last: its challenge panel (`mount`, or a note
    /// that its code did not load), its address (the canonical link,
    /// question included), `ready` to a host, and `data-ready`. Events that
    /// came meanwhile have been handled; the panel asks about the values on
    /// show now.
    fn finish_topic(&mut self, mount: Option<Result<Mount, ()>>) {
        let Shown::Topic { opened, page, .. } = &mut self.view else {
            return;
        };
        let Some(link) = opened.take() else {
            return;
        };
        let topic = page.topic();
        match mount {
            Some(Ok(mount)) => {
                let fx = self.mount_practice(&link, mount);
                self.apply(fx);
            }
            Some(Err(())) => practice_load::say_not_loaded(page.results()),
            None => {}
        }
        if link.embed.on {
            super::page::name_regions();
        }
        if let Shown::Topic { page, .. } = &mut self.view {
            // The panel is in place: the charts are drawn at their final
            // size before the page says it is ready, not a frame later.
            let fx = page.update(PageMsg::Resized);
            self.apply(fx);
        }
        // The address bar shows the canonical link (a tampered one is
        // replaced), question included. (The host hears `ready` below, not
        // a change.)
        let shown = self.settle_address().unwrap_or(*link);
        self.host.ready(topic, &shown);
        super::ready();
    }

    /// The challenge panel under the topic page, with the options `link`
    /// sets (the part's code reads them: see [`Mount`]).
    fn mount_practice(&mut self, link: &State, mount: Mount) -> Vec<Effect> {
        let Shown::Topic { page, practice, .. } = &mut self.view else {
            return Vec::new();
        };
        let on = On {
            store: &mut self.store,
            page: page.params(),
        };
        let (panel, fx) = mount(page.results(), page.topic(), link, on);
        *practice = panel;
        fx
    }

    /// What the topic page shows, as a link would rebuild it.
    fn page_state(&self) -> Option<State> {
        let Shown::Topic {
            page,
            practice,
            poe,
            opened,
            ..
        } = &self.view
        else {
            return None;
        };
        let challenge = match (practice, opened) {
            (Some(p), _) => p.current_challenge(page.params()),
            // The panel is not built yet: the question the link names.
            (None, Some(link)) if !link.embed.hide.practice => Some(link.challenge.clone()),
            (None, _) => None,
        };
        let mut s = page.link_state(challenge);
        if let Some(poe) = poe {
            s.embed.predict = poe.enabled.then_some(true);
        }
        Some(s)
    }

    fn apply(&mut self, fx: Vec<Effect>) {
        for effect in fx {
            let more = self.apply_one(effect);
            self.apply(more);
        }
    }

    fn apply_one(&mut self, effect: Effect) -> Vec<Effect> {
        match effect {
            Effect::AddressChanged { push } => {
                if let Shown::Topic { address, .. } = &mut self.view {
                    address.changed(push);
                }
                if let Some(state) = self.page_state() {
                    point_embed_this(&state);
                }
            }
            Effect::AddressNow => {
                self.settle();
                if let Some(state) = self.page_state() {
                    point_embed_this(&state);
                }
            }
            Effect::PageParamsChanged => {
                if let Shown::Topic {
                    page,
                    practice: Some(panel),
                    ..
                } = &mut self.view
                {
                    return panel.page_changed(On {
                        store: &mut self.store,
                        page: page.params(),
                    });
                }
            }
            Effect::Graded {
                question,
                grade,
                tries,
                response,
                done,
            } => {
                let Some(store) = &self.store else {
                    return Vec::new();
                };
                #[cfg(feature = "every-view")]
                if matches!(self.view, Shown::Drill(_)) {
                    drill::paint_progress_table(store);
                    return Vec::new();
                }
                if let Some(page) = self.page_state() {
                    let graded = host::Graded {
                        question: &question,
                        grade: &grade,
                        response: &response,
                        tries,
                        done,
                    };
                    host::graded(&page, &graded, store.progress());
                }
            }
        }
        Vec::new()
    }

    /// Back or forward: the page shows what the address names, question
    /// included. The address is authoritative: the question is restored
    /// from it after the values, so following the values (which re-asks an
    /// untried question about the page) never leaves another question on
    /// show than the link names.
    fn follow_address(&mut self) -> Vec<Effect> {
        let Shown::Topic {
            page,
            practice,
            poe,
            opened,
            ..
        } = &mut self.view
        else {
            return Vec::new();
        };
        if let Some(poe) = poe {
            poe.cancel();
        }
        let query = window().location().search().unwrap_or_default();
        let link = urlstate::decode(&query).0;
        if link.topic != page.topic().id() {
            return Vec::new();
        }
        let mut fx = page.follow(&link);
        // The panel is not built yet: it opens on the question this entry
        // names.
        if let Some(opened) = opened {
            opened.challenge = link.challenge.clone();
        }
        // Written back in canonical form once it settles (a no-op when the
        // entry already is).
        fx.push(Effect::AddressChanged { push: false });
        let Some(panel) = practice else {
            return fx;
        };
        fx.retain(|e| !matches!(e, Effect::PageParamsChanged));
        fx.append(&mut panel.follow(
            &link.challenge,
            On {
                store: &mut self.store,
                page: page.params(),
            },
        ));
        fx
    }

    /// The settle timer fired: the address and the host catch up.
    fn settle(&mut self) {
        if let Some(state) = self.settle_address() {
            self.host.settled(&state);
        }
    }

    /// The address (and "Embed this page…") show the page now; the state
    /// written.
    fn settle_address(&mut self) -> Option<State> {
        let state = self.page_state()?;
        if let Shown::Topic { address, .. } = &mut self.view {
            address.settle(&state);
        }
        point_embed_this(&state);
        Some(state)
    }

    fn copy(&self, what: CopyWhat, ui: &CopyUi) {
        let text = match (what, &self.view) {
            (CopyWhat::PageLink, Shown::Topic { .. }) => self.page_state().map(|s| link_for(&s)),
            #[cfg(feature = "every-view")]
            (CopyWhat::StudentLink, Shown::Instructors(form)) => Some(form.link_value()),
            #[cfg(feature = "every-view")]
            (CopyWhat::Snippet, Shown::Instructors(form)) => Some(form.snippet_value()),
            _ => None,
        };
        if let Some(text) = text {
            copy_text(&text, ui);
        }
    }

    /// Handles `msg` in the view on show; the effects for [`App::apply`].
    fn route(&mut self, msg: Msg) -> Vec<Effect> {
        match (msg, &mut self.view) {
            (Msg::Page(m), Shown::Topic { page, poe, .. }) => {
                let story = matches!(m, PageMsg::Preset(_) | PageMsg::Fix);
                let moves = matches!(
                    m,
                    PageMsg::Reset | PageMsg::Choose(..) | PageMsg::Slide(..) | PageMsg::Type(..)
                );
                let fx = page.update(m);
                if let (Some(poe), Some(out)) = (poe.as_mut(), page.outcome()) {
                    if story {
                        let (s, fix) = page.story();
                        poe.story_chosen(s, fix, out);
                    } else if moves {
                        poe.cancel();
                    }
                }
                fx
            }
            (
                Msg::Predict(m),
                Shown::Topic {
                    page,
                    poe: Some(poe),
                    ..
                },
            ) => {
                // A prediction's figure is read with the answer reader, and
                // recorded, by the challenge panel's part: until it has
                // come, a commit waits for it (`Msg::PanelLoaded`).
                poe.update(
                    m,
                    page.outcome(),
                    &mut self.store,
                    practice_load::poe_code(),
                );
                match m {
                    PredictMsg::Toggle => vec![Effect::AddressChanged { push: false }],
                    _ => Vec::new(),
                }
            }
            (Msg::PopState, Shown::Topic { .. }) => self.follow_address(),
            (Msg::Practice(m), Shown::Topic { page, practice, .. }) => {
                let Some(panel) = practice else {
                    return Vec::new();
                };
                panel.update(
                    m,
                    On {
                        store: &mut self.store,
                        page: page.params(),
                    },
                )
            }
            #[cfg(feature = "every-view")]
            (Msg::Practice(m), Shown::Drill(drill)) => {
                drill.update(m, self.store.get_or_insert_with(Store::open))
            }
            #[cfg(feature = "every-view")]
            (Msg::Interview(m), Shown::Interview(page)) => {
                page.update(m, self.store.get_or_insert_with(Store::open));
                Vec::new()
            }
            #[cfg(feature = "every-view")]
            (Msg::Form(m), Shown::Instructors(form)) => {
                form.update(m);
                Vec::new()
            }
            #[cfg(feature = "every-view")]
            (Msg::Preview(m), Shown::Home(previews)) => {
                previews.update(m);
                Vec::new()
            }
            #[cfg(feature = "every-view")]
            (Msg::Message(e), Shown::Instructors(form)) => {
                form.preview_message(&e);
                Vec::new()
            }
            (Msg::Settle, _) => {
                self.settle();
                Vec::new()
            }
            (Msg::FinishStart, _) => {
                self.finish_start();
                Vec::new()
            }
            (Msg::Definitions, _) => {
                glossary::define_terms(&app_root());
                Vec::new()
            }
            (Msg::PanelLoaded, view) => {
                if let Shown::Topic { poe: Some(poe), .. } = view {
                    if poe.waiting() {
                        dispatch(Msg::Predict(PredictMsg::Commit));
                    }
                }
                if let Some(code) = practice_load::loaded() {
                    self.finish_topic(Some(code.map(|c| c.mount)));
                }
                Vec::new()
            }
            (Msg::Height, _) => {
                self.host.report_height();
                Vec::new()
            }
            (Msg::Copy(what, ui), _) => {
                self.copy(what, &ui);
                Vec::new()
            }
            // A message for another view: nothing of it is on show.
            _ => Vec::new(),
        }
    }
}

impl Owner for App {
    fn update(&mut self, msg: Msg) {
        let fx = self.route(msg);
        self.apply(fx);
    }
}
