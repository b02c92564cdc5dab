//! The findings on speed: which solver is fastest at each size and by how much, the PAR-2
//! ranking, and the origin study's comparison of ILP against backtracking. A solver is named the
//! faster only when the comparison decides it ([`Speed::decided`]: Wilcoxon's test significant
//! after Holm's adjustment, the ratio's interval above 1); otherwise the finding says the two are
//! not told apart, with the same numbers.

use std::collections::BTreeMap;

use super::super::analysis::Analysis;
use super::super::finding::{Finding, Kind, Stated, What};
use super::super::winners::{paradigm_name, region, Fastest};
use super::{code, Figures};
use crate::experiment::figure::Figure;
use crate::results::stats::Quantity;
use crate::results::{
    cell_scope, fmt_round_seconds, paradigm, Group, Paradigm, Results, Speed, Uncertainty, ALL_SCOPE, PAR_FACTOR,
};

/// What the statistics say of one size's two fastest solvers.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Verdict {
    /// No solver finished a run.
    Nobody,
    /// One solver only, or no comparison: named without a margin.
    Alone(String),
    /// The comparison decides the faster.
    Decided(Speed),
    /// The two fastest are not told apart.
    Undecided(Speed),
}

impl Verdict {
    /// The region key: the decided winner, the lone solver, or `None` (nobody, or undecided).
    fn winner(&self) -> Option<&str> {
        match self {
            Verdict::Alone(s) => Some(s),
            Verdict::Decided(speed) => Some(&speed.faster),
            Verdict::Nobody | Verdict::Undecided(_) => None,
        }
    }
}

/// The verdict at one size of one group.
pub(super) fn verdict(row: &Fastest, u: &Uncertainty) -> Verdict {
    let Some(w) = row.winner() else { return Verdict::Nobody };
    let speed = row.runner_up().and_then(|r| u.speed(&cell_scope(&row.mode, row.n), &w.solver, &r.solver));
    match speed {
        None => Verdict::Alone(w.solver.clone()),
        Some(speed) if speed.decided() => Verdict::Decided(speed),
        Some(speed) => Verdict::Undecided(speed),
    }
}

/// Which solver is fastest at each size, per group (mode or set), where the data decide it.
pub(super) fn fastest(analysis: &Analysis, u: &Uncertainty, figures: &Figures) -> Option<Finding> {
    let mut per_group: BTreeMap<&Group, Vec<&Fastest>> = BTreeMap::new();
    for row in &analysis.fastest {
        per_group.entry(&row.mode).or_default().push(row);
    }
    if per_group.is_empty() {
        return None;
    }
    let mut f = Finding::new(Kind::Fastest);
    let clauses: Vec<String> = per_group
        .iter()
        .map(|(group, rows)| {
            let prefix = if per_group.len() > 1 { format!("{group}: ") } else { String::new() };
            format!("{prefix}{}", regions(&mut f, rows, u))
        })
        .collect();
    let text = format!(
        "Fastest solver by size (lowest median time among the solvers that finish the most runs, named only where \
         Wilcoxon's signed-rank test against the runner-up is significant after Holm's adjustment and the speed \
         ratio's 95 % interval lies above 1; a ratio is the geometric mean of t(runner-up)/t(winner) over every \
         instance, an unfinished run at the PAR-2 penalty; *Summary*, comparisons.csv{}): {}.",
        figures.cite(Figure::Cactus),
        clauses.join("; ")
    );
    Some(f.says(text))
}

