//! Consistent hashing closer to production (issue #33): after the resize
//! the fleet also loses its middle card. Jump hash (and modulo) number the
//! survivors again and move far more than the lost card's 1/n; a ring and
//! rendezvous hashing move about 1/n. The seed card's model unchanged. Run
//! with `--nocapture` to print both models' figures for each story ± fix.

mod common;

use common::fig;
use fleetlab::model::{Assumptions, Outcome, Params, Topic};

const T: &str = "consistent-hashing";

fn topic() -> &'static dyn Topic {
    common::topic(T)
}

fn story(preset: &str, fix: bool, a: Assumptions) -> Params {
    common::story(T, preset, fix, &[], a)
}

fn with(set: &[(&str, &str)], a: Assumptions) -> Outcome {
    topic().run(&common::page(T, set, a))
}

/// Every story with and without its fix.
fn stories() -> Vec<(&'static str, bool)> {
    common::stories(T)
}

/// Losing card L = ⌊n/2⌋ of n: jump hash moves the families of every card
/// from the lost one on, whose numbers all change, (n − L)/n of them, but
/// for the last card's that jump back onto it, 1/(n(n − 1)): many times the
/// least. A ring and rendezvous hashing move about the lost card's 1/n.
#[test]
fn losing_a_middle_card_renumbers_jump_hash_but_not_a_ring_or_rendezvous() {
    for n in [8usize, 33, 65, 128, 300] {
        let cards = n.to_string();
        let lost = n / 2;
        for scheme in ["jump", "rendezvous", "ring", "modulo"] {
            let o = with(
                &[
                    ("cards_after", &cards),
                    ("families", "100000"),
                    ("scheme", scheme),
                ],
                Assumptions::Production,
            );
            let moved = fig(&o, "loss_moved_share");
            let least = fig(&o, "loss_least_share");
            // The lost card's own families: about 1/n, and every scheme
            // moves at least them.
            let nf = n as f64;
            assert!(
                (least * nf - 1.0).abs() < 0.35,
                "{scheme} {n}: least {least}"
            );
            assert!(moved >= least - 1e-12, "{scheme} {n}: {moved} < {least}");
            println!("{scheme}, losing card {lost} of {n}: {moved:.4} moved, least {least:.4}");
            match scheme {
                "jump" => {
                    let renumbered = (n - lost) as f64 / nf - 1.0 / (nf * (nf - 1.0));
                    assert!(
                        (moved - renumbered).abs() < 0.01,
                        "{n}: {moved} vs {renumbered}"
                    );
                    // About half the families, whatever the fleet: ≫ 1/n.
                    assert!(moved > 0.45, "{n}");
                    assert!(n < 32 || moved > 15.0 * least, "{n}");
                }
                "modulo" => assert!(moved > 1.0 - 2.0 / n as f64, "{n}: {moved}"),
                // A ring without a bound and rendezvous move exactly the
                // lost card's families.
                _ => assert!(
                    (moved - least).abs() < 1e-12,
                    "{scheme} {n}: {moved} vs {least}"
                ),
            }
        }
    }
}

/// The +1 story: modulo fails the moved check under both models; its jump
/// fix passes on the seed card and fails closer to production, where
/// rendezvous and the ring pass.
#[test]
fn the_plus_one_fix_is_judged_again() {
    let seed = topic().run(&story("modulo-plus-one", true, Assumptions::Seed));
    let prod = topic().run(&story("modulo-plus-one", true, Assumptions::Production));
    assert!(seed.verdict("moved").unwrap().pass);
    let v = prod.verdict("moved").unwrap();
    assert!(!v.pass && v.value > 20.0, "{}", v.value);
    assert!(v.why.contains("rendezvous or a ring"), "{}", v.why);
    assert_eq!(fig(&seed, "moved_share"), fig(&prod, "moved_share"));
    for scheme in ["rendezvous", "ring"] {
        let mut p = story("modulo-plus-one", false, Assumptions::Production);
        p.apply(&[("scheme", scheme)]).unwrap();
        let o = topic().run(&p);
        assert!(o.verdict("moved").unwrap().pass, "{scheme}");
    }
    for a in Assumptions::ALL {
        let o = topic().run(&story("modulo-plus-one", false, a));
        assert!(!o.verdict("moved").unwrap().pass);
    }
}

/// The seed card's runs have no loss; production keeps every seed figure
/// and adds the loss's.
#[test]
fn the_seed_card_has_no_loss() {
    for (preset, fix) in stories() {
        let seed = topic().run(&story(preset, fix, Assumptions::Seed));
        let prod = topic().run(&story(preset, fix, Assumptions::Production));
        assert!(seed.get("loss_moved_share").is_none());
        for f in &seed.figures {
            assert_eq!(Some(f.value), prod.get(f.id), "{preset} {fix}: {}", f.id);
        }
        for f in &prod.figures {
            assert!(!f.value.is_nan(), "{preset} {fix}: {}", f.id);
        }
        println!(
            "{preset}{}: moved {:.4}; losing the middle card {:.4} (least {:.4}); moved check {} → {}",
            if fix { " + fix" } else { "" },
            fig(&prod, "moved_share"),
            fig(&prod, "loss_moved_share"),
            fig(&prod, "loss_least_share"),
            seed.verdict("moved").unwrap().value,
            prod.verdict("moved").unwrap().value,
        );
    }
}

/// The difference's check is judged on another value in some story.
#[test]
fn the_difference_moves_its_check() {
    let d = topic().about().differences;
    assert_eq!(d.len(), 1);
    for id in d[0].checks {
        assert!(stories().into_iter().any(|(p, f)| {
            let s = topic().run(&story(p, f, Assumptions::Seed));
            let q = topic().run(&story(p, f, Assumptions::Production));
            s.verdict(id).unwrap().value != q.verdict(id).unwrap().value
        }));
    }
}

/// With one card after the resize, nothing is lost and nothing balanced:
/// the moved check judges the resize alone, a note says there is no card
/// to lose, and the balance check says why it is not judged.
#[test]
fn one_card_after_the_resize_loses_none_and_balances_none() {
    for a in [Assumptions::Seed, Assumptions::Production] {
        let out = with(&[("cards_before", "4"), ("cards_after", "1")], a);
        let check = |id: &str| out.checks.iter().find(|c| c.id == id).unwrap();
        let moved = check("moved");
        assert!(!moved.why.contains("losing card"), "{}", moved.why);
        assert!(
            check("balance").why.contains("no other card"),
            "{}",
            check("balance").why
        );
        let said = |s: &str| out.notes.iter().any(|n| format!("{n:?}").contains(s));
        assert_eq!(said("none to lose"), a == Assumptions::Production);
        assert!(!said("survivors are numbered again"));
    }
}
