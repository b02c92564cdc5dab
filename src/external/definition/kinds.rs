//! The kinds a definition names by a word: what the solver reads ([`Input`]), how its answer is
//! read ([`Answer`]), the ILP formulation of an `mps`/`lp` input ([`Model`]) and the dialect of a
//! MIP solution file ([`Dialect`]). Serde's renaming (kebab-case) is the one list of their words:
//! a definition file is read through it, and [`Input::name`] and [`Answer::name`] say the same
//! words (a test keeps them so).

use std::fmt;

use serde::{Deserialize, Serialize};

/// What the solver reads: which file the harness writes for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Input {
    /// DIMACS CNF of the `sat` encoding, as `export --to cnf` writes it.
    Cnf,
    /// DIMACS CNF of the `sat-minimal` encoding.
    CnfMinimal,
    /// MPS of an ILP model (`model`), written by HiGHS.
    Mps,
    /// CPLEX LP of an ILP model (`model`), written by HiGHS.
    Lp,
    /// DIMACS colouring (`.col`) with the givens as a precolouring.
    Col,
    /// The puzzle as the harness's own text: a `# box=RxC` line, then the puzzle in line format.
    Grid,
    /// MiniZinc data: `n`, `box_rows`, `box_cols` and the `givens` as an n×n array, 0 for a hole.
    Dzn,
}

impl Input {
    /// Every input, in documentation order.
    pub const ALL: [Input; 7] =
        [Input::Cnf, Input::CnfMinimal, Input::Mps, Input::Lp, Input::Col, Input::Grid, Input::Dzn];

    /// The name in a definition.
    pub fn name(self) -> &'static str {
        match self {
            Input::Cnf => "cnf",
            Input::CnfMinimal => "cnf-minimal",
            Input::Mps => "mps",
            Input::Lp => "lp",
            Input::Col => "col",
            Input::Grid => "grid",
            Input::Dzn => "dzn",
        }
    }

    /// The input file's extension.
    pub fn extension(self) -> &'static str {
        match self {
            Input::Cnf | Input::CnfMinimal => "cnf",
            Input::Mps => "mps",
            Input::Lp => "lp",
            Input::Col => "col",
            Input::Grid => "txt",
            Input::Dzn => "dzn",
        }
    }

    /// The answers a solver of this input can give.
    pub fn answers(self) -> &'static [Answer] {
        match self {
            Input::Cnf | Input::CnfMinimal => &[Answer::SatCompetition, Answer::Minisat],
            Input::Mps | Input::Lp => &[Answer::MipSolution],
            Input::Col => &[Answer::ColSolution],
            Input::Grid => &[Answer::Grid],
            Input::Dzn => &[Answer::Minizinc, Answer::Grid],
        }
    }
}

/// How the answer is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Answer {
    /// `s SATISFIABLE|UNSATISFIABLE|UNKNOWN` and `v … 0` lines (SAT competition).
    SatCompetition,
    /// MiniSat's result file: `SAT` then the literals, `UNSAT`, or `INDET`.
    Minisat,
    /// A MIP solution file (`dialect`): a status and variable-value lines.
    MipSolution,
    /// A colouring: `l V C` / `v V C` lines, or one colour per node in order.
    ColSolution,
    /// A completed grid in any format the harness reads, or a line `UNSAT`/`INFEASIBLE`/`UNKNOWN`.
    Grid,
    /// MiniZinc's output: a grid ended by `----------`, or `=====UNSATISFIABLE=====`,
    /// `=====UNKNOWN=====`, `=====ERROR=====`.
    Minizinc,
}

impl Answer {
    /// Every answer, in documentation order.
    pub const ALL: [Answer; 6] = [
        Answer::SatCompetition,
        Answer::Minisat,
        Answer::MipSolution,
        Answer::ColSolution,
        Answer::Grid,
        Answer::Minizinc,
    ];

    /// The name in a definition.
    pub fn name(self) -> &'static str {
        match self {
            Answer::SatCompetition => "sat-competition",
            Answer::Minisat => "minisat",
            Answer::MipSolution => "mip-solution",
            Answer::ColSolution => "col-solution",
            Answer::Grid => "grid",
            Answer::Minizinc => "minizinc",
        }
    }
}

/// The ILP formulation an `mps`/`lp` input holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Model {
    /// The origin study's edge model.
    Edge,
    /// The clique model.
    Clique,
}

/// The MIP solution file dialects [`Answer::MipSolution`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dialect {
    /// Recognised from the text.
    #[default]
    Auto,
    /// CBC's `-solu` file: `Optimal - objective value 0`, then `index name value reduced-cost`.
    Cbc,
    /// SCIP's `write solution`: `solution status: …`, `objective value: …`, `name value (obj:c)`.
    Scip,
    /// HiGHS's `--solution_file`: `Model status`, then `# Columns N` and `name value` lines.
    Highs,
    /// GLPK's raw `glpsol -w` file: `s mip ROWS COLS STATUS OBJ` and `j COLUMN VALUE` lines.
    Glpk,
    /// Gurobi's `.sol` (and any `name value` list): `#` comments, then `name value` lines.
    Gurobi,
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
