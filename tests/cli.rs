//! The `fleetlab` command line: its JSON contract (docs/contract.md) and
//! its answers to bad input (a clear line on stderr, exit status 2, no panic).

use std::process::{Command, Output};

/// Runs `fleetlab` with a command line as a shell would split it (on white
/// space: no argument here holds a space).
fn fleetlab(line: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(line.split_whitespace())
        .output()
        .expect("run fleetlab")
}

/// What a command that succeeds prints.
fn stdout(line: &str) -> String {
    let out = fleetlab(line);
    assert!(
        out.status.success(),
        "{line}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn json(line: &str) -> serde_json::Value {
    let out = fleetlab(line);
    assert!(
        out.status.success(),
        "{line}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

fn refused(line: &str, says: &str) {
    let out = fleetlab(line);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{line} should be refused: {err}"
    );
    assert!(
        err.contains(says),
        "{line}: stderr '{err}' should contain '{says}'"
    );
    assert!(!err.contains("panicked"), "{line} panicked");
}

#[test]
fn run_json_has_the_contract_shape() {
    let v = json("run consistent-hashing --preset modulo-doubling --json");
    assert_eq!(v["topic"], "consistent-hashing");
    assert_eq!(v["preset"], "modulo-doubling");
    assert_eq!(v["fix"], false);
    assert_eq!(v["params"]["scheme"], "modulo");
    assert_eq!(v["params"]["cards_after"], 128);
    assert_eq!(v["figures"]["modulo_remap_share"], 0.5);
    assert_eq!(v["figures"]["copy_mb"], 384);
    let checks = v["checks"].as_array().unwrap();
    assert!(!checks.is_empty());
    for c in checks {
        for key in ["id", "pass", "value", "threshold", "why"] {
            assert!(c.get(key).is_some(), "check lacks {key}: {c}");
        }
    }
}

#[test]
fn issue_two_figures() {
    let plus_one = json("run consistent-hashing --preset modulo-plus-one --json");
    let share = plus_one["figures"]["modulo_remap_share"].as_f64().unwrap();
    assert!((share - 64.0 / 65.0).abs() < 1e-12);
    let ring = json("run consistent-hashing --preset ring-plus-one --json");
    let expected = ring["figures"]["expected_move_share"].as_f64().unwrap();
    assert!((expected - 1.0 / 65.0).abs() < 1e-12);
}

#[test]
fn set_and_fix_apply_in_order() {
    let v =
        json("run consistent-hashing --preset modulo-plus-one --fix --set cards_after=70 --json");
    assert_eq!(v["fix"], true);
    assert_eq!(v["params"]["scheme"], "jump");
    assert_eq!(v["params"]["cards_after"], 70);
}

#[test]
fn figures_json_lists_every_preset_and_fix() {
    let v = json("figures --json");
    let runs = v.as_array().unwrap();
    for t in fleetlab::topics::all() {
        for p in t.presets() {
            let n = runs
                .iter()
                .filter(|r| r["topic"] == t.id() && r["preset"] == p.id)
                .count();
            assert_eq!(
                n,
                if p.fix.is_some() { 2 } else { 1 },
                "{} / {}",
                t.id(),
                p.id
            );
        }
    }
}

#[test]
fn topics_lists_all_nine() {
    let v = json("topics --json");
    assert_eq!(v.as_array().unwrap().len(), 9);
    // The words under each title, as the page shows them (and as the build
    // writes them into index.html for the page's first paint).
    for (row, e) in v
        .as_array()
        .unwrap()
        .iter()
        .zip(fleetlab::topics::CATALOG.iter())
    {
        let t = e.topic().unwrap();
        assert_eq!(row["id"], e.id());
        assert_eq!(row["question"], t.question(), "{}", e.id());
        assert_eq!(row["source"], t.source(), "{}", e.id());
        assert_eq!(row["first_model"], t.about().base.label(), "{}", e.id());
        // The guided start's offer, the head's last part: its length counted
        // from the topic's own steps.
        let steps = fleetlab::topics::intro(e.id()).unwrap().steps.len();
        assert!(steps >= 3, "{}", e.id());
        assert_eq!(row["guided_start"]["button"], "Guided start", "{}", e.id());
        assert_eq!(
            row["guided_start"]["note"],
            format!("{steps} steps at toy scale, then the full page."),
            "{}",
            e.id()
        );
        assert!(
            !t.question().is_empty() && !t.source().is_empty(),
            "{}",
            e.id()
        );
    }
    let text = String::from_utf8(fleetlab("topics").stdout).unwrap();
    assert!(text.contains("consistent-hashing") && text.contains("modulo-doubling"));
}

#[test]
fn bad_input_is_refused_clearly() {
    refused("run no-such-topic", "unknown topic 'no-such-topic'");
    for (args, says) in [
        ("--preset nope", "unknown preset 'nope'"),
        ("--set warp=9", "unknown parameter 'warp'"),
        ("--set cards_after=0", "out of range"),
        ("--set cards_after=1e9", "out of range"),
        ("--set cards_after=12.5", "not a whole number"),
        ("--set cards_after=many", "not a number"),
        ("--set cards_after=NaN", "not a number"),
        (
            "--set scheme=magic",
            "not one of modulo, ring, jump, rendezvous",
        ),
        ("--set scheme", "NAME=VALUE"),
        ("--preset modulo-doubling --fix", "has no fix"),
    ] {
        refused(&format!("run consistent-hashing {args}"), says);
    }
    // clap's own usage errors also exit 2.
    let out = fleetlab("run consistent-hashing --fix");
    assert_eq!(out.status.code(), Some(2));
    let out = fleetlab("frobnicate");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn text_output_reads_as_a_report() {
    let out = fleetlab("run consistent-hashing --preset modulo-doubling --tables");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(text.contains("Erratum"));
    assert!(text.contains("PASS") || text.contains("FAIL"));
    assert!(text.contains("12,288 MB"));
}

#[test]
fn challenge_key_json_has_the_contract_shape() {
    let v = json("challenge consistent-hashing C1 --seed 42 --key --json");
    for key in [
        "topic",
        "template",
        "seed",
        "question",
        "params",
        "answer",
        "unit",
        "tolerance",
    ] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["tolerance"]["kind"], "abs");
    assert!(v["tolerance"]["value"].is_number());
    // Without --key the answer stays hidden.
    let v = json("challenge consistent-hashing C1 --seed 42 --json");
    assert!(v.get("answer").is_none() && v.get("solution").is_none());
}

#[test]
fn grade_answers_with_a_verdict_and_exit_zero() {
    let key = json("challenge consistent-hashing C3 --seed 9 --key --json");
    let answer = format!("{}%", key["answer"].as_f64().unwrap() * 100.0);
    let v = json(&format!(
        "grade consistent-hashing C3 --seed 9 --answer {answer} --json"
    ));
    assert_eq!(v["verdict"], "correct");
    assert_eq!(v["correct"], true);
    let v = json("grade consistent-hashing C3 --seed 9 --answer banana --json");
    assert_eq!(v["verdict"], "unreadable");
    assert!(v["parsed"].is_null());
    let v = json("grade consistent-hashing C3 --seed 9 --answer 99% --json");
    assert_eq!(v["verdict"], "wrong");
    refused(
        "grade consistent-hashing C7 --seed 9 --answer 1",
        "no challenge 'C7'",
    );
    refused("challenge consistent-hashing C1 --seed -4", "");
}

#[test]
fn problem_set_prints_problems_then_a_key() {
    for format in ["md", "html"] {
        let out = fleetlab(&format!(
            "problem-set --seed 5 --topics consistent-hashing --format {format}"
        ));
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let key = text.find("Answer key").expect("an answer key");
        assert!(text[..key].contains("resizes from"), "problems come first");
        assert!(text[key..].contains("--seed"), "each answer names its seed");
    }
    // The same seed, the same set.
    let a = fleetlab("problem-set --seed 5").stdout;
    let b = fleetlab("problem-set --seed 5").stdout;
    assert_eq!(a, b);
    refused("problem-set --seed 5 --topics nope", "unknown topic 'nope'");
}

/// An error quotes the value as it was typed, never a rounded or expanded
/// version of it, and odd spellings of numbers are refused, not guessed.
#[test]
fn errors_quote_the_input_as_typed() {
    let check =
        |v: &str, says: &str| refused(&format!("run tiers-and-rate-limits --set {v}"), says);
    check(
        "prov_cards=0.0000000000000001",
        "prov_cards: 0.0000000000000001 is not a whole number",
    );
    check("prov_cards=1e308", "prov_cards: 1e308 is out of range");
    check("prov_cards=1__0", "'1__0' is not a number");
    check("service_ms=1e-400", "'1e-400' is not a number");
    check("prov_cards=inf", "'inf' is not a number");
    // Grouped thousands are read.
    let v = json("run tiers-and-rate-limits --set bucket_capacity=3,000 --json");
    assert_eq!(v["params"]["bucket_capacity"], 3000.0);
}

/// A negative answer needs no `=`; a reader that closes the pipe early is
/// no error and no panic.
#[test]
fn the_shell_is_no_obstacle() {
    let out = fleetlab("grade warm-pool C1 --seed 3 --answer -5");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(["figures", "--json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run fleetlab");
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // stdout is dropped here: the rest of the output meets a closed pipe.
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.status.success(), "{err}");
}

/// docs/contract.md lists every topic, story and parameter the model has.
#[test]
fn the_contract_page_lists_every_name() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/contract.md"))
        .expect("docs/contract.md");
    for t in fleetlab::topics::all() {
        let row = page
            .lines()
            .find(|l| l.starts_with(&format!("| `{}` |", t.id())))
            .unwrap_or_else(|| panic!("docs/contract.md has no row for {}", t.id()));
        let stories = t.presets().iter().map(|p| ("story", p.id));
        let params = t.params().iter().map(|spec| ("parameter", spec.name));
        for (what, name) in stories.chain(params) {
            let id = t.id();
            assert!(row.contains(&format!("`{name}`")), "{id}: {what} {name}");
        }
    }
}

/// Runs `fleetlab` with arguments as given (they may hold spaces).
fn fleetlab_args(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(args)
        .output()
        .expect("run fleetlab")
}

/// Units as people mean them: an amount over another period converts, and
/// one of another dimension is unreadable with what was expected.
#[test]
fn grades_read_units_as_people_mean_them() {
    // Warm-pool C1 from seed 7676, graded as a line or as JSON.
    let run = |answer: &str, json: bool| {
        let mut args = vec![
            "grade",
            "warm-pool",
            "C1",
            "--seed",
            "7676",
            "--answer",
            answer,
        ];
        if json {
            args.push("--json");
        }
        let out = fleetlab_args(&args);
        assert!(out.status.success());
        out.stdout
    };
    let grade =
        |answer: &str| serde_json::from_slice::<serde_json::Value>(&run(answer, true)).unwrap();
    // Seed 7676: one replica at $4.50/h, $39,420 a year, $108 a day.
    for (answer, verdict) in [
        ("$108/day", "correct"),
        ("$3,285 per month", "correct"),
        ("39 420", "correct"),
        ("$39,420/month", "wrong"),
        ("$39,420 per month", "wrong"),
        ("$8,760/month", "wrong"),
        ("$108", "wrong"),
    ] {
        let v = grade(answer);
        assert_eq!(v["verdict"], verdict, "{answer}: {v}");
    }
    let v = grade("$2.50 per 1M tokens");
    assert_eq!(v["verdict"], "unreadable");
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .starts_with("Expected $/year"),
        "{v}"
    );
    // A day's rent where a year's is asked: its own feedback.
    let v = grade("$108");
    assert_eq!(v["misconception"], "a day's rent for a year's");
    let text = run("$108/day", false);
    assert!(String::from_utf8_lossy(&text).starts_with("correct: "));
}

