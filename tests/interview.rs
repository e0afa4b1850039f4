//! Mock interviews: every problem over 1,000 seeds asks filled, finite,
//! non-degenerate questions whose keys grade correct; a follow-up's key is
//! recomputed from the candidate's own earlier number (and the review says
//! whether that number was right); the session keeps time, ends, and draws
//! another problem for a second mock.

use fleetlab::challenge::answer::{format_exact, parse_answer};
use fleetlab::challenge::Verdict;
use fleetlab::interview::{
    announce, fresh_seed, grade, result, scorecard, Asked, Mock, Session, LENGTHS, PROBLEMS,
};
use fleetlab::model::Unit;
use fleetlab::topics;
use fleetlab::urlstate;

const SEEDS: u64 = 1000;

/// The seeds that draw problem `p`.
fn seeds_of(p: usize) -> impl Iterator<Item = u64> {
    (0..SEEDS).map(move |k| k * PROBLEMS.len() as u64 + p as u64)
}

/// Every key of the exact chain, typed with every digit. (A walk with no
/// answers carries each key forward: it is the exact chain.)
fn exact_answers(mock: &Mock) -> Vec<String> {
    mock.walk(&[], mock.steps())
        .iter()
        .map(|a| format_exact(a.exact, a.unit))
        .collect()
}

fn filled(text: &str) -> bool {
    !text.contains('{') && !text.contains('}') && !text.trim().is_empty()
}

/// Prints one mock of each problem with its keys (`cargo test --test
/// interview show -- --nocapture`).
#[test]
fn show_one_of_each() {
    for p in 0..PROBLEMS.len() {
        let mock = Mock::new(p as u64 + 30);
        println!("== {}\n{}\n", mock.title(), mock.brief());
        for a in mock.walk(&exact_answers(&mock), mock.steps()) {
            if a.index == mock.problem.change_at {
                println!("-- {}", mock.change());
            }
            println!(
                "Q{} [{}] {}\n  key {} | {}\n  {}\n",
                a.index + 1,
                a.dim.word(),
                a.text,
                a.key_text(),
                a.worked,
                a.link
            );
        }
    }
}

/// The cost step, shared by the chat and tiers problems, bills one of what
/// each problem's fleet counts: replicas in chat, cards in tiers.
#[test]
fn the_cost_step_names_what_the_fleet_counts() {
    for (p, words) in [
        (0, "Every replica bills its rent"),
        (1, "Every card bills its rent"),
    ] {
        let mock = Mock::new(p);
        let walk = mock.walk(&[], mock.steps());
        assert!(
            walk.iter().any(|a| a.worked.starts_with(words)),
            "{}: no step's worked solution says “{words}”",
            mock.problem.id
        );
    }
}

/// Each problem over 1,000 seeds: the title, brief and change are filled;
/// every step's text and worked solution are filled, its key is finite and
/// graded correct when typed, a number 1.5× off is not, the exact chain
/// never falls back, and its link opens the topic page without a single
/// adjustment. Across the seeds each step's key takes several values.
#[test]
fn every_problem_over_a_thousand_seeds() {
    for (p, problem) in PROBLEMS.iter().enumerate() {
        assert!((1..problem.steps.len()).contains(&problem.change_at));
        let mut keys: Vec<Vec<f64>> = vec![Vec::new(); problem.steps.len()];
        for seed in seeds_of(p) {
            let mock = Mock::new(seed);
            let ctx = format!("{} seed {seed}", problem.id);
            assert_eq!(mock.problem.id, problem.id);
            for text in [mock.title(), mock.brief(), mock.change()] {
                assert!(filled(&text), "{ctx}: {text}");
            }
            let answers = exact_answers(&mock);
            let walk = mock.walk(&answers, mock.steps());
            assert_eq!(walk.len(), problem.steps.len());
            for a in &walk {
                let ctx = format!("{ctx} Q{}", a.index + 1);
                assert!(filled(&a.text) && filled(&a.worked), "{ctx}: {a:?}");
                assert!(a.key.is_finite() && a.key >= 0.0, "{ctx}: key {}", a.key);
                assert_eq!(a.key, a.exact, "{ctx}");
                assert_eq!(a.refused, None, "{ctx}");
                assert_eq!(a.verdict, Some(Verdict::Correct), "{ctx}: {:?}", a.answer);
                assert_eq!(a.exact_verdict, Some(Verdict::Correct), "{ctx}");
                assert!(a.built_on.iter().all(|c| c.right), "{ctx}");
                if a.key > 0.0 {
                    let off = format_exact(a.key * 1.5, a.unit);
                    assert_ne!(
                        grade(&off, a.key, a.unit, a.tolerance),
                        Verdict::Correct,
                        "{ctx}"
                    );
                }
                let (state, notes) = urlstate::decode(&a.link);
                assert!(notes.is_empty(), "{ctx}: {} {notes:?}", a.link);
                assert_eq!(state.topic, a.topic, "{ctx}");
                keys[a.index].push(a.key);
            }
        }
        for (i, ks) in keys.iter_mut().enumerate() {
            ks.sort_by(f64::total_cmp);
            ks.dedup();
            assert!(
                ks.len() >= 4,
                "{} Q{}: only {} keys",
                problem.id,
                i + 1,
                ks.len()
            );
        }
    }
}

