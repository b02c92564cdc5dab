//! Seeded test data: normal deviates from the project's ChaCha8 stream (Box–Muller), and
//! log-normal run times around a given median.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::run::Run;

/// The random stream of the tests.
pub(crate) type Stream = ChaCha8Rng;

/// The stream of `seed`.
pub(crate) fn stream(seed: u64) -> Stream {
    Stream::seed_from_u64(seed)
}

/// One standard normal deviate (Box–Muller).
pub(crate) fn normal(rng: &mut Stream) -> f64 {
    let u: f64 = 1.0 - rng.random::<f64>(); // in (0, 1]
    let v: f64 = rng.random();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// A finished run of `median` seconds times a log-normal factor with log spread `sigma`, or an
/// unfinished one when that exceeds `limit`.
pub(crate) fn run(rng: &mut Stream, median: f64, sigma: f64, limit: f64) -> Run {
    let seconds = median * (sigma * normal(rng)).exp();
    if seconds <= limit {
        Run::finished(seconds)
    } else {
        Run::unfinished(limit)
    }
}
