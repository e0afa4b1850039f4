//! `fleetlab problem-set`: numbered problems and an answer key, for one
//! sheet or a class. A class is `--students N` or a roster CSV: each student
//! gets a seed derived from the set's seed and their name (or id), so a
//! roster in another order or with a student more gives everyone else the
//! same sheet, and one sheet each; the key is one table. Formats: Markdown,
//! HTML, Moodle XML (numerical questions with tolerance, units and the
//! misconceptions' feedback; one category per question holding its
//! variants, one per student, for a random question in a quiz) and CSV.
//! Each question links the page state it comes from: the app's address
//! with the topic, the drawn values of the parameters it mirrors, the
//! template and the seed, as `urlstate::encode` writes them.
//!
//! In a class no two students get the same question (the same template with
//! the same text), and the keys are no guess: no key is a small whole
//! number (0 to 3), and no key is shared by more than one student in ten.
//! Problem by problem, the students are taken in the order of their sheet
//! seeds (not the roster's), and each takes the first seed of their own
//! sequence ([`variant_seed`]) whose question no student before them has
//! and whose key keeps those rules; most take the first, as a one-sheet set
//! would. So a reordered roster gives everyone the same sheet, and a student
//! added (or removed) changes only problems of students after them in that
//! order whose question would now repeat theirs (or whose key would pass the
//! one-in-ten share): none or a few. Where a template has too few variants
//! for the class, the set says so (on stderr and in the set) rather than
//! repeat a question silently.

use super::problem::{html_escape, page_link, SheetView};
use super::{answer_text, find_topic, unit_name, unit_word, Usage};
use crate::challenge::graded::next_seed;
use crate::challenge::{self, Question};
use crate::model::{hash64, learner_seed, mix64, Topic};
use crate::topics;
use std::collections::{HashMap, HashSet};

/// A problem set's output format.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Md,
    Html,
    MoodleXml,
    Csv,
}

/// Who the set is for.
pub enum Class {
    /// One sheet for everyone, from the set's seed.
    Everyone,
    /// `--students N`.
    Count(u32),
    /// A roster's text (CSV) and its file name.
    Roster(String, String),
}

/// What `problem-set` was asked for.
pub struct Request {
    pub seed: u64,
    pub topics: Vec<String>,
    pub format: Format,
    pub class: Class,
    /// The app's address for the links (none: `index.html` beside the set).
    pub app_url: Option<String>,
    /// Each question links its page (off for a graded set: a page with the
    /// question's values shows its key).
    pub links: bool,
}

/// One student's sheet: their name, their seed and their questions.
struct Sheet {
    name: String,
    seed: u64,
    problems: Vec<(&'static str, Question)>,
}

/// The most students a set is drawn for.
const MAX_STUDENTS: u32 = 2000;

/// Problem `k` of a set drawn from `seed`: its own question seed.
pub fn problem_seed(seed: u64, k: u64) -> u64 {
    hash64(seed ^ mix64(k + 1)) % 1_000_000_000
}

/// Seed `j` of the sequence a student draws problem `k` from: the problem's
/// own seed first ([`problem_seed`]), then others mixed from it, until the
/// question is one no student before them has.
pub fn variant_seed(seed: u64, k: u64, j: u64) -> u64 {
    match j {
        0 => problem_seed(seed, k),
        j => next_seed(problem_seed(seed, k), (j << 32) | k),
    }
}

/// The seeds a student tries for one problem before the set takes a
/// repeated question (and says so).
const TRIES: u64 = 200;

/// A key a learner could guess: a small whole number (0 to 3). A set's
/// members are no number.
pub fn guessable(q: &Question) -> bool {
    q.detail.is_none() && q.answer.fract() == 0.0 && q.answer.abs() <= 3.0
}

/// A student's seed: the set's seed mixed with their key (name or id), so
/// it depends on nothing else in the roster.
fn student_seed(seed: u64, key: &str) -> u64 {
    learner_seed(seed, key)
}

pub fn problem_set(r: &Request) -> Result<String, Usage> {
    let list = chosen_topics(&r.topics)?;
    let students = students(r)?;
    let class = !matches!(r.class, Class::Everyone);
    let (sheets, notes) = if class {
        draw_class(&list, students)?
    } else {
        let sheets = students
            .into_iter()
            .map(|(name, seed)| {
                Ok(Sheet {
                    problems: draw_sheet(&list, seed)?,
                    name,
                    seed,
                })
            })
            .collect::<Result<Vec<_>, Usage>>()?;
        (sheets, Vec::new())
    };
    for note in &notes {
        eprintln!("fleetlab: {note}");
    }
    let app = r
        .links
        .then(|| r.app_url.as_deref().unwrap_or("index.html"));
    Ok(match r.format {
        Format::Md if !class && r.app_url.is_none() => single_md(r.seed, &sheets[0]),
        Format::Html if !class && r.app_url.is_none() => single_html(r.seed, &sheets[0]),
        Format::Md => class_md(r.seed, &sheets, app, &notes),
        Format::Html => class_html(r.seed, &sheets, app, &notes),
        Format::MoodleXml => super::moodle::quiz(r.seed, &sheets_view(&sheets), app, &notes),
        Format::Csv => csv(&sheets, app),
    })
}

/// The sheets as the Moodle writer reads them: name, seed, problems.
fn sheets_view(sheets: &[Sheet]) -> Vec<SheetView<'_>> {
    sheets
        .iter()
        .map(|s| (s.name.as_str(), s.seed, s.problems.as_slice()))
        .collect()
}

