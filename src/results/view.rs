//! How the tables and figures see the rows of `runs.csv`: each run belongs to a [`Group`] (its
//! set, or its generation mode with its family and hole pattern, each a field of its own), so every
//! table, finding and figure tells the families, hole patterns and instance sets apart without
//! knowing about them; and a set whose puzzles span many fills has them binned ([`view_sets`]).
//! `runs.csv` itself keeps every column apart.
//!
//! A group is named as the tables print it:
//! - a set's runs: the set's name;
//! - generated Latin squares (1×N boxes): `qwh` (planted: the quasigroup-with-holes problem of
//!   Achlioptas et al. 2000) or `qcp` (random fill: quasigroup completion, Gomes & Selman 1997), so
//!   a Latin square of order 36 is never averaged with a 36×36 Sudoku in one group;
//! - balanced holes: `planted/balanced` (or `qwh/balanced`).

use std::collections::{BTreeMap, BTreeSet};

use super::Alpha;
use crate::experiment::record::RunRow;
use crate::experiment::sets::DEFAULT_FILL_BIN;
use crate::generate::{Holes, Mode};

/// A set whose puzzles span more fill levels than this is grouped by fill bins in the report and
/// the figures ([`view_sets`]).
pub(crate) const MAX_EXACT_FILLS: usize = 6;

/// The name planted Latin squares are seen as: quasigroups with holes.
pub(crate) const QWH_MODE: &str = "qwh";
/// The name randomly filled Latin squares are seen as: quasigroup completion problems.
pub(crate) const QCP_MODE: &str = "qcp";

/// The literature's exponent: holes at the hardness peak ∝ n^1.55 (Achlioptas et al. 2000).
pub(crate) const HOLES_EXPONENT: f64 = 1.55;
/// The published constant c of the QWH peak, holes = c·N^1.55 (Kautz et al. 2001, Table 2, order 28).
pub(crate) const PUBLISHED_PEAK_CONSTANT: f64 = 1.53;

/// What the tables and figures group a run by: the instance set it is from, or how it was
/// generated (mode, family, hole pattern). Ordered by its name, as the tables list groups.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Group {
    /// A generated instance.
    Generated {
        /// How it was made.
        mode: Mode,
        /// `true` for a Latin square (1×N or N×1 boxes, N ≥ 2) of the random or planted mode, the
        /// quasigroup literature's problems (unique puzzles are one group, whatever their box).
        latin: bool,
        /// Where its holes fall (planted only; uniform otherwise).
        holes: Holes,
    },
    /// A puzzle of the instance set of this name.
    Set(String),
}

impl Group {
    /// Planted Sudoku with uniform holes, the default look of a solver in a figure.
    pub const PLANTED: Group = Group::Generated { mode: Mode::Planted, latin: false, holes: Holes::Uniform };
    /// Planted Latin squares with uniform holes: the quasigroup-with-holes problem.
    pub const QWH: Group = Group::Generated { mode: Mode::Planted, latin: true, holes: Holes::Uniform };
    /// Unique puzzles.
    pub const UNIQUE: Group = Group::Generated { mode: Mode::Unique, latin: false, holes: Holes::Uniform };

    /// The group of `row`.
    pub fn of(row: &RunRow) -> Group {
        match row.mode.generated().filter(|_| row.set.is_empty()) {
            None => Group::Set(row.set.clone()),
            Some(mode) => Group::Generated {
                mode,
                latin: mode != Mode::Unique && row.n >= 2 && (row.box_rows == 1 || row.box_cols == 1),
                holes: if mode == Mode::Planted { row.holes } else { Holes::Uniform },
            },
        }
    }

    /// `true` for the Latin squares (`qwh`, `qcp`, with either hole pattern).
    pub fn is_latin(&self) -> bool {
        matches!(self, Group::Generated { latin: true, .. })
    }

    /// `true` for generated puzzles with exactly one solution (their axis is a difficulty, not α).
    pub fn is_unique(&self) -> bool {
        matches!(self, Group::Generated { mode: Mode::Unique, .. })
    }

