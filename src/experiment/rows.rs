//! From finished jobs to `runs.csv` rows, and from rows back to the instances they belong to.
//!
//! [`instance_rows`] turns the finished jobs of one instance into its rows: it re-verifies every
//! returned grid with the oracle, cross-checks the solvers ([`super::check::cross_check`], with a
//! planted or unique instance's solution as the known answer), and fills `verified` and `agree`.
//! [`RowIndex`] maps a row back to its instance id — checking that the row's seed is the one this
//! config derives — which is how resume and `merge` know which runs are done and refuse rows from
//! another config, and how rows get their canonical order (instance id, then solver).

use std::collections::HashMap;

use super::check::cross_check;
use super::config::Config;
use super::instances::{seed_of, sources, Instance, SetRef, Source, Spec};
use super::record::{RunCertificate, RunMode, RunOutcome, RunRow};
use super::sets::Expect;
use super::validate::RowKey;
use crate::generate::Holes;
use crate::grid::Grid;
use crate::solve::process::{decode, Decoded, Finish, Kill};
use crate::solve::{Outcome, Report, Stats};

impl RowKey {
    fn of_spec(spec: &Spec) -> RowKey {
        RowKey {
            box_rows: spec.shape.box_rows(),
            box_cols: spec.shape.box_cols(),
            mode: spec.mode.into(),
            holes: spec.holes,
            alpha_bits: spec.level.alpha().to_bits(),
            difficulty: spec.level.difficulty().to_string(),
            rep: spec.rep,
            set: String::new(),
            instance: String::new(),
        }
    }

    fn of_set(config: &Config, r: SetRef) -> RowKey {
        let puzzle = &config.catalog.sets[r.set].puzzles[r.puzzle].puzzle;
        RowKey {
            box_rows: puzzle.shape().box_rows(),
            box_cols: puzzle.shape().box_cols(),
            mode: RunMode::Set,
            holes: Holes::Uniform,
            alpha_bits: measured_fill(puzzle).to_bits(),
            difficulty: String::new(),
            rep: r.rep,
            set: config.sets[r.set].name.clone(),
            instance: config.catalog.sets[r.set].id(r.puzzle),
        }
    }

    fn of_source(config: &Config, source: Source) -> RowKey {
        match source {
            Source::Generated(spec) => RowKey::of_spec(&spec),
            Source::Set(r) => RowKey::of_set(config, r),
        }
    }
}

/// The `alpha` column of a set puzzle: its fill, givens / N², to four decimals (the precision the
/// report groups by, so every reader keys it alike).
pub fn measured_fill(puzzle: &Grid) -> f64 {
    (puzzle.givens() as f64 / puzzle.shape().cells() as f64 * 10_000.0).round() / 10_000.0
}

/// Maps rows to the instances of one config.
#[derive(Debug, Clone)]
pub struct RowIndex {
    name: String,
    ids: HashMap<RowKey, (usize, u64)>,
    solvers: Vec<String>,
    /// The config, for the solver seeds of its runs.
    master: u64,
    solver_seeds: u32,
}

impl RowIndex {
    /// The index of every instance of `config` (no instance is generated).
    pub fn new(config: &Config) -> RowIndex {
        let ids = sources(config)
            .enumerate()
            .map(|(id, source)| (RowKey::of_source(config, source), (id, seed_of(config, source))))
            .collect();
        RowIndex {
            name: config.name.clone(),
            ids,
            solvers: config.solvers.iter().map(|e| e.name.clone()).collect(),
            master: config.seed,
            solver_seeds: config.solver_seeds,
        }
    }

