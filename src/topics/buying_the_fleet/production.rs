//! What buying the fleet does closer to production: the seed card's two
//! simplifications this page swaps, each with what real fleets and price
//! lists do, where that is documented, and the figures it moves.
//! Declarations only, beside the notes (`Input::production` reads the
//! switch; `model_day` does the arithmetic).

use crate::model::Difference;

/// The differences, in the order the page lists them.
pub static DIFFERENCES: [Difference; 2] = [
    Difference {
        id: "sized-for-the-peak",
        title: "Sized on the month's average, or for the daily peak with headroom and a spare",
        card: "A card carries its full rate every second of the month and the demand is flat, so a fleet sized on the month's average tokens at 100 % use carries the month: no daily peak, no headroom for latency, no card held back for a failure.",
        production: "Demand follows a daily cycle, here a sine peaking at 1.7× the month's mean (consumer chat runs some 1.5–2×); cards are loaded to 75 % at the peak, because queues and tail latency climb steeply past 70–80 %; and the fleet spreads over 8 failure domains and must carry its peak with any one of them out (N+1). A card so counts for 75 % × 7/8 of its flat-out month, and the cards that carry a month without the API rise by 1.7 ÷ 0.75 × 8/7, about 2.6×. Owned cards carry the base of the day, rented cards and the API the peak hours; owned capacity sized for the peak idles at night.",
        source: "Capacity planning as Google's Site Reliability Engineering book describes it (provision for peak load with redundancy, N+1 or N+2, so a planned or unplanned outage of one failure domain drops no traffic); the daily cycle of chat traffic in Azure's published LLM inference traces; waiting time against utilization in any queueing text (Kleinrock, Queueing Systems vol. 1).",
        figures: &[
            "capacity_t",
            "rented_capacity_t",
            "owned_tokens_t",
            "shortfall_t",
            "rented_tokens_t",
            "api_tokens_t",
            "api_share",
            "api_shortfall_share",
            "idle_share",
            "owned_cards_needed",
            "idle_cards",
            "idle_card_share",
            "rented_fill_cards",
            "rented_fill_bill",
            "api_bill",
            "bill",
            "blended_per_1m",
            "margin_share",
        ],
        checks: &["idle", "overflow", "margin"],
    },
    Difference {
        id: "input-output-prices",
        title: "One price for every token, or input and output priced apart",
        card: "The API bills one price per 1M tokens, whether a token is read in a prompt or generated in an answer.",
        production: "API price lists charge an input token and an output token separately, an output token typically 3–5× an input one (4× here), because generating a token costs a serving fleet far more than reading one. The page takes the card's price as the blend at three input tokens to one output, the usual way one price is quoted, and bills the month's own mix, one output token in five: prompts carry the system text and the conversation so far and run several times the answers. The API then bills a little less per 1M than its list price, so self-hosting must be cheaper still to beat it by a quarter.",
        source: "The public price lists of API providers, which state an input and an output price per 1M tokens (output the dearer, by 3–5× on most); the prompt and answer lengths of the conversation service in Azure's published LLM inference trace (Patel et al., Splitwise, 2024). The card's rates for self-hosted cards still count a token as a token.",
        figures: &[
            "api_price",
            "api_bill",
            "bill",
            "blended_per_1m",
            "margin_share",
            "breakeven_api_share_b200",
            "breakeven_api_share_h100",
            "min_util_h100",
            "min_util_b200",
            "min_util_a100u",
        ],
        checks: &["margin"],
    },
];

#[cfg(test)]
mod tests {
    use super::super::params::{
        FAILURE_DOMAINS, OUTPUT_PRICE_RATIO, OUTPUT_SHARE, PEAK_TO_MEAN, TARGET_UTIL,
    };
    use super::*;

    /// The differences' words name the model's own constants.
    #[test]
    fn the_words_quote_the_constants() {
        let sized = DIFFERENCES[0].production;
        let factor =
            PEAK_TO_MEAN / TARGET_UTIL * FAILURE_DOMAINS as f64 / (FAILURE_DOMAINS - 1) as f64;
        for want in [
            format!("{PEAK_TO_MEAN}× the month's mean"),
            format!("loaded to {} %", TARGET_UTIL * 100.0),
            format!("{FAILURE_DOMAINS} failure domains"),
            format!("{} %", TARGET_UTIL * 100.0),
            format!(
                "{}/{FAILURE_DOMAINS} of its flat-out month",
                FAILURE_DOMAINS - 1
            ),
            format!("about {:.1}×", factor),
        ] {
            assert!(sized.contains(&want), "{want}");
        }
        let prices = DIFFERENCES[1].production;
        assert!(prices.contains(&format!("({OUTPUT_PRICE_RATIO}× here)")));
        assert_eq!(OUTPUT_SHARE, 1.0 / 5.0);
        assert!(prices.contains("one output token in five"));
    }
}
