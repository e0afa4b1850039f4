//! The replica's charts: where its memory goes as GPUs are added, its batch
//! and queue over the run, and its tails against the arrival rate (the
//! probes of the sustained-rate search).

use super::model::{kv_blocks, kv_memory_bytes, max_sequences, Replica};
use super::params::{Input, BLOCK_TOKENS, GIB};
use super::sim_page::{Run, Stats, Sustained};
use crate::model::units::{counted, number};
use crate::model::*;

/// Tensor-parallel sizes the memory chart compares.
const TP_SIZES: [u32; 4] = [1, 2, 4, 8];

fn memory_chart(inp: &Input, r: &Replica) -> Chart {
    let hw = &inp.hw;
    let per_gpu = hw.gpu.memory_gib * GIB / 1e9;
    let mut sets: [Vec<f64>; 5] = Default::default();
    // KV memory on `tp` GPUs of this kind, bytes.
    let kv_on = |tp: u32| {
        kv_memory_bytes(
            hw.gpu.memory_gib * GIB,
            hw.mem_util,
            tp,
            r.weights,
            hw.reserve,
        )
    };
    for tp in TP_SIZES {
        let total = per_gpu * tp as f64;
        let usable = hw.mem_util * total;
        let weights = r.weights / 1e9;
        let reserve = hw.reserve / 1e9 * tp as f64;
        let kv = kv_on(tp) / 1e9;
        sets[0].push(weights.min(usable));
        sets[1].push(reserve.min((usable - weights).max(0.0)));
        sets[2].push(kv);
        sets[3].push(total - usable);
        // What does not fit stands above the GPUs' memory, not clipped.
        sets[4].push((weights - usable).max(0.0));
    }
    let tokens =
        |tp: u32| kv_blocks(kv_on(tp), r.kv_per_token, BLOCK_TOKENS) as f64 * BLOCK_TOKENS as f64;
    let [weights, reserve, kv, free, overflow] = sets;
    // The sizes whose usable memory the weights overflow (the model does
    // not fit there at all): "; on 1 GPU the weights alone overflow the
    // memory".
    let overflows: Vec<String> = (TP_SIZES.iter().zip(&overflow))
        .filter(|(_, &o)| o > 0.0)
        .map(|(tp, _)| tp.to_string())
        .collect();
    let overflow_note = match overflows.as_slice() {
        [] => String::new(),
        tps => format!(
            "; on {} {} the weights alone overflow the memory",
            tps.join(" and "),
            if tps == ["1"] { "GPU" } else { "GPUs" }
        ),
    };
    let mut bar_sets = vec![
        BarSet::new("weights", Tone::Cat(0), weights),
        BarSet::new("reserve", Tone::Muted, reserve),
        BarSet::new("KV cache", Tone::Good, kv),
        BarSet::new("left to the system", Tone::Cat(3), free),
    ];
    if !overflows.is_empty() {
        bar_sets.push(BarSet::new("weights that do not fit", Tone::Bad, overflow));
    }
    Chart {
        id: "memory",
        title: format!(
            "Where the memory goes on {} to {} × {} (this replica: {})",
            TP_SIZES[0],
            TP_SIZES[TP_SIZES.len() - 1],
            hw.gpu.name,
            hw.tp
        ),
        summary: format!(
            "The {} takes {} of weights; on {} {} the KV cache gets {} ({} tokens), on 1, 2, 4 and 8 GPUs {} tokens{overflow_note}.",
            hw.model.name,
            Unit::Gb.format(r.weights / 1e9),
            hw.tp,
            if hw.tp == 1 { "GPU" } else { "GPUs" },
            Unit::Gb.format(r.kv_memory / 1e9),
            number(r.kv_tokens()),
            TP_SIZES.map(|tp| number(tokens(tp))).join(", ")
        ),
        plot: Plot::Bars(BarChart {
            categories: TP_SIZES
                .iter()
                .map(|tp| format!("{tp} × {}", hw.gpu.name))
                .collect(),
            y: Axis::new("memory", Unit::Gb),
            sets: bar_sets,
            stacked: true,
            hlines: vec![],
            // This replica's size, outlined.
            highlight: TP_SIZES.iter().position(|&tp| tp == hw.tp).into_iter().collect(),
        }),
    }
}

