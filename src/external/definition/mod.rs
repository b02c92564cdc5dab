//! External solver definitions: the `[[external]]` tables of a TOML file or of an experiment
//! config, read strictly and checked before anything runs.
//!
//! ```toml
//! [[external]]
//! name = "minisat"                      # the `solver` column: letters, digits, - _ . (check_name)
//! input = "cnf"                         # cnf | cnf-minimal | mps | lp | col | grid | dzn
//! command = ["minisat", "-cpu-lim={limit_s}", "{input}", "{output}"]
//! answer = "minisat"                    # sat-competition | minisat | mip-solution | col-solution | grid | minizinc
//! version = ["minisat", "--help"]       # optional: its first line goes into meta.json
//! threads = 1                           # optional: cores the job takes in the scheduler (at most a run's)
//! env = { OMP_NUM_THREADS = "1" }       # optional
//! ```
//!
//! `dzn` is MiniZinc data (`n`, `box_rows`, `box_cols` and `givens`, 0 for a hole) for a model
//! such as `peers/minizinc/sudoku.mzn`, answered by MiniZinc's own output (`minizinc`) or a grid.
//! `mps` and `lp` need `model = "edge"` or `"clique"`; `mip-solution` takes an optional
//! `dialect` (`auto`, `cbc`, `scip`, `highs`, `glpk`, `gurobi`). Placeholders in `command`, `env`
//! and `version`: `{input}`, `{output}` (a file the solver writes its answer to; without it the
//! answer is read from stdout), `{limit_s}` (the time limit in whole seconds, rounded up),
//! `{limit_ms}` (the same in whole milliseconds, as MiniZinc's `--time-limit` takes it), `{seed}`, `{threads}`, `{workdir}` (the job's own folder), `{here}` (the folder of the file
//! that defines the solver, resolved when it is read) and `{proof}` (a file the solver writes a
//! DRAT proof to, as the SAT competition asks; `input = "cnf"` only: the proof of an UNSAT answer
//! is checked against the CNF the solver was given, by the proof checker, in `run`). A program with a `/` is taken relative to
//! that folder; one without is looked up on `PATH`. An unknown key, placeholder, input or answer,
//! an answer that cannot follow the input, or a program that is not there is an error naming the
//! file, line and column, with a hint.
//!
//! Files by concept: `kinds.rs` (the words of `input`, `answer`, `model`, `dialect`),
//! `placeholder.rs`, `file.rs` (the file as written, read strictly), `resolve.rs` (each key
//! checked and resolved, refusals located at their value) and `program.rs` (the program found and
//! checked).

mod file;
mod kinds;
mod placeholder;
mod program;
mod resolve;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use file::{check_unique, load_file, toml_error, DefinitionFile};
pub use kinds::{Answer, Dialect, Input, Model};
pub use placeholder::{Placeholder, PLACEHOLDERS};
pub use program::{check_program, on_path};
pub use resolve::{check_name, MAX_NAME_BYTES};

use crate::format::Location;

/// A checked external solver definition (see the module doc).
///
/// Two definitions are equal when they run the same commands; [`Definition::written`] and
/// [`Definition::at`], what the file wrote and where, take no part.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Definition {
    /// The name in `runs.csv` and on the command line.
    pub name: String,
    /// What it reads.
    pub input: Input,
    /// The formulation of an `mps`/`lp` input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<Model>,
    /// The command line, placeholders unexpanded (`{here}` resolved).
    pub command: Vec<String>,
    /// How its answer is read.
    pub answer: Answer,
    /// The MIP solution dialect (`mip-solution` only).
    #[serde(default, skip_serializing_if = "is_auto")]
    pub dialect: Dialect,
    /// Cores a job takes in the scheduler (and `{threads}`).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub threads: u32,
    /// A command whose first line of output names the version.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub version: Vec<String>,
    /// Extra environment variables.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub env: BTreeMap<String, String>,
    /// The command, version and env as the file wrote them (`None`: not known, e.g. a definition
    /// read back from `meta.json`, which keeps them apart: [`crate::experiment::meta::Meta`]).
    #[serde(skip)]
    pub written: Option<Written>,
    /// Where its name is written; `None` when not read from a file.
    #[serde(skip)]
    pub at: Option<Location>,
}