fn chosen_topics(chosen: &[String]) -> Result<Vec<&'static dyn Topic>, Usage> {
    let list: Vec<&'static dyn Topic> = if chosen.is_empty() {
        topics::all()
            .filter(|t| !challenge::templates(*t).is_empty())
            .collect()
    } else {
        chosen
            .iter()
            .map(|id| find_topic(id.trim()))
            .collect::<Result<_, _>>()?
    };
    if let Some(t) = list.iter().find(|t| challenge::templates(**t).is_empty()) {
        return Err(Usage(format!("{} has no challenges yet", t.id())));
    }
    Ok(list)
}

/// Every template of every chosen topic, problem `k` from its own seed.
fn draw_sheet(
    list: &[&'static dyn Topic],
    seed: u64,
) -> Result<Vec<(&'static str, Question)>, Usage> {
    let mut problems = Vec::new();
    for t in list {
        for tpl in challenge::templates(*t) {
            let k = problems.len() as u64;
            let q = topics::question(*t, &tpl.id, problem_seed(seed, k))
                .map_err(|e| Usage(e.to_string()))?;
            problems.push((t.title(), q));
        }
    }
    Ok(problems)
}

/// A class's sheets, problem by problem: each student, in the order of
/// their sheet seeds, takes the first question of their own sequence
/// ([`variant_seed`]) that no student before them has and whose key is no
/// guess ([`guessable`]) and is shared by fewer than one in ten of the
/// students before them (at least one); failing that within [`TRIES`] seeds,
/// the first question no one has; failing that, their first question, and
/// a note says so.
fn draw_class(
    list: &[&'static dyn Topic],
    students: Vec<(String, u64)>,
) -> Result<(Vec<Sheet>, Vec<String>), Usage> {
    let mut sheets: Vec<Sheet> = students
        .into_iter()
        .map(|(name, seed)| Sheet {
            name,
            seed,
            problems: Vec::new(),
        })
        .collect();
    let mut order: Vec<usize> = (0..sheets.len()).collect();
    order.sort_by(|&a, &b| {
        (sheets[a].seed, &sheets[a].name).cmp(&(sheets[b].seed, &sheets[b].name))
    });
    let mut notes = Vec::new();
    let mut k = 0u64;
    for t in list {
        for tpl in challenge::templates(*t) {
            let mut taken = Taken::default();
            let mut drawn: Vec<Option<Question>> = vec![None; sheets.len()];
            for (i, &s) in order.iter().enumerate() {
                drawn[s] = Some(taken.pick(*t, &tpl.id, sheets[s].seed, k, i / 10 + 1)?);
            }
            if taken.repeats > 0 {
                notes.push(format!(
                    "{} {} has only {} different questions for {} students: {} students share theirs with another (too few variants of this template for the class)",
                    t.id(),
                    tpl.id,
                    taken.texts.len(),
                    sheets.len(),
                    taken.repeats
                ));
            }
            for (sheet, q) in sheets.iter_mut().zip(drawn) {
                if let Some(q) = q {
                    sheet.problems.push((t.title(), q));
                }
            }
            k += 1;
        }
    }
    Ok((sheets, notes))
}

/// One problem's questions and keys given so far in a class.
#[derive(Default)]
struct Taken {
    texts: HashSet<String>,
    keys: HashMap<String, usize>,
    repeats: usize,
}

impl Taken {
    /// Problem `k` for the student of sheet seed `seed`, whose key at most
    /// `share` students before them may hold.
    fn pick(
        &mut self,
        t: &'static dyn Topic,
        id: &str,
        seed: u64,
        k: u64,
        share: usize,
    ) -> Result<Question, Usage> {
        let draw =
            |j| topics::question(t, id, variant_seed(seed, k, j)).map_err(|e| Usage(e.to_string()));
        let mut fresh = None;
        for j in 0..TRIES {
            let q = draw(j)?;
            if self.texts.contains(&q.text) {
                continue;
            }
            let key = answer_text(&q);
            if !guessable(&q) && self.keys.get(&key).copied().unwrap_or(0) < share {
                return Ok(self.take(q, key));
            }
            fresh.get_or_insert(q);
        }
        if let Some(q) = fresh {
            let key = answer_text(&q);
            return Ok(self.take(q, key));
        }
        self.repeats += 1;
        draw(0)
    }

    fn take(&mut self, q: Question, key: String) -> Question {
        self.texts.insert(q.text.clone());
        *self.keys.entry(key).or_default() += 1;
        q
    }
}

/// The class's students, each with their seed.
fn students(r: &Request) -> Result<Vec<(String, u64)>, Usage> {
    match &r.class {
        Class::Everyone => Ok(vec![("everyone".to_string(), r.seed)]),
        Class::Count(n) => {
            if *n == 0 || *n > MAX_STUDENTS {
                return Err(Usage(format!(
                    "--students takes 1 to {MAX_STUDENTS}, got {n}"
                )));
            }
            let width = n.to_string().len();
            Ok((1..=*n)
                .map(|i| {
                    let name = format!("Student {i:0width$}");
                    let seed = student_seed(r.seed, &name);
                    (name, seed)
                })
                .collect())
        }
        Class::Roster(text, file) => roster(text, file, r.seed),
    }
}

/// A roster: CSV with a header naming a `name` column (and maybe an `id`
/// or `email` column, which then keys the seed), or no header and the name
/// in the first column.
fn roster(text: &str, file: &str, seed: u64) -> Result<Vec<(String, u64)>, Usage> {
    let rows: Vec<Vec<String>> = text
        .trim_start_matches('\u{feff}')
        .lines()
        .map(csv_cells)
        .filter(|r| r.iter().any(|c| !c.is_empty()))
        .collect();
    let header = rows.first().map(|r| {
        let find = |names: &[&str]| {
            r.iter()
                .position(|c| names.contains(&c.to_lowercase().as_str()))
        };
        (
            find(&["name", "student", "full name", "student name"]),
            find(&["id", "student id", "student_id", "email", "username"]),
        )
    });
    let (name_col, key_col, body) = match header {
        Some((Some(n), k)) => (n, k, &rows[1..]),
        _ => (0, None, &rows[..]),
    };
    let mut out: Vec<(String, u64)> = Vec::new();
    for row in body {
        let name = row.get(name_col).cloned().unwrap_or_default();
        if name.is_empty() {
            continue;
        }
        let key = key_col
            .and_then(|k| row.get(k))
            .filter(|k| !k.is_empty())
            .unwrap_or(&name);
        // The same key twice: the second one is told apart by its place.
        let twice = out.iter().filter(|(n, _)| *n == name).count();
        let key = match twice {
            0 => key.clone(),
            k => format!("{key} #{}", k + 1),
        };
        out.push((name, student_seed(seed, &key)));
    }
    if out.is_empty() {
        return Err(Usage(format!("the roster {file} names no student")));
    }
    if out.len() > MAX_STUDENTS as usize {
        return Err(Usage(format!(
            "the roster {file} names {} students; at most {MAX_STUDENTS}",
            out.len()
        )));
    }
    Ok(out)
}

/// One CSV line's cells (quotes as RFC 4180 writes them), trimmed.
fn csv_cells(line: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                if let Some(s) = cells.last_mut() {
                    s.push('"');
                }
            }
            ('"', _) => quoted = !quoted,
            (',' | ';', false) => cells.push(String::new()),
            (c, _) => {
                if let Some(s) = cells.last_mut() {
                    s.push(c)
                }
            }
        }
    }
    cells.into_iter().map(|c| c.trim().to_string()).collect()
}

