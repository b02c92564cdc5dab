//! `ilp-hybrid`: the LP relaxation of the clique model guiding a backtracking search with
//! propagation and restarts, after Gomes & Shmoys ("Completing Quasigroups or Latin Squares: A
//! Structured Graph Coloring Problem", COLOR'02), who showed that such a hybrid of LP-based
//! randomized rounding and constraint propagation solves hard quasigroup-completion instances
//! that neither part solves alone.
//!
//! **A node** is a grid of placed digits. It is first propagated by the logic module
//! ([`crate::logic::Logic`] capped at [`Rating::Medium`]: naked and hidden singles, pointing and
//! claiming, to a fixpoint; every deduction holds in every solution). A contradiction is a dead
//! end. Otherwise the node's LP relaxation ([`lp::Relaxation`]: the clique model of the puzzle
//! after root propagation, with the node's placements fixed to 1 and its eliminated candidates to
//! 0 through column bounds) gives a point: the last point again when it breaks the node's bounds
//! by at most [`REFRESH`] per empty cell (a stale but cheap guide), else a new HiGHS solve. An
//! infeasible LP is a dead end too — the LP prunes what the propagation misses; an "infeasible"
//! from PDLP is checked by the dual simplex before it prunes. A point that is integral (or nearly
//! so) on every empty cell is a solution once the oracle agrees. Otherwise the node branches:
//!
//! 1. first, when the LP has decided two or more cells (value ≥ [`branch::INTEGRAL`]), a **dive**
//!    that places all of them at once (fixing what the LP makes integral);
//! 2. then every candidate of the **most decided** cell (the largest LP value; fewest candidates,
//!    then first, on ties), in the order of **randomized rounding** of its LP values (each digit
//!    drawn with probability ∝ value + 10⁻³, seeded), so the search stays complete. Fail-first
//!    instead ([`branch::fewest_then_most_decided`]: fewest candidates, the LP breaking ties) was
//!    measured against it (docs/benchmarks.md, "`ilp-hybrid`: branching rule, LP algorithm and
//!    objective"). The LP's guidance is what solves 36×36 at α 0.2, so it stays.
//!
//! **Restarts**: a run is cut after a Luby sequence of dead-end budgets ([`branch::budget`]: 16,
//! 16, 32, 16, …); rounding draws (and, with [`Objective::Random`], a new objective per run) come
//! from one `rand_chacha` stream seeded by the puzzle, mixed with the solver seed when one is
//! given ([`crate::solve::ilp::clique::seed_with`]), so a solve is reproducible. A run that ends without being cut has exhausted its tree: only then (or
//! when the root's propagation or LP fails) is the answer [`Outcome::Infeasible`].
//!
//! **Why the `highs` crate and not `good_lp`**: `good_lp` hands a model to HiGHS once and solves
//! it once; changing a bound means building the model again (O(N³)) and solving it from scratch.
//! The `highs` crate keeps the HiGHS instance: column bounds and costs change in place (C API
//! calls it does not wrap, declared in [`lp`]) and HiGHS re-solves from what it kept (the basis,
//! for the simplex).
//!
//! **The LP algorithm and objective** were chosen by measurement on planted 36×36 grids: the warm
//! dual simplex at every node, the interior point method at the root (with crossover, the warm
//! dual simplex after it) or at every node, and PDLP, with presolve off and on, a random and the
//! zero objective, and how far a point may be reused ([`REFRESH`]); the numbers are in
//! docs/benchmarks.md ("`ilp-hybrid`: branching rule, LP algorithm and objective"). A lighter
//! hybrid was tried there too and not kept: one PDLP solve at the root, its point ordering every
//! branch of `backtrack`'s bitset search. A root point does not steer the search; the node LPs,
//! which prune, are what this solver's successes come from.
//!
//! So the defaults are PDLP ([`COLD_OPTIONS`], [`WARM_OPTIONS`]: PDLP gives no basis, so nothing
//! warm-starts; what saves LP solves is reusing a still-feasible or nearly feasible point), the
//! constant objective ([`Objective::Zero`]: every feasible point is optimal, so a point that keeps
//! to a node's bounds needs no new solve; a random objective made each re-solve re-optimise), and
//! [`REFRESH`] = 0.2.
//!
//! Stats: `nodes` = nodes evaluated (each run's root and every child tried), `guesses` = children
//! tried at branch points, `backtracks` = dead ends (propagation or LP), `lp_iterations` = LP
//! iterations over all solves (simplex, crossover, interior point and PDLP added up),
//! `lp_solves` = HiGHS LP solves (a reused point is not one); the note gives the runs, the LP
//! solves' time, the simplex checks and the reused points. `limits.max_solutions` is not used: the
//! solver looks for one solution. Config options: `highs_options` (set after [`COLD_OPTIONS`] and [`WARM_OPTIONS`],
//! e.g. `solver = "ipm"`).
//!
//! Complexity: exponential in the worst case (Sudoku completion is NP-complete); per node, the
//! propagation costs O(N³) per locked-candidates sweep, and an LP solve O(N³) per PDLP iteration
//! (a pass over the ≤ 4N³ nonzeros) and O(N³) to pass the bounds; space O(N³) for the LP and
//! O(N² · depth) for the stack of grids.

