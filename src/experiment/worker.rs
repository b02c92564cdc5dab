//! The worker process: one solve at a time, driven by JSON lines on stdin and stdout.
//!
//! The runner starts `sudoku-lab worker` once per job slot and writes one [`Request`] per line to
//! its stdin; the worker answers each with one [`Response`] line on stdout, prefixed with
//! [`MARKER`]. The runner reads only marked lines, so stray output on stdout (a library printing
//! where it should not) cannot break the protocol. The worker exits when its stdin closes.
//!
//! Peak memory: before each job the worker writes `5` to `/proc/self/clear_refs`, which resets the
//! kernel's high-water mark (VmHWM) to the current resident set, and reads VmHWM after the solve.
//! Where that reset is refused, the reported peak is the worker's lifetime peak and the
//! response says so.
//!
//! Test hooks (environment variables, read per job, so tests can drive the runner's hard limits):
//! `SUDOKU_LAB_TEST_WORKER_HANG=SOLVER` makes every job of that solver hang forever,
//! `SUDOKU_LAB_TEST_WORKER_BLOAT=SOLVER` makes it allocate memory without end,
//! `SUDOKU_LAB_TEST_WORKER_LIE=SOLVER` makes it answer `infeasible` without solving, and
//! `SUDOKU_LAB_TEST_WORKER_DELAY_MS=N` makes every job sleep N ms first (a slow run to kill).

use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::external;
use crate::grid::{Grid, Shape};
use crate::solve::process::tree::{become_subreaper, own_cpu_seconds, reap_exited, stop_tree};
use crate::solve::process::{contain, RunOutcome};
pub use crate::solve::process::{proc_status_kb, status_kb, Request, Response, Task, MARKER, PARENT_ENV};
use crate::solve::{solve, Limits, Outcome, SolveError, Solver, SolverKind, SolverOptions};

/// Test hook: the solver whose jobs hang forever.
pub const HANG_ENV: &str = "SUDOKU_LAB_TEST_WORKER_HANG";
/// Test hook: the solver whose jobs allocate memory without end.
pub const BLOAT_ENV: &str = "SUDOKU_LAB_TEST_WORKER_BLOAT";
/// Test hook: the solver whose jobs answer `infeasible` without solving.
pub const LIE_ENV: &str = "SUDOKU_LAB_TEST_WORKER_LIE";
/// Test hook: milliseconds every job sleeps before it starts.
pub const DELAY_ENV: &str = "SUDOKU_LAB_TEST_WORKER_DELAY_MS";

/// How often the worker checks that its parent is still alive, or that it was sent SIGTERM.
const PARENT_POLL: Duration = Duration::from_millis(20);

/// Serves requests from stdin until it closes. Errors are I/O failures of the protocol itself.
///
/// The worker dies with its parent: a watchdog thread stops the worker's whole tree and exits the
/// process as soon as it is re-parented (the parent was killed, even by SIGKILL) or sent SIGTERM
/// (the parent-death signal its runner arms), so no solve outlives the runner that watches its
/// time and memory. Stdin closing only ends the worker between jobs.
pub fn serve() -> io::Result<()> {
    // The runner names itself: a worker that starts after its runner died (a request can sit in
    // the pipe before the worker runs) must not take its new parent, init, for the runner.
    let parent =
        std::env::var(PARENT_ENV).ok().and_then(|p| p.parse().ok()).unwrap_or_else(std::os::unix::process::parent_id);
    // Orphans of an external solver's tree come to the worker, which stops and reaps them.
    become_subreaper();
    // SIGTERM (also the parent-death signal the runner arms) ends the worker and its whole tree.
    let terminated = Arc::new(AtomicBool::new(false));
    signal_hook::flag::register(signal_hook::consts::SIGTERM, Arc::clone(&terminated))?;
    std::thread::spawn(move || loop {
        std::thread::sleep(PARENT_POLL);
        if terminated.load(Ordering::Relaxed) || std::os::unix::process::parent_id() != parent {
            stop_tree(std::process::id(), false);
            // The solve in flight never returns to remove its work folder: remove it here.
            contain::remove_temp_of(contain::owner());
            std::process::exit(3);
        }
    });
    let mut solvers: HashMap<SolverKind, (SolverOptions, Box<dyn Solver>)> = HashMap::new();
    let mut out = io::stdout();
    for line in io::stdin().lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let request: Request = serde_json::from_str(&line)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("bad request: {e}")))?;
        let reset = std::fs::write("/proc/self/clear_refs", "5").is_ok();
        let cpu_before = own_cpu_seconds();
        let mut response = match (&request.task, test_hooks(&request)) {
            (_, Some(lie)) => lie,
            (Task::Solver(kind), None) => {
                let kind = *kind;
                let slot = solvers.entry(kind).or_insert_with(|| {
                    let options = request.options.clone();
                    let solver = kind.build(&options);
                    (options, solver)
                });
                if slot.0 != request.options {
                    *slot = (request.options.clone(), kind.build(&request.options));
                }
                answer(slot.1.as_mut(), &request)
            }
            (Task::External(job), None) => answer_external(job, &request),
        };
        reap_exited();
        response.cpu_seconds = Some((own_cpu_seconds() - cpu_before).max(0.0));
        response.peak_rss_kb = proc_status_kb("self", "VmHWM").max(response.peak_rss_kb);
        response.peak_is_lifetime = !reset;
        let json = serde_json::to_string(&response).map_err(io::Error::other)?;
        writeln!(out, "{MARKER}{json}")?;
        out.flush()?;
    }
    Ok(())
}

