//! The solvers of a config: registry solvers by name, and **variants** — a registry solver under a
//! name of its own with options changed, for ablations (issue: ILP deep-dive).
//!
//! In a config, `solvers` lists names and inline tables side by side:
//!
//! ```toml
//! solvers = [
//!     "ilp-clique",
//!     { name = "ilp-clique+ipm", solver = "ilp-clique", highs_options = { mip_lp_solver = "ipm" } },
//!     { name = "ilp-clique+propagate", solver = "ilp-clique", propagate = true },
//! ]
//! ```
//!
//! A variant's name is `BASE+label`, BASE the solver it varies: the name is the `solver` column of
//! `runs.csv`, and the report and plots read the paradigm (and the default it is compared with)
//! from the part before `+`. Its keys are the options of [`SolverOptions`] a config may vary:
//! `presolve`, `highs_options` (HiGHS option names and values; strings, numbers or booleans),
//! `perturb` (the HiGHS MIP solvers), `propagate` (every MIP solver), `preprocess` (the SAT
//! solvers: `sat`, `sat-minimal`, `kissat`, and the `portfolio`, which passes it on) and `members`
//! (the `portfolio`: the solvers it races), `root` (`ilp-edge`, `ilp-clique`, `ilp-pop`,
//! `ilp-placement`: stop at the root LP relaxation, [`SolverOptions::root`]); `ilp-hybrid` reads `highs_options` only (set on each of
//! its LP solves, after its own LP options), and so does `ilp-placement` (set on its master LP and
//! its pool's MIP). A key the solver does not
//! read, a variant that changes nothing, or a HiGHS option HiGHS refuses is an error, before any
//! results folder is touched. The resolved entry serialises back to the same form, so
//! `meta.json`'s config is itself a valid config.
//!
//! A name that is no registry solver names an external solver ([`crate::external`]), defined in
//! the config's `external`; the config checks that it is defined ([`Runs::External`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::solve::{SolverKind, SolverOptions};

/// One solver of a config: its name (the `solver` column), what runs and its options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Item", into = "Item")]
pub struct SolverEntry {
    /// The name in `runs.csv`: the registry name, the variant's `BASE+label`, or the external
    /// solver's name.
    pub name: String,
    /// What runs under that name.
    pub runs: Runs,
    /// Its options (the defaults for a registry solver and for an external one).
    pub options: SolverOptions,
}

/// What a config's solver entry runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Runs {
    /// A registry solver.
    Registry(SolverKind),
    /// The external solver the config defines under the entry's name.
    External,
}

impl SolverEntry {
    /// A registry solver with default options.
    pub fn plain(kind: SolverKind) -> SolverEntry {
        SolverEntry { name: kind.name().to_string(), runs: Runs::Registry(kind), options: SolverOptions::default() }
    }

    /// The external solver named `name`.
    pub fn external(name: &str) -> SolverEntry {
        SolverEntry { name: name.to_string(), runs: Runs::External, options: SolverOptions::default() }
    }

    /// The registry solver that runs, if any.
    pub fn kind(&self) -> Option<SolverKind> {
        match self.runs {
            Runs::Registry(kind) => Some(kind),
            Runs::External => None,
        }
    }

    /// Reads a `solvers` item of a config file: a name or a variant table (unknown keys refused).
    pub fn from_toml(value: toml::Value) -> Result<SolverEntry, String> {
        match value {
            toml::Value::String(name) => SolverEntry::try_from(Item::Name(name)),
            toml::Value::Table(table) => {
                let v = VariantFile::deserialize(table).map_err(|e| e.to_string().trim_end().to_string())?;
                SolverEntry::try_from(Item::Variant(v))
            }
            other => Err(format!(
                "expected a solver name or a variant table {{ name = …, solver = …, … }}, found {}",
                other.type_str()
            )),
        }
    }

    /// True for a variant (a name and options of its own).
    pub fn is_variant(&self) -> bool {
        self.kind().is_some_and(|kind| self.name != kind.name())
    }
}

/// A `solvers` item as written: a name, or a variant table.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Item {
    /// A registry solver.
    Name(String),
    /// A variant.
    Variant(VariantFile),
}

/// A variant table as written (see the module doc).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantFile {
    /// `BASE+label`.
    pub name: String,
    /// The registry solver it varies.
    pub solver: String,
    /// HiGHS presolve (default on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub presolve: Option<bool>,
    /// Singles to a fixpoint before building.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub propagate: bool,
    /// A perturbed objective.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub perturb: bool,
    /// Logic preprocessing before encoding (the SAT solvers).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub preprocess: bool,
    /// The solvers a `portfolio` races.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<String>,
    /// Further HiGHS options.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub highs_options: BTreeMap<String, Scalar>,
    /// Stop at the root LP relaxation (the ILP solvers).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub root: bool,
}

