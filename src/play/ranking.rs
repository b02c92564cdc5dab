//! Best times: a top-10 table per size and difficulty (`9x9-easy`, …).
//!
//! Entries are ordered by time (fastest first), then by score (highest first); each keeps the
//! player, the score, mistakes, hints and the date. A game the computer solved is not ranked.

use std::collections::BTreeMap;

use crate::experiment::meta::rfc3339;
use serde::{Deserialize, Serialize};

/// Entries kept per category.
pub const TOP: usize = 10;

/// One finished game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankEntry {
    /// The player's name.
    pub player: String,
    /// Play time, milliseconds.
    pub millis: u64,
    /// Final score.
    pub score: i64,
    /// Mistakes made.
    pub mistakes: u32,
    /// Hints asked for.
    pub hints: u32,
    /// The date, `YYYY-MM-DD` (UTC).
    pub date: String,
}

/// The ranking of every category.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ranking {
    /// Category name → entries, best first.
    pub categories: BTreeMap<String, Vec<RankEntry>>,
}

impl Ranking {
    /// Adds `entry` to `category`; returns its 1-based rank if it made the top 10.
    pub fn record(&mut self, category: &str, entry: RankEntry) -> Option<usize> {
        let list = self.categories.entry(category.to_string()).or_default();
        let at = list.partition_point(|e| (e.millis, -e.score) <= (entry.millis, -entry.score));
        if at >= TOP {
            return None;
        }
        list.insert(at, entry);
        list.truncate(TOP);
        Some(at + 1)
    }

    /// The entries of `category`, best first.
    pub fn top(&self, category: &str) -> &[RankEntry] {
        self.categories.get(category).map_or(&[], Vec::as_slice)
    }

    /// The best time of `category`, milliseconds.
    pub fn best_millis(&self, category: &str) -> Option<u64> {
        self.top(category).first().map(|e| e.millis)
    }
}

/// `YYYY-MM-DD` of a Unix time (UTC): the date part of [`rfc3339`].
pub fn date_of(unix_seconds: u64) -> String {
    rfc3339(unix_seconds)[..10].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(player: &str, millis: u64, score: i64) -> RankEntry {
        RankEntry { player: player.into(), millis, score, mistakes: 0, hints: 0, date: "2026-01-01".into() }
    }

    #[test]
    fn faster_ranks_first_and_a_tie_goes_to_the_higher_score() {
        let mut r = Ranking::default();
        assert_eq!(r.record("9x9-easy", entry("a", 60_000, 100)), Some(1));
        assert_eq!(r.record("9x9-easy", entry("b", 30_000, 50)), Some(1));
        assert_eq!(r.record("9x9-easy", entry("c", 60_000, 900)), Some(2));
        let names: Vec<&str> = r.top("9x9-easy").iter().map(|e| e.player.as_str()).collect();
        assert_eq!(names, ["b", "c", "a"]);
        assert_eq!(r.best_millis("9x9-easy"), Some(30_000));
        assert!(r.top("4x4-easy").is_empty());
    }

    #[test]
    fn only_the_top_ten_are_kept() {
        let mut r = Ranking::default();
        for i in 0..10 {
            r.record("4x4-easy", entry("p", 1000 + i, 0));
        }
        assert_eq!(r.record("4x4-easy", entry("slow", 99_999, 0)), None);
        assert_eq!(r.record("4x4-easy", entry("fast", 1, 0)), Some(1));
        assert_eq!(r.top("4x4-easy").len(), TOP);
    }

    #[test]
    fn dates_are_civil_utc_dates() {
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(951_782_400), "2000-02-29");
        assert_eq!(date_of(1_767_225_600), "2026-01-01");
    }
}
