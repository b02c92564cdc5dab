//! A definition table checked and resolved, key by key: one function per key (or per group of
//! keys that constrain each other: an input and the answers it allows, a model and its input),
//! each returning the resolved value or a [`Refused`] at the value's place in the file;
//! [`DefinitionFile::resolve`] calls them in the order of the module doc of [`super`] and turns a
//! refusal into a [`DefinitionError`] at its line and column.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

use toml::Spanned;

use super::file::{DefinitionFile, VersionCommand};
use super::placeholder::unknown_placeholder;
use super::program::{absolute, resolve_program};
use super::{Answer, Checks, Definition, DefinitionError, Dialect, Input, Model, Placeholder, Written, PLACEHOLDERS};
use crate::format::{Location, Word};

/// Longest external solver name, bytes. The name becomes part of file names — the logs of a run
/// that did not answer are `<instance>-<name>.stdout` (an instance id has at most 20 digits) —
/// and a file name may not exceed 255 bytes on the usual file systems.
pub const MAX_NAME_BYTES: usize = 255 - 20 - "-".len() - ".stdout".len();

/// A value refused: where it is written (its span in the file's text), what is wrong, and what
/// would be right.
#[derive(Debug, Clone, PartialEq)]
struct Refused {
    span: Range<usize>,
    message: String,
    hint: Option<String>,
}

/// Refuses the value written at `span`.
fn refuse(span: Range<usize>, message: impl Into<String>, hint: Option<&str>) -> Refused {
    Refused { span, message: message.into(), hint: hint.map(str::to_string) }
}

/// A definition's command, version command and environment, resolved.
struct Commands {
    command: Vec<String>,
    version: Vec<String>,
    env: BTreeMap<String, String>,
}

impl DefinitionFile {
    /// Checks the table and resolves it: `file` and `text` locate errors, `here` is the folder
    /// relative programs and `{here}` refer to, `checks` says which names are taken and which
    /// programs must exist.
    pub fn resolve(self, file: &str, text: &str, here: &Path, checks: Checks) -> Result<Definition, DefinitionError> {
        let located = |r: Refused| DefinitionError {
            at: Location::of_offset(file, text, r.span.start),
            message: r.message,
            hint: r.hint,
        };
        let name = name(&self.name, checks).map_err(located)?;
        let (input, answer) = input_and_answer(&self.input, &self.answer).map_err(located)?;
        let model = model(self.model.as_ref(), input, self.input.span()).map_err(located)?;
        let dialect = dialect(self.dialect.as_ref(), answer).map_err(located)?;
        let threads = threads(self.threads.as_ref()).map_err(located)?;
        let written = self.written();
        let Commands { command, version, env } = self.commands(here, (checks.wanted)(&name)).map_err(located)?;
        let at = Some(Location::of_offset(file, text, self.name.span().start));
        let written = Some(written);
        let def = Definition { name, input, model, command, answer, dialect, threads, version, env, written, at };
        self.outputs(&def).map_err(located)?;
        Ok(def)
    }

    /// `command`, `version` and `env` as the file wrote them.
    fn written(&self) -> Written {
        Written {
            command: self.command.get_ref().clone(),
            version: match self.version.as_ref().map(|v| v.get_ref().clone()) {
                None => Vec::new(),
                Some(VersionCommand::Argv(v)) => v,
                Some(VersionCommand::Shell(s)) => vec!["sh".into(), "-c".into(), s],
            },
            env: self.env.as_ref().map(|e| e.get_ref().clone()).unwrap_or_default(),
        }
    }

    /// `command`, `version` and `env` resolved: `{here}` expanded to the file's folder, no other
    /// placeholder unknown, the input named, the program found (it must be there when `wanted`:
    /// a solver that will run).
    fn commands(&self, here: &Path, wanted: bool) -> Result<Commands, Refused> {
        let here_text = absolute(here).display().to_string();
        let resolve_here =
            |arg: &str| Placeholder::expand(arg, |p| (p == Placeholder::Here).then(|| here_text.clone()));
        let mut command: Vec<String> = self.command.get_ref().iter().map(|a| resolve_here(a)).collect();
        if command.is_empty() || command[0].trim().is_empty() {
            let hint = "command = [\"program\", \"{input}\", …]";
            return Err(refuse(self.command.span(), "command is empty", Some(hint)));
        }
        let version = match self.version.as_ref().map(|v| (v.span(), v.get_ref().clone())) {
            None => Vec::new(),
            Some((_, VersionCommand::Argv(v))) if !v.is_empty() => v.iter().map(|a| resolve_here(a)).collect(),
            Some((span, VersionCommand::Argv(_))) => {
                return Err(refuse(span, "version is empty", Some("version = [\"program\", \"--version\"]")))
            }
            Some((_, VersionCommand::Shell(s))) => vec!["sh".into(), "-c".into(), resolve_here(&s)],
        };
        let env: BTreeMap<String, String> = self
            .env
            .as_ref()
            .map(|e| e.get_ref().iter().map(|(k, v)| (k.clone(), resolve_here(v))).collect())
            .unwrap_or_default();
        self.placeholders(&command, &version, &env)?;
        if !command.iter().chain(env.values()).any(|a| a.contains("{input}")) {
            return Err(refuse(
                self.command.span(),
                "the command never names {input}, the file it is to solve",
                Some("pass \"{input}\" where the program expects its input file"),
            ));
        }
        command[0] = match resolve_program(&command[0], here) {
            Ok(program) => program,
            Err((_, why)) if wanted => {
                let hint = "install it (scripts/setup-peers.sh installs the peers) or give its path";
                return Err(refuse(self.command.span(), why, Some(hint)));
            }
            Err((program, _)) => program,
        };
        Ok(Commands { command, version, env })
    }

