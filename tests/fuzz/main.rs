//! Fuzzing in the suite: seeded harnesses over every input surface a reader
//! or a file can reach (docs/fuzzing.md). Each harness is a plain `#[test]`
//! that draws its inputs from `SplitMix64`, so a run is reproducible from its
//! seed, and checks properties beyond "no panic":
//!
//! - `answers`: the answer parser and the grader on mutated realistic answers
//!   and on questions drawn from every template;
//! - `numbers`: the CLI's and the links' number reader (`read_number`,
//!   `ParamSpec::parse`) on mutated numeric text, against its documented
//!   grammar;
//! - `links`: the address decoder on mutated real links;
//! - `progress`: the progress import on mutated progress records;
//! - `runs`: every topic's `run` over arbitrary parameter vectors.
//!
//! `FLEETLAB_FUZZ_CASES` sets the size (the base count; each harness runs a
//! multiple of it that fits its cost), `FLEETLAB_FUZZ_SEED` the seed, and
//! `FLEETLAB_FUZZ_CASE` replays one case by its index. A failing case prints
//! the harness, the seed, the index and the input.

mod answers;
mod links;
mod numbers;
mod progress;
mod runs;

use fleetlab::model::{hash64, SplitMix64};
use std::fmt::Debug;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::time::Instant;

/// The base count when `FLEETLAB_FUZZ_CASES` is not set: the whole binary
/// takes well under 20 s in the dev profile on two busy cores.
const DEFAULT_CASES: u64 = 20_000;
/// The seed when `FLEETLAB_FUZZ_SEED` is not set.
const DEFAULT_SEED: u64 = 0x5EED_F1EE_71AB;

fn env_u64(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim().replace('_', "");
    match v.parse() {
        Ok(n) => Some(n),
        Err(_) => panic!("{name}={v} is not a whole number"),
    }
}

/// The base count of this run.
pub fn base_cases() -> u64 {
    env_u64("FLEETLAB_FUZZ_CASES").unwrap_or(DEFAULT_CASES)
}

/// Runs `check` on `per_base × base` inputs (at least one) drawn by `gen`.
/// Case `i` draws from its own generator, seeded from the run's seed, the
/// harness name and `i`, so one case replays alone. Returns the count.
pub fn fuzz<I: Debug>(
    name: &str,
    per_base: f64,
    gen: impl Fn(&mut SplitMix64) -> I,
    check: impl Fn(&I),
) -> u64 {
    let seed = env_u64("FLEETLAB_FUZZ_SEED").unwrap_or(DEFAULT_SEED);
    let count = ((base_cases() as f64 * per_base).round() as u64).max(1);
    let cases = match env_u64("FLEETLAB_FUZZ_CASE") {
        Some(i) => i..i + 1,
        None => 0..count,
    };
    let salt = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    });
    let start = Instant::now();
    let mut ran = 0;
    for i in cases {
        let mut rng = SplitMix64::new(hash64(seed ^ salt).wrapping_add(hash64(i)));
        let input = match catch_unwind(AssertUnwindSafe(|| gen(&mut rng))) {
            Ok(input) => input,
            Err(e) => {
                eprintln!("fuzz {name}: the generator panicked at seed {seed} case {i}");
                resume_unwind(e)
            }
        };
        if let Err(e) = catch_unwind(AssertUnwindSafe(|| check(&input))) {
            eprintln!(
                "fuzz {name}: FAILED at seed {seed} case {i}\n  input: {}\n  replay: \
                 FLEETLAB_FUZZ_SEED={seed} FLEETLAB_FUZZ_CASE={i} cargo test --test fuzz {name} -- --nocapture",
                shown(&input)
            );
            resume_unwind(e)
        }
        ran += 1;
    }
    eprintln!(
        "fuzz {name}: {ran} inputs, seed {seed}, {:.1} s, no failure",
        start.elapsed().as_secs_f64()
    );
    ran
}

/// An input's debug form, cut in the middle when long.
fn shown<I: Debug>(input: &I) -> String {
    let s = format!("{input:?}");
    let chars: Vec<char> = s.chars().collect();
    if chars.len() <= 4000 {
        return s;
    }
    let head: String = chars[..2000].iter().collect();
    let tail: String = chars[chars.len() - 500..].iter().collect();
    format!("{head} …[{} chars]… {tail}", chars.len())
}

