//! The runner: every (instance, solver) run of a config, in worker processes, into a results folder.
//!
//! Before anything is written, the folder is checked: results from a different config (or another
//! shard) are refused unless `--force` discards them, and results of this config are continued
//! only with `--resume`, and only by a build of the revision `meta.json` names (its one
//! `git_revision` speaks for every row). Then the run's `unique` puzzles are generated; one that
//! cannot be (not found within its budget) stops the run here, with nothing written or solved.
//! The `random` and `planted` instances are generated one at a time as the job slots reach them,
//! and every instance is appended to `instances.txt` when it is reached, so memory holds only the
//! instances in flight. Resuming re-reads `runs.csv`, drops a half-written last line and the rows
//! of any instance not all of whose solvers finished, and runs exactly the missing instances — so
//! a crash or `kill -9` loses at most the instances in flight and never duplicates a row.
//!
//! Each job slot owns one worker process ([`crate::solve::process`]); a killed or dead worker is
//! replaced before its slot's next job. A job takes as many cores as its solver runs processes
//! ([`crate::solve::SolverKind::processes`]: a `portfolio` races its members at once), at most
//! `--jobs`; cores are handed out first come, first served (`Cores`), so the run never has more
//! solver processes than `--jobs` cores (unless one portfolio has more members than that). An instance's rows are appended together, in one write,
//! once all its solvers are done, because `agree` compares them, and once its "infeasible"
//! answers are certified ([`super::certify`]: a proof-producing run and the checker, on a core of
//! the run's, after the solvers and outside their times). When every instance is done,
//! `runs.csv` is rewritten in canonical order (instance id, then solver).
//!
//! Test hook: `SUDOKU_LAB_TEST_ABORT_AFTER=N` makes the runner write half of the (N+1)-th
//! instance's rows of this session and then abort, as a crash mid-write would.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc, Condvar, Mutex};

use super::certify::{Certifications, Known};
use super::config::{Config, MAX_INSTANCE_BYTES};
use super::folder::{
    check_replaceable, csv_text, io_at, read_meta, read_runs, remove_results, write_meta, write_runs, ExperimentError,
    FolderLock, RunsAppender, INSTANCES_FILE, LOGS_DIR, META_FILE, RUNS_FILE,
};
use super::instances::{held_instances, instance_block, instances_header, shard_ids, Instance, Shard, Source, Stream};
use super::meta::{now_utc, Meta};
use super::progress::{Counts, Estimator, Kind, Progress, Watch};
use super::record::{RunCertificate, RunRow};
use super::rows::{hard_limit, instance_rows, problems, RowIndex};
use super::signals::{self, StopFlag};
use super::solvers::{Runs, SolverEntry};
use crate::puzzle::certify::{Certifier, CertifyError};
use crate::solve::process::{Finish, ProofFiles, Request, RunOutcome, Task, WorkerProcess, RECYCLE_KB};
use crate::solve::SolverOptions;

/// Test hook: abort mid-write after this many instances (see the module doc).
pub const ABORT_ENV: &str = "SUDOKU_LAB_TEST_ABORT_AFTER";

/// How to run a config.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// The results folder.
    pub out: PathBuf,
    /// Worker processes (concurrent solves).
    pub jobs: usize,
    /// Run only this slice.
    pub shard: Option<Shard>,
    /// Continue the results of this config already in `out`.
    pub resume: bool,
    /// Discard whatever results `out` holds (runs, meta, instances, report, figures, logs) and start over.
    pub force: bool,
    /// The `sudoku-lab` executable to start workers from.
    pub exe: PathBuf,
    /// Set by a signal to stop the run cleanly ([`super::signals`]); `None`: never stopped.
    pub stop: Option<StopFlag>,
    /// Where to report progress instead of stderr; `None`: stderr.
    pub watch: Option<Watch>,
    /// A line said on stderr once the folder is locked and its checks passed, before anything is
    /// generated or written (`run`'s banner): a refused run announces nothing. `None`: no line.
    pub banner: Option<String>,
}

/// What a finished run found.
#[derive(Debug, Clone)]
pub struct Summary {
    /// Rows in `runs.csv`.
    pub rows: usize,
    /// Rows by outcome.
    pub counts: Counts,
    /// Disagreements and answers that failed the oracle, one line per instance.
    pub problems: Vec<String>,
}

/// One job: an instance and a run of it: solver position × solver seeds + the seed's index.
#[derive(Debug, Clone)]
struct Job {
    number: u64,
    instance: Arc<Instance>,
    solver: usize,
}

