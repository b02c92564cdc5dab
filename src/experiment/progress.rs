//! Progress on stderr: an indicatif bar with ETA and running counts on a terminal, plain lines
//! (at most one every few seconds, and a last one) when stderr is a file or a pipe.
//!
//! The ETA ([`Estimator`]) is not the elapsed time scaled by the share of runs done: instances
//! come in order of size, so the first runs are the cheap ones and such a guess falls far short.
//! Each instance left is costed as the instances of its own kind that finished in this session
//! (the same box, mode and level, else the same size N); while a size has no finished instance,
//! the ETA is only a lower bound (`ETA ≥ …`, costing its instances as the largest smaller size
//! that finished), and before any instance finished there is none.

use std::collections::{BTreeMap, HashMap};
use std::io::IsTerminal;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::config::Config;
use super::instances::{source_of, Source};
use super::record::{RunCertificate, RunOutcome, RunRow};

/// How often plain progress lines are written.
const PLAIN_EVERY: Duration = Duration::from_secs(5);

/// Running counts of rows by outcome, and of instances with a disagreement.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Rows `solved`.
    pub solved: u64,
    /// Rows `infeasible`.
    pub infeasible: u64,
    /// Rows `limit`.
    pub limit: u64,
    /// Rows `memory`.
    pub memory: u64,
    /// Rows `error`.
    pub error: u64,
    /// Instances whose solvers disagree (or whose answer failed the oracle, or whose proof the
    /// checker rejected).
    pub disagreements: u64,
    /// Instances with an answer that contradicts the puzzle's expected verdict.
    pub contradictions: u64,
}

impl Counts {
    /// Adds one instance's rows.
    pub fn add(&mut self, rows: &[RunRow]) {
        for row in rows {
            match row.outcome {
                RunOutcome::Solved => self.solved += 1,
                RunOutcome::Infeasible => self.infeasible += 1,
                RunOutcome::Limit => self.limit += 1,
                RunOutcome::Memory => self.memory += 1,
                RunOutcome::Error => self.error += 1,
            }
        }
        let failed = |r: &RunRow| r.certificate == Some(RunCertificate::Failed);
        if rows.iter().any(|r| r.agree == Some(false) || r.verified == Some(false) || failed(r)) {
            self.disagreements += 1;
        }
        if rows.iter().any(RunRow::contradicts_expected) {
            self.contradictions += 1;
        }
    }

    /// Rows counted.
    pub fn rows(&self) -> u64 {
        self.solved + self.infeasible + self.limit + self.memory + self.error
    }
}

impl std::fmt::Display for Counts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "solved {}, infeasible {}, limit {}", self.solved, self.infeasible, self.limit)?;
        if self.memory > 0 {
            write!(f, ", memory {}", self.memory)?;
        }
        if self.error > 0 {
            write!(f, ", error {}", self.error)?;
        }
        write!(f, ", disagreements {}", self.disagreements)?;
        if self.contradictions > 0 {
            write!(f, ", contradicted expectations {}", self.contradictions)?;
        }
        Ok(())
    }
}

/// What an instance is expected to cost, known before it runs: its size N and its group, the
/// instances that differ from it only in their repeat (a cell of the generated grid) or in
/// their puzzle (a set's puzzles of one size).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind {
    /// Side N of the grid.
    pub n: usize,
    /// The group, as a number unique within the run.
    pub group: usize,
}

impl Kind {
    /// The kind of instance `id` of `config` (`None` past the last instance).
    pub fn of(config: &Config, id: usize) -> Option<Kind> {
        let generated = config.generated_count();
        Some(match source_of(config, id)? {
            // Canonical order keeps the repeats of a cell together: one block of `repeats` ids.
            Source::Generated(spec) => Kind { n: spec.shape.n(), group: id / (config.repeats.max(1) as usize) },
            Source::Set(r) => {
                let n = config.catalog.sets[r.set].puzzles[r.puzzle].puzzle.n();
                Kind { n, group: generated + r.set * 65 + n }
            }
        })
    }
}

