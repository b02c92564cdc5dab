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

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;
use toml::Spanned;

use crate::format::Location;

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

/// A definition table as written, every field with its place in the file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DefinitionFile {
    name: Spanned<String>,
    input: Spanned<String>,
    #[serde(default)]
    model: Option<Spanned<String>>,
    command: Spanned<Vec<String>>,
    answer: Spanned<String>,
    #[serde(default)]
    dialect: Option<Spanned<String>>,
    #[serde(default)]
    threads: Option<Spanned<i64>>,
    #[serde(default)]
    version: Option<Spanned<VersionCommand>>,
    #[serde(default)]
    env: Option<Spanned<BTreeMap<String, String>>>,
}

/// `version` as written: an argv list, or one string run by `sh -c`.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
enum VersionCommand {
    Argv(Vec<String>),
    Shell(String),
}

/// A file of definitions: `[[external]]` tables and nothing else.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DefinitionsFile {
    external: Vec<DefinitionFile>,
}

/// A `{name}` a command, its version command or its environment may hold: the one list of them,
/// their names, and their expansion ([`Placeholder::expand`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placeholder {
    /// `{input}`: the input file.
    Input,
    /// `{output}`: the file the solver writes its answer to.
    Output,
    /// `{limit_s}`: the time limit in whole seconds, rounded up.
    LimitS,
    /// `{limit_ms}`: the time limit in whole milliseconds, rounded up.
    LimitMs,
    /// `{seed}`: the instance's seed.
    Seed,
    /// `{threads}`: the definition's `threads`.
    Threads,
    /// `{workdir}`: the job's own folder.
    Workdir,
    /// `{here}`: the folder of the definitions file (resolved when the file is read).
    Here,
    /// `{proof}`: the file a DRAT proof of "unsatisfiable" goes to.
    Proof,
}

impl Placeholder {
    /// Every placeholder, in the order the docs list them.
    pub const ALL: [Placeholder; 9] = [
        Placeholder::Input,
        Placeholder::Output,
        Placeholder::LimitS,
        Placeholder::LimitMs,
        Placeholder::Seed,
        Placeholder::Threads,
        Placeholder::Workdir,
        Placeholder::Here,
        Placeholder::Proof,
    ];