/// What a definition's file wrote, before anything was resolved: a relative program is still
/// relative to the file, `{here}` is still `{here}`. The same definition read from two checkouts
/// is written the same, so this is what says whether two experiments are the same.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Written {
    /// `command` as written.
    pub command: Vec<String>,
    /// `version` as written (a shell string as `["sh", "-c", STRING]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub version: Vec<String>,
    /// `env` as written.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub env: BTreeMap<String, String>,
}

impl PartialEq for Definition {
    fn eq(&self, other: &Definition) -> bool {
        let Definition { name, input, model, command, answer, dialect, threads, version, env, written: _, at: _ } =
            self;
        (name, input, model, command, answer, dialect, threads, version, env)
            == (
                &other.name,
                &other.input,
                &other.model,
                &other.command,
                &other.answer,
                &other.dialect,
                &other.threads,
                &other.version,
                &other.env,
            )
    }
}

impl Eq for Definition {}

fn one() -> u32 {
    1
}

fn is_one(t: &u32) -> bool {
    *t == 1
}

fn is_auto(d: &Dialect) -> bool {
    *d == Dialect::Auto
}

impl Definition {
    /// Checks that its `threads` fit the `cores` a run may hold (a run's `--jobs`, at most the
    /// machine's cores), as a HiGHS `threads` must: more would oversubscribe them and slow every
    /// run timed beside it. The error names the definition (and where its file wrote it).
    pub fn check_threads(&self, cores: usize) -> Result<(), String> {
        let cores = cores.max(1);
        if self.threads as usize <= cores {
            return Ok(());
        }
        let at = self.at.as_ref().map(|at| format!("{at}: ")).unwrap_or_default();
        Err(format!(
            "{at}{}: threads = {} is more than the {cores} core(s) a run holds here: the solver would \
             oversubscribe them and slow every run timed beside it; give at most {cores}",
            self.name, self.threads
        ))
    }

    /// The definition as its file wrote it (command, version and env unresolved), when known; as
    /// it is otherwise.
    pub fn as_written(&self) -> Definition {
        let mut def = self.clone();
        if let Some(w) = def.written.take() {
            (def.command, def.version, def.env) = (w.command, w.version, w.env);
        }
        def
    }

    /// True when the command names `{proof}`: an UNSAT answer comes with a DRAT proof in that file.
    pub fn writes_proof(&self) -> bool {
        self.command.iter().chain(self.env.values()).any(|a| a.contains("{proof}"))
    }

    /// True when the command names `{output}`: the answer is read from that file, not stdout.
    pub fn writes_output_file(&self) -> bool {
        self.command.iter().chain(self.env.values()).any(|a| a.contains("{output}"))
    }
}

/// A definition that cannot be used, located in its file.
///
/// It always says a line and a column: `FILE:0:0` for a file that cannot be read at all.
#[derive(Debug, Clone, Error, PartialEq)]
#[error(
    "{}:{}:{}: {message}{}",
    at.file, at.line, at.column, hint.as_ref().map(|h| format!(" (hint: {h})")).unwrap_or_default()
)]
pub struct DefinitionError {
    /// The file holding the definition (or the config), the line and the column.
    pub at: Location,
    /// What is wrong.
    pub message: String,
    /// What would be right.
    pub hint: Option<String>,
}

/// A test on a solver name.
pub type NameTest<'a> = &'a dyn Fn(&str) -> bool;

/// What reading definitions checks beyond their own text.
#[derive(Clone, Copy)]
pub struct Checks<'a> {
    /// Names a definition may not take (the registry's and `all`).
    pub reserved: NameTest<'a>,
    /// Solvers that will run: only their programs must exist now (a file may define peers that
    /// are not installed, as long as nothing runs them).
    pub wanted: NameTest<'a>,
}

#[cfg(test)]
mod tests;
