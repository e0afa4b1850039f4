//! # Consistent hashing — concept explorer
//!
//! Source: seed card `000_5d442942c02a98e5.txt` ("Consistent hashing"), model
//! per `shared/spec/concepts.md` § consistent-hashing.
//!
//! When a fleet resizes from `n0` to `n1` cards, how many of `F` cached prompt
//! families lose their card, and what does re-prefilling them cost?
//!
//! Real families are placed: family `j` has key `k_j = SplitMix64(j)` (the
//! first output for seed `j`), and each scheme maps keys to cards for `n0` and
//! for `n1`:
//!
//! * modulo: `card = k mod n`;
//! * ring: each card owns `v` virtual points `hash((c+1)·2^32 + i)`; a key
//!   belongs to the first point clockwise (at or after it);
//! * jump: Lamping–Veach jump consistent hash;
//! * rendezvous: the card with the highest `mix(k ⊕ hash(c))`;
//! * bounded load (ring, factor `c` ≥ 1, Mirrokni–Thorup–Zadimoghaddam): no card
//!   holds more than `ceil(c·F/n)` families; a family whose card is full walks
//!   clockwise to the next card with room (families placed in index order).
//!
//! Figures (units): moved share = families whose card changed / F (fraction);
//! rebuild = moved × copy size (MB, decimal: 1,200 tok × 320 KB = 384 MB).
//! Theory beside the measurement:
//!
//! * modulo keeps a key iff `k mod n0 = k mod n1`: kept share
//!   `min(n0,n1) / lcm(n0,n1)` (64→128: 50 % moved; 64→65: 64/65 moved);
//! * ring, jump, rendezvous: moved share `|n1 − n0| / max(n0, n1)` (64→65: 1/65).
//!
//! Balance = busiest card's families ÷ `F/n1`. Checks: moved share ≤ 2 × the
//! ideal `|n1−n0|/max`; busiest ≤ 1.25 × average.
//!
//! Erratum: the card multiplies all 64 families by 384 MB (24,576 MB); modulo
//! doubling moves half of them, so the expected rebuild is 12,288 MB. The page
//! computes both numbers from the worked example's parameters.

use crate::challenge::{Solution, Solver, Template, Vars};
use crate::engine::preamble::{KV_KB_PER_TOKEN, PREAMBLE_TOKENS};
use crate::model::memo::Memo;
use crate::model::rng::{hash64, mix64};
use crate::model::units;
use crate::model::*;
use std::rc::Rc;

pub struct ConsistentHashing;
pub static TOPIC: ConsistentHashing = ConsistentHashing;
/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: ConsistentHashing = ConsistentHashing;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scheme {
    Modulo,
    Ring,
    Jump,
    Rendezvous,
}

const SCHEMES: &[(&str, &str)] = &[
    ("modulo", "modulo (key mod n)"),
    ("ring", "hash ring with virtual nodes"),
    ("jump", "jump consistent hash"),
    ("rendezvous", "rendezvous (highest random weight)"),
];
const ALL: [Scheme; 4] = [
    Scheme::Modulo,
    Scheme::Ring,
    Scheme::Jump,
    Scheme::Rendezvous,
];

impl Scheme {
    fn from_word(w: &str) -> Scheme {
        match w {
            "ring" => Scheme::Ring,
            "jump" => Scheme::Jump,
            "rendezvous" => Scheme::Rendezvous,
            _ => Scheme::Modulo,
        }
    }
    fn word(self) -> &'static str {
        SCHEMES[self as usize].0
    }
}

static PARAMS: [ParamSpec; 7] = [
    ParamSpec::number(
        "cards_before",
        "Cards before",
        Unit::Count("cards"),
        (1.0, 512.0, 1.0),
        64.0,
        "seed 000 worked example: a 64-card fleet",
        "The fleet's size before the resize.",
    ),
    ParamSpec::number(
        "cards_after",
        "Cards after",
        Unit::Count("cards"),
        (1.0, 512.0, 1.0),
        128.0,
        "seed 000 worked example: the fleet doubles to 128",
        "The fleet's size after the resize.",
    ),
    ParamSpec::number(
        "families",
        "Cached families",
        Unit::Count("families"),
        (1.0, 100_000.0, 1.0),
        64.0,
        "seed 000 worked example: 64 cached prompt families",
        "Prompt families whose preamble copies live on some card.",
    )
    .log(),
    ParamSpec::number(
        "vnodes",
        "Virtual nodes per card",
        Unit::Count("per card"),
        (1.0, 512.0, 1.0),
        128.0,
        "spec concepts.md: ring default v = 128",
        "Points each card owns on the ring; more points, more even arcs.",
    ),
    ParamSpec::choice(
        "scheme",
        "Scheme",
        SCHEMES,
        0,
        "seed 000: naive modulo routing first",
        "How a family's key picks its card.",
    ),
    ParamSpec::number(
        "bound",
        "Bounded-load factor c (0 = off)",
        Unit::Ratio,
        (0.0, 3.0, 0.05),
        0.0,
        "spec concepts.md: off by default",
        "Ring only: no card takes more than ceil(c·F/n) families; the rest walk clockwise.",
    ),
    ParamSpec::number(
        "copy_mb",
        "Preamble copy size",
        Unit::Mb,
        (1.0, 4000.0, 1.0),
        PREAMBLE_TOKENS * KV_KB_PER_TOKEN / 1000.0,
        "1,200 tokens × 320 KB/token, decimal units (seed 000)",
        "What re-prefilling one displaced family costs.",
    ),
];

