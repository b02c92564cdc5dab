//! `solve`: every puzzle of an input with one or more solvers, answers cross-checked.

use std::fs::File;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, ValueEnum};

use super::{emit, expand_solvers, parse_seconds, parse_solver, InputArgs};
use crate::certificates::Statement;
use crate::experiment::cross_check;
use crate::experiment::isolate::{default_memory_mb, Ended, Isolated};
use crate::experiment::rows::contradictions;
use crate::experiment::sets::Expect;
use crate::experiment::signals;
use crate::external::definition::{check_unique, Checks};
use crate::external::{self, load_file, Definition};
use crate::format::{write_entry, Entry, Format};
use crate::grid::{Grid, HouseKind, Shape};
use crate::puzzle::certify::{Certificate, Certifier, RunCertificate};
use crate::results::{judge_answer, Answer, Evidence, Judged};
use crate::solve::{Limits, Outcome, Report, SolverKind, SolverOptions};
use crate::verify::conflicts;

/// The certification's proving limit when `solve` has no --time-limit, seconds.
const DEFAULT_CERTIFY_SECONDS: f64 = 300.0;

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
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
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
    /// A further HiGHS option NAME=VALUE, for ablations (repeatable), e.g. mip_lp_solver=ipm; the one
    /// option ilp-hybrid reads, set on each of its LP solves (e.g. solver=ipm), and the one
    /// ilp-placement reads (its master LP and its pool's MIP).
    #[arg(long = "highs-option", value_name = "NAME=VALUE", value_parser = parse_highs_option)]
    pub highs_options: Vec<(String, String)>,
    /// MIP solvers (ilp-edge, ilp-clique, ilp-pop, ilp-clique-cbc): place naked and hidden singles to a
    /// fixpoint before building the model.
    #[arg(long)]
    pub propagate: bool,
    /// HiGHS solvers: a pseudo-random objective (seeded by the puzzle) instead of 0; HiGHS stops at
    /// its first integer-feasible point.
    #[arg(long)]
    pub perturb: bool,
    /// SAT solvers (sat, sat-minimal, kissat): eliminate candidates with the logic techniques (singles,
    /// locked candidates, pairs, triples, X-wing) before encoding.
    #[arg(long)]
    pub preprocess: bool,
    /// portfolio: the solvers that race, comma-separated (default backtrack,sat,kissat).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "SOLVER,…")]
    pub members: Vec<SolverKind>,
    /// ILP solvers (ilp-edge, ilp-clique, ilp-pop, ilp-placement): solve the root LP relaxation only
    /// (an integral point is the solution, an infeasible LP "no solution", a fractional point no
    /// answer).
    #[arg(long)]
    pub root: bool,
}

impl Default for IlpArgs {
    /// The flags' defaults as clap declares them above (an empty command line).
    fn default() -> IlpArgs {
        let matches = IlpArgs::augment_args(clap::Command::new("defaults")).get_matches_from(["defaults"]);
        <IlpArgs as clap::FromArgMatches>::from_arg_matches(&matches).expect("the defaults parse")
    }
}

/// The portfolio's members as given, refusing the portfolio itself and repeats.
fn checked_members(members: &[SolverKind]) -> anyhow::Result<Vec<SolverKind>> {
    crate::solve::portfolio::check_members(members).map_err(|e| anyhow::anyhow!("--members: {e}"))?;
    Ok(members.to_vec())
}

/// Parses `NAME=VALUE`.
fn parse_highs_option(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => Ok((name.trim().to_string(), value.trim().to_string())),
        _ => Err(format!("'{s}' is not NAME=VALUE (e.g. mip_lp_solver=ipm)")),
    }
}

