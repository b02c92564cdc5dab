//! The puzzle commands: `puzzle` (unique puzzles by difficulty) and `analyze` (solution count,
//! determined cells, rating and symmetry of given puzzles).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use super::{emit, parse_seconds, BatchArgs, InputArgs, ShapeArgs};
use crate::certificates::Statement;
use crate::format::{to_line, to_pretty, write_entry};
use crate::generate::rng_from_seed;
use crate::logic::{Rating, Techniques};
use crate::puzzle::certify::{Certificate, Certifier};
use crate::puzzle::{
    analyze as analyze_puzzle, certify_analysis, Analysis, Generator, PuzzleSpec, SearchEnd, DEFAULT_MAX_ATTEMPTS,
};
use crate::results::{judge_claim, Claim};

/// Arguments of `puzzle`.
#[derive(Debug, Args)]
pub struct PuzzleArgs {
    #[command(flatten)]
    shape: ShapeArgs,
    /// The exact difficulty: the hardest technique the puzzle needs.
    #[arg(long, short = 'd', value_enum)]
    difficulty: Rating,
    /// 180° rotationally symmetric givens.
    #[arg(long)]
    symmetric: bool,
    /// Clue-count range A-B (or one count A), overriding the difficulty's default range.
    #[arg(long, value_name = "A-B", value_parser = parse_range)]
    givens: Option<(usize, usize)>,
    #[command(flatten)]
    batch: BatchArgs,
    /// Time budget per puzzle, seconds.
    #[arg(long, value_parser = parse_seconds, default_value = "10")]
    time_limit: f64,
    /// Attempts (fresh random solutions) per puzzle before giving up.
    #[arg(long, default_value_t = DEFAULT_MAX_ATTEMPTS)]
    max_attempts: u64,
    /// No per-puzzle line on stderr (the summary is still printed).
    #[arg(long, short = 'q')]
    quiet: bool,
    /// Certify each puzzle's uniqueness: a proof that no other solution exists, checked by the
    /// proof checker `rate` (about 30 ms a puzzle, mostly the checker's start-up, so off by default).
    #[arg(long)]
    certify: bool,
}

