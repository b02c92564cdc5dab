//! The statistics of a results folder with their uncertainty: for every scope — `all` (every
//! instance pooled) and each (group, N) cell the tables compare — each solver's median time,
//! PAR-2 and solved share with their intervals ([`EstimateRow`]), and for each pair of solvers the
//! speed ratio with its interval, Wilcoxon's signed-rank test on the paired log times and
//! McNemar's exact test on solved/unsolved, Holm-adjusted over every comparison of the folder
//! ([`Comparison`]). The estimators and tests are [`super::stats`]'s; this file only chooses the
//! scopes and hands each instance's runs, as the one judgement counts them, to them.
//!
//! A run counts as finished when the judgement says so ([`super::Judged::finished`]); its time is
//! on the results' clock; an unfinished run counts at the PAR-2 penalty, twice the time limit.
//! The bootstrap is seeded by the run's master seed (`meta.json`'s `config.seed`, 0 without one),
//! one stream per statistic named by its scope and solvers, so the files render byte for byte.
//!
//! The laws get their intervals by the same resampling, on each instance's time: per group (mode
//! or set) and solver, the growth of time with N ([`stats::growth`], scope `{group}`); per (group,
//! N) sweep over α, the α of the largest median time ([`stats::peak`], scope `{group} N={n}`); and
//! per group, the exponent of the holes at that peak against the Latin-square law's
//! [`HOLES_EXPONENT`] ([`stats::holes_law`]). Root-only solvers get their LP's classes per (group,
//! N) ([`super::root`]; `root_*`, `open_cells` rows). A finding asks [`Uncertainty::speed`] whether a
//! pair's difference is decided ([`SIGNIFICANCE`]).

use std::collections::BTreeMap;

use super::stats::{
    self, adjust, instance_time, median_time, par2, solved_share, Bootstrap, Center, Comparison, Estimate, EstimateRow,
    PairComparison, Paired, Quantity, Run, Sweep, Test, LEVEL,
};
use super::{solver_order, Alpha, Effort, Group, Results, RootCell, HOLES_EXPONENT, MIN_PEAK_ALPHAS};
use crate::experiment::record::RunRow;

/// The scope of every instance pooled.
pub(crate) const ALL_SCOPE: &str = "all";

/// Effort peaks below this (median or mean dead ends, conflicts or nodes at α*) are too shallow to
/// place: a handful of conflicts is noise, not a phase transition.
pub(crate) const MIN_PEAK_EFFORT: f64 = 100.0;

/// The name of the virtual best solver in the statistics: per instance, the best run of the
/// solvers run (the portfolio left out, itself a selector among solvers).
pub(crate) const VIRTUAL_BEST: &str = "virtual-best";

/// The solver left out of the virtual best.
const PORTFOLIO: &str = "portfolio";

/// The level below which an adjusted p-value decides a comparison.
pub(crate) const SIGNIFICANCE: f64 = 0.05;

/// The scope of one (group, N) cell: `planted N=9`.
pub(crate) fn cell_scope(group: &Group, n: usize) -> String {
    format!("{group} N={n}")
}

/// The scope of a whole group, every N and α: `planted`.
pub(crate) fn group_scope(group: &Group) -> String {
    group.name()
}

/// How one solver's time grows with N over a group's instances.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct GrowthLaw {
    /// The group (mode or set).
    pub group: Group,
    /// The solver.
    pub solver: String,
    /// The sizes N fitted, increasing.
    pub sizes: Vec<usize>,
    /// Runs of the solver in the group that did not finish (at the PAR-2 penalty in the fits).
    pub unfinished: usize,
    /// The fits, the law named and the intervals.
    pub growth: stats::Growth,
}

