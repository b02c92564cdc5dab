//! The solvers as the report and the figures present them: one display order, the paradigm each
//! belongs to (ILP, backtracking, SAT, exact cover), and the encoding ablations — pairs of solvers that differ
//! only in how the puzzle is stated to the same engine.

/// The solvers of the registry, in display order: by paradigm, the weaker variant first.
pub(crate) const KNOWN_SOLVERS: [&str; 13] = [
    "ilp-edge",
    "ilp-clique",
    "ilp-clique-cbc",
    "ilp-hybrid",
    "ilp-pop",
    "ilp-placement",
    "backtrack-naive",
    "backtrack",
    "sat",
    "sat-minimal",
    "kissat",
    "dlx",
    "portfolio",
];

/// The registry solver a name stands for: itself, or for a config variant `BASE+label` its BASE.
pub(crate) fn base_solver(name: &str) -> &str {
    name.split_once('+').map_or(name, |(base, _)| base)
}

/// Sort key giving the display order of solvers: [`KNOWN_SOLVERS`], each followed by its variants
/// alphabetically, then anything else alphabetically.
pub(crate) fn solver_order(name: &str) -> (usize, String) {
    let base = base_solver(name);
    let rank = KNOWN_SOLVERS.iter().position(|s| *s == base).unwrap_or(KNOWN_SOLVERS.len());
    (rank, name.to_owned())
}

/// A family of solvers that share an engine and a search strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Paradigm {
    /// 0-1 integer programming with HiGHS (`ilp-edge`, `ilp-clique`, `ilp-pop`) or CBC
    /// (`ilp-clique-cbc`), the LP relaxation guiding a search (`ilp-hybrid`), and the placement
    /// formulation's branch and price (`ilp-placement`).
    Ilp,
    /// Depth-first search over cells (`backtrack-naive`, `backtrack`).
    Backtracking,
    /// CDCL on a CNF encoding with CaDiCaL (`sat`, `sat-minimal`) or kissat (`kissat`).
    Sat,
    /// Algorithm X with dancing links on the exact-cover matrix (`dlx`).
    ExactCover,
    /// Several of the above racing on the same puzzle (`portfolio`): the best of the harness.
    Portfolio,
}

impl Paradigm {
    /// Its name in prose and tables: `ILP`, `backtracking`, `SAT`, `exact cover`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Paradigm::Ilp => "ILP",
            Paradigm::Backtracking => "backtracking",
            Paradigm::Sat => "SAT",
            Paradigm::ExactCover => "exact cover",
            Paradigm::Portfolio => "portfolio",
        }
    }
}

/// The paradigm of a solver name; `None` for a name the registry does not know.
pub(crate) fn paradigm(solver: &str) -> Option<Paradigm> {
    match base_solver(solver) {
        "ilp-edge" | "ilp-clique" | "ilp-clique-cbc" | "ilp-hybrid" | "ilp-pop" | "ilp-placement" => {
            Some(Paradigm::Ilp)
        }
        "backtrack-naive" | "backtrack" => Some(Paradigm::Backtracking),
        "sat" | "sat-minimal" | "kissat" => Some(Paradigm::Sat),
        "dlx" => Some(Paradigm::ExactCover),
        "portfolio" => Some(Paradigm::Portfolio),
        _ => None,
    }
}

/// The encoding ablations: (paradigm, weaker encoding, stronger encoding, what differs). The same
/// engine runs both, so their paired time ratio says how much the encoding matters.
pub(crate) const ENCODING_PAIRS: [(Paradigm, &str, &str, &str); 2] = [
    (Paradigm::Ilp, "ilp-edge", "ilp-clique", "edge model vs clique model"),
    (Paradigm::Sat, "sat-minimal", "sat", "minimal vs full (redundant-clause) encoding"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solvers_sort_by_paradigm_and_unknown_names_come_last() {
        let mut names = vec!["zeta", "dlx", "sat-minimal", "backtrack", "sat", "ilp-clique", "alpha", "ilp-edge"];
        names.sort_by_key(|s| solver_order(s));
        assert_eq!(names, ["ilp-edge", "ilp-clique", "backtrack", "sat", "sat-minimal", "dlx", "alpha", "zeta"]);
    }

    #[test]
    fn every_known_solver_has_a_paradigm_and_every_ablation_stays_inside_one() {
        for name in KNOWN_SOLVERS {
            assert!(paradigm(name).is_some(), "{name}");
        }
        assert_eq!(paradigm("dlx"), Some(Paradigm::ExactCover));
        assert_eq!(paradigm("ilp-clique-cbc"), Some(Paradigm::Ilp));
        for kind in crate::solve::SolverKind::ALL {
            assert!(KNOWN_SOLVERS.contains(&kind.name()), "{} has no display order", kind.name());
        }
        assert_eq!(paradigm("dancing-links"), None);
        for (p, weaker, stronger, _) in ENCODING_PAIRS {
            assert_eq!((paradigm(weaker), paradigm(stronger)), (Some(p), Some(p)));
        }
    }
}
