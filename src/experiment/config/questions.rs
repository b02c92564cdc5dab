//! `[[questions]]`: the confirmatory questions a config declares before its report is read. Each
//! names the solvers compared (a pair, or a set: every pair in it), the cell (a group, an N, a set
//! of α levels; each left out pools over it), the measure (wall or CPU seconds) and the estimand.
//! The report adjusts these questions alone as one family and gives them simultaneous intervals;
//! every other comparison it prints is exploratory ([`crate::results`]).
//!
//! A question changes no run: it is left out of the config's identity ([`super::Config::identity`]),
//! so declaring one on a finished folder's config (and in its `meta.json`) keeps its digest.

use serde::{Deserialize, Serialize};

use crate::grid::Shape;

/// The time a question compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Measure {
    /// Wall-clock seconds, the results' clock (set-up + search unless on the search-only clock).
    #[default]
    Wall,
    /// CPU seconds of the run's processes (fair to a solver that uses several cores).
    Cpu,
}

/// What a question estimates and tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Estimand {
    /// The geometric mean over instances of t(a)/t(b) (the mean log ratio), an unfinished run at
    /// the PAR-2 penalty; tested by the paired sign-flip test of the mean log ratio, its interval
    /// that test inverted.
    #[default]
    GeometricMeanRatio,
}

/// One declared question, as written in the config and recorded in `meta.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// The solvers compared, at least two, each a solver of the config: every pair among them.
    pub solvers: Vec<String>,
    /// The group (a mode such as `planted`, `qwh`, `planted/balanced`, or a set's name); every
    /// group pooled when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// The size N; every size pooled when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub n: Option<usize>,
    /// The α levels pooled (each one of the config's); every level when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alphas: Vec<f64>,
    /// Wall or CPU seconds.
    #[serde(default, skip_serializing_if = "is_wall")]
    pub measure: Measure,
    /// The quantity estimated and tested.
    #[serde(default, skip_serializing_if = "is_default_estimand")]
    pub estimand: Estimand,
}

/// True for the default measure (left out of a written config).
fn is_wall(m: &Measure) -> bool {
    *m == Measure::Wall
}

/// True for the default estimand (left out of a written config).
fn is_default_estimand(e: &Estimand) -> bool {
    *e == Estimand::default()
}

/// What a config offers a question to name: its solvers, groups, sizes and α levels.
pub(super) struct Offered<'a> {
    /// The config's solver names.
    pub solvers: Vec<&'a str>,
    /// The group names its runs fall in.
    pub groups: Vec<String>,
    /// Its box shapes (their N are the sizes).
    pub boxes: &'a [Shape],
    /// Its α levels.
    pub alphas: &'a [f64],
}

/// Checks `questions` against what the config offers; a refusal is (its key `questions[i]`, what
/// is wrong), which the resolver locates.
pub(super) fn check(questions: &[Question], offered: &Offered<'_>) -> Result<(), (String, String)> {
    for (i, q) in questions.iter().enumerate() {
        let key = format!("questions[{i}]");
        let refuse = |message: String| (key.clone(), message);
        if q.solvers.len() < 2 {
            return Err(refuse(format!("solvers: a question compares at least two solvers, not {}", q.solvers.len())));
        }
        for (j, s) in q.solvers.iter().enumerate() {
            if !offered.solvers.contains(&s.as_str()) {
                return Err(refuse(format!(
                    "solvers[{j}]: '{s}' is no solver of this config ({})",
                    offered.solvers.join(", ")
                )));
            }
            if q.solvers[..j].contains(s) {
                return Err(refuse(format!("solvers[{j}]: '{s}' is named twice")));
            }
        }
        if let Some(group) = &q.group {
            if !offered.groups.contains(group) {
                return Err(refuse(format!(
                    "group: '{group}' is no group of this config ({})",
                    offered.groups.join(", ")
                )));
            }
        }
        if let Some(n) = q.n {
            if !offered.boxes.iter().any(|b| b.n() == n) {
                return Err(refuse(format!("n: {n} is no size of this config")));
            }
        }
        for (j, a) in q.alphas.iter().enumerate() {
            if !offered.alphas.iter().any(|b| (a - b).abs() < 1e-9) {
                return Err(refuse(format!("alphas[{j}]: {a} is no α of this config")));
            }
            if q.alphas[..j].iter().any(|b| (a - b).abs() < 1e-9) {
                return Err(refuse(format!("alphas[{j}]: {a} is named twice")));
            }
        }
        if let Some(dup) = questions[..i].iter().position(|p| same_cell(p, q)) {
            return Err(refuse(format!("asks what questions[{dup}] asks: one question per cell and measure")));
        }
    }
    Ok(())
}

/// True when two questions ask of the same solvers, cell and measure.
fn same_cell(a: &Question, b: &Question) -> bool {
    let mut sa = a.solvers.clone();
    let mut sb = b.solvers.clone();
    sa.sort();
    sb.sort();
    sa == sb && a.group == b.group && a.n == b.n && a.alphas == b.alphas && a.measure == b.measure
}
