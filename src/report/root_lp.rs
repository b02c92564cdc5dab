//! The root-LP study: what each formulation's LP relaxation decides on its own, per (group, N) with
//! intervals and per α as counts, and which formulation's LP decides most where, with McNemar's
//! test ([`crate::results::RootCell`], [`Uncertainty::finished_test`]).

use std::fmt::Write as _;

use crate::results::{
    cell_scope, fmt_num, fmt_seconds, fmt_seconds_range, Group, Results, RootCell, RootClass, Uncertainty, SIGNIFICANCE,
};

use super::finding::p_text;
use super::inline_code;

/// The heading of the section.
pub const ROOT_HEADING: &str = "## Root LP relaxations";

/// How the LP that decides most in one (group, N) stands against another root LP.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Lead<'u> {
    /// The cell of the root LP that decided the largest share.
    pub leader: &'u RootCell,
    /// The other root LP's cell.
    pub other: &'u RootCell,
    /// McNemar's Holm-adjusted p on decided against not, paired by instance.
    pub p_adjusted: Option<f64>,
}

impl Lead<'_> {
    /// `true` when the data decide that the leader's LP decides more: it decided more runs and
    /// McNemar's adjusted p is below [`SIGNIFICANCE`].
    pub fn decided(&self) -> bool {
        self.leader.decided.value > self.other.decided.value && self.p_adjusted.is_some_and(|p| p < SIGNIFICANCE)
    }
}

/// Per (group, N): the root LP deciding the largest share (ties: the faster median LP, then the
/// display order) against each other root LP of that cell.
pub(crate) fn leads(u: &Uncertainty) -> Vec<Lead<'_>> {
    let mut out = Vec::new();
    let mut keys: Vec<(&Group, usize)> = u.roots.iter().map(|c| (&c.group, c.n)).collect();
    keys.dedup();
    for (group, n) in keys {
        let mut cells: Vec<&RootCell> = u.roots.iter().filter(|c| c.group == *group && c.n == n).collect();
        let seconds = |c: &RootCell| c.seconds.map_or(f64::INFINITY, |s| s.value);
        cells.sort_by(|a, b| b.decided.value.total_cmp(&a.decided.value).then(seconds(a).total_cmp(&seconds(b))));
        let Some((leader, others)) = cells.split_first() else { continue };
        let scope = cell_scope(group, n);
        for other in others {
            let p_adjusted = u.finished_test(&scope, &leader.solver, &other.solver).and_then(|c| c.p_adjusted);
            out.push(Lead { leader, other, p_adjusted });
        }
    }
    out
}

/// The section, when any run stopped at its root LP.
pub(crate) fn section(out: &mut String, results: &Results, u: &Uncertainty) {
    if u.roots.is_empty() {
        return;
    }
    let _ = writeln!(out, "{ROOT_HEADING}\n");
    out.push_str(
        "Solvers named `…+root` solve their formulation's LP relaxation once and stop (`root = true`; for \
         `ilp-placement`, column generation to the LP's optimum). *Integral*: the LP's point was 0-1 and decodes \
         to the solution, which the oracle verified. *Infeasible*: the LP has no feasible point, so the puzzle \
         has no solution; counted only with its proof checked. *Fractional*: the point had fractional columns — \
         no answer. *Unfinished*: no LP answer within the limit (or one not accepted). *Decided* = integral or \
         infeasible, with Wilson's 95 % interval. *Open cells*: over the fractional points, the median share of \
         the empty cells the point leaves undecided (some x(cell, digit) strictly between 0 and 1, whatever the \
         formulation's columns are), bootstrap 95 % CI; *fractional columns*, their median number of columns \
         strictly between 0 and 1 (columns mean different things in each formulation). *LP time*: the median \
         seconds of the LP solve (model building excluded; a run stopped at the limit at its time), bootstrap 95 \
         % CI. *Columns*: the median columns of the model (for column generation, the placements it generated); \
         *rounds*: its median pricing rounds. Elsewhere in this report a root-only run the LP did not decide \
         counts as unfinished (at the PAR-2 penalty), like a run stopped at the limit; its LP time is here. With \
         an objective of 0 an LP point is whatever vertex the simplex method (or crossover) stops at, so \
         *integral* is a property of that point. Rows of `estimates.csv`: `root_decided`, `root_integral`, \
         `root_infeasible`, `root_fractional`, `open_cells`, `root_seconds`.\n\n",
    );
    out.push_str(
        "| Group | N | Solver | Runs | Integral | Infeasible | Fractional | Unfinished | Decided (95 % CI) | Open cells (95 % CI) | Fractional columns | LP time (95 % CI) | Columns | Rounds |\n",
    );
    out.push_str("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for cell in &u.roots {
        let [integral, infeasible, fractional, unfinished] = RootClass::ALL.map(|c| cell.count(c));
        let decided = &cell.decided;
        let open = cell.open_cells.map_or("–".to_owned(), |o| format!("{:.2} ({:.2}–{:.2})", o.value, o.low, o.high));
        let time = cell.seconds.map_or("–".to_owned(), |s| {
            format!("{} ({})", fmt_seconds(s.value), fmt_seconds_range(s.low, s.high, s.value))
        });
        let median = |m: Option<f64>| m.map_or("–".to_owned(), fmt_num);
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {integral} | {infeasible} | {fractional} | {unfinished} | {:.2} ({:.2}–{:.2}) | {open} | {} | {time} | {} | {} |",
            cell.group,
            cell.n,
            inline_code(&cell.solver),
            cell.runs(),
            decided.value,
            decided.low,
            decided.high,
            median(cell.fractional_columns),
            median(cell.columns),
            median(cell.rounds),
        );
    }
    out.push('\n');
    leads_table(out, u);
    per_alpha(out, results, u);
}

