//! Fleetlab: an interactive teaching simulator for LLM-serving fleet design.
//!
//! The crate is a pure model core ([`model`], [`topics`], [`report`], the
//! [`glossary`] of the words the pages use, the mock [`interview`]s walked
//! through them, and the [`xapi`] statements a page sends its host) with two
//! edges: the native command line ([`cli`], and the SCORM packages it
//! writes, [`scorm`]; not on wasm) and the browser pages ([`web`], wasm
//! only). See ARCHITECTURE.md.

pub mod challenge;
pub mod engine;
pub mod glossary;
pub mod interview;
pub mod model;
pub mod report;
pub mod topics;
pub mod urlstate;
pub mod xapi;

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;

#[cfg(not(target_arch = "wasm32"))]
pub mod scorm;

#[cfg(target_arch = "wasm32")]
pub mod web;