/// Where one solver's hardness peaks over α in one (group, N) sweep: the α of its largest median
/// search effort (its own statistic: dead ends, conflicts, nodes; the mean where the medians are
/// the same at every α), or of its largest median time where it records no effort.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct HardnessPeak {
    /// The group (mode or set).
    pub group: Group,
    /// The size.
    pub n: usize,
    /// The solver.
    pub solver: String,
    /// The effort statistic the peak is of (`None`: time), and whether its mean was taken.
    pub effort: Option<(Effort, Center)>,
    /// α* with its bootstrap distribution.
    pub peak: stats::Peak,
    /// `true` when the median time at α* is at the time limit or beyond (half its runs or more
    /// unfinished): the peak is only where the limit was reached, not located.
    pub censored: bool,
    /// `true` for an effort peak whose centre at α* is below [`MIN_PEAK_EFFORT`]: too shallow to
    /// place.
    pub shallow: bool,
    /// `true` when α* is the smallest or largest α swept: the peak may lie outside the sweep.
    pub edge: bool,
}

impl HardnessPeak {
    /// `true` when the peak can be stated as located: not censored, not too shallow, not at the
    /// edge of the sweep, and not tied in most resamples (as when every level is at the limit).
    pub fn located(&self) -> bool {
        !self.censored && !self.shallow && !self.edge && self.peak.tied <= 0.5
    }
}

/// Where in a (group, N) sweep a seed split is taken.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Place {
    /// The solver's hardness peak, at this α (its observed α*, [`HardnessPeak`]).
    Peak(f64),
    /// Every other α of the sweep, pooled.
    OffPeak,
    /// Every instance of the cell (no α sweep to locate a peak in).
    Whole,
}

/// How much of one solver's time is seed luck in one (group, N) cell, at its peak or off it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SeedLuck {
    /// The group (mode or set).
    pub group: Group,
    /// The size.
    pub n: usize,
    /// The solver.
    pub solver: String,
    /// At the peak, off it, or the whole cell.
    pub place: Place,
    /// The solver whose located peak α* the split is taken at, when it is another solver's (this
    /// solver's own peak is not located: censored, shallow, at the sweep's edge or tied).
    pub peak_of: Option<String>,
    /// The variance split and the spread.
    pub split: stats::SeedSplit,
}

/// The scope of a seed split's `estimates.csv` rows: `planted N=25 peak`, `planted N=25 off-peak`,
/// or the cell's own scope.
pub(crate) fn seed_scope(group: &Group, n: usize, place: Place) -> String {
    let cell = cell_scope(group, n);
    match place {
        Place::Peak(_) => format!("{cell} peak"),
        Place::OffPeak => format!("{cell} off-peak"),
        Place::Whole => cell,
    }
}

/// The exponent of the holes at one solver's time peak over a group's sizes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct HolesGrowth {
    /// The group (mode or set).
    pub group: Group,
    /// The solver.
    pub solver: String,
    /// The exponent against [`HOLES_EXPONENT`].
    pub law: stats::HolesLaw,
}

/// A speed comparison of two solvers in one scope, oriented so the ratio is at least 1.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Speed {
    /// The scope compared in (a row's `scope` in `comparisons.csv`).
    pub scope: String,
    /// The solver with the lower time (geometric mean over the instances, PAR-2 for unfinished).
    pub faster: String,
    /// The other solver.
    pub slower: String,
    /// t(slower) / t(faster), with its interval and n.
    pub ratio: Estimate,
    /// Wilcoxon's p on the paired log times; `None` when no instance differs.
    pub p: Option<f64>,
    /// That p, Holm-adjusted over the folder's comparisons.
    pub p_adjusted: Option<f64>,
}

impl Speed {
    /// `true` when the data decide the order: Wilcoxon's adjusted p below [`SIGNIFICANCE`] and
    /// the ratio's interval above 1.
    pub fn decided(&self) -> bool {
        self.p_adjusted.is_some_and(|p| p < SIGNIFICANCE) && self.ratio.low > 1.0
    }

    /// About how many instances would decide an undecided comparison if the effect stayed as
    /// observed: Wilcoxon's z grows like √n, so n · (z needed / z seen)², where the z needed is
    /// Bonferroni's for a `family` of comparisons (Holm's threshold for the smallest p, the
    /// strictest); `None` when no difference was seen (p = 1, or no p).
    pub fn instances_to_decide(&self, family: usize) -> Option<usize> {
        use statrs::distribution::{ContinuousCDF, Normal};
        let normal = Normal::standard();
        let p = self.p.filter(|p| *p < 1.0 && *p > 0.0)?;
        let seen = normal.inverse_cdf(1.0 - p / 2.0);
        let needed = normal.inverse_cdf(1.0 - SIGNIFICANCE / (2.0 * family.max(1) as f64));
        (seen > 0.0).then(|| (self.ratio.n as f64 * (needed / seen).powi(2)).ceil() as usize)
    }
}

