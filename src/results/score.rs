//! One number per solver and group of runs, as solver papers and competitions give it: the median
//! time with stopped runs counted as the limit, the runs not finished, and PAR-2 — the mean time
//! over the runs with every run not finished counted as twice the time limit (the SAT
//! competition's penalised average runtime).
//!
//! The time of a run is a closure, so the same score serves wall time on either [`super::Clock`]
//! and any other measure of a run's time (CPU seconds, say) without a second implementation.

use crate::experiment::record::RunRow;

use super::{stats, Judged};

/// The penalty factor of PAR-2 (the statistics' own): a run not finished counts as this many
/// time limits.
pub(crate) use super::stats::PAR_FACTOR;

/// The summary numbers of one group of runs on one measure of time.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Score {
    /// Runs in the group.
    pub runs: usize,
    /// Runs that did not finish ([`Judged::finished`]): stopped by the time limit or the memory
    /// cap, an error, or a wrong answer.
    pub unfinished: usize,
    /// Runs among them whose answer was wrong.
    pub wrong: usize,
    /// Median seconds; runs stopped by a limit and wrong answers count as the limit, `error` runs
    /// are left out.
    pub median: Option<f64>,
    /// PAR-2 seconds: the mean over the runs, every unfinished run counted as 2 × the limit;
    /// `None` when a run did not finish and no limit is known.
    pub par2: Option<f64>,
}

impl Score {
    /// Scores judged runs (each row with its [`Judged`], from [`super::Results::judged`]) against
    /// `limit` (seconds), each run's time given by `time`.
    ///
    /// Complexity: O(k log k) time and O(k) space for k rows (the median sorts).
    pub fn of<'a>(
        rows: impl IntoIterator<Item = (&'a RunRow, Judged)>,
        limit: Option<f64>,
        time: impl Fn(&RunRow) -> f64,
    ) -> Score {
        let mut censored = Vec::new();
        let (mut runs, mut unfinished, mut wrong, mut penalised) = (0, 0, 0, 0.0);
        for (row, judged) in rows {
            runs += 1;
            if judged.finished() {
                censored.push(time(row));
                penalised += time(row);
                continue;
            }
            unfinished += 1;
            wrong += usize::from(judged == Judged::Wrong);
            if judged != Judged::Error {
                censored.push(limit.unwrap_or_else(|| time(row)));
            }
            penalised += limit.map_or(f64::NAN, |l| PAR_FACTOR * l);
        }
        let par2 = (runs > 0 && penalised.is_finite()).then(|| penalised / runs as f64);
        Score { runs, unfinished, wrong, median: stats::median(&censored), par2 }
    }

    /// Runs that ended with an answer (solved or proved infeasible).
    #[cfg(test)]
    pub fn finished(&self) -> usize {
        self.runs - self.unfinished
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;

    fn run(outcome: &str, seconds: f64) -> RunRow {
        RunRow {
            outcome: crate::experiment::record::RunOutcome::parse(outcome).expect("an outcome's word"),
            seconds,
            ..row()
        }
    }

    /// Each row with its judgement alone (no other run of its instance).
    fn judged(rows: &[RunRow]) -> impl Iterator<Item = (&RunRow, Judged)> {
        rows.iter().map(|r| (r, crate::results::judge(r, crate::results::Evidence::of(&[r]))))
    }

    #[test]
    fn par2_counts_every_run_not_finished_as_twice_the_limit() {
        let rows = [
            run("solved", 1.0),
            RunRow { mode: crate::experiment::record::RunMode::Random, ..run("infeasible", 3.0) },
            run("limit", 10.2),
            run("error", 0.1),
        ];
        let s = Score::of(judged(&rows), Some(10.0), |r| r.seconds);
        // (1 + 3 + 20 + 20) / 4 = 11.
        assert_eq!(s.par2, Some(11.0));
        assert_eq!((s.runs, s.unfinished, s.finished()), (4, 2, 2));
        // Median of 1, 3 and the stopped run at the limit (the error run has no time).
        assert_eq!(s.median, Some(3.0));
    }

    #[test]
    fn the_time_of_a_run_is_the_callers_choice() {
        let rows = [RunRow { build_seconds: Some(1.0), ..run("solved", 2.0) }];
        let total = Score::of(judged(&rows), None, |r| r.seconds + r.build_seconds.unwrap_or(0.0));
        assert_eq!((total.median, total.par2), (Some(3.0), Some(3.0)));
        let stopped = [run("limit", 5.0)];
        assert_eq!(Score::of(judged(&stopped), None, |r| r.seconds).par2, None, "no limit, no penalty");
        assert_eq!(Score::of(judged(&[]), Some(1.0), |r| r.seconds), Score::default());
    }

    #[test]
    fn a_wrong_answer_scores_as_unsolved_however_fast() {
        // "infeasible" on a planted instance in a millisecond: PAR-2 is twice the limit.
        let rows = [run("infeasible", 0.001), RunRow { verified: Some(false), ..run("solved", 0.001) }];
        let s = Score::of(judged(&rows), Some(10.0), |r| r.seconds);
        assert_eq!((s.par2, s.median), (Some(20.0), Some(10.0)));
        assert_eq!((s.finished(), s.unfinished, s.wrong), (0, 2, 2));
    }
}