impl IlpArgs {
    /// The solver options these flags describe for `kinds`; fails when a flag is read by none of
    /// them (a config refuses the same) or the HiGHS log cannot be written.
    pub fn options_for(&self, kinds: &[SolverKind]) -> anyhow::Result<SolverOptions> {
        let options = self.options()?;
        if let Some((flag, readers)) = crate::experiment::solvers::unread_option(&options, kinds) {
            let chosen: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
            anyhow::bail!("--{flag} does not apply to {}: only {readers} read it", chosen.join(", "));
        }
        // One solve at a time: it holds the cores of this machine (or of its cgroup), no more.
        if kinds.iter().any(|&k| {
            crate::experiment::solvers::runs_highs(k) || matches!(k, SolverKind::IlpHybrid | SolverKind::IlpPlacement)
        }) {
            let flag =
                if self.highs_options.iter().any(|(n, _)| n == "threads") { "--highs-option" } else { "--threads" };
            crate::solve::ilp::check_highs_threads(&options, crate::experiment::meta::available_cores())
                .map_err(|e| anyhow::anyhow!("{flag}: {e}"))?;
        }
        Ok(options)
    }

    /// The solver options these flags describe; fails when the HiGHS log cannot be written.
    pub fn options(&self) -> anyhow::Result<SolverOptions> {
        crate::solve::ilp::check_highs_options(&self.highs_options)
            .map_err(|e| anyhow::anyhow!("--highs-option: {e}"))?;
        let verbose = self.verbose || self.highs_log.is_some();
        if verbose {
            let path = self.highs_log.as_deref().unwrap_or(std::path::Path::new(crate::solve::ilp::DEFAULT_LOG_FILE));
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .with_context(|| format!("opening the HiGHS log {} for writing", path.display()))?;
        }
        Ok(SolverOptions {
            threads: self.threads,
            presolve: self.presolve == Switch::On,
            verbose,
            log_file: self.highs_log.clone(),
            reduce: self.reduce,
            highs_options: self.highs_options.clone(),
            propagate: self.propagate,
            perturb: self.perturb,
            preprocess: self.preprocess,
            members: checked_members(&self.members)?,
            memory_mb: None,
            root: self.root,
            seed: None,
        })
    }
}

/// Arguments of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Solver (repeat for several, or `all`): ilp-edge, ilp-clique, ilp-clique-cbc, ilp-hybrid,
    /// ilp-pop, ilp-placement, backtrack-naive, backtrack, sat, sat-minimal, kissat, dlx, portfolio;
    /// or an external solver of an --external file.
    #[arg(long, short = 's', default_value = "backtrack")]
    solver: Vec<String>,
    /// A file of external solver definitions (`[[external]]` tables, see docs/external-solvers.md),
    /// repeatable; name its solvers with --solver.
    #[arg(long, value_name = "FILE")]
    external: Vec<PathBuf>,
    /// Wall-clock limit per puzzle and solver, seconds.
    #[arg(long, value_parser = parse_seconds)]
    time_limit: Option<f64>,
    /// Output format for solutions (default: the input's). A puzzle without a solution prints
    /// `none` (proven) or `unknown` (every solver stopped) in `line`, a `# puzzle K: none`
    /// comment in `grid`/`pretty`, and `{"puzzle":K,"outcome":"none",…}` in `json`.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Write one CSV row per puzzle (numbered from 1) and solver to this file.
    #[arg(long, value_name = "FILE")]
    stats: Option<PathBuf>,
    /// Memory cap per solve, MiB (at least 64): past it the solve is stopped and recorded as `memory`
    /// (default: half the machine's memory).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(crate::experiment::config::MIN_MEMORY_MB..))]
    memory_mb: Option<u64>,
    /// Exit 1 when a puzzle has no solution (proven, or unknown because every solver hit its limit).
    #[arg(long)]
    require_solution: bool,
    /// Leave "none" unchecked: without it, every claim that a puzzle has no solution is certified
    /// (a proof-producing run on the puzzle's reference CNF, judged by the proof checker `rate`),
    /// and a claim without a checked proof prints `unknown`.
    #[arg(long)]
    no_certify: bool,
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
    winner: Option<&'a str>,
    lp_solves: Option<u64>,
    /// CPU seconds (user + system) of the worker and every process it started.
    cpu_seconds: Option<f64>,
    /// The worker's peak resident memory, MiB.
    peak_rss_mb: Option<f64>,
    /// `--root`: what the root LP gave (`integral`, `fractional`, `infeasible`, `limit`).
    root_lp: Option<&'static str>,
    /// `--root`: the root LP point's fractional columns.
    fractional: Option<u64>,
    /// `--root`: the empty cells the root LP point leaves undecided.
    fractional_cells: Option<u64>,
    /// `ilp-placement`: pricing rounds.
    pricing_rounds: Option<u64>,
}

