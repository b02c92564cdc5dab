//! The Conclusions closing the findings: one short paragraph per question the run can answer —
//! which solver wins where, how cost grows with N, where the hardness peak lies, how much is seed
//! luck (with solver seeds) — each claim with
//! its interval and n, then what the data cannot decide and how many instances or sizes would
//! decide it. Built from the same statistics as the findings ([`Uncertainty`]); a paragraph the
//! data cannot support is left out.

use std::collections::BTreeMap;

use super::super::analysis::Analysis;
use super::super::finding::{Stated, What};
use super::laws::{peak_measure, peaks_to_state};
use super::speed::{verdict, Verdict};
use super::{code, sizes_text};
use crate::results::stats::{Law, MIN_SIZES};
use crate::results::{Group, Place, SeedLuck, Uncertainty, ALL_SCOPE};

/// The heading of the section.
pub const CONCLUSIONS_HEADING: &str = "## Conclusions";

/// The paragraphs, each opening with its question in bold; empty when the runs support none.
pub(crate) fn conclusions(
    analysis: &Analysis,
    u: &Uncertainty,
    ranking: &[String],
    mode: Option<&Group>,
) -> Vec<String> {
    let mut out = Vec::new();
    out.extend(winners(analysis, u, ranking));
    out.extend(mode.and_then(|mode| growth(u, ranking, mode)));
    out.extend(mode.and_then(|mode| peak(u, ranking, mode)));
    out.extend(mode.and_then(|mode| luck(u, mode)));
    out
}

/// How much is seed luck: per solver at the largest N of `mode` with seed splits, the seeds'
/// share of the variance at the peak and off it, each with its interval; and whether the two
/// intervals are apart (the peak's above: luck concentrates at the peak).
fn luck(u: &Uncertainty, mode: &Group) -> Option<String> {
    let mine = |l: &&SeedLuck| l.group == *mode;
    let n = u.seeds.iter().filter(mine).map(|l| l.n).max()?;
    let at = |solver: &str, peak: bool| {
        u.seeds.iter().filter(mine).find(|l| {
            l.n == n && l.solver == solver && matches!(l.place, Place::Peak(_)) == peak && l.place != Place::Whole
        })
    };
    let mut solvers: Vec<&str> = u.seeds.iter().filter(mine).filter(|l| l.n == n).map(|l| l.solver.as_str()).collect();
    solvers.dedup();
    let parts: Vec<String> = solvers
        .iter()
        .filter_map(|&solver| {
            let (on, off) = (at(solver, true)?, at(solver, false)?);
            let share = |l: &SeedLuck| Stated::estimate(What::SeedShare, &[solver], &l.split.share).text();
            let apart = if on.split.share.low > off.split.share.high {
                "larger at the peak"
            } else if on.split.share.high < off.split.share.low {
                "smaller at the peak"
            } else {
                "not told apart"
            };
            Some(format!("{} {} at the peak against {} off it ({apart})", code(solver), share(on), share(off)))
        })
        .collect();
    if parts.is_empty() {
        return None;
    }
    Some(format!(
        "**How much is luck.** With several solver seeds per instance, the seeds' share of the variance of the log \
         time on {mode} instances at N = {n}: {}.",
        parts.join("; ")
    ))
}

/// Which solver wins where: per group, the sizes the comparison decides and those it does not,
/// with how many instances per size would decide them; then the best overall.
fn winners(analysis: &Analysis, u: &Uncertainty, ranking: &[String]) -> Option<String> {
    let mut per_group: BTreeMap<&Group, Vec<(usize, Verdict)>> = BTreeMap::new();
    for row in &analysis.fastest {
        per_group.entry(&row.mode).or_default().push((row.n, verdict(row, u)));
    }
    let family = u.family();
    let mut sentences = Vec::new();
    for (group, verdicts) in &per_group {
        let mut decided: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        let mut undecided: Vec<(usize, Option<usize>, usize)> = Vec::new();
        for (n, v) in verdicts {
            match v {
                Verdict::Decided(speed) => decided.entry(speed.faster.as_str()).or_default().push(*n),
                Verdict::Undecided(speed) => undecided.push((*n, speed.instances_to_decide(family), speed.ratio.n)),
                Verdict::Nobody | Verdict::Alone(_) => {}
            }
        }
        let prefix = if per_group.len() > 1 { format!("on {group} instances, ") } else { String::new() };
        let mut parts: Vec<String> =
            decided.iter().map(|(w, ns)| format!("{} is decidedly fastest at {}", code(w), sizes_text(ns))).collect();
        if !undecided.is_empty() {
            let sizes: Vec<usize> = undecided.iter().map(|u| u.0).collect();
            let ns: Vec<usize> = undecided.iter().map(|u| u.2).collect();
            let needed: Vec<usize> = undecided.iter().filter_map(|u| u.1).collect();
            let would = match needed.iter().min() {
                Some(lo) if needed.len() == 1 => format!("; about {lo} instances per size would decide it"),
                Some(lo) => format!(
                    "; at least about {lo} instances per size would decide them, more where the difference is smaller"
                ),
                None => "; no difference was seen at all".to_owned(),
            };
            let (lo, hi) = (ns.iter().min().copied().unwrap_or(0), ns.iter().max().copied().unwrap_or(0));
            let n = if lo == hi { format!("n = {lo}") } else { format!("n = {lo}–{hi}") };
            parts.push(format!(
                "at {} the two fastest are not told apart ({n}){would} if the effect stayed as observed",
                sizes_text(&sizes)
            ));
        }
        if !parts.is_empty() {
            sentences.push(format!("{prefix}{}", parts.join("; ")));
        }
    }
    if let [first, second, ..] = ranking {
        if let Some(speed) = u.speed(ALL_SCOPE, first, second) {
            let claim = Stated::speed(&speed).text();
            sentences.push(if speed.decided() {
                format!("over all instances {} beats {} by {claim}", code(&speed.faster), code(&speed.slower))
            } else {
                format!(
                    "over all instances the two best by PAR-2, {} and {}, are not told apart: t({})/t({}) = {claim}",
                    code(&speed.faster),
                    code(&speed.slower),
                    code(&speed.slower),
                    code(&speed.faster)
                )
            });
        }
    }
    (!sentences.is_empty()).then(|| format!("**Which solver wins where.** {}.", sentences_of(&sentences)))
}

