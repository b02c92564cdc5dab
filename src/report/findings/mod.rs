//! The key findings at the top of the report: at most [`MAX_FINDINGS`] sentences, each with its
//! numbers and the table or figure it rests on, chosen to answer the study's questions in this
//! order: which paradigm is fastest at each size and by how much (and the PAR-2 ranking); how cost
//! grows with N, at the hardness peak and off it; where the peak lies and how it moves against the
//! Latin-square law; how much the model or encoding matters; ILP against backtracking, the origin
//! study's comparison; what stays unresolved and why. A finding goes first when the answers
//! cannot be trusted (disagreements, rejected solutions).
//!
//! A finding the data cannot support is left out rather than hedged: no fastest solver without two
//! solvers, no growth law from fewer than three uncensored sizes, no movement of the peak from one
//! located size, no ratio without instances both finished.
//!
//! Each finding is a value ([`Finding`], in [`super::finding`]): the question it answers, the
//! numbers it states and its sentence, written once by the function that chooses it ([`trust`],
//! [`speed`], [`laws`], [`seeds`], [`model`], [`root`]; the peers' finding by [`super::peers`]).

mod conclusions;
mod laws;
mod model;
mod root;
mod seeds;
mod speed;
mod trust;

use std::collections::BTreeSet;

use super::analysis::Analysis;
pub(crate) use super::finding::Finding;
use crate::experiment::figure::Figure;
use crate::results::{Group, Results, Uncertainty};
pub use conclusions::CONCLUSIONS_HEADING;
pub(crate) use trust::checked_by;

/// At most this many findings open a report.
pub const MAX_FINDINGS: usize = 8;

/// The mode the growth and peak findings speak of when there are several: planted instances are
/// solvable by construction, so their times are not mixed with proofs of infeasibility.
const PREFERRED_MODE: &str = "planted";

/// What the findings may cite: the figures present in the results folder (file stems).
#[derive(Debug, Clone, Default)]
pub(crate) struct Figures(pub BTreeSet<Figure>);

impl Figures {
    /// `, stem.png` when the figure exists, else nothing.
    fn cite(&self, stem: Figure) -> String {
        if self.0.contains(&stem) {
            format!(", {stem}.png")
        } else {
            String::new()
        }
    }
}

/// The findings, at most [`MAX_FINDINGS`], each one sentence with the numbers it states, every
/// estimate with its interval and n from `u`.
pub(crate) fn findings(results: &Results, analysis: &Analysis, u: &Uncertainty, figures: &Figures) -> Vec<Finding> {
    let ranking = ranking(results);
    let mut out = Vec::new();
    out.extend(trust::integrity(results));
    out.extend(trust::certification(results));
    out.extend(speed::fastest(analysis, u, figures));
    out.extend(super::peers::finding(&analysis.peers, u));
    out.extend(speed::par2(results, u, figures));
    let mode = preferred_mode(results);
    out.extend(mode.as_ref().and_then(|mode| root::root(u, mode)));
    out.extend(mode.as_ref().and_then(|mode| laws::growth(u, &ranking, mode, figures)));
    out.extend(mode.as_ref().and_then(|mode| laws::peak(u, &ranking, mode, figures)));
    out.extend(mode.as_ref().and_then(|mode| seeds::luck(u, &ranking, mode)));
    out.extend(model::encoding(analysis, u).or_else(|| model::variants(results, u)));
    out.extend(speed::origin(results, u, &ranking, mode.as_ref(), figures));
    out.extend(mode.as_ref().and_then(|mode| laws::unresolved(results, analysis, mode)));
    out.truncate(MAX_FINDINGS);
    out
}

/// The paragraphs of the Conclusions section ([`conclusions`]).
pub(crate) fn conclusions(results: &Results, analysis: &Analysis, u: &Uncertainty) -> Vec<String> {
    let mode = preferred_mode(results);
    let mut out = conclusions::conclusions(analysis, u, &ranking(results), mode.as_ref());
    out.extend(mode.as_ref().and_then(|mode| root::conclusion(u, mode)));
    out
}

/// The solvers by PAR-2 over all runs, best first.
fn ranking(results: &Results) -> Vec<String> {
    results.by_par2().into_iter().map(|(s, _)| s).collect()
}

