//! "Against the literature": when a run holds Latin squares (modes `qwh`, `qcp`) or balanced holes,
//! the published figures the harness's phase-transition method can be checked against, each with
//! its source, beside ours and the ratio.
//!
//! - **Where the QWH peak sits**: Achlioptas, Gomes, Kautz & Selman (AAAI-00, Fig. 1) put the
//!   hardness peak of quasigroups with uniformly placed holes at about 0.32·N² holes for orders
//!   near 30–36, with the curves of different orders aligned when plotted against holes / N^1.55;
//!   Kautz, Ruan, Achlioptas, Gomes, Selman & Stickel (IJCAI-01, Table 2) give holes / N^1.55 ≈
//!   1.53 at the peak at order 28. Ours: each solver's clearly located effort peak
//!   ([`super::peaks::EffortPeak::located`]), as holes and holes / N^1.55, and its ratio to the
//!   published number of holes at that order.
//! - **Balanced against uniform holes**, per family and N where both were run: each solver's peak
//!   effort with each pattern, and the ratio; Kautz et al. 2001 (Table 1, order 33, medians at the
//!   peak) report 41 vs 4,984 Satz backtracks, 3·10⁵ vs 8·10⁶ Sato branches and 4·10⁶ vs 6·10⁸
//!   Walksat flips for uniform vs balanced; Ansótegui, Béjar, Fernández, Gomes & Mateu (AAAI-06)
//!   find generalized Sudoku with balanced holes harder than with uniform ones (no table of theirs
//!   is reproduced here).
//!
//! The counts are not the same measures: the published ones count a DPLL solver's backtracks
//! (Satz, with look-ahead), branches or local-search flips; ours count CDCL conflicts (`sat`),
//! dead ends of the bitset search (`backtrack`) and so on. What can agree is where the peaks sit and
//! how much harder one pattern is than the other, not the counts themselves.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::latin_law::{verdict, LawCheck, HOLES_EXPONENT};
use super::peaks::{EffortPeak, Peak};
use crate::results::Group;
use crate::results::{
    fmt_num, fmt_seconds, solver_order, Alpha, Results, Summary, PUBLISHED_PEAK_CONSTANT, QCP_MODE, QWH_MODE,
};

/// Kautz et al. 2001, Table 1 (order 33, medians at the peak): measure, uniform, balanced, as
/// printed there.
pub(crate) const KAUTZ_TABLE_1: [(&str, f64, f64, &str); 3] = [
    ("Satz backtracks", 41.0, 4984.0, "41 vs 4,984"),
    ("Sato branches", 3e5, 8e6, "3·10⁵ vs 8·10⁶"),
    ("Walksat flips", 4e6, 6e8, "4·10⁶ vs 6·10⁸"),
];

/// The family of a mode in words.
fn family(mode: &Group) -> String {
    let family = match mode.uniform().name().as_str() {
        QWH_MODE => "QWH".to_owned(),
        QCP_MODE => "QCP".to_owned(),
        other => format!("Sudoku ({other})"),
    };
    if mode.is_balanced() {
        format!("{family}, balanced holes")
    } else {
        family
    }
}

/// The holes the published law puts at the QWH peak at order `n`: 1.53·n^1.55.
pub(crate) fn published_peak_holes(n: usize) -> f64 {
    PUBLISHED_PEAK_CONSTANT * (n as f64).powf(HOLES_EXPONENT)
}

/// The section, when the runs hold Latin squares or balanced holes ([`Results::has_literature_families`]).
pub(crate) fn section(out: &mut String, results: &Results, peaks: &[Peak], law: &[LawCheck]) {
    if !results.has_literature_families() {
        return;
    }
    out.push_str("## Against the literature\n\n");
    out.push_str(
        "Published figures for these instance families beside ours. The published counts are a DPLL \
         solver's backtracks (Satz), branches (Sato) or local-search flips (Walksat); ours are CDCL \
         conflicts (`sat`), dead ends (`backtrack`) and the like, so the counts themselves are not \
         comparable: where the peaks sit and how much one pattern costs against the other are.\n\n",
    );
    peak_table(out, peaks);
    for line in law.iter().filter(|c| c.mode == Group::QWH).filter_map(verdict) {
        let _ = writeln!(out, "- {line} Published: holes ∝ N^{HOLES_EXPONENT} (Achlioptas et al. 2000).");
    }
    out.push('\n');
    balance_table(out, results, peaks);
}

