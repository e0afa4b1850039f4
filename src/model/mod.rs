//! The model core's vocabulary: parameters, presets, checks, outcomes, charts,
//! the math a topic shows, units and the generator. Pure Rust: no web crate, no IO, no clock, no
//! entropy source (tests/tidy.rs holds the line).

pub mod assumptions;
pub mod chart;
pub mod chart_colour;
pub mod chart_geometry;
pub mod chart_layout;
pub mod chart_scale;
pub mod chart_text;
pub mod decimal;
pub mod few;
pub mod hot;
pub mod input;
pub mod intro;
pub mod math;
pub mod memo;
pub mod outcome;
pub mod param;
pub mod rng;
pub mod scene;
pub mod scene_clock;
pub mod topic;
pub mod track;
mod typing;
pub mod units;

pub use assumptions::{Assumptions, Base, Difference};
pub use chart::{
    Axis, BarChart, BarSet, Chart, Plot, RefLine, RingArc, RingChart, RingDot, Series, Style,
    Table, Tone, XyChart,
};
pub(crate) use input::typed_input;
pub use intro::{Intro, IntroStep, Predict};
pub use math::{Equation, Math, Symbol};
pub use outcome::{Carry, CheckSpec, Cmp, Figure, FigureRow, Note, Outcome, Verdict};
pub(crate) use param::choice_words;
pub use param::{label_of, ParamError, ParamKind, ParamSpec, Params};
pub use rng::{fnv1a, hash64, learner_seed, mix64, SplitMix64};
pub use scene::{Claim, Comparison, CounterSpec, Frame, Order, Scene, SceneSpec};
pub use topic::{About, Declarations, Declared, Engine, Fix, Keys, Preset, Topic, TopicKind};
pub use units::Unit;
