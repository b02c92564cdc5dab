//! External solvers: any program — a SAT solver, a MIP solver, CP-SAT behind a script, a user's
//! own — run on the harness's instances under the same rules as the built-in solvers.
//!
//! A solver is a TOML [`definition`]: the input it reads, the command line, how its answer is
//! read. The worker process runs one [`Job`] at a time ([`run`]): it writes the input file with
//! [`crate::export`] ([`input`]; the time this takes is the run's set-up, `build_seconds`), expands
//! the command line's placeholders, and hands the command to
//! [`crate::solve::process::command::run`], which starts it in a process group of its own with
//! stdout and stderr captured (each capped), stops its whole tree past the time limit plus the
//! grace of a solve by hand ([`crate::solve::process::grace`]), and stops whatever it leaves
//! behind. The answer is decoded back to a grid ([`answer`]) and checked by [`crate::verify`]: a
//! grid that is no solution is a wrong answer (`verified = false`), never a success. A crash, a
//! non-zero exit without an answer, or unreadable output is an error with the reason and the last
//! line of stderr in the note; for every run that did not end in an answer, stdout and stderr are
//! kept in the results folder's `logs/`.
//!
//! This module starts no process and never times, measures or limits anything by itself: the
//! worker measures CPU time and peak memory around [`run`], and the runner kills the worker's whole
//! tree when it exceeds the hard limit or the memory cap, as for every solver (BenchExec's split:
//! an adapter only builds the command line and reads the answer).

pub mod answer;
pub mod definition;
pub mod input;

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

pub use definition::{load_file, Answer, Definition, DefinitionError, DefinitionFile, Input, Model, Placeholder};

use crate::grid::Grid;
use crate::solve::process::command::{self, Exit};
use crate::solve::process::contain;
use crate::solve::process::{ProofFiles, ProofProblem, RunOutcome};
use crate::verify;
use answer::{clip, decode, Verdict};

/// Bytes of stdout kept (an answer of a 64×64 grid takes a few MiB); the rest is dropped.
pub const STDOUT_CAP: u64 = 64 << 20;
/// Bytes of stderr kept.
pub const STDERR_CAP: u64 = 1 << 20;
/// Largest output file read as an answer.
pub const OUTPUT_CAP: u64 = 256 << 20;
/// `{limit_s}` when a solve has no time limit.
pub const NO_LIMIT_S: u64 = i32::MAX as u64;
/// `{limit_ms}` when a solve has no time limit (as large as a program reading a 32-bit int takes).
pub const NO_LIMIT_MS: u64 = i32::MAX as u64;
/// Largest proof (`{proof}`) handed to the checker, bytes; a larger one is not checked (the run's
/// verdict then rests on the puzzle's own certificate).
pub const PROOF_CAP: u64 = 4 << 30;

/// One run of an external solver, as the worker receives it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Job {
    /// The solver.
    pub definition: Definition,
    /// `{seed}`: the instance's seed.
    pub seed: u64,
    /// Where stdout and stderr of a run that did not answer are kept (`None`: nowhere).
    pub logs: Option<PathBuf>,
    /// The name of its log files there (`<log_name>.stdout`, `.stderr`).
    pub log_name: String,
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Ending {
    /// A verified solution.
    Solved(Grid),
    /// The solver proved there is none.
    Infeasible,
    /// The solver gave up, or was stopped at its deadline.
    Limit,
    /// A grid that fails the oracle.
    Wrong(Grid),
    /// A crash, a non-zero exit without an answer, or unreadable output.
    Error,
}

impl Ending {
    /// The `outcome` of `runs.csv`.
    pub fn outcome(&self) -> RunOutcome {
        match self {
            Ending::Solved(_) => RunOutcome::Solved,
            Ending::Infeasible => RunOutcome::Infeasible,
            Ending::Limit => RunOutcome::Limit,
            Ending::Wrong(_) | Ending::Error => RunOutcome::Error,
        }
    }
}

