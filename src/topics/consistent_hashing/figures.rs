//! The figures: moved share measured and in theory, the displaced families
//! and their rebuild in MB, and the busiest card after the resize.

use super::model::{expected_share, ideal_moved_share, modulo_moved_share};
use super::params::Input;
use super::sim::Resize;
use crate::model::{FigureRow, Outcome, Unit};

#[rustfmt::skip]
pub(super) fn figures(inp: &Input, r: &Resize, out: &mut Outcome) {
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
}

/// The figures the page shows first, three so they sit in one row on a
/// phone: how many families move, against theory, and the balance; the
/// rest fold under "More figures".
pub const KEY_FIGURES: &[&str] = &["moved_share", "expected_move_share", "busiest_ratio"];
