//! Statistics with their uncertainty: every number a table, finding or figure states, computed
//! once here with its interval, its test and its n; the report only formats them. Nothing here
//! knows about Sudoku or about `runs.csv`: the caller hands in per-instance runs ([`Run`]: seconds
//! and finished or not, already judged) and the time limit.
//!
//! **Data.** An unfinished run counts at the PAR-2 penalty, 2 × the limit, so no instance drops out
//! and an unfinished run is slower than any finished one. An instance run with several solver seeds
//! has one time, the geometric mean of its seeds' PAR-2 times ([`run`]).
//!
//! **Resampling.** The percentile bootstrap (Efron & Tibshirani 1993) over instances, two-stage
//! when instances have several seeds (instances, then seeds within each drawn instance; Davison &
//! Hinkley 1997, §3.8), paired (both solvers' runs of an instance drawn together) and stratified
//! where the design fixes the counts (per size for a growth law, per α for a peak). B = 10,000 by
//! default, 95 % intervals, a ChaCha8 stream seeded by an explicit u64, one stream per statistic
//! ([`Bootstrap::for_label`]), so a report renders byte for byte ([`bootstrap`], [`clusters`]).
//!
//! **Per solver and scope** ([`solver`]): median time and PAR-2 with bootstrap intervals; solved
//! share with Wilson's score interval ([`wilson`]). **Per pair** ([`compare`]): the speed ratio
//! (geometric mean of t(a)/t(b)) with its bootstrap interval ([`pair`]), Wilcoxon's signed-rank
//! test on the paired log times ([`wilcoxon`], as R's `wilcox.test`), McNemar's exact test on
//! solved/unsolved ([`mcnemar`]), Holm's adjustment over a family ([`holm`]). **Laws**: polynomial
//! against exponential growth chosen by AIC with intervals for k and b ([`growth`]); the hardness
//! peak α* with its bootstrap distribution ([`peak`]); the peak-holes exponent against a published
//! value ([`holes`]). **Seeds**: the share of the variance between solver seeds and an instance's
//! spread over them ([`seeds`]). **Output**: the rows of `comparisons.csv` and `estimates.csv` ([`record`]),
//! written with three significant digits ([`digits`]). Quantiles and plain least-squares lines
//! for the figures: [`describe`].
//!
//! Speed: the ignored test `bootstrap_speed` (release build) times a pair comparison, so that a
//! report's hundreds of comparisons stay cheap (its numbers: docs/benchmarks.md, "The bootstrap's
//! speed").

#![cfg_attr(
    not(test),
    allow(dead_code, reason = "the report wires these in (issue 49, item 2); until then only tests call them")
)]
#![allow(unused_imports, reason = "the re-exports below are the module's interface for the report, not yet wired in")]

mod bootstrap;
mod center;
mod clusters;
mod compare;
mod describe;
mod digits;
mod estimate;
#[cfg(test)]
mod fixtures;
mod growth;
mod holes;
mod holm;
mod mcnemar;
mod pair;
mod peak;
mod record;
mod run;
mod seeds;
mod signflip;
mod solver;
#[cfg(test)]
mod tests;
mod wilcoxon;
mod wilson;

pub(crate) use bootstrap::{Bootstrap, LEVEL, RESAMPLES};
pub(crate) use center::Center;
pub(crate) use compare::{adjust, PairComparison};
pub(crate) use describe::{linear_fit, median, quantile, LinearFit};
pub(crate) use digits::{sig, Sig, DIGITS, INTERVAL_DIGITS};
pub(crate) use estimate::Estimate;
pub(crate) use growth::{growth, Growth, Law, AIC_MARGIN, MIN_SIZES};
pub(crate) use holes::{holes_law, HolesLaw, Sweep};
pub(crate) use holm::holm;
pub(crate) use mcnemar::mcnemar_exact;
pub(crate) use pair::{discordant, log_differences, speed_ratio, Paired};
pub(crate) use peak::{peak, Level, Peak};
pub(crate) use record::{Comparison, EstimateRow, Quantity, Test};
pub(crate) use run::{instance_log_time, instance_time, solved, Run, PAR_FACTOR, TIME_FLOOR};
pub(crate) use seeds::{seed_split, SeedSplit};
pub(crate) use signflip::{sign_flip, SignFlip, EXACT_UP_TO};
pub(crate) use solver::{median_estimate, median_time, par2, solved_share};
pub(crate) use wilcoxon::{signed_rank, Method, SignedRank, EXACT_BELOW};
pub(crate) use wilson::wilson;
