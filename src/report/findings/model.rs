//! The findings on models inside a paradigm: how much the model or encoding matters, and how
//! configuration variants compare with their default, over all instances, each ratio with its
//! interval, n and adjusted p, a difference named only when the comparison decides it.

use std::collections::BTreeMap;

use super::super::analysis::Analysis;
use super::super::finding::{Finding, Kind, Stated};
use super::super::winners::ablations;
use super::code;
use super::speed::ratio_of;
use crate::results::{base_solver, Results, Speed, Uncertainty, ALL_SCOPE};

/// How much the model or encoding matters inside a paradigm: each ablation pair over all
/// instances, and the runs each leaves unfinished.
pub(super) fn encoding(analysis: &Analysis, u: &Uncertainty) -> Option<Finding> {
    let mut f = Finding::new(Kind::Model);
    let clauses: Vec<String> = ablations(&analysis.pairings.per_size_all_modes)
        .into_iter()
        .filter_map(|(_, what, rows)| {
            let first = rows.first()?;
            let (weaker, stronger) = (first.a.as_str(), first.b.as_str());
            let speed = u.speed(ALL_SCOPE, weaker, stronger)?;
            let (ua, ub): (usize, usize) =
                rows.iter().fold((0, 0), |(a, b), p| (a + p.a_unfinished, b + p.b_unfinished));
            Some(format!(
                "{} against {} ({what}): {}; they leave {ua} and {ub} runs unfinished",
                code(weaker),
                code(stronger),
                difference(&mut f, &speed)
            ))
        })
        .collect();
    (!clauses.is_empty()).then(|| {
        f.says(format!(
            "The model matters where the comparison decides it (speed ratios over all instances, an unfinished run at \
             the PAR-2 penalty; *How much the encoding matters*, comparisons.csv): {}.",
            clauses.join("; ")
        ))
    })
}

/// A decided difference as `` `b` is faster by 3.1× (…) ``, an undecided one as `no significant
/// difference, t(…)/t(…) = …`.
fn difference(f: &mut Finding, speed: &Speed) -> String {
    if speed.decided() {
        format!("{} is faster by {}", code(&speed.faster), f.state(Stated::speed(speed)))
    } else {
        format!("no significant difference, {}", ratio_of(f, speed, None))
    }
}

/// How the config variants of a solver compare with it over all instances: those the comparison
/// decides faster or slower, by how much, and how many it cannot tell apart.
pub(super) fn variants(results: &Results, u: &Uncertainty) -> Option<Finding> {
    let solvers = results.solvers();
    let mut by_base: BTreeMap<&str, Vec<(&str, Speed)>> = BTreeMap::new();
    for s in &solvers {
        let base = base_solver(s);
        if base == s || !solvers.iter().any(|t| t == base) {
            continue;
        }
        if let Some(speed) = u.speed(ALL_SCOPE, s, base) {
            by_base.entry(base).or_default().push((s, speed));
        }
    }
    let mut f = Finding::new(Kind::Variants);
    let clauses: Vec<String> = by_base.iter().map(|(base, variants)| against_base(&mut f, base, variants)).collect();
    (!clauses.is_empty()).then(|| {
        f.says(format!(
            "Configuration variants against their default (speed ratios over all instances; *Variants against their \
             default*, comparisons.csv): {}.",
            clauses.join("; ")
        ))
    })
}

/// The clause of one default solver `base` and its `variants` (each with its comparison).
fn against_base(f: &mut Finding, base: &str, variants: &[(&str, Speed)]) -> String {
    let mut decided = Vec::new();
    let mut undecided = Vec::new();
    for (variant, speed) in variants {
        if speed.decided() {
            let side = if speed.faster == *variant { "faster" } else { "slower" };
            decided.push(format!("{} {side} by {}", code(variant), f.state(Stated::speed(speed))));
        } else {
            undecided.push(code(variant));
        }
    }
    let mut parts = decided;
    match undecided.len() {
        0 => {}
        1 => parts.push(format!("{} not significantly different", undecided[0])),
        k => parts.push(format!("{k} variants not significantly different ({})", undecided.join(", "))),
    }
    format!("against {}: {}", code(base), parts.join(", "))
}