/// A bare share of 1 or less whose two readings grade differently, both
/// plausible, is asked about: `ambiguous`, with both readings.
#[test]
fn an_ambiguous_share_is_asked_about() {
    // Load-balancing C1 on 100 cards: 1 % each; "1" is 1 % or 100 %, and
    // 100 % is the "one card takes the whole family" slip.
    let seed = (0..5000)
        .find(|s| {
            json(&format!("challenge load-balancing C1 --seed {s} --json"))["params"]["n"] == 100
        })
        .expect("a draw of 100 cards");
    let line = |a: &str| format!("grade load-balancing C1 --seed {seed} --answer {a} --json");
    let v = json(&line("1"));
    assert_eq!(v["verdict"], "ambiguous", "{v}");
    assert_eq!(v["readings"], serde_json::json!([1.0, 0.01]));
    assert!(v["parsed"].is_null());
    assert!(v["message"].as_str().unwrap().contains("1%"), "{v}");
    assert_eq!(json(&line("1%"))["verdict"], "correct");
    assert_eq!(json(&line("100%"))["verdict"], "wrong");
    let out = fleetlab(&format!("grade load-balancing C1 --seed {seed} --answer 1"));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("ambiguous: "));
}

/// A class: a sheet per student from a seed each, one key table, and
/// Moodle XML with N variants per question and their answers.
#[test]
fn problem_sets_for_a_class() {
    let text = stdout("problem-set --seed 7 --students 30 --format moodle-xml");
    let doc = roxmltree::Document::parse(&text).expect("the XML parses");
    let quiz = doc.root_element();
    assert_eq!(quiz.tag_name().name(), "quiz");
    let questions: Vec<_> = quiz
        .children()
        .filter(|n| n.has_tag_name("question"))
        .collect();
    let categories = questions
        .iter()
        .filter(|q| q.attribute("type") == Some("category"))
        .count();
    let numerical: Vec<_> = questions
        .iter()
        .filter(|q| q.attribute("type") == Some("numerical"))
        .collect();
    // Every template of the 9 topics, each with 30 variants.
    let templates: usize = fleetlab::topics::all()
        .map(|t| fleetlab::challenge::templates(t).len())
        .sum();
    assert!(templates >= 27);
    assert_eq!(categories, templates);
    assert_eq!(numerical.len(), templates * 30);
    fn child<'a, 'i>(n: &roxmltree::Node<'a, 'i>, tag: &str) -> roxmltree::Node<'a, 'i> {
        n.children()
            .find(|c| c.has_tag_name(tag))
            .unwrap_or_else(|| panic!("<{tag}>"))
    }
    let text_of = |n: roxmltree::Node| child(&n, "text").text().unwrap_or("").to_string();
    let mut seeds = std::collections::BTreeSet::new();
    for q in &numerical {
        let answers: Vec<_> = q.children().filter(|c| c.has_tag_name("answer")).collect();
        let right = answers
            .iter()
            .find(|a| a.attribute("fraction") == Some("100"))
            .expect("a right answer");
        let value: f64 = text_of(*right).parse().expect("a number");
        assert!(value.is_finite());
        let tol: f64 = child(right, "tolerance").text().unwrap().parse().unwrap();
        assert!(tol >= 0.0);
        assert!(text_of(child(q, "questiontext")).contains("challenge_seed="));
        seeds.insert(text_of(child(q, "name")));
    }
    assert_eq!(seeds.len(), numerical.len(), "every variant is its own");

    // The same class as CSV: a row per student and problem, and rosters.
    let csv = stdout("problem-set --seed 7 --students 3 --format csv --topics warm-pool");
    let warm = fleetlab::challenge::templates(fleetlab::topics::find("warm-pool").unwrap()).len();
    assert_eq!(csv.lines().count(), 1 + 3 * warm);
    let dir = std::env::temp_dir().join(format!("fleetlab-roster-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let roster = dir.join("class.csv");
    std::fs::write(&roster, "id,name\n17,Ada Lovelace\n23,\"Hopper, Grace\"\n").unwrap();
    let path = roster.to_str().unwrap();
    let md = |extra: &[&str]| {
        let mut args = vec![
            "problem-set",
            "--seed",
            "7",
            "--topics",
            "warm-pool",
            "--roster",
            path,
        ];
        args.extend(extra);
        String::from_utf8(fleetlab_args(&args).stdout).unwrap()
    };
    let sheet = md(&[]);
    assert!(sheet.contains("Ada Lovelace") && sheet.contains("Hopper, Grace"));
    assert!(sheet.contains("| student |"), "one answer-key table");
    assert!(
        sheet.contains("index.html?topic=warm-pool"),
        "links to the page"
    );
    // A student's sheet depends on their id only.
    std::fs::write(&roster, "id,name\n23,\"Hopper, Grace\"\n99,New Student\n").unwrap();
    let again = md(&[]);
    let grace = |s: &str| {
        s[s.find("Hopper, Grace").unwrap()..]
            .lines()
            .nth(2)
            .map(String::from)
    };
    assert_eq!(grace(&sheet), grace(&again));
    std::fs::remove_dir_all(&dir).ok();
    refused("problem-set --seed 7 --students 0", "--students takes 1 to");
    refused(
        "problem-set --seed 7 --roster /nonexistent.csv",
        "cannot read the roster",
    );
}

#[test]
fn challenge_asks_about_a_links_page() {
    let q = json("challenge consistent-hashing C1 --seed 7 --json --page preset=modulo-plus-one");
    let text = q["question"].as_str().unwrap();
    assert!(text.contains("from 64 to 65 cards"), "{text}");
    assert_eq!(q["params"]["n1"], 65);
    refused(
        "challenge consistent-hashing C1 --seed 7 --page cards_after=99999",
        "above the maximum",
    );
}

/// `--model production` runs closer to production where a topic has a
/// production model, and says so in its JSON; the seed card's run has no
/// `model` key; a topic without a production model, or a wrong word, is
/// refused.
#[test]
fn the_model_flag_runs_closer_to_production() {
    let seed = json("run tiers-and-rate-limits --preset incident --json");
    assert!(seed.get("model").is_none(), "a seed run has no model key");
    assert_eq!(
        seed,
        json("run tiers-and-rate-limits --preset incident --model seed --json")
    );
    let prod = json("run tiers-and-rate-limits --preset incident --model production --json");
    assert_eq!(prod["model"], "production");
    assert_eq!(prod["params"], seed["params"], "the story keeps its values");
    // One queue per pool waits far less than per-card queues (850 ms).
    let (s, p) = (
        seed["figures"]["paid_wait_ms"].as_f64().unwrap(),
        prod["figures"]["paid_wait_ms"].as_f64().unwrap(),
    );
    assert!((s - 850.06).abs() < 0.01 && p < s / 4.0, "{s} {p}");
    let text = stdout("run tiers-and-rate-limits --model production");
    assert!(text.contains("model: Closer to production"), "{text}");
    // Every topic runs closer to production; one without a production
    // model would be refused by name.
    for t in fleetlab::topics::all() {
        let cmd = format!("run {} --model production", t.id());
        if t.about().differences.is_empty() {
            refused(&cmd, &format!("{} has no production model", t.id()));
        } else {
            assert!(
                stdout(&cmd).contains("model: Closer to production"),
                "{cmd}"
            );
        }
    }
    refused(
        "run tiers-and-rate-limits --model prod",
        "--model expects seed or production",
    );
}
