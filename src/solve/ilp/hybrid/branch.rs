//! How `ilp-hybrid` reads an LP point: which cells it has decided, which cell to branch on (the
//! solver's rule, [`most_decided`], and the measured alternative, [`fewest_then_most_decided`]),
//! the order of that cell's digits by randomized rounding, and the restart schedule.
//!
//! Everything here is plain arithmetic on the point and a seeded generator, so it is tested
//! without HiGHS.

use rand::Rng;

use crate::solve::search::luby;

/// An LP value at least this large counts as integral (or nearly so): the LP has decided that
/// cell. PDLP's points are accurate to about 10⁻⁴, so "exactly 1" would rarely be seen.
pub const INTEGRAL: f64 = 0.99;

/// Weight every candidate gets on top of its LP value in randomized rounding, so that a digit
/// the LP puts at 0 is still tried (last, in random order) and the search stays complete.
pub const FLOOR_WEIGHT: f64 = 1e-3;

/// Dead ends per unit of the Luby restart sequence.
pub const RESTART_UNIT: u64 = 16;

/// One child of a branch point: digits to place, each a (cell, colour).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// Every cell the LP has decided, at once (a dive).
    Decided(Vec<(usize, usize)>),
    /// One digit in one cell: (cell, colour).
    One((usize, usize)),
}

impl Choice {
    /// The (cell, colour) placements of this choice.
    pub fn placements(&self) -> &[(usize, usize)] {
        match self {
            Choice::Decided(all) => all,
            Choice::One(pair) => std::slice::from_ref(pair),
        }
    }
}

/// The fail-first choice: the cell with the fewest candidates, the most decided (largest LP value)
/// among those, then the first.
pub fn fewest_then_most_decided(leanings: &[Leaning]) -> Option<Leaning> {
    leanings.iter().copied().reduce(|best, l| {
        let better = l.candidates < best.candidates || (l.candidates == best.candidates && l.value > best.value);
        if better {
            l
        } else {
            best
        }
    })
}

/// The LP's verdict per empty cell: its largest value and that value's colour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Leaning {
    /// The cell.
    pub cell: usize,
    /// The colour with the largest LP value in this cell.
    pub colour: usize,
    /// That value.
    pub value: f64,
    /// How many candidates the cell has.
    pub candidates: u32,
}

/// Per empty cell with at least one column, its [`Leaning`], from the LP point `values` over
/// `columns` (cells ascending, as [`super::lp::Relaxation`] makes them). Columns of cells that
/// are no longer empty (`placed(cell)`) or of eliminated candidates (`allowed(cell, colour)`
/// false) are skipped.
pub fn leanings(
    columns: &[(usize, usize)],
    values: &[f64],
    placed: &dyn Fn(usize) -> bool,
    allowed: &dyn Fn(usize, usize) -> bool,
) -> Vec<Leaning> {
    let mut out: Vec<Leaning> = Vec::new();
    for (&(cell, colour), &value) in columns.iter().zip(values) {
        if placed(cell) || !allowed(cell, colour) {
            continue;
        }
        match out.last_mut() {
            Some(last) if last.cell == cell => {
                last.candidates += 1;
                if value > last.value {
                    (last.colour, last.value) = (colour, value);
                }
            }
            _ => out.push(Leaning { cell, colour, value, candidates: 1 }),
        }
    }
    out
}

/// The cell to branch on: the most decided (largest LP value), then the one with the fewest
/// candidates, then the first.
pub fn most_decided(leanings: &[Leaning]) -> Option<Leaning> {
    leanings.iter().copied().reduce(|best, l| {
        let better = l.value > best.value || (l.value == best.value && l.candidates < best.candidates);
        if better {
            l
        } else {
            best
        }
    })
}

/// Randomized rounding as an order: the colours of `weighted` (colour, LP value), each drawn
/// without replacement with probability proportional to its value + [`FLOOR_WEIGHT`]
/// (Efraimidis–Spirakis keys u^(1/w), largest first). A value of 1 comes first unless the others
/// share the cell's weight; a value of 0 comes after every positive one but with a chance of
/// about 10⁻³ per rival.
///
/// Complexity: O(k log k) for k colours.
pub fn rounding_order(weighted: &[(usize, f64)], rng: &mut impl Rng) -> Vec<usize> {
    let mut keyed: Vec<(f64, usize)> = weighted
        .iter()
        .map(|&(colour, value)| {
            let weight = value.max(0.0) + FLOOR_WEIGHT;
            // ln(u)/w orders as u^(1/w) does, without underflow; u in (0, 1].
            let u: f64 = 1.0 - rng.random::<f64>();
            (u.ln() / weight, colour)
        })
        .collect();
    keyed.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    keyed.into_iter().map(|(_, colour)| colour).collect()
}

/// The dead-end budget of restart run `run` (from 1): [`RESTART_UNIT`] times the Luby sequence
/// 1, 1, 2, 1, 1, 2, 4, 1, …, so every budget recurs and the budgets grow without bound.
pub fn budget(run: u64) -> u64 {
    RESTART_UNIT.saturating_mul(luby(run))
}