/// Text that a property says must stay short, shown short in its message.
pub fn clip(s: &str) -> String {
    if s.chars().count() <= 200 {
        s.to_string()
    } else {
        let head: String = s.chars().take(200).collect();
        format!("{head}…[{} chars]", s.chars().count())
    }
}

// ---- shared generators ----

/// `true` with probability `p`.
pub fn chance(rng: &mut SplitMix64, p: f64) -> bool {
    rng.next_unit() < p
}

pub fn pick<'a, T>(rng: &mut SplitMix64, xs: &'a [T]) -> &'a T {
    &xs[rng.below(xs.len() as u64) as usize]
}

/// Characters that have broken parsers before: separators, signs, unit
/// marks, unicode minus and spaces, other scripts' digits, direction marks,
/// NUL, a byte-order mark, combining marks, an emoji.
pub const ODD_CHARS: &[char] = &[
    '0', '1', '5', '9', ',', '.', '_', 'e', 'E', '-', '+', '$', '%', ' ', '\u{a0}', '\u{2009}',
    '\u{202f}', '\u{2212}', '\u{2013}', '\u{200e}', '\u{200f}', '\u{202e}', '\u{feff}', '\0', '\t',
    '\n', '\r', '٣', '５', '½', '⅓', '²', 'k', 'K', 'M', 'B', 'T', '/', '×', '≈', '~', '∞', 'é',
    '😀', '\u{301}', '&', '=', '?', '#', '"', '\\', '{', '}', '[', ']', ':', '\u{fffd}',
];

/// Words that have broken parsers before.
pub const ODD_WORDS: &[&str] = &[
    "e308",
    "e-308",
    "e-324",
    "e-400",
    "1e999",
    "NaN",
    "nan",
    "inf",
    "-inf",
    "Infinity",
    "∞",
    "0x1F",
    "1__0",
    "1,00",
    "1_000",
    "12,288",
    ".5",
    "5.",
    "--",
    "++",
    "%",
    "%25",
    "%2",
    "%zz",
    "%FF",
    "%C0%AF",
    "%ED%A0%80",
    "+",
    "&",
    "=",
    "==",
    "null",
    "true",
    "[]",
    "{}",
    "\"",
    "MB",
    "GB",
    "ms",
    "s",
    "h",
    "$",
    "$/h",
    "/day",
    "per year",
    "points",
    "×",
    "tok/s",
    "T tokens",
    "cards",
    "k",
    "M",
    "B",
    "T",
    "9007199254740993",
    "18446744073709551616",
    "00000000000000001",
    "0.1e1",
    "1e+",
    "e",
    "E5",
    "-0",
    "+-1",
    "1/2",
    "3 1/2",
    "½",
];

/// A random scalar value: mostly small, sometimes anywhere in Unicode.
pub fn any_char(rng: &mut SplitMix64) -> char {
    match rng.below(4) {
        0 => (0x20 + rng.below(0x5f) as u8) as char,
        1 => char::from_u32(rng.below(0x800) as u32).unwrap_or('\u{fffd}'),
        2 => char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('\u{fffd}'),
        _ => *pick(rng, ODD_CHARS),
    }
}

/// `s` with up to `ops` random edits: odd characters and words inserted,
/// ranges deleted or duplicated, characters replaced, swapped or recased,
/// the end cut.
pub fn mutate(s: &str, ops: u64, rng: &mut SplitMix64) -> String {
    let mut c: Vec<char> = s.chars().collect();
    for _ in 0..rng.below(ops + 1) {
        let at = rng.below(c.len() as u64 + 1) as usize;
        match rng.below(9) {
            0 => c.insert(at, *pick(rng, ODD_CHARS)),
            1 => c.insert(at, any_char(rng)),
            2 => {
                let w: Vec<char> = pick(rng, ODD_WORDS).chars().collect();
                c.splice(at..at, w);
            }
            3 if at < c.len() => {
                let end = (at + 1 + rng.below(4) as usize).min(c.len());
                c.drain(at..end);
            }
            4 if at < c.len() => {
                let end = (at + 1 + rng.below(6) as usize).min(c.len());
                let dup: Vec<char> = c[at..end].to_vec();
                c.splice(at..at, dup);
            }
            5 if at < c.len() => c[at] = any_char(rng),
            6 if c.len() >= 2 => {
                let j = rng.below(c.len() as u64) as usize;
                let i = at.min(c.len() - 1);
                c.swap(i, j);
            }
            7 if at < c.len() => {
                let up: Vec<char> = if c[at].is_lowercase() {
                    c[at].to_uppercase().collect()
                } else {
                    c[at].to_lowercase().collect()
                };
                c.splice(at..at + 1, up);
            }
            _ => c.truncate(at),
        }
    }
    c.into_iter().collect()
}

