//! Arithmetic that several topics share. A topic never imports another topic;
//! what two topics both compute lives here, once, beside its sources.
//!
//! **Invariant:** pure like the model (no web crate, IO, clock or entropy),
//! and names no topic and no challenge: `tests/tidy.rs` checks it.

pub mod preamble;
pub mod replica;
pub mod routing;
pub mod routing_draw;
pub mod routing_live;
pub mod routing_scene;
pub mod routing_sim;
