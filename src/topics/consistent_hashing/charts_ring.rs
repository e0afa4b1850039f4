//! The ring chart: the cards' arcs after the resize (for the ring scheme),
//! marked where the owner changed, and a sample of family keys around the
//! circle, red where the family changed card.

use super::model::key;
use super::model_ring::{ring_arcs, TURN};
use super::params::Input;
use super::sim::Resize;
use crate::model::units::{counted, number};
use crate::model::*;

/// How many families the ring chart draws (the first ones; keys are hashed,
/// so they are a fair sample).
const RING_DOTS: usize = 1500;
fn ring_legend(inp: &Input, r: &Resize) -> Vec<(String, String)> {
    let share = r.moved as f64 / inp.families as f64;
    let mut legend = vec![
        ("scheme".to_string(), inp.scheme.word().to_string()),
        (
            "cards".to_string(),
            format!("{} → {}", number(inp.n0 as f64), number(inp.n1 as f64)),
        ),
        ("families".to_string(), number(inp.families as f64)),
        (
            "moved families".to_string(),
            format!("{} ({})", number(r.moved as f64), Unit::Share.format(share)),
        ),
    ];
    if inp.families > RING_DOTS {
        legend.push((
            "drawn".to_string(),
            format!("the first {}", counted(RING_DOTS as f64, "families")),
        ));
    }
    legend
}

pub(super) fn ring_chart(inp: &Input, r: &Resize) -> Chart {
    let arcs = r
        .ring
        .as_ref()
        .map(|ring| ring_arcs(ring, inp.n0, inp.n1))
        .unwrap_or_default();
    let dots = (0..inp.families.min(RING_DOTS))
        .map(|j| RingDot {
            at: key(j) as f64 / TURN,
            moved: r.before()[j] != r.after()[j],
        })
        .collect();
    Chart {
        id: "ring",
        title: if r.ring.is_some() {
            match inp.n1 {
                1 => "The ring after the resize: 1 card's arcs".to_string(),
                n => format!(
                    "The ring after the resize: {} cards' arcs",
                    number(n as f64)
                ),
            }
        } else {
            format!(
                "Family keys around the circle ({} has no ring)",
                inp.scheme.word()
            )
        },
        summary: format!(
            "{} of {} (red) {} card when {} routing goes from {} to {}.",
            number(r.moved as f64),
            counted(inp.families as f64, "families"),
            if r.moved == 1 { "changes" } else { "change" },
            inp.scheme.word(),
            number(inp.n0 as f64),
            counted(inp.n1 as f64, "cards")
        ),
        plot: Plot::Ring(RingChart {
            cards: inp.n1 as u32,
            arcs,
            dots,
            legend: ring_legend(inp, r),
        }),
    }
}