/// A number a candidate might give instead of the key: one more for a
/// count, 30 % more otherwise (and something for a key of 0).
fn off_by_some(a: &Asked) -> String {
    let x = match a.unit {
        Unit::Count(_) => a.key + 1.0,
        _ if a.key == 0.0 => 1.0,
        _ => a.key * 1.3,
    };
    format_exact(x, a.unit)
}

/// A follow-up takes the candidate's number: answer an earlier step
/// otherwise than its key, and the follow-up's key is its formula on that
/// number (recomputed here through the registry), graded correct when typed,
/// while the review records that the earlier number was not right. Where
/// the key moves beyond the tolerance, the follow-up's own answer against
/// the exact chain is not correct: the two keys are different questions.
#[test]
fn follow_ups_take_the_candidates_numbers() {
    for (p, problem) in PROBLEMS.iter().enumerate() {
        // Per follow-up (step i after step j): on how many seeds its key
        // moved beyond the tolerance, and on how many it was refused.
        let pairs: Vec<(usize, usize)> = (problem.steps.iter().enumerate())
            .flat_map(|(i, step)| step.uses.iter().map(move |&j| (i, j)))
            .collect();
        let mut counts = vec![(0, 0); pairs.len()];
        for seed in seeds_of(p) {
            // The mock and its exact chain, once a seed: each follow-up
            // changes one earlier answer of it.
            let mock = Mock::new(seed);
            let exact = exact_answers(&mock);
            let asked = mock.walk(&exact, mock.steps());
            for (&(i, j), (moved, refused)) in pairs.iter().zip(counts.iter_mut()) {
                let step = &problem.steps[i];
                let mut answers = exact.clone();
                answers[j] = off_by_some(&asked[j]);
                let walk = mock.walk(&answers, i + 1);
                let a = &walk[i];
                let ctx = format!("{} seed {seed} Q{} after Q{}", problem.id, i + 1, j + 1);
                let carry = a.built_on.iter().find(|c| c.step == j).expect(&ctx);
                let typed = format_exact(a.key, a.unit);
                assert_eq!(grade(&typed, a.key, a.unit, a.tolerance), Verdict::Correct);
                if a.refused.is_some() {
                    *refused += 1;
                    continue;
                }
                assert!(!carry.right, "{ctx}: {carry:?}");
                let carried: Vec<f64> = walk[..i]
                    .iter()
                    .map(|w| parse_answer(&answers[w.index], w.unit).unwrap())
                    .collect();
                assert_eq!(carry.used, carried[j], "{ctx}");
                let vars = (step.values)(mock.story(), &carried).expect(&ctx);
                let topic = topics::find(step.topic).unwrap();
                let key = topics::solve(topic, step.template, &vars).unwrap().answer;
                assert_eq!(a.key, key, "{ctx}");
                if !a.tolerance.accepts(a.key, a.exact) {
                    *moved += 1;
                    assert_ne!(
                        grade(&typed, a.exact, a.unit, a.tolerance),
                        Verdict::Correct,
                        "{ctx}"
                    );
                }
            }
        }
        for (&(i, j), &(moved, refused)) in pairs.iter().zip(&counts) {
            let ctx = format!("{} Q{} after Q{}", problem.id, i + 1, j + 1);
            assert!(moved >= SEEDS / 4, "{ctx}: the key moved on {moved} seeds");
            assert!(refused <= SEEDS / 2, "{ctx}: refused on {refused} seeds");
        }
    }
}

