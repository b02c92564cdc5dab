//! Seed luck: for runs with several solver seeds per instance, how far one instance's seeds
//! spread and how the variance of the log time splits between seeds and instances, per (group,
//! N, solver) at the solver's hardness peak and off it ([`crate::results::SeedLuck`]).

use std::fmt::Write as _;

use crate::results::stats::{Sig, INTERVAL_DIGITS};
use crate::results::{fmt_num, Place, Uncertainty};

/// The heading of the section.
pub const SEEDS_HEADING: &str = "## Seed luck";

/// The seed-luck table, when any instance was run with two solver seeds or more.
pub(crate) fn section(out: &mut String, u: &Uncertainty) {
    if u.seeds.is_empty() {
        return;
    }
    let _ = writeln!(out, "{SEEDS_HEADING}\n");
    out.push_str(
        "Each instance was run with several solver seeds. *Spread*: an instance's slowest seed's time over its \
         fastest's (PAR-2 times), the median over instances with its bootstrap 95 % CI. *Seed share*: the share of \
         the variance of the log time that lies between the seeds of one instance rather than between instances \
         (one-way random-effects analysis of variance, 1 − ICC(1), with its exact F interval; unfinished runs at \
         the PAR-2 penalty, so where many are unfinished it understates the seeds). *Where*: at the solver's \
         hardness peak α* in that sweep (another solver's where its own is not located), off it (the other α \
         pooled), or the whole cell. Rows of `estimates.csv`: \
         `seed_spread` and `seed_share`; `plot` draws each instance's seeds in `seed_spread.png`.\n\n",
    );
    out.push_str("| Group | N | Where | Solver | Instances | Seeds | Spread (95 % CI) | Seed share (95 % CI) |\n");
    out.push_str("|---|---:|---|---|---:|---:|---:|---:|\n");
    for luck in &u.seeds {
        let (spread, share) = (&luck.split.spread, &luck.split.share);
        let place = match luck.place {
            Place::Peak(alpha) => match &luck.peak_of {
                None => format!("peak α* = {}", crate::results::Alpha::new(alpha)),
                Some(other) => format!("peak α* = {} (`{other}`'s)", crate::results::Alpha::new(alpha)),
            },
            Place::OffPeak => "off the peak".to_owned(),
            Place::Whole => "all α".to_owned(),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {place} | `{}` | {} | {} | {}× ({}–{}) | {:.2} ({:.2}–{:.2}) |",
            luck.group,
            luck.n,
            luck.solver,
            share.n,
            seeds(luck.split.seeds),
            fmt_num(spread.value),
            Sig(spread.low, INTERVAL_DIGITS),
            Sig(spread.high, INTERVAL_DIGITS),
            share.value,
            share.low,
            share.high,
        );
    }
    out.push('\n');
}

/// Runs per instance: a whole number as itself, an average (unequal seeds per instance) to two
/// decimals.
fn seeds(k: f64) -> String {
    if k.fract() == 0.0 {
        format!("{k}")
    } else {
        format!("{k:.2}")
    }
}
