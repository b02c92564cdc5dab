//! A process-wide request to stop the searches that run in this process (`backtrack`,
//! `backtrack-naive`, `dlx`): the Python binding sets it on Ctrl-C, and every search answers
//! `limit` at its next clock check, as if its deadline had passed. Solvers on a backend (HiGHS,
//! CaDiCaL, kissat) run in worker processes, which are killed instead.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Set while a stop is requested.
static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Asks every in-process search to stop at its next clock check.
pub fn request() {
    REQUESTED.store(true, Ordering::SeqCst);
}

/// Withdraws the request (once the stopped searches have returned).
pub fn clear() {
    REQUESTED.store(false, Ordering::SeqCst);
}

/// True when the search should stop now: a stop was requested, or `deadline` has passed.
pub fn past(deadline: Option<Instant>) -> bool {
    REQUESTED.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    // Setting the flag would stop searches in other tests of this binary: tests/cancel.rs does
    // that, alone in its process.
    #[test]
    fn without_a_request_past_is_the_deadline() {
        let later = Instant::now() + Duration::from_secs(3600);
        assert!(!past(None) && !past(Some(later)));
        assert!(past(Some(Instant::now())));
    }
}
