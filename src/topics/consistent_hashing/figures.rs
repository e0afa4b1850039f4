//! The figures: moved share measured and in theory, the displaced families
//! and their rebuild in MB, and the busiest card after the resize.

use super::model::{expected_share, ideal_moved_share, modulo_moved_share};
use super::params::Input;
use super::sim::Resize;
use super::sim_loss::Loss;
use crate::model::{FigureRow, Outcome, Unit};

#[rustfmt::skip]
pub(super) fn figures(inp: &Input, r: &Resize, loss: Option<&Loss>, out: &mut Outcome) {
    let f = inp.families as f64;
    let expected = expected_share(inp);
    let moved = r.moved as f64;
    let families = Unit::Count("families");
    let rows: [FigureRow; 10] = [
        ("moved_share", "Moved share (measured)", moved / f, Unit::Share),
        ("expected_move_share", "Moved share (theory, this scheme)", expected, Unit::Share),
        ("modulo_remap_share", "Modulo remap share (theory)", modulo_moved_share(inp.n0, inp.n1), Unit::Share),
        ("ideal_move_share", "Least possible moved share", ideal_moved_share(inp.n0, inp.n1), Unit::Share),
        ("displaced_families", "Displaced families", moved, families),
        ("copy_mb", "Preamble copy", inp.copy_mb, Unit::Mb),
        ("rebuild_mb", "Rebuild (measured)", moved * inp.copy_mb, Unit::Mb),
        ("expected_rebuild_mb", "Rebuild (theory)", expected * f * inp.copy_mb, Unit::Mb),
        ("busiest_families", "Busiest card after", r.busiest as f64, families),
        ("busiest_ratio", "Busiest ÷ average", r.busiest as f64 / r.average, Unit::Ratio),
    ];
    out.add_figures(rows);
    // Closer to production only: the middle card lost after the resize (the
    // seed card's fleet changes only by the resize).
    if let Some(l) = loss {
        let moved = l.moved as f64;
        let lost: [FigureRow; 4] = [
            ("loss_moved_share", "Losing the middle card: moved share (measured)", moved / f, Unit::Share),
            ("loss_least_share", "Losing the middle card: least possible", l.least, Unit::Share),
            ("loss_displaced_families", "Losing the middle card: displaced families", moved, families),
            ("loss_rebuild_mb", "Losing the middle card: rebuild", moved * inp.copy_mb, Unit::Mb),
        ];
        out.add_figures(lost);
    }
}

/// The figures the page shows first, three so they sit in one row on a
/// phone: how many families move, against theory, and the balance; the
/// rest fold under "More figures".
pub const KEY_FIGURES: &[&str] = &["moved_share", "expected_move_share", "busiest_ratio"];
