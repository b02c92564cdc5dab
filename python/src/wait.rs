//! Long calls without the GIL, and Ctrl-C: the work runs on a thread of its own while the
//! calling thread waits with the GIL released, waking every [`POLL`] to let Python handle its
//! signals. On Ctrl-C (`KeyboardInterrupt`) the work is asked to stop and awaited; the caller
//! raises the exception.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use pyo3::prelude::*;

/// How often the waiting thread checks for signals.
pub const POLL: Duration = Duration::from_millis(50);

/// Runs `work` on its own thread with the GIL released; between waits, runs `tick` (with the
/// GIL) and checks for signals. On a signal's exception (or a failing `tick`), calls `stop` once
/// and goes on waiting. Returns what `work` returned, and the exception if there was one.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send,
    stop: impl Fn(),
    mut tick: impl FnMut(Python<'_>) -> PyResult<()>,
) -> PyResult<(T, Option<PyErr>)> {
    std::thread::scope(|scope| {
        let (tx, mut rx) = mpsc::channel();
        scope.spawn(move || {
            // The receiver outlives the thread unless the caller panicked: nothing to do then.
            let _ = tx.send(work());
        });
        let mut raised = None;
        loop {
            let (answer, back) = py.detach(move || (rx.recv_timeout(POLL), rx));
            rx = back;
            match answer {
                Ok(value) => return Ok((value, raised)),
                Err(RecvTimeoutError::Timeout) if raised.is_none() => {
                    if let Err(err) = py.check_signals().and_then(|()| tick(py)) {
                        stop();
                        raised = Some(err);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                // The work panicked: the scope re-raises its panic on the way out.
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(pyo3::exceptions::PyRuntimeError::new_err("the work stopped without an answer"))
                }
            }
        }
    })
}