/// A key as a plain decimal to 12 significant digits: the float's noise
/// (360035.99999999994) left out.
fn plain(x: f64) -> String {
    let rounded: f64 = format!("{x:.11e}").parse().unwrap_or(x);
    format!("{rounded}")
}

/// The one sheet of a set, as it always was: Markdown.
fn single_md(seed: u64, sheet: &Sheet) -> String {
    let mut s = format!("# Fleetlab problem set (seed {seed})\n\n");
    for (i, (title, q)) in sheet.problems.iter().enumerate() {
        s += &problem_md(i, title, q, None);
    }
    s += "\n---\n\n## Answer key\n\n";
    for (i, (_, q)) in sheet.problems.iter().enumerate() {
        s += &format!(
            "{}. **{}** — {}  \n   (`fleetlab challenge {} {} --seed {} --key`)\n\n",
            i + 1,
            answer_text(q),
            q.solution,
            q.topic,
            q.template,
            q.seed
        );
    }
    s
}

fn problem_md(i: usize, title: &str, q: &Question, link: Option<&str>) -> String {
    let link = link.map_or(String::new(), |l| format!(" [Open this page]({l})"));
    format!(
        "{}. **{title}: {}.** {}  \n   _Answer in {}; graded {}._{link}\n\n",
        i + 1,
        q.title,
        q.text,
        unit_name(q.unit),
        q.tolerance.describe(q.unit)
    )
}

