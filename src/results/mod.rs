//! Reading a results directory (`runs.csv`, optional `meta.json`) and summarising its runs.
//!
//! Shared by the report ([`crate::report`]) and the figures ([`crate::plot`]) so both censor the
//! same way: a run that hit the time limit or ran out of memory could not finish, so its time
//! counts as the time limit (a lower bound on its true cost) instead of being dropped, which would
//! flatter the slow solvers. `error` runs measure nothing and are left out of the times, but
//! counted in the outcome shares.
//!
//! Layering: `cli` → `plot`, `report` → `results` → `experiment::record`. Nothing here knows about
//! tables or figures, and neither of those imports the other's internals. Here: the loader and
//! instance verdicts; in [`summary`] a group of runs and its search effort, in [`sweep`] one
//! solver's sweep over α and where it peaks, in [`solvers`] the display order and the paradigms,
//! in [`stats`] the statistics (quantiles and fits; bootstrap intervals, Wilson intervals,
//! paired tests with Holm's adjustment, growth laws and peaks with their uncertainty), in [`score`] the median and PAR-2 of a group of
//! runs on any measure of time, in [`numbers`] how numbers are written, in [`view`] the
//! groups the tables and figures see (sets, and modes with their family and hole pattern).

mod judge;
mod numbers;
mod root;
mod score;
mod solvers;
pub(crate) mod stats;
mod summary;
mod sweep;
mod uncertainty;
pub(crate) use uncertainty::{
    cell_scope, GrowthLaw, HardnessPeak, Place, SeedLuck, Speed, Uncertainty, ALL_SCOPE, MIN_PEAK_EFFORT, SIGNIFICANCE,
    VIRTUAL_BEST,
};
mod view;

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::path::Path;

use crate::experiment::folder::read_runs_by_name;
use crate::experiment::record::RunRow;

use crate::puzzle::certify::RunCertificate;
pub(crate) use judge::{judge, judge_answer, judge_claim, puzzle_key, Answer, Claim, Evidence, Judged};
pub(crate) use numbers::{fmt_count, fmt_num, fmt_round_seconds, fmt_seconds, fmt_seconds_range};
pub(crate) use root::{RootCell, RootClass};
pub(crate) use score::{Score, PAR_FACTOR};
pub(crate) use solvers::{base_solver, paradigm, solver_order, Paradigm, ENCODING_PAIRS, KNOWN_SOLVERS};
pub(crate) use summary::{Effort, Summary};
pub(crate) use sweep::{argmax, sweep_effort, PeakAt, Statistic, SweepEffort, MIN_PEAK_ALPHAS};
use view::view_sets;
pub(crate) use view::{Group, HOLES_EXPONENT, PUBLISHED_PEAK_CONSTANT, QCP_MODE, QWH_MODE};

/// The runs file inside a results directory.
pub(crate) const RUNS_FILE: &str = "runs.csv";
/// The resolved-configuration file beside it.
pub(crate) const META_FILE: &str = "meta.json";

/// What a run said of itself (the `outcome` column). Private to the judgement: every consumer
/// asks [`Results::judged`] instead.
type Outcome = crate::experiment::record::RunOutcome;

/// A fill fraction α held as an integer number of 1/10 000 so it can key a map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Alpha(i64);

impl Alpha {
    /// Rounds `alpha` to four decimals.
    pub fn new(alpha: f64) -> Self {
        Alpha((alpha * 10_000.0).round() as i64)
    }

    /// The value as a fraction.
    pub fn value(self) -> f64 {
        self.0 as f64 / 10_000.0
    }
}

impl fmt::Display for Alpha {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{:.4}", self.value());
        let text = text.trim_end_matches('0');
        f.write_str(text.strip_suffix('.').unwrap_or(text))
    }
}

/// One instance: the columns two runs must share to have been run on the same puzzle.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct InstanceKey {
    /// The instance set (empty for generated instances).
    pub set: String,
    /// The puzzle's id in its set (empty for generated instances).
    pub instance: String,
    /// What the tables group it by ([`Group`]).
    pub mode: Group,
    pub holes: crate::generate::Holes,
    pub n: usize,
    pub shape: (usize, usize),
    pub alpha: Alpha,
    pub difficulty: String,
    pub experiment: String,
    pub rep: u32,
    pub seed: u64,
}

