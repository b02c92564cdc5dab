//! `solve`: every puzzle of an input with one or more solvers, answers cross-checked.

use std::fs::File;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, ValueEnum};

use super::{emit, expand_solvers, parse_seconds, parse_solver, read_input, SolverChoice};
use crate::experiment::cross_check;
use crate::format::{write_entry, Format};
use crate::solve::{solve, Limits, Outcome, Report, SolveError, SolverKind, SolverOptions};

/// On/off switch for HiGHS presolve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Switch {
    /// Enabled.
    On,
    /// Disabled.
    Off,
}

/// Options shared by `solve` and `bench` for the ILP solvers.
#[derive(Debug, Clone, Args)]
pub struct IlpArgs {
    /// HiGHS threads per solve (one solve per core: keep 1 unless you know better).
    #[arg(long, default_value_t = 1)]
    pub threads: u32,
    /// HiGHS presolve.
    #[arg(long, value_enum, default_value = "on")]
    pub presolve: Switch,
    /// Let HiGHS log its progress, to `highs.log` (or --highs-log FILE); never to stdout.
    #[arg(long, short = 'v')]
    pub verbose: bool,
    /// Where HiGHS's log goes (implies --verbose).
    #[arg(long, value_name = "FILE")]
    pub highs_log: Option<PathBuf>,
    /// ilp-edge ablation: drop variables ruled out by the givens.
    #[arg(long)]
    pub reduce: bool,
}

impl IlpArgs {
    /// The solver options these flags describe.
    pub fn options(&self) -> SolverOptions {
        SolverOptions {
            threads: self.threads.max(1),
            presolve: self.presolve == Switch::On,
            verbose: self.verbose || self.highs_log.is_some(),
            log_file: self.highs_log.clone(),
            reduce: self.reduce,
        }
    }
}

/// Arguments of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Input file, or `-` for stdin.
    #[arg(default_value = "-")]
    input: String,
    /// Input format (auto-detected when omitted).
    #[arg(long, value_enum)]
    input_format: Option<Format>,
    /// Box shape RxC, for shapes that are not the default for their size (e.g. 3x2).
    #[arg(long = "box", value_name = "RxC")]
    box_shape: Option<crate::grid::Shape>,
    /// Solver (repeat for several, or `all`): ilp-edge, ilp-clique, backtrack-naive, backtrack, sat, sat-minimal.
    #[arg(long, short = 's', value_parser = parse_solver, default_value = "backtrack")]
    solver: Vec<SolverChoice>,
    /// Wall-clock limit per puzzle and solver, seconds.
    #[arg(long, value_parser = parse_seconds)]
    time_limit: Option<f64>,
    /// Output format for solutions (default: the input's).
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Write one CSV row per puzzle and solver to this file.
    #[arg(long, value_name = "FILE")]
    stats: Option<PathBuf>,
    /// Exit 1 when a puzzle has no solution (proven, or unknown because every solver hit its limit).
    #[arg(long)]
    require_solution: bool,
    #[command(flatten)]
    ilp: IlpArgs,
}

/// One row of `--stats`.
#[derive(Debug, serde::Serialize)]
struct StatsRow<'a> {
    puzzle: usize,
    solver: &'a str,
    outcome: &'a str,
    seconds: f64,
    build_seconds: f64,
    nodes: Option<u64>,
    guesses: Option<u64>,
    backtracks: Option<u64>,
    variables: Option<usize>,
    constraints: Option<usize>,
    lp_iterations: Option<u64>,
    note: &'a str,
    conflicts: Option<u64>,
    decisions: Option<u64>,
    propagations: Option<u64>,
}

/// `solve`: prints the solution, `none` or `unknown` per puzzle; exit 1 on any disagreement.
pub fn run(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let (entries, input_format) = read_input(&args.input, args.input_format, args.box_shape)?;
    let format = args.format.unwrap_or(input_format);
    let kinds = expand_solvers(&args.solver);
    let options = args.ilp.options();
    let limits = Limits { time: args.time_limit.map(std::time::Duration::from_secs_f64), max_solutions: 1 };
    let mut stats = match &args.stats {
        Some(path) => {
            let file = File::create(path).with_context(|| format!("creating {}", path.display()))?;
            Some(csv::Writer::from_writer(file))
        }
        None => None,
    };
    let mut solvers: Vec<_> = kinds.iter().map(|k| (*k, k.build(&options))).collect();
    let (mut failures, mut missing) = (0, 0);
    for (i, entry) in entries.iter().enumerate() {
        let mut reports: Vec<(SolverKind, Report)> = Vec::new();
        for (kind, solver) in solvers.iter_mut() {
            let report = match solve(solver.as_mut(), &entry.puzzle, &limits) {
                Ok(r) => r,
                Err(e) => {
                    failures += 1;
                    eprintln!("puzzle {i}: {e}");
                    let outcome = if matches!(e, SolveError::Unverified { .. }) { "unverified" } else { "error" };
                    write_stats(&mut stats, i, kind.name(), outcome, &Default::default(), &e.to_string())?;
                    continue;
                }
            };
            let note = report.note.clone().unwrap_or_default();
            write_stats(&mut stats, i, kind.name(), report.outcome.label(), &report.stats, &note)?;
            reports.push((*kind, report));
        }
        if let Some(problem) = cross_check(&entry.puzzle, entry.solution.as_ref(), &reports) {
            failures += 1;
            eprintln!("puzzle {i} (line {}): DISAGREEMENT: {problem}", entry.line);
        }
        let solution = reports.iter().find_map(|(_, r)| r.outcome.solution());
        match solution {
            Some(s) => emit(&write_entry(format, s, None))?,
            None => {
                missing += 1;
                let proven = reports.iter().any(|(_, r)| r.outcome == Outcome::Infeasible);
                let word = if proven { "none" } else { "unknown" };
                if let Some(note) = reports.iter().find_map(|(_, r)| r.note.as_deref()) {
                    eprintln!("puzzle {i}: {word}: {note}");
                }
                emit(&format!("{word}\n"))?;
            }
        }
    }
    eprintln!(
        "{} puzzle(s) × {} solver(s): {} without a solution, {} problem(s)",
        entries.len(),
        kinds.len(),
        missing,
        failures
    );
    let fail = failures > 0 || (args.require_solution && missing > 0);
    Ok(if fail { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

fn write_stats(
    stats: &mut Option<csv::Writer<File>>,
    puzzle: usize,
    solver: &str,
    outcome: &str,
    s: &crate::solve::Stats,
    note: &str,
) -> anyhow::Result<()> {
    if let Some(w) = stats {
        w.serialize(StatsRow {
            puzzle,
            solver,
            outcome,
            seconds: s.seconds,
            build_seconds: s.build_seconds,
            nodes: s.nodes,
            guesses: s.guesses,
            backtracks: s.backtracks,
            variables: s.variables,
            constraints: s.constraints,
            lp_iterations: s.lp_iterations,
            note,
            conflicts: s.conflicts,
            decisions: s.decisions,
            propagations: s.propagations,
        })?;
        w.flush().context("writing --stats")?;
    }
    Ok(())
}
