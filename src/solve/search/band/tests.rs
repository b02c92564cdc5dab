//! Tests of the band search: its tables, each propagation rule, limits, and counts against
//! `Engine` and the corpora's known solutions.

use super::lanes::Portable;
use super::tables::{band_peers, COLUMN_SINGLE, LOCKED, OTHER_BANDS, PERMUTED, SHRINK};
use super::*;
use crate::generate::{random_fill, rng_from_seed};
use crate::solve::search::backtrack::count_solutions;
use crate::solve::search::trail::tests::corpus;
use std::time::Instant;

fn shape() -> Shape {
    Bands::shape()
}

/// A 9×9 grid with `givens` (row, column, digit), rows and columns from 1.
fn grid(givens: &[(usize, usize, u8)]) -> Grid {
    let mut g = Grid::empty(shape());
    for &(r, c, d) in givens {
        g.set(9 * (r - 1) + c - 1, d);
    }
    g
}

/// The propagated state of `puzzle`, or `None` on a clash or a dead end.
fn settled(puzzle: &Grid) -> Option<State> {
    let mut state = load(puzzle)?;
    state.propagate::<Native, true>().map(|_| state)
}

/// The digit placed in `cell` (0 = unplaced).
fn placed(state: &State, cell: usize) -> u8 {
    let (b, p) = (cell / 27, cell % 27);
    if state.unplaced[b] & 1 << p != 0 || state.digits(b, p).count_ones() != 1 {
        return 0;
    }
    state.digits(b, p).trailing_zeros() as u8 + 1
}

fn count(puzzle: &Grid, limit: u64) -> Search {
    let limits = SearchLimits { max_solutions: limit, ..SearchLimits::default() };
    Bands::new().search(puzzle, limits, &mut |_| true)
}

#[test]
fn a_band_word_keeps_only_the_segments_on_a_permutation_of_rows_to_boxes() {
    let segment = |row: usize, k: usize| 1usize << (3 * row + k);
    let cells = |row: usize, k: usize| 7u32 << (9 * row + 3 * k);
    assert_eq!(PERMUTED[511], BAND, "every segment open: every cell kept");
    // Row 1 only in box 1: rows 2 and 3 lose box 1 (claiming), and nothing else.
    let claimed = 511 & !(segment(0, 1) | segment(0, 2));
    assert_eq!(PERMUTED[claimed], BAND & !(cells(0, 1) | cells(0, 2) | cells(1, 0) | cells(2, 0)));
    // Box 1 only in row 1: row 1 loses boxes 2 and 3 (pointing).
    let pointed = 511 & !(segment(1, 0) | segment(2, 0));
    assert_eq!(PERMUTED[pointed], PERMUTED[claimed]);
    // Rows 1 and 2 both only in box 1: no permutation, a dead end.
    assert_eq!(PERMUTED[segment(0, 0) | segment(1, 0) | segment(2, 0) | segment(2, 1) | segment(2, 2)], 0);
    assert_eq!(PERMUTED[0], 0);
}

#[test]
fn the_shrink_table_gives_the_boxes_a_row_reaches() {
    assert_eq!(SHRINK[0], 0);
    assert_eq!(SHRINK[0b000_000_001], 0b001);
    assert_eq!(SHRINK[0b100_000_000], 0b100);
    assert_eq!(SHRINK[0b010_100_000], 0b110);
    assert_eq!(SHRINK[511], 0b111);
}

#[test]
fn a_row_locked_to_a_box_with_one_column_left_is_placed_and_the_column_leaves_the_other_bands() {
    let segment = |row: usize, k: usize| 1u16 << (3 * row + k);
    // Row 1 only in box 2: locked there (and, by the permutation, nothing else is).
    let shrunk = 511 & !(segment(0, 0) | segment(0, 2)) as usize;
    assert_eq!(LOCKED[shrunk], segment(0, 1));
    // Box 2 keeps only column 5 (bit 4), boxes 1 and 3 keep two and three columns.
    let columns = 0b111_010_011;
    assert_eq!(COLUMN_SINGLE[columns], segment(0, 1) | segment(1, 1) | segment(2, 1));
    assert_eq!(OTHER_BANDS[columns], BAND & !(COLUMN << 4));
    assert_eq!(SHRINK[(LOCKED[shrunk] & COLUMN_SINGLE[columns]) as usize], 0b001, "row 1 has one cell left");
}

