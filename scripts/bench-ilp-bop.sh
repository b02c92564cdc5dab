#!/usr/bin/env bash
# 9×9 against the origin study's ILP (issue: ILP deep-dive): OR-tools BOP on the notebook's edge
# model (scripts/bop-baseline.py) and our clique model on HiGHS, default and two variants, on the
# same 10 planted 9×9 puzzles at α = 0.4, alternating three rounds on one core (the VM's speed
# drifts, so only ratios within a round are compared). Times include model building on both
# sides. Needs `pip install ortools`. Prints Markdown to stdout; about a minute.
source "$(dirname "$0")/bench-common.sh"
"$B" generate --size 9 --alpha 0.4 --mode planted --seed 7 --count 10 > "$T/p9.txt" 2>/dev/null
median_ms() { "$B" bench "$T/p9.txt" --solver ilp-clique --csv "$@" 2>/dev/null | awk -F, 'NR == 2 { printf "%.2f", $8 / 1000 }'; }
echo "| round | BOP median ms | ilp-clique | ratio | + presolve off | ratio | + presolve off, no feasibility jump | ratio |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|"
for round in 1 2 3; do
  bop=$(python3 scripts/bop-baseline.py "$T/p9.txt" | awk '/^median/ { print $2 }')
  a=$(median_ms)
  b=$(median_ms --presolve off)
  c=$(median_ms --presolve off --highs-option mip_heuristic_run_feasibility_jump=false)
  ratio() { awk -v x="$bop" -v y="$1" 'BEGIN { printf "%.1f×", x / y }'; }
  echo "| $round | $bop | $a | $(ratio "$a") | $b | $(ratio "$b") | $c | $(ratio "$c") |"
done