/// A sheet per student, then one answer-key table: Markdown.
fn class_md(seed: u64, sheets: &[Sheet], app: Option<&str>, notes: &[String]) -> String {
    let mut s = String::new();
    for note in notes {
        s += &format!("> **Note:** {note}.\n\n");
    }
    for sheet in sheets {
        s += &format!(
            "# Fleetlab problem set — {} (set {seed}, sheet seed {})\n\n",
            sheet.name, sheet.seed
        );
        for (i, (title, q)) in sheet.problems.iter().enumerate() {
            s += &problem_md(i, title, q, app.map(|a| page_link(a, q)).as_deref());
        }
        s += "\n---\n\n";
    }
    s += &format!("# Answer key (set {seed})\n\n| student |");
    let n = sheets.first().map_or(0, |s| s.problems.len());
    for i in 1..=n {
        s += &format!(" {i} |");
    }
    s += "\n|---|";
    s += &"---|".repeat(n);
    s += "\n";
    for sheet in sheets {
        s += &format!("| {} |", sheet.name.replace('|', "/"));
        for (_, q) in &sheet.problems {
            s += &format!(" {} |", answer_text(q).replace('|', "/"));
        }
        s += "\n";
    }
    s += "\nEach answer's worked solution: `fleetlab challenge TOPIC TEMPLATE --seed SEED --key`, with the seed its link names.\n";
    s
}

