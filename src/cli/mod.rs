//! The command line: clap definitions, one variant per subcommand, and the dispatch to each
//! command's implementation. Machine-readable output goes to stdout, messages to stderr.
//! Errors carry their context up to `main`, which prints them and exits 2.

mod basic;
mod bench;
mod colour;
mod experiment;
mod export;
mod play;
mod puzzle;
mod solve;

pub use puzzle::json_line;
pub use solve::{IlpArgs, Switch};

use std::io::Write;
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::{Args, Parser, Subcommand};

use crate::format::{Entry, Format};
use crate::grid::Shape;
use crate::solve::SolverKind;

/// sudoku-lab: generalized Sudoku as graph colouring — ILP (HiGHS) vs backtracking.
#[derive(Debug, Parser)]
#[command(name = "sudoku-lab", version, about, long_about = None)]
pub struct Cli {
    /// The subcommand.
    #[command(subcommand)]
    pub command: Command,
}

/// Every subcommand.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Generate instances: the origin study's random fill or planted (always solvable) puzzles.
    #[command(after_help = "Example:\n  sudoku-lab generate --size 9 --alpha 0.4 --mode planted --seed 7 --count 10")]
    Generate(basic::GenerateArgs),
    /// List the conflicts of each puzzle (exit 0 if none, 1 if any).
    #[command(
        after_help = "Example:\n  sudoku-lab generate --size 9 --alpha 0.5 --mode random --seed 1 | sudoku-lab check -"
    )]
    Check(basic::CheckArgs),
    /// Constraint-graph statistics (`key: value` lines) or Graphviz DOT.
    #[command(
        after_help = "Examples:\n  sudoku-lab graph --size 9\n  sudoku-lab graph --size 6 --box 2x3 --dot > g.dot"
    )]
    Graph(basic::GraphArgs),
    /// Write random isomorphs of each puzzle: relabelled; rows, columns, bands and stacks permuted; transposed half the time when boxes are square.
    #[command(after_help = "Copy-major: every puzzle's first isomorph, then every puzzle's second, …; \
        output puzzle i (from 0) uses the stream seeded by seed + i. A solution given with a puzzle \
        (PUZZLE:SOLUTION) is carried through the same map, a solution count (PUZZLE:COUNT[:SOLUTION]) \
        as it is.\n\n\
        Example:\n  sudoku-lab isomorphs ../shared/data/9x9-hardest11.txt --copies 1000 --seed 1 > hardest11-iso.txt")]
    Isomorphs(basic::IsomorphsArgs),
    /// Solve every puzzle of a file with one or more solvers, cross-checking their answers.
    #[command(after_help = "Examples:\n  sudoku-lab solve puzzles.txt --solver backtrack\n  \
        sudoku-lab solve puzzles.txt --solver all --time-limit 10 --stats stats.csv")]
    Solve(solve::SolveArgs),
    /// Write each puzzle as a model file: DIMACS CNF, LP or MPS (ILP, via HiGHS), DIMACS colouring, grid or MiniZinc data.
    #[command(after_help = "Writes DIR/STEM-K.EXT for puzzle K (from 1) of FILE (STEM is stdin for -), each \
        path on stdout.\n\
        --model applies to lp and mps only. A puzzle proven infeasible before modelling (conflicting \
        givens, a cell or house digit without candidates) gets an unsatisfiable CNF that says why and \
        a colouring file with no proper colouring, but no lp or mps file: stderr says \
        'puzzle K: infeasible before modelling: REASON'. A full grid gets no clique lp or mps file \
        (no columns).\n\n\
        Examples:\n  sudoku-lab export puzzles.txt --to cnf --out cnf/\n  \
        sudoku-lab export puzzles.txt --to mps --model edge --out mps/\n  \
        sudoku-lab export puzzles.txt --to dzn --out dzn/")]
    Export(export::ExportArgs),
    /// Throughput of solvers over a puzzle collection (Markdown table, or CSV with --csv).
    #[command(
        after_help = "Example:\n  sudoku-lab bench ../shared/data/9x9-17clue.txt --solver backtrack --solver backtrack-naive --limit 1000"
    )]
    Bench(bench::BenchArgs),
    /// Run an experiment config: every (instance, solver) run in worker processes, into results/NAME.
    #[command(after_help = "Examples:\n  sudoku-lab run experiments/quick.toml\n  \
        sudoku-lab run experiments/seed004.toml --jobs 2 --resume\n  \
        sudoku-lab run experiments/phase.toml --shard 3/8 --out results/phase-shard-3-of-8")]
    Run(experiment::RunArgs),
    /// Merge the shard folders of one experiment into one results folder.
    #[command(after_help = "Example:\n  sudoku-lab merge results/phase-shard-*-of-8 --out results/phase")]
    Merge(experiment::MergeArgs),
    /// Draw the figures of a results folder (SVG and PNG), from its result files only.
    #[command(after_help = "Examples:\n  sudoku-lab plot results/quick\n  \
        sudoku-lab plot results/quick --figure scatter --pair ilp-clique backtrack --format svg\n  \
        sudoku-lab plot results/phase --figure cactus --solvers sat,backtrack --width 800 --height 600")]
    Plot(PlotArgs),
    /// Write REPORT.md for a results folder: tables, ratios, growth fits, hardness peaks, conclusions.
    #[command(after_help = "Example:\n  sudoku-lab report results/seed004")]
    Report(ResultsArgs),
    /// Generate puzzles with exactly one solution, rated by the logic they need.
    #[command(
        after_help = "Examples:\n  sudoku-lab puzzle --size 9 --difficulty hard --symmetric --seed 1 --count 5\n  \
        sudoku-lab puzzle --size 16 --difficulty easy --givens 120-130 --format pretty"
    )]
    Puzzle(puzzle::PuzzleArgs),
    /// Analyse puzzles: solution count, determined cells, rating, symmetry (exit 0 if all unique).
    #[command(after_help = "Examples:\n  sudoku-lab analyze puzzles.txt\n  \
        sudoku-lab puzzle --size 9 --difficulty expert --count 3 | sudoku-lab analyze - --json")]
    Analyze(puzzle::AnalyzeArgs),
    /// Play Sudoku in the terminal: new games by size and difficulty, hints, solve, saves, best times.
    #[command(after_help = "Examples:\n  sudoku-lab play\n  \
        sudoku-lab play --size 9 --difficulty medium --seed 7 --theme colour-blind\n  \
        sudoku-lab play --puzzle 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n  \
        sudoku-lab play --continue --player ana --data-dir ~/sudoku\n\n\
        Saves, best times and settings are JSON files in the user's data directory \
        (e.g. ~/.local/share/sudoku-lab) or --data-dir. Press ? in the game for every key.")]
    Play(play::PlayArgs),
    /// Chromatic numbers of graph files (DIMACS .col or edge lists): proved, or bounds [lb, ub], with their certificates.
    #[command(after_help = "Per graph and solver: the verdict (proved, bounds; with --k: colourable, uncolourable, \
        unknown; wrong when a verified colouring contradicts a claim), the lower bound and what backs it \
        (a verified clique, or a DRAT proof that one colour fewer fails, checked by `rate`), the upper \
        bound (a verified colouring), seconds.\n\n\
        Examples:\n  sudoku-lab colour tests/data/dimacs/myciel4.col --solver dsatur --solver sat-col\n  \
        sudoku-lab colour tests/data/dimacs/*.col --time-limit 10 --csv > chi.csv")]
    Colour(colour::ColourArgs),
    /// Serve solve requests as JSON lines on stdin/stdout (started by `run`).
    #[command(hide = true)]
    Worker,
}

/// A results folder written by `run` (or `merge`).
#[derive(Debug, Clone, Args)]
pub struct ResultsArgs {
    /// The folder holding runs.csv and meta.json.
    pub dir: std::path::PathBuf,
}

/// `plot`: every figure of a folder, or one asked for.
#[derive(Debug, Clone, Args)]
pub struct PlotArgs {
    /// The folder holding runs.csv and meta.json.
    pub dir: std::path::PathBuf,
    /// Draw this one figure only (a file stem: time_vs_n, phase, cactus, …; `scatter` with
    /// --pair), with its caption beside it as STEM.txt; the folder's other figures stay as they are.
    #[arg(long, value_parser = figure_name)]
    pub figure: Option<crate::experiment::figure::Figure>,
    /// Draw the runs of these solvers only (comma-separated; with --figure).
    #[arg(long, value_delimiter = ',', value_name = "A,B,…", requires = "figure")]
    pub solvers: Vec<String>,
    /// The scatter's pair, x then y (with --figure scatter): written as scatter_A_vs_B.
    #[arg(long, num_args = 2, value_names = ["A", "B"], requires = "figure")]
    pub pair: Option<Vec<String>>,
    /// Write only these formats (comma-separated; with --figure; default both).
    #[arg(long, value_enum, value_delimiter = ',', requires = "figure")]
    pub format: Vec<crate::plot::Format>,
    /// Width in pixels instead of the figure's own (with --figure).
    #[arg(long, value_parser = clap::value_parser!(u32).range(200..=20000), requires = "figure")]
    pub width: Option<u32>,
    /// Height in pixels instead of the figure's own (with --figure).
    #[arg(long, value_parser = clap::value_parser!(u32).range(200..=20000), requires = "figure")]
    pub height: Option<u32>,
}

/// A figure by its file stem, or `scatter` (a pair's scatter, named by --pair).
fn figure_name(name: &str) -> Result<crate::experiment::figure::Figure, String> {
    use crate::experiment::figure::Figure;
    match name {
        "scatter" => Ok(Figure::ScatterFastest),
        _ => Figure::of_stem(name).ok_or_else(|| {
            let stems: Vec<&str> = Figure::ALL.iter().map(|f| f.stem()).collect();
            format!("no figure named `{name}`; the figures: {}, scatter (with --pair)", stems.join(", "))
        }),
    }
}

/// Where puzzles come from: a file or stdin, with optional forced format and box shape.
#[derive(Debug, Clone, Args)]
pub struct InputArgs {
    /// Input file, or `-` for stdin.
    #[arg(default_value = "-")]
    pub input: String,
    /// Input format (auto-detected when omitted). `--format` always means an output format.
    #[arg(long = "input-format", value_enum, value_name = "FORMAT")]
    pub input_format: Option<Format>,
    /// Box shape RxC, for shapes that are not the default for their size (e.g. 3x2).
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<Shape>,
}

impl InputArgs {
    /// Reads the puzzles, and the format they were written in.
    pub fn read(&self) -> anyhow::Result<(Vec<Entry>, Format)> {
        read_input(&self.input, self.input_format, self.box_shape)
    }
}

/// Reads the puzzles of a file (or `-`), with the format forced or detected; returns the format too.
pub fn read_input(input: &str, format: Option<Format>, shape: Option<Shape>) -> anyhow::Result<(Vec<Entry>, Format)> {
    let (text, name) = crate::format::read_source(input)?;
    Ok(crate::format::parse_as(&text, &name, format, shape)?)
}

/// `--size N` with an optional `--box RxC`, resolved to a shape.
#[derive(Debug, Clone, Args)]
pub struct ShapeArgs {
    /// Side N (default box: square when N is a square, else the largest divisor ≤ √N rows).
    #[arg(long, short = 'n')]
    pub size: Option<usize>,
    /// Box shape RxC (sets N = R·C; must agree with --size when both are given).
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<Shape>,
}

impl ShapeArgs {
    /// The shape asked for.
    pub fn shape(&self) -> anyhow::Result<Shape> {
        match (self.size, self.box_shape) {
            (Some(n), Some(s)) if s.n() != n => bail!("--box {s} gives N = {}, but --size is {n}", s.n()),
            (_, Some(s)) => Ok(s),
            (Some(n), None) => Ok(Shape::for_size(n)?),
            (None, None) => bail!("give --size N or --box RxC"),
        }
    }
}

/// A numbered batch of generated puzzles: puzzle i is drawn from seed `seed + i`, so any one of
/// them can be regenerated alone; written one after another in `format`.
#[derive(Debug, Clone, Args)]
pub struct BatchArgs {
    /// Seed; puzzle i of a run uses the stream seeded by seed + i.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How many puzzles (1 or more).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// Output format.
    #[arg(long, value_enum, default_value = "line")]
    pub format: Format,
    /// Keep each puzzle's solution beside it (`PUZZLE:SOLUTION` in line format).
    #[arg(long)]
    pub with_solution: bool,
}

impl BatchArgs {
    /// The seed of puzzle `i`.
    pub fn seed_of(&self, i: u64) -> u64 {
        self.seed.wrapping_add(i)
    }
}

/// A `--solver` value: one solver, or `all`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolverChoice {
    /// Every solver.
    All,
    /// One solver.
    One(SolverKind),
}

/// Parses a `--solver` value; unknown names get the list of valid ones.
pub fn parse_solver(s: &str) -> Result<SolverChoice, String> {
    if s == "all" {
        return Ok(SolverChoice::All);
    }
    s.parse::<SolverKind>().map(SolverChoice::One).map_err(|e| format!("{e}, or all"))
}

/// The solvers named by repeated `--solver` flags, deduplicated, in the order given.
pub fn expand_solvers(choices: &[SolverChoice]) -> Vec<SolverKind> {
    let mut kinds: Vec<SolverKind> = Vec::new();
    for choice in choices {
        let add: Vec<SolverKind> = match choice {
            SolverChoice::All => SolverKind::ALL.to_vec(),
            SolverChoice::One(k) => vec![*k],
        };
        for k in add {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
    }
    kinds
}

/// Parses a positive number of seconds (`--time-limit`).
pub fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) => crate::solve::check_seconds(v),
        Err(_) => Err(format!("'{s}' is not a number of seconds")),
    }
}

/// Set when the program started with no stdout at all (`>&-`).
static STDOUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Run first thing in `main`: notes whether the program was started with stdout closed (`>&-`).
///
/// Rust's runtime puts `/dev/null` on a closed standard descriptor before `main` (so no file opened
/// later takes its number), opened read-write; every write to it then succeeds and the output is
/// lost without a word. A shell's `> /dev/null` opens it write-only, so a read-write `/dev/null`
/// on descriptor 1 is taken for a closed stdout (Linux: from `/proc/self/fd*`; elsewhere never).
pub fn note_closed_stdout() {
    let is_null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|p| p == std::path::Path::new("/dev/null"));
    let read_write = || {
        let info = std::fs::read_to_string("/proc/self/fdinfo/1").unwrap_or_default();
        let flags = info.lines().find_map(|l| l.strip_prefix("flags:")).map(str::trim);
        flags.and_then(|f| u32::from_str_radix(f, 8).ok()).is_some_and(|f| f & 0o3 == 0o2)
    };
    STDOUT_CLOSED.store(is_null && read_write(), std::sync::atomic::Ordering::SeqCst);
}

/// Writes to stdout; a closed pipe (e.g. `| head`) surfaces as an error `main` turns into exit 0,
/// any other failure (a full disk, no stdout at all) as an error that exits 2.
pub fn emit(text: &str) -> anyhow::Result<()> {
    if STDOUT_CLOSED.load(std::sync::atomic::Ordering::SeqCst) {
        bail!("writing to stdout: stdout is closed, so the output would be lost (redirect it to a file or /dev/null)");
    }
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).context("writing to stdout")?;
    out.flush().context("writing to stdout")?;
    Ok(())
}

/// The whole program for a command line (`args` with the program name first): parse, run, and
/// map errors to exit codes (0 ok, 1 a check failed, 2 usage or input error or a failed write to
/// stdout; a closed stdout pipe exits 0, as Unix tools do). The binary and the Python package's
/// `sudoku-lab` command both run this.
pub fn main<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    note_closed_stdout();
    let cli = Cli::parse_from(args);
    match run(cli) {
        Ok(code) => code,
        Err(err) => {
            let broken_pipe = err.chain().any(|c| {
                c.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
            });
            if broken_pipe {
                return ExitCode::SUCCESS;
            }
            say!("error: {}", error_text(&err));
            ExitCode::from(2)
        }
    }
}

/// An error and its causes in one line; a cause whose text the message already quotes (an I/O
/// error named in its context) is not repeated.
pub fn error_text(err: &anyhow::Error) -> String {
    let mut text = err.to_string();
    for cause in err.chain().skip(1).map(|c| c.to_string()) {
        if !text.contains(&cause) {
            text = format!("{text}: {cause}");
        }
    }
    text
}

/// The proof checker for `what` (`--certify`, "certification (on unless --no-certify)"), or an
/// error saying how to install it.
pub fn proof_checker(what: &str) -> anyhow::Result<crate::certificates::Checker> {
    crate::certificates::Checker::find().with_context(|| {
        format!("{what} needs the proof checker `rate`, which was not found: {}", crate::certificates::INSTALL_HINT)
    })
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Generate(args) => basic::generate(args),
        Command::Check(args) => basic::check(args),
        Command::Graph(args) => basic::graph(args),
        Command::Isomorphs(args) => basic::isomorphs(args),
        Command::Solve(args) => solve::run(args),
        Command::Export(args) => export::run(args),
        Command::Colour(args) => colour::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Run(args) => experiment::run(args),
        Command::Merge(args) => experiment::merge(args),
        Command::Plot(args) => {
            let written = match args.figure {
                None => crate::plot::plot_results(&args.dir)?,
                Some(figure) => {
                    let pair = args.pair.map(|p| (p[0].clone(), p[1].clone()));
                    let output = crate::plot::Output { formats: args.format, width: args.width, height: args.height };
                    let request = crate::plot::Request { figure, pair, solvers: args.solvers, output };
                    crate::plot::plot_figure(&args.dir, &request)?
                }
            };
            for file in written {
                say!("wrote {}", file.display());
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Report(args) => {
            say!("wrote {}", crate::report::write_report(&args.dir)?.display());
            Ok(ExitCode::SUCCESS)
        }
        Command::Puzzle(args) => puzzle::puzzle(args),
        Command::Analyze(args) => puzzle::analyze(args),
        Command::Play(args) => play::run(args),
        Command::Worker => experiment::worker(),
    }
}