/// Where the jobs come from: the instances of the run in canonical order, generated as the job
/// slots ask for them ([`Stream`]), each written to `instances.txt` as it is reached; instances
/// whose rows are already complete (`--resume`) are written but not run.
struct Jobs<'a> {
    stream: Stream<'a>,
    done: &'a BTreeMap<usize, Vec<RunRow>>,
    solvers: usize,
    /// The instance being handed out and the next solver for it.
    current: Option<(Arc<Instance>, usize)>,
    next_number: u64,
    file: std::io::BufWriter<std::fs::File>,
    path: PathBuf,
    /// The first failure (writing `instances.txt`, or generation); no job is handed out after it.
    failed: Option<ExperimentError>,
    /// Set when writing results failed: no job is handed out any more.
    halted: bool,
    /// Instances kept from before whose "infeasible" rows are `unproven`, to certify again
    /// (with certification on).
    uncertified: Vec<Arc<Instance>>,
}

impl<'a> Jobs<'a> {
    /// The jobs of the instances of `stream`, none for those in `done` but their writing to
    /// `instances.txt` (`file`, begun at `path`); each instance gets a job per solver.
    fn new(
        stream: Stream<'a>,
        done: &'a BTreeMap<usize, Vec<RunRow>>,
        solvers: usize,
        (file, path): (std::fs::File, PathBuf),
    ) -> Jobs<'a> {
        Jobs {
            stream,
            done,
            solvers,
            current: None,
            next_number: 0,
            file: std::io::BufWriter::new(file),
            path,
            failed: None,
            halted: false,
            uncertified: Vec::new(),
        }
    }

    /// The next job, or `None` when every instance has been handed out or something failed.
    fn next(&mut self) -> Option<Job> {
        use std::io::Write as _;
        if self.failed.is_some() || self.halted {
            return None;
        }
        loop {
            if let Some((instance, solver)) = &mut self.current {
                if *solver < self.solvers {
                    let job = Job { number: self.next_number, instance: Arc::clone(instance), solver: *solver };
                    (*solver, self.next_number) = (*solver + 1, self.next_number + 1);
                    return Some(job);
                }
            }
            self.current = None;
            let instance = match self.stream.next() {
                None => {
                    if let Err(e) = self.file.flush() {
                        self.failed = Some(io_at(&self.path)(e));
                    }
                    return None;
                }
                Some(Err(e)) => {
                    self.failed = Some(e.into());
                    return None;
                }
                Some(Ok(instance)) => instance,
            };
            if let Err(e) = self
                .file
                .write_all(instance_block(self.stream.config(), &instance).as_bytes())
                .and_then(|_| self.file.flush())
            {
                self.failed = Some(io_at(&self.path)(e));
                return None;
            }
            match self.done.get(&instance.id) {
                None => self.current = Some((Arc::new(instance), 0)),
                Some(rows)
                    if self.stream.config().certify
                        && rows.iter().any(|r| {
                            r.outcome == RunOutcome::Infeasible && r.certificate == Some(RunCertificate::Unproven)
                        }) =>
                {
                    self.uncertified.push(Arc::new(instance));
                }
                Some(_) => {}
            }
        }
    }
}

/// Runs `config` as `options` say (see the module doc).
pub fn run(config: &Config, options: &RunOptions) -> Result<Summary, ExperimentError> {
    let folder = options.out.as_path();
    let mut prepared = prepare(config, options)?;
    // Checks passed: from here on the folder is written.
    std::fs::create_dir_all(folder).map_err(io_at(folder))?;
    let lock = match prepared.lock.take() {
        Some(lock) => lock,
        None => FolderLock::take(folder)?,
    };
    // Dropped before the lock, however the run ends: finished, interrupted or failed.
    let _tidy = Tidy(folder);
    let mut meta = prepared.begin(folder, config, options)?;
    let instances = begin_instances(folder, config, options.shard)?;
    let Prepared { index, certifier, held, count, complete, kept, .. } = prepared;
    let appender = RunsAppender::open(&folder.join(RUNS_FILE))?;
    let progress = start_progress(config, options, &complete, count, !kept.is_empty());
    let jobs = Jobs::new(Stream::new(config, options.shard, held), &complete, config.runs_per_instance(), instances);
    let mut recorder = Recorder::new(config, options, appender, progress, kept, certifier);
    let jobs =
        run_jobs(config, options, jobs, |job, finish, seconds, cores| recorder.job_done(job, finish, seconds, cores))?;
    if let Some(failed) = jobs.failed {
        return Err(failed);
    }
    recorder.recertify(&jobs.uncertified, &index, options.stop.as_ref())?;
    let Recorder { mut rows, progress, written, .. } = recorder;
    progress.finish();
    if let Some(number) = options.stop.as_ref().and_then(signals::received) {
        return Err(ExperimentError::Interrupted {
            signal: signals::name(number),
            number,
            folder: folder.to_path_buf(),
            done: complete.len() + written,
            total: count,
        });
    }

    index.sort(&mut rows);
    write_runs(&folder.join(RUNS_FILE), &rows)?;
    meta.finished = Some(now_utc());
    write_meta(folder, &meta)?;
    drop(_tidy);
    drop(lock);
    Ok(Summary { rows: rows.len(), counts: progress.counts(), problems: problems(&rows) })
}