/// The rows of `estimates.csv` and `comparisons.csv` of one results folder.
#[derive(Debug, Clone, Default)]
pub(crate) struct Uncertainty {
    /// Each solver's median, PAR-2 and solved share per scope.
    pub estimates: Vec<EstimateRow>,
    /// Each pair's speed ratio and tests per scope, p-values Holm-adjusted over all of them.
    pub comparisons: Vec<Comparison>,
    /// Growth with N per (group, solver), for groups with at least two sizes.
    pub growth: Vec<GrowthLaw>,
    /// Time peaks in α per (group, N, solver), for sweeps of at least [`MIN_PEAK_ALPHAS`] levels.
    pub peaks: Vec<HardnessPeak>,
    /// The peak-holes exponent per (group, solver), for at least two sizes with a peak.
    pub holes: Vec<HolesGrowth>,
    /// Per (group, N, solver) with instances run under two solver seeds or more: the seed split
    /// at the solver's peak and off it (or over the whole cell without an α sweep).
    pub seeds: Vec<SeedLuck>,
    /// Per (group, N) and root-only solver ([`Results::root_solvers`]): what its LP decided.
    pub roots: Vec<RootCell>,
    /// The same per (group, N, α): what each root LP decided at each fill.
    pub root_alphas: Vec<RootCell>,
    /// Per scope with at least two solvers, the single best solver (lowest PAR-2).
    pub single_best: Vec<(String, String)>,
    /// Per group, the virtual best's PAR-2 over the group's instances.
    pub virtual_best_par2: Vec<(Group, f64)>,
}

impl Uncertainty {
    /// The estimate of `statistic` for `solver` in `scope`.
    pub fn estimate(&self, scope: &str, solver: &str, statistic: Quantity) -> Option<&EstimateRow> {
        self.estimates.iter().find(|e| e.scope == scope && e.solver == solver && e.statistic == statistic)
    }

    /// The comparison of `a` and `b` (either order) in `scope`, oriented so the faster comes first.
    pub fn speed(&self, scope: &str, a: &str, b: &str) -> Option<Speed> {
        let row = |test: Test| {
            self.comparisons.iter().find(|c| {
                c.scope == scope
                    && c.test == test
                    && ((c.solver_a == a && c.solver_b == b) || (c.solver_a == b && c.solver_b == a))
            })
        };
        let w = row(Test::Wilcoxon)?;
        let ratio = w.ratio_estimate();
        // The ratio is t(a)/t(b): above 1, b is the faster.
        let (faster, slower, ratio) = if w.ratio > 1.0 {
            (&w.solver_b, &w.solver_a, ratio)
        } else {
            (
                &w.solver_a,
                &w.solver_b,
                Estimate { value: 1.0 / w.ratio, low: 1.0 / w.ci_high, high: 1.0 / w.ci_low, n: w.n },
            )
        };
        Some(Speed {
            scope: scope.to_owned(),
            faster: faster.clone(),
            slower: slower.clone(),
            ratio,
            p: w.p,
            p_adjusted: w.p_adjusted,
        })
    }

    /// McNemar's test of `a` against `b` (either order) in `scope` on finished against not: for
    /// root-only solvers, decided by the LP against not.
    pub fn finished_test(&self, scope: &str, a: &str, b: &str) -> Option<&Comparison> {
        self.comparisons.iter().find(|c| {
            c.scope == scope
                && c.test == Test::Mcnemar
                && ((c.solver_a == a && c.solver_b == b) || (c.solver_a == b && c.solver_b == a))
        })
    }

    /// The single best solver of `scope` (lowest PAR-2), when it has two solvers or more.
    pub fn single_best(&self, scope: &str) -> Option<&str> {
        self.single_best.iter().find(|(s, _)| s == scope).map(|(_, solver)| solver.as_str())
    }

