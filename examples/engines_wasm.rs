//! Every topic's benchmark engine, exported from a plain wasm module (no
//! wasm-bindgen, no page), so the engines can be timed in wasm beside
//! natively without building the app:
//!
//! ```text
//! node scripts/engines-wasm.mjs   # builds both, each engine in wasm and natively
//! ```
//!
//! Natively the same file prints the native figures, a line an engine: its
//! index, topic id, unit and million items a second (best of five),
//! separated by tabs.

/// Runs engine `i` (registry order, topics with an engine only) on `n` items
/// with `seed`; its checksum, or u64::MAX for no such engine.
#[no_mangle]
pub extern "C" fn engine_run(i: u32, n: u32, seed: u32) -> u64 {
    match engines().get(i as usize) {
        Some((_, e)) => (e.run)(n as u64, seed as u64),
        None => u64::MAX,
    }
}

/// The engine's default item count (0: no such engine).
#[no_mangle]
pub extern "C" fn engine_n(i: u32) -> u32 {
    engines()
        .get(i as usize)
        .map_or(0, |(_, e)| e.default_n as u32)
}

fn engines() -> Vec<(&'static str, fleetlab::model::Engine)> {
    fleetlab::topics::all()
        .filter_map(|t| Some((t.id(), t.engine()?)))
        .collect()
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    for (i, (id, e)) in engines().iter().enumerate() {
        let n = e.default_n;
        let mut best = f64::INFINITY;
        for _ in 0..5 {
            let t = std::time::Instant::now();
            std::hint::black_box(engine_run(i as u32, n as u32, 1));
            best = best.min(t.elapsed().as_secs_f64());
        }
        println!("{i}\t{id}\t{}\t{:.3}", e.unit, n as f64 / best / 1e6);
    }
}
