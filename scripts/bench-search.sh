#!/usr/bin/env bash
# The search-solver tables of results/bench/README.md (issue: search solvers): `backtrack` and
# `dlx` side by side in one `bench` process on one core, on the public 9×9 sets, 16×16 and 25×25,
# and planted 25×25 at the hard phase. Writes Markdown to stdout; progress to stderr. Needs
# ../shared/data for the full 17-clue set. About 6 minutes on the 2-core development machine
# (the planted 25×25 blocks dominate: 60 puzzles × 2 solvers × up to 5 s).
source "$(dirname "$0")/bench-common.sh"

section "9×9, all 17-clue puzzles: \`bench $DATA/9x9-17clue.txt --solver backtrack --solver dlx\`"
"$B" bench "$DATA/9x9-17clue.txt" --solver backtrack --solver dlx
section "9×9 top95 and hardest11: \`--solver backtrack --solver dlx --solver backtrack-naive --time-limit 60\`"
for f in 9x9-top95 9x9-hardest11; do
  printf '\n### %s\n\n' "$f"
  "$B" bench "$DATA/$f.txt" --solver backtrack --solver dlx --solver backtrack-naive --time-limit 60
done
section "16×16 gecode (55) and the 25×25 sample: \`--solver backtrack --solver dlx --solver sat --time-limit 60\`"
for f in 16x16-gecode 25x25-sample; do
  printf '\n### %s\n\n' "$f"
  "$B" bench "$DATA/$f.txt" --solver backtrack --solver dlx --solver sat --time-limit 60
done
section "Planted 25×25, 20 per α: \`generate --box 5x5 --alpha A --mode planted --seed 1 --count 20\`, then \`bench --solver backtrack --solver dlx --solver sat --time-limit 5\`"
for a in 0.4 0.45 0.5; do
  printf '\n### α = %s\n\n' "$a"
  "$B" generate --box 5x5 --alpha "$a" --mode planted --seed 1 --count 20 > "$T/p25.txt" 2>/dev/null
  "$B" bench "$T/p25.txt" --solver backtrack --solver dlx --solver sat --time-limit 5
done
section "analyze on the tool's own hard 25×25 puzzles: \`puzzle --size 25 --difficulty hard --seed S -q | analyze -\` (wall seconds by GNU time)"
for s in 1 2 3; do
  "$B" puzzle --size 25 --difficulty hard --seed "$s" -q > "$T/h25.txt" 2>/dev/null
  /usr/bin/time -f "seed $s: %e s" "$B" analyze "$T/h25.txt" 2>&1 >/dev/null | tail -1
done