/// The verdicts of one group's sizes, consecutive sizes with the same winner (or none) as one
/// region, each stated at its largest N.
fn regions(f: &mut Finding, rows: &[&Fastest], u: &Uncertainty) -> String {
    let sizes: Vec<usize> = rows.iter().map(|row| row.n).collect();
    let verdicts: Vec<(usize, Verdict)> = rows.iter().map(|row| (row.n, verdict(row, u))).collect();
    let mut spans: Vec<(Option<&str>, Vec<usize>, &Verdict)> = Vec::new();
    for (n, v) in &verdicts {
        match spans.last_mut() {
            Some((w, ns, last)) if *w == v.winner() && same_kind(last, v) => {
                ns.push(*n);
                *last = v;
            }
            _ => spans.push((v.winner(), vec![*n], v)),
        }
    }
    let parts: Vec<String> = spans
        .iter()
        .map(|(_, ns, v)| {
            let place = if sizes.len() == 1 { super::sizes_text(ns) } else { region(ns, &sizes) };
            let place =
                if place.starts_with("at ") || place.starts_with("from ") { place } else { format!("at {place}") };
            let n = *ns.last().expect("a span has a size");
            let at = if ns.len() > 1 { format!(" at N = {n}") } else { String::new() };
            match v {
                Verdict::Nobody => format!("no solver finishes a run {place}"),
                Verdict::Alone(w) => format!("{} ({}) {place}", paradigm_name(w), code(w)),
                Verdict::Decided(speed) => format!(
                    "{} ({}) {place}, ahead of {}{at} by {}",
                    paradigm_name(&speed.faster),
                    code(&speed.faster),
                    code(&speed.slower),
                    f.state(Stated::speed(speed).at(n))
                ),
                Verdict::Undecided(speed) if ns.len() == 1 => format!(
                    "{place} no significant difference between the two fastest, {} and {}: {}",
                    code(&speed.faster),
                    code(&speed.slower),
                    ratio_of(f, speed, Some(n))
                ),
                // A region: its sizes may have different pairs; the largest N's is stated.
                Verdict::Undecided(speed) => format!(
                    "{place} no significant difference between the two fastest (at N = {n}, {} and {}: {})",
                    code(&speed.faster),
                    code(&speed.slower),
                    ratio_of(f, speed, Some(n))
                ),
            }
        })
        .collect();
    parts.join("; ")
}

/// `true` when two verdicts belong in one region: both nobody, both undecided, or both naming one
/// winner (decided or alone).
fn same_kind(a: &Verdict, b: &Verdict) -> bool {
    matches!(
        (a, b),
        (Verdict::Nobody, Verdict::Nobody)
            | (Verdict::Undecided(_), Verdict::Undecided(_))
            | (Verdict::Decided(_) | Verdict::Alone(_), Verdict::Decided(_) | Verdict::Alone(_))
    )
}

/// The PAR-2 ranking over all runs, each score with its interval, and whether the first two are
/// told apart.
pub(super) fn par2(results: &Results, u: &Uncertainty, figures: &Figures) -> Option<Finding> {
    let mut scored: Vec<(&str, crate::results::stats::Estimate, f64)> = results
        .solvers()
        .iter()
        .filter_map(|s| {
            let e = u.estimate(ALL_SCOPE, s, Quantity::Par2)?;
            let solved = u.estimate(ALL_SCOPE, s, Quantity::SolvedShare)?;
            Some((e.solver.as_str(), e.as_estimate(), solved.estimate))
        })
        .collect();
    if scored.is_empty() {
        return None;
    }
    scored.sort_by(|a, b| a.1.value.total_cmp(&b.1.value).then_with(|| a.0.cmp(b.0)));
    let mut f = Finding::new(Kind::Par2);
    let limit = results.time_limit.map_or_else(|| "the limit".to_owned(), fmt_round_seconds);
    let mut entry = |(s, e, solved): &(&str, crate::results::stats::Estimate, f64)| {
        let par2 = f.state(Stated::estimate(What::Par2, &[s], e));
        let finished = (solved * e.n as f64).round();
        let finished = f.state(Stated::new(What::Finished, &[s], finished));
        format!("{} {par2}, {finished} solved", code(s))
    };
    let mut listed: Vec<String> = scored.iter().take(4).map(&mut entry).collect();
    if scored.len() > 4 {
        if let Some(last) = scored.last() {
            listed.push(format!("… {}", entry(last)));
        }
    }
    let first = match scored.as_slice() {
        [a, b, ..] => match u.speed(ALL_SCOPE, a.0, b.0) {
            Some(speed) if speed.decided() && speed.faster == a.0 => {
                format!("; {} ranks first, faster than {} by {}", code(a.0), code(b.0), f.state(Stated::speed(&speed)))
            }
            Some(speed) if speed.decided() => format!(
                "; {} ranks first by its mean, yet {} is faster instance by instance (geometric mean) by {}",
                code(a.0),
                code(&speed.faster),
                f.state(Stated::speed(&speed))
            ),
            Some(speed) => format!(
                "; the first two, {} and {}, are not told apart: {}",
                code(&speed.faster),
                code(&speed.slower),
                ratio_of(&mut f, &speed, None)
            ),
            None => String::new(),
        },
        _ => String::new(),
    };
    let text = format!(
        "PAR-2 over all instances (mean time, a run not finished counted as {PAR_FACTOR} × {limit}; bootstrap \
         intervals; *Summary*, estimates.csv{}): {}{first}.",
        figures.cite(Figure::Cactus),
        listed.join(", ")
    );
    Some(f.says(text))
}

