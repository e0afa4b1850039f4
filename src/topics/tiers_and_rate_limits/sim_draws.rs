//! The simulation's random draws: exponential by a ziggurat, sums of
//! exponentials (a Gamma variate), geometric counts, and the ratio of a
//! round-robin card's queue.

use crate::model::SplitMix64;

/// Exponential draws with mean 1 by the ziggurat method (Marsaglia & Tsang
/// 2000, in Doornik's 2005 form with independent layer and uniform bits):
/// 256 layers of equal area under e^−x; most draws cost one SplitMix64 output
/// and a multiply, where −ln(U) costs a logarithm.
pub(super) struct ExpZiggurat {
    x: [f64; 257],
    f: [f64; 257],
}

const ZIG_R: f64 = 7.697_117_470_131_05;
const ZIG_V: f64 = 3.949_659_822_581_557e-3;

impl ExpZiggurat {
    pub(super) fn new() -> ExpZiggurat {
        let mut x = [0.0f64; 257];
        x[0] = ZIG_V / (-ZIG_R).exp();
        x[1] = ZIG_R;
        for i in 2..256 {
            x[i] = -(ZIG_V / x[i - 1] + (-x[i - 1]).exp()).ln();
        }
        x[256] = 0.0;
        let f = x.map(|v| (-v).exp());
        ExpZiggurat { x, f }
    }

    /// One draw. The common case, nearly every draw (a point inside its
    /// layer's rectangle), is inlined where it is drawn; the edges and the
    /// tail are a call.
    #[inline(always)]
    pub(super) fn draw(&self, rng: &mut SplitMix64) -> f64 {
        let (i, z) = self.layer(rng.next_u64());
        if z < self.x[i + 1] {
            z
        } else {
            self.edge(i, z, rng)
        }
    }

    /// A layer and a point along it from one 64-bit output: the low byte
    /// picks the layer, the top 53 bits the point.
    #[inline(always)]
    fn layer(&self, bits: u64) -> (usize, f64) {
        let i = (bits & 0xff) as usize;
        let u = (bits >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0);
        (i, u * self.x[i])
    }

    /// A point `z` of layer `i` outside its rectangle: the tail (layer 0),
    /// or kept under the curve; else a fresh draw, as often as it takes.
    #[cold]
    #[inline(never)]
    fn edge(&self, mut i: usize, mut z: f64, rng: &mut SplitMix64) -> f64 {
        loop {
            if i == 0 {
                // The tail beyond r: memoryless, so r + Exp(1).
                return ZIG_R - (1.0 - rng.next_unit()).ln();
            }
            let y = self.f[i] + rng.next_unit() * (self.f[i + 1] - self.f[i]);
            if y < (-z).exp() {
                return z;
            }
            (i, z) = self.layer(rng.next_u64());
            if z < self.x[i + 1] {
                return z;
            }
        }
    }
}

impl Default for ExpZiggurat {
    fn default() -> Self {
        Self::new()
    }
}

/// Sum of `k` exponential draws with mean 1 (a Gamma(k) variate): the draws
/// themselves for a few, else Marsaglia and Tsang's method (2000) for shape k.
pub(super) fn exp_sum(k: u64, zig: &ExpZiggurat, rng: &mut SplitMix64) -> f64 {
    if k <= 16 {
        return (0..k).map(|_| zig.draw(rng)).sum();
    }
    let d = k as f64 - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        // A standard normal draw (Box–Muller).
        let r = (-2.0 * (1.0 - rng.next_unit()).ln()).sqrt();
        let z = r * (std::f64::consts::TAU * rng.next_unit()).cos();
        let v = (1.0 + c * z).powi(3);
        if v <= 0.0 {
            continue;
        }
        let u = 1.0 - rng.next_unit();
        if u.ln() < 0.5 * z * z + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}

/// A geometric count with ratio `q`: P(k) = (1−q)·qᵏ, k ≥ 0.
#[inline]
pub(super) fn geometric(q: f64, rng: &mut SplitMix64) -> u64 {
    if q <= 0.0 {
        0
    } else {
        ((1.0 - rng.next_unit()).ln() / q.ln()).floor().min(1e15) as u64
    }
}

/// The ratio σ of a GI/M/1 card fed every n-th arrival of a Poisson stream
/// (Erlang-n gaps) at utilization ρ: the root in (0, 1) of
/// σ = (nρ/(nρ + 1 − σ))ⁿ, by bisection; σ = ρ for one card.
pub(super) fn erlang_sigma(n: usize, rho: f64) -> f64 {
    if n <= 1 {
        return rho;
    }
    let nr = n as f64 * rho;
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if (nr / (nr + 1.0 - mid)).powi(n as i32) > mid {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// `n` exponential draws of mean 1 from the stream `seed` (the tests'
/// samples).
#[cfg(test)]
pub(super) fn exp_draws(seed: u64, n: usize) -> Vec<f64> {
    let z = ExpZiggurat::new();
    let mut rng = SplitMix64::new(seed);
    (0..n).map(|_| z.draw(&mut rng)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ziggurat_draws_are_exponential() {
        let n = 400_000;
        let (mut sum, mut sq, mut over3, mut over8) = (0.0, 0.0, 0u32, 0u32);
        for x in exp_draws(11, n) {
            assert!(x >= 0.0 && x.is_finite());
            sum += x;
            sq += x * x;
            over3 += (x > 3.0) as u32;
            over8 += (x > 8.0) as u32;
        }
        let mean = sum / n as f64;
        let var = sq / n as f64 - mean * mean;
        assert!((mean - 1.0).abs() < 0.01, "mean {mean}");
        assert!((var - 1.0).abs() < 0.02, "variance {var}");
        let p3 = over3 as f64 / n as f64;
        assert!((p3 - (-3.0f64).exp()).abs() < 0.002, "P(X > 3) = {p3}");
        // The tail beyond r = 7.7 is reached: P(X > 8) = 3.4e-4.
        assert!((50..300).contains(&over8), "{over8}");
    }

    #[test]
    fn round_robin_ratio_solves_its_equation() {
        assert_eq!(erlang_sigma(1, 0.7), 0.7);
        for (n, rho) in [(2, 0.5), (10, 0.9), (30, 0.66)] {
            let s = erlang_sigma(n, rho);
            let nr = n as f64 * rho;
            assert!((s - (nr / (nr + 1.0 - s)).powi(n as i32)).abs() < 1e-12);
            assert!(s > 0.0 && s < rho, "{n} {rho}: {s}");
        }
    }

    #[test]
    fn exp_sums_have_the_gamma_moments() {
        let z = ExpZiggurat::new();
        let mut rng = SplitMix64::new(9);
        for k in [5u64, 40, 10_000] {
            let n = 20_000;
            let xs: Vec<f64> = (0..n).map(|_| exp_sum(k, &z, &mut rng)).collect();
            let mean = xs.iter().sum::<f64>() / n as f64;
            let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
            let k = k as f64;
            assert!((mean / k - 1.0).abs() < 0.03 / k.sqrt(), "{k}: mean {mean}");
            assert!((var / k - 1.0).abs() < 0.05, "{k}: variance {var}");
        }
    }
}