/// A HiGHS option value as TOML writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Scalar {
    /// `true`/`false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A real number.
    Float(f64),
    /// Text.
    Text(String),
}

impl Scalar {
    /// The value as HiGHS's text setter reads it.
    fn text(&self) -> String {
        match self {
            Scalar::Bool(b) => b.to_string(),
            Scalar::Int(i) => i.to_string(),
            Scalar::Float(f) => f.to_string(),
            Scalar::Text(s) => s.clone(),
        }
    }
}

impl TryFrom<Item> for SolverEntry {
    type Error = String;

    fn try_from(item: Item) -> Result<SolverEntry, String> {
        match item {
            Item::Name(name) => match name.parse() {
                Ok(kind) => Ok(SolverEntry::plain(kind)),
                // Not a registry solver: an external one, which the config must define.
                Err(_) => Ok(SolverEntry::external(&name)),
            },
            Item::Variant(v) => variant(v),
        }
    }
}

impl From<SolverEntry> for Item {
    fn from(entry: SolverEntry) -> Item {
        if !entry.is_variant() {
            return Item::Name(entry.name);
        }
        let Runs::Registry(kind) = entry.runs else { return Item::Name(entry.name) };
        let o = entry.options;
        Item::Variant(VariantFile {
            name: entry.name,
            solver: kind.name().to_string(),
            presolve: (!o.presolve).then_some(false),
            propagate: o.propagate,
            perturb: o.perturb,
            preprocess: o.preprocess,
            members: o.members.iter().map(|m| m.name().to_string()).collect(),
            highs_options: o.highs_options.into_iter().map(|(k, v)| (k, Scalar::Text(v))).collect(),
            root: o.root,
        })
    }
}

/// Solvers that run HiGHS and so read `presolve`, `perturb` and `highs_options`.
pub fn runs_highs(kind: SolverKind) -> bool {
    matches!(kind, SolverKind::IlpEdge | SolverKind::IlpClique | SolverKind::IlpPop)
}

/// Solvers that can stop at their root LP relaxation and so read `root`.
pub fn stops_at_root(kind: SolverKind) -> bool {
    runs_highs(kind) || kind == SolverKind::IlpPlacement
}

/// Solvers that build a MIP model and so read `propagate`.
pub fn builds_mip(kind: SolverKind) -> bool {
    runs_highs(kind) || kind == SolverKind::IlpCliqueCbc
}

/// Solvers that encode to CNF and so read `preprocess` (the portfolio passes it to its members).
pub fn encodes_cnf(kind: SolverKind) -> bool {
    matches!(kind, SolverKind::Sat | SolverKind::SatMinimal | SolverKind::Kissat | SolverKind::Portfolio)
}

/// A tuning option: its name, whether it is set, which solvers read it, and those solvers' names.
type OptionCheck = (&'static str, bool, fn(SolverKind) -> bool, &'static str);

/// The first tuning option set in `options` (differing from the defaults) that none of `kinds`
/// reads, as (option name, the solvers that read it): the CLI refuses what a config refuses.
pub fn unread_option(options: &SolverOptions, kinds: &[SolverKind]) -> Option<(&'static str, &'static str)> {
    let defaults = SolverOptions::default();
    let highs_or_hybrid =
        |k: SolverKind| runs_highs(k) || matches!(k, SolverKind::IlpHybrid | SolverKind::IlpPlacement);
    let checks: [OptionCheck; 9] = [
        (
            "highs-option",
            !options.highs_options.is_empty(),
            highs_or_hybrid,
            "ilp-edge, ilp-clique, ilp-pop, ilp-hybrid, ilp-placement",
        ),
        (
            "threads",
            options.threads != defaults.threads,
            highs_or_hybrid,
            "ilp-edge, ilp-clique, ilp-pop, ilp-hybrid, ilp-placement",
        ),
        ("presolve", options.presolve != defaults.presolve, runs_highs, "ilp-edge, ilp-clique, ilp-pop"),
        ("perturb", options.perturb, runs_highs, "ilp-edge, ilp-clique, ilp-pop"),
        ("reduce", options.reduce, |k| k == SolverKind::IlpEdge, "ilp-edge"),
        ("propagate", options.propagate, builds_mip, "ilp-edge, ilp-clique, ilp-pop, ilp-clique-cbc"),
        ("preprocess", options.preprocess, encodes_cnf, "sat, sat-minimal, kissat, portfolio"),
        ("members", !options.members.is_empty(), |k| k == SolverKind::Portfolio, "portfolio"),
        ("root", options.root, stops_at_root, "ilp-edge, ilp-clique, ilp-pop, ilp-placement"),
    ];
    checks
        .into_iter()
        .find(|&(_, set, reads, _)| set && !kinds.iter().any(|&k| reads(k)))
        .map(|(name, _, _, who)| (name, who))
}

