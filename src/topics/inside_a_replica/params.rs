//! One replica's inputs: the model shapes and GPUs it can be, the word
//! tables of its choices, its parameters and stories (from params.toml), and
//! the typed [`Input`] a run reads from them.

use crate::model::*;

/// A dense model's shape: what sets its weights' bytes, its compute per
/// token and its KV cache per token.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModelShape {
    /// What a reader sees ("an 8B-class model").
    pub name: &'static str,
    /// Transformer layers.
    pub layers: u32,
    /// Query heads (× head size = the model's width).
    pub heads: u32,
    /// Key/value heads (grouped-query attention shares each across several
    /// query heads).
    pub kv_heads: u32,
    /// Elements per head.
    pub head_dim: u32,
    /// Parameters.
    pub params: f64,
    /// Where the numbers come from.
    pub source: &'static str,
}

/// Llama 3.1 8B's published configuration.
pub const MODEL_8B: ModelShape = ModelShape {
    name: "8B-class model",
    layers: 32,
    heads: 32,
    kv_heads: 8,
    head_dim: 128,
    params: 8.03e9,
    source: "Llama 3.1 8B's configuration: 32 layers, 32 query heads, 8 KV heads of 128, 8.03 B parameters",
};

/// Llama 3.1 70B's published configuration.
pub const MODEL_70B: ModelShape = ModelShape {
    name: "70B-class model",
    layers: 80,
    heads: 64,
    kv_heads: 8,
    head_dim: 128,
    params: 70.6e9,
    source: "Llama 3.1 70B's configuration: 80 layers, 64 query heads, 8 KV heads of 128, 70.6 B parameters",
};

/// A GPU as its datasheet gives it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gpu {
    pub name: &'static str,
    /// Memory in GiB (the "80 GB" of a name is 80 GiB: 85.9 GB).
    pub memory_gib: f64,
    /// Memory bandwidth, bytes a second.
    pub bandwidth: f64,
    /// Dense 16-bit FLOP/s (without the sparsity the headline figures use).
    pub flops: f64,
    /// NVLink bytes a second in one direction, per GPU (half the
    /// datasheet's bidirectional figure): what a tensor-parallel all-reduce
    /// crosses closer to production.
    pub nvlink: f64,
    pub source: &'static str,
}

pub const H100: Gpu = Gpu {
    name: "H100",
    memory_gib: 80.0,
    bandwidth: 3.35e12,
    flops: 989e12,
    nvlink: 450e9,
    source: "NVIDIA H100 SXM datasheet: 80 GB HBM3, 3.35 TB/s, 989 TFLOP/s dense BF16 (1,979 with sparsity)",
};

pub const B200: Gpu = Gpu {
    name: "B200",
    memory_gib: 180.0,
    bandwidth: 7.7e12,
    flops: 2250e12,
    nvlink: 900e9,
    source: "NVIDIA HGX B200: 180 GB HBM3e and 7.7 TB/s per GPU, 2.25 PFLOP/s dense BF16 (4.5 with sparsity)",
};

pub const A100: Gpu = Gpu {
    name: "A100",
    memory_gib: 80.0,
    bandwidth: 2.039e12,
    flops: 312e12,
    nvlink: 300e9,
    source: "NVIDIA A100 SXM 80 GB datasheet: 80 GB HBM2e, 2,039 GB/s, 312 TFLOP/s dense BF16",
};

