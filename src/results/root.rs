//! The root-LP study (issue 50): what the LP relaxation of each formulation decides on its own.
//!
//! A root-only run (a solver entry with `root = true`; `runs.csv`'s `root_lp` column) solves one LP
//! — for `ilp-placement`, column generation to LP optimality — and stops. Its class here
//! ([`RootClass`]) rests on the one judgement: **integral** only when the grid passed the oracle
//! ([`Judged::Solved`]); **infeasible** only when "no solution" is accepted (a checked proof, with
//! certification on); **fractional** when the LP's point had a fractional column; **unfinished**
//! for everything else (the time limit before the LP was solved, a proof not checked, a wrong
//! answer, a crash). *Decided* is integral or infeasible: the LP alone answered the puzzle.
//!
//! Per (group, N) and per (group, N, α), and per root solver ([`RootCell`]): each class's share with
//! Wilson's interval; over the fractional points, the median share of the empty cells the point
//! leaves undecided (some x(cell, digit) strictly between 0 and 1, whatever the formulation's
//! columns are), with its bootstrap interval, and the median number of fractional columns; the
//! median seconds of the LP (the limit for a run stopped there), with its bootstrap interval; the
//! median columns of the model (for column generation, the placements generated) and pricing
//! rounds. Runs are counted, so with solver seeds an instance counts once per seed.

use std::collections::BTreeMap;

use super::stats::{median, median_estimate, wilson, Bootstrap, Estimate, LEVEL};
use super::{Alpha, Group, Judged, Results};
use crate::experiment::record::{RootLp, RunRow};

/// What a root-only run's LP decided, as judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum RootClass {
    /// A 0-1 point: the solution, verified.
    Integral,
    /// No feasible point: "no solution", accepted.
    Infeasible,
    /// A point with fractional columns: no answer.
    Fractional,
    /// No LP answer (the limit), or one not accepted.
    Unfinished,
}

impl RootClass {
    /// Every class, in the tables' order.
    pub const ALL: [RootClass; 4] =
        [RootClass::Integral, RootClass::Infeasible, RootClass::Fractional, RootClass::Unfinished];

    /// The class of a root-only run `row` judged `judged`.
    pub fn of(row: &RunRow, judged: Judged) -> RootClass {
        match (judged, row.root_lp) {
            (Judged::Solved, _) => RootClass::Integral,
            (Judged::Infeasible, _) => RootClass::Infeasible,
            (Judged::Limit, Some(RootLp::Fractional)) => RootClass::Fractional,
            _ => RootClass::Unfinished,
        }
    }

    /// Its word in the tables.
    pub fn word(self) -> &'static str {
        match self {
            RootClass::Integral => "integral",
            RootClass::Infeasible => "infeasible",
            RootClass::Fractional => "fractional",
            RootClass::Unfinished => "unfinished",
        }
    }

    /// `true` when the LP alone answered the puzzle.
    pub fn decided(self) -> bool {
        matches!(self, RootClass::Integral | RootClass::Infeasible)
    }
}

/// One root solver's LP over one cell: a (group, N) or a (group, N, α).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RootCell {
    /// The group (mode or set).
    pub group: Group,
    /// The size.
    pub n: usize,
    /// The α level, for a per-α cell.
    pub alpha: Option<Alpha>,
    /// The root solver.
    pub solver: String,
    /// Runs per class, in [`RootClass::ALL`]'s order.
    pub counts: [usize; 4],
    /// Each class's share with Wilson's interval, in [`RootClass::ALL`]'s order.
    pub shares: [Estimate; 4],
    /// The share decided (integral or infeasible), with Wilson's interval.
    pub decided: Estimate,
    /// Over the fractional points: the median share of the empty cells left undecided.
    pub open_cells: Option<Estimate>,
    /// Over the fractional points: the median number of fractional columns.
    pub fractional_columns: Option<f64>,
    /// The median seconds of the LP over every run (a run stopped at the limit at its time).
    pub seconds: Option<Estimate>,
    /// Over the runs with a point: the median number of columns (placements generated).
    pub columns: Option<f64>,
    /// The median pricing rounds (column generation only).
    pub rounds: Option<f64>,
}

impl RootCell {
    /// The runs of the cell.
    pub fn runs(&self) -> usize {
        self.counts.iter().sum()
    }

    /// The runs of one class.
    pub fn count(&self, class: RootClass) -> usize {
        self.counts[class as usize]
    }
}

/// The cell key: group, N, α (per-α cells), solver.
type Key = (Group, usize, Option<Alpha>, (usize, String));