    /// The instance id and the row's place among its instance's runs (solver position × solver
    /// seeds + seed index), or why the row is not from this config.
    pub fn locate(&self, row: &RunRow) -> Result<(usize, usize), String> {
        let what = || {
            format!(
                "{} {}x{} {}{} {} rep={} {}",
                row.experiment,
                row.box_rows,
                row.box_cols,
                row.mode,
                if row.holes == Holes::Uniform { String::new() } else { format!(" holes={}", row.holes) },
                level_of(row),
                row.rep,
                row.solver
            )
        };
        if row.experiment != self.name {
            return Err(format!("row ({}) is from experiment '{}', not '{}'", what(), row.experiment, self.name));
        }
        let &(id, seed) = self
            .ids
            .get(&RowKey::of_row(row))
            .ok_or_else(|| format!("row ({}) is no instance of this config", what()))?;
        if row.seed != seed {
            return Err(format!("row ({}) has seed {}, but this config derives {seed}", what(), row.seed));
        }
        let solver = self.solvers.iter().position(|name| *name == row.solver);
        let solver = solver.ok_or_else(|| format!("row ({}): solver {} is not in this config", what(), row.solver))?;
        let k = self.solver_seeds;
        let index = match row.solver_seed {
            None if k == 1 => 0,
            Some(s) if k > 1 => (0..k)
                .find(|&i| crate::experiment::instances::solver_seed(self.master, seed, i) == s)
                .ok_or_else(|| format!("row ({}) has solver seed {s}, which this config does not derive", what()))?,
            None => return Err(format!("row ({}) has no solver seed, but this config runs {k} per solver", what())),
            Some(s) => {
                return Err(format!("row ({}) has solver seed {s}, but this config runs one per solver", what()))
            }
        };
        Ok((id, solver * k as usize + index as usize))
    }

    /// Runs per instance: solvers × solver seeds.
    pub fn solver_count(&self) -> usize {
        self.solvers.len() * self.solver_seeds as usize
    }

    /// Sorts rows into canonical order: instance id, then the config's solver order, then the
    /// solver seed's index.
    pub fn sort(&self, rows: &mut [RunRow]) {
        rows.sort_by_cached_key(|r| self.locate(r).unwrap_or((usize::MAX, usize::MAX)));
    }
}

/// A row's level as the instances file writes it: `difficulty=hard` for unique instances, else
/// `alpha=0.4`.
fn level_of(row: &RunRow) -> String {
    if !row.set.is_empty() {
        format!("set={} instance={}", row.set, row.instance)
    } else if row.difficulty.is_empty() {
        format!("alpha={}", row.alpha)
    } else {
        format!("difficulty={}", row.difficulty)
    }
}

/// The row fields every run of an instance shares.
fn base_row(config: &Config, instance: &Instance, solver: &str) -> RunRow {
    let key = RowKey::of_source(config, instance.source);
    let shape = instance.puzzle.shape();
    RunRow {
        experiment: config.name.clone(),
        box_rows: shape.box_rows(),
        box_cols: shape.box_cols(),
        n: shape.n(),
        alpha: f64::from_bits(key.alpha_bits),
        mode: key.mode,
        difficulty: key.difficulty,
        rep: key.rep,
        seed: instance.seed,
        givens: instance.puzzle.givens(),
        solver: solver.to_string(),
        outcome: RunOutcome::Error,
        seconds: 0.0,
        build_seconds: None,
        nodes: None,
        guesses: None,
        backtracks: None,
        variables: None,
        constraints: None,
        lp_iterations: None,
        peak_rss_mb: None,
        verified: None,
        agree: None,
        note: String::new(),
        conflicts: None,
        decisions: None,
        propagations: None,
        winner: None,
        lp_solves: None,
        cpu_seconds: None,
        set: key.set,
        instance: key.instance,
        expected: instance.expected.map(|e| e.name().to_string()).unwrap_or_default(),
        contradiction: String::new(),
        holes: key.holes,
        certificate: None,
        certify_seconds: None,
        solver_seed: None,
        root_lp: None,
        fractional: None,
        fractional_cells: None,
        pricing_rounds: None,
    }
}

/// CPU seconds to the microsecond (`getrusage`'s resolution).
fn round_cpu(seconds: f64) -> f64 {
    (seconds * 1e6).round() / 1e6
}

/// KiB to MiB, to 0.1.
fn mib(kb: u64) -> f64 {
    (kb as f64 / 102.4).round() / 10.0
}