impl InstanceKey {
    /// The instance `row` was run on.
    pub fn of(row: &RunRow) -> Self {
        InstanceKey {
            set: row.set.clone(),
            instance: row.instance.clone(),
            mode: Group::of(row),
            holes: row.holes,
            n: row.n,
            shape: (row.box_rows, row.box_cols),
            alpha: Alpha::new(row.alpha),
            difficulty: row.difficulty.clone(),
            experiment: row.experiment.clone(),
            rep: row.rep,
            seed: row.seed,
        }
    }
}

/// What the solvers together found out about one instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Some solver returned a solution the judgement accepts ([`Judged::Solved`]).
    Solvable,
    /// Some solver proved it infeasible, uncontradicted ([`Judged::Infeasible`]).
    Infeasible,
    /// No solver finished.
    Unresolved,
}

/// How the "infeasible" answers of a results folder are backed ([`Results::certification`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Certification {
    /// "Infeasible" answers.
    pub claims: usize,
    /// ... whose proof (their own or their puzzle's) the checker accepted.
    pub checked: usize,
    /// ... whose proof was rejected, or whose puzzle certification showed solvable.
    pub failed: usize,
    /// ... on a puzzle with a verified solution, or one by construction: wrong without a proof.
    pub refuted: usize,
    /// ... made with certification on but no checked proof within its limits.
    pub unproven: usize,
    /// ... made with certification off, or before it existed.
    pub unchecked: usize,
    /// The checkers `meta.json` records (the run's, and each merged shard's), each once: the
    /// program and the version it gave. Empty when it records none.
    pub checkers: Vec<crate::certificates::Checker>,
}

/// Which seconds of a run its time counts: set-up and search together, or the search alone.
///
/// Set-up is `build_seconds` (the ILP model, the SAT encoding, the DLX matrix, propagation before
/// a solve); the time limit covers both, so the total is what a caller waits for and the fair
/// comparison between paradigms. The search alone is kept as a second view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Clock {
    /// `seconds + build_seconds`.
    #[default]
    Total,
    /// `seconds` alone.
    Search,
}

impl Clock {
    /// The seconds of `row` on this clock (a missing `build_seconds` counts as no set-up).
    pub fn seconds(self, row: &RunRow) -> f64 {
        match self {
            Clock::Total => row.seconds + row.build_seconds.unwrap_or(0.0),
            Clock::Search => row.seconds,
        }
    }
}

/// The runs of one results directory and what its `meta.json` says.
#[derive(Debug, Clone)]
pub(crate) struct Results {
    /// Every row of `runs.csv`, in file order.
    pub rows: Vec<RunRow>,
    /// `meta.json`, when present and valid JSON.
    pub meta: Option<serde_json::Value>,
    /// Why a `meta.json` that exists was left out (unreadable or corrupt), if it was.
    pub meta_problem: Option<String>,
    /// What is said of a `meta.json` whose config was edited after the run wrote it (it no longer
    /// matches its `config_digest`): it is read all the same, its time limit included, and said.
    pub meta_edited: Option<String>,
    /// The time limit, seconds: `time_limit` from `meta.json`, else the longest limit/memory run.
    pub time_limit: Option<f64>,
    /// Which seconds every time statistic counts ([`Clock::Total`] unless asked otherwise).
    pub clock: Clock,
    /// What the runs of each puzzle establish about it ([`puzzle_key`]), for [`Results::judged`].
    evidence: BTreeMap<InstanceKey, Evidence>,
    /// The judgement of each of `rows`, in order: computed once, asked for many times.
    judgements: Vec<Judged>,
    /// The instance sets (as modes) whose puzzles span many fill levels, binned ([`view_sets`]):
    /// their fill is a sweep, as a generated grid's α is. Other sets' fills are only where their
    /// puzzles happen to be, and no hardness peak is read from them.
    pub swept_sets: std::collections::BTreeSet<String>,
}

