//! The warm pool's notes: a pool larger than the burst only rents.

use super::params::Input;
use crate::model::{Note, Outcome};

pub(super) fn notes(inp: &Input, out: &mut Outcome) {
    if inp.warm > inp.shape.need {
        out.notes.push(Note::Info(format!(
            "{} warm replicas are more than the {} the burst needs: the extra {} only rent.",
            inp.warm,
            inp.shape.need,
            inp.warm - inp.shape.need
        )));
    }
}