/// The puzzle of a request, or why it is none.
fn puzzle_of(request: &Request) -> Result<Grid, String> {
    Shape::new(request.box_rows, request.box_cols)
        .map_err(|e| e.to_string())
        .and_then(|shape| Grid::from_cells(shape, request.cells.clone()).map_err(|e| e.to_string()))
}

/// Runs an external solver's job ([`crate::external::run`]); its peak memory is the program's.
fn answer_external(job: &serde_json::Value, request: &Request) -> Response {
    let mut response = Response { job: request.job, outcome: RunOutcome::Error, ..Response::default() };
    let job: external::Job = match serde_json::from_value(job.clone()) {
        Ok(j) => j,
        Err(e) => {
            response.note = format!("bad external job in request: {e}");
            return response;
        }
    };
    let puzzle = match puzzle_of(request) {
        Ok(p) => p,
        Err(e) => {
            response.note = format!("bad puzzle in request: {e}");
            return response;
        }
    };
    let ran = match external::run(&job, &puzzle, request.time_limit.map(Duration::from_secs_f64)) {
        Ok(ran) => ran,
        Err(e) => {
            response.note = format!("{}: cannot prepare the run: {e}", job.definition.name);
            return response;
        }
    };
    response.outcome = ran.ending.outcome();
    response.stats.seconds = ran.seconds;
    response.stats.build_seconds = ran.build_seconds;
    response.peak_rss_kb = ran.peak_rss_kb;
    response.note = ran.note;
    response.proof = ran.proof;
    match ran.ending {
        external::Ending::Solved(g) => response.solution = Some(g.cells().to_vec()),
        external::Ending::Wrong(g) => {
            response.solution = Some(g.cells().to_vec());
            response.unverified = true;
        }
        _ => {}
    }
    response
}

/// Runs one request (everything but the memory measurement).
fn answer(solver: &mut dyn Solver, request: &Request) -> Response {
    let mut response = Response { job: request.job, ..Response::default() };
    let puzzle = match puzzle_of(request) {
        Ok(g) => g,
        Err(e) => {
            response.outcome = RunOutcome::Error;
            response.note = format!("bad puzzle in request: {e}");
            return response;
        }
    };
    let limits =
        Limits { time: request.time_limit.map(Duration::from_secs_f64), max_solutions: request.max_solutions.max(1) };
    match solve(solver, &puzzle, &limits) {
        Ok(report) => {
            response.stats = report.stats;
            response.outcome = match report.outcome {
                Outcome::Solved(_) => RunOutcome::Solved,
                Outcome::Infeasible => RunOutcome::Infeasible,
                Outcome::LimitReached => RunOutcome::Limit,
            };
            response.solution = match report.outcome {
                Outcome::Solved(g) => Some(g.cells().to_vec()),
                _ => None,
            };
            response.note = report.note.unwrap_or_default();
        }
        Err(e) => {
            response.outcome = RunOutcome::Error;
            response.unverified = matches!(e, SolveError::Unverified { .. });
            response.note = e.to_string();
        }
    }
    response
}

/// The test hooks of the module doc: hang and bloat never return; lie returns its false answer.
fn test_hooks(request: &Request) -> Option<Response> {
    if let Some(ms) = std::env::var(DELAY_ENV).ok().and_then(|v| v.parse().ok()) {
        std::thread::sleep(Duration::from_millis(ms));
    }
    let Task::Solver(kind) = request.task else { return None };
    let fires = |var: &str| std::env::var(var).is_ok_and(|v| v == kind.name());
    if fires(BLOAT_ENV) {
        let mut hoard: Vec<Vec<u8>> = Vec::new();
        loop {
            hoard.push(vec![1u8; 16 << 20]);
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    if fires(HANG_ENV) {
        loop {
            std::thread::sleep(Duration::from_secs(3600));
        }
    }
    fires(LIE_ENV).then(|| Response { job: request.job, outcome: RunOutcome::Infeasible, ..Response::default() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_fields_parse() {
        let status = "Name:\tsudoku-lab\nVmHWM:\t   10240 kB\nVmRSS:\t    8192 kB\n";
        assert_eq!(status_kb(status, "VmHWM"), Some(10240));
        assert_eq!(status_kb(status, "VmRSS"), Some(8192));
        assert_eq!(status_kb(status, "VmSwap"), None);
    }

    #[test]
    fn a_request_is_answered() {
        let puzzle = "1.3..4.22.4..3.1".chars().map(|c| c.to_digit(10).unwrap_or(0) as u8).collect();
        let request = Request {
            job: 9,
            task: Task::Solver(SolverKind::Backtrack),
            box_rows: 2,
            box_cols: 2,
            cells: puzzle,
            time_limit: Some(1.0),
            max_solutions: 1,
            options: SolverOptions::default(),
        };
        let r = answer(SolverKind::Backtrack.build(&SolverOptions::default()).as_mut(), &request);
        assert_eq!((r.job, r.outcome), (9, RunOutcome::Solved));
        assert_eq!(r.solution.map(|s| s.len()), Some(16));
    }
}
