//! URL state (src/urlstate/): links rebuild exactly the page they were
//! made from, tampered links are clamped and explained, and nothing a link
//! says can make decoding fail. Property tests: decode never panics on any
//! text, encode → decode round-trips every valid state, and decoded
//! parameter values always lie inside their specs.

use fleetlab::challenge::{self, mirrors_page, tries::Spent};
use fleetlab::model::{ParamKind, ParamSpec, Topic};
use fleetlab::topics;
use fleetlab::urlstate::{
    decode, encode, page_topic, Embed, Hide, Lock, Questions, State, View, CHART_HEIGHT, KEYS,
    KIND_WORDS, MAX_SEED, MAX_TRIES, THEMES,
};
use fleetlab::xapi::Agent;
use proptest::prelude::*;

fn topic(id: &str) -> &'static dyn Topic {
    topics::find(id).expect("a built topic")
}

#[test]
fn no_parameter_is_named_like_an_option() {
    for t in topics::all() {
        for s in t.params() {
            assert!(
                !KEYS.contains(&s.name),
                "{}: parameter '{}' collides with a URL option",
                t.id(),
                s.name
            );
        }
    }
}

#[test]
fn an_empty_query_is_the_home_page() {
    let (s, notes) = decode("");
    let mut home = State::new(topics::all().next().unwrap());
    home.view = View::Home;
    assert_eq!(s, home);
    assert!(notes.is_empty());
    assert_eq!(decode("?").0, s);
    assert_eq!(decode("?view=&topic=").0, s);
    assert_eq!(decode(&encode(&s)).0, s);
    // A topic named without a view is that topic's page.
    let first = topics::all().next().unwrap();
    let (t, notes) = decode(&format!("?topic={}", first.id()));
    assert_eq!(t, State::new(first));
    assert!(notes.is_empty());
    assert_eq!(decode("?view=home").0.view, View::Home);
    assert_eq!(decode("?view=topic").0, State::new(first));
}

#[test]
fn a_link_names_what_differs_from_its_story() {
    for t in topics::all() {
        for p in t.presets() {
            for fix in [false, p.fix.is_some()] {
                let mut s = State::new(t);
                s.preset = Some(p.id);
                s.fix = fix;
                // At the story's own values the link carries no parameter.
                let params = t.preset_params(p, fix).unwrap();
                s.set_params(&params);
                assert!(s.params.is_empty(), "{} {}", t.id(), p.id);
                let q = encode(&s);
                assert!(q.contains(&format!("preset={}", p.id)));
                assert_eq!(q.contains("fix=1"), fix);
                let (back, notes) = decode(&q);
                assert_eq!(back, s);
                assert!(notes.is_empty(), "{q}: {notes:?}");
                assert_eq!(back.params(), params);
            }
        }
    }
}

#[test]
fn out_of_range_values_are_clamped_and_explained() {
    let t = topic("consistent-hashing");
    let (s, notes) = decode("topic=consistent-hashing&cards_after=99999&vnodes=-4");
    let p = s.params();
    assert_eq!(p.get("cards_after"), 512.0);
    assert!(p.get("vnodes") >= 1.0);
    assert!(
        notes.contains(&"cards_after=99999 is above the maximum 512; using 512.".to_string()),
        "{notes:?}"
    );
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("vnodes=-4 is below the minimum")),
        "{notes:?}"
    );
    // A fraction where a whole number is needed: rounded, and said.
    let (s, notes) = decode("topic=consistent-hashing&cards_after=65.4");
    assert_eq!(s.params().get("cards_after"), 65.0);
    assert_eq!(
        notes,
        vec!["cards_after=65.4 is not a whole number; using 65.".to_string()]
    );
    // Garbage keeps the baseline value.
    let (s, notes) =
        decode("topic=consistent-hashing&preset=modulo-doubling&cards_after=lots&scheme=magic");
    let base = t
        .preset_params(t.preset("modulo-doubling").unwrap(), false)
        .unwrap();
    assert_eq!(s.params(), base);
    assert!(
        notes[0].starts_with("cards_after=lots is not a number; keeping"),
        "{notes:?}"
    );
    assert!(
        notes[1].starts_with("scheme=magic is not one of modulo, ring"),
        "{notes:?}"
    );
}

