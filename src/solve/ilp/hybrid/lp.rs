//! The LP relaxation `ilp-hybrid` re-solves at every node: the clique model of the puzzle after
//! root propagation, with its binaries relaxed to [0, 1], held in one HiGHS instance for the whole
//! solve.
//!
//! A node's state (its placed digits and its remaining candidates) reaches the LP only through
//! column bounds: a placed digit's column is fixed to 1, an eliminated candidate's to 0, the
//! others are free in [0, 1]. All bounds go to HiGHS in one `Highs_changeColsBoundsByRange` call;
//! HiGHS keeps the basis of the previous solve across bound changes, so every re-solve after the
//! first starts warm. HiGHS 1.x compares `time_limit` with the run time its instance has
//! accumulated over all runs (ERGO-Code/HiGHS#1331, #1477), so every run is preceded by
//! `Highs_zeroAllClocks`, the work-around the C API names, and gets what is left of the solve's time.
//!
//! The caller holds the process-wide HiGHS lock (`crate::solve::ilp::lock_highs`) from before
//! [`Relaxation::new`] until the relaxation is dropped.
//!
//! Complexity: building is O(N³) time and space (≤ N³ columns with 4 nonzeros each, ≤ 4N² rows);
//! each solve costs O(N³) to pass the bounds plus what the simplex (or the chosen LP algorithm)
//! takes.

use std::ffi::c_int;
use std::time::Duration;

use highs::{ColProblem, HighsModelStatus, Model, Sense};

use crate::graph::colour_of;
use crate::grid::Grid;
use crate::solve::ilp::{
    set_highs_option, solve_lp_within, Highs_changeColsBoundsByRange, Highs_changeColsCostByRange,
};

/// HiGHS options of the second opinion on an "infeasible" that did not come from the simplex.
const CONFIRM_OPTIONS: [(&str, &str); 2] = [("solver", "simplex"), ("presolve", "on")];

/// `kHighsStatusError` of the HiGHS C API.
const HIGHS_STATUS_ERROR: c_int = -1;

/// What one LP solve said about a node.
#[derive(Debug, Clone, PartialEq)]
pub enum LpAnswer {
    /// An optimal point: one value per column, in column order.
    Point(Vec<f64>),
    /// The relaxation has no feasible point: neither has the node (a dead end).
    Infeasible,
    /// HiGHS reached the time limit.
    TimeLimit,
    /// HiGHS ended without a point or a proof (any other status, named): the node is searched
    /// without the LP's guidance.
    NoGuidance(String),
}

/// The LP relaxation of one puzzle in a HiGHS instance (see the module doc).
pub struct Relaxation {
    /// `None` only while HiGHS runs (its solve takes the model by value) or after it failed.
    model: Option<Model>,
    /// The (cell, colour) of each column.
    columns: Vec<(usize, usize)>,
    lower: Vec<f64>,
    upper: Vec<f64>,
    /// HiGHS options of the first (cold) solve.
    cold_options: Vec<(String, String)>,
    /// HiGHS options set after the first (cold) solve, for the warm ones.
    warm_options: Vec<(String, String)>,
    /// Doubt an "infeasible": the options leave `solver` at something other than the simplex.
    confirm: bool,
    /// Second opinions asked for (`Relaxation::confirm_infeasible`).
    pub confirmations: u64,
    /// With a constant objective every feasible point is optimal, so the last point is reused
    /// while it keeps to a node's bounds.
    reuse: bool,
    /// The last optimal point.
    point: Option<Vec<f64>>,
    /// LP solves so far (HiGHS runs).
    pub solves: u64,
    /// Nodes answered by the last point without a HiGHS run.
    pub reused: u64,
    /// LP iterations so far: simplex, crossover, interior point and PDLP, added up.
    pub iterations: u64,
    /// Seconds in HiGHS's solves so far.
    pub seconds: f64,
    /// Seconds of the first solve (the cold one), once it ran.
    pub root_seconds: Option<f64>,
    rows: usize,
}