    /// The comparisons with a p-value: the family Holm's adjustment runs over.
    pub fn family(&self) -> usize {
        self.comparisons.iter().filter(|c| c.p.is_some()).count()
    }
}

/// One instance's runs, per solver (display order), each run as the statistics see it.
type InstanceRuns = BTreeMap<(usize, String), Vec<Run>>;

/// One α level of a solver's sweep: each instance's runs, and its rows (for the effort).
type SweepLevels<'a> = BTreeMap<Alpha, Vec<(&'a Vec<Run>, &'a Vec<&'a RunRow>)>>;

/// One instance of a group: its N, its α, its runs as the statistics see them, and its rows.
type Placed<'a> = (usize, Alpha, InstanceRuns, Vec<&'a RunRow>);

impl Results {
    /// The estimates and comparisons of these runs ([`Uncertainty`]); empty without a time limit
    /// (no PAR-2 penalty can be stated).
    pub fn uncertainty(&self) -> Uncertainty {
        let Some(limit) = self.time_limit else { return Uncertainty::default() };
        let seed = self.meta.as_ref().and_then(|m| m.get("config")?.get("seed")?.as_u64()).unwrap_or(0);
        let boot = Bootstrap::new(seed);
        let mut scopes: BTreeMap<String, Vec<InstanceRuns>> = BTreeMap::new();
        let mut groups: BTreeMap<Group, Vec<Placed>> = BTreeMap::new();
        for runs in self.instances().into_values() {
            let Some(first) = runs.first() else { continue };
            let group = Group::of(first);
            let by_solver = self.instance_runs(&runs);
            scopes.entry(ALL_SCOPE.to_owned()).or_default().push(by_solver.clone());
            scopes.entry(cell_scope(&group, first.n)).or_default().push(by_solver.clone());
            groups.entry(group).or_default().push((first.n, Alpha::new(first.alpha), by_solver, runs));
        }
        let solvers: Vec<(usize, String)> = self.solvers().iter().map(|s| solver_order(s)).collect();
        let mut out = Uncertainty::default();
        // `all` first, then the cells by name.
        let ordered = scopes.remove_entry(ALL_SCOPE).into_iter().chain(scopes);
        for (scope, instances) in ordered {
            for solver in &solvers {
                let runs: Vec<&Vec<Run>> = instances.iter().filter_map(|i| i.get(solver)).collect();
                estimates(&mut out.estimates, &scope, &solver.1, &runs, limit, &boot);
            }
            virtual_best(&mut out, &scope, &solvers, &instances, limit, &boot);
            for (i, a) in solvers.iter().enumerate() {
                for b in &solvers[i + 1..] {
                    let pairs: Vec<Paired> = instances
                        .iter()
                        .filter_map(|runs| Some(Paired { a: runs.get(a)?.clone(), b: runs.get(b)?.clone() }))
                        .collect();
                    let label = format!("{scope}/{}/{}", a.1, b.1);
                    if let Some(c) = PairComparison::of(&pairs, limit, &boot.for_label(&label)) {
                        out.comparisons.extend(c.rows(&scope, &a.1, &b.1));
                    }
                }
            }
        }
        adjust(&mut out.comparisons);
        for (group, instances) in &groups {
            let by_solver: Vec<&InstanceRuns> = instances.iter().map(|(_, _, runs, _)| runs).collect();
            if let Some(times) = virtual_best_times(&by_solver, limit) {
                let par2 = times.iter().map(|r| r.par2(limit)).sum::<f64>() / times.len() as f64;
                out.virtual_best_par2.push((group.clone(), par2));
            }
            let sweeps_fill = self.sweeps_fill(group);
            for solver in &solvers {
                self.laws(&mut out, group, solver, instances, sweeps_fill, &boot);
                seed_luck(&mut out, group, solver, instances, limit, &boot);
            }
        }
        (out.roots, out.root_alphas) = self.root_cells(true).into_iter().partition(|c| c.alpha.is_none());
        for cell in &out.roots {
            let scope = cell_scope(&cell.group, cell.n);
            let [integral, infeasible, fractional, _] = cell.shares;
            let shares = [
                (Quantity::RootDecided, Some(cell.decided)),
                (Quantity::RootIntegral, Some(integral)),
                (Quantity::RootInfeasible, Some(infeasible)),
                (Quantity::RootFractional, Some(fractional)),
                (Quantity::OpenCells, cell.open_cells),
                (Quantity::RootSeconds, cell.seconds),
            ];
            for (statistic, estimate) in shares {
                if let Some(e) = estimate {
                    out.estimates.push(EstimateRow::new(&scope, &cell.solver, statistic, &e));
                }
            }
        }
        out
    }

