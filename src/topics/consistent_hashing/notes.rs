//! The notes: the seed card's erratum on the rebuild bill, computed from the
//! worked example's parameters and shown on that example only, and the load
//! bound's caveats.

use super::model::{cap, modulo_moved_share};
use super::params::{Input, Scheme, PARAMS, PRESETS};
use super::sim_loss::Loss;
use crate::model::units;
use crate::model::{Note, Outcome, Params, Unit};

pub(super) fn notes(inp: &Input, out: &mut Outcome) {
    if is_worked_example(inp) {
        out.notes.push(Note::Erratum(erratum()));
    }
    if inp.bound > 0.0 && inp.bound < 1.0 {
        out.notes.push(Note::Info(format!(
            "A bound below 1 cannot hold every family; the model uses c = 1 (at most {} per card after the resize: the families divided by the cards, rounded up).",
            cap(1.0, inp.families, inp.n1)
        )));
    }
    if inp.bound > 0.0 && inp.scheme != Scheme::Ring {
        out.notes.push(Note::Info(
            "The load bound applies to the ring scheme only; choose ring to use it.".to_string(),
        ));
    }
}

/// Whether the run is the worked example's resize (the erratum is about
/// that example's figure, so it shows there only).
fn is_worked_example(inp: &Input) -> bool {
    let wx = worked_example();
    (inp.n0, inp.n1, inp.families, inp.scheme) == (wx.n0, wx.n1, wx.families, wx.scheme)
        && inp.copy_mb == wx.copy_mb
}

/// The worked example, the first story: 64 cached families, 64 → 128 cards
/// by modulo, 384 MB copies.
fn worked_example() -> Input {
    let mut p = Params::defaults(&PARAMS);
    // The story's values are the topic's own and always apply.
    let _ = p.apply(PRESETS[0].set);
    Input::read(&p)
}

/// The card's figure and the model's, both computed from the worked example:
/// the card multiplies all 64 families by 384 MB (24,576 MB), but modulo
/// doubling moves only half of them, so the expected rebuild is 12,288 MB.
fn erratum() -> String {
    let wx = worked_example();
    let card = wx.families as f64 * wx.copy_mb;
    let share = modulo_moved_share(wx.n0, wx.n1);
    let moved = share * wx.families as f64;
    format!(
        "Erratum (the seed card's worked example): the card multiplies all {} families by {} ({}, about {}). Modulo doubling {} → {} moves only {} of them, so the expected rebuild is {} × {} = {}. {} is the bill of {} displaced families, i.e. {} cached families.",
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

/// Closer to production: what losing the middle card moved, against the
/// lost card's own share.
pub(super) fn loss_note(inp: &Input, l: &Loss, out: &mut Outcome) {
    let f = inp.families as f64;
    let how = match inp.scheme {
        Scheme::Jump | Scheme::Modulo => format!(
            "{} places by a card's number, so the {} survivors are numbered again and a family moves whenever its number now names another card",
            inp.scheme.word(),
            inp.n1.saturating_sub(1)
        ),
        Scheme::Ring => "the ring skips the lost card's points, so only its families walk on to the next card".to_string(),
        Scheme::Rendezvous => "rendezvous drops the lost card from every key's contest, so only its families go to their next-highest weight".to_string(),
    };
    out.notes.push(Note::Info(format!(
        "Closer to production a fleet also loses cards it did not choose: after the resize, card {} of {} fails. {}: {} of the families move ({}), where the least any scheme can move is the lost card's own families, {}.",
        l.lost,
        inp.n1,
        crate::model::units::first_letter(&how, true),
        Unit::Share.format(l.moved as f64 / f),
        Unit::Count("families").format(l.moved as f64),
        Unit::Share.format(l.least),
    )));
}