impl Relaxation {
    /// The relaxation of `root` (a puzzle whose propagation left `candidates(cell)`, bit k =
    /// colour k, on each empty cell) with the objective `costs` (one per column, in the order of
    /// [`Relaxation::columns_of`]; all zero = a feasibility LP, whose last point is reused while
    /// feasible), the HiGHS options `cold` set in order for the first solve and `warm` set after
    /// it. Errors name a refused option.
    pub fn new(
        root: &Grid,
        candidates: &dyn Fn(usize) -> u64,
        costs: &[f64],
        cold: &[(String, String)],
        warm: &[(String, String)],
    ) -> Result<Relaxation, String> {
        let shape = root.shape();
        let n = shape.n();
        let columns = Relaxation::columns_of(root, candidates);
        let mut problem = ColProblem::new();
        let mut cell_row = vec![None; shape.cells()];
        for (cell, row) in cell_row.iter_mut().enumerate() {
            if root.get(cell) == 0 {
                *row = Some(problem.add_row(1.0..=1.0));
            }
        }
        // House-digit rows, houses numbered rows, columns, boxes: only the digits a house misses.
        let mut placed = vec![0u64; 3 * n];
        for cell in (0..shape.cells()).filter(|&c| root.get(c) != 0) {
            let bit = 1u64 << colour_of(root.get(cell));
            for h in houses_of(root, cell) {
                placed[h] |= bit;
            }
        }
        let mut house_row = vec![None; 3 * n * n];
        for (h, &done) in placed.iter().enumerate() {
            for k in (0..n).filter(|&k| done & 1 << k == 0) {
                house_row[h * n + k] = Some(problem.add_row(1.0..=1.0));
            }
        }
        for (&(cell, k), &cost) in columns.iter().zip(costs) {
            let cell_entry = cell_row[cell].map(|r| (r, 1.0));
            let house_entries = houses_of(root, cell).map(|h| house_row[h * n + k].map(|r| (r, 1.0)));
            let entries: Vec<_> = std::iter::once(cell_entry).chain(house_entries).flatten().collect();
            problem.add_column(cost, 0.0..=1.0, entries);
        }
        let problem_rows = problem.num_rows();
        let mut model = problem.try_optimise(Sense::Minimise).map_err(|s| format!("HiGHS refused the LP: {s:?}"))?;
        set_highs_option(model.as_mut_ptr(), "threads", "1")?;
        for (name, value) in cold {
            set_highs_option(model.as_mut_ptr(), name, value)?;
        }
        let count = columns.len();
        let rows = problem_rows;
        Ok(Relaxation {
            model: Some(model),
            columns,
            lower: vec![0.0; count],
            upper: vec![1.0; count],
            cold_options: cold.to_vec(),
            warm_options: warm.to_vec(),
            confirm: cold.iter().chain(warm).rfind(|(k, _)| k == "solver").is_none_or(|(_, v)| v != "simplex"),
            confirmations: 0,
            reuse: costs.iter().all(|&c| c == 0.0),
            point: None,
            solves: 0,
            reused: 0,
            iterations: 0,
            seconds: 0.0,
            root_seconds: None,
            rows,
        })
    }

    /// The columns of the relaxation of `root`: every (cell, colour) candidate of every empty cell,
    /// cells in order, colours ascending.
    pub fn columns_of(root: &Grid, candidates: &dyn Fn(usize) -> u64) -> Vec<(usize, usize)> {
        let n = root.n();
        (0..root.cells().len())
            .filter(|&cell| root.get(cell) == 0)
            .flat_map(|cell| (0..n).filter(move |&k| candidates(cell) & 1 << k != 0).map(move |k| (cell, k)))
            .collect()
    }

    /// The number of rows (constraints).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The (cell, colour) of each column.
    pub fn columns(&self) -> &[(usize, usize)] {
        &self.columns
    }

    /// Replaces the objective by `costs` (one per column).
    pub fn set_costs(&mut self, costs: &[f64]) -> Result<(), String> {
        assert_eq!(costs.len(), self.columns.len(), "one cost per column");
        self.reuse = costs.iter().all(|&c| c == 0.0);
        self.point = None;
        if costs.is_empty() {
            return Ok(());
        }
        let model = self.model.as_mut().ok_or("HiGHS failed earlier")?;
        let last = c_int::try_from(costs.len() - 1).map_err(|_| "more columns than HiGHS can index")?;
        // SAFETY: the model owns a live HiGHS instance (under the caller's HiGHS lock), columns
        // 0..=last exist, and `costs` holds last + 1 values.
        let status = unsafe { Highs_changeColsCostByRange(model.as_mut_ptr(), 0, last, costs.as_ptr()) };
        if status == HIGHS_STATUS_ERROR {
            return Err("HiGHS refused the objective".to_string());
        }
        Ok(())
    }

