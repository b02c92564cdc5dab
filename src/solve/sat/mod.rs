//! `sat`, `sat-minimal` and `kissat`: Sudoku as CNF ([`crate::solve::sat::cnf`]), solved by CaDiCaL
//! (`rustsat-cadical`) or kissat (`rustsat-kissat`), the two CDCL solvers that have led the SAT
//! competitions of recent years, on the same encodings.
//!
//! This module owns everything that knows about the CDCL backends: loading the clauses, the time
//! limit (a terminate callback that the solver polls during search, checked against a deadline
//! counted from the start of the solve, encoding included), counting solutions with blocking
//! clauses, and translating the backends' answers into an [`Outcome`] — "interrupted" becomes
//! [`Outcome::LimitReached`] here and nowhere else. The encoding looks at the deadline too, so a
//! limit shorter than the encoding of a large grid is honoured.
//!
//! **kissat** is not incremental: once it has answered, no clause can be added, so it finds one
//! solution and cannot count (asked for more than one, it answers with the first and leaves
//! `solutions` empty, saying so in the note), and `analyze`'s survey stays on CaDiCaL. Its C API
//! has no statistics getter, so its rows carry no conflict count: its effort is its time.
//!
//! **Preprocessing** ([`SolverOptions::preprocess`](crate::solve::SolverOptions::preprocess), the
//! `+pre` variants): before encoding, the logic module's techniques up to pairs, triples and
//! X-wing ([`propagate::eliminate`]) place forced digits and remove candidates, and the CNF is
//! built over what is left; its time counts as building (`build_seconds`). A puzzle the logic
//! solves or refutes never reaches the SAT solver.
//!
//! **Configuration.** CaDiCaL runs its "sat" configuration (stable mode, target phases) with
//! congruence closure off, and on grids up to 25×25 also "plain": no pre- or inprocessing, and no
//! chronological backtracking ([`PLAIN_UP_TO`] has the profile and the measurements). That is
//! `sat`'s default since issue 33: at 25×25 near the hardness peak a run was mostly CaDiCaL's
//! start-up simplification, which finds next to nothing in these formulas, and chronological
//! backtracking cost conflicts; at 36×36 and above, where runs take seconds, both stay.
//!
//! CDCL on the 3-D encoding is the strongest general method known for quasigroup completion, the
//! problem underneath Sudoku's hard phase (Kautz et al. 2001; Ansótegui et al., "Modeling choices
//! in quasigroup completion: SAT vs. CSP", AAAI 2004). Both backends are deterministic: the same
//! puzzle gives the same clauses in the same order and the same search. A solver seed
//! ([`SolverOptions::seed`](crate::solve::SolverOptions), a config's `solver_seeds`) does two
//! things: it renumbers the cell variables in a seeded random order ([`cnf::scrambled`]), and it
//! sets the backend's own `seed` option (reduced modulo [`BACKEND_SEEDS`], the range both accept).
//! Without one, the numbering is cell-major and the backend keeps its default seed, so runs without
//! solver seeds search as before. The renumbering is what makes seeds matter: CaDiCaL draws on its
//! own seed only in random walks, random decisions, shuffles and random rephasing, all off in the
//! "plain" configuration or first due after about a thousand conflicts, and on planted 25×25 at
//! α = 0.45 (4 instances, 42 to 929 conflicts) four backend seeds alone gave the same conflicts on
//! every instance; with the renumbering the conflicts differ between seeds (test
//! `experiment::solver_seeds_change_cadicals_search`). The proof behind a certified "no
//! solution" is made from the unscrambled formula, once per puzzle.

pub mod cnf;
pub mod proof;

use std::borrow::Cow;
use std::time::Instant;

use std::sync::mpsc;

use rustsat::solvers::{ControlSignal, GetInternalStats, Interrupt, InterruptSolver, Solve, SolverResult, Terminate};
use rustsat::types::{Lit, TernaryVal, Var};
use rustsat_cadical::CaDiCaL;
use rustsat_kissat::Kissat;

use crate::grid::Grid;
use crate::solve::propagate::{self, Eliminated};
use crate::solve::{Limits, Outcome, Report, SolveError, Solver, Stats};
use cnf::{ClauseSink, CnfModel, Encoded, Encoding};

