//! The restricted master problem of `ilp-placement`, held in one HiGHS instance for the whole
//! solve, and the MIP over its column pool.
//!
//! **Rows**: one per empty cell of the puzzle (Σ of the placements through the cell = 1) and one
//! per digit the givens do not complete (the convexity row: Σ of the digit's placements = 1).
//! **Columns**: first one *artificial* per row (cost 1, its row's coefficient 1, in [0, ∞)), so the
//! restricted master is feasible from the start; then the placements, cost 0, in [0, ∞) (the
//! convexity row bounds them by 1). Minimising the artificials is Phase I of the simplex method:
//! the optimum is 0 exactly when the placements found so far have a feasible convex combination.
//!
//! Columns are added to the *solved* model: `highs` 2.4 turns a `SolvedModel` back into a
//! `Model` (`Model::from`) and `Model::try_add_column` appends a column to the live instance, so
//! HiGHS keeps its basis and every re-solve after a pricing round starts warm (primal simplex
//! from a primal feasible basis: new columns do not break primal feasibility). A branch-and-price
//! node switches placements off through their upper bounds (0 for a placement the node does not
//! allow), in one `Highs_changeColsBoundsByRange` call; HiGHS keeps the basis across that too.
//!
//! HiGHS 1.x compares `time_limit` with the run time its instance has accumulated over all runs
//! (ERGO-Code/HiGHS#1331), so every run is preceded by `Highs_zeroAllClocks`, as in
//! `ilp-hybrid`'s relaxation. The caller holds the process-wide HiGHS lock
//! (`crate::solve::ilp::lock_highs`) from before [`Master::new`] until the master is dropped.
//!
//! Complexity: building is O(N²) (rows and artificials); each column adds O(N) nonzeros; the LP
//! solves are HiGHS's.

use std::ffi::c_int;
use std::time::Duration;

use highs::{ColProblem, HighsModelStatus, HighsSolutionStatus, Model, Row, Sense};

use crate::graph::digit_of;
use crate::grid::Grid;
use crate::solve::ilp::{set_highs_option, solve_lp_within, Highs_changeColsBoundsByRange};

/// `kHighsStatusError` of the HiGHS C API.
const HIGHS_STATUS_ERROR: c_int = -1;

/// One column of the master: a placement of a digit (colour k = digit k + 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// The colour placed.
    pub colour: usize,
    /// All N cells of the placement, givens included, one per row in row order.
    pub cells: Vec<usize>,
}

/// What one LP solve of the restricted master gave.
#[derive(Debug, Clone, PartialEq)]
pub enum Lp {
    /// An optimal point: the artificials' sum, one value per placement (pool order) and one dual
    /// per row (cell rows in cell order, then the convexity rows in colour order).
    Optimal {
        /// Σ of the artificials (Phase I's objective).
        artificial: f64,
        /// The placements' values, in pool order.
        values: Vec<f64>,
        /// The rows' duals y (reduced cost of a column = its cost − Σ of y over its rows).
        duals: Vec<f64>,
    },
    /// HiGHS reached the time limit.
    TimeLimit,
}

/// What the MIP over the pool gave.
#[derive(Debug, Clone, PartialEq)]
pub enum Mip {
    /// An integer point: the indices (into the pool) of the chosen placements.
    Chosen(Vec<usize>),
    /// No integer point among these columns (no proof about the puzzle).
    Infeasible,
    /// The time limit, or another status without a point, named.
    NoPoint(String),
}

/// The restricted master (see the module doc).
pub struct Master {
    /// `None` only while HiGHS runs (its solve takes the model by value) or after it failed.
    model: Option<Model>,
    rows: Vec<Row>,
    /// Per cell, its row (empty cells only).
    cell_row: Vec<Option<usize>>,
    /// Per colour, its convexity row (colours the givens do not complete).
    colour_row: Vec<Option<usize>>,
    /// The placements generated so far, in column order after the artificials.
    pub pool: Vec<Placement>,
    /// Per column (artificials first), its upper bound at the current node.
    upper: Vec<f64>,
    /// HiGHS options set on every solve of the master and of the pool's MIP.
    options: Vec<(String, String)>,
    /// LP solves so far.
    pub solves: u64,
    /// Simplex iterations so far.
    pub iterations: u64,
    /// Seconds in HiGHS's LP solves so far.
    pub seconds: f64,
}

