//! SIGINT and SIGTERM for `run`: the first one asks the runner to stop cleanly, the second one
//! ends the process at once.
//!
//! Stopping cleanly means: no new job starts, the running workers are killed, every instance that
//! finished is already in `runs.csv` (rows are appended and flushed as instances finish), and the
//! run ends with a message naming what is left for `--resume`. Slurm's `scancel` and `kill` send
//! SIGTERM; a terminal's Ctrl-C sends SIGINT. Workers are in a process group of their own
//! (see [`crate::solve::process`]), so only the runner sees the terminal's signal.

use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use signal_hook::consts::{SIGINT, SIGTERM};

/// The stop flag: 0 until a signal arrives, then that signal's number.
pub type StopFlag = Arc<AtomicUsize>;

/// Registers the handlers; returns the flag they set.
pub fn install() -> io::Result<StopFlag> {
    let stop = Arc::new(AtomicUsize::new(0));
    let seen = Arc::new(AtomicBool::new(false));
    for signal in [SIGINT, SIGTERM] {
        // Registered first, so it runs first: a second signal exits with 128 + its number.
        signal_hook::flag::register_conditional_shutdown(signal, 128 + signal, Arc::clone(&seen))?;
        signal_hook::flag::register(signal, Arc::clone(&seen))?;
        signal_hook::flag::register_usize(signal, Arc::clone(&stop), signal as usize)?;
    }
    Ok(stop)
}

/// The signal that set `stop`, if any.
pub fn received(stop: &StopFlag) -> Option<i32> {
    match stop.load(Ordering::Relaxed) {
        0 => None,
        s => i32::try_from(s).ok(),
    }
}

/// A signal's name (`SIGINT`, `SIGTERM`, else `signal N`).
pub fn name(signal: i32) -> String {
    match signal {
        SIGINT => "SIGINT".into(),
        SIGTERM => "SIGTERM".into(),
        s => format!("signal {s}"),
    }
}
