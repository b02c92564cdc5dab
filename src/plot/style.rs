//! How series look: a colour per solver, a marker and a dash per mode, and the layout constants the
//! figures share. Lines, markers and legend keys all take their looks from here, so a legend always
//! shows what the panels draw.

use crate::generate::{Holes, Mode};
use crate::results::Group;
use crate::results::KNOWN_SOLVERS;
use plotters::prelude::*;

/// Size of one panel in a grid of time or effort panels.
pub(super) const PANEL: (u32, u32) = (440, 380);
/// Size of one panel in the outcome-share grid.
pub(super) const OUTCOME_PANEL: (u32, u32) = (360, 280);
/// Width of the legend column right of the panels.
pub(super) const LEGEND_W: u32 = 280;
/// Most panels in one row.
pub(super) const MAX_COLS: usize = 4;
/// Grid lines at labelled ticks.
pub(super) const GRID: RGBColor = RGBColor(205, 205, 205);
/// Minor grid lines.
pub(super) const GRID_LIGHT: RGBColor = RGBColor(238, 238, 238);
/// Marks and text that belong to no series: the limit line, crosses, notes.
pub(super) const INK: RGBColor = RGBColor(70, 70, 70);
/// Dash and gap (pixels) of the time-limit line.
pub(super) const LIMIT_DASH: (i32, i32) = (7, 5);

/// Colours of the sizes N when a figure draws one line per N (smallest first): Okabe–Ito, then
/// greys.
pub(super) const SIZE_COLORS: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
    RGBColor(120, 120, 120),
];

/// The marker shape of a mode.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Marker {
    Circle,
    Triangle,
    Square,
}

/// The line pattern of a mode.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Dash {
    Solid,
    Dashed,
    Dotted,
}

impl Dash {
    /// Dash and gap in pixels; `None` for a solid line.
    pub(super) fn pattern(self) -> Option<(i32, i32)> {
        match self {
            Dash::Solid => None,
            Dash::Dashed => Some((9, 5)),
            Dash::Dotted => Some((2, 4)),
        }
    }
}

/// How one series is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Look {
    pub(super) color: RGBColor,
    pub(super) marker: Marker,
    pub(super) dash: Dash,
}

/// Okabe–Ito colours (distinguishable with the common colour-vision deficiencies): warm for the
/// ILP models (Paul Tol's wine for the CBC run of the clique model, his vibrant magenta for the
/// LP-guided search `ilp-hybrid`, his vibrant red for the partial-ordering model `ilp-pop`, his
/// iridescent purple for the branch and price `ilp-placement`), blue for the backtrackers,
/// bluish green and reddish purple for the SAT encodings, a dark yellow for exact cover (Paul
/// Tol's, as Okabe–Ito's is faint on white); config variants (`BASE+label`) take Paul Tol's muted
/// colours in the order they appear among `solvers` (the figure's solvers, in display order);
/// solvers outside the registry (external solvers such as `minisat` or `cpsat`) take the colours
/// of Paul Tol's light and dark schemes in the order they appear among `solvers`, so no two of a
/// figure share one while there are at most twelve.
fn solver_color(solver: &str, solvers: &[String]) -> RGBColor {
    const VARIANTS: [RGBColor; 10] = [
        RGBColor(68, 68, 0),
        RGBColor(136, 204, 238),
        RGBColor(68, 170, 153),
        RGBColor(17, 119, 51),
        RGBColor(153, 153, 51),
        RGBColor(221, 204, 119),
        RGBColor(204, 102, 119),
        RGBColor(170, 68, 153),
        RGBColor(68, 119, 170),
        RGBColor(102, 51, 0),
    ];
    match solver {
        "ilp-edge" => RGBColor(230, 159, 0),
        "ilp-clique" => RGBColor(213, 94, 0),
        "ilp-clique-cbc" => RGBColor(136, 34, 85),
        "ilp-hybrid" => RGBColor(238, 51, 119),
        "ilp-pop" => RGBColor(204, 51, 17),
        "ilp-placement" => RGBColor(120, 28, 129),
        "backtrack-naive" => RGBColor(86, 180, 233),
        "backtrack" => RGBColor(0, 114, 178),
        "sat" => RGBColor(0, 158, 115),
        "sat-minimal" => RGBColor(204, 121, 167),
        "dlx" => RGBColor(204, 187, 68),
        "kissat" => RGBColor(51, 34, 136),
        "portfolio" => RGBColor(220, 20, 60),
        _ if solver.contains('+') => {
            let place = solvers.iter().filter(|s| s.contains('+')).position(|s| s == solver).unwrap_or(0);
            VARIANTS[place % VARIANTS.len()]
        }
        _ => {
            const EXTERNAL: [RGBColor; 12] = [
                RGBColor(0, 68, 136),
                RGBColor(153, 119, 0),
                RGBColor(187, 85, 102),
                RGBColor(0, 0, 0),
                RGBColor(119, 170, 221),
                RGBColor(238, 136, 102),
                RGBColor(68, 187, 153),
                RGBColor(102, 102, 102),
                RGBColor(170, 51, 119),
                RGBColor(34, 136, 51),
                RGBColor(102, 37, 6),
                RGBColor(255, 170, 187),
            ];
            let external = |s: &&String| !s.contains('+') && !KNOWN_SOLVERS.contains(&s.as_str());
            let place = solvers.iter().filter(external).position(|s| s == solver).unwrap_or(0);
            EXTERNAL[place % EXTERNAL.len()]
        }
    }
}