/// Resolves and checks a variant table.
fn variant(v: VariantFile) -> Result<SolverEntry, String> {
    let kind: SolverKind = v.solver.parse()?;
    let label = v.name.strip_prefix(kind.name()).and_then(|rest| rest.strip_prefix('+'));
    let label_ok = |l: &str| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || "-_.+".contains(c));
    if !label.is_some_and(label_ok) {
        return Err(format!(
            "variant name '{}' must be '{}+LABEL' (LABEL of letters, digits, '-', '_', '.', '+'): \
             the part before '+' says which solver it varies",
            v.name,
            kind.name()
        ));
    }
    let who = format!("variant {} ({})", v.name, kind.name());
    if matches!(kind, SolverKind::IlpHybrid | SolverKind::IlpPlacement) {
        // It builds no MIP and sets its own LP objective and presolve: HiGHS options only.
        let mip_only = [("presolve", v.presolve.is_some()), ("perturb", v.perturb), ("propagate", v.propagate)];
        if let Some((key, _)) = mip_only.iter().find(|(_, set)| *set) {
            let reads = if kind == SolverKind::IlpPlacement { "highs_options and root" } else { "highs_options" };
            return Err(format!("{who}: {} reads {reads} only, not {key}", kind.name()));
        }
    } else if !runs_highs(kind) {
        let highs_only = [
            ("presolve", v.presolve.is_some()),
            ("perturb", v.perturb),
            ("highs_options", !v.highs_options.is_empty()),
        ];
        if let Some((key, _)) = highs_only.iter().find(|(_, set)| *set) {
            return Err(format!("{who}: only the HiGHS solvers (ilp-edge, ilp-clique, ilp-pop) read {key}"));
        }
    }
    if v.propagate && !builds_mip(kind) {
        return Err(format!(
            "{who}: only the MIP solvers (ilp-edge, ilp-clique, ilp-pop, ilp-clique-cbc) read propagate"
        ));
    }
    if v.root && !stops_at_root(kind) {
        return Err(format!("{who}: only the ILP solvers (ilp-edge, ilp-clique, ilp-pop, ilp-placement) read root"));
    }
    if v.preprocess && !encodes_cnf(kind) {
        return Err(format!("{who}: only the SAT solvers (sat, sat-minimal, kissat) read preprocess"));
    }
    if !v.members.is_empty() && kind != SolverKind::Portfolio {
        return Err(format!("{who}: only the portfolio reads members"));
    }
    let members = v.members.iter().map(|m| m.parse()).collect::<Result<Vec<SolverKind>, String>>()?;
    crate::solve::portfolio::check_members(&members).map_err(|e| format!("{who}: members: {e}"))?;
    let highs_options: Vec<(String, String)> = v.highs_options.iter().map(|(k, s)| (k.clone(), s.text())).collect();
    crate::solve::ilp::check_highs_options(&highs_options).map_err(|e| format!("{who}: {e}"))?;
    let defaults = SolverOptions::default();
    let options = SolverOptions {
        presolve: v.presolve.unwrap_or(defaults.presolve),
        propagate: v.propagate,
        perturb: v.perturb,
        preprocess: v.preprocess,
        members,
        highs_options,
        root: v.root,
        ..defaults.clone()
    };
    if options == defaults {
        return Err(format!("{who} changes no option: list \"{}\" itself instead", kind.name()));
    }
    Ok(SolverEntry { name: v.name, runs: Runs::Registry(kind), options })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(toml_item: &str) -> Result<SolverEntry, String> {
        let table: toml::Table = toml::from_str(&format!("s = {toml_item}")).map_err(|e| e.to_string())?;
        SolverEntry::from_toml(table["s"].clone())
    }

    #[test]
    fn a_name_is_the_registry_solver_with_default_options() {
        let e = parse("\"ilp-clique\"").unwrap();
        assert_eq!(e, SolverEntry::plain(SolverKind::IlpClique));
        assert!(!e.is_variant());
    }

    #[test]
    fn a_variant_sets_its_options_and_round_trips() {
        let e = parse(
            r#"{ name = "ilp-clique+ipm", solver = "ilp-clique", propagate = true, presolve = false, highs_options = { mip_lp_solver = "ipm", mip_heuristic_effort = 0.3, mip_detect_symmetry = false } }"#,
        )
        .unwrap();
        assert!(e.is_variant());
        assert_eq!(
            (e.runs, e.options.propagate, e.options.presolve, e.options.perturb),
            (Runs::Registry(SolverKind::IlpClique), true, false, false)
        );
        assert_eq!(
            e.options.highs_options,
            [
                ("mip_detect_symmetry".to_string(), "false".to_string()),
                ("mip_heuristic_effort".to_string(), "0.3".to_string()),
                ("mip_lp_solver".to_string(), "ipm".to_string()),
            ]
        );
        let json = serde_json::to_string(&e).unwrap();
        assert_eq!(serde_json::from_str::<SolverEntry>(&json).unwrap(), e);
        assert_eq!(serde_json::to_string(&SolverEntry::plain(SolverKind::Sat)).unwrap(), "\"sat\"");
    }

    #[test]
    fn an_ilp_hybrid_variant_sets_highs_options() {
        let e =
            parse(r#"{ name = "ilp-hybrid+ipm", solver = "ilp-hybrid", highs_options = { solver = "ipm" } }"#).unwrap();
        assert_eq!(
            (e.runs, e.options.highs_options.clone()),
            (Runs::Registry(SolverKind::IlpHybrid), vec![("solver".into(), "ipm".into())])
        );
    }

    #[test]
    fn a_root_variant_stops_at_the_lp_and_round_trips() {
        for base in ["ilp-edge", "ilp-clique", "ilp-pop", "ilp-placement"] {
            let e = parse(&format!(r#"{{ name = "{base}+root", solver = "{base}", root = true }}"#)).unwrap();
            assert!(e.options.root && e.is_variant(), "{base}");
            let json = serde_json::to_string(&e).unwrap();
            assert!(json.contains(r#""root":true"#), "{json}");
            assert_eq!(serde_json::from_str::<SolverEntry>(&json).unwrap(), e);
        }
    }

    #[test]
    fn bad_variants_say_what_is_wrong() {
        let cases = [
            (r#"{ name = "fast", solver = "ilp-clique", propagate = true }"#, "must be 'ilp-clique+LABEL'"),
            (r#"{ name = "ilp-clique+", solver = "ilp-clique", propagate = true }"#, "must be 'ilp-clique+LABEL'"),
            (r#"{ name = "sat+p", solver = "sat", propagate = true }"#, "only the MIP solvers"),
            (r#"{ name = "backtrack+pre", solver = "backtrack", preprocess = true }"#, "only the SAT solvers"),
            (r#"{ name = "sat+m", solver = "sat", members = ["dlx"] }"#, "only the portfolio reads members"),
            (
                r#"{ name = "portfolio+self", solver = "portfolio", members = ["sat", "portfolio"] }"#,
                "cannot race itself",
            ),
            (
                r#"{ name = "portfolio+x", solver = "portfolio", members = ["sat", "glucose"] }"#,
                "unknown solver 'glucose'",
            ),
            (r#"{ name = "ilp-clique-cbc+x", solver = "ilp-clique-cbc", perturb = true }"#, "only the HiGHS solvers"),
            (r#"{ name = "ilp-clique+same", solver = "ilp-clique" }"#, "changes no option"),
            (r#"{ name = "ilp-hybrid+p", solver = "ilp-hybrid", propagate = true }"#, "reads highs_options only"),
            (r#"{ name = "ilp-hybrid+p", solver = "ilp-hybrid", presolve = false }"#, "reads highs_options only"),
            (r#"{ name = "ilp-hybrid+p", solver = "ilp-hybrid", perturb = true }"#, "reads highs_options only"),
            (r#"{ name = "sat+root", solver = "sat", root = true }"#, "only the ILP solvers"),
            (r#"{ name = "ilp-hybrid+root", solver = "ilp-hybrid", root = true }"#, "only the ILP solvers"),
            (
                r#"{ name = "ilp-placement+p", solver = "ilp-placement", propagate = true }"#,
                "reads highs_options and root only",
            ),
            (
                r#"{ name = "ilp-clique+x", solver = "ilp-clique", highs_options = { no_such_option = 1 } }"#,
                "HiGHS refuses option no_such_option = 1",
            ),
            (
                r#"{ name = "ilp-clique+x", solver = "ilp-clique", highs_options = { mip_lp_solver = "magic" } }"#,
                "HiGHS refuses option mip_lp_solver = magic",
            ),
            (r#"{ name = "x+y", solver = "gurobi" }"#, "unknown solver 'gurobi'"),
            (r#"{ name = "ilp-clique+x", solver = "ilp-clique", propagete = true }"#, "unknown field `propagete`"),
            ("3", "expected a solver name or a variant table"),
        ];
        for (item, expected) in cases {
            let err = parse(item).unwrap_err();
            assert!(err.contains(expected), "{item}: {err}");
        }
    }
}