    /// Its name between the braces.
    pub const fn name(self) -> &'static str {
        match self {
            Placeholder::Input => "input",
            Placeholder::Output => "output",
            Placeholder::LimitS => "limit_s",
            Placeholder::LimitMs => "limit_ms",
            Placeholder::Seed => "seed",
            Placeholder::Threads => "threads",
            Placeholder::Workdir => "workdir",
            Placeholder::Here => "here",
            Placeholder::Proof => "proof",
        }
    }

    /// The placeholder named `name`, if any.
    pub fn named(name: &str) -> Option<Placeholder> {
        Placeholder::ALL.into_iter().find(|p| p.name() == name)
    }

    /// `arg` with every `{name}` that `value` gives a value for replaced by it (the others are
    /// left as they are).
    pub fn expand(arg: &str, value: impl Fn(Placeholder) -> Option<String>) -> String {
        let mut out = String::with_capacity(arg.len());
        let mut rest = arg;
        while let Some(open) = rest.find('{') {
            let after = &rest[open + 1..];
            let Some(close) = after.find('}') else { break };
            out.push_str(&rest[..open]);
            match Placeholder::named(&after[..close]).and_then(&value) {
                Some(v) => {
                    out.push_str(&v);
                    rest = &after[close + 1..];
                }
                // Not one to expand: the brace stays, and the scan goes on after it.
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// The placeholders' names ([`Placeholder::ALL`]).
pub const PLACEHOLDERS: [&str; 9] = {
    let mut names = [""; 9];
    let mut i = 0;
    while i < 9 {
        names[i] = Placeholder::ALL[i].name();
        i += 1;
    }
    names
};

/// Reads every definition of a file of `[[external]]` tables.
pub fn load_file(path: &Path, checks: Checks) -> Result<Vec<Definition>, DefinitionError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| DefinitionError {
        at: Location::file(&file),
        message: format!("cannot read: {e}"),
        hint: None,
    })?;
    let parsed: DefinitionsFile = toml::from_str(&text).map_err(|e| toml_error(&file, &text, &e))?;
    let here = path.parent().unwrap_or(Path::new("."));
    let mut out: Vec<Definition> = Vec::new();
    for table in parsed.external {
        let def = table.resolve(&file, &text, here, checks)?;
        out.push(def);
    }
    check_unique(&out, &file)?;
    Ok(out)
}

/// Every name at most once: a second definition of a name is refused where it is written, naming
/// where the first one is (`file` stands in for a definition read from no file).
pub fn check_unique(defs: &[Definition], file: &str) -> Result<(), DefinitionError> {
    for (i, d) in defs.iter().enumerate() {
        if let Some(first) = defs[..i].iter().find(|e| e.name == d.name) {
            let at = d.at.clone().unwrap_or_else(|| Location::file(file));
            let earlier = match &first.at {
                Some(place) => format!(" (first at {place})"),
                None => String::new(),
            };
            return Err(DefinitionError {
                at,
                message: format!("external solver '{}' is defined twice{earlier}", d.name),
                hint: Some("give each definition its own name".into()),
            });
        }
    }
    Ok(())
}

/// A TOML reader error, located.
pub fn toml_error(file: &str, text: &str, e: &toml::de::Error) -> DefinitionError {
    let at = e.span().map_or_else(|| Location::file(file), |s| Location::of_offset(file, text, s.start));
    DefinitionError { at, message: e.message().trim_end().to_string(), hint: None }
}

impl DefinitionFile {
    /// Checks the table and resolves it: `file` and `text` locate errors, `here` is the folder
    /// relative programs and `{here}` refer to, `checks` says which names are taken and which
    /// programs must exist.
    pub fn resolve(self, file: &str, text: &str, here: &Path, checks: Checks) -> Result<Definition, DefinitionError> {
        let at = |span: Range<usize>, message: String, hint: Option<String>| DefinitionError {
            at: Location::of_offset(file, text, span.start),
            message,
            hint,
        };
        let name = self.name.get_ref().clone();
        if let Err((why, hint)) = check_name(&name) {
            return Err(at(self.name.span(), why, Some(hint)));
        }
        if (checks.reserved)(&name) {
            return Err(at(
                self.name.span(),
                format!("'{name}' is a built-in solver's name"),
                Some(format!("call it e.g. '{name}-ext'")),
            ));
        }
        let input = Input::ALL.into_iter().find(|i| i.name() == self.input.get_ref()).ok_or_else(|| {
            let names: Vec<&str> = Input::ALL.iter().map(|i| i.name()).collect();
            at(self.input.span(), format!("unknown input '{}'", self.input.get_ref()), Some(names.join(", ")))
        })?;
        let answer = Answer::ALL.into_iter().find(|a| a.name() == self.answer.get_ref()).ok_or_else(|| {
            let names: Vec<&str> = Answer::ALL.iter().map(|a| a.name()).collect();
            at(self.answer.span(), format!("unknown answer '{}'", self.answer.get_ref()), Some(names.join(", ")))
        })?;
        if !input.answers().contains(&answer) {
            let fits: Vec<&str> = input.answers().iter().map(|a| a.name()).collect();
            return Err(at(
                self.answer.span(),
                format!("a solver reading {} cannot answer {}", input.name(), answer.name()),
                Some(format!("with input = \"{}\", answer = {}", input.name(), fits.join(" or "))),
            ));
        }
        let model = match (&self.model, input) {
            (Some(m), Input::Mps | Input::Lp) => Some(match m.get_ref().as_str() {
                "edge" => Model::Edge,
                "clique" => Model::Clique,
                other => return Err(at(m.span(), format!("unknown model '{other}'"), Some("edge or clique".into()))),
            }),
            (None, Input::Mps | Input::Lp) => {
                return Err(at(
                    self.input.span(),
                    format!("input {} needs a model", input.name()),
                    Some("add model = \"clique\" (or \"edge\")".into()),
                ))
            }
            (Some(m), _) => {
                return Err(at(
                    m.span(),
                    format!("model applies to mps and lp inputs, not {}", input.name()),
                    Some("leave it out".into()),
                ))
            }
            (None, _) => None,
        };
        let dialect = match &self.dialect {
            None => Dialect::Auto,
            Some(d) if answer != Answer::MipSolution => {
                return Err(at(d.span(), "dialect applies to answer = \"mip-solution\" only".into(), None))
            }
            Some(d) => {
                let value = toml::Value::String(d.get_ref().clone());
                Dialect::deserialize(value).map_err(|_| {
                    at(
                        d.span(),
                        format!("unknown dialect '{}'", d.get_ref()),
                        Some("auto, cbc, scip, highs, glpk or gurobi".into()),
                    )
                })?
            }
        };
        let threads = match &self.threads {
            None => 1,
            Some(t) => u32::try_from(*t.get_ref()).ok().filter(|&t| (1..=1024).contains(&t)).ok_or_else(|| {
                at(t.span(), format!("threads = {} is not a core count", t.get_ref()), Some("1 to 1024".into()))
            })?,
        };
        let written = Written {
            command: self.command.get_ref().clone(),
            version: match self.version.as_ref().map(|v| v.get_ref().clone()) {
                None => Vec::new(),
                Some(VersionCommand::Argv(v)) => v,
                Some(VersionCommand::Shell(s)) => vec!["sh".into(), "-c".into(), s],
            },
            env: self.env.as_ref().map(|e| e.get_ref().clone()).unwrap_or_default(),
        };
        let here_text = absolute(here).display().to_string();
        let resolve_here =
            |arg: &str| Placeholder::expand(arg, |p| (p == Placeholder::Here).then(|| here_text.clone()));
        let mut command: Vec<String> = self.command.get_ref().iter().map(|a| resolve_here(a)).collect();
        if command.is_empty() || command[0].trim().is_empty() {
            return Err(at(
                self.command.span(),
                "command is empty".into(),
                Some("command = [\"program\", \"{input}\", …]".into()),
            ));
        }
        let version = match self.version.as_ref().map(|v| (v.span(), v.get_ref().clone())) {
            None => Vec::new(),
            Some((_, VersionCommand::Argv(v))) if !v.is_empty() => v.iter().map(|a| resolve_here(a)).collect(),
            Some((span, VersionCommand::Argv(_))) => {
                return Err(at(span, "version is empty".into(), Some("version = [\"program\", \"--version\"]".into())))
            }
            Some((_, VersionCommand::Shell(s))) => vec!["sh".into(), "-c".into(), resolve_here(&s)],
        };
        let env: BTreeMap<String, String> = written.env.iter().map(|(k, v)| (k.clone(), resolve_here(v))).collect();
        // Each unknown placeholder is located at the key that holds it.
        let env_span = self.env.as_ref().map_or(self.command.span(), |e| e.span());
        let version_span = self.version.as_ref().map_or(self.command.span(), |v| v.span());
        let places = [(&command, self.command.span()), (&version, version_span)];
        let args = places
            .iter()
            .flat_map(|(args, span)| args.iter().map(move |a| (a, span.clone())))
            .chain(env.values().map(|v| (v, env_span.clone())));
        for (arg, span) in args {
            if let Some(bad) = unknown_placeholder(arg) {
                return Err(at(
                    span,
                    format!("unknown placeholder {{{bad}}} in '{arg}'"),
                    Some(format!("placeholders: {}", PLACEHOLDERS.map(|p| format!("{{{p}}}")).join(", "))),
                ));
            }
        }
        let uses_input = command.iter().chain(env.values()).any(|a| a.contains("{input}"));
        if !uses_input {
            return Err(at(
                self.command.span(),
                "the command never names {input}, the file it is to solve".into(),
                Some("pass \"{input}\" where the program expects its input file".into()),
            ));
        }
        match resolve_program(&command[0], here) {
            Ok(program) => command[0] = program,
            Err((_, why)) if (checks.wanted)(&name) => {
                return Err(at(
                    self.command.span(),
                    why,
                    Some("install it (scripts/setup-peers.sh installs the peers) or give its path".into()),
                ))
            }
            Err((program, _)) => command[0] = program,
        }
        let written = Some(written);
        let place = Some(Location::of_offset(file, text, self.name.span().start));
        let def =
            Definition { name, input, model, command, answer, dialect, threads, version, env, written, at: place };
        if def.writes_proof() && input.extension() != "cnf" {
            return Err(at(
                self.command.span(),
                format!("{{proof}} is checked against the CNF the solver reads, but input = \"{}\"", input.name()),
                Some("use input = \"cnf\" (or \"cnf-minimal\"), or drop {proof}".into()),
            ));
        }
        if answer == Answer::Minisat && !def.writes_output_file() {
            return Err(at(
                self.answer.span(),
                "MiniSat writes its answer to a result file, but the command names no {output}".into(),
                Some("add \"{output}\" after \"{input}\"".into()),
            ));
        }
        Ok(def)
    }
}

/// Longest external solver name, bytes. The name becomes part of file names — the logs of a run
/// that did not answer are `<instance>-<name>.stdout` (an instance id has at most 20 digits) —
/// and a file name may not exceed 255 bytes on the usual file systems.
pub const MAX_NAME_BYTES: usize = 255 - 20 - "-".len() - ".stdout".len();

/// Checks a solver name: letters, digits, `-`, `_` and `.`, not `.` or `..`, not starting with
/// `-` (it would read as a flag), no `+` (it separates a variant's base from its label), at most
/// [`MAX_NAME_BYTES`]. The error is (what is wrong, a hint).
pub fn check_name(name: &str) -> Result<(), (String, String)> {
    let name_ok = |c: char| c.is_ascii_alphanumeric() || "-_.".contains(c);
    let letters = "use letters, digits, '-', '_' and '.'";
    if name.is_empty() || !name.chars().all(name_ok) {
        let plus = if name.contains('+') { " ('+' separates a variant's base from its label)" } else { "" };
        return Err((format!("'{name}' is no solver name{plus}"), letters.into()));
    }
    if name == "." || name == ".." {
        return Err((format!("'{name}' is no solver name: it names a folder"), letters.into()));
    }
    if name.starts_with('-') {
        return Err((format!("'{name}' is no solver name: it would read as a flag"), "start it with a letter".into()));
    }
    if name.len() > MAX_NAME_BYTES {
        return Err((
            format!("the solver name is {} bytes long, longer than file names may be", name.len()),
            format!("at most {MAX_NAME_BYTES} bytes"),
        ));
    }
    Ok(())
}

/// The first `{…}` of `arg` that is no placeholder.
fn unknown_placeholder(arg: &str) -> Option<String> {
    let mut rest = arg;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let close = after.find('}')?;
        let name = &after[..close];
        if Placeholder::named(name).is_none() {
            return Some(name.to_string());
        }
        rest = &after[close + 1..];
    }
    None
}