/// Where each solver's effort peaks, per family and N, beside the published QWH peak.
fn peak_table(out: &mut String, peaks: &[Peak]) {
    let rows: Vec<(&Peak, &EffortPeak)> = peaks
        .iter()
        .filter(|p| p.mode.is_latin() || p.mode.is_balanced())
        .flat_map(|p| p.efforts.iter().map(move |e| (p, e)))
        .collect();
    if rows.is_empty() {
        return;
    }
    out.push_str("### Where the peak sits\n\n");
    let _ = writeln!(
        out,
        "Published: for quasigroups with uniformly placed holes (QWH) the peak lies at about \
         {PUBLISHED_PEAK_CONSTANT}·N^{HOLES_EXPONENT} holes (Kautz et al. 2001, Table 2, order 28; about 0.32·N² \
         holes, 68 % givens, at orders 30–36 in Achlioptas et al. 2000, Fig. 1). Ours: each solver's \
         effort peak, where it is clearly located (not at the edge of the α grid, not censored, not \
         tied), ± half an α step.\n"
    );
    out.push_str(
        "| family | N | solver | peak α (effort) | holes | holes / N^1.55 | published holes (α) | ours ÷ published |\n",
    );
    out.push_str("|---|---:|---|---|---:|---:|---|---:|\n");
    for (p, e) in rows {
        let n2 = (p.n * p.n) as f64;
        let (holes, scaled, ratio) = match e.located() {
            Some(alpha) => {
                let holes = (1.0 - alpha.value()) * n2;
                let ratio =
                    if p.mode == Group::QWH { fmt_num(holes / published_peak_holes(p.n)) } else { "—".into() };
                (format!("{holes:.0}"), format!("{:.2}", holes / (p.n as f64).powf(HOLES_EXPONENT)), ratio)
            }
            None => ("—".into(), "—".into(), "—".into()),
        };
        let published = if p.mode == Group::QWH {
            let h = published_peak_holes(p.n);
            format!("{h:.0} (α ≈ {:.2})", 1.0 - h / n2)
        } else {
            "—".into()
        };
        let effort = super::peaks::fmt_effort_peak(e);
        let located = if e.located().is_some() { effort } else { format!("not located: {effort}") };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {located} | {holes} | {scaled} | {published} | {ratio} |",
            family(&p.mode),
            p.n,
            e.solver
        );
    }
    out.push('\n');
}

/// One pattern's peak of one solver: the effort peak and the median time at its α.
struct PatternPeak<'a> {
    effort: &'a EffortPeak,
    median_seconds: Option<f64>,
}

/// Balanced against uniform holes at each one's peak, per family, N and solver.
fn balance_table(out: &mut String, results: &Results, peaks: &[Peak]) {
    let cells: BTreeMap<(Group, usize, (usize, String), Alpha), Summary> =
        results.summarize(|r| Some((Group::of(r), r.n, solver_order(&r.solver), Alpha::new(r.alpha))));
    let peak_of = |mode: &Group, n: usize, solver: &str| -> Option<PatternPeak<'_>> {
        let p = peaks.iter().find(|p| p.mode == *mode && p.n == n)?;
        let effort = p.efforts.iter().find(|e| e.solver == solver)?;
        let alpha = *effort.at.alphas.first()?;
        let median_seconds = cells.get(&(mode.to_owned(), n, solver_order(solver), alpha)).and_then(Summary::median);
        Some(PatternPeak { effort, median_seconds })
    };
    let mut lines = Vec::new();
    for p in peaks.iter().filter(|p| p.mode.is_balanced()) {
        let uniform_mode = p.mode.uniform();
        for e in &p.efforts {
            let (Some(u), Some(b)) = (peak_of(&uniform_mode, p.n, &e.solver), peak_of(&p.mode, p.n, &e.solver)) else {
                continue;
            };
            lines.push(balance_row(&uniform_mode, p.n, &e.solver, &u, &b));
        }
    }
    if lines.is_empty() {
        return;
    }
    out.push_str("### Balanced against uniform holes\n\n");
    let published: Vec<String> =
        KAUTZ_TABLE_1.iter().map(|(what, u, b, printed)| format!("{what} {printed} (×{:.0})", b / u)).collect();
    let _ = writeln!(
        out,
        "Published: at the order-33 QWH peak, medians of {} for uniform vs balanced holes (Kautz et al. \
         2001, Table 1); generalized Sudoku with balanced holes is harder than with uniform ones \
         (Ansótegui et al. 2006). Ours: each solver's effort at the peak of each pattern (the α where \
         it is largest) and the median time there; a censored peak (`≥`), or one with runs at the limit elsewhere in its sweep, makes the ratio a \
         bound (`≥`, `≤`, or `~` when both are); a median is not set against a mean.\n",
        published.join(", ")
    );
    out.push_str("| family | N | solver | uniform: peak α (effort), median time | balanced: peak α (effort), median time | effort ratio | time ratio | published ratio |\n");
    out.push_str("|---|---:|---|---|---|---:|---:|---|\n");
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    out.push('\n');
}

