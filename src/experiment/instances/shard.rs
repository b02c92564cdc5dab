//! Shards: slice I of K of an experiment holds the instance ids with id mod K = I − 1 (round
//! robin, so every shard gets a similar mix of sizes), written `I/K` on the command line and in
//! `meta.json`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::experiment::config::Config;

/// One of K disjoint slices of an experiment: `index` of `count`, 1-based, written `I/K`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Shard {
    /// Which slice, 1..=count.
    pub index: usize,
    /// How many slices.
    pub count: usize,
}

impl Shard {
    /// True when instance `id` belongs to this slice.
    pub fn contains(self, id: usize) -> bool {
        id % self.count == self.index - 1
    }

    /// Refuses more slices than `config` (read from `source`) has instances: some would be empty,
    /// a mis-sized job array rather than an experiment.
    pub fn check(self, config: &Config, source: &str) -> Result<(), String> {
        let total = config.instance_count();
        if self.count <= total {
            return Ok(());
        }
        Err(format!(
            "{source} has {total} instances, so at most {total} shards (with {} some would be empty)",
            self.count
        ))
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("'{s}' is not a shard: expected I/K with 1 ≤ I ≤ K, e.g. 1/4");
        let (i, k) = s.split_once('/').ok_or_else(bad)?;
        let (index, count): (usize, usize) =
            (i.trim().parse().map_err(|_| bad())?, k.trim().parse().map_err(|_| bad())?);
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl TryFrom<String> for Shard {
    type Error = String;

    fn try_from(s: String) -> Result<Shard, String> {
        s.parse()
    }
}

impl From<Shard> for String {
    fn from(s: Shard) -> String {
        s.to_string()
    }
}

/// The ids of the instances in `shard` (all of them when `None`), in canonical order.
pub fn shard_ids(config: &Config, shard: Option<Shard>) -> std::iter::StepBy<std::ops::Range<usize>> {
    let (first, step) = shard.map_or((0, 1), |s| (s.index - 1, s.count));
    (first..config.instance_count()).step_by(step)
}
