//! The portfolio against its own members: on every instance where `portfolio` and each of its
//! default members (backtrack, sat, kissat) ran side by side, the portfolio's time over the best
//! member's, per N and over all, and which member won. The portfolio pays for starting its worker
//! processes, and its members share the cores, so the question is how much it costs over the
//! per-instance best — the solver one would have picked with hindsight.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::experiment::record::RunRow;
use crate::results::{fmt_num, fmt_seconds, stats, InstanceKey, Results};
use crate::solve::portfolio::DEFAULT_MEMBERS;
use crate::solve::SolverKind;

/// One instance where the portfolio and all its members ran.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Race {
    pub n: usize,
    /// The portfolio's seconds (the results' clock); `None` when it did not finish.
    pub portfolio: Option<f64>,
    /// The fastest member that finished: its name and seconds; `None` when none finished.
    pub best: Option<(String, f64)>,
    /// The member the portfolio's row names as the winner.
    pub winner: Option<String>,
}

/// The races of the results: instances with a `portfolio` row and a row of every default member.
pub(crate) fn races(results: &Results) -> Vec<Race> {
    let portfolio_name = SolverKind::Portfolio.name();
    let members: Vec<&str> = DEFAULT_MEMBERS.iter().map(|k| k.name()).collect();
    // One race per instance and solver seed: the portfolio's run with a seed against its members'
    // runs with the same seed (every solver of an instance gets the same seeds).
    let mut by_instance: BTreeMap<(InstanceKey, Option<u64>), Vec<&RunRow>> = BTreeMap::new();
    for r in results.rows.iter().filter(|r| r.solver == portfolio_name || members.contains(&r.solver.as_str())) {
        by_instance.entry((InstanceKey::of(r), r.solver_seed)).or_default().push(r);
    }
    let finished = |r: &RunRow| results.finished_seconds(r);
    by_instance
        .into_iter()
        .filter_map(|((key, _), rows)| {
            let portfolio = rows.iter().find(|r| r.solver == portfolio_name)?;
            let member_rows: Vec<&&RunRow> = rows.iter().filter(|r| r.solver != portfolio_name).collect();
            if !members.iter().all(|m| member_rows.iter().any(|r| r.solver == *m)) {
                return None;
            }
            let best = member_rows
                .iter()
                .filter_map(|r| Some((r.solver.clone(), finished(r)?)))
                .min_by(|a, b| a.1.total_cmp(&b.1));
            Some(Race { n: key.n, portfolio: finished(portfolio), best, winner: portfolio.winner.clone() })
        })
        .collect()
}

/// The races of one N (or all), summed up.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Tally {
    pub races: usize,
    /// t(portfolio) / t(best member) where both finished.
    pub ratios: Vec<f64>,
    /// t(portfolio) − t(best member), seconds, where both finished.
    pub overheads: Vec<f64>,
    /// Instances the portfolio finished and no member did, and the reverse.
    pub only_portfolio: usize,
    pub only_members: usize,
    /// Wins per member, from the portfolio's `winner` column.
    pub winners: BTreeMap<String, usize>,
}

impl Tally {
    fn add(&mut self, race: &Race) {
        self.races += 1;
        match (race.portfolio, &race.best) {
            (Some(p), Some((_, b))) => {
                self.ratios.push(p / b.max(1e-9));
                self.overheads.push(p - b);
            }
            (Some(_), None) => self.only_portfolio += 1,
            (None, Some(_)) => self.only_members += 1,
            (None, None) => {}
        }
        if let Some(w) = &race.winner {
            *self.winners.entry(w.clone()).or_default() += 1;
        }
    }

    /// The winners as `sat 11, backtrack 5`, most wins first.
    fn winners_text(&self) -> String {
        let mut w: Vec<(&String, &usize)> = self.winners.iter().collect();
        w.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let parts: Vec<String> = w.iter().map(|(name, k)| format!("{name} {k}")).collect();
        if parts.is_empty() {
            "—".to_owned()
        } else {
            parts.join(", ")
        }
    }
}

