//! The instructors' page, built: its head, the form's fieldsets (page,
//! locks, practice, hide, look) and the outputs (link, snippet, preview).
//! Every field sends its [`FormMsg`] when it changes.

use crate::urlstate;
use crate::web::dom::*;
use crate::web::links::copy_button;
use crate::web::msg::{dispatch, CopyWhat, FormMsg, Msg};
use wasm_bindgen::JsCast;
use web_sys::{
    Element, HtmlIFrameElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement,
};

/// The preview's height until it reports its own.
pub(super) const PREVIEW_HEIGHT: u32 = 900;

/// Sends `msg` whenever `e` (or a field inside it) changes.
fn listen(e: &Element, msg: FormMsg) {
    on(e, "change", move |_| dispatch(Msg::Form(msg)));
}

fn field(parent: &Element, id: &str, label: &str, input: &Element) {
    let wrap = el("div", "i-field");
    let l = text_el("label", "", label);
    attr(&l, "for", id);
    attr(input, "id", id);
    append(&wrap, &l);
    append(&wrap, input);
    append(parent, &wrap);
}

pub(super) fn checkbox(parent: &Element, id: &str, label: &str) -> HtmlInputElement {
    let l = el("label", "i-check");
    let b = el("input", "");
    attr(&b, "type", "checkbox");
    attr(&b, "id", id);
    append(&l, &b);
    append(&l, &text_el("span", "", label));
    append(parent, &l);
    b.unchecked_into()
}

fn number_input(min: u64, max: u64, placeholder: &str) -> HtmlInputElement {
    let i = el("input", "");
    attr(&i, "type", "number");
    attr(&i, "min", &min.to_string());
    attr(&i, "max", &max.to_string());
    attr(&i, "step", "1");
    attr(&i, "inputmode", "numeric");
    attr(&i, "placeholder", placeholder);
    i.unchecked_into()
}

fn fieldset(parent: &Element, legend: &str) -> Element {
    let f = el("fieldset", "i-group");
    append(&f, &text_el("legend", "", legend));
    append(parent, &f);
    f
}

/// The page's head and its notice (the link's adjustments).
pub(super) fn head(app: &Element, notes: &[String]) {
    let head = title_block(
        "for instructors",
        "Embed a page in your course",
        "Choose what your students see, check it in the preview, then copy the link or the iframe snippet. Values you move in the preview stay in the link.",
    );
    append(app, &head);
    notice(app, &notes.join(" "));
}

/// "Page": the topic, its story and fix, and the values moved in the preview.
pub(super) struct PageFields {
    pub topic: HtmlSelectElement,
    pub preset: HtmlSelectElement,
    pub fix: HtmlInputElement,
    pub values: Element,
}

pub(super) fn page_fields(form: &Element) -> PageFields {
    let what = fieldset(form, "Page");
    let topic: HtmlSelectElement = el("select", "").unchecked_into();
    for t in crate::topics::all() {
        let o = text_el("option", "", t.title());
        attr(&o, "value", t.id());
        append(&topic, &o);
    }
    field(&what, "i-topic", "Topic", &topic);
    listen(&topic, FormMsg::Topic);
    let preset: HtmlSelectElement = el("select", "").unchecked_into();
    field(&what, "i-preset", "Story", &preset);
    listen(&preset, FormMsg::Preset);
    let fix = checkbox(&what, "i-fix", "Apply the story's fix");
    listen(&fix, FormMsg::Fix);
    let values = child(&what, "p", "i-values", &[("id", "i-values")]);
    let reset = push_button("", "Back to the story's values");
    attr(&reset, "id", "i-reset-values");
    on(&reset, "click", |_| {
        dispatch(Msg::Form(FormMsg::ResetValues))
    });
    append(&what, &reset);
    PageFields {
        topic,
        preset,
        fix,
        values,
    }
}

/// "Lock sliders": lock all, and a box per parameter (filled per topic).
pub(super) fn lock_fields(form: &Element) -> (HtmlInputElement, Element) {
    let lockset = fieldset(form, "Lock sliders");
    let lock_all = checkbox(&lockset, "i-lock-all", "Lock every slider");
    listen(&lock_all, FormMsg::Locks);
    let locks = el("div", "i-locks");
    append(&lockset, &locks);
    listen(&locks, FormMsg::Locks);
    (lock_all, locks)
}

/// "Practice": how questions are asked, the challenge (and whether it is
/// the only one asked), the class's seed, tries per question.
pub(super) struct Practice {
    pub questions: HtmlSelectElement,
    /// What graded mode needs and what it holds (shown when chosen).
    pub graded_note: Element,
    pub salt: HtmlInputElement,
    pub challenge: HtmlSelectElement,
    pub only: HtmlInputElement,
    pub seed: HtmlInputElement,
    pub tries: HtmlInputElement,
}

/// The ways a page asks its questions, as the "Questions" field offers them.
pub(super) const QUESTION_WAYS: [(&str, &str); 3] = [
    ("page", "About the story on show (practice)"),
    ("drawn", "Drawn from the seed (practice)"),
    (
        "graded",
        "Graded: drawn for each learner, the sliders they use locked",
    ),
];

/// What the instructors page says when graded mode is chosen.
const GRADED_NOTE: &str = "Each student's numbers come from their own id in the page's address: \
add actor=<their id> to each student's link (your course page can put it in the frame's address). \
A link without one gives everyone the same numbers. On a plain page these limits are \
practice-grade: a student who edits the link loosens them. For marks that matter, build a SCORM \
package (fleetlab scorm) or a Moodle quiz (fleetlab problem-set).";

