//! One number per solver and group of runs, as solver papers and competitions give it: the median
//! time with stopped runs counted as the limit, the runs not finished, and PAR-2 — the mean time
//! over the runs with every run not finished counted as twice the time limit (the SAT
//! competition's penalised average runtime).
//!
//! The time of a run is a closure, so the same score serves wall time on either [`super::Clock`]
//! and any other measure of a run's time (CPU seconds, say) without a second implementation.

use crate::experiment::record::RunRow;

use super::{stats, Outcome};

/// The penalty factor of PAR-2: a run not finished counts as this many time limits.
pub(crate) const PAR_FACTOR: f64 = 2.0;

/// The summary numbers of one group of runs on one measure of time.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Score {
    /// Runs in the group.
    pub runs: usize,
    /// Runs that ended without an answer: stopped by the time limit or the memory cap, or an error.
    pub unfinished: usize,
    /// Median seconds; runs stopped by a limit count as the limit, `error` runs are left out.
    pub median: Option<f64>,
    /// PAR-2 seconds: the mean over the runs, every unfinished run counted as 2 × the limit;
    /// `None` when a run did not finish and no limit is known.
    pub par2: Option<f64>,
}

impl Score {
    /// Scores `rows` against `limit` (seconds), each run's time given by `time`.
    ///
    /// Complexity: O(k log k) time and O(k) space for k rows (the median sorts).
    pub fn of<'a>(
        rows: impl IntoIterator<Item = &'a RunRow>,
        limit: Option<f64>,
        time: impl Fn(&RunRow) -> f64,
    ) -> Score {
        let mut censored = Vec::new();
        let (mut runs, mut unfinished, mut penalised) = (0, 0, 0.0);
        for row in rows {
            runs += 1;
            let outcome = Outcome::of(row);
            if outcome.finished() {
                censored.push(time(row));
                penalised += time(row);
                continue;
            }
            unfinished += 1;
            if outcome != Outcome::Error {
                censored.push(limit.unwrap_or_else(|| time(row)));
            }
            penalised += limit.map_or(f64::NAN, |l| PAR_FACTOR * l);
        }
        let par2 = (runs > 0 && penalised.is_finite()).then(|| penalised / runs as f64);
        Score { runs, unfinished, median: stats::median(&censored), par2 }
    }

    /// Runs that ended with an answer (solved or proved infeasible).
    pub fn finished(&self) -> usize {
        self.runs - self.unfinished
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;

    fn run(outcome: &str, seconds: f64) -> RunRow {
        RunRow { outcome: outcome.into(), seconds, ..row() }
    }

    #[test]
    fn par2_counts_every_run_not_finished_as_twice_the_limit() {
        let rows = [run("solved", 1.0), run("infeasible", 3.0), run("limit", 10.2), run("error", 0.1)];
        let s = Score::of(&rows, Some(10.0), |r| r.seconds);
        // (1 + 3 + 20 + 20) / 4 = 11.
        assert_eq!(s.par2, Some(11.0));
        assert_eq!((s.runs, s.unfinished, s.finished()), (4, 2, 2));
        // Median of 1, 3 and the stopped run at the limit (the error run has no time).
        assert_eq!(s.median, Some(3.0));
    }

    #[test]
    fn the_time_of_a_run_is_the_callers_choice() {
        let rows = [RunRow { build_seconds: Some(1.0), ..run("solved", 2.0) }];
        let total = Score::of(&rows, None, |r| r.seconds + r.build_seconds.unwrap_or(0.0));
        assert_eq!((total.median, total.par2), (Some(3.0), Some(3.0)));
        let stopped = [run("limit", 5.0)];
        assert_eq!(Score::of(&stopped, None, |r| r.seconds).par2, None, "no limit, no penalty");
        assert_eq!(Score::of(&[], Some(1.0), |r| r.seconds), Score::default());
    }
}
