//! The ring chart: the cards' arcs after the resize (for the ring scheme),
//! marked where the owner changed, and a sample of family keys around the
//! circle, red where the family changed card.

use super::model::key;
use super::model_ring::Ring;
use super::params::Input;
use super::sim::Resize;
use crate::model::*;

/// How many families the ring chart draws (the first ones; keys are hashed,
/// so they are a fair sample).
const RING_DOTS: usize = 1500;
/// Angular resolution of the ring's arcs.
const RING_STEPS: usize = 720;
/// 2^64: a key as a fraction of the circle.
const TURN: f64 = 18_446_744_073_709_551_616.0;

/// The arcs of cards `0..n1`, each step's midpoint owner, runs merged.
fn ring_arcs(inp: &Input, ring: &Ring) -> Vec<RingArc> {
    let mut arcs: Vec<RingArc> = Vec::new();
    for s in 0..RING_STEPS {
        let start = s as f64 / RING_STEPS as f64;
        let k = ((start + 0.5 / RING_STEPS as f64) * TURN) as u64;
        let card = ring.owner(k, inp.n1) as u32;
        let moved = card as usize != ring.owner(k, inp.n0);
        let end = start + 1.0 / RING_STEPS as f64;
        match arcs.last_mut() {
            Some(a) if a.card == card && a.moved == moved => a.end = end,
            _ => arcs.push(RingArc {
                start,
                end,
                card,
                moved,
            }),
        }
    }
    arcs
}

fn ring_legend(inp: &Input, r: &Resize) -> Vec<(String, String)> {
    let share = r.moved as f64 / inp.families as f64;
    let mut legend = vec![
        ("scheme".to_string(), inp.scheme.word().to_string()),
        ("cards".to_string(), format!("{} → {}", inp.n0, inp.n1)),
        ("families".to_string(), inp.families.to_string()),
        (
            "moved families".to_string(),
            format!("{} ({})", r.moved, Unit::Share.format(share)),
        ),
    ];
    if inp.families > RING_DOTS {
        legend.push((
            "drawn".to_string(),
            format!("the first {RING_DOTS} families"),
        ));
    }
    legend
}

pub(super) fn ring_chart(inp: &Input, r: &Resize) -> Chart {
    let arcs = r
        .ring
        .as_ref()
        .map(|ring| ring_arcs(inp, ring))
        .unwrap_or_default();
    let dots = (0..inp.families.min(RING_DOTS))
        .map(|j| RingDot {
            at: key(j) as f64 / TURN,
            moved: r.before[j] != r.after[j],
        })
        .collect();
    Chart {
        id: "ring",
        title: if r.ring.is_some() {
            format!("The ring after the resize: {} cards' arcs", inp.n1)
        } else {
            format!(
                "Family keys around the circle ({} has no ring)",
                inp.scheme.word()
            )
        },
        summary: format!(
            "{} of {} families (red) change card when {} routing goes from {} to {} cards.",
            r.moved,
            inp.families,
            inp.scheme.word(),
            inp.n0,
            inp.n1
        ),
        plot: Plot::Ring(RingChart {
            cards: inp.n1 as u32,
            arcs,
            dots,
            legend: ring_legend(inp, r),
        }),
    }
}