pub mod branch;
pub mod lp;

#[cfg(test)]
mod tests;

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::graph::digit_of;
use crate::grid::Grid;
use crate::logic::{Logic, Rating, Status};
use crate::solve::ilp::clique::seed_with;
use crate::solve::ilp::lock_highs;
use crate::solve::{Limits, Outcome, Report, SolveError, Solver, SolverOptions, Stats};
use crate::verify::is_solution_of;
use branch::{budget, leanings, most_decided, rounding_order, Choice, INTEGRAL};
use lp::{LpAnswer, Relaxation};

/// The solver's name in the CLI, the CSV and the docs.
pub const NAME: &str = "ilp-hybrid";

/// HiGHS options of the first (cold) LP solve, before the config's `highs_options`.
pub const COLD_OPTIONS: &[(&str, &str)] = &[("solver", "pdlp"), ("presolve", "off")];

/// HiGHS options set after the first solve, for the warm re-solves (before the config's
/// `highs_options`).
pub const WARM_OPTIONS: &[(&str, &str)] = &[];

/// How stale a guide may get: the last LP point is reused (no HiGHS run) while it breaks the
/// node's bounds by at most this much per empty cell in total (see [`Relaxation::solve`]).
pub const REFRESH: f64 = 0.2;

/// The LP's objective.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Objective {
    /// The constant 0: a feasibility LP; a point is reused while it keeps to a node's bounds.
    #[default]
    Zero,
    /// A seeded random cost in [0, 1) per column, drawn again at every restart.
    Random,
}

/// The `ilp-hybrid` solver (see the module doc).
#[derive(Debug, Clone, Default)]
pub struct Hybrid {
    /// Further HiGHS options, set after [`COLD_OPTIONS`] and after [`WARM_OPTIONS`].
    pub highs_options: Vec<(String, String)>,
    /// The LP's objective.
    pub objective: Objective,
    /// The solver seed mixed into the puzzle's seed of the perturbation and rounding stream
    /// (`SolverOptions::seed`; `None`: the puzzle's alone).
    pub seed: Option<u64>,
}

impl Hybrid {
    /// A solver reading `highs_options` and the solver seed from `options` (the only options it
    /// reads).
    pub fn new(options: &SolverOptions) -> Hybrid {
        Hybrid { highs_options: options.highs_options.clone(), objective: Objective::default(), seed: options.seed }
    }
}

/// What evaluating a node found.
enum Node {
    /// Propagation or the LP proved the node has no solution.
    Dead,
    /// A verified solution.
    Solved(Grid),
    /// The node's propagated grid and its children, in the order to try them.
    Open(Grid, Vec<Choice>),
    /// The time limit was reached.
    Limit,
}

/// A branch point on the search stack: its propagated grid and the children not yet tried.
struct Frame {
    grid: Grid,
    choices: std::vec::IntoIter<Choice>,
    branching: bool,
}

/// The state of one solve: propagation, the LP, the generator and the counters.
struct Search<'a> {
    puzzle: &'a Grid,
    logic: Logic,
    lp: Relaxation,
    rng: ChaCha8Rng,
    objective: Objective,
    deadline: Option<Instant>,
    nodes: u64,
    guesses: u64,
    dead_ends: u64,
    runs: u64,
    unguided: u64,
}

/// How a solve ended, before it becomes a [`Report`].
enum End {
    Solved(Grid),
    Infeasible(String),
    Limit,
}