/// Closer to production: the share of the datasheet's memory bandwidth a
/// step's reads reach (weights and KV). Kernels that stream memory reach
/// roughly 60 to 85 % of the peak; the step's fixed overhead and its
/// all-reduces are counted apart, so the kernels' share is taken near the
/// top of that range.
pub(super) const ACHIEVED_BANDWIDTH: f64 = 0.8;
/// Closer to production: a tensor-parallel all-reduce's fixed time, seconds
/// (launch and synchronisation), and its time per hop of the ring (a ring
/// over tp GPUs takes 2 × (tp − 1) hops), as NCCL's own cost model puts
/// small messages over NVLink (a few µs, and about half a µs a hop).
pub(super) const ALLREDUCE_BASE_S: f64 = 5e-6;
pub(super) const ALLREDUCE_HOP_S: f64 = 0.5e-6;
/// Closer to production: the share of NVLink's one-way bandwidth an
/// all-reduce's bytes move at (NCCL's measured bus bandwidth).
pub(super) const ALLREDUCE_LINK_SHARE: f64 = 0.8;
/// Closer to production: all-reduces a layer takes each step (Megatron's
/// tensor parallelism: one after attention, one after the MLP), and bytes
/// per activation element they carry (16-bit, whatever the weights' format).
pub(super) const ALLREDUCES_PER_LAYER: f64 = 2.0;
pub(super) const ACTIVATION_BYTES: f64 = 2.0;

/// Bytes in a GiB.
pub(super) const GIB: f64 = 1_073_741_824.0;
/// Tokens in one block of the paged KV cache (vLLM's default block size).
pub const BLOCK_TOKENS: u32 = 16;
/// The share of blocks admission leaves free for the running sequences to
/// grow into (vLLM's watermark of 1 %).
pub(super) const WATERMARK: f64 = 0.01;
/// Requests in a clump of bursty arrivals, on average.
pub(super) const CLUMP: f64 = 4.0;
/// The spread (σ of the logarithm) of prompt and reply lengths.
pub(super) const LENGTH_SIGMA: f64 = 0.6;
/// A run stops after this many steps at most, drained or not (a batch that
/// preempts again and again could otherwise run for ever).
pub(super) const MAX_STEPS: u64 = 2_000_000;
/// A run stops once its steps have carried this many sequences in all
/// (about 15 ms natively; the defaults take a tenth of it), so that no
/// slider setting makes the page wait long.
pub(super) const WORK_BUDGET: u64 = 4_000_000;
/// The sustained-rate search stops probing once its runs have carried this
/// many sequences in all.
pub(super) const SEARCH_BUDGET: u64 = 12_000_000;

const MODELS: &[(&str, &str)] = &[
    ("8b", "8B-class (Llama 3.1 8B's shape)"),
    ("70b", "70B-class (Llama 3.1 70B's shape)"),
];

/// Which model shape the replica serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    B8,
    B70,
}
choice_words!(Model in MODELS: B8, B70);

impl Model {
    pub fn shape(self) -> ModelShape {
        match self {
            Model::B8 => MODEL_8B,
            Model::B70 => MODEL_70B,
        }
    }
}

/// Their memory as the model takes it: a datasheet's "80 GB" is 80 GiB
/// (85.9 GB), which the page's charts give in GB.
const GPUS: &[(&str, &str)] = &[
    ("h100", "H100 (80 GiB, 3.35 TB/s)"),
    ("b200", "B200 (180 GiB, 7.7 TB/s)"),
    ("a100", "A100 (80 GiB, 2.0 TB/s)"),
];

/// Which GPU the replica runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GpuKind {
    H100,
    B200,
    A100,
}
choice_words!(GpuKind in GPUS: H100, B200, A100);

impl GpuKind {
    pub fn spec(self) -> Gpu {
        match self {
            GpuKind::H100 => H100,
            GpuKind::B200 => B200,
            GpuKind::A100 => A100,
        }
    }
}

const TP_WAYS: &[(&str, &str)] = &[
    ("1", "1 GPU"),
    ("2", "2 GPUs"),
    ("4", "4 GPUs"),
    ("8", "8 GPUs"),
];

/// GPUs per replica.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tp {
    One,
    Two,
    Four,
    Eight,
}
choice_words!(Tp in TP_WAYS: One, Two, Four, Eight);

impl Tp {
    pub fn gpus(self) -> u32 {
        1 << (self as u32)
    }
}

