#!/usr/bin/env bash
# `backtrack` and `dlx` against the `sudoku` crate (a JCZSolve port, the fastest public Rust 9×9
# solver) on the public 9×9 sets, in one run: ROUNDS alternating rounds (default 5) of one
# `sudoku-lab bench` process and one scripts/sudoku-crate-baseline process per set, both pinned to
# the same core, each timing the first solution per puzzle with parsing outside the timed loop.
#
# Each set is timed two ways:
# - **as shipped**: the file as it is, solved PASSES times in order (default 5; `bench --passes`),
#   a puzzle's time the median of its passes. (With one pass, hardest11's median, the 6th of 11
#   single solves, swung from 1.01× to 1.57× the crate between runs of one binary.)
# - **isomorphs**: about ISOMORPHS puzzles (default 100,000) made of random isomorphs of the set's
#   puzzles (`sudoku-lab isomorphs --seed SEED`, default 1: relabelled, rows, columns, bands and
#   stacks permuted, transposed half of the time), each solved once — the protocol of tdoku's
#   benchmark, which permutes every puzzle so that no solver gains from the orientation the set
#   happens to be written in. Both programs read the same file.
#
# Prints a Markdown table of the medians over the rounds of each process's mean and median
# µs/puzzle, and each solver's ratio to the crate. Builds the baseline on first use (it fetches
# the AGPL-3.0 `sudoku` crate into its own package; nothing of it enters sudoku-lab's build).
source "$(dirname "$0")/bench-common.sh"
ROUNDS=${ROUNDS:-5}
PASSES=${PASSES:-5}
ISOMORPHS=${ISOMORPHS:-100000}
SEED=${SEED:-1}
BASE=scripts/sudoku-crate-baseline
(cd "$BASE" && cargo build --release --locked --quiet)
for f in 9x9-17clue 9x9-top95 9x9-hardest11; do
  isomorphs_of "$f"
  for r in $(seq "$ROUNDS"); do
    echo "bench-sudoku-crate: $f round $r of $ROUNDS" >&2
    for way in shipped isomorphs; do
      if [ $way = shipped ]; then file=$DATA/$f.txt passes=$PASSES; else file=$T/$f.iso.txt passes=1; fi
      "${pin[@]}" "$B" bench "$file" --solver backtrack --solver dlx --passes "$passes" --csv 2>/dev/null \
        | sed "1d; s/^/$f ($way),$r,/" >> "$T/rows.csv"
      "${pin[@]}" "$BASE/target/release/sudoku-crate-baseline" "$file" "$passes" \
        | sed "1d; s/^/$f ($way),$r,/" >> "$T/rows.csv"
    done
  done
done
python3 - "$T/rows.csv" "$ROUNDS" "$PASSES" "$ISOMORPHS" "$SEED" <<'PY'
import csv, statistics, sys
rows = list(csv.reader(open(sys.argv[1])))
# set, round, then bench --csv's columns: solver, puzzles, solved, infeasible, limit, total_s, us_mean, us_median, …
by = {}
for r in rows:
    s, solver, puzzles, solved = r[0], r[2], int(r[3]), int(r[4])
    mean, median = float(r[8]), float(r[9])
    by.setdefault((s, solver), []).append((mean, median, puzzles, solved))
print(f"Medians over {sys.argv[2]} alternating rounds (one process per solver, set, way and round). As shipped: {sys.argv[3]} passes over the file, a puzzle's time the median of its passes; isomorphs: {sys.argv[4]} random isomorphs of the set's puzzles (seed {sys.argv[5]}), one pass.\n")
print("| set | solver | puzzles | solved (every round) | µs/puzzle mean | µs/puzzle median | × crate (mean) | × crate (median) |")
print("|---|---|---:|---:|---:|---:|---:|---:|")
for s in dict.fromkeys(k[0] for k in by):
    crate = by[(s, "sudoku-crate")]
    cm, cmed = statistics.median(x[0] for x in crate), statistics.median(x[1] for x in crate)
    for solver in ("sudoku-crate", "backtrack", "dlx"):
        xs = by[(s, solver)]
        m, med = statistics.median(x[0] for x in xs), statistics.median(x[1] for x in xs)
        solved = min(x[3] for x in xs)
        print(f"| {s} | {solver} | {xs[0][2]} | {solved} | {m:.2f} | {med:.2f} | {m / cm:.2f} | {med / cmed:.2f} |")
PY