    /// No unknown placeholder in the command, the version command or the environment, each
    /// located at the key that holds it.
    fn placeholders(
        &self,
        command: &[String],
        version: &[String],
        env: &BTreeMap<String, String>,
    ) -> Result<(), Refused> {
        let env_span = self.env.as_ref().map_or(self.command.span(), |e| e.span());
        let version_span = self.version.as_ref().map_or(self.command.span(), |v| v.span());
        let places = [(command, self.command.span()), (version, version_span)];
        let args = places
            .iter()
            .flat_map(|(args, span)| args.iter().map(move |a| (a, span.clone())))
            .chain(env.values().map(|v| (v, env_span.clone())));
        for (arg, span) in args {
            if let Some(bad) = unknown_placeholder(arg) {
                let hint = format!("placeholders: {}", PLACEHOLDERS.map(|p| format!("{{{p}}}")).join(", "));
                return Err(refuse(span, format!("unknown placeholder {{{bad}}} in '{arg}'"), Some(&hint)));
            }
        }
        Ok(())
    }

    /// The files the command names fit its input and answer: `{proof}` only for a CNF input,
    /// `{output}` for MiniSat's result file.
    fn outputs(&self, def: &Definition) -> Result<(), Refused> {
        if def.writes_proof() && def.input.extension() != "cnf" {
            return Err(refuse(
                self.command.span(),
                format!("{{proof}} is checked against the CNF the solver reads, but input = \"{}\"", def.input.name()),
                Some("use input = \"cnf\" (or \"cnf-minimal\"), or drop {proof}"),
            ));
        }
        if def.answer == Answer::Minisat && !def.writes_output_file() {
            return Err(refuse(
                self.answer.span(),
                "MiniSat writes its answer to a result file, but the command names no {output}",
                Some("add \"{output}\" after \"{input}\""),
            ));
        }
        Ok(())
    }
}

/// `name`: a solver name ([`check_name`]) that no built-in solver has.
fn name(name: &Spanned<String>, checks: Checks) -> Result<String, Refused> {
    let (span, name) = (name.span(), name.get_ref().clone());
    if let Err((why, hint)) = check_name(&name) {
        return Err(refuse(span, why, Some(&hint)));
    }
    if (checks.reserved)(&name) {
        let hint = format!("call it e.g. '{name}-ext'");
        return Err(refuse(span, format!("'{name}' is a built-in solver's name"), Some(&hint)));
    }
    Ok(name)
}

/// `input` and `answer`: known words, and an answer a solver of that input can give.
fn input_and_answer(input: &Spanned<Word<Input>>, answer: &Spanned<Word<Answer>>) -> Result<(Input, Answer), Refused> {
    let input_word = input.get_ref().variant().map_err(|word| {
        let names: Vec<&str> = Input::ALL.iter().map(|i| i.name()).collect();
        refuse(input.span(), format!("unknown input '{word}'"), Some(&names.join(", ")))
    })?;
    let answer_word = answer.get_ref().variant().map_err(|word| {
        let names: Vec<&str> = Answer::ALL.iter().map(|a| a.name()).collect();
        refuse(answer.span(), format!("unknown answer '{word}'"), Some(&names.join(", ")))
    })?;
    let (input, answer_span, answer) = (input_word, answer.span(), answer_word);
    if !input.answers().contains(&answer) {
        let fits: Vec<&str> = input.answers().iter().map(|a| a.name()).collect();
        return Err(refuse(
            answer_span,
            format!("a solver reading {} cannot answer {}", input.name(), answer.name()),
            Some(&format!("with input = \"{}\", answer = {}", input.name(), fits.join(" or "))),
        ));
    }
    Ok((input, answer))
}

/// `model`: given exactly for an `mps` or `lp` input (whose `input` is written at `input_span`),
/// as `edge` or `clique`.
fn model(
    model: Option<&Spanned<Word<Model>>>,
    input: Input,
    input_span: Range<usize>,
) -> Result<Option<Model>, Refused> {
    match (model, input) {
        (Some(m), Input::Mps | Input::Lp) => m
            .get_ref()
            .variant()
            .map(Some)
            .map_err(|word| refuse(m.span(), format!("unknown model '{word}'"), Some("edge or clique"))),
        (None, Input::Mps | Input::Lp) => Err(refuse(
            input_span,
            format!("input {} needs a model", input.name()),
            Some("add model = \"clique\" (or \"edge\")"),
        )),
        (Some(m), _) => Err(refuse(
            m.span(),
            format!("model applies to mps and lp inputs, not {}", input.name()),
            Some("leave it out"),
        )),
        (None, _) => Ok(None),
    }
}

/// `dialect`: for answer `mip-solution` only, [`Dialect::Auto`] when left out.
fn dialect(dialect: Option<&Spanned<Word<Dialect>>>, answer: Answer) -> Result<Dialect, Refused> {
    match dialect {
        None => Ok(Dialect::Auto),
        Some(d) if answer != Answer::MipSolution => {
            Err(refuse(d.span(), "dialect applies to answer = \"mip-solution\" only", None))
        }
        Some(d) => d.get_ref().variant().map_err(|word| {
            refuse(d.span(), format!("unknown dialect '{word}'"), Some("auto, cbc, scip, highs, glpk or gurobi"))
        }),
    }
}

/// `threads`: 1 to 1024 cores, 1 when left out.
fn threads(threads: Option<&Spanned<i64>>) -> Result<u32, Refused> {
    match threads {
        None => Ok(1),
        Some(t) => u32::try_from(*t.get_ref()).ok().filter(|&t| (1..=1024).contains(&t)).ok_or_else(|| {
            refuse(t.span(), format!("threads = {} is not a core count", t.get_ref()), Some("1 to 1024"))
        }),
    }
}

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
