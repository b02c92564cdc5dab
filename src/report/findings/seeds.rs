//! The finding on seed luck: how much of a solver's time the solver seed decides, at the hardness
//! peak and off it, with intervals ([`crate::results::SeedLuck`]).

use super::super::finding::{Finding, Kind, Stated, What};
use super::code;
use crate::results::{Alpha, Group, Place, SeedLuck, Uncertainty};

/// At the largest N of `mode` with seed splits, the best-ranked solver's (PAR-2) seed share and
/// spread at its peak and off it (or over the whole cell); `None` without solver seeds.
pub(super) fn luck(u: &Uncertainty, ranking: &[String], mode: &Group) -> Option<Finding> {
    let mine = |l: &&SeedLuck| l.group == *mode;
    let n = u.seeds.iter().filter(mine).map(|l| l.n).max()?;
    let solver = ranking.iter().find(|s| u.seeds.iter().filter(mine).any(|l| l.n == n && &l.solver == *s))?;
    let splits: Vec<&SeedLuck> = u.seeds.iter().filter(mine).filter(|l| l.n == n && &l.solver == solver).collect();
    let mut f = Finding::new(Kind::Seeds);
    let parts: Vec<String> = splits
        .iter()
        .map(|l| {
            let share = f.state(Stated::estimate(What::SeedShare, &[solver], &l.split.share).at(n));
            let spread = f.state(Stated::estimate(What::SeedSpread, &[solver], &l.split.spread).at(n));
            let place = match l.place {
                Place::Peak(alpha) => match &l.peak_of {
                    None => format!("at its peak (α* = {})", Alpha::new(alpha)),
                    Some(other) => format!("at the peak (`{other}`'s α* = {})", Alpha::new(alpha)),
                },
                Place::OffPeak => "off the peak".to_owned(),
                Place::Whole => "over all α".to_owned(),
            };
            format!("{place} seeds hold a share {share} of the variance of its log time, and an instance's slowest seed takes {spread} its fastest's time at the median")
        })
        .collect();
    let text = format!(
        "Seed luck ({mode} instances, N = {n}, {}; *Seed luck*, estimates.csv): {}.",
        code(solver),
        parts.join("; ")
    );
    Some(f.says(text))
}