/// What came of one run.
#[derive(Debug, Clone, PartialEq)]
pub struct Ran {
    /// How it ended.
    pub ending: Ending,
    /// Wall seconds from the start of the program to its exit (or its stop).
    pub seconds: f64,
    /// Wall seconds writing the input file.
    pub build_seconds: f64,
    /// Largest resident memory of the solver's tree, KiB (sampled, and the kernel's own peak of
    /// the program).
    pub peak_rss_kb: Option<u64>,
    /// Why, in words (empty for a plain answer).
    pub note: String,
    /// With `{proof}` and an UNSAT answer in a run with a logs folder: the CNF and the proof, kept
    /// there for the runner to check (`logs/<log_name>.cnf`, `.drat`).
    pub proof: Option<ProofFiles>,
}

/// Runs `job` on `puzzle` within `time_limit` (see the module doc). Errors are failures of the
/// harness itself (the work folder cannot be made); everything the solver does wrong is a [`Ran`].
///
/// Call it only in a process of its own, the worker ([`crate::experiment::worker`]): the program
/// runs through [`command::run`], which makes that process the subreaper of its descendants and,
/// once the solver has exited, stops every process still below it.
pub fn run(job: &Job, puzzle: &Grid, time_limit: Option<Duration>) -> std::io::Result<Ran> {
    contain::sweep();
    let def = &job.definition;
    let work = WorkDir::new(job)?;
    let files = Files::in_folder(work.path(), def.input);
    let started = Instant::now();
    let key = match input::write(puzzle, def.input, def.model, &files.input) {
        Ok(key) => key,
        Err(e) => return Ok(Ran::error(format!("writing the input failed: {e}"), secs(started))),
    };
    let build_seconds = secs(started);
    // Half the grace of a solve by hand, so the worker stops the solver (and answers `limit`)
    // before anyone stops the worker.
    let deadline = time_limit.map(|t| t + crate::solve::process::grace(t) / 2);
    let waited = match command::run(&command_spec(job, &files, work.path(), time_limit, deadline)) {
        Ok(waited) => waited,
        Err(e) => return Ok(Ran::error(format!("cannot start {}: {e}", def.command[0]), build_seconds)),
    };
    let seconds = waited.seconds;
    let (ending, mut note) = if waited.stopped {
        // The deadline and the time it took to stop the solver are two numbers: say both.
        let at = deadline
            .map_or_else(|| "its deadline".to_string(), |d| format!("the deadline of {:.2} s", d.as_secs_f64()));
        (Ending::Limit, format!("stopped at {at} (time limit + half the grace), {seconds:.2} s after its start"))
    } else {
        let text = answer_text(def, &files, waited.stdout_bytes);
        let verdict =
            text.map_or_else(Verdict::Unreadable, |text| decode(def.answer, def.dialect, &text, &key, puzzle));
        ending_of(verdict, puzzle, &waited, time_limit, &files.stderr)
    };
    if matches!(ending, Ending::Error | Ending::Limit | Ending::Wrong(_)) {
        work.keep_logs(job);
    }
    // The solver has exited and its tree is stopped: nothing of it can touch its files any more.
    let proof = match (&ending, &job.logs) {
        (Ending::Infeasible, Some(logs)) if def.writes_proof() => {
            keep_proof(puzzle, def, &files.proof, logs, &job.log_name)
        }
        _ => None,
    };
    // A solver that rewrote its input answered about another formula: say so (its proof is
    // checked against the harness's copy, so the rewrite wins it nothing).
    if proof.as_ref().is_some_and(|kept| !same_file(&files.input, &kept.cnf)) {
        let said = "the solver changed its input file";
        note = if note.is_empty() { said.to_string() } else { format!("{note}; {said}") };
    }
    Ok(Ran { ending, seconds, build_seconds, peak_rss_kb: waited.peak_rss_kb, note, proof })
}

