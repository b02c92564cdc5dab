#!/usr/bin/env bash
# The cost of certified verdicts (issue 40), the table of results/bench/certify.md and docs/certified-verdicts.md:
# on random fills without a solution (the origin study's fill), each solver's own time beside
# CaDiCaL on the puzzle's reference CNF without and with DRAT proof logging, and the checker
# `rate` judging the proof — medians per puzzle, measured side by side in one `bench --certify`
# process per block. The solvers themselves never log proofs: certification is a run of its own
# after theirs, so it cannot change the verdict a run reaches in its limit. Writes Markdown to
# stdout, progress to stderr; about 10 minutes on the 2-core development machine.
source "$(dirname "$0")/bench-common.sh"

# seed004's grid: its infeasible instances are the random fills at α = 0.4 and 0.6 (3×3 … 6×6
# boxes); here 10 fills a size at α = 0.6, seed 4, with seed004's solvers that prove infeasibility.
section "The seed004 grid's random fills at α = 0.6: \`generate --box B --alpha 0.6 --mode random --seed 4 --count 10\`, then \`bench --solver sat --solver backtrack --solver ilp-clique --certify --time-limit 60\`"
for b in 3x3 4x4 5x5 6x6; do
  printf '\n### %s boxes\n\n' "$b"
  "$B" generate --box "$b" --alpha 0.6 --mode random --seed 4 --count 10 > "$T/r.txt" 2>/dev/null
  "$B" bench "$T/r.txt" --solver sat --solver backtrack --solver ilp-clique --certify --time-limit 60
done
section "Random fills of 25×25 and 36×36 at α = 0.65 and 0.7: \`generate --box B --alpha A --mode random --seed 40 --count 10\`, then \`bench --solver sat --solver backtrack --certify --time-limit 60\`"
for b in 5x5 6x6; do
  for a in 0.65 0.7; do
    printf '\n### %s boxes, α = %s\n\n' "$b" "$a"
    "$B" generate --box "$b" --alpha "$a" --mode random --seed 40 --count 10 > "$T/r.txt" 2>/dev/null
    "$B" bench "$T/r.txt" --solver sat --solver backtrack --certify --time-limit 60
  done
done
