//! Which model a run assumes. The seed cards simplify on purpose, and every
//! seed figure is reproduced under [`Assumptions::Seed`]; under
//! [`Assumptions::Production`] a topic swaps the simplifications its
//! [`Difference`]s name for what serving systems do, and nothing else, so a
//! story keeps its values and its checks and fixes are judged again.

/// The model a run assumes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Assumptions {
    /// The seed card's model: its figures exactly.
    #[default]
    Seed,
    /// Closer to production: each [`Difference`] of the topic taken as
    /// real systems take it.
    Production,
}

impl Assumptions {
    pub const ALL: [Assumptions; 2] = [Assumptions::Seed, Assumptions::Production];

    /// The word links and the CLI use (`model=production`).
    pub fn word(self) -> &'static str {
        match self {
            Assumptions::Seed => "seed",
            Assumptions::Production => "production",
        }
    }

    /// Reads [`Assumptions::word`], in any case.
    pub fn from_word(word: &str) -> Option<Assumptions> {
        Assumptions::ALL
            .into_iter()
            .find(|a| a.word().eq_ignore_ascii_case(word.trim()))
    }

    /// What a page calls it, on a topic whose first model is `base`.
    pub fn label(self, base: Base) -> &'static str {
        match self {
            Assumptions::Seed => base.label(),
            Assumptions::Production => "Closer to production",
        }
    }

    pub fn is_production(self) -> bool {
        self == Assumptions::Production
    }
}

/// Where a topic's first model ([`Assumptions::Seed`]) comes from: a seed
/// card's sketch (eight topics), or, for a topic no seed card sketches, the
/// figures it starts from. Its words name it on the page, so that a model no
/// seed card describes is never called a seed card's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Base {
    /// A seed card's model: its figures exactly.
    #[default]
    SeedCard,
    /// A roofline at the GPU datasheet's figures (inside one replica).
    Datasheet,
}

impl Base {
    /// The model switch's button ("The seed card's model").
    pub fn label(self) -> &'static str {
        match self {
            Base::SeedCard => "The seed card's model",
            Base::Datasheet => "The datasheet model",
        }
    }

    /// The same inside a sentence ("the seed card's model").
    pub fn phrase(self) -> &'static str {
        match self {
            Base::SeedCard => "the seed card's model",
            Base::Datasheet => "the datasheet model",
        }
    }

    /// Who makes a difference's simplification ("The seed card" assumes …).
    pub fn holder(self) -> &'static str {
        match self {
            Base::SeedCard => "The seed card",
            Base::Datasheet => "The datasheet model",
        }
    }

    /// The same inside a sentence, before "'s engine" or "'s figures".
    pub fn owner(self) -> &'static str {
        match self {
            Base::SeedCard => "the seed card",
            Base::Datasheet => "the datasheet model",
        }
    }
}

/// One place where a topic's seed card simplifies and production does
/// otherwise: what the card assumes, what real systems do, where that is
/// documented (in this project's words), and the figures of the page it
/// moves, which the page and the CLI show under both models, computed.
#[derive(Clone, Copy, Debug)]
pub struct Difference {
    /// Stable kebab-case id, unique within its topic.
    pub id: &'static str,
    /// A short title ("Per-card queues, or one queue per pool").
    pub title: &'static str,
    /// What the seed card assumes, in a sentence or two.
    pub card: &'static str,
    /// What production does instead, in a sentence or two.
    pub production: &'static str,
    /// Where production's behaviour is documented: a system's documentation
    /// or a paper, named and described, never quoted at length.
    pub source: &'static str,
    /// Ids of the topic's figures this difference moves.
    pub figures: &'static [&'static str],
    /// Ids of the topic's checks it judges otherwise.
    pub checks: &'static [&'static str],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_read_back() {
        for a in Assumptions::ALL {
            assert_eq!(Assumptions::from_word(a.word()), Some(a));
            assert_eq!(Assumptions::from_word(&a.word().to_uppercase()), Some(a));
        }
        assert_eq!(Assumptions::from_word("prod"), None);
        assert_eq!(Assumptions::default(), Assumptions::Seed);
    }
}
