//! CPU time beside wall time, where the two part: a solver whose processes use more than one core
//! (the portfolio's racing members, a multi-threaded peer) spends more CPU than wall time, one
//! that waits (for I/O, for a busy machine) less. Shown per solver when the median ratio over its
//! runs of at least [`MIN_WALL`] differs from 1 by more than [`THRESHOLD`]; shorter runs are left
//! out, their CPU time being mostly the worker's own start-up accounting.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::results::stats::median;
use crate::results::{fmt_num, fmt_round_seconds, solver_order, Judged, Results};

/// Shortest run (total wall seconds) whose CPU ratio counts.
pub(crate) const MIN_WALL: f64 = 0.1;

/// How far from 1 the median CPU/wall ratio must be to be shown.
pub(crate) const THRESHOLD: f64 = 0.2;

/// (solver, median CPU/wall ratio, runs counted) for the solvers whose ratio parts from 1.
pub(crate) fn ratios(results: &Results) -> Vec<(String, f64, usize)> {
    let mut by: BTreeMap<(usize, String), Vec<f64>> = BTreeMap::new();
    for row in &results.rows {
        let wall = results.clock.seconds(row);
        let Some(cpu) = row.cpu_seconds else { continue };
        if wall >= MIN_WALL && results.judged(row) != Judged::Error {
            by.entry(solver_order(&row.solver)).or_default().push(cpu / wall);
        }
    }
    by.into_iter()
        .filter_map(|((_, solver), r)| {
            let m = median(&r)?;
            ((m - 1.0).abs() > THRESHOLD).then_some((solver, m, r.len()))
        })
        .collect()
}

/// The section, when some solver's CPU and wall time part.
pub(crate) fn section(out: &mut String, results: &Results) {
    let ratios = ratios(results);
    if ratios.is_empty() {
        return;
    }
    out.push_str("## CPU time beside wall time\n\n");
    let _ = writeln!(
        out,
        "CPU seconds (`cpu_seconds`: user + system of the worker and every process it started) against total \
         wall seconds, for the solvers whose median ratio over runs of at least {} differs from 1 by more \
         than {} %. Above 1 the solver used several cores at once; below 1 it waited.\n",
        fmt_round_seconds(MIN_WALL),
        (THRESHOLD * 100.0).round()
    );
    out.push_str("| solver | median CPU / wall | runs |\n|---|---|---|\n");
    for (solver, ratio, runs) in ratios {
        let _ = writeln!(out, "| {solver} | {} | {runs} |", fmt_num(ratio));
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;
    use crate::experiment::record::RunRow;

    #[test]
    fn only_solvers_whose_cpu_and_wall_part_are_shown() {
        let run = |solver: &str, seconds: f64, cpu: f64| RunRow {
            solver: solver.into(),
            seconds,
            cpu_seconds: Some(cpu),
            ..row()
        };
        let rows = vec![
            run("portfolio", 1.0, 1.9),
            run("portfolio", 2.0, 3.9),
            run("sat", 1.0, 1.05),
            run("backtrack", 0.001, 0.01), // too short to count
        ];
        let r = Results::new(rows, None, None, Some(10.0));
        let found = ratios(&r);
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].0.as_str(), found[0].2), ("portfolio", 2));
        assert!((found[0].1 - 1.925).abs() < 1e-9);
        let mut out = String::new();
        section(&mut out, &r);
        assert!(out.contains("| portfolio | 1.92 | 2 |"), "{out}");
    }
}
