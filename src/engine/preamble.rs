//! The shared opening every prompt of a family carries (its preamble) and
//! what its KV cache costs. The seeds' running example: 1,200 tokens of a
//! 70B-class model's KV at 320 KB a token, so one copy is 384 MB, and a card
//! with 8 GB of prefix scratch holds 20 copies.
//!
//! ```text
//! copy_mb          = P·k / 1000                 (MB; P tokens, k KB per token)
//! copies_per_card  = floor(G·10⁶ / (P·k))       (G GB of scratch)
//! ```

/// Tokens of the seeds' shared preamble.
pub const PREAMBLE_TOKENS: f64 = 1200.0;
/// KV cache of one token of a 70B-class model, in KB.
pub const KV_KB_PER_TOKEN: f64 = 320.0;
/// The seeds' prefix scratch per card, in GB.
pub const SCRATCH_GB: f64 = 8.0;

/// One preamble copy in MB: `P·k/1000` (1,200 × 320 KB = 384 MB).
pub fn copy_mb(preamble_tokens: f64, kv_kb: f64) -> f64 {
    preamble_tokens * kv_kb / 1000.0
}

/// Whole preamble copies that fit a card's scratch: `floor(G·10⁶/(P·k))`,
/// decimal units: 8 GB, 1,200 tok, 320 KB → 20; 24 GB, 2,000, 160 → 75.
pub fn copies_per_card(scratch_gb: f64, preamble_tokens: f64, kv_kb: f64) -> usize {
    let copy_kb = preamble_tokens * kv_kb;
    if copy_kb <= 0.0 {
        return 0;
    }
    ((scratch_gb.max(0.0) * 1e6) / copy_kb + 1e-9).floor() as usize
}