/// The CDCL solver that runs the formula.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Backend {
    /// CaDiCaL (incremental: counts solutions with blocking clauses).
    Cadical,
    /// kissat (not incremental: finds one solution).
    Kissat,
}

/// A CDCL-backed solver for one [`Encoding`] and [`Backend`].
#[derive(Debug, Clone)]
pub struct Sat {
    encoding: Encoding,
    backend: Backend,
    preprocess: bool,
    seed: Option<u64>,
}

/// Solver seeds are reduced modulo this before they reach a backend: CaDiCaL's `seed` option
/// accepts 0 to 2·10⁹, kissat's at least as many.
pub const BACKEND_SEEDS: u64 = 2_000_000_000;

impl Sat {
    /// CaDiCaL on `encoding`.
    pub fn new(encoding: Encoding) -> Sat {
        Sat { encoding, backend: Backend::Cadical, preprocess: false, seed: None }
    }

    /// kissat on the full encoding.
    pub fn kissat() -> Sat {
        Sat { encoding: Encoding::Full, backend: Backend::Kissat, preprocess: false, seed: None }
    }

    /// The same solver, with the logic preprocessing on or off (see the module doc).
    pub fn preprocessing(self, on: bool) -> Sat {
        Sat { preprocess: on, ..self }
    }

    /// The same solver, with the backend's `seed` option set from `seed` (see the module doc), or
    /// left at its default for `None`.
    pub fn seeded(self, seed: Option<u64>) -> Sat {
        Sat { seed, ..self }
    }
}

impl Solver for Sat {
    fn name(&self) -> &'static str {
        match (self.backend, self.encoding) {
            (Backend::Cadical, Encoding::Full) => "sat",
            (Backend::Cadical, Encoding::Minimal) => "sat-minimal",
            (Backend::Kissat, _) => "kissat",
        }
    }

    /// Preprocesses (if on), encodes, solves and decodes. With `limits.max_solutions` > 1
    /// CaDiCaL counts: after each solution a blocking clause (the negation of its true cell
    /// variables) rules that grid out and CaDiCaL searches on, incrementally, until the count is
    /// reached or no grid is left; `stats.solutions` is then the count (exact when below the
    /// maximum and not interrupted). `variables`/`constraints` are the CNF's variables and
    /// clauses; `conflicts`, `decisions` and `propagations` are CaDiCaL's totals over all solve
    /// calls (kissat reports none).
    fn solve(&mut self, puzzle: &Grid, limits: &Limits) -> Result<Report, SolveError> {
        let start = Instant::now();
        let (target, keep, pre_note) = if self.preprocess {
            match propagate::eliminate(puzzle) {
                Eliminated::Solved(grid) => {
                    let note = "solved by preprocessing alone (logic up to pairs, triples and X-wing)".to_string();
                    return Ok(settled(Outcome::Solved(grid), note, start, limits));
                }
                Eliminated::Infeasible(why) => return Ok(settled(Outcome::Infeasible, why, start, limits)),
                Eliminated::Reduced { puzzle: reduced, keep, placed, removed } => {
                    let empty = puzzle.cells().len() - puzzle.givens();
                    let note = format!(
                        "preprocessing placed {placed} of {empty} empty cells and removed {removed} candidates in {:.3} s",
                        start.elapsed().as_secs_f64()
                    );
                    (Cow::Owned(reduced), Some(keep), Some(note))
                }
            }
        } else {
            (Cow::Borrowed(puzzle), None, None)
        };
        let job = Job {
            name: self.name(),
            puzzle: &target,
            keep: keep.as_deref(),
            encoding: self.encoding,
            seed: self.seed,
            start,
        };
        let mut report = match self.backend {
            Backend::Cadical => job.run(CaDiCaL::default(), limits)?,
            Backend::Kissat => job.run(Kissat::default(), limits)?,
        };
        if let Some(pre) = pre_note {
            report.note = Some(match report.note {
                Some(note) => format!("{pre}; {note}"),
                None => pre,
            });
        }
        Ok(report)
    }
}

