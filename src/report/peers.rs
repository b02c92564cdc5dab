//! Ours against the peers: for experiments that run external solvers ([`crate::external`]) beside
//! the registry's, who solves what and how fast, per cell (mode, N, α) and instance by instance,
//! scored as the SAT competition scores: PAR-2, the mean time with every unsolved run counted as
//! twice the time limit, on the wall clock and on CPU time.
//!
//! A run *resolves* its instance when the one judgement of a run ([`Results::judged`]) says it
//! finished: a verified solution, or a proof of infeasibility nothing contradicts. Anything else —
//! a limit, a crash, unreadable output, a wrong grid, "unsatisfiable" on a solvable instance — is
//! unsolved, and a wrong answer is also counted on its own. A solver is *ours* when the registry
//! knows its name, a *peer* when it is one of the field's solvers that `peers/solvers.toml` defines
//! (and `scripts/setup-peers.sh` installs), an *external solver* otherwise — someone's own program;
//! the report calls the other side peers only when every one of them is a peer ([`Side`]).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::OnceLock;

use super::finding::{Finding, Kind, Stated, What};
use crate::results::stats::median;
use crate::results::stats::Quantity;
use crate::results::Group;
use crate::results::{
    cell_scope, fmt_num, fmt_round_seconds, fmt_seconds, paradigm, Alpha, Judged, Results, Uncertainty, PAR_FACTOR,
};

/// Which side of the comparison a solver is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    /// A registry solver, or a variant of one.
    Ours,
    /// One of the field's solvers of `peers/solvers.toml`.
    Peer,
    /// Any other external solver: a user's own definition.
    External,
}

impl Side {
    /// The word of the `side` column.
    pub fn word(self) -> &'static str {
        match self {
            Side::Ours => "ours",
            Side::Peer => "peer",
            Side::External => "external",
        }
    }
}

/// `peers/solvers.toml`, built in: which names are the field's solvers, and what they run.
const PEERS_TOML: &str = include_str!("../../peers/solvers.toml");

/// The definitions of `peers/solvers.toml`, parsed once.
fn peer_definitions() -> &'static [toml::Table] {
    static PEERS: OnceLock<Vec<toml::Table>> = OnceLock::new();
    PEERS.get_or_init(|| {
        let file: toml::Table =
            toml::from_str(PEERS_TOML).expect("peers/solvers.toml is TOML (tests/external.rs loads it)");
        let tables = file.get("external").and_then(|e| e.as_array()).cloned().unwrap_or_default();
        tables.into_iter().filter_map(|t| t.as_table().cloned()).collect()
    })
}

/// The words of a command, each path by its last component (`{here}/scip.py` and
/// `/home/me/sudoku-lab/peers/scip.py` are both `scip.py`: checkouts differ, programs do not).
fn command_words(command: Option<&[serde_json::Value]>) -> Vec<String> {
    let words = command.unwrap_or_default().iter().filter_map(|w| w.as_str());
    words.map(|w| w.rsplit('/').next().unwrap_or(w).to_owned()).collect()
}

/// The side of `solver` in `results`: ours for a registry name; a peer for a name of
/// `peers/solvers.toml` whose definition in `meta.json` (when the folder has one) reads the same
/// input, gives the same answer and runs the same command; an external solver otherwise.
pub(crate) fn side(results: &Results, solver: &str) -> Side {
    if is_ours(solver) {
        return Side::Ours;
    }
    let Some(peer) = peer_definitions().iter().find(|t| t.get("name").and_then(|n| n.as_str()) == Some(solver)) else {
        return Side::External;
    };
    let recorded = results
        .meta
        .as_ref()
        .and_then(|m| m.get("config")?.get("external")?.as_array())
        .and_then(|defs| defs.iter().find(|d| d.get("name").and_then(|n| n.as_str()) == Some(solver)));
    let Some(recorded) = recorded else { return Side::Peer };
    let peer = serde_json::to_value(peer).unwrap_or_default();
    let same = |key: &str| recorded.get(key) == peer.get(key);
    let command = |d: &serde_json::Value| command_words(d.get("command").and_then(|c| c.as_array()).map(Vec::as_slice));
    if same("input") && same("answer") && command(recorded) == command(&peer) {
        Side::Peer
    } else {
        Side::External
    }
}