    /// The growth law, the time peaks and the peak-holes exponent of `solver` over a group's
    /// `instances` (peaks only when the group sweeps α), with their `estimates.csv` rows.
    fn laws(
        &self,
        out: &mut Uncertainty,
        group: &Group,
        solver: &(usize, String),
        instances: &[Placed],
        sweeps_fill: bool,
        boot: &Bootstrap,
    ) {
        let Some(limit) = self.time_limit else { return };
        let name = solver.1.as_str();
        let mine: Vec<(usize, Alpha, &Vec<Run>, Vec<&RunRow>)> = instances
            .iter()
            .filter_map(|(n, a, runs, rows)| {
                let own = rows.iter().filter(|r| r.solver == name).copied().collect();
                Some((*n, *a, runs.get(solver)?, own))
            })
            .collect();
        let scope = group_scope(group);
        let sized: Vec<(f64, &Vec<Run>)> = mine.iter().map(|(n, _, runs, _)| (*n as f64, *runs)).collect();
        let label = |what: &str| boot.for_label(&format!("{scope}/{name}/{what}"));
        if let Some(growth) = stats::growth(&sized, limit, &label("growth")) {
            out.estimates.push(EstimateRow::new(&scope, name, Quantity::GrowthExponent, &growth.exponent));
            out.estimates.push(EstimateRow::new(&scope, name, Quantity::GrowthBase, &growth.base));
            let mut sizes: Vec<usize> = mine.iter().map(|(n, _, _, _)| *n).collect();
            sizes.sort_unstable();
            sizes.dedup();
            let unfinished = mine.iter().flat_map(|(_, _, runs, _)| runs.iter()).filter(|r| !r.finished).count();
            out.growth.push(GrowthLaw { group: group.clone(), solver: name.to_owned(), sizes, unfinished, growth });
        }
        if !sweeps_fill {
            return;
        }
        // Per N, the instances of each α level.
        let mut by_size: BTreeMap<usize, SweepLevels<'_>> = BTreeMap::new();
        for (n, alpha, runs, rows) in &mine {
            by_size.entry(*n).or_default().entry(*alpha).or_default().push((*runs, rows));
        }
        let mut sweeps = Vec::new();
        for (n, levels) in by_size {
            if levels.len() < MIN_PEAK_ALPHAS {
                continue;
            }
            let times: Vec<stats::Level> = levels
                .iter()
                .map(|(a, instances)| {
                    (a.value(), instances.iter().map(|(runs, _)| instance_time(runs, limit)).collect())
                })
                .collect();
            let (values, effort) = match sweep_effort(&levels) {
                Some((effort, values, center)) => (values, Some((effort, center))),
                None => (times.clone(), None),
            };
            let center = effort.map_or(Center::Median, |(_, c)| c);
            let cell = cell_scope(group, n);
            let at = boot.for_label(&format!("{cell}/{name}/peak"));
            if let Some(peak) = stats::peak(&values, center, &at) {
                out.estimates.push(EstimateRow::new(&cell, name, Quantity::PeakAlpha, &peak.estimate()));
                // Censored when the median time at α* is the limit: its effort is a lower bound.
                let at_peak = times.iter().find(|(a, _)| *a == peak.alpha).and_then(|(_, t)| stats::median(t));
                let censored = at_peak.is_some_and(|m| m >= limit);
                let height = values.iter().find(|(a, _)| *a == peak.alpha).map(|(_, v)| center.of(v, &mut Vec::new()));
                let shallow = effort.is_some() && height.is_some_and(|h| h < MIN_PEAK_EFFORT);
                let edge = [values.first(), values.last()].into_iter().flatten().any(|(a, _)| *a == peak.alpha);
                let hp = HardnessPeak {
                    group: group.clone(),
                    n,
                    solver: name.to_owned(),
                    effort,
                    peak,
                    censored,
                    shallow,
                    edge,
                };
                // The holes law fits the located peaks only, as the report's Latin-square table does.
                if hp.located() {
                    sweeps.push(Sweep { size: n as f64, cells: (n * n) as f64, levels: values });
                }
                out.peaks.push(hp);
            }
        }
        if let Some(law) = stats::holes_law(&sweeps, Center::Median, HOLES_EXPONENT, &label("holes")) {
            out.estimates.push(EstimateRow::new(&scope, name, Quantity::HolesExponent, &law.exponent));
            out.holes.push(HolesGrowth { group: group.clone(), solver: name.to_owned(), law });
        }
    }