/// The chat problem's cost follow-up, in plain arithmetic: the candidate's
/// fleet times the story's price, whatever fleet they gave.
#[test]
fn the_bill_follows_the_candidates_fleet() {
    for seed in seeds_of(0).take(200) {
        let mock = Mock::new(seed);
        let price = mock.story().num("price");
        for n in [1.0, 7.0, 40.0] {
            let a = &mock.walk(&[format!("{n}")], 2)[1];
            assert_eq!(a.key, n * price, "seed {seed}: {}", a.text);
            assert!(a.text.contains(&format!("{n} replica")), "{}", a.text);
        }
    }
}

/// A candidate's number no formula can take (a fleet of 0, a shed above
/// the arrivals) is not carried: the follow-up takes that step's key and
/// says so.
#[test]
fn a_number_no_formula_takes_carries_the_key() {
    for (seed, typed) in [(0, "0"), (1, "1e9")] {
        let mock = Mock::new(seed);
        let walk = mock.walk(&[typed.to_string()], 2);
        let a = &walk[1];
        assert_eq!(a.refused, Some(0));
        // The number taken is the interviewer's, said as such: never the
        // refused answer called "your", never the key.
        let c = &a.built_on[0];
        assert!(!c.theirs && c.used != walk[0].given.unwrap(), "{c:?}");
        assert!(!walk[0].tolerance.accepts(c.used, c.exact), "{c:?}");
        let said = format!(
            "Question 1 was answered {}, which this question cannot take: take {} for it",
            c.unit.format(walk[0].given.unwrap()),
            c.unit.format(c.used)
        );
        assert!(a.text.starts_with(&said), "{}", a.text);
        assert!(!a.text.contains("your "), "{}", a.text);
        let typed_key = format_exact(a.key, a.unit);
        assert_eq!(
            grade(&typed_key, a.key, a.unit, a.tolerance),
            Verdict::Correct
        );
    }
    // Skipped and unreadable answers are not graded, and carry the
    // interviewer's stand-in, not the key.
    let mock = Mock::new(1);
    let walk = mock.walk(&[String::new(), "banana".into()], 3);
    assert_eq!(walk[0].verdict, None);
    assert_eq!(walk[1].verdict, Some(Verdict::Unreadable));
    let carry = &walk[1].built_on;
    assert!(
        carry.len() == 1 && !carry[0].theirs && !carry[0].right,
        "{carry:?}"
    );
    assert_ne!(carry[0].used, carry[0].exact);
}

/// Skipping a question gives nothing away: the follow-ups that take its
/// number take the interviewer's stand-in, say so, never write the skipped
/// question's key, and never call the stand-in the candidate's ("your").
#[test]
fn skipping_a_question_gives_nothing_away() {
    for (p, problem) in PROBLEMS.iter().enumerate() {
        let mut refused = 0;
        for seed in seeds_of(p).take(300) {
            let mock = Mock::new(seed);
            let exact = exact_answers(&mock);
            let keys = mock.walk(&exact, mock.steps());
            for (i, step) in problem.steps.iter().enumerate() {
                for &j in step.uses {
                    let mut answers = exact.clone();
                    answers[j] = String::new();
                    let a = &mock.walk(&answers, i + 1)[i];
                    let ctx = format!(
                        "{} seed {seed} Q{} after Q{}: {}",
                        problem.id,
                        i + 1,
                        j + 1,
                        a.text
                    );
                    if a.refused.is_some() {
                        refused += 1;
                        continue;
                    }
                    let c = a.built_on.iter().find(|c| c.step == j).expect(&ctx);
                    assert!(!c.theirs && !c.right, "{ctx}");
                    assert!(!keys[j].tolerance.accepts(c.used, keys[j].key), "{ctx}");
                    // The question is the one a candidate who had answered
                    // the stand-in meets, said as the interviewer's number.
                    let shown = c.unit.format(c.used);
                    let mut typed = exact.clone();
                    typed[j] = format_exact(c.used, c.unit);
                    let theirs = &mock.walk(&typed, i + 1)[i].text;
                    let said = format!(
                        "Question {} was skipped: take {shown} for it and go on. ",
                        j + 1
                    );
                    let want = said + &theirs.replace("your ", "the ").replace("Your ", "The ");
                    assert_eq!(a.text, want, "{ctx}");
                    assert!(!a.text.contains(&format!("your {shown}")), "{ctx}");
                }
            }
        }
        assert!(refused == 0, "{}: refused {refused} times", problem.id);
    }
}

