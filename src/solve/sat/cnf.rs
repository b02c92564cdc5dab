//! The 3-D SAT encoding of Sudoku, over the candidates left after eliminating the givens.
//!
//! One Boolean variable x(v, k) per empty cell v and candidate colour k (see [`Candidates`]);
//! x(v, k) true means cell v takes digit k + 1. Variables are numbered 1, 2, … in cell-major
//! order, cell by cell and colour by colour ([`CnfModel::columns`] lists them), so the DIMACS
//! numbering is fixed by the puzzle alone — unless a solver seed asks for a seeded numbering
//! ([`scrambled`]), which only the seeded solve uses. Compact at-most-one encodings add auxiliary
//! variables after the cell variables.
//!
//! [`Encoding::Full`] (solver `sat`) states, for every empty cell, *at least one* and *at most
//! one* of its candidates, and for every house and digit the house still misses, *at least one*
//! and *at most one* cell — the "extended" encoding of Lynce & Ouaknine ("Sudoku as a SAT
//! problem", 2006), whose redundant clauses let unit propagation do naked and hidden singles.
//! [`Encoding::Minimal`] (solver `sat-minimal`, the ablation) keeps only the cell at-least-one and
//! house at-most-one clauses: the same solutions (by pigeonhole every house then holds every digit
//! once), weaker propagation.
//!
//! At-most-one over a group of k literals is pairwise (k(k − 1)/2 binary clauses, no new
//! variables) while k ≤ [`PAIRWISE_UP_TO`], and rustsat's ladder (sequential) encoding above
//! that (k − 1 auxiliary variables, about 3k clauses): pairwise has the better worst case up to
//! 36×36, and the ladder keeps the formula of 49×49 and above within memory (measured:
//! docs/benchmarks.md, "Why the solvers are built as they are").
//!
//! Pairwise, the houses state each pair of cells once — the origin study's edge constraints,
//! x(u, k) + x(v, k) ≤ 1 per edge and digit: two cells of one row (or column) and one box are the
//! box's pair, and a Latin square's boxes, which are its rows, add no clause. Stated by each house,
//! the shared pairs would make the formula larger (13 % at 25×25) for CaDiCaL to load and watch to
//! no purpose, and the search would move only by luck.

use std::time::Instant;

use rustsat::encodings::am1::{Encode, Ladder};
use rustsat::instances::{BasicVarManager, Cnf, ManageVars};
use rustsat::types::{Clause, Lit, Var};

use crate::graph::{digit_of, ConstraintGraph};
use crate::grid::{Grid, HouseKind};
use crate::solve::candidates::{cell_name, dead_end, Candidates};

/// Largest at-most-one group encoded pairwise; larger groups use the ladder encoding.
pub const PAIRWISE_UP_TO: usize = 36;

/// Which clauses to state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// `sat`: cell at-least-one and at-most-one, house-digit at-least-one and at-most-one.
    Full,
    /// `sat-minimal`: cell at-least-one and house-digit at-most-one only.
    Minimal,
}

/// Where clauses go: a solver, or a formula kept for writing out.
pub trait ClauseSink {
    /// Adds one clause.
    fn add(&mut self, lits: &[Lit]) -> Result<(), rustsat::OutOfMemory>;

    /// Makes room for `variables` variables before the clauses come (a solver that grows its
    /// tables variable by variable otherwise); nothing by default.
    fn reserve(&mut self, _variables: u32) -> Result<(), rustsat::OutOfMemory> {
        Ok(())
    }
}

impl ClauseSink for Cnf {
    fn add(&mut self, lits: &[Lit]) -> Result<(), rustsat::OutOfMemory> {
        self.add_clause(lits.iter().copied().collect::<Clause>());
        Ok(())
    }
}

impl ClauseSink for rustsat_cadical::CaDiCaL<'_, '_> {
    fn add(&mut self, lits: &[Lit]) -> Result<(), rustsat::OutOfMemory> {
        add_to_solver(self, lits)
    }