    /// Solves the relaxation of the node whose placed digits are `grid` and whose empty cells keep
    /// `candidates(cell)` (bit k = colour k), within `time` — or answers with the last point
    /// without a HiGHS run when that point breaks the node's bounds by at most `slack` in total
    /// (Σ of each column's distance to its bounds), or not at all under a constant objective.
    pub fn solve(
        &mut self,
        grid: &Grid,
        candidates: &dyn Fn(usize) -> u64,
        time: Duration,
        slack: f64,
    ) -> Result<LpAnswer, String> {
        for (i, &(cell, k)) in self.columns.iter().enumerate() {
            let d = grid.get(cell);
            let (lo, hi) = if d != 0 {
                let on = if colour_of(d) == k { 1.0 } else { 0.0 };
                (on, on)
            } else if candidates(cell) & 1 << k != 0 {
                (0.0, 1.0)
            } else {
                (0.0, 0.0)
            };
            self.lower[i] = lo;
            self.upper[i] = hi;
        }
        if let Some(point) = &self.point {
            let off = |(i, &x): (usize, &f64)| (x - self.upper[i]).max(self.lower[i] - x).max(0.0);
            let violation: f64 = point.iter().enumerate().map(off).sum();
            // Exactly feasible: still optimal for a constant objective. Within `slack`: a stale
            // but still useful guide.
            if violation <= slack.max(1e-9) && (self.reuse || violation <= slack) {
                self.reused += 1;
                return Ok(LpAnswer::Point(point.clone()));
            }
        }
        let mut model = self.model.take().ok_or("HiGHS failed earlier")?;
        if self.solves == 1 {
            for (name, value) in &self.warm_options {
                set_highs_option(model.as_mut_ptr(), name, value)?;
            }
        }
        if !self.columns.is_empty() {
            let last = c_int::try_from(self.columns.len() - 1).map_err(|_| "more columns than HiGHS can index")?;
            // SAFETY: the model owns a live HiGHS instance (under the caller's HiGHS lock), columns
            // 0..=last exist, and both bound vectors hold last + 1 values.
            let status = unsafe {
                Highs_changeColsBoundsByRange(model.as_mut_ptr(), 0, last, self.lower.as_ptr(), self.upper.as_ptr())
            };
            if status == HIGHS_STATUS_ERROR {
                return Err("HiGHS refused the column bounds".to_string());
            }
        }
        let (model, status, point) = self.run(model, time)?;
        let (model, status, point) = match status {
            HighsModelStatus::Infeasible | HighsModelStatus::UnboundedOrInfeasible if self.confirm => {
                self.confirm_infeasible(model, time)?
            }
            _ => (model, status, point),
        };
        self.model = Some(model);
        Ok(match (status, point) {
            (HighsModelStatus::Optimal, Some(point)) => {
                self.point = Some(point.clone());
                LpAnswer::Point(point)
            }
            // Every column is bounded, so "unbounded or infeasible" is infeasible.
            (HighsModelStatus::Infeasible | HighsModelStatus::UnboundedOrInfeasible, _) => LpAnswer::Infeasible,
            (HighsModelStatus::ReachedTimeLimit, _) => LpAnswer::TimeLimit,
            (other, _) => LpAnswer::NoGuidance(format!("{other:?}")),
        })
    }

    /// A second opinion on "infeasible" from a first-order or interior method: the dual simplex
    /// with presolve, which removes the fixed columns (at a dead end deep in the tree, most of
    /// them) and proves infeasibility exactly up to its tolerances; then the options are set back.
    fn confirm_infeasible(
        &mut self,
        mut model: Model,
        time: Duration,
    ) -> Result<(Model, HighsModelStatus, Option<Vec<f64>>), String> {
        for (name, value) in CONFIRM_OPTIONS {
            set_highs_option(model.as_mut_ptr(), name, value)?;
        }
        self.confirmations += 1;
        let (mut model, status, point) = self.run(model, time)?;
        for (name, value) in self.cold_options.iter().chain(&self.warm_options) {
            set_highs_option(model.as_mut_ptr(), name, value)?;
        }
        Ok((model, status, point))
    }

    /// One HiGHS run within `time`, counted; the status and, when optimal, the point.
    fn run(&mut self, model: Model, time: Duration) -> Result<(Model, HighsModelStatus, Option<Vec<f64>>), String> {
        let start = std::time::Instant::now();
        let solved = solve_lp_within(model, time)?;
        let seconds = start.elapsed().as_secs_f64();
        self.seconds += seconds;
        self.root_seconds.get_or_insert(seconds);
        self.solves += 1;
        let counts =
            [c"simplex_iteration_count", c"crossover_iteration_count", c"ipm_iteration_count", c"pdlp_iteration_count"];
        for info in counts {
            // A count HiGHS does not keep for this run reads as an error or -1: nothing to add.
            self.iterations += solved.int_info_value(info).ok().and_then(|v| u64::try_from(v).ok()).unwrap_or(0);
        }
        let status = solved.status();
        let point = (status == HighsModelStatus::Optimal).then(|| solved.get_solution().columns().to_vec());
        Ok((Model::from(solved), status, point))
    }
}

/// The houses of `cell` in the relaxation's numbering: its row, N + its column, 2N + its box.
fn houses_of(grid: &Grid, cell: usize) -> [usize; 3] {
    let shape = grid.shape();
    let n = shape.n();
    [shape.row_of(cell), n + shape.col_of(cell), 2 * n + shape.box_of(cell)]
}