static PRESETS: [Preset; 3] = [
    Preset {
        id: "modulo-doubling",
        title: "Worked example: modulo doubling",
        story: "A 64-card fleet doubles to 128 and routes 64 cached families by key mod n. A family keeps its card only when its key mod 128 stays under 64, so half of them move and re-prefill a 384 MB preamble each. Doubling is modulo's one good resize: try 65 cards.",
        set: &[
            ("cards_before", "64"),
            ("cards_after", "128"),
            ("families", "64"),
            ("scheme", "modulo"),
        ],
        fix: None,
    },
    Preset {
        id: "ring-plus-one",
        title: "One card joins a ring",
        story: "One card joins a 64-card hash ring with 128 virtual nodes per card. It takes over only its own arcs, so roughly 1 family in 65 moves; over 100,000 families the measured share sits beside the theory. Try 1 virtual node per card to see uneven arcs, and the load bound that evens them.",
        set: &[
            ("cards_before", "64"),
            ("cards_after", "65"),
            ("families", "100000"),
            ("scheme", "ring"),
            ("vnodes", "128"),
        ],
        fix: None,
    },
    Preset {
        id: "modulo-plus-one",
        title: "The +1 resize by modulo",
        story: "The same fleet adds one card, but routes by key mod n. A key keeps its card only if key mod 64 equals key mod 65: 1 key in 65. Modulo redraws nearly every assignment and the fleet re-prefills almost everything.",
        set: &[
            ("cards_before", "64"),
            ("cards_after", "65"),
            ("families", "100000"),
            ("scheme", "modulo"),
        ],
        fix: Some(Fix {
            label: "Route by jump consistent hash",
            explain: "Jump hash moves only the keys the new card must take: 1/65 of them.",
            set: &[("scheme", "jump")],
        }),
    },
];

static CHECKS: [CheckSpec; 2] = [
    CheckSpec {
        id: "moved",
        label: "Resize moves little",
        rule: "moved share ≤ 2 × the ideal |n1 − n0| / max(n0, n1)",
    },
    CheckSpec {
        id: "balance",
        label: "No card is a hot spot",
        rule: "busiest card's families ≤ 1.25 × the average",
    },
];

static ABOUT: About = About {
    id: "consistent-hashing",
    title: "Consistent hashing",
    kind: TopicKind::Explorer,
    question: "When the fleet resizes, how many prompt families lose their card, and what does re-prefilling their preamble copies cost?",
    source: "seed 000 (Consistent hashing); shared/spec/concepts.md",
    params: &PARAMS,
    presets: &PRESETS,
    checks: &CHECKS,
};

impl Topic for ConsistentHashing {
    fn about(&self) -> &'static About {
        &ABOUT
    }
    fn engine(&self) -> Option<Engine> {
        Some(Engine {
            name: "place families on a 64 → 65 card ring (128 vnodes) and count moves",
            unit: "families",
            default_n: 2_000_000,
            run: place_families,
        })
    }
    fn run(&self, p: &Params) -> Outcome {
        let input = Input::read(p);
        let mut out = Outcome::default();
        let r = resize(&input);
        figures(&input, &r, &mut out);
        checks(&input, &r, &mut out);
        out.charts.push(ring_chart(&input, &r));
        out.charts.push(sweep_chart(&input));
        out.notes.push(Note::Erratum(erratum()));
        if input.bound > 0.0 && input.bound < 1.0 {
            out.notes.push(Note::Info(format!(
                "A bound below 1 cannot hold every family; the model uses c = 1 (at most ceil(F/n) = {} per card after the resize).",
                cap(1.0, input.families, input.n1)
            )));
        }
        if input.bound > 0.0 && input.scheme != Scheme::Ring {
            out.notes.push(Note::Info(
                "The load bound applies to the ring scheme only; choose ring to use it."
                    .to_string(),
            ));
        }
        out
    }
}

