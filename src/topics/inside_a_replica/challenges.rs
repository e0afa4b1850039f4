//! Inside one replica's challenges: C1 the KV cache of one sequence from the
//! model's dimensions, C2 the decode floor from the weights and the
//! bandwidth, C3 Little's law on the requests inside a replica, each solved
//! with the model's own functions (model.rs). C4 and C5 carry the capacity
//! chain of the mock interviews: C4 a replica's tokens a second
//! from its prefill and decode steps (the roofline's `Replica::step_s`), C5
//! the tokens a second the arrivals ask for.

use super::model::{decode_floor_s, kv_bytes_per_token, littles_law, weight_bytes, Replica};
use super::params::{Gpu, GpuKind, Hardware, Model, ModelShape, GIB, PARAMS};
use crate::challenge::{answers, Answers, Solution, Template, Value, Vars};
use crate::model::units::{group, number, trim};
use crate::model::{Params, SplitMix64, Unit};

/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: Answers = answers! {
    draw: draw_challenge,
    page: on_the_page,
    "kv_gb_per_sequence" => solve_kv_sequence,
    "decode_floor_ms" => solve_decode_floor,
    "requests_in_replica" => solve_littles_law,
    "kv_gb_k_or_v_only" => |v| kv_slip(v, |right, _| Some(right / 2.0)),
    "kv_gb_kib_as_kb" => |v| kv_slip(v, |right, _| Some(right * 1000.0 / 1024.0)),
    "kv_gb_gib_as_gb" => |v| kv_slip(v, |right, _| Some(right * 1e9 / GIB)),
    "kv_gb_bits_as_bytes" => |v| kv_slip(v, |right, _| Some(right * 8.0)),
    "kv_gb_one_layer" => |v| kv_slip(v, |right, m| Some(right / m.layers as f64)),
    "decode_floor_one_gpu" => |v| floor_slip(v, |f| {
        (f.tp > 1).then(|| decode_floor_s(f.weights, 1, f.gpu.bandwidth))
    }),
    "decode_floor_params_as_bytes" => |v| floor_slip(v, |f| {
        (f.bytes_per == 2.0).then(|| decode_floor_s(f.params, f.tp, f.gpu.bandwidth))
    }),
    // At 2 GPUs that number is the split forgotten too: the first
    // misconception says it.
    "decode_floor_8bit_as_16bit" => |v| floor_slip(v, |f| {
        (f.bytes_per == 1.0 && f.tp != 2)
            .then(|| decode_floor_s(weight_bytes(f.params, 2.0), f.tp, f.gpu.bandwidth))
    }),
    "decode_floor_tb_as_gb" => |v| floor_slip(v, |f| {
        Some(decode_floor_s(f.weights, f.tp, f.gpu.bandwidth / 1000.0))
    }),
    "decode_floor_gb_as_tb" => |v| floor_slip(v, |f| {
        Some(decode_floor_s(f.weights, f.tp, f.gpu.bandwidth * 1000.0))
    }),
    "requests_ms_as_s" => |v| stay_slip(v, |rate, s| littles_law(rate, s.total_s * 1000.0)),
    "requests_rate_over_time" => |v| stay_slip(v, |rate, s| rate / s.total_s),
    "requests_first_token_only" => |v| stay_slip(v, |rate, s| littles_law(rate, s.ttft_s)),
    "replica_tok_s" => solve_replica_rate,
    "replica_tok_s_no_prefill" => |v| rate_slip(v, 0),
    "replica_tok_s_no_batch" => |v| rate_slip(v, 1),
    "replica_tok_s_replies" => |v| rate_slip(v, 2),
    "tokens_asked_tok_s" => |v| asked(v, |rate, p, o| rate * (p + o)),
    "tokens_asked_replies" => |v| asked_slip(v, 0),
    "tokens_asked_prompts" => |v| asked_slip(v, 1),
};

/// C2's weights must fit the replica with the page's default memory share
/// and reserve: the parameters are drawn up to that, as the page's own
/// memory arithmetic (`kv_memory_bytes`) would leave room for some KV.
fn default_of(name: &str) -> f64 {
    PARAMS
        .iter()
        .find(|s| s.name == name)
        .map_or(0.0, |s| s.default)
}