    fn reserve(&mut self, variables: u32) -> Result<(), rustsat::OutOfMemory> {
        reserve_in_solver(self, variables)
    }
}

impl ClauseSink for rustsat_kissat::Kissat<'_> {
    fn add(&mut self, lits: &[Lit]) -> Result<(), rustsat::OutOfMemory> {
        add_to_solver(self, lits)
    }

    fn reserve(&mut self, variables: u32) -> Result<(), rustsat::OutOfMemory> {
        reserve_in_solver(self, variables)
    }
}

/// [`ClauseSink::add`] for a rustsat solver.
fn add_to_solver(solver: &mut impl rustsat::solvers::Solve, lits: &[Lit]) -> Result<(), rustsat::OutOfMemory> {
    solver.add_clause_ref(rustsat::types::Cl::new(lits)).map_err(|_| rustsat::OutOfMemory::ExternalApi)
}

/// [`ClauseSink::reserve`] for a rustsat solver (it takes the largest variable, not a count).
fn reserve_in_solver(solver: &mut impl rustsat::solvers::Solve, variables: u32) -> Result<(), rustsat::OutOfMemory> {
    match variables.checked_sub(1) {
        Some(last) => solver.reserve(Var::new(last)).map_err(|_| rustsat::OutOfMemory::ExternalApi),
        None => Ok(()),
    }
}

/// What encoding a puzzle produced: its size and the meaning of its first variables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CnfModel {
    /// Variable i + 1 (DIMACS numbering) stands for `columns[i]` = (cell, colour).
    pub columns: Vec<(usize, usize)>,
    /// Variables in all, auxiliary ones included.
    pub variables: u32,
    /// Clauses in all.
    pub clauses: usize,
}

/// The outcome of encoding: a model in the sink, or why the puzzle has no solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Encoded {
    /// The clauses went to the sink.
    Model(CnfModel),
    /// Eliminating the givens already proves infeasibility (nothing went to the sink).
    Infeasible(String),
}

/// Counts clauses on their way to the sink.
struct Counting<'a, S: ClauseSink + ?Sized> {
    sink: &'a mut S,
    clauses: usize,
    /// Stop adding clauses once this instant has passed (checked every [`CLOCK_EVERY`] clauses).
    deadline: Option<Instant>,
    /// Set when the deadline stopped the encoding.
    late: bool,
}

/// Clauses added between two looks at the clock while encoding (a 36×36 grid takes 3 M).
const CLOCK_EVERY: usize = 1 << 14;

impl<S: ClauseSink + ?Sized> Counting<'_, S> {
    fn add(&mut self, lits: &[Lit]) -> Result<(), rustsat::OutOfMemory> {
        if self.late {
            return Ok(());
        }
        self.clauses += 1;
        if self.clauses.is_multiple_of(CLOCK_EVERY) && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.late = true;
        }
        self.sink.add(lits)
    }

    /// At most one of `lits`: pairwise, or the ladder encoding for large groups.
    fn at_most_one(&mut self, lits: &[Lit], vars: &mut BasicVarManager) -> Result<(), rustsat::OutOfMemory> {
        if lits.len() <= PAIRWISE_UP_TO {
            for (i, &a) in lits.iter().enumerate() {
                for &b in &lits[i + 1..] {
                    self.add(&[!a, !b])?;
                }
            }
            return Ok(());
        }
        let mut ladder = Ladder::from(lits.to_vec());
        let mut cnf = Cnf::new();
        ladder.encode(&mut cnf, vars)?;
        for clause in cnf.iter() {
            self.add(&clause[..])?;
        }
        Ok(())
    }
}

