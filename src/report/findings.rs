//! The key findings at the top of the report: at most [`MAX_FINDINGS`] sentences, each with its
//! numbers and the table or figure it rests on, chosen to answer the study's questions in this
//! order: which paradigm is fastest at each size and by how much (and the PAR-2 ranking); how cost
//! grows with N, at the hardness peak and off it; where the peak lies and how it moves against the
//! Latin-square law; how much the model or encoding matters; ILP against backtracking, the origin
//! study's comparison; what stays unresolved and why. A finding goes first when the answers
//! cannot be trusted (disagreements, rejected solutions).
//!
//! A finding the data cannot support is left out rather than hedged: no fastest solver without two
//! solvers, no growth law from fewer than three uncensored sizes, no movement of the peak from one
//! located size, no ratio without instances both finished.

use std::collections::{BTreeMap, BTreeSet};

use super::analysis::Analysis;
use super::latin_law::{predicted_alpha, LawCheck, HOLES_EXPONENT};
use super::pairing::{find_pairing, Pairing};
use super::peak_growth::SAME_EXPONENT;
use super::winners::{ablations, paradigm_name, region, Fastest};
use crate::experiment::figure::Figure;
use crate::experiment::record::{RunOutcome, RunRow};
use crate::results::Group;
use crate::results::{
    base_solver, fmt_num, fmt_round_seconds, fmt_seconds, paradigm, Paradigm, Results, Score, PAR_FACTOR,
};

/// At most this many findings open a report.
pub const MAX_FINDINGS: usize = 8;

/// The mode the growth and peak findings speak of when there are several: planted instances are
/// solvable by construction, so their times are not mixed with proofs of infeasibility.
const PREFERRED_MODE: &str = "planted";

/// What the findings may cite: the figures present in the results folder (file stems).
#[derive(Debug, Clone, Default)]
pub(crate) struct Figures(pub BTreeSet<Figure>);

impl Figures {
    /// `, stem.png` when the figure exists, else nothing.
    fn cite(&self, stem: Figure) -> String {
        if self.0.contains(&stem) {
            format!(", {stem}.png")
        } else {
            String::new()
        }
    }
}

/// The findings, at most [`MAX_FINDINGS`], each one sentence.
pub(crate) fn findings(results: &Results, analysis: &Analysis, figures: &Figures) -> Vec<String> {
    let ranking = results.by_par2();
    let mut out = Vec::new();
    out.extend(integrity(results));
    out.extend(certification(results));
    out.extend(fastest(results, analysis, figures));
    out.extend(super::peers::finding(&analysis.peers));
    out.extend(par2(results, &ranking, figures));
    let mode = preferred_mode(results);
    out.extend(mode.as_ref().and_then(|mode| growth(analysis, &ranking, mode, figures)));
    out.extend(mode.as_ref().and_then(|mode| peak(analysis, mode, figures)));
    out.extend(encoding(analysis).or_else(|| variants(results, analysis)));
    out.extend(origin(results, analysis, &ranking, figures));
    out.extend(mode.as_ref().and_then(|mode| unresolved(results, analysis, mode)));
    out.truncate(MAX_FINDINGS);
    out
}

/// The mode to speak of: [`PREFERRED_MODE`] when present, else the first with an α axis, else the
/// first; `None` without runs.
fn preferred_mode(results: &Results) -> Option<Group> {
    let modes = results.modes();
    if let Some(preferred) = modes.iter().find(|m| m.name() == PREFERRED_MODE) {
        return Some(preferred.clone());
    }
    modes.iter().find(|m| !m.is_unique()).or(modes.first()).cloned()
}

/// `backtrack` in prose: code-formatted.
fn code(solver: &str) -> String {
    super::inline_code(solver)
}

/// Sizes as `N = 9, 16, 25`.
fn sizes_text(sizes: &[usize]) -> String {
    let list: Vec<String> = sizes.iter().map(usize::to_string).collect();
    format!("N = {}", list.join(", "))
}