#[test]
fn unknown_keys_and_bad_options_are_named_not_fatal() {
    let (s, notes) = decode("topic=warp-drive&preset=nope&fix=1&utm_source=mail&challenge=C9");
    let first = topics::all().next().unwrap();
    assert_eq!(s.topic, first.id());
    let all = notes.join(" ");
    for want in [
        "There is no topic “warp-drive”",
        "preset=nope is not a story",
        "fix=1 needs a story",
        "challenge=C9 is not one of",
        "utm_source",
    ] {
        assert!(all.contains(want), "missing “{want}” in {notes:?}");
    }
    let (s, notes) = decode(
        "tries=0&chart_height=5000px&hide=hints,sparkles&lock=cards,zzz&embed=maybe&fixed_seed=-1",
    );
    let all = notes.join(" ");
    for want in [
        "tries=0 is below the minimum 1; using 1.",
        "chart_height=5000px is above the maximum 800 px; using 800 px.",
        "hide=sparkles is not one of",
        "has no parameter cards, zzz",
        "embed=maybe is not 1 or 0",
        "fixed_seed=-1 is not a whole number",
    ] {
        assert!(all.contains(want), "missing “{want}” in {notes:?}");
    }
    assert_eq!(s.embed.tries, Some(1));
    assert_eq!(s.embed.chart_height, Some(CHART_HEIGHT.1));
    assert!(s.embed.hide.hints);
    // However much is wrong, the notice stays a few sentences.
    let (_, notes) =
        decode("a=1&b=2&cards_after=x&vnodes=y&scheme=z&tries=q&fix=w&embed=e&hide=h&lock=l&ask=k");
    assert_eq!(notes.len(), 8, "{notes:?}");
    assert!(notes[7].starts_with("…and "), "{notes:?}");
}

#[test]
fn a_theme_is_kept_and_a_wrong_one_said() {
    for t in THEMES {
        let q = format!("topic=consistent-hashing&embed=1&theme={t}");
        let (s, notes) = decode(&q);
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(s.embed.theme, Some(t));
        assert_eq!(encode(&s), q);
    }
    let (s, notes) = decode("topic=consistent-hashing&theme=Dark");
    assert_eq!((s.embed.theme, notes.len()), (Some("dark"), 0));
    let (s, notes) = decode("topic=consistent-hashing&theme=neon");
    assert_eq!(s.embed.theme, None);
    assert_eq!(
        notes,
        ["theme=neon is not one of light, dark, projector; ignored."]
    );
}

#[test]
fn a_huge_link_is_read_quickly_and_said_to_be_cut() {
    let q = format!(
        "topic=consistent-hashing&{}cards_after=100",
        "x=1&".repeat(200_000)
    );
    let (s, notes) = decode(&q);
    assert!(
        notes[0].contains("only the first 200 were read"),
        "{notes:?}"
    );
    // The key after the cut is not read.
    assert_eq!(
        s.params().get("cards_after"),
        topic("consistent-hashing").defaults().get("cards_after")
    );
}

#[test]
fn a_coming_topic_is_named() {
    let coming = topics::CATALOG.iter().find(|e| e.topic().is_none());
    if let Some(e) = coming {
        let (_, notes) = decode(&format!("topic={}", e.id()));
        assert!(notes[0].contains("coming soon"), "{notes:?}");
    }
}