impl Ran {
    /// A run that ended before the solver could answer: `note` says why.
    fn error(note: String, build_seconds: f64) -> Ran {
        Ran { ending: Ending::Error, seconds: 0.0, build_seconds, peak_rss_kb: None, note, proof: None }
    }
}

/// The files of a job in its work folder.
struct Files {
    /// The input the harness writes (`{input}`).
    input: PathBuf,
    /// The answer file the solver may write (`{output}`).
    output: PathBuf,
    /// The proof the solver may write (`{proof}`).
    proof: PathBuf,
    /// The solver's captured stdout.
    stdout: PathBuf,
    /// The solver's captured stderr.
    stderr: PathBuf,
}

impl Files {
    /// The files in `work` of a solver that reads `input`.
    fn in_folder(work: &Path, input: definition::Input) -> Files {
        Files {
            input: work.join(format!("input.{}", input.extension())),
            output: work.join("answer.out"),
            proof: work.join("proof.drat"),
            stdout: work.join("stdout"),
            stderr: work.join("stderr"),
        }
    }
}

/// The command line of `job`, its placeholders expanded, with its environment, its folder, its
/// captured output and its `deadline`.
fn command_spec(
    job: &Job,
    files: &Files,
    work: &Path,
    time_limit: Option<Duration>,
    deadline: Option<Duration>,
) -> command::Spec {
    let def = &job.definition;
    let limit_s = time_limit.map_or(NO_LIMIT_S, |t| t.as_secs_f64().ceil().max(1.0) as u64);
    let limit_ms = time_limit.map_or(NO_LIMIT_MS, |t| (t.as_secs_f64() * 1000.0).ceil().max(1.0) as u64);
    let value = |p: Placeholder| {
        Some(match p {
            Placeholder::Input => files.input.display().to_string(),
            Placeholder::Output => files.output.display().to_string(),
            Placeholder::LimitS => limit_s.to_string(),
            Placeholder::LimitMs => limit_ms.to_string(),
            Placeholder::Seed => job.seed.to_string(),
            Placeholder::Threads => def.threads.to_string(),
            Placeholder::Workdir => work.display().to_string(),
            Placeholder::Proof => files.proof.display().to_string(),
            // Resolved when the definition was read.
            Placeholder::Here => return None,
        })
    };
    let expand = |arg: &str| Placeholder::expand(arg, value);
    command::Spec {
        argv: def.command.iter().map(|a| expand(a)).collect(),
        env: def.env.iter().map(|(k, v)| (k.clone(), expand(v))).collect(),
        cwd: work.to_path_buf(),
        stdout: (files.stdout.clone(), STDOUT_CAP),
        stderr: (files.stderr.clone(), STDERR_CAP),
        deadline,
    }
}

/// The text of the answer of a solver that exited: its output file when its command names one,
/// else its stdout (`stdout_bytes` long); or why there is none to read.
fn answer_text(def: &Definition, files: &Files, stdout_bytes: u64) -> Result<String, String> {
    if def.writes_output_file() {
        read_capped(&files.output, OUTPUT_CAP)
    } else if stdout_bytes > STDOUT_CAP {
        Err(format!("stdout exceeded {} MiB", STDOUT_CAP >> 20))
    } else {
        read_capped(&files.stdout, STDOUT_CAP)
    }
}