/// Wrong answers — grids the oracle rejected, "infeasible" on an instance known to be solvable,
/// rejected proofs, unchecked answers contradicting an expected verdict — first, when any, naming
/// the solvers that gave them (the one judgement of a run: [`Results::judged`]); then expected
/// verdicts that the evidence shows wrong.
fn integrity(results: &Results) -> Option<String> {
    let wrong: Vec<&RunRow> = results.wrong().collect();
    let expectations = wrong_expectations(results);
    if wrong.is_empty() {
        return expectations;
    }
    let by_solver = |f: &dyn Fn(&RunRow) -> bool| {
        let mut by: BTreeMap<&str, usize> = BTreeMap::new();
        for r in wrong.iter().filter(|r| f(r)) {
            *by.entry(r.solver.as_str()).or_default() += 1;
        }
        let named: Vec<String> = by.iter().map(|(s, k)| format!("{} {k}", code(s))).collect();
        (by.values().sum::<usize>(), if named.is_empty() { String::new() } else { format!(" ({})", named.join(", ")) })
    };
    let rejected = |r: &RunRow| r.verified == Some(false);
    let failed = |r: &RunRow| !rejected(r) && results.proof_failed(r);
    let infeasible =
        |r: &RunRow| !rejected(r) && !failed(r) && r.outcome == RunOutcome::Infeasible && results.solvable(r);
    let contradicted = |r: &RunRow| !rejected(r) && !failed(r) && !infeasible(r) && r.contradicts_expected();
    let (n_rejected, rejected_by) = by_solver(&|r| rejected(r));
    let (n_failed, failed_by) = by_solver(&|r| failed(r));
    let (n_infeasible, infeasible_by) = by_solver(&|r| infeasible(r));
    let (n_other, other_by) = by_solver(&|r| contradicted(r));
    let proofs = if n_failed > 0 {
        format!(", {n_failed} said infeasible where certification failed (a rejected proof, or a solution found){failed_by}")
    } else {
        String::new()
    };
    let expectation = if n_other > 0 {
        format!(", {n_other} contradicted the puzzle's expected verdict, unchecked{other_by}")
    } else {
        String::new()
    };
    let first = format!(
        "Check before trusting these numbers: {} runs gave a wrong answer — {n_rejected} returned a solution the \
         oracle rejected{rejected_by}, {n_infeasible} called a solvable instance (planted, or solved by another \
         solver) infeasible{infeasible_by}{proofs}{expectation} (`verified`, `agree`, `outcome`, `certificate` and \
         `contradiction` columns of runs.csv); wrong answers count as unsolved everywhere in this report.",
        wrong.len()
    );
    Some(match expectations {
        Some(more) => format!("{first} {more}"),
        None => first,
    })
}

/// The puzzles whose expected verdict a verified solution or a checked proof contradicts: the
/// expectation is wrong, and the answers count.
fn wrong_expectations(results: &Results) -> Option<String> {
    let mut puzzles = std::collections::BTreeSet::new();
    for r in results.rows.iter().filter(|r| r.contradicts_expected() && results.judged(r).finished()) {
        puzzles.insert((r.set.clone(), r.instance.clone(), r.seed * u64::from(r.set.is_empty())));
    }
    (!puzzles.is_empty()).then(|| {
        format!(
            "{} puzzle(s) have a wrong expected verdict: a verified solution or a checked proof contradicts it \
             (`contradiction` column); those answers count, the expectations do not.",
            puzzles.len()
        )
    })
}

/// How the "infeasible" answers are backed ([`Results::certification`]): checked by the proof
/// checker, failed, unproven within the limits, or unchecked; `None` without such an answer.
fn certification(results: &Results) -> Option<String> {
    let c = results.certification()?;
    if c.checked + c.failed + c.unproven == 0 {
        return Some(format!(
            "Certified verdicts (*Integrity*): none of the {} \"infeasible\" answers is backed by a checked proof \
             (certification off, or runs made before it){}: they count on trust.",
            c.claims,
            if c.refuted > 0 { format!("; {} are refuted by a verified solution", c.refuted) } else { String::new() }
        ));
    }
    let checker = checked_by(&c);
    let mut parts = vec![format!("{} checked by {checker} (a DRAT proof of the puzzle's reference CNF)", c.checked)];
    if c.failed > 0 {
        parts.push(format!("{} failed: a proof rejected, or a solution found (wrong answers)", c.failed));
    }
    if c.refuted > 0 {
        parts.push(format!("{} refuted by a verified solution (wrong answers)", c.refuted));
    }
    if c.unproven > 0 {
        parts.push(format!("{} without a checked proof within the limits (not finished)", c.unproven));
    }
    if c.unchecked > 0 {
        parts.push(format!(
            "{} unchecked (certification off, or runs made before it: they count on trust)",
            c.unchecked
        ));
    }
    Some(format!("Certified verdicts (*Integrity*): of {} \"infeasible\" answers, {}.", c.claims, parts.join(", ")))
}