#[test]
fn embed_options_and_views_round_trip() {
    let t = topic("consistent-hashing");
    let q = "topic=consistent-hashing&preset=modulo-plus-one&fix=1&cards_after=200&challenge=C2&challenge_seed=7&embed=1&lock=cards_before,scheme&hide=hints,score&tries=3&fixed_seed=42&chart_height=240";
    let (s, notes) = decode(q);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(s.preset, Some("modulo-plus-one"));
    assert!(s.fix);
    assert_eq!(s.params, vec![("cards_after", 200.0)]);
    assert_eq!(s.challenge.template.as_deref(), Some("C2"));
    assert_eq!(s.challenge.seed, Some(7));
    assert!(s.embed.on);
    assert_eq!(s.embed.lock, Lock::Some(vec!["cards_before", "scheme"]));
    assert!(s.locked("scheme") && !s.locked("cards_after"));
    assert!(s.embed.hide.hints && s.embed.hide.score && !s.embed.hide.solution);
    assert_eq!(s.embed.tries, Some(3));
    assert_eq!(s.embed.fixed_seed, Some(42));
    assert_eq!(s.embed.chart_height, Some(240));
    assert_eq!(encode(&s), q);
    // Lock names come back in spec order, and `all` locks every slider.
    let (s, _) = decode("topic=consistent-hashing&lock=scheme,cards_before");
    assert_eq!(s.embed.lock, Lock::Some(vec!["cards_before", "scheme"]));
    let (s, _) = decode("topic=consistent-hashing&lock=all");
    assert!(t.params().iter().all(|p| s.locked(p.name)));
    let (s, _) = decode("view=instructors&topic=consistent-hashing");
    assert_eq!(s.view, View::Instructors);
    assert_eq!(decode(&encode(&s)).0, s);
    let (s, notes) = decode("view=glossary");
    assert_eq!((s.view, notes.len()), (View::Glossary, 0));
    assert_eq!(decode(&encode(&s)).0, s);
    // A mock interview names its seed, which draws its problem and numbers.
    let (s, notes) = decode("view=interview&challenge_seed=1234");
    assert_eq!(
        (s.view, s.challenge.seed, notes.len()),
        (View::Interview, Some(1234), 0)
    );
    assert_eq!(decode(&encode(&s)).0, s);
    // Keys and values may arrive percent-encoded, and the last of a key wins.
    let (s, notes) =
        decode("?topic=consistent%2Dhashing&cards_after=1&cards_after=%32%30%30&scheme=Ring");
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(s.params().get("cards_after"), 200.0);
    assert_eq!(s.params().choice("scheme"), "ring");
}

/// `intro`: 1 opens the guided start, 0 hides its offer, absent offers it
/// closed; anything else is said and ignored.
#[test]
fn intro_reads_and_writes() {
    let (s, notes) = decode("topic=warm-pool&intro=1");
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(s.embed.intro, Some(true));
    assert_eq!(encode(&s), "topic=warm-pool&intro=1");
    let (s, _) = decode("topic=warm-pool&embed=1&intro=0");
    assert_eq!(s.embed.intro, Some(false));
    assert_eq!(decode(&encode(&s)).0, s);
    let (s, notes) = decode("topic=warm-pool&intro=maybe");
    assert_eq!(s.embed.intro, None);
    assert_eq!(notes.len(), 1);
    assert_eq!(decode("topic=warm-pool").0.embed.intro, None);
}

/// `predict`: on or off in the link, the view's default when absent (off on
/// a topic page, on in practice); anything else is said and ignored.
#[test]
fn predict_reads_writes_and_defaults_by_view() {
    let (s, notes) = decode("topic=warm-pool&preset=all-cold&embed=1&predict=on");
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(s.embed.predict, Some(true));
    assert!(s.embed.predicts(View::Topic));
    assert_eq!(
        encode(&s),
        "topic=warm-pool&preset=all-cold&embed=1&predict=on"
    );
    let (s, _) = decode("view=practice&predict=0");
    assert_eq!(s.embed.predict, Some(false));
    assert!(!s.embed.predicts(View::Practice));
    assert!(encode(&s).ends_with("predict=off"));
    assert_eq!(decode(&encode(&s)).0, s);
    let (s, _) = decode("topic=warm-pool");
    assert_eq!(s.embed.predict, None);
    assert!(!s.embed.predicts(View::Topic) && s.embed.predicts(View::Practice));
    assert!(!encode(&s).contains("predict"));
    let (s, notes) = decode("topic=warm-pool&predict=maybe");
    assert_eq!(s.embed.predict, None);
    assert_eq!(notes, ["predict=maybe is not on or off; ignored."]);
}

/// `kinds`: the practice page's kinds of question, in canonical order;
/// unknown words are said and dropped, none known means all.
#[test]
fn kinds_name_the_practice_pages_questions() {
    let (s, notes) = decode("view=practice&kinds=order,Numbers,lever");
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(s.embed.kinds, Some(vec!["numbers", "lever", "order"]));
    assert_eq!(
        encode(&s),
        "view=practice&topic=consistent-hashing&kinds=numbers,lever,order"
    );
    assert_eq!(decode(&encode(&s)).0, s);
    let (s, notes) = decode("view=practice&kinds=riddles,choice");
    assert_eq!(s.embed.kinds, Some(vec!["choice"]));
    assert_eq!(notes.len(), 1, "{notes:?}");
    let (s, _) = decode("view=practice&kinds=riddles");
    assert_eq!(s.embed.kinds, None);
}

