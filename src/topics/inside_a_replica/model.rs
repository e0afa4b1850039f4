//! # Inside one replica: the model
//!
//! The arithmetic of one replica: `tp` GPUs (tensor parallel) holding one
//! model's weights, with the memory left over as a paged KV cache, and each
//! step of continuous batching timed by a roofline.
//!
//! Sources: the model shapes are Llama 3.1 8B's and 70B's published
//! configurations; the GPUs are NVIDIA's datasheets (params.rs names each
//! number); the scheduler follows vLLM's (paged blocks of 16 tokens, a
//! batch limit, a per-step token budget, preemption by recompute).
//!
//! ## Memory
//!
//! - KV bytes per token = 2 (K and V) × layers × KV heads × head size ×
//!   bytes per element. The 70B-class model in 16 bits: 2 × 80 × 8 × 128 ×
//!   2 = 327,680 bytes = 320 KiB, the seed cards' "320 KB per token" (which
//!   is binary kilobytes: 327.68 decimal KB).
//! - Weights = parameters × bytes per weight (70.6 B × 2 = 141.2 GB).
//! - KV memory = memory share × GPU memory × tp − weights − reserve × tp,
//!   paged in blocks of 16 tokens; KV tokens = whole blocks × 16.
//! - Sequences that fit = KV tokens ÷ the mean context (prompt + reply).
//!
//! ## One step (the roofline)
//!
//! A step reads every weight once and the KV of every sequence in it, and
//! computes 2 × parameters FLOPs per token it processes, plus attention's
//! 4 × layers × width FLOPs per token per token of context before it. The
//! `tp` GPUs share both. Its time is the slower of the two, plus a fixed
//! overhead:
//! `t = overhead + max(bytes ÷ (tp × bandwidth), FLOPs ÷ (tp × FLOP/s ×
//! efficiency))`. A decode step of a small batch is bound by bandwidth (the
//! weights' read dominates); a prefill chunk of thousands of tokens by
//! compute. The decode floor, one step at batch 1 with nothing else, is
//! weights ÷ (tp × bandwidth).
//!
//! ## Closer to production
//!
//! Under [`Assumptions::Production`](crate::model::Assumptions) two of the
//! roofline's idealisations go (`Hardware::production`):
//! - a step's reads (weights and KV) reach [`ACHIEVED_BANDWIDTH`] of the
//!   datasheet's bandwidth, as memory-streaming kernels do: the memory term
//!   is bytes ÷ (tp × bandwidth × 0.8). The decode floor stays the
//!   datasheet's bound, the shortest a step could take; its share of a real
//!   step is what serving engineers call model bandwidth utilization.
//! - on tp > 1 GPUs every layer all-reduces its activations twice a step
//!   (after attention and after the MLP), each taking a fixed time, a time
//!   per hop of the ring (2 × (tp − 1) hops) and the bytes of the step's
//!   tokens × width × 2 bytes × 2 (tp − 1)/tp over NVLink's one-way
//!   bandwidth at [`ALLREDUCE_LINK_SHARE`]: `t = overhead + all-reduce +
//!   max(…)`, nothing overlapped. On one GPU it is 0.
//!
//! ## Little's law
//!
//! Requests in the replica (waiting or running), on average, = requests a
//! second × seconds each spends there. The simulation measures both sides.

use super::params::{
    Hardware, Input, ACHIEVED_BANDWIDTH, ACTIVATION_BYTES, ALLREDUCES_PER_LAYER, ALLREDUCE_BASE_S,
    ALLREDUCE_HOP_S, ALLREDUCE_LINK_SHARE, BLOCK_TOKENS, GIB,
};
use crate::model::hot::larger;

/// KV cache bytes per token: `2 × layers × KV heads × head size × bytes`
/// (K and V, for every layer).
pub fn kv_bytes_per_token(layers: u32, kv_heads: u32, head_dim: u32, bytes: f64) -> f64 {
    2.0 * layers as f64 * kv_heads as f64 * head_dim as f64 * bytes
}

/// The weights' bytes: parameters × bytes per weight.
pub fn weight_bytes(params: f64, bytes_per_weight: f64) -> f64 {
    params * bytes_per_weight
}