impl Solver for ConsistentHashing {
    fn topic(&self) -> &'static dyn Topic {
        &TOPIC
    }
    fn draw(&self, t: &Template, rng: &mut SplitMix64) -> Vars {
        let mut vars = t.draw_vars(rng);
        // A resize to the same size is no question: step to the next size.
        if vars.num("n0") == vars.num("n1") {
            let n1 = vars.num("n1") + 1.0;
            vars.set_num("n1", n1);
        }
        vars
    }
    fn solve(&self, t: &Template, v: &Vars) -> Result<Solution, String> {
        let size = |name: &str| -> Result<usize, String> {
            let x = v.num(name);
            (x >= 1.0 && x.fract() == 0.0)
                .then_some(x as usize)
                .ok_or(format!("{name} must be a whole number of cards"))
        };
        match t.answer.as_str() {
            "modulo_remap_share" => {
                let (n0, n1) = (size("n0")?, size("n1")?);
                let lcm = n0 / gcd(n0, n1) * n1;
                let share = modulo_moved_share(n0, n1);
                Ok(Solution::new(share)
                    .with("lcm", units::group(lcm as f64, 0))
                    .with("low", n0.min(n1).to_string())
                    .with("kept", Unit::Share.format(1.0 - share)))
            }
            "rebuild_mb" => {
                let (n0, n1) = (size("n0")?, size("n1")?);
                let copy = v.num("tokens") * v.num("kv") / 1000.0;
                let share = match v.word("scheme") {
                    "modulo" => modulo_moved_share(n0, n1),
                    _ => ideal_moved_share(n0, n1),
                };
                let moved = share * v.num("families");
                Ok(Solution::new(moved * copy)
                    .with("copy", Unit::Mb.format(copy))
                    .with("share", Unit::Share.format(share))
                    .with("moved", units::number(moved)))
            }
            "ring_join_share" => {
                let (n, k) = (size("n")?, size("k")?);
                Ok(Solution::new(ideal_moved_share(n, n + k)).with("total", (n + k).to_string()))
            }
            other => Err(format!("no answer named {other}")),
        }
    }
}

// ---------------------------------------------------------------------------
// The model

struct Input {
    n0: usize,
    n1: usize,
    families: usize,
    vnodes: usize,
    scheme: Scheme,
    /// 0 = off; otherwise at least 1.
    bound: f64,
    copy_mb: f64,
}

impl Input {
    fn read(p: &Params) -> Input {
        Input {
            n0: p.count("cards_before").max(1),
            n1: p.count("cards_after").max(1),
            families: p.count("families").max(1),
            vnodes: p.count("vnodes").max(1),
            scheme: Scheme::from_word(p.choice("scheme")),
            bound: p.get("bound"),
            copy_mb: p.get("copy_mb"),
        }
    }

    /// The bound actually applied: off unless the scheme is the ring.
    fn effective_bound(&self) -> Option<f64> {
        (self.scheme == Scheme::Ring && self.bound > 0.0).then(|| self.bound.max(1.0))
    }
}