#[test]
fn compare_names_a_comparison_the_page_can_show() {
    for t in topics::all() {
        let id = t.id();
        let Some(spec) = topics::scene(id) else {
            let (s, notes) = decode(&format!("topic={id}&compare=anything"));
            assert_eq!(s.compare, None);
            assert!(notes[0].contains("has no scene to compare"), "{notes:?}");
            continue;
        };
        let (s, notes) = decode(&format!("topic={id}&compare=no-such-thing"));
        assert_eq!(s.compare, None);
        assert!(notes[0].contains("compare=no-such-thing"), "{notes:?}");
        for c in spec.comparisons {
            // Shown, written back canonically, read back the same.
            let q = format!("topic={id}&compare={}", c.id);
            let (s, notes) = decode(&q);
            assert!(notes.is_empty(), "{q}: {notes:?}");
            assert_eq!(s.compare, Some(c.id));
            assert_eq!(encode(&s), q);
            let (s, _) = decode(&format!("topic={id}&compare={}", c.id.to_uppercase()));
            assert_eq!(s.compare, Some(c.id), "ids read in any case");
            // A locked parameter cannot be changed by a comparison either.
            let (s, notes) = decode(&format!("{q}&embed=1&lock={}", c.param));
            assert_eq!(s.compare, None);
            assert!(notes[0].contains("keeps fixed"), "{notes:?}");
            let (s, notes) = decode(&format!("{q}&lock=all"));
            assert_eq!(s.compare, None, "{notes:?}");
            // Nothing to compare when the scene is hidden.
            let (s, notes) = decode(&format!("{q}&hide=scene"));
            assert_eq!(s.compare, None);
            assert!(s.embed.hide.scene);
            assert!(notes[0].contains("the scene is hidden"), "{notes:?}");
        }
    }
}

#[test]
fn hide_words_read_and_write_each_flag() {
    for w in Hide::WORDS {
        let mut h = Hide::default();
        assert!(!h.is(w));
        h.set(w, true);
        assert!(h.is(w));
        assert_eq!(Hide::WORDS.iter().filter(|x| h.is(x)).count(), 1);
        let first = fleetlab::topics::all().next().unwrap().id();
        let (s, notes) = decode(&format!("topic={first}&hide={}", w.to_uppercase()));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(s.embed.hide, h);
        assert_eq!(encode(&s), format!("topic={}&hide={w}", s.topic));
    }
    assert!(!Hide::default().is("sparkles"));
}

#[test]
fn ask_about_the_page_needs_a_template_that_mirrors_it() {
    for t in topics::all() {
        for tpl in challenge::templates(t) {
            let (s, notes) = decode(&format!("topic={}&challenge={}&ask=page", t.id(), tpl.id));
            assert_eq!(
                s.challenge.live,
                mirrors_page(&tpl),
                "{} {}",
                t.id(),
                tpl.id
            );
            assert_eq!(notes.is_empty(), mirrors_page(&tpl), "{notes:?}");
        }
    }
}

// ---- property tests ----

fn value_in(spec: &'static ParamSpec) -> BoxedStrategy<f64> {
    match spec.kind {
        ParamKind::Choice(options) => (0..options.len()).prop_map(|i| i as f64).boxed(),
        ParamKind::Number { min, max, .. } => {
            if spec.is_integer() {
                (min as i64..=max as i64).prop_map(|v| v as f64).boxed()
            } else {
                (min..=max).boxed()
            }
        }
    }
}