/// What the report calls the solvers that are not ours: peers when every one is a peer, else
/// external solvers (a peer is one too). Singular and plural.
pub(crate) fn others(cells: &[Cell]) -> (&'static str, &'static str) {
    match cells.iter().flat_map(|c| &c.standings).any(|s| s.side == Side::External) {
        true => ("external solver", "external solvers"),
        false => ("peer", "peers"),
    }
}

/// One solver's record on one cell.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Standing {
    pub solver: String,
    /// A registry solver.
    pub ours: bool,
    /// Ours, a peer or another external solver.
    pub side: Side,
    pub instances: usize,
    pub resolved: usize,
    /// Answers that were wrong (a grid failing the oracle, infeasible on a solvable instance).
    pub wrong: usize,
    /// PAR-2 on total wall seconds.
    pub par2: f64,
    /// PAR-2 on CPU seconds (`None` when a resolved run has no CPU time: files before it existed).
    pub par2_cpu: Option<f64>,
    /// Median wall seconds, unresolved runs at the limit.
    pub median: f64,
    /// Median CPU seconds of the resolved runs.
    pub median_cpu: Option<f64>,
}

/// The standings of one (mode, N, α).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Cell {
    pub mode: Group,
    pub n: usize,
    pub alpha: Alpha,
    /// Best PAR-2 first.
    pub standings: Vec<Standing>,
}

impl Cell {
    /// The best of ours and the best of the others, by PAR-2.
    pub fn leaders(&self) -> Option<(&Standing, &Standing)> {
        Some((self.standings.iter().find(|s| s.ours)?, self.standings.iter().find(|s| !s.ours)?))
    }
}

/// True for a registry solver (or a variant of one).
pub(crate) fn is_ours(solver: &str) -> bool {
    paradigm(solver).is_some()
}

/// The cells, when the results hold both ours and external solvers; empty otherwise.
pub(crate) fn cells(results: &Results) -> Vec<Cell> {
    let solvers = results.solvers();
    if !solvers.iter().any(|s| is_ours(s)) || solvers.iter().all(|s| is_ours(s)) {
        return Vec::new();
    }
    let Some(limit) = results.time_limit else { return Vec::new() };
    let mut runs: BTreeMap<(Group, usize, Alpha), BTreeMap<String, Vec<Run>>> = BTreeMap::new();
    for (key, rows) in results.instances() {
        for row in rows {
            let did = results.judged(row);
            let cell = runs.entry((key.mode.clone(), key.n, key.alpha)).or_default();
            cell.entry(row.solver.clone()).or_default().push((did, results.clock.seconds(row), row.cpu_seconds));
        }
    }
    runs.into_iter()
        .map(|((mode, n, alpha), by_solver)| {
            let mut standings: Vec<Standing> = by_solver
                .into_iter()
                .map(|(solver, runs)| Standing { side: side(results, &solver), ..standing(solver, &runs, limit) })
                .collect();
            standings.sort_by(|a, b| a.par2.total_cmp(&b.par2).then(b.resolved.cmp(&a.resolved)));
            Cell { mode, n, alpha, standings }
        })
        .collect()
}

/// One judged run: how it did, its total wall seconds, its CPU seconds.
type Run = (Judged, f64, Option<f64>);

/// One solver's standing from its judged runs.
fn standing(solver: String, runs: &[Run], limit: f64) -> Standing {
    let resolved: Vec<&Run> = runs.iter().filter(|r| r.0.finished()).collect();
    let penalised = |t: f64, did: Judged| if did.finished() { t } else { PAR_FACTOR * limit };
    let par2 = runs.iter().map(|r| penalised(r.1, r.0)).sum::<f64>() / runs.len() as f64;
    let cpu: Option<Vec<f64>> = resolved.iter().map(|r| r.2).collect();
    let unsolved = (runs.len() - resolved.len()) as f64;
    let par2_cpu = cpu.as_ref().map(|c| (c.iter().sum::<f64>() + unsolved * PAR_FACTOR * limit) / runs.len() as f64);
    let censored: Vec<f64> = runs.iter().map(|r| if r.0.finished() { r.1 } else { limit }).collect();
    Standing {
        ours: is_ours(&solver),
        side: if is_ours(&solver) { Side::Ours } else { Side::External },
        solver,
        instances: runs.len(),
        resolved: resolved.len(),
        wrong: runs.iter().filter(|r| r.0 == Judged::Wrong).count(),
        par2,
        par2_cpu,
        median: median(&censored).unwrap_or(limit),
        median_cpu: cpu.and_then(|c| median(&c)),
    }
}