/// `solve`: prints each puzzle's solution, or a marker when there is none; exit 1 on any
/// disagreement, wrong answer or contradicted expected verdict (`PUZZLE:COUNT`, a given solution).
/// "None" is certified unless --no-certify. Every solve runs in a worker process ([`Isolated`]),
/// so the time limit and the memory cap hold whatever the backend.
pub fn run(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let solvers = pick_solvers(&args.solver, &args.external)?;
    check_external_threads(&solvers)?;
    let (entries, input_format) = args.input.read()?;
    let mut session = Session::start(&args, &solvers, args.format.unwrap_or(input_format))?;
    for (i, entry) in entries.iter().enumerate() {
        let number = i + 1;
        let answers = match session.answers(number, entry)? {
            ControlFlow::Continue(answers) => answers,
            ControlFlow::Break(signal) => return Ok(stopped(session.isolated, signal, number - 1, entries.len())),
        };
        session.conclude(number, entry, answers)?;
    }
    Ok(session.finish(entries.len(), args.require_solution))
}

/// Refuses an external solver that would use more threads than there are cores: one solve at a
/// time holds the cores of this machine (or of its cgroup), no more.
fn check_external_threads(solvers: &[Picked]) -> anyhow::Result<()> {
    for picked in solvers {
        if let Picked::External(definition) = picked {
            definition.check_threads(crate::experiment::meta::available_cores()).map_err(anyhow::Error::msg)?;
        }
    }
    Ok(())
}

/// What `solve` holds while it goes through the puzzles: the solvers and the worker they run in,
/// the certifier, the outputs, and what it counts.
struct Session<'a> {
    /// The solvers, in the order they run on each puzzle.
    solvers: &'a [Picked],
    /// The format solutions are printed in.
    format: Format,
    /// Whether `--box` was given (else a puzzle is read with its N's default box).
    box_given: bool,
    limits: Limits,
    /// The `--stats` file.
    stats: Option<csv::Writer<File>>,
    /// Certifies "no solution" (`None` with --no-certify).
    certifier: Option<Certifier>,
    /// Set by SIGINT/SIGTERM.
    stop: signals::StopFlag,
    /// The worker every solve runs in.
    isolated: Isolated,
    tally: Tally,
    /// The shapes of puzzles proven without a solution that were read with their N's default box.
    defaulted_none: Vec<Shape>,
}

/// Every solver's answer to one puzzle.
#[derive(Default)]
struct Answers<'a> {
    /// The reports of the solvers that answered.
    reports: Vec<(&'a str, Report)>,
    /// The solvers whose grid the verifier rejected.
    rejected: Vec<&'a str>,
    /// The solvers' notes, each naming its solver.
    notes: Vec<String>,
}

