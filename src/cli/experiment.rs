//! `run`, `merge` and the hidden `worker`: the experiment commands.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use crate::experiment::config::Overrides;
use crate::experiment::{self, meta::available_cores, Config, RunOptions, Shard};

/// Arguments of `run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The experiment config (TOML), e.g. experiments/quick.toml.
    config: PathBuf,
    /// Worker processes, i.e. concurrent solves (default: the config's `jobs`, else one per core).
    #[arg(long, short = 'j')]
    jobs: Option<usize>,
    /// Results folder (default: results/NAME, NAME from the config).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Run only slice I of K (1-based), e.g. 2/8; each shard needs its own --out.
    #[arg(long, value_name = "I/K")]
    shard: Option<Shard>,
    /// Continue the results of this config already in the folder.
    #[arg(long, conflicts_with = "force")]
    resume: bool,
    /// Discard the results already in the folder and start over.
    #[arg(long)]
    force: bool,
    /// Instances per (box, mode, level) of the generated grid, in place of the config's `repeats`
    /// (the first N of each cell: the same instances as the full run's repeats 0 to N−1).
    /// Recorded in meta.json; --resume must give the same.
    #[arg(long, value_name = "N")]
    repeats: Option<u32>,
    /// Seconds per solve, in place of the config's `time_limit`. Recorded in meta.json; --resume
    /// must give the same.
    #[arg(long, value_name = "SECONDS", value_parser = super::parse_seconds)]
    time_limit: Option<f64>,
    /// Runs of every (instance, solver), each with a solver seed of its own, in place of the
    /// config's `solver_seeds`. Recorded in meta.json; --resume must give the same.
    #[arg(long, value_name = "K")]
    solver_seeds: Option<u32>,
    /// Leave "infeasible" verdicts unchecked (as the config key `certify = false`): no proof is
    /// made or checked, and the report says so.
    #[arg(long)]
    no_certify: bool,
}

/// `run`: every run of a config; exit 1 when solvers disagree or an answer fails the oracle.
pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    let mut config = Config::load(&args.config)?;
    config.certify &= !args.no_certify;
    let overrides = Overrides { repeats: args.repeats, time_limit: args.time_limit, solver_seeds: args.solver_seeds };
    config.apply(overrides).map_err(|e| anyhow::anyhow!("{}: {e}", args.config.display()))?;
    if let Some(shard) = args.shard {
        shard
            .check(&config, &args.config.display().to_string())
            .map_err(|e| anyhow::anyhow!("--shard {shard}: {e}"))?;
    }
    let jobs = args.jobs.or(config.jobs).unwrap_or_else(available_cores);
    anyhow::ensure!(jobs > 0, "--jobs must be 1 or more");
    config.check_threads(jobs.min(available_cores())).map_err(|e| anyhow::anyhow!("{}: {e}", args.config.display()))?;
    let out = args.out.unwrap_or_else(|| PathBuf::from("results").join(&config.name));
    let exe = crate::solve::portfolio::worker_exe().map_err(anyhow::Error::msg)?;
    let stop = Some(experiment::signals::install().context("installing the SIGINT/SIGTERM handlers")?);
    let slice = args.shard.map(|s| format!(" (shard {s})")).unwrap_or_default();
    let overridden = if overrides.is_empty() { String::new() } else { format!(" ({overrides})") };
    // Said by the runner once the folder is locked and checked: a refused run announces nothing.
    let banner = format!(
        "run {}{slice}{overridden}: {} instances × {} solvers{}, time limit {}, memory cap {} MiB, {jobs} job(s), {} → {}",
        config.name,
        config.instance_count(),
        config.solvers.len(),
        if config.solver_seeds > 1 { format!(" × {} solver seeds", config.solver_seeds) } else { String::new() },
        crate::results::fmt_round_seconds(config.time_limit),
        config.memory_mb,
        if config.certify { "infeasible verdicts certified" } else { "certification off" },
        out.display()
    );
    let options = RunOptions {
        out: out.clone(),
        jobs,
        shard: args.shard,
        resume: args.resume,
        force: args.force,
        exe,
        stop,
        watch: None,
        banner: Some(banner),
    };
    let summary = match experiment::run(&config, &options) {
        Err(e @ experiment::ExperimentError::Interrupted { number, .. }) => {
            say!("{}", e.to_string().replace("CONFIG", &args.config.display().to_string()));
            return Ok(ExitCode::from(u8::try_from(128 + number).unwrap_or(1)));
        }
        Err(e @ experiment::ExperimentError::Certification { .. }) => {
            say!("error: {}", e.to_string().replace("CONFIG", &args.config.display().to_string()));
            return Ok(ExitCode::from(2));
        }
        other => other?,
    };
    say!("{} rows in {}", summary.rows, out.join(experiment::folder::RUNS_FILE).display());
    Ok(report_problems(&summary.problems))
}

/// Lists disagreements on stderr; exit 1 when there are any.
fn report_problems(problems: &[String]) -> ExitCode {
    if problems.is_empty() {
        return ExitCode::SUCCESS;
    }
    say!(
        "{} instance(s) with a DISAGREEMENT, an answer that failed the oracle, a rejected proof or a contradicted \
         expectation:",
        problems.len()
    );
    for p in problems {
        say!("  {p}");
    }
    ExitCode::from(1)
}

/// Arguments of `merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Shard folders written by `run --shard I/K --out DIR`.
    #[arg(required = true, value_name = "DIR")]
    inputs: Vec<PathBuf>,
    /// The merged results folder.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Replace results already in --out.
    #[arg(long)]
    force: bool,
}

/// `merge`: shard folders into one; exit 1 when the merged runs hold a disagreement.
pub fn merge(args: MergeArgs) -> anyhow::Result<ExitCode> {
    let s = experiment::merge(&args.inputs, &args.out, args.force)?;
    say!(
        "merged {} folder(s) into {}: {} rows, {} of {} instances complete",
        args.inputs.len(),
        args.out.display(),
        s.rows,
        s.complete,
        s.instances
    );
    if s.complete < s.instances {
        say!(
            "warning: {} instance(s) missing ({} rows of unfinished instances left out); \
             complete them with: sudoku-lab run CONFIG --out {} --resume",
            s.instances - s.complete,
            s.dropped,
            args.out.display()
        );
    }
    Ok(report_problems(&s.problems))
}

/// `worker`: serves solve requests on stdin/stdout (started by `run`, not by people).
pub fn worker() -> anyhow::Result<ExitCode> {
    experiment::worker::serve().context("worker protocol")?;
    Ok(ExitCode::SUCCESS)
}