/// The most parameters (in billions) whose weights fit `tp` GPUs of `gpu`
/// at `bytes_per` bytes each, with the page's default memory share and
/// reserve per GPU.
fn params_that_fit(gpu: &Gpu, tp: u32, bytes_per: f64) -> f64 {
    let share = default_of("mem_util");
    let reserve = default_of("reserve_gb") * 1e9;
    let usable = (share * gpu.memory_gib * GIB - reserve) * tp as f64;
    usable / bytes_per / 1e9
}

/// Draws every variable in order with one `next_unit()` each, as the
/// default draw does, except C2's parameters: on their grid from its
/// minimum up to what the drawn GPUs hold ([`params_that_fit`]); and C4's
/// GPUs and batch, made to fit ([`fit_replica`]).
fn draw_challenge(t: &Template, rng: &mut SplitMix64) -> Vars {
    let mut vars = draw_in_order(t, rng);
    if t.answer == "replica_tok_s" {
        fit_replica(t, &mut vars);
    }
    vars
}

fn draw_in_order(t: &Template, rng: &mut SplitMix64) -> Vars {
    t.draw_vars_except(rng, |name, vars, rng| {
        if (t.answer.as_str(), name) != ("decode_floor_ms", "params") {
            return None;
        }
        let spec = t.vars.iter().find(|v| v.name == name)?;
        let (min, max, step) = (spec.min?, spec.max?, spec.step?);
        let gpu = GpuKind::from_word(vars.word("gpu")).spec();
        let tp = gpus(vars).ok()?;
        let bytes = bytes_per(vars, "wbits").ok()?;
        let hi = max.min(params_that_fit(&gpu, tp, bytes)).max(min);
        let slots = ((hi - min) / step + 1e-9).floor() + 1.0;
        let k = (rng.next_unit() * slots).floor().min(slots - 1.0);
        Some(Value::Num(((min + k * step) * 10.0).round() / 10.0))
    })
}

/// Bytes per number of a drawn format word ("16" or "8").
fn bytes_per(v: &Vars, name: &str) -> Result<f64, String> {
    match v.word(name) {
        "16" => Ok(2.0),
        "8" => Ok(1.0),
        w => Err(format!("{name} must be 16 or 8 (bits), not '{w}'")),
    }
}

/// "2 bytes", "1 byte".
fn bytes_word(bytes: f64) -> String {
    match bytes {
        1.0 => "1 byte".to_string(),
        b => format!("{} bytes", number(b)),
    }
}

/// The GPUs of a drawn `tp` word.
fn gpus(v: &Vars) -> Result<u32, String> {
    match v.word("tp").parse::<u32>() {
        Ok(n @ (1 | 2 | 4 | 8)) => Ok(n),
        _ => Err(format!("tp must be 1, 2, 4 or 8, not '{}'", v.word("tp"))),
    }
}

/// A count of tokens or more, finite.
fn tokens(v: &Vars, name: &str) -> Result<f64, String> {
    let x = v.num(name);
    (x >= 1.0 && x.is_finite())
        .then_some(x)
        .ok_or(format!("{name} must be a token or more"))
}

/// A finite number above zero among the drawn values.
fn positive(v: &Vars, name: &str) -> Result<f64, String> {
    let x = v.num(name);
    (x > 0.0 && x.is_finite())
        .then_some(x)
        .ok_or(format!("{name} must be above zero"))
}

/// C1's draw: the model's shape, bytes per element, tokens held.
fn kv_draw(v: &Vars) -> Result<(ModelShape, f64, f64), String> {
    let model = match v.word("model") {
        "8b" | "70b" => Model::from_word(v.word("model")).shape(),
        w => return Err(format!("model must be 8b or 70b, not '{w}'")),
    };
    let bytes = bytes_per(v, "bits")?;
    Ok((model, bytes, tokens(v, "prompt")? + tokens(v, "output")?))
}

/// A number with the digits it has, up to three decimals ("327.68").
fn exact(x: f64) -> String {
    trim(&group(x, 3))
}