    /// The runs of one instance per solver, as the statistics see them.
    fn instance_runs(&self, runs: &[&RunRow]) -> InstanceRuns {
        let mut by_solver = InstanceRuns::new();
        for row in runs {
            let seconds = self.clock.seconds(row);
            let run = if self.judged(row).finished() { Run::finished(seconds) } else { Run::unfinished(seconds) };
            by_solver.entry(solver_order(&row.solver)).or_default().push(run);
        }
        by_solver
    }
}

/// The virtual best of `scope`: its median, PAR-2 and solved share, and its comparisons with the
/// single best solver (named in `out.single_best`) and the portfolio; nothing with fewer than two
/// solvers besides the portfolio.
fn virtual_best(
    out: &mut Uncertainty,
    scope: &str,
    solvers: &[(usize, String)],
    instances: &[InstanceRuns],
    limit: f64,
    boot: &Bootstrap,
) {
    let all: Vec<&InstanceRuns> = instances.iter().collect();
    let Some(best) = virtual_best_times(&all, limit) else { return };
    let best: Vec<Vec<Run>> = best.into_iter().map(|run| vec![run]).collect();
    let runs: Vec<&Vec<Run>> = best.iter().collect();
    estimates(&mut out.estimates, scope, VIRTUAL_BEST, &runs, limit, boot);
    let par2_of = |solver: &str| {
        out.estimates
            .iter()
            .find(|e| e.scope == scope && e.solver == solver && e.statistic == Quantity::Par2)
            .map(|e| e.estimate)
    };
    let single = solvers
        .iter()
        .filter(|s| s.1 != PORTFOLIO)
        .filter_map(|s| Some((s, par2_of(&s.1)?)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(s, _)| s.clone());
    let Some(single) = single else { return };
    out.single_best.push((scope.to_owned(), single.1.clone()));
    let portfolio = solvers.iter().find(|s| s.1 == PORTFOLIO);
    for solver in std::iter::once(&single).chain(portfolio) {
        let pairs: Vec<Paired> = instances
            .iter()
            .zip(&best)
            .filter_map(|(runs, best)| Some(Paired { a: runs.get(solver)?.clone(), b: best.clone() }))
            .collect();
        let label = format!("{scope}/{}/{VIRTUAL_BEST}", solver.1);
        if let Some(c) = PairComparison::of(&pairs, limit, &boot.for_label(&label)) {
            out.comparisons.extend(c.rows(scope, &solver.1, VIRTUAL_BEST));
        }
    }
}

/// Per instance, the virtual best's run: the lowest instance time among the solvers that ran it
/// (the portfolio left out), finished when that solver's run finished; `None` unless at least two
/// solvers (besides the portfolio) ran.
fn virtual_best_times(instances: &[&InstanceRuns], limit: f64) -> Option<Vec<Run>> {
    let best: Vec<Run> = instances
        .iter()
        .filter_map(|runs| {
            let candidates = runs.iter().filter(|(s, _)| s.1 != PORTFOLIO);
            let (_, runs) = candidates
                .min_by(|a, b| instance_time(a.1, limit).total_cmp(&instance_time(b.1, limit)).then(a.0.cmp(b.0)))?;
            let time = instance_time(runs, limit);
            Some(if stats::solved(runs) { Run::finished(time) } else { Run::unfinished(time) })
        })
        .collect();
    let ran: std::collections::BTreeSet<&(usize, String)> =
        instances.iter().flat_map(|runs| runs.keys()).filter(|s| s.1 != PORTFOLIO).collect();
    (ran.len() >= 2 && !best.is_empty()).then_some(best)
}

/// The seed splits of `solver` over a group's `instances`, per N: at the hardness peak α* and off
/// it when the group's peaks ([`Uncertainty::peaks`], already found) locate one at that N — the
/// solver's own, else the first located one of another solver (display order) —, else over the
/// whole cell; with their `estimates.csv` rows.
fn seed_luck(
    out: &mut Uncertainty,
    group: &Group,
    solver: &(usize, String),
    instances: &[Placed],
    limit: f64,
    boot: &Bootstrap,
) {
    let name = solver.1.as_str();
    let mut by_size: BTreeMap<usize, Vec<(Alpha, &Vec<Run>)>> = BTreeMap::new();
    for (n, alpha, runs, _) in instances {
        if let Some(runs) = runs.get(solver).filter(|r| r.len() > 1) {
            by_size.entry(*n).or_default().push((*alpha, runs));
        }
    }
    for (n, runs) in by_size {
        let located = |p: &&HardnessPeak| p.group == *group && p.n == n && p.located();
        let own = out.peaks.iter().filter(located).find(|p| p.solver == name);
        let peak = own.or_else(|| out.peaks.iter().find(located));
        let peak_of = peak.filter(|p| p.solver != name).map(|p| p.solver.clone());
        let places: Vec<(Place, Vec<&Vec<Run>>)> = match peak.map(|p| p.peak.alpha) {
            Some(at) => {
                let on = runs.iter().filter(|(a, _)| a.value() == at).map(|(_, r)| *r).collect();
                let off = runs.iter().filter(|(a, _)| a.value() != at).map(|(_, r)| *r).collect();
                vec![(Place::Peak(at), on), (Place::OffPeak, off)]
            }
            None => vec![(Place::Whole, runs.iter().map(|(_, r)| *r).collect())],
        };
        for (place, runs) in places {
            let scope = seed_scope(group, n, place);
            let at = boot.for_label(&format!("{scope}/{name}/seeds"));
            let Some(split) = stats::seed_split(&runs, limit, LEVEL, &at) else { continue };
            out.estimates.push(EstimateRow::new(&scope, name, Quantity::SeedShare, &split.share));
            out.estimates.push(EstimateRow::new(&scope, name, Quantity::SeedSpread, &split.spread));
            let peak_of = peak_of.clone();
            out.seeds.push(SeedLuck { group: group.clone(), n, solver: name.to_owned(), place, peak_of, split });
        }
    }
}

/// The effort values of one solver's sweep, per α level one per instance (the mean over its runs
/// that report it), of the first statistic of [`Effort::PREFERENCE`] its rows report, with the
/// centre to take: the median, or the mean where the medians are the same at every level (as when
/// the median instance needs no dead end at all); `None` when no row reports an effort.
fn sweep_effort(levels: &SweepLevels<'_>) -> Option<(Effort, Vec<stats::Level>, Center)> {
    let rows = || levels.values().flatten().flat_map(|(_, rows)| rows.iter());
    let effort = Effort::PREFERENCE.into_iter().find(|e| rows().any(|r| e.of(r).is_some()))?;
    let values: Vec<stats::Level> = levels
        .iter()
        .map(|(a, instances)| {
            let per_instance = instances.iter().filter_map(|(_, rows)| {
                let v: Vec<f64> = rows.iter().filter_map(|r| effort.of(r)).collect();
                (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
            });
            (a.value(), per_instance.collect())
        })
        .collect();
    let medians: Vec<Option<f64>> = values.iter().map(|(_, v)| stats::median(v)).collect();
    let flat = medians.windows(2).all(|w| w[0] == w[1]);
    Some((effort, values, if flat { Center::Mean } else { Center::Median }))
}

/// Appends the median, PAR-2 and solved share of one solver's `runs` (one entry per instance) in
/// `scope`.
fn estimates(out: &mut Vec<EstimateRow>, scope: &str, solver: &str, runs: &[&Vec<Run>], limit: f64, boot: &Bootstrap) {
    if runs.is_empty() {
        return;
    }
    let label = |what: &str| boot.for_label(&format!("{scope}/{solver}/{what}"));
    let found = [
        (Quantity::Median, median_time(runs, limit, &label("median"))),
        (Quantity::Par2, par2(runs, limit, &label("par2"))),
        (Quantity::SolvedShare, solved_share(runs, LEVEL)),
    ];
    for (statistic, estimate) in found {
        if let Some(e) = estimate {
            out.push(EstimateRow::new(scope, solver, statistic, &e));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;
    use crate::experiment::record::RunOutcome;

    /// `n` planted 9×9 instances, each run by `fast` in `t` seconds and by `slow` in `factor`·`t`,
    /// with a little noise from the instance number.
    fn two_solvers(n: u32, factor: f64) -> Results {
        let mut rows = Vec::new();
        for rep in 0..n {
            let t = 0.01 * (1.0 + f64::from(rep % 7) / 7.0);
            for (solver, seconds) in [("sat", t), ("backtrack", factor * t * (1.0 + f64::from(rep % 3) / 10.0))] {
                rows.push(RunRow {
                    rep,
                    seed: u64::from(rep),
                    solver: solver.into(),
                    outcome: RunOutcome::Solved,
                    verified: Some(true),
                    seconds,
                    build_seconds: None,
                    ..row()
                });
            }
        }
        let meta = serde_json::json!({ "config": { "time_limit": 10.0, "seed": 4 } });
        Results::new(rows, Some(meta), None, Some(10.0))
    }

    #[test]
    fn every_scope_has_each_solvers_estimates_and_each_pairs_two_tests() {
        let u = two_solvers(20, 3.0).uncertainty();
        let pairs = |c: &&Comparison| c.solver_b != VIRTUAL_BEST;
        let scopes: Vec<&str> = u.comparisons.iter().filter(pairs).map(|c| c.scope.as_str()).collect();
        assert_eq!(scopes, ["all", "all", "planted N=9", "planted N=9"]);
        // The single best (sat) against the virtual best, per scope: the same runs here.
        let best: Vec<(&str, &str)> = u
            .comparisons
            .iter()
            .filter(|c| c.solver_b == VIRTUAL_BEST)
            .map(|c| (c.scope.as_str(), c.solver_a.as_str()))
            .collect();
        assert_eq!(best, [("all", "sat"), ("all", "sat"), ("planted N=9", "sat"), ("planted N=9", "sat")]);
        assert_eq!(u.single_best(ALL_SCOPE), Some("sat"));
        let all: Vec<&Comparison> = u.comparisons.iter().filter(pairs).filter(|c| c.scope == ALL_SCOPE).collect();
        // backtrack sorts before sat: a = backtrack, three times slower.
        assert_eq!((all[0].solver_a.as_str(), all[0].solver_b.as_str(), all[0].n), ("backtrack", "sat", 20));
        assert!(all[0].ci_low > 2.5 && all[0].ci_high < 4.0, "{:?}", all[0]);
        assert!(all[0].p_adjusted.is_some_and(|p| p < 0.01), "{:?}", all[0]);
        let statistics: Vec<Quantity> =
            u.estimates.iter().filter(|e| e.scope == ALL_SCOPE && e.solver == "sat").map(|e| e.statistic).collect();
        assert_eq!(statistics, [Quantity::Median, Quantity::Par2, Quantity::SolvedShare]);
    }

    #[test]
    fn the_same_folder_gives_the_same_numbers() {
        let (a, b) = (two_solvers(12, 1.0).uncertainty(), two_solvers(12, 1.0).uncertainty());
        assert_eq!(a.comparisons, b.comparisons);
        assert_eq!(a.estimates, b.estimates);
    }
}