impl Results {
    /// Reads `dir/runs.csv` and, if present, `dir/meta.json`.
    /// Fails on a file without runs, and on a row that fails the check every reader of `runs.csv`
    /// applies ([`crate::experiment::validate`]: outcomes, times, shapes, one experiment — the
    /// one `meta.json` names —, no run twice), naming its line. A `meta.json` that does not parse
    /// is left out, said on stderr and kept in [`Results::meta_problem`].
    pub fn load(dir: &Path) -> anyhow::Result<Self> {
        let path = dir.join(RUNS_FILE);
        let (meta, meta_problem) = match read_meta(&dir.join(META_FILE)) {
            Ok(meta) => (meta, None),
            Err(problem) => {
                say!("warning: {problem}; the report has no Setup section and the time limit is guessed");
                (None, Some(problem))
            }
        };
        let name = meta.as_ref().and_then(|m| m.get("name")).and_then(|v| v.as_str());
        let rows = read_runs_by_name(&path, name)?;
        anyhow::ensure!(
            !rows.is_empty(),
            "{}: no runs, only a header: nothing to plot or report yet (run the experiment, or --resume it)",
            path.display()
        );
        let time_limit = meta.as_ref().and_then(meta_time_limit).or_else(|| longest_unfinished(&rows));
        let meta_edited = meta.as_ref().and_then(edited_meta);
        if let Some(words) = &meta_edited {
            say!("warning: {}/{words}; read as it now is", dir.display());
        }
        Ok(Results { meta_edited, ..Results::new(rows, meta, meta_problem, time_limit) })
    }

    /// Results of `rows` on [`Clock::Total`], each run judged against the other runs of its instance.
    /// The fills of a set whose puzzles span many of them are binned ([`view_sets`]).
    pub fn new(
        mut rows: Vec<RunRow>,
        meta: Option<serde_json::Value>,
        meta_problem: Option<String>,
        time_limit: Option<f64>,
    ) -> Self {
        let swept_sets = view_sets(&mut rows, meta.as_ref());
        let mut runs: BTreeMap<InstanceKey, Vec<&RunRow>> = BTreeMap::new();
        for row in &rows {
            runs.entry(puzzle_key(row)).or_default().push(row);
        }
        let evidence: BTreeMap<InstanceKey, Evidence> =
            runs.into_iter().map(|(key, runs)| (key, Evidence::of(&runs))).collect();
        let judgements = rows.iter().map(|r| judge(r, evidence[&puzzle_key(r)])).collect();
        Results {
            rows,
            meta,
            meta_problem,
            meta_edited: None,
            time_limit,
            clock: Clock::Total,
            evidence,
            judgements,
            swept_sets,
        }
    }

    /// The one judgement of `row` ([`judge`]), against everything known about its instance: the
    /// judgement made at load for a row of [`Results::rows`], else made now.
    pub fn judged(&self, row: &RunRow) -> Judged {
        if let Some(i) = self.index_of(row) {
            return self.judgements[i];
        }
        let evidence = self.evidence.get(&puzzle_key(row)).copied().unwrap_or_else(|| Evidence::of(&[row]));
        judge(row, evidence)
    }

    /// The place of `row` in [`Results::rows`] when it is one of them (by address, not by value).
    fn index_of(&self, row: &RunRow) -> Option<usize> {
        let offset = (row as *const RunRow as usize).checked_sub(self.rows.as_ptr() as usize)?;
        let i = offset / std::mem::size_of::<RunRow>().max(1);
        self.rows.get(i).filter(|r| std::ptr::eq(*r, row)).map(|_| i)
    }

    /// The verdict over `runs` (the runs of one instance), from their judgements.
    pub fn verdict(&self, runs: &[&RunRow]) -> Verdict {
        let judged: Vec<Judged> = runs.iter().map(|r| self.judged(r)).collect();
        if judged.contains(&Judged::Solved) {
            Verdict::Solvable
        } else if judged.contains(&Judged::Infeasible) {
            Verdict::Infeasible
        } else {
            Verdict::Unresolved
        }
    }