/// C1: the KV cache (decimal GB) one sequence of prompt + reply holds.
fn solve_kv_sequence(v: &Vars) -> Result<Solution, String> {
    let (m, bytes, context) = kv_draw(v)?;
    let per_token = kv_bytes_per_token(m.layers, m.kv_heads, m.head_dim, bytes);
    let total = per_token * context;
    let article = if m.name.starts_with('8') { "an" } else { "a" };
    Ok(Solution::new(total / 1e9)
        .with("model_name", format!("{article} {}", m.name))
        .with("layers", m.layers.to_string())
        .with("kv_heads", m.kv_heads.to_string())
        .with("head_dim", m.head_dim.to_string())
        .with("bytes_word", bytes_word(bytes))
        .with("a_bits", if bytes == 1.0 { "an 8-bit" } else { "a 16-bit" })
        .with("per_token", number(per_token))
        .with("per_token_kib", exact(per_token / 1024.0))
        .with("per_token_kb", exact(per_token / 1000.0))
        .with("context", Unit::Tokens.format(context))
        .with("answer_gib", format!("{} GiB", number(total / GIB))))
}

/// A misconception of C1: `slip(right answer, model)` where the idea
/// applies.
fn kv_slip(v: &Vars, slip: fn(f64, &ModelShape) -> Option<f64>) -> Result<Solution, String> {
    let right = solve_kv_sequence(v)?.answer;
    let (m, _, _) = kv_draw(v)?;
    slip(right, &m)
        .map(Solution::new)
        .ok_or_else(|| "the same number".into())
}

/// C2's draw, read: the GPU, how many, the bytes per weight, the
/// parameters and the weights' bytes.
struct Floor {
    gpu: Gpu,
    tp: u32,
    bytes_per: f64,
    params: f64,
    weights: f64,
}

fn floor_draw(v: &Vars) -> Result<Floor, String> {
    let gpu = match v.word("gpu") {
        w @ ("h100" | "b200" | "a100") => GpuKind::from_word(w).spec(),
        w => return Err(format!("gpu must be h100, b200 or a100, not '{w}'")),
    };
    let bytes_per = bytes_per(v, "wbits")?;
    let params = positive(v, "params")? * 1e9;
    Ok(Floor {
        gpu,
        tp: gpus(v)?,
        bytes_per,
        params,
        weights: weight_bytes(params, bytes_per),
    })
}

/// A GPU's bandwidth as its datasheet writes it: TB/s, or GB/s for the
/// A100 ("2,039 GB/s").
fn bandwidth_text(gpu: &Gpu) -> String {
    if gpu.bandwidth < 3e12 {
        format!("{} GB/s", number(gpu.bandwidth / 1e9))
    } else {
        format!("{} TB/s", number(gpu.bandwidth / 1e12))
    }
}

/// C2: the decode floor (ms), weights ÷ (tp × bandwidth).
fn solve_decode_floor(v: &Vars) -> Result<Solution, String> {
    let f = floor_draw(v)?;
    let floor = decode_floor_s(f.weights, f.tp, f.gpu.bandwidth);
    let gpus = match f.tp {
        1 => format!("1 {} GPU", f.gpu.name),
        n => format!("{n} {} GPUs", f.gpu.name),
    };
    let gb = |bytes: f64| Unit::Gb.format(bytes / 1e9);
    let per_gpu = gb(f.weights / f.tp as f64);
    let (spread, split_line) = if f.tp == 1 {
        (
            format!("on {gpus}"),
            format!(
                "One GPU reads all {} at {}",
                gb(f.weights),
                bandwidth_text(&f.gpu)
            ),
        )
    } else {
        (
            format!("and split by tensor parallelism over {gpus}"),
            format!(
                "Split over {gpus}, each reads {per_gpu} at {}, all at once",
                bandwidth_text(&f.gpu)
            ),
        )
    };
    Ok(Solution::new(floor * 1000.0)
        .with("gpus", gpus)
        .with("spread", spread)
        .with("split_line", split_line)
        .with("bandwidth", bandwidth_text(&f.gpu))
        .with(
            "bandwidth_gb",
            format!("{} GB/s", number(f.gpu.bandwidth / 1e9)),
        )
        .with(
            "bandwidth_tb",
            format!("{} TB/s", number(f.gpu.bandwidth / 1e12)),
        )
        .with("bytes_word", bytes_word(f.bytes_per))
        .with("weights", gb(f.weights))
        .with("per_gpu", per_gpu)
        .with("one_user", Unit::TokPerS.format(1.0 / floor)))
}