/// How a run whose solver exited (as `waited` says) ended, and the note: its `verdict` checked
/// against `puzzle`; an error's note ends with the last line of the solver's `stderr`.
fn ending_of(
    verdict: Verdict,
    puzzle: &Grid,
    waited: &command::Waited,
    time_limit: Option<Duration>,
    stderr: &Path,
) -> (Ending, String) {
    match verdict {
        Verdict::Grid(g) if verify::is_solution_of(puzzle, &g) => (Ending::Solved(g), String::new()),
        Verdict::Grid(g) => {
            let fault = verify::solution_faults(puzzle, &g).first().map(|f| f.to_string()).unwrap_or_default();
            (Ending::Wrong(g), format!("wrong answer: {fault}"))
        }
        Verdict::Infeasible => (Ending::Infeasible, String::new()),
        Verdict::Unknown(why) => (Ending::Limit, why),
        // A solver that stops at its own time limit may say nothing (CaDiCaL's -t): no answer
        // after the whole limit is a limit, not a crash.
        Verdict::Unreadable(why)
            if !matches!(waited.status, Exit::Signal(_))
                && time_limit.is_some_and(|t| waited.seconds >= t.as_secs_f64()) =>
        {
            (Ending::Limit, format!("no answer after the whole time limit ({why})"))
        }
        Verdict::Unreadable(why) => {
            let how = match waited.status {
                Exit::Signal(s) => format!("killed by signal {s} ({})", command::signal_name(s)),
                Exit::Code(0) => format!("unreadable answer: {why}"),
                Exit::Code(c) => format!("exit status {c} without an answer ({why})"),
                Exit::Unknown => format!("no answer ({why})"),
            };
            let note = match command::last_line(stderr).map(|l| clip(&l)) {
                Some(line) => format!("{how}; stderr: {line}"),
                None => how,
            };
            (Ending::Error, note)
        }
    }
}

/// `true` when `path` is a regular file (not a link) with exactly the bytes of the file `copy`.
fn same_file(path: &Path, copy: &Path) -> bool {
    let same_len = match (std::fs::symlink_metadata(path), std::fs::metadata(copy)) {
        (Ok(x), Ok(y)) => x.file_type().is_file() && x.len() == y.len(),
        _ => false,
    };
    same_len && std::fs::read(path).ok() == std::fs::read(copy).ok()
}

/// Puts the proof a solver wrote (or an empty file, when it wrote none) into `logs` as
/// `<log_name>.drat`, beside `<log_name>.cnf`: the CNF it was given, written again by the harness
/// now that the solver has exited — a copy the solver never had, so a solver that rewrote its
/// input cannot choose the formula its proof is checked against. A proof that is not a regular
/// file (a named pipe would hold the checker for its whole limit) is not moved, and one larger
/// than [`PROOF_CAP`] is not read: [`ProofFiles::problem`] says why.
fn keep_proof(puzzle: &Grid, def: &Definition, proof: &Path, logs: &Path, log_name: &str) -> Option<ProofFiles> {
    let logs = std::path::absolute(logs).ok()?;
    let mut kept = ProofFiles {
        cnf: logs.join(format!("{log_name}.cnf")),
        proof: logs.join(format!("{log_name}.drat")),
        problem: None,
    };
    // Whatever sits at those names (a link the solver planted beside its work folder) goes first;
    // the copy is created anew, never opened through a link.
    for path in [&kept.cnf, &kept.proof] {
        let _ = std::fs::remove_file(path);
    }
    let fresh = std::fs::OpenOptions::new().write(true).create_new(true).open(&kept.cnf).ok()?;
    drop(fresh);
    input::write(puzzle, def.input, def.model, &kept.cnf).ok()?;
    kept.problem = match std::fs::symlink_metadata(proof) {
        Err(_) => None, // no proof: an empty one is checked (and rejected unless the formula is trivially refuted)
        Ok(m) if !m.file_type().is_file() => {
            Some(ProofProblem::NotAFile(crate::certificates::regular_file(proof).err().unwrap_or_default()))
        }
        Ok(m) if m.len() > PROOF_CAP => Some(ProofProblem::TooLarge(m.len())),
        Ok(_) => None,
    };
    if kept.problem.is_some() || std::fs::rename(proof, &kept.proof).is_err() {
        File::create(&kept.proof).ok()?;
    }
    Some(kept)
}

/// Seconds since `t`.
fn secs(t: Instant) -> f64 {
    t.elapsed().as_secs_f64()
}

