//! The findings on laws: how cost grows with N, where the hardness peak lies and whether the holes
//! there grow like the Latin-square law's, each with its interval ([`Uncertainty`]); and what stays
//! unresolved.

use std::collections::BTreeSet;

use super::super::analysis::Analysis;
use super::super::finding::{Finding, Kind, Stated, What};
use super::{code, sizes_text, Figures};
use crate::experiment::figure::Figure;
use crate::results::stats::{Center, Law, AIC_MARGIN, MIN_SIZES};
use crate::results::{fmt_round_seconds, Group, GrowthLaw, HardnessPeak, Results, Uncertainty, HOLES_EXPONENT};

/// How cost grows with N for the two best solvers (PAR-2) with a fit over the instances of `mode`:
/// the law the data name by AIC with its interval, or that the two laws cannot be told apart.
pub(super) fn growth(u: &Uncertainty, ranking: &[String], mode: &Group, figures: &Figures) -> Option<Finding> {
    let mut f = Finding::new(Kind::Growth);
    let fitted: Vec<String> = ranking
        .iter()
        .filter_map(|s| u.growth.iter().find(|g| &g.solver == s && g.group == *mode))
        .take(2)
        .map(|g| law(&mut f, g))
        .collect();
    if fitted.is_empty() {
        return None;
    }
    let text = format!(
        "Time grows with N ({mode} instances, pooled over α; each instance's time, an unfinished run at the PAR-2 \
         penalty; the law with the lower AIC is named when ΔAIC ≥ {AIC_MARGIN} over at least {MIN_SIZES} sizes; \
         *How cost grows with N*, estimates.csv{}): {}.",
        figures.cite(Figure::TimeVsN),
        fitted.join("; ")
    );
    Some(f.says(text))
}

/// One solver's growth as a clause, its numbers stated.
fn law(f: &mut Finding, g: &GrowthLaw) -> String {
    let solver = g.solver.as_str();
    let sizes = sizes_text(&g.sizes);
    let fit = &g.growth;
    let delta = format!("ΔAIC = {:.1}", fit.delta_aic.abs());
    let censored = match g.unfinished {
        0 => String::new(),
        1 => ", 1 run unfinished: a lower bound".to_owned(),
        k => format!(", {k} runs unfinished: a lower bound"),
    };
    match fit.law {
        Law::Polynomial => {
            let k = f.state(Stated::estimate(What::Exponent, &[solver], &fit.exponent));
            format!("{} polynomially, like N^k with k = {k}, over {sizes} ({delta}{censored})", code(solver))
        }
        Law::Exponential => {
            let b = f.state(Stated::estimate(What::Base, &[solver], &fit.base));
            format!("{} exponentially, like b^N with b = {b}, over {sizes} ({delta}{censored})", code(solver))
        }
        Law::Undecided => {
            let k = f.state(Stated::estimate(What::Exponent, &[solver], &fit.exponent));
            let b = f.state(Stated::estimate(What::Base, &[solver], &fit.base));
            format!(
                "for {} polynomial (k = {k}) and exponential (b = {b}) growth cannot be told apart from {} sizes \
                 ({delta}{censored})",
                code(solver),
                g.sizes.len()
            )
        }
    }
}

/// Where the hardness peak lies per N for the best solver (PAR-2) with a time peak at the most
/// sizes of `mode`, each α* with its interval; whether it moves; the holes at the peak against the
/// Latin-square law.
pub(super) fn peak(u: &Uncertainty, ranking: &[String], mode: &Group, figures: &Figures) -> Option<Finding> {
    let (solver, peaks) = peaks_to_state(u, ranking, mode)?;
    let mut f = Finding::new(Kind::Peak);
    let places: Vec<String> = peaks
        .iter()
        .map(|p| {
            let alpha = f.state(Stated::estimate(What::PeakAlpha, &[solver], &p.peak.estimate()).at(p.n));
            format!("α* = {alpha} at N = {}", p.n)
        })
        .collect();
    let mut text = format!(
        "The hardness peak ({mode}; the α of the largest {} of {}, bootstrap intervals over instances; \
         estimates.csv, *Hardness peak in α*{}) lies at {}",
        peak_measure(peaks[0], solver),
        code(solver),
        figures.cite(Figure::Phase),
        places.join(", ")
    );
    if let (Some(first), Some(last)) = (peaks.first(), peaks.last()) {
        if peaks.len() >= 2 {
            text.push_str(if last.peak.low > first.peak.high {
                ", moving to higher fill as N grows (the intervals at the smallest and largest N do not overlap)"
            } else if last.peak.high < first.peak.low {
                ", moving to lower fill as N grows (the intervals at the smallest and largest N do not overlap)"
            } else {
                "; the intervals at the smallest and largest N overlap, so the data do not show it moving"
            });
        }
    }
    if let Some(h) = u.holes.iter().find(|h| h.group == *mode && h.solver == solver) {
        let verdict = match (h.law.differs, h.law.exponent.low > HOLES_EXPONENT) {
            (false, _) => "consistent with",
            (true, true) => "steeper than",
            (true, false) => "shallower than",
        };
        let e = f.state(Stated::estimate(What::HolesExponent, &[solver], &h.law.exponent));
        text.push_str(&format!(
            "; the holes at the peak grow like N^e with e = {e} (the interval widened by the α grid's step), \
             {verdict} the Latin-square law's N^{HOLES_EXPONENT}"
        ));
    }
    text.push('.');
    Some(f.says(text))
}

