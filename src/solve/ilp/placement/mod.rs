//! `ilp-placement`: the packing (placement) formulation of Sudoku, solved by column generation
//! and branch and price on HiGHS.
//!
//! **The formulation.** A *placement* of digit d is a set of N cells, one in every row, column
//! and box, that contains every cell given d and no cell where d is not a candidate. The master
//! problem chooses one placement per digit (a convexity row per digit: Σₚ λ_{d,p} = 1) so that
//! every empty cell is covered exactly once (Σ of the placements through it = 1). Its LP
//! relaxation is the Dantzig–Wolfe reformulation of the clique model over each digit's
//! placements (Mehrotra & Trick 1996 for colouring; Gomes & Shmoys 2002 for Latin squares), so
//! it is at least as tight as the clique model's LP; it has a column per placement, far too many
//! to write down, so they are generated.
//!
//! **Column generation** ([`master`]): the restricted master starts with one artificial column
//! per row (cost 1) and no placement, and minimises the artificials (Phase I). Each round solves
//! it (warm, the columns are added to the solved HiGHS model) and prices every digit: the
//! placement of largest Σ of cell duals ([`pricing`], exact), whose reduced cost is −(that Σ +
//! the digit's convexity dual). A round adds every placement of negative reduced cost; the
//! artificials reaching 0 ends the node's LP with a feasible point.
//!
//! **Infeasibility proofs.** For any row duals y ≤ 1 (the artificials' reduced costs 1 − y ≥ 0),
//! Σ y + Σ_d min(0, min reduced cost of d) is a lower bound on the full master's LP (Lagrangian
//! bound; weak duality after lowering each convexity dual by its digit's most negative reduced
//! cost). The pricer is exact, so when that bound exceeds [`PROOF`] the LP, and with it the
//! node, has no solution; so has a node where some digit has no placement at all. An answer
//! [`Outcome::Infeasible`] comes only from such a proof at the root, or from a branch-and-price
//! tree whose every node was closed by one (or by propagation).
//!
//! **Stabilisation** (Wentges smoothing, [`IlpPlacement::smoothing`], off by default:
//! [`SMOOTHING`] = 0): a round prices at y_s = α·ŷ + (1 − α)·y, where ŷ is the node's *stability
//! centre* (the duals of the best Lagrangian bound so far) and y the master's duals; when the
//! columns found have no negative reduced cost at y (a mis-pricing), the round prices again at y
//! itself, so convergence and the proofs are unchanged. Off because it did not pay: with α = 0.5
//! the rounds were the same on 9×9 and 25×25 and 8 % more on the 16×16 sample (411 against 381),
//! and no run here tails off — the LP solves, not the number of rounds, take the time
//! (docs/solvers.md).
//!
//! **Integer solutions** ([`branch`]): an LP point whose λ are all 0 or 1 is decoded and verified.
//! Otherwise the MIP over the root's columns is tried once (price and branch, HiGHS MIP, at most
//! [`ROOT_MIP_SHARE`] of the time left), and then the solver branches and prices: on the
//! cell-digit pair whose x(cell, d) = Σ of d's placements through the cell is largest below 1,
//! the child x = 1 first (a dive), then x = 0. A node is a candidate set per cell, propagated by
//! naked and hidden singles; the pricer only builds placements the node allows, and the master
//! switches the others off by their bounds. Depth first.
//!
//! **Root only** ([`SolverOptions::root`], the root-LP study): column generation on the givens'
//! candidates (no singles placed first, so the LP sees what the clique model's does) to LP
//! optimality, then the point's verdict — integral (decoded, verified), fractional (no answer),
//! infeasible (a proof above) — and no MIP, no branching. A dead end of the givens (an empty cell
//! or a house digit without candidates) is the LP's infeasibility at once, as in the clique model.
//!
//! Stats: `nodes` = branch-and-price nodes, `variables` = placements generated, `constraints` =
//! the master's rows, `lp_solves` and `lp_iterations` = the master's LP solves and their simplex
//! iterations, `pricing_rounds`; root only, `root_lp`, `fractional` and `fractional_cells`; the
//! note gives the pricing rounds, the root LP (integral, fractional or infeasible, and its rounds)
//! and the MIP's answer. `limits.max_solutions` is not used: the
//! solver looks for one solution. Config options: `highs_options` (after [`OPTIONS`]); the seed
//! becomes HiGHS's `random_seed`.
//!
//! Complexity: exponential in the worst case (Sudoku completion is NP-complete); per pricing
//! round, N pricing problems (each O(N³) per branch-and-bound node, see [`pricing`]) and one warm
//! LP solve over ≤ N² + N rows.

