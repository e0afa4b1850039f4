//! What the replica topics (autoscaling, warm pool) share: the rent of one
//! replica for an hour, the parameter both read, from the seeds' worked
//! example of $2.50 an hour. Each topic says where it takes it from and
//! what it pays for (`ParamSpec { source, help, ..PRICE_PER_HOUR }`).

use crate::model::{ParamKind, ParamSpec, Unit};

/// The price of a replica-hour, $0.10 to $20 in steps of 5 cents, $2.50 by
/// default.
pub const PRICE_PER_HOUR: ParamSpec = ParamSpec {
    name: "price_per_hour",
    label: "Price per replica-hour",
    unit: Unit::UsdPerHour,
    kind: ParamKind::range(0.1, 20.0, 0.05),
    default: 2.5,
    source: "",
    help: "",
};