/// The checkers of `c` as the report names them: each program with the version it gave
/// (its name and version, then its program), or "the proof checker" when `meta.json` records none.
pub(crate) fn checked_by(c: &crate::results::Certification) -> String {
    if c.checkers.is_empty() {
        return "the proof checker".to_string();
    }
    let described = |c: &crate::certificates::Checker| {
        format!("{} ({})", super::inline_code(&c.label()), super::inline_code(&c.program.display().to_string()))
    };
    c.checkers.iter().map(described).collect::<Vec<_>>().join(" or ")
}

/// Which paradigm is fastest at each size and by how much, per mode (or set) or for all at once.
fn fastest(results: &Results, analysis: &Analysis, figures: &Figures) -> Option<String> {
    let mut per_mode: BTreeMap<&Group, Vec<&Fastest>> = BTreeMap::new();
    for f in &analysis.fastest {
        per_mode.entry(&f.mode).or_default().push(f);
    }
    if per_mode.is_empty() {
        return None;
    }
    let winners = |rows: &[&Fastest]| -> Vec<Option<String>> {
        rows.iter().map(|f| f.winner().map(|w| w.solver.clone())).collect()
    };
    let first = per_mode.values().next().map(|rows| winners(rows));
    let same = per_mode.len() > 1 && per_mode.values().all(|rows| Some(winners(rows)) == first);
    let clauses: Vec<String> = if same {
        let rows: Vec<&Fastest> = per_mode.values().next().cloned().unwrap_or_default();
        // The groups are sets, not modes, where the runs are on instance sets.
        let groups = results.modes_word();
        let everywhere = match per_mode.len() {
            2 if groups != "modes and sets" => format!("in both {groups}"),
            count => format!("in all {count} {groups}"),
        };
        vec![format!("{everywhere}, {}", regions(&rows, analysis, true))]
    } else {
        per_mode
            .iter()
            .map(|(mode, rows)| {
                let prefix = if per_mode.len() > 1 { format!("{mode}: ") } else { String::new() };
                format!("{prefix}{}", regions(rows, analysis, false))
            })
            .collect()
    };
    Some(format!(
        "Fastest paradigm by size (lowest median total time among the solvers that finish the most runs; \
         ratios are geometric means over the instances both finished; *Summary*, *Speed ratios*{}): {}.",
        figures.cite(Figure::Cactus),
        clauses.join("; ")
    ))
}

/// The winner per region of N in one mode, with its margin at the region's largest N; `pooled`
/// takes the margin over all modes.
fn regions(rows: &[&Fastest], analysis: &Analysis, pooled: bool) -> String {
    let sizes: Vec<usize> = rows.iter().map(|f| f.n).collect();
    let mut wins: Vec<(Option<String>, Vec<usize>)> = Vec::new();
    for f in rows {
        let w = f.winner().map(|w| w.solver.clone());
        match wins.iter_mut().find(|(s, _)| *s == w) {
            Some((_, ns)) => ns.push(f.n),
            None => wins.push((w, vec![f.n])),
        }
    }
    let parts: Vec<String> = wins
        .iter()
        .map(|(winner, ns)| {
            let place = if sizes.len() == 1 { sizes_text(ns) } else { region(ns, &sizes) };
            let place =
                if place.starts_with("at ") || place.starts_with("from ") { place } else { format!("at {place}") };
            let Some(winner) = winner else { return format!("no solver finishes a run {place}") };
            let mut text = format!("{} ({}) {place}", paradigm_name(winner), code(winner));
            let last = ns.last().and_then(|n| rows.iter().find(|f| f.n == *n));
            if let Some(margin) = last.and_then(|f| margin(f, analysis, pooled, ns.len() > 1)) {
                text.push_str(&margin);
            }
            text
        })
        .collect();
    parts.join("; ")
}

