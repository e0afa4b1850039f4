//! Numbers in the words of the kinds files come from the model: a
//! placeholder `{story.figure}` is the figure of that story's run, and
//! `{story+fix.figure}` the same with the story's fix applied
//! (`{hash.busiest_util}`). A placeholder nothing fills stays as written;
//! the native tests draw every question and fail on one.

use crate::model::{Outcome, Topic};

/// Fills placeholders, running each story once however often it is named.
pub struct Filler<'a> {
    topic: &'a dyn Topic,
    runs: Vec<(String, Option<Outcome>)>,
}

impl<'a> Filler<'a> {
    pub fn new(topic: &'a dyn Topic) -> Filler<'a> {
        Filler {
            topic,
            runs: Vec::new(),
        }
    }

    /// `text` with every placeholder it can fill filled.
    pub fn text(&mut self, text: &str) -> String {
        crate::challenge::placeholders(text, |name| self.figure(name))
    }

    fn figure(&mut self, name: &str) -> Option<String> {
        let (run, id) = name.rsplit_once('.')?;
        if !self.runs.iter().any(|(k, _)| k == run) {
            let (story, fix) = match run.strip_suffix("+fix") {
                Some(s) => (s, true),
                None => (run, false),
            };
            let out = self
                .topic
                .preset(story)
                .filter(|p| !fix || p.fix.is_some())
                .and_then(|p| self.topic.preset_params(p, fix).ok())
                .map(|p| self.topic.run(&p));
            self.runs.push((run.to_string(), out));
        }
        let (_, out) = self.runs.iter().find(|(k, _)| k == run)?;
        let f = out.as_ref()?.figures.iter().find(|f| f.id == id)?;
        Some(f.text())
    }
}
