//! A file of definitions as written: `[[external]]` tables, read strictly, each field with its
//! place in the file (`toml::Spanned`) and every word naming a kind read by serde into a
//! [`Word`], so that [`DefinitionFile::resolve`] refuses what is wrong with a message of its own,
//! at the value's line and column.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::kinds::{Answer, Dialect, Input, Model};
use super::{Checks, Definition, DefinitionError};
use crate::format::{Location, Word};

/// A definition table as written, every field with its place in the file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DefinitionFile {
    pub(super) name: Spanned<String>,
    pub(super) input: Spanned<Word<Input>>,
    #[serde(default)]
    pub(super) model: Option<Spanned<Word<Model>>>,
    pub(super) command: Spanned<Vec<String>>,
    pub(super) answer: Spanned<Word<Answer>>,
    #[serde(default)]
    pub(super) dialect: Option<Spanned<Word<Dialect>>>,
    #[serde(default)]
    pub(super) threads: Option<Spanned<i64>>,
    #[serde(default)]
    pub(super) version: Option<Spanned<VersionCommand>>,
    #[serde(default)]
    pub(super) env: Option<Spanned<BTreeMap<String, String>>>,
}

/// `version` as written: an argv list, or one string run by `sh -c`.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub(super) enum VersionCommand {
    Argv(Vec<String>),
    Shell(String),
}

/// A file of definitions: `[[external]]` tables and nothing else.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DefinitionsFile {
    external: Vec<DefinitionFile>,
}

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