impl Results {
    /// The solvers that stopped at their root LP (a run of theirs has `root_lp` set), in display
    /// order.
    pub fn root_solvers(&self) -> Vec<String> {
        self.solvers().into_iter().filter(|s| self.rows.iter().any(|r| &r.solver == s && r.root_lp.is_some())).collect()
    }

    /// The root-LP cells of every root solver, per (group, N) — and per (group, N, α) too when
    /// `per_alpha` — in group, N, α, solver display order.
    pub fn root_cells(&self, per_alpha: bool) -> Vec<RootCell> {
        let roots = self.root_solvers();
        let seed = self.meta.as_ref().and_then(|m| m.get("config")?.get("seed")?.as_u64()).unwrap_or(0);
        let boot = Bootstrap::new(seed);
        let mut cells: BTreeMap<Key, Vec<&RunRow>> = BTreeMap::new();
        for row in self.rows.iter().filter(|r| roots.contains(&r.solver)) {
            let (group, solver) = (Group::of(row), super::solver_order(&row.solver));
            cells.entry((group.clone(), row.n, None, solver.clone())).or_default().push(row);
            if per_alpha {
                cells.entry((group, row.n, Some(Alpha::new(row.alpha)), solver)).or_default().push(row);
            }
        }
        cells.into_iter().map(|(key, rows)| self.root_cell(key, &rows, &boot)).collect()
    }