/// A misconception of C2: the floor (s) `slip` finds, in ms, where the idea
/// applies.
fn floor_slip(v: &Vars, slip: fn(&Floor) -> Option<f64>) -> Result<Solution, String> {
    let f = floor_draw(v)?;
    slip(&f)
        .map(|s| Solution::new(s * 1000.0))
        .ok_or_else(|| "the same number".into())
}

/// C3's stay in the replica: to the first token, then every later token.
struct Stay {
    ttft_s: f64,
    decode_s: f64,
    total_s: f64,
}

fn stay(v: &Vars) -> Result<(f64, Stay), String> {
    let rate = positive(v, "rate")?;
    let ttft_s = positive(v, "ttft")? / 1000.0;
    let decode_s = tokens(v, "output")? * positive(v, "tpot")? / 1000.0;
    Ok((
        rate,
        Stay {
            ttft_s,
            decode_s,
            total_s: ttft_s + decode_s,
        },
    ))
}

/// C3: Little's law, requests inside = arrivals a second × seconds each.
fn solve_littles_law(v: &Vars) -> Result<Solution, String> {
    let (rate, s) = stay(v)?;
    Ok(Solution::new(littles_law(rate, s.total_s))
        .with("latency", Unit::Seconds.format(s.total_s))
        .with("decode_time", Unit::Seconds.format(s.decode_s)))
}

/// A misconception of C3: `slip(rate, stay)`.
fn stay_slip(v: &Vars, slip: fn(f64, &Stay) -> f64) -> Result<Solution, String> {
    let (rate, s) = stay(v)?;
    Ok(Solution::new(slip(rate, &s)))
}

// ---------------------------------------------------------------------------
// C4 and C5: the capacity chain

/// C4 asks about a batch of at least this many sequences: the topic's draw
/// raises the GPUs until this many of prompt + reply fit.
const LEAST_BATCH: f64 = 8.0;

/// The page's parameters a C4 question reads beyond the ones it shows: the
/// page hook copies them from the page, a drawn question keeps the page's
/// defaults.
const HIDDEN: [&str; 5] = [
    "kv_bits",
    "mem_util",
    "reserve_gb",
    "compute_eff",
    "step_overhead_ms",
];

/// The replica a C4 draw describes: the page's defaults, with the drawn
/// model, weights, GPU and GPUs (and what the page hook copied).
fn replica_of(v: &Vars) -> Result<Replica, String> {
    let mut p = Params::defaults(&PARAMS);
    for (var, param) in [
        ("model", "model"),
        ("wbits", "weight_bits"),
        ("gpu", "gpu"),
        ("tp", "tp"),
    ] {
        p.set(param, v.word(var)).map_err(|e| e.to_string())?;
    }
    for name in HIDDEN {
        let x = v.num(name);
        if x.is_finite() {
            let i = p.index(name).map_err(|e| e.to_string())?;
            p.set_clamped(i, x);
        }
    }
    Ok(Replica::new(&Hardware::read(&p)))
}

/// Whole sequences of `context` tokens the replica's KV cache holds.
fn sequences(r: &Replica, context: f64) -> f64 {
    (r.kv_tokens() / context).floor()
}

/// C4's draw made to fit: the GPUs raised (to 8 at most) until eight
/// sequences of prompt + reply fit beside the weights, then the batch
/// lowered to the largest of its values the KV cache holds.
fn fit_replica(t: &Template, vars: &mut Vars) {
    let context = vars.num("prompt") + vars.num("output");
    let drawn: u32 = vars.word("tp").parse().unwrap_or(1);
    for tp in [1u32, 2, 4, 8].into_iter().filter(|&n| n >= drawn) {
        vars.set("tp", Value::Word(tp.to_string()));
        if replica_of(vars).is_ok_and(|r| sequences(&r, context) >= LEAST_BATCH) {
            break;
        }
    }
    let fit = replica_of(vars).map_or(0.0, |r| sequences(&r, context));
    let values = t
        .vars
        .iter()
        .find(|x| x.name == "batch")
        .and_then(|x| x.values.clone())
        .unwrap_or_default();
    if vars.num("batch") > fit {
        let lower = values
            .iter()
            .copied()
            .filter(|&b| b <= fit)
            .fold(1.0, f64::max);
        vars.set_num("batch", lower);
    }
}