impl Search<'_> {
    /// The time left before the deadline (`None` = no limit), or `Err` when it has passed.
    fn time_left(&self) -> Result<Duration, ()> {
        match self.deadline {
            None => Ok(Duration::from_secs(365 * 24 * 3600)),
            Some(d) => d.checked_duration_since(Instant::now()).filter(|t| !t.is_zero()).ok_or(()),
        }
    }

    /// The objective of a run: zero, or a cost in [0, 1) per column drawn from the generator.
    fn costs(objective: Objective, columns: usize, rng: &mut ChaCha8Rng) -> Vec<f64> {
        match objective {
            Objective::Zero => vec![0.0; columns],
            Objective::Random => (0..columns).map(|_| rng.random::<f64>()).collect(),
        }
    }

    /// Propagates `grid`, solves its LP and lists its children (see the module doc).
    fn evaluate(&mut self, grid: &Grid) -> Result<Node, String> {
        if self.time_left().is_err() {
            return Ok(Node::Limit);
        }
        let outcome = self.logic.solve(grid, Rating::Medium);
        match outcome.status {
            Status::Contradiction => return Ok(Node::Dead),
            Status::Solved => return Ok(Node::Solved(self.logic.placed())),
            Status::Stuck => {}
        }
        let placed = self.logic.placed();
        let Ok(time) = self.time_left() else { return Ok(Node::Limit) };
        let logic = &self.logic;
        let candidates = |cell: usize| logic.candidates(cell);
        let empty = placed.cells().iter().filter(|&&d| d == 0).count();
        let slack = REFRESH * empty as f64;
        let values = match self.lp.solve(&placed, &candidates, time, slack)? {
            LpAnswer::Infeasible => return Ok(Node::Dead),
            LpAnswer::TimeLimit => return Ok(Node::Limit),
            LpAnswer::Point(values) => Some(values),
            LpAnswer::NoGuidance(_) => {
                self.unguided += 1;
                None
            }
        };
        let is_placed = |cell: usize| placed.get(cell) != 0;
        let allowed = |cell: usize, colour: usize| candidates(cell) & 1 << colour != 0;
        let columns = self.lp.columns();
        // Without a point every candidate weighs the same: fewest candidates first, random order.
        let zeros;
        let values = match &values {
            Some(v) => v.as_slice(),
            None => {
                zeros = vec![0.0; columns.len()];
                &zeros
            }
        };
        let leaning = leanings(columns, values, &is_placed, &allowed);
        let decided: Vec<(usize, usize)> =
            leaning.iter().filter(|l| l.value >= INTEGRAL).map(|l| (l.cell, l.colour)).collect();
        if decided.len() == empty {
            let mut full = placed.clone();
            for &(cell, colour) in &decided {
                full.set(cell, digit_of(colour));
            }
            // An integral LP point is a solution up to HiGHS's tolerances: the oracle decides.
            if is_solution_of(self.puzzle, &full) {
                return Ok(Node::Solved(full));
            }
        }
        let Some(pick) = most_decided(&leaning) else {
            // Propagation left an empty cell without a column: not possible after a `Stuck`
            // propagation of a puzzle the LP was built for, but a dead end if it were.
            return Ok(Node::Dead);
        };
        let weighted: Vec<(usize, f64)> = columns
            .iter()
            .zip(values)
            .filter(|(&(cell, colour), _)| cell == pick.cell && allowed(cell, colour))
            .map(|(&(_, colour), &value)| (colour, value))
            .collect();
        let mut choices = Vec::with_capacity(weighted.len() + 1);
        if decided.len() >= 2 {
            choices.push(Choice::Decided(decided));
        }
        let order = rounding_order(&weighted, &mut self.rng);
        choices.extend(order.into_iter().map(|colour| Choice::One((pick.cell, colour))));
        Ok(Node::Open(placed, choices))
    }

    /// Restarting runs until a solution, an exhausted run, or the deadline.
    fn run(&mut self) -> Result<End, String> {
        loop {
            self.runs += 1;
            if self.runs > 1 && self.objective == Objective::Random {
                let costs = Search::costs(self.objective, self.lp.columns().len(), &mut self.rng);
                self.lp.set_costs(&costs)?;
            }
            self.nodes += 1;
            let mut stack = match self.evaluate(self.puzzle)? {
                Node::Dead => {
                    return Ok(End::Infeasible(
                        "the root's propagation and LP relaxation have no feasible point".to_string(),
                    ))
                }
                Node::Solved(grid) => return Ok(End::Solved(grid)),
                Node::Limit => return Ok(End::Limit),
                Node::Open(grid, choices) => vec![frame(grid, choices)],
            };
            let budget = budget(self.runs);
            let mut run_dead_ends = 0;
            let mut cut = false;
            while let Some(top) = stack.last_mut() {
                let Some(choice) = top.choices.next() else {
                    stack.pop();
                    continue;
                };
                let mut child = top.grid.clone();
                for &(cell, colour) in choice.placements() {
                    child.set(cell, digit_of(colour));
                }
                self.guesses += u64::from(top.branching);
                self.nodes += 1;
                match self.evaluate(&child)? {
                    Node::Dead => {
                        self.dead_ends += 1;
                        run_dead_ends += 1;
                        if run_dead_ends >= budget {
                            cut = true;
                            break;
                        }
                    }
                    Node::Solved(grid) => return Ok(End::Solved(grid)),
                    Node::Limit => return Ok(End::Limit),
                    Node::Open(grid, choices) => stack.push(frame(grid, choices)),
                }
            }
            if !cut {
                return Ok(End::Infeasible(format!("search tree exhausted in restart run {}", self.runs)));
            }
        }
    }
}

