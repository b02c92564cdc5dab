//! The pricing problem of `ilp-placement`: for one digit and a weight per cell (the master's cell
//! duals), a *placement* — one cell in every row, column and box, among the cells the digit may
//! take — of the largest total weight.
//!
//! Without boxes (a Latin square, whose boxes are its rows) this is a maximum-weight perfect
//! bipartite matching of rows to columns, solved exactly by the Hungarian algorithm
//! ([`assignment`]). With boxes it is that matching with a side condition (one cell per box), and
//! it is solved exactly by branch and bound over the rows ([`best_placement`]): at every node the
//! matching of the remaining rows to the free columns, over cells whose box is still free and
//! ignoring the boxes otherwise, is an upper bound; when that matching happens to use distinct
//! free boxes it is the best completion of the node, which ends the node without branching.
//! `pathfinding`'s `kuhn_munkres` was not used: it needs `Ord` weights, and duals are `f64`.
//!
//! Complexity: the Hungarian algorithm is O(k³) time and O(k²) space for k rows; the branch and
//! bound is exponential in the worst case (the pricing problem generalises 3-dimensional
//! matching), O(N³) per node; in practice the bound closes most nodes at once.

use std::time::Instant;

use crate::grid::Shape;

/// What the pricer found for one digit.
#[derive(Debug, Clone, PartialEq)]
pub enum Priced {
    /// A best placement: its cells, one per row in row order, and its weight.
    Best {
        /// The cells, the one of row 0 first.
        cells: Vec<usize>,
        /// Σ of the cells' weights.
        weight: f64,
    },
    /// No placement exists among the allowed cells: the digit cannot be placed at all.
    None,
    /// The deadline passed before the search ended.
    Limit,
}

/// Cost of a forbidden pair in [`assignment`]'s minimisation: larger than any sum of real costs.
const FORBIDDEN: f64 = 1e12;

/// A minimum-cost perfect assignment of the k rows of `cost` (k × k, row-major) to its columns,
/// as `assigned[row] = column`, with its total cost; costs ≥ [`FORBIDDEN`] / 2 are forbidden
/// pairs, and `None` means every perfect assignment uses one. Kuhn's Hungarian algorithm in the
/// shortest-augmenting-path form with potentials (Jonker & Volgenant; Kuhn 1955).
///
/// Complexity: O(k³) time, O(k²) space (the matrix) plus O(k).
pub fn assignment(cost: &[f64], k: usize) -> Option<(Vec<usize>, f64)> {
    debug_assert_eq!(cost.len(), k * k, "a square matrix");
    if k == 0 {
        return Some((Vec::new(), 0.0));
    }
    // 1-based arrays as in the classic formulation: column 0 is the virtual start.
    let (mut u, mut v) = (vec![0.0; k + 1], vec![0.0; k + 1]);
    let mut matched = vec![0usize; k + 1]; // matched[col] = row (1-based), 0 = free
    let mut way = vec![0usize; k + 1];
    for row in 1..=k {
        matched[0] = row;
        let mut col0 = 0;
        let mut min = vec![f64::INFINITY; k + 1];
        let mut used = vec![false; k + 1];
        loop {
            used[col0] = true;
            let r = matched[col0];
            let (mut delta, mut next) = (f64::INFINITY, 0);
            for col in 1..=k {
                if !used[col] {
                    let reduced = cost[(r - 1) * k + col - 1] - u[r] - v[col];
                    if reduced < min[col] {
                        min[col] = reduced;
                        way[col] = col0;
                    }
                    if min[col] < delta {
                        delta = min[col];
                        next = col;
                    }
                }
            }
            for col in 0..=k {
                if used[col] {
                    u[matched[col]] += delta;
                    v[col] -= delta;
                } else {
                    min[col] -= delta;
                }
            }
            col0 = next;
            if matched[col0] == 0 {
                break;
            }
        }
        loop {
            let prev = way[col0];
            matched[col0] = matched[prev];
            col0 = prev;
            if col0 == 0 {
                break;
            }
        }
    }
    let mut assigned = vec![0; k];
    for col in 1..=k {
        assigned[matched[col] - 1] = col - 1;
    }
    let total: f64 = assigned.iter().enumerate().map(|(r, &c)| cost[r * k + c]).sum();
    (assigned.iter().enumerate().all(|(r, &c)| cost[r * k + c] < FORBIDDEN / 2.0)).then_some((assigned, total))
}

/// The best placement on `shape` among the cells `allowed` marks, by Σ `weight[cell]`; exact
/// (see the module doc). The deadline is read every 256 nodes.
pub fn best_placement(shape: Shape, allowed: &[bool], weight: &[f64], deadline: Option<Instant>) -> Priced {
    good_placement(shape, allowed, weight, deadline, None)
}