#[test]
fn a_placement_keeps_the_cell_and_clears_its_row_and_box_in_the_band() {
    for (p, &kept) in SELF.iter().enumerate() {
        assert_eq!(band_peers(p).count_ones(), 14, "8 in the row, 6 more in the box");
        assert_eq!(kept, BAND & !band_peers(p));
    }
    let mut state = State::new();
    state.set(4, 1, 13);
    assert_eq!(state.cand[4][1], SELF[13]);
    assert_eq!(state.cand[3][1], BAND, "other digits wait for the update");
}

#[test]
fn a_given_clears_the_row_box_and_column_and_the_cell_s_other_digits() {
    // r5c5 is band 1, position 9·1 + 4.
    let state = load(&grid(&[(5, 5, 5)])).expect("one given");
    for cell in 0..81 {
        let (b, p) = (cell / 27, cell % 27);
        let (row, col) = (cell / 9, cell % 9);
        let peer = cell != 40 && (row == 4 || col == 4 || (row / 3 == 1 && col / 3 == 1));
        let has5 = state.cand[4][b] & 1 << p != 0;
        assert_eq!(has5, !peer, "cell {cell}");
    }
    assert_eq!(state.digits(1, 13), 1 << 4, "the cell keeps only its digit");
    assert_eq!(state.unplaced[1], BAND & !(1 << 13));
}

#[test]
fn the_givens_of_a_band_are_found_as_the_mask_of_its_nonzero_cells() {
    let mut rng = rng_from_seed(5);
    for _ in 0..1000 {
        let band: [u8; 27] = std::array::from_fn(|_| {
            if rand::Rng::random::<bool>(&mut rng) {
                rand::Rng::random_range(&mut rng, 1..=9)
            } else {
                0
            }
        });
        let expected = (0..27).filter(|&p| band[p] != 0).fold(0u32, |m, p| m | 1 << p);
        assert_eq!(nonzero(&band), expected, "{band:?}");
    }
    assert_eq!(nonzero(&[0; 27]), 0);
    assert_eq!(nonzero(&[9; 27]), BAND);
}

#[test]
fn a_solved_state_reads_back_as_its_digits_cell_by_cell() {
    for (k, (_, solution)) in corpus("9x9-sample").into_iter().enumerate() {
        let state = load(&solution).expect("a solution has no clash");
        assert_eq!(Bands::new().values(&state), solution.cells(), "solution {k}");
    }
}

#[test]
fn a_hidden_single_in_a_box_is_placed_by_the_band_rule() {
    // 1s in columns 1 and 2 (bands 2 and 3) and r2c3, r3c3 filled: box 1 keeps one place for 1,
    // r1c3, while row 1 and column 3 keep others and r1c3 keeps seven candidates.
    let puzzle = grid(&[(6, 1, 1), (8, 2, 1), (2, 3, 2), (3, 3, 3)]);
    let mut state = load(&puzzle).expect("no clash");
    assert_eq!(state.digits(0, 2).count_ones(), 7);
    assert_eq!(placed(&state, 2), 0);
    let (mut taken, mut fresh) = ([0; 4], [[0; 4]; 9]);
    assert!(state.update(0, 0, &mut taken, &mut fresh), "band 1's word for digit 1");
    assert_eq!((taken[0], fresh[0][0]), (1 << 2, 1 << 2), "r1c3 taken by digit 1");
    assert_eq!(state.unplaced[0] & 1 << 2, 0);
    // The other digits' words keep the cell until the round ends.
    assert_eq!(state.digits(0, 2).count_ones(), 7);
    Native::clear(&mut state.cand, taken, &fresh);
    assert_eq!(placed(&state, 2), 1);
    assert_eq!(state.digits(0, 2), 1, "the other digits leave the cell");
}

#[test]
fn a_box_left_with_one_column_takes_it_from_the_other_bands() {
    // Column 1 keeps one place for 1 (r9c1): r1–r3 see the 1 in box 1, r4–r8 are filled. Box 7,
    // row 9 and r9c1 itself keep other options, and no column is counted; but box 4 keeps only
    // column 3 for 1 (column 1 filled, column 2 seen from r2c2), so band 3 loses column 3 and box 7
    // is left with r9c1.
    let puzzle = grid(&[(2, 2, 1), (4, 1, 2), (5, 1, 3), (6, 1, 4), (7, 1, 5), (8, 1, 6)]);
    let mut state = load(&puzzle).expect("no clash");
    assert!(state.update(0, 1, &mut [0; 4], &mut [[0; 4]; 9]), "band 2's word for digit 1");
    assert_eq!(state.cand[0][2] & COLUMN << 2, 0, "band 3 loses column 3");
    assert!(state.settle::<Native>());
    assert_eq!(placed(&state, 72), 1);
}

