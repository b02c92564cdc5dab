//! Progress on stderr: an indicatif bar with ETA and running counts on a terminal, plain lines
//! (at most one every few seconds, and a last one) when stderr is a file or a pipe.

use std::io::IsTerminal;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::record::RunRow;

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
            match row.outcome.as_str() {
                "solved" => self.solved += 1,
                "infeasible" => self.infeasible += 1,
                "limit" => self.limit += 1,
                "memory" => self.memory += 1,
                _ => self.error += 1,
            }
        }
        let failed = |r: &RunRow| r.certificate == crate::puzzle::certify::FAILED;
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
    resumed_at: u64,
    start: Instant,
    last_line: Instant,
    last_line_rows: Option<u64>,
}

impl Progress {
    /// Progress over `total` rows, of which `counts` are already done (a resumed run), shown on
    /// stderr, or reported to `watch` when one is given (see [`Watch`]).
    pub fn new(name: &str, total: u64, counts: Counts, watch: Option<Watch>) -> Progress {
        let bar = (watch.is_none() && std::io::stderr().is_terminal()).then(|| {
            let style = ProgressStyle::with_template("{prefix} [{bar:24}] {pos}/{len} runs, ETA {eta} | {wide_msg}")
                .expect("the template is valid")
                .progress_chars("=> ");
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr()).with_style(style);
            bar.set_prefix(name.to_string());
            bar.set_position(counts.rows());
            bar.reset_eta();
            bar.set_message(counts.to_string());
            bar
        });
        let now = Instant::now();
        let progress = Progress {
            bar,
            watch,
            counts,
            total,
            resumed_at: counts.rows(),
            start: now,
            last_line: now,
            last_line_rows: None,
        };
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

    /// Counts one finished instance's rows.
    pub fn add(&mut self, rows: &[RunRow]) {
        self.counts.add(rows);
        if self.watch.is_some() {
            return self.update_watch(None);
        }
        match &self.bar {
            Some(bar) => {
                bar.set_position(self.counts.rows());
                bar.set_message(self.counts.to_string());
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
        let this_session = done.saturating_sub(self.resumed_at);
        let eta = if this_session > 0 && done < self.total {
            format!(", ETA {:.0} s", elapsed / this_session as f64 * (self.total - done) as f64)
        } else {
            String::new()
        };
        let pct = (100 * done).checked_div(self.total).unwrap_or(100);
        format!("{done}/{} runs ({pct}%): {}; {elapsed:.0} s elapsed{eta}", self.total, self.counts)
    }
}
