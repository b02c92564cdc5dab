//! The numbers the report is made of, computed once so its findings, summary and tables agree:
//! per-cell summaries and how many generated instances turned out solvable; and, from their own
//! modules, paired speed ratios ([`super::pairing`]), growth fits in N ([`super::growth`]), the
//! hardness peaks in α ([`super::peaks`]) held against the Latin-square law
//! ([`super::latin_law`]), growth at the peak versus off it ([`super::peak_growth`]), the fastest
//! solver per size ([`super::winners`]), effort on the same instances ([`super::effort_pairs`]) and
//! the portfolio's races against its members ([`super::portfolio`]). Those modules
//! never import this one, so the module graph stays acyclic (`tests/layering.rs`).

use std::collections::BTreeMap;

use super::effort_pairs::{effort_pairs, EffortPair};
use super::growth::{growth, Growth};
use super::latin_law::{checks, LawCheck};
use super::pairing::{pairings, Pairings};
use super::peak_growth::{peak_growth, PeakGrowth};
use super::peaks::{peaks, Peak};
use super::portfolio::{races, Race};
use super::winners::{fastest, Fastest};
use crate::results::Group;
use crate::results::{difficulty_order, solver_order, Alpha, Results, Summary, Verdict};

/// One row of the main table: a (N, box shape, mode, difficulty, α, solver) cell.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct CellKey {
    pub n: usize,
    pub shape: (usize, usize),
    pub mode: Group,
    pub difficulty: (usize, String),
    pub alpha: Alpha,
    pub solver: (usize, String),
}

/// How many instances of one (mode, N, difficulty, α) cell were solvable.
#[derive(Debug, Clone, Default)]
pub(crate) struct Solvability {
    pub instances: usize,
    pub solvable: usize,
    pub infeasible: usize,
    pub unresolved: usize,
}

/// A (mode, N, difficulty, α) cell of instances.
pub(crate) type InstanceCell = (Group, usize, (usize, String), Alpha);

/// Everything the report states, on one clock (total or search-only time).
#[derive(Debug, Clone)]
pub(crate) struct Analysis {
    pub cells: BTreeMap<CellKey, Summary>,
    /// Paired speed ratios per (mode, N), per N, pooled and per (mode, N, α).
    pub pairings: Pairings,
    pub growth: Vec<Growth>,
    pub peaks: Vec<Peak>,
    pub peak_growth: Vec<PeakGrowth>,
    /// The fastest solver per (mode, N).
    pub fastest: Vec<Fastest>,
    /// The fastest solver per (mode, N, α), for sweeps short enough to tabulate.
    pub fastest_per_alpha: Vec<Fastest>,
    /// Per (mode, N, difficulty, α).
    pub solvability: BTreeMap<InstanceCell, Solvability>,
    /// Pairs of solvers counting the same effort, per (mode, N).
    pub effort_pairs: Vec<EffortPair>,
    /// Each solver's located peaks against the Latin-square law.
    pub law: Vec<LawCheck>,
    /// The portfolio's races against its members.
    pub races: Vec<Race>,
    /// Ours against the external peers, per (mode, N, α).
    pub peers: Vec<super::peers::Cell>,
}

impl Analysis {
    /// Computes every statistic of the report from `results`, on its clock.
    pub fn of(results: &Results) -> Self {
        let cells = results.summarize(|r| {
            Some(CellKey {
                n: r.n,
                shape: (r.box_rows, r.box_cols),
                mode: Group::of(r),
                difficulty: difficulty_order(&r.difficulty),
                alpha: Alpha::new(r.alpha),
                solver: solver_order(&r.solver),
            })
        });
        let pairings = pairings(results);
        let peaks = peaks(results);
        let peak_growth = peak_growth(results, &peaks);
        let (fastest, fastest_per_alpha) = fastest(results, &pairings.per_size, &pairings.per_alpha);
        let law = checks(&peaks);
        Analysis {
            cells,
            pairings,
            growth: growth(results),
            peaks,
            peak_growth,
            fastest,
            fastest_per_alpha,
            solvability: solvability(results),
            effort_pairs: effort_pairs(results),
            law,
            races: races(results),
            peers: super::peers::cells(results),
        }
    }
}

/// Instance verdicts per (mode, N, difficulty, α).
fn solvability(results: &Results) -> BTreeMap<InstanceCell, Solvability> {
    let mut out: BTreeMap<_, Solvability> = BTreeMap::new();
    for (key, runs) in results.instances() {
        let s = out.entry((key.mode, key.n, difficulty_order(&key.difficulty), key.alpha)).or_default();
        s.instances += 1;
        match results.verdict(&runs) {
            Verdict::Solvable => s.solvable += 1,
            Verdict::Infeasible => s.infeasible += 1,
            Verdict::Unresolved => s.unresolved += 1,
        }
    }
    out
}
