//! The stories row: a button per preset, "Apply the fix" of the story on
//! show, "Defaults", the story's text, and a note when a lock keeps some of
//! these buttons unavailable.

use crate::model::{Base, Params, Preset, Topic};
use crate::web::dom::*;
use crate::web::msg::{dispatch, Msg, PageMsg};
use web_sys::Element;

pub(super) struct Stories {
    /// The section, appended to the page unless the link hides stories.
    pub section: Element,
    preset_buttons: Vec<Element>,
    fix_button: Element,
    reset_button: Element,
    story: Element,
    /// Says why some stories are unavailable (they would move a lock).
    lock_note: Element,
    /// Names the sliders moved off the story on show: its words describe
    /// its own values, not these.
    moved: Element,
}

/// A button that sends `msg` when clicked.
fn page_button(class: &str, text: &str, msg: fn() -> PageMsg) -> Element {
    let b = push_button(class, text);
    on(&b, "click", move |_| dispatch(Msg::Page(msg())));
    b
}

impl Stories {
    pub fn build(topic: &'static dyn Topic) -> Stories {
        let section = labelled_section("presets", "presets-h", "Stories");
        let row = el("div", "preset-row");
        let mut preset_buttons = Vec::new();
        for (i, p) in topic.presets().iter().enumerate() {
            let b = push_button("preset", &format!("{}. {}", i + 1, p.title));
            attr(&b, "data-preset", p.id);
            attr(&b, "aria-pressed", "false");
            on(&b, "click", move |_| {
                dispatch(Msg::Page(PageMsg::Preset(i)))
            });
            append(&row, &b);
            preset_buttons.push(b);
        }
        let fix_button = page_button("fix", "Apply the fix", || PageMsg::Fix);
        attr(&fix_button, "id", "apply-fix");
        attr(&fix_button, "hidden", "");
        append(&row, &fix_button);
        let reset_button = page_button("reset", "Defaults", || PageMsg::Reset);
        attr(&reset_button, "id", "reset");
        append(&row, &reset_button);
        append(&section, &row);
        // Heard through the page's live region, with the figures it sets.
        let story = child(&section, "div", "story", &[]);
        let moved = child(&section, "p", "story-moved", &[("id", "story-moved")]);
        attr(&moved, "hidden", "");
        let lock_note = child(&section, "p", "lock-note", &[("id", "lock-note")]);
        Stories {
            moved,
            section,
            preset_buttons,
            fix_button,
            reset_button,
            story,
            lock_note,
        }
    }

    /// Shows which story is on (and its fix); disables the buttons that
    /// would change a locked slider (`moves_a_lock` names the one they would).
    pub fn sync(
        &self,
        topic: &'static dyn Topic,
        (preset, fix): (Option<&'static Preset>, bool),
        production: bool,
        moves_a_lock: impl Fn(&Params) -> Option<&'static str>,
    ) {
        let on_show = preset.and_then(|p| topic.presets().iter().position(|q| q.id == p.id));
        let lock = |b: &Element, params: Option<Params>| {
            lock_button(b, params.and_then(|p| moves_a_lock(&p)))
        };
        let mut blocked = false;
        for (k, b) in self.preset_buttons.iter().enumerate() {
            attr(
                b,
                "aria-pressed",
                if on_show == Some(k) { "true" } else { "false" },
            );
            let p = &topic.presets()[k];
            blocked |= lock(b, topic.preset_params(p, false).ok());
        }
        blocked |= lock(&self.reset_button, Some(topic.defaults()));
        if let Some(p) = preset {
            blocked |= lock(&self.fix_button, topic.preset_params(p, true).ok());
        }
        let why = "Some of these buttons are unavailable: they would change a slider this page keeps locked.";
        self.lock_note
            .set_text_content(if blocked { Some(why) } else { None });
        self.show_story(preset, fix, production.then_some(topic.about().base));
    }

    /// The story's text, and the fix button when it has a fix; `production`
    /// holds the topic's first model when the page runs closer to production.
    fn show_story(&self, preset: Option<&'static Preset>, fix: bool, production: Option<Base>) {
        let Some(p) = preset else {
            attr(&self.fix_button, "hidden", "");
            self.story.set_inner_html("");
            return;
        };
        let mut html = format!("<p><strong>{}</strong> {}</p>", esc(p.title), esc(p.story));
        if let Some(f) = &p.fix {
            if fix {
                html += &format!(
                    "<p class=\"fixed\"><strong>Fix applied: {}.</strong> {}</p>",
                    esc(f.label),
                    esc(f.explain)
                );
                if let Some(base) = production {
                    // The fix's words are the first model's arithmetic.
                    html += &format!("<p class=\"fixed-production\">Closer to production this fix is judged again by the checks below; the words above quote {}, and the fix may no longer be the fix.</p>", base.phrase());
                }
            }
            let _ = self.fix_button.remove_attribute("hidden");
            self.fix_button
                .set_text_content(Some(&format!("Apply the fix: {}", f.label)));
            attr(
                &self.fix_button,
                "aria-pressed",
                if fix { "true" } else { "false" },
            );
        } else {
            attr(&self.fix_button, "hidden", "");
        }
        self.story.set_inner_html(&html);
    }
}

impl Stories {
    /// Says which sliders now stand off the story on show (`story`: its
    /// values, with its fix when applied), so its words are not read as a
    /// description of these values; while none does, the line keeps its
    /// place unseen; without a story on show, no line.
    pub fn mark_moved(&self, story: Option<&Params>, now: &Params) {
        let mut moved: Vec<&str> = story
            .map(|s| {
                s.specs()
                    .iter()
                    .zip(s.values().iter().zip(now.values()))
                    .filter(|(_, (a, b))| a != b)
                    .map(|(spec, _)| spec.label)
                    .collect()
            })
            .unwrap_or_default();
        let Some(story) = story else {
            attr(&self.moved, "hidden", "");
            self.moved.set_text_content(None);
            return;
        };
        // Nothing moved yet: the line keeps its place, unseen, holding a
        // first move's words, so that the first move shifts nothing under
        // the pointer.
        let waiting = moved.is_empty();
        if waiting {
            moved.extend(story.specs().first().map(|s| s.label));
        }
        let text = format!(
            "Moved off this story: {}. The story's words describe its own values; the figures, checks and picture follow the sliders.",
            moved.join(", ")
        );
        if self.moved.text_content().as_deref() != Some(text.as_str()) {
            self.moved.set_text_content(Some(&text));
        }
        let _ = self.moved.remove_attribute("hidden");
        let _ = self
            .moved
            .class_list()
            .toggle_with_force("waiting", waiting);
    }
}

/// Disables a button whose parameters would move the locked slider
/// `locked` names; says whether it did.
fn lock_button(b: &Element, locked: Option<&'static str>) -> bool {
    match locked {
        Some(label) => {
            attr(b, "disabled", "");
            let why = format!("Changes {label}, which this page keeps fixed");
            attr(b, "title", &why);
            true
        }
        None => {
            let _ = b.remove_attribute("disabled");
            let _ = b.remove_attribute("title");
            false
        }
    }
}
