//! The figures a results folder may hold: each named once, by its file stem (`STEM.svg`,
//! `STEM.png`). `plot` draws them (and says what each shows), `report` embeds and cites them,
//! and `run --force` knows them as the harness's own files.

/// One figure of a results folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Figure {
    /// Median total time against N.
    TimeVsN,
    /// Median search time against N (set-up left out).
    TimeVsNSearch,
    /// Median total time against α, one panel per N.
    TimeVsAlpha,
    /// What the solvers found out about each instance against α.
    OutcomesVsAlpha,
    /// The phase study: search effort and time against α, peaks marked.
    Phase,
    /// Median total time against the difficulty of unique puzzles.
    TimeVsDifficulty,
    /// The cactus plot: finished runs sorted by time.
    Cactus,
    /// Per instance, the two solvers with the lowest PAR-2.
    ScatterFastest,
    /// Per instance, the origin study's pair.
    ScatterOrigin,
    /// Instance sets: the share finished against the puzzles' fill.
    SolvedVsFill,
    /// The phase study against holes / N^1.55.
    PhaseScaled,
    /// Each instance's spread over solver seeds.
    SeedSpread,
    /// The root-LP study: the share of runs the LP relaxation alone decided against α.
    RootLp,
}

impl Figure {
    /// Every figure, in the order `plot` draws them and the report embeds them.
    pub const ALL: [Figure; 13] = [
        Figure::TimeVsN,
        Figure::TimeVsNSearch,
        Figure::TimeVsAlpha,
        Figure::OutcomesVsAlpha,
        Figure::Phase,
        Figure::TimeVsDifficulty,
        Figure::Cactus,
        Figure::ScatterFastest,
        Figure::ScatterOrigin,
        Figure::SolvedVsFill,
        Figure::PhaseScaled,
        Figure::SeedSpread,
        Figure::RootLp,
    ];

    /// Its file stem.
    pub const fn stem(self) -> &'static str {
        match self {
            Figure::TimeVsN => "time_vs_n",
            Figure::TimeVsNSearch => "time_vs_n_search",
            Figure::TimeVsAlpha => "time_vs_alpha",
            Figure::OutcomesVsAlpha => "outcomes_vs_alpha",
            Figure::Phase => "phase",
            Figure::TimeVsDifficulty => "time_vs_difficulty",
            Figure::Cactus => "cactus",
            Figure::ScatterFastest => "scatter_fastest",
            Figure::ScatterOrigin => "scatter_origin",
            Figure::SolvedVsFill => "solved_vs_fill",
            Figure::PhaseScaled => "phase_scaled",
            Figure::SeedSpread => "seed_spread",
            Figure::RootLp => "root_lp",
        }
    }

    /// The figure whose file stem is `stem`, if any.
    pub fn of_stem(stem: &str) -> Option<Figure> {
        Figure::ALL.into_iter().find(|f| f.stem() == stem)
    }
}

impl std::fmt::Display for Figure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.stem())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_figure_has_its_own_stem_and_is_found_by_it() {
        for figure in Figure::ALL {
            assert_eq!(Figure::of_stem(figure.stem()), Some(figure));
        }
        let mut stems: Vec<&str> = Figure::ALL.iter().map(|f| f.stem()).collect();
        stems.sort_unstable();
        stems.dedup();
        assert_eq!(stems.len(), Figure::ALL.len());
        assert_eq!(Figure::of_stem("time_vs_n.png"), None);
    }
}