/// How far the winner of `f` is ahead of its runner-up: by time on the instances both finished,
/// or by finishing more.
fn margin(f: &Fastest, analysis: &Analysis, pooled: bool, name_n: bool) -> Option<String> {
    let (w, r) = (f.winner()?, f.runner_up()?);
    let p = if pooled {
        find_pairing(&analysis.pairings.per_size_all_modes, (&r.solver, &w.solver), &Some((None, f.n)), None)?
    } else {
        f.versus.clone()?
    };
    let (wf, rf) = (p.paired - p.b_unfinished, p.paired - p.a_unfinished);
    let runner = code(&r.solver);
    let at = if name_n { format!("at N = {} ", f.n) } else { String::new() };
    let more = format!("{at}it finishes {wf} of {} runs against {rf} for {runner}", p.paired);
    let Some(ratio) = p.ratio() else { return (wf > rf).then(|| format!(" ({more})")) };
    let (faster, k) = (fmt_num(1.0 / ratio), p.ratios.len());
    Some(if ratio >= 1.0 {
        format!(", {}× ahead of {runner} {at}({k} instances)", fmt_num(ratio))
    } else if wf > rf {
        format!(" ({more}, which is {faster}× faster on the {k} both finished)")
    } else {
        format!(" (ahead by the median {at}though {runner} is {faster}× faster on the {k} instances both finished)")
    })
}

/// The PAR-2 ranking over all runs.
fn par2(results: &Results, ranking: &[(String, Score)], figures: &Figures) -> Option<String> {
    let scored: Vec<(&String, f64, &Score)> =
        ranking.iter().filter_map(|(s, score)| Some((s, score.par2?, score))).collect();
    if scored.is_empty() {
        return None;
    }
    let limit = results.time_limit.map_or_else(|| "the limit".to_owned(), fmt_round_seconds);
    let entry = |(s, v, score): &(&String, f64, &Score)| {
        format!("{} {} ({} of {} finished)", code(s), fmt_seconds(*v), score.finished(), score.runs)
    };
    let mut listed: Vec<String> = scored.iter().take(4).map(entry).collect();
    if scored.len() > 4 {
        if let Some(last) = scored.last() {
            listed.push(format!("… {}", entry(last)));
        }
    }
    Some(format!(
        "PAR-2 over all runs (mean total time, a run not finished counted as {PAR_FACTOR} × {limit}; *Summary*{}): {}.",
        figures.cite(Figure::Cactus),
        listed.join(", ")
    ))
}

/// How cost grows with N for the two best solvers (PAR-2) with a fit, and at the peak against off it.
fn growth(analysis: &Analysis, ranking: &[(String, Score)], mode: &Group, figures: &Figures) -> Option<String> {
    let fitted: Vec<String> = ranking
        .iter()
        .filter_map(|(s, _)| analysis.growth.iter().find(|g| &g.solver == s && g.mode == *mode))
        .filter_map(|g| {
            let sizes: Vec<usize> = g.points.iter().map(|p| p.0).collect();
            Some(format!("{} like {} over {}", code(&g.solver), g.short_law()?, sizes_text(&sizes)))
        })
        .take(2)
        .collect();
    if fitted.is_empty() {
        return None;
    }
    let peak = ranking
        .iter()
        .filter_map(|(s, _)| analysis.peak_growth.iter().find(|g| &g.solver == s && g.mode == *mode))
        .find_map(|g| {
            let (at, off) = (g.at_peak.power?, g.off_peak.power?);
            let verdict = if at.slope - off.slope > SAME_EXPONENT {
                "faster than"
            } else if off.slope - at.slope > SAME_EXPONENT {
                "more slowly than"
            } else {
                "about as fast as"
            };
            Some(format!(
                "; at its hardness peak {} grows {verdict} off it, N^{:.2} against N^{:.2}",
                code(&g.solver),
                at.slope,
                off.slope
            ))
        })
        .unwrap_or_default();
    Some(format!(
        "Median total time grows with N ({mode} instances, pooled over α; *How cost grows with N*, *Growth at the \
         hardness peak*{}) for {}{peak}.",
        figures.cite(Figure::TimeVsN),
        fitted.join(", ")
    ))
}