/// Who leads one cell, in words: ours (by how much), the other side's best (plainly, called
/// `other`: `peer` or `external solver`), a tie, or neither side resolving anything.
pub(crate) fn verdict_line(cell: &Cell, other: &str) -> Option<String> {
    let (ours, peer) = cell.leaders()?;
    Some(if ours.resolved == 0 && peer.resolved == 0 {
        "neither side resolves an instance".to_string()
    } else if ours.resolved == peer.resolved && ours.par2 == peer.par2 {
        "a tie".to_string()
    } else if ours.resolved >= peer.resolved && ours.par2 <= peer.par2 {
        format!("ours: {} {}× faster by PAR-2", super::inline_code(&ours.solver), fmt_num(peer.par2 / ours.par2))
    } else {
        format!(
            "**the {other} {} wins**: {}× faster than ours by PAR-2",
            super::inline_code(&peer.solver),
            fmt_num(ours.par2 / peer.par2)
        )
    })
}

/// The finding: per (mode, N), the best of ours against the best of the other side by PAR-2 over
/// the instances of that size, with the speed ratio, its interval, n and Holm-adjusted p
/// ([`Uncertainty::speed`]), and each side's solved share with its Wilson interval; a side is said
/// to lead only where the comparison decides it.
pub(crate) fn finding(cells: &[Cell], u: &Uncertainty) -> Option<Finding> {
    let (other, others_) = others(cells);
    let mut sizes: Vec<(Group, usize)> = cells.iter().map(|c| (c.mode.clone(), c.n)).collect();
    sizes.sort();
    sizes.dedup();
    let mut f = Finding::new(Kind::Peers);
    let mut parts = Vec::new();
    for (mode, n) in sizes {
        let scope = cell_scope(&mode, n);
        let solvers: Vec<&str> = cells
            .iter()
            .filter(|c| c.mode == mode && c.n == n)
            .flat_map(|c| c.standings.iter().map(|s| s.solver.as_str()))
            .collect();
        let par2 = |s: &&str| u.estimate(&scope, s, Quantity::Par2).map_or(f64::INFINITY, |e| e.estimate);
        let best =
            |ours: bool| solvers.iter().filter(|s| is_ours(s) == ours).min_by(|a, b| par2(a).total_cmp(&par2(b)));
        let (Some(&ours), Some(&peer)) = (best(true), best(false)) else { continue };
        let Some(speed) = u.speed(&scope, ours, peer) else { continue };
        let mut share = |s: &str| {
            u.estimate(&scope, s, Quantity::SolvedShare)
                .map(|e| f.state(Stated::estimate(What::SolvedShare, &[s], &e.as_estimate()).at(n)))
        };
        let (solved_ours, solved_peer) = (share(ours), share(peer));
        let ratio = f.state(Stated::speed(&speed).at(n));
        let verdict = match (speed.decided(), is_ours(&speed.faster)) {
            (true, true) => "ours lead".to_owned(),
            (true, false) => format!("the {other} leads"),
            (false, _) => "not decided".to_owned(),
        };
        let solved = match (solved_ours, solved_peer) {
            (Some(a), Some(b)) => format!("; solved shares {a} and {b}"),
            _ => String::new(),
        };
        parts.push(format!(
            "{mode} N = {n}, {} (ours) against {} ({other}): t({})/t({}) = {ratio}, {verdict}{solved}",
            super::inline_code(ours),
            super::inline_code(peer),
            super::inline_code(&speed.slower),
            super::inline_code(&speed.faster),
        ));
    }
    if parts.is_empty() {
        return None;
    }
    Some(f.says(format!(
        "Against the external solvers run on the same instances under the same limits (the best of each side by \
         PAR-2 per size; a side leads only where Wilcoxon's test after Holm's adjustment decides it; *Ours against \
         the {others_}*, comparisons.csv): {}.",
        parts.join("; ")
    )))
}