/// Any valid state: a built topic, maybe a story and its fix, any values
/// inside the specs, a template of the topic, seeds, embed options.
fn valid_state() -> impl Strategy<Value = State> {
    let built: Vec<&'static dyn Topic> = topics::all().collect();
    (0..built.len()).prop_flat_map(move |ti| {
        let t = built[ti];
        let n_presets = t.presets().len();
        let values: Vec<BoxedStrategy<Option<f64>>> = t
            .params()
            .iter()
            .map(|s| proptest::option::weighted(0.4, value_in(s)).boxed())
            .collect();
        let n_templates = challenge::templates(t).len();
        let names: Vec<&'static str> = t.params().iter().map(|s| s.name).collect();
        let comparisons = topics::scene(t.id()).map_or(&[][..], |s| s.comparisons);
        (
            0..=comparisons.len(),
            0..=n_presets,
            any::<bool>(),
            values,
            0..=n_templates,
            proptest::option::of(0..=MAX_SEED),
            any::<bool>(),
            (
                any::<bool>(),
                0..3u8,
                proptest::collection::vec(any::<bool>(), names.len()),
                any::<[bool; 6]>(),
                proptest::option::of(1..=MAX_TRIES),
                proptest::option::of(0..=MAX_SEED),
                proptest::option::of(CHART_HEIGHT.0..=CHART_HEIGHT.1),
                0..6u8,
                (0..3u8, 0..3u8),
                proptest::option::of(proptest::sample::select(THEMES.to_vec())),
                (
                    proptest::option::of(any::<bool>()),
                    proptest::option::of(proptest::collection::vec(any::<bool>(), 5)),
                ),
            ),
        )
            .prop_map(
                move |(
                    compare,
                    pi,
                    fix,
                    values,
                    tpl,
                    seed,
                    live,
                    (
                        on,
                        lock,
                        pick,
                        hide,
                        tries,
                        fixed,
                        height,
                        view,
                        (questions, actor),
                        theme,
                        (predict, kinds),
                    ),
                )| {
                    let mut s = State::new(t);
                    s.view = [
                        View::Topic,
                        View::Practice,
                        View::Instructors,
                        View::Home,
                        View::Glossary,
                        View::Interview,
                    ][view as usize];
                    if pi < n_presets {
                        let p = &t.presets()[pi];
                        s.preset = Some(p.id);
                        s.fix = fix && p.fix.is_some();
                    }
                    let mut params = s.baseline();
                    for (i, v) in values.iter().enumerate() {
                        if let Some(v) = v {
                            params.set_clamped(i, *v);
                        }
                    }
                    s.set_params(&params);
                    let templates = challenge::templates(t);
                    if tpl < templates.len() {
                        s.challenge.template = Some(templates[tpl].id.clone());
                    }
                    s.challenge.seed = seed;
                    let shown = s
                        .challenge
                        .template
                        .as_ref()
                        .and_then(|id| templates.iter().find(|x| &x.id == id))
                        .or(templates.first());
                    s.challenge.live = live && shown.is_some_and(mirrors_page);
                    let locked: Vec<&'static str> = names
                        .iter()
                        .zip(&pick)
                        .filter(|(_, on)| **on)
                        .map(|(n, _)| *n)
                        .collect();
                    s.embed = Embed {
                        on,
                        lock: match lock {
                            0 => Lock::None,
                            1 => Lock::All,
                            _ if locked.is_empty() => Lock::None,
                            _ => Lock::Some(locked),
                        },
                        hide: Hide {
                            hints: hide[0],
                            solution: hide[1],
                            score: hide[2],
                            practice: hide[3],
                            stories: hide[4],
                            scene: hide[5],
                        },
                        tries,
                        fixed_seed: fixed,
                        chart_height: height,
                        questions: [None, Some(Questions::Page), Some(Questions::Drawn)]
                            [questions as usize],
                        actor: match actor {
                            0 => None,
                            1 => Agent::from_link("mailto:jo@example.org", None).ok(),
                            _ => Agent::from_link("jo 1&2", Some("https://lms.example.org/x?y=z"))
                                .ok(),
                        },
                        theme,
                        predict,
                        intro: predict.map(|p| !p),
                        kinds: kinds
                            .map(|on| {
                                KIND_WORDS
                                    .iter()
                                    .zip(on)
                                    .filter(|(_, on)| *on)
                                    .map(|(k, _)| *k)
                                    .collect::<Vec<_>>()
                            })
                            .filter(|k| !k.is_empty()),
                        // Graded keys, from values drawn above.
                        graded: on && fix,
                        salt: seed.filter(|_| on),
                        only: (on && fix && tpl < templates.len())
                            .then(|| vec![templates[tpl].id.clone()]),
                        spent: templates
                            .first()
                            .filter(|_| on && live)
                            .map(|t| {
                                let spent = Spent {
                                    tries: tries.unwrap_or(0),
                                    solved: fix,
                                };
                                vec![(t.id.clone(), spent)]
                            })
                            .unwrap_or_default(),
                    };
                    // A comparison the page can show: its parameter free,
                    // the scene on show.
                    s.compare = comparisons
                        .get(compare)
                        .filter(|c| !s.locked(c.param) && !s.embed.hide.scene)
                        .map(|c| c.id);
                    s
                },
            )
    })
}