/// One finished job as a row, and the report the cross-check reads (none for error/memory).
fn job_row(config: &Config, instance: &Instance, solver: &str, finish: Finish) -> (RunRow, Option<Report>) {
    let mut row = base_row(config, instance, solver);
    let report = |outcome| Some(Report { outcome, stats: Stats::default(), note: None });
    match finish {
        Finish::Answered(r) => {
            let r = *r;
            let decoded = decode(&instance.puzzle, &r);
            let s = &r.stats;
            (row.seconds, row.build_seconds, row.nodes, row.guesses) =
                (s.seconds, Some(s.build_seconds), s.nodes, s.guesses);
            (row.backtracks, row.variables, row.constraints) = (s.backtracks, s.variables, s.constraints);
            row.lp_iterations = s.lp_iterations;
            (row.conflicts, row.decisions, row.propagations) = (s.conflicts, s.decisions, s.propagations);
            row.winner = s.winner.clone();
            row.lp_solves = s.lp_solves;
            (row.root_lp, row.fractional, row.fractional_cells) = (s.root_lp, s.fractional, s.fractional_cells);
            row.pricing_rounds = s.pricing_rounds;
            row.peak_rss_mb = r.peak_rss_kb.map(mib);
            row.cpu_seconds = r.cpu_seconds.map(round_cpu);
            row.note = r.note;
            if r.peak_is_lifetime {
                row.note = join(&row.note, "peak_rss_mb is the worker's lifetime peak");
            }
            row.outcome = r.outcome;
            match decoded {
                Decoded::Solved(g) => {
                    row.verified = Some(true);
                    return (row, report(Outcome::Solved(g)));
                }
                Decoded::Rejected => {
                    row.outcome = RunOutcome::Error;
                    row.verified = Some(false);
                    row.note = join(&row.note, "BUG: the returned grid fails the oracle");
                }
                Decoded::Infeasible => return (row, report(Outcome::Infeasible)),
                Decoded::Limit => return (row, report(Outcome::LimitReached)),
                Decoded::Failed { unverified } => row.verified = unverified.then_some(false),
            }
        }
        Finish::Killed { why, seconds, peak_rss_kb, cpu_seconds, .. } => {
            row.seconds = seconds;
            row.peak_rss_mb = peak_rss_kb.map(mib);
            row.cpu_seconds = cpu_seconds.map(round_cpu);
            if config.solvers.iter().any(|e| e.name == solver && e.options.root) && why == Kill::Time {
                row.root_lp = Some(crate::solve::RootLp::Limit);
            }
            (row.outcome, row.note) = match why {
                Kill::Time => (
                    RunOutcome::Limit,
                    format!(
                        "killed: no answer within the hard limit of {:.1} s",
                        hard_limit(config.time_limit).as_secs_f64()
                    ),
                ),
                Kill::Memory => {
                    (RunOutcome::Memory, format!("killed: resident memory above the cap of {} MiB", config.memory_mb))
                }
            };
        }
        Finish::Stopped => {
            (row.outcome, row.note) = (RunOutcome::Error, "stopped by a signal before it answered".into());
        }
        Finish::Died { seconds, note } => {
            (row.outcome, row.seconds, row.note) = (RunOutcome::Error, seconds, note);
        }
    }
    (row, None)
}

/// `a; b`, or whichever is not empty.
fn join(a: &str, b: &str) -> String {
    if a.is_empty() {
        b.to_string()
    } else {
        format!("{a}; {b}")
    }
}

/// The hard limit of one job: the solver's own limit plus a grace of max(2 s, 20 %), for model
/// building, process start-up and solvers that overrun their own limit.
pub fn hard_limit(time_limit: f64) -> std::time::Duration {
    std::time::Duration::from_secs_f64(time_limit + (0.2 * time_limit).max(2.0))
}

/// The rows of one instance from its finished jobs (in the config's solver order, each solver's
/// solver seeds in order), cross-checked: every run against every other, whatever its seed.
pub fn instance_rows(config: &Config, instance: &Instance, finishes: Vec<Finish>) -> Vec<RunRow> {
    let k = config.solver_seeds;
    let mut rows = Vec::new();
    // Each report with its run's name (the solver's, with its seed's index when there are
    // several) and its row.
    let mut reports = Vec::new();
    let mut report_rows = Vec::new();
    let runs = config.solvers.iter().flat_map(|entry| (0..k).map(move |i| (entry, i)));
    for ((entry, index), finish) in runs.zip(finishes) {
        let solver = entry.name.as_str();
        let (mut row, report) = job_row(config, instance, solver, finish);
        row.solver_seed = config.solver_seed(instance.seed, index);
        let name = if k > 1 { format!("{solver} (solver seed {})", index + 1) } else { solver.to_string() };
        if let Some(r) = report {
            reports.push((name, r));
            report_rows.push(rows.len());
        }
        rows.push(row);
    }
    let problem = cross_check(&instance.puzzle, instance.solution.as_ref(), &reports);
    // The rows of the reports the disagreement blames: only they are `agree = false`.
    let blamed: Vec<usize> = problem.iter().flat_map(|p| p.wrong.iter().map(|&i| report_rows[i])).collect();
    let is_finished = |r: &RunRow| r.outcome.answered();
    let finished = rows.iter().filter(|r| is_finished(r)).count();
    for (at, row) in rows.iter_mut().enumerate().filter(|(_, r)| is_finished(r)) {
        row.agree = match &problem {
            Some(p) if blamed.contains(&at) => {
                row.note = join(&row.note, &format!("DISAGREEMENT: {p}"));
                Some(false)
            }
            Some(_) => Some(true),
            None => (finished >= 2).then_some(true),
        };
    }
    if let Some(expected) = instance.expected {
        for (name, why) in contradictions(expected, instance.solution.as_ref(), &reports) {
            if let Some(at) = reports.iter().position(|(n, _)| n == name) {
                rows[report_rows[at]].contradiction = why;
            }
        }
    }
    rows
}

