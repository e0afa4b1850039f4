//! What every topic's challenge tests reach for: the topic by id, a worked
//! example solved on hand-built values, a named value of a solution, the
//! pages questions are asked about, and the asserts a worked example makes.

use fleetlab::challenge::{grade, Question, Solution, Value, Vars, Verdict};
use fleetlab::model::{Params, Topic};

pub fn topic(id: &str) -> &'static dyn Topic {
    fleetlab::topics::find(id).unwrap_or_else(|| panic!("{id} is registered"))
}

/// Solves template `template` of topic `id` on hand-built values.
pub fn solve(id: &str, template: &str, values: &[(&str, f64)]) -> Solution {
    solve_vars(id, template, &Vars::numbers(values))
}

/// Solves template `template` of topic `id` on hand-built draws (numbers
/// and words).
pub fn solve_vars(id: &str, template: &str, vars: &Vars) -> Solution {
    fleetlab::topics::solve(topic(id), template, vars)
        .unwrap_or_else(|e| panic!("{id} {template}: {e}"))
}

/// The page of story `preset` of topic `id` ("" for the defaults, ± its
/// fix), then `set` over it.
pub fn page(id: &str, preset: &str, fix: bool, set: &[(&str, &str)]) -> Params {
    let t = topic(id);
    let mut p = if preset.is_empty() {
        t.defaults()
    } else {
        t.preset_params(t.preset(preset).unwrap(), fix).unwrap()
    };
    p.apply(set).unwrap();
    p
}

/// The default page of topic `id` with each `(variable, parameter)` of
/// `mirror` set to the drawn number (a variable not drawn leaves its
/// parameter alone).
pub fn page_of(id: &str, vars: &Vars, mirror: &[(&str, &str)]) -> Params {
    let mut p = topic(id).defaults();
    for (name, param) in mirror {
        let x = vars.num(name);
        if x.is_finite() {
            p.set(param, &x.to_string()).unwrap();
        }
    }
    p
}

/// A drawn value as a page parameter reads it.
pub fn text(v: &Value) -> String {
    match v {
        Value::Num(x) => x.to_string(),
        Value::Word(w) => w.clone(),
    }
}

/// Whether `x` is one of `lo, lo + step, …, hi` (to float noise).
pub fn on_grid(x: f64, lo: f64, hi: f64, step: f64) -> bool {
    (lo - 1e-9..=hi + 1e-9).contains(&x) && {
        let k = (x - lo) / step;
        (k - k.round()).abs() < 1e-6
    }
}

/// The question's text states each of `parts`.
#[track_caller]
pub fn asks(q: &Question, parts: &[&str]) {
    for part in parts {
        assert!(q.text.contains(part), "'{part}' in {}", q.text);
    }
}

/// The worked solution of `q` states each of `parts`.
#[track_caller]
pub fn says(q: &Question, parts: &[&str]) {
    for part in parts {
        assert!(q.solution.contains(part), "'{part}' in {}", q.solution);
    }
}

/// Each of `typed` grades correct on `q`.
#[track_caller]
pub fn accepts(q: &Question, typed: &[&str]) {
    for t in typed {
        assert!(grade(q, t).correct(), "{t}: {}", grade(q, t).message);
    }
}

/// None of `typed` grades correct on `q`.
#[track_caller]
pub fn refuses(q: &Question, typed: &[&str]) {
    for t in typed {
        assert!(!grade(q, t).correct(), "{t} graded correct");
    }
}

/// The grader's message for `typed`.
pub fn grade_of(q: &Question, typed: &str) -> String {
    grade(q, typed).message
}

/// Each typed answer grades as its verdict says.
#[track_caller]
pub fn grades(q: &Question, typed: &[(&str, Verdict)]) {
    for (t, verdict) in typed {
        let g = grade(q, t);
        assert_eq!(g.verdict, *verdict, "{t}: {}", g.message);
    }
}

/// A topic module's helpers, bound to its topic id: `ID`, `topic()`,
/// `solve(template, values)`, `solve_vars(template, vars)`,
/// `story(preset)` (its page, no fix) and `value(solution, name)`.
macro_rules! for_topic {
    ($id:literal) => {
        #[allow(dead_code)]
        const ID: &str = $id;
        #[allow(dead_code)]
        fn topic() -> &'static dyn fleetlab::model::Topic {
            $crate::support::topic($id)
        }
        #[allow(dead_code)]
        fn solve(template: &str, values: &[(&str, f64)]) -> fleetlab::challenge::Solution {
            $crate::support::solve($id, template, values)
        }
        #[allow(dead_code)]
        fn solve_vars(
            template: &str,
            vars: &fleetlab::challenge::Vars,
        ) -> fleetlab::challenge::Solution {
            $crate::support::solve_vars($id, template, vars)
        }
        #[allow(dead_code)]
        fn story(preset: &str) -> fleetlab::model::Params {
            $crate::support::page($id, preset, false, &[])
        }
        #[allow(dead_code)]
        fn value<'a>(s: &'a fleetlab::challenge::Solution, name: &str) -> &'a str {
            s.value(name).unwrap_or_else(|| panic!("no value {name}"))
        }
    };
}
