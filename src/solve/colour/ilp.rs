//! `ilp-assign`: the assignment (vertex–colour) ILP with Méndez-Díaz & Zabala's symmetry breaking,
//! on HiGHS through `good_lp`, run by the plumbing of [`crate::solve::ilp`] (its lock, options,
//! time limit and status translation).
//!
//! With H colours (DSATUR's first colouring for a minimum, k for a decision): binaries x(v, c)
//! "v has colour c" and w(c) "colour c is used"; minimise Σ w(c) subject to Σ_c x(v, c) = 1 per
//! vertex and x(u, c) + x(v, c) ≤ w(c) per edge and colour. The symmetry breaking of Méndez-Díaz &
//! Zabala ("A branch-and-cut algorithm for graph coloring", Discrete Applied Mathematics 2006):
//! w(c) ≥ w(c + 1) (colours used from the lowest), w(c) ≤ Σ_v x(v, c) (a used colour has a
//! vertex), and x(v, c) = 0 for c above v's position in a fixed vertex order (a colouring can be
//! renamed in the order of its classes' first vertices); the order puts the clique found first,
//! whose i-th vertex is fixed to colour i. With a precolouring none of that applies (the
//! precolouring fixes the colours' names): the precoloured x are fixed to 1 instead. For a
//! decision every w(c) is fixed to 1 and the objective is constant, so HiGHS stops at its first
//! integer point.
//!
//! The claimed lower bound: the optimum when HiGHS proves one, else ⌈dual bound⌉.
//!
//! Complexity: a MIP of n·H + H columns and n + H·|E| + 2H rows, solved by HiGHS's branch and
//! cut (exponential in the worst case).

use std::time::Instant;

use good_lp::{variable, Expression, ProblemVariables, SolverModel, Variable};

use crate::graph::{Goal, Problem};
use crate::solve::colour::{colours, dsatur, within, Claim};
use crate::solve::ilp::{run_highs, Answer, RunError};
use crate::solve::{Limits, SolveError, SolverOptions, Stats};

