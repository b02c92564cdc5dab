//! The foundation commands: `generate`, `check`, `graph` and `isomorphs`.

use std::process::ExitCode;

use anyhow::bail;
use clap::Args;

use super::{emit, BatchArgs, InputArgs, ShapeArgs};
use crate::format::{write_counted, write_entry, Format};
use crate::generate::{planted_with, random_fill, rng_from_seed, Holes, Isomorph, Mode};
use crate::graph::ConstraintGraph;
use crate::verify;

/// Arguments of `generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    shape: ShapeArgs,
    /// Fill fraction α in [0, 1].
    #[arg(long, short = 'a', allow_negative_numbers = true)]
    alpha: f64,
    /// `random` (the origin study's fill, may be unsolvable) or `planted` (always solvable).
    #[arg(long, value_enum, default_value = "planted")]
    mode: Mode,
    /// Where a planted instance's holes fall: `uniform` (random cells) or `balanced` (the same
    /// number, ± 1, in every row and column, and every box for Sudoku shapes).
    #[arg(long, value_enum, default_value = "uniform")]
    holes: Holes,
    #[command(flatten)]
    batch: BatchArgs,
}

/// `generate`: writes `count` instances; instance i is drawn from seed `seed + i`, so any one of
/// them can be regenerated alone.
pub fn generate(args: GenerateArgs) -> anyhow::Result<ExitCode> {
    let shape = args.shape.shape()?;
    if !(0.0..=1.0).contains(&args.alpha) {
        bail!("--alpha {} is outside [0, 1]", args.alpha);
    }
    if args.mode == Mode::Unique {
        bail!(
            "--mode unique is an experiment mode: make unique puzzles with \
             `sudoku-lab puzzle --size N --difficulty easy|medium|hard|expert`"
        );
    }
    if args.holes != Holes::Uniform && args.mode != Mode::Planted {
        bail!("--holes {} needs --mode planted: a random fill chooses no holes", args.holes);
    }
    if args.batch.with_solution && args.mode == Mode::Random {
        bail!("--with-solution needs --mode planted: a random instance has no planted solution (it may have none)");
    }
    let mut total_givens = 0;
    for i in 0..args.batch.count {
        let mut rng = rng_from_seed(args.batch.seed_of(i));
        let (puzzle, solution) = match args.mode {
            Mode::Random => (random_fill(shape, args.alpha, &mut rng), None),
            Mode::Planted => {
                let p = planted_with(shape, args.alpha, args.holes, &mut rng);
                (p.puzzle, Some(p.solution))
            }
            Mode::Unique => unreachable!("refused above"),
        };
        total_givens += puzzle.givens();
        let solution = if args.batch.with_solution { solution.as_ref() } else { None };
        emit(&write_entry(args.batch.format, &puzzle, solution))?;
    }
    if args.batch.count > 0 {
        let mean = total_givens as f64 / args.batch.count as f64;
        let holes = if args.mode == Mode::Planted { format!(" with {} holes", args.holes) } else { String::new() };
        say!(
            "generated {} {} instance(s){holes} of a {}: {:.1} givens on average (real fill {:.3}, α = {})",
            args.batch.count,
            args.mode.name(),
            shape.family(),
            mean,
            mean / shape.cells() as f64,
            args.alpha
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    input: InputArgs,
}

/// `check`: one line per puzzle (`ok` or its conflicts); exit 1 if any puzzle has a conflict.
pub fn check(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let (entries, _) = args.input.read()?;
    let mut bad = 0;
    let mut out = String::new();
    for (i, entry) in entries.iter().enumerate() {
        let conflicts = verify::conflicts(&entry.puzzle);
        let mut solution_note = String::new();
        if let Some(s) = &entry.solution {
            let faults = verify::solution_faults(&entry.puzzle, s);
            if !faults.is_empty() {
                bad += 1;
                solution_note = format!("; given solution is wrong: {}", faults[0]);
            }
        }
        if conflicts.is_empty() {
            out.push_str(&format!(
                "puzzle {} (line {}): ok ({} givens){solution_note}\n",
                i + 1,
                entry.line,
                entry.puzzle.givens()
            ));
        } else {
            bad += 1;
            let list: Vec<String> = conflicts.iter().map(|c| c.to_string()).collect();
            out.push_str(&format!(
                "puzzle {} (line {}): {} conflict(s): {}{solution_note}\n",
                i + 1,
                entry.line,
                conflicts.len(),
                list.join("; ")
            ));
        }
    }
    emit(&out)?;
    say!("{} puzzle(s), {} with conflicts or a wrong solution", entries.len(), bad);
    Ok(if bad == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// Arguments of `isomorphs`.
#[derive(Debug, Args)]
pub struct IsomorphsArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Isomorphs per puzzle (1 or more).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    copies: u64,
    /// Seed; output puzzle i uses the stream seeded by seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Output format.
    #[arg(long, value_enum, default_value = "line")]
    format: Format,
}

/// `isomorphs`: `copies` random isomorphs of every puzzle, copy-major, each solution (when given)
/// mapped with its puzzle and each solution count (when given) carried along unchanged.
pub fn isomorphs(args: IsomorphsArgs) -> anyhow::Result<ExitCode> {
    let (entries, _) = args.input.read()?;
    let mut i = 0u64;
    for _ in 0..args.copies {
        let mut out = String::new();
        for entry in &entries {
            let iso = Isomorph::random(entry.puzzle.shape(), &mut rng_from_seed(args.seed.wrapping_add(i)));
            let solution = entry.solution.as_ref().map(|s| iso.apply(s));
            out.push_str(&write_counted(args.format, &iso.apply(&entry.puzzle), entry.count, solution.as_ref()));
            i += 1;
        }
        emit(&out)?;
    }
    say!("wrote {} isomorph(s) of {} puzzle(s)", i, entries.len());
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `graph`.
#[derive(Debug, Args)]
pub struct GraphArgs {
    #[command(flatten)]
    shape: ShapeArgs,
    /// Print Graphviz DOT instead of statistics.
    #[arg(long)]
    dot: bool,
}

/// `graph`: statistics as `key: value` lines, or DOT.
pub fn graph(args: GraphArgs) -> anyhow::Result<ExitCode> {
    let g = ConstraintGraph::new(args.shape.shape()?);
    emit(&if args.dot { g.to_dot() } else { g.stats().to_key_values() })?;
    Ok(ExitCode::SUCCESS)
}