/// The report of a puzzle settled before any clause was written (preprocessing solved or refuted
/// it): its time counts as building.
fn settled(outcome: Outcome, note: String, start: Instant, limits: &Limits) -> Report {
    let stats = Stats {
        build_seconds: start.elapsed().as_secs_f64(),
        variables: Some(0),
        constraints: Some(0),
        solutions: (limits.max_solutions > 1).then_some(u64::from(matches!(outcome, Outcome::Solved(_)))),
        ..Stats::default()
    };
    Report { outcome, stats, note: Some(note) }
}

/// What one CDCL backend must offer: solving, clauses, a terminate callback, and its own set-up.
trait Cdcl: Solve + ClauseSink + Terminate<'static> + Interrupt {
    /// The backend's name in notes.
    const NAME: &'static str;
    /// True when clauses can be added after a solve (counting needs it).
    const INCREMENTAL: bool;
    /// Sets the configuration chosen for Sudoku grids of side `n` (see the implementations).
    fn configure(&mut self, n: usize) -> Result<(), String>;
    /// Sets the backend's `seed` option (before any clause is added).
    fn seed(&mut self, seed: u64) -> Result<(), String>;
    /// Conflicts, decisions and propagations so far, where the backend reports them.
    fn effort(&self) -> (Option<u64>, Option<u64>, Option<u64>);
    /// Makes the search stop at `deadline`; the solver must outlive the returned alarm.
    fn arm(&mut self, deadline: Instant) -> Alarm;
}

/// What stops a search at its deadline from outside: nothing (the solver polls a callback) or a
/// timer thread that interrupts it; dropping it stops and joins the thread.
struct Alarm(Option<(mpsc::Sender<()>, std::thread::JoinHandle<()>)>);

impl Alarm {
    /// A timer that calls `interrupt` at `deadline` unless dropped first.
    fn timer(deadline: Instant, interrupt: impl FnOnce() + Send + 'static) -> Alarm {
        let (cancel, cancelled) = mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            let wait = deadline.saturating_duration_since(Instant::now());
            if let Err(mpsc::RecvTimeoutError::Timeout) = cancelled.recv_timeout(wait) {
                interrupt();
            }
        });
        Alarm(Some((cancel, thread)))
    }
}

impl Drop for Alarm {
    fn drop(&mut self) {
        if let Some((cancel, thread)) = self.0.take() {
            drop(cancel);
            // The thread only waits and interrupts: it cannot panic.
            let _ = thread.join();
        }
    }
}

impl Cdcl for CaDiCaL<'static, 'static> {
    const NAME: &'static str = "CaDiCaL";
    const INCREMENTAL: bool = true;

    fn configure(&mut self, n: usize) -> Result<(), String> {
        // CaDiCaL's "sat" configuration (stable mode only, target phases): measured on planted
        // 36×36 at α = 0.4 and 0.45 (6 seeds each), the slowest instance went from 12.5 s to
        // 2.1 s and the conflicts from 146 k to 21 k. "plain" and "default" did no better at α = 0.5.
        self.set_configuration(rustsat_cadical::Config::Sat).map_err(|e| format!("CaDiCaL configuration: {e}"))?;
        // Congruence closure (gate extraction) finds nothing in these clauses, yet on a 36×36
        // formula it runs for about 1.5 s before the first conflict without polling the terminate
        // callback: a 0.3 s limit overran to 1.9 s. Off, a limit that falls in the search holds
        // within milliseconds; one that falls in CaDiCaL's start-up on a 3 M-clause formula (the
        // empty 36×36 grid) can still overrun by about 0.3 s.
        self.set_option("congruence", 0).map_err(|e| format!("CaDiCaL option congruence: {e}"))?;
        if n > PLAIN_UP_TO {
            return Ok(());
        }
        self.set_configuration(rustsat_cadical::Config::Plain).map_err(|e| format!("CaDiCaL configuration: {e}"))?;
        // Without chronological backtracking (see PLAIN_UP_TO for the measurements).
        self.set_option("chrono", 0).map_err(|e| format!("CaDiCaL option chrono: {e}"))
    }

    fn seed(&mut self, seed: u64) -> Result<(), String> {
        let value = (seed % BACKEND_SEEDS) as std::ffi::c_int;
        self.set_option("seed", value).map_err(|e| format!("CaDiCaL option seed: {e}"))
    }