/// Bytes left for the KV cache: `share × memory per GPU × tp − weights −
/// reserve per GPU × tp`, never below 0.
pub fn kv_memory_bytes(
    memory_per_gpu: f64,
    share: f64,
    tp: u32,
    weights: f64,
    reserve_per_gpu: f64,
) -> f64 {
    (share * memory_per_gpu * tp as f64 - weights - reserve_per_gpu * tp as f64).max(0.0)
}

/// Whole blocks of `block_tokens` tokens that `bytes` of KV memory hold.
pub fn kv_blocks(kv_memory: f64, kv_per_token: f64, block_tokens: u32) -> u32 {
    if kv_per_token <= 0.0 {
        return 0;
    }
    let blocks = (kv_memory / (kv_per_token * block_tokens as f64)).floor();
    blocks.clamp(0.0, u32::MAX as f64) as u32
}

/// Sequences of `context` tokens that `kv_tokens` hold, whole.
pub fn sequences_that_fit(kv_tokens: f64, context: f64) -> f64 {
    if context <= 0.0 {
        return 0.0;
    }
    (kv_tokens / context).floor()
}

/// The decode floor in seconds: one step at batch 1 reads every weight once,
/// `weights ÷ (tp × bandwidth)` (no overhead, no KV).
pub fn decode_floor_s(weights: f64, tp: u32, bandwidth: f64) -> f64 {
    weights / (tp as f64 * bandwidth)
}

/// Closer to production, one step's tensor-parallel all-reduces on `tp`
/// GPUs, as (fixed seconds a step, seconds per token the step processes):
/// `layers × 2` all-reduces, each `base + 2 (tp − 1) × hop` plus its bytes
/// (tokens × width × 2 bytes) × 2 (tp − 1)/tp over the link's achieved
/// one-way bandwidth. Both 0 on one GPU.
pub fn allreduce_s(layers: u32, width: u32, tp: u32, link: f64) -> (f64, f64) {
    if tp <= 1 {
        return (0.0, 0.0);
    }
    let n = tp as f64;
    let count = ALLREDUCES_PER_LAYER * layers as f64;
    let fixed = count * (ALLREDUCE_BASE_S + 2.0 * (n - 1.0) * ALLREDUCE_HOP_S);
    let bytes_per_token = width as f64 * ACTIVATION_BYTES;
    let per_token = count * 2.0 * (n - 1.0) / n * bytes_per_token / (link * ALLREDUCE_LINK_SHARE);
    (fixed, per_token)
}

/// Little's law: requests in the system = requests a second × seconds each.
pub fn littles_law(rate: f64, seconds: f64) -> f64 {
    rate * seconds
}

/// The mean context a sequence holds at its end: prompt (with the long
/// ones' share) plus reply.
pub(super) fn mean_context(inp: &Input) -> f64 {
    let t = &inp.traffic;
    t.mean_prompt() + t.output
}

/// Sequences of the mean context the KV cache holds.
pub(super) fn max_sequences(inp: &Input, r: &Replica) -> f64 {
    sequences_that_fit(r.kv_tokens(), mean_context(inp))
}

/// The replica as the simulation steps it: its memory in blocks and the
/// constants of its roofline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Replica {
    pub kv_per_token: f64,
    pub weights: f64,
    /// KV memory, bytes.
    pub kv_memory: f64,
    /// Blocks of [`BLOCK_TOKENS`] tokens.
    pub blocks: u32,
    /// Bytes a second the replica's GPUs read together, by the datasheet.
    pub bandwidth: f64,
    /// Bytes a second a step's reads reach: the datasheet's, or closer to
    /// production [`ACHIEVED_BANDWIDTH`] of it.
    pub read_bandwidth: f64,
    /// Closer to production, a step's all-reduces: fixed seconds, and
    /// seconds per token processed (both 0 on the seed card, or on 1 GPU).
    pub allreduce_s: f64,
    pub allreduce_per_token_s: f64,
    /// FLOP/s the replica's GPUs reach together (at the efficiency).
    pub flops: f64,
    /// FLOPs per token of the matrix work: 2 × parameters.
    pub flops_per_token: f64,
    /// Attention FLOPs per token per token of context: 4 × layers × width.
    pub attn_per_context: f64,
    pub overhead_s: f64,
}

