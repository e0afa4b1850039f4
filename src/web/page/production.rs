//! The model switch ("The seed card's model", or the topic's own first
//! model's name where no seed card sketches it, / "Closer to production") and
//! the folded panel "What production does differently": for each of the
//! topic's differences, what the card assumes, what production does, the
//! figures it moves under both models (computed from two runs of the
//! values on show), and where production's behaviour is documented. Only
//! on a topic that has a production model.

use crate::model::{Assumptions, Base, CheckSpec, Difference, Outcome, Params, Topic};
use crate::web::dom::*;
use crate::web::msg::{dispatch, Msg, PageMsg};
use web_sys::Element;

pub(super) struct ProductionView {
    /// The two buttons, seed then production.
    buttons: [Element; 2],
    /// Under production: the stories' words quote the seed card's model.
    note: Element,
    panel: Element,
    /// Where the differences go, filled while the panel is open.
    body: Element,
}

impl ProductionView {
    /// The switch at the end of `switch_parent`, the panel at the end of
    /// `panel_parent`; none when `topic` has no production model.
    pub fn build(
        topic: &'static dyn Topic,
        switch_parent: &Element,
        panel_parent: &Element,
    ) -> Option<ProductionView> {
        if topic.about().differences.is_empty() {
            return None;
        }
        let base = topic.about().base;
        let row = group(switch_parent, "model-switch", "Which model runs");
        append(&row, &text_el("span", "model-switch-h", "Figures:"));
        let buttons = Assumptions::ALL.map(|a| {
            let b = push_button("model-choice", a.label(base));
            attr(&b, "data-model", a.word());
            attr(&b, "aria-pressed", "false");
            on(&b, "click", move |_| dispatch(Msg::Page(PageMsg::Model(a))));
            append(&row, &b);
            b
        });
        let note = text_el(
            "p",
            "model-note",
            &format!("The stories' words quote {}; closer to production the figures and checks differ, as \"What production does differently\" shows at the values on show.", base.phrase()),
        );
        attr(&note, "id", "model-note");
        attr(&note, "hidden", "");
        append(switch_parent, &note);
        let panel = el("details", "production");
        attr(&panel, "id", "production");
        let n = topic.about().differences.len();
        append(
            &panel,
            &text_el(
                "summary",
                "",
                &format!("What production does differently ({n})"),
            ),
        );
        append(
            &panel,
            &text_el(
                "p",
                "production-intro",
                &format!("The stories follow {}, which simplifies on purpose. Here is each place real serving systems do otherwise, and what it changes on this page at the values on show: the same figures run under both models.", base.phrase()),
            ),
        );
        let body = child(&panel, "div", "production-body", &[]);
        on(&panel, "toggle", |_| {
            dispatch(Msg::Page(PageMsg::ProductionOpened))
        });
        append(panel_parent, &panel);
        Some(ProductionView {
            buttons,
            note,
            panel,
            body,
        })
    }

    /// The switch shows `a` pressed.
    pub fn sync(&self, a: Assumptions) {
        for (b, x) in self.buttons.iter().zip(Assumptions::ALL) {
            attr(b, "aria-pressed", if x == a { "true" } else { "false" });
        }
        if a.is_production() {
            remove_attr(&self.note, "hidden");
        } else {
            attr(&self.note, "hidden", "");
        }
    }

    pub fn open(&self) -> bool {
        self.panel.has_attribute("open")
    }

    /// Fills the panel for `params` (whose run is `out`), running the other
    /// model once; nothing while it is closed.
    pub fn fill(&self, topic: &'static dyn Topic, params: &Params, out: &Outcome) {
        if !self.open() {
            return;
        }
        let other = match params.assumptions() {
            Assumptions::Seed => Assumptions::Production,
            Assumptions::Production => Assumptions::Seed,
        };
        let theirs = topic.run(&params.clone().under(other));
        let (seed, prod) = match other {
            Assumptions::Production => (out, &theirs),
            Assumptions::Seed => (&theirs, out),
        };
        clear(&self.body);
        for d in topic.about().differences {
            append(
                &self.body,
                &difference(d, topic.about().base, topic.checks(), seed, prod),
            );
        }
    }
}

/// One difference: its title, the two assumptions, its figures and checks
/// under both models, its source.
fn difference(
    d: &Difference,
    base: Base,
    checks: &[CheckSpec],
    seed: &Outcome,
    prod: &Outcome,
) -> Element {
    let item = el("section", "difference");
    attr(&item, "data-difference", d.id);
    append(&item, &text_el("h3", "", d.title));
    let said = el("dl", "difference-said");
    for (who, what) in [(base.holder(), d.card), ("Production", d.production)] {
        append(&said, &text_el("dt", "", who));
        append(&said, &text_el("dd", "", what));
    }
    append(&item, &said);
    let table = el("table", "difference-figures");
    let caption = text_el(
        "caption",
        "",
        "On this page, at the values on show (closer to production takes every difference at once, so a figure two differences move shows under both)",
    );
    append(&table, &caption);
    let head = el("tr", "");
    let ours = base.phrase().trim_start_matches("the ");
    for h in ["figure", ours, "closer to production"] {
        let th = text_el("th", "", h);
        attr(&th, "scope", "col");
        append(&head, &th);
    }
    append(&table, &head);
    for id in d.figures {
        let Some(b) = prod.figures.iter().find(|f| f.id == *id) else {
            continue;
        };
        let a = seed.figures.iter().find(|f| f.id == *id);
        let row = el("tr", "");
        attr(&row, "data-difference-figure", id);
        // A figure whose name differs between the models (what it
        // measures changes with them) gives both; one only production
        // measures shows a dash on the seed card's side.
        let name = match a {
            Some(a) if a.label != b.label => {
                let low = crate::model::units::first_letter(b.label, false);
                format!("{}; closer to production, {low}", a.label)
            }
            _ => b.label.to_string(),
        };
        let th = text_el("th", "", &name);
        attr(&th, "scope", "row");
        append(&row, &th);
        let seed_text = a.map_or_else(|| "— (not on the seed card)".to_string(), |a| a.text());
        append(&row, &text_el("td", "", &seed_text));
        append(&row, &text_el("td", "", &b.text()));
        append(&table, &row);
    }
    for id in d.checks {
        let (Some(spec), Some(a), Some(b)) = (
            checks.iter().find(|c| c.id == *id),
            seed.checks.iter().find(|c| c.id == *id),
            prod.checks.iter().find(|c| c.id == *id),
        ) else {
            continue;
        };
        let row = el("tr", "");
        attr(&row, "data-difference-check", id);
        let th = text_el("th", "", &format!("Check: {}", spec.label));
        attr(&th, "scope", "row");
        append(&row, &th);
        for v in [a, b] {
            let verdict = if v.pass { "✓ passes" } else { "✗ fails" };
            let text = format!("{verdict}: {}", v.unit.format(v.value));
            append(&row, &text_el("td", "", &text));
        }
        append(&table, &row);
    }
    append(&item, &table);
    append(
        &item,
        &text_el("p", "difference-source", &format!("Source: {}", d.source)),
    );
    item
}