/// How cost grows with N for the two best solvers: the law named with its interval, or that it
/// cannot be, and what would decide it.
fn growth(u: &Uncertainty, ranking: &[String], mode: &Group) -> Option<String> {
    let sentences: Vec<String> = ranking
        .iter()
        .filter_map(|s| u.growth.iter().find(|g| &g.solver == s && g.group == *mode))
        .take(2)
        .map(|g| {
            let fit = &g.growth;
            let solver = code(&g.solver);
            let max = g.sizes.last().copied().unwrap_or(0);
            let lower = if g.unfinished > 0 { ", a lower bound as some runs did not finish" } else { "" };
            match fit.law {
                Law::Polynomial => format!(
                    "{solver} grows polynomially on {mode} instances, k = {}{lower}",
                    Stated::estimate(What::Exponent, &[&g.solver], &fit.exponent).text()
                ),
                Law::Exponential => format!(
                    "{solver} grows exponentially on {mode} instances, b = {}{lower}",
                    Stated::estimate(What::Base, &[&g.solver], &fit.base).text()
                ),
                Law::Undecided if g.sizes.len() < MIN_SIZES => format!(
                    "for {solver} the law cannot be named from {} sizes; at least {MIN_SIZES} are needed",
                    g.sizes.len()
                ),
                Law::Undecided => format!(
                    "for {solver} polynomial and exponential growth cannot be told apart from {} sizes (ΔAIC = {:.1}); \
                     the laws part most at large N, so a size beyond N = {max} would decide it sooner than more \
                     instances",
                    g.sizes.len(),
                    fit.delta_aic.abs()
                ),
            }
        })
        .collect();
    (!sentences.is_empty()).then(|| format!("**How cost grows with N.** {}.", sentences_of(&sentences)))
}

/// Where the hardness peak lies for the best solver with a time peak, whether its intervals
/// locate it, and the holes at the peak against the Latin-square law.
fn peak(u: &Uncertainty, ranking: &[String], mode: &Group) -> Option<String> {
    let (solver, peaks) = peaks_to_state(u, ranking, mode)?;
    let places: Vec<String> = peaks
        .iter()
        .map(|p| {
            let stated = Stated::estimate(What::PeakAlpha, &[solver], &p.peak.estimate());
            format!("α* = {} at N = {}", stated.text(), p.n)
        })
        .collect();
    let wide: Vec<usize> = peaks.iter().filter(|p| p.peak.low < p.peak.high).map(|p| p.n).collect();
    let mut text = format!(
        "**Where the peak lies.** For {} on {mode} instances the {} peaks at {}",
        code(solver),
        peak_measure(peaks[0], solver),
        places.join(", ")
    );
    if !wide.is_empty() {
        text.push_str(&format!(
            "; at {} the interval spans several α levels, so more instances per α (or a finer grid) would locate it",
            sizes_text(&wide)
        ));
    }
    if let Some(h) = u.holes.iter().find(|h| h.group == *mode && h.solver == solver) {
        let e = Stated::estimate(What::HolesExponent, &[solver], &h.law.exponent).text();
        let verdict = if h.law.differs { "differs from" } else { "is consistent with" };
        text.push_str(&format!(
            "; the holes at the peak grow like N^e, e = {e}, which {verdict} the Latin-square law's {}",
            h.law.published
        ));
    }
    text.push('.');
    Some(text)
}

/// `sentences` as one paragraph, each capitalized.
fn sentences_of(sentences: &[String]) -> String {
    sentences.iter().map(|s| capitalized(s)).collect::<Vec<_>>().join(". ")
}

/// `text` with its first letter upper-case.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
