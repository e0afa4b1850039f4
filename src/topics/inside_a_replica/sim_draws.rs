//! The requests a run serves: arrival times and prompt and reply lengths,
//! drawn from the seed.
//!
//! Arrivals are Poisson at the rate, or bursty: clumps whose sizes are
//! geometric with mean [`CLUMP`] arrive as a Poisson stream at rate ÷ clump,
//! every request of a clump at once (the same mean rate, a much burstier
//! stream). Lengths are log-normal with σ = [`LENGTH_SIGMA`] of the
//! logarithm, scaled so their mean is the slider's, and at least 1 token;
//! a long prompt replaces the usual one with probability `long_share`.

use super::params::{Arrivals, Traffic, CLUMP, LENGTH_SIGMA};
use crate::model::SplitMix64;

/// One request: when it arrives and how long it is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Request {
    /// Seconds since the run began.
    pub arrival: f64,
    pub prompt: u32,
    pub output: u32,
    /// It carries one of the long prompts.
    pub long: bool,
}

/// A standard normal draw (Box–Muller).
fn normal(rng: &mut SplitMix64) -> f64 {
    let u = rng.next_unit().max(1e-300);
    let v = rng.next_unit();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// A log-normal length with this mean (whole tokens, at least 1).
fn length(rng: &mut SplitMix64, mean: f64) -> u32 {
    let s = LENGTH_SIGMA;
    let x = mean * (s * normal(rng) - s * s / 2.0).exp();
    x.round().clamp(1.0, u32::MAX as f64 / 4.0) as u32
}

/// An exponential gap of this rate.
fn gap(rng: &mut SplitMix64, rate: f64) -> f64 {
    -(1.0 - rng.next_unit()).max(1e-300).ln() / rate
}

/// The run's `traffic.requests` requests, in order of arrival.
pub fn requests(traffic: &Traffic) -> Vec<Request> {
    let mut rng = SplitMix64::new(traffic.seed ^ 0x1a2b_3c4d_5e6f_7081);
    let n = traffic.requests as usize;
    let mut out = Vec::with_capacity(n);
    let mut t = 0.0;
    let mut clump_left = 0u32;
    while out.len() < n {
        match traffic.arrivals {
            Arrivals::Poisson => t += gap(&mut rng, traffic.rate),
            Arrivals::Bursty => {
                if clump_left == 0 {
                    t += gap(&mut rng, traffic.rate / CLUMP);
                    // Geometric on 1, 2, … with mean CLUMP.
                    let p = 1.0 / CLUMP;
                    let u = (1.0 - rng.next_unit()).max(1e-300);
                    clump_left = 1 + (u.ln() / (1.0 - p).ln()).floor() as u32;
                }
                clump_left -= 1;
            }
        }
        let long = traffic.long_share > 0.0 && rng.next_unit() < traffic.long_share;
        let prompt = if long {
            traffic.long_prompt.round().max(1.0) as u32
        } else {
            length(&mut rng, traffic.prompt)
        };
        let output = length(&mut rng, traffic.output);
        out.push(Request {
            arrival: t,
            prompt,
            output,
            long,
        });
    }
    out
}