/// The page's head: a title and the sheet's style, with `more` rules.
fn html_head(title: &str, more: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>body{{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;line-height:1.5}}li{{margin:.8rem 0}}.key{{page-break-before:always}}small{{color:#555}}{more}</style></head><body>\n",
        html_escape(title)
    )
}

/// The one sheet of a set, as it always was: HTML.
fn single_html(seed: u64, sheet: &Sheet) -> String {
    let e = html_escape;
    let mut s = html_head(&format!("Fleetlab problem set (seed {seed})"), "");
    s += &format!("<h1>Fleetlab problem set <small>(seed {seed})</small></h1>\n<ol>\n");
    for (title, q) in &sheet.problems {
        s += &problem_html(title, q, None);
    }
    s += "</ol>\n<section class=\"key\"><h2>Answer key</h2>\n<ol>\n";
    for (_, q) in &sheet.problems {
        s += &format!(
            "<li><strong>{}</strong> — {}<br><small>fleetlab challenge {} {} --seed {} --key</small></li>\n",
            e(&answer_text(q)),
            e(&q.solution),
            q.topic,
            q.template,
            q.seed
        );
    }
    s += "</ol></section>\n</body></html>\n";
    s
}

fn problem_html(title: &str, q: &Question, link: Option<&str>) -> String {
    let e = html_escape;
    let link = link.map_or(String::new(), |l| {
        format!(" <a href=\"{}\">Open this page</a>", e(l))
    });
    format!(
        "<li><strong>{}: {}.</strong> {}<br><small>Answer in {}; graded {}.</small>{link}</li>\n",
        e(title),
        e(&q.title),
        e(&q.text),
        e(&unit_name(q.unit)),
        e(&q.tolerance.describe(q.unit))
    )
}

/// A sheet per student, then one answer-key table: HTML.
fn class_html(seed: u64, sheets: &[Sheet], app: Option<&str>, notes: &[String]) -> String {
    let e = html_escape;
    let mut s = html_head(
        &format!("Fleetlab problem set (set {seed})"),
        ".sheet+.sheet{page-break-before:always}table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2rem .4rem}",
    );
    for note in notes {
        s += &format!(
            "<p class=\"note\"><strong>Note:</strong> {}.</p>\n",
            e(note)
        );
    }
    for sheet in sheets {
        s += &format!(
            "<section class=\"sheet\"><h1>{} <small>(set {seed}, sheet seed {})</small></h1>\n<ol>\n",
            e(&sheet.name),
            sheet.seed
        );
        for (title, q) in &sheet.problems {
            s += &problem_html(title, q, app.map(|a| page_link(a, q)).as_deref());
        }
        s += "</ol></section>\n";
    }
    s += "<section class=\"key\"><h2>Answer key</h2>\n<table><thead><tr><th>student</th>";
    let n = sheets.first().map_or(0, |s| s.problems.len());
    for i in 1..=n {
        s += &format!("<th>{i}</th>");
    }
    s += "</tr></thead><tbody>\n";
    for sheet in sheets {
        s += &format!("<tr><th>{}</th>", e(&sheet.name));
        for (_, q) in &sheet.problems {
            s += &format!("<td>{}</td>", e(&answer_text(q)));
        }
        s += "</tr>\n";
    }
    s += "</tbody></table></section>\n</body></html>\n";
    s
}

/// One row per student and problem: CSV (RFC 4180), numbers in the JSON
/// contract's units (shares as fractions).
fn csv(sheets: &[Sheet], app: Option<&str>) -> String {
    let cell = |s: &str| {
        if s.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    let mut out = String::from(
        "student,sheet_seed,problem,topic,template,seed,title,question,answer,answer_text,unit,tolerance_kind,tolerance_value,link\r\n",
    );
    for sheet in sheets {
        for (i, (_, q)) in sheet.problems.iter().enumerate() {
            let row = [
                cell(&sheet.name),
                sheet.seed.to_string(),
                (i + 1).to_string(),
                q.topic.to_string(),
                q.template.clone(),
                q.seed.to_string(),
                cell(&q.title),
                cell(&q.text),
                plain(q.answer),
                cell(&answer_text(q)),
                unit_word(q.unit),
                q.tolerance.kind().to_string(),
                format!("{}", q.tolerance.value()),
                cell(&app.map_or(String::new(), |a| page_link(a, q))),
            ];
            out += &row.join(",");
            out += "\r\n";
        }
    }
    out
}