/// The solver whose hardness peaks a finding states, with them: among the solvers with located
/// peaks in `mode` (not censored, not too shallow, not tied in most resamples), those whose peaks
/// are of their own search effort before those of time (a time peak can be the set-up's), then
/// the most sizes, then the best by PAR-2.
pub(super) fn peaks_to_state<'a>(
    u: &'a Uncertainty,
    ranking: &'a [String],
    mode: &Group,
) -> Option<(&'a str, Vec<&'a HardnessPeak>)> {
    let mut best: Option<(&str, Vec<&HardnessPeak>)> = None;
    let key = |peaks: &[&HardnessPeak]| (peaks.iter().filter(|p| p.effort.is_some()).count(), peaks.len());
    for solver in ranking {
        let peaks: Vec<&HardnessPeak> =
            u.peaks.iter().filter(|p| p.group == *mode && p.solver == *solver && p.located()).collect();
        if !peaks.is_empty() && best.as_ref().is_none_or(|(_, b)| key(&peaks) > key(b)) {
            best = Some((solver, peaks));
        }
    }
    best
}

/// What a peak is the largest of, in words: `median conflicts`, `mean dead ends`, `median time`.
pub(super) fn peak_measure(peak: &HardnessPeak, solver: &str) -> String {
    match peak.effort {
        Some((effort, Center::Mean)) => format!("mean {}", effort.noun(solver)),
        Some((effort, Center::Median)) => format!("median {}", effort.noun(solver)),
        None => "median time".to_owned(),
    }
}

/// What stays open: instances no solver finished, medians at the limit, peaks not located.
pub(super) fn unresolved(results: &Results, analysis: &Analysis, mode: &Group) -> Option<Finding> {
    let mut f = Finding::new(Kind::Unresolved);
    let mut parts = Vec::new();
    let (mut open, mut total) = (0, 0);
    let mut where_open: BTreeSet<usize> = BTreeSet::new();
    for ((_, n, _, _), s) in &analysis.solvability {
        open += s.unresolved;
        total += s.instances;
        if s.unresolved > 0 {
            where_open.insert(*n);
        }
    }
    let limit = results.time_limit.map_or_else(String::new, |t| format!(" within {}", fmt_round_seconds(t)));
    if open > 0 {
        let at: Vec<usize> = where_open.into_iter().collect();
        let open = f.state(Stated::new(What::Unresolved, &[], open as f64));
        parts.push(format!("{open} of {total} instances ({}) were finished by no solver{limit}", sizes_text(&at)));
    }
    let censored: Vec<String> = analysis
        .growth
        .iter()
        .filter(|g| g.mode == *mode)
        .filter_map(|g| Some(format!("{} from N = {}", code(&g.solver), g.censored.first()?)))
        .collect();
    let censored = if censored.len() > 4 {
        let rest = censored.len() - 3;
        let mut first: Vec<String> = censored[..3].to_vec();
        first.push(format!("{rest} more solvers"));
        first
    } else {
        censored
    };
    if !censored.is_empty() {
        parts.push(format!(
            "the median time sits at the limit for {} ({mode}), so growth there is only a lower bound",
            censored.join(", ")
        ));
    }
    let unlocated: Vec<usize> = analysis
        .peaks
        .iter()
        .filter(|p| p.mode == *mode && !p.efforts.is_empty() && p.efforts.iter().all(|e| e.located().is_none()))
        .map(|p| p.n)
        .collect();
    if !unlocated.is_empty() {
        parts.push(format!(
            "no solver's effort peak is clearly located at {} (censored, tied or at the edge of the sweep)",
            sizes_text(&unlocated)
        ));
    }
    if parts.is_empty() {
        return None;
    }
    let resolved = if open == 0 && total > 0 {
        format!("every one of the {total} instances was solved or proved infeasible by some solver, but ")
    } else {
        String::new()
    };
    Some(f.says(format!("Unresolved (*Runs not finished*, *How cost grows with N*): {resolved}{}.", parts.join("; "))))
}