/// The stand-in is never the key, nor a number its tolerance accepts, and
/// stays on the unit's scale.
#[test]
fn a_stand_in_is_never_the_key() {
    use fleetlab::challenge::Tolerance;
    use fleetlab::interview::stand_in;
    for (key, unit, tol) in [
        (7.0, Unit::Count("replicas"), Tolerance::Exact),
        (1.0, Unit::Count("replicas"), Tolerance::Exact),
        (212.0, Unit::UsdPerHour, Tolerance::Rel(0.01)),
        (0.95, Unit::Share, Tolerance::Abs(0.01)),
        (0.0, Unit::Share, Tolerance::Abs(0.01)),
        (0.0, Unit::UsdPerHour, Tolerance::Rel(0.005)),
    ] {
        for seed in 0..40 {
            for step in 0..7 {
                let x = stand_in(key, unit, tol, seed, step);
                assert!(!tol.accepts(x, key), "{key} {unit:?}: {x}");
                assert!(x.is_finite() && x >= 0.0, "{key}: {x}");
                if matches!(unit, Unit::Share) {
                    assert!(x <= 1.0, "{key}: {x}");
                }
                if let Unit::Count(_) = unit {
                    assert!(x >= 1.0 && x.fract() == 0.0, "{key}: {x}");
                }
            }
        }
    }
}

/// The review's link reopens the exact question the candidate met: the
/// topic page it opens asks the step's template on the step's own values
/// (a follow-up's on the candidate's numbers), whose key is the step's key.
#[test]
fn the_review_reopens_the_exact_question() {
    for (p, problem) in PROBLEMS.iter().enumerate() {
        for seed in seeds_of(p).take(100) {
            let mock = Mock::new(seed);
            let mut answers = exact_answers(&mock);
            let first = &mock.walk(&answers, 1)[0];
            answers[0] = off_by_some(first);
            for a in mock.walk(&answers, mock.steps()) {
                let ctx = format!("{} seed {seed} Q{}: {}", problem.id, a.index + 1, a.link);
                let (state, notes) = urlstate::decode(&a.link);
                assert!(notes.is_empty(), "{ctx}: {notes:?}");
                assert_eq!(state.topic, a.topic, "{ctx}");
                let c = &state.challenge;
                assert!(!c.values.is_empty() && !c.live, "{ctx}");
                let topic = topics::find(a.topic).unwrap();
                let id = c.template.clone().unwrap();
                let q = topics::question_on(topic, &id, c.seed.unwrap(), &c.values).expect(&ctx);
                assert!(
                    a.tolerance.accepts(q.answer, a.key),
                    "{ctx}: {} vs {}",
                    q.answer,
                    a.key
                );
                assert_eq!(
                    urlstate::encode(&state),
                    a.link.trim_start_matches('?'),
                    "{ctx}"
                );
            }
        }
    }
}

#[test]
fn a_seed_asks_the_same_mock_and_another_seed_another() {
    let a = Mock::new(77).walk(&[], 7);
    assert_eq!(a, Mock::new(77).walk(&[], 7));
    assert_ne!(a, Mock::new(80).walk(&[], 7));
    for seed in 0..300 {
        assert_eq!(Mock::new(seed).problem.id, Mock::problem_of(seed).id);
    }
    for entropy in 0..3000u64 {
        let e = entropy.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for previous in [0u64, 1, 2, 5, urlstate::MAX_SEED] {
            let s = fresh_seed(e, Some(previous));
            assert!(s <= urlstate::MAX_SEED);
            assert_ne!(Mock::problem_of(s).id, Mock::problem_of(previous).id);
        }
        assert_eq!(fresh_seed(e, None), e & urlstate::MAX_SEED);
    }
}

