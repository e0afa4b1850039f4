//! # Consistent hashing — concept explorer
//!
//! When a fleet resizes from `n0` to `n1` cards, how many of `F` cached prompt
//! families lose their card, and what does re-prefilling them cost? Modulo,
//! a hash ring (with an optional load bound), jump hash and rendezvous place
//! the same hashed families; the measured moved share sits beside theory.
//!
//! Closer to production (`Assumptions::Production`) the fleet also loses a
//! card it did not choose, the middle one, after the resize: jump hash and
//! modulo renumber the survivors and move far more than the lost card's
//! families, a ring or rendezvous hashing only those; the moved check judges
//! both events. `production` lists this difference. The seed card's model
//! is unchanged.
//!
//! Files: `params` (inputs, stories) → `model`, `model_ring` (shares, jump,
//! rendezvous, the ring) → `sim` (placing families, the benchmark), with
//! `sim_loss` (closer to production: the middle card lost after the resize),
//! `sim_place` (placements kept per size and moved to the next, so a slider
//! moves only the families it moves) and `sim_sweep` (the sweep chart's
//! counts from each key's kept owners) → `figures`, `checks`, `notes`,
//! `charts_ring`, `charts_sweep` → `production` (the Difference:
//! declarations at the outcome's layer) → `challenges`.

mod challenges;
mod charts_ring;
mod charts_sweep;
mod checks;
mod figures;
mod intro;
mod model;
mod model_ring;
mod notes;
mod notes_math;
mod params;
/// Its name in the menu, in every build (a page build holds one topic).
pub(crate) use params::ABOUT;
mod production;
mod scene;
mod scene_draw;
mod sim;
mod sim_loss;
mod sim_place;
mod sim_sweep;

pub use challenges::SOLVER;
pub use intro::INTRO;
pub use notes_math::MATH;
pub use scene::SCENE;

use crate::model::*;
use params::Input;

pub static TOPIC: Declared = declared!(
    run,
    engine: Some(sim::ENGINE),
    preview: None,
    differences: &production::DIFFERENCES
);

fn run(p: &Params) -> Outcome {
    let input = Input::read(p);
    let mut out = Outcome::default();
    let r = sim::resize(&input);
    let loss = input.production.then(|| sim_loss::loss(&input, &r));
    let loss = loss.as_deref();
    figures::figures(&input, &r, loss, &mut out);
    checks::checks(&input, &r, loss, &mut out);
    out.charts.push(charts_ring::ring_chart(&input, &r));
    out.charts.push(charts_sweep::sweep_chart(&input));
    notes::notes(&input, &mut out);
    match loss {
        Some(l) if input.n1 > 1 => notes::loss_note(&input, l, &mut out),
        Some(_) => out.notes.push(Note::Info(
            "Closer to production a fleet also loses cards it did not choose; after this resize one card is left, so there is none to lose here.".to_string(),
        )),
        None => {}
    }
    out
}