/// Which LP decides most per (group, N), against each other root LP.
fn leads_table(out: &mut String, u: &Uncertainty) {
    let leads = leads(u);
    if leads.is_empty() {
        return;
    }
    out.push_str(
        "Which LP decides most: per group and N, the root LP that decided the largest share against each other \
         one, paired by instance — McNemar's exact test on decided against not, Holm-adjusted over the report's \
         comparisons (`comparisons.csv`, test `mcnemar`). *Told apart* when the adjusted p is below 0.05.\n\n",
    );
    out.push_str("| Group | N | Decides most | Decided | Against | Decided | p_adj | Told apart |\n");
    out.push_str("|---|---:|---|---:|---|---:|---:|---|\n");
    for lead in &leads {
        let p = lead.p_adjusted.map_or("–".to_owned(), |p| p_text(p).trim_start_matches("= ").to_owned());
        let share =
            |c: &RootCell| format!("{} of {}", c.count(RootClass::Integral) + c.count(RootClass::Infeasible), c.runs());
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {p} | {} |",
            lead.leader.group,
            lead.leader.n,
            inline_code(&lead.leader.solver),
            share(lead.leader),
            inline_code(&lead.other.solver),
            share(lead.other),
            if lead.decided() { "yes" } else { "no" },
        );
    }
    out.push('\n');
}