#[test]
fn the_scorecard_counts_by_dimension() {
    // Seed 5 draws the chat problem (seed mod 5 = 0), which asks all four
    // dimensions.
    let mock = Mock::new(5);
    let right = mock.walk(&exact_answers(&mock), 7);
    let card = scorecard(&right);
    assert_eq!(card.iter().map(|t| t.asked).sum::<u32>(), 7);
    assert!(card.iter().all(|t| t.correct == t.asked && t.asked > 0));
    assert!(card.iter().all(|t| t.verdict() == "strong"));
    let kept = result(&mock, 20, &card);
    assert_eq!(
        (kept.problem.as_str(), kept.seed, kept.minutes),
        ("chat", 5, 20)
    );
    assert_eq!(kept.dims.iter().map(|d| d.correct).sum::<u32>(), 7);
    let none = scorecard(&mock.walk(&[], 7));
    assert!(none
        .iter()
        .all(|t| t.points() == 0.0 && t.verdict() == "needs work"));
    // A close answer is half a point.
    let mut answers = exact_answers(&mock);
    let a = &right[0];
    answers[0] = format_exact(a.key * 1.02, a.unit);
    let w = mock.walk(&answers, 7);
    assert_eq!(w[0].verdict, Some(Verdict::Close), "{:?}", w[0]);
    let t = scorecard(&w).into_iter().find(|t| t.dim == a.dim).unwrap();
    assert_eq!(t.points(), t.asked as f64 - 0.5);
}

#[test]
fn a_session_keeps_time_across_reloads_and_ends() {
    let mut s = Session::start(5, 20, 1_000_000.0);
    assert_eq!(s.remaining_s(1_000_000.0), 1200.0);
    // A reload later reads the same start: the clock kept counting.
    let saved = s.clone();
    assert_eq!(saved.remaining_s(1_000_000.0 + 61_000.0), 1139.0);
    // A clock set back never gives more than the length.
    assert_eq!(s.remaining_s(0.0), 1200.0);
    s.answer("3", "", 1_001_000.0);
    assert_eq!(s.answers, ["3"]);
    assert!(!s.tick(1_000_000.0 + 1_199_000.0));
    assert!(s.tick(1_000_000.0 + 1_200_000.0));
    assert_eq!(s.remaining_s(5e9), 0.0);
    s.answer("4", "", 3e6);
    assert_eq!(s.answers.len(), 1, "no answer after the end");
    let mut s = Session::start(5, 45, 0.0);
    for k in 0..s.steps() {
        assert_eq!(s.ended_ms, None);
        s.answer(&k.to_string(), "because", 10.0 + k as f64 * 1000.0);
    }
    assert_eq!(s.ended_ms, Some(6010.0));
    // Kept as text between reloads, read back exactly; what cannot be a
    // session of this build is not read.
    s.recorded = true;
    assert_eq!(Session::read(&s.write()), Some(s.clone()));
    let running = Session::start(7, 45, 1.5e12);
    assert_eq!(Session::read(&running.write()), Some(running.clone()));
    assert_eq!(Session::start(1, 7, 0.0).minutes, LENGTHS[0]);
    for bad in [
        running.write().replace(" 45 ", " 30 "),
        running.write().replace("mock 7", "mock 9007199254740992"),
        running.write().replace("mock", "mack"),
        format!("{}{}", running.write(), "\nx".repeat(8)),
        "mock 1 20 NaN - 0".to_string(),
        String::new(),
    ] {
        assert_eq!(Session::read(&bad), None, "{bad}");
    }
}