/// A branch point over `choices` of `grid`.
fn frame(grid: Grid, choices: Vec<Choice>) -> Frame {
    let branching = choices.len() >= 2;
    Frame { grid, choices: choices.into_iter(), branching }
}

impl Solver for Hybrid {
    fn name(&self) -> &'static str {
        NAME
    }

    fn solve(&mut self, puzzle: &Grid, limits: &Limits) -> Result<Report, SolveError> {
        let backend = |message: String| SolveError::Backend { solver: NAME, message };
        let build = Instant::now();
        let deadline = limits.deadline(build);
        let mut logic = Logic::new(puzzle.shape());
        let root = logic.solve(puzzle, Rating::Medium);
        let settled = match root.status {
            Status::Solved => Some((Outcome::Solved(logic.placed()), "solved by propagation alone")),
            Status::Contradiction => Some((Outcome::Infeasible, "propagation reached a contradiction")),
            Status::Stuck => None,
        };
        if let Some((outcome, note)) = settled {
            let stats = Stats { build_seconds: build.elapsed().as_secs_f64(), nodes: Some(1), ..Stats::default() };
            return Ok(Report { outcome, stats, note: Some(note.to_string()) });
        }
        let root_grid = logic.placed();
        let mut rng = ChaCha8Rng::seed_from_u64(seed_with(puzzle, self.seed));
        let candidates = |cell: usize| logic.candidates(cell);
        let columns = Relaxation::columns_of(&root_grid, &candidates);
        let costs = Search::costs(self.objective, columns.len(), &mut rng);
        // A solver seed reaches HiGHS's own random choices too (0 to 2^31 − 1, as the MIP solvers').
        let seeded = self.seed.map(|s| ("random_seed".to_string(), (s % (1 << 31)).to_string()));
        let with_config = |defaults: &[(&str, &str)]| -> Vec<(String, String)> {
            let defaults = defaults.iter().map(|&(k, v)| (k.to_string(), v.to_string()));
            defaults.chain(seeded.clone()).chain(self.highs_options.iter().cloned()).collect()
        };
        let (cold, warm) = (with_config(COLD_OPTIONS), with_config(WARM_OPTIONS));
        // Every HiGHS call of this solve, the instance's destruction included, under the lock:
        // `search` (which owns the instance) is declared after the guard and so dropped before it.
        let _guard = lock_highs();
        let lp = Relaxation::new(&root_grid, &candidates, &costs, &cold, &warm).map_err(backend)?;
        let variables = lp.columns().len();
        let mut search = Search {
            puzzle,
            logic: Logic::new(puzzle.shape()),
            lp,
            rng,
            objective: self.objective,
            deadline,
            nodes: 0,
            guesses: 0,
            dead_ends: 0,
            runs: 0,
            unguided: 0,
        };
        let build_seconds = build.elapsed().as_secs_f64();
        let start = Instant::now();
        let end = search.run().map_err(backend)?;
        let stats = Stats {
            seconds: start.elapsed().as_secs_f64(),
            build_seconds,
            nodes: Some(search.nodes),
            guesses: Some(search.guesses),
            backtracks: Some(search.dead_ends),
            variables: Some(variables),
            constraints: Some(search.lp.rows()),
            lp_iterations: Some(search.lp.iterations),
            lp_solves: Some(search.lp.solves),
            ..Stats::default()
        };
        let mut note = format!(
            "{} run(s), {} LP solve(s) in {:.2} s (root LP {:.2} s; {} simplex check(s) of an infeasible LP), {} point(s) reused",
            search.runs,
            search.lp.solves,
            search.lp.seconds,
            search.lp.root_seconds.unwrap_or(0.0),
            search.lp.confirmations,
            search.lp.reused
        );
        if search.unguided > 0 {
            note.push_str(&format!(", {} without LP guidance (HiGHS gave no point)", search.unguided));
        }
        let outcome = match end {
            End::Solved(grid) => Outcome::Solved(grid),
            End::Infeasible(why) => {
                note = format!("{why}; {note}");
                Outcome::Infeasible
            }
            End::Limit => Outcome::LimitReached,
        };
        Ok(Report { outcome, stats, note: Some(note) })
    }
}