/// What a run finds and makes before it writes anything (see [`prepare`]).
struct Prepared {
    /// The folder's lock, when the folder existed before the run.
    lock: Option<FolderLock>,
    /// The folder's `meta.json`, when the run continues its runs.
    prior: Option<Meta>,
    /// Where every row of the config belongs.
    index: RowIndex,
    /// The rows of `runs.csv` as read (none with `--force`).
    old_rows: Vec<RunRow>,
    /// Whether the last line of `runs.csv` was half-written.
    torn: bool,
    /// The certifier, when the config certifies.
    certifier: Option<Certifier>,
    /// The `unique` instances, generated before anything is written.
    held: BTreeMap<usize, Instance>,
    /// The instances of the run (of its shard).
    count: usize,
    /// The rows of the instances complete before the run, by instance id.
    complete: BTreeMap<usize, Vec<RunRow>>,
    /// The same rows, the ones the run keeps.
    kept: Vec<RunRow>,
}

/// Everything before the first write (see the module doc): the folder locked and its refusals,
/// the memory of the `unique` puzzles, the proof checker; then the banner, the `unique` puzzles
/// generated, and the instances already complete.
fn prepare(config: &Config, options: &RunOptions) -> Result<Prepared, ExperimentError> {
    let folder = options.out.as_path();
    // One run per folder at a time: an existing folder is locked before it is read; a new one as
    // soon as it is created (of two runs racing to create it, the second is refused there).
    let lock = if folder.is_dir() { Some(FolderLock::take(folder)?) } else { None };
    let prior = check_folder(folder, config, options)?;
    let index = RowIndex::new(config);
    let (old_rows, torn) = if options.force { (Vec::new(), false) } else { read_runs(&folder.join(RUNS_FILE))? };
    check_held_bytes(folder, config, options.shard)?;
    let certifier = match config.certify {
        true => {
            let checker = crate::certificates::Checker::find().ok_or(ExperimentError::NoChecker)?;
            Some(Certifier::new(checker, std::time::Duration::from_secs_f64(config.time_limit)))
        }
        false => None,
    };
    if let Some(banner) = &options.banner {
        say!("{banner}");
    }
    let started = std::time::Instant::now();
    let held = held_instances(config, options.shard)?;
    if started.elapsed().as_secs_f64() >= 1.0 {
        say!("generated {} unique puzzles in {:.1} s", held.len(), started.elapsed().as_secs_f64());
    }
    let count = shard_ids(config, options.shard).len();

    let complete = completed(folder, &index, options.shard, &old_rows)?;
    let kept: Vec<RunRow> = complete.values().flatten().cloned().collect();
    Ok(Prepared { lock, prior, index, old_rows, torn, certifier, held, count, complete, kept })
}

/// Refuses a run whose `unique` puzzles, generated before the first run, would hold more than
/// [`MAX_INSTANCE_BYTES`] in memory.
fn check_held_bytes(folder: &Path, config: &Config, shard: Option<Shard>) -> Result<(), ExperimentError> {
    let bytes = config.held_bytes(shard.map_or(1, |s| s.count));
    if bytes > MAX_INSTANCE_BYTES {
        let reason = format!(
            "its unique puzzles, generated before the first run, would hold {} MiB in memory{}, more than {} MiB: \
             run it in shards (--shard I/K with K ≥ {}) or lower repeats",
            bytes >> 20,
            shard.map(|s| format!(" in shard {s}")).unwrap_or_default(),
            MAX_INSTANCE_BYTES >> 20,
            config.held_bytes(1).div_ceil(MAX_INSTANCE_BYTES)
        );
        return Err(ExperimentError::Refused { folder: folder.to_path_buf(), reason });
    }
    Ok(())
}