#[test]
fn a_column_confined_to_one_box_empties_the_box_s_other_columns_in_the_stack_pass() {
    // Digit 1 in column 1 only in band 1 (box 1): the box's columns 2 and 3 lose it (claiming in
    // the stack), and nothing else changes.
    let mut state = State::new();
    state.cand[0][1] &= !COLUMN;
    state.cand[0][2] &= !COLUMN;
    let before = state;
    assert_eq!(state.stacks(), Some(true));
    assert_eq!(state.cand[0][0], before.cand[0][0] & !(COLUMN << 1 | COLUMN << 2));
    assert_eq!(&state.cand[0][1..], &before.cand[0][1..]);
    assert_eq!(&state.cand[1..], &before.cand[1..]);
    assert_eq!(state.stacks(), Some(false), "settled: nothing more to take");
    // Two boxes of stack 2 confined to columns 4 and 5: box 6 (band 3) loses them.
    let mut state = State::new();
    state.cand[4][0] &= !(COLUMN << 5);
    state.cand[4][1] &= !(COLUMN << 5);
    assert_eq!(state.stacks(), Some(true));
    assert_eq!(state.cand[4][2], BAND & !(COLUMN << 3 | COLUMN << 4));
    // Columns 1 and 2 both confined to box 1: no permutation, a dead end.
    let mut state = State::new();
    for b in [1, 2] {
        state.cand[0][b] &= !(COLUMN | COLUMN << 1);
    }
    assert_eq!(state.stacks(), None);
}

#[test]
fn a_naked_single_is_placed() {
    // r1c1 sees 2…9 and nothing rules out 1 elsewhere in its houses.
    let puzzle = grid(&[(1, 2, 2), (1, 3, 3), (2, 1, 4), (3, 1, 5), (2, 2, 6), (5, 1, 7), (1, 7, 8), (9, 1, 9)]);
    let state = settled(&puzzle).expect("solvable");
    assert_eq!(placed(&state, 0), 1);
}

#[test]
fn a_cell_with_no_candidate_is_a_dead_end_found_without_guessing() {
    // r1c1 sees 1–8 in its row and 9 in its column.
    let mut givens: Vec<(usize, usize, u8)> = (2..=9).map(|c| (1, c, c as u8 - 1)).collect();
    givens.push((6, 1, 9));
    let puzzle = grid(&givens);
    assert!(load(&puzzle).is_some(), "the givens do not clash");
    assert!(settled(&puzzle).is_none());
    let search = count(&puzzle, 2);
    assert_eq!((search.solutions, search.stop, search.nodes, search.dead_ends), (0, Stop::Exhausted, 1, 0));
}

#[test]
fn clashing_givens_are_infeasible() {
    let search = count(&grid(&[(1, 1, 5), (9, 1, 5)]), 1);
    assert_eq!((search.solutions, search.stop), (0, Stop::Exhausted));
}

#[test]
fn a_count_stops_at_max_solutions() {
    for limit in [1, 2, 7, 300] {
        let search = count(&Grid::empty(shape()), limit);
        assert_eq!((search.solutions, search.stop), (limit, Stop::SolutionLimit), "limit {limit}");
    }
}

#[test]
fn a_deadline_in_the_past_stops_within_one_clock_period() {
    let past = SearchLimits { max_solutions: u64::MAX, deadline: Some(Instant::now()), max_nodes: None };
    let search = Bands::new().search(&Grid::empty(shape()), past, &mut |_| true);
    assert_eq!(search.stop, Stop::Deadline);
    assert!(search.nodes <= 256, "{} nodes", search.nodes);
    let capped = SearchLimits { max_nodes: Some(1000), deadline: None, ..past };
    let search = Bands::new().search(&Grid::empty(shape()), capped, &mut |_| true);
    assert_eq!((search.stop, search.nodes), (Stop::NodeLimit, 1024));
}

#[test]
fn the_statistics_add_up() {
    for (puzzle, _) in corpus("9x9-top95") {
        let s = count(&puzzle, 2);
        assert_eq!(s.nodes, 1 + s.guesses);
        // Every puzzle has a solution: when it guessed, some guess survived.
        assert!(s.dead_ends < s.guesses || s.guesses == 0, "{} dead ends of {} guesses", s.dead_ends, s.guesses);
    }
}