    /// How the "infeasible" answers of these runs are backed by proofs; `None` without one.
    pub fn certification(&self) -> Option<Certification> {
        let claims: Vec<&RunRow> = self.rows.iter().filter(|r| r.outcome == Outcome::Infeasible).collect();
        if claims.is_empty() {
            return None;
        }
        let count = |f: &dyn Fn(&RunRow) -> bool| claims.iter().filter(|r| f(r)).count();
        // A verified solution beats every certificate but `failed` (which already says so): a
        // `checked` beside one was checked against some other formula, and is no proof.
        let refuted = |r: &RunRow| r.certificate != Some(RunCertificate::Failed) && self.solvable(r);
        let (checked, failed, unproven, refuted) = (
            count(&|r| r.certificate == Some(RunCertificate::Checked) && !refuted(r)),
            count(&|r| r.certificate == Some(RunCertificate::Failed)),
            count(&|r| r.certificate == Some(RunCertificate::Unproven) && !refuted(r)),
            count(&refuted),
        );
        let mut checkers: Vec<crate::certificates::Checker> = Vec::new();
        let metas = self.meta.iter().chain(
            self.meta
                .iter()
                .flat_map(|m| m.get("merged_from").and_then(serde_json::Value::as_array).into_iter().flatten()),
        );
        for checker in metas.filter_map(|m| serde_json::from_value(m.get("checker")?.clone()).ok()) {
            if !checkers.contains(&checker) {
                checkers.push(checker);
            }
        }
        Some(Certification {
            claims: claims.len(),
            checked,
            failed,
            refuted,
            unproven,
            unchecked: claims.len() - checked - failed - refuted - unproven,
            checkers,
        })
    }

    /// `true` when `row`'s verdict had its proof rejected, or its puzzle shown solvable by
    /// certification (`certificate = failed`).
    pub fn proof_failed(&self, row: &RunRow) -> bool {
        row.certificate == Some(RunCertificate::Failed)
    }

    /// `true` when the puzzle of `row` has a solution: one a run returned and the oracle accepted,
    /// or one by construction.
    pub fn solvable(&self, row: &RunRow) -> bool {
        self.evidence.get(&puzzle_key(row)).is_some_and(|e| e.solvable())
    }

    /// The rows that gave a wrong answer ([`Judged::Wrong`]), in file order.
    pub fn wrong(&self) -> impl Iterator<Item = &RunRow> {
        self.rows.iter().filter(|r| self.judged(r) == Judged::Wrong)
    }

    /// The runs of `solvers` alone, each judged as among all the runs (what the others proved of
    /// a puzzle still counts), for a figure of chosen solvers.
    pub fn with_solvers(&self, solvers: &[String]) -> Results {
        let (rows, judgements) = self
            .rows
            .iter()
            .zip(&self.judgements)
            .filter(|(row, _)| solvers.contains(&row.solver))
            .map(|(row, judged)| (row.clone(), *judged))
            .unzip();
        Results { rows, judgements, ..self.clone() }
    }

    /// The same runs timed on `clock`.
    pub fn with_clock(&self, clock: Clock) -> Results {
        Results { clock, ..self.clone() }
    }

    /// The experiment's name: `meta.json`'s `name`, else the first row's `experiment`.
    pub fn name(&self) -> String {
        let from_meta = self.meta.as_ref().and_then(|m| m.get("name")).and_then(|v| v.as_str());
        from_meta.map(str::to_owned).or_else(|| self.rows.first().map(|r| r.experiment.clone())).unwrap_or_default()
    }

    /// The seconds `row` counts for on [`Results::clock`]: its own when it finished, the time limit
    /// when it was stopped or its answer was wrong, `None` for an `error` run.
    pub fn censored_seconds(&self, row: &RunRow) -> Option<f64> {
        match self.judged(row) {
            Judged::Solved | Judged::Infeasible => Some(self.clock.seconds(row)),
            Judged::Limit | Judged::Unproven | Judged::Memory | Judged::Wrong => {
                Some(self.time_limit.unwrap_or(self.clock.seconds(row)))
            }
            Judged::Error => None,
        }
    }