/// Where the hardness peak lies per N for the solver with the most clearly located peaks, how it
/// moves, and against the Latin-square law.
fn peak(analysis: &Analysis, mode: &Group, figures: &Figures) -> Option<String> {
    let best: &LawCheck = analysis
        .law
        .iter()
        .filter(|c| c.mode == *mode && !c.points.is_empty())
        .max_by_key(|c| (c.points.len(), std::cmp::Reverse(crate::results::solver_order(&c.solver))))?;
    let noun = analysis
        .peaks
        .iter()
        .flat_map(|p| p.efforts.iter())
        .find(|e| e.solver == best.solver)
        .map_or("search effort", |e| e.effort.noun(&e.solver));
    let places: Vec<String> = best.points.iter().map(|p| format!("α = {} at N = {}", p.alpha, p.n)).collect();
    let mut text = format!(
        "The hardness peak ({mode}; the α of largest median {noun} of {}; *Hardness peak in α*, *The peak against the \
         Latin-square law*{}) lies at {}",
        code(&best.solver),
        figures.cite(Figure::Phase),
        places.join(", ")
    );
    let alphas: Vec<f64> = best.points.iter().map(|p| p.alpha.value()).collect();
    if alphas.len() >= 2 {
        let rising = alphas.windows(2).all(|w| w[1] >= w[0] - 1e-9);
        let flat = alphas.windows(2).all(|w| (w[1] - w[0]).abs() < 1e-9);
        text.push_str(if flat {
            ", not moving at this α step"
        } else if rising {
            ", moving to higher fill as N grows"
        } else {
            ", moving without a clear direction"
        });
    }
    if let Some((b, lo, hi)) = best.exponent() {
        let verdict = if (lo..=hi).contains(&HOLES_EXPONENT) {
            "consistent with"
        } else if lo > HOLES_EXPONENT {
            "steeper than"
        } else {
            "shallower than"
        };
        text.push_str(&format!(
            "; the holes at the peak grow like N^{b:.2} ({lo:.2}–{hi:.2} within the α grid), {verdict} the \
             Latin-square law's N^{HOLES_EXPONENT}"
        ));
    } else if let Some(c) = best.constant() {
        let next = best.points.iter().map(|p| p.n).max().map(|n| (n as f64).sqrt().floor() as usize + 1);
        if let Some(side) = next {
            let n = side * side;
            text.push_str(&format!(
                "; the Latin-square law (holes ∝ N^{HOLES_EXPONENT}) would put it at α ≈ {:.2} at N = {n}",
                predicted_alpha(c, n)
            ));
        }
    }
    text.push('.');
    Some(text)
}

/// How much the model or encoding matters inside a paradigm: the ablation pairs at their smallest
/// and largest N.
fn encoding(analysis: &Analysis) -> Option<String> {
    let clauses: Vec<String> = ablations(&analysis.pairings.per_size_all_modes)
        .into_iter()
        .filter_map(|(_, what, rows)| {
            let with: Vec<(&Pairing, usize, f64)> =
                rows.iter().filter_map(|p| Some((p, p.scope.as_ref()?.1, p.ratio()?))).collect();
            let (first, last) = (with.first()?, with.last()?);
            let (weaker, stronger) = (code(&first.0.a), code(&first.0.b));
            let at = |(p, n, r): &(&Pairing, usize, f64)| {
                format!("{}× at N = {n} ({} instances)", fmt_num(*r), p.ratios.len())
            };
            let span = if with.len() == 1 { at(first) } else { format!("{} and {}", at(first), at(last)) };
            let (ua, ub): (usize, usize) =
                rows.iter().fold((0, 0), |(a, b), p| (a + p.a_unfinished, b + p.b_unfinished));
            Some(format!(
                "{weaker} against {stronger} ({what}) takes {span} the time, and leaves {ua} runs unfinished against {ub}"
            ))
        })
        .collect();
    (!clauses.is_empty()).then(|| {
        format!(
            "The model matters (geometric means over the instances both finished; *How much the encoding matters*): {}.",
            clauses.join("; ")
        )
    })
}