/// A step time to the hundredth of a millisecond, in seconds: what the
/// question shows is what the answer takes.
fn shown_s(seconds: f64) -> f64 {
    (seconds * 1e5).round() / 1e5
}

/// C4's draw, solved by the roofline: the steps and the request's tokens.
struct Steps {
    prompt: f64,
    output: f64,
    batch: f64,
    tokens: f64,
    /// Seconds: one whole prompt's prefill step, one decode step of the
    /// batch at the mean context (the prompt and half the reply).
    prefill: f64,
    decode: f64,
    replica: Replica,
}

impl Steps {
    fn per_request(&self) -> f64 {
        self.prefill + self.output * self.decode / self.batch
    }
}

fn steps(v: &Vars) -> Result<Steps, String> {
    let (prompt, output) = (tokens(v, "prompt")?, tokens(v, "output")?);
    let batch = v.num("batch");
    if !(batch >= 1.0 && batch.fract() == 0.0) {
        return Err("the batch must be a whole number of sequences".into());
    }
    let replica = replica_of(v)?;
    if sequences(&replica, prompt + output) < batch {
        return Err(format!(
            "the KV cache holds {} sequences of {} tokens, fewer than the batch of {batch}",
            sequences(&replica, prompt + output),
            number(prompt + output)
        ));
    }
    let context = prompt + output / 2.0;
    Ok(Steps {
        prompt,
        output,
        batch,
        tokens: prompt + output,
        prefill: shown_s(replica.step_s(prompt, prompt * prompt / 2.0, prompt)),
        decode: shown_s(replica.step_s(batch, batch * (context + 1.0), batch * context)),
        replica,
    })
}

/// How a step's time arises: which side of the roofline sets it.
fn why_step(r: &Replica, tokens: f64, pairs: f64, kv: f64, what: &str) -> String {
    let gb = |bytes: f64| Unit::Gb.format(bytes / 1e9);
    let read = (r.weights + kv * r.kv_per_token) / r.read_bandwidth;
    let compute = (tokens * r.flops_per_token + pairs * r.attn_per_context) / r.flops;
    let overhead = Unit::Ms.format(r.overhead_s * 1000.0);
    if compute > read {
        format!(
            "{what} computes 2 × the parameters for each of its {} tokens (with attention's share) at {} TFLOP/s: {}, plus the {overhead} overhead (bound by arithmetic)",
            number(tokens),
            number(r.flops / 1e12),
            Unit::Ms.format(compute * 1000.0)
        )
    } else {
        format!(
            "{what} reads {} of weights and {} of KV at {} TB/s: {}, plus the {overhead} overhead (bound by memory)",
            gb(r.weights),
            gb(kv * r.kv_per_token),
            number(r.read_bandwidth / 1e12),
            Unit::Ms.format(read * 1000.0)
        )
    }
}