    /// `true` for planted instances with balanced holes.
    pub fn is_balanced(&self) -> bool {
        matches!(self, Group::Generated { holes: Holes::Balanced, .. })
    }

    /// `true` for an instance set's puzzles.
    pub fn is_set(&self) -> bool {
        matches!(self, Group::Set(_))
    }

    /// The same group with uniform holes.
    pub fn uniform(&self) -> Group {
        match self {
            Group::Generated { mode, latin, .. } => {
                Group::Generated { mode: *mode, latin: *latin, holes: Holes::Uniform }
            }
            set => set.clone(),
        }
    }

    /// The name the tables and figures print.
    pub fn name(&self) -> String {
        match self {
            Group::Set(name) => name.clone(),
            Group::Generated { mode, latin, holes } => {
                let base = match (mode, latin) {
                    (Mode::Planted, true) => QWH_MODE,
                    (Mode::Random, true) => QCP_MODE,
                    (mode, _) => mode.name(),
                };
                match holes {
                    Holes::Uniform => base.to_owned(),
                    holes => format!("{base}/{holes}"),
                }
            }
        }
    }
}

impl std::fmt::Display for Group {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

impl Ord for Group {
    fn cmp(&self, other: &Group) -> std::cmp::Ordering {
        self.name().cmp(&other.name()).then_with(|| self.is_set().cmp(&other.is_set()))
    }
}

impl PartialOrd for Group {
    fn partial_cmp(&self, other: &Group) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// How the tables and figures see the fills of an instance set's puzzles: a set whose puzzles
/// span more than [`MAX_EXACT_FILLS`] fill levels (Lloyd–Amos's 21, a collection of hand-made puzzles) has its fill α binned: the lower edge
/// of a bin of the set's `fill_bin` width (from `meta.json`; [`DEFAULT_FILL_BIN`] without it).
/// `runs.csv` keeps the puzzle's own fill. Returns the sets that were binned.
pub(super) fn view_sets(rows: &mut [RunRow], meta: Option<&serde_json::Value>) -> BTreeSet<String> {
    let mut fills: BTreeMap<String, BTreeSet<Alpha>> = BTreeMap::new();
    for row in rows.iter().filter(|r| !r.set.is_empty()) {
        fills.entry(row.set.clone()).or_default().insert(Alpha::new(row.alpha));
    }
    let width = |set: &str| -> f64 {
        let sets = meta.and_then(|m| m.get("config")).and_then(|c| c.get("sets")).and_then(|s| s.as_array());
        let this = sets.and_then(|s| s.iter().find(|t| t.get("name").and_then(|n| n.as_str()) == Some(set)));
        this.and_then(|t| t.get("fill_bin")).and_then(|w| w.as_f64()).filter(|w| *w > 0.0).unwrap_or(DEFAULT_FILL_BIN)
    };
    let widths: BTreeMap<String, Option<f64>> =
        fills.iter().map(|(set, f)| (set.clone(), (f.len() > MAX_EXACT_FILLS).then(|| width(set)))).collect();
    for row in rows.iter_mut().filter(|r| !r.set.is_empty()) {
        if let Some(Some(w)) = widths.get(&row.set) {
            row.alpha = Alpha::new(((row.alpha + 1e-9) / w).floor() * w).value();
        }
    }
    widths.into_iter().filter(|(_, w)| w.is_some()).map(|(set, _)| set).collect()
}

impl super::Results {
    /// The heading of the column the tables group by ([`view_sets`] puts a set's name where a
    /// generated instance has its mode): `mode`, `set` when every run is on a set's puzzles, or
    /// `mode / set` when the runs hold both.
    pub fn mode_heading(&self) -> &'static str {
        let sets = self.rows.iter().filter(|r| !r.set.is_empty()).count();
        match sets {
            0 => "mode",
            n if n == self.rows.len() => "set",
            _ => "mode / set",
        }
    }

    /// The plural of [`Results::mode_heading`] for prose: `modes`, `sets` or `modes and sets`.
    pub fn modes_word(&self) -> &'static str {
        match self.mode_heading() {
            "mode" => "modes",
            "set" => "sets",
            _ => "modes and sets",
        }
    }

