//! A solve in a child process: the protocol a `sudoku-lab worker` speaks ([`protocol`]) and the
//! handle that starts one, hands it a job and kills it past its time limit or memory cap
//! ([`child`]), with the process tree it starts found, measured and stopped by [`tree`] and
//! contained — nothing outlives the harness — by [`contain`]; someone else's program (an external
//! solver) is started, timed, stopped and captured by [`command`]. The runner's job slots, the commands people run by hand and the `portfolio`
//! solver all solve through it; the worker's own loop is [`crate::experiment::worker`].

pub mod child;
pub mod command;
pub mod contain;
pub mod protocol;
pub mod tree;

pub use child::{default_memory_mb, grace, hard_limit, Finish, Kill, WorkerProcess, POLL, RECYCLE_KB};
pub use protocol::{
    decode, proc_status_kb, status_kb, Decoded, ProofFiles, ProofProblem, Request, Response, RunOutcome, Task, MARKER,
    PARENT_ENV,
};