fn timeline_chart(inp: &Input, r: &Replica, run: &Run) -> Chart {
    let pick = |f: fn(&(f64, f64, f64, f64)) -> f64| {
        run.trace.iter().map(|p| (p.0, f(p))).collect::<Vec<_>>()
    };
    let fits = max_sequences(inp, r);
    let s = &run.stats;
    let end = run.trace.last().map_or(1.0, |p| p.0).max(1e-3);
    // The cap that binds first: the KV cache's room or the batch limit.
    let limit = inp.traffic.max_batch as f64;
    let hlines = vec![if fits <= limit {
        RefLine::new(
            fits,
            format!("KV room: {}", counted(fits, "sequences")),
            Tone::Good,
        )
    } else {
        RefLine::new(
            limit,
            format!("batch limit: {}", number(limit)),
            Tone::Muted,
        )
    }];
    Chart {
        id: "batch",
        title: "The batch and the queue over the run".to_string(),
        summary: format!(
            "Over {} the batch held {} sequences on average (the KV cache holds {} of the mean context) and {} requests were in the replica on average, waiting or running.",
            Unit::Seconds.format(s.duration),
            number((s.mean_batch * 10.0).round() / 10.0),
            counted(fits, "sequences"),
            number((s.in_system * 10.0).round() / 10.0)
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("time", Unit::Seconds).range(0.0, end),
            y: Axis::new("requests", Unit::Count("requests")),
            series: vec![
                Series::new("batch", Style::Step, Tone::Cat(0), pick(|p| p.1)),
                Series::new("waiting", Style::Step, Tone::Warn, pick(|p| p.2)),
            ],
            hlines,
            vlines: vec![],
        }),
    }
}

fn load_chart(inp: &Input, sus: &Sustained) -> Chart {
    let ms = |f: fn(&Stats) -> f64| {
        sus.probes
            .iter()
            .map(|(rate, s)| (*rate, (f(s) * 1000.0).max(0.1)))
            .collect::<Vec<_>>()
    };
    let vline = if sus.rate > 0.0 {
        RefLine::valued(sus.rate, "sustained", Unit::ReqPerS, Tone::Good)
    } else {
        RefLine::valued(inp.traffic.rate, "this page", Unit::ReqPerS, Tone::Ink)
    };
    let target = inp.ttft_target_s * 1000.0;
    Chart {
        id: "load",
        title: "The tails against the arrival rate".to_string(),
        summary: if sus.rate > 0.0 {
            format!(
                "Runs at {} arrival rates: all three p99s meet their targets up to about {}, where the run made {} output tokens a second. A run stops once its first-token tail has failed, so points past that rate are lower bounds.",
                sus.probes.len(),
                Unit::ReqPerS.format(sus.rate),
                // The run's own rate, as the sustained figures and the note
                // say it (not the rate times a mean reply: a finite run's
                // last replies drain after its arrivals stop).
                number(sus.at.map_or(0.0, |a| a.tokens_per_s).round())
            )
        } else {
            // Which tails miss at the slowest rate tried, and whether the
            // first-token one is among them (a run stops once it fails).
            let first = sus.probes.first();
            let over =
                |f: fn(&Stats) -> f64, target_s: f64| first.is_some_and(|(_, s)| f(s) > target_s);
            let ttft_over = over(|s| s.ttft_p99.value, inp.ttft_target_s);
            let missed: Vec<&str> = [
                ("first-token", ttft_over),
                ("per-token", over(|s| s.tpot_p99.value, inp.tpot_target_s)),
                (
                    "longest-pause",
                    over(|s| s.stall_p99.value, inp.stall_target_s),
                ),
            ]
            .into_iter()
            .filter_map(|(name, o)| o.then_some(name))
            .collect();
            let which = match missed.len() {
                0 => String::new(),
                1 => format!(", where the {} p99 is over its target", missed[0]),
                _ => format!(
                    ", where the {} p99s are over their targets",
                    missed.join(" and ")
                ),
            };
            format!(
                "Runs at {} arrival rates: none met all three targets, even at {}{which}.{}",
                sus.probes.len(),
                Unit::ReqPerS.format(first.map_or(0.0, |p| p.0)),
                if ttft_over {
                    " A run stops once its first-token tail has failed, so its points are lower bounds."
                } else {
                    ""
                }
            )
        },
        plot: Plot::Xy(XyChart {
            x: Axis::new("arrivals", Unit::ReqPerS).log(),
            y: Axis::new("p99", Unit::Ms).log(),
            series: vec![
                Series::new(
                    "first token",
                    Style::Line,
                    Tone::Cat(0),
                    ms(|s| s.ttft_p99.value),
                ),
                Series::new(
                    "per token",
                    Style::Line,
                    Tone::Cat(1),
                    ms(|s| s.tpot_p99.value),
                ),
                Series::new(
                    "longest pause",
                    Style::Line,
                    Tone::Cat(2),
                    ms(|s| s.stall_p99.value),
                ),
            ],
            // The first-token and per-token targets, each in its tail's
            // ink and named short: the sustained rate is most often where
            // one of these two tails crosses its own. (A third line, the
            // pause target, left an embed's smallest canvas too little
            // room for the data; its check gives it.)
            hlines: vec![
                RefLine::valued(target, "TTFT ≤", Unit::Ms, Tone::Cat(0)),
                RefLine::valued(inp.tpot_target_s * 1000.0, "TPOT ≤", Unit::Ms, Tone::Cat(1)),
            ],
            vlines: vec![vline],
        }),
    }
}

pub(super) fn charts(inp: &Input, r: &Replica, run: &Run, sus: &Sustained, out: &mut Outcome) {
    out.charts.push(memory_chart(inp, r));
    out.charts.push(timeline_chart(inp, r, run));
    out.charts.push(load_chart(inp, sus));
}
