#!/usr/bin/env bash
# The SAT benchmark tables of results/bench/README.md (issue: sat resolves the hard phase): each
# block runs the solvers side by side in one `bench` process on one core, times include the
# encoding. Writes Markdown to stdout; progress to stderr. Needs ../shared/data for the corpora.
# About 10 minutes on the 2-core development machine (the 49×49 block dominates).
source "$(dirname "$0")/bench-common.sh"

section "9×9, all 17-clue puzzles: \`bench $DATA/9x9-17clue.txt --solver backtrack --solver sat\`"
"$B" bench "$DATA/9x9-17clue.txt" --solver backtrack --solver sat
section "9×9 top95 and hardest11: \`--solver backtrack --solver sat --solver sat-minimal --solver ilp-clique --time-limit 60\`"
for f in 9x9-top95 9x9-hardest11; do
  printf '\n### %s\n\n' "$f"
  "$B" bench "$DATA/$f.txt" --solver backtrack --solver sat --solver sat-minimal --solver ilp-clique --time-limit 60
done
section "16×16 gecode (55) and the 25×25 sample: \`--solver backtrack --solver ilp-clique --solver sat --solver sat-minimal --time-limit 60\`"
for f in 16x16-gecode 16x16-sample 25x25-sample; do
  printf '\n### %s\n\n' "$f"
  "$B" bench "$DATA/$f.txt" --solver backtrack --solver ilp-clique --solver sat --solver sat-minimal --time-limit 60
done
section "Planted 25×25, 5 per α: \`generate --box 5x5 --alpha A --mode planted --seed 21 --count 5\`, then \`bench --solver sat --solver backtrack --solver ilp-clique --time-limit 10\`"
for a in 0.3 0.4 0.5; do
  printf '\n### α = %s\n\n' "$a"
  "$B" generate --box 5x5 --alpha "$a" --mode planted --seed 21 --count 5 > "$T/p25.txt" 2>/dev/null
  "$B" bench "$T/p25.txt" --solver sat --solver backtrack --solver ilp-clique --time-limit 10
done
section "Planted 36×36, 3 per α: \`generate --box 6x6 --alpha A --mode planted --seed 21 --count 3\`, then \`bench --solver sat --time-limit 60\`"
for a in 0.2 0.3 0.4 0.45; do
  printf '\n### α = %s\n\n' "$a"
  "$B" generate --box 6x6 --alpha "$a" --mode planted --seed 21 --count 3 > "$T/p36.txt" 2>/dev/null
  "$B" bench "$T/p36.txt" --solver sat --time-limit 60
done
section "Planted 49×49, 2 per α: \`generate --box 7x7 --alpha A --mode planted --seed 21 --count 2\`, then \`solve --solver sat --time-limit 60\` (peak RSS by GNU time)"
for a in 0 0.3 0.5; do
  printf '\n### α = %s\n\n' "$a"
  "$B" generate --box 7x7 --alpha "$a" --mode planted --seed 21 --count 2 > "$T/p49.txt" 2>/dev/null
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%M' -o "$T/rss" "$B" solve "$T/p49.txt" --solver sat --time-limit 60 --stats "$T/s49.csv" > /dev/null 2>&1 || true
  else
    echo 0 > "$T/rss"   # GNU time (Debian package `time`) is not installed: no RSS figure
    "$B" solve "$T/p49.txt" --solver sat --time-limit 60 --stats "$T/s49.csv" > /dev/null 2>&1 || true
  fi
  printf '| puzzle | outcome | encoding s | search s | variables | clauses | conflicts |\n|---:|---|---:|---:|---:|---:|---:|\n'
  tail -n +2 "$T/s49.csv" | awk -F, '{printf "| %d | %s | %.2f | %.2f | %s | %s | %s |\n", $1 + 1, $3, $5, $4, $9, $10, $13}'
  printf '\nPeak RSS of the process (2 solves): %s MiB\n' "$(( $(cat "$T/rss") / 1024 ))"
done