impl<'a> Session<'a> {
    /// Everything before the first puzzle, in this order: the solver options, the `--stats` file,
    /// the proof checker (unless --no-certify), the worker executable, the signal handlers.
    fn start(args: &SolveArgs, solvers: &'a [Picked], format: Format) -> anyhow::Result<Session<'a>> {
        let kinds: Vec<SolverKind> = solvers
            .iter()
            .filter_map(|p| match p {
                Picked::Registry(kind) => Some(*kind),
                Picked::External(_) => None,
            })
            .collect();
        let options = args.ilp.options_for(&kinds)?;
        let limits = Limits { time: args.time_limit.map(std::time::Duration::from_secs_f64), max_solutions: 1 };
        let stats = match &args.stats {
            Some(path) => {
                let file = File::create(path).with_context(|| format!("creating {}", path.display()))?;
                Some(csv::Writer::from_writer(file))
            }
            None => None,
        };
        let certifier = match args.no_certify {
            true => None,
            false => {
                let checker = super::proof_checker("certification (on unless --no-certify)")?;
                let limit = args.time_limit.unwrap_or(DEFAULT_CERTIFY_SECONDS);
                Some(Certifier::new(checker, std::time::Duration::from_secs_f64(limit)))
            }
        };
        let exe = crate::solve::portfolio::worker_exe().map_err(anyhow::Error::msg)?;
        // SIGINT/SIGTERM stop the solve in flight and end `solve` only once its worker and
        // everything the worker started are gone (a second signal ends it at once, as for `run`).
        let stop = signals::install().context("installing the SIGINT/SIGTERM handlers")?;
        let isolated = Isolated::new(exe, options, args.memory_mb.unwrap_or_else(default_memory_mb))
            .stop_on(std::sync::Arc::clone(&stop));
        Ok(Session {
            solvers,
            format,
            box_given: args.input.box_shape.is_some(),
            limits,
            stats,
            certifier,
            stop,
            isolated,
            tally: Tally::default(),
            defaulted_none: Vec::new(),
        })
    }

    /// Every solver's answer to puzzle `number`, each solve written to `--stats` as it ends and
    /// each failure said; `Break(signal)` when a signal arrived before a solve or after the last.
    fn answers(&mut self, number: usize, entry: &Entry) -> anyhow::Result<ControlFlow<i32, Answers<'a>>> {
        let mut answers = Answers::default();
        let solvers = self.solvers;
        for solver in solvers {
            if let Some(signal) = signals::received(&self.stop) {
                return Ok(ControlFlow::Break(signal));
            }
            let name = solver.name();
            let ended = self.solve_one(solver, number, &entry.puzzle)?;
            let note = ended.note();
            let measured = self.isolated.measured();
            write_stats(&mut self.stats, number, name, ended.label(), &ended.stats(), &note, measured)?;
            match ended {
                Ended::Answered(report) => answers.reports.push((name, report)),
                Ended::Failed { message, unverified, .. } => {
                    self.tally.failures += 1;
                    if unverified {
                        answers.rejected.push(name);
                    }
                    say!("puzzle {number} (line {}): {message}", entry.line);
                }
                Ended::Killed { .. } => {}
            }
            if !note.is_empty() {
                // A failure's message names its solver already.
                let named = note.starts_with(name);
                answers.notes.push(if named { note } else { format!("{name}: {note}") });
            }
        }
        if let Some(signal) = signals::received(&self.stop) {
            return Ok(ControlFlow::Break(signal));
        }
        Ok(ControlFlow::Continue(answers))
    }

    /// One solve of `puzzle` (the `number`-th) by `solver`, in the worker.
    fn solve_one(&mut self, solver: &Picked, number: usize, puzzle: &Grid) -> anyhow::Result<Ended> {
        match solver {
            Picked::Registry(kind) => self.isolated.solve(*kind, puzzle, &self.limits),
            Picked::External(definition) => {
                let job = external::Job {
                    definition: (**definition).clone(),
                    seed: number as u64,
                    logs: None,
                    log_name: format!("{number}-{}", solver.name()),
                };
                self.isolated.solve_external(&job, puzzle, &self.limits)
            }
        }
        .context("starting a worker process")
    }

    /// Judges puzzle `number` from its answers — the cross-check, the certification of "no
    /// solution", the one judgement — says every problem found, and prints its solution or marker.
    fn conclude(&mut self, number: usize, entry: &Entry, answers: Answers<'a>) -> anyhow::Result<()> {
        let Answers { reports, rejected, notes } = answers;
        if let Some(problem) = cross_check(&entry.puzzle, entry.solution.as_ref(), &reports) {
            self.tally.failures += 1;
            say!("puzzle {number} (line {}): DISAGREEMENT: {problem}", entry.line);
        }
        let known = self.known(entry, &reports)?;
        let judged = known.judge(&reports, &rejected, self.certifier.is_some());
        self.say_wrong(number, entry, &reports, &judged, &known);
        self.say_contradictions(number, entry, &reports, &judged, &known);
        match &known.found {
            Some(s) => {
                self.tally.solved += 1;
                emit(&write_entry(self.format, s, None))
            }
            None => self.no_solution(number, entry, &judged, &known, notes),
        }
    }