/// `path` made absolute against the current folder (left as it is when that is unknown).
fn absolute(path: &Path) -> PathBuf {
    if path.is_absolute() {
        return path.to_path_buf();
    }
    std::env::current_dir().map(|d| d.join(path)).unwrap_or_else(|_| path.to_path_buf())
}

/// The program to start: a path with a `/` (relative to `here`), which must be an executable
/// file, or a name found on `PATH`. The error carries the program as it would be started.
fn resolve_program(program: &str, here: &Path) -> Result<String, (String, String)> {
    if program.contains('/') {
        let path = if Path::new(program).is_absolute() { PathBuf::from(program) } else { absolute(here).join(program) };
        // `./solve.sh` is the file beside the definition: drop the `.` steps.
        let path: PathBuf = path.components().filter(|c| *c != std::path::Component::CurDir).collect();
        let shown = path.display().to_string();
        return if is_executable(&path) {
            Ok(shown)
        } else if path.is_dir() {
            Err((shown.clone(), format!("program {shown} is a directory, not a program")))
        } else if path.exists() {
            Err((shown.clone(), format!("program {shown} is not executable")))
        } else {
            Err((shown.clone(), format!("program {shown} does not exist")))
        };
    }
    if on_path(program) {
        return Ok(program.to_string());
    }
    Err((program.to_string(), format!("program '{program}' is not on PATH")))
}