/// Per (group, N, α), each root LP's runs by class: integral · infeasible · fractional ·
/// unfinished (descriptive: a few instances per α).
fn per_alpha(out: &mut String, results: &Results, u: &Uncertainty) {
    let cells = &u.root_alphas;
    let solvers = results.root_solvers();
    if cells.is_empty() {
        return;
    }
    let classes: Vec<&str> = RootClass::ALL.iter().map(|c| c.word()).collect();
    let _ = writeln!(
        out,
        "Per α, each root LP's runs as *{}* (a few instances per α: it describes, the intervals are the table \
         above's).\n",
        classes.join(" · ")
    );
    let names: Vec<String> = solvers.iter().map(|s| inline_code(s)).collect();
    let _ = writeln!(out, "| Group | N | α | {} |", names.join(" | "));
    let _ = writeln!(out, "|---|---:|---:|{}", "---:|".repeat(solvers.len()));
    let mut keys: Vec<(&Group, usize, crate::results::Alpha)> =
        cells.iter().filter_map(|c| Some((&c.group, c.n, c.alpha?))).collect();
    keys.sort();
    keys.dedup();
    for (group, n, alpha) in keys {
        let entries: Vec<String> = solvers
            .iter()
            .map(|s| {
                cells.iter().find(|c| c.group == *group && c.n == n && c.alpha == Some(alpha) && &c.solver == s).map_or(
                    "–".to_owned(),
                    |c| {
                        let counts: Vec<String> = RootClass::ALL.iter().map(|&k| c.count(k).to_string()).collect();
                        counts.join(" · ")
                    },
                )
            })
            .collect();
        let _ = writeln!(out, "| {group} | {n} | {alpha} | {} |", entries.join(" | "));
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;
    use crate::experiment::record::{RootLp, RunOutcome, RunRow};
    use crate::report::findings;

    /// `count` planted 9×9 instances at α 0.2 and 0.6 alternately: `placement+root` integral on
    /// every one, `clique+root` fractional on every one (half the empty cells open).
    fn results(count: u32) -> Results {
        let mut rows = Vec::new();
        for rep in 0..count {
            let alpha = if rep % 2 == 0 { 0.2 } else { 0.6 };
            let base = RunRow { rep, seed: u64::from(rep), alpha, givens: 41, ..row() };
            rows.push(RunRow {
                solver: "ilp-placement+root".into(),
                root_lp: Some(RootLp::Integral),
                fractional: Some(0),
                fractional_cells: Some(0),
                pricing_rounds: Some(5),
                variables: Some(30),
                ..base.clone()
            });
            rows.push(RunRow {
                solver: "ilp-clique+root".into(),
                outcome: RunOutcome::Limit,
                verified: None,
                root_lp: Some(RootLp::Fractional),
                fractional: Some(40),
                fractional_cells: Some(20),
                ..base
            });
        }
        let meta = serde_json::json!({ "config": { "time_limit": 10.0, "seed": 4 } });
        Results::new(rows, Some(meta), None, Some(10.0))
    }

    #[test]
    fn an_lp_that_decides_every_instance_is_told_apart_from_one_that_decides_none() {
        let r = results(12);
        let u = r.uncertainty();
        let leads = leads(&u);
        assert_eq!(leads.len(), 1);
        assert_eq!(
            (leads[0].leader.solver.as_str(), leads[0].other.solver.as_str()),
            ("ilp-placement+root", "ilp-clique+root")
        );
        assert!(leads[0].decided(), "12 against 0 discordant pairs: {:?}", leads[0].p_adjusted);
        let mut out = String::new();
        section(&mut out, &r, &u);
        assert!(out.contains(ROOT_HEADING));
        assert!(
            out.contains("| planted | 9 | `ilp-placement+root` | 12 | 12 | 0 | 0 | 0 | 1.00 (0.76–1.00) |"),
            "{out}"
        );
        // The fractional points leave 20 of the 40 empty cells open.
        assert!(
            out.contains(
                "| planted | 9 | `ilp-clique+root` | 12 | 0 | 0 | 12 | 0 | 0.00 (0.00–0.24) | 0.50 (0.50–0.50) |"
            ),
            "{out}"
        );
        assert!(
            out.contains("| planted | 9 | `ilp-placement+root` | 12 of 12 | `ilp-clique+root` | 0 of 12 |"),
            "{out}"
        );
        assert!(out.contains("| yes |"), "{out}");
        // Per α: 6 instances each, as integral · infeasible · fractional · unfinished.
        assert!(out.contains("| planted | 9 | 0.2 | 0 · 0 · 6 · 0 | 6 · 0 · 0 · 0 |"), "{out}");
        let found = findings::findings(&r, &super::super::analysis::Analysis::of(&r), &u, &Default::default());
        let root = found.iter().find(|f| f.kind == super::super::finding::Kind::RootLp).expect("a root-LP finding");
        assert!(root.text.contains("`ilp-placement+root` decides 1.00 (95 % CI 0.76–1.0, n = 12), more than `ilp-clique+root` 0 (95 % CI 0–0.24, n = 12), McNemar p_adj = 0.0029"), "{}", root.text);
    }

    #[test]
    fn two_instances_tell_no_lp_apart() {
        let r = results(2);
        let u = r.uncertainty();
        assert!(leads(&u).iter().all(|l| !l.decided()));
        let found = findings::findings(&r, &super::super::analysis::Analysis::of(&r), &u, &Default::default());
        let root = found.iter().find(|f| f.kind == super::super::finding::Kind::RootLp).expect("a root-LP finding");
        assert!(root.text.contains("no root LP told apart from the others"), "{}", root.text);
        let conclusions = findings::conclusions(&r, &super::super::analysis::Analysis::of(&r), &u);
        let last = conclusions.last().expect("the root-LP conclusion");
        assert!(
            last.starts_with("**What the LP relaxation decides.**") && last.contains("No root LP is told apart"),
            "{last}"
        );
    }

    #[test]
    fn no_root_run_no_section() {
        let r = Results::new(vec![row()], None, None, Some(10.0));
        let mut out = String::new();
        section(&mut out, &r, &r.uncertainty());
        assert!(out.is_empty());
    }
}