    /// `true` when the runs hold Latin squares (modes `qwh`, `qcp`) or balanced holes: the
    /// families the quasigroup literature has published figures for.
    pub fn has_literature_families(&self) -> bool {
        self.modes().iter().any(|m| m.is_latin() || m.is_balanced())
    }

    /// The name of size `n` in a panel title: `N = 33`, with `(Latin squares)` when every run of
    /// that size is on a Latin square, `(Sudoku and Latin squares)` when both families have that
    /// size.
    pub fn size_name(&self, n: usize) -> String {
        let (mut latin, mut sudoku) = (false, false);
        for row in self.rows.iter().filter(|r| r.n == n) {
            if row.box_rows == 1 || row.box_cols == 1 {
                latin = true;
            } else {
                sudoku = true;
            }
        }
        match (latin, sudoku) {
            (true, false) => format!("N = {n} (Latin squares)"),
            (true, true) => format!("N = {n} (Sudoku and Latin squares)"),
            _ => format!("N = {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;
    use crate::experiment::record::RunMode;

    #[test]
    fn no_set_may_take_the_name_of_a_mode_the_report_sees() {
        let generated = [RunMode::Random, RunMode::Planted, RunMode::Unique];
        let shapes = [(3, 3), (1, 9)];
        for (mode, shape) in generated.into_iter().flat_map(|m| shapes.map(|s| (m, s))) {
            let name = Group::of(&generated_row(mode, 9, shape, Holes::Uniform)).name();
            assert!(crate::experiment::sets::RESERVED_NAMES.contains(&name.as_str()), "{name}");
        }
    }

    fn generated_row(mode: RunMode, n: usize, (box_rows, box_cols): (usize, usize), holes: Holes) -> RunRow {
        RunRow { mode, n, box_rows, box_cols, holes, ..row() }
    }

    #[test]
    fn latin_squares_are_seen_as_qwh_or_qcp_and_sudoku_keeps_its_mode() {
        let rows = [
            generated_row(RunMode::Planted, 33, (1, 33), Holes::Uniform),
            generated_row(RunMode::Planted, 33, (1, 33), Holes::Balanced),
            generated_row(RunMode::Random, 9, (9, 1), Holes::Uniform),
            generated_row(RunMode::Unique, 9, (1, 9), Holes::Uniform),
            generated_row(RunMode::Planted, 36, (6, 6), Holes::Uniform),
            generated_row(RunMode::Planted, 36, (6, 6), Holes::Balanced),
        ];
        let groups: Vec<Group> = rows.iter().map(Group::of).collect();
        let names: Vec<String> = groups.iter().map(Group::name).collect();
        assert_eq!(names, ["qwh", "qwh/balanced", "qcp", "unique", "planted", "planted/balanced"]);
        let latin: Vec<bool> = groups.iter().map(Group::is_latin).collect();
        assert_eq!(latin, [true, true, true, false, false, false]);
        assert_eq!(groups[1].uniform(), groups[0]);
        assert!(groups[5].is_balanced() && !groups[4].is_balanced());
    }

    #[test]
    fn a_set_of_latin_squares_is_seen_as_its_set() {
        let row = RunRow { set: "mine".into(), ..generated_row(RunMode::Set, 33, (1, 33), Holes::Uniform) };
        assert_eq!(Group::of(&row), Group::Set("mine".into()));
        assert_eq!(Group::of(&row).name(), "mine");
    }

    #[test]
    fn groups_are_ordered_by_the_names_the_tables_print() {
        let mut groups = [
            Group::Set("lloyd".into()),
            Group::of(&generated_row(RunMode::Planted, 9, (3, 3), Holes::Balanced)),
            Group::of(&generated_row(RunMode::Random, 33, (1, 33), Holes::Uniform)),
            Group::of(&generated_row(RunMode::Planted, 9, (3, 3), Holes::Uniform)),
        ];
        groups.sort();
        let names: Vec<String> = groups.iter().map(Group::name).collect();
        assert_eq!(names, ["lloyd", "planted", "planted/balanced", "qcp"]);
    }
}
