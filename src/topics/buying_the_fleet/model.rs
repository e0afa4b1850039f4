//! # Buying the fleet — the month's arithmetic
//!
//! Source: the "Buying the Fleet" section of seed cards 001, 002 and 003 (the
//! same text also sits in 000), as the topic's model documentation sets it out.
//!
//! One month (`H` = 730 h, `S_m` = 2,628,000 s) of demand `D` tokens for one
//! model `m` (8B chat or 70B premium), dispatched owned → rented → API.
//!
//! * Per-card rate, whole tok/s: `r_m·k_c` with `r_m` = 10,000 (8B) or 700
//!   (70B) for an H100 and `k_c` = 1 (H100), 2.4 (B200), 0.45 (used A100).
//! * Tokens per card-month, u64: `t_{c,m} = r_m·k_c·S_m`.
//! * `K_own = Σ O_c·t_c`, `K_rent = Σ R_c·t_c`; `X_own = min(D, K_own)`;
//!   shortfall `F = max(0, D − K_own)`; `X_rent = min(F, K_rent)`;
//!   API overflow `X_api = F − X_rent`. All in integer tokens.
//! * Whole rented cards of chip `c` that carry the whole shortfall:
//!   `N_fill = ceil(F / t_c)`, computed as `(F + t − 1) / t`.
//! * Dollars: `bill = Σ O_c·C_c + Σ R_c·ρ·C_c + X_api/1e6 · p_m` ($/month),
//!   `blended = bill / (D/1e6)` ($ per 1M tokens), `commitment = 36·Σ O_c·C_c`.
//! * Card cost per 1M tokens at utilization `u`: `C_c / (u·t_c/1e6)`.
//! * Checks: idle `1 − X_own/K_own ≤ 15 %`; margin `blended/p_m ≤ 75 %`;
//!   overflow `X_api/D ≤ 10 %`.
//! * Break-even API share of the shortfall with whole rented cards of chip
//!   `c`: `N_fill·ρ·C_c / (F/1e6 · p_m)`; at sustained volume (large `F`) it
//!   tends to the rented rate over the API price, `ρ·C_c/(t_c/1e6) / p_m`.
//! * The idle check's lever: the most owned cards of chip `c`, others held,
//!   that keep idle within 15 %, `floor((D/0.85 − K_other) / t_c)`. The margin
//!   check's lever: the dollar line that overruns `75 % · p_m` per 1M tokens
//!   it carries by the most dollars.
//!
//! Units: tokens as u64 (figures in T = 10^12 tokens), money in dollars, shares
//! as fractions. Idle by cards counts the fewest owned cards (largest chips
//! first) that carry `X_own`; per-chip dollar lines spread each pool's tokens
//! over its cards in proportion to their capacity.

use super::params::{Chip, Input, Model, CHIPS, IDLE_MAX, MARGIN_MAX, MONTH_S};

// ---------------------------------------------------------------------------
// The challenge formulas (integer tokens)

/// `r_m·k_c`: one card's aggregate rate, a whole number of tok/s
/// (10,000 / 24,000 / 4,500 on the 8B; 700 / 1,680 / 315 on the 70B).
pub(super) fn card_rate(model: Model, chip: Chip) -> u64 {
    card_rate_at(model.h100_rate(), chip)
}

/// `r·k_c` for an H100 rate `r` (tok/s): the page's rate, which the seed
/// cards give per model and a learner may set (inside one replica carries
/// its own). Whole when `r` is a multiple of 20 (the used A100's 0.45).
pub(super) fn card_rate_at(h100_rate: u64, chip: Chip) -> u64 {
    let (n, d) = chip.multiplier();
    h100_rate * n / d
}

/// `t_{c,m} = r_m·k_c·S_m`: tokens one card carries in a month.
pub fn tokens_per_card_month(model: Model, chip: Chip) -> u64 {
    tokens_per_card_month_at(model.h100_rate(), chip)
}

/// `t_c = r·k_c·S_m` for an H100 rate `r`.
pub(super) fn tokens_per_card_month_at(h100_rate: u64, chip: Chip) -> u64 {
    card_rate_at(h100_rate, chip) * MONTH_S
}

/// Challenge T1-C1, "the tokens a fleet carries": the capacity of a fleet,
/// `Σ n_c·t_{c,m}` tokens. Cards are counted per chip in [`CHIPS`] order.
pub fn fleet_tokens(model: Model, cards: [u64; 3]) -> u64 {
    fleet_tokens_at(model.h100_rate(), cards)
}

