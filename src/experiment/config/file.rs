//! The config file as written: every key it may hold, read strictly (an unknown key, a missing
//! key or a value of the wrong type is the TOML reader's error, with its line and column), and
//! where in the text a key's value is written, for the errors of the checks that follow
//! ([`super::resolve`]).

use serde::Deserialize;

use super::questions::Question;
use super::ConfigError;
use crate::experiment::sets::SetConfig;
use crate::external::definition::DefinitionFile;
use crate::format::{Location, Word};
use crate::generate::{Holes, Mode};
use crate::logic::Rating;

/// A config file as written: every key it may hold (any other key is an error).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ConfigFile {
    pub name: String,
    #[serde(default)]
    pub boxes: Vec<String>,
    #[serde(default)]
    pub sizes: Vec<usize>,
    #[serde(default)]
    pub latin: Vec<usize>,
    #[serde(default)]
    pub alphas: Vec<f64>,
    #[serde(default)]
    pub modes: Vec<Mode>,
    pub holes: Option<Vec<Holes>>,
    #[serde(default)]
    pub difficulties: Vec<Word<Rating>>,
    pub unique_budget: Option<f64>,
    pub repeats: Option<u32>,
    pub solver_seeds: Option<i64>,
    pub solvers: Vec<toml::Value>,
    pub time_limit: f64,
    pub memory_mb: Option<u64>,
    pub seed: u64,
    pub jobs: Option<usize>,
    #[serde(default)]
    pub external: Vec<ExternalItem>,
    #[serde(default)]
    pub sets: Vec<SetConfig>,
    pub certify: Option<bool>,
    #[serde(default)]
    pub questions: Vec<Question>,
}

/// An `external` item as written: a definition file's path, or an inline definition table.
#[derive(Debug)]
pub(super) enum ExternalItem {
    File(String),
    Table(Box<DefinitionFile>),
}

impl<'de> Deserialize<'de> for ExternalItem {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ExternalItem, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = ExternalItem;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a definition file's path or an [[external]] table")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<ExternalItem, E> {
                Ok(ExternalItem::File(v.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<ExternalItem, A::Error> {
                // Through the TOML reader's own map access, so the table's fields keep their spans.
                let table = DefinitionFile::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(ExternalItem::Table(Box::new(table)))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// Reads config `text` (from `source`) as a [`ConfigFile`]; the reader's error gets a hint when
/// the text writes `external` in both of its forms.
pub(super) fn read(text: &str, source: &str) -> Result<ConfigFile, ConfigError> {
    toml::from_str(text).map_err(|e| {
        let mut message = e.to_string().trim_end().to_string();
        if mixes_external_forms(text) {
            message.push_str(
                "\n(hint: `external = [...]` and `[[external]]` tables are two ways to write one key; \
                 use one of them: list files and tables together as external = [\"solvers.toml\", { name = … }], \
                 or give every definition as an [[external]] table)",
            );
        }
        ConfigError::Syntax { path: source.to_string(), message }
    })
}

/// True when `text` writes `external` both as a key (`external = [...]`) and as `[[external]]`
/// tables, which TOML refuses as a key defined twice.
fn mixes_external_forms(text: &str) -> bool {
    let lines = || text.lines().map(|l| l.split('#').next().unwrap_or("").trim().replace(' ', ""));
    lines().any(|l| l.starts_with("external=")) && lines().any(|l| l == "[[external]]")
}

/// Where the value of `key` (`name`, or a list item `solvers[1]`) is in the config's `text`; just
/// `source` when it cannot be found.
pub(super) fn located(source: &str, text: &str, key: &str) -> Location {
    let span = || -> Option<std::ops::Range<usize>> {
        let doc = toml_edit::ImDocument::parse(text).ok()?;
        let (name, index) = match key.split_once('[') {
            Some((name, rest)) => (name, Some(rest.split(']').next()?.parse::<usize>().ok()?)),
            None => (key, None),
        };
        match (doc.as_table().get(name)?, index) {
            (item, None) => item.span(),
            (toml_edit::Item::Value(value), Some(i)) => value.as_array()?.get(i)?.span(),
            (toml_edit::Item::ArrayOfTables(tables), Some(i)) => tables.get(i)?.span(),
            _ => None,
        }
    };
    match span() {
        Some(span) => Location::of_offset(source, text, span.start),
        None => Location::file(source),
    }
}
