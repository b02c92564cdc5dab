//! The observations every statistic starts from: a run (its seconds, and whether it finished), its
//! PAR-2 time against the time limit, and the one value an instance gets from its runs over solver
//! seeds.
//!
//! A run that did not finish (it hit the limit, failed, or its answer was not accepted) counts at
//! the PAR-2 penalty, [`PAR_FACTOR`] × the limit, wherever a time is needed: the SAT competition's
//! penalised average runtime. So no instance drops out of a statistic, and an unfinished run is
//! slower than every finished one (a finished run took at most the limit).
//!
//! An instance run with k ≥ 1 solver seeds has one time: the geometric mean of its seeds' PAR-2
//! times, exp(mean of ln PAR-2) — the time a ratio of geometric means compares. Times are floored
//! at [`TIME_FLOOR`] before the logarithm, so a run the clock measured as 0 s has a finite log.

/// The penalty factor of PAR-2: an unfinished run counts as this many time limits.
pub(crate) const PAR_FACTOR: f64 = 2.0;

/// The smallest time a logarithm is taken of (1 µs): a run measured as 0 s counts as this.
pub(crate) const TIME_FLOOR: f64 = 1e-6;

/// One run of a solver on an instance: what every statistic here is computed from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Run {
    /// Wall (or CPU) seconds the run took.
    pub seconds: f64,
    /// `true` when the run ended with an accepted answer; `false` for the limit, an error or a
    /// rejected answer.
    pub finished: bool,
}

impl Run {
    /// A finished run of `seconds`.
    pub(crate) fn finished(seconds: f64) -> Run {
        Run { seconds, finished: true }
    }

    /// A run that did not finish (its seconds do not count).
    pub(crate) fn unfinished(seconds: f64) -> Run {
        Run { seconds, finished: false }
    }

    /// The PAR-2 time: the seconds if finished, else [`PAR_FACTOR`] × `limit`.
    pub(crate) fn par2(&self, limit: f64) -> f64 {
        if self.finished {
            self.seconds
        } else {
            PAR_FACTOR * limit
        }
    }

    /// ln of the PAR-2 time, the time floored at [`TIME_FLOOR`].
    pub(crate) fn log_par2(&self, limit: f64) -> f64 {
        self.par2(limit).max(TIME_FLOOR).ln()
    }
}

/// An instance's log time over its seeds: the mean of the runs' ln PAR-2 (NaN for no runs).
pub(crate) fn instance_log_time(runs: &[Run], limit: f64) -> f64 {
    runs.iter().map(|r| r.log_par2(limit)).sum::<f64>() / runs.len() as f64
}

/// An instance's time over its seeds: the geometric mean of the runs' PAR-2 times, floored at
/// [`TIME_FLOOR`] (NaN for no runs); with one seed exactly its PAR-2 time.
pub(crate) fn instance_time(runs: &[Run], limit: f64) -> f64 {
    match runs {
        [run] => run.par2(limit).max(TIME_FLOOR),
        _ => instance_log_time(runs, limit).exp(),
    }
}

/// The share of an instance's runs that finished (NaN for no runs).
pub(crate) fn finished_share(runs: &[Run]) -> f64 {
    runs.iter().filter(|r| r.finished).count() as f64 / runs.len() as f64
}

/// `true` when an instance counts as solved for McNemar's test: a strict majority of its runs
/// finished (with one seed: the run finished).
pub(crate) fn solved(runs: &[Run]) -> bool {
    2 * runs.iter().filter(|r| r.finished).count() > runs.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unfinished_runs_count_at_twice_the_limit() {
        assert_eq!(Run::finished(3.0).par2(10.0), 3.0);
        assert_eq!(Run::unfinished(10.0).par2(10.0), 20.0);
        assert_eq!(Run::finished(0.0).log_par2(1.0), TIME_FLOOR.ln());
    }

    #[test]
    fn an_instance_is_the_geometric_mean_of_its_seeds() {
        let runs = [Run::finished(1.0), Run::finished(4.0)];
        assert!((instance_time(&runs, 10.0) - 2.0).abs() < 1e-12);
        let mixed = [Run::finished(5.0), Run::unfinished(10.0)];
        assert!((instance_time(&mixed, 10.0) - 10.0).abs() < 1e-12, "√(5 · 20)");
        assert_eq!(finished_share(&mixed), 0.5);
        assert!(!solved(&mixed), "half is not a majority");
        assert!(solved(&[Run::finished(1.0)]) && !solved(&[Run::unfinished(1.0)]));
    }
}