/// `ilp-assign` on `problem` from the clique `clique`, within `limits` counted from `start`.
pub fn solve(
    problem: &Problem,
    clique: &[usize],
    limits: &Limits,
    start: Instant,
    options: &SolverOptions,
) -> Result<Claim, SolveError> {
    let n = problem.vertices();
    let first = dsatur::greedy(problem, clique);
    let floor = clique.len();
    let h = match (problem.goal(), &first) {
        (Goal::Colours(k), _) => k,
        (Goal::Minimum, Some(c)) => colours(c),
        (Goal::Minimum, None) => n,
    };
    if n == 0 || (problem.goal() == Goal::Minimum && h <= floor) {
        let note = Some("DSATUR's first colouring meets the clique".to_string());
        return Ok(Claim { colouring: first, lower: floor, exhausted: true, note, ..Claim::default() });
    }
    let build = Instant::now();
    let decision = matches!(problem.goal(), Goal::Colours(_));
    let precoloured = problem.is_precoloured();
    // The vertex order: the clique first, then the rest by index.
    let mut position = vec![usize::MAX; n];
    let order = clique.iter().copied().chain((0..n).filter(|v| !clique.contains(v)));
    for (i, v) in order.enumerate() {
        position[v] = i;
    }
    let mut vars = ProblemVariables::new();
    let w: Vec<Variable> =
        (0..h).map(|_| vars.add(if decision { variable().binary().min(1) } else { variable().binary() })).collect();
    let mut x: Vec<Vec<Option<Variable>>> = Vec::with_capacity(n);
    for (&fixed, &at) in problem.precolouring().iter().zip(&position) {
        let row = (0..h)
            .map(|c| {
                if precoloured {
                    match fixed {
                        Some(f) if f == c => Some(vars.add(variable().binary().min(1))),
                        Some(_) => None,
                        None => Some(vars.add(variable().binary())),
                    }
                } else if c > at {
                    None
                } else if at < floor {
                    (c == at).then(|| vars.add(variable().binary().min(1)))
                } else {
                    Some(vars.add(variable().binary()))
                }
            })
            .collect();
        x.push(row);
    }
    let columns = x.iter().flatten().flatten().count() + h;
    let objective: Expression = w.iter().sum();
    let mut model = vars.minimise(objective).using(good_lp::highs);
    let mut rows = 0;
    for row in &x {
        model.add_constraint(row.iter().flatten().sum::<Expression>().eq(1));
        rows += 1;
    }
    for v in 0..n {
        for &u in problem.neighbours(v).iter().filter(|&&u| u > v) {
            for c in 0..h {
                let pair: Expression = [x[v][c], x[u][c]].into_iter().flatten().sum();
                model.add_constraint(pair.leq(w[c]));
                rows += 1;
            }
        }
    }
    for c in 0..h {
        let class: Expression = x.iter().filter_map(|row| row[c]).sum();
        model.add_constraint(class.geq(w[c]));
        rows += 1;
        if c + 1 < h && !precoloured {
            model.add_constraint(Expression::from(w[c]).geq(w[c + 1]));
            rows += 1;
        }
    }
    let mut stats = Stats {
        build_seconds: build.elapsed().as_secs_f64(),
        variables: Some(columns),
        constraints: Some(rows),
        ..Stats::default()
    };
    let left = limits.time.map(|t| t.saturating_sub(start.elapsed()));
    if left.is_some_and(|t| t.is_zero()) {
        let note = Some("time limit reached while building the model".to_string());
        let colouring = first.filter(|c| within(problem.goal(), c));
        return Ok(Claim { colouring, lower: floor, exhausted: false, stats, note });
    }
    let run = run_highs(model, options, &Limits { time: left, ..limits.clone() }).map_err(|e| {
        let message = match e {
            RunError::Failed { message, .. } | RunError::Other(message) => message,
        };
        SolveError::Backend { solver: "ilp-assign", message }
    })?;
    stats.build_seconds += run.load_seconds;
    stats.nodes = run.nodes;
    stats.lp_iterations = run.lp_iterations;
    let (mut colouring, mut lower, mut note) = (first, floor, None);
    match run.answer {
        Answer::Values(values) => {
            let mut found = vec![0; n];
            let mut at = h;
            for (v, row) in x.iter().enumerate() {
                for (c, column) in row.iter().enumerate() {
                    if column.is_some() {
                        if values[at] > 0.5 {
                            found[v] = c;
                        }
                        at += 1;
                    }
                }
            }
            if colouring.as_deref().is_none_or(|c| colours(&found) <= colours(c)) {
                colouring = Some(found);
            }
        }
        Answer::NoGrid(outcome, why) => {
            if outcome == crate::solve::Outcome::Infeasible && decision {
                lower = h + 1;
            }
            note = Some(why);
        }
    }
    let exhausted = run.optimal || lower > h;
    if run.optimal && !decision {
        lower = lower.max(colouring.as_deref().map_or(floor, colours));
    } else if let Some(bound) = run.dual_bound.filter(|_| !decision) {
        lower = lower.max((bound - 1e-6).ceil() as usize);
    }
    let colouring = colouring.filter(|c| within(problem.goal(), c));
    Ok(Claim { colouring, lower, exhausted, stats, note })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{graphs::gnp, rng_from_seed};
    use crate::solve::colour::clique::maximum_clique;
    use crate::verify::colouring::is_colouring;

    #[test]
    fn the_assignment_ilp_finds_chi_as_dsatur_does() {
        for seed in 0..4 {
            let g = gnp(18, 0.4, &mut rng_from_seed(seed)).unwrap();
            let q = maximum_clique(&g, None).vertices;
            let exact = dsatur::solve(&g, &q, false, None);
            let ilp = solve(&g, &q, &Limits::default(), Instant::now(), &SolverOptions::default()).unwrap();
            let colouring = ilp.colouring.unwrap();
            assert!(ilp.exhausted && is_colouring(&g, &colouring, exact.lower), "seed {seed}");
            assert_eq!((ilp.lower, colours(&colouring)), (exact.lower, exact.lower), "seed {seed}");
        }
    }
}
