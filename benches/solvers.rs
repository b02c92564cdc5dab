//! Criterion benchmarks per solver × size, side by side in one run: the speed targets live here
//! (and in `sudoku-lab bench`), never in timed unit tests. Puzzle sets come from `tests/data/`
//! (samples of `../shared/data/`) and from the planted generator with fixed seeds.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sudoku_lab::format::read_puzzles;
use sudoku_lab::generate::{planted, rng_from_seed};
use sudoku_lab::grid::{Grid, Shape};
use sudoku_lab::solve::{Limits, Outcome, SolverKind, SolverOptions};

fn corpus(name: &str, take: usize) -> Vec<Grid> {
    let path = format!("{}/tests/data/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    read_puzzles(&path, None, None).expect("corpus sample parses").into_iter().take(take).map(|e| e.puzzle).collect()
}

fn planted_set(n: usize, alpha: f64, count: u64) -> Vec<Grid> {
    let shape = Shape::for_size(n).expect("square sizes");
    (0..count).map(|s| planted(shape, alpha, &mut rng_from_seed(s)).puzzle).collect()
}

/// Solves every puzzle of `set` once per iteration; panics on anything but `Solved`.
fn bench_set(c: &mut Criterion, group: &str, kinds: &[SolverKind], set: &[Grid]) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(set.len() as u64));
    g.sample_size(10);
    for &kind in kinds {
        let mut solver = kind.build(&SolverOptions::default());
        let limits = Limits::seconds(60.0);
        g.bench_function(BenchmarkId::from_parameter(kind.name()), |b| {
            b.iter(|| {
                for p in set {
                    let report = solver.solve(p, &limits).expect("no backend failure");
                    assert!(matches!(report.outcome, Outcome::Solved(_)), "{kind} did not solve");
                }
            })
        });
    }
    g.finish();
}

fn solvers(c: &mut Criterion) {
    use SolverKind::*;
    bench_set(c, "9x9-17clue-200", &[Backtrack], &corpus("9x9-17clue-200", 200));
    bench_set(c, "9x9-top95", &[Backtrack], &corpus("9x9-top95", 95));
    bench_set(c, "9x9-hardest11", &[Backtrack, BacktrackNaive], &corpus("9x9-hardest11", 11));
    bench_set(c, "9x9-17clue-5", &[Backtrack, IlpClique, IlpEdge], &corpus("9x9-17clue-200", 5));
    bench_set(c, "16x16-planted-0.4", &[Backtrack, IlpClique], &planted_set(16, 0.4, 5));
    bench_set(c, "25x25-planted-0.4", &[Backtrack, IlpClique], &planted_set(25, 0.4, 3));
}

criterion_group!(benches, solvers);
criterion_main!(benches);