/// [`best_placement`] with the branch and bound cut after `budget` nodes (`None`: exact): the
/// best placement found by then, which may not be the best. A heuristic pricer: a cut search
/// answers [`Priced::None`] when it found none, which proves nothing.
pub fn good_placement(
    shape: Shape,
    allowed: &[bool],
    weight: &[f64],
    deadline: Option<Instant>,
    budget: Option<u64>,
) -> Priced {
    let n = shape.n();
    let options: Vec<Vec<usize>> =
        (0..n).map(|r| (0..n).map(|c| shape.cell(r, c)).filter(|&cell| allowed[cell]).collect()).collect();
    if options.iter().any(Vec::is_empty) {
        return Priced::None;
    }
    // Rows with the fewest allowed cells first: forced rows (givens) fix their column and box
    // before any branching.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&r| options[r].len());
    let mut search = Search {
        shape,
        options,
        order,
        weight,
        chosen: vec![usize::MAX; n],
        best: None,
        best_weight: f64::NEG_INFINITY,
        nodes: 0,
        budget: budget.unwrap_or(u64::MAX),
        deadline,
        out_of_time: false,
    };
    search.node(0, 0, 0, 0.0);
    match (search.out_of_time, search.best) {
        (true, _) => Priced::Limit,
        (false, Some(cells)) => Priced::Best { cells, weight: search.best_weight },
        (false, None) => Priced::None,
    }
}

/// The branch and bound of [`best_placement`].
struct Search<'a> {
    shape: Shape,
    /// Per row, its allowed cells.
    options: Vec<Vec<usize>>,
    /// The rows in branching order.
    order: Vec<usize>,
    weight: &'a [f64],
    /// Per row, the cell chosen on the current path.
    chosen: Vec<usize>,
    best: Option<Vec<usize>>,
    best_weight: f64,
    nodes: u64,
    /// Nodes after which the search stops (a heuristic pricer).
    budget: u64,
    deadline: Option<Instant>,
    out_of_time: bool,
}

impl Search<'_> {
    /// Explores the node whose first `depth` rows of `order` are chosen, with the columns `cols`
    /// and boxes `boxes` (bitsets) they use and their weight `sum`.
    fn node(&mut self, depth: usize, cols: u64, boxes: u64, sum: f64) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(256) && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.out_of_time = true;
        }
        if self.out_of_time || self.nodes > self.budget {
            return;
        }
        let n = self.shape.n();
        let rows = &self.order[depth..];
        let k = rows.len();
        if k == 0 {
            if sum > self.best_weight {
                self.best_weight = sum;
                self.best = Some(self.chosen.clone());
            }
            return;
        }
        let free: Vec<usize> = (0..n).filter(|&c| cols & 1 << c == 0).collect();
        let mut cost = vec![FORBIDDEN; k * k];
        for (i, &r) in rows.iter().enumerate() {
            for &cell in &self.options[r] {
                let c = self.shape.col_of(cell);
                if cols & 1 << c == 0 && boxes & 1 << self.shape.box_of(cell) == 0 {
                    let j = free.binary_search(&c).expect("a free column");
                    cost[i * k + j] = -self.weight[cell];
                }
            }
        }
        let Some((assigned, total)) = assignment(&cost, k) else { return };
        let bound = sum - total;
        // Ties are not improvements: a node that cannot beat the incumbent strictly is closed.
        if bound <= self.best_weight + 1e-12 {
            return;
        }
        let cells: Vec<usize> = assigned.iter().enumerate().map(|(i, &j)| self.shape.cell(rows[i], free[j])).collect();
        let box_mask = cells.iter().try_fold(boxes, |m, &cell| {
            let b = 1u64 << self.shape.box_of(cell);
            (m & b == 0).then_some(m | b)
        });
        if box_mask.is_some() {
            // The relaxation's optimum keeps to the boxes: the best completion of this node.
            for (i, &cell) in cells.iter().enumerate() {
                self.chosen[rows[i]] = cell;
            }
            self.best_weight = bound;
            self.best = Some(self.chosen.clone());
            return;
        }
        // Branch on the first row of the order: the relaxation's cell first, then by weight.
        let row = rows[0];
        let mut tries: Vec<usize> = self.options[row]
            .iter()
            .copied()
            .filter(|&cell| cols & 1 << self.shape.col_of(cell) == 0 && boxes & 1 << self.shape.box_of(cell) == 0)
            .collect();
        tries.sort_by(|&a, &b| (b == cells[0]).cmp(&(a == cells[0])).then(self.weight[b].total_cmp(&self.weight[a])));
        for cell in tries {
            self.chosen[row] = cell;
            let (c, b) = (self.shape.col_of(cell), self.shape.box_of(cell));
            self.node(depth + 1, cols | 1 << c, boxes | 1 << b, sum + self.weight[cell]);
            if self.out_of_time || self.nodes > self.budget {
                return;
            }
        }
    }
}

/// Every placement on `shape` among the `allowed` cells, each as its cells in row order: the
/// oracle the pricer is tested against.
///
/// Complexity: O(N · number of placements) time beyond the search, which can be N!-large: for
/// tests on small shapes or puzzles with givens.
pub fn placements(shape: Shape, allowed: &[bool]) -> Vec<Vec<usize>> {
    fn extend(
        shape: Shape,
        allowed: &[bool],
        row: usize,
        cols: u64,
        boxes: u64,
        path: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if row == shape.n() {
            out.push(path.clone());
            return;
        }
        for c in 0..shape.n() {
            let cell = shape.cell(row, c);
            let b = shape.box_of(cell);
            if allowed[cell] && cols & 1 << c == 0 && boxes & 1 << b == 0 {
                path.push(cell);
                extend(shape, allowed, row + 1, cols | 1 << c, boxes | 1 << b, path, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(shape, allowed, 0, 0, 0, &mut Vec::new(), &mut out);
    out
}
