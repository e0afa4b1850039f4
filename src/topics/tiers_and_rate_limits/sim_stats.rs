//! What the simulation counts: every class's waits, per replication and per
//! independent sample, with the 95 % interval of the mean wait (the ratio
//! estimator over the samples, Student's t) and a fixed log-linear
//! histogram of every wait for the tail quantiles.

/// Independent replications of a run, for the error of a mean wait.
pub const BATCHES: usize = 20;
/// Student's t at 97.5 % for `df` degrees of freedom, by the
/// Cornish–Fisher expansion about the normal's 1.96 (2.093 at 19, within
/// 0.002 from 10 up).
fn t975(df: f64) -> f64 {
    let z: f64 = 1.959_964;
    let (z3, z5, z7) = (z.powi(3), z.powi(5), z.powi(7));
    z + (z3 + z) / (4.0 * df)
        + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * df.powi(2))
        + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * df.powi(3))
}

/// Sub-buckets per octave of the wait histogram (2^7 = 128).
const SUB_BITS: u32 = 7;
/// Octaves of the histogram: waits from 2^−20 ms, about a nanosecond
/// (shorter ones count as no wait), to 2^44 ms (longer ones count with the
/// longest).
const OCT_LO: i64 = -20;
const OCT_HI: i64 = 44;
const HIST_LEN: usize = 1 + (((OCT_HI - OCT_LO) as usize) << SUB_BITS);

/// Waits counted in fixed buckets: index 0 holds no wait (the card was
/// idle; under 2^−20 ms), then 128 buckets an octave, each 1/128 of its
/// octave.
#[derive(Clone, Debug, PartialEq)]
pub struct WaitHistogram {
    /// A fixed length, so that indexing by a clamped bucket needs no check.
    counts: Box<[u32; HIST_LEN]>,
}

impl Default for WaitHistogram {
    fn default() -> Self {
        WaitHistogram {
            counts: vec![0; HIST_LEN].into_boxed_slice().try_into().unwrap(),
        }
    }
}

impl WaitHistogram {
    /// A wait's exponent and top mantissa bits, read together, are its
    /// octave and sub-bucket: (octave − OCT_LO)·128 + sub is the bits
    /// shifted, less a constant, clamped to the histogram's ends, where
    /// anything under the first octave (0 included, whose bits are all 0)
    /// is the idle bucket, with no branch on whether the card was idle.
    #[inline(always)]
    fn bucket(wait_ms: f64) -> usize {
        const FIRST: i64 = (1023 + OCT_LO) << SUB_BITS;
        let k = (wait_ms.abs().to_bits() >> (52 - SUB_BITS)) as i64 - FIRST;
        (1 + k.clamp(-1, HIST_LEN as i64 - 2)) as usize
    }

    #[inline(always)]
    fn add(&mut self, wait_ms: f64) {
        self.counts[Self::bucket(wait_ms)] += 1;
    }

    /// The middle of bucket `i` (ms); 0 for the idle bucket.
    fn middle(i: usize) -> f64 {
        if i == 0 {
            return 0.0;
        }
        let k = i - 1;
        let oct = (k >> SUB_BITS) as i64 + OCT_LO;
        let sub = (k & ((1 << SUB_BITS) - 1)) as f64;
        2f64.powi(oct as i32) * (1.0 + (sub + 0.5) / (1u32 << SUB_BITS) as f64)
    }

    /// The `p`-quantile of `n` counted waits: the middle of the bucket that
    /// holds the ⌈p·n⌉-th smallest (0 with none counted).
    pub fn quantile_ms(&self, p: f64, n: u64) -> f64 {
        let rank = ((p.clamp(0.0, 1.0) * n as f64).ceil() as u64).max(1);
        let mut seen = 0u64;
        for (i, &c) in self.counts.iter().enumerate() {
            seen += u64::from(c);
            if seen >= rank {
                return Self::middle(i);
            }
        }
        0.0
    }
}