/// The section: who leads each cell, every solver's standing, and the instance-by-instance table.
pub(crate) fn section(out: &mut String, results: &Results, cells: &[Cell]) {
    if cells.is_empty() {
        return;
    }
    let (other, others_) = others(cells);
    let _ = writeln!(out, "## Ours against the {others_}\n");
    introduction(out, results, cells, other);
    leaders_table(out, results, cells, other);
    standings_table(out, results, cells);
    instance_table(out, results);
}

/// The section's opening paragraph: who the sides are, how PAR-2 counts, and who wins a cell.
fn introduction(out: &mut String, results: &Results, cells: &[Cell], other: &str) {
    let limit = results.time_limit.map_or_else(|| "none was reached".to_owned(), fmt_round_seconds);
    let some_peers = cells.iter().flat_map(|c| &c.standings).any(|s| s.side == Side::Peer);
    let who = match (other, some_peers) {
        ("peer", _) => "peers are the field's solvers of `peers/solvers.toml`, run",
        (_, true) => {
            "external solvers are the others, each run from its `[[external]]` definition (`peer` in the side \
             column: one of the field's solvers of `peers/solvers.toml`)"
        }
        (_, false) => "external solvers are the others, each run from its `[[external]]` definition",
    };
    let _ = writeln!(
        out,
        "Ours are the registry's solvers; {who} by the same harness on the same \
         instances, under the same limits, measurement and verification. PAR-2 is the mean of the total wall \
         seconds (set-up + search) with every unsolved run — a limit, an error, a wrong answer — counted as \
         twice the time limit ({limit}); CPU PAR-2 does the same with CPU seconds (user + system of the \
         solver's whole process tree). {} {other} that resolves more instances, or as many in less PAR-2 time, \
         wins its cell.\n",
        capitalized(article(other))
    );
}

/// Who leads each cell: a sentence counting the cells each side leads, then a row per cell with
/// the best of ours and the best of the others.
fn leaders_table(out: &mut String, results: &Results, cells: &[Cell], other: &str) {
    let lines: Vec<(&Cell, String)> = cells.iter().filter_map(|c| Some((c, verdict_line(c, other)?))).collect();
    let peer_wins: Vec<String> = lines
        .iter()
        .filter(|(_, l)| l.contains("wins"))
        .map(|(c, _)| format!("{} {}×{} α = {}", c.mode, c.n, c.n, c.alpha))
        .collect();
    let ours = lines.iter().filter(|(_, l)| l.starts_with("ours")).count();
    let _ = writeln!(
        out,
        "Ours lead in {ours} of {} cells; {}.\n",
        lines.len(),
        if peer_wins.is_empty() {
            format!("no {other} wins a cell")
        } else {
            format!("{} {other} wins {}", article(other), peer_wins.join(", "))
        }
    );
    let mode = results.mode_heading();
    let best = if other == "peer" { "best peer" } else { "best external" };
    let _ =
        writeln!(out, "| {mode} | N | α | best of ours | resolved | PAR-2 | {best} | resolved | PAR-2 | who leads |");
    out.push_str("|---|---|---|---|---|---|---|---|---|---|\n");
    for (cell, line) in &lines {
        let (o, p) = cell.leaders().expect("a verdict has both sides");
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {}/{} | {} | {} | {}/{} | {} | {line} |",
            cell.mode,
            cell.n,
            cell.alpha,
            o.solver,
            o.resolved,
            o.instances,
            fmt_seconds(o.par2),
            p.solver,
            p.resolved,
            p.instances,
            fmt_seconds(p.par2)
        );
    }
}

