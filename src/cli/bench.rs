//! `bench`: solver throughput over a puzzle collection, in the spirit of the published 9×9
//! solver benchmarks (tdoku's columns: rate, µs/puzzle, guesses/puzzle, % solved without guessing).
//! All solvers run side by side in one run, so their ratios are comparable; verification happens
//! after each solver's timed loop, never inside it. The search solvers run in this process (their
//! time is the wall time around each solve); the backend solvers (HiGHS, CaDiCaL) run in a worker
//! process that is killed past the time limit or the memory cap, and their time is what the
//! worker measured (model building included).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;

use anyhow::Context;

use super::solve::IlpArgs;
use super::{emit, expand_solvers, parse_seconds, parse_solver, InputArgs, SolverChoice};
use crate::experiment::isolate::{default_memory_mb, Ended, Isolated};
use crate::format::Entry;
use crate::results::{fmt_num, fmt_seconds};
use crate::solve::{Limits, Outcome, SolverKind};
use crate::verify;

/// Arguments of `bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Solver (repeat for several, or `all`).
    #[arg(long, short = 's', value_parser = parse_solver, default_value = "backtrack")]
    solver: Vec<SolverChoice>,
    /// Wall-clock limit per puzzle, seconds.
    #[arg(long, value_parser = parse_seconds)]
    time_limit: Option<f64>,
    /// Use only the first K puzzles (K ≥ 1).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Solve the whole collection this many times, in order (K ≥ 1): each puzzle's time is the
    /// median of its K solves, so a small set's median stops hanging on one cold or interrupted
    /// solve; answers are verified after every pass.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..1001))]
    passes: u64,
    /// Stop each solve after K solutions (K ≥ 1): 1 finds the first, 2 proves uniqueness (the
    /// search must exhaust the tree). K ≥ 2 works with the solvers that count (backtrack, dlx, sat,
    /// sat-minimal); the table's `multiple` column counts the puzzles where K solutions were found.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    solutions: u64,
    /// Print CSV instead of a Markdown table.
    #[arg(long)]
    csv: bool,
    /// Memory cap per solve of a backend solver (HiGHS, CaDiCaL), MiB (at least 64): past it the solve is
    /// stopped and counted under `memory` (default: half the machine's memory).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(crate::experiment::config::MIN_MEMORY_MB..))]
    memory_mb: Option<u64>,
    /// Also measure certification on the puzzles some solver calls infeasible: the CaDiCaL run on
    /// the puzzle's reference CNF without and with proof logging, and the proof checker `rate`;
    /// a second table gives the medians beside each solver's own.
    #[arg(long)]
    certify: bool,
    #[command(flatten)]
    ilp: IlpArgs,
}

/// One solver's totals; the CSV columns are a contract.
#[derive(Debug, Clone, serde::Serialize)]
pub struct BenchRow {
    solver: String,
    puzzles: usize,
    solved: usize,
    infeasible: usize,
    limit: usize,
    total_s: f64,
    us_mean: f64,
    us_median: f64,
    /// Empty for solvers that do not guess (the ILP ones).
    guesses_per_puzzle: Option<f64>,
    /// Empty for solvers that do not guess.
    no_guess_pct: Option<f64>,
    /// Solves stopped at the memory cap (`--memory-mb`).
    memory: usize,
    /// The solutions each solve stopped at (`--solutions`): 1 = first solution, 2 = uniqueness.
    solutions: u64,
    /// With `solutions` ≥ 2, the puzzles where that many were found; empty when 1.
    multiple: Option<usize>,
}