    /// What is known of `entry` after its solvers' `reports`: "no solution" is certified when a
    /// solver claimed it and none found a solution.
    fn known<'e>(&self, entry: &'e Entry, reports: &[(&str, Report)]) -> anyhow::Result<Known<'e>> {
        let claimed_none = reports.iter().any(|(_, r)| r.outcome == Outcome::Infeasible);
        let found = reports.iter().find_map(|(_, r)| r.outcome.solution()).cloned();
        let certificate = match (&self.certifier, &found) {
            (Some(c), None) if claimed_none => {
                let certified = c.certify(&entry.puzzle, &Statement::NoSolution).context("certifying")?;
                Some(certified.certificate)
            }
            _ => None,
        };
        // A solution certification found (verified by the oracle) is the puzzle's answer too.
        let found = match (&found, &certificate) {
            (None, Some(Certificate::Refuted(grid))) => Some(grid.clone()),
            _ => found,
        };
        let given = entry.solution.as_ref().filter(|s| crate::verify::is_solution_of(&entry.puzzle, s));
        let expected = entry.count.map(Expect::of_count).or(entry.solution.as_ref().map(|_| Expect::Solvable));
        Ok(Known { found, certificate, claimed_none, given, expected })
    }

    /// Says which solvers claimed "no solution" wrongly, and what shows it (a problem).
    fn say_wrong(
        &mut self,
        number: usize,
        entry: &Entry,
        reports: &[(&str, Report)],
        judged: &[(&str, Judged)],
        known: &Known,
    ) {
        let liars: Vec<&str> = reports
            .iter()
            .zip(judged)
            .filter(|((_, r), (_, j))| r.outcome == Outcome::Infeasible && *j == Judged::Wrong)
            .map(|((name, _), _)| *name)
            .collect();
        if liars.is_empty() {
            return;
        }
        self.tally.failures += 1;
        let by = match (&known.certificate, known.given) {
            (Some(Certificate::Refuted(_)), _) => "certification found one".to_string(),
            _ if reports.iter().any(|(_, r)| r.outcome.solution().is_some()) => {
                "another solver's solution is verified".to_string()
            }
            (_, Some(_)) => "the solution given with the puzzle is verified".to_string(),
            _ => format!("the puzzle is expected {}", known.expected.map_or("solvable", |e| e.name())),
        };
        say!("puzzle {number} (line {}): WRONG: {} claimed no solution, but {by}", entry.line, liars.join(", "));
    }

    /// Says every answer that contradicts the expected verdict, and whose fault it is; the puzzle
    /// counts once.
    fn say_contradictions(
        &mut self,
        number: usize,
        entry: &Entry,
        reports: &[(&str, Report)],
        judged: &[(&str, Judged)],
        known: &Known,
    ) {
        let against: Vec<(&str, String)> =
            known.expected.map(|e| contradictions(e, entry.solution.as_ref(), reports)).unwrap_or_default();
        for (solver, why) in &against {
            // An answer the judgement accepts beats the expectation; any other is the solver's fault.
            let finished = judged.iter().any(|(name, j)| name == solver && j.finished());
            let whose = if finished { " (the expectation is wrong: the answer is verified or proven)" } else { "" };
            say!("puzzle {number} (line {}): CONTRADICTION: {solver}: {why}{whose}", entry.line);
        }
        self.tally.contradicted += usize::from(!against.is_empty());
    }

    /// Prints the marker of a puzzle without a solution — `none` when the judgement accepts a
    /// "no solution", else `unknown` — and says the solvers' and the certification's notes.
    fn no_solution(
        &mut self,
        number: usize,
        entry: &Entry,
        judged: &[(&str, Judged)],
        known: &Known,
        mut notes: Vec<String>,
    ) -> anyhow::Result<()> {
        let proven = judged.iter().any(|(_, j)| *j == Judged::Infeasible);
        match &known.certificate {
            Some(Certificate::Failed(why)) if known.claimed_none => notes.push(format!("certification: {why}")),
            Some(Certificate::Unproven(why)) if known.claimed_none => {
                notes.push(format!("\"no solution\" not certified: {why}"))
            }
            _ => {}
        }
        if proven && !self.box_given {
            self.defaulted_none.extend(defaulted_box(&entry.puzzle));
        }
        let word = if proven { "none" } else { "unknown" };
        let wrong_only = !proven && judged.iter().any(|(_, j)| *j == Judged::Wrong);
        self.tally.none += usize::from(proven);
        self.tally.wrong += usize::from(wrong_only);
        self.tally.unknown += usize::from(!proven && !wrong_only);
        let why = notes.join("; ");
        if !why.is_empty() {
            let said = if wrong_only { "wrong" } else { word };
            say!("puzzle {number} (line {}): {said}: {why}", entry.line);
        }
        emit(&no_answer(self.format, word, number, entry.line, &why))
    }

    /// Says the summary line (and the box hint) and gives the exit code: 1 on any problem or
    /// contradicted verdict, or a puzzle without a solution under --require-solution.
    fn finish(self, puzzles: usize, require_solution: bool) -> ExitCode {
        let proven_word = match self.certifier {
            Some(ref c) => format!("proven without a solution (certified by {})", c.checker.version),
            None => "claimed without a solution (unchecked: --no-certify)".to_string(),
        };
        let tally = &self.tally;
        say!(
            "{} puzzle(s) × {} solver(s): {} solved, {} {proven_word}, {} unknown (every solver stopped, or no checked \
             proof), {} answered wrong (a grid that fails the verifier, or \"no solution\" that is wrong, and no \
             solution), {} contradicting the expected verdict, {} problem(s)",
            puzzles,
            self.solvers.len(),
            tally.solved,
            tally.none,
            tally.unknown,
            tally.wrong,
            tally.contradicted,
            tally.failures
        );
        if let Some(hint) = box_hint(&self.defaulted_none) {
            say!("{hint}");
        }
        let missing = puzzles - tally.solved;
        let fail = tally.failures > 0 || tally.contradicted > 0 || (require_solution && missing > 0);
        if fail {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// What is known of one puzzle once its solvers answered and their "no solution" was certified.
struct Known<'e> {
    /// A verified solution: a solver's, or the one certification found.
    found: Option<Grid>,
    /// The certificate of the solvers' "no solution", when certification ran.
    certificate: Option<Certificate>,
    /// Whether some solver claimed "no solution".
    claimed_none: bool,
    /// The solution given with the puzzle, when the verifier accepts it.
    given: Option<&'e Grid>,
    /// The verdict the input expects (`PUZZLE:COUNT`, or a given solution: solvable).
    expected: Option<Expect>,
}

impl Known<'_> {
    /// The evidence the one judgement weighs.
    fn evidence(&self) -> Evidence {
        Evidence {
            verified_solution: self.found.is_some() || self.given.is_some(),
            by_construction: false,
            certified: self.certificate == Some(Certificate::Checked),
            expected_solvable: self.expected.is_some_and(|e| e != Expect::Unsolvable),
            expected_unsolvable: self.expected == Some(Expect::Unsolvable),
        }
    }

    /// The word of the certificate that backs every "no solution" of the puzzle; `certifying`:
    /// certification is on.
    fn backing(&self, certifying: bool) -> Option<RunCertificate> {
        match (certifying, &self.certificate) {
            (false, _) => Some(RunCertificate::Off),
            // The harness's own proof rejected: a fault of the certification, not of the solvers.
            (_, Some(Certificate::Failed(_))) => Some(RunCertificate::Unproven),
            (_, Some(c)) => Some(c.kind()),
            (true, None) => None,
        }
    }

    /// Each answer judged by the one judgement: the reports in order, then the rejected grids.
    fn judge<'s>(
        &self,
        reports: &[(&'s str, Report)],
        rejected: &[&'s str],
        certifying: bool,
    ) -> Vec<(&'s str, Judged)> {
        let (evidence, backing) = (self.evidence(), self.backing(certifying));
        let mut judged: Vec<(&str, Judged)> =
            reports.iter().map(|(name, r)| (*name, judge_answer(answer_of(&r.outcome, backing), evidence))).collect();
        judged.extend(rejected.iter().map(|name| (*name, judge_answer(Answer::rejected_grid(), evidence))));
        judged
    }
}

/// What `solve` counts over its puzzles.
#[derive(Debug, Default)]
struct Tally {
    /// Puzzles with a verified solution.
    solved: usize,
    /// Puzzles without one whose "no solution" the judgement accepts.
    none: usize,
    /// Puzzles without an answer: every solver stopped, or no checked proof.
    unknown: usize,
    /// Puzzles whose only answers were wrong.
    wrong: usize,
    /// Puzzles with an answer that contradicts the expected verdict.
    contradicted: usize,
    /// Problems: failures, disagreements, wrong answers.
    failures: usize,
}

/// The judgement's view of a solver's answer; `certificate`: the word of the puzzle's
/// certificate, which backs every "no solution" of it.
fn answer_of(outcome: &Outcome, certificate: Option<RunCertificate>) -> Answer {
    match outcome {
        Outcome::Solved(_) => Answer::solved(),
        Outcome::Infeasible => Answer::infeasible(certificate),
        Outcome::LimitReached => Answer::limit(),
    }
}

/// Ends `solve` after `signal`: the worker (and its cgroup, its marked processes) killed and
/// waited for by dropping `isolated`, then 128 + the signal's number, as a shell reports it.
fn stopped(isolated: Isolated, signal: i32, done: usize, total: usize) -> ExitCode {
    drop(isolated);
    say!("solve: stopped by {} after {done} of {total} puzzle(s); no worker or solver is left", signals::name(signal));
    ExitCode::from(u8::try_from(128 + signal).unwrap_or(1))
}

/// The puzzle's shape when it is the default box shape of its N and its givens clash in boxes
/// only (every row and column holds distinct digits): a Latin square, or a grid with other boxes,
/// read with the default ones.
fn defaulted_box(puzzle: &Grid) -> Option<Shape> {
    let shape = puzzle.shape();
    let default = !shape.is_latin() && Shape::for_size(shape.n()).is_ok_and(|d| d == shape);
    let clashes = || {
        let found = conflicts(puzzle);
        !found.is_empty() && found.iter().all(|c| c.house.kind == HouseKind::Box)
    };
    (default && clashes()).then_some(shape)
}

/// The hint for puzzles proven without a solution after being read with their N's default box
/// (`solve` on a Latin square's file without `--box 1xN` reads 33 = 3·11 as 3×11 Sudoku boxes).
fn box_hint(shapes: &[Shape]) -> Option<String> {
    let first = shapes.first()?;
    let n = first.n();
    Some(format!(
        "hint: {} puzzle(s) proven without a solution were read with the default boxes of their size ({first} \
         for N = {n}); if they are Latin squares (no boxes) give --box 1x{n}, if their boxes differ give --box RxC",
        shapes.len()
    ))
}

/// A solver `solve` runs: from the registry, or defined in an `--external` file.
#[derive(Debug, Clone)]
enum Picked {
    Registry(SolverKind),
    External(Box<Definition>),
}

impl Picked {
    fn name(&self) -> &str {
        match self {
            Picked::Registry(kind) => kind.name(),
            Picked::External(d) => &d.name,
        }
    }
}

/// The solvers of `--solver` flags, in the order given and deduplicated: registry names, `all`,
/// and the names of solvers defined in the `--external` files (whose programs must exist).
fn pick_solvers(names: &[String], files: &[PathBuf]) -> anyhow::Result<Vec<Picked>> {
    let reserved = |n: &str| n == "all" || n.parse::<SolverKind>().is_ok();
    let wanted = |n: &str| names.iter().any(|w| w == n);
    let checks = Checks { reserved: &reserved, wanted: &wanted };
    let mut defined: Vec<Definition> = Vec::new();
    for file in files {
        defined.extend(load_file(file, checks)?);
    }
    check_unique(&defined, "--external")?;
    let mut picked: Vec<Picked> = Vec::new();
    for name in names {
        let new: Vec<Picked> = match parse_solver(name) {
            Ok(choice) => expand_solvers(&[choice]).into_iter().map(Picked::Registry).collect(),
            Err(e) => match defined.iter().find(|d| d.name == *name) {
                Some(d) => vec![Picked::External(Box::new(d.clone()))],
                None if files.is_empty() => anyhow::bail!("--solver: {e}"),
                None => anyhow::bail!("--solver: {e}, or an external solver of {}", show_files(files)),
            },
        };
        for p in new {
            if !picked.iter().any(|q| q.name() == p.name()) {
                picked.push(p);
            }
        }
    }
    Ok(picked)
}

/// The files, for messages.
fn show_files(files: &[PathBuf]) -> String {
    files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", ")
}

/// The output for a puzzle without a solution: `none` (proven) or `unknown` (every solver
/// stopped) on a line of its own in `line` format, a `#` comment in `grid` and `pretty` (so the
/// output still reads back as puzzles), and an object with `"outcome"` in `json`.
fn no_answer(format: Format, word: &str, puzzle: usize, line: usize, why: &str) -> String {
    match format {
        Format::Line => format!("{word}\n"),
        Format::Grid | Format::Pretty => format!("# puzzle {puzzle} (line {line}): {word}\n\n"),
        Format::Json => {
            let object = serde_json::json!({ "puzzle": puzzle, "line": line, "outcome": word, "note": why });
            format!("{object}\n")
        }
    }
}

fn write_stats(
    stats: &mut Option<csv::Writer<File>>,
    puzzle: usize,
    solver: &str,
    outcome: &str,
    s: &crate::solve::Stats,
    note: &str,
    measured: crate::experiment::isolate::Measured,
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
            winner: s.winner.as_deref(),
            lp_solves: s.lp_solves,
            cpu_seconds: measured.cpu_seconds,
            peak_rss_mb: measured.peak_rss_mb,
            root_lp: s.root_lp.map(|r| r.word()),
            fractional: s.fractional,
            fractional_cells: s.fractional_cells,
            pricing_rounds: s.pricing_rounds,
        })?;
        w.flush().context("writing --stats")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_flags_give_the_default_solver_options() {
        assert_eq!(IlpArgs::default().options().unwrap(), SolverOptions::default());
    }

    #[test]
    fn only_a_default_sudoku_box_with_another_reading_gets_the_box_hint() {
        let shape = |text: &str| text.parse::<Shape>().unwrap();
        let grid = |cells: &str, s: &str| {
            Grid::from_cells(shape(s), cells.bytes().map(|b| b.saturating_sub(b'0')).collect()).unwrap()
        };
        // A Latin square of order 4 read with 2×2 boxes: its boxes clash, its rows and columns do not.
        let latin = "1234234134124123";
        assert_eq!(defaulted_box(&grid(latin, "2x2")), Some(shape("2x2")));
        assert_eq!(defaulted_box(&grid(latin, "1x4")), None, "read as a Latin square already");
        assert_eq!(defaulted_box(&grid("1200000000000000", "2x2")), None, "no clash: an ordinary puzzle");
        assert_eq!(defaulted_box(&grid("1100000000000000", "2x2")), None, "a row clash: not a box question");
        assert_eq!(box_hint(&[]), None);
        let hint = box_hint(&[shape("3x11"), shape("3x11")]).unwrap();
        assert!(
            hint.contains("2 puzzle(s)") && hint.contains("(3x11 for N = 33)") && hint.contains("--box 1x33"),
            "{hint}"
        );
    }
}