    fn effort(&self) -> (Option<u64>, Option<u64>, Option<u64>) {
        (Some(self.conflicts() as u64), Some(self.decisions() as u64), Some(self.propagations() as u64))
    }

    fn arm(&mut self, deadline: Instant) -> Alarm {
        self.attach_terminator(move || {
            if Instant::now() >= deadline {
                ControlSignal::Terminate
            } else {
                ControlSignal::Continue
            }
        });
        Alarm(None)
    }
}

impl Cdcl for Kissat<'static> {
    const NAME: &'static str = "kissat";
    const INCREMENTAL: bool = false;

    fn configure(&mut self, _n: usize) -> Result<(), String> {
        self.set_configuration(KISSAT_CONFIG).map_err(|e| format!("kissat configuration: {e}"))
    }

    fn seed(&mut self, seed: u64) -> Result<(), String> {
        let value = (seed % BACKEND_SEEDS) as std::ffi::c_int;
        // kissat_set_option returns the option's previous value, and rustsat takes a 0 for a
        // refusal: seed's default is 0, so the value read back decides.
        match self.set_option("seed", value) {
            Ok(()) => Ok(()),
            Err(_) if self.get_option("seed").ok() == Some(value) => Ok(()),
            Err(e) => Err(format!("kissat option seed: {e}")),
        }
    }

    fn effort(&self) -> (Option<u64>, Option<u64>, Option<u64>) {
        (None, None, None)
    }

    /// kissat 4.0.4 never calls a terminate callback (it only checks the flag that
    /// `kissat_terminate` sets), so a timer thread sets that flag at the deadline.
    fn arm(&mut self, deadline: Instant) -> Alarm {
        let interrupter = self.interrupter();
        Alarm::timer(deadline, move || interrupter.interrupt())
    }
}

/// Largest side N on which CaDiCaL runs "plain" (on top of "sat"): no preprocessing or
/// inprocessing at all — elimination, subsumption, probing, vivification, sweeping and the rest;
/// search, restarts, target phases and the lucky phases stay.
///
/// Up to 25×25 a run is short and CaDiCaL's simplifications find next to nothing in these
/// formulas, yet they were most of its cost; at 36×36, where runs take seconds, the search swings
/// either way and larger grids keep the inprocessing. Plain runs also switch chronological
/// backtracking off (`chrono=0`: every conflict backjumps to its asserting level), which pays with
/// plain runs and not with the inprocessing of larger grids. The measurements, and the options
/// tried and dropped: docs/benchmarks.md ("Why the solvers are built as they are").
pub const PLAIN_UP_TO: usize = 25;

/// kissat's configuration for Sudoku: "sat" (target phases, stable mode), as for CaDiCaL (faster
/// than its default at the 36×36 peak: docs/benchmarks.md).
const KISSAT_CONFIG: rustsat_kissat::Config = rustsat_kissat::Config::Sat;

/// One solve of one (possibly preprocessed) puzzle by one backend.
struct Job<'a> {
    name: &'static str,
    puzzle: &'a Grid,
    keep: Option<&'a [u64]>,
    encoding: Encoding,
    seed: Option<u64>,
    start: Instant,
}