/// `bench`: one row per solver.
pub fn run(args: BenchArgs) -> anyhow::Result<ExitCode> {
    let (mut entries, _) = args.input.read()?;
    if let Some(k) = args.limit {
        entries.truncate(usize::try_from(k).unwrap_or(usize::MAX));
    }
    let limits = Limits { time: args.time_limit.map(Duration::from_secs_f64), max_solutions: args.solutions };
    if args.solutions > 1 {
        let cannot: Vec<&str> =
            expand_solvers(&args.solver).into_iter().filter(|k| !k.counts()).map(SolverKind::name).collect();
        if !cannot.is_empty() {
            anyhow::bail!(
                "--solutions {}: {} cannot count solutions; the solvers that can are {}",
                args.solutions,
                cannot.join(", "),
                SolverKind::ALL.iter().filter(|k| k.counts()).map(|k| k.name()).collect::<Vec<_>>().join(", ")
            );
        }
    }
    let options = args.ilp.options_for(&expand_solvers(&args.solver))?;
    let exe = crate::solve::portfolio::worker_exe().map_err(anyhow::Error::msg)?;
    let mut isolated = Isolated::new(exe, options.clone(), args.memory_mb.unwrap_or_else(default_memory_mb));
    let mut rows = Vec::new();
    let mut per_puzzle: Vec<(String, PuzzleTimes)> = Vec::new();
    let mut bad = 0;
    for kind in expand_solvers(&args.solver) {
        say!("bench: {} on {} puzzle(s)…", kind.name(), entries.len());
        let mut solver = kind.build(&options);
        let mut runner = |puzzle: &crate::grid::Grid| -> anyhow::Result<Timed> {
            if kind.uses_backend() {
                let ended = isolated.solve(kind, puzzle, &limits).context("starting a worker process")?;
                let stats = ended.stats();
                let seconds = stats.seconds + stats.build_seconds;
                return match ended {
                    Ended::Answered(r) => Ok(Timed {
                        seconds,
                        label: r.outcome.label(),
                        solutions: r.stats.solutions,
                        outcome: Some(r.outcome),
                        guesses: None,
                    }),
                    Ended::Failed { message, .. } => anyhow::bail!("{message}"),
                    killed => {
                        Ok(Timed { seconds, label: killed.label(), outcome: None, guesses: None, solutions: None })
                    }
                };
            }
            let start = Instant::now();
            let report = solver.solve(puzzle, &limits)?;
            let seconds = start.elapsed().as_secs_f64();
            Ok(Timed {
                seconds,
                label: report.outcome.label(),
                guesses: report.stats.guesses,
                solutions: report.stats.solutions,
                outcome: Some(report.outcome),
            })
        };
        let (row, faults, puzzles) = bench_one(kind, &entries, args.passes as usize, args.solutions, &mut runner)?;
        bad += faults;
        rows.push(row);
        per_puzzle.push((kind.name().to_string(), puzzles));
    }
    let cost = match args.certify {
        true => Some(certify_cost(&entries, &per_puzzle, args.time_limit.unwrap_or(300.0))?),
        false => None,
    };
    if args.csv {
        let mut w = csv::Writer::from_writer(Vec::new());
        for r in &rows {
            w.serialize(r)?;
        }
        emit(&String::from_utf8(w.into_inner()?)?)?;
    } else {
        emit(&markdown(&rows))?;
    }
    if let Some(cost) = cost {
        emit(&format!("\n{cost}"))?;
    }
    Ok(if bad == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// Each puzzle's time (the median of its passes) and outcome label, in input order.
type PuzzleTimes = Vec<(f64, &'static str)>;

/// One timed solve: its seconds, outcome label (`memory` too) and answer.
struct Timed {
    seconds: f64,
    label: &'static str,
    outcome: Option<Outcome>,
    guesses: Option<u64>,
    /// Solutions found, when counting.
    solutions: Option<u64>,
}

/// Runs one solver over all entries `passes` times; returns its row, the number of answers the
/// oracle rejected (in any pass) and each puzzle's time and outcome label. A puzzle's time is the
/// median of its passes, `total_s` the mean pass; the outcome counts, guesses and solution
/// counts (when `solutions` ≥ 2) are the last pass's.
fn bench_one(
    kind: SolverKind,
    entries: &[Entry],
    passes: usize,
    solutions: u64,
    solve: &mut impl FnMut(&crate::grid::Grid) -> anyhow::Result<Timed>,
) -> anyhow::Result<(BenchRow, usize, PuzzleTimes)> {
    let passes = passes.max(1);
    let mut per_puzzle: Vec<Vec<f64>> = vec![Vec::with_capacity(passes); entries.len()];
    let (mut labels, mut guesses, mut counts) = (Vec::new(), Vec::new(), Vec::new());
    let (mut faults, mut total_s) = (0, 0.0);
    // Conflicting givens are answered before any solver runs, as `solve::solve` does.
    let clean: Vec<bool> = entries.iter().map(|e| verify::conflicts(&e.puzzle).is_empty()).collect();
    for _ in 0..passes {
        let mut outcomes = Vec::with_capacity(entries.len());
        (labels, guesses, counts) = (Vec::new(), Vec::new(), Vec::new());
        let pass = Instant::now();
        for ((entry, &ok), times) in entries.iter().zip(&clean).zip(&mut per_puzzle) {
            if !ok {
                times.push(0.0);
                outcomes.push(Some(Outcome::Infeasible));
                labels.push("infeasible");
                guesses.push(None);
                counts.push(Some(0));
                continue;
            }
            let timed = solve(&entry.puzzle)?;
            times.push(timed.seconds);
            guesses.push(timed.guesses);
            counts.push(timed.solutions);
            labels.push(timed.label);
            outcomes.push(timed.outcome);
        }
        total_s += pass.elapsed().as_secs_f64() / passes as f64;
        faults += wrong_answers(kind, entries, &outcomes);
        if solutions > 1 {
            faults += wrong_counts(kind, entries, &outcomes, &counts, solutions);
        }
    }
    let times: Vec<f64> = per_puzzle.iter().map(|t| crate::results::stats::median(t).unwrap_or(0.0)).collect();
    let count = |label: &str| labels.iter().filter(|l| **l == label).count();
    let guesses_reported = guesses.iter().any(Option::is_some);
    let n = entries.len().max(1) as f64;
    let row = BenchRow {
        solver: kind.name().to_string(),
        puzzles: entries.len(),
        solved: count("solved"),
        infeasible: count("infeasible"),
        limit: count("limit"),
        memory: count("memory"),
        total_s,
        us_mean: times.iter().sum::<f64>() * 1e6 / n,
        us_median: crate::results::stats::median(&times).unwrap_or(0.0) * 1e6,
        guesses_per_puzzle: guesses_reported.then(|| guesses.iter().flatten().sum::<u64>() as f64 / n),
        no_guess_pct: guesses_reported.then(|| 100.0 * guesses.iter().filter(|g| **g == Some(0)).count() as f64 / n),
        solutions,
        multiple: (solutions > 1).then(|| counts.iter().filter(|c| c.is_some_and(|c| c >= solutions)).count()),
    };
    Ok((row, faults, times.into_iter().zip(labels).collect()))
}

/// The certification table of `bench --certify`: on the puzzles some solver called infeasible,
/// each solver's median time beside the medians of the CaDiCaL run on the reference CNF without
/// and with proof logging, of the checker, and of certification in all (prove + check), each
/// also as a multiple of the fastest solver's median. Fails when a proof is not accepted.
fn certify_cost(entries: &[Entry], per_puzzle: &[(String, PuzzleTimes)], limit: f64) -> anyhow::Result<String> {
    use crate::certificates::Statement;
    use crate::puzzle::certify::{prove_without_proof, Certifier};
    use crate::results::{judge_claim, Claim};
    let checker = super::proof_checker("--certify")?;
    let certifier = Certifier::new(checker, Duration::from_secs_f64(limit));
    let claimed: Vec<usize> =
        (0..entries.len()).filter(|&i| per_puzzle.iter().any(|(_, p)| p[i].1 == "infeasible")).collect();
    say!("bench: certifying {} puzzle(s) called infeasible…", claimed.len());
    let (mut plain, mut logged, mut checked, mut total) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for &i in &claimed {
        let puzzle = &entries[i].puzzle;
        let base = prove_without_proof(puzzle, &Statement::NoSolution, certifier.prove_limit)?;
        let certified = certifier.certify(puzzle, &Statement::NoSolution)?;
        anyhow::ensure!(
            judge_claim(true, Some(&certified.certificate)) == Claim::Proven,
            "puzzle {} (line {}): certification gave {}",
            i + 1,
            entries[i].line,
            certified.certificate
        );
        plain.extend(base);
        logged.push(certified.prove_seconds);
        checked.push(certified.check_seconds);
        total.push(certified.seconds());
    }
    let median = |v: &[f64]| crate::results::stats::median(v).unwrap_or(f64::NAN);
    let solvers: Vec<(String, f64)> = per_puzzle
        .iter()
        .map(|(name, p)| {
            (format!("`{name}` (its own answer)"), median(&claimed.iter().map(|&i| p[i].0).collect::<Vec<_>>()))
        })
        .collect();
    let fastest = solvers.iter().map(|(_, t)| *t).filter(|t| *t > 0.0).fold(f64::INFINITY, f64::min);
    let mut out = format!(
        "Certification of the {} puzzle(s) called infeasible (medians per puzzle; checker {}):\n\n\
         | step | median | × fastest solver |\n|---|---:|---:|\n",
        claimed.len(),
        certifier.checker.version
    );
    let mut line = |what: &str, t: f64| {
        out.push_str(&format!("| {what} | {} | {}× |\n", fmt_seconds(t), fmt_num(t / fastest)));
    };
    for (name, t) in &solvers {
        line(name, *t);
    }
    line("CaDiCaL on the reference CNF, no proof", median(&plain));
    line("the same, writing the DRAT proof (CNF written too)", median(&logged));
    line("`rate` checking the proof", median(&checked));
    line("certification in all (prove + check)", median(&total));
    Ok(out)
}

/// The answers among `outcomes` that fail the oracle (the verifier, and the known solution of a
/// puzzle with one), each reported on stderr.
fn wrong_answers(kind: SolverKind, entries: &[Entry], outcomes: &[Option<Outcome>]) -> usize {
    let mut faults = 0;
    for (i, (entry, outcome)) in entries.iter().zip(outcomes).enumerate() {
        if let Some(Outcome::Solved(grid)) = outcome {
            let wrong = !verify::is_solution_of(&entry.puzzle, grid);
            let mismatch = entry.solution.as_ref().is_some_and(|s| s != grid && entry.count == Some(1));
            if wrong || mismatch {
                faults += 1;
                say!("bench: {} gave a wrong answer for puzzle {} (line {})", kind.name(), i + 1, entry.line);
            }
        }
    }
    faults
}

/// The counts among `counts` (each solved puzzle's solutions found, counting to `solutions`) that
/// are missing or contradict what is known of the puzzle (its given count, or one solution when
/// the search ended below the cap), each reported on stderr.
fn wrong_counts(
    kind: SolverKind,
    entries: &[Entry],
    outcomes: &[Option<Outcome>],
    counts: &[Option<u64>],
    solutions: u64,
) -> usize {
    let mut faults = 0;
    for (i, ((entry, outcome), count)) in entries.iter().zip(outcomes).zip(counts).enumerate() {
        let Some(Outcome::Solved(_)) = outcome else { continue };
        let why = match (*count, entry.count) {
            (None, _) | (Some(0), _) => Some("no solution count".to_string()),
            (Some(c), Some(known)) if c != known.min(solutions) => {
                Some(format!("{c} solution(s) counted, the puzzle has {known}"))
            }
            (Some(c), _) if c > solutions => Some(format!("{c} solution(s) counted past the cap of {solutions}")),
            _ => None,
        };
        if let Some(why) = why {
            faults += 1;
            say!("bench: {} counted wrong for puzzle {} (line {}): {why}", kind.name(), i + 1, entry.line);
        }
    }
    faults
}

/// The Markdown table, with each solver's median time relative to the fastest; when the solves
/// counted to K ≥ 2 solutions, a line says so and a column counts the puzzles with K.
fn markdown(rows: &[BenchRow]) -> String {
    let fastest = rows.iter().map(|r| r.us_median).filter(|&t| t > 0.0).fold(f64::INFINITY, f64::min);
    let counting = rows.iter().map(|r| r.solutions).max().filter(|&k| k > 1);
    let mut out = match counting {
        Some(k) => format!("Each solve stops after {k} solutions (`--solutions {k}`).\n\n"),
        None => String::new(),
    };
    out.push_str(
        "| solver | puzzles | solved | infeasible | limit | memory | total | time/puzzle (mean) | time/puzzle (median) | × fastest median | guesses/puzzle | no guess % |",
    );
    out.push_str(match counting {
        Some(_) => " multiple |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
        None => "\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    });
    for r in rows {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {}× | {} | {} |",
            r.solver,
            r.puzzles,
            r.solved,
            r.infeasible,
            r.limit,
            r.memory,
            fmt_seconds(r.total_s),
            fmt_seconds(r.us_mean * 1e-6),
            fmt_seconds(r.us_median * 1e-6),
            fmt_num(r.us_median / fastest),
            r.guesses_per_puzzle.map_or("—".to_string(), |g| format!("{g:.2}")),
            r.no_guess_pct.map_or("—".to_string(), |p| format!("{p:.1}"))
        ));
        if counting.is_some() {
            out.push_str(&format!(" {} |", r.multiple.map_or("—".to_string(), |m| m.to_string())));
        }
        out.push('\n');
    }
    out
}