/// C4: the replica's tokens a second, prompts and replies, from its steps.
fn solve_replica_rate(v: &Vars) -> Result<Solution, String> {
    let s = steps(v)?;
    let m = Model::from_word(v.word("model")).shape();
    let article = if m.name.starts_with('8') { "an" } else { "a" };
    let tp: u32 = v
        .word("tp")
        .parse()
        .map_err(|_| "tp must be 1, 2, 4 or 8")?;
    let gpu = GpuKind::from_word(v.word("gpu")).spec();
    let gpus = match tp {
        1 => format!("1 {} GPU", gpu.name),
        n => format!("{n} {} GPUs", gpu.name),
    };
    let ms = |x: f64| Unit::Ms.format(x * 1000.0);
    let rps = 1.0 / s.per_request();
    let context = s.prompt + s.output / 2.0;
    let r = &s.replica;
    let batch_share = format!("1/{}", number(s.batch));
    Ok(Solution::new(s.tokens * rps)
        .with("model_name", format!("{article} {}", m.name))
        .with("gpus", gpus)
        .with("prefill", ms(s.prefill))
        .with("decode", ms(s.decode))
        .with("batch_share", batch_share)
        .with("output_steps", number(s.output))
        .with("output_bare", number(s.output))
        .with("decode_share", ms(s.output * s.decode / s.batch))
        .with("per_request", ms(s.per_request()))
        .with("rps", Unit::ReqPerS.format(rps))
        .with("rps_bare", number(rps))
        .with("per_request_tokens", Unit::Tokens.format(s.tokens))
        .with("per_request_tokens_bare", number(s.tokens))
        .with(
            "prefill_why",
            why_step(r, s.prompt, s.prompt * s.prompt / 2.0, s.prompt, "step"),
        )
        .with(
            "decode_why",
            why_step(
                r,
                s.batch,
                s.batch * (context + 1.0),
                s.batch * context,
                &format!(
                    "of {} replies at {} of mean context",
                    number(s.batch),
                    Unit::Tokens.format(context)
                ),
            ),
        ))
}

/// C4's misconceptions, in the template's order: the prefill left out, one
/// token a step for the whole replica, the replies' tokens only.
const RATE_SLIPS: [fn(&Steps) -> f64; 3] = [
    |s| s.tokens * s.batch / (s.output * s.decode),
    |s| s.tokens / (s.prefill + s.output * s.decode),
    |s| s.output / s.per_request(),
];

/// Whether `a` is within `rel` of `b`.
fn near(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs()
}

/// `wrong`, unless it is within the 1 % tolerance of the right answer or of
/// one of `earlier` (the template's misconceptions before it): each asked
/// about is its own number.
fn own_number(wrong: f64, right: f64, earlier: &[f64]) -> Result<Solution, String> {
    if near(wrong, right, 0.01) || earlier.iter().any(|&o| near(wrong, o, 0.01)) {
        return Err("the same number as the answer or another idea".into());
    }
    Ok(Solution::new(wrong))
}

/// Misconception `k` of C4 ([`RATE_SLIPS`]).
fn rate_slip(v: &Vars, k: usize) -> Result<Solution, String> {
    let right = solve_replica_rate(v)?.answer;
    let s = steps(v)?;
    let all = RATE_SLIPS.map(|f| f(&s));
    own_number(all[k], right, &all[..k])
}

/// Misconception `k` of C5: the replies only, the prompts only.
fn asked_slip(v: &Vars, k: usize) -> Result<Solution, String> {
    let rate = positive(v, "rate")?;
    let (p, o) = (tokens(v, "prompt")?, tokens(v, "output")?);
    let all = [rate * o, rate * p];
    own_number(all[k], rate * (p + o), &all[..k])
}

/// C5 and its misconceptions: `tokens(rate, prompt, reply)` a second.
fn asked(v: &Vars, tokens_s: fn(f64, f64, f64) -> f64) -> Result<Solution, String> {
    let rate = positive(v, "rate")?;
    let (p, o) = (tokens(v, "prompt")?, tokens(v, "output")?);
    Ok(Solution::new(tokens_s(rate, p, o))
        .with("per_request", Unit::Tokens.format(p + o))
        .with("per_request_bare", number(p + o))
        .with("rate_bare", number(rate))
        .with("input", Unit::TokPerS.format(rate * p))
        .with("output_rate", Unit::TokPerS.format(rate * o)))
}

/// Asked about the page: C4 copies the page's values it reads beyond those
/// it shows ([`HIDDEN`]), and stands only where the weights fit with the
/// page's batch limit of sequences beside them.
fn on_the_page(t: &Template, vars: &mut Vars, params: &Params) -> bool {
    if t.answer != "replica_tok_s" {
        return true;
    }
    for name in HIDDEN {
        // The page's own value: a choice's index, as `replica_of` sets it.
        let Ok(i) = params.index(name) else {
            return false;
        };
        vars.set_num(name, params.values()[i]);
    }
    steps(vars).is_ok()
}