/// The mode to speak of: [`PREFERRED_MODE`] when present, else the first with an α axis, else the
/// first; `None` without runs.
fn preferred_mode(results: &Results) -> Option<Group> {
    let modes = results.modes();
    if let Some(preferred) = modes.iter().find(|m| m.name() == PREFERRED_MODE) {
        return Some(preferred.clone());
    }
    modes.iter().find(|m| !m.is_unique()).or(modes.first()).cloned()
}

/// `backtrack` in prose: code-formatted.
fn code(solver: &str) -> String {
    super::inline_code(solver)
}

/// Sizes as `N = 9, 16, 25`.
fn sizes_text(sizes: &[usize]) -> String {
    let list: Vec<String> = sizes.iter().map(usize::to_string).collect();
    format!("N = {}", list.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;
    use crate::experiment::record::{RunOutcome, RunRow};
    use crate::report::finding::{Kind, What};

    fn results(rows: Vec<RunRow>) -> Results {
        Results::new(rows, None, None, Some(10.0))
    }

    /// The findings of `r` with its statistics.
    fn found_in(r: &Results) -> Vec<Finding> {
        findings(r, &Analysis::of(r), &r.uncertainty(), &Figures::default())
    }

    /// Planted instances at N = 9 and 16, α 0.2, 0.4 and 0.6, `per_cell` each, run by each of
    /// `solvers` (name, factor) in factor × a time drawn from the instance, four times as long at
    /// α = 0.4 (with a little noise of the solver's own).
    fn timed(solvers: &[(&str, f64)], per_cell: u32) -> Results {
        let mut rows = Vec::new();
        for (n, box_) in [(9, 3), (16, 4)] {
            for alpha in [0.2, 0.4, 0.6] {
                for rep in 0..per_cell {
                    let seed = u64::from(rep) + (n as u64) * 1000 + (alpha * 100.0) as u64;
                    // Four times as hard at α = 0.4: a hump inside the sweep.
                    let hump = if alpha == 0.4 { 4.0 } else { 1.0 };
                    let base = 0.001 * (n * n) as f64 * hump * (1.0 + (seed % 13) as f64 / 6.0);
                    for (i, (solver, factor)) in solvers.iter().enumerate() {
                        let noise = 1.0 + ((seed * 7 + i as u64 * 3) % 5) as f64 / 40.0;
                        rows.push(RunRow {
                            n,
                            box_rows: box_,
                            box_cols: box_,
                            alpha,
                            rep,
                            seed,
                            solver: (*solver).into(),
                            outcome: RunOutcome::Solved,
                            verified: Some(true),
                            seconds: base * factor * noise,
                            build_seconds: None,
                            // No effort statistic: the peak is of time.
                            nodes: None,
                            guesses: None,
                            backtracks: None,
                            ..row()
                        });
                    }
                }
            }
        }
        let meta = serde_json::json!({ "config": { "time_limit": 10.0, "seed": 3 } });
        Results::new(rows, Some(meta), None, Some(10.0))
    }

    /// Every number a finding states with an interval is a row of `estimates.csv` or
    /// `comparisons.csv` (the same value, interval and n), and a stated comparison names its
    /// winner only when it is decided.
    fn agree_with_their_tables(found: &[Finding], u: &Uncertainty) {
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1e-300);
        for f in found {
            for stated in f.numbers.iter().filter(|s| s.interval.is_some()) {
                let (low, high) = stated.interval.unwrap();
                let n = stated.instances.expect("an estimate states its n");
                if stated.what == What::Ratio {
                    let [slower, faster] = [&stated.solvers[0], &stated.solvers[1]];
                    let row = u
                        .comparisons
                        .iter()
                        .find(|c| {
                            c.test == crate::results::stats::Test::Wilcoxon
                                && Some(&c.scope) == stated.scope.as_ref()
                                && c.n == n
                                && ((&c.solver_a == slower && &c.solver_b == faster && close(c.ratio, stated.value))
                                    || (&c.solver_a == faster
                                        && &c.solver_b == slower
                                        && close(1.0 / c.ratio, stated.value)))
                        })
                        .unwrap_or_else(|| panic!("{stated:?} of {:?} is no row of comparisons.csv", f.kind));
                    let (l, h) = if close(row.ratio, stated.value) {
                        (row.ci_low, row.ci_high)
                    } else {
                        (1.0 / row.ci_high, 1.0 / row.ci_low)
                    };
                    assert!(close(l, low) && close(h, high) && row.p_adjusted == stated.p_adjusted, "{stated:?}");
                    assert!(stated.value >= 1.0, "a ratio is stated as t(slower)/t(faster): {stated:?}");
                } else {
                    let found = u.estimates.iter().any(|e| {
                        e.solver == stated.solvers[0]
                            && e.n == n
                            && close(e.estimate, stated.value)
                            && close(e.ci_low, low)
                            && close(e.ci_high, high)
                    });
                    assert!(found, "{stated:?} of {:?} is no row of estimates.csv", f.kind);
                }
            }
        }
    }

    #[test]
    fn two_copies_of_one_solver_are_named_by_no_finding_and_a_slower_one_loses_with_its_interval() {
        let r = timed(&[("same-a", 1.0), ("same-b", 1.0), ("slow", 4.0)], 8);
        let u = r.uncertainty();
        let found = found_in(&r);
        agree_with_their_tables(&found, &u);
        let fastest = found.iter().find(|f| f.kind == Kind::Fastest).expect("a fastest finding");
        assert!(fastest.text.contains("no significant difference between the two fastest"), "{}", fastest.text);
        assert!(!fastest.text.contains("ahead of"), "{}", fastest.text);
        let par2 = found.iter().find(|f| f.kind == Kind::Par2).expect("a PAR-2 finding");
        assert!(par2.text.contains("are not told apart"), "{}", par2.text);

        let r = timed(&[("fast", 1.0), ("slow", 4.0)], 8);
        let u = r.uncertainty();
        let found = found_in(&r);
        agree_with_their_tables(&found, &u);
        let fastest = found.iter().find(|f| f.kind == Kind::Fastest).expect("a fastest finding");
        assert!(fastest.text.contains("(`fast`) at every N, ahead of `slow` at N = 16 by "), "{}", fastest.text);
        let ratio = fastest.numbers_of(What::Ratio).next().expect("the margin");
        let (low, high) = ratio.interval.unwrap();
        assert!(low > 1.0 && (3.0..5.0).contains(&ratio.value) && high > ratio.value, "{ratio:?}");
        assert!(ratio.p_adjusted.is_some_and(|p| p < 0.05) && ratio.instances == Some(24), "{ratio:?}");
        assert!(fastest.text.contains("n = 24, p_adj "), "{}", fastest.text);
    }

    #[test]
    fn growth_and_peak_findings_state_their_intervals() {
        let r = timed(&[("fast", 1.0), ("slow", 4.0)], 8);
        let u = r.uncertainty();
        let found = found_in(&r);
        agree_with_their_tables(&found, &u);
        // Two sizes: no law is named.
        let growth = found.iter().find(|f| f.kind == Kind::Growth).expect("a growth finding");
        assert!(growth.text.contains("cannot be told apart from 2 sizes"), "{}", growth.text);
        let peak = found.iter().find(|f| f.kind == Kind::Peak).expect("a peak finding");
        assert_eq!(peak.numbers_of(What::PeakAlpha).count(), 2, "{peak:?}");
        let paragraphs = conclusions(&r, &Analysis::of(&r), &u);
        assert!(paragraphs.iter().any(|p| p.starts_with("**How cost grows with N.**")), "{paragraphs:?}");
        assert!(paragraphs.iter().any(|p| p.contains("at least 3 are needed")), "{paragraphs:?}");
    }

    #[test]
    fn the_committed_reports_findings_agree_with_their_tables() {
        // The folders git holds: a run on this checkout (the main job's results/quick) is not one.
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let listed = std::process::Command::new("git")
            .arg("-C")
            .arg(root)
            .args(["ls-files", "--", "results/*/runs.csv"])
            .output()
            .expect("git lists the committed results");
        assert!(listed.status.success(), "git ls-files: {}", String::from_utf8_lossy(&listed.stderr));
        let mut checked = 0;
        for runs in String::from_utf8_lossy(&listed.stdout).lines() {
            let dir = root.join(runs).parent().expect("a folder holds runs.csv").to_path_buf();
            let r = Results::load(&dir).unwrap_or_else(|e| panic!("{}: {e:#}", dir.display()));
            let u = r.uncertainty();
            agree_with_their_tables(&found_in(&r), &u);
            checked += 1;
        }
        assert!(checked >= 20, "only {checked} results folders");
    }

    #[test]
    fn a_wrong_answer_comes_first_and_clean_runs_say_nothing() {
        let clean = results(vec![row()]);
        assert!(trust::integrity(&clean).is_none());
        // The correct solver's row marked `agree = false` by an older release is no wrong answer.
        let old = results(vec![RunRow { agree: Some(false), ..row() }]);
        assert!(trust::integrity(&old).is_none());
        let liar = RunRow { solver: "liar".into(), outcome: RunOutcome::Infeasible, verified: None, ..row() };
        let bad = results(vec![row(), liar]);
        let found = found_in(&bad);
        assert_eq!(found[0].kind, Kind::Integrity, "{found:?}");
        let wrong: Vec<(&[String], f64)> =
            found[0].numbers_of(What::WrongRuns).map(|s| (s.solvers.as_slice(), s.value)).collect();
        assert_eq!(wrong, [(&[][..], 1.0), (&["liar".to_owned()][..], 1.0)]);
        assert!(found[0].text.starts_with("Check before trusting these numbers: 1 runs gave a wrong answer"));
        assert!(
            found[0]
                .text
                .contains("1 called a solvable instance (planted, or solved by another solver) infeasible (`liar` 1)"),
            "{}",
            found[0].text
        );
    }

    #[test]
    fn a_solver_that_says_infeasible_to_everything_ranks_last_however_fast() {
        let mut rows = Vec::new();
        for rep in 0..3 {
            let at = |solver: &str, outcome: &str, seconds: f64| RunRow {
                solver: solver.into(),
                outcome: crate::experiment::record::RunOutcome::parse(outcome).expect("an outcome's word"),
                seconds,
                rep,
                seed: u64::from(rep),
                verified: (outcome == "solved").then_some(true),
                ..row()
            };
            rows.extend([at("sat", "solved", 0.5), at("liar", "infeasible", 0.001), at("backtrack", "limit", 10.0)]);
        }
        let r = results(rows);
        let ranking: Vec<String> = r.by_par2().into_iter().map(|(s, _)| s).collect();
        assert_eq!(ranking.first().map(String::as_str), Some("sat"));
        let liar = r.by_par2().into_iter().find(|(s, _)| s == "liar").unwrap().1;
        assert_eq!((liar.finished(), liar.wrong, liar.par2), (0, 3, Some(20.0)));
        let found = found_in(&r);
        let par2 = found.iter().find(|f| f.kind == Kind::Par2).expect("a PAR-2 finding");
        let scores: Vec<(&str, f64)> = par2.numbers_of(What::Par2).map(|s| (s.solvers[0].as_str(), s.value)).collect();
        assert_eq!(scores, [("sat", 0.5), ("backtrack", 20.0), ("liar", 20.0)]);
        let finished: Vec<f64> = par2.numbers_of(What::Finished).map(|s| s.value).collect();
        assert_eq!(finished, [3.0, 0.0, 0.0]);
        assert!(par2.text.contains("`sat` 500 ms (95 % CI 500–500 ms, n = 3), 3 solved"), "{}", par2.text);
        assert!(par2.text.contains("`liar` 20.0 s (95 % CI 20–20 s, n = 3), 0 solved"), "{}", par2.text);
    }

    #[test]
    fn one_solver_at_one_size_supports_no_ranking_growth_or_peak() {
        let r = results(vec![row(), RunRow { rep: 1, seed: 2, ..row() }]);
        let found = found_in(&r);
        let kinds: Vec<Kind> = found.iter().map(|f| f.kind).collect();
        assert_eq!(kinds, [Kind::Par2], "only the PAR-2 score: {found:?}");
        assert!(found[0].text.starts_with("PAR-2 over all instances"), "{found:?}");
    }
}