/// Each answer keeps when it came and the reason given with it, so the
/// scorecard gives the time spent on each question; the rubric points
/// ticked after the end are kept too; a session an older build wrote (six
/// fields, no reasons) still reads.
#[test]
fn a_session_keeps_time_per_question_reasons_and_ticks() {
    let mut s = Session::start(5, 45, 1_000.0);
    s.answer("3", "N = ceil(9000 / 3000) + 1", 61_000.0);
    s.tick_point(0, 1, true);
    assert!(!s.ticked(0, 1), "no ticks while the mock runs");
    s.answer("", "", 91_500.0);
    s.answer("12.5\tx", "two\nlines", 211_500.0);
    assert_eq!(s.seconds(), [Some(60.0), Some(30.5), Some(120.0)]);
    assert_eq!(s.reasons, ["N = ceil(9000 / 3000) + 1", "", "two lines"]);
    assert_eq!(s.answers[2], "12.5 x");
    s.end(300_000.0);
    s.tick_point(0, 1, true);
    s.tick_point(2, 0, true);
    s.tick_point(2, 2, true);
    s.tick_point(2, 0, false);
    s.tick_point(99, 0, true);
    assert!(s.ticked(0, 1) && !s.ticked(0, 0) && s.ticked(2, 2) && !s.ticked(2, 0));
    assert!(!s.ticked(99, 0));
    assert_eq!(Session::read(&s.write()), Some(s.clone()));
    let old = "mock 5 20 1000 - 0\n3\n";
    let read = Session::read(old).expect("an older session reads");
    assert_eq!(read.answers, ["3", ""]);
    assert_eq!(read.seconds(), [None, None]);
    for bad in [
        "mock 5 20 1000 - 0 1,x -",
        "mock 5 20 1000 - 0 - 1,2,3,4,5,6,7,8,9",
        "mock 5 20 1000 - 0 NaN -\n3",
    ] {
        assert_eq!(Session::read(bad), None, "{bad}");
    }
}

/// The clock speaks four times in a mock, whatever the tick: half time,
/// five minutes, one minute, time up.
#[test]
fn the_clock_speaks_sparingly() {
    for minutes in LENGTHS {
        for step in [1.0, 0.7, 13.0] {
            let mut said = Vec::new();
            let mut left = minutes as f64 * 60.0;
            while left > 0.0 {
                let next = (left - step).max(0.0);
                said.extend(announce(minutes, left, next));
                left = next;
            }
            assert_eq!(said.len(), 4, "{minutes} min by {step} s: {said:?}");
            assert!(said[0].starts_with("Half time"), "{said:?}");
            assert!(said[3].starts_with("Time is up"));
        }
    }
}

/// The mock diagnoses slips as the practice pages do: an answer off by a
/// slip's exact factor (3,600× too big: per hour for per second) is wrong,
/// and the review names the slip, for every step of every problem.
#[test]
fn a_slip_in_the_mock_is_named() {
    use fleetlab::challenge::slip::{carries, Direction, Family};
    let mut named = 0;
    for (p, problem) in PROBLEMS.iter().enumerate() {
        for seed in seeds_of(p).take(20) {
            let mock = Mock::new(seed);
            let exact = exact_answers(&mock);
            let keys = mock.walk(&exact, mock.steps());
            for (i, k) in keys.iter().enumerate() {
                for f in [
                    Family::HourSecond,
                    Family::Thousand,
                    Family::Percent,
                    Family::MonthHour,
                ] {
                    let product = Direction::TooBig.apply(k.key, f.factor());
                    if k.key == 0.0 || !carries(product, k.key, k.tolerance) {
                        continue;
                    }
                    let mut answers = exact.clone();
                    answers[i] = format_exact(product, k.unit);
                    let a = &mock.walk(&answers, i + 1)[i];
                    let ctx = format!(
                        "{} seed {seed} Q{} {f:?}: {:?}",
                        problem.id,
                        i + 1,
                        a.answer
                    );
                    assert_eq!(a.verdict, Some(Verdict::Wrong), "{ctx}");
                    let slip = a.slip.as_ref().expect(&ctx);
                    assert_eq!(slip.family, f, "{ctx}");
                    assert!(
                        slip.sentence.contains(&f.shown()),
                        "{ctx}: {}",
                        slip.sentence
                    );
                    named += 1;
                }
                assert!(k.slip.is_none(), "a right answer has no slip");
            }
        }
    }
    assert!(named >= 200, "{named} slips named");
}