/// True when `program` names an executable file in a folder of `PATH`.
pub fn on_path(program: &str) -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).any(|dir| is_executable(&dir.join(program)))
}

/// Checks that a definition's program exists now (for a definition read with it unwanted).
pub fn check_program(def: &Definition) -> Result<(), String> {
    let program = &def.command[0];
    let ok = if program.contains('/') { is_executable(Path::new(program)) } else { on_path(program) };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "external solver {}: program {program} is not there (install it: scripts/setup-peers.sh installs the peers)",
            def.name
        ))
    }
}

/// True for an executable regular file.
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_placeholder_expands_to_its_value_and_anything_else_stays() {
        let value = |p: Placeholder| match p {
            Placeholder::Input => Some("/w/in.cnf".to_string()),
            Placeholder::LimitS => Some("7".to_string()),
            _ => None,
        };
        assert_eq!(Placeholder::expand("-t={limit_s} {input}", value), "-t=7 /w/in.cnf");
        assert_eq!(Placeholder::expand("{seed}:{x}:{input", value), "{seed}:{x}:{input");
        assert_eq!(Placeholder::expand("{{input}}", value), "{/w/in.cnf}");
        assert_eq!(PLACEHOLDERS.len(), Placeholder::ALL.len());
        assert!(Placeholder::ALL.iter().all(|&p| Placeholder::named(p.name()) == Some(p)));
    }

    fn builtin(name: &str) -> bool {
        name == "sat" || name == "all"
    }

    const CHECKS: Checks = Checks { reserved: &builtin, wanted: &|_| true };

    fn parse(text: &str) -> Result<Vec<Definition>, DefinitionError> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("solvers.toml");
        std::fs::write(&path, text).unwrap();
        load_file(&path, CHECKS)
            .map_err(|e| DefinitionError { at: Location { file: "solvers.toml".into(), ..e.at }, ..e })
    }

    #[test]
    fn a_definition_is_read_with_its_defaults() {
        let defs = parse(
            "[[external]]\nname = \"my-sat\"\ninput = \"cnf\"\ncommand = [\"sh\", \"{input}\"]\nanswer = \"sat-competition\"\n",
        )
        .unwrap();
        assert_eq!(defs.len(), 1);
        let d = &defs[0];
        assert_eq!((d.name.as_str(), d.input, d.answer, d.threads), ("my-sat", Input::Cnf, Answer::SatCompetition, 1));
        assert_eq!(d.command, ["sh", "{input}"]);
        assert!(!d.writes_output_file());
    }

    #[test]
    fn bad_definitions_are_located_and_explained() {
        let head = "[[external]]\nname = \"x\"\n";
        let cases = [
            (format!("{head}input = \"cnf\"\ncommand = [\"sh\", \"{{input}}\"]\nanswer = \"grid\"\n"), 5, "cannot answer grid"),
            (format!("{head}input = \"cnf\"\ncommand = [\"sh\", \"{{input}}\"]\nanswer = \"sat-competition\"\ncolour = 1\n"), 6, "unknown field `colour`"),
            (format!("{head}input = \"cnf\"\ncommand = [\"no-such-solver-xyz\", \"{{input}}\"]\nanswer = \"sat-competition\"\n"), 4, "is not on PATH"),
            (format!("{head}input = \"mps\"\ncommand = [\"sh\", \"{{input}}\"]\nanswer = \"mip-solution\"\n"), 3, "needs a model"),
            (format!("{head}input = \"cnf\"\ncommand = [\"sh\", \"{{input}}\", \"{{limit}}\"]\nanswer = \"sat-competition\"\n"), 4, "unknown placeholder {limit}"),
            (format!("{head}input = \"cnf\"\ncommand = [\"sh\"]\nanswer = \"sat-competition\"\n"), 4, "never names {input}"),
            (format!("{head}input = \"cnf\"\ncommand = [\"sh\", \"{{input}}\"]\nanswer = \"minisat\"\n"), 5, "names no {output}"),
            (format!("{head}input = \"grid\"\ncommand = [\"sh\", \"{{input}}\", \"{{proof}}\"]\nanswer = \"grid\"\n"), 4, "{proof} is checked against the CNF"),
            ("[[external]]\nname = \"sat\"\ninput = \"cnf\"\ncommand = [\"sh\", \"{input}\"]\nanswer = \"minisat\"\n".into(), 2, "built-in"),
            (format!("{head}input = \"xml\"\ncommand = [\"sh\", \"{{input}}\"]\nanswer = \"grid\"\n"), 3, "unknown input 'xml'"),
            (format!("{head}input = \"grid\"\ncommand = [\"./nope.sh\", \"{{input}}\"]\nanswer = \"grid\"\n"), 4, "does not exist"),
        ];
        for (text, line, expected) in cases {
            let e = parse(&text).unwrap_err();
            assert_eq!(e.at.line, line, "{e}");
            assert!(e.to_string().contains(expected), "{e}");
            assert!(e.to_string().starts_with(&format!("solvers.toml:{line}:")), "{e}");
        }
    }

    #[test]
    fn a_dzn_solver_answers_as_minizinc_or_as_a_grid_and_may_take_its_limit_in_milliseconds() {
        let def = |answer: &str| {
            format!(
                "[[external]]\nname = \"mzn\"\ninput = \"dzn\"\n\
                 command = [\"sh\", \"--time-limit\", \"{{limit_ms}}\", \"model.mzn\", \"{{input}}\"]\nanswer = \"{answer}\"\n"
            )
        };
        let d = parse(&def("minizinc")).unwrap().remove(0);
        assert_eq!((d.input, d.answer, d.input.extension()), (Input::Dzn, Answer::Minizinc, "dzn"));
        assert_eq!(parse(&def("grid")).unwrap()[0].answer, Answer::Grid);
        let e = parse(&def("sat-competition")).unwrap_err();
        assert_eq!((e.at.line, e.at.column), (5, 10), "{e}");
        assert!(e.message.contains("a solver reading dzn cannot answer sat-competition"), "{e}");
        assert_eq!(e.hint.as_deref(), Some("with input = \"dzn\", answer = minizinc or grid"), "{e}");
        let e = parse(&def("minizinc").replace("\"dzn\"", "\"grid\"")).unwrap_err();
        assert!(e.message.contains("a solver reading grid cannot answer minizinc"), "{e}");
    }

    #[test]
    fn names_that_clash_with_variants_files_or_flags_are_refused_where_they_are_written() {
        let long = "x".repeat(MAX_NAME_BYTES + 1);
        let cases = [
            ("my+sat", "'+' separates a variant"),
            (".", "it names a folder"),
            ("..", "it names a folder"),
            ("-v", "it would read as a flag"),
            (long.as_str(), "longer than file names may be"),
            ("a b", "is no solver name"),
        ];
        for (name, expected) in cases {
            let text = format!(
                "[[external]]\ninput = \"cnf\"\nname = \"{name}\"\ncommand = [\"sh\", \"{{input}}\"]\nanswer = \"sat-competition\"\n"
            );
            let e = parse(&text).unwrap_err();
            assert_eq!((e.at.line, e.at.column), (3, 8), "{name}: {e}");
            assert!(e.to_string().contains(expected), "{name}: {e}");
            assert!(e.hint.is_some(), "{name}: {e}");
        }
        let longest = "x".repeat(MAX_NAME_BYTES);
        assert!(check_name(&longest).is_ok());
        assert!(check_name("minisat-2.2_b").is_ok());
    }

    #[test]
    fn a_name_defined_twice_is_reported_with_both_places() {
        let dir = tempfile::tempdir().unwrap();
        let def =
            "[[external]]\nname = \"twin\"\ninput = \"grid\"\ncommand = [\"sh\", \"{input}\"]\nanswer = \"grid\"\n";
        let (a, b) = (dir.path().join("a.toml"), dir.path().join("b.toml"));
        std::fs::write(&a, def).unwrap();
        std::fs::write(&b, format!("# another file\n{def}")).unwrap();
        let mut defs = load_file(&a, CHECKS).unwrap();
        defs.extend(load_file(&b, CHECKS).unwrap());
        let e = check_unique(&defs, "--external").unwrap_err();
        assert_eq!((e.at.file.as_str(), e.at.line, e.at.column), (b.to_str().unwrap(), 3, 8), "{e}");
        assert!(e.message.contains(&format!("defined twice (first at {}:2:8)", a.display())), "{e}");
        // Twice in one file: the second is located, the first named.
        let e = parse(&format!("{def}{def}")).unwrap_err();
        assert_eq!(e.at.line, 7, "{e}");
        assert!(e.message.contains("solvers.toml:2:8"), "{e}");
    }

    #[test]
    fn a_bad_placeholder_is_located_at_the_key_that_holds_it_and_a_folder_is_no_program() {
        let head = "[[external]]\nname = \"x\"\ninput = \"grid\"\ncommand = [\"sh\", \"{input}\"]\nanswer = \"grid\"\n";
        let e = parse(&format!("{head}env = {{ A = \"{{nope}}\" }}\n")).unwrap_err();
        assert_eq!((e.at.line, e.at.column), (6, 7), "{e}");
        assert!(e.message.contains("unknown placeholder {nope}"), "{e}");
        let e = parse(&format!("{head}version = [\"sh\", \"{{nope}}\"]\n")).unwrap_err();
        assert_eq!((e.at.line, e.at.column), (6, 11), "{e}");
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("solver")).unwrap();
        let path = dir.path().join("s.toml");
        std::fs::write(&path, head.replace("[\"sh\"", "[\"./solver\"")).unwrap();
        let e = load_file(&path, CHECKS).unwrap_err();
        assert!(e.message.ends_with("solver is a directory, not a program"), "{e}");
        assert_eq!(e.at.line, 4, "{e}");
    }

    #[test]
    fn here_is_the_definition_folder_and_survives_a_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("solve.sh");
        std::fs::write(&script, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
        let path = dir.path().join("s.toml");
        std::fs::write(
            &path,
            "[[external]]\nname = \"mine\"\ninput = \"grid\"\ncommand = [\"./solve.sh\", \"{input}\", \"{here}/x\"]\nanswer = \"grid\"\nthreads = 2\n",
        )
        .unwrap();
        let d = load_file(&path, CHECKS).unwrap().remove(0);
        assert_eq!(d.command[0], script.display().to_string());
        assert_eq!(d.command[2], format!("{}/x", dir.path().display()));
        let json = serde_json::to_value(&d).unwrap();
        assert_eq!(serde_json::from_value::<Definition>(json).unwrap(), d);
    }
}
