//! Fleetlab: an interactive teaching simulator for LLM-serving fleet design.
//!
//! The crate is a pure model core ([`model`], [`topics`], [`report`], and the
//! [`glossary`] of the words the pages use, and the mock [`interview`]s
//! walked through them) with two
//! edges: the native command line ([`cli`], not on wasm) and the browser pages
//! ([`web`], wasm only). See ARCHITECTURE.md.

pub mod challenge;
pub mod engine;
pub mod glossary;
pub mod interview;
pub mod model;
pub mod report;
pub mod topics;
pub mod urlstate;

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;

#[cfg(target_arch = "wasm32")]
pub mod web;