/// Every solver's standing in every cell, best PAR-2 first.
fn standings_table(out: &mut String, results: &Results, cells: &[Cell]) {
    let mode = results.mode_heading();
    out.push_str("\n### Every solver, per cell\n\nBest PAR-2 first in each cell.\n\n");
    let _ = writeln!(out, "| {mode} | N | α | solver | side | resolved | wrong | PAR-2 wall | PAR-2 CPU | median wall | median CPU of resolved |");
    out.push_str("|---|---|---|---|---|---|---|---|---|---|---|\n");
    let opt = |x: Option<f64>| x.map_or("—".to_string(), fmt_seconds);
    for cell in cells {
        for s in &cell.standings {
            let at_limit = results.is_censored(s.median);
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {}/{} | {} | {} | {} | {}{} | {} |",
                cell.mode,
                cell.n,
                cell.alpha,
                s.solver,
                s.side.word(),
                s.resolved,
                s.instances,
                s.wrong,
                fmt_seconds(s.par2),
                opt(s.par2_cpu),
                if at_limit { "≥ " } else { "" },
                fmt_seconds(s.median),
                opt(s.median_cpu)
            );
        }
    }
    out.push('\n');
}

/// `a` or `an` before `noun`.
fn article(noun: &str) -> &'static str {
    if noun.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// `word` with its first letter in upper case.
fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// Most instances the instance-by-instance table lists.
const MAX_INSTANCES: usize = 100;