/// Encodes `puzzle` into `sink` (see the module doc).
///
/// Complexity: O(N³) variables; O(N⁴) clauses with pairwise at-most-one (4N² groups of up to N
/// literals), O(N³) with the ladder.
pub fn encode<S: ClauseSink + ?Sized>(
    puzzle: &Grid,
    encoding: Encoding,
    sink: &mut S,
) -> Result<Encoded, rustsat::OutOfMemory> {
    let encoded = encode_until(puzzle, encoding, None, sink)?;
    Ok(encoded.expect("without a deadline the encoding always completes"))
}

/// [`encode`], stopping early (`Ok(None)`, the sink holding part of the formula) once `deadline`
/// has passed: a solver's time limit counts the encoding too.
pub fn encode_until<S: ClauseSink + ?Sized>(
    puzzle: &Grid,
    encoding: Encoding,
    deadline: Option<Instant>,
    sink: &mut S,
) -> Result<Option<Encoded>, rustsat::OutOfMemory> {
    encode_within(puzzle, None, encoding, None, deadline, sink)
}

/// Why the givens of `puzzle` already leave no solution (a cell, or a house's digit, with no
/// candidate left by the givens), as the encoders report it; `None` when they do not show it.
pub fn givens_dead_end(puzzle: &Grid) -> Option<String> {
    let graph = ConstraintGraph::shared(puzzle.shape());
    let cands = Candidates::new(puzzle, &graph);
    dead_end(puzzle, &graph, &cands).map(|dead| dead.describe(puzzle.n()))
}

/// [`encode_until`] over fewer candidates, in a seeded numbering: with `keep`, an empty cell's
/// variables are only those of the colours in `keep[cell]` (bit k = colour k) that the givens also
/// leave — the candidates a preprocessing step proved to be the only ones any solution can use;
/// with `scramble`, the cell variables are numbered in a random order drawn from that seed
/// ([`scrambled`]) in place of cell-major order.
pub fn encode_within<S: ClauseSink + ?Sized>(
    puzzle: &Grid,
    keep: Option<&[u64]>,
    encoding: Encoding,
    scramble: Option<u64>,
    deadline: Option<Instant>,
    sink: &mut S,
) -> Result<Option<Encoded>, rustsat::OutOfMemory> {
    let n = puzzle.n();
    let graph = ConstraintGraph::shared(puzzle.shape());
    let mut cands = Candidates::new(puzzle, &graph);
    if let Some(keep) = keep {
        for (cell, cand) in cands.cells.iter_mut().enumerate().filter(|(c, _)| puzzle.get(*c) == 0) {
            *cand &= keep[cell];
        }
    }
    if let Some(dead) = dead_end(puzzle, &graph, &cands) {
        return Ok(Some(Encoded::Infeasible(dead.describe(n))));
    }
    let empty = |cell: &usize| puzzle.get(*cell) == 0;
    // var[cell * n + k]: the variable of (cell, k), if that is a candidate of an empty cell.
    let mut var: Vec<Option<Var>> = vec![None; n * n * n];
    let mut columns = Vec::new();
    for cell in (0..n * n).filter(empty) {
        columns.extend((0..n).filter(|&k| cands.cells[cell] & 1 << k != 0).map(|k| (cell, k)));
    }
    if let Some(seed) = scramble {
        columns = scrambled(columns, seed);
    }
    for (i, &(cell, k)) in columns.iter().enumerate() {
        var[cell * n + k] = Some(Var::new(u32::try_from(i).expect("at most 64³ variables")));
    }
    let mut vars = BasicVarManager::from_next_free(Var::new(columns.len() as u32));
    sink.reserve(columns.len() as u32)?;
    let mut out = Counting { sink, clauses: 0, deadline, late: false };
    let mut lits: Vec<Lit> = Vec::with_capacity(n);
    for cell in (0..n * n).filter(empty) {
        lits.clear();
        lits.extend(var[cell * n..(cell + 1) * n].iter().flatten().map(|v| v.pos_lit()));
        out.add(&lits)?;
        if encoding == Encoding::Full {
            out.at_most_one(&lits, &mut vars)?;
        }
    }
    let shape = puzzle.shape();
    let mut places: Vec<usize> = Vec::with_capacity(n);
    for (house, (h, cells)) in graph.houses().iter().enumerate() {
        // A Latin square's boxes are its rows (or its columns): their clauses would repeat those.
        if shape.is_latin() && h.kind == HouseKind::Box {
            continue;
        }
        for k in cands.missing(house, n) {
            places.clear();
            places.extend(cells.iter().copied().filter(|&c| var[c * n + k].is_some()));
            lits.clear();
            lits.extend(places.iter().filter_map(|&c| var[c * n + k]).map(|v| v.pos_lit()));
            if encoding == Encoding::Full {
                out.add(&lits)?;
            }
            if lits.len() > PAIRWISE_UP_TO {
                out.at_most_one(&lits, &mut vars)?;
                continue;
            }
            // Pairwise, each pair of cells once: a row's or column's pairs that share a box are
            // the box's (every digit missing from both is missing from the box).
            let shared = |a: usize, b: usize| {
                h.kind != HouseKind::Box && !shape.is_latin() && shape.box_of(a) == shape.box_of(b)
            };
            for (i, (&a, &x)) in places.iter().zip(&lits).enumerate() {
                for (&b, &y) in places[i + 1..].iter().zip(&lits[i + 1..]) {
                    if !shared(a, b) {
                        out.add(&[!x, !y])?;
                    }
                }
            }
        }
    }
    if out.late {
        return Ok(None);
    }
    let clauses = out.clauses;
    Ok(Some(Encoded::Model(CnfModel { columns, variables: vars.n_used(), clauses })))
}

