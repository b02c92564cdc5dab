//! The 3-D SAT encoding of Sudoku, over the candidates left after eliminating the givens.
//!
//! One Boolean variable x(v, k) per empty cell v and candidate colour k (see [`Candidates`]);
//! x(v, k) true means cell v takes digit k + 1. Variables are numbered 1, 2, … in cell-major
//! order, cell by cell and colour by colour ([`CnfModel::columns`] lists them), so the DIMACS
//! numbering is fixed by the puzzle alone. Compact at-most-one encodings add auxiliary variables
//! after the cell variables.
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
//! that (k − 1 auxiliary variables, about 3k clauses). Chosen by measurement (`solve --solver sat
//! --stats`, CaDiCaL's `sat` configuration, planted instances of `generate --mode planted --seed
//! 21`): on 36×36 at α = 0.2, 0.4 and 0.45 (6 instances each) pairwise and ladder tie in total
//! time (19.1 s vs 19.9 s) but pairwise has the better worst case (2.2 s vs 4.2 s); on the empty
//! 49×49 grid pairwise needs 11.3 M clauses, 2.3 GB and 28 s, the ladder 1.4 M clauses, 0.6 GB and
//! 22.6 s. Hence pairwise up to 36×36 and the ladder from 49×49 on.

use std::time::Instant;

use rustsat::encodings::am1::{Encode, Ladder};
use rustsat::instances::{BasicVarManager, Cnf, ManageVars};
use rustsat::types::{Clause, Lit, Var};

use crate::graph::{digit_of, ConstraintGraph};
use crate::grid::Grid;
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
}

impl ClauseSink for Cnf {
    fn add(&mut self, lits: &[Lit]) -> Result<(), rustsat::OutOfMemory> {
        self.add_clause(lits.iter().copied().collect::<Clause>());
        Ok(())
    }
}

impl ClauseSink for rustsat_cadical::CaDiCaL<'_, '_> {
    fn add(&mut self, lits: &[Lit]) -> Result<(), rustsat::OutOfMemory> {
        use rustsat::solvers::Solve;
        self.add_clause_ref(rustsat::types::Cl::new(lits)).map_err(|_| rustsat::OutOfMemory::ExternalApi)
    }
}

impl ClauseSink for rustsat_kissat::Kissat<'_> {
    fn add(&mut self, lits: &[Lit]) -> Result<(), rustsat::OutOfMemory> {
        use rustsat::solvers::Solve;
        self.add_clause_ref(rustsat::types::Cl::new(lits)).map_err(|_| rustsat::OutOfMemory::ExternalApi)
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
    encode_within(puzzle, None, encoding, deadline, sink)
}

/// [`encode_until`] over fewer candidates: with `keep`, an empty cell's variables are only those
/// of the colours in `keep[cell]` (bit k = colour k) that the givens also leave — the candidates
/// a preprocessing step proved to be the only ones any solution can use.
pub fn encode_within<S: ClauseSink + ?Sized>(
    puzzle: &Grid,
    keep: Option<&[u64]>,
    encoding: Encoding,
    deadline: Option<Instant>,
    sink: &mut S,
) -> Result<Option<Encoded>, rustsat::OutOfMemory> {
    let n = puzzle.n();
    let graph = ConstraintGraph::new(puzzle.shape());
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
        for k in (0..n).filter(|&k| cands.cells[cell] & 1 << k != 0) {
            var[cell * n + k] = Some(Var::new(u32::try_from(columns.len()).expect("at most 64³ variables")));
            columns.push((cell, k));
        }
    }
    let mut vars = BasicVarManager::from_next_free(Var::new(columns.len() as u32));
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
    for (house, (_, cells)) in graph.houses().iter().enumerate() {
        for k in cands.missing(house, n) {
            lits.clear();
            lits.extend(cells.iter().filter_map(|&c| var[c * n + k]).map(|v| v.pos_lit()));
            if encoding == Encoding::Full {
                out.add(&lits)?;
            }
            out.at_most_one(&lits, &mut vars)?;
        }
    }
    if out.late {
        return Ok(None);
    }
    let clauses = out.clauses;
    Ok(Some(Encoded::Model(CnfModel { columns, variables: vars.n_used(), clauses })))
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
        // 16 cells × 4 digits; 4·16 groups of 4: each an at-least-one and 6 pairwise at-most-one.
        let (full, cnf) = model(&empty, Encoding::Full);
        assert_eq!((full.columns.len(), full.variables), (64, 64));
        assert_eq!((full.clauses, cnf.len()), (64 * 7, 64 * 7));
        // Minimal: 16 cell at-least-one, 48 house-digit groups × 6 at-most-one.
        let (minimal, _) = model(&empty, Encoding::Minimal);
        assert_eq!(minimal.clauses, 16 + 48 * 6);
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