/// One row per instance, one column per solver: total wall seconds of a resolved run, `✗` for a
/// wrong answer, `limit`, `mem`, `err`.
fn instance_table(out: &mut String, results: &Results) {
    let instances = results.instances();
    if instances.len() > MAX_INSTANCES {
        let _ = writeln!(
            out,
            "The instance-by-instance table is left out: {} instances (at most {MAX_INSTANCES}); `runs.csv` has every run.\n",
            instances.len()
        );
        return;
    }
    let solvers = results.solvers();
    out.push_str("### Instance by instance\n\n");
    out.push_str(
        "Total wall time of each run that resolved its instance; `✗` a wrong answer, `limit` stopped at the \
         time limit, `mem` at the memory cap, `err` an error (its note in `runs.csv`). The fastest run of an \
         instance is in bold.\n\n",
    );
    let _ = writeln!(out, "| {} | N | α | rep | {} |", results.mode_heading(), solvers.join(" | "));
    let _ = writeln!(out, "|---|---|---|---|{}", "---|".repeat(solvers.len()));
    for (key, rows) in &instances {
        let fastest = rows.iter().filter_map(|r| results.finished_seconds(r)).min_by(f64::total_cmp);
        let cells: Vec<String> = solvers
            .iter()
            .map(|s| match rows.iter().find(|r| &r.solver == s) {
                None => String::new(),
                Some(r) => match results.judged(r) {
                    Judged::Solved | Judged::Infeasible => {
                        let t = results.clock.seconds(r);
                        if Some(t) == fastest {
                            format!("**{}**", fmt_seconds(t))
                        } else {
                            fmt_seconds(t)
                        }
                    }
                    Judged::Wrong => "✗".into(),
                    Judged::Limit => "limit".into(),
                    Judged::Unproven => "unproven".into(),
                    Judged::Memory => "mem".into(),
                    Judged::Error => "err".into(),
                },
            })
            .collect();
        let _ = writeln!(out, "| {} | {} | {} | {} | {} |", key.mode, key.n, key.alpha, key.rep, cells.join(" | "));
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;
    use crate::experiment::record::RunRow;

    fn run(solver: &str, rep: u32, outcome: &str, seconds: f64, verified: Option<bool>) -> RunRow {
        RunRow {
            solver: solver.into(),
            rep,
            seed: u64::from(rep),
            outcome: crate::experiment::record::RunOutcome::parse(outcome).expect("an outcome's word"),
            seconds,
            verified,
            cpu_seconds: Some(seconds * 2.0),
            ..row()
        }
    }

    fn results(rows: Vec<RunRow>) -> Results {
        let meta = serde_json::json!({ "config": { "time_limit": 10.0 } });
        Results::new(rows, Some(meta), None, Some(10.0))
    }

    #[test]
    fn par2_counts_every_unsolved_or_wrong_run_as_twice_the_limit() {
        let rows = vec![
            run("sat", 0, "solved", 1.0, Some(true)),
            run("sat", 1, "solved", 3.0, Some(true)),
            run("minisat", 0, "solved", 0.5, Some(true)),
            run("minisat", 1, "limit", 10.0, None),
            run("liar", 0, "infeasible", 0.1, None),
            run("liar", 1, "error", 0.1, Some(false)),
        ];
        let found = cells(&results(rows));
        assert_eq!(found.len(), 1);
        let by = |name: &str| found[0].standings.iter().find(|s| s.solver == name).unwrap().clone();
        let sat = by("sat");
        assert_eq!((sat.ours, sat.resolved, sat.par2, sat.par2_cpu), (true, 2, 2.0, Some(4.0)));
        let minisat = by("minisat");
        assert_eq!((minisat.ours, minisat.resolved, minisat.par2), (false, 1, (0.5 + 20.0) / 2.0));
        let liar = by("liar");
        assert_eq!((liar.resolved, liar.wrong, liar.par2), (0, 2, 20.0), "infeasible on a planted instance is wrong");
        assert_eq!(found[0].standings[0].solver, "sat", "best PAR-2 first");
        let line = verdict_line(&found[0], "external solver").unwrap();
        assert_eq!(line, "ours: `sat` 5.12× faster by PAR-2");
    }

    #[test]
    fn a_peer_that_wins_is_said_to_win_and_every_instance_is_listed() {
        let rows = vec![
            run("sat", 0, "limit", 10.0, None),
            run("sat", 1, "solved", 3.0, Some(true)),
            run("cadical-cli", 0, "solved", 4.0, Some(true)),
            run("cadical-cli", 1, "solved", 2.0, Some(true)),
        ];
        let r = results(rows);
        let found = cells(&r);
        let line = verdict_line(&found[0], "peer").unwrap();
        assert_eq!(line, "**the peer `cadical-cli` wins**: 3.83× faster than ours by PAR-2");
        // Two instances decide nothing: the finding names no leader.
        let said = finding(&found, &r.uncertainty()).unwrap();
        let ratio = said.numbers_of(What::Ratio).next().expect("the ratio");
        assert_eq!((ratio.solvers[0].as_str(), ratio.n, ratio.instances), ("sat", Some(9), Some(2)), "{said:?}");
        assert!(
            said.text.contains("t(`sat`)/t(`cadical-cli`) = ") && said.text.contains("not decided"),
            "{}",
            said.text
        );
        // Twelve instances where the peer is three times faster: it leads, with the interval and n.
        let rows: Vec<RunRow> = (0..12)
            .flat_map(|rep| {
                let t = 1.0 + f64::from(rep % 5) / 10.0;
                [run("sat", rep, "solved", 3.0 * t, Some(true)), run("cadical-cli", rep, "solved", t, Some(true))]
            })
            .collect();
        let many = results(rows);
        let said = finding(&cells(&many), &many.uncertainty()).unwrap();
        assert!(said.text.contains("the peer leads"), "{}", said.text);
        let ratio = said.numbers_of(What::Ratio).next().expect("the ratio");
        assert!((ratio.value - 3.0).abs() < 0.01 && ratio.instances == Some(12), "{ratio:?}");
        assert!(ratio.interval.is_some_and(|(low, _)| low > 1.0), "{ratio:?}");
        let mut out = String::new();
        section(&mut out, &r, &found);
        assert!(
            out.contains("| planted | 9 | 0.2 | 0 | limit | **4.00 s** |")
                || out.contains("| planted | 9 | 0.2 | 0 | **4.00 s** | limit |"),
            "{out}"
        );
        // sat: a stop (PAR-2 counts 2 × 10 s) and 3 s, so PAR-2 11.5 s; CPU twice the wall here.
        assert!(
            out.contains("| planted | 9 | 0.2 | sat | ours | 1/2 | 0 | 11.5 s | 13.0 s | 6.50 s | 6.00 s |"),
            "{out}"
        );
        assert!(cells(&results(vec![run("sat", 0, "solved", 1.0, Some(true))])).is_empty(), "no peers, no section");
    }
}
