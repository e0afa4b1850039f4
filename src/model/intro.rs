//! A topic's guided start: a few steps at toy scale, each a sentence or two
//! and a picture from the topic's own scene, before the full page.
//!
//! A step's picture is the topic's [`SceneSpec`] built from the topic's
//! defaults with the step's `set` applied (four cards, a few families, one
//! burst…) and watched from its start to `at_s` simulated seconds; under
//! reduced motion, and in the tests, it is the frame at `at_s`. A step may
//! ask the learner to predict before the picture plays ([`Predict`]); the
//! last step names the story the full page opens on. Pure data: the web edge
//! shows it, `tests/intro.rs` checks every topic's.

use super::param::{ParamError, Params};
use super::scene::{Frame, Scene, SceneSpec};
use super::topic::Topic;

/// A topic's guided start, registered beside its scene.
#[derive(Clone, Copy, Debug)]
pub struct Intro {
    pub steps: &'static [IntroStep],
}

/// One step: its words, its picture's values, and what it asks.
#[derive(Clone, Copy, Debug)]
pub struct IntroStep {
    pub title: &'static str,
    /// A sentence or two that hold for the step's values.
    pub text: &'static str,
    /// Parameter values over the topic's defaults (`name`, value as the CLI
    /// writes it) that make the step's toy-scale picture.
    pub set: &'static [(&'static str, &'static str)],
    /// The simulated time (s) the picture plays to; its still frame.
    pub at_s: f64,
    /// Asked before the picture plays, if anything.
    pub predict: Option<Predict>,
    /// The last step: the story the full page opens on.
    pub story: Option<&'static str>,
}

/// Predict, then reveal.
#[derive(Clone, Copy, Debug)]
pub struct Predict {
    pub question: &'static str,
    pub choices: &'static [&'static str],
    /// The index of the right choice.
    pub answer: usize,
    /// Said once the learner has answered (or moved on): why.
    pub reveal: &'static str,
}

impl Intro {
    /// The offer's button, at the top of the topic's page.
    pub const OFFER: &'static str = "Guided start";

    /// The words beside the offer: how long the guided start is. The page
    /// writes them, and so does index.html's copy painted while the model
    /// loads (`fleetlab topics --json`, `guided_start`).
    pub fn offer_note(&self) -> String {
        format!(
            "{} steps at toy scale, then the full page.",
            self.steps.len()
        )
    }
}

impl IntroStep {
    /// A step with no question and no story.
    pub const fn new(
        title: &'static str,
        text: &'static str,
        set: &'static [(&'static str, &'static str)],
        at_s: f64,
    ) -> IntroStep {
        IntroStep {
            title,
            text,
            set,
            at_s,
            predict: None,
            story: None,
        }
    }
    /// The step asks `predict` before its picture plays.
    pub const fn asks(self, predict: Predict) -> IntroStep {
        IntroStep {
            predict: Some(predict),
            ..self
        }
    }
    /// The last step: the full page opens on `story`.
    pub const fn opens(self, story: &'static str) -> IntroStep {
        IntroStep {
            story: Some(story),
            ..self
        }
    }

    /// The step's values: `topic`'s defaults with `set` applied.
    pub fn params(&self, topic: &dyn Topic) -> Result<Params, ParamError> {
        let mut p = topic.defaults();
        p.apply(self.set)?;
        Ok(p)
    }

    /// The step's picture: `spec` built from the step's values, from its
    /// start.
    pub fn scene(
        &self,
        topic: &dyn Topic,
        spec: &SceneSpec,
        seed: u64,
    ) -> Result<Box<dyn Scene>, ParamError> {
        Ok((spec.build)(&self.params(topic)?, seed))
    }

    /// The step's still picture: its scene at `at_s`, drawn into `frame`,
    /// and its summary (the picture's text alternative) into `summary`.
    pub fn still(
        &self,
        topic: &dyn Topic,
        spec: &SceneSpec,
        seed: u64,
        frame: &mut Frame,
        summary: &mut String,
    ) -> Result<(), ParamError> {
        let mut s = self.scene(topic, spec, seed)?;
        advance_to(s.as_mut(), self.at_s);
        frame.clear();
        s.draw(frame);
        summary.clear();
        s.summary(summary);
        Ok(())
    }
}

/// Advances `scene` to `at_s` in slices no longer than a display frame's
/// worth of the scene's default speed, as the page does (a scene stepped in
/// steps longer than a slice moves every few slices).
pub fn advance_to(scene: &mut dyn Scene, at_s: f64) {
    let slice = (scene.default_speed() / 30.0).max(at_s / 2000.0).max(1e-3);
    let most = (at_s / slice).ceil() as u32 + 64;
    for _ in 0..most {
        let left = at_s - scene.now_s();
        if left <= 1e-9 {
            break;
        }
        scene.advance(slice.min(left.max(1e-3)));
    }
}