impl Prepared {
    /// The folder's first writes: its results removed (`--force`), `runs.csv` cut to the complete
    /// instances, and `meta.json` (a resumed run's with this session added, else a new one).
    fn begin(&mut self, folder: &Path, config: &Config, options: &RunOptions) -> Result<Meta, ExperimentError> {
        if options.force {
            remove_results(folder)?;
        }
        let runs_path = folder.join(RUNS_FILE);
        if self.torn || self.kept.len() < self.old_rows.len() {
            say!(
                "{}: kept {} complete runs, dropped {} of unfinished instances",
                runs_path.display(),
                self.kept.len(),
                self.old_rows.len() - self.kept.len()
            );
            write_runs(&runs_path, &self.kept)?;
        }
        let mut meta = match self.prior.take() {
            Some(mut m) if !self.kept.is_empty() => {
                m.resumed.push(now_utc());
                (m.jobs, m.finished) = (options.jobs, None);
                m.containment = crate::solve::process::contain::containment();
                m
            }
            _ => Meta::new(config, options.shard, self.count, options.jobs),
        };
        meta.checker = self.certifier.as_ref().map(|c| c.checker.clone());
        write_meta(folder, &meta)?;
        Ok(meta)
    }
}

/// `instances.txt` begun afresh with its header; the instances follow as they are reached
/// (see [`Jobs`]). Returns the file and its path.
fn begin_instances(
    folder: &Path,
    config: &Config,
    shard: Option<Shard>,
) -> Result<(std::fs::File, PathBuf), ExperimentError> {
    let instances_path = folder.join(INSTANCES_FILE);
    let mut file = std::fs::File::create(&instances_path).map_err(io_at(&instances_path))?;
    std::io::Write::write_all(&mut file, instances_header(config, shard).as_bytes()).map_err(io_at(&instances_path))?;
    Ok((file, instances_path))
}

/// The progress of a run of `count` instances, those in `complete` done before it (said when
/// `resuming`).
fn start_progress(
    config: &Config,
    options: &RunOptions,
    complete: &BTreeMap<usize, Vec<RunRow>>,
    count: usize,
    resuming: bool,
) -> Progress {
    let mut counts = Counts::default();
    complete.values().for_each(|rows| counts.add(rows));
    let total = (count * config.runs_per_instance()) as u64;
    let left = shard_ids(config, options.shard)
        .filter(|id| !complete.contains_key(id))
        .filter_map(|id| Some((id, Kind::of(config, id)?)));
    let estimator = Estimator::new(left, options.jobs);
    let progress = Progress::new(&config.name, total, counts, options.watch.clone(), estimator);
    let todo = count - complete.len();
    if resuming {
        progress.note(&format!("resuming: {} of {count} instances done, {todo} to run", complete.len()));
    }
    progress
}

/// What the runner keeps as jobs end: the finishes of the instances in flight, and the rows
/// written, appended as each instance completes and is certified.
struct Recorder<'a> {
    config: &'a Config,
    /// The results folder.
    folder: &'a Path,
    /// The finishes of each instance in flight, by solver.
    pending: HashMap<usize, Vec<Option<Finish>>>,
    /// Job-slot seconds spent on each instance in flight, for the ETA.
    spent: HashMap<usize, f64>,
    /// Instances written in this session.
    written: usize,
    /// Every row of the run: those kept from before, then those written.
    rows: Vec<RunRow>,
    certifications: Certifications,
    appender: RunsAppender,
    progress: Progress,
    /// The test hook's count ([`ABORT_ENV`]).
    abort_after: Option<usize>,
}

