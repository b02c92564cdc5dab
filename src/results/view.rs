//! How the tables and figures see the rows of `runs.csv`: a few columns folded into the `mode`
//! they group by, so every table, finding and figure tells the families, hole patterns and
//! instance sets apart without knowing about them. `runs.csv` itself keeps every column apart;
//! these views change only the rows [`super::Results`] holds.
//!
//! - [`view_sets`]: a set's runs are seen as mode = the set's name, their fills binned when many.
//! - [`view_family`]: generated Latin squares (1×N boxes) are seen as mode `qwh` (planted: the
//!   quasigroup-with-holes problem of Achlioptas et al. 2000) or `qcp` (random fill: quasigroup
//!   completion, Gomes & Selman 1997), so a Latin square of order 36 is never averaged with a
//!   36×36 Sudoku in one group.
//! - [`view_holes`]: balanced holes are seen as `planted/balanced` (or `qwh/balanced`).

use std::collections::{BTreeMap, BTreeSet};

use super::Alpha;
use crate::experiment::record::RunRow;
use crate::experiment::sets::DEFAULT_FILL_BIN;
use crate::generate::Holes;

/// A set whose puzzles span more fill levels than this is grouped by fill bins in the report and
/// the figures ([`view_sets`]).
pub(crate) const MAX_EXACT_FILLS: usize = 6;

/// The mode planted Latin squares are seen as: quasigroups with holes.
pub(crate) const QWH_MODE: &str = "qwh";
/// The mode randomly filled Latin squares are seen as: quasigroup completion problems.
pub(crate) const QCP_MODE: &str = "qcp";

/// The literature's exponent: holes at the hardness peak ∝ n^1.55 (Achlioptas et al. 2000).
pub(crate) const HOLES_EXPONENT: f64 = 1.55;
/// The published constant c of the QWH peak, holes = c·N^1.55 (Kautz et al. 2001, Table 2, order 28).
pub(crate) const PUBLISHED_PEAK_CONSTANT: f64 = 1.53;

/// `true` for the modes of Latin squares as [`view_family`] names them (`qwh`, `qcp`, with either
/// hole pattern).
pub(crate) fn is_latin_mode(mode: &str) -> bool {
    let base = mode.split('/').next().unwrap_or_default();
    base == QWH_MODE || base == QCP_MODE
}

/// How the tables and figures see the runs on an instance set's puzzles: a set plays the role a
/// mode plays for generated instances, so the `mode` they group by is the set's name (a set may
/// not be named like a mode); and a set whose puzzles span more than [`MAX_EXACT_FILLS`] fill
/// levels (Lloyd–Amos's 21, a collection of hand-made puzzles) has its fill α binned: the lower edge
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
        row.mode = row.set.clone();
    }
    widths.into_iter().filter(|(_, w)| w.is_some()).map(|(set, _)| set).collect()
}

/// How the tables and figures see a generated Latin square (1×N or N×1 boxes, N ≥ 2): planted as
/// mode [`QWH_MODE`], random fill as [`QCP_MODE`]; mode `unique` keeps its name (its table rows
/// name the box, and its difficulty axis is not the literature's).
pub(super) fn view_family(rows: &mut [RunRow]) {
    let latin = |r: &RunRow| r.set.is_empty() && r.n >= 2 && (r.box_rows == 1 || r.box_cols == 1);
    for row in rows.iter_mut().filter(|r| latin(r)) {
        match row.mode.as_str() {
            "planted" => row.mode = QWH_MODE.to_owned(),
            "random" => row.mode = QCP_MODE.to_owned(),
            _ => {}
        }
    }
}

/// How the tables and figures see a hole pattern: like a mode of its own, so a planted run with
/// balanced holes is grouped, labelled and plotted as mode `planted/balanced` (`qwh/balanced` for
/// Latin squares; uniform holes keep the plain mode, as every result made before hole patterns
/// could be chosen). `runs.csv` keeps `mode` and `holes` apart; the judgement still knows such an
/// instance is solvable.
pub(super) fn view_holes(rows: &mut [RunRow]) {
    for row in rows.iter_mut().filter(|r| r.holes != Holes::Uniform && r.set.is_empty()) {
        row.mode = format!("{}/{}", row.mode, row.holes);
    }
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
        self.modes().iter().any(|m| is_latin_mode(m) || m.ends_with("/balanced"))
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
    #[test]
    fn no_set_may_take_the_name_of_a_mode_the_report_sees() {
        for mode in [QWH_MODE, QCP_MODE, super::super::UNIQUE_MODE, "random", "planted"] {
            assert!(crate::experiment::sets::RESERVED_NAMES.contains(&mode), "{mode}");
        }
    }

    use super::*;
    use crate::experiment::record::tests::row;

    fn generated(mode: &str, n: usize, (box_rows, box_cols): (usize, usize), holes: Holes) -> RunRow {
        RunRow { mode: mode.into(), n, box_rows, box_cols, holes, ..row() }
    }

    #[test]
    fn latin_squares_are_seen_as_qwh_or_qcp_and_sudoku_keeps_its_mode() {
        let mut rows = vec![
            generated("planted", 33, (1, 33), Holes::Uniform),
            generated("planted", 33, (1, 33), Holes::Balanced),
            generated("random", 9, (9, 1), Holes::Uniform),
            generated("unique", 9, (1, 9), Holes::Uniform),
            generated("planted", 36, (6, 6), Holes::Uniform),
            generated("planted", 36, (6, 6), Holes::Balanced),
        ];
        view_family(&mut rows);
        view_holes(&mut rows);
        let modes: Vec<&str> = rows.iter().map(|r| r.mode.as_str()).collect();
        assert_eq!(modes, ["qwh", "qwh/balanced", "qcp", "unique", "planted", "planted/balanced"]);
    }

    #[test]
    fn a_set_of_latin_squares_is_seen_as_its_set() {
        let mut rows = vec![RunRow { set: "mine".into(), ..generated("set", 33, (1, 33), Holes::Uniform) }];
        view_sets(&mut rows, None);
        view_family(&mut rows);
        assert_eq!(rows[0].mode, "mine");
    }
}
