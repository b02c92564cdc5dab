//! The clique model of Sudoku as a backend-agnostic `good_lp` model, shared by the MIP backends
//! (HiGHS in [`super::ilp`], CBC in [`super::cbc`]).
//!
//! Givens are placed and their digits removed from their peers *before* building; then one binary
//! per remaining (cell, digit) candidate (≤ N³), one row Σ = 1 per empty cell and one row Σ = 1 per
//! house and digit the house still misses (≤ 4N² rows). A cell or a house digit left without any
//! candidate is a proof of infeasibility, given in words instead of a model. The objective is the
//! constant 0: a pure feasibility problem
//! ([`objective`] gives the perturbed one of the `perturb` ablation).
//!
//! Complexity: O(N³) time and space.

use good_lp::{variable, Constraint, Expression, ProblemVariables, Variable};

use crate::graph::{digit_of, ConstraintGraph};
use crate::grid::Grid;
use crate::solve::candidates::{dead_end, Candidates};

/// The clique model's parts, ready for any `good_lp` backend.
pub struct CliqueModel {
    /// The binaries.
    pub vars: ProblemVariables,
    /// The rows, all `Σ = 1`.
    pub constraints: Vec<Constraint>,
    /// The (cell, colour) each column (variable, in creation order) stands for.
    pub columns: Vec<(usize, usize)>,
    /// The variables, in column order.
    pub variables: Vec<Variable>,
}

/// The clique model of `puzzle`, or why it has no solution.
pub fn build(puzzle: &Grid) -> Result<CliqueModel, String> {
    let n = puzzle.n();
    let graph = ConstraintGraph::shared(puzzle.shape());
    let reduced = Candidates::new(puzzle, &graph);
    if let Some(dead) = dead_end(puzzle, &graph, &reduced) {
        return Err(dead.describe(n));
    }
    let (cands, placed) = (reduced.cells, reduced.placed);
    let empty = |cell: &usize| puzzle.get(*cell) == 0;
    let mut vars = ProblemVariables::new();
    let mut x: Vec<Option<Variable>> = vec![None; n * n * n];
    let (mut columns, mut variables) = (Vec::new(), Vec::new());
    for cell in (0..cands.len()).filter(empty) {
        for k in (0..n).filter(|&k| cands[cell] & 1 << k != 0) {
            let v = vars.add(variable().binary());
            x[cell * n + k] = Some(v);
            columns.push((cell, k));
            variables.push(v);
        }
    }
    let mut constraints = Vec::new();
    for cell in (0..cands.len()).filter(empty) {
        let mut sum = Expression::with_capacity(cands[cell].count_ones() as usize);
        for v in x[cell * n..(cell + 1) * n].iter().flatten() {
            sum.add_mul(1, *v);
        }
        constraints.push(sum.eq(1));
    }
    for ((_, cells), &done) in graph.houses().iter().zip(&placed) {
        for k in (0..n).filter(|&k| done & 1 << k == 0) {
            let mut sum = Expression::with_capacity(n);
            for v in cells.iter().filter_map(|&c| x[c * n + k]) {
                sum.add_mul(1, v);
            }
            constraints.push(sum.eq(1));
        }
    }
    Ok(CliqueModel { vars, constraints, columns, variables })
}

/// The perturbed objective of a model of `puzzle` (`SolverOptions::perturb`): a cost in [0, 1)
/// per variable, from a `rand_chacha` stream seeded by a hash of the puzzle's cells and the
/// solver seed, if any ([`seed_with`]), so the same puzzle and seed always get the same objective.
/// Zero when `perturb` is off.
pub fn objective(puzzle: &Grid, variables: &[Variable], perturb: bool, solver_seed: Option<u64>) -> Expression {
    use rand::{Rng, SeedableRng};

    let mut objective = Expression::with_capacity(if perturb { variables.len() } else { 0 });
    if perturb {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed_with(puzzle, solver_seed));
        for &v in variables {
            objective.add_mul(rng.random::<f64>(), v);
        }
    }
    objective
}

/// The seed of a seeded solver on `puzzle`: the puzzle's own ([`seed_of`]) without a solver seed
/// (so runs without solver seeds draw as before), else the puzzle's mixed with the solver seed.
pub fn seed_with(puzzle: &Grid, solver_seed: Option<u64>) -> u64 {
    match solver_seed {
        None => seed_of(puzzle),
        // An odd multiplier spreads the solver seed's bits before the xor; ChaCha mixes the rest.
        Some(s) => seed_of(puzzle) ^ s.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29),
    }
}

/// A seed of the puzzle's own: FNV-1a over its cells (portable, and enough to give each puzzle
/// its own `rand_chacha` stream).
pub fn seed_of(puzzle: &Grid) -> u64 {
    puzzle.cells().iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &v| (h ^ u64::from(v)).wrapping_mul(0x100_0000_01b3))
}

/// The grid `values` (one per column, 0-1 up to tolerance) describe, on top of `grid`.
pub fn decode(mut grid: Grid, columns: &[(usize, usize)], values: &[f64]) -> Grid {
    for (&(cell, k), _) in columns.iter().zip(values).filter(|(_, &value)| value > 0.5) {
        grid.set(cell, digit_of(k));
    }
    grid
}