impl Job<'_> {
    /// Loads the formula into `solver`, searches and decodes.
    fn run<S: Cdcl>(&self, mut solver: S, limits: &Limits) -> Result<Report, SolveError> {
        let name = self.name;
        let backend = |message: String| SolveError::Backend { solver: name, message };
        let deadline = limits.deadline(self.start);
        let built = |start: Instant| Stats { build_seconds: start.elapsed().as_secs_f64(), ..Stats::default() };
        let (model, alarm) =
            match load(&mut solver, self.puzzle, self.keep, self.encoding, self.seed, deadline).map_err(backend)? {
                Loaded::Model(model, alarm) => (model, alarm),
                Loaded::Infeasible(why) => {
                    return Ok(Report { outcome: Outcome::Infeasible, stats: built(self.start), note: Some(why) })
                }
                Loaded::OutOfTime => return Ok(out_of_time_encoding(built(self.start))),
            };
        let mut stats =
            Stats { variables: Some(model.variables as usize), constraints: Some(model.clauses), ..built(self.start) };
        let search = Instant::now();
        let max = if S::INCREMENTAL { limits.max_solutions.max(1) } else { 1 };
        let mut first = None;
        let (count, end) = search_solutions(&mut solver, self.puzzle, &model, max, |grid| {
            first.get_or_insert_with(|| grid.clone());
        })
        .map_err(|e| backend(format!("{}: {e}", S::NAME)))?;
        drop(alarm);
        stats.seconds = search.elapsed().as_secs_f64();
        (stats.conflicts, stats.decisions, stats.propagations) = solver.effort();
        let counting = limits.max_solutions > 1;
        if counting && S::INCREMENTAL {
            stats.solutions = Some(count);
        }
        let (outcome, note) = match (first, end) {
            (Some(grid), CountEnd::Interrupted) if counting => {
                (Outcome::Solved(grid), Some(format!("time limit reached while counting: at least {count} solutions")))
            }
            (Some(grid), _) if counting && !S::INCREMENTAL => (
                Outcome::Solved(grid),
                Some(format!("{} is not incremental: it finds one solution and cannot count", S::NAME)),
            ),
            (Some(grid), _) => (Outcome::Solved(grid), None),
            (None, CountEnd::Exhausted) => (Outcome::Infeasible, Some(format!("{}: unsatisfiable", S::NAME))),
            (None, _) => {
                (Outcome::LimitReached, Some(format!("{} reached the time limit without a solution", S::NAME)))
            }
        };
        Ok(Report { outcome, stats, note })
    }
}

/// The answer when the deadline passed before the formula was complete.
fn out_of_time_encoding(stats: Stats) -> Report {
    Report { outcome: Outcome::LimitReached, stats, note: Some("time limit reached while encoding".to_string()) }
}

/// A formula loaded into a solver, or why there is none.
enum Loaded {
    /// The solver holds the clauses; the model's columns, and the alarm that stops the search at
    /// the deadline (drop it before the solver).
    Model(CnfModel, Alarm),
    /// Eliminating the givens proved infeasibility.
    Infeasible(String),
    /// The deadline passed while encoding.
    OutOfTime,
}

/// Configures `solver` (and seeds it, when `seed` is given), encodes `puzzle` (over `keep`'s
/// candidates, if given) into it and attaches the deadline.
fn load<S: Cdcl>(
    solver: &mut S,
    puzzle: &Grid,
    keep: Option<&[u64]>,
    encoding: Encoding,
    seed: Option<u64>,
    deadline: Option<Instant>,
) -> Result<Loaded, String> {
    solver.configure(puzzle.n())?;
    if let Some(seed) = seed {
        solver.seed(seed)?;
    }
    let model = match cnf::encode_within(puzzle, keep, encoding, seed, deadline, solver) {
        Ok(Some(Encoded::Model(model))) => model,
        Ok(Some(Encoded::Infeasible(why))) => return Ok(Loaded::Infeasible(why)),
        Ok(None) => return Ok(Loaded::OutOfTime),
        Err(_) => return Err(format!("{} ran out of memory while loading the clauses", S::NAME)),
    };
    // The encoder looks at the clock only every few thousand clauses.
    if deadline.is_some_and(|d| Instant::now() >= d) {
        return Ok(Loaded::OutOfTime);
    }
    let alarm = deadline.map_or(Alarm(None), |d| solver.arm(d));
    Ok(Loaded::Model(model, alarm))
}

/// Solves until `max` solutions, exhaustion or the deadline, handing each solution to
/// `on_solution`; returns the count and why it stopped.
fn search_solutions<S: Solve + ?Sized>(
    solver: &mut S,
    puzzle: &Grid,
    model: &CnfModel,
    max: u64,
    mut on_solution: impl FnMut(&Grid),
) -> anyhow::Result<(u64, CountEnd)> {
    let mut count = 0u64;
    let mut blocking: Vec<Lit> = Vec::new();
    loop {
        match solver.solve()? {
            SolverResult::Unsat => return Ok((count, CountEnd::Exhausted)),
            SolverResult::Interrupted => return Ok((count, CountEnd::Interrupted)),
            SolverResult::Sat => {}
        }
        count += 1;
        blocking.clear();
        for i in 0..model.columns.len() {
            let var = Var::new(i as u32);
            if solver.lit_val(var.pos_lit())? == TernaryVal::True {
                blocking.push(var.neg_lit());
            }
        }
        on_solution(&cnf::decode(puzzle, &model.columns, blocking.iter().map(|lit| lit.vidx())));
        if count >= max {
            return Ok((count, CountEnd::Enough));
        }
        if blocking.is_empty() {
            // A full grid has one solution and no variables to block it with.
            return Ok((count, CountEnd::Exhausted));
        }
        solver.add_clause_ref(rustsat::types::Cl::new(&blocking))?;
    }
}

