#!/usr/bin/env bash
# The hardness-peak benchmark tables of results/bench/README.md (issue 18): the CDCL line-up
# (`sat` = CaDiCaL, `kissat`), `backtrack` and the `portfolio` racing them, side by side in one
# `bench` process per block, on planted instances at the peak α of 25×25 and near the peak of
# 36×36; then the same puzzles with logic preprocessing before encoding (`--preprocess` applies to
# every SAT solver of a `bench` process, so the preprocessed line-up is a second process on the same
# puzzles, run straight after). Times include the encoding; the portfolio's include starting its
# workers. Writes Markdown to stdout; progress to stderr. A few minutes on the 2-core machine.
source "$(dirname "$0")/bench-common.sh"
export SUDOKU_LAB="$B"   # the portfolio's members run this binary

block() { # TITLE BOX ALPHA COUNT LIMIT SOLVERS...
  local title=$1 box=$2 alpha=$3 count=$4 limit=$5
  shift 5
  local flags=()
  for s in "$@"; do flags+=(--solver "$s"); done
  section "$title: \`generate --box $box --alpha $alpha --mode planted --seed 18 --count $count\`, then \`bench ${flags[*]} --time-limit $limit\`"
  "$B" generate --box "$box" --alpha "$alpha" --mode planted --seed 18 --count "$count" > "$T/p.txt" 2>/dev/null
  "$B" bench "$T/p.txt" "${flags[@]}" --time-limit "$limit"
  printf '\nThe same puzzles, SAT solvers after logic preprocessing (`--preprocess`, a second process):\n\n'
  "$B" bench "$T/p.txt" --solver sat --solver kissat --preprocess --time-limit "$limit"
}

block "Planted 25×25 at its peak α = 0.45, 20 puzzles" 5x5 0.45 20 60 backtrack sat kissat portfolio
block "Planted 36×36 at α = 0.45, 5 puzzles" 6x6 0.45 5 120 sat kissat portfolio