#[test]
fn counts_equal_the_engine_counts_on_300_random_fills() {
    for seed in 0..300u64 {
        let alpha = [0.0, 0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5][seed as usize % 8];
        let puzzle = random_fill(shape(), alpha, &mut rng_from_seed(seed));
        let limit = [1, 2, 3, 50][(seed / 8) as usize % 4];
        let (expected, first) = count_solutions(&puzzle, limit);
        let mut found = Vec::new();
        let limits = SearchLimits { max_solutions: limit, ..SearchLimits::default() };
        let search = Bands::new().search(&puzzle, limits, &mut |cells| {
            found.push(cells.to_vec());
            true
        });
        assert_eq!(search.solutions, expected, "seed {seed}, α = {alpha}");
        assert_eq!(found.len() as u64, expected);
        for cells in found {
            let g = Grid::from_cells(shape(), cells).expect("digits 1..=9");
            assert!(crate::verify::is_solution_of(&puzzle, &g), "seed {seed}: not a solution");
        }
        // Both searches try digits in ascending order over different cells: same set, maybe
        // another first solution; with one solution they agree.
        if expected == 1 && limit > 1 {
            let mut one = None;
            Bands::new().search(&puzzle, limits, &mut |cells| {
                one = Some(cells.to_vec());
                true
            });
            assert_eq!(one.as_deref(), first.as_ref().map(|g| g.cells()));
        }
    }
}

#[test]
fn every_corpus_puzzle_has_its_known_solution_and_no_other() {
    for name in ["9x9-top95", "9x9-hardest11", "9x9-17clue-200", "9x9-sample"] {
        let puzzles = corpus(name);
        assert!(!puzzles.is_empty(), "{name} is empty");
        for (k, (puzzle, solution)) in puzzles.into_iter().enumerate() {
            let mut found = Vec::new();
            let limits = SearchLimits { max_solutions: 2, ..SearchLimits::default() };
            let search = Bands::new().search(&puzzle, limits, &mut |cells| {
                found.push(cells.to_vec());
                true
            });
            assert_eq!((search.solutions, search.stop), (1, Stop::Exhausted), "{name} #{k}");
            assert_eq!(found, [solution.cells().to_vec()], "{name} #{k}");
        }
    }
}

/// Every answer and count of the search with sweeps `S`: (solutions found, search).
fn answers<S: Sweep>(puzzle: &Grid, limit: u64) -> (Vec<Vec<u8>>, Search) {
    let mut found = Vec::new();
    let limits = SearchLimits { max_solutions: limit, ..SearchLimits::default() };
    let search = Bands::new().search_with::<S>(puzzle, limits, &mut |cells| {
        found.push(cells.to_vec());
        true
    });
    (found, search)
}

#[test]
fn the_simd_and_the_portable_sweeps_give_the_same_answers_and_counts() {
    let mut puzzles: Vec<Grid> = Vec::new();
    for name in ["9x9-top95", "9x9-hardest11", "9x9-17clue-200", "9x9-sample"] {
        puzzles.extend(corpus(name).into_iter().map(|(p, _)| p));
    }
    for seed in 0..100u64 {
        puzzles.push(random_fill(shape(), [0.1, 0.25, 0.35, 0.5][seed as usize % 4], &mut rng_from_seed(seed)));
    }
    for (k, puzzle) in puzzles.iter().enumerate() {
        let native = answers::<Native>(puzzle, 50);
        assert_eq!(native, answers::<Portable>(puzzle, 50), "puzzle {k}");
    }
}

#[test]
fn the_simd_and_the_portable_sweeps_agree_word_by_word() {
    let mut rng = rng_from_seed(3);
    for _ in 0..1000 {
        let mut cand = [[0u32; 4]; 9];
        let mut prev = [[0u32; 4]; 9];
        for d in 0..9 {
            for b in 0..3 {
                cand[d][b] = rand::Rng::random::<u32>(&mut rng) & BAND;
                prev[d][b] = if rand::Rng::random::<bool>(&mut rng) { cand[d][b] } else { cand[d][b] ^ 1 << (d + b) };
            }
        }
        assert_eq!(Native::changed(&cand, &prev), Portable::changed(&cand, &prev));
        assert_eq!(Native::counts(&cand), Portable::counts(&cand));
    }
}
