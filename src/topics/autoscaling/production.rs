//! What the autoscaling model does closer to production: the seed card's two
//! simplifications this page swaps, each with what real systems do, where
//! that is documented, and the figures it moves. Declarations only, beside
//! the notes (the model's `Day::production` reads the switch).

use crate::model::Difference;

/// The differences, in the order the page lists them.
pub static DIFFERENCES: [Difference; 2] = [
    Difference {
        id: "kernel-busy-gauge",
        title: "A gauge that flattens near 60 %, or one that reads near 100 %",
        card: "Decode is memory-bound, so the GPU utilization gauge flattens near 60 % however deep the queue: an autoscaler that reads it sees headroom that is not there, stops at 3 replicas for a 9,000 tok/s peak, and the peak queues.",
        production: "The GPU utilization nvidia-smi reports (and DCGM's GPU utilization field) is the share of time any kernel runs, not the share of the card's capacity in use; DCGM's profiling fields (SM activity, memory activity) do track load, and autoscalers that read them or the engine's own queue avoid this trap. A replica batching dozens of replies runs one decode step after another, so the gauge reads near 100 % at any load worth serving: 1 − e^(−n) with n replies in flight on a replica (at 25 tok/s a reply), above 99 % from 5 replies on, where a replica's ceiling holds 120. An autoscaler that reads it as the pool's load sees a full pool, adds its spare again and again, and stops only at its maximum (here the worked example's fleet for the peak, N + s, as a Kubernetes maxReplicas); then it holds that fleet all day and never scales down. The trap is the bill, not the queue: the day costs what holding the peak fleet costs, and nothing is saved.",
        source: "NVIDIA's nvidia-smi and DCGM documentation define GPU utilization (DCGM_FI_DEV_GPU_UTIL) as the fraction of the sample period during which one or more kernels ran; Google's GKE best practices for autoscaling LLM inference say it measures the duty cycle, not the work done, and recommend queue size or batch size; llm-d's autoscaling guide notes the gauge is pegged near 100 % while batching whatever the load. The maximum is the Kubernetes Horizontal Pod Autoscaler's maxReplicas.",
        figures: &[
            "replica_hours",
            "bill",
            "saved_share",
            "peak_queue",
            "max_wait_s",
            "seconds_above_slo",
            "idle_share",
            "capacity_used_share",
            "spare_at_peak",
            "max_replicas",
            "launches",
        ],
        checks: &["wait_slo", "spare_at_peak", "idle"],
    },
    Difference {
        id: "spare-at-the-trough",
        title: "No spare at the trough, or N + 1 there too",
        card: "The worked example keeps no spare at the trough: 4,500 tok/s needs 1.5 replicas, 2 carry it (the half replica of rounding is the headroom, the floor the redundancy), and 2 of the peak's 4 are released.",
        production: "A pool keeps its spare at the trough for the same reasons it keeps one at the peak: a replica fails or is drained for a deploy at any hour, and one of 2 down leaves 1.5 replicas of load on 1. So the trough keeps max(⌈T/C⌉ + s, f) = 3 replicas and releases 1: the spare costs its rent, $2.50 an hour, for every hour the day spends at the trough. The day's autoscaler already keeps it (it asks for the need plus the spare at every hour), so only the worked example's arithmetic moves.",
        source: "The N + 1 redundancy rule as the Google SRE book states it for capacity planning (provision to serve the peak with one instance down, for planned and unplanned outages), and the Kubernetes Horizontal Pod Autoscaler's minReplicas, the floor an operator sets so the pool never shrinks below what one failure can absorb.",
        figures: &["replicas_kept_at_half", "replicas_released_at_half"],
        checks: &[],
    },
];