/// The runs whose answers contradict the expected verdict of their puzzle, each with why: a
/// solution of a puzzle expected unsolvable, "infeasible" for one expected to have a solution, a
/// solution other than the one given with a puzzle expected unique, or two different solutions of
/// it. The answers are verified already, so a contradicted expectation is a wrong expectation (or
/// a verifier defect) as much as a wrong solver, and the run is never counted as solved.
pub fn contradictions<'a, S: AsRef<str>>(
    expected: Expect,
    known: Option<&Grid>,
    reports: &'a [(S, Report)],
) -> Vec<(&'a str, String)> {
    let solutions: Vec<(&str, &Grid)> =
        reports.iter().filter_map(|(s, r)| Some((s.as_ref(), r.outcome.solution()?))).collect();
    let mut out = Vec::new();
    for (solver, report) in reports {
        let why = match (expected, &report.outcome) {
            (Expect::Unsolvable, Outcome::Solved(_)) => {
                Some("a solution of a puzzle expected to have none (a wrong expectation, or a verifier defect)".into())
            }
            (Expect::Solvable | Expect::Unique, Outcome::Infeasible) => {
                Some(format!("infeasible, but the puzzle is expected {}", expected.name()))
            }
            (Expect::Unique, Outcome::Solved(grid)) => match known {
                Some(k) if k != grid => Some("a solution other than the expected unique one".to_string()),
                Some(_) => None,
                None => solutions
                    .iter()
                    .find(|(_, g)| *g != grid)
                    .map(|(other, _)| format!("a solution other than {other}'s, of a puzzle expected unique")),
            },
            _ => None,
        };
        out.extend(why.map(|w| (solver.as_ref(), w)));
    }
    out
}

/// One line per instance whose rows show a disagreement, an answer that failed the oracle, a proof
/// the checker rejected (`certificate = failed`) or an answer that contradicts the expected
/// verdict, naming the runs concerned (the rows marked `agree = false`, `verified = false`,
/// `failed` or with a `contradiction`: only those, since the cross-check blames by run). A
/// verified solution that contradicts an expectation is listed too: then the expectation is wrong.
pub fn problems(rows: &[RunRow]) -> Vec<String> {
    /// One disputed instance: its key, its words, each wrong run's solver and note.
    struct Problem {
        key: (RowKey, u64),
        instance: String,
        wrong: Vec<String>,
    }
    let mut out: Vec<Problem> = Vec::new();
    let failed = |r: &RunRow| r.certificate == Some(RunCertificate::Failed);
    let wrong = |r: &RunRow| r.agree == Some(false) || r.verified == Some(false) || failed(r);
    for row in rows.iter().filter(|r| wrong(r) || r.contradicts_expected()) {
        let key = (RowKey::of_row(row), row.seed);
        let wrong = if wrong(row) {
            format!("{} gave a wrong answer ({})", row.solver, row.note)
        } else if row.outcome == RunOutcome::Solved {
            format!(
                "the expected verdict is wrong: {}'s verified solution contradicts it ({})",
                row.solver, row.contradiction
            )
        } else {
            format!("{}'s answer contradicts the expected verdict ({})", row.solver, row.contradiction)
        };
        match out.last_mut() {
            Some(last) if last.key == key => last.wrong.push(wrong),
            _ => out.push(Problem {
                key,
                instance: format!(
                    "{}x{} {} {} rep={} seed={}",
                    row.box_rows,
                    row.box_cols,
                    row.mode,
                    level_of(row),
                    row.rep,
                    row.seed
                ),
                wrong: vec![wrong],
            }),
        }
    }
    out.into_iter().map(|p| format!("{}: {}", p.instance, p.wrong.join("; "))).collect()
}