/// The id of some topic's comparison (or a made-up one when no scene has
/// any).
fn comparison_id() -> BoxedStrategy<String> {
    let ids: Vec<String> = topics::all()
        .filter_map(|t| topics::scene(t.id()))
        .flat_map(|s| s.comparisons.iter().map(|c| c.id.to_string()))
        .chain(["no-such-comparison".to_string()])
        .collect();
    proptest::sample::select(ids).boxed()
}

/// Query-like text: real keys with wild values, wild keys, stray escapes.
fn queryish() -> impl Strategy<Value = String> {
    let mut keys: Vec<String> = KEYS.iter().map(|k| k.to_string()).collect();
    for t in topics::all() {
        keys.extend(t.params().iter().map(|s| s.name.to_string()));
    }
    let key = prop_oneof![
        3 => proptest::sample::select(keys),
        1 => "[a-z_%+=&]{0,12}",
    ];
    let value = prop_oneof![
        "[-+0-9.eE]{0,12}",
        "[a-zA-Z0-9,_%-]{0,16}",
        any::<f64>().prop_map(|v| v.to_string()),
        any::<String>(),
        proptest::sample::select(vec![
            "all".to_string(),
            "page".into(),
            "1".into(),
            "NaN".into(),
            "inf".into(),
            "-inf".into(),
            "1e999".into(),
            "%".into(),
            "%F".into(),
            "%FF%FE".into(),
            "18446744073709551616".into(),
            "consistent-hashing".into(),
            "load-balancing".into(),
            "modulo-plus-one".into(),
            "hints,solution,score,practice,stories,scene".into(),
        ]),
        comparison_id(),
    ];
    proptest::collection::vec((key, value), 0..12).prop_map(|pairs| {
        pairs
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("&")
    })
}

