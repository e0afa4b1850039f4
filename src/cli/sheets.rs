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

use super::{answer_text, find_topic, unit_name, unit_word, Usage};
use crate::challenge::{self, Question, Value};
use crate::model::{hash64, learner_seed, mix64, Topic};
use crate::{topics, urlstate};

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

/// A student's seed: the set's seed mixed with their key (name or id), so
/// it depends on nothing else in the roster.
fn student_seed(seed: u64, key: &str) -> u64 {
    learner_seed(seed, key)
}

pub fn problem_set(r: &Request) -> Result<String, Usage> {
    let list = chosen_topics(&r.topics)?;
    let students = students(r)?;
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
    let app = r.app_url.as_deref().unwrap_or("index.html");
    let class = !matches!(r.class, Class::Everyone);
    Ok(match r.format {
        Format::Md if !class && r.app_url.is_none() => single_md(r.seed, &sheets[0]),
        Format::Html if !class && r.app_url.is_none() => single_html(r.seed, &sheets[0]),
        Format::Md => class_md(r.seed, &sheets, app),
        Format::Html => class_html(r.seed, &sheets, app),
        Format::MoodleXml => super::moodle::quiz(r.seed, &sheets_view(&sheets), app),
        Format::Csv => csv(&sheets, app),
    })
}

/// The sheets as the Moodle writer reads them: name, seed, problems.
pub type SheetView<'a> = (&'a str, u64, &'a [(&'static str, Question)]);

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

/// The page state a question comes from: the app's address with the
/// topic, every parameter the question's drawn values mirror, the template
/// and the seed.
pub fn page_link(app: &str, q: &Question) -> String {
    let Some(t) = topics::find(q.topic) else {
        return app.to_string();
    };
    let mut p = t.defaults();
    if let Some(tpl) = challenge::templates(t)
        .into_iter()
        .find(|x| x.id == q.template)
    {
        for v in &tpl.vars {
            let Some(param) = &v.param else { continue };
            let text = match q.vars.values.iter().find(|(n, _)| *n == v.name) {
                Some((_, Value::Num(x))) => x.to_string(),
                Some((_, Value::Word(w))) => w.clone(),
                None => continue,
            };
            // A value the page cannot show (a month with no demand) keeps
            // the page's own.
            let _ = p.set(param, &text);
        }
    }
    let mut state = urlstate::State::new(t);
    state.set_params(&p);
    state.challenge = urlstate::Challenge {
        template: Some(q.template.clone()),
        seed: Some(q.seed),
        live: false,
    };
    format!("{app}?{}", urlstate::encode(&state))
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
fn class_md(seed: u64, sheets: &[Sheet], app: &str) -> String {
    let mut s = String::new();
    for sheet in sheets {
        s += &format!(
            "# Fleetlab problem set — {} (set {seed}, sheet seed {})\n\n",
            sheet.name, sheet.seed
        );
        for (i, (title, q)) in sheet.problems.iter().enumerate() {
            s += &problem_md(i, title, q, Some(&page_link(app, q)));
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
fn class_html(seed: u64, sheets: &[Sheet], app: &str) -> String {
    let e = html_escape;
    let mut s = html_head(
        &format!("Fleetlab problem set (set {seed})"),
        ".sheet+.sheet{page-break-before:always}table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2rem .4rem}",
    );
    for sheet in sheets {
        s += &format!(
            "<section class=\"sheet\"><h1>{} <small>(set {seed}, sheet seed {})</small></h1>\n<ol>\n",
            e(&sheet.name),
            sheet.seed
        );
        for (title, q) in &sheet.problems {
            s += &problem_html(title, q, Some(&page_link(app, q)));
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

pub fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// One row per student and problem: CSV (RFC 4180), numbers in the JSON
/// contract's units (shares as fractions).
fn csv(sheets: &[Sheet], app: &str) -> String {
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
                format!("{}", q.answer),
                cell(&answer_text(q)),
                unit_word(q.unit),
                q.tolerance.kind().to_string(),
                format!("{}", q.tolerance.value()),
                cell(&page_link(app, q)),
            ];
            out += &row.join(",");
            out += "\r\n";
        }
    }
    out
}