/// `Σ n_c·t_c` for an H100 rate `r`.
pub(super) fn fleet_tokens_at(h100_rate: u64, cards: [u64; 3]) -> u64 {
    CHIPS
        .iter()
        .zip(cards)
        .map(|(&c, n)| n * tokens_per_card_month_at(h100_rate, c))
        .sum()
}

/// Challenge T1-C1 with demand: the tokens a fleet carries this month,
/// `min(D, capacity)`.
pub fn tokens_carried(capacity: u64, demand: u64) -> u64 {
    capacity.min(demand)
}

/// Challenge T1-C2, "the whole rented cards that fill the shortfall":
/// `ceil(F / t)` in integers, `(F + t − 1) / t` (0 when a card carries nothing).
pub fn fill_cards(shortfall: u64, tokens_per_card: u64) -> u64 {
    if tokens_per_card == 0 {
        return 0;
    }
    shortfall.div_ceil(tokens_per_card)
}

/// Challenge T1-C3, first half: the API's tokens, `D − K_own − K_rent` when
/// positive.
pub fn api_overflow_tokens(demand: u64, owned_capacity: u64, rented_capacity: u64) -> u64 {
    demand
        .saturating_sub(owned_capacity)
        .saturating_sub(rented_capacity)
}

/// Challenge T1-C3, "the dollars the API meter bills on its share":
/// `X_api/1e6 · p_m`.
pub fn api_bill(api_tokens: u64, price_per_1m: f64) -> f64 {
    api_tokens as f64 / 1e6 * price_per_1m
}

/// A card's cost per 1M tokens at utilization `u`: `C / (u·t/1e6)`.
pub(super) fn cost_per_1m(card_month: f64, tokens_per_card: u64, utilization: f64) -> f64 {
    card_month / (utilization * tokens_per_card as f64 / 1e6)
}

/// The API share of the shortfall `F` at which its bill equals renting
/// `ceil(F/t)` whole cards for all of `F`: `N·C_rent / (F/1e6 · p)`. With no
/// shortfall, the sustained-volume limit `C_rent/(t/1e6) / p`.
pub(super) fn breakeven_api_share(
    shortfall: u64,
    tokens_per_card: u64,
    rented_card_month: f64,
    price_per_1m: f64,
) -> f64 {
    if shortfall == 0 {
        return cost_per_1m(rented_card_month, tokens_per_card, 1.0) / price_per_1m;
    }
    fill_cards(shortfall, tokens_per_card) as f64 * rented_card_month
        / api_bill(shortfall, price_per_1m)
}

/// The fewest owned cards, largest chips first, that carry `tokens`, at an
/// H100 rate of `h100_rate` tok/s.
pub(super) fn cards_needed(h100_rate: u64, owned: [u64; 3], mut tokens: u64) -> u64 {
    let mut cards = 0;
    // B200, H100, used A100: the order of tokens per card at any rate.
    for i in [1usize, 0, 2] {
        let t = tokens_per_card_month_at(h100_rate, CHIPS[i]);
        let n = owned[i].min(fill_cards(tokens, t));
        cards += n;
        tokens = tokens.saturating_sub(n * t);
    }
    cards
}

// ---------------------------------------------------------------------------
// The month

/// The month's arithmetic on the page's inputs.
impl Input {
    /// `t_c` at this month's H100 rate.
    pub(super) fn t(&self, c: Chip) -> u64 {
        tokens_per_card_month_at(self.h100_rate, c)
    }
    /// `ρ·C_c`: a rented card-month.
    pub(super) fn rent_of(&self, c: Chip) -> f64 {
        self.premium * self.price_of(c)
    }
    pub(super) fn owned_dollars(&self) -> f64 {
        CHIPS
            .iter()
            .map(|&c| self.owned[c as usize] as f64 * self.price_of(c))
            .sum()
    }
    pub(super) fn rented_dollars(&self) -> f64 {
        CHIPS
            .iter()
            .map(|&c| self.rented[c as usize] as f64 * self.rent_of(c))
            .sum()
    }
    /// The owned chip with the most capacity (the idle check's lever).
    pub(super) fn biggest_owned(&self) -> Chip {
        *CHIPS
            .iter()
            .max_by_key(|&&c| self.owned[c as usize] * self.t(c))
            .unwrap_or(&Chip::B200)
    }
}