impl Master {
    /// The master of `puzzle` with artificial columns only, and the HiGHS `options` (name,
    /// value), set in order on it (and on the pool's MIP). Errors name what HiGHS refused.
    pub fn new(puzzle: &Grid, options: &[(String, String)]) -> Result<Master, String> {
        let n = puzzle.n();
        let mut problem = ColProblem::new();
        let mut rows = Vec::new();
        let mut cell_row = vec![None; puzzle.cells().len()];
        for (cell, row) in cell_row.iter_mut().enumerate() {
            if puzzle.get(cell) == 0 {
                *row = Some(rows.len());
                rows.push(problem.add_row(1.0..=1.0));
            }
        }
        let mut given = vec![0usize; n];
        for &d in puzzle.cells().iter().filter(|&&d| d != 0) {
            given[usize::from(d) - 1] += 1;
        }
        let mut colour_row = vec![None; n];
        for (k, row) in colour_row.iter_mut().enumerate() {
            if given[k] < n {
                *row = Some(rows.len());
                rows.push(problem.add_row(1.0..=1.0));
            }
        }
        for &row in &rows {
            problem.add_column(1.0, 0.0.., [(row, 1.0)]);
        }
        let mut model =
            problem.try_optimise(Sense::Minimise).map_err(|s| format!("HiGHS refused the master: {s:?}"))?;
        for (name, value) in options {
            set_highs_option(model.as_mut_ptr(), name, value)?;
        }
        let upper = vec![f64::INFINITY; rows.len()];
        Ok(Master {
            model: Some(model),
            rows,
            cell_row,
            colour_row,
            pool: Vec::new(),
            upper,
            options: options.to_vec(),
            solves: 0,
            iterations: 0,
            seconds: 0.0,
        })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows.len()
    }

    /// The row of each cell (`None` for a given).
    pub fn cell_rows(&self) -> &[Option<usize>] {
        &self.cell_row
    }

    /// The convexity row of each colour (`None` for a digit the givens complete).
    pub fn colour_rows(&self) -> &[Option<usize>] {
        &self.colour_row
    }

    /// The row entries of a placement's column: its empty cells' rows and its colour's row.
    fn entries(&self, placement: &Placement) -> Vec<(Row, f64)> {
        let cells = placement.cells.iter().filter_map(|&c| self.cell_row[c]);
        cells.chain(self.colour_row[placement.colour]).map(|r| (self.rows[r], 1.0)).collect()
    }

    /// Appends `placement` to the pool and to the live model (allowed: upper bound ∞).
    pub fn add(&mut self, placement: Placement) -> Result<(), String> {
        let entries = self.entries(&placement);
        let model = self.model.as_mut().ok_or("HiGHS failed earlier")?;
        model.try_add_column(0.0, 0.0.., entries).map_err(|s| format!("HiGHS refused a column: {s:?}"))?;
        self.pool.push(placement);
        self.upper.push(f64::INFINITY);
        Ok(())
    }

    /// Allows exactly the placements `allowed` accepts (the others get the upper bound 0).
    pub fn allow(&mut self, allowed: &dyn Fn(&Placement) -> bool) -> Result<(), String> {
        let first = self.rows.len();
        for (i, p) in self.pool.iter().enumerate() {
            self.upper[first + i] = if allowed(p) { f64::INFINITY } else { 0.0 };
        }
        let lower = vec![0.0; self.upper.len()];
        let model = self.model.as_mut().ok_or("HiGHS failed earlier")?;
        let last = c_int::try_from(self.upper.len() - 1).map_err(|_| "more columns than HiGHS can index")?;
        // SAFETY: the model owns a live HiGHS instance (under the caller's HiGHS lock), its
        // columns 0..=last exist (artificials and pool), and both vectors hold last + 1 values.
        let status =
            unsafe { Highs_changeColsBoundsByRange(model.as_mut_ptr(), 0, last, lower.as_ptr(), self.upper.as_ptr()) };
        if status == HIGHS_STATUS_ERROR {
            return Err("HiGHS refused the column bounds".to_string());
        }
        Ok(())
    }