pub(super) fn practice_fields(form: &Element) -> Practice {
    let practice = fieldset(form, "Practice");
    let questions: HtmlSelectElement = el("select", "").unchecked_into();
    for (value, label) in QUESTION_WAYS {
        let o = text_el("option", "", label);
        attr(&o, "value", value);
        append(&questions, &o);
    }
    field(&practice, "i-questions", "Questions", &questions);
    listen(&questions, FormMsg::Questions);
    let graded_note = child(
        &practice,
        "p",
        "i-note",
        &[("id", "i-graded-note"), ("hidden", "")],
    );
    graded_note.set_text_content(Some(GRADED_NOTE));
    let salt = number_input(0, urlstate::MAX_SEED, "a fresh one");
    field(
        &practice,
        "i-salt",
        "Graded: the course's salt (keep it to rebuild the same draws)",
        &salt,
    );
    listen(&salt, FormMsg::Salt);
    let challenge: HtmlSelectElement = el("select", "").unchecked_into();
    field(&practice, "i-challenge", "Challenge", &challenge);
    listen(&challenge, FormMsg::Challenge);
    let only = checkbox(&practice, "i-only", "Graded: ask only this challenge");
    listen(&only, FormMsg::Only);
    let seed = number_input(0, urlstate::MAX_SEED, "each student draws their own");
    field(
        &practice,
        "i-seed",
        "Seed (the same numbers for the whole class)",
        &seed,
    );
    listen(&seed, FormMsg::Seed);
    let tries = number_input(1, urlstate::MAX_TRIES as u64, "unlimited");
    field(&practice, "i-tries", "Tries per question", &tries);
    listen(&tries, FormMsg::Tries);
    Practice {
        questions,
        graded_note,
        salt,
        challenge,
        only,
        seed,
        tries,
    }
}

/// "Hide": a box per word of `urlstate::Hide::WORDS`, in that order.
pub(super) fn hide_fields(form: &Element) -> Vec<HtmlInputElement> {
    let hideset = fieldset(form, "Hide");
    let hide_labels = [
        "Hints",
        "Worked solutions",
        "Score",
        "The practice panel",
        "The stories",
        "The scene (the animation)",
    ];
    let hide: Vec<HtmlInputElement> = urlstate::Hide::WORDS
        .iter()
        .zip(hide_labels)
        .map(|(w, label)| checkbox(&hideset, &format!("i-hide-{w}"), label))
        .collect();
    for b in &hide {
        listen(b, FormMsg::Hide);
    }
    hide
}

/// "Look": the chart height, and whether the snippet resizes the frame.
pub(super) fn look_fields(form: &Element) -> (HtmlInputElement, HtmlInputElement) {
    let look = fieldset(form, "Look");
    let (lo, hi) = urlstate::CHART_HEIGHT;
    let height = number_input(lo as u64, hi as u64, "320");
    field(&look, "i-height", "Chart height (px)", &height);
    listen(&height, FormMsg::Height);
    let auto_height = checkbox(
        &look,
        "i-auto-height",
        "The snippet resizes the frame to fit (adds a short script)",
    );
    auto_height.set_checked(true);
    listen(&auto_height, FormMsg::AutoHeight);
    (height, auto_height)
}

/// The outputs: the students' link, the snippet, the preview frame.
pub(super) struct Outputs {
    pub link: HtmlInputElement,
    pub open: Element,
    pub snippet: HtmlTextAreaElement,
    pub preview: HtmlIFrameElement,
}

/// `text` (an input or a text area) read-only as field `id` under `label`,
/// then a row with its `copy` button, returned for more.
fn copyable(
    out: &Element,
    text: &Element,
    id: &str,
    label: &str,
    copy: &str,
    what: CopyWhat,
) -> Element {
    attr(text, "readonly", "");
    field(out, id, label, text);
    let row = el("div", "q-row");
    append(&row, &copy_button(copy, what));
    append(out, &row);
    row
}

/// The students' link's label: a graded page shows its one topic without
/// the site's menu.
pub(super) fn link_label(graded: bool) -> &'static str {
    if graded {
        "Link for students (this one topic, graded, without the site's menu)"
    } else {
        "Link for students (the full site, opening on this page)"
    }
}

pub(super) fn outputs(layout: &Element) -> Outputs {
    let out = labelled_section("i-out", "i-out-h", "Link and snippet");
    let link = el("input", "i-link");
    attr(&link, "type", "text");
    let row = copyable(
        &out,
        &link,
        "i-link",
        link_label(false),
        "Copy the link",
        CopyWhat::StudentLink,
    );
    let open = text_child(
        &row,
        "a",
        "",
        "Open the embed in a new tab",
        &[("target", "_blank"), ("rel", "noopener")],
    );
    let snippet = el("textarea", "i-snippet");
    attr(&snippet, "rows", "7");
    attr(&snippet, "spellcheck", "false");
    copyable(
        &out,
        &snippet,
        "i-snippet",
        "Iframe snippet for your course page",
        "Copy the snippet",
        CopyWhat::Snippet,
    );
    append(&out, &text_el("h2", "", "Preview"));
    let preview: HtmlIFrameElement = child(
        &out,
        "iframe",
        "i-preview",
        &[
            ("id", "i-preview"),
            ("title", "Preview of the embedded page"),
            ("height", &PREVIEW_HEIGHT.to_string()),
        ],
    )
    .unchecked_into();
    append(layout, &out);
    Outputs {
        link: link.unchecked_into(),
        open,
        snippet: snippet.unchecked_into(),
        preview,
    }
}