pub mod branch;
pub mod master;
pub mod pricing;

#[cfg(test)]
mod tests;

use std::time::{Duration, Instant};

use crate::graph::{digit_of, ConstraintGraph};
use crate::grid::Grid;
use crate::solve::candidates::{dead_end, Candidates};
use crate::solve::ilp::lock_highs;
use crate::solve::{is_fractional, Limits, Outcome, Report, RootLp, SolveError, Solver, SolverOptions, Stats};
use crate::verify::is_solution_of;
use branch::{any_open, children, most_decided, propagate, Masks};
use master::{decode, Lp, Master, Mip, Placement};
use pricing::{good_placement, Priced};

/// The solver's name in the CLI, the CSV and the docs.
pub const NAME: &str = "ilp-placement";

/// HiGHS options of the master, before the config's `highs_options`: one thread, the simplex
/// (warm starts after each pricing round and bound change), no presolve (it would hide the
/// duals' rows and throw the basis away).
pub const OPTIONS: &[(&str, &str)] = &[("threads", "1"), ("solver", "simplex"), ("presolve", "off")];

/// A Lagrangian bound above this proves a node infeasible (its LP optimum is positive).
pub const PROOF: f64 = 1e-6;

/// Artificials summing to at most this are a feasible LP point.
pub const FEASIBLE: f64 = 1e-9;

/// A column is added when its reduced cost is below −this.
pub const NEGATIVE: f64 = 1e-9;

/// Wentges's α by default: the weight of the stability centre in the smoothed duals (0 = no
/// smoothing; see the module doc for why 0).
pub const SMOOTHING: f64 = 0.0;

/// Nodes of the heuristic pricer's cut branch and bound, per digit and round, in units of N
/// (a dive to the first leaf takes about N).
pub const HEURISTIC_NODES: u64 = 2;

/// The share of the time left that the MIP over the root's columns may take.
pub const ROOT_MIP_SHARE: f64 = 0.25;

/// The `ilp-placement` solver (see the module doc).
#[derive(Debug, Clone)]
pub struct IlpPlacement {
    /// Further HiGHS options, set after [`OPTIONS`].
    pub highs_options: Vec<(String, String)>,
    /// The solver seed, HiGHS's `random_seed` (`None`: HiGHS's default).
    pub seed: Option<u64>,
    /// Wentges's α (see [`SMOOTHING`]).
    pub smoothing: f64,
    /// Whether the MIP over the root's columns is tried before branching.
    pub root_mip: bool,
    /// Stop after the root's column generation ([`SolverOptions::root`]): no singles placed first
    /// (the root sees the givens' candidates, as the clique model does), no MIP, no branching.
    pub root_only: bool,
}

impl IlpPlacement {
    /// A solver reading `highs_options` and the seed from `options` (the only options it reads).
    pub fn new(options: &SolverOptions) -> IlpPlacement {
        IlpPlacement {
            highs_options: options.highs_options.clone(),
            seed: options.seed,
            smoothing: SMOOTHING,
            root_mip: true,
            root_only: options.root,
        }
    }
}

/// What column generation found at one node.
enum NodeLp {
    /// A proof that the node has no solution, in words.
    Infeasible(String),
    /// The LP's optimal point: the placements' values (artificials ≤ [`FEASIBLE`]).
    Point(Vec<f64>),
    /// The last LP point when column generation stalled numerically (artificials above
    /// [`FEASIBLE`], yet no column to add and no proof).
    Stalled(Vec<f64>),
    /// The deadline passed.
    Limit,
}

/// How a solve ended.
enum End {
    Solved(Grid),
    Infeasible(String),
    Limit,
    /// A root-only solve's fractional root point.
    Fractional,
}