/// `columns` in a random order drawn from `seed` (a `rand_chacha` stream, the same on every
/// machine): a solver seed's renumbering of the cell variables. CDCL solvers order their first
/// decisions and break score ties by variable index, so a renumbered formula is searched
/// differently from its first conflict on, while its clauses and solutions are the same — the
/// scrambling by which SAT competitions measure how much of a solver's time is luck (Brglez, Li &
/// Stallmann, "On SAT instance classes and a method for reliable performance experiments with SAT
/// solvers", AMAI 2005).
pub fn scrambled(mut columns: Vec<(usize, usize)>, seed: u64) -> Vec<(usize, usize)> {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    columns.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
    columns
}

/// The grid `puzzle` completed by the true cell variables, given by their indices in `columns`.
pub fn decode(puzzle: &Grid, columns: &[(usize, usize)], true_vars: impl IntoIterator<Item = usize>) -> Grid {
    let mut grid = puzzle.clone();
    for (cell, k) in true_vars.into_iter().map(|i| columns[i]) {
        grid.set(cell, digit_of(k));
    }
    grid
}

/// The DIMACS comment lines naming every cell variable: `c var 17 r2c3 5` (variable, cell, digit).
pub fn variable_names(columns: &[(usize, usize)], n: usize) -> impl Iterator<Item = String> + '_ {
    columns
        .iter()
        .enumerate()
        .map(move |(i, &(cell, k))| format!("c var {} {} {}", i + 1, cell_name(cell, n), digit_of(k)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    fn grid(text: &str, r: usize, c: usize) -> Grid {
        let cells = text.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        Grid::from_cells(Shape::new(r, c).expect("valid shape"), cells).expect("valid grid")
    }

    fn model(puzzle: &Grid, encoding: Encoding) -> (CnfModel, Cnf) {
        let mut cnf = Cnf::new();
        match encode(puzzle, encoding, &mut cnf).expect("memory") {
            Encoded::Model(m) => (m, cnf),
            Encoded::Infeasible(why) => panic!("unexpectedly infeasible: {why}"),
        }
    }

    #[test]
    fn the_empty_4x4_grid_has_n_cubed_variables_and_the_textbook_clause_counts() {
        let empty = grid("................", 2, 2);
        // 16 cells × 4 digits. Each cell: an at-least-one and 6 pairwise at-most-one; each of the
        // 48 house-digits an at-least-one; and "not both" once per edge of the constraint graph
        // (56: 16 cells × 7 peers / 2) and digit — a row's two cells in one box are the box's pair.
        let (full, cnf) = model(&empty, Encoding::Full);
        assert_eq!((full.columns.len(), full.variables), (64, 64));
        assert_eq!((full.clauses, cnf.len()), (16 * 7 + 48 + 56 * 4, 16 * 7 + 48 + 56 * 4));
        // Minimal: 16 cell at-least-one, the 56 × 4 edge-digit at-most-one.
        let (minimal, _) = model(&empty, Encoding::Minimal);
        assert_eq!(minimal.clauses, 16 + 56 * 4);
    }

    #[test]
    fn no_at_most_one_clause_is_stated_twice() {
        // (An at-least-one clause may repeat: a row's digit with the same two places as its box's.)
        let sudoku = grid("1......2......3......4......5......6", 2, 3);
        let latin = Grid::from_cells(Shape::new(1, 5).expect("order 5"), [vec![1, 0, 0, 0, 2], vec![0; 20]].concat())
            .expect("valid grid");
        for puzzle in [Grid::empty(Shape::new(3, 3).expect("9×9")), sudoku, latin] {
            for encoding in [Encoding::Full, Encoding::Minimal] {
                let (m, cnf) = model(&puzzle, encoding);
                let mut seen = std::collections::HashSet::new();
                let mut pairs = 0;
                for clause in cnf.iter().filter(|c| c.iter().all(|l| l.is_neg())) {
                    let mut lits: Vec<Lit> = clause.iter().copied().collect();
                    lits.sort();
                    assert!(seen.insert(lits), "{:?}: an at-most-one clause repeats", puzzle.shape());
                    pairs += 1;
                }
                assert!(pairs > 0 && m.clauses > pairs);
            }
        }
    }

    #[test]
    fn givens_remove_their_cell_and_their_digit_from_peers() {
        let (m, _) = model(&grid("1...............", 2, 2), Encoding::Full);
        // 15 empty cells × 4 colours, minus colour 0 at the 7 peers of r1c1.
        assert_eq!(m.columns.len(), 15 * 4 - 7);
        assert!(m.columns.iter().all(|&(cell, _)| cell != 0), "the given has no variable");
        assert_eq!(m.columns[0], (1, 1), "r1c2 starts at colour 1: digit 1 is taken in its row");
    }

    #[test]
    fn large_groups_use_the_ladder_with_auxiliary_variables() {
        let empty = Grid::empty(Shape::new(7, 7).expect("49×49"));
        let (m, _) = model(&empty, Encoding::Full);
        assert_eq!(m.columns.len(), 49 * 49 * 49);
        assert!(m.variables > m.columns.len() as u32, "ladder auxiliaries follow the cell variables");
        let pairwise = 4 * 49 * 49 * (49 * 48 / 2);
        assert!(m.clauses < pairwise / 5, "{} clauses is not compact", m.clauses);
    }

    #[test]
    fn a_dead_cell_is_infeasible_before_any_clause() {
        let mut cnf = Cnf::new();
        let out = encode(&grid("12........3...4.", 2, 2), Encoding::Full, &mut cnf).expect("memory");
        assert!(matches!(out, Encoded::Infeasible(ref why) if why.starts_with("cell r1c3 has no candidate")));
        assert_eq!(cnf.len(), 0);
    }

    #[test]
    fn variable_names_follow_the_dimacs_numbering() {
        let (m, _) = model(&grid("1...............", 2, 2), Encoding::Full);
        let names: Vec<String> = variable_names(&m.columns, 4).take(2).collect();
        assert_eq!(names, ["c var 1 r1c2 2", "c var 2 r1c2 3"]);
    }
}