impl<'a> Recorder<'a> {
    /// A recorder that appends with `appender`, starting from the rows `kept`.
    fn new(
        config: &'a Config,
        options: &'a RunOptions,
        appender: RunsAppender,
        progress: Progress,
        kept: Vec<RunRow>,
        certifier: Option<Certifier>,
    ) -> Recorder<'a> {
        Recorder {
            config,
            folder: options.out.as_path(),
            pending: HashMap::new(),
            spent: HashMap::new(),
            written: 0,
            rows: kept,
            certifications: Certifications::new(certifier, config.time_limit, options.stop.clone()),
            appender,
            progress,
            abort_after: std::env::var(ABORT_ENV).ok().and_then(|v| v.parse().ok()),
        }
    }

    /// Takes the finish of one job, which held its slot `seconds`; once every solver of its
    /// instance is done, the instance is recorded.
    fn job_done(&mut self, job: Job, finish: Finish, seconds: f64, cores: &Cores) -> Result<(), ExperimentError> {
        let slots = self.pending.entry(job.instance.id).or_insert_with(|| vec![None; self.config.runs_per_instance()]);
        slots[job.solver] = Some(finish);
        *self.spent.entry(job.instance.id).or_default() += seconds;
        if slots.iter().any(Option::is_none) {
            return Ok(());
        }
        self.record(&job.instance, cores)
    }

    /// Turns the finishes of `instance` into rows, certifies them on one of the run's `cores`, and
    /// appends them; on a stop request during certification the instance is left out.
    fn record(&mut self, instance: &Instance, cores: &Cores) -> Result<(), ExperimentError> {
        let checking = std::time::Instant::now();
        let finishes: Vec<Finish> =
            self.pending.remove(&instance.id).unwrap_or_default().into_iter().flatten().collect();
        let proofs: Vec<Option<ProofFiles>> = finishes
            .iter()
            .map(|f| match f {
                Finish::Answered(r) => r.proof.clone(),
                _ => None,
            })
            .collect();
        let mut new = instance_rows(self.config, instance, finishes);
        // Checking and proving take a core like any solve, so the run never oversubscribes.
        cores.acquire(1);
        let certified = certify_instance(&mut self.certifications, instance, &mut new, &proofs);
        cores.release(1);
        match certified {
            Ok(()) => {}
            // The stop request: the instance is left out, for `--resume` to run again.
            Err(CertifyError::Interrupted) => return Ok(()),
            Err(e) => {
                return Err(ExperimentError::Certification { folder: self.folder.to_path_buf(), reason: e.to_string() })
            }
        }
        if self.abort_after == Some(self.written) {
            let bytes = csv_text(&new, false);
            self.appender.append_bytes(&bytes[..bytes.len() / 2])?;
            std::process::abort();
        }
        self.appender.append(&new)?;
        self.written += 1;
        let seconds = self.spent.remove(&instance.id).unwrap_or(0.0) + checking.elapsed().as_secs_f64();
        self.progress.add(instance.id, &new, seconds);
        self.rows.extend(new);
        Ok(())
    }

    /// Certifies again, in place among the rows, the kept instances whose "infeasible" rows were
    /// left unproven (a checker that was missing or overran before); a stop request ends it.
    fn recertify(
        &mut self,
        uncertified: &[Arc<Instance>],
        index: &RowIndex,
        stop: Option<&StopFlag>,
    ) -> Result<(), ExperimentError> {
        for instance in uncertified {
            if stop.and_then(signals::received).is_some() {
                break;
            }
            let mut own: Vec<RunRow> = Vec::new();
            let (id, rest): (Vec<RunRow>, Vec<RunRow>) = std::mem::take(&mut self.rows)
                .into_iter()
                .partition(|r| index.locate(r).is_ok_and(|(i, _)| i == instance.id));
            self.rows = rest;
            own.extend(id);
            for row in own
                .iter_mut()
                .filter(|r| r.outcome == RunOutcome::Infeasible && r.certificate == Some(RunCertificate::Unproven))
            {
                row.certificate = None;
            }
            let certified = certify_instance(&mut self.certifications, instance, &mut own, &[]);
            self.rows.extend(own);
            match certified {
                Ok(()) | Err(CertifyError::Interrupted) => {}
                Err(e) => {
                    return Err(ExperimentError::Certification {
                        folder: self.folder.to_path_buf(),
                        reason: e.to_string(),
                    })
                }
            }
        }
        Ok(())
    }
}

/// Certifies the "infeasible" rows of one instance: each solver's own proof (`proofs`, by row;
/// empty when there are none), then the puzzle's certificate against what is known of it.
fn certify_instance(
    certifications: &mut Certifications,
    instance: &Instance,
    rows: &mut [RunRow],
    proofs: &[Option<ProofFiles>],
) -> Result<(), CertifyError> {
    let mut result = Ok(());
    for (row, files) in rows.iter_mut().zip(proofs) {
        if let Some(files) = files {
            // Every proof file is removed, even after a failure.
            let checked = certifications.check_own(row, files);
            if result.is_ok() {
                result = checked;
            }
        }
    }
    result?;
    let from = match instance.source {
        Source::Set(_) => "its file's solution",
        Source::Generated(_) => "the solution it was generated from",
    };
    let known = instance.solution.as_ref().map_or(Known::Nothing, |s| Known::Solution(s, from));
    certifications.apply(&instance.puzzle, known, rows)
}

/// The rows of the instances all of whose solvers have exactly one row, by instance id; the rows
/// of other instances (cut short by a crash) are left out. Refuses rows from another config or
/// shard.
fn completed(
    folder: &Path,
    index: &RowIndex,
    shard: Option<Shard>,
    rows: &[RunRow],
) -> Result<BTreeMap<usize, Vec<RunRow>>, ExperimentError> {
    let mut by_id: BTreeMap<usize, Vec<Option<RunRow>>> = BTreeMap::new();
    let mut duplicated = HashSet::new();
    for row in rows {
        let (id, solver) = index.locate(row).map_err(|reason| refused(folder, format!("{RUNS_FILE}: {reason}")))?;
        if !shard.is_none_or(|s| s.contains(id)) {
            return Err(refused(folder, format!("{RUNS_FILE} holds instance {id}, which is not in this shard")));
        }
        let slots = by_id.entry(id).or_insert_with(|| vec![None; index.solver_count()]);
        if slots[solver].replace(row.clone()).is_some() {
            duplicated.insert(id);
        }
    }
    Ok(by_id
        .into_iter()
        .filter(|(id, slots)| !duplicated.contains(id) && slots.iter().all(Option::is_some))
        .map(|(id, slots)| (id, slots.into_iter().flatten().collect()))
        .collect())
}