/// How the config variants of a solver compare with it: finished runs and time ratio, pooled.
fn variants(results: &Results, analysis: &Analysis) -> Option<String> {
    let solvers = results.solvers();
    let mut by_base: BTreeMap<&str, Vec<Pairing>> = BTreeMap::new();
    for s in &solvers {
        let base = base_solver(s);
        if base == s || !solvers.iter().any(|t| t == base) {
            continue;
        }
        if let Some(p) = find_pairing(&analysis.pairings.pooled, (s, base), &None, None) {
            by_base.entry(base).or_default().push(p);
        }
    }
    let clauses: Vec<String> = by_base
        .iter()
        .filter_map(|(base, pairs)| {
            let gain = |p: &Pairing| p.b_unfinished as i64 - p.a_unfinished as i64;
            let most = pairs.iter().max_by_key(|p| gain(p))?;
            let least = pairs.iter().min_by_key(|p| gain(p))?;
            let timed: Vec<(&Pairing, f64)> = pairs.iter().filter_map(|p| Some((p, p.ratio()?))).collect();
            let fastest = timed.iter().min_by(|a, b| a.1.total_cmp(&b.1))?;
            let slowest = timed.iter().max_by(|a, b| a.1.total_cmp(&b.1))?;
            let signed = |k: i64| if k >= 0 { format!("{k} more") } else { format!("{} fewer", -k) };
            if let [only] = pairs.as_slice() {
                let ratio = only.ratio().map_or_else(
                    || "no instance both finished".to_owned(),
                    |r| format!("takes {}× its time on the {} instances both finished", fmt_num(r), only.ratios.len()),
                );
                return Some(format!(
                    "against {} on the same {} instances, {} finishes {} runs and {ratio}",
                    code(base),
                    only.paired,
                    code(&only.a),
                    signed(gain(only))
                ));
            }
            Some(format!(
                "against {} on the same {} instances its {} variants finish between {} ({}) and {} ({}) runs; on \
                 the instances both finished the fastest, {}, takes {}× its time, the slowest, {}, {}×",
                code(base),
                most.paired,
                pairs.len(),
                signed(gain(least)),
                code(&least.a),
                signed(gain(most)),
                code(&most.a),
                code(&fastest.0.a),
                fmt_num(fastest.1),
                code(&slowest.0.a),
                fmt_num(slowest.1)
            ))
        })
        .collect();
    (!clauses.is_empty()).then(|| {
        format!(
            "Configuration variants (geometric means of time ratios; *Variants against their default*): {}.",
            clauses.join("; ")
        )
    })
}