/// How long a run has left, as far as it can tell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Eta {
    /// No instance has finished in this session: nothing to estimate from.
    Unknown,
    /// Nothing left to run.
    Done,
    /// About this many seconds.
    About(f64),
    /// At least this many seconds: no instance of size N (the smallest such size left) has
    /// finished yet, and larger instances cost more than any seen so far.
    AtLeast(f64, usize),
}

impl std::fmt::Display for Eta {
    /// `no ETA yet`, `ETA 2 min 5 s`, `ETA ≥ 40 s (no 36×36 instance done yet)`; empty when done.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Eta::Unknown => f.write_str("no ETA yet"),
            Eta::Done => Ok(()),
            Eta::About(s) => write!(f, "ETA {}", fmt_duration(s)),
            Eta::AtLeast(s, n) => write!(f, "ETA ≥ {} (no {n}×{n} instance done yet)", fmt_duration(s)),
        }
    }
}

/// Seconds for people, whole: `13 s`, `4 min 10 s`, `2 h 5 min`.
fn fmt_duration(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s % 3600 / 60),
    }
}

/// The ETA of a run (see the module doc): the job-slot seconds each finished instance took (its
/// solvers' jobs from hand-out to answer, and its certification), averaged per [`Kind`], summed
/// over the instances left and shared among the job slots.
#[derive(Debug, Clone)]
pub struct Estimator {
    slots: f64,
    /// The instances not finished yet, by id.
    left: HashMap<usize, Kind>,
    /// How many of them each group holds, with the group's size N.
    left_per_group: BTreeMap<usize, (usize, usize)>,
    /// Slot-seconds and count of the instances finished in this session, per group.
    by_group: HashMap<usize, (f64, u32)>,
    /// The same per size N.
    by_size: BTreeMap<usize, (f64, u32)>,
}

impl Estimator {
    /// An estimator for the instances `left`, run on `slots` job slots.
    pub fn new(left: impl IntoIterator<Item = (usize, Kind)>, slots: usize) -> Estimator {
        let left: HashMap<usize, Kind> = left.into_iter().collect();
        let mut left_per_group: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
        for kind in left.values() {
            left_per_group.entry(kind.group).or_insert((kind.n, 0)).1 += 1;
        }
        Estimator {
            slots: slots.max(1) as f64,
            left,
            left_per_group,
            by_group: HashMap::new(),
            by_size: BTreeMap::new(),
        }
    }

    /// Records that instance `id` finished, having taken `seconds` of job-slot time in all.
    pub fn finished(&mut self, id: usize, seconds: f64) {
        let Some(kind) = self.left.remove(&id) else { return };
        if let Some((_, count)) = self.left_per_group.get_mut(&kind.group) {
            *count -= 1;
        }
        for (sum, count) in [self.by_group.entry(kind.group).or_default(), self.by_size.entry(kind.n).or_default()] {
            (*sum, *count) = (*sum + seconds.max(0.0), *count + 1);
        }
    }

    /// The time left. Complexity: O(groups · log sizes), whatever the number of instances.
    pub fn eta(&self) -> Eta {
        if self.left.is_empty() {
            return Eta::Done;
        }
        if self.by_size.is_empty() {
            return Eta::Unknown;
        }
        let mean = |(sum, count): (f64, u32)| sum / f64::from(count);
        let mut total = 0.0;
        let mut unseen: Option<usize> = None;
        for (group, &(n, count)) in self.left_per_group.iter().filter(|(_, &(_, count))| count > 0) {
            let each = match (self.by_group.get(group), self.by_size.get(&n)) {
                (Some(&g), _) => mean(g),
                (None, Some(&s)) => mean(s),
                (None, None) => {
                    unseen = Some(unseen.map_or(n, |u| u.min(n)));
                    // A floor: the largest smaller size that finished (nothing, when none did).
                    self.by_size.range(..n).next_back().map_or(0.0, |(_, &s)| mean(s))
                }
            };
            total += each * count as f64;
        }
        let seconds = total / self.slots;
        match unseen {
            Some(n) => Eta::AtLeast(seconds, n),
            None => Eta::About(seconds),
        }
    }
}