    /// Solves the restricted master within `time`.
    pub fn solve(&mut self, time: Duration) -> Result<Lp, String> {
        let model = self.model.take().ok_or("HiGHS failed earlier")?;
        let start = std::time::Instant::now();
        let solved = solve_lp_within(model, time)?;
        self.seconds += start.elapsed().as_secs_f64();
        self.solves += 1;
        self.iterations +=
            solved.int_info_value(c"simplex_iteration_count").ok().and_then(|v| u64::try_from(v).ok()).unwrap_or(0);
        let status = solved.status();
        let answer = match status {
            HighsModelStatus::Optimal => {
                let solution = solved.get_solution();
                let first = self.rows.len();
                let artificial = solution.columns()[..first].iter().sum();
                let values = solution.columns()[first..].to_vec();
                let duals = solution.dual_rows().to_vec();
                Ok(Lp::Optimal { artificial, values, duals })
            }
            HighsModelStatus::ReachedTimeLimit => Ok(Lp::TimeLimit),
            // The artificials make every node's master feasible and the costs are ≥ 0, so any
            // other status is a failure of HiGHS, not an answer.
            other => Err(format!("HiGHS ended the master LP with status {other:?}")),
        };
        self.model = Some(Model::from(solved));
        answer
    }

    /// Solves the master as a MIP over the pool's placements that `allowed` accepts (0-1, no
    /// artificials) within `time`: price and branch. "Infeasible" here says nothing about the
    /// puzzle, only about these columns.
    pub fn mip(&self, allowed: &dyn Fn(&Placement) -> bool, time: Duration) -> Result<Mip, String> {
        let mut problem = ColProblem::new();
        let rows: Vec<Row> = (0..self.rows.len()).map(|_| problem.add_row(1.0..=1.0)).collect();
        let mut chosen = Vec::new();
        for (i, p) in self.pool.iter().enumerate().filter(|(_, p)| allowed(p)) {
            let cells = p.cells.iter().filter_map(|&c| self.cell_row[c]);
            let entries: Vec<(Row, f64)> = cells.chain(self.colour_row[p.colour]).map(|r| (rows[r], 1.0)).collect();
            problem.add_integer_column(0.0, 0.0..=1.0, entries);
            chosen.push(i);
        }
        if chosen.is_empty() {
            return Ok(Mip::Infeasible);
        }
        let mut model = problem.try_optimise(Sense::Minimise).map_err(|s| format!("HiGHS refused the MIP: {s:?}"))?;
        for (name, value) in &self.options {
            set_highs_option(model.as_mut_ptr(), name, value)?;
        }
        set_highs_option(model.as_mut_ptr(), "presolve", "on")?;
        model.try_set_option("time_limit", time.as_secs_f64().max(1e-3)).map_err(|_| "HiGHS refused the time limit")?;
        let solved = model.try_solve().map_err(|s| format!("HiGHS MIP ended in error ({s:?})"))?;
        if solved.primal_solution_status() == HighsSolutionStatus::Feasible {
            let values = solved.get_solution().columns().to_vec();
            return Ok(Mip::Chosen(chosen.iter().zip(values).filter(|(_, v)| *v > 0.5).map(|(&i, _)| i).collect()));
        }
        Ok(match solved.status() {
            HighsModelStatus::Infeasible | HighsModelStatus::UnboundedOrInfeasible => Mip::Infeasible,
            other => Mip::NoPoint(format!("{other:?}")),
        })
    }
}

/// The grid the placements `chosen` (indices into `pool`) describe, on top of `puzzle`.
pub fn decode(puzzle: &Grid, pool: &[Placement], chosen: impl IntoIterator<Item = usize>) -> Grid {
    let mut grid = puzzle.clone();
    for i in chosen {
        let p = &pool[i];
        for &cell in &p.cells {
            grid.set(cell, digit_of(p.colour));
        }
    }
    grid
}
