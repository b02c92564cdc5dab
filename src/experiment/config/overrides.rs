//! What the command line puts in place of a config file's values: `run --repeats`,
//! `run --time-limit` and `run --solver-seeds`, checked as the keys they replace are.

use serde::{Deserialize, Serialize};

use super::size::Size;
use super::Config;

/// What `run --repeats` and `run --time-limit` put in place of a config file's `repeats` and
/// `time_limit`. The config then holds the values run, and `meta.json` keeps these beside it
/// (`overrides`), so a resume with other overrides is refused as a different config and says why.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Overrides {
    /// `--repeats`: instances per (box, mode, level) of the generated grid (a set keeps its own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repeats: Option<u32>,
    /// `--time-limit`: seconds per solve.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_limit: Option<f64>,
    /// `--solver-seeds`: runs of every (instance, solver), each with its own solver seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solver_seeds: Option<u32>,
}

impl Overrides {
    /// True when nothing is overridden.
    pub fn is_empty(&self) -> bool {
        self.repeats.is_none() && self.time_limit.is_none() && self.solver_seeds.is_none()
    }
}

impl std::fmt::Display for Overrides {
    /// The flags that give them (`--repeats 1 --time-limit 0.5`), or `no overrides`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut flags = Vec::new();
        flags.extend(self.repeats.map(|r| format!("--repeats {r}")));
        flags.extend(self.time_limit.map(|t| format!("--time-limit {t}")));
        flags.extend(self.solver_seeds.map(|k| format!("--solver-seeds {k}")));
        match flags.is_empty() {
            true => f.write_str("no overrides"),
            false => f.write_str(&flags.join(" ")),
        }
    }
}

impl Config {
    /// Puts `overrides` in place of the file's `repeats` and `time_limit`, checked as those keys
    /// are (at least one repeat, a time limit [`crate::solve::check_seconds`] accepts, at most
    /// [`super::MAX_RUNS`] runs); an error names the flag and what it expects. `--repeats` on a config
    /// that generates no instances (sets only, each with its own `repeats`) is refused.
    pub fn apply(&mut self, overrides: Overrides) -> Result<(), String> {
        if let Some(repeats) = overrides.repeats {
            if repeats == 0 {
                return Err("--repeats 0 makes an empty grid of runs; give 1 or more".into());
            }
            if self.generated_count() == 0 {
                return Err(format!(
                    "--repeats: experiment '{}' generates no instances (its [[sets]] each have their own `repeats`)",
                    self.name
                ));
            }
            self.repeats = repeats;
            Size::of(self).check().map_err(|e| format!("--repeats {repeats}: {}", e.counted_together()))?;
        }
        if let Some(seconds) = overrides.time_limit {
            self.time_limit = crate::solve::check_seconds(seconds).map_err(|why| format!("--time-limit: {why}"))?;
        }
        if let Some(k) = overrides.solver_seeds {
            if !(1..=super::resolve::MAX_SOLVER_SEEDS).contains(&k) {
                return Err(format!(
                    "--solver-seeds {k}: give 1 (one run per instance and solver) to {}",
                    super::resolve::MAX_SOLVER_SEEDS
                ));
            }
            self.solver_seeds = k;
            Size::of(self).check().map_err(|e| format!("--solver-seeds {k}: {}", e.counted_together()))?;
        }
        self.overrides = overrides;
        Ok(())
    }
}