/// The key of family `j`.
#[inline]
fn key(j: usize) -> u64 {
    hash64(j as u64)
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Share of uniform keys that modulo moves on a resize n0 → n1:
/// `1 − min/lcm`.
pub fn modulo_moved_share(n0: usize, n1: usize) -> f64 {
    let lcm = n0 / gcd(n0, n1) * n1;
    1.0 - n0.min(n1) as f64 / lcm as f64
}

/// The least share any scheme must move: the new cards' (or lost cards') part.
pub fn ideal_moved_share(n0: usize, n1: usize) -> f64 {
    n0.abs_diff(n1) as f64 / n0.max(n1) as f64
}

/// Lamping & Veach, "A Fast, Minimal Memory, Consistent Hash Algorithm".
#[inline]
fn jump(mut key: u64, n: usize) -> usize {
    let (mut b, mut j) = (-1i64, 0i64);
    while j < n as i64 {
        b = j;
        key = key.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        j = ((b + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
    b as usize
}

/// Every bucket jump hash visits for `key` below `n_max`, in increasing order:
/// the bucket for size `n` is the last of them below `n`.
fn jump_records(mut key: u64, n_max: usize, out: &mut Vec<u32>) {
    out.clear();
    let mut j = 0i64;
    while j < n_max as i64 {
        let b = j;
        out.push(b as u32);
        key = key.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        j = ((b + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
}

#[inline]
fn card_hash(c: usize) -> u64 {
    hash64(0xC0FF_EE00_0000_0000 ^ c as u64)
}

#[inline]
fn weight(key: u64, card_hash: u64) -> u64 {
    mix64(key ^ card_hash)
}

/// The ring's points for cards `0..cards`, sorted clockwise.
struct Ring {
    points: Vec<u64>,
    cards: Vec<u32>,
    /// `index[b]`: the first point at or after bucket `b`'s start, where a
    /// bucket is the keys sharing their top `shift`-complement bits; about
    /// one point per bucket, so a lookup scans a couple of points.
    index: Vec<u32>,
    shift: u32,
}

impl Ring {
    fn new(cards: usize, vnodes: usize) -> Ring {
        let mut pts: Vec<(u64, u32)> = Vec::with_capacity(cards * vnodes);
        for c in 0..cards {
            for i in 0..vnodes {
                pts.push((hash64(((c as u64 + 1) << 32) | i as u64), c as u32));
            }
        }
        pts.sort_unstable();
        let points: Vec<u64> = pts.iter().map(|p| p.0).collect();
        let bits = (points.len().max(2) as f64).log2().ceil() as u32;
        let shift = 64 - bits.min(24);
        let buckets = 1usize << (64 - shift);
        let mut index = Vec::with_capacity(buckets);
        let mut i = 0usize;
        for b in 0..buckets {
            let start = (b as u64) << shift;
            while i < points.len() && points[i] < start {
                i += 1;
            }
            index.push(i as u32);
        }
        Ring {
            points,
            cards: pts.iter().map(|p| p.1).collect(),
            index,
            shift,
        }
    }

    /// Index of the first point at or after `key`, wrapping.
    #[inline]
    fn successor(&self, key: u64) -> usize {
        let mut i = self.index[(key >> self.shift) as usize] as usize;
        while i < self.points.len() && self.points[i] < key {
            i += 1;
        }
        if i == self.points.len() {
            0
        } else {
            i
        }
    }

    /// The card owning `key` among cards `0..n`.
    #[inline]
    fn owner(&self, key: u64, n: usize) -> usize {
        let len = self.cards.len();
        let mut i = self.successor(key);
        loop {
            let c = self.cards[i] as usize;
            if c < n {
                return c;
            }
            i += 1;
            if i == len {
                i = 0;
            }
        }
    }

    /// The owners of `key` among cards `0..n0` and among `0..n1`, from one
    /// search: walking clockwise, the first card below the larger size owns
    /// it there, and the walk goes on to the first card below the smaller.
    #[inline]
    fn owners(&self, key: u64, n0: usize, n1: usize) -> (usize, usize) {
        let (lo, hi) = (n0.min(n1), n0.max(n1));
        let len = self.cards.len();
        let mut i = self.successor(key);
        let mut at_hi = None;
        loop {
            let c = self.cards[i] as usize;
            if c < hi && at_hi.is_none() {
                at_hi = Some(c);
            }
            if c < lo {
                let h = at_hi.unwrap_or(c);
                return if n0 <= n1 { (c, h) } else { (h, c) };
            }
            i += 1;
            if i == len {
                i = 0;
            }
        }
    }

    /// Cards that own `key` as the fleet grows: walking clockwise, each card
    /// with a lower id than all before it. Returned increasing, so the owner
    /// at size `n` is the last record below `n`.
    fn records(&self, key: u64, out: &mut Vec<u32>) {
        out.clear();
        let len = self.cards.len();
        let mut i = self.successor(key);
        let mut low = u32::MAX;
        for _ in 0..len {
            let c = self.cards[i];
            if c < low {
                low = c;
                out.push(c);
                if c == 0 {
                    break;
                }
            }
            i += 1;
            if i == len {
                i = 0;
            }
        }
        out.reverse();
    }

    /// Bounded-load placement of families `0..f` on cards `0..n`, each card
    /// taking at most `cap`.
    fn bounded(&self, f: usize, n: usize, cap: usize) -> Vec<u32> {
        let len = self.cards.len();
        let mut load = vec![0usize; n];
        (0..f)
            .map(|j| {
                let mut i = self.successor(key(j));
                loop {
                    let c = self.cards[i] as usize;
                    if c < n && load[c] < cap {
                        load[c] += 1;
                        return c as u32;
                    }
                    i += 1;
                    if i == len {
                        i = 0;
                    }
                }
            })
            .collect()
    }
}

thread_local! {
    /// Rings built lately. Sorting every card's points is the costliest step
    /// of a run, and the table's size is a power of two (see `ring_cards`),
    /// so a few tables serve every slider position of one vnodes value.
    static RING: Memo<(usize, usize), Ring> = const { Memo::with_capacity(4) };
}

/// The ring for cards `0..cards` with `vnodes` points each.
fn ring_table(cards: usize, vnodes: usize) -> Rc<Ring> {
    RING.with(|m| m.get_or((cards, vnodes), || Ring::new(cards, vnodes)))
}

/// Cards in the ring table: enough for both sizes and the sweep, rounded up
/// to a power of two (at least 64) so that moving a size slider reuses one of
/// four tables. A card beyond the fleet is skipped by the walk, so a larger
/// table gives the same owners.
fn ring_cards(inp: &Input) -> usize {
    sweep_hi(inp)
        .max(inp.n0)
        .max(inp.n1)
        .next_power_of_two()
        .max(64)
}

fn cap(c: f64, families: usize, n: usize) -> usize {
    ((c * families as f64 / n as f64) - 1e-9).ceil().max(1.0) as usize
}

/// Where every family sits before and after the resize.
struct Resize {
    before: Vec<u32>,
    after: Vec<u32>,
    moved: usize,
    /// The busiest card's families after the resize, and the average.
    busiest: usize,
    average: f64,
    /// The ring, when the scheme uses one (for the chart).
    ring: Option<Rc<Ring>>,
}

fn resize(inp: &Input) -> Resize {
    let (n0, n1, f) = (inp.n0, inp.n1, inp.families);
    let mut ring = None;
    let (before, after): (Vec<u32>, Vec<u32>) = match inp.scheme {
        Scheme::Modulo => (0..f)
            .map(|j| {
                let k = key(j);
                ((k % n0 as u64) as u32, (k % n1 as u64) as u32)
            })
            .unzip(),
        Scheme::Jump => (0..f)
            .map(|j| {
                let k = key(j);
                (jump(k, n0) as u32, jump(k, n1) as u32)
            })
            .unzip(),
        Scheme::Rendezvous => {
            let n = n0.max(n1);
            let hashes: Vec<u64> = (0..n).map(card_hash).collect();
            (0..f)
                .map(|j| {
                    let k = key(j);
                    let (mut b0, mut w0, mut b1, mut w1) = (0u32, 0u64, 0u32, 0u64);
                    for (c, h) in hashes.iter().enumerate() {
                        let w = weight(k, *h);
                        if c < n0 && (c == 0 || w > w0) {
                            (b0, w0) = (c as u32, w);
                        }
                        if c < n1 && (c == 0 || w > w1) {
                            (b1, w1) = (c as u32, w);
                        }
                    }
                    (b0, b1)
                })
                .unzip()
        }
        Scheme::Ring => {
            let r = ring_table(ring_cards(inp), inp.vnodes);
            let pair = match inp.effective_bound() {
                Some(c) => (
                    r.bounded(f, n0, cap(c, f, n0)),
                    r.bounded(f, n1, cap(c, f, n1)),
                ),
                None => (0..f)
                    .map(|j| {
                        let (a, b) = r.owners(key(j), n0, n1);
                        (a as u32, b as u32)
                    })
                    .unzip(),
            };
            ring = Some(r);
            pair
        }
    };
    let moved = before.iter().zip(&after).filter(|(a, b)| a != b).count();
    Resize {
        busiest: busiest(n1, &after),
        average: f as f64 / n1 as f64,
        before,
        after,
        moved,
        ring,
    }
}

/// The benchmark's engine: `n` families from key offset `seed`, owners on a
/// 64- and a 65-card ring, returns how many moved.
fn place_families(n: u64, seed: u64) -> u64 {
    let ring = ring_table(128, 128);
    (0..n)
        .filter(|&j| {
            let (a, b) = ring.owners(hash64(seed.wrapping_add(j)), 64, 65);
            a != b
        })
        .count() as u64
}

/// The busiest card's families after the resize.
fn busiest(n1: usize, after: &[u32]) -> usize {
    let mut load = vec![0usize; n1];
    for &c in after {
        load[c as usize] += 1;
    }
    load.into_iter().max().unwrap_or(0)
}

fn expected_share(inp: &Input) -> f64 {
    match inp.scheme {
        Scheme::Modulo => modulo_moved_share(inp.n0, inp.n1),
        _ => ideal_moved_share(inp.n0, inp.n1),
    }
}

fn figures(inp: &Input, r: &Resize, out: &mut Outcome) {
    let f = inp.families as f64;
    let moved_share = r.moved as f64 / f;
    let expected = expected_share(inp);
    let (busiest, avg) = (r.busiest, r.average);
    out.figure(
        "moved_share",
        "Moved share (measured)",
        moved_share,
        Unit::Share,
    );
    out.figure(
        "expected_move_share",
        "Moved share (theory, this scheme)",
        expected,
        Unit::Share,
    );
    out.figure(
        "modulo_remap_share",
        "Modulo remap share (theory)",
        modulo_moved_share(inp.n0, inp.n1),
        Unit::Share,
    );
    out.figure(
        "ideal_move_share",
        "Least possible moved share",
        ideal_moved_share(inp.n0, inp.n1),
        Unit::Share,
    );
    out.figure(
        "displaced_families",
        "Displaced families",
        r.moved as f64,
        Unit::Count("families"),
    );
    out.figure("copy_mb", "Preamble copy", inp.copy_mb, Unit::Mb);
    out.figure(
        "rebuild_mb",
        "Rebuild (measured)",
        r.moved as f64 * inp.copy_mb,
        Unit::Mb,
    );
    out.figure(
        "expected_rebuild_mb",
        "Rebuild (theory)",
        expected * f * inp.copy_mb,
        Unit::Mb,
    );
    out.figure(
        "busiest_families",
        "Busiest card after",
        busiest as f64,
        Unit::Count("families"),
    );
    out.figure(
        "busiest_ratio",
        "Busiest ÷ average",
        busiest as f64 / avg,
        Unit::Ratio,
    );
}

fn checks(inp: &Input, r: &Resize, out: &mut Outcome) {
    let ideal = ideal_moved_share(inp.n0, inp.n1);
    let moved = r.moved as f64 / inp.families as f64;
    let scheme = inp.scheme.word();
    let resize = format!("{} → {} cards", inp.n0, inp.n1);
    out.checks.push(Verdict::at_most(
        "moved",
        moved,
        2.0 * ideal,
        Unit::Share,
        Some(if inp.scheme == Scheme::Ring { "vnodes" } else { "scheme" }),
        |pass| {
            if pass {
                format!(
                    "{scheme} moved {} of families; a {resize} resize needs at least {}, and the check allows twice that.",
                    Unit::Share.format(moved),
                    Unit::Share.format(ideal)
                )
            } else if inp.scheme == Scheme::Modulo {
                format!(
                    "modulo moved {} of families where {resize} needs only {}: it redraws nearly every assignment. Switch the scheme to ring, jump or rendezvous.",
                    Unit::Share.format(moved),
                    Unit::Share.format(ideal)
                )
            } else {
                format!(
                    "{scheme} moved {}, more than twice the {} a {resize} resize needs. Raise the virtual nodes, or loosen the load bound.",
                    Unit::Share.format(moved),
                    Unit::Share.format(ideal)
                )
            }
        },
    ));
    let (busiest, avg) = (r.busiest, r.average);
    let ratio = busiest as f64 / avg;
    let sparse = avg < 20.0;
    let lever = if sparse {
        "families"
    } else if inp.scheme == Scheme::Ring {
        "bound"
    } else {
        "families"
    };
    out.checks.push(Verdict::at_most(
        "balance",
        ratio,
        1.25,
        Unit::Ratio,
        Some(lever),
        |pass| {
            let head = format!(
                "The busiest card holds {} against an average of {}",
                Unit::Count("families").format(busiest as f64),
                crate::model::units::number(avg)
            );
            if pass {
                format!("{head}: within 1.25× of even.")
            } else if sparse {
                format!(
                    "{head}: with so few families per card, chance alone piles several onto one card. Balance is judged over many families: raise the families (or set a load bound on the ring)."
                )
            } else if inp.scheme == Scheme::Ring {
                format!(
                    "{head}: the ring's arcs are uneven. Set a load bound (c = 1.2) or raise the virtual nodes."
                )
            } else {
                format!("{head}: raise the families, or use a ring with a load bound.")
            }
        },
    ));
}

/// How many families the ring chart draws (the first ones; keys are hashed,
/// so they are a fair sample).
const RING_DOTS: usize = 1500;
/// Angular resolution of the ring's arcs.
const RING_STEPS: usize = 720;

fn ring_chart(inp: &Input, r: &Resize) -> Chart {
    let mut arcs: Vec<RingArc> = Vec::new();
    if let Some(ring) = &r.ring {
        for s in 0..RING_STEPS {
            let start = s as f64 / RING_STEPS as f64;
            let k = ((start + 0.5 / RING_STEPS as f64) * 18_446_744_073_709_551_616.0) as u64;
            let card = ring.owner(k, inp.n1) as u32;
            let moved = card as usize != ring.owner(k, inp.n0);
            let end = start + 1.0 / RING_STEPS as f64;
            match arcs.last_mut() {
                Some(a) if a.card == card && a.moved == moved => a.end = end,
                _ => arcs.push(RingArc {
                    start,
                    end,
                    card,
                    moved,
                }),
            }
        }
    }
    let dots = (0..inp.families.min(RING_DOTS))
        .map(|j| RingDot {
            at: key(j) as f64 / 18_446_744_073_709_551_616.0,
            moved: r.before[j] != r.after[j],
        })
        .collect();
    let share = r.moved as f64 / inp.families as f64;
    let mut legend = vec![
        ("scheme".to_string(), inp.scheme.word().to_string()),
        ("cards".to_string(), format!("{} → {}", inp.n0, inp.n1)),
        ("families".to_string(), inp.families.to_string()),
        (
            "moved families".to_string(),
            format!("{} ({})", r.moved, Unit::Share.format(share)),
        ),
    ];
    if inp.families > RING_DOTS {
        legend.push((
            "drawn".to_string(),
            format!("the first {RING_DOTS} families"),
        ));
    }
    Chart {
        id: "ring",
        title: if r.ring.is_some() {
            format!("The ring after the resize: {} cards' arcs", inp.n1)
        } else {
            format!(
                "Family keys around the circle ({} has no ring)",
                inp.scheme.word()
            )
        },
        summary: format!(
            "{} of {} families (red) change card when {} routing goes from {} to {} cards.",
            r.moved,
            inp.families,
            inp.scheme.word(),
            inp.n0,
            inp.n1
        ),
        plot: Plot::Ring(RingChart {
            cards: inp.n1 as u32,
            arcs,
            dots,
            legend,
        }),
    }
}

/// Families sampled for the sweep chart.
const SWEEP_FAMILIES: usize = 1000;
/// Most x positions on the sweep chart.
const SWEEP_POINTS: usize = 96;

/// The x positions: every size up to the limit, or an even spread that
/// includes the current sizes and the doubling.
fn sweep_hi(inp: &Input) -> usize {
    (2 * inp.n0).max(inp.n1 + inp.n1 / 4).clamp(8, 512)
}

fn sweep_grid(inp: &Input) -> Vec<usize> {
    let hi = sweep_hi(inp);
    let mut xs: Vec<usize> = if hi <= SWEEP_POINTS {
        (1..=hi).collect()
    } else {
        (0..SWEEP_POINTS)
            .map(|i| 1 + i * (hi - 1) / (SWEEP_POINTS - 1))
            .collect()
    };
    xs.extend(
        [inp.n0, inp.n0 + 1, inp.n1, 2 * inp.n0]
            .iter()
            .filter(|&&x| x <= hi),
    );
    xs.sort_unstable();
    xs.dedup();
    xs
}

/// Moved share against the size after, measured for every scheme over a
/// sample of families, with the two theory curves.
fn sweep_chart(inp: &Input) -> Chart {
    let xs = sweep_grid(inp);
    let hi = *xs.last().unwrap_or(&1);
    let n0 = inp.n0;
    let s = inp.families.min(SWEEP_FAMILIES);
    let keys: Vec<u64> = (0..s).map(key).collect();
    let ring = ring_table(ring_cards(inp), inp.vnodes);
    let hashes: Vec<u64> = (0..hi.max(n0)).map(card_hash).collect();
    let mut moved = [
        vec![0usize; xs.len()],
        vec![0; xs.len()],
        vec![0; xs.len()],
        vec![0; xs.len()],
    ];
    let mut rec = Vec::new();
    // Owner at size n from increasing records: the last record below n.
    let count = |rec: &[u32], moved: &mut [usize]| {
        let owner = |n: usize| rec[rec.partition_point(|&c| (c as usize) < n) - 1];
        let home = owner(n0);
        for (m, &n) in moved.iter_mut().zip(&xs) {
            if owner(n) != home {
                *m += 1;
            }
        }
    };
    for &k in &keys {
        let home = k % n0 as u64;
        for (m, &n) in moved[0].iter_mut().zip(&xs) {
            if k % n as u64 != home {
                *m += 1;
            }
        }
        ring.records(k, &mut rec);
        count(&rec, &mut moved[1]);
        jump_records(k, hi.max(n0), &mut rec);
        count(&rec, &mut moved[2]);
        rec.clear();
        let mut best = 0u64;
        for (c, h) in hashes.iter().enumerate() {
            let w = weight(k, *h);
            if c == 0 || w > best {
                best = w;
                rec.push(c as u32);
            }
        }
        count(&rec, &mut moved[3]);
    }
    let mut series: Vec<Series> = ALL
        .iter()
        .zip(&moved)
        .enumerate()
        .map(|(i, (sch, m))| {
            Series::new(
                format!("{} (measured)", sch.word()),
                Style::Line,
                Tone::Cat(i as u8),
                xs.iter()
                    .zip(m)
                    .map(|(&x, &c)| (x as f64, c as f64 / s as f64))
                    .collect(),
            )
        })
        .collect();
    series.push(Series::new(
        "modulo (theory)",
        Style::Dashed,
        Tone::Cat(0),
        xs.iter()
            .map(|&x| (x as f64, modulo_moved_share(n0, x)))
            .collect(),
    ));
    series.push(Series::new(
        "least possible |n1−n0|/max",
        Style::Dashed,
        Tone::Ink,
        xs.iter()
            .map(|&x| (x as f64, ideal_moved_share(n0, x)))
            .collect(),
    ));
    let at = |v: &[usize]| {
        xs.iter()
            .position(|&x| x == inp.n1)
            .map(|i| Unit::Share.format(v[i] as f64 / s as f64))
            .unwrap_or_default()
    };
    Chart {
        id: "sweep",
        title: format!("Moved share as {n0} cards become n, every scheme"),
        summary: format!(
            "At {} cards, over {s} sampled families: modulo moves {}, ring {}, jump {}, rendezvous {}; the least possible is {}.",
            inp.n1,
            at(&moved[0]),
            at(&moved[1]),
            at(&moved[2]),
            at(&moved[3]),
            Unit::Share.format(ideal_moved_share(n0, inp.n1))
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("cards after", Unit::Count("")),
            y: Axis::new("moved share", Unit::Share).range(0.0, 1.0),
            series,
            hlines: vec![],
            vlines: vec![RefLine::new(
                inp.n1 as f64,
                format!("now: {} cards", inp.n1),
                Tone::Ink,
            )],
        }),
    }
}

/// The card's figure and the model's, both computed from the worked example.
fn erratum() -> String {
    let wx = Input {
        n0: 64,
        n1: 128,
        families: 64,
        vnodes: 128,
        scheme: Scheme::Modulo,
        bound: 0.0,
        copy_mb: PREAMBLE_TOKENS * KV_KB_PER_TOKEN / 1000.0,
    };
    let card = wx.families as f64 * wx.copy_mb;
    let share = modulo_moved_share(wx.n0, wx.n1);
    let moved = share * wx.families as f64;
    format!(
        "Erratum (seed 000): the card multiplies all {} families by {} ({}, about {}). Modulo doubling {} → {} moves only {} of them, so the expected rebuild is {} × {} = {}. {} is the bill of {} displaced families, i.e. {} cached families.",
        wx.families,
        Unit::Mb.format(wx.copy_mb),
        Unit::Mb.format(card),
        Unit::Gb.format((card / 100.0).round() / 10.0),
        wx.n0,
        wx.n1,
        Unit::Share.format(share),
        crate::model::units::number(moved),
        Unit::Mb.format(wx.copy_mb),
        Unit::Mb.format(moved * wx.copy_mb),
        Unit::Mb.format(card),
        wx.families,
        crate::model::units::number(wx.families as f64 / share),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jump_records_agree_with_jump() {
        let mut rec = Vec::new();
        for j in 0..200 {
            let k = key(j);
            jump_records(k, 300, &mut rec);
            for n in 1..=300 {
                let owner = rec[rec.partition_point(|&c| (c as usize) < n) - 1] as usize;
                assert_eq!(owner, jump(k, n), "key {j} size {n}");
            }
        }
    }

    #[test]
    fn ring_records_agree_with_owner() {
        let ring = Ring::new(100, 16);
        let mut rec = Vec::new();
        for j in 0..200 {
            let k = key(j);
            ring.records(k, &mut rec);
            for n in 1..=100 {
                let owner = rec[rec.partition_point(|&c| (c as usize) < n) - 1] as usize;
                assert_eq!(owner, ring.owner(k, n));
            }
        }
    }

    #[test]
    fn owners_agree_with_owner() {
        let ring = Ring::new(128, 16);
        for j in 0..500 {
            let k = key(j);
            for (n0, n1) in [(64, 65), (65, 64), (10, 100), (7, 7), (1, 128)] {
                assert_eq!(
                    ring.owners(k, n0, n1),
                    (ring.owner(k, n0), ring.owner(k, n1))
                );
            }
        }
    }

    #[test]
    fn bounded_load_respects_its_cap() {
        let ring = Ring::new(65, 128);
        let placed = ring.bounded(10_000, 65, cap(1.2, 10_000, 65));
        let mut load = [0usize; 65];
        placed.iter().for_each(|&c| load[c as usize] += 1);
        assert!(load.iter().all(|&l| l <= cap(1.2, 10_000, 65)));
        assert_eq!(load.iter().sum::<usize>(), 10_000);
    }
}