    /// One cell's statistics.
    fn root_cell(&self, (group, n, alpha, (_, solver)): Key, rows: &[&RunRow], boot: &Bootstrap) -> RootCell {
        let classes: Vec<RootClass> = rows.iter().map(|r| RootClass::of(r, self.judged(r))).collect();
        let counts = RootClass::ALL.map(|c| classes.iter().filter(|&&k| k == c).count());
        let total = rows.len();
        let share = |k: usize| {
            let (low, high) = wilson(k as f64, total, LEVEL).unwrap_or((0.0, 1.0));
            Estimate { value: k as f64 / total as f64, low, high, n: total }
        };
        let decided = share(classes.iter().filter(|c| c.decided()).count());
        let scope = format!("{}/{n}/{}/{solver}", group.name(), alpha.map_or("all".to_string(), |a| a.to_string()));
        let fractional_points = || rows.iter().zip(&classes).filter(|(_, &class)| class == RootClass::Fractional);
        let fractional_columns: Vec<f64> =
            fractional_points().filter_map(|(r, _)| Some(r.fractional? as f64)).collect();
        let open: Vec<f64> = fractional_points()
            .filter_map(|(r, _)| {
                let empty = (r.n * r.n).saturating_sub(r.givens);
                Some(r.fractional_cells? as f64 / empty.max(1) as f64)
            })
            .collect();
        let seconds: Vec<f64> = rows.iter().map(|r| r.seconds).collect();
        let columns: Vec<f64> =
            rows.iter().filter(|r| r.fractional.is_some()).filter_map(|r| Some(r.variables? as f64)).collect();
        let rounds: Vec<f64> = rows.iter().filter_map(|r| Some(r.pricing_rounds? as f64)).collect();
        RootCell {
            group,
            n,
            alpha,
            solver,
            counts,
            shares: counts.map(share),
            decided,
            open_cells: median_estimate(&open, &boot.for_label(&format!("{scope}/open"))),
            fractional_columns: median(&fractional_columns),
            seconds: median_estimate(&seconds, &boot.for_label(&format!("{scope}/seconds"))),
            columns: median(&columns),
            rounds: median(&rounds),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;
    use crate::experiment::record::{RunCertificate, RunOutcome};

    /// A root-only run of `solver` on planted 9×9 instance `rep` with LP answer `lp`.
    fn root_run(solver: &str, rep: u32, lp: RootLp, cells: Option<u64>) -> RunRow {
        let outcome = match lp {
            RootLp::Integral => RunOutcome::Solved,
            RootLp::Infeasible => RunOutcome::Infeasible,
            RootLp::Fractional | RootLp::Limit => RunOutcome::Limit,
        };
        RunRow {
            rep,
            seed: u64::from(rep),
            solver: solver.into(),
            outcome,
            verified: (outcome == RunOutcome::Solved).then_some(true),
            root_lp: Some(lp),
            fractional: cells.map(|c| 2 * c),
            fractional_cells: cells,
            givens: 41,
            seconds: 0.01 * f64::from(rep + 1),
            ..row()
        }
    }

    fn results(rows: Vec<RunRow>) -> Results {
        let meta = serde_json::json!({ "config": { "time_limit": 10.0, "seed": 4 } });
        Results::new(rows, Some(meta), None, Some(10.0))
    }

    #[test]
    fn classes_follow_the_judgement_not_the_solvers_word() {
        let integral = root_run("ilp-clique+root", 0, RootLp::Integral, Some(0));
        assert_eq!(RootClass::of(&integral, Judged::Solved), RootClass::Integral);
        // A grid the oracle rejected is no integral root, whatever the solver said.
        assert_eq!(RootClass::of(&integral, Judged::Wrong), RootClass::Unfinished);
        let fractional = root_run("ilp-clique+root", 0, RootLp::Fractional, Some(12));
        assert_eq!(RootClass::of(&fractional, Judged::Limit), RootClass::Fractional);
        let limit = root_run("ilp-clique+root", 0, RootLp::Limit, None);
        assert_eq!(RootClass::of(&limit, Judged::Limit), RootClass::Unfinished);
        let infeasible = root_run("ilp-clique+root", 0, RootLp::Infeasible, None);
        assert_eq!(RootClass::of(&infeasible, Judged::Unproven), RootClass::Unfinished);
        assert!(RootClass::Integral.decided() && RootClass::Infeasible.decided());
        assert!(!RootClass::Fractional.decided() && !RootClass::Unfinished.decided());
    }

    #[test]
    fn a_cell_counts_each_class_with_its_interval_and_the_undecided_cells_of_its_points() {
        // 4 planted instances: the clique root is integral on 1, fractional on 3 (10, 20, 30 of the
        // 40 empty cells open); a full solver beside it is no root solver.
        let mut rows = vec![root_run("ilp-clique+root", 0, RootLp::Integral, Some(0))];
        for (rep, cells) in [(1, 10), (2, 20), (3, 30)] {
            rows.push(root_run("ilp-clique+root", rep, RootLp::Fractional, Some(cells)));
        }
        rows.extend((0..4).map(|rep| RunRow { rep, seed: u64::from(rep), solver: "ilp-clique".into(), ..row() }));
        let results = results(rows);
        assert_eq!(results.root_solvers(), ["ilp-clique+root"]);
        let cells = results.root_cells(false);
        assert_eq!(cells.len(), 1);
        let cell = &cells[0];
        assert_eq!((cell.n, cell.alpha, cell.solver.as_str(), cell.runs()), (9, None, "ilp-clique+root", 4));
        assert_eq!(cell.counts, [1, 0, 3, 0]);
        assert_eq!(cell.decided.value, 0.25);
        // Wilson's interval of 1 of 4 (R: prop.test(1, 4, correct = FALSE)$conf.int).
        assert!((cell.decided.low - 0.0456).abs() < 1e-3 && (cell.decided.high - 0.6994).abs() < 1e-3);
        // Open cells of the fractional points: 1/4, 1/2, 3/4 of the 40 empty cells; median 1/2.
        let open = cell.open_cells.unwrap();
        assert!((open.value - 0.5).abs() < 1e-12 && open.n == 3, "{open:?}");
        // Their fractional columns: 20, 40, 60.
        assert_eq!(cell.fractional_columns, Some(40.0));
        assert!(open.low <= open.value && open.value <= open.high);
    }

    #[test]
    fn an_infeasible_root_counts_only_with_its_proof_accepted() {
        let mut proved = root_run("ilp-placement+root", 0, RootLp::Infeasible, None);
        proved.mode = crate::experiment::record::RunMode::Random;
        proved.certificate = Some(RunCertificate::Checked);
        let mut unproven = RunRow { rep: 1, seed: 1, certificate: Some(RunCertificate::Unproven), ..proved.clone() };
        unproven.certificate = Some(RunCertificate::Unproven);
        let cell = &results(vec![proved, unproven]).root_cells(false)[0];
        assert_eq!(cell.counts, [0, 1, 0, 1]);
    }

    #[test]
    fn per_alpha_cells_come_beside_the_pooled_ones() {
        let rows = vec![
            RunRow { alpha: 0.2, ..root_run("ilp-edge+root", 0, RootLp::Fractional, Some(5)) },
            RunRow { alpha: 0.6, ..root_run("ilp-edge+root", 1, RootLp::Integral, Some(0)) },
        ];
        let cells = results(rows).root_cells(true);
        let alphas: Vec<Option<f64>> = cells.iter().map(|c| c.alpha.map(Alpha::value)).collect();
        assert_eq!(alphas, [None, Some(0.2), Some(0.6)]);
        assert_eq!(cells[0].counts, [1, 0, 1, 0]);
    }
}