/// One row of the balance table.
fn balance_row(mode: &Group, n: usize, solver: &str, u: &PatternPeak<'_>, b: &PatternPeak<'_>) -> String {
    let cell = |p: &PatternPeak<'_>| {
        let time = p.median_seconds.map_or("—".to_owned(), fmt_seconds);
        format!("{}, {time}", super::peaks::fmt_effort_peak(p.effort))
    };
    // A censored effort is a lower bound: on the balanced side the ratio is one too, on the
    // uniform side an upper bound, on both sides neither.
    // A peak with runs at the limit elsewhere in its sweep may lie there: a bound too.
    let censored = |p: &PatternPeak<'_>| p.effort.at.censored || !p.effort.censored_elsewhere.is_empty();
    let bound = match (censored(u), censored(b)) {
        (false, false) => "",
        (false, true) => "≥ ",
        (true, false) => "≤ ",
        (true, true) => "~",
    };
    let effort_ratio = if u.effort.statistic != b.effort.statistic {
        format!("— ({} vs {})", u.effort.statistic.name(), b.effort.statistic.name())
    } else if u.effort.at.value > 0.0 {
        format!("{bound}{}", fmt_num(b.effort.at.value / u.effort.at.value))
    } else {
        "—".into()
    };
    let time_ratio = match (u.median_seconds, b.median_seconds) {
        (Some(t), Some(s)) if t > 0.0 => fmt_num(s / t),
        _ => "—".into(),
    };
    let published = match (*mode == Group::QWH, n) {
        (true, 33) => KAUTZ_TABLE_1.iter().map(|(_, u, b, _)| format!("×{:.0}", b / u)).collect::<Vec<_>>().join(", "),
        (true, _) => "(published at order 33)".to_owned(),
        _ => "harder (no figure)".to_owned(),
    };
    format!(
        "| {} | {n} | {solver} | {} | {} | {effort_ratio} | {time_ratio} | {published} |",
        family(mode),
        cell(u),
        cell(b)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_peak_is_about_a_third_of_the_cells_at_orders_30_to_36() {
        for (n, holes, alpha) in [(30, 298.0, 0.67), (33, 346.0, 0.68), (36, 396.0, 0.69)] {
            let h = published_peak_holes(n);
            assert!((h - holes).abs() < 1.0, "order {n}: {h}");
            assert!((1.0 - h / (n * n) as f64 - alpha).abs() < 0.01, "order {n}");
        }
    }

    #[test]
    fn families_are_named_from_their_modes() {
        use crate::generate::{Holes, Mode};
        let group = |mode, latin, holes| Group::Generated { mode, latin, holes };
        let qwh_balanced = group(Mode::Planted, true, Holes::Balanced);
        let planted_balanced = group(Mode::Planted, false, Holes::Balanced);
        assert_eq!(family(&Group::QWH), "QWH");
        assert_eq!(family(&qwh_balanced), "QWH, balanced holes");
        assert_eq!(family(&group(Mode::Random, true, Holes::Uniform)), "QCP");
        assert_eq!(family(&planted_balanced), "Sudoku (planted), balanced holes");
        assert!(qwh_balanced.is_latin() && !planted_balanced.is_latin());
    }
}
