//! Config variants against their default: for every solver `BASE+label` that ran beside `BASE`
//! (the ablations of `experiments/ilp-ablation.toml`), the paired comparison per (mode, N) — how
//! many instances each finished and the time ratio on those both finished.

use std::fmt::Write as _;

use super::analysis::Analysis;
use super::pairing::find_pairing;
use crate::results::{base_solver, fmt_num, Results};

/// The variants section, when the results hold a variant and its base.
pub(crate) fn section(out: &mut String, results: &Results, analysis: &Analysis) {
    let solvers = results.solvers();
    let variants: Vec<(&str, &str)> = solvers
        .iter()
        .map(|s| (s.as_str(), base_solver(s)))
        .filter(|(s, base)| s != base && solvers.iter().any(|t| t == base))
        .collect();
    if variants.is_empty() {
        return;
    }
    let scopes: Vec<_> =
        analysis.pairings.per_size.iter().filter(|p| p.alpha.is_none()).map(|p| p.scope.clone()).collect();
    let mut scopes: Vec<_> = scopes.into_iter().flatten().collect();
    scopes.dedup();
    out.push_str("\n## Variants against their default\n\n");
    out.push_str(
        "Each variant runs its base solver with one or more options changed (the config's `solvers` \
         table says which), on the same instances: `finished` counts the instances each answered \
         (solved or proved infeasible) within the limit, and the ratio is the geometric mean over the \
         instances both finished of t(variant) / t(base) — below 1 the variant is faster.\n\n",
    );
    let _ = writeln!(
        out,
        "| variant | base | {} | N | paired | variant finished | base finished | both finished | t(variant)/t(base) |",
        results.mode_heading()
    );
    out.push_str("|---|---|---|---|---:|---:|---:|---:|---:|\n");
    for (variant, base) in &variants {
        for scope in &scopes {
            let Some(p) = find_pairing(&analysis.pairings.per_size, (variant, base), &Some(scope.clone()), None) else {
                continue;
            };
            let ratio = p.ratio().map_or_else(|| "—".to_owned(), fmt_num);
            let _ = writeln!(
                out,
                "| {variant} | {base} | {} | {} | {} | {} | {} | {} | {ratio} |",
                super::pairing::scope_name(&scope.0),
                scope.1,
                p.paired,
                p.paired - p.a_unfinished,
                p.paired - p.b_unfinished,
                p.ratios.len()
            );
        }
    }
    out.push('\n');
}
