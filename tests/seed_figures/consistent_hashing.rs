//! Seed 000 (Consistent hashing) and docs/models/consistent-hashing.md.

use super::{figure, row, Row, Tol};

pub const T: &str = "consistent-hashing";

pub const ROWS: &[Row] = &[
    row("seed 000 worked example: 'exactly 64/128 = 50 percent of families remap'", "modulo-doubling", "modulo_remap_share", 0.5),
    row("seed 000: 'a 384 MB preamble copy' = 1,200 tok × 320 KB (decimal)", "modulo-doubling", "copy_mb", 384.0),
    row("docs/models/consistent-hashing.md erratum: only half of 64 families move, 32 × 384 = 12,288 MB", "modulo-doubling", "expected_rebuild_mb", 12_288.0),
    row("seed 000: the card's 24,576 MB is the bill of 64 displaced families (128 cached)", "modulo-doubling", "expected_rebuild_mb", 24_576.0).with(&[("families", "128")]),
    row("seed 000 / docs/models/consistent-hashing.md preset 2: 'roughly 1 of 65 families moves per added card'", "ring-plus-one", "expected_move_share", 1.0 / 65.0),
    row("seed 000 / docs/models/consistent-hashing.md preset 2: the ring's measured share sits at 1/65 (±0.5 pt, 100,000 families)", "ring-plus-one", "moved_share", 1.0 / 65.0).within(Tol::Abs(0.005)),
    row("seed 000 / docs/models/consistent-hashing.md preset 3: modulo 64 → 65 'redraws nearly every assignment', 64/65 moved", "modulo-plus-one", "modulo_remap_share", 64.0 / 65.0),
    row("docs/models/consistent-hashing.md preset 3: measured modulo share over 100,000 families ≈ 98.46 %", "modulo-plus-one", "moved_share", 64.0 / 65.0).within(Tol::Abs(0.005)),
    row("docs/models/consistent-hashing.md: modulo doubling's measured share over 100,000 families ≈ 50 %", "modulo-doubling", "moved_share", 0.5).with(&[("families", "100000")]).within(Tol::Abs(0.005)),
];

/// Theory against measurement: for ring, jump and rendezvous over 100,000
/// families, the measured moved share is within 0.5 points of
/// |n1 − n0| / max(n0, n1), for growth, shrinkage and doubling.
#[test]
fn measured_moved_share_matches_theory() {
    for scheme in ["ring", "jump", "rendezvous"] {
        for (n0, n1) in [(64, 65), (64, 128), (100, 90), (16, 20), (128, 64)] {
            let (a, b) = (n0.to_string(), n1.to_string());
            let ideal = (n0 as f64 - n1 as f64).abs() / (n0.max(n1) as f64);
            let set = [
                ("scheme", scheme),
                ("families", "100000"),
                ("cards_before", a.as_str()),
                ("cards_after", b.as_str()),
            ];
            let got = figure(T, "", false, &set, "moved_share");
            assert!(
                (got - ideal).abs() <= 0.005,
                "{scheme} {n0}→{n1}: measured {got}, theory {ideal}"
            );
        }
    }
}

/// The erratum on the page carries both numbers, computed by the model.
#[test]
fn erratum_shows_the_cards_figure_and_the_right_one() {
    use fleetlab::model::Note;
    let t = fleetlab::topics::find(T).unwrap();
    let out = t.run(&t.defaults());
    let text = out
        .notes
        .iter()
        .find_map(|n| match n {
            Note::Erratum(s) => Some(s.clone()),
            _ => None,
        })
        .expect("an erratum note");
    assert!(text.contains("24,576 MB"), "{text}");
    assert!(text.contains("12,288 MB"), "{text}");
}