/// The state of one solve.
struct Search<'a> {
    puzzle: &'a Grid,
    graph: std::sync::Arc<ConstraintGraph>,
    master: Master,
    smoothing: f64,
    root_mip: bool,
    root_only: bool,
    deadline: Option<Instant>,
    nodes: u64,
    rounds: u64,
    mispricings: u64,
    /// Rounds that needed the exact pricer.
    exact_rounds: u64,
    /// Seconds in the pricer.
    pricing_seconds: f64,
    root: Option<String>,
    /// The root's LP: what it gave, its fractional columns and undecided cells.
    root_lp: Option<(RootLp, Option<(u64, u64)>)>,
    mip: Option<String>,
}

impl Search<'_> {
    /// The time left before the deadline, `None` when it has passed.
    fn time_left(&self) -> Option<Duration> {
        match self.deadline {
            None => Some(Duration::from_secs(365 * 24 * 3600)),
            Some(d) => d.checked_duration_since(Instant::now()).filter(|t| !t.is_zero()),
        }
    }

    /// Prices every digit at duals `y` (clipped to ≤ 1) on the node `masks`: a placement of each
    /// digit (the best when `budget` is `None`, else the best a search of `budget` nodes found),
    /// and, when exact, the Lagrangian bound of `y`. `Err` with the node's end when the deadline
    /// passed or an exact search found a digit without any placement (a proof).
    fn price(&mut self, y: &[f64], masks: &Masks, budget: Option<u64>) -> Result<(Vec<Placement>, f64), NodeLp> {
        let start = Instant::now();
        let priced = self.price_digits(y, masks, budget);
        self.pricing_seconds += start.elapsed().as_secs_f64();
        priced
    }

    /// [`Search::price`] without the clock.
    fn price_digits(&self, y: &[f64], masks: &Masks, budget: Option<u64>) -> Result<(Vec<Placement>, f64), NodeLp> {
        let shape = self.puzzle.shape();
        let mut bound: f64 = y.iter().sum();
        let mut found = Vec::new();
        let weight: Vec<f64> = self.master.cell_rows().iter().map(|r| r.map_or(0.0, |r| y[r])).collect();
        for (k, row) in self.master.colour_rows().iter().enumerate() {
            let Some(row) = *row else { continue };
            let allowed: Vec<bool> = masks.iter().map(|m| m & 1 << k != 0).collect();
            match good_placement(shape, &allowed, &weight, self.deadline, budget) {
                Priced::None if budget.is_none() => {
                    return Err(NodeLp::Infeasible(format!("digit {} has no placement", digit_of(k))));
                }
                Priced::None => {}
                Priced::Limit => return Err(NodeLp::Limit),
                Priced::Best { cells, weight } => {
                    let reduced = -(weight + y[row]);
                    bound += reduced.min(0.0);
                    found.push(Placement { colour: k, cells });
                }
            }
        }
        Ok((found, bound))
    }

    /// The reduced cost of `p` at duals `y`.
    fn reduced(&self, p: &Placement, y: &[f64]) -> f64 {
        let rows = self.master.cell_rows();
        let cells: f64 = p.cells.iter().filter_map(|&c| rows[c]).map(|r| y[r]).sum();
        let colour = self.master.colour_rows()[p.colour].map_or(0.0, |r| y[r]);
        -(cells + colour)
    }

    /// Column generation on the node `masks` (its placements already allowed in the master).
    fn column_generation(&mut self, masks: &Masks) -> Result<NodeLp, String> {
        let mut centre: Option<(Vec<f64>, f64)> = None;
        loop {
            let Some(time) = self.time_left() else { return Ok(NodeLp::Limit) };
            let (artificial, values, duals) = match self.master.solve(time)? {
                Lp::TimeLimit => return Ok(NodeLp::Limit),
                Lp::Optimal { artificial, values, duals } => (artificial, values, duals),
            };
            if artificial <= FEASIBLE {
                return Ok(NodeLp::Point(values));
            }
            self.rounds += 1;
            // Dual feasibility for the artificials (cost 1): y ≤ 1, up to HiGHS's tolerances.
            let y: Vec<f64> = duals.iter().map(|&v| v.min(1.0)).collect();
            let smoothed: Option<Vec<f64>> = match (&centre, self.smoothing > 0.0) {
                (Some((c, _)), true) => {
                    Some(c.iter().zip(&y).map(|(c, y)| self.smoothing * c + (1.0 - self.smoothing) * y).collect())
                }
                _ => None,
            };
            // Cheap rounds first: the heuristic pricer at the smoothed duals, then at y; the
            // exact pricer (which alone gives a bound) only when both found nothing.
            let mut new = Vec::new();
            let cheap = [smoothed.as_ref(), Some(&y)];
            for at in cheap.into_iter().flatten() {
                let (found, _) = match self.price(at, masks, Some(HEURISTIC_NODES * self.puzzle.n() as u64)) {
                    Ok(priced) => priced,
                    Err(end) => return Ok(end),
                };
                new = found.into_iter().filter(|p| self.reduced(p, &y) < -NEGATIVE).collect();
                if !new.is_empty() {
                    break;
                }
                if smoothed.as_ref() == Some(at) {
                    self.mispricings += 1;
                }
            }
            if new.is_empty() {
                self.exact_rounds += 1;
                let (found, bound) = match self.price(&y, masks, None) {
                    Ok(priced) => priced,
                    Err(end) => return Ok(end),
                };
                if bound > PROOF {
                    return Ok(NodeLp::Infeasible(format!(
                        "the placement LP has no feasible point (Lagrangian bound {bound:.3e} > 0 after {} pricing rounds)",
                        self.rounds
                    )));
                }
                if centre.as_ref().is_none_or(|(_, b)| bound > *b) {
                    centre = Some((y.clone(), bound));
                }
                new = found.into_iter().filter(|p| self.reduced(p, &y) < -NEGATIVE).collect();
            }
            if new.is_empty() {
                // Artificials above FEASIBLE yet no column to add and no proof: numerically
                // stalled. The point is returned; branching keeps the search complete.
                return Ok(NodeLp::Stalled(values));
            }
            for p in new {
                self.master.add(p)?;
            }
        }
    }

    /// Branch and price from the root (see the module doc).
    fn run(&mut self) -> Result<End, String> {
        let shape = self.puzzle.shape();
        let n = shape.n();
        let root = Candidates::new(self.puzzle, &self.graph);
        if self.root_only {
            self.nodes = 1;
            return self.root_lp_only(&root);
        }
        let mut stack: Vec<Masks> = vec![root.cells];
        while let Some(mut masks) = stack.pop() {
            self.nodes += 1;
            let is_root = self.nodes == 1;
            if !propagate(shape, self.graph.houses(), &mut masks) {
                if is_root {
                    return Ok(End::Infeasible("propagation of the givens reached a contradiction".to_string()));
                }
                continue;
            }
            if masks.iter().all(|m| m.is_power_of_two()) {
                let grid = grid_of(self.puzzle, &masks);
                if is_solution_of(self.puzzle, &grid) {
                    return Ok(End::Solved(grid));
                }
                continue;
            }
            self.master.allow(&|p: &Placement| p.cells.iter().all(|&c| masks[c] & 1 << p.colour != 0))?;
            let values = match self.column_generation(&masks)? {
                NodeLp::Limit => return Ok(End::Limit),
                NodeLp::Infeasible(why) => {
                    if is_root {
                        self.root = Some(format!("root LP infeasible after {} rounds", self.rounds));
                        return Ok(End::Infeasible(why));
                    }
                    continue;
                }
                NodeLp::Point(values) | NodeLp::Stalled(values) => values,
            };
            let integral = values.iter().all(|&v| !(1e-6..=1.0 - 1e-6).contains(&v));
            if is_root {
                let kind = if integral { "integral" } else { "fractional" };
                self.root = Some(format!("root LP {kind} after {} rounds", self.rounds));
            }
            if integral {
                let chosen = (0..values.len()).filter(|&i| values[i] > 0.5);
                let grid = decode(self.puzzle, &self.master.pool, chosen);
                if is_solution_of(self.puzzle, &grid) {
                    return Ok(End::Solved(grid));
                }
            }
            if is_root && self.root_mip {
                if let Some(grid) = self.root_mip(&masks)? {
                    return Ok(End::Solved(grid));
                }
            }
            let x = self.cell_digits(&values);
            let Some((cell, k)) = most_decided(&x, n, &masks).or_else(|| any_open(&masks)) else { continue };
            let (one, zero) = children(&masks, cell, k);
            stack.push(zero);
            stack.push(one);
        }
        Ok(End::Infeasible(format!("branch-and-price tree exhausted after {} nodes", self.nodes)))
    }

    /// x(cell, digit) = Σ of the digit's placements through the cell, at the master's `values`.
    fn cell_digits(&self, values: &[f64]) -> Vec<f64> {
        let n = self.puzzle.n();
        let mut x = vec![0.0; self.puzzle.cells().len() * n];
        for (p, &v) in self.master.pool.iter().zip(values) {
            for &cell in &p.cells {
                x[cell * n + p.colour] += v;
            }
        }
        x
    }

    /// The root LP alone (a root-only solve): column generation on the givens' candidates `root`,
    /// then the point's verdict — integral (decoded and checked), fractional, infeasible (a proof)
    /// or the limit. A dead end of the givens ([`dead_end`]) is the LP's infeasibility before any
    /// round: a cell without candidates has a row no placement covers, and a house digit without
    /// a cell leaves its digit no placement, so its convexity row is empty (the clique and POP
    /// builders refuse the same puzzles by the same test).
    fn root_lp_only(&mut self, root: &Candidates) -> Result<End, String> {
        if let Some(dead) = dead_end(self.puzzle, &self.graph, root) {
            self.root = Some("root LP infeasible before column generation: a row no placement covers".to_string());
            self.root_lp = Some((RootLp::Infeasible, None));
            return Ok(End::Infeasible(dead.describe(self.puzzle.n())));
        }
        let masks = &root.cells;
        self.master.allow(&|p: &Placement| p.cells.iter().all(|&c| masks[c] & 1 << p.colour != 0))?;
        let values = match self.column_generation(masks)? {
            NodeLp::Limit => {
                self.root_lp = Some((RootLp::Limit, None));
                return Ok(End::Limit);
            }
            NodeLp::Stalled(_) => {
                self.root = Some(format!("root LP stalled numerically after {} rounds", self.rounds));
                self.root_lp = Some((RootLp::Limit, None));
                return Ok(End::Limit);
            }
            NodeLp::Infeasible(why) => {
                self.root = Some(format!("root LP infeasible after {} rounds", self.rounds));
                self.root_lp = Some((RootLp::Infeasible, None));
                return Ok(End::Infeasible(why));
            }
            NodeLp::Point(values) => values,
        };
        let fractional = values.iter().filter(|&&v| is_fractional(v)).count() as u64;
        let x = self.cell_digits(&values);
        let n = self.puzzle.n();
        let open = x
            .chunks(n)
            .enumerate()
            .filter(|(cell, xs)| self.puzzle.cells()[*cell] == 0 && xs.iter().any(|&v| is_fractional(v)));
        let cells = open.count() as u64;
        let kind = if fractional == 0 { RootLp::Integral } else { RootLp::Fractional };
        self.root = Some(format!("root LP {} after {} rounds", kind.word(), self.rounds));
        self.root_lp = Some((kind, Some((fractional, cells))));
        if fractional > 0 {
            return Ok(End::Fractional);
        }
        let grid = decode(self.puzzle, &self.master.pool, (0..values.len()).filter(|&i| values[i] > 0.5));
        Ok(End::Solved(grid))
    }

    /// The MIP over the root's columns, within [`ROOT_MIP_SHARE`] of the time left: a verified
    /// grid, or `None` (and the note says what the MIP said).
    fn root_mip(&mut self, masks: &Masks) -> Result<Option<Grid>, String> {
        let Some(left) = self.time_left() else { return Ok(None) };
        let time = left.mul_f64(ROOT_MIP_SHARE);
        let allowed = |p: &Placement| p.cells.iter().all(|&c| masks[c] & 1 << p.colour != 0);
        let said = match self.master.mip(&allowed, time)? {
            Mip::Chosen(chosen) => {
                let grid = decode(self.puzzle, &self.master.pool, chosen);
                if is_solution_of(self.puzzle, &grid) {
                    self.mip = Some("the root columns' MIP found the solution".to_string());
                    return Ok(Some(grid));
                }
                "a point the verifier rejects".to_string()
            }
            Mip::Infeasible => "infeasible over the root columns".to_string(),
            Mip::NoPoint(status) => format!("no point ({status})"),
        };
        self.mip = Some(format!("root columns' MIP: {said}"));
        Ok(None)
    }
}

