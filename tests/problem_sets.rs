//! `fleetlab problem-set` for a class, as a lecturer uses it: classes of
//! 30, 100 and 300 get no question twice (the same template with the same
//! text), for every topic and for each topic alone; no key is a guess (a
//! small whole number, 0 to 3) and none is shared by more than one student
//! in ten; the set is the same under its seed, the same for a reordered
//! roster, and a student more moves few others' questions; a template with
//! too few variants for the class is named, not repeated silently.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::process::{Command, Output};

fn fleetlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(args)
        .output()
        .expect("run fleetlab")
}

/// A set's CSV (and its stderr), from a command that succeeds.
fn set(args: &[&str]) -> (Vec<Row>, String) {
    let out = fleetlab(args);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{args:?}: {err}");
    (rows(&String::from_utf8(out.stdout).unwrap()), err)
}

/// One row of the CSV: a student's problem.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    student: String,
    topic: String,
    template: String,
    seed: String,
    question: String,
    answer: f64,
    answer_text: String,
}

/// The CSV's rows (RFC 4180: quoted cells, doubled quotes), by the header.
fn rows(text: &str) -> Vec<Row> {
    let mut records: Vec<Vec<String>> = vec![vec![String::new()]];
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let record = records.last_mut().unwrap();
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                record.last_mut().unwrap().push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => record.push(String::new()),
            ('\r', false) => {}
            ('\n', false) => records.push(vec![String::new()]),
            (c, _) => record.last_mut().unwrap().push(c),
        }
    }
    records.retain(|r| r.len() > 1);
    let header = records.remove(0);
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("a {name} column"))
    };
    let c = [
        "student",
        "topic",
        "template",
        "seed",
        "question",
        "answer",
        "answer_text",
    ]
    .map(col);
    records
        .iter()
        .map(|r| Row {
            student: r[c[0]].clone(),
            topic: r[c[1]].clone(),
            template: r[c[2]].clone(),
            seed: r[c[3]].clone(),
            question: r[c[4]].clone(),
            answer: r[c[5]].parse().expect("a number"),
            answer_text: r[c[6]].clone(),
        })
        .collect()
}

/// The rows of each template, by topic and template.
fn by_template(rows: &[Row]) -> BTreeMap<(String, String), Vec<&Row>> {
    let mut out: BTreeMap<_, Vec<_>> = BTreeMap::new();
    for r in rows {
        out.entry((r.topic.clone(), r.template.clone()))
            .or_default()
            .push(r);
    }
    out
}

/// A key a learner could guess: a small whole number. A set's members
/// ("c3 (1)") are no number.
fn guessable(r: &Row) -> bool {
    !r.answer_text.ends_with(')') && r.answer.fract() == 0.0 && r.answer.abs() <= 3.0
}

/// Every template of a class of `n`: `n` different questions, no key a
/// guess, no key for more than one student in ten.
#[track_caller]
fn check_class(rows: &[Row], n: usize, what: &str) {
    let groups = by_template(rows);
    assert!(!groups.is_empty(), "{what}: no problem");
    let mut faults = Vec::new();
    for ((topic, template), rs) in &groups {
        let at = format!("{what}: {topic} {template}");
        if rs.len() != n {
            faults.push(format!("{at}: {} rows for {n} students", rs.len()));
        }
        let texts: HashSet<&str> = rs.iter().map(|r| r.question.as_str()).collect();
        if texts.len() != rs.len() {
            faults.push(format!(
                "{at}: {} different questions for {} students",
                texts.len(),
                rs.len()
            ));
        }
        let mut keys: HashMap<&str, usize> = HashMap::new();
        for r in rs {
            *keys.entry(r.answer_text.as_str()).or_default() += 1;
        }
        let (key, most) = keys.iter().max_by_key(|(_, c)| **c).unwrap();
        if *most > n.div_ceil(10) {
            faults.push(format!("{at}: the key {key} for {most} of {n} students"));
        }
        let small = rs.iter().filter(|r| guessable(r)).count();
        if small > 0 {
            faults.push(format!("{at}: {small} keys are 0 to 3"));
        }
    }
    assert!(faults.is_empty(), "\n{}", faults.join("\n"));
}

#[test]
fn classes_of_30_100_and_300_share_no_question_and_no_guessable_key() {
    for seed in ["1", "7"] {
        for n in [30usize, 100, 300] {
            let students = n.to_string();
            let (rows, err) = set(&[
                "problem-set",
                "--seed",
                seed,
                "--students",
                &students,
                "--format",
                "csv",
            ]);
            assert!(err.is_empty(), "seed {seed}, {n} students: {err}");
            check_class(&rows, n, &format!("seed {seed}, {n} students"));
        }
    }
}

