//! The topic's inputs: the four schemes, the parameters with their defaults
//! from the worked example, the three stories, and the typed `Input` a run
//! reads from them.

use crate::engine::preamble::{KV_KB_PER_TOKEN, PREAMBLE_TOKENS};
use crate::model::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scheme {
    Modulo,
    Ring,
    Jump,
    Rendezvous,
}

const SCHEMES: &[(&str, &str)] = &[
    ("modulo", "modulo (key mod n)"),
    ("ring", "hash ring with virtual nodes"),
    ("jump", "jump consistent hash"),
    ("rendezvous", "rendezvous (highest random weight)"),
];

choice_words!(Scheme in SCHEMES: Modulo, Ring, Jump, Rendezvous);

pub(super) const ALL: [Scheme; 4] = [
    Scheme::Modulo,
    Scheme::Ring,
    Scheme::Jump,
    Scheme::Rendezvous,
];

/// One preamble copy in MB: 1,200 tokens × 320 KB a token, decimal = 384 MB.
pub(super) const COPY_MB: f64 = PREAMBLE_TOKENS * KV_KB_PER_TOKEN / 1000.0;

// The sliders and the stories, from params.toml (see build/params.rs).
include!(concat!(env!("OUT_DIR"), "/params/consistent_hashing.rs"));

typed_input! {
    /// A run's parameters, typed.
    pub(super) struct Input from p {
        n0: usize = p.count("cards_before").max(1),
        n1: usize = p.count("cards_after").max(1),
        families: usize = p.count("families").max(1),
        vnodes: usize = p.count("vnodes").max(1),
        scheme: Scheme = Scheme::from_word(p.choice("scheme")),
        /// 0 = off; otherwise at least 1.
        bound: f64 = p.get("bound"),
        copy_mb: f64 = p.get("copy_mb"),
        /// Closer to production: after the resize the fleet also loses its
        /// middle card (see `sim_loss`).
        production: bool = p.production(),
    }
}

impl Input {
    /// The bound actually applied: off unless the scheme is the ring.
    pub(super) fn effective_bound(&self) -> Option<f64> {
        (self.scheme == Scheme::Ring && self.bound > 0.0).then(|| self.bound.max(1.0))
    }
}

/// The parameters the page shows first (what the stories resize and which
/// scheme places the families); the rest fold under "More parameters".
pub const KEY_PARAMS: &[&str] = &["cards_before", "cards_after", "families", "scheme"];
