//! The finding and the conclusion on the root LPs: per size, which formulation's LP relaxation
//! decides most on its own, and whether McNemar's test tells it apart from the others
//! ([`crate::report::root_lp::leads`]); the LP times at the largest size.

use super::super::finding::{Finding, Kind, Stated, What};
use super::super::root_lp::{leads, Lead};
use super::code;
use crate::results::{Group, RootCell, Uncertainty};

/// The decided share of `cell` as a stated number at its N.
fn decided(f: &mut Finding, cell: &RootCell) -> String {
    f.state(Stated::estimate(What::DecidedShare, &[&cell.solver], &cell.decided).at(cell.n))
}

/// Per N of `mode`: the root LP deciding most, with the others it is told apart from (McNemar,
/// Holm-adjusted) and those it is not; `None` without root-only runs in `mode`.
pub(super) fn root(u: &Uncertainty, mode: &Group) -> Option<Finding> {
    let all = leads(u);
    let mut sizes: Vec<usize> = all.iter().filter(|l| l.leader.group == *mode).map(|l| l.leader.n).collect();
    sizes.dedup();
    if sizes.is_empty() {
        return None;
    }
    let mut f = Finding::new(Kind::RootLp);
    let mut parts = Vec::new();
    for n in sizes {
        let here: Vec<&Lead> = all.iter().filter(|l| l.leader.group == *mode && l.leader.n == n).collect();
        let leader = here[0].leader;
        let share = decided(&mut f, leader);
        let (apart, close): (Vec<&&Lead>, Vec<&&Lead>) = here.iter().partition(|l| l.decided());
        if apart.is_empty() {
            parts.push(format!(
                "N = {n}: no root LP told apart from the others (the most decided: {} {share})",
                code(&leader.solver)
            ));
            continue;
        }
        let beaten: Vec<String> = apart
            .iter()
            .map(|l| {
                let other = decided(&mut f, l.other);
                let p = l
                    .p_adjusted
                    .map_or(String::new(), |p| format!(", McNemar p_adj {}", super::super::finding::p_text(p)));
                format!("{} {other}{p}", code(&l.other.solver))
            })
            .collect();
        let rest = if close.is_empty() {
            String::new()
        } else {
            let names: Vec<String> = close.iter().map(|l| code(&l.other.solver)).collect();
            format!("; not told apart from {}", names.join(", "))
        };
        parts.push(format!(
            "N = {n}: {} decides {share}, more than {}{rest}",
            code(&leader.solver),
            beaten.join(" and ")
        ));
    }
    let text = format!(
        "What the LP relaxation decides alone ({mode} instances; *Root LP relaxations*, root_lp.png): {}.",
        parts.join("; ")
    );
    Some(f.says(text))
}

/// The conclusion: at the largest N of `mode` with root-only runs, each root LP's decided share
/// and median LP time, each with its interval and n, and the lowest α it decided a run at; `None`
/// without root-only runs.
pub(super) fn conclusion(u: &Uncertainty, mode: &Group) -> Option<String> {
    let n = u.roots.iter().filter(|c| c.group == *mode).map(|c| c.n).max()?;
    let cells: Vec<&RootCell> = u.roots.iter().filter(|c| c.group == *mode && c.n == n).collect();
    // The lowest α at which `solver`'s LP decided a run, at this N.
    let lowest = |solver: &str| {
        u.root_alphas
            .iter()
            .filter(|c| c.group == *mode && c.n == n && c.solver == solver && c.decided.value > 0.0)
            .filter_map(|c| c.alpha)
            .min()
    };
    let parts: Vec<String> = cells
        .iter()
        .map(|c| {
            let share = Stated::estimate(What::DecidedShare, &[&c.solver], &c.decided).text();
            let time = c.seconds.map_or(String::new(), |s| {
                format!(" in a median LP time of {}", Stated::estimate(What::LpSeconds, &[&c.solver], &s).text())
            });
            let unfinished = c.count(crate::results::RootClass::Unfinished);
            let stopped = if unfinished > 0 {
                format!(" ({unfinished} of {} not solved within the limit)", c.runs())
            } else {
                String::new()
            };
            let from = lowest(&c.solver).map_or(String::new(), |a| format!(", every decided run at α ≥ {a}"));
            format!("{} decides {share}{time}{stopped}{from}", code(&c.solver))
        })
        .collect();
    let told: Vec<String> = leads(u)
        .iter()
        .filter(|l| l.leader.group == *mode && l.leader.n == n && l.decided())
        .map(|l| format!("{} over {}", code(&l.leader.solver), code(&l.other.solver)))
        .collect();
    let verdict = if told.is_empty() {
        "No root LP is told apart from another there.".to_owned()
    } else {
        format!("Told apart (McNemar, Holm-adjusted): {}.", told.join(", "))
    };
    Some(format!(
        "**What the LP relaxation decides.** On {mode} instances at N = {n}, the share of runs each formulation's \
         root LP answers alone (integral point or infeasible LP): {}. {verdict}",
        parts.join("; ")
    ))
}