/// What a run has done so far, for a caller that shows progress itself (the Python binding).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Snapshot {
    /// Rows written (resumed ones included).
    pub done: u64,
    /// Rows the run will have.
    pub total: u64,
    /// Rows by outcome.
    pub counts: Counts,
    /// Messages the run would have printed (e.g. "resuming: …"), oldest first.
    pub notes: Vec<String>,
}

/// A [`Snapshot`] the runner keeps current; while one is given, nothing is written to stderr.
pub type Watch = Arc<Mutex<Snapshot>>;

/// The progress display of one run.
#[derive(Debug)]
pub struct Progress {
    bar: Option<ProgressBar>,
    watch: Option<Watch>,
    counts: Counts,
    total: u64,
    start: Instant,
    last_line: Instant,
    last_line_rows: Option<u64>,
    estimator: Estimator,
}

impl Progress {
    /// Progress over `total` rows, of which `counts` are already done (a resumed run), shown on
    /// stderr, or reported to `watch` when one is given (see [`Watch`]); `estimator` knows the
    /// instances left.
    pub fn new(name: &str, total: u64, counts: Counts, watch: Option<Watch>, estimator: Estimator) -> Progress {
        let bar = (watch.is_none() && std::io::stderr().is_terminal()).then(|| {
            let style = ProgressStyle::with_template("{prefix} [{bar:24}] {pos}/{len} runs, {elapsed} | {wide_msg}")
                .expect("the template is valid")
                .progress_chars("=> ");
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr()).with_style(style);
            bar.set_prefix(name.to_string());
            bar.set_position(counts.rows());
            bar.set_message(format!("{} | {counts}", estimator.eta()));
            bar
        });
        let now = Instant::now();
        let progress =
            Progress { bar, watch, counts, total, start: now, last_line: now, last_line_rows: None, estimator };
        progress.update_watch(None);
        progress
    }

    /// Brings the watch up to date, adding `note` to its messages.
    fn update_watch(&self, note: Option<&str>) {
        if let Some(watch) = &self.watch {
            let mut snapshot = watch.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            (snapshot.done, snapshot.total, snapshot.counts) = (self.counts.rows(), self.total, self.counts);
            snapshot.notes.extend(note.map(str::to_string));
        }
    }

    /// Counts the rows of finished instance `id`, which took `seconds` of job-slot time in all
    /// (for the ETA).
    pub fn add(&mut self, id: usize, rows: &[RunRow], seconds: f64) {
        self.counts.add(rows);
        self.estimator.finished(id, seconds);
        if self.watch.is_some() {
            return self.update_watch(None);
        }
        match &self.bar {
            Some(bar) => {
                bar.set_position(self.counts.rows());
                bar.set_message(format!("{} | {}", self.estimator.eta(), self.counts));
            }
            None if self.last_line.elapsed() >= PLAIN_EVERY => {
                (self.last_line, self.last_line_rows) = (Instant::now(), Some(self.counts.rows()));
                say!("{}", self.line());
            }
            None => {}
        }
    }

    /// Prints a message above the bar (or as a line).
    pub fn note(&self, message: &str) {
        if self.watch.is_some() {
            return self.update_watch(Some(message));
        }
        match &self.bar {
            Some(bar) => bar.println(message),
            None => say!("{message}"),
        }
    }

    /// The counts so far.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// Ends the display with a last line.
    pub fn finish(&self) {
        if self.watch.is_some() {
            return;
        }
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
        if self.last_line_rows != Some(self.counts.rows()) {
            say!("{}", self.line());
        }
    }

    /// One plain progress line: done/total, counts, elapsed and ETA.
    fn line(&self) -> String {
        let done = self.counts.rows();
        let elapsed = self.start.elapsed().as_secs_f64();
        let eta = match self.estimator.eta() {
            Eta::Done => String::new(),
            _ if done >= self.total => String::new(),
            eta => format!(", {eta}"),
        };
        let pct = (100 * done).checked_div(self.total).unwrap_or(100);
        format!("{done}/{} runs ({pct}%): {}; {} elapsed{eta}", self.total, self.counts, fmt_duration(elapsed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(n: usize, group: usize) -> Kind {
        Kind { n, group }
    }

    /// Instances 0..k of the kinds given, in order.
    fn estimator(kinds: &[Kind], slots: usize) -> Estimator {
        Estimator::new(kinds.iter().copied().enumerate(), slots)
    }

    #[test]
    fn no_estimate_before_an_instance_finished_and_none_needed_after_the_last() {
        let mut e = estimator(&[kind(9, 0), kind(9, 0)], 2);
        assert_eq!(e.eta(), Eta::Unknown);
        assert_eq!(e.eta().to_string(), "no ETA yet");
        e.finished(0, 1.0);
        e.finished(1, 1.0);
        assert_eq!(e.eta(), Eta::Done);
    }

    #[test]
    fn instances_left_cost_what_their_group_cost_shared_among_the_slots() {
        // Two groups of 9×9 (0.2 s and 3 s each), one of 16×16 (10 s each).
        let kinds = [kind(9, 0), kind(9, 0), kind(9, 0), kind(9, 1), kind(9, 1), kind(16, 2), kind(16, 2), kind(16, 2)];
        let mut e = estimator(&kinds, 2);
        e.finished(0, 0.2);
        e.finished(3, 3.0);
        e.finished(5, 10.0);
        // Left: two of group 0, one of group 1, two of group 2: (0.4 + 3 + 20) / 2 slots.
        let Eta::About(s) = e.eta() else { panic!("{:?}", e.eta()) };
        assert!((s - 11.7).abs() < 1e-9, "{s}");
        // A group not seen yet is costed as its size's mean.
        let mut e = estimator(&[kind(9, 0), kind(9, 1), kind(9, 2)], 1);
        e.finished(0, 1.0);
        e.finished(1, 3.0);
        assert_eq!(e.eta(), Eta::About(2.0));
    }

    #[test]
    fn a_size_not_reached_yet_makes_the_eta_a_lower_bound_never_below_the_sizes_seen() {
        // The elapsed-share guess of the issue: 4 cheap 4×4 runs done of 12, the 9×9 and 16×16 left.
        let kinds: Vec<Kind> =
            [4, 4, 4, 4, 9, 9, 9, 9, 16, 16, 16, 16].iter().enumerate().map(|(i, &n)| kind(n, i / 4)).collect();
        let mut e = estimator(&kinds, 2);
        for id in 0..4 {
            e.finished(id, 0.5);
        }
        // At least every instance left costs what a 4×4 did: 8 × 0.5 s / 2 slots.
        assert_eq!(e.eta(), Eta::AtLeast(2.0, 9));
        assert_eq!(e.eta().to_string(), "ETA ≥ 2 s (no 9×9 instance done yet)");
        // Once a 9×9 finished, the 16×16 are costed as at least a 9×9 each.
        e.finished(4, 20.0);
        assert_eq!(e.eta(), Eta::AtLeast((3.0 * 20.0 + 4.0 * 20.0) / 2.0, 16));
        // Once every size has finished instances, it is an estimate again.
        e.finished(8, 100.0);
        assert_eq!(e.eta(), Eta::About((3.0 * 20.0 + 3.0 * 100.0) / 2.0));
        // An instance already finished, or not of this run, changes nothing.
        let before = e.eta();
        e.finished(4, 1e6);
        e.finished(99, 1e6);
        assert_eq!(e.eta(), before);
    }

    #[test]
    fn a_smaller_size_after_larger_ones_is_floored_at_zero_not_at_the_larger() {
        // A set of 4×4 puzzles after a generated 9×9 grid: nothing smaller has finished.
        let mut e = estimator(&[kind(9, 0), kind(9, 0), kind(4, 1)], 1);
        e.finished(0, 5.0);
        assert_eq!(e.eta(), Eta::AtLeast(5.0, 4));
    }

    #[test]
    fn durations_read_in_seconds_minutes_and_hours() {
        assert_eq!(fmt_duration(13.4), "13 s");
        assert_eq!(fmt_duration(250.0), "4 min 10 s");
        assert_eq!(fmt_duration(7500.0), "2 h 5 min");
        assert_eq!(Eta::About(86.0).to_string(), "ETA 1 min 26 s");
    }
}