const BITS: &[(&str, &str)] = &[("16", "16-bit (2 bytes)"), ("8", "8-bit (1 byte)")];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bits {
    Sixteen,
    Eight,
}
choice_words!(Bits in BITS: Sixteen, Eight);

impl Bits {
    pub fn bytes(self) -> f64 {
        match self {
            Bits::Sixteen => 2.0,
            Bits::Eight => 1.0,
        }
    }
}

const ARRIVALS: &[(&str, &str)] = &[
    ("poisson", "Poisson (independent)"),
    ("bursty", "bursty (clumps of about four)"),
];

/// How requests arrive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrivals {
    Poisson,
    Bursty,
}
choice_words!(Arrivals in ARRIVALS: Poisson, Bursty);

const ON_OFF: &[(&str, &str)] = &[
    ("off", "off: a prompt is prefilled whole, decodes wait"),
    ("on", "on: prompts in chunks beside the decodes"),
];

// The sliders and the stories, from params.toml (see build/params.rs).
include!(concat!(env!("OUT_DIR"), "/params/inside_a_replica.rs"));

typed_input! {
    /// The replica's hardware and model: what sets its memory and its step.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct Hardware from p {
        model: ModelShape = Model::from_word(p.choice("model")).shape(),
        gpu: Gpu = GpuKind::from_word(p.choice("gpu")).spec(),
        tp: u32 = Tp::from_word(p.choice("tp")).gpus(),
        /// Bytes per weight.
        weight_bytes: f64 = Bits::from_word(p.choice("weight_bits")).bytes(),
        /// Bytes per stored KV element.
        kv_bytes: f64 = Bits::from_word(p.choice("kv_bits")).bytes(),
        mem_util: f64 = p.get("mem_util"),
        /// Bytes per GPU.
        reserve: f64 = p.get("reserve_gb") * 1e9,
        compute_eff: f64 = p.get("compute_eff").max(0.01),
        overhead_s: f64 = p.get("step_overhead_ms") / 1000.0,
        /// Closer to production: reads at [`ACHIEVED_BANDWIDTH`] of the
        /// datasheet's, and tensor parallelism's all-reduces take time.
        production: bool = p.production(),
    }
}

typed_input! {
    /// The traffic and the scheduler.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct Traffic from p {
        rate: f64 = p.get("arrival_rps").max(1e-6),
        arrivals: Arrivals = Arrivals::from_word(p.choice("arrivals")),
        prompt: f64 = p.get("prompt_tokens").max(1.0),
        output: f64 = p.get("output_tokens").max(1.0),
        long_share: f64 = p.get("long_share").clamp(0.0, 1.0),
        long_prompt: f64 = p.get("long_prompt_tokens").max(1.0),
        max_batch: u32 = (p.count("max_batch") as u32).max(1),
        chunked: bool = p.choice("chunked_prefill") == "on",
        step_tokens: u32 = (p.get("step_tokens") as u32).max(1),
        requests: u32 = (p.count("requests") as u32).max(1),
        seed: u64 = p.count("seed") as u64,
    }
}

impl Traffic {
    /// The mean prompt, long ones counted at their share.
    pub fn mean_prompt(&self) -> f64 {
        (1.0 - self.long_share) * self.prompt + self.long_share * self.long_prompt
    }
}

typed_input! {
    /// One run's parameters, typed.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct Input from p {
        hw: Hardware = Hardware::read(p),
        traffic: Traffic = Traffic::read(p),
        ttft_target_s: f64 = p.get("ttft_target_ms") / 1000.0,
        tpot_target_s: f64 = p.get("tpot_target_ms") / 1000.0,
        stall_target_s: f64 = p.get("stall_target_ms") / 1000.0,
    }
}

/// The parameters the page shows first (what the stories move: the model,
/// the GPUs, the load and the scheduler's switch); the rest fold under
/// "More parameters".
pub const KEY_PARAMS: &[&str] = &["model", "tp", "arrival_rps", "chunked_prefill"];