/// ILP against backtracking: the origin study's pair (`ilp-edge`, `backtrack-naive`) when both ran,
/// else the best of each paradigm by PAR-2.
fn origin(results: &Results, analysis: &Analysis, ranking: &[(String, Score)], figures: &Figures) -> Option<String> {
    let solvers = results.solvers();
    let has = |s: &str| solvers.iter().any(|t| t == s);
    let best = |p: Paradigm| ranking.iter().map(|(s, _)| s.as_str()).find(|s| paradigm(s) == Some(p));
    let (ilp, bt, what, figure) = if has("ilp-edge") && has("backtrack-naive") {
        // The origin pair's figure; when it is also the fastest pair, the scatter of the fastest.
        let fastest: Vec<&str> = ranking.iter().take(2).map(|(s, _)| s.as_str()).collect();
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
    let p = find_pairing(&analysis.pairings.pooled, (ilp, bt), &None, None)?;
    let ratio = p.ratio()?;
    let faster = if ratio >= 1.0 {
        format!("{} is {}× faster", code(bt), fmt_num(ratio))
    } else {
        format!("{} is {}× faster", code(ilp), fmt_num(1.0 / ratio))
    };
    let per_n: Vec<String> = analysis
        .pairings
        .per_size_all_modes
        .iter()
        .filter_map(|q| {
            let q = q.oriented(ilp).filter(|q| q.b == bt)?;
            Some(format!("{} at N = {}", fmt_num(q.ratio()?), q.scope.as_ref()?.1))
        })
        .collect();
    let trend = if per_n.len() >= 2 { format!(" (t({ilp})/t({bt}): {})", per_n.join(", ")) } else { String::new() };
    let cite = match figure.filter(|f| figures.0.contains(f)) {
        Some(figure) => format!("{figure}.png"),
        None => "*Speed ratios*".to_owned(),
    };
    Some(format!(
        "{what} ({cite}): {faster} on the {} instances both finished{trend}, and of the {} both ran {} finishes {}, \
         {} {}.",
        p.ratios.len(),
        p.paired,
        code(ilp),
        p.paired - p.a_unfinished,
        code(bt),
        p.paired - p.b_unfinished
    ))
}

/// What stays open: instances no solver finished, medians at the limit, peaks not located.
fn unresolved(results: &Results, analysis: &Analysis, mode: &Group) -> Option<String> {
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
    Some(format!("Unresolved (*Runs not finished*, *How cost grows with N*): {resolved}{}.", parts.join("; ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;

    fn results(rows: Vec<RunRow>) -> Results {
        Results::new(rows, None, None, Some(10.0))
    }

    #[test]
    fn a_wrong_answer_comes_first_and_clean_runs_say_nothing() {
        let clean = results(vec![row()]);
        assert!(integrity(&clean).is_none());
        // The correct solver's row marked `agree = false` by an older release is no wrong answer.
        let old = results(vec![RunRow { agree: Some(false), ..row() }]);
        assert!(integrity(&old).is_none());
        let liar = RunRow { solver: "liar".into(), outcome: RunOutcome::Infeasible, verified: None, ..row() };
        let bad = results(vec![row(), liar]);
        let text = findings(&bad, &Analysis::of(&bad), &Figures::default());
        assert!(text[0].starts_with("Check before trusting these numbers: 1 runs gave a wrong answer"), "{text:?}");
        assert!(
            text[0]
                .contains("1 called a solvable instance (planted, or solved by another solver) infeasible (`liar` 1)"),
            "{text:?}"
        );
    }

    #[test]
    fn a_solver_that_says_infeasible_to_everything_ranks_last_however_fast() {
        let mut rows = Vec::new();
        for rep in 0..3 {
            let at = |solver: &str, outcome: &str, seconds: f64| RunRow {
                solver: solver.into(),
                outcome: crate::experiment::record::RunOutcome::parse(outcome).expect("an outcome's word"),
                seconds,
                rep,
                seed: u64::from(rep),
                verified: (outcome == "solved").then_some(true),
                ..row()
            };
            rows.extend([at("sat", "solved", 0.5), at("liar", "infeasible", 0.001), at("backtrack", "limit", 10.0)]);
        }
        let r = results(rows);
        let ranking: Vec<String> = r.by_par2().into_iter().map(|(s, _)| s).collect();
        assert_eq!(ranking.first().map(String::as_str), Some("sat"));
        let liar = r.by_par2().into_iter().find(|(s, _)| s == "liar").unwrap().1;
        assert_eq!((liar.finished(), liar.wrong, liar.par2), (0, 3, Some(20.0)));
        let text = findings(&r, &Analysis::of(&r), &Figures::default());
        let par2 = text.iter().find(|t| t.starts_with("PAR-2")).unwrap();
        assert!(par2.contains("`sat` 500 ms (3 of 3 finished)"), "{par2}");
        assert!(par2.contains("`liar` 20.0 s (0 of 3 finished)"), "{par2}");
    }

    #[test]
    fn one_solver_at_one_size_supports_no_ranking_growth_or_peak() {
        let r = results(vec![row(), RunRow { rep: 1, seed: 2, ..row() }]);
        let text = findings(&r, &Analysis::of(&r), &Figures::default());
        assert_eq!(text.len(), 1, "only the PAR-2 score: {text:?}");
        assert!(text[0].starts_with("PAR-2 over all runs"), "{text:?}");
    }
}
