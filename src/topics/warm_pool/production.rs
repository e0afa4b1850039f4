//! What the warm-pool model does closer to production: the seed card's one
//! simplification this page swaps, what real systems do, where that is
//! documented, and the figures it moves. Declarations only, beside the notes
//! (the model's `Shape::spread` reads the switch).

use crate::model::Difference;

/// The differences, in the order the page lists them.
pub static DIFFERENCES: [Difference; 1] = [Difference {
    id: "cold-start-spread",
    title: "One cold start for every launch, or a spread with a tail",
    card: "Every launched replica is ready exactly one cold start (32 s) after the burst begins: the replicas a burst launches all arrive together, as if each boot were the same.",
    production: "A cold start is the boot the card times (the weights read at full speed, the engine's start) plus whatever delays that launch meets: an image pull on a node that lacks the image, the weights fetched from network or object storage rather than host memory or local NVMe (an order of magnitude slower), a busy node. Delays only add, so replicas launched together come up one by one, the last with a long tail. This page takes the slider's cold start as the floor and spreads the launches above it on a Pareto curve (a power tail) whose slowest launch in twenty takes twice the floor: of 3 launched, at 1.04, 1.17 and 1.51 times it; of 4, the last at 1.62 times. The backlog a burst leaves, its waits and the waiting a warm replica removes all grow, and so can the pool worth its rent; a pool that launches nothing is unchanged.",
    source: "ServerlessLLM (Fu et al., OSDI 2024): LLM cold starts are long and unpredictable, a checkpoint's load time depends on where each server holds it (GPU server memory, local SSD or remote storage; a 130 GB download alone takes about 26 s at 5 GB/s, and a 70B model's load tens of seconds more), and its scheduler picks servers by their estimated start time for that reason; Kubernetes' image pull policy (IfNotPresent pulls only on nodes without the image). The spread's shape and width (a Pareto tail, its 95th percentile twice the floor) are Fleetlab's choice within those ranges, not a measurement.",
    figures: &[
        "launch_late_s",
        "step_backlog",
        "backlog",
        "mean_wait_s",
        "p95_wait_s",
        "max_wait_s",
        "wait_hours_per_day",
        "wait_hours_removed_per_day",
        "cost_per_wait_hour_removed",
        "cost_per_p95_second_removed",
        "break_even_pool",
    ],
    checks: &["p95_wait"],
}];
