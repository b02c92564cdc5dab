#!/usr/bin/env bash
# Regression check: the benchmark cases below run with the baseline build and the current build
# side by side on this machine, and the ratios printed (current ÷ baseline; below 1 is faster).
#
#   scripts/bench-compare.sh            compare with the commit in results/bench/baseline.commit
#   BASE=REV scripts/bench-compare.sh   compare with another revision
#   scripts/bench-compare.sh --record   re-measure the current commit alone and make it the
#                                       baseline (results/bench/baseline.md and .commit; commit them)
#
# The baseline is built once per revision in its own git worktree and target folder
# (target/bench-baseline/, outside the source tree's builds; the first build takes a few minutes).
# ROUNDS alternating rounds (default 5; the order of the two builds swaps every round), one `bench
# --csv` process per build, case and round, pinned to core 1 with taskset where there is one.
# The table gives, per case and solver, the medians over the rounds of each process's mean and
# median µs/puzzle and their ratios, and the guesses per puzzle of both (a change there means the
# search itself changed, not just its speed). Progress on stderr, Markdown on stdout. Wall-clock
# ratios on a shared machine drift by several per cent between runs: trust what repeats.
source "$(dirname "$0")/bench-common.sh"
ROUNDS=${ROUNDS:-5}
RECORD=0
[[ "${1:-}" == --record ]] && RECORD=1

# One case a line: name | puzzle file | bench arguments.
"$B" generate --box 5x5 --alpha 0.4 --mode planted --seed 1 --count 10 > "$T/25x25-planted-0.4.txt" 2> /dev/null
CASES="9x9-17clue|$DATA/9x9-17clue.txt|--solver backtrack --solver dlx
9x9-top95|$DATA/9x9-top95.txt|--solver backtrack --solver dlx
9x9-hardest11|$DATA/9x9-hardest11.txt|--solver backtrack --solver dlx
16x16-gecode|$DATA/16x16-gecode.txt|--solver backtrack --solver dlx --solver sat --time-limit 60
25x25-sample|$DATA/25x25-sample.txt|--solver backtrack --solver dlx --solver sat --time-limit 60
25x25-planted-0.4|$T/25x25-planted-0.4.txt|--solver backtrack --solver sat --time-limit 5"

cargo build --release --quiet
CURRENT=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src Cargo.toml Cargo.lock || echo "+changes")
builds=("current|$B")
if ((RECORD == 0)); then
  BASE=${BASE:-$(cat results/bench/baseline.commit)}
  BASE=$(git rev-parse --short "$BASE")
  wt=target/bench-baseline/src-$BASE
  if [[ ! -x target/bench-baseline/sudoku-lab-$BASE ]]; then
    echo "bench-compare: building baseline $BASE in $wt" >&2
    [[ -d $wt ]] || git worktree add --detach "$wt" "$BASE" > /dev/null
    (cd "$wt" && CARGO_TARGET_DIR=../target cargo build --release --quiet)
    cp target/bench-baseline/target/release/sudoku-lab "target/bench-baseline/sudoku-lab-$BASE"
    git worktree remove --force "$wt"
  fi
  builds=("baseline|target/bench-baseline/sudoku-lab-$BASE" "current|$B")
fi

for r in $(seq "$ROUNDS"); do
  order=("${builds[@]}")
  ((r % 2 == 0 && ${#builds[@]} == 2)) && order=("${builds[1]}" "${builds[0]}")
  while IFS='|' read -r name file args; do
    for build in "${order[@]}"; do
      echo "bench-compare: round $r of $ROUNDS, $name, ${build%%|*}" >&2
      # shellcheck disable=SC2086 # the arguments are words
      # SUDOKU_LAB: the binary the workers (sat) start is the one under test.
      SUDOKU_LAB="$PWD/${build#*|}" "${pin[@]}" "${build#*|}" bench "$file" $args --csv 2> /dev/null \
        | sed "1d; s/^/${build%%|*},$name,$r,/" >> "$T/rows.csv"
    done
  done <<< "$CASES"
done

python3 - "$T/rows.csv" "$ROUNDS" "$RECORD" "$CURRENT" "${BASE:-}" <<'PY'
import csv, statistics, sys, datetime, platform
path, rounds, record, current, base = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4], sys.argv[5]
# build, case, round, then bench --csv: solver, puzzles, solved, infeasible, limit, total_s, us_mean, us_median, guesses_per_puzzle, …
by = {}
for r in csv.reader(open(path)):
    key = (r[0], r[1], r[3])
    by.setdefault(key, []).append((float(r[9]), float(r[10]), r[11], int(r[5]), int(r[4])))
med = lambda xs, i: statistics.median(x[i] for x in xs)
def guesses(xs):
    return f"{float(xs[0][2]):.2f}" if xs[0][2] else "—"
keys = list(dict.fromkeys((k[1], k[2]) for k in by))
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.processor())
if record:
    print(f"Baseline of commit {current}, measured {datetime.date.today()} on {cpu} with "
          f"`scripts/bench-compare.sh --record`: medians over {rounds} rounds of each `bench` process's "
          "mean and median µs/puzzle, one core (taskset).\n")
    print("| case | solver | puzzles | solved (every round) | µs/puzzle mean | µs/puzzle median | guesses/puzzle |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for case, solver in keys:
        xs = by[("current", case, solver)]
        print(f"| {case} | {solver} | {xs[0][4]} | {min(x[3] for x in xs)} | {med(xs, 0):.2f} | {med(xs, 1):.2f} | {guesses(xs)} |")
    sys.exit()
print(f"Current build ({current}) against the baseline ({base}), side by side on {cpu}: medians over "
      f"{rounds} alternating rounds; ratio = current ÷ baseline (below 1 is faster).\n")
print("| case | solver | solved base/cur | mean µs base | mean µs cur | × mean | median µs base | median µs cur | × median | guesses/puzzle base → cur |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for case, solver in keys:
    b, c = by.get(("baseline", case, solver)), by.get(("current", case, solver))
    if not b or not c:
        continue
    bm, cm, bmed, cmed = med(b, 0), med(c, 0), med(b, 1), med(c, 1)
    g = f"{guesses(b)} → {guesses(c)}"
    solved = f"{min(x[3] for x in b)}/{min(x[3] for x in c)}"
    print(f"| {case} | {solver} | {solved} | {bm:.2f} | {cm:.2f} | {cm / bm:.2f} | {bmed:.2f} | {cmed:.2f} | {cmed / bmed:.2f} | {g} |")
PY