    /// The seconds of `row` on [`Results::clock`] when it finished ([`Judged::finished`]), else `None`.
    pub fn finished_seconds(&self, row: &RunRow) -> Option<f64> {
        self.judged(row).finished().then(|| self.clock.seconds(row))
    }

    /// `true` when a statistic of censored seconds sits at the time limit (so it is only a lower bound).
    pub fn is_censored(&self, seconds: f64) -> bool {
        self.time_limit.is_some_and(|limit| seconds >= limit * (1.0 - 1e-9))
    }

    /// Summaries of the rows grouped by `key` (rows for which it gives `None` are skipped).
    pub fn summarize<K: Ord>(&self, key: impl Fn(&RunRow) -> Option<K>) -> BTreeMap<K, Summary> {
        let mut groups: BTreeMap<K, Summary> = BTreeMap::new();
        for row in &self.rows {
            let Some(k) = key(row) else { continue };
            let s = groups.entry(k).or_default();
            s.runs += 1;
            match self.judged(row) {
                Judged::Solved => s.solved += 1,
                Judged::Infeasible => s.infeasible += 1,
                Judged::Wrong => s.wrong += 1,
                // An uncertified "infeasible" stopped at the certification's limits.
                Judged::Limit | Judged::Unproven => s.limit += 1,
                Judged::Memory => s.memory += 1,
                Judged::Error => s.error += 1,
            }
            s.seconds.extend(self.censored_seconds(row));
            if paradigm(&row.solver) == Some(Paradigm::Portfolio) {
                continue; // its counters are the winning member's, not an effort of its own
            }
            s.guesses.extend(row.guesses.map(|g| g as f64));
            s.backtracks.extend(row.backtracks.map(|g| g as f64));
            s.nodes.extend(row.nodes.map(|g| g as f64));
            s.conflicts.extend(row.conflicts.map(|g| g as f64));
        }
        groups
    }

    /// The [`Score`] of the rows grouped by `key` (rows for which it gives `None` are skipped), each
    /// run's time given by `time`, against the time limit.
    pub fn score_by<K: Ord>(
        &self,
        key: impl Fn(&RunRow) -> Option<K>,
        time: impl Fn(&RunRow) -> f64,
    ) -> BTreeMap<K, Score> {
        let mut groups: BTreeMap<K, Vec<&RunRow>> = BTreeMap::new();
        for row in &self.rows {
            if let Some(k) = key(row) {
                groups.entry(k).or_default().push(row);
            }
        }
        groups
            .into_iter()
            .map(|(k, rows)| (k, Score::of(rows.into_iter().map(|r| (r, self.judged(r))), self.time_limit, &time)))
            .collect()
    }

    /// Every solver with its score over all its runs on the results' clock, lowest PAR-2 first
    /// (solvers without a PAR-2 last; ties in display order).
    pub fn by_par2(&self) -> Vec<(String, Score)> {
        let clock = self.clock;
        let mut scores: Vec<((usize, String), Score)> =
            self.score_by(|r| Some(solver_order(&r.solver)), |r| clock.seconds(r)).into_iter().collect();
        scores.sort_by(|(a, x), (b, y)| {
            let key = |s: &Score| s.par2.unwrap_or(f64::INFINITY);
            key(x).total_cmp(&key(y)).then(a.cmp(b))
        });
        scores.into_iter().map(|((_, name), s)| (name, s)).collect()
    }

    /// The runs of each instance.
    pub fn instances(&self) -> BTreeMap<InstanceKey, Vec<&RunRow>> {
        let mut map: BTreeMap<InstanceKey, Vec<&RunRow>> = BTreeMap::new();
        for row in &self.rows {
            map.entry(InstanceKey::of(row)).or_default().push(row);
        }
        map
    }

    /// `true` when some run was made with a solver seed (`solver_seeds` ≥ 2 in its config).
    pub fn seeded(&self) -> bool {
        self.rows.iter().any(|r| r.solver_seed.is_some())
    }