fn refused(folder: &Path, reason: String) -> ExperimentError {
    ExperimentError::Refused { folder: folder.to_path_buf(), reason }
}

/// The refusals of the module doc; returns the folder's `meta.json` when the run continues it.
fn check_folder(folder: &Path, config: &Config, options: &RunOptions) -> Result<Option<Meta>, ExperimentError> {
    if options.force {
        check_replaceable(folder)?;
        return Ok(None);
    }
    let meta = read_meta(folder)?;
    let (rows, _) = read_runs(&folder.join(RUNS_FILE))?;
    let Some(meta) = meta else {
        // `instances.txt` is rewritten at the start of every run, and a run writes `meta.json`
        // before it: without one beside it, the file is someone else's.
        if rows.is_empty() && folder.join(INSTANCES_FILE).exists() {
            let why = format!(
                "it holds {INSTANCES_FILE}, which no run of sudoku-lab wrote (there is no {META_FILE} beside it) and a \
                 run would overwrite: choose another --out, or move the file"
            );
            return Err(refused(folder, why));
        }
        if rows.is_empty() {
            return Ok(None);
        }
        let why = format!(
            "its {RUNS_FILE} has {} rows but no {META_FILE} says which config made them; pass --force to discard them",
            rows.len()
        );
        return Err(refused(folder, why));
    };
    if meta.config.identity() != config.identity() {
        let keys = differing_keys(&meta.config, config).join(", ");
        // `run --repeats`/`--time-limit` change the config run: say which flags made the runs.
        let flags = match meta.overrides == config.overrides {
            true => String::new(),
            false => format!(
                "; its runs were made with {}, this run has {}: give the same to continue them",
                meta.overrides, config.overrides
            ),
        };
        let why = format!(
            "it holds results of experiment '{}' from a different config (differs in: {keys}{flags}); choose another --out, or pass --force to discard them",
            meta.name
        );
        return Err(refused(folder, why));
    }
    if let Some(change) = super::sets::changed_file(&config.sets, &meta.sets, &config.catalog) {
        let why = format!(
            "its runs were made on other puzzles: {change}; restore the file, or choose another --out, or pass --force to start over"
        );
        return Err(refused(folder, why));
    }
    if meta.shard != options.shard {
        let say = |s: Option<Shard>| s.map_or("the whole experiment".to_string(), |s| format!("shard {s}"));
        let why = format!("it holds {}, not {}; give each shard its own --out", say(meta.shard), say(options.shard));
        return Err(refused(folder, why));
    }
    if !rows.is_empty() && !options.resume {
        let why = format!(
            "it already holds {} runs of this config; pass --resume to continue them, or --force to start over",
            rows.len()
        );
        return Err(refused(folder, why));
    }
    let build = super::meta::git_revision();
    if !rows.is_empty() && meta.git_revision != build {
        // meta.json names one build for all of the folder's runs: a rebuilt binary would mix two.
        let why = format!(
            "its runs were made by a build of revision {}, this program is a build of {build}: one folder holds one \
             build's runs; continue with that build ({}), or pass --force to start over",
            meta.git_revision,
            if meta.executable.is_empty() { "its meta.json names no program" } else { &meta.executable }
        );
        return Err(refused(folder, why));
    }
    Ok(Some(meta))
}

/// The top-level keys in which two configs' identities differ.
pub fn differing_keys(a: &Config, b: &Config) -> Vec<String> {
    let (a, b) = (serde_json::to_value(a.identity()), serde_json::to_value(b.identity()));
    match (a, b) {
        (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) => {
            a.iter().filter(|(k, v)| b.get(*k) != Some(v)).map(|(k, _)| k.clone()).collect()
        }
        _ => vec!["(unknown)".into()],
    }
}

/// What a job runs: its registry solver, or its external solver with the instance's seed and a
/// place in `FOLDER/logs` for its output.
fn task(config: &Config, entry: &SolverEntry, seed: u64, folder: &Path, log_name: &str) -> Task {
    let definition = match (entry.kind(), config.external_named(&entry.name)) {
        (Some(kind), _) => return Task::Solver(kind),
        (None, Some(d)) => d.clone(),
        (None, None) => unreachable!("a config's external solvers are defined (checked when it is read)"),
    };
    let logs = folder.join(LOGS_DIR);
    // A folder that cannot be made costs only the logs; the solver's own run reports the rest.
    let _ = std::fs::create_dir_all(&logs);
    let job = crate::external::Job { definition, seed, logs: Some(logs), log_name: log_name.to_string() };
    Task::External(serde_json::to_value(job).expect("an external job always serializes"))
}