fn assert_inside_specs(s: &State) {
    let p = s.params();
    for (spec, v) in p.specs().iter().zip(p.values()) {
        assert!(
            spec.check(*v).is_ok(),
            "{}={v} is outside its spec",
            spec.name
        );
    }
    if let Some(n) = s.embed.tries {
        assert!((1..=MAX_TRIES).contains(&n));
    }
    if let Some(h) = s.embed.chart_height {
        assert!((CHART_HEIGHT.0..=CHART_HEIGHT.1).contains(&h));
    }
    for seed in [s.challenge.seed, s.embed.fixed_seed].into_iter().flatten() {
        assert!(seed <= MAX_SEED);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn decode_never_panics_on_any_text(q in any::<String>()) {
        let (s, notes) = decode(&q);
        assert_inside_specs(&s);
        prop_assert!(notes.len() <= 8);
    }

    #[test]
    fn decode_never_panics_on_query_like_text(q in queryish()) {
        let (s, notes) = decode(&q);
        assert_inside_specs(&s);
        prop_assert!(notes.len() <= 8);
        for n in &notes {
            prop_assert!(n.chars().count() < 400, "a short sentence: {}", n);
        }
        // What decode returns is canonical: writing it back and reading it
        // again changes nothing and needs no adjustment.
        let again = decode(&encode(&s));
        prop_assert_eq!(&again.0, &s);
        prop_assert!(again.1.is_empty(), "{:?}", again.1);
    }

    /// A page build serves an address only when `page_topic` names its
    /// topic: then decode opens that topic's page, whatever else it says.
    #[test]
    fn page_topic_names_the_page_decode_opens(q in queryish()) {
        let (s, _) = decode(&q);
        if let Some(id) = page_topic(&q) {
            if topics::find(&id).is_some() {
                prop_assert_eq!(s.view, View::Topic, "{}", q);
                prop_assert_eq!(s.topic, id.as_str(), "{}", q);
            }
        }
        // Any text: never a panic.
        let _ = page_topic(&format!("{q}%{q}"));
    }

    #[test]
    fn encode_then_decode_round_trips(s in valid_state()) {
        let q = encode(&s);
        let (back, notes) = decode(&q);
        prop_assert!(notes.is_empty(), "{}: {:?}", q, notes);
        prop_assert_eq!(&back, &s);
        prop_assert_eq!(back.params(), s.params());
        assert_inside_specs(&back);
    }

    /// The page asks `has_question_seed` (the learner's seed itself is
    /// worked out in the panel's part): it says what `question_seed` does.
    #[test]
    fn has_question_seed_is_whether_there_is_one(s in valid_state()) {
        prop_assert_eq!(s.has_question_seed(), s.question_seed().is_some());
    }
}

#[test]
fn page_topic_reads_the_topic_page_of_an_address() {
    for (q, want) in [
        ("?topic=autoscaling", Some("autoscaling")),
        (
            "topic=autoscaling&view=topic&preset=late-ramp",
            Some("autoscaling"),
        ),
        ("view=&topic=warm-pool", Some("warm-pool")),
        ("topic=warm-pool&topic=autoscaling", Some("autoscaling")),
        ("topic=%20autoscaling%20", Some("autoscaling")),
        ("topic=no-such-topic", Some("no-such-topic")),
        ("", None),
        ("topic=", None),
        ("view=practice&topic=autoscaling", None),
        ("view=home", None),
        ("topic=autoscaling&view=nonsense", None),
    ] {
        assert_eq!(page_topic(q).as_deref(), want, "{q}");
    }
}

#[test]
fn questions_and_the_learner_read_write_and_explain() {
    let q = "topic=consistent-hashing&embed=1&questions=drawn&actor=jo%20123&actor_home=https%3A%2F%2Flms.example.org";
    let (s, notes) = decode(q);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(s.embed.questions, Some(Questions::Drawn));
    assert_eq!(
        s.embed.actor.as_ref().map(Agent::link_values),
        Some(("jo 123".into(), Some("https://lms.example.org".into())))
    );
    assert_eq!(encode(&s), q);
    let q = "topic=consistent-hashing&questions=page&actor=mailto%3Ajo%40example.org";
    let (s, notes) = decode(q);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(s.embed.questions, Some(Questions::Page));
    assert_eq!(encode(&s), q);
    // What cannot be used is said and left out, never fatal.
    for (bad, says) in [
        ("questions=some", "questions=some is not “page” or “drawn”"),
        ("actor=jo", "give actor_home"),
        ("actor=mailto:jo", "needs an e-mail address"),
        (
            "actor=jo&actor_home=lms.example.org",
            "must be a web address",
        ),
        (
            "actor_home=https://lms.example.org",
            "actor_home needs an actor",
        ),
    ] {
        let (s, notes) = decode(&format!("topic=consistent-hashing&{bad}"));
        assert!(notes.iter().any(|n| n.contains(says)), "{bad}: {notes:?}");
        assert_eq!((s.embed.questions, s.embed.actor), (None, None), "{bad}");
    }
}

/// A topic parameter named `model` shares the link key with the model
/// switch: its values are never the switch's words.
#[test]
fn a_model_parameter_never_takes_the_switch_words() {
    use fleetlab::model::Assumptions;
    for t in topics::all() {
        for s in t.params().iter().filter(|s| s.name == "model") {
            let ParamKind::Choice(options) = s.kind else {
                panic!(
                    "{}: a numeric parameter named model would read 'production'",
                    t.id()
                );
            };
            for (word, _) in options {
                assert!(Assumptions::from_word(word).is_none(), "{}: {word}", t.id());
            }
        }
    }
}

/// `model=`: production on a topic that has a production model, with the
/// topic's own `model` parameter beside it; the seed card's otherwise, said.
#[test]
fn the_model_switch_reads_and_writes() {
    use fleetlab::model::Assumptions;
    // The seed card's model writes nothing.
    let (s, notes) = decode("topic=warm-pool&model=seed");
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(s.model, Assumptions::Seed);
    assert_eq!(encode(&s), "topic=warm-pool");
    // A word that is neither, on a topic with no model parameter: said.
    let (s, notes) = decode("topic=warm-pool&model=prod");
    assert_eq!(s.model, Assumptions::Seed);
    assert!(
        notes
            .iter()
            .any(|n| n.contains("model=prod is not seed or production")),
        "{notes:?}"
    );
    // A topic's own parameter named model is not the switch.
    let (s, notes) = decode("topic=inside-a-replica&model=70b");
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(s.model, Assumptions::Seed);
    assert_eq!(s.params().choice("model"), "70b");
    for t in topics::all() {
        let has = !t.about().differences.is_empty();
        let (s, notes) = decode(&format!("topic={}&model=production", t.id()));
        if !has {
            assert_eq!(s.model, Assumptions::Seed, "{}", t.id());
            assert!(
                notes.iter().any(|n| n.contains("no production model")),
                "{notes:?}"
            );
            continue;
        }
        assert!(notes.is_empty(), "{}: {notes:?}", t.id());
        assert_eq!(s.model, Assumptions::Production);
        assert!(
            s.params().production(),
            "{}: the values run under production",
            t.id()
        );
        let link = encode(&s);
        assert!(link.ends_with("&model=production"), "{link}");
        assert_eq!(decode(&link).0, s, "{}: {link}", t.id());
        // With a story and a parameter named model, both come back.
        if t.params().iter().any(|p| p.name == "model") {
            let (s, _) = decode(&format!("topic={}&model=70b&model=production", t.id()));
            assert_eq!(s.params().choice("model"), "70b");
            assert_eq!(s.model, Assumptions::Production);
            assert_eq!(decode(&encode(&s)).0, s);
        }
    }
}

/// `compare=model` shows the two models side by side where the topic's
/// scene runs closer to production, and is refused with a note elsewhere.
#[test]
fn compare_model_runs_the_two_models_where_the_scene_runs_both() {
    let mut offered = 0;
    for t in topics::all() {
        let id = t.id();
        let q = format!("topic={id}&compare=model");
        let (s, notes) = decode(&q);
        if topics::scene(id).is_some_and(|spec| spec.production) {
            offered += 1;
            assert!(notes.is_empty(), "{q}: {notes:?}");
            assert_eq!(s.compare, Some("model"));
            assert_eq!(encode(&s), q);
            let (s, _) = decode(&format!("{q}&model=production"));
            assert_eq!(s.compare, Some("model"), "whichever model the page runs");
        } else {
            assert_eq!(s.compare, None, "{q}");
            assert!(!notes.is_empty(), "{q}: a note says why");
        }
    }
    assert!(offered >= 1, "the tiers scene runs both models");
}

/// A question's own values (`challenge_values`, what a mock interview's
/// review writes) round-trip and ask that question; values that are not
/// names and numbers or words are dropped, all of them, with a note.
#[test]
fn a_question_named_by_its_values_round_trips() {
    let q =
        "topic=autoscaling&challenge=C1&challenge_seed=4&challenge_values=C:3000,P:9000,spare:1";
    let (s, notes) = decode(q);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(s.challenge.values.len(), 3);
    assert_eq!(encode(&s), q.replace(':', "%3A"));
    let t = topics::find("autoscaling").unwrap();
    let asked = topics::question_on(t, "C1", 4, &s.challenge.values).unwrap();
    assert_eq!(asked.answer, 4.0, "ceil(9000 / 3000) + 1");
    assert!(asked.text.contains("9,000"), "{}", asked.text);
    for bad in ["C", "C:", "C:1e999", "C:1,C:2", "C x:1", "C:a b", "C:NaN"] {
        let (s, notes) = decode(&format!(
            "topic=autoscaling&challenge=C1&challenge_values={bad}"
        ));
        assert!(s.challenge.values.is_empty(), "{bad}");
        assert!(
            notes.iter().any(|n| n.starts_with("challenge_values")),
            "{bad}: {notes:?}"
        );
    }
    // A name the template's draw does not have asks nothing (the page then
    // draws as usual).
    let values = vec![("nonsense".to_string(), "3".to_string())];
    assert!(topics::question_on(t, "C1", 4, &values).is_err());
}
