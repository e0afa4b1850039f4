//! What the explorer's model does closer to production: the seed card's
//! simplification this page swaps, with what real systems do, where that is
//! documented, and the check it judges otherwise. Declarations only, beside
//! the notes (the model's `Input::production` reads the switch).

use crate::model::Difference;

/// The differences, in the order the page lists them.
pub static DIFFERENCES: [Difference; 1] = [Difference {
    id: "arbitrary-card-lost",
    title: "Cards change only at the end, or any card can be lost",
    card: "The fleet changes only by the resize the sliders set: cards join after the last and leave from the end, the one change jump hash handles, since it names cards by number 0 to n − 1. So jump hash is the fix offered for the +1 resize, moving only the new card's 1/65.",
    production: "A fleet of replicas also loses cards it did not choose: a card fails, or is drained, wherever it sits. Closer to production the middle card is lost after the resize. Jump hash can only drop its last bucket: the survivors past the lost card are numbered again and their families move with them, about half the fleet's families for the middle card, where a ring or rendezvous hashing moves only the lost card's own families, about 1/n. The moved check judges both events, so the +1 story's jump fix fails it and the fix is a ring or rendezvous hashing. (A jump-hash fleet can also keep a table that moves its last bucket into the hole, about 2/n of the families; this page renumbers, as jump hash alone does.)",
    source: "Lamping and Veach, 'A Fast, Minimal Memory, Consistent Hash Algorithm' (2014), which notes that jump hash numbers its buckets and can only add or remove the last; Thaler and Ravishankar's rendezvous (highest random weight) hashing (1998); Karger et al.'s consistent hashing ring (1997); Google's Maglev load balancer (Eisenbud et al. 2016), whose lookup table drops any backend.",
    figures: &["loss_moved_share", "loss_least_share", "loss_displaced_families", "loss_rebuild_mb"],
    checks: &["moved"],
}];