/// Each topic's set alone (its problems numbered from 1, so drawn from
/// other seeds than in the whole set) holds too.
#[test]
fn each_topic_alone_for_300_students() {
    for t in fleetlab::topics::all() {
        if fleetlab::challenge::templates(t).is_empty() {
            continue;
        }
        let (rows, err) = set(&[
            "problem-set",
            "--seed",
            "3",
            "--students",
            "300",
            "--topics",
            t.id(),
            "--format",
            "csv",
        ]);
        assert!(err.is_empty(), "{}: {err}", t.id());
        check_class(&rows, 300, t.id());
    }
}

/// The same seed, the same set, in every format; another seed, another.
#[test]
fn a_class_set_is_the_same_under_its_seed() {
    for format in ["csv", "md", "moodle-xml"] {
        let args = |seed| {
            fleetlab(&[
                "problem-set",
                "--seed",
                seed,
                "--students",
                "100",
                "--format",
                format,
            ])
            .stdout
        };
        assert_eq!(args("11"), args("11"), "{format}");
        assert_ne!(args("11"), args("12"), "{format}");
    }
}

/// A roster in another order gives every student the same sheet; a student
/// more changes nothing of most others' sheets (only questions that would
/// now repeat the newcomer's, or pass the one-in-ten share of a key).
#[test]
fn a_roster_reordered_or_grown_keeps_the_sheets() {
    let dir = std::env::temp_dir().join(format!("fleetlab-sets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let names: Vec<String> = (1..=120).map(|i| format!("Learner {i:03}")).collect();
    let sheets = |file: &str, names: &[String]| {
        let path = dir.join(file);
        std::fs::write(&path, format!("name\n{}\n", names.join("\n"))).unwrap();
        let (rows, err) = set(&[
            "problem-set",
            "--seed",
            "5",
            "--roster",
            path.to_str().unwrap(),
            "--format",
            "csv",
        ]);
        assert!(err.is_empty(), "{err}");
        let mut by: HashMap<String, Vec<Row>> = HashMap::new();
        for r in rows {
            by.entry(r.student.clone()).or_default().push(r);
        }
        by
    };
    let first = sheets("a.csv", &names);
    check_class(
        &first.values().flatten().cloned().collect::<Vec<_>>(),
        120,
        "roster",
    );
    let mut reversed = names.clone();
    reversed.reverse();
    assert_eq!(first, sheets("b.csv", &reversed), "a reordered roster");
    let mut more = names.clone();
    more.insert(40, "Newcomer".to_string());
    let grown = sheets("c.csv", &more);
    let problems = first.values().next().unwrap().len();
    let changed: usize = names
        .iter()
        .map(|n| {
            first[n]
                .iter()
                .zip(&grown[n])
                .filter(|(a, b)| a.seed != b.seed)
                .count()
        })
        .sum();
    assert!(
        changed <= problems,
        "a student more changed {changed} of {} questions",
        names.len() * problems
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A class larger than a template's variants: the set is still written,
/// and says which template repeats questions, on stderr and in the set.
#[test]
fn too_few_variants_are_named_not_repeated_silently() {
    let args = [
        "problem-set",
        "--seed",
        "2",
        "--students",
        "2000",
        "--topics",
        "consistent-hashing",
    ];
    let (rows, err) = set(&[&args[..], &["--format", "csv"]].concat());
    let groups = by_template(&rows);
    for ((topic, template), rs) in &groups {
        let texts: HashSet<&str> = rs.iter().map(|r| r.question.as_str()).collect();
        let named = err.contains(&format!("{topic} {template} has only {}", texts.len()));
        assert_eq!(
            texts.len() < rs.len(),
            named,
            "{topic} {template}: {} questions for {} students; stderr: {err}",
            texts.len(),
            rs.len()
        );
    }
    assert!(
        err.contains("different questions for 2000 students"),
        "{err}"
    );
    let md = fleetlab(&[&args[..], &["--format", "md"]].concat());
    let md = String::from_utf8(md.stdout).unwrap();
    assert!(
        md.starts_with("> **Note:** consistent-hashing"),
        "{}",
        &md[..200]
    );
}

/// A graded set leaves out each question's link (a page with the
/// question's values shows its key), in every format; the CSV's answers
/// carry no float noise.
#[test]
fn a_graded_set_links_no_page_and_writes_plain_keys() {
    let base = ["problem-set", "--seed", "2026", "--students", "30"];
    for format in ["md", "html", "moodle-xml", "csv"] {
        let text = |extra: &[&str]| {
            let out = fleetlab(&[&base[..], &["--format", format], extra].concat());
            assert!(out.status.success());
            String::from_utf8(out.stdout).unwrap()
        };
        assert!(
            text(&[]).contains("index.html?"),
            "{format}: linked by default"
        );
        assert!(
            !text(&["--no-links"]).contains("index.html?"),
            "{format}: --no-links"
        );
    }
    let out = fleetlab(&[&base[..], &["--format", "csv"]].concat());
    let (rows, _) = (rows(&String::from_utf8(out.stdout).unwrap()), ());
    for r in &rows {
        let digits = format!("{}", r.answer).replace(['.', '-'], "");
        assert!(
            digits.trim_start_matches('0').len() <= 12,
            "{}: {}",
            r.seed,
            r.answer
        );
    }
}