/// One month's dispatch: integer tokens.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Dispatch {
    pub(super) demand: u64,
    pub(super) owned_capacity: u64,
    pub(super) rented_capacity: u64,
    pub(super) owned: u64,
    pub(super) rented: u64,
    pub(super) api: u64,
    pub(super) shortfall: u64,
}

/// Owned first (sunk cost), then rented, then the API.
pub(super) fn dispatch(demand: u64, owned_capacity: u64, rented_capacity: u64) -> Dispatch {
    let owned = tokens_carried(owned_capacity, demand);
    let shortfall = demand - owned;
    let rented = tokens_carried(rented_capacity, shortfall);
    Dispatch {
        demand,
        owned_capacity,
        rented_capacity,
        owned,
        rented,
        api: shortfall - rented,
        shortfall,
    }
}

impl Dispatch {
    /// `1 − X_own/K_own`; 0 with no owned cards.
    pub(super) fn idle_share(&self) -> f64 {
        if self.owned_capacity == 0 {
            0.0
        } else {
            (self.owned_capacity - self.owned) as f64 / self.owned_capacity as f64
        }
    }
}

/// Everything the figures, checks and charts read.
pub(super) struct Month {
    pub(super) d: Dispatch,
    pub(super) owned_dollars: f64,
    pub(super) rented_dollars: f64,
    pub(super) api_dollars: f64,
    pub(super) bill: f64,
    pub(super) blended: f64,
    pub(super) fill_cards: u64,
    pub(super) fill_dollars: f64,
    pub(super) cards_needed: u64,
}

impl Month {
    pub(super) fn of(inp: &Input) -> Month {
        let d = inp.dispatch(inp.demand, inp.k_own(), inp.k_rent());
        let owned_dollars = inp.owned_dollars();
        let rented_dollars = inp.rented_dollars();
        let api_dollars = api_bill(d.api, inp.api_price);
        let bill = owned_dollars + rented_dollars + api_dollars;
        let fill_cards = inp.fill_for(&d, inp.fill);
        Month {
            d,
            owned_dollars,
            rented_dollars,
            api_dollars,
            bill,
            blended: bill / (inp.demand.max(1) as f64 / 1e6),
            fill_cards,
            fill_dollars: fill_cards as f64 * inp.rent_of(inp.fill),
            cards_needed: inp.cards_needed_for(&d),
        }
    }
    pub(super) fn margin(&self, inp: &Input) -> f64 {
        self.blended / inp.api_price
    }
    pub(super) fn idle_cards(&self, inp: &Input) -> u64 {
        inp.owned_cards() - self.cards_needed
    }
    pub(super) fn idle_card_share(&self, inp: &Input) -> f64 {
        let n = inp.owned_cards();
        if n == 0 {
            0.0
        } else {
            self.idle_cards(inp) as f64 / n as f64
        }
    }
    pub(super) fn api_share(&self) -> f64 {
        self.d.api as f64 / self.d.demand.max(1) as f64
    }
    pub(super) fn api_shortfall_share(&self) -> f64 {
        if self.d.shortfall == 0 {
            0.0
        } else {
            self.d.api as f64 / self.d.shortfall as f64
        }
    }
}

// ---------------------------------------------------------------------------
// The levers the checks name

/// A dollar line of the month: owned or rented cards of one chip, or the API.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Line {
    Owned(Chip),
    Rented(Chip),
    Api,
}

/// Each line's dollars and the tokens it carries (each pool's tokens spread
/// over its cards in proportion to their capacity, counted as the model
/// counts it).
fn lines(inp: &Input, m: &Month) -> Vec<(Line, f64, f64)> {
    let d = &m.d;
    let used = |carried: u64, capacity: u64| {
        if capacity == 0 {
            0.0
        } else {
            carried as f64 / capacity as f64
        }
    };
    let (u_own, u_rent) = (
        used(d.owned, d.owned_capacity),
        used(d.rented, d.rented_capacity),
    );
    let mut v = Vec::with_capacity(7);
    for c in CHIPS {
        let i = c as usize;
        let pools = [
            (Line::Owned(c), inp.owned[i], inp.price_of(c), u_own),
            (Line::Rented(c), inp.rented[i], inp.rent_of(c), u_rent),
        ];
        for (line, n, price, u) in pools {
            if n > 0 {
                let tokens = u * (n * inp.t(c)) as f64 * inp.usable();
                v.push((line, n as f64 * price, tokens));
            }
        }
    }
    if d.api > 0 {
        v.push((Line::Api, m.api_dollars, d.api as f64));
    }
    v
}

