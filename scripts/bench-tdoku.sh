#!/usr/bin/env bash
# `backtrack` against tdoku (Tom Dillon's SIMD triad solver, the fastest public 9×9 solver; BSD-2)
# on the public 9×9 sets, in one run: ROUNDS alternating rounds (default 3) of one `sudoku-lab
# bench` process and one tdoku process per set, way and solution limit, both pinned to the same
# core, each timing every puzzle with parsing outside the timed loop and checking its answers.
#
# tdoku is a peer for benchmarks only: its sources stay in TDOKU (default ../shared/peers/tdoku,
# with its licence); scripts/tdoku-baseline/driver.cc (ours) calls its C API and is compiled with
# them by g++ with upstream's flags (-O3 -march=native) into scripts/tdoku-baseline/build/, outside
# sudoku-lab's build. Nothing of tdoku enters sudoku-lab.
#
# Each set is timed two ways (as scripts/bench-sudoku-crate.sh does):
# - **as shipped**: the file as it is, solved PASSES times in order (default 5), a puzzle's time
#   the median of its passes;
# - **isomorphs**: about ISOMORPHS puzzles (default 100,000) made of random isomorphs of the set's
#   puzzles (`sudoku-lab isomorphs --seed SEED`, default 1), each solved once — tdoku's protocol.
# and with two solution limits (`bench --solutions K`, tdoku's `limit`): 1, the first solution,
# and 2, proving uniqueness (the whole tree searched).
#
# Prints a Markdown table of the medians over the rounds of each process's mean and median
# µs/puzzle, guesses per puzzle as each solver counts them, and backtrack's ratio to tdoku.
source "$(dirname "$0")/bench-common.sh"
ROUNDS=${ROUNDS:-3}
PASSES=${PASSES:-5}
ISOMORPHS=${ISOMORPHS:-100000}
SEED=${SEED:-1}
SETS=${SETS:-9x9-17clue 9x9-top95 9x9-hardest11}
TDOKU=${TDOKU:-../shared/peers/tdoku}
BASE=scripts/tdoku-baseline
if [ ! -f "$TDOKU/src/solver_dpll_triad_simd.cc" ]; then
  echo "bench-tdoku: no tdoku sources in $TDOKU (set TDOKU=folder with src/ and include/)" >&2
  exit 2
fi
if ! command -v g++ > /dev/null; then
  echo "bench-tdoku: g++ is missing: apt-get install -y g++" >&2
  exit 2
fi
mkdir -p "$BASE/build"
TD=$BASE/build/tdoku-driver
if [ ! -x "$TD" ] || [ "$BASE/driver.cc" -nt "$TD" ]; then
  echo "bench-tdoku: building tdoku with g++ -O3 -march=native" >&2
  g++ -O3 -march=native -std=c++17 -DNDEBUG -I"$TDOKU/include" "$BASE/driver.cc" \
    "$TDOKU/src/solver_dpll_triad_simd.cc" "$TDOKU/src/util.cc" -o "$TD"
fi
for f in $SETS; do
  isomorphs_of "$f"
  for r in $(seq "$ROUNDS"); do
    echo "bench-tdoku: $f round $r of $ROUNDS" >&2
    for k in 1 2; do
      for way in shipped isomorphs; do
        if [ $way = shipped ]; then file=$DATA/$f.txt passes=$PASSES; else file=$T/$f.iso.txt passes=1; fi
        "${pin[@]}" "$B" bench "$file" --solver backtrack --solutions "$k" --passes "$passes" --csv 2>/dev/null \
          | sed "1d; s/^/$f ($way),$k,$r,/" >> "$T/rows.csv"
        "${pin[@]}" "$TD" "$file" "$passes" "$k" | sed "1d; s/^/$f ($way),$k,$r,/" >> "$T/rows.csv"
      done
    done
  done
done
python3 - "$T/rows.csv" "$ROUNDS" "$PASSES" "$ISOMORPHS" "$SEED" <<'PY'
import csv, statistics, sys
rows = list(csv.reader(open(sys.argv[1])))
# set, K, round, then bench --csv's columns: solver, puzzles, solved, infeasible, limit, total_s,
# us_mean, us_median, guesses_per_puzzle, no_guess_pct, memory, solutions, multiple
by = {}
for r in rows:
    s, k, solver, puzzles, solved = r[0], int(r[1]), r[3], int(r[4]), int(r[5])
    mean, median, guesses = float(r[9]), float(r[10]), float(r[11] or "nan")
    multiple = int(r[15]) if r[15] else 0
    by.setdefault((s, k, solver), []).append((mean, median, puzzles, solved, guesses, multiple))
print(f"Medians over {sys.argv[2]} alternating rounds (one process per solver, set, way, solution limit and round, pinned to one core). As shipped: {sys.argv[3]} passes over the file, a puzzle's time the median of its passes; isomorphs: {sys.argv[4]} random isomorphs of the set's puzzles (seed {sys.argv[5]}), one pass. Solutions 1: first solution; 2: proving uniqueness. Guesses as each solver counts them (tdoku: decisions; backtrack: options tried at branch points).\n")
print("| set | solutions | solver | puzzles | solved (every round) | µs/puzzle mean | µs/puzzle median | guesses/puzzle | × tdoku (mean) | × tdoku (median) |")
print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|")
for (s, k) in dict.fromkeys((key[0], key[1]) for key in by):
    t = by[(s, k, "tdoku")]
    tm, tmed = statistics.median(x[0] for x in t), statistics.median(x[1] for x in t)
    for solver in ("tdoku", "backtrack"):
        xs = by[(s, k, solver)]
        m, med = statistics.median(x[0] for x in xs), statistics.median(x[1] for x in xs)
        solved = min(x[3] for x in xs)
        g = statistics.median(x[4] for x in xs)
        print(f"| {s} | {k} | {solver} | {xs[0][2]} | {solved} | {m:.2f} | {med:.2f} | {g:.2f} | {m / tm:.2f} | {med / tmed:.2f} |")
PY
