//! Symmetries of a puzzle's pattern of givens.
//!
//! A symmetry maps cells to cells; a puzzle has it when a cell is given exactly when its image is
//! (the digits may differ). Published puzzles are usually 180° rotationally symmetric, which the
//! generator's `--symmetric` mode keeps.

use serde::Serialize;

use crate::grid::Grid;

/// A symmetry of the N×N square of cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// Half-turn: (r, c) ↔ (N−1−r, N−1−c).
    Rotational180,
    /// Quarter-turn: (r, c) → (c, N−1−r).
    Rotational90,
    /// Reflection in the horizontal axis: (r, c) ↔ (N−1−r, c).
    MirrorHorizontal,
    /// Reflection in the vertical axis: (r, c) ↔ (r, N−1−c).
    MirrorVertical,
    /// Reflection in the main diagonal: (r, c) ↔ (c, r).
    Diagonal,
    /// Reflection in the anti-diagonal: (r, c) ↔ (N−1−c, N−1−r).
    AntiDiagonal,
}

impl Symmetry {
    /// Every symmetry checked by [`symmetries`].
    pub const ALL: [Symmetry; 6] = [
        Symmetry::Rotational180,
        Symmetry::Rotational90,
        Symmetry::MirrorHorizontal,
        Symmetry::MirrorVertical,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
    ];

    /// The kebab-case name, as in JSON and the human output.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Rotational180 => "rotational-180",
            Symmetry::Rotational90 => "rotational-90",
            Symmetry::MirrorHorizontal => "mirror-horizontal",
            Symmetry::MirrorVertical => "mirror-vertical",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
        }
    }

    /// The image of `cell` in an N×N grid.
    pub fn image(self, n: usize, cell: usize) -> usize {
        let (r, c) = (cell / n, cell % n);
        let (r2, c2) = match self {
            Symmetry::Rotational180 => (n - 1 - r, n - 1 - c),
            Symmetry::Rotational90 => (c, n - 1 - r),
            Symmetry::MirrorHorizontal => (n - 1 - r, c),
            Symmetry::MirrorVertical => (r, n - 1 - c),
            Symmetry::Diagonal => (c, r),
            Symmetry::AntiDiagonal => (n - 1 - c, n - 1 - r),
        };
        r2 * n + c2
    }
}

/// The symmetries under which `puzzle`'s pattern of givens is invariant. Complexity: O(N²) each.
pub fn symmetries(puzzle: &Grid) -> Vec<Symmetry> {
    let n = puzzle.n();
    let given = |cell: usize| puzzle.get(cell) != 0;
    Symmetry::ALL.into_iter().filter(|s| (0..n * n).all(|cell| given(cell) == given(s.image(n, cell)))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    #[test]
    fn each_symmetry_is_a_permutation_and_the_reflections_are_involutions() {
        for n in [4, 6, 9] {
            for s in Symmetry::ALL {
                let mut hit = vec![false; n * n];
                for cell in 0..n * n {
                    hit[s.image(n, cell)] = true;
                    if s != Symmetry::Rotational90 {
                        assert_eq!(s.image(n, s.image(n, cell)), cell, "{s:?} on {n}×{n}");
                    }
                }
                assert!(hit.into_iter().all(|h| h), "{s:?} on {n}×{n}");
            }
        }
    }

    #[test]
    fn corner_patterns_have_exactly_the_symmetries_that_fix_them() {
        let shape = Shape::new(2, 2).unwrap();
        let mut g = Grid::empty(shape);
        assert_eq!(symmetries(&g).len(), 6, "the empty pattern has every symmetry");
        g.set(0, 1);
        assert_eq!(symmetries(&g), vec![Symmetry::Diagonal]);
        g.set(15, 2);
        assert_eq!(symmetries(&g), vec![Symmetry::Rotational180, Symmetry::Diagonal, Symmetry::AntiDiagonal]);
        g.set(3, 3); // r1c4 lies on the anti-diagonal, off the main one
        assert_eq!(symmetries(&g), vec![Symmetry::AntiDiagonal]);
    }
}