/// The line that overruns the margin ceiling by the most dollars:
/// `dollars − 75 % × p × tokens/1e6`.
pub(super) fn worst_line(inp: &Input, m: &Month) -> Option<(Line, f64, f64)> {
    lines(inp, m).into_iter().max_by(|a, b| {
        let over = |x: &(Line, f64, f64)| x.1 - MARGIN_MAX * inp.api_price * x.2 / 1e6;
        over(a).total_cmp(&over(b))
    })
}

/// The most owned cards of `chip`, others held, that keep idle ≤ 15 % at this
/// demand: `floor((D/0.85 − K_other) / t)`, or None when even zero idles
/// (closer to production, on the daily cycle: `model_day`).
pub(super) fn max_owned_passing(inp: &Input, chip: Chip) -> Option<u64> {
    if inp.production {
        return inp.max_owned_passing_day(chip);
    }
    let t = inp.t(chip);
    let others: u64 = CHIPS
        .iter()
        .filter(|&&c| c != chip)
        .map(|&c| inp.owned[c as usize] * inp.t(c))
        .sum();
    let allowed = inp.demand as f64 / (1.0 - IDLE_MAX) - others as f64;
    (allowed >= 0.0).then(|| (allowed / t as f64 + 1e-9).floor() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_whole_and_match_the_spec_table() {
        let want = [
            (
                Model::Chat8b,
                [26_280_000_000u64, 63_072_000_000, 11_826_000_000],
            ),
            (
                Model::Premium70b,
                [1_839_600_000, 4_415_040_000, 827_820_000],
            ),
        ];
        for (model, t) in want {
            for (c, w) in CHIPS.iter().zip(t) {
                let (n, d) = c.multiplier();
                assert_eq!(model.h100_rate() * n % d, 0, "{c:?} rate is whole");
                assert_eq!(tokens_per_card_month(model, *c), w, "{model:?} {c:?}");
            }
        }
        assert_eq!(MONTH_S, 2_628_000);
    }

    #[test]
    fn fill_cards_is_an_integer_ceiling() {
        assert_eq!(fill_cards(0, 5), 0);
        assert_eq!(fill_cards(1, 5), 1);
        assert_eq!(fill_cards(5, 5), 1);
        assert_eq!(fill_cards(6, 5), 2);
        assert_eq!(fill_cards(u64::MAX / 2, 3), (u64::MAX / 2).div_ceil(3));
        // T1-C2's worked example: 70B, 8T, 3,000 owned H100 → 562 B200.
        let k_own = fleet_tokens(Model::Premium70b, [3000, 0, 0]);
        assert_eq!(k_own, 5_518_800_000_000);
        let f = 8_000_000_000_000 - k_own;
        assert_eq!(
            fill_cards(f, tokens_per_card_month(Model::Premium70b, Chip::B200)),
            562
        );
    }

    #[test]
    fn challenge_worked_examples() {
        // T1-C1: 1,200 H100 + 300 B200 on the 8B → 50.4576T.
        assert_eq!(
            fleet_tokens(Model::Chat8b, [1200, 300, 0]),
            50_457_600_000_000
        );
        // T1-C3: 8B, 120T, 3,000 H100 owned + 400 B200 rented → 15.9312T, $3,186,240.
        let x = api_overflow_tokens(
            120_000_000_000_000,
            fleet_tokens(Model::Chat8b, [3000, 0, 0]),
            fleet_tokens(Model::Chat8b, [0, 400, 0]),
        );
        assert_eq!(x, 15_931_200_000_000);
        assert_eq!(api_bill(x, 0.20), 3_186_240.0);
    }

    #[test]
    fn cards_needed_fills_largest_chips_first() {
        let m = Model::Chat8b.h100_rate();
        assert_eq!(cards_needed(m, [0, 5000, 0], 91_400_000_000_000), 1450);
        // A mix: B200 first, then H100.
        let t_b = tokens_per_card_month_at(m, Chip::B200);
        let t_h = tokens_per_card_month_at(m, Chip::H100);
        assert_eq!(cards_needed(m, [10, 2, 0], 2 * t_b + 1), 3);
        assert_eq!(cards_needed(m, [10, 2, 0], 2 * t_b + t_h + 1), 4);
        assert_eq!(cards_needed(m, [10, 2, 0], 0), 0);
    }
}