/// One class of requests in one pool. A wait is counted once, in its
/// independent sample and in the histogram; the totals and each
/// replication's sums are the samples', added up when asked for (five more
/// sums a wait cost the browser's engine about 5 % of its speed).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ClassStat {
    /// Requests sent to a pool with no cards: they wait forever.
    pub stranded: u64,
    /// Requests that started service and their summed waits, per
    /// independent sample: (replication, card), or the replication alone
    /// with round-robin or one queue per pool; each replication's samples
    /// side by side, in replication order. Boxed slices, whose indexing the
    /// browser's size-optimized build keeps inline (a `Vec`'s is a call).
    unit_served: Box<[u64]>,
    unit_sum_ms: Box<[f64]>,
    /// Every wait, for the tail quantiles.
    hist: WaitHistogram,
}

impl ClassStat {
    /// No request yet, with room for `units` independent samples.
    pub(super) fn with_units(units: usize) -> ClassStat {
        ClassStat {
            unit_served: vec![0; units].into(),
            unit_sum_ms: vec![0.0; units].into(),
            ..ClassStat::default()
        }
    }

    /// Counts a wait in independent sample `unit`.
    #[inline(always)]
    pub(super) fn add(&mut self, wait_ms: f64, unit: usize) {
        self.unit_served[unit] += 1;
        self.unit_sum_ms[unit] += wait_ms;
        self.hist.add(wait_ms);
    }

    /// Requests that started service (every arrival is measured: no
    /// warm-up).
    pub fn served(&self) -> u64 {
        self.unit_served.iter().sum()
    }

    /// Their waits summed (ms).
    pub fn wait_sum_ms(&self) -> f64 {
        self.unit_sum_ms.iter().sum()
    }

    /// Whether some replication served none of the class: a replication's
    /// samples are a run of `len / BATCHES`.
    fn a_replication_served_none(&self) -> bool {
        let per = (self.unit_served.len() / BATCHES).max(1);
        self.unit_served
            .chunks(per)
            .any(|c| c.iter().all(|&n| n == 0))
    }

    /// Mean queue wait (ms): ∞ if any request was stranded, 0 with none.
    pub fn mean_ms(&self) -> f64 {
        if self.stranded > 0 {
            f64::INFINITY
        } else {
            match self.served() {
                0 => 0.0,
                n => self.wait_sum_ms() / n as f64,
            }
        }
    }

    /// Half-width (ms) of a 95 % confidence interval for the mean wait: the
    /// ratio estimator's over the k independent samples (sums s_i of n_i
    /// waits, mean R = Σs_i/Σn_i), Var R ≈ k/(k−1)·Σ(s_i − R·n_i)²/(Σn_i)²,
    /// with Student's t for k − 1 degrees of freedom. `None` when a
    /// replication served none of the class or a request was stranded.
    pub fn half_width_ms(&self) -> Option<f64> {
        let k = self.unit_served.len() as f64;
        if self.stranded > 0 || self.a_replication_served_none() || k < 2.0 {
            return None;
        }
        let n = self.served() as f64;
        let r = self.wait_sum_ms() / n;
        let ss: f64 = self
            .unit_sum_ms
            .iter()
            .zip(&self.unit_served)
            .map(|(s, &m)| (s - r * m as f64).powi(2))
            .sum();
        Some(t975(k - 1.0) * (k / (k - 1.0) * ss).sqrt() / n)
    }

    /// The `p`-quantile of the waits (ms) to within 0.4 %: ∞ if a request
    /// was stranded, 0 with none served.
    pub fn quantile_ms(&self, p: f64) -> f64 {
        if self.stranded > 0 {
            f64::INFINITY
        } else {
            self.hist.quantile_ms(p, self.served())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t_quantiles_match_the_tables() {
        for (df, t) in [(10.0, 2.228), (19.0, 2.093), (139.0, 1.977), (1e9, 1.960)] {
            assert!((t975(df) - t).abs() < 0.002, "{df}: {}", t975(df));
        }
    }
}