/// Text far longer than anyone types: 10k characters mostly, 1 MB rarely.
pub fn long_text(rng: &mut SplitMix64, seed: &str) -> String {
    let len = if chance(rng, 0.1) { 1 << 20 } else { 10_000 };
    let unit = if seed.is_empty() { "9" } else { seed };
    let mut s = match rng.below(3) {
        0 => unit.repeat(len / unit.len().max(1) + 1),
        1 => "9".repeat(len),
        _ => (0..len / 4).map(|_| any_char(rng)).collect(),
    };
    let mut cut = s.len().min(len);
    while !s.is_char_boundary(cut) {
        cut -= 1;
    }
    s.truncate(cut);
    s
}

/// A float from everywhere: the corners (zeros, subnormals, the largest
/// values, infinities, NaN, the edges of exact integers), any bit pattern,
/// any decade, everyday sizes.
pub fn wild_f64(rng: &mut SplitMix64) -> f64 {
    const CORNERS: &[f64] = &[
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        f64::MIN_POSITIVE,
        5e-324,
        -5e-324,
        1e-310,
        f64::MAX,
        f64::MIN,
        1e308,
        -1e308,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        9_007_199_254_740_992.0,
        9_007_199_254_740_993.0,
        18_446_744_073_709_551_616.0,
        1e15,
        1e16,
        1e-9,
        0.1,
        0.3,
        2.5,
        999.999,
        1e21,
        1e23,
    ];
    match rng.below(6) {
        0 => *pick(rng, CORNERS),
        1 => f64::from_bits(rng.next_u64()),
        2 => {
            let m = rng.next_unit() * 10.0;
            let e = rng.below(660) as i32 - 330;
            let v = m * 10f64.powi(e);
            if chance(rng, 0.5) {
                -v
            } else {
                v
            }
        }
        3 => rng.below(100_000) as f64 - 1000.0,
        4 => (rng.next_unit() - 0.3) * 2e6,
        _ => rng.below(1000) as f64 / 100.0,
    }
}

/// A number written the ways people and programs write it: shortest,
/// scientific, fixed decimals, grouped by `,` or `_`, signed, with its
/// leading zero or trailing digits dropped.
pub fn number_text(v: f64, rng: &mut SplitMix64) -> String {
    let s = match rng.below(9) {
        0 | 1 => format!("{v}"),
        2 => format!("{v:e}"),
        3 => format!("{v:E}"),
        4 => format!("{v:.*}", rng.below(8) as usize),
        5 => grouped(&format!("{v:.*}", rng.below(4) as usize), ','),
        6 => grouped(&format!("{v}"), '_'),
        7 => format!("{v}").replacen("0.", ".", 1),
        _ => format!("{}", v.trunc()) + ".",
    };
    match rng.below(8) {
        0 => format!("+{s}"),
        1 => s.replacen('-', "\u{2212}", 1),
        2 => format!(" {s}\t"),
        _ => s,
    }
}

/// `text` with its integer digits grouped in threes by `sep`.
pub fn grouped(text: &str, sep: char) -> String {
    let (sign, rest) = match text.strip_prefix('-') {
        Some(r) => ("-", r),
        None => ("", text),
    };
    let end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let (int, tail) = rest.split_at(end);
    let mut out = String::new();
    for (i, ch) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(sep);
        }
        out.push(ch);
    }
    format!("{sign}{out}{tail}")
}