impl Replica {
    pub fn new(hw: &Hardware) -> Replica {
        let m = hw.model;
        let kv_per_token = kv_bytes_per_token(m.layers, m.kv_heads, m.head_dim, hw.kv_bytes);
        let weights = weight_bytes(m.params, hw.weight_bytes);
        let memory = hw.gpu.memory_gib * GIB;
        let kv_memory = kv_memory_bytes(memory, hw.mem_util, hw.tp, weights, hw.reserve);
        let tp = hw.tp as f64;
        let bandwidth = tp * hw.gpu.bandwidth;
        let (read_bandwidth, (allreduce_s, allreduce_per_token_s)) = if hw.production {
            let width = m.heads * m.head_dim;
            (
                bandwidth * ACHIEVED_BANDWIDTH,
                allreduce_s(m.layers, width, hw.tp, hw.gpu.nvlink),
            )
        } else {
            (bandwidth, (0.0, 0.0))
        };
        Replica {
            kv_per_token,
            weights,
            kv_memory,
            blocks: kv_blocks(kv_memory, kv_per_token, BLOCK_TOKENS),
            bandwidth,
            read_bandwidth,
            allreduce_s,
            allreduce_per_token_s,
            flops: tp * hw.gpu.flops * hw.compute_eff,
            flops_per_token: 2.0 * m.params,
            attn_per_context: 4.0 * m.layers as f64 * (m.heads * m.head_dim) as f64,
            overhead_s: hw.overhead_s,
        }
    }

    /// Tokens the KV cache holds: whole blocks × 16.
    pub fn kv_tokens(&self) -> f64 {
        self.blocks as f64 * BLOCK_TOKENS as f64
    }

    /// One step's time: `overhead + max(bytes ÷ bandwidth, FLOPs ÷ FLOP/s)`
    /// for a step that processes `tokens` tokens, whose attention spans
    /// `attn_context` token-pairs in all, reading `kv_read` tokens of KV;
    /// closer to production the bytes are read at the achieved bandwidth
    /// and the step's all-reduces add their time.
    #[inline(always)]
    pub fn step_s(&self, tokens: f64, attn_context: f64, kv_read: f64) -> f64 {
        let bytes = self.weights + kv_read * self.kv_per_token;
        let flops = tokens * self.flops_per_token + attn_context * self.attn_per_context;
        let comm = self.allreduce_step_s(tokens);
        self.overhead_s + comm + larger(bytes / self.read_bandwidth, flops / self.flops)
    }

    /// A step's all-reduce time (s) when it processes `tokens` tokens: 0 on
    /// the seed card's model or on one GPU.
    #[inline(always)]
    pub fn allreduce_step_s(&self, tokens: f64) -> f64 {
        self.allreduce_s + tokens * self.allreduce_per_token_s
    }

    /// The decode floor (s): [`decode_floor_s`] of this replica, at the
    /// datasheet's bandwidth under both models (the shortest a step could
    /// take).
    pub fn decode_floor_s(&self) -> f64 {
        self.weights / self.bandwidth
    }

    /// The weights' read (s) at the bandwidth a step reaches: the decode
    /// floor on the seed card, ÷ [`ACHIEVED_BANDWIDTH`] closer to
    /// production.
    pub fn weights_read_s(&self) -> f64 {
        self.weights / self.read_bandwidth
    }

    /// Whether compute or memory bounds a step of `tokens` tokens (with no
    /// KV): the batch at which 2 × parameters × tokens ÷ FLOP/s reaches the
    /// weights' read time. Below it a step costs about the same whatever
    /// its size.
    pub fn ridge_tokens(&self) -> f64 {
        self.weights_read_s() * self.flops / self.flops_per_token
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_cards_320_kb_is_the_70b_preset_in_16_bits() {
        assert_eq!(kv_bytes_per_token(80, 8, 128, 2.0), 327_680.0);
        assert_eq!(327_680.0 / 1024.0, 320.0);
    }

    #[test]
    fn kv_memory_never_negative() {
        assert_eq!(kv_memory_bytes(80.0 * GIB, 0.9, 1, 141.2e9, 5e9), 0.0);
    }
}