    /// Distinct solver names, in display order (see [`solver_order`]).
    pub fn solvers(&self) -> Vec<String> {
        let mut names: Vec<String> = self.rows.iter().map(|r| r.solver.clone()).collect();
        names.sort_by_key(|s| solver_order(s));
        names.dedup();
        names
    }

    /// Distinct groups ([`Group`]: sets, and generated modes with their family and hole pattern),
    /// sorted by name.
    pub fn modes(&self) -> Vec<Group> {
        let mut modes: Vec<Group> = self.rows.iter().map(Group::of).collect();
        modes.sort();
        modes.dedup();
        modes
    }
}

impl Results {
    /// `true` when `mode` sweeps a fill axis a hardness peak can be read from: a generated mode
    /// with α levels, or an instance set whose fills were binned ([`Results::swept_sets`]).
    pub fn sweeps_fill(&self, mode: &Group) -> bool {
        match mode {
            Group::Set(name) => self.swept_sets.contains(name),
            generated => !generated.is_unique(),
        }
    }
}

/// Sort key giving the display order of `unique` difficulties: none, easy, medium, hard, expert,
/// then anything else alphabetically.
pub(crate) fn difficulty_order(name: &str) -> (usize, String) {
    let known = ["", "easy", "medium", "hard", "expert"];
    (known.iter().position(|d| *d == name).unwrap_or(known.len()), name.to_owned())
}

/// `meta.json` as JSON: `None` when missing (it is a courtesy, not the contract: without it the
/// report has no Setup section and the time limit is the longest stopped run); what is wrong with
/// it when it exists but cannot be read or parsed, so its absence is never silent.
fn read_meta(path: &Path) -> Result<Option<serde_json::Value>, String> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: cannot be read ({e})", path.display())),
    };
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(meta) if meta.is_object() => Ok(Some(meta)),
        Ok(_) => Err(format!("{}: is no JSON object", path.display())),
        Err(e) => Err(format!("{}: is corrupt ({e})", path.display())),
    }
}

/// `time_limit` (or `time_limit_seconds`), at the top level or under `config`, as a number or a
/// numeric string such as `"60"` or `"60s"`.
fn meta_time_limit(meta: &serde_json::Value) -> Option<f64> {
    let scopes = [Some(meta), meta.get("config")];
    let value = scopes
        .into_iter()
        .flatten()
        .flat_map(|scope| ["time_limit", "time_limit_seconds"].map(|k| scope.get(k)))
        .flatten()
        .next()?;
    let seconds = match value {
        serde_json::Value::Number(n) => n.as_f64(),
        serde_json::Value::String(s) => s.trim().trim_end_matches('s').trim().parse().ok(),
        _ => None,
    }?;
    (seconds > 0.0).then_some(seconds)
}

/// The words for a sudoku-lab `meta.json` whose config no longer matches the `config_digest` the
/// run wrote beside it ([`crate::experiment::meta::Meta::config_intact`]); `None` for one that
/// matches, or has no digest (older folders, other tools' files).
fn edited_meta(meta: &serde_json::Value) -> Option<String> {
    meta.get("config_digest")?;
    match serde_json::from_value::<crate::experiment::meta::Meta>(meta.clone()) {
        Ok(mut m) => {
            m.restore_as_written();
            (!m.config_intact()).then(|| crate::experiment::meta::edited_words(&m.config))
        }
        Err(e) => Some(format!(
            "meta.json was edited after the run wrote it: its config_digest stands beside a config that no longer \
             reads as one ({e})"
        )),
    }
}

