//! The notes: the seed card's erratum on the rebuild bill, computed from the
//! worked example's parameters, and the load bound's caveats.

use super::model::{cap, modulo_moved_share};
use super::params::{Input, Scheme, COPY_MB};
use crate::model::units;
use crate::model::{Note, Outcome, Unit};

pub(super) fn notes(inp: &Input, out: &mut Outcome) {
    out.notes.push(Note::Erratum(erratum()));
    if inp.bound > 0.0 && inp.bound < 1.0 {
        out.notes.push(Note::Info(format!(
            "A bound below 1 cannot hold every family; the model uses c = 1 (at most ceil(F/n) = {} per card after the resize).",
            cap(1.0, inp.families, inp.n1)
        )));
    }
    if inp.bound > 0.0 && inp.scheme != Scheme::Ring {
        out.notes.push(Note::Info(
            "The load bound applies to the ring scheme only; choose ring to use it.".to_string(),
        ));
    }
}

/// The card's figure and the model's, both computed from the worked example:
/// the card multiplies all 64 families by 384 MB (24,576 MB), but modulo
/// doubling moves only half of them, so the expected rebuild is 12,288 MB.
fn erratum() -> String {
    let wx = Input {
        n0: 64,
        n1: 128,
        families: 64,
        vnodes: 128,
        scheme: Scheme::Modulo,
        bound: 0.0,
        copy_mb: COPY_MB,
    };
    let card = wx.families as f64 * wx.copy_mb;
    let share = modulo_moved_share(wx.n0, wx.n1);
    let moved = share * wx.families as f64;
    format!(
        "Erratum (seed 000): the card multiplies all {} families by {} ({}, about {}). Modulo doubling {} → {} moves only {} of them, so the expected rebuild is {} × {} = {}. {} is the bill of {} displaced families, i.e. {} cached families.",
        wx.families,
        Unit::Mb.format(wx.copy_mb),
        Unit::Mb.format(card),
        Unit::Gb.format((card / 100.0).round() / 10.0),
        wx.n0,
        wx.n1,
        Unit::Share.format(share),
        units::number(moved),
        Unit::Mb.format(wx.copy_mb),
        Unit::Mb.format(moved * wx.copy_mb),
        Unit::Mb.format(card),
        wx.families,
        units::number(wx.families as f64 / share),
    )
}