/// The log file of a job slot's workers.
fn log_path(folder: &Path, slot: usize) -> PathBuf {
    folder.join(format!("worker-{}.log", slot + 1))
}

/// Removes worker logs that stayed empty (nothing to read in them), and `logs/` when no external
/// solver's output was kept in it.
fn remove_empty_logs(folder: &Path) {
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        let empty = entry.metadata().is_ok_and(|m| m.len() == 0);
        if empty && name.starts_with("worker-") && name.ends_with(".log") {
            // A log we cannot remove is only clutter.
            let _ = std::fs::remove_file(entry.path());
        }
    }
    // Fails, and so keeps it, unless it is empty.
    let _ = std::fs::remove_dir(folder.join(LOGS_DIR));
}

/// Tidies a results folder when dropped ([`remove_empty_logs`]), so that every way out of a run
/// that wrote to it — finished, interrupted by a signal, failed — leaves no empty logs behind.
struct Tidy<'a>(&'a Path);

impl Drop for Tidy<'_> {
    fn drop(&mut self) {
        remove_empty_logs(self.0);
    }
}

/// Runs `jobs` on `options.jobs` worker slots, calling `on_done` (on this thread, with the seconds
/// the job held its slot — handing it out, starting a worker, waiting for cores, the solve — and
/// the run's cores for any work of its own) as each job ends. An error from `on_done` or a worker that
/// cannot start stops the queue; jobs in flight finish first.
fn run_jobs<'a>(
    config: &Config,
    options: &RunOptions,
    jobs: Jobs<'a>,
    mut on_done: impl FnMut(Job, Finish, f64, &Cores) -> Result<(), ExperimentError>,
) -> Result<Jobs<'a>, ExperimentError> {
    let slots = options.jobs.max(1);
    let queue = Mutex::new(jobs);
    let stopped = || options.stop.as_ref().and_then(signals::received).is_some();
    let next = || if stopped() { None } else { queue.lock().ok().and_then(|mut q| q.next()) };
    let shared = Slots {
        config,
        options,
        slots,
        hard: hard_limit(config.time_limit),
        memory_kb: config.memory_mb.saturating_mul(1024),
        cores: Cores::new(slots),
    };
    let (tx, rx) = mpsc::channel::<Ended>();
    std::thread::scope(|scope| {
        for slot in 0..slots {
            let (tx, next, shared) = (tx.clone(), &next, &shared);
            scope.spawn(move || shared.serve(slot, next, tx));
        }
        drop(tx);
        let mut result = Ok(());
        for (job, finish, seconds) in rx {
            if result.is_err() || matches!(finish, Ok(Finish::Stopped)) {
                continue;
            }
            result = match finish {
                Ok(finish) => on_done(job, finish, seconds, &shared.cores),
                Err(e) => Err(io_at(&options.exe)(e)),
            };
            if result.is_err() {
                if let Ok(mut q) = queue.lock() {
                    q.halted = true;
                }
            }
        }
        result
    })?;
    Ok(queue.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner()))
}

/// What a job slot sends as each job ends: the job, its finish (or why no worker could start
/// for it), and the seconds the job held the slot.
type Ended = (Job, std::io::Result<Finish>, f64);

/// What every job slot of [`run_jobs`] shares.
struct Slots<'a> {
    config: &'a Config,
    options: &'a RunOptions,
    /// The number of slots, also the run's cores.
    slots: usize,
    /// The hard limit of one job ([`hard_limit`]).
    hard: std::time::Duration,
    /// The memory cap of one job, KiB.
    memory_kb: u64,
    /// The run's cores.
    cores: Cores,
}

