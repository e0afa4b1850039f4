//! What the replica's model does closer to production: the two places its
//! roofline is the datasheet's and a real step is not, each with what
//! serving systems measure, where that is documented, and the figures and
//! checks it moves. Declarations only, at the outcome's layer (the model's
//! `Hardware::production` reads the switch).

use crate::model::Difference;

/// The simulated figures both differences move: every step is longer, so
/// the run's tails, its rates and the rate it sustains move with it.
macro_rules! step_figures {
    ($($extra:literal),*) => {
        &[
            $($extra,)*
            "ttft_p50_ms",
            "ttft_p99_ms",
            "tpot_p50_ms",
            "tpot_p99_ms",
            "stall_p99_ms",
            "throughput_tok_s",
            "throughput_tok_s_per_gpu",
            "mean_batch",
            "mean_latency_s",
            "goodput_rps",
            "sustained_rps",
            "sustained_tok_s",
            "sustained_tok_s_per_gpu",
        ]
    };
}

/// The differences, in the order the page lists them.
pub static DIFFERENCES: [Difference; 2] = [
    Difference {
        id: "achieved-bandwidth",
        title: "Memory read at the datasheet's bandwidth, or at what kernels reach",
        card: "Every step reads the weights and the batch's KV cache at the GPU's full datasheet bandwidth (3.35 TB/s on an H100), so a decode step's memory time is the decode floor itself.",
        production: "Kernels that stream memory reach about 60 to 85 % of the datasheet's bandwidth; serving engineers measure it as model bandwidth utilization, the bytes a decode step must read over its time, against the peak. Here a step's reads go at 80 % of the datasheet's rate (its fixed overhead is counted apart): a memory-bound step's reading takes a quarter longer, so the time per output token and the tokens a second move with the bandwidth reached, and the batch at which arithmetic outlasts the weights' read moves up. The decode floor figure stays the datasheet's bound, the shortest a step could take.",
        source: "Databricks' (MosaicML's) inference engineering write-up 'LLM Inference Performance Engineering: Best Practices' (2023), which defines model bandwidth utilization and measures it well under the peak on A100s and H100s; NVIDIA's own guidance that memory-bound kernels reach a share of the HBM peak, not all of it.",
        figures: step_figures!("ridge_tokens"),
        checks: &["ttft_p99", "tpot_p99"],
    },
    Difference {
        id: "tensor-parallel-all-reduce",
        title: "Tensor parallelism for free, or an all-reduce in every layer",
        card: "A replica of tp GPUs is one GPU with tp times the bandwidth and the FLOP/s: its GPUs never wait on each other, so 2 GPUs halve a step's reading and 8 divide it by 8.",
        production: "Tensor parallelism splits every layer's matrices, and each layer's partial results are summed across the GPUs twice a step (after attention and after the MLP): an all-reduce over NVLink, which engines such as vLLM do not overlap with the layer's work. Each takes a few µs fixed, about half a µs more per hop of the ring (2 × (tp − 1) hops), and its bytes (the step's tokens × the model's width × 2 bytes) × 2 (tp − 1)/tp at 80 % of NVLink's one-way rate (450 GB/s on an H100). A 70B-class model's 160 all-reduces add about 1 ms to a decode step on 2 GPUs and 2 ms on 8, and a 2,048-token prefill chunk some tens of ms: more GPUs still read faster, but less than in proportion. On 1 GPU nothing changes.",
        source: "Megatron-LM's tensor parallelism (Shoeybi et al. 2019: two all-reduces per transformer layer in the forward pass); NCCL's cost model of ring all-reduce (a base latency, a per-hop latency and 2 (n − 1)/n of the bytes over the bus bandwidth) and NVIDIA's NVLink figures (900 GB/s both ways on an H100 SXM, 600 on an A100, 1.8 TB/s on a B200).",
        figures: step_figures!(),
        checks: &["ttft_p99", "tpot_p99"],
    },
];

#[cfg(test)]
mod tests {
    use super::super::model::allreduce_s;
    use super::super::params::{ACHIEVED_BANDWIDTH, H100, MODEL_70B};
    use super::DIFFERENCES;

    /// The share the texts name is the model's.
    #[test]
    fn the_texts_name_the_bandwidth_reached() {
        let said = format!("{} %", (ACHIEVED_BANDWIDTH * 100.0).round());
        assert!(DIFFERENCES[0].production.contains(&said), "{said}");
        assert!(
            super::super::MATH.equations[3].note.contains(&said),
            "{said}"
        );
    }

    /// What the all-reduce difference says of the 70B-class model on H100s:
    /// about 1 ms a decode step on 2 GPUs, 2 ms on 8, tens of ms for a
    /// 2,048-token chunk, and nothing on 1 GPU.
    #[test]
    fn the_all_reduce_text_holds() {
        let m = MODEL_70B;
        let step = |tp: u32, tokens: f64| {
            let (fixed, per) = allreduce_s(m.layers, m.heads * m.head_dim, tp, H100.nvlink);
            (fixed + tokens * per) * 1000.0
        };
        assert_eq!(step(1, 2048.0), 0.0);
        assert!((step(2, 1.0) - 1.0).abs() < 0.1, "{}", step(2, 1.0));
        assert!((step(8, 1.0) - 2.0).abs() < 0.1, "{}", step(8, 1.0));
        for tp in [2, 4, 8] {
            let chunk = step(tp, 2048.0);
            assert!((10.0..40.0).contains(&chunk), "{tp}: {chunk}");
        }
        assert!(step(2, 1.0) < step(4, 1.0) && step(4, 1.0) < step(8, 1.0));
    }
}