/// The longest time any stopped (limit/memory) run took: the limit when `meta.json` is missing.
fn longest_unfinished(rows: &[RunRow]) -> Option<f64> {
    rows.iter()
        .filter(|r| matches!(r.outcome, Outcome::Limit | Outcome::Memory))
        .map(|r| r.seconds)
        .filter(|s| s.is_finite())
        .max_by(f64::total_cmp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alpha_keys_round_and_print_short() {
        assert_eq!(Alpha::new(0.1 + 0.2), Alpha::new(0.3));
        assert_eq!(Alpha::new(0.4).to_string(), "0.4");
        assert_eq!(Alpha::new(0.35).to_string(), "0.35");
        assert_eq!(Alpha::new(0.0).to_string(), "0");
        assert_eq!(Alpha::new(1.0).to_string(), "1");
    }

    #[test]
    fn total_time_adds_the_set_up_and_stopped_runs_still_count_as_the_limit() {
        let row = |outcome: &str, seconds: f64, build: Option<f64>| RunRow {
            outcome: crate::experiment::record::RunOutcome::parse(outcome).expect("an outcome's word"),
            seconds,
            build_seconds: build,
            ..crate::experiment::record::tests::row()
        };
        let results = Results::new(
            vec![row("solved", 0.25, Some(0.5)), row("solved", 0.25, None), row("limit", 4.0, Some(0.1))],
            None,
            None,
            Some(5.0),
        );
        let seconds = |r: &Results| r.rows.iter().map(|row| r.censored_seconds(row)).collect::<Vec<_>>();
        assert_eq!(seconds(&results), [Some(0.75), Some(0.25), Some(5.0)]);
        assert_eq!(seconds(&results.with_clock(Clock::Search)), [Some(0.25), Some(0.25), Some(5.0)]);
    }

    #[test]
    fn a_portfolio_is_summarised_on_time_alone() {
        // Its counters are the winner's: dead ends on one instance, conflicts on another.
        let base = crate::experiment::record::tests::row();
        let portfolio =
            |backtracks, conflicts| RunRow { solver: "portfolio".into(), backtracks, conflicts, ..base.clone() };
        let results = Results::new(
            vec![portfolio(Some(40), None), portfolio(None, Some(900)), RunRow { backtracks: Some(3), ..base.clone() }],
            None,
            None,
            Some(5.0),
        );
        let cells = results.summarize(|r| Some(r.solver.clone()));
        let p = &cells["portfolio"];
        assert_eq!((p.runs, p.seconds.len()), (2, 2));
        assert_eq!(p.effort(), None);
        assert_eq!(cells["backtrack"].effort(), Some((Effort::DeadEnds, 3.0)));
    }

    #[test]
    fn a_sets_puzzle_shares_its_evidence_across_repeats() {
        // A liar's "infeasible" in repeats 0-1 of a puzzle that backtrack solved in repeats 2-3.
        let run = |rep: u32, solver: &str, outcome: &str| RunRow {
            set: "s".into(),
            instance: "a.txt#1".into(),
            mode: crate::experiment::record::RunMode::Set,
            rep,
            seed: 7 + u64::from(rep),
            solver: solver.into(),
            outcome: crate::experiment::record::RunOutcome::parse(outcome).expect("an outcome's word"),
            verified: (outcome == "solved").then_some(true),
            expected: "unsolvable".into(),
            ..crate::experiment::record::tests::row()
        };
        let rows = vec![
            run(0, "liar", "infeasible"),
            run(1, "liar", "infeasible"),
            run(2, "backtrack", "solved"),
            run(3, "backtrack", "solved"),
        ];
        let results = Results::new(rows, None, None, Some(1.0));
        let judged: Vec<Judged> = results.rows.iter().map(|r| results.judged(r)).collect();
        assert_eq!(judged, [Judged::Wrong, Judged::Wrong, Judged::Solved, Judged::Solved]);
        let ranking = results.by_par2();
        assert_eq!(ranking[0].0, "backtrack");
        assert_eq!(ranking.iter().find(|(s, _)| s == "liar").unwrap().1.finished(), 0);
    }

    #[test]
    fn time_limit_is_read_leniently() {
        let v = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
        assert_eq!(meta_time_limit(&v(r#"{"time_limit": 60}"#)), Some(60.0));
        assert_eq!(meta_time_limit(&v(r#"{"time_limit": "2.5s"}"#)), Some(2.5));
        assert_eq!(meta_time_limit(&v(r#"{"config": {"time_limit_seconds": 5}}"#)), Some(5.0));
        assert_eq!(meta_time_limit(&v(r#"{"name": "x"}"#)), None);
    }
}