/// The grid of candidate sets that are all singletons, on top of `puzzle`.
fn grid_of(puzzle: &Grid, masks: &Masks) -> Grid {
    let mut grid = puzzle.clone();
    for (cell, m) in masks.iter().enumerate() {
        grid.set(cell, digit_of(m.trailing_zeros() as usize));
    }
    grid
}

impl Solver for IlpPlacement {
    fn name(&self) -> &'static str {
        NAME
    }

    fn solve(&mut self, puzzle: &Grid, limits: &Limits) -> Result<Report, SolveError> {
        let backend = |message: String| SolveError::Backend { solver: NAME, message };
        let build = Instant::now();
        let deadline = limits.deadline(build);
        if puzzle.is_full() {
            let mut stats = Stats { build_seconds: build.elapsed().as_secs_f64(), ..Stats::default() };
            if self.root_only {
                // No column, no fractional one: the empty LP's point is integral.
                (stats.root_lp, stats.fractional, stats.fractional_cells) = (Some(RootLp::Integral), Some(0), Some(0));
            }
            return Ok(Report { outcome: Outcome::Solved(puzzle.clone()), stats, note: Some("no empty cell".into()) });
        }
        let mut options: Vec<(String, String)> = OPTIONS.iter().map(|&(k, v)| (k.to_string(), v.to_string())).collect();
        if let Some(seed) = self.seed {
            // HiGHS's `random_seed` takes 0 to 2^31 − 1.
            options.push(("random_seed".to_string(), (seed % (1 << 31)).to_string()));
        }
        options.extend(self.highs_options.iter().cloned());
        // Every HiGHS call of this solve, the master's destruction included, under the lock:
        // `search` (which owns the master) is declared after the guard and so dropped before it.
        let _guard = lock_highs();
        let master = Master::new(puzzle, &options).map_err(backend)?;
        let mut search = Search {
            puzzle,
            graph: ConstraintGraph::shared(puzzle.shape()),
            master,
            smoothing: self.smoothing,
            root_mip: self.root_mip,
            root_only: self.root_only,
            deadline,
            nodes: 0,
            rounds: 0,
            mispricings: 0,
            exact_rounds: 0,
            pricing_seconds: 0.0,
            root: None,
            root_lp: None,
            mip: None,
        };
        let build_seconds = build.elapsed().as_secs_f64();
        let start = Instant::now();
        let end = search.run().map_err(backend)?;
        let (root_lp, point) = search.root_lp.map_or((None, None), |(kind, point)| (Some(kind), point));
        let stats = Stats {
            seconds: start.elapsed().as_secs_f64(),
            build_seconds,
            nodes: Some(search.nodes),
            variables: Some(search.master.pool.len()),
            constraints: Some(search.master.rows()),
            lp_iterations: Some(search.master.iterations),
            lp_solves: Some(search.master.solves),
            pricing_rounds: Some(search.rounds),
            root_lp,
            fractional: point.map(|(columns, _)| columns),
            fractional_cells: point.map(|(_, cells)| cells),
            ..Stats::default()
        };
        let mut parts = vec![format!(
            "{} pricing rounds ({} exact, {} mis-priced, {:.2} s pricing, {:.2} s LP), {} columns, {} node(s)",
            search.rounds,
            search.exact_rounds,
            search.mispricings,
            search.pricing_seconds,
            search.master.seconds,
            search.master.pool.len(),
            search.nodes
        )];
        parts.extend(search.root.take());
        parts.extend(search.mip.take());
        let (outcome, why) = match end {
            End::Solved(grid) => (Outcome::Solved(grid), None),
            End::Infeasible(why) => (Outcome::Infeasible, Some(why)),
            End::Limit => (Outcome::LimitReached, None),
            End::Fractional => (Outcome::LimitReached, None),
        };
        let note = why.into_iter().chain(parts).collect::<Vec<_>>().join("; ");
        Ok(Report { outcome, stats, note: Some(note) })
    }
}