/// Tallies per N and over all races (`None` key).
pub(crate) fn tallies(races: &[Race]) -> BTreeMap<Option<usize>, Tally> {
    let mut out: BTreeMap<Option<usize>, Tally> = BTreeMap::new();
    for race in races {
        out.entry(Some(race.n)).or_default().add(race);
        out.entry(None).or_default().add(race);
    }
    out
}

/// The section, when the results hold races.
pub(crate) fn section(out: &mut String, races: &[Race]) {
    if races.is_empty() {
        return;
    }
    let members: Vec<&str> = DEFAULT_MEMBERS.iter().map(|k| k.name()).collect();
    out.push_str("## The portfolio against its best member\n\n");
    let _ = write!(
        out,
        "On every instance where `portfolio` and each of its members ({}) ran, the portfolio's time is set against \
         the best member's on that instance (the fastest one to finish, as if chosen with hindsight). The overhead is \
         the difference in time: starting the worker processes and, when the members outnumber the cores, their \
         sharing of the cores. *Only portfolio* and *only members* count the instances one side finished and the \
         other did not.\n\n",
        members.join(", ")
    );
    out.push_str(
        "| N | instances | both finished | median t(portfolio)/t(best) | median overhead | max overhead | only portfolio | only members | winners |\n|---|---|---|---|---|---|---|---|---|\n",
    );
    let mut rows: Vec<(Option<usize>, Tally)> = tallies(races).into_iter().collect();
    rows.rotate_left(1); // the pooled row (key `None`, first in the map) goes last
    for (n, t) in rows {
        let median = |v: &[f64], fmt: fn(f64) -> String| stats::median(v).map_or_else(|| "—".to_owned(), fmt);
        let max = t.overheads.iter().copied().reduce(f64::max).map_or_else(|| "—".to_owned(), fmt_seconds);
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {max} | {} | {} | {} |",
            n.map_or_else(|| "all".to_owned(), |n| n.to_string()),
            t.races,
            t.ratios.len(),
            median(&t.ratios, fmt_num),
            median(&t.overheads, fmt_seconds),
            t.only_portfolio,
            t.only_members,
            t.winners_text()
        );
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn race(n: usize, portfolio: Option<f64>, best: Option<f64>, winner: &str) -> Race {
        Race { n, portfolio, best: best.map(|b| ("sat".to_owned(), b)), winner: Some(winner.to_owned()) }
    }

    #[test]
    fn tallies_set_the_portfolio_against_the_best_member_per_size_and_pooled() {
        let races = [
            race(9, Some(0.012), Some(0.002), "backtrack"),
            race(9, Some(0.013), Some(0.001), "backtrack"),
            race(36, Some(30.0), Some(20.0), "sat"),
            race(36, Some(100.0), None, "kissat"),
            race(36, None, Some(250.0), "sat"),
        ];
        let t = tallies(&races);
        let nine = &t[&Some(9)];
        assert_eq!(nine.ratios, vec![6.0, 13.0]);
        assert!((nine.overheads[0] - 0.010).abs() < 1e-12);
        let all = &t[&None];
        assert_eq!((all.races, all.ratios.len(), all.only_portfolio, all.only_members), (5, 3, 1, 1));
        assert_eq!(all.winners_text(), "backtrack 2, sat 2, kissat 1");
        let mut text = String::new();
        section(&mut text, &races);
        assert!(text.contains("| all | 5 | 3 | 6.00 |"), "{text}");
        assert!(text.ends_with("| 1 | 1 | backtrack 2, sat 2, kissat 1 |\n\n"), "{text}");
    }

    #[test]
    fn the_pooled_row_comes_last() {
        let races = [race(9, Some(0.012), Some(0.000_01), "backtrack")];
        let mut out = String::new();
        section(&mut out, &races);
        let rows: Vec<&str> = out.lines().filter(|l| l.starts_with("| 9 |") || l.starts_with("| all |")).collect();
        assert_eq!(rows.len(), 2);
        assert!(rows[1].starts_with("| all |"), "the pooled row comes last: {out}");
    }

    #[test]
    fn no_race_no_section() {
        let mut out = String::new();
        section(&mut out, &[]);
        assert!(out.is_empty());
    }
}