/// Parses `A-B` or `A` as an inclusive clue-count range.
fn parse_range(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("'{s}' is not a clue-count range: expected A-B (e.g. 30-34) or one count A");
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    let (a, b): (usize, usize) = (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
    if a > b {
        return Err(format!("'{s}': the range's low end {a} is above its high end {b}"));
    }
    Ok((a, b))
}

/// `puzzle`: writes `count` unique puzzles rated exactly `--difficulty`; puzzle i is drawn from
/// seed `seed + i`, so any one of them can be regenerated alone.
pub fn puzzle(args: PuzzleArgs) -> anyhow::Result<ExitCode> {
    let shape = args.shape.shape()?;
    let spec = PuzzleSpec {
        rating: args.difficulty,
        symmetric: args.symmetric,
        givens: args.givens.map(|(a, b)| a..=b),
        max_attempts: args.max_attempts.max(1),
    };
    // Refused before any puzzle: a range the grid cannot hold is no fault of puzzle 1's.
    let range = spec.checked_range(shape)?;
    let budget = Duration::from_secs_f64(args.time_limit);
    let certifier = match args.certify {
        false => None,
        true => Some(Certifier::new(super::proof_checker("--certify")?, budget)),
    };
    let mut generator = Generator::new(shape);
    let start = Instant::now();
    let mut total_givens = 0;
    for i in 0..args.batch.count {
        let seed = args.batch.seed_of(i);
        let generated = generator
            .generate(&spec, &mut rng_from_seed(seed), budget)
            .with_context(|| format!("puzzle {} (seed {seed})", i + 1))?;
        total_givens += generated.puzzle.givens();
        if let Some(certifier) = &certifier {
            let statement = Statement::unique(&generated.puzzle, &generated.solution);
            let certified = certifier.certify(&generated.puzzle, &statement).context("certifying")?;
            anyhow::ensure!(
                judge_claim(true, Some(&certified.certificate)) == Claim::Proven,
                "puzzle {} (seed {seed}): uniqueness not certified ({}); nothing more is written",
                i + 1,
                certified.certificate
            );
        }
        let solution = args.batch.with_solution.then_some(&generated.solution);
        emit(&write_entry(args.batch.format, &generated.puzzle, solution))?;
        if !args.quiet {
            say!(
                "puzzle {} (seed {seed}): {}, {} givens, {} attempt(s); {}",
                i + 1,
                generated.rating,
                generated.puzzle.givens(),
                generated.attempts,
                generated.techniques
            );
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    if args.batch.count > 0 {
        say!(
            "made {} {} {}×{} puzzle(s) ({shape} boxes, givens {}-{}{}) in {}: {:.0} puzzles/s, {:.1} givens on average{}",
            args.batch.count,
            args.difficulty,
            shape.n(),
            shape.n(),
            range.start(),
            range.end(),
            if args.symmetric { ", symmetric" } else { "" },
            crate::results::fmt_seconds(seconds),
            args.batch.count as f64 / seconds.max(1e-9),
            total_givens as f64 / args.batch.count as f64,
            match &certifier {
                Some(c) => format!(", each unique by a proof {} accepted", c.checker.version),
                None => String::new(),
            },
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Count solutions exactly up to K; beyond that report "more than K".
    #[arg(long, value_name = "K", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    max_solutions: u64,
    /// Time limit per puzzle, seconds: past it, the count is a lower bound and what is not
    /// proven is reported as such ("unknown").
    #[arg(long, value_parser = parse_seconds, default_value = "10")]
    time_limit: f64,
    /// One JSON object per puzzle per line instead of text.
    #[arg(long)]
    json: bool,
    /// Leave "no solution", "unique" and the determined cells unchecked: without it each is
    /// certified (a proof-producing run on the puzzle's reference CNF, judged by the proof
    /// checker `rate`), and a claim without a checked proof is said to be one.
    #[arg(long)]
    no_certify: bool,
}

/// A conflict in `analyze --json`.
#[derive(Debug, Serialize)]
struct JsonConflict {
    /// `row 1`, `column 3`, `box 2`.
    house: String,
    digit: u8,
    /// The cells, named `r1c2` (1-based row and column) as everywhere else.
    cells: Vec<String>,
}

/// One line of `analyze --json`.
#[derive(Debug, Serialize)]
struct JsonAnalysis {
    /// 1-based position in the input.
    puzzle: usize,
    /// 1-based line where it starts.
    line: usize,
    #[serde(rename = "box")]
    box_shape: [usize; 2],
    givens: usize,
    conflicts: Vec<JsonConflict>,
    solutions: u64,
    solutions_capped: bool,
    search: SearchEnd,
    /// The determined cells in line format, when proven (`determined_status` = `exact`).
    determined: Option<String>,
    /// How many there are, when proven.
    determined_cells: Option<usize>,
    /// `exact`, `upper-bound` (the time limit cut the proof short: see `agreeing`), `unknown`
    /// (no solution found in time) or `none` (no solution).
    determined_status: &'static str,
    /// When `upper-bound`: the cells agreeing over the solutions found, in line format.
    agreeing: Option<String>,
    rating: Option<Rating>,
    techniques: Option<Techniques>,
    symmetry: Vec<&'static str>,
    /// The certificate of the claim no solution witnesses (no solution, unique, the determined
    /// cells): `checked`, `failed: …` or `unproven: …`; `null` when none was made.
    certificate: Option<String>,
}

/// `analyze`: a report per puzzle; exit 0 when every puzzle has exactly one solution, else 1.
pub fn analyze(args: AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let certifier = match args.no_certify {
        true => None,
        false => {
            let checker = super::proof_checker("certification (on unless --no-certify)")?;
            Some(Certifier::new(checker, Duration::from_secs_f64(args.time_limit)))
        }
    };
    let (entries, _) = args.input.read()?;
    let (mut unique, mut failed, mut unproven) = (0, 0, 0);
    for (i, entry) in entries.iter().enumerate() {
        let deadline = Instant::now().checked_add(Duration::from_secs_f64(args.time_limit));
        let at = || format!("puzzle {} (line {})", i + 1, entry.line);
        let mut a = analyze_puzzle(&entry.puzzle, args.max_solutions, deadline).with_context(at)?;
        if let Some(certifier) = &certifier {
            certify_analysis(&entry.puzzle, &mut a, certifier).with_context(at)?;
        }
        let claim = judge_claim(certifier.is_some(), a.certificate.as_ref());
        match claim {
            Claim::Refuted => failed += 1,
            Claim::Unproven => unproven += 1,
            _ => {}
        }
        unique += usize::from(a.is_unique() && claim.holds());
        let text = if args.json { json_line(i, entry.line, &a) } else { human(i, entry.line, &a, args.max_solutions) };
        emit(&text)?;
    }
    let checked = match &certifier {
        Some(c) => format!(" (certified by {})", c.checker.version),
        None => " (unchecked: --no-certify)".to_string(),
    };
    say!("{} puzzle(s), {unique} with exactly one solution{checked}", entries.len());
    if failed + unproven > 0 {
        say!("{failed} claim(s) whose certification failed (a solver bug), {unproven} not certified within the limit");
    }
    Ok(if unique == entries.len() && failed == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// The certificate in words, for `analyze`'s text and JSON: `checked`, `failed: why`, `unproven:
/// why`; `None` when nothing was certified.
fn certificate_words(a: &Analysis) -> Option<String> {
    Some(match a.certificate.as_ref()? {
        Certificate::Checked => "checked".to_string(),
        Certificate::Refuted(grid) => {
            format!("failed: the claim is false, a solution contradicts it: {}", to_line(grid))
        }
        Certificate::Failed(why) => format!("failed: {why}"),
        Certificate::Unproven(why) => format!("unproven: {why}"),
    })
}

/// `analyze --json`'s line for puzzle `i` (0-based) read at `line`; the Python binding's
/// `analyze` returns the same record.
pub fn json_line(i: usize, line: usize, a: &Analysis) -> String {
    let shape = a.determined.shape();
    let status = match (a.solutions, a.search, a.determined_exact) {
        (0, SearchEnd::TimeLimit, _) => "unknown",
        (0, _, _) => "none",
        (_, _, true) => "exact",
        (_, _, false) => "upper-bound",
    };
    let exact = status == "exact";
    let json = JsonAnalysis {
        puzzle: i + 1,
        line,
        box_shape: [shape.box_rows(), shape.box_cols()],
        givens: a.givens,
        conflicts: a
            .conflicts
            .iter()
            .map(|c| JsonConflict {
                house: c.house.to_string(),
                digit: c.digit,
                cells: c.cells.iter().map(|&cell| format!("r{}c{}", cell / c.n + 1, cell % c.n + 1)).collect(),
            })
            .collect(),
        solutions: a.solutions,
        solutions_capped: a.capped(),
        search: a.search,
        determined: exact.then(|| to_line(&a.determined)),
        determined_cells: exact.then(|| a.determined.givens()),
        determined_status: status,
        agreeing: (status == "upper-bound").then(|| to_line(&a.determined)),
        rating: a.rating.map(|(r, _)| r),
        techniques: a.rating.map(|(_, t)| t),
        symmetry: a.symmetries.iter().map(|s| s.name()).collect(),
        certificate: certificate_words(a),
    };
    format!("{}\n", serde_json::to_string(&json).expect("plain data always serializes"))
}

fn human(i: usize, line: usize, a: &Analysis, cap: u64) -> String {
    let shape = a.determined.shape();
    let mut out =
        format!("puzzle {} (line {line}): {n}×{n} ({shape} boxes), {} givens\n", i + 1, a.givens, n = shape.n());
    if a.conflicts.is_empty() {
        out.push_str("  conflicts: none\n");
    } else {
        let list: Vec<String> = a.conflicts.iter().map(|c| c.to_string()).collect();
        out.push_str(&format!("  conflicts: {}\n", list.join("; ")));
    }
    let count = match (a.search, a.solutions) {
        (SearchEnd::Complete, 0) => match &a.infeasible {
            Some(why) => format!("0 (no solution: {why})"),
            None => "0 (no solution)".to_string(),
        },
        (SearchEnd::Complete, 1) => "1 (unique)".to_string(),
        (SearchEnd::Complete, k) => format!("{k}"),
        (SearchEnd::MaxSolutions, _) => format!("more than {cap}"),
        (SearchEnd::TimeLimit, 0) => "unknown (time limit reached before the first solution)".to_string(),
        (SearchEnd::TimeLimit, k) => format!("at least {k} (time limit reached)"),
    };
    out.push_str(&format!("  solutions: {count}\n"));
    match a.rating {
        Some((rating, techniques)) => out.push_str(&format!("  rating: {rating} ({techniques})\n")),
        None => out.push_str("  rating: none (only puzzles with exactly one solution are rated)\n"),
    }
    let symmetry: Vec<&str> = a.symmetries.iter().map(|s| s.name()).collect();
    out.push_str(&format!(
        "  symmetry: {}\n",
        if symmetry.is_empty() { "none".to_string() } else { symmetry.join(", ") }
    ));
    let cells = a.determined.givens();
    let heading = match (a.search, a.solutions, a.determined_exact) {
        (SearchEnd::TimeLimit, 0, _) => Err("unknown (time limit reached before the first solution)"),
        (_, 0, _) => Err("none (no solution)"),
        (SearchEnd::Complete, 1, _) => Ok("the solution".to_string()),
        (SearchEnd::Complete, k, _) => Ok(format!("{cells} cells hold the same digit in all {k} solutions")),
        (_, _, true) if cells == 0 => Err("none (proven: every cell takes two digits in some pair of solutions)"),
        (_, _, true) => Ok(format!("{cells} cells hold the same digit in every solution (proven)")),
        (_, k, false) => Ok(format!(
            "{cells} cells agree over the {k} solutions found; an upper bound, as a cell shown may still differ in a solution not found"
        )),
    };
    match heading {
        Err(word) => out.push_str(&format!("  determined cells: {word}\n")),
        Ok(h) => {
            out.push_str(&format!("  determined cells ({h}):\n"));
            for l in to_pretty(&a.determined).lines() {
                out.push_str(&format!("    {l}\n"));
            }
        }
    }
    if let Some(words) = certificate_words(a) {
        out.push_str(&format!("  certificate: {words}\n"));
    }
    out.push('\n');
    out
}
