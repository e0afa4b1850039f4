//! Typed inputs: a topic's run reads its [`Params`](super::Params) once into a
//! plain struct, one field per value it needs. [`typed_input!`] writes that
//! struct and its `read` from one list, so each field is named once, beside
//! the expression that reads it.

/// Declares a typed input: a struct and its `read(&Params)`, from one list of
/// `name: Type = expression` fields.
///
/// The struct's visibility goes to every field and to `read`; attributes and
/// doc comments (on the struct and on each field) are kept. `from p` names
/// the parameters inside the expressions. The fields are read in order, each
/// into a local of its own name, so an expression may use the fields above
/// it (`trough` below is clamped to the `peak` just read). Methods go in
/// their own `impl` block after the macro.
///
/// ```text
/// typed_input! {
///     /// The parameters of one run.
///     #[derive(Clone, Copy, Debug)]
///     pub(super) struct Input from p {
///         /// Cards in the fleet (at least 2).
///         n: usize = p.count("cards").max(2),
///         peak: f64 = p.get("peak").max(1.0),
///         trough: f64 = p.get("trough").clamp(0.0, peak),
///         balancer: Balancer = Balancer::from_word(p.choice("policy")),
///     }
/// }
///
/// impl Input {
///     pub(super) fn spread(&self) -> f64 {
///         self.peak - self.trough
///     }
/// }
/// ```
macro_rules! typed_input {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident from $p:ident {
            $(
                $(#[$field_meta:meta])*
                $field:ident: $ty:ty = $read:expr
            ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis struct $name {
            $(
                $(#[$field_meta])*
                $vis $field: $ty,
            )+
        }

        impl $name {
            /// Reads the run's parameters, field by field in the order
            /// declared.
            $vis fn read($p: &$crate::model::Params) -> $name {
                $(
                    let $field: $ty = $read;
                )+
                $name { $($field),+ }
            }
        }
    };
}

pub(crate) use typed_input;

#[cfg(test)]
mod tests {
    use crate::model::{ParamKind, ParamSpec, Params, Unit};

    static SPECS: [ParamSpec; 2] = [
        ParamSpec::bare(
            "peak",
            "Peak",
            Unit::None,
            ParamKind::range(0.0, 10.0, 0.5),
            4.0,
        ),
        ParamSpec::bare(
            "trough",
            "Trough",
            Unit::None,
            ParamKind::range(0.0, 10.0, 0.5),
            6.0,
        ),
    ];

    typed_input! {
        /// Two fields, the second reading the first.
        struct Pair from p {
            /// At least 1.
            peak: f64 = p.get("peak").max(1.0),
            trough: f64 = p.get("trough").min(peak),
        }
    }

    #[test]
    fn fields_read_in_order_and_see_the_ones_above() {
        let pair = Pair::read(&Params::defaults(&SPECS));
        assert_eq!((pair.peak, pair.trough), (4.0, 4.0));
    }
}