impl Slots<'_> {
    /// One job slot: takes jobs from `next` until there are none, each solved by the slot's
    /// worker (started again when it is dead or spent), and sends each end to `tx`.
    fn serve(&self, slot: usize, next: &impl Fn() -> Option<Job>, tx: mpsc::Sender<Ended>) {
        let options = self.options;
        let log = log_path(&options.out, slot);
        let mut worker: Option<WorkerProcess> = None;
        let mut since = std::time::Instant::now();
        while let Some(job) = next() {
            if !worker.as_mut().is_some_and(WorkerProcess::is_alive) {
                match WorkerProcess::spawn(&options.exe, &log) {
                    Ok(w) => {
                        worker = Some(match &options.stop {
                            Some(stop) => w.stop_on(Arc::clone(stop)),
                            None => w,
                        })
                    }
                    Err(e) => {
                        let _ = tx.send((job, Err(e), 0.0));
                        break;
                    }
                }
            }
            let w = worker.as_mut().expect("started just above");
            let finish = self.solve(w, &job);
            let bloated = w.resident_kb().is_some_and(|kb| kb > RECYCLE_KB);
            if bloated || !matches!(finish, Finish::Answered(_)) {
                worker = None; // spent: the next job gets a fresh worker
            }
            let held = since.elapsed().as_secs_f64();
            since = std::time::Instant::now();
            if tx.send((job, Ok(finish), held)).is_err() {
                break;
            }
        }
    }

    /// Runs `job` on `worker` once its cores are free; an external solver's output is salvaged
    /// into `logs/` when it gave no answer.
    fn solve(&self, worker: &mut WorkerProcess, job: &Job) -> Finish {
        let (config, options) = (self.config, self.options);
        let instance = &job.instance;
        let k = config.solver_seeds as usize;
        let entry = &config.solvers[job.solver / k];
        let solver_seed = config.solver_seed(instance.seed, (job.solver % k) as u32);
        let log_name = match solver_seed {
            Some(_) => format!("{}-{}-seed{}", instance.id, entry.name, job.solver % k + 1),
            None => format!("{}-{}", instance.id, entry.name),
        };
        let request = Request {
            job: job.number,
            task: task(config, entry, solver_seed.unwrap_or(instance.seed), &options.out, &log_name),
            box_rows: instance.puzzle.shape().box_rows(),
            box_cols: instance.puzzle.shape().box_cols(),
            cells: instance.puzzle.cells().to_vec(),
            time_limit: Some(config.time_limit),
            max_solutions: 1,
            options: SolverOptions { memory_mb: Some(config.memory_mb), seed: solver_seed, ..entry.options.clone() },
        };
        let weight = config.cores(entry).clamp(1, self.slots);
        self.cores.acquire(weight);
        let finish = worker.run(&request, self.hard, self.memory_kb);
        self.cores.release(weight);
        if entry.runs == Runs::External && !matches!(finish, Finish::Answered(_)) {
            crate::external::salvage(&options.out.join(LOGS_DIR), &log_name);
        }
        finish
    }
}

/// The run's cores, handed out to jobs first come, first served: a job waits until it is first in
/// line and enough cores are free, so a portfolio that needs every core is not overtaken forever
/// by single-core jobs.
struct Cores {
    /// (free cores, next ticket to hand out, ticket being served).
    state: Mutex<(usize, u64, u64)>,
    turn: Condvar,
}

impl Cores {
    fn new(cores: usize) -> Cores {
        Cores { state: Mutex::new((cores, 0, 0)), turn: Condvar::new() }
    }

    /// Waits for `n` cores and takes them.
    fn acquire(&self, n: usize) {
        let mut s = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let ticket = s.1;
        s.1 += 1;
        while !(s.2 == ticket && s.0 >= n) {
            s = self.turn.wait(s).unwrap_or_else(|p| p.into_inner());
        }
        s.0 -= n;
        s.2 += 1;
        self.turn.notify_all();
    }

    /// Gives `n` cores back.
    fn release(&self, n: usize) {
        let mut s = self.state.lock().unwrap_or_else(|p| p.into_inner());
        s.0 += n;
        self.turn.notify_all();
    }
}

#[cfg(test)]
mod cores_tests {
    use super::Cores;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn jobs_never_hold_more_cores_than_there_are_and_a_wide_job_gets_its_turn() {
        let cores = Cores::new(2);
        let held = AtomicUsize::new(0);
        let most = AtomicUsize::new(0);
        let wide_ran = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for t in 0..6 {
                let (cores, held, most, wide_ran) = (&cores, &held, &most, &wide_ran);
                s.spawn(move || {
                    for i in 0..50 {
                        let n = if (t + i) % 7 == 0 { 2 } else { 1 };
                        cores.acquire(n);
                        let now = held.fetch_add(n, Ordering::SeqCst) + n;
                        most.fetch_max(now, Ordering::SeqCst);
                        if n == 2 {
                            wide_ran.fetch_add(1, Ordering::SeqCst);
                        }
                        std::thread::yield_now();
                        held.fetch_sub(n, Ordering::SeqCst);
                        cores.release(n);
                    }
                });
            }
        });
        assert_eq!(most.load(Ordering::SeqCst), 2, "at most (and at some point exactly) 2 cores held");
        let wide = (0..6).map(|t| (0..50).filter(|i| (t + i) % 7 == 0).count()).sum::<usize>();
        assert_eq!(wide_ran.load(Ordering::SeqCst), wide, "every two-core job ran");
    }
}
