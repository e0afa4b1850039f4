//! What every format of a problem set writes the same way (sheets.rs, for
//! Markdown, HTML and CSV, and moodle.rs, for Moodle XML): a question's page
//! link, HTML text escaped, and a sheet as the writers read it. Below both:
//! it names neither.

use crate::challenge::{self, Question, Value};
use crate::{topics, urlstate};

/// A sheet as the writers read it: name, seed, problems (topic title and
/// question).
pub type SheetView<'a> = (&'a str, u64, &'a [(&'static str, Question)]);

/// The page state a question comes from: the app's address with the
/// topic, every parameter the question's drawn values mirror, the template
/// and the seed.
pub fn page_link(app: &str, q: &Question) -> String {
    let Some(t) = topics::find(q.topic) else {
        return app.to_string();
    };
    let mut p = t.defaults();
    if let Some(tpl) = challenge::templates(t)
        .into_iter()
        .find(|x| x.id == q.template)
    {
        for v in &tpl.vars {
            let Some(param) = &v.param else { continue };
            let text = match q.vars.values.iter().find(|(n, _)| *n == v.name) {
                Some((_, Value::Num(x))) => x.to_string(),
                Some((_, Value::Word(w))) => w.clone(),
                None => continue,
            };
            // A value the page cannot show (a month with no demand) keeps
            // the page's own.
            let _ = p.set(param, &text);
        }
    }
    let mut state = urlstate::State::new(t);
    state.set_params(&p);
    state.challenge = urlstate::Challenge {
        template: Some(q.template.clone()),
        seed: Some(q.seed),
        live: false,
        ..Default::default()
    };
    format!("{app}?{}", urlstate::encode(&state))
}

/// HTML text: `&`, `<`, `>` and double quotes escaped.
pub fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