/// ILP against backtracking: the origin study's pair (`ilp-edge`, `backtrack-naive`) when both ran,
/// else the best of each paradigm by PAR-2; over all instances, then per N of `mode`.
pub(super) fn origin(
    results: &Results,
    u: &Uncertainty,
    ranking: &[String],
    mode: Option<&Group>,
    figures: &Figures,
) -> Option<Finding> {
    let solvers = results.solvers();
    let has = |s: &str| solvers.iter().any(|t| t == s);
    let best = |p: Paradigm| ranking.iter().map(String::as_str).find(|s| paradigm(s) == Some(p));
    let (ilp, bt, what, figure) = if has("ilp-edge") && has("backtrack-naive") {
        // The origin pair's figure; when it is also the fastest pair, the scatter of the fastest.
        let fastest: Vec<&str> = ranking.iter().take(2).map(String::as_str).collect();
        let figure = if fastest.contains(&"ilp-edge") && fastest.contains(&"backtrack-naive") {
            Figure::ScatterFastest
        } else {
            Figure::ScatterOrigin
        };
        (
            "ilp-edge",
            "backtrack-naive",
            "The origin study's comparison, ILP (edge model) against naive backtracking",
            Some(figure),
        )
    } else {
        (best(Paradigm::Ilp)?, best(Paradigm::Backtracking)?, "ILP against backtracking", None)
    };
    let speed = u.speed(ALL_SCOPE, ilp, bt)?;
    let mut f = Finding::new(Kind::Origin);
    let overall = compared(&mut f, &speed, None);
    let per_n: Vec<String> = mode
        .map(|mode| {
            let mut sizes: Vec<usize> = results.rows.iter().filter(|r| Group::of(r) == *mode).map(|r| r.n).collect();
            sizes.sort_unstable();
            sizes.dedup();
            sizes
                .into_iter()
                .filter_map(|n| {
                    let speed = u.speed(&cell_scope(mode, n), ilp, bt)?;
                    Some(format!("N = {n}: {}", compared(&mut f, &speed, Some(n))))
                })
                .collect()
        })
        .unwrap_or_default();
    let trend = match (per_n.len(), mode) {
        (2.., Some(mode)) => format!("; per N ({mode}): {}", per_n.join("; ")),
        _ => String::new(),
    };
    let cite = match figure.filter(|f| figures.0.contains(f)) {
        Some(figure) => format!("*Speed ratios*, {figure}.png, comparisons.csv"),
        None => "*Speed ratios*, comparisons.csv".to_owned(),
    };
    Some(f.says(format!("{what} ({cite}): over all instances {overall}{trend}.")))
}

/// A comparison as a clause: `` `a` is faster than `b` by 3.1× (…) `` when decided, else ``no
/// significant difference, t(`b`)/t(`a`) = 1.1× (…)``.
fn compared(f: &mut Finding, speed: &Speed, n: Option<usize>) -> String {
    if speed.decided() {
        let stated = Stated::speed(speed);
        let claim = f.state(match n {
            Some(n) => stated.at(n),
            None => stated,
        });
        format!("{} is faster than {} by {claim}", code(&speed.faster), code(&speed.slower))
    } else {
        format!("no significant difference, {}", ratio_of(f, speed, n))
    }
}

/// An undecided comparison's ratio, naming no winner: `` t(`a`)/t(`b`) = 1.02× (…) ``.
pub(super) fn ratio_of(f: &mut Finding, speed: &Speed, n: Option<usize>) -> String {
    let stated = Stated::speed(speed);
    let claim = f.state(match n {
        Some(n) => stated.at(n),
        None => stated,
    });
    format!("t({})/t({}) = {claim}", code(&speed.slower), code(&speed.faster))
}