/// The file's text, or why it cannot be the answer.
fn read_capped(path: &Path, cap: u64) -> Result<String, String> {
    let file = File::open(path).map_err(|_| "no answer file was written".to_string())?;
    let mut bytes = Vec::new();
    file.take(cap + 1).read_to_end(&mut bytes).map_err(|e| format!("reading the answer: {e}"))?;
    if bytes.len() as u64 > cap {
        return Err(format!("the answer is larger than {} MiB", cap >> 20));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The folder a job works in: `<logs>/.work-<log_name>` beside its logs, or a temporary folder;
/// removed when dropped.
struct WorkDir {
    path: PathBuf,
    /// The temporary folder (removed by its own drop), or `None` for a folder beside the logs.
    temp: Option<tempfile::TempDir>,
}

impl WorkDir {
    fn new(job: &Job) -> std::io::Result<WorkDir> {
        match &job.logs {
            Some(logs) => {
                // Absolute: the solver runs in it, and its command names files in it.
                let logs = std::path::absolute(logs)?;
                let path = work_path(&logs, &job.log_name);
                let _ = std::fs::remove_dir_all(&path);
                std::fs::create_dir_all(&path)?;
                Ok(WorkDir { path, temp: None })
            }
            None => {
                // Named after this worker: should it be killed, whoever sees it gone removes it.
                let temp = contain::temp_dir("external")?;
                Ok(WorkDir { path: temp.path().to_path_buf(), temp: Some(temp) })
            }
        }
    }

    fn path(&self) -> &Path {
        &self.path
    }

    /// Moves stdout and stderr to the logs folder.
    fn keep_logs(&self, job: &Job) {
        if let Some(logs) = &job.logs {
            keep_logs_from(&self.path, logs, &job.log_name);
        }
    }
}

impl Drop for WorkDir {
    fn drop(&mut self) {
        if self.temp.is_none() {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

/// The work folder of the job logged as `log_name` in `logs`.
fn work_path(logs: &Path, log_name: &str) -> PathBuf {
    logs.join(format!(".work-{log_name}"))
}

/// Moves a work folder's stdout and stderr into `logs` as `<log_name>.stdout` and `.stderr`.
fn keep_logs_from(work: &Path, logs: &Path, log_name: &str) {
    for stream in ["stdout", "stderr"] {
        let from = work.join(stream);
        if from.metadata().is_ok_and(|m| m.len() > 0) {
            let _ = std::fs::rename(&from, logs.join(format!("{log_name}.{stream}")));
        }
    }
}

/// After the runner killed a worker mid-job: keeps the job's output in `logs` and removes its work
/// folder.
pub fn salvage(logs: &Path, log_name: &str) {
    let work = work_path(logs, log_name);
    if work.is_dir() {
        keep_logs_from(&work, logs, log_name);
        let _ = std::fs::remove_dir_all(&work);
    }
}

/// How long a definition's `version` command may take.
pub const VERSION_LIMIT: Duration = Duration::from_secs(10);

/// The first line a definition's `version` command prints (stdout, else stderr), within
/// [`VERSION_LIMIT`]; `None` without a version command. The command's whole tree is stopped as
/// soon as it exits or overruns — a background child it left holding the output included — and
/// its output is not waited for beyond the limit.
pub fn version_of(def: &Definition) -> Option<String> {
    let argv = def.version.first()?;
    let env: Vec<(String, String)> = def.env.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    let printed = match command::output_within(&def.version, &env, VERSION_LIMIT) {
        Ok(printed) => printed,
        Err(e) => return Some(format!("unknown ({argv}: {e})")),
    };
    let first = |text: &str| text.lines().map(str::trim).find(|l| !l.is_empty()).map(clip);
    let line = first(&printed.stdout).or_else(|| first(&printed.stderr));
    Some(line.unwrap_or_else(|| match printed.overran {
        true => format!("unknown (the version command gave no answer within {} s)", VERSION_LIMIT.as_secs()),
        false => "unknown (the version command printed nothing)".into(),
    }))
}