/// What [`survey`] found about a puzzle's solutions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Survey {
    /// Solutions counted (at most the cap asked for).
    pub solutions: u64,
    /// How the count ended: `Exhausted` = exact, `Enough` = the cap was reached, `Interrupted` =
    /// the deadline passed (a lower bound).
    pub count_end: CountEnd,
    /// The cells that hold the same digit in every solution found (0 elsewhere); empty without a
    /// solution.
    pub determined: Grid,
    /// True when `determined` is proven: no solution differs from them (the backbone is complete).
    pub determined_exact: bool,
    /// Why the puzzle has no solution, when eliminating the givens already shows it.
    pub infeasible: Option<String>,
}

/// How a search for solutions ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountEnd {
    /// Every solution was counted.
    Exhausted,
    /// The cap was reached: there may be more.
    Enough,
    /// The deadline passed.
    Interrupted,
}

/// Counts the solutions of `puzzle` up to `max_solutions` and finds its **determined cells** (the
/// backbone: cells with one digit in every solution), with CaDiCaL on the full encoding, stopping
/// at `deadline`.
///
/// Counting adds a blocking clause after each solution. When the cap is reached first, the
/// backbone is completed incrementally: with S the first solution and D the cells on which every
/// solution found agrees, add "some cell of D differs from S" and solve again; a new solution
/// shrinks D, "unsatisfiable" proves D exact. Each round removes at least one cell, so at most
/// |D| + 1 calls, usually a handful (a solution differs from S in many cells at once).
pub fn survey(puzzle: &Grid, max_solutions: u64, deadline: Option<Instant>) -> Result<Survey, SolveError> {
    let Some(deadline) = deadline else {
        return survey_here(puzzle, max_solutions, None, &mut |_, _| {});
    };
    // CaDiCaL does not poll its terminate callback in every phase: on a large formula its start-up
    // and its inprocessing can run a second or more past the deadline (49×49 with one given, a
    // 2 s limit: 3.2–4.1 s). So the survey runs on a thread of its own, reporting each solution,
    // and is waited for until the deadline only (plus a moment); a survey still running then is
    // left to stop at CaDiCaL's next poll and free its solver there, off the caller's clock.
    enum Message {
        Progress(u64, Grid),
        Done(Result<Survey, SolveError>),
    }
    let (tx, rx) = mpsc::channel();
    let owned = puzzle.clone();
    std::thread::spawn(move || {
        let progress = tx.clone();
        let mut report = |count: u64, agree: &Grid| {
            let _ = progress.send(Message::Progress(count, agree.clone()));
        };
        let result = survey_here(&owned, max_solutions, Some(deadline), &mut report);
        let _ = tx.send(Message::Done(result));
    });
    let mut last: Option<(u64, Grid)> = None;
    loop {
        let wait = (deadline + SURVEY_MARGIN).saturating_duration_since(Instant::now());
        match rx.recv_timeout(wait) {
            Ok(Message::Done(result)) => return result,
            Ok(Message::Progress(count, agree)) => last = Some((count, agree)),
            Err(mpsc::RecvTimeoutError::Timeout) => break,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(SolveError::Backend { solver: "sat", message: "the CaDiCaL survey thread died".into() });
            }
        }
    }
    let (solutions, determined) = last.unwrap_or_else(|| (0, Grid::empty(puzzle.shape())));
    Ok(Survey { solutions, count_end: CountEnd::Interrupted, determined, determined_exact: false, infeasible: None })
}

/// How long past its deadline [`survey`] waits for CaDiCaL to notice it.
const SURVEY_MARGIN: std::time::Duration = std::time::Duration::from_millis(50);