/// The look of `solver` in `mode`, among the figure's `solvers` (for the colours of variants).
pub(super) fn look(solver: &str, mode: &Group, solvers: &[String]) -> Look {
    let (marker, dash) = match mode {
        Group::Generated { mode: Mode::Planted, latin: false, holes: Holes::Uniform } => (Marker::Circle, Dash::Solid),
        Group::Generated { mode: Mode::Random, latin: false, .. } => (Marker::Triangle, Dash::Dashed),
        Group::Generated { mode: Mode::Planted, latin: true, holes: Holes::Uniform } => (Marker::Square, Dash::Solid),
        Group::Generated { mode: Mode::Random, latin: true, .. } => (Marker::Triangle, Dash::Dotted),
        Group::Generated { mode: Mode::Planted, latin: false, holes: Holes::Balanced } => {
            (Marker::Circle, Dash::Dotted)
        }
        _ => (Marker::Square, Dash::Dotted),
    };
    Look { color: solver_color(solver, solvers), marker, dash }
}

/// The legend label of `solver` in `mode` (the mode only when several are shown).
pub(super) fn series_label(solver: &str, mode: &Group, several_modes: bool) -> String {
    if several_modes {
        format!("{solver} ({mode})")
    } else {
        solver.to_owned()
    }
}

/// A 2-pixel unfilled stroke in `color`.
pub(super) fn line_style(color: RGBColor) -> ShapeStyle {
    ShapeStyle { color: color.to_rgba(), filled: false, stroke_width: 2 }
}

/// The style and size of a marker of `look`: filled, or hollow and larger for a censored median.
pub(super) fn marker_style(look: Look, hollow: bool) -> (ShapeStyle, i32) {
    if hollow {
        (line_style(look.color), 6)
    } else {
        (look.color.filled(), 4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registry_solver_has_a_colour_of_its_own() {
        let solvers: Vec<&str> = crate::solve::SolverKind::ALL.iter().map(|k| k.name()).collect();
        let colours: Vec<RGBColor> = solvers.iter().map(|s| solver_color(s, &[])).collect();
        for (i, a) in colours.iter().enumerate() {
            for (j, b) in colours.iter().enumerate().skip(i + 1) {
                assert_ne!(a, b, "{} and {} share a colour", solvers[i], solvers[j]);
            }
            for external in ["minisat", "cpsat", "bop-edge", "some-new-solver"] {
                assert_ne!(*a, solver_color(external, &[]), "{} looks like {external}", solvers[i]);
            }
        }
        // The twelve external solvers of a figure get twelve colours, none a registry solver's.
        let peers: Vec<String> = (0..12).map(|i| format!("peer-{i}")).collect();
        let mut figure = solvers.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        figure.extend(peers.iter().cloned());
        let external: Vec<RGBColor> = peers.iter().map(|p| solver_color(p, &figure)).collect();
        for (i, a) in external.iter().enumerate() {
            assert!(!colours.contains(a), "{} looks like a registry solver", peers[i]);
            assert!(!external[i + 1..].contains(a), "{} shares its colour", peers[i]);
        }
    }

    #[test]
    fn variants_get_distinct_colours_of_their_own_in_display_order() {
        let solvers: Vec<String> =
            ["ilp-clique", "ilp-clique+a", "ilp-clique+b", "sat", "sat+c"].iter().map(|s| s.to_string()).collect();
        let colours: Vec<RGBColor> = solvers.iter().map(|s| solver_color(s, &solvers)).collect();
        for (i, a) in colours.iter().enumerate() {
            for b in &colours[i + 1..] {
                assert_ne!(a, b, "{solvers:?}");
            }
        }
        // Nor does a variant look like a registry solver (sat+pre beside kissat, say).
        let variants: Vec<RGBColor> =
            solvers.iter().filter(|s| s.contains('+')).map(|s| solver_color(s, &solvers)).collect();
        for kind in crate::solve::SolverKind::ALL {
            assert!(!variants.contains(&solver_color(kind.name(), &[])), "a variant looks like {}", kind.name());
        }
    }
}