/// [`survey`] on this thread, calling `progress` with the count and the cells agreeing so far
/// after each solution and each step of the backbone.
fn survey_here(
    puzzle: &Grid,
    max_solutions: u64,
    deadline: Option<Instant>,
    progress: &mut dyn FnMut(u64, &Grid),
) -> Result<Survey, SolveError> {
    let backend = |message: String| SolveError::Backend { solver: "sat", message };
    let shape = puzzle.shape();
    let mut survey = Survey {
        solutions: 0,
        count_end: CountEnd::Exhausted,
        determined: Grid::empty(shape),
        determined_exact: true,
        infeasible: None,
    };
    let mut solver = CaDiCaL::default();
    let (model, _alarm) = match load(&mut solver, puzzle, None, Encoding::Full, None, deadline).map_err(backend)? {
        Loaded::Model(model, alarm) => (model, alarm),
        Loaded::Infeasible(why) => {
            survey.infeasible = Some(why);
            return Ok(survey);
        }
        Loaded::OutOfTime => {
            (survey.count_end, survey.determined_exact) = (CountEnd::Interrupted, false);
            return Ok(survey);
        }
    };
    let mut agree: Option<Grid> = None;
    let mut found = 0;
    let mut meet = |grid: &Grid| {
        let a = agree.get_or_insert_with(|| grid.clone());
        for c in 0..grid.cells().len() {
            if a.get(c) != grid.get(c) {
                a.set(c, 0);
            }
        }
        found += 1;
        progress(found, a);
    };
    let cadical = |e: anyhow::Error| backend(format!("CaDiCaL: {e}"));
    let (count, end) =
        search_solutions(&mut solver, puzzle, &model, max_solutions.max(1), &mut meet).map_err(cadical)?;
    survey.solutions = count;
    survey.count_end = end;
    let Some(mut agree) = agree else {
        survey.determined_exact = end == CountEnd::Exhausted;
        return Ok(survey);
    };
    survey.determined_exact = match end {
        CountEnd::Enough => {
            narrow_backbone(&mut solver, puzzle, &model, &mut agree, &mut |agree| progress(count, agree))?
        }
        _ => end == CountEnd::Exhausted,
    };
    survey.determined = agree;
    Ok(survey)
}

/// Completes the backbone once counting stopped at its cap: `agree` holds the cells every
/// solution found agrees on; while some solution differs from the first in one of them (`solver`
/// holds the blocking clauses already), those cells leave `agree` and `progress` hears of it.
/// Returns whether `agree` is exact (false when the deadline interrupted the solver).
fn narrow_backbone(
    solver: &mut CaDiCaL,
    puzzle: &Grid,
    model: &CnfModel,
    agree: &mut Grid,
    progress: &mut dyn FnMut(&Grid),
) -> Result<bool, SolveError> {
    let cadical = |e: anyhow::Error| SolveError::Backend { solver: "sat", message: format!("CaDiCaL: {e}") };
    let first = agree.clone();
    let var_of: std::collections::HashMap<(usize, usize), u32> =
        model.columns.iter().enumerate().map(|(i, &col)| (col, i as u32)).collect();
    loop {
        let differs: Vec<Lit> = (0..first.cells().len())
            .filter(|&c| puzzle.get(c) == 0 && agree.get(c) != 0)
            .map(|c| Var::new(var_of[&(c, usize::from(first.get(c)) - 1)]).neg_lit())
            .collect();
        if differs.is_empty() {
            return Ok(true);
        }
        solver.add_clause_ref(rustsat::types::Cl::new(&differs)).map_err(cadical)?;
        match solver.solve().map_err(cadical)? {
            SolverResult::Unsat => return Ok(true),
            SolverResult::Interrupted => return Ok(false),
            SolverResult::Sat => {
                for c in 0..first.cells().len() {
                    if puzzle.get(c) != 0 || agree.get(c) == 0 {
                        continue;
                    }
                    let var = Var::new(var_of[&(c, usize::from(first.get(c)) - 1)]);
                    if solver.lit_val(var.pos_lit()).map_err(cadical)? != TernaryVal::True {
                        agree.set(c, 0);
                    }
                }
                progress(agree);
            }
        }
    }
}
